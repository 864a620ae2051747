//! What `fifteen`, `twentyfour` and `cube` share: reading a file of instances (or
//! a built-in set), solving the instances one after the other with the
//! solution of each replayed and its length checked, and the table they
//! print, row by row as each instance ends.

use std::fmt::Write as _;
use std::num::NonZeroUsize;
use std::path::Path;
use std::process::ExitCode;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use frontier::{CancelFlag, Limit, Limits};
use sliding_puzzle::InstanceError;
use sliding_puzzle::heuristic::pdb::PatternDatabases;
use sliding_puzzle::instances::Instance;
use sliding_puzzle::{Board, Packing};

use crate::domain::Domain;
use crate::domain::Solver;
use crate::jobs::{Jobs, parse_jobs};
use crate::output::{Stdout, StdoutError, with_stdout};
use crate::strategy::{Answer, Strategy};
use frontier_text::lines;
use frontier_text::{excerpt, read_file};

/// One instance read from a file: an id, a published length and a board
/// of either size.
#[derive(Clone, Copy, Debug)]
pub(super) struct Row<B> {
    /// The id, if the line gave one.
    pub id: Option<u32>,
    /// The published optimal length, if the line gave one.
    pub length: Option<usize>,
    /// The board.
    pub board: B,
    /// The line it was read from, from 1.
    pub line: usize,
    /// The nodes a published search generated on it, if the set gives
    /// them (Korf's cubes: IDA* with his databases).
    pub published_nodes: Option<u64>,
}

impl<const W: usize, const H: usize, P: Packing> From<Instance<W, H, P>> for Row<Board<W, H, P>> {
    fn from(instance: Instance<W, H, P>) -> Self {
        Row {
            id: instance.id,
            length: instance.length,
            board: instance.board,
            line: instance.line,
            published_nodes: None,
        }
    }
}

/// The `--limit` value parser: how many instances to solve, at least 1.
pub(super) fn parse_limit(text: &str) -> Result<NonZeroUsize, String> {
    super::at_least_one("the number of instances to solve")(text)
}

/// Reads the built-in set `builtin` (its name and text) when `input` names
/// it, or the file at `input` (a regular file of bounded size:
/// [`read_file`]), with `parse`, stopping at the first bad line (a line
/// that is not UTF-8 among them). An input without instances is an error
/// too, found before any table is loaded or built.
pub(super) fn read_rows<I: Into<Row<B>>, B>(
    input: &str,
    builtin: (&str, &str),
    parse: fn(&str) -> Result<Vec<I>, InstanceError>,
) -> Result<Vec<Row<B>>, String> {
    let rows = if input == builtin.0 {
        parse(builtin.1).map_err(|err| format!("{input}, {err}"))?
    } else {
        read_rows_of_file(input, parse)?
    };
    if rows.is_empty() {
        return Err(format!(
            "{}: no instances (every line is blank or a comment)",
            excerpt(input)
        ));
    }
    Ok(rows.into_iter().map(Into::into).collect())
}

/// The rows of the file at `input`, as [`read_rows`] reads them.
fn read_rows_of_file<I>(
    input: &str,
    parse: fn(&str) -> Result<Vec<I>, InstanceError>,
) -> Result<Vec<I>, String> {
    let bytes = read_file(Path::new(input)).map_err(|err| err.to_string())?;
    let input = excerpt(input);
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
    match (parse(&text), not_utf8) {
        (Err(err), bad) if bad.is_none_or(|bad| err.line() < bad.line) => {
            Err(format!("{input}, {err}"))
        }
        (_, Some(bad)) => Err(format!("{input}, line {}: {bad}", bad.line)),
        (rows, None) => rows.map_err(|err| format!("{input}, {err}")),
    }
}

/// How one instance went.
#[derive(Debug, Default)]
struct Outcome {
    /// The solution's length, if solved.
    length: Option<usize>,
    /// Nodes generated.
    generated: u64,
    /// Nodes expanded.
    expanded: u64,
    /// The search's time.
    elapsed: Duration,
    /// What went wrong, if anything: a wrong length, an error.
    problem: Option<String>,
    /// The limit that stopped the search, if one did.
    stopped: Option<Limit>,
}

/// Solves `row` of `domain` with `strategy` under `limits`; the solver
/// replays the solution before returning it, and its length is checked
/// against the row's.
fn solve_row<D: Domain>(
    solver: &mut Solver,
    domain: &D,
    row: &Row<D::Instance>,
    strategy: Strategy,
    limits: &Limits<u32>,
) -> Outcome {
    let attempt = match solver.solve(domain, &row.board, strategy, limits) {
        Ok(attempt) => attempt,
        Err(err) => {
            return Outcome {
                problem: Some(err.to_string()),
                ..Outcome::default()
            };
        }
    };
    let (length, problem, stopped) = match &attempt.answer {
        Answer::Solved(_) => {
            let length = attempt.moves().unwrap_or_default();
            let problem = row
                .length
                .filter(|&published| published != length)
                .map(|published| format!("length {length}, published {published}"));
            (Some(length), problem, None)
        }
        Answer::Unsolvable => (None, Some("unsolvable".to_owned()), None),
        Answer::Stopped(limit) => (None, None, Some(*limit)),
    };
    Outcome {
        length,
        generated: attempt.stats.generated,
        expanded: attempt.stats.expanded,
        elapsed: attempt.elapsed,
        problem,
        stopped,
    }
}

/// The table the programs print: a header, a row per instance, totals.
#[derive(Clone, Copy, Debug)]
struct Table {
    /// Whether rows show nodes per second.
    rates: bool,
    /// Whether rows show the nodes expanded, the published count (nodes
    /// expanded, as Korf counted them) and ours against it.
    published_nodes: bool,
}

impl Table {
    /// The header line.
    fn header(self) -> String {
        let mut out = format!(
            "{:>5} {:>6} {:>9} {:>15} {:>10}",
            "id", "length", "published", "generated", "time (ms)"
        );
        if self.rates {
            let _ = write!(out, " {:>12}", "nodes/s");
        }
        if self.published_nodes {
            let _ = write!(
                out,
                " {:>15} {:>15} {:>7}",
                "expanded", "published exp.", "ratio"
            );
        }
        out
    }

    /// The line of `row`, which went as `outcome`.
    #[expect(clippy::cast_precision_loss, reason = "rates for display")]
    fn row<B>(self, row: &Row<B>, outcome: &Outcome) -> String {
        let dash = || "-".to_owned();
        // A line of tiles alone is named by its line number.
        let id = row
            .id
            .map_or_else(|| row.line.to_string(), |id| id.to_string());
        let mut out = format!(
            "{id:>5} {:>6} {:>9} {:>15} {:>10.1}",
            outcome.length.map_or_else(dash, |l| l.to_string()),
            row.length.map_or_else(dash, |l| l.to_string()),
            outcome.generated,
            outcome.elapsed.as_secs_f64() * 1e3
        );
        if self.rates {
            let rate = outcome.generated as f64 / outcome.elapsed.as_secs_f64().max(1e-9);
            let _ = write!(out, " {rate:>12.0}");
        }
        if self.published_nodes {
            let published = row.published_nodes.map_or_else(dash, |n| n.to_string());
            let ratio = row
                .published_nodes
                .filter(|_| outcome.length.is_some())
                .map_or_else(dash, |n| {
                    format!("{:.3}", outcome.expanded as f64 / n.max(1) as f64)
                });
            let _ = write!(out, " {:>15} {published:>15} {ratio:>7}", outcome.expanded);
        }
        if let Some(problem) = &outcome.problem {
            let _ = write!(out, "  FAILED: {problem}");
        } else if let Some(limit) = outcome.stopped {
            let _ = match limit {
                Limit::Cancelled => write!(out, "  stopped: interrupted"),
                limit => write!(out, "  stopped by its {limit}"),
            };
        }
        out
    }

    /// The totals line over the instances run so far (`rows` may hold more
    /// than `outcomes` after an interruption: those were not run): the
    /// solved instances' lengths against their own published ones, the
    /// nodes averaged over the instances run.
    #[expect(
        clippy::cast_precision_loss,
        reason = "averages and rates for display; counts stay far below 2^53"
    )]
    fn totals<B>(self, rows: &[Row<B>], outcomes: &[Outcome]) -> String {
        let solved: Vec<&Outcome> = outcomes.iter().filter(|o| o.length.is_some()).collect();
        let length: usize = solved.iter().filter_map(|o| o.length).sum();
        let published: usize = rows
            .iter()
            .zip(outcomes)
            .filter(|(_, outcome)| outcome.length.is_some())
            .filter_map(|(row, _)| row.length)
            .sum();
        let generated: u64 = outcomes.iter().map(|o| o.generated).sum();
        let elapsed: Duration = outcomes.iter().map(|o| o.elapsed).sum();
        let failures = outcomes.iter().filter(|o| o.problem.is_some()).count();
        let stopped = outcomes
            .iter()
            .filter(|o| o.problem.is_none() && o.stopped.is_some())
            .count();
        let count = outcomes.len().max(1) as f64;
        let mut out = format!(
            "total: {} instances, {} solved, length {length} (published {published}), \
             {generated} nodes generated ({:.0} per instance run), {:.3} s ({:.0} nodes/s), {failures} failed",
            rows.len(),
            solved.len(),
            generated as f64 / count,
            elapsed.as_secs_f64(),
            generated as f64 / elapsed.as_secs_f64().max(1e-9),
        );
        if self.rates || stopped > 0 {
            let _ = write!(out, ", {stopped} stopped");
        }
        if outcomes.len() < rows.len() {
            let _ = write!(out, ", {} not run", rows.len() - outcomes.len());
        }
        out
    }
}

/// Solves `rows` in order, printing on `out` the header, each row as it
/// ends and the totals; stops early, leaving the rest not run, when
/// `interrupted` says so after an instance. True if every instance ran,
/// was solved, replayed and (where a length is known) matched it.
///
/// # Errors
///
/// If `out` cannot be written: the run stops there, as its results would
/// be lost.
#[expect(
    clippy::too_many_arguments,
    reason = "the run's parts, each named at the call site"
)]
fn run_rows<D: Domain>(
    out: &mut Stdout,
    solver: &mut Solver,
    domain: &D,
    rows: &[Row<D::Instance>],
    strategy: Strategy,
    limits: &Limits<u32>,
    table: Table,
    interrupted: impl Fn() -> bool,
) -> Result<bool, StdoutError> {
    writeln!(out, "{}", table.header())?;
    let mut outcomes = Vec::with_capacity(rows.len());
    for row in rows {
        let outcome = solve_row(solver, domain, row, strategy, limits);
        // Each row as it ends: an instance can take hours.
        writeln!(out, "{}", table.row(row, &outcome))?;
        out.flush()?;
        outcomes.push(outcome);
        if interrupted() {
            break;
        }
    }
    writeln!(out, "{}", table.totals(rows, &outcomes))?;
    Ok(outcomes.len() == rows.len()
        && outcomes
            .iter()
            .all(|o| o.problem.is_none() && o.stopped.is_none()))
}

/// A positive, finite number of seconds.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    // clap prints the value before these messages: they do not repeat it.
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| "expected a number of seconds".to_owned())?;
    if !(seconds.is_finite() && seconds > 0.0) {
        return Err("the time must be a positive number of seconds".to_owned());
    }
    Duration::try_from_secs_f64(seconds).map_err(|err| err.to_string())
}

/// The flag Ctrl-C sets, shared by every run of the process: the handler
/// is installed once (`None` if it could not be).
fn interrupt_flag() -> Option<&'static CancelFlag> {
    static FLAG: OnceLock<Option<CancelFlag>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = CancelFlag::new();
        let handler_flag = flag.clone();
        let installed = ctrlc::set_handler(move || {
            if handler_flag.is_cancelled() {
                // A second Ctrl-C: the first is taking too long.
                std::process::exit(130);
            }
            eprintln!("interrupted: stopping the search under way (Ctrl-C again to exit now)");
            handler_flag.cancel();
        });
        match installed {
            Ok(()) => Some(flag),
            Err(err) => {
                eprintln!("note: Ctrl-C will end the run without a report ({err})");
                None
            }
        }
    })
    .as_ref()
}

/// The rows with the ids `ids`, in that order; all of them when `ids` is
/// empty.
fn select<B: Copy>(rows: Vec<Row<B>>, ids: &[u32]) -> Result<Vec<Row<B>>, String> {
    if ids.is_empty() {
        return Ok(rows);
    }
    ids.iter()
        .map(|&id| {
            rows.iter()
                .find(|row| row.id == Some(id))
                .copied()
                .ok_or_else(|| format!("no instance has id {id}"))
        })
        .collect()
}

/// The options `twentyfour` and `cube` share (flattened into each):
/// which instances, on how many threads, for how long each.
#[derive(Debug, clap::Args)]
pub(super) struct Selection {
    /// Threads for one search: IDA* splits each iteration's tree among
    /// them (1: the serial search; 0 is refused, not taken as 1; above 1024
    /// refused; above 4 a core capped, with a note on stderr)
    #[arg(long, value_name = "N", default_value_t = NonZeroUsize::MIN, value_parser = parse_jobs)]
    pub jobs: NonZeroUsize,

    /// Solve only these instances, by id, in this order (comma-separated:
    /// `38,40,25`)
    #[arg(long, value_name = "IDS", value_delimiter = ',')]
    pub ids: Vec<u32>,

    /// Solve only the first N instances (after --ids; at least 1)
    #[arg(long, value_name = "N", value_parser = parse_limit)]
    pub limit: Option<NonZeroUsize>,

    /// Stop each instance's search after this many seconds (the instance
    /// is reported as stopped, and the next one starts)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub max_time: Option<Duration>,
}

/// Solves the instances of `rows` (read from `input`, or why they could
/// not be) that `selection` selects, one after the other, after loading
/// the strategy's tables from `databases`: the table on stdout row by row.
/// A `long` run (`twentyfour`, `cube`: hours an instance) shows nodes per
/// second, and Ctrl-C stops it cleanly. The program's exit status: 0 if
/// every instance was solved and checked, 1 otherwise, 2 if the input,
/// the selection or the tables could not be had.
pub(super) fn run_long<D: Domain>(
    domain: &D,
    rows: Result<Vec<Row<D::Instance>>, String>,
    strategy: Strategy,
    input: &str,
    selection: &Selection,
    databases: PatternDatabases,
    long: bool,
) -> ExitCode
where
    D::Instance: Copy,
{
    let unusable = |err: &dyn std::fmt::Display| {
        eprintln!("error: {err}");
        ExitCode::from(2)
    };
    let selected = rows.and_then(|rows| {
        select(rows, &selection.ids).map_err(|err| format!("{}, {err}", excerpt(input)))
    });
    let mut rows = match selected {
        Ok(rows) => rows,
        Err(err) => return unusable(&err),
    };
    if let Some(limit) = selection.limit {
        rows.truncate(limit.get());
    }
    let jobs = Jobs::for_this_machine(selection.jobs);
    if let Some(note) = jobs.note() {
        eprintln!("{note}");
    }
    let mut solver = Solver::new()
        .with_databases(Arc::new(databases))
        .with_jobs(jobs.threads.get());
    // The tables are loaded (or built) here, before the first instance,
    // so no instance's time includes them.
    if let Err(err) = solver.prepare(domain, strategy) {
        return unusable(&err);
    }
    let mut limits = Limits::new();
    if let Some(max_time) = selection.max_time {
        limits = limits.max_time(max_time);
    }
    let flag = if long { interrupt_flag() } else { None };
    if let Some(flag) = flag {
        limits = limits.cancel(flag.clone());
    }
    let interrupted = || flag.is_some_and(CancelFlag::is_cancelled);
    let table = Table {
        rates: long,
        published_nodes: rows.iter().any(|row| row.published_nodes.is_some()),
    };
    with_stdout(|out| {
        let all = run_rows(
            out,
            &mut solver,
            domain,
            &rows,
            strategy,
            &limits,
            table,
            interrupted,
        )?;
        if interrupted() {
            eprintln!("interrupted: the table above is what was done");
        }
        Ok(if all {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: u32, length: usize) -> Row<()> {
        Row {
            id: Some(id),
            length: Some(length),
            board: (),
            line: 1,
            published_nodes: None,
        }
    }

    fn outcome(length: Option<usize>, generated: u64, stopped: Option<Limit>) -> Outcome {
        Outcome {
            length,
            generated,
            expanded: generated,
            elapsed: Duration::from_secs(1),
            problem: None,
            stopped,
        }
    }

    /// After a limit and an interruption the totals compare the solved
    /// instances' lengths with their own published lengths, and average
    /// the nodes over the instances run.
    #[test]
    fn totals_cover_the_instances_run_and_solved() {
        let rows = [row(1, 10), row(2, 20), row(3, 30), row(4, 40)];
        let outcomes = [
            outcome(Some(10), 100, None),
            outcome(None, 500, Some(Limit::Time)),
            outcome(Some(30), 300, None),
        ];
        let line = Table {
            rates: true,
            published_nodes: false,
        }
        .totals(&rows, &outcomes);
        assert!(
            line.starts_with(
                "total: 4 instances, 2 solved, length 40 (published 40), \
                 900 nodes generated (300 per instance run)"
            ),
            "{line}"
        );
        assert!(line.ends_with(", 1 stopped, 1 not run"), "{line}");
    }
}
