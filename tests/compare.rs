//! `compare` on small inputs: its csv, json and table outputs and its plot
//! on boards, pancake stacks, terrain maps and grid scenarios, the default
//! sets, and the table built only when a run looks it up.
//!
//! How the example is found and built: `tests/common/mod.rs`. The pattern
//! databases `compare` loads from a cache: `tests/pattern_databases.rs`.

mod common;

use std::process::Output;

use sliding_puzzle::Fifteen;

use common::{SAMPLE, run, stderr, stdout, temp_file};

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

#[test]
fn compare_reads_each_domain_through_input_kind_file() {
    let stacks = temp_file("input-stacks.txt", "3 1 2\n4 2 3 1\n");
    let boards = temp_file("input-boards.txt", &format!("{SAMPLE}\n"));
    let common = ["--algorithms", "astar,idastar", "--format", "csv"];
    let by_shorthand = run(
        "compare",
        &[
            &["--boards", boards.to_str().unwrap()],
            &["--pancakes", stacks.to_str().unwrap()][..],
            &common[..],
        ]
        .concat(),
        "",
    );
    let by_input = run(
        "compare",
        &[
            &["--input", &format!("boards:{}", boards.display())][..],
            &["--input", &format!("pancakes:{}", stacks.display())][..],
            &common[..],
        ]
        .concat(),
        "",
    );
    assert!(by_input.status.success(), "{}", stderr(&by_input));
    // The same sets, strategies and answers; only the times differ.
    let columns = |output: &Output| -> Vec<String> {
        let out = stdout(output);
        let header: Vec<&str> = out.lines().next().unwrap().split(',').collect();
        let keep: Vec<usize> = [
            "set",
            "algorithm",
            "heuristic",
            "solved",
            "mean_length",
            "mean_expanded",
        ]
        .iter()
        .map(|name| header.iter().position(|h| h == name).unwrap())
        .collect();
        out.lines()
            .map(|line| {
                let cells: Vec<&str> = line.split(',').collect();
                keep.iter().map(|&i| cells[i]).collect::<Vec<_>>().join(",")
            })
            .collect()
    };
    let rows = columns(&by_input);
    assert!(
        rows.iter()
            .any(|r| r.contains("input-boards.txt 3x3,astar,")),
        "{rows:?}"
    );
    assert!(
        rows.iter()
            .any(|r| r.contains("input-stacks.txt 4 pancakes,idastar,")),
        "{rows:?}"
    );
    assert_eq!(rows, columns(&by_shorthand));

    // A kind no domain reads, and a value without a kind, are usage errors
    // that say what was expected.
    let unknown = run("compare", &["--input", "mazes:x.txt"], "");
    assert_eq!(unknown.status.code(), Some(2));
    let err = stderr(&unknown);
    assert!(
        err.contains("no domain reads files of kind 'mazes': expected one of boards, pancakes"),
        "{err}"
    );
    let bare = run("compare", &["--input", "x.txt"], "");
    assert!(
        stderr(&bare).contains("expected KIND:FILE, found 'x.txt'"),
        "{}",
        stderr(&bare)
    );
    let _ = std::fs::remove_file(stacks);
    let _ = std::fs::remove_file(boards);
}
