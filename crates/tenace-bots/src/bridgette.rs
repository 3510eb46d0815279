//! Bridgette: which cards to put away in the exchange, and which contract to bid.
//!
//! Discards keep long strong suits and honours and throw the low cards of short suits
//! first (a void is worth a ruff); colons are kept by their power (the Grand colon most).
//! The bid is the strain where the hand should take the most tricks, at the level that
//! makes exactly (the exact-make bonus is large); the legal list already applies the
//! bid restrictions, so the bot never tries an illegal one.

use tenace_cards::{Card, CardSet, Rank, Strain, Suit};
use tenace_rules::{Action, Call};

use crate::bot::Decision;
use crate::hand_eval::{DeckStyle, estimated_tricks};
use crate::seat_info::SeatInfo;

/// How much a card is worth keeping, given the rest of the hand.
fn keep_value(card: Card, hand: CardSet) -> f32 {
    if card.is_colon() {
        return match card {
            Card::GRAND_COLON => 2.5,
            Card::ROYAL_COLON => 1.5,
            _ => 0.5,
        };
    }
    let (Some(suit), Some(rank)) = (card.suit(), card.rank()) else {
        return 0.0;
    };
    let honour = match rank {
        Rank::Ace => 4.5,
        Rank::King => 3.2,
        Rank::Queen => 2.0,
        Rank::Jack => 1.2,
        Rank::Ten => 0.6,
        r => f32::from(r as u8) / 20.0,
    };
    let len = hand.suit(suit).len() as f32;
    honour + (len - 3.0) * 0.6
}

/// The discard: the card least worth keeping.
pub(crate) fn discard(info: &SeatInfo, legal: &[Action]) -> Option<Decision> {
    let hand = info.hand?;
    let (action, card) = legal
        .iter()
        .filter_map(|&a| match a {
            Action::Discard(c) => Some((a, c)),
            _ => None,
        })
        .min_by(|a, b| keep_value(a.1, hand).total_cmp(&keep_value(b.1, hand)))?;
    let why = if card.is_colon() {
        "discard the weakest colon: the other cards are worth more".to_string()
    } else {
        let s = card.suit().map_or(0, |s| hand.suit(s).len());
        format!("discard a low card from a short suit ({s} cards): keep long suits and honours")
    };
    Some(Decision::new(action, why))
}

/// The tricks the hand should take in each strain, colons adding a little in no trump.
fn strain_estimates(hand: CardSet) -> Vec<(Strain, f32)> {
    let mut v: Vec<(Strain, f32)> = Suit::STANDARD
        .iter()
        .map(|&s| {
            (
                Strain::Suit(s),
                estimated_tricks(hand, DeckStyle::Standard, Some(s)),
            )
        })
        .collect();
    let colons = (hand & CardSet::COLONS).len() as f32 * 0.3;
    v.push((
        Strain::NoTrump,
        estimated_tricks(hand, DeckStyle::Standard, None) + colons,
    ));
    // The estimate is made for four hands of thirteen; here one opponent holds 13 of the
    // 42 other cards and the rest are dead, so honours and long cards are worth more.
    for e in &mut v {
        e.1 = e.1 * BRIDGETTE_SCALE + BRIDGETTE_EXTRA;
    }
    v.sort_by(|a, b| b.1.total_cmp(&a.1));
    v
}

/// How much more a Bridgette hand takes than the four-hand estimate says. Chosen with
/// `tenace sim --game bridgette --bots basic,basic`: the plain estimate threw in a third
/// of the hands and made 94% of its contracts with tricks to spare.
const BRIDGETTE_SCALE: f32 = 1.1;
/// See [`BRIDGETTE_SCALE`].
const BRIDGETTE_EXTRA: f32 = 1.0;

/// A call: the best strain at the level that should make exactly; a double when the
/// opponent has bid more than the hand lets them make; otherwise pass.
pub(crate) fn call(info: &SeatInfo, legal: &[Action]) -> Option<Decision> {
    let hand = info.hand?;
    let legal_calls: Vec<Call> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Call(c) => Some(*c),
            _ => None,
        })
        .collect();
    let estimates = strain_estimates(hand);
    for &(strain, tricks) in &estimates {
        let target = (tricks.round() as i32 - 6).min(7);
        if target < i32::from(strain != Strain::NoTrump) {
            continue;
        }
        // The highest legal level in this strain no higher than the target.
        if let Some(c) = legal_calls
            .iter()
            .filter(
                |c| matches!(c, Call::Bid(b) if b.strain == strain && i32::from(b.level) <= target),
            )
            .max_by_key(|c| match c {
                Call::Bid(b) => b.level,
                _ => 0,
            })
        {
            return Some(Decision::new(
                Action::Call(*c),
                format!("{c}: the hand should take about {tricks:.1} tricks in {strain}"),
            ));
        }
    }
    let view = info.view;
    if let (Some(contract), true) = (
        view.contract.or(standing(view)),
        legal_calls.contains(&Call::Double),
    ) {
        let needed = 6 + i32::from(contract.level);
        let ours = estimated_tricks(hand, DeckStyle::Standard, contract.strain.trump());
        if ours.round() as i32 >= 13 - needed + 2 {
            return Some(Decision::new(
                Action::Call(Call::Double),
                format!("X: the hand should take {ours:.1} tricks, enough to beat {contract}"),
            ));
        }
    }
    if legal_calls.contains(&Call::Pass) {
        return Some(Decision::new(
            Action::Call(Call::Pass),
            "P: no contract the hand should make",
        ));
    }
    // Forced to name a contract: the cheapest in the best strain the rules allow.
    let c = estimates.iter().find_map(|&(strain, _)| {
        legal_calls
            .iter()
            .find(|c| matches!(c, Call::Bid(b) if b.strain == strain))
    })?;
    Some(Decision::new(
        Action::Call(*c),
        format!("{c}: forced to name a contract, the cheapest in the best strain"),
    ))
}

/// The bid standing in the auction, as a contract.
fn standing(view: &tenace_rules::View) -> Option<tenace_rules::Contract> {
    view.history.iter().rev().find_map(|m| match m.action {
        Action::Call(Call::Bid(b)) => Some(tenace_rules::Contract::new(
            b.level,
            b.strain,
            tenace_rules::Doubling::Undoubled,
        )),
        _ => None,
    })
}
