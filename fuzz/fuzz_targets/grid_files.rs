//! Fuzzes the Moving AI readers of the grid crate: `Grid::parse_map` and
//! `Scenario::parse`. No input may panic or allocate more than its size
//! suggests; a map read back from its printed form is the same map; a
//! scenario's queries are checked against the map without panicking; error
//! messages stay short.

#![no_main]

use grid::{Grid, Scenario};
use libfuzzer_sys::fuzz_target;

/// The longest message an error may have (see `board_parser`).
const LONGEST_MESSAGE: usize = 512;

fuzz_target!(|data: &[u8]| {
    let map = match Grid::parse_map(data) {
        Ok(map) => {
            let printed = format!(
                "type octile\nheight {}\nwidth {}\nmap\n{map}",
                map.height(),
                map.width()
            );
            assert_eq!(Grid::parse_map(printed.as_bytes()).as_ref(), Ok(&map));
            Some(map)
        }
        Err(err) => {
            assert!(err.to_string().len() <= LONGEST_MESSAGE, "{err}");
            None
        }
    };
    match Scenario::parse(data) {
        Ok(scenario) => {
            if let Some(map) = map
                && let Err(err) = scenario.check(&map)
            {
                assert!(err.to_string().len() <= LONGEST_MESSAGE, "{err}");
            }
        }
        Err(err) => assert!(err.to_string().len() <= LONGEST_MESSAGE, "{err}"),
    }
});
