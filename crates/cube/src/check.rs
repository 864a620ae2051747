//! Whether a cube can be reached by turns: [`Cube::check`], the three laws
//! of the cube (corner twists add up to a multiple of 3, edge flips to an
//! even number, and the corner and edge permutations share their parity)
//! after the arrays are checked to be permutations with orientations in
//! range.

use crate::Cube;
use crate::error::{Parity, Unsolvable};

impl Cube {
    /// Checks that the cube can be reached from the solved cube by face
    /// turns: that `corners` and `edges` are permutations, twists are
    /// below 3 and flips below 2, and the three laws hold. Those are
    /// exactly the legal cubes: one in twelve of the cubes put together
    /// from the same pieces.
    ///
    /// # Errors
    ///
    /// The first [`Unsolvable`] reason found, in the order of its
    /// variants: pieces out of range or repeated, orientations out of
    /// range, a twisted corner, a flipped edge, an odd permutation.
    ///
    /// # Example
    ///
    /// ```
    /// use cube::{Cube, Parity, Unsolvable};
    ///
    /// let scrambled = Cube::SOLVED.apply_all(&"R U F' D2".parse::<cube::Sequence>()?);
    /// assert_eq!(scrambled.check(), Ok(()));
    ///
    /// let mut swapped = Cube::SOLVED;
    /// swapped.edges.swap(0, 1);
    /// assert_eq!(
    ///     swapped.check(),
    ///     Err(Unsolvable::OddPermutation { corners: Parity::Even, edges: Parity::Odd })
    /// );
    /// # Ok::<(), cube::NotationError>(())
    /// ```
    ///
    /// # Complexity
    ///
    /// O(1): one pass over the 20 pieces, and one over their cycles.
    pub fn check(&self) -> Result<(), Unsolvable> {
        check_corners(self.corners, self.corner_twists)?;
        check_permutation(
            &self.edges,
            |place, piece| Unsolvable::EdgeOutOfRange { place, piece },
            |piece, first, second| Unsolvable::RepeatedEdge {
                piece,
                first,
                second,
            },
        )?;
        if let Some((place, &flip)) = (0u8..).zip(&self.edge_flips).find(|(_, f)| **f >= 2) {
            return Err(Unsolvable::FlipOutOfRange { place, flip });
        }
        let twist = orientation_sum(&self.corner_twists, 3);
        if twist != 0 {
            return Err(Unsolvable::TwistedCorner { twist });
        }
        if orientation_sum(&self.edge_flips, 2) != 0 {
            return Err(Unsolvable::FlippedEdge);
        }
        let (corners, edges) = (parity(&self.corners), parity(&self.edges));
        if corners != edges {
            return Err(Unsolvable::OddPermutation { corners, edges });
        }
        Ok(())
    }

    /// Whether [`check`](Self::check) passes: the cube can be reached by
    /// turns.
    #[must_use]
    pub fn is_legal(&self) -> bool {
        self.check().is_ok()
    }
}

/// The corner half of [`Cube::check`] without the laws that tie corners to
/// edges: a permutation, twists below 3. The twist sum is checked by the
/// caller (the 2x2x2 needs it too, with no edges at all).
pub(crate) fn check_corners(corners: [u8; 8], twists: [u8; 8]) -> Result<(), Unsolvable> {
    check_permutation(
        &corners,
        |place, piece| Unsolvable::CornerOutOfRange { place, piece },
        |piece, first, second| Unsolvable::RepeatedCorner {
            piece,
            first,
            second,
        },
    )?;
    if let Some((place, twist)) = (0u8..).zip(twists).find(|&(_, t)| t >= 3) {
        return Err(Unsolvable::TwistOutOfRange { place, twist });
    }
    Ok(())
}

/// Checks that `pieces` is a permutation of `0..len`, naming the first
/// piece out of range or the first repeat.
fn check_permutation<const N: usize>(
    pieces: &[u8; N],
    out_of_range: impl Fn(u8, u8) -> Unsolvable,
    repeated: impl Fn(u8, u8, u8) -> Unsolvable,
) -> Result<(), Unsolvable> {
    let mut seen_at = [None; N];
    for (place, &piece) in (0u8..).zip(pieces) {
        let Some(seen) = seen_at.get_mut(usize::from(piece)) else {
            return Err(out_of_range(place, piece));
        };
        if let Some(first) = *seen {
            return Err(repeated(piece, first, place));
        }
        *seen = Some(place);
    }
    Ok(())
}

/// The orientations' sum modulo `modulus`.
pub(crate) fn orientation_sum(orientations: &[u8], modulus: u8) -> u8 {
    let sum: u32 = orientations.iter().map(|&o| u32::from(o)).sum();
    // cannot fail: below modulus <= 3
    u8::try_from(sum % u32::from(modulus)).unwrap_or(0)
}

/// The parity of a permutation of `0..N` (checked before: a number out of
/// range ends its cycle, so nothing panics on other input either).
pub(crate) fn parity<const N: usize>(pieces: &[u8; N]) -> Parity {
    let mut visited = [false; N];
    let mut swaps = 0usize;
    for start in 0..N {
        let mut at = start;
        let mut length = 0usize;
        while let Some(seen) = visited.get_mut(at).filter(|seen| !**seen) {
            *seen = true;
            length += 1;
            at = usize::from(pieces[at]);
        }
        // A cycle of k pieces is k - 1 swaps.
        swaps += length.saturating_sub(1);
    }
    if swaps.is_multiple_of(2) {
        Parity::Even
    } else {
        Parity::Odd
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;

    #[test]
    fn every_turn_keeps_the_cube_legal() {
        let mut cube = Cube::SOLVED;
        for step in 0..500usize {
            cube = cube.turned(Move::ALL[(step * 5 + step / 7) % 18]);
            assert_eq!(cube.check(), Ok(()));
        }
    }

    #[test]
    fn each_law_is_named() {
        let mut twisted = Cube::SOLVED;
        twisted.corner_twists[3] = 2;
        assert_eq!(twisted.check(), Err(Unsolvable::TwistedCorner { twist: 2 }));
        let mut flipped = Cube::SOLVED.turned(Move::ALL[7]);
        flipped.edge_flips[11] ^= 1;
        assert_eq!(flipped.check(), Err(Unsolvable::FlippedEdge));
        let mut swapped = Cube::SOLVED;
        swapped.corners.swap(2, 5);
        assert_eq!(
            swapped.check(),
            Err(Unsolvable::OddPermutation {
                corners: Parity::Odd,
                edges: Parity::Even
            })
        );
        assert_eq!(
            swapped.check().unwrap_err().to_string(),
            "two pieces are swapped: the corner permutation is odd but the edge permutation even (expected both even or both odd)"
        );
        // Two swaps of each kind, and a three-cycle of edges, are legal.
        let mut both = swapped;
        both.edges.swap(0, 7);
        assert_eq!(both.check(), Ok(()));
        let mut cycled = Cube::SOLVED;
        cycled.edges[..3].rotate_left(1);
        assert_eq!(cycled.check(), Ok(()));
    }

    #[test]
    fn arrays_that_are_no_cube_are_named() {
        let mut cube = Cube::SOLVED;
        cube.corners[4] = 8;
        assert_eq!(
            cube.check(),
            Err(Unsolvable::CornerOutOfRange { place: 4, piece: 8 })
        );
        assert_eq!(
            cube.check().unwrap_err().to_string(),
            "corner place DFR holds piece 8 (expected 0 to 7)"
        );
        cube.corners[4] = 1;
        assert_eq!(
            cube.check().unwrap_err().to_string(),
            "corner UFL appears twice, in places UFL and DFR"
        );
        let mut cube = Cube::SOLVED;
        cube.edges[11] = 255;
        assert_eq!(
            cube.check().unwrap_err().to_string(),
            "edge place BR holds piece 255 (expected 0 to 11)"
        );
        cube.edges[11] = 0;
        assert_eq!(
            cube.check(),
            Err(Unsolvable::RepeatedEdge {
                piece: 0,
                first: 0,
                second: 11
            })
        );
        let mut cube = Cube::SOLVED;
        cube.corner_twists[7] = 3;
        assert_eq!(
            cube.check().unwrap_err().to_string(),
            "the corner in place DRB has twist 3 (expected 0 to 2)"
        );
        let mut cube = Cube::SOLVED;
        cube.edge_flips[8] = 2;
        assert_eq!(
            cube.check().unwrap_err().to_string(),
            "the edge in place FR has flip 2 (expected 0 or 1)"
        );
        // A hand-made error with a number that names nothing still prints.
        assert_eq!(
            Unsolvable::RepeatedCorner {
                piece: 9,
                first: 0,
                second: 200
            }
            .to_string(),
            "corner #9 appears twice, in places URF and #200"
        );
    }

    #[test]
    fn parity_counts_swaps() {
        assert_eq!(parity(&[0u8, 1, 2, 3]), Parity::Even);
        assert_eq!(parity(&[1u8, 0, 2, 3]), Parity::Odd);
        assert_eq!(parity(&[1u8, 2, 0, 3]), Parity::Even);
        assert_eq!(parity(&[1u8, 2, 3, 0]), Parity::Odd);
        // Not a permutation: no panic.
        assert_eq!(parity(&[9u8, 9, 9]), Parity::Even);
    }
}
