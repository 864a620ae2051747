//! Solving one sliding-puzzle board with a named strategy: an algorithm of
//! [`frontier`] (or the precomputed [`EightTable`]) and, for A* and IDA*, a
//! heuristic. Shared by the `eight` and `compare` examples, which differ
//! only in how they read boards and report answers.
//!
//! Every answer is replayed with [`Board::verify_solution`] before
//! [`Solver::solve`] returns it, and every board is checked for
//! solvability first, so no strategy ever searches an unsolvable board (IDA*
//! would never stop, and BFS would exhaust half of a 4x4 space).

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use frontier::{AStar, Bfs, BidirectionalBfs, IdaStar, Limit, Limits, Outcome, SearchResult};
use sliding_puzzle::{
    AnyBoard, Board, EightTable, Heuristic, LinearConflict, Manhattan, Misplaced, Move, MoveError,
    Puzzle, PuzzleState, Zero,
};

/// How a board is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum)]
pub enum Algorithm {
    /// Look the board up in the precomputed table of every 3x3 board, built
    /// by one reverse breadth-first search from the goal (3x3 only).
    Table,
    /// Breadth-first search with a hashed state table.
    Bfs,
    /// Breadth-first search with a dense table indexed by rank (3x3 only).
    BfsDense,
    /// Bidirectional breadth-first search with hashed tables.
    Bidirectional,
    /// Bidirectional breadth-first search with dense tables (3x3 only).
    BidirectionalDense,
    /// A* with a hashed state table.
    #[value(name = "astar")]
    AStar,
    /// A* with a dense table indexed by rank (3x3 only).
    #[value(name = "astar-dense")]
    AStarDense,
    /// IDA*: no table, memory linear in the solution's length.
    #[value(name = "idastar")]
    IdaStar,
}

impl Algorithm {
    /// Whether the algorithm is guided by a heuristic (A* and IDA*).
    #[must_use]
    pub fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Algorithm::AStar | Algorithm::AStarDense | Algorithm::IdaStar
        )
    }

    /// Whether the algorithm can handle a board of `size`: the table and the
    /// dense tables exist for 3x3 only (a 4x4 dense table would need 16!
    /// entries).
    #[must_use]
    pub fn handles(self, size: Size) -> bool {
        match self {
            Algorithm::Table
            | Algorithm::BfsDense
            | Algorithm::BidirectionalDense
            | Algorithm::AStarDense => size == Size::Three,
            Algorithm::Bfs | Algorithm::Bidirectional | Algorithm::AStar | Algorithm::IdaStar => {
                true
            }
        }
    }

    /// The name people read: `table`, `bfs`, `bfs dense`, `A*`, ...
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Algorithm::Table => "table",
            Algorithm::Bfs => "bfs",
            Algorithm::BfsDense => "bfs dense",
            Algorithm::Bidirectional => "bidirectional",
            Algorithm::BidirectionalDense => "bidirectional dense",
            Algorithm::AStar => "A*",
            Algorithm::AStarDense => "A* dense",
            Algorithm::IdaStar => "IDA*",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// The heuristics A* and IDA* can use, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum)]
pub enum HeuristicName {
    /// No information: A* becomes Dijkstra, IDA* iterative deepening.
    Zero,
    /// The number of tiles out of place.
    Misplaced,
    /// The sum of the tiles' Manhattan distances to their goal cells.
    Manhattan,
    /// Manhattan distance plus two moves per pair of tiles in conflict on
    /// their goal row or column.
    LinearConflict,
}

impl HeuristicName {
    /// The name people read: `misplaced`, `manhattan`, `linear conflict`.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            HeuristicName::Zero => "zero",
            HeuristicName::Misplaced => "misplaced",
            HeuristicName::Manhattan => "manhattan",
            HeuristicName::LinearConflict => "linear conflict",
        }
    }
}

impl fmt::Display for HeuristicName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// An algorithm and, if it uses one, a heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strategy {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The heuristic; `None` for the algorithms that use none.
    pub heuristic: Option<HeuristicName>,
}

impl Strategy {
    /// `algorithm` with `heuristic`, which is dropped when the algorithm
    /// uses no heuristic (so equal strategies compare equal).
    #[must_use]
    pub fn new(algorithm: Algorithm, heuristic: HeuristicName) -> Self {
        Strategy {
            algorithm,
            heuristic: algorithm.uses_heuristic().then_some(heuristic),
        }
    }

    /// An algorithm that uses no heuristic.
    #[must_use]
    pub fn plain(algorithm: Algorithm) -> Self {
        Strategy {
            algorithm,
            heuristic: None,
        }
    }

    /// The heuristic's label, or `-`.
    #[must_use]
    pub fn heuristic_label(&self) -> &'static str {
        self.heuristic.map_or("-", HeuristicName::label)
    }
}

impl fmt::Display for Strategy {
    /// `A* (manhattan)`, or just `bfs`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.heuristic {
            Some(heuristic) => write!(f, "{} ({heuristic})", self.algorithm),
            None => write!(f, "{}", self.algorithm),
        }
    }
}

/// The size of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    /// 3x3, the 8-puzzle.
    Three,
    /// 4x4, the 15-puzzle.
    Four,
}

impl Size {
    /// The size of `board`.
    #[must_use]
    pub fn of(board: &AnyBoard) -> Size {
        match board {
            AnyBoard::Eight(_) => Size::Three,
            AnyBoard::Fifteen(_) => Size::Four,
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Size::Three => "3x3",
            Size::Four => "4x4",
        })
    }
}

/// What a strategy answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// An optimal solution, already replayed to the goal.
    Solved(Vec<Move>),
    /// The board cannot reach the goal (found by its parity, before any
    /// search).
    Unsolvable,
    /// A limit stopped the search before it found a solution.
    Stopped(Limit),
}

/// One board solved by one strategy: the answer and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    /// The answer.
    pub answer: Answer,
    /// Nodes expanded (0 for a table lookup).
    pub expanded: u64,
    /// Nodes generated, the start included (0 for a table lookup).
    pub generated: u64,
    /// The most states stored at once (the path, for IDA*).
    pub peak_stored: usize,
    /// Wall time of the whole call, dense-table allocation included and
    /// the replay check excluded.
    pub elapsed: Duration,
}

impl Attempt {
    /// The number of moves, if solved.
    #[must_use]
    pub fn moves(&self) -> Option<usize> {
        match &self.answer {
            Answer::Solved(moves) => Some(moves.len()),
            _ => None,
        }
    }

    /// The limit that stopped the search, if one did.
    #[must_use]
    pub fn limit(&self) -> Option<Limit> {
        match self.answer {
            Answer::Stopped(limit) => Some(limit),
            _ => None,
        }
    }
}

/// Why a board could not be solved by a strategy at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The strategy does not exist for this board size.
    #[error("{strategy} cannot solve {size} boards ({reason})")]
    Unsupported {
        /// The strategy asked for.
        strategy: Strategy,
        /// The board's size.
        size: Size,
        /// Why not.
        reason: &'static str,
    },
    /// The strategy returned moves that do not solve the board: a bug in
    /// `frontier` or `sliding-puzzle`, never bad input.
    #[error("{strategy} returned moves that do not solve {board}: {error}")]
    WrongSolution {
        /// The strategy that answered.
        strategy: Strategy,
        /// The board, in one-line form.
        board: String,
        /// What the replay found.
        error: MoveError,
    },
}

/// Solves boards with any [`Strategy`], keeping what can be reused from one
/// board to the next: the 3x3 table (built on first use, or shared) and
/// IDA*'s buffers.
#[derive(Debug, Default)]
pub struct Solver {
    table: Option<Arc<EightTable>>,
    ida_eight: IdaStar<PuzzleState<3, 3>, Move, u32>,
    ida_fifteen: IdaStar<PuzzleState<4, 4>, Move, u32>,
}

impl Solver {
    /// A solver that builds the 3x3 table when a strategy first needs it.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// A solver that shares an already built table (one per thread, one
    /// table for all).
    #[must_use]
    pub fn with_table(table: Arc<EightTable>) -> Self {
        Solver {
            table: Some(table),
            ..Self::default()
        }
    }

    /// The 3x3 table, built now if it was not yet.
    pub fn table(&mut self) -> &Arc<EightTable> {
        self.table
            .get_or_insert_with(|| Arc::new(EightTable::build()))
    }

    /// Solves `board` with `strategy` under `limits` (ignored by the table)
    /// and replays the answer before returning it.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::Limits;
    /// use frontier_workspace::strategy::{Algorithm, Answer, HeuristicName, Solver, Strategy};
    ///
    /// let board = "2 3 4 1 5 x 7 6 8".parse()?;
    /// let mut solver = Solver::new();
    /// let ida = Strategy::new(Algorithm::IdaStar, HeuristicName::Manhattan);
    /// let attempt = solver.solve(board, ida, &Limits::new())?;
    /// assert_eq!(attempt.moves(), Some(19));
    /// let swapped = "2 1 3 4 5 6 7 8 x".parse()?;
    /// let attempt = solver.solve(swapped, Strategy::plain(Algorithm::Table), &Limits::new())?;
    /// assert_eq!(attempt.answer, Answer::Unsolvable);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] for the table or a dense table on a 4x4
    /// board; [`SolveError::WrongSolution`] if the moves found do not replay
    /// to the goal.
    pub fn solve(
        &mut self,
        board: AnyBoard,
        strategy: Strategy,
        limits: &Limits<u32>,
    ) -> Result<Attempt, SolveError> {
        let size = Size::of(&board);
        if !strategy.algorithm.handles(size) {
            return Err(SolveError::Unsupported {
                strategy,
                size,
                reason: if strategy.algorithm == Algorithm::Table {
                    "the table holds 3x3 boards only"
                } else {
                    "a dense 4x4 table would need 16! entries"
                },
            });
        }
        let attempt = match board {
            AnyBoard::Eight(board) if strategy.algorithm == Algorithm::Table => {
                let table = Arc::clone(self.table());
                let started = Instant::now();
                let moves = table.solve(&board);
                let elapsed = started.elapsed();
                Attempt {
                    answer: moves.map_or(Answer::Unsolvable, Answer::Solved),
                    expanded: 0,
                    generated: 0,
                    peak_stored: 0,
                    elapsed,
                }
            }
            AnyBoard::Eight(board) => search(board, strategy, limits, &mut self.ida_eight),
            AnyBoard::Fifteen(board) => search(board, strategy, limits, &mut self.ida_fifteen),
        };
        if let Answer::Solved(moves) = &attempt.answer {
            let replayed = match board {
                AnyBoard::Eight(board) => board.verify_solution(moves),
                AnyBoard::Fifteen(board) => board.verify_solution(moves),
            };
            if let Err(error) = replayed {
                return Err(SolveError::WrongSolution {
                    strategy,
                    board: board.to_line(),
                    error,
                });
            }
        }
        Ok(attempt)
    }
}

/// Runs a search strategy (anything but the table) on a board.
fn search<const W: usize, const H: usize>(
    board: Board<W, H>,
    strategy: Strategy,
    limits: &Limits<u32>,
    ida: &mut IdaStar<PuzzleState<W, H>, Move, u32>,
) -> Attempt {
    if !board.is_solvable() {
        return Attempt {
            answer: Answer::Unsolvable,
            expanded: 0,
            generated: 0,
            peak_stored: 0,
            elapsed: Duration::ZERO,
        };
    }
    let started = Instant::now();
    // The BFS family ignores the heuristic: `Zero` keeps it from paying for
    // one.
    let result = match strategy.heuristic.unwrap_or(HeuristicName::Zero) {
        HeuristicName::Zero => run(&Puzzle::new(board, Zero), strategy.algorithm, limits, ida),
        HeuristicName::Misplaced => run(
            &Puzzle::new(board, Misplaced),
            strategy.algorithm,
            limits,
            ida,
        ),
        HeuristicName::Manhattan => run(
            &Puzzle::new(board, Manhattan),
            strategy.algorithm,
            limits,
            ida,
        ),
        HeuristicName::LinearConflict => run(
            &Puzzle::new(board, LinearConflict),
            strategy.algorithm,
            limits,
            ida,
        ),
    };
    let elapsed = started.elapsed();
    let SearchResult { outcome, stats } = result;
    let answer = match outcome {
        Outcome::Found(solution) => Answer::Solved(solution.actions),
        // cannot happen for a solvable board; reported, not hidden
        Outcome::Unreachable => Answer::Unsolvable,
        Outcome::LimitReached(limit) => Answer::Stopped(limit),
    };
    Attempt {
        answer,
        expanded: stats.expanded,
        generated: stats.generated,
        peak_stored: stats.peak_stored,
        elapsed,
    }
}

/// Calls the frontier function of `algorithm`.
fn run<const W: usize, const H: usize, Hr: Heuristic<W, H>>(
    puzzle: &Puzzle<W, H, Hr>,
    algorithm: Algorithm,
    limits: &Limits<u32>,
    ida: &mut IdaStar<PuzzleState<W, H>, Move, u32>,
) -> SearchResult<PuzzleState<W, H>, Move, u32> {
    match algorithm {
        Algorithm::Bfs => Bfs::new().limits(limits.clone()).search(puzzle),
        Algorithm::BfsDense => Bfs::new().dense().limits(limits.clone()).search(puzzle),
        Algorithm::Bidirectional => BidirectionalBfs::new()
            .limits(limits.clone())
            .search(puzzle),
        Algorithm::BidirectionalDense => BidirectionalBfs::new()
            .dense()
            .limits(limits.clone())
            .search(puzzle),
        Algorithm::AStar => AStar::new().limits(limits.clone()).search(puzzle),
        Algorithm::AStarDense => AStar::new().dense().limits(limits.clone()).search(puzzle),
        // `Solver::solve` answers the table itself; IDA* is what remains.
        Algorithm::IdaStar | Algorithm::Table => {
            ida.set_limits(limits.clone());
            ida.search(puzzle)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "2 3 4 1 5 x 7 6 8";

    fn every_strategy() -> Vec<Strategy> {
        let mut strategies = Vec::new();
        for algorithm in [
            Algorithm::Table,
            Algorithm::Bfs,
            Algorithm::BfsDense,
            Algorithm::Bidirectional,
            Algorithm::BidirectionalDense,
            Algorithm::AStar,
            Algorithm::AStarDense,
            Algorithm::IdaStar,
        ] {
            if algorithm.uses_heuristic() {
                for heuristic in [
                    HeuristicName::Zero,
                    HeuristicName::Misplaced,
                    HeuristicName::Manhattan,
                    HeuristicName::LinearConflict,
                ] {
                    strategies.push(Strategy::new(algorithm, heuristic));
                }
            } else {
                strategies.push(Strategy::plain(algorithm));
            }
        }
        strategies
    }

    #[test]
    fn every_strategy_solves_the_sample_optimally() {
        let board: AnyBoard = SAMPLE.parse().unwrap();
        let mut solver = Solver::new();
        for strategy in every_strategy() {
            let attempt = solver.solve(board, strategy, &Limits::new()).unwrap();
            assert_eq!(attempt.moves(), Some(19), "{strategy}");
            if strategy.algorithm != Algorithm::Table {
                assert!(attempt.generated >= attempt.expanded, "{strategy}");
                assert!(attempt.expanded > 0, "{strategy}");
            }
        }
    }

    #[test]
    fn unsolvable_boards_are_not_searched() {
        let board: AnyBoard = "2 1 3 4 5 6 7 8 x".parse().unwrap();
        let mut solver = Solver::new();
        for strategy in every_strategy() {
            let attempt = solver.solve(board, strategy, &Limits::new()).unwrap();
            assert_eq!(attempt.answer, Answer::Unsolvable, "{strategy}");
        }
    }

    #[test]
    fn four_by_four_limits_and_refusals() {
        let board = AnyBoard::Fifteen(Board::random_walk(3, 12));
        let mut solver = Solver::new();
        let ida = Strategy::new(Algorithm::IdaStar, HeuristicName::LinearConflict);
        let by_ida = solver.solve(board, ida, &Limits::new()).unwrap();
        let bfs = solver
            .solve(
                board,
                Strategy::plain(Algorithm::Bfs),
                &Limits::new().max_stored(50),
            )
            .unwrap();
        assert!(by_ida.moves().is_some());
        assert_eq!(bfs.limit(), Some(Limit::Stored));
        assert!(matches!(
            solver.solve(board, Strategy::plain(Algorithm::Table), &Limits::new()),
            Err(SolveError::Unsupported {
                size: Size::Four,
                ..
            })
        ));
        assert!(!Algorithm::AStarDense.handles(Size::Four));
    }

    #[test]
    fn labels() {
        let strategy = Strategy::new(Algorithm::AStar, HeuristicName::LinearConflict);
        assert_eq!(strategy.to_string(), "A* (linear conflict)");
        assert_eq!(
            Strategy::new(Algorithm::Bfs, HeuristicName::Manhattan).heuristic,
            None
        );
        assert_eq!(
            Strategy::plain(Algorithm::BfsDense).to_string(),
            "bfs dense"
        );
        assert_eq!(Strategy::plain(Algorithm::Table).heuristic_label(), "-");
    }
}
