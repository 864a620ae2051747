//! `bidirectional_study` on small inputs: HOG2's node counts on a 10-pancake
//! stack, the 15-puzzle alone, and every solution's length checked.
//!
//! How the example is found and built: `tests/common/mod.rs`.

mod common;

use common::{run, stderr, stdout, temp_file};

/// The first of HOG2's random 10-pancake stacks, with the counts HOG2
/// reports for it (`benches/hog2-side-by-side.sh`, `docs/bidirectional.md`).
#[test]
fn bidirectional_study_counts_nodes_as_hog2_does() {
    let stacks = temp_file("hog2-stacks.txt", "6 10 4 2 5 1 7 3 8 9\n");
    let output = run(
        "bidirectional_study",
        &[
            "--hog2",
            stacks.to_str().unwrap(),
            "--gaps",
            "1,2",
            "--algorithms",
            "astar,mm,nbs,dvcbs,bae",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    assert_eq!(out.lines().count(), 10, "{out}");
    // instance algorithm heuristic cost necessary (HOG2's figures)
    for line in [
        "1 A* GAP-1 9 175 ",
        "1 MM GAP-1 9 136 ",
        "1 NBS GAP-1 9 140 ",
        "1 DVCBS GAP-1 9 149 ",
        "1 A* GAP-2 9 4177 ",
        "1 MM GAP-2 9 766 ",
        "1 NBS GAP-2 9 942 ",
        "1 DVCBS GAP-2 9 888 ",
    ] {
        assert!(out.lines().any(|l| l.starts_with(line)), "{line}: {out}");
    }
    assert!(
        out.lines().any(|l| l.starts_with("1 BAE* GAP-2 9 ")),
        "{out}"
    );
    let _ = std::fs::remove_file(stacks);
}

#[test]
fn bidirectional_study_runs_the_15_puzzle_alone() {
    let output = run(
        "bidirectional_study",
        &[
            "--stacks",
            "0",
            "--korf",
            "1",
            "--no-idastar",
            "--max-stored",
            "300000",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(!out.contains(" pancakes ("), "{out}");
    assert!(
        out.contains("### 15-puzzle, Manhattan distance: the 1 easiest of Korf's 100"),
        "{out}"
    );
    assert!(out.contains("| manhattan | BAE* | 1/1 |"), "{out}");
}

#[test]
fn bidirectional_study_checks_every_length() {
    let output = run(
        "bidirectional_study",
        &["--sizes", "6,7", "--stacks", "3", "--korf", "0"],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(
        out.contains("### 6 pancakes (3 random stacks, seeds 2016..2019)"),
        "{out}"
    );
    assert!(out.contains("### 7 pancakes"), "{out}");
    // Per size: bidirectional BFS, then A*, MM, NBS, DVCBS and BAE* with
    // each of the four GAP heuristics and IDA* with GAP and GAP-1, all
    // solving all 3.
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains("| 3/3 |"))
        .collect();
    assert_eq!(rows.len(), 2 * (1 + 4 * 5 + 2), "{out}");
    // Expansions as median [lower quartile, upper quartile].
    assert!(out.contains("| expanded: median [quartiles] |"), "{out}");
    assert!(rows.iter().all(|r| r.contains(" [")), "{out}");
    for row in ["| GAP-3 | NBS |", "| GAP-3 | DVCBS |", "| GAP-3 | BAE* |"] {
        assert!(rows.iter().any(|r| r.starts_with(row)), "{row}: {out}");
    }
    assert!(
        out.contains("Check: every solution was replayed to the goal, and on all 6 instances"),
        "{out}"
    );
    let bad = run("bidirectional_study", &["--sizes", "21"], "");
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        stderr(&bad).contains("a stack holds 2 to 20 pancakes"),
        "{}",
        stderr(&bad)
    );
}
