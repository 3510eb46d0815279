//! The two-level and preemptive openings and what follows them: the strong 2♣ (2♦
//! waiting, positive answers, the double negative), weak twos (2NT asks for a feature, a
//! new suit is forcing, raises are to play) and three- and four-level preempts.

use super::*;

/// Partner opened a weak two (2♦, 2♥ or 2♠), and it is my first call.
fn partner_weak_two(c: &AuctionContext) -> Option<Suit> {
    let b = c.partner_opening()?;
    (b.level == 2 && b.strain != suit(Suit::Clubs) && c.auction.len() == 2 && c.is("* P"))
        .then(|| b.strain.trump())
        .flatten()
}

/// Partner opened three or four of a suit, and it is my first call.
fn partner_preempt(c: &AuctionContext) -> Option<Suit> {
    let b = c.partner_opening()?;
    ((3..=4).contains(&b.level) && c.is("* P"))
        .then(|| b.strain.trump())
        .flatten()
}

/// A suit good enough for a positive answer to 2♣ or a forcing new suit: five cards with
/// two of the top three honours (or three of the top five).
fn positive_suit(h: &HandFacts, not: Option<Suit>) -> Option<Suit> {
    h.suits()
        .iter()
        .copied()
        .filter(|&s| Some(s) != not && h.len(s) >= 5 && h.good_suit(s))
        .max_by_key(|&s| (h.len(s), s.index()))
}

/// The suit partner's strong 2♣ opener rebid after 2♦ (2♥, 2♠, 3♣, 3♦).
fn strong_two_suit(c: &AuctionContext) -> Option<Suit> {
    (c.is("2C P 2D P 2H|2S|3C|3D P"))
        .then(|| c.bid_at(4)?.strain.trump())
        .flatten()
}

/// A side suit's ace, king or queen: the feature a maximum weak two shows over 2NT.
fn feature(h: &HandFacts, trump: Suit) -> Option<Suit> {
    h.suits()
        .iter()
        .copied()
        .filter(|&s| s != trump && h.top_honours(s) > 0)
        .max_by_key(|&s| (h.top_honours(s), s.index()))
}

pub(super) static RULES: &[BidRule] = &[
    // ---- Responding to the strong 2C ----
    BidRule {
        name: "positive answer to 2C",
        stage: Stage::Responding,
        meaning: "8+ HCP and a good five-card suit: positive, forcing to game",
        when: |h, c| c.is("2C P") && h.hcp >= 8 && positive_suit(h, None).is_some(),
        call: |h, c| {
            // 2D is the waiting answer, so a positive in a minor is at the three level.
            let s = positive_suit(h, None)?;
            c.bid(if s.is_major() { 2 } else { 3 }, suit(s))
        },
    },
    BidRule {
        name: "2NT answer to 2C",
        stage: Stage::Responding,
        meaning: "8+ HCP, balanced, no good five-card suit: positive",
        when: |h, c| c.is("2C P") && h.hcp >= 8 && h.balanced,
        call: |_, c| c.bid(2, NT),
    },
    // ---- The strong 2C opener's rebid ----
    BidRule {
        name: "2C opener's suit",
        stage: Stage::Rebidding,
        meaning: "after 2D: the long suit, forcing (a jump sets a solid seven-card suit as trumps)",
        when: |h, c| c.is("2C P 2D P") && !(h.balanced && h.hcp >= 22 && h.hcp <= 27),
        call: |h, c| {
            let s = h.longest();
            let b = c.cheapest(suit(s))?;
            if h.len(s) >= 7 && h.top_honours(s) >= 3 && b.level == 2 {
                c.bid(3, suit(s))
            } else {
                Some(Call::Bid(b))
            }
        },
    },
    BidRule {
        name: "2C opener's balanced rebid",
        stage: Stage::Rebidding,
        meaning: "after 2D: 22–24 HCP balanced bids 2NT, 25–27 bids 3NT",
        when: |h, c| c.is("2C P 2D P") && h.balanced,
        call: |h, c| c.bid(if h.hcp >= 25 { 3 } else { 2 }, NT),
    },
    BidRule {
        name: "Blackwood over a positive answer",
        stage: Stage::Rebidding,
        meaning: "a fit for partner's positive suit: asks for aces on the way to slam",
        when: |h, c| {
            c.is("2C P 2H|2S|3C|3D P")
                && c.bid_at(2)
                    .and_then(|b| b.strain.trump())
                    .is_some_and(|s| h.len(s) >= 3)
        },
        call: |_, c| c.bid(4, NT),
    },
    BidRule {
        name: "after the double negative",
        stage: Stage::Later,
        meaning: "after partner's double negative: rebid a six-card suit, else a second suit, else 3NT",
        when: |_, c| c.is("2C P 2D P 2H|2S P 3C P"),
        call: |h, c| {
            let first = c.bid_at(4)?.strain.trump()?;
            if h.len(first) >= 6 {
                return c.cheapest_up_to(suit(first), 4);
            }
            let second = positive_suit(h, Some(first)).filter(|&s| h.len(s) >= 4);
            second
                .and_then(|s| c.cheapest_up_to(suit(s), 3))
                .or_else(|| c.bid(3, NT))
        },
    },
    // ---- Responder's second call after 2C P 2D P ----
    BidRule {
        name: "double negative",
        stage: Stage::Later,
        meaning: "0–3 HCP after partner's 2C and major suit rebid: the cheaper minor, the double negative",
        when: |h, c| c.is("2C P 2D P 2H|2S P") && h.hcp <= 3,
        call: |_, c| c.bid(3, suit(Suit::Clubs)),
    },
    BidRule {
        name: "raise the strong two's suit",
        stage: Stage::Later,
        meaning: "three or more trumps after partner's 2C rebid: the single raise, or the jump to game in a major with neither an ace nor a king",
        when: |h, c| strong_two_suit(c).is_some_and(|s| h.len(s) >= 3),
        call: |h, c| {
            let s = suit(strong_two_suit(c)?);
            if h.count_rank(0) == 0 && h.count_rank(1) == 0 && s.trump().is_some_and(Suit::is_major)
            {
                game(c, s)
            } else {
                c.cheapest(s).map(Call::Bid)
            }
        },
    },
    BidRule {
        name: "new suit after the strong two",
        stage: Stage::Later,
        meaning: "no fit for partner's 2C rebid, a five-card suit of my own: natural and forcing",
        when: |h, c| strong_two_suit(c).is_some() && positive_suit(h, strong_two_suit(c)).is_some(),
        call: |h, c| c.cheapest_up_to(suit(positive_suit(h, strong_two_suit(c))?), 3),
    },
    BidRule {
        name: "no trump after the strong two",
        stage: Stage::Later,
        meaning: "no fit and no suit after partner's 2C rebid: no trump",
        when: |_, c| strong_two_suit(c).is_some(),
        call: |_, c| c.cheapest_up_to(NT, 3),
    },
    // ---- Responding to weak twos ----
    BidRule {
        name: "2NT feature ask",
        stage: Stage::Responding,
        meaning: "15+ HCP opposite partner's weak two: asks for a feature (forcing)",
        when: |h, c| {
            partner_weak_two(c).is_some_and(|s| {
                let fits = h.len(s) >= 2;
                h.hcp >= 15 && !(fits && h.hcp >= 17 && h.len(s) >= 3)
            })
        },
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "game raise of the weak two",
        stage: Stage::Responding,
        meaning: "opposite partner's weak two: game with support and the values, or four trumps to preempt",
        when: |h, c| {
            partner_weak_two(c)
                .is_some_and(|s| (h.len(s) >= 3 && h.hcp >= 15) || (h.len(s) >= 4 && h.hcp <= 12))
        },
        call: |_, c| game(c, suit(partner_weak_two(c)?)),
    },
    BidRule {
        name: "raise the weak two",
        stage: Stage::Responding,
        meaning: "three-card support opposite partner's weak two: the raise, to play",
        when: |h, c| partner_weak_two(c).is_some_and(|s| h.len(s) == 3 && h.hcp < 15),
        call: |_, c| c.bid(3, suit(partner_weak_two(c)?)),
    },
    BidRule {
        name: "new suit over a weak two",
        stage: Stage::Responding,
        meaning: "14+ HCP and a good five-card suit opposite partner's weak two: forcing",
        when: |h, c| {
            partner_weak_two(c).is_some_and(|s| h.hcp >= 14 && positive_suit(h, Some(s)).is_some())
        },
        call: |h, c| {
            let s = positive_suit(h, partner_weak_two(c))?;
            c.cheapest_up_to(suit(s), 3)
        },
    },
    BidRule {
        name: "pass the weak two",
        stage: Stage::Responding,
        meaning: "no game opposite partner's weak two: pass",
        when: |_, c| partner_weak_two(c).is_some(),
        call: |_, _| Some(Call::Pass),
    },
    // ---- The weak two opener's rebid ----
    BidRule {
        name: "answer the feature ask",
        stage: Stage::Rebidding,
        meaning: "answers 2NT: a minimum rebids the suit; a maximum shows a side ace, king or queen, or bids 3NT with a solid suit",
        when: |_, c| c.is("2D|2H|2S P 2NT P"),
        call: |h, c| {
            let s = c.bid_at(0)?.strain.trump()?;
            if h.top_honours(s) >= 3 {
                return c.bid(3, NT);
            }
            match feature(h, s) {
                Some(f) if h.hcp >= 9 => c.cheapest_up_to(suit(f), 3),
                _ => c.bid(3, suit(s)),
            }
        },
    },
    BidRule {
        name: "answer the new suit over a weak two",
        stage: Stage::Rebidding,
        meaning: "after partner's new suit (forcing; a raise is to play): raise with three, show a four-card side suit, no trump with a solid suit, else rebid the suit",
        when: |_, c| c.is("2D|2H|2S P 2D|2H|2S|3C|3D|3H P"),
        call: |h, c| {
            let mine = c.bid_at(0)?.strain.trump()?;
            let theirs = c.bid_at(2)?.strain.trump()?;
            if theirs == mine {
                // Partner's raise is to play.
                return Some(Call::Pass);
            }
            if h.len(theirs) >= 3 {
                return c.cheapest(suit(theirs)).map(Call::Bid);
            }
            if h.top_honours(mine) >= 3 {
                return c.cheapest_up_to(NT, 3);
            }
            let side = h
                .suits()
                .iter()
                .copied()
                .find(|&s| s != mine && s != theirs && h.len(s) >= 4);
            side.and_then(|s| c.cheapest_up_to(suit(s), 3))
                .or_else(|| c.cheapest(suit(mine)).map(Call::Bid))
        },
    },
    // ---- Three- and four-level preempts ----
    BidRule {
        name: "preemptor passes",
        stage: Stage::Rebidding,
        meaning: "partner placed the contract after my preempt: pass",
        when: |_, c| {
            c.is("3C|3D|3H|3S|4C|4D|4H|4S P 3NT|4H|4S|5C|5D|6C|6D|6H|6S|6NT P")
                || c.is("3C|3D|3H|3S P 4C|4D|4H|4S P")
                    && c.bid_at(0).map(|b| b.strain) == c.bid_at(2).map(|b| b.strain)
        },
        call: |_, _| Some(Call::Pass),
    },
    BidRule {
        name: "Blackwood over a preempt",
        stage: Stage::Responding,
        meaning: "16+ HCP and support for partner's major preempt: asks for aces",
        when: |h, c| {
            !fc(c)
                && partner_preempt(c).is_some_and(|s| s.is_major() && h.len(s) >= 3)
                && h.hcp >= 16
                && h.suits().iter().all(|&s| h.len(s) > 0)
        },
        call: |_, c| c.bid(4, NT),
    },
    BidRule {
        name: "raise the major preempt",
        stage: Stage::Responding,
        meaning: "opposite partner's major preempt: game with three trumps and some values, or with 15+ HCP",
        when: |h, c| {
            partner_preempt(c)
                .is_some_and(|s| s.is_major() && ((h.len(s) >= 3 && h.hcp >= 7) || h.hcp >= 15))
        },
        call: |_, c| game(c, suit(partner_preempt(c)?)),
    },
    BidRule {
        name: "new suit over a minor preempt",
        stage: Stage::Responding,
        meaning: "16+ HCP and a good six-card major opposite partner's minor preempt: forcing",
        when: |h, c| {
            partner_preempt(c).is_some_and(|s| !s.is_major())
                && h.hcp >= 16
                && [Suit::Hearts, Suit::Spades]
                    .iter()
                    .any(|&m| h.len(m) >= 6 && h.good_suit(m))
        },
        call: |h, c| {
            let m = if h.len(Suit::Spades) >= 6 {
                Suit::Spades
            } else {
                Suit::Hearts
            };
            c.cheapest_up_to(suit(m), 3)
        },
    },
    BidRule {
        name: "3NT over a minor preempt",
        stage: Stage::Responding,
        meaning: "15+ HCP and the other suits stopped opposite partner's minor preempt: 3NT to play",
        when: |h, c| {
            partner_preempt(c).is_some_and(|s| {
                !s.is_major() && h.hcp >= 15 && h.suits().iter().all(|&o| o == s || h.stops(o))
            })
        },
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "raise the minor preempt to game",
        stage: Stage::Responding,
        meaning: "opposite partner's minor preempt: game with four trumps, to make or to preempt, or with 16+ HCP",
        when: |h, c| {
            partner_preempt(c).is_some_and(|s| {
                !s.is_major() && ((h.len(s) >= 4 && h.hcp >= 8) || (h.len(s) >= 2 && h.hcp >= 16))
            })
        },
        call: |_, c| game(c, suit(partner_preempt(c)?)),
    },
    BidRule {
        name: "pass the preempt",
        stage: Stage::Responding,
        meaning: "no game opposite partner's preempt: pass",
        when: |_, c| partner_preempt(c).is_some(),
        call: |_, _| Some(Call::Pass),
    },
];
