//! One case ([`Knight`]): a knight going from one square to another of a
//! square board, as a search problem both ways.

use frontier::{BidirectionalProblem, SearchProblem, Step};

/// The smallest board size POJ 1915 allows.
pub const MIN_SIZE: u16 = 4;

/// The largest board size POJ 1915 allows.
pub const MAX_SIZE: u16 = 300;

/// The eight knight moves as `(dx, dy)`.
pub const MOVES: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A square: `(x, y)`, each in `0..size`.
pub type Square = (u16, u16);

/// One case: a knight going from `start` to `target` on a `size`×`size`
/// board.
///
/// Knight moves are their own inverses (`(dx, dy)` is undone by
/// `(-dx, -dy)`, also a knight move), so the problem states
/// [`BidirectionalProblem`] with predecessors reached by the opposite
/// moves. Its heuristic is zero; [`Guided`](crate::Guided) searches it
/// with [`knight_bound`](crate::knight_bound).
///
/// # Example
///
/// ```
/// use knight::Knight;
///
/// let case = Knight { size: 8, start: (0, 0), target: (7, 0) };
/// assert_eq!(frontier::bidirectional_bfs(&case).solution().unwrap().len(), 5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Knight {
    /// The board's side.
    pub size: u16,
    /// Where the knight starts.
    pub start: Square,
    /// Where it must go.
    pub target: Square,
}

impl Knight {
    /// The square `(dx, dy)` away from `from`, if it is on the board: one
    /// move, as a path is replayed.
    ///
    /// # Example
    ///
    /// ```
    /// use knight::Knight;
    ///
    /// let case = Knight { size: 8, start: (0, 0), target: (7, 0) };
    /// assert_eq!(case.jump((0, 0), (1, 2)), Some((1, 2)));
    /// assert_eq!(case.jump((0, 0), (-1, 2)), None);
    /// ```
    #[must_use]
    pub fn jump(&self, (x, y): Square, (dx, dy): (i8, i8)) -> Option<Square> {
        let x = x.checked_add_signed(i16::from(dx))?;
        let y = y.checked_add_signed(i16::from(dy))?;
        (x < self.size && y < self.size).then_some((x, y))
    }
}

impl SearchProblem for Knight {
    type State = Square;
    type Action = (i8, i8);
    type Cost = u32;

    fn start(&self) -> Square {
        self.start
    }

    fn is_goal(&self, square: &Square) -> bool {
        *square == self.target
    }

    fn successors(&self, &square: &Square) -> impl Iterator<Item = Step<Square, (i8, i8), u32>> {
        MOVES
            .into_iter()
            .filter_map(move |m| Some(Step::new(m, self.jump(square, m)?, 1)))
    }
}

impl BidirectionalProblem for Knight {
    fn goal(&self) -> Square {
        self.target
    }

    /// The square `-m` away, from which move `m` leads here.
    fn predecessors(&self, &square: &Square) -> impl Iterator<Item = Step<Square, (i8, i8), u32>> {
        MOVES.into_iter().filter_map(move |(dx, dy)| {
            Some(Step::new((dx, dy), self.jump(square, (-dx, -dy))?, 1))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predecessors_lead_back() {
        let case = Knight {
            size: 5,
            start: (0, 0),
            target: (4, 4),
        };
        for square in [(0, 0), (2, 2), (4, 1)] {
            for step in case.predecessors(&square) {
                assert_eq!(case.jump(step.state, step.action), Some(square));
            }
        }
    }
}
