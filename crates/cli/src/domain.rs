//! The domains the programs solve, as the programs see them: what a
//! domain declares ([`DomainInfo`]: its name, the capabilities of its
//! problems, its heuristics), how it solves one instance ([`Domain`]), and
//! [`Solver`], which solves instances of any domain and keeps what can be
//! reused. The domains themselves are the modules of [`crate::domains`],
//! listed once in [`crate::domains::DOMAINS`].
//!
//! Whether a domain runs a strategy, and why not, follows from its
//! declarations: an algorithm runs where the domain has every
//! [`Capability`] the algorithm needs, a heuristic where the domain lists
//! it. The refusal messages are the capabilities' and the heuristics' own
//! ([`Capability::refusal`], [`HeuristicRow`](crate::registry::HeuristicRow)),
//! so no domain names another's heuristics or algorithms.

use std::any::{Any, TypeId};
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::sync::Arc;

use frontier::Limits;
use sliding_puzzle::heuristic::pdb::PatternDatabases;

use crate::registry::{Algorithm, Capabilities, Capability, Heuristic};
use crate::strategy::{Attempt, SolveError, Strategy};

/// What a domain is called and what it offers: the part of [`Domain`]
/// that does not depend on its types, so [`AnyDomain`] trait objects have
/// it too.
pub trait DomainInfo: Send + Sync {
    /// The short name in set names and tables: `3x3`, `pancake`.
    fn name(&self) -> &'static str;

    /// What its instances are called in messages: `3x3 boards`.
    fn instances(&self) -> &'static str;

    /// The kind of instance, as the rows of its heuristics name it
    /// ([`HeuristicRow::kind`](crate::registry::HeuristicRow::kind)):
    /// `sliding-puzzle boards` for every board size.
    fn kind(&self) -> &'static str;

    /// What its problems can do beyond a forward search.
    fn capabilities(&self) -> Capabilities;

    /// The heuristics it offers, weakest first ([`Heuristic::ZERO`]
    /// among them): the comparison gives a dense-table algorithm the last
    /// one it is asked for.
    fn heuristics(&self) -> &'static [Heuristic];

    /// Why the domain refuses `heuristic`, which it does not offer, when
    /// the heuristic's own reason would mislead: a heuristic of another
    /// kind that looks as if it fits (Manhattan distance on a map whose
    /// diagonal steps cost √2). `None`: the heuristic's reason.
    fn declined(&self, heuristic: Heuristic) -> Option<&'static str> {
        let _ = heuristic;
        None
    }

    /// Why the domain does not run `algorithm`, or `None` if it does: the
    /// reason of the first capability the algorithm needs and the domain
    /// lacks.
    fn algorithm_refusal(&self, algorithm: Algorithm) -> Option<&'static str> {
        self.capabilities()
            .lacking(algorithm.needs())
            .map(Capability::refusal)
    }

    /// Why the domain does not offer `heuristic`, or `None` if it does:
    /// its [`declined`](Self::declined) reason, else the heuristic's
    /// narrower reason for a domain of its kind, else what it measures.
    fn heuristic_refusal(&self, heuristic: Heuristic) -> Option<&'static str> {
        if self.heuristics().contains(&heuristic) {
            return None;
        }
        let row = heuristic.row();
        Some(self.declined(heuristic).unwrap_or(match row.narrower {
            Some(narrower) if row.kind == self.kind() => narrower,
            _ => row.measures,
        }))
    }

    /// Whether `compare`'s chart draws a panel for it.
    fn charted(&self) -> bool {
        false
    }

    /// The sets `compare` runs when given no file, sized by `sizes`:
    /// none by default.
    fn default_sets(&self, sizes: &DefaultSets) -> Vec<BoardSet> {
        let _ = sizes;
        Vec::new()
    }

    /// How `compare --input` reads a file of its instances, if it reads
    /// any: [`Reader`]. Domains that share a file format (3x3 and 4x4
    /// boards) share one reader.
    fn reader(&self) -> Option<&'static Reader> {
        None
    }

    /// The line `compare` adds to its closing notes for the `count`
    /// instances of this domain it ran, when their answers were checked
    /// beyond the cross-check (a grid scenario's published length), or
    /// `None`.
    fn checked_note(&self, count: usize) -> Option<String> {
        let _ = count;
        None
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

/// How `compare --input KIND:FILE` reads a file of a domain's instances,
/// declared by the domain ([`DomainInfo::reader`]): the comparison knows
/// no domain's file format.
#[derive(Clone, Copy, Debug)]
pub struct Reader {
    /// The kind as `--input` names it: `boards`, `pancakes`.
    pub kind: &'static str,
    /// What a file holds, for `--help`.
    pub help: &'static str,
    /// What a file without any set lacks, for the error: `solvable board`.
    pub what: &'static str,
    /// Reads the file at the path (a regular file of bounded size, through
    /// [`frontier_text::read_file`]): its sets, and one message per line it
    /// skipped; an error message that stops the run.
    pub read: fn(&std::path::Path) -> Result<ReadSets, String>,
}

/// What a [`Reader`] read: the sets, and one message per line skipped.
pub type ReadSets = (Vec<BoardSet>, Vec<String>);

/// The name (without its folders) and the bytes of the regular file at
/// `path`, of bounded size ([`frontier_text::read_file`]): what most
/// [`Reader`]s start with.
///
/// # Errors
///
/// The file cannot be read, as [`frontier_text::ReadError`]'s message.
pub fn named_file(path: &std::path::Path) -> Result<(String, Vec<u8>), String> {
    let bytes = frontier_text::read_file(path).map_err(|err| err.to_string())?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Ok((name, bytes))
}

/// Reads a file of instances, one per line, blank lines and lines
/// starting with `#` skipped: what the line-per-instance [`Reader`]s share.
/// `parse` reads a line (trimmed) into its instance and the key of its
/// set, or says why it skips the line. Returns a set per key, in key
/// order, named `{name} {label(key)}`, and one message per line skipped
/// (`name:line: reason`, a line that is not UTF-8 among them).
pub(crate) fn read_lines<K: Ord>(
    name: &str,
    text: &[u8],
    mut parse: impl FnMut(&str) -> Result<(K, Start), String>,
    label: impl Fn(K) -> String,
) -> ReadSets {
    let mut by_key: BTreeMap<K, Vec<Instance>> = BTreeMap::new();
    let mut skipped = Vec::new();
    for (number, line) in frontier_text::content_lines(text) {
        match line.map_err(|err| err.to_string()).and_then(&mut parse) {
            Ok((key, start)) => by_key.entry(key).or_default().push(Instance {
                start,
                origin: format!("line {number}"),
                known_length: None,
            }),
            Err(reason) => skipped.push(format!("{name}:{number}: {reason}")),
        }
    }
    let sets = by_key
        .into_iter()
        .map(|(key, instances)| BoardSet {
            // cannot fail: a set holds at least the instance that opened it
            domain: instances[0].start.domain(),
            name: format!("{name} {}", label(key)),
            instances,
        })
        .collect();
    (sets, skipped)
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
    pub databases: Arc<PatternDatabases>,
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

impl Strategy {
    /// Why the strategy cannot solve `domain`'s instances, or `None` if it
    /// can: the domain must offer both the algorithm and the heuristic.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier_cli::domains::boards::{EIGHT, FIFTEEN};
    /// use frontier_cli::domains::heuristic;
    /// use frontier_cli::strategy::{Algorithm, Strategy};
    ///
    /// let pdb = Strategy::new(Algorithm::IdaStar, heuristic("pdb-7-8").unwrap());
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

/// The strategies `domain` offers: every algorithm alone or with each of
/// the domain's heuristics, in the registry's order.
#[must_use]
pub fn strategies_offered(domain: &dyn AnyDomain) -> Vec<Strategy> {
    let mut strategies = Vec::new();
    for &algorithm in Algorithm::ALL {
        if algorithm.uses_heuristic() {
            strategies.extend(
                domain
                    .heuristics()
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

/// POJ 1077's sample board.
pub const POJ_SAMPLE: &str = "2 3 4 1 5 x 7 6 8";

/// How large the comparison's default sets are: a knob per domain that
/// offers default sets ([`DomainInfo::default_sets`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefaultSets {
    /// How many uniformly random solvable 3x3 boards.
    pub random: usize,
    /// The seed of the random boards and walks.
    pub seed: u64,
    /// The lengths of the random walks from the 4x4 goal.
    pub walks: Vec<usize>,
    /// How many of Korf's instances, easiest (shortest optimal solution)
    /// first.
    pub korf: usize,
    /// The sizes of the random pancake stacks, a set per size.
    pub stack_sizes: Vec<usize>,
    /// How many random pancake stacks of each size.
    pub stacks: usize,
}

impl Default for DefaultSets {
    fn default() -> Self {
        DefaultSets {
            random: 100,
            seed: 1077,
            walks: vec![10, 20, 30, 40, 50],
            korf: 2,
            stack_sizes: vec![8, 10, 12],
            stacks: 5,
        }
    }
}

/// An instance to solve, with where it comes from and, if published, its
/// optimal length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The board, stack or map, with its domain.
    pub start: Start,
    /// Where it comes from: `seed 3`, `korf #16`, `line 7`.
    pub origin: String,
    /// The published optimal length, if known.
    pub known_length: Option<usize>,
}

/// Instances of one domain, compared as a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSet {
    /// The name in the table: `3x3 random`, `4x4 korf`.
    pub name: String,
    /// The domain of every instance of the set.
    pub domain: &'static dyn AnyDomain,
    /// The instances.
    pub instances: Vec<Instance>,
}

impl PartialEq for &'static dyn AnyDomain {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl Eq for &'static dyn AnyDomain {}

impl std::fmt::Debug for dyn AnyDomain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
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
    /// use frontier_cli::domain::Solver;
    /// use frontier_cli::domains::heuristic;
    /// use frontier_cli::strategy::{Algorithm, Answer, Strategy};
    ///
    /// let board = "2 3 4 1 5 x 7 6 8".parse()?;
    /// let mut solver = Solver::new();
    /// let ida = Strategy::new(Algorithm::IdaStar, heuristic("manhattan").unwrap());
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

/// [`SolveError::Unsupported`] if `domain` does not offer `strategy`.
pub(crate) fn unsupported<D: DomainInfo>(domain: &D, strategy: Strategy) -> Result<(), SolveError> {
    match domain.refusal(strategy) {
        Some(reason) => Err(SolveError::Unsupported {
            strategy,
            instances: domain.instances(),
            reason,
        }),
        None => Ok(()),
    }
}
