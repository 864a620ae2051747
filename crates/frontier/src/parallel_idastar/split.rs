//! One iteration of the parallel search: the levels near the root
//! expanded one after another, each in the serial search's order, then the
//! subtrees below them handed to the threads (`thread.rs`).

use super::Walk;
use super::thread::{Shared, subtrees};
use crate::idastar::by_value;
use crate::idastar::keeper::{Counts, Flow, Keeper, Part, Path};
use crate::{Cost, SearchProblem};

/// About how many subtrees each iteration is split into: enough that work
/// stealing evens out subtrees of very different sizes, few enough that
/// splitting costs nothing measurable.
const SPLIT_TASKS: usize = 512;

/// The deepest level split: on a narrow tree (one child per node) the
/// split levels would otherwise recurse without the serial search's stack
/// checks.
const SPLIT_DEPTH: usize = 64;

/// One iteration from `start` under `bound`, with `counts` so far. The
/// levels near the root are expanded one after another, each in the serial
/// search's order and with its test of each child
/// ([`by_value::test_child`]), until about [`SPLIT_TASKS`] subtrees wait
/// (or [`SPLIT_DEPTH`] is reached); the threads then take those subtrees
/// in that order, each searching one at a time with `walk`. Taking them
/// in order keeps every thread near the serial search's path, so a goal
/// the serial search reaches early is reached early, and no thread works
/// far to the right of it.
pub(super) fn iteration<P, W>(
    problem: &P,
    shared: &Shared<'_, P::Cost>,
    walk: &W,
    start: &P::State,
    bound: P::Cost,
    counts: Counts<P::Cost>,
) -> Part<P::State, P::Action, P::Cost>
where
    P: SearchProblem + Sync,
    P::State: Send + Sync,
    P::Action: Send + Sync,
    P::Cost: Send + Sync,
    W: Walk<P>,
{
    let mut limiter = shared;
    let mut keeper = Keeper::new(&mut limiter, bound, counts, Path::default());
    let mut above = vec![Above {
        state: start.clone(),
        parent: 0,
        action: None,
        g: P::Cost::ZERO,
    }];
    let mut level = vec![0];
    let mut depth = 1;
    while level.len() < SPLIT_TASKS && depth < SPLIT_DEPTH {
        let mut next = Vec::new();
        for &index in &level {
            if !keeper.enter(depth) {
                return keeper.finish(Flow::Stop, &mut Path::default());
            }
            let node = &above[index];
            // The root stands in as its own parent, as in the serial
            // search.
            let (state, parent, g) = (node.state.clone(), above[node.parent].state.clone(), node.g);
            for step in problem.successors(&state) {
                if step.state == parent {
                    continue;
                }
                let Some(g) = by_value::test_child(problem, &mut keeper, g, &step) else {
                    continue;
                };
                if problem.is_goal(&step.state) {
                    keeper.found_at(g);
                    keeper.record(step.state, step.action);
                    climb(&above, index, &mut keeper);
                    return keeper.finish(Flow::Found, &mut Path::default());
                }
                above.push(Above {
                    state: step.state,
                    parent: index,
                    action: Some(step.action),
                    g,
                });
                next.push(above.len() - 1);
            }
        }
        level = next;
        depth += 1;
        if level.is_empty() {
            break;
        }
    }
    let own = keeper.finish(Flow::Continue, &mut Path::default());
    own.merge(subtrees(
        problem, shared, walk, &above, &level, depth, bound,
    ))
}

/// A node of the levels expanded before the threads start: its state, its
/// parent's index (the root is its own parent), the action from the parent
/// (none for the root) and the cost from the root.
pub(super) struct Above<S, A, C> {
    pub(super) state: S,
    pub(super) parent: usize,
    action: Option<A>,
    pub(super) g: C,
}

/// Adds the path from `above[index]` up to the root (the root excluded) to
/// the solution in `keeper`, held goal first.
pub(super) fn climb<P: SearchProblem>(
    above: &[Above<P::State, P::Action, P::Cost>],
    mut index: usize,
    keeper: &mut Keeper<'_, P>,
) {
    // Only the root has no action.
    while let Some(action) = &above[index].action {
        let node = &above[index];
        keeper.record(node.state.clone(), action.clone());
        index = node.parent;
    }
}
