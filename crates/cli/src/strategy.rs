//! Solving one instance with a named strategy: an algorithm of
//! [`frontier`] (or a lookup in precomputed data) and, for the guided
//! algorithms, a heuristic, both taken from the [`registry`](crate::registry),
//! in the instance's [`Domain`]. Shared by the `eight`, `fifteen` and
//! `compare` examples, which differ only in how they read instances and
//! report answers.
//!
//! Every answer is replayed by its domain before [`Solver::solve`] returns
//! it, and a board is checked for solvability first, so no strategy ever
//! searches an unsolvable board (IDA* would never stop, and BFS would
//! exhaust half of a 4x4 space).

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use frontier::solution::Iteration;
use frontier::{Limit, Limits, Outcome, Stats};

use crate::domain::{AnyDomain, Context, Domain};
pub use crate::registry::{Algorithm, HeuristicName};
use crate::registry::{PatternDatabases, ResultOf};

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
/// use frontier_cli::strategy::{Algorithm, HeuristicName, ignored_heuristic};
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

    /// Why the strategy cannot solve `domain`'s instances, or `None` if it
    /// can: the domain must offer both the algorithm and the heuristic.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier_cli::domains::boards::{EIGHT, FIFTEEN};
    /// use frontier_cli::strategy::{Algorithm, HeuristicName, Strategy};
    ///
    /// let pdb = Strategy::new(Algorithm::IdaStar, HeuristicName::Pdb78);
    /// assert_eq!(pdb.refusal(&FIFTEEN), None);
    /// assert_eq!(pdb.refusal(&EIGHT), Some("its pattern database is for 4x4 boards"));
    /// assert!(!Strategy::plain(Algorithm::Table).handles(&FIFTEEN));
    /// ```
    #[must_use]
    pub fn refusal(&self, domain: &dyn AnyDomain) -> Option<&'static str> {
        domain.refusal(*self)
    }

    /// Whether the strategy can solve `domain`'s instances.
    #[must_use]
    pub fn handles(&self, domain: &dyn AnyDomain) -> bool {
        self.refusal(domain).is_none()
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

/// A solution, replayed to the goal by its domain: its actions, and the
/// same in the domain's notation.
#[derive(Clone)]
pub struct Path {
    len: usize,
    cost: usize,
    length: Option<f64>,
    text: String,
    unit: &'static str,
    actions: Arc<dyn Any + Send + Sync>,
}

impl Path {
    /// The path of `actions`, written `text` in the domain's notation
    /// (`rdr` for a board's moves, `3 2 5` for flips), its actions called
    /// `unit` (`moves`, `flips`).
    #[must_use]
    pub fn new<A: Send + Sync + 'static>(
        actions: Vec<A>,
        text: String,
        unit: &'static str,
    ) -> Self {
        Path {
            len: actions.len(),
            cost: actions.len(),
            length: None,
            text,
            unit,
            actions: Arc::new(actions),
        }
    }

    /// The same path costing `cost`: for a domain whose actions do not
    /// all cost 1.
    #[must_use]
    pub fn costing(mut self, cost: usize) -> Self {
        self.cost = cost;
        self
    }

    /// The same path measuring `length`: for a domain whose costs are not
    /// the length people read (a grid path's cost is in fixed-point units,
    /// its length `straight + √2·diagonal`).
    #[must_use]
    pub fn measuring(mut self, length: f64) -> Self {
        self.length = Some(length);
        self
    }

    /// The length people read: what [`measuring`](Self::measuring) set,
    /// else the cost.
    #[must_use]
    #[expect(
        clippy::cast_precision_loss,
        reason = "a length for display: costs far below 2^53"
    )]
    pub fn length(&self) -> f64 {
        self.length.unwrap_or(self.cost as f64)
    }

    /// The number of actions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// What the path costs: its number of actions where each costs 1.
    #[must_use]
    pub fn cost(&self) -> usize {
        self.cost
    }

    /// Whether the path is empty (the start was the goal).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The path in its domain's notation: `rdr`, `3 2 5`.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What its actions are called: `moves`, `flips`.
    #[must_use]
    pub fn unit(&self) -> &'static str {
        self.unit
    }

    /// The actions, if they are `A`s (a board's [`sliding_puzzle::Move`]s,
    /// a stack's [`pancake::Flip`]s).
    #[must_use]
    pub fn actions<A: 'static>(&self) -> Option<&[A]> {
        self.actions.downcast_ref::<Vec<A>>().map(Vec::as_slice)
    }
}

impl PartialEq for Path {
    fn eq(&self, other: &Self) -> bool {
        (self.len, self.cost, &self.text, self.unit)
            == (other.len, other.cost, &other.text, other.unit)
    }
}

impl Eq for Path {}

impl fmt::Debug for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {:?}", self.len, self.unit, self.text)
    }
}

/// What a strategy answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A solution (optimal for the optimal algorithms), already replayed to
    /// the goal.
    Solved(Path),
    /// The instance cannot reach the goal (a board found so by its parity,
    /// before any search; a map whose goal is walled off).
    Unsolvable,
    /// A limit stopped the search before it found a solution.
    Stopped(Limit),
}

/// One instance solved by one strategy: the answer and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    /// The answer.
    pub answer: Answer,
    /// What the search reported: nodes expanded and generated (the start
    /// included), the most states stored at once (the path, for IDA*),
    /// IDA*'s iterations (their bounds in the domain's costs, widened to
    /// `u64`), the search's own time. All zero for a table lookup (whose
    /// `elapsed` is the lookup's) and for a board found unsolvable before
    /// any search.
    pub stats: Stats<u64>,
    /// Wall time of the whole call, allocation of fresh tables included and
    /// the replay check excluded.
    pub elapsed: Duration,
}

impl Attempt {
    /// The answer to an instance found unsolvable before any search.
    #[must_use]
    pub fn unsolvable() -> Self {
        Attempt {
            answer: Answer::Unsolvable,
            stats: Stats::default(),
            elapsed: Duration::ZERO,
        }
    }

    /// The attempt of a search that returned `result` after `elapsed`, its
    /// solution (if any) replayed by `replay`, which returns the path or
    /// why it does not reach the goal.
    ///
    /// # Errors
    ///
    /// [`SolveError::WrongSolution`] with `replay`'s complaint, for
    /// `strategy` on `instance` (in one line).
    pub fn of_search<P: frontier::SearchProblem<Cost: Into<u64>>>(
        result: ResultOf<P>,
        elapsed: Duration,
        (strategy, instance): (Strategy, &dyn Fn() -> String),
        replay: impl FnOnce(Vec<P::Action>) -> Result<Path, String>,
    ) -> Result<Attempt, SolveError> {
        let frontier::SearchResult { outcome, stats } = result;
        let stats = Stats {
            expanded: stats.expanded,
            generated: stats.generated,
            peak_stored: stats.peak_stored,
            iterations: stats
                .iterations
                .into_iter()
                .map(|iteration| Iteration {
                    bound: iteration.bound.into(),
                    expanded: iteration.expanded,
                    generated: iteration.generated,
                })
                .collect(),
            elapsed: stats.elapsed,
        };
        let answer = match outcome {
            Outcome::Found(solution) => {
                Answer::Solved(replay(solution.actions).map_err(|error| {
                    SolveError::WrongSolution {
                        strategy,
                        instance: instance(),
                        error,
                    }
                })?)
            }
            Outcome::Unreachable => Answer::Unsolvable,
            Outcome::LimitReached(limit) => Answer::Stopped(limit),
        };
        Ok(Attempt {
            answer,
            stats,
            elapsed,
        })
    }

    /// The number of moves, if solved.
    #[must_use]
    pub fn moves(&self) -> Option<usize> {
        match &self.answer {
            Answer::Solved(path) => Some(path.len()),
            _ => None,
        }
    }

    /// What the solution costs, if solved: its number of moves in a domain
    /// where every move costs 1.
    #[must_use]
    pub fn cost(&self) -> Option<usize> {
        match &self.answer {
            Answer::Solved(path) => Some(path.cost()),
            _ => None,
        }
    }

    /// The solution's length as people read it ([`Path::length`]), if
    /// solved.
    #[must_use]
    pub fn length(&self) -> Option<f64> {
        match &self.answer {
            Answer::Solved(path) => Some(path.length()),
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

/// Why an instance could not be solved by a strategy at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The domain does not offer the strategy.
    #[error("{strategy} cannot solve {instances} ({reason})")]
    Unsupported {
        /// The strategy asked for.
        strategy: Strategy,
        /// What the domain's instances are called: `3x3 boards`.
        instances: &'static str,
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
    /// The strategy returned a solution that does not reach the goal: a
    /// bug in `frontier` or a domain's crate, never bad input.
    #[error("{strategy} returned a path that does not solve {instance}: {error}")]
    WrongSolution {
        /// The strategy that answered.
        strategy: Strategy,
        /// The instance, in one-line form.
        instance: String,
        /// What the replay found.
        error: String,
    },
}

impl SolveError {
    /// Whether the error is a bug in this project (a wrong solution)
    /// rather than a strategy that cannot be used here.
    #[must_use]
    pub fn is_bug(&self) -> bool {
        matches!(self, SolveError::WrongSolution { .. })
    }
}

/// Solves instances of any [`Domain`] with any [`Strategy`], keeping what
/// can be reused from one to the next: each domain's buffers (IDA*'s, made
/// on the domain's first instance), and, shared with the solvers made by
/// [`sharing`](Self::sharing), the pattern databases (loaded on first use)
/// and the number of threads IDA* runs on. A domain's tables built once
/// (the 3x3 table) are the domain's own, shared by every solver.
#[derive(Debug)]
pub struct Solver {
    context: Context,
    kept: HashMap<TypeId, Box<dyn Any + Send + Sync>>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver that keeps pattern databases in `target/pdb-cache` and runs
    /// IDA* on the calling thread.
    #[must_use]
    pub fn new() -> Self {
        Solver {
            context: Context {
                databases: Arc::new(PatternDatabases::default()),
                jobs: 1,
            },
            kept: HashMap::new(),
        }
    }

    /// A solver with buffers of its own that shares this one's pattern
    /// databases and settings: one per thread.
    #[must_use]
    pub fn sharing(&self) -> Solver {
        Solver {
            context: self.context.clone(),
            kept: HashMap::new(),
        }
    }

    /// The same solver, running IDA* on `jobs` threads (1, the default:
    /// on the calling thread; at most [`MAX_JOBS`](crate::jobs::MAX_JOBS),
    /// more are taken as that: the programs cap `--jobs` first, see
    /// [`jobs`](crate::jobs)). Every iteration but the last expands the
    /// same nodes whatever the number; see [`frontier::ParallelIdaStar`].
    #[must_use]
    pub fn with_jobs(mut self, jobs: usize) -> Self {
        self.context.jobs = jobs.min(crate::jobs::MAX_JOBS);
        self.kept.clear();
        self
    }

    /// The same solver, taking its pattern databases from `databases`
    /// (shared with other solvers).
    #[must_use]
    pub fn with_databases(mut self, databases: Arc<PatternDatabases>) -> Self {
        self.context.databases = databases;
        self
    }

    /// The pattern databases this solver uses.
    #[must_use]
    pub fn databases(&self) -> &Arc<PatternDatabases> {
        &self.context.databases
    }

    /// `domain`'s buffers in this solver, made on first use, and the
    /// shared context.
    fn parts<D: Domain>(&mut self, domain: &D) -> (&mut D::Kept, &Context) {
        let kept = self
            .kept
            .entry(TypeId::of::<D>())
            .or_insert_with(|| Box::new(domain.kept(&self.context)));
        // cannot fail: the entry of `D`'s type id holds a `D::Kept`
        let kept = kept.downcast_mut().expect("a domain's own buffers");
        (kept, &self.context)
    }

    /// Builds or loads now what `strategy` needs for `domain`'s instances
    /// (the 3x3 table, a pattern database), so that no instance's time
    /// includes it and a table that cannot be had is reported before any.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] if the domain does not offer the
    /// strategy; [`SolveError::Unavailable`] if its tables can be neither
    /// loaded nor built.
    pub fn prepare<D: Domain>(&mut self, domain: &D, strategy: Strategy) -> Result<(), SolveError> {
        unsupported(domain, strategy)?;
        let (kept, context) = self.parts(domain);
        domain.prepare(strategy, kept, context)
    }

    /// Solves `instance` of `domain` with `strategy` under `limits`
    /// (ignored by a lookup) and replays the answer before returning it.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::Limits;
    /// use frontier_cli::domains::boards::EIGHT;
    /// use frontier_cli::strategy::{Algorithm, Answer, HeuristicName, Solver, Strategy};
    ///
    /// let board = "2 3 4 1 5 x 7 6 8".parse()?;
    /// let mut solver = Solver::new();
    /// let ida = Strategy::new(Algorithm::IdaStar, HeuristicName::Manhattan);
    /// let attempt = solver.solve(&EIGHT, &board, ida, &Limits::new())?;
    /// assert_eq!(attempt.moves(), Some(19));
    /// assert!(attempt.stats.generated > attempt.stats.expanded);
    /// let swapped = "2 1 3 4 5 6 7 8 x".parse()?;
    /// let attempt = solver.solve(&EIGHT, &swapped, Strategy::plain(Algorithm::Table), &Limits::new())?;
    /// assert_eq!(attempt.answer, Answer::Unsolvable);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] for a strategy the domain does not offer
    /// (the table or a dense table on a 4x4 board, a pattern database on a
    /// 3x3 board); [`SolveError::Unavailable`] if a pattern database can be
    /// neither loaded nor built; [`SolveError::WrongSolution`] if the
    /// answer does not replay to the goal.
    pub fn solve<D: Domain>(
        &mut self,
        domain: &D,
        instance: &D::Instance,
        strategy: Strategy,
        limits: &Limits<u32>,
    ) -> Result<Attempt, SolveError> {
        unsupported(domain, strategy)?;
        let (kept, context) = self.parts(domain);
        domain.solve(instance, strategy, limits, kept, context)
    }
}

impl SolveError {
    /// A strategy the domain offers but its problem's type cannot run
    /// (the registry returned no result): a fault of the programs' wiring,
    /// reported rather than a panic.
    pub(crate) fn cannot_run(strategy: Strategy, instances: &'static str) -> Self {
        SolveError::Unsupported {
            strategy,
            instances,
            reason: "the domain offers it, but its problem cannot run it",
        }
    }
}

/// [`SolveError::Unsupported`] if `domain` does not offer `strategy`.
fn unsupported<D: Domain>(domain: &D, strategy: Strategy) -> Result<(), SolveError> {
    match domain.refusal(strategy) {
        Some(reason) => Err(SolveError::Unsupported {
            strategy,
            instances: domain.instances(),
            reason,
        }),
        None => Ok(()),
    }
}

/// Runs `search` and times it.
pub fn timed_search<R>(search: impl FnOnce() -> R) -> (R, Duration) {
    let started = Instant::now();
    let result = search();
    (result, started.elapsed())
}

#[cfg(test)]
mod tests {
    use super::*;

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
