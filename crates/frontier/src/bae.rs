//! BAE* (Sadhukhan 2013; Alcázar, Riddle & Barley 2020): bidirectional
//! heuristic search ordered by f plus the heuristic's error toward the other
//! end.

use std::marker::PhantomData;
use std::ops::ControlFlow;

use crate::meet::driver::{Policy, Search, search_methods};
use crate::meet::{Direction, Entry, Halves, OpenNode, Place, Progress, Queue, Sides};
use crate::open::{Buckets, DecreaseKey, LazyHeap, Open, PerList};
use crate::settings::{Settings, searcher};
use crate::solution::{ByPriority, ResultOf};
use crate::table::{Hashed, NodeTable};
use crate::{BidirectionalProblem, Cost, Limit};

/// BAE* between `problem.start()` and `problem.goal()`: a cheapest path,
/// searched from both ends with both heuristics, for **consistent**
/// heuristics.
///
/// Two best-first searches, one forward from the start with
/// [`heuristic`](crate::SearchProblem::heuristic) h, one backward from the
/// goal with [`backward_heuristic`](BidirectionalProblem::backward_heuristic)
/// `h_b`. A node's priority is b(n) = f(n) + d(n), where d(n) = g(n) − `h_r(n)`
/// is how far the heuristic toward its own end, `h_r` (`h_b` for a forward
/// node, h for a backward one), falls short of the cost g it was actually
/// reached at: b = 2g + h − `h_r` (Alcázar, Riddle & Barley, AAAI 2020, who
/// show that this bound, Sadhukhan's BAE*, is what recent front-to-end
/// algorithms build on). Each step expands the open node of lowest b, in
/// either direction (ties: forward); ties within a direction go to the
/// larger g. For consistent heuristics, any path not found yet through
/// open nodes n (forward) and m (backward) costs at least
/// (b(n) + b(m)) / 2, so the cheapest meeting U is the answer once
/// 2U ≤ bmin forward + bmin backward.
///
/// The problem's [`min_step_cost`](crate::SearchProblem::min_step_cost) is
/// not used, nor checked: the bound holds without it.
///
/// b adds g twice, so it can pass the cost type's top long before a
/// path's cost does (without heuristics b = 2g, past `u8::MAX` at
/// g = 128). A node whose b does not fit is not dropped: it waits,
/// least f first, behind every node whose b fits, and the stopping test
/// counts its b as above the type's top. So narrow cost types change the
/// order, not the answer.
///
/// # Guarantees
///
/// - **Optimal for consistent heuristics** in both directions. With
///   heuristics that are admissible but not consistent the stopping test
///   can fire early and the path cost more than the optimum: use
///   [`mm`](crate::mm) or [`nbs`](crate::nbs) then.
/// - **Any cost type**: the optimum when it fits the type,
///   [`Limit::CostOverflow`] when no path does.
/// - Nodes with f ≥ U are not queued and not expanded.
/// - [`Bae::expansions`] counts each expansion at bmin forward + bmin
///   backward, twice the search's lower bound at that moment: those below
///   2C* were made while the bound was below C* (those made while the sum
///   did not fit the cost type are [`beyond`](ByPriority::beyond)).
/// - Start equal to goal gives the empty path with nothing expanded; an
///   unreachable goal is proven so when either search runs out of nodes.
///
/// # Example
///
/// ```
/// use frontier::toy::Doubling;
///
/// let result = frontier::bae(&Doubling::new(1, 10));
/// let solution = result.solution().unwrap();
/// assert_eq!(solution.cost, 6); // + * + *: 1 + 2 + 1 + 2
/// assert_eq!(solution.states.first(), Some(&1));
/// assert_eq!(solution.states.last(), Some(&10));
/// ```
///
/// # Complexity
///
/// Time O(E log V) and memory O(V) over the states expanded; the default
/// bucket open lists make pushes and pops O(1) while costs stay small.
/// Each node reached by one direction also gets the other direction's
/// heuristic value (one more heuristic call per new state).
pub fn bae<P: BidirectionalProblem>(problem: &P) -> ResultOf<P> {
    Bae::new().search(problem)
}

/// BAE*, configured: [`Limits`](crate::Limits) (`max_cost` prunes nodes
/// whose f exceeds it), an [`OpenList`](crate::OpenList) for each
/// direction, a [`Dense`](crate::Dense) table, and memory kept between
/// searches.
///
/// # Example
///
/// ```
/// use frontier::{Bae, Limit, Limits, toy::Doubling};
///
/// let mut hashed = Bae::new();
/// let mut dense = Bae::new().dense();
/// for target in [10, 20, 30] {
///     let problem = Doubling::new(1, target);
///     let cost = |result: frontier::SearchResult<_, _, _>| result.into_solution().unwrap().cost;
///     assert_eq!(cost(hashed.search(&problem)), cost(dense.search(&problem)));
///     assert_eq!(cost(hashed.search(&problem)), cost(frontier::astar(&problem)));
/// }
/// let mut bounded = Bae::new().limits(Limits::new().max_cost(5));
/// assert_eq!(bounded.search(&Doubling::new(1, 10)).limit(), Some(Limit::Cost)); // it costs 6
/// ```
pub struct Bae<S, A, C, L = Hashed> {
    settings: Settings<C>,
    halves: Halves<S, A, C>,
    queues: AllQueues<C>,
    expansions: ByPriority<C>,
    layout: PhantomData<L>,
}

searcher!(
    Bae {
        halves,
        queues,
        expansions
    },
    open_list
);

impl<S, A, C, L> Bae<S, A, C, L> {
    /// The expansions of the last search by bmin forward + bmin backward
    /// when each was made: those [`below`](ByPriority::below) 2C* were
    /// made while BAE*'s lower bound was below the optimal cost C*. Those
    /// made while the sum did not fit the cost type are counted
    /// [`beyond`](ByPriority::beyond) it.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::{Bae, toy::Doubling};
    ///
    /// let mut bae = Bae::new();
    /// let cost = bae.search(&Doubling::new(1, 10)).solution().unwrap().cost;
    /// assert!(bae.expansions().below(2 * cost) <= bae.expansions().total());
    /// ```
    #[must_use]
    pub fn expansions(&self) -> &ByPriority<C> {
        &self.expansions
    }
}

search_methods!(Bae);

/// The queues on each open list: a searcher uses those its settings name.
type AllQueues<C> =
    PerList<Queues<C, Buckets<C>>, Queues<C, LazyHeap<C>>, Queues<C, DecreaseKey<C>>>;

/// Each direction's open nodes: by b, and apart, by f, those whose b does
/// not fit the cost type.
struct Queues<C, O> {
    open: [Queue<C, O>; 2],
    /// Open nodes whose b = 2g + h − `h_r` does not fit the cost type
    /// while their f does: their b is above every b in `open`, so they
    /// come after all of those, least f first. They are kept, not
    /// dropped: BAE*'s bound holds for pairs of nodes, b(n) + b(m) ≤ 2C*,
    /// so one b past the top says nothing about C*, and a path through
    /// the node may still fit the type.
    beyond: [Queue<C, O>; 2],
}

impl<C, O: Default> Default for Queues<C, O> {
    fn default() -> Self {
        Queues {
            open: [Queue::default(), Queue::default()],
            beyond: [Queue::default(), Queue::default()],
        }
    }
}

impl<C: Cost, O: Open<C>> Queues<C, O> {
    /// The open node of direction `side` of least b, among those whose b
    /// fits the cost type: `(id, b, g)`.
    #[inline]
    fn fits<P, T>(
        &mut self,
        side: usize,
        sides: &Sides<'_, T, P::State, P::Action, C>,
    ) -> Option<Entry<C>>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        // A node is filed by b only if its b fits, and b is a function of
        // its g: a live entry's b fits.
        self.open[side].peek_at(sides, (side, Place::Open), |id, g| {
            priority(g, sides.h(side, id), sides.h(1 - side, id))
        })
    }

    /// The open node of direction `side` of least f, among those whose b
    /// does not fit the cost type: `(id, f, g)`.
    fn beyond<P, T>(
        &mut self,
        side: usize,
        sides: &Sides<'_, T, P::State, P::Action, C>,
    ) -> Option<Entry<C>>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        // A filed node's f fits.
        self.beyond[side].peek_at(sides, (side, Place::Open), |id, g| {
            sides.f::<P>(side, id, g)
        })
    }

    /// The head to expand when a direction has no node whose b fits
    /// (`fits`, each direction's head by b): that of the other direction
    /// if it has one, else the beyond node of lower f (ties: forward).
    /// Returns it as [`step`](Policy::step) takes it (its direction, the
    /// entry, whether it is beyond, each direction's least b where it
    /// fits), or `None` when a direction has run out of nodes.
    #[cold]
    fn choose_beyond<P, T>(
        &mut self,
        fits: [Option<Entry<C>>; 2],
        sides: &Sides<'_, T, P::State, P::Action, C>,
    ) -> Option<Choice<C>>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        let bmin = fits.map(|head| head.map(|(_, b, _)| b));
        let beyond = [0, 1].map(|side| match fits[side] {
            Some(_) => None,
            None => self.beyond::<P, T>(side, sides),
        });
        match (fits, beyond) {
            ([Some(forward), _], [_, Some(_)]) => Some((Direction::Forward, forward, false, bmin)),
            ([_, Some(backward)], [Some(_), _]) => {
                Some((Direction::Backward, backward, false, bmin))
            }
            (_, [Some(forward), Some(backward)]) => Some(if forward.1 <= backward.1 {
                (Direction::Forward, forward, true, bmin)
            } else {
                (Direction::Backward, backward, true, bmin)
            }),
            // A direction with no node at all.
            _ => None,
        }
    }
}

/// BAE*: the open node of least b, in either direction; every node needs
/// both heuristic values, and ε plays no part.
impl<C: Cost, O: Open<C>> Policy<C> for Queues<C, O> {
    // BAE*'s bound needs no ε: the search ignores `min_step_cost` (and
    // does not check the steps against it).
    const EPSILON: bool = false;
    const BOTH_HEURISTICS: bool = true;

    fn clear(&mut self, _epsilon: C) {
        for queue in self.open.iter_mut().chain(&mut self.beyond) {
            queue.clear();
        }
    }

    fn allocated(&self) -> usize {
        Queue::bytes(self.open.iter().chain(&self.beyond))
    }

    /// Files the node by b, or beyond (by f) if b does not fit the cost
    /// type; `h_other` is its heuristic value toward its own end, `h_r`.
    #[inline]
    fn file(
        &mut self,
        side: usize,
        node: OpenNode<C>,
        progress: &Progress<C>,
    ) -> Result<Place, Limit> {
        let OpenNode {
            id,
            g,
            h,
            f,
            h_other,
        } = node;
        match priority(g, h, h_other) {
            Some(b) => self.open[side].push(id, b, g, &progress.room)?,
            None => self.beyond[side].push(id, f, g, &progress.room)?,
        }
        Ok(Place::Open)
    }

    /// Expands the open node of least b (ties: forward); stops once a
    /// direction has run out of nodes or the best meeting is
    /// [`proven`].
    #[inline]
    fn step<P, T>(&mut self, search: &mut Search<'_, '_, P, T>) -> Result<ControlFlow<()>, Limit>
    where
        P: BidirectionalProblem<Cost = C>,
        T: NodeTable<P>,
    {
        let heads = [0, 1].map(|side| self.fits::<P, T>(side, &search.sides));
        // The head to expand, whether it is beyond, and each direction's
        // least b (`None`: beyond the type). Between two heads whose b
        // fits, the lower b (ties: forward), as long as nothing overflows.
        let (side, (id, _, g), beyond, bmin) = match heads {
            [Some(forward), Some(backward)] => {
                let bmin = [Some(forward.1), Some(backward.1)];
                if forward.1 <= backward.1 {
                    (Direction::Forward, forward, false, bmin)
                } else {
                    (Direction::Backward, backward, false, bmin)
                }
            }
            _ => match self.choose_beyond::<P, T>(heads, &search.sides) {
                Some(choice) => choice,
                // One search has run out of nodes: every path is found (or
                // pruned, or too costly for the type).
                None => return Ok(ControlFlow::Break(())),
            },
        };
        if let Some(meeting) = search.progress.best
            && proven(meeting.cost, bmin)
        {
            return Ok(ControlFlow::Break(()));
        }
        let s = side.index();
        if beyond {
            self.beyond[s].take();
        } else {
            self.open[s].take();
        }
        // Counted at bmin forward + bmin backward, beyond the type where
        // either b or the sum does not fit.
        let at = match bmin {
            [Some(forward), Some(backward)] => forward.checked_add(backward),
            _ => None,
        };
        search.expand(self, side, (id, g), at)?;
        Ok(ControlFlow::Continue(()))
    }
}

/// The node to expand: its direction, its entry, whether it is beyond,
/// and each direction's least b (`None`: beyond the cost type).
type Choice<C> = (Direction, Entry<C>, bool, [Option<C>; 2]);

/// BAE*'s priority b = 2g + h − `h_r` (`h` toward the other end, `h_r`
/// toward its own), `None` if it does not fit the cost type. The error
/// g − `h_r` is taken as zero where `h_r` exceeds g (an admissible `h_r`
/// never does) or the cost type cannot subtract (valid, but weaker).
fn priority<C: Cost>(g: C, h: C, h_r: C) -> Option<C> {
    let f = g.checked_add(h)?;
    let error = g
        .checked_sub(h_r)
        .map_or(C::ZERO, |error| error.max(C::ZERO));
    f.checked_add(error)
}

/// Whether the best meeting, of cost `best` (U), is proven the cheapest
/// path by the least b of each direction, `None` where that b does not
/// fit the cost type: whether 2U ≤ bmin forward + bmin backward. Decided
/// without overflow; where the type cannot tell (it cannot subtract), the
/// answer is no, and the search goes on.
fn proven<C: Cost>(best: C, bmin: [Option<C>; 2]) -> bool {
    let twice = best.checked_add(best);
    match bmin {
        // Both above every cost that fits: their sum is above 2U.
        [None, None] => true,
        // One above the top: the sum is too, and above 2U if 2U fits, or
        // if 2U − b does (then 2U − b < the other b).
        [Some(b), None] | [None, Some(b)] => {
            twice.is_some()
                || b >= best
                || best
                    .checked_sub(b)
                    .and_then(|short| short.checked_add(best))
                    .is_some()
        }
        [Some(forward), Some(backward)] => match (forward.checked_add(backward), twice) {
            (Some(sum), Some(twice)) => twice <= sum,
            // Only one of the two sums fits: it is the smaller.
            (None, Some(_)) => true,
            (Some(_), None) => false,
            // Neither fits: 2U ≤ low + high when U − low ≤ high − U.
            (None, None) => {
                let (low, high) = (forward.min(backward), forward.max(backward));
                low >= best
                    || best
                        .checked_sub(low)
                        .and_then(|short| short.checked_add(best))
                        .is_some_and(|need| need <= high)
            }
        },
    }
}
