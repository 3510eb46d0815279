//! Helpers shared by the Bridgette acceptance tests: card notation, hand-made setups, and
//! a scoring oracle written from RULES.md §4.5 alone (never from the crate's scoring).

// Each test file uses its own part of this module.
#![allow(dead_code)]

use tenace_cards::{Card, CardSet, Deck, Player, Strain, Suit};
use tenace_rules::bridgette::{BridgetteDeal, BridgetteOptions, BridgetteSetup};
use tenace_rules::{Action, Contract, Doubling, Game, Phase};

/// A card from its notation, e.g. `SA` or `GC`.
pub fn card(s: &str) -> Card {
    s.parse().unwrap_or_else(|_| panic!("bad card {s}"))
}

/// A set of cards from space-separated notation.
pub fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(card).collect()
}

/// An action from its notation, e.g. `1S`, `P`, `SA` or `discard SA`.
pub fn act(s: &str) -> Action {
    s.parse().unwrap_or_else(|_| panic!("bad action {s}"))
}

/// A setup built by hand: the two hands of 13, and the stock with `stock_top` on top (the
/// first card is the up-card) and every other card of the deck below it, in deck order.
pub fn setup(
    options: BridgetteOptions,
    dealer: Player,
    hand0: &str,
    hand1: &str,
    stock_top: &str,
) -> BridgetteSetup {
    let hands = [cards(hand0), cards(hand1)];
    let mut stock: Vec<Card> = stock_top.split_whitespace().map(card).collect();
    let used = hands[0] | hands[1] | stock.iter().copied().collect::<CardSet>();
    stock.extend((Deck::Bridgette.cards() - used).iter());
    BridgetteSetup {
        options,
        dealer,
        hands: tenace_cards::ByPlayer(hands.to_vec()),
        stock,
    }
}

/// Runs the exchange so that both players keep the hands they were dealt: each discards
/// exactly the cards they drew.
pub fn exchange_keeping_hands(deal: &mut BridgetteDeal) {
    while deal.phase() == Phase::Exchange {
        let player = deal.to_act().iter().next().expect("someone discards");
        let drawn = deal.drawn()[player] - deal.discards()[player];
        let discard = drawn
            .iter()
            .next()
            .expect("a drawn card is left to discard");
        deal.try_apply(player, Action::Discard(discard))
            .expect("discarding a drawn card is legal");
    }
}

/// A deal from a hand-made setup, past the exchange with the dealt hands kept, and past
/// the given calls (in turn order, dealer first).
pub fn deal_after_calls(setup: BridgetteSetup, calls: &[&str]) -> BridgetteDeal {
    let mut deal = BridgetteDeal::from_setup(setup).expect("a valid setup");
    exchange_keeping_hands(&mut deal);
    for &call in calls {
        let player = deal.to_act().iter().next().expect("someone calls");
        deal.try_apply(player, act(call))
            .unwrap_or_else(|e| panic!("{call} by {player}: {e}"));
    }
    deal
}

/// The player to act, when exactly one may.
pub fn to_act(deal: &BridgetteDeal) -> Player {
    let mut players = deal.to_act().iter();
    let player = players.next().expect("someone acts");
    assert!(players.next().is_none(), "one player acts at a time");
    player
}

/// Who scores a deal, by the oracle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scorer {
    /// Declarer made the contract.
    Declarer,
    /// Declarer failed; the opponent scores.
    Opponent,
}

/// RULES.md §4.5, "Contract value": the lump sum for each bid, row by row of the table.
fn contract_value(level: u8, strain: Strain) -> u32 {
    let major = matches!(strain, Strain::Suit(Suit::Hearts | Suit::Spades));
    match strain {
        Strain::NoTrump => [150, 250, 250, 750, 750, 1500, 2200, 2500][usize::from(level)],
        Strain::Suit(_) => match level {
            1 => 150,
            2 | 3 => 250,
            4 if major => 750,
            4 => 250,
            5 => 750,
            6 => 1500,
            7 => 2200,
            _ => panic!("no suit bid at level {level}"),
        },
    }
}

/// RULES.md §4.5, "Failed": the opponent's total by undertricks (rows 1..=6, the last
/// for 6 or more) and doubling (undoubled, doubled, redoubled).
const FAILED: [[u32; 3]; 6] = [
    [100, 200, 300],
    [200, 500, 700],
    [300, 800, 1100],
    [400, 1100, 1500],
    [700, 2000, 2700],
    [1000, 3000, 4000],
];

/// The score RULES.md §4.5 gives a deal: who scores and how much.
pub fn oracle_score(
    contract: Contract,
    tricks: u8,
    three_or_more: bool,
    exclude_double_bonus: bool,
) -> (Scorer, u32) {
    let needed = 6 + contract.level;
    let column = match contract.doubling {
        Doubling::Undoubled => 0,
        Doubling::Doubled => 1,
        Doubling::Redoubled => 2,
    };
    if tricks < needed {
        let row = usize::from(needed - tricks).min(6) - 1;
        return (Scorer::Opponent, FAILED[row][column]);
    }
    let overtricks = tricks - needed;
    let exact = if overtricks > 0 {
        0
    } else {
        match contract.level {
            0..=5 => 250,
            6 => 100,
            _ => 0,
        }
    };
    let overtrick = if overtricks == 3 || (three_or_more && overtricks > 3) {
        350
    } else {
        0
    };
    let bonuses = contract_value(contract.level, contract.strain) + exact + overtrick;
    let (made_doubled, multiplier) = [(0, 1), (400, 2), (1000, 4)][column];
    let points = if exclude_double_bonus {
        bonuses * multiplier + made_doubled
    } else {
        (bonuses + made_doubled) * multiplier
    };
    (Scorer::Declarer, points)
}

/// Each player's points for a finished deal, by the oracle (thrown in: none).
pub fn oracle_points(deal: &BridgetteDeal) -> [u32; 2] {
    if deal.thrown_in() {
        return [0, 0];
    }
    let contract = deal.contract().expect("a played deal has a contract");
    let declarer = deal.declarer().expect("a played deal has a declarer");
    let tricks = deal.play().expect("a played deal has a play").tricks_won()[declarer.index()];
    let options = deal.options();
    let (scorer, points) = oracle_score(
        contract,
        tricks,
        options.overtrick_bonus == tenace_rules::scoring::OvertrickBonus::ThreeOrMore,
        options.multiplier_scope == tenace_rules::scoring::MultiplierScope::ExcludeDoubleBonus,
    );
    let scorer = match scorer {
        Scorer::Declarer => declarer,
        Scorer::Opponent => declarer.next(2),
    };
    let mut all = [0, 0];
    all[scorer.index()] = points;
    all
}
