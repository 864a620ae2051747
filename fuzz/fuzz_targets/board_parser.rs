//! Fuzzes the board parser: `FromStr` for boards of three shapes and for
//! `AnyBoard`. No input may panic; a board read back from its own printed
//! forms is the same board; an error message stays short whatever the
//! input (bad tokens are cut to a `TokenExcerpt`).

#![no_main]

use libfuzzer_sys::fuzz_target;
use sliding_puzzle::{AnyBoard, Board, ParseError};

/// The longest message an error may have: 32 characters of a token, each
/// escaped in at most 10, and the words around them.
const LONGEST_MESSAGE: usize = 512;

fuzz_target!(|text: &str| {
    shape::<3, 3>(text);
    shape::<4, 4>(text);
    shape::<2, 3>(text);
    match text.parse::<AnyBoard>() {
        Ok(board) => {
            assert_eq!(board.to_line().parse::<AnyBoard>(), Ok(board));
            assert_eq!(board.to_string().parse::<AnyBoard>(), Ok(board));
        }
        Err(err) => short(&err),
    }
});

/// Parses `text` as a `W`x`H` board and checks the result.
fn shape<const W: usize, const H: usize>(text: &str) {
    match text.parse::<Board<W, H>>() {
        Ok(board) => {
            assert_eq!(board.to_line().parse::<Board<W, H>>(), Ok(board));
            assert_eq!(board.to_string().parse::<Board<W, H>>(), Ok(board));
        }
        Err(err) => short(&err),
    }
}

/// Asserts that `err`'s message is short.
fn short(err: &ParseError) {
    let message = err.to_string();
    assert!(
        message.len() <= LONGEST_MESSAGE,
        "{} bytes: {message}",
        message.len()
    );
}
