//! The file format: a checked header, then the entries; written atomically.

use std::ffi::OsStr;
use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

use crate::memory::Memory;
use crate::{PatternTable, PdbError};

impl PatternTable {
    /// The checksum stored in a file's header: a 64-bit hash of the
    /// entries (not cryptographic; it catches truncation and corruption).
    #[must_use]
    pub fn checksum(&self) -> u64 {
        checksum(self.entries.as_slice())
    }

    /// Writes the table to `path` with a header naming `key`, the
    /// description of the abstraction (the problem, its size, what is kept,
    /// the ranking scheme: everything the values depend on).
    ///
    /// The file is written under a temporary name in the same directory
    /// (created if missing), flushed to disk, then renamed over `path`, so a
    /// reader never sees a half-written table under the final name. The
    /// rename replaces whatever non-directory `path` named without opening
    /// it.
    ///
    /// First, the temporary files of earlier saves of `path` whose process
    /// is no longer running (killed while saving) are removed: on Linux,
    /// those whose process id has no entry in `/proc`; elsewhere, or
    /// without `/proc`, those untouched for a day. Temporary files of
    /// running processes, and of other paths, are left alone.
    ///
    /// Layout, integers little-endian: the 8 magic bytes `FRPDB\r\n\x1a`,
    /// the format version (u32), the key's length (u32) and UTF-8 bytes, the
    /// entry count (u64), the [`checksum`](Self::checksum) (u64), then the
    /// entries.
    ///
    /// # Example
    ///
    /// ```
    /// use pattern_db::PatternTable;
    ///
    /// let dir = std::env::temp_dir().join(format!("pattern-db-doc-save-{}", std::process::id()));
    /// let path = dir.join("tiny.pdb");
    /// let table = PatternTable::from_entries(vec![0, 1, 2, 1]);
    /// table.save(&path, "tiny ring of 4")?;
    /// assert_eq!(PatternTable::load(&path, "tiny ring of 4", 4)?, table);
    /// assert!(PatternTable::load(&path, "another key", 4).is_err());
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// # Ok::<(), pattern_db::PdbError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`PdbError::Io`] if the directory, the temporary file or the rename
    /// fails; the temporary file is removed on failure.
    pub fn save(&self, path: &Path, key: &str) -> Result<(), PdbError> {
        let io_error = |source| PdbError::Io {
            path: path.to_path_buf(),
            source,
        };
        if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(io_error)?;
        }
        // Before writing: a killed save may have left a file as large as
        // this table, whose room the new one needs.
        remove_abandoned_temporaries(path);
        let temporary = temporary_path(path);
        let written = self
            .write_file(&temporary, key)
            .and_then(|()| fs::rename(&temporary, path));
        if let Err(source) = written {
            // Best effort: the error that matters is the one reported.
            let _ = fs::remove_file(&temporary);
            return Err(io_error(source));
        }
        Ok(())
    }

    fn write_file(&self, path: &Path, key: &str) -> io::Result<()> {
        let file = File::create(path)?;
        let mut out = BufWriter::new(file);
        out.write_all(&header(key, self.len() as u64, self.checksum()))?;
        out.write_all(self.entries.as_slice())?;
        let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        file.sync_all()
    }

    /// Reads the table saved at `path`, checking every field of the header
    /// against what the caller expects and the entries against the
    /// checksum.
    ///
    /// Only a regular file is opened (symbolic links are followed): what
    /// `path` names is looked at first, and a directory, FIFO, socket or
    /// device is refused unopened, since opening a FIFO waits until some
    /// process writes to it.
    ///
    /// # Errors
    ///
    /// [`PdbError::Io`] if the file cannot be read (including when it does
    /// not exist); [`NotRegularFile`](PdbError::NotRegularFile) if `path`
    /// names something else; [`Foreign`](PdbError::Foreign),
    /// [`Version`](PdbError::Version), [`Key`](PdbError::Key),
    /// [`EntryCount`](PdbError::EntryCount), [`Length`](PdbError::Length) or
    /// [`Checksum`](PdbError::Checksum) if it is not exactly a table saved
    /// with `key` and `entry_count` entries.
    pub fn load(path: &Path, key: &str, entry_count: u64) -> Result<Self, PdbError> {
        let io_error = |source| PdbError::Io {
            path: path.to_path_buf(),
            source,
        };
        check_regular(path, &fs::metadata(path).map_err(io_error)?)?;
        let file = File::open(path).map_err(io_error)?;
        // Checked again on the open file: the path may have been replaced
        // since it was looked at.
        let metadata = file.metadata().map_err(io_error)?;
        check_regular(path, &metadata)?;
        let length = metadata.len();
        let mut input = BufReader::new(file);
        let header = read_header(&mut input, path)?;
        if header.key != key {
            return Err(PdbError::Key {
                path: path.to_path_buf(),
                expected: key.to_owned(),
                found: header.key,
            });
        }
        if header.entry_count != entry_count {
            return Err(PdbError::EntryCount {
                path: path.to_path_buf(),
                expected: entry_count,
                found: header.entry_count,
            });
        }
        let expected = header.length + entry_count;
        if length != expected {
            return Err(PdbError::Length {
                path: path.to_path_buf(),
                expected,
                found: length,
            });
        }
        let size = usize::try_from(entry_count).map_err(|_| PdbError::TooLarge {
            states: entry_count,
        })?;
        let mut entries = Memory::zeroed(size);
        input.read_exact(entries.as_mut_slice()).map_err(io_error)?;
        let table = PatternTable { entries };
        let found = table.checksum();
        if found != header.checksum {
            return Err(PdbError::Checksum {
                path: path.to_path_buf(),
                expected: header.checksum,
                found,
            });
        }
        Ok(table)
    }
}

/// `Ok` if `metadata` is a regular file's, otherwise
/// [`PdbError::NotRegularFile`] saying what `path` is.
fn check_regular(path: &Path, metadata: &fs::Metadata) -> Result<(), PdbError> {
    if metadata.is_file() {
        return Ok(());
    }
    Err(PdbError::NotRegularFile {
        path: path.to_path_buf(),
        found: frontier_text::file_kind(metadata.file_type()),
    })
}

/// The version of the file layout written by [`PatternTable::save`].
const FORMAT_VERSION: u32 = 1;

/// The first bytes of every table file. The `\r\n` and `^Z` catch files
/// mangled by text-mode transfers, as PNG's signature does.
const MAGIC: [u8; 8] = *b"FRPDB\r\n\x1a";

/// Keys longer than this are not read: the file is foreign or corrupt.
const MAX_KEY_LENGTH: u32 = 4096;

fn header(key: &str, entry_count: u64, checksum: u64) -> Vec<u8> {
    // cannot fail for any key a caller means: keys are short descriptions
    let key_length = u32::try_from(key.len()).expect("pattern database key over 4 GiB");
    let mut out = Vec::with_capacity(32 + key.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&key_length.to_le_bytes());
    out.extend_from_slice(key.as_bytes());
    out.extend_from_slice(&entry_count.to_le_bytes());
    out.extend_from_slice(&checksum.to_le_bytes());
    out
}

/// A parsed file header.
struct Header {
    key: String,
    entry_count: u64,
    checksum: u64,
    /// The header's length in bytes.
    length: u64,
}

fn read_header(input: &mut impl Read, path: &Path) -> Result<Header, PdbError> {
    let foreign = || PdbError::Foreign {
        path: path.to_path_buf(),
    };
    // A file too short for its header is truncated or foreign: either way,
    // not a table.
    let mut fixed = [0u8; 16];
    input.read_exact(&mut fixed).map_err(|_| foreign())?;
    let (magic, rest) = fixed.split_at(8);
    if magic != MAGIC {
        return Err(foreign());
    }
    let version = u32::from_le_bytes(le_bytes(&rest[..4]));
    if version != FORMAT_VERSION {
        return Err(PdbError::Version {
            path: path.to_path_buf(),
            expected: FORMAT_VERSION,
            found: version,
        });
    }
    let key_length = u32::from_le_bytes(le_bytes(&rest[4..]));
    if key_length > MAX_KEY_LENGTH {
        return Err(foreign());
    }
    let mut key = vec![0; key_length as usize];
    let mut counts = [0u8; 16];
    input.read_exact(&mut key).map_err(|_| foreign())?;
    input.read_exact(&mut counts).map_err(|_| foreign())?;
    let key = String::from_utf8(key).map_err(|_| foreign())?;
    Ok(Header {
        key,
        entry_count: u64::from_le_bytes(le_bytes(&counts[..8])),
        checksum: u64::from_le_bytes(le_bytes(&counts[8..])),
        length: 32 + u64::from(key_length),
    })
}

fn le_bytes<const N: usize>(bytes: &[u8]) -> [u8; N] {
    // cannot fail: callers slice exactly N bytes out of fixed arrays
    bytes.try_into().expect("slice of the right length")
}

/// `path` with a temporary name in the same directory (so the rename stays
/// on one file system), unique per process and call:
/// `{file name}.tmp-{process id}-{counter}`.
fn temporary_path(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(
        ".tmp-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Relaxed)
    ));
    path.with_file_name(name)
}

/// How long the temporary file of a process that may still be running must
/// be left untouched to count as abandoned, where no process can be asked
/// about: a save writes its file in seconds to minutes.
const ABANDONED_AFTER: Duration = Duration::from_hours(24);

/// Removes the temporary files that saves of `path` by processes no longer
/// running left behind. Best effort: what cannot be listed or removed
/// stays, and the save goes on.
fn remove_abandoned_temporaries(path: &Path) {
    let Some(table) = path.file_name() else {
        return;
    };
    let dir = path
        .parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let Some(pid) = temporary_owner(&entry.file_name(), table) else {
            continue;
        };
        // Regular files only (not followed through links): whatever else
        // bears such a name was not left by a save.
        if let Ok(metadata) = entry.metadata()
            && metadata.is_file()
            && abandoned(pid, &metadata)
        {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The process id in `name` if it is a temporary name of the table file
/// named `table`, as [`temporary_path`] makes them.
fn temporary_owner(name: &OsStr, table: &OsStr) -> Option<u32> {
    let suffix = name
        .as_encoded_bytes()
        .strip_prefix(table.as_encoded_bytes())?
        .strip_prefix(b".tmp-")?;
    let (pid, counter) = std::str::from_utf8(suffix).ok()?.split_once('-')?;
    let number = |digits: &str| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    if number(pid) && number(counter) {
        pid.parse().ok()
    } else {
        None
    }
}

/// Whether the temporary file of process `pid`, described by `metadata`,
/// was abandoned: its process is not running, or where that cannot be
/// known, it has not been touched for [`ABANDONED_AFTER`].
fn abandoned(pid: u32, metadata: &fs::Metadata) -> bool {
    if pid == std::process::id() {
        return false;
    }
    if let Some(running) = process_running(pid) {
        // A process of another PID namespace sharing the directory looks
        // dead here; removing its file makes its rename, hence its save,
        // fail, and a failed save is reported, never a damaged table.
        return !running;
    }
    metadata
        .modified()
        .ok()
        .and_then(|modified| modified.elapsed().ok())
        .is_some_and(|age| age > ABANDONED_AFTER)
}

/// Whether process `pid` is running, where this platform can tell: on
/// Linux with `/proc` mounted, whether it has an entry there.
fn process_running(pid: u32) -> Option<bool> {
    let proc = Path::new("/proc");
    (cfg!(target_os = "linux") && proc.join("self").exists())
        .then(|| proc.join(pid.to_string()).exists())
}

/// A 64-bit hash of `bytes`, eight at a time: each step (xor, rotate,
/// multiply by an odd constant) is a bijection of the running hash, so any
/// change confined to one word, or a change of length, always changes it.
fn checksum(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut hash = (bytes.len() as u64).wrapping_mul(K);
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        hash = (hash ^ u64::from_le_bytes(le_bytes(word)))
            .rotate_left(23)
            .wrapping_mul(K);
    }
    let mut tail = [0u8; 8];
    tail[..words.remainder().len()].copy_from_slice(words.remainder());
    hash = (hash ^ u64::from_le_bytes(tail))
        .rotate_left(23)
        .wrapping_mul(K);
    hash ^ (hash >> 29)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_are_recognised_exactly() {
        let owner = |name: &str| temporary_owner(OsStr::new(name), OsStr::new("t.pdb"));
        let made = temporary_path(Path::new("dir/t.pdb"));
        assert_eq!(
            temporary_owner(made.file_name().unwrap(), OsStr::new("t.pdb")),
            Some(std::process::id())
        );
        assert_eq!(owner("t.pdb.tmp-123-0"), Some(123));
        for name in [
            "t.pdb",
            "u.pdb.tmp-123-0",
            "t.pdb.tmp-123",
            "t.pdb.tmp-123-",
            "t.pdb.tmp--0",
            "t.pdb.tmp-+123-0",
            "t.pdb.tmp-123-0-1",
            "t.pdb.tmp-123-0.bak",
            "t.pdb.tmp-99999999999-0",
        ] {
            assert_eq!(owner(name), None, "{name}");
        }
    }

    #[test]
    fn the_checksum_sees_every_single_byte_change_and_length() {
        let bytes: Vec<u8> = (0..=255).cycle().take(1003).collect();
        let sum = checksum(&bytes);
        for i in 0..bytes.len() {
            let mut changed = bytes.clone();
            changed[i] ^= 0x10;
            assert_ne!(checksum(&changed), sum, "byte {i}");
        }
        assert_ne!(checksum(&bytes[..1002]), sum);
        let mut longer = bytes.clone();
        longer.push(0);
        assert_ne!(checksum(&longer), sum);
    }
}
