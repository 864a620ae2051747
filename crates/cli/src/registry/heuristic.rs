//! The heuristics of the registry: each domain declares its own, one row
//! of plain values each ([`HeuristicRow`]); the registry owns only the
//! row type, the handle the programs pass around ([`Heuristic`]) and
//! [`Heuristic::ZERO`], which every domain offers.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

/// What a domain says of one of its heuristics.
#[derive(Debug)]
pub struct HeuristicRow {
    /// The command-line value: `manhattan`, `linear-conflict`, `pdb-7-8`.
    pub name: &'static str,
    /// The name people read: `manhattan`, `linear conflict`.
    pub label: &'static str,
    /// The `--help` line.
    pub help: &'static str,
    /// Whether `compare` runs it by default.
    pub compared: bool,
    /// Whether it looks boards up in pattern databases: the options of
    /// [`DatabaseArgs`](crate::databases::DatabaseArgs) (`--dual`,
    /// `--no-reflection`, `--cache-dir`) change its lookups, and do
    /// nothing to the others.
    pub pattern_database: bool,
    /// The kind of instance it measures, as the domains that offer it name
    /// their kind ([`DomainInfo::kind`](crate::domain::DomainInfo::kind)):
    /// `sliding-puzzle boards`; empty for a heuristic of every kind.
    pub kind: &'static str,
    /// Why a domain of another kind refuses it: `it measures
    /// sliding-puzzle boards`.
    pub measures: &'static str,
    /// Why a domain of its own kind that does not offer it refuses it
    /// (`its pattern database is for 4x4 boards`); `None`: [`measures`](Self::measures).
    pub narrower: Option<&'static str>,
}

impl HeuristicRow {
    /// A row that `compare` runs by default and that looks nothing up,
    /// of `kind`, refused elsewhere because it `measures`.
    #[must_use]
    pub const fn new(
        [name, label, help]: [&'static str; 3],
        kind: &'static str,
        measures: &'static str,
    ) -> Self {
        HeuristicRow {
            name,
            label,
            help,
            compared: true,
            pattern_database: false,
            kind,
            measures,
            narrower: None,
        }
    }

    /// The same row, which `compare` does not run by default.
    #[must_use]
    pub const fn not_compared(mut self) -> Self {
        self.compared = false;
        self
    }

    /// The same row, a pattern database's lookup: not run by `compare`
    /// by default (its tables take time to build), refused by the other
    /// domains of its kind because `narrower`.
    #[must_use]
    pub const fn pattern_database(mut self, narrower: &'static str) -> Self {
        self.compared = false;
        self.pattern_database = true;
        self.narrower = Some(narrower);
        self
    }
}

/// A heuristic, by its domain's row: what a [`Strategy`](crate::strategy::Strategy)
/// names. Two are equal when their command-line names are: the boards'
/// `manhattan` and the terrain's are one heuristic to a user, each domain
/// building its own.
#[derive(Clone, Copy)]
pub struct Heuristic(&'static HeuristicRow);

impl Heuristic {
    /// No information: A* becomes Dijkstra, IDA* iterative deepening.
    /// Every domain offers it.
    pub const ZERO: Heuristic = Heuristic(&HeuristicRow {
        name: "zero",
        label: "zero",
        help: "No information: A* becomes Dijkstra, IDA* iterative deepening",
        compared: false,
        pattern_database: false,
        kind: "",
        measures: "it measures nothing",
        narrower: None,
    });

    /// The heuristic of `row`.
    #[must_use]
    pub const fn new(row: &'static HeuristicRow) -> Self {
        Heuristic(row)
    }

    /// Its row.
    #[must_use]
    pub const fn row(self) -> &'static HeuristicRow {
        self.0
    }

    /// The command-line value: `manhattan`, `linear-conflict`,
    /// `pdb-7-8`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.0.name
    }

    /// The name people read: `manhattan`, `linear conflict`.
    #[must_use]
    pub const fn label(self) -> &'static str {
        self.0.label
    }

    /// Whether `compare` runs it by default.
    #[must_use]
    pub const fn is_compared(self) -> bool {
        self.0.compared
    }

    /// Whether it looks boards up in pattern databases, whose lookups the
    /// options of [`DatabaseArgs`](crate::databases::DatabaseArgs) change.
    #[must_use]
    pub const fn uses_pattern_database(self) -> bool {
        self.0.pattern_database
    }
}

impl PartialEq for Heuristic {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Heuristic {}

impl Hash for Heuristic {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl PartialOrd for Heuristic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Heuristic {
    /// By name: a stable order for sets of strategies. Strength is the
    /// domains' to say, by the order of their lists
    /// ([`DomainInfo::heuristics`](crate::domain::DomainInfo::heuristics)).
    fn cmp(&self, other: &Self) -> Ordering {
        self.name().cmp(other.name())
    }
}

impl fmt::Debug for Heuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Heuristic({})", self.name())
    }
}

impl fmt::Display for Heuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}
