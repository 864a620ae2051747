//! frontier's generic IDA* + Manhattan against a hand-written 15-puzzle
//! IDA*, side by side on Korf instances: how much the generic layer costs.
//!
//! `cargo bench -p frontier-benches --bench handwritten`
//!
//! The hand-written solver is what a "tight C" solver is, in Rust:
//! a packed board passed in registers, Manhattan updated from a
//! `[tile][cell]` table, no move back to the previous blank cell, the same
//! move order and Korf's node counting. Both solvers must generate exactly
//! the same number of nodes; criterion's throughput is then generated nodes
//! per second. Every solution is replayed to the goal.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use frontier::IdaStar;
use sliding_puzzle::instances::{Instance, korf100};
use sliding_puzzle::{Fifteen, Manhattan, Move, Puzzle};

/// Korf's instances with 11 to 13 million generated nodes under Manhattan.
const INSTANCES: [u32; 3] = [5, 13, 96];

/// The blank's cells after each move, in frontier's order (down, right,
/// left, up), behind their count.
fn neighbours() -> [[u8; 5]; 16] {
    let mut table = [[0; 5]; 16];
    for (cell, entry) in table.iter_mut().enumerate() {
        let (row, col) = (cell / 4, cell % 4);
        let candidates = [
            (row < 3).then(|| cell + 4),
            (col < 3).then(|| cell + 1),
            (col > 0).then(|| cell - 1),
            (row > 0).then(|| cell - 4),
        ];
        for next in candidates.into_iter().flatten() {
            entry[0] += 1;
            entry[usize::from(entry[0])] = u8::try_from(next).unwrap();
        }
    }
    table
}

/// A non-generic IDA* + Manhattan for 4x4 boards only.
struct HandWritten {
    distance: [[u32; 16]; 16],
    moves: [[u8; 5]; 16],
    bound: u32,
    next_bound: u32,
    generated: u64,
    /// The blank's cells from the goal back, filled on success.
    path: Vec<u32>,
}

impl HandWritten {
    fn new() -> Self {
        let mut distance = [[0; 16]; 16];
        for (tile, row) in distance.iter_mut().enumerate().skip(1) {
            for (cell, d) in row.iter_mut().enumerate() {
                let goal = tile - 1;
                *d = u32::try_from((cell / 4).abs_diff(goal / 4) + (cell % 4).abs_diff(goal % 4))
                    .unwrap();
            }
        }
        HandWritten {
            distance,
            moves: neighbours(),
            bound: 0,
            next_bound: 0,
            generated: 0,
            path: Vec::new(),
        }
    }

    fn search(&mut self, packed: u64, blank: u32, previous: u32, g: u32, h: u32) -> bool {
        let moves = self.moves[blank as usize];
        for &next in &moves[1..=usize::from(moves[0])] {
            let next = u32::from(next);
            if next == previous {
                continue;
            }
            self.generated += 1;
            let tile = (packed >> (4 * next)) & 15;
            let distance = &self.distance[tile as usize];
            let h = h + distance[blank as usize] - distance[next as usize];
            let f = g + 1 + h;
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            let child = packed ^ (tile << (4 * next)) ^ (tile << (4 * blank));
            if h == 0 || self.search(child, next, blank, g + 1, h) {
                self.path.push(next);
                return true;
            }
        }
        false
    }

    /// The optimal moves for `board`, counting generated nodes as Korf does.
    fn solve(&mut self, board: &Fifteen) -> Vec<Move> {
        // Its own packing, four bits a cell, so the solver depends on the
        // board's tiles and not on how `Board` stores them.
        let packed = board.tiles().enumerate().fold(0, |packed, (cell, tile)| {
            packed | u64::from(tile) << (4 * cell)
        });
        let blank = u32::try_from(board.blank()).unwrap();
        let h = board
            .tiles()
            .enumerate()
            .map(|(cell, tile)| self.distance[usize::from(tile)][cell])
            .sum();
        self.bound = h;
        self.generated = 1;
        self.path.clear();
        if h != 0 {
            loop {
                self.next_bound = u32::MAX;
                if self.search(packed, blank, u32::MAX, 0, h) {
                    break;
                }
                self.bound = self.next_bound;
            }
        }
        let mut at = blank;
        self.path
            .iter()
            .rev()
            .map(|&next| {
                let step = match next.wrapping_sub(at) {
                    4 => Move::Down,
                    1 => Move::Right,
                    0xFFFF_FFFF => Move::Left,
                    _ => Move::Up,
                };
                at = next;
                step
            })
            .collect()
    }
}

fn korf() -> Vec<Instance<4, 4>> {
    korf100()
        .into_iter()
        .filter(|instance| instance.id.is_some_and(|id| INSTANCES.contains(&id)))
        .collect()
}

fn generic_against_handwritten(c: &mut Criterion) {
    let mut group = c.benchmark_group("fifteen_ida_manhattan");
    group.sample_size(10);
    for Instance {
        id, length, board, ..
    } in korf()
    {
        let (id, length) = (id.unwrap(), length.unwrap());
        let mut generic = IdaStar::new();
        let mut handwritten = HandWritten::new();
        let result = generic.search(&Puzzle::new(board, Manhattan));
        let moves = handwritten.solve(&board);
        assert_eq!(moves.len(), length, "instance {id}");
        board.verify_solution(&moves).unwrap();
        assert_eq!(
            result.stats.generated, handwritten.generated,
            "instance {id}"
        );
        group.throughput(Throughput::Elements(result.stats.generated));
        group.bench_function(BenchmarkId::new("frontier_generic", id), |b| {
            b.iter(|| {
                let result = generic.search(&Puzzle::new(board, Manhattan));
                let solution = result.solution().unwrap();
                board.verify_solution(&solution.actions).unwrap();
                assert_eq!(solution.len(), length);
            });
        });
        group.bench_function(BenchmarkId::new("handwritten", id), |b| {
            b.iter(|| {
                let moves = handwritten.solve(&board);
                board.verify_solution(&moves).unwrap();
                assert_eq!(moves.len(), length);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, generic_against_handwritten);
criterion_main!(benches);
