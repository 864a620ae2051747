//! How far a long piece of work is, on stderr: a bar drawn in place when
//! stderr is a terminal, and plain lines otherwise (a log file, a CI job,
//! `2> run.log`), where a bar would not be drawn at all.
//!
//! Plain lines come at the first step, at each further tenth of the work,
//! at least every [`EVERY`] in between and at the end: a dozen lines for a
//! quick run, one every half minute for a run of hours. Each reads
//! `progress: [WORK: ]DONE/TOTAL UNIT (PERCENT%), ELAPSED: WHAT`, as in
//! `progress: 32/320 searches (10%), 1.3 s: arena.map.scen grid: A*
//! (octile)` or `progress: building group 1/3 (tiles 1 2 3 4 5):
//! 576576/5765760 entries (10%), 0.4 s: depth 11`.

use std::io::IsTerminal;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use pattern_db::BuildProgress;

/// The longest a run goes between two plain lines, while it advances.
pub const EVERY: Duration = Duration::from_secs(30);

/// The steps of a run that get a plain line: how many parts the work is
/// cut into.
const PARTS: u64 = 10;

/// A piece of work's progress, shown on stderr: see the [module](self).
#[derive(Debug)]
pub struct Progress {
    /// The bar: drawn only when stderr is a terminal.
    bar: ProgressBar,
    /// The plain lines, when stderr is not a terminal.
    lines: Option<Mutex<Lines>>,
}

/// When plain lines were and are due, and what they say.
#[derive(Debug)]
struct Lines {
    /// What the work is, if anything (the bar's prefix).
    prefix: String,
    /// What is counted: `searches`, `entries`.
    unit: &'static str,
    started: Instant,
    /// When the last line was printed (`None`: none yet).
    last: Option<Instant>,
    /// The part whose end the next line marks.
    part: u64,
    /// The steps done at the last line.
    shown_up_to: u64,
}

impl Lines {
    /// Whether a line is due for `done` of `total` at `now`, and if so
    /// notes it as printed.
    fn due(&mut self, done: u64, total: u64, now: Instant) -> bool {
        if done < self.shown_up_to {
            // Another thread has shown more already.
            return false;
        }
        // The parts done, each `total / PARTS` long, rounded down.
        let parts = u64::try_from(u128::from(done) * u128::from(PARTS) / u128::from(total.max(1)))
            .unwrap_or(PARTS);
        let due = self
            .last
            .is_none_or(|last| now.saturating_duration_since(last) >= EVERY)
            || parts >= self.part;
        if due {
            self.last = Some(now);
            self.part = parts + 1;
            self.shown_up_to = done;
        }
        due
    }

    /// The line for `done` of `total`, `what` under way.
    fn line(&self, done: u64, total: u64, what: &str) -> String {
        let percent = u128::from(done) * 100 / u128::from(total.max(1));
        let prefix = if self.prefix.is_empty() {
            String::new()
        } else {
            format!("{}: ", self.prefix)
        };
        format!(
            "progress: {prefix}{done}/{total} {} ({percent}%), {}: {what}",
            self.unit,
            clock(self.started.elapsed())
        )
    }
}

impl Progress {
    /// The progress of `total` steps counted in `unit`, drawn with
    /// `template` (an [`indicatif`] template) on a terminal.
    #[must_use]
    pub fn new(total: u64, unit: &'static str, template: &str) -> Self {
        let style = ProgressStyle::with_template(template)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
        let lines = (!std::io::stderr().is_terminal()).then(|| {
            Mutex::new(Lines {
                prefix: String::new(),
                unit,
                started: Instant::now(),
                last: None,
                part: 1,
                shown_up_to: 0,
            })
        });
        Progress {
            bar: ProgressBar::new(total).with_style(style),
            lines,
        }
    }

    /// What the work is: the bar's prefix (its `{prefix}` in the
    /// template), and the start of each plain line.
    pub fn set_prefix(&self, prefix: String) {
        if let Some(lines) = &self.lines {
            let mut lines = lines.lock().unwrap_or_else(PoisonError::into_inner);
            lines.prefix.clone_from(&prefix);
        }
        self.bar.set_prefix(prefix);
    }

    /// One more step done; `what` says what is under way (the bar's
    /// `{msg}`, the end of a plain line).
    pub fn step(&self, what: impl FnOnce() -> String) {
        self.bar.inc(1);
        self.show(self.bar.position(), what);
    }

    /// `done` steps done so far; `what` as for [`step`](Self::step).
    pub fn set(&self, done: u64, what: impl FnOnce() -> String) {
        self.bar.set_position(done);
        self.show(done, what);
    }

    /// Sets the bar's message, and prints a plain line if one is due.
    fn show(&self, done: u64, what: impl FnOnce() -> String) {
        let what = what();
        if let Some(lines) = &self.lines {
            let mut lines = lines.lock().unwrap_or_else(PoisonError::into_inner);
            let total = self.bar.length().unwrap_or(done);
            if lines.due(done, total, Instant::now()) {
                eprintln!("{}", lines.line(done, total, &what));
            }
        }
        self.bar.set_message(what);
    }

    /// The work is done, at `done` steps (which may fall short of the
    /// total: a table whose entries are not all reachable); `what` as
    /// for [`step`](Self::step). The bar stays drawn; a plain line says
    /// where it ended, if the last did not.
    pub fn finish_at(&self, done: u64, what: impl FnOnce() -> String) {
        let what = what();
        self.bar.set_position(done);
        if let Some(lines) = &self.lines {
            let mut lines = lines.lock().unwrap_or_else(PoisonError::into_inner);
            if lines.last.is_none() || lines.shown_up_to != done {
                let total = self.bar.length().unwrap_or(done);
                lines.due(done, total, Instant::now());
                eprintln!("{}", lines.line(done, total, &what));
            }
        }
        self.bar.set_message(what);
        self.bar.finish();
    }

    /// The work is done: the bar is wiped.
    pub fn finish_and_clear(&self) {
        self.bar.finish_and_clear();
    }

    /// The work stopped before its end: the bar stays as it is.
    pub fn abandon(&self) {
        self.bar.abandon();
    }
}

/// The builds of tables, on stderr: a [`Progress`] per table (`K` tells
/// them apart), made on its first report, set to the entries known and
/// finished with the build, the depth as its message.
#[derive(Debug)]
pub(crate) struct BuildBars<K> {
    /// The table being built, and its progress.
    current: Mutex<Option<(K, Progress)>>,
}

impl<K: PartialEq> BuildBars<K> {
    /// No table built yet.
    pub(crate) const fn new() -> Self {
        BuildBars {
            current: Mutex::new(None),
        }
    }

    /// Shows how far the build of `table` is; `prefix` says what the
    /// table is, on its first report.
    pub(crate) fn report(&self, table: K, prefix: impl FnOnce() -> String, build: &BuildProgress) {
        let mut current = self.current.lock().unwrap_or_else(PoisonError::into_inner);
        if current.as_ref().is_none_or(|(shown, _)| *shown != table) {
            let bar = Progress::new(
                build.entry_count,
                "entries",
                "{prefix} [{bar:40}] {percent:>3}% {elapsed_precise} (eta {eta}) {msg}",
            );
            bar.set_prefix(prefix());
            *current = Some((table, bar));
        }
        if let Some((_, bar)) = current.as_ref() {
            let depth = || format!("depth {}", build.depth);
            if build.finished {
                bar.finish_at(build.entries, depth);
            } else {
                bar.set(build.entries, depth);
            }
        }
    }
}

/// A duration as people read it in a log: `4.2 s`, `12 min 5 s`, `3 h 2 min`.
fn clock(elapsed: Duration) -> String {
    let seconds = elapsed.as_secs();
    if seconds < 60 {
        format!("{:.1} s", elapsed.as_secs_f64())
    } else if seconds < 3600 {
        format!("{} min {} s", seconds / 60, seconds % 60)
    } else {
        format!("{} h {} min", seconds / 3600, seconds % 3600 / 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines() -> Lines {
        Lines {
            prefix: String::new(),
            unit: "searches",
            started: Instant::now(),
            last: None,
            part: 1,
            shown_up_to: 0,
        }
    }

    /// The steps of a run of `total` that get a line, all at once.
    fn printed(total: u64) -> Vec<u64> {
        let mut lines = lines();
        let now = lines.started;
        (1..=total)
            .filter(|&done| lines.due(done, total, now))
            .collect()
    }

    #[test]
    fn a_line_at_the_first_step_each_tenth_and_the_end() {
        assert_eq!(printed(100), [1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
        assert_eq!(printed(3), [1, 2, 3]);
        assert_eq!(printed(25), [1, 3, 5, 8, 10, 13, 15, 18, 20, 23, 25]);
        assert_eq!(printed(1_000_000).len(), 11);
    }

    #[test]
    fn a_slow_run_gets_a_line_every_half_minute() {
        let mut lines = lines();
        let start = lines.started;
        assert!(lines.due(1, 1000, start));
        assert!(!lines.due(2, 1000, start + EVERY / 2));
        assert!(lines.due(3, 1000, start + EVERY));
        assert!(!lines.due(4, 1000, start + EVERY + EVERY / 2));
        assert!(lines.due(5, 1000, start + EVERY * 2));
        // A tenth done: due whatever the time.
        assert!(lines.due(100, 1000, start + EVERY * 2));
    }

    #[test]
    fn lines_read_as_a_log() {
        let mut lines = lines();
        let line = lines.line(32, 320, "arena grid: A* (octile)");
        assert!(
            line.starts_with("progress: 32/320 searches (10%), "),
            "{line}"
        );
        assert!(line.ends_with(" s: arena grid: A* (octile)"), "{line}");
        lines.prefix = "building group 1/2 (tiles 1 2 3)".to_owned();
        lines.unit = "entries";
        let line = lines.line(10, 10, "depth 4");
        assert!(
            line.starts_with("progress: building group 1/2 (tiles 1 2 3): 10/10 entries (100%), "),
            "{line}"
        );
        assert_eq!(clock(Duration::from_millis(1300)), "1.3 s");
        assert_eq!(clock(Duration::from_secs(725)), "12 min 5 s");
        assert_eq!(clock(Duration::from_secs(3 * 3600 + 150)), "3 h 2 min");
    }
}
