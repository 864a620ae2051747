//! Support shared by the workspace's examples (`examples/`) and benchmarks
//! (`benches/`): problems that are not puzzles, to show that anything
//! plugs into [`frontier`], and the logic of the example programs, kept
//! here so it is tested. The libraries themselves live in
//! `crates/frontier`, `crates/sliding-puzzle` and `crates/pancake`.

pub mod compare;
pub mod databases;
pub mod domain;
pub mod domains;
pub mod eight;
pub mod jobs;
pub mod knight;
pub mod lines;
pub mod registry;
pub mod scenarios;
pub mod strategy;
pub mod terrain;
