//! Grid path planners from other crates on Moving AI benchmark scenarios,
//! timed per query and checked against the scenarios' optimal lengths.
//!
//! ```sh
//! cargo bench -p frontier-benches --bench grid_peers -- DIR_OR_SCEN_FILES... [--runs 3] [--planner NAME]...
//! ```
//!
//! Each `.scen` file (a folder stands for all the `.scen` files in it) is
//! read with the `movingai` crate together with the map next to it
//! (`benches/grid-data.sh` copies a benchmark set out of HOG2 that way).
//! Every planner is prepared on the map, outside the timing, then solves
//! every query of the map `--runs` times, each call timed on its own. The
//! table gives per map and planner: how many lengths are optimal under the
//! planner's movement rule (`octile`: the benchmark's eight-connected moves
//! without corner cutting, checked against the scenario file to one unit in
//! its last printed digit, the sixth significant one for integer texts, or
//! 1e-4; `cutting`: corner cutting allowed, checked against an A* optimum
//! under that rule computed here), how many are longer, how many are wrong
//! (shorter, missed, or a path where none exists, detailed on stderr), how
//! many equal the scenario's length, the mean time per query over all runs,
//! the median run's mean, and the slowest query.
//!
//! A planner is a [`planner::Planner`]; `planners()` lists them in table
//! order, `--planner NAME` (repeatable) keeps only the named ones.

#[path = "grid_peers/frontier.rs"]
mod frontier;
#[path = "grid_peers/measure.rs"]
mod measure;
#[path = "grid_peers/peers.rs"]
mod peers;
#[path = "grid_peers/planner.rs"]
mod planner;
#[path = "grid_peers/scenario.rs"]
mod scenario;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use crate::measure::{Row, measure, print_table};
use crate::planner::{Planner, Rule};
use crate::scenario::{Optimal, Scenario, scenario_files};

/// Every planner the harness knows, in table order.
fn planners() -> Vec<Box<dyn Planner>> {
    let mut planners = frontier::all();
    planners.extend(peers::all());
    planners
}

/// The command line.
#[derive(Debug, Parser)]
#[command(about = "Grid planners on Moving AI scenarios: lengths checked, time per query")]
struct Args {
    /// Scenario files, or folders whose `.scen` files are all run; each map
    /// is found next to its scenario.
    #[arg(required = true, value_name = "DIR_OR_SCEN_FILE")]
    inputs: Vec<PathBuf>,
    /// How many times each planner solves every query of a map.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,
    /// Run only this planner (repeatable); all of them by default.
    #[arg(long = "planner", value_name = "NAME")]
    planners: Vec<String>,
    /// Added by `cargo bench`; ignored.
    #[arg(long, hide = true)]
    bench: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();

    let mut chosen = planners();
    let known: Vec<String> = chosen.iter().map(|p| p.name().to_owned()).collect();
    if let Some(unknown) = args.planners.iter().find(|name| !known.contains(name)) {
        eprintln!(
            "unknown planner {unknown:?}; the planners are: {}",
            known.join(", ")
        );
        return ExitCode::FAILURE;
    }
    if !args.planners.is_empty() {
        chosen.retain(|p| args.planners.iter().any(|name| name == p.name()));
    }
    let needs_cutting = chosen.iter().any(|p| p.rule() == Rule::CornerCutting);

    let files = match scenario_files(&args.inputs) {
        Ok(files) if !files.is_empty() => files,
        Ok(_) => {
            eprintln!("no .scen files in {:?}", args.inputs);
            return ExitCode::FAILURE;
        }
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };

    let runs = usize::try_from(args.runs).unwrap_or(usize::MAX);
    let mut rows: Vec<Row> = Vec::new();
    let mut total_queries = 0;
    for file in &files {
        let scenario = match Scenario::load(file) {
            Ok(scenario) => scenario,
            Err(error) => {
                eprintln!("{error}");
                return ExitCode::FAILURE;
            }
        };
        eprintln!(
            "{}: {} queries, {}x{}",
            scenario.name,
            scenario.queries.len(),
            movingai::Map2D::width(&scenario.map),
            movingai::Map2D::height(&scenario.map),
        );
        if scenario.special_terrain {
            eprintln!(
                "  warning: {} has swamp or water cells; they count as plain passable cells here",
                scenario.name
            );
        }
        if let Some((first, count)) = scenario.skipped {
            eprintln!(
                "  warning: {count} queries start or end on a blocked cell and are left out \
                 (first: line {}, {} {:?})",
                first.line, first.which, first.cell
            );
        }
        total_queries += scenario.queries.len();
        let cutting = needs_cutting.then(|| cutting_optimum(&scenario));
        for planner in &mut chosen {
            let row = measure(planner.as_mut(), &scenario, cutting.as_deref(), runs);
            eprintln!(
                "  {:<30} {:.4} ms/query, {}/{} optimal",
                row.planner, row.mean_ms, row.optimal, row.queries
            );
            rows.push(row);
        }
    }

    println!(
        "{} scenario files, {total_queries} queries, {} runs per planner",
        files.len(),
        args.runs
    );
    println!();
    print_table(&rows);
    if rows.iter().any(|row| row.wrong > 0) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Each query's optimum when corners may be cut, by A* under that rule.
fn cutting_optimum(scenario: &Scenario) -> Vec<Optimal> {
    let mut reference = peers::PathfindingAstar::new(Rule::CornerCutting);
    reference.prepare(&scenario.map);
    scenario
        .queries
        .iter()
        .map(|query| Optimal::exact(reference.solve(query.start, query.goal)))
        .collect()
}
