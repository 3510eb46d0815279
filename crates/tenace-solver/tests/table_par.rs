//! Par on known tables (checked against DDS's par through endplay), and a parallel batch
//! of tables equal to the same tables solved one after another.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use tenace_cards::{BySeat, Card, CardSet, Rank, Seat, Strain, Suit};
use tenace_rules::Vulnerability;
use tenace_solver::{DdTable, Solver, par};

/// A table from rows N E S W, each C D H S NT.
fn table(rows: [[u8; 5]; 4]) -> DdTable {
    let mut table = DdTable::new(Strain::STANDARD.to_vec(), 4);
    for (seat, row) in Seat::ALL.into_iter().zip(rows) {
        for (strain, tricks) in Strain::STANDARD.into_iter().zip(row) {
            assert!(table.set_tricks(strain, seat, tricks));
        }
    }
    table
}

fn contracts(par: &tenace_solver::Par) -> Vec<String> {
    par.contracts
        .iter()
        .map(|c| format!("{}-{}", c.contract, c.declarer))
        .collect()
}

#[test]
fn sacrifice_par_of_seed_seven() {
    // `tenace deal --seed 7`; DDS gives -100 with 5Cx and 5Dx by North or South.
    let t = table([
        [10, 10, 3, 3, 3],
        [3, 3, 10, 7, 5],
        [10, 10, 3, 3, 3],
        [3, 3, 10, 7, 10],
    ]);
    let p = par(&t, Vulnerability::None, Seat::East);
    assert_eq!(p.score, -100);
    assert_eq!(contracts(&p), ["5CX-N", "5CX-S", "5DX-N", "5DX-S"]);
}

#[test]
fn grand_slam_par_and_vulnerability() {
    let t = table([
        [0, 13, 0, 13, 0],
        [13, 0, 13, 0, 0],
        [0, 13, 0, 13, 0],
        [13, 0, 13, 0, 0],
    ]);
    assert_eq!(par(&t, Vulnerability::None, Seat::North).score, 1510);
    assert_eq!(par(&t, Vulnerability::NorthSouth, Seat::North).score, 2210);
    // East-West can make 7H too, but 7S outranks it: whoever deals, North-South win.
    assert_eq!(par(&t, Vulnerability::None, Seat::East).score, 1510);
}

#[test]
fn passed_out_when_nobody_makes_anything() {
    let t = table([[6; 5], [6; 5], [6; 5], [6; 5]]);
    let p = par(&t, Vulnerability::Both, Seat::South);
    assert_eq!(p.score, 0);
    assert!(p.contracts.is_empty());
}

#[test]
fn both_sides_make_one_notrump_the_dealer_gets_it() {
    let t = table([
        [6, 6, 6, 6, 7],
        [6, 6, 6, 6, 7],
        [6, 6, 6, 6, 7],
        [6, 6, 6, 6, 7],
    ]);
    assert_eq!(par(&t, Vulnerability::None, Seat::North).score, 90);
    assert_eq!(par(&t, Vulnerability::None, Seat::East).score, -90);
}

/// Random five-card endings of a 52-card deck.
fn endings(count: usize) -> Vec<BySeat<CardSet>> {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let deck: Vec<Card> = Suit::STANDARD
        .into_iter()
        .flat_map(|s| Rank::ALL.into_iter().map(move |r| Card::new(s, r)))
        .collect();
    (0..count)
        .map(|_| {
            let mut cards = deck.clone();
            cards.shuffle(&mut rng);
            BySeat::from_fn(|seat| {
                cards[seat.index() * 5..seat.index() * 5 + 5]
                    .iter()
                    .copied()
                    .collect()
            })
        })
        .collect()
}

#[test]
fn parallel_batch_equals_sequential_solves() {
    let deals = endings(48);
    let sequential: Vec<DdTable> = {
        let mut solver = Solver::with_memory(4 << 20);
        deals.iter().map(|d| solver.table(d).unwrap()).collect()
    };
    let parallel: Vec<DdTable> = deals
        .par_iter()
        .map_init(
            || Solver::with_memory(4 << 20),
            |solver, d| solver.table(d).unwrap(),
        )
        .collect();
    assert_eq!(parallel, sequential);
}
