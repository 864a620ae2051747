//! The single-machine reference: a layered breadth-first search over dense
//! bitmaps on the calling thread.

use std::time::Instant;

use crate::engine::Space;
use crate::{Enumeration, LayerProgress};

/// Enumerates the layers from `root`; every step counts one.
pub(crate) fn enumerate<S: Space>(
    space: &S,
    root: u64,
    on_layer: &impl Fn(&LayerProgress),
) -> Enumeration {
    let started = Instant::now();
    // cannot fail for spaces the distributed run accepts; a larger one
    // panics here, as documented
    let words = usize::try_from(space.rank_count().div_ceil(64)).expect("addressable ranks");
    let mut seen = vec![0u64; words];
    let mut current = vec![0u64; words];
    let mut next = vec![0u64; words];
    let set = |bits: &mut [u64], rank: u64| {
        bits[(rank / 64) as usize] |= 1 << (rank % 64);
    };
    set(&mut seen, root);
    set(&mut current, root);
    let mut histogram = Vec::new();
    let mut total = 0;
    loop {
        let mut states = 0u64;
        for (w, word) in current.iter_mut().enumerate() {
            let mut bits = std::mem::take(word);
            while bits != 0 {
                let rank = w as u64 * 64 + u64::from(bits.trailing_zeros());
                bits &= bits - 1;
                states += 1;
                let state = space.unrank(rank);
                space.expand(&state, &mut |r, _free| {
                    let (word, mask) = ((r / 64) as usize, 1u64 << (r % 64));
                    if seen[word] & mask == 0 {
                        seen[word] |= mask;
                        next[word] |= mask;
                    }
                });
            }
        }
        if states == 0 {
            break;
        }
        total += states;
        on_layer(&LayerProgress {
            depth: u32::try_from(histogram.len()).unwrap_or(u32::MAX),
            states,
            total,
            elapsed: started.elapsed(),
        });
        histogram.push(states);
        std::mem::swap(&mut current, &mut next);
    }
    Enumeration {
        histogram,
        elapsed: started.elapsed(),
        peak_bitmap_bytes: 3 * words * 8,
    }
}
