//! Competition: overcalls and takeout doubles, and advancing them.

use super::*;

pub(super) static RULES: &[BidRule] = &[
    BidRule {
        name: "1NT overcall",
        stage: Stage::Overcalling,
        meaning: "15–18 HCP, balanced, their suit stopped",
        when: |h, c| h.balanced && (15..=18).contains(&h.hcp) && stops_theirs(h, c),
        call: |_, c| c.cheapest_up_to(NT, 1),
    },
    BidRule {
        name: "takeout double",
        stage: Stage::Overcalling,
        meaning: "12+ HCP, short in their suit, support for the others (or 18+ of any shape)",
        when: |h, c| {
            let Some(theirs) = c.opponent_suit() else {
                return false;
            };
            let others_ok = h
                .suits()
                .iter()
                .filter(|&&s| s != theirs && !c.opponent_bids().iter().any(|b| b.strain == suit(s)))
                .all(|&s| h.len(s) >= 3);
            c.opponents_hold_bid()
                && c.last_bid().is_some_and(|(_, b)| b.level <= 3)
                && ((h.hcp >= 12 && h.len(theirs) <= 2 && others_ok) || h.hcp >= 18)
        },
        call: |_, c| c.is_legal(Call::Double).then_some(Call::Double),
    },
    BidRule {
        name: "one-level overcall",
        stage: Stage::Overcalling,
        meaning: "8–17 HCP, a good five-card suit",
        when: |h, _| (8..=17).contains(&h.hcp),
        call: |h, c| {
            let s = h.longest();
            (h.len(s) >= h.style.long() && h.good_suit(s))
                .then(|| c.cheapest_up_to(suit(s), 1))
                .flatten()
        },
    },
    BidRule {
        name: "two-level overcall",
        stage: Stage::Overcalling,
        meaning: "11–17 HCP, a good suit of five or more",
        when: |h, _| (11..=17).contains(&h.hcp),
        call: |h, c| {
            let s = h.longest();
            (h.len(s) >= h.style.long() && h.good_suit(s))
                .then(|| c.cheapest_up_to(suit(s), 2))
                .flatten()
        },
    },
    BidRule {
        name: "raise the overcall",
        stage: Stage::Advancing,
        meaning: "8+ points and three-card support for partner's suit",
        when: |h, c| h.hcp >= 8 && fit(h, c).is_some() && !c.partner_doubled(),
        call: |h, c| c.cheapest_up_to(suit(fit(h, c)?), 3),
    },
    BidRule {
        name: "answer the takeout double, game",
        stage: Stage::Advancing,
        meaning: "12+ HCP opposite a takeout double: game",
        when: |h, c| c.partner_doubled() && h.hcp >= 12,
        call: |h, c| {
            let theirs = c.opponent_suit();
            let major = [Suit::Spades, Suit::Hearts]
                .into_iter()
                .find(|&s| Some(s) != theirs && h.len(s) >= 5);
            match major {
                Some(s) => game(c, suit(s)),
                None if stops_theirs(h, c) => c.bid(3, NT),
                None => None,
            }
        },
    },
    BidRule {
        name: "answer the takeout double",
        stage: Stage::Advancing,
        meaning: "the longest unbid suit, a level higher with 9–11 HCP (forced: any strength)",
        when: |_, c| c.partner_doubled() && c.partner_last() == Some(Call::Double),
        call: |h, c| {
            let theirs: Vec<_> = c.opponent_bids().iter().map(|b| b.strain).collect();
            let s = h
                .suits()
                .iter()
                .copied()
                .filter(|&s| !theirs.contains(&suit(s)))
                .max_by_key(|&s| (h.len(s), s.is_major(), s.index()))?;
            if h.hcp >= 9 {
                jump(c, suit(s)).or_else(|| c.cheapest_up_to(suit(s), 3))
            } else {
                c.cheapest(suit(s)).filter(|b| b.level <= 3).map(Call::Bid)
            }
        },
    },
];

/// What partner's call shows when it is one of this section's competitive conventions; `false`
/// leaves the call to the general reading in `shown`.
pub(crate) fn reads(_shown: &mut Shown, _seen: &Seen) -> bool {
    false
}
