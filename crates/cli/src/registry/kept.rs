//! What the programs keep from one instance of a domain to the next
//! ([`Kept`]): IDA*'s buffers, IDA* on several threads, and, for the
//! domains that search many instances of one small ranked space (the
//! queries of one grid map), every search on dense tables, whose tables
//! are then allocated once ([`reused`]).

use frontier::pathmax::Bpmx;
use frontier::{
    AStar, Bae, Bfs, BidirectionalBfs, BidirectionalProblem, Dense, Dvcbs, Greedy, IdaStar, Limits,
    Mm, Nbs, OpenList, ParallelIdaStar, RankedStates,
};

use super::{Algorithm, ResultOf};

/// What the programs keep from one instance of a domain to the next, for
/// its states `S`, actions `A` and costs `C`.
#[derive(Debug)]
pub struct Kept<S, A, C = u32> {
    /// IDA*, whose path and iteration buffers are reused.
    pub(super) ida: IdaStar<S, A, C>,
    /// IDA* with bidirectional pathmax, made on first use.
    pub(super) ida_bpmx: Option<IdaStar<S, A, C, Bpmx>>,
    /// IDA* on several threads, used instead of `ida` when set.
    pub(super) parallel_ida: Option<ParallelIdaStar<S, A, C>>,
    /// The searches on dense tables, made on first use by [`reused`].
    dense: Option<Box<DenseSearches<S, A, C>>>,
    /// The open list of A* in [`reused`], and of the other best-first
    /// searches there.
    open: [OpenList; 2],
}

impl<S, A, C> Kept<S, A, C> {
    /// The buffers of a thread that runs IDA* on `jobs` threads (1: on
    /// itself); [`reused`]'s searches on the default open list.
    #[must_use]
    pub fn new(jobs: usize) -> Self {
        Kept {
            ida: IdaStar::new(),
            ida_bpmx: None,
            parallel_ida: (jobs > 1).then(|| ParallelIdaStar::new().threads(jobs)),
            dense: None,
            open: [OpenList::default(); 2],
        }
    }

    /// The same, [`reused`]'s A* keeping its open states on `astar` and
    /// the other best-first searches on `others`: a domain whose costs are
    /// too spread for buckets (the fixed-point costs of grid maps) picks
    /// its heaps here.
    #[must_use]
    pub fn with_open_lists(mut self, astar: OpenList, others: OpenList) -> Self {
        self.open = [astar, others];
        self.dense = None;
        self
    }
}

/// Sets `$limits` on the kept search `$search` and runs it on `$problem`.
macro_rules! search {
    ($search:expr, $problem:expr, $limits:expr) => {{
        $search.set_limits($limits.clone());
        Some($search.search($problem))
    }};
}

impl<S, A, C: Default> Kept<S, A, C> {
    /// The searches on dense tables, made now if they were not yet: A* on
    /// the first open list, the other best-first searches on the second.
    fn dense(&mut self) -> &mut DenseSearches<S, A, C> {
        let [astar, others] = self.open;
        self.dense.get_or_insert_with(|| {
            Box::new(DenseSearches {
                bfs: Bfs::new().dense(),
                bidirectional: BidirectionalBfs::new().dense(),
                astar: AStar::new().dense().open_list(astar),
                greedy: Greedy::new().dense().open_list(others),
                mm: Mm::new().dense().open_list(others),
                nbs: Nbs::new().dense().open_list(others),
                dvcbs: Dvcbs::new().dense().open_list(others),
                bae: Bae::new().dense().open_list(others),
            })
        })
    }
}

/// Every search on dense tables, kept across instances.
#[derive(Debug)]
struct DenseSearches<S, A, C> {
    /// Breadth-first search.
    bfs: Bfs<S, A, C, Dense>,
    /// Bidirectional breadth-first search.
    bidirectional: BidirectionalBfs<S, A, C, Dense>,
    /// A*.
    astar: AStar<S, A, C, Dense>,
    /// Greedy best-first search.
    greedy: Greedy<S, A, C, Dense>,
    /// MM.
    mm: Mm<S, A, C, Dense>,
    /// NBS.
    nbs: Nbs<S, A, C, Dense>,
    /// DVCBS.
    dvcbs: Dvcbs<S, A, C, Dense>,
    /// BAE*.
    bae: Bae<S, A, C, Dense>,
}

/// Breadth-first, A* and greedy searches of `problem` on dense tables kept
/// in `kept` across instances (a hashed-table algorithm runs as its dense
/// twin: the same nodes): for a problem whose states are ranked into a
/// space searched many times, the queries of one grid map. `None` for the
/// others ([`reused_backward`] runs the bidirectional ones).
pub fn reused<P>(
    algorithm: Algorithm,
    problem: &P,
    limits: &Limits<P::Cost>,
    kept: &mut Kept<P::State, P::Action, P::Cost>,
) -> Option<ResultOf<P>>
where
    P: RankedStates<Cost: Default>,
{
    let searches = kept.dense();
    match algorithm {
        Algorithm::Bfs | Algorithm::BfsDense => search!(searches.bfs, problem, limits),
        Algorithm::AStar | Algorithm::AStarDense => search!(searches.astar, problem, limits),
        Algorithm::Greedy => search!(searches.greedy, problem, limits),
        _ => None,
    }
}

/// [`reused`] for the searches that go backward as well: bidirectional
/// breadth-first search, MM, NBS, DVCBS and BAE*.
pub fn reused_backward<P>(
    algorithm: Algorithm,
    problem: &P,
    limits: &Limits<P::Cost>,
    kept: &mut Kept<P::State, P::Action, P::Cost>,
) -> Option<ResultOf<P>>
where
    P: BidirectionalProblem<Cost: Default> + RankedStates,
{
    let searches = kept.dense();
    match algorithm {
        Algorithm::Bidirectional | Algorithm::BidirectionalDense => {
            search!(searches.bidirectional, problem, limits)
        }
        Algorithm::Mm => search!(searches.mm, problem, limits),
        Algorithm::Nbs => search!(searches.nbs, problem, limits),
        Algorithm::Dvcbs => search!(searches.dvcbs, problem, limits),
        Algorithm::Bae => search!(searches.bae, problem, limits),
        _ => None,
    }
}
