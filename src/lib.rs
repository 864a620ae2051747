//! Support shared by the workspace's examples (`examples/`) and benchmarks
//! (`benches/`): problems that are not puzzles, to show that anything
//! plugs into [`frontier`]. The libraries themselves live in
//! `crates/frontier` and `crates/sliding-puzzle`.

pub mod terrain;
