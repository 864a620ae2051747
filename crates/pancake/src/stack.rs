//! A stack of pancakes and the one kind of move, the flip: parsing,
//! printing, random stacks, ranking, replaying solutions.

use std::fmt;
use std::str::FromStr;

use crate::{FlipError, ParseError, TokenExcerpt};

/// A stack of 1 to [`Stack::MAX_LEN`] pancakes, top first, the smallest
/// numbered 1: a permutation of `1..=len`. Sorted (the goal) is `1 2 .. len`
/// from the top, the largest on the plate.
///
/// A stack is `Copy`, 21 bytes, and compares and hashes by its pancakes.
///
/// # Example
///
/// ```
/// use pancake::{Flip, Stack};
///
/// let stack: Stack = "3 1 2".parse()?;
/// assert_eq!(stack.len(), 3);
/// assert_eq!(stack.flip(Flip::new(3)).to_string(), "2 1 3");
/// assert!(stack.flip(Flip::new(3)).flip(Flip::new(2)).is_sorted());
/// # Ok::<(), pancake::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stack {
    /// The pancakes, top first; entries from `len` on are 0.
    cakes: [u8; Stack::MAX_LEN],
    /// How many pancakes.
    len: u8,
}

/// A move: turn over the top `count` pancakes (a prefix reversal), for
/// `count` in `2..=len`. Every flip is its own inverse and costs 1.
///
/// `Display` writes the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Flip(u8);

impl Flip {
    /// The flip of the top `count` pancakes. Whether it fits a stack is
    /// checked where it is applied ([`Stack::apply`]).
    #[must_use]
    pub const fn new(count: u8) -> Self {
        Flip(count)
    }

    /// How many pancakes it turns over.
    #[must_use]
    pub const fn count(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Flip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Stack {
    /// The most pancakes a stack holds. 20! is the largest factorial below
    /// 2^64, so every stack has a [`rank`](Self::rank) in a `u64`.
    pub const MAX_LEN: usize = 20;

    /// The stack of `pancakes` (top first), checked to be a permutation of
    /// `1..=len` with `len` in `1..=MAX_LEN`.
    ///
    /// # Errors
    ///
    /// [`ParseError::Empty`], [`ParseError::TooMany`],
    /// [`ParseError::OutOfRange`] or [`ParseError::Repeated`], naming the
    /// pancake and its position.
    ///
    /// # Example
    ///
    /// ```
    /// use pancake::{ParseError, Stack};
    ///
    /// assert_eq!(Stack::new(&[2, 1])?.to_string(), "2 1");
    /// assert_eq!(Stack::new(&[1, 1]), Err(ParseError::Repeated { pancake: 1, first: 0, second: 1 }));
    /// # Ok::<(), ParseError>(())
    /// ```
    pub fn new(pancakes: &[u8]) -> Result<Self, ParseError> {
        let values: Vec<u64> = pancakes.iter().map(|&p| u64::from(p)).collect();
        Self::from_values(&values)
    }

    /// The checks of [`Stack::new`] on wider numbers, as parsing reads them.
    fn from_values(values: &[u64]) -> Result<Self, ParseError> {
        let len = values.len();
        if len == 0 {
            return Err(ParseError::Empty { max: Self::MAX_LEN });
        }
        if len > Self::MAX_LEN {
            return Err(ParseError::TooMany {
                max: Self::MAX_LEN,
                found: len,
            });
        }
        let mut cakes = [0u8; Self::MAX_LEN];
        let mut seen_at = [usize::MAX; Self::MAX_LEN + 1];
        for (position, &value) in values.iter().enumerate() {
            let pancake = u8::try_from(value)
                .ok()
                .filter(|&p| p >= 1 && usize::from(p) <= len)
                .ok_or(ParseError::OutOfRange {
                    pancake: value,
                    position,
                    max: len,
                })?;
            let first = seen_at[usize::from(pancake)];
            if first != usize::MAX {
                return Err(ParseError::Repeated {
                    pancake,
                    first,
                    second: position,
                });
            }
            seen_at[usize::from(pancake)] = position;
            cakes[position] = pancake;
        }
        Ok(Stack {
            cakes,
            // cannot fail: len <= MAX_LEN = 20
            len: u8::try_from(len).unwrap_or(u8::MAX),
        })
    }

    /// The sorted stack of `len` pancakes (`len` is clamped to
    /// `1..=MAX_LEN`).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(pancake::Stack::sorted(4).to_string(), "1 2 3 4");
    /// ```
    #[must_use]
    pub fn sorted(len: usize) -> Self {
        let len = len.clamp(1, Self::MAX_LEN);
        let mut cakes = [0u8; Self::MAX_LEN];
        for (slot, pancake) in cakes[..len].iter_mut().zip(1u8..) {
            *slot = pancake;
        }
        Stack {
            cakes,
            // cannot fail: len <= MAX_LEN
            len: u8::try_from(len).unwrap_or(u8::MAX),
        }
    }

    /// A uniformly random stack of `len` pancakes (clamped to
    /// `1..=MAX_LEN`), the same for the same `seed` on every platform
    /// (a Fisher–Yates shuffle driven by `SplitMix64`).
    ///
    /// # Example
    ///
    /// ```
    /// use pancake::Stack;
    ///
    /// let stack = Stack::random(12, 7);
    /// assert_eq!(stack, Stack::random(12, 7));
    /// assert_eq!(stack.len(), 12);
    /// ```
    #[must_use]
    pub fn random(len: usize, seed: u64) -> Self {
        let mut stack = Self::sorted(len);
        let mut rng = SplitMix64(seed);
        for i in (1..stack.len()).rev() {
            stack.cakes.swap(i, rng.below(i + 1));
        }
        stack
    }

    /// The number of pancakes.
    #[must_use]
    #[expect(clippy::len_without_is_empty, reason = "a stack is never empty")]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// The pancakes, top first.
    #[must_use]
    pub fn pancakes(&self) -> &[u8] {
        &self.cakes[..self.len()]
    }

    /// Whether the stack is sorted: `1 2 .. len` from the top.
    #[must_use]
    pub fn is_sorted(&self) -> bool {
        self.pancakes().iter().zip(1u8..).all(|(&p, i)| p == i)
    }

    /// The stack with its top `flip.count()` pancakes turned over, assuming
    /// the flip fits (`2..=len`; larger counts are clamped to the stack).
    #[inline]
    #[must_use]
    pub fn flip(mut self, flip: Flip) -> Self {
        let count = flip.count().min(self.len());
        self.cakes[..count].reverse();
        self
    }

    /// The stack after `flip`, or `None` if it turns fewer than 2 or more
    /// than `len` pancakes.
    ///
    /// # Example
    ///
    /// ```
    /// use pancake::{Flip, Stack};
    ///
    /// let stack = Stack::sorted(3);
    /// assert_eq!(stack.apply(Flip::new(2)).map(|s| s.to_string()), Some("2 1 3".to_owned()));
    /// assert_eq!(stack.apply(Flip::new(4)), None);
    /// ```
    #[must_use]
    pub fn apply(self, flip: Flip) -> Option<Self> {
        (2..=self.len())
            .contains(&flip.count())
            .then(|| self.flip(flip))
    }

    /// Replays `flips` from this stack and checks that they sort it.
    ///
    /// # Errors
    ///
    /// [`FlipError::TooSmall`] or [`FlipError::TooLarge`] for a flip that
    /// does not fit, [`FlipError::GoalNotReached`] if the last stack is not
    /// sorted.
    ///
    /// # Example
    ///
    /// ```
    /// use pancake::{Flip, Stack};
    ///
    /// let stack: Stack = "3 1 2".parse()?;
    /// assert_eq!(stack.verify_solution(&[Flip::new(3), Flip::new(2)]), Ok(()));
    /// assert!(stack.verify_solution(&[Flip::new(3)]).is_err());
    /// # Ok::<(), pancake::ParseError>(())
    /// ```
    pub fn verify_solution(&self, flips: &[Flip]) -> Result<(), FlipError> {
        let mut stack = *self;
        for (position, &flip) in flips.iter().enumerate() {
            if flip.count() < 2 {
                return Err(FlipError::TooSmall { flip, position });
            }
            stack = stack.apply(flip).ok_or(FlipError::TooLarge {
                flip,
                position,
                len: self.len(),
            })?;
        }
        if stack.is_sorted() {
            Ok(())
        } else {
            Err(FlipError::GoalNotReached {
                flips: flips.len(),
                end: stack.to_string(),
            })
        }
    }

    /// The position of each pancake: `positions()[p]` is where pancake `p`
    /// lies (from 0 at the top); index 0 is unused.
    #[must_use]
    pub fn positions(&self) -> [u8; Stack::MAX_LEN + 1] {
        let mut at = [0u8; Stack::MAX_LEN + 1];
        for (position, &pancake) in self.pancakes().iter().enumerate() {
            // cannot fail: position < MAX_LEN
            at[usize::from(pancake)] = u8::try_from(position).unwrap_or(u8::MAX);
        }
        at
    }

    /// The number of stacks of this many pancakes, `len!`: the ranks run
    /// below it.
    #[must_use]
    pub fn arrangements(&self) -> u64 {
        (1..=self.len() as u64).product()
    }

    /// The stack's index among all stacks of its size in lexicographic
    /// order (its Lehmer code), in `0..len!`: the sorted stack ranks 0.
    ///
    /// # Example
    ///
    /// ```
    /// use pancake::Stack;
    ///
    /// assert_eq!(Stack::sorted(5).rank(), 0);
    /// let last: Stack = "3 2 1".parse()?;
    /// assert_eq!(last.rank(), 5);
    /// assert_eq!(Stack::unrank(3, 5), Some(last));
    /// # Ok::<(), pancake::ParseError>(())
    /// ```
    ///
    /// # Complexity
    ///
    /// O(len), with a bit mask of the pancakes not yet placed.
    #[must_use]
    pub fn rank(&self) -> u64 {
        let len = self.len();
        let mut unused: u32 = (1 << (len + 1)) - 2; // pancakes 1..=len
        let mut rank = 0u64;
        for (i, &pancake) in self.pancakes().iter().enumerate() {
            let smaller = (unused & ((1 << pancake) - 1)).count_ones();
            rank = rank * (len - i) as u64 + u64::from(smaller);
            unused &= !(1 << pancake);
        }
        rank
    }

    /// The stack of `len` pancakes with rank `rank`, or `None` if `len` is
    /// not in `1..=MAX_LEN` or `rank` is not below `len!`.
    #[must_use]
    pub fn unrank(len: usize, mut rank: u64) -> Option<Self> {
        if !(1..=Self::MAX_LEN).contains(&len) {
            return None;
        }
        let count: u64 = (1..=len as u64).product();
        if rank >= count {
            return None;
        }
        // Digits of the factorial number system, least significant last.
        let mut digits = [0usize; Self::MAX_LEN];
        for i in (0..len).rev() {
            let base = (len - i) as u64;
            // cannot fail: below base <= 20
            digits[i] = usize::try_from(rank % base).unwrap_or(0);
            rank /= base;
        }
        let mut unused: Vec<u8> = (1..).take(len).collect();
        let mut cakes = [0u8; Self::MAX_LEN];
        for (slot, &digit) in cakes[..len].iter_mut().zip(&digits) {
            *slot = unused.remove(digit);
        }
        Some(Stack {
            cakes,
            // cannot fail: len <= MAX_LEN
            len: u8::try_from(len).unwrap_or(u8::MAX),
        })
    }
}

impl fmt::Display for Stack {
    /// The pancakes top first, separated by spaces: `3 1 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, pancake) in self.pancakes().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{pancake}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Stack[{self}]")
    }
}

impl FromStr for Stack {
    type Err = ParseError;

    /// Whitespace-separated pancake numbers, top first: `3 1 2`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let mut values = Vec::new();
        let mut tokens = Vec::new();
        for (position, token) in text.split_whitespace().enumerate() {
            if position >= Self::MAX_LEN {
                return Err(ParseError::TooMany {
                    max: Self::MAX_LEN,
                    found: text.split_whitespace().count(),
                });
            }
            if !token.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseError::UnreadableToken {
                    token: TokenExcerpt::new(token),
                    position,
                });
            }
            // Digits too many for a u64 are a number out of range, not an
            // unreadable token: u64::MAX stands for them among the values,
            // and the error gives them as written.
            let value = token.parse::<u64>().unwrap_or(u64::MAX);
            values.push(value);
            tokens.push(token);
        }
        Self::from_values(&values).map_err(|err| match err {
            ParseError::OutOfRange { position, max, .. }
                if tokens
                    .get(position)
                    .is_some_and(|token| token.parse::<u64>().is_err()) =>
            {
                ParseError::NumberTooLarge {
                    token: TokenExcerpt::new(tokens[position]),
                    position,
                    max,
                }
            }
            other => other,
        })
    }
}

/// `SplitMix64` (Steele, Lea & Flood 2014): a tiny seeded generator, so
/// random stacks are reproducible without a `rand` dependency.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` by Lemire's multiply-shift (bias below n / 2^64).
    fn below(&mut self, n: usize) -> usize {
        let wide = u128::from(self.next_u64()) * n as u128;
        // cannot fail: the high half of x * n for x < 2^64 is below n
        usize::try_from(wide >> 64).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_round_trip_for_every_small_stack() {
        for len in 1..=6 {
            let count: u64 = (1..=len as u64).product();
            for rank in 0..count {
                let stack = Stack::unrank(len, rank).unwrap();
                assert_eq!(stack.rank(), rank);
                assert_eq!(stack.arrangements(), count);
            }
            assert_eq!(Stack::unrank(len, count), None);
        }
        let reversed = Stack::new(&(1..=20).rev().collect::<Vec<u8>>()).unwrap();
        assert_eq!(reversed.rank(), reversed.arrangements() - 1);
        assert_eq!(Stack::unrank(20, reversed.rank()), Some(reversed));
        assert_eq!(Stack::unrank(21, 0), None);
        assert_eq!(Stack::unrank(0, 0), None);
    }

    #[test]
    fn a_number_too_large_for_u64_is_given_as_written() {
        let err = |text: &str| text.parse::<Stack>().unwrap_err();
        assert_eq!(
            err("99999999999999999999 1 2").to_string(),
            "pancake \"99999999999999999999\" at position 0 is out of range (expected 1 to 3)"
        );
        // A huge one is cut short, with its length.
        let huge = "9".repeat(1000);
        let message = err(&format!("1 {huge} 2")).to_string();
        assert_eq!(
            message,
            format!(
                "pancake \"{}\"… of 1000 bytes at position 1 is out of range (expected 1 to 3)",
                "9".repeat(TokenExcerpt::KEPT_CHARS)
            )
        );
        // u64::MAX itself is a number, given as one.
        assert_eq!(
            err("18446744073709551615 1"),
            ParseError::OutOfRange {
                pancake: u64::MAX,
                position: 0,
                max: 2
            }
        );
        // Ranges are still checked in stack order.
        assert_eq!(
            err("5 99999999999999999999 1"),
            ParseError::OutOfRange {
                pancake: 5,
                position: 0,
                max: 3
            }
        );
        assert_eq!(
            "0003 1 02".parse::<Stack>().map(|s| s.to_string()),
            Ok("3 1 2".to_owned())
        );
    }

    #[test]
    fn random_stacks_are_permutations() {
        for seed in 0..50 {
            for len in [1, 2, 7, 20] {
                let stack = Stack::random(len, seed);
                assert_eq!(Stack::new(stack.pancakes()), Ok(stack));
            }
        }
        assert_ne!(Stack::random(16, 1), Stack::random(16, 2));
    }
}
