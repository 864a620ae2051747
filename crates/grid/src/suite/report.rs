//! What a run prints: a summary per map and algorithm ([`summarise`],
//! [`render_summary`]), or one csv row per search ([`render_csv`],
//! [`write_csv`]); and the searches that failed ([`render_failures`],
//! [`count_failures`]).

use std::fmt::Write as _;
use std::io;
use std::time::Duration;

use frontier::Limit;

use super::{Algorithm, Record, Suite, Verdict};

/// How a run was made, as its summary states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup<'a, A> {
    /// The algorithms, in the order of the rows.
    pub algorithms: &'a [A],
    /// The movement's name: `octile`, `corner-cutting`, `cardinal`
    /// ([`Movement::NAME`](crate::Movement::NAME)).
    pub movement: &'a str,
    /// Whether each length was checked against the scenario file's
    /// ([`Expected::of_query`](super::Expected::of_query), the optimum
    /// under octile movement), else against plain A*'s under `movement`
    /// ([`Expected::measured`](super::Expected::measured)).
    pub scenario_lengths: bool,
    /// The expansions a search may make before it is stopped without
    /// failing the run ([`Limit::Expanded`]).
    pub max_expanded: u64,
    /// What the notes call that limit: `frontier grid` names its option,
    /// `--max-nodes`.
    pub max_expanded_name: &'a str,
}

/// One line of the summary: one algorithm on one map, or on all.
#[derive(Clone, Debug, PartialEq)]
pub struct Row<A> {
    /// The map's index in [`Suite::maps`], `None` for the total.
    pub map: Option<usize>,
    /// The algorithm.
    pub algorithm: A,
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
    /// The searches stopped, by the limit that stopped them, in the order
    /// first met.
    pub stopped_by: Vec<(Limit, usize)>,
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

impl<A: Algorithm> Row<A> {
    /// The row of `records` (one algorithm's on one map or on all, not
    /// empty).
    #[expect(
        clippy::cast_precision_loss,
        reason = "an average for display; counts stay far below 2^53"
    )]
    fn of<'r>(
        map: Option<usize>,
        algorithm: A,
        records: impl Iterator<Item = &'r Record<A>> + Clone,
    ) -> Row<A>
    where
        A: 'r,
    {
        let mut row = Row {
            map,
            algorithm,
            queries: 0,
            optimal: 0,
            longer: 0,
            wrong: 0,
            stopped: 0,
            stopped_by: Vec::new(),
            mean: Duration::ZERO,
            median: Duration::ZERO,
            max: Duration::ZERO,
            expanded: 0.0,
            peak_stored: 0,
        };
        let mut total = Duration::ZERO;
        let mut expanded = 0.0;
        for record in records.clone() {
            row.queries += 1;
            match record.verdict {
                Verdict::Optimal => row.optimal += 1,
                Verdict::Longer => row.longer += 1,
                Verdict::Wrong => row.wrong += 1,
                Verdict::Stopped(limit) => {
                    row.stopped += 1;
                    match row.stopped_by.iter_mut().find(|(l, _)| *l == limit) {
                        Some((_, count)) => *count += 1,
                        None => row.stopped_by.push((limit, 1)),
                    }
                }
            }
            total = total.saturating_add(record.elapsed);
            row.max = row.max.max(record.elapsed);
            expanded += record.expanded as f64;
            row.peak_stored = row.peak_stored.max(record.peak_stored);
        }
        let queries = row.queries.max(1);
        row.mean = total / u32::try_from(queries).unwrap_or(u32::MAX);
        row.median = median(records.map(|record| record.elapsed), row.queries);
        row.expanded = expanded / queries as f64;
        row
    }
}

/// The time at index `len / 2` of `times` (`len` of them) in sorted order,
/// zero for none: sorted in a copy if there is memory for one, else found
/// by halving the range of values, one pass over `times` a halving (at
/// most 64), with no memory at all.
fn median(times: impl Iterator<Item = Duration> + Clone, len: usize) -> Duration {
    let nanos = |time: Duration| u64::try_from(time.as_nanos()).unwrap_or(u64::MAX);
    let rank = len / 2;
    let mut copy: Vec<u64> = Vec::new();
    if copy.try_reserve_exact(len).is_ok() {
        copy.extend(times.map(nanos));
        if copy.is_empty() {
            return Duration::ZERO;
        }
        let rank = rank.min(copy.len() - 1);
        return Duration::from_nanos(*copy.select_nth_unstable(rank).1);
    }
    Duration::from_nanos(by_halving(&times.map(nanos), rank))
}

/// The value at index `rank` of `values` in sorted order (the largest if
/// there are not so many; 0 for none), found with no memory: the smallest
/// value with more than `rank` values at or below it, by halving the range
/// of values, one pass over `values` a halving.
fn by_halving<I: Iterator<Item = u64> + Clone>(values: &I, rank: usize) -> u64 {
    let (mut low, mut high) = values
        .clone()
        .fold((u64::MAX, 0), |(low, high), v| (low.min(v), high.max(v)));
    while low < high {
        let middle = low + (high - low) / 2;
        if values.clone().filter(|&v| v <= middle).count() > rank {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    high
}

/// The summary's rows: each map with each of `algorithms` (in that
/// order), then, if there is more than one map, each algorithm over all
/// of them. An algorithm with no record on a map has no row for it.
///
/// # Complexity
///
/// Linear in the records if they come map by map (as `frontier grid`
/// makes them: map by map, query by query, algorithm by algorithm): each
/// map's rows read the span of records from its first to its last. The
/// memory is the rows and, for a median, a copy of one row's times if it
/// can be had (else none).
#[must_use]
pub fn summarise<A: Algorithm>(
    suite: &Suite,
    algorithms: &[A],
    records: &[Record<A>],
) -> Vec<Row<A>> {
    // Where each map's records are: from its first to past its last.
    let mut spans: Vec<Option<(usize, usize)>> = vec![None; suite.maps.len()];
    for (index, record) in records.iter().enumerate() {
        if let Some(span) = spans.get_mut(record.map) {
            let first = span.map_or(index, |(first, _)| first);
            *span = Some((first, index + 1));
        }
    }
    let mut rows = Vec::new();
    for (map, span) in spans.into_iter().enumerate() {
        let Some((first, end)) = span else { continue };
        for &algorithm in algorithms {
            let mine = records[first..end]
                .iter()
                .filter(move |r| r.map == map && r.algorithm == algorithm);
            if mine.clone().next().is_some() {
                rows.push(Row::of(Some(map), algorithm, mine));
            }
        }
    }
    if suite.maps.len() > 1 {
        for &algorithm in algorithms {
            let mine = records.iter().filter(move |r| r.algorithm == algorithm);
            if mine.clone().next().is_some() {
                rows.push(Row::of(None, algorithm, mine));
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

/// The summary of `rows` ([`summarise`]) as text: a line on what was
/// checked (`setup`), the table, which algorithms are optimal, how many
/// searches a limit stopped, and the peak memory (`rss_kib`: the
/// process's peak resident set, if known).
#[must_use]
pub fn render_summary<A: Algorithm>(
    suite: &Suite,
    setup: &Setup<'_, A>,
    rows: &[Row<A>],
    rss_kib: Option<u64>,
) -> String {
    let mut out = String::new();
    let check = if setup.scenario_lengths {
        "lengths checked against the scenario files".to_owned()
    } else {
        format!(
            "the scenario files' lengths assume octile movement, so each length is checked against plain A*'s under {} movement instead",
            setup.movement
        )
    };
    // cannot fail: writing to a String
    let _ = writeln!(
        out,
        "{}, {}, {}; {} movement: {check}",
        plural(suite.scenarios.len(), "scenario file", "scenario files"),
        plural(suite.maps.len(), "map", "maps"),
        plural(suite.query_count(), "query", "queries"),
        setup.movement
    );
    render_table(&mut out, suite, rows);
    render_notes(&mut out, setup, rows, rss_kib);
    out
}

/// Appends the table of `rows`.
fn render_table<A: Algorithm>(out: &mut String, suite: &Suite, rows: &[Row<A>]) {
    let name = |row: &Row<A>| row.map.map_or("total", |m| suite.maps[m].name.as_str());
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

/// Appends which algorithms are optimal, the searches stopped by each
/// limit (the expansion limit counted, any other failing the run, see
/// [`Record::is_failure`]), and the peak memory.
fn render_notes<A: Algorithm>(
    out: &mut String,
    setup: &Setup<'_, A>,
    rows: &[Row<A>],
    rss_kib: Option<u64>,
) {
    let (optimal, other): (Vec<A>, Vec<A>) = setup
        .algorithms
        .iter()
        .partition(|algorithm| algorithm.is_optimal());
    let labels = |list: &[A]| {
        list.iter()
            .map(Algorithm::label)
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
    let totals: Vec<&Row<A>> = setup
        .algorithms
        .iter()
        .filter_map(|&algorithm| rows.iter().rev().find(|row| row.algorithm == algorithm))
        .collect();
    for row in &totals {
        for &(limit, count) in &row.stopped_by {
            let (label, of) = (
                row.algorithm.label(),
                plural(row.queries, "query", "queries"),
            );
            let _ = if limit == Limit::Expanded {
                writeln!(
                    out,
                    "{label}: {count} of {of} stopped at {} {} (counted, not failed)",
                    setup.max_expanded_name, setup.max_expanded
                )
            } else {
                writeln!(
                    out,
                    "{label}: {count} of {of} stopped by its {limit} (not answered, so the run fails)"
                )
            };
        }
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

/// One csv row per search, with a header: `map, algorithm, index,
/// start_x, start_y, goal_x, goal_y, optimal, found, expanded, micros,
/// stopped`. `optimal` is the length to match (the scenario's under octile
/// movement, plain A*'s under the others), `found` the length found
/// (both empty where there is no path, `found` also where a limit stopped
/// the search), `micros` the search's time in microseconds, `stopped` the
/// limit that stopped the search (`expansion limit`, `memory limit`),
/// empty if none did.
///
/// # Errors
///
/// The csv writer's, which cannot happen writing to memory.
pub fn render_csv<A: Algorithm>(
    suite: &Suite,
    records: &[Record<A>],
) -> Result<String, csv::Error> {
    let mut bytes = Vec::new();
    write_csv(suite, records, &mut bytes)?;
    // cannot fail: every field written is UTF-8
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// [`render_csv`], written to `out` row by row rather than gathered in
/// memory (a run of millions of queries makes a csv of hundreds of MB).
///
/// # Errors
///
/// The csv writer's: `out`'s write errors.
pub fn write_csv<A: Algorithm>(
    suite: &Suite,
    records: &[Record<A>],
    out: impl io::Write,
) -> Result<(), csv::Error> {
    let mut writer = csv::Writer::from_writer(out);
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
        "stopped",
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
            record
                .limit()
                .map_or_else(String::new, |limit| limit.to_string()),
        ])?;
    }
    writer.flush()?;
    Ok(())
}

/// The searches of `records` that failed ([`Record::is_failure`]), the
/// first `listed` of them one a line, by scenario file and line: `wrong:
/// arena.scen: line 2: A* found 3, expected 2` (a length, or `no path`),
/// `stopped: arena.scen: line 2: A* stopped by its memory limit`; then
/// `... and 7 more` for the rest. Empty if none failed.
///
/// # Example
///
/// ```
/// use std::path::PathBuf;
/// use std::time::Duration;
///
/// use grid::suite::{self, Algorithm, Expected, MapSet, Record, Suite, Verdict};
/// use grid::{Grid, Scenario};
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// struct AStar;
///
/// impl Algorithm for AStar {
///     fn name(&self) -> &str {
///         "astar"
///     }
///     fn label(&self) -> &str {
///         "A*"
///     }
///     fn is_optimal(&self) -> bool {
///         true
///     }
/// }
///
/// let grid = Grid::parse_map(b"type octile\nheight 1\nwidth 3\nmap\n...\n")?;
/// let scenario = Scenario::parse(b"version 1\n0\tline.map\t3\t1\t0\t0\t2\t0\t2\n")?;
/// let suite = Suite {
///     scenarios: vec![PathBuf::from("line.scen")],
///     maps: vec![MapSet {
///         name: "line.map".to_owned(),
///         path: PathBuf::from("line.map"),
///         grid,
///         queries: vec![(0, scenario.queries[0].clone())],
///     }],
/// };
/// let wrong = Record {
///     map: 0,
///     query: 0,
///     algorithm: AStar,
///     expected: Expected::measured(Some(2.0)),
///     found: Some(3.0),
///     verdict: Verdict::Wrong,
///     expanded: 3,
///     peak_stored: 3,
///     elapsed: Duration::ZERO,
/// };
/// let records = [wrong.clone(), wrong];
/// assert_eq!(
///     suite::render_failures(&suite, &records, 1),
///     "wrong: line.scen: line 2: A* found 3, expected 2\n... and 1 more\n"
/// );
/// assert_eq!(
///     suite::count_failures(&records).as_deref(),
///     Some("of 2 searches, 2 gave a wrong length")
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn render_failures<A: Algorithm>(
    suite: &Suite,
    records: &[Record<A>],
    listed: usize,
) -> String {
    let mut text = String::new();
    let failures: Vec<&Record<A>> = records.iter().filter(|r| r.is_failure()).collect();
    for record in failures.iter().take(listed) {
        let set = &suite.maps[record.map];
        let (scenario, query) = &set.queries[record.query];
        let scenario = suite.scenarios[*scenario].display();
        let label = record.algorithm.label();
        if let Some(limit) = record.limit() {
            let _ = writeln!(
                text,
                "stopped: {scenario}: line {}: {label} stopped by its {limit}",
                query.line
            );
        } else {
            let length =
                |length: Option<f64>| length.map_or("no path".to_owned(), |l| l.to_string());
            let _ = writeln!(
                text,
                "wrong: {scenario}: line {}: {label} found {}, expected {}",
                query.line,
                length(record.found),
                length(record.expected.length)
            );
        }
    }
    if failures.len() > listed {
        let _ = writeln!(text, "... and {} more", failures.len() - listed);
    }
    text
}

/// How many searches of `records` failed ([`Record::is_failure`]), and
/// how: `of 12 searches, 2 gave a wrong length and 1 stopped unanswered
/// by a limit`. `None` if none failed. See [`render_failures`] for an
/// example.
#[must_use]
pub fn count_failures<A: Algorithm>(records: &[Record<A>]) -> Option<String> {
    let failures: Vec<&Record<A>> = records.iter().filter(|r| r.is_failure()).collect();
    let stopped = failures.iter().filter(|r| r.limit().is_some()).count();
    let wrong = failures.len() - stopped;
    let mut what = Vec::new();
    if wrong > 0 {
        what.push(format!("{wrong} gave a wrong length"));
    }
    if stopped > 0 {
        what.push(format!("{stopped} stopped unanswered by a limit"));
    }
    (!what.is_empty()).then(|| format!("of {} searches, {}", records.len(), what.join(" and ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_without_memory_is_the_sorted_one() {
        let mut state = 7u64;
        for len in [1, 2, 3, 10, 101, 1000] {
            let values: Vec<u64> = (0..len)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1);
                    (state >> 40) % 5000
                })
                .collect();
            let mut sorted = values.clone();
            sorted.sort_unstable();
            for rank in [0, len / 2, len - 1] {
                assert_eq!(
                    by_halving(&values.iter().copied(), rank),
                    sorted[rank],
                    "{len} {rank}"
                );
            }
        }
        assert_eq!(by_halving(&std::iter::empty(), 0), 0);
        assert_eq!(
            by_halving(&[u64::MAX, 0, u64::MAX].into_iter(), 1),
            u64::MAX
        );
        let times = [3, 1, 2].map(Duration::from_nanos);
        assert_eq!(median(times.iter().copied(), 3), Duration::from_nanos(2));
    }
}
