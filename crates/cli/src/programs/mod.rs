//! The programs of the `frontier` command, one module each: its options
//! (a clap [`Parser`](clap::Parser)), its documentation and its `run`.
//!
//! Each is a subcommand of `frontier` ([`command`], [`main`]) and also runs
//! on its own, as the workspace's examples do (`cargo run --release
//! --example compare` is `frontier compare`): [`run_alone`]. Both read the
//! same options and end with the same exit status.
//!
//! What every program does the same way, written once: results are printed
//! through [`with_stdout`] (a stdout that cannot be written is an error and
//! exit status 1, a closed pipe a quiet end with status 0); named input
//! files are read by [`read_file`](frontier_text::read_file) (regular files
//! of bounded size only: a FIFO or a device is refused unread); a usage
//! error cuts the long values it echoes short ([`excerpt`]); long work
//! shows its progress on stderr ([`crate::progress`]).

use std::borrow::Cow;
use std::num::NonZeroUsize;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{ArgMatches, Command};

use crate::databases::DatabaseArgs;
use crate::output::{StdoutError, with_stdout};
use crate::strategy::{Algorithm, Heuristic, ignored_heuristic};
use frontier_text::excerpt;

pub mod compare;
pub mod cube;
pub mod eight;
pub mod enumerate;
pub mod fifteen;
pub mod grid;
pub mod knight;
mod solving;
pub mod terrain;
pub mod twentyfour;

/// One program: its options, and what it does with them.
pub trait Program: clap::Parser {
    /// The subcommand's name: `frontier NAME`.
    const NAME: &'static str;
    /// What the program does, in one line of `frontier --help`.
    const SUMMARY: &'static str;

    /// Runs the program on its parsed options; `invocation` turns a
    /// complaint about them into a usage error. The exit status is the
    /// program's.
    fn run(self, invocation: &mut Invocation<'_>) -> ExitCode;
}

/// The command line a program was started with: for usage errors that clap
/// cannot find alone (two options that conflict only for some values).
#[derive(Debug)]
pub struct Invocation<'a> {
    command: &'a mut Command,
    matches: &'a ArgMatches,
}

impl Invocation<'_> {
    /// The parsed command line (where each value came from, for instance).
    #[must_use]
    pub fn matches(&self) -> &ArgMatches {
        self.matches
    }

    /// Prints `message` as a usage error of this command, with its usage
    /// line, and exits with status 2 (as clap does for its own errors).
    pub fn refuse(&mut self, kind: ErrorKind, message: impl std::fmt::Display) -> ! {
        self.command.error(kind, message).exit()
    }

    /// Refuses options that would do nothing: a `--heuristic` beside an
    /// `algorithm` that uses none ([`ignored_heuristic`]), and `--dual` or
    /// `--no-reflection` beside a heuristic that is no pattern database
    /// ([`DatabaseArgs::ignored`]).
    pub fn refuse_ignored(
        &mut self,
        algorithm: Option<Algorithm>,
        heuristic: Heuristic,
        databases: Option<&DatabaseArgs>,
    ) {
        let complaint = ignored_heuristic(self.matches, algorithm, heuristic)
            .or_else(|| databases?.ignored("--heuristic", &[heuristic]));
        if let Some(complaint) = complaint {
            self.refuse(ErrorKind::ArgumentConflict, complaint);
        }
    }
}

/// A program as a subcommand: its name, its options and what runs it.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The subcommand's name.
    pub name: &'static str,
    /// Its one-line summary.
    pub summary: &'static str,
    command: fn() -> Command,
    run: fn(&mut Command, &ArgMatches) -> ExitCode,
}

impl Entry {
    const fn of<P: Program>() -> Self {
        Entry {
            name: P::NAME,
            summary: P::SUMMARY,
            command: P::command,
            run: run_matches::<P>,
        }
    }
}

/// Every program, in the order `frontier --help` lists them.
pub const PROGRAMS: [Entry; 9] = [
    Entry::of::<compare::Args>(),
    Entry::of::<eight::Args>(),
    Entry::of::<fifteen::Args>(),
    Entry::of::<twentyfour::Args>(),
    Entry::of::<cube::Args>(),
    Entry::of::<grid::Args>(),
    Entry::of::<knight::Args>(),
    Entry::of::<terrain::Args>(),
    Entry::of::<enumerate::Args>(),
];

/// The `completions` subcommand's name.
const COMPLETIONS: &str = "completions";

/// The `frontier` command: every program as a subcommand, and
/// `completions SHELL`, which prints a shell's completion script.
#[must_use]
pub fn command() -> Command {
    let programs = PROGRAMS
        .iter()
        .map(|entry| (entry.command)().name(entry.name).about(entry.summary));
    Command::new("frontier")
        .version(env!("CARGO_PKG_VERSION"))
        .about("State-space search: sliding-tile puzzles, pancake stacks, grid maps and more, solved optimally and checked")
        .long_about(
            "State-space search: sliding-tile puzzles, pancake stacks, grid maps and more, \
             solved optimally and checked.\n\n\
             Every program replays each solution to its goal before printing it. \
             `frontier PROGRAM --help` describes a program's input, options and exit status.\n\n\
             Every program: a stdout that cannot be written (a full disk) is an error, exit \
             status 1, and a closed pipe (`| head`) ends it quietly, status 0; a named input \
             must be a regular file of at most 256 MiB (a FIFO or a device is refused unread); \
             long work (a comparison, a pattern-database build) shows its progress on stderr, \
             as a bar on a terminal and as plain `progress:` lines elsewhere.",
        )
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommands(programs)
        .subcommand(
            Command::new(COMPLETIONS)
                .about("Prints the completion script of a shell (bash, zsh, fish, elvish, powershell)")
                .long_about(
                    "Prints the completion script of a shell on stdout. For bash:\n\n  \
                     frontier completions bash > ~/.local/share/bash-completion/completions/frontier\n\n\
                     zsh: save it as `_frontier` in a folder of $fpath; fish: as \
                     ~/.config/fish/completions/frontier.fish.",
                )
                .arg(
                    clap::Arg::new("shell")
                        .value_name("SHELL")
                        .required(true)
                        .value_parser(clap::value_parser!(clap_complete::Shell)),
                ),
        )
}

/// Runs the `frontier` command on this process's arguments: the program
/// they name, or the completion script; the exit status is the program's
/// (2 for a usage error).
#[must_use]
pub fn main() -> ExitCode {
    let mut command = command();
    let matches = match parse(&mut command) {
        Ok(matches) => matches,
        Err(status) => return status,
    };
    let Some((name, sub)) = matches.subcommand() else {
        // `subcommand_required`: clap has already refused the command line.
        return ExitCode::from(2);
    };
    if name == COMPLETIONS {
        return completions(&mut command, sub);
    }
    let entry = PROGRAMS.iter().find(|entry| entry.name == name);
    let (Some(entry), Some(program)) = (entry, command.find_subcommand_mut(name)) else {
        return ExitCode::from(2);
    };
    (entry.run)(program, sub)
}

/// Runs program `P` as a command of its own on this process's arguments
/// (the workspace's examples): the same options and exit status as
/// `frontier NAME`.
#[must_use]
pub fn run_alone<P: Program>() -> ExitCode {
    let mut command = P::command();
    match parse(&mut command) {
        Ok(matches) => run_matches::<P>(&mut command, &matches),
        Err(status) => status,
    }
}

/// This process's arguments parsed by `command`. A usage error is printed
/// on stderr, long values cut short, and the process exits with status 2;
/// `--help` and `--version` are printed on stdout, checked as the
/// programs' results are, and their exit status is the `Err`.
fn parse(command: &mut Command) -> Result<ArgMatches, ExitCode> {
    command
        .try_get_matches_from_mut(std::env::args_os())
        .map_err(|err| {
            if err.use_stderr() {
                cut_long_values(err).exit()
            }
            match err
                .print()
                .and_then(|()| std::io::Write::flush(&mut std::io::stdout()))
            {
                Ok(()) => ExitCode::SUCCESS,
                Err(source) => StdoutError { source }.status(),
            }
        })
}

/// `err` with every value it echoes that is longer than a line cut short
/// ([`excerpt`]): clap quotes the value a usage error is about, whatever
/// its length, and a 100 kB argument given by mistake would fill the
/// terminal. The usage line, clap's own, is left alone.
fn cut_long_values(mut err: clap::Error) -> clap::Error {
    use clap::builder::StyledStr;
    use clap::error::{ContextKind, ContextValue};

    let cut_styled = |text: &StyledStr| {
        let plain = text.to_string();
        match excerpt(&plain) {
            Cow::Borrowed(_) => text.clone(),
            Cow::Owned(cut) => StyledStr::from(cut),
        }
    };
    let cut: Vec<(ContextKind, ContextValue)> = err
        .context()
        .filter(|(kind, _)| *kind != ContextKind::Usage)
        .map(|(kind, value)| {
            let value = match value {
                ContextValue::String(text) => ContextValue::String(excerpt(text).into_owned()),
                ContextValue::Strings(texts) => {
                    ContextValue::Strings(texts.iter().map(|t| excerpt(t).into_owned()).collect())
                }
                ContextValue::StyledStr(text) => ContextValue::StyledStr(cut_styled(text)),
                ContextValue::StyledStrs(texts) => {
                    ContextValue::StyledStrs(texts.iter().map(cut_styled).collect())
                }
                other => other.clone(),
            };
            (kind, value)
        })
        .collect();
    for (kind, value) in cut {
        err.insert(kind, value);
    }
    err
}

/// A value parser for a count that must be at least 1 (clap's
/// `value_parser`): `what` names what it counts, for the message that
/// refuses 0 or a number too large (clap prints the option and the value
/// before it).
pub(crate) fn at_least_one(
    what: &'static str,
) -> impl Fn(&str) -> Result<NonZeroUsize, String> + Clone + Send + Sync + 'static {
    move |text: &str| {
        let digits = text.trim();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("expected {what}: a whole number, at least 1"));
        }
        // Only digits: a failure to parse is a number too large.
        let count = digits
            .parse::<usize>()
            .map_err(|_| format!("expected {what}: at most {}", usize::MAX))?;
        NonZeroUsize::new(count)
            .ok_or_else(|| format!("expected {what}: at least 1 (0 is refused, not taken as 1)"))
    }
}

/// Runs `P` on the command line `matches` parsed by `command`.
fn run_matches<P: Program>(command: &mut Command, matches: &ArgMatches) -> ExitCode {
    let args = P::from_arg_matches(matches)
        .unwrap_or_else(|err| cut_long_values(err.format(command)).exit());
    args.run(&mut Invocation { command, matches })
}

/// Prints the completion script of the shell `matches` names.
fn completions(command: &mut Command, matches: &ArgMatches) -> ExitCode {
    let Some(&shell) = matches.get_one::<clap_complete::Shell>("shell") else {
        return ExitCode::from(2);
    };
    let mut script = Vec::new();
    clap_complete::generate(shell, command, "frontier", &mut script);
    with_stdout(|out| {
        out.write_all(&script)?;
        Ok(ExitCode::SUCCESS)
    })
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn a_count_names_what_it_counts() {
        let parse = at_least_one("the number of processes");
        assert_eq!(parse(" 3 ").map(NonZeroUsize::get), Ok(3));
        assert_eq!(
            parse("0").unwrap_err(),
            "expected the number of processes: at least 1 (0 is refused, not taken as 1)"
        );
        assert_eq!(
            parse("-1").unwrap_err(),
            "expected the number of processes: a whole number, at least 1"
        );
        assert!(parse(&"9".repeat(100)).unwrap_err().contains("at most"));
    }

    #[test]
    fn usage_errors_cut_long_values_short() {
        let long = "y".repeat(100_000);
        for line in [
            vec!["eight", "--size", long.as_str()],
            vec!["eight", long.as_str()],
        ] {
            let err = eight::Args::command()
                .try_get_matches_from(line)
                .unwrap_err();
            let text = cut_long_values(err).render().to_string();
            assert!(text.len() < 500, "{text}");
            assert!(text.contains("… (100000 bytes)"), "{text}");
        }
    }
}
