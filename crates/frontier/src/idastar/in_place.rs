//! IDA* on one state changed in place and changed back
//! ([`IdaStar::search_in_place`]), for problems with the
//! [`InPlaceProblem`] capability.

use super::IdaStar;
use super::keeper::{DepthFirst, Flow, Keeper, with_stack};
use crate::{Cost, InPlaceProblem, SearchResult};

impl<S: Clone + Eq, A: Clone, C: Cost> IdaStar<S, A, C> {
    /// Searches `problem` changing one state in place: the same search as
    /// [`search`](Self::search), node for node, for problems that can
    /// apply and undo their moves.
    ///
    /// The depth-first search keeps a single working state: it
    /// [`apply`](InPlaceProblem::apply)s a move, searches below, and
    /// [`undo`](InPlaceProblem::undo)es it; each level of the recursion
    /// holds only the move iterator, what undoes the move that reached it,
    /// g and the depth. The move back to the parent is skipped by
    /// [`leads_back`](InPlaceProblem::leads_back), before anything is
    /// built. Under the trait's contract it generates and expands the same
    /// nodes in the same order as [`search`](Self::search), so the outcome
    /// and every statistic but the time are equal; on a problem whose
    /// states are small values it does less work per node (see
    /// `docs/benchmarks-log.md`). Limits, `max_cost`, cost overflow, the
    /// path-length charge and the `stacker`-grown stack work as in
    /// [`search`](Self::search). Nothing is allocated per node; the
    /// solution's states are clones of the working state along the path,
    /// taken while the successful iteration unwinds.
    ///
    /// It is a method of [`IdaStar`] rather than a searcher of its own
    /// because it is the same algorithm with the same configuration and
    /// buffers; only what it asks of the problem differs.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::{IdaStar, toy::Doubling};
    ///
    /// let mut ida = IdaStar::new();
    /// let in_place = ida.search_in_place(&Doubling::new(1, 10));
    /// assert_eq!(in_place.solution().unwrap().cost, 6);
    /// let by_value = ida.search(&Doubling::new(1, 10));
    /// assert_eq!(in_place.outcome, by_value.outcome); // the same path
    /// assert_eq!(in_place.stats.iterations, by_value.stats.iterations);
    /// ```
    ///
    /// # Complexity
    ///
    /// As [`search`](Self::search): memory O(d) for depth d (one frame
    /// per level, no copy of the state per level), time the nodes of all
    /// iterations.
    pub fn search_in_place<P>(&mut self, problem: &P) -> SearchResult<S, A, C>
    where
        P: InPlaceProblem<State = S, Action = A, Cost = C>,
    {
        self.run(problem, |keeper, start, _| {
            subtree(problem, keeper, start, start, C::ZERO, 1)
        })
    }
}

/// Searches below `state`, a node at cost `g` and `depth` already counted
/// in `keeper`, on a working state changed in place: the walk of
/// [`IdaStar::search_in_place`] and of each thread of
/// [`ParallelIdaStar::search_in_place`](crate::ParallelIdaStar::search_in_place).
/// No move of this search reached `state`: the child equal to `parent`
/// is skipped by comparing states, as the search by value skips it (the
/// root stands in as its own parent). Hands the keeper back with what it
/// counted and found.
pub(crate) fn subtree<'k, P: InPlaceProblem>(
    problem: &P,
    keeper: Keeper<'k, P>,
    state: &P::State,
    parent: &P::State,
    g: P::Cost,
    depth: usize,
) -> (Flow, Keeper<'k, P>) {
    let mut search = InPlace {
        problem,
        state: state.clone(),
        keeper,
    };
    let flow = search.expand_root(parent, g, depth);
    (flow, search.keeper)
}

impl<'k, P: InPlaceProblem> DepthFirst<'k, P> for InPlace<'_, 'k, P> {
    fn keeper(&mut self) -> &mut Keeper<'k, P> {
        &mut self.keeper
    }
}

/// One depth-first search on a working state: the serial search's
/// iteration, or one thread's subtree in the parallel search.
///
/// Every method leaves `state` as it found it, whatever the flow it
/// returns: each move it applies it undoes before returning.
struct InPlace<'c, 'k, P: InPlaceProblem> {
    problem: &'c P,
    /// The state of the node being expanded.
    state: P::State,
    keeper: Keeper<'k, P>,
}

impl<P: InPlaceProblem> InPlace<'_, '_, P> {
    /// Searches below the working state, reached at cost `g` at `depth`
    /// (already counted) by no move of this search: the child equal to
    /// `skip` (the parent, or the root itself) is found by comparing
    /// states, as the search by value does, and skipped before it counts.
    fn expand_root(&mut self, skip: &P::State, g: P::Cost, depth: usize) -> Flow {
        for mv in self.problem.moves(&self.state) {
            let applied = self.problem.apply(&mut self.state, mv);
            if self.state == *skip {
                self.problem.undo(&mut self.state, applied.undo);
                continue;
            }
            self.keeper.add_generated(1);
            let Some(child_g) = g.checked_add(applied.cost) else {
                self.keeper.overflowed();
                self.problem.undo(&mut self.state, applied.undo);
                continue;
            };
            let h = self
                .problem
                .heuristic_within(&self.state, child_g, self.keeper.bound());
            let Some(g) = self.within_bound(g, applied.cost, h) else {
                self.problem.undo(&mut self.state, applied.undo);
                continue;
            };
            if let Some(flow) = self.descend::<false>(mv, applied.undo, g, depth) {
                return flow;
            }
        }
        Flow::Continue
    }

    /// Generates the children of the working state, reached at cost `g`
    /// and at `depth` by the move `back` undoes, and searches below those
    /// within the bound.
    ///
    /// The one function of the recursion: a call is made per two levels
    /// of expansions, not per child. A child is previewed, counted and
    /// tested against the bound before it is made, so a child cut off
    /// costs no change to the state (Korf's semantics: children are tested
    /// as they are generated); one within the bound is made from what its
    /// preview looked up ([`InPlaceProblem::apply_previewed`]). `back` comes by reference: the caller keeps
    /// the token for its own undo, and a by-value aggregate would be
    /// copied through memory per call.
    #[inline(never)]
    fn children(&mut self, back: &P::Undo, g: P::Cost, depth: usize) -> Flow {
        self.expand::<true>(back, g, depth)
    }

    /// The body of [`children`](Self::children). With `NEST`, each kept
    /// child's own expansion (with `NEST` off) is inlined into it, so one
    /// call covers two levels of the tree and the call's register saving
    /// is paid once per two expansions: the recursion unrolled once, as C
    /// compilers do for a recursive function. Three levels measured
    /// slower (more code, fewer instructions), see `docs/benchmarks-log.md`.
    #[expect(
        clippy::inline_always,
        reason = "the two-level body exists only to be inlined"
    )]
    #[inline(always)]
    fn expand<const NEST: bool>(&mut self, back: &P::Undo, g: P::Cost, depth: usize) -> Flow {
        // Counted here and added to the bookkeeping once per expansion, on
        // every way out: an increment in memory per child measured 3%
        // slower.
        let mut generated = 0;
        for mv in self.problem.moves(&self.state) {
            if self.problem.leads_back(&self.state, mv, *back) {
                continue;
            }
            let (preview, previewed) =
                self.problem
                    .preview_for_apply(&self.state, mv, g, self.keeper.bound());
            generated += 1;
            let Some(g) = self.within_bound(g, preview.cost, preview.h) else {
                continue;
            };
            let undo = self
                .problem
                .apply_previewed(&mut self.state, previewed)
                .undo;
            if let Some(flow) = self.descend::<NEST>(mv, undo, g, depth) {
                self.keeper.add_generated(generated);
                return flow;
            }
        }
        self.keeper.add_generated(generated);
        Flow::Continue
    }

    /// The g of a child reached at `cost` from a node at cost `g`, with
    /// heuristic `h`, if its f is within the bound; if not, notes its f for
    /// the next bound (or that it did not fit the cost type).
    #[expect(
        clippy::inline_always,
        reason = "once per child on the hot path; out of line it costs a call per child"
    )]
    #[inline(always)]
    fn within_bound(&mut self, g: P::Cost, cost: P::Cost, h: P::Cost) -> Option<P::Cost> {
        let Some((g, f)) = g
            .checked_add(cost)
            .and_then(|g| Some((g, g.checked_add(h)?)))
        else {
            self.keeper.overflowed();
            return None;
        };
        if f > self.keeper.bound() {
            self.keeper.cut_off(f);
            return None;
        }
        Some(g)
    }

    /// Searches below the child within the bound that `mv` just made from
    /// a node at `depth`, at cost `g` (`undo` undoes it), and undoes the
    /// move. `None` to go on with the next move, else the flow that ends
    /// the parent's search.
    ///
    /// With `NEST`, the child's expansion is inlined here rather than
    /// called (see [`expand`](Self::expand)).
    ///
    /// A goal generated within the bound is optimal: its cost is at most
    /// the bound, which never exceeds the optimal cost for an admissible
    /// heuristic.
    #[expect(
        clippy::inline_always,
        reason = "out of line, the recursion calls it per child: 40% more instructions"
    )]
    #[inline(always)]
    fn descend<const NEST: bool>(
        &mut self,
        mv: P::Move,
        undo: P::Undo,
        g: P::Cost,
        depth: usize,
    ) -> Option<Flow> {
        if self.problem.is_goal(&self.state) {
            self.keeper.found_at(g);
            return Some(self.found(mv, undo));
        }
        let depth = depth + 1;
        let flow = if self.keeper.is_routine(depth) {
            self.keeper.count_routine();
            if NEST {
                self.expand::<false>(&undo, g, depth)
            } else {
                self.children(&undo, g, depth)
            }
        } else {
            self.children_checked(&undo, g, depth)
        };
        match flow {
            Flow::Continue => {
                self.problem.undo(&mut self.state, undo);
                None
            }
            Flow::Found => Some(self.found(mv, undo)),
            Flow::Stop => {
                self.problem.undo(&mut self.state, undo);
                Some(Flow::Stop)
            }
        }
    }

    /// [`children`](Self::children) for a node that
    /// [`Keeper::is_routine`] does not let in: checks the limits and counts
    /// the node, and if it lies past the stack limit, measures the stack
    /// and searches below on a fresh segment if it is short.
    ///
    /// The hot loops thus hold one call site for everything rare (no
    /// `stacker` call of their own, which costs them registers), and the
    /// stack check costs nothing per node: it is the depth comparison
    /// the peak already needs, against a limit the measure sets. The limit
    /// holds for the subtree below this node only (every path in it shares
    /// the stack used down to here) and is put back when it returns, so the
    /// next node at this depth is measured again.
    #[cold]
    #[inline(never)]
    fn children_checked(&mut self, back: &P::Undo, g: P::Cost, depth: usize) -> Flow {
        if !self.keeper.admit(depth) {
            return Flow::Stop;
        }
        with_stack(self, depth, |search| search.children(back, g, depth))
    }

    /// Adds the working state, on the way to a goal, and the move `mv`
    /// that reached it to the path, and undoes the move.
    #[cold]
    fn found(&mut self, mv: P::Move, undo: P::Undo) -> Flow {
        let state = self.state.clone();
        self.problem.undo(&mut self.state, undo);
        let action = self.problem.action(&self.state, mv);
        self.keeper.record(state, action);
        Flow::Found
    }
}

#[cfg(test)]
mod tests {
    use std::iter::Chain;
    use std::option::IntoIter;

    use crate::{Applied, IdaStar, InPlaceProblem, ReversibleProblem, SearchProblem, Step};

    /// A line of `length` unit steps from 0, walked both ways, with a
    /// dead-end tooth beside every point before the end: a point and
    /// whether the search is on its tooth.
    struct Comb {
        length: u32,
    }

    type Point = (u32, bool);

    fn step((n, _): Point, mv: char) -> Point {
        match mv {
            't' => (n, true),
            '-' => (n, false),
            '<' => (n - 1, false),
            _ => (n + 1, false),
        }
    }

    impl SearchProblem for Comb {
        type State = Point;
        type Action = char;
        type Cost = u32;

        fn start(&self) -> Point {
            (0, false)
        }

        fn is_goal(&self, point: &Point) -> bool {
            *point == (self.length, false)
        }

        fn successors(&self, point: &Point) -> impl Iterator<Item = Step<Point, char, u32>> {
            let point = *point;
            self.moves(&point)
                .map(move |mv| Step::new(mv, step(point, mv), 1))
        }

        /// Exact on the line; zero on a tooth, so every tooth is within
        /// the first bound and the search goes in and out of each.
        fn heuristic(&self, &(n, tooth): &Point) -> u32 {
            if tooth { 0 } else { self.length - n }
        }
    }

    /// Every move has its reverse: `t` and `-`, `+` and `<`.
    impl ReversibleProblem for Comb {}

    impl InPlaceProblem for Comb {
        type Move = char;
        type Undo = Point;
        type Moves = Chain<Chain<IntoIter<char>, IntoIter<char>>, IntoIter<char>>;

        fn moves(&self, &(n, tooth): &Point) -> Self::Moves {
            let (back, first, second) = match (tooth, n < self.length) {
                (true, _) => (None, Some('-'), None),
                (false, true) => ((n > 0).then_some('<'), Some('t'), Some('+')),
                (false, false) => (None, None, None),
            };
            back.into_iter().chain(first).chain(second)
        }

        fn leads_back(&self, point: &Point, mv: char, before: Point) -> bool {
            step(*point, mv) == before
        }

        fn apply(&self, point: &mut Point, mv: char) -> Applied<Point, u32> {
            let before = *point;
            *point = step(before, mv);
            Applied {
                undo: before,
                cost: 1,
            }
        }

        fn undo(&self, point: &mut Point, before: Point) {
            *point = before;
        }

        fn action(&self, _: &Point, mv: char) -> char {
            mv
        }
    }

    #[test]
    fn a_path_of_a_million_levels_fits_on_a_small_stack() {
        const LENGTH: u32 = 1_000_000;
        let comb = Comb { length: LENGTH };
        // A small first stack: the search must move to new segments from
        // near the root, and crosses each segment's edge on every tooth.
        let (in_place, by_value, bpmx) = std::thread::Builder::new()
            .stack_size(512 * 1024)
            .spawn(move || {
                let mut ida = IdaStar::new();
                let in_place = ida.search_in_place(&comb);
                let by_value = ida.search(&comb);
                // BPMX keeps every level's children: a shorter comb, still
                // hundreds of segments.
                let bpmx = IdaStar::new().bpmx().search(&Comb {
                    length: LENGTH / 10,
                });
                (in_place, by_value, bpmx)
            })
            .expect("a thread")
            .join()
            .expect("no panic");
        let solution = in_place.solution().expect("the end is reachable");
        assert_eq!(solution.len(), LENGTH as usize);
        assert!(solution.actions.iter().all(|&mv| mv == '+'));
        assert_eq!(in_place.outcome, by_value.outcome);
        assert_eq!(in_place.stats.iterations, by_value.stats.iterations);
        assert_eq!(in_place.stats.expanded, 2 * u64::from(LENGTH));
        assert_eq!(in_place.stats.expanded, by_value.stats.expanded);
        assert_eq!(in_place.stats.generated, by_value.stats.generated);
        assert_eq!(in_place.stats.peak_stored, LENGTH as usize + 1);
        assert_eq!(in_place.stats.peak_stored, by_value.stats.peak_stored);
        let solution = bpmx.solution().expect("the end is reachable");
        assert_eq!(solution.len(), LENGTH as usize / 10);
        // It generates all of a node's children before expanding any, so
        // it sees the goal before the last tooth.
        assert_eq!(bpmx.stats.peak_stored, LENGTH as usize / 10);
        assert_eq!(bpmx.stats.expanded, 2 * u64::from(LENGTH / 10) - 1);
    }

    /// A [`Comb`] whose previews mark the move they return, and whose
    /// `apply_previewed` refuses an unmarked move and counts the rest.
    struct Marked {
        comb: Comb,
        made: std::cell::Cell<u64>,
    }

    impl SearchProblem for Marked {
        type State = Point;
        type Action = char;
        type Cost = u32;

        fn start(&self) -> Point {
            self.comb.start()
        }

        fn is_goal(&self, point: &Point) -> bool {
            self.comb.is_goal(point)
        }

        fn successors(&self, point: &Point) -> impl Iterator<Item = Step<Point, char, u32>> {
            self.comb.successors(point)
        }

        fn heuristic(&self, point: &Point) -> u32 {
            self.comb.heuristic(point)
        }
    }

    /// A move of [`Marked`]: the comb's, and whether a preview marked it.
    type MarkedMove = (char, bool);

    impl InPlaceProblem for Marked {
        type Move = MarkedMove;
        type Undo = Point;
        type Moves = std::iter::Map<<Comb as InPlaceProblem>::Moves, fn(char) -> MarkedMove>;

        fn moves(&self, point: &Point) -> Self::Moves {
            self.comb.moves(point).map(|mv| (mv, false))
        }

        fn leads_back(&self, point: &Point, (mv, _): MarkedMove, before: Point) -> bool {
            self.comb.leads_back(point, mv, before)
        }

        fn apply(&self, point: &mut Point, (mv, _): MarkedMove) -> Applied<Point, u32> {
            self.comb.apply(point, mv)
        }

        fn preview_for_apply(
            &self,
            point: &Point,
            mv: MarkedMove,
            g: u32,
            bound: u32,
        ) -> (crate::Preview<u32>, MarkedMove) {
            (self.preview_within(point, mv, g, bound), (mv.0, true))
        }

        fn apply_previewed(
            &self,
            point: &mut Point,
            (mv, marked): MarkedMove,
        ) -> Applied<Point, u32> {
            assert!(marked, "{mv} made without its preview");
            self.made.set(self.made.get() + 1);
            self.comb.apply(point, mv)
        }

        fn undo(&self, point: &mut Point, before: Point) {
            self.comb.undo(point, before);
        }

        fn action(&self, _: &Point, (mv, _): MarkedMove) -> char {
            mv
        }
    }

    #[test]
    fn children_are_made_with_what_their_preview_returned() {
        let marked = Marked {
            comb: Comb { length: 12 },
            made: std::cell::Cell::new(0),
        };
        let by_value = IdaStar::new().search(&marked);
        let in_place = IdaStar::new().search_in_place(&marked);
        let solution = in_place.solution().expect("the end is reachable");
        assert_eq!(solution.len(), 12);
        assert_eq!(in_place.outcome, by_value.outcome);
        assert_eq!(in_place.stats.expanded, by_value.stats.expanded);
        assert_eq!(in_place.stats.generated, by_value.stats.generated);
        // One iteration (the heuristic is exact on the line). Its root and
        // the root's two children, tooth and next point, are expanded
        // without `apply_previewed` (the root's children are made by
        // `apply`); every other node expanded, and the goal, were made by
        // it.
        assert_eq!(in_place.stats.iterations.len(), 1);
        assert_eq!(marked.made.get(), in_place.stats.expanded - 3 + 1);
    }

    #[test]
    #[cfg(feature = "parallel")]
    fn the_parallel_searches_follow_a_path_of_a_million_levels() {
        // Each thread's subtree holds almost the whole path: its stack is
        // looked after by the same step as the serial search's
        // (`with_stack`), by value and in place.
        const LENGTH: u32 = 1_000_000;
        let comb = Comb { length: LENGTH };
        let serial = IdaStar::new().search_in_place(&comb);
        let mut parallel = crate::ParallelIdaStar::new().threads(2);
        for result in [parallel.search(&comb), parallel.search_in_place(&comb)] {
            let solution = result.solution().expect("the end is reachable");
            assert_eq!(solution.len(), LENGTH as usize);
            assert!(solution.actions.iter().all(|&mv| mv == '+'));
            assert_eq!(result.outcome, serial.outcome);
            assert_eq!(result.stats.peak_stored, serial.stats.peak_stored);
        }
    }
}
