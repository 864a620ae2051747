//! The jumps against a reference that walks one cell at a time, on random
//! grids with land, water and walls.

use super::rules::{bit, forced, successors};
use super::*;
use crate::{Terrain, movement};

/// A seeded grid: walls at `density` percent, water at `water` percent.
fn random_grid(width: usize, height: usize, density: u64, water: u64, seed: u64) -> Grid {
    let mut state = seed | 1;
    Grid::from_fn(width, height, |_, _| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        match state % 100 {
            r if r < density => Terrain::Blocked,
            r if r < density + water => Terrain::Water,
            _ => Terrain::Land(1),
        }
    })
    .unwrap()
}

/// The neighbourhood of `cell` read from the grid's bytes: the cells that
/// join it.
fn hood(grid: &Grid, cell: Cell) -> u16 {
    let byte = grid.byte(cell);
    let (x, y) = grid.xy(cell);
    let mut hood = 0;
    for b in -1..=1 {
        for a in -1..=1 {
            let (x, y) = (x.wrapping_add_signed(a), y.wrapping_add_signed(b));
            if grid
                .cell(x, y)
                .is_some_and(|other| Grid::joins(byte, grid.byte(other)))
            {
                hood |= 1 << ((b + 1) * 3 + a + 1);
            }
        }
    }
    hood
}

/// The jump from `cell` in `direction`, one cell at a time with the
/// pruning rules of [`forced`]: the reference.
fn walk<M: JumpMovement>(
    grid: &Grid,
    cell: Cell,
    direction: Direction,
    goal: Option<Cell>,
) -> Option<u32> {
    let mut at = cell;
    let mut steps = 0;
    loop {
        if movement::moves::<M>(grid, at) & bit(direction) == 0 {
            return None;
        }
        at = grid.neighbour(at, direction);
        steps += 1;
        if Some(at) == goal {
            return Some(steps);
        }
        if forced(M::CUTS_CORNERS, direction, hood(grid, at)) != 0 {
            return Some(steps);
        }
        if let Some((vertical, horizontal)) = direction.parts()
            && (walk::<M>(grid, at, vertical, goal).is_some()
                || walk::<M>(grid, at, horizontal, goal).is_some())
        {
            return Some(steps);
        }
    }
}

/// How many legal steps the run from `cell` in `direction` has.
fn reach<M: JumpMovement>(grid: &Grid, cell: Cell, direction: Direction) -> usize {
    let mut at = cell;
    let mut steps = 0;
    while movement::moves::<M>(grid, at) & bit(direction) != 0 {
        at = grid.neighbour(at, direction);
        steps += 1;
    }
    steps
}

fn check_jumps<M: JumpMovement>(grid: &Grid, seed: u64) {
    let bits = JpsGrid::new(grid);
    let table = JumpTable::<M>::new(grid).unwrap();
    let stride = grid.stride();
    let cells: Vec<Cell> = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
        .filter_map(|(x, y)| grid.cell(x, y))
        .filter(|&cell| grid.byte(cell) != 0)
        .collect();
    if cells.is_empty() {
        return;
    }
    let mut state = seed | 1;
    for &cell in &cells {
        let planes = bits.planes(Grid::joins(Grid::WATER, grid.byte(cell)));
        let at = padded_xy(stride, cell);
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        let goal = cells[(state >> 33) as usize % cells.len()];
        for direction in Direction::ALL {
            let expected = walk::<M>(grid, cell, direction, Some(goal));
            let found = planes.jump::<M>(at, direction, padded_xy(stride, goal));
            assert_eq!(
                found,
                expected,
                "{} jump {direction} from {:?} to {:?}\n{grid}",
                M::NAME,
                grid.xy(cell),
                grid.xy(goal)
            );
            let no_goal = walk::<M>(grid, cell, direction, None);
            let (length, jump) = table.run(cell, direction, stride);
            match no_goal {
                Some(steps) => assert_eq!((length, jump), (steps as usize, true)),
                None => assert_eq!((length, jump), (reach::<M>(grid, cell, direction), false)),
            }
        }
    }
}

#[test]
fn bit_scans_and_the_table_agree_with_walking() {
    for seed in 0..24u64 {
        let (w, h) = (1 + (seed * 7) % 90, 1 + (seed * 13) % 23);
        let (w, h) = (usize::try_from(w).unwrap(), usize::try_from(h).unwrap());
        let grid = random_grid(w, h, seed % 45, if seed % 3 == 0 { 20 } else { 0 }, seed);
        check_jumps::<Octile>(&grid, seed);
        check_jumps::<CornerCutting>(&grid, seed);
    }
}

#[test]
fn long_runs_continue_past_the_table_cap() {
    // 70 000 cells in a row: runs longer than an i16 holds.
    let width = 70_000;
    let grid = Grid::from_fn(width, 3, |x, y| {
        if y == 0 && x == 50_000 {
            Terrain::Blocked
        } else {
            Terrain::Land(1)
        }
    })
    .unwrap();
    let table = JumpTable::<Octile>::new(&grid).unwrap();
    let stride = grid.stride();
    let start = grid.cell(0, 1).unwrap();
    // The forced successor is at (50 001, 1): above it, (50 000, 0) blocked
    // behind (50 001, 0) open.
    assert_eq!(table.run(start, Direction::East, stride), (50_001, true));
    assert_eq!(
        table.run(grid.cell(50_002, 1).unwrap(), Direction::East, stride),
        (width - 50_003, false)
    );
    assert_eq!(
        table.run(grid.cell(width - 1, 2).unwrap(), Direction::West, stride),
        (width - 1, false)
    );
    let bits = JpsGrid::new(&grid);
    assert_eq!(
        bits.planes(false)
            .jump::<Octile>(padded_xy(stride, start), Direction::East, (0, 0)),
        Some(50_001)
    );
}

/// Every state the successors produce, from every open cell's start:
/// its mask is its direction's, and no smaller direction among the mask's
/// has the same (the state is canonical), so arrivals with equal successor
/// sets share one state and others never do.
#[test]
fn jump_points_are_canonical() {
    for seed in 0..6u64 {
        let grid = random_grid(20, 15, seed * 8, 0, seed);
        let bits = JpsGrid::new(&grid);
        let cells: Vec<(usize, usize)> = (0..grid.height())
            .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| grid.is_passable(x, y))
            .collect();
        for &start in cells.iter().step_by(7) {
            let route: Route<'_, Octile> = Route::new(&grid, start, cells[0]).unwrap();
            let jps = Jps::with_grid(route, &bits);
            let mut seen = std::collections::HashSet::new();
            let mut stack = vec![jps.start()];
            while let Some(point) = stack.pop() {
                if !seen.insert((point.cell, point.from)) {
                    continue;
                }
                let hood = hood(&grid, point.cell);
                assert_eq!(point.mask, successors(false, point.from, hood));
                for code in 0..point.from {
                    if point.mask & (1 << code) != 0 {
                        assert_ne!(successors(false, code, hood), point.mask);
                    }
                }
                stack.extend(jps.successors(&point).map(|step| step.state));
            }
            assert!(seen.len() < grid.cell_count() * 9);
        }
    }
}
