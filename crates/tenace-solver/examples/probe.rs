//! Nodes per null-window target on one seeded deal (a profiling aid).

use std::time::Instant;

use tenace_cards::{Seat, Strain};
use tenace_rules::Vulnerability;
use tenace_rules::bridge::{BridgeOptions, BridgeSetup};
use tenace_solver::{Position, Solver};

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(0);
    let deal = BridgeSetup::from_seed(seed, Vulnerability::None, BridgeOptions::default());
    for strain in [Strain::NoTrump, Strain::STANDARD[3]] {
        let mut solver = Solver::new();
        let position = Position::bridge(&deal.hands, strain, Seat::East);
        let start = Instant::now();
        let t = solver.tricks(&position).unwrap();
        println!(
            "{strain} East leads: {t} tricks for EW, {} nodes, {:?}",
            solver.nodes(),
            start.elapsed()
        );
    }
}
