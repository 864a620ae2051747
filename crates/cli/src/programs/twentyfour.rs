//! Solves 24-puzzles optimally, by default Korf & Felner's fifty random
//! instances with IDA* and the 6-6-6-6 additive pattern database and its
//! reflection, and checks every answer: each solution is replayed to the
//! goal and its length compared with the published optimum.
//!
//! ```sh
//! frontier twentyfour --ids 38,40,25 korf50
//! frontier twentyfour --ids 38 --jobs 2 --max-time 3600 korf50
//! frontier twentyfour --algo idastar-bpmx --ids 38,40,25 korf50
//! frontier twentyfour --heuristic linear-conflict boards.txt
//! ```
//!
//! The 24-puzzle is `fifteen`'s program one board size up, and shares its
//! code (`programs/solving.rs`): the same input format, table and checks.
//! Algorithms and heuristics come from the registry (`crate::registry`):
//! `--algo` takes any algorithm that handles 5x5 boards (IDA* by default;
//! `idastar-bpmx` adds bidirectional pathmax), `--heuristic` any heuristic
//! of 5x5 boards: `manhattan`, `linear-conflict`, `pdb-6-6-6-6` (the
//! default), `misplaced`, `zero`.
//!
//! Input: `korf50` (Korf & Felner's fifty instances,
//! `crates/sliding-puzzle/testdata/korf50-24puzzle-blank-last.txt`, built
//! in) or a file with one board per line: either `id length t0 .. t24`
//! (that file's format, `length` being the known optimum) or the 25 tiles
//! alone, `x` or `0` for the blank. Blank lines and lines starting with
//! `#` are skipped. The file must be a regular file of at most 256 MiB (a
//! FIFO or a device is refused unread). The first bad line (one that is
//! not UTF-8 among them) is reported with its number, and nothing is
//! solved; so is an input with no instances, before any table is loaded.
//! `--ids` picks instances by id, in the order given (an id the input does
//! not have is an error); `--limit` then keeps the first N (at least 1: 0
//! is a usage error).
//!
//! Most of the fifty take hours or days of IDA* even with the databases:
//! `--max-time` stops each instance's search after so many seconds (the
//! instance is reported as stopped, not wrong, and the next one starts),
//! and Ctrl-C stops the run cleanly: the search under way is cancelled,
//! the rows so far and the totals are printed, and the instances left are
//! counted as not run (a second Ctrl-C exits at once). Before the first
//! search starts (while the databases are loaded or built) Ctrl-C ends the
//! program at once, as nothing was solved yet; a table half built is
//! rebuilt next time, never used.
//!
//! The 6-6-6-6 databases are loaded from `--cache-dir` (default
//! `target/pdb-cache`), or built there on first use with a progress bar on
//! stderr (plain `progress:` lines when stderr is not a terminal): two tables of 127.5 MB (three of the four groups share one by
//! symmetry), minutes and about 1.2 GB of memory to build. `--dual` adds
//! the dual lookups that need no further table: the dual of the board with
//! its blank walked home, less the walk, for the children the regular
//! lookups do not cut off (`LargePatternDatabase::with_dual`); beside a
//! heuristic other than the databases, `--dual` and `--no-reflection` are a
//! usage error.
//!
//! IDA* with the 6-6-6-6 databases (serial or `--jobs N`, without
//! `--dual`) searches `DirectPuzzle`, which keeps the tables' indices and
//! values in its state as Korf's program does: the same nodes as the
//! general `LargePuzzle` at 1.6× the speed. `--dual`, `idastar-bpmx` and
//! the other heuristics search `LargePuzzle`.
//!
//! Output: a table on stdout, one row per instance as it ends (id, solution
//! length, published length, nodes generated, time, nodes per second),
//! then the totals. Exit status: 0 if every instance was solved, verified
//! and (where a length is known) matched it; 1 otherwise (a stopped
//! instance, an interruption, a wrong length, a stdout that cannot be
//! written, which stops the run: a closed pipe stops it quietly, with
//! status 0); 2 if the input, the strategy or the cache could not be used.

use std::process::ExitCode;

use super::solving::{Selection, read_rows, run_long};
use super::{Invocation, Program};

use crate::databases::DatabaseArgs;
use crate::domain::AnyDomain;
use crate::domains::large_boards::TWENTYFOUR;
use crate::domains::{algorithms_of, heuristics_of};
use crate::registry::{Algorithm, Heuristic};
use crate::strategy::Strategy;
use clap::Parser;
use sliding_puzzle::instances::{KORF50, parse_large_instances};

/// Solves 24-puzzles optimally and checks every solution.
#[derive(Debug, Parser)]
#[command(name = "twentyfour", version)]
pub struct Args {
    /// `korf50` for Korf & Felner's fifty instances, or a file of boards,
    /// one per line (`id length t0 .. t24`, or the 25 tiles alone)
    input: String,

    /// The heuristic guiding the search; refused beside an --algo that
    /// uses none
    #[arg(long, value_parser = heuristics_of(&BOARDS), default_value = "pdb-6-6-6-6")]
    heuristic: Heuristic,

    /// The algorithm (one that handles 5x5 boards)
    #[arg(long, value_parser = algorithms_of(&BOARDS), default_value = "idastar")]
    algo: Algorithm,

    #[command(flatten)]
    databases: DatabaseArgs,

    #[command(flatten)]
    selection: Selection,
}

/// The domain `twentyfour` solves: `--help` lists what it offers.
static BOARDS: [&dyn AnyDomain; 1] = [&TWENTYFOUR];

impl Program for Args {
    const NAME: &'static str = "twentyfour";
    const SUMMARY: &'static str = "Solves 24-puzzles optimally (Korf & Felner's fifty by default), checked against the published lengths";

    fn run(self, invocation: &mut Invocation<'_>) -> ExitCode {
        invocation.refuse_ignored(Some(self.algo), self.heuristic, Some(&self.databases));
        let rows = read_rows(
            &self.input,
            ("korf50", KORF50),
            parse_large_instances::<5, 5>,
        );
        let strategy = Strategy::new(self.algo, self.heuristic);
        let databases = self.databases.open();
        run_long(
            &TWENTYFOUR,
            rows,
            strategy,
            &self.input,
            &self.selection,
            databases,
            true,
        )
    }
}
