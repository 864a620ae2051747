//! The hashed layout: states indexed by an open-addressing hash table.

use std::hash::{BuildHasher, Hash};

use rustc_hash::FxBuildHasher;

use crate::limits::Room;
use crate::{Limit, SearchProblem};

use super::{Node, NodeId, NodeTable, Slot, Stored, id_for};

/// Hashed layout: states and nodes in parallel vectors, indexed by an
/// open-addressing hash table of ids.
///
/// Each slot of `slots` packs a generation (16 bits), 16 bits of the
/// state's Fx hash and its id + 1 (32 bits). A slot is empty unless its
/// generation is the table's, so emptying the slots is one increment (and
/// a real wipe once every 65,535). Probing is linear over the first
/// `mask + 1` slots, kept at most half full, so a lookup reads one or two
/// slots, and the hash bits settle most mismatches without touching the
/// state. States are never removed, so no tombstones.
///
/// A search on a reused table starts on at most [`REUSED_SLOTS`] of the
/// slots a previous search left allocated, and doubles them as it grows: the
/// slots in use stay as compact, and as cache-friendly, as in a fresh table
/// (a reused table that probed all of a big previous search's slots
/// measured 1.5x slower on 8-puzzle BFS), small searches never rehash, and
/// growing within the allocation needs no wipe, only a new generation.
#[derive(Debug)]
pub(crate) struct HashedTable<S, A, C> {
    slots: Vec<u64>,
    /// The slots in use are `slots[..=mask]`, a power of two of them.
    mask: usize,
    /// A table holding this many states grows before it takes another:
    /// half the slots in use.
    grow_at: usize,
    generation: u64,
    stored: Stored<S, A, C>,
}

impl<S, A, C> Default for HashedTable<S, A, C> {
    fn default() -> Self {
        HashedTable {
            slots: Vec::new(),
            mask: 0,
            grow_at: 0,
            generation: 1,
            stored: Stored::default(),
        }
    }
}

/// How many states a growing table refiles between two polls of the
/// cancellation flag and the clock.
const REFILE_POLL: usize = 1 << 12;

/// Slots of at least this many bytes grow in place rather than into a new
/// allocation.
const IN_PLACE_BYTES: usize = 32 << 20;

/// The fewest slots a non-empty hashed table uses.
const MIN_SLOTS: usize = 64;

/// The most slots a reused table starts a search on (256 KiB, about an L2
/// cache): small searches on a reused table never grow, big ones grow as
/// in a fresh table.
const REUSED_SLOTS: usize = 1 << 15;

/// Where a slot keeps its generation, and the largest generation.
const GENERATION_SHIFT: u32 = 48;
const LAST_GENERATION: u64 = 0xFFFF;

impl<S: Hash + Eq, A, C> HashedTable<S, A, C> {
    #[inline]
    fn hash(state: &S) -> u64 {
        FxBuildHasher.hash_one(state)
    }

    /// The slot for node `id` of a state hashing to `hash`.
    #[inline]
    fn pack(&self, hash: u64, id: usize) -> u64 {
        (self.generation << GENERATION_SHIFT) | ((hash >> 48) << 32) | (id as u64 + 1)
    }

    /// The first slot to probe for `hash`.
    #[inline]
    fn home(&self, hash: u64) -> usize {
        // Truncation intended: the mask keeps the bits that index the slots.
        #[expect(clippy::cast_possible_truncation, reason = "masked to the table")]
        let home = hash as usize & self.mask;
        home
    }

    /// The slot holding `state`, or the empty slot where it would go, and
    /// whether it holds `state`. Requires at least one empty slot in use.
    #[expect(clippy::inline_always, reason = "as for `Stored::push`: measured")]
    #[inline(always)]
    fn probe(&self, state: &S, hash: u64) -> (usize, bool) {
        // The generation and the tag, as they sit in a slot of this state.
        let key = (self.generation << 16) | (hash >> 48);
        let mut at = self.home(hash);
        loop {
            let slot = self.slots[at];
            if slot >> GENERATION_SHIFT != self.generation {
                return (at, false);
            }
            if slot >> 32 == key && *self.stored.state(slot_id(slot)) == *state {
                return (at, true);
            }
            at = (at + 1) & self.mask;
        }
    }

    /// Empties every slot: a new generation, or a wipe when they run out.
    fn empty_slots(&mut self) {
        if self.generation == LAST_GENERATION {
            self.slots.fill(0);
            self.generation = 1;
        } else {
            self.generation += 1;
        }
    }

    /// Doubles the slots in use (to at least [`MIN_SLOTS`]), allocating only
    /// when the allocation is outgrown, and files every state again.
    /// Refused with [`Limit::Memory`] when the new slots do not fit `room`.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, room: &Room) -> Result<(), Limit> {
        let size = if self.slots.is_empty() {
            MIN_SLOTS
        } else {
            (self.mask + 1) * 2
        };
        if size > self.slots.len() {
            let more = size - self.slots.len();
            if self.slots.capacity() * size_of::<u64>() < IN_PLACE_BYTES {
                // Small: new slots, the old ones freed (growing in place
                // would copy them for nothing).
                let mut slots = Vec::new();
                room.grow(&mut slots, size)?;
                slots.resize(size, 0);
                room.release(self.slots.capacity() * size_of::<u64>());
                self.slots = slots;
                self.generation = 1;
            } else {
                // Large: grown in place (the block is remapped, not copied,
                // and the old one is never unmapped, which for a gigabyte
                // takes tens of milliseconds), the new slots zeroed in
                // chunks with a poll between them. Zero is no generation,
                // so the new slots are empty; the new generation below
                // empties the old ones. A stop here leaves the table as it
                // was, only longer.
                room.grow(&mut self.slots, more)?;
                while self.slots.len() < size {
                    self.slots
                        .resize(size.min(self.slots.len() + REFILE_POLL * 16), 0);
                    room.poll()?;
                }
            }
        }
        self.empty_slots();
        self.mask = size - 1;
        self.grow_at = size / 2;
        // Refiling millions of states takes milliseconds: a stop asked for
        // meanwhile is honoured between chunks. The slots are left half
        // filed, which the next search's `clear` makes whole.
        let len = self.stored.next_id();
        for chunk in (0..len).step_by(REFILE_POLL) {
            if chunk > 0 {
                room.poll()?;
            }
            for id in chunk..len.min(chunk + REFILE_POLL) {
                let hash = Self::hash(self.stored.state(id));
                let mut at = self.home(hash);
                while self.slots[at] >> GENERATION_SHIFT == self.generation {
                    at = (at + 1) & self.mask;
                }
                self.slots[at] = self.pack(hash, id);
            }
        }
        Ok(())
    }
}

/// The node id in a full slot.
#[inline]
fn slot_id(slot: u64) -> usize {
    (slot & 0xFFFF_FFFF) as usize - 1
}

/// The node id in a full slot, as a [`NodeId`]: its low 32 bits hold the
/// id + 1, which a full slot never has zero.
#[inline]
fn slot_node(slot: u64) -> NodeId {
    #[expect(clippy::cast_possible_truncation, reason = "the low 32 bits")]
    let low = slot as NodeId;
    low - 1
}

impl<P: SearchProblem> NodeTable<P> for HashedTable<P::State, P::Action, P::Cost> {
    fn clear(&mut self) {
        self.empty_slots();
        self.mask = self.slots.len().clamp(1, REUSED_SLOTS) - 1;
        // No slots yet: the first insertion allocates them.
        self.grow_at = self.mask.div_ceil(2);
        self.stored.clear();
    }

    fn stored(&self) -> &Stored<P::State, P::Action, P::Cost> {
        &self.stored
    }

    fn stored_mut(&mut self) -> &mut Stored<P::State, P::Action, P::Cost> {
        &mut self.stored
    }

    #[expect(
        clippy::inline_always,
        reason = "measured: not inlining it costs A* on the 8-puzzle 16% more instructions (docs/benchmarks.md)"
    )]
    #[inline(always)]
    fn find_or_insert(
        &mut self,
        _: &P,
        state: P::State,
        node: Node<P::Action, P::Cost>,
        room: &Room,
    ) -> Slot<P::State, P::Action, P::Cost> {
        let len = self.stored.next_id();
        if len >= self.grow_at
            && let Err(limit) = self.grow(room)
        {
            return Slot::Full(limit);
        }
        let hash = Self::hash(&state);
        let (at, found) = self.probe(&state, hash);
        if found {
            return Slot::Old(slot_node(self.slots[at]), node, state);
        }
        if len >= room.states() {
            return Slot::Full(Limit::Stored);
        }
        if let Err(limit) = self.stored.push(state, node, room) {
            return Slot::Full(limit);
        }
        self.slots[at] = self.pack(hash, len);
        Slot::New(id_for(len))
    }

    fn allocated(&self) -> usize {
        self.slots.capacity() * size_of::<u64>() + self.stored.allocated()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{DenseTable, NONE};
    use crate::toy::Doubling;

    type Table = HashedTable<u32, char, u32>;

    fn node(g: u32) -> Node<char, u32> {
        Node {
            parent: NONE,
            action: None,
            g,
        }
    }

    fn insert(table: &mut Table, state: u32) -> Slot<u32, char, u32> {
        NodeTable::<Doubling>::find_or_insert(
            table,
            &Doubling::new(1, 2),
            state,
            node(state),
            &room(usize::MAX, 1 << 20),
        )
    }

    fn find(table: &Table, state: u32) -> Option<NodeId> {
        if table.slots.is_empty() {
            return None;
        }
        let (at, found) = table.probe(&state, Table::hash(&state));
        found.then(|| id_for(slot_id(table.slots[at])))
    }

    #[test]
    fn stores_finds_and_grows() {
        let mut table = Table::default();
        assert_eq!(find(&table, 7), None);
        // Multiples of a power of two collide in the low bits a weak hash
        // would index by.
        for (id, state) in (0..10_000u32).map(|k| k << 12).enumerate() {
            assert!(matches!(insert(&mut table, state), Slot::New(new) if new as usize == id));
        }
        for (id, state) in (0..10_000u32).map(|k| k << 12).enumerate() {
            assert_eq!(find(&table, state), Some(id_for(id)));
            assert!(matches!(insert(&mut table, state), Slot::Old(old, ..) if old as usize == id));
            assert_eq!(*NodeTable::<Doubling>::state(&table, id_for(id)), state);
        }
        assert_eq!(find(&table, 1), None);
        assert!(table.slots.len() >= 2 * 10_000);
    }

    fn room(bytes: usize, states: usize) -> Room {
        Room::new(&crate::Limits::<u32>::new().max_memory(bytes), states)
    }

    #[test]
    fn refuses_new_states_beyond_capacity() {
        let mut table = Table::default();
        let problem = Doubling::new(1, 2);
        let one = room(usize::MAX, 1);
        assert!(matches!(
            table.find_or_insert(&problem, 1, node(0), &one),
            Slot::New(0)
        ));
        assert!(matches!(
            table.find_or_insert(&problem, 1, node(0), &one),
            Slot::Old(0, ..)
        ));
        assert!(matches!(
            table.find_or_insert(&problem, 2, node(0), &one),
            Slot::Full(Limit::Stored)
        ));
        assert_eq!(NodeTable::<Doubling>::len(&table), 1);
    }

    #[test]
    fn refuses_new_states_beyond_the_memory_bound() {
        // A hashed and a dense table under 64 KiB: each stops with
        // `Limit::Memory` before its allocations pass the bound, and keeps
        // every state stored before.
        let problem = Doubling::new(1, 2);
        let small = room(64 << 10, usize::MAX);
        let mut table = Table::default();
        let stored = (0..1_000_000u32)
            .position(|state| {
                matches!(
                    table.find_or_insert(&problem, state, node(0), &small),
                    Slot::Full(Limit::Memory)
                )
            })
            .expect("the bound stops the table");
        assert!(stored > 1_000, "{stored}");
        assert!(small.used() <= 64 << 10, "{}", small.used());
        assert!(NodeTable::<Doubling>::allocated(&table) <= 64 << 10);
        assert_eq!(NodeTable::<Doubling>::len(&table), stored);
        assert!(matches!(insert(&mut table, 7), Slot::Old(7, ..)));

        let mut dense = DenseTable::<u32, char, u32>::default();
        let limits = crate::Limits::<u32>::new().max_memory(1 << 20);
        assert_eq!(dense.prepare(1 << 20, &limits), Err(Limit::Memory));
        assert_eq!(dense.prepare(1 << 10, &limits), Ok(()));
        let limits = crate::Limits::<u32>::new().max_stored(10);
        assert_eq!(dense.prepare(1 << 10, &limits), Err(Limit::Stored));
    }

    #[test]
    fn clearing_forgets_everything_across_generation_wraps() {
        let mut table = Table::default();
        for state in 100..200 {
            insert(&mut table, state);
        }
        // Past 65,535 clears the generation wraps: unless the slots are
        // wiped then, the slots of the first search look live again.
        for round in 0..70_000u32 {
            NodeTable::<Doubling>::clear(&mut table);
            assert_eq!(find(&table, 150), None, "round {round}");
            assert!(matches!(insert(&mut table, 5 + round % 2), Slot::New(0)));
            assert!(matches!(insert(&mut table, 6 - round % 2), Slot::New(1)));
            assert_eq!(find(&table, 5), Some(round % 2));
        }
        assert_eq!(NodeTable::<Doubling>::len(&table), 2);
    }
}
