//! Unit tests of the suite on small maps written here: loading, judging
//! lengths, summarising records and listing the failed ones.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::*;

/// A 6x3 map with a wall in the middle.
const MAP: &str = "type octile\nheight 3\nwidth 6\nmap\n......\n.@@@..\n......\n";

/// Queries on [`MAP`]: around the wall (4 + 1 + √2: no corner cutting),
/// start = goal, and a straight one.
const SCEN: &str = "version 1\n\
    0\tmaps/small.map\t6\t3\t0\t2\t5\t0\t6.41421\n\
    0\tmaps/small.map\t6\t3\t2\t0\t2\t0\t0\n\
    0\tmaps/small.map\t6\t3\t0\t0\t5\t0\t5\n";

/// The algorithm of the records built here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct AStar;

impl Algorithm for AStar {
    fn name(&self) -> &'static str {
        "astar"
    }

    fn label(&self) -> &'static str {
        "A*"
    }

    fn is_optimal(&self) -> bool {
        true
    }
}

/// A fresh folder in the temporary directory, unique to this test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("frontier-grid-suite-{}-{name}", std::process::id()));
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

#[test]
fn lengths_are_judged_with_the_printed_tolerance() {
    let grid = crate::Grid::parse_map(MAP.as_bytes()).unwrap();
    let scenario = crate::Scenario::parse(SCEN.as_bytes()).unwrap();
    scenario.check(&grid).unwrap();
    let around = Expected::of_query(&scenario.queries[0]);
    assert_eq!(around.length, Some(6.41421));
    let exact = 5.0 + std::f64::consts::SQRT_2;
    assert_eq!(around.judge(Some(exact)), Verdict::Optimal);
    assert_eq!(around.judge(Some(exact + 0.01)), Verdict::Longer);
    assert_eq!(around.judge(Some(exact - 0.01)), Verdict::Wrong);
    assert_eq!(around.judge(None), Verdict::Wrong);
    // Start = goal: length 0, a path of no steps.
    let here = Expected::of_query(&scenario.queries[1]);
    assert_eq!(here.judge(Some(0.0)), Verdict::Optimal);
    // 0 between two different cells: the benchmark's "no path".
    let mut none = scenario.queries[2].clone();
    none.optimal = 0.0;
    let none = Expected::of_query(&none);
    assert_eq!(none.length, None);
    assert_eq!(none.judge(None), Verdict::Optimal);
    assert_eq!(none.judge(Some(5.0)), Verdict::Wrong);
    let measured = Expected::measured(Some(exact));
    assert_eq!(measured.judge(Some(exact)), Verdict::Optimal);
    assert_eq!(measured.judge(Some(exact + 1e-6)), Verdict::Longer);
}

#[test]
fn many_maps_are_grouped_and_summarised_in_linear_time() {
    // 20,000 lines naming 2,000 maps in turn: each map read once, its ten
    // queries in file order. (The loader searched the maps named so far
    // for every line, and the summary scanned every record for every map.)
    let dir = scratch("many-maps");
    let maps = 2_000;
    let mut scen = String::from("version 1\n");
    for i in 0..20_000 {
        let m = i % maps;
        if i < maps {
            std::fs::write(
                dir.join(format!("m{m}.map")),
                "height 1\nwidth 2\nmap\n..\n",
            )
            .unwrap();
        }
        writeln!(scen, "{}\tdir/m{m}.map\t2\t1\t0\t0\t1\t0\t1", i / maps).unwrap();
    }
    std::fs::write(dir.join("many.scen"), scen).unwrap();
    let suite = load(&[dir.join("many.scen")], None).unwrap();
    assert_eq!((suite.maps.len(), suite.query_count()), (maps, 20_000));
    for (m, set) in suite.maps.iter().enumerate() {
        assert_eq!(set.name, format!("m{m}.map"));
        let lines: Vec<usize> = set.queries.iter().map(|(_, q)| q.line).collect();
        let expected: Vec<usize> = (0..10).map(|k| 2 + m + k * maps).collect();
        assert_eq!(lines, expected, "{}", set.name);
        let buckets: Vec<u32> = set.queries.iter().map(|(_, q)| q.bucket).collect();
        assert_eq!(buckets, (0..10).collect::<Vec<u32>>());
        // One name kept per map, shared by its queries.
        assert!(
            set.queries
                .windows(2)
                .all(|w| std::sync::Arc::ptr_eq(&w[0].1.map, &w[1].1.map))
        );
    }
    // Records as `frontier grid` makes them, without searching: one per
    // query.
    let records: Vec<Record<AStar>> = suite
        .maps
        .iter()
        .enumerate()
        .flat_map(|(map, set)| {
            (0..set.queries.len()).map(move |query| Record {
                map,
                query,
                algorithm: AStar,
                expected: Expected::measured(Some(1.0)),
                found: Some(1.0),
                verdict: Verdict::Optimal,
                expanded: 2,
                peak_stored: 3,
                elapsed: std::time::Duration::from_micros(u64::try_from(query).unwrap()),
            })
        })
        .collect();
    let rows = summarise(&suite, &[AStar], &records);
    assert_eq!(rows.len(), maps + 1, "a row per map and the total");
    assert!(
        rows[..maps]
            .iter()
            .all(|row| row.queries == 10 && row.optimal == 10)
    );
    assert_eq!(rows[3].median, std::time::Duration::from_micros(5));
    assert_eq!(rows[maps].map, None);
    assert_eq!(rows[maps].queries, 20_000);
    assert_eq!(rows[maps].max, std::time::Duration::from_micros(9));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn load_errors_name_the_file_and_the_line() {
    let message =
        |inputs: &[PathBuf], maps: Option<&Path>| load(inputs, maps).unwrap_err().to_string();
    let (dir, scen) = files("missing", None, SCEN);
    assert_eq!(
        message(std::slice::from_ref(&scen), None),
        format!(
            "{}: line 2: the map \"maps/small.map\": cannot read {}: No such file or directory (os error 2)",
            scen.display(),
            dir.join("small.map").display()
        )
    );
    // --maps is where the map is looked for.
    let (elsewhere, _) = files("elsewhere", Some(MAP), "");
    assert!(load(std::slice::from_ref(&scen), Some(&elsewhere)).is_ok());

    let (_, scen) = files("ragged", Some(&MAP.replace(".@@@..", ".@@@.")), SCEN);
    assert_eq!(
        message(std::slice::from_ref(&scen), None),
        format!(
            "{}: line 6: row 1 has 5 cells, expected 6 (the width)",
            scen.with_file_name("small.map").display()
        )
    );
    let (_, scen) = files(
        "blocked",
        Some(MAP),
        &SCEN.replace("\t0\t2\t5\t0\t", "\t1\t1\t5\t0\t"),
    );
    assert_eq!(
        message(std::slice::from_ref(&scen), None),
        format!(
            "{}: line 2: the start (1, 1) is a blocked cell",
            scen.display()
        )
    );
    let (_, scen) = files("empty", Some(MAP), "version 1\n");
    assert_eq!(
        message(std::slice::from_ref(&scen), None),
        format!("{}: no queries", scen.display())
    );
    let folder = scratch("no-scen");
    std::fs::write(folder.join("small.map"), MAP).unwrap();
    assert_eq!(
        message(std::slice::from_ref(&folder), None),
        format!("{}: a directory with no .scen files", folder.display())
    );
    assert_eq!(
        message(&[PathBuf::from("/dev/null")], None),
        "/dev/null: not a regular file but a device"
    );
    for name in [
        "missing",
        "elsewhere",
        "ragged",
        "blocked",
        "empty",
        "no-scen",
    ] {
        let _ = std::fs::remove_dir_all(scratch(name));
    }
}

#[test]
fn scenarios_naming_one_map_share_it() {
    let (dir, first) = files("shared", Some(MAP), SCEN);
    let second = dir.join("again.scen");
    std::fs::write(&second, SCEN).unwrap();
    let suite = load(&[first, second], None).unwrap();
    assert_eq!(suite.scenarios.len(), 2);
    assert_eq!(suite.maps.len(), 1);
    assert_eq!(suite.maps[0].name, "small.map");
    assert_eq!(suite.maps[0].queries.len(), 6);
    assert_eq!(suite.maps[0].queries[3].0, 1, "the second file's queries");
    // A folder: its .scen files, sorted.
    let suite = load(std::slice::from_ref(&dir), None).unwrap();
    assert_eq!(
        suite.scenarios,
        [dir.join("again.scen"), dir.join("small.scen")]
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn failures_are_listed_then_counted() {
    let grid = crate::Grid::parse_map(MAP.as_bytes()).unwrap();
    let scenario = crate::Scenario::parse(SCEN.as_bytes()).unwrap();
    let suite = Suite {
        scenarios: vec![PathBuf::from("small.scen")],
        maps: vec![MapSet {
            name: "small.map".to_owned(),
            path: PathBuf::from("maps/small.map"),
            grid,
            queries: scenario.queries.into_iter().map(|q| (0, q)).collect(),
        }],
    };
    let record = |query: usize, found: Option<f64>, verdict| Record {
        map: 0,
        query,
        algorithm: AStar,
        expected: Expected::of_query(&suite.maps[0].queries[query].1),
        found,
        verdict,
        expanded: 1,
        peak_stored: 1,
        elapsed: std::time::Duration::ZERO,
    };
    let optimal = record(2, Some(5.0), Verdict::Optimal);
    // An expansion limit stops a search without failing it.
    let expansions = record(0, None, Verdict::Stopped(frontier::Limit::Expanded));
    let passed = [optimal.clone(), expansions];
    assert_eq!(render_failures(&suite, &passed, 20), "");
    assert_eq!(count_failures(&passed), None);
    let records = [
        record(0, None, Verdict::Wrong),
        optimal,
        record(1, None, Verdict::Stopped(frontier::Limit::Memory)),
        record(2, Some(4.0), Verdict::Wrong),
    ];
    assert_eq!(
        render_failures(&suite, &records, 2),
        "wrong: small.scen: line 2: A* found no path, expected 6.41421\n\
         stopped: small.scen: line 3: A* stopped by its memory limit\n\
         ... and 1 more\n"
    );
    assert_eq!(
        count_failures(&records).unwrap(),
        "of 4 searches, 2 gave a wrong length and 1 stopped unanswered by a limit"
    );
}
