//! Runs the `frontier` command as a user does: its help, a program of
//! each kind through it, its exit statuses and the completion scripts.
//! (The programs' behaviour in detail is tested through the workspace's
//! examples, which run the same code: one file per program in the root's
//! `tests/`, `tests/eight.rs` and its neighbours.)

use std::io::Write;
use std::process::{Command, Output, Stdio};

use frontier_cli::programs::PROGRAMS;
use sliding_puzzle::Eight;

/// Runs `frontier args...` with `stdin`.
fn frontier(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_frontier"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("frontier starts");
    // A program that refuses its options exits before it reads its
    // input: the pipe is then closed under the writer, which is no fault.
    let written = child
        .stdin
        .take()
        .expect("a piped stdin")
        .write_all(stdin.as_bytes());
    if let Err(err) = written {
        assert_eq!(
            err.kind(),
            std::io::ErrorKind::BrokenPipe,
            "frontier reads its input: {err}"
        );
    }
    child.wait_with_output().expect("frontier finishes")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 errors")
}

/// The command names of `frontier --help`'s list, in order.
fn listed(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next().map(str::to_owned))
        .collect()
}

#[test]
fn help_lists_every_program_with_one_line() {
    let output = frontier(&["--help"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let help = stdout(&output);
    let mut expected: Vec<String> = PROGRAMS.iter().map(|p| p.name.to_owned()).collect();
    expected.extend(["completions".to_owned(), "help".to_owned()]);
    assert_eq!(listed(&help), expected, "{help}");
    for program in PROGRAMS {
        let line = help
            .lines()
            .find(|line| line.split_whitespace().next() == Some(program.name))
            .expect("listed");
        assert!(line.ends_with(program.summary), "{line:?}");
    }
    for name in [
        "compare",
        "eight",
        "fifteen",
        "grid",
        "knight",
        "terrain",
        "enumerate",
    ] {
        assert!(PROGRAMS.iter().any(|p| p.name == name), "{name} missing");
    }
}

#[test]
fn without_a_program_it_shows_the_list_and_fails() {
    let output = frontier(&[], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        listed(&stderr(&output)).len(),
        PROGRAMS.len() + 2,
        "{}",
        stderr(&output)
    );
    let output = frontier(&["solve-everything"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("solve-everything"));
}

#[test]
fn every_program_has_its_own_help() {
    for program in PROGRAMS {
        let output = frontier(&[program.name, "--help"], "");
        assert!(
            output.status.success(),
            "{}: {}",
            program.name,
            stderr(&output)
        );
        let help = stdout(&output);
        assert!(
            help.contains(&format!("Usage: frontier {}", program.name)),
            "{}: {help}",
            program.name
        );
    }
}

#[test]
fn eight_answers_the_judge_sample_optimally() {
    let sample = "2 3 4 1 5 x 7 6 8";
    let output = frontier(&["eight"], &format!("{sample}\n"));
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "{out:?}");
    assert_eq!(lines[0].len(), 19, "{out:?}");
    let board: Eight = sample.parse().expect("the sample is a board");
    assert_eq!(board.verify_solution(lines[0]), Ok(()));
}

#[test]
fn exit_statuses_are_the_programs() {
    // A malformed board: reported, status 1, the good board still answered.
    let output = frontier(&["eight"], "1 2 3\n4 5 6 7 8 x\n1 2 3 4 5 6 7 9 x\n");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("line 3"), "{}", stderr(&output));
    // A usage error that clap finds alone: 2.
    let output = frontier(&["eight", "--size", "5"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("'--size <SIZE>'"),
        "{}",
        stderr(&output)
    );
    // Usage errors the programs find: 2, with the subcommand's usage line.
    for args in [
        &["eight", "--algo", "bfs", "--heuristic", "manhattan"][..],
        &["grid", "--max-nodes", "0", "any.scen"],
    ] {
        let output = frontier(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(&format!("Usage: frontier {}", args[0])),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    // Knight Moves: the POJ 1915 sample.
    let output = frontier(
        &["knight"],
        "3\n8\n0 0\n7 0\n100\n0 0\n30 50\n10\n1 1\n1 1\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "5\n28\n0\n");
    let output = frontier(&["knight"], "1\n8\n0 0\n9 0\n");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn knight_answers_as_bfs_with_every_algorithm_it_offers() {
    // Start = target, the sample, a corner trap and the far corners of
    // the largest board.
    let cases = "5\n8\n0 0\n7 0\n100\n0 0\n30 50\n10\n1 1\n1 1\n8\n0 0\n1 1\n300\n0 0\n299 299\n";
    let expected = "5\n28\n0\n4\n200\n";
    let bfs = frontier(&["knight", "--algo", "bfs"], cases);
    assert!(bfs.status.success(), "{}", stderr(&bfs));
    assert_eq!(stdout(&bfs), expected);
    // MM answers alone; then every algorithm the domain offers, in one run
    // where the first answers and every other checks it.
    let every = "bfs,bfs-dense,bidirectional,bidirectional-dense,astar,astar-dense,idastar,\
                 idastar-bpmx,mm,nbs,dvcbs,bae";
    for algo in ["mm", every] {
        for heuristic in ["knight-distance", "zero"] {
            if heuristic == "zero" && algo.contains("idastar") {
                // Iterative deepening without a heuristic: 8^200 nodes.
                continue;
            }
            let args = ["knight", "--algo", algo, "--heuristic", heuristic];
            let output = frontier(&args, cases);
            assert!(output.status.success(), "{args:?}: {}", stderr(&output));
            assert_eq!(stdout(&output), expected, "{args:?}");
        }
    }
    // What the domain refuses: a usage error naming the reason.
    for (algo, reason) in [
        ("table", "the table holds 3x3 boards only"),
        ("bfs,jps", "jump point search leaps"),
    ] {
        let output = frontier(&["knight", "--algo", algo], cases);
        assert_eq!(output.status.code(), Some(2), "{algo}");
        assert_eq!(stdout(&output), "", "{algo}");
        let err = stderr(&output);
        assert!(err.contains("cannot solve knight cases"), "{algo}: {err}");
        assert!(err.contains(reason), "{algo}: {err}");
        assert!(err.contains("Usage: frontier knight"), "{algo}: {err}");
    }
    let output = frontier(&["knight", "--algo", "astar", "--heuristic", "gap"], cases);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("it counts the gaps of pancake stacks"));
}

#[test]
fn completion_scripts_name_every_program() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = frontier(&["completions", shell], "");
        assert!(output.status.success(), "{shell}: {}", stderr(&output));
        let script = stdout(&output);
        for program in PROGRAMS {
            assert!(script.contains(program.name), "{shell}: {}", program.name);
        }
        // An option of a program, so the programs' own options complete.
        assert!(script.contains("max-stored"), "{shell}");
    }
    let output = frontier(&["completions", "tcsh"], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn help_and_completions_on_a_stdout_that_cannot_be_written_fail() {
    // Before: `frontier --help > /dev/full` exited 0, its text lost.
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .ok()
    };
    if full().is_none() {
        eprintln!("skipped: no /dev/full here");
        return;
    }
    for args in [
        &["--help"][..],
        &["--version"],
        &["grid", "--help"],
        &["completions", "bash"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_frontier"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::from(full().expect("/dev/full opens")))
            .output()
            .expect("frontier runs");
        assert_eq!(
            output.status.code(),
            Some(1),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).starts_with("error: cannot write to stdout: "),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}
