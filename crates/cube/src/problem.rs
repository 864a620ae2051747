//! The cube as a [`frontier`] search problem: [`Rubik`], its states
//! ([`CubeState`]) and its in-place moves ([`InPlaceMove`]).

use std::hash::{Hash, Hasher};

use frontier::{Applied, InPlaceProblem, Preview, SearchProblem, Step};

use crate::heuristic::{Lookup, TABLES, prefetch_ref};
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
/// The state also keeps an upper bound on each database's value, which
/// the in-place search uses to skip the lookups that cannot cut a child
/// off (see [`Rubik`]); like the sliding puzzle's cached estimates, they
/// are not part of equality or hashing.
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
    /// An upper bound on each table's value (`heuristic::TABLES`: the
    /// corners', then each edge group's), [`UNKNOWN`] where nothing is
    /// known.
    bounds: [u8; TABLES],
    /// What the estimate of a child may be without putting it over the
    /// search's bound, as the preview that made this state found it (one
    /// less than this state's own room), or [`UNKNOWN`].
    room: u8,
}

/// A table value not known: larger than any, so the search looks it up.
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
            bounds: [UNKNOWN; TABLES],
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

    /// The state after move `index` (into [`Move::ALL`]): a move changes a
    /// table's value by one at most, so each bound grows by one.
    #[inline]
    fn child(&self, corner_moves: &CornerMoves, index: u8) -> CubeState {
        let m = usize::from(index);
        CubeState {
            edges: step_edges(&self.edges, &EDGE_STEPS[m]),
            corner_perm: corner_moves.perm[usize::from(self.corner_perm)][m],
            corner_twist: corner_moves.twist[usize::from(self.corner_twist)][m],
            last: index / 3,
            bounds: self.bounds.map(|b| b.saturating_add(1)),
            room: UNKNOWN,
        }
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
/// - [`InPlaceProblem`]: the move list of a node computes every child
///   (the corner coordinates from two move-table rows of the parent's,
///   the edges piece by piece) and each child's entry in every table, and
///   starts loading those entries into the cache; the previews then read
///   the values, the corners first, stopping at the first that cuts the
///   child off. Cache misses on the tables are what a node costs, and
///   this way a node's misses overlap. The undo token is the state before
///   the move. [`leads_back`] is always false: the move lists already
///   leave out every move that could return to the parent (a turn of the
///   same face).
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

    /// The databases' estimate of `state`, or a value above `enough` once
    /// one database gives one: the corners first (their moved coordinates
    /// are at hand), then the edge groups in order.
    #[inline]
    fn estimate_within(&self, state: &CubeState, enough: u8) -> u8 {
        self.lookup
            .value_within(state.corner_perm, state.corner_twist, &state.edges, enough)
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

    fn start(&self) -> CubeState {
        CubeState::new(&self.start)
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
        let corner_moves = self.corner_moves;
        allowed(state.last)
            .iter()
            .map(move |&m| Step::new(Move::ALL[usize::from(m)], state.child(corner_moves, m), 1))
    }

    #[inline]
    fn heuristic(&self, state: &CubeState) -> u32 {
        u32::from(self.estimate_within(state, u8::MAX))
    }

    /// The databases in order, stopping at the first that puts the state
    /// over the bound.
    #[inline]
    fn heuristic_within(&self, state: &CubeState, g: u32, bound: u32) -> u32 {
        u32::from(self.estimate_within(state, room(g, bound)))
    }

    fn min_step_cost(&self) -> u32 {
        1
    }
}

/// A move as [`Rubik`]'s in-place search handles it: the index of the
/// move, the child's corner coordinates, and what the move list found of
/// the child's estimate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InPlaceMove {
    /// The index into [`Move::ALL`].
    index: u8,
    /// Whether `h` and `bounds` hold the move list's findings for the
    /// search's bound (else the preview looks the tables up itself).
    decided: bool,
    /// The child's estimate as the move list found it: over the bound,
    /// the value that put it there; within, the largest of `bounds`.
    h: u8,
    /// The room the child's own children have under the search's bound,
    /// once previewed.
    room: u8,
    /// The child's bounds on the tables' values, once found within the
    /// bound.
    bounds: [u8; TABLES],
    /// The child's corner coordinates.
    corner_perm: u16,
    corner_twist: u16,
}

/// The moves out of a [`CubeState`] for [`Rubik`]'s in-place search, with
/// what the tables say of each child: the allowed moves, the rows of the
/// corner move tables, and per move the child's estimate and bounds.
#[derive(Clone, Debug)]
pub struct InPlaceMoves {
    allowed: std::slice::Iter<'static, u8>,
    perms: &'static [u16; 18],
    twists: &'static [u16; 18],
    /// Whether `h` and `bounds` are filled in.
    decided: bool,
    /// The room the children's own children have under the search's
    /// bound.
    room: u8,
    /// `h[m]`: the estimate of the child of move `m` (see
    /// [`InPlaceMove`]).
    h: [u8; 18],
    /// `bounds[m]`: the child's bounds on the tables' values.
    bounds: [[u8; TABLES]; 18],
}

impl Iterator for InPlaceMoves {
    type Item = InPlaceMove;

    #[inline]
    fn next(&mut self) -> Option<InPlaceMove> {
        let &index = self.allowed.next()?;
        let m = usize::from(index);
        Some(InPlaceMove {
            index,
            decided: self.decided,
            h: self.h[m],
            room: self.room,
            bounds: self.bounds[m],
            corner_perm: self.perms[m],
            corner_twist: self.twists[m],
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.allowed.size_hint()
    }
}

impl<const N: usize> Rubik<'_, N> {
    /// What the in-place search's previews will ask, answered for every
    /// child of `state` at once, `room` (the estimate a child may have
    /// without going over the bound) known: the loads a node needs are
    /// started together, so their cache misses overlap.
    ///
    /// Only tables that can cut a child off are looked up: a move changes
    /// a table's value by one at most, so a table whose bound in `state`
    /// is below `room` leaves every child within the bound. The corner
    /// entries of all children are computed and their loads started
    /// first; then each child's corner value decides whether its edge
    /// entries are needed (the edges' ranks cost most of a node's work,
    /// and the corners cut off most children), and those loads start;
    /// then the edge values decide the rest.
    #[inline]
    fn decide(&self, state: &CubeState, allowed: &[u8], moves: &mut InPlaceMoves) {
        let lookup = &self.lookup;
        let room = state.room;
        let tables = lookup.tables_used;
        let mut live = 0u8;
        for (t, &bound) in state.bounds[..tables].iter().enumerate() {
            if bound >= room {
                live |= 1 << t;
            }
        }
        let grown = state.bounds.map(|b| b.saturating_add(1));
        let mut corner = [0u32; 18];
        if live & 1 != 0 {
            for &index in allowed {
                let m = usize::from(index);
                let entry = lookup.corner_entry(moves.perms[m], moves.twists[m]);
                lookup.prefetch(0, entry);
                corner[m] = entry;
            }
        }
        let mut edges = [[0u32; 18]; TABLES];
        let mut survivors = [0u8; 18];
        let mut count = 0;
        for &index in allowed {
            let m = usize::from(index);
            let mut bounds = grown;
            if live & 1 != 0 {
                let value = lookup.value(0, corner[m]);
                if value > room {
                    moves.h[m] = value;
                    continue;
                }
                bounds[0] = value;
            }
            for (t, entries) in edges.iter_mut().enumerate().take(tables).skip(1) {
                if live & 1 << t != 0 {
                    let entry = lookup.edge_entry(t - 1, &state.edges, &EDGE_STEPS[m]);
                    lookup.prefetch(t, entry);
                    entries[m] = entry;
                }
            }
            moves.bounds[m] = bounds;
            survivors[count] = index;
            count += 1;
        }
        'children: for &index in &survivors[..count] {
            let m = usize::from(index);
            let bounds = &mut moves.bounds[m];
            for t in 1..tables {
                if live & 1 << t != 0 {
                    let value = lookup.value(t, edges[t][m]);
                    if value > room {
                        moves.h[m] = value;
                        continue 'children;
                    }
                    bounds[t] = value;
                }
            }
            moves.h[m] = bounds[..tables].iter().copied().max().unwrap_or(0);
            // The child will be expanded, and its move list starts with
            // these rows (the permutation's table is larger than the
            // level-2 cache, and the databases' lines evict it from the
            // level-3 cache).
            let perm_row = &self.corner_moves.perm[usize::from(moves.perms[m])];
            prefetch_ref(perm_row);
            prefetch_ref(&perm_row[17]);
            prefetch_ref(&self.corner_moves.twist[usize::from(moves.twists[m])]);
        }
    }

    /// [`preview_for_apply`](InPlaceProblem::preview_for_apply) for a move
    /// the move list did not decide: the tables looked up here, only those
    /// that can cut the child off.
    #[cold]
    #[inline(never)]
    fn preview_undecided(
        &self,
        state: &CubeState,
        mut mv: InPlaceMove,
        enough: u8,
    ) -> (Preview<u32>, InPlaceMove) {
        let lookup = &self.lookup;
        let step = &EDGE_STEPS[usize::from(mv.index)];
        let mut h = 0;
        for t in 0..lookup.tables_used {
            let parent = state.bounds[t];
            let value = if parent >= enough {
                let entry = if t == 0 {
                    lookup.corner_entry(mv.corner_perm, mv.corner_twist)
                } else {
                    lookup.edge_entry(t - 1, &state.edges, step)
                };
                let value = lookup.value(t, entry);
                if value > enough {
                    return (
                        Preview {
                            cost: 1,
                            h: u32::from(value),
                        },
                        mv,
                    );
                }
                value
            } else {
                parent + 1
            };
            mv.bounds[t] = value;
            h = h.max(value);
        }
        mv.room = enough.saturating_sub(1);
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

    /// The allowed moves, each child's estimate found by looking up its
    /// tables together with its siblings' (when the state knows its room
    /// under the search's bound: every state the in-place search makes
    /// after its first two levels).
    #[inline]
    fn moves(&self, state: &CubeState) -> InPlaceMoves {
        let allowed = allowed(state.last);
        let mut moves = InPlaceMoves {
            allowed: allowed.iter(),
            perms: &self.corner_moves.perm[usize::from(state.corner_perm)],
            twists: &self.corner_moves.twist[usize::from(state.corner_twist)],
            decided: state.room != UNKNOWN,
            room: state.room.saturating_sub(1),
            h: [0; 18],
            bounds: [[UNKNOWN; TABLES]; 18],
        };
        if moves.decided {
            self.decide(state, allowed, &mut moves);
        }
        moves
    }

    /// Never: no allowed move turns the face just turned, so none returns
    /// to the parent.
    #[inline]
    fn leads_back(&self, _: &CubeState, _: InPlaceMove, _: CubeState) -> bool {
        false
    }

    /// The child with each bound one more than the state's.
    #[inline]
    fn apply(&self, state: &mut CubeState, mv: InPlaceMove) -> Applied<CubeState, u32> {
        let before = *state;
        *state = before.child(self.corner_moves, mv.index);
        Applied {
            undo: before,
            cost: 1,
        }
    }

    /// What the move list found, when it knew the room; otherwise the
    /// tables looked up here, only those that can cut the child off (see
    /// [`decide`](Rubik::decide)). Either way a child over the bound
    /// reports the value that put it there, and a child within it the
    /// largest of its bounds: at least its estimate and still within the
    /// bound (the estimate itself would need loads that decide nothing).
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
        debug_assert_eq!(enough, state.room, "the room the move list used");
        (
            Preview {
                cost: 1,
                h: u32::from(mv.h),
            },
            mv,
        )
    }

    /// The child from the coordinates and bounds the move carries, its
    /// edges moved here.
    #[inline]
    fn apply_previewed(&self, state: &mut CubeState, mv: InPlaceMove) -> Applied<CubeState, u32> {
        let before = *state;
        *state = CubeState {
            edges: step_edges(&before.edges, &EDGE_STEPS[usize::from(mv.index)]),
            corner_perm: mv.corner_perm,
            corner_twist: mv.corner_twist,
            last: mv.index / 3,
            bounds: mv.bounds,
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
