//! The `enumerate` example on small boards: one and two worker threads, and
//! two processes on localhost, each histogram equal to the single-machine
//! BFS. A run that hangs (a peer that never connects, a dataflow that never
//! finishes) is killed after a deadline and fails the test.

mod common;

use std::collections::BTreeMap;
use std::io::Read;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use frontier_dataflow::LayeredBfs;
use sliding_puzzle::heuristic::Zero;
use sliding_puzzle::{Board, Puzzle};

use common::example;

/// Long enough for a debug build on a busy machine, short enough for CI.
const DEADLINE: Duration = Duration::from_mins(2);

fn spawn(args: &[&str]) -> Child {
    Command::new(example("enumerate"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts")
}

/// Waits for every child until [`DEADLINE`]; kills them all if one is late
/// and panics. Returns each child's exit success, stdout and stderr.
fn wait_all(children: Vec<Child>) -> Vec<(bool, String, String)> {
    wait_until(children, DEADLINE).unwrap_or_else(|late| panic!("{late}"))
}

/// Waits for every child until `deadline`; if one is late, kills them all
/// and says so.
fn wait_until(
    mut children: Vec<Child>,
    deadline: Duration,
) -> Result<Vec<(bool, String, String)>, String> {
    let started = Instant::now();
    let mut statuses = vec![None; children.len()];
    while statuses.iter().any(Option::is_none) {
        for (child, status) in children.iter_mut().zip(&mut statuses) {
            if status.is_none() {
                *status = child.try_wait().expect("the child can be waited for");
            }
        }
        if started.elapsed() > deadline {
            for child in &mut children {
                // Best effort: a child that already exited cannot be killed.
                let _ = child.kill();
                let _ = child.wait();
            }
            return Err(format!(
                "enumerate did not finish within {deadline:?}: killed"
            ));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(children
        .into_iter()
        .zip(statuses)
        .map(|(mut child, status)| {
            let (mut out, mut err) = (String::new(), String::new());
            child
                .stdout
                .take()
                .unwrap()
                .read_to_string(&mut out)
                .unwrap();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            (status.unwrap().success(), out, err)
        })
        .collect())
}

/// The `depth count` lines of an output.
fn histogram(stdout: &str) -> Vec<u64> {
    let rows: BTreeMap<usize, u64> = stdout
        .lines()
        .skip_while(|line| *line != "depth count")
        .skip(1)
        .map_while(|line| {
            let (depth, count) = line.split_once(' ')?;
            Some((depth.parse().ok()?, count.parse().ok()?))
        })
        .collect();
    assert!(!rows.is_empty(), "no histogram in:\n{stdout}");
    assert_eq!(
        rows.keys().copied().collect::<Vec<_>>(),
        (0..rows.len()).collect::<Vec<_>>()
    );
    rows.into_values().collect()
}

fn single_machine<const W: usize, const H: usize>() -> Vec<u64> {
    let puzzle = Puzzle::new(Board::<W, H>::goal(), Zero);
    LayeredBfs::new(puzzle, move |rank| {
        puzzle.state(Board::unrank(rank).unwrap())
    })
    .run_sequential(|_| {})
    .histogram
}

#[test]
fn one_and_two_threads_match_the_single_machine_bfs() {
    let expected_3x3 = single_machine::<3, 3>();
    let expected_2x4 = single_machine::<2, 4>();
    assert_eq!(expected_3x3.iter().sum::<u64>(), 181_440);
    assert_eq!(expected_3x3[31], 2);
    for (size, expected) in [("3x3", &expected_3x3), ("2x4", &expected_2x4)] {
        for workers in ["1", "2"] {
            let runs = wait_all(vec![spawn(&["--size", size, "--workers", workers])]);
            let (ok, out, err) = &runs[0];
            assert!(ok, "{size} on {workers} workers failed:\n{out}\n{err}");
            assert_eq!(&histogram(out), expected, "{size} on {workers} workers");
            // A progress line per layer.
            let layers = err.lines().filter(|l| l.starts_with("layer ")).count();
            assert_eq!(layers, expected.len(), "{err}");
        }
    }
}

/// Two free ports on localhost (free when asked; another program could
/// take one before the example binds it, which would fail the test, not
/// hang it).
fn free_ports() -> [u16; 2] {
    let listeners = [(); 2].map(|()| TcpListener::bind("127.0.0.1:0").expect("a free port"));
    listeners.map(|listener| listener.local_addr().expect("its address").port())
}

#[test]
fn two_processes_on_localhost_match_the_single_machine_bfs() {
    for (size, expected) in [
        ("2x4", single_machine::<2, 4>()),
        ("3x3", single_machine::<3, 3>()),
    ] {
        let [a, b] = free_ports();
        let hosts = std::env::temp_dir().join(format!(
            "frontier-enumerate-hosts-{}-{size}",
            std::process::id()
        ));
        std::fs::write(&hosts, format!("127.0.0.1:{a}\n127.0.0.1:{b}\n")).unwrap();
        let hosts_arg = hosts.to_str().unwrap();
        let process = |id: &str| {
            spawn(&[
                "--size",
                size,
                "--processes",
                "2",
                "--process",
                id,
                "--hosts",
                hosts_arg,
            ])
        };
        let runs = wait_all(vec![process("1"), process("0")]);
        std::fs::remove_file(&hosts).unwrap();
        for (ok, out, err) in &runs {
            assert!(ok, "{size}: a process failed:\n{out}\n{err}");
        }
        assert!(runs[0].1.contains("process 1 of 2: done"), "{}", runs[0].1);
        assert_eq!(histogram(&runs[1].1), expected, "{size} on two processes");
    }
}

#[test]
fn a_process_whose_peer_never_comes_is_killed_at_the_deadline() {
    // timely waits for every peer (retrying the connection): without a
    // deadline this would block the suite forever.
    let [a, b] = free_ports();
    let hosts =
        std::env::temp_dir().join(format!("frontier-enumerate-lone-{}", std::process::id()));
    std::fs::write(&hosts, format!("127.0.0.1:{a}\n127.0.0.1:{b}\n")).unwrap();
    let lone = spawn(&[
        "--size",
        "2x4",
        "--processes",
        "2",
        "--process",
        "1",
        "--hosts",
        hosts.to_str().unwrap(),
    ]);
    let outcome = wait_until(vec![lone], Duration::from_secs(2));
    std::fs::remove_file(&hosts).unwrap();
    let late = outcome.expect_err("a lone process cannot finish");
    assert!(late.contains("killed"), "{late}");
}

#[test]
fn bad_command_lines_are_refused_before_anything_starts() {
    let runs = wait_all(vec![spawn(&[
        "--processes",
        "2",
        "--process",
        "0",
        "--hosts",
        "/nonexistent/hosts.txt",
    ])]);
    let (ok, _, err) = &runs[0];
    assert!(!ok);
    assert!(err.contains("/nonexistent/hosts.txt"), "{err}");
    for (args, message) in [
        (&["--size", "5x5"][..], "unknown size"),
        (&["--workers", "0"][..], "at least 1"),
        (&["--processes", "2"][..], "needs --hosts"),
    ] {
        let runs = wait_all(vec![spawn(args)]);
        let (ok, _, err) = &runs[0];
        assert!(!ok && err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn zero_processes_is_refused_rather_than_run_as_one() {
    // Before: `--processes 0` ran the enumeration as one process.
    let runs = wait_all(vec![spawn(&["--size", "2x4", "--processes", "0"])]);
    let (ok, out, err) = &runs[0];
    assert!(!ok, "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("--processes") && err.contains("'0'"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_hosts_file_that_is_not_a_regular_file_or_is_huge_is_refused() {
    // Before: a FIFO blocked the open forever, /dev/zero was read until
    // memory ran out, and a huge file was read whole.
    let dir = std::env::temp_dir();
    let fifo = dir.join(format!("frontier-enumerate-fifo-{}", std::process::id()));
    let _ = std::fs::remove_file(&fifo);
    let made = Command::new("mkfifo").arg(&fifo).status();
    let huge = dir.join(format!("frontier-enumerate-huge-{}", std::process::id()));
    std::fs::write(&huge, "127.0.0.1:2101\n".repeat(100_000)).unwrap();
    let mut cases = vec![
        (huge.clone(), "larger than 1048576 bytes".to_owned()),
        (
            PathBuf::from("/dev/zero"),
            "is a device, not a regular file".to_owned(),
        ),
        (dir.clone(), "is a directory, not a regular file".to_owned()),
    ];
    if made.is_ok_and(|status| status.success()) {
        cases.insert(
            0,
            (fifo.clone(), "is a FIFO, not a regular file".to_owned()),
        );
    }
    for (path, message) in &cases {
        let path_arg = path.to_str().unwrap();
        let child = spawn(&[
            "--size",
            "2x4",
            "--processes",
            "2",
            "--process",
            "0",
            "--hosts",
            path_arg,
        ]);
        let runs = wait_until(vec![child], Duration::from_secs(30))
            .unwrap_or_else(|late| panic!("--hosts {path_arg}: {late}"));
        let (ok, _, err) = &runs[0];
        assert!(!ok, "--hosts {path_arg} was accepted");
        assert!(
            err.contains(path_arg) && err.contains(message.as_str()),
            "--hosts {path_arg}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    let _ = std::fs::remove_file(&fifo);
    let _ = std::fs::remove_file(&huge);
}
