//! Opening bids, as the SAYC booklet orders them: the strong 2♣, the no trump openings,
//! one of a suit (13+ points, or the rule of 20; lighter in third seat, the rule of 15 in
//! fourth), weak twos and preempts (not in fourth seat, where a preempt only buys the
//! contract the partnership can make).

use super::*;
use crate::hand_eval::estimated_tricks;

/// My seat counted from the dealer (1 to 4) when I open.
fn seat(c: &AuctionContext) -> usize {
    c.passes_before_opening + 1
}

/// The long suit of a preempt, if it is good: two of the top three honours or three of
/// the top five, and no second suit (no four-card major beside it, no void) that would
/// rather be found by partner.
fn preempt_suit(h: &HandFacts, min_len: u8) -> Option<Suit> {
    let s = h.longest();
    let side_major = h
        .suits()
        .iter()
        .any(|&o| o != s && o.is_major() && h.len(o) >= 4);
    (h.len(s) >= min_len && h.good_suit(s) && !side_major).then_some(s)
}

/// The tricks the hand takes with its long suit as trumps.
fn playing_tricks(h: &HandFacts) -> f32 {
    estimated_tricks(h.hand, h.style, Some(h.longest()))
}

/// Enough to open one of a suit in this seat: 13+ HCP or the rule of 20 in first or
/// second seat; 11+ in third seat; the rule of 15 (points plus spades) in fourth.
fn opens_one(h: &HandFacts, c: &AuctionContext) -> bool {
    if h.hcp > 21 {
        return false;
    }
    match seat(c) {
        4 => h.hcp >= 10 && h.hcp + h.len(Suit::Spades) >= 15,
        3 => h.hcp >= 11 || (h.hcp >= 10 && rule_of_twenty(h)),
        _ => h.hcp >= 13 || (h.hcp >= 10 && rule_of_twenty(h)),
    }
}

pub(super) static RULES: &[BidRule] = &[
    BidRule {
        name: "2C opening",
        stage: Stage::Opening,
        meaning: "22+ HCP, or nine tricks in hand: strong and artificial",
        when: |h, _| h.hcp >= 22 || (h.hcp >= 13 && playing_tricks(h) >= 9.5),
        call: |_, c| c.bid(2, suit(Suit::Clubs)),
    },
    BidRule {
        name: "2NT opening",
        stage: Stage::Opening,
        meaning: "20–21 HCP, balanced",
        when: |h, _| h.balanced && (20..=21).contains(&h.hcp),
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "1NT opening",
        stage: Stage::Opening,
        meaning: "15–17 HCP, balanced",
        when: |h, _| h.balanced && (15..=17).contains(&h.hcp),
        call: |_, c| c.bid(1, NT),
    },
    BidRule {
        name: "0NT opening",
        stage: Stage::Opening,
        meaning: "12–14 HCP, balanced (Five Crowns)",
        when: |h, c| c.zero_nt && h.balanced && (12..=14).contains(&h.hcp),
        call: |_, c| c.bid(0, NT),
    },
    BidRule {
        name: "weak two",
        stage: Stage::Opening,
        meaning: "5–10 HCP, a good six-card suit",
        when: |h, c| {
            (5..=10).contains(&h.hcp)
                && seat(c) < 4
                && preempt_suit(h, 6).is_some_and(|s| h.len(s) == 6 && s != Suit::Clubs)
                && h.suits().iter().all(|&s| h.len(s) > 0)
        },
        call: |h, c| c.bid(2, suit(h.longest())),
    },
    BidRule {
        name: "third-seat weak two",
        stage: Stage::Opening,
        meaning: "third seat: 8–10 HCP, a strong five- or six-card suit, to direct the lead",
        when: |h, c| {
            seat(c) == 3
                && (8..=10).contains(&h.hcp)
                && preempt_suit(h, 5).is_some_and(|s| {
                    (5..=6).contains(&h.len(s)) && s != Suit::Clubs && h.top_honours(s) >= 2
                })
        },
        call: |h, c| c.bid(2, suit(h.longest())),
    },
    BidRule {
        name: "one of a suit",
        stage: Stage::Opening,
        meaning: "13–21 points (or the rule of 20; lighter in third seat, the rule of 15 in fourth): the longest suit, five cards in a major, the better minor without one",
        when: opens_one,
        call: |h, c| c.bid(1, suit(opening_suit(h))),
    },
    BidRule {
        name: "four-level preempt",
        stage: Stage::Opening,
        meaning: "an eight-card suit, or seven strong cards in a major, and little outside",
        when: |h, c| {
            h.hcp <= 12
                && preempt_suit(h, 7).is_some_and(|s| {
                    let tricks = playing_tricks(h);
                    let strong_major = s.is_major() && h.len(s) == 7 && tricks >= 6.5;
                    (h.len(s) >= 8 && (seat(c) < 4 || tricks >= 7.5)) || strong_major
                })
        },
        call: |h, c| c.bid(4, suit(h.longest())),
    },
    BidRule {
        name: "three-level preempt",
        stage: Stage::Opening,
        meaning: "5–10 HCP, a good seven-card suit (six in clubs), little outside it",
        when: |h, c| {
            (5..=10).contains(&h.hcp)
                && seat(c) < 4
                && preempt_suit(h, 6).is_some_and(|s| {
                    let outside = h.hcp.saturating_sub(h.suit_hcp(s));
                    (h.len(s) == 7 || (h.len(s) == 6 && s == Suit::Clubs)) && outside <= 3
                })
        },
        call: |h, c| c.bid(3, suit(h.longest())),
    },
];
