//! The groups' values kept in a search state (see the
//! [module docs](super#the-groups-values-in-the-state)).

use std::sync::Arc;

use super::PatternDatabase;
use super::group::PatternGroup;
use crate::heuristic::Memo;

/// Where a tile's slide changes the values a [`Memo`] keeps: the values of
/// the groups of at most two, 6 bits each, regular then reflected.
#[derive(Clone, Copy, Debug)]
pub(super) struct MemoMap {
    /// `group[t]`: the group holding tile `t`, or [`MemoMap::NONE`].
    pub(super) group: [u8; 16],
    /// `mirrored[t]`: the group whose reflected lookup reads tile `t`'s
    /// cell, or [`MemoMap::NONE`].
    pub(super) mirrored: [u8; 16],
}

impl MemoMap {
    /// No group: the tile's slide changes no value.
    pub(super) const NONE: u8 = u8::MAX;
    /// The bits of one value.
    const BITS: u32 = 6;
    /// The largest value a memo holds: one this large may have been cut
    /// down, so it is looked up again rather than trusted.
    pub(super) const FULL: u8 = (1 << Self::BITS) - 1;

    /// The map of `groups`, if there are at most two.
    pub(super) fn new<const W: usize, const H: usize>(
        groups: &[Arc<PatternGroup<W, H>>],
    ) -> Option<Self> {
        if groups.len() > 2 {
            return None;
        }
        let mut map = MemoMap {
            group: [Self::NONE; 16],
            mirrored: [Self::NONE; 16],
        };
        for (index, group) in (0u8..).zip(groups) {
            for &tile in &group.space.tiles {
                map.group[usize::from(tile) & 15] = index;
            }
            for &tile in &group.mirrored {
                map.mirrored[usize::from(tile) & 15] = index;
            }
        }
        Some(map)
    }

    /// The memo of the regular values `regular` and reflected `mirrored`,
    /// each cut down to [`FULL`](Self::FULL).
    #[inline]
    pub(super) fn pack(regular: [u8; 2], mirrored: [u8; 2]) -> Memo {
        let bits = [regular[0], regular[1], mirrored[0], mirrored[1]]
            .iter()
            .rev()
            .fold(0u32, |bits, &value| {
                (bits << Self::BITS) | u32::from(value.min(Self::FULL))
            });
        Memo::from_bits(bits)
    }

    /// The values `memo` holds: regular, then reflected.
    #[inline]
    pub(super) fn unpack(memo: Memo) -> ([u8; 2], [u8; 2]) {
        let bits = memo.bits();
        let [a, b, c, d] = [0, 1, 2, 3].map(|i| bits >> (Self::BITS * i) & u32::from(Self::FULL));
        // cannot fail: each value is masked to 6 bits
        let value = |bits: u32| u8::try_from(bits).unwrap_or(Self::FULL);
        ([value(a), value(b)], [value(c), value(d)])
    }
}

impl<const W: usize, const H: usize> PatternDatabase<W, H> {
    /// The quick estimate from the groups' values: the larger of the
    /// regular and the reflected sums (the reflected ones are 0 without
    /// reflection).
    #[inline]
    pub(super) fn memo_estimate(regular: [u8; 2], mirrored: [u8; 2]) -> u8 {
        let sum = regular[0].saturating_add(regular[1]);
        sum.max(mirrored[0].saturating_add(mirrored[1]))
    }
}
