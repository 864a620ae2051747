//! Moving AI scenario files and their maps, read with the `movingai` crate.
//!
//! `movingai::parser::parse_scen` splits lines on tabs only; the Baldur's
//! Gate (`bg512`) and Warcraft III (`wc3maps512`) files separate fields with
//! spaces, so lines without a tab have their runs of spaces turned into tabs
//! first. The map is the scenario's map field's base name in the scenario's
//! folder (the field is a path such as `maps/dao/den520d.map`, and `bg512`
//! files name the original-size maps in `maps/bgmaps/`), or else the
//! scenario's own name without `.scen`.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use movingai::parser::{ParseError, parse_map_file, parse_scen};
use movingai::{Map2D, MovingAiMap};

/// One scenario file with its map.
#[derive(Debug)]
pub(crate) struct Scenario {
    /// The map's name: its file name without `.map`.
    pub(crate) name: String,
    /// The parsed map.
    pub(crate) map: MovingAiMap,
    /// The queries in file order.
    pub(crate) queries: Vec<Query>,
    /// Whether the map has swamp (`S`) or water (`W`) cells, whose movement
    /// rules the planners here do not apply.
    pub(crate) special_terrain: bool,
    /// Queries left out because they start or end on a blocked cell (the
    /// `wc3maps512` files have such queries): the first such line and how
    /// many there are.
    pub(crate) skipped: Option<(Blocked, usize)>,
}

/// A query that starts or ends on a blocked cell.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Blocked {
    /// The line number, from 1.
    pub(crate) line: usize,
    /// `start` or `goal`.
    pub(crate) which: &'static str,
    /// The cell, `(x, y)`.
    pub(crate) cell: (usize, usize),
}

/// One line of a scenario file.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Query {
    /// The start cell, `(x, y)`.
    pub(crate) start: (usize, usize),
    /// The goal cell, `(x, y)`.
    pub(crate) goal: (usize, usize),
    /// The optimal length the file gives.
    pub(crate) optimal: Optimal,
}

/// A known optimum: a length, or no path at all.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Optimal {
    /// The shortest path's length, known to within `tolerance`.
    Length {
        /// The length.
        value: f64,
        /// How far a correct length may be from `value`.
        tolerance: f64,
    },
    /// No path: a `dao` file's length `0` for a start different from the
    /// goal (checked on several such queries: the goal is unreachable).
    Unreachable,
}

/// How a planner's answer compares with an optimum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Within the tolerance of the optimum, or no path where there is none.
    Optimal,
    /// A path longer than the optimum.
    Longer,
    /// A path shorter than the optimum: a broken path or another rule.
    Shorter,
    /// No path where one exists.
    Missed,
    /// A path where none exists.
    Spurious,
}

impl Optimal {
    /// The smallest tolerance, for lengths printed with many digits.
    const MIN_TOLERANCE: f64 = 1e-4;

    /// The optimum a scenario's length text gives, for a query from `start`
    /// to `goal`.
    fn from_text(
        text: &str,
        start: (usize, usize),
        goal: (usize, usize),
    ) -> Result<Self, std::num::ParseFloatError> {
        let value: f64 = text.parse()?;
        if value == 0.0 && start != goal {
            return Ok(Optimal::Unreachable);
        }
        Ok(Optimal::Length {
            value,
            tolerance: printed_unit(text).max(Self::MIN_TOLERANCE),
        })
    }

    /// An exactly known length (computed here, not printed).
    pub(crate) fn exact(length: Option<f64>) -> Self {
        match length {
            Some(value) => Optimal::Length {
                value,
                tolerance: Self::MIN_TOLERANCE,
            },
            None => Optimal::Unreachable,
        }
    }

    /// Compares a planner's answer with this optimum.
    pub(crate) fn check(self, found: Option<f64>) -> Outcome {
        match (self, found) {
            (Optimal::Unreachable, None) => Outcome::Optimal,
            (Optimal::Unreachable, Some(_)) => Outcome::Spurious,
            (Optimal::Length { .. }, None) => Outcome::Missed,
            (Optimal::Length { value, tolerance }, Some(found)) => {
                if (found - value).abs() <= tolerance {
                    Outcome::Optimal
                } else if found > value {
                    Outcome::Longer
                } else {
                    Outcome::Shorter
                }
            }
        }
    }
}

/// One unit in the last digit of a printed length: `0.01` for `244.95`,
/// `1e-5` for `2.41421`. The `version 1` files print six significant digits
/// and drop trailing zeros (C++ `%g`), so a text without a decimal point
/// has six significant digits too: `1016` stands for 1015.997 as well as for
/// 1016, and its unit is `0.01` (`1e-5` for `1`).
fn printed_unit(text: &str) -> f64 {
    let (mantissa, exponent) = match text.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, exponent.parse::<i32>().unwrap_or(0)),
        None => (text, 0),
    };
    let digits = |s: &str| i32::try_from(s.len()).unwrap_or(i32::MAX);
    if let Some((_, decimals)) = mantissa.split_once('.') {
        return 10_f64.powi(exponent.saturating_sub(digits(decimals)));
    }
    let integer = digits(mantissa.trim_start_matches(['-', '+', '0'])).saturating_add(exponent);
    10_f64.powi(integer.saturating_sub(6))
}

/// Why a scenario could not be loaded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum LoadError {
    /// A file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The reason.
        source: io::Error,
    },
    /// The `movingai` parser refused a file.
    #[error("{path}: {source}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// The parser's reason.
        source: ParseError,
    },
    /// A query line has fewer than nine fields or a bad length.
    #[error("{path} line {line}: {reason}")]
    Line {
        /// The scenario file.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// No map file found.
    #[error("{path}: no map {expected} next to it")]
    MissingMap {
        /// The scenario file.
        path: PathBuf,
        /// The map file looked for.
        expected: PathBuf,
    },
    /// The scenario's queries name different maps.
    #[error("{path}: queries on two maps, {first} and {found}")]
    TwoMaps {
        /// The scenario file.
        path: PathBuf,
        /// The first query's map.
        first: String,
        /// Another query's map.
        found: String,
    },
    /// The map's size is not the one the scenario gives.
    #[error("{path}: the map is {found:?} (width, height), the scenario says {expected:?}")]
    Size {
        /// The map file.
        path: PathBuf,
        /// The scenario's width and height.
        expected: (usize, usize),
        /// The map's.
        found: (usize, usize),
    },
}

/// A line's fields as `parse_scen` wants them: tab-separated.
fn tabbed(line: &str) -> String {
    if line.contains('\t') {
        line.to_owned()
    } else {
        line.split(' ')
            .filter(|field| !field.is_empty())
            .collect::<Vec<_>>()
            .join("\t")
    }
}

/// The query lines of a scenario text (not the header, not blank lines),
/// each with its line number from 1.
fn query_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line))
        .filter(|(_, line)| !line.starts_with("version") && !line.trim().is_empty())
}

impl Scenario {
    /// Reads a scenario file and the map next to it.
    ///
    /// # Errors
    ///
    /// [`LoadError`] when a file is missing or malformed or the map's size is
    /// not the scenario's. Queries that start or end on a blocked cell are
    /// left out and counted in [`Scenario::skipped`].
    pub(crate) fn load(path: &Path) -> Result<Self, LoadError> {
        let text = fs::read_to_string(path).map_err(|source| LoadError::Io {
            path: path.to_owned(),
            source,
        })?;
        let normalised: String = text.lines().map(|line| tabbed(line) + "\n").collect();
        let records = parse_scen(&normalised).map_err(|source| LoadError::Parse {
            path: path.to_owned(),
            source,
        })?;

        let map_path = find_map(path, records.first().map(|r| r.map_file.as_str()))?;
        let map = parse_map_file(&map_path).map_err(|source| LoadError::Parse {
            path: map_path.clone(),
            source,
        })?;
        let name = map_path
            .file_name()
            .and_then(|name| name.to_str())
            .map_or_else(String::new, |name| {
                name.strip_suffix(".map").unwrap_or(name).to_owned()
            });

        let mut queries = Vec::with_capacity(records.len());
        let mut skipped: Option<(Blocked, usize)> = None;
        for (record, (line, raw)) in records.iter().zip(query_lines(&text)) {
            let line_error = |reason: String| LoadError::Line {
                path: path.to_owned(),
                line,
                reason,
            };
            if base_name(&record.map_file) != base_name(&records[0].map_file) {
                return Err(LoadError::TwoMaps {
                    path: path.to_owned(),
                    first: records[0].map_file.clone(),
                    found: record.map_file.clone(),
                });
            }
            let size = (record.map_width, record.map_height);
            if size != (map.width(), map.height()) {
                return Err(LoadError::Size {
                    path: map_path,
                    expected: size,
                    found: (map.width(), map.height()),
                });
            }
            // `is_traversable((x, y))` reads column x of row y; a swapped
            // convention would put many queries on blocked cells.
            let blocked = [("start", record.start_pos), ("goal", record.goal_pos)]
                .into_iter()
                .find(|&(_, cell)| !map.is_traversable(cell));
            if let Some((which, cell)) = blocked {
                skipped.get_or_insert((Blocked { line, which, cell }, 0)).1 += 1;
                continue;
            }
            // The length as printed, for its precision: movingai's f64 has
            // lost it.
            let length_text = raw
                .split_whitespace()
                .nth(8)
                .ok_or_else(|| line_error("fewer than nine fields".to_owned()))?;
            let optimal = Optimal::from_text(length_text, record.start_pos, record.goal_pos)
                .map_err(|error| line_error(format!("length {length_text:?}: {error}")))?;
            queries.push(Query {
                start: record.start_pos,
                goal: record.goal_pos,
                optimal,
            });
        }

        let special_terrain = map.coords().any(|cell| matches!(map[cell], 'S' | 'W'));
        Ok(Scenario {
            name,
            map,
            queries,
            special_terrain,
            skipped,
        })
    }
}

/// The last component of a path written with `/` or `\`.
fn base_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// The map of a scenario: its map field's base name in the scenario's
/// folder, or else the scenario's name without `.scen`.
fn find_map(scenario: &Path, map_field: Option<&str>) -> Result<PathBuf, LoadError> {
    let folder = scenario.parent().unwrap_or(Path::new("."));
    let by_field = map_field.map(|field| folder.join(base_name(field)));
    if let Some(path) = by_field.as_ref().filter(|path| path.is_file()) {
        return Ok(path.clone());
    }
    let by_name = scenario
        .file_name()
        .and_then(|name| name.to_str())
        .and_then(|name| name.strip_suffix(".scen"))
        .map(|name| folder.join(name));
    match by_name {
        Some(path) if path.is_file() => Ok(path),
        _ => Err(LoadError::MissingMap {
            path: scenario.to_owned(),
            expected: by_field.or(by_name).unwrap_or_else(|| folder.join("?.map")),
        }),
    }
}

/// The scenario files among `inputs`: files as given, folders' `*.scen`
/// files in name order.
///
/// # Errors
///
/// When a folder cannot be listed.
pub(crate) fn scenario_files(inputs: &[PathBuf]) -> Result<Vec<PathBuf>, LoadError> {
    let mut files = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let listing = fs::read_dir(input).map_err(|source| LoadError::Io {
                path: input.clone(),
                source,
            })?;
            let mut found: Vec<PathBuf> = listing
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| path.extension().is_some_and(|ext| ext == "scen"))
                .collect();
            found.sort();
            files.extend(found);
        } else {
            files.push(input.clone());
        }
    }
    Ok(files)
}
