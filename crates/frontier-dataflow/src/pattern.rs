//! Pattern tables built on the engine: [`build_pattern_table`].

use std::sync::Arc;

use pattern_db::{AbstractStep, Abstraction, PatternTable};

use crate::bfs::check_addressable;
use crate::engine::{self, Options, Space};
use crate::{DataflowError, LayerProgress, Workers};

/// Builds the pattern table of `abstraction` on `workers`: the same table,
/// byte for byte, as [`PatternTable::build`] on one machine, so
/// [`PatternTable::save`] writes the same file.
///
/// The backward 0-1 search runs on the engine: abstract ranks are owned by
/// workers (`rank % n`), a depth is one or more rounds (one more per wave
/// of free steps), and each claimed state's table entry goes to the worker
/// owning that entry (contiguous blocks), which keeps the smallest depth.
/// At the end the blocks are gathered to worker 0. `on_layer` is called in
/// process 0 once per completed depth, with the abstract states claimed at
/// it.
///
/// Every process of a cluster calls this with the same abstraction;
/// process 0 returns the table, the others `None`.
///
/// # Example
///
/// ```
/// use pattern_db::{AbstractStep, Abstraction, PatternTable};
/// use frontier_dataflow::{Workers, build_pattern_table};
///
/// /// Two dials of 0 to 9, open at 0-0; a move turns one dial a notch.
/// struct Dials;
/// impl Abstraction for Dials {
///     type State = [u64; 2];
///     fn state_count(&self) -> u64 { 100 }
///     fn rank(&self, &[a, b]: &[u64; 2]) -> u64 { a * 10 + b }
///     fn unrank(&self, rank: u64) -> [u64; 2] { [rank / 10, rank % 10] }
///     fn goals(&self) -> impl Iterator<Item = [u64; 2]> { std::iter::once([0, 0]) }
///     fn predecessors(&self, &state: &[u64; 2]) -> impl Iterator<Item = AbstractStep<[u64; 2]>> {
///         (0..2).flat_map(move |dial| [1, 9].map(|turn| {
///             let mut next = state;
///             next[dial] = (next[dial] + turn) % 10;
///             AbstractStep::Unit(self.rank(&next))
///         }))
///     }
/// }
///
/// let table = build_pattern_table(Dials, &Workers::threads(2), |_| {})?.expect("process 0");
/// assert_eq!(table, PatternTable::build(&Dials, |_| {})?);
/// assert_eq!(table.get(Dials.rank(&[3, 8])), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`DataflowError::TooLarge`] if the ranks or entries cannot be indexed,
/// [`DataflowError::Timely`] if timely cannot start or connect its workers
/// or a worker fails.
///
/// # Panics
///
/// If the abstraction returns a rank or entry out of range (the worker
/// fails, and its process reports the panic).
///
/// # Complexity
///
/// As [`PatternTable::build`] for the search; per worker,
/// `3 * state_count / (8 n)` bytes of bitmaps, `entry_count / n` bytes of
/// table and `entry_count / 8` bytes recording which entries it sent, and
/// worker 0 gathers the whole table at the end. Each claimed state costs a
/// message of eight bytes to the owner of its entry unless this worker
/// sent that entry before.
pub fn build_pattern_table<A>(
    abstraction: A,
    workers: &Workers,
    on_layer: impl Fn(&LayerProgress) + Send + Sync + 'static,
) -> Result<Option<PatternTable>, DataflowError>
where
    A: Abstraction + Send + 'static,
{
    let state_count = abstraction.state_count();
    let entry_count = abstraction.entry_count();
    check_addressable(state_count)?;
    check_addressable(entry_count)?;
    let roots: Vec<u64> = abstraction
        .goals()
        .map(|goal| {
            let rank = abstraction.rank(&goal);
            assert!(
                rank < state_count,
                "Abstraction contract broken: rank {rank} is not below state_count {state_count}"
            );
            rank
        })
        .collect();
    let space = Arc::new(AbstractSpace {
        abstraction,
        state_count,
        entry_count,
    });
    let options = Options {
        distances: false,
        entries: Some(entry_count),
        on_layer: Arc::new(on_layer),
    };
    let guards = timely::execute(workers.timely_config(), move |worker| {
        let result = engine::run_worker(worker, &space, roots.clone(), &options);
        engine::gather_entries(worker, result.entries, entry_count)
    })
    .map_err(|message| DataflowError::Timely { message })?;
    let mut table = None;
    for entries in engine::join(guards)?.into_iter().flatten() {
        table = Some(PatternTable::from_entries(entries));
    }
    Ok(table.filter(|_| workers.process() == 0))
}

/// An abstraction seen as a space of ranks.
struct AbstractSpace<A> {
    abstraction: A,
    state_count: u64,
    entry_count: u64,
}

impl<A> AbstractSpace<A> {
    #[inline]
    fn checked(&self, rank: u64) -> u64 {
        assert!(
            rank < self.state_count,
            "Abstraction contract broken: rank {rank} is not below state_count {}",
            self.state_count
        );
        rank
    }
}

impl<A: Abstraction + Send + 'static> Space for AbstractSpace<A> {
    type State = A::State;

    fn rank_count(&self) -> u64 {
        self.state_count
    }

    fn unrank(&self, rank: u64) -> A::State {
        self.abstraction.unrank(rank)
    }

    #[inline]
    fn expand(&self, state: &A::State, step: &mut impl FnMut(u64, bool)) {
        for predecessor in self.abstraction.predecessors(state) {
            match predecessor {
                AbstractStep::Free(state) => {
                    step(self.checked(self.abstraction.rank(&state)), true);
                }
                AbstractStep::Unit(rank) => step(self.checked(rank), false),
            }
        }
    }

    fn entry(&self, state: &A::State) -> u64 {
        let entry = self.abstraction.entry(state);
        assert!(
            entry < self.entry_count,
            "Abstraction contract broken: entry {entry} is not below entry_count {}",
            self.entry_count
        );
        entry
    }
}
