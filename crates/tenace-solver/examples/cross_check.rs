//! Solves one PBN deal's position with the bridge path and with the generic search
//! (Five Crowns joker rules with no joker dealt play exactly like Contract Bridge):
//! `cargo run --release --example cross_check -- "S:..." STRAIN LEADER`.

use tenace_cards::{Player, Seat, Strain};
use tenace_rules::trick::{NtJoker, SpecialRule, TrickRules};
use tenace_solver::{Position, Sides, Solver};

fn main() {
    let mut args = std::env::args().skip(1);
    let deal = args.next().expect("a deal");
    let strain: Strain = args.next().expect("a strain").parse().expect("a strain");
    let leader: Seat = args.next().expect("a leader").parse().expect("a seat");
    let hands = deal_hands(&deal);
    let plain = Position::new(
        TrickRules::plain(strain.trump()),
        hands.clone(),
        Player::from(leader),
        Sides::Partnerships,
    );
    let joker = Position::new(
        TrickRules {
            trump: strain.trump(),
            special: SpecialRule::Joker(NtJoker::Unwinnable),
        },
        hands,
        Player::from(leader),
        Sides::Partnerships,
    );
    println!("bridge path: {}", Solver::new().tricks(&plain).unwrap());
    println!(
        "generic: {}",
        Solver::with_memory(1 << 30).tricks(&joker).unwrap()
    );
}

fn deal_hands(text: &str) -> Vec<tenace_cards::CardSet> {
    let (first, rest) = text.split_once(':').expect("a colon");
    let first: Seat = first.parse().expect("a seat");
    let mut hands = vec![tenace_cards::CardSet::EMPTY; 4];
    for (i, hand) in rest.split_whitespace().enumerate() {
        let seat = first.offset(i);
        for (suit, ranks) in ["S", "H", "D", "C"].iter().zip(hand.split('.')) {
            for r in ranks.chars() {
                hands[seat.index()].insert(format!("{suit}{r}").parse().unwrap());
            }
        }
    }
    hands
}
