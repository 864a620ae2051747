//! `terrain` on the example map and a random one: the cheapest path drawn,
//! A* expanding fewer cells than Dijkstra, and a bad map named by line and
//! column.
//!
//! How the example is found and built: `tests/common/mod.rs`.

mod common;

use common::{run, stderr, stdout, temp_file};

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
