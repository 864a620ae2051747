//! The reader's rules on small inputs; its streaming (an endless input is
//! answered board by board); and a differential test against the reader it
//! replaced, which split the whole input into lines and tokens first.

use std::io::{BufReader, Read};

use crate::{Eight, Fifteen, SplitMix64};

use super::*;

fn read(input: &str, size: SizeMode) -> Vec<Result<String, String>> {
    Boards::new(input.as_bytes(), size)
        .map(|b| {
            let b = b.expect("reading from memory");
            b.board
                .map(|b| b.to_line())
                .map_err(|e| format!("{}: {e}", b.lines))
        })
        .collect()
}

#[test]
fn judge_streams() {
    let sample = "2 3 4 1 5 x 7 6 8";
    assert_eq!(read(sample, SizeMode::Auto), [Ok(sample.to_owned())]);
    assert_eq!(
        read("2 3 4\n1 5 x\n7 6 8\n", SizeMode::Auto),
        [Ok(sample.to_owned())]
    );
    assert_eq!(
        read("2 3 4 1\n5 x 7 6 8 2 3 4 1 5 x 7 6 8", SizeMode::Three).len(),
        2
    );
    assert!(read("", SizeMode::Auto).is_empty());
    assert!(read(" \n\t\n", SizeMode::Auto).is_empty());
}

#[test]
fn sizes() {
    let fifteen = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x";
    assert_eq!(read(fifteen, SizeMode::Auto), [Ok(fifteen.to_owned())]);
    assert_eq!(read(fifteen, SizeMode::Four), [Ok(fifteen.to_owned())]);
    // Read as 3x3, the same 16 tokens are a bad board and an incomplete one.
    let three = read(fifteen, SizeMode::Three);
    assert_eq!(three.len(), 2);
    assert!(three[0].as_ref().unwrap_err().contains("missing blank"));
    assert_eq!(
        three[1],
        Err(
            "line 1: incomplete board at the end of the input: expected 9 tiles, found 7"
                .to_owned()
        )
    );
}

#[test]
fn bad_tokens_skip_their_line() {
    let input = "1 2 3 4 y 6 7 8 x 1 2 3\n2 3 4 1 5 x 7 6 8\n1 1 3 4 5 6 7 8 x 8 7 6 5 4 3 2 1 x";
    let boards = read(input, SizeMode::Auto);
    assert_eq!(boards.len(), 4);
    assert_eq!(
        boards[0],
        Err("line 1: unreadable token \"y\" (expected a tile number or x); skipping the rest of line 1".to_owned())
    );
    assert_eq!(boards[1], Ok("2 3 4 1 5 x 7 6 8".to_owned()));
    assert_eq!(
        boards[2],
        Err("line 3: tile 1 appears twice, at positions 0 and 1".to_owned())
    );
    assert_eq!(boards[3], Ok("8 7 6 5 4 3 2 1 x".to_owned()));
}

/// An endless input of boards, counting the bytes handed out.
struct Endless {
    sent: usize,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        const BOARD: &[u8] = b"2 3 4 1 5 x 7 6 8 ";
        for (i, byte) in buf.iter_mut().enumerate() {
            *byte = BOARD[(self.sent + i) % BOARD.len()];
        }
        self.sent += buf.len();
        Ok(buf.len())
    }
}

#[test]
fn boards_come_before_the_input_ends() {
    let mut input = Endless { sent: 0 };
    let mut boards = Boards::new(BufReader::with_capacity(256, &mut input), SizeMode::Auto);
    for _ in 0..1000 {
        let board = boards.next().expect("a board").expect("no I/O error");
        assert_eq!(board.board.unwrap().to_line(), "2 3 4 1 5 x 7 6 8");
    }
    drop(boards);
    // 1000 boards of 18 bytes, plus at most one buffer read ahead.
    assert!(input.sent <= 18 * 1000 + 256, "{} bytes read", input.sent);
}

#[test]
fn long_tokens_are_cut_and_invalid_utf8_is_a_bad_token() {
    let long = format!("{} 1 2 3 4 5 6 7 8 x\n", "z".repeat(100_000));
    let boards = read(&long, SizeMode::Auto);
    assert_eq!(
        boards,
        [Err(format!(
            "line 1: unreadable token \"{}\"… of 100000 bytes (expected a tile number or x); skipping the rest of line 1",
            "z".repeat(32)
        ))]
    );
    let huge = format!("1{} 2 3 4 5 6 7 8 x", "0".repeat(100));
    assert_eq!(
        read(&huge, SizeMode::Auto),
        [Err(format!(
            "line 1: unreadable token \"1{}\"… of 101 bytes at position 0",
            "0".repeat(31)
        ))]
    );
    // Leading zeros are no reason to cut a number short.
    let zeros = format!("{}2 3 4 1 5 x 7 6 8", "0".repeat(100));
    assert_eq!(
        read(&zeros, SizeMode::Auto),
        [Ok("2 3 4 1 5 x 7 6 8".to_owned())]
    );

    let invalid = b"1 2 \xff\xfe 4\n2 3 4 1 5 x 7 6 8\n";
    let boards: Vec<_> = Boards::new(&invalid[..], SizeMode::Auto)
        .map(|item| item.unwrap().board.map_err(|err| err.to_string()))
        .collect();
    assert_eq!(boards.len(), 2);
    assert_eq!(
        boards[0],
        Err("unreadable token \"\u{fffd}\u{fffd}\" (expected a tile number or x); skipping the rest of line 1".to_owned())
    );
}

/// A reader that fails after `bytes`.
struct Failing<'a> {
    bytes: &'a [u8],
}

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.bytes.is_empty() {
            return Err(io::Error::other("the disk is on fire"));
        }
        let n = self.bytes.read(buf)?;
        Ok(n)
    }
}

#[test]
fn an_io_error_ends_the_boards() {
    let input = Failing {
        bytes: b"2 3 4 1 5 x 7 6 8\n1 2",
    };
    let mut boards = Boards::new(BufReader::new(input), SizeMode::Auto);
    assert!(boards.next().unwrap().unwrap().board.is_ok());
    let err = boards.next().unwrap().unwrap_err();
    assert_eq!(err.to_string(), "the disk is on fire");
    assert!(boards.next().is_none());
}

/// The reader this one replaced, kept as the oracle: the whole input
/// split into lines and each line into tokens, boards parsed from text.
fn reference(input: &str, size: SizeMode) -> Vec<(Lines, Result<String, String>)> {
    let lines: Vec<Vec<&str>> = input
        .lines()
        .map(|line| line.split_whitespace().collect())
        .collect();
    let mut out = Vec::new();
    let (mut line, mut next) = (0, 0);
    let mut tiles: Vec<&str> = Vec::new();
    let mut span = Lines { first: 0, last: 0 };
    let mut need = 9;
    loop {
        while line < lines.len() && next == lines[line].len() {
            line += 1;
            next = 0;
        }
        if line == lines.len() {
            if !tiles.is_empty() {
                let message = format!(
                    "incomplete board at the end of the input: expected {need} tiles, found {}",
                    tiles.len()
                );
                out.push((span, Err(message)));
            }
            return out;
        }
        if tiles.is_empty() {
            span.first = line + 1;
            need = match size {
                SizeMode::Four => 16,
                SizeMode::Auto if next == 0 && lines[line].len() == 16 => 16,
                SizeMode::Three | SizeMode::Auto => 9,
            };
        }
        span.last = line + 1;
        let token = lines[line][next];
        next += 1;
        if !(matches!(token, "x" | "X") || token.bytes().all(|b| b.is_ascii_digit())) {
            next = lines[line].len();
            let message = format!(
                "unreadable token {} (expected a tile number or x); skipping the rest of line {}",
                TokenExcerpt::new(token),
                line + 1
            );
            out.push((span, Err(message)));
            tiles.clear();
            continue;
        }
        tiles.push(token);
        if tiles.len() == need {
            let text = tiles.join(" ");
            let board = if need == 16 {
                text.parse::<Fifteen>().map(|b| b.to_line())
            } else {
                text.parse::<Eight>().map(|b| b.to_line())
            };
            out.push((span, board.map_err(|err| err.to_string())));
            tiles.clear();
        }
    }
}

#[test]
fn agrees_with_the_reader_it_replaced() {
    // Mostly tiles, so that boards form; some bad tokens, numbers too
    // large, and UTF-8 valid and not (a surrogate, an overlong form, a
    // code point above U+10FFFF, sequences cut short).
    const TOKENS: &[&[u8]] = &[
        b"1",
        b"2",
        b"3",
        b"4",
        b"5",
        b"6",
        b"7",
        b"8",
        b"9",
        b"10",
        b"11",
        b"12",
        b"13",
        b"14",
        b"15",
        b"0",
        b"x",
        b"X",
        b"1",
        b"2",
        b"3",
        b"4",
        b"5",
        b"6",
        b"7",
        b"8",
        b"x",
        b"00",
        b"016",
        b"99999999999999999999999",
        b"y",
        b"x1",
        b"1x",
        b"+5",
        b"\xc3\xa9",
        b"\xe2\x9c",
        b"\xff",
        b"\xe0\x80",
        b"\xed\xa0\x80",
        b"\xed\x9f\xbf",
        b"\xf0\x80\x80",
        b"\xf4\x90\x80\x80",
        b"\xc1\xbf",
        b"5\xe2\x80\xa8",
    ];
    const SPACES: &[&[u8]] = &[
        b" ",
        b" ",
        b" ",
        b"  ",
        b"\t",
        b"\xc2\xa0",
        b"\xe2\x80\xa8",
        b"\r",
    ];
    const ENDS: &[&[u8]] = &[b"\n", b"\n", b"\r\n", b"\n\n", b" \n"];
    // Line lengths around the 9 and 16 that the sizes turn on.
    const COUNTS: &[usize] = &[0, 1, 3, 8, 9, 9, 15, 16, 16, 16, 17, 18, 25, 32];
    let mut rng = SplitMix64::new(1077);
    for case in 0..3000 {
        let mut input = Vec::new();
        for _ in 0..rng.below(6) {
            for i in 0..COUNTS[rng.below(COUNTS.len())] {
                if i > 0 {
                    input.extend_from_slice(SPACES[rng.below(SPACES.len())]);
                }
                // Rarely, a bad token; otherwise a tile.
                let pick = if rng.below(40) == 0 {
                    rng.below(TOKENS.len())
                } else {
                    rng.below(28)
                };
                input.extend_from_slice(TOKENS[pick]);
            }
            input.extend_from_slice(ENDS[rng.below(ENDS.len())]);
        }
        if rng.below(2) == 0 {
            input.pop();
        }
        let text = String::from_utf8_lossy(&input);
        for size in [SizeMode::Auto, SizeMode::Three, SizeMode::Four] {
            let expected = reference(&text, size);
            // Small buffers split characters and tokens between reads.
            let capacity = 1 + rng.below(8);
            let found: Vec<_> = Boards::new(BufReader::with_capacity(capacity, &input[..]), size)
                .map(|item| {
                    let item = item.expect("reading from memory");
                    let board = item.board.map(|b| b.to_line()).map_err(|e| e.to_string());
                    (item.lines, board)
                })
                .collect();
            assert_eq!(found, expected, "case {case}, {size:?}, input {text:?}");
        }
    }
}
