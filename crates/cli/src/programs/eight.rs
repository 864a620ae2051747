//! POJ 1077 / HDU 1043 "Eight": reads boards from stdin until the end and
//! prints, for each, an optimal move string over `udlr` (the direction the
//! blank moves) or `unsolvable`. Nothing else goes to stdout.
//!
//! ```sh
//! echo "2 3 4 1 5 x 7 6 8" | frontier eight
//! frontier eight --help
//! ```
//!
//! Input: whitespace-separated tiles, `x` (or `0`) for the blank; boards may
//! span lines and share lines. `--size auto` (the default) reads a line of
//! exactly 16 tokens as a 4x4 board and everything else 9 tokens at a time;
//! `--size 3` / `--size 4` read a pure stream of 9- or 16-token boards.
//!
//! Errors: a malformed board gets `error: line N: reason` on stderr and no
//! line on stdout, and the program goes on. A token that is not a tile ends
//! its board and the rest of its line (the next board starts on the next
//! line); a board with readable tokens but wrong tiles ends where its last
//! tile is. The exit status is 1 if any board was malformed or could not be
//! solved (a limit, or a strategy that does not exist for the board's
//! size) or stdout cannot be written, 2 if a strategy returned a wrong
//! solution (a bug), 0 otherwise (a closed pipe included: a quiet end).
//! Empty input prints nothing and exits 0.
//!
//! The input is read as a stream: each board is answered as soon as its
//! last tile is read (answers are flushed whenever reading on would wait
//! for more input), and memory does not grow with the input. Long tokens
//! are echoed cut short, with their length.
//!
//! Strategy: by default the precomputed 3x3 table (one reverse BFS from the
//! goal, then O(length) per board) for 3x3 and IDA* with linear conflict
//! for 4x4; `--algo` and `--heuristic` choose another. Every answer is
//! replayed to the goal before it is printed.

use std::io::{self, BufReader, StdinLock};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{Invocation, Program};

use crate::databases::DatabaseArgs;
use crate::domain::AnyDomain;
use crate::domain::Solver;
use crate::domains::boards::{self, EIGHT, FIFTEEN};
use crate::domains::{algorithms_of, heuristics_of};
use crate::output::{Stdout, StdoutError, with_stdout};
use crate::strategy::{Algorithm, Answer, Attempt, Heuristic, SolveError, Strategy};
use clap::Parser;
use frontier::Limits;
use sliding_puzzle::AnyBoard;
use sliding_puzzle::stream::{Boards, SizeMode};

/// The domains `eight` solves: `--help` lists what they offer.
static BOARDS: [&dyn AnyDomain; 2] = [&EIGHT, &FIFTEEN];

/// Solves 8-puzzles (and 15-puzzles) from stdin, POJ 1077 style: one line
/// per board, an optimal move string over udlr (the blank's direction) or
/// `unsolvable`.
///
/// Boards are whitespace-separated tiles with x for the blank; a board may
/// span lines and several may share a line. A malformed board is reported
/// on stderr with its line number; a bad token ends its board and the rest
/// of its line. Exit status: 0 if all went well, 1 if any board was
/// malformed or unsolved, 2 on a wrong answer (a bug).
#[derive(Debug, Parser)]
#[command(name = "eight", version)]
pub struct Args {
    /// The algorithm [default: table for 3x3 boards, idastar for 4x4]
    #[arg(long, value_parser = algorithms_of(&BOARDS))]
    algo: Option<Algorithm>,

    /// The heuristic of the guided algorithms (astar, idastar, greedy, mm,
    /// nbs, ...); refused beside an --algo that uses none
    #[arg(long, value_parser = heuristics_of(&BOARDS), default_value = "linear-conflict")]
    heuristic: Heuristic,

    /// How many tokens make a board: 3 (every 9), 4 (every 16), or auto (a
    /// line of exactly 16 tokens is a 4x4 board, otherwise 9 at a time)
    #[arg(long, value_enum, default_value_t = Size::Auto)]
    size: Size,

    /// Print nodes expanded and generated, peak stored states and time per
    /// board to stderr
    #[arg(long)]
    stats: bool,

    /// Stop a search that stores more states than this, per board (BFS,
    /// bidirectional BFS and A* on hard 4x4 boards would exhaust memory
    /// otherwise; count about 50 bytes a state)
    #[arg(long, default_value_t = 20_000_000)]
    max_stored: usize,

    /// Stop a search after this many seconds per board [default: no limit]
    #[arg(long)]
    max_time: Option<f64>,

    #[command(flatten)]
    databases: DatabaseArgs,
}

/// `--size`: the reader's [`SizeMode`], named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Size {
    /// Every 9 tokens are a 3x3 board.
    #[value(name = "3")]
    Three,
    /// Every 16 tokens are a 4x4 board.
    #[value(name = "4")]
    Four,
    /// A line of exactly 16 tokens is a 4x4 board; otherwise 9 tokens at a
    /// time.
    Auto,
}

impl From<Size> for SizeMode {
    fn from(size: Size) -> Self {
        match size {
            Size::Three => SizeMode::Three,
            Size::Four => SizeMode::Four,
            Size::Auto => SizeMode::Auto,
        }
    }
}

impl Program for Args {
    const NAME: &'static str = "eight";
    const SUMMARY: &'static str =
        "Solves 8- and 15-puzzles from stdin, POJ 1077 style (udlr move strings)";

    fn run(self, invocation: &mut Invocation<'_>) -> ExitCode {
        invocation.refuse_ignored(self.algo, self.heuristic, Some(&self.databases));
        let mut limits = Limits::new().max_stored(self.max_stored);
        if let Some(seconds) = self.max_time {
            match Duration::try_from_secs_f64(seconds) {
                Ok(duration) => limits = limits.max_time(duration),
                Err(err) => {
                    eprintln!("error: --max-time {seconds}: {err}");
                    return ExitCode::FAILURE;
                }
            }
        }
        let input = BufReader::with_capacity(1 << 16, io::stdin().lock());
        with_stdout(|out| {
            Ok(match answer(out, &self, input, &limits) {
                Ok(true) => ExitCode::SUCCESS,
                Ok(false) => ExitCode::FAILURE,
                Err(Failure::Read(err)) => {
                    eprintln!("error: cannot read stdin: {err}");
                    ExitCode::FAILURE
                }
                Err(Failure::Bug(err)) => {
                    eprintln!("bug: {err}");
                    ExitCode::from(2)
                }
                Err(Failure::Stdout(err)) => return Err(err),
            })
        })
    }
}

/// Why the run stopped early.
enum Failure {
    Bug(SolveError),
    Read(io::Error),
    Stdout(StdoutError),
}

impl From<StdoutError> for Failure {
    fn from(err: StdoutError) -> Self {
        Failure::Stdout(err)
    }
}

/// Answers the boards of `input` on `out`, as `args` say: true if every
/// board was well formed and answered.
fn answer(
    out: &mut Stdout,
    args: &Args,
    input: BufReader<StdinLock<'_>>,
    limits: &Limits<u32>,
) -> Result<bool, Failure> {
    let mut solver = Solver::new().with_databases(Arc::new(args.databases.open()));
    let mut clean = true;
    let mut table_built = false;
    let started = Instant::now();
    let mut count = 0_usize;
    let mut boards = Boards::new(input, args.size.into());
    loop {
        // Reading on would wait for input: whoever sent the boards so far
        // may be waiting for their answers first.
        if boards
            .get_ref()
            .buffer()
            .iter()
            .all(u8::is_ascii_whitespace)
        {
            out.flush()?;
        }
        let Some(item) = boards.next() else {
            break;
        };
        let item = item.map_err(Failure::Read)?;
        count += 1;
        let board = match item.board {
            Ok(board) => board,
            Err(err) => {
                eprintln!("error: {}: {err}", item.lines);
                clean = false;
                continue;
            }
        };
        let three = matches!(board, AnyBoard::Eight(_));
        let algorithm = args.algo.unwrap_or(if three {
            Algorithm::Table
        } else {
            Algorithm::IdaStar
        });
        let strategy = Strategy::new(algorithm, args.heuristic);
        if !algorithm.searches() && three && !table_built {
            let started = Instant::now();
            if let (Some(table), true) = (EIGHT.table(), args.stats) {
                eprintln!(
                    "table: {} boards solved by one reverse BFS in {}",
                    table.reachable(),
                    show_time(started.elapsed())
                );
            }
            table_built = true;
        }
        let attempt = match boards::start(board).solve(strategy, limits, &mut solver) {
            Ok(attempt) => attempt,
            Err(err) if !err.is_bug() => {
                eprintln!("error: {}: {err}", item.lines);
                clean = false;
                continue;
            }
            Err(err) => return Err(Failure::Bug(err)),
        };
        match &attempt.answer {
            Answer::Solved(path) => writeln!(out, "{}", path.text())?,
            Answer::Unsolvable => writeln!(out, "unsolvable")?,
            Answer::Stopped(limit) => {
                eprintln!(
                    "error: {}: {strategy} stopped by its {limit} before finding a solution (try --algo idastar)",
                    item.lines
                );
                clean = false;
            }
        }
        if args.stats {
            eprintln!(
                "board {count} ({}): {}",
                item.lines,
                describe(strategy, &attempt)
            );
        }
    }
    out.flush()?;
    if args.stats {
        eprintln!("{count} boards in {}", show_time(started.elapsed()));
    }
    Ok(clean)
}

/// One `--stats` line.
fn describe(strategy: Strategy, attempt: &Attempt) -> String {
    let answer = match &attempt.answer {
        Answer::Solved(path) => format!("{} {}", path.len(), path.unit()),
        Answer::Unsolvable => "unsolvable".to_owned(),
        Answer::Stopped(limit) => format!("stopped by its {limit}"),
    };
    if !strategy.algorithm.searches() {
        return format!(
            "{answer}, {} lookup, {}",
            strategy.algorithm,
            show_time(attempt.elapsed)
        );
    }
    format!(
        "{answer}, {strategy}: {} expanded, {} generated, peak {} stored, {}",
        attempt.stats.expanded,
        attempt.stats.generated,
        attempt.stats.peak_stored,
        show_time(attempt.elapsed)
    )
}

/// A duration in the unit that suits it.
fn show_time(duration: Duration) -> String {
    let seconds = duration.as_secs_f64();
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else if seconds >= 1e-3 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{:.1} µs", seconds * 1e6)
    }
}
