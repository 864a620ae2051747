//! Solves Moving AI grid scenarios with frontier's searches and checks
//! every answer: each path is replayed step by step on the map, and its
//! length compared with the optimum the scenario file gives.
//!
//! ```sh
//! frontier grid crates/grid/testdata/arena.map.scen
//! frontier grid crates/grid/testdata/arena.map.scen --algo astar,dijkstra,mm,nbs,idastar
//! frontier grid crates/grid/testdata --algo astar,jps,jps+
//! frontier grid scenarios/dao --maps maps/dao --algo astar --algo nbs
//! frontier grid crates/grid/testdata/arena.map.scen --movement cardinal --algo astar,bidirectional
//! frontier grid crates/grid/testdata/arena.map.scen --format csv > arena.csv
//! frontier grid crates/grid/testdata/arena.map.scen --svg arena.svg --query 120
//! ```
//!
//! Input: `.scen` files, or folders (every `*.scen` file in one, sorted by
//! name). The map a query names (`maps/dao/arena.map`) is looked for by
//! its file name (`arena.map`) next to the scenario file, or in `--maps
//! DIR`. Files are read as bytes, from regular files of at most 256 MiB
//! (a FIFO or a device is refused unread); a scenario or a map that does
//! not parse, and a query that does not fit its map (its size, a start or
//! goal off the map or on a wall), is reported with the file and the line,
//! and nothing is searched.
//!
//! Algorithms (`--algo`, repeated or comma-separated; `astar` by default):
//! every algorithm of the registry that grid maps run under the movement,
//! guided by the octile distance (Manhattan under `--movement cardinal`):
//! `astar`, `astar-dense` (the same search: every search here keeps dense
//! tables), `greedy` (not optimal: its longer paths are counted, not
//! failed), `mm`, `nbs`, `dvcbs`, `bae`, `bfs` and `bidirectional`
//! (breadth-first: only under `--movement cardinal`, where every step
//! costs the same), `idastar` and `idastar-bpmx` (stopped after
//! `--max-nodes` expansions per query, and the queries stopped counted:
//! IDA* repeats its work at every one of the many bounds an octile map
//! has), `jps` (jump point search, `grid::Jps`: 8-connected movement
//! only); and two names of this program's: `dijkstra` (A* with the zero
//! heuristic) and `jps+` (`grid::JpsPlus`, jump point search on a jump
//! table). The bit rows of JPS and the jump table of JPS+ are built once
//! per map, outside the timings. The searches keep their tables across
//! the queries of a map; each query's time is its search alone.
//!
//! `--movement octile` (the default) is the benchmark's rule (diagonals
//! √2, no corner cutting), the one the scenario lengths assume. Under
//! `corner-cutting` or `cardinal` those lengths are not the optima, so
//! each length is checked against plain A*'s under the same movement
//! instead, and the output says so.
//!
//! Output: one line per map and algorithm, then (for more than one map)
//! per algorithm over all maps: queries, how many answered optimally, longer, wrongly or stopped
//! by a limit, milliseconds per query (mean, median, max), nodes expanded
//! per query, the most states one search stored; then which algorithms
//! are optimal and the process's peak resident memory. `--format csv`
//! prints instead one row per query and algorithm: `map, algorithm,
//! index, start_x, start_y, goal_x, goal_y, optimal, found, expanded,
//! micros, stopped` (the limit that stopped the search, if one did). `--svg OUT.svg` also draws one query (`--query N`, the csv's
//! index on the first map; by default its longest) once per algorithm,
//! side by side, the cells each search expanded tinted and its path in
//! red: the algorithms of `--algo` if given, else A*, JPS (8-connected
//! movement) and a bidirectional search (MM, or bidirectional BFS under
//! `--movement cardinal`).
//!
//! Exit status: 0 if every query got its optimal length from every
//! optimal algorithm (queries stopped by `--max-nodes` are counted, not
//! failed); 1 for input that cannot be used, a length that is wrong or a
//! search stopped unanswered by another limit (memory), each listed on
//! stderr after the summary, or a stdout that cannot be written
//! (a closed pipe is a quiet end, status 0); 2 for a bad command line (an
//! algorithm refused under the movement, say); 3 for a path that does not
//! replay (a bug).

use std::path::PathBuf;
use std::process::ExitCode;

use super::{Invocation, Program};

use crate::domains::unique;
use crate::output::with_stdout;
use crate::registry::Algorithm;
use crate::scenarios::{self, MovementKind, RunError, Search, Settings, default_panels};
use clap::error::ErrorKind;
use clap::{Parser, ValueEnum};
use frontier_text::shown;
use grid::suite::{
    Record, Suite, count_failures, load, render_csv, render_failures, render_summary, summarise,
};

/// Solves Moving AI grid scenarios and checks every path and length.
#[derive(Debug, Parser)]
#[command(name = "grid", version)]
pub struct Args {
    /// Scenario files (`.scen`), or folders of them
    #[arg(required = true, value_name = "SCEN")]
    inputs: Vec<PathBuf>,

    /// Look for the maps in this folder, by file name, instead of next to
    /// each scenario file
    #[arg(long, value_name = "DIR")]
    maps: Option<PathBuf>,

    /// The algorithms, repeated or comma-separated [default: astar]
    #[arg(long, value_enum, value_delimiter = ',', value_name = "NAME")]
    algo: Vec<Search>,

    /// The movement model
    #[arg(long, value_enum, default_value_t = MovementKind::Octile)]
    movement: MovementKind,

    /// IDA*'s expansions per query before it gives up on it
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    max_nodes: u64,

    /// What to print
    #[arg(long, value_enum, default_value_t = Format::Summary)]
    format: Format,

    /// Also draw one query, once per algorithm, into this SVG file
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,

    /// The query to draw: its index among the first map's queries (the
    /// csv's `index`) [default: the longest]
    #[arg(long, value_name = "N", requires = "svg")]
    query: Option<usize>,
}

/// What the program prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// A table per map and algorithm (and per algorithm over all maps)
    Summary,
    /// One row per query and algorithm
    Csv,
}

/// Exit status for a path that does not replay: a bug.
const BUG: u8 = 3;

/// The most wrong answers listed on stderr.
const LISTED: usize = 20;

impl Program for Args {
    const NAME: &'static str = "grid";
    const SUMMARY: &'static str =
        "Solves Moving AI grid scenarios (A*, jump point search, ...), checking every path";

    fn run(self, invocation: &mut Invocation<'_>) -> ExitCode {
        let algorithms = if self.algo.is_empty() {
            vec![Search::Registry(Algorithm::AStar)]
        } else {
            unique(self.algo.iter().copied())
        };
        if let Some(refusal) = algorithms.iter().find_map(|a| a.refusal(self.movement)) {
            invocation.refuse(ErrorKind::ArgumentConflict, refusal);
        }
        if self.max_nodes == 0 {
            invocation.refuse(
                ErrorKind::ValueValidation,
                "--max-nodes 0 would stop IDA* before its first node: give at least 1",
            );
        }
        let suite = match load(&self.inputs, self.maps.as_deref()) {
            Ok(suite) => suite,
            Err(err) => {
                eprintln!("error: {err}");
                return ExitCode::FAILURE;
            }
        };
        let settings = Settings {
            algorithms,
            movement: self.movement,
            max_nodes: self.max_nodes,
        };
        // Chosen before any search, so a bad --query is a usage error.
        let drawn = self.svg.as_ref().map(|_| {
            scenarios::svg_query(&suite, self.query)
                .unwrap_or_else(|message| invocation.refuse(ErrorKind::ValueValidation, message))
        });
        let records = match scenarios::run(&suite, &settings) {
            Ok(records) => records,
            Err(err) => return failed(&err),
        };
        let printed = with_stdout(|out| {
            match self.format {
                Format::Summary => {
                    let rows = summarise(&suite, &settings.algorithms, &records);
                    let summary = render_summary(&suite, &settings.setup(), &rows, peak_rss());
                    write!(out, "{summary}")?;
                }
                Format::Csv => match render_csv(&suite, &records) {
                    Ok(csv) => write!(out, "{csv}")?,
                    Err(err) => {
                        eprintln!("error: cannot write the csv: {err}");
                        return Ok(ExitCode::FAILURE);
                    }
                },
            }
            Ok(ExitCode::SUCCESS)
        });
        if printed != ExitCode::SUCCESS {
            return printed;
        }
        if let (Some(path), Some(drawn)) = (&self.svg, drawn) {
            let algorithms = if self.algo.is_empty() {
                default_panels(settings.movement)
            } else {
                settings.algorithms.clone()
            };
            if let Err(status) = draw(&suite, &settings, path, drawn, &algorithms) {
                return status;
            }
        }
        report(&suite, &records)
    }
}

/// Draws query `drawn` with each of `algorithms` into `path`.
fn draw(
    suite: &Suite,
    settings: &Settings,
    path: &PathBuf,
    drawn: (usize, usize),
    algorithms: &[Search],
) -> Result<(), ExitCode> {
    let panels = scenarios::panels(
        suite,
        drawn,
        algorithms,
        settings.movement,
        settings.max_nodes,
    )
    .map_err(|err| failed(&err))?;
    let set = &suite.maps[drawn.0];
    let (_, query) = &set.queries[drawn.1];
    let svg = grid::svg::draw_query(&set.grid, &set.name, query, &panels);
    std::fs::write(path, svg).map_err(|err| {
        eprintln!("error: cannot write {}: {err}", shown(path));
        ExitCode::FAILURE
    })
}

/// The process's peak resident set size in KiB, from `VmHWM` in
/// `/proc/self/status`; `None` where there is no such file (not Linux).
fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// Reports a run that stopped; the exit status.
fn failed(err: &RunError) -> ExitCode {
    if let RunError::Replay(bug) = err {
        eprintln!("bug: {bug}");
        ExitCode::from(BUG)
    } else {
        eprintln!("error: {err}");
        ExitCode::FAILURE
    }
}

/// Lists the wrong answers on stderr; the exit status.
fn report(suite: &Suite, records: &[Record<Search>]) -> ExitCode {
    eprint!("{}", render_failures(suite, records, LISTED));
    match count_failures(records) {
        None => ExitCode::SUCCESS,
        Some(counts) => {
            eprintln!("error: {counts}");
            ExitCode::FAILURE
        }
    }
}
