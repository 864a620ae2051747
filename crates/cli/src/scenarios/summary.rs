//! What a run prints: a summary per map and algorithm, or one csv row per
//! search.

use std::fmt::Write as _;
use std::time::Duration;

use super::algorithm::Algorithm;
use super::load::Suite;
use super::run::{Record, Settings, Verdict};

/// One line of the summary: one algorithm on one map, or on all.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The map's index in [`Suite::maps`], `None` for the total.
    pub map: Option<usize>,
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Queries searched.
    pub queries: usize,
    /// Answered with the shortest length (or no path where there is none).
    pub optimal: usize,
    /// Answered with a longer path.
    pub longer: usize,
    /// Answered wrongly (shorter than the optimum, or a path where there
    /// is none, or none where there is one).
    pub wrong: usize,
    /// Stopped by a limit.
    pub stopped: usize,
    /// Time per query: mean.
    pub mean: Duration,
    /// Time per query: median.
    pub median: Duration,
    /// Time per query: the longest.
    pub max: Duration,
    /// Nodes expanded per query, on average.
    pub expanded: f64,
    /// The most states one search stored at once.
    pub peak_stored: usize,
}

impl Row {
    /// The row of `records` (one algorithm's, non-empty).
    #[expect(
        clippy::cast_precision_loss,
        reason = "an average for display; counts stay far below 2^53"
    )]
    fn of(map: Option<usize>, algorithm: Algorithm, records: &[&Record]) -> Row {
        let count = |verdict: fn(&Verdict) -> bool| {
            records
                .iter()
                .filter(|record| verdict(&record.verdict))
                .count()
        };
        let mut times: Vec<Duration> = records.iter().map(|record| record.elapsed).collect();
        times.sort_unstable();
        let total: Duration = times.iter().sum();
        let queries = records.len();
        let divisor = u32::try_from(queries.max(1)).unwrap_or(u32::MAX);
        Row {
            map,
            algorithm,
            queries,
            optimal: count(|v| *v == Verdict::Optimal),
            longer: count(|v| *v == Verdict::Longer),
            wrong: count(|v| *v == Verdict::Wrong),
            stopped: count(|v| matches!(v, Verdict::Stopped(_))),
            mean: total / divisor,
            median: times.get(queries / 2).copied().unwrap_or_default(),
            max: times.last().copied().unwrap_or_default(),
            expanded: records
                .iter()
                .map(|record| record.expanded as f64)
                .sum::<f64>()
                / queries.max(1) as f64,
            peak_stored: records
                .iter()
                .map(|record| record.peak_stored)
                .max()
                .unwrap_or(0),
        }
    }
}

/// The summary's rows: each map with each algorithm (in the order of
/// `settings`), then, if there is more than one map, each algorithm over
/// all of them.
#[must_use]
pub fn summarise(suite: &Suite, settings: &Settings, records: &[Record]) -> Vec<Row> {
    let mut rows = Vec::new();
    let total = (suite.maps.len() > 1).then_some(None);
    let maps = (0..suite.maps.len()).map(Some).chain(total);
    for map in maps {
        for &algorithm in &settings.algorithms {
            let chosen: Vec<&Record> = records
                .iter()
                .filter(|r| r.algorithm == algorithm && map.is_none_or(|m| r.map == m))
                .collect();
            if !chosen.is_empty() {
                rows.push(Row::of(map, algorithm, &chosen));
            }
        }
    }
    rows
}

/// Milliseconds with three decimals.
fn ms(duration: Duration) -> String {
    format!("{:.3}", duration.as_secs_f64() * 1e3)
}

/// `n` and the noun, singular or plural.
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The summary as text: a line on what was checked, the table, which
/// algorithms are optimal, how many searches a limit stopped, and the
/// peak memory (`rss_kib`: the process's peak resident set, if known).
#[must_use]
pub fn render_summary(
    suite: &Suite,
    settings: &Settings,
    rows: &[Row],
    rss_kib: Option<u64>,
) -> String {
    let mut out = String::new();
    let check = if settings.movement.scenario_lengths_hold() {
        "lengths checked against the scenario files".to_owned()
    } else {
        format!(
            "the scenario files' lengths assume octile movement, so each length is checked against plain A*'s under {} movement instead",
            settings.movement
        )
    };
    // cannot fail: writing to a String
    let _ = writeln!(
        out,
        "{}, {}, {}; {} movement: {check}",
        plural(suite.scenarios.len(), "scenario file", "scenario files"),
        plural(suite.maps.len(), "map", "maps"),
        plural(suite.query_count(), "query", "queries"),
        settings.movement
    );
    render_table(&mut out, suite, rows);
    render_notes(&mut out, settings, rows, rss_kib);
    out
}

/// Appends the table of `rows`.
fn render_table(out: &mut String, suite: &Suite, rows: &[Row]) {
    let name = |row: &Row| row.map.map_or("total", |m| suite.maps[m].name.as_str());
    let map_width = rows
        .iter()
        .map(|row| name(row).len())
        .max()
        .unwrap_or(0)
        .max(3);
    let algorithm_width = rows
        .iter()
        .map(|row| row.algorithm.label().len())
        .max()
        .unwrap_or(0)
        .max(9);
    let _ = writeln!(
        out,
        "{:<map_width$}  {:<algorithm_width$}  {:>7}  {:>7}  {:>6}  {:>5}  {:>7}  {:>9}  {:>9}  {:>9}  {:>12}  {:>11}",
        "map",
        "algorithm",
        "queries",
        "optimal",
        "longer",
        "wrong",
        "stopped",
        "ms mean",
        "ms median",
        "ms max",
        "expanded",
        "peak stored"
    );
    for row in rows {
        let _ = writeln!(
            out,
            "{:<map_width$}  {:<algorithm_width$}  {:>7}  {:>7}  {:>6}  {:>5}  {:>7}  {:>9}  {:>9}  {:>9}  {:>12.1}  {:>11}",
            name(row),
            row.algorithm.label(),
            row.queries,
            row.optimal,
            row.longer,
            row.wrong,
            row.stopped,
            ms(row.mean),
            ms(row.median),
            ms(row.max),
            row.expanded,
            row.peak_stored
        );
    }
}

/// Appends which algorithms are optimal, the searches stopped, and the
/// peak memory.
fn render_notes(out: &mut String, settings: &Settings, rows: &[Row], rss_kib: Option<u64>) {
    let (optimal, other): (Vec<Algorithm>, Vec<Algorithm>) = settings
        .algorithms
        .iter()
        .partition(|algorithm| algorithm.is_optimal());
    let labels = |list: &[Algorithm]| {
        list.iter()
            .map(|a| a.label())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !optimal.is_empty() {
        let _ = writeln!(
            out,
            "optimal, so a longer path fails the run: {}",
            labels(&optimal)
        );
    }
    if !other.is_empty() {
        let _ = writeln!(
            out,
            "not optimal, so longer paths are counted, not failed: {}",
            labels(&other)
        );
    }
    // The totals: the last row of each algorithm.
    let totals: Vec<&Row> = settings
        .algorithms
        .iter()
        .filter_map(|&algorithm| rows.iter().rev().find(|row| row.algorithm == algorithm))
        .collect();
    for row in totals.iter().filter(|row| row.stopped > 0) {
        let _ = writeln!(
            out,
            "{}: {} of {} stopped at --max-nodes {} (counted, not failed)",
            row.algorithm.label(),
            row.stopped,
            plural(row.queries, "query", "queries"),
            settings.max_nodes
        );
    }
    let mut memory = Vec::new();
    if let Some(peak) = totals.iter().max_by_key(|row| row.peak_stored) {
        memory.push(format!(
            "{} states stored by one search ({})",
            peak.peak_stored,
            peak.algorithm.label()
        ));
    }
    if let Some(kib) = rss_kib {
        #[expect(
            clippy::cast_precision_loss,
            reason = "a size for display; any resident set is far below 2^53 KiB"
        )]
        let mib = kib as f64 / 1024.0;
        memory.push(format!("process peak RSS {mib:.1} MiB (VmHWM)"));
    }
    if !memory.is_empty() {
        let _ = writeln!(out, "peak memory: {}", memory.join("; "));
    }
}

/// The process's peak resident set size in KiB, from `VmHWM` in
/// `/proc/self/status`; `None` where there is no such file (not Linux).
#[must_use]
pub fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// One csv row per search, with a header: `map, algorithm, index,
/// start_x, start_y, goal_x, goal_y, optimal, found, expanded, micros`.
/// `optimal` is the length to match (the scenario's under octile
/// movement, plain A*'s under the others), `found` the length found
/// (both empty where there is no path, `found` also where a limit stopped
/// the search), `micros` the search's time in microseconds.
///
/// # Errors
///
/// The csv writer's, which cannot happen writing to memory.
pub fn render_csv(suite: &Suite, records: &[Record]) -> Result<String, csv::Error> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record([
        "map",
        "algorithm",
        "index",
        "start_x",
        "start_y",
        "goal_x",
        "goal_y",
        "optimal",
        "found",
        "expanded",
        "micros",
    ])?;
    let length = |length: Option<f64>| length.map_or_else(String::new, |l| l.to_string());
    for record in records {
        let set = &suite.maps[record.map];
        let (_, query) = &set.queries[record.query];
        writer.write_record([
            set.name.clone(),
            record.algorithm.name().to_owned(),
            record.query.to_string(),
            query.start.0.to_string(),
            query.start.1.to_string(),
            query.goal.0.to_string(),
            query.goal.1.to_string(),
            length(record.expected.length),
            length(record.found),
            record.expanded.to_string(),
            format!("{:.3}", record.elapsed.as_secs_f64() * 1e6),
        ])?;
    }
    let bytes = writer
        .into_inner()
        .map_err(csv::IntoInnerError::into_error)?;
    // cannot fail: every field written is UTF-8
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}
