//! Fuzzes the `eight` reader (`sliding_puzzle::stream::Boards`) on
//! arbitrary bytes. The first byte picks the board size and a read buffer
//! of 1 to 16 bytes, which splits characters and tokens between reads. No
//! input may panic; the boards do not depend on the buffer's size; boards
//! come in line order; a board read back from its line is the same board;
//! error messages stay short.

#![no_main]

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use sliding_puzzle::AnyBoard;
use sliding_puzzle::stream::{BoardInput, Boards, SizeMode};

/// The longest message an error may have (see `board_parser`).
const LONGEST_MESSAGE: usize = 512;

fuzz_target!(|data: &[u8]| {
    let Some((&settings, input)) = data.split_first() else {
        return;
    };
    let size = match settings % 3 {
        0 => SizeMode::Auto,
        1 => SizeMode::Three,
        _ => SizeMode::Four,
    };
    let capacity = 1 + usize::from(settings / 3 % 16);
    let small = read(BufReader::with_capacity(capacity, input), size);
    let whole = read(input, size);
    assert_eq!(small, whole);

    let lines = 1 + input.iter().filter(|&&b| b == b'\n').count();
    let mut last = 1;
    for item in &whole {
        assert!(last <= item.lines.first && item.lines.first <= item.lines.last);
        assert!(item.lines.last <= lines);
        last = item.lines.last;
        match &item.board {
            Ok(board) => assert_eq!(board.to_line().parse::<AnyBoard>(), Ok(*board)),
            Err(err) => {
                let message = err.to_string();
                assert!(message.len() <= LONGEST_MESSAGE, "{message}");
            }
        }
    }
});

/// Every board of `input`.
fn read(input: impl std::io::BufRead, size: SizeMode) -> Vec<BoardInput> {
    Boards::new(input, size)
        .map(|item| item.expect("reading from memory cannot fail"))
        .collect()
}
