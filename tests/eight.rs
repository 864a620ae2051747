//! `eight` (POJ 1077) on small inputs: the judge's sample solved optimally
//! by every algorithm, a stream of boards with bad ones among them, the
//! exit statuses and the statistics on stderr.
//!
//! How the example is found and built: `tests/common/mod.rs`. The pattern
//! databases `eight` refuses on 3x3 boards: `tests/pattern_databases.rs`.

mod common;

use sliding_puzzle::{Eight, Fifteen};

use common::{SAMPLE, run, stderr, stdout};

#[test]
fn eight_solves_the_judge_sample_optimally() {
    for args in [
        &[][..],
        &["--algo", "idastar", "--heuristic", "manhattan"],
        &["--algo", "astar", "--heuristic", "misplaced"],
        &["--algo", "bidirectional"],
        &["--algo", "bfs", "--size", "3"],
    ] {
        let output = run("eight", args, &format!("{SAMPLE}\n"));
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        let out = stdout(&output);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 1, "{args:?}: {out:?}");
        assert_eq!(lines[0].len(), 19, "{args:?}: {out:?}");
        let board: Eight = SAMPLE.parse().unwrap();
        assert_eq!(board.verify_solution(lines[0]), Ok(()), "{args:?}: {out:?}");
        assert_eq!(stderr(&output), "", "{args:?}");
    }
}

#[test]
fn eight_reads_a_stream_and_reports_bad_boards() {
    // Board 1 spans lines 1-3; line 4 holds an unsolvable board and the
    // start of the next, which ends on line 5; line 6 has a bad token; line
    // 7 is a 4x4 board.
    let fifteen = Fifteen::random_walk(5, 8).to_line();
    let input = format!(
        "2 3 4\n1 5 x\n7 6 8\n2 1 3 4 5 6 7 8 x 1 2\n3 4 5 6 7 x 8\n1 2 3 four 5\n{fifteen}\n"
    );
    let output = run("eight", &[], &input);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out:?}");
    assert_eq!(lines[0].len(), 19);
    assert_eq!(lines[1], "unsolvable");
    assert_eq!(lines[2], "r");
    assert_eq!(Fifteen::random_walk(5, 8).verify_solution(lines[3]), Ok(()));
    assert!(lines[3].len() <= 8);
    let err = stderr(&output);
    assert_eq!(
        err.trim_end(),
        "error: line 6: unreadable token \"four\" (expected a tile number or x); skipping the rest of line 6"
    );
}

#[test]
fn eight_exit_codes() {
    let empty = run("eight", &[], "");
    assert!(empty.status.success());
    assert_eq!(stdout(&empty), "");
    assert_eq!(stderr(&empty), "");

    let repeated = run("eight", &[], "1 1 3 4 5 6 7 8 x\n");
    assert_eq!(repeated.status.code(), Some(1));
    assert_eq!(stdout(&repeated), "");
    assert_eq!(
        stderr(&repeated).trim_end(),
        "error: line 1: tile 1 appears twice, at positions 0 and 1"
    );

    let table_on_fifteen = run(
        "eight",
        &["--algo", "table"],
        &format!("{}\n", Fifteen::goal().to_line()),
    );
    assert_eq!(table_on_fifteen.status.code(), Some(1));
    assert!(stderr(&table_on_fifteen).contains("3x3 boards only"));
}

#[test]
fn eight_stats_go_to_stderr() {
    let output = run(
        "eight",
        &["--stats", "--algo", "idastar"],
        &format!("{SAMPLE}\n"),
    );
    assert!(output.status.success());
    assert_eq!(stdout(&output).trim_end().len(), 19);
    let err = stderr(&output);
    assert!(
        err.contains("board 1 (line 1): 19 moves, IDA* (linear conflict):"),
        "{err}"
    );
    assert!(err.contains("expanded"), "{err}");
}
