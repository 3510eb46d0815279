//! Slam conventions: Blackwood (4NT asks for aces, 5NT then for kings) and the grand slam
//! force (a 5NT jump asks for the top trump honours). They come first in the table, so
//! that an ask is always answered. Five Crowns, with five aces, bids its slams naturally.

use super::*;

/// The cards of rank `k` below the top (0 = aces, 1 = kings) the hand holds.
fn top_cards(h: &HandFacts, k: u8) -> u8 {
    let top = h.style.top();
    h.hand
        .iter()
        .filter(|c| {
            c.rank()
                .is_some_and(|r| crate::hand_eval::below_top(r, top) == k)
        })
        .count() as u8
}

/// The aces held.
pub(super) fn aces(h: &HandFacts) -> u8 {
    top_cards(h, 0)
}

/// Whether partner's last call was 4NT as Blackwood: the bid of our side before it was
/// a suit (after no trump, 4NT is quantitative and belongs to the no trump section).
fn partner_asked_aces(c: &AuctionContext) -> bool {
    if fc(c) || c.partner_last() != Some(Call::Bid(tenace_rules::Bid::new(4, NT))) {
        return false;
    }
    let ours: Vec<tenace_rules::Bid> = c
        .calls
        .iter()
        .filter_map(|&(p, call)| match call {
            Call::Bid(b) if !c.is_opponent(p) => Some(b),
            _ => None,
        })
        .collect();
    ours.len() >= 2 && ours[ours.len() - 2].strain != NT
}

/// Partner's answer to my 4NT, in aces (0 or 4 read as 0 unless I could not be missing
/// all four), and the agreed suit.
fn blackwood_answer(h: &HandFacts, c: &AuctionContext) -> Option<(u8, Suit)> {
    let mine = c.my_bids();
    if fc(c) || mine.last() != Some(&tenace_rules::Bid::new(4, NT)) {
        return None;
    }
    let answer = *c.partner_bids().last()?;
    if answer.level != 5 || answer.strain == NT {
        return None;
    }
    // The answer follows my 4NT directly.
    let my_ask = c
        .calls
        .iter()
        .rposition(|&(p, call)| p == c.me && call == Call::Bid(tenace_rules::Bid::new(4, NT)))?;
    if !c.calls[my_ask..]
        .iter()
        .any(|&(p, call)| p == c.partner_player() && call == Call::Bid(answer))
    {
        return None;
    }
    let shown = match answer.strain.trump()? {
        Suit::Clubs if aces(h) == 0 => 4,
        Suit::Clubs => 0,
        Suit::Diamonds => 1,
        Suit::Hearts => 2,
        _ => 3,
    };
    Some((shown, fit(h, c).or_else(|| agreed_suit(c))?))
}

/// The last suit my side bid (the suit an ask is about when no fit is counted).
fn agreed_suit(c: &AuctionContext) -> Option<Suit> {
    c.calls.iter().rev().find_map(|&(p, call)| match call {
        Call::Bid(b) if !c.is_opponent(p) && b.level < 4 => b.strain.trump(),
        _ => None,
    })
}

pub(super) static RULES: &[BidRule] = &[
    BidRule {
        name: "answer Blackwood",
        stage: Stage::Later,
        meaning: "answers partner's 4NT: 5C none or four aces, 5D one, 5H two, 5S three",
        when: |_, c| partner_asked_aces(c),
        call: |h, c| {
            let strain = match aces(h) {
                0 | 4 => Suit::Clubs,
                1 => Suit::Diamonds,
                2 => Suit::Hearts,
                _ => Suit::Spades,
            };
            c.bid(5, suit(strain))
        },
    },
    BidRule {
        name: "answer the king ask",
        stage: Stage::Later,
        meaning: "answers partner's 5NT after Blackwood: 6C none, 6D one, 6H two, 6S three kings",
        when: |_, c| {
            !fc(c)
                && c.partner_last() == Some(Call::Bid(tenace_rules::Bid::new(5, NT)))
                && c.partner_bids().iter().rev().nth(1) == Some(&tenace_rules::Bid::new(4, NT))
        },
        call: |h, c| {
            let strain = match top_cards(h, 1) {
                0 | 4 => Suit::Clubs,
                1 => Suit::Diamonds,
                2 => Suit::Hearts,
                _ => Suit::Spades,
            };
            c.bid(6, suit(strain))
        },
    },
    BidRule {
        name: "answer the grand slam force",
        stage: Stage::Later,
        meaning: "answers partner's 5NT jump: the grand slam with two of the top three trumps, else the small slam",
        when: |_, c| {
            !fc(c)
                && c.partner_last() == Some(Call::Bid(tenace_rules::Bid::new(5, NT)))
                && c.partner_bids().iter().rev().nth(1) != Some(&tenace_rules::Bid::new(4, NT))
                && agreed_suit(c).is_some()
        },
        call: |h, c| {
            let s = agreed_suit(c)?;
            let level = if h.top_honours(s) >= 2 { 7 } else { 6 };
            c.bid(level, suit(s))
        },
    },
    BidRule {
        name: "after Blackwood",
        stage: Stage::Later,
        meaning: "after partner's answer to 4NT: two aces missing, stop at five; one missing, small slam; none missing and 37+ together, grand slam",
        when: |h, c| blackwood_answer(h, c).is_some(),
        call: |h, c| {
            let (theirs, s) = blackwood_answer(h, c)?;
            let missing = 4u8.saturating_sub(aces(h) + theirs);
            let level = match missing {
                0 if combined(h, c) >= 37 => 7,
                0 | 1 => 6,
                _ => 5,
            };
            c.bid(level, suit(s)).or(Some(Call::Pass))
        },
    },
    BidRule {
        name: "Blackwood",
        stage: Stage::Later,
        meaning: "33+ points together and a trump fit: asks partner for aces",
        when: |h, c| {
            !fc(c)
                && fit(h, c).is_some()
                && combined(h, c) >= 33
                && h.suits().iter().all(|&s| h.len(s) > 0)
                && !c.my_bids().iter().any(|b| b.level >= 4 && b.strain == NT)
        },
        call: |_, c| c.bid(4, NT),
    },
];
