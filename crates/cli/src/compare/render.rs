//! The rows as a table, Markdown, CSV or JSON.

use std::fmt::Write as _;
use std::time::Duration;

use frontier::Limit;
use serde::Serialize;

use crate::registry::Heuristic;

use super::check::Row;

/// How to print the rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Format {
    /// Aligned columns with readable numbers, for a terminal.
    #[default]
    Table,
    /// A Markdown table, for documents.
    Markdown,
    /// Comma-separated values with raw numbers, one header line.
    Csv,
    /// A JSON object with the settings and one object per row.
    Json,
}

/// The settings of a run, printed with the results.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The per-board memory limit, in states.
    pub max_stored: Option<usize>,
    /// The per-board time limit.
    pub max_time: Option<Duration>,
    /// How many boards were solved at once.
    pub jobs: usize,
    /// How long building the 3x3 table took.
    pub table_build: Option<Duration>,
    /// Wall time of the whole run.
    pub wall: Duration,
}

/// A count people read at a glance: `812`, `52.4k`, `1.23M`, `4.10G`.
#[must_use]
pub fn human_count(n: f64) -> String {
    if n < 1e3 {
        if n.fract() == 0.0 {
            format!("{n:.0}")
        } else {
            format!("{n:.1}")
        }
    } else if n < 1e6 {
        format!("{:.1}k", n / 1e3)
    } else if n < 1e9 {
        format!("{:.2}M", n / 1e6)
    } else {
        format!("{:.2}G", n / 1e9)
    }
}

/// A duration in the unit that suits it: `0.4 µs`, `12.3 ms`, `1.20 s`.
#[must_use]
pub fn human_time(duration: Duration) -> String {
    let seconds = duration.as_secs_f64();
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else if seconds >= 1e-3 {
        format!("{:.1} ms", seconds * 1e3)
    } else {
        format!("{:.1} µs", seconds * 1e6)
    }
}

/// The columns of the human formats, one `Vec` per row.
#[expect(
    clippy::cast_precision_loss,
    reason = "peak stored states shown rounded"
)]
pub(super) fn human_cells(row: &Row) -> Vec<String> {
    let mut counts: Vec<(String, usize)> = row
        .stopped
        .iter()
        .map(|(&limit, &n)| match limit {
            Limit::Stored | Limit::Memory => ("memory".to_owned(), n),
            Limit::Time => ("time".to_owned(), n),
            other => (other.to_string(), n),
        })
        .collect();
    // By name: a hash map's order changes from run to run.
    counts.sort();
    let counts: Vec<String> = counts
        .iter()
        .map(|(name, n)| format!("{n} {name}"))
        .collect();
    let stopped = if counts.is_empty() {
        "-".to_owned()
    } else {
        counts.join(", ")
    };
    vec![
        row.set.clone(),
        row.strategy.algorithm.label().to_owned(),
        row.strategy.heuristic_label().to_owned(),
        format!("{}/{}", row.solved, row.attempted),
        stopped,
        row.mean_length
            .map_or("-".to_owned(), |l| format!("{l:.2}")),
        human_count(row.mean_expanded),
        human_count(row.mean_generated),
        human_count(row.peak_stored as f64),
        human_time(row.mean_time),
        row.nodes_per_second
            .map_or("-".to_owned(), |n| format!("{}/s", human_count(n))),
    ]
}

const HUMAN_HEADER: [&str; 11] = [
    "board set",
    "strategy",
    "heuristic",
    "solved",
    "limit hit",
    "length",
    "expanded",
    "generated",
    "peak stored",
    "time/board",
    "generated/s",
];

/// Columns that hold text, aligned left; the others are numbers, aligned
/// right.
const LEFT: [bool; 11] = [
    true, true, true, false, false, false, false, false, false, false, false,
];

/// Renders the rows in `format`, followed in the human formats by notes on
/// how to read them.
#[must_use]
pub fn render(rows: &[Row], format: Format, settings: &Settings) -> String {
    match format {
        Format::Table => render_table(rows, settings),
        Format::Markdown => render_markdown(rows, settings),
        Format::Csv => render_csv(rows),
        Format::Json => render_json(rows, settings),
    }
}

/// The notes under the human formats, a line each.
#[expect(clippy::cast_precision_loss, reason = "the memory limit shown rounded")]
fn notes(settings: &Settings) -> String {
    let limits: Vec<String> = [
        settings
            .max_stored
            .map(|stored| format!("{} stored states", human_count(stored as f64))),
        settings.max_time.map(human_time),
    ]
    .into_iter()
    .flatten()
    .collect();
    let limits = if limits.is_empty() {
        "no limits".to_owned()
    } else {
        limits.join(" and ")
    };
    let timing = if settings.jobs <= 1 {
        "boards solved one at a time on one thread".to_owned()
    } else {
        format!(
            "{} boards solved at once (times include the contention)",
            settings.jobs
        )
    };
    let mut notes = format!(
        "limits per board: {limits}; {timing}; whole run {}.\n\
         expanded, generated and time/board are means over all attempts, those stopped by a limit included (work done until then); length is the mean over solved boards; peak stored is the largest of any attempt.\n",
        human_time(settings.wall)
    );
    if let Some(build) = settings.table_build {
        let _ = writeln!(
            notes,
            "table: built once by one reverse BFS in {}, not counted in its rows (which are lookups only).",
            human_time(build)
        );
    }
    notes
}

fn render_table(rows: &[Row], settings: &Settings) -> String {
    let cells: Vec<Vec<String>> = rows.iter().map(human_cells).collect();
    let mut widths: Vec<usize> = HUMAN_HEADER.iter().map(|h| h.chars().count()).collect();
    for row in &cells {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    // `format!`'s padding counts chars, as the widths do.
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .zip(LEFT)
            .map(|((cell, &width), left)| {
                if left {
                    format!("{cell:<width$}")
                } else {
                    format!("{cell:>width$}")
                }
            })
            .collect();
        padded.join("  ").trim_end().to_owned() + "\n"
    };
    let rule = "-".repeat(widths.iter().sum::<usize>() + 2 * (widths.len() - 1)) + "\n";
    let mut out = line(&HUMAN_HEADER.map(String::from));
    let mut previous_set = None;
    for (row, cells) in rows.iter().zip(&cells) {
        if previous_set != Some(&row.set) {
            out.push_str(&rule);
            previous_set = Some(&row.set);
        }
        out.push_str(&line(cells));
    }
    out + &rule + &notes(settings)
}

fn render_markdown(rows: &[Row], settings: &Settings) -> String {
    let rule = LEFT.map(|left| if left { "---" } else { "---:" });
    let mut out = format!(
        "| {} |\n| {} |\n",
        HUMAN_HEADER.join(" | "),
        rule.join(" | ")
    );
    for row in rows {
        let _ = writeln!(out, "| {} |", human_cells(row).join(" | "));
    }
    out + "\n" + &notes(settings)
}

/// One row with raw numbers, as CSV and JSON write it: the strategy by its
/// command-line names, counts of attempts stopped by memory, time and any
/// other limit, times in seconds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RawRow<'a> {
    /// The set's name.
    pub set: &'a str,
    /// The algorithm's command-line name (`astar`).
    pub algorithm: &'static str,
    /// The heuristic's command-line name (`linear-conflict`); empty in CSV
    /// and `null` in JSON for the algorithms that use none.
    pub heuristic: Option<&'static str>,
    /// Boards attempted.
    pub attempted: usize,
    /// Boards solved.
    pub solved: usize,
    /// Attempts stopped by the memory limits ([`Limit::Stored`] and
    /// [`Limit::Memory`]).
    pub stopped_by_memory: usize,
    /// Attempts stopped by the time limit ([`Limit::Time`]).
    pub stopped_by_time: usize,
    /// Attempts stopped by any other limit.
    pub stopped_other: usize,
    /// Mean solution length over the solved boards.
    pub mean_length: Option<f64>,
    /// Mean nodes expanded over all attempts.
    pub mean_expanded: f64,
    /// Mean nodes generated over all attempts.
    pub mean_generated: f64,
    /// The most states stored at once by any attempt.
    pub peak_stored: usize,
    /// Mean wall time per attempt, in seconds.
    pub mean_seconds: f64,
    /// Nodes generated per second over all attempts.
    pub generated_per_second: Option<f64>,
}

impl<'a> From<&'a Row> for RawRow<'a> {
    fn from(row: &'a Row) -> Self {
        let memory = row.stopped_by(Limit::Stored) + row.stopped_by(Limit::Memory);
        let time = row.stopped_by(Limit::Time);
        RawRow {
            set: &row.set,
            algorithm: row.strategy.algorithm.name(),
            heuristic: row.strategy.heuristic.map(Heuristic::name),
            attempted: row.attempted,
            solved: row.solved,
            stopped_by_memory: memory,
            stopped_by_time: time,
            stopped_other: row.stopped_total() - memory - time,
            mean_length: row.mean_length,
            mean_expanded: row.mean_expanded,
            mean_generated: row.mean_generated,
            peak_stored: row.peak_stored,
            mean_seconds: row.mean_time.as_secs_f64(),
            generated_per_second: row.nodes_per_second,
        }
    }
}

/// The settings as JSON writes them, times in seconds.
#[derive(Serialize)]
struct RawSettings {
    max_stored: Option<usize>,
    max_seconds: Option<f64>,
    jobs: usize,
    /// `null` when the run looked nothing up in the 3x3 table.
    table_build_seconds: Option<f64>,
    wall_seconds: f64,
}

/// The JSON document: the settings and the rows.
#[derive(Serialize)]
struct Report<'a> {
    settings: RawSettings,
    rows: Vec<RawRow<'a>>,
}

/// A header line, then one line per row.
fn render_csv(rows: &[Row]) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        // cannot fail: plain fields written to memory
        let _ = writer.serialize(RawRow::from(row));
    }
    let bytes = writer.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

/// `{"settings": {..}, "rows": [..]}`, pretty-printed.
fn render_json(rows: &[Row], settings: &Settings) -> String {
    let report = Report {
        settings: RawSettings {
            max_stored: settings.max_stored,
            max_seconds: settings.max_time.map(|t| t.as_secs_f64()),
            jobs: settings.jobs,
            table_build_seconds: settings.table_build.map(|t| t.as_secs_f64()),
            wall_seconds: settings.wall.as_secs_f64(),
        },
        rows: rows.iter().map(RawRow::from).collect(),
    };
    // cannot fail: no maps with non-string keys, and serde_json writes
    // non-finite floats as null
    let mut out = serde_json::to_string_pretty(&report).unwrap_or_default();
    out.push('\n');
    out
}
