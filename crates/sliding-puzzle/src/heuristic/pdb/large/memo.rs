//! What a search state keeps for a [`LargePatternDatabase`](super::LargePatternDatabase):
//! the groups' values packed into a [`LargeMemo`] and, when every table has
//! a direct-access copy, the groups' indices, updated by table deltas.

use std::sync::Arc;

use pattern_db::PatternTable;

use super::cell_byte;
use crate::large::LargeMemo;

use super::symmetry::Lookup;

/// Where a tile's slide changes the values a [`LargeMemo`] keeps: 6 bits
/// a group, regular lookups first, then reflected ones.
#[derive(Clone, Copy, Debug)]
pub(super) struct MemoMap {
    /// `group[t]`: the lookup reading tile `t`'s cell, or `NONE`.
    pub(super) group: [u8; 32],
    /// `mirrored[t]`: the reflected lookup reading tile `t`'s cell.
    pub(super) mirrored: [u8; 32],
}

impl MemoMap {
    pub(super) const NONE: u8 = u8::MAX;
    pub(super) const BITS: u32 = 6;
    /// A value this large may have been cut down: looked up again.
    pub(super) const FULL: u8 = (1 << Self::BITS) - 1;
    /// The most groups a memo keeps (eight values of 6 bits).
    pub(super) const MAX_GROUPS: usize = 4;

    pub(super) fn pack(regular: [u8; 4], mirrored: [u8; 4]) -> LargeMemo {
        let mut bits = 0u64;
        for (i, value) in regular.into_iter().chain(mirrored).enumerate() {
            bits |= u64::from(value.min(Self::FULL)) << (Self::BITS as usize * i);
        }
        LargeMemo::from_bits(bits)
    }

    pub(super) fn unpack(memo: LargeMemo) -> ([u8; 4], [u8; 4]) {
        let bits = memo.bits();
        let value = |i: usize| {
            let v = (bits >> (Self::BITS as usize * i)) & u64::from(Self::FULL);
            cell_byte(u32::try_from(v).unwrap_or(0))
        };
        (
            [value(0), value(1), value(2), value(3)],
            [value(4), value(5), value(6), value(7)],
        )
    }
}

/// What the search keeps to look groups up in their direct-access tables
/// (every group's table has one, and there are at most four groups): the
/// memo's words are the eight indices (regular groups', then reflected
/// ones'), its bits the eight values, a byte each; a move adds
/// `add[t][to] - add[t][from]` to the index of the group of the tile `t`
/// that slid, and likewise for the reflected group reading it.
#[derive(Clone, Debug)]
pub(super) struct Direct {
    /// `regular[t][c]`: what tile `t` in cell `c` adds to its group's index.
    pub(super) regular: Box<[[u32; 32]; 32]>,
    /// `mirrored[t][c]`: what it adds to the reflected group's index.
    pub(super) mirrored: Box<[[u32; 32]; 32]>,
    /// The direct tables of the regular groups, then of the reflected
    /// ones (at 4 on).
    pub(super) tables: [Option<Arc<PatternTable>>; 8],
}

impl Direct {
    pub(super) fn new<const W: usize, const H: usize>(
        lookups: &[Lookup<W, H>],
        mirrored: Option<&[Lookup<W, H>]>,
    ) -> Option<Arc<Self>> {
        let all = lookups.iter().chain(mirrored.into_iter().flatten());
        if lookups.len() > MemoMap::MAX_GROUPS || !all.clone().all(|l| l.table.direct.is_some()) {
            return None;
        }
        let mut direct = Direct {
            regular: Box::new([[0; 32]; 32]),
            mirrored: Box::new([[0; 32]; 32]),
            tables: Default::default(),
        };
        for (i, lookup) in lookups.iter().enumerate() {
            lookup.contributions(&mut direct.regular);
            direct.tables[i].clone_from(&lookup.table.direct);
        }
        for (i, lookup) in mirrored.into_iter().flatten().enumerate() {
            lookup.contributions(&mut direct.mirrored);
            direct.tables[4 + i].clone_from(&lookup.table.direct);
        }
        Some(Arc::new(direct))
    }

    /// The value at `index` of the direct table of slot `slot` (0 if there
    /// is none).
    #[inline]
    pub(super) fn value(&self, slot: usize, index: u32) -> u8 {
        self.tables[slot % 8].as_ref().map_or(0, |table| {
            table.as_bytes().get(index as usize).copied().unwrap_or(0)
        })
    }

    /// Slot `slot`'s index and value after tile `tile` slid from `from`
    /// to `to`, its index having been `index` and `add` being the slot's
    /// half (regular or reflected) of the contributions.
    #[inline]
    pub(super) fn slid(
        &self,
        add: &[[u32; 32]; 32],
        slot: usize,
        index: u32,
        (tile, from, to): (usize, usize, usize),
    ) -> (u32, u8) {
        let add = &add[tile % 32];
        let index = index
            .wrapping_add(add[to % 32])
            .wrapping_sub(add[from % 32]);
        (index, self.value(slot, index))
    }
}

/// A memo's bits as the regular values and the reflected ones, a byte
/// each.
#[inline]
#[expect(clippy::cast_possible_truncation, reason = "the halves of 64 bits")]
pub(super) fn split(bits: u64) -> (u32, u32) {
    (bits as u32, (bits >> 32) as u32)
}

/// The sum of the four bytes of `values`, saturated at 255 (as adding
/// them one by one with `saturating_add` would be).
#[inline]
pub(super) fn sum4(values: u32) -> u8 {
    let pairs = (values & 0x00FF_00FF) + ((values >> 8) & 0x00FF_00FF);
    let sum = (pairs & 0xFFFF) + (pairs >> 16);
    cell_byte(sum.min(255))
}

/// `values` with byte `i` (of four) replaced by `value`.
#[inline]
pub(super) fn with_byte(values: u32, i: usize, value: u8) -> u32 {
    let shift = 8 * (i % 4);
    (values & !(0xFF << shift)) | (u32::from(value) << shift)
}
