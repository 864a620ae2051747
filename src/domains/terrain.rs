//! Terrain maps ([`TERRAIN`]): a grid where entering a cell costs its
//! digit, walls block, one start and one goal ([`crate::terrain::Terrain`]);
//! searched forward only, with the Manhattan distance or none.

use frontier::Limits;
use frontier::problem::NoHeuristic;

use crate::compare::{BoardSet, Instance};
use crate::domain::{Context, Domain, DomainInfo, Start};
use crate::registry::{self, Algorithm, HeuristicName, Kept, Searchable};
use crate::strategy::{Attempt, Path, SolveError, Strategy, timed_search};
use crate::terrain::{Direction, Terrain, TerrainError};

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

    fn algorithm_refusal(&self, algorithm: Algorithm) -> Option<&'static str> {
        match algorithm {
            Algorithm::Table => Some("the table holds 3x3 boards only"),
            Algorithm::BfsDense | Algorithm::BidirectionalDense | Algorithm::AStarDense => {
                Some("a map's cells are not ranked for dense tables")
            }
            Algorithm::Bidirectional | Algorithm::Mm | Algorithm::Nbs => {
                Some("a step costs what the cell entered costs: a map is searched forward only")
            }
            Algorithm::IdaStarBpmx => {
                Some("a step back does not cost what the step did: BPMX needs reversible moves")
            }
            Algorithm::Bfs | Algorithm::AStar | Algorithm::IdaStar | Algorithm::Greedy => None,
        }
    }

    fn is_optimal(&self, algorithm: Algorithm) -> bool {
        // Steps cost 1 to 9: the fewest steps need not be the cheapest.
        algorithm.is_optimal() && algorithm.uses_heuristic()
    }

    fn heuristic_refusal(&self, heuristic: HeuristicName) -> Option<&'static str> {
        match heuristic {
            HeuristicName::Zero | HeuristicName::Manhattan => None,
            HeuristicName::Gap3
            | HeuristicName::Gap2
            | HeuristicName::Gap1
            | HeuristicName::Gap => Some("it counts the gaps of pancake stacks"),
            _ => Some("it measures sliding-puzzle boards"),
        }
    }
}

impl Domain for Maps {
    type Instance = Terrain;
    type Kept = Kept<(usize, usize), Direction>;

    fn kept(&self, context: &Context) -> Self::Kept {
        Kept::new(context.jobs)
    }

    fn solve(
        &self,
        map: &Terrain,
        strategy: Strategy,
        limits: &Limits<u32>,
        kept: &mut Self::Kept,
        _: &Context,
    ) -> Result<Attempt, SolveError> {
        let algorithm = strategy.algorithm;
        // The map's own heuristic is the Manhattan distance; the algorithms
        // that use none get zero.
        let (result, elapsed) = if strategy.heuristic == Some(HeuristicName::Manhattan) {
            timed_search(|| registry::run(algorithm, map, limits, kept))
        } else {
            timed_search(|| registry::run(algorithm, &NoHeuristic(map), limits, kept))
        };
        let Some(result) = result else {
            return Err(SolveError::Unsupported {
                strategy,
                instances: self.instances(),
                reason: "the domain offers it, but its problem cannot run it",
            });
        };
        let line = || self.to_line(map);
        Attempt::of_search::<Terrain>(result, elapsed, (strategy, &line), |steps| {
            replay(map, steps)
        })
    }

    fn to_line(&self, map: &Terrain) -> String {
        let (start, goal) = (frontier::SearchProblem::start(map), map.goal_cell());
        format!(
            "{}x{} map from {start:?} to {goal:?}",
            map.width(),
            map.height()
        )
    }
}

/// `steps` as the path of `map`: each a step the map allows from where the
/// one before led, ending at the goal.
fn replay(map: &Terrain, steps: Vec<Direction>) -> Result<Path, String> {
    use frontier::SearchProblem;
    let mut at = map.start();
    let mut cost = 0_usize;
    for (position, &step) in steps.iter().enumerate() {
        let next = map
            .successors(&at)
            .find(|next| next.action == step)
            .ok_or_else(|| {
                format!("step {step} at position {position} leaves the map or hits a wall")
            })?;
        at = next.state;
        cost += usize::try_from(next.cost).unwrap_or(usize::MAX);
    }
    if !map.is_goal(&at) {
        return Err(format!("the steps end at {at:?}, not at the goal"));
    }
    let text: String = steps.iter().collect();
    Ok(Path::new(steps, text, "steps").costing(cost))
}

/// Maps search forward only, by value: what [`registry::run`] runs for
/// every problem.
impl Searchable for Terrain {}

/// The same map with no heuristic: Dijkstra for A*.
impl Searchable for NoHeuristic<&Terrain> {}

/// Reads a terrain map file (see [`Terrain`]'s `FromStr`) as a set of one
/// map named `{name} terrain`.
///
/// # Errors
///
/// The map's [`TerrainError`] (with its line and column).
///
/// # Example
///
/// ```
/// use frontier_workspace::domains::terrain::read_map;
///
/// let set = read_map("tiny.txt", b"S19\n1#1\n11G\n")?;
/// assert_eq!(set.name, "tiny.txt terrain");
/// assert_eq!(set.instances[0].start.to_line(), "3x3 map from (0, 0) to (2, 2)");
/// assert!(read_map("bad.txt", b"S1\n1x\n").is_err());
/// # Ok::<(), frontier_workspace::terrain::TerrainError>(())
/// ```
pub fn read_map(name: &str, bytes: &[u8]) -> Result<BoardSet, TerrainError> {
    let map = Terrain::from_bytes(bytes)?;
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
    use crate::strategy::{Answer, Solver};

    #[test]
    fn every_offered_strategy_finds_the_cheapest_path_or_a_path() {
        let map: Terrain = "S19\n1#1\n11G".parse().unwrap();
        let mut solver = Solver::new();
        let mut offered = 0;
        let strategies: std::collections::BTreeSet<Strategy> = Algorithm::ALL
            .iter()
            .flat_map(|&a| HeuristicName::ALL.iter().map(move |&h| Strategy::new(a, h)))
            .collect();
        for strategy in strategies {
            let algorithm = strategy.algorithm;
            {
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
                        assert_eq!(path.text(), "ddrr", "{strategy}");
                        assert_eq!(path.cost(), 4, "{strategy}");
                    }
                    assert_eq!(path.actions::<Direction>().map(<[_]>::len), Some(4));
                    offered += 1;
                    continue;
                };
                let err = attempt.unwrap_err();
                assert!(err.to_string().contains(reason), "{err}");
            }
        }
        // BFS; A*, IDA* and greedy with zero and Manhattan.
        assert_eq!(offered, 1 + 3 * 2);
    }

    #[test]
    fn a_walled_off_goal_is_unsolvable() {
        let map: Terrain = "S#1\n##1\n11G".parse().unwrap();
        let astar = Strategy::new(Algorithm::AStar, HeuristicName::Manhattan);
        let attempt = Solver::new()
            .solve(&TERRAIN, &map, astar, &Limits::new())
            .unwrap();
        assert_eq!(attempt.answer, Answer::Unsolvable);
    }

    #[test]
    fn a_path_that_does_not_reach_the_goal_is_refused() {
        let map: Terrain = "S19\n1#1\n11G".parse().unwrap();
        assert!(replay(&map, vec!['d', 'd', 'r', 'r']).is_ok());
        assert_eq!(
            replay(&map, vec!['d', 'r']).unwrap_err(),
            "step r at position 1 leaves the map or hits a wall"
        );
        assert_eq!(
            replay(&map, vec!['d']).unwrap_err(),
            "the steps end at (0, 1), not at the goal"
        );
    }
}
