//! Pattern databases (Culberson & Schaeffer 1998), additive when the
//! abstraction charges only its own moves (Korf & Felner 2002): a problem
//! describes an abstract space through [`Abstraction`], [`PatternTable::build`]
//! fills a table of exact abstract distances to the abstract goals by a
//! breadth-first search backward over that space, and the table persists in
//! a checked file.
//!
//! # How the table is built
//!
//! The search is a layered 0-1 breadth-first search over ranks: steps are
//! [free or unit](AbstractStep). Layer `d` holds the candidates for
//! distance `d`. A candidate not yet claimed is claimed, unranked and
//! expanded, and so is everything a depth-first walk along free steps
//! claims from it (those states are at the same distance); unit steps only
//! mark their ranks as candidates for layer `d + 1`. Three bits per rank
//! (`seen`, this layer, the next layer's candidates) are all the
//! bookkeeping: no queue of states is stored, so memory is
//! `3 * state_count / 8` bytes plus one byte per table entry, known before
//! the build starts. Each layer is split into chunks of ranks that worker
//! threads expand in parallel (with the default `parallel` feature, on
//! rayon's global pool; run the build inside `ThreadPool::install` to
//! choose the threads), claiming states with atomic bit operations.
//!
//! Unit steps land anywhere in the bitmaps, so their cache misses dominate
//! large builds: the `seen` and next-layer bits of a rank share a cache
//! line, and each rank is prefetched when generated and marked a few steps
//! later. An abstraction whose free steps form large connected groups can
//! go further and make each group one state (sliding-tile patterns do:
//! one state per region of cells the blank reaches freely), leaving only
//! unit steps.
//!
//! An entry of the table is the smallest distance of the abstract states
//! mapped to it by [`Abstraction::entry`]; distances are stored in one byte,
//! saturated at [`MAX_DISTANCE`] (still a lower bound), and entries no
//! abstract state reaches hold [`UNREACHED`].

use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// One step of the backward search, into the state being expanded: free
/// (it costs nothing) or unit (it costs one).
///
/// Additive pattern databases charge a step only when it moves something
/// the pattern tracks (a tile of the pattern's group); every other step is
/// free, which is what lets the values of disjoint patterns be added.
///
/// The two kinds name their state differently because the builder treats
/// them differently: a free predecessor is at the same distance and is
/// expanded at once, so it comes as a state; a unit predecessor is only
/// marked as a candidate for the next layer (and rebuilt with
/// [`Abstraction::unrank`] if it is expanded then), so its rank is all the
/// builder needs, and an abstraction can often compute the rank without
/// building the state.
///
/// Returned by [`Abstraction::predecessors`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AbstractStep<S> {
    /// A predecessor whose step costs nothing.
    Free(S),
    /// The rank of a predecessor whose step costs one.
    Unit(u64),
}

/// An abstract state space for a pattern database, described by ranks.
///
/// A concrete problem maps each of its states to an abstract state (for a
/// sliding-tile puzzle: where the pattern's tiles and the blank are, all
/// other tiles forgotten). The abstract distance to the abstract goal is a
/// lower bound on the concrete distance, provided every concrete move maps
/// to an abstract step that costs no more. [`PatternTable::build`] computes
/// these distances for every abstract state and stores them by
/// [`entry`](Self::entry).
///
/// The abstract space is numbered: every state has a rank in
/// `0..state_count()`, and [`unrank`](Self::unrank) gives it back. The
/// builder stores nothing but one bit per rank, so the rank must be cheap and
/// dense; the states themselves are rebuilt from ranks when needed.
///
/// # Example
///
/// A database for [`toy::Doubling`](crate::toy::Doubling) that counts only
/// the `'+'` steps: doubling is free in the abstraction, so the table holds
/// the fewest `'+'` steps from each number to the target, a lower bound on
/// the cheapest cost (a `'+'` costs 1, a `'*'` costs 2 ≥ 0).
///
/// ```
/// use frontier::{AbstractStep, Abstraction, PatternTable};
///
/// struct PlusSteps { target: u32 }
///
/// impl Abstraction for PlusSteps {
///     type State = u32;
///     fn state_count(&self) -> u64 { u64::from(self.target) + 1 }
///     fn rank(&self, n: &u32) -> u64 { u64::from(*n) }
///     fn unrank(&self, rank: u64) -> u32 { u32::try_from(rank).unwrap() }
///     fn goals(&self) -> impl Iterator<Item = u32> { std::iter::once(self.target) }
///     fn predecessors(&self, n: &u32) -> impl Iterator<Item = AbstractStep<u32>> {
///         // Doubling's moves, read backward: m + 1 = n, or m * 2 = n.
///         let n = *n;
///         let add = (n > 1).then(|| AbstractStep::Unit(u64::from(n - 1)));
///         let double = (n % 2 == 0 && n > 0).then(|| AbstractStep::Free(n / 2));
///         add.into_iter().chain(double)
///     }
/// }
///
/// let table = PatternTable::build(&PlusSteps { target: 10 }, |_| {})?;
/// assert_eq!(table.get(10), 0);
/// assert_eq!(table.get(5), 0); // 5 * 2 = 10
/// assert_eq!(table.get(9), 1); // 9 + 1 = 10
/// assert_eq!(table.get(3), 2); // 3 + 1 + 1 = 5, 5 * 2 = 10
/// # Ok::<(), frontier::PdbError>(())
/// ```
pub trait Abstraction: Sync {
    /// An abstract state, rebuilt from its rank by [`unrank`](Self::unrank).
    /// It may carry derived data (its rank, an occupancy mask) so that
    /// [`predecessors`](Self::predecessors) and [`rank`](Self::rank) are
    /// cheap. The builder only moves states, never clones them; small
    /// states without heap data are fastest.
    type State;

    /// The number of ranks: every reachable abstract state ranks below it.
    ///
    /// The builder allocates three bits per rank up front. A count larger
    /// than needed only costs that memory; a rank at or above it makes the
    /// build panic with the offending rank.
    fn state_count(&self) -> u64;

    /// The rank of `state`, in `0..state_count()`.
    ///
    /// Contract: injective on the states reachable from the goals. Two
    /// states sharing a rank are treated as one: only the first reached is
    /// expanded, so the predecessors of the other may be missed and their
    /// entries come out too large (an overestimating, inadmissible
    /// heuristic) or [`UNREACHED`].
    fn rank(&self, state: &Self::State) -> u64;

    /// The state of rank `rank`, for every rank that [`rank`](Self::rank)
    /// returns.
    ///
    /// Contract: `rank(&unrank(r)) == r` for every rank of a reachable
    /// state, and `unrank(r)` has the predecessors and entry of the state
    /// ranked `r`. The builder never asks for a rank that `rank` did not
    /// produce (or a goal's). If `unrank` returns another state, the search
    /// expands the wrong state and the table is wrong in either direction.
    fn unrank(&self, rank: u64) -> Self::State;

    /// The abstract goals: the images of the concrete goal states.
    ///
    /// Contract: a missing goal makes the states near it look farther than
    /// they are (values may overestimate); an extra state that is not the
    /// image of a goal makes values smaller (still admissible, less
    /// informed). Duplicates are harmless.
    fn goals(&self) -> impl Iterator<Item = Self::State>;

    /// Every abstract state with a step into `state`, free or unit: the
    /// moves of the backward search. For problems whose moves are all
    /// reversible this is the successors of `state`. A unit step gives the
    /// predecessor's rank, as [`rank`](Self::rank) would.
    ///
    /// Contract in both directions: for every concrete move `a → b`, the
    /// abstraction of `a` must be listed among the predecessors of the
    /// abstraction of `b`, as [`AbstractStep::Unit`] only if the concrete
    /// move costs at least one (for an additive partition: only if it moves
    /// something this pattern tracks; each concrete move may be charged by
    /// at most one pattern of the partition, or the sum can overestimate).
    /// Missing predecessors, or unit costs where the concrete move is
    /// charged elsewhere, make values too large: the heuristic may then
    /// overestimate. Extra predecessors or free steps where a unit one would
    /// do keep the table admissible but less informed. Must be finite and
    /// deterministic; zero-cost cycles are fine.
    fn predecessors(&self, state: &Self::State) -> impl Iterator<Item = AbstractStep<Self::State>>;

    /// The number of table entries; one byte each. By default one per rank.
    ///
    /// Patterns whose abstract state includes something the stored value
    /// should not depend on (the blank's position, for sliding tiles) map
    /// several states to one entry and store their minimum distance.
    fn entry_count(&self) -> u64 {
        self.state_count()
    }

    /// The table entry of `state`, in `0..entry_count()`: the table stores
    /// the smallest distance of the states sharing an entry. By default the
    /// rank.
    ///
    /// Contract: below `entry_count()` (the build panics otherwise). A
    /// consumer looking a concrete state up must compute the entry of its
    /// abstraction the same way.
    fn entry(&self, state: &Self::State) -> u64 {
        self.rank(state)
    }
}

/// The largest distance a table stores; larger distances are stored as this
/// (a smaller value is still a lower bound).
pub const MAX_DISTANCE: u8 = u8::MAX - 1;

/// The value of an entry that no abstract state reaches (its states cannot
/// reach a goal).
pub const UNREACHED: u8 = u8::MAX;

/// Where a build stands, passed to the progress callback of
/// [`PatternTable::build`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BuildProgress {
    /// The layer being expanded: the abstract distance of its states.
    pub depth: u32,
    /// Abstract states expanded so far (their distance is final).
    pub expanded: u64,
    /// The number of ranks, [`Abstraction::state_count`]; `expanded` ends
    /// at the number of reachable states, which may be much smaller (when
    /// ranks are sparse).
    pub state_count: u64,
    /// Table entries whose value is known: the best measure of progress
    /// when every entry is reachable, as in sliding-tile patterns.
    pub entries: u64,
    /// The number of entries, [`Abstraction::entry_count`].
    pub entry_count: u64,
    /// Wall time since the build started.
    pub elapsed: Duration,
    /// Whether this is the last call: the build is complete.
    pub finished: bool,
}

/// How a [`PatternTable::load_or_build`] obtained its table.
#[derive(Debug)]
#[non_exhaustive]
pub enum CacheStatus {
    /// The cached file was valid and loaded.
    Loaded,
    /// The table was built and saved.
    Built {
        /// Why the cached file was not used: `None` if there was none,
        /// otherwise the error that rejected it (stale, truncated, foreign).
        rejected: Option<PdbError>,
        /// How long the build took.
        elapsed: Duration,
    },
}

impl fmt::Display for CacheStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CacheStatus::Loaded => f.write_str("loaded"),
            CacheStatus::Built {
                rejected: None,
                elapsed,
            } => write!(f, "built in {:.1} s", elapsed.as_secs_f64()),
            CacheStatus::Built {
                rejected: Some(error),
                elapsed,
            } => write!(f, "rebuilt in {:.1} s ({error})", elapsed.as_secs_f64()),
        }
    }
}

/// Why a pattern table could not be built, loaded or saved.
///
/// Every variant but [`Io`](Self::Io) and [`TooLarge`](Self::TooLarge)
/// means a file is not a valid table for the requested key.
/// [`PatternTable::load_or_build`] rebuilds whenever loading fails, for any
/// of these reasons or an unreadable file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PdbError {
    /// Reading or writing a file failed.
    #[error("cannot access pattern database {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: io::Error,
    },
    /// The file does not start with the pattern-database magic bytes.
    #[error("{path} is not a pattern database")]
    Foreign {
        /// The file.
        path: PathBuf,
    },
    /// The file was written in another format version.
    #[error("{path} has format version {found}, expected {expected}")]
    Version {
        /// The file.
        path: PathBuf,
        /// The version this library writes.
        expected: u32,
        /// The version in the file.
        found: u32,
    },
    /// The file holds a table for another abstraction (another board,
    /// pattern or ranking).
    #[error("{path} holds the table for {found:?}, expected {expected:?}")]
    Key {
        /// The file.
        path: PathBuf,
        /// The key asked for.
        expected: String,
        /// The key in the file.
        found: String,
    },
    /// The file holds another number of entries than the abstraction has.
    #[error("{path} holds {found} entries, expected {expected}")]
    EntryCount {
        /// The file.
        path: PathBuf,
        /// The abstraction's entry count.
        expected: u64,
        /// The count in the file's header.
        found: u64,
    },
    /// The file is shorter or longer than its header says.
    #[error("{path} is {found} bytes long, expected {expected}")]
    Length {
        /// The file.
        path: PathBuf,
        /// The length the header implies.
        expected: u64,
        /// The file's length.
        found: u64,
    },
    /// The entries do not match the header's checksum.
    #[error("{path} is corrupt: checksum {found:#018x}, expected {expected:#018x}")]
    Checksum {
        /// The file.
        path: PathBuf,
        /// The checksum in the header.
        expected: u64,
        /// The checksum of the entries read.
        found: u64,
    },
    /// The abstract space does not fit in this machine's address space.
    #[error("an abstract space of {states} states is too large to build here")]
    TooLarge {
        /// The requested state or entry count.
        states: u64,
    },
}

/// A pattern database: one byte per entry, the exact abstract distance from
/// the entry's abstract states to the abstract goal.
///
/// Built by [`build`](Self::build), saved and loaded with a checked header
/// by [`save`](Self::save) and [`load`](Self::load), or both through
/// [`load_or_build`](Self::load_or_build).
#[derive(Clone, PartialEq, Eq)]
pub struct PatternTable {
    entries: Vec<u8>,
}

impl fmt::Debug for PatternTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Half a gigabyte of entries helps nobody reading a debug print.
        f.debug_struct("PatternTable")
            .field("len", &self.entries.len())
            .finish_non_exhaustive()
    }
}

impl PatternTable {
    /// Builds the table of `abstraction` by a breadth-first search backward
    /// from its goals, calling `on_progress` as it goes.
    ///
    /// `on_progress` is called from the worker threads, a few thousand
    /// times over a build (about every 1/1000 of the states and at the end
    /// of every layer), and a last time with
    /// [`finished`](BuildProgress::finished) set; keep it cheap. Pass
    /// `|_| {}` to ignore it.
    ///
    /// # Example
    ///
    /// See [`Abstraction`].
    ///
    /// # Errors
    ///
    /// [`PdbError::TooLarge`] if `state_count` or `entry_count` cannot be
    /// addressed on this platform.
    ///
    /// # Panics
    ///
    /// If the abstraction breaks its contract by returning a rank or an
    /// entry out of range.
    ///
    /// # Complexity
    ///
    /// Time: every reachable abstract state is unranked at most once and
    /// expanded once, each step costs a rank and one or two bit operations,
    /// and every layer scans the three bitmaps (`state_count / 64` words
    /// each). Memory: `3 * state_count / 8 + entry_count` bytes, allocated
    /// up front.
    pub fn build<A, F>(abstraction: &A, on_progress: F) -> Result<Self, PdbError>
    where
        A: Abstraction,
        F: Fn(&BuildProgress) + Sync,
    {
        Ok(Builder::new(abstraction, &on_progress)?.run())
    }

    /// A table holding `entries` (values as [`get`](Self::get) returns
    /// them).
    #[must_use]
    pub fn from_entries(entries: Vec<u8>) -> Self {
        PatternTable { entries }
    }

    /// The value of `entry`: the abstract distance, saturated at
    /// [`MAX_DISTANCE`], or [`UNREACHED`].
    ///
    /// # Panics
    ///
    /// If `entry` is not below [`len`](Self::len).
    #[must_use]
    #[inline]
    pub fn get(&self, entry: u64) -> u8 {
        self.entries[index(entry)]
    }

    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table has no entries.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries, one byte each.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.entries
    }

    /// How many entries hold each value: `histogram()[v]` entries hold `v`.
    #[must_use]
    pub fn histogram(&self) -> [u64; 256] {
        let mut counts = [0u64; 256];
        for &value in &self.entries {
            counts[usize::from(value)] += 1;
        }
        counts
    }

    /// The checksum stored in a file's header: a 64-bit hash of the
    /// entries (not cryptographic; it catches truncation and corruption).
    #[must_use]
    pub fn checksum(&self) -> u64 {
        checksum(&self.entries)
    }

    /// Writes the table to `path` with a header naming `key`, the
    /// description of the abstraction (the problem, its size, the pattern,
    /// the ranking scheme: everything the values depend on).
    ///
    /// The file is written under a temporary name in the same directory
    /// (created if missing), flushed to disk, then renamed over `path`, so a
    /// reader never sees a half-written table under the final name.
    ///
    /// Layout, integers little-endian: the 8 magic bytes `FRPDB\r\n\x1a`,
    /// the format version (u32), the key's length (u32) and UTF-8 bytes, the
    /// entry count (u64), the [`checksum`](Self::checksum) (u64), then the
    /// entries.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::PatternTable;
    ///
    /// let dir = std::env::temp_dir().join(format!("frontier-doc-save-{}", std::process::id()));
    /// let path = dir.join("tiny.pdb");
    /// let table = PatternTable::from_entries(vec![0, 1, 2, 1]);
    /// table.save(&path, "tiny ring of 4")?;
    /// assert_eq!(PatternTable::load(&path, "tiny ring of 4", 4)?, table);
    /// assert!(PatternTable::load(&path, "another key", 4).is_err());
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// # Ok::<(), frontier::PdbError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`PdbError::Io`] if the directory, the temporary file or the rename
    /// fails; the temporary file is removed on failure.
    pub fn save(&self, path: &Path, key: &str) -> Result<(), PdbError> {
        let io_error = |source| PdbError::Io {
            path: path.to_path_buf(),
            source,
        };
        if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(io_error)?;
        }
        let temporary = temporary_path(path);
        let written = self
            .write_file(&temporary, key)
            .and_then(|()| fs::rename(&temporary, path));
        if let Err(source) = written {
            // Best effort: the error that matters is the one reported.
            let _ = fs::remove_file(&temporary);
            return Err(io_error(source));
        }
        Ok(())
    }

    fn write_file(&self, path: &Path, key: &str) -> io::Result<()> {
        let file = File::create(path)?;
        let mut out = BufWriter::new(file);
        out.write_all(&header(key, self.entries.len() as u64, self.checksum()))?;
        out.write_all(&self.entries)?;
        let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        file.sync_all()
    }

    /// Reads the table saved at `path`, checking every field of the header
    /// against what the caller expects and the entries against the
    /// checksum.
    ///
    /// # Errors
    ///
    /// [`PdbError::Io`] if the file cannot be read (including when it does
    /// not exist); [`Foreign`](PdbError::Foreign),
    /// [`Version`](PdbError::Version), [`Key`](PdbError::Key),
    /// [`EntryCount`](PdbError::EntryCount), [`Length`](PdbError::Length) or
    /// [`Checksum`](PdbError::Checksum) if it is not exactly a table saved
    /// with `key` and `entry_count` entries.
    pub fn load(path: &Path, key: &str, entry_count: u64) -> Result<Self, PdbError> {
        let io_error = |source| PdbError::Io {
            path: path.to_path_buf(),
            source,
        };
        let file = File::open(path).map_err(io_error)?;
        let length = file.metadata().map_err(io_error)?.len();
        let mut input = BufReader::new(file);
        let header = read_header(&mut input, path)?;
        if header.key != key {
            return Err(PdbError::Key {
                path: path.to_path_buf(),
                expected: key.to_owned(),
                found: header.key,
            });
        }
        if header.entry_count != entry_count {
            return Err(PdbError::EntryCount {
                path: path.to_path_buf(),
                expected: entry_count,
                found: header.entry_count,
            });
        }
        let expected = header.length + entry_count;
        if length != expected {
            return Err(PdbError::Length {
                path: path.to_path_buf(),
                expected,
                found: length,
            });
        }
        let size = usize::try_from(entry_count).map_err(|_| PdbError::TooLarge {
            states: entry_count,
        })?;
        let mut entries = vec![0; size];
        input.read_exact(&mut entries).map_err(io_error)?;
        let table = PatternTable { entries };
        let found = table.checksum();
        if found != header.checksum {
            return Err(PdbError::Checksum {
                path: path.to_path_buf(),
                expected: header.checksum,
                found,
            });
        }
        Ok(table)
    }

    /// Loads the table of `abstraction` saved at `path` under `key`, or, if
    /// there is none or it is not valid (stale, truncated, corrupt,
    /// foreign), builds it with [`build`](Self::build) and saves it there.
    /// An invalid file is never used.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::{CacheStatus, PatternTable};
    /// # use frontier::{AbstractStep, Abstraction};
    /// # struct Ring;
    /// # impl Abstraction for Ring {
    /// #     type State = u64;
    /// #     fn state_count(&self) -> u64 { 6 }
    /// #     fn rank(&self, n: &u64) -> u64 { *n }
    /// #     fn unrank(&self, rank: u64) -> u64 { rank }
    /// #     fn goals(&self) -> impl Iterator<Item = u64> { std::iter::once(0) }
    /// #     fn predecessors(&self, n: &u64) -> impl Iterator<Item = AbstractStep<u64>> {
    /// #         [(n + 1) % 6, (n + 5) % 6].map(AbstractStep::Unit).into_iter()
    /// #     }
    /// # }
    ///
    /// let dir = std::env::temp_dir().join(format!("frontier-doc-cache-{}", std::process::id()));
    /// let path = dir.join("ring.pdb");
    /// let (built, status) = PatternTable::load_or_build(&path, "ring of 6", &Ring, |_| {})?;
    /// assert!(matches!(status, CacheStatus::Built { rejected: None, .. }));
    /// let (loaded, status) = PatternTable::load_or_build(&path, "ring of 6", &Ring, |_| {})?;
    /// assert!(matches!(status, CacheStatus::Loaded));
    /// assert_eq!(loaded, built);
    /// assert_eq!(loaded.as_bytes(), [0, 1, 2, 3, 2, 1]);
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// # Ok::<(), frontier::PdbError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`build`](Self::build), and [`PdbError::Io`] if the built table
    /// cannot be saved.
    pub fn load_or_build<A, F>(
        path: &Path,
        key: &str,
        abstraction: &A,
        on_progress: F,
    ) -> Result<(Self, CacheStatus), PdbError>
    where
        A: Abstraction,
        F: Fn(&BuildProgress) + Sync,
    {
        let rejected = match Self::load(path, key, abstraction.entry_count()) {
            Ok(table) => return Ok((table, CacheStatus::Loaded)),
            Err(PdbError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => None,
            Err(error) => Some(error),
        };
        let started = Instant::now();
        let table = Self::build(abstraction, on_progress)?;
        let elapsed = started.elapsed();
        table.save(path, key)?;
        Ok((table, CacheStatus::Built { rejected, elapsed }))
    }
}

/// The version of the file layout written by [`PatternTable::save`].
const FORMAT_VERSION: u32 = 1;

/// The first bytes of every table file. The `\r\n` and `^Z` catch files
/// mangled by text-mode transfers, as PNG's signature does.
const MAGIC: [u8; 8] = *b"FRPDB\r\n\x1a";

/// Keys longer than this are not read: the file is foreign or corrupt.
const MAX_KEY_LENGTH: u32 = 4096;

fn header(key: &str, entry_count: u64, checksum: u64) -> Vec<u8> {
    // cannot fail for any key a caller means: keys are short descriptions
    let key_length = u32::try_from(key.len()).expect("pattern database key over 4 GiB");
    let mut out = Vec::with_capacity(32 + key.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&key_length.to_le_bytes());
    out.extend_from_slice(key.as_bytes());
    out.extend_from_slice(&entry_count.to_le_bytes());
    out.extend_from_slice(&checksum.to_le_bytes());
    out
}

/// A parsed file header.
struct Header {
    key: String,
    entry_count: u64,
    checksum: u64,
    /// The header's length in bytes.
    length: u64,
}

fn read_header(input: &mut impl Read, path: &Path) -> Result<Header, PdbError> {
    let foreign = || PdbError::Foreign {
        path: path.to_path_buf(),
    };
    // A file too short for its header is truncated or foreign: either way,
    // not a table.
    let mut fixed = [0u8; 16];
    input.read_exact(&mut fixed).map_err(|_| foreign())?;
    let (magic, rest) = fixed.split_at(8);
    if magic != MAGIC {
        return Err(foreign());
    }
    let version = u32::from_le_bytes(le_bytes(&rest[..4]));
    if version != FORMAT_VERSION {
        return Err(PdbError::Version {
            path: path.to_path_buf(),
            expected: FORMAT_VERSION,
            found: version,
        });
    }
    let key_length = u32::from_le_bytes(le_bytes(&rest[4..]));
    if key_length > MAX_KEY_LENGTH {
        return Err(foreign());
    }
    let mut key = vec![0; key_length as usize];
    let mut counts = [0u8; 16];
    input.read_exact(&mut key).map_err(|_| foreign())?;
    input.read_exact(&mut counts).map_err(|_| foreign())?;
    let key = String::from_utf8(key).map_err(|_| foreign())?;
    Ok(Header {
        key,
        entry_count: u64::from_le_bytes(le_bytes(&counts[..8])),
        checksum: u64::from_le_bytes(le_bytes(&counts[8..])),
        length: 32 + u64::from(key_length),
    })
}

fn le_bytes<const N: usize>(bytes: &[u8]) -> [u8; N] {
    // cannot fail: callers slice exactly N bytes out of fixed arrays
    bytes.try_into().expect("slice of the right length")
}

/// `path` with a temporary name in the same directory (so the rename stays
/// on one file system), unique per process and call.
fn temporary_path(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(
        ".tmp-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Relaxed)
    ));
    path.with_file_name(name)
}

/// A 64-bit hash of `bytes`, eight at a time: each step (xor, rotate,
/// multiply by an odd constant) is a bijection of the running hash, so any
/// change confined to one word, or a change of length, always changes it.
fn checksum(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut hash = (bytes.len() as u64).wrapping_mul(K);
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        hash = (hash ^ u64::from_le_bytes(le_bytes(word)))
            .rotate_left(23)
            .wrapping_mul(K);
    }
    let mut tail = [0u8; 8];
    tail[..words.remainder().len()].copy_from_slice(words.remainder());
    hash = (hash ^ u64::from_le_bytes(tail))
        .rotate_left(23)
        .wrapping_mul(K);
    hash ^ (hash >> 29)
}

/// Converts a rank or entry checked against a count that fits in `usize`.
#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "every rank and entry is checked against a count that fits in usize"
)]
fn index(value: u64) -> usize {
    value as usize
}

/// One bit per rank, set concurrently by the worker threads.
struct Bitmap {
    words: Vec<AtomicU64>,
}

impl Bitmap {
    fn new(bits: usize) -> Self {
        Bitmap {
            words: std::iter::repeat_with(|| AtomicU64::new(0))
                .take(bits.div_ceil(64))
                .collect(),
        }
    }

    /// Sets `bit` (only used for the goals; layers are written word by
    /// word).
    fn insert(&self, bit: usize) {
        self.words[bit / 64].fetch_or(1 << (bit % 64), Relaxed);
    }
}

/// The `seen` and next-layer bits of the same 64 ranks, side by side: a unit
/// step looks at both, and this way it costs one cache miss, not two.
struct Marks {
    /// `[seen, next]` per 64 ranks.
    words: Vec<[AtomicU64; 2]>,
}

/// Where `seen` is in a [`Marks`] pair (the next layer's bits follow).
const SEEN: usize = 0;

impl Marks {
    fn new(bits: usize) -> Self {
        Marks {
            words: std::iter::repeat_with(|| [AtomicU64::new(0), AtomicU64::new(0)])
                .take(bits.div_ceil(64))
                .collect(),
        }
    }

    /// Marks `bit` seen; true if this call did (the caller claims the
    /// state).
    #[inline]
    fn claim(&self, bit: usize) -> bool {
        let word = &self.words[bit / 64][SEEN];
        let mask = 1 << (bit % 64);
        // Look before the locked read-modify-write: most bits a build
        // touches are already set.
        word.load(Relaxed) & mask == 0 && word.fetch_or(mask, Relaxed) & mask == 0
    }

    /// Starts fetching the cache line of `bit`, which [`offer`](Self::offer)
    /// will need a little later.
    #[inline]
    fn prefetch(&self, bit: usize) {
        #[cfg(target_arch = "x86_64")]
        {
            let pair = std::ptr::from_ref(&self.words[bit / 64]);
            // SAFETY: a prefetch is only a hint to the cache: it never
            // faults, reads nothing into the program and writes nothing;
            // the address is that of a live element anyway.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(pair.cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = bit;
    }

    /// Makes `bit` a candidate for the next layer unless it is seen (it
    /// may still be claimed in this layer, through a free step).
    #[inline]
    fn offer(&self, bit: usize) {
        let [seen, next] = &self.words[bit / 64];
        let mask = 1 << (bit % 64);
        if (seen.load(Relaxed) | next.load(Relaxed)) & mask == 0 {
            next.fetch_or(mask, Relaxed);
        }
    }
}

/// Unit steps in flight between their prefetch and their offer.
const PIPELINE: usize = 16;

/// Words of the layer bitmap handed to a worker at a time: 65,536 ranks.
const CHUNK_WORDS: usize = 1024;

/// Progress reports per build, besides one per layer.
const REPORTS: u64 = 1000;

/// The state of one build: bitmaps, the table being filled, counters.
///
/// Atomics make every phase work through `&self`; the layers are separated
/// by the join at the end of each parallel loop, so relaxed ordering is
/// enough (claims are decided by `fetch_or`, whose result is exact).
struct Builder<'a, A, F> {
    abstraction: &'a A,
    on_progress: &'a F,
    state_count: u64,
    entry_count: u64,
    /// States whose distance is known (claimed), and candidates for the
    /// next layer (reached by a unit step).
    marks: Marks,
    /// The layer being expanded: states at distance `depth` unless a free
    /// step reached them in an earlier layer, claimed as they are expanded.
    current: Bitmap,
    table: Vec<AtomicU8>,
    started: Instant,
    expanded: AtomicU64,
    /// Entries whose value is set.
    settled: AtomicU64,
    next_report: AtomicU64,
    report_every: u64,
}

impl<'a, A: Abstraction, F: Fn(&BuildProgress) + Sync> Builder<'a, A, F> {
    fn new(abstraction: &'a A, on_progress: &'a F) -> Result<Self, PdbError> {
        let state_count = abstraction.state_count();
        let entry_count = abstraction.entry_count();
        let bits = usize::try_from(state_count)
            .ok()
            .filter(|bits| bits.checked_add(63).is_some())
            .ok_or(PdbError::TooLarge {
                states: state_count,
            })?;
        let entries = usize::try_from(entry_count).map_err(|_| PdbError::TooLarge {
            states: entry_count,
        })?;
        let report_every = (state_count / REPORTS).max(1);
        Ok(Builder {
            abstraction,
            on_progress,
            state_count,
            entry_count,
            marks: Marks::new(bits),
            current: Bitmap::new(bits),
            table: std::iter::repeat_with(|| AtomicU8::new(UNREACHED))
                .take(entries)
                .collect(),
            started: Instant::now(),
            expanded: AtomicU64::new(0),
            settled: AtomicU64::new(0),
            next_report: AtomicU64::new(report_every),
            report_every,
        })
    }

    fn run(self) -> PatternTable {
        for goal in self.abstraction.goals() {
            self.current.insert(self.rank_of(&goal));
        }
        let chunks = self.current.words.len().div_ceil(CHUNK_WORDS);
        let mut depth = 0u32;
        loop {
            for_each_chunk(chunks, Vec::new, |stack, chunk| {
                let expanded = self.expand_chunk(chunk, depth, stack);
                self.count(expanded, depth);
            });
            self.report(depth, false);
            let candidates: u64 = sum_over_chunks(chunks, |chunk| self.advance_chunk(chunk));
            if candidates == 0 {
                break;
            }
            depth = depth.saturating_add(1);
        }
        self.report(depth, true);
        let entries = self.table.into_iter().map(AtomicU8::into_inner).collect();
        PatternTable { entries }
    }

    /// The rank of `state`, checked against the contract.
    #[inline]
    fn rank_of(&self, state: &A::State) -> usize {
        self.checked(self.abstraction.rank(state))
    }

    /// `rank`, checked against the contract.
    #[inline]
    fn checked(&self, rank: u64) -> usize {
        assert!(
            rank < self.state_count,
            "Abstraction contract broken: rank {rank} is not below state_count {}",
            self.state_count
        );
        index(rank)
    }

    /// Expands the states of the current layer in one chunk, and everything
    /// their free steps reach; returns how many states it expanded and how
    /// many entries it set.
    fn expand_chunk(&self, chunk: usize, depth: u32, stack: &mut Vec<A::State>) -> (u64, u64) {
        let value = u8::try_from(depth).map_or(MAX_DISTANCE, |d| d.min(MAX_DISTANCE));
        let words = chunk_words(chunk, self.current.words.len());
        let mut expanded = 0;
        let mut settled = 0;
        // Unit steps land anywhere in the bitmaps: each is prefetched when
        // generated and offered PIPELINE steps later, so that many cache
        // misses overlap instead of stalling one after the other.
        let mut pending = [0usize; PIPELINE];
        let mut waiting = 0;
        let mut slot = 0;
        for w in words {
            let mut bits = self.current.words[w].load(Relaxed);
            while bits != 0 {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // A candidate is claimed here, not when the layer starts: if
                // the walk from another candidate claimed it first, it is
                // skipped without being unranked (a region of free steps is
                // often entered through several candidates).
                let rank = w * 64 + bit;
                if !self.marks.claim(rank) {
                    continue;
                }
                stack.push(self.abstraction.unrank(rank as u64));
                // Depth-first along free steps: every state reached this way
                // is at the same distance, and the first thread to claim it
                // expands it.
                while let Some(state) = stack.pop() {
                    expanded += 1;
                    settled += u64::from(self.settle(&state, value));
                    for step in self.abstraction.predecessors(&state) {
                        match step {
                            AbstractStep::Free(state) => {
                                if self.marks.claim(self.rank_of(&state)) {
                                    stack.push(state);
                                }
                            }
                            AbstractStep::Unit(rank) => {
                                let rank = self.checked(rank);
                                // Not claimed yet: it may still turn out to
                                // be at this distance through a free step.
                                self.marks.prefetch(rank);
                                if waiting == PIPELINE {
                                    self.marks.offer(pending[slot]);
                                } else {
                                    waiting += 1;
                                }
                                pending[slot] = rank;
                                slot = (slot + 1) % PIPELINE;
                            }
                        }
                    }
                }
            }
        }
        for &rank in &pending[..waiting] {
            self.marks.offer(rank);
        }
        (expanded, settled)
    }

    /// Records that `state` is at distance `value` unless its entry already
    /// holds a smaller one (from an earlier layer); true if this call set
    /// the entry.
    #[inline]
    fn settle(&self, state: &A::State, value: u8) -> bool {
        let entry = self.abstraction.entry(state);
        assert!(
            entry < self.entry_count,
            "Abstraction contract broken: entry {entry} is not below entry_count {}",
            self.entry_count
        );
        let slot = &self.table[index(entry)];
        // Look first: most states share their entry with one settled before.
        slot.load(Relaxed) == UNREACHED
            && slot
                .compare_exchange(UNREACHED, value, Relaxed, Relaxed)
                .is_ok()
    }

    /// Turns one chunk of candidates into the next layer, dropping those
    /// claimed in this one; returns how many remain.
    fn advance_chunk(&self, chunk: usize) -> u64 {
        // Each word belongs to this chunk alone in this phase: plain loads
        // and stores suffice (a `swap` or `fetch_or` would lock the bus for
        // every word of every layer, which dominated the build time), and
        // words that stay zero are not written at all.
        let mut remaining = 0;
        for w in chunk_words(chunk, self.current.words.len()) {
            let [seen, next] = &self.marks.words[w];
            let current = &self.current.words[w];
            let candidates = next.load(Relaxed);
            if candidates == 0 {
                if current.load(Relaxed) != 0 {
                    current.store(0, Relaxed);
                }
                continue;
            }
            next.store(0, Relaxed);
            let new = candidates & !seen.load(Relaxed);
            current.store(new, Relaxed);
            remaining += u64::from(new.count_ones());
        }
        remaining
    }

    fn count(&self, (expanded, settled): (u64, u64), depth: u32) {
        self.settled.fetch_add(settled, Relaxed);
        let total = self.expanded.fetch_add(expanded, Relaxed) + expanded;
        let due = self.next_report.load(Relaxed);
        // One thread wins each report; the others go on working.
        if total >= due
            && self
                .next_report
                .compare_exchange(due, total + self.report_every, Relaxed, Relaxed)
                .is_ok()
        {
            self.report_at(depth, total, false);
        }
    }

    fn report(&self, depth: u32, finished: bool) {
        self.report_at(depth, self.expanded.load(Relaxed), finished);
    }

    fn report_at(&self, depth: u32, expanded: u64, finished: bool) {
        (self.on_progress)(&BuildProgress {
            depth,
            expanded,
            state_count: self.state_count,
            entries: self.settled.load(Relaxed),
            entry_count: self.entry_count,
            elapsed: self.started.elapsed(),
            finished,
        });
    }
}

fn chunk_words(chunk: usize, words: usize) -> std::ops::Range<usize> {
    let start = chunk * CHUNK_WORDS;
    start..(start + CHUNK_WORDS).min(words)
}

/// Runs `work` on every chunk index, with per-worker scratch from `init`.
#[cfg(feature = "parallel")]
fn for_each_chunk<T>(
    chunks: usize,
    init: impl Fn() -> T + Sync + Send,
    work: impl Fn(&mut T, usize) + Sync + Send,
) {
    use rayon::prelude::*;
    (0..chunks).into_par_iter().for_each_init(init, work);
}

/// Runs `work` on every chunk index, with scratch from `init`.
#[cfg(not(feature = "parallel"))]
fn for_each_chunk<T>(chunks: usize, init: impl Fn() -> T, work: impl Fn(&mut T, usize)) {
    let mut scratch = init();
    for chunk in 0..chunks {
        work(&mut scratch, chunk);
    }
}

/// The sum of `work` over every chunk index.
#[cfg(feature = "parallel")]
fn sum_over_chunks(chunks: usize, work: impl Fn(usize) -> u64 + Sync + Send) -> u64 {
    use rayon::prelude::*;
    (0..chunks).into_par_iter().map(work).sum()
}

/// The sum of `work` over every chunk index.
#[cfg(not(feature = "parallel"))]
fn sum_over_chunks(chunks: usize, work: impl Fn(usize) -> u64) -> u64 {
    (0..chunks).map(work).sum()
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;

    /// The cost of an edge of a test graph.
    #[derive(Clone, Copy, Debug)]
    enum Cost {
        Free,
        Unit,
    }

    /// A small random directed graph with 0/1 edge costs, given backward:
    /// `edges[v]` lists the predecessors of `v` with their costs; the
    /// table's entry is `v / group`.
    struct Graph {
        edges: Vec<Vec<(u64, Cost)>>,
        goals: Vec<u64>,
        group: u64,
    }

    impl Abstraction for Graph {
        type State = u64;

        fn state_count(&self) -> u64 {
            self.edges.len() as u64
        }

        fn rank(&self, v: &u64) -> u64 {
            *v
        }

        fn unrank(&self, rank: u64) -> u64 {
            rank
        }

        fn goals(&self) -> impl Iterator<Item = u64> {
            self.goals.iter().copied()
        }

        fn predecessors(&self, v: &u64) -> impl Iterator<Item = AbstractStep<u64>> {
            self.edges[index(*v)].iter().map(|&(u, cost)| match cost {
                Cost::Free => AbstractStep::Free(u),
                Cost::Unit => AbstractStep::Unit(u),
            })
        }

        fn entry_count(&self) -> u64 {
            self.state_count().div_ceil(self.group)
        }

        fn entry(&self, v: &u64) -> u64 {
            v / self.group
        }
    }

    /// A tiny deterministic generator (`SplitMix64`), so the tests need no
    /// dependency and fail reproducibly.
    struct SplitMix(u64);

    impl SplitMix {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }

        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    fn random_graph(seed: u64, states: u64, edges: u64, group: u64) -> Graph {
        let mut rng = SplitMix(seed);
        let mut graph = Graph {
            edges: vec![Vec::new(); index(states)],
            goals: (0..=rng.below(3)).map(|_| rng.below(states)).collect(),
            group,
        };
        for _ in 0..edges {
            let (from, to) = (rng.below(states), rng.below(states));
            let cost = if rng.below(3) == 0 {
                Cost::Free
            } else {
                Cost::Unit
            };
            graph.edges[index(to)].push((from, cost));
        }
        graph
    }

    /// The oracle: a textbook 0-1 BFS with a deque, then the minimum per
    /// entry.
    fn reference(graph: &Graph) -> Vec<u8> {
        let mut distance = vec![u32::MAX; graph.edges.len()];
        let mut deque = VecDeque::new();
        for &goal in &graph.goals {
            distance[index(goal)] = 0;
            deque.push_back(goal);
        }
        while let Some(v) = deque.pop_front() {
            let d = distance[index(v)];
            for &(u, cost) in &graph.edges[index(v)] {
                let (du, front) = match cost {
                    Cost::Free => (d, true),
                    Cost::Unit => (d + 1, false),
                };
                if du < distance[index(u)] {
                    distance[index(u)] = du;
                    if front {
                        deque.push_front(u);
                    } else {
                        deque.push_back(u);
                    }
                }
            }
        }
        let mut entries = vec![UNREACHED; index(graph.entry_count())];
        for (v, &d) in distance.iter().enumerate() {
            if d != u32::MAX {
                let slot = &mut entries[index(graph.entry(&(v as u64)))];
                *slot = (*slot).min(u8::try_from(d).map_or(MAX_DISTANCE, |d| d.min(MAX_DISTANCE)));
            }
        }
        entries
    }

    #[test]
    fn matches_a_textbook_0_1_bfs_on_random_graphs() {
        for seed in 0..200 {
            let states = 1 + seed % 300;
            let graph = random_graph(seed, states, states * (1 + seed % 4), 1 + seed % 5);
            let table = PatternTable::build(&graph, |_| {}).unwrap();
            assert_eq!(table.as_bytes(), reference(&graph), "seed {seed}");
        }
    }

    #[test]
    fn spans_several_chunks_and_saturates_long_distances() {
        // A path of 70,000 states, more than one chunk of ranks, where only
        // every 250th step costs one: long free walks, and distances past
        // MAX_DISTANCE saturate.
        let n = 70_000;
        let graph = Graph {
            edges: (0..n)
                .map(|v| {
                    let cost = if (v + 1) % 250 == 0 {
                        Cost::Unit
                    } else {
                        Cost::Free
                    };
                    if v + 1 < n {
                        vec![(v + 1, cost)]
                    } else {
                        vec![]
                    }
                })
                .collect(),
            goals: vec![0],
            group: 1,
        };
        let table = PatternTable::build(&graph, |_| {}).unwrap();
        assert_eq!(table.as_bytes(), reference(&graph));
        assert_eq!((table.get(249), table.get(250)), (0, 1));
        assert_eq!(table.get(n - 1), MAX_DISTANCE);
    }

    #[test]
    fn reports_progress_and_finishes_once() {
        let graph = random_graph(7, 5000, 20_000, 1);
        let reports = std::sync::Mutex::new(Vec::new());
        PatternTable::build(&graph, |progress| reports.lock().unwrap().push(*progress)).unwrap();
        let reports = reports.into_inner().unwrap();
        let last = reports.last().unwrap();
        assert!(last.finished);
        assert_eq!(reports.iter().filter(|p| p.finished).count(), 1);
        let reachable = reference(&graph)
            .iter()
            .filter(|&&v| v != UNREACHED)
            .count();
        assert_eq!(last.expanded, reachable as u64);
        assert_eq!((last.entries, last.entry_count), (reachable as u64, 5000));
        assert!(
            reports
                .iter()
                .all(|p| p.expanded <= last.expanded && p.state_count == 5000)
        );
    }

    #[test]
    #[should_panic(expected = "rank 9 is not below state_count 3")]
    fn a_rank_out_of_range_panics_with_the_rank() {
        let graph = Graph {
            edges: vec![vec![(9, Cost::Unit)], vec![], vec![]],
            goals: vec![0],
            group: 1,
        };
        let _ = PatternTable::build(&graph, |_| {});
    }

    #[test]
    fn the_checksum_sees_every_single_byte_change_and_length() {
        let bytes: Vec<u8> = (0..=255).cycle().take(1003).collect();
        let sum = checksum(&bytes);
        for i in 0..bytes.len() {
            let mut changed = bytes.clone();
            changed[i] ^= 0x10;
            assert_ne!(checksum(&changed), sum, "byte {i}");
        }
        assert_ne!(checksum(&bytes[..1002]), sum);
        let mut longer = bytes.clone();
        longer.push(0);
        assert_ne!(checksum(&longer), sum);
    }

    fn scratch_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("frontier-pdb-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn files_round_trip_and_reject_every_kind_of_damage() {
        let dir = scratch_dir("damage");
        let path = dir.join("t.pdb");
        let table = PatternTable::from_entries((0..5000u32).map(|i| (i % 37) as u8).collect());
        table.save(&path, "key").unwrap();
        assert_eq!(PatternTable::load(&path, "key", 5000).unwrap(), table);
        let bytes = fs::read(&path).unwrap();
        let header_length = bytes.len() - 5000;

        let rejects = |bytes: &[u8], key: &str, count: u64| {
            fs::write(&path, bytes).unwrap();
            PatternTable::load(&path, key, count).unwrap_err()
        };
        assert!(matches!(
            rejects(&bytes, "other", 5000),
            PdbError::Key { .. }
        ));
        assert!(matches!(
            rejects(&bytes, "key", 4999),
            PdbError::EntryCount { .. }
        ));
        assert!(matches!(
            rejects(&bytes[..bytes.len() - 1], "key", 5000),
            PdbError::Length { .. }
        ));
        assert!(matches!(
            rejects(&bytes[..10], "key", 5000),
            PdbError::Foreign { .. }
        ));
        assert!(matches!(
            rejects(b"", "key", 5000),
            PdbError::Foreign { .. }
        ));
        assert!(matches!(
            rejects(b"P6\n", "key", 5000),
            PdbError::Foreign { .. }
        ));
        let mut version = bytes.clone();
        version[8] = 2;
        assert!(matches!(
            rejects(&version, "key", 5000),
            PdbError::Version { .. }
        ));
        for i in [
            header_length,
            header_length + 2500,
            bytes.len() - 1,
            header_length - 1,
        ] {
            let mut flipped = bytes.clone();
            flipped[i] ^= 1;
            assert!(
                matches!(rejects(&flipped, "key", 5000), PdbError::Checksum { .. }),
                "byte {i}"
            );
        }
        for i in 0..header_length {
            let mut flipped = bytes.clone();
            flipped[i] ^= 0x40;
            let _ = rejects(&flipped, "key", 5000);
        }
        assert!(matches!(
            PatternTable::load(&dir.join("missing.pdb"), "key", 5000),
            Err(PdbError::Io { .. })
        ));
        // No temporary file is left behind.
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn load_or_build_rebuilds_a_damaged_file() {
        let dir = scratch_dir("rebuild");
        let path = dir.join("g.pdb");
        let graph = random_graph(3, 400, 1600, 2);
        let (built, status) = PatternTable::load_or_build(&path, "g", &graph, |_| {}).unwrap();
        assert!(matches!(status, CacheStatus::Built { rejected: None, .. }));
        let bytes = fs::read(&path).unwrap();
        fs::write(&path, &bytes[..bytes.len() - 7]).unwrap();
        let (rebuilt, status) = PatternTable::load_or_build(&path, "g", &graph, |_| {}).unwrap();
        assert!(matches!(
            status,
            CacheStatus::Built {
                rejected: Some(PdbError::Length { .. }),
                ..
            }
        ));
        assert_eq!(rebuilt, built);
        assert_eq!(fs::read(&path).unwrap(), bytes);
        let (loaded, status) = PatternTable::load_or_build(&path, "g", &graph, |_| {}).unwrap();
        assert!(matches!(status, CacheStatus::Loaded));
        assert_eq!(loaded, built);
        fs::remove_dir_all(&dir).unwrap();
    }
}
