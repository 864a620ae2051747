//! The logic of `frontier grid`: Moving AI scenarios solved by frontier's
//! searches on the maps of the [`grid`] crate, every path replayed and its
//! length checked.
//!
//! - [`load`] (the grid crate's [`grid::suite`]): the scenario files
//!   given (or every `.scen` of a directory) and the maps they name, each
//!   read from a regular file of bounded size, parsed and checked, with
//!   errors that name the file and the line.
//! - [`run`]: every query of every map by every [`Search`] (frontier's
//!   searches on [`grid::Route`], and jump point search through
//!   [`grid::Jps`] and [`grid::JpsPlus`]), under one [`MovementKind`],
//!   each searcher kept across the queries of a map; each path replayed with
//!   [`Route::replay`](grid::Route::replay) and its length compared with
//!   the scenario's (octile movement, the benchmark's rule) or with plain
//!   A*'s (the other movements, where the scenario's length is not the
//!   optimum).
//! - [`summarise`] and [`render_summary`]: per map and algorithm, how many
//!   queries, how many optimal, time per query, nodes expanded, peak
//!   stored states, and the searches each limit stopped, named by their
//!   limit: IDA*'s `--max-nodes` counted, any other (the memory) a failure
//!   ([`Record::is_failure`]); [`render_csv`] and [`write_csv`]: one row
//!   per query and algorithm.
//! - [`draw_svg`]: one query drawn once per algorithm, the cells each
//!   expanded tinted and its path on top, found with [`Recorded`], a
//!   problem adapter that notes the states it is asked to expand.

mod movement;
mod record;
mod run;
mod search;
mod summary;
mod svg;

#[cfg(test)]
mod tests;

pub use grid::suite::{LoadError, MAX_FILE_BYTES, MapSet, Suite, load};
pub use record::Recorded;
pub use run::{Expected, Record, ReplayBug, RunError, Settings, Verdict, run};
pub use search::{MovementKind, Search};
pub use summary::{Row, peak_rss, render_csv, render_summary, summarise, write_csv};
pub use svg::{Panel, default_panels, draw_svg, panels, svg_query};
