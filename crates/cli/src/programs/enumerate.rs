//! Counts the boards of a sliding puzzle at each distance from the goal, on
//! timely dataflow workers: threads of this process, or several processes
//! on one or more machines.
//!
//! ```sh
//! frontier enumerate --size 3x3
//! frontier enumerate --size 3x4 --workers 2 --compare
//! # two processes (on two machines: each its own line in the hosts file)
//! printf '127.0.0.1:2101\n127.0.0.1:2102\n' > hosts.txt
//! frontier enumerate --size 3x4 --processes 2 --process 1 --hosts hosts.txt &
//! frontier enumerate --size 3x4 --processes 2 --process 0 --hosts hosts.txt
//! ```
//!
//! Sizes are `WxH` (width by height): `3x3` (181,440 boards, 31 moves at
//! most), `2x4` and `4x2` (20,160, 36), `3x4` and `4x3` (239,500,800, 53).
//! Every process runs the same command but for `--process`; process 0
//! prints a progress line per layer on stderr as each completes, then the
//! histogram (`depth count` lines), the total, the time and the states per
//! second on stdout. The other processes print one line saying they are
//! done. `--compare` also runs the single-machine layered BFS (one thread,
//! dense bitmaps) in process 0 and checks the two histograms are equal;
//! `--sequential` runs only that. `--distances DIR` writes every board's
//! distance, one file per worker (`frontier_dataflow::LayeredBfs::write_distances`).
//!
//! The run checks its own result: half the arrangements are reachable, and
//! the deepest layer is the published maximum. Exit status: 0 if the
//! checks pass, 1 if one fails or stdout cannot be written (a closed pipe
//! is a quiet end, status 0), 2 for a bad command line or a run that
//! could not start or was lost (a hosts file missing, a peer process that
//! died: timely has no fault tolerance, see `docs/distributed.md`). The
//! hosts file must be a regular file of at most 1 MiB (a FIFO or a device
//! such as `/dev/zero` is refused unread); `--processes 0` is refused
//! (a usage error naming the option), and
//! `--workers` takes 1 to 1024 (`crate::jobs`).

use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;

use super::{Invocation, Program};
use std::time::Duration;

use crate::jobs::parse_jobs;
use crate::output::{Stdout, StdoutError, with_stdout};
use clap::Parser;
use frontier_dataflow::{Enumeration, LayerProgress, LayeredBfs, Workers};
use frontier_text::excerpt;
use sliding_puzzle::heuristic::Zero;
use sliding_puzzle::{Board, Puzzle};

/// Counts the boards of a sliding puzzle at each distance from the goal.
#[derive(Debug, Parser)]
#[command(name = "enumerate", version)]
pub struct Args {
    /// The board: 3x3, 2x4, 4x2, 3x4 or 4x3 (width x height)
    #[arg(long, default_value = "3x3")]
    size: String,

    /// Worker threads in each process (0 is refused, and so is more than
    /// 1024; every process of a cluster must be given the same number)
    #[arg(long, value_name = "N", default_value_t = NonZeroUsize::MIN, value_parser = parse_jobs)]
    workers: NonZeroUsize,

    /// The number of processes (with --process and --hosts; 0 is refused,
    /// not taken as 1)
    #[arg(long, value_name = "N", default_value_t = NonZeroUsize::MIN,
          value_parser = super::at_least_one("the number of processes"))]
    processes: NonZeroUsize,

    /// This process's number, from 0
    #[arg(long, default_value_t = 0)]
    process: usize,

    /// A file of `host:port` lines, one per process, in process order
    #[arg(long)]
    hosts: Option<PathBuf>,

    /// Also run the single-machine BFS and check the histograms agree
    #[arg(long)]
    compare: bool,

    /// Run only the single-machine BFS
    #[arg(long, conflicts_with = "compare")]
    sequential: bool,

    /// Write every board's distance here, one file per worker
    #[arg(long)]
    distances: Option<PathBuf>,
}

impl Program for Args {
    const NAME: &'static str = "enumerate";
    const SUMMARY: &'static str =
        "Counts a sliding puzzle's boards at each distance from the goal, on timely dataflow";

    fn run(self, _: &mut Invocation<'_>) -> ExitCode {
        with_stdout(|out| {
            let outcome = workers(&self).map_err(Failure::Usage).and_then(|workers| {
                match self.size.as_str() {
                    "3x3" => count::<3, 3>(out, &self, &workers, 31),
                    "2x4" => count::<2, 4>(out, &self, &workers, 36),
                    "4x2" => count::<4, 2>(out, &self, &workers, 36),
                    "3x4" => count::<3, 4>(out, &self, &workers, 53),
                    "4x3" => count::<4, 3>(out, &self, &workers, 53),
                    other => Err(Failure::Usage(format!(
                        "unknown size {:?}: expected 3x3, 2x4, 4x2, 3x4 or 4x3",
                        excerpt(other)
                    ))),
                }
            });
            Ok(match outcome {
                Ok(()) => ExitCode::SUCCESS,
                Err(Failure::Usage(message)) => {
                    eprintln!("error: {message}");
                    ExitCode::from(2)
                }
                Err(Failure::Check(message)) => {
                    eprintln!("check failed: {message}");
                    ExitCode::FAILURE
                }
                Err(Failure::Stdout(err)) => return Err(err),
            })
        })
    }
}

enum Failure {
    /// The run could not start or finish.
    Usage(String),
    /// The run finished with a wrong answer.
    Check(String),
    /// Its results could not be printed.
    Stdout(StdoutError),
}

impl From<StdoutError> for Failure {
    fn from(err: StdoutError) -> Self {
        Failure::Stdout(err)
    }
}

fn workers(args: &Args) -> Result<Workers, String> {
    let threads = args.workers.get();
    let processes = args.processes.get();
    if processes == 1 {
        if args.process != 0 {
            return Err(format!(
                "--process {} needs --processes above it",
                args.process
            ));
        }
        return Ok(Workers::threads(threads));
    }
    let hosts = args
        .hosts
        .as_deref()
        .ok_or("--processes above 1 needs --hosts FILE, one host:port line per process")?;
    Workers::from_hosts_file(threads, processes, args.process, hosts)
        .map_err(|error| error.to_string())
}

/// Counts the boards of the `W`x`H` puzzle at each distance, on
/// `workers`, and checks the deepest against `published_max_depth`.
fn count<const W: usize, const H: usize>(
    out: &mut Stdout,
    args: &Args,
    workers: &Workers,
    published_max_depth: usize,
) -> Result<(), Failure> {
    let puzzle = Puzzle::new(Board::<W, H>::goal(), Zero);
    let mut bfs = LayeredBfs::new(puzzle, move |rank| {
        // cannot fail: the engine only unranks ranks the puzzle produced
        puzzle.state(Board::unrank(rank).expect("a rank below (W*H)!"))
    });
    if let Some(dir) = &args.distances {
        bfs = bfs.write_distances(dir);
    }
    let reachable = Board::<W, H>::ARRANGEMENTS / 2;
    let label = format!("{W}x{H}");
    if args.sequential {
        let single = bfs.run_sequential(progress);
        report(out, &label, "single machine, 1 thread", &single)?;
        return check(&single, reachable, published_max_depth);
    }
    let description = format!(
        "timely, {} worker(s) in {} process(es)",
        workers.peers(),
        workers.processes()
    );
    let Some(result) = bfs
        .run(workers, progress)
        .map_err(|error| Failure::Usage(error.to_string()))?
    else {
        writeln!(
            out,
            "process {} of {}: done; the histogram is printed by process 0",
            workers.process(),
            workers.processes()
        )?;
        return Ok(());
    };
    report(out, &label, &description, &result)?;
    check(&result, reachable, published_max_depth)?;
    if args.compare {
        // What was found so far is printed before the second run.
        out.flush()?;
        let single = bfs.run_sequential(progress);
        report(out, &label, "single machine, 1 thread", &single)?;
        if single.histogram != result.histogram {
            return Err(Failure::Check(
                "the single-machine histogram differs".into(),
            ));
        }
        writeln!(
            out,
            "histograms equal; single machine / timely time: {:.2}",
            single.elapsed.as_secs_f64() / result.elapsed.as_secs_f64()
        )?;
    }
    Ok(())
}

fn progress(layer: &LayerProgress) {
    eprintln!(
        "layer {:>2}: {:>11} states, {:>11} so far, {:>8.2} s",
        layer.depth,
        layer.states,
        layer.total,
        layer.elapsed.as_secs_f64()
    );
}

fn report(
    out: &mut Stdout,
    label: &str,
    how: &str,
    result: &Enumeration,
) -> Result<(), StdoutError> {
    writeln!(out, "{label} from the goal, {how}")?;
    writeln!(out, "depth count")?;
    for (depth, count) in result.histogram.iter().enumerate() {
        writeln!(out, "{depth} {count}")?;
    }
    let seconds = result.elapsed.max(Duration::from_nanos(1)).as_secs_f64();
    #[expect(clippy::cast_precision_loss, reason = "a rate for people to read")]
    let rate = result.total() as f64 / seconds;
    #[expect(clippy::cast_precision_loss, reason = "a ratio for people to read")]
    let bytes_per_state = result.peak_bitmap_bytes as f64 / result.total() as f64;
    #[expect(clippy::cast_precision_loss, reason = "a size for people to read")]
    let megabytes = result.peak_bitmap_bytes as f64 / 1e6;
    writeln!(
        out,
        "total {} states, max depth {}, {seconds:.3} s, {:.2} M states/s, \
         bitmaps {megabytes:.1} MB in this process ({bytes_per_state:.2} bytes per state)",
        result.total(),
        result.max_depth(),
        rate / 1e6,
    )
}

fn check(result: &Enumeration, reachable: u64, max_depth: usize) -> Result<(), Failure> {
    if result.total() != reachable {
        return Err(Failure::Check(format!(
            "{} states reached, expected half the arrangements, {reachable}",
            result.total()
        )));
    }
    if result.max_depth() != max_depth {
        return Err(Failure::Check(format!(
            "max depth {}, published {max_depth}",
            result.max_depth()
        )));
    }
    Ok(())
}
