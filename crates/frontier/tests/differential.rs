//! Every algorithm and table kind against an exact oracle on small
//! directed graphs of two shapes, in the cost types `u8`, `i8`, `u16` and
//! `u32`, with heuristics in both directions that are consistent,
//! admissible but inconsistent, or overestimating:
//!
//! - random graphs: zero-cost edges, costs up to 60% of the type's top so
//!   that two of them can overflow it;
//! - graphs whose optimum sits at the type's top: two below it, one below,
//!   at it, or one above, along a chain of a few steps (or, in the 8-bit
//!   types, of unit steps) with detours and ties but no shortcut. Every
//!   priority that adds g twice (MM's 2g, BAE*'s 2g + h − `h_r`) passes the
//!   top there long before the path's cost does.
//!
//! The oracle computes distances in `i128`, so it knows when the optimum
//! does not fit the cost type. What each search may answer:
//!
//! - the optimal searches (A*, IDA*, MM, NBS) with admissible heuristics,
//!   and DVCBS and BAE* with consistent ones: the optimum when it fits,
//!   [`Limit::CostOverflow`] when it does not, never a costlier path and
//!   never "unreachable" for a reachable goal;
//! - the breadth-first searches: a path of the fewest steps, or
//!   `CostOverflow` when a walk of at most that many steps does not fit;
//! - greedy search, and every search whose heuristics are weaker than it
//!   needs: any legal path, and only for a reachable goal.
//!
//! The bidirectional heuristic searches also run on searchers reused from
//! case to case. Every solution is replayed. IDA* runs under an expansion
//! limit: on a graph with cheap cycles it may take too many iterations, and
//! that limit is the only other answer it may give.
//!
//! The proptests run a few seconds in CI; the long run is
//! `DIFFERENTIAL_CASES=30000 cargo test --release -p frontier-search --test differential -- --ignored`
//! (that many cases of each shape in each cost type).

mod common;

use std::cell::RefCell;
use std::fmt::Debug;

use common::{ResultOf, assert_replays, run_all, run_consistent, run_ida_both};
use frontier::{
    Bae, BidirectionalProblem, Cost, Dense, Dvcbs, Limit, Limits, Mm, Nbs, Outcome, RankedStates,
    ReversibleProblem, SearchProblem, Step,
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
    /// The edges into each node, `(from, action, cost)`: what
    /// `predecessors` lists, kept so that it need not scan every edge.
    into: Vec<Vec<(u32, u32, C)>>,
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
        self.into[*n as usize]
            .iter()
            .map(|&(u, i, cost)| Step::new(i, u, cost))
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

/// The edges into each node of `out`, `(from, action, cost)`.
fn incoming<C: Copy>(out: &[Vec<(u32, C)>]) -> Vec<Vec<(u32, u32, C)>> {
    let mut into = vec![Vec::new(); out.len()];
    for (u, edges) in (0..).zip(out) {
        for (i, &(v, cost)) in (0..).zip(edges) {
            into[v as usize].push((u, i, cost));
        }
    }
    into
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

    fn consistent(self) -> bool {
        matches!(self, Kind::Consistent { .. })
    }
}

/// The heuristic of `kind` from the true distances `distance`, with
/// `percents` (repeated as needed) for the kinds that draw per state.
fn heuristic<C: Exact>(distance: &[Option<i128>], kind: Kind, percents: &[u16]) -> Vec<C> {
    distance
        .iter()
        .zip(percents.iter().cycle())
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

/// A case drawn in raw numbers, made a graph in any cost type.
trait Build: Debug {
    /// The graph with costs in `C`, and its heuristics.
    fn net<C: Exact>(&self) -> Net<C>;

    /// How the forward and the backward heuristic are made.
    fn kinds(&self) -> [Kind; 2];
}

impl Build for Case {
    fn kinds(&self) -> [Kind; 2] {
        self.kinds
    }

    /// A fifth of the edges free, a third cheap, the rest up to 60% of the
    /// type's top, so that two of them can overflow it.
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
            into: incoming(&out),
            out,
            start: self.start,
            goal: self.goal,
            undirected: self.undirected,
        }
    }
}

/// A graph whose optimum is the cost type's top plus `offset` exactly: a
/// chain from the start (node 0) to the goal (its last node) whose steps
/// add up to it, and nodes off the chain and edges that offer detours and
/// ties but no shortcut. Every node has a position between 0 and the
/// optimum (on the chain, the cost to reach it), and no edge costs less
/// than the distance it advances, so no path costs less than the chain.
#[derive(Clone, Debug)]
struct TopCase {
    /// The optimum less the type's top: −2 to 1.
    offset: i8,
    /// The positions of the chain's inner nodes, as fractions of the
    /// optimum (sorted when built).
    cuts: Vec<u16>,
    /// In the 8-bit types: a chain of unit steps instead.
    unit: bool,
    /// The positions of the nodes off the chain, as fractions.
    off: Vec<u16>,
    /// Other edges, `(from, to, slack class, fraction)`, the nodes taken
    /// modulo the node count.
    edges: Vec<(u16, u16, u8, u16)>,
    kinds: [Kind; 2],
    percents: [Vec<u16>; 2],
}

/// Consistent heuristics three times in four (the ones BAE* and DVCBS are
/// checked on), else admissible ones.
fn top_kinds() -> impl Strategy<Value = Kind> {
    prop_oneof![
        3 => (0u8..=100).prop_map(|percent| Kind::Consistent { percent, dead_high: false }),
        1 => Just(Kind::Admissible),
    ]
}

fn top_cases() -> impl Strategy<Value = TopCase> {
    (
        -2i8..=1,
        prop::collection::vec(any::<u16>(), 1..=8),
        prop::bool::weighted(0.25),
        prop::collection::vec(any::<u16>(), 0..=4),
        prop::collection::vec((any::<u16>(), any::<u16>(), 0u8..4, any::<u16>()), 0..=16),
        [top_kinds(), top_kinds()],
        [
            prop::collection::vec(0u16..=300, 1..=16),
            prop::collection::vec(0u16..=300, 1..=16),
        ],
    )
        .prop_map(
            |(offset, cuts, unit, off, edges, kinds, percents)| TopCase {
                offset,
                cuts,
                unit,
                off,
                edges,
                kinds,
                percents,
            },
        )
}

impl Build for TopCase {
    fn kinds(&self) -> [Kind; 2] {
        self.kinds
    }

    fn net<C: Exact>(&self) -> Net<C> {
        let optimum = C::MAX + i128::from(self.offset);
        let of = |fraction: u16| optimum * i128::from(fraction) / i128::from(u16::MAX);
        let chain: Vec<i128> = if self.unit && C::MAX <= 255 {
            (0..=optimum).collect()
        } else {
            let mut inner: Vec<i128> = self.cuts.iter().map(|&cut| of(cut)).collect();
            inner.sort_unstable();
            // No step may cost more than the type holds: with the optimum
            // above the top, keep every inner node off both ends.
            if optimum > C::MAX {
                for at in &mut inner {
                    *at = (*at).clamp(1, optimum - 1);
                }
            }
            std::iter::once(0)
                .chain(inner)
                .chain(std::iter::once(optimum))
                .collect()
        };
        let position: Vec<i128> = chain
            .iter()
            .copied()
            .chain(self.off.iter().map(|&fraction| of(fraction)))
            .collect();
        let nodes = position.len();
        let mut out = vec![Vec::new(); nodes];
        for (u, pair) in (0u32..).zip(chain.windows(2)) {
            out[u as usize].push((u + 1, C::of(pair[1] - pair[0])));
        }
        for &(from, to, class, fraction) in &self.edges {
            let (u, v) = (usize::from(from) % nodes, usize::from(to) % nodes);
            let slack = match class {
                0 => 0,
                1 => 1,
                2 => i128::from(fraction % 8),
                _ => of(fraction) / 2,
            };
            let cost = (position[v] - position[u]).max(0) + slack;
            if cost <= C::MAX {
                out[u].push((u32::try_from(v).unwrap(), C::of(cost)));
            }
        }
        let start = 0;
        let goal = u32::try_from(chain.len() - 1).unwrap();
        let to_goal = distances(&out, goal, true);
        let from_start = distances(&out, start, false);
        Net {
            h: heuristic(&to_goal, self.kinds[0], &self.percents[0]),
            back_h: heuristic(&from_start, self.kinds[1], &self.percents[1]),
            into: incoming(&out),
            out,
            start,
            goal,
            undirected: false,
        }
    }
}

/// The bidirectional heuristic searchers, kept from case to case as a
/// program that reuses them would: what one search leaves behind must not
/// change the next.
struct Reused<C> {
    mm: Mm<u32, u32, C>,
    nbs: Nbs<u32, u32, C>,
    dvcbs: Dvcbs<u32, u32, C>,
    bae: Bae<u32, u32, C>,
    bae_dense: Bae<u32, u32, C, Dense>,
}

impl<C: Exact> Reused<C> {
    fn new() -> Self {
        Reused {
            mm: Mm::new(),
            nbs: Nbs::new(),
            dvcbs: Dvcbs::new(),
            bae: Bae::new(),
            bae_dense: Bae::new().dense(),
        }
    }

    fn search(&mut self, net: &Net<C>) -> Vec<(&'static str, ResultOf<Net<C>>)> {
        vec![
            ("mm_reused_across_cases", self.mm.search(net)),
            ("nbs_reused_across_cases", self.nbs.search(net)),
            ("dvcbs_reused_across_cases", self.dvcbs.search(net)),
            ("bae_reused_across_cases", self.bae.search(net)),
            ("bae_ranked_reused_across_cases", self.bae_dense.search(net)),
        ]
    }
}

/// Checks every search's answer on `case` with costs in `C`.
fn check<C: Exact>(case: &impl Build, reused: &mut Reused<C>) -> Result<(), TestCaseError> {
    let net = case.net::<C>();
    let kinds = case.kinds();
    let optimum = distances(&net.out, net.start, false)[net.goal as usize];
    let fewest = fewest_steps(&net);
    let limits = Limits::new();
    let ida_limits = Limits::new().max_expanded(20_000);
    let mut results = run_all(&net, &limits, &ida_limits);
    results.extend(run_consistent(&net, &limits));
    results.extend(reused.search(&net));
    if net.undirected {
        results.extend(run_ida_both(&net, &ida_limits).into_iter().skip(1));
    }
    let starts = |name: &str, prefixes: &[&str]| prefixes.iter().any(|p| name.starts_with(p));
    for (name, result) in &results {
        // What the search needs of its heuristics to be optimal.
        let sound = if starts(name, &["dvcbs", "bae"]) {
            kinds[0].consistent() && kinds[1].consistent()
        } else if starts(name, &["mm", "nbs"]) {
            kinds[0].admissible() && kinds[1].admissible()
        } else {
            kinds[0].admissible()
        };
        let ida = name.starts_with("idastar");
        check_one(&net, name, result, optimum, fewest, sound, ida)?;
    }
    Ok(())
}

fn check_one<C: Exact>(
    net: &Net<C>,
    name: &str,
    result: &ResultOf<Net<C>>,
    optimum: Option<i128>,
    fewest: Option<(usize, bool)>,
    sound: bool,
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
    } else if name.starts_with("greedy") || !sound {
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
fn run<C: Exact, B: Build>(cases_by_default: u32, strategy: impl Strategy<Value = B>) {
    let count = std::env::var("DIFFERENTIAL_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(cases_by_default);
    let mut runner = TestRunner::new(Config {
        cases: count,
        failure_persistence: None,
        ..Config::default()
    });
    let reused = RefCell::new(Reused::<C>::new());
    if let Err(failure) = runner.run(&strategy, |case| {
        check::<C>(&case, &mut reused.borrow_mut())
    }) {
        panic!("{failure}");
    }
}

#[test]
fn every_search_agrees_with_the_oracle_on_u8_costs() {
    run::<u8, _>(400, cases());
}

#[test]
fn every_search_agrees_with_the_oracle_on_i8_costs() {
    run::<i8, _>(400, cases());
}

#[test]
fn every_search_agrees_with_the_oracle_on_u16_costs() {
    run::<u16, _>(200, cases());
}

#[test]
fn every_search_agrees_with_the_oracle_on_u32_costs() {
    run::<u32, _>(200, cases());
}

#[test]
fn every_search_agrees_with_the_oracle_at_the_top_of_u8() {
    run::<u8, _>(TOP_CASES, top_cases());
}

#[test]
fn every_search_agrees_with_the_oracle_at_the_top_of_i8() {
    run::<i8, _>(TOP_CASES, top_cases());
}

#[test]
fn every_search_agrees_with_the_oracle_at_the_top_of_u16() {
    run::<u16, _>(TOP_CASES, top_cases());
}

#[test]
fn every_search_agrees_with_the_oracle_at_the_top_of_u32() {
    run::<u32, _>(TOP_CASES, top_cases());
}

/// The cases at the top of each type in CI.
const TOP_CASES: u32 = 80;

/// The long run: both shapes in every cost type, `DIFFERENTIAL_CASES`
/// each (10,000 by default).
#[test]
#[ignore = "minutes; run with --release, see docs/reliability.md"]
fn every_search_agrees_with_the_oracle_long() {
    run::<u8, _>(10_000, cases());
    run::<i8, _>(10_000, cases());
    run::<u16, _>(10_000, cases());
    run::<u32, _>(10_000, cases());
    run::<u8, _>(10_000, top_cases());
    run::<i8, _>(10_000, top_cases());
    run::<u16, _>(10_000, top_cases());
    run::<u32, _>(10_000, top_cases());
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
        into: incoming(&out),
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

/// The case that found DVCBS reporting a cost its path does not have: with
/// an inconsistent backward heuristic (h(4) is 95% of 4's distance from
/// the start, h(5) zero), the backward search reaches the start through 5
/// at 628,761,978 + 1,123,277,965, records that meeting, then reaches 5
/// again more cheaply through 4, which re-parents 5 but leaves the
/// meeting's cost as it was; the forward search then runs out of nodes
/// and the path through the current parents, 0 2 5 4 3, costs
/// 1,527,392,214, not the 1,752,039,943 reported.
#[test]
fn a_solution_costs_what_its_steps_cost() {
    let case = Case {
        nodes: 6,
        edges: vec![
            (3, 5, 5, 15_990),
            (5, 4, 0, 0),
            (4, 3, 5, 10_277),
            (5, 2, 5, 1_726),
            (4, 1, 0, 0),
            (0, 2, 5, 26_840),
        ],
        start: 0,
        goal: 3,
        undirected: true,
        kinds: [Kind::Admissible, Kind::Admissible],
        percents: [vec![0; 6], vec![0, 101, 0, 0, 95, 101]],
    };
    let net = case.net::<u32>();
    // Neither DVCBS nor BAE* promises the optimum here; each must report
    // what its path costs.
    for (name, result) in run_consistent(&net, &Limits::new()) {
        let solution = result
            .solution()
            .unwrap_or_else(|| panic!("{name}: 0 reaches 3"));
        assert_replays(&net, solution);
        if name.starts_with("dvcbs") {
            assert_eq!(solution.states, [0, 2, 5, 4, 3], "{name}");
            assert_eq!(solution.cost, 1_527_392_214, "{name}");
        }
    }
}
