//! Pattern databases checked against brute force: every table is compared
//! with exact distances, and every estimate with the exact solution length.
//!
//! The quick tests build small patterns (3x3 and 2x4 boards, a few tiles of
//! the 15-puzzle) in debug mode and compare them with exhaustive
//! breadth-first searches. The heavy ones are ignored by default:
//!
//! ```sh
//! # build times of 5-5-5, 6-6-3 and 7-8 from scratch (7-8: minutes, 2.2 GB)
//! cargo test --release -p frontier-sliding-puzzle --test pdb -- --ignored --nocapture build_times
//! # Korf's 100 instances with 7-8 and reflection (builds the cache once,
//! # in target/pdb-cache or $PDB_CACHE_DIR)
//! cargo test --release -p frontier-sliding-puzzle --test pdb -- --ignored --nocapture korf100
//! ```

use std::collections::VecDeque;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use pattern_db::{AbstractStep, Abstraction, CacheStatus, PatternTable, PdbError, UNREACHED};
use sliding_puzzle::heuristic::Max;
use sliding_puzzle::heuristic::pdb::{
    FIFTEEN_5_5_5, FIFTEEN_6_6_3, FIFTEEN_7_8, FIFTEEN_7_8_MORE, Partition, PatternDatabase,
    PatternError, PatternSpace,
};
use sliding_puzzle::instances::korf100;
use sliding_puzzle::{Board, Eight, Fifteen, Heuristic, Manhattan, Move, Puzzle};

/// Exact distances to the goal of every board reachable from it, indexed
/// by [`Board::rank`]; `u8::MAX` for the unreachable half.
fn exact_distances<const W: usize, const H: usize>() -> Vec<u8> {
    let mut distance = vec![u8::MAX; usize::try_from(Board::<W, H>::ARRANGEMENTS).unwrap()];
    let goal = Board::<W, H>::goal();
    distance[usize::try_from(goal.rank()).unwrap()] = 0;
    let mut queue = VecDeque::from([goal]);
    while let Some(board) = queue.pop_front() {
        let d = distance[usize::try_from(board.rank()).unwrap()];
        for m in Move::ALL {
            if let Some(next) = board.apply(m) {
                let slot = &mut distance[usize::try_from(next.rank()).unwrap()];
                if *slot == u8::MAX {
                    *slot = d + 1;
                    queue.push_back(next);
                }
            }
        }
    }
    distance
}

/// Every reachable board with its exact distance.
fn reachable<const W: usize, const H: usize>(distances: &[u8]) -> Vec<(Board<W, H>, u8)> {
    distances
        .iter()
        .enumerate()
        .filter(|&(_, &d)| d != u8::MAX)
        .map(|(rank, &d)| (Board::unrank(rank as u64).unwrap(), d))
        .collect()
}

/// The board transposed, each tile renamed after the goal cell its goal
/// cell transposes to: the reflection across the main diagonal.
fn reflect<const W: usize>(board: &Board<W, W>) -> Board<W, W> {
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
    Board::from_tiles(&tiles).unwrap()
}

/// Checks `database` on every reachable board: admissible against the exact
/// distance, zero on the goal, at least Manhattan distance. Returns the
/// largest change of the estimate across one move (consistency would make
/// it 1; the minimum over the blank's positions makes it larger).
fn check_admissible<const W: usize, const H: usize>(
    database: &PatternDatabase<W, H>,
    boards: &[(Board<W, H>, u8)],
) -> u8 {
    assert_eq!(database.estimate(&Board::goal()), 0);
    assert!(!database.is_consistent());
    let mut largest_step = 0;
    for &(board, distance) in boards {
        let h = database.estimate(&board);
        assert!(h <= distance, "h = {h} > {distance} on {board:?}");
        assert!(h >= Manhattan.estimate(&board), "{board:?}");
        for m in Move::ALL {
            if let Some(next) = board.apply(m) {
                largest_step = largest_step.max(h.abs_diff(database.estimate(&next)));
            }
        }
    }
    largest_step
}

#[test]
fn three_by_three_partitions_are_admissible_on_every_board() {
    let distances = exact_distances::<3, 3>();
    let boards = reachable::<3, 3>(&distances);
    assert_eq!(boards.len(), 181_440);
    for groups in [
        &[&[1, 2, 3, 4][..], &[5, 6, 7, 8]][..],
        &[&[1, 2], &[3, 4, 5], &[6, 7, 8]],
        &[&[1, 4, 7], &[2, 3, 5, 6, 8]],
    ] {
        let partition = Partition::<3, 3>::new(groups.iter().copied()).unwrap();
        let database = PatternDatabase::build(&partition, |_| {}).unwrap();
        assert!(check_admissible(&database, &boards) > 1);
        let reflected = database.clone().with_reflection().unwrap();
        check_admissible(&reflected, &boards);
        let (mut better, mut sum) = (0, 0u64);
        for &(board, _) in &boards {
            let both = database.sum(&board).max(database.sum(&reflect(&board)));
            assert_eq!(reflected.estimate(&board), both);
            better += usize::from(both > database.sum(&board));
            sum += u64::from(both);
        }
        // Reflection helps on a good share of the boards.
        assert!(better > boards.len() / 20, "{better} boards improved");
        assert!(sum > 0);
    }
}

#[test]
fn a_single_group_of_every_tile_is_the_exact_distance() {
    // One group holding all eight tiles: the abstraction is the puzzle, so
    // the table is the exact distance, and the odd half is unreachable.
    let distances = exact_distances::<3, 3>();
    let space = PatternSpace::<3, 3>::new(&[1, 2, 3, 4, 5, 6, 7, 8]).unwrap();
    let table = PatternTable::build(&space, |_| {}).unwrap();
    for (board, distance) in reachable::<3, 3>(&distances) {
        assert_eq!(table.get(space.entry(&board)), distance);
    }
    let histogram = table.histogram();
    assert_eq!(histogram[usize::from(UNREACHED)], 181_440);
    assert_eq!(histogram[31], 2);
}

#[test]
fn reflection_preserves_distances() {
    let distances = exact_distances::<3, 3>();
    for (board, distance) in reachable::<3, 3>(&distances).into_iter().step_by(7) {
        let mirrored = reflect(&board);
        assert_eq!(reflect(&mirrored), board);
        assert_eq!(
            distances[usize::try_from(mirrored.rank()).unwrap()],
            distance
        );
    }
    assert_eq!(reflect(&Fifteen::goal()), Fifteen::goal());
}

/// The exact distance of `board`.
fn distance_of<const W: usize, const H: usize>(distances: &[u8], board: &Board<W, H>) -> u8 {
    distances[usize::try_from(board.rank()).unwrap()]
}

#[test]
fn a_dual_with_the_blank_home_is_as_far_from_the_goal() {
    let distances = exact_distances::<3, 3>();
    let mut blank_home = 0;
    for (board, distance) in reachable::<3, 3>(&distances) {
        let dual = board.dual();
        assert_eq!(dual.dual(), board);
        assert_eq!(
            reflect(&dual),
            reflect(&board).dual(),
            "reflection and duality commute"
        );
        if board.blank() == 8 {
            blank_home += 1;
            assert_eq!(distance_of(&distances, &dual), distance, "{board:?}");
        }
    }
    assert_eq!(blank_home, 181_440 / 9);
    // With the blank elsewhere the dual is another puzzle's start: the
    // ordinary distance of the dual board differs on some boards.
    let differs = reachable::<3, 3>(&distances)
        .into_iter()
        .filter(|(board, d)| distance_of(&distances, &board.dual()) != *d)
        .count();
    assert!(differs > 0);
}

/// The groups of 3x3 partitions the dual tests use: the first leaves the
/// free cells one region at each group's goal; in the others a group holds
/// tiles 6 and 8, the blank's goal cell's neighbours, and at home walls
/// that cell off from the other free cells.
const DUAL_PARTITIONS: [&[&[u8]]; 4] = [
    &[&[1, 2, 3, 6], &[4, 5, 7, 8]],
    &[&[1, 2, 3, 4], &[5, 6, 7, 8]],
    &[&[4, 5, 6, 8], &[1, 2, 3, 7]],
    &[&[1, 4, 7], &[2, 3, 5, 6, 8]],
];

#[test]
fn dual_lookups_are_admissible_on_every_board() {
    let distances = exact_distances::<3, 3>();
    let boards = reachable::<3, 3>(&distances);
    for groups in DUAL_PARTITIONS {
        let partition = Partition::<3, 3>::new(groups.iter().copied()).unwrap();
        let database = PatternDatabase::build(&partition, |_| {}).unwrap();
        let dual = database.clone().with_dual(None, |_| {}).unwrap();
        assert!(dual.duals() && !database.duals());
        check_admissible(&dual, &boards);
        let both = database
            .clone()
            .with_reflection()
            .unwrap()
            .with_dual(None, |_| {})
            .unwrap();
        check_admissible(&both, &boards);
        let (mut better, mut better_than_reflection) = (0, 0);
        for &(board, _) in &boards {
            let regular = database.estimate(&board);
            let reflected = regular.max(database.sum(&reflect(&board)));
            assert!(dual.estimate(&board) >= regular);
            assert!(both.estimate(&board) >= dual.estimate(&board).max(reflected));
            better += usize::from(dual.estimate(&board) > regular);
            better_than_reflection += usize::from(both.estimate(&board) > reflected);
            if board.blank() == 8 {
                // With the blank home every group counts: the dual sum.
                let expected = regular.max(database.sum(&board.dual()));
                assert_eq!(dual.estimate(&board), expected, "{board:?}");
            }
        }
        assert!(
            better > boards.len() / 100,
            "{groups:?}: {better} boards improved"
        );
        assert!(better_than_reflection > 0, "{groups:?}");
    }
}

#[test]
fn refined_estimates_keep_their_contract_and_ida_star_stays_optimal() {
    let distances = exact_distances::<3, 3>();
    let boards = reachable::<3, 3>(&distances);
    let partition = Partition::<3, 3>::new(DUAL_PARTITIONS[1].iter().copied()).unwrap();
    let database = PatternDatabase::build(&partition, |_| {})
        .unwrap()
        .with_reflection()
        .unwrap()
        .with_dual(None, |_| {})
        .unwrap();
    for &(board, _) in boards.iter().step_by(13) {
        let quick = database.quick_estimate(&board);
        let full = database.estimate(&board);
        assert!(quick <= full);
        assert_eq!(database.refine(&board, quick, u8::MAX), full);
        for enough in 0..=32 {
            let refined = database.refine(&board, quick, enough);
            if full <= enough {
                assert_eq!(refined, full, "{board:?} {enough}");
            } else {
                assert!(refined > enough && refined <= full, "{board:?} {enough}");
            }
        }
    }
    // IDA* asks for refined estimates within its bound: optimal all the
    // same, and no more nodes than with the regular and reflected lookups.
    let regular = PatternDatabase::build(&partition, |_| {})
        .unwrap()
        .with_reflection()
        .unwrap();
    let (mut with_dual, mut without) = (0, 0);
    for &(board, distance) in boards.iter().step_by(97) {
        let result = frontier::idastar(&Puzzle::new(board, &database));
        // The in-place search previews children with the same refinement.
        let in_place = frontier::IdaStar::new().search_in_place(&Puzzle::new(board, &database));
        assert_eq!(
            in_place.stats.iterations, result.stats.iterations,
            "{board:?}"
        );
        with_dual += result.stats.generated;
        let solution = result.into_solution().unwrap();
        assert_eq!(solution.len(), usize::from(distance));
        board.verify_solution(&solution.actions).unwrap();
        without += frontier::idastar(&Puzzle::new(board, &regular))
            .stats
            .generated;
    }
    assert!(with_dual < without, "{with_dual} against {without}");
}

#[test]
fn dual_lookups_without_the_blank_rules_would_overestimate() {
    // What the rules in `PatternDatabase::with_dual` leave out is not
    // slack: summing every group's table at the dual board, whatever the
    // blank, exceeds the exact distance on some boards of each partition
    // (dropping only the group of the renamed blank is not enough where a
    // group walls the blank's goal cell off).
    let distances = exact_distances::<3, 3>();
    let boards = reachable::<3, 3>(&distances);
    for groups in DUAL_PARTITIONS {
        let partition = Partition::<3, 3>::new(groups.iter().copied()).unwrap();
        let database = PatternDatabase::build(&partition, |_| {}).unwrap();
        let over = boards
            .iter()
            .filter(|(board, d)| database.sum(&board.dual()) > *d)
            .count();
        assert!(over > 0, "{groups:?}");
        // Dropping only the group holding the renamed blank (the goal tile
        // of the board's blank cell) still overestimates where a group
        // walls the goal cell off.
        let renamed_blank = |board: &Board<3, 3>| u8::try_from((board.blank() + 1) % 9).unwrap();
        let over = boards
            .iter()
            .filter(|(board, d)| {
                let dual = board.dual();
                let sum: u8 = database
                    .groups()
                    .filter(|group| !group.space().tiles().contains(&renamed_blank(board)))
                    .map(|group| group.table().get(group.space().entry(&dual)))
                    .sum();
                sum > *d
            })
            .count();
        let walls = groups.iter().any(|g| g.contains(&6) && g.contains(&8));
        if walls {
            assert!(over > 0, "{groups:?}");
        } else {
            assert_eq!(over, 0, "{groups:?}");
        }
    }
}

#[test]
fn non_square_boards_work_without_reflection() {
    let distances = exact_distances::<4, 2>();
    let boards = reachable::<4, 2>(&distances);
    assert_eq!(boards.len(), 20_160);
    let partition = Partition::<4, 2>::new([&[1, 2, 5][..], &[3, 4, 6, 7]]).unwrap();
    let database = PatternDatabase::build(&partition, |_| {}).unwrap();
    check_admissible(&database, &boards);
    assert!(matches!(
        database.with_reflection(),
        Err(PatternError::NotSquare {
            width: 4,
            height: 2
        })
    ));
}

/// The pattern abstraction written the obvious way: the blank is one
/// cell, moving it onto a cell without a group tile is a free step. The
/// generic 0-1 search over it must give the very table that
/// [`PatternSpace`]'s blank regions give.
struct Naive<const W: usize, const H: usize> {
    tiles: Vec<u8>,
    space: PatternSpace<W, H>,
}

/// The cells of the group's tiles, then the blank's.
type NaiveState = Vec<u8>;

impl<const W: usize, const H: usize> Naive<W, H> {
    fn board(&self, state: &NaiveState) -> Board<W, H> {
        let cells = W * H;
        let mut tiles = vec![u8::MAX; cells];
        for (&tile, &cell) in self.tiles.iter().zip(state) {
            tiles[usize::from(cell)] = tile;
        }
        tiles[usize::from(*state.last().unwrap())] = 0;
        let mut others = (1..u8::try_from(cells).unwrap()).filter(|t| !self.tiles.contains(t));
        for tile in &mut tiles {
            if *tile == u8::MAX {
                *tile = others.next().unwrap();
            }
        }
        Board::from_tiles(&tiles).unwrap()
    }
}

impl<const W: usize, const H: usize> Abstraction for Naive<W, H> {
    type State = NaiveState;

    fn state_count(&self) -> u64 {
        ((W * H) as u64).pow(u32::try_from(self.tiles.len()).unwrap() + 1)
    }

    fn rank(&self, state: &NaiveState) -> u64 {
        state
            .iter()
            .rev()
            .fold(0, |rank, &cell| rank * (W * H) as u64 + u64::from(cell))
    }

    fn unrank(&self, mut rank: u64) -> NaiveState {
        (0..=self.tiles.len())
            .map(|_| {
                let cell = u8::try_from(rank % (W * H) as u64).unwrap();
                rank /= (W * H) as u64;
                cell
            })
            .collect()
    }

    fn goals(&self) -> impl Iterator<Item = NaiveState> {
        let mut goal: NaiveState = self.tiles.iter().map(|&t| t - 1).collect();
        goal.push(u8::try_from(W * H - 1).unwrap());
        std::iter::once(goal)
    }

    fn predecessors(&self, state: &NaiveState) -> impl Iterator<Item = AbstractStep<NaiveState>> {
        let blank = usize::from(*state.last().unwrap());
        let (row, col) = (blank / W, blank % W);
        let neighbours = [
            (row > 0).then(|| blank - W),
            (col > 0).then(|| blank - 1),
            (col + 1 < W).then(|| blank + 1),
            (row + 1 < H).then(|| blank + W),
        ];
        let state = state.clone();
        neighbours.into_iter().flatten().map(move |next| {
            let next = u8::try_from(next).unwrap();
            let mut moved = state.clone();
            *moved.last_mut().unwrap() = next;
            match state.iter().position(|&cell| cell == next) {
                Some(i) => {
                    moved[i] = u8::try_from(blank).unwrap();
                    AbstractStep::Unit(self.rank(&moved))
                }
                None => AbstractStep::Free(moved),
            }
        })
    }

    fn entry_count(&self) -> u64 {
        self.space.entry_count()
    }

    fn entry(&self, state: &NaiveState) -> u64 {
        self.space.entry(&self.board(state))
    }
}

fn check_against_naive<const W: usize, const H: usize>(tiles: &[u8]) {
    let space = PatternSpace::<W, H>::new(tiles).unwrap();
    let naive = Naive {
        tiles: space.tiles().to_vec(),
        space: space.clone(),
    };
    let regions = PatternTable::build(&space, |_| {}).unwrap();
    let cells = PatternTable::build(&naive, |_| {}).unwrap();
    assert_eq!(regions, cells, "tiles {tiles:?} on {W}x{H}");
    assert_eq!(regions.histogram()[usize::from(UNREACHED)], 0);
}

#[test]
fn blank_regions_give_the_same_tables_as_blank_cells_with_free_steps() {
    check_against_naive::<3, 3>(&[1, 2, 3, 4]);
    check_against_naive::<3, 3>(&[2, 6, 7]);
    check_against_naive::<4, 2>(&[1, 7, 4]);
    check_against_naive::<4, 4>(&[1, 2, 3]);
    check_against_naive::<4, 4>(&[6, 11, 15]);
}

#[test]
fn small_fifteen_patterns_are_admissible_on_random_walks() {
    let partition = Partition::<4, 4>::new([[1, 2, 5], [3, 4, 8], [13, 14, 15]]).unwrap();
    let database = PatternDatabase::build(&partition, |_| {})
        .unwrap()
        .with_reflection()
        .unwrap();
    for seed in 0..20 {
        let board = Fifteen::random_walk(seed, 24);
        let length = frontier::idastar(&Puzzle::new(board, Manhattan))
            .into_solution()
            .unwrap()
            .len();
        let h = database.estimate(&board);
        assert!(usize::from(h) <= length, "seed {seed}: h = {h} > {length}");
        let solution = frontier::idastar(&Puzzle::new(board, database.clone()))
            .into_solution()
            .unwrap();
        assert_eq!(solution.len(), length, "seed {seed}");
        board.verify_solution(&solution.actions).unwrap();
    }
}

/// Walks `steps` random moves from the goal and checks at each that the
/// memo updated move by move is the one computed from scratch, as is the
/// estimate, and that a memo holding a value too large to keep exactly
/// makes the update start over.
fn check_memo_updates<const W: usize, const H: usize>(
    database: &PatternDatabase<W, H>,
    steps: u64,
) {
    let (mut h, mut memo) = database.quick_estimate_memo(&Board::goal());
    let mut board = Board::<W, H>::goal();
    let mut random = sliding_puzzle::SplitMix64::new(steps);
    for step in 0..steps {
        let moves: Vec<Move> = board.legal_moves().collect();
        let m = moves[random.below(moves.len())];
        let (after, slide) = board.apply_with_slide(m).unwrap();
        let fresh = database.quick_estimate_memo(&after);
        assert_eq!(fresh.0, database.quick_estimate(&after), "{after}");
        assert_eq!(
            database.update_memo(&after, h, memo, slide),
            fresh,
            "step {step}: {after}"
        );
        let full = sliding_puzzle::heuristic::Memo::from_bits(u32::MAX);
        assert_eq!(
            database.update_memo(&after, h, full, slide),
            fresh,
            "{after}"
        );
        (board, h, memo) = (after, fresh.0, fresh.1);
    }
}

#[test]
fn memos_updated_move_by_move_match_memos_from_scratch() {
    let groups: [&[&[u8]]; 4] = [
        &[&[1, 2, 3, 4], &[5, 6, 7, 8]],
        &[&[1, 4, 7], &[2, 3, 5, 6, 8]],
        &[&[2, 5, 6]],
        &[&[1, 2], &[3, 4, 5], &[6, 7, 8]],
    ];
    for groups in groups {
        let partition = Partition::<3, 3>::new(groups.iter().copied()).unwrap();
        let database = PatternDatabase::build(&partition, |_| {}).unwrap();
        check_memo_updates(&database, 2_000);
        check_memo_updates(&database.with_reflection().unwrap(), 2_000);
    }
    let partition = Partition::<4, 4>::new([&[1, 2, 5, 6][..], &[3, 4, 7, 8]]).unwrap();
    let database = PatternDatabase::build(&partition, |_| {}).unwrap();
    check_memo_updates(&database.with_reflection().unwrap(), 2_000);
    let wide = Partition::<4, 2>::new([&[1, 2, 5][..], &[3, 4, 6, 7]]).unwrap();
    check_memo_updates(&PatternDatabase::build(&wide, |_| {}).unwrap(), 2_000);
}

#[test]
fn goal_blank_spaces_name_their_goal_and_refuse_covered_cells() {
    let space = PatternSpace::<3, 3>::with_goal_blank(&[2, 4], 0).unwrap();
    let toward_goal = PatternSpace::<3, 3>::new(&[2, 4]).unwrap();
    assert_eq!(space.goal_blank(), 0);
    assert_eq!(toward_goal.goal_blank(), 8);
    assert_ne!(space, toward_goal);
    assert_ne!(space.key(), toward_goal.key());
    assert_eq!(space.file_name(), "3x3-2-4-blank-0.pdb");
    assert_eq!(toward_goal.file_name(), "3x3-2-4.pdb");
    // Tile 2's goal cell is 1; cell 9 is off the board.
    for cell in [1, 9] {
        assert!(matches!(
            PatternSpace::<3, 3>::with_goal_blank(&[2, 4], cell),
            Err(PatternError::GoalBlankCovered { cell: c }) if c == cell
        ));
    }
    // Its goal is the tiles home and the blank in cell 0's region.
    let table = PatternTable::build(&space, |_| {}).unwrap();
    let goal = space.goals().next().unwrap();
    assert_eq!(
        space.entry(&Board::goal()),
        Abstraction::entry(&space, &goal)
    );
    assert_eq!(table.get(space.entry(&Board::goal())), 0);
}

#[test]
fn partitions_reject_bad_groups() {
    assert!(matches!(
        Partition::<3, 3>::new([[1, 2], [2, 3]]),
        Err(PatternError::RepeatedTile { tile: 2 })
    ));
    assert!(matches!(
        Partition::<3, 3>::new([&[1, 2][..], &[3, 9]]),
        Err(PatternError::NoSuchTile { tile: 9, .. })
    ));
    assert!(matches!(
        Partition::<3, 3>::new([&[0][..]]),
        Err(PatternError::NoSuchTile { tile: 0, .. })
    ));
    assert!(matches!(
        Partition::<3, 3>::new([&[1][..], &[]]),
        Err(PatternError::EmptyGroup { group: 1 })
    ));
    for (groups, name) in [
        (&FIFTEEN_5_5_5[..], "5-5-5"),
        (&FIFTEEN_6_6_3, "6-6-3"),
        (&FIFTEEN_7_8, "7-8"),
    ] {
        let partition = Partition::<4, 4>::new(groups.iter().copied()).unwrap();
        let tiles: usize = partition.groups().map(<[u8]>::len).sum();
        assert_eq!(tiles, 15);
        assert_eq!(partition.name(), name);
    }
}

/// A fresh directory under the system's temporary directory.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sliding-pdb-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn statuses<const W: usize, const H: usize>(database: &PatternDatabase<W, H>) -> Vec<String> {
    database
        .groups()
        .map(|group| match group.status() {
            CacheStatus::Loaded => "loaded".to_owned(),
            CacheStatus::Built { rejected: None, .. } => "built".to_owned(),
            CacheStatus::Built {
                rejected: Some(error),
                ..
            } => format!("rebuilt: {}", kind(error)),
            CacheStatus::BuiltNotSaved { reason, .. } => format!("not saved: {}", kind(reason)),
            _ => "other".to_owned(),
        })
        .collect()
}

fn kind(error: &PdbError) -> &'static str {
    match error {
        PdbError::Length { .. } => "length",
        PdbError::Checksum { .. } => "checksum",
        PdbError::Foreign { .. } => "foreign",
        PdbError::Key { .. } => "key",
        PdbError::Version { .. } => "version",
        PdbError::EntryCount { .. } => "entry count",
        PdbError::Io { .. } => "io",
        _ => "other",
    }
}

fn file_of(dir: &Path, tiles: &[u8]) -> PathBuf {
    dir.join(PatternSpace::<3, 3>::new(tiles).unwrap().file_name())
}

#[test]
fn cached_tables_round_trip_and_damaged_ones_are_rebuilt() {
    let dir = scratch_dir("cache");
    let partition = Partition::<3, 3>::new([[1, 2, 3, 4], [5, 6, 7, 8]]).unwrap();
    let open = || PatternDatabase::load_or_build(&partition, &dir, |_| {}).unwrap();
    let built = open();
    assert_eq!(statuses(&built), ["built", "built"]);
    let loaded = open();
    assert_eq!(statuses(&loaded), ["loaded", "loaded"]);
    for (a, b) in built.groups().zip(loaded.groups()) {
        assert_eq!(a.table(), b.table());
    }
    let first = file_of(&dir, &[1, 2, 3, 4]);
    let second = file_of(&dir, &[5, 6, 7, 8]);
    let good = fs::read(&first).unwrap();

    // Truncated.
    fs::write(&first, &good[..good.len() - 100]).unwrap();
    assert_eq!(statuses(&open()), ["rebuilt: length", "loaded"]);
    assert_eq!(fs::read(&first).unwrap(), good);
    // One byte flipped in the entries.
    let mut flipped = good.clone();
    flipped[good.len() - 1000] ^= 0x04;
    fs::write(&first, &flipped).unwrap();
    assert_eq!(statuses(&open()), ["rebuilt: checksum", "loaded"]);
    // Another group's table under this group's name: the header's key says so.
    fs::copy(&second, &first).unwrap();
    assert_eq!(statuses(&open()), ["rebuilt: key", "loaded"]);
    // Not a table at all.
    fs::write(&first, b"not a pattern database").unwrap();
    assert_eq!(statuses(&open()), ["rebuilt: foreign", "loaded"]);
    // A header from a future format version.
    let mut future = good.clone();
    future[8] += 1;
    fs::write(&first, &future).unwrap();
    assert_eq!(statuses(&open()), ["rebuilt: version", "loaded"]);

    let database = open();
    assert_eq!(statuses(&database), ["loaded", "loaded"]);
    let board: Eight = "8 6 7 2 5 4 3 x 1".parse().unwrap();
    assert_eq!(database.estimate(&board), built.estimate(&board));
    // Only the two tables are left: temporary files were renamed or removed.
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 2);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_cache_that_cannot_be_written_still_gives_the_database() {
    let dir = scratch_dir("unwritable");
    fs::create_dir_all(&dir).unwrap();
    // A regular file where the cache directory should be: nothing can be
    // saved under it, whatever this process's privileges.
    let blocker = dir.join("not-a-directory");
    fs::write(&blocker, b"").unwrap();
    let partition = Partition::<3, 3>::new([[1, 2, 3, 4], [5, 6, 7, 8]]).unwrap();
    let database = PatternDatabase::load_or_build(&partition, &blocker, |_| {})
        .expect("tables that cannot be saved are still used");
    assert_eq!(statuses(&database), ["not saved: io", "not saved: io"]);
    let built = PatternDatabase::build(&partition, |_| {}).unwrap();
    let board: Eight = "8 6 7 2 5 4 3 x 1".parse().unwrap();
    assert_eq!(database.estimate(&board), built.estimate(&board));
    fs::remove_dir_all(&dir).unwrap();
}

/// Builds each 15-puzzle partition from scratch and prints the times.
#[test]
#[ignore = "minutes and 2.2 GB: run in release, see the module docs"]
fn build_times() {
    for groups in [&FIFTEEN_5_5_5[..], &FIFTEEN_6_6_3, &FIFTEEN_7_8] {
        let partition = Partition::<4, 4>::new(groups.iter().copied()).unwrap();
        let started = Instant::now();
        let database = PatternDatabase::build(&partition, |_| {}).unwrap();
        for group in database.groups() {
            let histogram = group.table().histogram();
            let largest = (0..255).rev().find(|&v| histogram[v] > 0).unwrap();
            assert_eq!(histogram[usize::from(UNREACHED)], 0);
            println!(
                "{:?}: {}, largest value {largest}",
                group.space().tiles(),
                group.status()
            );
        }
        println!(
            "{}: {:.1} s",
            partition.name(),
            started.elapsed().as_secs_f64()
        );
    }
}

#[test]
#[ignore = "needs the 7-8 tables (built once into the cache): run in release"]
fn korf100_with_7_8_and_reflection() {
    let dir = std::env::var_os("PDB_CACHE_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/pdb-cache"),
        PathBuf::from,
    );
    let partition = Partition::<4, 4>::new(FIFTEEN_7_8).unwrap();
    let database = PatternDatabase::load_or_build(&partition, &dir, |_| {})
        .unwrap()
        .with_reflection()
        .unwrap();
    let instances = korf100();
    assert_eq!(instances.len(), 100);
    let started = Instant::now();
    let mut generated = 0;
    let mut ida = frontier::IdaStar::new();
    for instance in &instances {
        let board = instance.board;
        let result = ida.search(&Puzzle::new(board, &database));
        generated += result.stats.generated;
        let solution = result.into_solution().unwrap();
        assert_eq!(Some(solution.len()), instance.length, "{instance:?}");
        board.verify_solution(&solution.actions).unwrap();
    }
    println!(
        "korf100: {generated} nodes generated ({} per instance) in {:.2} s",
        generated / 100,
        started.elapsed().as_secs_f64()
    );
}

/// Two partitions of the 3x3 tiles, neither the other or its reflection
/// (`[[1, 2, 4, 7], [3, 5, 6, 8]]` would be the first's reflection).
const TWO_PARTITIONS: [&[&[u8]]; 2] = [
    &[&[1, 2, 3, 4], &[5, 6, 7, 8]],
    &[&[1, 2, 3, 6], &[4, 5, 7, 8]],
];

#[test]
fn the_larger_of_two_partitions_is_admissible_on_every_board() {
    let distances = exact_distances::<3, 3>();
    let boards = reachable::<3, 3>(&distances);
    let open = |groups: &[&[u8]], dual: bool| {
        let partition = Partition::<3, 3>::new(groups.iter().copied()).unwrap();
        let database = PatternDatabase::build(&partition, |_| {})
            .unwrap()
            .with_reflection()
            .unwrap();
        if dual {
            database.with_dual(None, |_| {}).unwrap()
        } else {
            database
        }
    };
    for dual in [false, true] {
        let (first, second) = (open(TWO_PARTITIONS[0], dual), open(TWO_PARTITIONS[1], dual));
        let max = Max::new(&first, &second);
        assert_eq!(max.estimate(&Board::goal()), 0);
        assert!(!max.is_consistent());
        let (mut above_first, mut above_second) = (0, 0);
        for (i, &(board, distance)) in boards.iter().enumerate() {
            let (a, b) = (first.estimate(&board), second.estimate(&board));
            let h = max.estimate(&board);
            assert_eq!(h, a.max(b), "{board:?}");
            assert!(h <= distance, "h = {h} > {distance} on {board:?}");
            above_first += usize::from(h > a);
            above_second += usize::from(h > b);
            // The contract of `refine` for every bound, on a sample.
            let quick = max.quick_estimate(&board);
            assert_eq!(quick, first.quick_estimate(&board));
            if i % 31 != 0 {
                continue;
            }
            for enough in 0..=32 {
                let refined = max.refine(&board, quick, enough);
                if h <= enough {
                    assert_eq!(refined, h, "{board:?} {enough}");
                } else {
                    assert!(refined > enough && refined <= h, "{board:?} {enough}");
                }
            }
        }
        // Neither partition dominates the other.
        assert!(
            above_first > boards.len() / 50,
            "dual {dual}: {above_first}"
        );
        assert!(
            above_second > boards.len() / 50,
            "dual {dual}: {above_second}"
        );
        // IDA* (by value and in place, plain and with BPMX) stays optimal,
        // every solution replayed, and generates fewer nodes than with the
        // first partition alone.
        let (mut both, mut alone) = (0, 0);
        for &(board, distance) in boards.iter().step_by(97) {
            let puzzle = Puzzle::new(board, max);
            let results = [
                frontier::idastar(&puzzle),
                frontier::IdaStar::new().search_in_place(&puzzle),
                frontier::IdaStar::new().bpmx().search(&puzzle),
            ];
            both += results[0].stats.generated;
            for result in results {
                let solution = result.into_solution().unwrap();
                assert_eq!(solution.len(), usize::from(distance), "{board:?}");
                board.verify_solution(&solution.actions).unwrap();
            }
            alone += frontier::idastar(&Puzzle::new(board, &first))
                .stats
                .generated;
        }
        assert!(both < alone, "dual {dual}: {both} against {alone}");
    }
}

#[test]
fn fifteen_partitions_maxed_are_admissible_on_random_walks() {
    let open = |groups: [&[u8]; 3]| {
        PatternDatabase::build(&Partition::<4, 4>::new(groups).unwrap(), |_| {})
            .unwrap()
            .with_reflection()
            .unwrap()
    };
    let first = open([&[1, 2, 5], &[3, 4, 8], &[13, 14, 15]]);
    let second = open([&[5, 6, 9], &[7, 8, 12], &[1, 2, 3]]);
    let max = Max::new(&first, &second);
    for seed in 0..20 {
        let board = Fifteen::random_walk(seed, 24);
        let length = frontier::idastar(&Puzzle::new(board, Manhattan))
            .into_solution()
            .unwrap()
            .len();
        let h = max.estimate(&board);
        assert_eq!(h, first.estimate(&board).max(second.estimate(&board)));
        assert!(usize::from(h) <= length, "seed {seed}: h = {h} > {length}");
        let solution = frontier::IdaStar::new()
            .search_in_place(&Puzzle::new(board, max))
            .into_solution()
            .unwrap();
        assert_eq!(solution.len(), length, "seed {seed}");
        board.verify_solution(&solution.actions).unwrap();
    }
}

#[test]
fn the_further_7_8_partitions_differ_from_each_other_and_their_reflections() {
    // A partition as the set of its groups, each group as a tile mask;
    // its reflection as the same of the reflected groups.
    let mask = |group: &[u8]| group.iter().fold(0u32, |m, &t| m | 1 << t);
    let mirror = |tile: u8| {
        let cell = tile - 1;
        (cell % 4) * 4 + cell / 4 + 1
    };
    let shapes = |groups: &[&[u8]]| {
        let mut regular: Vec<u32> = groups.iter().map(|g| mask(g)).collect();
        let mut reflected: Vec<u32> = groups
            .iter()
            .map(|g| mask(&g.iter().map(|&t| mirror(t)).collect::<Vec<_>>()))
            .collect();
        regular.sort_unstable();
        reflected.sort_unstable();
        (regular, reflected)
    };
    let mut seen = vec![shapes(&FIFTEEN_7_8)];
    for groups in FIFTEEN_7_8_MORE {
        let partition = Partition::<4, 4>::new(groups).unwrap();
        assert_eq!(partition.name(), "7-8");
        let (regular, reflected) = shapes(&groups);
        assert_ne!(regular, reflected, "{groups:?} reflects to itself");
        for (other, other_reflected) in &seen {
            assert!(
                regular != *other && regular != *other_reflected,
                "{groups:?}"
            );
            assert!(reflected != *other, "{groups:?}");
        }
        seen.push((regular, reflected));
    }
}
