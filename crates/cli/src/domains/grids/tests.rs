use std::path::PathBuf;

use frontier::{Limit, Limits};

use super::*;
use crate::domain::Solver;
use crate::domain::strategies_offered;

/// A file of the grid crate's test data.
fn testdata(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../grid/testdata")
        .join(name)
}

/// The queries of `arena.map.scen`, in file order.
fn arena() -> Vec<MapQuery> {
    let sets = read_scenarios(&testdata("arena.map.scen")).unwrap();
    assert_eq!(sets.len(), 1);
    sets[0]
        .instances
        .iter()
        .map(|instance| {
            instance
                .start
                .instance()
                .downcast_ref::<MapQuery>()
                .unwrap()
                .clone()
        })
        .collect()
}

/// A file in the temporary directory, unique to this test process.
fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let folder = std::env::temp_dir().join(format!("frontier-grids-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn offered_and_refused() {
    let offered: Vec<String> = strategies_offered(&GRIDS)
        .iter()
        .map(ToString::to_string)
        .collect();
    // A*, A* dense, IDA*, IDA* BPMX, greedy, MM, NBS, DVCBS, BAE* and JPS,
    // each with zero (A*: Dijkstra) and the octile distance; no
    // breadth-first search.
    assert_eq!(offered.len(), 10 * 2, "{offered:?}");
    for name in [
        "A* (octile)",
        "A* dense (zero)",
        "IDA* BPMX (octile)",
        "NBS (octile)",
        "JPS (octile)",
    ] {
        assert!(offered.iter().any(|s| s == name), "{name}: {offered:?}");
    }
    let query = &arena()[0];
    let mut solver = Solver::new();
    for (strategy, reason) in [
        (
            Strategy::plain(Algorithm::Table),
            "the table holds 3x3 boards only",
        ),
        (
            Strategy::plain(Algorithm::Bfs),
            "breadth-first search finds the fewest steps",
        ),
        (
            Strategy::plain(Algorithm::BidirectionalDense),
            "not the shortest path",
        ),
        (
            Strategy::new(
                Algorithm::AStar,
                crate::domains::heuristic("manhattan").unwrap(),
            ),
            "it overestimates on 8-connected maps",
        ),
        (
            Strategy::new(Algorithm::Mm, crate::domains::heuristic("gap").unwrap()),
            "it counts the gaps of pancake stacks",
        ),
        (
            Strategy::new(
                Algorithm::IdaStar,
                crate::domains::heuristic("pdb-7-8").unwrap(),
            ),
            "it measures sliding-puzzle boards",
        ),
    ] {
        let err = solver
            .solve(&GRIDS, query, strategy, &Limits::new())
            .unwrap_err();
        assert!(
            matches!(
                err,
                SolveError::Unsupported {
                    instances: "grid maps",
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains(reason), "{err}");
    }
}

#[test]
fn answers_are_checked_against_the_scenario() {
    let queries = arena();
    // The last query, 62.1543 long; and a short one, for IDA*.
    let long = queries.last().unwrap();
    assert!((long.query().optimal - 62.1543).abs() < 1e-9);
    let short = &queries[2];
    assert!((short.query().optimal - 3.41421).abs() < 1e-9);
    let mut solver = Solver::new();
    for strategy in strategies_offered(&GRIDS) {
        let query = if strategy.algorithm == Algorithm::IdaStar
            || strategy.algorithm == Algorithm::IdaStarBpmx
        {
            short
        } else {
            long
        };
        let attempt = solver
            .solve(&GRIDS, query, strategy, &Limits::new())
            .unwrap();
        let Answer::Solved(path) = &attempt.answer else {
            panic!("{strategy}: {:?}", attempt.answer);
        };
        // `solve` checked it; check again.
        let steps: &[Direction] = path.actions().unwrap();
        let length = query.route().replay(steps).unwrap();
        assert!((path.length() - length.value()).abs() < 1e-12);
        assert_eq!(Some(path.cost() as u64), length.cost(), "{strategy}");
        if strategy.algorithm.is_optimal() {
            assert!(query.query().accepts(path.length()), "{strategy}");
        } else {
            assert!(path.length() >= query.query().optimal - 1e-4, "{strategy}");
        }
        assert_eq!(path.text().split(' ').count(), steps.len(), "{strategy}");
        assert!(attempt.stats.expanded > 0, "{strategy}");
    }
}

#[test]
fn every_arena_query_is_solved_at_its_length() {
    let mut solver = Solver::new();
    let queries = arena();
    assert_eq!(queries.len(), 160);
    for algorithm in [Algorithm::AStar, Algorithm::Jps] {
        let strategy = Strategy::new(algorithm, crate::domains::heuristic("octile").unwrap());
        for query in &queries {
            let attempt = solver
                .solve(&GRIDS, query, strategy, &Limits::new())
                .unwrap();
            assert!(
                attempt
                    .length()
                    .is_some_and(|length| query.query().accepts(length)),
                "{strategy}: {query}"
            );
        }
    }
}

#[test]
fn a_wrong_length_is_a_wrong_solution() {
    use Direction::{East, North, South};
    let queries = arena();
    // Line 4: (1, 13) to (4, 12), 3.41421: two east and one north-east.
    let query = &queries[2];
    let route = query.route();
    let detour = [North, East, East, East];
    assert!(route.replay(&detour).is_ok());
    assert_eq!(
        check(&route, query.query(), true, detour.to_vec()).unwrap_err(),
        "its length 4.000000 is not the optimal length 3.41421 of the scenario's line 4"
    );
    // Greedy may take the detour.
    let path = check(&route, query.query(), false, detour.to_vec()).unwrap();
    assert_eq!((path.text(), path.length()), ("n e e e", 4.0));
    // A step into a wall, or a walk that stops short.
    assert!(check(&route, query.query(), false, vec![South, East]).is_err());
    assert_eq!(
        check(&route, query.query(), false, vec![East]).unwrap_err(),
        "the steps end at (2, 13), not at the goal"
    );
    // A query the scenario says is longer than any path: every optimal
    // answer is refused as a bug.
    let mut wrong = query.query().clone();
    wrong.optimal = 5.0;
    let wrong = MapQuery::new(Arc::new(query.grid().clone()), wrong).unwrap();
    let err = Solver::new()
        .solve(
            &GRIDS,
            &wrong,
            Strategy::new(Algorithm::Nbs, crate::domains::heuristic("octile").unwrap()),
            &Limits::new(),
        )
        .unwrap_err();
    assert!(err.is_bug(), "{err}");
    assert!(
        err.to_string().contains("is not the optimal length 5"),
        "{err}"
    );
}

#[test]
fn idastar_stops_at_the_limits() {
    // IDA* re-expands the many equally short paths of an open grid: on the
    // longest query it hits the expansion limit instead of answering.
    let queries = arena();
    let long = queries.last().unwrap();
    let limits = Limits::new().max_expanded(20_000);
    for algorithm in [Algorithm::IdaStar, Algorithm::IdaStarBpmx] {
        let strategy = Strategy::new(algorithm, crate::domains::heuristic("octile").unwrap());
        let attempt = Solver::new()
            .solve(&GRIDS, long, strategy, &limits)
            .unwrap();
        assert_eq!(attempt.limit(), Some(Limit::Expanded), "{strategy}");
    }
    let astar = Strategy::new(
        Algorithm::AStar,
        crate::domains::heuristic("octile").unwrap(),
    );
    let attempt = Solver::new().solve(&GRIDS, long, astar, &limits).unwrap();
    assert!(attempt.length().is_some());
}

#[test]
fn bad_files_are_named_with_their_line() {
    let map = std::fs::read(testdata("arena.map")).unwrap();
    let good = temp_file("arena.map", &map);
    let folder = good.parent().unwrap().to_owned();
    let err = |name: &str, text: &[u8]| {
        read_scenarios(&temp_file(name, text))
            .unwrap_err()
            .to_string()
    };
    let bad_line = err(
        "bad-line.scen",
        b"version 1\n0\tarena.map\t49\t49\t1\t11\t1\n",
    );
    assert!(
        bad_line.ends_with("bad-line.scen: line 2: expected 9 fields (bucket, map, width, height, start x, start y, goal x, goal y, length), found 7"),
        "{bad_line}"
    );
    let no_map = err(
        "no-map.scen",
        b"version 1\n0\tmaps/missing.map\t4\t4\t0\t0\t1\t1\t1\n",
    );
    assert!(no_map.starts_with("cannot read "), "{no_map}");
    assert!(no_map.contains("missing.map"), "{no_map}");
    assert!(no_map.contains("(the map of line 2 of "), "{no_map}");
    let blocked = err(
        "blocked.scen",
        b"version 1\n0\tarena.map\t49\t49\t0\t0\t1\t12\t1\n",
    );
    assert!(
        blocked.ends_with("blocked.scen: line 2: the start (0, 0) is a blocked cell"),
        "{blocked}"
    );
    let size = err("size.scen", b"0\tarena.map\t48\t49\t1\t11\t1\t12\t1\n");
    assert!(
        size.contains("line 1: the query is for a 48x49 map"),
        "{size}"
    );
    let bad_map = temp_file("bad.map", b"type octile\nheight 1\nwidth 2\nmap\n.x\n");
    let on_bad = err("on-bad.scen", b"0\tbad.map\t2\t1\t0\t0\t0\t0\t0\n");
    assert!(
        on_bad.ends_with(
            "bad.map: line 5, column 2: 'x' is not a terrain (expected one of . G S W @ O T)"
        ),
        "{on_bad}"
    );
    assert!(err("empty.scen", b"version 1\n").ends_with("empty.scen holds no query"));
    let empty_folder = folder.join("none");
    std::fs::create_dir_all(&empty_folder).unwrap();
    assert!(
        read_scenarios(&empty_folder)
            .unwrap_err()
            .to_string()
            .ends_with("none holds no .scen file")
    );
    let _ = std::fs::remove_file(bad_map);
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn a_folder_reads_its_scenarios_in_name_order() {
    let folder = std::env::temp_dir().join(format!("frontier-grids-folder-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let map = std::fs::read(testdata("arena.map")).unwrap();
    std::fs::write(folder.join("arena.map"), map).unwrap();
    std::fs::write(
        folder.join("b.scen"),
        b"0\tarena.map\t49\t49\t1\t11\t1\t12\t1\n",
    )
    .unwrap();
    std::fs::write(
        folder.join("a.scen"),
        b"0\tdao/arena.map\t49\t49\t1\t12\t1\t10\t2\n0\tarena.map\t49\t49\t1\t11\t1\t12\t1\n",
    )
    .unwrap();
    std::fs::write(folder.join("notes.txt"), b"not a scenario").unwrap();
    let sets = read_scenarios(&folder).unwrap();
    let names: Vec<_> = sets.iter().map(|set| set.name.as_str()).collect();
    assert_eq!(names, ["a.scen grid", "b.scen grid"]);
    assert_eq!(sets[0].instances.len(), 2);
    assert_eq!(sets[0].instances[1].origin, "line 2");
    let _ = std::fs::remove_dir_all(folder);
}

/// `compare --maps` reads through the grid program's loader: a FIFO is
/// refused unread (it used to be read, blocking until a writer came).
#[cfg(unix)]
#[test]
fn a_fifo_is_refused_unread() {
    let folder = std::env::temp_dir().join(format!("frontier-grids-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let fifo = folder.join("pipe.scen");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|status| status.success()) {
        return; // no mkfifo here
    }
    let err = read_scenarios(&fifo).unwrap_err().to_string();
    assert!(
        err.ends_with("pipe.scen: not a regular file but a FIFO"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(folder);
}
