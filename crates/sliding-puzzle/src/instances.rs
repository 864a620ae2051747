//! Instance files: one board a line with its id and optimal length, the
//! format of `testdata/korf100-blank-last.txt` and of the project's shared
//! reference data.
//!
//! ```text
//! # id length t0 .. t15      (comment lines start with #; blank lines are skipped)
//! 55 41 5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3
//! 1 2 3 4 5 6 7 8 9 10 11 12 13 x 14 15
//! ```
//!
//! A line holds either `id length t0 .. tN` (`N + 1 = W * H`; `id` and
//! `length`, the optimal number of moves, are non-negative integers) or the
//! tiles alone, with no id and no length. Tiles are numbers, the blank `0`,
//! `x` or `X`; fields are separated by any whitespace. Boards are read with
//! this crate's blank-last goal: a file in Korf's own convention (blank top
//! left) must be converted first (a 180° rotation plus relabelling, as the
//! testdata README explains), or every 4x4 board is unsolvable against this
//! goal.
//!
//! Boards of more than 16 cells ([`LargeBoard`](crate::LargeBoard)) are read by
//! [`large_instances`] and [`parse_large_instances`], in the same format
//! (`id length t0 .. t24` for the 24-puzzle); Korf & Felner's fifty
//! 24-puzzles are built in ([`korf50`]).
//!
//! Reading never panics: every line that is not a comment yields an
//! instance or an [`InstanceError`] naming the line and what is wrong.

use crate::parse::board_from_tokens;
use crate::{Board, InstanceError, Packing, TokenExcerpt};

/// Korf's 100 random 15-puzzle instances (Korf 1985, *Artificial
/// Intelligence* 27), converted to the blank-last goal: the text of
/// `testdata/korf100-blank-last.txt`. The optimal lengths sum to 5305.
pub const KORF100: &str = include_str!("../testdata/korf100-blank-last.txt");

/// One line of an instance file: a board, its id and, when the line gives
/// it, its optimal length. The board's word is the third parameter, as for
/// [`Board`]: [`LargeInstance`] is the instance of a [`LargeBoard`](crate::LargeBoard).
///
/// # Example
///
/// ```
/// use sliding_puzzle::instances::korf100;
///
/// let korf = korf100();
/// let easiest = korf.iter().min_by_key(|instance| instance.length).unwrap();
/// assert_eq!((easiest.id, easiest.length), (Some(55), Some(41)));
/// assert!(easiest.board.is_solvable());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Instance<const W: usize, const H: usize, P: Packing = u64> {
    /// The id from the file; `None` for a line of tiles alone.
    pub id: Option<u32>,
    /// The optimal number of moves from the file; `None` for a line of
    /// tiles alone.
    pub length: Option<usize>,
    /// The board.
    pub board: Board<W, H, P>,
    /// The line it was read from, counting from 1.
    pub line: usize,
}

/// The instances of `text`, one per line that is neither blank nor a
/// comment, each read or rejected on its own: a caller can skip bad lines
/// or stop at the first, as [`parse_instances`] does.
///
/// # Example
///
/// ```
/// use sliding_puzzle::instances::instances;
///
/// let text = "# id length tiles\n1 19 2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 7 8\n1 2 3 4 5 6 7 8 x\n";
/// let read: Vec<_> = instances::<3, 3>(text).collect();
/// assert_eq!(read.len(), 3);
/// assert_eq!(read[0].as_ref().map(|i| (i.id, i.length, i.line)), Ok((Some(1), Some(19), 2)));
/// assert_eq!(read[1].as_ref().unwrap_err().line(), 4);
/// assert_eq!(read[2].as_ref().map(|i| (i.id, i.length)), Ok((None, None)));
/// ```
pub fn instances<const W: usize, const H: usize>(
    text: &str,
) -> impl Iterator<Item = Result<Instance<W, H>, InstanceError>> + '_ {
    read_instances(text)
}

/// The instances of `text` on boards packed into `P`: the body of
/// [`instances`] and [`large_instances`].
fn read_instances<const W: usize, const H: usize, P: Packing>(
    text: &str,
) -> impl Iterator<Item = Result<Instance<W, H, P>, InstanceError>> + '_ {
    text.lines().enumerate().filter_map(|(index, line)| {
        let line_text = line.trim();
        if line_text.is_empty() || line_text.starts_with('#') {
            return None;
        }
        Some(parse_line(index + 1, line_text))
    })
}

/// Every instance of `text` (see the [module docs](self) for the format).
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Fifteen, instances::parse_instances};
///
/// let text = "# Korf #55\n55 41 5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3\n";
/// let instances = parse_instances::<4, 4>(text)?;
/// assert_eq!(instances[0].id, Some(55));
/// assert_eq!(instances[0].length, Some(41));
/// assert_eq!(instances[0].line, 2);
/// assert_eq!(instances[0].board.tile(0), 5);
///
/// let err = parse_instances::<4, 4>("55 41 5 10 14\n").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "line 1: expected 18 fields (an id, a length and 16 tiles) or the 16 tiles alone, found 5"
/// );
/// # Ok::<(), sliding_puzzle::InstanceError>(())
/// ```
///
/// # Errors
///
/// The first line that cannot be read: [`InstanceError::FieldCount`],
/// [`InstanceError::NotANumber`] for the id or the length, or
/// [`InstanceError::Board`] for the tiles.
pub fn parse_instances<const W: usize, const H: usize>(
    text: &str,
) -> Result<Vec<Instance<W, H>>, InstanceError> {
    instances(text).collect()
}

/// Korf's 100 instances ([`KORF100`]), in file order, each with its id (1
/// to 100) and optimal length.
///
/// # Example
///
/// ```
/// let korf = sliding_puzzle::instances::korf100();
/// assert_eq!(korf.len(), 100);
/// assert_eq!((korf[0].id, korf[0].length), (Some(1), Some(57)));
/// assert_eq!(korf.iter().filter_map(|i| i.length).sum::<usize>(), 5305);
/// ```
///
/// # Panics
///
/// Never: the file is compiled in, and the tests read all of it.
#[must_use]
pub fn korf100() -> Vec<Instance<4, 4>> {
    // cannot fail: a constant file, read in full by this module's tests
    parse_instances::<4, 4>(KORF100).expect("the built-in Korf file reads")
}

/// Reads one line that is neither blank nor a comment.
fn parse_line<const W: usize, const H: usize, P: Packing>(
    line: usize,
    text: &str,
) -> Result<Instance<W, H, P>, InstanceError> {
    let (id, length, board) = parse_record(line, text, Board::<W, H, P>::CELLS, board_from_tokens)?;
    Ok(Instance {
        id,
        length,
        board,
        line,
    })
}

/// An instance line's id, length and board, whichever board type `board`
/// reads from the tile fields (`tiles` of them).
fn parse_record<B>(
    line: usize,
    text: &str,
    tiles: usize,
    board: impl FnOnce(&[&str]) -> Result<B, crate::ParseError>,
) -> Result<(Option<u32>, Option<usize>, B), InstanceError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (id, length, tile_fields) = match fields.as_slice() {
        all if all.len() == tiles => (None, None, all),
        [id, length, rest @ ..] if rest.len() == tiles => (
            Some(number(line, "id", id, 0)?),
            Some(number(line, "length", length, 1)?),
            rest,
        ),
        found => {
            return Err(InstanceError::FieldCount {
                line,
                expected: tiles + 2,
                tiles,
                found: found.len(),
            });
        }
    };
    let board = board(tile_fields).map_err(|error| InstanceError::Board { line, error })?;
    Ok((id, length, board))
}

/// A field of digits as a number.
fn number<T: std::str::FromStr>(
    line: usize,
    field: &'static str,
    token: &str,
    position: usize,
) -> Result<T, InstanceError> {
    let not_a_number = || InstanceError::NotANumber {
        line,
        field,
        token: TokenExcerpt::new(token),
        position,
    };
    // Digits only: `str::parse` would also take a leading `+`.
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(not_a_number());
    }
    token.parse().map_err(|_| not_a_number())
}

/// Korf's instance `id` (1 to 100), for tests and benches that name
/// instances by number.
///
/// # Example
///
/// ```
/// let korf55 = sliding_puzzle::instances::korf_instance(55).expect("ids run from 1 to 100");
/// assert_eq!(korf55.length, Some(41));
/// ```
#[must_use]
pub fn korf_instance(id: u32) -> Option<Instance<4, 4>> {
    korf100()
        .into_iter()
        .find(|instance| instance.id == Some(id))
}

/// Korf & Felner's fifty random 24-puzzle instances (Korf & Felner 2002,
/// "Disjoint pattern database heuristics", *Artificial Intelligence* 134),
/// converted to the blank-last goal: the text of
/// `testdata/korf50-24puzzle-blank-last.txt`. The optimal lengths average
/// 100.78.
pub const KORF50: &str = include_str!("../testdata/korf50-24puzzle-blank-last.txt");

/// One line of an instance file of [`LargeBoard`](crate::LargeBoard)s: [`Instance`] for
/// boards of up to 25 cells.
///
/// # Example
///
/// ```
/// let korf = sliding_puzzle::instances::korf50();
/// let first = &korf[0];
/// assert_eq!((first.id, first.length, first.line), (Some(1), Some(95), 1));
/// assert!(first.board.is_solvable());
/// ```
pub type LargeInstance<const W: usize, const H: usize> = Instance<W, H, u128>;

/// The instances of `text` as [`LargeBoard`](crate::LargeBoard)s, one per line that is
/// neither blank nor a comment, in the format of [`instances`] (`id length
/// t0 .. t24` or the tiles alone for 5x5), each read or rejected on its own.
///
/// # Example
///
/// ```
/// use sliding_puzzle::instances::large_instances;
///
/// let text = "# a 24-puzzle\n7 2 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 x 23 24\n1 2 3\n";
/// let read: Vec<_> = large_instances::<5, 5>(text).collect();
/// assert_eq!(read[0].as_ref().map(|i| (i.id, i.length, i.board.blank())), Ok((Some(7), Some(2), 22)));
/// assert_eq!(
///     read[1].as_ref().unwrap_err().to_string(),
///     "line 3: expected 27 fields (an id, a length and 25 tiles) or the 25 tiles alone, found 3"
/// );
/// ```
pub fn large_instances<const W: usize, const H: usize>(
    text: &str,
) -> impl Iterator<Item = Result<LargeInstance<W, H>, InstanceError>> + '_ {
    read_instances(text)
}

/// Every instance of `text` as [`LargeBoard`](crate::LargeBoard)s (see [`large_instances`]).
///
/// # Errors
///
/// The first line that cannot be read, as for [`parse_instances`].
pub fn parse_large_instances<const W: usize, const H: usize>(
    text: &str,
) -> Result<Vec<LargeInstance<W, H>>, InstanceError> {
    large_instances(text).collect()
}

/// Korf & Felner's fifty 24-puzzles ([`KORF50`]), in file order, each with
/// its id (1 to 50) and optimal length.
///
/// # Example
///
/// ```
/// let korf = sliding_puzzle::instances::korf50();
/// assert_eq!(korf.len(), 50);
/// assert_eq!(korf.iter().filter_map(|i| i.length).sum::<usize>(), 5039);
/// ```
///
/// # Panics
///
/// Never: the file is compiled in, and the tests read all of it.
#[must_use]
pub fn korf50() -> Vec<LargeInstance<5, 5>> {
    // cannot fail: a constant file, read in full by this module's tests
    parse_large_instances::<5, 5>(KORF50).expect("the built-in Korf & Felner file reads")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{LargeBoard, ParseError};

    #[test]
    fn the_built_in_file_reads_in_full() {
        let all = parse_instances::<4, 4>(KORF100).unwrap();
        assert_eq!(all.len(), 100);
        assert!(all.iter().all(|i| i.id.is_some() && i.length.is_some()));
        let ids: Vec<u32> = all.iter().filter_map(|i| i.id).collect();
        assert_eq!(ids, (1..=100).collect::<Vec<_>>());
    }

    #[test]
    fn errors_name_the_line_and_the_field() {
        let read = |text| parse_instances::<2, 2>(text).unwrap_err();
        assert_eq!(
            read("# c\n\n+1 3 1 2 3 x\n"),
            InstanceError::NotANumber {
                line: 3,
                field: "id",
                token: TokenExcerpt::new("+1"),
                position: 0
            }
        );
        assert_eq!(
            read("1 99999999999999999999999 1 2 3 x"),
            InstanceError::NotANumber {
                line: 1,
                field: "length",
                token: TokenExcerpt::new("99999999999999999999999"),
                position: 1
            }
        );
        assert_eq!(
            read("1 2 3 x\n1 3 1 2 y x"),
            InstanceError::Board {
                line: 2,
                error: ParseError::UnreadableToken {
                    token: "y".into(),
                    position: 2
                }
            }
        );
        assert_eq!(
            read("1 2 3"),
            InstanceError::FieldCount {
                line: 1,
                expected: 6,
                tiles: 4,
                found: 3
            }
        );
        assert_eq!(
            read("1 2 3 x 5"),
            InstanceError::FieldCount {
                line: 1,
                expected: 6,
                tiles: 4,
                found: 5
            }
        );
        assert!(parse_instances::<2, 2>("").unwrap().is_empty());
    }

    #[test]
    fn the_fifty_24_puzzles_read_in_full() {
        let all = korf50();
        let ids: Vec<u32> = all.iter().filter_map(|i| i.id).collect();
        assert_eq!(ids, (1..=50).collect::<Vec<_>>());
        assert!(all.iter().all(|i| i.board.is_solvable()));
        let lengths: Vec<usize> = all.iter().filter_map(|i| i.length).collect();
        assert_eq!(lengths.len(), 50);
        // Korf & Felner's lengths run from 81 to 114, every one even or odd
        // with the blank's distance from home.
        assert_eq!(lengths.iter().min(), Some(&81));
        assert_eq!(lengths.iter().max(), Some(&114));
        for instance in &all {
            let blank = instance.board.blank();
            let walk = (4 - blank % 5) + (4 - blank / 5);
            assert_eq!(
                instance.length.map(|l| l % 2),
                Some(walk % 2),
                "#{:?}",
                instance.id
            );
        }
    }

    #[test]
    fn large_lines_name_their_errors() {
        let goal = LargeBoard::<5, 5>::goal().to_line();
        let read = |text: &str| parse_large_instances::<5, 5>(text).unwrap_err();
        assert_eq!(
            read(&format!("1 x {goal}")),
            InstanceError::NotANumber {
                line: 1,
                field: "length",
                token: TokenExcerpt::new("x"),
                position: 1
            }
        );
        assert_eq!(
            read(&format!("# c\n1 0 {}", goal.replace("24", "26"))),
            InstanceError::Board {
                line: 2,
                error: ParseError::TileOutOfRange {
                    tile: 26,
                    position: 23,
                    max: 24
                }
            }
        );
        assert_eq!(
            read("1 2 3 4"),
            InstanceError::FieldCount {
                line: 1,
                expected: 27,
                tiles: 25,
                found: 4
            }
        );
        let alone = parse_large_instances::<5, 5>(&goal).unwrap();
        assert_eq!((alone[0].id, alone[0].length), (None, None));
        assert!(alone[0].board.is_goal());
    }

    #[test]
    fn korf_lookups() {
        assert_eq!(korf_instance(101), None);
        assert_eq!(korf_instance(1).map(|i| i.line), Some(1));
    }
}
