//! The `grid` example on the arena scenario (`crates/grid/testdata`): every
//! algorithm optimal, the csv, the drawing, and each kind of bad input
//! reported with its file and line.
//!
//! How the example is found and built: `tests/common/mod.rs`.

mod common;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{example, stderr, stdout};

/// The test data folder of the grid crate.
fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/grid/testdata")
}

/// The arena scenario.
fn arena() -> PathBuf {
    testdata().join("arena.map.scen")
}

/// Runs the program with `args`.
fn run<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Output {
    Command::new(example("grid"))
        .args(args)
        .output()
        .expect("the program runs")
}

/// A fresh folder in the temporary directory, unique to this test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("frontier-grid-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a writable temporary directory");
    dir
}

/// The arena scenario with line `line` (from 1) changed by `edit`, and
/// the map (`map`: its text) beside it, in a folder of its own.
fn edited(name: &str, line: usize, edit: impl Fn(&str) -> String, map: Option<&str>) -> PathBuf {
    let dir = scratch(name);
    let text = std::fs::read_to_string(arena()).expect("the arena scenario");
    let lines: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(index, l)| {
            if index + 1 == line {
                edit(l)
            } else {
                l.to_owned()
            }
        })
        .collect();
    let scen = dir.join("arena.map.scen");
    std::fs::write(&scen, lines.join("\n") + "\n").expect("a writable temporary directory");
    if let Some(map) = map {
        std::fs::write(dir.join("arena.map"), map).expect("a writable temporary directory");
    }
    scen
}

/// The arena map's text.
fn arena_map() -> String {
    std::fs::read_to_string(testdata().join("arena.map")).expect("the arena map")
}

/// Replaces field `field` (from 0) of a tab-separated scenario line.
fn field(line: &str, field: usize, value: &str) -> String {
    let mut fields: Vec<&str> = line.split('\t').collect();
    fields[field] = value;
    fields.join("\t")
}

/// The summary row of `algorithm` (its label) on `map`: its numbers.
fn row(out: &str, map: &str, algorithm: &str) -> Vec<String> {
    out.lines()
        .find_map(|line| {
            let rest = line.strip_prefix(map)?.trim_start();
            let rest = rest.strip_prefix(algorithm)?;
            rest.starts_with("  ")
                .then(|| rest.split_whitespace().map(str::to_owned).collect())
        })
        .unwrap_or_else(|| panic!("no row for {algorithm} on {map} in:\n{out}"))
}

#[test]
fn arena_is_solved_optimally_by_every_optimal_algorithm() {
    let output = run(&[
        arena().as_os_str(),
        "--algo".as_ref(),
        "astar,dijkstra,mm,nbs".as_ref(),
        "--algo".as_ref(),
        "jps,jps+".as_ref(),
    ]);
    let out = stdout(&output);
    assert!(output.status.success(), "{out}{}", stderr(&output));
    assert!(
        out.contains("lengths checked against the scenario files"),
        "{out}"
    );
    for label in ["A*", "Dijkstra", "MM", "NBS", "JPS", "JPS+"] {
        let numbers = row(&out, "arena.map", label);
        // queries, optimal, longer, wrong, stopped
        assert_eq!(
            numbers[..5],
            ["160", "160", "0", "0", "0"],
            "{label}: {out}"
        );
    }
    assert!(out.contains("peak memory:"), "{out}");
    assert_eq!(stderr(&output), "");
}

#[test]
fn greedy_is_reported_not_failed_and_idastar_stops_at_its_limit() {
    let output = run(&[
        arena().as_os_str(),
        "--algo".as_ref(),
        "greedy,idastar".as_ref(),
        "--max-nodes".as_ref(),
        "2000".as_ref(),
    ]);
    let out = stdout(&output);
    assert!(output.status.success(), "{out}{}", stderr(&output));
    let greedy = row(&out, "arena.map", "greedy");
    assert_ne!(
        greedy[2], "0",
        "greedy finds some longer paths on arena: {out}"
    );
    assert!(out.contains("not optimal, so longer paths are counted, not failed: greedy"));
    let idastar = row(&out, "arena.map", "IDA*");
    assert_ne!(idastar[4], "0", "IDA* stops on some queries: {out}");
    assert!(out.contains("stopped at --max-nodes 2000"), "{out}");
}

#[test]
fn csv_rows_parse_and_match_the_optimal_lengths() {
    let output = run(&[
        arena().as_os_str(),
        "--format".as_ref(),
        "csv".as_ref(),
        "--algo".as_ref(),
        "astar,nbs".as_ref(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    let mut reader = csv::Reader::from_reader(out.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("a header")
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(
        header,
        [
            "map",
            "algorithm",
            "index",
            "start_x",
            "start_y",
            "goal_x",
            "goal_y",
            "optimal",
            "found",
            "expanded",
            "micros",
            "stopped"
        ]
    );
    let mut rows = 0;
    for record in reader.records() {
        let record = record.expect("a csv row");
        assert_eq!(&record[0], "arena.map");
        assert!(["astar", "nbs"].contains(&&record[1]));
        for column in 2..7 {
            record[column].parse::<usize>().expect("a coordinate");
        }
        // The scenario prints lengths to six significant digits.
        let optimal_text = &record[7];
        let decimals = optimal_text.split_once('.').map_or(0, |(_, f)| f.len());
        let tolerance = 10f64.powi(-i32::try_from(decimals).unwrap()).max(1e-4);
        let optimal: f64 = optimal_text.parse().expect("a length");
        let found: f64 = record[8].parse().expect("a length");
        assert!((found - optimal).abs() <= tolerance, "{record:?}");
        record[9].parse::<u64>().expect("a count");
        record[10].parse::<f64>().expect("a time");
        assert_eq!(&record[11], "", "no limit stopped it");
        rows += 1;
    }
    assert_eq!(rows, 2 * 160);
}

#[test]
fn the_svg_has_one_panel_per_algorithm() {
    let dir = scratch("svg");
    for (args, panels) in [
        (
            &["--algo", "astar,mm,nbs,greedy"][..],
            &["astar", "mm", "nbs", "greedy"][..],
        ),
        (&[][..], &["astar", "jps", "mm"][..]),
        (
            &["--movement", "cardinal", "--query", "3"][..],
            &["astar", "bidirectional"][..],
        ),
    ] {
        let svg = dir.join("arena.svg");
        let mut all = vec![
            arena().into_os_string(),
            "--svg".into(),
            svg.clone().into_os_string(),
        ];
        all.extend(args.iter().map(Into::into));
        let output = run(&all);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        let text = std::fs::read_to_string(&svg).expect("the svg was written");
        assert!(text.starts_with("<svg"), "{args:?}");
        assert!(text.trim_end().ends_with("</svg>"), "{args:?}");
        assert_eq!(
            text.matches(r#"class="panel""#).count(),
            panels.len(),
            "{args:?}"
        );
        for name in panels {
            assert!(
                text.contains(&format!(r#"id="panel-{name}""#)),
                "{args:?}: {name}"
            );
        }
        assert!(text.contains("<polyline"), "{args:?}: a path is drawn");
    }
    let output = run(&[
        arena().as_os_str(),
        "--svg".as_ref(),
        dir.join("x.svg").as_os_str(),
        "--query".as_ref(),
        "160".as_ref(),
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("--query 160"),
        "{}",
        stderr(&output)
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn other_movements_are_checked_against_astar() {
    let output = run(&[
        arena().as_os_str(),
        "--movement".as_ref(),
        "cardinal".as_ref(),
        "--algo".as_ref(),
        "astar,bidirectional,mm,nbs".as_ref(),
    ]);
    let out = stdout(&output);
    assert!(output.status.success(), "{out}{}", stderr(&output));
    assert!(
        out.contains("checked against plain A*'s under cardinal movement"),
        "{out}"
    );
    let bidirectional = row(&out, "arena.map", "bidirectional BFS");
    assert_eq!(bidirectional[..2], ["160", "160"], "{out}");
    let output = run(&[
        arena().as_os_str(),
        "--movement".as_ref(),
        "corner-cutting".as_ref(),
        "--algo".as_ref(),
        "jps,jps+,mm".as_ref(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
}

#[test]
fn refused_combinations_are_usage_errors() {
    for args in [
        &["--algo", "bidirectional"][..],
        &[
            "--algo",
            "astar,bidirectional",
            "--movement",
            "corner-cutting",
        ],
        &["--algo", "jps", "--movement", "cardinal"],
        &["--algo", "bogus"],
        &["--max-nodes", "0", "--algo", "idastar"],
    ] {
        let mut all = vec![arena().into_os_string()];
        all.extend(args.iter().map(Into::into));
        let output = run(&all);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "", "{args:?}");
    }
    let output = run(&[
        arena().as_os_str(),
        "--algo".as_ref(),
        "bidirectional".as_ref(),
    ]);
    assert!(
        stderr(&output).contains("--movement cardinal"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_wrong_length_fails_after_the_summary() {
    // Line 2 is a query of length 1; claim 2.
    let scen = edited("wrong", 2, |l| field(l, 8, "2"), Some(&arena_map()));
    let output = run(&[scen.as_os_str()]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let numbers = row(&stdout(&output), "arena.map", "A*");
    assert_eq!(numbers[..5], ["160", "159", "0", "1", "0"]);
    let err = stderr(&output);
    assert!(
        err.contains(&format!(
            "{}: line 2: A* found 1, expected 2",
            scen.display()
        )),
        "{err}"
    );
}

/// Runs the program on `args`, expects exit status 1 and an error naming
/// each of `names`; returns the message.
fn refused<S: AsRef<std::ffi::OsStr>>(args: &[S], names: &[&str]) -> String {
    let output = run(args);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert_eq!(stdout(&output), "", "nothing is searched");
    assert!(err.starts_with("error: "), "{err}");
    for name in names {
        assert!(err.contains(name), "{name:?} not in {err}");
    }
    err
}

#[test]
fn bad_input_is_named_by_file_and_line() {
    // A map missing: named at the line of the first query naming it.
    let scen = edited("missing-map", 0, str::to_owned, None);
    let scen_name = scen.display().to_string();
    refused(
        &[&scen],
        &[
            &scen_name,
            "line 2: the map \"maps/dao/arena.map\"",
            "cannot read",
        ],
    );

    // A map cut short.
    let map = arena_map();
    let cut = map.lines().take(40).collect::<Vec<_>>().join("\n") + "\n";
    let scen = edited("truncated", 0, str::to_owned, Some(&cut));
    let map_name = scen.with_file_name("arena.map").display().to_string();
    refused(
        &[&scen],
        &[&map_name, "line 41: the file ends after 36 of 49 rows"],
    );

    // A query whose map width is wrong.
    let scen = edited("width", 5, |l| field(l, 2, "50"), Some(&map));
    let scen_name = scen.display().to_string();
    refused(
        &[&scen],
        &[&scen_name, "line 5: the query is for a 50x49 map"],
    );

    // A start on a wall, a goal off the map.
    let scen = edited("wall", 3, |l| field(&field(l, 4, "0"), 5, "0"), Some(&map));
    let scen_name = scen.display().to_string();
    refused(
        &[&scen],
        &[&scen_name, "line 3: the start (0, 0) is a blocked cell"],
    );
    let scen = edited("off", 4, |l| field(l, 6, "49"), Some(&map));
    let scen_name = scen.display().to_string();
    refused(&[&scen], &[&scen_name, "line 4: the goal (49, "]);

    // A scenario line that does not parse.
    let scen = edited("fields", 6, |l| field(l, 5, "y"), Some(&map));
    let scen_name = scen.display().to_string();
    refused(
        &[&scen],
        &[
            &scen_name,
            "line 6: the start y \"y\" is not a whole number",
        ],
    );

    // A folder with no scenario in it.
    let empty = scratch("empty");
    let empty_name = empty.display().to_string();
    refused(&[&empty], &[&empty_name, "no .scen files"]);

    // A scenario that is not a regular file, and a map that is a folder.
    refused(&["/dev/null"], &["/dev/null", "not a regular file"]);
    let scen = edited("map-dir", 0, str::to_owned, None);
    std::fs::create_dir(scen.with_file_name("arena.map")).expect("a writable directory");
    refused(&[&scen], &["line 2", "not a regular file but a directory"]);

    // A scenario file that is not there.
    let gone = empty.join("gone.scen");
    refused(&[&gone], &["gone.scen", "cannot read"]);

    for name in [
        "missing-map",
        "truncated",
        "width",
        "wall",
        "off",
        "fields",
        "empty",
        "map-dir",
    ] {
        let _ = std::fs::remove_dir_all(scratch(name));
    }
}

#[test]
fn a_folder_runs_its_scenarios_and_maps_can_live_elsewhere() {
    let dir = scratch("folder");
    std::fs::copy(arena(), dir.join("b.scen")).expect("a copy");
    std::fs::copy(arena(), dir.join("a.scen")).expect("a copy");
    std::fs::write(dir.join("notes.txt"), "not a scenario").expect("a file");
    let output = run(&[dir.as_os_str(), "--maps".as_ref(), testdata().as_os_str()]);
    let out = stdout(&output);
    assert!(output.status.success(), "{out}{}", stderr(&output));
    assert!(
        out.starts_with("2 scenario files, 1 map, 320 queries"),
        "{out}"
    );
    assert_eq!(row(&out, "arena.map", "A*")[..2], ["320", "320"]);
    let _ = std::fs::remove_dir_all(dir);
}

/// Whether `prlimit` (util-linux) runs here: the memory tests need it to
/// cap the program's address space, and are skipped without it.
fn have_prlimit() -> bool {
    let found = Command::new("prlimit")
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success());
    if !found {
        eprintln!("skipped: no prlimit to cap the address space");
    }
    found
}

/// Runs the program with `args` under an address-space limit of `bytes`.
fn run_limited<S: AsRef<std::ffi::OsStr>>(bytes: u64, args: &[S]) -> Output {
    Command::new("prlimit")
        .arg(format!("--as={bytes}"))
        .arg(example("grid"))
        .args(args)
        .output()
        .expect("prlimit runs")
}

/// Asserts that the program ended with exit status 1, not by a signal
/// (an abort for lack of memory), and that stderr names each of `names`
/// in a message of at most `longest` bytes; returns stderr.
fn failed_cleanly(output: &Output, names: &[&str], longest: usize) -> String {
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    let excerpt: String = err.chars().take(2000).collect();
    assert_eq!(
        output.status.code(),
        Some(1),
        "{:?}: {excerpt}",
        output.status
    );
    assert!(
        err.len() <= longest,
        "{} bytes on stderr: {excerpt}",
        err.len()
    );
    for name in names {
        assert!(err.contains(name), "{name:?} not in {excerpt}");
    }
    err
}

#[test]
fn a_map_of_newlines_is_refused_in_bounded_memory() {
    // The map reader kept 16 bytes a line before it read the header: the
    // 8 Mi lines of this 8 MiB file took 128 MiB and aborted under the
    // 100 MB limit (256 MiB of them took 4.46 GB). Now it holds the file
    // and nothing per line.
    if !have_prlimit() {
        return;
    }
    let dir = scratch("newlines");
    std::fs::write(dir.join("blank.map"), vec![b'\n'; 1 << 23]).expect("a scratch file");
    let scen = dir.join("blank.scen");
    std::fs::write(&scen, "version 1\n0\tblank.map\t2\t1\t0\t0\t1\t0\t1\n").expect("a file");
    let output = run_limited(100_000_000, &[&scen]);
    let map = dir.join("blank.map").display().to_string();
    failed_cleanly(&output, &[&map, "line 1: the header has no map line"], 1000);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_scenario_of_many_lines_is_stored_compactly() {
    // 500,000 queries on one map, then one naming a missing map. The
    // queries took about 245 bytes each as the loader parsed, regrouped
    // and copied them (over 120 MB here: an abort under the 100 MB
    // limit); streamed into their map's list they take about 100 bytes,
    // and the missing map is reported at its line.
    if !have_prlimit() {
        return;
    }
    let dir = scratch("many-lines");
    std::fs::write(
        dir.join("a.map"),
        "type octile\nheight 1\nwidth 2\nmap\n..\n",
    )
    .expect("a scratch file");
    let lines = 500_000;
    let mut text = String::from("version 1\n");
    text.push_str(&"0\ta.map\t2\t1\t0\t0\t1\t0\t1\n".repeat(lines));
    text.push_str("0\tgone.map\t2\t1\t0\t0\t1\t0\t1\n");
    let scen = dir.join("many.scen");
    std::fs::write(&scen, text).expect("a scratch file");
    let output = run_limited(100_000_000, &[&scen]);
    let scen_name = scen.display().to_string();
    let at = format!("line {}: the map \"gone.map\"", lines + 2);
    failed_cleanly(&output, &[&scen_name, &at, "cannot read"], 1000);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_scenario_naming_20000_maps_reports_the_first_missing_one() {
    // The loader grouped the queries by map with a linear search over the
    // maps named so far: 20,000 maps took 9 s (release) before the first
    // missing one was reported. It is reported at its line, unread past.
    let dir = scratch("many-maps");
    let mut text = String::from("version 1\n");
    for i in 0..20_000 {
        writeln!(text, "0\tmaps/m{i}.map\t2\t1\t0\t0\t1\t0\t1").expect("a String");
    }
    let scen = dir.join("many.scen");
    std::fs::write(&scen, text).expect("a scratch file");
    let scen_name = scen.display().to_string();
    refused(
        &[&scen],
        &[&scen_name, "line 2: the map \"maps/m0.map\"", "cannot read"],
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// A `side`x`side` map in `dir`, `open.map`, and a scenario of one query
/// on it, `open.scen`; returns the scenario's path. The map is open and
/// the query from corner to corner; or, `walled`, a wall crosses the
/// middle row but for its last cell, and the query goes from the top left
/// corner to the bottom left one, so that A* with the Manhattan distance
/// searches most of the map.
fn big_map(dir: &Path, side: usize, walled: bool) -> PathBuf {
    let last = side - 1;
    let mut map = format!("type octile\nheight {side}\nwidth {side}\nmap\n");
    let open = ".".repeat(side) + "\n";
    map.push_str(&open.repeat(side / 2));
    if walled {
        map.push_str(&("@".repeat(last) + ".\n"));
    } else {
        map.push_str(&open);
    }
    map.push_str(&open.repeat(side - side / 2 - 1));
    std::fs::write(dir.join("open.map"), map).expect("a scratch file");
    let scen = dir.join("open.scen");
    let (goal, length) = if walled {
        ((0, last), format!("{}", 2 * last + 2 * last))
    } else {
        #[expect(clippy::cast_precision_loss, reason = "a side of a few thousand cells")]
        let diagonal = last as f64 * std::f64::consts::SQRT_2;
        ((last, last), format!("{diagonal:.3}"))
    };
    std::fs::write(
        &scen,
        format!(
            "version 1\n0\topen.map\t{side}\t{side}\t0\t0\t{}\t{}\t{length}\n",
            goal.0, goal.1
        ),
    )
    .expect("a scratch file");
    scen
}

#[test]
fn a_search_stopped_by_memory_is_reported_as_such_and_fails() {
    // Dijkstra's search of a 2000x2000 open map needs well over 48 MB:
    // under that limit it stops with Limit::Memory. That was reported as
    // "stopped at --max-nodes 10000000 (counted, not failed)", exit 0.
    if !have_prlimit() {
        return;
    }
    let dir = scratch("memory-stop");
    let scen = big_map(&dir, 2000, false);
    let output = run_limited(
        48_000_000,
        &[scen.as_os_str(), "--algo".as_ref(), "dijkstra".as_ref()],
    );
    let out = stdout(&output);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{:?}: {out}{}",
        output.status,
        stderr(&output)
    );
    // queries, optimal, longer, wrong, stopped
    assert_eq!(
        row(&out, "open.map", "Dijkstra")[..5],
        ["1", "0", "0", "0", "1"],
        "{out}"
    );
    assert!(
        out.contains("Dijkstra: 1 of 1 query stopped by its memory limit"),
        "{out}"
    );
    assert!(!out.contains("--max-nodes"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_reference_search_stopped_by_memory_stops_the_run() {
    // Under cardinal movement each length is checked against plain A*'s.
    // When that A* was stopped by the memory, its "no length" was taken
    // for "no path": every path found was reported wrong.
    if !have_prlimit() {
        return;
    }
    let dir = scratch("reference-stop");
    let scen = big_map(&dir, 2000, true);
    let output = run_limited(
        48_000_000,
        &[
            scen.as_os_str(),
            "--movement".as_ref(),
            "cardinal".as_ref(),
            "--algo".as_ref(),
            "greedy".as_ref(),
        ],
    );
    let scen_name = scen.display().to_string();
    failed_cleanly(
        &output,
        &[
            &scen_name,
            "line 2: A* (the reference) stopped by its memory limit on open.map",
        ],
        1000,
    );
    assert_eq!(stdout(&output), "", "nothing is judged");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_long_map_name_is_cut_in_the_message() {
    // A 10 MB map name was echoed twice: 20 MB on stderr.
    let dir = scratch("long-name");
    let name = "m".repeat(10_000_000);
    let scen = dir.join("long.scen");
    std::fs::write(
        &scen,
        format!("version 1\n0\t{name}\t2\t1\t0\t0\t1\t0\t1\n"),
    )
    .expect("a scratch file");
    let output = run(&[&scen]);
    let scen_name = scen.display().to_string();
    failed_cleanly(
        &output,
        &[&scen_name, "line 2: the map \"mmmm", "… of 10000000 bytes"],
        1000,
    );
    // The same name where a field is bad, and a long bad field.
    std::fs::write(
        &scen,
        format!("version 1\n0\t{name}\t2\t1\t0\t0\t1\tx\t1\n"),
    )
    .expect("a scratch file");
    failed_cleanly(&run(&[&scen]), &["line 2: the goal y \"x\""], 1000);
    std::fs::write(
        &scen,
        format!("version 1\n0\ta.map\t2\t1\t0\t0\t1\t{name}\t1\n"),
    )
    .expect("a scratch file");
    failed_cleanly(
        &run(&[&scen]),
        &["line 2: the goal y \"mmm", "… of 10000000 bytes"],
        1000,
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_version_line_after_blank_lines_or_with_blanks_around_it_is_read() {
    // Refused before with "line 3: expected 9 fields ..., found 2".
    for (name, version) in [
        ("blank-first", "\n\nversion 1"),
        ("indented", "  version 1"),
        ("surrounded", " \t\r\n \n\t version 1.0 \t"),
    ] {
        let scen = edited(name, 1, |_| version.to_owned(), Some(&arena_map()));
        let output = run(&[&scen]);
        let out = stdout(&output);
        assert!(output.status.success(), "{name}: {out}{}", stderr(&output));
        assert_eq!(row(&out, "arena.map", "A*")[..2], ["160", "160"], "{name}");
        let _ = std::fs::remove_dir_all(scratch(name));
    }
    // Query lines with blanks around them, tab-separated or not.
    let scen = edited(
        "blank-queries",
        2,
        |l| format!("\t {l} \t"),
        Some(&arena_map()),
    );
    let output = run(&[&scen]);
    assert!(output.status.success(), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(scratch("blank-queries"));
}
