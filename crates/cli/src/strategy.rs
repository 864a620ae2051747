//! Solving one instance with a named strategy: an algorithm of
//! [`frontier`] (or a lookup in precomputed data) and, for the guided
//! algorithms, a heuristic, both taken from the [`registry`](crate::registry),
//! in the instance's [`Domain`](crate::domain::Domain). Shared by the
//! programs, which differ only in how they read instances and report
//! answers.
//!
//! Every answer is replayed by its domain before
//! [`Solver::solve`](crate::domain::Solver::solve) returns
//! it, and a board is checked for solvability first, so no strategy ever
//! searches an unsolvable board (IDA* would never stop, and BFS would
//! exhaust half of a 4x4 space).

use std::any::Any;
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use frontier::solution::Iteration;
use frontier::{Limit, Outcome, Stats};

use crate::registry::ResultOf;
pub use crate::registry::{Algorithm, Heuristic};

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
/// use frontier_cli::domains::{DOMAINS, heuristics_of};
/// use frontier_cli::strategy::{Algorithm, Heuristic, ignored_heuristic};
///
/// #[derive(Parser)]
/// struct Args {
///     #[arg(long, value_enum)]
///     algo: Option<Algorithm>,
///     #[arg(long, value_parser = heuristics_of(&DOMAINS), default_value = "manhattan")]
///     heuristic: Heuristic,
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
    heuristic: Heuristic,
) -> Option<String> {
    use clap::parser::ValueSource;

    let algorithm = algorithm?;
    let given = matches.value_source("heuristic") == Some(ValueSource::CommandLine);
    if !given || algorithm.uses_heuristic() {
        return None;
    }
    Some(format!(
        "--heuristic {} has no effect with --algo {}, which uses no heuristic: \
         leave --heuristic out, or choose an algorithm that uses one",
        heuristic.name(),
        algorithm.name(),
    ))
}

/// An algorithm and, if it uses one, a heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strategy {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The heuristic; `None` for the algorithms that use none.
    pub heuristic: Option<Heuristic>,
}

impl Strategy {
    /// `algorithm` with `heuristic`, which is dropped when the algorithm
    /// uses no heuristic (so equal strategies compare equal).
    #[must_use]
    pub fn new(algorithm: Algorithm, heuristic: Heuristic) -> Self {
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
        self.heuristic.map_or("-", Heuristic::label)
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

    /// The solution, if solved.
    fn path(&self) -> Option<&Path> {
        match &self.answer {
            Answer::Solved(path) => Some(path),
            _ => None,
        }
    }

    /// The number of moves, if solved.
    #[must_use]
    pub fn moves(&self) -> Option<usize> {
        self.path().map(Path::len)
    }

    /// What the solution costs, if solved: its number of moves in a domain
    /// where every move costs 1.
    #[must_use]
    pub fn cost(&self) -> Option<usize> {
        self.path().map(Path::cost)
    }

    /// The solution's length as people read it ([`Path::length`]), if
    /// solved.
    #[must_use]
    pub fn length(&self) -> Option<f64> {
        self.path().map(Path::length)
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
        heuristic: Heuristic,
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

    /// [`SolveError::Unavailable`]: `heuristic`'s tables cannot be had,
    /// for `reason`.
    pub(crate) fn unavailable(heuristic: Heuristic, reason: impl fmt::Display) -> Self {
        SolveError::Unavailable {
            heuristic,
            reason: reason.to_string(),
        }
    }
}

/// Runs `f` and times it: the one clock of the programs' reports.
pub fn timed<R>(f: impl FnOnce() -> R) -> (R, Duration) {
    let started = Instant::now();
    let result = f();
    (result, started.elapsed())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        let strategy = Strategy::new(
            Algorithm::AStar,
            crate::domains::heuristic("linear-conflict").unwrap(),
        );
        assert_eq!(strategy.to_string(), "A* (linear conflict)");
        assert_eq!(
            Strategy::new(
                Algorithm::Bfs,
                crate::domains::heuristic("manhattan").unwrap()
            )
            .heuristic,
            None
        );
        assert_eq!(
            Strategy::plain(Algorithm::BfsDense).to_string(),
            "bfs dense"
        );
        assert_eq!(Strategy::plain(Algorithm::Table).heuristic_label(), "-");
    }
}
