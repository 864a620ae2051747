//! Solves 15-puzzles optimally with `frontier::idastar`, by default Korf's
//! 100 random instances with the 7-8 additive pattern database and its
//! reflection, and checks every answer: each solution is replayed to the
//! goal and its length compared with the published optimum.
//!
//! ```sh
//! cargo run --release --example fifteen -- --heuristic pdb-7-8 korf100
//! cargo run --release --example fifteen -- --heuristic pdb-6-6-3 --limit 10 korf100
//! cargo run --release --example fifteen -- --heuristic linear-conflict boards.txt
//! ```
//!
//! Input: `korf100` (the instances of
//! `crates/sliding-puzzle/testdata/korf100-blank-last.txt`, built in) or a
//! file with one board per line: either `id length t0 .. t15` (that file's
//! format, `length` being the known optimum) or the 16 tiles alone, `x` or
//! `0` for the blank. Blank lines and lines starting with `#` are skipped.
//!
//! Pattern databases are loaded from `--cache-dir` (default
//! `target/pdb-cache`), or built there on first use with a progress bar on
//! stderr: about a second for 5-5-5, seconds for 6-6-3, minutes and 2.2 GB
//! of memory for 7-8 (580 MB on disk). A stale, truncated or corrupt cache
//! file is rebuilt, never used; a table that cannot be saved (read-only
//! cache directory, full disk) draws a warning and is used all the same.
//!
//! Output: a table on stdout, one row per instance (id, solution length,
//! published length, nodes generated, time), then the totals. Exit status:
//! 0 if every instance was solved, verified and (where a length is known)
//! matched it; 1 otherwise; 2 if the input could not be read or a pattern
//! database could not be built.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use frontier::IdaStar;
use indicatif::{ProgressBar, ProgressStyle};
use sliding_puzzle::heuristic::pdb::{
    FIFTEEN_5_5_5, FIFTEEN_6_6_3, FIFTEEN_7_8, GroupProgress, Partition, PatternDatabase,
};
use sliding_puzzle::{Fifteen, Heuristic, LinearConflict, Manhattan, Puzzle};

/// Korf's 100 instances, converted to the blank-last goal.
const KORF100: &str = include_str!("../crates/sliding-puzzle/testdata/korf100-blank-last.txt");

/// Solves 15-puzzles optimally with IDA* and checks every solution.
#[derive(Debug, Parser)]
#[command(version)]
struct Args {
    /// `korf100` for Korf's 100 instances, or a file of boards, one per
    /// line (`id length t0 .. t15`, or the 16 tiles alone)
    input: String,

    /// The heuristic guiding IDA*
    #[arg(long, value_enum, default_value_t = Choice::Pdb78)]
    heuristic: Choice,

    /// Where pattern databases are kept between runs
    #[arg(long, default_value = "target/pdb-cache")]
    cache_dir: PathBuf,

    /// Use only the regular pattern-database lookup, not the maximum with
    /// the board reflected across the main diagonal
    #[arg(long)]
    no_reflection: bool,

    /// Solve only the first N instances
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
}

/// The heuristics on offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Choice {
    /// Manhattan distance
    Manhattan,
    /// Manhattan distance plus linear conflicts
    LinearConflict,
    /// Additive pattern database, three groups of five tiles
    #[value(name = "pdb-5-5-5")]
    Pdb555,
    /// Additive pattern database, groups of six, six and three tiles
    #[value(name = "pdb-6-6-3")]
    Pdb663,
    /// Additive pattern database, groups of seven and eight tiles
    #[value(name = "pdb-7-8")]
    Pdb78,
}

/// One board to solve.
#[derive(Clone, Debug)]
struct Instance {
    /// Its name: the id from the file, or the line number.
    id: String,
    /// The known optimal length, if the input gives one.
    published: Option<usize>,
    board: Fifteen,
}

/// How one instance went.
#[derive(Debug)]
struct Outcome {
    length: Option<usize>,
    generated: u64,
    elapsed: Duration,
    /// What went wrong, if anything.
    problem: Option<String>,
}

fn main() -> ExitCode {
    let args = Args::parse();
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
    let outcomes = match args.heuristic {
        Choice::Manhattan => solve_all(&instances, &Manhattan),
        Choice::LinearConflict => solve_all(&instances, &LinearConflict),
        Choice::Pdb555 | Choice::Pdb663 | Choice::Pdb78 => {
            let groups: &[&[u8]] = match args.heuristic {
                Choice::Pdb555 => &FIFTEEN_5_5_5,
                Choice::Pdb663 => &FIFTEEN_6_6_3,
                _ => &FIFTEEN_7_8,
            };
            match open_database(groups, &args.cache_dir, !args.no_reflection) {
                Ok(database) => solve_all(&instances, &database),
                Err(err) => {
                    eprintln!("error: {err}");
                    return ExitCode::from(2);
                }
            }
        }
    };
    if report(&instances, &outcomes) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Reads `korf100` or the file at `input`.
fn read_instances(input: &str) -> Result<Vec<Instance>, String> {
    let text = if input == "korf100" {
        KORF100.to_owned()
    } else {
        std::fs::read_to_string(input).map_err(|err| format!("cannot read {input}: {err}"))?
    };
    let mut instances = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |err: &dyn std::fmt::Display| format!("{input}, line {}: {err}", number + 1);
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let instance = if let [id, length, tiles @ ..] = tokens.as_slice()
            && tiles.len() == 16
        {
            let published = length
                .parse()
                .map_err(|_| at(&format!("the length {length:?} is not a number")))?;
            let board = tiles.join(" ").parse().map_err(|err| at(&err))?;
            Instance {
                id: (*id).to_owned(),
                published: Some(published),
                board,
            }
        } else {
            Instance {
                id: (number + 1).to_string(),
                published: None,
                board: line.parse().map_err(|err| at(&err))?,
            }
        };
        instances.push(instance);
    }
    Ok(instances)
}

/// Loads (or builds, with a progress bar) the pattern database of `groups`.
fn open_database(
    groups: &[&[u8]],
    cache_dir: &Path,
    reflection: bool,
) -> Result<PatternDatabase<4, 4>, Box<dyn std::error::Error>> {
    let partition = Partition::<4, 4>::new(groups.iter().copied())?;
    let started = Instant::now();
    // One bar per group being built, made on its first report.
    let bar: Mutex<Option<(usize, ProgressBar)>> = Mutex::new(None);
    let style = ProgressStyle::with_template(
        "{prefix} [{bar:40}] {percent:>3}% {elapsed_precise} (eta {eta}) {msg}",
    )?
    .progress_chars("=> ");
    let on_progress = |progress: &GroupProgress<'_>| {
        let mut bar = bar
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if bar
            .as_ref()
            .is_none_or(|(group, _)| *group != progress.group)
        {
            let new = ProgressBar::new(progress.build.entry_count).with_style(style.clone());
            new.set_prefix(format!(
                "building group {}/{} (tiles {})",
                progress.group + 1,
                progress.groups,
                tile_list(progress.tiles)
            ));
            *bar = Some((progress.group, new));
        }
        if let Some((_, bar)) = bar.as_ref() {
            bar.set_position(progress.build.entries);
            bar.set_message(format!("depth {}", progress.build.depth));
            if progress.build.finished {
                bar.finish();
            }
        }
    };
    let database = PatternDatabase::load_or_build(&partition, cache_dir, on_progress)?;
    for group in database.groups() {
        eprintln!(
            "pattern {} ({} entries): {}",
            tile_list(group.space().tiles()),
            group.table().len(),
            group.status()
        );
        if let Some(reason) = group.status().save_error() {
            eprintln!(
                "warning: the table of pattern {} could not be saved and will be built again \
                 next time: {reason}",
                tile_list(group.space().tiles())
            );
        }
    }
    eprintln!(
        "{} pattern database ready in {:.1} s (cache: {})",
        partition.name(),
        started.elapsed().as_secs_f64(),
        cache_dir.display()
    );
    Ok(if reflection {
        database.with_reflection()?
    } else {
        database
    })
}

fn tile_list(tiles: &[u8]) -> String {
    let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
    tiles.join(" ")
}

/// Solves every instance with IDA* guided by `heuristic`, verifying each
/// solution by replaying it.
fn solve_all(instances: &[Instance], heuristic: &impl Heuristic<4, 4>) -> Vec<Outcome> {
    let mut ida = IdaStar::new();
    instances
        .iter()
        .map(|instance| {
            if !instance.board.is_solvable() {
                return Outcome {
                    length: None,
                    generated: 0,
                    elapsed: Duration::ZERO,
                    problem: Some("unsolvable".to_owned()),
                };
            }
            let started = Instant::now();
            let result = ida.search(&Puzzle::new(instance.board, heuristic));
            let elapsed = started.elapsed();
            let generated = result.stats.generated;
            let Some(solution) = result.into_solution() else {
                return Outcome {
                    length: None,
                    generated,
                    elapsed,
                    problem: Some("no solution found".to_owned()),
                };
            };
            let length = solution.len();
            let problem = match instance.board.verify_solution(&solution.actions) {
                Err(err) => Some(format!("wrong solution: {err}")),
                Ok(()) => instance
                    .published
                    .filter(|&published| published != length)
                    .map(|published| format!("length {length}, published {published}")),
            };
            Outcome {
                length: Some(length),
                generated,
                elapsed,
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
fn report(instances: &[Instance], outcomes: &[Outcome]) -> bool {
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
        let _ = write!(
            out,
            "{:>5} {:>6} {:>9} {:>15} {:>10.1}",
            instance.id,
            outcome.length.map_or_else(dash, |l| l.to_string()),
            instance.published.map_or_else(dash, |l| l.to_string()),
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
    let published: usize = instances.iter().filter_map(|i| i.published).sum();
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
