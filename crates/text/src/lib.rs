//! The text helpers of frontier's error messages, shared by the plug-ins
//! (`frontier-sliding-puzzle`, `frontier-pancake`, `frontier-grid`),
//! `pattern-db`, `frontier-dataflow` and the `frontier` command. None of it
//! is search, so none of it is in the core, `frontier-search`.
//!
//! - [`TokenExcerpt`]: a bad token as an error keeps it, its first 32
//!   characters and its length, so that an error about a 100 MB token
//!   costs no more memory or output than one about a short token.
//! - [`excerpt`]: a value a message echoes (a file name, an option's
//!   value), whole up to 256 bytes, else its first 64 characters and its
//!   length.
//! - [`file_kind`]: what a file that is not regular is (`"a FIFO"`, `"a
//!   directory"`, ...), for the readers that refuse one.
//! - [`read_file`]: a file named by the user, read whole only when it is a
//!   regular file of at most [`MAX_FILE_BYTES`] ([`ReadError`] otherwise),
//!   and [`shown`], a path as a message shows it.
//! - [`lines`] and [`content_lines`]: a file's lines as bytes, so that
//!   invalid UTF-8 spoils its own line ([`InvalidUtf8`], with line, byte
//!   and column) and not the whole file.
//!
//! # Quick start
//!
//! ```
//! use frontier_text::TokenExcerpt;
//!
//! let token = "9".repeat(100);
//! let excerpt = TokenExcerpt::new(&token);
//! assert_eq!(
//!     format!("unreadable token {excerpt}"),
//!     format!("unreadable token \"{}\"… of 100 bytes", "9".repeat(32))
//! );
//! ```
//!
//! # Design decisions
//!
//! - **No dependencies beyond std and `thiserror`**, so that every crate
//!   of the workspace can use it, `pattern-db` (which depends on no other
//!   frontier crate) included.
//! - **One type, re-exported by the plug-ins.** `sliding_puzzle::TokenExcerpt`
//!   and `pancake::TokenExcerpt` are this type, so an excerpt from one
//!   plug-in's error compares with and prints like another's.
#![forbid(unsafe_code)]

mod excerpt;
mod file;
mod lines;
mod read;

pub use excerpt::{TokenExcerpt, excerpt};
pub use file::file_kind;
pub use lines::{InvalidUtf8, Line, content_lines, lines};
pub use read::{MAX_FILE_BYTES, ReadError, read_file, shown};

/// The crate's README, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoc;
