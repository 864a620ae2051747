//! Reading boards in the POJ 1077 / HDU 1043 judge format, for the `eight`
//! example: whitespace-separated tiles with `x` for the blank, where a
//! board may be spread over several lines and several boards may share a
//! line, so the whole input is one stream of tokens.
//!
//! # Board sizes
//!
//! [`SizeMode`] says how many tokens make a board:
//!
//! - [`SizeMode::Three`]: every 9 tokens (the judge's rule).
//! - [`SizeMode::Four`]: every 16 tokens.
//! - [`SizeMode::Auto`] (the default): a board that starts at the beginning
//!   of a line holding exactly 16 tokens is a 4x4 board; anything else is
//!   read 9 tokens at a time, as the judge reads it. Judge inputs (one board
//!   per line, or boards spread over lines of 3 tokens) read the same as
//!   under `Three`; use `Three` for a stream whose line breaks fall
//!   anywhere.
//!
//! # Errors and resynchronisation
//!
//! A token that is neither a number nor `x`/`X` ends the board it falls in:
//! that board is reported, the rest of the token's line is skipped, and the
//! next board starts on the next line. So one bad line in a one-board-per-line
//! input costs exactly that board. A board with the right number of
//! readable tokens but wrong tiles (a repeat, a tile too large, no blank) is
//! reported and the next board starts right after it, with no skipping. An
//! incomplete board at the end of the input is reported too.

use std::fmt;

use sliding_puzzle::{AnyBoard, Eight, Fifteen, ParseError};

/// How many tokens make a board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum SizeMode {
    /// Every 9 tokens are a 3x3 board.
    #[value(name = "3")]
    Three,
    /// Every 16 tokens are a 4x4 board.
    #[value(name = "4")]
    Four,
    /// A line of exactly 16 tokens is a 4x4 board; otherwise 9 tokens at a
    /// time.
    #[default]
    Auto,
}

/// The lines a board came from, numbered from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lines {
    /// The line of the board's first token.
    pub first: usize,
    /// The line of its last token (or of the bad token that ended it).
    pub last: usize,
}

impl fmt::Display for Lines {
    /// `line 3` or `lines 3-5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "line {}", self.first)
        } else {
            write!(f, "lines {}-{}", self.first, self.last)
        }
    }
}

/// Why a board could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InputError {
    /// A token that is neither a number nor `x`; it ends the board.
    #[error(
        "unreadable token {token:?} (expected a tile number or x); skipping the rest of line {line}"
    )]
    BadToken {
        /// The token as written.
        token: String,
        /// Its line.
        line: usize,
    },
    /// The input ended in the middle of a board.
    #[error("incomplete board at the end of the input: expected {expected} tiles, found {found}")]
    Incomplete {
        /// The tiles a board needs.
        expected: usize,
        /// The tiles read.
        found: usize,
    },
    /// The tokens do not make a board.
    #[error("{0}")]
    Board(#[from] ParseError),
}

/// One board of the input, or why it could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardInput {
    /// Where it came from.
    pub lines: Lines,
    /// The board, or the error.
    pub board: Result<AnyBoard, InputError>,
}

/// The boards of a judge input, in order (see the [module docs](self)).
///
/// # Example
///
/// ```
/// use frontier_workspace::eight::{Boards, SizeMode};
///
/// let input = "2 3 4 1 5 x 7 6 8 1 2 3\n4 5 6 7 8 x\n1 2 ? 4\n1 2 3 4 5 6 7 8 x";
/// let boards: Vec<_> = Boards::new(input, SizeMode::Auto).collect();
/// assert_eq!(boards.len(), 4);
/// assert_eq!(boards[1].lines.to_string(), "lines 1-2");
/// assert!(boards[2].board.is_err()); // the bad token ends the board and line 3
/// assert_eq!(boards[3].board.as_ref().unwrap().to_line(), "1 2 3 4 5 6 7 8 x");
/// ```
#[derive(Clone, Debug)]
pub struct Boards<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    /// The tokens of the current line.
    tokens: Vec<&'a str>,
    /// The next token of `tokens` to read.
    next: usize,
    /// The number of the current line, from 1.
    line: usize,
    size: SizeMode,
}

impl<'a> Boards<'a> {
    /// The boards of `input`, sized by `size`.
    #[must_use]
    pub fn new(input: &'a str, size: SizeMode) -> Self {
        Boards {
            lines: input.lines().enumerate(),
            tokens: Vec::new(),
            next: 0,
            line: 0,
            size,
        }
    }

    /// Moves to the next line with a token left; `false` at the end.
    fn fill(&mut self) -> bool {
        while self.next == self.tokens.len() {
            let Some((index, text)) = self.lines.next() else {
                return false;
            };
            self.line = index + 1;
            self.tokens.clear();
            self.tokens.extend(text.split_whitespace());
            self.next = 0;
        }
        true
    }
}

/// Whether `token` can be a tile: `x`, `X` or digits.
fn is_tile(token: &str) -> bool {
    matches!(token, "x" | "X") || token.bytes().all(|b| b.is_ascii_digit())
}

/// The board in `tiles` (9 or 16 tokens).
fn parse(tiles: &[&str]) -> Result<AnyBoard, ParseError> {
    let text = tiles.join(" ");
    if tiles.len() == 16 {
        text.parse::<Fifteen>().map(AnyBoard::Fifteen)
    } else {
        text.parse::<Eight>().map(AnyBoard::Eight)
    }
}

impl Iterator for Boards<'_> {
    type Item = BoardInput;

    fn next(&mut self) -> Option<BoardInput> {
        let mut tiles: Vec<&str> = Vec::with_capacity(16);
        let mut lines = Lines { first: 0, last: 0 };
        let mut need = 9;
        loop {
            if !self.fill() {
                if tiles.is_empty() {
                    return None;
                }
                return Some(BoardInput {
                    lines,
                    board: Err(InputError::Incomplete {
                        expected: need,
                        found: tiles.len(),
                    }),
                });
            }
            if tiles.is_empty() {
                lines.first = self.line;
                need = match self.size {
                    SizeMode::Four => 16,
                    SizeMode::Auto if self.next == 0 && self.tokens.len() == 16 => 16,
                    SizeMode::Three | SizeMode::Auto => 9,
                };
            }
            lines.last = self.line;
            let token = self.tokens[self.next];
            self.next += 1;
            if !is_tile(token) {
                self.next = self.tokens.len();
                return Some(BoardInput {
                    lines,
                    board: Err(InputError::BadToken {
                        token: token.to_owned(),
                        line: self.line,
                    }),
                });
            }
            tiles.push(token);
            if tiles.len() == need {
                return Some(BoardInput {
                    lines,
                    board: parse(&tiles).map_err(InputError::from),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(input: &str, size: SizeMode) -> Vec<Result<String, String>> {
        Boards::new(input, size)
            .map(|b| {
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
        let input =
            "1 2 3 4 y 6 7 8 x 1 2 3\n2 3 4 1 5 x 7 6 8\n1 1 3 4 5 6 7 8 x 8 7 6 5 4 3 2 1 x";
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
}
