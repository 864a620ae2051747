//! Terrain maps as text: rows of digit costs, for [`Weighted`] movement.
//!
//! ```text
//! S.19
//! 1#.1
//! 11.G
//! ```
//!
//! One row per line: a digit `1`-`9` is land entered at that weight, `.` is
//! land of weight 1, `#` a wall, and exactly one `S` and one `G` (land of
//! weight 1) mark the start and the goal. Blank lines and the blanks
//! around a row are skipped, but errors give the line and column of the
//! file. The text is read as bytes: a line that is not UTF-8 is an error
//! naming its own line and column, like any other bad character.
//!
//! [`parse_terrain`] reads such a map into a [`TerrainMap`], a [`Grid`] of
//! [`Terrain::Land`] weights with its start and goal; [`TerrainMap::random`]
//! draws a seeded one; [`TerrainMap::route`] is its query under
//! [`Weighted`] movement, where entering a cell costs its digit;
//! [`TerrainMap::draw_path`] writes the map with a path on it.

use std::fmt;
use std::str::FromStr;

use crate::cost::MAX_CELLS;
use crate::grid::{Cell, Grid, GridError, Terrain};
use crate::movement::Weighted;
use crate::route::Route;

/// A terrain map: a grid of land weights 1 to 9 and walls, with a start and
/// a goal on land.
///
/// # Example
///
/// ```
/// use grid::text::TerrainMap;
///
/// let map: TerrainMap = "S19\n1#1\n11G".parse()?;
/// assert_eq!((map.start(), map.goal()), ((0, 0), (2, 2)));
/// let route = map.route();
/// let solution = frontier::astar(&route).into_solution().expect("a path exists");
/// assert_eq!(solution.cost, 4); // down, down, right, right: 1 + 1 + 1 + 1
/// assert_eq!(route.replay(&solution.actions)?.weighted, 4);
/// assert_eq!(map.to_string(), "S19\n1#1\n11G\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerrainMap {
    grid: Grid,
    start: (usize, usize),
    goal: (usize, usize),
}

/// A terrain map that could not be read or made.
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
    /// A line that is not valid UTF-8.
    #[error("invalid UTF-8 at line {line}, column {column}")]
    InvalidUtf8 {
        /// The line, from 1.
        line: usize,
        /// The column of its first bad byte, from 1 (the characters before
        /// it, plus one).
        column: usize,
    },
    /// A row whose length differs from the first row's.
    #[error("line {line} has {found} cells, expected {expected}")]
    Ragged {
        /// The line, from 1.
        line: usize,
        /// The first row's length.
        expected: usize,
        /// This row's length.
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
    /// A map of more than [`MAX_CELLS`] cells, the most a [`Grid`] holds.
    #[error(
        "a {width}x{height} map has {cells} cells, more than {max} (the most a grid holds with exact path costs)"
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
    /// The memory for the map's cells could not be allocated.
    #[error("cannot allocate {cells} cells for the map")]
    OutOfMemory {
        /// The cells asked for.
        cells: usize,
    },
}

/// Reads a terrain map (see the [module docs](self) for the format).
///
/// # Errors
///
/// [`TerrainError::InvalidUtf8`], [`Unexpected`](TerrainError::Unexpected)
/// and [`Ragged`](TerrainError::Ragged) for the first line that has one,
/// then [`Marker`](TerrainError::Marker) and the size errors;
/// [`OutOfMemory`](TerrainError::OutOfMemory) if the cells cannot be
/// kept (one byte each, asked for fallibly: never an abort).
///
/// # Example
///
/// ```
/// use grid::text::{TerrainError, parse_terrain};
///
/// assert!(parse_terrain(b"S1\n1G\n").is_ok());
/// let err = parse_terrain(b"S1\n\n1\xffG\n").unwrap_err();
/// assert_eq!(err, TerrainError::InvalidUtf8 { line: 3, column: 2 });
/// assert_eq!(err.to_string(), "invalid UTF-8 at line 3, column 2");
/// ```
pub fn parse_terrain(text: &[u8]) -> Result<TerrainMap, TerrainError> {
    // A weight per cell, 0 for a wall, row by row.
    let mut weights = Vec::new();
    let mut width = 0;
    let mut height = 0;
    // The first start and goal and how many there are: a file of a
    // million `S` costs no more than one.
    let (mut start, mut starts) = ((0, 0), 0);
    let (mut goal, mut goals) = ((0, 0), 0);
    // Blank lines are skipped, but errors name the file's lines and
    // columns, so `line` counts every line and `y` only rows.
    for (line, bytes) in lines(text) {
        let row = std::str::from_utf8(bytes).map_err(|err| {
            let valid = &bytes[..err.valid_up_to()];
            // cannot fail: the bytes before `valid_up_to` are UTF-8
            let before = std::str::from_utf8(valid).map_or(0, |s| s.chars().count());
            TerrainError::InvalidUtf8 {
                line,
                column: before + 1,
            }
        })?;
        let cells = row.trim();
        if cells.is_empty() {
            continue;
        }
        let y = height;
        height += 1;
        let indent = row[..row.len() - row.trim_start().len()].chars().count();
        let found = cells.chars().count();
        if y == 0 {
            width = found;
        } else if found != width {
            return Err(TerrainError::Ragged {
                line,
                expected: width,
                found,
            });
        }
        if weights.try_reserve(found).is_err() {
            return Err(TerrainError::OutOfMemory {
                cells: weights.len().saturating_add(found),
            });
        }
        for (x, c) in cells.chars().enumerate() {
            let weight = match c {
                '1'..='9' => c as u8 - b'0',
                '.' => 1,
                '#' => 0,
                'S' => {
                    if starts == 0 {
                        start = (x, y);
                    }
                    starts += 1;
                    1
                }
                'G' => {
                    if goals == 0 {
                        goal = (x, y);
                    }
                    goals += 1;
                    1
                }
                found => {
                    return Err(TerrainError::Unexpected {
                        found,
                        line,
                        column: indent + x + 1,
                    });
                }
            };
            weights.push(weight);
        }
    }
    if starts != 1 {
        return Err(TerrainError::Marker {
            marker: 'S',
            found: starts,
        });
    }
    if goals != 1 {
        return Err(TerrainError::Marker {
            marker: 'G',
            found: goals,
        });
    }
    check_size(width, height)?;
    let grid = build(width, height, |x, y| weights[y * width + x])?;
    Ok(TerrainMap { grid, start, goal })
}

/// The lines of `text`, numbered from 1, split as [`str::lines`] splits:
/// at `\n` or `\r\n`, with no empty line after a final line ending.
fn lines(text: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    text.split_inclusive(|&b| b == b'\n')
        .enumerate()
        .map(|(index, line)| {
            let line = match line.strip_suffix(b"\n") {
                Some(line) => line.strip_suffix(b"\r").unwrap_or(line),
                None => line,
            };
            (index + 1, line)
        })
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

/// The grid of a `width`×`height` map (of a size [`check_size`] accepts)
/// whose cell `(x, y)` weighs `weight(x, y)`, 0 for a wall.
fn build(
    width: usize,
    height: usize,
    mut weight: impl FnMut(usize, usize) -> u8,
) -> Result<Grid, TerrainError> {
    let cells = width * height;
    Grid::from_fn(width, height, |x, y| match weight(x, y) {
        0 => Terrain::Blocked,
        w => Terrain::Land(w),
    })
    .map_err(|err| match err {
        GridError::OutOfMemory { .. } => TerrainError::OutOfMemory { cells },
        // `check_size` passed and every weight is 1 to 9: only memory can
        // be missing, but say what the grid said if not.
        GridError::Empty { .. } => TerrainError::TooSmall {
            width,
            height,
            cells,
        },
        GridError::TooLarge { .. } | GridError::Weight { .. } => TerrainError::TooLarge {
            width,
            height,
            cells,
            max: MAX_CELLS,
        },
    })
}

impl TerrainMap {
    /// A random `width`×`height` map with weights 1-9, walls on about one
    /// cell in ten, start top left and goal bottom right, from `seed`.
    ///
    /// # Panics
    ///
    /// If [`TerrainMap::try_random`] fails: fewer than 2 cells, more than
    /// [`MAX_CELLS`], or no memory for them.
    #[must_use]
    pub fn random(width: usize, height: usize, seed: u64) -> Self {
        match Self::try_random(width, height, seed) {
            Ok(map) => map,
            Err(err) => panic!("{err}"),
        }
    }

    /// [`TerrainMap::random`], or why the map cannot be made.
    ///
    /// # Errors
    ///
    /// [`TerrainError::SizeOverflow`] if `width * height` overflows,
    /// [`TerrainError::TooSmall`] below 2 cells, [`TerrainError::TooLarge`]
    /// above [`MAX_CELLS`], [`TerrainError::OutOfMemory`] if the cells
    /// cannot be allocated. All are checked before any allocation.
    ///
    /// # Example
    ///
    /// ```
    /// use grid::text::{TerrainError, TerrainMap};
    ///
    /// assert!(TerrainMap::try_random(60, 20, 2).is_ok());
    /// assert_eq!(
    ///     TerrainMap::try_random(1 << 40, 1 << 40, 2),
    ///     Err(TerrainError::SizeOverflow { width: 1 << 40, height: 1 << 40 })
    /// );
    /// ```
    pub fn try_random(width: usize, height: usize, seed: u64) -> Result<Self, TerrainError> {
        let cells = check_size(width, height)?;
        let mut state = seed;
        let grid = build(width, height, |x, y| {
            // SplitMix64: a fixed, dependency-free stream for any seed,
            // drawn for every cell so that the corners do not shift it.
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            let roll = (z ^ (z >> 31)) % 10;
            let index = y * width + x;
            if index == 0 || index == cells - 1 {
                1
            } else {
                // cannot fail: roll < 10
                u8::try_from(roll).unwrap_or(0)
            }
        })?;
        Ok(TerrainMap {
            grid,
            start: (0, 0),
            goal: (width - 1, height - 1),
        })
    }

    /// The grid: [`Terrain::Land`] of weight 1 to 9, or
    /// [`Terrain::Blocked`].
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The start's cell, `(x, y)` from the top left.
    #[must_use]
    pub fn start(&self) -> (usize, usize) {
        self.start
    }

    /// The goal's cell, `(x, y)` from the top left.
    #[must_use]
    pub fn goal(&self) -> (usize, usize) {
        self.goal
    }

    /// The width, in cells.
    #[must_use]
    pub fn width(&self) -> usize {
        self.grid.width()
    }

    /// The height, in cells.
    #[must_use]
    pub fn height(&self) -> usize {
        self.grid.height()
    }

    /// The weight of entering `(x, y)`, or `None` for a wall or off the
    /// map.
    #[must_use]
    pub fn weight(&self, x: usize, y: usize) -> Option<u8> {
        match self.grid.terrain(x, y) {
            Terrain::Land(weight) => Some(weight),
            Terrain::Blocked | Terrain::Water => None,
        }
    }

    /// The query from the start to the goal under [`Weighted`] movement,
    /// with the Manhattan distance as its estimate.
    ///
    /// # Panics
    ///
    /// Never: every constructor puts the start and the goal on land cells
    /// of the grid.
    #[must_use]
    pub fn route(&self) -> Route<'_, Weighted> {
        // cannot fail: the start and the goal are land cells (see above)
        Route::new(&self.grid, self.start, self.goal)
            .expect("a terrain map's start and goal are land cells")
    }

    /// The map as text (what [`Display`](fmt::Display) writes), with the
    /// cells of `path` between its first and its last drawn as `*`: a path
    /// of [`TerrainMap::route`] (its [`Route::cells`]) shown on the map,
    /// the start and the goal keeping their `S` and `G`.
    ///
    /// # Example
    ///
    /// ```
    /// use grid::text::TerrainMap;
    ///
    /// let map: TerrainMap = "S19\n1#1\n11G".parse()?;
    /// let route = map.route();
    /// let cheapest = frontier::astar(&route).into_solution().expect("a path exists");
    /// assert_eq!(map.draw_path(&route.cells(&cheapest.actions)), "S19\n*#1\n**G\n");
    /// # Ok::<(), grid::TerrainError>(())
    /// ```
    ///
    /// # Panics
    ///
    /// If a cell of `path` is not one of the map's.
    #[must_use]
    pub fn draw_path(&self, path: &[Cell]) -> String {
        // Each row is `width` characters and its newline.
        let row = self.width() + 1;
        let mut text: Vec<char> = self.to_string().chars().collect();
        for &cell in path.iter().skip(1).take(path.len().saturating_sub(2)) {
            let (x, y) = self.grid.xy(cell);
            text[y * row + x] = '*';
        }
        text.into_iter().collect()
    }
}

impl FromStr for TerrainMap {
    type Err = TerrainError;

    /// [`parse_terrain`] of the text.
    fn from_str(text: &str) -> Result<Self, TerrainError> {
        parse_terrain(text.as_bytes())
    }
}

/// The map in the text format: digits for the weights (`1` for weight 1),
/// `#` for walls, `S` and `G`.
impl fmt::Display for TerrainMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for y in 0..self.height() {
            for x in 0..self.width() {
                let c = match self.weight(x, y) {
                    _ if (x, y) == self.start => 'S',
                    _ if (x, y) == self.goal => 'G',
                    None => '#',
                    Some(weight) => char::from_digit(u32::from(weight), 10).unwrap_or('+'),
                };
                f.write_char(c)?;
            }
            f.write_char('\n')?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<TerrainMap, TerrainError> {
        text.parse()
    }

    #[test]
    fn bad_maps_are_named() {
        assert_eq!(
            parse("S1\n1x"),
            Err(TerrainError::Unexpected {
                found: 'x',
                line: 2,
                column: 2
            })
        );
        assert_eq!(
            parse("S1\n1"),
            Err(TerrainError::Ragged {
                line: 2,
                expected: 2,
                found: 1
            })
        );
        assert_eq!(
            parse("S1\n11"),
            Err(TerrainError::Marker {
                marker: 'G',
                found: 0
            })
        );
        assert_eq!(
            parse("SG\nS1"),
            Err(TerrainError::Marker {
                marker: 'S',
                found: 2
            })
        );
        // Counted, not kept: a million starts cost no memory of their own.
        let many = "S".repeat(1_000_000) + "G";
        assert_eq!(
            parse(&many),
            Err(TerrainError::Marker {
                marker: 'S',
                found: 1_000_000
            })
        );
    }

    #[test]
    fn positions_are_those_of_the_file() {
        // Blank lines and leading blanks are skipped but still counted.
        assert_eq!(
            parse("S.\n\n\n#x\n..G"),
            Err(TerrainError::Unexpected {
                found: 'x',
                line: 4,
                column: 2
            })
        );
        assert_eq!(
            parse("\n  S.\n \t#x\n..G"),
            Err(TerrainError::Unexpected {
                found: 'x',
                line: 3,
                column: 4
            })
        );
        assert_eq!(
            parse("S.\n\n1\n.G"),
            Err(TerrainError::Ragged {
                line: 3,
                expected: 2,
                found: 1
            })
        );
        assert_eq!(
            parse_terrain(b"S.\r\n\xc3\xa9\xff\r\n.G\r\n"),
            Err(TerrainError::InvalidUtf8 { line: 2, column: 2 })
        );
    }

    #[test]
    fn cells_read_to_their_weights() {
        let map = parse(" S.9\n #1G\n\n").unwrap();
        assert_eq!((map.width(), map.height()), (3, 2));
        assert_eq!(map.grid().terrain(2, 0), Terrain::Land(9));
        assert_eq!(map.grid().terrain(0, 1), Terrain::Blocked);
        assert_eq!(map.grid().terrain(0, 0), Terrain::Land(1));
        assert_eq!((map.weight(1, 0), map.weight(0, 1)), (Some(1), None));
        assert_eq!(map.weight(3, 0), None);
        assert_eq!(map.to_string(), "S19\n#1G\n");
        assert_eq!(parse(&map.to_string()), Ok(map));
    }

    #[test]
    fn sizes_are_checked_before_allocating() {
        assert_eq!(
            TerrainMap::try_random(usize::MAX, 2, 0),
            Err(TerrainError::SizeOverflow {
                width: usize::MAX,
                height: 2
            })
        );
        assert_eq!(
            TerrainMap::try_random(100_000, 1_000_000, 0),
            Err(TerrainError::TooLarge {
                width: 100_000,
                height: 1_000_000,
                cells: 100_000_000_000,
                max: MAX_CELLS
            })
        );
        assert!(matches!(
            TerrainMap::try_random(0, 7, 0),
            Err(TerrainError::TooSmall { cells: 0, .. })
        ));
        assert!(matches!(
            TerrainMap::try_random(1, 1, 0),
            Err(TerrainError::TooSmall { cells: 1, .. })
        ));
        let map = TerrainMap::try_random(2, 1, 0).unwrap();
        assert_eq!(map.to_string(), "SG\n");
    }

    #[test]
    fn random_maps_are_seeded() {
        let map = TerrainMap::random(30, 20, 4);
        assert_eq!(map, TerrainMap::random(30, 20, 4));
        assert_ne!(map, TerrainMap::random(30, 20, 5));
        assert_eq!((map.start(), map.goal()), ((0, 0), (29, 19)));
        let walls = (0..20)
            .flat_map(|y| (0..30).map(move |x| (x, y)))
            .filter(|&(x, y)| map.weight(x, y).is_none())
            .count();
        // About one cell in ten.
        assert!((30..=90).contains(&walls), "{walls}");
    }

    #[test]
    fn dijkstra_and_astar_agree_on_random_maps() {
        use crate::route::Heuristic;
        for seed in 0..20 {
            let map = TerrainMap::random(30, 20, seed);
            let route = map.route();
            let astar = frontier::astar(&route);
            let dijkstra = frontier::astar(&route.with_heuristic(Heuristic::Zero));
            assert_eq!(
                astar.solution().map(|s| s.cost),
                dijkstra.solution().map(|s| s.cost),
                "seed {seed}"
            );
            if let Some(solution) = astar.solution() {
                let length = route.replay(&solution.actions).unwrap();
                assert_eq!(length.weighted, solution.cost, "seed {seed}");
            }
        }
    }
}
