//! `cube` on short scrambles and facelet strings with the small tables
//! (no file written): solved serially and on two threads, each solution
//! replayed by the program and its length checked here against
//! breadth-first search; bad lines refused with their line and reason, and
//! Korf's ten chosen by id (their tables are the benchmarks', not the
//! tests').
//!
//! How the example is found and built: `tests/common/mod.rs`.

mod common;

use common::{run, stderr, stdout, temp_file};
use cube::{Cube, Sequence};

/// The fewest face turns that solve `cube`, by breadth-first search.
fn fewest_turns(cube: Cube) -> usize {
    let databases = cube::Databases::<6>::none();
    let problem = cube::Rubik::new(cube, &databases);
    let solution = frontier::bfs(&problem)
        .into_solution()
        .expect("a short scramble is solved");
    assert!(cube.apply_all(&solution.actions).is_solved());
    solution.actions.len()
}

#[test]
fn cube_solves_scrambles_and_facelets_at_their_fewest_turns() {
    let scrambles: Vec<Sequence> = (0..4).map(|seed| Sequence::random(5, seed)).collect();
    let text = format!(
        "# three scrambles and a facelet string\n{}\n{}\n{}\n{}\n",
        scrambles[0],
        scrambles[1],
        scrambles[2],
        scrambles[3].cube().to_facelets()
    );
    let file = temp_file("cubes.txt", &text);
    for jobs in ["1", "2"] {
        let args = [
            "--heuristic",
            "cube-small",
            "--jobs",
            jobs,
            file.to_str().unwrap(),
        ];
        let output = run("cube", &args, "");
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let out = stdout(&output);
        let rows: Vec<Vec<&str>> = out
            .lines()
            .skip(1)
            .take(4)
            .map(|line| line.split_whitespace().collect())
            .collect();
        for (row, scramble) in rows.iter().zip(&scrambles) {
            let length: usize = row[1].parse().expect("a length");
            assert_eq!(length, fewest_turns(scramble.cube()), "{scramble}: {out}");
        }
        assert!(out.contains("4 instances, 4 solved"), "{out}");
        assert!(out.contains("0 failed"), "{out}");
    }
    let _ = std::fs::remove_file(file);
}

#[test]
fn cube_refuses_bad_lines_by_line_column_and_reason() {
    let twisted = {
        let mut facelets: Vec<char> = Cube::SOLVED.to_facelets().chars().collect();
        // U9, R1 and F3 are the URF corner's stickers: turn them in place.
        let (u, r, f) = (facelets[8], facelets[9], facelets[20]);
        (facelets[8], facelets[9], facelets[20]) = (f, u, r);
        facelets.into_iter().collect::<String>()
    };
    for (text, says) in [
        ("R U\nR Q2\n", "unknown face letter 'Q' at line 2, column 3"),
        ("x y\n", "cube rotation 'x' at line 1, column 1"),
        (&format!("# one\n{twisted}\n") as &str, "line 2"),
        (
            "UUUUUUUUURRRRRRRRRFFFFFFFFFDD\n",
            "line 1: expected 54 facelets, found 29",
        ),
    ] {
        let output = run("cube", &["--heuristic", "cube-small", "-"], text);
        assert_eq!(output.status.code(), Some(2), "{text}");
        assert_eq!(stdout(&output), "", "{text}");
        let err = stderr(&output);
        assert!(err.contains(says), "{text}: {err}");
    }
    let twisted = run("cube", &["--heuristic", "cube-small", "-"], &twisted);
    assert!(stderr(&twisted).contains("twisted"), "{}", stderr(&twisted));
    let none = run("cube", &["--heuristic", "cube-small", "-"], "# nothing\n\n");
    assert_eq!(none.status.code(), Some(2));
    assert!(stderr(&none).contains("no cubes"), "{}", stderr(&none));
}

#[test]
fn cube_picks_korf_instances_by_id_and_stops_them_at_the_time_limit() {
    // Korf's #1 takes 16 turns: far beyond the small tables in a tenth of
    // a second, so the row shows the stop, his nodes beside ours.
    let args = [
        "--heuristic",
        "cube-small",
        "--ids",
        "1",
        "--max-time",
        "0.1",
        "korf10",
    ];
    let output = run("cube", &args, "");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(
        out.lines().next().unwrap().contains("published exp."),
        "{out}"
    );
    let row: Vec<&str> = out.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(row[0], "1", "{out}");
    assert_eq!(row[2], "16", "{out}");
    assert!(out.contains("341306502"), "{out}");
    assert!(out.contains("stopped by its time limit"), "{out}");
    let unknown = run("cube", &["--ids", "11", "korf10"], "");
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("no instance has id 11"));
}

#[test]
fn compare_reads_cubes_by_the_kind_the_domain_declares() {
    let file = temp_file("compare-cubes.txt", "R U2 F'\nR Q\n");
    let args = [
        "--input",
        &format!("cubes:{}", file.display()),
        "--algorithms",
        "bfs,astar,idastar",
        "--heuristics",
        "cube-small",
        "--format",
        "csv",
    ];
    let output = run("compare", &args, "");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("unknown face letter 'Q' at line 2, column 3"),
        "{}",
        stderr(&output)
    );
    let out = stdout(&output);
    let rows: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(rows.len(), 3, "{out}");
    for row in rows {
        assert!(row.contains("compare-cubes.txt cubes,"), "{row}");
        // One cube, solved in three turns by each.
        assert!(row.contains(",1,1,0,0,0,3.0,"), "{row}");
    }
    let _ = std::fs::remove_file(file);
}
