//! Holder package for the workspace's examples (`examples/`) and benchmarks
//! (`benches/`). The libraries live in `crates/frontier` and
//! `crates/sliding-puzzle`.
