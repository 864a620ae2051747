//! The domains, one module each: what [`Domain`](crate::domain::Domain)
//! asks of a kind of instance, for sliding boards, pancake stacks, terrain
//! maps, knight moves and grid maps; and [`DOMAINS`], the one list of them.
//!
//! A new domain is a module here and a line of [`DOMAINS`]: the programs
//! and the comparison find it, its heuristics and its capabilities there.

use std::sync::LazyLock;

use crate::domain::{AnyDomain, Reader};
use crate::registry::{Algorithm, Heuristic};

pub mod boards;
pub mod cubes;
pub mod grids;
pub mod knights;
pub mod large_boards;
pub mod pancakes;
pub mod terrain;

/// Every domain, in the order of the comparison and its chart. Knight
/// cases are here for their heuristic and the checks every domain passes:
/// `compare` has no knight set and draws no knight panel.
pub static DOMAINS: [&dyn AnyDomain; 8] = [
    &boards::EIGHT,
    &boards::FIFTEEN,
    &large_boards::TWENTYFOUR,
    &pancakes::PANCAKES,
    &terrain::TERRAIN,
    &knights::KNIGHTS,
    &grids::GRIDS,
    &cubes::CUBES,
];

/// Every file reader some domain declares ([`DomainInfo::reader`](crate::domain::DomainInfo::reader)),
/// once each (by kind), in the domains' order: the kinds `compare
/// --input` reads.
///
/// # Example
///
/// ```
/// use frontier_cli::domains::readers;
///
/// let kinds: Vec<_> = readers().iter().map(|r| r.kind).collect();
/// assert_eq!(kinds[..2], ["boards", "pancakes"]);
/// ```
#[must_use]
pub fn readers() -> Vec<&'static Reader> {
    let mut all: Vec<&'static Reader> = Vec::new();
    for reader in DOMAINS.iter().filter_map(|domain| domain.reader()) {
        if all.iter().all(|known| known.kind != reader.kind) {
            all.push(reader);
        }
    }
    all
}

/// The reader of files of `kind` (`boards`, `maps`), or an error that
/// lists the kinds there are: `compare --input`'s parser.
///
/// # Errors
///
/// No domain reads files of that kind.
pub fn reader(kind: &str) -> Result<&'static Reader, String> {
    let all = readers();
    all.iter().copied().find(|r| r.kind == kind).ok_or_else(|| {
        let kinds: Vec<_> = all.iter().map(|r| r.kind).collect();
        format!(
            "no domain reads files of kind '{}': expected one of {}",
            frontier_text::excerpt(kind),
            kinds.join(", ")
        )
    })
}

/// Every heuristic some domain offers, once each (by name), in the
/// domains' order and each domain's (weakest first): the values
/// `--heuristic` reads, and the order of the chart's colours.
///
/// # Example
///
/// ```
/// use frontier_cli::domains::heuristics;
///
/// let names: Vec<_> = heuristics().iter().map(|h| h.name()).collect();
/// assert_eq!(names[..4], ["zero", "misplaced", "manhattan", "linear-conflict"]);
/// assert_eq!(names[names.len() - 5..], ["octile", "cube-small", "corners", "korf", "sevens"]);
/// ```
#[must_use]
pub fn heuristics() -> &'static [Heuristic] {
    /// The list, gathered on first use.
    static ALL: LazyLock<Vec<Heuristic>> = LazyLock::new(|| {
        unique(
            DOMAINS
                .iter()
                .flat_map(|domain| domain.heuristics().iter().copied()),
        )
    });
    &ALL
}

/// `values` without repeats, each where it first stands.
pub(crate) fn unique<T: PartialEq>(values: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut unique = Vec::new();
    for value in values {
        if !unique.contains(&value) {
            unique.push(value);
        }
    }
    unique
}

/// The heuristic called `name` by some domain, if any.
#[must_use]
pub fn heuristic(name: &str) -> Option<Heuristic> {
    heuristics().iter().copied().find(|h| h.name() == name)
}

/// Where `heuristic` stands in [`heuristics`]: weaker heuristics of a
/// domain come first.
#[must_use]
pub fn strength(heuristic: Heuristic) -> usize {
    heuristics()
        .iter()
        .position(|&h| h == heuristic)
        .unwrap_or(usize::MAX)
}

/// The heuristics `compare` runs by default, weakest first.
///
/// # Example
///
/// ```
/// use frontier_cli::domains::compared_heuristics;
///
/// let names: Vec<_> = compared_heuristics().iter().map(|h| h.name()).collect();
/// assert_eq!(
///     names,
///     [
///         "misplaced", "manhattan", "linear-conflict", "gap-3", "gap-2", "gap-1", "gap", "octile",
///         "cube-small"
///     ]
/// );
/// ```
#[must_use]
pub fn compared_heuristics() -> Vec<Heuristic> {
    heuristics()
        .iter()
        .copied()
        .filter(|h| h.is_compared())
        .collect()
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
) -> impl clap::builder::TypedValueParser<Value = Heuristic> {
    listed(
        heuristics(),
        |h| (h.name(), h.row().help),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_heuristic_is_listed_once_and_no_name_is_shared() {
        let mut names: Vec<_> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        names.extend(heuristics().iter().map(|h| h.name()));
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(
            names.len(),
            count,
            "no two entries share a command-line value"
        );
    }

    #[test]
    fn every_domain_offers_zero_and_lists_its_heuristics_weakest_first() {
        for domain in DOMAINS {
            let offered = domain.heuristics();
            assert_eq!(offered.first(), Some(&Heuristic::ZERO), "{}", domain.name());
            assert!(
                offered.is_sorted_by_key(|&h| strength(h)),
                "{}: {offered:?}",
                domain.name()
            );
            for &heuristic in heuristics() {
                let refused = domain.heuristic_refusal(heuristic);
                assert_eq!(refused.is_none(), offered.contains(&heuristic));
            }
        }
    }
}
