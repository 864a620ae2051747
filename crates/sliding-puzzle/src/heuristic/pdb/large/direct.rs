//! [`DirectPuzzle`]: a large board searched in place on the direct-access
//! tables of its additive database.

use std::hash::{Hash, Hasher};

use frontier::{Applied, InPlaceProblem, Preview, SearchProblem, Step};

use crate::LargeBlankMove;
use crate::{LargeBoard, Move};

/// The tables and terms a [`DirectPuzzle`] reads, borrowed from its
/// [`LargePatternDatabase`](super::LargePatternDatabase).
#[derive(Clone, Copy, Debug)]
pub(super) struct Tables<'a> {
    /// The direct table of each slot: the regular groups', then at 4 on
    /// the reflected ones'; empty for slots no group uses.
    pub(super) direct: [&'a [u8]; 8],
    /// `terms[t][c]`: what tile `t` in cell `c` adds to its regular
    /// group's index.
    pub(super) regular: &'a [[u32; 32]; 32],
    /// The same for its reflected group.
    pub(super) mirrored: &'a [[u32; 32]; 32],
    /// `slot[t]`: the regular group reading tile `t`; slot 0 for a tile
    /// no group reads, whose terms are all 0, so that its moves leave the
    /// slot as it was.
    pub(super) slot: [u8; 32],
    /// `mirror_slot[t]`: the reflected group reading it (4 and up), the
    /// same way. Without reflection slots 4 to 7 repeat slots 0 to 3
    /// (their tables and `mirrored` the regular ones), so the reflected
    /// sum equals the regular one: every move finds a slot to update on
    /// either side, and the search tests no slot for absence.
    pub(super) mirror_slot: [u8; 32],
}

/// A large board and an additive database with direct-access tables, as
/// an IDA* problem: [`LargePatternDatabase::direct_puzzle`](super::LargePatternDatabase::direct_puzzle)
/// makes one. Searched in place it generates the same nodes in the same
/// order as [`LargePuzzle`](crate::LargePuzzle) with the same database,
/// on a leaner state: where `LargePuzzle`'s state keeps the packed board
/// and any heuristic's [`LargeMemo`](crate::LargeMemo), and a move's undo
/// holds that memo whole, this one keeps what Korf's program keeps (a
/// byte per cell, each group's table index and value, regular and
/// reflected, and the two sums), and a move's undo holds the two indices
/// and values it changed. A child within the bound is made from the
/// indices and values its preview looked up, kept in its [`DirectMove`],
/// as Korf's program reuses them. IDA* on it runs 1.6× as many nodes per
/// second as on `LargePuzzle` on the 24-puzzle (`docs/benchmarks.md`).
///
/// The estimate is the sum of the groups' values, with reflection the
/// larger of that and the reflected sum (the database's
/// [`quick_estimate`](crate::Heuristic::quick_estimate)); dual
/// lookups are not part of it (`direct_puzzle` declines a database that
/// has them).
///
/// # Example
///
/// ```
/// use frontier::IdaStar;
/// use sliding_puzzle::Twentyfour;
/// use sliding_puzzle::heuristic::pdb::large::LargePatternDatabase;
///
/// // Four groups at most, of 12 tiles here: the others count 0.
/// let groups: [&[u8]; 4] = [&[1, 2, 3], &[4, 5, 9], &[6, 7, 8], &[10, 14, 15]];
/// let database = LargePatternDatabase::<5, 5>::open(&groups, None, |_| {})?.with_reflection()?;
/// let board = Twentyfour::random_walk(7, 20);
/// let puzzle = database.direct_puzzle(board).expect("direct tables");
/// let result = IdaStar::new().search_in_place(&puzzle);
/// let solution = result.solution().expect("solved");
/// board.verify_solution(&solution.actions)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct DirectPuzzle<'a, const W: usize, const H: usize> {
    start: LargeBoard<W, H>,
    tables: Tables<'a>,
}

/// A state of a [`DirectPuzzle`]: the tile in each cell, the blank's
/// cell, each group's direct-table index and value (regular groups in
/// slots 0 to 3, reflected ones in 4 to 7) and the two sums.
#[derive(Clone, Copy, Debug)]
pub struct DirectState<const W: usize, const H: usize> {
    cells: [u8; 32],
    index: [u32; 8],
    values: [u8; 8],
    /// The regular groups' sum, and the reflected groups'.
    sums: [u16; 2],
    blank: u8,
}

impl<const W: usize, const H: usize> DirectState<W, H> {
    /// The board.
    #[must_use]
    pub fn board(&self) -> LargeBoard<W, H> {
        LargeBoard::from_permutation(&self.cells[..LargeBoard::<W, H>::CELLS])
    }

    /// The estimate: the larger of the two sums.
    #[must_use]
    #[inline]
    pub fn h(&self) -> u32 {
        u32::from(self.sums[0].max(self.sums[1]))
    }
}

impl<const W: usize, const H: usize> PartialEq for DirectState<W, H> {
    /// States are equal when their boards are.
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.cells == other.cells
    }
}

impl<const W: usize, const H: usize> Eq for DirectState<W, H> {}

impl<const W: usize, const H: usize> Hash for DirectState<W, H> {
    #[inline]
    fn hash<S: Hasher>(&self, state: &mut S) {
        self.cells.hash(state);
    }
}

/// What undoes a move of a [`DirectPuzzle`]: the blank's cell before it,
/// and the index and value of the regular and reflected groups it changed
/// (the tile, now in that cell, says which groups).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirectUndo {
    index: [u32; 2],
    sums: [u16; 2],
    values: [u8; 2],
    blank: u8,
}

/// A move of a [`DirectPuzzle`]: the blank's move and, once
/// [`preview_for_apply`](InPlaceProblem::preview_for_apply) has found its
/// child within the bound, the child's indices, values and sums, which
/// [`apply_previewed`](InPlaceProblem::apply_previewed) then writes
/// without looking them up again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirectMove {
    blank: LargeBlankMove,
    /// The regular and reflected group's index after the move.
    index: [u32; 2],
    /// The two sums after the move, the regular one in the low half.
    sums: u32,
    /// The two groups' values after the move, the regular one low.
    values: u32,
    /// Whether the fields above are filled in.
    previewed: bool,
}

impl DirectMove {
    /// The blank's move, nothing looked up yet.
    fn new(blank: LargeBlankMove) -> Self {
        DirectMove {
            blank,
            index: [0; 2],
            sums: 0,
            values: 0,
            previewed: false,
        }
    }

    /// The direction the blank moves.
    #[must_use]
    pub fn direction(self) -> Move {
        self.blank.direction()
    }
}

/// The moves out of a [`DirectState`], in the order of
/// [`successors`](SearchProblem::successors).
#[derive(Clone, Debug)]
pub struct DirectMoves(std::slice::Iter<'static, LargeBlankMove>);

impl Iterator for DirectMoves {
    type Item = DirectMove;

    #[inline]
    fn next(&mut self) -> Option<DirectMove> {
        self.0.next().map(|&blank| DirectMove::new(blank))
    }
}

impl<'a, const W: usize, const H: usize> DirectPuzzle<'a, W, H> {
    pub(super) fn new(start: LargeBoard<W, H>, tables: Tables<'a>) -> Self {
        DirectPuzzle { start, tables }
    }

    /// The state of `board`: every group looked up.
    #[must_use]
    pub fn state(&self, board: LargeBoard<W, H>) -> DirectState<W, H> {
        let mut state = DirectState {
            cells: [0; 32],
            index: [0; 8],
            values: [0; 8],
            sums: [0; 2],
            blank: 0,
        };
        for (cell, slot) in state.cells.iter_mut().enumerate().take(W * H) {
            *slot = board.tile_at(cell);
        }
        state.blank = board_byte(board.blank());
        let t = &self.tables;
        for (cell, &tile) in state.cells.iter().enumerate().take(W * H) {
            let tile = usize::from(tile) % 32;
            for (slot, terms) in [(t.slot[tile], t.regular), (t.mirror_slot[tile], t.mirrored)] {
                if let Some(index) = state.index.get_mut(usize::from(slot)) {
                    *index = index.wrapping_add(terms[tile][cell]);
                }
            }
        }
        for slot in 0..8 {
            let value = self.value(slot, state.index[slot]);
            state.values[slot] = value;
            state.sums[slot / 4] += u16::from(value);
        }
        state
    }

    /// The value at `index` of slot `slot`'s table; 0 for a slot no group
    /// uses.
    #[inline]
    fn value(&self, slot: usize, index: u32) -> u8 {
        self.tables.direct[slot % 8]
            .get(index as usize)
            .copied()
            .unwrap_or(0)
    }

    /// Slot `slot`'s index and value after `tile` moved from `from` to
    /// `to`, with `terms` the slot's half of the terms.
    #[inline]
    fn slid(
        &self,
        state: &DirectState<W, H>,
        terms: &[[u32; 32]; 32],
        slot: usize,
        (tile, from, to): (usize, usize, usize),
    ) -> (u32, u8) {
        let terms = &terms[tile % 32];
        let index = state.index[slot % 8]
            .wrapping_add(terms[to % 32])
            .wrapping_sub(terms[from % 32]);
        (index, self.value(slot, index))
    }

    /// The child's estimate through `mv`, and `mv` with what it looked
    /// up: the regular sum, and unless that is already over `enough`,
    /// the reflected sum (then the move is marked previewed).
    #[inline]
    fn look(
        &self,
        state: &DirectState<W, H>,
        mut mv: DirectMove,
        enough: u32,
    ) -> (Preview<u32>, DirectMove) {
        let from = mv.blank.cell() % 32;
        let tile = usize::from(state.cells[from]);
        let moved = (tile, from, usize::from(state.blank));
        let slot = usize::from(self.tables.slot[tile % 32]) % 8;
        let (index, value) = self.slid(state, self.tables.regular, slot, moved);
        let regular = state.sums[0] - u16::from(state.values[slot]) + u16::from(value);
        if u32::from(regular) > enough {
            let h = u32::from(regular);
            return (Preview { cost: 1, h }, mv);
        }
        let slot = usize::from(self.tables.mirror_slot[tile % 32]) % 8;
        let (mirror_index, mirror_value) = self.slid(state, self.tables.mirrored, slot, moved);
        let mirrored = state.sums[1] - u16::from(state.values[slot]) + u16::from(mirror_value);
        mv.index = [index, mirror_index];
        mv.values = u32::from(value) | u32::from(mirror_value) << 8;
        mv.sums = u32::from(regular) | u32::from(mirrored) << 16;
        mv.previewed = true;
        let h = u32::from(regular.max(mirrored));
        (Preview { cost: 1, h }, mv)
    }
}

/// A cell (below 32) as a byte.
fn board_byte(cell: usize) -> u8 {
    u8::try_from(cell).unwrap_or(u8::MAX)
}

impl<const W: usize, const H: usize> SearchProblem for DirectPuzzle<'_, W, H> {
    type State = DirectState<W, H>;
    type Action = Move;
    type Cost = u32;

    fn start(&self) -> DirectState<W, H> {
        self.state(self.start)
    }

    /// The regular sum is 0 on the goal; the cells are compared only then.
    #[inline]
    fn is_goal(&self, state: &DirectState<W, H>) -> bool {
        state.sums[0] == 0 && state.cells == goal_cells::<W, H>()
    }

    fn successors(
        &self,
        state: &DirectState<W, H>,
    ) -> impl Iterator<Item = Step<DirectState<W, H>, Move, u32>> {
        let state = *state;
        self.moves(&state).map(move |mv| {
            let mut child = state;
            let _ = self.apply(&mut child, mv);
            Step::new(mv.direction(), child, 1)
        })
    }

    #[inline]
    fn heuristic(&self, state: &DirectState<W, H>) -> u32 {
        state.h()
    }

    fn min_step_cost(&self) -> u32 {
        1
    }
}

/// The goal's cells: tile `c + 1` in cell `c`, the blank last.
fn goal_cells<const W: usize, const H: usize>() -> [u8; 32] {
    let mut cells = [0; 32];
    for (cell, tile) in cells.iter_mut().enumerate().take(W * H - 1) {
        *tile = board_byte(cell + 1);
    }
    cells
}

impl<const W: usize, const H: usize> InPlaceProblem for DirectPuzzle<'_, W, H> {
    type Move = DirectMove;
    type Undo = DirectUndo;
    type Moves = DirectMoves;

    #[inline]
    fn moves(&self, state: &DirectState<W, H>) -> DirectMoves {
        DirectMoves(LargeBoard::<W, H>::moves_from(usize::from(state.blank)).iter())
    }

    #[inline]
    fn leads_back(&self, _: &DirectState<W, H>, mv: DirectMove, undo: DirectUndo) -> bool {
        mv.blank.cell() == usize::from(undo.blank)
    }

    /// Looks both groups up, as a preview within any bound, and writes
    /// what it found.
    #[inline]
    fn apply(&self, state: &mut DirectState<W, H>, mv: DirectMove) -> Applied<DirectUndo, u32> {
        let mv = self.look(state, mv, u32::MAX).1;
        self.apply_previewed(state, mv)
    }

    #[inline]
    fn preview(&self, state: &DirectState<W, H>, mv: DirectMove) -> Preview<u32> {
        self.look(state, mv, u32::MAX).0
    }

    /// The reflected group is looked up only when the regular sum keeps
    /// the child within `bound`, as in Korf's program.
    #[inline]
    fn preview_within(
        &self,
        state: &DirectState<W, H>,
        mv: DirectMove,
        g: u32,
        bound: u32,
    ) -> Preview<u32> {
        self.preview_for_apply(state, mv, g, bound).0
    }

    /// [`preview_within`](InPlaceProblem::preview_within), with the
    /// child's indices, values and sums kept in the move whenever both
    /// groups were looked up (always, for a child within `bound`).
    #[inline]
    fn preview_for_apply(
        &self,
        state: &DirectState<W, H>,
        mv: DirectMove,
        g: u32,
        bound: u32,
    ) -> (Preview<u32>, DirectMove) {
        let enough = bound.saturating_sub(g.saturating_add(1));
        self.look(state, mv, enough)
    }

    /// Writes what the preview looked up, without a lookup of its own. A
    /// child within the bound always has both groups looked up (the
    /// regular sum alone never keeps it within); a move given here without
    /// them breaks the trait's contract and is caught in debug builds.
    #[inline]
    fn apply_previewed(
        &self,
        state: &mut DirectState<W, H>,
        mv: DirectMove,
    ) -> Applied<DirectUndo, u32> {
        debug_assert!(
            mv.previewed,
            "a move made with apply_previewed was not previewed within the bound"
        );
        let from = mv.blank.cell() % 32;
        let to = usize::from(state.blank) % 32;
        let tile = usize::from(state.cells[from]) % 32;
        let mut undo = DirectUndo {
            index: [0; 2],
            sums: state.sums,
            values: [0; 2],
            blank: state.blank,
        };
        let t = &self.tables;
        for (half, slot) in [t.slot[tile], t.mirror_slot[tile]].into_iter().enumerate() {
            let slot = usize::from(slot) % 8;
            undo.index[half] = state.index[slot];
            undo.values[half] = state.values[slot];
            state.index[slot] = mv.index[half];
            state.values[slot] = mv.values.to_le_bytes()[half];
        }
        let [low0, low1, high0, high1] = mv.sums.to_le_bytes();
        state.sums = [
            u16::from_le_bytes([low0, low1]),
            u16::from_le_bytes([high0, high1]),
        ];
        state.cells[to] = state.cells[from];
        state.cells[from] = 0;
        state.blank = board_byte(from);
        Applied { undo, cost: 1 }
    }

    #[inline]
    fn undo(&self, state: &mut DirectState<W, H>, undo: DirectUndo) {
        let to = usize::from(undo.blank) % 32;
        let from = usize::from(state.blank) % 32;
        let tile = usize::from(state.cells[to]) % 32;
        let t = &self.tables;
        for (half, slot) in [t.slot[tile], t.mirror_slot[tile]].into_iter().enumerate() {
            let slot = usize::from(slot) % 8;
            state.index[slot] = undo.index[half];
            state.values[slot] = undo.values[half];
        }
        state.sums = undo.sums;
        state.cells[from] = state.cells[to];
        state.cells[to] = 0;
        state.blank = undo.blank;
    }

    fn action(&self, _: &DirectState<W, H>, mv: DirectMove) -> Move {
        mv.direction()
    }
}
