//! Grid path-finding for [`frontier`]: the maps games, robots and the
//! Moving AI benchmarks search, as frontier search problems.
//!
//! # Quick start
//!
//! ```
//! use grid::{Grid, Octile, Route};
//!
//! let grid = Grid::parse_map(b"type octile\nheight 3\nwidth 5\nmap\n.....\n..@..\n.....\n")?;
//! let route: Route<Octile> = Route::new(&grid, (0, 1), (4, 1))?;
//! let solution = frontier::astar(&route).into_solution().expect("a path exists");
//! let length = route.replay(&solution.actions)?; // every step checked, ends at the goal
//! assert!((length.value() - (2.0 + 2.0 * std::f64::consts::SQRT_2)).abs() < 1e-9);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is in the crate
//!
//! - [`Grid`]: a rectangular map of [`Terrain`] (blocked, land with a
//!   weight, water), read from Moving AI `.map` files
//!   ([`Grid::parse_map`], errors with line and column) or built with
//!   [`Grid::from_fn`]. States are [`Cell`]s, indices into the grid.
//! - [`Scenario`]: the queries of a Moving AI `.scen` file, each with its
//!   optimal length and the tolerance its printing allows
//!   ([`Query::accepts`]), all at once or one line at a time
//!   ([`Scenario::lines`]).
//! - [`suite`]: a benchmark read from disk (the scenario files, or folders
//!   of them, and the maps they name, each read only when a regular file
//!   of bounded size, every query checked against its map), and a run of
//!   it reported as `frontier grid` reports it: each search's length
//!   judged ([`suite::Record`]), a summary per map and algorithm, or one
//!   csv row per search. The caller runs the searches and labels them
//!   with any type that names them ([`suite::Algorithm`]).
//! - Movement models, chosen as a type parameter: [`Octile`] (8-connected,
//!   diagonal √2, no corner cutting: the benchmark's rule),
//!   [`CornerCutting`] (a diagonal may pass blocked cells),
//!   [`Cardinal`] (4-connected, unit cost) and [`Weighted`] (4-connected,
//!   entering a cell costs its weight).
//! - [`Route`]: a query as a [`frontier::SearchProblem`], with
//!   [`frontier::BidirectionalProblem`], [`frontier::RankedStates`] and,
//!   where steps are symmetric ([`ReversibleMovement`]),
//!   [`frontier::ReversibleProblem`]: every
//!   frontier algorithm searches it. [`Route::replay`] checks a path.
//! - [`Components`]: the connected components of a map's open cells
//!   under a movement model, so that whether a path exists at all is two
//!   lookups rather than a search that exhausts the map.
//! - [`jps`]: jump point search as a problem adapter: [`Jps`] (online,
//!   bit-parallel scans over a shared [`JpsGrid`]) and [`JpsPlus`] (jumps
//!   read from a precomputed [`JumpTable`]), for [`Octile`] and
//!   [`CornerCutting`] movement; A* on them returns optimal paths, which
//!   [`Jps::steps`] expands cell by cell. They are forward search problems
//!   only: bidirectional BFS, MM, NBS, DVCBS and BAE* do not run on them
//!   (search the [`Route`] for those), and their actions are [`Jump`]s of
//!   several cells, to expand with `steps` before [`Route::replay`] (see
//!   [`jps`](jps#forward-only-and-in-jumps)).
//! - [`inflated`]: weighted A* (Pohl 1970) on a [`TerrainMap`], its
//!   Manhattan estimate multiplied by a weight ([`Inflated`]), the weight
//!   read from text and checked against the map ([`WeightError`]).
//! - [`svg`]: a map drawn once per search, side by side, with the cells
//!   each expanded and its path; [`svg::draw_query`] draws one query of a
//!   suite from what each search did ([`svg::Trace`]).
//! - [`cost`]: the fixed-point costs of octile steps, and the proof that
//!   they never make a search return a longer path than the shortest.
//!
//! # Design decisions
//!
//! - **Costs are exact integers.** A straight step is [`STRAIGHT`] units and
//!   a diagonal one [`DIAGONAL`], a Pell pair approximating √2 so closely
//!   that on any map of up to [`MAX_CELLS`] cells the cheapest path in
//!   units is a shortest path in length ([`cost`] proves it). Lengths are
//!   recomputed from the steps ([`Length`]).
//! - **A border of blocked cells** surrounds the map in memory, so a step
//!   needs no bounds check; a cell is its index in that padded array.
//! - **The parser is the crate's own** (see [`map`] for what the `movingai`
//!   crate lacks): errors name the line, space-separated scenario files
//!   read, bytes need not be UTF-8. It keeps nothing per line but what the
//!   line holds (a map's cells once its header has sized them; a query and
//!   a shared map name), and echoes a bad token cut short
//!   ([`frontier_text::TokenExcerpt`]).
//! - **Errors say which end of a query as a value** ([`Endpoint`] in
//!   [`RouteError`] and [`ScenarioError::Endpoint`]), so a caller matches
//!   on it rather than on strings.

mod components;
pub mod cost;
mod grid;
pub mod inflated;
pub mod jps;
pub mod map;
mod movement;
mod route;
pub mod scenario;
pub mod suite;
pub mod svg;
pub mod text;

pub use components::Components;
pub use cost::{DIAGONAL, Length, MAX_CELLS, STRAIGHT};
pub use grid::{Cell, Direction, Grid, GridError, MAX_WEIGHT, Terrain};
pub use inflated::{Inflated, WeightError};
pub use jps::{Jps, JpsGrid, JpsPlus, Jump, JumpMovement, JumpPoint, JumpTable, Turn};
pub use map::MapError;
pub use movement::{Cardinal, CornerCutting, Movement, Octile, ReversibleMovement, Weighted};
pub use route::{Endpoint, Heuristic, ReplayError, Route, RouteError, Steps};
pub use scenario::{Query, QueryLines, Scenario, ScenarioError};
pub use text::{TerrainError, TerrainMap, parse_terrain};

/// The crate's README, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
