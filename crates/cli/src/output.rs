//! Where the programs print their results: standard output, buffered,
//! every write's failure passed up (never a panic, never lost), and one
//! rule for what a failure means ([`StdoutError::status`]).
//!
//! A program runs its printing inside [`with_stdout`], writing with
//! `write!` / `writeln!` and `?`; stdout is flushed at the end, and its
//! last error counted too. Stdout that cannot be written (a full disk,
//! `/dev/full`) ends the program with an error on stderr and exit status
//! 1; a closed pipe (`frontier ... | head -1`) ends it quietly with status
//! 0, as its reader has what it wanted.
//!
//! # Example
//!
//! ```no_run
//! use std::process::ExitCode;
//! use frontier_cli::output::with_stdout;
//!
//! fn main() -> ExitCode {
//!     with_stdout(|out| {
//!         writeln!(out, "depth count")?;
//!         for (depth, count) in [1, 2, 4].iter().enumerate() {
//!             writeln!(out, "{depth} {count}")?;
//!         }
//!         Ok(ExitCode::SUCCESS)
//!     })
//! }
//! ```

use std::fmt;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

/// Standard output, buffered; written with `write!` and `writeln!`, whose
/// errors are [`StdoutError`]s.
#[derive(Debug)]
pub struct Stdout {
    // Not locked for the whole run: a library that prints from another
    // thread (a message of timely's, say) must not wait on the program.
    inner: BufWriter<io::Stdout>,
}

/// Standard output could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write to stdout: {source}")]
pub struct StdoutError {
    /// Why.
    #[from]
    pub source: io::Error,
}

impl StdoutError {
    /// Whether the reader went away: a closed pipe.
    #[must_use]
    pub fn is_closed_pipe(&self) -> bool {
        self.source.kind() == io::ErrorKind::BrokenPipe
    }

    /// Reports the failure on stderr, unless it is a closed pipe, and
    /// gives the program's exit status: 0 for a closed pipe, 1 otherwise.
    #[must_use]
    pub fn status(&self) -> ExitCode {
        if self.is_closed_pipe() {
            ExitCode::SUCCESS
        } else {
            eprintln!("error: {self}");
            ExitCode::FAILURE
        }
    }
}

impl Stdout {
    /// Writes formatted text: what `write!` and `writeln!` call.
    ///
    /// # Errors
    ///
    /// If stdout cannot be written.
    pub fn write_fmt(&mut self, args: fmt::Arguments<'_>) -> Result<(), StdoutError> {
        Ok(self.inner.write_fmt(args)?)
    }

    /// Writes `bytes` as they are.
    ///
    /// # Errors
    ///
    /// If stdout cannot be written.
    pub fn write_all(&mut self, bytes: &[u8]) -> Result<(), StdoutError> {
        Ok(self.inner.write_all(bytes)?)
    }

    /// Sends what was written so far on to its reader (a program that
    /// prints a row as each result comes flushes after each).
    ///
    /// # Errors
    ///
    /// If stdout cannot be written.
    pub fn flush(&mut self) -> Result<(), StdoutError> {
        Ok(self.inner.flush()?)
    }
}

/// Runs `print` with stdout to write on, flushes it, and gives `print`'s
/// exit status; if stdout could not be written, the status
/// [`StdoutError::status`] gives instead (after reporting it).
pub fn with_stdout(print: impl FnOnce(&mut Stdout) -> Result<ExitCode, StdoutError>) -> ExitCode {
    let mut out = Stdout {
        inner: BufWriter::with_capacity(1 << 16, io::stdout()),
    };
    let printed = print(&mut out).and_then(|status| {
        out.flush()?;
        Ok(status)
    });
    printed.unwrap_or_else(|err| err.status())
}
