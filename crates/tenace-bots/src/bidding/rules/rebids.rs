//! Opener's rebids.

use super::*;

pub(super) static RULES: &[BidRule] = &[
    BidRule {
        name: "raise partner's suit",
        stage: Stage::Rebidding,
        meaning: "four-card support for partner's new suit; the higher the raise, the stronger (12–15, 16–18, 19+)",
        when: |h, c| {
            let partners = c.partner_bids().first().map(|b| b.strain);
            let mine = c.my_opening().map(|b| b.strain);
            partners != mine
                && partners
                    .and_then(Strain::trump)
                    .is_some_and(|s| h.len(s) >= 4)
        },
        call: |h, c| {
            let s = suit(c.partner_bids().first()?.strain.trump()?);
            match h.hcp {
                0..=15 => c.cheapest_up_to(s, 2),
                16..=18 => jump(c, s),
                _ => game(c, s),
            }
        },
    },
    BidRule {
        name: "game after a raise",
        stage: Stage::Rebidding,
        meaning: "enough for game once partner has raised",
        when: |h, c| fit(h, c).is_some() && combined(h, c) >= 25,
        call: |h, c| game(c, suit(fit(h, c)?)),
    },
    BidRule {
        name: "game try",
        stage: Stage::Rebidding,
        meaning: "16–18 points after partner's single raise: invites game",
        when: |h, c| fit(h, c).is_some() && combined(h, c) >= 23 && c.partner.max_hcp <= 9,
        call: |h, c| {
            let s = suit(fit(h, c)?);
            c.cheapest(s)
                .filter(|b| b.level < c.game_level(s))
                .map(tenace_rules::Call::Bid)
        },
    },
    BidRule {
        name: "stop in the fit",
        stage: Stage::Rebidding,
        meaning: "a minimum opening after partner's raise: pass",
        when: |h, c| {
            fit(h, c).is_some()
                && c.partner_opening().is_none()
                && c.partner_bids().first().map(|b| b.strain) == c.my_opening().map(|b| b.strain)
        },
        call: |_, _| Some(Call::Pass),
    },
    BidRule {
        name: "1NT rebid",
        stage: Stage::Rebidding,
        meaning: "12–14 HCP, balanced",
        when: |h, c| h.balanced && (12..=14).contains(&h.hcp) && stops_theirs(h, c),
        call: |_, c| c.cheapest(NT).filter(|b| b.level <= 1).map(Call::Bid),
    },
    BidRule {
        name: "2NT rebid",
        stage: Stage::Rebidding,
        meaning: "18–19 HCP, balanced",
        when: |h, c| h.balanced && (18..=19).contains(&h.hcp) && stops_theirs(h, c),
        call: |_, c| c.cheapest(NT).filter(|b| b.level <= 2).map(Call::Bid),
    },
    BidRule {
        name: "rebid a six-card suit",
        stage: Stage::Rebidding,
        meaning: "a six-card suit; a jump shows 16–18",
        when: |h, c| {
            c.my_opening()
                .and_then(|b| b.strain.trump())
                .is_some_and(|s| h.len(s) >= 6)
        },
        call: |h, c| {
            let s = suit(c.my_opening()?.strain.trump()?);
            if h.hcp >= 16 {
                jump(c, s)
            } else {
                c.cheapest_up_to(s, 2)
            }
        },
    },
    BidRule {
        name: "second suit",
        stage: Stage::Rebidding,
        meaning: "a second suit of four or more, lower than the first",
        when: |_, c| c.my_opening().is_some_and(|b| b.strain.trump().is_some()),
        call: |h, c| {
            let s = lower_suit(h, c.my_opening()?.strain.trump()?, 4)?;
            c.cheapest_up_to(suit(s), 2)
        },
    },
    BidRule {
        name: "rebid the suit",
        stage: Stage::Rebidding,
        meaning: "a minimum with a five-card suit",
        when: |h, c| {
            c.my_opening()
                .and_then(|b| b.strain.trump())
                .is_some_and(|s| h.len(s) >= 5)
        },
        call: |_, c| c.cheapest_up_to(suit(c.my_opening()?.strain.trump()?), 2),
    },
    BidRule {
        name: "no trump rebid",
        stage: Stage::Rebidding,
        meaning: "nothing else to say: no trump at the cheapest level",
        when: |_, c| c.partner_last().is_some_and(|p| p != Call::Pass),
        call: |_, c| c.cheapest(NT).filter(|b| b.level <= 2).map(Call::Bid),
    },
];
