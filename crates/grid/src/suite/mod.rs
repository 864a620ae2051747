//! A Moving AI benchmark: read from disk and checked, then every search of
//! it judged and reported, the way `frontier grid` reports a run.
//!
//! - [`load`]: the scenario files given (or every `.scen` of a folder) and
//!   the maps they name, each read from a regular file of bounded size
//!   ([`MAX_FILE_BYTES`]), parsed and checked, into a [`Suite`] of
//!   [`MapSet`]s; errors ([`LoadError`]) name the file and the line.
//! - [`Record`]: one search of one query, its length judged
//!   ([`Verdict`]) against the one it must have ([`Expected`]: the
//!   scenario's under octile movement, or one measured by a reference
//!   search under the others); [`ReplayBug`]: a path that does not replay.
//! - [`summarise`] and [`render_summary`]: per map and algorithm, how many
//!   queries, how many optimal, time per query, nodes expanded, peak stored
//!   states, and the searches each limit stopped; [`render_csv`] and
//!   [`write_csv`]: one row per search; [`render_failures`] and
//!   [`count_failures`]: the searches that failed, listed and counted.
//!
//! The caller runs the searches: the report knows an algorithm only by
//! its names and by whether it promises the shortest path
//! ([`Algorithm`]), so any type can label the records, an enum of a
//! program's choices as well as a single search.
//!
//! # Example
//!
//! A* on every query of a suite built in memory ([`load`] reads one from
//! disk), its records summarised:
//!
//! ```
//! use std::path::PathBuf;
//! use std::time::Instant;
//!
//! use grid::suite::{self, Algorithm, Expected, MapSet, Record, Setup, Suite};
//! use grid::{Grid, Octile, Route, Scenario};
//!
//! /// The one algorithm of this run.
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! struct AStar;
//!
//! impl Algorithm for AStar {
//!     fn name(&self) -> &str {
//!         "astar"
//!     }
//!     fn label(&self) -> &str {
//!         "A*"
//!     }
//!     fn is_optimal(&self) -> bool {
//!         true
//!     }
//! }
//!
//! let grid = Grid::parse_map(b"type octile\nheight 3\nwidth 6\nmap\n......\n.@@@..\n......\n")?;
//! let scenario = Scenario::parse(b"version 1\n0\tsmall.map\t6\t3\t0\t2\t5\t0\t6.41421\n")?;
//! scenario.check(&grid)?;
//! let suite = Suite {
//!     scenarios: vec![PathBuf::from("small.scen")],
//!     maps: vec![MapSet {
//!         name: "small.map".to_owned(),
//!         path: PathBuf::from("small.map"),
//!         grid,
//!         queries: scenario.queries.into_iter().map(|query| (0, query)).collect(),
//!     }],
//! };
//!
//! let mut records = Vec::new();
//! for (map, set) in suite.maps.iter().enumerate() {
//!     for (index, (_, query)) in set.queries.iter().enumerate() {
//!         let route: Route<Octile> = Route::new(&set.grid, query.start, query.goal)?;
//!         let started = Instant::now();
//!         let result = frontier::astar(&route);
//!         let elapsed = started.elapsed();
//!         let found = match result.solution() {
//!             Some(solution) => Some(route.replay(&solution.actions)?.value()),
//!             None => None,
//!         };
//!         let expected = Expected::of_query(query);
//!         records.push(Record {
//!             map,
//!             query: index,
//!             algorithm: AStar,
//!             expected,
//!             found,
//!             verdict: expected.judge(found),
//!             expanded: result.stats.expanded,
//!             peak_stored: result.stats.peak_stored,
//!             elapsed,
//!         });
//!     }
//! }
//! assert!(records.iter().all(|record| !record.is_failure()));
//!
//! let algorithms = [AStar];
//! let rows = suite::summarise(&suite, &algorithms, &records);
//! assert_eq!((rows[0].queries, rows[0].optimal), (1, 1));
//! let setup = Setup {
//!     algorithms: &algorithms,
//!     movement: "octile",
//!     scenario_lengths: true,
//!     max_expanded: u64::MAX,
//!     max_expanded_name: "max_expanded",
//! };
//! let summary = suite::render_summary(&suite, &setup, &rows, None);
//! assert!(summary.starts_with(
//!     "1 scenario file, 1 map, 1 query; octile movement: lengths checked against the scenario files\n"
//! ));
//! assert!(summary.contains("optimal, so a longer path fails the run: A*"));
//! let csv = suite::render_csv(&suite, &records)?;
//! assert!(csv.lines().nth(1).unwrap().starts_with("small.map,astar,0,0,2,5,0,6.41421,"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::PathBuf;
use std::sync::Arc;

use crate::{Grid, Query};

mod load;
mod record;
mod report;

#[cfg(test)]
mod tests;

pub use load::{LoadError, MAX_FILE_BYTES, load};
pub use record::{Algorithm, Expected, Record, ReplayBug, Verdict};
pub use report::{
    Row, Setup, count_failures, render_csv, render_failures, render_summary, summarise, write_csv,
};

/// A map and the queries on it, from one or more scenario files.
#[derive(Debug)]
pub struct MapSet {
    /// The map's file name (`arena.map`), as the output names it.
    pub name: String,
    /// Where it was read from.
    pub path: PathBuf,
    /// The map.
    pub grid: Grid,
    /// The queries, in the order of the scenario files and their lines,
    /// each with the index of its scenario file in [`Suite::scenarios`].
    pub queries: Vec<(usize, Query)>,
}

/// One scenario file and its queries in the order of its lines, each with
/// the map it is on: what [`Suite::by_scenario`] lists.
pub type ScenarioQueries = (PathBuf, Vec<(Arc<Grid>, Query)>);

/// Everything to run: the scenario files read and their maps.
#[derive(Debug, Default)]
pub struct Suite {
    /// The scenario files, in the order given (a folder's sorted by name).
    pub scenarios: Vec<PathBuf>,
    /// The maps, in the order their first query appears.
    pub maps: Vec<MapSet>,
}

impl Suite {
    /// The number of queries on all maps.
    #[must_use]
    pub fn query_count(&self) -> usize {
        self.maps.iter().map(|map| map.queries.len()).sum()
    }

    /// The queries of each scenario file, in the order of
    /// [`scenarios`](Self::scenarios), each file's in the order of its
    /// lines, with the map it is on (shared by its queries): the suite
    /// regrouped by file rather than by map.
    ///
    /// # Example
    ///
    /// ```
    /// use grid::suite::load;
    ///
    /// let testdata = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/arena.map.scen");
    /// let suite = load(&[testdata.into()], None)?;
    /// let files = suite.by_scenario();
    /// assert_eq!(files.len(), 1);
    /// assert_eq!(files[0].1.len(), 160);
    /// assert!(files[0].1.windows(2).all(|pair| pair[0].1.line < pair[1].1.line));
    /// # Ok::<(), grid::suite::LoadError>(())
    /// ```
    #[must_use]
    pub fn by_scenario(self) -> Vec<ScenarioQueries> {
        let mut files: Vec<_> = self
            .scenarios
            .into_iter()
            .map(|s| (s, Vec::new()))
            .collect();
        for map in self.maps {
            let grid = Arc::new(map.grid);
            for (index, query) in map.queries {
                files[index].1.push((Arc::clone(&grid), query));
            }
        }
        for (_, queries) in &mut files {
            queries.sort_by_key(|(_, query)| query.line);
        }
        files
    }
}
