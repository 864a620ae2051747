//! The cache: load a table saved before, or build it and save it.

use std::fmt;
use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::{Abstraction, BuildProgress, PatternTable, PdbError};

/// How a [`PatternTable::load_or_build`] obtained its table.
#[derive(Debug)]
#[non_exhaustive]
pub enum CacheStatus {
    /// The cached file was valid and loaded.
    Loaded,
    /// The table was built and saved.
    Built {
        /// Why the cached file was not used: `None` if there was none,
        /// otherwise the error that rejected it (stale, truncated, foreign,
        /// not a regular file).
        rejected: Option<PdbError>,
        /// How long the build took.
        elapsed: Duration,
    },
    /// The table was built but could not be saved (a read-only or full
    /// disk, a directory in the way): it is returned all the same, and the
    /// next run builds it again. Programs should warn about it.
    BuiltNotSaved {
        /// Why the cached file was not used, as in
        /// [`Built`](Self::Built).
        rejected: Option<PdbError>,
        /// How long the build took.
        elapsed: Duration,
        /// Why saving failed.
        reason: PdbError,
    },
}

impl CacheStatus {
    /// Why the table could not be saved, if it was built and not saved.
    ///
    /// # Example
    ///
    /// ```
    /// # use pattern_db::CacheStatus;
    /// # fn report(status: &CacheStatus) {
    /// if let Some(reason) = status.save_error() {
    ///     eprintln!("warning: the table will be built again next time: {reason}");
    /// }
    /// # }
    /// # report(&CacheStatus::Loaded);
    /// ```
    #[must_use]
    pub fn save_error(&self) -> Option<&PdbError> {
        match self {
            CacheStatus::BuiltNotSaved { reason, .. } => Some(reason),
            CacheStatus::Loaded | CacheStatus::Built { .. } => None,
        }
    }
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
            CacheStatus::BuiltNotSaved {
                rejected,
                elapsed,
                reason,
            } => {
                let seconds = elapsed.as_secs_f64();
                match rejected {
                    None => write!(f, "built in {seconds:.1} s")?,
                    Some(error) => write!(f, "rebuilt in {seconds:.1} s ({error})")?,
                }
                write!(f, ", not saved ({reason})")
            }
        }
    }
}

impl PatternTable {
    /// Loads the table of `abstraction` saved at `path` under `key`, or, if
    /// there is none or it is not valid (stale, truncated, corrupt,
    /// foreign, not a regular file), builds it with [`build`](Self::build)
    /// and saves it there. An invalid file is never used; the crate docs
    /// list [what the cache promises](crate#what-the-cache-promises).
    ///
    /// # Example
    ///
    /// ```
    /// use pattern_db::{CacheStatus, PatternTable};
    /// # use pattern_db::{AbstractStep, Abstraction};
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
    /// let dir = std::env::temp_dir().join(format!("pattern-db-doc-cache-{}", std::process::id()));
    /// let path = dir.join("ring.pdb");
    /// let (built, status) = PatternTable::load_or_build(&path, "ring of 6", &Ring, |_| {})?;
    /// assert!(matches!(status, CacheStatus::Built { rejected: None, .. }));
    /// let (loaded, status) = PatternTable::load_or_build(&path, "ring of 6", &Ring, |_| {})?;
    /// assert!(matches!(status, CacheStatus::Loaded));
    /// assert_eq!(loaded, built);
    /// assert_eq!(loaded.as_bytes(), [0, 1, 2, 3, 2, 1]);
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// # Ok::<(), pattern_db::PdbError>(())
    /// ```
    ///
    /// A table that cannot be saved is returned all the same, with
    /// [`CacheStatus::BuiltNotSaved`] saying why.
    ///
    /// # Errors
    ///
    /// As [`build`](Self::build): only if the table cannot be built.
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
            // No file, or no directory to hold one: nothing was rejected.
            Err(PdbError::Io { source, .. })
                if matches!(
                    source.kind(),
                    io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                ) =>
            {
                None
            }
            Err(error) => Some(error),
        };
        let started = Instant::now();
        let table = Self::build(abstraction, on_progress)?;
        let elapsed = started.elapsed();
        // The table is good whether or not it can be kept: failing here
        // would throw away minutes of work over a cache problem.
        let status = match table.save(path, key) {
            Ok(()) => CacheStatus::Built { rejected, elapsed },
            Err(reason) => CacheStatus::BuiltNotSaved {
                rejected,
                elapsed,
                reason,
            },
        };
        Ok((table, status))
    }
}
