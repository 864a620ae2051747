//! One query drawn once per algorithm, side by side: the map (walls dark,
//! open cells light), the cells each search expanded (tinted: forward
//! blue, backward orange, both purple; the jump points of jump point
//! search also ringed) and its path.
//!
//! The SVG is written by hand. Every cell is one user unit; a row's run of
//! equal cells is one rectangle, and the walls are drawn once and reused
//! by every panel, so a 512x512 map stays a file of a few hundred
//! kilobytes.

use std::fmt::Write as _;

use frontier::Limit;
use grid::{Cardinal, Cell, CornerCutting, Grid, Octile, Query, Terrain};

use super::load::Suite;
use super::movement::{GridMovement, Searchers};
use super::run::{ReplayBug, RunError, jump_tables_of, route};
use super::search::{MovementKind, Search};
use crate::registry::Algorithm;

/// One algorithm's search of the drawn query.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// The algorithm.
    pub algorithm: Search,
    /// The cells it expanded forward, `(x, y)`, in order (repeats kept).
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
}

/// The query to draw: `(map, query)` indices, `index` of the first map's
/// queries (the csv's `index` column) or, without one, its longest.
///
/// # Errors
///
/// A message if `index` is not one of the first map's queries.
pub fn svg_query(suite: &Suite, index: Option<usize>) -> Result<(usize, usize), String> {
    let Some(first) = suite.maps.first() else {
        return Err("there is no query to draw".to_owned());
    };
    match index {
        Some(index) if index < first.queries.len() => Ok((0, index)),
        Some(index) => Err(format!(
            "--query {index}: {} has queries 0 to {}",
            first.name,
            first.queries.len() - 1
        )),
        None => Ok((
            0,
            first
                .queries
                .iter()
                .enumerate()
                .max_by(|(_, a), (_, b)| a.1.optimal.total_cmp(&b.1.optimal))
                .map_or(0, |(index, _)| index),
        )),
    }
}

/// The algorithms drawn when none are asked for: A*, jump point search
/// where it is available, and a bidirectional search
/// ([`MovementKind::bidirectional`]).
#[must_use]
pub fn default_panels(movement: MovementKind) -> Vec<Search> {
    [
        Search::Registry(Algorithm::AStar),
        Search::Registry(Algorithm::Jps),
        movement.bidirectional(&[]),
    ]
    .into_iter()
    .filter(|algorithm| algorithm.refusal(movement).is_none())
    .collect()
}

/// Searches query `query` of map `map` with each of `algorithms`, noting
/// the cells each expands.
///
/// # Errors
///
/// [`RunError::Replay`] if a path does not replay,
/// [`RunError::JumpTable`] if JPS+'s table cannot be had.
///
/// # Panics
///
/// If an algorithm is refused under `movement` ([`Search::refusal`]).
pub fn panels(
    suite: &Suite,
    (map, query): (usize, usize),
    algorithms: &[Search],
    movement: MovementKind,
    max_nodes: u64,
) -> Result<Vec<Panel>, RunError> {
    if let Some(refusal) = algorithms
        .iter()
        .find_map(|algorithm| algorithm.refusal(movement))
    {
        panic!("{refusal}");
    }
    match movement {
        MovementKind::Octile => panels_as::<Octile>(suite, map, query, algorithms, max_nodes),
        MovementKind::CornerCutting => {
            panels_as::<CornerCutting>(suite, map, query, algorithms, max_nodes)
        }
        MovementKind::Cardinal => panels_as::<Cardinal>(suite, map, query, algorithms, max_nodes),
    }
}

/// [`panels`] under movement `M`.
fn panels_as<M: GridMovement>(
    suite: &Suite,
    map: usize,
    index: usize,
    algorithms: &[Search],
    max_nodes: u64,
) -> Result<Vec<Panel>, RunError> {
    let set = &suite.maps[map];
    let (scenario, query) = &set.queries[index];
    let route = route::<M>(set, query);
    let tables = jump_tables_of::<M>(set, algorithms)?;
    let xy = |cells: Vec<Cell>| -> Vec<(usize, usize)> {
        cells.into_iter().map(|cell| set.grid.xy(cell)).collect()
    };
    let mut searchers = Searchers::new(max_nodes);
    let mut panels = Vec::with_capacity(algorithms.len());
    for &algorithm in algorithms {
        let recording = searchers.solve(algorithm, route, &tables, true);
        let attempt = recording.attempt;
        let (path, length, stopped) = match attempt.outcome {
            Ok(Some(steps)) => {
                let length = route.replay(&steps).map_err(|error| ReplayBug {
                    scenario: suite.scenarios[*scenario].clone(),
                    line: query.line,
                    map: set.name.clone(),
                    algorithm: Some(algorithm),
                    error,
                })?;
                (xy(route.cells(&steps)), Some(length.value()), None)
            }
            Ok(None) => (Vec::new(), None, None),
            Err(limit) => (Vec::new(), None, Some(limit)),
        };
        panels.push(Panel {
            algorithm,
            forward: xy(recording.forward),
            backward: xy(recording.backward),
            path,
            length,
            expanded: attempt.expanded,
            stopped,
        });
    }
    Ok(panels)
}

/// A number for the drawing: at most two decimals, no trailing zeros.
fn num(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.to_owned()
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
/// its search expanded and its path, under a heading naming the map
/// (`name`) and the query.
#[must_use]
#[expect(
    clippy::cast_precision_loss,
    reason = "map sides (at most 36,000) are exact in f64"
)]
pub fn draw_svg(grid: &Grid, name: &str, query: &Query, panels: &[Panel]) -> String {
    let (width, height) = (grid.width(), grid.height());
    let layout = Layout::new(width, height);
    let total_width = layout.left(panels.len().max(1));
    let total_height = layout.top() + height as f64 + layout.gap();
    let mut out = String::new();
    let (ax, ay) = query.start;
    let (bx, by) = query.goal;
    let title = format!(
        "{name}, line {}: ({ax}, {ay}) to ({bx}, {by}), length {}",
        query.line,
        num(query.optimal)
    );
    // cannot fail: writing to a String
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" font-family="sans-serif">"#,
        (total_width * layout.scale).round(),
        (total_height * layout.scale).round(),
        num(total_width),
        num(total_height)
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&title));
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
        num(layout.gap()),
        num(layout.px(22.0)),
        num(layout.px(15.0)),
        escape(&title)
    );
    for (index, panel) in panels.iter().enumerate() {
        draw_panel(&mut out, layout, layout.left(index), &walls, query, panel);
    }
    let _ = writeln!(out, "</svg>");
    out
}

/// Appends `panel` at `left`: its caption, then the map (`walls`) with
/// the cells expanded, the path, the jump points and the endpoints.
fn draw_panel(
    out: &mut String,
    layout: Layout,
    left: f64,
    walls: &[u8],
    query: &Query,
    panel: &Panel,
) {
    let px = |pixels| layout.px(pixels);
    let (width, height) = (layout.width, layout.height);
    let outcome = match (panel.length, panel.stopped) {
        (Some(length), _) => format!("length {}", num(length)),
        (None, Some(limit)) => format!("stopped by its {limit}"),
        (None, None) => "no path".to_owned(),
    };
    // cannot fail: writing to a String
    let _ = writeln!(
        out,
        r#"<g class="panel" id="panel-{}"><text x="{}" y="{}" font-size="{}" font-weight="bold">{}</text>"#,
        panel.algorithm.name(),
        num(left),
        num(px(34.0 + 16.0)),
        num(px(15.0)),
        escape(panel.algorithm.label())
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-size="{}">{} expanded, {outcome}</text>"#,
        num(left),
        num(px(34.0 + 34.0)),
        num(px(13.0)),
        panel.expanded
    );
    let _ = writeln!(
        out,
        r#"<g transform="translate({} {})"><rect width="{width}" height="{height}" fill="{OPEN}"/>"#,
        num(left),
        num(layout.top())
    );
    let mut classes: Vec<u8> = walls.iter().map(|&wall| wall * UNDER_WALL).collect();
    for &(x, y) in &panel.forward {
        classes[y * width + x] |= 1;
    }
    for &(x, y) in &panel.backward {
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
            num(stroke)
        );
    }
    let radius = px(4.5).max(0.45);
    if panel.algorithm.algorithm() == Algorithm::Jps {
        // A few jump points among many cells: ringed, to be seen.
        let mut points = panel.forward.clone();
        points.sort_unstable();
        points.dedup();
        let _ = write!(
            out,
            r#"<g fill="none" stroke="{JUMP}" stroke-width="{}">"#,
            num(stroke * 0.6)
        );
        for (x, y) in points {
            let _ = write!(
                out,
                r#"<circle cx="{x}.5" cy="{y}.5" r="{}"/>"#,
                num(radius * 0.8)
            );
        }
        let _ = writeln!(out, "</g>");
    }
    for ((x, y), colour) in [(query.start, START), (query.goal, GOAL)] {
        let _ = writeln!(
            out,
            r#"<circle cx="{x}.5" cy="{y}.5" r="{}" fill="{colour}"/>"#,
            num(radius)
        );
    }
    let _ = writeln!(out, "</g></g>");
}
