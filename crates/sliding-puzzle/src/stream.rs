//! Reading boards in the POJ 1077 / HDU 1043 judge format (as the
//! `frontier eight` program does): whitespace-separated tiles with `x` for
//! the blank, where a board may be spread over several lines and several
//! boards may share a line, so the whole input is one stream of tokens.
//!
//! # Streaming
//!
//! [`Boards`] reads from any [`BufRead`] one character at a time and yields
//! each board as soon as its last tile is read: it never holds a line or
//! the input, only the board being read, and keeps at most
//! [`TokenExcerpt::KEPT_CHARS`] characters of any token, so its memory does
//! not grow with the input and a huge bad token is reported in a short
//! message. Invalid UTF-8 reads as U+FFFD, which is not a tile.
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

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead};

use crate::{AnyBoard, ParseError, TokenExcerpt};

/// How many tokens make a board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SizeMode {
    /// Every 9 tokens are a 3x3 board.
    Three,
    /// Every 16 tokens are a 4x4 board.
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
        "unreadable token {token} (expected a tile number or x); skipping the rest of line {line}"
    )]
    BadToken {
        /// The token as written, cut short if it is long.
        token: TokenExcerpt,
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

/// The boards of a judge input, in order (see the [module docs](self)),
/// read as a stream: each board is yielded as soon as it is complete.
///
/// An I/O error is yielded once and ends the boards.
///
/// # Example
///
/// ```
/// use sliding_puzzle::stream::{Boards, SizeMode};
///
/// let input = "2 3 4 1 5 x 7 6 8 1 2 3\n4 5 6 7 8 x\n1 2 ? 4\n1 2 3 4 5 6 7 8 x";
/// let boards: Vec<_> = Boards::new(input.as_bytes(), SizeMode::Auto).collect::<Result<_, _>>()?;
/// assert_eq!(boards.len(), 4);
/// assert_eq!(boards[1].lines.to_string(), "lines 1-2");
/// assert!(boards[2].board.is_err()); // the bad token ends the board and line 3
/// assert_eq!(boards[3].board.as_ref().unwrap().to_line(), "1 2 3 4 5 6 7 8 x");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Complexity
///
/// O(1) per byte of input; memory O(1): one board's tokens, and up to 16
/// tokens read ahead (each at most [`TokenExcerpt::KEPT_CHARS`] characters)
/// to tell a line of exactly 16 tokens under [`SizeMode::Auto`].
#[derive(Debug)]
pub struct Boards<R> {
    tokens: Tokens<R>,
    /// Tokens read ahead to count the tokens of a line: all on the line of
    /// the board being read.
    ahead: VecDeque<Token>,
    size: SizeMode,
    /// Set after an I/O error, which ends the boards.
    failed: bool,
}

impl<R: BufRead> Boards<R> {
    /// The boards of `input`, sized by `size`.
    #[must_use]
    pub fn new(input: R, size: SizeMode) -> Self {
        Boards {
            tokens: Tokens {
                input,
                line: 1,
                seen_on_line: false,
            },
            ahead: VecDeque::with_capacity(16),
            size,
            failed: false,
        }
    }

    /// The reader, to see how much input it has buffered (a program that
    /// answers interactively flushes its output before a read would wait).
    #[must_use]
    pub fn get_ref(&self) -> &R {
        &self.tokens.input
    }

    /// The next token, read ahead or not.
    fn next_token(&mut self) -> io::Result<Option<Token>> {
        match self.ahead.pop_front() {
            Some(token) => Ok(Some(token)),
            None => self.tokens.next(),
        }
    }

    /// Whether the line whose first token was just read holds exactly 16
    /// tokens. Reads the line's tokens ahead, at most 16 more, and never
    /// past the line's end, so that an interactive input is not waited for.
    fn line_of_sixteen(&mut self) -> io::Result<bool> {
        // Nothing of a line is read ahead before its first token.
        debug_assert!(self.ahead.is_empty());
        while self.ahead.len() < 16 {
            match self.tokens.next_on_line()? {
                Some(token) => self.ahead.push_back(token),
                None => return Ok(self.ahead.len() == 15),
            }
        }
        Ok(false)
    }

    /// Skips what is left of `line`, read ahead or not.
    fn skip_line(&mut self, line: usize) -> io::Result<()> {
        // Tokens are read ahead only on the line being read, so whatever
        // is ahead is on `line`.
        self.ahead.clear();
        if self.tokens.line == line {
            self.tokens.skip_line()?;
        }
        Ok(())
    }

    /// The next board, `None` at the end of the input.
    fn board(&mut self) -> io::Result<Option<BoardInput>> {
        let Some(mut token) = self.next_token()? else {
            return Ok(None);
        };
        let need = match self.size {
            SizeMode::Four => 16,
            SizeMode::Auto if token.first_on_line => {
                if self.line_of_sixteen()? {
                    16
                } else {
                    9
                }
            }
            SizeMode::Three | SizeMode::Auto => 9,
        };
        let mut lines = Lines {
            first: token.line,
            last: token.line,
        };
        let mut tiles = Vec::with_capacity(need);
        loop {
            lines.last = token.line;
            let tile = match token.kind {
                Kind::Tile(value) => Ok(value),
                Kind::Huge => Err(token.text),
                Kind::Bad => {
                    self.skip_line(token.line)?;
                    let board = Err(InputError::BadToken {
                        token: token.text,
                        line: token.line,
                    });
                    return Ok(Some(BoardInput { lines, board }));
                }
            };
            tiles.push(tile);
            if tiles.len() == need {
                let board = parse(&tiles).map_err(InputError::from);
                return Ok(Some(BoardInput { lines, board }));
            }
            let Some(next) = self.next_token()? else {
                let board = Err(InputError::Incomplete {
                    expected: need,
                    found: tiles.len(),
                });
                return Ok(Some(BoardInput { lines, board }));
            };
            token = next;
        }
    }
}

impl<R: BufRead> Iterator for Boards<R> {
    type Item = io::Result<BoardInput>;

    fn next(&mut self) -> Option<io::Result<BoardInput>> {
        if self.failed {
            return None;
        }
        let item = self.board().transpose();
        self.failed = matches!(item, Some(Err(_)));
        item
    }
}

/// The board of 9 or 16 tiles: tile numbers, or digits too many for a
/// number (reported as unreadable, as `FromStr` for boards does).
fn parse(tiles: &[Result<u64, TokenExcerpt>]) -> Result<AnyBoard, ParseError> {
    let mut values = Vec::with_capacity(tiles.len());
    for (position, tile) in tiles.iter().enumerate() {
        match tile {
            Ok(value) => values.push(*value),
            Err(token) => {
                return Err(ParseError::UnreadableToken {
                    token: token.clone(),
                    position,
                });
            }
        }
    }
    AnyBoard::from_values(&values)
}

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A tile: digits, or `x` / `X` for the blank (0).
    Tile(u64),
    /// Digits, too many for a `u64`: a tile no board has.
    Huge,
    /// Anything else: not a tile.
    Bad,
}

/// One token of the input.
#[derive(Clone, Debug)]
struct Token {
    /// The token, cut short if long.
    text: TokenExcerpt,
    kind: Kind,
    /// Its line, from 1.
    line: usize,
    /// Whether no token comes before it on its line.
    first_on_line: bool,
}

/// The tokens of a byte stream, read one character at a time.
#[derive(Debug)]
struct Tokens<R> {
    input: R,
    /// The line being read, from 1. A token's terminating newline is left
    /// unread, so after a token this is still the token's line.
    line: usize,
    /// Whether a token of the current line has been read.
    seen_on_line: bool,
}

impl<R: BufRead> Tokens<R> {
    /// The next byte, not consumed; `None` at the end of the input.
    fn peek(&mut self) -> io::Result<Option<u8>> {
        loop {
            match self.input.fill_buf() {
                Ok(buffer) => return Ok(buffer.first().copied()),
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => return Err(err),
            }
        }
    }

    /// The next character, consumed. A malformed UTF-8 sequence reads as
    /// one U+FFFD.
    fn next_char(&mut self) -> io::Result<Option<char>> {
        let Some(lead) = self.peek()? else {
            return Ok(None);
        };
        self.input.consume(1);
        let width = match lead {
            0x00..=0x7f => return Ok(Some(char::from(lead))),
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => return Ok(Some(char::REPLACEMENT_CHARACTER)),
        };
        // The second byte's range rules out overlong forms, surrogates and
        // code points above U+10FFFF, so a sequence cut short is the only
        // malformed one, and it reads as one U+FFFD as in
        // `String::from_utf8_lossy`.
        let second = match lead {
            0xe0 => 0xa0..=0xbf,
            0xed => 0x80..=0x9f,
            0xf0 => 0x90..=0xbf,
            0xf4 => 0x80..=0x8f,
            _ => 0x80..=0xbf,
        };
        let mut bytes = [lead, 0, 0, 0];
        let mut read = 1;
        while read < width {
            let allowed = if read == 1 {
                second.clone()
            } else {
                0x80..=0xbf
            };
            match self.peek()? {
                Some(byte) if allowed.contains(&byte) => {
                    bytes[read] = byte;
                    read += 1;
                    self.input.consume(1);
                }
                _ => return Ok(Some(char::REPLACEMENT_CHARACTER)),
            }
        }
        let decoded = std::str::from_utf8(&bytes[..read])
            .ok()
            .and_then(|text| text.chars().next());
        // cannot fail: the bytes were checked to be one whole character
        Ok(Some(decoded.unwrap_or(char::REPLACEMENT_CHARACTER)))
    }

    /// The next token of the input; `None` at its end.
    fn next(&mut self) -> io::Result<Option<Token>> {
        loop {
            if let Some(token) = self.next_on_line()? {
                return Ok(Some(token));
            }
            if self.peek()?.is_none() {
                return Ok(None);
            }
        }
    }

    /// The next token if the current line has one; otherwise reads past
    /// the line's end (or to the input's) and returns `None`.
    fn next_on_line(&mut self) -> io::Result<Option<Token>> {
        let first = loop {
            match self.next_char()? {
                None => return Ok(None),
                Some('\n') => {
                    self.line += 1;
                    self.seen_on_line = false;
                    return Ok(None);
                }
                Some(c) if c.is_whitespace() => {}
                Some(c) => break c,
            }
        };
        let line = self.line;
        let first_on_line = !self.seen_on_line;
        self.seen_on_line = true;
        let mut text = TokenExcerpt::default();
        // The number so far, `None` once it overflows.
        let mut number = Some(0_u64);
        let mut all_digits = true;
        let mut c = first;
        loop {
            text.push(c);
            if let Some(digit) = c.to_digit(10) {
                number = number.and_then(|n| n.checked_mul(10)?.checked_add(u64::from(digit)));
            } else {
                all_digits = false;
            }
            // The newline that ends a token is left for `next_on_line`,
            // which counts it.
            if matches!(self.peek()?, None | Some(b'\n')) {
                break;
            }
            match self.next_char()? {
                Some(next) if !next.is_whitespace() => c = next,
                _ => break,
            }
        }
        let kind = if all_digits {
            number.map_or(Kind::Huge, Kind::Tile)
        } else if matches!(text.kept(), "x" | "X") {
            Kind::Tile(0)
        } else {
            Kind::Bad
        };
        Ok(Some(Token {
            text,
            kind,
            line,
            first_on_line,
        }))
    }

    /// Reads past the end of the current line without looking at it.
    fn skip_line(&mut self) -> io::Result<()> {
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(err),
            };
            if buffer.is_empty() {
                return Ok(());
            }
            if let Some(end) = buffer.iter().position(|&b| b == b'\n') {
                self.input.consume(end + 1);
                self.line += 1;
                self.seen_on_line = false;
                return Ok(());
            }
            let all = buffer.len();
            self.input.consume(all);
        }
    }
}

#[cfg(test)]
mod tests;
