//! Maps drawn as SVG, one panel per search side by side: the map (walls
//! dark, open cells light), the cells a search expanded (tinted: forward
//! blue, backward orange, both purple; optionally also ringed, for the few
//! jump points of jump point search) and its path, the start and the goal.
//! The caller runs the searches; [`draw`] takes plain cells and the words
//! around them, [`draw_query`] one query of a scenario and what each
//! search of it did ([`Trace`]), and words them as `frontier grid` does.
//!
//! The SVG is written by hand. Every cell is one user unit; a row's run of
//! equal cells is one rectangle, and the walls are drawn once and reused
//! by every panel, so a 512x512 map stays a file of a few hundred
//! kilobytes.
//!
//! # Example
//!
//! ```
//! use grid::Grid;
//! use grid::svg::{Panel, draw};
//!
//! let grid = Grid::parse_map(b"type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n")?;
//! let panel = Panel {
//!     id: "astar",
//!     label: "A*",
//!     caption: "3 expanded, length 2",
//!     forward: &[(0, 0), (1, 0), (2, 0)],
//!     backward: &[],
//!     path: &[(0, 0), (1, 0), (2, 0)],
//!     ring_forward: false,
//! };
//! let svg = draw(&grid, "a small map", (0, 0), (2, 0), &[panel]);
//! assert!(svg.starts_with("<svg ") && svg.contains(r#"id="panel-astar""#));
//! # Ok::<(), grid::MapError>(())
//! ```

use std::fmt::Write as _;

use frontier::Limit;

use crate::Query;
use crate::grid::{Grid, Terrain};
use crate::suite::Algorithm;

/// One search's panel: its name, its caption, and the cells it expanded
/// and walked, each `(x, y)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Panel<'a> {
    /// A short name for the panel's id, `panel-{id}` (no spaces).
    pub id: &'a str,
    /// The heading over the panel.
    pub label: &'a str,
    /// The line under the heading (what was expanded, what was found).
    pub caption: &'a str,
    /// The cells expanded forward, in order (repeats allowed).
    pub forward: &'a [(usize, usize)],
    /// The cells expanded backward (bidirectional searches).
    pub backward: &'a [(usize, usize)],
    /// The path's cells from start to goal, empty if none was found.
    pub path: &'a [(usize, usize)],
    /// Whether the forward cells are also ringed: a few jump points among
    /// many cells, to be seen.
    pub ring_forward: bool,
}

/// A number as the drawing writes it: at most two decimals, no trailing
/// zeros; for captions that should read like the drawing's own numbers.
///
/// # Example
///
/// ```
/// assert_eq!(grid::svg::number(12.5), "12.5");
/// assert_eq!(grid::svg::number(3.0), "3");
/// assert_eq!(grid::svg::number(1.41421), "1.41");
/// ```
#[must_use]
pub fn number(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.to_owned()
}

/// What one search of a query did, as [`draw_query`] draws it: the cells
/// it expanded, its path and how it ended, each cell `(x, y)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace<A> {
    /// The algorithm ([`Algorithm::name`] is the panel's id,
    /// [`Algorithm::label`] its heading).
    pub algorithm: A,
    /// The cells it expanded forward, in order (repeats kept).
    pub forward: Vec<(usize, usize)>,
    /// The cells it expanded backward (bidirectional searches).
    pub backward: Vec<(usize, usize)>,
    /// The path's cells from start to goal, empty if none was found.
    pub path: Vec<(usize, usize)>,
    /// The path's length.
    pub length: Option<f64>,
    /// Nodes expanded, as the search counts them.
    pub expanded: u64,
    /// The limit that stopped it, if one did.
    pub stopped: Option<Limit>,
    /// Whether the forward cells are also ringed: the few jump points of
    /// jump point search among many cells, to be seen.
    pub ring_forward: bool,
}

/// The SVG of `traces`, side by side ([`draw`]), each the map `grid` with
/// the cells its search expanded and its path, captioned with the nodes
/// expanded and the length found (or the limit that stopped it), under a
/// heading naming the map (`name`), the query's line, its endpoints and
/// its length.
///
/// # Example
///
/// ```
/// use grid::suite::Algorithm;
/// use grid::svg::{Trace, draw_query};
/// use grid::{Grid, Scenario};
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// struct AStar;
///
/// impl Algorithm for AStar {
///     fn name(&self) -> &str {
///         "astar"
///     }
///     fn label(&self) -> &str {
///         "A*"
///     }
///     fn is_optimal(&self) -> bool {
///         true
///     }
/// }
///
/// let grid = Grid::parse_map(b"type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n")?;
/// let scenario = Scenario::parse(b"version 1\n0\tm.map\t3\t2\t0\t0\t2\t0\t2\n")?;
/// let trace = Trace {
///     algorithm: AStar,
///     forward: vec![(0, 0), (1, 0)],
///     backward: Vec::new(),
///     path: vec![(0, 0), (1, 0), (2, 0)],
///     length: Some(2.0),
///     expanded: 2,
///     stopped: None,
///     ring_forward: false,
/// };
/// let svg = draw_query(&grid, "m.map", &scenario.queries[0], &[trace]);
/// assert!(svg.contains("<title>m.map, line 2: (0, 0) to (2, 0), length 2</title>"));
/// assert!(svg.contains(">2 expanded, length 2</text>"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Panics
///
/// If a cell of a trace is off the map.
#[must_use]
pub fn draw_query<A: Algorithm>(
    grid: &Grid,
    name: &str,
    query: &Query,
    traces: &[Trace<A>],
) -> String {
    let (ax, ay) = query.start;
    let (bx, by) = query.goal;
    let title = format!(
        "{name}, line {}: ({ax}, {ay}) to ({bx}, {by}), length {}",
        query.line,
        number(query.optimal)
    );
    let captions: Vec<String> = traces
        .iter()
        .map(|trace| {
            let outcome = match (trace.length, trace.stopped) {
                (Some(length), _) => format!("length {}", number(length)),
                (None, Some(limit)) => format!("stopped by its {limit}"),
                (None, None) => "no path".to_owned(),
            };
            format!("{} expanded, {outcome}", trace.expanded)
        })
        .collect();
    let panels: Vec<Panel<'_>> = traces
        .iter()
        .zip(&captions)
        .map(|(trace, caption)| Panel {
            id: trace.algorithm.name(),
            label: trace.algorithm.label(),
            caption,
            forward: &trace.forward,
            backward: &trace.backward,
            path: &trace.path,
            ring_forward: trace.ring_forward,
        })
        .collect();
    draw(grid, &title, query.start, query.goal, &panels)
}

/// Escapes text for an SVG text node or attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The colours: open cells, walls, cells expanded forward, backward, both
/// ways; the path; start and goal. Jump points are also ringed ([`JUMP`]).
const OPEN: &str = "#f3efe6";
const WALL: &str = "#2f2f35";
const FORWARD: &str = "#8fc1e3";
const BACKWARD: &str = "#f5b071";
const BOTH: &str = "#b79bd6";
const PATH: &str = "#d62728";
const START: &str = "#1a9641";
const GOAL: &str = "#111111";
/// The rings around jump points.
const JUMP: &str = "#1f5fa8";

/// The class of a wall cell in a panel's classes: drawn over by the
/// walls, so a run of another class may pass it.
const UNDER_WALL: u8 = u8::MAX;

/// Appends a `<path>` filling each run of cells of class `class` in
/// `classes` (row-major, `width` a row) with one `M x y h w v 1 h -w z`:
/// a run may pass cells of class [`UNDER_WALL`] (which the walls cover),
/// so expanded areas between scattered walls stay one run.
fn runs(out: &mut String, classes: &[u8], width: usize, class: u8, fill: &str) {
    // cannot fail: writing to a String
    let _ = write!(
        out,
        r#"<path fill="{fill}" shape-rendering="crispEdges" d=""#
    );
    for (y, row) in classes.chunks(width).enumerate() {
        let mut x = 0;
        while x < width {
            if row[x] != class {
                x += 1;
                continue;
            }
            let from = x;
            let mut to = x;
            while x < width && (row[x] == class || row[x] == UNDER_WALL) {
                if row[x] == class {
                    to = x + 1;
                }
                x += 1;
            }
            let _ = write!(out, "M{from} {y}h{}v1h-{}z", to - from, to - from);
        }
        out.push('\n');
    }
    out.push_str("\"/>\n");
}

/// Sizes in the drawing's units (one a cell).
#[derive(Clone, Copy, Debug)]
struct Layout {
    /// The map's width and height, in cells.
    width: usize,
    height: usize,
    /// Pixels per cell.
    scale: f64,
}

impl Layout {
    /// The layout of a `width` × `height` map: a panel about 560 pixels
    /// across.
    #[expect(
        clippy::cast_precision_loss,
        reason = "map sides (at most 36,000) are exact in f64"
    )]
    fn new(width: usize, height: usize) -> Layout {
        let side = width.max(height) as f64;
        Layout {
            width,
            height,
            scale: (560.0 / side).clamp(0.5, 16.0),
        }
    }

    /// `pixels` in cells.
    fn px(self, pixels: f64) -> f64 {
        pixels / self.scale
    }

    /// The margin around and between panels.
    fn gap(self) -> f64 {
        self.px(24.0)
    }

    /// The height of the heading over all panels, and of each panel's
    /// caption: where the map starts.
    fn top(self) -> f64 {
        self.px(34.0 + 40.0)
    }

    /// The left edge of panel `index`.
    #[expect(
        clippy::cast_precision_loss,
        reason = "panel counts and map sides are exact in f64"
    )]
    fn left(self, index: usize) -> f64 {
        self.gap() + index as f64 * (self.width as f64 + self.gap())
    }
}

/// The SVG of `panels`, side by side, each the map `grid` with the cells
/// its search expanded and its path, the `start` and `goal` cells marked,
/// under the heading `title`.
///
/// # Panics
///
/// If a panel's cell is off the map.
///
/// # Complexity
///
/// O(cells × panels + the cells listed).
#[must_use]
#[expect(
    clippy::cast_precision_loss,
    reason = "map sides (at most 36,000) are exact in f64"
)]
pub fn draw(
    grid: &Grid,
    title: &str,
    start: (usize, usize),
    goal: (usize, usize),
    panels: &[Panel<'_>],
) -> String {
    let (width, height) = (grid.width(), grid.height());
    let layout = Layout::new(width, height);
    let total_width = layout.left(panels.len().max(1));
    let total_height = layout.top() + height as f64 + layout.gap();
    let mut out = String::new();
    // cannot fail: writing to a String
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" font-family="sans-serif">"#,
        (total_width * layout.scale).round(),
        (total_height * layout.scale).round(),
        number(total_width),
        number(total_height)
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    // The walls, drawn once and used by every panel.
    let walls: Vec<u8> = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .map(|(x, y)| u8::from(grid.terrain(x, y) == Terrain::Blocked))
        .collect();
    out.push_str(r#"<defs><g id="walls">"#);
    runs(&mut out, &walls, width, 1, WALL);
    let _ = writeln!(out, "</g></defs>");
    let _ = writeln!(
        out,
        r#"<rect width="100%" height="100%" fill="white"/><text x="{}" y="{}" font-size="{}" font-weight="bold">{}</text>"#,
        number(layout.gap()),
        number(layout.px(22.0)),
        number(layout.px(15.0)),
        escape(title)
    );
    for (index, panel) in panels.iter().enumerate() {
        let ends = (start, goal);
        draw_panel(&mut out, layout, layout.left(index), &walls, ends, panel);
    }
    let _ = writeln!(out, "</svg>");
    out
}

/// Appends `panel` at `left`: its caption, then the map (`walls`) with
/// the cells expanded, the path, the rings and the endpoints (`ends`,
/// start then goal).
fn draw_panel(
    out: &mut String,
    layout: Layout,
    left: f64,
    walls: &[u8],
    (start, goal): ((usize, usize), (usize, usize)),
    panel: &Panel<'_>,
) {
    let px = |pixels| layout.px(pixels);
    let (width, height) = (layout.width, layout.height);
    // cannot fail: writing to a String
    let _ = writeln!(
        out,
        r#"<g class="panel" id="panel-{}"><text x="{}" y="{}" font-size="{}" font-weight="bold">{}</text>"#,
        panel.id,
        number(left),
        number(px(34.0 + 16.0)),
        number(px(15.0)),
        escape(panel.label)
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-size="{}">{}</text>"#,
        number(left),
        number(px(34.0 + 34.0)),
        number(px(13.0)),
        escape(panel.caption)
    );
    let _ = writeln!(
        out,
        r#"<g transform="translate({} {})"><rect width="{width}" height="{height}" fill="{OPEN}"/>"#,
        number(left),
        number(layout.top())
    );
    let mut classes: Vec<u8> = walls.iter().map(|&wall| wall * UNDER_WALL).collect();
    for &(x, y) in panel.forward {
        classes[y * width + x] |= 1;
    }
    for &(x, y) in panel.backward {
        classes[y * width + x] |= 2;
    }
    for (class, colour) in [(1, FORWARD), (2, BACKWARD), (3, BOTH)] {
        if classes.contains(&class) {
            runs(out, &classes, width, class, colour);
        }
    }
    let _ = writeln!(out, r##"<use href="#walls"/>"##);
    let stroke = px(2.5).max(0.2);
    if panel.path.len() > 1 {
        let points: Vec<String> = panel
            .path
            .iter()
            .map(|&(x, y)| format!("{x}.5,{y}.5"))
            .collect();
        let _ = writeln!(
            out,
            r#"<polyline points="{}" fill="none" stroke="{PATH}" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round"/>"#,
            points.join(" "),
            number(stroke)
        );
    }
    let radius = px(4.5).max(0.45);
    if panel.ring_forward {
        // A few jump points among many cells: ringed, to be seen.
        let mut points = panel.forward.to_vec();
        points.sort_unstable();
        points.dedup();
        let _ = write!(
            out,
            r#"<g fill="none" stroke="{JUMP}" stroke-width="{}">"#,
            number(stroke * 0.6)
        );
        for (x, y) in points {
            let _ = write!(
                out,
                r#"<circle cx="{x}.5" cy="{y}.5" r="{}"/>"#,
                number(radius * 0.8)
            );
        }
        let _ = writeln!(out, "</g>");
    }
    for ((x, y), colour) in [(start, START), (goal, GOAL)] {
        let _ = writeln!(
            out,
            r#"<circle cx="{x}.5" cy="{y}.5" r="{}" fill="{colour}"/>"#,
            number(radius)
        );
    }
    let _ = writeln!(out, "</g></g>");
}
