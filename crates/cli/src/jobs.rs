//! How many threads a program may start: the one rule behind every
//! `--jobs` (and `enumerate --workers`).
//!
//! - **A hard ceiling, [`MAX_JOBS`] (1024), the same on every machine**:
//!   above it the value is refused as a usage error, as `--jobs 0` is. No
//!   machine this runs on has that many cores, and asking for many more
//!   threads than the operating system grants once made the programs panic
//!   or abort while starting them.
//! - **A cap of [`JOBS_PER_CORE`] (4) threads per available core**: a
//!   value within the ceiling but above that is lowered to it, and the
//!   program says so on stderr ([`Jobs::note`]). More threads than that
//!   only add contention (and, for `compare`, load) without speed.
//! - **A pool that cannot be built is no failure**: [`thread_pool`] says
//!   why, and the caller runs on the calling thread instead.
//!
//! `enumerate --workers` takes the ceiling but not the cap: every process
//! of a cluster must run the same number of workers, and a cap that
//! depends on each machine's cores would break that.

use std::num::NonZeroUsize;

/// The most threads any `--jobs` may ask for, whatever the machine.
pub const MAX_JOBS: usize = 1024;

/// The most threads per available core a `--jobs` is given; more are
/// capped to this.
pub const JOBS_PER_CORE: usize = 4;

/// [`JOBS_PER_CORE`] as a `NonZeroUsize` (a constant: checked when compiled).
const PER_CORE: NonZeroUsize = NonZeroUsize::new(JOBS_PER_CORE).unwrap();

/// [`MAX_JOBS`] as a `NonZeroUsize` (a constant: checked when compiled).
const CEILING: NonZeroUsize = NonZeroUsize::new(MAX_JOBS).unwrap();

/// Reads a `--jobs` value (clap's `value_parser`): a whole number from 1 to
/// [`MAX_JOBS`].
///
/// # Errors
///
/// A message naming the problem, which clap prints after the option and
/// the value.
///
/// # Example
///
/// ```
/// use frontier_cli::jobs::parse_jobs;
///
/// assert_eq!(parse_jobs("8").map(|n| n.get()), Ok(8));
/// assert_eq!(parse_jobs("0").unwrap_err(), "at least 1 is needed (0 is refused, not taken as 1)");
/// assert_eq!(parse_jobs("4000").unwrap_err(), "4000 is above the ceiling of 1024 threads");
/// assert!(parse_jobs("4294967296000000000000").unwrap_err().contains("above the ceiling"));
/// assert_eq!(parse_jobs("two").unwrap_err(), "expected a whole number from 1 to 1024");
/// ```
pub fn parse_jobs(text: &str) -> Result<NonZeroUsize, String> {
    let digits = text.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("expected a whole number from 1 to {MAX_JOBS}"));
    }
    let too_many = || {
        format!(
            "{} is above the ceiling of {MAX_JOBS} threads",
            frontier_text::excerpt(digits)
        )
    };
    // Only digits: a failure to parse is a number too large for usize.
    let jobs = digits.parse::<usize>().map_err(|_| too_many())?;
    match NonZeroUsize::new(jobs) {
        None => Err("at least 1 is needed (0 is refused, not taken as 1)".to_owned()),
        Some(_) if jobs > MAX_JOBS => Err(too_many()),
        Some(jobs) => Ok(jobs),
    }
}

/// The threads a program runs for a `--jobs` value on this machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jobs {
    /// What was asked for.
    pub requested: NonZeroUsize,
    /// What is run: `requested`, or [`JOBS_PER_CORE`] × `cores` if that
    /// is less.
    pub threads: NonZeroUsize,
    /// The cores the operating system says this process may use (1 if it
    /// cannot say).
    pub cores: NonZeroUsize,
}

impl Jobs {
    /// `requested` threads on this machine, capped at [`JOBS_PER_CORE`]
    /// per available core (and at [`MAX_JOBS`]).
    #[must_use]
    pub fn for_this_machine(requested: NonZeroUsize) -> Self {
        let cores = std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
        Self::on_cores(requested, cores)
    }

    /// `requested` threads on a machine of `cores` cores, capped at
    /// [`JOBS_PER_CORE`] per core (and at [`MAX_JOBS`]).
    ///
    /// # Example
    ///
    /// ```
    /// use std::num::NonZeroUsize;
    /// use frontier_cli::jobs::Jobs;
    ///
    /// let n = |n| NonZeroUsize::new(n).unwrap();
    /// assert_eq!(Jobs::on_cores(n(6), n(2)).threads, n(6));
    /// assert_eq!(Jobs::on_cores(n(6), n(2)).note(), None);
    /// let capped = Jobs::on_cores(n(100), n(2));
    /// assert_eq!(capped.threads, n(8));
    /// assert_eq!(
    ///     capped.note().unwrap(),
    ///     "note: --jobs 100 capped at 8 (at most 4 threads a core, 2 cores here)"
    /// );
    /// assert_eq!(Jobs::on_cores(n(5000), n(512)).threads, n(1024));
    /// ```
    #[must_use]
    pub fn on_cores(requested: NonZeroUsize, cores: NonZeroUsize) -> Self {
        Jobs {
            requested,
            threads: requested.min(cores.saturating_mul(PER_CORE)).min(CEILING),
            cores,
        }
    }

    /// The line to print on stderr when fewer threads are run than asked
    /// for; `None` when all are.
    #[must_use]
    pub fn note(&self) -> Option<String> {
        (self.threads < self.requested).then(|| {
            format!(
                "note: --jobs {} capped at {} (at most {JOBS_PER_CORE} threads a core, {} cores here)",
                self.requested, self.threads, self.cores
            )
        })
    }
}

/// A rayon pool of `threads` threads, or `None` for one thread (run on the
/// calling thread, no pool needed).
///
/// # Errors
///
/// rayon's error if the operating system refuses the threads (too many
/// for its limits, or for the address space); the caller then runs on the
/// calling thread.
pub fn thread_pool(
    threads: NonZeroUsize,
) -> Result<Option<rayon::ThreadPool>, rayon::ThreadPoolBuildError> {
    if threads.get() == 1 {
        return Ok(None);
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.get())
        .build()
        .map(Some)
}
