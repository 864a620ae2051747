//! The cube as a [`frontier`] search problem: [`Rubik`], its states
//! ([`CubeState`]) and its in-place moves ([`InPlaceMove`]).

use frontier::{Applied, InPlaceProblem, Preview, SearchProblem, Step};

use crate::rank::{CornerMoves, EDGE_STEPS, EdgeCubie, corner_perm, corner_twist, edge_cubies};
use crate::{Cube, Databases, Face, Move};

/// The face index that stands for "no move yet" in [`CubeState`].
const NO_FACE: u8 = 6;

/// The edges of the solved cube, piece by piece.
const SOLVED_EDGES: [EdgeCubie; 12] = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22];

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubeState {
    /// Edge `p`'s place times two, plus one if it is flipped.
    edges: [EdgeCubie; 12],
    /// The corner permutation coordinate (`rank::corner_perm`).
    corner_perm: u16,
    /// The corner twist coordinate (`rank::corner_twist`).
    corner_twist: u16,
    /// The face of the move that reached this state, [`NO_FACE`] at the
    /// start.
    last: u8,
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

    /// The state after move `m` (an index into [`Move::ALL`]).
    #[inline]
    fn child(&self, corner_moves: &CornerMoves, index: u8) -> CubeState {
        let m = usize::from(index);
        let step = &EDGE_STEPS[m];
        CubeState {
            edges: self.edges.map(|cubie| step[usize::from(cubie)]),
            corner_perm: corner_moves.perm[usize::from(self.corner_perm)][m],
            corner_twist: corner_moves.twist[usize::from(self.corner_twist)][m],
            last: index / 3,
        }
    }

    /// A state only to be overwritten: the child an [`InPlaceMove`] holds
    /// before its preview.
    const PLACEHOLDER: CubeState = CubeState {
        edges: SOLVED_EDGES,
        corner_perm: 0,
        corner_twist: 0,
        last: NO_FACE,
    };
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
/// - [`InPlaceProblem`]: a move is previewed by looking up the child's
///   corner entry first, from two move-table rows of the parent's
///   coordinates; only a child the corners do not cut off has its edges
///   moved and looked up, and that child rides in the [`InPlaceMove`] to
///   be made without computing it again. The undo token is the state
///   before the move. [`leads_back`] is always false: the move lists
///   already leave out every move that could return to the parent (a
///   turn of the same face).
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
    databases: &'d Databases<N>,
    corner_moves: &'static CornerMoves,
}

impl<'d, const N: usize> Rubik<'d, N> {
    /// The problem of solving `start` guided by `databases`.
    #[must_use]
    pub fn new(start: Cube, databases: &'d Databases<N>) -> Self {
        Rubik {
            start,
            databases,
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
        let corners = self
            .databases
            .corner_value(state.corner_perm, state.corner_twist);
        if corners > enough {
            return corners;
        }
        corners.max(self.databases.edge_estimate(&state.edges, enough))
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
/// move and, once previewed within the bound, the state it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InPlaceMove {
    /// The index into [`Move::ALL`].
    index: u8,
    /// The child, once a preview within the bound computed it.
    child: CubeState,
}

/// The moves out of a [`CubeState`] for [`Rubik`]'s in-place search.
#[derive(Clone, Debug)]
pub struct InPlaceMoves {
    moves: std::slice::Iter<'static, u8>,
}

impl Iterator for InPlaceMoves {
    type Item = InPlaceMove;

    #[inline]
    fn next(&mut self) -> Option<InPlaceMove> {
        self.moves.next().map(|&index| InPlaceMove {
            index,
            child: CubeState::PLACEHOLDER,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

/// The state changed in place; see [`Rubik`].
impl<const N: usize> InPlaceProblem for Rubik<'_, N> {
    type Move = InPlaceMove;
    /// The state before the move.
    type Undo = CubeState;
    type Moves = InPlaceMoves;

    #[inline]
    fn moves(&self, state: &CubeState) -> InPlaceMoves {
        InPlaceMoves {
            moves: allowed(state.last).iter(),
        }
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
        *state = before.child(self.corner_moves, mv.index);
        Applied {
            undo: before,
            cost: 1,
        }
    }

    /// The corners' value first, from the moved coordinates; the edges
    /// only if the corners leave the child within the bound, and then the
    /// whole child goes into the move for
    /// [`apply_previewed`](InPlaceProblem::apply_previewed).
    #[inline]
    fn preview_for_apply(
        &self,
        state: &CubeState,
        mv: InPlaceMove,
        g: u32,
        bound: u32,
    ) -> (Preview<u32>, InPlaceMove) {
        let m = usize::from(mv.index);
        let perm = self.corner_moves.perm[usize::from(state.corner_perm)][m];
        let twist = self.corner_moves.twist[usize::from(state.corner_twist)][m];
        let enough = room(g.saturating_add(1), bound);
        let corners = self.databases.corner_value(perm, twist);
        if corners > enough {
            return (
                Preview {
                    cost: 1,
                    h: u32::from(corners),
                },
                mv,
            );
        }
        let step = &EDGE_STEPS[m];
        let child = CubeState {
            edges: state.edges.map(|cubie| step[usize::from(cubie)]),
            corner_perm: perm,
            corner_twist: twist,
            last: mv.index / 3,
        };
        let h = corners.max(self.databases.edge_estimate(&child.edges, enough));
        (
            Preview {
                cost: 1,
                h: u32::from(h),
            },
            InPlaceMove {
                index: mv.index,
                child,
            },
        )
    }

    #[inline]
    fn apply_previewed(&self, state: &mut CubeState, mv: InPlaceMove) -> Applied<CubeState, u32> {
        let before = *state;
        *state = mv.child;
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
