//! What the bidding tests share: a deal in which the caller holds the hand under test
//! (the other hands get the rest of the deck), the calls so far, and the system's call
//! with its explanation.
// Each test file uses its own part of this module.
#![allow(dead_code)]

use tenace_bots::bidding::{AuctionContext, choose_call};
use tenace_bots::hand_eval::{DeckStyle, HandFacts};
use tenace_cards::{BySeat, CardSet, Seat};
use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup, BridgeVariant};
use tenace_rules::{Game, Vulnerability};

/// The table a call is asked at.
pub struct Table {
    pub variant: BridgeVariant,
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    /// Each side's part-score toward game (N-S, E-W), as a rubber match sets it.
    pub part_scores: [u32; 2],
    pub options: BridgeOptions,
}

impl Default for Table {
    /// Contract Bridge, North dealing, nobody vulnerable, love score.
    fn default() -> Self {
        Table {
            variant: BridgeVariant::Standard,
            dealer: Seat::North,
            vulnerability: Vulnerability::None,
            part_scores: [0, 0],
            options: BridgeOptions::default(),
        }
    }
}

/// The call of `caller`, who holds `mine`, after `calls` at `table`, with its reason.
pub fn call_at(table: &Table, calls: &[&str], caller: Seat, mine: &str) -> (String, String) {
    let config = tenace_rules::GameConfig::Bridge(table.variant, table.options.clone());
    let style = DeckStyle::of(&config);
    let n = table.variant.hand_size();
    let mine: CardSet = mine.parse().unwrap();
    let rest: Vec<_> = (table.variant.deck().cards() - mine).iter().collect();
    let mut hands = BySeat::<CardSet>::default();
    let mut k = 0;
    for seat in Seat::ALL {
        hands[seat] = if seat == caller {
            mine
        } else {
            k += 1;
            rest[n * (k - 1)..n * k].iter().copied().collect()
        };
    }
    let setup = BridgeSetup {
        variant: table.variant,
        hands,
        dealer: table.dealer,
        vulnerability: table.vulnerability,
        options: table.options.clone(),
    };
    let mut deal = BridgeDeal::from_setup(setup)
        .unwrap()
        .with_part_scores(table.part_scores);
    for call in calls {
        let p = deal.to_act().iter().next().unwrap();
        deal.try_apply(p, call.parse().unwrap()).unwrap();
    }
    let p = deal.to_act().iter().next().unwrap();
    assert_eq!(p, caller.into(), "the caller is not due to call");
    let view = deal.observation(p);
    let ctx = AuctionContext::from_view(&view, &deal.legal_actions(p)).unwrap();
    let d = choose_call(&HandFacts::new(mine, style), &ctx);
    (d.action.to_string(), d.reason)
}

/// The call of `caller`, who holds `mine`, after `calls` (Contract Bridge, North dealing).
pub fn call_after(calls: &[&str], caller: Seat, mine: &str) -> (String, String) {
    call_at(&Table::default(), calls, caller, mine)
}

/// Asserts the call and that its explanation says `says`.
pub fn expect(calls: &[&str], caller: Seat, hand: &str, call: &str, says: &str) {
    let (got, why) = call_after(calls, caller, hand);
    assert_eq!(got, call, "after {calls:?}: {why}");
    assert!(why.contains(says), "after {calls:?}: {why}");
}
