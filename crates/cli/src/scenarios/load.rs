//! Reading the input: scenario files (or folders of them), the maps they
//! name, each checked against the other.

use std::collections::HashMap;
use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use grid::{Grid, MapError, Query, Scenario, ScenarioError};

/// The largest scenario or map file read: 256 MiB, eight hundred times the
/// largest benchmark map (a 512x512 map is 262,693 bytes). A larger file,
/// or one that grows past this while it is read, is refused unread.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// An input that cannot be used. Every message names the file, and the
/// line where there is one.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// A file or folder that cannot be opened or read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The path.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A path that is not a regular file (a FIFO, a device), refused
    /// unread.
    #[error("{}: not a regular file but {found}", path.display())]
    NotRegular {
        /// The path.
        path: PathBuf,
        /// What it is, with its article: `"a directory"`, `"a FIFO"`.
        found: &'static str,
    },
    /// A file larger than [`MAX_FILE_BYTES`].
    #[error("{}: larger than {max} bytes, the most read", path.display())]
    TooLarge {
        /// The path.
        path: PathBuf,
        /// [`MAX_FILE_BYTES`].
        max: u64,
    },
    /// A folder given as an argument with no `.scen` file in it.
    #[error("{}: a directory with no .scen files", path.display())]
    NoScenarios {
        /// The folder.
        path: PathBuf,
    },
    /// A scenario file with no query in it.
    #[error("{}: no queries", path.display())]
    NoQueries {
        /// The scenario file.
        path: PathBuf,
    },
    /// A scenario file that does not parse, or a query that does not fit
    /// its map (size, an endpoint off the map or on a wall).
    #[error("{}: {source}", path.display())]
    Scenario {
        /// The scenario file.
        path: PathBuf,
        /// What is wrong, with the line.
        source: ScenarioError,
    },
    /// A map file that does not parse.
    #[error("{}: {source}", path.display())]
    Map {
        /// The map file.
        path: PathBuf,
        /// What is wrong, with the line.
        source: MapError,
    },
    /// The map a query names cannot be read.
    #[error("{}: line {line}: the map {map}: {source}", scenario.display())]
    MapOf {
        /// The scenario file.
        scenario: PathBuf,
        /// The line of the first query naming the map.
        line: usize,
        /// The map as the line names it.
        map: String,
        /// Why it cannot be read.
        source: Box<LoadError>,
    },
}

/// A map and the queries on it, from one or more scenario files.
#[derive(Debug)]
pub struct MapSet {
    /// The map's file name (`arena.map`), as the output names it.
    pub name: String,
    /// Where it was read from.
    pub path: PathBuf,
    /// The map.
    pub grid: Grid,
    /// The queries, in the order of the scenario files and their lines,
    /// each with the index of its scenario file in [`Suite::scenarios`].
    pub queries: Vec<(usize, Query)>,
}

/// Everything to run: the scenario files read and their maps.
#[derive(Debug, Default)]
pub struct Suite {
    /// The scenario files, in the order given (a folder's sorted by name).
    pub scenarios: Vec<PathBuf>,
    /// The maps, in the order their first query appears.
    pub maps: Vec<MapSet>,
}

impl Suite {
    /// The number of queries on all maps.
    #[must_use]
    pub fn query_count(&self) -> usize {
        self.maps.iter().map(|map| map.queries.len()).sum()
    }
}

/// What a file type is, for [`LoadError::NotRegular`].
fn describe(file_type: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_socket() {
            return "a socket";
        }
        if file_type.is_block_device() || file_type.is_char_device() {
            return "a device";
        }
    }
    if file_type.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

/// `Ok` if `metadata` is a regular file of at most [`MAX_FILE_BYTES`].
fn check_file(path: &Path, metadata: &fs::Metadata) -> Result<(), LoadError> {
    if !metadata.is_file() {
        return Err(LoadError::NotRegular {
            path: path.to_path_buf(),
            found: describe(metadata.file_type()),
        });
    }
    if metadata.len() > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            path: path.to_path_buf(),
            max: MAX_FILE_BYTES,
        });
    }
    Ok(())
}

/// The bytes of the regular file at `path`, at most [`MAX_FILE_BYTES`].
///
/// # Errors
///
/// [`LoadError::Read`], [`LoadError::NotRegular`] (checked before the
/// file is opened, so a FIFO is never waited on) or
/// [`LoadError::TooLarge`].
pub(crate) fn read_file(path: &Path) -> Result<Vec<u8>, LoadError> {
    let io_error = |source| LoadError::Read {
        path: path.to_path_buf(),
        source,
    };
    check_file(path, &fs::metadata(path).map_err(io_error)?)?;
    let file = File::open(path).map_err(io_error)?;
    // Checked again on the open file: the path may have been replaced
    // since it was looked at.
    check_file(path, &file.metadata().map_err(io_error)?)?;
    // One byte past the bound, so a file that grew is caught too.
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            path: path.to_path_buf(),
            max: MAX_FILE_BYTES,
        });
    }
    Ok(bytes)
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
/// against its map ([`Scenario::check`]).
///
/// # Errors
///
/// The first [`LoadError`]: a file that cannot be read, a scenario or a
/// map that does not parse, a query that does not fit its map.
pub fn load(inputs: &[PathBuf], maps: Option<&Path>) -> Result<Suite, LoadError> {
    let mut suite = Suite::default();
    let mut by_path: HashMap<PathBuf, usize> = HashMap::new();
    for input in inputs {
        for path in scenario_files(input)? {
            let scenario =
                Scenario::parse(&read_file(&path)?).map_err(|source| LoadError::Scenario {
                    path: path.clone(),
                    source,
                })?;
            if scenario.queries.is_empty() {
                return Err(LoadError::NoQueries { path });
            }
            let index = suite.scenarios.len();
            suite.scenarios.push(path.clone());
            let folder = maps.map_or_else(
                || path.parent().unwrap_or(Path::new("")).to_path_buf(),
                Path::to_path_buf,
            );
            // The queries by the map they name, in the order first named.
            let mut named: Vec<(PathBuf, Vec<Query>)> = Vec::new();
            for query in scenario.queries {
                let map_path = folder.join(query.map_name());
                match named.iter_mut().find(|(p, _)| *p == map_path) {
                    Some((_, queries)) => queries.push(query),
                    None => named.push((map_path, vec![query])),
                }
            }
            for (map_path, queries) in named {
                let slot = if let Some(&slot) = by_path.get(&map_path) {
                    slot
                } else {
                    suite.maps.push(read_map(&map_path, &path, &queries[0])?);
                    by_path.insert(map_path, suite.maps.len() - 1);
                    suite.maps.len() - 1
                };
                let set = &mut suite.maps[slot];
                let scenario = Scenario { queries };
                scenario
                    .check(&set.grid)
                    .map_err(|source| LoadError::Scenario {
                        path: path.clone(),
                        source,
                    })?;
                set.queries
                    .extend(scenario.queries.into_iter().map(|query| (index, query)));
            }
        }
    }
    Ok(suite)
}

/// The map at `map_path`, with no queries yet, first named by `query` of
/// `scenario`. A map that cannot be read is reported at that line; one
/// that does not parse, at its own line.
fn read_map(map_path: &Path, scenario: &Path, query: &Query) -> Result<MapSet, LoadError> {
    let bytes = read_file(map_path).map_err(|source| LoadError::MapOf {
        scenario: scenario.to_path_buf(),
        line: query.line,
        map: query.map.clone(),
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
