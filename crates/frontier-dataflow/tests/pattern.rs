//! Pattern tables built on the engine are byte-identical to pattern-db's
//! single-machine builds, and so are their files.

#![expect(
    clippy::cast_possible_truncation,
    reason = "test graphs have a few hundred vertices"
)]

use std::path::PathBuf;

use frontier_dataflow::{Workers, build_pattern_table};
use pattern_db::{AbstractStep, Abstraction, PatternTable};
use sliding_puzzle::heuristic::pdb::{FIFTEEN_5_5_5, FIFTEEN_6_6_3, PatternSpace};

/// A small random directed graph with 0/1 edge costs, given backward
/// (`edges[v]`: the predecessors of `v`, `true` for a free edge); the
/// table's entry of `v` is `v / group`.
struct Graph {
    edges: Vec<Vec<(u64, bool)>>,
    goals: Vec<u64>,
    group: u64,
}

impl Abstraction for Graph {
    type State = u64;

    fn state_count(&self) -> u64 {
        self.edges.len() as u64
    }

    fn rank(&self, v: &u64) -> u64 {
        *v
    }

    fn unrank(&self, rank: u64) -> u64 {
        rank
    }

    fn goals(&self) -> impl Iterator<Item = u64> {
        self.goals.iter().copied()
    }

    fn predecessors(&self, v: &u64) -> impl Iterator<Item = AbstractStep<u64>> {
        self.edges[*v as usize].iter().map(|&(u, free)| {
            if free {
                AbstractStep::Free(u)
            } else {
                AbstractStep::Unit(u)
            }
        })
    }

    fn entry_count(&self) -> u64 {
        self.state_count().div_ceil(self.group)
    }

    fn entry(&self, v: &u64) -> u64 {
        v / self.group
    }
}

/// `SplitMix64`: reproducible graphs without a dependency.
fn random_graph(seed: u64, states: u64, edges: u64, group: u64) -> Graph {
    let mut x = seed;
    let mut next = move |n: u64| {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % n
    };
    let mut graph = Graph {
        edges: vec![Vec::new(); states as usize],
        goals: (0..=next(3)).map(|_| next(states)).collect(),
        group,
    };
    for _ in 0..edges {
        let (from, to, free) = (next(states), next(states), next(3) == 0);
        graph.edges[to as usize].push((from, free));
    }
    graph
}

#[test]
fn random_0_1_graphs_match_the_single_machine_builder() {
    for seed in 0..40 {
        let states = 1 + seed * 7 % 300;
        let graph = random_graph(seed, states, states * (1 + seed % 4), 1 + seed % 5);
        let expected = PatternTable::build(&graph, |_| {}).unwrap();
        let threads = 1 + (seed % 3) as usize;
        let built = build_pattern_table(
            random_graph(seed, states, states * (1 + seed % 4), 1 + seed % 5),
            &Workers::threads(threads),
            |_| {},
        )
        .unwrap()
        .expect("one process is process 0");
        assert_eq!(
            built.as_bytes(),
            expected.as_bytes(),
            "seed {seed}, {threads} workers"
        );
    }
}

#[test]
fn long_free_walks_take_many_rounds_within_a_depth() {
    // A path where only every 25th step costs one: each depth is 25
    // rounds of free steps, hopping between the two workers.
    let n = 2_000u64;
    let graph = || Graph {
        edges: (0..n)
            .map(|v| {
                if v + 1 < n {
                    vec![(v + 1, (v + 1) % 25 != 0)]
                } else {
                    vec![]
                }
            })
            .collect(),
        goals: vec![0],
        group: 1,
    };
    let expected = PatternTable::build(&graph(), |_| {}).unwrap();
    let built = build_pattern_table(graph(), &Workers::threads(2), |_| {})
        .unwrap()
        .unwrap();
    assert_eq!(built, expected);
    assert_eq!((built.get(24), built.get(25), built.get(n - 1)), (0, 1, 79));
}

fn temp_dir(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("frontier-dataflow-{name}-{}", std::process::id()))
}

/// Builds `space` both ways, checks the tables and saved files are equal,
/// and returns the file's length.
fn same_file<const W: usize, const H: usize>(tiles: &[u8], threads: usize) -> u64 {
    let space = PatternSpace::<W, H>::new(tiles).unwrap();
    let expected = PatternTable::build(&space, |_| {}).unwrap();
    let built = build_pattern_table(space.clone(), &Workers::threads(threads), |_| {})
        .unwrap()
        .expect("one process is process 0");
    assert_eq!(built.as_bytes(), expected.as_bytes(), "tiles {tiles:?}");
    let dir = temp_dir(&format!("files-{W}x{H}-{}", space.file_name()));
    let (a, b) = (dir.join("single.pdb"), dir.join("dataflow.pdb"));
    expected.save(&a, &space.key()).unwrap();
    built.save(&b, &space.key()).unwrap();
    let (a, b) = (std::fs::read(a).unwrap(), std::fs::read(b).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(a, b, "the files of tiles {tiles:?} differ");
    a.len() as u64
}

#[test]
fn small_puzzle_patterns_give_byte_identical_files() {
    for (tiles, threads) in [
        (&[1u8, 2, 3, 4][..], 2),
        (&[5, 6, 7, 8][..], 3),
        (&[1, 5][..], 1),
    ] {
        same_file::<3, 3>(tiles, threads);
    }
    // 16 * 15 * 14 entries for the first three tiles of the 15-puzzle.
    assert!(same_file::<4, 4>(&[1, 2, 3], 2) > 16 * 15 * 14);
}

/// The 5-5-5 and 6-6-3 databases of the 15-puzzle, built on two workers.
/// About a minute in release mode:
/// `cargo test --release -p frontier-dataflow --test pattern -- --ignored`.
#[test]
#[ignore = "builds six 15-puzzle tables both ways; run in release"]
fn fifteen_puzzle_5_5_5_and_6_6_3_databases_are_byte_identical() {
    for tiles in FIFTEEN_5_5_5.iter().chain(&FIFTEEN_6_6_3) {
        let started = std::time::Instant::now();
        let bytes = same_file::<4, 4>(tiles, 2);
        println!(
            "tiles {tiles:?}: {bytes} bytes, identical, {:.1?}",
            started.elapsed()
        );
    }
}
