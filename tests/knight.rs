//! `knight` (the knight's moves on a chessboard) on the judge's sample, and
//! the error that names a bad token.
//!
//! How the example is found and built: `tests/common/mod.rs`.

mod common;

use common::{run, stderr, stdout};

#[test]
fn knight_answers_the_sample() {
    let output = run(
        "knight",
        &[],
        "3\n8\n0 0\n7 0\n100\n0 0\n30 50\n10\n1 1\n1 1\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "5\n28\n0\n");
}

#[test]
fn knight_names_the_bad_token() {
    let output = run("knight", &[], "2\n8\n0 0\n7 0\n3\n0 0\n1 1\n");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), "");
    assert_eq!(
        stderr(&output).trim_end(),
        "error: line 5: the board size of case 2 is \"3\", out of range (4 to 300)"
    );
}
