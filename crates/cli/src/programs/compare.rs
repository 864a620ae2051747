//! The strategy comparison, the project's main job: every strategy ×
//! heuristic that can handle each board, on the POJ sample, seeded random
//! 3x3 boards, 4x4 random walks, the easiest of Korf's 100 instances and
//! seeded random pancake stacks (or on your boards, stacks, terrain maps
//! and Moving AI grid scenarios), as one table and optionally a chart.
//!
//! ```sh
//! frontier compare
//! frontier compare --format markdown --plot docs/compare.svg
//! frontier compare --boards my-boards.txt --format csv
//! frontier compare --pancakes my-stacks.txt --algorithms astar,mm,nbs
//! frontier compare --terrain examples/data/terrain.txt --heuristics manhattan
//! frontier compare --maps crates/grid/testdata/arena.map.scen
//! frontier compare --input pancakes:my-stacks.txt --input boards:my-boards.txt
//! ```
//!
//! `--input KIND:FILE` reads a file as the domain that declares the kind
//! reads it (`crate::domain::Reader`): `boards`, `pancakes`, `terrain`,
//! `maps`, and whatever a new domain declares, with no change here;
//! `--boards`, `--pancakes`, `--terrain` and `--maps` are shorthands.
//!
//! Every set is of one domain (`crate::domain`: 3x3 and 4x4
//! boards, pancake stacks, terrain maps, grid maps), and each strategy runs
//! on the sets whose domain offers it: the GAP heuristics on stacks, the
//! sliding-puzzle heuristics on boards, Manhattan distance on boards and
//! terrain maps, the octile distance on grid maps.
//!
//! `--maps` reads Moving AI scenario files (`.scen`, or every one in a
//! folder), each query a grid instance on the map its line names, found by
//! base name next to the scenario. Every answer there is also checked
//! against the optimal length the scenario prints: an optimal strategy
//! must find it, greedy search no shorter, else the exit status is 2
//! (`WRONG ANSWER`). Jump point search (`jps`) runs on grid maps only.
//! IDA* runs there too, under the same limits, but the many equally short
//! paths of open ground make it expand cells over and over: on long
//! queries expect its rows to show the time limit. A scenario or map that
//! cannot be read is reported with its file and line, and the exit status
//! is 1.
//!
//! The strategies are every algorithm of the registry
//! (`crate::registry`) with the heuristics it compares by
//! default; `--algorithms` and `--heuristics` choose others (the pattern
//! databases, for instance: `--heuristics linear-conflict,pdb-6-6-3`).
//!
//! Every solution is replayed to the goal and the optimal lengths of all
//! strategies are cross-checked board by board (and against Korf's
//! published lengths): a disagreement is reported on stderr and the exit
//! status is 2. Bad lines of `--boards` and `--pancakes` (a line that is
//! not UTF-8 among them) are reported with their line numbers and skipped;
//! a bad `--terrain` map or `--maps` scenario stops the run (status 1).
//! Every file must be a regular file of at most 256 MiB (`frontier_text::read_file`):
//! a FIFO or a device is refused unread (status 1).
//!
//! The run shows its progress on stderr, searches done of all planned, and
//! the set and strategy under way: a bar on a terminal, and otherwise
//! plain `progress:` lines (at each tenth of the searches, and at least
//! every half minute while they advance: `crate::progress`), so a run of
//! hours over a large scenario file is seen to move in a log too. The
//! table is printed at the end; a stdout that cannot be written is
//! reported, status 1 (a closed pipe: quietly, status 0). `--dual` and
//! `--no-reflection` beside `--heuristics` that hold no pattern database
//! are a usage error.
//!
//! `--jobs` above 1024 is refused; above 4 threads a core it is capped,
//! with a note on stderr (`crate::jobs`). If the threads
//! cannot be had the boards are solved one at a time, with a warning.

use std::fmt::Write as _;
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;

use super::{Invocation, Program};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::compare::{
    self, BoardSet, CrossCheck, DefaultSets, Format, Settings, Task, cross_check, plan,
    strategies_of, summarise,
};
use crate::databases::DatabaseArgs;
use crate::domain::{Reader, Solver};
use crate::domains::{DOMAINS, compared_heuristics, heuristics_of, reader, readers};
use crate::jobs::{Jobs, parse_jobs, thread_pool};
use crate::output::with_stdout;
use crate::progress::Progress;
use crate::registry::{Algorithm, Heuristic};
use crate::strategy::Strategy;
use clap::Parser;
use clap::error::ErrorKind;
use frontier::Limits;
use frontier_text::{excerpt, shown};
use rayon::ThreadPool;

/// Compares search strategies on sliding-tile puzzles, pancake stacks,
/// terrain maps and grid maps: the 3x3 table, BFS, bidirectional BFS
/// (hashed and dense tables), A*, IDA*, greedy search, MM and NBS with the
/// misplaced-tiles, Manhattan and linear-conflict heuristics on boards,
/// GAP, GAP-1, GAP-2 and GAP-3 on stacks and the octile distance on grid
/// maps (or the algorithms and heuristics you choose).
///
/// Without --input (or its shorthands --boards, --pancakes, --terrain and
/// --maps) it runs the default
/// set: POJ 1077's sample, seeded random 3x3 boards, 4x4 random walks, the
/// easiest of Korf's 100 instances and seeded random pancake stacks. Every
/// solution is replayed to the goal and all optimal lengths are
/// cross-checked (grid answers also against their scenario's length); a
/// disagreement makes the exit status 2. Progress goes to stderr: a bar on
/// a terminal, `progress:` lines otherwise.
#[derive(Debug, Parser)]
#[command(name = "compare", version)]
pub struct Args {
    /// How to print the results: an aligned table, Markdown, CSV or JSON
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,

    /// Solve the boards of FILE instead of the default set: one board per
    /// line, 9 tiles (3x3) or 16 (4x4), x or 0 for the blank; blank lines
    /// and lines starting with # are skipped, bad lines reported and
    /// skipped
    #[arg(long, value_name = "FILE")]
    boards: Option<PathBuf>,

    /// Solve the pancake stacks of FILE instead of the default set (with
    /// --boards: as well as its boards): one stack per line, top first, 1
    /// for the smallest pancake (3 1 2); blank lines and lines starting
    /// with # are skipped, bad lines reported and skipped
    #[arg(long, value_name = "FILE")]
    pancakes: Option<PathBuf>,

    /// Solve the terrain maps of these files instead of the default set
    /// (with --boards, --pancakes or --maps: as well as theirs), a set per
    /// map: rows of digits 1-9 (the cost of entering the cell), . for 1, #
    /// for walls, one S and one G; comma-separated or repeated
    #[arg(long, value_name = "FILE", value_delimiter = ',')]
    terrain: Vec<PathBuf>,

    /// Solve the queries of these Moving AI scenario files (.scen), or of
    /// every .scen file in these folders, instead of the default set (with
    /// the options above: as well as theirs), a set per scenario; each
    /// query's map is the file of its base name next to the scenario. Every
    /// answer is checked against the scenario's optimal length
    #[arg(long, value_name = "FILE_OR_DIR", num_args = 1.., value_delimiter = ',')]
    maps: Vec<PathBuf>,

    /// Solve the instances of FILE, read as KIND says (with the options
    /// above: as well as theirs); repeated for several files. The options
    /// above are shorthands for their kinds.
    #[arg(long, value_name = "KIND:FILE", value_parser = parse_input, help = input_help())]
    input: Vec<Input>,

    /// Draw nodes expanded against optimal length, one series per strategy,
    /// into FILE as SVG
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,

    /// Stop a search that stores more states than this, per board (BFS and
    /// A* with weak heuristics cannot solve hard 4x4 boards in memory)
    #[arg(long, default_value_t = 2_000_000)]
    max_stored: usize,

    /// Stop a search after this many seconds, per board
    #[arg(long, default_value_t = 1.0)]
    max_time: f64,

    /// How many boards to solve at once. 1 (the default) keeps every time
    /// that of a search alone on the machine; more is faster but times then
    /// include the contention (0 is refused, not taken as 1; above 1024
    /// refused; above 4 a core capped, with a note on stderr)
    #[arg(long, value_name = "N", default_value_t = NonZeroUsize::MIN, value_parser = parse_jobs)]
    jobs: NonZeroUsize,

    /// Default set: how many random 3x3 boards
    #[arg(long, default_value_t = DefaultSets::default().random)]
    random: usize,

    /// Default set: the seed of the random 3x3 boards and 4x4 walks
    #[arg(long, default_value_t = DefaultSets::default().seed)]
    seed: u64,

    /// Default set: how many of Korf's 100 instances, easiest first
    #[arg(long, default_value_t = DefaultSets::default().korf)]
    korf: usize,

    /// Default set: the lengths of the 4x4 random walks from the goal,
    /// comma-separated (10,20,30,40,50)
    #[arg(long, value_delimiter = ',', default_values_t = DefaultSets::default().walks)]
    walks: Vec<usize>,

    /// Default set: the sizes of the random pancake stacks, comma-separated
    /// (up to 20 pancakes)
    #[arg(long, value_delimiter = ',', default_values_t = DefaultSets::default().stack_sizes)]
    stack_sizes: Vec<usize>,

    /// Default set: how many random pancake stacks of each size (0: none)
    #[arg(long, default_value_t = DefaultSets::default().stacks)]
    stacks: usize,

    /// The algorithms to compare, comma-separated
    #[arg(long, value_enum, value_delimiter = ',', default_values_t = Algorithm::ALL.to_vec())]
    algorithms: Vec<Algorithm>,

    /// The heuristics of the guided algorithms, comma-separated, each used
    /// on the sets it fits (the GAP family on pancake stacks, the others on
    /// boards; dense-table variants run with the strongest that fits their
    /// boards only)
    #[arg(
        long,
        value_parser = heuristics_of(&DOMAINS),
        value_delimiter = ',',
        default_values = compared_heuristics().into_iter().map(Heuristic::name)
    )]
    heuristics: Vec<Heuristic>,

    #[command(flatten)]
    databases: DatabaseArgs,
}

impl Program for Args {
    const NAME: &'static str = "compare";
    const SUMMARY: &'static str =
        "Compares every search strategy on puzzles, pancake stacks and maps: a table and a chart";

    fn run(self, invocation: &mut Invocation<'_>) -> ExitCode {
        if let Some(complaint) = self.databases.ignored("--heuristics", &self.heuristics) {
            invocation.refuse(ErrorKind::ArgumentConflict, complaint);
        }
        let started = Instant::now();
        let Ok(max_time) = Duration::try_from_secs_f64(self.max_time) else {
            eprintln!(
                "error: --max-time {} is not a duration in seconds",
                self.max_time
            );
            return ExitCode::FAILURE;
        };
        let sets = match load(&self) {
            Ok(sets) => sets,
            Err(message) => {
                eprintln!("error: {message}");
                return ExitCode::FAILURE;
            }
        };
        let pool = pool(self.jobs);
        let strategies = strategies_of(&self.algorithms, &self.heuristics);
        let limits = Limits::new().max_stored(self.max_stored).max_time(max_time);
        let solver = Solver::new().with_databases(Arc::new(self.databases.open()));
        let table_build = build_tables(&sets, &strategies, &solver);

        let total: usize = plan(&sets, &strategies)
            .iter()
            .map(|(_, _, set)| set.instances.len())
            .sum();
        // A bar on a terminal, plain lines elsewhere: a run of thousands of
        // grid queries takes hours.
        let bar = Progress::new(
            total as u64,
            "searches",
            "{elapsed:>4} [{bar:24}] {pos}/{len} {wide_msg}",
        );
        let progress = |task: Task<'_>| bar.step(|| format!("{}: {}", task.set, task.strategy));
        let records = match compare::run(
            &sets,
            &strategies,
            &limits,
            pool.as_ref(),
            &solver,
            &progress,
        ) {
            Ok(records) => records,
            Err(err) => {
                bar.abandon();
                if err.is_bug() {
                    eprintln!("WRONG ANSWER: {err}");
                    return ExitCode::from(2);
                }
                eprintln!("error: {err}");
                return ExitCode::FAILURE;
            }
        };
        bar.finish_and_clear();

        let check = cross_check(&sets, &records);
        let rows = summarise(&sets, &strategies, &records);
        let settings = Settings {
            max_stored: Some(self.max_stored),
            max_time: Some(max_time),
            jobs: pool.as_ref().map_or(1, ThreadPool::current_num_threads),
            table_build,
            wall: started.elapsed(),
        };
        // Status 1 if stdout cannot be written; the chart and the mismatches
        // are still had.
        let mut status = with_stdout(|out| {
            write!(out, "{}", compare::render(&rows, self.format, &settings))?;
            if matches!(self.format, Format::Table | Format::Markdown)
                && check.mismatches.is_empty()
            {
                write!(out, "{}", checked(&sets, &check))?;
            }
            Ok(ExitCode::SUCCESS)
        });
        if let Some(path) = &self.plot {
            let drawn = compare::plot::svg(&sets, &strategies, &records, &check)
                .map_err(|err| err.to_string())
                .and_then(|svg| {
                    std::fs::write(path, svg)
                        .map_err(|err| format!("cannot write {}: {err}", shown(path)))
                });
            if let Err(message) = drawn {
                eprintln!("error: {message}");
                status = ExitCode::FAILURE;
            }
        }
        if !check.mismatches.is_empty() {
            eprintln!(
                "MISMATCH: optimal strategies disagree on {} board(s):",
                check.mismatches.len()
            );
            for mismatch in &check.mismatches {
                eprintln!("MISMATCH: {mismatch}");
            }
            status = ExitCode::from(2);
        }
        status
    }
}

/// Builds the precomputed tables (the 3x3 table) before the first
/// instance, so no row's time includes them, and only for a run that looks
/// one up, whatever domain holds them: the time it took, if any were built.
fn build_tables(sets: &[BoardSet], strategies: &[Strategy], solver: &Solver) -> Option<Duration> {
    let lookups: Vec<_> = sets
        .iter()
        .flat_map(|set| {
            strategies
                .iter()
                .filter(|s| !s.algorithm.searches() && s.handles(set.domain))
                .map(move |&s| (set.domain, s))
        })
        .collect();
    (!lookups.is_empty()).then(|| {
        let mut preparing = solver.sharing();
        crate::strategy::timed(|| {
            for (domain, strategy) in lookups {
                // A table that cannot be had is reported by the run.
                let _ = domain.prepare_in(strategy, &mut preparing);
            }
        })
        .1
    })
}

/// What the run checked, for the human formats: the cross-check, and the
/// grid answers checked against their scenarios.
fn checked(sets: &[BoardSet], check: &CrossCheck) -> String {
    let mut out = String::new();
    // cannot fail: writing to a String
    let _ = writeln!(
        out,
        "cross-check: every optimal strategy found the same length on all {} boards and stacks solved more than once (or with a published length), greedy none shorter; every solution replayed to the goal.",
        check.checked
    );
    for domain in DOMAINS {
        let count: usize = sets
            .iter()
            .filter(|set| set.domain == domain)
            .map(|set| set.instances.len())
            .sum();
        if let Some(note) = domain.checked_note(count) {
            let _ = writeln!(out, "{note}");
        }
    }
    out
}

/// The pool that solves `requested` boards at once: capped as
/// `crate::jobs` says, with a note on stderr; `None` (one at a
/// time on this thread) for 1, or with a warning if the threads cannot be
/// had.
fn pool(requested: NonZeroUsize) -> Option<ThreadPool> {
    let jobs = Jobs::for_this_machine(requested);
    if let Some(note) = jobs.note() {
        eprintln!("{note}");
    }
    thread_pool(jobs.threads).unwrap_or_else(|err| {
        eprintln!(
            "warning: cannot start {} threads for --jobs ({err}): solving the boards one at a time",
            jobs.threads
        );
        None
    })
}

/// A file `compare` reads and the reader of its kind: `--input KIND:FILE`.
#[derive(Clone, Debug)]
struct Input {
    reader: &'static Reader,
    path: PathBuf,
}

/// `--input`'s parser: a kind some domain reads, a colon, a path.
fn parse_input(value: &str) -> Result<Input, String> {
    let (kind, path) = value
        .split_once(':')
        .ok_or_else(|| format!("expected KIND:FILE, found '{}'", excerpt(value)))?;
    Ok(Input {
        reader: reader(kind)?,
        path: PathBuf::from(path),
    })
}

/// `--input`'s help, with the kinds the domains read.
fn input_help() -> String {
    let kinds: Vec<String> = readers()
        .iter()
        .map(|r| format!("{}: {}", r.kind, r.help))
        .collect();
    format!(
        "Solve the instances of FILE, read as KIND says (with the options above: as well as theirs); repeated for several files. Kinds: {}",
        kinds.join("; ")
    )
}

/// The board sets: the user's files or the default set.
fn load(args: &Args) -> Result<Vec<BoardSet>, String> {
    if args.boards.is_none()
        && args.pancakes.is_none()
        && args.terrain.is_empty()
        && args.maps.is_empty()
        && args.input.is_empty()
    {
        let defaults = DefaultSets {
            random: args.random,
            seed: args.seed,
            walks: args.walks.clone(),
            korf: args.korf,
            stack_sizes: args.stack_sizes.clone(),
            stacks: args.stacks,
        };
        return Ok(defaults.build());
    }
    // The shorthands first, in their old order, then --input's files.
    let mut inputs = Vec::new();
    for (kind, paths) in [
        ("boards", args.boards.as_slice()),
        ("pancakes", args.pancakes.as_slice()),
        ("terrain", &args.terrain),
        ("maps", &args.maps),
    ] {
        for path in paths {
            inputs.push(Input {
                reader: reader(kind)?,
                path: path.clone(),
            });
        }
    }
    inputs.extend(args.input.iter().cloned());
    let mut sets = Vec::new();
    for input in &inputs {
        sets.extend(read(input)?);
    }
    Ok(sets)
}

/// The sets of one input file; its bad lines (a line that is not UTF-8
/// among them) are reported on stderr.
fn read(input: &Input) -> Result<Vec<BoardSet>, String> {
    let (sets, skipped) = (input.reader.read)(&input.path)?;
    for message in &skipped {
        eprintln!("skipped: {message}");
    }
    if sets.is_empty() {
        return Err(format!(
            "{} holds no {}",
            shown(&input.path),
            input.reader.what
        ));
    }
    Ok(sets)
}
