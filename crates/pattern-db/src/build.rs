//! The builder: a layered 0-1 breadth-first search over ranks, backward
//! from the goals.
//!
//! Layer `d` holds the candidates for distance `d`. A candidate not yet
//! claimed is claimed, unranked and expanded, and so is everything a
//! depth-first walk along free steps claims from it (those states are at
//! the same distance); unit steps only mark their ranks as candidates for
//! layer `d + 1`. Three bits per rank (`seen`, this layer, the next layer's
//! candidates) are all the bookkeeping: no queue of states is stored, so
//! memory is `3 * state_count / 8` bytes plus one byte per table entry,
//! known before the build starts. Each layer is split into chunks of ranks
//! that worker threads expand in parallel (with the default `parallel`
//! feature, on rayon's global pool; run the build inside
//! `ThreadPool::install` to choose the threads), claiming states with
//! atomic bit operations.
//!
//! Unit steps land anywhere in the bitmaps, so their cache misses dominate
//! large builds: the `seen` and next-layer bits of a rank share a cache
//! line, and each rank is prefetched when generated and marked a few steps
//! later. An abstraction whose free steps form large connected groups of
//! states can go further and make each group one state, leaving only unit
//! steps.
//!
//! An entry of the table is the smallest distance of the abstract states
//! mapped to it by [`Abstraction::entry`]; distances are stored in one byte,
//! saturated at [`MAX_DISTANCE`], and entries no abstract state reaches
//! hold [`UNREACHED`].

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use crate::memory::Memory;
use crate::{AbstractStep, Abstraction, MAX_DISTANCE, PatternTable, PdbError, UNREACHED, index};

/// Where a build stands, passed to the progress callback of
/// [`PatternTable::build`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BuildProgress {
    /// The layer being expanded: the abstract distance of its states.
    pub depth: u32,
    /// Abstract states expanded so far (their distance is final).
    pub expanded: u64,
    /// The number of ranks, [`Abstraction::state_count`]; `expanded` ends
    /// at the number of reachable states, which may be much smaller (when
    /// ranks are sparse).
    pub state_count: u64,
    /// Table entries whose value is known: the best measure of progress
    /// when every entry is reachable from the goals.
    pub entries: u64,
    /// The number of entries, [`Abstraction::entry_count`].
    pub entry_count: u64,
    /// Wall time since the build started.
    pub elapsed: Duration,
    /// Whether this is the last call: the build is complete.
    pub finished: bool,
}

/// One bit per rank, set concurrently by the worker threads.
struct Bitmap {
    words: Vec<AtomicU64>,
}

impl Bitmap {
    fn new(bits: usize) -> Self {
        Bitmap {
            words: std::iter::repeat_with(|| AtomicU64::new(0))
                .take(bits.div_ceil(64))
                .collect(),
        }
    }

    /// Sets `bit` (only used for the goals; layers are written word by
    /// word).
    fn insert(&self, bit: usize) {
        self.words[bit / 64].fetch_or(1 << (bit % 64), Relaxed);
    }
}

/// The `seen` and next-layer bits of the same 64 ranks, side by side: a unit
/// step looks at both, and this way it costs one cache miss, not two.
struct Marks {
    /// `[seen, next]` per 64 ranks.
    words: Vec<[AtomicU64; 2]>,
}

/// Where `seen` is in a [`Marks`] pair (the next layer's bits follow).
const SEEN: usize = 0;

impl Marks {
    fn new(bits: usize) -> Self {
        Marks {
            words: std::iter::repeat_with(|| [AtomicU64::new(0), AtomicU64::new(0)])
                .take(bits.div_ceil(64))
                .collect(),
        }
    }

    /// Marks `bit` seen; true if this call did (the caller claims the
    /// state).
    #[inline]
    fn claim(&self, bit: usize) -> bool {
        let word = &self.words[bit / 64][SEEN];
        let mask = 1 << (bit % 64);
        // Look before the locked read-modify-write: most bits a build
        // touches are already set.
        word.load(Relaxed) & mask == 0 && word.fetch_or(mask, Relaxed) & mask == 0
    }

    /// Starts fetching the cache line of `bit`, which [`offer`](Self::offer)
    /// will need a little later.
    #[inline]
    #[cfg_attr(
        target_arch = "x86_64",
        expect(unsafe_code, reason = "a prefetch hint, the crate's one unsafe block")
    )]
    fn prefetch(&self, bit: usize) {
        #[cfg(target_arch = "x86_64")]
        {
            let pair = std::ptr::from_ref(&self.words[bit / 64]);
            // SAFETY: a prefetch is only a hint to the cache: it never
            // faults, reads nothing into the program and writes nothing;
            // the address is that of a live element anyway.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(pair.cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = bit;
    }

    /// Makes `bit` a candidate for the next layer unless it is seen (it
    /// may still be claimed in this layer, through a free step).
    #[inline]
    fn offer(&self, bit: usize) {
        let [seen, next] = &self.words[bit / 64];
        let mask = 1 << (bit % 64);
        if (seen.load(Relaxed) | next.load(Relaxed)) & mask == 0 {
            next.fetch_or(mask, Relaxed);
        }
    }
}

/// Unit steps in flight between their prefetch and their offer.
const PIPELINE: usize = 16;

/// Words of the layer bitmap handed to a worker at a time: 65,536 ranks.
const CHUNK_WORDS: usize = 1024;

/// Progress reports per build, besides one per layer.
const REPORTS: u64 = 1000;

/// The state of one build: bitmaps, the table being filled, counters.
///
/// Atomics make every phase work through `&self`; the layers are separated
/// by the join at the end of each parallel loop, so relaxed ordering is
/// enough (claims are decided by `fetch_or`, whose result is exact).
pub(crate) struct Builder<'a, A, F> {
    abstraction: &'a A,
    on_progress: &'a F,
    state_count: u64,
    entry_count: u64,
    /// States whose distance is known (claimed), and candidates for the
    /// next layer (reached by a unit step).
    marks: Marks,
    /// The layer being expanded: states at distance `depth` unless a free
    /// step reached them in an earlier layer, claimed as they are expanded.
    current: Bitmap,
    table: Vec<AtomicU8>,
    started: Instant,
    expanded: AtomicU64,
    /// Entries whose value is set.
    settled: AtomicU64,
    next_report: AtomicU64,
    report_every: u64,
}

impl<'a, A: Abstraction, F: Fn(&BuildProgress) + Sync> Builder<'a, A, F> {
    pub(crate) fn new(abstraction: &'a A, on_progress: &'a F) -> Result<Self, PdbError> {
        let state_count = abstraction.state_count();
        let entry_count = abstraction.entry_count();
        let bits = usize::try_from(state_count)
            .ok()
            .filter(|bits| bits.checked_add(63).is_some())
            .ok_or(PdbError::TooLarge {
                states: state_count,
            })?;
        let entries = usize::try_from(entry_count).map_err(|_| PdbError::TooLarge {
            states: entry_count,
        })?;
        let report_every = (state_count / REPORTS).max(1);
        Ok(Builder {
            abstraction,
            on_progress,
            state_count,
            entry_count,
            marks: Marks::new(bits),
            current: Bitmap::new(bits),
            table: std::iter::repeat_with(|| AtomicU8::new(UNREACHED))
                .take(entries)
                .collect(),
            started: Instant::now(),
            expanded: AtomicU64::new(0),
            settled: AtomicU64::new(0),
            next_report: AtomicU64::new(report_every),
            report_every,
        })
    }

    pub(crate) fn run(self) -> PatternTable {
        for goal in self.abstraction.goals() {
            self.current.insert(self.rank_of(&goal));
        }
        let chunks = self.current.words.len().div_ceil(CHUNK_WORDS);
        let mut depth = 0u32;
        loop {
            for_each_chunk(chunks, Vec::new, |stack, chunk| {
                let expanded = self.expand_chunk(chunk, depth, stack);
                self.count(expanded, depth);
            });
            self.report(depth, false);
            let candidates: u64 = sum_over_chunks(chunks, |chunk| self.advance_chunk(chunk));
            if candidates == 0 {
                break;
            }
            depth = depth.saturating_add(1);
        }
        self.report(depth, true);
        let mut entries = Memory::zeroed(self.table.len());
        for (entry, value) in entries.as_mut_slice().iter_mut().zip(self.table) {
            *entry = value.into_inner();
        }
        PatternTable { entries }
    }

    /// The rank of `state`, checked against the contract.
    #[inline]
    fn rank_of(&self, state: &A::State) -> usize {
        self.checked(self.abstraction.rank(state))
    }

    /// `rank`, checked against the contract.
    #[inline]
    fn checked(&self, rank: u64) -> usize {
        assert!(
            rank < self.state_count,
            "Abstraction contract broken: rank {rank} is not below state_count {}",
            self.state_count
        );
        index(rank)
    }

    /// Expands the states of the current layer in one chunk, and everything
    /// their free steps reach; returns how many states it expanded and how
    /// many entries it set.
    fn expand_chunk(&self, chunk: usize, depth: u32, stack: &mut Vec<A::State>) -> (u64, u64) {
        let value = u8::try_from(depth).map_or(MAX_DISTANCE, |d| d.min(MAX_DISTANCE));
        let words = chunk_words(chunk, self.current.words.len());
        let mut expanded = 0;
        let mut settled = 0;
        // Unit steps land anywhere in the bitmaps: each is prefetched when
        // generated and offered PIPELINE steps later, so that many cache
        // misses overlap instead of stalling one after the other.
        let mut pending = [0usize; PIPELINE];
        let mut waiting = 0;
        let mut slot = 0;
        for w in words {
            let mut bits = self.current.words[w].load(Relaxed);
            while bits != 0 {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // A candidate is claimed here, not when the layer starts: if
                // the walk from another candidate claimed it first, it is
                // skipped without being unranked (a region of free steps is
                // often entered through several candidates).
                let rank = w * 64 + bit;
                if !self.marks.claim(rank) {
                    continue;
                }
                stack.push(self.abstraction.unrank(rank as u64));
                // Depth-first along free steps: every state reached this way
                // is at the same distance, and the first thread to claim it
                // expands it.
                while let Some(state) = stack.pop() {
                    expanded += 1;
                    settled += u64::from(self.settle(&state, value));
                    for step in self.abstraction.predecessors(&state) {
                        match step {
                            AbstractStep::Free(state) => {
                                if self.marks.claim(self.rank_of(&state)) {
                                    stack.push(state);
                                }
                            }
                            AbstractStep::Unit(rank) => {
                                let rank = self.checked(rank);
                                // Not claimed yet: it may still turn out to
                                // be at this distance through a free step.
                                self.marks.prefetch(rank);
                                if waiting == PIPELINE {
                                    self.marks.offer(pending[slot]);
                                } else {
                                    waiting += 1;
                                }
                                pending[slot] = rank;
                                slot = (slot + 1) % PIPELINE;
                            }
                        }
                    }
                }
            }
        }
        for &rank in &pending[..waiting] {
            self.marks.offer(rank);
        }
        (expanded, settled)
    }

    /// Records that `state` is at distance `value` unless its entry already
    /// holds a smaller one (from an earlier layer); true if this call set
    /// the entry.
    #[inline]
    fn settle(&self, state: &A::State, value: u8) -> bool {
        let entry = self.abstraction.entry(state);
        assert!(
            entry < self.entry_count,
            "Abstraction contract broken: entry {entry} is not below entry_count {}",
            self.entry_count
        );
        let slot = &self.table[index(entry)];
        // Look first: most states share their entry with one settled before.
        slot.load(Relaxed) == UNREACHED
            && slot
                .compare_exchange(UNREACHED, value, Relaxed, Relaxed)
                .is_ok()
    }

    /// Turns one chunk of candidates into the next layer, dropping those
    /// claimed in this one; returns how many remain.
    fn advance_chunk(&self, chunk: usize) -> u64 {
        // Each word belongs to this chunk alone in this phase: plain loads
        // and stores suffice (a `swap` or `fetch_or` would lock the bus for
        // every word of every layer, which dominated the build time), and
        // words that stay zero are not written at all.
        let mut remaining = 0;
        for w in chunk_words(chunk, self.current.words.len()) {
            let [seen, next] = &self.marks.words[w];
            let current = &self.current.words[w];
            let candidates = next.load(Relaxed);
            if candidates == 0 {
                if current.load(Relaxed) != 0 {
                    current.store(0, Relaxed);
                }
                continue;
            }
            next.store(0, Relaxed);
            let new = candidates & !seen.load(Relaxed);
            current.store(new, Relaxed);
            remaining += u64::from(new.count_ones());
        }
        remaining
    }

    fn count(&self, (expanded, settled): (u64, u64), depth: u32) {
        self.settled.fetch_add(settled, Relaxed);
        let total = self.expanded.fetch_add(expanded, Relaxed) + expanded;
        let due = self.next_report.load(Relaxed);
        // One thread wins each report; the others go on working.
        if total >= due
            && self
                .next_report
                .compare_exchange(due, total + self.report_every, Relaxed, Relaxed)
                .is_ok()
        {
            self.report_at(depth, total, false);
        }
    }

    fn report(&self, depth: u32, finished: bool) {
        self.report_at(depth, self.expanded.load(Relaxed), finished);
    }

    fn report_at(&self, depth: u32, expanded: u64, finished: bool) {
        (self.on_progress)(&BuildProgress {
            depth,
            expanded,
            state_count: self.state_count,
            entries: self.settled.load(Relaxed),
            entry_count: self.entry_count,
            elapsed: self.started.elapsed(),
            finished,
        });
    }
}

fn chunk_words(chunk: usize, words: usize) -> std::ops::Range<usize> {
    let start = chunk * CHUNK_WORDS;
    start..(start + CHUNK_WORDS).min(words)
}

/// Runs `work` on every chunk index, with per-worker scratch from `init`.
#[cfg(feature = "parallel")]
fn for_each_chunk<T>(
    chunks: usize,
    init: impl Fn() -> T + Sync + Send,
    work: impl Fn(&mut T, usize) + Sync + Send,
) {
    use rayon::prelude::*;
    (0..chunks).into_par_iter().for_each_init(init, work);
}

/// Runs `work` on every chunk index, with scratch from `init`.
#[cfg(not(feature = "parallel"))]
fn for_each_chunk<T>(chunks: usize, init: impl Fn() -> T, work: impl Fn(&mut T, usize)) {
    let mut scratch = init();
    for chunk in 0..chunks {
        work(&mut scratch, chunk);
    }
}

/// The sum of `work` over every chunk index.
#[cfg(feature = "parallel")]
fn sum_over_chunks(chunks: usize, work: impl Fn(usize) -> u64 + Sync + Send) -> u64 {
    use rayon::prelude::*;
    (0..chunks).into_par_iter().map(work).sum()
}

/// The sum of `work` over every chunk index.
#[cfg(not(feature = "parallel"))]
fn sum_over_chunks(chunks: usize, work: impl Fn(usize) -> u64) -> u64 {
    (0..chunks).map(work).sum()
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;

    /// The cost of an edge of a test graph.
    #[derive(Clone, Copy, Debug)]
    enum Cost {
        Free,
        Unit,
    }

    /// A small random directed graph with 0/1 edge costs, given backward:
    /// `edges[v]` lists the predecessors of `v` with their costs; the
    /// table's entry is `v / group`.
    struct Graph {
        edges: Vec<Vec<(u64, Cost)>>,
        goals: Vec<u64>,
        group: u64,
    }

    impl Abstraction for Graph {
        type State = u64;

        fn state_count(&self) -> u64 {
            self.edges.len() as u64
        }

        fn rank(&self, v: &u64) -> u64 {
            *v
        }

        fn unrank(&self, rank: u64) -> u64 {
            rank
        }

        fn goals(&self) -> impl Iterator<Item = u64> {
            self.goals.iter().copied()
        }

        fn predecessors(&self, v: &u64) -> impl Iterator<Item = AbstractStep<u64>> {
            self.edges[index(*v)].iter().map(|&(u, cost)| match cost {
                Cost::Free => AbstractStep::Free(u),
                Cost::Unit => AbstractStep::Unit(u),
            })
        }

        fn entry_count(&self) -> u64 {
            self.state_count().div_ceil(self.group)
        }

        fn entry(&self, v: &u64) -> u64 {
            v / self.group
        }
    }

    /// A tiny deterministic generator (`SplitMix64`), so the tests need no
    /// dependency and fail reproducibly.
    struct SplitMix(u64);

    impl SplitMix {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }

        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    fn random_graph(seed: u64, states: u64, edges: u64, group: u64) -> Graph {
        let mut rng = SplitMix(seed);
        let mut graph = Graph {
            edges: vec![Vec::new(); index(states)],
            goals: (0..=rng.below(3)).map(|_| rng.below(states)).collect(),
            group,
        };
        for _ in 0..edges {
            let (from, to) = (rng.below(states), rng.below(states));
            let cost = if rng.below(3) == 0 {
                Cost::Free
            } else {
                Cost::Unit
            };
            graph.edges[index(to)].push((from, cost));
        }
        graph
    }

    /// The oracle: a textbook 0-1 BFS with a deque, then the minimum per
    /// entry.
    fn reference(graph: &Graph) -> Vec<u8> {
        let mut distance = vec![u32::MAX; graph.edges.len()];
        let mut deque = VecDeque::new();
        for &goal in &graph.goals {
            distance[index(goal)] = 0;
            deque.push_back(goal);
        }
        while let Some(v) = deque.pop_front() {
            let d = distance[index(v)];
            for &(u, cost) in &graph.edges[index(v)] {
                let (du, front) = match cost {
                    Cost::Free => (d, true),
                    Cost::Unit => (d + 1, false),
                };
                if du < distance[index(u)] {
                    distance[index(u)] = du;
                    if front {
                        deque.push_front(u);
                    } else {
                        deque.push_back(u);
                    }
                }
            }
        }
        let mut entries = vec![UNREACHED; index(graph.entry_count())];
        for (v, &d) in distance.iter().enumerate() {
            if d != u32::MAX {
                let slot = &mut entries[index(graph.entry(&(v as u64)))];
                *slot = (*slot).min(u8::try_from(d).map_or(MAX_DISTANCE, |d| d.min(MAX_DISTANCE)));
            }
        }
        entries
    }

    #[test]
    fn matches_a_textbook_0_1_bfs_on_random_graphs() {
        for seed in 0..200 {
            let states = 1 + seed % 300;
            let graph = random_graph(seed, states, states * (1 + seed % 4), 1 + seed % 5);
            let table = PatternTable::build(&graph, |_| {}).unwrap();
            assert_eq!(table.as_bytes(), reference(&graph), "seed {seed}");
        }
    }

    #[test]
    fn spans_several_chunks_and_saturates_long_distances() {
        // A path of 70,000 states, more than one chunk of ranks, where only
        // every 250th step costs one: long free walks, and distances past
        // MAX_DISTANCE saturate.
        let n = 70_000;
        let graph = Graph {
            edges: (0..n)
                .map(|v| {
                    let cost = if (v + 1) % 250 == 0 {
                        Cost::Unit
                    } else {
                        Cost::Free
                    };
                    if v + 1 < n {
                        vec![(v + 1, cost)]
                    } else {
                        vec![]
                    }
                })
                .collect(),
            goals: vec![0],
            group: 1,
        };
        let table = PatternTable::build(&graph, |_| {}).unwrap();
        assert_eq!(table.as_bytes(), reference(&graph));
        assert_eq!((table.get(249), table.get(250)), (0, 1));
        assert_eq!(table.get(n - 1), MAX_DISTANCE);
    }

    #[test]
    fn reports_progress_and_finishes_once() {
        let graph = random_graph(7, 5000, 20_000, 1);
        let reports = std::sync::Mutex::new(Vec::new());
        PatternTable::build(&graph, |progress| reports.lock().unwrap().push(*progress)).unwrap();
        let reports = reports.into_inner().unwrap();
        let last = reports.last().unwrap();
        assert!(last.finished);
        assert_eq!(reports.iter().filter(|p| p.finished).count(), 1);
        let reachable = reference(&graph)
            .iter()
            .filter(|&&v| v != UNREACHED)
            .count();
        assert_eq!(last.expanded, reachable as u64);
        assert_eq!((last.entries, last.entry_count), (reachable as u64, 5000));
        assert!(
            reports
                .iter()
                .all(|p| p.expanded <= last.expanded && p.state_count == 5000)
        );
    }

    #[test]
    #[should_panic(expected = "rank 9 is not below state_count 3")]
    fn a_rank_out_of_range_panics_with_the_rank() {
        let graph = Graph {
            edges: vec![vec![(9, Cost::Unit)], vec![], vec![]],
            goals: vec![0],
            group: 1,
        };
        let _ = PatternTable::build(&graph, |_| {});
    }
}
