//! Unit tests of the grid program's searches on small maps written here:
//! each run judged, summarised and drawn by the grid crate.

use std::path::PathBuf;

use frontier::Recorded;
use grid::suite::{Verdict, load, render_csv, render_summary, summarise};
use grid::svg::draw_query;

use super::*;
use crate::registry::Algorithm;

/// A 6x3 map with a wall in the middle.
const MAP: &str = "type octile\nheight 3\nwidth 6\nmap\n......\n.@@@..\n......\n";

/// Queries on [`MAP`]: around the wall (4 + 1 + √2: no corner cutting),
/// start = goal, and a straight one.
const SCEN: &str = "version 1\n\
    0\tmaps/small.map\t6\t3\t0\t2\t5\t0\t6.41421\n\
    0\tmaps/small.map\t6\t3\t2\t0\t2\t0\t0\n\
    0\tmaps/small.map\t6\t3\t0\t0\t5\t0\t5\n";

/// A fresh folder in the temporary directory, unique to this test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("frontier-grids-unit-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A folder holding `small.map` (if given) and `small.scen`.
fn files(name: &str, map: Option<&str>, scen: &str) -> (PathBuf, PathBuf) {
    let dir = scratch(name);
    if let Some(map) = map {
        std::fs::write(dir.join("small.map"), map).unwrap();
    }
    let path = dir.join("small.scen");
    std::fs::write(&path, scen).unwrap();
    (dir, path)
}

fn settings(algorithms: &[Search], movement: MovementKind) -> Settings {
    Settings {
        algorithms: algorithms.to_vec(),
        movement,
        max_nodes: 1_000_000,
    }
}

#[test]
fn every_algorithm_is_optimal_under_every_movement_it_accepts() {
    let (dir, scen) = files("all", Some(MAP), SCEN);
    let suite = load(&[scen], None).unwrap();
    assert_eq!((suite.maps.len(), suite.query_count()), (1, 3));
    for movement in [
        MovementKind::Octile,
        MovementKind::CornerCutting,
        MovementKind::Cardinal,
    ] {
        let algorithms: Vec<Search> = Search::all()
            .into_iter()
            .filter(|a| a.refusal(movement).is_none())
            .collect();
        // Every registry algorithm the grid maps run, with Dijkstra and
        // JPS+: under 8-connected movement all but the four breadth-first
        // searches (BFS and bidirectional BFS, hashed and dense), under
        // cardinal movement all but JPS and JPS+.
        assert_eq!(
            algorithms.len(),
            if movement == MovementKind::Cardinal {
                14
            } else {
                12
            },
            "{movement}"
        );
        let settings = settings(&algorithms, movement);
        let records = run(&suite, &settings).unwrap();
        assert_eq!(records.len(), 3 * algorithms.len());
        for record in &records {
            let optimal = record.algorithm.is_optimal();
            assert!(
                record.verdict == Verdict::Optimal || !optimal,
                "{movement}: {record:?}"
            );
            assert!(!record.is_failure(), "{movement}: {record:?}");
        }
        let rows = summarise(&suite, &settings.algorithms, &records);
        assert_eq!(rows.len(), algorithms.len(), "one map: no total rows");
        let text = render_summary(&suite, &settings.setup(), &rows, Some(2048));
        assert!(
            text.starts_with("1 scenario file, 1 map, 3 queries;"),
            "{text}"
        );
        assert!(text.contains("process peak RSS 2.0 MiB"), "{text}");
        assert_eq!(
            text.contains("checked against plain A*'s"),
            movement != MovementKind::Octile,
            "{text}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_no_path_query_is_optimal_when_unreachable() {
    // (0, 0) is walled in: no step leaves it.
    let map = "type octile\nheight 3\nwidth 3\nmap\n.@.\n@@.\n...\n";
    let scen = "version 1\n0\tm.map\t3\t3\t0\t0\t2\t2\t0\n";
    let (dir, path) = files("no-path", None, scen);
    std::fs::write(dir.join("m.map"), map).unwrap();
    let suite = load(&[path], None).unwrap();
    let algorithms = [
        Search::Registry(Algorithm::AStar),
        Search::Registry(Algorithm::Mm),
        Search::Registry(Algorithm::Nbs),
        Search::Registry(Algorithm::Jps),
        Search::JpsPlus,
        Search::Registry(Algorithm::IdaStar),
    ];
    let records = run(&suite, &settings(&algorithms, MovementKind::Octile)).unwrap();
    for record in records {
        assert_eq!(record.found, None, "{record:?}");
        assert_eq!(record.verdict, Verdict::Optimal, "{record:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn idastar_stops_at_its_node_limit_without_failing() {
    let (dir, scen) = files("ida", Some(MAP), SCEN);
    let suite = load(&[scen], None).unwrap();
    let mut settings = settings(
        &[Search::Registry(Algorithm::IdaStar)],
        MovementKind::Octile,
    );
    settings.max_nodes = 2;
    let records = run(&suite, &settings).unwrap();
    // Both queries that take steps need more than two expansions.
    let stopped = Verdict::Stopped(frontier::Limit::Expanded);
    assert_eq!(records[0].verdict, stopped);
    assert_eq!(records[1].verdict, Verdict::Optimal);
    assert_eq!(records[2].verdict, stopped);
    assert!(records.iter().all(|record| !record.is_failure()));
    let rows = summarise(&suite, &settings.algorithms, &records);
    assert_eq!(rows[0].stopped, 2);
    let text = render_summary(&suite, &settings.setup(), &rows, None);
    assert!(
        text.contains("IDA*: 2 of 3 queries stopped at --max-nodes 2 (counted, not failed)"),
        "{text}"
    );
    assert!(!text.contains("the run fails"), "{text}");
    let csv = render_csv(&suite, &records).unwrap();
    assert!(
        csv.lines().nth(1).unwrap().ends_with(",expansion limit"),
        "{csv}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_memory_stop_is_named_and_fails_the_run() {
    let (dir, scen) = files("memory", Some(MAP), SCEN);
    let suite = load(&[scen], None).unwrap();
    let settings = settings(
        &[Search::Dijkstra, Search::Registry(Algorithm::IdaStar)],
        MovementKind::Octile,
    );
    let mut records = run(&suite, &settings).unwrap();
    // What a search whose tables outgrew the memory returns.
    for record in &mut records[..2] {
        record.found = None;
        record.verdict = Verdict::Stopped(frontier::Limit::Memory);
    }
    records[3].verdict = Verdict::Stopped(frontier::Limit::Expanded);
    assert!(records[0].is_failure() && records[1].is_failure());
    assert!(
        !records[3].is_failure(),
        "--max-nodes is counted, not failed"
    );
    assert_eq!(records[0].limit(), Some(frontier::Limit::Memory));
    let rows = summarise(&suite, &settings.algorithms, &records);
    assert_eq!((rows[0].stopped, rows[1].stopped), (1, 2));
    assert_eq!(
        rows[1].stopped_by,
        [(frontier::Limit::Memory, 1), (frontier::Limit::Expanded, 1)]
    );
    let text = render_summary(&suite, &settings.setup(), &rows, None);
    assert!(
        text.contains(
            "Dijkstra: 1 of 3 queries stopped by its memory limit (not answered, so the run fails)"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "IDA*: 1 of 3 queries stopped by its memory limit (not answered, so the run fails)"
        ),
        "{text}"
    );
    assert!(
        text.contains("IDA*: 1 of 3 queries stopped at --max-nodes 1000000 (counted, not failed)"),
        "{text}"
    );
    assert!(
        !text.contains("Dijkstra: 1 of 3 queries stopped at"),
        "{text}"
    );
    let csv = render_csv(&suite, &records).unwrap();
    assert!(
        csv.lines().nth(1).unwrap().ends_with(",memory limit"),
        "{csv}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn csv_has_a_row_per_search() {
    let (dir, scen) = files("csv", Some(MAP), SCEN);
    let suite = load(&[scen], None).unwrap();
    let settings = settings(
        &[
            Search::Registry(Algorithm::AStar),
            Search::Registry(Algorithm::Greedy),
        ],
        MovementKind::Octile,
    );
    let records = run(&suite, &settings).unwrap();
    let csv = render_csv(&suite, &records).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 1 + 6);
    assert_eq!(
        lines[0],
        "map,algorithm,index,start_x,start_y,goal_x,goal_y,optimal,found,expanded,micros,stopped"
    );
    assert!(
        lines[1].starts_with("small.map,astar,0,0,2,5,0,6.41421,6.414213562373095,"),
        "{}",
        lines[1]
    );
    assert!(
        lines[4].starts_with("small.map,greedy,1,2,0,2,0,0,0,0,"),
        "{}",
        lines[4]
    );
    assert!(
        lines[1..].iter().all(|line| line.ends_with(',')),
        "nothing stopped"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_drawing_has_a_panel_per_search_and_merges_runs() {
    let (dir, scen) = files("svg", Some(MAP), SCEN);
    let suite = load(&[scen], None).unwrap();
    assert_eq!(svg_query(&suite, None), Ok((0, 0)), "the longest query");
    assert_eq!(svg_query(&suite, Some(2)), Ok((0, 2)));
    assert_eq!(
        svg_query(&suite, Some(3)),
        Err("--query 3: small.map has queries 0 to 2".to_owned())
    );
    let algorithms = default_panels(MovementKind::Octile);
    assert_eq!(
        algorithms,
        [
            Search::Registry(Algorithm::AStar),
            Search::Registry(Algorithm::Jps),
            Search::Registry(Algorithm::Mm)
        ]
    );
    assert_eq!(
        default_panels(MovementKind::Cardinal),
        [
            Search::Registry(Algorithm::AStar),
            Search::Registry(Algorithm::Bidirectional)
        ]
    );
    let drawn = panels(&suite, (0, 0), &algorithms, MovementKind::Octile, 1000).unwrap();
    assert_eq!(drawn.len(), 3);
    for panel in &drawn {
        assert_eq!(panel.path.first(), Some(&(0, 2)), "{panel:?}");
        assert_eq!(panel.path.last(), Some(&(5, 0)), "{panel:?}");
        assert!(!panel.forward.is_empty(), "{panel:?}");
    }
    assert!(!drawn[2].backward.is_empty(), "MM searches backward too");
    let set = &suite.maps[0];
    let svg = draw_query(&set.grid, &set.name, &set.queries[0].1, &drawn);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("class=\"panel\"").count(), 3);
    // Walls drawn once: row 1's three walls are one run.
    assert!(svg.contains("M1 1h3v1h-3z"), "{svg}");
    assert_eq!(svg.matches("M1 1h3v1h-3z").count(), 1, "{svg}");
    assert_eq!(svg.matches("<use href=\"#walls\"/>").count(), 3);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_recorder_sees_every_expansion() {
    let (dir, scen) = files("recorder", Some(MAP), SCEN);
    let suite = load(&[scen], None).unwrap();
    let set = &suite.maps[0];
    let route: grid::Route<grid::Octile> = grid::Route::new(&set.grid, (0, 2), (5, 0)).unwrap();
    let recorded = Recorded::new(route);
    let result = frontier::mm(&recorded);
    let (forward, backward) = recorded.into_expanded();
    // Every expansion is recorded. After the search, a bidirectional search
    // whose expanded nodes were reached more cheaply since may ask the
    // problem once more for each step of its path, to sum its cost: at
    // most one call per step more.
    let recorded = (forward.len() + backward.len()) as u64;
    let steps = result.solution().map_or(0, |s| s.actions.len()) as u64;
    assert!(
        (result.stats.expanded..=result.stats.expanded + steps).contains(&recorded),
        "{recorded} recorded, {} expanded, {steps} steps",
        result.stats.expanded
    );
    let _ = std::fs::remove_dir_all(dir);
}
