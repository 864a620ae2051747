//! Pattern databases on large boards (`heuristic::pdb::large`): tables
//! byte for byte those of the 4x4 code where both apply, tables shared by
//! symmetry equal to tables built for each group, values admissible
//! against exact distances, at least each group's Manhattan distance,
//! unchanged by reflection, and updated move by move to what a fresh
//! lookup gives.
//!
//! The full 6-6-6-6 tables of the 24-puzzle (two tables of 127.5 MB, built
//! once into the cache in minutes, about 1 GB while building) are checked
//! by an ignored test:
//!
//! ```text
//! PDB_CACHE=target/pdb-cache cargo test --release -p frontier-sliding-puzzle \
//!     --test large_pdb -- --ignored --nocapture
//! ```

use frontier::{IdaStar, InPlaceProblem, ParallelIdaStar};
use pattern_db::PatternTable;
use sliding_puzzle::heuristic::pdb::large::{
    LargePatternDatabase, LargePatternSpace, TWENTYFOUR_6_6_6_6,
};
use sliding_puzzle::heuristic::pdb::{Partition, PatternDatabase, PatternSpace};
use sliding_puzzle::instances::korf50;
use sliding_puzzle::{
    Eight, EightTable, Heuristic, LargeBoard, LargeHeuristic, LargePuzzle, LinearConflict,
    Manhattan, Move, SplitMix64, Twentyfour,
};

/// The board reflected across the main diagonal, tiles renamed after
/// their reflected goal cells: as far from the goal as the board.
fn reflect<const W: usize>(board: &LargeBoard<W, W>) -> LargeBoard<W, W> {
    let transpose = |cell: usize| (cell % W) * W + cell / W;
    let mut tiles = vec![0u8; W * W];
    for (cell, tile) in board.tiles().enumerate() {
        let renamed = if tile == 0 {
            0
        } else {
            u8::try_from(transpose(usize::from(tile) - 1) + 1).unwrap()
        };
        tiles[transpose(cell)] = renamed;
    }
    LargeBoard::from_tiles(&tiles).unwrap()
}

/// The Manhattan distance of `tiles` alone.
fn group_manhattan<const W: usize, const H: usize>(board: &LargeBoard<W, H>, tiles: &[u8]) -> u8 {
    let cells = board.cells_of_tiles();
    tiles
        .iter()
        .map(|&t| {
            let (cell, goal) = (usize::from(cells[usize::from(t)]), usize::from(t) - 1);
            u8::try_from((cell / W).abs_diff(goal / W) + (cell % W).abs_diff(goal % W)).unwrap()
        })
        .sum()
}

#[test]
fn tables_match_the_4x4_code_on_3x3() {
    let groups: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
    for tiles in groups {
        let small =
            PatternTable::build(&PatternSpace::<3, 3>::new(tiles).unwrap(), |_| {}).unwrap();
        let large =
            PatternTable::build(&LargePatternSpace::<3, 3>::new(tiles).unwrap(), |_| {}).unwrap();
        assert_eq!(small.as_bytes(), large.as_bytes(), "{tiles:?}");
        assert_eq!(
            LargePatternSpace::<3, 3>::new(tiles).unwrap().key(),
            PatternSpace::<3, 3>::new(tiles).unwrap().key()
        );
    }
    // Every solvable 3x3 board: the same estimate as the 4x4 code's, and
    // never above the exact distance.
    let small = PatternDatabase::build(&Partition::<3, 3>::new(groups).unwrap(), |_| {})
        .unwrap()
        .with_reflection()
        .unwrap();
    let large = LargePatternDatabase::<3, 3>::open(&groups, None, |_| {})
        .unwrap()
        .with_reflection()
        .unwrap();
    let exact = EightTable::build();
    let mut checked = 0;
    let mut tiles: Vec<u8> = (0..9).collect();
    loop {
        let board = Eight::from_tiles(&tiles).unwrap();
        if let Some(distance) = exact.distance(&board) {
            let wide = LargeBoard::<3, 3>::from_tiles(&tiles).unwrap();
            let h = LargeHeuristic::estimate(&large, &wide);
            assert_eq!(h, Heuristic::estimate(&small, &board), "{board}");
            assert!(h <= distance, "{board}: {h} > {distance}");
            checked += 1;
        }
        if !next_permutation(&mut tiles) {
            break;
        }
    }
    assert_eq!(checked, 181_440);
}

/// The next permutation in lexicographic order; false after the last.
fn next_permutation(items: &mut [u8]) -> bool {
    let Some(i) = (1..items.len()).rev().find(|&i| items[i - 1] < items[i]) else {
        return false;
    };
    let j = (i..items.len())
        .rev()
        .find(|&j| items[j] > items[i - 1])
        .unwrap();
    items.swap(i - 1, j);
    items[i..].reverse();
    true
}

#[test]
fn symmetric_groups_share_a_table_and_agree_with_their_own() {
    // Pairs in three corners (the fourth is the blank's): a turn maps each
    // onto the first; a pair beside the blank's corner is no image of it.
    let groups: [&[u8]; 4] = [&[1, 2], &[5, 10], &[16, 21], &[23, 24]];
    let database = LargePatternDatabase::<5, 5>::open(&groups, None, |_| {}).unwrap();
    assert_eq!(database.table_of_groups(), [0, 0, 0, 1]);
    assert_eq!(database.tables().len(), 2);
    assert_eq!(database.table_bytes(), 2 * 25 * 24);
    // A 2x3 block and its turns and flips, as in 6-6-6-6, but of three
    // tiles: an L in each corner but the blank's.
    let ells: [&[u8]; 3] = [&[1, 2, 6], &[4, 5, 10], &[16, 21, 22]];
    let ell_database = LargePatternDatabase::<5, 5>::open(&ells, None, |_| {}).unwrap();
    assert_eq!(ell_database.table_of_groups(), [0, 0, 0]);
    // A group whose goal walls the blank's goal cell in is not the image of
    // one that does not.
    let walled: [&[u8]; 2] = [&[1, 2, 6], &[20, 24]];
    let walled_database = LargePatternDatabase::<5, 5>::open(&walled, None, |_| {}).unwrap();
    assert_eq!(walled_database.table_of_groups(), [0, 1]);
    for (database, groups) in [
        (&database, &groups[..]),
        (&ell_database, &ells[..]),
        (&walled_database, &walled[..]),
    ] {
        let own: Vec<(LargePatternSpace<5, 5>, PatternTable)> = groups
            .iter()
            .map(|tiles| {
                let space = LargePatternSpace::<5, 5>::new(tiles).unwrap();
                let table = PatternTable::build(&space, |_| {}).unwrap();
                (space, table)
            })
            .collect();
        for seed in 0..300 {
            let board = if seed % 2 == 0 {
                Twentyfour::random_solvable(seed)
            } else {
                Twentyfour::random_walk(seed, 30)
            };
            let want: Vec<u8> = own
                .iter()
                .map(|(space, table)| table.get(space.entry(&board)))
                .collect();
            assert_eq!(database.values(&board), want, "{board}");
        }
    }
}

/// A partition of small groups of the 5x5 board, quick to build in a
/// debug build.
const SMALL: [&[u8]; 4] = [&[1, 2, 6], &[4, 5, 10], &[20, 24, 23], &[16, 21, 22]];

#[test]
fn small_5x5_databases_are_admissible_and_dominate_manhattan() {
    let database = LargePatternDatabase::<5, 5>::open(&SMALL, None, |_| {})
        .unwrap()
        .with_reflection()
        .unwrap();
    let mut rng = SplitMix64::new(11);
    for seed in 0..6 {
        let len = 16 + 2 * rng.below(3);
        let board = Twentyfour::random_walk(seed, len);
        // Exact distances along an optimal path, by IDA* with linear conflict.
        let exact = IdaStar::new().search_in_place(&LargePuzzle::new(board, LinearConflict));
        let solution = exact.solution().unwrap();
        board.verify_solution(&solution.actions).unwrap();
        let mut state = board;
        for (done, &m) in solution.actions.iter().enumerate() {
            let h = LargeHeuristic::estimate(&database, &state);
            assert!(usize::from(h) <= solution.actions.len() - done, "{state}");
            state = state.apply(m).unwrap();
        }
        assert!(state.is_goal());
        // The same length with the database, in place and by value.
        let puzzle = LargePuzzle::new(board, database.clone());
        let in_place = IdaStar::new().search_in_place(&puzzle);
        let by_value = IdaStar::new().search(&puzzle);
        let found = in_place.solution().unwrap();
        board.verify_solution(&found.actions).unwrap();
        assert_eq!(found.actions.len(), solution.actions.len());
        assert_eq!(in_place.stats.generated, by_value.stats.generated);
    }
    for seed in 0..300 {
        let board = Twentyfour::random_solvable(seed);
        let values = database.values(&board);
        let mirrored = database.mirrored_values(&board);
        let reflected = reflect(&board);
        for (i, tiles) in SMALL.iter().enumerate() {
            assert!(values[i] >= group_manhattan(&board, tiles), "{board}");
            // The reflected lookup of a group is the group's lookup on the
            // reflected board.
            assert_eq!(mirrored[i], database.values(&reflected)[i], "{board}");
        }
        let h = LargeHeuristic::estimate(&database, &board);
        assert_eq!(
            h,
            LargeHeuristic::estimate(&database, &reflected),
            "{board}"
        );
        assert_eq!(
            h,
            values.iter().sum::<u8>().max(mirrored.iter().sum::<u8>())
        );
    }
}

#[test]
fn updates_equal_fresh_lookups() {
    let database = LargePatternDatabase::<5, 5>::open(&SMALL, None, |_| {})
        .unwrap()
        .with_reflection()
        .unwrap();
    let mut rng = SplitMix64::new(5);
    let mut board = Twentyfour::random_solvable(5);
    let (mut h, mut memo) = database.quick_estimate_memo(&board);
    for _ in 0..2000 {
        let moves: Vec<Move> = board.legal_moves().collect();
        let (after, slide) = board
            .apply_with_slide(moves[rng.below(moves.len())])
            .unwrap();
        // Direct-access updates agree with the compact tables' lookups,
        // and the bounded update with the full one within its bound.
        for enough in [0, h / 2, h, u8::MAX] {
            let within = database.update_memo_within(&board, h, memo, slide, enough);
            let full = database.update_memo(&after, h, memo, slide).0;
            assert!(within == full || (within > enough && full > enough));
        }
        (h, memo) = database.update_memo(&after, h, memo, slide);
        assert_eq!((h, memo), database.quick_estimate_memo(&after), "{after}");
        assert_eq!(h, database.quick_estimate(&after), "{after}");
        board = after;
    }
    // Reflection needs a square board.
    let tall: [&[u8]; 1] = [&[1, 2]];
    assert!(
        LargePatternDatabase::<3, 6>::open(&tall, None, |_| {})
            .unwrap()
            .with_reflection()
            .is_err()
    );
    // Bad groups are errors, not panics.
    assert!(LargePatternDatabase::<5, 5>::open(&[[1u8, 25]], None, |_| {}).is_err());
    assert!(LargePatternDatabase::<5, 5>::open(&[[1u8, 2], [2, 3]], None, |_| {}).is_err());
    assert!(LargePatternDatabase::<5, 5>::open(&[&[1u8; 0][..]], None, |_| {}).is_err());
    assert!(
        LargePatternDatabase::<5, 5>::open(&[(1..=9).collect::<Vec<u8>>()], None, |_| {}).is_err()
    );
}

/// The in-place problem on the direct tables searches as `LargePuzzle`
/// with the same database: the same solution, node for node, with and
/// without reflection and with fewer than four groups, serial, parallel
/// and by value; its moves undo to the state they started from, every
/// field equal to a fresh lookup's.
#[test]
fn direct_puzzle_searches_as_the_large_puzzle() {
    let plain = LargePatternDatabase::<5, 5>::open(&SMALL, None, |_| {}).unwrap();
    let reflected = plain.clone().with_reflection().unwrap();
    // Two groups: two slots on each side have no table, and most tiles
    // are read by no group.
    let two = LargePatternDatabase::<5, 5>::open(&SMALL[..2], None, |_| {}).unwrap();
    let two_reflected = two.clone().with_reflection().unwrap();
    let (long, short) = ([20, 22, 24, 22], [12, 14, 16, 14]);
    for (database, lengths) in [
        (plain, long),
        (reflected, long),
        (two, short),
        (two_reflected, short),
    ] {
        for (seed, len) in (0..4).zip(lengths) {
            let board = Twentyfour::random_walk(seed, len);
            let direct = database.direct_puzzle(board).unwrap();
            let start = direct.state(board);
            assert_eq!(start.board(), board);
            assert_eq!(
                start.h(),
                u32::from(LargeHeuristic::quick_estimate(&database, &board))
            );
            let general =
                IdaStar::new().search_in_place(&LargePuzzle::new(board, database.clone()));
            let in_place = IdaStar::new().search_in_place(&direct);
            let by_value = IdaStar::new().search(&direct);
            let parallel = ParallelIdaStar::new().threads(2).search_in_place(&direct);
            let expected = general.solution().unwrap();
            board.verify_solution(&expected.actions).unwrap();
            for result in [&in_place, &by_value] {
                assert_eq!(
                    result.solution().unwrap().actions,
                    expected.actions,
                    "{board}"
                );
                assert_eq!(result.stats.generated, general.stats.generated, "{board}");
                assert_eq!(result.stats.iterations, general.stats.iterations, "{board}");
            }
            let found = parallel.solution().unwrap();
            board.verify_solution(&found.actions).unwrap();
            assert_eq!(found.actions.len(), expected.actions.len());
        }
    }
    // Random moves applied and undone: every state on the way equals a
    // fresh one, field for field, and the undos restore the start.
    let database = LargePatternDatabase::<5, 5>::open(&SMALL, None, |_| {})
        .unwrap()
        .with_reflection()
        .unwrap();
    let board = Twentyfour::random_solvable(9);
    let direct = database.direct_puzzle(board).unwrap();
    let mut state = direct.state(board);
    let mut undos = Vec::new();
    let mut rng = SplitMix64::new(3);
    for _ in 0..500 {
        let moves: Vec<_> = direct.moves(&state).collect();
        let mv = moves[rng.below(moves.len())];
        let preview = direct.preview(&state, mv);
        undos.push(direct.apply(&mut state, mv).undo);
        let fresh = direct.state(state.board());
        assert_eq!(format!("{state:?}"), format!("{fresh:?}"));
        assert_eq!(preview.h, fresh.h());
    }
    while let Some(undo) = undos.pop() {
        direct.undo(&mut state, undo);
    }
    assert_eq!(format!("{state:?}"), format!("{:?}", direct.state(board)));
    // What the direct tables do not keep is declined, not approximated.
    assert!(database.clone().with_dual().direct_puzzle(board).is_none());
    let five: [&[u8]; 5] = [&[1, 2], &[3, 4], &[5, 6], &[7, 8], &[9, 10]];
    let five = LargePatternDatabase::<5, 5>::open(&five, None, |_| {}).unwrap();
    assert!(five.direct_puzzle(board).is_none());
}

/// The full 6-6-6-6 databases, from the cache named by `PDB_CACHE`
/// (default `target/pdb-cache`), built there if missing.
#[test]
#[ignore = "builds or loads two 127.5 MB tables (minutes and about 1 GB the first time)"]
fn the_6_6_6_6_databases() {
    let cache = std::env::var_os("PDB_CACHE").map_or_else(
        || std::path::PathBuf::from("../../target/pdb-cache"),
        std::path::PathBuf::from,
    );
    let started = std::time::Instant::now();
    let database = LargePatternDatabase::<5, 5>::open(&TWENTYFOUR_6_6_6_6, Some(&cache), |_| {})
        .unwrap()
        .with_reflection()
        .unwrap();
    for table in database.tables() {
        println!("{:?}: {}", table.space().tiles(), table.status());
    }
    println!("opened in {:.1} s", started.elapsed().as_secs_f64());
    assert_eq!(database.table_of_groups(), [0, 1, 1, 1]);
    assert_eq!(database.table_bytes(), 2 * 127_512_000);
    for table in database.tables() {
        let histogram = table.table().histogram();
        assert_eq!(histogram[0], 1, "only the goal placement is 0 moves away");
        assert_eq!(histogram[usize::from(pattern_db::UNREACHED)], 0);
    }
    for table in database.tables() {
        assert_eq!(table.direct().map(PatternTable::len), Some(244_140_625));
    }
    // The direct-access tables agree with the compact ones along a walk.
    let mut rng = SplitMix64::new(24);
    let mut board = korf50()[0].board;
    let (mut h, mut memo) = database.quick_estimate_memo(&board);
    for _ in 0..100_000 {
        let moves: Vec<Move> = board.legal_moves().collect();
        let (after, slide) = board
            .apply_with_slide(moves[rng.below(moves.len())])
            .unwrap();
        (h, memo) = database.update_memo(&after, h, memo, slide);
        assert_eq!(h, database.quick_estimate(&after), "{after}");
        board = after;
    }
    let dual = database.clone().with_dual();
    let mut total = 0u32;
    for instance in korf50() {
        let board = instance.board;
        let h = LargeHeuristic::estimate(&database, &board);
        let length = instance.length.unwrap();
        assert!(
            usize::from(h) <= length,
            "#{:?}: {h} > {length}",
            instance.id
        );
        assert!(h >= LargeHeuristic::estimate(&Manhattan, &board));
        assert_eq!(h, LargeHeuristic::estimate(&database, &reflect(&board)));
        for (value, tiles) in database.values(&board).iter().zip(TWENTYFOUR_6_6_6_6) {
            assert!(*value >= group_manhattan(&board, tiles));
        }
        total += u32::from(h);
        let d = LargeHeuristic::estimate(&dual, &board);
        assert!(
            d >= h && usize::from(d) <= length,
            "#{:?}: dual {d}",
            instance.id
        );
    }
    println!("the fifty: h averages {:.2}", f64::from(total) / 50.0);
}

#[test]
fn dual_lookups_are_admissible_and_never_below_the_regular_ones() {
    let regular = LargePatternDatabase::<5, 5>::open(&SMALL, None, |_| {})
        .unwrap()
        .with_reflection()
        .unwrap();
    let dual = regular.clone().with_dual();
    assert!(dual.duals() && !regular.duals());
    let mut raised = 0;
    for seed in 0..6 {
        let board = Twentyfour::random_walk(100 + seed, 18);
        let exact = IdaStar::new().search_in_place(&LargePuzzle::new(board, LinearConflict));
        let moves = exact.solution().unwrap().actions.clone();
        let mut state = board;
        for (done, &m) in moves.iter().enumerate() {
            let left = moves.len() - done;
            let (h, d) = (
                LargeHeuristic::estimate(&regular, &state),
                LargeHeuristic::estimate(&dual, &state),
            );
            assert!(d >= h && usize::from(d) <= left, "{state}: {d} vs {left}");
            // The distance's parity is the blank's distance from home's.
            let blank = state.blank();
            assert_eq!(usize::from(d) % 2, (4 - blank % 5 + 4 - blank / 5) % 2);
            raised += usize::from(d > h);
            state = state.apply(m).unwrap();
        }
        // With the dual lookups, IDA* finds the same length.
        let puzzle = LargePuzzle::new(board, dual.clone());
        let found = IdaStar::new().search_in_place(&puzzle);
        let found = found.solution().unwrap();
        board.verify_solution(&found.actions).unwrap();
        assert_eq!(found.actions.len(), moves.len());
        let bpmx = IdaStar::new().bpmx().search(&puzzle);
        assert_eq!(bpmx.solution().unwrap().actions.len(), moves.len());
    }
    assert!(raised > 0, "the dual lookups add something");
}

/// A group's table by brute force: a 0-1 breadth-first search over every
/// placement of the group's tiles with the blank's own cell, backward
/// from the goal (a move of the blank onto a group tile costs one, any
/// other nothing), each entry the least over the blank's cells.
fn brute_force_table(tiles: &[u8]) -> Vec<u8> {
    const W: usize = 5;
    const CELLS: usize = 25;
    let k = tiles.len();
    // A state: the tiles' cells and the blank's, as a vector index.
    let encode = |cells: &[usize], blank: usize| {
        cells.iter().fold(0, |index, &c| index * CELLS + c) * CELLS + blank
    };
    let states = CELLS.pow(u32::try_from(k + 1).unwrap());
    let mut distance = vec![u8::MAX; states];
    let mut deque = std::collections::VecDeque::new();
    let goal: Vec<usize> = tiles.iter().map(|&t| usize::from(t) - 1).collect();
    distance[encode(&goal, CELLS - 1)] = 0;
    deque.push_back((goal, CELLS - 1));
    while let Some((cells, blank)) = deque.pop_front() {
        let d = distance[encode(&cells, blank)];
        let (row, col) = (blank / W, blank % W);
        let neighbours = [
            (row > 0).then(|| blank - W),
            (row + 1 < W).then(|| blank + W),
            (col > 0).then(|| blank - 1),
            (col + 1 < W).then(|| blank + 1),
        ];
        for next in neighbours.into_iter().flatten() {
            let mut moved = cells.clone();
            let cost = match moved.iter().position(|&c| c == next) {
                Some(i) => {
                    moved[i] = blank;
                    1
                }
                None => 0,
            };
            let index = encode(&moved, next);
            if d + cost < distance[index] {
                distance[index] = d + cost;
                if cost == 0 {
                    deque.push_front((moved, next));
                } else {
                    deque.push_back((moved, next));
                }
            }
        }
    }
    // Entries ranked as the table ranks placements: the Lehmer code of the
    // tiles' cells, the first tile most significant.
    let space = LargePatternSpace::<5, 5>::new(tiles).unwrap();
    let mut table =
        vec![u8::MAX; usize::try_from(pattern_db::Abstraction::entry_count(&space)).unwrap()];
    for (index, &d) in distance.iter().enumerate() {
        if d == u8::MAX {
            continue;
        }
        let mut rest = index / CELLS;
        let mut cells = vec![0u8; k];
        for slot in cells.iter_mut().rev() {
            *slot = u8::try_from(rest % CELLS).unwrap();
            rest /= CELLS;
        }
        let mut rank = 0usize;
        for (i, &cell) in cells.iter().enumerate() {
            let below = cells[..i].iter().filter(|&&c| c < cell).count();
            rank = rank * (CELLS - i) + usize::from(cell) - below;
        }
        table[rank] = table[rank].min(d);
    }
    table
}

#[test]
fn tables_of_5x5_groups_match_a_brute_force_search() {
    // An L in a corner, a group that walls the blank's goal cell in, and a
    // scattered one.
    for tiles in [&[1u8, 2, 6][..], &[19, 20, 24], &[3, 12, 23]] {
        let space = LargePatternSpace::<5, 5>::new(tiles).unwrap();
        let table = PatternTable::build(&space, |_| {}).unwrap();
        assert_eq!(table.as_bytes(), brute_force_table(tiles), "{tiles:?}");
    }
}
