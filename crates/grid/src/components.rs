//! Which cells can reach which: the connected components of a grid under a
//! movement model ([`Components`]), so that "is there a path at all?" costs
//! two lookups instead of a search that exhausts the map to prove there is
//! none.

use std::marker::PhantomData;

use crate::grid::{Cell, Direction, Grid, GridError};
use crate::movement::{self, Movement};

/// The label of a blocked cell (and of the border).
const BLOCKED: u32 = u32::MAX;

/// The connected components of a [`Grid`]'s open cells under movement `M`:
/// two cells share a component exactly when a path of `M`'s steps joins
/// them (every model's steps join the same cells both ways, so reaching is
/// symmetric). Built once per map in one pass, four bytes a cell; then
/// [`connected`](Self::connected) answers in constant time.
///
/// The movement matters: under [`CornerCutting`](crate::CornerCutting) a
/// diagonal step may slip between two blocked cells, which joins cells
/// that [`Octile`](crate::Octile) and [`Cardinal`](crate::Cardinal) keep
/// apart; water and land never join.
///
/// # Example
///
/// ```
/// use grid::{Cardinal, Components, CornerCutting, Grid};
///
/// // Two rooms touching only at a corner.
/// let grid = Grid::parse_map(b"type octile\nheight 2\nwidth 2\nmap\n.@\n@.\n")?;
/// let (a, b) = (grid.cell(0, 0).unwrap(), grid.cell(1, 1).unwrap());
/// let cardinal = Components::<Cardinal>::new(&grid)?;
/// assert!(!cardinal.connected(a, b));
/// assert_eq!(cardinal.count(), 2);
/// let cutting = Components::<CornerCutting>::new(&grid)?;
/// assert!(cutting.connected(a, b));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Components<M> {
    /// `labels[cell]`: the cell's component, [`BLOCKED`] for no cell.
    labels: Vec<u32>,
    /// How many components there are.
    count: usize,
    movement: PhantomData<M>,
}

impl<M: Movement> Components<M> {
    /// The components of `grid`'s open cells under `M`.
    ///
    /// # Errors
    ///
    /// [`GridError::OutOfMemory`] if the labels (four bytes a cell) or the
    /// cells waiting to be labelled cannot be allocated.
    pub fn new(grid: &Grid) -> Result<Self, GridError> {
        let cells = grid.cell_count();
        let out_of_memory = |_| GridError::OutOfMemory {
            bytes: cells.saturating_mul(size_of::<u32>()),
        };
        let mut labels = Vec::new();
        labels.try_reserve_exact(cells).map_err(out_of_memory)?;
        labels.resize(cells, BLOCKED);
        let mut waiting: Vec<Cell> = Vec::new();
        let mut count = 0;
        let cells_in_order =
            (0..grid.height()).flat_map(|y| (0..grid.width()).filter_map(move |x| grid.cell(x, y)));
        for first in cells_in_order {
            if grid.byte(first) == 0 || labels[first.index()] != BLOCKED {
                continue;
            }
            // cannot truncate: a grid has fewer than 2^32 cells (MAX_CELLS)
            #[allow(clippy::cast_possible_truncation)]
            let label = count as u32;
            labels[first.index()] = label;
            waiting.push(first);
            while let Some(cell) = waiting.pop() {
                let mut mask = movement::moves::<M>(grid, cell);
                while mask != 0 {
                    let direction = Direction::ALL[mask.trailing_zeros() as usize];
                    mask &= mask - 1;
                    let next = grid.neighbour(cell, direction);
                    if labels[next.index()] == BLOCKED {
                        labels[next.index()] = label;
                        waiting.try_reserve(1).map_err(out_of_memory)?;
                        waiting.push(next);
                    }
                }
            }
            count += 1;
        }
        Ok(Components {
            labels,
            count,
            movement: PhantomData,
        })
    }

    /// Whether a path joins `a` and `b`: both open cells of the grid, in
    /// one component (a cell reaches itself). False for a blocked cell or
    /// a cell of another grid.
    #[must_use]
    pub fn connected(&self, a: Cell, b: Cell) -> bool {
        match (self.component(a), self.component(b)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
    }

    /// The component of `cell`, numbered from 0 in the order of the cells
    /// (row by row), or `None` for a blocked cell or a cell of another
    /// grid.
    #[must_use]
    pub fn component(&self, cell: Cell) -> Option<usize> {
        match self.labels.get(cell.index()) {
            Some(&label) if label != BLOCKED => Some(label as usize),
            _ => None,
        }
    }

    /// How many components the open cells form.
    #[must_use]
    pub fn count(&self) -> usize {
        self.count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cardinal, CornerCutting, Octile, Route, Terrain, Weighted};

    /// A `size`×`size` grid, about `percent`% of it blocked, from `seed`
    /// (some water on odd seeds).
    fn random_grid(size: usize, percent: u64, seed: u64) -> Grid {
        let mut state = seed;
        Grid::from_fn(size, size, |_, _| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            match (state >> 33) % 100 {
                r if r < percent => Terrain::Blocked,
                r if seed % 2 == 1 && r < percent + 10 => Terrain::Water,
                r => Terrain::Land(1 + u8::try_from(r % 3).unwrap_or(0)),
            }
        })
        .expect("a small grid")
    }

    /// `Components<M>` says "connected" exactly when breadth-first search
    /// on the route finds a path, for every pair of sampled open cells.
    fn agrees_with_search<M: Movement>() {
        let mut answers = [0; 2];
        for seed in 0..12 {
            let grid = random_grid(12, 35, seed);
            let components = Components::<M>::new(&grid).expect("labels");
            let open: Vec<(usize, usize)> = (0..12)
                .flat_map(|y| (0..12).map(move |x| (x, y)))
                .filter(|&(x, y)| grid.is_passable(x, y))
                .collect();
            let mut seen = std::collections::BTreeSet::new();
            for (i, &a) in open.iter().enumerate().step_by(7) {
                let b = open[(i * 31 + 5) % open.len()];
                let route: Route<M> = Route::new(&grid, a, b).expect("open cells");
                let found = frontier::bfs(&route).into_solution().is_some();
                let (ca, cb) = (grid.cell(a.0, a.1).unwrap(), grid.cell(b.0, b.1).unwrap());
                assert_eq!(
                    components.connected(ca, cb),
                    found,
                    "{} {a:?} {b:?}",
                    M::NAME
                );
                answers[usize::from(found)] += 1;
                seen.insert(components.component(ca).expect("open"));
            }
            assert!(seen.iter().all(|&c| c < components.count()));
        }
        // Both answers were checked, not only one.
        assert!(answers.iter().all(|&n| n > 0), "{} {answers:?}", M::NAME);
    }

    #[test]
    fn connected_exactly_when_a_search_finds_a_path() {
        agrees_with_search::<Octile>();
        agrees_with_search::<CornerCutting>();
        agrees_with_search::<Cardinal>();
        agrees_with_search::<Weighted>();
    }

    #[test]
    fn blocked_cells_and_other_grids_belong_to_no_component() {
        let grid = Grid::parse_map(b"type octile\nheight 1\nwidth 3\nmap\n.@.\n").unwrap();
        let components = Components::<Octile>::new(&grid).unwrap();
        let (left, wall, right) = (
            grid.cell(0, 0).unwrap(),
            grid.cell(1, 0).unwrap(),
            grid.cell(2, 0).unwrap(),
        );
        assert_eq!(components.count(), 2);
        assert_eq!(components.component(wall), None);
        assert!(!components.connected(wall, wall));
        assert!(components.connected(left, left));
        assert!(!components.connected(left, right));
        let larger = Grid::parse_map(b"type octile\nheight 9\nwidth 9\nmap\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n").unwrap();
        assert_eq!(components.component(larger.cell(8, 8).unwrap()), None);
    }
}
