//! Where the workers run: threads of this process, or several processes
//! connected by TCP (timely's cluster mode).

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

    /// A cluster of `processes` processes whose addresses are the first
    /// `processes` non-empty lines of the hosts file at `hosts` (`host:port`
    /// each, as timely's `-h` option reads them).
    ///
    /// # Errors
    ///
    /// [`DataflowError::Hosts`] if the file cannot be read,
    /// [`DataflowError::TooFewHosts`] if it lists fewer addresses than
    /// processes, and those of [`cluster`](Self::cluster).
    pub fn from_hosts_file(
        threads: usize,
        processes: usize,
        process: usize,
        hosts: &Path,
    ) -> Result<Self, DataflowError> {
        let text = std::fs::read_to_string(hosts).map_err(|source| DataflowError::Hosts {
            path: hosts.to_path_buf(),
            source,
        })?;
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
