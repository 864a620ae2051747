//! Runs the example programs on small inputs and checks what they print.
//!
//! `cargo test` builds the examples into `target/<profile>/examples/`
//! before it runs the tests; these tests find them next to their own
//! binary (`target/<profile>/deps/`). Inputs are tiny so the debug build
//! stays quick.

mod support;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use sliding_puzzle::{Eight, Fifteen};

use support::example;

/// Runs example `name` with `args`, feeding it `stdin`.
fn run(name: &str, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(example(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    child
        .stdin
        .take()
        .expect("a piped stdin")
        .write_all(stdin.as_bytes())
        .expect("the example reads its input");
    child.wait_with_output().expect("the example finishes")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 errors")
}

/// A file in the temporary directory, unique to this test process.
fn temp_file(name: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("frontier-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).expect("a writable temporary directory");
    path
}

const SAMPLE: &str = "2 3 4 1 5 x 7 6 8";

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

#[test]
fn knight_answers_the_sample() {
    let output = run(
        "knight",
        &[],
        "3\n8\n0 0\n7 0\n100\n0 0\n30 50\n10\n1 1\n1 1\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "5\n28\n0\n");
}

#[test]
fn knight_names_the_bad_token() {
    let output = run("knight", &[], "2\n8\n0 0\n7 0\n3\n0 0\n1 1\n");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), "");
    assert_eq!(
        stderr(&output).trim_end(),
        "error: line 5: the board size of case 2 is \"3\", out of range (4 to 300)"
    );
}

#[test]
fn compare_rows_on_a_small_file() {
    let walk = Fifteen::random_walk(2, 6).to_line();
    let boards = temp_file(
        "boards.txt",
        &format!(
            "# two 3x3 boards, a bad line, a 4x4 board\n{SAMPLE}\n1 2 3 4 5 6 x 7 8\n1 2 3 4 5 6 7 8\n{walk}\n"
        ),
    );
    let plot = std::env::temp_dir().join(format!("frontier-{}-compare.svg", std::process::id()));
    let args = [
        "--boards",
        boards.to_str().unwrap(),
        "--format",
        "csv",
        "--max-time",
        "60",
        "--plot",
        plot.to_str().unwrap(),
    ];
    let output = run("compare", &args, "");
    assert!(output.status.success(), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(
        err.contains("boards.txt:4: cannot tell the board size from 8 tiles"),
        "{err}"
    );

    let out = stdout(&output);
    let mut lines = out.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    // 30 strategies on the 3x3 boards, the 26 that handle 4x4 on the walk.
    assert_eq!(rows.len(), 56, "{out}");
    for row in &rows {
        assert_eq!(row.len(), header.len());
        assert_eq!(row[column("attempted")], row[column("solved")], "{row:?}");
    }
    let three: Vec<_> = rows
        .iter()
        .filter(|r| r[column("set")].ends_with("3x3"))
        .collect();
    assert_eq!(three.len(), 30);
    // The sample takes 19 moves, the other board 2: every optimal strategy
    // agrees, greedy takes no fewer.
    for row in &three {
        let mean: f64 = row[column("mean_length")].parse().unwrap();
        if row[column("algorithm")] == "greedy" {
            assert!(mean >= 10.5, "{out}");
        } else {
            assert!((mean - 10.5).abs() < 1e-9, "{out}");
        }
    }
    let algorithms: Vec<&str> = three.iter().map(|r| r[column("algorithm")]).collect();
    assert_eq!(
        algorithms,
        [
            "table",
            "bfs",
            "bfs-dense",
            "bidirectional",
            "bidirectional-dense",
            "astar",
            "astar",
            "astar",
            "astar-dense",
            "idastar",
            "idastar",
            "idastar",
            "idastar-bpmx",
            "idastar-bpmx",
            "idastar-bpmx",
            "greedy",
            "greedy",
            "greedy",
            "mm",
            "mm",
            "mm",
            "nbs",
            "nbs",
            "nbs",
            "dvcbs",
            "dvcbs",
            "dvcbs",
            "bae",
            "bae",
            "bae",
        ]
    );
    assert_eq!(three[6][column("heuristic")], "manhattan");

    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(80)]);
    assert!(svg.contains("nodes expanded (log scale)"));
    assert!(svg.contains("IDA* (linear conflict)"));
    let _ = std::fs::remove_file(boards);
    let _ = std::fs::remove_file(plot);
}

#[test]
fn compare_sorts_pancake_stacks() {
    let stacks = temp_file(
        "stacks.txt",
        "# two stacks of 7, a bad line, one of 9\n3 7 1 5 2 6 4\n7 6 5 4 3 2 1\n1 2 8\n9 1 8 2 7 3 6 4 5\n",
    );
    let args = [
        "--pancakes",
        stacks.to_str().unwrap(),
        "--format",
        "csv",
        "--max-time",
        "60",
    ];
    let output = run("compare", &args, "");
    assert!(output.status.success(), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(
        err.contains("stacks.txt:4: pancake 8 at position 2 is out of range (expected 1 to 3)"),
        "{err}"
    );
    let out = stdout(&output);
    let mut lines = out.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    // Per set: bfs and bidirectional BFS, then A*, IDA*, IDA* BPMX, greedy,
    // MM, NBS, DVCBS and BAE* with GAP-3, GAP-2, GAP-1 and GAP; no board
    // heuristic, no table, no dense variant.
    assert_eq!(rows.len(), 2 * 34, "{out}");
    let seven: Vec<_> = rows
        .iter()
        .filter(|r| r[column("set")].ends_with("stacks.txt 7 pancakes"))
        .collect();
    assert_eq!(seven.len(), 34, "{out}");
    let heuristics: Vec<&str> = seven[2..6].iter().map(|r| r[column("heuristic")]).collect();
    assert_eq!(heuristics, ["gap-3", "gap-2", "gap-1", "gap"]);
    let algorithms: Vec<&str> = seven.iter().map(|r| r[column("algorithm")]).collect();
    assert_eq!(algorithms[..3], ["bfs", "bidirectional", "astar"]);
    assert_eq!(algorithms[10..14], ["idastar-bpmx"; 4]);
    assert_eq!(algorithms[22..26], ["nbs"; 4]);
    assert_eq!(algorithms[26..30], ["dvcbs"; 4]);
    assert_eq!(algorithms[30..], ["bae"; 4]);
    // The reversed stack takes one flip; every optimal strategy agrees on
    // the other, greedy takes no fewer.
    let optimal: f64 = seven[0][column("mean_length")].parse().unwrap();
    assert!(optimal > 1.0, "{out}");
    for row in &rows {
        assert_eq!(row[column("attempted")], row[column("solved")], "{row:?}");
    }
    for row in &seven {
        let mean: f64 = row[column("mean_length")].parse().unwrap();
        if row[column("algorithm")] == "greedy" {
            assert!(mean >= optimal, "{out}");
        } else {
            assert!((mean - optimal).abs() < 1e-9, "{out}");
        }
    }
    let _ = std::fs::remove_file(stacks);
}

#[test]
fn compare_default_sets_include_pancakes() {
    let args = [
        "--random",
        "0",
        "--korf",
        "0",
        "--walks",
        "10",
        "--stack-sizes",
        "6",
        "--stacks",
        "2",
        "--algorithms",
        "astar,mm",
        "--heuristics",
        "manhattan,gap",
        "--format",
        "json",
    ];
    let output = run("compare", &args, "");
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    let sets: Vec<&str> = out
        .lines()
        .filter_map(|l| l.trim().strip_prefix("\"set\": "))
        .collect();
    assert_eq!(
        sets,
        [
            "\"poj sample\",",
            "\"poj sample\",",
            "\"4x4 walks\",",
            "\"4x4 walks\",",
            "\"6 pancakes\",",
            "\"6 pancakes\","
        ],
        "{out}"
    );
    assert_eq!(out.matches("\"heuristic\": \"gap\"").count(), 2, "{out}");
    assert_eq!(out.matches("\"solved\": 2").count(), 2, "{out}");
    // A missing file and a file with no stack are errors.
    let empty = temp_file("no-stacks.txt", "# nothing\n");
    let none = run("compare", &["--pancakes", empty.to_str().unwrap()], "");
    assert_eq!(none.status.code(), Some(1));
    assert!(
        stderr(&none).contains("holds no pancake stack"),
        "{}",
        stderr(&none)
    );
    let _ = std::fs::remove_file(empty);
}

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

#[test]
fn compare_prints_json_and_a_table() {
    let boards = temp_file("one.txt", &format!("{SAMPLE}\n"));
    let json = run(
        "compare",
        &["--boards", boards.to_str().unwrap(), "--format", "json"],
        "",
    );
    assert!(json.status.success(), "{}", stderr(&json));
    let out = stdout(&json);
    assert!(out.starts_with("{\n  \"settings\": {"), "{out}");
    assert_eq!(out.matches("\"solved\": 1").count(), 30, "{out}");

    let table = run("compare", &["--boards", boards.to_str().unwrap()], "");
    assert!(table.status.success());
    let out = stdout(&table);
    assert!(out.starts_with("board set"), "{out}");
    assert!(
        out.contains("cross-check: every optimal strategy found the same length"),
        "{out}"
    );
    let _ = std::fs::remove_file(boards);
}

#[test]
fn compare_builds_the_table_only_for_runs_that_look_it_up() {
    let boards = temp_file("table.txt", &format!("{SAMPLE}\n"));
    let stacks = temp_file("table-stacks.txt", "3 1 2\n");
    let cases = [
        (&["--boards", boards.to_str().unwrap()][..], true),
        (
            &[
                "--boards",
                boards.to_str().unwrap(),
                "--algorithms",
                "astar",
            ],
            false,
        ),
        (&["--pancakes", stacks.to_str().unwrap()], false),
    ];
    for (args, built) in cases {
        let table = run("compare", args, "");
        assert!(table.status.success(), "{args:?}: {}", stderr(&table));
        let out = stdout(&table);
        assert_eq!(out.contains("table: built once"), built, "{args:?}: {out}");
        let json = run("compare", &[args, &["--format", "json"]].concat(), "");
        assert!(json.status.success(), "{args:?}: {}", stderr(&json));
        let out = stdout(&json);
        assert_eq!(
            out.contains("\"table_build_seconds\": null"),
            !built,
            "{args:?}: {out}"
        );
    }
    let _ = std::fs::remove_file(boards);
    let _ = std::fs::remove_file(stacks);
}

#[test]
fn terrain_draws_the_cheapest_path() {
    let map = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data/terrain.txt");
    let output = run("terrain", &[map], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(out.contains("cheapest path: cost 57"), "{out}");
    assert!(out.contains('*'));
    let dijkstra = out.lines().find(|l| l.starts_with("Dijkstra")).unwrap();
    let astar = out
        .lines()
        .find(|l| l.starts_with("A* (Manhattan)"))
        .unwrap();
    let expanded = |line: &str| {
        line.split_whitespace()
            .rev()
            .nth(2)
            .unwrap()
            .parse::<u64>()
            .unwrap()
    };
    assert!(expanded(astar) < expanded(dijkstra), "{out}");

    let bad = temp_file("map.txt", "S1\n1x\n");
    let output = run("terrain", &[bad.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("unexpected 'x' at line 2, column 2"));
    let _ = std::fs::remove_file(bad);
}

#[test]
fn terrain_random_map() {
    let output = run(
        "terrain",
        &["--seed", "3", "--width", "20", "--height", "8"],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("random 20x8 map, seed 3\n"));
}

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

#[test]
fn compare_runs_terrain_maps_as_a_domain() {
    // Two ways from S to G: down and right (cost 4) or right past the 9
    // (cost 12), both four steps; and a bad map.
    let map = temp_file("tiny-map.txt", "S19\n1#1\n11G\n");
    let args = [
        "--terrain",
        map.to_str().unwrap(),
        "--format",
        "csv",
        "--heuristics",
        "zero,manhattan,gap",
    ];
    let output = run("compare", &args, "");
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    let mut lines = out.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    // BFS, then A*, IDA* and greedy with zero and Manhattan: no board or
    // pancake heuristic, no bidirectional search (a map is searched
    // forward only), no table, no dense table.
    let strategies: Vec<String> = rows
        .iter()
        .map(|r| format!("{} {}", r[column("algorithm")], r[column("heuristic")]))
        .collect();
    assert_eq!(
        strategies,
        [
            "bfs ",
            "astar zero",
            "astar manhattan",
            "idastar zero",
            "idastar manhattan",
            "greedy zero",
            "greedy manhattan"
        ],
        "{out}"
    );
    for row in &rows {
        assert!(
            row[column("set")].ends_with("tiny-map.txt terrain"),
            "{row:?}"
        );
        assert_eq!(row[column("solved")], "1", "{row:?}");
        let cost: f64 = row[column("mean_length")].parse().unwrap();
        // The cheapest path costs 4; BFS and greedy may take the dearer.
        if ["astar", "idastar"].contains(&row[column("algorithm")]) {
            assert!((cost - 4.0).abs() < 1e-9, "{row:?}");
        } else {
            assert!(cost >= 4.0, "{row:?}");
        }
    }

    let bad = temp_file("bad-map.txt", "S1\n1x\n");
    let output = run("compare", &["--terrain", bad.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("unexpected 'x' at line 2, column 2"),
        "{}",
        stderr(&output)
    );
    let _ = std::fs::remove_file(map);
    let _ = std::fs::remove_file(bad);
}

#[test]
fn compare_runs_grid_scenarios_as_a_domain() {
    let scenario = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/grid/testdata/arena.map.scen"
    );
    let args = [
        "--maps",
        scenario,
        "--algorithms",
        "astar,nbs,greedy,bfs",
        "--heuristics",
        "octile,zero,manhattan",
        "--format",
        "csv",
    ];
    let output = run("compare", &args, "");
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    let mut lines = out.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    // No BFS (steps cost 1 or √2: it would find the fewest steps) and no
    // Manhattan distance (it overestimates a diagonal step).
    let strategies: Vec<String> = rows
        .iter()
        .map(|r| format!("{} {}", r[column("algorithm")], r[column("heuristic")]))
        .collect();
    assert_eq!(
        strategies,
        [
            "astar zero",
            "astar octile",
            "greedy zero",
            "greedy octile",
            "nbs zero",
            "nbs octile"
        ],
        "{out}"
    );
    for row in &rows {
        assert_eq!(row[column("set")], "arena.map.scen grid", "{row:?}");
        // Every query solved, and every answer checked against the
        // scenario's length (a wrong one would exit 2).
        assert_eq!(row[column("attempted")], "160", "{row:?}");
        assert_eq!(row[column("solved")], "160", "{row:?}");
        let length: f64 = row[column("mean_length")].parse().unwrap();
        if row[column("algorithm")] == "greedy" {
            assert!(length >= 31.74, "{row:?}");
        } else {
            assert!((length - 31.74).abs() < 0.01, "{row:?}");
        }
    }

    let table = run(
        "compare",
        &["--maps", scenario, "--algorithms", "astar,mm"],
        "",
    );
    assert!(table.status.success(), "{}", stderr(&table));
    let out = stdout(&table);
    assert!(
        out.lines()
            .any(|l| l.starts_with("arena.map.scen grid  A*")),
        "{out}"
    );
    assert!(
        out.contains(
            "scenarios: every answer on the 160 grid queries matched the optimal length its scenario gives"
        ),
        "{out}"
    );

    // A bad scenario line: its file and line, and compare's bad-input
    // status.
    let bad = temp_file(
        "bad.scen",
        "version 1\n0\tarena.map\t49\t49\t1\tx\t1\t12\t1\n",
    );
    let output = run("compare", &["--maps", bad.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(
        err.contains("bad.scen: line 2: the start y \"x\" is not a whole number"),
        "{err}"
    );
    let _ = std::fs::remove_file(bad);
}

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
