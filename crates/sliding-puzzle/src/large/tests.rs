//! Tests of the large board against the four-bit one, shape by shape, and
//! of the 5x5 board on its own.

use super::LargeHeuristic;
use crate::heuristic::linear_conflict::large_conflicts;
use crate::{Board, Heuristic, LinearConflict, Manhattan, Misplaced, Move, ParseError};
use crate::{LargeBoard, Twentyfour};

/// A large board and a four-bit board of the same shape agree on every
/// observable: text, solvability, random boards, moves and estimates.
fn agree<const W: usize, const H: usize>(seeds: u64) {
    for seed in 0..seeds {
        let small = Board::<W, H>::random_solvable(seed);
        let large = LargeBoard::<W, H>::random_solvable(seed);
        assert_eq!(large.to_line(), small.to_line());
        assert_eq!(large.to_string(), small.to_string());
        assert_eq!(
            format!("{large:?}"),
            format!("{small:?}").replace("Board", "LargeBoard")
        );
        assert_eq!(large.is_solvable(), small.is_solvable());
        assert_eq!(large.inversions(), small.inversions());
        assert_eq!(large.cells_of_tiles()[..16], small.cells_of_tiles());
        assert_eq!(large.dual().to_line(), small.dual().to_line());
        let walk = LargeBoard::<W, H>::random_walk(seed, 40);
        assert_eq!(
            walk.to_line(),
            Board::<W, H>::random_walk(seed, 40).to_line()
        );
        // An unsolvable board: two tiles swapped.
        let mut tiles: Vec<u8> = small.tiles().collect();
        let (a, b) = (
            tiles.iter().position(|&t| t == 1).unwrap(),
            tiles.iter().position(|&t| t == 2).unwrap(),
        );
        tiles.swap(a, b);
        let swapped = LargeBoard::<W, H>::from_tiles(&tiles).unwrap();
        assert_eq!(
            swapped.is_solvable(),
            Board::<W, H>::from_tiles(&tiles).unwrap().is_solvable()
        );
        assert_eq!(
            LargeHeuristic::estimate(&Manhattan, &large),
            Heuristic::estimate(&Manhattan, &small)
        );
        assert_eq!(
            LargeHeuristic::estimate(&LinearConflict, &large),
            Heuristic::estimate(&LinearConflict, &small)
        );
        assert_eq!(
            LargeHeuristic::estimate(&Misplaced, &large),
            Heuristic::estimate(&Misplaced, &small)
        );
        for m in Move::ALL {
            let moved = large.apply_with_slide(m);
            let expected = small.apply_with_slide(m);
            assert_eq!(
                moved.map(|(b, s)| (b.to_line(), s)),
                expected.map(|(b, s)| (b.to_line(), s))
            );
            if let Some((after, slide)) = moved {
                let before = LargeHeuristic::estimate(&LinearConflict, &large);
                assert_eq!(
                    LargeHeuristic::update(&LinearConflict, &after, before, slide),
                    LargeHeuristic::estimate(&LinearConflict, &after)
                );
            }
        }
        assert_eq!(
            large.legal_moves().collect::<Vec<_>>(),
            small.legal_moves().collect::<Vec<_>>()
        );
    }
}

#[test]
fn every_small_shape_agrees_with_the_four_bit_board() {
    agree::<3, 3>(200);
    agree::<4, 4>(200);
    agree::<2, 5>(100);
    agree::<5, 2>(100);
    agree::<2, 8>(100);
    agree::<8, 2>(100);
}

#[test]
fn the_goal_and_its_text() {
    let goal = Twentyfour::goal();
    assert!(goal.is_goal());
    assert_eq!(goal.blank(), 24);
    assert_eq!(
        goal.tiles().collect::<Vec<_>>(),
        (1..25).chain([0]).collect::<Vec<u8>>()
    );
    assert_eq!(
        goal.to_string(),
        " 1  2  3  4  5\n 6  7  8  9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 23 24  x"
    );
    assert_eq!(goal.to_string().parse::<Twentyfour>(), Ok(goal));
    assert_eq!(goal.to_line().parse::<Twentyfour>(), Ok(goal));
    assert_eq!(goal.cell_of(24), Some(23));
    assert_eq!(goal.cell_of(25), None);
    assert_eq!(LargeBoard::<5, 4>::goal().tile(19), 0);
}

#[test]
fn parse_errors_name_the_token_and_the_position() {
    let goal = Twentyfour::goal().to_line();
    let with = |position: usize, token: &str| {
        let mut tokens: Vec<&str> = goal.split(' ').collect();
        tokens[position] = token;
        tokens.join(" ")
    };
    assert_eq!(
        with(7, "y").parse::<Twentyfour>(),
        Err(ParseError::UnreadableToken {
            token: "y".into(),
            position: 7
        })
    );
    assert_eq!(
        with(3, "25").parse::<Twentyfour>(),
        Err(ParseError::TileOutOfRange {
            tile: 25,
            position: 3,
            max: 24
        })
    );
    assert_eq!(
        with(3, "99999999999").parse::<Twentyfour>(),
        Err(ParseError::TileOutOfRange {
            tile: 99_999_999_999,
            position: 3,
            max: 24
        })
    );
    assert_eq!(
        with(10, "3").parse::<Twentyfour>(),
        Err(ParseError::RepeatedTile {
            tile: 3,
            first: 2,
            second: 10
        })
    );
    assert_eq!(
        with(24, "24").parse::<Twentyfour>(),
        Err(ParseError::MissingBlank)
    );
    assert_eq!(
        "1 2 3 x".parse::<Twentyfour>(),
        Err(ParseError::WrongTileCount {
            expected: 25,
            found: 4
        })
    );
    assert_eq!(
        Board::<4, 4>::goal().to_line().parse::<Twentyfour>(),
        Err(ParseError::WrongTileCount {
            expected: 25,
            found: 16
        })
    );
    assert_eq!(
        "".parse::<Twentyfour>(),
        Err(ParseError::WrongTileCount {
            expected: 25,
            found: 0
        })
    );
    // Boards of at most 10 cells read the compact form, as `Board` does.
    assert_eq!(
        "23415x768".parse::<LargeBoard<3, 3>>().map(|b| b.to_line()),
        Ok("2 3 4 1 5 x 7 6 8".to_owned())
    );
}

#[test]
fn moves_and_their_errors() {
    let goal = Twentyfour::goal();
    assert_eq!(goal.apply(Move::Down), None);
    assert_eq!(goal.apply(Move::Right), None);
    let up = goal.apply(Move::Up).unwrap();
    assert_eq!((up.blank(), up.tile(24)), (19, 20));
    assert_eq!(up.apply(Move::Down), Some(goal));
    assert_eq!(
        goal.apply_moves("uuuuu"),
        Err(crate::MoveError::OffBoard {
            direction: Move::Up,
            position: 4
        })
    );
    assert_eq!(
        goal.apply_moves("uq"),
        Err(crate::MoveError::UnknownMove {
            character: 'q',
            position: 1
        })
    );
    let far = goal.apply_moves("uuuullll").unwrap();
    assert_eq!(far.blank(), 0);
    assert_eq!(far.verify_solution("rrrrdddd"), Ok(()));
    assert!(far.verify_solution("rrrrddd").is_err());
}

#[test]
fn solvability_follows_inversion_parity() {
    // 5 is odd: solvable iff the inversions are even, wherever the blank is.
    for seed in 0..300 {
        let board = Twentyfour::random_solvable(seed);
        assert!(board.is_solvable());
        assert_eq!(board.inversions() % 2, 0);
        let walk = Twentyfour::random_walk(seed, 101);
        assert!(walk.is_solvable());
        // Swapping two tiles flips the parity.
        let mut tiles: Vec<u8> = walk.tiles().collect();
        let a = tiles.iter().position(|&t| t == 5).unwrap();
        let b = tiles.iter().position(|&t| t == 17).unwrap();
        tiles.swap(a, b);
        assert!(!Twentyfour::from_tiles(&tiles).unwrap().is_solvable());
    }
    let reversed: Vec<u8> = (1..25).rev().chain([0]).collect();
    let board = Twentyfour::from_tiles(&reversed).unwrap();
    assert_eq!(board.inversions(), 24 * 23 / 2);
    assert!(board.is_solvable()); // 276 is even
    // Even width: 4x5 and 5x4 follow the blank's row.
    for seed in 0..100 {
        assert!(LargeBoard::<4, 5>::random_solvable(seed).is_solvable());
        assert!(LargeBoard::<6, 3>::random_walk(seed, 50).is_solvable());
        assert!(LargeBoard::<1, 20>::random_solvable(seed).is_solvable());
    }
}

/// Conflicts by brute force: each line's removals from the longest
/// increasing subsequence, found by trying every subset.
fn direct_conflicts<const W: usize, const H: usize>(board: &LargeBoard<W, H>) -> u8 {
    let h = LargeBoard::<W, H>::CELLS / W;
    let mut lines: Vec<Vec<usize>> = Vec::new();
    for row in 0..h {
        lines.push(
            (0..W)
                .map(|col| usize::from(board.tile(row * W + col)))
                .filter(|&t| t != 0 && (t - 1) / W == row)
                .map(|t| (t - 1) % W)
                .collect(),
        );
    }
    for col in 0..W {
        lines.push(
            (0..h)
                .map(|row| usize::from(board.tile(row * W + col)))
                .filter(|&t| t != 0 && (t - 1) % W == col)
                .map(|t| (t - 1) / W)
                .collect(),
        );
    }
    let mut total = 0;
    for line in lines {
        let n = line.len();
        let mut best = 0;
        for subset in 0u32..1 << n {
            let kept: Vec<usize> = (0..n)
                .filter(|i| subset & (1 << i) != 0)
                .map(|i| line[i])
                .collect();
            if kept.windows(2).all(|w| w[0] < w[1]) {
                best = best.max(kept.len());
            }
        }
        total += n - best;
    }
    u8::try_from(total).unwrap()
}

/// Along a random walk, updates equal fresh estimates.
fn walk<const W: usize, const H: usize>(seed: u64) {
    let mut rng = crate::SplitMix64::new(seed);
    let mut board = LargeBoard::<W, H>::random_solvable(seed);
    let mut lc = LargeHeuristic::estimate(&LinearConflict, &board);
    let mut md = LargeHeuristic::estimate(&Manhattan, &board);
    for _ in 0..200 {
        let moves: Vec<Move> = board.legal_moves().collect();
        let (after, slide) = board
            .apply_with_slide(moves[rng.below(moves.len())])
            .unwrap();
        lc = LargeHeuristic::update(&LinearConflict, &after, lc, slide);
        md = LargeHeuristic::update(&Manhattan, &after, md, slide);
        assert_eq!(lc, LargeHeuristic::estimate(&LinearConflict, &after));
        assert_eq!(md, LargeHeuristic::estimate(&Manhattan, &after));
        assert!(lc >= md);
        board = after;
    }
}

#[test]
fn linear_conflict_on_5x5_matches_brute_force_and_updates() {
    for seed in 0..300 {
        let board = Twentyfour::random_solvable(seed);
        assert_eq!(large_conflicts(&board), direct_conflicts(&board));
        let tall = LargeBoard::<3, 7>::random_solvable(seed);
        assert_eq!(large_conflicts(&tall), direct_conflicts(&tall));
        let wide = LargeBoard::<9, 2>::random_solvable(seed);
        assert_eq!(large_conflicts(&wide), direct_conflicts(&wide));
    }
    for seed in 0..20 {
        walk::<5, 5>(seed);
        walk::<3, 7>(seed);
        walk::<9, 2>(seed);
        walk::<2, 12>(seed);
    }
}

#[test]
fn the_dual_of_the_dual_is_the_board() {
    for seed in 0..100 {
        let board = Twentyfour::random_solvable(seed);
        assert_eq!(board.dual().dual(), board);
        let cells = board.cells_of_dual_tiles();
        let dual = board.dual();
        for tile in 0..25u8 {
            assert_eq!(
                usize::from(cells[usize::from(tile)]),
                dual.cell_of(tile).unwrap()
            );
        }
    }
}
