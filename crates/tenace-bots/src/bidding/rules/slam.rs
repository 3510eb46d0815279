//! Slam conventions: Blackwood (4NT asks for aces, 5NT then for kings) and the grand slam
//! force (a 5NT jump asks for the top trump honours). They come first in the table, so
//! that an ask is always answered. Five Crowns, with five aces, bids its slams naturally.

use super::*;

/// Whether partner's last call was 4NT as Blackwood: the bid of our side before it was
/// a suit (after no trump, 4NT is quantitative and belongs to the no trump section).
fn partner_asked_aces(c: &AuctionContext) -> bool {
    if fc(c) || c.partner_last() != Some(Call::Bid(Bid::new(4, NT))) {
        return false;
    }
    let ours: Vec<Bid> = c
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
    if fc(c) || c.my_bids().last() != Some(&Bid::new(4, NT)) {
        return None;
    }
    // Partner's last call, a five-level suit, can only have come after my 4NT.
    let Some(Call::Bid(answer)) = c.partner_last() else {
        return None;
    };
    if answer.level != 5 {
        return None;
    }
    let shown = match answer.strain.trump()? {
        Suit::Clubs if h.count_rank(0) == 0 => 4,
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
        call: |h, c| step_answer(c, Bid::new(5, suit(Suit::Clubs)), h.count_rank(0)),
    },
    BidRule {
        name: "answer the king ask",
        stage: Stage::Later,
        meaning: "answers partner's 5NT after Blackwood: 6C none, 6D one, 6H two, 6S three kings",
        when: |_, c| {
            !fc(c)
                && c.partner_last() == Some(Call::Bid(Bid::new(5, NT)))
                && c.partner_bids().iter().rev().nth(1) == Some(&Bid::new(4, NT))
        },
        call: |h, c| step_answer(c, Bid::new(6, suit(Suit::Clubs)), h.count_rank(1)),
    },
    BidRule {
        name: "answer the grand slam force",
        stage: Stage::Later,
        meaning: "answers partner's 5NT jump: the grand slam with two of the top three trumps, else the small slam",
        when: |_, c| {
            !fc(c)
                && c.partner_last() == Some(Call::Bid(Bid::new(5, NT)))
                && c.partner_bids().iter().rev().nth(1) != Some(&Bid::new(4, NT))
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
            let missing = 4u8.saturating_sub(h.count_rank(0) + theirs);
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
