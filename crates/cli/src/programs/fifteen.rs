//! Solves 15-puzzles optimally, by default Korf's 100 random instances with
//! IDA* and the 7-8 additive pattern database and its reflection, and checks
//! every answer: each solution is replayed to the goal and its length
//! compared with the published optimum.
//!
//! ```sh
//! frontier fifteen --heuristic pdb-7-8 korf100
//! frontier fifteen --heuristic pdb-6-6-3 --limit 10 korf100
//! frontier fifteen --algo idastar-bpmx --heuristic pdb-6-6-3 korf100
//! frontier fifteen --heuristic pdb-7-8x5 --dual --algo idastar-bpmx korf100
//! frontier fifteen --heuristic linear-conflict boards.txt
//! frontier fifteen --heuristic manhattan --jobs 2 --limit 10 korf100
//! ```
//!
//! Algorithms and heuristics come from the registry
//! (`crate::registry`): `--algo` takes any algorithm that
//! handles 4x4 boards (IDA* by default; `idastar-bpmx` adds bidirectional
//! pathmax, which prunes more with the inconsistent pattern databases),
//! `--heuristic` any heuristic.
//!
//! Input: `korf100` (the instances of
//! `crates/sliding-puzzle/testdata/korf100-blank-last.txt`, built in) or a
//! file with one board per line: either `id length t0 .. t15` (that file's
//! format, `length` being the known optimum) or the 16 tiles alone, `x` or
//! `0` for the blank. Blank lines and lines starting with `#` are skipped
//! (the format of `sliding_puzzle::instances`). The first bad line (one
//! that is not UTF-8 among them) is reported with its number, and nothing
//! is solved.
//!
//! `--jobs` above 1024 is refused; above 4 threads a core it is capped,
//! with a note on stderr (`crate::jobs`).
//!
//! Pattern databases are loaded from `--cache-dir` (default
//! `target/pdb-cache`), or built there on first use with a progress bar on
//! stderr: about a second for 5-5-5, seconds for 6-6-3, minutes and 2.2 GB
//! of memory for 7-8 (580 MB on disk), twice that for `pdb-7-8x2` (the
//! larger of two 7-8 partitions' estimates) and five times for `pdb-7-8x5`. A stale, truncated or corrupt cache
//! file is rebuilt, never used; a table that cannot be saved (read-only
//! cache directory, full disk) draws a warning and is used all the same.
//!
//! Output: a table on stdout, one row per instance (id, solution length,
//! published length, nodes generated, time), then the totals. Exit status:
//! 0 if every instance was solved, verified and (where a length is known)
//! matched it; 1 otherwise; 2 if the input, the strategy or the cache could
//! not be used.

use std::fmt::Write as _;
use std::num::NonZeroUsize;
use std::process::ExitCode;

use super::{Invocation, Program};
use std::sync::Arc;
use std::time::Duration;

use crate::domain::{AnyDomain, algorithms_of, heuristics_of};
use crate::domains::boards::FIFTEEN;
use crate::jobs::{Jobs, parse_jobs};
use crate::lines::lines;
use crate::registry::{Algorithm, DatabaseArgs, HeuristicName};
use crate::strategy::{Answer, Solver, Strategy, ignored_heuristic};
use clap::Parser;
use clap::error::ErrorKind;
use frontier::Limits;
use sliding_puzzle::instances::{Instance, KORF100, parse_instances};

/// Solves 15-puzzles optimally and checks every solution.
#[derive(Debug, Parser)]
#[command(name = "fifteen", version)]
pub struct Args {
    /// `korf100` for Korf's 100 instances, or a file of boards, one per
    /// line (`id length t0 .. t15`, or the 16 tiles alone)
    input: String,

    /// The heuristic guiding the search; refused beside an --algo that
    /// uses none
    #[arg(long, value_parser = heuristics_of(&BOARDS), default_value = "pdb-7-8")]
    heuristic: HeuristicName,

    /// The algorithm (one that handles 4x4 boards)
    #[arg(long, value_parser = algorithms_of(&BOARDS), default_value = "idastar")]
    algo: Algorithm,

    #[command(flatten)]
    databases: DatabaseArgs,

    /// Threads for one search: IDA* splits each iteration's tree among
    /// them (1: the serial search; 0 is refused, not taken as 1; above 1024
    /// refused; above 4 a core capped, with a note on stderr)
    #[arg(long, value_name = "N", default_value_t = NonZeroUsize::MIN, value_parser = parse_jobs)]
    jobs: NonZeroUsize,

    /// Solve only the first N instances
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
}

/// The domain `fifteen` solves: `--help` lists what it offers.
static BOARDS: [&dyn AnyDomain; 1] = [&FIFTEEN];

/// One 15-puzzle instance.
type Fifteen = Instance<4, 4>;

/// How one instance went.
#[derive(Debug)]
struct Outcome {
    length: Option<usize>,
    generated: u64,
    elapsed: Duration,
    /// What went wrong, if anything.
    problem: Option<String>,
}

impl Program for Args {
    const NAME: &'static str = "fifteen";
    const SUMMARY: &'static str = "Solves 15-puzzles optimally (Korf's 100 by default), checked against the published lengths";

    fn run(self, invocation: &mut Invocation<'_>) -> ExitCode {
        start(&self, invocation)
    }
}

fn start(args: &Args, invocation: &mut Invocation<'_>) -> ExitCode {
    let (algorithm, heuristic) = (Some(args.algo), args.heuristic);
    if let Some(complaint) = ignored_heuristic(invocation.matches(), algorithm, heuristic) {
        invocation.refuse(ErrorKind::ArgumentConflict, complaint);
    }
    let mut instances = match read_instances(&args.input) {
        Ok(instances) => instances,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::from(2);
        }
    };
    if let Some(limit) = args.limit {
        instances.truncate(limit);
    }
    let strategy = Strategy::new(args.algo, args.heuristic);
    let jobs = Jobs::for_this_machine(args.jobs);
    if let Some(note) = jobs.note() {
        eprintln!("{note}");
    }
    let mut solver = Solver::new()
        .with_databases(Arc::new(args.databases.open()))
        .with_jobs(jobs.threads.get());
    // The pattern database is loaded (or built) here, before the first
    // board, so no board's time includes it.
    if let Err(err) = solver.prepare(&FIFTEEN, strategy) {
        eprintln!("error: {err}");
        return ExitCode::from(2);
    }
    let outcomes = solve_all(&mut solver, strategy, &instances);
    if report(&instances, &outcomes) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Reads `korf100` or the file at `input`, stopping at its first bad line
/// (a line that is not UTF-8 among them).
fn read_instances(input: &str) -> Result<Vec<Fifteen>, String> {
    if input == "korf100" {
        return parse_instances(KORF100).map_err(|err| format!("{input}, {err}"));
    }
    let bytes = std::fs::read(input).map_err(|err| format!("cannot read {input}: {err}"))?;
    // The lines that are UTF-8 are read as they are, so the parser's line
    // numbers stay the file's; the first that is not stands in for a blank
    // line, and is reported unless a line above it is bad too. A comment
    // is a comment whatever its bytes.
    let mut text = String::with_capacity(bytes.len());
    let mut not_utf8 = None;
    for line in lines(&bytes) {
        match line.text() {
            Ok(line) => text.push_str(line),
            Err(_) if line.is_comment() => text.push('#'),
            Err(err) => {
                not_utf8.get_or_insert(err);
            }
        }
        text.push('\n');
    }
    match (parse_instances(&text), not_utf8) {
        (Err(err), bad) if bad.is_none_or(|bad| err.line() < bad.line) => {
            Err(format!("{input}, {err}"))
        }
        (_, Some(bad)) => Err(format!("{input}, line {}: {bad}", bad.line)),
        (instances, None) => instances.map_err(|err| format!("{input}, {err}")),
    }
}

/// Solves every instance with `strategy`; the solver replays each solution
/// before returning it.
fn solve_all(solver: &mut Solver, strategy: Strategy, instances: &[Fifteen]) -> Vec<Outcome> {
    let limits = Limits::new();
    instances
        .iter()
        .map(|instance| {
            let attempt = match solver.solve(&FIFTEEN, &instance.board, strategy, &limits) {
                Ok(attempt) => attempt,
                Err(err) => {
                    return Outcome {
                        length: None,
                        generated: 0,
                        elapsed: Duration::ZERO,
                        problem: Some(err.to_string()),
                    };
                }
            };
            let (length, problem) = match &attempt.answer {
                Answer::Solved(_) => {
                    let length = attempt.moves().unwrap_or_default();
                    let problem = instance
                        .length
                        .filter(|&published| published != length)
                        .map(|published| format!("length {length}, published {published}"));
                    (Some(length), problem)
                }
                Answer::Unsolvable => (None, Some("unsolvable".to_owned())),
                Answer::Stopped(limit) => (None, Some(format!("stopped by its {limit}"))),
            };
            Outcome {
                length,
                generated: attempt.stats.generated,
                elapsed: attempt.elapsed,
                problem,
            }
        })
        .collect()
}

/// Prints the table and the totals; true if every instance is fine.
#[expect(
    clippy::cast_precision_loss,
    reason = "averages and rates for display; counts stay far below 2^53"
)]
fn report(instances: &[Fifteen], outcomes: &[Outcome]) -> bool {
    let mut out = String::new();
    let dash = || "-".to_owned();
    // cannot fail: writing to a String
    let _ = writeln!(
        out,
        "{:>5} {:>6} {:>9} {:>15} {:>10}",
        "id", "length", "published", "generated", "time (ms)"
    );
    let mut failures = 0;
    for (instance, outcome) in instances.iter().zip(outcomes) {
        // A line of tiles alone is named by its line number.
        let id = instance
            .id
            .map_or_else(|| instance.line.to_string(), |id| id.to_string());
        let _ = write!(
            out,
            "{id:>5} {:>6} {:>9} {:>15} {:>10.1}",
            outcome.length.map_or_else(dash, |l| l.to_string()),
            instance.length.map_or_else(dash, |l| l.to_string()),
            outcome.generated,
            outcome.elapsed.as_secs_f64() * 1e3
        );
        if let Some(problem) = &outcome.problem {
            failures += 1;
            let _ = write!(out, "  FAILED: {problem}");
        }
        out.push('\n');
    }
    let solved: Vec<&Outcome> = outcomes.iter().filter(|o| o.length.is_some()).collect();
    let length: usize = solved.iter().filter_map(|o| o.length).sum();
    let published: usize = instances.iter().filter_map(|i| i.length).sum();
    let generated: u64 = outcomes.iter().map(|o| o.generated).sum();
    let elapsed: Duration = outcomes.iter().map(|o| o.elapsed).sum();
    let count = instances.len().max(1) as f64;
    let _ = writeln!(
        out,
        "total: {} instances, {} solved, length {length} (published {published}), \
         {generated} nodes generated ({:.0} per instance), {:.3} s ({:.0} nodes/s), {failures} failed",
        instances.len(),
        solved.len(),
        generated as f64 / count,
        elapsed.as_secs_f64(),
        generated as f64 / elapsed.as_secs_f64().max(1e-9),
    );
    print!("{out}");
    failures == 0
}
