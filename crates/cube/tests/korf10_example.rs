//! The `korf10` example on small input: Korf's cubes searched with the
//! small databases up to a low bound (complete iterations, so every search
//! generates the same nodes), in place, by value and on two threads, and
//! its refusals.
//!
//! The example is built here (`cargo build --example korf10`, a quick
//! no-op when it is fresh) in the profile the test was built in, as the
//! root package's tests build theirs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The example, built first.
fn korf10() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    // target/<profile>/deps/<test>
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("tests run from target/<profile>/deps");
    let mut build = Command::new(option_env!("CARGO").unwrap_or("cargo"));
    build
        .args(["build", "--quiet", "--example", "korf10", "--manifest-path"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"));
    if let Some(target) = profile_dir.parent() {
        build.arg("--target-dir").arg(target);
    }
    if profile_dir.file_name().and_then(|n| n.to_str()) == Some("release") {
        build.arg("--release");
    }
    assert!(build.status().expect("cargo starts").success());
    profile_dir
        .join("examples")
        .join(format!("korf10{}", std::env::consts::EXE_SUFFIX))
}

fn run(args: &[&str]) -> Output {
    Command::new(korf10())
        .args(args)
        .output()
        .expect("the example runs")
}

/// The generated and expanded counts of each instance's line.
fn counts(output: &Output) -> Vec<(String, String)> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .skip(1)
        .filter(|line| !line.trim_start().starts_with("all"))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            (fields[3].to_owned(), fields[4].to_owned())
        })
        .collect()
}

#[test]
fn korf10_searches_the_cubes_alike_in_every_mode() {
    let cache = std::env::temp_dir().join(format!("frontier-cube-korf10-{}", std::process::id()));
    let cache = cache.to_str().expect("a UTF-8 path");
    let base = [
        "--set",
        "small",
        "--ids",
        "1,7",
        "--max-bound",
        "8",
        "--cache",
        cache,
    ];
    let in_place = run(&base);
    assert!(
        in_place.status.success(),
        "{}",
        String::from_utf8_lossy(&in_place.stderr)
    );
    let found = counts(&in_place);
    assert_eq!(found.len(), 2);
    assert!(found.iter().all(|(generated, _)| generated != "0"));
    for extra in [&["--by-value"][..], &["--threads", "2"]] {
        let output = run(&[&base[..], extra].concat());
        assert!(output.status.success(), "{extra:?}");
        assert_eq!(counts(&output), found, "{extra:?}");
    }
    let _ = std::fs::remove_dir_all(cache);
}

#[test]
fn korf10_refuses_unknown_options_and_sets() {
    for args in [&["--frobnicate"][..], &["--set", "huge"], &["--ids", "x"]] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}
