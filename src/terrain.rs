//! A grid of terrain costs: entering a cell costs its digit, `#` is a wall.
//! The weighted-step demonstration for A*.

use std::fmt;
use std::str::FromStr;

use frontier::{SearchProblem, Step};

/// A rectangular map of terrain costs with a start and a goal.
///
/// # Example
///
/// ```
/// use frontier_workspace::terrain::Terrain;
///
/// let map: Terrain = "S19\n1#1\n11G".parse()?;
/// let solution = frontier::astar(&map).into_solution().unwrap();
/// assert_eq!(solution.cost, 4); // down, down, right, right: 1 + 1 + 1 + 1
/// # Ok::<(), frontier_workspace::terrain::TerrainError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terrain {
    width: usize,
    height: usize,
    /// Cost to enter each cell, row-major; 0 marks a wall.
    costs: Vec<u8>,
    start: (usize, usize),
    goal: (usize, usize),
}

/// A terrain map that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TerrainError {
    /// A character other than a digit 1-9, `#`, `S`, `G` or `.`.
    #[error("unexpected {found:?} at line {line}, column {column}")]
    Unexpected {
        /// The character found.
        found: char,
        /// Its line, from 1.
        line: usize,
        /// Its column, from 1.
        column: usize,
    },
    /// A line that is not valid UTF-8 (the map is read from bytes).
    #[error("invalid UTF-8 at line {line}, column {column}")]
    InvalidUtf8 {
        /// The line, from 1.
        line: usize,
        /// The column of its first bad byte, from 1 (the characters before
        /// it, plus one).
        column: usize,
    },
    /// A line whose length differs from the first line's.
    #[error("line {line} has {found} cells, expected {expected}")]
    Ragged {
        /// The line, from 1.
        line: usize,
        /// The first line's length.
        expected: usize,
        /// This line's length.
        found: usize,
    },
    /// No `S` or no `G` in the map, or more than one.
    #[error("the map needs exactly one {marker}, found {found}")]
    Marker {
        /// `'S'` or `'G'`.
        marker: char,
        /// How many there are.
        found: usize,
    },
    /// A width and a height whose product does not fit in `usize`.
    #[error("width {width} × height {height} overflows usize")]
    SizeOverflow {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// A map of fewer than 2 cells: there is no room for a start and a goal.
    #[error("a {width}x{height} map is too small: it needs at least 2 cells")]
    TooSmall {
        /// The width.
        width: usize,
        /// The height.
        height: usize,
        /// `width * height`.
        cells: usize,
    },
    /// A map of more than [`MAX_CELLS`] cells, whose path costs could
    /// overflow `u32`.
    #[error(
        "a {width}x{height} map has {cells} cells, more than {max} (the most whose path costs fit in u32)"
    )]
    TooLarge {
        /// The width.
        width: usize,
        /// The height.
        height: usize,
        /// `width * height`.
        cells: usize,
        /// [`MAX_CELLS`].
        max: usize,
    },
    /// The memory for the map's cells (a byte each) could not be allocated.
    #[error("cannot allocate {cells} bytes for the cells of the map")]
    OutOfMemory {
        /// The cells, one byte each.
        cells: usize,
    },
}

/// The most cells a map may have: 9 (the dearest cell) times the cells of a
/// path, plus the Manhattan distance, must fit in the `u32` costs, and ten
/// times the cells bounds both.
pub const MAX_CELLS: usize = (u32::MAX / 10) as usize;

/// Why a weight cannot be used by weighted A* (see [`Terrain::weighted`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum WeightError {
    /// The text is not a number.
    #[error("{text:?} is not a number")]
    NotANumber {
        /// The text as written.
        text: String,
    },
    /// NaN or an infinity: the weighted estimate would saturate or be
    /// meaningless.
    #[error("the weight must be a finite number, not {weight}")]
    NotFinite {
        /// The weight.
        weight: f64,
    },
    /// Below 1 (zero, negative or a fraction): weighted A* inflates the
    /// heuristic, and its bound on the cost, `weight` times the cheapest,
    /// means nothing below 1.
    #[error("the weight must be at least 1, not {weight}")]
    BelowOne {
        /// The weight.
        weight: f64,
    },
    /// So large that an estimate plus a path cost would overflow `u32` on
    /// this map.
    #[error(
        "weight {weight} is too large for a {width}x{height} map: its estimates would overflow the u32 path costs (at most {max})"
    )]
    TooLarge {
        /// The weight.
        weight: f64,
        /// The map's width.
        width: usize,
        /// The map's height.
        height: usize,
        /// The largest weight this map allows ([`Terrain::max_weight`]).
        max: f64,
    },
}

/// Reads a weight for weighted A*: a finite number of at least 1 (fit for
/// clap's `value_parser`). Whether it suits a given map is
/// [`Terrain::weighted`]'s to check.
///
/// # Errors
///
/// [`WeightError::NotANumber`], [`WeightError::NotFinite`] (`inf`, `NaN`)
/// or [`WeightError::BelowOne`].
///
/// # Example
///
/// ```
/// use frontier_workspace::terrain::{WeightError, parse_weight};
///
/// assert_eq!(parse_weight("1.5"), Ok(1.5));
/// assert_eq!(
///     parse_weight("inf"),
///     Err(WeightError::NotFinite { weight: f64::INFINITY })
/// );
/// assert_eq!(parse_weight("0"), Err(WeightError::BelowOne { weight: 0.0 }));
/// ```
pub fn parse_weight(text: &str) -> Result<f64, WeightError> {
    let weight: f64 = text.trim().parse().map_err(|_| WeightError::NotANumber {
        text: text.to_owned(),
    })?;
    check_weight(weight)
}

/// `weight`, if it is finite and at least 1.
fn check_weight(weight: f64) -> Result<f64, WeightError> {
    if !weight.is_finite() {
        Err(WeightError::NotFinite { weight })
    } else if weight < 1.0 {
        Err(WeightError::BelowOne { weight })
    } else {
        Ok(weight)
    }
}

/// A map searched with its heuristic multiplied by a weight: weighted A*
/// (Pohl 1970), which expands fewer nodes and finds a path costing at most
/// `weight` times the cheapest. Made by [`Terrain::weighted`], which checks
/// the weight.
#[derive(Clone, Copy, Debug)]
pub struct Weighted<'a> {
    map: &'a Terrain,
    weight: f64,
}

impl Weighted<'_> {
    /// The weight.
    #[must_use]
    pub fn weight(&self) -> f64 {
        self.weight
    }
}

impl SearchProblem for Weighted<'_> {
    type State = (usize, usize);
    type Action = Direction;
    type Cost = u32;

    fn start(&self) -> (usize, usize) {
        self.map.start()
    }

    fn is_goal(&self, at: &(usize, usize)) -> bool {
        self.map.is_goal(at)
    }

    fn successors(
        &self,
        at: &(usize, usize),
    ) -> impl Iterator<Item = Step<(usize, usize), char, u32>> {
        self.map.successors(at)
    }

    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a non-negative estimate, floored, at most Terrain::max_weight times the largest distance, which fits in u32"
    )]
    fn heuristic(&self, at: &(usize, usize)) -> u32 {
        (f64::from(self.map.heuristic(at)) * self.weight).floor() as u32
    }
}

impl Terrain {
    /// A random `width`×`height` map with costs 1-9, walls on about one cell
    /// in ten, start top left and goal bottom right, from `seed`.
    ///
    /// # Panics
    ///
    /// If [`Terrain::try_random`] fails: fewer than 2 cells, more than
    /// [`MAX_CELLS`], or no memory for them.
    #[must_use]
    pub fn random(width: usize, height: usize, seed: u64) -> Self {
        match Self::try_random(width, height, seed) {
            Ok(map) => map,
            Err(err) => panic!("{err}"),
        }
    }

    /// [`Terrain::random`], or why the map cannot be made.
    ///
    /// # Errors
    ///
    /// [`TerrainError::SizeOverflow`] if `width * height` overflows,
    /// [`TerrainError::TooSmall`] below 2 cells, [`TerrainError::TooLarge`]
    /// above [`MAX_CELLS`], [`TerrainError::OutOfMemory`] if the cells
    /// cannot be allocated.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier_workspace::terrain::{Terrain, TerrainError};
    ///
    /// assert!(Terrain::try_random(60, 20, 2).is_ok());
    /// assert_eq!(
    ///     Terrain::try_random(1 << 40, 1 << 40, 2),
    ///     Err(TerrainError::SizeOverflow { width: 1 << 40, height: 1 << 40 })
    /// );
    /// ```
    pub fn try_random(width: usize, height: usize, seed: u64) -> Result<Self, TerrainError> {
        let cells = check_size(width, height)?;
        let mut costs = Vec::new();
        costs
            .try_reserve_exact(cells)
            .map_err(|_| TerrainError::OutOfMemory { cells })?;
        let mut state = seed;
        costs.extend((0..cells).map(|_| {
            // SplitMix64: a fixed, dependency-free stream for any seed.
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            let roll = (z ^ (z >> 31)) % 10;
            // cannot fail: roll < 10
            u8::try_from(roll).unwrap_or(0)
        }));
        costs[0] = 1;
        costs[cells - 1] = 1;
        Ok(Terrain {
            width,
            height,
            costs,
            start: (0, 0),
            goal: (width - 1, height - 1),
        })
    }

    /// The goal's cell, `(x, y)` from the top left.
    #[must_use]
    pub fn goal_cell(&self) -> (usize, usize) {
        self.goal
    }

    /// The width, in cells.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// The height, in cells.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The largest weight [`Terrain::weighted`] accepts on this map, a
    /// whole number: the weighted Manhattan distance plus the cost of any
    /// path must fit in `u32`. At least 1 on every map of at most
    /// [`MAX_CELLS`] cells.
    #[must_use]
    #[expect(
        clippy::cast_precision_loss,
        reason = "cell counts below MAX_CELLS < 2^32 are exact in f64"
    )]
    pub fn max_weight(&self) -> f64 {
        // A path visits each cell at most once and pays at most 9 a cell.
        let costliest_path = 9 * (self.costs.len() - 1) as u64;
        let farthest = (self.width - 1 + self.height - 1) as u64;
        let room = u64::from(u32::MAX).saturating_sub(costliest_path);
        (room / farthest.max(1)) as f64
    }

    /// This map for weighted A*: its heuristic multiplied by `weight`.
    ///
    /// # Errors
    ///
    /// [`WeightError::NotFinite`], [`WeightError::BelowOne`], or
    /// [`WeightError::TooLarge`] above [`Terrain::max_weight`], where the
    /// inflated estimates would overflow the `u32` costs (and saturate,
    /// which would turn weighted A* into Dijkstra's algorithm).
    ///
    /// # Example
    ///
    /// ```
    /// use frontier_workspace::terrain::{Terrain, WeightError};
    ///
    /// let map: Terrain = "S19\n1#1\n11G".parse()?;
    /// let solution = frontier::astar(&map.weighted(3.0)?).into_solution().unwrap();
    /// assert!(solution.cost <= 3 * 4);
    /// assert!(matches!(map.weighted(1e12), Err(WeightError::TooLarge { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn weighted(&self, weight: f64) -> Result<Weighted<'_>, WeightError> {
        let weight = check_weight(weight)?;
        let max = self.max_weight();
        if weight > max {
            return Err(WeightError::TooLarge {
                weight,
                width: self.width,
                height: self.height,
                max,
            });
        }
        Ok(Weighted { map: self, weight })
    }

    /// The cost to enter `(x, y)`, or `None` for a wall or off the map.
    #[must_use]
    pub fn cost(&self, (x, y): (usize, usize)) -> Option<u32> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let cost = self.costs[y * self.width + x];
        (cost > 0).then_some(u32::from(cost))
    }
}

impl FromStr for Terrain {
    type Err = TerrainError;

    /// Reads one line per row: digits 1-9 are costs, `.` costs 1, `#` is a
    /// wall, `S` and `G` (cost 1) mark the start and the goal.
    fn from_str(text: &str) -> Result<Self, TerrainError> {
        Self::from_bytes(text.as_bytes())
    }
}

impl Terrain {
    /// Reads a map from the bytes of a file, as [`FromStr`] reads text: a
    /// line that is not valid UTF-8 is an error naming its line and column,
    /// like any other bad character.
    ///
    /// # Errors
    ///
    /// [`TerrainError::InvalidUtf8`], and those of [`FromStr`]:
    /// [`Unexpected`](TerrainError::Unexpected),
    /// [`Ragged`](TerrainError::Ragged), [`Marker`](TerrainError::Marker)
    /// and the size errors, each for the first line that has one.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier_workspace::terrain::{Terrain, TerrainError};
    ///
    /// assert!(Terrain::from_bytes(b"S1\n1G\n").is_ok());
    /// let err = Terrain::from_bytes(b"S1\n\n1\xffG\n").unwrap_err();
    /// assert_eq!(err, TerrainError::InvalidUtf8 { line: 3, column: 2 });
    /// assert_eq!(err.to_string(), "invalid UTF-8 at line 3, column 2");
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, TerrainError> {
        let mut costs = Vec::new();
        let mut width = 0;
        let mut height = 0;
        let mut starts = Vec::new();
        let mut goals = Vec::new();
        // Blank lines are skipped, but errors name the file's lines and
        // columns, so `line` counts every line and `y` only rows.
        for line in crate::lines::lines(bytes) {
            let index = line.number() - 1;
            let line = line.text().map_err(|err| TerrainError::InvalidUtf8 {
                line: err.line,
                column: err.column,
            })?;
            let cells = line.trim();
            if cells.is_empty() {
                continue;
            }
            let y = height;
            height += 1;
            let indent = line[..line.len() - line.trim_start().len()].chars().count();
            let found = cells.chars().count();
            if y == 0 {
                width = found;
            } else if found != width {
                return Err(TerrainError::Ragged {
                    line: index + 1,
                    expected: width,
                    found,
                });
            }
            for (x, c) in cells.chars().enumerate() {
                let cost = match c {
                    '1'..='9' => c as u8 - b'0',
                    '.' => 1,
                    '#' => 0,
                    'S' => {
                        starts.push((x, y));
                        1
                    }
                    'G' => {
                        goals.push((x, y));
                        1
                    }
                    found => {
                        return Err(TerrainError::Unexpected {
                            found,
                            line: index + 1,
                            column: indent + x + 1,
                        });
                    }
                };
                costs.push(cost);
            }
        }
        let [start] = starts[..] else {
            return Err(TerrainError::Marker {
                marker: 'S',
                found: starts.len(),
            });
        };
        let [goal] = goals[..] else {
            return Err(TerrainError::Marker {
                marker: 'G',
                found: goals.len(),
            });
        };
        check_size(width, height)?;
        Ok(Terrain {
            width,
            height,
            costs,
            start,
            goal,
        })
    }
}

/// The cells of a `width`×`height` map, if it may have them.
fn check_size(width: usize, height: usize) -> Result<usize, TerrainError> {
    let cells = width
        .checked_mul(height)
        .ok_or(TerrainError::SizeOverflow { width, height })?;
    if cells < 2 {
        return Err(TerrainError::TooSmall {
            width,
            height,
            cells,
        });
    }
    if cells > MAX_CELLS {
        return Err(TerrainError::TooLarge {
            width,
            height,
            cells,
            max: MAX_CELLS,
        });
    }
    Ok(cells)
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height {
            for x in 0..self.width {
                let c = match self.costs[y * self.width + x] {
                    _ if (x, y) == self.start => 'S',
                    _ if (x, y) == self.goal => 'G',
                    0 => '#',
                    cost => char::from(b'0' + cost),
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A move on the map: the direction taken.
pub type Direction = char;

impl SearchProblem for Terrain {
    type State = (usize, usize);
    type Action = Direction;
    type Cost = u32;

    fn start(&self) -> (usize, usize) {
        self.start
    }

    fn is_goal(&self, at: &(usize, usize)) -> bool {
        *at == self.goal
    }

    fn successors(
        &self,
        &(x, y): &(usize, usize),
    ) -> impl Iterator<Item = Step<(usize, usize), char, u32>> {
        let up = y.checked_sub(1).map(|y| ('u', (x, y)));
        let left = x.checked_sub(1).map(|x| ('l', (x, y)));
        let right = Some(('r', (x + 1, y)));
        let down = Some(('d', (x, y + 1)));
        [up, left, right, down]
            .into_iter()
            .flatten()
            .filter_map(|(action, to)| Some(Step::new(action, to, self.cost(to)?)))
    }

    /// Manhattan distance: admissible because every cell costs at least 1.
    fn heuristic(&self, &(x, y): &(usize, usize)) -> u32 {
        let distance = x.abs_diff(self.goal.0) + y.abs_diff(self.goal.1);
        // cannot fail for maps that fit in memory
        u32::try_from(distance).unwrap_or(u32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_maps_are_named() {
        assert_eq!(
            "S1\n1x".parse::<Terrain>(),
            Err(TerrainError::Unexpected {
                found: 'x',
                line: 2,
                column: 2
            })
        );
        assert_eq!(
            "S1\n1".parse::<Terrain>(),
            Err(TerrainError::Ragged {
                line: 2,
                expected: 2,
                found: 1
            })
        );
        assert_eq!(
            "S1\n11".parse::<Terrain>(),
            Err(TerrainError::Marker {
                marker: 'G',
                found: 0
            })
        );
    }

    #[test]
    fn positions_are_those_of_the_file() {
        // Blank lines and leading blanks are skipped but still counted.
        assert_eq!(
            "S.\n\n\n#x\n..G".parse::<Terrain>(),
            Err(TerrainError::Unexpected {
                found: 'x',
                line: 4,
                column: 2
            })
        );
        assert_eq!(
            "\n  S.\n \t#x\n..G".parse::<Terrain>(),
            Err(TerrainError::Unexpected {
                found: 'x',
                line: 3,
                column: 4
            })
        );
        assert_eq!(
            "S.\n\n1\n.G".parse::<Terrain>(),
            Err(TerrainError::Ragged {
                line: 3,
                expected: 2,
                found: 1
            })
        );
    }

    #[test]
    #[expect(clippy::float_cmp, reason = "whole numbers, exact in f64")]
    fn weights_are_finite_at_least_one_and_fit_the_map() {
        for text in ["inf", "-inf", "NaN"] {
            assert!(matches!(
                parse_weight(text),
                Err(WeightError::NotFinite { .. })
            ));
        }
        for text in ["0", "-0", "-1", "0.999"] {
            assert!(matches!(
                parse_weight(text),
                Err(WeightError::BelowOne { .. })
            ));
        }
        assert_eq!(
            parse_weight("two"),
            Err(WeightError::NotANumber {
                text: "two".to_owned()
            })
        );
        assert_eq!(parse_weight("1"), Ok(1.0));

        let map = Terrain::random(30, 20, 4);
        let max = map.max_weight();
        // 9 * 599 for the costliest path, 48 for the farthest estimate.
        assert_eq!(max, f64::from((u32::MAX - 9 * 599) / 48));
        assert!(matches!(
            map.weighted(max + 1.0),
            Err(WeightError::TooLarge {
                width: 30,
                height: 20,
                ..
            })
        ));
        // The largest weight is safe: f = g + h never overflows (debug
        // builds would panic), and the greedy search still finds a path.
        for weight in [1.0, 2.5, max] {
            let weighted = map.weighted(weight).unwrap();
            let found = frontier::astar(&weighted).into_solution();
            let cheapest = frontier::astar(&map).into_solution();
            assert_eq!(found.is_some(), cheapest.is_some(), "weight {weight}");
        }
    }

    #[test]
    fn sizes_are_checked_before_allocating() {
        assert_eq!(
            Terrain::try_random(usize::MAX, 2, 0),
            Err(TerrainError::SizeOverflow {
                width: usize::MAX,
                height: 2
            })
        );
        assert_eq!(
            Terrain::try_random(100_000, 1_000_000, 0),
            Err(TerrainError::TooLarge {
                width: 100_000,
                height: 1_000_000,
                cells: 100_000_000_000,
                max: MAX_CELLS
            })
        );
        assert!(matches!(
            Terrain::try_random(0, 7, 0),
            Err(TerrainError::TooSmall { cells: 0, .. })
        ));
        assert!(matches!(
            Terrain::try_random(1, 1, 0),
            Err(TerrainError::TooSmall { cells: 1, .. })
        ));
        let map = Terrain::try_random(2, 1, 0).unwrap();
        assert_eq!(map.to_string(), "SG\n");
    }

    #[test]
    fn dijkstra_and_astar_agree_on_random_maps() {
        for seed in 0..20 {
            let map = Terrain::random(30, 20, seed);
            let astar = frontier::astar(&map);
            let dijkstra = frontier::astar(&frontier::problem::NoHeuristic(&map));
            assert_eq!(
                astar.solution().map(|s| s.cost),
                dijkstra.solution().map(|s| s.cost),
                "seed {seed}"
            );
        }
    }
}
