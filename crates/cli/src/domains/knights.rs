//! Knight moves ([`KNIGHTS`]): POJ 1915 "Knight Moves", the fewest knight
//! moves between two squares of an `l`×`l` board, as a domain. Every move
//! costs 1 and is undone by the opposite move, so a case searches both
//! ways, ranks its squares into dense tables and runs IDA* with BPMX; its
//! heuristics are zero and a lower bound of the knight moves
//! ([`knight_bound`]), the same toward the start as toward the target.
//!
//! The cases come from a POJ 1915 input ([`read_cases`]). The `knight`
//! program answers each with bidirectional BFS checked against BFS
//! ([`Knight::solve`]), or with the algorithms it is given
//! ([`Knight::solve_with`]); every answer is replayed square by square on
//! the board ([`Domain::solve`]).

use frontier::{
    BidirectionalProblem, Limits, RankedStates, ReversibleProblem, SearchProblem, Step,
};

use crate::domain::{Context, Domain, DomainInfo, Solver};
use crate::registry::{
    self, Algorithm, Capabilities, Capability, Heuristic, HeuristicRow, Kept, ResultOf, Searchable,
};
use crate::strategy::{Answer, Attempt, Path, SolveError, Strategy, timed};

mod cases;

pub use cases::{InputError, read_cases};

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
/// moves. Its heuristic is zero; the domain searches it as a [`Guided`]
/// case, with the heuristic it is asked for.
///
/// # Example
///
/// ```
/// use frontier_cli::domains::knights::Knight;
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

/// The algorithms `frontier knight` runs by default: bidirectional BFS
/// answers, and plain BFS checks it.
pub const CHECKED: [Algorithm; 2] = [Algorithm::Bidirectional, Algorithm::Bfs];

impl Knight {
    /// The square `(dx, dy)` away from `from`, if it is on the board.
    fn jump(&self, (x, y): Square, (dx, dy): (i8, i8)) -> Option<Square> {
        let x = x.checked_add_signed(i16::from(dx))?;
        let y = y.checked_add_signed(i16::from(dy))?;
        (x < self.size && y < self.size).then_some((x, y))
    }

    /// The fewest moves, by bidirectional BFS, checked against plain BFS
    /// ([`CHECKED`]), each path replayed on the board: what `frontier
    /// knight` answers by default. [`solve_with`](Self::solve_with) on a
    /// solver of its own.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier_cli::domains::knights::Knight;
    ///
    /// assert_eq!(Knight { size: 100, start: (0, 0), target: (30, 50) }.solve(), Ok(28));
    /// ```
    ///
    /// # Errors
    ///
    /// [`Disagreement`] when the two searches differ or a path is not a
    /// chain of knight moves from the start to the target: a bug, never
    /// bad input.
    pub fn solve(&self) -> Result<usize, Disagreement> {
        self.solve_with(&CHECKED.map(Strategy::plain), &mut Solver::new())
    }

    /// The number of moves the first of `strategies` finds, each of the
    /// others checking it: the optimal ones must find as many moves (the
    /// fewest), the others (greedy search) no fewer. Every path is
    /// replayed on the board by [`KNIGHTS`]' `solve`. No limit applies:
    /// IDA* with the zero heuristic on a large board may not end in any
    /// reasonable time.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier_cli::domain::Solver;
    /// use frontier_cli::domains::heuristic;
    /// use frontier_cli::domains::knights::Knight;
    /// use frontier_cli::strategy::{Algorithm, Strategy};
    ///
    /// let bound = heuristic("knight-distance").unwrap();
    /// let mm_then_astar = [Strategy::new(Algorithm::Mm, bound), Strategy::new(Algorithm::AStar, bound)];
    /// let case = Knight { size: 8, start: (0, 0), target: (7, 0) };
    /// assert_eq!(case.solve_with(&mm_then_astar, &mut Solver::new()), Ok(5));
    /// ```
    ///
    /// # Errors
    ///
    /// [`Disagreement`] when `strategies` is empty or holds one that
    /// [`KNIGHTS`] refuses (check [`Strategy::refusal`] first), and, a
    /// bug, when a search finds no path, two answers disagree as above or
    /// a path does not replay.
    pub fn solve_with(
        &self,
        strategies: &[Strategy],
        solver: &mut Solver,
    ) -> Result<usize, Disagreement> {
        let fail = |reason: String| Disagreement {
            case: *self,
            reason,
        };
        let mut answers: Vec<(Strategy, usize)> = Vec::with_capacity(strategies.len());
        for &strategy in strategies {
            let attempt = solver
                .solve(&KNIGHTS, self, strategy, &Limits::new())
                .map_err(|err| fail(err.to_string()))?;
            let moves = match attempt.answer {
                Answer::Solved(path) => path.len(),
                Answer::Unsolvable => {
                    return Err(fail(format!(
                        "{strategy} found no path, though every square reaches every other on \
                         boards of 4x4 and up"
                    )));
                }
                Answer::Stopped(limit) => {
                    return Err(fail(format!("{strategy} stopped by its {limit}")));
                }
            };
            answers.push((strategy, moves));
        }
        let Some(&(_, answer)) = answers.first() else {
            return Err(fail("no strategy to solve it with".to_owned()));
        };
        let is_optimal = |strategy: Strategy| KNIGHTS.is_optimal(strategy.algorithm);
        let fewest = answers.iter().find(|(strategy, _)| is_optimal(*strategy));
        if let Some(&(optimal, fewest)) = fewest {
            for &(strategy, moves) in &answers {
                if is_optimal(strategy) && moves != fewest {
                    return Err(fail(format!(
                        "{optimal} found {fewest} moves, {strategy} {moves}"
                    )));
                }
                if moves < fewest {
                    return Err(fail(format!(
                        "{strategy} found {moves} moves, fewer than the {fewest} of {optimal}"
                    )));
                }
            }
        }
        Ok(answer)
    }
}

/// Two searches disagreed on a case, or a path did not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("case {case:?}: {reason}")]
pub struct Disagreement {
    /// The case.
    pub case: Knight,
    /// What went wrong.
    pub reason: String,
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
/// use frontier_cli::domains::knights::knight_bound;
///
/// assert_eq!(knight_bound((0, 0), (0, 0)), 0);
/// assert_eq!(knight_bound((0, 0), (1, 2)), 1);
/// // One square away: 1 by the counts, 3 by parity and the moves needed.
/// assert_eq!(knight_bound((0, 0), (1, 0)), 1);
/// assert_eq!(knight_bound((0, 0), (1, 1)), 2);
/// assert_eq!(knight_bound((0, 0), (299, 299)), 200);
/// ```
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

/// The lower bound of the knight moves, [`knight_bound`].
static KNIGHT_DISTANCE: HeuristicRow = HeuristicRow::new(
    [
        "knight-distance",
        "knight distance",
        "A lower bound of the knight moves to the target (knight boards): a move changes x and \
         y by at most 2, x+y by at most 3 and the parity of x+y",
    ],
    "knight boards",
    "it counts knight moves",
)
// `compare` runs no knight set: by default it compares the heuristics of
// the sets it runs.
.not_compared();

/// The heuristics of knight cases, weakest first.
const HEURISTICS: &[Heuristic] = &[Heuristic::ZERO, Heuristic::new(&KNIGHT_DISTANCE)];

/// Knight cases, the domain.
#[derive(Debug, Default)]
pub struct KnightCases;

/// POJ 1915 cases: boards of 4x4 to 300x300.
pub static KNIGHTS: KnightCases = KnightCases;

impl DomainInfo for KnightCases {
    fn name(&self) -> &'static str {
        "knight"
    }

    fn instances(&self) -> &'static str {
        "knight cases"
    }

    fn kind(&self) -> &'static str {
        "knight boards"
    }

    /// Every capability but a table and jump points: moves cost 1 and undo
    /// each other, the bound measures toward the start as it does toward
    /// the target, and at most 300 × 300 squares rank into dense tables.
    fn capabilities(&self) -> Capabilities {
        use Capability::{Backward, BackwardHeuristic, FewestSteps, Ranks, Reversible};
        Capabilities::of(&[FewestSteps, Backward, BackwardHeuristic, Ranks, Reversible])
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        HEURISTICS
    }
}

impl Domain for KnightCases {
    type Instance = Knight;
    type Kept = Kept<Square, (i8, i8), u32>;

    fn kept(&self, context: &Context) -> Self::Kept {
        Kept::new(context.jobs)
    }

    fn solve(
        &self,
        case: &Knight,
        strategy: Strategy,
        limits: &Limits<u32>,
        kept: &mut Self::Kept,
        _: &Context,
    ) -> Result<Attempt, SolveError> {
        // The algorithms that use no heuristic get zero.
        let bound = strategy.heuristic == Some(Heuristic::new(&KNIGHT_DISTANCE));
        let guided = Guided { case: *case, bound };
        let (result, elapsed) = timed(|| registry::run(strategy.algorithm, &guided, limits, kept));
        let Some(result) = result else {
            return Err(SolveError::cannot_run(strategy, self.instances()));
        };
        let line = || self.to_line(case);
        Attempt::of_search::<Guided>(result, elapsed, (strategy, &line), |moves| {
            replay(case, moves)
        })
    }

    fn to_line(&self, case: &Knight) -> String {
        format!(
            "{0}x{0} board from {1:?} to {2:?}",
            case.size, case.start, case.target
        )
    }
}

/// `moves` as the path of `case`: each a knight move that stays on the
/// board from where the one before led, ending at the target.
fn replay(case: &Knight, moves: Vec<(i8, i8)>) -> Result<Path, String> {
    let mut at = case.start;
    for (index, &m) in moves.iter().enumerate() {
        let step = index + 1;
        if !MOVES.contains(&m) {
            return Err(format!("move {step} ({}) is not a knight move", text(m)));
        }
        at = case.jump(at, m).ok_or_else(|| {
            let (shown, size) = (text(m), case.size);
            format!("move {step} ({shown}) from {at:?} leaves the {size}x{size} board")
        })?;
    }
    if at != case.target {
        return Err(format!(
            "the moves end at {at:?}, not at the target {:?}",
            case.target
        ));
    }
    let words: Vec<String> = moves.iter().map(|&m| text(m)).collect();
    Ok(Path::new(moves, words.join(" "), "moves"))
}

/// A move in the path's notation: `+1+2`, `-2+1`.
fn text((dx, dy): (i8, i8)) -> String {
    format!("{dx:+}{dy:+}")
}

/// A case as the domain searches it: the knight's moves, and as heuristic
/// [`knight_bound`] (to the target forward, to the start backward) or
/// zero.
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

/// Cases search backward (bidirectional BFS, MM, NBS, DVCBS, BAE*), rank
/// their squares (the dense tables) and have reversible moves (BPMX).
impl Searchable for Guided {
    fn special(
        &self,
        algorithm: Algorithm,
        limits: &Limits<u32>,
        kept: &mut Kept<Square, (i8, i8), u32>,
    ) -> Option<ResultOf<Self>> {
        registry::bidirectional(algorithm, self, limits)
            .or_else(|| registry::dense(algorithm, self, limits))
            .or_else(|| registry::bpmx(algorithm, self, limits, kept))
    }
}

#[cfg(test)]
mod tests;
