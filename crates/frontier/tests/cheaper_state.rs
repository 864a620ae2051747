//! States that are equal under `Eq` but carry more than their key (a jump
//! point's arrival direction, say): when A* finds a cheaper path to a
//! stored state, it keeps the state value that came with that path, so the
//! node is expanded as the cheaper arrival, not as the first one stored.

use std::hash::{Hash, Hasher};

use frontier::{AStar, RankedStates, SearchProblem, Step};

/// A place and how it was reached: equal, hashed and ranked by place only.
#[derive(Clone, Copy, Debug)]
struct Arrival {
    place: u8,
    /// Only an arrival by the cheap road may go on to the goal.
    cheap: bool,
}

impl PartialEq for Arrival {
    fn eq(&self, other: &Self) -> bool {
        self.place == other.place
    }
}

impl Eq for Arrival {}

impl Hash for Arrival {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.place.hash(state);
    }
}

/// Start 0; the dear road 0 → 2 (cost 5) is generated first, the cheap one
/// 0 → 1 → 2 (cost 1 + 1) second; 2 goes on to the goal 3 (cost 1) only if
/// it was reached by the cheap road.
struct Roads;

impl SearchProblem for Roads {
    type State = Arrival;
    type Action = u8;
    type Cost = u32;

    fn start(&self) -> Arrival {
        Arrival {
            place: 0,
            cheap: true,
        }
    }

    fn is_goal(&self, state: &Arrival) -> bool {
        state.place == 3
    }

    fn successors(&self, state: &Arrival) -> impl Iterator<Item = Step<Arrival, u8, u32>> {
        let to = |place, cheap, cost| Step::new(place, Arrival { place, cheap }, cost);
        let steps = match (state.place, state.cheap) {
            (0, _) => vec![to(2, false, 5), to(1, true, 1)],
            (1, _) => vec![to(2, true, 1)],
            (2, true) => vec![to(3, true, 1)],
            _ => vec![],
        };
        steps.into_iter()
    }
}

impl RankedStates for Roads {
    fn state_count(&self) -> usize {
        4
    }

    fn rank(&self, state: &Arrival) -> usize {
        usize::from(state.place)
    }
}

#[test]
fn a_cheaper_path_brings_its_state_value_hashed() {
    let result = AStar::new().search(&Roads);
    let solution = result.solution().expect("the cheap road reaches the goal");
    assert_eq!(solution.cost, 3);
    assert_eq!(solution.actions, [1, 2, 3]);
    assert!(solution.states.iter().all(|state| state.cheap));
}

#[test]
fn a_cheaper_path_brings_its_state_value_dense() {
    let result = AStar::new().dense().search(&Roads);
    let solution = result.solution().expect("the cheap road reaches the goal");
    assert_eq!(solution.cost, 3);
    assert!(solution.states.iter().all(|state| state.cheap));
}
