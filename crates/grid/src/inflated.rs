//! Weighted A* on terrain maps: a [`TerrainMap`]'s route searched with its
//! Manhattan estimate multiplied by a weight ([`weighted`], [`Inflated`]),
//! and the weight read from text ([`parse_weight`]) and checked as a value
//! (finite, at least 1, and small enough for the map: [`max_weight`]).

use frontier::{SearchProblem, Step};

use crate::grid::{Cell, Direction};
use crate::movement::Weighted;
use crate::route::Route;
use crate::text::TerrainMap;

/// Why a weight cannot be used by weighted A* (see [`weighted`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum WeightError {
    /// The text is not a number.
    #[error("{:?} is not a number", frontier_text::excerpt(text))]
    NotANumber {
        /// The text as written (cut short in the message if long).
        text: String,
    },
    /// NaN or an infinity: the weighted estimate would saturate or be
    /// meaningless.
    #[error("the weight must be a finite number, not {weight}")]
    NotFinite {
        /// The weight.
        weight: f64,
    },
    /// Below 1 (zero, negative or a fraction): weighted A* inflates the
    /// heuristic, and its bound on the cost, `weight` times the cheapest,
    /// means nothing below 1.
    #[error("the weight must be at least 1, not {weight}")]
    BelowOne {
        /// The weight.
        weight: f64,
    },
    /// So large that an estimate plus a path cost would pass 2^53 on this
    /// map, where the estimates (computed in `f64`) stop being exact.
    #[error(
        "weight {weight} is too large for a {width}x{height} map: its estimates plus a path's cost would pass 2^53, where f64 stops counting exactly (at most {max})"
    )]
    TooLarge {
        /// The weight.
        weight: f64,
        /// The map's width.
        width: usize,
        /// The map's height.
        height: usize,
        /// The largest weight this map allows ([`max_weight`]).
        max: f64,
    },
}

/// Reads a weight for weighted A*: a finite number of at least 1 (fit for
/// a command-line parser such as clap's `value_parser`). Whether it suits
/// a given map is [`weighted`]'s to check.
///
/// # Errors
///
/// [`WeightError::NotANumber`], [`WeightError::NotFinite`] (`inf`, `NaN`)
/// or [`WeightError::BelowOne`].
///
/// # Example
///
/// ```
/// use grid::inflated::{WeightError, parse_weight};
///
/// assert_eq!(parse_weight("1.5"), Ok(1.5));
/// assert_eq!(
///     parse_weight("inf"),
///     Err(WeightError::NotFinite { weight: f64::INFINITY })
/// );
/// assert_eq!(parse_weight("0"), Err(WeightError::BelowOne { weight: 0.0 }));
/// ```
pub fn parse_weight(text: &str) -> Result<f64, WeightError> {
    let weight: f64 = text.trim().parse().map_err(|_| WeightError::NotANumber {
        text: text.to_owned(),
    })?;
    check_weight(weight)
}

/// `weight`, if it is finite and at least 1.
fn check_weight(weight: f64) -> Result<f64, WeightError> {
    if !weight.is_finite() {
        Err(WeightError::NotFinite { weight })
    } else if weight < 1.0 {
        Err(WeightError::BelowOne { weight })
    } else {
        Ok(weight)
    }
}

/// The largest weight [`weighted`] accepts on `map`, a whole number: the
/// weighted Manhattan distance plus the cost of any path must stay within
/// 2^53, below which the `f64` estimates are exact integers (and the
/// `u64` costs cannot overflow). At least 1 on every map a
/// [`TerrainMap`] can hold.
///
/// # Example
///
/// ```
/// use grid::inflated::max_weight;
///
/// let map = "S19\n1#1\n11G".parse()?;
/// // 2^53, less 9 for each of the 8 steps of the costliest path, over the
/// // farthest distance, 4.
/// assert_eq!(max_weight(&map), ((1u64 << 53) - 9 * 8) as f64 / 4.0);
/// # Ok::<(), grid::TerrainError>(())
/// ```
#[must_use]
#[expect(
    clippy::cast_precision_loss,
    reason = "a whole number below 2^53, exact in f64"
)]
pub fn max_weight(map: &TerrainMap) -> f64 {
    // A path visits each cell at most once and pays at most 9 a cell.
    let cells = (map.width() * map.height()) as u64;
    let costliest_path = 9 * (cells - 1);
    let farthest = (map.width() - 1 + map.height() - 1) as u64;
    let room = (1_u64 << 53).saturating_sub(costliest_path);
    (room / farthest.max(1)) as f64
}

/// `map`'s route for weighted A*: its Manhattan estimate multiplied by
/// `weight`.
///
/// # Errors
///
/// [`WeightError::NotFinite`], [`WeightError::BelowOne`], or
/// [`WeightError::TooLarge`] above [`max_weight`], where the inflated
/// estimates would stop being exact.
///
/// # Example
///
/// ```
/// use grid::inflated::{WeightError, weighted};
///
/// let map = "S19\n1#1\n11G".parse()?;
/// let solution = frontier::astar(&weighted(&map, 3.0)?).into_solution().unwrap();
/// assert!(solution.cost <= 3 * 4);
/// assert!(matches!(weighted(&map, 1e17), Err(WeightError::TooLarge { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn weighted(map: &TerrainMap, weight: f64) -> Result<Inflated<'_>, WeightError> {
    let weight = check_weight(weight)?;
    let max = max_weight(map);
    if weight > max {
        return Err(WeightError::TooLarge {
            weight,
            width: map.width(),
            height: map.height(),
            max,
        });
    }
    Ok(Inflated {
        map,
        route: map.route(),
        weight,
    })
}

/// A terrain route searched with its estimate multiplied by a weight:
/// weighted A* (Pohl 1970), which expands fewer nodes and finds a path
/// costing at most `weight` times the cheapest. Made by [`weighted`],
/// which checks the weight.
#[derive(Clone, Copy, Debug)]
pub struct Inflated<'a> {
    map: &'a TerrainMap,
    route: Route<'a, Weighted>,
    weight: f64,
}

impl<'a> Inflated<'a> {
    /// The weight.
    #[must_use]
    pub fn weight(&self) -> f64 {
        self.weight
    }

    /// The map searched.
    #[must_use]
    pub fn map(&self) -> &'a TerrainMap {
        self.map
    }

    /// The map's route, its estimate not inflated: what a path is replayed
    /// on.
    #[must_use]
    pub fn route(&self) -> Route<'a, Weighted> {
        self.route
    }
}

impl SearchProblem for Inflated<'_> {
    type State = Cell;
    type Action = Direction;
    type Cost = u64;

    fn start(&self) -> Cell {
        self.route.start()
    }

    fn is_goal(&self, cell: &Cell) -> bool {
        self.route.is_goal(cell)
    }

    fn successors(&self, cell: &Cell) -> impl Iterator<Item = Step<Cell, Direction, u64>> {
        self.route.successors(cell)
    }

    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss,
        reason = "a non-negative estimate, floored, at most max_weight times the largest distance: below 2^53, exact in f64 and within u64"
    )]
    fn heuristic(&self, cell: &Cell) -> u64 {
        (self.route.heuristic(cell) as f64 * self.weight).floor() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[expect(clippy::float_cmp, reason = "whole numbers, exact in f64")]
    #[expect(clippy::cast_precision_loss, reason = "below 2^53, exact in f64")]
    fn weights_are_finite_at_least_one_and_fit_the_map() {
        for text in ["inf", "-inf", "NaN"] {
            assert!(matches!(
                parse_weight(text),
                Err(WeightError::NotFinite { .. })
            ));
        }
        for text in ["0", "-0", "-1", "0.999"] {
            assert!(matches!(
                parse_weight(text),
                Err(WeightError::BelowOne { .. })
            ));
        }
        assert_eq!(
            parse_weight("two"),
            Err(WeightError::NotANumber {
                text: "two".to_owned()
            })
        );
        assert_eq!(parse_weight("1"), Ok(1.0));

        let map = TerrainMap::random(30, 20, 4);
        let max = max_weight(&map);
        // 9 * 599 for the costliest path, 48 for the farthest estimate.
        assert_eq!(max, (((1_u64 << 53) - 9 * 599) / 48) as f64);
        assert!(matches!(
            weighted(&map, max + 1.0),
            Err(WeightError::TooLarge {
                width: 30,
                height: 20,
                ..
            })
        ));
        // The largest weight is safe: f = g + h never overflows (debug
        // builds would panic), and the greedy search still finds a path.
        for weight in [1.0, 2.5, max] {
            let inflated = weighted(&map, weight).unwrap();
            let found = frontier::astar(&inflated).into_solution();
            let cheapest = frontier::astar(&map.route()).into_solution();
            assert_eq!(found.is_some(), cheapest.is_some(), "weight {weight}");
            if let (Some(found), Some(cheapest)) = (found, cheapest) {
                assert!(found.cost as f64 <= weight * cheapest.cost as f64);
            }
        }
    }
}
