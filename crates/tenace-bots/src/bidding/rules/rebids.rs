//! Opener's rebids, and responder's rebids after them.

use super::*;

pub(super) static RULES: &[BidRule] = &[
    // After Jacoby 2NT (1M P 2NT P).
    BidRule {
        name: "Jacoby 2NT: a second suit",
        stage: Stage::Rebidding,
        meaning: "a good second suit of five or more cards (two of the top three honours), over Jacoby 2NT",
        when: |h, c| jacoby(c).is_some_and(|m| jacoby_side_suit(h, m).is_some()),
        call: |h, c| c.bid(4, suit(jacoby_side_suit(h, jacoby(c)?)?)),
    },
    BidRule {
        name: "Jacoby 2NT: shortness",
        stage: Stage::Rebidding,
        meaning: "a singleton or void in the suit bid, over Jacoby 2NT",
        when: |h, c| jacoby(c).is_some_and(|m| shortest_side(h, m).is_some()),
        call: |h, c| c.bid(3, suit(shortest_side(h, jacoby(c)?)?)),
    },
    BidRule {
        name: "Jacoby 2NT: strong",
        stage: Stage::Rebidding,
        meaning: "18+ points, no shortness, over Jacoby 2NT; slam interest",
        when: |h, c| jacoby(c).is_some_and(|m| h.hcp + h.len(m).saturating_sub(5) >= 18),
        call: |_, c| c.bid(3, suit(jacoby(c)?)),
    },
    BidRule {
        name: "Jacoby 2NT: medium",
        stage: Stage::Rebidding,
        meaning: "15–17 HCP, no shortness, over Jacoby 2NT",
        when: |h, c| jacoby(c).is_some() && h.hcp >= 15,
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "Jacoby 2NT: minimum",
        stage: Stage::Rebidding,
        meaning: "a minimum opening, no shortness, over Jacoby 2NT: game",
        when: |_, c| jacoby(c).is_some(),
        call: |_, c| game(c, suit(jacoby(c)?)),
    },
    // After a limit raise (1X P 3X P).
    BidRule {
        name: "accept the limit raise",
        stage: Stage::Rebidding,
        meaning: "14+ points after partner's limit raise (HCP, a point for each trump beyond five, 3 for a void; 13 HCP with a singleton and two top trump honours): game",
        when: |h, c| {
            raised_to(c, 3).is_some_and(|s| {
                let voids = h.suits().iter().filter(|&&x| h.len(x) == 0).count() as u8;
                let pts = h.hcp + h.len(s).saturating_sub(5) + 3 * voids;
                let singleton = h.suits().iter().any(|&x| h.len(x) == 1);
                s.is_major() && (pts >= 14 || (h.hcp >= 13 && singleton && h.top_honours(s) >= 2))
            })
        },
        call: |_, c| game(c, suit(raised_to(c, 3)?)),
    },
    BidRule {
        name: "3NT after a minor limit raise",
        stage: Stage::Rebidding,
        meaning: "14+ HCP after partner's limit raise of the minor: 3NT",
        when: |h, c| raised_to(c, 3).is_some_and(|s| !s.is_major()) && h.hcp >= 14,
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "decline the limit raise",
        stage: Stage::Rebidding,
        meaning: "a minimum opening after partner's limit raise: pass",
        when: |_, c| raised_to(c, 3).is_some(),
        call: |_, _| Some(Call::Pass),
    },
    // After a single raise (1X P 2X P).
    BidRule {
        name: "game after a single raise",
        stage: Stage::Rebidding,
        meaning: "19+ points after partner's single raise of the major: game",
        when: |h, c| raised_to(c, 2).is_some_and(|s| s.is_major() && opener_points(h, s) >= 19),
        call: |_, c| game(c, suit(raised_to(c, 2)?)),
    },
    BidRule {
        name: "3NT after a minor raise",
        stage: Stage::Rebidding,
        meaning: "18–19 HCP, balanced, after partner's raise of the minor",
        when: |h, c| raised_to(c, 2).is_some_and(|s| !s.is_major()) && h.balanced && h.hcp >= 18,
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "2NT game try",
        stage: Stage::Rebidding,
        meaning: "16–18 HCP, balanced, after partner's single raise: invites game",
        when: |h, c| {
            raised_to(c, 2).is_some_and(|s| s.is_major())
                && h.balanced
                && (16..=18).contains(&h.hcp)
        },
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "invite with a long suit",
        stage: Stage::Rebidding,
        meaning: "16–18 points and six or more cards after partner's single raise: invites game",
        when: |h, c| {
            raised_to(c, 2)
                .is_some_and(|s| s.is_major() && h.len(s) >= 6 && opener_points(h, s) >= 16)
        },
        call: |_, c| c.bid(3, suit(raised_to(c, 2)?)),
    },
    BidRule {
        name: "help-suit game try",
        stage: Stage::Rebidding,
        meaning: "16–18 points after partner's single raise: a side suit where partner's help would make game",
        when: |h, c| raised_to(c, 2).is_some_and(|s| opener_points(h, s) >= 16),
        call: |h, c| {
            let t = raised_to(c, 2)?;
            let side = |n: u8| {
                h.suits()
                    .iter()
                    .copied()
                    .filter(|&s| s != t && h.len(s) >= n)
                    .filter_map(|s| c.cheapest(suit(s)).map(|b| (b, s)))
                    .min_by_key(|&(b, s)| (b.level, s.index()))
            };
            let (b, _) = side(4).or_else(|| side(3))?;
            (b.level < 3 || (b.level == 3 && t.is_major())).then_some(Call::Bid(b))
        },
    },
    BidRule {
        name: "pass the single raise",
        stage: Stage::Rebidding,
        meaning: "a minimum opening after partner's single raise: pass",
        when: |_, c| raised_to(c, 2).is_some(),
        call: |_, _| Some(Call::Pass),
    },
    // After a new suit at the one level (1X P 1Y P).
    BidRule {
        name: "raise responder's major",
        stage: Stage::Rebidding,
        meaning: "four cards in partner's major: a raise to two with 12–15 points, three with 16–18, game with 19+",
        when: |h, c| {
            response(c).is_some_and(|(_, b)| {
                b.level == 1
                    && b.strain
                        .trump()
                        .is_some_and(|y| y.is_major() && h.len(y) >= 4)
            })
        },
        call: |h, c| {
            let y = response(c)?.1.strain.trump()?;
            let pts = h.hcp + support_points(h, y);
            let level = match pts {
                0..=15 => 2,
                16..=18 => 3,
                _ => 4,
            };
            c.bid(level, suit(y))
        },
    },
    BidRule {
        name: "2NT jump rebid",
        stage: Stage::Rebidding,
        meaning: "18–19 HCP, balanced",
        when: |h, c| {
            response(c).is_some_and(|(_, b)| b.level == 1)
                && h.balanced
                && (18..=19).contains(&h.hcp)
        },
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "new suit at the one level",
        stage: Stage::Rebidding,
        meaning: "four or more cards in the suit (the cheapest one): 12–18 points",
        when: |h, c| {
            response(c).is_some_and(|(_, b)| b.level == 1 && b.strain != NT)
                && length_points(h) <= 18
        },
        call: |h, c| {
            let (o, b) = response(c)?;
            let s = h
                .suits()
                .iter()
                .copied()
                .filter(|&s| s != o && suit(s) > b.strain && h.len(s) >= 4)
                .find(|&s| c.cheapest(suit(s)).is_some_and(|x| x.level == 1))?;
            c.bid(1, suit(s))
        },
    },
    BidRule {
        name: "reverse",
        stage: Stage::Rebidding,
        meaning: "17+ points, a second suit higher than the first (which is longer); forcing one round",
        when: |h, c| {
            response(c).is_some_and(|(_, b)| b.level <= 2 && b.strain != NT || b == Bid::new(1, NT))
                && length_points(h) >= 17
                && h.hcp <= 19
        },
        call: |h, c| {
            let (o, b) = response(c)?;
            let s = other_suit(h, o, b, |s| s > o && h.len(o) > h.len(s))?;
            let x = c.cheapest(suit(s))?;
            (x.level == 2).then_some(Call::Bid(x))
        },
    },
    BidRule {
        name: "jump shift by opener",
        stage: Stage::Rebidding,
        meaning: "19+ points and a second suit of four or more; forcing to game",
        when: |h, c| {
            response(c).is_some_and(|(_, b)| b.level == 1 && b.strain != NT)
                && length_points(h) >= 19
        },
        call: |h, c| {
            let (o, b) = response(c)?;
            let s = other_suit(h, o, b, |_| true)?;
            let j = jump(c, suit(s))?;
            matches!(j, Call::Bid(x) if x.level <= 3).then_some(j)
        },
    },
    BidRule {
        name: "game in a long major",
        stage: Stage::Rebidding,
        meaning: "19+ points and a six-card major: game",
        when: |h, c| {
            response(c)
                .is_some_and(|(o, b)| o.is_major() && b.strain.trump() != Some(o) && h.len(o) >= 6)
                && h.hcp >= 19
        },
        call: |_, c| game(c, suit(response(c)?.0)),
    },
    BidRule {
        name: "3NT on a long minor",
        stage: Stage::Rebidding,
        meaning: "17–19 HCP, a strong six-card minor and no singleton: 3NT",
        when: |h, c| {
            response(c).is_some_and(|(o, b)| {
                !o.is_major() && b.level == 1 && b.strain != NT && h.len(o) >= 6 && h.good_suit(o)
            }) && length_points(h) >= 19
                && h.suits().iter().all(|&s| h.len(s) >= 2)
        },
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "jump rebid",
        stage: Stage::Rebidding,
        meaning: "16–18 HCP (or points counting length, after a two-over-one) and a six-card suit: invites game",
        when: |h, c| {
            response(c).is_some_and(|(o, b)| {
                let two_over_one = b.level == 2 && b.strain != NT;
                b.strain.trump() != Some(o)
                    && h.len(o) >= 6
                    && ((16..=18).contains(&h.hcp)
                        || (two_over_one && length_points(h) >= 16 && h.hcp <= 18))
            })
        },
        call: |_, c| jump(c, suit(response(c)?.0)),
    },
    BidRule {
        name: "raise responder's suit",
        stage: Stage::Rebidding,
        meaning: "support for partner's suit (four cards, or three for a two-level heart response): 12–15 points, a jump (game in hearts) with 16+",
        when: |h, c| {
            response(c).is_some_and(|(o, b)| {
                b.strain.trump().is_some_and(|y| {
                    y != o && h.len(y) >= if b.level == 2 && y.is_major() { 3 } else { 4 }
                })
            })
        },
        call: |h, c| {
            let (_, b) = response(c)?;
            let y = b.strain.trump()?;
            let pts = if y.is_major() {
                h.hcp + support_points(h, y)
            } else {
                h.hcp
            };
            if b.level == 2 && y.is_major() && pts >= 16 {
                game(c, suit(y))
            } else if pts >= 16 {
                jump(c, suit(y))
            } else {
                c.cheapest(suit(y)).map(Call::Bid)
            }
        },
    },
    BidRule {
        name: "1NT rebid",
        stage: Stage::Rebidding,
        meaning: "12–14 HCP, balanced",
        when: |h, c| {
            response(c).is_some_and(|(_, b)| b.level == 1 && b.strain != NT)
                && h.balanced
                && h.hcp <= 14
        },
        call: |_, c| c.bid(1, NT),
    },
    BidRule {
        name: "pass the 1NT response",
        stage: Stage::Rebidding,
        meaning: "balanced, at most 17 HCP, after partner's 1NT: pass",
        when: |h, c| {
            response(c).is_some_and(|(o, b)| b == Bid::new(1, NT) && h.len(o) <= 5)
                && h.balanced
                && h.hcp <= 17
        },
        call: |_, _| Some(Call::Pass),
    },
    BidRule {
        name: "3NT after a two-over-one",
        stage: Stage::Rebidding,
        meaning: "18–19 HCP, balanced, after partner's two-over-one",
        when: |h, c| {
            response(c).is_some_and(|(_, b)| b.level == 2 && b.strain != NT)
                && h.balanced
                && h.hcp >= 18
        },
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "new suit with extras after a two-over-one",
        stage: Stage::Rebidding,
        meaning: "16+ HCP and four or more cards in a new suit, after partner's two-over-one",
        when: |h, c| {
            response(c).is_some_and(|(_, b)| b.level == 2 && b.strain != NT) && h.hcp >= 16
        },
        call: |h, c| {
            let (o, b) = response(c)?;
            let s = other_suit(h, o, b, |_| true)?;
            c.cheapest(suit(s)).filter(|x| x.level <= 3).map(Call::Bid)
        },
    },
    BidRule {
        name: "rebid a six-card suit",
        stage: Stage::Rebidding,
        meaning: "a minimum with six or more cards in the suit",
        when: |h, c| response(c).is_some_and(|(o, _)| h.len(o) >= 6),
        call: |_, c| c.cheapest_up_to(suit(response(c)?.0), 2),
    },
    BidRule {
        name: "new lower suit",
        stage: Stage::Rebidding,
        meaning: "a second suit of four or more, lower than the first: 12–18 points",
        when: |_, c| response(c).is_some(),
        call: |h, c| {
            let (o, b) = response(c)?;
            let s = other_suit(h, o, b, |s| s < o)?;
            c.cheapest_up_to(suit(s), 2)
        },
    },
    BidRule {
        name: "2NT after a two-over-one",
        stage: Stage::Rebidding,
        meaning: "12–14 HCP, balanced, after partner's two-over-one",
        when: |h, c| response(c).is_some_and(|(_, b)| b.level == 2 && b.strain != NT) && h.balanced,
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "rebid the suit",
        stage: Stage::Rebidding,
        meaning: "a minimum with five cards in the suit",
        when: |h, c| response(c).is_some_and(|(o, _)| h.len(o) >= 5),
        call: |_, c| c.cheapest_up_to(suit(response(c)?.0), 2),
    },
    BidRule {
        name: "pass the 1NT response with nothing to add",
        stage: Stage::Rebidding,
        meaning: "a minimum after partner's 1NT, nothing more to show: pass",
        when: |_, c| response(c).is_some_and(|(_, b)| b == Bid::new(1, NT)),
        call: |_, _| Some(Call::Pass),
    },
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

/// My opening one of a suit and partner's response, the opponents silent (the 52-card
/// games only: Five Crowns plays the general rules).
pub(super) fn response(c: &AuctionContext) -> Option<(Suit, Bid)> {
    if fc(c)
        || c.auction.len() != 4
        || c.call_at(1) != Some(Call::Pass)
        || c.call_at(3) != Some(Call::Pass)
    {
        return None;
    }
    let o = c.my_opening().filter(|b| b.level == 1)?.strain.trump()?;
    Some((o, c.bid_at(2)?))
}

/// My major when partner answered it with Jacoby 2NT.
fn jacoby(c: &AuctionContext) -> Option<Suit> {
    response(c)
        .filter(|&(o, b)| o.is_major() && b == Bid::new(2, NT))
        .map(|(o, _)| o)
}

/// My suit when partner raised it to `level`.
fn raised_to(c: &AuctionContext, level: u8) -> Option<Suit> {
    response(c)
        .filter(|&(o, b)| b == Bid::new(level, suit(o)))
        .map(|(o, _)| o)
}

/// A good side suit of five or more below my major, to show over Jacoby 2NT.
fn jacoby_side_suit(h: &HandFacts, m: Suit) -> Option<Suit> {
    h.suits()
        .iter()
        .copied()
        .find(|&s| s < m && h.len(s) >= 5 && h.top_honours(s) >= 2)
}

/// My lowest singleton or void outside the trump suit.
fn shortest_side(h: &HandFacts, trump: Suit) -> Option<Suit> {
    h.suits()
        .iter()
        .copied()
        .find(|&s| s != trump && h.len(s) <= 1)
}

/// Opener's points once partner has raised: HCP, a point for each trump beyond five, and
/// 3 for a void, 2 for a singleton.
fn opener_points(h: &HandFacts, trump: Suit) -> u8 {
    let short: u8 = h
        .suits()
        .iter()
        .filter(|&&s| s != trump)
        .map(|&s| match h.len(s) {
            0 => 3,
            1 => 2,
            _ => 0,
        })
        .sum();
    h.hcp + h.len(trump).saturating_sub(5) + short
}

/// HCP and a point for each card beyond four in a suit.
pub(super) fn length_points(h: &HandFacts) -> u8 {
    h.hcp
        + h.suits()
            .iter()
            .map(|&s| h.len(s).saturating_sub(4))
            .sum::<u8>()
}

/// My longest suit of four or more other than my first suit and partner's, that `ok`
/// allows (the higher of equal five-card suits, the cheaper of four-card ones).
fn other_suit(h: &HandFacts, o: Suit, response: Bid, ok: impl Fn(Suit) -> bool) -> Option<Suit> {
    h.suits()
        .iter()
        .copied()
        .filter(|&s| s != o && suit(s) != response.strain && h.len(s) >= 4 && ok(s))
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
