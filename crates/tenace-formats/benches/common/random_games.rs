//! Seeded, finished Contract Bridge deals written as a PBN file: the game records the
//! `records` bench and the `pbn_roundtrip` example read, replay and write.
//!
//! Each board is dealt from its number, with the dealer and vulnerability of its place
//! in the duplicate cycle, and played to the end by one fixed-seed generator choosing
//! legal actions: an auction that mostly opens and climbs a step or two at a time (so
//! contracts spread over the levels, as in real play, rather than piling up at seven),
//! and cards drawn uniformly from the legal ones. Every record has the full tag set, an
//! auction and, unless passed out, all thirteen tricks.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_cards::{BySeat, Player};
use tenace_formats::pbn_export::{RecordInfo, game_from_deal};
use tenace_formats::pbn_file::PbnFile;
use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup};
use tenace_rules::scoring::{board_dealer, board_vulnerability};
use tenace_rules::{Action, Call, Game, Phase};

/// The seed of the generator choosing every call and card.
const PLAY_SEED: u64 = 2026;

/// Boards 1 to `count`, each played to the end.
pub fn random_deals(count: u32) -> Vec<BridgeDeal> {
    let mut rng = ChaCha8Rng::seed_from_u64(PLAY_SEED);
    (1..=count)
        .map(|board| played_board(board, &mut rng))
        .collect()
}

/// The identification tags of board `board`, as a club's results file has them.
pub fn record_info(board: u32) -> RecordInfo {
    let names = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"];
    let k = board as usize;
    RecordInfo {
        event: Some("Club pairs".to_string()),
        site: Some("Clubhouse".to_string()),
        date: Some("2026.11.27".to_string()),
        board: Some(board),
        players: BySeat([
            Some(names[k % 8].to_string()),
            Some(names[(k + 1) % 8].to_string()),
            Some(names[(k + 2) % 8].to_string()),
            Some(names[(k + 3) % 8].to_string()),
        ]),
    }
}

/// The deals as one PBN file, board numbers from 1.
pub fn pbn_file(deals: &[BridgeDeal]) -> PbnFile {
    let games = deals
        .iter()
        .zip(1..)
        .map(|(deal, board)| game_from_deal(deal, &record_info(board)).expect("Contract Bridge"))
        .collect();
    PbnFile {
        games,
        trailer: Vec::new(),
    }
}

fn played_board(board: u32, rng: &mut ChaCha8Rng) -> BridgeDeal {
    // The default options: an ordinary file, without tenace's own tags for the game.
    let setup = BridgeSetup::from_seed_with_dealer(
        u64::from(board),
        board_dealer(board),
        board_vulnerability(board),
        BridgeOptions::default(),
    );
    let mut deal = BridgeDeal::from_setup(setup).expect("seeded deals are valid");
    while deal.phase() != Phase::Finished {
        let player: Player = deal.to_act().iter().next().expect("someone acts");
        let legal = deal.legal_actions(player);
        let action = if deal.phase() == Phase::Auction {
            call(&deal, &legal, rng)
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        deal.apply_unchecked(player, action);
    }
    deal
}

/// A call: pass, now and then a double or redouble, or one of the three cheapest bids.
fn call(deal: &BridgeDeal, legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
    let opened = deal
        .auction()
        .calls()
        .iter()
        .any(|c| matches!(c, Call::Bid(_)));
    let pass = if opened { 0.55 } else { 0.3 };
    if rng.random_bool(pass) {
        return Action::Call(Call::Pass);
    }
    let bids: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Call(Call::Bid(_))))
        .collect();
    let doubles: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Call(Call::Double | Call::Redouble)))
        .collect();
    if !doubles.is_empty() && (bids.is_empty() || rng.random_bool(0.08)) {
        return doubles[0];
    }
    if bids.is_empty() {
        return Action::Call(Call::Pass);
    }
    bids[rng.random_range(0..bids.len().min(3))]
}
