//! Times full tables of seeded deals (a profiling aid):
//! `cargo run --release --example time_tables -- FIRST COUNT [MiB]`.

use std::time::Instant;

use tenace_rules::Vulnerability;
use tenace_rules::bridge::{BridgeOptions, BridgeSetup};
use tenace_solver::Solver;

fn arg(n: usize, default: u64) -> u64 {
    std::env::args()
        .nth(n)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let first = arg(1, 0);
    let count = arg(2, 20);
    let mib = arg(3, 64) as usize;
    let mut times = Vec::new();
    let mut nodes = 0;
    for seed in first..first + count {
        let deal = BridgeSetup::from_seed(seed, Vulnerability::None, BridgeOptions::default());
        let mut solver = Solver::with_memory(mib << 20);
        let start = Instant::now();
        let table = solver.table(&deal.hands).expect("a full deal");
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        println!("seed {seed}: {} nodes", solver.nodes());
        nodes += solver.nodes();
        std::hint::black_box(table);
    }
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    println!(
        "{count} tables: median {:.1} ms, mean {mean:.1} ms, max {:.1} ms, {} nodes in all",
        times[times.len() / 2],
        times[times.len() - 1],
        nodes
    );
}
