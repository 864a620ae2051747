//! `SearchProblem::heuristic_within`: IDA* asks it for
//! every child, and a problem that answers with a cheap estimate whenever
//! that already exceeds the bound gets the same search as with its full
//! heuristic, while the dear part is evaluated less often.

use std::cell::Cell;

use frontier::{IdaStar, SearchProblem, Step};

/// A 2-D grid walk to `(goal, goal)` with unit steps in four directions;
/// the heuristic is the larger of a cheap estimate (the larger coordinate
/// gap) and a dear one (Manhattan distance), and the dear one is counted.
struct Grid {
    goal: i32,
    size: i32,
    lazy: bool,
    dear_calls: Cell<u64>,
}

impl Grid {
    fn cheap(&self, (x, y): (i32, i32)) -> u32 {
        (self.goal - x)
            .unsigned_abs()
            .max((self.goal - y).unsigned_abs())
    }

    fn dear(&self, (x, y): (i32, i32)) -> u32 {
        self.dear_calls.set(self.dear_calls.get() + 1);
        (self.goal - x).unsigned_abs() + (self.goal - y).unsigned_abs()
    }
}

impl SearchProblem for Grid {
    type State = (i32, i32);
    type Action = char;
    type Cost = u32;

    fn start(&self) -> (i32, i32) {
        (0, 0)
    }

    fn is_goal(&self, state: &(i32, i32)) -> bool {
        *state == (self.goal, self.goal)
    }

    fn successors(
        &self,
        &(x, y): &(i32, i32),
    ) -> impl Iterator<Item = Step<(i32, i32), char, u32>> {
        let size = self.size;
        [
            ('r', x + 1, y),
            ('l', x - 1, y),
            ('d', x, y + 1),
            ('u', x, y - 1),
        ]
        .into_iter()
        .filter(move |&(_, x, y)| (0..size).contains(&x) && (0..size).contains(&y))
        .map(|(action, x, y)| Step::new(action, (x, y), 1))
    }

    fn heuristic(&self, state: &(i32, i32)) -> u32 {
        self.cheap(*state).max(self.dear(*state))
    }

    fn heuristic_within(&self, state: &(i32, i32), g: u32, bound: u32) -> u32 {
        let cheap = self.cheap(*state);
        if self.lazy && g + cheap > bound {
            return cheap;
        }
        cheap.max(self.dear(*state))
    }
}

fn grid(lazy: bool) -> Grid {
    Grid {
        goal: 6,
        size: 9,
        lazy,
        dear_calls: Cell::new(0),
    }
}

#[test]
fn ida_star_gets_the_same_search_for_fewer_dear_estimates() {
    let (eager, lazy) = (grid(false), grid(true));
    let (a, b) = (IdaStar::new().search(&eager), IdaStar::new().search(&lazy));
    assert_eq!(a.solution().unwrap().cost, 12);
    assert_eq!(b.solution().unwrap().cost, 12);
    assert_eq!(a.stats.iterations, b.stats.iterations);
    assert!(
        lazy.dear_calls.get() < eager.dear_calls.get(),
        "{} dear estimates against {}",
        lazy.dear_calls.get(),
        eager.dear_calls.get()
    );
}

#[test]
fn a_reference_to_a_problem_forwards_heuristic_within() {
    // `impl SearchProblem for &P` must forward every provided method: a
    // search of `&problem` as a problem (what `NoHeuristic(&problem)` and
    // other adapters holding a reference do) asks the same dear estimates
    // as a search of `problem`.
    let (direct, borrowed) = (grid(true), grid(true));
    let a = IdaStar::new().search(&direct);
    let b = IdaStar::new().search(&&borrowed);
    assert_eq!(a.outcome, b.outcome);
    assert_eq!(a.stats.expanded, b.stats.expanded);
    assert_eq!(
        borrowed.dear_calls.get(),
        direct.dear_calls.get(),
        "a search through a reference evaluated the dear estimate more often"
    );
}
