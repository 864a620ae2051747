//! The domains the programs solve: 3x3, 4x4 and 5x5 sliding boards, pancake
//! stacks, terrain maps and the queries of grid-map scenarios, each one
//! module of [`crate::domains`] that implements [`Domain`], and one line of
//! [`DOMAINS`].
//!
//! A domain says what its instances are, which algorithms and heuristics
//! of the [`registry`](crate::registry) it offers (and why not the
//! others), how one strategy solves one instance (building the heuristic
//! and handing the problem to [`registry::run`](crate::registry::run)),
//! how a solution is replayed and checked, and how an instance is printed.
//! The programs work through it: [`Solver::solve`](crate::strategy::Solver::solve)
//! for one instance of a known domain, [`Start`] and [`AnyDomain`] for the
//! comparison's sets, which mix domains.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use frontier::Limits;

use crate::registry::{Algorithm, HeuristicName};
use crate::strategy::{Attempt, SolveError, Solver, Strategy};

/// What a domain is called and what it offers: the part of [`Domain`]
/// that does not depend on its types, so [`AnyDomain`] trait objects have
/// it too.
pub trait DomainInfo: Send + Sync {
    /// The short name in set names and tables: `3x3`, `pancake`.
    fn name(&self) -> &'static str;

    /// What its instances are called in messages: `3x3 boards`.
    fn instances(&self) -> &'static str;

    /// Why the domain does not offer `algorithm`, or `None` if it does.
    fn algorithm_refusal(&self, algorithm: Algorithm) -> Option<&'static str>;

    /// Why the domain does not offer `heuristic`, or `None` if it does.
    fn heuristic_refusal(&self, heuristic: HeuristicName) -> Option<&'static str>;

    /// Whether `compare`'s chart draws a panel for it.
    fn charted(&self) -> bool {
        false
    }

    /// Whether `algorithm`'s answers are the cheapest here: the registry's
    /// [`is_optimal`](Algorithm::is_optimal) unless the domain's moves
    /// cost more than 1 (breadth-first searches then find the fewest
    /// moves, not the cheapest path).
    fn is_optimal(&self, algorithm: Algorithm) -> bool {
        algorithm.is_optimal()
    }

    /// Why `strategy` cannot run on this domain: the algorithm's refusal,
    /// else the heuristic's; `None` if it can.
    fn refusal(&self, strategy: Strategy) -> Option<&'static str> {
        self.algorithm_refusal(strategy.algorithm)
            .or_else(|| self.heuristic_refusal(strategy.heuristic?))
    }
}

/// One kind of instance the programs solve: what it is called and offers
/// ([`DomainInfo`]), and how it solves one instance.
pub trait Domain: DomainInfo + 'static {
    /// An instance: a board, a stack, a map.
    type Instance: Clone + Send + Sync + 'static;
    /// What a thread keeps from one instance to the next (IDA*'s buffers,
    /// a table built once).
    type Kept: Send + Sync + 'static;

    /// A thread's buffers, for IDA* on `context.jobs` threads.
    fn kept(&self, context: &Context) -> Self::Kept;

    /// Builds or loads now what `strategy` needs (a table, a pattern
    /// database), so that no instance's time includes it.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unavailable`] if a table can be neither loaded nor
    /// built.
    fn prepare(
        &self,
        strategy: Strategy,
        kept: &mut Self::Kept,
        context: &Context,
    ) -> Result<(), SolveError> {
        let _ = (strategy, kept, context);
        Ok(())
    }

    /// Solves `instance` with `strategy` (which the domain offers) under
    /// `limits`, and replays the answer before returning it.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unavailable`] for a table that cannot be had;
    /// [`SolveError::WrongSolution`] if the answer does not replay to the
    /// goal.
    fn solve(
        &self,
        instance: &Self::Instance,
        strategy: Strategy,
        limits: &Limits<u32>,
        kept: &mut Self::Kept,
        context: &Context,
    ) -> Result<Attempt, SolveError>;

    /// The instance in one line: the tiles, the pancakes top first.
    fn to_line(&self, instance: &Self::Instance) -> String;
}

/// What every domain's solver shares, set by the programs' options.
#[derive(Clone, Debug)]
pub struct Context {
    /// The pattern databases of the board heuristics.
    pub databases: Arc<crate::registry::PatternDatabases>,
    /// How many threads IDA* runs on (1: the calling thread).
    pub jobs: usize,
}

/// A [`Domain`] seen without its types: what the comparison, whose sets
/// mix domains, needs. Every domain is one, through the blanket
/// implementation.
pub trait AnyDomain: DomainInfo {
    /// [`Solver::prepare`] for this domain.
    ///
    /// # Errors
    ///
    /// As [`Solver::prepare`].
    fn prepare_in(&self, strategy: Strategy, solver: &mut Solver) -> Result<(), SolveError>;
    /// [`Solver::solve`] of `instance`, which must be one of this domain's.
    ///
    /// # Errors
    ///
    /// As [`Solver::solve`].
    fn solve_in(
        &self,
        instance: &(dyn Any + Send + Sync),
        strategy: Strategy,
        limits: &Limits<u32>,
        solver: &mut Solver,
    ) -> Result<Attempt, SolveError>;
    /// [`Domain::to_line`] of `instance`, which must be one of this
    /// domain's.
    fn line_of(&self, instance: &(dyn Any + Send + Sync)) -> String;
}

impl<D: Domain> AnyDomain for D {
    fn prepare_in(&self, strategy: Strategy, solver: &mut Solver) -> Result<(), SolveError> {
        solver.prepare(self, strategy)
    }

    fn solve_in(
        &self,
        instance: &(dyn Any + Send + Sync),
        strategy: Strategy,
        limits: &Limits<u32>,
        solver: &mut Solver,
    ) -> Result<Attempt, SolveError> {
        solver.solve(self, own(instance), strategy, limits)
    }

    fn line_of(&self, instance: &(dyn Any + Send + Sync)) -> String {
        self.to_line(own(instance))
    }
}

/// `instance` as one of `D`'s.
///
/// # Panics
///
/// If it is another domain's: [`Start`] keeps each instance with its own
/// domain, so only a misuse of [`AnyDomain`] can do that.
fn own<I: 'static>(instance: &(dyn Any + Send + Sync)) -> &I {
    // cannot fail through `Start`, which pairs each instance with its domain
    instance
        .downcast_ref()
        .expect("an instance of the domain it is solved in")
}

/// A parser of `--algo` values for a program that solves `domains`:
/// `--help` lists the algorithms at least one of them offers, each with
/// its help line. The others are still read, so that the solver can
/// refuse them with the domain's reason.
#[must_use]
pub fn algorithms_of(
    domains: &'static [&'static dyn AnyDomain],
) -> impl clap::builder::TypedValueParser<Value = Algorithm> {
    listed(
        Algorithm::ALL,
        |a| (a.name(), a.entry().help),
        move |a| domains.iter().any(|d| d.algorithm_refusal(a).is_none()),
    )
}

/// A parser of `--heuristic` values for a program that solves `domains`:
/// `--help` lists the heuristics at least one of them offers, as
/// [`algorithms_of`].
#[must_use]
pub fn heuristics_of(
    domains: &'static [&'static dyn AnyDomain],
) -> impl clap::builder::TypedValueParser<Value = HeuristicName> {
    listed(
        HeuristicName::ALL,
        |h| (h.name(), h.entry().help),
        move |h| domains.iter().any(|d| d.heuristic_refusal(h).is_none()),
    )
}

/// A parser of the values `all`, each named and described by `entry`,
/// those not `shown` hidden from `--help`.
fn listed<T: Copy + Send + Sync + 'static>(
    all: &'static [T],
    entry: fn(T) -> (&'static str, &'static str),
    shown: impl Fn(T) -> bool,
) -> impl clap::builder::TypedValueParser<Value = T> {
    let values = all.iter().map(|&value| {
        let (name, help) = entry(value);
        clap::builder::PossibleValue::new(name)
            .help(help)
            .hide(!shown(value))
    });
    clap::builder::TypedValueParser::try_map(
        clap::builder::PossibleValuesParser::new(values),
        move |name: String| {
            // The parser accepted only these names.
            all.iter()
                .copied()
                .find(|&value| entry(value).0 == name)
                .ok_or(clap::Error::new(clap::error::ErrorKind::InvalidValue))
        },
    )
}

/// The strategies `domain` offers: every algorithm alone or with each
/// heuristic, in the registry's order.
#[must_use]
pub fn strategies_offered(domain: &dyn AnyDomain) -> Vec<Strategy> {
    let mut strategies = Vec::new();
    for &algorithm in Algorithm::ALL {
        if algorithm.uses_heuristic() {
            strategies.extend(
                HeuristicName::ALL
                    .iter()
                    .map(|&heuristic| Strategy::new(algorithm, heuristic)),
            );
        } else {
            strategies.push(Strategy::plain(algorithm));
        }
    }
    strategies.retain(|s| s.handles(domain));
    strategies
}

/// An instance of some domain, with its domain: what the comparison's
/// sets hold.
#[derive(Clone)]
pub struct Start {
    domain: &'static dyn AnyDomain,
    instance: Arc<dyn Any + Send + Sync>,
}

impl Start {
    /// `instance` of `domain`.
    #[must_use]
    pub fn new<D: Domain>(domain: &'static D, instance: D::Instance) -> Self {
        Start {
            domain,
            instance: Arc::new(instance),
        }
    }

    /// Its domain.
    #[must_use]
    pub fn domain(&self) -> &'static dyn AnyDomain {
        self.domain
    }

    /// The instance, to be read as its domain's type.
    #[must_use]
    pub fn instance(&self) -> &(dyn Any + Send + Sync) {
        &*self.instance
    }

    /// The one-line form: the tiles, or the pancakes top first.
    #[must_use]
    pub fn to_line(&self) -> String {
        self.domain.line_of(self.instance())
    }

    /// Solves it with `strategy` under `limits` ([`Solver::solve`]).
    ///
    /// # Errors
    ///
    /// As [`Solver::solve`].
    pub fn solve(
        &self,
        strategy: Strategy,
        limits: &Limits<u32>,
        solver: &mut Solver,
    ) -> Result<Attempt, SolveError> {
        self.domain
            .solve_in(self.instance(), strategy, limits, solver)
    }
}

impl PartialEq for Start {
    /// The same domain and the same instance, as printed.
    fn eq(&self, other: &Self) -> bool {
        self.domain.name() == other.domain.name() && self.to_line() == other.to_line()
    }
}

impl Eq for Start {}

impl fmt::Debug for Start {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {:?}", self.domain.name(), self.to_line())
    }
}

/// Every domain, in the order of the comparison and its chart. A new
/// domain is a module of [`crate::domains`] and a line here.
pub static DOMAINS: [&dyn AnyDomain; 6] = [
    &crate::domains::boards::EIGHT,
    &crate::domains::boards::FIFTEEN,
    &crate::domains::large_boards::TWENTYFOUR,
    &crate::domains::pancakes::PANCAKES,
    &crate::domains::terrain::TERRAIN,
    &crate::domains::grids::GRIDS,
];
