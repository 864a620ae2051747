//! Reading cubes one per line, each written either as a scramble (a move
//! sequence applied to the solved cube) or as a 54-facelet string:
//! [`parse_cube`] for one line, [`cubes`] for a whole text.

use crate::Cube;
use crate::error::LineError;
use crate::notation::Sequence;

/// The shortest word read as a facelet string: half of 54.
const SHORTEST_FACELETS: usize = 27;

/// How a line wrote its cube.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Written {
    /// As a scramble, the moves applied to the solved cube.
    Scramble(Sequence),
    /// As a 54-facelet string.
    Facelets,
}

/// One cube read from a line, with where and how it was written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CubeLine {
    /// The line, from 1.
    pub line: usize,
    /// The cube.
    pub cube: Cube,
    /// How the line wrote it.
    pub written: Written,
}

/// Whether a line (trimmed) is read as a facelet string: one word of at
/// least 27 characters.
fn is_facelets(text: &str) -> bool {
    !text.chars().any(char::is_whitespace) && text.chars().count() >= SHORTEST_FACELETS
}

/// The cube written on one line, as a scramble or a facelet string, with
/// errors on line `line`.
///
/// # Which is which
///
/// A line is read as a facelet string when, leading and trailing
/// whitespace aside, it is one word (no whitespace inside) of at least 27
/// characters; anything else is read as a move sequence. A facelet string
/// is one word of 54, and a scramble of 27 or more characters is written
/// with spaces, so the rule reads both as meant; a facelet string cut short
/// or with a stray letter is reported as a facelet string (never read as
/// a long scramble written without spaces, which it would otherwise often
/// be: its letters are face letters).
///
/// A blank line is the empty scramble, the solved cube.
///
/// # Errors
///
/// [`LineError::Moves`] for a scramble that is not in the notation of
/// [`Sequence`], [`LineError::Facelets`] for a facelet string that is no
/// legal cube.
///
/// # Example
///
/// ```
/// use cube::{parse_cube, Written};
///
/// let scrambled = parse_cube("R U R' U'", 1)?;
/// assert_eq!(scrambled.written, Written::Scramble("R U R' U'".parse()?));
/// let same = parse_cube(&scrambled.cube.to_facelets(), 2)?;
/// assert_eq!((same.cube, same.written), (scrambled.cube, Written::Facelets));
///
/// let err = parse_cube("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBB", 3).unwrap_err();
/// assert_eq!(err.to_string(), "line 3: expected 54 facelets, found 53");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_cube(text: &str, line: usize) -> Result<CubeLine, LineError> {
    let trimmed = text.trim();
    if is_facelets(trimmed) {
        let cube =
            Cube::from_facelets(trimmed).map_err(|error| LineError::Facelets { line, error })?;
        return Ok(CubeLine {
            line,
            cube,
            written: Written::Facelets,
        });
    }
    // Parse the untrimmed text, so columns count from the line's start.
    let scramble: Sequence = text
        .parse()
        .map_err(|err: crate::NotationError| err.with_line(line))?;
    Ok(CubeLine {
        line,
        cube: scramble.cube(),
        written: Written::Scramble(scramble),
    })
}

/// The cubes of `text`, one per line (`\n` or `\r\n`), each a scramble or
/// a facelet string (told apart as [`parse_cube`] does), skipping blank
/// lines and comments (lines whose first character other than whitespace
/// is `#`): each line's
/// cube or the reason it has none, so a program can report a bad line
/// and go on.
///
/// # Example
///
/// ```
/// let text = "# two cubes\nR U2 F'\n\nUUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\nR Q\n";
/// let read: Vec<_> = cube::cubes(text).collect();
/// assert_eq!(read.len(), 3);
/// assert_eq!(read[0].as_ref().map(|c| c.line), Ok(2));
/// assert!(read[1].as_ref().is_ok_and(|c| c.line == 4 && c.cube.is_solved()));
/// assert_eq!(read[2].as_ref().map_err(|e| e.line()), Err(5));
/// ```
pub fn cubes(text: &str) -> impl Iterator<Item = Result<CubeLine, LineError>> + '_ {
    (1..).zip(text.lines()).filter_map(|(number, line)| {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            None
        } else {
            Some(parse_cube(line, number))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Face;
    use crate::error::{FaceletError, NotationError};
    use proptest::prelude::*;

    #[test]
    fn short_words_are_scrambles_long_words_facelets() {
        assert!(matches!(
            parse_cube("RU2F'", 1).map(|c| c.written),
            Ok(Written::Scramble(_))
        ));
        // 26 quarter turns without spaces: still a scramble.
        let long = "RURURURURURURURURURURURURU";
        assert_eq!(long.len(), 26);
        assert_eq!(
            parse_cube(long, 1).map(|c| c.written),
            Ok(Written::Scramble(long.parse().unwrap()))
        );
        // One more: read as facelets, and refused as such.
        assert_eq!(
            parse_cube(&format!("{long}R"), 4),
            Err(LineError::Facelets {
                line: 4,
                error: FaceletError::WrongLength { found: 27 }
            })
        );
        // A colour letter that is no face letter is a facelet error.
        let solved = Cube::SOLVED.to_facelets();
        let with_w = format!("W{}", &solved[1..]);
        assert_eq!(
            parse_cube(&with_w, 9).unwrap_err().to_string(),
            "line 9: unknown colour 'W' at facelet U1 (character 1): expected one of U R F D L B"
        );
        // An unsolvable facelet string says so, with its line.
        let mut flipped: Vec<char> = solved.chars().collect();
        flipped.swap(5, 10);
        let flipped: String = flipped.into_iter().collect();
        assert_eq!(
            parse_cube(&format!("  {flipped}  "), 2)
                .unwrap_err()
                .to_string(),
            "line 2: an edge is flipped: the edge flips add up to an odd number (expected even)"
        );
    }

    #[test]
    fn scramble_errors_carry_the_line_and_the_column_in_it() {
        assert_eq!(
            parse_cube("  R U y", 12),
            Err(LineError::Moves(NotationError::Unsupported {
                found: 'y',
                kind: crate::NotFaceTurn::Rotation,
                line: 12,
                column: 7
            }))
        );
        let read: Vec<_> = cubes("R\n\n  # comment\nU Q\r\nF\n").collect();
        assert_eq!(read.len(), 3);
        assert_eq!(
            read[1].as_ref().unwrap_err().to_string(),
            "unknown face letter 'Q' at line 4, column 3: expected one of U R F D L B"
        );
        assert_eq!(read[2].as_ref().map(|c| c.line), Ok(5));
        assert_eq!(
            read[2].as_ref().map(|c| c.cube),
            Ok(Cube::SOLVED.turned(crate::Move::new(Face::F, crate::Turn::Clockwise)))
        );
    }

    proptest! {
        #[test]
        fn arbitrary_lines_never_panic(text in "\\PC*") {
            for read in cubes(&text) {
                if let Err(err) = read {
                    prop_assert!(err.line() >= 1);
                }
            }
        }

        #[test]
        fn written_cubes_read_back(seed in any::<u64>(), len in 1usize..40) {
            let scramble = Sequence::random(len, seed);
            let cube = Cube::random(seed);
            let text = format!("{scramble}\n{}\n", cube.to_facelets());
            let read: Vec<_> = cubes(&text).collect();
            prop_assert_eq!(read.len(), 2);
            prop_assert_eq!(read[0].as_ref().map(|c| c.cube), Ok(scramble.cube()));
            prop_assert_eq!(read[1].as_ref().map(|c| c.cube), Ok(cube));
        }
    }
}
