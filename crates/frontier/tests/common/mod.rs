//! Problems shared by the fixture and the property tests: a weighted graph
//! (directed, or undirected for bidirectional pathmax), a grid maze, knight
//! moves, and a long line for the limits.

#![allow(dead_code, reason = "each test binary uses a different subset")]
#![allow(unreachable_pub, reason = "a test-support module")]

use frontier::{
    BidirectionalProblem, InPlaceProblem, RankedStates, ReversibleProblem, SearchProblem, Solution,
    Step,
};

/// Implements [`InPlaceProblem`] for a test problem with `Copy` states, by
/// successor index: a move is the index of a step among `successors`, and
/// what undoes it is the state before. The in-place search must then walk
/// exactly the tree of `IdaStar::search`.
#[macro_export]
macro_rules! in_place_by_index {
    ($ty:ty $(, $g:ident: $bound:path)?) => {
        impl$(<$g: $bound>)? frontier::InPlaceProblem for $ty {
            type Move = usize;
            type Undo = <$ty as frontier::SearchProblem>::State;
            type Moves = std::ops::Range<usize>;

            fn moves(&self, state: &Self::State) -> Self::Moves {
                0..frontier::SearchProblem::successors(self, state).count()
            }

            fn leads_back(&self, state: &Self::State, mv: usize, before: Self::Undo) -> bool {
                frontier::SearchProblem::successors(self, state)
                    .nth(mv)
                    .is_some_and(|step| step.state == before)
            }

            fn apply(
                &self,
                state: &mut Self::State,
                mv: usize,
            ) -> frontier::Applied<Self::Undo, Self::Cost> {
                let step = frontier::SearchProblem::successors(self, state)
                    .nth(mv)
                    .expect("a move the problem listed");
                let before = std::mem::replace(state, step.state);
                frontier::Applied {
                    undo: before,
                    cost: step.cost,
                }
            }

            fn undo(&self, state: &mut Self::State, before: Self::Undo) {
                *state = before;
            }

            fn action(&self, state: &Self::State, mv: usize) -> Self::Action {
                frontier::SearchProblem::successors(self, state)
                    .nth(mv)
                    .expect("a move the problem listed")
                    .action
            }
        }
    };
}

in_place_by_index!(Graph);
in_place_by_index!(Maze);
in_place_by_index!(Knight);

/// Checks that IDA* in place (`idastar_in_place` in `results`) did exactly
/// what IDA* by value (`idastar`) did: the same outcome, solution
/// included, and the same counts in every iteration.
pub fn assert_in_place_matches<S, A, C>(
    row: &str,
    results: &[(&str, frontier::SearchResult<S, A, C>)],
) where
    S: PartialEq + std::fmt::Debug,
    A: PartialEq + std::fmt::Debug,
    C: frontier::Cost,
{
    let find = |name| {
        &results
            .iter()
            .find(|(n, _)| *n == name)
            .expect("both IDA*s ran")
            .1
    };
    let (by_value, in_place) = (find("idastar"), find("idastar_in_place"));
    assert_eq!(in_place.outcome, by_value.outcome, "{row}: outcomes");
    assert_eq!(
        in_place.stats.iterations, by_value.stats.iterations,
        "{row}: iterations"
    );
    assert_eq!(
        in_place.stats.expanded, by_value.stats.expanded,
        "{row}: expanded"
    );
    assert_eq!(
        in_place.stats.generated, by_value.stats.generated,
        "{row}: generated"
    );
    assert_eq!(
        in_place.stats.peak_stored, by_value.stats.peak_stored,
        "{row}: peak"
    );
}

/// A directed graph with explicit weighted edges and a per-node heuristic.
#[derive(Clone, Debug)]
pub struct Graph {
    /// `edges[u]` lists `(v, cost)`; the action is the edge's index in that
    /// list, so parallel edges stay apart.
    pub edges: Vec<Vec<(u32, u32)>>,
    pub h: Vec<u32>,
    pub start: u32,
    pub goal: u32,
}

impl Graph {
    pub fn new(nodes: usize, edges: &[(u32, u32, u32)], start: u32, goal: u32) -> Self {
        let mut adjacency = vec![Vec::new(); nodes];
        for &(u, v, cost) in edges {
            adjacency[u as usize].push((v, cost));
        }
        Graph {
            edges: adjacency,
            h: vec![0; nodes],
            start,
            goal,
        }
    }

    pub fn with_heuristic(mut self, h: &[u32]) -> Self {
        self.h = h.to_vec();
        self
    }
}

impl SearchProblem for Graph {
    type State = u32;
    type Action = u32;
    type Cost = u32;
    fn start(&self) -> u32 {
        self.start
    }
    fn is_goal(&self, n: &u32) -> bool {
        *n == self.goal
    }
    fn successors(&self, n: &u32) -> impl Iterator<Item = Step<u32, u32, u32>> {
        self.edges[*n as usize]
            .iter()
            .zip(0..)
            .map(|(&(v, cost), i)| Step::new(i, v, cost))
    }
    fn heuristic(&self, n: &u32) -> u32 {
        self.h[*n as usize]
    }
}

impl BidirectionalProblem for Graph {
    fn goal(&self) -> u32 {
        self.goal
    }
    fn predecessors(&self, n: &u32) -> impl Iterator<Item = Step<u32, u32, u32>> {
        let target = *n;
        self.edges.iter().enumerate().flat_map(move |(u, out)| {
            out.iter()
                .zip(0..)
                .filter(move |&(&(v, _), _)| v == target)
                .map(move |(&(_, cost), i)| Step::new(i, u32::try_from(u).unwrap(), cost))
        })
    }
}

impl RankedStates for Graph {
    fn state_count(&self) -> usize {
        self.edges.len()
    }
    fn rank(&self, n: &u32) -> usize {
        *n as usize
    }
}

/// A graph with a heuristic toward the goal (the graph's own), one from
/// the start (`backward`), and its cheapest step stated as `epsilon` (0 is
/// the trait's default).
#[derive(Clone, Debug)]
pub struct TwoWay {
    pub graph: Graph,
    pub backward: Vec<u32>,
    pub epsilon: u32,
}

impl SearchProblem for TwoWay {
    type State = u32;
    type Action = u32;
    type Cost = u32;
    fn start(&self) -> u32 {
        self.graph.start
    }
    fn is_goal(&self, n: &u32) -> bool {
        self.graph.is_goal(n)
    }
    fn successors(&self, n: &u32) -> impl Iterator<Item = Step<u32, u32, u32>> {
        self.graph.successors(n)
    }
    fn heuristic(&self, n: &u32) -> u32 {
        self.graph.heuristic(n)
    }
    fn min_step_cost(&self) -> u32 {
        self.epsilon
    }
}

impl BidirectionalProblem for TwoWay {
    fn goal(&self) -> u32 {
        self.graph.goal
    }
    fn predecessors(&self, n: &u32) -> impl Iterator<Item = Step<u32, u32, u32>> {
        self.graph.predecessors(n)
    }
    fn backward_heuristic(&self, n: &u32) -> u32 {
        self.backward[*n as usize]
    }
}

impl RankedStates for TwoWay {
    fn state_count(&self) -> usize {
        self.graph.state_count()
    }
    fn rank(&self, n: &u32) -> usize {
        self.graph.rank(n)
    }
}

/// Cheapest costs from `from` to every node, following edges forward or
/// (`reverse`) backward.
pub fn dijkstra(graph: &Graph, from: u32, reverse: bool) -> Vec<Option<u32>> {
    let mut dist = vec![None; graph.edges.len()];
    let mut heap = std::collections::BinaryHeap::from([std::cmp::Reverse((0, from))]);
    while let Some(std::cmp::Reverse((d, u))) = heap.pop() {
        if dist[u as usize].is_some() {
            continue;
        }
        dist[u as usize] = Some(d);
        for (v, out) in (0u32..).zip(&graph.edges) {
            for &(w, cost) in out {
                let (tail, end) = if reverse { (w, v) } else { (v, w) };
                if tail == u && dist[end as usize].is_none() {
                    heap.push(std::cmp::Reverse((d + cost, end)));
                }
            }
        }
    }
    dist
}

/// A graph whose every edge is listed both ways at the same cost: the
/// [`ReversibleProblem`] that bidirectional pathmax needs.
#[derive(Clone, Debug)]
pub struct Undirected(pub Graph);

impl Undirected {
    /// `edges` as undirected edges (a self-loop is listed once).
    pub fn new(nodes: usize, edges: &[(u32, u32, u32)], start: u32, goal: u32) -> Self {
        let both: Vec<(u32, u32, u32)> = edges
            .iter()
            .flat_map(|&(u, v, cost)| {
                std::iter::once((u, v, cost)).chain((u != v).then_some((v, u, cost)))
            })
            .collect();
        Undirected(Graph::new(nodes, &both, start, goal))
    }

    pub fn with_heuristic(self, h: &[u32]) -> Self {
        Undirected(self.0.with_heuristic(h))
    }
}

impl SearchProblem for Undirected {
    type State = u32;
    type Action = u32;
    type Cost = u32;
    fn start(&self) -> u32 {
        self.0.start()
    }
    fn is_goal(&self, n: &u32) -> bool {
        self.0.is_goal(n)
    }
    fn successors(&self, n: &u32) -> impl Iterator<Item = Step<u32, u32, u32>> {
        self.0.successors(n)
    }
    fn heuristic(&self, n: &u32) -> u32 {
        self.0.heuristic(n)
    }
}

impl ReversibleProblem for Undirected {}

/// A 4-connected maze read from text: `#` walls, `S` start, `G` goal; a
/// digit is a cell costing that much to enter (other cells cost 1).
#[derive(Clone, Debug)]
pub struct Maze {
    pub width: i32,
    pub height: i32,
    pub cells: Vec<u8>,
    pub start: (i32, i32),
    pub goal: (i32, i32),
}

impl Maze {
    pub fn parse(text: &str) -> Self {
        let rows: Vec<&[u8]> = text.lines().map(str::as_bytes).collect();
        let height = i32::try_from(rows.len()).unwrap();
        let width = i32::try_from(rows[0].len()).unwrap();
        let mut start = (0, 0);
        let mut goal = (0, 0);
        let mut cells = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                let at = (i32::try_from(x).unwrap(), i32::try_from(y).unwrap());
                match c {
                    b'S' => start = at,
                    b'G' => goal = at,
                    _ => {}
                }
                cells.push(c);
            }
        }
        Maze {
            width,
            height,
            cells,
            start,
            goal,
        }
    }

    fn cell(&self, (x, y): (i32, i32)) -> Option<u8> {
        ((0..self.width).contains(&x) && (0..self.height).contains(&y))
            .then(|| self.cells[usize::try_from(y * self.width + x).unwrap()])
            .filter(|&c| c != b'#')
    }

    fn moves(&self, from: (i32, i32)) -> impl Iterator<Item = (char, (i32, i32), u32)> + '_ {
        [('u', 0, -1), ('d', 0, 1), ('l', -1, 0), ('r', 1, 0)]
            .into_iter()
            .filter_map(move |(action, dx, dy)| {
                let to = (from.0 + dx, from.1 + dy);
                let c = self.cell(to)?;
                let cost = if c.is_ascii_digit() {
                    u32::from(c - b'0')
                } else {
                    1
                };
                Some((action, to, cost))
            })
    }
}

impl SearchProblem for Maze {
    type State = (i32, i32);
    type Action = char;
    type Cost = u32;
    fn start(&self) -> (i32, i32) {
        self.start
    }
    fn is_goal(&self, at: &(i32, i32)) -> bool {
        *at == self.goal
    }
    fn successors(&self, at: &(i32, i32)) -> impl Iterator<Item = Step<(i32, i32), char, u32>> {
        self.moves(*at)
            .map(|(action, to, cost)| Step::new(action, to, cost))
    }
    fn heuristic(&self, at: &(i32, i32)) -> u32 {
        (at.0 - self.goal.0).unsigned_abs() + (at.1 - self.goal.1).unsigned_abs()
    }
}

impl BidirectionalProblem for Maze {
    fn goal(&self) -> (i32, i32) {
        self.goal
    }
    fn predecessors(&self, at: &(i32, i32)) -> impl Iterator<Item = Step<(i32, i32), char, u32>> {
        let at = *at;
        let entry = self.cell(at).map_or(1, |c| {
            if c.is_ascii_digit() {
                u32::from(c - b'0')
            } else {
                1
            }
        });
        self.moves(at).map(move |(action, from, _)| {
            let back = match action {
                'u' => 'd',
                'd' => 'u',
                'l' => 'r',
                _ => 'l',
            };
            Step::new(back, from, entry)
        })
    }
}

impl RankedStates for Maze {
    fn state_count(&self) -> usize {
        self.cells.len()
    }
    fn rank(&self, at: &(i32, i32)) -> usize {
        usize::try_from(at.1 * self.width + at.0).unwrap()
    }
}

/// Knight moves on an n×n board (POJ 1915).
#[derive(Clone, Copy, Debug)]
pub struct Knight {
    pub size: i32,
    pub start: (i32, i32),
    pub goal: (i32, i32),
}

const JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

impl SearchProblem for Knight {
    type State = (i32, i32);
    type Action = (i32, i32);
    type Cost = u32;
    fn start(&self) -> (i32, i32) {
        self.start
    }
    fn is_goal(&self, at: &(i32, i32)) -> bool {
        *at == self.goal
    }
    fn successors(
        &self,
        at: &(i32, i32),
    ) -> impl Iterator<Item = Step<(i32, i32), (i32, i32), u32>> {
        let (x, y) = *at;
        let size = self.size;
        JUMPS.into_iter().filter_map(move |(dx, dy)| {
            let to = (x + dx, y + dy);
            ((0..size).contains(&to.0) && (0..size).contains(&to.1)).then_some(Step::new(
                (dx, dy),
                to,
                1,
            ))
        })
    }
    /// A jump changes one coordinate by 2 and the sum of both by 3.
    fn heuristic(&self, at: &(i32, i32)) -> u32 {
        let dx = (at.0 - self.goal.0).unsigned_abs();
        let dy = (at.1 - self.goal.1).unsigned_abs();
        dx.max(dy).div_ceil(2).max((dx + dy).div_ceil(3))
    }
}

impl BidirectionalProblem for Knight {
    fn goal(&self) -> (i32, i32) {
        self.goal
    }
    fn predecessors(
        &self,
        at: &(i32, i32),
    ) -> impl Iterator<Item = Step<(i32, i32), (i32, i32), u32>> {
        self.successors(at)
            .map(|step| Step::new((-step.action.0, -step.action.1), step.state, 1))
    }
}

/// A jump back is a jump.
impl ReversibleProblem for Knight {}

impl RankedStates for Knight {
    fn state_count(&self) -> usize {
        usize::try_from(self.size * self.size).unwrap()
    }
    fn rank(&self, at: &(i32, i32)) -> usize {
        usize::try_from(at.1 * self.size + at.0).unwrap()
    }
}

/// Checks that `solution` is legal step by step under `problem`, that its
/// cost adds up and that it ends in a goal.
pub fn assert_replays<P>(problem: &P, solution: &Solution<P::State, P::Action, P::Cost>)
where
    P: SearchProblem,
    P::State: std::fmt::Debug,
    P::Action: PartialEq + std::fmt::Debug,
{
    assert_eq!(solution.states.len(), solution.actions.len() + 1);
    assert!(
        solution.states[0] == problem.start(),
        "path does not begin at the start"
    );
    let mut cost = P::Cost::default();
    for (i, action) in solution.actions.iter().enumerate() {
        let step = problem
            .successors(&solution.states[i])
            .find(|step| step.action == *action && step.state == solution.states[i + 1])
            .unwrap_or_else(|| {
                panic!(
                    "step {i}: {action:?} does not lead from {:?} to {:?}",
                    solution.states[i],
                    solution.states[i + 1]
                )
            });
        cost = cost + step.cost;
    }
    assert_eq!(cost, solution.cost, "the step costs do not add up");
    assert!(
        problem.is_goal(solution.states.last().unwrap()),
        "path does not end in a goal"
    );
}

/// What a search of `P` returns.
pub type ResultOf<P> = frontier::SearchResult<
    <P as SearchProblem>::State,
    <P as SearchProblem>::Action,
    <P as SearchProblem>::Cost,
>;

/// The names and results of every algorithm on a problem with every
/// capability, IDA* under its own limits.
#[expect(clippy::too_many_lines, reason = "one row per algorithm and option")]
pub fn run_all<P>(
    problem: &P,
    limits: &frontier::Limits<P::Cost>,
    ida_limits: &frontier::Limits<P::Cost>,
) -> Vec<(&'static str, ResultOf<P>)>
where
    P: BidirectionalProblem + RankedStates + InPlaceProblem + Sync,
    P::State: Send + Sync,
    P::Action: Send + Sync,
    P::Cost: Send + Sync,
{
    use frontier::{AStar, Bfs, BidirectionalBfs, Greedy, IdaStar, Mm, Nbs, open::OpenList};
    let limits = || limits.clone();
    vec![
        ("bfs", Bfs::new().limits(limits()).search(problem)),
        (
            "bfs_ranked",
            Bfs::new().limits(limits()).dense().search(problem),
        ),
        (
            "bidirectional_bfs",
            BidirectionalBfs::new().limits(limits()).search(problem),
        ),
        (
            "bidirectional_bfs_ranked",
            BidirectionalBfs::new()
                .dense()
                .limits(limits())
                .search(problem),
        ),
        ("astar", AStar::new().limits(limits()).search(problem)),
        (
            "astar_binary_heap",
            AStar::new()
                .open_list(OpenList::BinaryHeap)
                .limits(limits())
                .search(problem),
        ),
        (
            "astar_priority_queue",
            AStar::new()
                .open_list(OpenList::PriorityQueue)
                .limits(limits())
                .search(problem),
        ),
        (
            "astar_ranked",
            AStar::new().dense().limits(limits()).search(problem),
        ),
        (
            "idastar",
            IdaStar::new().limits(ida_limits.clone()).search(problem),
        ),
        (
            "idastar_in_place",
            IdaStar::new()
                .limits(ida_limits.clone())
                .search_in_place(problem),
        ),
        (
            "idastar_parallel",
            frontier::ParallelIdaStar::new()
                .threads(2)
                .limits(ida_limits.clone())
                .search(problem),
        ),
        (
            "idastar_parallel_in_place",
            frontier::ParallelIdaStar::new()
                .threads(2)
                .limits(ida_limits.clone())
                .search_in_place(problem),
        ),
        ("greedy", Greedy::new().limits(limits()).search(problem)),
        (
            "greedy_ranked",
            Greedy::new().dense().limits(limits()).search(problem),
        ),
        ("mm", Mm::new().limits(limits()).search(problem)),
        (
            "mm_binary_heap",
            Mm::new()
                .open_list(OpenList::BinaryHeap)
                .limits(limits())
                .search(problem),
        ),
        (
            "mm_priority_queue",
            Mm::new()
                .open_list(OpenList::PriorityQueue)
                .limits(limits())
                .search(problem),
        ),
        (
            "mm_ranked",
            Mm::new().dense().limits(limits()).search(problem),
        ),
        ("nbs", Nbs::new().limits(limits()).search(problem)),
        (
            "nbs_binary_heap",
            Nbs::new()
                .open_list(OpenList::BinaryHeap)
                .limits(limits())
                .search(problem),
        ),
        (
            "nbs_priority_queue",
            Nbs::new()
                .open_list(OpenList::PriorityQueue)
                .limits(limits())
                .search(problem),
        ),
        (
            "nbs_ranked",
            Nbs::new().dense().limits(limits()).search(problem),
        ),
    ]
}

/// The names and results of the searches that are optimal only for
/// consistent heuristics, DVCBS and BAE*: hashed, dense, on the binary
/// heap and the priority queue, and a searcher reused after a first search
/// of the same problem.
pub fn run_consistent<P>(
    problem: &P,
    limits: &frontier::Limits<P::Cost>,
) -> Vec<(&'static str, ResultOf<P>)>
where
    P: BidirectionalProblem + RankedStates,
    P::Cost: Default,
{
    use frontier::{Bae, Dvcbs, open::OpenList};
    let mut reused_dvcbs = Dvcbs::new().limits(limits);
    let _ = reused_dvcbs.search(problem);
    let mut reused_bae = Bae::new().limits(limits);
    let _ = reused_bae.search(problem);
    vec![
        ("dvcbs", Dvcbs::new().limits(limits).search(problem)),
        (
            "dvcbs_ranked",
            Dvcbs::new().dense().limits(limits).search(problem),
        ),
        (
            "dvcbs_binary_heap",
            Dvcbs::new()
                .open_list(OpenList::BinaryHeap)
                .limits(limits)
                .search(problem),
        ),
        (
            "dvcbs_priority_queue",
            Dvcbs::new()
                .open_list(OpenList::PriorityQueue)
                .limits(limits)
                .search(problem),
        ),
        ("dvcbs_reused", reused_dvcbs.search(problem)),
        ("bae", Bae::new().limits(limits).search(problem)),
        (
            "bae_ranked",
            Bae::new().dense().limits(limits).search(problem),
        ),
        (
            "bae_binary_heap",
            Bae::new()
                .open_list(OpenList::BinaryHeap)
                .limits(limits)
                .search(problem),
        ),
        (
            "bae_priority_queue",
            Bae::new()
                .open_list(OpenList::PriorityQueue)
                .limits(limits)
                .search(problem),
        ),
        (
            "bae_priority_queue_ranked",
            Bae::new()
                .open_list(OpenList::PriorityQueue)
                .dense()
                .limits(limits)
                .search(problem),
        ),
        ("bae_reused", reused_bae.search(problem)),
    ]
}

/// Whether an algorithm of `run_all` promises no optimal path, only a path.
pub fn any_path(name: &str) -> bool {
    name.starts_with("greedy")
}

/// Whether an algorithm of `run_all` counts steps (the BFS family) rather
/// than costs.
pub fn counts_steps(name: &str) -> bool {
    name.contains("bfs")
}

/// Plain IDA* and IDA* with bidirectional pathmax on a reversible problem,
/// both under `limits`.
pub fn run_ida_both<P: ReversibleProblem>(
    problem: &P,
    limits: &frontier::Limits<P::Cost>,
) -> Vec<(&'static str, ResultOf<P>)>
where
    P::Cost: std::ops::Sub<Output = P::Cost>,
{
    use frontier::IdaStar;
    vec![
        (
            "idastar",
            IdaStar::new().limits(limits.clone()).search(problem),
        ),
        (
            "idastar_bpmx",
            IdaStar::new().bpmx().limits(limits.clone()).search(problem),
        ),
    ]
}
