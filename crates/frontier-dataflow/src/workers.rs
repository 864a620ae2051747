//! Where the workers run: threads of this process, or several processes
//! connected by TCP (timely's cluster mode).

use std::fs::{self, File};
use std::io::Read;
use std::path::Path;

use crate::DataflowError;

/// The workers of a run: `threads` per process, in `addresses.len()`
/// processes of which this one is `process`.
///
/// Every process of a cluster runs the same program with the same
/// configuration except `process`; process `p` listens on `addresses[p]`
/// and connects to the others. Results that are gathered (the histogram,
/// a pattern table) end up in process 0.
///
/// # Example
///
/// ```
/// use frontier_dataflow::Workers;
///
/// let local = Workers::threads(2);
/// assert_eq!(local.peers(), 2);
/// let cluster = Workers::cluster(2, 1, vec!["10.0.0.1:2101".into(), "10.0.0.2:2101".into()])?;
/// assert_eq!((cluster.peers(), cluster.process()), (4, 1));
/// # Ok::<(), frontier_dataflow::DataflowError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Workers {
    threads: usize,
    process: usize,
    addresses: Vec<String>,
}

impl Workers {
    /// `threads` worker threads in this process alone (at least one).
    #[must_use]
    pub fn threads(threads: usize) -> Self {
        Workers {
            threads: threads.max(1),
            process: 0,
            addresses: Vec::new(),
        }
    }

    /// `threads` workers in each of `addresses.len()` processes, this one
    /// being number `process` (from 0).
    ///
    /// # Errors
    ///
    /// [`DataflowError::Config`] if `threads` is zero, there are no
    /// addresses, or `process` is not below their number.
    pub fn cluster(
        threads: usize,
        process: usize,
        addresses: Vec<String>,
    ) -> Result<Self, DataflowError> {
        if threads == 0 {
            return Err(DataflowError::Config {
                reason: "each process needs at least one worker thread".into(),
            });
        }
        if process >= addresses.len() {
            return Err(DataflowError::Config {
                reason: format!(
                    "process {process} is not below the number of processes ({})",
                    addresses.len()
                ),
            });
        }
        Ok(Workers {
            threads,
            process,
            addresses,
        })
    }

    /// The largest hosts file read: 1 MiB, tens of thousands of
    /// `host:port` lines.
    pub const MAX_HOSTS_FILE_BYTES: u64 = 1 << 20;

    /// A cluster of `processes` processes whose addresses are the first
    /// `processes` non-empty lines of the hosts file at `hosts` (`host:port`
    /// each, as timely's `-h` option reads them).
    ///
    /// Only a regular file of at most [`MAX_HOSTS_FILE_BYTES`](Self::MAX_HOSTS_FILE_BYTES)
    /// is read (symbolic links are followed): a directory, FIFO, socket or
    /// device is refused unopened, since opening a FIFO waits for a writer
    /// and a device such as `/dev/zero` never ends.
    ///
    /// # Errors
    ///
    /// [`DataflowError::Hosts`] if the file cannot be read,
    /// [`DataflowError::HostsNotRegularFile`] if `hosts` names something
    /// other than a regular file, [`DataflowError::HostsTooLarge`] if it is
    /// larger than the bound, [`DataflowError::TooFewHosts`] if it lists
    /// fewer addresses than processes, and those of
    /// [`cluster`](Self::cluster).
    pub fn from_hosts_file(
        threads: usize,
        processes: usize,
        process: usize,
        hosts: &Path,
    ) -> Result<Self, DataflowError> {
        let text = read_hosts_file(hosts)?;
        let addresses: Vec<String> = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(String::from)
            .collect();
        if addresses.len() < processes {
            return Err(DataflowError::TooFewHosts {
                path: hosts.to_path_buf(),
                expected: processes,
                found: addresses.len(),
            });
        }
        Self::cluster(
            threads,
            process,
            addresses.into_iter().take(processes).collect(),
        )
    }

    /// The number of worker threads in each process.
    #[must_use]
    pub fn threads_per_process(&self) -> usize {
        self.threads
    }

    /// This process's number, from 0.
    #[must_use]
    pub fn process(&self) -> usize {
        self.process
    }

    /// The number of processes.
    #[must_use]
    pub fn processes(&self) -> usize {
        self.addresses.len().max(1)
    }

    /// The number of workers over all processes.
    #[must_use]
    pub fn peers(&self) -> usize {
        self.threads * self.processes()
    }

    pub(crate) fn timely_config(&self) -> timely::Config {
        use timely::CommunicationConfig;
        let communication = if self.addresses.len() > 1 {
            CommunicationConfig::Cluster {
                threads: self.threads,
                process: self.process,
                addresses: self.addresses.clone(),
                report: false,
                zerocopy: false,
            }
        } else if self.threads > 1 {
            CommunicationConfig::Process(self.threads)
        } else {
            CommunicationConfig::Thread
        };
        timely::Config {
            communication,
            worker: timely::WorkerConfig::default(),
        }
    }
}

/// The text of the hosts file at `path`: a regular file of at most
/// [`Workers::MAX_HOSTS_FILE_BYTES`].
fn read_hosts_file(path: &Path) -> Result<String, DataflowError> {
    let io_error = |source| DataflowError::Hosts {
        path: path.to_path_buf(),
        source,
    };
    check_hosts_file(path, &fs::metadata(path).map_err(io_error)?)?;
    let file = File::open(path).map_err(io_error)?;
    // Checked again on the open file: the path may have been replaced
    // since it was looked at.
    check_hosts_file(path, &file.metadata().map_err(io_error)?)?;
    // Read one byte past the bound, so a file that grew is caught too.
    let mut text = String::new();
    file.take(Workers::MAX_HOSTS_FILE_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(io_error)?;
    if text.len() as u64 > Workers::MAX_HOSTS_FILE_BYTES {
        return Err(DataflowError::HostsTooLarge {
            path: path.to_path_buf(),
            max: Workers::MAX_HOSTS_FILE_BYTES,
        });
    }
    Ok(text)
}

/// `Ok` if `metadata` is that of a regular file within the bound.
fn check_hosts_file(path: &Path, metadata: &fs::Metadata) -> Result<(), DataflowError> {
    if !metadata.is_file() {
        return Err(DataflowError::HostsNotRegularFile {
            path: path.to_path_buf(),
            found: frontier_text::file_kind(metadata.file_type()),
        });
    }
    if metadata.len() > Workers::MAX_HOSTS_FILE_BYTES {
        return Err(DataflowError::HostsTooLarge {
            path: path.to_path_buf(),
            max: Workers::MAX_HOSTS_FILE_BYTES,
        });
    }
    Ok(())
}
