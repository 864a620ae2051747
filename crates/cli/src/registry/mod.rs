//! The registry: every algorithm the programs offer, each described once
//! in a table of plain values with the capabilities it needs
//! ([`algorithm`]), the handle of the heuristics the domains declare
//! ([`heuristic`]), and [`run`], through which the programs call
//! [`frontier`]'s searches.
//!
//! The registry knows no domain. A domain (see [`crate::domain`]) declares
//! the capabilities its problems have and the heuristics it offers;
//! whether a strategy runs on it, and the reason when it does not, follow
//! from those declarations.
//!
//! # How to add an algorithm
//!
//! 1. A variant of [`Algorithm`] and its row in [`Algorithm::entry`]: the
//!    command-line value, the label of tables and charts, the `--help`
//!    line, whether it is guided by a heuristic, the dense-table twin
//!    of another entry (same nodes, another memory layout: compared with one
//!    heuristic only, left out of the chart), a search at all (`false` for
//!    a lookup), optimal (`compare` requires optimal entries to agree and
//!    the others to be no shorter), and the [`Capability`]s it needs. Add
//!    it to [`Algorithm::ALL`], in the order of the comparison.
//! 2. How it runs: a line in [`run`] if every problem can run it (it needs
//!    only [`SearchProblem`]), else in the group of the capability it
//!    needs ([`bidirectional`], [`dense`], [`in_place`], [`bpmx`]), which
//!    the problems that have that capability call from
//!    [`Searchable::special`].
//!
//! `eight --algo`, `fifteen --algo`, `compare --algorithms` and the others
//! then accept it, every domain with the capabilities runs it (the others
//! refuse it with the capability's reason), the CSV and JSON name it, and
//! the chart draws it (in [`Algorithm::ALL`]'s order).
//!
//! # How to add a heuristic
//!
//! In the domain that offers it: a row ([`HeuristicRow`]) in the domain's
//! list, weakest first, and the code that builds it in the domain's
//! `solve`. The other domains refuse it with the row's reason.
//!
//! # Why no macro
//!
//! The tables are `match`es over the variants: every entry is listed by
//! name, so a forgotten row does not compile, and the searches stay
//! monomorphised: [`run`] is generic over the problem, which each domain
//! builds with its concrete heuristic.

pub mod algorithm;
pub mod heuristic;
mod kept;

use std::ops::Sub;

use frontier::{
    AStar, Bae, Bfs, BidirectionalBfs, BidirectionalProblem, Dvcbs, Greedy, IdaStar,
    InPlaceProblem, Limits, Mm, Nbs, RankedStates, ReversibleProblem, SearchProblem, SearchResult,
};

pub use algorithm::{Algorithm, AlgorithmEntry, Capabilities, Capability};
pub use heuristic::{Heuristic, HeuristicRow};
pub use kept::{Kept, reused, reused_backward};

/// What a search of a domain's problem `P` returns.
pub type ResultOf<P> = SearchResult<
    <P as SearchProblem>::State,
    <P as SearchProblem>::Action,
    <P as SearchProblem>::Cost,
>;

/// What a domain's problem can be searched with beyond what every problem
/// can ([`SearchProblem`]): the searches that need a capability of its
/// type (searching backward, ranked states, moves made in place,
/// reversible moves). [`run`] asks [`special`](Self::special) first.
///
/// Costs may be any integer that holds the programs' `u32` limits: the
/// boards and stacks cost `u32`, the grid maps `u64`.
pub trait Searchable: SearchProblem<Cost: From<u32> + Send + Sync> + Sync {
    /// The searches this problem's type runs its own way: usually the
    /// capability groups it has, chained (`bidirectional(…).or_else(||
    /// bpmx(…))`). `None` for an algorithm it leaves to [`run`] (BFS, A*,
    /// greedy search, IDA* by value) or cannot run.
    fn special(
        &self,
        algorithm: Algorithm,
        limits: &Limits<Self::Cost>,
        kept: &mut Kept<Self::State, Self::Action, Self::Cost>,
    ) -> Option<ResultOf<Self>> {
        let _ = (algorithm, limits, kept);
        None
    }
}

/// Runs `algorithm` on `problem` under `limits`: every call to one of
/// frontier's algorithms in the programs goes through here. `None` when
/// the problem's type cannot run it (its domain refuses it first).
pub fn run<P>(
    algorithm: Algorithm,
    problem: &P,
    limits: &Limits<u32>,
    kept: &mut Kept<P::State, P::Action, P::Cost>,
) -> Option<ResultOf<P>>
where
    P: Searchable,
    P::State: Send + Sync,
    P::Action: Send + Sync,
{
    // The programs' limits bound costs as `u32`, the boards' and stacks'.
    let limits = limits.in_cost::<P::Cost>();
    if let Some(result) = problem.special(algorithm, &limits, kept) {
        return Some(result);
    }
    match algorithm {
        Algorithm::Bfs => Some(Bfs::new().limits(limits).search(problem)),
        Algorithm::AStar => Some(AStar::new().limits(limits).search(problem)),
        Algorithm::Greedy => Some(Greedy::new().limits(limits).search(problem)),
        Algorithm::IdaStar => Some(if let Some(parallel) = &mut kept.parallel_ida {
            parallel.set_limits(limits);
            parallel.search(problem)
        } else {
            kept.ida.set_limits(limits);
            kept.ida.search(problem)
        }),
        _ => None,
    }
}

/// Bidirectional BFS, MM, NBS, DVCBS and BAE*: for a problem that searches
/// backward.
pub fn bidirectional<P: BidirectionalProblem>(
    algorithm: Algorithm,
    problem: &P,
    limits: &Limits<P::Cost>,
) -> Option<ResultOf<P>> {
    match algorithm {
        Algorithm::Bidirectional => Some(BidirectionalBfs::new().limits(limits).search(problem)),
        Algorithm::Mm => Some(Mm::new().limits(limits).search(problem)),
        Algorithm::Nbs => Some(Nbs::new().limits(limits).search(problem)),
        Algorithm::Dvcbs => Some(Dvcbs::new().limits(limits).search(problem)),
        Algorithm::Bae => Some(Bae::new().limits(limits).search(problem)),
        _ => None,
    }
}

/// The dense-table twins of BFS, bidirectional BFS and A*: for a problem
/// that ranks its states and searches backward.
pub fn dense<P: BidirectionalProblem + RankedStates>(
    algorithm: Algorithm,
    problem: &P,
    limits: &Limits<P::Cost>,
) -> Option<ResultOf<P>> {
    match algorithm {
        Algorithm::BfsDense => Some(Bfs::new().dense().limits(limits).search(problem)),
        Algorithm::BidirectionalDense => Some(
            BidirectionalBfs::new()
                .dense()
                .limits(limits)
                .search(problem),
        ),
        Algorithm::AStarDense => Some(AStar::new().dense().limits(limits).search(problem)),
        _ => None,
    }
}

/// IDA* on one state changed in place (on `--jobs` threads if asked):
/// the nodes of IDA* by value, fewer instructions each.
pub fn in_place<P>(
    algorithm: Algorithm,
    problem: &P,
    limits: &Limits<P::Cost>,
    kept: &mut Kept<P::State, P::Action, P::Cost>,
) -> Option<ResultOf<P>>
where
    P: InPlaceProblem<Cost: Send + Sync> + Sync,
    P::State: Send + Sync,
    P::Action: Send + Sync,
{
    if algorithm != Algorithm::IdaStar {
        return None;
    }
    Some(if let Some(parallel) = &mut kept.parallel_ida {
        parallel.set_limits(limits);
        parallel.search_in_place(problem)
    } else {
        kept.ida.set_limits(limits);
        kept.ida.search_in_place(problem)
    })
}

/// IDA* with bidirectional pathmax: for a problem whose moves can be
/// undone at the same cost.
pub fn bpmx<P: ReversibleProblem<Cost: Sub<Output = P::Cost>>>(
    algorithm: Algorithm,
    problem: &P,
    limits: &Limits<P::Cost>,
    kept: &mut Kept<P::State, P::Action, P::Cost>,
) -> Option<ResultOf<P>> {
    if algorithm != Algorithm::IdaStarBpmx {
        return None;
    }
    let ida = kept.ida_bpmx.get_or_insert_with(|| IdaStar::new().bpmx());
    ida.set_limits(limits);
    Some(ida.search(problem))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_clap_values() {
        use clap::ValueEnum;
        for &algorithm in Algorithm::ALL {
            let value = algorithm.to_possible_value().unwrap();
            assert_eq!(value.get_name(), algorithm.name());
            assert_eq!(Algorithm::from_str(algorithm.name(), false), Ok(algorithm));
        }
        assert_eq!(Algorithm::ALL.len(), Algorithm::value_variants().len());
    }

    #[test]
    fn every_variant_is_listed_once_in_order() {
        let mut algorithms = Algorithm::ALL.to_vec();
        algorithms.sort_unstable();
        algorithms.dedup();
        assert_eq!(
            algorithms,
            Algorithm::ALL,
            "ALL lists each algorithm once, in order"
        );
    }
}
