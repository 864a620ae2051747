//! Moving AI `.scen` files: queries on a map, each with its optimal length.
//!
//! ```text
//! version 1
//! 0  maps/dao/arena.map  49  49  1  11  1  12  1
//! ```
//!
//! (fields separated by tabs in the file). After an optional `version`
//! line, each line holds nine fields: bucket,
//! map file, map width, map height, start x, start y, goal x, goal y, and
//! the optimal length under the benchmark's rule (octile, no corner
//! cutting). Fields are separated by tabs, or by spaces in the files that
//! use them (the Baldur's Gate sets' `version 1.0` files); blank lines are
//! skipped.
//!
//! The lengths are printed rounded (most files to six significant digits,
//! some to two decimals, and values on a rounding boundary come out low), so
//! a length is checked against its query within max(10⁻⁴, one unit in the
//! last printed digit) ([`Query::accepts`]). A length printed `0` between
//! two different cells means there is no path ([`Query::expects_path`]).

use crate::grid::{Grid, Terrain};

/// One line of a scenario file.
#[derive(Clone, Debug, PartialEq)]
pub struct Query {
    /// The line it came from, from 1.
    pub line: usize,
    /// The bucket (the scenario files group queries by length).
    pub bucket: u32,
    /// The map file as the line names it (often a path like
    /// `dao/arena.map`).
    pub map: String,
    /// The map's width as the line gives it.
    pub width: usize,
    /// The map's height as the line gives it.
    pub height: usize,
    /// Start `(x, y)`.
    pub start: (usize, usize),
    /// Goal `(x, y)`.
    pub goal: (usize, usize),
    /// The optimal length as printed.
    pub optimal: f64,
    /// How far a length may be from `optimal` and still be it: max(10⁻⁴,
    /// one unit in the last printed digit).
    pub tolerance: f64,
}

impl Query {
    /// Whether `length` is the optimal length this query printed.
    #[must_use]
    pub fn accepts(&self, length: f64) -> bool {
        (length - self.optimal).abs() <= self.tolerance
    }

    /// Whether the query promises a path: the Moving AI files print `0`
    /// for a start and goal that differ but are not connected (19 of the
    /// Dragon Age scenario files have such queries).
    #[must_use]
    pub fn expects_path(&self) -> bool {
        self.start == self.goal || self.optimal > 0.0
    }

    /// Whether a search's outcome is the one the query printed: a path of
    /// the optimal length ([`Query::accepts`]), or no path where the file
    /// prints `0` between two different cells.
    #[must_use]
    pub fn accepts_outcome(&self, length: Option<f64>) -> bool {
        match length {
            Some(length) => self.expects_path() && self.accepts(length),
            None => !self.expects_path(),
        }
    }

    /// The map's file name without its folders (`arena.map` for
    /// `maps/dao/arena.map`), where programs look for it.
    #[must_use]
    pub fn map_name(&self) -> &str {
        self.map.rsplit(['/', '\\']).next().unwrap_or(&self.map)
    }
}

/// The queries of a scenario file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scenario {
    /// The queries, in file order.
    pub queries: Vec<Query>,
}

/// A `.scen` file that cannot be read, or a query that does not fit its
/// map. Every variant names the line (from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScenarioError {
    /// A line with other than nine fields.
    #[error(
        "line {line}: expected 9 fields (bucket, map, width, height, start x, start y, goal x, goal y, length), found {found}"
    )]
    Fields {
        /// The line.
        line: usize,
        /// How many it has.
        found: usize,
    },
    /// A field that does not parse.
    #[error("line {line}: the {field} {found:?} is not {expected}")]
    Field {
        /// The line.
        line: usize,
        /// The field's name.
        field: &'static str,
        /// Its text (first 40 characters).
        found: String,
        /// What it should be.
        expected: &'static str,
    },
    /// A line that is not valid UTF-8.
    #[error("line {line}: not valid UTF-8")]
    Utf8 {
        /// The line.
        line: usize,
    },
    /// A query whose width or height differs from the map's.
    #[error(
        "line {line}: the query is for a {width}x{height} map, but {map} is {map_width}x{map_height}"
    )]
    Size {
        /// The line.
        line: usize,
        /// The query's map (its first 60 characters).
        map: String,
        /// The width the line gives.
        width: usize,
        /// The height the line gives.
        height: usize,
        /// The map's width.
        map_width: usize,
        /// The map's height.
        map_height: usize,
    },
    /// A start or goal outside the map or on a blocked cell.
    #[error("line {line}: the {which} ({x}, {y}) is {what}")]
    Endpoint {
        /// The line.
        line: usize,
        /// `"start"` or `"goal"`.
        which: &'static str,
        /// Its column.
        x: usize,
        /// Its row.
        y: usize,
        /// `"outside the map"` or `"a blocked cell"`.
        what: &'static str,
    },
}

/// The tolerance of a printed length: one unit in its last digit, at least
/// 10⁻⁴. A number printed without a decimal point comes from six-significant-
/// digit printing with the trailing zeros dropped (`1016` stands for
/// 1016.00, and 1015.997 prints so): its unit is that of the sixth
/// significant digit, 10^(digits − 6).
fn tolerance(text: &str) -> f64 {
    let mantissa = text.split(['e', 'E']).next().unwrap_or(text);
    let unit = if let Some((_, fraction)) = mantissa.split_once('.') {
        10f64.powi(-i32::try_from(fraction.len()).unwrap_or(i32::MAX))
    } else {
        let digits = mantissa
            .trim_start_matches(['-', '+'])
            .trim_start_matches('0')
            .len();
        10f64.powi(i32::try_from(digits).unwrap_or(i32::MAX) - 6)
    };
    unit.max(1e-4)
}

impl Scenario {
    /// Reads a `.scen` file's contents (see the [module docs](self)).
    ///
    /// # Errors
    ///
    /// A [`ScenarioError`] naming the line of the first bad query.
    pub fn parse(text: &[u8]) -> Result<Scenario, ScenarioError> {
        let mut queries = Vec::new();
        for (index, bytes) in text.split(|&b| b == b'\n').enumerate() {
            let line = index + 1;
            let text = std::str::from_utf8(bytes).map_err(|_| ScenarioError::Utf8 { line })?;
            let text = text.trim_end_matches('\r');
            if text.trim().is_empty() || (index == 0 && text.starts_with("version")) {
                continue;
            }
            let fields: Vec<&str> = if text.contains('\t') {
                text.split('\t').map(str::trim).collect()
            } else {
                text.split_whitespace().collect()
            };
            if fields.len() != 9 {
                return Err(ScenarioError::Fields {
                    line,
                    found: fields.len(),
                });
            }
            let number = |position: usize, field: &'static str| {
                fields[position]
                    .parse::<usize>()
                    .map_err(|_| ScenarioError::Field {
                        line,
                        field,
                        found: fields[position].chars().take(40).collect(),
                        expected: "a whole number",
                    })
            };
            let bucket = number(0, "bucket")?;
            let optimal_text = fields[8];
            let optimal = optimal_text
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| ScenarioError::Field {
                    line,
                    field: "optimal length",
                    found: optimal_text.chars().take(40).collect(),
                    expected: "a length of 0 or more",
                })?;
            queries.push(Query {
                line,
                bucket: u32::try_from(bucket).map_err(|_| ScenarioError::Field {
                    line,
                    field: "bucket",
                    found: fields[0].chars().take(40).collect(),
                    expected: "below 2^32",
                })?,
                map: fields[1].to_owned(),
                width: number(2, "map width")?,
                height: number(3, "map height")?,
                start: (number(4, "start x")?, number(5, "start y")?),
                goal: (number(6, "goal x")?, number(7, "goal y")?),
                optimal,
                tolerance: tolerance(optimal_text),
            });
        }
        Ok(Scenario { queries })
    }

    /// Checks every query against `grid`, the map it names: the sizes
    /// agree, and the start and goal are open cells.
    ///
    /// # Errors
    ///
    /// [`ScenarioError::Size`] or [`ScenarioError::Endpoint`] for the
    /// first query that does not fit.
    pub fn check(&self, grid: &Grid) -> Result<(), ScenarioError> {
        for query in &self.queries {
            if (query.width, query.height) != (grid.width(), grid.height()) {
                return Err(ScenarioError::Size {
                    line: query.line,
                    map: query.map.chars().take(60).collect(),
                    width: query.width,
                    height: query.height,
                    map_width: grid.width(),
                    map_height: grid.height(),
                });
            }
            for (which, (x, y)) in [("start", query.start), ("goal", query.goal)] {
                let what = if x >= grid.width() || y >= grid.height() {
                    "outside the map"
                } else if grid.terrain(x, y) == Terrain::Blocked {
                    "a blocked cell"
                } else {
                    continue;
                };
                return Err(ScenarioError::Endpoint {
                    line: query.line,
                    which,
                    x,
                    y,
                    what,
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tabs_spaces_and_versions_all_read() {
        let tabs = b"version 1\n0\tdao/a.map\t4\t3\t0\t0\t3\t2\t3.41421\n";
        let spaces = b"version 1.0\r\n0 a.map 4 3 0 0 3 2 3.41421356\r\n\r\n";
        let (a, b) = (
            Scenario::parse(tabs).unwrap(),
            Scenario::parse(spaces).unwrap(),
        );
        assert_eq!(a.queries.len(), 1);
        assert_eq!(b.queries.len(), 1);
        assert_eq!(a.queries[0].map_name(), "a.map");
        assert_eq!((a.queries[0].start, a.queries[0].goal), ((0, 0), (3, 2)));
        assert!((a.queries[0].tolerance - 1e-4).abs() < 1e-12);
        assert!((b.queries[0].tolerance - 1e-4).abs() < 1e-12);
    }

    #[test]
    fn the_tolerance_is_the_last_printed_digit() {
        assert!((tolerance("814.808") - 1e-3).abs() < 1e-12);
        assert!((tolerance("814.81") - 1e-2).abs() < 1e-12);
        assert!((tolerance("12") - 1e-4).abs() < 1e-12);
        assert!((tolerance("1016") - 1e-2).abs() < 1e-12);
        assert!((tolerance("0") - 1e-4).abs() < 1e-12);
        assert!((tolerance("123457") - 1.0).abs() < 1e-12);
        assert!((tolerance("1.41421356") - 1e-4).abs() < 1e-12);
        let query = |optimal: f64, tolerance: f64| Query {
            line: 1,
            bucket: 0,
            map: String::new(),
            width: 1,
            height: 1,
            start: (0, 0),
            goal: (0, 0),
            optimal,
            tolerance,
        };
        // A 0 between different cells promises no path.
        let mut unreachable = query(0.0, 1e-4);
        unreachable.goal = (1, 0);
        assert!(unreachable.accepts_outcome(None));
        assert!(!unreachable.accepts_outcome(Some(0.0)));
        assert!(query(0.0, 1e-4).accepts_outcome(Some(0.0)));
        assert!(!query(2.0, 1e-4).accepts_outcome(None));
        // 814.8085 printed low as 814.808: accepted; a detour is not.
        assert!(query(814.808, 1e-3).accepts(814.8085));
        assert!(!query(814.808, 1e-3).accepts(814.808 + 0.07));
        assert!(!query(814.808, 1e-3).accepts(814.808 - 0.07));
    }

    #[test]
    fn each_fault_names_its_line() {
        let err = |text: &[u8]| Scenario::parse(text).unwrap_err().to_string();
        assert_eq!(
            err(b"version 1\n0\ta.map\t4\t3\t0\t0\t3\n"),
            "line 2: expected 9 fields (bucket, map, width, height, start x, start y, goal x, goal y, length), found 7"
        );
        assert_eq!(
            err(b"0 a.map 4 3 0 x 3 2 1\n"),
            "line 1: the start y \"x\" is not a whole number"
        );
        assert_eq!(
            err(b"0 a.map 4 3 0 0 3 2 -1\n"),
            "line 1: the optimal length \"-1\" is not a length of 0 or more"
        );
        assert_eq!(
            err(b"0 a.map 4 3 0 0 3 2 1\n\xff\n"),
            "line 2: not valid UTF-8"
        );
        let grid = Grid::parse_map(b"height 3\nwidth 4\nmap\n....\n.@..\n....\n").unwrap();
        let check = |text: &[u8]| {
            Scenario::parse(text)
                .unwrap()
                .check(&grid)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            check(b"0 a.map 4 3 0 0 3 2 1\n0 a.map 5 3 0 0 3 2 1\n"),
            "line 2: the query is for a 5x3 map, but a.map is 4x3"
        );
        assert_eq!(
            check(b"0 a.map 4 3 0 0 4 2 1\n"),
            "line 1: the goal (4, 2) is outside the map"
        );
        assert_eq!(
            check(b"0 a.map 4 3 1 1 3 2 1\n"),
            "line 1: the start (1, 1) is a blocked cell"
        );
    }
}
