//! The 2x2x2 cube (the pocket cube): [`Pocket`], its positions;
//! [`PocketDistances`], the exact distance of every position, by
//! breadth-first search; and [`PocketProblem`], solving one position as a
//! [`frontier`] search problem with every optional capability.

use std::collections::VecDeque;
use std::str::FromStr;
use std::sync::OnceLock;

use frontier::{
    Applied, BidirectionalProblem, InPlaceProblem, RankedStates, ReversibleProblem, SearchProblem,
    Step,
};

use crate::check::{check_corners, orientation_sum};
use crate::error::{NotationError, Unsolvable};
use crate::random::SplitMix64;
use crate::{Cube, Face, Move, Sequence, Turn};

/// The corner place held fixed: `DBL`.
const DBL: usize = 6;

/// The orders of seven corners: 7!.
const ORDERS: usize = 5040;

/// The twists of six corners: 3^6.
const TWISTS: usize = 729;

/// The number of moves: `U R F`, three turns each.
const MOVE_COUNT: usize = 9;

/// A position of the 2x2x2 cube, held with the `DBL` corner in its place
/// and turned right. `Copy`, 4 bytes.
///
/// # Positions
///
/// A 2x2x2 cube is the 3x3x3's eight corners with nothing else, so it has
/// no centres to say which way up it is held. A position is taken with the
/// `DBL` corner held in its place and turned right: the moves are then the
/// turns of the three other faces, `U`, `R` and `F`, each a quarter turn
/// either way or a half turn, 9 moves, and the positions are the 7! orders
/// of the other corners times the 3^6 twists of six of them (the seventh's
/// twist follows), 3,674,160 in all. Every position is at most 11 moves
/// from solved in this half-turn metric, God's number of the 2x2x2.
///
/// A `D`, `L` or `B` turn is the `U`, `R` or `F` turn with the whole cube
/// turned: turning `D` clockwise, then holding the cube by `DBL` again, is
/// the same position as turning `U` clockwise. So [`Pocket::turned`] turns
/// `U` for `D` (and `R` for `L`, `F` for `B`). A whole scramble names
/// each face as the cube was held at its start, so
/// [`Pocket::from_moves`] (and `FromStr`) applies it to the corners of a
/// 3x3x3 cube and then turns that cube as a whole until `DBL` is home.
/// Solutions are in `U`, `R` and `F` for the cube so held.
///
/// # Coordinates
///
/// A position is two numbers: the order of the seven corners other than
/// `DBL` (a Lehmer code, below 5040) and the twists of the six corners
/// `URF UFL ULB UBR DFR DLF` (base 3, below 729). Each moves on its own
/// (the order after a move depends only on the order before it, and the
/// twists only on the twists), so a move is two lookups in tables of 5040
/// and 729 rows, built once, and the rank of a position is
/// `order * 729 + twists`. Each number alone is also a smaller puzzle
/// whose exact distances are an admissible and consistent heuristic for
/// the whole (an abstraction of it): [`PocketHeuristic::Projections`] is
/// the larger of the two.
///
/// # Example
///
/// ```
/// use cube::Pocket;
///
/// let scrambled: Pocket = "R U2 F' R".parse()?;
/// assert!(!scrambled.is_solved());
/// assert_eq!(Pocket::unrank(scrambled.rank()), Some(scrambled));
/// let back = scrambled.apply_all(&"R' F U2 R'".parse::<cube::Sequence>()?);
/// assert!(back.is_solved());
/// // D is U with the cube held the other way: the same position.
/// assert_eq!("D".parse::<Pocket>()?, "U".parse::<Pocket>()?);
/// # Ok::<(), cube::NotationError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pocket {
    /// The order of the corners other than `DBL`, in `0..5040`.
    order: u16,
    /// The twists of `URF UFL ULB UBR DFR DLF`, in `0..729`.
    twists: u16,
}

impl Pocket {
    /// The solved cube.
    pub const SOLVED: Pocket = Pocket {
        order: 0,
        twists: 0,
    };

    /// The number of positions: 7! · 3^6 = 3,674,160.
    pub const COUNT: usize = ORDERS * TWISTS;

    /// The 9 moves, `U U2 U' R R2 R' F F2 F'`: the first nine of
    /// [`Move::ALL`].
    pub const MOVES: [Move; 9] = {
        let mut moves = [Move::ALL[0]; 9];
        let mut i = 0;
        while i < 9 {
            moves[i] = Move::ALL[i];
            i += 1;
        }
        moves
    };

    /// The position's rank, in `0..COUNT`: the solved cube ranks 0.
    #[must_use]
    pub const fn rank(self) -> usize {
        self.order as usize * TWISTS + self.twists as usize
    }

    /// The position of rank `rank`, or `None` if it is not below
    /// [`COUNT`](Self::COUNT).
    #[must_use]
    pub fn unrank(rank: usize) -> Option<Pocket> {
        if rank >= Self::COUNT {
            return None;
        }
        Some(Pocket {
            order: u16::try_from(rank / TWISTS).ok()?,
            twists: u16::try_from(rank % TWISTS).ok()?,
        })
    }

    /// Whether this is the solved cube.
    #[must_use]
    pub const fn is_solved(self) -> bool {
        self.order == 0 && self.twists == 0
    }

    /// The position after `mv`. A `D`, `L` or `B` move turns `U`, `R` or
    /// `F` the same way, which is the same position with the cube held by
    /// `DBL` again (see [`Pocket`]; for a scramble that names faces as the
    /// cube was first held, use [`from_moves`](Self::from_moves)).
    ///
    /// # Complexity
    ///
    /// O(1): two table lookups (the tables are built on first use, in
    /// about a millisecond).
    #[must_use]
    pub fn turned(self, mv: Move) -> Pocket {
        let face = match mv.face {
            Face::D | Face::L | Face::B => mv.face.opposite(),
            face => face,
        };
        self.turned_by(Move::new(face, mv.turn).index())
    }

    /// The position after the move of index `index` in [`Pocket::MOVES`].
    #[inline]
    fn turned_by(self, index: usize) -> Pocket {
        let tables = tables();
        Pocket {
            order: tables.order_moves[usize::from(self.order)][index],
            twists: tables.twist_moves[usize::from(self.twists)][index],
        }
    }

    /// The position after every move of `moves`, in order, each as
    /// [`turned`](Self::turned) makes it.
    #[must_use]
    pub fn apply_all(self, moves: &[Move]) -> Pocket {
        moves.iter().fold(self, |pocket, &mv| pocket.turned(mv))
    }

    /// The position a scramble makes from the solved cube, each face named
    /// as the cube was held at the start: `D`, `L` and `B` turns included,
    /// the cube then held by `DBL` again.
    ///
    /// # Example
    ///
    /// ```
    /// use cube::{Pocket, Sequence};
    ///
    /// let scramble: Sequence = "D R".parse()?;
    /// // Held by DBL again after D, the cube has turned a quarter: the face
    /// // the scramble calls R is then in front.
    /// let held_anew: Sequence = "U F".parse()?;
    /// assert_eq!(Pocket::from_moves(&scramble), Pocket::SOLVED.apply_all(&held_anew));
    /// # Ok::<(), cube::NotationError>(())
    /// ```
    #[must_use]
    pub fn from_moves(moves: &[Move]) -> Pocket {
        // cannot fail: turns keep the corners a legal 2x2x2 cube
        Pocket::from_cube(&Cube::SOLVED.apply_all(moves)).unwrap_or(Pocket::SOLVED)
    }

    /// The position of a cube's corners (its edges are ignored), the cube
    /// turned as a whole until `DBL` is in its place and turned right.
    ///
    /// # Errors
    ///
    /// [`Unsolvable`] if the corners are no 2x2x2 cube: a corner out of
    /// range or repeated, a twist out of range, or twists that do not add
    /// up to a multiple of 3. (Any order of the corners is a 2x2x2
    /// position: the parity law ties corners to edges, which it has not.)
    ///
    /// # Example
    ///
    /// ```
    /// use cube::{Cube, Pocket, Unsolvable};
    ///
    /// let cube = "R U F' L".parse::<cube::Sequence>()?.cube();
    /// assert_eq!(Pocket::from_cube(&cube), Ok("R U F' L".parse::<Pocket>()?));
    /// let mut twisted = Cube::SOLVED;
    /// twisted.corner_twists[6] = 1;
    /// assert_eq!(Pocket::from_cube(&twisted), Err(Unsolvable::TwistedCorner { twist: 1 }));
    /// # Ok::<(), cube::NotationError>(())
    /// ```
    pub fn from_cube(cube: &Cube) -> Result<Pocket, Unsolvable> {
        check_corners(cube.corners, cube.corner_twists)?;
        let twist = orientation_sum(&cube.corner_twists, 3);
        if twist != 0 {
            return Err(Unsolvable::TwistedCorner { twist });
        }
        let held = tables()
            .rotations
            .iter()
            .map(|rotation| cube.then(rotation))
            .find(|turned| {
                usize::from(turned.corners[DBL]) == DBL && turned.corner_twists[DBL] == 0
            })
            // cannot fail: one of the 24 rotations brings any corner to
            // DBL, and one of the three about DBL's axis turns it right
            .unwrap_or(*cube);
        Ok(Pocket {
            order: order_of(held.corners),
            twists: twists_of(held.corner_twists),
        })
    }

    /// The position as a 3x3x3 cube: its corners, `DBL` in its place, the
    /// edges solved.
    #[must_use]
    pub fn to_cube(self) -> Cube {
        let mut cube = Cube::SOLVED;
        cube.corners = corners_of(self.order);
        cube.corner_twists = corner_twists_of(self.twists);
        cube
    }

    /// A uniformly random position, the same for the same `seed` on every
    /// platform.
    ///
    /// # Example
    ///
    /// ```
    /// use cube::Pocket;
    ///
    /// assert_eq!(Pocket::random(3), Pocket::random(3));
    /// assert!(Pocket::random(3).rank() < Pocket::COUNT);
    /// ```
    #[must_use]
    pub fn random(seed: u64) -> Pocket {
        let rank = SplitMix64::new(seed).below(Self::COUNT as u64);
        // cannot fail: below COUNT
        Pocket::unrank(usize::try_from(rank).unwrap_or(0)).unwrap_or(Pocket::SOLVED)
    }
}

impl Default for Pocket {
    fn default() -> Self {
        Pocket::SOLVED
    }
}

impl FromStr for Pocket {
    type Err = NotationError;

    /// A scramble in Singmaster notation ([`Sequence`]) applied to the
    /// solved cube as [`Pocket::from_moves`] applies it.
    fn from_str(text: &str) -> Result<Self, NotationError> {
        let scramble: Sequence = text.parse()?;
        Ok(Pocket::from_moves(&scramble))
    }
}

/// The slot of a corner place or piece among the seven other than `DBL`:
/// `DRB` (7) takes `DBL`'s number.
fn slot(corner: u8) -> usize {
    if usize::from(corner) == 7 {
        DBL
    } else {
        usize::from(corner)
    }
}

/// The corner place or piece of a slot.
fn corner(slot: usize) -> u8 {
    // cannot fail: slots are below 7
    let slot = u8::try_from(slot).unwrap_or(0);
    if usize::from(slot) == DBL { 7 } else { slot }
}

/// The Lehmer code of the order of the seven corners other than `DBL`
/// (which must be home).
fn order_of(corners: [u8; 8]) -> u16 {
    let slots: Vec<usize> = (0..7)
        .map(|s| slot(corners[usize::from(corner(s))]))
        .collect();
    let mut rank = 0usize;
    for (i, &here) in slots.iter().enumerate() {
        let smaller_after = slots[i + 1..].iter().filter(|&&later| later < here).count();
        rank = rank * (7 - i) + smaller_after;
    }
    // cannot fail: below 7! = 5040
    u16::try_from(rank).unwrap_or(0)
}

/// The corners of order `order`, `DBL` home.
fn corners_of(order: u16) -> [u8; 8] {
    let mut digits = [0usize; 7];
    let mut rest = usize::from(order);
    for (i, digit) in digits.iter_mut().enumerate().rev() {
        let base = 7 - i;
        *digit = rest % base;
        rest /= base;
    }
    let mut unused: Vec<usize> = (0..7).collect();
    let mut corners = [0u8; 8];
    corners[DBL] = 6;
    for (s, &digit) in digits.iter().enumerate() {
        let piece = unused.remove(digit.min(unused.len() - 1));
        corners[usize::from(corner(s))] = corner(piece);
    }
    corners
}

/// The twist number of corner twists (`DBL`'s 0, `DRB`'s following from
/// the others).
fn twists_of(twists: [u8; 8]) -> u16 {
    twists[..6]
        .iter()
        .fold(0u16, |number, &t| number * 3 + u16::from(t % 3))
}

/// The corner twists of twist number `number`.
fn corner_twists_of(number: u16) -> [u8; 8] {
    let mut twists = [0u8; 8];
    let mut rest = number;
    for twist in twists[..6].iter_mut().rev() {
        // cannot fail: below 3
        *twist = u8::try_from(rest % 3).unwrap_or(0);
        rest /= 3;
    }
    twists[7] = (3 - orientation_sum(&twists, 3)) % 3;
    twists
}

/// The tables every position shares, built on first use.
struct Tables {
    /// `order_moves[order][m]`: the order after move `m` of [`Pocket::MOVES`].
    order_moves: Vec<[u16; MOVE_COUNT]>,
    /// `twist_moves[twists][m]`: the twists after move `m`.
    twist_moves: Vec<[u16; MOVE_COUNT]>,
    /// The fewest moves that put the corners in order, twists aside.
    order_distance: Vec<u8>,
    /// The fewest moves that turn every corner right, order aside.
    twist_distance: Vec<u8>,
    /// The 24 rotations of the whole cube, as corner arrangements.
    rotations: Vec<Cube>,
}

/// The shared tables.
fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut order_moves = vec![[0u16; MOVE_COUNT]; ORDERS];
        for (order, row) in (0u16..).zip(order_moves.iter_mut()) {
            let mut cube = Cube::SOLVED;
            cube.corners = corners_of(order);
            for (next, mv) in row.iter_mut().zip(Pocket::MOVES) {
                *next = order_of(cube.turned(mv).corners);
            }
        }
        let mut twist_moves = vec![[0u16; MOVE_COUNT]; TWISTS];
        for (twists, row) in (0u16..).zip(twist_moves.iter_mut()) {
            let mut cube = Cube::SOLVED;
            cube.corner_twists = corner_twists_of(twists);
            for (next, mv) in row.iter_mut().zip(Pocket::MOVES) {
                *next = twists_of(cube.turned(mv).corner_twists);
            }
        }
        let order_distance = distances_in(&order_moves, 0);
        let twist_distance = distances_in(&twist_moves, 0);
        Tables {
            order_moves,
            twist_moves,
            order_distance,
            twist_distance,
            rotations: rotations(),
        }
    })
}

/// Breadth-first distances from `from` in a space given by its move table.
fn distances_in(moves: &[[u16; MOVE_COUNT]], from: u16) -> Vec<u8> {
    let mut distance = vec![u8::MAX; moves.len()];
    distance[usize::from(from)] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        let next_distance = distance[usize::from(at)] + 1;
        for &next in &moves[usize::from(at)] {
            let seen = &mut distance[usize::from(next)];
            if *seen == u8::MAX {
                *seen = next_distance;
                queue.push_back(next);
            }
        }
    }
    distance
}

/// The 24 rotations of the whole cube as corner arrangements: generated
/// by `x` (`R` with `L'`, which move the corners as turning the whole
/// cube does), `y` (`U D'`) and `z` (`F B'`).
fn rotations() -> Vec<Cube> {
    let quarter = |face| Move::new(face, Turn::Clockwise);
    let counter = |face| Move::new(face, Turn::CounterClockwise);
    let generators = [
        Cube::SOLVED
            .turned(quarter(Face::R))
            .turned(counter(Face::L)),
        Cube::SOLVED
            .turned(quarter(Face::U))
            .turned(counter(Face::D)),
        Cube::SOLVED
            .turned(quarter(Face::F))
            .turned(counter(Face::B)),
    ];
    let corners_only = |cube: Cube| Cube {
        corners: cube.corners,
        corner_twists: cube.corner_twists,
        ..Cube::SOLVED
    };
    let mut all = vec![Cube::SOLVED];
    let mut next = 0;
    while let Some(&rotation) = all.get(next) {
        for generator in &generators {
            let turned = corners_only(rotation.then(generator));
            if !all.contains(&turned) {
                all.push(turned);
            }
        }
        next += 1;
    }
    all
}

/// The exact number of moves from every 2x2x2 position to solved, by
/// breadth-first search over all 3,674,160, indexed by
/// [`Pocket::rank`].
///
/// # Example
///
/// ```
/// use cube::{Pocket, PocketDistances};
///
/// let distances = PocketDistances::build();
/// assert_eq!(distances.counts(), [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]);
/// let pocket: Pocket = "R U2 F' R".parse()?;
/// let solution = distances.solution(pocket);
/// assert_eq!(solution.len(), usize::from(distances.distance(pocket)));
/// assert!(pocket.apply_all(&solution).is_solved());
/// # Ok::<(), cube::NotationError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct PocketDistances {
    /// The distance of each position, by rank.
    distance: Vec<u8>,
}

impl std::fmt::Debug for PocketDistances {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PocketDistances")
            .field("counts", &self.counts())
            .finish()
    }
}

impl PocketDistances {
    /// The table, by a breadth-first search from the solved cube (the
    /// moves are closed under inverses, so the distance from solved is the
    /// distance to solved).
    ///
    /// # Complexity
    ///
    /// 3,674,160 positions, 9 moves each, each two table lookups: about
    /// 0.1 s in a release build, 3.7 MB for the table and 15 MB for the
    /// queue while it runs.
    #[must_use]
    pub fn build() -> Self {
        let tables = tables();
        let mut distance = vec![u8::MAX; Pocket::COUNT];
        let mut queue: Vec<u32> = Vec::with_capacity(Pocket::COUNT);
        distance[0] = 0;
        queue.push(0);
        let mut head = 0;
        while let Some(&rank) = queue.get(head) {
            head += 1;
            let rank = rank as usize;
            let next_distance = distance[rank] + 1;
            let (order, twists) = (rank / TWISTS, rank % TWISTS);
            let orders = &tables.order_moves[order];
            let twisted = &tables.twist_moves[twists];
            for (&order, &twists) in orders.iter().zip(twisted) {
                let next = usize::from(order) * TWISTS + usize::from(twists);
                if distance[next] == u8::MAX {
                    distance[next] = next_distance;
                    // cannot fail: ranks are below COUNT < 2^32
                    queue.push(u32::try_from(next).unwrap_or(0));
                }
            }
        }
        PocketDistances { distance }
    }

    /// The fewest moves that solve `pocket`.
    #[must_use]
    pub fn distance(&self, pocket: Pocket) -> u8 {
        self.distance[pocket.rank()]
    }

    /// How many positions lie at each distance, from 0 to the largest.
    #[must_use]
    pub fn counts(&self) -> Vec<u64> {
        let mut counts = Vec::new();
        for &d in &self.distance {
            let d = usize::from(d);
            if counts.len() <= d {
                counts.resize(d + 1, 0);
            }
            counts[d] += 1;
        }
        counts
    }

    /// The distances, by rank.
    #[must_use]
    pub fn as_slice(&self) -> &[u8] {
        &self.distance
    }

    /// An optimal solution of `pocket`: at each step, the first move of
    /// [`Pocket::MOVES`] that brings it one move closer.
    ///
    /// # Complexity
    ///
    /// At most 11 steps of 9 lookups.
    #[must_use]
    pub fn solution(&self, mut pocket: Pocket) -> Sequence {
        let mut moves = Vec::new();
        while !pocket.is_solved() {
            let here = self.distance(pocket);
            let Some((mv, next)) = Pocket::MOVES
                .into_iter()
                .map(|mv| (mv, pocket.turned(mv)))
                .find(|&(_, next)| self.distance(next) < here)
            else {
                // cannot happen: a position at distance d > 0 has a
                // neighbour at d - 1
                break;
            };
            moves.push(mv);
            pocket = next;
        }
        Sequence::new(moves)
    }
}

/// The heuristics of [`PocketProblem`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PocketHeuristic {
    /// No estimate (zero): the informed searches search blind.
    Zero,
    /// The larger of the exact distances of the corners' order alone and
    /// of their twists alone (two abstractions of the cube, tables of 5040
    /// and 729 entries): admissible and consistent, at most 7, and 5.1 on
    /// average over all positions against a true average of 8.8 (exact on
    /// 0.5% of them).
    #[default]
    Projections,
}

/// Solving one 2x2x2 position: the start and the heuristic, as a
/// [`SearchProblem`] with every optional capability.
///
/// - Actions are the 9 [`Pocket::MOVES`], each costing 1: the half-turn
///   metric.
/// - [`BidirectionalProblem`]: the goal is the solved cube, a
///   predecessor is the position a move's inverse leads to, and the
///   backward heuristic is [`PocketHeuristic::Projections`] measured to
///   the start (both abstractions searched again from the start's
///   numbers when the problem is made, 5769 entries).
/// - [`ReversibleProblem`]: every move is undone by its inverse.
/// - [`RankedStates`]: [`Pocket::rank`], 3,674,160 ranks.
/// - [`InPlaceProblem`]: one position changed in place, the move undone
///   by restoring the position before it.
///
/// # Example
///
/// ```
/// use cube::{Pocket, PocketHeuristic, PocketProblem};
///
/// let start: Pocket = "R U R' U' F2 R U2".parse()?;
/// let problem = PocketProblem::new(start, PocketHeuristic::Projections);
/// let solution = frontier::idastar(&problem).into_solution().expect("every position can be solved");
/// assert!(start.apply_all(&solution.actions).is_solved());
/// assert_eq!(solution.cost, 6);
/// # Ok::<(), cube::NotationError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PocketProblem {
    start: Pocket,
    heuristic: PocketHeuristic,
    /// The order's distances from the start's order.
    order_from_start: Vec<u8>,
    /// The twists' distances from the start's twists.
    twists_from_start: Vec<u8>,
}

impl PocketProblem {
    /// The problem of solving `start`, guided by `heuristic`.
    #[must_use]
    pub fn new(start: Pocket, heuristic: PocketHeuristic) -> Self {
        let tables = tables();
        PocketProblem {
            start,
            heuristic,
            order_from_start: distances_in(&tables.order_moves, start.order),
            twists_from_start: distances_in(&tables.twist_moves, start.twists),
        }
    }

    /// The position to solve.
    #[must_use]
    pub fn start_position(&self) -> Pocket {
        self.start
    }

    /// The heuristic.
    #[must_use]
    pub fn heuristic_kind(&self) -> PocketHeuristic {
        self.heuristic
    }

    /// The moves out of `state`, to the states `to` makes of each move.
    fn steps(
        state: Pocket,
        to: impl Fn(Pocket, usize) -> Pocket,
    ) -> impl Iterator<Item = Step<Pocket, Move, u32>> {
        (0..MOVE_COUNT).map(move |index| Step::new(Pocket::MOVES[index], to(state, index), 1))
    }
}

/// The index in [`Pocket::MOVES`] of the move that undoes move `index`.
const fn inverse_index(index: usize) -> usize {
    3 * (index / 3) + 2 - index % 3
}

impl SearchProblem for PocketProblem {
    type State = Pocket;
    type Action = Move;
    type Cost = u32;

    fn start(&self) -> Pocket {
        self.start
    }

    #[inline]
    fn is_goal(&self, state: &Pocket) -> bool {
        state.is_solved()
    }

    #[inline]
    fn successors(&self, state: &Pocket) -> impl Iterator<Item = Step<Pocket, Move, u32>> {
        Self::steps(*state, Pocket::turned_by)
    }

    #[inline]
    fn heuristic(&self, state: &Pocket) -> u32 {
        match self.heuristic {
            PocketHeuristic::Zero => 0,
            PocketHeuristic::Projections => {
                let tables = tables();
                let order = tables.order_distance[usize::from(state.order)];
                let twists = tables.twist_distance[usize::from(state.twists)];
                u32::from(order.max(twists))
            }
        }
    }

    /// Every move costs 1.
    fn min_step_cost(&self) -> u32 {
        1
    }
}

/// The goal is the solved cube; the predecessors of a position are the
/// positions each move's inverse leads to, listed with the move.
impl BidirectionalProblem for PocketProblem {
    fn goal(&self) -> Pocket {
        Pocket::SOLVED
    }

    #[inline]
    fn predecessors(&self, state: &Pocket) -> impl Iterator<Item = Step<Pocket, Move, u32>> {
        Self::steps(*state, |state, index| state.turned_by(inverse_index(index)))
    }

    #[inline]
    fn backward_heuristic(&self, state: &Pocket) -> u32 {
        match self.heuristic {
            PocketHeuristic::Zero => 0,
            PocketHeuristic::Projections => {
                let order = self.order_from_start[usize::from(state.order)];
                let twists = self.twists_from_start[usize::from(state.twists)];
                u32::from(order.max(twists))
            }
        }
    }
}

/// Every move is undone by its inverse, at the same cost: IDA* may use
/// bidirectional pathmax.
impl ReversibleProblem for PocketProblem {}

impl RankedStates for PocketProblem {
    fn state_count(&self) -> usize {
        Pocket::COUNT
    }

    fn rank(&self, state: &Pocket) -> usize {
        state.rank()
    }
}

/// Moves are indices into [`Pocket::MOVES`]; a move is undone by putting
/// back the position before it, kept with the move's index for
/// [`leads_back`](InPlaceProblem::leads_back).
impl InPlaceProblem for PocketProblem {
    type Move = u8;
    type Undo = (Pocket, u8);
    type Moves = std::ops::Range<u8>;

    fn moves(&self, _: &Pocket) -> std::ops::Range<u8> {
        0..9
    }

    #[inline]
    fn leads_back(&self, _: &Pocket, mv: u8, undo: (Pocket, u8)) -> bool {
        usize::from(mv) == inverse_index(usize::from(undo.1))
    }

    #[inline]
    fn apply(&self, state: &mut Pocket, mv: u8) -> Applied<(Pocket, u8), u32> {
        let before = *state;
        *state = before.turned_by(usize::from(mv));
        Applied {
            undo: (before, mv),
            cost: 1,
        }
    }

    #[inline]
    fn undo(&self, state: &mut Pocket, undo: (Pocket, u8)) {
        *state = undo.0;
    }

    fn action(&self, _: &Pocket, mv: u8) -> Move {
        Pocket::MOVES[usize::from(mv) % MOVE_COUNT]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for order in 0..5040u16 {
            let corners = corners_of(order);
            assert_eq!(order_of(corners), order);
            assert_eq!(usize::from(corners[DBL]), DBL);
        }
        for twists in 0..729u16 {
            let corner_twists = corner_twists_of(twists);
            assert_eq!(twists_of(corner_twists), twists);
            assert_eq!(orientation_sum(&corner_twists, 3), 0);
            assert_eq!(corner_twists[DBL], 0);
        }
        assert_eq!(corners_of(0), Cube::SOLVED.corners);
        assert_eq!(Pocket::unrank(Pocket::COUNT), None);
        assert_eq!(
            Pocket::unrank(Pocket::COUNT - 1).map(Pocket::rank),
            Some(Pocket::COUNT - 1)
        );
    }

    #[test]
    fn there_are_24_rotations_and_they_fix_the_corners_relative_to_each_other() {
        let rotations = rotations();
        assert_eq!(rotations.len(), 24);
        // Each brings DBL to a different place and twist: 8 places x 3.
        let mut seen: Vec<(u8, u8)> = rotations
            .iter()
            .map(|r| {
                let place = r
                    .corners
                    .iter()
                    .position(|&p| usize::from(p) == DBL)
                    .unwrap();
                (u8::try_from(place).unwrap(), r.corner_twists[place])
            })
            .collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 24);
    }

    #[test]
    fn moves_are_those_of_the_cube() {
        for seed in 0..300 {
            let pocket = Pocket::random(seed);
            assert_eq!(Pocket::from_cube(&pocket.to_cube()), Ok(pocket));
            for (index, mv) in Pocket::MOVES.into_iter().enumerate() {
                let turned = pocket.turned(mv);
                let by_cube = pocket.to_cube().turned(mv);
                assert_eq!(turned.to_cube().corners, by_cube.corners, "{mv}");
                assert_eq!(
                    turned.to_cube().corner_twists,
                    by_cube.corner_twists,
                    "{mv}"
                );
                assert_eq!(turned.turned_by(inverse_index(index)), pocket);
                assert_eq!(Pocket::MOVES[inverse_index(index)], mv.inverse());
            }
        }
    }
}
