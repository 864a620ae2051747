//! A* on weighted steps: a terrain map where entering a cell costs its
//! digit (`#` is a wall), searched by Dijkstra (A* with the zero
//! heuristic), A* with the Manhattan distance, and weighted A* (the
//! Manhattan distance inflated by `--weight`, which trades optimality for
//! fewer nodes). All three run through the terrain domain
//! (`crate::domains::terrain`): the first two as the registry's
//! strategies (`Solver::solve`), weighted A* as the domain's one search
//! that is not a strategy (`Maps::solve_weighted`, the registry's A* on
//! the inflated route); the domain replays every path.
//!
//! ```sh
//! frontier terrain                  # a seeded random map
//! frontier terrain --seed 7 --width 70 --height 24
//! frontier terrain examples/data/terrain.txt
//! ```
//!
//! Map files hold one row per line: digits 1-9 are costs, `.` costs 1, `#`
//! is a wall, `S` and `G` (cost 1) the start and the goal (the grid
//! crate's terrain text, `grid::text`). The map is a `grid::Grid` searched
//! as a `grid::Route` under `grid::Weighted` movement: entering a cell
//! costs its digit. The program prints the map with the cheapest path
//! drawn as `*`, its cost, and the nodes each search expanded. The map file
//! must be a regular file of at most 256 MiB (a FIFO or a device is
//! refused unread). Exit status: 1 for an unreadable map, a search stopped
//! by `--max-stored` or a stdout that cannot be written (a closed pipe is
//! a quiet end, status 0); 2 for a
//! bad command line (clap's usage errors, and a `--weight` that is not a
//! finite number of at least 1 or is too large for the map, or a `--width`
//! × `--height` that overflows, is below 2 cells or above
//! `grid::MAX_CELLS`); 3 if A* and Dijkstra disagree on the cost or a path
//! does not replay (a bug). A map with no path is reported and exits 0.

use std::path::PathBuf;
use std::process::ExitCode;

use super::{Invocation, Program};

use crate::domain::Solver;
use crate::domains::terrain::{self, MANHATTAN_DISTANCE, TERRAIN};
use crate::output::with_stdout;
use crate::registry::{Algorithm, Heuristic};
use crate::strategy::{Answer, Attempt, Strategy};
use clap::Parser;
use clap::error::ErrorKind;
use frontier::Limits;
use frontier_text::{read_file, shown};
use grid::Direction;
use grid::text::{TerrainError, TerrainMap, parse_terrain};

/// Weighted A* on a terrain map: prints the map with the cheapest path,
/// its cost, and the nodes expanded by Dijkstra, A* and weighted A*.
#[derive(Debug, Parser)]
#[command(name = "terrain", version)]
pub struct Args {
    /// A map file (rows of digits 1-9, `.` for 1, `#` for walls, one `S`
    /// and one `G`); without it, a seeded random map
    map: Option<PathBuf>,

    /// The seed of the random map (seed 1 walls the start in)
    #[arg(long, default_value_t = 2)]
    seed: u64,

    /// The width of the random map
    #[arg(long, default_value_t = 60)]
    width: usize,

    /// The height of the random map
    #[arg(long, default_value_t = 20)]
    height: usize,

    /// The heuristic's weight for weighted A* (a finite number, at least 1):
    /// the path found costs at most this many times the cheapest
    #[arg(long, default_value_t = 2.0, value_parser = terrain::parse_weight)]
    weight: f64,

    /// Stop a search that stores more states than this (count about 50
    /// bytes a state), rather than exhaust memory on a huge map
    #[arg(long, default_value_t = 20_000_000)]
    max_stored: usize,
}

/// Exit status for a bug: two searches disagree or a path does not replay.
const BUG: u8 = 3;

impl Program for Args {
    const NAME: &'static str = "terrain";
    const SUMMARY: &'static str =
        "Cheapest path on a weighted terrain map: Dijkstra, A* and weighted A*";

    fn run(self, invocation: &mut Invocation<'_>) -> ExitCode {
        let (map, name) = match load(&self) {
            Ok(loaded) => loaded,
            Err(LoadError::Usage(message)) => {
                invocation.refuse(ErrorKind::ValueValidation, message)
            }
            Err(LoadError::Map(message)) => {
                eprintln!("error: {message}");
                return ExitCode::FAILURE;
            }
        };
        let weighted_map = match terrain::weighted(&map, self.weight) {
            Ok(weighted) => weighted,
            Err(err) => invocation.refuse(
                ErrorKind::ValueValidation,
                format!("invalid value for '--weight <WEIGHT>': {err}"),
            ),
        };

        let limits = Limits::new().max_stored(self.max_stored);
        let mut solver = Solver::new();
        let astar = Strategy::new(Algorithm::AStar, MANHATTAN_DISTANCE);
        let dijkstra = Strategy::new(Algorithm::AStar, Heuristic::ZERO);
        let searches = (
            solver.solve(&TERRAIN, &map, astar, &limits),
            solver.solve(&TERRAIN, &map, dijkstra, &limits),
            TERRAIN.solve_weighted(&weighted_map, &limits),
        );
        let (astar, dijkstra, weighted) = match searches {
            (Ok(astar), Ok(dijkstra), Ok(weighted)) => (astar, dijkstra, weighted),
            (Err(err), _, _) | (_, Err(err), _) | (_, _, Err(err)) => {
                // A path that does not replay: the domain offers both
                // strategies, and weighted A* needs nothing.
                eprintln!("bug: {err}");
                return ExitCode::from(BUG);
            }
        };
        for (label, attempt) in [
            ("A*", &astar),
            ("Dijkstra", &dijkstra),
            ("weighted A*", &weighted),
        ] {
            if let Some(limit) = attempt.limit() {
                eprintln!(
                    "error: {name}: {label} stopped by its {limit} after {} states (raise --max-stored)",
                    attempt.stats.peak_stored
                );
                return ExitCode::FAILURE;
            }
        }
        with_stdout(|out| {
            writeln!(out, "{name}")?;
            let Answer::Solved(path) = &astar.answer else {
                write!(out, "{map}")?;
                writeln!(
                    out,
                    "no path from S to G ({} cells reached)",
                    astar.stats.expanded
                )?;
                return Ok(if dijkstra.cost().is_none() && weighted.cost().is_none() {
                    ExitCode::SUCCESS
                } else {
                    eprintln!("bug: Dijkstra or weighted A* found a path that A* did not");
                    ExitCode::from(BUG)
                });
            };
            // cannot fail: the terrain domain's paths are steps
            let steps: &[Direction] = path.actions().unwrap_or_default();
            write!(out, "{}", map.draw_path(&map.route().cells(steps)))?;
            writeln!(
                out,
                "cheapest path: cost {}, {} steps",
                path.cost(),
                path.len()
            )?;
            writeln!(out)?;
            writeln!(
                out,
                "search                  cost   expanded  generated  peak stored"
            )?;
            for (label, attempt) in [
                ("Dijkstra (h = 0)".to_owned(), &dijkstra),
                ("A* (Manhattan)".to_owned(), &astar),
                (format!("weighted A* (w = {})", self.weight), &weighted),
            ] {
                let cost = attempt.cost().map_or("-".to_owned(), |c| c.to_string());
                writeln!(
                    out,
                    "{label:<20}  {cost:>6}  {:>9}  {:>9}  {:>11}",
                    attempt.stats.expanded, attempt.stats.generated, attempt.stats.peak_stored
                )?;
            }
            Ok(check(path.cost(), &dijkstra, &weighted, self.weight))
        })
    }
}

/// Why no map could be had.
enum LoadError {
    /// The command line asks for a map that cannot be: a usage error.
    Usage(String),
    /// The map file cannot be read, or the map's memory allocated.
    Map(String),
}

/// The map of the file argument, or a seeded random map; and its name.
fn load(args: &Args) -> Result<(TerrainMap, String), LoadError> {
    if let Some(path) = &args.map {
        let bytes = read_file(path).map_err(|err| LoadError::Map(err.to_string()))?;
        let map = parse_terrain(&bytes)
            .map_err(|err| LoadError::Map(format!("{}: {err}", shown(path))))?;
        return Ok((map, shown(path)));
    }
    let map =
        TerrainMap::try_random(args.width, args.height, args.seed).map_err(|err| match err {
            TerrainError::OutOfMemory { .. } => LoadError::Map(err.to_string()),
            _ => LoadError::Usage(format!(
                "--width {} --height {}: {err}",
                args.width, args.height
            )),
        })?;
    let name = format!(
        "random {}x{} map, seed {}",
        args.width, args.height, args.seed
    );
    Ok((map, name))
}

/// Checks the searches against each other: Dijkstra finds the `cheapest`
/// cost A* found, weighted A* a cost within `weight` times it. (The domain
/// replayed every path at its cost.)
#[expect(
    clippy::cast_precision_loss,
    reason = "costs far below 2^53, exact in f64"
)]
fn check(cheapest: usize, dijkstra: &Attempt, weighted: &Attempt, weight: f64) -> ExitCode {
    let (Some(dijkstra), Some(weighted)) = (dijkstra.cost(), weighted.cost()) else {
        eprintln!("bug: A* found a path that Dijkstra or weighted A* did not");
        return ExitCode::from(BUG);
    };
    if dijkstra != cheapest {
        eprintln!("bug: A* found cost {cheapest}, Dijkstra {dijkstra}");
        return ExitCode::from(BUG);
    }
    if weighted < cheapest || weighted as f64 > weight * cheapest as f64 {
        eprintln!(
            "bug: weighted A* found cost {weighted}, outside [{cheapest}, {weight} x {cheapest}]"
        );
        return ExitCode::from(BUG);
    }
    ExitCode::SUCCESS
}
