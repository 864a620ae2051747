//! Enumerating a state space layer by layer: [`LayeredBfs`].

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use frontier::{RankedStates, SearchProblem};

use crate::engine::{self, Options, Space};
use crate::{DataflowError, LayerProgress, Workers};

/// A breadth-first enumeration of every state reachable from a problem's
/// start, layer by layer, on timely dataflow workers.
///
/// The problem must rank its states ([`RankedStates`]) and the caller
/// supplies the inverse, `unrank`, because workers exchange ranks (eight
/// bytes each) rather than states and rebuild a state only when they claim
/// it. Every step counts one, whatever its cost: the result is the number
/// of states at each number of moves from the start.
///
/// # Example
///
/// The toy problem of the core's docs, numbers 1 to 20 where a step adds
/// one or doubles, ranked by value:
///
/// ```
/// use frontier::{RankedStates, SearchProblem, Step};
/// use frontier_dataflow::{LayeredBfs, Workers};
///
/// struct Doubling;
/// impl SearchProblem for Doubling {
///     type State = u64;
///     type Action = char;
///     type Cost = u32;
///     fn start(&self) -> u64 { 1 }
///     fn is_goal(&self, _: &u64) -> bool { false }
///     fn successors(&self, n: &u64) -> impl Iterator<Item = Step<u64, char, u32>> {
///         let n = *n;
///         let add = (n < 20).then(|| Step::new('+', n + 1, 1));
///         let double = (n <= 10).then(|| Step::new('*', n * 2, 1));
///         add.into_iter().chain(double)
///     }
/// }
/// impl RankedStates for Doubling {
///     fn state_count(&self) -> usize { 21 }
///     fn rank(&self, n: &u64) -> usize { *n as usize }
/// }
///
/// let bfs = LayeredBfs::new(Doubling, |rank| rank);
/// let layers = bfs.run(&Workers::threads(2), |_| {})?.expect("this is process 0");
/// assert_eq!(layers.histogram, [1, 1, 2, 3, 5, 6, 2]); // 1; 2; 3 4; 5 6 8; ...
/// assert_eq!(layers.histogram, bfs.run_sequential(|_| {}).histogram);
/// # Ok::<(), frontier_dataflow::DataflowError>(())
/// ```
#[derive(Debug)]
pub struct LayeredBfs<P, U> {
    space: Arc<ProblemSpace<P, U>>,
    distances: Option<PathBuf>,
}

/// What an enumeration found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Enumeration {
    /// `histogram[d]`: the number of states `d` moves from the start.
    pub histogram: Vec<u64>,
    /// Wall time of the run, from the first worker starting (for a
    /// cluster: once the processes are connected) to the workers joined.
    pub elapsed: Duration,
    /// Bitmap bytes held at the peak by this process's workers (the seen
    /// bitmap and the rounds in flight), besides timely's buffers and the
    /// distance bytes if they are written.
    pub peak_bitmap_bytes: usize,
}

impl Enumeration {
    /// The number of states reached.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.histogram.iter().sum()
    }

    /// The largest distance from the start (the last layer).
    #[must_use]
    pub fn max_depth(&self) -> usize {
        self.histogram.len().saturating_sub(1)
    }
}

impl<P, U> LayeredBfs<P, U>
where
    P: SearchProblem + RankedStates + Send + Sync + 'static,
    U: Fn(u64) -> P::State + Send + Sync + 'static,
{
    /// An enumeration of `problem` from its start; `unrank(r)` must return
    /// the state whose rank is `r` (for every rank a reachable state has).
    pub fn new(problem: P, unrank: U) -> Self {
        let count = problem.state_count() as u64;
        LayeredBfs {
            space: Arc::new(ProblemSpace {
                problem,
                unrank,
                count,
            }),
            distances: None,
        }
    }

    /// Also writes every state's distance, one file per worker in `dir`
    /// (created if missing): `distances-{w}-of-{n}.bin` holds one byte per
    /// rank `r` with `r % n == w`, in the order of `r / n`: the distance
    /// (saturated at 254), or 255 for a rank no reachable state has.
    #[must_use]
    pub fn write_distances(mut self, dir: &Path) -> Self {
        self.distances = Some(dir.to_path_buf());
        self
    }

    /// Runs the enumeration on `workers`, calling `on_layer` in process 0
    /// each time a layer is complete (from a worker thread, in depth order).
    ///
    /// Every process of a cluster calls `run` with the same problem and
    /// options; process 0 returns the result, the others `None`.
    ///
    /// # Errors
    ///
    /// [`DataflowError::TooLarge`] if the ranks do not fit in memory
    /// indices, [`DataflowError::Timely`] if timely cannot start or connect
    /// its workers, a worker fails or a peer process dies mid-run,
    /// [`DataflowError::Io`] if a distance
    /// file cannot be written.
    ///
    /// # Panics
    ///
    /// If the problem ranks a state at or above `state_count` (the worker
    /// fails, and its process reports the panic).
    ///
    /// # Complexity
    ///
    /// Every reachable state is unranked and expanded once; each successor
    /// costs a rank and a bit operation at its owner, plus an eight-byte
    /// message if another worker owns it (`1 - 1/n` of them for `n`
    /// workers). Each worker holds `3 * state_count / (8 n)` bytes of
    /// bitmaps (seen and two rounds), plus `state_count / n` if distances
    /// are written.
    pub fn run(
        &self,
        workers: &Workers,
        on_layer: impl Fn(&LayerProgress) + Send + Sync + 'static,
    ) -> Result<Option<Enumeration>, DataflowError> {
        check_addressable(self.space.count)?;
        let space = Arc::clone(&self.space);
        let root = self.space.problem.rank(&self.space.problem.start()) as u64;
        let options = Options {
            distances: self.distances.is_some(),
            entries: None,
            on_layer: Arc::new(on_layer),
        };
        let dir = self.distances.clone();
        let guards = timely::execute(workers.timely_config(), move |worker| {
            // Timed from here: a cluster's connections are made by now.
            let started = Instant::now();
            let (index, peers) = (worker.index(), worker.peers());
            let result = engine::run_worker(worker, &space, vec![root], &options);
            if let (Some(dir), Some(distances)) = (&dir, &result.distances) {
                write_distances(dir, index, peers, distances)?;
            }
            Ok::<_, DataflowError>((result.histogram, result.peak_bitmap_bytes, started))
        })
        .map_err(|message| DataflowError::Timely { message })?;
        let mut histogram = Vec::new();
        let mut peak_bitmap_bytes = 0;
        let mut started: Option<Instant> = None;
        for joined in engine::join(guards)? {
            let (worker_histogram, bytes, worker_started) = joined?;
            started = Some(started.map_or(worker_started, |s| s.min(worker_started)));
            if !worker_histogram.is_empty() {
                histogram = worker_histogram;
            }
            peak_bitmap_bytes += bytes;
        }
        Ok((workers.process() == 0).then(|| Enumeration {
            histogram,
            elapsed: started.map(|s| s.elapsed()).unwrap_or_default(),
            peak_bitmap_bytes,
        }))
    }

    /// The same enumeration on the calling thread, without timely: a plain
    /// layered breadth-first search over dense bitmaps (seen, this layer,
    /// the next), the single-machine reference the distributed runs are
    /// compared with.
    ///
    /// # Panics
    ///
    /// If the problem ranks a state at or above `state_count`, or the
    /// bitmaps cannot be addressed.
    ///
    /// # Complexity
    ///
    /// Every reachable state is unranked and expanded once; memory is
    /// `3 * state_count / 8` bytes; each layer scans its bitmap.
    pub fn run_sequential(&self, on_layer: impl Fn(&LayerProgress)) -> Enumeration {
        crate::sequential::enumerate(&*self.space, self.root(), &on_layer)
    }

    fn root(&self) -> u64 {
        self.space.problem.rank(&self.space.problem.start()) as u64
    }
}

/// Checks that bitmaps over `ranks` can be indexed.
pub(crate) fn check_addressable(ranks: u64) -> Result<(), DataflowError> {
    usize::try_from(ranks)
        .ok()
        .filter(|bits| bits.checked_add(63).is_some())
        .map(|_| ())
        .ok_or(DataflowError::TooLarge { ranks })
}

fn write_distances(
    dir: &Path,
    index: usize,
    peers: usize,
    distances: &[u8],
) -> Result<(), DataflowError> {
    let path = dir.join(format!("distances-{index}-of-{peers}.bin"));
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&path, distances))
        .map_err(|source| DataflowError::Io { path, source })
}

/// A search problem seen as a space of ranks.
pub(crate) struct ProblemSpace<P, U> {
    problem: P,
    unrank: U,
    count: u64,
}

impl<P, U> std::fmt::Debug for ProblemSpace<P, U> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProblemSpace")
            .field("state_count", &self.count)
            .finish_non_exhaustive()
    }
}

impl<P, U> Space for ProblemSpace<P, U>
where
    P: SearchProblem + RankedStates + Send + Sync + 'static,
    U: Fn(u64) -> P::State + Send + Sync + 'static,
{
    type State = P::State;

    fn rank_count(&self) -> u64 {
        self.count
    }

    fn unrank(&self, rank: u64) -> P::State {
        (self.unrank)(rank)
    }

    #[inline]
    fn expand(&self, state: &P::State, step: &mut impl FnMut(u64, bool)) {
        for next in self.problem.successors(state) {
            let rank = self.problem.rank(&next.state) as u64;
            assert!(
                rank < self.count,
                "RankedStates contract broken: rank {rank} is not below state_count {}",
                self.count
            );
            step(rank, false);
        }
    }
}
