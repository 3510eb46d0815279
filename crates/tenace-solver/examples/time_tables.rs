//! Times full tables of seeded deals: `cargo run --release --example time_tables -- N`.

use std::time::Instant;

use tenace_rules::Vulnerability;
use tenace_rules::bridge::{BridgeOptions, BridgeSetup};
use tenace_solver::Solver;

fn main() {
    let count: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let mut times = Vec::new();
    let mut nodes = 0;
    for seed in 0..count {
        let deal = BridgeSetup::from_seed(seed, Vulnerability::None, BridgeOptions::default());
        let mut solver = Solver::new();
        let start = Instant::now();
        let table = solver.table(&deal.hands).expect("a full deal");
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        nodes += solver.nodes();
        std::hint::black_box(table);
    }
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    println!(
        "{count} tables: median {:.1} ms, mean {mean:.1} ms, max {:.1} ms, {} nodes/table",
        times[times.len() / 2],
        times[times.len() - 1],
        nodes / count
    );
}
