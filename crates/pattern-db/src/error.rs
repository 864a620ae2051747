//! The one error type of the crate.

use std::io;
use std::path::PathBuf;

/// Why a pattern table could not be built, loaded or saved.
///
/// Every variant but [`Io`](Self::Io) and [`TooLarge`](Self::TooLarge)
/// means the path does not hold a valid table for the requested key.
/// [`PatternTable::load_or_build`](crate::PatternTable::load_or_build)
/// rebuilds whenever loading fails, for any of these reasons or an
/// unreadable file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PdbError {
    /// Reading or writing a file failed.
    #[error("cannot access pattern database {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: io::Error,
    },
    /// The path names something other than a regular file (a directory, a
    /// FIFO, a socket, a device), which is never opened for reading:
    /// opening a FIFO would wait for a writer, perhaps forever.
    #[error("{path} is {found}, not a regular file")]
    NotRegularFile {
        /// The path.
        path: PathBuf,
        /// What it is, with its article: `"a directory"`, `"a FIFO"`.
        found: &'static str,
    },
    /// The file does not start with the pattern-database magic bytes.
    #[error("{path} is not a pattern database")]
    Foreign {
        /// The file.
        path: PathBuf,
    },
    /// The file was written in another format version.
    #[error("{path} has format version {found}, expected {expected}")]
    Version {
        /// The file.
        path: PathBuf,
        /// The version this library writes.
        expected: u32,
        /// The version in the file.
        found: u32,
    },
    /// The file holds a table for another abstraction (another problem,
    /// size, abstraction or ranking).
    #[error("{path} holds the table for {found:?}, expected {expected:?}")]
    Key {
        /// The file.
        path: PathBuf,
        /// The key asked for.
        expected: String,
        /// The key in the file.
        found: String,
    },
    /// The file holds another number of entries than the abstraction has.
    #[error("{path} holds {found} entries, expected {expected}")]
    EntryCount {
        /// The file.
        path: PathBuf,
        /// The abstraction's entry count.
        expected: u64,
        /// The count in the file's header.
        found: u64,
    },
    /// The file is shorter or longer than its header says.
    #[error("{path} is {found} bytes long, expected {expected}")]
    Length {
        /// The file.
        path: PathBuf,
        /// The length the header implies.
        expected: u64,
        /// The file's length.
        found: u64,
    },
    /// The entries do not match the header's checksum.
    #[error("{path} is corrupt: checksum {found:#018x}, expected {expected:#018x}")]
    Checksum {
        /// The file.
        path: PathBuf,
        /// The checksum in the header.
        expected: u64,
        /// The checksum of the entries read.
        found: u64,
    },
    /// The abstract space does not fit in this machine's address space.
    #[error("an abstract space of {states} states is too large to build here")]
    TooLarge {
        /// The requested state or entry count.
        states: u64,
    },
}
