//! Solves Rubik's cubes optimally (half-turn metric), by default Korf's
//! ten random cubes with IDA* and his pattern databases, and checks every
//! answer: each solution is replayed on the cube and its length compared
//! with the published optimum.
//!
//! ```sh
//! frontier cube --ids 1 korf10
//! frontier cube --jobs 2 --max-time 3600 korf10
//! frontier cube --heuristic sevens --ids 1,2,3 korf10
//! frontier cube my-cubes.txt
//! echo "R U2 F' L D2 B" | frontier cube -
//! ```
//!
//! The program is `twentyfour`'s for the cube and shares its code
//! (`programs/solving.rs`): the same table, limits, interruption and
//! checks. Algorithms and heuristics come from the registry
//! (`crate::registry`): `--algo` takes any algorithm that handles cubes
//! (IDA* by default, in place), `--heuristic` any heuristic of cubes:
//! `korf` (the default: the corners and two groups of six edges, 173 MB
//! on disk, 43 MB in memory), `sevens` (the corners and two groups of
//! seven edges, 1.1 GB on disk, 278 MB in memory; about 3x fewer nodes),
//! `corners`, `cube-small`, `zero`.
//!
//! Input: `korf10` (Korf's ten random cubes of 1997, built in, with their
//! optimal lengths and the nodes IDA* needed with his databases, shown
//! beside ours), `-` for standard input, or a file with one cube per line:
//! a scramble in Singmaster notation (`R U2 F'`, face turns only) or a
//! 54-facelet string (`UUUUUUUUURRR…`, Kociemba's order U R F D L B).
//! Blank lines and lines starting with `#` are skipped. The first bad line
//! (an unknown face letter, a facelet string with the wrong count of a
//! colour, a twisted corner, a flipped edge, an odd permutation) is
//! reported with its line, column and reason, and nothing is solved. A
//! named file must be a regular file of at most 256 MiB.
//! `--ids` picks instances (Korf's ids, or line numbers for a file) in the
//! order given; `--limit` then keeps the first N.
//!
//! The tables are loaded from `--cache-dir` (default `target/pdb-cache`),
//! or built there on first use with a progress bar on stderr. `--max-time`
//! stops each cube's search after so many seconds (reported as stopped,
//! not wrong); Ctrl-C stops the run cleanly, printing the rows so far and
//! the totals (a second Ctrl-C exits at once).
//!
//! Output: a table on stdout, one row per cube as it ends (id, solution
//! length, published length, nodes generated, time, nodes per second, and
//! for Korf's cubes the nodes expanded, his count (which counts the nodes
//! expanded: the children within the bound) and ours against it), then
//! the totals.
//! Exit status: 0 if every cube was solved, verified and (where a length
//! is known) matched it; 1 otherwise; 2 if the input, the strategy or the
//! tables could not be used.

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::solving::{Row, Selection, run_long};
use super::{Invocation, Program};

use crate::domain::AnyDomain;
use crate::domains::cubes::{CUBES, KORF_1997};
use crate::domains::{algorithms_of, heuristics_of};
use crate::registry::{Algorithm, Heuristic};
use crate::strategy::Strategy;
use clap::{Arg, Parser};
use cube::Cube;
use frontier_text::{excerpt, read_file};
use sliding_puzzle::heuristic::pdb::PatternDatabases;

/// Solves Rubik's cubes optimally and checks every solution.
#[derive(Debug, Parser)]
#[command(name = "cube", version, mut_args(in_cubes))]
pub struct Args {
    /// `korf10` for Korf's ten random cubes, `-` for standard input, or a
    /// file of cubes, one per line (a scramble such as `R U2 F'`, or a
    /// 54-facelet string)
    input: String,

    /// The heuristic guiding the search; refused beside an --algo that
    /// uses none
    #[arg(long, value_parser = heuristics_of(&ONE), default_value = KORF_1997.name())]
    heuristic: Heuristic,

    /// The algorithm (one that handles cubes)
    #[arg(long, value_parser = algorithms_of(&ONE), default_value = "idastar")]
    algo: Algorithm,

    /// Where the pattern databases are kept: loaded from here, or built
    /// and saved here on first use
    #[arg(long, value_name = "DIR", default_value = "target/pdb-cache")]
    cache_dir: PathBuf,

    #[command(flatten)]
    selection: Selection,
}

/// The help of [`Selection`]'s `--ids` and `--max-time` in the words of
/// cubes.
fn in_cubes(arg: Arg) -> Arg {
    match arg.get_id().as_str() {
        "ids" => arg.help(
            "Solve only these instances, by id (Korf's ids, or line numbers for a file), \
             in this order (comma-separated: `1,4,2`)",
        ),
        "max_time" => arg.help(
            "Stop each cube's search after this many seconds (the cube is reported as \
             stopped, and the next one starts)",
        ),
        _ => arg,
    }
}

/// The domain `cube` solves: `--help` lists what it offers.
static ONE: [&dyn AnyDomain; 1] = [&CUBES];

impl Program for Args {
    const NAME: &'static str = "cube";
    const SUMMARY: &'static str = "Solves Rubik's cubes optimally (Korf's ten by default), checked against the published lengths";

    fn run(self, invocation: &mut Invocation<'_>) -> ExitCode {
        invocation.refuse_ignored(Some(self.algo), self.heuristic, None);
        let rows = read(&self.input);
        let strategy = Strategy::new(self.algo, self.heuristic);
        let databases = PatternDatabases::new(&self.cache_dir);
        run_long(
            &CUBES,
            rows,
            strategy,
            &self.input,
            &self.selection,
            databases,
            true,
        )
    }
}

/// The cubes of `input`: Korf's ten, standard input or a file, stopping
/// at the first bad line; an input without cubes is an error too.
fn read(input: &str) -> Result<Vec<Row<Cube>>, String> {
    if input == "korf10" {
        return Ok(cube::korf10()
            .into_iter()
            .map(|korf| Row {
                id: Some(korf.id),
                length: Some(korf.length),
                board: korf.cube,
                line: korf.line,
                published_nodes: Some(korf.nodes_korf1997),
            })
            .collect());
    }
    let bytes = if input == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .take(frontier_text::MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|err| format!("cannot read standard input: {err}"))?;
        if bytes.len() as u64 > frontier_text::MAX_FILE_BYTES {
            return Err(format!(
                "standard input: larger than {} bytes, the most read",
                frontier_text::MAX_FILE_BYTES
            ));
        }
        bytes
    } else {
        read_file(Path::new(input)).map_err(|err| err.to_string())?
    };
    let shown = excerpt(input);
    let text = std::str::from_utf8(&bytes).map_err(|err| {
        let line = bytes[..err.valid_up_to()].split(|&b| b == b'\n').count();
        format!("{shown}, line {line}: invalid UTF-8")
    })?;
    let rows = cube::cubes(text)
        .map(|read| {
            let read = read.map_err(|err| format!("{shown}, {err}"))?;
            Ok(Row {
                id: u32::try_from(read.line).ok(),
                length: None,
                board: read.cube,
                line: read.line,
                published_nodes: None,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    if rows.is_empty() {
        return Err(format!(
            "{shown}: no cubes (every line is blank or a comment)"
        ));
    }
    Ok(rows)
}
