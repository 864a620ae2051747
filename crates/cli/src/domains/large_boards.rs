//! Sliding-tile boards of more than 16 cells: the 24-puzzle
//! ([`TWENTYFOUR`]), with the misplaced-tiles, Manhattan, linear-conflict
//! and 6-6-6-6 pattern-database heuristics.

use frontier::Limits;
use sliding_puzzle::heuristic::pdb::large::{
    DirectPuzzle, DirectState, LargePatternDatabase, TWENTYFOUR_6_6_6_6,
};
use sliding_puzzle::{
    LargeBoard, LargeHeuristic, LargePuzzle, LargeState, LinearConflict, Manhattan, Misplaced,
    Move, Zero,
};

use crate::domain::{Context, Domain, DomainInfo};
use crate::domains::boards::heuristics::{self, BoardHeuristic};
use crate::domains::boards::{Build, Search, WithHeuristic, attempt};
use crate::registry::{
    self, Algorithm, Capabilities, Capability, Heuristic, Kept, ResultOf, Searchable,
};
use crate::strategy::{Attempt, SolveError, Strategy, timed};

/// `W`×`H` sliding boards of up to 25 cells ([`LargeBoard`]), the domain.
#[derive(Debug, Default)]
pub struct LargeBoards<const W: usize, const H: usize>;

/// 5x5 boards: the 24-puzzle.
pub static TWENTYFOUR: LargeBoards<5, 5> = LargeBoards;

impl<const W: usize, const H: usize> DomainInfo for LargeBoards<W, H> {
    fn name(&self) -> &'static str {
        match (W, H) {
            (5, 5) => "5x5",
            _ => "large board",
        }
    }

    fn instances(&self) -> &'static str {
        match (W, H) {
            (5, 5) => "5x5 boards",
            _ => "large boards",
        }
    }

    fn kind(&self) -> &'static str {
        heuristics::KIND
    }

    /// No backward heuristic: the 6-6-6-6 databases measure the way to
    /// the goal only, and MM, NBS, DVCBS and BAE* would search backward
    /// blind.
    fn capabilities(&self) -> Capabilities {
        Capabilities::of(&[
            Capability::FewestSteps,
            Capability::Backward,
            Capability::Reversible,
        ])
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        if W == 5 && H == 5 {
            heuristics::TWENTYFOUR
        } else {
            heuristics::EVERY_SIZE
        }
    }
}

/// The search buffers a thread keeps for large boards: those of the
/// search on [`LargePuzzle`], and of IDA* on the direct-access tables of a
/// pattern database ([`DirectPuzzle`]).
#[derive(Debug)]
pub struct LargeKept<const W: usize, const H: usize> {
    general: Kept<LargeState<W, H>, Move>,
    direct: Kept<DirectState<W, H>, Move>,
}

impl<const W: usize, const H: usize> Domain for LargeBoards<W, H> {
    type Instance = LargeBoard<W, H>;
    type Kept = LargeKept<W, H>;

    fn kept(&self, context: &Context) -> Self::Kept {
        LargeKept {
            general: Kept::new(context.jobs),
            direct: Kept::new(context.jobs),
        }
    }

    fn prepare(
        &self,
        strategy: Strategy,
        _: &mut Self::Kept,
        context: &Context,
    ) -> Result<(), SolveError> {
        match strategy.heuristic {
            Some(heuristic) => with_heuristic::<W, H, _>(heuristic, context, Build),
            None => Ok(()),
        }
    }

    fn solve(
        &self,
        board: &LargeBoard<W, H>,
        strategy: Strategy,
        limits: &Limits<u32>,
        kept: &mut Self::Kept,
        context: &Context,
    ) -> Result<Attempt, SolveError> {
        // Checked first: IDA* would never stop on an unsolvable board.
        if !board.is_solvable() {
            return Ok(Attempt::unsolvable());
        }
        let heuristic = strategy.heuristic.unwrap_or(Heuristic::ZERO);
        if BoardHeuristic::of(heuristic) == Some(BoardHeuristic::Pdb6666)
            && strategy.algorithm == Algorithm::IdaStar
        {
            let database = large_database::<W, H>(context)?;
            if let Some(puzzle) = database.direct_puzzle(*board) {
                let (result, elapsed) = timed(|| {
                    registry::in_place(strategy.algorithm, &puzzle, limits, &mut kept.direct)
                });
                return attempt::<DirectPuzzle<'_, W, H>, W, H, u128>(
                    self.instances(),
                    *board,
                    strategy,
                    (result, elapsed),
                );
            }
        }
        let search = Search {
            instances: self.instances(),
            board: *board,
            strategy,
            limits,
            kept: &mut kept.general,
        };
        with_heuristic::<W, H, _>(heuristic, context, search)?
    }

    fn to_line(&self, board: &LargeBoard<W, H>) -> String {
        board.to_line()
    }
}

/// Builds `name`'s heuristic (loading or building its pattern databases)
/// and hands it to `then`.
fn with_heuristic<const W: usize, const H: usize, T: WithHeuristic<W, H, u128>>(
    name: Heuristic,
    context: &Context,
    then: T,
) -> Result<T::Output, SolveError> {
    Ok(match BoardHeuristic::of(name) {
        Some(BoardHeuristic::Zero) => then.call(Zero),
        Some(BoardHeuristic::Misplaced) => then.call(Misplaced),
        Some(BoardHeuristic::Manhattan) => then.call(Manhattan),
        Some(BoardHeuristic::LinearConflict) => then.call(LinearConflict),
        Some(BoardHeuristic::Pdb6666) => then.call(large_database::<W, H>(context)?),
        // cannot happen: the domain refuses the others first
        _ => {
            let reason = "it is not a heuristic of large boards";
            return Err(SolveError::unavailable(name, reason));
        }
    })
}

/// The 6-6-6-6 databases, loaded or built.
fn large_database<const W: usize, const H: usize>(
    context: &Context,
) -> Result<LargePatternDatabase<W, H>, SolveError> {
    context
        .databases
        .get_large::<W, H>(&TWENTYFOUR_6_6_6_6)
        .map_err(|err| SolveError::unavailable(BoardHeuristic::Pdb6666.heuristic(), err))
}

/// Large boards search in place (IDA*), backward (bidirectional BFS; the
/// domain has no backward heuristic for the others) and with
/// reversible moves (BPMX); they have no ranking.
impl<const W: usize, const H: usize, Hr: LargeHeuristic<W, H> + Sync> Searchable
    for LargePuzzle<W, H, Hr>
{
    fn special(
        &self,
        algorithm: Algorithm,
        limits: &Limits<u32>,
        kept: &mut Kept<LargeState<W, H>, Move>,
    ) -> Option<ResultOf<Self>> {
        registry::in_place(algorithm, self, limits, kept)
            .or_else(|| registry::bidirectional(algorithm, self, limits))
            .or_else(|| registry::bpmx(algorithm, self, limits, kept))
    }
}
