//! Paths out of a table: roots in, solutions out.

use crate::limits::Room;
use crate::{Cost, Limit, SearchProblem, Solution};

use super::{NONE, Node, NodeId, NodeTable, Slot};

/// Stores `state`, which the table must not hold yet, as a root: no
/// parent, cost zero. Returns its id.
pub(crate) fn insert_root<P: SearchProblem>(
    table: &mut impl NodeTable<P>,
    problem: &P,
    state: P::State,
    room: &Room,
) -> Result<NodeId, Limit> {
    let node = Node {
        parent: NONE,
        action: None,
        g: P::Cost::ZERO,
    };
    match table.find_or_insert(problem, state, node, room) {
        Slot::New(id) | Slot::Old(id, ..) => Ok(id),
        Slot::Full(limit) => Err(limit),
    }
}

/// Appends the states and actions met walking from `id` up its parents to
/// its root: `id`'s state first, the root's last.
pub(crate) fn walk_to_root<P: SearchProblem>(
    table: &impl NodeTable<P>,
    id: NodeId,
    states: &mut Vec<P::State>,
    actions: &mut Vec<P::Action>,
) {
    let mut at = id;
    loop {
        states.push(table.state(at).clone());
        let node = table.node(at);
        match &node.action {
            Some(action) => actions.push(action.clone()),
            None => break,
        }
        at = node.parent;
    }
}

/// The states and actions from the root of `table` to `id`, root first.
pub(crate) fn path_to<P: SearchProblem>(
    table: &impl NodeTable<P>,
    id: NodeId,
) -> (Vec<P::State>, Vec<P::Action>) {
    let (mut states, mut actions) = (Vec::new(), Vec::new());
    walk_to_root(table, id, &mut states, &mut actions);
    states.reverse();
    actions.reverse();
    (states, actions)
}

/// The solution ending at node `id` of a forward table.
pub(crate) fn solution_to<P: SearchProblem>(
    table: &impl NodeTable<P>,
    id: NodeId,
) -> Solution<P::State, P::Action, P::Cost> {
    let (states, actions) = path_to::<P>(table, id);
    Solution {
        states,
        actions,
        cost: table.node(id).g,
    }
}
