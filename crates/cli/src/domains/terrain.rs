//! Terrain maps ([`TERRAIN`]): a grid where entering a cell costs its
//! digit, walls block, one start and one goal ([`grid::text::TerrainMap`]),
//! searched as a [`Route`] under [`grid::Weighted`] movement; forward
//! only, with the Manhattan distance or none.

use frontier::Limits;
use grid::text::{TerrainError, TerrainMap, parse_terrain};
use grid::{Cell, Direction, Route};

use crate::domain::{BoardSet, Context, Domain, DomainInfo, Instance, Start};
use crate::domains::grids::steps_text;
use crate::registry::{
    self, Algorithm, Capabilities, Capability, Heuristic, HeuristicRow, Kept, Searchable,
};
use crate::strategy::{Attempt, Path, SolveError, Strategy, timed};

/// The Manhattan distance to a terrain map's goal: admissible, as every
/// step costs at least 1.
static MANHATTAN: HeuristicRow = HeuristicRow::new(
    [
        "manhattan",
        "manhattan",
        "The Manhattan distance to the goal (a terrain map's steps cost at least 1)",
    ],
    "terrain maps",
    "it measures terrain maps",
);

/// The heuristics of terrain maps.
const HEURISTICS: &[Heuristic] = &[Heuristic::ZERO, Heuristic::new(&MANHATTAN)];

/// Terrain maps, the domain.
#[derive(Debug, Default)]
pub struct Maps;

/// Terrain maps of digit costs.
pub static TERRAIN: Maps = Maps;

impl DomainInfo for Maps {
    fn name(&self) -> &'static str {
        "terrain"
    }

    fn instances(&self) -> &'static str {
        "terrain maps"
    }

    fn kind(&self) -> &'static str {
        "terrain maps"
    }

    /// Forward only: a step costs what the cell entered costs, so a step
    /// back does not cost what the step did. Breadth-first search runs,
    /// not optimal ([`is_optimal`](DomainInfo::is_optimal)).
    fn capabilities(&self) -> Capabilities {
        Capabilities::of(&[Capability::FewestSteps])
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        HEURISTICS
    }

    fn is_optimal(&self, algorithm: Algorithm) -> bool {
        // Steps cost 1 to 9: the fewest steps need not be the cheapest.
        algorithm.is_optimal() && algorithm.uses_heuristic()
    }
}

impl Domain for Maps {
    type Instance = TerrainMap;
    type Kept = Kept<Cell, Direction, u64>;

    fn kept(&self, context: &Context) -> Self::Kept {
        Kept::new(context.jobs)
    }

    fn solve(
        &self,
        map: &TerrainMap,
        strategy: Strategy,
        limits: &Limits<u32>,
        kept: &mut Self::Kept,
        _: &Context,
    ) -> Result<Attempt, SolveError> {
        // The map's own heuristic is the Manhattan distance; the algorithms
        // that use none get zero.
        let estimate = if strategy.heuristic == Some(Heuristic::new(&MANHATTAN)) {
            grid::Heuristic::Distance
        } else {
            grid::Heuristic::Zero
        };
        let route = map.route().with_heuristic(estimate);
        let (result, elapsed) = timed(|| registry::run(strategy.algorithm, &route, limits, kept));
        let Some(result) = result else {
            return Err(SolveError::cannot_run(strategy, self.instances()));
        };
        let line = || self.to_line(map);
        Attempt::of_search::<Route<'_, grid::Weighted>>(
            result,
            elapsed,
            (strategy, &line),
            |steps| replay(&route, steps),
        )
    }

    fn to_line(&self, map: &TerrainMap) -> String {
        format!(
            "{}x{} map from {:?} to {:?}",
            map.width(),
            map.height(),
            map.start(),
            map.goal()
        )
    }
}

/// `steps` as the path of `route`: each a step the map allows from where
/// the one before led, ending at the goal; its cost the weights entered.
fn replay(route: &Route<'_, grid::Weighted>, steps: Vec<Direction>) -> Result<Path, String> {
    let length = route.replay(&steps).map_err(|err| err.to_string())?;
    let cost = usize::try_from(length.weighted).unwrap_or(usize::MAX);
    let text = steps_text(&steps);
    Ok(Path::new(steps, text, "steps").costing(cost))
}

/// Maps search forward only, by value: what [`registry::run`] runs for
/// every problem.
impl Searchable for Route<'_, grid::Weighted> {}

/// Reads a terrain map file (the grid crate's terrain text, see
/// [`grid::text`]) as a set of one map named `{name} terrain`.
///
/// # Errors
///
/// The map's [`TerrainError`] (with its line and column).
///
/// # Example
///
/// ```
/// use frontier_cli::domains::terrain::read_map;
///
/// let set = read_map("tiny.txt", b"S19\n1#1\n11G\n")?;
/// assert_eq!(set.name, "tiny.txt terrain");
/// assert_eq!(set.instances[0].start.to_line(), "3x3 map from (0, 0) to (2, 2)");
/// assert!(read_map("bad.txt", b"S1\n1x\n").is_err());
/// # Ok::<(), grid::TerrainError>(())
/// ```
pub fn read_map(name: &str, bytes: &[u8]) -> Result<BoardSet, TerrainError> {
    let map = parse_terrain(bytes)?;
    Ok(BoardSet {
        name: format!("{name} terrain"),
        domain: &TERRAIN,
        instances: vec![Instance {
            start: Start::new(&TERRAIN, map),
            origin: name.to_owned(),
            known_length: None,
        }],
    })
}

#[cfg(test)]
mod tests {
    use frontier::Limits;

    use super::*;
    use crate::domain::Solver;
    use crate::strategy::Answer;

    fn tiny() -> TerrainMap {
        "S19\n1#1\n11G".parse().unwrap()
    }

    #[test]
    fn every_offered_strategy_finds_the_cheapest_path_or_a_path() {
        let map = tiny();
        let mut solver = Solver::new();
        let mut offered = 0;
        let strategies: std::collections::BTreeSet<Strategy> = Algorithm::ALL
            .iter()
            .flat_map(|&a| {
                crate::domains::heuristics()
                    .iter()
                    .map(move |&h| Strategy::new(a, h))
            })
            .collect();
        for strategy in strategies {
            let algorithm = strategy.algorithm;
            let refused = strategy.refusal(&TERRAIN);
            let attempt = solver.solve(&TERRAIN, &map, strategy, &Limits::new());
            let Some(reason) = refused else {
                let attempt = attempt.unwrap();
                let Answer::Solved(path) = &attempt.answer else {
                    panic!("{strategy}: {:?}", attempt.answer);
                };
                // Greedy and BFS find a path; the others the cheapest,
                // down, down, right, right, costing 4.
                if TERRAIN.is_optimal(algorithm) {
                    assert_eq!(path.text(), "s s e e", "{strategy}");
                    assert_eq!(path.cost(), 4, "{strategy}");
                }
                assert_eq!(path.actions::<Direction>().map(<[_]>::len), Some(4));
                offered += 1;
                continue;
            };
            let err = attempt.unwrap_err();
            assert!(err.to_string().contains(reason), "{err}");
        }
        // BFS; A*, IDA* and greedy with zero and Manhattan.
        assert_eq!(offered, 1 + 3 * 2);
    }

    #[test]
    fn a_walled_off_goal_is_unsolvable() {
        let map: TerrainMap = "S#1\n##1\n11G".parse().unwrap();
        let astar = Strategy::new(Algorithm::AStar, Heuristic::new(&MANHATTAN));
        let attempt = Solver::new()
            .solve(&TERRAIN, &map, astar, &Limits::new())
            .unwrap();
        assert_eq!(attempt.answer, Answer::Unsolvable);
    }

    #[test]
    fn a_path_that_does_not_reach_the_goal_is_refused() {
        use Direction::{East, South};
        let map = tiny();
        let route = map.route();
        let path = replay(&route, vec![South, South, East, East]).unwrap();
        assert_eq!((path.text(), path.cost()), ("s s e e", 4));
        assert_eq!(
            replay(&route, vec![South, East]).unwrap_err(),
            "step 1 (e) from (0, 1) is not allowed under weighted movement"
        );
        assert_eq!(
            replay(&route, vec![South]).unwrap_err(),
            "the steps end at (0, 1), not at the goal"
        );
    }
}
