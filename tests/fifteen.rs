//! `fifteen` on small inputs: Korf's instance 55 and a random walk solved
//! and checked against their published lengths, a cache that cannot be
//! written, the registry's heuristics listed, and (with `twentyfour`) an
//! input without instances refused before any table is built.
//!
//! How the example is found and built: `tests/common/mod.rs`. The pattern
//! databases `fifteen` builds into a cache: `tests/pattern_databases.rs`.

mod common;

use sliding_puzzle::Fifteen;

use common::{run, stderr, stdout, temp_file};

#[test]
fn fifteen_solves_verifies_and_compares_lengths() {
    let korf55 = "55 41 5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3";
    let walk = Fifteen::random_walk(3, 12).to_line();
    let boards = temp_file("fifteen.txt", &format!("# two boards\n{korf55}\n{walk}\n"));
    let output = run(
        "fifteen",
        &["--heuristic", "linear-conflict", boards.to_str().unwrap()],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let row = text
        .lines()
        .find(|line| line.split_whitespace().next() == Some("55"))
        .expect("a row for Korf #55");
    let fields: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(fields[1..3], ["41", "41"], "{row}");
    assert!(text.contains("2 instances, 2 solved"), "{text}");

    // A wrong published length is a failure, reported and in the exit code.
    let wrong = temp_file(
        "fifteen-wrong.txt",
        "55 40 5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3\n",
    );
    let output = run(
        "fifteen",
        &["--heuristic", "linear-conflict", wrong.to_str().unwrap()],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn fifteen_warns_and_solves_when_the_cache_cannot_be_written() {
    // A regular file where the cache directory should be: the tables are
    // built but cannot be saved under it, whatever this user's privileges.
    let blocker = temp_file("fifteen-cache-blocker", "");
    let walk = Fifteen::random_walk(5, 12).to_line();
    let boards = temp_file("fifteen-walk.txt", &format!("{walk}\n"));
    let output = run(
        "fifteen",
        &[
            "--heuristic",
            "pdb-5-5-5",
            "--cache-dir",
            blocker.to_str().unwrap(),
            boards.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).contains("1 instances, 1 solved"));
    let warnings = stderr(&output)
        .lines()
        .filter(|line| line.starts_with("warning: the table of pattern"))
        .count();
    assert_eq!(warnings, 3, "{}", stderr(&output));
    let _ = std::fs::remove_file(blocker);
    let _ = std::fs::remove_file(boards);
}

#[test]
fn fifteen_lists_the_registry_heuristics() {
    let output = run("fifteen", &["--heuristic", "pdb-9-9", "korf100"], "");
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(
        err.contains(
            "possible values: zero, misplaced, manhattan, linear-conflict, pdb-5-5-5, pdb-6-6-3, pdb-7-8, pdb-7-8x2, pdb-7-8x5"
        ),
        "{err}"
    );

    let table = run("fifteen", &["--algo", "table", "korf100"], "");
    assert_eq!(table.status.code(), Some(2));
    assert!(
        stderr(&table).contains("table cannot solve 4x4 boards (the table holds 3x3 boards only)"),
        "{}",
        stderr(&table)
    );

    let bad = temp_file("fifteen-bad.txt", "# one bad line\n55 41 5 10 14 4 6\n");
    let output = run("fifteen", &[bad.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(", line 2: expected 18 fields"),
        "{}",
        stderr(&output)
    );
    let _ = std::fs::remove_file(bad);
}

/// An input without instances (empty, or only comments and blank lines)
/// and `--limit 0` are refused before any table is loaded or built: with
/// the default 6-6-6-6 tables and no cache, a build of minutes would
/// otherwise come before an empty table.
#[test]
fn fifteen_and_twentyfour_refuse_an_input_without_instances() {
    let cache = std::env::temp_dir().join(format!("frontier-{}-empty-cache", std::process::id()));
    let empty = temp_file("no-instances-empty.txt", "");
    let comments = temp_file(
        "no-instances-comments.txt",
        "# id length tiles\n\n   \n# none\n",
    );
    for program in ["fifteen", "twentyfour"] {
        let heuristic = if program == "fifteen" {
            "pdb-5-5-5"
        } else {
            "pdb-6-6-6-6"
        };
        for file in [&empty, &comments] {
            let path = file.to_str().unwrap();
            let args = [
                "--heuristic",
                heuristic,
                "--cache-dir",
                cache.to_str().unwrap(),
                path,
            ];
            let output = run(program, &args, "");
            assert_eq!(
                output.status.code(),
                Some(2),
                "{program} {path}: {}",
                stderr(&output)
            );
            assert!(
                stderr(&output).contains(&format!("{path}: no instances")),
                "{program} {path}: {}",
                stderr(&output)
            );
            assert!(stdout(&output).is_empty(), "{}", stdout(&output));
        }
        let builtin = if program == "fifteen" {
            "korf100"
        } else {
            "korf50"
        };
        let output = run(program, &["--limit", "0", builtin], "");
        assert_eq!(
            output.status.code(),
            Some(2),
            "{program}: {}",
            stderr(&output)
        );
        assert!(stderr(&output).contains("--limit"), "{}", stderr(&output));
    }
    assert!(!cache.exists(), "no table was built");
    let _ = std::fs::remove_file(empty);
    let _ = std::fs::remove_file(comments);
}
