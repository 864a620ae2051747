//! The knight moves' lower bound ([`knight_bound`]) and a case searched
//! with it as its heuristic both ways ([`Guided`]).

use frontier::{BidirectionalProblem, RankedStates, ReversibleProblem, SearchProblem, Step};

use crate::{Knight, Square};

/// A lower bound of the knight moves from `from` to `to` on any board:
/// a move changes x by at most 2, y by at most 2 and x + y by at most 3,
/// so at least `max(⌈dx/2⌉, ⌈dy/2⌉, ⌈(dx+dy)/3⌉)` moves are needed; and
/// every move changes the parity of x + y, so their number has the parity
/// of `dx + dy`, and the bound is raised by 1 where it has the other.
///
/// Admissible on every board: a path on a bounded board is a path on the
/// unbounded one, where the three counts and the parity hold, so walls
/// (the board's edges near a corner, where a knight needs detours) only
/// make the true number larger. Consistent: each count changes by at most
/// 1 a move and the parity flips, so the bound of two neighbours differs
/// by exactly 1 (the tests check both against BFS on every pair of
/// squares of the small boards).
///
/// # Example
///
/// ```
/// use knight::knight_bound;
///
/// assert_eq!(knight_bound((0, 0), (0, 0)), 0);
/// assert_eq!(knight_bound((0, 0), (1, 2)), 1);
/// // One square away: 1 by the counts, 3 by parity and the moves needed.
/// assert_eq!(knight_bound((0, 0), (1, 0)), 1);
/// assert_eq!(knight_bound((0, 0), (1, 1)), 2);
/// assert_eq!(knight_bound((0, 0), (299, 299)), 200);
/// ```
///
/// # Complexity
///
/// O(1).
#[must_use]
pub fn knight_bound((x0, y0): Square, (x1, y1): Square) -> u32 {
    let dx = u32::from(x0.abs_diff(x1));
    let dy = u32::from(y0.abs_diff(y1));
    let counts = dx
        .div_ceil(2)
        .max(dy.div_ceil(2))
        .max((dx + dy).div_ceil(3));
    counts + (counts + dx + dy) % 2
}

/// A case searched with a heuristic: the knight's moves, and as heuristic
/// [`knight_bound`] (to the target forward, to the start backward) or
/// zero.
///
/// # Example
///
/// ```
/// use frontier::SearchProblem;
/// use knight::{Guided, Knight};
///
/// let case = Knight { size: 8, start: (0, 0), target: (7, 0) };
/// assert_eq!(Guided { case, bound: true }.heuristic(&(0, 0)), 5);
/// assert_eq!(Guided { case, bound: false }.heuristic(&(0, 0)), 0);
/// let solution = frontier::mm(&Guided { case, bound: true }).into_solution().unwrap();
/// assert_eq!(solution.len(), 5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guided {
    /// The case.
    pub case: Knight,
    /// Whether the heuristic is [`knight_bound`] (else zero).
    pub bound: bool,
}

impl SearchProblem for Guided {
    type State = Square;
    type Action = (i8, i8);
    type Cost = u32;

    fn start(&self) -> Square {
        self.case.start
    }

    fn is_goal(&self, square: &Square) -> bool {
        self.case.is_goal(square)
    }

    fn successors(&self, square: &Square) -> impl Iterator<Item = Step<Square, (i8, i8), u32>> {
        self.case.successors(square)
    }

    fn heuristic(&self, &square: &Square) -> u32 {
        if self.bound {
            knight_bound(square, self.case.target)
        } else {
            0
        }
    }
}

impl BidirectionalProblem for Guided {
    fn goal(&self) -> Square {
        self.case.target
    }

    fn predecessors(&self, square: &Square) -> impl Iterator<Item = Step<Square, (i8, i8), u32>> {
        self.case.predecessors(square)
    }

    /// [`knight_bound`] to the start: moves read backward are knight
    /// moves too.
    fn backward_heuristic(&self, &square: &Square) -> u32 {
        if self.bound {
            knight_bound(square, self.case.start)
        } else {
            0
        }
    }
}

/// A square's rank is `y · size + x`: at most 90,000 squares.
impl RankedStates for Guided {
    fn state_count(&self) -> usize {
        usize::from(self.case.size) * usize::from(self.case.size)
    }

    fn rank(&self, &(x, y): &Square) -> usize {
        usize::from(y) * usize::from(self.case.size) + usize::from(x)
    }
}

/// Move `(dx, dy)` is undone by `(-dx, -dy)`, at the same cost 1.
impl ReversibleProblem for Guided {}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;
    use crate::{MIN_SIZE, MOVES};

    /// A case on a `size` board.
    fn case(size: u16, start: Square, target: Square) -> Knight {
        Knight {
            size,
            start,
            target,
        }
    }

    /// The fewest moves from `from` to every square of a `size` board, by a
    /// breadth-first search written here: the oracle of the tests below.
    fn distances(size: u16, from: Square) -> Vec<Vec<Option<u32>>> {
        let board = case(size, from, from);
        let mut distance = vec![vec![None; usize::from(size)]; usize::from(size)];
        distance[usize::from(from.0)][usize::from(from.1)] = Some(0);
        let mut queue = VecDeque::from([from]);
        while let Some(square) = queue.pop_front() {
            let next = distance[usize::from(square.0)][usize::from(square.1)].map(|d| d + 1);
            for m in MOVES {
                if let Some((x, y)) = board.jump(square, m) {
                    let seen = &mut distance[usize::from(x)][usize::from(y)];
                    if seen.is_none() {
                        *seen = next;
                        queue.push_back((x, y));
                    }
                }
            }
        }
        distance
    }

    /// Every square of a `size` board.
    fn squares(size: u16) -> impl Iterator<Item = Square> {
        (0..size).flat_map(move |x| (0..size).map(move |y| (x, y)))
    }

    #[test]
    fn the_bound_never_overestimates_and_changes_by_one_a_move() {
        // The small boards, where the edges force the most detours: every
        // pair of squares, against the true distance.
        for size in MIN_SIZE..=10 {
            for from in squares(size) {
                let distance = distances(size, from);
                for to in squares(size) {
                    let true_distance = distance[usize::from(to.0)][usize::from(to.1)];
                    let true_distance = true_distance.expect("every square reaches every other");
                    let bound = knight_bound(from, to);
                    assert!(
                        bound <= true_distance,
                        "{size}x{size}, {from:?} to {to:?}: bound {bound}, distance {true_distance}"
                    );
                    assert_eq!(bound % 2, true_distance % 2, "parity of {from:?} to {to:?}");
                    assert_eq!(knight_bound(to, from), bound, "symmetric");
                    for step in case(size, from, to).successors(&from) {
                        let next = knight_bound(step.state, to);
                        assert_eq!(next.abs_diff(bound), 1, "{from:?} then {:?}", step.state);
                    }
                }
            }
        }
        // The corner trap: a diagonal neighbour of a corner is 4 moves away
        // on a board (2 on an unbounded one); the bound says 2.
        assert_eq!(distances(8, (0, 0))[1][1], Some(4));
        assert_eq!(knight_bound((0, 0), (1, 1)), 2);
    }
}
