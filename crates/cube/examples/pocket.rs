//! The 2x2x2 cube's whole distance table, timed: `cargo run --release -p
//! frontier-cube --example pocket`. Builds the table five times, prints
//! the median time and the positions at each distance, and checks them
//! against the published distribution (half-turn metric, God's number 11).

use std::time::{Duration, Instant};

use cube::PocketDistances;

/// Positions at distance 0 to 11 from solved, half-turn metric.
const PUBLISHED: [u64; 12] = [
    1, 9, 54, 321, 1847, 9992, 50136, 227_536, 870_072, 1_887_748, 623_800, 2644,
];

fn main() -> std::process::ExitCode {
    let mut times: Vec<Duration> = Vec::new();
    let mut table = None;
    for _ in 0..5 {
        let started = Instant::now();
        table = Some(PocketDistances::build());
        times.push(started.elapsed());
    }
    times.sort();
    let counts = table.map(|t| t.counts()).unwrap_or_default();
    println!(
        "2x2x2 distance table: median {:.1} ms of 5 builds",
        times[2].as_secs_f64() * 1e3
    );
    for (depth, count) in counts.iter().enumerate() {
        println!("{depth:>2} {count:>9}");
    }
    let total: u64 = counts.iter().sum();
    println!("total {total}");
    if counts == PUBLISHED {
        println!("matches the published distribution");
        std::process::ExitCode::SUCCESS
    } else {
        println!("DIFFERS from the published distribution");
        std::process::ExitCode::FAILURE
    }
}
