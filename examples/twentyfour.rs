//! `frontier twentyfour` as a workspace example, to run it from a clone
//! without installing the command: `cargo run --release --example
//! twentyfour -- --help`. The program, its options and its documentation
//! are in `frontier_cli::programs::twentyfour`
//! (`crates/cli/src/programs/twentyfour.rs`).

fn main() -> std::process::ExitCode {
    frontier_cli::programs::run_alone::<frontier_cli::programs::twentyfour::Args>()
}
