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
//! (the format of `sliding_puzzle::instances`). The file must be a regular
//! file of at most 256 MiB (`frontier_text::read_file`: a FIFO or a device is refused
//! unread). The first bad line (one that is not UTF-8 among them) is
//! reported with its number, and nothing is solved; so is an input with no
//! instances, before any table is loaded. `--limit` keeps the first N (at
//! least 1: 0 is a usage error).
//!
//! `--jobs` above 1024 is refused; above 4 threads a core it is capped,
//! with a note on stderr (`crate::jobs`).
//!
//! Pattern databases are loaded from `--cache-dir` (default
//! `target/pdb-cache`), or built there on first use with a progress bar on
//! stderr (plain `progress:` lines when stderr is not a terminal): about a second for 5-5-5, seconds for 6-6-3, minutes and 2.2 GB
//! of memory for 7-8 (580 MB on disk), twice that for `pdb-7-8x2` (the
//! larger of two 7-8 partitions' estimates) and five times for `pdb-7-8x5`. A stale, truncated or corrupt cache
//! file is rebuilt, never used; a table that cannot be saved (read-only
//! cache directory, full disk) draws a warning and is used all the same.
//! `--dual` and `--no-reflection` change the pattern databases' lookups
//! only: beside another heuristic they are a usage error.
//!
//! Output: a table on stdout, one row per instance (id, solution length,
//! published length, nodes generated, time), then the totals. Exit status:
//! 0 if every instance was solved, verified and (where a length is known)
//! matched it; 1 otherwise (and for a stdout that cannot be written, which
//! stops the run: a closed pipe stops it quietly, with status 0); 2 if the
//! input, the strategy or the cache could not be used.

use std::num::NonZeroUsize;
use std::process::ExitCode;

use super::solving::{Selection, parse_limit, read_rows, run_long};
use super::{Invocation, Program};

use crate::databases::DatabaseArgs;
use crate::domain::AnyDomain;
use crate::domains::boards::FIFTEEN;
use crate::domains::{algorithms_of, heuristics_of};
use crate::jobs::parse_jobs;
use crate::registry::{Algorithm, Heuristic};
use crate::strategy::Strategy;
use clap::Parser;
use sliding_puzzle::instances::{KORF100, parse_instances};

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
    heuristic: Heuristic,

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

    /// Solve only the first N instances (at least 1)
    #[arg(long, value_name = "N", value_parser = parse_limit)]
    limit: Option<NonZeroUsize>,
}

/// The domain `fifteen` solves: `--help` lists what it offers.
static BOARDS: [&dyn AnyDomain; 1] = [&FIFTEEN];

impl Program for Args {
    const NAME: &'static str = "fifteen";
    const SUMMARY: &'static str = "Solves 15-puzzles optimally (Korf's 100 by default), checked against the published lengths";

    fn run(self, invocation: &mut Invocation<'_>) -> ExitCode {
        invocation.refuse_ignored(Some(self.algo), self.heuristic, Some(&self.databases));
        let rows = read_rows(&self.input, ("korf100", KORF100), parse_instances::<4, 4>);
        let strategy = Strategy::new(self.algo, self.heuristic);
        // `twentyfour`'s run, short: no --ids, no --max-time, no rates, and
        // Ctrl-C ends it at once.
        let selection = Selection {
            jobs: self.jobs,
            ids: Vec::new(),
            limit: self.limit,
            max_time: None,
        };
        let databases = self.databases.open();
        run_long(
            &FIFTEEN,
            rows,
            strategy,
            &self.input,
            &selection,
            databases,
            false,
        )
    }
}
