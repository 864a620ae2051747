//! Knight moves ([`KNIGHTS`]): POJ 1915 "Knight Moves", the fewest knight
//! moves between two squares of an `l`×`l` board, as a domain of the
//! registry. The problem, its bound and the case reader are the `knight`
//! crate's ([`Knight`], [`knight::knight_bound`], [`knight::read_cases`]);
//! here is what the programs add: the domain, which searches each case as
//! a [`Guided`] one both ways, ranks its squares into dense tables and
//! runs IDA* with BPMX, with the heuristics zero and the knight distance.
//!
//! The `knight` program answers each case with bidirectional BFS checked
//! against BFS ([`SolveKnight::solve`]), or with the algorithms it is given
//! ([`SolveKnight::solve_with`]); every answer is replayed square by square
//! on the board ([`Domain::solve`]).

use frontier::Limits;
use knight::{Guided, Knight, MOVES, Square};

use crate::domain::{Context, Domain, DomainInfo, Solver};
use crate::registry::{
    self, Algorithm, Capabilities, Capability, Heuristic, HeuristicRow, Kept, ResultOf, Searchable,
};
use crate::strategy::{Answer, Attempt, Path, SolveError, Strategy, timed};

/// The algorithms `frontier knight` runs by default: bidirectional BFS
/// answers, and plain BFS checks it.
pub const CHECKED: [Algorithm; 2] = [Algorithm::Bidirectional, Algorithm::Bfs];

/// A case solved through the knight domain ([`KNIGHTS`]), every path
/// replayed on the board: what `frontier knight` answers. A trait because
/// [`Knight`] belongs to the `knight` crate, which knows nothing of the
/// registry; import it to call `case.solve()`.
pub trait SolveKnight {
    /// The fewest moves, by bidirectional BFS, checked against plain BFS
    /// ([`CHECKED`]), each path replayed on the board: what `frontier
    /// knight` answers by default. [`solve_with`](Self::solve_with) on a
    /// solver of its own.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier_cli::domains::knights::SolveKnight;
    /// use knight::Knight;
    ///
    /// assert_eq!(Knight { size: 100, start: (0, 0), target: (30, 50) }.solve(), Ok(28));
    /// ```
    ///
    /// # Errors
    ///
    /// [`Disagreement`] when the two searches differ or a path is not a
    /// chain of knight moves from the start to the target: a bug, never
    /// bad input.
    fn solve(&self) -> Result<usize, Disagreement>;

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
    /// use frontier_cli::domains::knights::SolveKnight;
    /// use frontier_cli::strategy::{Algorithm, Strategy};
    ///
    /// let bound = heuristic("knight-distance").unwrap();
    /// let mm_then_astar = [Strategy::new(Algorithm::Mm, bound), Strategy::new(Algorithm::AStar, bound)];
    /// let case = knight::Knight { size: 8, start: (0, 0), target: (7, 0) };
    /// assert_eq!(case.solve_with(&mm_then_astar, &mut Solver::new()), Ok(5));
    /// ```
    ///
    /// # Errors
    ///
    /// [`Disagreement`] when `strategies` is empty or holds one that
    /// [`KNIGHTS`] refuses (check [`Strategy::refusal`] first), and, a
    /// bug, when a search finds no path, two answers disagree as above or
    /// a path does not replay.
    fn solve_with(
        &self,
        strategies: &[Strategy],
        solver: &mut Solver,
    ) -> Result<usize, Disagreement>;
}

impl SolveKnight for Knight {
    fn solve(&self) -> Result<usize, Disagreement> {
        self.solve_with(&CHECKED.map(Strategy::plain), &mut Solver::new())
    }

    fn solve_with(
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
            match attempt.answer {
                Answer::Solved(path) => answers.push((strategy, path.len())),
                Answer::Unsolvable => {
                    return Err(fail(format!(
                        "{strategy} found no path, though every square reaches every other on \
                         boards of 4x4 and up"
                    )));
                }
                Answer::Stopped(limit) => {
                    return Err(fail(format!("{strategy} stopped by its {limit}")));
                }
            }
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

/// The lower bound of the knight moves, [`knight::knight_bound`].
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
