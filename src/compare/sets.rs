//! The sets of instances a comparison runs: the defaults (the POJ sample,
//! random 3x3 boards, 4x4 walks, Korf's easiest, random pancake stacks) and
//! those read from files.

use std::collections::BTreeMap;

use pancake::Stack;
use sliding_puzzle::{AnyBoard, Eight, Fifteen};

use crate::lines::{InvalidUtf8, lines};
use crate::strategy::Size;

/// POJ 1077's sample board.
pub const POJ_SAMPLE: &str = "2 3 4 1 5 x 7 6 8";

/// What an instance starts from: a sliding-puzzle board or a pancake stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// A 3x3 or 4x4 board.
    Board(AnyBoard),
    /// A pancake stack.
    Stack(Stack),
}

impl Start {
    /// The one-line form: the tiles, or the pancakes top first.
    #[must_use]
    pub fn to_line(&self) -> String {
        match self {
            Start::Board(board) => board.to_line(),
            Start::Stack(stack) => stack.to_string(),
        }
    }
}

/// A board or stack to solve, with where it comes from and, if published,
/// its optimal length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The board or stack.
    pub start: Start,
    /// Where it comes from: `seed 3`, `korf #16`, `line 7`.
    pub origin: String,
    /// The published optimal length, if known.
    pub known_length: Option<usize>,
}

/// Boards of one size, compared as a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSet {
    /// The name in the table: `3x3 random`, `4x4 korf`.
    pub name: String,
    /// The size of every board of the set.
    pub size: Size,
    /// The boards.
    pub instances: Vec<Instance>,
}

/// What the default run solves, sized by [`DefaultSets`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefaultSets {
    /// How many uniformly random solvable 3x3 boards.
    pub random: usize,
    /// The seed of the random boards and walks.
    pub seed: u64,
    /// The lengths of the random walks from the 4x4 goal.
    pub walks: Vec<usize>,
    /// How many of Korf's instances, easiest (shortest optimal solution)
    /// first.
    pub korf: usize,
    /// The sizes of the random pancake stacks, a set per size.
    pub stack_sizes: Vec<usize>,
    /// How many random pancake stacks of each size.
    pub stacks: usize,
}

impl Default for DefaultSets {
    fn default() -> Self {
        DefaultSets {
            random: 100,
            seed: 1077,
            walks: vec![10, 20, 30, 40, 50],
            korf: 2,
            stack_sizes: vec![8, 10, 12],
            stacks: 5,
        }
    }
}

impl DefaultSets {
    /// The sets: the POJ sample, random 3x3 boards, 4x4 random walks, the
    /// easiest Korf instances, and random pancake stacks of each size.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier_workspace::compare::DefaultSets;
    ///
    /// let sets = DefaultSets {
    ///     random: 5, seed: 1, walks: vec![10], korf: 1, stack_sizes: vec![9, 12], stacks: 2,
    /// }.build();
    /// let names: Vec<_> = sets.iter().map(|s| s.name.as_str()).collect();
    /// assert_eq!(names, ["poj sample", "3x3 random", "4x4 walks", "4x4 korf", "9 pancakes", "12 pancakes"]);
    /// assert_eq!(sets[3].instances[0].known_length, Some(41)); // instance #55
    /// assert_eq!(sets[5].instances.len(), 2);
    /// ```
    #[must_use]
    pub fn build(&self) -> Vec<BoardSet> {
        let sample = Instance {
            // cannot fail: a constant, checked by the tests
            start: Start::Board(POJ_SAMPLE.parse().unwrap_or(AnyBoard::Eight(Eight::goal()))),
            origin: "poj 1077".to_owned(),
            known_length: Some(19),
        };
        let random = (0..self.random as u64)
            .map(|i| Instance {
                start: Start::Board(AnyBoard::Eight(Eight::random_solvable(
                    self.seed.wrapping_add(i),
                ))),
                origin: format!("seed {}", self.seed.wrapping_add(i)),
                known_length: None,
            })
            .collect();
        let walks = self
            .walks
            .iter()
            .enumerate()
            .map(|(i, &len)| {
                let seed = self.seed.wrapping_add(i as u64);
                Instance {
                    start: Start::Board(AnyBoard::Fifteen(Fifteen::random_walk(seed, len))),
                    origin: format!("walk of {len} (seed {seed})"),
                    known_length: None,
                }
            })
            .collect();
        let mut korf = korf_instances();
        korf.sort_by_key(|instance| instance.known_length);
        korf.truncate(self.korf);
        let sets = [
            ("poj sample", Size::Three, vec![sample]),
            ("3x3 random", Size::Three, random),
            ("4x4 walks", Size::Four, walks),
            ("4x4 korf", Size::Four, korf),
        ];
        let boards = sets.into_iter().map(|(name, size, instances)| BoardSet {
            name: name.to_owned(),
            size,
            instances,
        });
        boards
            .chain(self.stack_sizes.iter().map(|&len| self.pancakes(len)))
            .filter(|set| !set.instances.is_empty())
            .collect()
    }

    /// `stacks` random stacks of `len` pancakes (clamped to
    /// `1..=Stack::MAX_LEN`), the `i`-th drawn from seed `seed + i`.
    fn pancakes(&self, len: usize) -> BoardSet {
        let len = len.clamp(1, Stack::MAX_LEN);
        let instances = (0..self.stacks as u64)
            .map(|i| {
                let seed = self.seed.wrapping_add(i);
                Instance {
                    start: Start::Stack(Stack::random(len, seed)),
                    origin: format!("seed {seed}"),
                    known_length: None,
                }
            })
            .collect();
        BoardSet {
            name: format!("{len} pancakes"),
            size: Size::Pancakes,
            instances,
        }
    }
}

/// Korf's 100 instances with their optimal lengths, in file order.
///
/// # Example
///
/// ```
/// let korf = frontier_workspace::compare::korf_instances();
/// assert_eq!(korf.len(), 100);
/// assert_eq!(korf[0].known_length, Some(57));
/// ```
#[must_use]
pub fn korf_instances() -> Vec<Instance> {
    sliding_puzzle::instances::korf100()
        .into_iter()
        .map(|instance| Instance {
            start: Start::Board(AnyBoard::Fifteen(instance.board)),
            origin: instance.id.map_or_else(
                || format!("korf line {}", instance.line),
                |id| format!("korf #{id}"),
            ),
            known_length: instance.length,
        })
        .collect()
}

/// Reads a file of boards, one per line (9 tiles for 3x3, 16 for 4x4, `x`
/// or 0 for the blank); blank lines and lines starting with `#` are
/// skipped. Returns a set per size present, named after `name`, and one
/// message per line that was skipped (unreadable, not UTF-8, or
/// unsolvable), with its line number.
///
/// # Example
///
/// ```
/// use frontier_workspace::compare::read_boards;
///
/// let text = b"# mine\n2 3 4 1 5 x 7 6 8\n1 2 3\n2 1 3 4 5 6 7 8 x\n1 \xff\n";
/// let (sets, skipped) = read_boards("boards.txt", text);
/// assert_eq!(sets.len(), 1);
/// assert_eq!(sets[0].name, "boards.txt 3x3");
/// assert_eq!(skipped.len(), 3);
/// assert!(skipped[0].starts_with("boards.txt:3: "));
/// assert_eq!(skipped[2], "boards.txt:5: invalid UTF-8 at byte 3");
/// ```
#[must_use]
pub fn read_boards(name: &str, text: &[u8]) -> (Vec<BoardSet>, Vec<String>) {
    let mut three = Vec::new();
    let mut four = Vec::new();
    let mut skipped = Vec::new();
    for (number, line) in content_lines(text) {
        let line = match line {
            Ok(line) => line,
            Err(err) => {
                skipped.push(format!("{name}:{number}: {err}"));
                continue;
            }
        };
        match line.parse::<AnyBoard>() {
            Ok(board) if !board.is_solvable() => {
                skipped.push(format!(
                    "{name}:{number}: unsolvable board, nothing to compare"
                ));
            }
            Ok(board) => {
                let instance = Instance {
                    start: Start::Board(board),
                    origin: format!("line {number}"),
                    known_length: None,
                };
                match board {
                    AnyBoard::Eight(_) => three.push(instance),
                    AnyBoard::Fifteen(_) => four.push(instance),
                }
            }
            Err(err) => skipped.push(format!("{name}:{number}: {err}")),
        }
    }
    let sets = [(Size::Three, three), (Size::Four, four)]
        .into_iter()
        .filter(|(_, instances)| !instances.is_empty())
        .map(|(size, instances)| BoardSet {
            name: format!("{name} {size}"),
            size,
            instances,
        })
        .collect();
    (sets, skipped)
}

/// Reads a file of pancake stacks, one per line, top first (`3 1 2`);
/// blank lines and lines starting with `#` are skipped. Returns a set per
/// number of pancakes present, named after `name`, and one message per line
/// that was skipped (unreadable, or not UTF-8), with its line number.
///
/// # Example
///
/// ```
/// use frontier_workspace::compare::read_stacks;
///
/// let (sets, skipped) = read_stacks("stacks.txt", b"# mine\n3 1 2\n1 2 two\n4 3 2 1 5\n2 3 1\n");
/// let names: Vec<_> = sets.iter().map(|s| s.name.as_str()).collect();
/// assert_eq!(names, ["stacks.txt 3 pancakes", "stacks.txt 5 pancakes"]);
/// assert_eq!(sets[0].instances.len(), 2);
/// assert_eq!(skipped, ["stacks.txt:3: unreadable token \"two\" at position 2 (expected a pancake number)"]);
/// ```
#[must_use]
pub fn read_stacks(name: &str, text: &[u8]) -> (Vec<BoardSet>, Vec<String>) {
    let mut by_size: BTreeMap<usize, Vec<Instance>> = BTreeMap::new();
    let mut skipped = Vec::new();
    for (number, line) in content_lines(text) {
        let line = match line {
            Ok(line) => line,
            Err(err) => {
                skipped.push(format!("{name}:{number}: {err}"));
                continue;
            }
        };
        match line.parse::<Stack>() {
            Ok(stack) => by_size.entry(stack.len()).or_default().push(Instance {
                start: Start::Stack(stack),
                origin: format!("line {number}"),
                known_length: None,
            }),
            Err(err) => skipped.push(format!("{name}:{number}: {err}")),
        }
    }
    let sets = by_size
        .into_iter()
        .map(|(len, instances)| BoardSet {
            name: format!("{name} {len} pancakes"),
            size: Size::Pancakes,
            instances,
        })
        .collect();
    (sets, skipped)
}

/// The lines of a file of boards or stacks that are neither blank nor
/// comments, numbered from 1 and trimmed; a line that is not UTF-8 comes
/// as the place it breaks (a comment is a comment whatever its bytes).
fn content_lines(text: &[u8]) -> impl Iterator<Item = (usize, Result<&str, InvalidUtf8>)> {
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
