//! The comparison's chart: nodes expanded (log scale) against the optimal
//! solution length, one panel per board size, one series per strategy.
//!
//! Each series draws a marker per solved board and a line through the
//! geometric mean at each length; a hollow marker is an attempt stopped by
//! a limit, drawn at the work done until then. The table is left out (it
//! expands nothing per board) and so are the dense-table variants, which
//! expand exactly the nodes of their hashed twins.

use std::collections::BTreeMap;

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

use super::{BoardSet, CrossCheck, Record, human_count};

/// An axis label at a power of ten: `1`, `100`, `10k`, `1M`.
fn decade(value: f64) -> String {
    let exponent = value.log10().round();
    if (value.log10() - exponent).abs() > 1e-6 {
        return human_count(value);
    }
    match exponent {
        e if e < 3.0 => format!("{value:.0}"),
        e if e < 6.0 => format!("{:.0}k", value / 1e3),
        e if e < 9.0 => format!("{:.0}M", value / 1e6),
        _ => format!("{:.0}G", value / 1e9),
    }
}
use crate::strategy::{Algorithm, Answer, HeuristicName, Size, Strategy};

/// The chart could not be drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot draw the chart: {0}")]
pub struct PlotError(String);

impl PlotError {
    fn from<E: std::fmt::Display>(error: E) -> Self {
        PlotError(error.to_string())
    }
}

/// The size of the chart, in pixels.
const SIZE: (u32, u32) = (1400, 720);

/// How a strategy is drawn: its colour and whether its line is dashed.
fn style(strategy: Strategy) -> (RGBColor, bool) {
    let colour = match (strategy.algorithm, strategy.heuristic) {
        (Algorithm::Bfs, _) => RGBColor(120, 120, 120),
        (Algorithm::Bidirectional, _) => RGBColor(140, 86, 75),
        (_, Some(HeuristicName::Misplaced)) => RGBColor(230, 120, 20),
        (_, Some(HeuristicName::Manhattan)) => RGBColor(40, 150, 60),
        (_, Some(HeuristicName::LinearConflict)) => RGBColor(40, 90, 200),
        _ => RGBColor(150, 60, 170),
    };
    (colour, strategy.algorithm == Algorithm::IdaStar)
}

/// Whether the chart draws `strategy`.
fn drawn(strategy: Strategy) -> bool {
    matches!(
        strategy.algorithm,
        Algorithm::Bfs | Algorithm::Bidirectional | Algorithm::AStar | Algorithm::IdaStar
    )
}

/// One panel's points of one strategy: `(length, expanded, solved)`.
type Points = Vec<(usize, f64, bool)>;

/// Draws the chart as an SVG document.
///
/// # Errors
///
/// [`PlotError`] if plotters fails to lay the chart out.
#[expect(
    clippy::cast_precision_loss,
    reason = "node counts plotted on a log axis"
)]
pub fn svg(
    sets: &[BoardSet],
    strategies: &[Strategy],
    records: &[Record],
    check: &CrossCheck,
) -> Result<String, PlotError> {
    let sizes: Vec<Size> = [Size::Three, Size::Four]
        .into_iter()
        .filter(|size| sets.iter().any(|set| set.size == *size))
        .collect();
    let panels: Vec<(Size, Vec<(Strategy, Points)>)> = sizes
        .iter()
        .map(|&size| {
            let series = strategies
                .iter()
                .filter(|s| drawn(**s) && s.algorithm.handles(size))
                .map(|&strategy| {
                    let points = records
                        .iter()
                        .filter(|r| r.strategy == strategy && sets[r.set].size == size)
                        .filter_map(|r| {
                            let length = check.optimal[r.set][r.board]?;
                            let solved = matches!(r.attempt.answer, Answer::Solved(_));
                            Some((length, (r.attempt.expanded as f64).max(1.0), solved))
                        })
                        .collect();
                    (strategy, points)
                })
                .collect();
            (size, series)
        })
        .collect();
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(PlotError::from)?;
        let root = root
            .titled(
                "Nodes expanded against optimal solution length",
                ("sans-serif", 26).into_font().color(&BLACK),
            )
            .map_err(PlotError::from)?;
        let (body, footer) = root.split_vertically(SIZE.1 - FOOTER);
        let areas = body.split_evenly((1, panels.len().max(1)));
        for (area, (size, series)) in areas.iter().zip(&panels) {
            panel(area, *size, series)?;
        }
        let drawn_strategies: Vec<Strategy> =
            strategies.iter().copied().filter(|s| drawn(*s)).collect();
        legend(&footer, &drawn_strategies)?;
        root.present().map_err(PlotError::from)?;
    }
    Ok(out)
}

/// The height of the strip under the panels: the legend and the notes.
const FOOTER: u32 = 160;

/// Draws the legend, four entries a row, and the notes under it.
fn legend(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    strategies: &[Strategy],
) -> Result<(), PlotError> {
    const COLUMN: i32 = 300;
    const ROW: i32 = 28;
    let font = ("sans-serif", 16).into_font().color(&BLACK);
    let left = (i32::try_from(SIZE.0).unwrap_or(0) - 4 * COLUMN) / 2;
    for strategy in strategies {
        // A column per heuristic, so colours line up; BFS and A* above,
        // their bidirectional and iterative-deepening cousins below.
        let column = match strategy.heuristic {
            None | Some(HeuristicName::Zero) => 0,
            Some(HeuristicName::Misplaced) => 1,
            Some(HeuristicName::Manhattan) => 2,
            Some(HeuristicName::LinearConflict) => 3,
        };
        let row = i32::from(matches!(
            strategy.algorithm,
            Algorithm::Bidirectional | Algorithm::IdaStar
        ));
        let (x, y) = (left + column * COLUMN, 14 + row * ROW);
        let (colour, dashed) = style(*strategy);
        let line = vec![(x, y), (x + 40, y)];
        if dashed {
            area.draw(&DashedPathElement::new(line, 8, 5, colour.stroke_width(3)))
        } else {
            area.draw(&PathElement::new(line, colour.stroke_width(3)))
        }
        .map_err(PlotError::from)?;
        area.draw(&Circle::new((x + 20, y), 4, colour.filled()))
            .map_err(PlotError::from)?;
        area.draw(&Text::new(
            strategy.to_string(),
            (x + 52, y - 9),
            font.clone(),
        ))
        .map_err(PlotError::from)?;
    }
    let notes_top = 14 + 2 * ROW + 8;
    let grey = ("sans-serif", 15).into_font().color(&RGBColor(70, 70, 70));
    let notes = [
        "Filled markers: one solved board each; lines: geometric mean per length; dashed: IDA*. \
         Hollow markers: stopped by a memory or time limit, drawn at the work done until then.",
        "Not drawn: the 3x3 table (no search per board) and the dense-table variants (same nodes as their hashed twins).",
    ];
    for (i, note) in (0..).zip(notes) {
        area.draw(&Text::new(note, (20, notes_top + i * 24), grey.clone()))
            .map_err(PlotError::from)?;
    }
    Ok(())
}

/// Draws the panel of one board size.
fn panel(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    size: Size,
    series: &[(Strategy, Points)],
) -> Result<(), PlotError> {
    let all = series.iter().flat_map(|(_, points)| points);
    let max_length = all.clone().map(|p| p.0).max().unwrap_or(1);
    let min_length = all.clone().map(|p| p.0).min().unwrap_or(0);
    let max_nodes = all.map(|p| p.1).fold(10.0_f64, f64::max);
    // Whole decades, so the log axis has its labels at powers of ten.
    let top = 10_f64.powf(max_nodes.log10().ceil());
    let left = min_length.saturating_sub(1);
    let mut chart = ChartBuilder::on(area)
        .caption(format!("{size} boards"), ("sans-serif", 22))
        .margin(18)
        .x_label_area_size(50)
        .y_label_area_size(80)
        .build_cartesian_2d(left..max_length + 1, (1.0..top).log_scale())
        .map_err(PlotError::from)?;
    chart
        .configure_mesh()
        .x_desc("optimal solution length (moves)")
        .y_desc("nodes expanded (log scale)")
        .axis_desc_style(("sans-serif", 17))
        .label_style(("sans-serif", 15))
        .y_label_formatter(&|v| decade(*v))
        .x_labels(12)
        .light_line_style(RGBColor(235, 235, 235))
        .bold_line_style(RGBColor(200, 200, 200))
        .draw()
        .map_err(PlotError::from)?;
    for (strategy, points) in series {
        let (colour, dashed) = style(*strategy);
        let line_style = colour.stroke_width(2);
        let means = geometric_means(points);
        if dashed {
            chart
                .draw_series(DashedLineSeries::new(means, 8, 5, line_style))
                .map_err(PlotError::from)?;
        } else {
            chart
                .draw_series(LineSeries::new(means, line_style))
                .map_err(PlotError::from)?;
        }
        chart
            .draw_series(points.iter().map(|&(length, nodes, solved)| {
                let style = if solved {
                    colour.mix(0.55).filled()
                } else {
                    colour.stroke_width(2)
                };
                Circle::new((length, nodes), if solved { 3 } else { 5 }, style)
            }))
            .map_err(PlotError::from)?;
    }
    Ok(())
}

/// The geometric mean of the solved boards' nodes at each length, in
/// length order.
#[expect(clippy::cast_precision_loss, reason = "a handful of boards per length")]
fn geometric_means(points: &[(usize, f64, bool)]) -> Vec<(usize, f64)> {
    let mut by_length: BTreeMap<usize, (f64, usize)> = BTreeMap::new();
    for &(length, nodes, solved) in points {
        if solved {
            let entry = by_length.entry(length).or_insert((0.0, 0));
            entry.0 += nodes.ln();
            entry.1 += 1;
        }
    }
    by_length
        .into_iter()
        .map(|(length, (sum, n))| (length, (sum / n as f64).exp()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn means_are_geometric_and_skip_stopped_attempts() {
        let means = geometric_means(&[(3, 10.0, true), (3, 1000.0, true), (5, 7.0, false)]);
        assert_eq!(means.len(), 1);
        assert_eq!(means[0].0, 3);
        assert!((means[0].1 - 100.0).abs() < 1e-9);
    }

    #[test]
    fn axis_labels() {
        assert_eq!(decade(1.0), "1");
        assert_eq!(decade(100.0), "100");
        assert_eq!(decade(10_000.0), "10k");
        assert_eq!(decade(1e8), "100M");
    }
}
