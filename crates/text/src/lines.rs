//! The lines of a file read as bytes, so that invalid UTF-8 spoils its own
//! line and not the whole file: each program then treats such a line as it
//! treats any bad line (`compare` reports and skips it, `fifteen` and
//! `terrain` stop there and name it).
//!
//! # Example
//!
//! ```
//! use frontier_text::lines;
//!
//! let read: Vec<_> = lines(b"3 1 2\r\n1 \xff 2\n# caf\xe9\n").collect();
//! assert_eq!(read.len(), 3);
//! assert_eq!(read[0].text(), Ok("3 1 2"));
//! let err = read[1].text().unwrap_err();
//! assert_eq!((err.line, err.byte, err.column), (2, 3, 3));
//! assert_eq!(err.to_string(), "invalid UTF-8 at byte 3");
//! assert!(read[2].is_comment() && read[2].text().is_err());
//! ```

use thiserror::Error;

/// A line that is not valid UTF-8: where its first bad byte is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[error("invalid UTF-8 at byte {byte}")]
pub struct InvalidUtf8 {
    /// The line, from 1.
    pub line: usize,
    /// The first byte that is not part of a valid character, counting the
    /// line's bytes from 1.
    pub byte: usize,
    /// That byte's column, counting the valid characters before it from 1.
    pub column: usize,
}

/// One line of a file: its number and its bytes, without the line ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    number: usize,
    bytes: &'a [u8],
}

impl<'a> Line<'a> {
    /// The line's number, from 1.
    #[must_use]
    pub fn number(&self) -> usize {
        self.number
    }

    /// The line's bytes, without `\n` or `\r\n`.
    #[must_use]
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The line as text.
    ///
    /// # Errors
    ///
    /// [`InvalidUtf8`] naming the line, the byte and the column where the
    /// UTF-8 breaks.
    pub fn text(&self) -> Result<&'a str, InvalidUtf8> {
        std::str::from_utf8(self.bytes).map_err(|err| {
            let valid = err.valid_up_to();
            // cannot fail: the bytes before `valid_up_to` are valid UTF-8
            let before = std::str::from_utf8(&self.bytes[..valid]).map_or(0, |s| s.chars().count());
            InvalidUtf8 {
                line: self.number,
                byte: valid + 1,
                column: before + 1,
            }
        })
    }

    /// Whether the line is blank (ASCII whitespace only).
    #[must_use]
    pub fn is_blank(&self) -> bool {
        self.bytes.iter().all(u8::is_ascii_whitespace)
    }

    /// Whether the line's first byte other than whitespace is `#`: a
    /// comment in the files of boards, stacks and instances, whatever
    /// bytes follow.
    #[must_use]
    pub fn is_comment(&self) -> bool {
        self.bytes
            .iter()
            .find(|b| !b.is_ascii_whitespace())
            .is_some_and(|&b| b == b'#')
    }
}

/// The lines of `bytes`, numbered from 1, split as [`str::lines`] splits
/// text: at `\n` or `\r\n`, with no empty line after a final line ending.
pub fn lines(bytes: &[u8]) -> impl Iterator<Item = Line<'_>> {
    bytes
        .split_inclusive(|&b| b == b'\n')
        .enumerate()
        .map(|(index, line)| {
            let line = match line.strip_suffix(b"\n") {
                Some(line) => line.strip_suffix(b"\r").unwrap_or(line),
                None => line,
            };
            Line {
                number: index + 1,
                bytes: line,
            }
        })
}

/// The lines of a file of boards or stacks that are neither blank nor
/// comments, numbered from 1 and trimmed; a line that is not UTF-8 comes
/// as the place it breaks (a comment is a comment whatever its bytes).
pub fn content_lines(text: &[u8]) -> impl Iterator<Item = (usize, Result<&str, InvalidUtf8>)> {
    lines(text)
        .filter(|line| !line.is_comment())
        .filter_map(|line| match line.text() {
            Ok(text) => {
                let text = text.trim();
                (!text.is_empty() && !text.starts_with('#')).then_some((line.number(), Ok(text)))
            }
            Err(err) => Some((line.number(), Err(err))),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_as_str_lines_does() {
        for text in [
            "",
            "a",
            "a\n",
            "a\r\nb",
            "a\n\nb\r\n",
            "\r",
            "a\rb\n\r\n",
            "\n\n",
        ] {
            let read: Vec<&str> = lines(text.as_bytes())
                .map(|line| line.text().unwrap())
                .collect();
            let expected: Vec<&str> = text.lines().collect();
            assert_eq!(read, expected, "{text:?}");
        }
    }

    #[test]
    fn invalid_utf8_is_placed_by_line_byte_and_column() {
        let read: Vec<_> = lines(b"ok\n\xe9t\xc3\xa9 \xe9\nok\n\xe2\x82").collect();
        assert_eq!(read[0].text(), Ok("ok"));
        assert_eq!(
            read[1].text(),
            Err(InvalidUtf8 {
                line: 2,
                byte: 1,
                column: 1
            })
        );
        assert_eq!(read[2].text(), Ok("ok"));
        // A truncated character at the end of the input.
        assert_eq!(
            read[3].text(),
            Err(InvalidUtf8 {
                line: 4,
                byte: 1,
                column: 1
            })
        );
        let later = lines(b"\xc3\xa9\xc3\xa9 \xff").next().map(|l| l.text());
        assert_eq!(
            later,
            Some(Err(InvalidUtf8 {
                line: 1,
                byte: 6,
                column: 4
            }))
        );
        assert!(lines(b"  # \xff").next().is_some_and(|l| l.is_comment()));
        assert!(lines(b" \t\r\n").next().is_some_and(|l| l.is_blank()));
    }
}
