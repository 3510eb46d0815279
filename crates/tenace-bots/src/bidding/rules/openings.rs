//! Opening bids.

use super::*;

pub(super) static RULES: &[BidRule] = &[
    BidRule {
        name: "2C opening",
        stage: Stage::Opening,
        meaning: "22+ HCP, strong and artificial",
        when: |h, _| h.hcp >= 22,
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
        name: "one of a suit",
        stage: Stage::Opening,
        meaning: "12–21 HCP (or 11 by the rule of 20), the longest suit: five cards in a major, the better minor without one",
        when: |h, _| (12..=21).contains(&h.hcp) || (h.hcp >= 10 && rule_of_twenty(h)),
        call: |h, c| c.bid(1, suit(opening_suit(h))),
    },
    BidRule {
        name: "weak two",
        stage: Stage::Opening,
        meaning: "6–10 HCP, a good six-card suit",
        when: |h, _| {
            (6..=10).contains(&h.hcp)
                && h.len(h.longest()) == 6
                && h.longest() != Suit::Clubs
                && h.good_suit(h.longest())
        },
        call: |h, c| c.bid(2, suit(h.longest())),
    },
    BidRule {
        name: "three-level preempt",
        stage: Stage::Opening,
        meaning: "5–10 HCP, a seven-card suit",
        when: |h, _| (5..=10).contains(&h.hcp) && h.len(h.longest()) >= 7,
        call: |h, c| c.bid(3, suit(h.longest())),
    },
];
