//! The whole 8-puzzle solved in advance (the classic 打表): one
//! breadth-first search backward from the goal, stored by dense rank.

use std::fmt;

use crate::board::Board;
use crate::{Eight, Move};

/// The number of entries: every arrangement of 9 cells, 9!.
const ENTRIES: usize = 362_880;

/// Marks an arrangement the goal cannot reach.
const UNREACHED: u8 = u8::MAX;

/// The distance to the goal and the first move of an optimal solution for
/// every solvable 3x3 board: 181,440 boards, answered in O(distance) with no
/// search.
///
/// One byte per rank ([`Board::rank`], 9! entries, 354 KiB): the distance
/// in the high six bits, the move toward the goal (as a blank move) in the
/// low two. Built by one breadth-first search from the goal; a board's move
/// undoes the move that first reached it, so following moves walks an
/// optimal path home.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Eight, EightTable};
///
/// let table = EightTable::build();
/// let board: Eight = "2 3 4 1 5 x 7 6 8".parse()?;
/// assert_eq!(table.distance(&board), Some(19));
/// let moves = table.solve(&board).expect("solvable");
/// board.verify_solution(&moves)?;
/// assert_eq!(table.histogram().len(), 32); // distances 0 to 31
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct EightTable {
    /// `entries[rank]`: distance << 2 | move toward the goal, or UNREACHED.
    entries: Vec<u8>,
    /// Boards at each distance.
    histogram: Vec<u64>,
}

/// The table index of a board.
#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "3x3 ranks are below 9! = 362,880"
)]
fn index(board: &Eight) -> usize {
    board.rank() as usize
}

impl EightTable {
    /// Solves every 3x3 board by breadth-first search from the goal.
    ///
    /// # Example
    ///
    /// ```
    /// let table = sliding_puzzle::EightTable::build();
    /// assert_eq!(table.reachable(), 181_440);
    /// ```
    ///
    /// # Complexity
    ///
    /// 181,440 boards expanded, about 480,000 ranks computed, 354 KiB for
    /// the table and 2.9 MB for the queue while building (a few
    /// milliseconds in a release build).
    #[must_use]
    pub fn build() -> Self {
        let mut entries = vec![UNREACHED; ENTRIES];
        let goal = Eight::goal();
        entries[index(&goal)] = 0;
        // The queue holds each board with its move back to its parent, which
        // need not be generated again (saving a third of the ranks).
        let mut queue: Vec<(Eight, Option<Move>)> = Vec::with_capacity(ENTRIES / 2);
        queue.push((goal, None));
        let mut histogram = vec![1];
        let mut layer = 0..1;
        let mut distance: u8 = 0;
        while !layer.is_empty() {
            distance += 1;
            for i in layer.clone() {
                let (board, back) = queue[i];
                for &mv in board.move_list() {
                    let m = mv.direction();
                    if Some(m) == back {
                        continue;
                    }
                    let (child, _) = board.slide_by(mv);
                    let entry = &mut entries[index(&child)];
                    if *entry == UNREACHED {
                        *entry = distance << 2 | m.opposite() as u8;
                        queue.push((child, Some(m.opposite())));
                    }
                }
            }
            layer = layer.end..queue.len();
            if !layer.is_empty() {
                histogram.push(layer.len() as u64);
            }
        }
        EightTable { entries, histogram }
    }

    fn entry(&self, board: &Eight) -> Option<u8> {
        let entry = self.entries[index(board)];
        (entry != UNREACHED).then_some(entry)
    }

    /// The fewest moves from `board` to the goal, or `None` if it is
    /// unsolvable.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, EightTable};
    ///
    /// let table = EightTable::build();
    /// assert_eq!(table.distance(&Eight::goal()), Some(0));
    /// assert_eq!(table.distance(&"8 6 7 2 5 4 3 x 1".parse()?), Some(31));
    /// assert_eq!(table.distance(&"2 1 3 4 5 6 7 8 x".parse()?), None);
    /// # Ok::<(), sliding_puzzle::ParseError>(())
    /// ```
    #[must_use]
    pub fn distance(&self, board: &Eight) -> Option<u8> {
        self.entry(board).map(|entry| entry >> 2)
    }

    /// An optimal solution for `board`, or `None` if it is unsolvable.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, EightTable};
    ///
    /// let table = EightTable::build();
    /// let board = Eight::random_solvable(5);
    /// let moves = table.solve(&board).expect("random_solvable boards are solvable");
    /// assert_eq!(Some(moves.len()), table.distance(&board).map(usize::from));
    /// board.verify_solution(&moves)?;
    /// # Ok::<(), sliding_puzzle::MoveError>(())
    /// ```
    ///
    /// # Complexity
    ///
    /// O(d) for a board d moves from the goal: one rank per move.
    #[must_use]
    pub fn solve(&self, board: &Eight) -> Option<Vec<Move>> {
        let mut entry = self.entry(board)?;
        let mut board = *board;
        let mut moves = Vec::with_capacity(usize::from(entry >> 2));
        while entry >> 2 > 0 {
            let m = Move::from_index(entry & 3);
            // cannot fail: the table only stores legal moves toward the goal
            board = board.apply(m)?;
            moves.push(m);
            entry = self.entry(&board)?;
        }
        Some(moves)
    }

    /// How many boards lie at each distance from the goal: `histogram()[d]`
    /// boards need exactly `d` moves. The last distance is the 8-puzzle's
    /// diameter, 31.
    ///
    /// # Example
    ///
    /// ```
    /// let table = sliding_puzzle::EightTable::build();
    /// assert_eq!(table.histogram()[..4], [1, 2, 4, 8]);
    /// assert_eq!(table.histogram()[31], 2);
    /// ```
    #[must_use]
    pub fn histogram(&self) -> &[u64] {
        &self.histogram
    }

    /// The number of boards that reach the goal: 181,440, half of 9!.
    ///
    /// # Example
    ///
    /// ```
    /// let table = sliding_puzzle::EightTable::build();
    /// assert_eq!(table.reachable(), 181_440);
    /// ```
    #[must_use]
    pub fn reachable(&self) -> u64 {
        self.histogram.iter().sum()
    }
}

impl fmt::Debug for EightTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EightTable")
            .field("reachable", &self.reachable())
            .field("max_distance", &(self.histogram.len() - 1))
            .finish_non_exhaustive()
    }
}

// Keeps the index helper honest: the table is sized for 3x3 ranks.
const _: () = assert!(Board::<3, 3>::ARRANGEMENTS == ENTRIES as u64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn farthest_boards() {
        let table = EightTable::build();
        for line in ["8 6 7 2 5 4 3 x 1", "6 4 7 8 5 x 3 2 1"] {
            let board: Eight = line.parse().unwrap();
            assert_eq!(table.distance(&board), Some(31));
            let moves = table.solve(&board).unwrap();
            assert_eq!(moves.len(), 31);
            assert_eq!(board.verify_solution(&moves), Ok(()));
        }
        assert_eq!(table.solve(&Eight::goal()), Some(Vec::new()));
        assert!(format!("{table:?}").contains("181440"));
    }
}
