//! The programs of the `frontier` command, one module each: its options
//! (a clap [`Parser`](clap::Parser)), its documentation and its `run`.
//!
//! Each is a subcommand of `frontier` ([`command`], [`main`]) and also runs
//! on its own, as the workspace's examples do (`cargo run --release
//! --example compare` is `frontier compare`): [`run_alone`]. Both read the
//! same options and end with the same exit status.

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{ArgMatches, Command};

pub mod compare;
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
pub const PROGRAMS: [Entry; 8] = [
    Entry::of::<compare::Args>(),
    Entry::of::<eight::Args>(),
    Entry::of::<fifteen::Args>(),
    Entry::of::<twentyfour::Args>(),
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
             `frontier PROGRAM --help` describes a program's input, options and exit status.",
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
    let matches = command.get_matches_mut();
    let Some((name, sub)) = matches.subcommand() else {
        // `subcommand_required`: clap has already refused the command line.
        return ExitCode::from(2);
    };
    if name == COMPLETIONS {
        return completions(&mut command, sub);
    }
    let Some(entry) = PROGRAMS.iter().find(|entry| entry.name == name) else {
        return ExitCode::from(2);
    };
    let Some(program) = command.find_subcommand_mut(name) else {
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
    let matches = command.get_matches_mut();
    run_matches::<P>(&mut command, &matches)
}

/// Runs `P` on the command line `matches` parsed by `command`.
fn run_matches<P: Program>(command: &mut Command, matches: &ArgMatches) -> ExitCode {
    let args = P::from_arg_matches(matches).unwrap_or_else(|err| err.format(command).exit());
    args.run(&mut Invocation { command, matches })
}

/// Prints the completion script of the shell `matches` names.
fn completions(command: &mut Command, matches: &ArgMatches) -> ExitCode {
    let Some(&shell) = matches.get_one::<clap_complete::Shell>("shell") else {
        return ExitCode::from(2);
    };
    let mut script = Vec::new();
    clap_complete::generate(shell, command, "frontier", &mut script);
    match std::io::Write::write_all(&mut std::io::stdout().lock(), &script) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: cannot write the completion script: {err}");
            ExitCode::FAILURE
        }
    }
}
