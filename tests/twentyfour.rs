//! `twentyfour` on random walks of the 5x5 puzzle: solved by two workers and
//! checked against their lengths, chosen by id, stopped by a time limit or
//! by Ctrl-C with a report of what was done, and bad input refused.
//!
//! How the example is found and built: `tests/common/mod.rs`. An input
//! without instances, refused by `fifteen` and `twentyfour` alike:
//! `tests/fifteen.rs`.

mod common;

use std::process::{Command, Stdio};

use common::{example, run, stderr, stdout, temp_file};

/// `id length tiles` lines for random walks on 5x5, each length found by
/// the library's IDA* with linear conflict (replayed here too).
fn twentyfour_walks(seeds: std::ops::Range<u64>, len: usize) -> String {
    use sliding_puzzle::{LargePuzzle, LinearConflict, Twentyfour};
    let mut text = String::from("# id length t0 .. t24\n");
    for seed in seeds {
        let board = Twentyfour::random_walk(seed, len);
        let result =
            frontier::IdaStar::new().search_in_place(&LargePuzzle::new(board, LinearConflict));
        let moves = &result.solution().expect("a walk is solvable").actions;
        board.verify_solution(moves).expect("IDA* solves it");
        let line = format!("{} {} {}\n", seed + 1, moves.len(), board.to_line());
        text.push_str(&line);
    }
    text
}

#[test]
fn twentyfour_solves_verifies_and_compares_lengths() {
    let boards = temp_file("twentyfour.txt", &twentyfour_walks(0..4, 26));
    for algo in ["idastar", "idastar-bpmx"] {
        let output = run(
            "twentyfour",
            &[
                "--heuristic",
                "manhattan",
                "--algo",
                algo,
                "--jobs",
                "2",
                boards.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let text = stdout(&output);
        assert!(text.lines().next().unwrap().ends_with("nodes/s"), "{text}");
        for line in text.lines().skip(1).take(4) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields[1], fields[2], "{line}");
            assert_eq!(fields.len(), 6, "{line}");
        }
        assert!(text.contains("4 instances, 4 solved"), "{text}");
        assert!(text.contains("0 failed, 0 stopped"), "{text}");
    }

    // --ids picks instances in the order given; an unknown id is an error.
    let output = run(
        "twentyfour",
        &[
            "--heuristic",
            "linear-conflict",
            "--ids",
            "3,1",
            boards.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let ids: Vec<String> = stdout(&output)
        .lines()
        .skip(1)
        .take(2)
        .map(|line| line.split_whitespace().next().unwrap().to_owned())
        .collect();
    assert_eq!(ids, ["3", "1"]);
    let output = run("twentyfour", &["--ids", "51", "korf50"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no instance has id 51"),
        "{}",
        stderr(&output)
    );

    // A wrong published length is a failure, reported and in the exit code.
    let text = twentyfour_walks(7..8, 20);
    let mut fields: Vec<String> = text
        .lines()
        .nth(1)
        .unwrap()
        .split(' ')
        .map(str::to_owned)
        .collect();
    fields[1] = (fields[1].parse::<usize>().unwrap() + 2).to_string();
    let wrong = temp_file("twentyfour-wrong.txt", &fields.join(" "));
    let output = run(
        "twentyfour",
        &["--heuristic", "manhattan", wrong.to_str().unwrap()],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output).contains("FAILED: length"),
        "{}",
        stdout(&output)
    );
    let _ = std::fs::remove_file(boards);
    let _ = std::fs::remove_file(wrong);
}

#[test]
fn twentyfour_stops_within_its_limits_and_refuses_bad_input() {
    // Korf & Felner's #1 is far beyond Manhattan distance: a time limit
    // stops it, reported as stopped, not wrong.
    let output = run(
        "twentyfour",
        &[
            "--heuristic",
            "manhattan",
            "--ids",
            "1",
            "--max-time",
            "0.3",
            "korf50",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.contains("stopped by its time limit"), "{text}");
    assert!(!text.contains("FAILED"), "{text}");
    assert!(text.contains("0 failed, 1 stopped"), "{text}");

    let bad = temp_file(
        "twentyfour-bad.txt",
        "# a 4x4 line\n55 41 5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3\n",
    );
    let output = run("twentyfour", &[bad.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(", line 2: expected 27 fields (an id, a length and 25 tiles) or the 25 tiles alone, found 18"),
        "{}",
        stderr(&output)
    );
    let goal = sliding_puzzle::Twentyfour::goal()
        .to_line()
        .replace("13", "y");
    let unreadable = temp_file("twentyfour-token.txt", &format!("\n{goal}\n"));
    let output = run("twentyfour", &[unreadable.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("line 2: unreadable token \"y\" at position 12"),
        "{}",
        stderr(&output)
    );
    for args in [
        &["--max-time", "-1", "korf50"][..],
        &["--heuristic", "pdb-7-8", "korf50"],
        &["--algo", "astar-dense", "korf50"],
        &["--algo", "mm", "korf50"],
    ] {
        let output = run("twentyfour", args, "");
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    let _ = std::fs::remove_file(bad);
    let _ = std::fs::remove_file(unreadable);
}

/// Ctrl-C cancels the search under way, and the program reports what it
/// did: the interrupted row, the totals, the instances not run.
#[cfg(unix)]
#[test]
fn twentyfour_reports_what_it_did_when_interrupted() {
    let child = Command::new(example("twentyfour"))
        .args(["--heuristic", "manhattan", "--ids", "1,2,3", "korf50"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let output = child.wait_with_output().expect("the example finishes");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("stopped: interrupted"), "{text}");
    assert!(text.contains("3 instances, 0 solved"), "{text}");
    assert!(text.contains("2 not run"), "{text}");
    assert!(
        stderr(&output).contains("interrupted"),
        "{}",
        stderr(&output)
    );
}
