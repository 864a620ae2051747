//! `frontier cube` as a workspace example, to run it from a clone
//! without installing the command: `cargo run --release --example
//! cube -- --help`. The program, its options and its documentation
//! are in `frontier_cli::programs::cube`
//! (`crates/cli/src/programs/cube.rs`).

fn main() -> std::process::ExitCode {
    frontier_cli::programs::run_alone::<frontier_cli::programs::cube::Args>()
}
