//! The strategy comparison behind `examples/compare.rs`: board sets, running
//! every strategy on every board it can handle, cross-checking the answers,
//! summarising and rendering the results, and the chart ([`plot`]).
//!
//! Every solution is replayed by [`Solver::solve`]; the lengths of all
//! strategies (all of them optimal) must agree board by board, and with the
//! published length where there is one (Korf's instances). [`cross_check`]
//! lists every disagreement.

pub mod plot;

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use frontier::{Limit, Limits};
use pancake::Stack;
use rayon::prelude::*;
use serde::Serialize;
use sliding_puzzle::{AnyBoard, Eight, Fifteen};

use crate::lines::{InvalidUtf8, lines};
use crate::strategy::{
    Algorithm, Answer, Attempt, HeuristicName, Size, SolveError, Solver, Strategy,
};

/// POJ 1077's sample board.
pub const POJ_SAMPLE: &str = "2 3 4 1 5 x 7 6 8";

/// What an instance starts from: a sliding-puzzle board or a pancake stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// A 3x3 or 4x4 board.
    Board(AnyBoard),
    /// A pancake stack.
    Stack(Stack),
}

impl Start {
    /// The one-line form: the tiles, or the pancakes top first.
    #[must_use]
    pub fn to_line(&self) -> String {
        match self {
            Start::Board(board) => board.to_line(),
            Start::Stack(stack) => stack.to_string(),
        }
    }
}

/// A board or stack to solve, with where it comes from and, if published,
/// its optimal length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The board or stack.
    pub start: Start,
    /// Where it comes from: `seed 3`, `korf #16`, `line 7`.
    pub origin: String,
    /// The published optimal length, if known.
    pub known_length: Option<usize>,
}

/// Boards of one size, compared as a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSet {
    /// The name in the table: `3x3 random`, `4x4 korf`.
    pub name: String,
    /// The size of every board of the set.
    pub size: Size,
    /// The boards.
    pub instances: Vec<Instance>,
}

/// What the default run solves, sized by [`DefaultSets`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefaultSets {
    /// How many uniformly random solvable 3x3 boards.
    pub random: usize,
    /// The seed of the random boards and walks.
    pub seed: u64,
    /// The lengths of the random walks from the 4x4 goal.
    pub walks: Vec<usize>,
    /// How many of Korf's instances, easiest (shortest optimal solution)
    /// first.
    pub korf: usize,
    /// The sizes of the random pancake stacks, a set per size.
    pub stack_sizes: Vec<usize>,
    /// How many random pancake stacks of each size.
    pub stacks: usize,
}

impl Default for DefaultSets {
    fn default() -> Self {
        DefaultSets {
            random: 100,
            seed: 1077,
            walks: vec![10, 20, 30, 40, 50],
            korf: 2,
            stack_sizes: vec![8, 10, 12],
            stacks: 5,
        }
    }
}

impl DefaultSets {
    /// The sets: the POJ sample, random 3x3 boards, 4x4 random walks, the
    /// easiest Korf instances, and random pancake stacks of each size.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier_workspace::compare::DefaultSets;
    ///
    /// let sets = DefaultSets {
    ///     random: 5, seed: 1, walks: vec![10], korf: 1, stack_sizes: vec![9, 12], stacks: 2,
    /// }.build();
    /// let names: Vec<_> = sets.iter().map(|s| s.name.as_str()).collect();
    /// assert_eq!(names, ["poj sample", "3x3 random", "4x4 walks", "4x4 korf", "9 pancakes", "12 pancakes"]);
    /// assert_eq!(sets[3].instances[0].known_length, Some(41)); // instance #55
    /// assert_eq!(sets[5].instances.len(), 2);
    /// ```
    #[must_use]
    pub fn build(&self) -> Vec<BoardSet> {
        let sample = Instance {
            // cannot fail: a constant, checked by the tests
            start: Start::Board(POJ_SAMPLE.parse().unwrap_or(AnyBoard::Eight(Eight::goal()))),
            origin: "poj 1077".to_owned(),
            known_length: Some(19),
        };
        let random = (0..self.random as u64)
            .map(|i| Instance {
                start: Start::Board(AnyBoard::Eight(Eight::random_solvable(
                    self.seed.wrapping_add(i),
                ))),
                origin: format!("seed {}", self.seed.wrapping_add(i)),
                known_length: None,
            })
            .collect();
        let walks = self
            .walks
            .iter()
            .enumerate()
            .map(|(i, &len)| {
                let seed = self.seed.wrapping_add(i as u64);
                Instance {
                    start: Start::Board(AnyBoard::Fifteen(Fifteen::random_walk(seed, len))),
                    origin: format!("walk of {len} (seed {seed})"),
                    known_length: None,
                }
            })
            .collect();
        let mut korf = korf_instances();
        korf.sort_by_key(|instance| instance.known_length);
        korf.truncate(self.korf);
        let sets = [
            ("poj sample", Size::Three, vec![sample]),
            ("3x3 random", Size::Three, random),
            ("4x4 walks", Size::Four, walks),
            ("4x4 korf", Size::Four, korf),
        ];
        let boards = sets.into_iter().map(|(name, size, instances)| BoardSet {
            name: name.to_owned(),
            size,
            instances,
        });
        boards
            .chain(self.stack_sizes.iter().map(|&len| self.pancakes(len)))
            .filter(|set| !set.instances.is_empty())
            .collect()
    }

    /// `stacks` random stacks of `len` pancakes (clamped to
    /// `1..=Stack::MAX_LEN`), the `i`-th drawn from seed `seed + i`.
    fn pancakes(&self, len: usize) -> BoardSet {
        let len = len.clamp(1, Stack::MAX_LEN);
        let instances = (0..self.stacks as u64)
            .map(|i| {
                let seed = self.seed.wrapping_add(i);
                Instance {
                    start: Start::Stack(Stack::random(len, seed)),
                    origin: format!("seed {seed}"),
                    known_length: None,
                }
            })
            .collect();
        BoardSet {
            name: format!("{len} pancakes"),
            size: Size::Pancakes,
            instances,
        }
    }
}

/// Korf's 100 instances with their optimal lengths, in file order.
///
/// # Example
///
/// ```
/// let korf = frontier_workspace::compare::korf_instances();
/// assert_eq!(korf.len(), 100);
/// assert_eq!(korf[0].known_length, Some(57));
/// ```
#[must_use]
pub fn korf_instances() -> Vec<Instance> {
    sliding_puzzle::instances::korf100()
        .into_iter()
        .map(|instance| Instance {
            start: Start::Board(AnyBoard::Fifteen(instance.board)),
            origin: instance.id.map_or_else(
                || format!("korf line {}", instance.line),
                |id| format!("korf #{id}"),
            ),
            known_length: instance.length,
        })
        .collect()
}

/// Reads a file of boards, one per line (9 tiles for 3x3, 16 for 4x4, `x`
/// or 0 for the blank); blank lines and lines starting with `#` are
/// skipped. Returns a set per size present, named after `name`, and one
/// message per line that was skipped (unreadable, not UTF-8, or
/// unsolvable), with its line number.
///
/// # Example
///
/// ```
/// use frontier_workspace::compare::read_boards;
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
pub fn read_boards(name: &str, text: &[u8]) -> (Vec<BoardSet>, Vec<String>) {
    let mut three = Vec::new();
    let mut four = Vec::new();
    let mut skipped = Vec::new();
    for (number, line) in content_lines(text) {
        let line = match line {
            Ok(line) => line,
            Err(err) => {
                skipped.push(format!("{name}:{number}: {err}"));
                continue;
            }
        };
        match line.parse::<AnyBoard>() {
            Ok(board) if !board.is_solvable() => {
                skipped.push(format!(
                    "{name}:{number}: unsolvable board, nothing to compare"
                ));
            }
            Ok(board) => {
                let instance = Instance {
                    start: Start::Board(board),
                    origin: format!("line {number}"),
                    known_length: None,
                };
                match board {
                    AnyBoard::Eight(_) => three.push(instance),
                    AnyBoard::Fifteen(_) => four.push(instance),
                }
            }
            Err(err) => skipped.push(format!("{name}:{number}: {err}")),
        }
    }
    let sets = [(Size::Three, three), (Size::Four, four)]
        .into_iter()
        .filter(|(_, instances)| !instances.is_empty())
        .map(|(size, instances)| BoardSet {
            name: format!("{name} {size}"),
            size,
            instances,
        })
        .collect();
    (sets, skipped)
}

/// Reads a file of pancake stacks, one per line, top first (`3 1 2`);
/// blank lines and lines starting with `#` are skipped. Returns a set per
/// number of pancakes present, named after `name`, and one message per line
/// that was skipped (unreadable, or not UTF-8), with its line number.
///
/// # Example
///
/// ```
/// use frontier_workspace::compare::read_stacks;
///
/// let (sets, skipped) = read_stacks("stacks.txt", b"# mine\n3 1 2\n1 2 two\n4 3 2 1 5\n2 3 1\n");
/// let names: Vec<_> = sets.iter().map(|s| s.name.as_str()).collect();
/// assert_eq!(names, ["stacks.txt 3 pancakes", "stacks.txt 5 pancakes"]);
/// assert_eq!(sets[0].instances.len(), 2);
/// assert_eq!(skipped, ["stacks.txt:3: unreadable token \"two\" at position 2 (expected a pancake number)"]);
/// ```
#[must_use]
pub fn read_stacks(name: &str, text: &[u8]) -> (Vec<BoardSet>, Vec<String>) {
    let mut by_size: BTreeMap<usize, Vec<Instance>> = BTreeMap::new();
    let mut skipped = Vec::new();
    for (number, line) in content_lines(text) {
        let line = match line {
            Ok(line) => line,
            Err(err) => {
                skipped.push(format!("{name}:{number}: {err}"));
                continue;
            }
        };
        match line.parse::<Stack>() {
            Ok(stack) => by_size.entry(stack.len()).or_default().push(Instance {
                start: Start::Stack(stack),
                origin: format!("line {number}"),
                known_length: None,
            }),
            Err(err) => skipped.push(format!("{name}:{number}: {err}")),
        }
    }
    let sets = by_size
        .into_iter()
        .map(|(len, instances)| BoardSet {
            name: format!("{name} {len} pancakes"),
            size: Size::Pancakes,
            instances,
        })
        .collect();
    (sets, skipped)
}

/// The lines of a file of boards or stacks that are neither blank nor
/// comments, numbered from 1 and trimmed; a line that is not UTF-8 comes
/// as the place it breaks (a comment is a comment whatever its bytes).
fn content_lines(text: &[u8]) -> impl Iterator<Item = (usize, Result<&str, InvalidUtf8>)> {
    lines(text)
        .filter(|line| !line.is_comment())
        .filter_map(|line| match line.text() {
            Ok(text) => {
                let text = text.trim();
                (!text.is_empty() && !text.starts_with('#')).then_some((line.number(), Ok(text)))
            }
            Err(err) => Some((line.number(), Err(err))),
        })
}

/// The strategies the comparison runs by default: every algorithm of the
/// registry with the heuristics it compares by default (see
/// [`strategies_of`]). Today: the table, BFS and bidirectional BFS with
/// hashed and dense tables, A* with misplaced tiles, Manhattan distance,
/// linear conflict, GAP-3, GAP-2, GAP-1 and GAP, A* with a dense table
/// (linear conflict), IDA*, greedy best-first search, MM and NBS with each
/// heuristic. [`plan`] then runs each on the sets it handles: the GAP
/// family on pancake stacks, the others on boards.
///
/// # Example
///
/// ```
/// use frontier_workspace::compare::strategies;
///
/// let names: Vec<String> = strategies().iter().map(ToString::to_string).collect();
/// assert_eq!(names[0], "table");
/// assert_eq!(names[8], "A* (GAP-3)");
/// assert_eq!(names[12], "A* dense (linear conflict)");
/// assert_eq!(names[20], "IDA* BPMX (misplaced)");
/// assert_eq!(names[29], "greedy (linear conflict)");
/// assert_eq!(names[41], "NBS (misplaced)");
/// assert_eq!(names[47], "NBS (GAP)");
/// assert_eq!(names.len(), 48);
/// ```
#[must_use]
pub fn strategies() -> Vec<Strategy> {
    strategies_of(Algorithm::ALL, &HeuristicName::compared())
}

/// The strategies of `algorithms` (in registry order) with `heuristics`:
/// an algorithm that uses no heuristic runs alone; a guided one runs with
/// each heuristic, except a dense-table twin, which expands exactly the
/// nodes of its hashed twin and so runs only with the strongest heuristic
/// (the last in registry order) for each board size it handles.
///
/// # Example
///
/// ```
/// use frontier_workspace::compare::strategies_of;
/// use frontier_workspace::registry::{Algorithm, HeuristicName};
///
/// let some = strategies_of(
///     &[Algorithm::IdaStar, Algorithm::AStarDense, Algorithm::Bfs],
///     &[HeuristicName::Pdb78, HeuristicName::Manhattan, HeuristicName::Misplaced],
/// );
/// let names: Vec<String> = some.iter().map(ToString::to_string).collect();
/// assert_eq!(
///     names,
///     ["bfs", "A* dense (manhattan)", "IDA* (misplaced)", "IDA* (manhattan)", "IDA* (pdb 7-8)"]
/// );
/// ```
#[must_use]
pub fn strategies_of(algorithms: &[Algorithm], heuristics: &[HeuristicName]) -> Vec<Strategy> {
    let mut heuristics = heuristics.to_vec();
    heuristics.sort_unstable();
    heuristics.dedup();
    let mut algorithms = algorithms.to_vec();
    algorithms.sort_unstable();
    algorithms.dedup();
    let mut all = Vec::new();
    for algorithm in algorithms {
        if !algorithm.uses_heuristic() {
            all.push(Strategy::plain(algorithm));
        } else if algorithm.is_dense() {
            let mut strongest: Vec<Strategy> = Size::ALL
                .iter()
                .filter(|&&size| algorithm.handles(size))
                .filter_map(|&size| heuristics.iter().rev().find(|h| h.handles(size)))
                .map(|&h| Strategy::new(algorithm, h))
                .collect();
            strongest.sort_unstable();
            strongest.dedup();
            all.extend(strongest);
        } else {
            all.extend(heuristics.iter().map(|&h| Strategy::new(algorithm, h)));
        }
    }
    all
}

/// One board solved by one strategy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Index of the set in the list passed to [`run`].
    pub set: usize,
    /// Index of the board in its set.
    pub board: usize,
    /// The strategy.
    pub strategy: Strategy,
    /// What it did.
    pub attempt: Attempt,
}

/// One task of a run, for progress reports.
#[derive(Clone, Copy, Debug)]
pub struct Task<'a> {
    /// The set's name.
    pub set: &'a str,
    /// The strategy.
    pub strategy: Strategy,
}

/// The `(set, strategy)` pairs a run covers: every strategy that handles
/// the set's size.
#[must_use]
pub fn plan<'a>(
    sets: &'a [BoardSet],
    strategies: &[Strategy],
) -> Vec<(usize, Strategy, &'a BoardSet)> {
    sets.iter()
        .enumerate()
        .flat_map(|(index, set)| {
            strategies
                .iter()
                .filter(|s| s.handles(set.size))
                .map(move |&s| (index, s, set))
        })
        .collect()
}

/// Solves every board of every set with every strategy that handles it,
/// under `limits` per board, calling `progress` after each attempt. The
/// solvers share `solver`'s 3x3 table (build it first with
/// [`Solver::table`] to keep its build out of the run) and pattern
/// databases, which are all loaded before the first board.
///
/// Without a `pool` the boards are solved one at a time on this thread, so
/// each time is that of a search alone on the machine. With one, as many
/// boards as it has threads are solved at once: the run is faster but
/// times include the contention (shared caches and memory bandwidth).
/// [`jobs::thread_pool`](crate::jobs::thread_pool) builds the pool for
/// `--jobs`; if it cannot, run without one.
///
/// # Errors
///
/// The first [`SolveError`]: a pattern database that can be had (before
/// any board), or a strategy that returned a wrong solution.
pub fn run(
    sets: &[BoardSet],
    strategies: &[Strategy],
    limits: &Limits<u32>,
    pool: Option<&rayon::ThreadPool>,
    solver: &Solver,
    progress: &(dyn Fn(Task<'_>) + Sync),
) -> Result<Vec<Record>, SolveError> {
    let planned = plan(sets, strategies);
    let mut first = solver.sharing();
    for (_, strategy, set) in &planned {
        first.prepare(*strategy, set.size)?;
    }
    let tasks: Vec<(usize, usize, Strategy)> = planned
        .into_iter()
        .flat_map(|(index, strategy, set)| {
            (0..set.instances.len()).map(move |b| (index, b, strategy))
        })
        .collect();
    let solve = |solver: &mut Solver, &(set, board, strategy): &(usize, usize, Strategy)| {
        let attempt = match sets[set].instances[board].start {
            Start::Board(start) => solver.solve(start, strategy, limits)?,
            Start::Stack(start) => solver.solve_stack(start, strategy, limits)?,
        };
        progress(Task {
            set: &sets[set].name,
            strategy,
        });
        Ok(Record {
            set,
            board,
            strategy,
            attempt,
        })
    };
    let Some(pool) = pool else {
        return tasks.iter().map(|task| solve(&mut first, task)).collect();
    };
    pool.install(|| {
        tasks
            .par_iter()
            .map_init(|| first.sharing(), solve)
            .collect()
    })
}

/// What the strategies answered on one board: a length, or `None` for
/// "unsolvable".
type Answers = Vec<(Strategy, Option<usize>)>;

/// What the cross-check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CrossCheck {
    /// `optimal[set][board]`: the length every strategy that solved the
    /// board agreed on, `None` if none solved it.
    pub optimal: Vec<Vec<Option<usize>>>,
    /// One line per disagreement.
    pub mismatches: Vec<String>,
    /// How many boards were solved by at least two strategies or checked
    /// against a published length.
    pub checked: usize,
}

/// Compares the lengths found for each board: the optimal strategies must
/// agree with each other and with the published length; the others (greedy)
/// must find a path wherever one exists, no shorter than the optimum.
///
/// # Example
///
/// ```
/// use frontier::Limits;
/// use frontier_workspace::compare::{DefaultSets, cross_check, run, strategies};
/// use frontier_workspace::strategy::Solver;
///
/// let sets = DefaultSets { random: 2, seed: 1, walks: vec![], korf: 0, stack_sizes: vec![7], stacks: 2 }.build();
/// let solver = Solver::new();
/// let records = run(&sets, &strategies(), &Limits::new(), None, &solver, &|_| {})?;
/// let check = cross_check(&sets, &records);
/// assert!(check.mismatches.is_empty());
/// assert_eq!(check.optimal[0], [Some(19)]);
/// # Ok::<(), frontier_workspace::strategy::SolveError>(())
/// ```
#[must_use]
pub fn cross_check(sets: &[BoardSet], records: &[Record]) -> CrossCheck {
    // found[set][board]: each strategy's length (None: called unsolvable).
    let mut found: Vec<Vec<Answers>> = sets
        .iter()
        .map(|set| vec![Vec::new(); set.instances.len()])
        .collect();
    for record in records {
        let length = match &record.attempt.answer {
            Answer::Solved(moves) => Some(moves.len()),
            Answer::Sorted(flips) => Some(flips.len()),
            // A solvable board called unsolvable is a disagreement too.
            Answer::Unsolvable => None,
            Answer::Stopped(_) => continue,
        };
        found[record.set][record.board].push((record.strategy, length));
    }
    let mut check = CrossCheck::default();
    for (set, boards) in sets.iter().zip(found) {
        let mut optimal = Vec::with_capacity(boards.len());
        for (instance, answers) in set.instances.iter().zip(boards) {
            let (exact, relaxed): (Answers, Answers) = answers
                .iter()
                .copied()
                .partition(|(strategy, _)| strategy.algorithm.is_optimal());
            let mut lengths: BTreeMap<Option<usize>, Vec<String>> = BTreeMap::new();
            for (strategy, length) in &exact {
                lengths
                    .entry(*length)
                    .or_default()
                    .push(strategy.to_string());
            }
            if let Some(known) = instance.known_length {
                lengths
                    .entry(Some(known))
                    .or_default()
                    .push("published".to_owned());
            }
            if answers.len() + usize::from(instance.known_length.is_some()) >= 2 {
                check.checked += 1;
            }
            // An algorithm that is not optimal must agree on solvability
            // and find no path shorter than the optimum. Checked where the
            // optimal answers agree (a disagreement is reported below).
            if let [agreed] = lengths.keys().copied().collect::<Vec<_>>()[..] {
                for (strategy, length) in &relaxed {
                    let wrong = match (length, agreed) {
                        (Some(found), Some(optimum)) => *found < optimum,
                        (None, None) => false,
                        _ => true,
                    };
                    if wrong {
                        let show = |length: Option<usize>| {
                            length.map_or("unsolvable".to_owned(), |l| format!("{l} moves"))
                        };
                        check.mismatches.push(format!(
                            "{} {} ({}): {strategy} found {} where the optimum is {}",
                            set.name,
                            instance.origin,
                            instance.start.to_line(),
                            show(*length),
                            show(agreed),
                        ));
                    }
                }
            }
            if lengths.len() > 1 {
                let detail: Vec<String> = lengths
                    .iter()
                    .map(|(length, who)| {
                        let length =
                            length.map_or("unsolvable".to_owned(), |l| format!("{l} moves"));
                        format!("{length} by {}", who.join(", "))
                    })
                    .collect();
                check.mismatches.push(format!(
                    "{} {} ({}): {}",
                    set.name,
                    instance.origin,
                    instance.start.to_line(),
                    detail.join("; ")
                ));
            }
            optimal.push(exact.iter().find_map(|(_, length)| *length));
        }
        check.optimal.push(optimal);
    }
    check
}

/// One line of the comparison: a strategy on a board set.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The set's name.
    pub set: String,
    /// The strategy.
    pub strategy: Strategy,
    /// Boards attempted.
    pub attempted: usize,
    /// Boards solved.
    pub solved: usize,
    /// Attempts stopped by each limit.
    pub stopped: HashMap<Limit, usize>,
    /// Mean solution length over the solved boards.
    pub mean_length: Option<f64>,
    /// Mean nodes expanded over all attempts (those stopped by a limit
    /// count the work done until then).
    pub mean_expanded: f64,
    /// Mean nodes generated over all attempts.
    pub mean_generated: f64,
    /// The most states stored at once by any attempt.
    pub peak_stored: usize,
    /// Mean wall time per attempt.
    pub mean_time: Duration,
    /// Nodes generated per second over all attempts, `None` when no node
    /// was generated (table lookups).
    pub nodes_per_second: Option<f64>,
}

impl Row {
    /// Attempts stopped by any limit.
    #[must_use]
    pub fn stopped_total(&self) -> usize {
        self.stopped.values().sum()
    }

    /// Attempts stopped by `limit`.
    #[must_use]
    pub fn stopped_by(&self, limit: Limit) -> usize {
        self.stopped.get(&limit).copied().unwrap_or(0)
    }
}

/// A short name for a limit in the table.
fn limit_name(limit: Limit) -> String {
    match limit {
        Limit::Stored | Limit::Memory => "memory".to_owned(),
        Limit::Time => "time".to_owned(),
        other => other.to_string(),
    }
}

/// Summarises the records: one row per set and strategy, in run order.
#[must_use]
#[expect(
    clippy::cast_precision_loss,
    reason = "means for display: counts far below 2^53"
)]
pub fn summarise(sets: &[BoardSet], strategies: &[Strategy], records: &[Record]) -> Vec<Row> {
    plan(sets, strategies)
        .into_iter()
        .map(|(index, strategy, set)| {
            let mine: Vec<&Attempt> = records
                .iter()
                .filter(|r| r.set == index && r.strategy == strategy)
                .map(|r| &r.attempt)
                .collect();
            let attempted = mine.len();
            let lengths: Vec<usize> = mine.iter().filter_map(|a| a.moves()).collect();
            let mut stopped = HashMap::new();
            for limit in mine.iter().filter_map(|a| a.limit()) {
                *stopped.entry(limit).or_insert(0) += 1;
            }
            let expanded: u64 = mine.iter().map(|a| a.stats.expanded).sum();
            let generated: u64 = mine.iter().map(|a| a.stats.generated).sum();
            let time: Duration = mine.iter().map(|a| a.elapsed).sum();
            let per = |total: f64| {
                if attempted == 0 {
                    0.0
                } else {
                    total / attempted as f64
                }
            };
            Row {
                set: set.name.clone(),
                strategy,
                attempted,
                solved: lengths.len(),
                stopped,
                mean_length: (!lengths.is_empty())
                    .then(|| lengths.iter().sum::<usize>() as f64 / lengths.len() as f64),
                mean_expanded: per(expanded as f64),
                mean_generated: per(generated as f64),
                peak_stored: mine.iter().map(|a| a.stats.peak_stored).max().unwrap_or(0),
                mean_time: time
                    .checked_div(u32::try_from(attempted).unwrap_or(u32::MAX))
                    .unwrap_or_default(),
                nodes_per_second: (generated > 0 && !time.is_zero())
                    .then(|| generated as f64 / time.as_secs_f64()),
            }
        })
        .collect()
}

/// How to print the rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Format {
    /// Aligned columns with readable numbers, for a terminal.
    #[default]
    Table,
    /// A Markdown table, for documents.
    Markdown,
    /// Comma-separated values with raw numbers, one header line.
    Csv,
    /// A JSON object with the settings and one object per row.
    Json,
}

/// The settings of a run, printed with the results.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The per-board memory limit, in states.
    pub max_stored: Option<usize>,
    /// The per-board time limit.
    pub max_time: Option<Duration>,
    /// How many boards were solved at once.
    pub jobs: usize,
    /// How long building the 3x3 table took.
    pub table_build: Duration,
    /// Wall time of the whole run.
    pub wall: Duration,
}

/// A count people read at a glance: `812`, `52.4k`, `1.23M`, `4.10G`.
#[must_use]
pub fn human_count(n: f64) -> String {
    if n < 1e3 {
        if n.fract() == 0.0 {
            format!("{n:.0}")
        } else {
            format!("{n:.1}")
        }
    } else if n < 1e6 {
        format!("{:.1}k", n / 1e3)
    } else if n < 1e9 {
        format!("{:.2}M", n / 1e6)
    } else {
        format!("{:.2}G", n / 1e9)
    }
}

/// A duration in the unit that suits it: `0.4 µs`, `12.3 ms`, `1.20 s`.
#[must_use]
pub fn human_time(duration: Duration) -> String {
    let seconds = duration.as_secs_f64();
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else if seconds >= 1e-3 {
        format!("{:.1} ms", seconds * 1e3)
    } else {
        format!("{:.1} µs", seconds * 1e6)
    }
}

/// The columns of the human formats, one `Vec` per row.
#[expect(
    clippy::cast_precision_loss,
    reason = "peak stored states shown rounded"
)]
fn human_cells(row: &Row) -> Vec<String> {
    let stopped = if row.stopped.is_empty() {
        "-".to_owned()
    } else {
        let mut counts: Vec<(String, usize)> = row
            .stopped
            .iter()
            .map(|(&limit, &n)| (limit_name(limit), n))
            .collect();
        // By name: a hash map's order changes from run to run.
        counts.sort();
        let counts: Vec<String> = counts
            .iter()
            .map(|(name, n)| format!("{n} {name}"))
            .collect();
        counts.join(", ")
    };
    vec![
        row.set.clone(),
        row.strategy.algorithm.label().to_owned(),
        row.strategy.heuristic_label().to_owned(),
        format!("{}/{}", row.solved, row.attempted),
        stopped,
        row.mean_length
            .map_or("-".to_owned(), |l| format!("{l:.2}")),
        human_count(row.mean_expanded),
        human_count(row.mean_generated),
        human_count(row.peak_stored as f64),
        human_time(row.mean_time),
        row.nodes_per_second
            .map_or("-".to_owned(), |n| format!("{}/s", human_count(n))),
    ]
}

const HUMAN_HEADER: [&str; 11] = [
    "board set",
    "strategy",
    "heuristic",
    "solved",
    "limit hit",
    "length",
    "expanded",
    "generated",
    "peak stored",
    "time/board",
    "generated/s",
];

/// Columns that hold text, aligned left; the others are numbers, aligned
/// right.
const LEFT: [bool; 11] = [
    true, true, true, false, false, false, false, false, false, false, false,
];

/// Renders the rows in `format`, followed in the human formats by notes on
/// how to read them.
#[must_use]
pub fn render(rows: &[Row], format: Format, settings: &Settings) -> String {
    match format {
        Format::Table => render_table(rows, settings),
        Format::Markdown => render_markdown(rows, settings),
        Format::Csv => render_csv(rows),
        Format::Json => render_json(rows, settings),
    }
}

#[expect(clippy::cast_precision_loss, reason = "the memory limit shown rounded")]
fn notes(settings: &Settings) -> Vec<String> {
    let limits = match (settings.max_stored, settings.max_time) {
        (None, None) => "no limits".to_owned(),
        (stored, time) => {
            let mut parts = Vec::new();
            if let Some(stored) = stored {
                parts.push(format!("{} stored states", human_count(stored as f64)));
            }
            if let Some(time) = time {
                parts.push(human_time(time));
            }
            parts.join(" and ")
        }
    };
    let timing = if settings.jobs <= 1 {
        "boards solved one at a time on one thread".to_owned()
    } else {
        format!(
            "{} boards solved at once (times include the contention)",
            settings.jobs
        )
    };
    vec![
        format!("limits per board: {limits}; {timing}; whole run {}.", human_time(settings.wall)),
        "expanded, generated and time/board are means over all attempts, those stopped by a limit included (work done until then); length is the mean over solved boards; peak stored is the largest of any attempt.".to_owned(),
        format!(
            "table: built once by one reverse BFS in {}, not counted in its rows (which are lookups only).",
            human_time(settings.table_build)
        ),
    ]
}

fn render_table(rows: &[Row], settings: &Settings) -> String {
    let cells: Vec<Vec<String>> = rows.iter().map(human_cells).collect();
    let mut widths: Vec<usize> = HUMAN_HEADER.iter().map(|h| h.chars().count()).collect();
    for row in &cells {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let mut out = String::new();
        for (i, (cell, width)) in cells.iter().zip(&widths).enumerate() {
            if i > 0 {
                out.push_str("  ");
            }
            let pad = width - cell.chars().count();
            if LEFT[i] {
                out.push_str(cell);
                out.extend(std::iter::repeat_n(' ', pad));
            } else {
                out.extend(std::iter::repeat_n(' ', pad));
                out.push_str(cell);
            }
        }
        out.trim_end().to_owned()
    };
    let header: Vec<String> = HUMAN_HEADER.iter().map(|&h| h.to_owned()).collect();
    let mut out = line(&header);
    out.push('\n');
    let rule = "-".repeat(widths.iter().sum::<usize>() + 2 * (widths.len() - 1));
    let mut previous_set = None;
    for (row, cells) in rows.iter().zip(&cells) {
        if previous_set != Some(&row.set) {
            out.push_str(&rule);
            out.push('\n');
            previous_set = Some(&row.set);
        }
        out.push_str(&line(cells));
        out.push('\n');
    }
    out.push_str(&rule);
    out.push('\n');
    for note in notes(settings) {
        out.push_str(&note);
        out.push('\n');
    }
    out
}

fn render_markdown(rows: &[Row], settings: &Settings) -> String {
    let mut out = format!("| {} |\n", HUMAN_HEADER.join(" | "));
    let rule: Vec<&str> = LEFT
        .iter()
        .map(|&left| if left { "---" } else { "---:" })
        .collect();
    let _ = writeln!(out, "| {} |", rule.join(" | "));
    for row in rows {
        let _ = writeln!(out, "| {} |", human_cells(row).join(" | "));
    }
    out.push('\n');
    for note in notes(settings) {
        let _ = writeln!(out, "{note}");
    }
    out
}

/// One row with raw numbers, as CSV and JSON write it: the strategy by its
/// command-line names, counts of attempts stopped by memory, time and any
/// other limit, times in seconds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RawRow<'a> {
    /// The set's name.
    pub set: &'a str,
    /// The algorithm's command-line name (`astar`).
    pub algorithm: &'static str,
    /// The heuristic's command-line name (`linear-conflict`); empty in CSV
    /// and `null` in JSON for the algorithms that use none.
    pub heuristic: Option<&'static str>,
    /// Boards attempted.
    pub attempted: usize,
    /// Boards solved.
    pub solved: usize,
    /// Attempts stopped by the memory limits ([`Limit::Stored`] and
    /// [`Limit::Memory`]).
    pub stopped_by_memory: usize,
    /// Attempts stopped by the time limit ([`Limit::Time`]).
    pub stopped_by_time: usize,
    /// Attempts stopped by any other limit.
    pub stopped_other: usize,
    /// Mean solution length over the solved boards.
    pub mean_length: Option<f64>,
    /// Mean nodes expanded over all attempts.
    pub mean_expanded: f64,
    /// Mean nodes generated over all attempts.
    pub mean_generated: f64,
    /// The most states stored at once by any attempt.
    pub peak_stored: usize,
    /// Mean wall time per attempt, in seconds.
    pub mean_seconds: f64,
    /// Nodes generated per second over all attempts.
    pub generated_per_second: Option<f64>,
}

impl<'a> From<&'a Row> for RawRow<'a> {
    fn from(row: &'a Row) -> Self {
        let memory = row.stopped_by(Limit::Stored) + row.stopped_by(Limit::Memory);
        let time = row.stopped_by(Limit::Time);
        RawRow {
            set: &row.set,
            algorithm: row.strategy.algorithm.name(),
            heuristic: row.strategy.heuristic.map(HeuristicName::name),
            attempted: row.attempted,
            solved: row.solved,
            stopped_by_memory: memory,
            stopped_by_time: time,
            stopped_other: row.stopped_total() - memory - time,
            mean_length: row.mean_length,
            mean_expanded: row.mean_expanded,
            mean_generated: row.mean_generated,
            peak_stored: row.peak_stored,
            mean_seconds: row.mean_time.as_secs_f64(),
            generated_per_second: row.nodes_per_second,
        }
    }
}

/// The settings as JSON writes them, times in seconds.
#[derive(Serialize)]
struct RawSettings {
    max_stored: Option<usize>,
    max_seconds: Option<f64>,
    jobs: usize,
    table_build_seconds: f64,
    wall_seconds: f64,
}

/// The JSON document: the settings and the rows.
#[derive(Serialize)]
struct Report<'a> {
    settings: RawSettings,
    rows: Vec<RawRow<'a>>,
}

/// A header line, then one line per row.
fn render_csv(rows: &[Row]) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        // cannot fail: plain fields written to memory
        let _ = writer.serialize(RawRow::from(row));
    }
    let bytes = writer.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

/// `{"settings": {..}, "rows": [..]}`, pretty-printed.
fn render_json(rows: &[Row], settings: &Settings) -> String {
    let report = Report {
        settings: RawSettings {
            max_stored: settings.max_stored,
            max_seconds: settings.max_time.map(|t| t.as_secs_f64()),
            jobs: settings.jobs,
            table_build_seconds: settings.table_build.as_secs_f64(),
            wall_seconds: settings.wall.as_secs_f64(),
        },
        rows: rows.iter().map(RawRow::from).collect(),
    };
    // cannot fail: no maps with non-string keys, and serde_json writes
    // non-finite floats as null
    let mut out = serde_json::to_string_pretty(&report).unwrap_or_default();
    out.push('\n');
    out
}

/// How long `f` takes.
pub fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let started = Instant::now();
    let value = f();
    (value, started.elapsed())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> (Vec<BoardSet>, Vec<Record>) {
        let (sets, skipped) = read_boards(
            "tiny",
            b"2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15\n",
        );
        assert!(skipped.is_empty());
        let limits = Limits::new().max_stored(1_000_000);
        let records = run(&sets, &strategies(), &limits, None, &Solver::new(), &|_| {}).unwrap();
        (sets, records)
    }

    #[test]
    fn rows_and_cross_check() {
        let (sets, records) = tiny();
        let check = cross_check(&sets, &records);
        assert!(check.mismatches.is_empty(), "{:?}", check.mismatches);
        assert_eq!(check.optimal, [vec![Some(19), Some(0)], vec![Some(1)]]);
        let rows = summarise(&sets, &strategies(), &records);
        // 24 strategies on 3x3, the 20 that handle 4x4 on 4x4.
        assert_eq!(rows.len(), 24 + 20);
        assert!(rows.iter().all(|r| r.solved == r.attempted));
        assert_eq!(rows[0].mean_length, Some(9.5));
        assert_eq!(rows[0].nodes_per_second, None);
        let csv = render(&rows, Format::Csv, &settings());
        assert_eq!(csv.lines().count(), 45);
        assert!(
            csv.lines()
                .nth(1)
                .unwrap()
                .starts_with("tiny 3x3,table,,2,2,0,0,0,9.5,0.0,0.0,0,")
        );
        assert!(csv.starts_with("set,algorithm,heuristic,attempted,solved,stopped_by_memory,stopped_by_time,stopped_other,mean_length,mean_expanded,mean_generated,peak_stored,mean_seconds,generated_per_second\n"));
        let json = render(&rows, Format::Json, &settings());
        assert_eq!(json.matches("\"algorithm\"").count(), 44);
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(parsed["settings"]["max_stored"], 100_000);
        assert_eq!(parsed["rows"][0]["heuristic"], serde_json::Value::Null);
        assert_eq!(parsed["rows"][5]["heuristic"], "misplaced");
        assert_eq!(parsed["rows"][0]["mean_length"], 9.5);
        let table = render(&rows, Format::Table, &settings());
        assert!(table.contains("linear conflict"));
    }

    #[test]
    fn mismatches_are_reported() {
        let (sets, mut records) = tiny();
        let record = records
            .iter_mut()
            .find(|r| r.strategy.algorithm == Algorithm::IdaStar)
            .unwrap();
        record.attempt.answer = Answer::Solved(vec![sliding_puzzle::Move::Up; 21]);
        let check = cross_check(&sets, &records);
        assert_eq!(check.mismatches.len(), 1);
        assert!(
            check.mismatches[0].contains("21 moves by IDA* (misplaced)"),
            "{}",
            check.mismatches[0]
        );
    }

    #[test]
    fn greedy_may_be_longer_but_never_shorter() {
        let (sets, mut records) = tiny();
        let greedy = |r: &&mut Record| r.strategy.algorithm == Algorithm::Greedy && r.board == 0;
        let record = records.iter_mut().find(greedy).unwrap();
        record.attempt.answer = Answer::Solved(vec![sliding_puzzle::Move::Up; 41]);
        assert!(cross_check(&sets, &records).mismatches.is_empty());
        let record = records.iter_mut().find(greedy).unwrap();
        record.attempt.answer = Answer::Solved(vec![sliding_puzzle::Move::Up; 17]);
        let check = cross_check(&sets, &records);
        assert_eq!(check.mismatches.len(), 1, "{:?}", check.mismatches);
        assert!(
            check.mismatches[0].contains("found 17 moves where the optimum is 19 moves"),
            "{}",
            check.mismatches[0]
        );
        let record = records.iter_mut().find(greedy).unwrap();
        record.attempt.answer = Answer::Unsolvable;
        assert_eq!(cross_check(&sets, &records).mismatches.len(), 1);
    }

    #[test]
    fn human_numbers() {
        assert_eq!(human_count(812.0), "812");
        assert_eq!(human_count(52_431.0), "52.4k");
        assert_eq!(human_count(1_234_567.0), "1.23M");
        assert_eq!(human_time(Duration::from_micros(1500)), "1.5 ms");
    }

    #[test]
    fn limits_are_counted_by_kind() {
        let row = Row {
            set: "a, \"quoted\" set".to_owned(),
            strategy: Strategy::plain(Algorithm::Bfs),
            attempted: 4,
            solved: 0,
            stopped: HashMap::from([(Limit::Stored, 2), (Limit::Time, 1), (Limit::Expanded, 1)]),
            mean_length: None,
            mean_expanded: 1.5,
            mean_generated: 3.0,
            peak_stored: 7,
            mean_time: Duration::from_millis(250),
            nodes_per_second: Some(12.0),
        };
        let csv = render(std::slice::from_ref(&row), Format::Csv, &settings());
        assert_eq!(
            csv.lines().nth(1),
            Some("\"a, \"\"quoted\"\" set\",bfs,,4,0,2,1,1,,1.5,3.0,7,0.25,12.0")
        );
        assert_eq!(human_cells(&row)[4], "1 expansion limit, 2 memory, 1 time");
    }

    #[test]
    fn korf_and_defaults() {
        let sets = DefaultSets::default().build();
        assert_eq!(sets.len(), 7);
        assert!(sets[3].instances.iter().all(|i| i.known_length.is_some()));
        assert_eq!(sets[6].name, "12 pancakes");
        assert_eq!(sets[6].size, Size::Pancakes);
        assert_eq!(sets[6].instances.len(), 5);
        assert!(matches!(sets[6].instances[0].start, Start::Stack(s) if s.len() == 12));
        assert_eq!(sets[0].instances[0].start.to_line(), POJ_SAMPLE);
    }

    fn settings() -> Settings {
        Settings {
            max_stored: Some(100_000),
            max_time: None,
            jobs: 1,
            table_build: Duration::from_millis(5),
            wall: Duration::from_secs(1),
        }
    }
}
