//! Responses to partner's opening.

use super::*;

pub(super) static RULES: &[BidRule] = &[
    // Uncontested responses to one of a suit (the 52-card games; Five Crowns and
    // contested auctions use the general rules further down).
    BidRule {
        name: "jump shift",
        stage: Stage::Responding,
        meaning: "19+ HCP (or 16+ with a strong suit and shape), five or more cards in the suit; forcing to game, slam interest",
        when: |h, c| opened_one(c).is_some() && jump_shift_suit(h, c).is_some(),
        call: |h, c| jump(c, suit(jump_shift_suit(h, c)?)),
    },
    BidRule {
        name: "Jacoby 2NT",
        stage: Stage::Responding,
        meaning: "13+ points and four or more cards in partner's major (or three with no other suit to bid, or with 19+); forcing to game, asks for shortness",
        when: |h, c| {
            let Some(m) = opened_one(c).filter(|s| s.is_major()) else {
                return false;
            };
            let three_no_suit = h.len(m) == 3
                && (lower_two_over_one(h, m).is_none() || h.hcp >= 19)
                && !h.suits().iter().any(|&s| s > m && h.len(s) >= 5);
            !c.passed_hand
                && (h.len(m) >= 4 || three_no_suit)
                && (h.hcp >= 13 || (h.hcp >= 12 && h.hcp + support_points(h, m) >= 15))
        },
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "preemptive raise to game",
        stage: Stage::Responding,
        meaning: "fewer than 9 HCP and five or more cards in partner's major: game, to shut the opponents out",
        when: |h, c| {
            opened_one(c)
                .filter(|s| s.is_major())
                .is_some_and(|m| h.len(m) >= 5 && h.hcp <= 8 && h.hcp + support_points(h, m) >= 6)
        },
        call: |_, c| game(c, suit(opened_one(c)?)),
    },
    BidRule {
        name: "limit raise of a major",
        stage: Stage::Responding,
        meaning: "10–12 points counting shortness, three or more cards in partner's major; invites game",
        when: |h, c| {
            opened_one(c).filter(|s| s.is_major()).is_some_and(|m| {
                h.len(m) >= 3 && (10..=12).contains(&(h.hcp + support_points(h, m))) && h.hcp <= 12
            })
        },
        call: |_, c| c.bid(3, suit(opened_one(c)?)),
    },
    BidRule {
        name: "single raise of a major",
        stage: Stage::Responding,
        meaning: "6–9 points and a trump fit: three or more cards in partner's major (shortness counted)",
        when: |h, c| {
            opened_one(c).filter(|s| s.is_major()).is_some_and(|m| {
                h.len(m) >= 3 && h.hcp >= 5 && (6..=9).contains(&(h.hcp + support_points(h, m)))
            })
        },
        call: |_, c| c.bid(2, suit(opened_one(c)?)),
    },
    BidRule {
        name: "3NT response to a major",
        stage: Stage::Responding,
        meaning: "15–17 HCP, balanced, two cards in partner's major",
        when: |h, c| {
            opened_one(c).filter(|s| s.is_major()).is_some_and(|m| {
                h.balanced && h.len(m) <= 2 && (15..=17).contains(&h.hcp) && !c.passed_hand
            })
        },
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "3NT response to a minor",
        stage: Stage::Responding,
        meaning: "16–19 HCP, balanced",
        when: |h, c| {
            opened_one(c).is_some_and(|s| !s.is_major())
                && h.balanced
                && h.hcp >= 16
                && h.hcp <= 19
                && !c.passed_hand
        },
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "2NT response to a minor",
        stage: Stage::Responding,
        meaning: "13–15 HCP, balanced, no four-card major; forcing to game",
        when: |h, c| {
            opened_one(c).is_some_and(|s| !s.is_major())
                && h.balanced
                && (13..=15).contains(&h.hcp)
                && h.len(Suit::Hearts) < 4
                && h.len(Suit::Spades) < 4
                && !c.passed_hand
        },
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "game raise of a minor",
        stage: Stage::Responding,
        meaning: "13+ HCP, six or more cards in partner's minor, no four-card major",
        when: |h, c| {
            opened_one(c)
                .filter(|s| !s.is_major())
                .is_some_and(|m| h.len(m) >= 6 && h.hcp >= 13 && !h.balanced && no_major(h))
        },
        call: |_, c| c.bid(4, suit(opened_one(c)?)),
    },
    BidRule {
        name: "new suit at the one level",
        stage: Stage::Responding,
        meaning: "6+ HCP (or 5 with a six-card suit), four or more cards in the suit: the longest, the higher of five-card suits, up the line with four-card suits; forcing",
        when: |h, c| {
            opened_one(c).is_some() && {
                let longest = h.len(h.longest());
                h.hcp >= 6 || (h.hcp >= 5 && longest >= 6)
            }
        },
        call: |h, c| {
            let o = opened_one(c)?;
            let s = h
                .suits()
                .iter()
                .copied()
                .filter(|&s| s > o && h.len(s) >= 4)
                .max_by_key(|&s| {
                    let n = h.len(s);
                    (
                        n,
                        if n >= 5 {
                            s.index() as i8
                        } else {
                            -(s.index() as i8)
                        },
                    )
                })?;
            c.cheapest_up_to(suit(s), 1)
        },
    },
    BidRule {
        name: "limit raise of a minor",
        stage: Stage::Responding,
        meaning: "11–12 HCP (12 with only four trumps), four or more diamonds or five or more clubs, no four-card major; invites game",
        when: |h, c| {
            minor_support(h, c).is_some_and(|m| h.hcp == 12 || (h.hcp == 11 && h.len(m) >= 5))
        },
        call: |h, c| c.bid(3, suit(minor_support(h, c)?)),
    },
    BidRule {
        name: "single raise of a minor",
        stage: Stage::Responding,
        meaning: "6–10 HCP (11 with four trumps and a doubleton), four or more diamonds or five or more clubs, no four-card major",
        when: |h, c| {
            minor_support(h, c).is_some_and(|_| {
                (6..=10).contains(&h.hcp)
                    || (h.hcp == 11 && h.suits().iter().any(|&s| h.len(s) == 2))
            })
        },
        call: |h, c| c.bid(2, suit(minor_support(h, c)?)),
    },
    BidRule {
        name: "two over one",
        stage: Stage::Responding,
        meaning: "10+ HCP, four or more cards in a lower suit (five for hearts over spades); forcing one round",
        when: |h, c| opened_one(c).is_some() && h.hcp >= 10,
        call: |h, c| c.bid(2, suit(lower_two_over_one(h, opened_one(c)?)?)),
    },
    BidRule {
        name: "1NT response",
        stage: Stage::Responding,
        meaning: "6–10 HCP (11–12 with 4-3-3-3 over a minor), no suit to bid at the one level, no raise; not forcing",
        when: |h, c| {
            opened_one(c).is_some_and(|o| {
                (6..=10).contains(&h.hcp)
                    || (!o.is_major()
                        && (11..=12).contains(&h.hcp)
                        && h.suits().iter().all(|&s| h.len(s) == 3 || h.len(s) == 4))
            })
        },
        call: |_, c| c.bid(1, NT),
    },
    BidRule {
        name: "2D waiting",
        stage: Stage::Responding,
        meaning: "waiting: any hand, over partner's strong 2C",
        when: |_, c| c.partner_opening() == Some(Bid::new(2, suit(Suit::Clubs))),
        call: |_, c| c.bid(2, suit(Suit::Diamonds)),
    },
    BidRule {
        name: "game raise",
        stage: Stage::Responding,
        meaning: "13+ points and a trump fit: game in partner's suit",
        when: |h, c| {
            partner_suit_fit(h, c).is_some_and(|s| h.hcp + support_points(h, s) >= 13)
                && c.partner.max_hcp < 22
        },
        call: |h, c| game(c, suit(partner_suit_fit(h, c)?)),
    },
    BidRule {
        name: "limit raise",
        stage: Stage::Responding,
        meaning: "10–12 points and a trump fit: invites game",
        when: |h, c| {
            partner_suit_fit(h, c).is_some_and(|s| h.hcp + support_points(h, s) >= 10)
                && c.partner.max_hcp < 22
        },
        call: |h, c| c.bid(3, suit(partner_suit_fit(h, c)?)),
    },
    BidRule {
        name: "single raise",
        stage: Stage::Responding,
        meaning: "6–9 points and a trump fit",
        when: |h, c| partner_suit_fit(h, c).is_some() && h.hcp >= 6 && c.partner.max_hcp < 22,
        call: |h, c| c.cheapest_up_to(suit(partner_suit_fit(h, c)?), 2),
    },
    BidRule {
        name: "new suit at the one level",
        stage: Stage::Responding,
        meaning: "6+ HCP, four or more cards in the suit; forcing",
        when: |h, _| h.hcp >= 6,
        call: |h, c| {
            let s = new_suit(h, partner_opening_suit(c), 4)?;
            c.cheapest_up_to(suit(s), 1)
        },
    },
    BidRule {
        name: "two over one",
        stage: Stage::Responding,
        meaning: "11+ HCP, four or more cards in the suit; forcing",
        when: |h, c| h.hcp >= 11 && partner_opening_suit(c).is_some(),
        call: |h, c| {
            let s = lower_suit(h, partner_opening_suit(c)?, 4)
                .or_else(|| new_suit(h, partner_opening_suit(c), 5))?;
            c.cheapest_up_to(suit(s), 2)
        },
    },
    BidRule {
        name: "3NT response",
        stage: Stage::Responding,
        meaning: "16–17 HCP, balanced, the suits bid against us stopped",
        when: |h, c| h.balanced && (16..=17).contains(&h.hcp) && stops_theirs(h, c),
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "2NT response",
        stage: Stage::Responding,
        meaning: "13–15 HCP, balanced, the suits bid against us stopped",
        when: |h, c| h.balanced && (13..=15).contains(&h.hcp) && stops_theirs(h, c),
        call: |_, c| c.cheapest(NT).filter(|b| b.level == 2).map(Call::Bid),
    },
    BidRule {
        name: "1NT response",
        stage: Stage::Responding,
        meaning: "6–10 HCP, no fit and no suit to show at the one level",
        when: |h, c| (6..=10).contains(&h.hcp) && partner_opening_suit(c).is_some(),
        call: |_, c| c.cheapest_up_to(NT, 1),
    },
];

/// Partner's opening one of a suit, the opponents silent (the 52-card games only: Five
/// Crowns plays the general rules).
pub(super) fn opened_one(c: &AuctionContext) -> Option<Suit> {
    if fc(c) || c.auction.len() != 2 || c.call_at(1) != Some(Call::Pass) {
        return None;
    }
    let b = c.partner_opening()?;
    if b.level == 1 { b.strain.trump() } else { None }
}

/// No four-card major.
fn no_major(h: &HandFacts) -> bool {
    h.len(Suit::Hearts) < 4 && h.len(Suit::Spades) < 4
}

/// The suit of a two-over-one response to one of `opened`: the longest lower suit of four
/// or more (hearts need five over spades); the lower of four-card suits, the higher of
/// five-card ones.
pub(super) fn lower_two_over_one(h: &HandFacts, opened: Suit) -> Option<Suit> {
    h.suits()
        .iter()
        .copied()
        .filter(|&s| s < opened && h.len(s) >= if s.is_major() { 5 } else { 4 })
        .max_by_key(|&s| {
            let n = h.len(s);
            (
                n,
                if n >= 5 {
                    s.index() as i8
                } else {
                    -(s.index() as i8)
                },
            )
        })
}

/// The suit of a jump shift: 19+ HCP and a five-card suit, or 16+ with a good six-card suit
/// and a singleton or void, or with a good five-card suit and four cards of partner's minor
/// (with four of partner's major and fewer than 19, Jacoby 2NT instead).
fn jump_shift_suit(h: &HandFacts, c: &AuctionContext) -> Option<Suit> {
    let o = opened_one(c)?;
    if c.passed_hand || h.hcp < 16 || (o.is_major() && h.len(o) >= 4 && h.hcp < 19) {
        return None;
    }
    let s = h
        .suits()
        .iter()
        .copied()
        .filter(|&s| s != o && h.len(s) >= 5)
        .max_by_key(|&s| (h.len(s), s.index()))?;
    let short = h.suits().iter().any(|&x| h.len(x) <= 1);
    let strong = h.hcp >= 19
        || (h.good_suit(s) && h.len(s) >= 6 && short)
        || (h.good_suit(s) && h.len(o) >= 4);
    strong.then_some(s)
}

/// Partner's minor when I can raise it: four or more diamonds or five or more clubs, and no
/// four-card major.
fn minor_support(h: &HandFacts, c: &AuctionContext) -> Option<Suit> {
    let m = opened_one(c).filter(|s| !s.is_major())?;
    let need = if m == Suit::Clubs { 5 } else { 4 };
    (h.len(m) >= need && no_major(h)).then_some(m)
}
