//! A domain added in a test module, as a new domain is added to the
//! programs: one module that describes its instances ([`DomainInfo`]: its
//! capabilities and heuristics) and solves one ([`Domain`]), and nothing
//! else. The registry then runs every algorithm whose capabilities it
//! has, refuses the others with the capability's reason, and refuses
//! the other domains' heuristics with theirs; no other file changes.

use frontier::{
    BidirectionalProblem, Limits, RankedStates, ReversibleProblem, SearchProblem, Step,
};
use frontier_cli::domain::{Context, Domain, DomainInfo, Solver, strategies_offered};
use frontier_cli::domains::heuristic;
use frontier_cli::registry::{
    self, Algorithm, Capabilities, Capability, Heuristic, HeuristicRow, Kept, ResultOf, Searchable,
};
use frontier_cli::strategy::{Answer, Attempt, Path, SolveError, Strategy, timed};

/// The last point of the line.
const END: u32 = 60;

/// A walk on the points `0..=END` of a line, one or three points a step,
/// either way.
#[derive(Clone, Copy, Debug)]
struct Walk {
    /// Where it starts.
    from: u32,
    /// Where it must arrive.
    to: u32,
    /// Whether the heuristic counts the steps of three.
    guided: bool,
}

/// The steps a walker takes.
const STEPS: [i64; 4] = [-3, -1, 1, 3];

impl Walk {
    /// The points one step from `point`.
    fn next(point: u32) -> impl Iterator<Item = Step<u32, i64, u32>> {
        STEPS.into_iter().filter_map(move |step| {
            let to = u32::try_from(i64::from(point) + step).ok()?;
            (to <= END).then(|| Step::new(step, to, 1))
        })
    }

    /// The fewest steps of three from `a` to `b`, if the heuristic counts
    /// them: admissible, as no step goes farther.
    fn estimate(&self, a: u32, b: u32) -> u32 {
        if self.guided {
            a.abs_diff(b).div_ceil(3)
        } else {
            0
        }
    }
}

impl SearchProblem for Walk {
    type State = u32;
    type Action = i64;
    type Cost = u32;

    fn start(&self) -> u32 {
        self.from
    }

    fn is_goal(&self, point: &u32) -> bool {
        *point == self.to
    }

    fn successors(&self, point: &u32) -> impl Iterator<Item = Step<u32, i64, u32>> {
        Walk::next(*point)
    }

    fn heuristic(&self, point: &u32) -> u32 {
        self.estimate(*point, self.to)
    }
}

impl BidirectionalProblem for Walk {
    fn goal(&self) -> u32 {
        self.to
    }

    fn predecessors(&self, point: &u32) -> impl Iterator<Item = Step<u32, i64, u32>> {
        // The step from the predecessor is the opposite of the one to it.
        Walk::next(*point).map(|step| Step::new(-step.action, step.state, 1))
    }

    fn backward_heuristic(&self, point: &u32) -> u32 {
        self.estimate(self.from, *point)
    }
}

impl RankedStates for Walk {
    fn state_count(&self) -> usize {
        END as usize + 1
    }

    fn rank(&self, point: &u32) -> usize {
        *point as usize
    }
}

impl ReversibleProblem for Walk {}

/// Walks search backward, rank their points and undo their steps.
impl Searchable for Walk {
    fn special(
        &self,
        algorithm: Algorithm,
        limits: &Limits<u32>,
        kept: &mut Kept<u32, i64>,
    ) -> Option<ResultOf<Self>> {
        registry::bidirectional(algorithm, self, limits)
            .or_else(|| registry::dense(algorithm, self, limits))
            .or_else(|| registry::bpmx(algorithm, self, limits, kept))
    }
}

/// The walks' one heuristic beside zero.
static THIRDS: HeuristicRow = HeuristicRow::new(
    [
        "thirds",
        "thirds",
        "The distance in steps of three, rounded up",
    ],
    "walks on a line",
    "it measures walks on a line",
);

/// Walks on a line, the domain.
struct Walks;

impl DomainInfo for Walks {
    fn name(&self) -> &'static str {
        "walk"
    }

    fn instances(&self) -> &'static str {
        "walks"
    }

    fn kind(&self) -> &'static str {
        "walks on a line"
    }

    fn capabilities(&self) -> Capabilities {
        use Capability::{Backward, BackwardHeuristic, FewestSteps, Ranks, Reversible};
        Capabilities::of(&[FewestSteps, Backward, BackwardHeuristic, Ranks, Reversible])
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        const HEURISTICS: &[Heuristic] = &[Heuristic::ZERO, Heuristic::new(&THIRDS)];
        HEURISTICS
    }
}

impl Domain for Walks {
    type Instance = (u32, u32);
    type Kept = Kept<u32, i64>;

    fn kept(&self, _: &Context) -> Self::Kept {
        Kept::new(1)
    }

    fn solve(
        &self,
        &(from, to): &(u32, u32),
        strategy: Strategy,
        limits: &Limits<u32>,
        kept: &mut Self::Kept,
        _: &Context,
    ) -> Result<Attempt, SolveError> {
        let guided = strategy.heuristic == Some(Heuristic::new(&THIRDS));
        let walk = Walk { from, to, guided };
        let (result, elapsed) = timed(|| registry::run(strategy.algorithm, &walk, limits, kept));
        let result = result.expect("the domain offers only what a walk runs");
        let line = || format!("{from} to {to}");
        Attempt::of_search::<Walk>(result, elapsed, (strategy, &line), |steps| {
            let mut point = i64::from(from);
            for &step in &steps {
                point += step;
                if !(0..=i64::from(END)).contains(&point) || step.abs() != 1 && step.abs() != 3 {
                    return Err(format!("step {step} leaves the line at {point}"));
                }
            }
            if point != i64::from(to) {
                return Err(format!("the steps end at {point}, not {to}"));
            }
            let text = steps.iter().map(i64::to_string).collect::<Vec<_>>();
            Ok(Path::new(steps, text.join(" "), "steps"))
        })
    }

    fn to_line(&self, &(from, to): &(u32, u32)) -> String {
        format!("{from} to {to}")
    }
}

/// The fewest steps from `from` to `to`, counted by hand: steps of three,
/// then ones (one fewer three and two ones back when that is shorter
/// never is: 3k+2 takes k+2 either way).
fn fewest(from: u32, to: u32) -> usize {
    let distance = from.abs_diff(to);
    (distance / 3 + distance % 3) as usize
}

#[test]
fn every_offered_strategy_finds_the_fewest_steps() {
    let mut solver = Solver::new();
    let offered = strategies_offered(&Walks);
    // BFS, bidirectional BFS, their dense twins; A*, A* dense, IDA*,
    // IDA* BPMX, greedy, MM, NBS, DVCBS and BAE* with zero and thirds.
    assert_eq!(offered.len(), 4 + 2 * 9, "{offered:?}");
    for strategy in offered {
        // Short walks: IDA* without a heuristic takes four times the
        // time for every step more.
        for (from, to) in [(0, 0), (0, 14), (59, 50), (30, 31), (7, 1)] {
            let attempt = solver
                .solve(&Walks, &(from, to), strategy, &Limits::new())
                .unwrap_or_else(|err| panic!("{strategy}: {err}"));
            let Answer::Solved(path) = &attempt.answer else {
                panic!("{strategy} from {from} to {to}: {:?}", attempt.answer);
            };
            if Walks.is_optimal(strategy.algorithm) {
                assert_eq!(path.len(), fewest(from, to), "{strategy}: {from} to {to}");
            } else {
                assert!(path.len() >= fewest(from, to), "{strategy}");
            }
        }
    }
}

#[test]
fn what_a_walk_lacks_is_refused_with_the_reason_written_once() {
    let mut solver = Solver::new();
    let mut refused = |strategy: Strategy| {
        solver
            .solve(&Walks, &(0, 9), strategy, &Limits::new())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refused(Strategy::plain(Algorithm::Table)),
        format!("table cannot solve walks ({})", Capability::Table.refusal())
    );
    let jps = Strategy::new(Algorithm::Jps, Heuristic::ZERO);
    assert!(refused(jps).contains(Capability::JumpPoints.refusal()));
    // Another domain's heuristic, refused with its own row's reason.
    let gap = Strategy::new(Algorithm::AStar, heuristic("gap").unwrap());
    assert!(
        refused(gap).contains("it counts the gaps of pancake stacks"),
        "the GAP row's reason"
    );
    let pdb = Strategy::new(Algorithm::IdaStar, heuristic("pdb-7-8").unwrap());
    assert!(refused(pdb).contains("it measures sliding-puzzle boards"));
}
