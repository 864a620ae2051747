//! Fuzzes the pancake stack parser: `FromStr` for `Stack`. No input may
//! panic; a stack is a permutation of 1 to its length, read back the same
//! from its printed form, from its pancakes and from its rank; an error
//! message stays short whatever the input (bad tokens and numbers too large
//! for a `u64` are cut to a `TokenExcerpt`).

#![no_main]

use libfuzzer_sys::fuzz_target;
use pancake::{ParseError, Stack};

/// The longest message an error may have (see `board_parser`).
const LONGEST_MESSAGE: usize = 512;

fuzz_target!(|text: &str| {
    match text.parse::<Stack>() {
        Ok(stack) => {
            let len = stack.len();
            assert!((1..=Stack::MAX_LEN).contains(&len));
            let mut pancakes = stack.pancakes().to_vec();
            pancakes.sort_unstable();
            assert!(pancakes.iter().copied().eq(1..=len as u8));
            assert_eq!(stack.to_string().parse::<Stack>(), Ok(stack));
            assert_eq!(Stack::new(stack.pancakes()), Ok(stack));
            assert_eq!(Stack::unrank(len, stack.rank()), Some(stack));
        }
        Err(err) => short(&err),
    }
});

/// Asserts that `err`'s message is short.
fn short(err: &ParseError) {
    let message = err.to_string();
    assert!(
        message.len() <= LONGEST_MESSAGE,
        "{} bytes: {message}",
        message.len()
    );
}
