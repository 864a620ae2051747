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
}

impl Terrain {
    /// A random `width`×`height` map with costs 1-9, walls on about one cell
    /// in ten, start top left and goal bottom right, from `seed`.
    #[must_use]
    pub fn random(width: usize, height: usize, seed: u64) -> Self {
        let mut state = seed;
        let mut costs: Vec<u8> = (0..width * height)
            .map(|_| {
                // SplitMix64: a fixed, dependency-free stream for any seed.
                state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                let roll = (z ^ (z >> 31)) % 10;
                // cannot fail: roll < 10
                u8::try_from(roll).unwrap_or(0)
            })
            .collect();
        costs[0] = 1;
        costs[width * height - 1] = 1;
        Terrain {
            width,
            height,
            costs,
            start: (0, 0),
            goal: (width - 1, height - 1),
        }
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
        let mut costs = Vec::new();
        let mut width = 0;
        let mut starts = Vec::new();
        let mut goals = Vec::new();
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        for (y, line) in lines.iter().enumerate() {
            let cells: Vec<char> = line.trim().chars().collect();
            if y == 0 {
                width = cells.len();
            } else if cells.len() != width {
                return Err(TerrainError::Ragged {
                    line: y + 1,
                    expected: width,
                    found: cells.len(),
                });
            }
            for (x, &c) in cells.iter().enumerate() {
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
                            line: y + 1,
                            column: x + 1,
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
        Ok(Terrain {
            width,
            height: lines.len(),
            costs,
            start,
            goal,
        })
    }
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
