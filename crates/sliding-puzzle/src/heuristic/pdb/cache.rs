//! A cache of the pattern databases a program uses (see the
//! [module docs](super#storage-and-building)): each loaded from (or built
//! into) a cache directory on first use, then kept in memory and shared.

use std::any::Any;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use super::large::LargePatternDatabase;
use super::{GroupProgress, Partition, PatternDatabase, PatternError};

/// Called with each build's progress.
type ProgressFn = dyn Fn(&GroupProgress<'_>) + Send + Sync;

/// Called with each line worth reporting about the databases.
type LogFn = dyn Fn(&str) + Send + Sync;

/// The pattern databases the heuristics use, loaded from (or built into) a
/// cache directory on first use and then shared: every user holding the
/// same `Arc<PatternDatabases>` uses one copy of each table, and two
/// threads asking at once for tables not yet loaded wait for one load.
///
/// Progress is reported through callbacks, so that the caller chooses how
/// to show it: [`on_progress`](Self::on_progress) while a table is built,
/// [`on_log`](Self::on_log) with a line per table loaded or built.
///
/// # Example
///
/// ```
/// use sliding_puzzle::heuristic::pdb::PatternDatabases;
///
/// let databases = PatternDatabases::new("target/pdb-cache").reflection(false);
/// assert!(!databases.reflects());
/// assert_eq!(databases.loaded(), 0); // nothing is read before it is needed
/// ```
pub struct PatternDatabases {
    cache_dir: PathBuf,
    reflection: bool,
    dual: bool,
    progress: Option<Box<ProgressFn>>,
    log: Option<Box<LogFn>>,
    /// `(Partition<W, H>, PatternDatabase<W, H>)` pairs, for any shape, and
    /// `(Vec<Vec<u8>>, LargePatternDatabase<W, H>)` pairs for large boards.
    loaded: Mutex<Vec<Box<dyn Any + Send + Sync>>>,
}

impl fmt::Debug for PatternDatabases {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternDatabases")
            .field("cache_dir", &self.cache_dir)
            .field("reflection", &self.reflection)
            .field("dual", &self.dual)
            .field("loaded", &self.loaded())
            .finish_non_exhaustive()
    }
}

impl Default for PatternDatabases {
    /// Databases cached in `target/pdb-cache`, with reflection, silent.
    fn default() -> Self {
        PatternDatabases::new("target/pdb-cache")
    }
}

impl PatternDatabases {
    /// Databases kept in `cache_dir` (created when first needed), looked
    /// up with reflection (the larger of the board's and its mirror image's
    /// estimates), reporting nothing.
    #[must_use]
    pub fn new(cache_dir: impl Into<PathBuf>) -> Self {
        PatternDatabases {
            cache_dir: cache_dir.into(),
            reflection: true,
            dual: false,
            progress: None,
            log: None,
            loaded: Mutex::new(Vec::new()),
        }
    }

    /// Whether estimates also look the reflected board up.
    #[must_use]
    pub fn reflection(self, reflection: bool) -> Self {
        PatternDatabases { reflection, ..self }
    }

    /// Whether estimates also look the dual board up (and, with reflection,
    /// the reflected dual): the maximum of up to four lookups, see
    /// [`PatternDatabase::with_dual`].
    #[must_use]
    pub fn dual(self, dual: bool) -> Self {
        PatternDatabases { dual, ..self }
    }

    /// Calls `progress` while a table is built (from the builder's threads).
    #[must_use]
    pub fn on_progress(
        self,
        progress: impl Fn(&GroupProgress<'_>) + Send + Sync + 'static,
    ) -> Self {
        PatternDatabases {
            progress: Some(Box::new(progress)),
            ..self
        }
    }

    /// Calls `log` with a line per table loaded or built and one per
    /// database ready.
    #[must_use]
    pub fn on_log(self, log: impl Fn(&str) + Send + Sync + 'static) -> Self {
        PatternDatabases {
            log: Some(Box::new(log)),
            ..self
        }
    }

    /// Whether estimates also look the reflected board up.
    #[must_use]
    pub fn reflects(&self) -> bool {
        self.reflection
    }

    /// Whether estimates also look the dual board up.
    #[must_use]
    pub fn duals(&self) -> bool {
        self.dual
    }

    /// The cache directory.
    #[must_use]
    pub fn cache_dir(&self) -> &Path {
        &self.cache_dir
    }

    /// How many databases are loaded.
    #[must_use]
    pub fn loaded(&self) -> usize {
        self.loaded
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// The database of `groups` for `W`×`H` boards, loaded or built now if
    /// it was not yet.
    ///
    /// # Errors
    ///
    /// [`PatternError`] if the groups are not a partition of the board's
    /// tiles, or a table could be neither loaded nor built and saved.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    ///
    /// use sliding_puzzle::heuristic::pdb::PatternDatabases;
    /// use sliding_puzzle::{Eight, Heuristic};
    ///
    /// let dir = std::env::temp_dir().join(format!("pdb-cache-doc-{}", std::process::id()));
    /// let lines = Arc::new(AtomicUsize::new(0));
    /// let counted = Arc::clone(&lines);
    /// let databases = PatternDatabases::new(&dir).on_log(move |_line| {
    ///     counted.fetch_add(1, Ordering::Relaxed);
    /// });
    /// let groups: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
    /// let database = databases.get::<3, 3>(&groups)?;
    /// let board: Eight = "8 6 7 2 5 4 3 x 1".parse()?; // 31 moves from the goal
    /// assert!(database.estimate(&board) <= 31);
    /// databases.get::<3, 3>(&groups)?; // kept: neither loaded nor logged again
    /// assert_eq!(databases.loaded(), 1);
    /// assert_eq!(lines.load(Ordering::Relaxed), 3); // a line per table, one for the database
    /// # std::fs::remove_dir_all(dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get<const W: usize, const H: usize>(
        &self,
        groups: &[&[u8]],
    ) -> Result<PatternDatabase<W, H>, PatternError> {
        self.get_with_dual(groups, self.dual)
    }

    /// The database of `groups` as [`get`](Self::get) gives it, with dual
    /// lookups or not as `dual` says.
    ///
    /// # Errors
    ///
    /// As [`get`](Self::get).
    pub fn get_with_dual<const W: usize, const H: usize>(
        &self,
        groups: &[&[u8]],
        dual: bool,
    ) -> Result<PatternDatabase<W, H>, PatternError> {
        let partition = Partition::<W, H>::new(groups.iter().copied())?;
        // Held through the load: a second solver asking for the same tables
        // waits for them rather than building them twice.
        let mut loaded = self.loaded.lock().unwrap_or_else(PoisonError::into_inner);
        let found = loaded.iter().find_map(|entry| {
            entry
                .downcast_ref::<(Partition<W, H>, PatternDatabase<W, H>)>()
                .filter(|(known, database)| *known == partition && database.duals() == dual)
        });
        if let Some((_, database)) = found {
            return Ok(database.clone());
        }
        let started = Instant::now();
        let database = PatternDatabase::load_or_build(&partition, &self.cache_dir, |progress| {
            if let Some(report) = &self.progress {
                report(progress);
            }
        })?;
        if let Some(log) = &self.log {
            for group in database.groups() {
                log(&format!(
                    "pattern {} ({} entries): {}",
                    tile_list(group.space().tiles()),
                    group.table().len(),
                    group.status()
                ));
                if let Some(reason) = group.status().save_error() {
                    log(&format!(
                        "warning: the table of pattern {} could not be saved and will be built \
                         again next time: {reason}",
                        tile_list(group.space().tiles())
                    ));
                }
            }
            log(&format!(
                "{} pattern database ready in {:.1} s (cache: {})",
                partition.name(),
                started.elapsed().as_secs_f64(),
                self.cache_dir.display()
            ));
        }
        let database = if self.reflection && W == H {
            database.with_reflection()?
        } else {
            database
        };
        let database = if dual {
            let started = Instant::now();
            let database = database.with_dual(Some(&self.cache_dir), |progress| {
                if let Some(report) = &self.progress {
                    report(progress);
                }
            })?;
            if let Some(log) = &self.log {
                let extra = database.dual_tables();
                let bytes: usize = extra.iter().map(|group| group.table().len()).sum();
                log(&format!(
                    "dual lookups: {} more tables ({} MB) ready in {:.1} s",
                    extra.len(),
                    bytes.div_ceil(1_000_000),
                    started.elapsed().as_secs_f64()
                ));
            }
            database
        } else {
            database
        };
        loaded.push(Box::new((partition, database.clone())));
        Ok(database)
    }
}

impl PatternDatabases {
    /// The database of `groups` for large `W`×`H` boards (up to 25
    /// cells), loaded or built now if it was not yet, with reflection and
    /// dual lookups as the databases say (a large board's dual lookups need
    /// no further table: see `LargePatternDatabase::with_dual`).
    /// Groups that a symmetry of the board maps onto each other share one
    /// table.
    ///
    /// # Errors
    ///
    /// [`PatternError`] if the groups are not disjoint groups of the
    /// board's tiles, or a table could be neither loaded nor built.
    pub fn get_large<const W: usize, const H: usize>(
        &self,
        groups: &[&[u8]],
    ) -> Result<LargePatternDatabase<W, H>, PatternError> {
        let key: Vec<Vec<u8>> = groups
            .iter()
            .map(|group| {
                let mut tiles = group.to_vec();
                tiles.sort_unstable();
                tiles
            })
            .collect();
        let mut loaded = self.loaded.lock().unwrap_or_else(PoisonError::into_inner);
        let found = loaded.iter().find_map(|entry| {
            entry
                .downcast_ref::<(Vec<Vec<u8>>, LargePatternDatabase<W, H>)>()
                .filter(|(known, _)| *known == key)
        });
        if let Some((_, database)) = found {
            return Ok(database.clone());
        }
        let started = Instant::now();
        let database = LargePatternDatabase::open(groups, Some(&self.cache_dir), |progress| {
            if let Some(report) = &self.progress {
                report(progress);
            }
        })?;
        if let Some(log) = &self.log {
            for table in database.tables() {
                log(&format!(
                    "pattern {} ({} entries): {}",
                    tile_list(table.space().tiles()),
                    table.table().len(),
                    table.status()
                ));
                if let Some(reason) = table.status().save_error() {
                    log(&format!(
                        "warning: the table of pattern {} could not be saved and will be built \
                         again next time: {reason}",
                        tile_list(table.space().tiles())
                    ));
                }
            }
            let sizes: Vec<String> = key.iter().map(|g| g.len().to_string()).collect();
            log(&format!(
                "{} pattern database ready in {:.1} s: {} tables for {} groups, {} MB (cache: {})",
                sizes.join("-"),
                started.elapsed().as_secs_f64(),
                database.tables().len(),
                key.len(),
                database.table_bytes().div_ceil(1_000_000),
                self.cache_dir.display()
            ));
        }
        let database = if self.reflection && W == H {
            database.with_reflection()?
        } else {
            database
        };
        let database = if self.dual {
            database.with_dual()
        } else {
            database
        };
        loaded.push(Box::new((key, database.clone())));
        Ok(database)
    }
}

/// Tiles as `1 2 3`.
fn tile_list(tiles: &[u8]) -> String {
    let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
    tiles.join(" ")
}

#[cfg(test)]
mod tests {
    use crate::{Eight, Heuristic};

    use super::*;

    #[test]
    fn databases_are_loaded_once_and_shared() {
        let dir = std::env::temp_dir().join(format!("frontier-registry-{}", std::process::id()));
        let databases = PatternDatabases::new(&dir);
        let groups: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
        let first = databases.get::<3, 3>(&groups).unwrap();
        let again = databases.get::<3, 3>(&groups).unwrap();
        assert_eq!(databases.loaded(), 1);
        assert!(first.reflects() && again.reflects());
        let board: Eight = "8 6 7 2 5 4 3 x 1".parse().unwrap(); // 31 moves
        assert_eq!(first.estimate(&board), again.estimate(&board));
        assert!(databases.get::<3, 3>(&[&[1, 9]]).is_err());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_partition_with_and_without_dual_lookups_is_two_databases() {
        let dir =
            std::env::temp_dir().join(format!("frontier-registry-dual-{}", std::process::id()));
        let databases = PatternDatabases::new(&dir).dual(true);
        let groups: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
        let plain = databases.get_with_dual::<3, 3>(&groups, false).unwrap();
        let dual = databases.get::<3, 3>(&groups).unwrap();
        assert!(!plain.duals() && dual.duals());
        assert_eq!(databases.loaded(), 2);
        assert!(
            databases
                .get_with_dual::<3, 3>(&groups, false)
                .unwrap()
                .reflects()
        );
        assert_eq!(databases.loaded(), 2);
        let _ = std::fs::remove_dir_all(dir);
    }
}
