//! POJ 1915 "Knight Moves": the fewest knight moves between two squares,
//! solved through the knight domain (`crate::domains::knights`): by
//! default by bidirectional BFS and checked against BFS, or by the
//! algorithms `--algo` names, the first answering and the others checking
//! it.
//!
//! ```sh
//! printf '3\n8\n0 0\n7 0\n100\n0 0\n30 50\n10\n1 1\n1 1\n' | frontier knight
//! printf '1\n300\n0 0\n299 299\n' | frontier knight --algo mm,astar
//! printf '1\n300\n0 0\n299 299\n' | frontier knight --algo nbs --heuristic zero
//! ```
//!
//! Input on stdin: the number of cases, then per case the board size `l`
//! (4 ≤ l ≤ 300), the start square and the target square (two coordinates
//! each, from 0); line breaks may fall anywhere. Output: one line per case,
//! the minimum number of moves. Bad input: an error naming the token and
//! its line on stderr, nothing on stdout, exit status 1; so is a stdout that
//! cannot be written (a closed pipe is a quiet end, status 0).
//!
//! Algorithms and heuristics come from the registry (`crate::registry`):
//! `--algo` takes any algorithm the knight domain offers (every one but
//! the 3x3 table and jump point search), repeated or comma-separated;
//! `--heuristic` (`knight-distance` by default, or `zero`) guides those
//! that use one. An algorithm or a heuristic the domain refuses, or a
//! `--heuristic` given beside algorithms that use none, is a usage error
//! (exit status 2) naming the reason. Every path is replayed on the board
//! before its length counts; the searches disagreeing, or a path that does
//! not replay (a bug), make the exit status 2 too, with `bug:` on stderr.
//! No limit applies: IDA* without a heuristic on a large board may not end.

use std::io::{self, Read};
use std::process::ExitCode;

use super::{Invocation, Program};

use clap::Parser;
use clap::error::ErrorKind;
use knight::read_cases;

use crate::domain::{AnyDomain, Solver, unsupported};
use crate::domains::knights::{CHECKED, KNIGHTS, SolveKnight};
use crate::domains::{algorithms_of, heuristics_of, unique};
use crate::output::with_stdout;
use crate::registry::{Algorithm, Heuristic};
use crate::strategy::Strategy;

/// POJ 1915 "Knight Moves": reads the cases from stdin and prints, for
/// each, the fewest knight moves from its start square to its target.
///
/// Input: the number of cases, then per case the board size l (4 <= l <=
/// 300), the start square and the target square (two coordinates each,
/// from 0); line breaks may fall anywhere. Bad input: an error naming the
/// token and its line, nothing on stdout, exit status 1. Each answer comes
/// from bidirectional BFS, checked against plain BFS, unless --algo names
/// other algorithms; every path is replayed on the board. Searches
/// disagreeing (a bug) make the exit status 2, as does an algorithm or a
/// heuristic the knight domain refuses.
#[derive(Debug, Parser)]
#[command(name = "knight", version)]
pub struct Args {
    /// The algorithms, repeated or comma-separated: the first answers, and
    /// each other checks it (the optimal ones must find as many moves,
    /// greedy search no fewer) [default: bidirectional,bfs]
    #[arg(
        long,
        value_parser = algorithms_of(&KNIGHT),
        value_delimiter = ',',
        value_name = "NAME"
    )]
    algo: Vec<Algorithm>,

    /// The heuristic of the guided algorithms (astar, idastar, greedy, mm,
    /// nbs, ...); refused beside algorithms that use none
    #[arg(long, value_parser = heuristics_of(&KNIGHT), default_value = "knight-distance")]
    heuristic: Heuristic,
}

/// The domain `knight` solves: `--help` lists what it offers.
static KNIGHT: [&dyn AnyDomain; 1] = [&KNIGHTS];

impl Program for Args {
    const NAME: &'static str = "knight";
    const SUMMARY: &'static str =
        "POJ 1915 Knight Moves: the fewest knight moves between two squares";

    fn run(self, invocation: &mut Invocation<'_>) -> ExitCode {
        let strategies = strategies(&self, invocation);
        let mut input = Vec::new();
        if let Err(err) = io::stdin().lock().read_to_end(&mut input) {
            eprintln!("error: cannot read stdin: {err}");
            return ExitCode::FAILURE;
        }
        let input = String::from_utf8_lossy(&input);
        let cases = match read_cases(&input) {
            Ok(cases) => cases,
            Err(err) => {
                eprintln!("error: {err}");
                return ExitCode::FAILURE;
            }
        };
        let mut solver = Solver::new();
        let answers: Result<String, _> = cases
            .iter()
            .map(|case| {
                case.solve_with(&strategies, &mut solver)
                    .map(|moves| format!("{moves}\n"))
            })
            .collect();
        let answers = match answers {
            Ok(answers) => answers,
            Err(err) => {
                eprintln!("bug: {err}");
                return ExitCode::from(2);
            }
        };
        with_stdout(|out| {
            out.write_all(answers.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        })
    }
}

/// The strategies of the command line, each once, in their order: the
/// default pair ([`CHECKED`]) without `--algo`. A strategy the domain
/// refuses, or a `--heuristic` that no algorithm would use, is a usage
/// error, found before any input is read.
fn strategies(args: &Args, invocation: &mut Invocation<'_>) -> Vec<Strategy> {
    let chosen = if args.algo.is_empty() {
        &CHECKED[..]
    } else {
        &args.algo
    };
    let algorithms = unique(chosen.iter().copied());
    if !algorithms.iter().any(|a| a.uses_heuristic()) {
        invocation.refuse_ignored(args.algo.first().copied(), args.heuristic, None);
    }
    let strategies: Vec<Strategy> = algorithms
        .into_iter()
        .map(|algorithm| Strategy::new(algorithm, args.heuristic))
        .collect();
    for &strategy in &strategies {
        if let Err(refused) = unsupported(&KNIGHTS, strategy) {
            invocation.refuse(ErrorKind::ArgumentConflict, refused);
        }
    }
    strategies
}
