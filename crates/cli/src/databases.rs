//! The command line's side of the pattern databases the board heuristics
//! use: the options every program shares ([`DatabaseArgs`]) and the
//! progress bars of a build ([`progress_bars`]). The databases themselves,
//! loaded from (or built into) a cache directory on first use and shared
//! by every solver, are the plug-in's [`PatternDatabases`].

use std::path::PathBuf;

use sliding_puzzle::heuristic::pdb::{GroupProgress, PatternDatabases};

use crate::progress::BuildBars;
use crate::registry::Heuristic;

/// A progress reporter for [`PatternDatabases::on_progress`]: one
/// [`Progress`](crate::progress::Progress) on stderr per group being
/// built, a bar when stderr is a terminal and plain lines otherwise (a few
/// per table, and one at its end), so that a build of minutes is seen to
/// move in a log too.
pub fn progress_bars() -> impl Fn(&GroupProgress<'_>) + Send + Sync + 'static {
    let bars = BuildBars::new();
    move |progress: &GroupProgress<'_>| {
        let prefix = || {
            format!(
                "building group {}/{} (tiles {})",
                progress.group + 1,
                progress.groups,
                tile_list(progress.tiles)
            )
        };
        bars.report(progress.group, prefix, &progress.build);
    }
}

/// Tiles as `1 2 3`.
fn tile_list(tiles: &[u8]) -> String {
    let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
    tiles.join(" ")
}

/// The pattern-database options every program shares.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct DatabaseArgs {
    /// Where pattern databases are kept between runs (built there on first
    /// use, with a progress bar on stderr, or progress lines when stderr is
    /// not a terminal)
    #[arg(long, value_name = "DIR", default_value = "target/pdb-cache")]
    pub cache_dir: PathBuf,

    /// Use only the regular pattern-database lookup, not the maximum with
    /// the board reflected across the main diagonal (refused beside a
    /// heuristic that is no pattern database)
    #[arg(long)]
    pub no_reflection: bool,

    /// Also look up the dual board (tiles and cells exchanged) and, with
    /// reflection, the reflected dual: the maximum of four lookups, fewer
    /// nodes at the price of more lookups per node (refused beside a
    /// heuristic that is no pattern database)
    #[arg(long)]
    pub dual: bool,
}

impl DatabaseArgs {
    /// A complaint, for a usage error, if `--dual` or `--no-reflection` is
    /// given beside `heuristics` (from the option `option`, as the command
    /// line gave them) none of which looks boards up in pattern databases:
    /// those options change only such lookups, and would do nothing.
    ///
    /// # Example
    ///
    /// ```
    /// use clap::Parser;
    /// use frontier_cli::databases::DatabaseArgs;
    /// use frontier_cli::domains::heuristic;
    ///
    /// #[derive(Parser)]
    /// struct Args {
    ///     #[command(flatten)]
    ///     databases: DatabaseArgs,
    /// }
    ///
    /// let dual = Args::parse_from(["fifteen", "--dual"]).databases;
    /// let manhattan = heuristic("manhattan").unwrap();
    /// let complaint = dual.ignored("--heuristic", &[manhattan]);
    /// assert!(complaint.unwrap().starts_with(
    ///     "--dual changes only the lookups of pattern databases, and --heuristic manhattan uses none"
    /// ));
    /// assert_eq!(dual.ignored("--heuristic", &[heuristic("pdb-7-8").unwrap()]), None);
    /// let plain = Args::parse_from(["fifteen"]).databases;
    /// assert_eq!(plain.ignored("--heuristic", &[manhattan]), None);
    /// ```
    #[must_use]
    pub fn ignored(&self, option: &str, heuristics: &[Heuristic]) -> Option<String> {
        let flag = if self.dual {
            "--dual"
        } else if self.no_reflection {
            "--no-reflection"
        } else {
            return None;
        };
        if heuristics.iter().any(|h| h.uses_pattern_database()) {
            return None;
        }
        let names: Vec<&str> = heuristics.iter().map(|h| h.name()).collect();
        Some(format!(
            "{flag} changes only the lookups of pattern databases, and {option} {} uses none: \
             leave {flag} out, or choose a pattern database",
            names.join(",")
        ))
    }

    /// The databases these options describe, reporting builds with
    /// [`progress_bars`] and loads on stderr.
    #[must_use]
    pub fn open(&self) -> PatternDatabases {
        PatternDatabases::new(&self.cache_dir)
            .reflection(!self.no_reflection)
            .dual(self.dual)
            .on_progress(progress_bars())
            .on_log(|line| eprintln!("{line}"))
    }
}
