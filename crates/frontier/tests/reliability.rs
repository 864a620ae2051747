//! Faults a user can reach, each of which once gave a wrong answer, a panic
//! or an abort: cost overflow, deadlines that do not fit, statistics of a
//! search refused by its cost bound, a panicking problem in a batch, and
//! memory. Each stops now with a typed reason and the statistics so far.

mod common;

use std::time::Duration;

use common::{assert_in_place_matches, run_all};
use frontier::{
    Bfs, BidirectionalProblem, Cost, Greedy, Limit, Limits, Outcome, RankedStates, SearchProblem,
    Step,
};

/// A line of `length` steps, each costing `step`: 0 → 1 → … → length.
#[derive(Clone, Copy, Debug)]
struct Chain<C> {
    length: u32,
    step: C,
}

impl<C: Cost> SearchProblem for Chain<C> {
    type State = u32;
    type Action = ();
    type Cost = C;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, n: &u32) -> bool {
        *n == self.length
    }
    fn successors(&self, n: &u32) -> impl Iterator<Item = Step<u32, (), C>> {
        (*n < self.length)
            .then(|| Step::new((), n + 1, self.step))
            .into_iter()
    }
}

impl<C: Cost> BidirectionalProblem for Chain<C> {
    fn goal(&self) -> u32 {
        self.length
    }
    fn predecessors(&self, n: &u32) -> impl Iterator<Item = Step<u32, (), C>> {
        (*n > 0)
            .then(|| Step::new((), n - 1, self.step))
            .into_iter()
    }
}

crate::in_place_by_index!(Chain<C>, C: Cost);

impl<C: Cost> RankedStates for Chain<C> {
    fn state_count(&self) -> usize {
        self.length as usize + 1
    }
    fn rank(&self, n: &u32) -> usize {
        *n as usize
    }
}

/// Every algorithm stops with [`Limit::CostOverflow`] on `problem`, whose
/// path cost does not fit its cost type: never a found path with a wrapped
/// cost, never a loop.
fn overflows<C: Cost + Send + Sync + 'static>(problem: Chain<C>, limits: &Limits<C>) {
    let results = run_all(&problem, limits, limits);
    assert_in_place_matches("chain", &results);
    for (algorithm, result) in results {
        assert_eq!(
            result.outcome,
            Outcome::LimitReached(Limit::CostOverflow),
            "{algorithm} on {problem:?}"
        );
        assert!(result.stats.expanded > 0, "{algorithm}: statistics so far");
    }
}

#[test]
fn a_path_cost_that_does_not_fit_stops_every_algorithm() {
    // 300 unit steps cost 300, which no u8 holds: every search used to
    // return cost 44, and A* looped on a cycle of parent links.
    overflows(
        Chain {
            length: 300,
            step: 1u8,
        },
        &Limits::new(),
    );
    overflows(
        Chain {
            length: 300,
            step: 1u8,
        },
        &Limits::new().max_cost(255),
    );
    overflows(
        Chain {
            length: 2,
            step: 1u32 << 31,
        },
        &Limits::new(),
    );
    overflows(
        Chain {
            length: 200,
            step: 1i8,
        },
        &Limits::new(),
    );
}

#[test]
fn costs_that_fit_exactly_still_solve() {
    let problem = Chain {
        length: 255,
        step: 1u8,
    };
    for (algorithm, result) in run_all(&problem, &Limits::new(), &Limits::new()) {
        assert_eq!(
            result.solution().map(|solution| solution.cost),
            Some(255),
            "{algorithm}"
        );
    }
}

/// The chain of the report, built with closures: 0 → 1 → … → `length` in
/// steps of `one`, searchable backward.
fn closure_chain<C: Cost>(
    length: u32,
    one: C,
) -> impl BidirectionalProblem<State = u32, Action = (), Cost = C> {
    frontier::from_fn(
        0u32,
        move |&n: &u32| (n < length).then_some((n + 1, one)),
        move |&n: &u32| n == length,
    )
    .goal_and_predecessors(length, move |&n: &u32| (n > 0).then(|| (n - 1, one)))
}

/// Checks that `result`, a search of a path costing `length` in `C`, found
/// that cost (replayed) or, when it does not fit, stopped with
/// [`Limit::CostOverflow`].
fn costs_length_or_overflows<P>(name: &str, problem: &P, result: &common::ResultOf<P>, length: u32)
where
    P: SearchProblem<State = u32, Action = ()>,
    P::Cost: TryFrom<u32>,
{
    match (P::Cost::try_from(length).ok(), &result.outcome) {
        (Some(cost), Outcome::Found(solution)) => {
            common::assert_replays(problem, solution);
            assert_eq!(solution.cost, cost, "{name}, length {length}");
        }
        (None, Outcome::LimitReached(Limit::CostOverflow)) => {}
        (_, outcome) => panic!("{name}, length {length}: {outcome:?}"),
    }
}

/// The plain functions of the searches from both ends on the chain of
/// `length` unit steps in `C`, built with closures.
fn bidirectional_on_unit_chain<C>(length: u32, one: C)
where
    C: Cost + TryFrom<u32> + Send + Sync + 'static,
{
    let closures = closure_chain(length, one);
    for (name, result) in [
        ("bae", frontier::bae(&closures)),
        ("dvcbs", frontier::dvcbs(&closures)),
        ("mm", frontier::mm(&closures)),
        ("nbs", frontier::nbs(&closures)),
        ("bidirectional_bfs", frontier::bidirectional_bfs(&closures)),
    ] {
        costs_length_or_overflows(name, &closures, &result, length);
    }
}

/// [`bidirectional_on_unit_chain`], and every variant of DVCBS and BAE*
/// (dense, each open list, reused) on the same chain as a [`Chain`].
fn every_variant_on_unit_chain<C>(length: u32, one: C)
where
    C: Cost + TryFrom<u32> + Send + Sync + 'static,
{
    bidirectional_on_unit_chain(length, one);
    let chain = Chain { length, step: one };
    for (name, result) in common::run_consistent(&chain, &Limits::new()) {
        costs_length_or_overflows(name, &chain, &result, length);
    }
}

#[test]
fn bidirectional_searches_find_a_cost_at_the_top_of_u8() {
    // BAE*'s priority 2g + h - h_r passes 255 long before the path's cost
    // does: it used to drop those nodes and answer `Unreachable` for every
    // length from 129 on, and for 256 where the cost does not fit.
    for length in 120..=260 {
        every_variant_on_unit_chain(length, 1u8);
    }
    for length in 60..=130 {
        every_variant_on_unit_chain(length, 1i8);
    }
}

#[test]
fn bidirectional_searches_find_a_cost_at_the_top_of_u16() {
    for length in [65_535, 65_536] {
        bidirectional_on_unit_chain(length, 1u16);
    }
}

#[test]
fn a_deadline_that_does_not_fit_means_no_deadline() {
    let problem = Chain {
        length: 50,
        step: 1u32,
    };
    let limits = Limits::new().max_time(Duration::MAX);
    for (algorithm, result) in run_all(&problem, &limits, &limits) {
        assert!(result.solution().is_some(), "{algorithm}");
    }
}

#[test]
fn a_search_refused_by_its_cost_bound_still_counts_the_start() {
    // h(start) = 40 > max_cost: nothing is expanded, but the start was
    // generated, as the statistics' docs say.
    let problem = common::Graph::new(2, &[(0, 1, 50)], 0, 1).with_heuristic(&[40, 0]);
    let limits = Limits::new().max_cost(10);
    for (algorithm, result) in run_all(&problem, &limits, &limits) {
        // Bidirectional BFS ignores the cost bound (its docs say why).
        if !algorithm.starts_with("bidirectional") {
            assert_eq!(result.limit(), Some(Limit::Cost), "{algorithm}");
        }
        assert!(
            result.stats.generated >= 1,
            "{algorithm}: {:?}",
            result.stats
        );
    }
}

/// A problem whose successor function panics on one value of `bad`.
struct Fragile {
    target: u32,
    bad: u32,
}

impl SearchProblem for Fragile {
    type State = u32;
    type Action = ();
    type Cost = u32;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, n: &u32) -> bool {
        *n == self.target
    }
    fn successors(&self, n: &u32) -> impl Iterator<Item = Step<u32, (), u32>> {
        assert!(self.target != self.bad, "problem {} is broken", self.bad);
        (*n < self.target)
            .then(|| Step::new((), n + 1, 1))
            .into_iter()
    }
}

#[test]
fn one_panicking_problem_in_a_batch_loses_no_other_result() {
    let problems: Vec<Fragile> = (1..=200)
        .map(|target| Fragile { target, bad: 77 })
        .collect();
    let results = frontier::solve_batch(&problems, Greedy::new, |greedy, problem| {
        greedy.search(problem)
    });
    assert_eq!(results.len(), 200);
    for (problem, result) in problems.iter().zip(&results) {
        match result {
            Ok(result) => {
                assert_ne!(problem.target, 77);
                assert_eq!(result.solution().unwrap().cost, problem.target);
            }
            Err(panic) => {
                assert_eq!(problem.target, 77);
                assert!(panic.message().contains("problem 77 is broken"), "{panic}");
            }
        }
    }
}

/// An endless line 0 → 1 → 2 → … with no goal.
struct Endless;

impl SearchProblem for Endless {
    type State = u64;
    type Action = ();
    type Cost = u64;
    fn start(&self) -> u64 {
        0
    }
    fn is_goal(&self, _: &u64) -> bool {
        false
    }
    fn successors(&self, n: &u64) -> impl Iterator<Item = Step<u64, (), u64>> {
        std::iter::once(Step::new((), n + 1, 1))
    }
}

#[test]
fn a_memory_bound_in_bytes_stops_a_table_search() {
    let limits = Limits::new().max_memory(1 << 20);
    let result = Bfs::new().limits(limits).search(&Endless);
    assert_eq!(result.limit(), Some(Limit::Memory));
    // Each state costs at least its 8 bytes and its node: far fewer than a
    // million fit in a MiB, and some thousands do.
    assert!(result.stats.peak_stored > 1_000, "{:?}", result.stats);
    assert!(result.stats.peak_stored < 1 << 17, "{:?}", result.stats);
}

#[test]
fn the_default_memory_bound_is_below_the_memory_available() {
    let limits: Limits<u32> = Limits::new();
    let bound = limits.memory_bound();
    assert!(bound > 0);
    if let Some(available) = frontier::limits::available_memory() {
        assert!(bound <= available, "{bound} > {available}");
    }
}

/// Run by hand, in release mode, under an address-space limit (see
/// `docs/reliability.md`): with default limits, table searches of an
/// endless space stop with a typed memory stop instead of aborting.
///
/// ```text
/// cargo test --release -p frontier-search --test reliability -- --ignored --exact \
///     no_default_search_aborts_for_lack_of_memory
/// ```
///
/// The test re-runs itself under `prlimit --as=4000000000` (4 GB of address
/// space, where the machine has more), so what runs out is the address
/// space, as on a machine whose memory is smaller than the default bound
/// assumes.
#[test]
#[ignore = "allocates gigabytes: run by hand, see docs/reliability.md"]
fn no_default_search_aborts_for_lack_of_memory() {
    const CHILD: &str = "FRONTIER_RELIABILITY_CHILD";
    if std::env::var_os(CHILD).is_none() {
        let exe = std::env::current_exe().unwrap();
        let status = std::process::Command::new("prlimit")
            .arg("--as=4000000000")
            .arg(&exe)
            .args([
                "--ignored",
                "--exact",
                "no_default_search_aborts_for_lack_of_memory",
                "--nocapture",
            ])
            .env(CHILD, "1")
            .status()
            .expect("prlimit (util-linux) runs the search under an address-space limit");
        assert!(status.success(), "the search under 4 GB aborted: {status}");
        return;
    }
    for (name, result) in [
        ("bfs", Bfs::new().search(&Endless)),
        ("astar", frontier::AStar::new().search(&Endless)),
        ("greedy", Greedy::new().search(&Endless)),
    ] {
        eprintln!("{name}: {:?} after {:?}", result.outcome, result.stats);
        assert_eq!(result.limit(), Some(Limit::Memory), "{name}");
    }
}

/// Measures how long each search takes to stop once its [`CancelFlag`] is
/// raised, at several moments of a search of an endless space (the table
/// searches reach tens of millions of states, so their tables rehash
/// while the flag may be raised). Prints the latencies; asserts only the
/// typed stop (no timing assertions in tests). Run in release mode:
///
/// ```text
/// cargo test --release -p frontier-search --test reliability -- --ignored --nocapture cancellation_latency
/// ```
#[test]
#[ignore = "takes seconds and prints timings: run by hand, see docs/reliability.md"]
fn cancellation_latency() {
    use std::fmt::Write as _;
    use std::sync::{Arc, Mutex};
    use std::time::Instant;

    use frontier::{AStar, CancelFlag, IdaStar};

    /// Runs `search`, which returns its stop and the moment it returned
    /// (before its searcher's memory is freed, which takes milliseconds
    /// for gigabytes and is not the search's latency), and raises the flag
    /// after `delay`.
    fn stop_after(
        delay: Duration,
        search: impl FnOnce(Limits<u64>) -> (Option<Limit>, Instant),
    ) -> (Option<Limit>, Duration) {
        let flag = CancelFlag::new();
        let raised: Arc<Mutex<Option<Instant>>> = Arc::default();
        let (signal, moment) = (flag.clone(), Arc::clone(&raised));
        let canceller = std::thread::spawn(move || {
            std::thread::sleep(delay);
            *moment.lock().unwrap() = Some(Instant::now());
            signal.cancel();
        });
        let (result, stopped) = search(Limits::new().cancel(flag));
        canceller.join().unwrap();
        let raised = raised.lock().unwrap().expect("the flag was raised");
        (result, stopped.saturating_duration_since(raised))
    }

    for delay_ms in [5, 20, 80, 320, 1000, 2000] {
        let delay = Duration::from_millis(delay_ms);
        let mut line = format!("raised after {delay_ms:>4} ms:");
        for name in ["bfs", "astar", "greedy", "idastar"] {
            // The searchers outlive the measurement: freeing gigabytes of
            // tables takes tens of milliseconds and is not the latency.
            let (mut bfs, mut astar, mut greedy, mut ida) =
                (Bfs::new(), AStar::new(), Greedy::new(), IdaStar::new());
            let (limit, latency) = stop_after(delay, |limits| {
                let result = match name {
                    "bfs" => {
                        bfs.set_limits(limits);
                        bfs.search(&Endless)
                    }
                    "astar" => {
                        astar.set_limits(limits);
                        astar.search(&Endless)
                    }
                    "greedy" => {
                        greedy.set_limits(limits);
                        greedy.search(&Endless)
                    }
                    _ => {
                        ida.set_limits(limits);
                        ida.search(&Endless)
                    }
                };
                (result.limit(), Instant::now())
            });
            assert_eq!(limit, Some(Limit::Cancelled), "{name}");
            write!(line, "  {name} {:>9.1} µs", latency.as_secs_f64() * 1e6).unwrap();
        }
        println!("{line}");
    }
}
