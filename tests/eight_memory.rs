//! The `eight` reader's memory does not grow with its input: it reads
//! token by token, so a long line of boards costs no more than a short one.
//!
//! A counting global allocator measures the peak bytes allocated while the
//! reader runs; it is the only test in this file so that nothing else
//! allocates meanwhile.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use sliding_puzzle::stream::{Boards, SizeMode};

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call goes to `System` unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
            let now = IN_USE.fetch_add(new_size, Ordering::Relaxed) + new_size;
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn a_long_line_of_boards_is_read_in_constant_memory() {
    // 8 MiB on one line: about 230,000 boards of 9 tiles.
    let board = "2 3 4 1 5 x 7 6 8 ";
    let input = board.repeat((8 << 20) / board.len());
    let before = IN_USE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);

    let mut boards = 0_usize;
    for item in Boards::new(input.as_bytes(), SizeMode::Auto) {
        let item = item.expect("reading from memory");
        assert!(item.board.is_ok(), "{item:?}");
        boards += 1;
    }

    let peak = PEAK.load(Ordering::Relaxed) - before;
    assert_eq!(boards, input.len() / board.len());
    assert!(
        peak < 64 << 10,
        "reading {} bytes peaked at {peak} bytes allocated",
        input.len()
    );
}
