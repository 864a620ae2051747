//! The one error type of the crate.

use std::io;
use std::path::PathBuf;

/// Why a distributed search could not start, run or save its results.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DataflowError {
    /// The worker configuration is inconsistent.
    #[error("invalid worker configuration: {reason}")]
    Config {
        /// What is wrong, with the values involved.
        reason: String,
    },
    /// The hosts file could not be read.
    #[error("cannot read hosts file {path}: {source}")]
    Hosts {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: io::Error,
    },
    /// The hosts path names something other than a regular file (a
    /// directory, a FIFO, a socket, a device), which is never opened: a
    /// FIFO would wait for a writer and a device may never end.
    #[error("hosts file {path} is {found}, not a regular file")]
    HostsNotRegularFile {
        /// The path.
        path: PathBuf,
        /// What it is, with its article: `"a directory"`, `"a FIFO"`.
        found: &'static str,
    },
    /// The hosts file is larger than
    /// [`Workers::MAX_HOSTS_FILE_BYTES`](crate::Workers::MAX_HOSTS_FILE_BYTES).
    #[error("hosts file {path} is larger than {max} bytes")]
    HostsTooLarge {
        /// The file.
        path: PathBuf,
        /// The bound.
        max: u64,
    },
    /// The hosts file names fewer addresses than there are processes.
    #[error("hosts file {path} lists {found} addresses, expected one per process ({expected})")]
    TooFewHosts {
        /// The file.
        path: PathBuf,
        /// The number of processes.
        expected: usize,
        /// The number of non-empty lines in the file.
        found: usize,
    },
    /// The space has more ranks than this platform can address.
    #[error("{ranks} ranks cannot be addressed on this platform")]
    TooLarge {
        /// The number of ranks asked for.
        ranks: u64,
    },
    /// timely could not start its workers (for a cluster: could not connect
    /// the processes), or a worker failed.
    #[error("dataflow failed: {message}")]
    Timely {
        /// timely's description, or the worker's panic.
        message: String,
    },
    /// Writing a result file failed.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: io::Error,
    },
    /// A pattern table could not be saved.
    #[error(transparent)]
    Table(#[from] pattern_db::PdbError),
}
