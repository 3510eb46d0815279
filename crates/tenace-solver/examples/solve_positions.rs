//! Nodes and time to solve positions read from stdin, one a line (a profiling aid):
//! `N <north> <east> <south> <west> <strain> <leader> [cards of the trick so far]`, hands
//! in PBN order without the trick's cards, trick cards as `SA`, `HT`; `EACH=1` prints each
//! position's tricks (for the side to play), nodes, milliseconds and completed tricks
//! (the unit of DDS's node count); `TARGET=k` asks
//! only whether the side to play takes `k` tricks, and prints 1 or 0; `ALL=1` values
//! every card (and prints the best).
use std::io::BufRead;
use std::time::Instant;
use tenace_cards::{BySeat, Card, CardSet, Seat, Strain};
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
        let trick: Vec<Card> = parts.map(|c| c.parse().unwrap()).collect();
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
        for (i, &card) in trick.iter().enumerate() {
            hands[(leader.index() + i) % 4].insert(card);
        }
        let mut solver = Solver::new();
        let mut pos = Position::bridge(&BySeat(hands), strain, leader);
        for &card in &trick {
            pos.play(card, None).unwrap();
        }
        let t = Instant::now();
        // TARGET=k asks only whether the side to play reaches k tricks (1 or 0).
        let tricks = match std::env::var("TARGET").ok().and_then(|k| k.parse().ok()) {
            Some(k) => u8::from(solver.reaches(&pos, k).unwrap()),
            None if std::env::var("ALL").is_ok() => {
                let values = solver.card_values(&pos).unwrap();
                values.iter().map(|v| v.tricks).max().unwrap_or(0)
            }
            None => solver.tricks(&pos).unwrap(),
        };
        let el = t.elapsed().as_secs_f64() * 1000.0;
        nodes += solver.nodes();
        ms += el;
        if std::env::var("EACH").is_ok() {
            println!(
                "{tricks} {} {el:.2} {}",
                solver.nodes(),
                solver.trick_nodes()
            );
        }
    }
    println!("total {nodes} nodes {ms:.1} ms");
}
