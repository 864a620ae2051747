//! The GAP heuristic (Helmert 2010) and its weakened variants GAP-k.

use crate::Stack;

/// The GAP heuristic (Helmert 2010) and its weakened variants GAP-k, as
/// used in the bidirectional-search studies (Holte, Felner, Sharon &
/// Sturtevant 2016; Chen, Holte, Zilles & Sturtevant 2017).
///
/// Put the plate under the stack as pancake `len + 1`. A **gap** is a pair
/// of neighbours (two adjacent pancakes, or the bottom pancake and the
/// plate) whose numbers differ by more than 1. A sorted stack has none, and
/// one flip changes exactly one neighbourhood (the pancakes at positions
/// `k - 1` and `k`), so it removes at most one gap: the number of gaps is a
/// lower bound on the flips still needed (admissible), and it changes by at
/// most 1 per flip (consistent).
///
/// **GAP-k** does not count a gap between two pancakes when one of them is
/// among the `k` smallest; the plate gap (under the bottom pancake) counts
/// whatever the bottom pancake, whenever it is not the largest. This is
/// HOG2's definition (`PancakePuzzle::DefaultH`), the one the studies ran.
/// GAP-0 is GAP; GAP-k never exceeds GAP, so it is admissible, and a flip
/// still changes one neighbourhood only, so it is consistent; it weakens
/// as `k` grows, down to GAP-`len`, which only knows whether the largest
/// pancake is at the bottom.
///
/// Measured to another stack than the sorted one
/// ([`estimate_between`](Gap::estimate_between), the backward heuristic of
/// [`Pancakes`](crate::Pancakes)), pancakes are first renamed by their
/// position in that target (its top pancake becomes 1): "the `k` smallest"
/// are then the `k` at the top of the target, as in HOG2's implementation.
///
/// # Example
///
/// ```
/// use pancake::{Gap, Stack};
///
/// let stack: Stack = "3 4 1 2 5".parse()?;
/// // gaps: 4|1 and 2|5; 3|4, 1|2 and 5|plate are neighbours in order
/// assert_eq!(Gap::FULL.estimate(&stack), 2);
/// assert_eq!(Gap::ignoring(1).estimate(&stack), 1); // 4|1 involves pancake 1
/// assert_eq!(Gap::ignoring(2).estimate(&stack), 0);
/// // the plate gap under pancake 1 counts even when 1 is ignored
/// let low: Stack = "2 3 4 5 1".parse()?;
/// assert_eq!(Gap::ignoring(1).estimate(&low), 1); // 1|plate; not 5|1
/// assert_eq!(Gap::FULL.estimate_between(&stack, &stack), 0);
/// # Ok::<(), pancake::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Gap {
    /// How many of the smallest pancakes are ignored (the `k` of GAP-k).
    ignored: u8,
}

impl Gap {
    /// GAP itself: every gap counts.
    pub const FULL: Gap = Gap { ignored: 0 };

    /// GAP-`k`: gaps between two pancakes, one of them among the `k`
    /// smallest, do not count (the plate gap always does).
    #[must_use]
    pub const fn ignoring(k: u8) -> Self {
        Gap { ignored: k }
    }

    /// The `k` of GAP-k (0 for GAP).
    #[must_use]
    pub const fn ignored(self) -> u8 {
        self.ignored
    }

    /// The estimate of the flips that sort `stack`.
    ///
    /// # Complexity
    ///
    /// O(len). Searches do not call it per node: [`Pancakes`](crate::Pancakes)
    /// updates the value flip by flip in O(1).
    #[must_use]
    pub fn estimate(self, stack: &Stack) -> u8 {
        self.count(stack, &Labels::sorted(stack.len()))
    }

    /// The estimate of the flips that turn `stack` into `target`, which is
    /// also the number from `target` to `stack` since flips are their own
    /// inverses. Meaningful for two stacks of the same size (for others it
    /// is some number, never a panic).
    ///
    /// # Example
    ///
    /// ```
    /// use pancake::{Gap, Stack};
    ///
    /// let start = Stack::random(10, 3);
    /// assert_eq!(Gap::FULL.estimate_between(&Stack::sorted(10), &start), Gap::FULL.estimate(&start));
    /// ```
    #[must_use]
    pub fn estimate_between(self, stack: &Stack, target: &Stack) -> u8 {
        self.count(stack, &Labels::to(target))
    }

    /// The gaps of `stack` with its pancakes renamed by `labels`.
    pub(crate) fn count(self, stack: &Stack, labels: &Labels) -> u8 {
        let cakes = stack.pancakes();
        let below = cakes.iter().skip(1).map(|&p| labels.of(p));
        let gaps = cakes
            .iter()
            .map(|&p| labels.of(p))
            .zip(below.chain(std::iter::once(labels.plate)))
            .filter(|&(upper, lower)| self.is_gap(upper, lower, labels.plate))
            .count();
        // cannot fail: at most MAX_LEN = 20 gaps
        u8::try_from(gaps).unwrap_or(u8::MAX)
    }

    /// The estimate after flipping the top `count` pancakes of `stack`
    /// (whose estimate is `h`): only the neighbourhood at positions
    /// `count - 1` and `count` changes.
    #[inline]
    pub(crate) fn after_flip(self, stack: &Stack, count: usize, h: u8, labels: &Labels) -> u8 {
        let cakes = stack.pancakes();
        let lower = cakes.get(count).map_or(labels.plate, |&p| labels.of(p));
        let before = self.is_gap(labels.of(cakes[count - 1]), lower, labels.plate);
        let after = self.is_gap(labels.of(cakes[0]), lower, labels.plate);
        h - u8::from(before) + u8::from(after)
    }

    /// Whether two neighbours (by label) make a gap that counts; `lower`
    /// may be the plate (labelled `plate`), whose gap is never ignored.
    #[inline]
    fn is_gap(self, upper: u8, lower: u8, plate: u8) -> bool {
        upper.abs_diff(lower) > 1
            && (lower == plate || (upper > self.ignored && lower > self.ignored))
    }
}

/// Names for pancakes: `of(p)` is the number pancake `p` has in the target
/// stack's order (1 for its top), and `plate` the plate's, `len + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Labels {
    label: [u8; Stack::MAX_LEN + 1],
    pub(crate) plate: u8,
}

impl Labels {
    /// The identity: pancakes keep their numbers (the target is sorted).
    pub(crate) fn sorted(len: usize) -> Self {
        let mut label = [0u8; Stack::MAX_LEN + 1];
        for (slot, p) in label.iter_mut().zip(0u8..) {
            *slot = p;
        }
        Labels {
            label,
            // cannot fail: len <= MAX_LEN
            plate: u8::try_from(len + 1).unwrap_or(u8::MAX),
        }
    }

    /// Pancakes renamed by their position in `target`, from 1 at its top.
    pub(crate) fn to(target: &Stack) -> Self {
        let mut labels = Labels::sorted(target.len());
        for (&p, position) in target.pancakes().iter().zip(1u8..) {
            labels.label[usize::from(p)] = position;
        }
        labels
    }

    /// The label of pancake `p`.
    #[inline]
    pub(crate) fn of(&self, p: u8) -> u8 {
        self.label[usize::from(p)]
    }
}
