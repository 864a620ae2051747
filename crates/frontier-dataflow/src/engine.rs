//! The engine: one layered breadth-first search over ranks, as a timely
//! dataflow loop, shared by the enumeration and the pattern-table builder.
//!
//! Rank `r` belongs to worker `r % peers`, which keeps one bit per rank it
//! owns (local index `r / peers`) in each of its bitmaps: `seen`, and one
//! candidate bitmap per round in flight (at most two at a time). A round is
//! a timestamp of the loop: `depth << 32 | sub`, where `sub` counts the
//! rounds of free (zero-cost) steps within a depth. A worker processes a
//! round once timely's frontier says no more candidates can arrive for it:
//! it claims its candidates not yet seen, expands them, and sends each
//! successor's rank to its owner for the next round (a unit step: the first
//! round of the next depth; a free step: the next round of this depth).
//! Successors it owns itself are marked directly, without a message.
//! Messages are only ranks, eight bytes each: the receiver rebuilds a
//! state from its rank only if it claims it.
//!
//! Each worker counts the states it claims per round and sends the count
//! to worker 0, which sums a depth once the frontier has passed all its
//! rounds and reports it. Pattern builds also send each claimed state's
//! table entry to the worker owning that entry (contiguous blocks of
//! entries), which keeps the smallest depth per entry.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::OutputBuilder;
use timely::dataflow::operators::generic::builder_rc::OperatorBuilder;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::{Capability, Concat, ConnectLoop, Feedback, ToStream};
use timely::worker::Worker;

use crate::LayerProgress;

/// What the engine searches: a space of ranks with a way back to states.
pub(crate) trait Space: Send + Sync + 'static {
    /// A state rebuilt from its rank.
    type State;

    /// The number of ranks: every rank is below it.
    fn rank_count(&self) -> u64;

    /// The state of `rank`.
    fn unrank(&self, rank: u64) -> Self::State;

    /// Calls `step(rank, free)` for every neighbour of `state`: `free` for
    /// a step that costs nothing (same depth), otherwise one.
    fn expand(&self, state: &Self::State, step: &mut impl FnMut(u64, bool));

    /// The table entry of `state`, for pattern builds; unused otherwise.
    fn entry(&self, state: &Self::State) -> u64 {
        let _ = state;
        0
    }
}

/// What to keep besides the histogram.
pub(crate) struct Options {
    /// Keep each owned rank's depth (one byte per owned rank).
    pub(crate) distances: bool,
    /// Build a table of this many entries (pattern builds).
    pub(crate) entries: Option<u64>,
    /// Called at worker 0 once per completed depth.
    pub(crate) on_layer: Arc<dyn Fn(&LayerProgress) + Send + Sync>,
}

/// What one worker hands back.
pub(crate) struct WorkerResult {
    /// States per depth: complete at worker 0, empty elsewhere.
    pub(crate) histogram: Vec<u64>,
    /// The depth of each owned rank (`local index = rank / peers`), with
    /// [`UNSEEN`] for ranks never reached, if asked for.
    pub(crate) distances: Option<Vec<u8>>,
    /// The worker's block of table entries, starting at entry `.0`.
    pub(crate) entries: Option<(u64, Vec<u8>)>,
    /// The bytes of bitmaps the worker held at its peak.
    pub(crate) peak_bitmap_bytes: usize,
}

/// The distance byte of a rank never reached (and the entry value of an
/// entry never settled: the same as [`pattern_db::UNREACHED`]).
pub(crate) const UNSEEN: u8 = u8::MAX;

/// A depth as stored in one byte: saturated below [`UNSEEN`].
fn depth_byte(depth: u64) -> u8 {
    u8::try_from(depth).map_or(UNSEEN - 1, |d| d.min(UNSEEN - 1))
}

const SUB_BITS: u32 = 32;

fn depth_of(time: u64) -> u64 {
    time >> SUB_BITS
}

/// The first round of the depth after `time`'s.
fn next_depth(time: u64) -> u64 {
    (depth_of(time) + 1) << SUB_BITS
}

/// The last round of `depth`.
fn last_round(depth: u64) -> u64 {
    (depth << SUB_BITS) | u64::from(u32::MAX)
}

/// Words of a layer scanned per activation: between activations the worker
/// drains its incoming messages, so they never pile up for a whole layer.
const WORDS_PER_ACTIVATION: usize = 1 << 14;

/// Remote ranks buffered before they are handed to timely.
const SEND_BATCH: usize = 1 << 12;

/// A bitmap over a worker's local indices.
#[derive(Default)]
struct Bits(Vec<u64>);

impl Bits {
    fn zeroed(bits: usize) -> Self {
        Bits(vec![0; bits.div_ceil(64)])
    }

    #[inline]
    fn get(&self, bit: usize) -> bool {
        self.0[bit / 64] & (1 << (bit % 64)) != 0
    }

    #[inline]
    fn set(&mut self, bit: usize) {
        self.0[bit / 64] |= 1 << (bit % 64);
    }
}

/// The capabilities of one round on the three outputs (ranks, counts,
/// entries).
struct Caps([Capability<u64>; 3]);

impl Caps {
    fn delayed(&self, time: u64) -> Caps {
        Caps(std::array::from_fn(|port| self.0[port].delayed(&time)))
    }

    fn time(&self) -> u64 {
        *self.0[0].time()
    }
}

/// The candidates of one round not yet processed.
struct Round {
    caps: Caps,
    candidates: Bits,
}

/// The round being processed: where the scan stands and what it counted.
struct Active {
    round: Round,
    word: usize,
    claimed: u64,
}

/// One worker's search state.
struct Partition<S: Space> {
    space: Arc<S>,
    index: usize,
    peers: u64,
    local_len: usize,
    seen: Bits,
    rounds: BTreeMap<u64, Round>,
    spare: Vec<Bits>,
    active: Option<Active>,
    distances: Option<Vec<u8>>,
    /// Pattern builds: this worker's block of entries, shared with the sink
    /// that receives other workers' entries.
    table: Option<Rc<RefCell<Vec<u8>>>>,
    entry_block: u64,
    entry_sent: Bits,
    /// Remote ranks waiting to be sent: unit steps, free steps.
    unit_out: Vec<u64>,
    free_out: Vec<u64>,
    entry_out: Vec<u64>,
    /// Bitmaps allocated, `seen` included, now and at the peak.
    bitmaps_live: usize,
    bitmaps_peak: usize,
}

impl<S: Space> Partition<S> {
    #[inline]
    fn local(&self, rank: u64) -> usize {
        // cannot fail: the local index of a rank below rank_count, which
        // fits in usize (checked when the run starts)
        usize::try_from(rank / self.peers).unwrap_or(usize::MAX)
    }

    #[inline]
    fn owns(&self, rank: u64) -> bool {
        rank % self.peers == self.index as u64
    }

    fn fresh_bits(&mut self) -> Bits {
        self.bitmaps_live += 1;
        self.bitmaps_peak = self.bitmaps_peak.max(self.bitmaps_live);
        self.spare
            .pop()
            .unwrap_or_else(|| Bits::zeroed(self.local_len))
    }

    /// The round at `time`, created with capabilities delayed from `from`.
    fn round_at(&mut self, time: u64, from: &Caps) -> &mut Round {
        if !self.rounds.contains_key(&time) {
            let candidates = self.fresh_bits();
            self.rounds.insert(
                time,
                Round {
                    caps: from.delayed(time),
                    candidates,
                },
            );
        }
        // cannot fail: inserted above if missing
        self.rounds.get_mut(&time).expect("the round exists")
    }

    /// Marks an owned rank as a candidate of `round` unless it is seen.
    #[inline]
    fn offer(seen: &Bits, round: &mut Round, local: usize) {
        if !seen.get(local) {
            round.candidates.set(local);
        }
    }

    /// Records `entry` at `value` if this worker owns it, or queues it for
    /// its owner unless this worker sent it already (at a smaller or equal
    /// depth, since rounds are processed in order).
    #[inline]
    fn settle(&mut self, entry: u64, value: u8) {
        let Some(table) = &self.table else { return };
        let owner = entry / self.entry_block;
        if owner == self.index as u64 {
            let lo = owner * self.entry_block;
            let mut table = table.borrow_mut();
            // cannot fail: entry - lo is below the block's length
            let slot = &mut table[usize::try_from(entry - lo).unwrap_or(usize::MAX)];
            *slot = (*slot).min(value);
        } else {
            let bit = usize::try_from(entry).unwrap_or(usize::MAX);
            if !self.entry_sent.get(bit) {
                self.entry_sent.set(bit);
                self.entry_out.push(entry);
            }
        }
    }
}

/// Runs one worker's share of the search from `roots` (ranks at depth 0;
/// only worker 0's are used) until every worker is done.
#[expect(
    clippy::too_many_lines,
    reason = "the operator's logic reads best in one place"
)]
pub(crate) fn run_worker<S: Space>(
    worker: &mut Worker,
    space: &Arc<S>,
    roots: Vec<u64>,
    options: &Options,
) -> WorkerResult {
    let index = worker.index();
    let peers = worker.peers() as u64;
    let rank_count = space.rank_count();
    // cannot fail: the caller checked that rank_count fits in usize
    let local_len = usize::try_from(rank_count.saturating_sub(index as u64).div_ceil(peers))
        .unwrap_or(usize::MAX);
    let started = Instant::now();
    let histogram = Rc::new(RefCell::new(Vec::<u64>::new()));
    let entry_count = options.entries.unwrap_or(0);
    let entry_block = entry_count.div_ceil(peers).max(1);
    let table_lo = (index as u64 * entry_block).min(entry_count);
    let table_hi = (table_lo + entry_block).min(entry_count);
    let table = options.entries.map(|_| {
        Rc::new(RefCell::new(vec![
            UNSEEN;
            usize::try_from(table_hi - table_lo)
                .unwrap_or(0)
        ]))
    });
    let partition = Rc::new(RefCell::new(Partition {
        space: Arc::clone(space),
        index,
        peers,
        local_len,
        seen: Bits::zeroed(local_len),
        rounds: BTreeMap::new(),
        spare: Vec::new(),
        active: None,
        distances: options.distances.then(|| vec![UNSEEN; local_len]),
        table: table.clone(),
        entry_block,
        entry_sent: if options.entries.is_some() {
            Bits::zeroed(usize::try_from(entry_count).unwrap_or(0))
        } else {
            Bits::default()
        },
        unit_out: Vec::with_capacity(SEND_BATCH),
        free_out: Vec::with_capacity(SEND_BATCH),
        entry_out: Vec::with_capacity(SEND_BATCH),
        bitmaps_live: 1,
        bitmaps_peak: 1,
    }));

    let roots = if index == 0 { roots } else { Vec::new() };
    let on_layer = Arc::clone(&options.on_layer);
    let partition_in_flow = Rc::clone(&partition);
    let histogram_in_flow = Rc::clone(&histogram);
    worker.dataflow::<u64, _, _>(move |scope| {
        let roots = roots.to_stream(scope).container::<Vec<u64>>();
        let (handle, cycle) = scope.feedback(1u64);
        let outer = roots.scope();
        let mut builder = OperatorBuilder::new("Layer".to_owned(), roots.scope());
        let mut input = builder.new_input(
            roots.concat(cycle),
            Exchange::new(move |rank: &u64| rank % peers),
        );
        let (ranks_out, ranks) = builder.new_output::<Vec<u64>>();
        let (counts_out, counts) = builder.new_output::<Vec<u64>>();
        let (entries_out, entries) = builder.new_output::<Vec<u64>>();
        let mut ranks_out = OutputBuilder::from(ranks_out);
        let mut counts_out = OutputBuilder::from(counts_out);
        let mut entries_out = OutputBuilder::from(entries_out);
        let partition = partition_in_flow;
        // A round too large for one activation asks to run again soon.
        let activator = outer.activator_for(builder.operator_info().address);
        builder.build(move |initial| {
            // Rounds hold their own capabilities, taken from the messages.
            drop(initial);
            move |frontiers| {
                let mut guard = partition.borrow_mut();
                let p = &mut *guard;
                let mut ranks_session = ranks_out.activate();
                let mut counts_session = counts_out.activate();
                let mut entries_session = entries_out.activate();

                // Incoming candidates: marked in their round's bitmap.
                input.for_each_stamp(|cap, data| {
                    // cannot fail: u64 times are totally ordered, and a
                    // message has a time
                    let time = *cap.least().expect("a message has a time");
                    if !p.rounds.contains_key(&time) {
                        let caps = Caps(std::array::from_fn(|port| cap.delayed(&time, port)));
                        let candidates = p.fresh_bits();
                        p.rounds.insert(time, Round { caps, candidates });
                    }
                    let Partition { rounds, seen, .. } = &mut *p;
                    // cannot fail: inserted above
                    let round = rounds.get_mut(&time).expect("the round exists");
                    for batch in data {
                        for rank in batch.drain(..) {
                            let local = usize::try_from(rank / peers).unwrap_or(usize::MAX);
                            Partition::<S>::offer(seen, round, local);
                        }
                    }
                });

                let mut budget = WORDS_PER_ACTIVATION;
                while budget > 0 {
                    if p.active.is_none() {
                        let Some((&time, _)) = p.rounds.first_key_value() else {
                            break;
                        };
                        if frontiers[0].less_equal(&time) {
                            break; // candidates for it may still arrive
                        }
                        // cannot fail: the key was just read
                        let round = p.rounds.remove(&time).expect("the round exists");
                        p.active = Some(Active {
                            round,
                            word: 0,
                            claimed: 0,
                        });
                    }
                    // cannot fail: set just above
                    let mut active = p.active.take().expect("a round is active");
                    let time = active.round.caps.time();
                    let value = depth_byte(depth_of(time));
                    let unit_time = next_depth(time);
                    let words = active.round.candidates.0.len();
                    let space = Arc::clone(&p.space);
                    let end = (active.word + budget).min(words);
                    budget -= end - active.word;
                    for w in active.word..end {
                        let candidates =
                            std::mem::take(&mut active.round.candidates.0[w]) & !p.seen.0[w];
                        if candidates == 0 {
                            continue;
                        }
                        p.seen.0[w] |= candidates;
                        let mut bits = candidates;
                        while bits != 0 {
                            let local = w * 64 + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            active.claimed += 1;
                            if let Some(distances) = &mut p.distances {
                                distances[local] = value;
                            }
                            let rank = local as u64 * peers + index as u64;
                            let state = space.unrank(rank);
                            if p.table.is_some() {
                                p.settle(space.entry(&state), value);
                            }
                            space.expand(&state, &mut |next, free| {
                                if p.owns(next) {
                                    let local = p.local(next);
                                    if p.seen.get(local) {
                                        return;
                                    }
                                    if free {
                                        // the next round of this depth
                                        let round = p.round_at(time + 1, &active.round.caps);
                                        round.candidates.set(local);
                                    } else {
                                        let round = p.round_at(unit_time, &active.round.caps);
                                        round.candidates.set(local);
                                    }
                                } else if free {
                                    p.free_out.push(next);
                                } else {
                                    p.unit_out.push(next);
                                }
                            });
                        }
                        if p.unit_out.len() >= SEND_BATCH
                            || p.free_out.len() >= SEND_BATCH
                            || p.entry_out.len() >= SEND_BATCH
                        {
                            flush(
                                p,
                                &active.round.caps,
                                &mut ranks_session,
                                &mut entries_session,
                            );
                        }
                    }
                    active.word = end;
                    flush(
                        p,
                        &active.round.caps,
                        &mut ranks_session,
                        &mut entries_session,
                    );
                    if active.word < words {
                        p.active = Some(active);
                        break;
                    }
                    // The round is done: report it and let its time pass.
                    if active.claimed > 0 {
                        counts_session
                            .session(&active.round.caps.0[1])
                            .give(active.claimed);
                    }
                    p.spare.push(active.round.candidates);
                    p.bitmaps_live -= 1;
                }
                if p.active.is_some()
                    || p.rounds
                        .first_key_value()
                        .is_some_and(|(time, _)| !frontiers[0].less_equal(time))
                {
                    activator.activate();
                }
            }
        });
        ranks.connect_loop(handle);

        // Worker 0 sums each depth's counts once no round of it can come.
        let mut sums: BTreeMap<u64, u64> = BTreeMap::new();
        let mut total = 0u64;
        counts.sink(
            Exchange::new(|_: &u64| 0),
            "Histogram",
            move |(input, frontier)| {
                input.for_each_stamp(|cap, data| {
                    // cannot fail: u64 times are totally ordered
                    let depth = depth_of(*cap.least().expect("a message has a time"));
                    let sum = sums.entry(depth).or_default();
                    for batch in data {
                        *sum += batch.drain(..).sum::<u64>();
                    }
                });
                while let Some((&depth, _)) = sums.first_key_value() {
                    if frontier.less_equal(&last_round(depth)) {
                        break;
                    }
                    // cannot fail: the key was just read
                    let states = sums.remove(&depth).expect("the depth exists");
                    total += states;
                    let mut histogram = histogram_in_flow.borrow_mut();
                    // Depths come in order, and none is empty until the last.
                    let depth = usize::try_from(depth).unwrap_or(usize::MAX);
                    histogram.resize(depth + 1, 0);
                    histogram[depth] = states;
                    on_layer(&LayerProgress {
                        depth: u32::try_from(depth).unwrap_or(u32::MAX),
                        states,
                        total,
                        elapsed: started.elapsed(),
                    });
                }
            },
        );

        // Entry owners keep the smallest depth per entry.
        if let Some(table) = table {
            entries.sink(
                Exchange::new(move |entry: &u64| entry / entry_block),
                "Entries",
                move |(input, _frontier)| {
                    let mut table = table.borrow_mut();
                    input.for_each_stamp(|cap, data| {
                        // cannot fail: u64 times are totally ordered
                        let value = depth_byte(depth_of(*cap.least().expect("a time")));
                        for batch in data {
                            for entry in batch.drain(..) {
                                let slot = &mut table
                                    [usize::try_from(entry - table_lo).unwrap_or(usize::MAX)];
                                *slot = (*slot).min(value);
                            }
                        }
                    });
                },
            );
        }
    });

    while worker.has_dataflows() {
        worker.step_or_park(Some(Duration::from_millis(100)));
    }

    let histogram = std::mem::take(&mut *histogram.borrow_mut());
    let mut guard = partition.borrow_mut();
    let p = &mut *guard;
    let bitmap_bytes = p.seen.0.len() * 8;
    let entries = p
        .table
        .take()
        .map(|table| (table_lo, std::mem::take(&mut *table.borrow_mut())));
    WorkerResult {
        histogram,
        distances: p.distances.take(),
        entries,
        peak_bitmap_bytes: bitmap_bytes * p.bitmaps_peak,
    }
}

/// Hands the buffered remote ranks and entries to timely: unit steps at the
/// round before the next depth's first (the loop adds one), free steps and
/// entries at this round.
fn flush<S: Space>(
    p: &mut Partition<S>,
    caps: &Caps,
    ranks: &mut timely::dataflow::operators::generic::OutputBuilderSession<
        '_,
        u64,
        timely::container::CapacityContainerBuilder<Vec<u64>>,
    >,
    entries: &mut timely::dataflow::operators::generic::OutputBuilderSession<
        '_,
        u64,
        timely::container::CapacityContainerBuilder<Vec<u64>>,
    >,
) {
    let time = caps.time();
    if !p.free_out.is_empty() {
        ranks
            .session(&caps.0[0])
            .give_iterator(p.free_out.drain(..));
    }
    if !p.unit_out.is_empty() {
        let cap = caps.0[0].delayed(&(next_depth(time) - 1));
        ranks.session(&cap).give_iterator(p.unit_out.drain(..));
    }
    if !p.entry_out.is_empty() {
        entries
            .session(&caps.0[2])
            .give_iterator(p.entry_out.drain(..));
    }
}

/// Sends every worker's block of table entries to worker 0, which returns
/// the whole table (`entry_count` bytes); the other workers return `None`.
pub(crate) fn gather_entries(
    worker: &mut Worker,
    block: Option<(u64, Vec<u8>)>,
    entry_count: u64,
) -> Option<Vec<u8>> {
    /// Bytes per message: large enough to amortise, small enough not to
    /// double a block's memory at once.
    const CHUNK: usize = 1 << 20;
    let index = worker.index();
    let table = Rc::new(RefCell::new(if index == 0 {
        vec![UNSEEN; usize::try_from(entry_count).unwrap_or(0)]
    } else {
        Vec::new()
    }));
    let chunks: Vec<(u64, Vec<u8>)> = block
        .map(|(lo, entries)| {
            entries
                .chunks(CHUNK)
                .enumerate()
                .map(|(i, chunk)| (lo + (i * CHUNK) as u64, chunk.to_vec()))
                .collect()
        })
        .unwrap_or_default();
    let table_in_flow = Rc::clone(&table);
    worker.dataflow::<u64, _, _>(move |scope| {
        chunks
            .to_stream(scope)
            .container::<Vec<(u64, Vec<u8>)>>()
            .sink(
                Exchange::new(|_: &(u64, Vec<u8>)| 0),
                "Gather",
                move |(input, _frontier)| {
                    let mut table = table_in_flow.borrow_mut();
                    input.for_each_stamp(|_cap, data| {
                        for batch in data {
                            for (lo, chunk) in batch.drain(..) {
                                let lo = usize::try_from(lo).unwrap_or(usize::MAX);
                                table[lo..lo + chunk.len()].copy_from_slice(&chunk);
                            }
                        }
                    });
                },
            );
    });
    while worker.has_dataflows() {
        worker.step_or_park(Some(Duration::from_millis(100)));
    }
    (index == 0).then(|| std::mem::take(&mut *table.borrow_mut()))
}

/// Joins the workers of a run, turning a failure into an error: a worker
/// that panicked, or timely's communication threads panicking when a peer
/// process dies (timely reports that by panicking in its guards).
pub(crate) fn join<T: Send + 'static>(
    guards: timely::communication::WorkerGuards<T>,
) -> Result<Vec<T>, crate::DataflowError> {
    let joined = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || guards.join()))
        .map_err(|panic| crate::DataflowError::Timely {
            message: panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_else(|| "a timely thread panicked".to_owned()),
        })?;
    joined
        .into_iter()
        .map(|result| {
            result.map_err(|_| crate::DataflowError::Timely {
                message: "a worker thread panicked (its message is above)".to_owned(),
            })
        })
        .collect()
}
