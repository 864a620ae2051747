//! The cube as a [`frontier`] search problem: [`Rubik`], its states
//! ([`CubeState`]) and its in-place moves ([`InPlaceMove`]).

use std::hash::{Hash, Hasher};

use frontier::{Applied, InPlaceProblem, Preview, SearchProblem, Step};

use crate::heuristic::{Lookup, TABLES, decode, prefetch_ref};
use crate::rank::{
    CornerMoves, EDGE_STEPS, Edges, corner_perm, corner_twist, edge_cubies, step_edges,
};
use crate::{Cube, Databases, Face, Move};

/// The face index that stands for "no move yet" in [`CubeState`].
const NO_FACE: u8 = 6;

/// The edges of the solved cube, piece by piece.
const SOLVED_EDGES: Edges = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 0, 0, 0, 0];

/// The moves allowed after a move of each face (and, last, at the root),
/// as indices into [`Move::ALL`], with their number: Korf's pruning of
/// redundant sequences.
///
/// Never the same face twice in a row (two turns of one face are one turn
/// or none); of two opposite faces, which commute, only one order: a face
/// of `D L B` is never followed by its opposite `U R F`. What remains are
/// the canonical sequences: 18 moves at the root, then 15 after `U R F`
/// and 12 after `D L B`, about 13.35 per node on average deep in the tree.
const ALLOWED: [([u8; 18], usize); 7] = {
    let mut lists = [([0u8; 18], 0usize); 7];
    let mut last = 0u8;
    while last < 7 {
        let mut count = 0;
        let mut m = 0u8;
        while m < 18 {
            let face = m / 3;
            let same = face == last;
            let after_opposite = last < 6 && last >= 3 && face == last - 3;
            if !same && !after_opposite {
                lists[last as usize].0[count] = m;
                count += 1;
            }
            m += 1;
        }
        lists[last as usize].1 = count;
        last += 1;
    }
    lists
};

/// The moves allowed in a state whose last move turned face `last`.
#[inline]
fn allowed(last: u8) -> &'static [u8] {
    let (moves, count) = &ALLOWED[usize::from(last)];
    &moves[..*count]
}

/// A search state: the cube, in the form the search updates fastest, and
/// the face of the move that reached it.
///
/// The corners are two coordinates (their permutation and twist ranks)
/// that move tables update; the edges are kept piece by piece. The last
/// face is part of the state, and of its equality, because it decides the
/// moves out of it (see [`Rubik`]); two states of the same cube reached by
/// different faces are different nodes of the search tree.
///
/// The state also keeps each database's exact value, from which its
/// children's follow (the tables hold values modulo 3, see [`Rubik`]),
/// and the room its children have under the in-place search's bound; like
/// the sliding puzzle's cached estimates, these are not part of equality
/// or hashing. A state made by [`new`](Self::new) knows neither: the
/// search's states come from [`Rubik`], which measures its start.
///
/// # Example
///
/// ```
/// use cube::{Cube, CubeState, Face, Move, Turn};
///
/// let cube = Cube::SOLVED.turned(Move::new(Face::R, Turn::Half));
/// let state = CubeState::new(&cube);
/// assert_eq!(state.cube(), cube);
/// assert_eq!(state.last_face(), None);
/// assert!(!state.is_solved());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct CubeState {
    /// Edge `p`'s place times two, plus one if it is flipped (and four
    /// zero bytes).
    edges: Edges,
    /// The corner permutation coordinate (`rank::corner_perm`).
    corner_perm: u16,
    /// The corner twist coordinate (`rank::corner_twist`).
    corner_twist: u16,
    /// The face of the move that reached this state, [`NO_FACE`] at the
    /// start.
    last: u8,
    /// Each table's value (`heuristic::TABLES`: the corners', then each
    /// edge group's), or [`UNKNOWN`].
    values: [u8; TABLES],
    /// What the estimate of a child may be without putting it over the
    /// search's bound, as the preview that made this state found it (one
    /// less than this state's own room), or [`UNKNOWN`].
    room: u8,
}

/// A table value or room not known.
const UNKNOWN: u8 = u8::MAX;

impl PartialEq for CubeState {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.edges == other.edges
            && self.corner_perm == other.corner_perm
            && self.corner_twist == other.corner_twist
            && self.last == other.last
    }
}

impl Eq for CubeState {}

impl Hash for CubeState {
    fn hash<H: Hasher>(&self, hasher: &mut H) {
        (self.edges, self.corner_perm, self.corner_twist, self.last).hash(hasher);
    }
}

impl CubeState {
    /// The state of `cube`, reached by no move.
    #[must_use]
    pub fn new(cube: &Cube) -> Self {
        CubeState {
            edges: edge_cubies(cube),
            corner_perm: corner_perm(cube),
            corner_twist: corner_twist(cube),
            last: NO_FACE,
            values: [UNKNOWN; TABLES],
            room: UNKNOWN,
        }
    }

    /// The cube.
    #[must_use]
    pub fn cube(&self) -> Cube {
        let mut cube = crate::rank::corners_cube(self.corner_perm, self.corner_twist);
        crate::rank::set_edges(&mut cube, &self.edges);
        cube
    }

    /// The face of the move that reached this state, `None` for a state
    /// made by [`new`](Self::new).
    #[must_use]
    pub fn last_face(&self) -> Option<Face> {
        Face::ALL.get(usize::from(self.last)).copied()
    }

    /// Whether the cube is solved.
    #[must_use]
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.edges == SOLVED_EDGES && self.corner_perm == 0 && self.corner_twist == 0
    }
}

/// Solving a cube optimally in the half-turn metric: the start cube and
/// the pattern databases that guide IDA*, as a [`SearchProblem`] and an
/// [`InPlaceProblem`].
///
/// - Actions are the 18 face turns ([`Move`]), each costing 1; the
///   estimate is [`Databases::estimate`], the maximum of the databases.
/// - **Move pruning as Korf counts it** (1997): never the same face twice
///   in a row, and of two opposite faces in a row only one order (`U D`,
///   `R L` and `F B`, never `D U`, `L R` or `B F`). The state carries the
///   face of its last move ([`CubeState`]), so [`successors`] leaves the
///   pruned moves out itself: the by-value IDA*, the in-place IDA* and
///   the parallel IDA* (whose threads restart from states split off near
///   the root) all walk the same tree of canonical sequences and count
///   the same nodes. Searches that keep tables of states (A*, BFS) see a
///   cube reached by different last faces as different states: correct,
///   but up to seven entries per cube.
/// - **Exact values from residues.** The databases hold each value
///   modulo 3 ([`Databases`]); a state carries its exact value in every
///   table (the start's found by a walk toward each table's goal), and a
///   child's value is the one of its parent's three neighbours with the
///   child's residue. Dual lookups ([`Databases::with_duals`]), which a
///   move can change by more than one, read the tables' bytes. Every
///   estimate this problem reports is exact, and the search is optimal
///   (the dual estimate is admissible though not consistent; IDA* needs
///   no more).
/// - [`InPlaceProblem`]: a node's move list answers its previews for all
///   its children at once, when the state knows its room under the
///   search's bound (every state the in-place search makes below its
///   first two levels): the corner entries of all children first, their
///   loads started together; then the edge entries of the children the
///   corners leave within the bound (most children are cut off by the
///   corners, and the edges' ranks are a node's largest computation);
///   then those values; then, with dual lookups, the dual entries of the
///   children still within the bound. Cache misses on the tables are what
///   a node costs, and this way a node's misses overlap; a child found
///   within the bound has its own children's corner loads started at
///   once, while its siblings are looked at. A child's move carries
///   its corner coordinates and values, so making it only moves the
///   edges. The undo token is the state before the move. [`leads_back`]
///   is always false: the move lists already leave out every move that
///   could return to the parent (a turn of the same face).
///
/// [`successors`]: SearchProblem::successors
/// [`leads_back`]: InPlaceProblem::leads_back
///
/// # Example
///
/// ```
/// use cube::{Cube, Databases, Face, Move, Rubik, Turn};
/// use frontier::IdaStar;
///
/// let scramble = [Move::new(Face::R, Turn::Clockwise), Move::new(Face::U, Turn::Half)];
/// let start = Cube::SOLVED.apply_all(&scramble);
/// let databases = Databases::<6>::none(); // iterative deepening, for a short scramble
/// let problem = Rubik::new(start, &databases);
/// let result = IdaStar::new().search_in_place(&problem);
/// let solution = result.solution().expect("every cube can be solved");
/// assert_eq!(solution.cost, 2);
/// assert!(start.apply_all(&solution.actions).is_solved());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Rubik<'d, const N: usize> {
    start: Cube,
    lookup: Lookup<'d, N>,
    corner_moves: &'static CornerMoves,
}

impl<'d, const N: usize> Rubik<'d, N> {
    /// The problem of solving `start` guided by `databases`.
    #[must_use]
    pub fn new(start: Cube, databases: &'d Databases<N>) -> Self {
        Rubik {
            start,
            lookup: databases.lookup(),
            corner_moves: CornerMoves::get(),
        }
    }

    /// The cube to solve.
    #[must_use]
    pub fn start_cube(&self) -> Cube {
        self.start
    }

    /// `state` with its exact value in every table (found by walking
    /// toward each table's goal), as the search's start needs.
    fn measured(&self, mut state: CubeState) -> CubeState {
        for t in 0..self.lookup.tables_used {
            state.values[t] =
                self.lookup
                    .descend(t, state.corner_perm, state.corner_twist, &state.edges);
        }
        state
    }

    /// Table `t`'s value for the child of `state` whose entry is `entry`:
    /// decoded from the state's value, or found by a walk when the state
    /// does not know it.
    #[inline]
    fn child_value(&self, state: &CubeState, t: usize, entry: u32, child: &CubeState) -> u8 {
        let parent = state.values[t];
        if parent == UNKNOWN {
            return self
                .lookup
                .descend(t, child.corner_perm, child.corner_twist, &child.edges);
        }
        decode(parent, self.lookup.residue(t, entry))
    }

    /// The child of `state` by move `index` (into [`Move::ALL`]), with its
    /// values in every table and its room unknown.
    #[inline]
    fn child(&self, state: &CubeState, index: u8) -> CubeState {
        let m = usize::from(index);
        let step = &EDGE_STEPS[m];
        let mut child = CubeState {
            edges: step_edges(&state.edges, step),
            corner_perm: self.corner_moves.perm[usize::from(state.corner_perm)][m],
            corner_twist: self.corner_moves.twist[usize::from(state.corner_twist)][m],
            last: index / 3,
            values: [0; TABLES],
            room: UNKNOWN,
        };
        for t in 0..self.lookup.tables_used {
            let entry =
                self.lookup
                    .entry(t, child.corner_perm, child.corner_twist, &state.edges, step);
            child.values[t] = self.child_value(state, t, entry, &child);
        }
        child
    }

    /// The estimate of `state`: its largest value, and its largest dual
    /// value with dual lookups.
    #[inline]
    fn estimate(&self, state: &CubeState) -> u8 {
        let tables = self.lookup.tables_used;
        let measured;
        let mut state = state;
        if state.values[..tables].contains(&UNKNOWN) {
            measured = self.measured(*state);
            state = &measured;
        }
        let regular = state.values[..tables].iter().copied().max().unwrap_or(0);
        let dual =
            self.lookup
                .dual_within(state.corner_perm, state.corner_twist, &state.edges, u8::MAX);
        regular.max(dual)
    }
}

/// What h may be at cost `g` under `bound` without putting the node over.
#[inline]
fn room(g: u32, bound: u32) -> u8 {
    u8::try_from(bound.saturating_sub(g)).unwrap_or(u8::MAX)
}

impl<const N: usize> SearchProblem for Rubik<'_, N> {
    type State = CubeState;
    type Action = Move;
    type Cost = u32;

    /// The start cube, measured in every table.
    fn start(&self) -> CubeState {
        self.measured(CubeState::new(&self.start))
    }

    #[inline]
    fn is_goal(&self, state: &CubeState) -> bool {
        state.is_solved()
    }

    /// The allowed moves in [`Move::ALL`] order (see [`Rubik`] for which
    /// are left out).
    #[inline]
    fn successors(&self, state: &CubeState) -> impl Iterator<Item = Step<CubeState, Move, u32>> {
        let state = *state;
        allowed(state.last)
            .iter()
            .map(move |&m| Step::new(Move::ALL[usize::from(m)], self.child(&state, m), 1))
    }

    /// The largest of the state's values.
    #[inline]
    fn heuristic(&self, state: &CubeState) -> u32 {
        u32::from(self.estimate(state))
    }

    fn min_step_cost(&self) -> u32 {
        1
    }
}

/// A move as [`Rubik`]'s in-place search handles it: the index of the
/// move, the child's corner coordinates, and what the move list found of
/// the child.
///
/// Sixteen bytes, aligned: the search copies it whole several times per
/// child, and a record written byte by byte and read back in wider pieces
/// stalls the processor's store forwarding, so the move list writes whole
/// records early and hands them out by copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct InPlaceMove {
    /// The index into [`Move::ALL`].
    index: u8,
    /// Whether `h` and `values` hold the move list's findings for the
    /// search's bound (else the preview looks the tables up itself).
    decided: bool,
    /// The child's estimate as the move list found it: over the bound,
    /// the value that put it there; within, the largest of `values`.
    h: u8,
    /// The room the child's own children have under the search's bound,
    /// once previewed.
    room: u8,
    /// The child's values, once found within the bound.
    values: [u8; TABLES],
    /// The child's corner coordinates.
    corner_perm: u16,
    corner_twist: u16,
}

impl InPlaceMove {
    /// A record only to be overwritten.
    const EMPTY: InPlaceMove = InPlaceMove {
        index: 0,
        decided: false,
        h: 0,
        room: 0,
        values: [0; TABLES],
        corner_perm: 0,
        corner_twist: 0,
    };
}

/// The moves out of a [`CubeState`] for [`Rubik`]'s in-place search, each
/// with what the tables say of its child.
#[derive(Clone, Debug)]
pub struct InPlaceMoves {
    /// The allowed moves' records, in order.
    moves: [InPlaceMove; 18],
    /// The next record handed out.
    next: u8,
    /// The number of records.
    count: u8,
}

impl Iterator for InPlaceMoves {
    type Item = InPlaceMove;

    #[inline]
    fn next(&mut self) -> Option<InPlaceMove> {
        (self.next < self.count).then(|| {
            let mv = self.moves[usize::from(self.next)];
            self.next += 1;
            mv
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::from(self.count - self.next);
        (left, Some(left))
    }
}

impl<const N: usize> Rubik<'_, N> {
    /// What the in-place search's previews will ask, answered for every
    /// child of `state` at once, its values and its room under the bound
    /// (the estimate a child may have without going over) known: the
    /// loads a node needs are started together, so that their cache
    /// misses overlap.
    ///
    /// The corner entries of all children are computed and their loads
    /// started first; then each child's corner value decides whether it
    /// needs its edge values (the edges' ranks cost most of a node's
    /// work, and the corners cut off most children), and those loads
    /// start; then the edge values decide the rest. A child within the
    /// bound gets every value, exact, for its own children.
    #[inline]
    fn decide(&self, state: &CubeState, moves: &mut InPlaceMoves) {
        let lookup = &self.lookup;
        let room = state.room;
        let tables = lookup.tables_used;
        let count = usize::from(moves.count);
        let records = &mut moves.moves[..count];
        // A move changes the corner value by one at most: below the room,
        // the corners cut no child off, every child needs its edge values,
        // and their loads can start with the corners'.
        let corners_cut = state.values[0] >= room;
        let mut corner = [0u32; 18];
        let mut edges = [[0u32; TABLES]; 18];
        for (p, mv) in records.iter().enumerate() {
            corner[p] = lookup.corner_entry(mv.corner_perm, mv.corner_twist);
            lookup.prefetch(0, corner[p]);
            if !corners_cut {
                self.start_edges(state, mv.index, &mut edges[p]);
            }
        }
        let mut survivors = [0usize; 18];
        let mut alive = 0;
        for (p, mv) in records.iter_mut().enumerate() {
            let value = decode(state.values[0], lookup.residue(0, corner[p]));
            mv.decided = true;
            mv.room = room.saturating_sub(1);
            if value > room {
                mv.h = value;
                continue;
            }
            mv.values[0] = value;
            if corners_cut {
                self.start_edges(state, mv.index, &mut edges[p]);
            }
            // The child may be expanded: its move list starts with these
            // rows (the permutation's table is larger than the level-2
            // cache, and the databases' lines evict it from the level-3
            // cache).
            let perm_row = &self.corner_moves.perm[usize::from(mv.corner_perm)];
            prefetch_ref(perm_row);
            prefetch_ref(&perm_row[17]);
            prefetch_ref(&self.corner_moves.twist[usize::from(mv.corner_twist)]);
            survivors[alive] = p;
            alive += 1;
        }
        let mut within = [0usize; 18];
        let mut kept = 0;
        'children: for &p in &survivors[..alive] {
            let mv = &mut records[p];
            let found = mv.values.iter_mut().zip(&state.values).zip(&edges[p]);
            for (t, ((value, &parent), &entry)) in found.enumerate().take(tables).skip(1) {
                *value = decode(parent, lookup.residue(t, entry));
                if *value > room {
                    mv.h = *value;
                    continue 'children;
                }
            }
            mv.h = mv.values[..tables].iter().copied().max().unwrap_or(0);
            within[kept] = p;
            kept += 1;
        }
        if lookup.has_duals {
            kept = self.decide_duals(state, records, &mut within[..kept]);
        }
        for &p in &within[..kept] {
            // The child will be expanded: its children's corner loads can
            // start now, while its siblings are looked at, rather than
            // when its own move list is made.
            let mv = &records[p];
            let perms = &self.corner_moves.perm[usize::from(mv.corner_perm)];
            let twists = &self.corner_moves.twist[usize::from(mv.corner_twist)];
            for &index in allowed(mv.index / 3) {
                let m = usize::from(index);
                lookup.prefetch(0, lookup.corner_entry(perms[m], twists[m]));
            }
        }
    }

    /// The dual lookups of the children at positions `within` of
    /// `records`, which the regular values leave within the bound: their
    /// entries computed and loads started together, then their values
    /// read. Keeps in `within` the children still within the bound and
    /// returns their number.
    #[inline]
    fn decide_duals(
        &self,
        state: &CubeState,
        records: &mut [InPlaceMove],
        within: &mut [usize],
    ) -> usize {
        let lookup = &self.lookup;
        let room = state.room;
        let tables = lookup.tables_used;
        let mut entries = [[0u32; TABLES]; 18];
        for &p in within.iter() {
            let mv = &records[p];
            let edges = step_edges(&state.edges, &EDGE_STEPS[usize::from(mv.index)]);
            entries[p] = lookup.dual_entries(mv.corner_perm, mv.corner_twist, &edges);
            for (t, &entry) in entries[p].iter().enumerate().take(tables) {
                lookup.prefetch_dual(t, entry);
            }
        }
        let mut kept = 0;
        'children: for i in 0..within.len() {
            let p = within[i];
            let mv = &mut records[p];
            for (t, &entry) in entries[p].iter().enumerate().take(tables) {
                let value = lookup.dual_value(t, entry);
                if value > room {
                    mv.h = value;
                    continue 'children;
                }
                mv.h = mv.h.max(value);
            }
            within[kept] = p;
            kept += 1;
        }
        kept
    }

    /// Computes the edge groups' entries for the child of `state` by move
    /// `index` into `entries` (from index 1, as the tables are numbered),
    /// and starts their loads.
    #[inline]
    fn start_edges(&self, state: &CubeState, index: u8, entries: &mut [u32; TABLES]) {
        let lookup = &self.lookup;
        let step = &EDGE_STEPS[usize::from(index)];
        for (t, entry) in entries
            .iter_mut()
            .enumerate()
            .take(lookup.tables_used)
            .skip(1)
        {
            *entry = lookup.edge_entry(t - 1, &state.edges, step);
            lookup.prefetch(t, *entry);
        }
    }

    /// [`preview_for_apply`](InPlaceProblem::preview_for_apply) for a move
    /// the move list did not decide: the child's values computed here.
    #[cold]
    #[inline(never)]
    fn preview_undecided(
        &self,
        state: &CubeState,
        mut mv: InPlaceMove,
        enough: u8,
    ) -> (Preview<u32>, InPlaceMove) {
        let child = self.child(state, mv.index);
        let values = &child.values[..self.lookup.tables_used];
        mv.values = child.values;
        mv.room = enough.saturating_sub(1);
        // Over the bound: the first value that puts it there, as the
        // move list reports.
        let h = match values.iter().copied().find(|&v| v > enough) {
            Some(over) => over,
            None => values
                .iter()
                .copied()
                .max()
                .unwrap_or(0)
                .max(self.lookup.dual_within(
                    child.corner_perm,
                    child.corner_twist,
                    &child.edges,
                    enough,
                )),
        };
        (
            Preview {
                cost: 1,
                h: u32::from(h),
            },
            mv,
        )
    }
}

/// The state changed in place; see [`Rubik`].
impl<const N: usize> InPlaceProblem for Rubik<'_, N> {
    type Move = InPlaceMove;
    /// The state before the move.
    type Undo = CubeState;
    type Moves = InPlaceMoves;

    /// The allowed moves, each child's values and estimate found together
    /// with its siblings' when the state knows its room under the
    /// search's bound (see [`Rubik`]).
    #[inline]
    fn moves(&self, state: &CubeState) -> InPlaceMoves {
        let allowed = allowed(state.last);
        let perms = &self.corner_moves.perm[usize::from(state.corner_perm)];
        let twists = &self.corner_moves.twist[usize::from(state.corner_twist)];
        let mut moves = InPlaceMoves {
            moves: [InPlaceMove::EMPTY; 18],
            next: 0,
            // cannot fail: at most 18 moves
            count: u8::try_from(allowed.len()).expect("at most 18 moves"),
        };
        for (mv, &index) in moves.moves.iter_mut().zip(allowed) {
            let m = usize::from(index);
            mv.index = index;
            mv.corner_perm = perms[m];
            mv.corner_twist = twists[m];
        }
        if state.room != UNKNOWN && !state.values.contains(&UNKNOWN) {
            self.decide(state, &mut moves);
        }
        moves
    }

    /// Never: no allowed move turns the face just turned, so none returns
    /// to the parent.
    #[inline]
    fn leads_back(&self, _: &CubeState, _: InPlaceMove, _: CubeState) -> bool {
        false
    }

    #[inline]
    fn apply(&self, state: &mut CubeState, mv: InPlaceMove) -> Applied<CubeState, u32> {
        let before = *state;
        *state = self.child(&before, mv.index);
        Applied {
            undo: before,
            cost: 1,
        }
    }

    /// What the move list found, when it knew the room; otherwise the
    /// child's values computed here. A child over the bound reports the
    /// value that put it there (admissible, and over); a child within it,
    /// its estimate.
    #[inline]
    fn preview_for_apply(
        &self,
        state: &CubeState,
        mv: InPlaceMove,
        g: u32,
        bound: u32,
    ) -> (Preview<u32>, InPlaceMove) {
        let enough = room(g.saturating_add(1), bound);
        if !mv.decided {
            return self.preview_undecided(state, mv, enough);
        }
        // The move list decided under the room the state was made with:
        // the in-place search previews a node's children under the bound
        // that made the node (its roots, and the parallel search's split
        // points, know no room). Checked in debug builds only: comparing
        // here cost 12% of the search's speed.
        debug_assert_eq!(enough, state.room, "the room the move list used");
        (
            Preview {
                cost: 1,
                h: u32::from(mv.h),
            },
            mv,
        )
    }

    /// The child from the coordinates and values the move carries, its
    /// edges moved here.
    #[inline]
    fn apply_previewed(&self, state: &mut CubeState, mv: InPlaceMove) -> Applied<CubeState, u32> {
        let before = *state;
        *state = CubeState {
            edges: step_edges(&before.edges, &EDGE_STEPS[usize::from(mv.index)]),
            corner_perm: mv.corner_perm,
            corner_twist: mv.corner_twist,
            last: mv.index / 3,
            values: mv.values,
            room: mv.room,
        };
        Applied {
            undo: before,
            cost: 1,
        }
    }

    #[inline]
    fn undo(&self, state: &mut CubeState, before: CubeState) {
        *state = before;
    }

    fn action(&self, _: &CubeState, mv: InPlaceMove) -> Move {
        Move::ALL[usize::from(mv.index)]
    }
}

#[cfg(test)]
mod tests;
