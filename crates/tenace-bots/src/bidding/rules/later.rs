//! Later in the auction: game, slam, competition.

use super::*;

pub(super) static RULES: &[BidRule] = &[
    BidRule {
        name: "penalty double on my own tricks",
        stage: Stage::Later,
        meaning: "my own quick tricks alone beat their contract: double for penalty",
        when: |h, c| {
            c.last_bid().is_some_and(|(p, b)| {
                // Declarer needs book + level tricks; the defence needs one more than
                // the rest.
                let (total, book) = if fc(c) { (14, 7) } else { (13, 6) };
                let defence_needs = total - book - b.level + 1;
                c.is_opponent(p) && b.level >= 4 && quick_tricks(h) >= f32::from(defence_needs)
            })
        },
        call: |_, c| c.is_legal(Call::Double).then_some(Call::Double),
    },
    BidRule {
        name: "slam in the fit",
        stage: Stage::Later,
        meaning: "33+ points together and a trump fit: small slam",
        when: |h, c| fit(h, c).is_some() && combined(h, c) >= 33,
        call: |h, c| c.bid(6, suit(fit(h, c)?)),
    },
    BidRule {
        name: "6NT",
        stage: Stage::Later,
        meaning: "33+ HCP together, balanced: small slam in no trump",
        when: |h, c| h.balanced && h.hcp + c.partner.min_hcp >= 33,
        call: |_, c| c.bid(6, NT),
    },
    BidRule {
        name: "game in the fit",
        stage: Stage::Later,
        meaning: "25+ points together and a trump fit: game",
        when: |h, c| fit(h, c).is_some() && combined(h, c) >= 25 && !side_in_game(c),
        call: |h, c| game(c, suit(fit(h, c)?)),
    },
    BidRule {
        name: "3NT",
        stage: Stage::Later,
        meaning: "25+ HCP together, no fit, their suits stopped: game in no trump",
        when: |h, c| h.hcp + c.partner.min_hcp >= 25 && !side_in_game(c) && stops_theirs(h, c),
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "invite in the fit",
        stage: Stage::Later,
        meaning: "23–24 points together and a fit: one below game, inviting",
        when: |h, c| {
            fit(h, c).is_some()
                && combined(h, c) >= 23
                && !side_in_game(c)
                && !c.opponents_hold_bid()
        },
        call: |h, c| {
            let s = suit(fit(h, c)?);
            c.cheapest(s)
                .filter(|b| b.level + 1 == c.game_level(s))
                .map(Call::Bid)
        },
    },
    BidRule {
        name: "penalty double",
        stage: Stage::Later,
        meaning: "the side holds most of the points and they have bid too high: double for penalty",
        when: |h, c| {
            c.opponents_hold_bid()
                && c.last_bid().is_some_and(|(_, b)| b.level >= 3)
                && h.hcp + c.partner.min_hcp >= 24
        },
        call: |_, c| c.is_legal(Call::Double).then_some(Call::Double),
    },
    BidRule {
        name: "competitive raise",
        stage: Stage::Later,
        meaning: "a fit in a contested auction: compete to the level of the total trumps",
        when: |h, c| fit(h, c).is_some() && c.opponents_hold_bid() && combined(h, c) >= 18,
        call: |h, c| {
            let s = fit(h, c)?;
            let total = h.len(s) + c.partner.lengths[s.index()];
            let book = if fc(c) { 7 } else { 6 };
            c.cheapest_up_to(suit(s), total.saturating_sub(book).min(3))
        },
    },
];
