//! Moving AI `.scen` files: queries on a map, each with its optimal length.
//!
//! ```text
//! version 1
//! 0  maps/dao/arena.map  49  49  1  11  1  12  1
//! ```
//!
//! (fields separated by tabs in the file). After an optional `version`
//! line (the first line that is not blank, if its first word is
//! `version`), each line holds nine fields: bucket,
//! map file, map width, map height, start x, start y, goal x, goal y, and
//! the optimal length under the benchmark's rule (octile, no corner
//! cutting). Fields are separated by tabs, or by spaces in the files that
//! use them (the Baldur's Gate sets' `version 1.0` files); blank lines, and
//! blanks around a line or a field, are skipped.
//!
//! [`Scenario::parse`] keeps every query; [`Scenario::lines`] reads them
//! one at a time, for a reader that keeps them its own way. A bad token
//! is echoed cut short ([`frontier_text::TokenExcerpt`]), so a 10 MB map name
//! costs one short line in an error.
//!
//! The lengths are printed rounded (most files to six significant digits,
//! some to two decimals, and values on a rounding boundary come out low), so
//! a length is checked against its query within max(10⁻⁴, one unit in the
//! last printed digit) ([`Query::accepts`]). A length printed `0` between
//! two different cells means there is no path ([`Query::expects_path`]).

use std::sync::Arc;

use frontier_text::TokenExcerpt;

use crate::grid::{Grid, Terrain};
use crate::route::{Endpoint, RouteError};

/// One line of a scenario file.
#[derive(Clone, Debug, PartialEq)]
pub struct Query {
    /// The line it came from, from 1.
    pub line: usize,
    /// The bucket (the scenario files group queries by length).
    pub bucket: u32,
    /// The map file as the line names it (often a path like
    /// `dao/arena.map`). Shared, not copied, by the queries of the lines
    /// that follow naming the same map, so a query costs the same whatever
    /// its map's name.
    pub map: Arc<str>,
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

    /// Checks the query against `grid`, the map it names: the sizes
    /// agree, and the start and goal are open cells.
    ///
    /// # Errors
    ///
    /// [`ScenarioError::Size`] or [`ScenarioError::Endpoint`].
    pub fn check(&self, grid: &Grid) -> Result<(), ScenarioError> {
        if (self.width, self.height) != (grid.width(), grid.height()) {
            return Err(ScenarioError::Size {
                line: self.line,
                map: TokenExcerpt::new(&self.map),
                width: self.width,
                height: self.height,
                map_width: grid.width(),
                map_height: grid.height(),
            });
        }
        for (endpoint, (x, y)) in [(Endpoint::Start, self.start), (Endpoint::Goal, self.goal)] {
            let source = if x >= grid.width() || y >= grid.height() {
                RouteError::OffMap {
                    endpoint,
                    x,
                    y,
                    width: grid.width(),
                    height: grid.height(),
                }
            } else if grid.terrain(x, y) == Terrain::Blocked {
                RouteError::Blocked { endpoint, x, y }
            } else {
                continue;
            };
            return Err(ScenarioError::Endpoint {
                line: self.line,
                source,
            });
        }
        Ok(())
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
    #[error("line {line}: the {field} {found} is not {expected}")]
    Field {
        /// The line.
        line: usize,
        /// The field's name.
        field: &'static str,
        /// Its text, cut short if long.
        found: TokenExcerpt,
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
        /// The query's map, cut short if long.
        map: TokenExcerpt,
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
    #[error("line {line}: {source}")]
    Endpoint {
        /// The line.
        line: usize,
        /// Which end, where, and what is wrong with it.
        source: RouteError,
    },
    /// The memory to keep one more query could not be had.
    #[error("line {line}: out of memory keeping the query after {queries} others")]
    OutOfMemory {
        /// The line of the query that did not fit.
        line: usize,
        /// The queries kept before it.
        queries: usize,
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

/// The queries of a `.scen` file's contents, read one line at a time, in
/// file order: [`Scenario::lines`]. It ends after the first error.
///
/// Nothing is kept but the current line's query (and the previous one's
/// map name, shared with the next query naming the same map): a reader
/// that stores the queries its own way, or checks them as they come,
/// needs no more memory than what it stores.
#[derive(Clone, Debug)]
pub struct QueryLines<'a> {
    /// The text not read yet; `None` at the end or after an error.
    rest: Option<&'a [u8]>,
    /// The number of the last line read.
    line: usize,
    /// Whether a non-blank line was read (the `version` line may only
    /// be the first).
    started: bool,
    /// The map named by the last query.
    map: Option<Arc<str>>,
}

impl Iterator for QueryLines<'_> {
    type Item = Result<Query, ScenarioError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let rest = self.rest?;
            let (bytes, after) = match rest.iter().position(|&b| b == b'\n') {
                Some(end) => (&rest[..end], Some(&rest[end + 1..])),
                None => (rest, None),
            };
            self.rest = after;
            self.line += 1;
            let line = self.line;
            let Ok(text) = std::str::from_utf8(bytes) else {
                self.rest = None;
                return Some(Err(ScenarioError::Utf8 { line }));
            };
            // Blanks around a line, and blank lines, mean nothing.
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            let first = !self.started;
            self.started = true;
            if first && text.split_whitespace().next() == Some("version") {
                continue;
            }
            let query = self.query(line, text);
            if query.is_err() {
                self.rest = None;
            }
            return Some(query);
        }
    }
}

impl QueryLines<'_> {
    /// The query of line `line`, `text` (not blank, trimmed).
    fn query(&mut self, line: usize, text: &str) -> Result<Query, ScenarioError> {
        let mut fields = [""; 9];
        let mut found = 0;
        // Tab-separated fields may hold spaces (a map name); the files
        // without tabs separate their fields by spaces.
        let split: &mut dyn Iterator<Item = &str> = if text.contains('\t') {
            &mut text.split('\t').map(str::trim)
        } else {
            &mut text.split_whitespace()
        };
        for field in split {
            if let Some(slot) = fields.get_mut(found) {
                *slot = field;
            }
            found += 1;
        }
        if found != 9 {
            return Err(ScenarioError::Fields { line, found });
        }
        let bad =
            |position: usize, field: &'static str, expected: &'static str| ScenarioError::Field {
                line,
                field,
                found: TokenExcerpt::new(fields[position]),
                expected,
            };
        let number = |position: usize, field: &'static str| {
            fields[position]
                .parse::<usize>()
                .map_err(|_| bad(position, field, "a whole number"))
        };
        let bucket = number(0, "bucket")?;
        let bucket = u32::try_from(bucket).map_err(|_| bad(0, "bucket", "below 2^32"))?;
        let width = number(2, "map width")?;
        let height = number(3, "map height")?;
        let start = (number(4, "start x")?, number(5, "start y")?);
        let goal = (number(6, "goal x")?, number(7, "goal y")?);
        let optimal_text = fields[8];
        let optimal = optimal_text
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| bad(8, "optimal length", "a length of 0 or more"))?;
        let map = match &self.map {
            Some(map) if **map == *fields[1] => Arc::clone(map),
            _ => {
                let map: Arc<str> = Arc::from(fields[1]);
                self.map = Some(Arc::clone(&map));
                map
            }
        };
        Ok(Query {
            line,
            bucket,
            map,
            width,
            height,
            start,
            goal,
            optimal,
            tolerance: tolerance(optimal_text),
        })
    }
}

impl Scenario {
    /// Reads a `.scen` file's contents (see the [module docs](self)):
    /// [`Scenario::lines`], collected.
    ///
    /// # Errors
    ///
    /// A [`ScenarioError`] naming the line of the first bad query, or
    /// [`ScenarioError::OutOfMemory`] if the queries cannot be kept.
    pub fn parse(text: &[u8]) -> Result<Scenario, ScenarioError> {
        let mut queries = Vec::new();
        for query in Scenario::lines(text) {
            let query = query?;
            if queries.try_reserve(1).is_err() {
                return Err(ScenarioError::OutOfMemory {
                    line: query.line,
                    queries: queries.len(),
                });
            }
            queries.push(query);
        }
        Ok(Scenario { queries })
    }

    /// The queries of a `.scen` file's contents, parsed one line at a time
    /// as the iterator is advanced: what [`Scenario::parse`] collects. It
    /// yields the first bad line's [`ScenarioError`] and ends there.
    ///
    /// Blank lines, and blanks around a line, are skipped; the first
    /// non-blank line is skipped if its first word is `version`.
    ///
    /// # Example
    ///
    /// ```
    /// use grid::Scenario;
    ///
    /// let text = b"\n  version 1\n0\tdao/a.map\t4\t3\t0\t0\t3\t2\t3.41421\n0 a.map 4 3 x\n";
    /// let mut lines = Scenario::lines(text);
    /// assert_eq!(lines.next().unwrap()?.map_name(), "a.map");
    /// assert_eq!(
    ///     lines.next().unwrap().unwrap_err().to_string(),
    ///     "line 4: expected 9 fields (bucket, map, width, height, start x, start y, goal x, goal y, length), found 5"
    /// );
    /// assert!(lines.next().is_none());
    /// # Ok::<(), grid::ScenarioError>(())
    /// ```
    #[must_use]
    pub fn lines(text: &[u8]) -> QueryLines<'_> {
        QueryLines {
            rest: Some(text),
            line: 0,
            started: false,
            map: None,
        }
    }

    /// Checks every query against `grid`, the map it names: the sizes
    /// agree, and the start and goal are open cells ([`Query::check`]).
    ///
    /// # Errors
    ///
    /// [`ScenarioError::Size`] or [`ScenarioError::Endpoint`] for the
    /// first query that does not fit.
    pub fn check(&self, grid: &Grid) -> Result<(), ScenarioError> {
        self.queries.iter().try_for_each(|query| query.check(grid))
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
            map: "".into(),
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
            "line 2: the query is for a 5x3 map, but \"a.map\" is 4x3"
        );
        assert_eq!(
            check(b"0 a.map 4 3 0 0 4 2 1\n"),
            "line 1: the goal (4, 2) is outside the 4x3 map"
        );
        assert_eq!(
            check(b"0 a.map 4 3 1 1 3 2 1\n"),
            "line 1: the start (1, 1) is a blocked cell"
        );
    }

    #[test]
    fn blank_lines_and_blanks_around_lines_are_skipped() {
        let query = "0\ta.map\t4\t3\t0\t0\t3\t2\t3.41421";
        for text in [
            format!("\n\nversion 1\n{query}\n"),
            format!("  version 1\n{query}\n"),
            format!(" \t\r\n \n\t version 1.0 \t\r\n{query}\n"),
            format!("version 1\n\t {query} \t\n"),
            format!("version 1\n\n{query}\t\n\n"),
            "\n  0 a.map 4 3 0 0 3 2 3.41421  \n".to_owned(),
        ] {
            let scenario =
                Scenario::parse(text.as_bytes()).unwrap_or_else(|err| panic!("{text:?}: {err}"));
            assert_eq!(scenario.queries.len(), 1, "{text:?}");
            let query = &scenario.queries[0];
            assert_eq!(
                (&*query.map, query.start, query.goal),
                ("a.map", (0, 0), (3, 2)),
                "{text:?}"
            );
        }
        // Lines keep their numbers; only the first line may be `version`.
        let err =
            Scenario::parse(format!("\n\nversion 1\n{query}\nversion 1\n").as_bytes()).unwrap_err();
        assert_eq!(err, ScenarioError::Fields { line: 5, found: 2 });
    }

    #[test]
    fn long_tokens_are_cut_in_errors() {
        let long = "9".repeat(100_000);
        let err = Scenario::parse(format!("0 a.map 4 3 0 0 3 {long}x 1\n").as_bytes()).unwrap_err();
        let message = err.to_string();
        assert!(message.len() < 200, "{message}");
        assert!(
            message.starts_with("line 1: the goal y \"99999"),
            "{message}"
        );
        assert!(
            message.ends_with("\"… of 100001 bytes is not a whole number"),
            "{message}"
        );
        let name = "m".repeat(100_000);
        let scenario =
            Scenario::parse(format!("0 {name} 5 5 0 0 1 1 1.41421\n").as_bytes()).unwrap();
        let grid = Grid::parse_map(b"height 3\nwidth 4\nmap\n....\n....\n....\n").unwrap();
        let message = scenario.check(&grid).unwrap_err().to_string();
        assert!(message.len() < 200, "{message}");
        assert!(message.contains("… of 100000 bytes is 4x3"), "{message}");
    }

    #[test]
    fn lines_are_read_one_at_a_time_and_share_map_names() {
        let text = b"0 a.map 4 3 0 0 3 2 1\n0 a.map 4 3 0 0 3 1 1\n0 b.map 4 3 0 0 3 2 1\n0 a.map 4 3 0 0 2 2 1\nbad\n0 a.map 4 3 0 0 3 2 1\n";
        let queries: Vec<_> = Scenario::lines(text).collect();
        assert_eq!(queries.len(), 5, "ends at the first error");
        assert_eq!(queries[4], Err(ScenarioError::Fields { line: 5, found: 1 }));
        let queries: Vec<Query> = queries.into_iter().take(4).map(Result::unwrap).collect();
        assert!(
            Arc::ptr_eq(&queries[0].map, &queries[1].map),
            "one name for a run of lines"
        );
        assert_eq!(&*queries[2].map, "b.map");
        assert_eq!(&*queries[3].map, "a.map");
        // What a query costs whatever its map's name: a few words.
        assert!(size_of::<Query>() <= 96, "{}", size_of::<Query>());
    }

    #[test]
    fn an_endpoint_error_says_which_end_as_a_value() {
        let grid = Grid::parse_map(b"height 1\nwidth 3\nmap\n.@.\n").unwrap();
        let scenario = Scenario::parse(b"0 a.map 3 1 0 0 1 0 1\n").unwrap();
        assert_eq!(
            scenario.check(&grid),
            Err(ScenarioError::Endpoint {
                line: 1,
                source: RouteError::Blocked {
                    endpoint: Endpoint::Goal,
                    x: 1,
                    y: 0
                }
            })
        );
    }
}
