//! Moves on the board: the tables of the blank's moves from each cell,
//! and sliding a tile, undoing a slide and replaying move sequences, for
//! both words; the `u64` board's move table ([`BlankMove`]) is here, the
//! `u128` board's in `large_moves`.

use super::{Board, Packing, small};
use crate::{Move, MoveError, MoveSequence};

/// What one move does to a board: `tile` slides from cell `from` into cell
/// `to`, where the blank was (the blank goes the other way). It is what
/// [`Heuristic::update`](crate::Heuristic::update) needs to adjust an
/// estimate instead of recomputing it.
///
/// # Example
///
/// ```
/// use sliding_puzzle::{Eight, Move, Slide};
///
/// // The blank, bottom right, moves up: tile 6 slides down into its cell.
/// let (board, slide) = Eight::goal().apply_with_slide(Move::Up).expect("a legal move");
/// assert_eq!(slide, Slide { tile: 6, from: 5, to: 8 });
/// assert_eq!(board.blank(), slide.from);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide {
    /// The tile that moved (never 0, the blank).
    pub tile: u8,
    /// The cell it left: the blank's cell after the move.
    pub from: usize,
    /// The cell it entered: the blank's cell before the move.
    pub to: usize,
}

/// Marks a move off the board in the neighbour table.
pub(super) const OFF: u8 = u8::MAX;

/// A legal move of the blank from one cell, as the move table holds it:
/// the direction, the cell the blank goes to, and what slides the tile
/// there into the blank's cell, worked out once for the table rather than
/// per move.
///
/// It is the move of [`Puzzle`](crate::Puzzle)'s in-place search
/// ([`frontier::InPlaceProblem`]); the board it applies to is the one whose
/// blank it was listed for.
///
/// # Example
///
/// ```
/// use frontier::{InPlaceProblem, SearchProblem};
/// use sliding_puzzle::{Eight, Manhattan, Move, Puzzle};
///
/// let puzzle = Puzzle::new(Eight::goal(), Manhattan);
/// let mut state = puzzle.start();
/// // The blank is bottom right (cell 8): it can go left or up.
/// let moves: Vec<_> = puzzle.moves(&state).collect();
/// let listed: Vec<_> = moves.iter().map(|m| (m.direction(), m.cell())).collect();
/// assert_eq!(listed, [(Move::Left, 7), (Move::Up, 5)]);
/// let applied = puzzle.apply(&mut state, moves[1]);
/// assert_eq!(state.board.to_line(), "1 2 3 4 5 x 7 8 6");
/// assert_eq!(state.h, 1);
/// puzzle.undo(&mut state, applied.undo);
/// assert_eq!(state, puzzle.start());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlankMove {
    /// Where the blank goes, as `Move as u8`: a plain byte, so that no
    /// value of it marks `None` in an `Option<BlankMove>`, a test the move
    /// loop would otherwise make per move (measured 7% slower).
    direction: u8,
    /// The cell it goes to.
    cell: u8,
    /// `4 * cell`: where the tile sits in the packed board.
    shift: u8,
    /// A 1 in the lowest bit of the blank's nibble and of `cell`'s: the
    /// tile times this is the XOR that swaps the two (the blank is 0).
    spread: u64,
}

impl BlankMove {
    /// Where the blank goes.
    #[must_use]
    #[inline]
    pub fn direction(self) -> Move {
        Move::from_index(self.direction)
    }

    /// The cell the blank goes to, row-major from 0.
    #[must_use]
    #[inline]
    pub fn cell(self) -> usize {
        usize::from(self.cell)
    }
}

/// The moves the blank can make from one cell, in [`SEARCH_ORDER`]: a
/// [`BlankMove`] for a `u64` board, a
/// [`LargeBlankMove`](crate::LargeBlankMove) for a `u128` one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveList<M> {
    pub(super) len: u8,
    pub(super) moves: [M; 4],
}

impl<M> MoveList<M> {
    #[inline]
    pub(crate) fn as_slice(&self) -> &[M] {
        &self.moves[..usize::from(self.len)]
    }
}

const fn neighbours(w: usize, h: usize) -> [[u8; 4]; 32] {
    let mut table = [[OFF; 4]; 32];
    let mut k = 0;
    while k < w * h {
        let (row, col) = (k / w, k % w);
        if row > 0 {
            table[k][Move::Up as usize] = small(k - w);
        }
        if row + 1 < h {
            table[k][Move::Down as usize] = small(k + w);
        }
        if col > 0 {
            table[k][Move::Left as usize] = small(k - 1);
        }
        if col + 1 < w {
            table[k][Move::Right as usize] = small(k + 1);
        }
        k += 1;
    }
    table
}

/// The order successors are generated in: Korf's order (blank up, left,
/// right, down) turned by the 180° rotation that maps his goal onto ours, so
/// IDA* visits a converted instance's tree exactly as his program visits the
/// original, and node counts compare with his published ones.
const SEARCH_ORDER: [Move; 4] = [Move::Down, Move::Right, Move::Left, Move::Up];

/// `listed(w, h)[cell]`: the legal blank moves from `cell` in
/// [`SEARCH_ORDER`], as (direction, cell the blank goes to), and their
/// count: what each word's move table is built from.
pub(super) const fn listed(width: usize, height: usize) -> [([(Move, u8); 4], u8); 32] {
    let next = neighbours(width, height);
    let mut lists = [([(Move::Up, OFF); 4], 0); 32];
    let mut cell = 0;
    while cell < width * height {
        let mut index = 0;
        while index < 4 {
            let direction = SEARCH_ORDER[index];
            let to = next[cell][direction as usize];
            if to != OFF {
                let len = lists[cell].1 as usize;
                lists[cell].0[len] = (direction, to);
                lists[cell].1 += 1;
            }
            index += 1;
        }
        cell += 1;
    }
    lists
}

const fn move_lists(width: usize, height: usize) -> [MoveList<BlankMove>; 16] {
    let listed = listed(width, height);
    let none = BlankMove {
        direction: 0,
        cell: OFF,
        shift: 0,
        spread: 0,
    };
    let mut lists = [MoveList {
        len: 0,
        moves: [none; 4],
    }; 16];
    let mut cell = 0;
    while cell < width * height {
        let (moves, len) = listed[cell];
        lists[cell].len = len;
        let mut index = 0;
        while index < len as usize {
            let (direction, to) = moves[index];
            lists[cell].moves[index] = BlankMove {
                direction: direction as u8,
                cell: to,
                shift: 4 * to,
                spread: 1 << (4 * cell) | 1 << (4 * to as usize),
            };
            index += 1;
        }
        cell += 1;
    }
    lists
}

impl<const W: usize, const H: usize> Board<W, H> {
    /// `MOVES[cell]`: the legal blank moves from `cell` in [`SEARCH_ORDER`].
    pub(crate) const MOVES: &'static [MoveList<BlankMove>; 16] = &move_lists(W, Self::CELLS / W);

    /// The legal moves of a blank in `cell`, in [`SEARCH_ORDER`].
    #[inline]
    pub(super) fn moves_from(cell: usize) -> &'static [BlankMove] {
        // The mask lets the compiler drop the bounds check: cell < 16.
        Self::MOVES[cell & 15].as_slice()
    }

    /// [`slide`](Self::slide) by an entry of this board's move list: the
    /// same board and slide, with the shift and the XOR pattern read from
    /// the table instead of computed.
    #[inline]
    pub(super) fn slide_by_entry(self, mv: BlankMove) -> (Self, Slide) {
        let tile = ((self.packed >> mv.shift) & 0xF) as u8;
        // The blank's nibble is zero: XOR moves the tile without masking.
        let packed = self.packed ^ u64::from(tile).wrapping_mul(mv.spread);
        let slide = Slide {
            tile,
            from: usize::from(mv.cell),
            to: usize::from(self.blank),
        };
        (
            Board {
                packed,
                blank: mv.cell,
            },
            slide,
        )
    }

    /// The slide that [`slide_by_entry`](Self::slide_by_entry) would make.
    #[inline]
    pub(super) fn slide_of_entry(self, mv: BlankMove) -> Slide {
        Slide {
            tile: ((self.packed >> mv.shift) & 0xF) as u8,
            from: usize::from(mv.cell),
            to: usize::from(self.blank),
        }
    }
}

/// The move tables, whichever the word: what [`Puzzle`](crate::Puzzle)
/// searches with.
impl<const W: usize, const H: usize, P: Packing> Board<W, H, P> {
    /// The legal blank moves, in [`SEARCH_ORDER`]: entries of the word's
    /// move table ([`Packing::BlankMove`]).
    #[inline]
    pub(crate) fn move_list(&self) -> &'static [P::BlankMove] {
        P::moves_from::<W, H>(usize::from(self.blank))
    }

    /// [`slide`](Self::slide) by an entry of this board's
    /// [`move_list`](Self::move_list).
    #[inline]
    pub(crate) fn slide_by(self, mv: P::BlankMove) -> (Self, Slide) {
        P::slide_by(self, mv)
    }

    /// The slide that [`slide_by`](Self::slide_by) would make, without
    /// the board after it.
    #[inline]
    pub(crate) fn slide_of(self, mv: P::BlankMove) -> Slide {
        P::slide_of(self, mv)
    }

    /// The difference between two boards' cells, which
    /// [`with_difference`](Self::with_difference) applies: what undoes a
    /// move in one XOR.
    #[inline]
    pub(crate) fn difference(self, other: Self) -> P {
        self.packed ^ other.packed
    }

    /// The board whose cells differ from this one's by `difference` (from
    /// [`difference`](Self::difference)) and whose blank is in `blank`.
    #[inline]
    pub(crate) fn with_difference(self, difference: P, blank: u8) -> Self {
        Board {
            packed: self.packed ^ difference,
            blank,
        }
    }
}

impl<const W: usize, const H: usize, P: Packing> Board<W, H, P> {
    /// `NEIGHBOURS[cell][move as usize]`: where the blank goes, or `OFF`.
    pub(crate) const NEIGHBOURS: &'static [[u8; 4]; 32] = &neighbours(W, Self::CELLS / W);

    /// Moves the blank into `cell`, which must be a neighbour of the blank;
    /// returns the new board and the slide of the tile that went the other
    /// way.
    #[inline]
    pub(crate) fn slide(self, cell: u8) -> (Self, Slide) {
        let packed = self.packed;
        let tile = packed.get(usize::from(cell));
        // The blank's cell is zero: XOR moves the tile without masking.
        let packed = packed ^ P::put(tile, usize::from(cell)) ^ P::put(tile, self.blank());
        let slide = Slide {
            tile,
            from: usize::from(cell),
            to: usize::from(self.blank),
        };
        (
            Board {
                packed,
                blank: cell,
            },
            slide,
        )
    }

    /// The board after `slide`, a slide out of this board.
    #[inline]
    pub(crate) fn after(self, slide: Slide) -> Self {
        let mask = P::SLOTS - 1;
        let packed = self.packed
            ^ P::put(slide.tile, slide.from & mask)
            ^ P::put(slide.tile, slide.to & mask);
        Board {
            packed,
            blank: small(slide.from),
        }
    }

    /// The board before `slide` was made, this board being the one after:
    /// the tile slides back.
    #[inline]
    pub(crate) fn unslide(self, slide: Slide) -> Self {
        // The tile goes back into the blank's cell, `slide.from`.
        self.slide(small(slide.to & (P::SLOTS - 1))).0
    }

    /// The board after the blank moves one step in direction `m`, or `None`
    /// if that would take it off the board.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, Move};
    ///
    /// let goal = Eight::goal(); // blank bottom right
    /// assert_eq!(goal.apply(Move::Down), None);
    /// assert_eq!(goal.apply(Move::Up).unwrap().to_line(), "1 2 3 4 5 x 7 8 6");
    /// ```
    #[must_use]
    #[inline]
    pub fn apply(&self, m: Move) -> Option<Self> {
        self.apply_with_slide(m).map(|(board, _)| board)
    }

    /// The board after the blank moves one step in direction `m` and the
    /// [`Slide`] that made it, or `None` if the move would take the blank off
    /// the board: what a hand-written search feeds to
    /// [`Heuristic::update`](crate::Heuristic::update).
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, Heuristic, Manhattan, Move};
    ///
    /// let goal = Eight::goal();
    /// let (board, slide) = goal.apply_with_slide(Move::Left).expect("a legal move");
    /// assert_eq!(Manhattan.update(&board, 0, slide), Manhattan.estimate(&board));
    /// assert_eq!(goal.apply_with_slide(Move::Right), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn apply_with_slide(&self, m: Move) -> Option<(Self, Slide)> {
        let to = Self::NEIGHBOURS[usize::from(self.blank) & 31][m as usize];
        (to != OFF).then(|| self.slide(to))
    }

    /// The legal moves of the blank, in the order successors are generated
    /// (down, right, left, up: Korf's order turned with his goal).
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, Move};
    ///
    /// let moves: Vec<_> = Eight::goal().legal_moves().collect();
    /// assert_eq!(moves, [Move::Left, Move::Up]);
    /// ```
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + use<W, H, P> {
        let next = &Self::NEIGHBOURS[usize::from(self.blank) & 31];
        SEARCH_ORDER
            .into_iter()
            .filter(move |&m| next[m as usize] != OFF)
    }

    /// The board after every move of `moves` in turn (a move string such as
    /// `"ullddr"` or a slice of [`Move`]s).
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, MoveError};
    ///
    /// let board = Eight::goal().apply_moves("ul")?;
    /// assert_eq!(board.to_line(), "1 2 3 4 x 5 7 8 6");
    /// assert_eq!(
    ///     Eight::goal().apply_moves("uq"),
    ///     Err(MoveError::UnknownMove { character: 'q', position: 1 })
    /// );
    /// # Ok::<(), MoveError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// At the first bad entry: [`MoveError::UnknownMove`] for a character
    /// that is not a move, [`MoveError::OffBoard`] for a move that takes the
    /// blank off the board.
    pub fn apply_moves<M: MoveSequence + ?Sized>(&self, moves: &M) -> Result<Self, MoveError> {
        let mut board = *self;
        for entry in moves.moves() {
            let (position, direction) = entry?;
            board = board.apply(direction).ok_or(MoveError::OffBoard {
                direction,
                position,
            })?;
        }
        Ok(board)
    }

    /// Checks that `moves` are legal step by step and end at the goal: the
    /// check every answer in this project goes through.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::{Eight, MoveError};
    ///
    /// let board: Eight = "2 3 4 1 5 x 7 6 8".parse().unwrap();
    /// assert_eq!(board.verify_solution("ullddrurdllurdruldr"), Ok(()));
    /// assert!(matches!(
    ///     board.verify_solution("ul"),
    ///     Err(MoveError::GoalNotReached { moves: 2, .. })
    /// ));
    /// ```
    ///
    /// # Errors
    ///
    /// The errors of [`Self::apply_moves`], or [`MoveError::GoalNotReached`]
    /// when every move is legal but the last board is not the goal.
    pub fn verify_solution<M: MoveSequence + ?Sized>(&self, moves: &M) -> Result<(), MoveError> {
        let end = self.apply_moves(moves)?;
        if end.is_goal() {
            Ok(())
        } else {
            Err(MoveError::GoalNotReached {
                moves: moves.moves().count(),
                end: end.to_line(),
            })
        }
    }
}
