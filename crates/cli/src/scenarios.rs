//! The searches of `frontier grid`: Moving AI scenarios solved by
//! frontier's searches on the maps of the [`grid`] crate, every path
//! replayed and its length checked. What is not about running the
//! program's searches is the grid crate's, where library users reach it:
//! reading a benchmark ([`grid::suite::load`]), judging each search
//! ([`grid::suite::Record`]), the summary and the csv
//! ([`grid::suite::render_summary`], [`grid::suite::render_csv`]), the
//! failed searches ([`grid::suite::render_failures`]) and the drawing
//! ([`grid::svg::draw_query`]).
//!
//! - [`Search`] and [`MovementKind`]: what `--algo` and `--movement` name;
//!   [`Search`] labels the grid crate's records
//!   ([`grid::suite::Algorithm`]).
//! - [`run`]: every query of every map by every [`Search`] (frontier's
//!   searches on [`grid::Route`], and jump point search through
//!   [`grid::Jps`] and [`grid::JpsPlus`]), under one [`MovementKind`],
//!   each searcher kept across the queries of a map; each path replayed with
//!   [`Route::replay`](grid::Route::replay) and its length compared with
//!   the scenario's (octile movement, the benchmark's rule) or with plain
//!   A*'s (the other movements, where the scenario's length is not the
//!   optimum). [`Settings::setup`] states the run for the summary.
//! - [`panels`]: one query searched once per algorithm for the drawing,
//!   the cells each expanded noted by [`frontier::Recorded`], a problem
//!   adapter that notes the states it is asked to expand.

mod movement;
mod run;
mod search;
mod svg;

#[cfg(test)]
mod tests;

pub use run::{RunError, Settings, run};
pub use search::{MovementKind, Search};
pub use svg::{default_panels, panels, svg_query};
