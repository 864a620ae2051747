//! The comparison's chart: nodes expanded (log scale) against the optimal
//! solution length, one panel per charted domain (the board sizes), one
//! series per strategy.
//!
//! Each series draws a marker per solved board and a line through the
//! geometric mean at each length; a hollow marker is an attempt stopped by
//! a limit, drawn at the work done until then. The table is left out (it
//! expands nothing per board) and so are the dense-table variants, which
//! expand exactly the nodes of their hashed twins.
//!
//! Styles follow the registry, so a new algorithm or heuristic is drawn
//! without a change here: a guided strategy takes its heuristic's colour,
//! an unguided one a grey of its own; among the algorithms of the same kind
//! (guided or not), every second one in registry order is dashed (IDA*
//! after A*). The legend has a column per heuristic and a row per
//! algorithm of each kind.

use std::collections::BTreeMap;

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

use super::{BoardSet, CrossCheck, Record, human_count};

use crate::domain::AnyDomain;
use crate::domains::{DOMAINS, heuristics, strength};
use crate::strategy::{Algorithm, Heuristic, Strategy};

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

/// Colours of the heuristics, by their position in [`heuristics`]
/// (reused in turn past the end).
const HEURISTIC_COLOURS: [RGBColor; 7] = [
    RGBColor(150, 60, 170),
    RGBColor(230, 120, 20),
    RGBColor(40, 150, 60),
    RGBColor(40, 90, 200),
    RGBColor(0, 150, 150),
    RGBColor(200, 40, 60),
    RGBColor(160, 120, 0),
];

/// Colours of the unguided algorithms, by their legend row.
const UNGUIDED_COLOURS: [RGBColor; 3] = [
    RGBColor(120, 120, 120),
    RGBColor(140, 86, 75),
    RGBColor(60, 60, 60),
];

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

/// Whether the chart draws `algorithm`'s series: it searches, and is not a
/// dense-table twin.
fn drawn(algorithm: Algorithm) -> bool {
    algorithm.searches() && !algorithm.is_dense()
}

/// The legend row of `algorithm`: its rank, in registry order, among the
/// drawn algorithms of its kind (guided or not).
fn row(algorithm: Algorithm) -> usize {
    Algorithm::ALL
        .iter()
        .filter(|a| drawn(**a) && a.uses_heuristic() == algorithm.uses_heuristic())
        .position(|&a| a == algorithm)
        .unwrap_or(0)
}

/// How a strategy is drawn: its colour and whether its line is dashed.
fn style(strategy: Strategy) -> (RGBColor, bool) {
    let row = row(strategy.algorithm);
    let colour = match strategy.heuristic {
        Some(heuristic) => {
            let index = heuristics()
                .iter()
                .position(|&h| h == heuristic)
                .unwrap_or(0);
            HEURISTIC_COLOURS[index % HEURISTIC_COLOURS.len()]
        }
        None => UNGUIDED_COLOURS[row % UNGUIDED_COLOURS.len()],
    };
    (colour, strategy.heuristic.is_some() && row % 2 == 1)
}

/// The labels of the drawn algorithms satisfying `keep`, joined by `and`.
fn algorithm_labels(keep: impl Fn(Algorithm) -> bool) -> String {
    let labels: Vec<&str> = Algorithm::ALL
        .iter()
        .filter(|&&a| keep(a))
        .map(|a| a.label())
        .collect();
    labels.join(" and ")
}

/// One panel's points of one strategy: `(length, expanded, solved)`.
type Points = Vec<(usize, f64, bool)>;

/// A panel: its domain, and each strategy's points.
type Panel<'a> = (&'a dyn AnyDomain, Vec<(Strategy, Points)>);

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
    let domains: Vec<&'static dyn AnyDomain> = DOMAINS
        .into_iter()
        .filter(|domain| domain.charted() && sets.iter().any(|set| set.domain == *domain))
        .collect();
    let panels: Vec<Panel<'_>> = domains
        .iter()
        .map(|&domain| {
            let series = strategies
                .iter()
                .filter(|s| drawn(s.algorithm) && s.handles(domain))
                .map(|&strategy| {
                    let points = records
                        .iter()
                        .filter(|r| r.strategy == strategy && sets[r.set].domain == domain)
                        .filter_map(|r| {
                            let length = check.optimal[r.set][r.board]?;
                            let solved = r.attempt.moves().is_some();
                            let expanded = r.attempt.stats.expanded as f64;
                            Some((length, expanded.max(1.0), solved))
                        })
                        .collect();
                    (strategy, points)
                })
                .collect();
            (domain, series)
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
        for (area, (domain, series)) in areas.iter().zip(&panels) {
            panel(area, *domain, series)?;
        }
        // Pancake sets have no panel: their strategies stay out of the legend.
        let drawn_strategies: Vec<Strategy> = strategies
            .iter()
            .copied()
            .filter(|s| drawn(s.algorithm) && domains.iter().any(|&domain| s.handles(domain)))
            .collect();
        legend(&footer, &drawn_strategies)?;
        root.present().map_err(PlotError::from)?;
    }
    Ok(out)
}

/// The height of the strip under the panels: the legend and the notes.
const FOOTER: u32 = 160;

/// Draws the legend, a column per heuristic (the unguided algorithms
/// first), a row per algorithm of each kind, and the notes under it.
fn legend(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    strategies: &[Strategy],
) -> Result<(), PlotError> {
    const ROW: i32 = 28;
    let font = ("sans-serif", 16).into_font().color(&BLACK);
    let mut heuristics: Vec<Heuristic> = strategies.iter().filter_map(|s| s.heuristic).collect();
    heuristics.sort_unstable_by_key(|&h| strength(h));
    heuristics.dedup();
    let columns = i32::try_from(heuristics.len() + 1).unwrap_or(1);
    let width = i32::try_from(SIZE.0).unwrap_or(0);
    let column_width = ((width - 40) / columns).min(300);
    let left = (width - columns * column_width) / 2;
    let mut rows = 1;
    for strategy in strategies {
        // A column per heuristic, so colours line up; A* above IDA*, BFS
        // above bidirectional BFS.
        let column = strategy
            .heuristic
            .and_then(|h| heuristics.iter().position(|&known| known == h))
            .map_or(0, |index| index + 1);
        let row = row(strategy.algorithm);
        rows = rows.max(row + 1);
        let column = i32::try_from(column).unwrap_or(0);
        let row = i32::try_from(row).unwrap_or(0);
        let (x, y) = (left + column * column_width, 14 + row * ROW);
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
    let notes_top = 14 + i32::try_from(rows).unwrap_or(2) * ROW + 8;
    let grey = ("sans-serif", 15).into_font().color(&RGBColor(70, 70, 70));
    let dashed = algorithm_labels(|a| drawn(a) && a.uses_heuristic() && row(a) % 2 == 1);
    let lookups = algorithm_labels(|a| !a.searches());
    let notes = [
        format!(
            "Filled markers: one solved board each; lines: geometric mean per length; dashed: {dashed}. \
             Hollow markers: stopped by a memory or time limit, drawn at the work done until then."
        ),
        format!(
            "Not drawn: the {lookups} (no search per board) and the dense-table variants (same nodes as their hashed twins)."
        ),
    ];
    for (i, note) in (0..).zip(notes) {
        area.draw(&Text::new(note, (20, notes_top + i * 24), grey.clone()))
            .map_err(PlotError::from)?;
    }
    Ok(())
}

/// Draws the panel of one domain.
fn panel(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    domain: &dyn AnyDomain,
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
        .caption(domain.instances(), ("sans-serif", 22))
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
            chart.draw_series(DashedLineSeries::new(means, 8, 5, line_style))
        } else {
            chart.draw_series(LineSeries::new(means, line_style))
        }
        .map_err(PlotError::from)?;
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
