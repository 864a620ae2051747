//! Sliding-tile puzzles (the 8-puzzle, the 15-puzzle, the 24-puzzle and
//! every shape of 2 to 25 cells) as [`frontier`] search problems: boards of
//! up to 16 cells packed into a `u64` (larger ones into a `u128`),
//! strict parsing with typed errors, solvability, ranking, admissible
//! heuristics updated incrementally move by move, and the whole 8-puzzle
//! solved in advance. Describe a board once, then solve it with any of
//! frontier's algorithms and check the answer with
//! [`Board::verify_solution`].
//!
//! # Quick start
//!
//! Solving POJ 1077's sample, `2 3 4 1 5 x 7 6 8`, with IDA* and the
//! linear-conflict heuristic:
//!
//! ```
//! use sliding_puzzle::{Eight, LinearConflict, Puzzle, format_moves};
//!
//! let board: Eight = "2 3 4 1 5 x 7 6 8".parse()?;
//! assert!(board.is_solvable());
//! let result = frontier::idastar(&Puzzle::new(board, LinearConflict));
//! let solution = result.solution().expect("solvable boards are solved");
//! board.verify_solution(&solution.actions)?;
//! assert_eq!(solution.len(), 19); // optimal
//! println!("{} ({} nodes)", format_moves(&solution.actions), result.stats.generated);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The same problem runs under [`frontier::bfs`],
//! [`frontier::bidirectional_bfs`], [`frontier::astar`] and their searchers
//! (dense tables too: a board ranks by its Lehmer code); [`EightTable`] answers any 3x3 board without searching, and
//! [`AnyBoard`] reads a 3x3 or 4x4 board whose size is known only at run
//! time.
//!
//! # What is in the crate
//!
//! - [`Board`] (with [`Eight`] and [`Fifteen`]), [`Move`]: the state and the
//!   moves, named by the direction the **blank** moves (`u d l r`, as in
//!   POJ 1077). The goal has the blank last.
//! - Parsing (`FromStr`: whitespace-separated tiles, `x` or `0` for the
//!   blank, or `23415x768` for 3x3) and printing (`Display` draws the grid,
//!   [`Board::to_line`] the one-line form), with [`ParseError`] and
//!   [`MoveError`]; errors keep a bad token as a bounded [`TokenExcerpt`].
//! - [`instances`]: files of boards with their ids and optimal lengths
//!   (`id length t0 .. tN`), with [`InstanceError`], Korf's 100
//!   15-puzzles built in ([`instances::korf100`]) and Korf & Felner's
//!   fifty 24-puzzles ([`instances::korf50`]).
//! - [`LargeBoard`] (with [`Twentyfour`]): the same [`Board`] packed five
//!   bits a cell in a `u128` ([`Packing`]), for any shape of up to 25
//!   cells, with the same parsing, printing, moves, solvability, random
//!   boards and heuristics ([`LargeHeuristic`] is [`Heuristic`] on it);
//!   [`LargePuzzle`] and
//!   [`LargeState`] name the one [`Puzzle`] and [`PuzzleState`] on it,
//!   with the same capabilities but ranking;
//!   [`heuristic::pdb::large`] holds its pattern databases (the
//!   24-puzzle's 6-6-6-6).
//! - [`Board::is_solvable`], [`Board::rank`] / [`Board::unrank`],
//!   [`Board::random_solvable`], [`Board::random_walk`].
//! - [`heuristic`]: [`Misplaced`], [`Manhattan`], [`LinearConflict`] behind
//!   the [`Heuristic`] trait; pattern databases in [`heuristic::pdb`],
//!   their tables built and cached by [`pattern_db`].
//! - [`Puzzle`]: the [`frontier::SearchProblem`] for every size, with
//!   [`frontier::BidirectionalProblem`], [`frontier::InPlaceProblem`],
//!   [`frontier::ReversibleProblem`] and, up to 16 cells,
//!   [`frontier::RankedStates`].
//! - [`EightTable`]: every 3x3 board's distance and optimal first move.
//! - [`stream`]: boards read from a stream in the POJ 1077 judge format,
//!   one at a time, each with its lines or the reason it could not be read.
//!
//! # Design decisions
//!
//! - **A board is one word and a byte.** Four bits a cell fit 16 cells in
//!   a `u64`, so a 3x3 or 4x4 board is `Copy`, compares and hashes as one
//!   word, and a move is two shifts and two XORs. The blank's cell is kept
//!   so moves need no search. Boards of up to 25 cells take a `u128` five
//!   bits a cell: the word is the board's third parameter, a sealed
//!   [`Packing`] (`Board<W, H>` is `Board<W, H, u64>`, [`LargeBoard`] is
//!   `Board<W, H, u128>`), so board, moves, solvability, display and the
//!   heuristics are written once, while each word keeps its own move table
//!   and table widths (16 entries a row for a `u64`, 32 for a `u128`) and
//!   the 3x3 and 4x4 searches run exactly the code they ran on a board of
//!   their own. One [`Heuristic`] trait serves both words, its memo the
//!   word's ([`Packing::Memo`]: 24 bits for a `u64` board, a
//!   [`LargeMemo`] for a `u128` one); [`LargeHeuristic`] names its `u128`
//!   form. The search problem is one [`Puzzle`] too, its move the word's
//!   move-table entry ([`Packing::BlankMove`]) and its undo the word's XOR
//!   ([`LargePuzzle`] names its `u128` form). The pattern databases'
//!   abstract space is one
//!   [`PatternSpace`](heuristic::pdb::PatternSpace) too, each word picking
//!   its cell masks and region lookup
//!   ([`PatternWord`](heuristic::pdb::PatternWord)).
//! - **The shape is a const generic.** `Board<W, H>` runs the same code for
//!   every shape; per-shape tables (neighbours, Manhattan distances,
//!   linear-conflict keys) are computed at compile time, and a shape of more
//!   than 16 cells is a compile error rather than a run-time surprise.
//! - **The heuristic value travels with the state.** [`PuzzleState`] caches
//!   `h`, and successors derive it from the parent's by
//!   [`Heuristic::update`] (two table lookups for Manhattan distance), so a
//!   search never evaluates a heuristic from scratch. This is what lets the
//!   generic [`frontier::idastar`] approach a hand-written solver's speed.
//!   Where a heuristic needs more than its value to update it, the state
//!   keeps a 24-bit [`heuristic::Memo`] in bytes that would be padding:
//!   the 7-8 pattern databases keep their groups' values there and look up
//!   only the groups of the tile that slid.
//! - **Successors are a table walk.** The legal blank moves of each cell
//!   are listed in Korf's order turned by the 180° rotation between his
//!   goal and ours (down, right, left, up), so IDA* generates exactly his
//!   node counts on his converted instances, and generating
//!   children allocates nothing and branches only on the loop.
//! - **Reversibility is stated, not assumed.** [`Puzzle`] implements
//!   [`frontier::BidirectionalProblem`] because every move can be undone,
//!   and says so.
//! - **Every answer is checked.** [`Board::verify_solution`] replays moves
//!   step by step and demands the goal; the tests run every algorithm's
//!   output through it.
//! - **Bad input is an error, never a panic.** Parsing reports what is
//!   wrong and where ([`ParseError`]); property tests feed it arbitrary
//!   strings.
//! - **Random instances are reproducible.** [`SplitMix64`] draws them from
//!   a `u64` seed, identically on every platform, without depending on
//!   `rand`.

mod board;
mod eight_table;
mod error;
pub mod heuristic;
pub mod instances;
mod large;
mod moves;
mod parse;
mod problem;
mod random;
mod rank;
pub mod stream;

pub use board::{
    BlankMove, Board, Eight, Fifteen, LargeBlankMove, LargeBoard, Packing, Slide, Twentyfour,
};
pub use eight_table::EightTable;
pub use error::{InstanceError, MoveError, ParseError, TokenExcerpt};
pub use heuristic::{Heuristic, LinearConflict, Manhattan, Misplaced, PatternDatabase, Zero};
pub use large::{LargeHeuristic, LargeMemo, LargePuzzle, LargeState};
pub use moves::{Move, MoveSequence, format_moves, parse_moves};
pub use parse::AnyBoard;
pub use problem::{Puzzle, PuzzleState};
pub use random::SplitMix64;

/// The crate's README, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoc;
