//! Sliding-tile boards of `W`×`H` cells: the 8-puzzle ([`EIGHT`]) and the
//! 15-puzzle ([`FIFTEEN`]), with the misplaced-tiles, Manhattan,
//! linear-conflict and pattern-database heuristics, and for 3x3 boards
//! the precomputed table of every board.

use std::sync::{Arc, OnceLock};
use std::time::Instant;

use frontier::Limits;
use sliding_puzzle::heuristic::Max;
use sliding_puzzle::heuristic::pdb::{FIFTEEN_5_5_5, FIFTEEN_6_6_3, FIFTEEN_7_8, FIFTEEN_7_8_MORE};
use sliding_puzzle::{
    AnyBoard, Board, Eight, EightTable, Fifteen, LinearConflict, Manhattan, Misplaced, Move,
    Packing, Puzzle, PuzzleState, Zero, format_moves,
};

use self::heuristics::BoardHeuristic;
use crate::domain::{
    AnyDomain, BoardSet, Context, DefaultSets, Domain, DomainInfo, Instance, POJ_SAMPLE, ReadSets,
    Reader, Start, named_file, read_lines,
};
use crate::registry::{
    self, Algorithm, Capabilities, Capability, Heuristic, Kept, ResultOf, Searchable,
};
use crate::strategy::{Answer, Attempt, Path, SolveError, Strategy, timed};

pub mod heuristics;

/// `W`×`H` sliding boards, the domain. Holds the 3x3 table once built,
/// shared by every solver.
#[derive(Debug)]
pub struct Boards<const W: usize, const H: usize> {
    table: OnceLock<Arc<EightTable>>,
}

/// 3x3 boards: the 8-puzzle.
pub static EIGHT: Boards<3, 3> = Boards::new();

/// 4x4 boards: the 15-puzzle.
pub static FIFTEEN: Boards<4, 4> = Boards::new();

impl<const W: usize, const H: usize> Boards<W, H> {
    /// The domain, with no table built yet.
    #[must_use]
    pub const fn new() -> Self {
        Boards {
            table: OnceLock::new(),
        }
    }

    /// Whether these are 3x3 boards, the only ones with a table and dense
    /// tables.
    const fn is_eight() -> bool {
        W == 3 && H == 3
    }

    /// The 3x3 table, built now if it was not yet (one reverse BFS over
    /// the 181,440 solvable boards); `None` unless the boards are 3x3.
    pub fn table(&self) -> Option<&Arc<EightTable>> {
        Self::is_eight().then(|| self.table.get_or_init(|| Arc::new(EightTable::build())))
    }

    /// Answers `board` from the 3x3 table: the table's moves, replayed, no
    /// nodes, the lookup's time.
    fn lookup(&self, board: Board<W, H>, strategy: Strategy) -> Result<Attempt, SolveError> {
        let started = Instant::now();
        // The same tiles read as an `Eight`: the shapes are equal here.
        let tiles: Vec<u8> = board.tiles().collect();
        let moves = Eight::from_tiles(&tiles)
            .ok()
            .zip(self.table())
            .and_then(|(eight, table)| table.solve(&eight));
        let elapsed = started.elapsed();
        let answer =
            match moves {
                Some(moves) => Answer::Solved(path(board, moves).map_err(|error| {
                    SolveError::WrongSolution {
                        strategy,
                        instance: board.to_line(),
                        error,
                    }
                })?),
                None => Answer::Unsolvable,
            };
        Ok(Attempt {
            answer,
            stats: frontier::Stats {
                elapsed,
                ..frontier::Stats::default()
            },
            elapsed,
        })
    }
}

impl<const W: usize, const H: usize> Default for Boards<W, H> {
    fn default() -> Self {
        Boards::new()
    }
}

/// A 3x3 or 4x4 board as an instance of its domain, [`EIGHT`] or
/// [`FIFTEEN`].
#[must_use]
pub fn start(board: AnyBoard) -> Start {
    match board {
        AnyBoard::Eight(board) => Start::new(&EIGHT, board),
        AnyBoard::Fifteen(board) => Start::new(&FIFTEEN, board),
    }
}

/// `moves` as the path of `board`, or why they do not solve it.
fn path<const W: usize, const H: usize, P: Packing>(
    board: Board<W, H, P>,
    moves: Vec<Move>,
) -> Result<Path, String> {
    board
        .verify_solution(&moves)
        .map_err(|err| err.to_string())?;
    let text = format_moves(&moves);
    Ok(Path::new(moves, text, "moves"))
}

impl<const W: usize, const H: usize> DomainInfo for Boards<W, H> {
    fn name(&self) -> &'static str {
        match (W, H) {
            (3, 3) => "3x3",
            (4, 4) => "4x4",
            _ => "board",
        }
    }

    fn instances(&self) -> &'static str {
        match (W, H) {
            (3, 3) => "3x3 boards",
            (4, 4) => "4x4 boards",
            _ => "boards",
        }
    }

    fn kind(&self) -> &'static str {
        heuristics::KIND
    }

    fn capabilities(&self) -> Capabilities {
        use Capability::{Backward, BackwardHeuristic, FewestSteps, Ranks, Reversible, Table};
        if Self::is_eight() {
            Capabilities::of(&[
                Table,
                FewestSteps,
                Backward,
                BackwardHeuristic,
                Ranks,
                Reversible,
            ])
        } else {
            Capabilities::of(&[FewestSteps, Backward, BackwardHeuristic, Reversible])
        }
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        if W == 4 && H == 4 {
            heuristics::FIFTEEN
        } else {
            heuristics::EVERY_SIZE
        }
    }

    fn charted(&self) -> bool {
        true
    }

    fn reader(&self) -> Option<&'static Reader> {
        Some(&BOARD_FILES)
    }

    /// For 3x3 boards the POJ sample and `sizes.random` random boards;
    /// for 4x4 the random walks of `sizes.walks` and the `sizes.korf`
    /// easiest of Korf's 100.
    fn default_sets(&self, sizes: &DefaultSets) -> Vec<BoardSet> {
        let set = |name: &str, domain: &'static dyn AnyDomain, instances| BoardSet {
            name: name.to_owned(),
            domain,
            instances,
        };
        match (W, H) {
            (3, 3) => {
                let sample = Instance {
                    // cannot fail: a constant, checked by the tests
                    start: Start::new(&EIGHT, POJ_SAMPLE.parse().unwrap_or(Eight::goal())),
                    origin: "poj 1077".to_owned(),
                    known_length: Some(19),
                };
                let random = (0..sizes.random as u64)
                    .map(|i| {
                        let seed = sizes.seed.wrapping_add(i);
                        Instance {
                            start: Start::new(&EIGHT, Eight::random_solvable(seed)),
                            origin: format!("seed {seed}"),
                            known_length: None,
                        }
                    })
                    .collect();
                vec![
                    set("poj sample", &EIGHT, vec![sample]),
                    set("3x3 random", &EIGHT, random),
                ]
            }
            (4, 4) => {
                let walks = sizes
                    .walks
                    .iter()
                    .enumerate()
                    .map(|(i, &len)| {
                        let seed = sizes.seed.wrapping_add(i as u64);
                        Instance {
                            start: Start::new(&FIFTEEN, Fifteen::random_walk(seed, len)),
                            origin: format!("walk of {len} (seed {seed})"),
                            known_length: None,
                        }
                    })
                    .collect();
                let mut korf = korf_instances();
                korf.sort_by_key(|instance| instance.known_length);
                korf.truncate(sizes.korf);
                vec![
                    set("4x4 walks", &FIFTEEN, walks),
                    set("4x4 korf", &FIFTEEN, korf),
                ]
            }
            _ => Vec::new(),
        }
    }
}

impl<const W: usize, const H: usize> Domain for Boards<W, H> {
    type Instance = Board<W, H>;
    type Kept = Kept<PuzzleState<W, H>, Move>;

    fn kept(&self, context: &Context) -> Self::Kept {
        Kept::new(context.jobs)
    }

    fn prepare(
        &self,
        strategy: Strategy,
        _: &mut Self::Kept,
        context: &Context,
    ) -> Result<(), SolveError> {
        if !strategy.algorithm.searches() {
            let _ = self.table();
        }
        match strategy.heuristic {
            Some(heuristic) => with_heuristic::<W, H, _>(heuristic, context, Build),
            None => Ok(()),
        }
    }

    fn solve(
        &self,
        board: &Board<W, H>,
        strategy: Strategy,
        limits: &Limits<u32>,
        kept: &mut Self::Kept,
        context: &Context,
    ) -> Result<Attempt, SolveError> {
        // Checked first: IDA* would never stop on an unsolvable board, and
        // BFS would exhaust half of a 4x4 space.
        if !board.is_solvable() {
            return Ok(Attempt::unsolvable());
        }
        if !strategy.algorithm.searches() {
            return self.lookup(*board, strategy);
        }
        // The algorithms that use no heuristic get zero: they do not pay
        // for one.
        let heuristic = strategy.heuristic.unwrap_or(Heuristic::ZERO);
        let search = Search {
            instances: self.instances(),
            board: *board,
            strategy,
            limits,
            kept,
        };
        with_heuristic::<W, H, _>(heuristic, context, search)?
    }

    fn to_line(&self, board: &Board<W, H>) -> String {
        board.to_line()
    }
}

/// Something done with a heuristic of `W`×`H` boards packed in `P`,
/// whatever its type: what a domain's `with_heuristic` hands the heuristic
/// it builds to.
pub(crate) trait WithHeuristic<const W: usize, const H: usize, P: Packing = u64> {
    /// What it gives.
    type Output;
    /// Does it with `heuristic`.
    fn call<Hr: sliding_puzzle::Heuristic<W, H, P> + Sync>(self, heuristic: Hr) -> Self::Output
    where
        Puzzle<W, H, Hr, P>: Searchable<State = PuzzleState<W, H, P>, Action = Move, Cost = u32>;
}

/// Builds `name`'s heuristic for `W`×`H` boards (loading or building its
/// pattern databases) and hands it to `then`: the board heuristics' table.
fn with_heuristic<const W: usize, const H: usize, T: WithHeuristic<W, H>>(
    name: Heuristic,
    context: &Context,
    then: T,
) -> Result<T::Output, SolveError> {
    let database = |groups: &[&[u8]], dual: Option<bool>| {
        let databases = &context.databases;
        match dual {
            Some(dual) => databases.get_with_dual::<W, H>(groups, dual),
            None => databases.get::<W, H>(groups),
        }
        .map_err(|err| SolveError::unavailable(name, err))
    };
    // The further partitions of a maximum over several go without dual
    // lookups, which would need 16 more tables each.
    let plain = |groups: &[&[u8]]| database(groups, Some(false));
    let regular = |groups: &[&[u8]]| database(groups, None);
    Ok(match BoardHeuristic::of(name) {
        Some(BoardHeuristic::Zero) => then.call(Zero),
        Some(BoardHeuristic::Misplaced) => then.call(Misplaced),
        Some(BoardHeuristic::Manhattan) => then.call(Manhattan),
        Some(BoardHeuristic::LinearConflict) => then.call(LinearConflict),
        Some(BoardHeuristic::Pdb555) => then.call(regular(&FIFTEEN_5_5_5)?),
        Some(BoardHeuristic::Pdb663) => then.call(regular(&FIFTEEN_6_6_3)?),
        Some(BoardHeuristic::Pdb78) => then.call(regular(&FIFTEEN_7_8)?),
        Some(BoardHeuristic::Pdb78x2) => then.call(Max::new(
            regular(&FIFTEEN_7_8)?,
            plain(&FIFTEEN_7_8_MORE[0])?,
        )),
        Some(BoardHeuristic::Pdb78x5) => then.call(Max::new(
            regular(&FIFTEEN_7_8)?,
            Max::new(
                plain(&FIFTEEN_7_8_MORE[0])?,
                Max::new(
                    plain(&FIFTEEN_7_8_MORE[1])?,
                    Max::new(plain(&FIFTEEN_7_8_MORE[2])?, plain(&FIFTEEN_7_8_MORE[3])?),
                ),
            ),
        )),
        // cannot happen: the domain refuses the others first
        None | Some(BoardHeuristic::Pdb6666) => {
            let reason = format!("it is not a heuristic of {W}x{H} boards");
            return Err(SolveError::unavailable(name, reason));
        }
    })
}

/// Builds a heuristic and nothing more: [`Domain::prepare`].
pub(crate) struct Build;

impl<const W: usize, const H: usize, P: Packing> WithHeuristic<W, H, P> for Build {
    type Output = ();
    fn call<Hr: sliding_puzzle::Heuristic<W, H, P> + Sync>(self, _: Hr) {}
}

/// One board searched by one strategy, once its heuristic is built.
pub(crate) struct Search<'a, const W: usize, const H: usize, P: Packing = u64> {
    pub(crate) instances: &'static str,
    pub(crate) board: Board<W, H, P>,
    pub(crate) strategy: Strategy,
    pub(crate) limits: &'a Limits<u32>,
    pub(crate) kept: &'a mut Kept<PuzzleState<W, H, P>, Move>,
}

impl<const W: usize, const H: usize, P: Packing> WithHeuristic<W, H, P> for Search<'_, W, H, P> {
    type Output = Result<Attempt, SolveError>;

    fn call<Hr: sliding_puzzle::Heuristic<W, H, P> + Sync>(self, heuristic: Hr) -> Self::Output
    where
        Puzzle<W, H, Hr, P>: Searchable<State = PuzzleState<W, H, P>, Action = Move, Cost = u32>,
    {
        let Search {
            instances,
            board,
            strategy,
            limits,
            kept,
        } = self;
        let puzzle = Puzzle::new(board, heuristic);
        let searched = timed(|| registry::run(strategy.algorithm, &puzzle, limits, kept));
        attempt::<Puzzle<W, H, Hr, P>, W, H, P>(instances, board, strategy, searched)
    }
}

/// The attempt a search of `board` made, its solution replayed: an error
/// if the problem's type could not run the strategy (its domain refuses
/// it first).
pub(crate) fn attempt<Pr, const W: usize, const H: usize, P: Packing>(
    instances: &'static str,
    board: Board<W, H, P>,
    strategy: Strategy,
    (result, elapsed): (Option<ResultOf<Pr>>, std::time::Duration),
) -> Result<Attempt, SolveError>
where
    Pr: frontier::SearchProblem<Action = Move, Cost = u32>,
{
    let Some(result) = result else {
        return Err(SolveError::cannot_run(strategy, instances));
    };
    let line = || board.to_line();
    Attempt::of_search::<Pr>(result, elapsed, (strategy, &line), |moves| {
        path(board, moves)
    })
}

/// Boards search in place (IDA*), backward (bidirectional BFS, MM, NBS),
/// with reversible moves (BPMX) and ranked states (the dense tables,
/// which the 4x4 domain refuses first).
impl<const W: usize, const H: usize, Hr: sliding_puzzle::Heuristic<W, H> + Sync> Searchable
    for Puzzle<W, H, Hr>
{
    fn special(
        &self,
        algorithm: Algorithm,
        limits: &Limits<u32>,
        kept: &mut Kept<PuzzleState<W, H>, Move>,
    ) -> Option<ResultOf<Self>> {
        registry::in_place(algorithm, self, limits, kept)
            .or_else(|| registry::bidirectional(algorithm, self, limits))
            .or_else(|| registry::bpmx(algorithm, self, limits, kept))
            .or_else(|| registry::dense(algorithm, self, limits))
    }
}

/// Korf's 100 instances with their optimal lengths, in file order.
///
/// # Example
///
/// ```
/// let korf = frontier_cli::domains::boards::korf_instances();
/// assert_eq!(korf.len(), 100);
/// assert_eq!(korf[0].known_length, Some(57));
/// ```
#[must_use]
pub fn korf_instances() -> Vec<Instance> {
    sliding_puzzle::instances::korf100()
        .into_iter()
        .map(|instance| Instance {
            start: Start::new(&FIFTEEN, instance.board),
            origin: instance.id.map_or_else(
                || format!("korf line {}", instance.line),
                |id| format!("korf #{id}"),
            ),
            known_length: instance.length,
        })
        .collect()
}

/// `compare --input boards:FILE` (and `--boards FILE`): [`read_boards`].
pub static BOARD_FILES: Reader = Reader {
    kind: "boards",
    help: "one board per line, 9 tiles (3x3) or 16 (4x4), x or 0 for the blank",
    what: "solvable board",
    read: |path| {
        let (name, bytes) = named_file(path)?;
        Ok(read_boards(&name, &bytes))
    },
};

/// Reads a file of boards, one per line (9 tiles for 3x3, 16 for 4x4, `x`
/// or 0 for the blank); blank lines and lines starting with `#` are
/// skipped. Returns a set per size present, named after `name`, and one
/// message per line that was skipped (unreadable, not UTF-8, or
/// unsolvable), with its line number.
///
/// # Example
///
/// ```
/// use frontier_cli::domains::boards::read_boards;
///
/// let text = b"# mine\n2 3 4 1 5 x 7 6 8\n1 2 3\n2 1 3 4 5 6 7 8 x\n1 \xff\n";
/// let (sets, skipped) = read_boards("boards.txt", text);
/// assert_eq!(sets.len(), 1);
/// assert_eq!(sets[0].name, "boards.txt 3x3");
/// assert_eq!(skipped.len(), 3);
/// assert!(skipped[0].starts_with("boards.txt:3: "));
/// assert_eq!(skipped[2], "boards.txt:5: invalid UTF-8 at byte 3");
/// ```
#[must_use]
pub fn read_boards(name: &str, text: &[u8]) -> ReadSets {
    // Keyed by the domain's name: 3x3 sorts before 4x4.
    let parse = |line: &str| match line.parse::<AnyBoard>().map_err(|err| err.to_string())? {
        board if !board.is_solvable() => Err("unsolvable board, nothing to compare".to_owned()),
        AnyBoard::Eight(board) => Ok((EIGHT.name(), Start::new(&EIGHT, board))),
        AnyBoard::Fifteen(board) => Ok((FIFTEEN.name(), Start::new(&FIFTEEN, board))),
    };
    read_lines(name, text, parse, str::to_owned)
}

#[cfg(test)]
mod tests;
