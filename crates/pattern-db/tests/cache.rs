//! Saving, loading and caching tables: every kind of damage is rejected,
//! a cached table is used only when it is exactly what was saved, and the
//! cache's earlier faults stay fixed: a FIFO in place of a table, the
//! temporary files of killed builders, a table that cannot be saved.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, SystemTime};

use pattern_db::{AbstractStep, Abstraction, CacheStatus, PatternTable, PdbError};

/// A ring of `states` states, each a unit step from its two neighbours,
/// with state 0 the goal; the table's entry is `state / group`.
struct Ring {
    states: u64,
    group: u64,
}

impl Abstraction for Ring {
    type State = u64;

    fn state_count(&self) -> u64 {
        self.states
    }

    fn rank(&self, state: &u64) -> u64 {
        *state
    }

    fn unrank(&self, rank: u64) -> u64 {
        rank
    }

    fn goals(&self) -> impl Iterator<Item = u64> {
        std::iter::once(0)
    }

    fn predecessors(&self, state: &u64) -> impl Iterator<Item = AbstractStep<u64>> {
        [
            (state + 1) % self.states,
            (state + self.states - 1) % self.states,
        ]
        .map(AbstractStep::Unit)
        .into_iter()
    }

    fn entry_count(&self) -> u64 {
        self.states.div_ceil(self.group)
    }

    fn entry(&self, state: &u64) -> u64 {
        state / self.group
    }
}

/// A fresh directory under the system's temporary directory.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pattern-db-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

#[test]
fn files_round_trip_and_reject_every_kind_of_damage() {
    let dir = scratch_dir("damage");
    let path = dir.join("t.pdb");
    let table = PatternTable::from_entries((0..5000u32).map(|i| (i % 37) as u8).collect());
    table.save(&path, "key").unwrap();
    assert_eq!(PatternTable::load(&path, "key", 5000).unwrap(), table);
    let bytes = fs::read(&path).unwrap();
    let header_length = bytes.len() - 5000;

    let rejects = |bytes: &[u8], key: &str, count: u64| {
        fs::write(&path, bytes).unwrap();
        PatternTable::load(&path, key, count).unwrap_err()
    };
    assert!(matches!(
        rejects(&bytes, "other", 5000),
        PdbError::Key { .. }
    ));
    assert!(matches!(
        rejects(&bytes, "key", 4999),
        PdbError::EntryCount { .. }
    ));
    assert!(matches!(
        rejects(&bytes[..bytes.len() - 1], "key", 5000),
        PdbError::Length { .. }
    ));
    assert!(matches!(
        rejects(&bytes[..10], "key", 5000),
        PdbError::Foreign { .. }
    ));
    assert!(matches!(
        rejects(b"", "key", 5000),
        PdbError::Foreign { .. }
    ));
    assert!(matches!(
        rejects(b"P6\n", "key", 5000),
        PdbError::Foreign { .. }
    ));
    let mut version = bytes.clone();
    version[8] = 2;
    assert!(matches!(
        rejects(&version, "key", 5000),
        PdbError::Version { .. }
    ));
    for i in [
        header_length,
        header_length + 2500,
        bytes.len() - 1,
        header_length - 1,
    ] {
        let mut flipped = bytes.clone();
        flipped[i] ^= 1;
        assert!(
            matches!(rejects(&flipped, "key", 5000), PdbError::Checksum { .. }),
            "byte {i}"
        );
    }
    for i in 0..header_length {
        let mut flipped = bytes.clone();
        flipped[i] ^= 0x40;
        let _ = rejects(&flipped, "key", 5000);
    }
    assert!(matches!(
        PatternTable::load(&dir.join("missing.pdb"), "key", 5000),
        Err(PdbError::Io { .. })
    ));
    // No temporary file is left behind.
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn load_or_build_rebuilds_a_damaged_file() {
    let dir = scratch_dir("rebuild");
    let path = dir.join("g.pdb");
    let ring = Ring {
        states: 400,
        group: 2,
    };
    let (built, status) = PatternTable::load_or_build(&path, "g", &ring, |_| {}).unwrap();
    assert!(matches!(status, CacheStatus::Built { rejected: None, .. }));
    let bytes = fs::read(&path).unwrap();
    fs::write(&path, &bytes[..bytes.len() - 7]).unwrap();
    let (rebuilt, status) = PatternTable::load_or_build(&path, "g", &ring, |_| {}).unwrap();
    assert!(matches!(
        status,
        CacheStatus::Built {
            rejected: Some(PdbError::Length { .. }),
            ..
        }
    ));
    assert_eq!(rebuilt, built);
    assert_eq!(fs::read(&path).unwrap(), bytes);
    let (loaded, status) = PatternTable::load_or_build(&path, "g", &ring, |_| {}).unwrap();
    assert!(matches!(status, CacheStatus::Loaded));
    assert_eq!(loaded, built);
    fs::remove_dir_all(&dir).unwrap();
}

/// Runs `work` on its own thread; `None` if it has not returned within
/// `seconds` (the thread is left behind).
fn within<T: Send + 'static>(seconds: u64, work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        // The receiver is gone only if the test already gave up.
        let _ = sender.send(work());
    });
    receiver.recv_timeout(Duration::from_secs(seconds)).ok()
}

/// Makes a FIFO at `path` with the `mkfifo` program; false if there is none.
fn make_fifo(path: &Path) -> bool {
    std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|status| status.success())
}

#[test]
fn a_fifo_in_place_of_a_table_is_never_opened_and_is_replaced() {
    let dir = scratch_dir("fifo");
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("ring.pdb");
    if !make_fifo(&path) {
        eprintln!("skipped: mkfifo is not available to make a FIFO");
        return;
    }
    let load = {
        let path = path.clone();
        move || PatternTable::load(&path, "ring", 6)
    };
    let Some(loaded) = within(10, load) else {
        // Open the FIFO's other end so the blocked reader returns.
        drop(fs::OpenOptions::new().write(true).open(&path));
        panic!("loading {} blocked on a FIFO", path.display());
    };
    assert!(
        matches!(
            loaded,
            Err(PdbError::NotRegularFile {
                found: "a FIFO",
                ..
            })
        ),
        "{loaded:?}"
    );

    let ring = Ring {
        states: 12,
        group: 2,
    };
    // Rebuilt, and the FIFO replaced by a rename, which never opens it.
    let (built, status) = PatternTable::load_or_build(&path, "ring", &ring, |_| {}).unwrap();
    assert!(
        matches!(
            status,
            CacheStatus::Built {
                rejected: Some(PdbError::NotRegularFile { .. }),
                ..
            }
        ),
        "{status:?}"
    );
    assert!(fs::metadata(&path).unwrap().is_file());
    let (loaded, status) = PatternTable::load_or_build(&path, "ring", &ring, |_| {}).unwrap();
    assert!(matches!(status, CacheStatus::Loaded));
    assert_eq!(loaded, built);
    fs::remove_dir_all(&dir).unwrap();
}

/// Writes a partial file at `path` and dates it two days back, as a save
/// killed long ago would have left it.
fn leave_partial_file(path: &Path) {
    fs::write(path, b"partial table").unwrap();
    let file = fs::File::options().write(true).open(path).unwrap();
    let two_days_ago = SystemTime::now() - Duration::from_hours(48);
    file.set_modified(two_days_ago).unwrap();
}

#[test]
fn saving_removes_the_temporary_files_of_dead_processes_only() {
    let dir = scratch_dir("stale");
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("ring.pdb");
    // No process has this id: Linux process ids stay below 2^22.
    let dead = dir.join("ring.pdb.tmp-4000000000-0");
    let dead_later = dir.join("ring.pdb.tmp-4000000001-7");
    // This process is alive, whatever its temporary files' age.
    let live = dir.join(format!("ring.pdb.tmp-{}-999", std::process::id()));
    // Another table's temporary file, and files merely named alike.
    let other_table = dir.join("other.pdb.tmp-4000000000-0");
    let alike = [
        dir.join("ring.pdb.tmp-notes"),
        dir.join("ring.pdb.tmp-4000000000-"),
        dir.join("ring.pdb.tmp-4000000000-0.bak"),
    ];
    for file in [&dead, &dead_later, &live, &other_table]
        .into_iter()
        .chain(&alike)
    {
        leave_partial_file(file);
    }
    // Another running process, where Linux can tell that it runs.
    let mut sleeper = if cfg!(target_os = "linux") {
        std::process::Command::new("sleep").arg("60").spawn().ok()
    } else {
        None
    };
    let sleeping = sleeper
        .as_ref()
        .map(|child| dir.join(format!("ring.pdb.tmp-{}-0", child.id())));
    if let Some(file) = &sleeping {
        leave_partial_file(file);
    }

    let table = PatternTable::from_entries(vec![0, 1, 2, 1]);
    table.save(&path, "ring").unwrap();
    assert!(!dead.exists() && !dead_later.exists());
    assert!(live.exists() && other_table.exists());
    assert!(alike.iter().all(|file| file.exists()));
    if let (Some(child), Some(file)) = (&mut sleeper, &sleeping) {
        assert!(file.exists(), "the file of running process {}", child.id());
        child.kill().unwrap();
        child.wait().unwrap();
    }

    // load_or_build saves through the same path.
    leave_partial_file(&dead);
    let ring = Ring {
        states: 12,
        group: 2,
    };
    PatternTable::load_or_build(&path, "another ring", &ring, |_| {}).unwrap();
    assert!(!dead.exists() && live.exists());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_table_that_cannot_be_saved_is_still_returned() {
    let dir = scratch_dir("unsaveable");
    fs::create_dir_all(&dir).unwrap();
    let ring = Ring {
        states: 12,
        group: 2,
    };
    let expected = PatternTable::build(&ring, |_| {}).unwrap();

    // A regular file where the cache directory should be: nothing can be
    // created under it, whatever this process's privileges.
    let blocker = dir.join("not-a-directory");
    fs::write(&blocker, b"").unwrap();
    let path = blocker.join("ring.pdb");
    let (table, status) = PatternTable::load_or_build(&path, "ring", &ring, |_| {})
        .expect("a table that cannot be saved is still returned");
    assert_eq!(table, expected);
    assert!(
        matches!(
            status,
            CacheStatus::BuiltNotSaved {
                rejected: None,
                reason: PdbError::Io { .. },
                ..
            }
        ),
        "{status:?}"
    );
    assert!(matches!(status.save_error(), Some(PdbError::Io { .. })));
    assert!(
        status.to_string().contains(", not saved (cannot access"),
        "{status}"
    );

    // A directory where the table should be: a rename cannot replace it.
    let occupied = dir.join("occupied.pdb");
    fs::create_dir(&occupied).unwrap();
    fs::write(occupied.join("keep"), b"not ours").unwrap();
    let (table, status) = PatternTable::load_or_build(&occupied, "ring", &ring, |_| {})
        .expect("a table that cannot be saved is still returned");
    assert_eq!(table, expected);
    assert!(
        matches!(
            status,
            CacheStatus::BuiltNotSaved {
                rejected: Some(PdbError::NotRegularFile {
                    found: "a directory",
                    ..
                }),
                ..
            }
        ),
        "{status:?}"
    );
    assert!(occupied.join("keep").exists());

    // A read-only directory, where permission bits stop this process.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let read_only = dir.join("read-only");
        fs::create_dir(&read_only).unwrap();
        fs::set_permissions(&read_only, fs::Permissions::from_mode(0o555)).unwrap();
        if fs::write(read_only.join("probe"), b"").is_ok() {
            eprintln!("skipped the read-only directory: permission bits do not stop this user");
        } else {
            let path = read_only.join("ring.pdb");
            let (table, status) = PatternTable::load_or_build(&path, "ring", &ring, |_| {})
                .expect("a table that cannot be saved is still returned");
            assert_eq!(table, expected);
            assert!(status.save_error().is_some(), "{status:?}");
        }
        fs::set_permissions(&read_only, fs::Permissions::from_mode(0o755)).unwrap();
    }
    fs::remove_dir_all(&dir).unwrap();
}
