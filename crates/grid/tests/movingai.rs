//! The crate's parser against the `movingai` crate (the parser
//! `pathfinding` benchmarks with) on every test map and scenario: the same
//! cells, the same 8-connected moves without corner cutting, the same
//! queries.

use std::collections::BTreeSet;

use frontier::SearchProblem;
use grid::{Grid, Octile, Route, Scenario};
use movingai::Map2D;

const TESTDATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata");

fn maps() -> Vec<std::path::PathBuf> {
    let mut maps: Vec<_> = std::fs::read_dir(TESTDATA)
        .expect("testdata")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "map"))
        .collect();
    maps.sort();
    assert!(maps.len() >= 4, "the test maps are missing");
    maps
}

#[test]
fn every_test_map_reads_to_the_same_cells_and_moves() {
    for path in maps() {
        let theirs = movingai::parser::parse_map_file(&path).expect("movingai reads it");
        let ours = Grid::parse_map(&std::fs::read(&path).unwrap()).expect("we read it");
        assert_eq!(
            (ours.width(), ours.height()),
            (theirs.width(), theirs.height())
        );
        let mut open = 0;
        for y in 0..ours.height() {
            for x in 0..ours.width() {
                // movingai indexes (x, y): column first.
                assert_eq!(
                    ours.is_passable(x, y),
                    theirs.is_traversable((x, y)),
                    "{path:?} ({x}, {y})"
                );
                if !ours.is_passable(x, y) {
                    continue;
                }
                open += 1;
                let route = Route::<Octile>::new(&ours, (x, y), (x, y)).unwrap();
                let cell = ours.cell(x, y).unwrap();
                let mine: BTreeSet<_> = route.successors(&cell).map(|s| ours.xy(s.state)).collect();
                let theirs: BTreeSet<_> = theirs.neighbors((x, y)).into_iter().collect();
                assert_eq!(mine, theirs, "{path:?} ({x}, {y})");
            }
        }
        assert_eq!(open, ours.open_cells());
    }
}

#[test]
fn every_test_scenario_reads_to_the_same_queries() {
    for map in maps() {
        let scen = std::fs::read_dir(TESTDATA)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                let stem = map.file_stem().unwrap().to_string_lossy().into_owned();
                p.extension().is_some_and(|e| e == "scen") && name.starts_with(&stem)
            })
            .unwrap_or_else(|| panic!("no scenario for {map:?}"));
        let ours = Scenario::parse(&std::fs::read(&scen).unwrap()).expect("we read it");
        let grid = Grid::parse_map(&std::fs::read(&map).unwrap()).unwrap();
        ours.check(&grid).expect("every query fits its map");
        // movingai splits on tabs only: give it tabs.
        let text = std::fs::read_to_string(&scen).unwrap();
        let tabbed: String = text
            .lines()
            .map(|line| {
                if line.starts_with("version") {
                    line.to_owned()
                } else {
                    line.split(' ').collect::<Vec<_>>().join("\t")
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        let theirs = movingai::parser::parse_scen(&tabbed).expect("movingai reads it with tabs");
        assert_eq!(ours.queries.len(), theirs.len(), "{scen:?}");
        for (a, b) in ours.queries.iter().zip(&theirs) {
            assert_eq!((a.start, a.goal), (b.start_pos, b.goal_pos));
            assert_eq!((a.width, a.height), (b.map_width, b.map_height));
            assert!((a.optimal - b.optimal_length).abs() < 1e-12);
        }
    }
}
