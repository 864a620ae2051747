//! Korf's ten random cubes (1997) solved optimally by IDA* with his pattern
//! databases (the corners and two groups of six edges), each solution
//! replayed, the nodes printed next to the published ones.
//!
//! ```sh
//! cargo run --release -p frontier-cube --example korf10 -- --ids 1 --cache target/cube-pdb
//! cargo run --release -p frontier-cube --example korf10 -- --ids 1,6 --threads 2
//! ```
//!
//! Options: `--ids 1,2` (default: all ten, in file order), `--cache DIR`
//! where the tables are kept (default `target/cube-pdb`; built there the
//! first time, about a minute on two cores for Korf's set), `--threads N`
//! (1, the default: the serial in-place IDA*; more: the parallel one),
//! `--by-value` (the search over successor values instead of in place),
//! `--set korf|sevens|small` (the databases: Korf's, the corners with two
//! groups of seven edges, or small ones built in a moment, the corners'
//! permutation and three groups of four edges, for tests), `--duals` (the estimate also the tables'
//! values of the inverse cube, which keeps the tables' bytes in memory
//! too), `--max-seconds S` (stop an instance after S
//! seconds of search), `--max-bound B` (stop after the iteration of bound
//! B: complete iterations, whose node counts do not depend on the order of
//! the moves, for timing). Exits with status 1 if a solution does not replay
//! to the solved cube or is not of the published length.
//!
//! The `ratio` column divides the nodes *expanded* (children within the
//! bound) by the published column: the published counts match that
//! count, not the children generated (about 13.3 times more: every child
//! tested against the bound). The last iteration stops at the first
//! solution, so its share depends on the order the moves are tried in.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use cube::{CornerSpace, CubeState, Databases, EdgeSpace, KorfCube, Move, Rubik};
use frontier::{IdaStar, Limits, ParallelIdaStar, SearchResult};
use pattern_db::{CacheStatus, PdbError};

struct Args {
    ids: Option<Vec<u32>>,
    cache: PathBuf,
    threads: usize,
    by_value: bool,
    set: String,
    max_seconds: Option<u64>,
    max_bound: Option<u32>,
    duals: bool,
}

fn args() -> Result<Args, String> {
    let mut args = Args {
        ids: None,
        cache: PathBuf::from("target/cube-pdb"),
        threads: 1,
        by_value: false,
        set: "korf".to_owned(),
        max_seconds: None,
        max_bound: None,
        duals: false,
    };
    let mut given = std::env::args().skip(1);
    while let Some(flag) = given.next() {
        let mut value = || given.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--ids" => {
                let ids = value()?
                    .split(',')
                    .map(|id| id.parse().map_err(|_| format!("not an id: {id}")))
                    .collect::<Result<_, _>>()?;
                args.ids = Some(ids);
            }
            "--cache" => args.cache = PathBuf::from(value()?),
            "--threads" => args.threads = value()?.parse().map_err(|_| "--threads N")?,
            "--by-value" => args.by_value = true,
            "--duals" => args.duals = true,
            "--set" => args.set = value()?,
            "--max-seconds" => {
                args.max_seconds = Some(value()?.parse().map_err(|_| "--max-seconds S")?);
            }
            "--max-bound" => {
                args.max_bound = Some(value()?.parse().map_err(|_| "--max-bound B")?);
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(args)
}

/// The searchers, configured once for every instance.
struct Searchers {
    serial: IdaStar<CubeState, Move, u32>,
    parallel: ParallelIdaStar<CubeState, Move, u32>,
    threads: usize,
    by_value: bool,
}

impl Searchers {
    fn search<const N: usize>(
        &mut self,
        problem: &Rubik<'_, N>,
    ) -> SearchResult<CubeState, Move, u32> {
        match (self.threads > 1, self.by_value) {
            (false, false) => self.serial.search_in_place(problem),
            (false, true) => self.serial.search(problem),
            (true, false) => self.parallel.search_in_place(problem),
            (true, true) => self.parallel.search(problem),
        }
    }
}

/// Solves one instance, prints its line; false if its solution does not
/// replay or is not of the published length (or, without a bound limit,
/// if it was not found).
fn solve<const N: usize>(
    instance: &KorfCube,
    databases: &Databases<N>,
    searchers: &mut Searchers,
    bounded: bool,
) -> (bool, u64, u64, f64) {
    let start = instance.cube;
    let problem = Rubik::new(start, databases);
    let h0 = databases.estimate(&start);
    let started = Instant::now();
    let result = searchers.search(&problem);
    let seconds = started.elapsed().as_secs_f64();
    let (nodes, expanded) = (result.stats.generated, result.stats.expanded);
    let mut ok = true;
    let (length, moves) = if let Some(solution) = result.solution() {
        if !start.apply_all(&solution.actions).is_solved() {
            eprintln!(
                "instance {}: the solution does not solve the cube",
                instance.id
            );
            ok = false;
        }
        if usize::try_from(solution.cost).ok() != Some(instance.length) {
            eprintln!(
                "instance {}: length {} where {} is published",
                instance.id, solution.cost, instance.length
            );
            ok = false;
        }
        let moves: Vec<String> = solution.actions.iter().map(ToString::to_string).collect();
        (solution.cost.to_string(), moves.join(" "))
    } else {
        ok = bounded;
        let limit = result
            .limit()
            .map_or("none".to_owned(), |l| format!("{l:?}"));
        (limit, String::new())
    };
    #[expect(clippy::cast_precision_loss, reason = "ratios to print")]
    let (ratio, rate) = (
        expanded as f64 / instance.nodes_korf1997 as f64,
        nodes as f64 / seconds / 1e6,
    );
    println!(
        "{:>3} {:>6} {:>4} {:>16} {:>16} {:>16} {:>7.3} {:>10.2} {:>9.2}  {}",
        instance.id,
        length,
        h0,
        nodes,
        expanded,
        instance.nodes_korf1997,
        ratio,
        seconds,
        rate,
        moves
    );
    for iteration in &result.stats.iterations {
        eprintln!(
            "  instance {} bound {}: {} generated, {} expanded",
            instance.id, iteration.bound, iteration.generated, iteration.expanded
        );
    }
    (ok, nodes, expanded, seconds)
}

/// Solves every chosen instance with `databases`; false if one fails.
fn solve_all<const N: usize>(databases: &Databases<N>, args: &Args) -> bool {
    let chosen: Vec<KorfCube> = cube::korf10()
        .into_iter()
        .filter(|i| args.ids.as_ref().is_none_or(|ids| ids.contains(&i.id)))
        .collect();
    let mut limits = Limits::new();
    if let Some(seconds) = args.max_seconds {
        limits = limits.max_time(Duration::from_secs(seconds));
    }
    if let Some(bound) = args.max_bound {
        limits = limits.max_cost(bound);
    }
    let mut searchers = Searchers {
        serial: IdaStar::new().limits(&limits),
        parallel: ParallelIdaStar::new().threads(args.threads).limits(&limits),
        threads: args.threads,
        by_value: args.by_value,
    };
    println!(
        "{:>3} {:>6} {:>4} {:>16} {:>16} {:>16} {:>7} {:>10} {:>9}  solution",
        "id", "length", "h0", "generated", "expanded", "korf 1997", "ratio", "seconds", "M gen/s"
    );
    let mut all_ok = true;
    let (mut total_nodes, mut total_expanded) = (0u64, 0u64);
    let (mut total_korf, mut total_time) = (0u64, 0f64);
    for instance in &chosen {
        let (ok, nodes, expanded, seconds) = solve(
            instance,
            databases,
            &mut searchers,
            args.max_bound.is_some(),
        );
        all_ok &= ok;
        total_nodes += nodes;
        total_expanded += expanded;
        total_korf += instance.nodes_korf1997;
        total_time += seconds;
    }
    if chosen.len() > 1 {
        #[expect(clippy::cast_precision_loss, reason = "ratios to print")]
        let (ratio, rate) = (
            total_expanded as f64 / total_korf as f64,
            total_nodes as f64 / total_time / 1e6,
        );
        println!(
            "{:>3} {:>6} {:>4} {:>16} {:>16} {:>16} {:>7.3} {:>10.2} {:>9.2}",
            "all", "", "", total_nodes, total_expanded, total_korf, ratio, total_time, rate
        );
    }
    all_ok
}

fn main() -> ExitCode {
    let args = match args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("korf10: {message}");
            return ExitCode::from(2);
        }
    };
    let progress = |name: &str, p: &pattern_db::BuildProgress| {
        if p.finished {
            eprintln!(
                "built {name}: {} states, depth {}, {:.1} s",
                p.expanded,
                p.depth,
                p.elapsed.as_secs_f64()
            );
        }
    };
    let started = Instant::now();
    let ok = match args.set.as_str() {
        "korf" => {
            let loaded = Databases::korf1997(&args.cache, args.duals, progress);
            run(loaded, started, &args)
        }
        "sevens" => {
            let loaded = Databases::sevens(&args.cache, args.duals, progress);
            run(loaded, started, &args)
        }
        "small" => {
            let groups = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
                .map(|pieces| EdgeSpace::new(pieces).expect("four distinct edges"));
            let loaded = Databases::load_or_build(
                &args.cache,
                Some(CornerSpace::Permutation),
                &groups,
                args.duals,
                progress,
            );
            run(loaded, started, &args)
        }
        other => {
            eprintln!("korf10: unknown set {other} (korf, sevens or small)");
            return ExitCode::from(2);
        }
    };
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Solves the chosen instances with the databases `loaded` (since
/// `started`), reporting what the cache did; false if the tables could not
/// be had or an instance failed.
fn run<const N: usize>(
    loaded: Result<(Databases<N>, Vec<(String, CacheStatus)>), PdbError>,
    started: Instant,
    args: &Args,
) -> bool {
    match loaded {
        Ok((databases, statuses)) => {
            for (name, status) in &statuses {
                eprintln!("{name}: {status}");
            }
            #[expect(clippy::cast_precision_loss, reason = "a size to print")]
            let megabytes = databases.memory() as f64 / 1e6;
            eprintln!(
                "databases ready in {:.1} s, {megabytes:.1} MB in memory",
                started.elapsed().as_secs_f64()
            );
            solve_all(&databases, args)
        }
        Err(err) => {
            eprintln!("korf10: {err}");
            false
        }
    }
}
