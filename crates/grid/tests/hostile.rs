//! Hostile input for the Moving AI readers, on stable Rust (the fuzz target
//! `grid_files` does the same under libFuzzer): random bytes and damaged
//! real files never panic, and errors stay short.

use grid::{Grid, Scenario};
use proptest::prelude::*;

const ARENA: &[u8] = include_bytes!("../testdata/arena.map");
const ARENA_SCEN: &[u8] = include_bytes!("../testdata/arena.map.scen");

fn read_both(data: &[u8]) {
    let map = Grid::parse_map(data);
    if let Err(err) = &map {
        assert!(err.to_string().len() <= 512, "{err}");
    }
    match Scenario::parse(data) {
        Ok(scenario) => {
            if let Ok(map) = &map
                && let Err(err) = scenario.check(map)
            {
                assert!(err.to_string().len() <= 512, "{err}");
            }
        }
        Err(err) => assert!(err.to_string().len() <= 512, "{err}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_bytes_never_panic(data in proptest::collection::vec(any::<u8>(), 0..400)) {
        read_both(&data);
    }

    #[test]
    fn damaged_files_never_panic(
        cut in 0usize..7_300, at in 0usize..7_300, byte in any::<u8>(), scen in any::<bool>(),
    ) {
        let file = if scen { ARENA_SCEN } else { ARENA };
        let mut data = file[..cut.min(file.len())].to_vec();
        if let Some(slot) = data.get_mut(at) {
            *slot = byte;
        }
        read_both(&data);
        // The damaged scenario against the intact map.
        if scen && let Ok(scenario) = Scenario::parse(&data) {
            let _ = scenario.check(&Grid::parse_map(ARENA).unwrap());
        }
    }
}

#[test]
fn a_long_map_name_is_cut_in_the_message() {
    let name = "m".repeat(100_000);
    let text = format!("0 {name} 5 5 0 0 1 1 1.41421\n");
    let scenario = Scenario::parse(text.as_bytes()).unwrap();
    let err = scenario
        .check(&Grid::parse_map(ARENA).unwrap())
        .unwrap_err();
    assert!(err.to_string().len() < 200, "{err}");
}
