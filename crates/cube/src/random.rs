//! Uniformly random cubes from a seed: [`Cube::random`], each of the
//! 43,252,003,274,489,856,000 legal cubes equally likely, the same for the
//! same seed on every platform; and [`Sequence::random`], a random
//! scramble of face turns.

use crate::check::{orientation_sum, parity};
use crate::{Cube, Move, Sequence};

impl Cube {
    /// The number of legal cubes: 8! · 3^7 · 12! · 2^11 / 2.
    pub const COUNT: u128 = 43_252_003_274_489_856_000;

    /// A uniformly random legal cube, the same for the same `seed` on
    /// every platform.
    ///
    /// Drawn directly, not by turning: a corner permutation and an edge
    /// permutation by Fisher–Yates shuffles (two edges swapped when their
    /// parities differ, which pairs each rejected draw with one accepted
    /// draw, so the matching pairs stay equally likely), seven twists and
    /// eleven flips at random with the last of each fixed by the laws.
    /// Every choice is an exactly uniform number in its range (Lemire's
    /// method with rejection, from `SplitMix64`).
    ///
    /// # Example
    ///
    /// ```
    /// use cube::Cube;
    ///
    /// let cube = Cube::random(7);
    /// assert_eq!(cube, Cube::random(7));
    /// assert_eq!(cube.check(), Ok(()));
    /// assert_ne!(cube, Cube::random(8));
    /// ```
    ///
    /// # Complexity
    ///
    /// O(1): 36 random numbers (and, rarely, one more for each drawn
    /// number the uniform ranges reject).
    #[must_use]
    pub fn random(seed: u64) -> Cube {
        let mut rng = SplitMix64::new(seed);
        let mut cube = Cube::SOLVED;
        rng.shuffle(&mut cube.corners);
        rng.shuffle(&mut cube.edges);
        if parity(&cube.corners) != parity(&cube.edges) {
            cube.edges.swap(10, 11);
        }
        for place in 0..7 {
            cube.corner_twists[place] = rng.below_u8(3);
        }
        cube.corner_twists[7] = (3 - orientation_sum(&cube.corner_twists[..7], 3)) % 3;
        for place in 0..11 {
            cube.edge_flips[place] = rng.below_u8(2);
        }
        cube.edge_flips[11] = orientation_sum(&cube.edge_flips[..11], 2);
        cube
    }
}

impl Sequence {
    /// A random scramble of `len` face turns, the same for the same `seed`
    /// on every platform: each move turns another face than the move
    /// before, every such move equally likely (15 choices after the
    /// first's 18).
    ///
    /// Unlike [`Cube::random`], the cube it makes is not uniformly random
    /// (a short scramble reaches few cubes); it is the kind of scramble a
    /// person can type.
    ///
    /// # Example
    ///
    /// ```
    /// use cube::Sequence;
    ///
    /// let scramble = Sequence::random(25, 1);
    /// assert_eq!(scramble.len(), 25);
    /// assert_eq!(scramble.to_string().parse::<Sequence>()?, scramble);
    /// assert!(scramble.windows(2).all(|pair| pair[0].face != pair[1].face));
    /// # Ok::<(), cube::NotationError>(())
    /// ```
    #[must_use]
    pub fn random(len: usize, seed: u64) -> Sequence {
        let mut rng = SplitMix64::new(seed);
        let mut moves: Vec<Move> = Vec::with_capacity(len);
        for _ in 0..len {
            let choices: Vec<Move> = Move::ALL
                .into_iter()
                .filter(|mv| moves.last().is_none_or(|last| last.face != mv.face))
                .collect();
            // cannot fail: 15 or 18 choices, and below gives less
            let pick = usize::try_from(rng.below(choices.len() as u64)).unwrap_or(0);
            moves.push(choices[pick]);
        }
        Sequence::new(moves)
    }
}

/// `SplitMix64` (Steele, Lea & Flood 2014): a 64-bit counter through a
/// mixing function, so random cubes are reproducible from a seed on every
/// platform without a `rand` dependency. The same generator as
/// `pancake`'s and `sliding-puzzle`'s, with an exactly uniform
/// [`below`](Self::below).
#[derive(Clone, Debug)]
pub(crate) struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub(crate) const fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, exactly uniform (0 when `n` is 0): Lemire's
    /// multiply-shift, rejecting the few products whose low half falls
    /// below `2^64 mod n` (Lemire 2019, "Fast random integer generation in
    /// an interval").
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let threshold = n.wrapping_neg() % n;
        loop {
            let wide = u128::from(self.next_u64()) * u128::from(n);
            let (high, low) = split(wide);
            if low >= threshold {
                return high;
            }
        }
    }

    /// [`below`](Self::below) for a small `n`.
    fn below_u8(&mut self, n: u8) -> u8 {
        // cannot fail: below n <= 255
        u8::try_from(self.below(u64::from(n))).unwrap_or(0)
    }

    /// A Fisher–Yates shuffle of `items`, every order equally likely.
    fn shuffle(&mut self, items: &mut [u8]) {
        for i in (1..items.len()).rev() {
            // cannot fail: below i + 1 <= items.len()
            let j = usize::try_from(self.below(i as u64 + 1)).unwrap_or(0);
            items.swap(i, j);
        }
    }
}

/// The high and low 64 bits of `wide`.
fn split(wide: u128) -> (u64, u64) {
    let high = u64::try_from(wide >> 64).unwrap_or(u64::MAX);
    let low = u64::try_from(wide & u128::from(u64::MAX)).unwrap_or(0);
    (high, low)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Parity;

    #[test]
    fn the_generator_is_splitmix64() {
        // The reference outputs for seed 0 (as in sliding-puzzle's docs).
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        let mut rng = SplitMix64::new(5);
        assert!((0..1000).all(|_| rng.below(7) < 7));
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
        // A range near 2^64, where plain multiply-shift is most biased,
        // is still in range.
        assert!((0..100).all(|_| rng.below(u64::MAX - 3) < u64::MAX - 3));
    }

    #[test]
    fn the_count_is_the_product_of_the_choices() {
        let factorial = |n: u128| (1..=n).product::<u128>();
        assert_eq!(
            factorial(8) * 3u128.pow(7) * factorial(12) * 2u128.pow(11) / 2,
            Cube::COUNT
        );
    }

    #[test]
    fn random_cubes_are_legal_and_reproducible() {
        for seed in 0..2000 {
            let cube = Cube::random(seed);
            assert_eq!(cube.check(), Ok(()), "seed {seed}");
            assert_eq!(cube, Cube::random(seed));
            assert_eq!(Cube::from_facelets(&cube.to_facelets()), Ok(cube));
        }
        // Pinned: the same cubes on every platform, and in every version
        // unless the drawing changes on purpose.
        assert_eq!(
            Cube::random(0).to_facelets(),
            "BLFUURLDUFULBRFDDRBRLRFUFDRUBFFDFBDDLFULLBURRDBDLBUBLR"
        );
        assert_eq!(
            Cube::random(1).to_facelets(),
            "DUUFUDBLRFFLLRLLUDRFUDFBLBUDRBRDLDDRRUUULBFFBFRBDBBFRL"
        );
        assert_eq!(
            Sequence::random(10, 0).to_string(),
            "B F U B' U2 F2 U' L' R B'"
        );
    }

    /// Pearson's chi-squared statistic of `counts` against a uniform
    /// expectation.
    fn chi_squared(counts: &[u32]) -> f64 {
        let total: u32 = counts.iter().sum();
        let cells = u32::try_from(counts.len()).unwrap();
        let expected = f64::from(total) / f64::from(cells);
        counts
            .iter()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum()
    }

    #[test]
    fn pieces_places_twists_and_flips_are_uniform() {
        const SAMPLES: u64 = 24_000;
        let mut corner_at = [[0u32; 8]; 8];
        let mut edge_at = [[0u32; 12]; 12];
        let mut twist_at = [[0u32; 3]; 8];
        let mut flip_at = [[0u32; 2]; 12];
        let mut odd = [0u32; 2];
        for seed in 0..SAMPLES {
            let cube = Cube::random(seed.wrapping_mul(0x9E37_79B9));
            for place in 0..8 {
                corner_at[place][usize::from(cube.corners[place])] += 1;
                twist_at[place][usize::from(cube.corner_twists[place])] += 1;
            }
            for place in 0..12 {
                edge_at[place][usize::from(cube.edges[place])] += 1;
                flip_at[place][usize::from(cube.edge_flips[place])] += 1;
            }
            odd[usize::from(parity(&cube.corners) == Parity::Odd)] += 1;
        }
        // Each test is one table of k cells (k - 1 degrees of freedom);
        // the bounds are far in the tail (p below 1e-6), so the test
        // fails only for a real bias.
        for (place, counts) in corner_at.iter().enumerate() {
            let chi = chi_squared(counts);
            assert!(
                chi < 40.0,
                "corner place {place}: chi^2 {chi} for {counts:?}"
            );
        }
        for (place, counts) in edge_at.iter().enumerate() {
            let chi = chi_squared(counts);
            assert!(chi < 50.0, "edge place {place}: chi^2 {chi} for {counts:?}");
        }
        for counts in &twist_at {
            assert!(chi_squared(counts) < 30.0, "{counts:?}");
        }
        for counts in flip_at.iter().chain([&odd]) {
            assert!(chi_squared(counts) < 25.0, "{counts:?}");
        }
    }

    #[test]
    fn scrambles_never_turn_one_face_twice_in_a_row() {
        for seed in 0..200 {
            let scramble = Sequence::random(30, seed);
            assert_eq!(scramble.len(), 30);
            assert!(scramble.windows(2).all(|pair| pair[0].face != pair[1].face));
            assert_eq!(scramble, Sequence::random(30, seed));
        }
        assert!(Sequence::random(0, 3).is_empty());
    }
}
