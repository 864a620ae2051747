//! Every algorithm and table kind against an exact oracle on random small
//! directed graphs: zero-cost edges, costs near the top of narrow types
//! (`u8`, `i8`, `u16`) and of `u32`, heuristics in both directions that are
//! consistent, admissible but inconsistent, or overestimating.
//!
//! The oracle computes distances in `i128`, so it knows when the optimum
//! does not fit the cost type. What each search may answer:
//!
//! - the optimal searches (A*, IDA*, MM, NBS) with admissible heuristics:
//!   the optimum when it fits, [`Limit::CostOverflow`] when it does not,
//!   never a costlier path and never "unreachable" for a reachable goal;
//! - the breadth-first searches: a path of the fewest steps, or
//!   `CostOverflow` when a walk of at most that many steps does not fit;
//! - greedy search, and every search with an overestimating heuristic: any
//!   legal path, and only for a reachable goal.
//!
//! Every solution is replayed. IDA* runs under an expansion limit: on a
//! graph with cheap cycles it may take too many iterations, and that limit
//! is the only other answer it may give.
//!
//! The proptests run a few seconds in CI; the long run is
//! `DIFFERENTIAL_CASES=200000 cargo test --release -p frontier-search --test differential -- --ignored`.

mod common;

use common::{ResultOf, assert_replays, run_all, run_ida_both};
use frontier::{
    BidirectionalProblem, Cost, Limit, Limits, Mm, Outcome, RankedStates, ReversibleProblem,
    SearchProblem, Step,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// The cost types under test: primitive integers whose values the oracle
/// holds exactly.
trait Exact: Cost + Into<i128> + TryFrom<i128> + std::ops::Sub<Output = Self> + Send + Sync {
    /// The largest cost the type holds.
    const MAX: i128;

    /// `value`, which the caller keeps within `0..=MAX`.
    fn of(value: i128) -> Self {
        Self::try_from(value).unwrap_or_else(|_| panic!("{value} does not fit"))
    }
}

impl Exact for u8 {
    const MAX: i128 = u8::MAX as i128;
}
impl Exact for i8 {
    const MAX: i128 = i8::MAX as i128;
}
impl Exact for u16 {
    const MAX: i128 = u16::MAX as i128;
}
impl Exact for u32 {
    const MAX: i128 = u32::MAX as i128;
}

/// A directed graph with a heuristic toward the goal and one toward the
/// start. Actions are an edge's index in its source's list.
#[derive(Clone, Debug)]
struct Net<C> {
    out: Vec<Vec<(u32, C)>>,
    h: Vec<C>,
    back_h: Vec<C>,
    start: u32,
    goal: u32,
    /// Every edge is listed both ways at the same cost: BPMX applies.
    undirected: bool,
}

impl<C: Exact> SearchProblem for Net<C> {
    type State = u32;
    type Action = u32;
    type Cost = C;
    fn start(&self) -> u32 {
        self.start
    }
    fn is_goal(&self, n: &u32) -> bool {
        *n == self.goal
    }
    fn successors(&self, n: &u32) -> impl Iterator<Item = Step<u32, u32, C>> {
        self.out[*n as usize]
            .iter()
            .zip(0..)
            .map(|(&(v, cost), i)| Step::new(i, v, cost))
    }
    fn heuristic(&self, n: &u32) -> C {
        self.h[*n as usize]
    }
}

impl<C: Exact> BidirectionalProblem for Net<C> {
    fn goal(&self) -> u32 {
        self.goal
    }
    fn predecessors(&self, n: &u32) -> impl Iterator<Item = Step<u32, u32, C>> {
        let target = *n;
        (0..).zip(&self.out).flat_map(move |(u, out)| {
            out.iter()
                .zip(0..)
                .filter(move |&(&(v, _), _)| v == target)
                .map(move |(&(_, cost), i)| Step::new(i, u, cost))
        })
    }
    fn backward_heuristic(&self, n: &u32) -> C {
        self.back_h[*n as usize]
    }
}

impl<C: Exact> RankedStates for Net<C> {
    fn state_count(&self) -> usize {
        self.out.len()
    }
    fn rank(&self, n: &u32) -> usize {
        *n as usize
    }
}

/// A promise the test keeps: BPMX runs only on graphs built undirected.
impl<C: Exact> ReversibleProblem for Net<C> {}

in_place_by_index!(Net<C>, C: Exact);

/// Exact cheapest costs from `from` to every node (`None`: no path),
/// following edges forward or (`reverse`) backward: Bellman-Ford, the
/// graphs being tiny.
fn distances<C: Exact>(out: &[Vec<(u32, C)>], from: u32, reverse: bool) -> Vec<Option<i128>> {
    let mut dist = vec![None; out.len()];
    dist[from as usize] = Some(0);
    for _ in 0..out.len() {
        for (u, edges) in out.iter().enumerate() {
            for &(v, cost) in edges {
                let (a, b) = if reverse {
                    (v as usize, u)
                } else {
                    (u, v as usize)
                };
                if let Some(d) = dist[a] {
                    let through = d + cost.into();
                    if dist[b].is_none_or(|old| through < old) {
                        dist[b] = Some(through);
                    }
                }
            }
        }
    }
    dist
}

/// The fewest steps from the start to the goal, and whether a walk of at
/// most that many steps from the start, or to the goal, costs more than the
/// type holds: then a breadth-first search may have dropped a path that
/// could have been shorter, and may stop with `CostOverflow`.
fn fewest_steps<C: Exact>(net: &Net<C>) -> Option<(usize, bool)> {
    let steps = bfs_steps(&net.out, net.start, false)[net.goal as usize]?;
    let overflows = |from, reverse| {
        // costliest[v]: the largest cost of a walk of k steps ending at v.
        let mut costliest = vec![None; net.out.len()];
        costliest[from as usize] = Some(0i128);
        for _ in 0..steps {
            let mut longer = costliest.clone();
            for (u, edges) in net.out.iter().enumerate() {
                for &(v, cost) in edges {
                    let (a, b) = if reverse {
                        (v as usize, u)
                    } else {
                        (u, v as usize)
                    };
                    if let Some(c) = costliest[a] {
                        let through = c + cost.into();
                        longer[b] = Some(longer[b].map_or(through, |old: i128| old.max(through)));
                    }
                }
            }
            costliest = longer;
        }
        costliest.iter().flatten().any(|&c| c > C::MAX)
    };
    Some((
        steps,
        overflows(net.start, false) || overflows(net.goal, true),
    ))
}

/// The fewest steps from `from` to every node.
fn bfs_steps<C>(out: &[Vec<(u32, C)>], from: u32, reverse: bool) -> Vec<Option<usize>> {
    let mut steps = vec![None; out.len()];
    steps[from as usize] = Some(0);
    for depth in 1..=out.len() {
        for (u, edges) in out.iter().enumerate() {
            for &(v, _) in edges {
                let (a, b) = if reverse {
                    (v as usize, u)
                } else {
                    (u, v as usize)
                };
                if steps[a] == Some(depth - 1) && steps[b].is_none() {
                    steps[b] = Some(depth);
                }
            }
        }
    }
    steps
}

/// How a heuristic is made from the true distances to the end it aims at.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// The same fraction of every distance, rounded down, capped at the
    /// type's top: consistent. States with no path all get `dead`.
    Consistent { percent: u8, dead_high: bool },
    /// A random fraction per state: admissible, usually inconsistent.
    Admissible,
    /// Up to three times the distance, or anything where there is no path:
    /// only termination is promised.
    Overestimating,
}

impl Kind {
    fn admissible(self) -> bool {
        !matches!(self, Kind::Overestimating)
    }
}

fn heuristic<C: Exact>(distance: &[Option<i128>], kind: Kind, percents: &[u16]) -> Vec<C> {
    distance
        .iter()
        .zip(percents)
        .map(|(&d, &p)| {
            let p = i128::from(p);
            let value = match (d, kind) {
                (Some(d), Kind::Consistent { percent, .. }) => d * i128::from(percent) / 100,
                (None, Kind::Consistent { dead_high, .. }) => {
                    if dead_high {
                        C::MAX
                    } else {
                        0
                    }
                }
                (Some(d), Kind::Admissible) => d * (p % 101) / 100,
                (Some(d), Kind::Overestimating) => d * p / 100,
                (None, _) => C::MAX * p / 300,
            };
            C::of(value.min(C::MAX))
        })
        .collect()
}

/// One random case, in raw numbers the type's range scales.
#[derive(Clone, Debug)]
struct Case {
    nodes: usize,
    /// `(from, to, cost class, fraction)`.
    edges: Vec<(u32, u32, u8, u16)>,
    start: u32,
    goal: u32,
    undirected: bool,
    kinds: [Kind; 2],
    percents: [Vec<u16>; 2],
}

fn kinds() -> impl Strategy<Value = Kind> {
    prop_oneof![
        (0u8..=100, any::<bool>())
            .prop_map(|(percent, dead_high)| Kind::Consistent { percent, dead_high }),
        Just(Kind::Admissible),
        Just(Kind::Overestimating),
    ]
}

fn cases() -> impl Strategy<Value = Case> {
    (2usize..=8, any::<bool>(), kinds(), kinds()).prop_flat_map(|(nodes, undirected, f, b)| {
        let node = 0..u32::try_from(nodes).unwrap();
        (
            prop::collection::vec(
                (node.clone(), node.clone(), 0u8..10, any::<u16>()),
                0..=nodes * 3,
            ),
            node.clone(),
            node,
            prop::collection::vec(0u16..=300, nodes),
            prop::collection::vec(0u16..=300, nodes),
        )
            .prop_map(move |(edges, start, goal, pf, pb)| Case {
                nodes,
                edges,
                start,
                goal,
                undirected,
                kinds: [f, b],
                percents: [pf, pb],
            })
    })
}

impl Case {
    /// The graph with costs in `C`: a fifth of the edges free, a third
    /// cheap, the rest up to 60% of the type's top, so that two of them
    /// can overflow it.
    fn net<C: Exact>(&self) -> Net<C> {
        let mut out = vec![Vec::new(); self.nodes];
        for &(u, v, class, fraction) in &self.edges {
            let cost = match class {
                0 | 1 => 0,
                2..=4 => i128::from(fraction % 4) + 1,
                _ => C::MAX * 6 / 10 * i128::from(fraction) / i128::from(u16::MAX),
            };
            out[u as usize].push((v, C::of(cost)));
            if self.undirected && u != v {
                out[v as usize].push((u, C::of(cost)));
            }
        }
        let to_goal = distances(&out, self.goal, true);
        let from_start = distances(&out, self.start, false);
        Net {
            h: heuristic(&to_goal, self.kinds[0], &self.percents[0]),
            back_h: heuristic(&from_start, self.kinds[1], &self.percents[1]),
            out,
            start: self.start,
            goal: self.goal,
            undirected: self.undirected,
        }
    }
}

/// Checks every search's answer on `case` with costs in `C`.
fn check<C: Exact>(case: &Case) -> Result<(), TestCaseError> {
    let net = case.net::<C>();
    let optimum = distances(&net.out, net.start, false)[net.goal as usize];
    let fewest = fewest_steps(&net);
    let limits = Limits::new();
    let ida_limits = Limits::new().max_expanded(20_000);
    let mut results = run_all(&net, &limits, &ida_limits);
    if net.undirected {
        results.extend(run_ida_both(&net, &ida_limits).into_iter().skip(1));
    }
    let uses_backward = |name: &str| name.starts_with("mm") || name.starts_with("nbs");
    for (name, result) in &results {
        let admissible =
            case.kinds[0].admissible() && (!uses_backward(name) || case.kinds[1].admissible());
        let ida = name.starts_with("idastar");
        check_one(&net, name, result, optimum, fewest, admissible, ida)?;
    }
    Ok(())
}

fn check_one<C: Exact>(
    net: &Net<C>,
    name: &str,
    result: &ResultOf<Net<C>>,
    optimum: Option<i128>,
    fewest: Option<(usize, bool)>,
    admissible: bool,
    ida: bool,
) -> Result<(), TestCaseError> {
    let row = format!("{name}: {:?}", result.outcome);
    if let Outcome::Found(solution) = &result.outcome {
        assert_replays(net, solution);
    }
    if ida && result.limit() == Some(Limit::Expanded) {
        return Ok(());
    }
    let Some(optimum) = optimum else {
        // No path: nothing found; an overflowed path may stop the search first.
        prop_assert!(
            matches!(
                result.outcome,
                Outcome::Unreachable | Outcome::LimitReached(Limit::CostOverflow)
            ),
            "{row}, but the goal is unreachable"
        );
        return Ok(());
    };
    let found = match &result.outcome {
        Outcome::Found(solution) => Some(solution),
        Outcome::LimitReached(Limit::CostOverflow) => None,
        other => {
            return Err(TestCaseError::fail(format!(
                "{name}: {other:?}, optimum {optimum}"
            )));
        }
    };
    if name.contains("bfs") {
        let (steps, may_overflow) = fewest.expect("a reachable goal has a fewest-step path");
        match found {
            Some(solution) => prop_assert_eq!(solution.actions.len(), steps, "{}", row),
            None => prop_assert!(
                may_overflow,
                "{row}, but every walk of up to {steps} steps fits"
            ),
        }
    } else if name.starts_with("greedy") || !admissible {
        if let Some(solution) = found {
            prop_assert!(
                solution.cost.into() >= optimum,
                "{row}: below the optimum {optimum}"
            );
        }
    } else {
        match found {
            Some(solution) => prop_assert_eq!(solution.cost.into(), optimum, "{}", row),
            None => prop_assert!(optimum > C::MAX, "{row}, but the optimum {optimum} fits"),
        }
    }
    Ok(())
}

/// A few seconds of cases per cost type in CI; `DIFFERENTIAL_CASES`
/// overrides the count.
fn run<C: Exact>(cases_by_default: u32) {
    let count = std::env::var("DIFFERENTIAL_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(cases_by_default);
    let mut runner = TestRunner::new(Config {
        cases: count,
        failure_persistence: None,
        ..Config::default()
    });
    if let Err(failure) = runner.run(&cases(), |case| check::<C>(&case)) {
        panic!("{failure}");
    }
}

#[test]
fn every_search_agrees_with_the_oracle_on_u8_costs() {
    run::<u8>(600);
}

#[test]
fn every_search_agrees_with_the_oracle_on_i8_costs() {
    run::<i8>(600);
}

#[test]
fn every_search_agrees_with_the_oracle_on_u16_costs() {
    run::<u16>(300);
}

#[test]
fn every_search_agrees_with_the_oracle_on_u32_costs() {
    run::<u32>(300);
}

/// The long run: every cost type, `DIFFERENTIAL_CASES` each (10,000 by
/// default).
#[test]
#[ignore = "minutes; run with --release, see docs/reliability.md"]
fn every_search_agrees_with_the_oracle_long() {
    run::<u8>(10_000);
    run::<i8>(10_000);
    run::<u16>(10_000);
    run::<u32>(10_000);
}

/// The case that found MM returning a costlier path: the backward search's
/// only way on has 2g above `u8::MAX`, although the optimum, 149, fits.
#[test]
fn mm_finds_the_optimum_when_a_priority_does_not_fit_the_cost_type() {
    let mut out: Vec<Vec<(u32, u8)>> = vec![Vec::new(); 6];
    for (u, v, cost) in [(5, 0, 108), (5, 1, 11), (1, 0, 84), (0, 2, 54)] {
        out[u].push((v, cost));
    }
    let mut h = vec![0; 6];
    h[5] = 117;
    let net = Net {
        out,
        h,
        back_h: vec![0; 6],
        start: 5,
        goal: 2,
        undirected: false,
    };
    for result in [Mm::new().search(&net), Mm::new().dense().search(&net)] {
        let solution = result.solution().expect("5 reaches 2");
        assert_replays(&net, solution);
        assert_eq!(solution.cost, 149, "{:?}", solution.states);
    }
}
