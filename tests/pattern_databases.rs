//! The pattern databases in every program that takes them: `fifteen`
//! builds the 5-5-5 tables into a fresh cache, `compare` loads them from
//! it, and `eight` refuses them on 3x3 boards.
//!
//! How the examples are found and built: `tests/common/mod.rs`.

mod common;

use sliding_puzzle::Fifteen;

use common::{SAMPLE, run, stderr, stdout, temp_file};

/// The pattern databases are registry heuristics: fifteen builds the 5-5-5
/// tables into a fresh cache (seconds in a debug build), compare loads them
/// from it, and eight refuses them on 3x3 boards.
#[test]
fn pattern_databases_in_every_program() {
    let cache = std::env::temp_dir().join(format!("frontier-{}-pdb-cache", std::process::id()));
    let korf55 = "55 41 5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3";
    let walk = Fifteen::random_walk(4, 14).to_line();
    let boards = temp_file("fifteen-pdb.txt", &format!("{korf55}\n{walk}\n"));
    let output = run(
        "fifteen",
        &[
            "--heuristic",
            "pdb-5-5-5",
            "--cache-dir",
            cache.to_str().unwrap(),
            "--limit",
            "1",
            boards.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("1 instances, 1 solved, length 41 (published 41)"),
        "{text}"
    );
    let err = stderr(&output);
    assert!(err.contains("5-5-5 pattern database ready"), "{err}");
    assert!(err.contains("built in"), "{err}");
    // stderr is not a terminal here: the builds' progress comes as plain
    // lines, a few per table, each table's last at its end.
    let progress: Vec<&str> = err
        .lines()
        .filter(|line| line.starts_with("progress: "))
        .collect();
    for group in 1..=3 {
        let lines = progress
            .iter()
            .filter(|line| line.contains(&format!("building group {group}/3 ")))
            .count();
        assert!((2..=30).contains(&lines), "{err}");
    }
    assert!(
        progress
            .last()
            .is_some_and(|line| line.contains(" entries (100%)")),
        "{err}"
    );

    let walk_only = temp_file("compare-pdb.txt", &format!("{walk}\n"));
    let output = run(
        "compare",
        &[
            "--boards",
            walk_only.to_str().unwrap(),
            "--format",
            "csv",
            "--algorithms",
            "idastar,astar-dense",
            "--heuristics",
            "manhattan,pdb-5-5-5",
            "--cache-dir",
            cache.to_str().unwrap(),
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).contains("): loaded"), "{}", stderr(&output));
    let out = stdout(&output);
    let rows: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert!(rows[0].contains(",idastar,manhattan,1,1,"), "{out}");
    assert!(rows[1].contains(",idastar,pdb-5-5-5,1,1,"), "{out}");

    let output = run(
        "eight",
        &[
            "--algo",
            "idastar",
            "--heuristic",
            "pdb-5-5-5",
            "--cache-dir",
            cache.to_str().unwrap(),
        ],
        &format!("{SAMPLE}\n{walk}\n"),
    );
    assert_eq!(output.status.code(), Some(1));
    let lines: Vec<String> = stdout(&output).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(
        Fifteen::random_walk(4, 14).verify_solution(&lines[0]),
        Ok(())
    );
    assert_eq!(
        stderr(&output).lines().next(),
        Some(
            "error: line 1: IDA* (pdb 5-5-5) cannot solve 3x3 boards (its pattern database is for 4x4 boards)"
        )
    );
    let _ = std::fs::remove_file(boards);
    let _ = std::fs::remove_file(walk_only);
    let _ = std::fs::remove_dir_all(cache);
}
