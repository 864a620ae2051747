//! One query drawn once per algorithm, side by side: the searches run
//! here, each noting the cells it expands ([`panels`]), and the grid
//! crate draws them ([`grid::svg::draw_query`]: the map, the cells each
//! search expanded, tinted, the jump points of jump point search also
//! ringed, and its path).

use grid::suite::{ReplayBug, Suite};
use grid::svg::Trace;
use grid::{Cardinal, Cell, CornerCutting, Octile};

use super::movement::{GridMovement, Searchers};
use super::run::{RunError, jump_tables_of, route};
use super::search::{MovementKind, Search, assert_offered};
use crate::registry::Algorithm;

/// The query to draw: `(map, query)` indices, `index` of the first map's
/// queries (the csv's `index` column) or, without one, its longest.
///
/// # Errors
///
/// A message if `index` is not one of the first map's queries.
pub fn svg_query(suite: &Suite, index: Option<usize>) -> Result<(usize, usize), String> {
    let Some(first) = suite.maps.first() else {
        return Err("there is no query to draw".to_owned());
    };
    match index {
        Some(index) if index < first.queries.len() => Ok((0, index)),
        Some(index) => Err(format!(
            "--query {index}: {} has queries 0 to {}",
            first.name,
            first.queries.len() - 1
        )),
        None => Ok((
            0,
            first
                .queries
                .iter()
                .enumerate()
                .max_by(|(_, a), (_, b)| a.1.optimal.total_cmp(&b.1.optimal))
                .map_or(0, |(index, _)| index),
        )),
    }
}

/// The algorithms drawn when none are asked for: A*, jump point search
/// where it is available, and a bidirectional search
/// ([`MovementKind::bidirectional`]).
#[must_use]
pub fn default_panels(movement: MovementKind) -> Vec<Search> {
    [
        Search::Registry(Algorithm::AStar),
        Search::Registry(Algorithm::Jps),
        movement.bidirectional(&[]),
    ]
    .into_iter()
    .filter(|algorithm| algorithm.refusal(movement).is_none())
    .collect()
}

/// Searches the query at `(map, query)` with each of `algorithms`, noting
/// the cells each expands, for [`grid::svg::draw_query`]: a [`Trace`]
/// per algorithm, those of jump point search (its few jump points)
/// ringed.
///
/// # Errors
///
/// [`RunError::Replay`] if a path does not replay,
/// [`RunError::JumpTable`] if JPS+'s table cannot be had.
///
/// # Panics
///
/// If an algorithm is refused under `movement` ([`Search::refusal`]).
pub fn panels(
    suite: &Suite,
    at: (usize, usize),
    algorithms: &[Search],
    movement: MovementKind,
    max_nodes: u64,
) -> Result<Vec<Trace<Search>>, RunError> {
    assert_offered(algorithms, movement);
    match movement {
        MovementKind::Octile => panels_as::<Octile>(suite, at, algorithms, max_nodes),
        MovementKind::CornerCutting => panels_as::<CornerCutting>(suite, at, algorithms, max_nodes),
        MovementKind::Cardinal => panels_as::<Cardinal>(suite, at, algorithms, max_nodes),
    }
}

/// [`panels`] under movement `M`.
fn panels_as<M: GridMovement>(
    suite: &Suite,
    (map, index): (usize, usize),
    algorithms: &[Search],
    max_nodes: u64,
) -> Result<Vec<Trace<Search>>, RunError> {
    let set = &suite.maps[map];
    let (_, query) = &set.queries[index];
    let route = route::<M>(set, query);
    let tables = jump_tables_of::<M>(set, algorithms)?;
    let xy = |cells: Vec<Cell>| -> Vec<(usize, usize)> {
        cells.into_iter().map(|cell| set.grid.xy(cell)).collect()
    };
    let mut searchers = Searchers::new(max_nodes);
    let mut panels = Vec::with_capacity(algorithms.len());
    for &algorithm in algorithms {
        let recording = searchers.solve(algorithm, route, &tables, true);
        let attempt = recording.attempt;
        let (path, length, stopped) = match attempt.outcome {
            Ok(Some(steps)) => {
                let length = route
                    .replay(&steps)
                    .map_err(|error| ReplayBug::new(suite, (map, index), Some(algorithm), error))?;
                (xy(route.cells(&steps)), Some(length.value()), None)
            }
            Ok(None) => (Vec::new(), None, None),
            Err(limit) => (Vec::new(), None, Some(limit)),
        };
        panels.push(Trace {
            algorithm,
            forward: xy(recording.forward),
            backward: xy(recording.backward),
            path,
            length,
            expanded: attempt.expanded,
            stopped,
            ring_forward: algorithm.algorithm() == Algorithm::Jps,
        });
    }
    Ok(panels)
}
