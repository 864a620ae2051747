//! Reading boards and moves: accepted forms, the exact error for each kind
//! of bad input, and property tests that no input makes parsing panic.

use proptest::prelude::*;
use sliding_puzzle::instances::{instances, parse_instances};
use sliding_puzzle::{AnyBoard, Board, Eight, Fifteen, Move, MoveError, ParseError, parse_moves};

fn eight(text: &str) -> Result<Eight, ParseError> {
    text.parse()
}

#[test]
fn accepted_forms() {
    let expected = Eight::from_tiles(&[2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
    for text in [
        "2 3 4 1 5 x 7 6 8",
        "2 3 4 1 5 0 7 6 8",
        "2 3 4 1 5 X 7 6 8",
        "23415x768",
        "234150768",
        "  23415x768\n",
        "2 3 4\n1 5 x\n7 6 8\n",
        "\t2  3\t4 \r\n 1 5 x 7\u{a0}6 8",
        "02 03 04 01 05 00 07 06 08",
    ] {
        assert_eq!(eight(text), Ok(expected), "{text:?}");
    }
    assert_eq!(expected.to_line(), "2 3 4 1 5 x 7 6 8");
    assert_eq!(expected.to_string(), "2 3 4\n1 5 x\n7 6 8");

    let fifteen: Fifteen = "1 2 3 4 5 6 7 8 9 10 11 12 13 x 14 15".parse().unwrap();
    assert_eq!(fifteen.blank(), 13);
    assert_eq!(fifteen.tile(15), 15);
    assert_eq!(fifteen.to_line(), "1 2 3 4 5 6 7 8 9 10 11 12 13 x 14 15");

    let small: Board<2, 3> = "1x2345".parse().unwrap();
    assert_eq!(small.to_line(), "1 x 2 3 4 5");
}

#[test]
fn wrong_tile_counts() {
    let wrong = |expected, found| Err::<Eight, _>(ParseError::WrongTileCount { expected, found });
    assert_eq!(eight(""), wrong(9, 0));
    assert_eq!(eight("  \n\t "), wrong(9, 0));
    assert_eq!(eight("1 2 3 4 5 6 7 8"), wrong(9, 8));
    assert_eq!(eight("1 2 3 4 5 6 7 8 x 9"), wrong(9, 10));
    assert_eq!(eight("12345678"), wrong(9, 8));
    assert_eq!(eight("12345678x0"), wrong(9, 10));
    assert_eq!(eight("5"), wrong(9, 1));
    // No compact form above 10 cells: one token is one tile.
    assert_eq!(
        "123456789abcdef0".parse::<Fifteen>(),
        Err(ParseError::UnreadableToken {
            token: "123456789abcdef0".into(),
            position: 0
        })
    );
    assert_eq!(
        "1234".parse::<Fifteen>(),
        Err(ParseError::WrongTileCount {
            expected: 16,
            found: 1
        })
    );
    assert_eq!(
        eight("1 2 3").unwrap_err().to_string(),
        "expected 9 tiles, found 3"
    );
}

#[test]
fn missing_blank_comes_before_ranges() {
    assert_eq!(eight("1 2 3 4 5 6 7 8 9"), Err(ParseError::MissingBlank));
    assert_eq!(eight("1 2 3 4 5 6 7 8 8"), Err(ParseError::MissingBlank));
    assert_eq!(
        ParseError::MissingBlank.to_string(),
        "missing blank (write it as x or 0)"
    );
}

#[test]
fn tiles_out_of_range() {
    assert_eq!(
        eight("1 2 3 4 5 6 7 9 x"),
        Err(ParseError::TileOutOfRange {
            tile: 9,
            position: 7,
            max: 8
        })
    );
    assert_eq!(
        eight("1 2 3 4 300 6 7 8 x"),
        Err(ParseError::TileOutOfRange {
            tile: 300,
            position: 4,
            max: 8
        })
    );
    assert_eq!(
        eight("1234567x9"),
        Err(ParseError::TileOutOfRange {
            tile: 9,
            position: 8,
            max: 8
        })
    );
    assert_eq!(
        Eight::from_tiles(&[255, 1, 2, 3, 4, 5, 6, 7, 0]),
        Err(ParseError::TileOutOfRange {
            tile: 255,
            position: 0,
            max: 8
        })
    );
    assert_eq!(
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 16 x"
            .parse::<Fifteen>()
            .unwrap_err()
            .to_string(),
        "tile 16 at position 14 is out of range (max 15)"
    );
}

#[test]
fn repeated_tiles() {
    assert_eq!(
        eight("1 2 3 4 5 6 7 7 x"),
        Err(ParseError::RepeatedTile {
            tile: 7,
            first: 6,
            second: 7
        })
    );
    assert_eq!(
        eight("x 2 3 4 5 6 7 8 0"),
        Err(ParseError::RepeatedTile {
            tile: 0,
            first: 0,
            second: 8
        })
    );
    assert_eq!(
        eight("1 1 3 4 5 6 7 8 x").unwrap_err().to_string(),
        "tile 1 appears twice, at positions 0 and 1"
    );
}

#[test]
fn unreadable_tokens() {
    let unreadable = |token: &str, position| {
        Err(ParseError::UnreadableToken {
            token: token.into(),
            position,
        })
    };
    assert_eq!(eight("1 2 3 4 y 6 7 8 x"), unreadable("y", 4));
    assert_eq!(eight("1 2 3 4 -5 6 7 8 x"), unreadable("-5", 4));
    assert_eq!(eight("1 2 3 4 +5 6 7 8 x"), unreadable("+5", 4));
    assert_eq!(eight("1 2 3 4 5.0 6 7 8 x"), unreadable("5.0", 4));
    // One token: read in the compact form, where the comma is unreadable.
    assert_eq!(eight("1,2,3,4,5,6,7,8,x"), unreadable(",", 1));
    assert_eq!(
        eight("99999999999999999999999 2 3 4 5 6 7 8 x"),
        unreadable("99999999999999999999999", 0)
    );
    assert_eq!(eight("12345678é"), unreadable("é", 8));
    // Unreadable tokens are reported before the count.
    assert_eq!(eight("1 2 what"), unreadable("what", 2));
    assert_eq!(
        eight("1 2 ✓").unwrap_err().to_string(),
        "unreadable token \"✓\" at position 2"
    );
}

#[test]
fn any_board_infers_the_size() {
    assert!(matches!(
        "2 3 4 1 5 x 7 6 8".parse(),
        Ok(AnyBoard::Eight(_))
    ));
    assert!(matches!("23415x768".parse(), Ok(AnyBoard::Eight(_))));
    assert!(matches!(
        "1 2 3 4 5 6 7 8 9 10 11 12 13 x 14 15".parse(),
        Ok(AnyBoard::Fifteen(_))
    ));
    assert_eq!(
        "".parse::<AnyBoard>(),
        Err(ParseError::UnknownSize { found: 0 })
    );
    assert_eq!(
        "1 2 3 x".parse::<AnyBoard>(),
        Err(ParseError::UnknownSize { found: 4 })
    );
    assert_eq!(
        "12345678".parse::<AnyBoard>(),
        Err(ParseError::WrongTileCount {
            expected: 9,
            found: 8
        })
    );
    assert_eq!(
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 15".parse::<AnyBoard>(),
        Err(ParseError::MissingBlank)
    );
    assert_eq!(
        "1 2 3".parse::<AnyBoard>().unwrap_err().to_string(),
        "cannot tell the board size from 3 tiles (expected 9 or 16)"
    );
    let board: AnyBoard = "2 3 4 1 5 x 7 6 8".parse().unwrap();
    assert_eq!(board.to_line(), "2 3 4 1 5 x 7 6 8");
    assert_eq!(board.to_string().parse::<AnyBoard>(), Ok(board));
    assert_eq!(
        AnyBoard::from(Fifteen::goal()).to_line().parse(),
        Ok(AnyBoard::Fifteen(Fifteen::goal()))
    );
}

#[test]
fn move_strings() {
    let board: Eight = "2 3 4 1 5 x 7 6 8".parse().unwrap();
    assert_eq!(board.verify_solution("ullddrurdllurdruldr"), Ok(()));
    assert_eq!(board.verify_solution("ullddrurdl lurdruldr"), Ok(()));
    assert_eq!(
        board.verify_solution("ullddrurdllurdruldrX"),
        Err(MoveError::UnknownMove {
            character: 'X',
            position: 19
        })
    );
    assert_eq!(
        board.verify_solution("r"),
        Err(MoveError::OffBoard {
            direction: Move::Right,
            position: 0
        })
    );
    assert_eq!(
        board.verify_solution("ud"),
        Err(MoveError::GoalNotReached {
            moves: 2,
            end: board.to_line()
        })
    );
    assert_eq!(
        board.verify_solution("").unwrap_err().to_string(),
        "the 0 moves end at 2 3 4 1 5 x 7 6 8, not at the goal"
    );
    assert_eq!(
        parse_moves("ulQ").unwrap_err().to_string(),
        "unknown move 'Q' at position 2 (expected u, d, l or r)"
    );
    let moves = parse_moves("ullddrurdllurdruldr").unwrap();
    assert_eq!(board.verify_solution(&moves), Ok(()));
    assert_eq!(board.verify_solution(moves.as_slice()), Ok(()));
}

/// Tokens that look like board input, to reach past the first check.
fn board_like() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("x".to_owned()),
        Just("0".to_owned()),
        (0u32..20).prop_map(|n| n.to_string()),
        "[0-9x]{1,3}",
        "\\PC{1,2}",
    ];
    let separator = prop_oneof![Just(" "), Just("\n"), Just("\t"), Just("  ")];
    prop::collection::vec((token, separator), 0..20).prop_map(|parts| {
        parts
            .into_iter()
            .map(|(token, separator)| token + separator)
            .collect()
    })
}

/// Parses `text` every way, checking that whatever reads back round-trips.
fn parse_everything(text: &str) -> Result<(), TestCaseError> {
    if let Ok(board) = text.parse::<Eight>() {
        prop_assert_eq!(board.to_line().parse::<Eight>(), Ok(board));
    }
    if let Ok(board) = text.parse::<Fifteen>() {
        prop_assert_eq!(board.to_string().parse::<Fifteen>(), Ok(board));
    }
    if let Ok(board) = text.parse::<AnyBoard>() {
        prop_assert_eq!(board.to_line().parse::<AnyBoard>(), Ok(board));
    }
    let _ = text.parse::<Board<2, 3>>();
    let _ = text.parse::<Board<1, 2>>();
    let _ = text.parse::<Board<2, 8>>();
    for instance in instances::<3, 3>(text) {
        match instance {
            Ok(instance) => prop_assert!(text.lines().nth(instance.line - 1).is_some()),
            Err(err) => prop_assert!(err.line() >= 1),
        }
    }
    let _ = parse_instances::<2, 2>(text);
    let _ = parse_instances::<4, 4>(text);
    let _ = parse_moves(text);
    let _ = Eight::goal().apply_moves(text);
    let _ = Fifteen::goal().verify_solution(text);
    Ok(())
}

proptest! {
    #[test]
    fn arbitrary_strings_never_panic(text in "\\PC*") {
        parse_everything(&text)?;
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        parse_everything(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn board_like_strings_never_panic(text in board_like()) {
        parse_everything(&text)?;
    }

    #[test]
    fn random_boards_round_trip(seed: u64) {
        let board = Eight::random_solvable(seed);
        prop_assert_eq!(eight(&board.to_line()), Ok(board));
        prop_assert_eq!(eight(&board.to_string()), Ok(board));
        let compact: String = board.to_line().split(' ').collect();
        prop_assert_eq!(eight(&compact), Ok(board));
    }
}
