//! The strategies a comparison runs, and running them on every set.

use frontier::Limits;
use rayon::prelude::*;

use crate::domain::Solver;
use crate::strategy::{Algorithm, Attempt, Heuristic, SolveError, Strategy};

use super::sets::BoardSet;
use crate::domains::{DOMAINS, compared_heuristics, strength};

/// The strategies the comparison runs by default: every algorithm of the
/// registry with the heuristics it compares by default (see
/// [`strategies_of`]). Today: the table, BFS and bidirectional BFS with
/// hashed and dense tables, A* with misplaced tiles, Manhattan distance,
/// linear conflict, GAP-3, GAP-2, GAP-1, GAP and the octile distance, A*
/// with a dense table (linear conflict for boards, octile for grid maps),
/// IDA*, IDA* BPMX, greedy best-first search, MM, NBS, DVCBS, BAE* and jump point
/// search with each heuristic. [`plan`] then runs each on the sets it
/// handles: the GAP family on pancake stacks, the octile distance and JPS
/// on grid maps, the others on boards (and Manhattan distance on terrain
/// maps).
///
/// # Example
///
/// ```
/// use frontier_cli::compare::strategies;
///
/// let names: Vec<String> = strategies().iter().map(ToString::to_string).collect();
/// assert_eq!(names[0], "table");
/// assert_eq!(names[8], "A* (GAP-3)");
/// assert_eq!(names[12], "A* (octile)");
/// assert_eq!(names[13], "A* (small tables)");
/// assert_eq!(names[14], "A* dense (linear conflict)");
/// assert_eq!(names[15], "A* dense (octile)");
/// assert_eq!(names[25], "IDA* BPMX (misplaced)");
/// assert_eq!(names[36], "greedy (linear conflict)");
/// assert_eq!(names[52], "NBS (misplaced)");
/// assert_eq!(names[59], "NBS (octile)");
/// assert_eq!(names[68], "DVCBS (octile)");
/// assert_eq!(names[77], "BAE* (octile)");
/// assert_eq!(names[86], "JPS (octile)");
/// assert_eq!(names.len(), 88);
/// ```
#[must_use]
pub fn strategies() -> Vec<Strategy> {
    strategies_of(Algorithm::ALL, &compared_heuristics())
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
/// use frontier_cli::compare::strategies_of;
/// use frontier_cli::domains::heuristic;
/// use frontier_cli::registry::Algorithm;
///
/// let [pdb, manhattan, misplaced] =
///     ["pdb-7-8", "manhattan", "misplaced"].map(|name| heuristic(name).unwrap());
/// let some = strategies_of(
///     &[Algorithm::IdaStar, Algorithm::AStarDense, Algorithm::Bfs],
///     &[pdb, manhattan, misplaced],
/// );
/// let names: Vec<String> = some.iter().map(ToString::to_string).collect();
/// assert_eq!(
///     names,
///     ["bfs", "A* dense (manhattan)", "IDA* (misplaced)", "IDA* (manhattan)", "IDA* (pdb 7-8)"]
/// );
/// ```
#[must_use]
pub fn strategies_of(algorithms: &[Algorithm], heuristics: &[Heuristic]) -> Vec<Strategy> {
    let mut heuristics = heuristics.to_vec();
    heuristics.sort_unstable_by_key(|&h| strength(h));
    heuristics.dedup();
    let mut algorithms = algorithms.to_vec();
    algorithms.sort_unstable();
    algorithms.dedup();
    let mut all = Vec::new();
    for algorithm in algorithms {
        if !algorithm.uses_heuristic() {
            all.push(Strategy::plain(algorithm));
        } else if algorithm.is_dense() {
            let mut strongest: Vec<Strategy> = DOMAINS
                .iter()
                .filter_map(|domain| {
                    heuristics
                        .iter()
                        .rev()
                        .map(|&h| Strategy::new(algorithm, h))
                        .find(|strategy| strategy.handles(*domain))
                })
                .collect();
            strongest.sort_unstable_by_key(|s| s.heuristic.map(strength));
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
                .filter(|s| s.handles(set.domain))
                .map(move |&s| (index, s, set))
        })
        .collect()
}

/// Solves every instance of every set with every strategy its domain
/// offers, under `limits` per instance, calling `progress` after each
/// attempt. The solvers share `solver`'s pattern databases, which are all
/// loaded before the first instance, and the 3x3 table (build it first
/// with [`Boards::table`](crate::domains::boards::Boards::table) to keep
/// its build out of the run).
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
        set.domain.prepare_in(*strategy, &mut first)?;
    }
    let tasks: Vec<(usize, usize, Strategy)> = planned
        .into_iter()
        .flat_map(|(index, strategy, set)| {
            (0..set.instances.len()).map(move |b| (index, b, strategy))
        })
        .collect();
    let solve = |solver: &mut Solver, &(set, board, strategy): &(usize, usize, Strategy)| {
        let attempt = sets[set].instances[board]
            .start
            .solve(strategy, limits, solver)?;
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
