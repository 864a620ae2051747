//! Terrain maps ([`TERRAIN`]): a grid where entering a cell costs its
//! digit, walls block, one start and one goal ([`grid::text::TerrainMap`]),
//! searched as a [`Route`] under [`grid::Weighted`] movement; forward
//! only, with the Manhattan distance or none.
//!
//! Weighted A* (the Manhattan distance multiplied by a weight, the
//! `terrain` program's third search) is the one search of the programs
//! that is not a registry strategy: its weight is a number of the command
//! line, not a heuristic a row can name, and the estimate it makes
//! overestimates, so `compare` must never take it for an optimal
//! strategy. It lives here all the same, in [`Maps::solve_weighted`]:
//! the registry's A* on the grid crate's inflated route ([`Inflated`],
//! made and checked by [`weighted`]), its path replayed as every terrain
//! path is. Every
//! path's cost is also held against the cost the search reports.

use frontier::{Limits, Outcome};
use grid::text::{TerrainError, TerrainMap, parse_terrain};
use grid::{Cell, Direction, Route};

use crate::domain::{BoardSet, Context, Domain, DomainInfo, Instance, Reader, Start, named_file};
use crate::domains::grids::steps_path;
use crate::registry::{
    self, Algorithm, Capabilities, Capability, Heuristic, HeuristicRow, Kept, ResultOf, Searchable,
};
use crate::strategy::{Attempt, Path, SolveError, Strategy, timed};

pub use grid::inflated::{Inflated, WeightError, max_weight, parse_weight, weighted};

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

/// The Manhattan distance to a terrain map's goal, the strongest of the
/// heuristics terrain maps offer: the `terrain` program's A*.
pub const MANHATTAN_DISTANCE: Heuristic = Heuristic::new(&MANHATTAN);

/// The heuristics of terrain maps.
const HEURISTICS: &[Heuristic] = &[Heuristic::ZERO, MANHATTAN_DISTANCE];

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

    fn reader(&self) -> Option<&'static Reader> {
        Some(&TERRAIN_FILES)
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
        attempt::<Route<'_, grid::Weighted>>(&route, result, elapsed, (strategy, &line))
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

impl Maps {
    /// Weighted A* on `inflated`'s map under `limits`: the registry's A* on
    /// the route whose Manhattan estimate is multiplied by the weight
    /// ([`weighted`] checked it), so the path found costs at most the
    /// weight times the cheapest. Its path is replayed as the strategies'
    /// paths are ([`Domain::solve`]).
    ///
    /// The one search of the programs that is not a registry strategy
    /// (see the [module docs](self)): errors name it A* with the Manhattan
    /// distance, the instance its weight.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier::Limits;
    /// use frontier_cli::domains::terrain::{TERRAIN, weighted};
    ///
    /// let map = "S19\n1#1\n11G".parse()?;
    /// let attempt = TERRAIN.solve_weighted(&weighted(&map, 3.0)?, &Limits::new())?;
    /// assert!(attempt.cost().unwrap() <= 3 * 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SolveError::WrongSolution`] if the path does not replay to the
    /// goal at the cost the search reports: a bug.
    pub fn solve_weighted(
        &self,
        inflated: &Inflated<'_>,
        limits: &Limits<u32>,
    ) -> Result<Attempt, SolveError> {
        let strategy = Strategy::new(Algorithm::AStar, MANHATTAN_DISTANCE);
        let (result, elapsed) =
            timed(|| registry::run(Algorithm::AStar, inflated, limits, &mut Kept::new(1)));
        let Some(result) = result else {
            return Err(SolveError::cannot_run(strategy, self.instances()));
        };
        let line = || {
            format!(
                "{}, the distance weighted {}",
                self.to_line(inflated.map()),
                inflated.weight()
            )
        };
        attempt::<Inflated<'_>>(&inflated.route(), result, elapsed, (strategy, &line))
    }
}

/// The attempt of a search of `route` (by value, or inflated) that
/// returned `result` after `elapsed`: its path replayed on the route, and
/// the cost it adds up to held against the cost the search reports.
fn attempt<P>(
    route: &Route<'_, grid::Weighted>,
    result: ResultOf<P>,
    elapsed: std::time::Duration,
    described: (Strategy, &dyn Fn() -> String),
) -> Result<Attempt, SolveError>
where
    P: frontier::SearchProblem<State = Cell, Action = Direction, Cost = u64>,
{
    let reported = match &result.outcome {
        Outcome::Found(solution) => Some(solution.cost),
        _ => None,
    };
    Attempt::of_search::<P>(result, elapsed, described, |steps| {
        let path = replay(route, steps)?;
        match reported {
            Some(cost) if u64::try_from(path.cost()) != Ok(cost) => Err(format!(
                "its steps cost {}, the search reports {cost}",
                path.cost()
            )),
            _ => Ok(path),
        }
    })
}

/// `steps` as the path of `route`: each a step the map allows from where
/// the one before led, ending at the goal; its cost the weights entered.
fn replay(route: &Route<'_, grid::Weighted>, steps: Vec<Direction>) -> Result<Path, String> {
    let length = route.replay(&steps).map_err(|err| err.to_string())?;
    let cost = usize::try_from(length.weighted).unwrap_or(usize::MAX);
    Ok(steps_path(steps, cost))
}

/// Maps search forward only, by value: what [`registry::run`] runs for
/// every problem.
impl Searchable for Route<'_, grid::Weighted> {}

/// `compare --input terrain:FILE` (and `--terrain FILE`): [`read_map`],
/// a set per file; a map that does not parse stops the run.
pub static TERRAIN_FILES: Reader = Reader {
    kind: "terrain",
    help: "a terrain map: rows of digits 1-9 (the cost of entering the cell), . for 1, # for walls, one S and one G",
    what: "terrain map",
    read: |path| {
        let (name, bytes) = named_file(path)?;
        let set = read_map(&name, &bytes)
            .map_err(|err| format!("{}: {err}", frontier_text::shown(path)))?;
        Ok((vec![set], Vec::new()))
    },
};

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

/// An inflated route searches forward only, by A* ([`registry::run`]).
impl Searchable for Inflated<'_> {}

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
    #[expect(clippy::cast_precision_loss, reason = "costs far below 2^53")]
    fn weighted_astar_runs_the_registry_astar_on_the_inflated_route() {
        let map = TerrainMap::random(30, 20, 4);
        let limits = Limits::new();
        let cheapest = Solver::new()
            .solve(
                &TERRAIN,
                &map,
                Strategy::new(Algorithm::AStar, MANHATTAN_DISTANCE),
                &limits,
            )
            .unwrap();
        let cheapest = cheapest.cost().unwrap();
        for weight in [1.0, 2.5, max_weight(&map)] {
            let attempt = TERRAIN
                .solve_weighted(&weighted(&map, weight).unwrap(), &limits)
                .unwrap();
            // `solve_weighted` replayed the path at the cost it reports.
            let cost = attempt.cost().unwrap();
            assert!(cost >= cheapest, "weight {weight}");
            assert!(cost as f64 <= weight * cheapest as f64, "weight {weight}");
            assert!(attempt.stats.expanded > 0);
        }
        let stopped = TERRAIN
            .solve_weighted(&weighted(&map, 2.0).unwrap(), &Limits::new().max_stored(5))
            .unwrap();
        assert_eq!(stopped.limit(), Some(frontier::Limit::Stored));
    }

    #[test]
    fn a_path_whose_cost_is_not_the_reported_one_is_refused() {
        use Direction::{East, South};
        let map = tiny();
        let route = map.route();
        let steps = vec![South, South, East, East];
        let reported = |cost| frontier::SearchResult {
            outcome: Outcome::Found(frontier::Solution {
                states: route.cells(&steps),
                actions: steps.clone(),
                cost,
            }),
            stats: frontier::Stats::default(),
        };
        let strategy = Strategy::new(Algorithm::AStar, MANHATTAN_DISTANCE);
        let line = || "tiny".to_owned();
        let found = attempt::<Route<'_, grid::Weighted>>(
            &route,
            reported(4),
            std::time::Duration::ZERO,
            (strategy, &line),
        );
        assert_eq!(found.unwrap().cost(), Some(4));
        let err = attempt::<Route<'_, grid::Weighted>>(
            &route,
            reported(3),
            std::time::Duration::ZERO,
            (strategy, &line),
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "A* (manhattan) returned a path that does not solve tiny: its steps cost 4, the \
             search reports 3"
        );
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
