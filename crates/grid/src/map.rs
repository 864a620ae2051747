//! Moving AI `.map` files (Sturtevant 2012): a header, then the rows.
//!
//! ```text
//! type octile
//! height 3
//! width 4
//! map
//! ....
//! .@@.
//! ....
//! ```
//!
//! The header's `type`, `height` and `width` lines may come in any order
//! before `map`; each appears once and `height` and `width` are required.
//! Blank lines, and blanks around a header line's words, mean nothing.
//! Then come exactly `height` rows of `width` characters. Lines may end in
//! `\r\n`, and rows in blanks; blank lines after the last row are
//! ignored. The file is read as bytes: a map needs no valid UTF-8, and a
//! stray byte is reported by its value.
//!
//! The reader keeps nothing per line: it reads the header, checks the
//! rows' count and lengths against it in one pass over the text, and only
//! then allocates the map (one byte a cell) and fills it in a second pass.
//! A file of 256 MiB of newlines costs its own bytes and no more, and a
//! short file cannot make it allocate for the size its header claims.
//!
//! Why not the `movingai` crate, the parser `pathfinding` benchmarks with:
//! its errors carry no line numbers (a bad cell in row 300 is only
//! "invalid map"), it needs the whole file as UTF-8 `String`, it keeps a
//! `char` (4 bytes) per cell, and its scenario parser splits lines on tabs
//! only, so the space-separated `version 1.0` files of the Baldur's Gate
//! sets do not parse. This parser reads the same maps to the same cells
//! (`tests/movingai.rs` checks it against that crate on every test map).

use frontier_text::TokenExcerpt;

use crate::grid::{Grid, GridError};

/// A `.map` file that cannot be read. Every variant names the line (from
/// 1) where the problem is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MapError {
    /// A header line that is not `type T`, `height N`, `width N` or `map`.
    #[error(
        "line {line}: expected a header line (`type octile`, `height N`, `width N` or `map`), found {found}"
    )]
    Header {
        /// The line.
        line: usize,
        /// The line's text, cut short if long.
        found: TokenExcerpt,
    },
    /// A height or width that is not a positive number, or given twice.
    #[error("line {line}: {field} {found} is not a positive number given once")]
    Dimension {
        /// The line.
        line: usize,
        /// `"height"` or `"width"`.
        field: &'static str,
        /// The value's text, cut short if long.
        found: TokenExcerpt,
    },
    /// The file ends before `map`, or `map` comes without `height` or
    /// `width`.
    #[error("line {line}: the header has no {missing} line before the map")]
    Missing {
        /// The line where the header ended (the `map` line, or the last).
        line: usize,
        /// `"height"`, `"width"` or `"map"`.
        missing: &'static str,
    },
    /// The file ends before all the rows the header announced.
    #[error("line {line}: the file ends after {found} of {expected} rows")]
    Truncated {
        /// The line after the last.
        line: usize,
        /// The height announced.
        expected: usize,
        /// The rows found.
        found: usize,
    },
    /// A row whose length is not the width.
    #[error("line {line}: row {row} has {found} cells, expected {expected} (the width)")]
    RowLength {
        /// The line.
        line: usize,
        /// The row, from 0.
        row: usize,
        /// The width announced.
        expected: usize,
        /// The row's length.
        found: usize,
    },
    /// A character that is no terrain of the format.
    #[error(
        "line {line}, column {column}: {found} is not a terrain (expected one of . G S W @ O T)"
    )]
    Terrain {
        /// The line.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// The character, or the byte's value if it is not ASCII.
        found: String,
    },
    /// More rows than the height announced.
    #[error("line {line}: more rows than the height ({height}) announced")]
    ExtraRows {
        /// The first line too many.
        line: usize,
        /// The height announced.
        height: usize,
    },
    /// A map the grid cannot hold (too large, say).
    #[error("line {line}: {source}")]
    Grid {
        /// The line of the header that announced the size.
        line: usize,
        /// Why.
        source: GridError,
    },
}

/// The text of a byte for an error: the character if it is printable
/// ASCII, else its value.
fn describe(byte: u8) -> String {
    if byte.is_ascii_graphic() || byte == b' ' {
        format!("{:?}", char::from(byte))
    } else {
        format!("byte 0x{byte:02x}")
    }
}

/// A line or a word as an error keeps it: cut short, decoded lossily. A
/// valid line costs O([`TokenExcerpt::KEPT_CHARS`]); an invalid one is
/// walked once, without a copy.
fn excerpt(bytes: &[u8]) -> TokenExcerpt {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return TokenExcerpt::new(text);
    }
    let mut excerpt = TokenExcerpt::default();
    for chunk in bytes.utf8_chunks() {
        chunk.valid().chars().for_each(|c| excerpt.push(c));
        if !chunk.invalid().is_empty() {
            excerpt.push(char::REPLACEMENT_CHARACTER);
        }
    }
    excerpt
}

/// Whether a line is blank: nothing but ASCII blanks.
fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// A row without the blanks that end it.
fn row_cells(line: &[u8]) -> &[u8] {
    let end = line
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |last| last + 1);
    &line[..end]
}

/// The lines of `text`, numbered from 1, without their `\n` or `\r\n`.
/// Lazy and cloneable: nothing is stored per line.
fn lines(text: &[u8]) -> impl Iterator<Item = (usize, &[u8])> + Clone {
    text.split(|&b| b == b'\n')
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
        .enumerate()
        .map(|(index, line)| (index + 1, line))
}

/// The cell byte of a terrain character, or `None`.
fn terrain(byte: u8) -> Option<u8> {
    match byte {
        b'.' | b'G' | b'S' => Some(Grid::LAND),
        b'W' => Some(Grid::WATER),
        b'@' | b'O' | b'T' => Some(0),
        _ => None,
    }
}

/// A number and the line that gave it.
type Numbered = (usize, usize);

/// Reads the header up to its `map` line: `((height, its line), (width,
/// its line), the map line)`.
fn header<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a [u8])>,
) -> Result<(Numbered, Numbered, usize), MapError> {
    let (mut height, mut width, mut kind) = (None, None, false);
    let mut header_end = 0;
    loop {
        let Some((line, text)) = lines.next() else {
            return Err(MapError::Missing {
                line: header_end.max(1),
                missing: "map",
            });
        };
        if is_blank(text) {
            continue;
        }
        header_end = line;
        let mut words = text
            .split(u8::is_ascii_whitespace)
            .filter(|word| !word.is_empty());
        let (key, value) = (words.next(), words.next());
        if words.next().is_some() {
            return Err(MapError::Header {
                line,
                found: excerpt(text),
            });
        }
        match (key, value) {
            (Some(b"map"), None) => break,
            (Some(b"type"), Some(_)) if !kind => kind = true,
            (Some(field @ (b"height" | b"width")), Some(value)) => {
                let field = if field == b"height" {
                    "height"
                } else {
                    "width"
                };
                let slot = if field == "height" {
                    &mut height
                } else {
                    &mut width
                };
                let number = std::str::from_utf8(value)
                    .ok()
                    .and_then(|v| v.parse::<usize>().ok())
                    .filter(|&n| n > 0 && slot.is_none());
                let Some(number) = number else {
                    return Err(MapError::Dimension {
                        line,
                        field,
                        found: excerpt(value),
                    });
                };
                *slot = Some((number, line));
            }
            _ => {
                return Err(MapError::Header {
                    line,
                    found: excerpt(text),
                });
            }
        }
    }
    let missing = |missing| MapError::Missing {
        line: header_end,
        missing,
    };
    let height = height.ok_or_else(|| missing("height"))?;
    let width = width.ok_or_else(|| missing("width"))?;
    Ok((height, width, header_end))
}

impl Grid {
    /// Reads a Moving AI `.map` file's contents (see the [module
    /// docs](crate::map) for the format and what each terrain means).
    ///
    /// # Errors
    ///
    /// A [`MapError`] naming the line (and column) of the first problem.
    pub fn parse_map(text: &[u8]) -> Result<Grid, MapError> {
        let mut lines = lines(text);
        let ((height, height_line), (width, width_line), header_end) = header(&mut lines)?;
        // First pass: the rows' count and lengths, checked before the
        // cells are allocated, so a short file cannot make the parser
        // allocate for the size its header claims. Blank lines after the
        // last row are no rows: a file cut after a row's newline is
        // truncated, not ragged.
        let rows = lines.clone().map(|(_, line)| line);
        let mut count = 0;
        let mut first_bad = None;
        for (row, line) in rows.clone().enumerate() {
            if !is_blank(line) {
                count = row + 1;
            }
            let found = row_cells(line).len();
            if first_bad.is_none() && found != width {
                first_bad = Some((row, found));
            }
        }
        if count < height {
            return Err(MapError::Truncated {
                line: header_end + count + 1,
                expected: height,
                found: count,
            });
        }
        if count > height {
            return Err(MapError::ExtraRows {
                line: header_end + height + 1,
                height,
            });
        }
        // The first row of the wrong length, unless it is a blank line
        // after the last row.
        if let Some((row, found)) = first_bad.filter(|&(row, _)| row < count) {
            return Err(MapError::RowLength {
                line: header_end + row + 1,
                row,
                expected: width,
                found,
            });
        }
        let mut grid = Grid::blocked(width, height).map_err(|source| MapError::Grid {
            line: height_line.max(width_line),
            source,
        })?;
        // Second pass: the cells.
        for (row, line) in rows.take(height).enumerate() {
            for (x, &byte) in row_cells(line).iter().enumerate() {
                let Some(cell) = terrain(byte) else {
                    return Err(MapError::Terrain {
                        line: header_end + row + 1,
                        column: x + 1,
                        found: describe(byte),
                    });
                };
                if cell != 0 {
                    grid.set(x, row, cell);
                }
            }
        }
        Ok(grid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Terrain;

    const SMALL: &[u8] = b"type octile\nheight 3\nwidth 4\nmap\n.G@.\nSWOT\n....\n";

    #[test]
    fn a_small_map_reads_to_its_terrain() {
        let grid = Grid::parse_map(SMALL).unwrap();
        assert_eq!((grid.width(), grid.height(), grid.open_cells()), (4, 3, 9));
        assert_eq!(grid.terrain(1, 0), Terrain::Land(1));
        assert_eq!(grid.terrain(2, 0), Terrain::Blocked);
        assert_eq!(grid.terrain(0, 1), Terrain::Land(1)); // swamp
        assert_eq!(grid.terrain(1, 1), Terrain::Water);
        assert_eq!(grid.terrain(3, 1), Terrain::Blocked); // tree
        assert_eq!(grid.to_string(), "..@.\n.W@@\n....\n");
        let crlf = String::from_utf8(SMALL.to_vec())
            .unwrap()
            .replace('\n', "\r\n");
        assert_eq!(Grid::parse_map(crlf.as_bytes()).unwrap(), grid);
        // Header in another order, blank lines after the rows.
        let shuffled = b"width 4\ntype octile\nheight 3\nmap\n.G@.\nSWOT\n....\n\n\n";
        assert_eq!(Grid::parse_map(shuffled).unwrap(), grid);
    }

    #[test]
    fn each_fault_names_its_line() {
        let cases: [(&[u8], MapError); 9] = [
            (
                b"",
                MapError::Missing {
                    line: 1,
                    missing: "map",
                },
            ),
            (
                b"type octile\nheight 3\nmap\n",
                MapError::Missing {
                    line: 3,
                    missing: "width",
                },
            ),
            (
                b"type octile\nheight three\n",
                MapError::Dimension {
                    line: 2,
                    field: "height",
                    found: "three".into(),
                },
            ),
            (
                b"height 2\nheight 2\n",
                MapError::Dimension {
                    line: 2,
                    field: "height",
                    found: "2".into(),
                },
            ),
            (
                b"type octile\nhieght 3\n",
                MapError::Header {
                    line: 2,
                    found: "hieght 3".into(),
                },
            ),
            (
                b"height 3\nwidth 2\nmap\n..\n..\n",
                MapError::Truncated {
                    line: 6,
                    expected: 3,
                    found: 2,
                },
            ),
            (
                b"height 2\nwidth 2\nmap\n..\n...\n",
                MapError::RowLength {
                    line: 5,
                    row: 1,
                    expected: 2,
                    found: 3,
                },
            ),
            (
                b"height 1\nwidth 3\nmap\n.x.\n",
                MapError::Terrain {
                    line: 4,
                    column: 2,
                    found: "'x'".into(),
                },
            ),
            (
                b"height 1\nwidth 1\nmap\n.\n.\n",
                MapError::ExtraRows { line: 5, height: 1 },
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(
                Grid::parse_map(text),
                Err(expected),
                "{}",
                String::from_utf8_lossy(text)
            );
        }
        let bad_byte = Grid::parse_map(b"height 1\nwidth 2\nmap\n.\xff\n").unwrap_err();
        assert_eq!(
            bad_byte.to_string(),
            "line 4, column 2: byte 0xff is not a terrain (expected one of . G S W @ O T)"
        );
    }

    #[test]
    fn a_huge_claim_is_refused_before_allocating() {
        // A header claiming a huge map is refused before anything is
        // allocated: for its missing rows, or for their lengths.
        let claims = Grid::parse_map(b"height 30000\nwidth 30000\nmap\n.\n").unwrap_err();
        assert_eq!(
            claims,
            MapError::Truncated {
                line: 5,
                expected: 30000,
                found: 1
            }
        );
        let short = Grid::parse_map(b"height 2\nwidth 700000000\nmap\n\n.").unwrap_err();
        assert!(
            matches!(
                short,
                MapError::RowLength {
                    line: 4,
                    found: 0,
                    ..
                }
            ),
            "{short}"
        );
        let too_large = Grid::blocked(100_000, 100_000).unwrap_err();
        assert!(
            matches!(too_large, GridError::TooLarge { .. }),
            "{too_large}"
        );
    }

    #[test]
    fn blanks_around_lines_and_blank_lines_are_skipped() {
        let grid = Grid::parse_map(SMALL).unwrap();
        for text in [
            &b"\n\n  type octile\n\theight 3 \nwidth   4\r\n\n map \r\n.G@.\nSWOT\n....\n"[..],
            b"type octile\nheight 3\nwidth 4\nmap\n.G@.  \nSWOT\t\r\n....\n \n\t\n",
        ] {
            assert_eq!(
                Grid::parse_map(text),
                Ok(grid.clone()),
                "{}",
                String::from_utf8_lossy(text)
            );
        }
        // Errors still name the file's lines, blank ones counted.
        assert_eq!(
            Grid::parse_map(b"\n\nheight 1\n\nwidth 2\nmap\n.x\n"),
            Err(MapError::Terrain {
                line: 7,
                column: 2,
                found: "'x'".into()
            })
        );
        assert_eq!(
            Grid::parse_map(b"\n \n\t\n"),
            Err(MapError::Missing {
                line: 1,
                missing: "map"
            })
        );
    }

    #[test]
    fn long_lines_are_cut_in_errors() {
        let mut line = b"type octile ".to_vec();
        line.extend(std::iter::repeat_n(b'\xff', 100_000));
        line.extend_from_slice(b"\nheight 1\n");
        let err = Grid::parse_map(&line).unwrap_err();
        let message = err.to_string();
        assert!(message.len() < 300, "{message}");
        assert!(message.contains("… of 300012 bytes"), "{message}");
        let mut height = b"height ".to_vec();
        height.extend(std::iter::repeat_n(b'9', 100_000));
        let message = Grid::parse_map(&height).unwrap_err().to_string();
        assert!(message.len() < 200, "{message}");
        assert!(
            message.ends_with("… of 100000 bytes is not a positive number given once"),
            "{message}"
        );
    }

    #[test]
    fn many_blank_lines_cost_nothing_per_line() {
        // A million newlines before the header, and a million after the
        // rows: read in passes over the text, nothing kept per line.
        let mut text = vec![b'\n'; 1_000_000];
        text.extend_from_slice(SMALL);
        text.extend(std::iter::repeat_n(b'\n', 1_000_000));
        assert_eq!(Grid::parse_map(&text), Grid::parse_map(SMALL));
        let blank = vec![b'\n'; 1_000_000];
        assert_eq!(
            Grid::parse_map(&blank),
            Err(MapError::Missing {
                line: 1,
                missing: "map"
            })
        );
    }
}
