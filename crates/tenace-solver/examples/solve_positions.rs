//! Nodes and time to solve positions read from stdin, one a line (a profiling aid):
//! `N <north> <east> <south> <west> <strain> <leader>`, hands in PBN order; `EACH=1` prints
//! each position's tricks, nodes and milliseconds.
use std::io::BufRead;
use std::time::Instant;
use tenace_cards::{BySeat, CardSet, Seat, Strain};
use tenace_solver::{Position, Solver};
fn main() {
    let (mut nodes, mut ms) = (0, 0.0);
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let mut parts = line.split_whitespace();
        let first: Seat = parts.next().unwrap().parse().unwrap();
        let hands_txt: Vec<&str> = (0..4).map(|_| parts.next().unwrap()).collect();
        let strain: Strain = parts.next().unwrap().parse().unwrap();
        let leader: Seat = parts.next().unwrap().parse().unwrap();
        let mut hands = [CardSet::EMPTY; 4];
        for (i, h) in hands_txt.iter().enumerate() {
            let seat = Seat::ALL[(first.index() + i) % 4];
            for (s, holding) in h.split('.').enumerate() {
                let suit = ["S", "H", "D", "C"][s];
                for r in holding.chars() {
                    hands[seat.index()].insert(format!("{suit}{r}").parse().unwrap());
                }
            }
        }
        let mut solver = Solver::new();
        let pos = Position::bridge(&BySeat(hands), strain, leader);
        let t = Instant::now();
        let tricks = solver.tricks(&pos).unwrap();
        let el = t.elapsed().as_secs_f64() * 1000.0;
        nodes += solver.nodes();
        ms += el;
        if std::env::var("EACH").is_ok() {
            println!("{tricks} {} {el:.2}", solver.nodes());
        }
    }
    println!("total {nodes} nodes {ms:.1} ms");
}
