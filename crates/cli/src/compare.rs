//! The strategy comparison behind `frontier compare`: board sets, running
//! every strategy on every board it can handle, cross-checking the answers,
//! summarising and rendering the results, and the chart ([`plot`]).
//!
//! Every solution is replayed by [`Solver::solve`](crate::domain::Solver::solve); the lengths of all
//! strategies (all of them optimal) must agree board by board, and with the
//! published length where there is one (Korf's instances). [`cross_check`]
//! lists every disagreement.

pub mod plot;

mod check;
mod render;
mod run;
mod sets;

pub use check::{CrossCheck, Row, cross_check, summarise};
pub use render::{Format, RawRow, Settings, human_count, human_time, render};
pub use run::{Record, Task, plan, run, strategies, strategies_of};
pub use sets::{BoardSet, DefaultSets, Instance, POJ_SAMPLE, Start};

pub use crate::domains::boards::{korf_instances, read_boards};
pub use crate::domains::grids::read_scenarios;
pub use crate::domains::pancakes::read_stacks;
pub use crate::domains::terrain::read_map;

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use std::collections::HashMap;

    use frontier::{Limit, Limits};

    use super::render::human_cells;
    use super::*;
    use crate::domain::Solver;
    use crate::domains::pancakes::PANCAKES;
    use crate::strategy::{Algorithm, Answer, Path, Strategy};

    /// A path of `n` moves up, whatever the board: for the cross-check,
    /// which reads only lengths.
    fn ups(n: usize) -> Answer {
        let moves = vec![sliding_puzzle::Move::Up; n];
        let text = sliding_puzzle::format_moves(&moves);
        Answer::Solved(Path::new(moves, text, "moves"))
    }

    fn tiny() -> (Vec<BoardSet>, Vec<Record>) {
        let (sets, skipped) = read_boards(
            "tiny",
            b"2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15\n",
        );
        assert!(skipped.is_empty());
        let limits = Limits::new().max_stored(1_000_000);
        let records = run(&sets, &strategies(), &limits, None, &Solver::new(), &|_| {}).unwrap();
        (sets, records)
    }

    #[test]
    fn rows_and_cross_check() {
        let (sets, records) = tiny();
        let check = cross_check(&sets, &records);
        assert!(check.mismatches.is_empty(), "{:?}", check.mismatches);
        assert_eq!(check.optimal, [vec![Some(19), Some(0)], vec![Some(1)]]);
        let rows = summarise(&sets, &strategies(), &records);
        // 30 strategies on 3x3, the 26 that handle 4x4 on 4x4.
        assert_eq!(rows.len(), 30 + 26);
        assert!(rows.iter().all(|r| r.solved == r.attempted));
        assert_eq!(rows[0].mean_length, Some(9.5));
        assert_eq!(rows[0].nodes_per_second, None);
        let csv = render(&rows, Format::Csv, &settings());
        assert_eq!(csv.lines().count(), 57);
        assert!(
            csv.lines()
                .nth(1)
                .unwrap()
                .starts_with("tiny 3x3,table,,2,2,0,0,0,9.5,0.0,0.0,0,")
        );
        assert!(csv.starts_with("set,algorithm,heuristic,attempted,solved,stopped_by_memory,stopped_by_time,stopped_other,mean_length,mean_expanded,mean_generated,peak_stored,mean_seconds,generated_per_second\n"));
        let json = render(&rows, Format::Json, &settings());
        assert_eq!(json.matches("\"algorithm\"").count(), 56);
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(parsed["settings"]["max_stored"], 100_000);
        assert_eq!(parsed["rows"][0]["heuristic"], serde_json::Value::Null);
        assert_eq!(parsed["rows"][5]["heuristic"], "misplaced");
        assert_eq!(parsed["rows"][0]["mean_length"], 9.5);
        let table = render(&rows, Format::Table, &settings());
        assert!(table.contains("linear conflict"));
    }

    #[test]
    fn mismatches_are_reported() {
        let (sets, mut records) = tiny();
        let record = records
            .iter_mut()
            .find(|r| r.strategy.algorithm == Algorithm::IdaStar)
            .unwrap();
        record.attempt.answer = ups(21);
        let check = cross_check(&sets, &records);
        assert_eq!(check.mismatches.len(), 1);
        assert!(
            check.mismatches[0].contains("21 moves by IDA* (misplaced)"),
            "{}",
            check.mismatches[0]
        );
    }

    #[test]
    fn greedy_may_be_longer_but_never_shorter() {
        let (sets, mut records) = tiny();
        let greedy = |r: &&mut Record| r.strategy.algorithm == Algorithm::Greedy && r.board == 0;
        let record = records.iter_mut().find(greedy).unwrap();
        record.attempt.answer = ups(41);
        assert!(cross_check(&sets, &records).mismatches.is_empty());
        let record = records.iter_mut().find(greedy).unwrap();
        record.attempt.answer = ups(17);
        let check = cross_check(&sets, &records);
        assert_eq!(check.mismatches.len(), 1, "{:?}", check.mismatches);
        assert!(
            check.mismatches[0].contains("found 17 moves where the optimum is 19 moves"),
            "{}",
            check.mismatches[0]
        );
        let record = records.iter_mut().find(greedy).unwrap();
        record.attempt.answer = Answer::Unsolvable;
        assert_eq!(cross_check(&sets, &records).mismatches.len(), 1);
    }

    #[test]
    fn human_numbers() {
        assert_eq!(human_count(812.0), "812");
        assert_eq!(human_count(52_431.0), "52.4k");
        assert_eq!(human_count(1_234_567.0), "1.23M");
        assert_eq!(human_time(Duration::from_micros(1500)), "1.5 ms");
    }

    #[test]
    fn limits_are_counted_by_kind() {
        let row = Row {
            set: "a, \"quoted\" set".to_owned(),
            strategy: Strategy::plain(Algorithm::Bfs),
            attempted: 4,
            solved: 0,
            stopped: HashMap::from([(Limit::Stored, 2), (Limit::Time, 1), (Limit::Expanded, 1)]),
            mean_length: None,
            mean_expanded: 1.5,
            mean_generated: 3.0,
            peak_stored: 7,
            mean_time: Duration::from_millis(250),
            nodes_per_second: Some(12.0),
        };
        let csv = render(std::slice::from_ref(&row), Format::Csv, &settings());
        assert_eq!(
            csv.lines().nth(1),
            Some("\"a, \"\"quoted\"\" set\",bfs,,4,0,2,1,1,,1.5,3.0,7,0.25,12.0")
        );
        assert_eq!(human_cells(&row)[4], "1 expansion limit, 2 memory, 1 time");
    }

    #[test]
    fn korf_and_defaults() {
        let sets = DefaultSets::default().build();
        assert_eq!(sets.len(), 7);
        assert!(sets[3].instances.iter().all(|i| i.known_length.is_some()));
        assert_eq!(sets[6].name, "12 pancakes");
        assert_eq!(sets[6].domain, &PANCAKES as &dyn crate::domain::AnyDomain);
        assert_eq!(sets[6].instances.len(), 5);
        let stack = sets[6].instances[0]
            .start
            .instance()
            .downcast_ref::<pancake::Stack>();
        assert!(stack.is_some_and(|s| s.len() == 12));
        assert_eq!(sets[0].instances[0].start.to_line(), POJ_SAMPLE);
    }

    fn settings() -> Settings {
        Settings {
            max_stored: Some(100_000),
            max_time: None,
            jobs: 1,
            table_build: Some(Duration::from_millis(5)),
            wall: Duration::from_secs(1),
        }
    }
}
