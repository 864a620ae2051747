//! What the programs read from the user: files named on the command line,
//! read whole but only when they are regular files of bounded size, and
//! excerpts of long values for the messages that echo them.
//!
//! A named input is checked before it is opened, and again once open: a
//! FIFO would make the program wait for a writer that may never come, and
//! a device such as `/dev/zero` would be read until memory runs out, so
//! both are refused unread ([`ReadError::NotRegular`]), as is a file larger
//! than [`MAX_FILE_BYTES`] ([`ReadError::TooLarge`]). Standard input,
//! which may well be a pipe, is not read through here.
//!
//! # Example
//!
//! ```
//! use frontier_text::{ReadError, excerpt, read_file};
//!
//! let dir = std::env::temp_dir();
//! let err = read_file(&dir).unwrap_err();
//! assert!(matches!(err, ReadError::NotRegular { found: "a directory", .. }));
//! assert!(err.to_string().ends_with(": not a regular file but a directory"));
//!
//! let long = "y".repeat(1000);
//! assert_eq!(excerpt(&long), format!("{}… (1000 bytes)", "y".repeat(64)));
//! assert_eq!(excerpt("korf100"), "korf100");
//! ```

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The largest file read: 256 MiB, far beyond any set of boards, stacks
/// or terrain map a search can use (Korf's 100 instances take 6 kB). A
/// larger file, or one that grows past this while it is read, is refused.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

use crate::excerpt;

/// A path as a message shows it: [`excerpt`] of its text.
#[must_use]
pub fn shown(path: &Path) -> String {
    excerpt(&path.to_string_lossy()).into_owned()
}

/// A named file that cannot be read. Every message names the file (cut
/// short by [`shown`] if it is long).
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file cannot be looked at, opened or read.
    #[error("cannot read {}: {source}", shown(path))]
    Io {
        /// The path.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// Not a regular file (a FIFO, a device, a directory): refused unread.
    #[error("{}: not a regular file but {found}", shown(path))]
    NotRegular {
        /// The path.
        path: PathBuf,
        /// What it is, with its article: `"a directory"`, `"a FIFO"`.
        found: &'static str,
    },
    /// A file larger than [`MAX_FILE_BYTES`].
    #[error("{}: larger than {max} bytes, the most read", shown(path))]
    TooLarge {
        /// The path.
        path: PathBuf,
        /// [`MAX_FILE_BYTES`].
        max: u64,
    },
    /// The memory to hold the file's bytes could not be had.
    #[error("{}: out of memory for its {bytes} bytes", shown(path))]
    Memory {
        /// The file.
        path: PathBuf,
        /// Its size.
        bytes: u64,
    },
}

/// `Ok` if `metadata` is that of a regular file of at most
/// [`MAX_FILE_BYTES`].
fn check(path: &Path, metadata: &fs::Metadata) -> Result<(), ReadError> {
    if !metadata.is_file() {
        return Err(ReadError::NotRegular {
            path: path.to_path_buf(),
            found: crate::file_kind(metadata.file_type()),
        });
    }
    if metadata.len() > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            max: MAX_FILE_BYTES,
        });
    }
    Ok(())
}

/// The bytes of the regular file at `path`, at most [`MAX_FILE_BYTES`].
///
/// # Errors
///
/// [`ReadError::Io`], [`ReadError::NotRegular`] (found before the file is
/// opened, so a FIFO is never waited on, and again on the open file, in
/// case the path was replaced in between) or [`ReadError::TooLarge`]
/// (also for a file that grows past the bound while it is read).
pub fn read_file(path: &Path) -> Result<Vec<u8>, ReadError> {
    let io_error = |source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    };
    check(path, &fs::metadata(path).map_err(io_error)?)?;
    let file = File::open(path).map_err(io_error)?;
    // Checked again on the open file: the path may have been replaced
    // since it was looked at.
    let metadata = file.metadata().map_err(io_error)?;
    check(path, &metadata)?;
    // Room for the file as it is now, asked for fallibly; one byte past
    // the bound is read, so a file that grew is caught too.
    let size = metadata.len();
    let mut bytes = Vec::new();
    usize::try_from(size.saturating_add(1))
        .ok()
        .and_then(|room| bytes.try_reserve_exact(room).ok())
        .ok_or_else(|| ReadError::Memory {
            path: path.to_path_buf(),
            bytes: size,
        })?;
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            max: MAX_FILE_BYTES,
        });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_is_read_and_a_missing_one_named() {
        let path = std::env::temp_dir().join(format!("frontier-input-{}", std::process::id()));
        std::fs::write(&path, b"3 1 2\n").unwrap();
        assert_eq!(read_file(&path).unwrap(), b"3 1 2\n");
        std::fs::remove_file(&path).unwrap();
        let err = read_file(&path).unwrap_err();
        assert!(matches!(err, ReadError::Io { .. }), "{err:?}");
        assert!(err.to_string().starts_with("cannot read "), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_refused_unread() {
        let zero = Path::new("/dev/zero");
        if !zero.exists() {
            return;
        }
        let err = read_file(zero).unwrap_err();
        assert_eq!(
            err.to_string(),
            "/dev/zero: not a regular file but a device"
        );
    }
}
