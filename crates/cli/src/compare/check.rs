//! What the runs found: the lengths cross-checked, and one row per set and
//! strategy.

use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

use frontier::Limit;

use crate::strategy::{Answer, Attempt, Strategy};

use super::run::{Record, plan};
use super::sets::BoardSet;

/// What the strategies answered on one board: a length, or `None` for
/// "unsolvable".
type Answers = Vec<(Strategy, Option<usize>)>;

/// What the cross-check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CrossCheck {
    /// `optimal[set][board]`: the length every strategy that solved the
    /// board agreed on, `None` if none solved it.
    pub optimal: Vec<Vec<Option<usize>>>,
    /// One line per disagreement.
    pub mismatches: Vec<String>,
    /// How many boards were solved by at least two strategies or checked
    /// against a published length.
    pub checked: usize,
}

/// Compares the lengths found for each board: the optimal strategies must
/// agree with each other and with the published length; the others (greedy)
/// must find a path wherever one exists, no shorter than the optimum.
///
/// # Example
///
/// ```
/// use frontier::Limits;
/// use frontier_cli::compare::{DefaultSets, cross_check, run, strategies};
/// use frontier_cli::domain::Solver;
///
/// let sets = DefaultSets { random: 2, seed: 1, walks: vec![], korf: 0, stack_sizes: vec![7], stacks: 2 }.build();
/// let solver = Solver::new();
/// let records = run(&sets, &strategies(), &Limits::new(), None, &solver, &|_| {})?;
/// let check = cross_check(&sets, &records);
/// assert!(check.mismatches.is_empty());
/// assert_eq!(check.optimal[0], [Some(19)]);
/// # Ok::<(), frontier_cli::strategy::SolveError>(())
/// ```
#[must_use]
pub fn cross_check(sets: &[BoardSet], records: &[Record]) -> CrossCheck {
    // found[set][board]: each strategy's length (None: called unsolvable).
    let mut found: Vec<Vec<Answers>> = sets
        .iter()
        .map(|set| vec![Vec::new(); set.instances.len()])
        .collect();
    for record in records {
        let length = match &record.attempt.answer {
            Answer::Solved(path) => Some(path.cost()),
            // A solvable board called unsolvable is a disagreement too.
            Answer::Unsolvable => None,
            Answer::Stopped(_) => continue,
        };
        found[record.set][record.board].push((record.strategy, length));
    }
    let show =
        |length: Option<usize>| length.map_or("unsolvable".to_owned(), |l| format!("{l} moves"));
    let mut check = CrossCheck::default();
    for (set, boards) in sets.iter().zip(found) {
        let mut optimal = Vec::with_capacity(boards.len());
        for (instance, answers) in set.instances.iter().zip(boards) {
            let (exact, relaxed): (Answers, Answers) = answers
                .iter()
                .copied()
                .partition(|(strategy, _)| set.domain.is_optimal(strategy.algorithm));
            let mut lengths: BTreeMap<Option<usize>, Vec<String>> = BTreeMap::new();
            for (strategy, length) in &exact {
                lengths
                    .entry(*length)
                    .or_default()
                    .push(strategy.to_string());
            }
            if let Some(known) = instance.known_length {
                lengths
                    .entry(Some(known))
                    .or_default()
                    .push("published".to_owned());
            }
            if answers.len() + usize::from(instance.known_length.is_some()) >= 2 {
                check.checked += 1;
            }
            // An algorithm that is not optimal must agree on solvability
            // and find no path shorter than the optimum. Checked where the
            // optimal answers agree (a disagreement is reported below).
            if let [agreed] = lengths.keys().copied().collect::<Vec<_>>()[..] {
                for (strategy, length) in &relaxed {
                    let wrong = match (length, agreed) {
                        (Some(found), Some(optimum)) => *found < optimum,
                        (None, None) => false,
                        _ => true,
                    };
                    if wrong {
                        check.mismatches.push(format!(
                            "{} {} ({}): {strategy} found {} where the optimum is {}",
                            set.name,
                            instance.origin,
                            instance.start.to_line(),
                            show(*length),
                            show(agreed),
                        ));
                    }
                }
            }
            if lengths.len() > 1 {
                let detail: Vec<String> = lengths
                    .iter()
                    .map(|(length, who)| format!("{} by {}", show(*length), who.join(", ")))
                    .collect();
                check.mismatches.push(format!(
                    "{} {} ({}): {}",
                    set.name,
                    instance.origin,
                    instance.start.to_line(),
                    detail.join("; ")
                ));
            }
            optimal.push(exact.iter().find_map(|(_, length)| *length));
        }
        check.optimal.push(optimal);
    }
    check
}

/// One line of the comparison: a strategy on a board set.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The set's name.
    pub set: String,
    /// The strategy.
    pub strategy: Strategy,
    /// Boards attempted.
    pub attempted: usize,
    /// Boards solved.
    pub solved: usize,
    /// Attempts stopped by each limit.
    pub stopped: HashMap<Limit, usize>,
    /// Mean solution length over the solved boards: moves, flips, a terrain
    /// path's cost, a grid path's length.
    pub mean_length: Option<f64>,
    /// Mean nodes expanded over all attempts (those stopped by a limit
    /// count the work done until then).
    pub mean_expanded: f64,
    /// Mean nodes generated over all attempts.
    pub mean_generated: f64,
    /// The most states stored at once by any attempt.
    pub peak_stored: usize,
    /// Mean wall time per attempt.
    pub mean_time: Duration,
    /// Nodes generated per second over all attempts, `None` when no node
    /// was generated (table lookups).
    pub nodes_per_second: Option<f64>,
}

impl Row {
    /// Attempts stopped by any limit.
    #[must_use]
    pub fn stopped_total(&self) -> usize {
        self.stopped.values().sum()
    }

    /// Attempts stopped by `limit`.
    #[must_use]
    pub fn stopped_by(&self, limit: Limit) -> usize {
        self.stopped.get(&limit).copied().unwrap_or(0)
    }
}

/// Summarises the records: one row per set and strategy, in run order.
#[must_use]
#[expect(
    clippy::cast_precision_loss,
    reason = "means for display: counts far below 2^53"
)]
pub fn summarise(sets: &[BoardSet], strategies: &[Strategy], records: &[Record]) -> Vec<Row> {
    plan(sets, strategies)
        .into_iter()
        .map(|(index, strategy, set)| {
            let mine: Vec<&Attempt> = records
                .iter()
                .filter(|r| r.set == index && r.strategy == strategy)
                .map(|r| &r.attempt)
                .collect();
            let attempted = mine.len();
            let lengths: Vec<f64> = mine.iter().filter_map(|a| a.length()).collect();
            let mut stopped = HashMap::new();
            for limit in mine.iter().filter_map(|a| a.limit()) {
                *stopped.entry(limit).or_insert(0) += 1;
            }
            let expanded: u64 = mine.iter().map(|a| a.stats.expanded).sum();
            let generated: u64 = mine.iter().map(|a| a.stats.generated).sum();
            let time: Duration = mine.iter().map(|a| a.elapsed).sum();
            let per = |total: f64| {
                if attempted == 0 {
                    0.0
                } else {
                    total / attempted as f64
                }
            };
            Row {
                set: set.name.clone(),
                strategy,
                attempted,
                solved: lengths.len(),
                stopped,
                mean_length: (!lengths.is_empty())
                    .then(|| lengths.iter().sum::<f64>() / lengths.len() as f64),
                mean_expanded: per(expanded as f64),
                mean_generated: per(generated as f64),
                peak_stored: mine.iter().map(|a| a.stats.peak_stored).max().unwrap_or(0),
                mean_time: time
                    .checked_div(u32::try_from(attempted).unwrap_or(u32::MAX))
                    .unwrap_or_default(),
                nodes_per_second: (generated > 0 && !time.is_zero())
                    .then(|| generated as f64 / time.as_secs_f64()),
            }
        })
        .collect()
}
