//! Rubik's cubes ([`CUBES`]): the 3x3x3 cube in the half-turn metric,
//! solved optimally by IDA* with pattern databases (the `frontier-cube`
//! plug-in), from scrambles or facelet strings.

use std::collections::HashMap;
use std::path::{Path as FilePath, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use cube::{CornerSpace, Cube, CubeState, Databases, EdgeSpace, Move, Rubik, Sequence};
use frontier::Limits;
use pattern_db::{BuildProgress, PatternTable};

use crate::domain::{BoardSet, Context, Domain, DomainInfo, Instance, Reader, Start, named_file};
use crate::progress::BuildBars;
use crate::registry::{
    self, Algorithm, Capabilities, Capability, Heuristic, HeuristicRow, Kept, ResultOf, Searchable,
};
use crate::strategy::{Attempt, Path, SolveError, Strategy, timed};

/// What the cube's heuristics measure.
const KIND: &str = "Rubik's cubes";

/// Why a domain of another kind refuses a cube heuristic.
const MEASURES: &str = "it looks up the corners and edges of Rubik's cubes";

/// A cube heuristic's row: `[name, label, help]`.
const fn cube(row: [&'static str; 3]) -> HeuristicRow {
    HeuristicRow::new(row, KIND, MEASURES)
}

/// The small tables: built in a moment, for comparisons and tests.
static SMALL: HeuristicRow = cube([
    "cube-small",
    "small tables",
    "small tables (Rubik's cubes): the larger of the corners' permutation (40,320 entries) \
     and two groups of three edges (10,560 each), built in a moment",
]);

/// The corner database alone.
static CORNERS: HeuristicRow = cube([
    "corners",
    "corners",
    "corners (Rubik's cubes): the corner pattern database, 88,179,840 entries (88 MB on \
     disk, 22 MB in memory), built once into --cache-dir",
])
.not_compared();

/// Korf's set.
static KORF: HeuristicRow = cube([
    "korf",
    "Korf 1997",
    "Korf's databases (1997; Rubik's cubes): the larger of the corners and two groups of \
     six edges, 173 MB on disk and 43 MB in memory, built once into --cache-dir",
])
.not_compared();

/// The corners and two groups of seven edges.
static SEVENS: HeuristicRow = cube([
    "sevens",
    "corners + 7 edges",
    "corners and two groups of seven edges (Rubik's cubes): 1.1 GB on disk and 278 MB in \
     memory, built once into --cache-dir (minutes)",
])
.not_compared();

/// The small tables' heuristic.
pub const SMALL_TABLES: Heuristic = Heuristic::new(&SMALL);
/// The corner database's heuristic.
pub const CORNER_DATABASE: Heuristic = Heuristic::new(&CORNERS);
/// Korf's set's heuristic: the `cube` program's default.
pub const KORF_1997: Heuristic = Heuristic::new(&KORF);
/// The corners and seven-edge groups' heuristic.
pub const SEVEN_EDGE_DATABASES: Heuristic = Heuristic::new(&SEVENS);

/// The heuristics of cubes, weakest first.
const HEURISTICS: &[Heuristic] = &[
    Heuristic::ZERO,
    SMALL_TABLES,
    CORNER_DATABASE,
    KORF_1997,
    SEVEN_EDGE_DATABASES,
];

/// The two groups of three edges of the small tables.
const SMALL_EDGES: [EdgeSpace<3>; 2] = {
    let (Some(a), Some(b)) = (EdgeSpace::new([0, 1, 2]), EdgeSpace::new([4, 5, 6])) else {
        panic!("three distinct edges each")
    };
    [a, b]
};

/// Rubik's cubes, the domain.
#[derive(Debug, Default)]
pub struct Cubes;

/// Rubik's cubes (3x3x3), from scrambles or facelet strings.
pub static CUBES: Cubes = Cubes;

impl DomainInfo for Cubes {
    fn name(&self) -> &'static str {
        "cube"
    }

    fn instances(&self) -> &'static str {
        "Rubik's cubes"
    }

    fn kind(&self) -> &'static str {
        KIND
    }

    /// Face turns cost 1, so breadth-first search finds the fewest. The
    /// search state carries the last face turned (the move pruning), so
    /// there is no backward search, no rank and no reversible step.
    fn capabilities(&self) -> Capabilities {
        Capabilities::of(&[Capability::FewestSteps])
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        HEURISTICS
    }

    fn charted(&self) -> bool {
        true
    }

    /// No default set: `compare` reads cubes from files
    /// (`--input cubes:FILE`). Greedy search wanders on the cube's
    /// plateaus (one four-turn scramble cost it 100 million states), and
    /// the comparison's defaults run every strategy.
    fn reader(&self) -> Option<&'static Reader> {
        Some(&CUBE_FILES)
    }
}

/// `compare --input cubes:FILE`: one cube per line, a scramble (`R U2
/// F'`) or a 54-facelet string; bad lines (an unknown face, a cube no
/// turns reach) reported and skipped.
pub static CUBE_FILES: Reader = Reader {
    kind: "cubes",
    help: "one Rubik's cube per line, a scramble in Singmaster notation (R U2 F') or a \
           54-facelet string (UUUUUUUUURRR…)",
    what: "cube",
    read: |path| {
        let (name, bytes) = named_file(path)?;
        let text = String::from_utf8_lossy(&bytes);
        let mut instances = Vec::new();
        let mut skipped = Vec::new();
        for read in cube::cubes(&text) {
            match read {
                Ok(line) => instances.push(Instance {
                    start: Start::new(&CUBES, line.cube),
                    origin: format!("line {}", line.line),
                    known_length: None,
                }),
                Err(err) => skipped.push(format!("{name}: {err}")),
            }
        }
        let sets = if instances.is_empty() {
            Vec::new()
        } else {
            vec![BoardSet {
                name: format!("{name} cubes"),
                domain: &CUBES,
                instances,
            }]
        };
        Ok((sets, skipped))
    },
};

/// The databases of one heuristic, loaded or built once per cache
/// directory and shared by every solver of the process (they take up to
/// 1.1 GB).
#[derive(Debug)]
enum Tables {
    /// No tables: IDA* is iterative deepening.
    Zero(Databases<6>),
    /// The small tables.
    Small(Databases<3>),
    /// Korf's set, or the corners alone.
    Sixes(Databases<6>),
    /// The corners and the seven-edge groups.
    Sevens(Databases<7>),
}

/// The tables loaded so far, by cache directory and heuristic.
type Loaded = HashMap<(PathBuf, Heuristic), Result<Arc<Tables>, String>>;

/// The tables of `strategy`'s heuristic, loaded from (or built into)
/// `context`'s cache directory on first use, with a progress bar on stderr
/// while one is built.
fn tables(context: &Context, strategy: Strategy) -> Result<Arc<Tables>, SolveError> {
    static LOADED: OnceLock<Mutex<Loaded>> = OnceLock::new();
    let heuristic = strategy.heuristic.unwrap_or(Heuristic::ZERO);
    let cache_dir = context.databases.cache_dir();
    let loaded = LOADED.get_or_init(Mutex::default);
    // Held while loading: two threads asking for one heuristic build it once.
    let mut loaded = loaded.lock().unwrap_or_else(PoisonError::into_inner);
    let key = (cache_dir.to_path_buf(), heuristic);
    loaded
        .entry(key)
        .or_insert_with(|| load(cache_dir, heuristic).map(Arc::new))
        .clone()
        .map_err(|reason| SolveError::unavailable(heuristic, reason))
}

/// Builds or loads the tables of `heuristic`.
fn load(cache_dir: &FilePath, heuristic: Heuristic) -> Result<Tables, String> {
    let bars = BuildBars::new();
    let report = |name: &str, progress: &BuildProgress| {
        bars.report(name.to_owned(), || format!("building {name}"), progress);
    };
    let error = |err: pattern_db::PdbError| err.to_string();
    let corners_only = |corners| {
        Databases::<6>::load_or_build(cache_dir, Some(corners), &[], false, report)
            .map(|(databases, _)| databases)
    };
    match heuristic {
        h if h == SMALL_TABLES => {
            let space = CornerSpace::Permutation;
            let corners = PatternTable::build(&space, |_| {}).map_err(error)?;
            let edges = SMALL_EDGES
                .iter()
                .map(|&group| Ok((group, PatternTable::build(&group, |_| {})?)))
                .collect::<Result<Vec<_>, pattern_db::PdbError>>()
                .map_err(error)?;
            Ok(Tables::Small(Databases::new(Some((space, corners)), edges)))
        }
        h if h == CORNER_DATABASE => corners_only(CornerSpace::Full)
            .map(Tables::Sixes)
            .map_err(error),
        h if h == KORF_1997 => Databases::korf1997(cache_dir, false, report)
            .map(|(databases, _)| Tables::Sixes(databases))
            .map_err(error),
        h if h == SEVEN_EDGE_DATABASES => Databases::sevens(cache_dir, false, report)
            .map(|(databases, _)| Tables::Sevens(databases))
            .map_err(error),
        _ => Ok(Tables::Zero(Databases::none())),
    }
}

impl Domain for Cubes {
    type Instance = Cube;
    type Kept = Kept<CubeState, Move>;

    fn kept(&self, context: &Context) -> Self::Kept {
        Kept::new(context.jobs)
    }

    /// Loads (or builds) the heuristic's tables before the first cube, so
    /// no cube's time includes them.
    fn prepare(
        &self,
        strategy: Strategy,
        _: &mut Self::Kept,
        context: &Context,
    ) -> Result<(), SolveError> {
        tables(context, strategy).map(|_| ())
    }

    fn solve(
        &self,
        start: &Cube,
        strategy: Strategy,
        limits: &Limits<u32>,
        kept: &mut Self::Kept,
        context: &Context,
    ) -> Result<Attempt, SolveError> {
        // Checked first: no turns reach such a cube, and IDA* would search
        // for it forever.
        if start.check().is_err() {
            return Ok(Attempt::unsolvable());
        }
        match &*tables(context, strategy)? {
            Tables::Zero(databases) | Tables::Sixes(databases) => {
                attempt(&Rubik::new(*start, databases), strategy, limits, kept)
            }
            Tables::Small(databases) => {
                attempt(&Rubik::new(*start, databases), strategy, limits, kept)
            }
            Tables::Sevens(databases) => {
                attempt(&Rubik::new(*start, databases), strategy, limits, kept)
            }
        }
    }

    /// The cube as its 54-facelet string.
    fn to_line(&self, cube: &Cube) -> String {
        cube.to_facelets()
    }
}

/// Runs `strategy` on `problem` and replays its answer from the start.
fn attempt<const N: usize>(
    problem: &Rubik<'_, N>,
    strategy: Strategy,
    limits: &Limits<u32>,
    kept: &mut Kept<CubeState, Move>,
) -> Result<Attempt, SolveError> {
    let (result, elapsed) = timed(|| registry::run(strategy.algorithm, problem, limits, kept));
    let Some(result) = result else {
        return Err(SolveError::cannot_run(strategy, CUBES.instances()));
    };
    let start = problem.start_cube();
    let line = || start.to_facelets();
    Attempt::of_search::<Rubik<'_, N>>(result, elapsed, (strategy, &line), |moves| {
        if !start.apply_all(&moves).is_solved() {
            return Err(format!("{} leaves the cube unsolved", Sequence::new(moves)));
        }
        let text = Sequence::new(moves.clone()).to_string();
        Ok(Path::new(moves, text, "moves"))
    })
}

/// Cubes are searched in place by IDA* (on `--jobs` threads if asked):
/// the cube's fast path.
impl<const N: usize> Searchable for Rubik<'_, N> {
    fn special(
        &self,
        algorithm: Algorithm,
        limits: &Limits<u32>,
        kept: &mut Kept<CubeState, Move>,
    ) -> Option<ResultOf<Self>> {
        registry::in_place(algorithm, self, limits, kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Solver, strategies_offered};
    use crate::strategy::Answer;

    /// Every strategy the domain offers, on short scrambles with the small
    /// tables (no file written): the optimal ones agree with
    /// breadth-first search, greedy search is no shorter, and every answer
    /// replays.
    #[test]
    fn every_offered_strategy_solves_short_scrambles() {
        let mut solver = Solver::new();
        let limits = Limits::new().max_stored(2_000_000);
        for seed in 0..3 {
            let scramble = Sequence::random(4, seed);
            let start = scramble.cube();
            let bfs = Strategy::new(Algorithm::Bfs, Heuristic::ZERO);
            let optimum = solver
                .solve(&CUBES, &start, bfs, &limits)
                .expect("BFS runs")
                .moves()
                .expect("BFS solves four turns");
            assert!(optimum <= 4, "{scramble}");
            for strategy in strategies_offered(&CUBES) {
                let heuristic = strategy.heuristic.unwrap_or(Heuristic::ZERO);
                if heuristic != Heuristic::ZERO && heuristic != SMALL_TABLES {
                    continue; // the large tables are the program's tests'
                }
                if strategy.algorithm == Algorithm::Greedy && heuristic == Heuristic::ZERO {
                    continue; // greedy search without an estimate wanders off
                }
                let attempt = solver
                    .solve(&CUBES, &start, strategy, &limits)
                    .unwrap_or_else(|err| panic!("{strategy}: {err}"));
                let Answer::Solved(_) = &attempt.answer else {
                    panic!("{strategy} on {scramble}: {:?}", attempt.answer);
                };
                let moves = attempt.moves().expect("solved");
                if CUBES.is_optimal(strategy.algorithm) {
                    assert_eq!(moves, optimum, "{strategy} on {scramble}");
                } else {
                    assert!(moves >= optimum, "{strategy} on {scramble}");
                }
            }
        }
    }

    #[test]
    fn a_cube_no_turns_reach_is_unsolvable_without_a_search() {
        let mut twisted = Cube::SOLVED;
        twisted.corner_twists[0] = 1;
        let strategy = Strategy::new(Algorithm::IdaStar, SMALL_TABLES);
        let attempt = Solver::new()
            .solve(&CUBES, &twisted, strategy, &Limits::new())
            .expect("IDA* runs on cubes");
        assert!(matches!(attempt.answer, Answer::Unsolvable));
        assert_eq!(attempt.stats.generated, 0);
    }

    #[test]
    fn the_other_domains_refuse_the_cube_heuristics_and_the_cube_theirs() {
        let strategy = Strategy::new(Algorithm::AStar, KORF_1997);
        let refusal = crate::domains::pancakes::PANCAKES.refusal(strategy);
        assert_eq!(refusal, Some(MEASURES));
        assert!(
            CUBES
                .refusal(Strategy::new(Algorithm::Mm, SMALL_TABLES))
                .is_some()
        );
        assert!(
            CUBES
                .refusal(Strategy::new(Algorithm::Table, Heuristic::ZERO))
                .is_some()
        );
    }
}
