//! The frontier workspace's examples (`examples/`), benchmarks (`benches/`)
//! and the tests that run the programs (`tests/`). There is nothing here:
//! the programs live in `frontier-cli` (`crates/cli`, the `frontier`
//! command), the libraries in `crates/frontier`, `crates/sliding-puzzle`,
//! `crates/pancake`, `crates/grid`, `crates/pattern-db`,
//! `crates/frontier-dataflow` and `crates/text`.
