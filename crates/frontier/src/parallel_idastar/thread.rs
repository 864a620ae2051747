//! The threads' side of an iteration: they take the subtrees below the
//! split one at a time, in the serial search's order, each searched by
//! the serial loop with a [`Keeper`] of its own; and the allowance and
//! flags they share ([`Shared`], the threads' [`Limiter`]).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use super::Walk;
use super::split::{Above, climb};
use crate::idastar::frame_bytes;
use crate::idastar::keeper::{Counts, End, Flow, Keeper, Limiter, Part, Path};
use crate::{Limit, Limits, SearchProblem};

/// What every thread of one search shares.
pub(super) struct Shared<'a, C> {
    limits: &'a Limits<C>,
    deadline: Option<Instant>,
    max_stored: usize,
    /// What a level of a thread's path is charged
    /// ([`frame_bytes`]).
    frame_bytes: usize,
    /// Expansions left to hand out (`u64::MAX` without `max_expanded`).
    allowance: AtomicU64,
    /// Raised when a goal is found or a limit is hit: every thread stops.
    stop: AtomicBool,
}

/// How many expansions a thread draws at a time, and so how often it looks
/// at the clock and the flags.
const POLL_INTERVAL: u64 = 4096;

impl<'a, C> Shared<'a, C> {
    /// The start of a search of `P` under `limits`.
    pub(super) fn new<P: SearchProblem>(limits: &'a Limits<C>) -> Self {
        Shared {
            limits,
            // A deadline past what the clock can hold is no deadline.
            deadline: limits.max_time.and_then(|d| Instant::now().checked_add(d)),
            max_stored: limits.max_stored.unwrap_or(usize::MAX),
            frame_bytes: frame_bytes::<P>(),
            allowance: AtomicU64::new(limits.max_expanded.unwrap_or(u64::MAX)),
            stop: AtomicBool::new(false),
        }
    }

    /// Whether every thread can hold a path of `depth` levels within the
    /// memory bound, as the serial IDA* charges them.
    fn depth_fits(&self, depth: usize) -> bool {
        let threads = rayon::current_num_threads().max(1);
        let bytes = depth
            .saturating_mul(self.frame_bytes)
            .saturating_mul(threads);
        crate::limits::fits(self.limits, bytes)
    }

    /// Draws up to [`POLL_INTERVAL`] expansions from the allowance, after
    /// checking the flags and the clock; the limit if none can be had.
    fn draw(&self) -> Result<u64, Option<Limit>> {
        if self.stop.load(Ordering::Relaxed) {
            return Err(None);
        }
        let limit = if self
            .limits
            .cancel
            .as_ref()
            .is_some_and(crate::CancelFlag::is_cancelled)
        {
            Some(Limit::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Limit::Time)
        } else {
            let drawn = self
                .allowance
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                    (left > 0).then(|| left.saturating_sub(POLL_INTERVAL))
                })
                .map(|left| left.min(POLL_INTERVAL));
            match drawn {
                Ok(drawn) => return Ok(drawn),
                Err(_) => Some(Limit::Expanded),
            }
        };
        self.stop.store(true, Ordering::Relaxed);
        Err(limit)
    }
}

/// A thread's limits (and the split's): `max_stored` and the memory bound
/// for each new level of its path, expansions drawn from the shared
/// allowance [`POLL_INTERVAL`] at a time (each draw also looks at the
/// flags and the clock), and those not used given back.
impl<C> Limiter<C> for &Shared<'_, C> {
    fn check(
        &mut self,
        expanded: u64,
        next_check: u64,
        depth: usize,
        peak: usize,
    ) -> Result<u64, Option<Limit>> {
        if depth > peak {
            let limit = if depth > self.max_stored {
                Some(Limit::Stored)
            } else if !self.depth_fits(depth) {
                Some(Limit::Memory)
            } else {
                None
            };
            if limit.is_some() {
                self.stop.store(true, Ordering::Relaxed);
                return Err(limit);
            }
        }
        if expanded < next_check {
            return Ok(next_check);
        }
        self.draw().map(|drawn| expanded + drawn)
    }

    fn finish(&mut self, unused: u64, found: bool) {
        if unused > 0 {
            // cannot fail: the closure always returns `Some`
            let _ = self
                .allowance
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                    Some(left.saturating_add(unused))
                });
        }
        if found {
            // A goal ends the iteration for every thread.
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// The subtrees below the nodes `level` of `above` (at `depth`), searched
/// under `bound` by the pool's threads with `walk`: each thread takes the
/// next subtree in order, searches it, and stops at a goal or a limit.
pub(super) fn subtrees<P, W>(
    problem: &P,
    shared: &Shared<'_, P::Cost>,
    walk: &W,
    above: &[Above<P::State, P::Action, P::Cost>],
    level: &[usize],
    depth: usize,
    bound: P::Cost,
) -> Part<P::State, P::Action, P::Cost>
where
    P: SearchProblem + Sync,
    P::State: Send + Sync,
    P::Action: Send + Sync,
    P::Cost: Send + Sync,
    W: Walk<P>,
{
    let taken = AtomicUsize::new(0);
    (0..rayon::current_num_threads())
        .into_par_iter()
        .map(|_| {
            let mut part = Part::empty();
            let mut path = Path::default();
            while let Some(&index) = level.get(taken.fetch_add(1, Ordering::Relaxed)) {
                let node = &above[index];
                let parent = &above[node.parent].state;
                let mut limiter = shared;
                // The path above this subtree was checked by the split.
                let counts = Counts::below(depth - 1);
                let keeper = Keeper::new(&mut limiter, bound, counts, std::mem::take(&mut path));
                let (flow, mut keeper) = keeper.below(depth, |keeper| {
                    walk(problem, keeper, &node.state, parent, node.g, depth)
                });
                if flow == Flow::Found {
                    climb(above, index, &mut keeper);
                }
                let subtree = keeper.finish(flow, &mut path);
                let done = !matches!(subtree.end, End::Continue);
                part = part.merge(subtree);
                if done {
                    break;
                }
            }
            part
        })
        .reduce(Part::empty, Part::merge)
}
