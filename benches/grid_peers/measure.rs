//! Timing a planner over a map's queries and checking its lengths.

use std::hint::black_box;
use std::time::{Duration, Instant};

use crate::planner::{Planner, Rule};
use crate::scenario::{Optimal, Outcome, Scenario};

/// How many wrong answers per map and planner are described on stderr.
const REPORTED: usize = 3;

/// One planner's figures on one map: a table row.
#[derive(Clone, Debug)]
pub(crate) struct Row {
    /// The map's name.
    pub(crate) map: String,
    /// The planner's name.
    pub(crate) planner: String,
    /// The planner's movement rule.
    pub(crate) rule: Rule,
    /// Queries on the map.
    pub(crate) queries: usize,
    /// Answers within the tolerance of the optimum under the planner's rule.
    pub(crate) optimal: usize,
    /// Paths longer than that optimum.
    pub(crate) longer: usize,
    /// Every other answer: shorter paths, paths missed, paths where there is
    /// none. Should be 0.
    pub(crate) wrong: usize,
    /// Answers matching the scenario file's length (the no-corner-cutting
    /// optimum), whatever the planner's rule.
    pub(crate) match_scenario: usize,
    /// Mean time per query over all runs, in milliseconds.
    pub(crate) mean_ms: f64,
    /// The median over runs of each run's mean time per query.
    pub(crate) median_run_ms: f64,
    /// The slowest single query of all runs.
    pub(crate) max_ms: f64,
}

/// Runs `planner` over every query of `scenario`, `runs` times, and checks
/// the first run's lengths: against the scenario file under the benchmark
/// rule, against `cutting` (the corner-cutting optimum of each query, when
/// computed) under the corner-cutting rule.
pub(crate) fn measure(
    planner: &mut dyn Planner,
    scenario: &Scenario,
    cutting: Option<&[Optimal]>,
    runs: usize,
) -> Row {
    planner.prepare(&scenario.map);
    let queries = &scenario.queries;

    let mut answers = Vec::with_capacity(queries.len());
    let mut run_totals = Vec::with_capacity(runs);
    let mut slowest = Duration::ZERO;
    for run in 0..runs {
        let mut total = Duration::ZERO;
        for query in queries {
            let began = Instant::now();
            let answer = black_box(planner.solve(black_box(query.start), black_box(query.goal)));
            let took = began.elapsed();
            total += took;
            slowest = slowest.max(took);
            if run == 0 {
                answers.push(answer);
            }
        }
        run_totals.push(total);
    }

    let references: Vec<Optimal> = match (planner.rule(), cutting) {
        (Rule::CornerCutting, Some(cutting)) => cutting.to_vec(),
        (Rule::CornerCutting, None) => {
            unreachable!("the harness computes the corner-cutting optimum for such planners")
        }
        (Rule::NoCornerCutting, _) => queries.iter().map(|query| query.optimal).collect(),
    };
    let mut row = Row {
        map: scenario.name.clone(),
        planner: planner.name().to_owned(),
        rule: planner.rule(),
        queries: queries.len(),
        optimal: 0,
        longer: 0,
        wrong: 0,
        match_scenario: 0,
        mean_ms: 0.0,
        median_run_ms: 0.0,
        max_ms: slowest.as_secs_f64() * 1e3,
    };
    for (index, ((query, reference), &answer)) in
        queries.iter().zip(&references).zip(&answers).enumerate()
    {
        match reference.check(answer) {
            Outcome::Optimal => row.optimal += 1,
            Outcome::Longer => row.longer += 1,
            outcome => {
                if row.wrong < REPORTED {
                    eprintln!(
                        "  {} {}: query {index} {:?} -> {:?}: {outcome:?}, found {answer:?}, optimum {reference:?}",
                        row.map, row.planner, query.start, query.goal
                    );
                }
                row.wrong += 1;
            }
        }
        if query.optimal.check(answer) == Outcome::Optimal {
            row.match_scenario += 1;
        }
    }

    let per_query_ms =
        |total: Duration| total.as_secs_f64() * 1e3 / crate::planner::to_f64(queries.len().max(1));
    let mut run_means: Vec<f64> = run_totals
        .iter()
        .map(|&total| per_query_ms(total))
        .collect();
    run_means.sort_by(f64::total_cmp);
    row.median_run_ms = run_means.get(run_means.len() / 2).copied().unwrap_or(0.0);
    row.mean_ms = run_means.iter().sum::<f64>() / crate::planner::to_f64(run_means.len().max(1));
    row
}

/// Prints the rows as a Markdown table.
pub(crate) fn print_table(rows: &[Row]) {
    println!(
        "| map | planner | rule | queries | optimal | longer | wrong | = scen | mean ms/query | median run ms/query | max ms |"
    );
    println!("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for row in rows {
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {:.4} | {:.4} | {:.3} |",
            row.map,
            row.planner,
            row.rule.label(),
            row.queries,
            row.optimal,
            row.longer,
            row.wrong,
            row.match_scenario,
            row.mean_ms,
            row.median_run_ms,
            row.max_ms,
        );
    }
}
