//! The `frontier` command: `frontier --help` lists its programs,
//! `frontier PROGRAM --help` describes one (`frontier_cli::programs`).

use std::process::ExitCode;

fn main() -> ExitCode {
    frontier_cli::programs::main()
}
