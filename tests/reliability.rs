//! The promises of docs/reliability.md that the programs keep under bad
//! input: every bad value gets an error that names it and a usage-error exit
//! status, never a panic; echoed tokens are cut short; `eight` answers each
//! board as soon as it is complete.
//!
//! Like the tests of each program (`tests/eight.rs` and its neighbours),
//! these run the example programs (found and built by `tests/common/mod.rs`)
//! on inputs small enough for the debug build. Their input is bytes, not
//! text (some of it is not UTF-8), so `run` and `temp_file` are their own
//! here, not the text ones of `common`.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::example;

/// Runs example `name` with `args`, feeding it `stdin`.
fn run(name: &str, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(example(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let mut input = child.stdin.take().expect("a piped stdin");
    let stdin = stdin.to_vec();
    // Write from a thread: the program may answer (and fill its stdout
    // pipe) before it has read all its input.
    let writer = std::thread::spawn(move || input.write_all(&stdin));
    let output = child.wait_with_output().expect("the example finishes");
    writer
        .join()
        .expect("the writer thread")
        .expect("the example reads its input");
    output
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A file in the temporary directory, unique to this test process.
fn temp_file(name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
    let path = std::env::temp_dir().join(format!("frontier-rel-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).expect("a writable temporary directory");
    path
}

/// Asserts that `output` is a usage error (clap's exit status 2) whose
/// message holds every one of `needles`, without a panic.
fn assert_usage_error(output: &Output, needles: &[&str]) {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    for needle in needles {
        assert!(err.contains(needle), "{needle:?} not in {err}");
    }
}

#[test]
fn terrain_rejects_weights_that_are_not_finite_and_at_least_one() {
    for weight in ["inf", "-inf", "NaN", "0", "-1", "0.5"] {
        let arg = format!("--weight={weight}");
        let output = run("terrain", &[&arg, "--width", "20", "--height", "8"], b"");
        assert_usage_error(&output, &["--weight", &format!("'{weight}'")]);
    }
}

#[test]
fn zero_jobs_is_refused_rather_than_run_as_one() {
    // Before: `--jobs 0` silently ran the serial search (fifteen) or one
    // board at a time (compare), as if the user had asked for 1.
    let input = temp_file("jobs0.txt", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x\n");
    let input = input.to_str().expect("a UTF-8 temporary path");
    let fifteen = run(
        "fifteen",
        &["--heuristic", "manhattan", "--jobs", "0", input],
        b"",
    );
    assert_usage_error(&fifteen, &["--jobs", "'0'"]);
    let compare = run("compare", &["--jobs", "0", "--random", "1"], b"");
    assert_usage_error(&compare, &["--jobs", "'0'"]);
}

#[test]
fn a_heuristic_given_to_an_algorithm_that_uses_none_is_refused() {
    // Before: `--heuristic` was ignored without a word by the table, BFS
    // and bidirectional BFS.
    let eight = run(
        "eight",
        &["--algo", "table", "--heuristic", "manhattan"],
        b"",
    );
    assert_usage_error(&eight, &["--heuristic", "manhattan", "table"]);
    let fifteen = run(
        "fifteen",
        &[
            "--algo",
            "bfs",
            "--heuristic",
            "manhattan",
            "--limit",
            "1",
            "korf100",
        ],
        b"",
    );
    assert_usage_error(&fifteen, &["--heuristic", "manhattan", "bfs"]);
    // The default heuristic with such an algorithm, and a heuristic with
    // the default algorithm, are fine.
    let table = run("eight", &["--algo", "table"], b"2 3 4 1 5 x 7 6 8\n");
    assert!(table.status.success(), "{}", stderr(&table));
    let default = run(
        "eight",
        &["--heuristic", "manhattan"],
        b"2 3 4 1 5 x 7 6 8\n",
    );
    assert!(default.status.success(), "{}", stderr(&default));
}

#[test]
fn terrain_rejects_a_weight_too_large_for_the_map() {
    // On a 20x8 map the weighted Manhattan distance reaches 26 w, and the
    // path costs reach 9 x 159: beyond 2^53, where the f64 estimates stop
    // being exact, for w = 1e15.
    for weight in ["1e15", "1e300"] {
        let arg = format!("--weight={weight}");
        let output = run("terrain", &[&arg, "--width", "20", "--height", "8"], b"");
        assert_usage_error(&output, &["--weight", "too large", "20x8"]);
    }
    let fine = run(
        "terrain",
        &["--weight=1e6", "--width", "20", "--height", "8"],
        b"",
    );
    assert!(fine.status.success(), "{}", stderr(&fine));
}

#[test]
fn terrain_names_the_file_line_and_column() {
    let map = temp_file("blank-lines.txt", "S.\n\n\n#x\n..G\n");
    let output = run("terrain", &[map.to_str().unwrap()], b"");
    let _ = std::fs::remove_file(&map);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("unexpected 'x' at line 4, column 2"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn terrain_names_a_size_that_overflows_or_cannot_be_stored() {
    let output = run(
        "terrain",
        &["--width", "4294967296", "--height", "4294967296"],
        b"",
    );
    assert_usage_error(&output, &["width 4294967296 × height 4294967296 overflows"]);

    // 10^11 cells: a clear error, not an allocation failure's abort.
    let output = run(
        "terrain",
        &["--width", "100000", "--height", "1000000"],
        b"",
    );
    assert_usage_error(&output, &["100000x1000000", "100000000000 cells"]);

    let output = run("terrain", &["--width", "1", "--height", "1"], b"");
    assert_usage_error(&output, &["1x1", "at least 2 cells"]);
}

#[test]
fn terrain_stops_a_search_at_its_memory_limit() {
    let output = run(
        "terrain",
        &["--width", "40", "--height", "40", "--max-stored", "50"],
        b"",
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(err.contains("stopped by its stored-state limit"), "{err}");
}

#[test]
fn a_time_limit_too_long_for_the_clock_is_no_limit() {
    // 10^19 s fits a `Duration` but not the clock: `eight` and `compare`
    // once exited 101 ("overflow when adding duration to instant").
    let output = run(
        "eight",
        &["--algo", "bfs", "--max-time", "1e19"],
        b"2 3 4 1 5 x 7 6 8\n",
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim().len(), 19);

    let boards = temp_file("one-board.txt", "2 3 4 1 5 x 7 6 8\n");
    let output = run(
        "compare",
        &[
            "--boards",
            boards.to_str().unwrap(),
            "--algorithms",
            "bfs,astar,idastar",
            "--max-time",
            "1e19",
            "--format",
            "csv",
        ],
        b"",
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    // A header, then bfs, and A* and IDA* with each of three heuristics.
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).lines().count(),
        1 + 7,
        "{err}"
    );
    let _ = std::fs::remove_file(boards);
}

#[test]
fn eight_cuts_long_tokens_short() {
    const LONG: usize = 10 << 20;
    // A bad token ends its board; an all-digit one is read as a tile and
    // found too large to be one. Neither is echoed whole.
    for (token, message) in [
        (
            "y".repeat(LONG),
            format!(
                "unreadable token \"{}\"… of {LONG} bytes (expected",
                "y".repeat(32)
            ),
        ),
        (
            "9".repeat(LONG),
            format!(
                "unreadable token \"{}\"… of {LONG} bytes at position 0",
                "9".repeat(32)
            ),
        ),
    ] {
        let input = format!("{token} 2 3 4 5 6 7 8 x\n2 3 4 1 5 x 7 6 8\n");
        let output = run("eight", &[], input.as_bytes());
        let err = stderr(&output);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{}",
            &err[..err.len().min(200)]
        );
        assert!(err.len() < 300, "{} bytes on stderr", err.len());
        assert!(err.contains(&message), "{err}");
        // The board after the bad one is still answered.
        assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 1);
    }
}

#[test]
fn eight_answers_each_board_before_its_input_ends() {
    let mut child = Command::new(example("eight"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let mut input = child.stdin.take().expect("a piped stdin");
    let stdout = child.stdout.take().expect("a piped stdout");
    let (sender, receiver) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if sender.send(line.expect("UTF-8 answers")).is_err() {
                break;
            }
        }
    });
    // Two boards, each answered while stdin stays open: a reader that
    // waits for the end of its input never answers.
    for board in ["2 3 4 1 5 x 7 6 8\n", "1 2 3\n4 5 6\n7 x 8\n"] {
        input
            .write_all(board.as_bytes())
            .expect("eight reads stdin");
        input.flush().expect("eight reads stdin");
        let answer = receiver.recv_timeout(Duration::from_mins(1));
        assert!(answer.is_ok(), "no answer to {board:?} while stdin is open");
    }
    drop(input);
    let status = child.wait().expect("eight finishes");
    reader.join().expect("the reader thread");
    assert!(status.success());
}

/// Runs example `name` with `args` under `prlimit --as=BYTES` when the
/// machine has `prlimit` (as the outside tester ran it), plainly otherwise.
fn run_limited(name: &str, args: &[&str], address_space: u64) -> Output {
    let limit = format!("--as={address_space}");
    let has_prlimit = Command::new("prlimit")
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success());
    let mut command = if has_prlimit {
        let mut command = Command::new("prlimit");
        command.arg(&limit).arg(example(name));
        command
    } else {
        Command::new(example(name))
    };
    command
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the example starts")
}

#[test]
fn a_jobs_count_beyond_the_ceiling_is_refused_and_one_beyond_the_machine_capped() {
    // Before: `compare --jobs 4000` under a 4 GB address space panicked
    // building its thread pool (exit 101), and `fifteen --jobs 4294967296`
    // exited 101 or aborted (134) starting threads.
    const FOUR_GB: u64 = 4_000_000_000;
    let board = temp_file("jobs-board.txt", "2 3 4 1 5 x 7 6 8\n");
    let fifteen_board = temp_file(
        "jobs-fifteen.txt",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15\n",
    );
    let board = board.to_str().unwrap();
    let fifteen_board = fifteen_board.to_str().unwrap();
    for jobs in ["4000", "4294967296", "100000"] {
        let compare = run_limited(
            "compare",
            &["--jobs", jobs, "--boards", board, "--algorithms", "bfs"],
            FOUR_GB,
        );
        assert_usage_error(&compare, &["--jobs", &format!("'{jobs}'"), "1024"]);
        let fifteen = run_limited(
            "fifteen",
            &["--heuristic", "manhattan", "--jobs", jobs, fifteen_board],
            FOUR_GB,
        );
        assert_usage_error(&fifteen, &["--jobs", &format!("'{jobs}'"), "1024"]);
    }

    // Within the ceiling but beyond 4 threads a core: run on fewer, said
    // on stderr.
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let capped = format!("capped at {}", (4 * cores).min(1024));
    let compare = run_limited(
        "compare",
        &[
            "--jobs",
            "1024",
            "--boards",
            board,
            "--algorithms",
            "bfs",
            "--format",
            "csv",
        ],
        FOUR_GB,
    );
    let err = stderr(&compare);
    assert_eq!(compare.status.code(), Some(0), "{err}");
    assert!(
        err.contains("note: --jobs 1024 ") && err.contains(&capped),
        "{err}"
    );
    assert_eq!(
        String::from_utf8_lossy(&compare.stdout).lines().count(),
        2,
        "{err}"
    );
    let fifteen = run_limited(
        "fifteen",
        &["--heuristic", "manhattan", "--jobs", "1024", fifteen_board],
        FOUR_GB,
    );
    let err = stderr(&fifteen);
    assert_eq!(fifteen.status.code(), Some(0), "{err}");
    assert!(
        err.contains("note: --jobs 1024 ") && err.contains(&capped),
        "{err}"
    );
}

#[test]
fn invalid_utf8_spoils_its_line_not_the_file() {
    // Before: one bad byte anywhere made `compare`, `fifteen` and `terrain`
    // refuse the whole file with "stream did not contain valid UTF-8" and
    // no line.
    let boards = temp_file(
        "utf8-boards.txt",
        b"# caf\xe9\n2 3 4 1 5 x 7 6 8\n1 2 \xff 4 5 6 7 8 x\n1 2 3 4 5 6 7 x 8\n",
    );
    let output = run(
        "compare",
        &[
            "--boards",
            boards.to_str().unwrap(),
            "--algorithms",
            "bfs",
            "--format",
            "csv",
        ],
        b"",
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    // A comment is a comment whatever its bytes; the bad board line is
    // the one line skipped.
    assert_eq!(err.matches("skipped: ").count(), 1, "{err}");
    assert!(
        err.contains("utf8-boards.txt:3: invalid UTF-8 at byte 5"),
        "{err}"
    );
    // The header and one row: both good boards are in the 3x3 set.
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(
        stdout.lines().nth(1).is_some_and(|row| row.contains(",2,")),
        "{stdout}"
    );

    let stacks = temp_file("utf8-stacks.txt", b"3 1 2\n\xc3\x28 1\n2 1 3\n");
    let output = run(
        "compare",
        &[
            "--pancakes",
            stacks.to_str().unwrap(),
            "--algorithms",
            "bfs",
            "--format",
            "csv",
        ],
        b"",
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(
        err.contains("utf8-stacks.txt:2: invalid UTF-8 at byte 1"),
        "{err}"
    );

    // fifteen stops at its first bad line, naming it.
    let fifteen = temp_file(
        "utf8-fifteen.txt",
        b"1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15\n# caf\xe9\n1 2 3\xff 4\n",
    );
    let output = run(
        "fifteen",
        &["--heuristic", "manhattan", fifteen.to_str().unwrap()],
        b"",
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        err.contains("utf8-fifteen.txt, line 3: invalid UTF-8 at byte 6"),
        "{err}"
    );

    // terrain refuses the map, naming the line and the column.
    let map = temp_file("utf8-map.txt", b"S.\n\n#\xff\n..G\n");
    let output = run("terrain", &[map.to_str().unwrap()], b"");
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(err.contains("invalid UTF-8 at line 3, column 2"), "{err}");
    assert!(!err.contains("stream did not contain"), "{err}");

    // eight (stdin): a bad byte is a bad token, its board reported with
    // its line and the next line read on.
    let output = run(
        "eight",
        &[],
        b"2 3 4 1 5 x 7 6 8\n1 2 \xff 4 5 6 7 8 x\n2 3 4 1 5 x 7 6 8\n",
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(err.contains("line 2: "), "{err}");
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 2);

    for file in [boards, stacks, fifteen, map] {
        let _ = std::fs::remove_file(file);
    }
}

/// The workspace's file at `path` (relative to its root).
fn workspace_file(path: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    path.to_str().expect("a UTF-8 workspace path").to_owned()
}

/// Runs example `name` with `args`, stdin empty, stdout to `stdout`; a
/// child still running after a minute is killed and the test fails (a
/// program that waits forever must not hang the suite).
fn run_within(name: &str, args: &[&str], stdin: &[u8], stdout: Stdio) -> Output {
    let mut child = Command::new(example(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let mut input = child.stdin.take().expect("a piped stdin");
    let stdin = stdin.to_vec();
    // A program that stops early closes its stdin: a failed write is fine.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let mut errors = child.stderr.take().expect("a piped stderr");
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = std::io::Read::read_to_end(&mut errors, &mut text);
        text
    });
    let deadline = std::time::Instant::now() + Duration::from_mins(1);
    let status = loop {
        if let Some(status) = child.try_wait().expect("the example runs") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{name} {args:?} still runs after a minute: killed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    writer.join().expect("the writer thread");
    let stderr = reader.join().expect("the stderr reader");
    let mut stdout = Vec::new();
    if let Some(mut out) = child.stdout.take() {
        let _ = std::io::Read::read_to_end(&mut out, &mut stdout);
    }
    Output {
        status,
        stdout,
        stderr,
    }
}

/// A run of each program that prints something, quick in a debug build:
/// the example's name, its arguments, its stdin. The files it reads are
/// made by the caller (`boards`, `stacks`, `fifteen`, `twentyfour`).
fn printing_runs(files: &[PathBuf; 4]) -> Vec<(&'static str, Vec<String>, &'static [u8])> {
    let [boards, stacks, fifteen, twentyfour] = files
        .each_ref()
        .map(|file| file.to_str().unwrap().to_owned());
    let scenario = workspace_file("crates/grid/testdata/arena.map.scen");
    let terrain = workspace_file("examples/data/terrain.txt");
    let owned = |args: &[&str]| args.iter().map(|&arg| arg.to_owned()).collect::<Vec<_>>();
    vec![
        ("grid", owned(&[&scenario]), b"" as &[u8]),
        ("grid", owned(&[&scenario, "--format", "csv"]), b""),
        (
            "compare",
            owned(&[
                "--maps",
                &scenario,
                "--algorithms",
                "astar",
                "--heuristics",
                "octile",
            ]),
            b"",
        ),
        (
            "compare",
            owned(&["--boards", &boards, "--algorithms", "bfs"]),
            b"",
        ),
        (
            "compare",
            owned(&["--pancakes", &stacks, "--algorithms", "bfs"]),
            b"",
        ),
        (
            "compare",
            owned(&[
                "--terrain",
                &terrain,
                "--algorithms",
                "astar",
                "--format",
                "csv",
            ]),
            b"",
        ),
        ("terrain", owned(&["--width", "20", "--height", "8"]), b""),
        ("enumerate", owned(&["--size", "2x4"]), b""),
        (
            "fifteen",
            owned(&["--heuristic", "manhattan", &fifteen]),
            b"",
        ),
        (
            "twentyfour",
            owned(&["--heuristic", "manhattan", &twentyfour]),
            b"",
        ),
        ("eight", Vec::new(), b"2 3 4 1 5 x 7 6 8\n"),
        ("knight", Vec::new(), b"1\n8\n0 0\n7 0\n"),
    ]
}

/// The input files of [`printing_runs`].
fn printing_files(tag: &str) -> [PathBuf; 4] {
    let twentyfour = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 x 24\n";
    [
        temp_file(&format!("{tag}-boards.txt"), "2 3 4 1 5 x 7 6 8\n"),
        temp_file(&format!("{tag}-stacks.txt"), "3 1 2\n"),
        temp_file(
            &format!("{tag}-fifteen.txt"),
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15\n",
        ),
        temp_file(&format!("{tag}-twentyfour.txt"), twentyfour),
    ]
}

#[test]
fn every_program_reports_a_stdout_it_cannot_write() {
    // Before: grid, compare, terrain and enumerate panicked (exit 101,
    // "failed printing to stdout"); fifteen and twentyfour exited 0 with
    // their results lost.
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .ok()
    };
    if full().is_none() {
        eprintln!("skipped: no /dev/full here");
        return;
    }
    let files = printing_files("full");
    for (name, args, stdin) in printing_runs(&files) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let stdout = Stdio::from(full().expect("/dev/full opens"));
        let output = run_within(name, &args, stdin, stdout);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{name} {args:?}: {err}");
        assert!(!err.contains("panicked"), "{name} {args:?}: {err}");
        assert!(
            err.contains("error: cannot write to stdout: "),
            "{name} {args:?}: {err}"
        );
    }
    for file in files {
        let _ = std::fs::remove_file(file);
    }
}

#[test]
fn a_closed_pipe_on_stdout_ends_every_program_quietly() {
    // The reader of `frontier ... | head -1` has what it wanted: no panic
    // (compare, grid, terrain and enumerate once exited 101), no error.
    let files = printing_files("pipe");
    for (name, args, stdin) in printing_runs(&files) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let output = run_within(name, &args, stdin, Stdio::from(writer));
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(0), "{name} {args:?}: {err}");
        assert!(!err.contains("panicked"), "{name} {args:?}: {err}");
        assert!(!err.contains("error"), "{name} {args:?}: {err}");
    }
    for file in files {
        let _ = std::fs::remove_file(file);
    }
}

#[test]
fn long_values_are_cut_short_in_error_messages() {
    // Before: clap, and the programs' own messages, echoed a 100 kB
    // argument in full.
    const LONG: usize = 100_000;
    let letters = "y".repeat(LONG);
    let digits = "9".repeat(LONG);
    let unknown = format!("--{letters}");
    for (name, args) in [
        ("eight", vec!["--size", &letters]),
        ("eight", vec![&unknown]),
        ("compare", vec!["--jobs", &digits]),
        ("compare", vec!["--boards", &letters]),
        ("twentyfour", vec!["--max-time", &letters]),
        ("terrain", vec!["--weight", &letters]),
        ("terrain", vec![&letters]),
        ("fifteen", vec!["--limit", &digits, "korf100"]),
        ("fifteen", vec![&letters]),
        ("enumerate", vec!["--size", &letters]),
    ] {
        let output = run_within(name, &args, b"", Stdio::null());
        let err = stderr(&output);
        let shown = &err[..err.len().min(300)];
        assert!(
            matches!(output.status.code(), Some(1 | 2)),
            "{name} {:?}: {shown}",
            args.len()
        );
        assert!(!err.contains("panicked"), "{name}: {shown}");
        assert!(
            err.len() < 1500,
            "{name}: {} bytes on stderr: {shown}",
            err.len()
        );
        let longest = args.iter().map(|arg| arg.len()).max().unwrap_or(0);
        assert!(
            err.contains(&format!("… ({longest} bytes)")),
            "{name}: {err}"
        );
    }
}

#[test]
fn a_count_of_zero_names_its_option_and_what_it_expects() {
    // Before: clap's "number would be zero for non-zero type".
    for (name, args, option) in [
        ("fifteen", &["--limit", "0", "korf100"][..], "--limit"),
        ("twentyfour", &["--limit", "0", "korf50"], "--limit"),
        ("enumerate", &["--processes", "0"], "--processes"),
    ] {
        let output = run(name, args, b"");
        assert_usage_error(&output, &[option, "'0'", "at least 1"]);
        assert!(
            !stderr(&output).contains("non-zero type"),
            "{}",
            stderr(&output)
        );
    }
}

#[test]
fn database_options_without_a_pattern_database_are_refused() {
    // Before: `--dual` and `--no-reflection` beside a heuristic that looks
    // no table up were accepted and did nothing.
    let files = printing_files("dual");
    let [boards, _, fifteen, twentyfour] = files.each_ref().map(|f| f.to_str().unwrap());
    for (name, args, needles) in [
        (
            "fifteen",
            &["--heuristic", "manhattan", "--dual", fifteen][..],
            &["--dual", "manhattan"][..],
        ),
        (
            "twentyfour",
            &["--heuristic", "linear-conflict", "--dual", twentyfour],
            &["--dual", "linear-conflict"],
        ),
        ("eight", &["--dual"], &["--dual", "linear-conflict"]),
        (
            "compare",
            &[
                "--boards",
                boards,
                "--heuristics",
                "manhattan,misplaced",
                "--dual",
            ],
            &["--dual", "manhattan,misplaced"],
        ),
        (
            "fifteen",
            &["--heuristic", "manhattan", "--no-reflection", fifteen],
            &["--no-reflection", "manhattan"],
        ),
    ] {
        let output = run_within(name, args, b"", Stdio::null());
        assert_usage_error(&output, needles);
    }
    for file in files {
        let _ = std::fs::remove_file(file);
    }
}

#[cfg(unix)]
#[test]
fn named_inputs_that_are_not_regular_files_are_refused_unread() {
    // Before: fifteen, twentyfour, terrain and compare --boards,
    // --pancakes and --terrain waited forever on a FIFO with no writer,
    // and read /dev/zero until memory ran out.
    let fifo = std::env::temp_dir().join(format!("frontier-rel-{}-fifo", std::process::id()));
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|status| status.success()) {
        eprintln!("skipped: mkfifo cannot make a FIFO here");
        return;
    }
    let fifo_path = fifo.to_str().unwrap();
    let mut inputs = vec![(fifo_path, "not a regular file but a FIFO")];
    if std::path::Path::new("/dev/zero").exists() {
        inputs.push(("/dev/zero", "not a regular file but a device"));
    }
    for (input, message) in inputs {
        for (name, args) in [
            ("fifteen", vec!["--heuristic", "manhattan", input]),
            ("twentyfour", vec!["--heuristic", "manhattan", input]),
            ("terrain", vec![input]),
            ("compare", vec!["--boards", input]),
            ("compare", vec!["--pancakes", input]),
            ("compare", vec!["--terrain", input]),
        ] {
            let output = run_within(name, &args, b"", Stdio::null());
            let err = stderr(&output);
            assert!(
                matches!(output.status.code(), Some(1 | 2)),
                "{name} {args:?}: {err}"
            );
            assert!(
                err.contains(&format!("{input}: {message}")),
                "{name} {args:?}: {err}"
            );
        }
    }
    let _ = std::fs::remove_file(fifo);
}

#[test]
fn compare_shows_its_progress_on_a_stderr_that_is_not_a_terminal() {
    // Before: the progress bar is drawn only on a terminal, so a long
    // `compare --maps` run logged to a file said nothing for hours.
    let scenario = workspace_file("crates/grid/testdata/arena.map.scen");
    let output = run(
        "compare",
        &[
            "--maps",
            &scenario,
            "--algorithms",
            "astar,jps",
            "--heuristics",
            "octile",
            "--format",
            "csv",
        ],
        b"",
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    let lines: Vec<&str> = err
        .lines()
        .filter(|line| line.starts_with("progress: "))
        .collect();
    // A line at least per tenth of the work, the last at the end.
    assert!(lines.len() >= 10, "{err}");
    assert!(lines.len() <= 30, "{err}");
    assert!(
        lines
            .last()
            .is_some_and(|line| line.contains("320/320 searches (100%)")),
        "{err}"
    );
    assert!(
        lines
            .iter()
            .any(|line| line.contains("arena.map.scen grid: JPS (octile)")),
        "{err}"
    );
}
