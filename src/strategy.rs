//! Solving one sliding-puzzle board (or one pancake stack) with a named
//! strategy: an algorithm of [`frontier`] (or the precomputed
//! [`EightTable`]) and, for the guided algorithms, a heuristic, both taken
//! from the [`registry`]. Shared by the `eight`, `fifteen` and `compare`
//! examples, which differ only in how they read boards and report answers.
//!
//! Every answer is replayed with [`Board::verify_solution`] before
//! [`Solver::solve`] returns it, and every board is checked for
//! solvability first, so no strategy ever searches an unsolvable board (IDA*
//! would never stop, and BFS would exhaust half of a 4x4 space).

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use frontier::{Limit, Limits, Outcome, SearchResult, Stats};
use pancake::{Flip, FlipError, Stack};
use sliding_puzzle::{AnyBoard, Board, EightTable, Move, MoveError};

use crate::registry::{self, PancakeSearchers, PatternDatabases, Searchers};
pub use crate::registry::{Algorithm, HeuristicName, Size};

/// The complaint about a `--heuristic` given on the command line
/// (`matches`) beside an `--algo` that uses no heuristic, which would
/// ignore it without a word; `None` when the heuristic was not given
/// there, no algorithm was chosen, or the algorithm uses one. The
/// programs report it as a usage error.
///
/// # Example
///
/// ```
/// use clap::{CommandFactory, FromArgMatches, Parser};
/// use frontier_workspace::strategy::{Algorithm, HeuristicName, ignored_heuristic};
///
/// #[derive(Parser)]
/// struct Args {
///     #[arg(long, value_enum)]
///     algo: Option<Algorithm>,
///     #[arg(long, value_enum, default_value_t = HeuristicName::Manhattan)]
///     heuristic: HeuristicName,
/// }
///
/// let complaint = |line: &[&str]| {
///     let matches = Args::command().get_matches_from(line);
///     let args = Args::from_arg_matches(&matches).unwrap();
///     ignored_heuristic(&matches, args.algo, args.heuristic)
/// };
/// let refused = complaint(&["eight", "--algo", "bfs", "--heuristic", "misplaced"]);
/// assert!(refused.unwrap().contains("--heuristic misplaced has no effect with --algo bfs"));
/// assert_eq!(complaint(&["eight", "--algo", "bfs"]), None); // the default
/// assert_eq!(complaint(&["eight", "--algo", "astar", "--heuristic", "misplaced"]), None);
/// assert_eq!(complaint(&["eight", "--heuristic", "misplaced"]), None);
/// ```
#[must_use]
pub fn ignored_heuristic(
    matches: &clap::ArgMatches,
    algorithm: Option<Algorithm>,
    heuristic: HeuristicName,
) -> Option<String> {
    use clap::ValueEnum;
    use clap::parser::ValueSource;

    let algorithm = algorithm?;
    let given = matches.value_source("heuristic") == Some(ValueSource::CommandLine);
    if !given || algorithm.uses_heuristic() {
        return None;
    }
    let name = |value: Option<clap::builder::PossibleValue>| {
        value.map_or_else(String::new, |value| value.get_name().to_owned())
    };
    Some(format!(
        "--heuristic {} has no effect with --algo {}, which uses no heuristic: \
         leave --heuristic out, or choose an algorithm that uses one",
        name(heuristic.to_possible_value()),
        name(algorithm.to_possible_value()),
    ))
}

/// The program's arguments parsed from the command line, as
/// `T::parse()` parses them, and a `--heuristic` that `choice` (the
/// arguments' algorithm and heuristic) would ignore refused the same way,
/// as a usage error ([`ignored_heuristic`]): the message and exit status 2.
#[must_use]
pub fn parse_args<T: clap::Parser>(
    choice: impl FnOnce(&T) -> (Option<Algorithm>, HeuristicName),
) -> T {
    let mut command = T::command();
    let matches = command.get_matches_mut();
    let args = T::from_arg_matches(&matches).unwrap_or_else(|err| err.exit());
    let (algorithm, heuristic) = choice(&args);
    if let Some(complaint) = ignored_heuristic(&matches, algorithm, heuristic) {
        command
            .error(clap::error::ErrorKind::ArgumentConflict, complaint)
            .exit();
    }
    args
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

    /// Why the strategy cannot solve boards of `size`, or `None` if it can:
    /// both the algorithm and the heuristic must handle the size.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier_workspace::strategy::{Algorithm, HeuristicName, Size, Strategy};
    ///
    /// let pdb = Strategy::new(Algorithm::IdaStar, HeuristicName::Pdb78);
    /// assert_eq!(pdb.refusal(Size::Four), None);
    /// assert_eq!(pdb.refusal(Size::Three), Some("its pattern database is for 4x4 boards"));
    /// assert!(!Strategy::plain(Algorithm::Table).handles(Size::Four));
    /// ```
    #[must_use]
    pub fn refusal(&self, size: Size) -> Option<&'static str> {
        /// A refusal the registry gave no reason for.
        const UNSAID: &str = "not available for this size";
        if !self.algorithm.handles(size) {
            return Some(self.algorithm.refusal().unwrap_or(UNSAID));
        }
        match self.heuristic {
            Some(heuristic) if !heuristic.handles(size) => {
                Some(heuristic.refusal().unwrap_or(UNSAID))
            }
            _ => None,
        }
    }

    /// Whether the strategy can solve boards of `size`.
    #[must_use]
    pub fn handles(&self, size: Size) -> bool {
        self.refusal(size).is_none()
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

/// What a strategy answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// An optimal solution, already replayed to the goal.
    Solved(Vec<Move>),
    /// The flips that sort a pancake stack, already replayed.
    Sorted(Vec<Flip>),
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
    /// What the search reported: nodes expanded and generated (the start
    /// included), the most states stored at once (the path, for IDA*),
    /// IDA*'s iterations, the search's own time. All zero for a table
    /// lookup (whose `elapsed` is the lookup's) and for a board found
    /// unsolvable before any search.
    pub stats: Stats<u32>,
    /// Wall time of the whole call, allocation of fresh tables included and
    /// the replay check excluded.
    pub elapsed: Duration,
}

impl Attempt {
    /// The answer to a board found unsolvable by its parity.
    fn unsolvable() -> Self {
        Attempt {
            answer: Answer::Unsolvable,
            stats: Stats::default(),
            elapsed: Duration::ZERO,
        }
    }

    /// The number of moves, if solved.
    #[must_use]
    pub fn moves(&self) -> Option<usize> {
        match &self.answer {
            Answer::Solved(moves) => Some(moves.len()),
            Answer::Sorted(flips) => Some(flips.len()),
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
    #[error("{strategy} cannot solve {} ({reason})", size.instances())]
    Unsupported {
        /// The strategy asked for.
        strategy: Strategy,
        /// The board's size.
        size: Size,
        /// Why not.
        reason: &'static str,
    },
    /// The heuristic's tables could be neither loaded nor built.
    #[error("the {heuristic} heuristic is not available: {reason}")]
    Unavailable {
        /// The heuristic asked for.
        heuristic: HeuristicName,
        /// Why not.
        reason: String,
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
    /// The strategy returned flips that do not sort a pancake stack: a bug
    /// in `frontier` or `pancake`, never bad input.
    #[error("{strategy} returned flips that do not sort {stack}: {error}")]
    WrongFlips {
        /// The strategy that answered.
        strategy: Strategy,
        /// The stack, top first.
        stack: String,
        /// What the replay found.
        error: FlipError,
    },
}

impl SolveError {
    /// Whether the error is a bug in this project (a wrong solution)
    /// rather than a strategy that cannot be used here.
    #[must_use]
    pub fn is_bug(&self) -> bool {
        matches!(
            self,
            SolveError::WrongSolution { .. } | SolveError::WrongFlips { .. }
        )
    }
}

/// Solves boards and pancake stacks with any [`Strategy`], keeping what
/// can be reused from one to the next: the 3x3 table (built on first use,
/// or shared), the pattern databases (loaded on first use, shared through
/// an `Arc`) and IDA*'s buffers.
#[derive(Debug)]
pub struct Solver {
    databases: Arc<PatternDatabases>,
    eight: Searchers<3, 3>,
    fifteen: Searchers<4, 4>,
    pancakes: PancakeSearchers,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver that builds the 3x3 table when a strategy first needs it,
    /// and keeps pattern databases in `target/pdb-cache`.
    #[must_use]
    pub fn new() -> Self {
        Solver {
            databases: Arc::new(PatternDatabases::default()),
            eight: Searchers::new(None),
            fifteen: Searchers::new(None),
            pancakes: PancakeSearchers::default(),
        }
    }

    /// A solver that shares an already built table (one per thread, one
    /// table for all).
    #[must_use]
    pub fn with_table(table: Arc<EightTable>) -> Self {
        Solver {
            eight: Searchers::new(Some(table)),
            ..Solver::new()
        }
    }

    /// A solver with buffers of its own that shares this one's 3x3 table
    /// (if built) and pattern databases: one per thread.
    #[must_use]
    pub fn sharing(&self) -> Solver {
        Solver {
            databases: Arc::clone(&self.databases),
            eight: Searchers::new(self.eight.shared_table()),
            fifteen: Searchers::new(None),
            pancakes: PancakeSearchers::default(),
        }
    }

    /// The same solver, running IDA* on `jobs` threads (1, the default:
    /// on the calling thread; at most [`MAX_JOBS`](crate::jobs::MAX_JOBS),
    /// more are taken as that: the programs cap `--jobs` first, see
    /// [`jobs`](crate::jobs)). Every iteration but the last expands the
    /// same nodes whatever the number; see [`frontier::ParallelIdaStar`].
    #[must_use]
    pub fn with_jobs(mut self, jobs: usize) -> Self {
        let jobs = jobs.min(crate::jobs::MAX_JOBS);
        self.eight.jobs(jobs);
        self.fifteen.jobs(jobs);
        self.pancakes.jobs(jobs);
        self
    }

    /// The same solver, taking its pattern databases from `databases`
    /// (shared with other solvers).
    #[must_use]
    pub fn with_databases(self, databases: Arc<PatternDatabases>) -> Self {
        Solver { databases, ..self }
    }

    /// The pattern databases this solver uses.
    #[must_use]
    pub fn databases(&self) -> &Arc<PatternDatabases> {
        &self.databases
    }

    /// The 3x3 table, built now if it was not yet.
    ///
    /// # Panics
    ///
    /// Never: 3x3 searchers always have a table to build.
    pub fn table(&mut self) -> &Arc<EightTable> {
        // cannot fail: `Searchers::table` answers for every 3x3 searcher
        self.eight.table().expect("3x3 searchers hold the table")
    }

    /// Builds or loads now what `strategy` needs for boards of `size` (the
    /// 3x3 table, a pattern database), so that no board's time includes it
    /// and a table that cannot be had is reported before any board.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] if the strategy cannot solve boards of
    /// `size`; [`SolveError::Unavailable`] if its pattern database can be
    /// neither loaded nor built.
    pub fn prepare(&mut self, strategy: Strategy, size: Size) -> Result<(), SolveError> {
        if let Some(reason) = strategy.refusal(size) {
            return Err(SolveError::Unsupported {
                strategy,
                size,
                reason,
            });
        }
        match size {
            Size::Three => registry::prepare(strategy, &mut self.eight, &self.databases),
            Size::Four => registry::prepare(strategy, &mut self.fifteen, &self.databases),
            // Nothing to build: GAP needs no tables.
            Size::Pancakes => Ok(()),
        }
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
    /// assert!(attempt.stats.generated > attempt.stats.expanded);
    /// let swapped = "2 1 3 4 5 6 7 8 x".parse()?;
    /// let attempt = solver.solve(swapped, Strategy::plain(Algorithm::Table), &Limits::new())?;
    /// assert_eq!(attempt.answer, Answer::Unsolvable);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] for a strategy that cannot solve the
    /// board's size (the table or a dense table on a 4x4 board, a pattern
    /// database on a 3x3 board); [`SolveError::Unavailable`] if a pattern
    /// database can be neither loaded nor built;
    /// [`SolveError::WrongSolution`] if the moves found do not replay to
    /// the goal.
    pub fn solve(
        &mut self,
        board: AnyBoard,
        strategy: Strategy,
        limits: &Limits<u32>,
    ) -> Result<Attempt, SolveError> {
        let size = Size::of(&board);
        if let Some(reason) = strategy.refusal(size) {
            return Err(SolveError::Unsupported {
                strategy,
                size,
                reason,
            });
        }
        let attempt = match board {
            AnyBoard::Eight(board) => {
                attempt(board, strategy, limits, &mut self.eight, &self.databases)
            }
            AnyBoard::Fifteen(board) => {
                attempt(board, strategy, limits, &mut self.fifteen, &self.databases)
            }
        };
        let Some(attempt) = attempt? else {
            return Err(SolveError::Unsupported {
                strategy,
                size,
                reason: "the registry lists it for this size, but it has no implementation",
            });
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

impl Solver {
    /// Sorts a pancake `stack` with `strategy` under `limits` and replays
    /// the flips before returning them.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::Limits;
    /// use frontier_workspace::strategy::{Algorithm, HeuristicName, Solver, Strategy};
    ///
    /// let stack = "3 6 1 5 2 4".parse()?;
    /// let mut solver = Solver::new();
    /// let mm = Strategy::new(Algorithm::Mm, HeuristicName::Gap);
    /// let attempt = solver.solve_stack(stack, mm, &Limits::new())?;
    /// let by_astar = solver.solve_stack(stack, Strategy::new(Algorithm::AStar, HeuristicName::Gap2), &Limits::new())?;
    /// assert_eq!(attempt.moves(), by_astar.moves());
    /// assert!(solver.solve_stack(stack, Strategy::plain(Algorithm::Table), &Limits::new()).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] for a strategy that cannot sort stacks
    /// (the 3x3 table, the dense tables, a sliding-puzzle heuristic);
    /// [`SolveError::WrongFlips`] if the flips found do not sort the stack.
    pub fn solve_stack(
        &mut self,
        stack: Stack,
        strategy: Strategy,
        limits: &Limits<u32>,
    ) -> Result<Attempt, SolveError> {
        let unsupported = |reason| SolveError::Unsupported {
            strategy,
            size: Size::Pancakes,
            reason,
        };
        if let Some(reason) = strategy.refusal(Size::Pancakes) {
            return Err(unsupported(reason));
        }
        let started = Instant::now();
        let result = registry::search_stack(stack, strategy, limits, &mut self.pancakes);
        let elapsed = started.elapsed();
        let Some(SearchResult { outcome, stats }) = result else {
            return Err(unsupported(
                "the registry lists it for pancakes, but it has no implementation",
            ));
        };
        let answer = match outcome {
            Outcome::Found(solution) => {
                if let Err(error) = stack.verify_solution(&solution.actions) {
                    return Err(SolveError::WrongFlips {
                        strategy,
                        stack: stack.to_string(),
                        error,
                    });
                }
                Answer::Sorted(solution.actions)
            }
            // cannot happen: every stack can be sorted; reported, not hidden
            Outcome::Unreachable => Answer::Unsolvable,
            Outcome::LimitReached(limit) => Answer::Stopped(limit),
        };
        Ok(Attempt {
            answer,
            stats,
            elapsed,
        })
    }
}

/// Solves a board with `strategy` through the registry's dispatch, after
/// checking that it is solvable (IDA* would never stop otherwise, and BFS
/// would exhaust half of a 4x4 space). `None` if the algorithm has no
/// implementation for the board's shape.
fn attempt<const W: usize, const H: usize>(
    board: Board<W, H>,
    strategy: Strategy,
    limits: &Limits<u32>,
    searchers: &mut Searchers<W, H>,
    databases: &PatternDatabases,
) -> Result<Option<Attempt>, SolveError> {
    if !board.is_solvable() {
        return Ok(Some(Attempt::unsolvable()));
    }
    let started = Instant::now();
    let result = registry::search(board, strategy, limits, searchers, databases)?;
    let elapsed = started.elapsed();
    let Some(SearchResult { outcome, stats }) = result else {
        return Ok(None);
    };
    let answer = match outcome {
        Outcome::Found(solution) => Answer::Solved(solution.actions),
        // cannot happen for a solvable board; reported, not hidden
        Outcome::Unreachable => Answer::Unsolvable,
        Outcome::LimitReached(limit) => Answer::Stopped(limit),
    };
    Ok(Some(Attempt {
        answer,
        stats,
        elapsed,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "2 3 4 1 5 x 7 6 8";

    /// Every strategy of the registry that handles `size`.
    fn every_strategy(size: Size) -> Vec<Strategy> {
        let mut strategies = Vec::new();
        for &algorithm in Algorithm::ALL {
            if algorithm.uses_heuristic() {
                for &heuristic in HeuristicName::ALL {
                    strategies.push(Strategy::new(algorithm, heuristic));
                }
            } else {
                strategies.push(Strategy::plain(algorithm));
            }
        }
        strategies.retain(|s| s.handles(size));
        strategies
    }

    #[test]
    fn every_strategy_solves_the_sample() {
        let board: AnyBoard = SAMPLE.parse().unwrap();
        let mut solver = Solver::new();
        let strategies = every_strategy(Size::Three);
        assert_eq!(strategies.len(), 5 + 7 * 4);
        for strategy in strategies {
            let attempt = solver.solve(board, strategy, &Limits::new()).unwrap();
            let moves = attempt.moves().unwrap();
            // `solve` replayed the moves; greedy may take a longer path.
            if strategy.algorithm.is_optimal() {
                assert_eq!(moves, 19, "{strategy}");
            } else {
                assert!(moves >= 19 && moves % 2 == 1, "{strategy}: {moves}");
            }
            if strategy.algorithm.searches() {
                assert!(
                    attempt.stats.generated >= attempt.stats.expanded,
                    "{strategy}"
                );
                assert!(attempt.stats.expanded > 0, "{strategy}");
            } else {
                assert_eq!(attempt.stats.generated, 0, "{strategy}");
            }
        }
    }

    #[test]
    fn every_pancake_strategy_sorts_a_stack() {
        let stack: Stack = "3 6 1 5 2 4".parse().unwrap();
        let mut solver = Solver::new();
        let strategies = every_strategy(Size::Pancakes);
        // bfs and bidirectional BFS; A*, IDA*, IDA* BPMX, greedy, MM and NBS
        // with zero, GAP-3, GAP-2, GAP-1 and GAP.
        assert_eq!(strategies.len(), 2 + 6 * 5);
        let optimal = solver
            .solve_stack(stack, Strategy::plain(Algorithm::Bfs), &Limits::new())
            .unwrap()
            .moves()
            .unwrap();
        for strategy in strategies {
            solver.prepare(strategy, Size::Pancakes).unwrap();
            let attempt = solver.solve_stack(stack, strategy, &Limits::new()).unwrap();
            let Answer::Sorted(flips) = &attempt.answer else {
                panic!("{strategy}: {:?}", attempt.answer);
            };
            // `solve_stack` replayed the flips; greedy may take more.
            assert_eq!(stack.verify_solution(flips), Ok(()));
            if strategy.algorithm.is_optimal() {
                assert_eq!(flips.len(), optimal, "{strategy}");
            } else {
                assert!(flips.len() >= optimal, "{strategy}");
            }
            assert!(attempt.stats.expanded > 0, "{strategy}");
        }
        let stopped = solver
            .solve_stack(
                stack,
                Strategy::plain(Algorithm::Bfs),
                &Limits::new().max_stored(10),
            )
            .unwrap();
        assert_eq!(stopped.limit(), Some(Limit::Stored));
        for refused in [
            Strategy::plain(Algorithm::Table),
            Strategy::new(Algorithm::AStarDense, HeuristicName::Gap),
            Strategy::new(Algorithm::AStar, HeuristicName::Manhattan),
        ] {
            let err = solver
                .solve_stack(stack, refused, &Limits::new())
                .unwrap_err();
            assert!(
                matches!(
                    err,
                    SolveError::Unsupported {
                        size: Size::Pancakes,
                        ..
                    }
                ),
                "{err}"
            );
            assert!(solver.prepare(refused, Size::Pancakes).is_err());
        }
        let err = solver
            .solve_stack(
                stack,
                Strategy::new(Algorithm::Mm, HeuristicName::Misplaced),
                &Limits::new(),
            )
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "MM (misplaced) cannot solve pancake stacks (it measures sliding-puzzle boards)"
        );
        let board: AnyBoard = SAMPLE.parse().unwrap();
        let gap = Strategy::new(Algorithm::AStar, HeuristicName::Gap);
        assert!(solver.solve(board, gap, &Limits::new()).is_err());
    }

    #[test]
    fn unsolvable_boards_are_not_searched() {
        let board: AnyBoard = "2 1 3 4 5 6 7 8 x".parse().unwrap();
        let mut solver = Solver::new();
        for strategy in every_strategy(Size::Three) {
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
                reason: "the table holds 3x3 boards only",
                ..
            })
        ));
        assert!(!Algorithm::AStarDense.handles(Size::Four));
        let sample: AnyBoard = SAMPLE.parse().unwrap();
        let pdb = Strategy::new(Algorithm::IdaStar, HeuristicName::Pdb555);
        let refused = solver.solve(sample, pdb, &Limits::new()).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "IDA* (pdb 5-5-5) cannot solve 3x3 boards (its pattern database is for 4x4 boards)"
        );
        assert!(!refused.is_bug());
        assert_eq!(solver.databases().loaded(), 0);
    }

    #[test]
    fn prepare_builds_the_table() {
        let mut solver = Solver::new();
        let table = Strategy::plain(Algorithm::Table);
        assert!(solver.prepare(table, Size::Four).is_err());
        solver.prepare(table, Size::Three).unwrap();
        assert_eq!(solver.table().reachable(), 181_440);
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
