//! What the root package's integration tests share: finding the example
//! programs, running them and reading what they print.
//!
//! Each file of `tests/` tests one program and is a test binary of its own,
//! so that `cargo test --test eight` runs the tests of `eight` alone. The
//! programs are the workspace's examples (`examples/*.rs`, shims that call
//! `frontier_cli`). `cargo test` builds the examples before it runs the
//! tests, but `cargo test --test eight` does not: so [`example`] builds the
//! example it is asked for (`cargo build --example eight`, a quick no-op
//! when it is fresh), once per test binary, in the profile the tests were
//! built in. A stale example from an earlier build is never run.

// Each test binary uses some of these helpers, none of them all: an
// `expect` would be unfulfilled in the binaries that use every one.
#![allow(
    dead_code,
    reason = "each test binary compiles this module and uses a part of it"
)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, PoisonError};

/// The POJ 1077 sample board, solved in 19 moves.
pub(crate) const SAMPLE: &str = "2 3 4 1 5 x 7 6 8";

/// The path of example `name`, built first if this test binary has not
/// built it yet.
///
/// # Panics
///
/// If cargo cannot build the example, or the tests do not run from
/// `target/<profile>/deps`.
pub(crate) fn example(name: &str) -> PathBuf {
    // The examples built so far; the lock also keeps two tests from
    // building the same example at once.
    static BUILT: Mutex<Vec<String>> = Mutex::new(Vec::new());

    let exe = std::env::current_exe().expect("the test binary's path");
    // target/<profile>/deps/<test>
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("tests run from target/<profile>/deps");
    let mut built = BUILT.lock().unwrap_or_else(PoisonError::into_inner);
    if !built.iter().any(|done| done == name) {
        build(name, profile_dir);
        built.push(name.to_owned());
    }
    drop(built);
    let path = profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing after its build",
        path.display()
    );
    path
}

/// Builds example `name` with cargo into the target folder above
/// `profile_dir` (`target/<profile>`), in that profile.
fn build(name: &str, profile_dir: &Path) {
    let profile = profile_dir
        .file_name()
        .and_then(|name| name.to_str())
        .unwrap_or("debug");
    let mut build = Command::new(option_env!("CARGO").unwrap_or("cargo"));
    build
        .args(["build", "--quiet", "--example", name, "--manifest-path"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"));
    if let Some(target) = profile_dir.parent() {
        build.arg("--target-dir").arg(target);
    }
    match profile {
        "debug" => {}
        "release" => {
            build.arg("--release");
        }
        other => {
            build.args(["--profile", other]);
        }
    }
    let status = build.status().expect("cargo starts");
    assert!(status.success(), "cargo build --example {name} failed");
}

/// Runs example `name` with `args`, feeding it `stdin`.
pub(crate) fn run(name: &str, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(example(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    // A program that refuses its options exits before it reads its
    // input: the pipe is then closed under the writer, which is no fault.
    let written = child
        .stdin
        .take()
        .expect("a piped stdin")
        .write_all(stdin.as_bytes());
    if let Err(err) = written {
        assert_eq!(
            err.kind(),
            std::io::ErrorKind::BrokenPipe,
            "the example reads its input: {err}"
        );
    }
    child.wait_with_output().expect("the example finishes")
}

/// What a program printed on stdout, which must be UTF-8.
pub(crate) fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// What a program printed on stderr, which must be UTF-8.
pub(crate) fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 errors")
}

/// A file in the temporary directory holding `contents`, its name unique
/// to this test process (and, given distinct `name`s, to each test).
pub(crate) fn temp_file(name: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("frontier-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).expect("a writable temporary directory");
    path
}
