//! A small seeded generator, so random instances are reproducible from a
//! `u64` on every platform without a `rand` dependency.

/// `SplitMix64` (Steele, Lea & Flood 2014, the generator that seeds
/// `xoshiro`): a 64-bit counter passed through a mixing function. Fast,
/// statistically sound for shuffling puzzles, not for cryptography.
///
/// # Example
///
/// ```
/// use sliding_puzzle::SplitMix64;
///
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator seeded with `seed`.
    ///
    /// # Example
    ///
    /// ```
    /// let mut rng = sliding_puzzle::SplitMix64::new(0);
    /// assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
    /// ```
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    ///
    /// # Example
    ///
    /// ```
    /// let mut rng = sliding_puzzle::SplitMix64::new(1);
    /// assert_ne!(rng.next_u64(), rng.next_u64());
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0), by Lemire's multiply-shift:
    /// the bias is below `n / 2^64`, invisible for puzzle sizes.
    ///
    /// # Example
    ///
    /// ```
    /// let mut rng = sliding_puzzle::SplitMix64::new(3);
    /// assert!((0..100).all(|_| rng.below(6) < 6));
    /// ```
    pub fn below(&mut self, n: usize) -> usize {
        let wide = u128::from(self.next_u64()) * n as u128;
        // cannot fail: the high half of x * n for x < 2^64 is below n
        usize::try_from(wide >> 64).unwrap_or(0)
    }
}
