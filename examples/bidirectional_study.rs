//! The study behind `docs/bidirectional.md`: A*, MM, NBS, DVCBS, BAE*,
//! bidirectional BFS and IDA* on random pancake stacks with GAP, GAP-1, GAP-2 and GAP-3,
//! and on the easiest of Korf's 15-puzzles with Manhattan distance, each
//! search under a memory and a time limit. Prints Markdown tables.
//!
//! ```sh
//! cargo run --release --example bidirectional_study
//! cargo run --release --example bidirectional_study -- --sizes 12 --stacks 3 --korf 0
//! ```
//!
//! With `--hog2 FILE` it runs instead what `benches/hog2-side-by-side.sh`
//! sets next to HOG2's figures: the stacks of FILE (one a line, top first,
//! pancakes numbered from 1), each searched with GAP-k for every k of
//! `--gaps` by every algorithm of `--algorithms`, printing one line each,
//!
//! ```text
//! instance algorithm heuristic optimal-cost necessary-expansions total-expansions
//! ```
//!
//! with the necessary expansions as the field counts them: A*'s are its
//! expansions with f < C* (a second search bounded by C* − 1 expands
//! exactly those, the heuristic being consistent); MM's, NBS's, DVCBS's and
//! BAE*'s are read off the searcher's [`frontier::ByPriority`] counts
//! (BAE*'s: the expansions made while its lower bound was below C*).
//!
//! Every search goes through the registry's [`Solver`], which replays each
//! solution to the goal before returning it; this program then checks that
//! every solution of an instance has the length of A*'s (or, where A* was
//! stopped by a limit, of the other optimal searches'), and exits with
//! status 2 if one does not.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Duration;

use std::path::PathBuf;

use clap::Parser;
use frontier::{AStar, Bae, Dvcbs, Limit, Limits, Mm, Nbs};
use frontier_cli::compare::{human_count, human_time};
use frontier_cli::domain::Solver;
use frontier_cli::domains::boards::FIFTEEN;
use frontier_cli::domains::pancakes::PANCAKES;
use frontier_cli::domains::{DOMAINS, heuristic, heuristics_of};
use frontier_cli::strategy::{Algorithm, Attempt, Heuristic, SolveError, Strategy};
use pancake::{Gap, Pancakes, Stack};
use sliding_puzzle::instances::Instance;

/// The registry's heuristic called `name`.
fn named(name: &str) -> Heuristic {
    heuristic(name).unwrap_or_else(|| panic!("{name} is a heuristic of the registry"))
}

/// Runs the bidirectional-search study and prints its tables as Markdown.
#[derive(Debug, Parser)]
#[command(version)]
struct Args {
    /// The numbers of pancakes, comma-separated
    #[arg(long, value_delimiter = ',', default_values_t = vec![12, 14, 16])]
    sizes: Vec<usize>,

    /// How many random stacks of each size (0: no pancakes)
    #[arg(long, default_value_t = 10)]
    stacks: usize,

    /// The seed of the first stack (the i-th is drawn from seed + i)
    #[arg(long, default_value_t = 2016)]
    seed: u64,

    /// How many of Korf's 100 15-puzzles, easiest first (0: none)
    #[arg(long, default_value_t = 5)]
    korf: usize,

    /// Stop a search that stores more states than this
    #[arg(long, default_value_t = 5_000_000)]
    max_stored: usize,

    /// Stop a search after this many seconds
    #[arg(long, default_value_t = 10.0)]
    max_time: f64,

    /// The GAP heuristics IDA* runs with on pancakes, comma-separated (with
    /// the weaker ones it re-expands the stacks' many transpositions and
    /// runs into the time limit)
    #[arg(
        long,
        value_parser = heuristics_of(&DOMAINS),
        value_delimiter = ',',
        default_values = ["gap", "gap-1"]
    )]
    idastar_heuristics: Vec<Heuristic>,

    /// Leave IDA* out
    #[arg(long)]
    no_idastar: bool,

    /// Instead of the study, search the stacks of this file (one a line,
    /// top first) and print each search's optimal cost and necessary and
    /// total expansions, as HOG2's figures are printed
    #[arg(long, value_name = "FILE")]
    hog2: Option<PathBuf>,

    /// With --hog2: the k of each GAP-k, comma-separated (0 is GAP)
    #[arg(long, value_delimiter = ',', default_values_t = vec![0, 1, 2])]
    gaps: Vec<u8>,

    /// With --hog2: the algorithms, comma-separated
    #[arg(long, value_enum, value_delimiter = ',', default_values_t = vec![Node::AStar, Node::Mm, Node::Nbs])]
    algorithms: Vec<Node>,
}

/// The algorithms whose node counts `--hog2` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Node {
    /// A*
    #[value(name = "astar")]
    AStar,
    /// MM
    Mm,
    /// NBS
    Nbs,
    /// DVCBS
    Dvcbs,
    /// BAE*
    Bae,
}

impl Node {
    /// The name HOG2's driver prints (without its ε suffix).
    fn label(self) -> &'static str {
        match self {
            Node::AStar => "A*",
            Node::Mm => "MM",
            Node::Nbs => "NBS",
            Node::Dvcbs => "DVCBS",
            Node::Bae => "BAE*",
        }
    }
}

/// The `--hog2` mode: per stack of `path`, per GAP-k, per algorithm, a line
/// `instance algorithm heuristic optimal-cost necessary total`.
fn node_counts(path: &PathBuf, gaps: &[u8], algorithms: &[Node]) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let stacks = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.parse::<Stack>().map_err(|e| format!("{line:?}: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let mut astar = AStar::new();
    let mut mm = Mm::new();
    let mut nbs = Nbs::new();
    let mut dvcbs = Dvcbs::new();
    let mut bae = Bae::new();
    for (index, &stack) in (1..).zip(&stacks) {
        for &k in gaps {
            let problem = Pancakes::new(stack, Gap::ignoring(k));
            let heuristic = if k == 0 {
                "GAP".to_owned()
            } else {
                format!("GAP-{k}")
            };
            for &algorithm in algorithms {
                let (cost, necessary, total) = match algorithm {
                    Node::AStar => {
                        astar.set_limits(Limits::new());
                        let result = astar.search(&problem);
                        let cost = optimal(result.solution())?;
                        // Everything with f < C*, and nothing else.
                        astar.set_limits(Limits::new().max_cost(cost.saturating_sub(1)));
                        let bounded = astar.search(&problem);
                        (cost, bounded.stats.expanded, result.stats.expanded)
                    }
                    Node::Mm => {
                        let result = mm.search(&problem);
                        let cost = optimal(result.solution())?;
                        (cost, mm.expansions().below(cost), result.stats.expanded)
                    }
                    Node::Nbs => {
                        let result = nbs.search(&problem);
                        let cost = optimal(result.solution())?;
                        (cost, nbs.expansions().below(cost), result.stats.expanded)
                    }
                    Node::Dvcbs => {
                        let result = dvcbs.search(&problem);
                        let cost = optimal(result.solution())?;
                        (cost, dvcbs.expansions().below(cost), result.stats.expanded)
                    }
                    Node::Bae => {
                        let result = bae.search(&problem);
                        let cost = optimal(result.solution())?;
                        // Counted at twice its lower bound.
                        (
                            cost,
                            bae.expansions().below(2 * cost),
                            result.stats.expanded,
                        )
                    }
                };
                println!(
                    "{index} {} {heuristic} {cost} {necessary} {total}",
                    algorithm.label()
                );
            }
        }
    }
    Ok(())
}

/// The cost of a search's solution, or why there is none.
fn optimal<S, A>(solution: Option<&frontier::Solution<S, A, u32>>) -> Result<u32, String> {
    solution
        .map(|solution| solution.cost)
        .ok_or_else(|| "a search found no solution".to_owned())
}

/// One strategy's attempts on a set of instances, in instance order.
struct Cell {
    strategy: Strategy,
    attempts: Vec<Attempt>,
}

/// What the study keeps between its parts: the solver, the limits and
/// what the cross-check found.
struct Study {
    solver: Solver,
    limits: Limits<u32>,
    mismatches: Vec<String>,
    checked: usize,
    /// The heuristics past the limits: at some size, A*, MM and NBS were
    /// each stopped on at least half the stacks; with the size where.
    exhausted: Vec<(Heuristic, usize)>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Some(path) = &args.hog2 {
        return match node_counts(path, &args.gaps, &args.algorithms) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("error: {err}");
                ExitCode::FAILURE
            }
        };
    }
    let Ok(max_time) = Duration::try_from_secs_f64(args.max_time) else {
        eprintln!(
            "error: --max-time {} is not a duration in seconds",
            args.max_time
        );
        return ExitCode::FAILURE;
    };
    if let Some(&len) = args
        .sizes
        .iter()
        .find(|&&len| !(2..=Stack::MAX_LEN).contains(&len))
    {
        eprintln!(
            "error: --sizes {len}: a stack holds 2 to {} pancakes",
            Stack::MAX_LEN
        );
        return ExitCode::FAILURE;
    }
    let mut study = Study {
        solver: Solver::new(),
        limits: Limits::new().max_stored(args.max_stored).max_time(max_time),
        mismatches: Vec::new(),
        checked: 0,
        exhausted: Vec::new(),
    };
    let mut sizes = args.sizes.clone();
    sizes.sort_unstable();
    sizes.dedup();
    println!(
        "Limits per search: {} stored states, {}. Times are each search's own, one search at a time.\n",
        human_count(f64::from(
            u32::try_from(args.max_stored).unwrap_or(u32::MAX)
        )),
        human_time(max_time)
    );
    let done = sizes
        .iter()
        .try_for_each(|&len| study.pancakes(&args, len))
        .and_then(|()| study.korf(&args));
    if let Err(err) = done {
        return fail(&err);
    }
    if study.mismatches.is_empty() {
        println!(
            "Check: every solution was replayed to the goal, and on all {} instances every search that finished found the length A* found (and Korf's published length).",
            study.checked
        );
        ExitCode::SUCCESS
    } else {
        for mismatch in &study.mismatches {
            eprintln!("MISMATCH: {mismatch}");
        }
        ExitCode::from(2)
    }
}

/// The guided algorithms of the study, IDA* unless left out.
fn guided(args: &Args) -> Vec<Algorithm> {
    let mut all = vec![
        Algorithm::AStar,
        Algorithm::Mm,
        Algorithm::Nbs,
        Algorithm::Dvcbs,
        Algorithm::Bae,
    ];
    if !args.no_idastar {
        all.push(Algorithm::IdaStar);
    }
    all
}

impl Study {
    /// Part (a): random stacks of `len` pancakes, one table.
    fn pancakes(&mut self, args: &Args, len: usize) -> Result<(), SolveError> {
        if args.stacks == 0 {
            return Ok(());
        }
        let stacks: Vec<Stack> = (0..args.stacks as u64)
            .map(|i| Stack::random(len, args.seed.wrapping_add(i)))
            .collect();
        let mut strategies = vec![Strategy::plain(Algorithm::Bidirectional)];
        let mut notes = Vec::new();
        for heuristic in [named("gap"), named("gap-1"), named("gap-2"), named("gap-3")] {
            if let Some(&(_, smaller)) = self.exhausted.iter().find(|(h, _)| *h == heuristic) {
                notes.push(format!(
                    "{heuristic} not run: at {smaller} pancakes A*, MM and NBS were each stopped by a limit on at least half the stacks."
                ));
                continue;
            }
            strategies.extend(
                guided(args)
                    .into_iter()
                    .filter(|&a| {
                        a != Algorithm::IdaStar || args.idastar_heuristics.contains(&heuristic)
                    })
                    .map(|a| Strategy::new(a, heuristic)),
            );
        }
        let mut cells = Vec::new();
        for strategy in strategies {
            let attempts = stacks
                .iter()
                .map(|stack| self.solver.solve(&PANCAKES, stack, strategy, &self.limits))
                .collect::<Result<Vec<_>, _>>()?;
            eprintln!("{len} pancakes: {strategy} done");
            cells.push(Cell { strategy, attempts });
        }
        let origins: Vec<String> = stacks.iter().map(ToString::to_string).collect();
        self.checked += cross_check(&cells, &origins, &mut self.mismatches);
        println!(
            "### {len} pancakes ({} random stacks, seeds {}..{})\n",
            stacks.len(),
            args.seed,
            args.seed.wrapping_add(args.stacks as u64)
        );
        print!("{}", table(&cells));
        for note in &notes {
            println!("\n{note}");
        }
        println!();
        for heuristic in [named("gap"), named("gap-1"), named("gap-2"), named("gap-3")] {
            let beyond = [Algorithm::AStar, Algorithm::Mm, Algorithm::Nbs]
                .iter()
                .all(|&algorithm| {
                    cells
                        .iter()
                        .find(|c| c.strategy == Strategy::new(algorithm, heuristic))
                        .is_some_and(|c| {
                            2 * c.attempts.iter().filter(|a| a.limit().is_some()).count()
                                >= c.attempts.len()
                        })
                });
            if beyond {
                self.exhausted.push((heuristic, len));
            }
        }
        Ok(())
    }

    /// Part (b): the easiest of Korf's 15-puzzles with Manhattan distance.
    fn korf(&mut self, args: &Args) -> Result<(), SolveError> {
        if args.korf == 0 {
            return Ok(());
        }
        let mut korf = sliding_puzzle::instances::korf100();
        korf.sort_by_key(|instance| (instance.length, instance.id));
        korf.truncate(args.korf);
        let strategies: Vec<Strategy> = std::iter::once(Strategy::plain(Algorithm::Bidirectional))
            .chain(
                guided(args)
                    .into_iter()
                    .map(|a| Strategy::new(a, named("manhattan"))),
            )
            .collect();
        let name = |instance: &Instance<4, 4>| format!("korf #{}", instance.id.unwrap_or(0));
        let mut cells = Vec::new();
        for strategy in strategies {
            let mut attempts = Vec::new();
            for instance in &korf {
                let attempt =
                    self.solver
                        .solve(&FIFTEEN, &instance.board, strategy, &self.limits)?;
                if let (Some(found), Some(published)) = (attempt.moves(), instance.length)
                    && found != published
                {
                    self.mismatches.push(format!(
                        "{}: {strategy} found {found} moves, published {published}",
                        name(instance)
                    ));
                }
                attempts.push(attempt);
            }
            eprintln!("15-puzzle: {strategy} done");
            cells.push(Cell { strategy, attempts });
        }
        let origins: Vec<String> = korf.iter().map(name).collect();
        self.checked += cross_check(&cells, &origins, &mut self.mismatches);
        let ids: Vec<String> = korf
            .iter()
            .map(|i| format!("#{} ({} moves)", i.id.unwrap_or(0), i.length.unwrap_or(0)))
            .collect();
        if korf.len() == 100 {
            println!("### 15-puzzle, Manhattan distance: all of Korf's 100\n");
        } else {
            println!(
                "### 15-puzzle, Manhattan distance: the {} easiest of Korf's 100\n\nInstances {}.\n",
                korf.len(),
                ids.join(", ")
            );
        }
        print!("{}", table(&cells));
        println!();
        Ok(())
    }
}

fn fail(err: &SolveError) -> ExitCode {
    if err.is_bug() {
        eprintln!("WRONG ANSWER: {err}");
        ExitCode::from(2)
    } else {
        eprintln!("error: {err}");
        ExitCode::FAILURE
    }
}

/// Checks, instance by instance, that every finished search found A*'s
/// length (or, where A* stopped, the length the others agree on); returns
/// how many instances had at least two answers to compare.
fn cross_check(cells: &[Cell], origins: &[String], mismatches: &mut Vec<String>) -> usize {
    let mut checked = 0;
    for (index, origin) in origins.iter().enumerate() {
        let answers: Vec<(Strategy, usize)> = cells
            .iter()
            .filter_map(|cell| Some((cell.strategy, cell.attempts[index].moves()?)))
            .collect();
        let reference = answers
            .iter()
            .find(|(s, _)| s.algorithm == Algorithm::AStar)
            .or(answers.first());
        let Some(&(reference, length)) = reference else {
            continue;
        };
        if answers.len() >= 2 {
            checked += 1;
        }
        for &(strategy, found) in &answers {
            if found != length {
                mismatches.push(format!(
                    "{origin}: {strategy} found {found}, {reference} found {length}"
                ));
            }
        }
    }
    checked
}

/// The median of `values` (the mean of the middle two for an even count).
fn median(values: &mut [f64]) -> Option<f64> {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(values[n / 2]),
        _ => Some(f64::midpoint(values[n / 2 - 1], values[n / 2])),
    }
}

/// `values`' median and quartiles as `median [lower, upper]`, each the
/// nearest-rank value (the ceil(n/4)-th, ceil(n/2)-th and ceil(3n/4)-th of
/// the n sorted values, as `benches/hog2-study.sh` computes them), or `-`.
fn spread(values: &mut [f64]) -> String {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n == 0 {
        return "-".to_owned();
    }
    let rank = |quarters: usize| values[(n * quarters).div_ceil(4).max(1) - 1];
    format!(
        "{} [{}, {}]",
        human_count(rank(2)),
        human_count(rank(1)),
        human_count(rank(3))
    )
}

/// The Markdown table of the cells: one row per strategy, with the medians
/// over the instances its search finished, and its nodes relative to A*'s
/// with the same heuristic on the same instances.
#[expect(clippy::cast_precision_loss, reason = "node counts shown rounded")]
fn table(cells: &[Cell]) -> String {
    let mut out = String::from(
        "| heuristic | algorithm | solved | stopped | expanded: median [quartiles] | mean expanded | expanded / A*'s (median) | median time | mean time | peak stored |\n\
         | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n",
    );
    for cell in cells {
        let finished: Vec<&Attempt> = cell
            .attempts
            .iter()
            .filter(|a| a.moves().is_some())
            .collect();
        let stopped: Vec<Limit> = cell.attempts.iter().filter_map(Attempt::limit).collect();
        let mut expanded: Vec<f64> = finished.iter().map(|a| a.stats.expanded as f64).collect();
        let mut times: Vec<f64> = finished.iter().map(|a| a.elapsed.as_secs_f64()).collect();
        let mean = |values: &[f64]| {
            (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
        };
        let mean_expanded = mean(&expanded);
        let mean_time = mean(&times);
        // A* with the same heuristic (bidirectional BFS: with the first
        // heuristic listed), on the instances both finished.
        let astar = cells.iter().find(|c| {
            c.strategy.algorithm == Algorithm::AStar
                && (c.strategy.heuristic == cell.strategy.heuristic
                    || cell.strategy.heuristic.is_none())
        });
        let mut ratios: Vec<f64> = astar
            .map(|astar| {
                astar
                    .attempts
                    .iter()
                    .zip(&cell.attempts)
                    .filter(|(a, b)| a.moves().is_some() && b.moves().is_some())
                    .map(|(a, b)| b.stats.expanded as f64 / (a.stats.expanded.max(1) as f64))
                    .collect()
            })
            .unwrap_or_default();
        let stopped_text = if stopped.is_empty() {
            "-".to_owned()
        } else {
            let memory = stopped
                .iter()
                .filter(|&&l| matches!(l, Limit::Stored | Limit::Memory))
                .count();
            let time = stopped.iter().filter(|&&l| l == Limit::Time).count();
            let mut parts = Vec::new();
            if memory > 0 {
                parts.push(format!("{memory} memory"));
            }
            if time > 0 {
                parts.push(format!("{time} time"));
            }
            let other = stopped.len() - memory - time;
            if other > 0 {
                parts.push(format!("{other} other"));
            }
            parts.join(", ")
        };
        let heuristic_label = match (cell.strategy.heuristic, astar) {
            (None, Some(astar)) => {
                format!("- (ratio to A* with {})", astar.strategy.heuristic_label())
            }
            _ => cell.strategy.heuristic_label().to_owned(),
        };
        let show_count = |v: Option<f64>| v.map_or("-".to_owned(), human_count);
        let show_time =
            |v: Option<f64>| v.map_or("-".to_owned(), |s| human_time(Duration::from_secs_f64(s)));
        let _ = writeln!(
            out,
            "| {} | {} | {}/{} | {} | {} | {} | {} | {} | {} | {} |",
            heuristic_label,
            cell.strategy.algorithm.label(),
            finished.len(),
            cell.attempts.len(),
            stopped_text,
            spread(&mut expanded),
            show_count(mean_expanded),
            median(&mut ratios).map_or("-".to_owned(), |r| format!("{r:.2}")),
            show_time(median(&mut times)),
            show_time(mean_time),
            human_count(
                cell.attempts
                    .iter()
                    .map(|a| a.stats.peak_stored)
                    .max()
                    .unwrap_or(0) as f64
            ),
        );
    }
    out
}
