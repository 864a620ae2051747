//! Exact costs for octile steps: integers that order paths as their true
//! lengths do.
//!
//! frontier's costs are integers; a diagonal step is √2 long. A straight
//! step costs [`STRAIGHT`] units and a diagonal one [`DIAGONAL`] units,
//! where `DIAGONAL / STRAIGHT` = 1 855 077 841 / 1 311 738 121 is a
//! convergent of the continued fraction of √2 (a ratio of consecutive Pell
//! numbers), the best rational approximation with a denominator that size.
//!
//! # Why a search on these costs returns a truly shortest path
//!
//! Write `S` = [`STRAIGHT`], `D` = [`DIAGONAL`], and let a path have `a`
//! straight and `b` diagonal steps: its true length is `a + √2·b`, its cost
//! `a·S + b·D`. The pair satisfies `D² − 2·S² = −1`, so the error of one
//! diagonal step is `e = D − √2·S = −1 / (D + √2·S)`, and `|e| < 1 / (2√2·S)`.
//!
//! Take two paths between the same cells, `P` with `(a₁, b₁)` and `O` with
//! `(a₂, b₂)`, and let `Δa = a₁ − a₂`, `Δb = b₁ − b₂`.
//!
//! 1. **Equal lengths, equal costs.** `a₁ + √2·b₁ = a₂ + √2·b₂` forces
//!    `Δb = 0` (else √2 = −Δa/Δb would be rational), hence `Δa = 0`.
//! 2. **A longer path costs more.** Suppose `P` is truly longer:
//!    `δ = Δa + √2·Δb > 0`. If `Δb = 0`, `δ = Δa ≥ 1` and the costs differ
//!    by `Δa·S > 0`. Otherwise `Δa² − 2·Δb²` is a nonzero integer (√2 is
//!    irrational), so `δ = |Δa² − 2·Δb²| / |Δa − √2·Δb| ≥ 1 / (|Δa| + √2·|Δb|)`.
//!    The costs differ by `Δa·S + Δb·D = S·δ + Δb·e`, so
//!    `cost(P) − cost(O) ≥ S / (|Δa| + √2·|Δb|) − |Δb| / (2√2·S)`.
//!
//!    A search with positive step costs returns a simple path, and a simple
//!    path on a map of `N` cells has at most `N − 1` steps; so `|Δa|` and
//!    `|Δb|` are at most `N`, and the difference is positive whenever
//!    `S / ((1 + √2)·N) > N / (2√2·S)`, that is `S > 0.92·N`. Maps are
//!    therefore limited to [`MAX_CELLS`] = `S` cells (1.31 billion, a
//!    36 000 × 36 000 map), where the bound holds with room to spare.
//!
//! So the cheapest path in units is a shortest path in length: A*, MM, NBS
//! and the rest return an optimal path whenever they return a cheapest one,
//! and never a longer one because of rounding. Both constants are below
//! 2³¹, so a path on the largest map costs at most `D·N` < 2.5·10¹⁸, and
//! twice that (MM's priority) still fits in `u64`.
//!
//! Lengths reported to people are recomputed from the path itself as
//! `a + √2·b` in `f64` ([`Length`]), never divided back out of the cost.

/// The cost of a straight step on an octile grid, in units.
pub const STRAIGHT: u64 = 1_311_738_121;

/// The cost of a diagonal step on an octile grid, in units: the integer
/// nearest `√2·STRAIGHT` (see the [module docs](self) for why paths cannot
/// come out in the wrong order).
pub const DIAGONAL: u64 = 1_855_077_841;

/// The most cells a map may have (see the [module docs](self)): `STRAIGHT`,
/// about 1.31 billion.
pub const MAX_CELLS: usize = 1_311_738_121;

/// The length of a path counted by kind of step: what a grid path is,
/// exactly, before it is rounded to a number.
///
/// # Example
///
/// ```
/// use grid::Length;
///
/// let length = Length { straight: 3, diagonal: 2, weighted: 0 };
/// assert!((length.value() - (3.0 + 2.0 * std::f64::consts::SQRT_2)).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Length {
    /// Straight steps of unit length (octile and 4-connected movement).
    pub straight: u64,
    /// Diagonal steps, √2 long each.
    pub diagonal: u64,
    /// On weighted terrain, the sum of the weights of the cells entered
    /// (the other two stay zero there).
    pub weighted: u64,
}

impl Length {
    /// The length as a number: `straight + √2·diagonal + weighted`.
    #[must_use]
    #[allow(clippy::cast_precision_loss)] // exact below 2^53 steps
    pub fn value(&self) -> f64 {
        self.straight as f64
            + std::f64::consts::SQRT_2 * self.diagonal as f64
            + self.weighted as f64
    }

    /// The search cost of this length under 8-connected movement, in units:
    /// `straight·STRAIGHT + diagonal·DIAGONAL + weighted`, or `None` if it
    /// does not fit `u64`. ([`Route::cost_of`](crate::Route::cost_of) gives
    /// the cost under any movement model: a 4-connected step costs 1.)
    #[must_use]
    pub fn cost(&self) -> Option<u64> {
        self.straight
            .checked_mul(STRAIGHT)?
            .checked_add(self.diagonal.checked_mul(DIAGONAL)?)?
            .checked_add(self.weighted)
    }
}

impl std::fmt::Display for Length {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.6}", self.value())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_constants_are_a_pell_pair() {
        let (d, s) = (i128::from(DIAGONAL), i128::from(STRAIGHT));
        assert_eq!(d * d - 2 * s * s, -1);
        assert_eq!(MAX_CELLS as u64, STRAIGHT);
        // MM's priority 2g on the largest map still fits.
        assert!(DIAGONAL.checked_mul(MAX_CELLS as u64 * 2).is_some());
    }

    #[test]
    fn costs_order_paths_as_their_lengths_do() {
        // Every pair of (straight, diagonal) counts up to 300: costs
        // compare exactly as the lengths, computed in exact arithmetic
        // (compare a1 + √2 b1 with a2 + √2 b2 by squaring).
        let exact = |a1: i128, b1: i128, a2: i128, b2: i128| {
            // sign of (a1 - a2) + √2 (b1 - b2)
            let (x, y) = (a1 - a2, b1 - b2);
            let sign = |v: i128| v.signum();
            match (sign(x), sign(y)) {
                (sx, sy) if sx == sy => sx,
                (0, sy) => sy,
                (sx, 0) => sx,
                (sx, _) => sx * sign(x * x - 2 * y * y),
            }
        };
        let step = 7;
        for a1 in (0..300).step_by(step) {
            for b1 in 0..40 {
                for a2 in (0..300).step_by(step + 4) {
                    for b2 in 0..40 {
                        let c1 = Length {
                            straight: a1,
                            diagonal: b1,
                            weighted: 0,
                        }
                        .cost()
                        .unwrap();
                        let c2 = Length {
                            straight: a2,
                            diagonal: b2,
                            weighted: 0,
                        }
                        .cost()
                        .unwrap();
                        let by_cost = i128::from(c1 > c2) - i128::from(c1 < c2);
                        let (a1, b1, a2, b2) = (
                            i128::from(a1),
                            i128::from(b1),
                            i128::from(a2),
                            i128::from(b2),
                        );
                        assert_eq!(by_cost, exact(a1, b1, a2, b2), "{a1} {b1} vs {a2} {b2}");
                    }
                }
            }
        }
    }
}
