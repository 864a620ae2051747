//! [`load`]: a Moving AI benchmark read from disk, scenario files (or
//! folders of them) and the maps they name, each checked against the
//! other, with errors that name the file and the line.

use std::collections::HashMap;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{MapSet, Suite};
use crate::{Grid, MapError, Query, Scenario, ScenarioError};
use frontier_text::{ReadError, TokenExcerpt};

/// The largest scenario or map file read: 256 MiB, eight hundred times the
/// largest benchmark map (a 512x512 map is 262,693 bytes), as for every
/// file the programs read. A larger file, or one that grows past this
/// while it is read, is refused unread.
pub use frontier_text::MAX_FILE_BYTES;

/// An input that cannot be used. Every message names the file, and the
/// line where there is one; a path whose file name is longer than any
/// file system allows (a map name from a scenario line) is shown with that
/// name cut short ([`TokenExcerpt`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// A file or folder that cannot be opened or read.
    #[error("cannot read {}: {source}", Shown(path))]
    Read {
        /// The path.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A path that is not a regular file (a FIFO, a device), refused
    /// unread.
    #[error("{}: not a regular file but {found}", Shown(path))]
    NotRegular {
        /// The path.
        path: PathBuf,
        /// What it is, with its article: `"a directory"`, `"a FIFO"`.
        found: &'static str,
    },
    /// A file larger than [`MAX_FILE_BYTES`].
    #[error("{}: larger than {max} bytes, the most read", Shown(path))]
    TooLarge {
        /// The path.
        path: PathBuf,
        /// [`MAX_FILE_BYTES`].
        max: u64,
    },
    /// A folder given as an argument with no `.scen` file in it.
    #[error("{}: a directory with no .scen files", Shown(path))]
    NoScenarios {
        /// The folder.
        path: PathBuf,
    },
    /// A scenario file with no query in it.
    #[error("{}: no queries", Shown(path))]
    NoQueries {
        /// The scenario file.
        path: PathBuf,
    },
    /// A scenario file that does not parse, or a query that does not fit
    /// its map (size, an endpoint off the map or on a wall).
    #[error("{}: {source}", Shown(path))]
    Scenario {
        /// The scenario file.
        path: PathBuf,
        /// What is wrong, with the line.
        source: ScenarioError,
    },
    /// A map file that does not parse.
    #[error("{}: {source}", Shown(path))]
    Map {
        /// The map file.
        path: PathBuf,
        /// What is wrong, with the line.
        source: MapError,
    },
    /// The map a query names cannot be read.
    #[error("{}: line {line}: the map {map}: {source}", Shown(scenario))]
    MapOf {
        /// The scenario file.
        scenario: PathBuf,
        /// The line of the first query naming the map.
        line: usize,
        /// The map as the line names it, cut short if long.
        map: TokenExcerpt,
        /// Why it cannot be read.
        source: Box<LoadError>,
    },
    /// The memory to hold a file's bytes could not be had.
    #[error("{}: out of memory for its {bytes} bytes", Shown(path))]
    FileMemory {
        /// The file.
        path: PathBuf,
        /// Its size.
        bytes: u64,
    },
    /// The memory to keep one more query could not be had.
    #[error(
        "{}: line {line}: out of memory keeping this query after {queries} others",
        Shown(path)
    )]
    QueryMemory {
        /// The scenario file.
        path: PathBuf,
        /// The query's line.
        line: usize,
        /// The queries kept before it, from every file read.
        queries: usize,
    },
}

/// The longest file name a path is shown with whole: no common file
/// system allows more (`NAME_MAX`). A longer one can only come from a
/// scenario line, and cannot be opened anyway.
const LONGEST_NAME: usize = 255;

/// A path as errors show it: whole, or with its file name cut short if
/// that is longer than [`LONGEST_NAME`] bytes.
struct Shown<'a>(&'a Path);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.file_name() {
            Some(name) if name.len() > LONGEST_NAME => {
                let parent = self.0.parent().unwrap_or(Path::new(""));
                let name = TokenExcerpt::new(&name.to_string_lossy());
                write!(f, "{}", parent.join("").display())?;
                write!(f, "{name}")
            }
            _ => write!(f, "{}", self.0.display()),
        }
    }
}

/// The bytes of the regular file at `path`, at most [`MAX_FILE_BYTES`]:
/// [`frontier_text::read_file`], its errors as [`LoadError`]s.
///
/// # Errors
///
/// [`LoadError::Read`], [`LoadError::NotRegular`] (checked before the
/// file is opened, so a FIFO is never waited on),
/// [`LoadError::TooLarge`] or [`LoadError::FileMemory`].
fn read_file(path: &Path) -> Result<Vec<u8>, LoadError> {
    frontier_text::read_file(path).map_err(|err| match err {
        ReadError::NotRegular { path, found } => LoadError::NotRegular { path, found },
        ReadError::TooLarge { path, max } => LoadError::TooLarge { path, max },
        ReadError::Memory { path, bytes } => LoadError::FileMemory { path, bytes },
        ReadError::Io { path, source } => LoadError::Read { path, source },
    })
}

/// The scenario files an argument stands for: itself, or for a folder
/// every `*.scen` file in it, sorted by name.
fn scenario_files(path: &Path) -> Result<Vec<PathBuf>, LoadError> {
    let io_error = |source| LoadError::Read {
        path: path.to_path_buf(),
        source,
    };
    if !fs::metadata(path).map_err(io_error)?.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    for entry in fs::read_dir(path).map_err(io_error)? {
        let entry = entry.map_err(io_error)?;
        let name = entry.path();
        if name.extension().is_some_and(|ext| ext == "scen") {
            files.push(name);
        }
    }
    if files.is_empty() {
        return Err(LoadError::NoScenarios {
            path: path.to_path_buf(),
        });
    }
    files.sort();
    Ok(files)
}

/// Reads the scenario files and folders `inputs` and the maps their
/// queries name, each found by its base name ([`Query::map_name`]) in
/// `maps` if given, else next to the scenario file; checks every query
/// against its map ([`Query::check`]).
///
/// Each scenario file is read a line at a time ([`Scenario::lines`]): a
/// map is read when a line first names it, and each query is checked and
/// stored with its map as it comes, so the first fault in file order is
/// the one reported, and nothing after it is read.
///
/// # Errors
///
/// The first [`LoadError`]: a file that cannot be read, a scenario or a
/// map that does not parse, a query that does not fit its map, or no
/// memory to keep the queries.
///
/// # Complexity
///
/// Linear in the lines and in the maps' cells: a line's map is found by
/// hashing its name (its run of lines naming the same map, by pointer);
/// each query costs its [`Query`] and an index (about 100 bytes),
/// however long its map's name.
pub fn load(inputs: &[PathBuf], maps: Option<&Path>) -> Result<Suite, LoadError> {
    let mut suite = Suite::default();
    let mut by_path: HashMap<PathBuf, usize> = HashMap::new();
    for input in inputs {
        for path in scenario_files(input)? {
            let folder = maps.map_or_else(
                || path.parent().unwrap_or(Path::new("")).to_path_buf(),
                Path::to_path_buf,
            );
            let mut reader = Reader {
                suite: &mut suite,
                by_path: &mut by_path,
                folder: &folder,
                path: &path,
            };
            reader.read()?;
        }
    }
    Ok(suite)
}

/// One scenario file being read into a [`Suite`].
struct Reader<'a> {
    /// What was read so far.
    suite: &'a mut Suite,
    /// Each map read, by the path it was read from: a map named by several
    /// files is read once.
    by_path: &'a mut HashMap<PathBuf, usize>,
    /// Where its maps are looked for.
    folder: &'a Path,
    /// The scenario file.
    path: &'a Path,
}

impl Reader<'_> {
    /// Reads the file's queries into the suite.
    fn read(&mut self) -> Result<(), LoadError> {
        let path = self.path;
        let bytes = read_file(path)?;
        let index = self.suite.scenarios.len();
        self.suite.scenarios.push(path.to_path_buf());
        // The maps of this file by the name its lines give them, each
        // name kept once and shared by its queries.
        let mut named: HashMap<Arc<str>, usize> = HashMap::new();
        // The last line's map as the parser gave it, the name kept, and its
        // map: a run of lines naming one map costs no lookup.
        let mut last: Option<(Arc<str>, Arc<str>, usize)> = None;
        let mut count = 0;
        for query in Scenario::lines(&bytes) {
            let mut query = query.map_err(|source| LoadError::Scenario {
                path: path.to_path_buf(),
                source,
            })?;
            let (name, slot) = match &last {
                Some((given, name, slot)) if Arc::ptr_eq(given, &query.map) => {
                    (Arc::clone(name), *slot)
                }
                _ => {
                    let (name, slot) = self.map_of(&mut named, &query)?;
                    last = Some((Arc::clone(&query.map), Arc::clone(&name), slot));
                    (name, slot)
                }
            };
            query.map = name;
            let set = &mut self.suite.maps[slot];
            query
                .check(&set.grid)
                .map_err(|source| LoadError::Scenario {
                    path: path.to_path_buf(),
                    source,
                })?;
            if set.queries.try_reserve(1).is_err() {
                return Err(LoadError::QueryMemory {
                    path: path.to_path_buf(),
                    line: query.line,
                    queries: self.suite.query_count(),
                });
            }
            set.queries.push((index, query));
            count += 1;
        }
        if count == 0 {
            return Err(LoadError::NoQueries {
                path: path.to_path_buf(),
            });
        }
        Ok(())
    }

    /// The name kept for the map `query` names and the map's index in the
    /// suite, read if no query named it before.
    fn map_of(
        &mut self,
        named: &mut HashMap<Arc<str>, usize>,
        query: &Query,
    ) -> Result<(Arc<str>, usize), LoadError> {
        if let Some((name, &slot)) = named.get_key_value(&*query.map) {
            return Ok((Arc::clone(name), slot));
        }
        let out_of_memory = |suite: &Suite| LoadError::QueryMemory {
            path: self.path.to_path_buf(),
            line: query.line,
            queries: suite.query_count(),
        };
        let map_path = self.folder.join(query.map_name());
        let slot = if let Some(&slot) = self.by_path.get(&map_path) {
            slot
        } else {
            let set = read_map(&map_path, self.path, query)?;
            if self.suite.maps.try_reserve(1).is_err() || self.by_path.try_reserve(1).is_err() {
                return Err(out_of_memory(self.suite));
            }
            self.suite.maps.push(set);
            self.by_path.insert(map_path, self.suite.maps.len() - 1);
            self.suite.maps.len() - 1
        };
        if named.try_reserve(1).is_err() {
            return Err(out_of_memory(self.suite));
        }
        named.insert(Arc::clone(&query.map), slot);
        Ok((Arc::clone(&query.map), slot))
    }
}

/// The map at `map_path`, with no queries yet, first named by `query` of
/// `scenario`. A map that cannot be read is reported at that line; one
/// that does not parse, at its own line.
fn read_map(map_path: &Path, scenario: &Path, query: &Query) -> Result<MapSet, LoadError> {
    let bytes = read_file(map_path).map_err(|source| LoadError::MapOf {
        scenario: scenario.to_path_buf(),
        line: query.line,
        map: TokenExcerpt::new(&query.map),
        source: Box::new(source),
    })?;
    let grid = Grid::parse_map(&bytes).map_err(|source| LoadError::Map {
        path: map_path.to_path_buf(),
        source,
    })?;
    let name = map_path.file_name().map_or_else(
        || map_path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    );
    Ok(MapSet {
        name,
        path: map_path.to_path_buf(),
        grid,
        queries: Vec::new(),
    })
}
