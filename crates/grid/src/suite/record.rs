//! One search of one query, judged: the length it must have
//! ([`Expected`]), how the search did ([`Verdict`]) and what it cost
//! ([`Record`]); a path that does not replay ([`ReplayBug`]).

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use frontier::Limit;

use super::Suite;
use crate::{Query, ReplayError};

/// An algorithm as the report knows it: by its names, and by whether it
/// promises the shortest path (a longer path from it fails the run). Any
/// small value that tells the searches of a run apart will do: an enum of
/// a program's choices (`frontier grid` labels its records with the
/// searches `--algo` names), or a unit struct for a single search.
///
/// # Example
///
/// ```
/// use grid::suite::Algorithm;
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// enum Mine {
///     AStar,
///     Greedy,
/// }
///
/// impl Algorithm for Mine {
///     fn name(&self) -> &str {
///         match self {
///             Mine::AStar => "astar",
///             Mine::Greedy => "greedy",
///         }
///     }
///     fn label(&self) -> &str {
///         match self {
///             Mine::AStar => "A*",
///             Mine::Greedy => "greedy",
///         }
///     }
///     fn is_optimal(&self) -> bool {
///         *self == Mine::AStar
///     }
/// }
///
/// assert_eq!(Mine::AStar.label(), "A*");
/// ```
pub trait Algorithm: Copy + Eq {
    /// A short name, with no spaces, for csv rows and drawing ids:
    /// `astar`, `jps+`.
    fn name(&self) -> &str;

    /// The name in tables, notes and headings: `A*`, `JPS+`.
    fn label(&self) -> &str;

    /// Whether its paths are the shortest: if so, a longer one is a
    /// failure ([`Record::is_failure`]); if not, it is counted.
    fn is_optimal(&self) -> bool;
}

/// The length a query's answer must have.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Expected {
    /// The shortest length, or `None` where no path exists (a scenario
    /// prints `0` for a query between two different cells with no path).
    pub length: Option<f64>,
    /// How far a length may be from it and still be it.
    pub tolerance: f64,
}

impl Expected {
    /// The length `query` prints, the optimum under octile movement.
    #[must_use]
    pub fn of_query(query: &Query) -> Expected {
        let no_path = query.optimal == 0.0 && query.start != query.goal;
        Expected {
            length: (!no_path).then_some(query.optimal),
            tolerance: query.tolerance,
        }
    }

    /// A length measured by a search (plain A* under movements other than
    /// octile): equal lengths are equal counts of straight and diagonal
    /// steps (√2 is irrational), so they are the same `f64`.
    #[must_use]
    pub fn measured(length: Option<f64>) -> Expected {
        Expected {
            length,
            tolerance: 1e-9,
        }
    }

    /// How a search that found `found` (`None`: no path) did.
    #[must_use]
    pub fn judge(&self, found: Option<f64>) -> Verdict {
        match (self.length, found) {
            (None, None) => Verdict::Optimal,
            (Some(length), Some(found)) if (found - length).abs() <= self.tolerance => {
                Verdict::Optimal
            }
            (Some(length), Some(found)) if found > length => Verdict::Longer,
            _ => Verdict::Wrong,
        }
    }
}

/// How one search of one query went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The shortest length (or no path where there is none).
    Optimal,
    /// A longer path: expected of greedy search, a failure of the others.
    Longer,
    /// A shorter path than the optimum, a path where there is none or none
    /// where there is one: always a failure.
    Wrong,
    /// Stopped by a limit before an answer: the expansion limit
    /// ([`Limit::Expanded`]) is counted, not failed (it is the caller's
    /// budget: `frontier grid` gives IDA*, which repeats its work at every
    /// bound, `--max-nodes`); any other ([`Limit::Memory`]: the tables
    /// outgrew the memory) leaves the query unanswered, a failure.
    Stopped(Limit),
}

/// One search of one query, by the algorithm `A` labels.
#[derive(Clone, Debug, PartialEq)]
pub struct Record<A> {
    /// The map's index in [`Suite::maps`].
    pub map: usize,
    /// The query's index in that map's
    /// [`MapSet::queries`](super::MapSet::queries).
    pub query: usize,
    /// The algorithm.
    pub algorithm: A,
    /// The length to match.
    pub expected: Expected,
    /// The length of the path found (replayed), `None` if none was.
    pub found: Option<f64>,
    /// How that compares.
    pub verdict: Verdict,
    /// Nodes expanded.
    pub expanded: u64,
    /// The most states the search stored at once.
    pub peak_stored: usize,
    /// The search's time, problem built and path replayed outside it.
    pub elapsed: Duration,
}

impl<A: Algorithm> Record<A> {
    /// Whether this search fails the run: a wrong answer, a longer path
    /// from an algorithm that promises the shortest
    /// ([`Algorithm::is_optimal`]), or a stop by any limit but the
    /// expansion limit ([`Verdict::Stopped`]).
    #[must_use]
    pub fn is_failure(&self) -> bool {
        match self.verdict {
            Verdict::Wrong => true,
            Verdict::Longer => self.algorithm.is_optimal(),
            Verdict::Stopped(limit) => limit != Limit::Expanded,
            Verdict::Optimal => false,
        }
    }
}

impl<A> Record<A> {
    /// The limit that stopped the search, if one did.
    #[must_use]
    pub fn limit(&self) -> Option<Limit> {
        match self.verdict {
            Verdict::Stopped(limit) => Some(limit),
            _ => None,
        }
    }
}

/// A path that does not replay: a bug in a search or in the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayBug<A> {
    /// The scenario file of the query.
    pub scenario: PathBuf,
    /// The query's line.
    pub line: usize,
    /// The map's name.
    pub map: String,
    /// The search whose path it is (`None`: the plain A* measuring the
    /// optimum under a movement other than octile, [`Expected::measured`]).
    pub algorithm: Option<A>,
    /// What is wrong with it.
    pub error: ReplayError,
}

impl<A> ReplayBug<A> {
    /// The bug in the path `algorithm` found for query `query` of map
    /// `map` of `suite` (indices into [`Suite::maps`] and
    /// [`MapSet::queries`](super::MapSet::queries)).
    ///
    /// # Panics
    ///
    /// If there is no such map or query.
    #[must_use]
    pub fn new(
        suite: &Suite,
        (map, query): (usize, usize),
        algorithm: Option<A>,
        error: ReplayError,
    ) -> Self {
        let set = &suite.maps[map];
        let (scenario, query) = &set.queries[query];
        ReplayBug {
            scenario: suite.scenarios[*scenario].clone(),
            line: query.line,
            map: set.name.clone(),
            algorithm,
            error,
        }
    }
}

impl<A: Algorithm> fmt::Display for ReplayBug<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = self
            .algorithm
            .as_ref()
            .map_or("A* (the reference)", Algorithm::label);
        write!(
            f,
            "{}: line {}: the path {label} found on {} does not replay: {}",
            self.scenario.display(),
            self.line,
            self.map,
            self.error
        )
    }
}

impl<A: Algorithm + fmt::Debug> std::error::Error for ReplayBug<A> {}
