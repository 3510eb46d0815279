//! Our side's no trump openings (1NT 15–17, 2NT 20–21, and the 2♣–2♦–2NT/3NT strong
//! balanced rebids): Stayman (also "garbage" Stayman on weak hands short in clubs),
//! Jacoby transfers and what follows them, the 2♠ puppet to 3♣ for a weak minor, the
//! three-level jumps, 4NT quantitative and Gerber, and the commonest interference.
//! Conventions are off in Five Crowns.

use super::*;
use crate::hand_eval::honours;

/// The major a transfer bid in `s` shows: the suit above it.
fn above(s: Suit) -> Suit {
    if s == Suit::Diamonds {
        Suit::Hearts
    } else {
        Suit::Spades
    }
}

/// The other major.
fn other_major(s: Suit) -> Suit {
    if s == Suit::Hearts {
        Suit::Spades
    } else {
        Suit::Hearts
    }
}

/// Responder's strength opposite no trump: HCP, one less for a flat 4-3-3-3.
fn nt_points(h: &HandFacts) -> u8 {
    let mut lens = [
        h.len(Suit::Clubs),
        h.len(Suit::Diamonds),
        h.len(Suit::Hearts),
        h.len(Suit::Spades),
    ];
    lens.sort_unstable();
    if lens == [3, 3, 3, 4] {
        h.hcp.saturating_sub(1)
    } else {
        h.hcp
    }
}

/// A maximum 1NT opening: 17 (a flat 4-3-3-3 counts one less), or 16 with a five-card suit.
fn maximum(h: &HandFacts) -> bool {
    let p = nt_points(h);
    p >= 17 || (p == 16 && h.suits().iter().any(|&s| h.len(s) >= 5))
}

/// Conventions are on: not Five Crowns.
fn on(c: &AuctionContext) -> bool {
    !fc(c)
}

/// Partner opened 1NT and RHO passed or doubled: my first response, systems on.
fn over_1nt(c: &AuctionContext) -> bool {
    on(c) && c.is("1NT P|X")
}

/// Partner has shown 20–21 balanced (2NT, or 2♣ then 2NT) and RHO passed: my response.
fn over_2nt(c: &AuctionContext) -> bool {
    on(c) && (c.is("2NT P") || c.is("2C P 2D P 2NT P"))
}

/// The minor with six or more cards, if any (the longer).
fn long_minor(h: &HandFacts, n: u8) -> Option<Suit> {
    [Suit::Diamonds, Suit::Clubs]
        .into_iter()
        .filter(|&s| h.len(s) >= n)
        .max_by_key(|&s| h.len(s))
}

/// A four-card major for Stayman: one major of four, the other at most five.
fn stayman_shape(h: &HandFacts) -> bool {
    let (hh, s) = (h.len(Suit::Hearts), h.len(Suit::Spades));
    (hh == 4 || s == 4) && hh <= 5 && s <= 5
}

/// The major to transfer to: the longer; with five-five, spades with game values
/// (hearts shown next), hearts when weak or invitational (spades next).
fn transfer_major(h: &HandFacts) -> Option<Suit> {
    let (hh, s) = (h.len(Suit::Hearts), h.len(Suit::Spades));
    match () {
        _ if hh < 5 && s < 5 => None,
        _ if s > hh => Some(Suit::Spades),
        _ if hh > s => Some(Suit::Hearts),
        _ if h.hcp >= 10 => Some(Suit::Spades),
        _ => Some(Suit::Hearts),
    }
}

/// The bid `i` places after the opening, as a suit.
fn suit_at(c: &AuctionContext, i: usize) -> Option<Suit> {
    c.bid_at(i)?.strain.trump()
}

/// Opener's Stayman answer is the last bid: its major, if any.
fn stayman_answer(c: &AuctionContext) -> Option<Suit> {
    suit_at(c, 4).filter(|s| s.is_major())
}

/// After 1NT–2♣–answer: responder is due.
fn after_stayman(c: &AuctionContext) -> bool {
    on(c) && c.is("1NT P|X 2C P 2D|2H|2S P")
}

/// After 1NT–transfer–completion: responder is due; the major transferred to.
fn transferred(c: &AuctionContext) -> Option<Suit> {
    if !on(c) || !c.is("1NT P|X 2D|2H P 2H|2S P") {
        return None;
    }
    let m = above(suit_at(c, 2)?);
    (suit_at(c, 4) == Some(m)).then_some(m)
}

/// After 1NT–transfer–completion–`call`: opener is due; the major and responder's call.
fn after_transfer_rebid(c: &AuctionContext) -> Option<(Suit, Bid)> {
    if !on(c) || !c.is("1NT P|X 2D|2H P 2H|2S P * P") {
        return None;
    }
    let m = above(suit_at(c, 2)?);
    (suit_at(c, 4) == Some(m)).then_some((m, c.bid_at(6)?))
}

pub(super) static RULES: &[BidRule] = &[
    // ----- Responder's first call over 1NT -----
    BidRule {
        name: "redouble to escape",
        stage: Stage::Responding,
        meaning: "a weak hand with a long minor after 1NT is doubled: partner bids 2♣, I pass or correct",
        when: |h, c| on(c) && c.is("1NT X") && h.hcp < 8 && long_minor(h, 5).is_some(),
        call: |_, _| Some(Call::Redouble),
    },
    BidRule {
        name: "3NT on a running minor",
        stage: Stage::Responding,
        meaning: "a long minor headed by the ace and king: game in no trump",
        when: |h, c| {
            c.is("1NT P")
                && h.hcp <= 9
                && long_minor(h, 7).is_some_and(|s| honours(h.hand, s, h.style.top(), 2) == 2)
        },
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "three of a minor",
        stage: Stage::Responding,
        meaning: "a good six-card minor (two of the top three honours), 5–9 HCP: invites 3NT",
        when: |h, c| {
            on(c)
                && c.is("1NT P")
                && (5..=9).contains(&h.hcp)
                && h.len(Suit::Hearts) < 4
                && h.len(Suit::Spades) < 4
                && long_minor(h, 6).is_some_and(|s| h.top_honours(s) >= 2)
        },
        call: |h, c| c.bid(3, suit(long_minor(h, 6)?)),
    },
    BidRule {
        name: "2S puppet to 3C",
        stage: Stage::Responding,
        meaning: "a weak hand with a six-card minor: partner must bid 3♣, which I pass or correct to 3♦",
        when: |h, c| {
            on(c)
                && c.is("1NT P")
                && h.hcp < 8
                && h.len(Suit::Hearts) < 4
                && h.len(Suit::Spades) < 4
                && long_minor(h, 6).is_some()
        },
        call: |_, c| c.bid(2, suit(Suit::Spades)),
    },
    BidRule {
        name: "three of a major",
        stage: Stage::Responding,
        meaning: "a six-card major and 14+ HCP: slam interest, forcing",
        when: |h, c| {
            on(c)
                && c.is("1NT P")
                && h.hcp >= 14
                && (h.len(Suit::Hearts) >= 6 || h.len(Suit::Spades) >= 6)
        },
        call: |h, c| c.bid(3, suit(transfer_major(h)?)),
    },
    BidRule {
        name: "Stayman with a long minor",
        stage: Stage::Responding,
        meaning: "2♣ Stayman; here 13+ HCP and a long minor, to bid it next, forcing",
        when: |h, c| {
            over_1nt(c)
                && h.hcp >= 13
                && !h.balanced
                && h.len(Suit::Hearts) < 5
                && h.len(Suit::Spades) < 5
                && long_minor(h, 5).is_some()
        },
        call: |_, c| c.bid(2, suit(Suit::Clubs)),
    },
    BidRule {
        name: "Stayman",
        stage: Stage::Responding,
        meaning: "8+ HCP and a four-card major; asks partner for a four-card major",
        when: |h, c| over_1nt(c) && nt_points(h) >= 8 && stayman_shape(h),
        call: |_, c| c.bid(2, suit(Suit::Clubs)),
    },
    BidRule {
        name: "escape Stayman",
        stage: Stage::Responding,
        meaning: "2♣ Stayman on a weak hand short in clubs, to pass whatever partner answers",
        when: |h, c| {
            over_1nt(c)
                && h.hcp < 8
                && h.len(Suit::Clubs) <= 1
                && h.len(Suit::Diamonds) >= 4
                && h.len(Suit::Hearts) >= 3
                && h.len(Suit::Spades) >= 3
                && stayman_shape(h)
        },
        call: |_, c| c.bid(2, suit(Suit::Clubs)),
    },
    BidRule {
        name: "Jacoby transfer",
        stage: Stage::Responding,
        meaning: "five or more cards in the major above the suit bid; partner bids it",
        when: |h, c| over_1nt(c) && transfer_major(h).is_some(),
        call: |h, c| {
            let m = transfer_major(h)?;
            let below = if m == Suit::Spades {
                Suit::Hearts
            } else {
                Suit::Diamonds
            };
            c.bid(2, suit(below))
        },
    },
    BidRule {
        name: "2NT invitation",
        stage: Stage::Responding,
        meaning: "8–9 points (a flat 4-3-3-3 counts one less), no four-card major: invites 3NT",
        when: |h, c| on(c) && c.is("1NT P") && (8..=9).contains(&nt_points(h)),
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "3NT response",
        stage: Stage::Responding,
        meaning: "10–15 points (a flat 4-3-3-3 counts one less), no four-card major: game",
        when: |h, c| {
            nt_opened(c, 1)
                && c.auction.len() == 2
                && (10..=15).contains(&nt_points(h))
                && h.hcp <= 15
        },
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "4NT quantitative",
        stage: Stage::Responding,
        meaning: "16–17 HCP, balanced: invites 6NT (not Blackwood)",
        when: |h, c| c.is("1NT P") && h.balanced && (16..=17).contains(&h.hcp),
        call: |_, c| c.bid(4, NT),
    },
    BidRule {
        name: "pass 1NT",
        stage: Stage::Responding,
        meaning: "fewer than 8 points (a flat 4-3-3-3 counts one less) and nothing to show: play 1NT",
        when: |h, c| c.is("1NT P") && nt_points(h) < 8,
        call: |_, _| Some(Call::Pass),
    },
    // ----- Responder over 2NT (or 2♣ then 2NT, or 2♣ then 3NT) -----
    BidRule {
        name: "3C Stayman",
        stage: Stage::Later,
        meaning: "a four-card major and game values opposite partner's 2NT (4+ HCP, 2+ after 2♣); asks for a four-card major",
        when: |h, c| {
            let min = if c.is("2NT P") { 4 } else { 2 };
            over_2nt(c) && h.hcp >= min && stayman_shape(h)
        },
        call: |_, c| c.bid(3, suit(Suit::Clubs)),
    },
    BidRule {
        name: "transfer over 2NT",
        stage: Stage::Later,
        meaning: "five or more cards in the major above the suit bid; partner bids it",
        when: |h, c| over_2nt(c) && transfer_major(h).is_some(),
        call: |h, c| {
            let below = if transfer_major(h)? == Suit::Spades {
                Suit::Hearts
            } else {
                Suit::Diamonds
            };
            c.bid(3, suit(below))
        },
    },
    BidRule {
        name: "transfer over 3NT",
        stage: Stage::Later,
        meaning: "six or more cards in the major above the suit bid; partner bids it at the four level",
        when: |h, c| {
            on(c)
                && c.is("2C P 2D P 3NT P")
                && (h.len(Suit::Hearts) >= 6 || h.len(Suit::Spades) >= 6)
        },
        call: |h, c| {
            let below = if h.len(Suit::Spades) > h.len(Suit::Hearts) {
                Suit::Hearts
            } else {
                Suit::Diamonds
            };
            c.bid(4, suit(below))
        },
    },
    // ----- Stolen bids: a double of their two-level (three over 2NT) club overcall -----
    BidRule {
        name: "stolen-bid double",
        stage: Stage::Responding,
        meaning: "doubles their 2♣ (3♣ over 2NT) to ask for a major, as Stayman would",
        when: |h, c| {
            on(c)
                && ((c.is("1NT 2C") && nt_points(h) >= 8) || (c.is("2NT 3C") && h.hcp >= 4))
                && stayman_shape(h)
        },
        call: |_, c| c.is_legal(Call::Double).then_some(Call::Double),
    },
    // ----- Opener's rebids -----
    BidRule {
        name: "Stayman answer",
        stage: Stage::Later,
        meaning: "answers Stayman: a four-card major (hearts first), or diamonds to deny one",
        when: |_, c| {
            on(c) && (c.is("1NT P|X 2C P") || c.is("2NT P 3C P") || c.is("2C P 2D P 2NT P 3C P"))
        },
        call: |h, c| {
            let level = c.bid_at(c.auction.len() - 2)?.level;
            let s = [Suit::Hearts, Suit::Spades]
                .into_iter()
                .find(|&s| h.len(s) >= 4)
                .unwrap_or(Suit::Diamonds);
            c.bid(level, suit(s))
        },
    },
    BidRule {
        name: "answer the stolen-bid double",
        stage: Stage::Rebidding,
        meaning: "partner's double asks for a major: a four-card major, pass with clubs, else 2♦",
        when: |_, c| on(c) && c.is("1NT 2C X P"),
        call: |h, c| {
            if let Some(m) = [Suit::Hearts, Suit::Spades]
                .into_iter()
                .find(|&s| h.len(s) >= 4)
            {
                return c.bid(2, suit(m));
            }
            if h.len(Suit::Clubs) >= 4 {
                Some(Call::Pass)
            } else {
                c.bid(2, suit(Suit::Diamonds))
            }
        },
    },
    BidRule {
        name: "super-accept",
        stage: Stage::Rebidding,
        meaning: "17 HCP and four-card support: accepts the transfer a level higher",
        when: |h, c| {
            on(c)
                && c.is("1NT P|X 2D|2H P")
                && h.hcp >= 17
                && suit_at(c, 2).is_some_and(|s| h.len(above(s)) >= 4)
        },
        call: |_, c| c.bid(3, suit(above(suit_at(c, 2)?))),
    },
    BidRule {
        name: "complete the transfer",
        stage: Stage::Later,
        meaning: "bids the major partner's transfer showed",
        when: |_, c| {
            on(c)
                && (c.is("1NT P|X 2D|2H P")
                    || c.is("2NT P 3D|3H P")
                    || c.is("2C P 2D P 2NT P 3D|3H P")
                    || c.is("2C P 2D P 3NT P 4D|4H P"))
        },
        call: |_, c| {
            let b = c.bid_at(c.auction.len() - 2)?;
            c.bid(b.level, suit(above(b.strain.trump()?)))
        },
    },
    BidRule {
        name: "3C after the 2S puppet",
        stage: Stage::Rebidding,
        meaning: "3♣, as partner's 2♠ asked",
        when: |_, c| on(c) && c.is("1NT P 2S P"),
        call: |_, c| c.bid(3, suit(Suit::Clubs)),
    },
    BidRule {
        name: "2C after the redouble",
        stage: Stage::Rebidding,
        meaning: "2♣, as partner's redouble asked",
        when: |_, c| on(c) && c.is("1NT X XX P"),
        call: |_, c| c.bid(2, suit(Suit::Clubs)),
    },
    BidRule {
        name: "Gerber: aces",
        stage: Stage::Rebidding,
        meaning: "answers Gerber by steps: 4♦ no ace or four, 4♥ one, 4♠ two, 4NT three",
        when: |_, c| on(c) && c.is("1NT|2NT P 4C P"),
        call: |h, c| step_answer(c, Bid::new(4, suit(Suit::Diamonds)), h.count_rank(0)),
    },
    BidRule {
        name: "Gerber: kings",
        stage: Stage::Later,
        meaning: "answers 5♣ by steps: 5♦ no king or four, 5♥ one, 5♠ two, 5NT three",
        when: |_, c| on(c) && c.is("1NT|2NT P 4C P * P 5C P"),
        call: |h, c| step_answer(c, Bid::new(5, suit(Suit::Diamonds)), h.count_rank(1)),
    },
    BidRule {
        name: "answer 4NT quantitative",
        stage: Stage::Rebidding,
        meaning: "partner invites 6NT: pass with 15; 6NT with 16–17, but 5NT with 16 and a five-card suit (a choice of slams)",
        when: |_, c| c.is("1NT P 4NT P"),
        call: |h, c| match h.hcp {
            0..=15 => Some(Call::Pass),
            16 if h.suits().iter().any(|&s| h.len(s) >= 5) => c.bid(5, NT),
            _ => c.bid(6, NT),
        },
    },
    BidRule {
        name: "answer the invitational minor",
        stage: Stage::Rebidding,
        meaning: "partner's good six-card minor invites 3NT: accept with 17 or a fitting honour",
        when: |_, c| on(c) && c.is("1NT P 3C|3D P"),
        call: |h, c| {
            let s = suit_at(c, 2)?;
            if h.hcp >= 17 || h.top_honours(s) >= 1 {
                c.bid(3, NT)
            } else {
                Some(Call::Pass)
            }
        },
    },
    BidRule {
        name: "answer the major slam try",
        stage: Stage::Rebidding,
        meaning: "partner's six-card major: game in it with three or more, else 3NT",
        when: |_, c| on(c) && c.is("1NT P 3H|3S P"),
        call: |h, c| {
            let s = suit_at(c, 2)?;
            if h.len(s) >= 3 {
                game(c, suit(s))
            } else {
                c.bid(3, NT)
            }
        },
    },
    // Interference after Stayman or a transfer.
    BidRule {
        name: "Stayman doubled",
        stage: Stage::Rebidding,
        meaning: "after 2♣ is doubled: a four-card major; redouble with good clubs; pass denies a major",
        when: |_, c| on(c) && c.is("1NT P 2C X"),
        call: |h, c| {
            if let Some(m) = [Suit::Hearts, Suit::Spades]
                .into_iter()
                .find(|&s| h.len(s) >= 4)
            {
                return c.bid(2, suit(m));
            }
            if h.len(Suit::Clubs) >= 5 && h.top_honours(Suit::Clubs) >= 2 {
                Some(Call::Redouble)
            } else {
                Some(Call::Pass)
            }
        },
    },
    BidRule {
        name: "Stayman overcalled",
        stage: Stage::Rebidding,
        meaning: "after 2♣ is overcalled: double with four of their major, bid a four-card major, else pass",
        when: |_, c| on(c) && (c.is("1NT P 2C 2D|2H|2S") || c.is("2NT P 3C 3D|3H|3S")),
        call: |h, c| {
            let theirs = suit_at(c, 3)?;
            if theirs.is_major() && h.len(theirs) >= 4 {
                return c.is_legal(Call::Double).then_some(Call::Double);
            }
            [Suit::Hearts, Suit::Spades]
                .into_iter()
                .filter(|&s| s != theirs && h.len(s) >= 4)
                .find_map(|s| c.cheapest(suit(s)).filter(|b| b.level <= 3).map(Call::Bid))
                .or(Some(Call::Pass))
        },
    },
    BidRule {
        name: "transfer doubled",
        stage: Stage::Rebidding,
        meaning: "after the transfer is doubled: redouble with five good cards in the doubled suit; jump with four trumps, bid it with three, pass with two",
        when: |_, c| on(c) && c.is("1NT P 2D|2H X"),
        call: |h, c| {
            let bid = suit_at(c, 2)?;
            let m = above(bid);
            if h.len(bid) >= 5 && h.top_honours(bid) >= 2 {
                return Some(Call::Redouble);
            }
            match h.len(m) {
                4.. => c.bid(3, suit(m)),
                3 => c.bid(2, suit(m)),
                _ => Some(Call::Pass),
            }
        },
    },
    BidRule {
        name: "transfer overcalled",
        stage: Stage::Rebidding,
        meaning: "after the transfer is overcalled: bid the major with three or more, else pass",
        when: |_, c| on(c) && c.is("1NT P 2D|2H *") && !c.is("1NT P 2D|2H X|P"),
        call: |h, c| {
            let m = above(suit_at(c, 2)?);
            if h.len(m) >= 3 {
                c.cheapest(suit(m))
                    .filter(|b| b.level <= 3)
                    .map(Call::Bid)
                    .or(Some(Call::Pass))
            } else {
                Some(Call::Pass)
            }
        },
    },
    // ----- Responder's second call -----
    BidRule {
        name: "after the 3C puppet",
        stage: Stage::Later,
        meaning: "pass with clubs, or 3♦ with diamonds: to play",
        when: |_, c| on(c) && c.is("1NT P 2S P 3C P"),
        call: |h, c| {
            if h.len(Suit::Clubs) >= h.len(Suit::Diamonds) {
                Some(Call::Pass)
            } else {
                c.bid(3, suit(Suit::Diamonds))
            }
        },
    },
    BidRule {
        name: "after the escape redouble",
        stage: Stage::Later,
        meaning: "pass with clubs, else my long suit: to play",
        when: |_, c| on(c) && c.is("1NT X XX P 2C P"),
        call: |h, c| {
            let s = h.longest();
            if s == Suit::Clubs {
                Some(Call::Pass)
            } else {
                c.bid(2, suit(s))
            }
        },
    },
    BidRule {
        name: "pass after escape Stayman",
        stage: Stage::Later,
        meaning: "a weak hand: partner's answer is the contract",
        when: |h, c| after_stayman(c) && h.hcp < 8,
        call: |_, _| Some(Call::Pass),
    },
    BidRule {
        name: "minor after Stayman",
        stage: Stage::Later,
        meaning: "13+ HCP and a long minor, no fit in partner's major: forcing, slam interest",
        when: |h, c| {
            after_stayman(c)
                && h.hcp >= 13
                && !h.balanced
                && long_minor(h, 5).is_some()
                && stayman_answer(c).is_none_or(|m| h.len(m) < 4)
        },
        call: |h, c| c.bid(3, suit(long_minor(h, 5)?)),
    },
    BidRule {
        name: "raise the Stayman major",
        stage: Stage::Later,
        meaning: "a fit in partner's major: 3 with 8–9 HCP (inviting), game with 10+",
        when: |h, c| after_stayman(c) && stayman_answer(c).is_some_and(|m| h.len(m) >= 4),
        call: |h, c| {
            let m = suit(stayman_answer(c)?);
            if h.hcp <= 9 { c.bid(3, m) } else { game(c, m) }
        },
    },
    BidRule {
        name: "five-card major after 2D",
        stage: Stage::Later,
        meaning: "five cards in the major, four in the other: 2 inviting with 8–9 HCP, 3 forcing to game with 10+",
        when: |h, c| {
            after_stayman(c)
                && suit_at(c, 4) == Some(Suit::Diamonds)
                && (h.len(Suit::Hearts) == 5 || h.len(Suit::Spades) == 5)
        },
        call: |h, c| {
            let m = if h.len(Suit::Spades) == 5 {
                Suit::Spades
            } else {
                Suit::Hearts
            };
            c.bid(if nt_points(h) <= 9 { 2 } else { 3 }, suit(m))
        },
    },
    BidRule {
        name: "no trump after Stayman",
        stage: Stage::Later,
        meaning: "no fit in a major: 2NT inviting with 8–9 points, 3NT with 10–15 (a flat 4-3-3-3 counts one less)",
        when: |h, c| after_stayman(c) && nt_points(h) <= 15,
        call: |h, c| c.bid(if nt_points(h) <= 9 { 2 } else { 3 }, NT),
    },
    BidRule {
        name: "6-card major after a transfer",
        stage: Stage::Later,
        meaning: "six cards in the major: pass when weak, 3 inviting with 6–7 HCP, game with 8+",
        when: |h, c| transferred(c).is_some_and(|m| h.len(m) >= 6),
        call: |h, c| {
            let m = suit(transferred(c)?);
            match h.hcp {
                0..=5 => Some(Call::Pass),
                6..=7 => c.bid(3, m),
                _ => game(c, m),
            }
        },
    },
    BidRule {
        name: "both majors after a transfer",
        stage: Stage::Later,
        meaning: "five-five in the majors: via hearts 2♠ invites; via spades 4♥ offers a choice of games, 3♥ with slam interest",
        when: |h, c| transferred(c).is_some_and(|m| h.len(other_major(m)) >= 5) && h.hcp >= 7,
        call: |h, c| {
            let m = transferred(c)?;
            match (m, h.hcp) {
                (Suit::Hearts, 7..=9) => c.bid(2, suit(Suit::Spades)),
                (Suit::Spades, 14..) => c.bid(3, suit(Suit::Hearts)),
                (Suit::Spades, _) => c.bid(4, suit(Suit::Hearts)),
                _ => None,
            }
        },
    },
    BidRule {
        name: "new minor after a transfer",
        stage: Stage::Later,
        meaning: "10+ HCP, five cards in the major and four or more in the minor: forcing to game",
        when: |h, c| {
            transferred(c).is_some()
                && h.hcp >= 10
                && (h.len(Suit::Clubs) >= 4 || h.len(Suit::Diamonds) >= 4)
                && !h.balanced
        },
        call: |h, c| {
            let s = if h.len(Suit::Diamonds) > h.len(Suit::Clubs) {
                Suit::Diamonds
            } else {
                Suit::Clubs
            };
            c.bid(3, suit(s))
        },
    },
    BidRule {
        name: "after a transfer",
        stage: Stage::Later,
        meaning: "five cards in the major: pass when weak, 2NT inviting with 8–9 HCP, 3NT with 10–15 (partner picks the game)",
        when: |h, c| transferred(c).is_some() && h.hcp <= 15,
        call: |h, c| match h.hcp {
            0..=7 => Some(Call::Pass),
            8..=9 => c.bid(2, NT),
            _ => c.bid(3, NT),
        },
    },
    BidRule {
        name: "after a transfer over 2NT",
        stage: Stage::Later,
        meaning: "pass with 0–3 HCP (0–1 after 2♣); else game: the major with six, 3NT with five (partner picks)",
        when: |_, c| {
            on(c) && (c.is("2NT P 3D|3H P 3H|3S P") || c.is("2C P 2D P 2NT P 3D|3H P 3H|3S P"))
        },
        call: |h, c| {
            let m = c.bid_at(c.auction.len() - 2)?.strain;
            let weak = if c.starts("2NT") { 3 } else { 1 };
            match (h.hcp, h.len(m.trump()?)) {
                (p, _) if p <= weak => Some(Call::Pass),
                (_, 6..) => game(c, m),
                _ => c.bid(3, NT),
            }
        },
    },
    BidRule {
        name: "after 3C Stayman",
        stage: Stage::Later,
        meaning: "game in partner's major with four; else 3 of a five-card major (forcing) or 3NT",
        when: |_, c| {
            on(c) && (c.is("2NT P 3C P 3D|3H|3S P") || c.is("2C P 2D P 2NT P 3C P 3D|3H|3S P"))
        },
        call: |h, c| {
            let ans = c.bid_at(c.auction.len() - 2)?.strain.trump()?;
            if ans.is_major() && h.len(ans) >= 4 {
                game(c, suit(ans))
            } else if let Some(m) = [Suit::Hearts, Suit::Spades]
                .into_iter()
                .find(|&s| h.len(s) >= 5)
            {
                c.bid(3, suit(m))
            } else {
                c.bid(3, NT)
            }
        },
    },
    BidRule {
        name: "pass the completed transfer over 3NT",
        stage: Stage::Later,
        meaning: "the major at the four level is the contract",
        when: |_, c| on(c) && c.is("2C P 2D P 3NT P 4D|4H P 4H|4S P"),
        call: |_, _| Some(Call::Pass),
    },
    // ----- Opener's third call -----
    BidRule {
        name: "opener after Stayman's invitation",
        stage: Stage::Later,
        meaning: "partner invites: game with 16–17, else stop; with four spades after 2♥–2NT, spades (three, or four with 16–17)",
        when: |_, c| {
            on(c)
                && c.is("1NT P 2C P 2D|2H|2S P 2NT|3H|3S P")
                && (c.bid_at(6).is_some_and(|b| b.strain == NT) || suit_at(c, 6) == suit_at(c, 4))
        },
        call: |h, c| {
            let b = c.bid_at(6)?;
            let max = h.hcp >= 16;
            match b.strain.trump() {
                None if suit_at(c, 4) == Some(Suit::Hearts) && h.len(Suit::Spades) >= 4 => {
                    c.bid(if max { 4 } else { 3 }, suit(Suit::Spades))
                }
                _ if !max => Some(Call::Pass),
                Some(m) => game(c, suit(m)),
                None => c.bid(3, NT),
            }
        },
    },
    BidRule {
        name: "opener after Stayman's 3NT",
        stage: Stage::Later,
        meaning: "partner has four spades then: 4♠ with four, else pass",
        when: |_, c| on(c) && c.is("1NT P 2C P 2H P 3NT P"),
        call: |h, c| {
            if h.len(Suit::Spades) >= 4 {
                game(c, suit(Suit::Spades))
            } else {
                Some(Call::Pass)
            }
        },
    },
    BidRule {
        name: "opener after the forcing five-card major",
        stage: Stage::Later,
        meaning: "game in partner's five-card major with three or more, else 3NT",
        when: |_, c| on(c) && c.is("1NT P 2C P 2D P 3H|3S P"),
        call: |h, c| {
            let m = suit_at(c, 6)?;
            if h.len(m) >= 3 {
                game(c, suit(m))
            } else {
                c.bid(3, NT)
            }
        },
    },
    BidRule {
        name: "opener after the transfer",
        stage: Stage::Later,
        meaning: "chooses the contract after partner's rebid: the major with three cards, no trump with two; accepts invitations with 16–17",
        when: |_, c| after_transfer_rebid(c).is_some(),
        call: |h, c| {
            let (m, b) = after_transfer_rebid(c)?;
            let fit = h.len(m) >= 3;
            let max = h.hcp >= 16;
            match (b.level, b.strain) {
                (2, NT) => match (max, fit) {
                    (true, true) => game(c, suit(m)),
                    (true, false) => c.bid(3, NT),
                    (false, true) => c.bid(3, suit(m)),
                    (false, false) => Some(Call::Pass),
                },
                (3, NT) if fit => game(c, suit(m)),
                (3, Strain::Suit(Suit::Clubs | Suit::Diamonds)) => {
                    if fit {
                        game(c, suit(m))
                    } else {
                        c.bid(3, NT)
                    }
                }
                (3, Strain::Suit(Suit::Hearts)) if m == Suit::Spades => {
                    let best = if h.len(Suit::Hearts) > h.len(Suit::Spades) {
                        Suit::Hearts
                    } else {
                        Suit::Spades
                    };
                    game(c, suit(best))
                }
                (3, Strain::Suit(s)) if s == m => {
                    if max {
                        game(c, suit(m))
                    } else {
                        Some(Call::Pass)
                    }
                }
                (4, Strain::Suit(Suit::Hearts)) if m == Suit::Spades => {
                    if h.len(Suit::Spades) > h.len(Suit::Hearts) {
                        game(c, suit(Suit::Spades))
                    } else {
                        Some(Call::Pass)
                    }
                }
                (2, Strain::Suit(Suit::Spades)) if m == Suit::Hearts => {
                    let best = if h.len(Suit::Spades) > h.len(Suit::Hearts) {
                        Suit::Spades
                    } else {
                        Suit::Hearts
                    };
                    if max {
                        game(c, suit(best))
                    } else if best == Suit::Hearts {
                        c.bid(3, suit(best))
                    } else {
                        Some(Call::Pass)
                    }
                }
                _ => None,
            }
        },
    },
    BidRule {
        name: "opener after the invitational five-card major",
        stage: Stage::Later,
        meaning: "partner invites with five cards: with 16–17 game (the major with three, else 3NT), else pass",
        when: |_, c| on(c) && c.is("1NT P 2C P 2D P 2H|2S P"),
        call: |h, c| {
            let m = suit_at(c, 6)?;
            match (h.hcp >= 16, h.len(m) >= 3) {
                (true, true) => game(c, suit(m)),
                (true, false) => c.bid(3, NT),
                _ => Some(Call::Pass),
            }
        },
    },
    BidRule {
        name: "opener after the minor",
        stage: Stage::Later,
        meaning: "no fit for partner's minor shown yet: 3NT",
        when: |_, c| on(c) && c.is("1NT P 2C P 2D|2H|2S P 3C|3D P"),
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "accept 5NT",
        stage: Stage::Later,
        meaning: "partner's jump to 5NT forces to slam: 6NT",
        when: |_, c| c.is("1NT|2NT P 5NT P") || c.is("1NT|2NT P 2C|2D|2H|3C|3D|3H P * P 5NT P"),
        call: |_, c| c.bid(6, NT),
    },
    BidRule {
        name: "answer the 2NT invitation",
        stage: Stage::Rebidding,
        meaning: "3NT with a maximum (17, or 16 with a five-card suit; a flat 4-3-3-3 counts one less), else pass",
        when: |_, c| c.is("1NT P 2NT P"),
        call: |h, c| {
            if maximum(h) {
                c.bid(3, NT)
            } else {
                Some(Call::Pass)
            }
        },
    },
    // ----- Other no trump openings (0NT in Five Crowns): natural -----
    BidRule {
        name: "no trump game",
        stage: Stage::Responding,
        meaning: "enough for game opposite partner's no trump, no major to show",
        when: |h, c| {
            c.partner_opening().is_some_and(|b| b.strain == NT) && h.hcp + c.partner.min_hcp >= 25
        },
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "no trump invitation",
        stage: Stage::Responding,
        meaning: "invites game opposite partner's no trump: game if partner is at the top of the range",
        when: |h, c| {
            c.partner_opening().is_some_and(|b| b.strain == NT) && h.hcp + c.partner.max_hcp >= 25
        },
        call: |_, c| c.cheapest(NT).filter(|b| b.level <= 2).map(Call::Bid),
    },
    BidRule {
        name: "accept the no trump invitation",
        stage: Stage::Rebidding,
        meaning: "top of the no trump range after partner's invitation: game",
        when: |h, c| {
            c.my_opening().is_some_and(|b| b.strain == NT)
                && c.partner_bids()
                    .last()
                    .is_some_and(|b| b.strain == NT && b.level < 3)
                && h.hcp + c.partner.min_hcp + 1 >= 25
        },
        call: |_, c| c.bid(3, NT),
    },
];

/// What partner's call shows when it is one of this section's no trump conventions; `false`
/// leaves the call to the general reading in `shown`.
pub(crate) fn reads(shown: &mut Shown, seen: &Seen) -> bool {
    if seen.style == DeckStyle::FiveCrowns {
        return false;
    }
    let b = match seen.call {
        Call::Bid(b) => b,
        Call::Redouble if seen.after("1NT X") => {
            range(shown, 0, 7);
            return true;
        }
        Call::Pass if seen.after("1NT P") => {
            range(shown, 0, 7);
            return true;
        }
        _ => return false,
    };
    let s = b.strain.trump();
    // Partner responds to my 1NT.
    if seen.after("1NT P|X") {
        match (b.level, b.strain) {
            (2, Strain::Suit(Suit::Clubs)) => {}
            (2, Strain::Suit(t)) if t != Suit::Spades => length(shown, above(t), 5),
            (2, Strain::Suit(_)) => range(shown, 0, 7),
            (2, Strain::NoTrump) => range(shown, 8, 9),
            (3, Strain::Suit(t)) if t.is_major() => {
                range(shown, 14, 40);
                length(shown, t, 6);
            }
            (3, Strain::Suit(t)) => {
                range(shown, 5, 9);
                length(shown, t, 6);
            }
            (3, Strain::NoTrump) => range(shown, 10, 15),
            (4, Strain::NoTrump) => range(shown, 16, 17),
            _ => return false,
        }
        return true;
    }
    // Partner answers my Stayman, or completes my transfer.
    if seen.after("1NT P|X 2C P") || seen.after("2NT P 3C P") || seen.after("2C P 2D P 2NT P 3C P")
    {
        if let Some(m) = s.filter(|m| m.is_major()) {
            length(shown, m, 4);
        }
        return true;
    }
    if seen.after("1NT P|X 2D|2H P") {
        if let Some(m) = s.filter(|m| m.is_major()) {
            length(shown, m, if b.level == 3 { 4 } else { 2 });
        }
        if b.level == 3 {
            range(shown, 17, 17);
        }
        return true;
    }
    // Partner's transfers over 2NT.
    if seen.after("2NT P") || seen.after("2C P 2D P 2NT P") {
        match (b.level, s) {
            (3, Some(Suit::Diamonds | Suit::Hearts)) => length(shown, above(s.unwrap()), 5),
            (3, Some(Suit::Clubs)) => {}
            _ => return false,
        }
        return true;
    }
    if seen.after("2C P 2D P 3NT P") && b.level == 4 {
        if let Some(t @ (Suit::Diamonds | Suit::Hearts)) = s {
            length(shown, above(t), 6);
            return true;
        }
        return false;
    }
    // Responder's rebids after Stayman and transfers.
    if seen.after("1NT P|X 2C P 2D|2H|2S P") {
        match (b.level, b.strain) {
            (2, Strain::NoTrump) => range(shown, 8, 9),
            (3, Strain::NoTrump) => range(shown, 10, 15),
            (2 | 3, Strain::Suit(t)) if t.is_major() => {
                range(shown, if b.level == 2 { 8 } else { 10 }, 15);
                length(shown, t, 4);
            }
            (3, Strain::Suit(t)) => {
                range(shown, 13, 40);
                length(shown, t, 6);
            }
            _ => return false,
        }
        return true;
    }
    if seen.after("1NT P|X 2D|2H P 2H|2S P") {
        match (b.level, b.strain) {
            (2, Strain::NoTrump) => range(shown, 8, 9),
            (3, Strain::NoTrump) => range(shown, 10, 15),
            (2, Strain::Suit(t)) => {
                range(shown, 7, 9);
                length(shown, t, 5);
            }
            (3 | 4, Strain::Suit(t)) => length(shown, t, if t.is_major() { 5 } else { 4 }),
            _ => return false,
        }
        return true;
    }
    false
}
