//! POJ 1915 "Knight Moves": the fewest knight moves between two squares,
//! solved by `frontier::bidirectional_bfs` and checked against
//! `frontier::bfs`.
//!
//! ```sh
//! printf '3\n8\n0 0\n7 0\n100\n0 0\n30 50\n10\n1 1\n1 1\n' | frontier knight
//! ```
//!
//! Input on stdin: the number of cases, then per case the board size `l`
//! (4 ≤ l ≤ 300), the start square and the target square (two coordinates
//! each, from 0); line breaks may fall anywhere. Output: one line per case,
//! the minimum number of moves. Bad input: an error naming the token and
//! its line on stderr, nothing on stdout, exit status 1; so is a stdout that
//! cannot be written (a closed pipe is a quiet end, status 0). The two
//! searches disagreeing: exit status 2.

use std::fmt::Write as _;
use std::io::{self, Read};
use std::process::ExitCode;

use super::{Invocation, Program};

use clap::Parser;

use crate::knight::read_cases;
use crate::output::with_stdout;

/// POJ 1915 "Knight Moves": reads the cases from stdin and prints, for
/// each, the fewest knight moves from its start square to its target.
///
/// Input: the number of cases, then per case the board size l (4 <= l <=
/// 300), the start square and the target square (two coordinates each,
/// from 0); line breaks may fall anywhere. Bad input: an error naming the
/// token and its line, nothing on stdout, exit status 1. Each answer comes
/// from bidirectional BFS, checked against plain BFS; their disagreeing
/// (a bug) makes the exit status 2.
#[derive(Debug, Parser)]
#[command(name = "knight", version)]
pub struct Args {}

impl Program for Args {
    const NAME: &'static str = "knight";
    const SUMMARY: &'static str =
        "POJ 1915 Knight Moves: the fewest knight moves between two squares";

    fn run(self, invocation: &mut Invocation<'_>) -> ExitCode {
        start(&self, invocation)
    }
}

fn start(_: &Args, _: &mut Invocation<'_>) -> ExitCode {
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
    let mut answers = String::new();
    for case in &cases {
        match case.solve() {
            Ok(moves) => {
                // cannot fail: writing to a String
                let _ = writeln!(answers, "{moves}");
            }
            Err(err) => {
                eprintln!("bug: {err}");
                return ExitCode::from(2);
            }
        }
    }
    with_stdout(|out| {
        out.write_all(answers.as_bytes())?;
        Ok(ExitCode::SUCCESS)
    })
}
