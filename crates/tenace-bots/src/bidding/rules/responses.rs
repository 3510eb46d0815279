//! Responses to partner's opening.

use super::*;

pub(super) static RULES: &[BidRule] = &[
    BidRule {
        name: "2D waiting",
        stage: Stage::Responding,
        meaning: "waiting: any hand, over partner's strong 2C",
        when: |_, c| c.partner_opening() == Some(tenace_rules::Bid::new(2, suit(Suit::Clubs))),
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
