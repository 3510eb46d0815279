//! Competition in suit auctions: overcalls (simple, weak jump, 1NT), takeout doubles,
//! Michaels cue bids and the unusual 2NT, balancing, and advancing all of them; and on
//! the opening side, negative doubles, redoubles, Jordan 2NT, opener's rebids after a
//! negative double and reopening doubles.

use super::*;
use crate::hand_eval::honours;

/// Bit set (by suit index) of the suits the opponents have bid.
fn their_suits(c: &AuctionContext) -> u8 {
    c.calls
        .iter()
        .filter(|&&(p, _)| c.is_opponent(p))
        .filter_map(|&(_, call)| match call {
            Call::Bid(b) => b.strain.trump(),
            _ => None,
        })
        .fold(0, |m, s| m | 1 << s.index())
}

/// Bit set of the suits my side has bid.
fn our_suits(c: &AuctionContext) -> u8 {
    c.calls
        .iter()
        .filter(|&&(p, _)| !c.is_opponent(p))
        .filter_map(|&(_, call)| match call {
            Call::Bid(b) => b.strain.trump(),
            _ => None,
        })
        .fold(0, |m, s| m | 1 << s.index())
}

fn has(mask: u8, s: Suit) -> bool {
    mask & (1 << s.index()) != 0
}

/// Whether the call at place `i` of the auction (from the opening) was mine.
fn mine_at(c: &AuctionContext, i: usize) -> bool {
    i < c.auction.len() && (c.auction.len() - i).is_multiple_of(4)
}

/// Whether the call at place `i` was partner's.
fn partners_at(c: &AuctionContext, i: usize) -> bool {
    i < c.auction.len() && (c.auction.len() - i) % 4 == 2
}

/// The opening bid's suit (whoever opened).
fn opened_suit(c: &AuctionContext) -> Option<Suit> {
    c.bid_at(0).and_then(|b| b.strain.trump())
}

/// The pass-out seat: the opponents bid, and the two calls since were passes.
fn balancing(c: &AuctionContext) -> bool {
    let n = c.auction.len();
    n >= 3
        && c.auction[n - 1] == Call::Pass
        && c.auction[n - 2] == Call::Pass
        && matches!(c.auction[n - 3], Call::Bid(_))
        && c.opponents_hold_bid()
}

/// A sure stopper for no trump: the ace, K x x, Q x x x or Q J x.
fn firm_stop(h: &HandFacts, s: Suit) -> bool {
    let len = h.len(s);
    let rank_held = |k: u8| h.holds(s, k);
    rank_held(0)
        || (rank_held(1) && len >= 3)
        || (rank_held(2) && len >= 4)
        || (rank_held(2) && rank_held(3) && len >= 3)
}

/// Firm stoppers in every suit the opponents bid.
fn stops_all(h: &HandFacts, c: &AuctionContext) -> bool {
    let theirs = their_suits(c);
    h.suits()
        .iter()
        .filter(|&&s| has(theirs, s))
        .all(|&s| firm_stop(h, s))
}

/// Points for shortness in the opponents' suits: void 3, singleton 2, doubleton 1.
fn short_in_theirs(h: &HandFacts, c: &AuctionContext) -> u8 {
    let theirs = their_suits(c);
    h.suits()
        .iter()
        .filter(|&&s| has(theirs, s))
        .map(|&s| match h.len(s) {
            0 => 3,
            1 => 2,
            2 => 1,
            _ => 0,
        })
        .sum()
}

/// The shape of a takeout double: at most two cards in each suit they bid, three or more
/// in each other major, two or more in each other minor.
fn takeout_shape(h: &HandFacts, c: &AuctionContext) -> bool {
    let theirs = their_suits(c);
    theirs != 0
        && h.suits().iter().all(|&s| {
            if has(theirs, s) {
                h.len(s) <= 2
            } else if s.is_major() {
                h.len(s) >= 3
            } else {
                h.len(s) >= 2
            }
        })
}

/// Two suits of five or more cards (the two longest, higher first).
fn two_suiter(h: &HandFacts) -> Option<(Suit, Suit)> {
    let key = |s: Suit| (h.len(s), s.index());
    let first = h
        .suits()
        .iter()
        .copied()
        .filter(|&s| h.len(s) >= 5)
        .max_by_key(|&s| key(s))?;
    let second = h
        .suits()
        .iter()
        .copied()
        .filter(|&s| s != first && h.len(s) >= 5)
        .max_by_key(|&s| key(s))?;
    Some((first, second))
}

/// The two suits a Michaels cue bid of `theirs` shows: both majors over a minor; over a
/// major, the other major and a minor (the one held).
fn michaels_suits(h: &HandFacts, theirs: Suit) -> Option<(Suit, Suit)> {
    match theirs {
        Suit::Clubs | Suit::Diamonds => Some((Suit::Hearts, Suit::Spades)),
        Suit::Hearts | Suit::Spades => {
            let other = if theirs == Suit::Hearts {
                Suit::Spades
            } else {
                Suit::Hearts
            };
            let minor = if h.len(Suit::Clubs) >= h.len(Suit::Diamonds) {
                Suit::Clubs
            } else {
                Suit::Diamonds
            };
            Some((other, minor))
        }
        Suit::Stars => None,
    }
}

/// The two lowest suits the opponents have not bid: the unusual 2NT's suits.
fn unusual_suits(c: &AuctionContext) -> Option<(Suit, Suit)> {
    let theirs = their_suits(c);
    let mut free = Suit::STANDARD.iter().copied().filter(|&s| !has(theirs, s));
    // Over a strong 2C, 2NT shows the minors.
    if c.is("2C") {
        return Some((Suit::Clubs, Suit::Diamonds));
    }
    Some((free.next()?, free.next()?))
}

/// A two-suiter's strength for Michaels and the unusual 2NT: weak (at most 10 HCP with
/// 5 in the two suits) or strong (16+), or a 6-5 or longer.
fn two_suit_strength(h: &HandFacts, a: Suit, b: Suit) -> bool {
    let weak = (5..=10).contains(&h.hcp) && h.hcp <= h.suit_hcp(a) + h.suit_hcp(b) + 2;
    weak || h.hcp >= 16 || (h.len(a) + h.len(b) >= 11 && h.hcp >= 5)
}

/// The opponents opened one suit at the one level (and responder may have bid 1NT or
/// raised): a cue bid of it is Michaels.
fn their_one_suit(c: &AuctionContext) -> Option<Suit> {
    let b = c.bid_at(0)?;
    let s = b.strain.trump()?;
    let theirs = their_suits(c);
    (b.level == 1 && theirs == 1 << s.index() && our_suits(c) == 0).then_some(s)
}

/// Michaels: the two-suiter and the call (the cheapest bid of their suit).
fn michaels(h: &HandFacts, c: &AuctionContext) -> Option<Call> {
    if fc(c) {
        return None;
    }
    let s = their_one_suit(c).or_else(|| {
        // Over a weak two in a major, a cue bid at the three level.
        let b = c.bid_at(0)?;
        (b.level == 2 && c.auction.len() == 1)
            .then(|| b.strain.trump())
            .flatten()
            .filter(|s| s.is_major())
    })?;
    let (a, b) = michaels_suits(h, s)?;
    let weak_two = c.bid_at(0)?.level == 2;
    (h.len(a) >= 5 && h.len(b) >= 5 && (two_suit_strength(h, a, b) || (weak_two && h.hcp >= 8)))
        .then(|| c.cheapest_up_to(suit(s), 3))
        .flatten()
}

/// The unusual 2NT: five-five in the two lowest unbid suits, direct seat.
fn unusual(h: &HandFacts, c: &AuctionContext) -> Option<Call> {
    if fc(c) || balancing(c) {
        return None;
    }
    let opening = c.bid_at(0)?;
    if !(opening.level == 1 || c.is("2C")) || our_suits(c) != 0 || their_suits(c).count_ones() != 1
    {
        return None;
    }
    let (a, b) = unusual_suits(c)?;
    (h.len(a) >= 5 && h.len(b) >= 5 && two_suit_strength(h, a, b))
        .then(|| c.bid(2, NT))
        .flatten()
}

/// My best suit of five or more cards, good enough to overcall, not theirs.
fn overcall_suit(h: &HandFacts, c: &AuctionContext, need_good: bool, min: u8) -> Option<Suit> {
    let theirs = their_suits(c);
    h.suits()
        .iter()
        .copied()
        .filter(|&s| !has(theirs, s) && h.len(s) >= min && (!need_good || h.good_suit(s)))
        .max_by_key(|&s| (h.len(s), s.index()))
}

/// The level of a weak jump overcall: two with six cards, three with seven, four with
/// eight; it must be a jump.
fn weak_jump(h: &HandFacts, c: &AuctionContext) -> Option<Call> {
    let s = overcall_suit(h, c, true, 6)?;
    let level = (h.len(s) - 4).min(4);
    let cheapest = c.cheapest(suit(s))?;
    (cheapest.level < level)
        .then(|| c.bid(level, suit(s)))
        .flatten()
}

/// Partner's overcall suit, when partner overcalled a suit and I advance.
fn partners_overcall(c: &AuctionContext) -> Option<Suit> {
    if c.partner_doubled() {
        return None;
    }
    let b = *c.partner_bids().first()?;
    let s = b.strain.trump()?;
    // Artificial overcalls are no suit to raise: Cappelletti's 2C and 2D over their no
    // trump, and a cue bid of their own suit (Michaels).
    let their_nt = c
        .first_bid()
        .is_some_and(|(p, o)| c.is_opponent(p) && o.strain == NT);
    let cappelletti = their_nt && b.level == 2 && matches!(s, Suit::Clubs | Suit::Diamonds);
    let cue = c.opponent_bids().iter().any(|o| o.strain == b.strain);
    (!cappelletti && !cue).then_some(s)
}

/// The cheapest bid of the opponents' (first) suit: a cue bid.
fn cue_bid(c: &AuctionContext) -> Option<Call> {
    let s = opened_suit(c).filter(|&s| has(their_suits(c), s))?;
    // Above the three level a cue bid leaves no room to stop: bid naturally instead.
    c.cheapest_up_to(suit(s), 3)
}

/// Whether the bid at place `i` jumped over the opening a level in a new suit: a weak
/// jump overcall at the two level.
fn weak_jump_at(c: &AuctionContext, i: usize) -> bool {
    let (Some(open), Some(b)) = (c.bid_at(0), c.bid_at(i)) else {
        return false;
    };
    i == 1
        && open.level == 1
        && b.level == 2
        && b.strain != NT
        && open.strain != NT
        && b.strain > open.strain
}

/// The opponents opened 1NT and I overcall, directly or in the pass-out seat.
fn over_their_nt(c: &AuctionContext) -> bool {
    !fc(c) && (c.is("1NT") || c.is("1NT P P"))
}

/// A 1NT overcall by partner that I now advance: direct ("1x 1NT P") or balancing
/// ("1x P P 1NT P"), and whether balancing.
fn partner_nt_overcall(c: &AuctionContext) -> Option<bool> {
    if fc(c) || opened_suit(c).is_none() {
        return None;
    }
    if c.is("* 1NT P") {
        Some(false)
    } else if c.is("* P P 1NT P") {
        Some(true)
    } else {
        None
    }
}

/// Partner opened a suit, RHO overcalled a suit: (opening suit, their suit, level).
fn over_our_opening(c: &AuctionContext) -> Option<(Suit, Suit, u8)> {
    if c.auction.len() != 2 || !partners_at(c, 0) {
        return None;
    }
    let ours = c.bid_at(0)?;
    let theirs = c.bid_at(1)?;
    (ours.level == 1).then_some((ours.strain.trump()?, theirs.strain.trump()?, theirs.level))
}

/// The unbid majors after partner's opening and RHO's overcall, as a bit set.
fn unbid_majors(c: &AuctionContext) -> u8 {
    let bid = their_suits(c) | our_suits(c);
    [Suit::Hearts, Suit::Spades]
        .into_iter()
        .filter(|&s| !has(bid, s))
        .fold(0, |m, s| m | 1 << s.index())
}

/// A negative double's shape: four in each unbid major (exactly four spades over 1H, where
/// 1S shows five); with no unbid major, four or more in both unbid minors.
fn negative_double_shape(h: &HandFacts, c: &AuctionContext) -> bool {
    let Some((ours, theirs, _)) = over_our_opening(c) else {
        return false;
    };
    let majors = unbid_majors(c);
    if majors != 0 {
        return [Suit::Hearts, Suit::Spades]
            .into_iter()
            .filter(|&s| has(majors, s))
            .all(|s| {
                if s == Suit::Spades
                    && theirs == Suit::Hearts
                    && c.bid_at(1).is_some_and(|b| b.level == 1)
                {
                    h.len(s) == 4
                } else {
                    h.len(s) >= 4
                }
            });
    }
    Suit::STANDARD
        .iter()
        .filter(|&&s| s != ours && s != theirs)
        .all(|&s| h.len(s) >= 4)
}

/// My negative double (partner opened, RHO overcalled, I doubled), and partner's answer
/// is the last bid: the auction "1x y X P z P".
fn after_my_negative_double(c: &AuctionContext) -> bool {
    c.auction.len() == 6
        && partners_at(c, 0)
        && mine_at(c, 2)
        && c.call_at(2) == Some(Call::Double)
        && matches!(c.call_at(1), Some(Call::Bid(_)))
        && c.call_at(5) == Some(Call::Pass)
}

/// Opener after partner's negative double: "1x y X P|z".
fn after_partners_negative_double(c: &AuctionContext) -> bool {
    c.auction.len() == 4
        && mine_at(c, 0)
        && c.call_at(2) == Some(Call::Double)
        && matches!(c.call_at(1), Some(Call::Bid(b)) if b.level <= 2 && b.strain != NT)
        && c.bid_at(0).is_some_and(|b| b.level == 1 && b.strain != NT)
        && !fc(c)
}

/// Where my takeout double is in the auction, when it is my only call but passes.
fn my_double_index(c: &AuctionContext) -> Option<usize> {
    let n = c.auction.len();
    let i = (1..n).find(|&i| mine_at(c, i) && c.auction[i] == Call::Double)?;
    let only = (0..n).all(|j| !mine_at(c, j) || j == i || c.auction[j] == Call::Pass);
    only.then_some(i)
}

/// The doubler's second call: "1x X P y P" (or "1x P P X P y P", or the opponents bid
/// again), the double mine and partner's call since at most one bid.
fn doubler_rebid(c: &AuctionContext) -> bool {
    let Some(i) = my_double_index(c) else {
        return false;
    };
    c.auction.len() == i + 4 && c.partner_bids().len() <= 1 && c.partner_opening().is_none()
}

/// The doubler's strength: balancing doubles count three points more.
fn doubler_points(h: &HandFacts, c: &AuctionContext) -> u8 {
    let balanced_double = my_double_index(c).is_some_and(|i| {
        i >= 3
            && c.auction[i - 1] == Call::Pass
            && c.auction[i - 2] == Call::Pass
            && matches!(c.auction[i - 3], Call::Bid(_))
    });
    h.hcp + if balanced_double { 3 } else { 0 }
}

/// Partner doubled a suit bid for takeout (not 1NT, which is for penalty) and it is my
/// turn to advance.
fn partner_takeout_doubled(c: &AuctionContext) -> bool {
    c.partner_last() == Some(Call::Double)
        && c.last_bid()
            .is_some_and(|(p, b)| c.is_opponent(p) && b.strain != NT)
}

/// Partner's takeout double came in the pass-out seat.
fn partner_balanced(c: &AuctionContext) -> bool {
    let n = c.auction.len();
    (3..n).any(|i| {
        partners_at(c, i)
            && c.auction[i] == Call::Double
            && c.auction[i - 1] == Call::Pass
            && c.auction[i - 2] == Call::Pass
            && matches!(c.auction[i - 3], Call::Bid(_))
    })
}

/// Partner's advance of my takeout double jumped (one level above the cheapest).
fn partner_jumped(c: &AuctionContext) -> bool {
    let n = c.auction.len();
    if n < 2 {
        return false;
    }
    let (Some(Call::Bid(adv)), Some(Call::Bid(before))) =
        (c.call_at(n - 2), last_bid_before(c, n - 2))
    else {
        return false;
    };
    let cheapest = if adv.strain > before.strain {
        before.level
    } else {
        before.level + 1
    };
    adv.level > cheapest
}

fn last_bid_before(c: &AuctionContext, i: usize) -> Option<Call> {
    let i = i.min(c.auction.len());
    c.auction[..i]
        .iter()
        .rev()
        .find(|call| matches!(call, Call::Bid(_)))
        .copied()
}

/// Strength of the advance of a takeout double: HCP, with a point for a doubleton, two
/// for a singleton, three for a void once a suit is chosen.
fn advance_suit(h: &HandFacts, c: &AuctionContext) -> Option<Suit> {
    let theirs = their_suits(c);
    h.suits()
        .iter()
        .copied()
        .filter(|&s| !has(theirs, s))
        .max_by_key(|&s| (h.len(s), s.is_major(), std::cmp::Reverse(s.index())))
}

/// A four-card or longer unbid major (the longer, hearts with equal length).
fn advance_major(h: &HandFacts, c: &AuctionContext, min: u8) -> Option<Suit> {
    let theirs = their_suits(c);
    [Suit::Hearts, Suit::Spades]
        .into_iter()
        .filter(|&s| !has(theirs, s) && h.len(s) >= min)
        .max_by_key(|&s| (h.len(s), std::cmp::Reverse(s.index())))
}

/// Partner made a Michaels cue bid or an unusual 2NT, which I advance: the two suits shown
/// (the minor unknown over a major: `None`).
fn partners_two_suiter(c: &AuctionContext) -> Option<(Suit, Option<Suit>)> {
    if fc(c) || c.auction.len() < 3 || !partners_at(c, c.auction.len() - 2) {
        return None;
    }
    let opening = c.bid_at(0)?;
    let theirs = opening.strain.trump()?;
    let direct = c.auction.len() == 3;
    let balancing_seat = c.auction.len() == 5 && c.is("* P P * P");
    if !(direct || balancing_seat) {
        return None;
    }
    let call = c.bid_at(c.auction.len() - 2)?;
    if call.strain == suit(theirs) && call.level == opening.level + 1 {
        return match theirs {
            Suit::Clubs | Suit::Diamonds => Some((Suit::Hearts, Some(Suit::Spades))),
            Suit::Hearts => Some((Suit::Spades, None)),
            Suit::Spades => Some((Suit::Hearts, None)),
            Suit::Stars => None,
        };
    }
    if call == Bid::new(2, NT) && direct && opening.level == 1 {
        let mut free = Suit::STANDARD.iter().copied().filter(|&s| s != theirs);
        return Some((free.next()?, free.next()));
    }
    None
}

/// My overcall's suit, when partner's last bid was a cue bid of the opponents' suit
/// raising it (a limit raise or better), whatever came between.
fn partner_cue_raised(c: &AuctionContext) -> Option<Suit> {
    let mine = c.my_bids().first()?.strain.trump()?;
    let cue = *c.partner_bids().last()?;
    let opened_by_them = c.first_bid().is_some_and(|(p, _)| c.is_opponent(p));
    (opened_by_them
        && cue.level <= 3
        && c.partner_bids().len() == 1
        && c.partner_last() == Some(Call::Bid(cue))
        && c.opponent_bids().iter().any(|o| o.strain == cue.strain))
    .then_some(mine)
}

pub(super) static RULES: &[BidRule] = &[
    BidRule {
        name: "answer the cue-bid raise",
        stage: Stage::Later,
        meaning: "partner's cue bid raises my overcall: game with a sound overcall (14+ points), else my suit at the cheapest level",
        when: |_, c| partner_cue_raised(c).is_some(),
        call: |h, c| {
            let s = partner_cue_raised(c)?;
            if h.hcp + support_points(h, s) >= 14 {
                game(c, suit(s)).or_else(|| c.cheapest(suit(s)).map(Call::Bid))
            } else {
                c.cheapest(suit(s)).map(Call::Bid)
            }
        },
    },
    // ---- Direct and balancing overcalls ----
    BidRule {
        name: "lead-directing double",
        stage: Stage::Overcalling,
        meaning: "a strong five-card or longer holding in the suit their artificial bid named: lead it",
        when: |h, c| {
            !fc(c)
                && c.is("1NT P 2C|2D|2H")
                && c.bid_at(2)
                    .and_then(|b| b.strain.trump())
                    .is_some_and(|s| h.len(s) >= 5 && honours(h.hand, s, h.style.top(), 3) >= 2)
        },
        call: |_, _| Some(Call::Double),
    },
    BidRule {
        name: "penalty double of 1NT",
        stage: Stage::Overcalling,
        meaning: "15+ HCP over their 1NT: for penalty",
        when: |h, c| c.is("1NT") && h.hcp >= 15,
        call: |_, _| Some(Call::Double),
    },
    BidRule {
        name: "Cappelletti 2NT",
        stage: Stage::Overcalling,
        meaning: "over their 1NT: five-five or longer in the minors",
        when: |h, c| {
            over_their_nt(c) && h.hcp >= 6 && h.len(Suit::Clubs) >= 5 && h.len(Suit::Diamonds) >= 5
        },
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "Cappelletti 2D",
        stage: Stage::Overcalling,
        meaning: "over their 1NT: both majors, five-four or longer",
        when: |h, c| {
            over_their_nt(c)
                && h.hcp >= 8
                && h.len(Suit::Hearts) >= 4
                && h.len(Suit::Spades) >= 4
                && h.len(Suit::Hearts) + h.len(Suit::Spades) >= 9
        },
        call: |_, c| c.bid(2, suit(Suit::Diamonds)),
    },
    BidRule {
        name: "Cappelletti major",
        stage: Stage::Overcalling,
        meaning: "over their 1NT: five or more cards in this major and five or more in a minor",
        when: |h, c| {
            over_their_nt(c)
                && h.hcp >= 8
                && (h.len(Suit::Clubs) >= 5 || h.len(Suit::Diamonds) >= 5)
                && (h.len(Suit::Hearts) >= 5 || h.len(Suit::Spades) >= 5)
        },
        call: |h, c| {
            let m = if h.len(Suit::Spades) >= 5 {
                Suit::Spades
            } else {
                Suit::Hearts
            };
            c.bid(2, suit(m))
        },
    },
    BidRule {
        name: "natural overcall of 1NT",
        stage: Stage::Overcalling,
        meaning: "a good seven-card or longer suit over their 1NT: natural at the three level",
        when: |h, c| over_their_nt(c) && h.hcp >= 6,
        call: |h, c| c.bid(3, suit(overcall_suit(h, c, true, 7)?)),
    },
    BidRule {
        name: "Cappelletti 2C",
        stage: Stage::Overcalling,
        meaning: "over their 1NT: a six-card or longer suit, not yet named; partner bids 2D to ask which",
        when: |h, c| over_their_nt(c) && h.hcp >= 8 && h.len(h.longest()) >= 6,
        call: |_, c| c.bid(2, suit(Suit::Clubs)),
    },
    BidRule {
        name: "1NT overcall",
        stage: Stage::Overcalling,
        meaning: "15–18 HCP, balanced, a sure stopper in their suit (K x will do with 17–18)",
        when: |h, c| {
            !balancing(c)
                && h.balanced
                && (15..=18).contains(&h.hcp)
                && (stops_all(h, c) || (h.hcp >= 17 && stops_theirs(h, c)))
                && their_suits(c) != 0
        },
        call: |_, c| c.cheapest_up_to(NT, 1),
    },
    BidRule {
        name: "2NT over a weak two",
        stage: Stage::Overcalling,
        meaning: "15–20 HCP, balanced, a sure stopper in their suit",
        when: |h, c| {
            h.balanced
                && (15..=20).contains(&h.hcp)
                && h.len(h.longest()) <= 4
                && stops_all(h, c)
                && c.bid_at(0).is_some_and(|b| b.level == 2 && b.strain != NT)
                && !c.is("2C")
        },
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "balancing 1NT",
        stage: Stage::Overcalling,
        meaning: "11–14 HCP, balanced, their suit stopped, in the pass-out seat",
        when: |h, c| {
            balancing(c)
                && h.balanced
                && (11..=14).contains(&h.hcp)
                && stops_theirs(h, c)
                && h.len(Suit::Hearts) < 5
                && h.len(Suit::Spades) < 5
        },
        call: |_, c| c.cheapest_up_to(NT, 1),
    },
    BidRule {
        name: "balancing 2NT",
        stage: Stage::Overcalling,
        meaning: "19–21 HCP, balanced, their suit stopped, in the pass-out seat",
        when: |h, c| balancing(c) && h.balanced && (19..=21).contains(&h.hcp) && stops_theirs(h, c),
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "Michaels cue bid",
        stage: Stage::Overcalling,
        meaning: "five-five: both majors over a minor, the other major and a minor over a major; weak or strong",
        when: |h, c| michaels(h, c).is_some(),
        call: michaels,
    },
    BidRule {
        name: "unusual 2NT",
        stage: Stage::Overcalling,
        meaning: "five-five in the two lowest unbid suits; weak or strong",
        when: |h, c| unusual(h, c).is_some(),
        call: unusual,
    },
    BidRule {
        name: "big-hand double",
        stage: Stage::Overcalling,
        meaning: "18+ HCP (15+ in the pass-out seat), too strong to overcall: double, then bid again",
        when: |h, c| {
            let pts = h.hcp + if balancing(c) { 3 } else { 0 };
            pts >= 18
                && two_suiter(h).is_none()
                && c.opponents_hold_bid()
                && c.last_bid()
                    .is_some_and(|(_, b)| b.level <= 3 && b.strain != NT)
        },
        call: |_, c| c.is_legal(Call::Double).then_some(Call::Double),
    },
    BidRule {
        name: "balancing jump overcall",
        stage: Stage::Overcalling,
        meaning: "12–16 HCP and a good six-card suit, in the pass-out seat",
        when: |h, c| balancing(c) && (12..=16).contains(&h.hcp),
        call: |h, c| jump(c, suit(overcall_suit(h, c, true, 6)?)),
    },
    BidRule {
        name: "weak jump overcall",
        stage: Stage::Overcalling,
        meaning: "5–11 HCP and a good six-card suit (seven at the three level, eight at four): preemptive",
        when: |h, c| !balancing(c) && (5..=11).contains(&h.hcp) && c.opponents_hold_bid(),
        call: weak_jump,
    },
    BidRule {
        name: "one-level overcall",
        stage: Stage::Overcalling,
        meaning: "8–17 HCP (7 with the top two honours) and a good five-card suit (or longer)",
        when: |h, c| {
            !balancing(c)
                && (h.hcp >= 8
                    || (h.hcp >= 7
                        && overcall_suit(h, c, true, 5)
                            .is_some_and(|s| honours(h.hand, s, h.style.top(), 2) == 2)))
                && h.hcp <= 17
        },
        call: |h, c| c.cheapest_up_to(suit(overcall_suit(h, c, true, 5)?), 1),
    },
    BidRule {
        name: "one-level overcall in a major",
        stage: Stage::Overcalling,
        meaning: "12–17 HCP and a five-card major with two honours",
        when: |h, c| !balancing(c) && (12..=17).contains(&h.hcp),
        call: |h, c| {
            let top = h.style.top();
            let s = [Suit::Spades, Suit::Hearts].into_iter().find(|&s| {
                !has(their_suits(c), s) && h.len(s) >= 5 && honours(h.hand, s, top, 5) >= 2
            })?;
            c.cheapest_up_to(suit(s), 1)
        },
    },
    BidRule {
        name: "balancing double",
        stage: Stage::Overcalling,
        meaning: "short in their suit, support for the others, 10+ points counting shortness in the pass-out seat (or 15+ HCP of any shape)",
        when: |h, c| {
            balancing(c)
                && ((takeout_shape(h, c)
                    && h.hcp + short_in_theirs(h, c) >= 10
                    && !(h.hcp < 15 && overcall_suit(h, c, true, 5).is_some_and(|s| s.is_major())))
                    || (h.hcp >= 15 && two_suiter(h).is_none()))
                && c.last_bid()
                    .is_some_and(|(_, b)| b.level <= 3 && b.strain != NT)
        },
        call: |_, _| Some(Call::Double),
    },
    BidRule {
        name: "takeout double",
        stage: Stage::Overcalling,
        meaning: "12+ points counting shortness (13+ at the three level), short in their suit, three or more cards in each other major",
        when: |h, c| {
            !balancing(c)
                && c.opponents_hold_bid()
                && takeout_shape(h, c)
                && h.hcp >= 9
                && c.last_bid().is_some_and(|(_, b)| {
                    let need = if b.level >= 3 { 13 } else { 12 };
                    b.level <= 4 && b.strain != NT && h.hcp + short_in_theirs(h, c) >= need
                })
                                // A good five-card suit and no other major to offer: overcall instead.
                && !overcall_suit(h, c, false, 6)
                    .or_else(|| overcall_suit(h, c, true, 5))
                    .is_some_and(|s| {
                    h.hcp <= 17
                        && ![Suit::Hearts, Suit::Spades]
                            .iter()
                            .any(|&m| m != s && !has(their_suits(c), m) && h.len(m) >= 4)
                })
                // Not over a new suit at the three level: that is forcing and strong.
                && !(their_suits(c).count_ones() >= 2 && c.last_bid().is_some_and(|(_, b)| b.level >= 3))
        },
        call: |_, c| c.is_legal(Call::Double).then_some(Call::Double),
    },
    BidRule {
        name: "two-level overcall",
        stage: Stage::Overcalling,
        meaning: "9+ HCP with a six-card suit, 11+ with a good five-card suit (13+ vulnerable); at most three cards in their suit",
        when: |h, c| !balancing(c) && (9..=17).contains(&h.hcp),
        call: |h, c| {
            let s = overcall_suit(h, c, true, 5).or_else(|| overcall_suit(h, c, false, 6))?;
            let need = match (h.len(s), c.we_vulnerable) {
                (6.., _) => 9,
                (_, false) => 11,
                (_, true) => 13,
            };
            let theirs_long = h
                .suits()
                .iter()
                .any(|&t| has(their_suits(c), t) && h.len(t) >= 4);
            (h.hcp >= need && !theirs_long)
                .then(|| c.cheapest_up_to(suit(s), 2))
                .flatten()
        },
    },
    BidRule {
        name: "balancing overcall",
        stage: Stage::Overcalling,
        meaning: "6–17 HCP and a five-card or longer suit, in the pass-out seat",
        when: |h, c| balancing(c) && (6..=17).contains(&h.hcp),
        call: |h, c| c.cheapest_up_to(suit(overcall_suit(h, c, false, 5)?), 2),
    },
    // ---- Advancing ----
    BidRule {
        name: "answer Cappelletti 2C",
        stage: Stage::Advancing,
        meaning: "after partner's 2C over their 1NT: 2D asks for the suit; pass with long clubs, or bid a long suit of my own",
        when: |_, c| !fc(c) && c.is("1NT 2C P"),
        call: |h, c| {
            if h.len(Suit::Clubs) >= 6 {
                return Some(Call::Pass);
            }
            match [Suit::Spades, Suit::Hearts]
                .into_iter()
                .find(|&s| h.len(s) >= 6 && h.good_suit(s))
            {
                Some(s) => c.bid(2, suit(s)),
                None => c.bid(2, suit(Suit::Diamonds)),
            }
        },
    },
    BidRule {
        name: "answer Cappelletti 2D",
        stage: Stage::Advancing,
        meaning: "after partner's majors over their 1NT: the better major, a jump with four and 10+ HCP; 2NT with the minors",
        when: |_, c| !fc(c) && c.is("1NT 2D P"),
        call: |h, c| {
            let (he, sp) = (h.len(Suit::Hearts), h.len(Suit::Spades));
            if he <= 2 && sp <= 2 {
                if h.len(Suit::Clubs) >= 5 && h.len(Suit::Diamonds) >= 5 {
                    return c.bid(2, NT);
                }
                if h.len(Suit::Diamonds) >= 6 {
                    return Some(Call::Pass);
                }
                if h.len(Suit::Clubs) >= 7 {
                    return c.bid(3, suit(Suit::Clubs));
                }
            }
            let m = if sp > he { Suit::Spades } else { Suit::Hearts };
            if h.len(m) >= 4 && h.hcp >= 10 {
                c.bid(3, suit(m))
            } else {
                c.bid(2, suit(m))
            }
        },
    },
    BidRule {
        name: "answer Cappelletti's major",
        stage: Stage::Advancing,
        meaning: "after partner's major and minor over their 1NT: pass or invite (9+ and four) with support; my own long suit; else 2NT asks for the minor",
        when: |_, c| !fc(c) && c.is("1NT 2H|2S P"),
        call: |h, c| {
            let m = c.bid_at(1)?.strain.trump()?;
            if h.len(m) >= 3 {
                return if h.len(m) >= 4 && h.hcp >= 9 {
                    c.bid(3, suit(m))
                } else {
                    Some(Call::Pass)
                };
            }
            if let Some(s) = h
                .suits()
                .iter()
                .copied()
                .find(|&s| s.is_major() && s != m && h.len(s) >= 6)
            {
                return c.cheapest(suit(s)).map(Call::Bid);
            }
            c.bid(2, NT)
        },
    },
    BidRule {
        name: "escape from partner's penalty double of 1NT",
        stage: Stage::Advancing,
        meaning: "a weak hand with a five-card or longer suit: play there rather than defend 1NT doubled",
        when: |h, c| c.is("1NT X P") && h.hcp <= 5,
        call: |h, c| {
            let n = h.len(h.longest());
            let s = h.suits().iter().copied().find(|&s| h.len(s) == n)?;
            (n >= 5).then(|| c.bid(2, suit(s))).flatten()
        },
    },
    BidRule {
        name: "answer Michaels over a minor",
        stage: Stage::Advancing,
        meaning: "the better major: three of it with 11–12 HCP outside their suit, game with 13+",
        when: |_, c| {
            partners_two_suiter(c)
                .is_some_and(|(a, b)| a == Suit::Hearts && b == Some(Suit::Spades))
        },
        call: |h, c| {
            let m = if h.len(Suit::Spades) > h.len(Suit::Hearts) {
                Suit::Spades
            } else {
                Suit::Hearts
            };
            if h.len(m) <= 2 && h.hcp >= 10 {
                return c.cheapest_up_to(NT, 2);
            }
            // Values in their suit are worth little in a major.
            let wasted = h.suit_hcp(opened_suit(c)?);
            match h.hcp.saturating_sub(wasted) {
                13.. => game(c, suit(m)),
                11..=12 => c
                    .bid(3, suit(m))
                    .or_else(|| c.cheapest(suit(m)).map(Call::Bid)),
                _ => c.cheapest(suit(m)).map(Call::Bid),
            }
        },
    },
    BidRule {
        name: "answer Michaels over a major",
        stage: Stage::Advancing,
        meaning: "three or more cards in partner's major: raise it (a jump with 9–12, game with 13+); without, 2NT asks for the minor",
        when: |_, c| partners_two_suiter(c).is_some_and(|(_, b)| b.is_none()),
        call: |h, c| {
            let (m, _) = partners_two_suiter(c)?;
            if h.len(m) >= 3 {
                let pts = h.hcp + support_points(h, m);
                return match pts {
                    13.. => game(c, suit(m)),
                    9..=12 => c
                        .bid(3, suit(m))
                        .or_else(|| c.cheapest(suit(m)).map(Call::Bid)),
                    _ => c.cheapest(suit(m)).map(Call::Bid),
                };
            }
            // Without support: 2NT asks for the minor; above it, bid my longer minor.
            let minor = if h.len(Suit::Clubs) >= h.len(Suit::Diamonds) {
                Suit::Clubs
            } else {
                Suit::Diamonds
            };
            c.cheapest_up_to(NT, 2)
                .or_else(|| c.cheapest(suit(minor)).map(Call::Bid))
        },
    },
    BidRule {
        name: "answer the unusual 2NT",
        stage: Stage::Advancing,
        meaning: "the better of partner's two suits; game with a fit and 13+ points",
        when: |_, c| {
            partners_two_suiter(c).is_some_and(|(a, b)| b.is_some() && a != Suit::Hearts)
                || c.is("* 2NT P") && partners_two_suiter(c).is_some()
        },
        call: |h, c| {
            let (a, b) = partners_two_suiter(c)?;
            let b = b?;
            let s = if h.len(b) >= h.len(a) { b } else { a };
            if h.len(s) >= 4 && h.hcp + support_points(h, s) >= 13 {
                return game(c, suit(s));
            }
            c.cheapest(suit(s)).map(Call::Bid)
        },
    },
    BidRule {
        name: "Stayman over partner's 1NT overcall",
        stage: Stage::Advancing,
        meaning: "a four-card major and invitational values or better (8+ HCP; 11+ after a balancing 1NT): asks for a major",
        when: |h, c| {
            partner_nt_overcall(c).is_some_and(|bal| h.hcp >= if bal { 11 } else { 8 })
                && (h.len(Suit::Hearts) == 4 || h.len(Suit::Spades) == 4)
        },
        call: |_, c| c.bid(2, suit(Suit::Clubs)),
    },
    BidRule {
        name: "transfer over partner's 1NT overcall",
        stage: Stage::Advancing,
        meaning: "five or more cards in the major above the suit bid: partner bids it",
        when: |h, c| {
            partner_nt_overcall(c).is_some()
                && (h.len(Suit::Hearts) >= 5 || h.len(Suit::Spades) >= 5)
        },
        call: |h, c| {
            let below = if h.len(Suit::Spades) >= h.len(Suit::Hearts) {
                Suit::Hearts
            } else {
                Suit::Diamonds
            };
            (!has(their_suits(c), below))
                .then(|| c.bid(2, suit(below)))
                .flatten()
        },
    },
    BidRule {
        name: "raise partner's 1NT overcall",
        stage: Stage::Advancing,
        meaning: "2NT invites game (8–9 HCP, 11–12 after a balancing 1NT), 3NT bids it",
        when: |h, c| partner_nt_overcall(c).is_some_and(|bal| h.hcp >= if bal { 11 } else { 8 }),
        call: |h, c| {
            let bal = partner_nt_overcall(c)?;
            let game_at = if bal { 13 } else { 10 };
            if h.hcp >= game_at {
                c.bid(3, NT)
            } else {
                c.bid(2, NT)
            }
        },
    },
    BidRule {
        name: "penalty pass of the takeout double",
        stage: Stage::Advancing,
        meaning: "five or more strong cards in their suit: pass the double for penalty",
        when: |h, c| {
            partner_takeout_doubled(c)
                && c.auction.last() == Some(&Call::Pass)
                && c.last_bid().is_some_and(|(_, b)| {
                    b.strain
                        .trump()
                        .is_some_and(|s| h.len(s) >= 5 && honours(h.hand, s, h.style.top(), 5) >= 3)
                })
        },
        call: |_, _| Some(Call::Pass),
    },
    BidRule {
        name: "cue bid opposite a takeout double",
        stage: Stage::Advancing,
        meaning: "12+ HCP and both unbid majors: a cue bid of their suit, forcing",
        when: |h, c| {
            partner_takeout_doubled(c)
                && h.hcp >= 12
                && advance_major(h, c, 5).is_none()
                && [Suit::Hearts, Suit::Spades]
                    .iter()
                    .filter(|&&s| !has(their_suits(c), s))
                    .all(|&s| h.len(s) >= 4)
                && their_suits(c).count_ones() == 1
        },
        call: |_, c| cue_bid(c),
    },
    BidRule {
        name: "game opposite a takeout double",
        stage: Stage::Advancing,
        meaning: "12+ HCP opposite a takeout double: four of a five-card major, else 3NT with their suit stopped",
        when: |h, c| partner_takeout_doubled(c) && h.hcp >= 12,
        call: |h, c| match advance_major(h, c, 5) {
            Some(s) => game(c, suit(s)),
            None if stops_all(h, c) => c.bid(3, NT),
            None => None,
        },
    },
    BidRule {
        name: "jump opposite a takeout double",
        stage: Stage::Advancing,
        meaning: "9–11 HCP opposite a takeout double (10–12 after a bid in between): a jump in a four-card major",
        when: |h, c| {
            let free = c.auction.last() != Some(&Call::Pass) || partner_balanced(c);
            partner_takeout_doubled(c) && (if free { 10..=12 } else { 9..=11 }).contains(&h.hcp)
        },
        call: |h, c| jump(c, suit(advance_major(h, c, 4)?)),
    },
    BidRule {
        name: "no trump opposite a takeout double",
        stage: Stage::Advancing,
        meaning: "their suit stopped, no four-card major: 1NT with 6–9 HCP, 2NT with 10–12",
        when: |h, c| {
            partner_takeout_doubled(c)
                && c.auction.last() == Some(&Call::Pass)
                && (6..=12).contains(&h.hcp)
                && h.balanced
                && advance_major(h, c, 4).is_none()
                && stops_all(h, c)
        },
        call: |h, c| {
            let b = c.cheapest(NT)?;
            let level = if h.hcp >= 10 { 2 } else { 1 };
            (b.level <= level).then(|| c.bid(level, NT)).flatten()
        },
    },
    BidRule {
        name: "jump in a minor opposite a takeout double",
        stage: Stage::Advancing,
        meaning: "9–11 HCP opposite a takeout double: a jump in the longest suit",
        when: |h, c| {
            partner_takeout_doubled(c)
                && c.auction.last() == Some(&Call::Pass)
                && (9..=11).contains(&h.hcp)
        },
        call: |h, c| {
            let s = advance_suit(h, c).filter(|s| !s.is_major())?;
            jump(c, suit(s)).filter(|j| matches!(j, Call::Bid(b) if b.level <= 3))
        },
    },
    BidRule {
        name: "answer the takeout double",
        stage: Stage::Advancing,
        meaning: "the longest unbid suit at the cheapest level (a major with equal length): 0–8 HCP, or no better bid",
        when: |h, c| {
            partner_takeout_doubled(c) && (c.auction.last() == Some(&Call::Pass) || h.hcp >= 6)
        },
        call: |h, c| {
            let s = advance_suit(h, c)?;
            let free = c.auction.last() != Some(&Call::Pass);
            c.cheapest(suit(s))
                .filter(|b| b.level <= 2 || (b.level == 3 && (!free || h.hcp >= 8)))
                .map(Call::Bid)
        },
    },
    BidRule {
        name: "2NT asks the weak jump overcaller",
        stage: Stage::Advancing,
        meaning: "15+ HCP opposite partner's weak jump overcall: asks for a feature (an outside ace or king) with a maximum",
        when: |h, c| weak_jump_at(c, 1) && c.is("* * P") && h.hcp >= 15,
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "raise a balancing overcall",
        stage: Stage::Advancing,
        meaning: "three-card support after partner's balancing overcall: a raise with 8–12 HCP, a jump with 13+",
        when: |h, c| {
            c.is("* P P * P") && partners_overcall(c).is_some_and(|s| h.len(s) >= 3) && h.hcp >= 8
        },
        call: |h, c| {
            let s = suit(partners_overcall(c)?);
            if h.hcp >= 13 {
                jump(c, s)
            } else {
                c.cheapest(s).map(Call::Bid)
            }
        },
    },
    BidRule {
        name: "cue-bid raise",
        stage: Stage::Advancing,
        meaning: "a limit raise or better (10+ points) with three-card or longer support: a cue bid of their suit",
        when: |h, c| {
            partners_overcall(c)
                .is_some_and(|s| h.len(s) >= 3 && h.hcp + support_points(h, s) >= 10)
        },
        call: |_, c| cue_bid(c),
    },
    BidRule {
        name: "preemptive jump raise of the overcall",
        stage: Stage::Advancing,
        meaning: "four-card support and under 10 points: a jump raise, preemptive (game in a major with five)",
        when: |h, c| partners_overcall(c).is_some_and(|s| h.len(s) >= 4 && h.hcp >= 5),
        call: |h, c| {
            let s = partners_overcall(c)?;
            if h.len(s) >= 5 && s.is_major() {
                game(c, suit(s))
            } else {
                jump(c, suit(s))
            }
        },
    },
    BidRule {
        name: "raise the overcall",
        stage: Stage::Advancing,
        meaning: "6–9 points and three-card support for partner's suit",
        when: |h, c| partners_overcall(c).is_some_and(|s| h.len(s) >= 3 && h.hcp >= 6),
        call: |_, c| c.cheapest_up_to(suit(partners_overcall(c)?), 3),
    },
    BidRule {
        name: "new suit opposite an overcall",
        stage: Stage::Advancing,
        meaning: "8+ HCP and a good five-card or longer suit",
        when: |h, c| partners_overcall(c).is_some() && h.hcp >= 8,
        call: |h, c| {
            let s = overcall_suit(h, c, true, 5).filter(|&s| !has(our_suits(c), s))?;
            c.cheapest_up_to(suit(s), 2)
        },
    },
    BidRule {
        name: "no trump opposite an overcall",
        stage: Stage::Advancing,
        meaning: "their suit stopped: 1NT with 8–11 HCP, 2NT with 12–14, 3NT with 15+",
        when: |h, c| partners_overcall(c).is_some() && h.hcp >= 8 && stops_all(h, c),
        call: |h, c| match h.hcp {
            15.. => c.bid(3, NT),
            12..=14 => c.cheapest_up_to(NT, 2),
            _ => c.cheapest_up_to(NT, 1),
        },
    },
    // ---- Partner opened and they came in ----
    BidRule {
        name: "Jordan 2NT",
        stage: Stage::Responding,
        meaning: "four-card support and 10+ points after their takeout double: a limit raise or better",
        when: |h, c| {
            c.is("1H|1S|1C|1D X")
                && partner_suit_fit(h, c).is_some_and(|s| {
                    h.len(s) >= 4
                        && h.hcp + support_points(h, s) >= 10
                        && (h.len(s) == 4 || h.hcp >= 10)
                })
                && !fc(c)
        },
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "redouble",
        stage: Stage::Responding,
        meaning: "10+ HCP after their takeout double",
        when: |h, c| c.is("* X") && h.hcp >= 10 && partner_opening_suit(c).is_some(),
        call: |_, _| Some(Call::Redouble),
    },
    BidRule {
        name: "preemptive raise after their double",
        stage: Stage::Responding,
        meaning: "weak with long support after their takeout double: a jump raise with four, game with five in a major",
        when: |h, c| {
            c.is("* X") && partner_suit_fit(h, c).is_some_and(|s| h.len(s) >= 4) && h.hcp < 10
        },
        call: |h, c| {
            let s = partner_suit_fit(h, c)?;
            if h.len(s) >= 5 && s.is_major() && support_points(h, s) >= 2 {
                game(c, suit(s))
            } else {
                jump(c, suit(s))
            }
        },
    },
    BidRule {
        name: "weak jump shift after their double",
        stage: Stage::Responding,
        meaning: "a weak hand (under 10 HCP) with a six-card suit after their takeout double",
        when: |h, c| c.is("* X") && h.hcp < 10 && partner_opening_suit(c).is_some(),
        call: |h, c| {
            let s = overcall_suit(h, c, true, 6).filter(|&s| !has(our_suits(c), s))?;
            jump(c, suit(s))
        },
    },
    BidRule {
        name: "free bid of a five-card major",
        stage: Stage::Responding,
        meaning: "five or more cards in the major, 6+ HCP at the one level, 11+ at the two level",
        when: |h, c| {
            over_our_opening(c).is_some()
                && (partner_suit_fit(h, c).is_none_or(|s| !s.is_major()) || h.hcp >= 13)
                && !(unbid_majors(c).count_ones() == 2
                    && h.len(Suit::Hearts) >= 4
                    && h.len(Suit::Spades) >= 4)
        },
        call: |h, c| {
            let majors = unbid_majors(c);
            let s = [Suit::Spades, Suit::Hearts]
                .into_iter()
                .filter(|&s| has(majors, s) && h.len(s) >= 5)
                .max_by_key(|&s| h.len(s))?;
            let b = c.cheapest(suit(s))?;
            let need = if b.level <= 1 { 6 } else { 11 };
            (h.hcp >= need && b.level <= 2).then_some(Call::Bid(b))
        },
    },
    BidRule {
        name: "pass with their suit",
        stage: Stage::Responding,
        meaning: "five or more cards in their suit and no fit: pass, hoping partner reopens with a double",
        when: |h, c| {
            !fc(c)
                && over_our_opening(c).is_some_and(|(ours, theirs, level)| {
                    level <= 2 && h.len(theirs) >= 5 && h.len(ours) <= 2 && h.hcp < 16
                })
        },
        call: |_, _| Some(Call::Pass),
    },
    BidRule {
        name: "negative double",
        stage: Stage::Responding,
        meaning: "a takeout double of their overcall: four cards in the unbid major(s) (both minors when no major is unbid); 6+ HCP, 7+ at the two level",
        when: |h, c| {
            let Some((ours, _, level)) = over_our_opening(c) else {
                return false;
            };
            !fc(c)
                && level <= 2
                && c.bid_at(1)
                    .is_some_and(|b| b.strain != NT && b <= Bid::new(2, suit(Suit::Spades)))
                && h.hcp >= if level == 1 { 6 } else { 7 }
                && (!(ours.is_major() && h.len(ours) >= 3) || h.hcp >= 13)
                && c.bid_at(1)
                    .and_then(|b| b.strain.trump())
                    .is_some_and(|t| h.len(t) < 5)
                && negative_double_shape(h, c)
        },
        call: |_, _| Some(Call::Double),
    },
    BidRule {
        name: "new suit over their overcall",
        stage: Stage::Responding,
        meaning: "a new suit over their overcall: four cards and 6+ HCP at the one level, five cards and 11+ at the two level, 12+ at the three",
        when: |h, c| {
            over_our_opening(c).is_some()
                && h.hcp >= 6
                && (partner_suit_fit(h, c).is_none_or(|s| !s.is_major()) || h.hcp >= 13)
        },
        call: |h, c| {
            let bid = their_suits(c) | our_suits(c);
            h.suits()
                .iter()
                .copied()
                .filter(|&s| !has(bid, s))
                .filter_map(|s| c.cheapest(suit(s)).map(|b| (s, b)))
                .filter(|&(s, b)| match b.level {
                    1 => h.len(s) >= 4,
                    2 => h.len(s) >= 5 && h.hcp >= 11,
                    3 => h.len(s) >= 5 && h.hcp >= 12,
                    _ => false,
                })
                .max_by_key(|&(s, b)| (h.len(s), std::cmp::Reverse(b)))
                .map(|(_, b)| Call::Bid(b))
        },
    },
    BidRule {
        name: "pass a minimum over their interference",
        stage: Stage::Rebidding,
        meaning: "a minimum opening (12–14 HCP) with no fit and no six-card suit after their bid: pass, partner may still bid",
        when: |h, c| {
            c.auction.len() == 4
                && mine_at(c, 0)
                && c.call_at(1) == Some(Call::Pass)
                && matches!(c.call_at(2), Some(Call::Bid(_)))
                && matches!(c.call_at(3), Some(Call::Bid(b)) if b.strain != NT)
                && h.hcp <= 14
                && c.bid_at(2)
                    .and_then(|b| b.strain.trump())
                    .is_none_or(|s| h.len(s) < 4)
                && opened_suit(c).is_some_and(|s| h.len(s) < 6)
        },
        call: |_, _| Some(Call::Pass),
    },
    // ---- Opener after partner's negative double ----
    BidRule {
        name: "cue bid after a negative double",
        stage: Stage::Rebidding,
        meaning: "18+ HCP and four cards in the major partner's double showed: a cue bid of their suit, forcing to game",
        when: |h, c| {
            after_partners_negative_double(c)
                && h.hcp >= 18
                && unbid_majors_at_double(c) != 0
                && [Suit::Hearts, Suit::Spades]
                    .into_iter()
                    .any(|s| has(unbid_majors_at_double(c), s) && h.len(s) >= 4)
        },
        call: |_, c| c.cheapest(c.bid_at(1)?.strain).map(Call::Bid),
    },
    BidRule {
        name: "a major after a negative double",
        stage: Stage::Rebidding,
        meaning: "four cards in the major partner's double showed: bid it, a jump with 16–18",
        when: |_, c| after_partners_negative_double(c),
        call: |h, c| {
            let majors = unbid_majors_at_double(c);
            let s = [Suit::Spades, Suit::Hearts]
                .into_iter()
                .filter(|&s| has(majors, s) && h.len(s) >= 4)
                .max_by_key(|&s| (h.len(s), std::cmp::Reverse(s.index())))?;
            if h.hcp >= 16 {
                jump(c, suit(s))
            } else {
                c.cheapest_up_to(suit(s), 3)
            }
        },
    },
    BidRule {
        name: "rebid a six-card suit after a negative double",
        stage: Stage::Rebidding,
        meaning: "a six-card suit: rebid it, a jump with 16–18",
        when: |h, c| {
            after_partners_negative_double(c) && opened_suit(c).is_some_and(|s| h.len(s) >= 6)
        },
        call: |h, c| {
            let own = opened_suit(c)?;
            let bid = their_suits(c) | our_suits(c);
            let second = h.suits().iter().any(|&t| !has(bid, t) && h.len(t) >= 4);
            if second && c.cheapest(suit(own)).is_some_and(|b| b.level >= 3) {
                return None;
            }
            let s = suit(own);
            if h.hcp >= 16 {
                jump(c, s)
            } else {
                c.cheapest_up_to(s, 3)
            }
        },
    },
    BidRule {
        name: "strong no trump after a negative double",
        stage: Stage::Rebidding,
        meaning: "balanced with their suit stopped: a jump in no trump with 16–18 HCP, 3NT with 19+",
        when: |h, c| {
            after_partners_negative_double(c)
                && h.suits().iter().all(|&s| h.len(s) >= 2)
                && h.hcp >= 16
                && stops_all(h, c)
        },
        call: |h, c| {
            let b = c.cheapest(NT)?;
            if h.hcp >= 19 || b.level >= 2 {
                c.bid(3, NT)
            } else {
                c.bid(b.level + 1, NT)
            }
        },
    },
    BidRule {
        name: "new suit after a negative double",
        stage: Stage::Rebidding,
        meaning: "a second suit of four or more (the minor partner's double may have shown)",
        when: |_, c| after_partners_negative_double(c),
        call: |h, c| {
            let bid = their_suits(c) | our_suits(c);
            let s = h
                .suits()
                .iter()
                .copied()
                .filter(|&s| !has(bid, s) && h.len(s) >= 4)
                .max_by_key(|&s| (h.len(s), s.index()))?;
            c.cheapest_up_to(suit(s), 3)
        },
    },
    BidRule {
        name: "rebid the suit after a negative double",
        stage: Stage::Rebidding,
        meaning: "a minimum with a five-card suit and nothing else to show",
        when: |h, c| {
            after_partners_negative_double(c) && opened_suit(c).is_some_and(|s| h.len(s) >= 5)
        },
        call: |_, c| c.cheapest_up_to(suit(opened_suit(c)?), 2),
    },
    BidRule {
        name: "no trump after a negative double",
        stage: Stage::Rebidding,
        meaning: "a minimum (12–15 HCP) with their suit stopped: the cheapest no trump",
        when: |h, c| after_partners_negative_double(c) && stops_theirs(h, c) && h.hcp <= 15,
        call: |_, c| c.cheapest_up_to(NT, 2),
    },
    // ---- Reopening ----
    BidRule {
        name: "reopening 2NT",
        stage: Stage::Later,
        meaning: "opener with 18–19 HCP, balanced, their suit stopped, after their overcall was passed round",
        when: |h, c| {
            c.auction.len() == 4
                && mine_at(c, 0)
                && c.is("* * P P")
                && h.balanced
                && (18..=19).contains(&h.hcp)
                && stops_all(h, c)
        },
        call: |_, c| match c.cheapest(NT)? {
            b if b.level == 1 => c.bid(2, NT),
            b => (b.level == 2).then_some(Call::Bid(b)),
        },
    },
    BidRule {
        name: "reopening double",
        stage: Stage::Later,
        meaning: "opener, short in their suit (or 17+ HCP): a takeout double to reopen the auction",
        when: |h, c| {
            c.auction.len() == 4
                && mine_at(c, 0)
                && (c.is("* * P P") || c.is("* P P *"))
                && c.last_bid()
                    .is_some_and(|(p, b)| c.is_opponent(p) && b.level <= 2 && b.strain != NT)
                && (short_in_theirs(h, c) >= 1 || h.hcp >= 17)
                && h.hcp < 19
        },
        call: |_, _| Some(Call::Double),
    },
    BidRule {
        name: "answer the reopening double",
        stage: Stage::Later,
        meaning: "after opener's reopening double: pass with length and strength in their suit, else the longest suit",
        when: |_, c| {
            c.auction.len() == 6
                && partners_at(c, 0)
                && c.is("* * P P X P")
                && c.my_bids().is_empty()
        },
        call: |h, c| {
            let theirs = c.bid_at(1)?.strain.trump()?;
            if h.len(theirs) >= 5 || (h.len(theirs) >= 4 && h.top_honours(theirs) >= 2) {
                return Some(Call::Pass);
            }
            let s = h
                .suits()
                .iter()
                .copied()
                .filter(|&s| s != theirs)
                .max_by_key(|&s| (h.len(s), Some(s) == opened_suit(c), s.index()))?;
            c.cheapest(suit(s)).map(Call::Bid)
        },
    },
    // ---- The doubler's rebid ----
    BidRule {
        name: "doubler raises",
        stage: Stage::Later,
        meaning: "the doubler's raise with four-card support: 17–18 points a single raise, 19–21 a jump (game over an advance at the two level or higher)",
        when: |h, c| {
            doubler_rebid(c)
                && doubler_points(h, c) >= 17
                && partner_advance_suit(c).is_some_and(|s| {
                    h.len(s) >= 4
                        && (s.is_major()
                            || partner_advance_level(c) >= 3
                            || (!stops_all(h, c) || doubler_points(h, c) < 18)
                                && !h.suits().iter().any(|&m| m.is_major() && h.len(m) >= 5))
                })
                && !partner_jumped(c)
        },
        call: |h, c| {
            let s = suit(partner_advance_suit(c)?);
            if doubler_points(h, c) >= 19 && partner_advance_level(c) >= 2 {
                game(c, s)
            } else if doubler_points(h, c) >= 19 {
                jump(c, s).or_else(|| game(c, s))
            } else {
                c.cheapest(s).map(Call::Bid)
            }
        },
    },
    BidRule {
        name: "doubler bids a major",
        stage: Stage::Later,
        meaning: "17+ HCP and a five-card major after the double: bid it (a jump with a six-card suit and 21+)",
        when: |h, c| doubler_rebid(c) && doubler_points(h, c) >= 17 && !partner_jumped(c),
        call: |h, c| doubler_new_suit(h, c, true),
    },
    BidRule {
        name: "doubler's no trump",
        stage: Stage::Later,
        meaning: "balanced with their suit stopped after the double: the cheapest no trump 18–20, a jump 21–22, 3NT 23+",
        when: |h, c| {
            doubler_rebid(c)
                && doubler_points(h, c) >= 18
                && (stops_all(h, c) || (h.balanced && doubler_points(h, c) <= 20))
                && !partner_jumped(c)
        },
        call: |h, c| {
            let b = c.cheapest(NT)?;
            match doubler_points(h, c) {
                23.. => c.bid(3, NT),
                21..=22 => c.bid(b.level + 1, NT).filter(|_| b.level < 3),
                _ => (b.level <= 2).then_some(Call::Bid(b)),
            }
        },
    },
    BidRule {
        name: "doubler bids a minor",
        stage: Stage::Later,
        meaning: "18+ HCP and a five-card minor after the double: bid it",
        when: |h, c| doubler_rebid(c) && doubler_points(h, c) >= 18 && !partner_jumped(c),
        call: |h, c| doubler_new_suit(h, c, false),
    },
    BidRule {
        name: "doubler doubles again",
        stage: Stage::Later,
        meaning: "17+ points, still short in their suit with support for the others: double again for takeout",
        when: |h, c| {
            doubler_rebid(c)
                && doubler_points(h, c) >= 17
                && c.partner_bids().is_empty()
                && c.opponents_hold_bid()
                && takeout_shape(h, c)
        },
        call: |_, c| c.is_legal(Call::Double).then_some(Call::Double),
    },
    BidRule {
        name: "doubler cue-bids",
        stage: Stage::Later,
        meaning: "21+ HCP with no other good call after the double: a cue bid of their suit, forcing",
        when: |h, c| doubler_rebid(c) && doubler_points(h, c) >= 21,
        call: |_, c| cue_bid(c),
    },
    BidRule {
        name: "doubler passes a minimum advance",
        stage: Stage::Later,
        meaning: "a minimum double (under 17 points) opposite a minimum advance: pass",
        when: |h, c| {
            doubler_rebid(c)
                && doubler_points(h, c) < 17
                && !partner_jumped(c)
                // A cue bid of their suit is forcing.
                && partner_advance_suit(c).is_none_or(|s| !has(their_suits(c), s))
        },
        call: |_, _| Some(Call::Pass),
    },
    BidRule {
        name: "after a transfer over the 1NT overcall",
        stage: Stage::Later,
        meaning: "after the transfer: 2NT invites with 8–9 HCP (11–12 after a balancing 1NT); game with more (the major with six cards, else 3NT)",
        when: |h, c| {
            !fc(c)
                && (c.is("* 1NT P 2D|2H P 2H|2S P") || c.is("* P P 1NT P 2D|2H P 2H|2S P"))
                && c.my_bids().len() == 1
                && h.hcp
                    >= if c.is("* 1NT P 2D|2H P 2H|2S P") {
                        8
                    } else {
                        11
                    }
        },
        call: |h, c| {
            let major = if c.my_bids()[0].strain == suit(Suit::Diamonds) {
                Suit::Hearts
            } else {
                Suit::Spades
            };
            let invite = if c.auction.len() == 7 { 8..=9 } else { 11..=12 };
            match (invite.contains(&h.hcp), h.len(major)) {
                (true, _) => c.bid(2, NT),
                (false, 6..) => game(c, suit(major)),
                _ => c.bid(3, NT),
            }
        },
    },
    BidRule {
        name: "answer the 2NT ask after a weak jump overcall",
        stage: Stage::Later,
        meaning: "after partner's 2NT: with a maximum (9–11 HCP) an outside ace or king, else three of my suit",
        when: |_, c| weak_jump_at(c, 1) && mine_at(c, 1) && c.is("* * P 2NT P"),
        call: |h, c| {
            let own = c.bid_at(1)?.strain.trump()?;
            let top = h.style.top();
            let feature =
                h.suits().iter().copied().find(|&s| {
                    s != own && !has(their_suits(c), s) && honours(h.hand, s, top, 2) >= 1
                });
            match feature {
                Some(s) if h.hcp >= 9 => c.cheapest_up_to(suit(s), 3),
                _ => c.bid(3, suit(own)),
            }
        },
    },
    BidRule {
        name: "place the contract after the 2NT ask",
        stage: Stage::Later,
        meaning: "after partner's answer to 2NT: game in partner's major with two-card support, else 3NT",
        when: |_, c| weak_jump_at(c, 1) && partners_at(c, 1) && c.is("* * P 2NT P * P"),
        call: |h, c| {
            let theirs = c.bid_at(1)?.strain.trump()?;
            if theirs.is_major() && h.len(theirs) >= 2 {
                game(c, suit(theirs))
            } else if c.call_at(5) == Some(Call::Bid(Bid::new(3, NT))) {
                Some(Call::Pass)
            } else {
                c.bid(3, NT)
            }
        },
    },
    // ---- Cappelletti: the overcaller's second call ----
    BidRule {
        name: "show the Cappelletti suit",
        stage: Stage::Later,
        meaning: "my long suit after my 2C over their 1NT (pass if it is the suit we are in)",
        when: |_, c| {
            !fc(c) && c.auction.len() == 5 && c.is("1NT 2C * * P") && c.my_bids().len() == 1
        },
        call: |h, c| {
            let s = h.longest();
            let (_, last) = c.last_bid()?;
            if last.strain == suit(s) {
                return Some(Call::Pass);
            }
            c.cheapest(suit(s)).filter(|b| b.level <= 3).map(Call::Bid)
        },
    },
    BidRule {
        name: "show the Cappelletti minor",
        stage: Stage::Later,
        meaning: "my minor, as partner's 2NT asked",
        when: |_, c| !fc(c) && c.is("1NT 2H|2S P 2NT P"),
        call: |h, c| {
            let m = if h.len(Suit::Clubs) >= h.len(Suit::Diamonds) {
                Suit::Clubs
            } else {
                Suit::Diamonds
            };
            c.bid(3, suit(m))
        },
    },
    // ---- After my 1NT overcall: systems on ----
    BidRule {
        name: "answer Stayman after the 1NT overcall",
        stage: Stage::Later,
        meaning: "answers Stayman: a four-card major (hearts first), or 2D to deny one",
        when: |_, c| {
            !fc(c) && (c.is("* 1NT P 2C P") || c.is("* P P 1NT P 2C P")) && c.my_bids().len() == 1
        },
        call: |h, c| {
            let s = [Suit::Hearts, Suit::Spades]
                .into_iter()
                .find(|&s| h.len(s) >= 4)
                .unwrap_or(Suit::Diamonds);
            c.bid(2, suit(s))
        },
    },
    BidRule {
        name: "complete the transfer after the 1NT overcall",
        stage: Stage::Later,
        meaning: "bids the major partner's transfer showed",
        when: |_, c| {
            !fc(c)
                && (c.is("* 1NT P 2D|2H P") || c.is("* P P 1NT P 2D|2H P"))
                && c.my_bids().len() == 1
        },
        call: |_, c| {
            let b = c.partner_bids()[0];
            let major = if b.strain == suit(Suit::Diamonds) {
                Suit::Hearts
            } else {
                Suit::Spades
            };
            c.bid(2, suit(major))
        },
    },
    // ---- Later: Michaels follow-ups, after my negative double ----
    BidRule {
        name: "show the minor after Michaels",
        stage: Stage::Later,
        meaning: "answers partner's 2NT (or a minor asked): my minor, a jump with 16+ HCP",
        when: |_, c| my_michaels_over_major(c) && c.partner_last().is_some_and(|p| p != Call::Pass),
        call: |h, c| {
            let minor = if h.len(Suit::Clubs) >= h.len(Suit::Diamonds) {
                Suit::Clubs
            } else {
                Suit::Diamonds
            };
            match c.partner_last()? {
                Call::Bid(b) if b.strain == suit(minor) => Some(Call::Pass),
                Call::Bid(b) if b.strain == NT && h.hcp >= 16 => jump(c, suit(minor)),
                Call::Bid(b)
                    if b.strain.trump().is_some_and(|s| !s.is_major()) || b.strain == NT =>
                {
                    c.cheapest(suit(minor)).map(Call::Bid)
                }
                _ => None,
            }
        },
    },
    BidRule {
        name: "accept the invitation after Michaels",
        stage: Stage::Later,
        meaning: "a strong Michaels (16+ HCP) after partner's invitation in my major: game",
        when: |h, c| {
            my_michaels_over_major(c)
                && h.hcp >= 16
                && matches!(c.partner_last(), Some(Call::Bid(b))
                    if b.level == 3 && b.strain.trump().is_some_and(|s| s.is_major() && h.len(s) >= 5))
        },
        call: |_, c| {
            let Some(Call::Bid(b)) = c.partner_last() else {
                return None;
            };
            game(c, b.strain)
        },
    },
    BidRule {
        name: "game after the negative double",
        stage: Stage::Later,
        meaning: "13+ HCP after my negative double: game in partner's major with four, else 3NT with their suit stopped",
        when: |h, c| after_my_negative_double(c) && h.hcp >= 13,
        call: |h, c| {
            let p = c.bid_at(4)?;
            match p.strain.trump() {
                Some(s) if s.is_major() && h.len(s) >= 4 => game(c, suit(s)),
                None => c.bid(3, NT),
                _ if stops_theirs(h, c) => c.bid(3, NT),
                _ => None,
            }
        },
    },
    BidRule {
        name: "invite after the negative double",
        stage: Stage::Later,
        meaning: "10–12 HCP after my negative double: raise partner's major with four, else 2NT with their suit stopped",
        when: |h, c| after_my_negative_double(c) && (10..=12).contains(&h.hcp),
        call: |h, c| {
            let p = c.bid_at(4)?;
            match p.strain.trump() {
                Some(s) if s.is_major() && h.len(s) >= 4 => c.cheapest_up_to(suit(s), 3),
                Some(_) if stops_theirs(h, c) => c.cheapest_up_to(NT, 2),
                _ => None,
            }
        },
    },
    BidRule {
        name: "pass partner's minimum after the negative double",
        stage: Stage::Later,
        meaning: "under 13 HCP and partner's no trump was a minimum: pass",
        when: |h, c| {
            after_my_negative_double(c) && h.hcp < 13 && c.bid_at(4).is_some_and(|b| b.strain == NT)
        },
        call: |_, _| Some(Call::Pass),
    },
    BidRule {
        name: "game after the balancing double",
        stage: Stage::Later,
        meaning: "balanced with their suit stopped, 15–17 after my balancing double: no trump at the cheapest level",
        when: |h, c| {
            doubler_rebid(c) && h.balanced && (15..=17).contains(&h.hcp) && stops_all(h, c)
        },
        call: |_, c| c.cheapest_up_to(NT, 2),
    },
];

/// The majors unbid when partner made the negative double (opener's view, "1x y X ...").
fn unbid_majors_at_double(c: &AuctionContext) -> u8 {
    let bid = [c.bid_at(0), c.bid_at(1)]
        .into_iter()
        .flatten()
        .filter_map(|b| b.strain.trump())
        .fold(0u8, |m, s| m | 1 << s.index());
    [Suit::Hearts, Suit::Spades]
        .into_iter()
        .filter(|&s| !has(bid, s))
        .fold(0, |m, s| m | 1 << s.index())
}

/// The level of partner's advance of my takeout double (0 when partner passed).
fn partner_advance_level(c: &AuctionContext) -> u8 {
    c.partner_bids().first().map_or(0, |b| b.level)
}

/// The suit partner advanced my takeout double in.
fn partner_advance_suit(c: &AuctionContext) -> Option<Suit> {
    c.partner_bids().first().and_then(|b| b.strain.trump())
}

/// The doubler's own five-card suit (a major or a minor as asked), not theirs or
/// partner's: the cheapest bid, a jump with six cards and 21+.
fn doubler_new_suit(h: &HandFacts, c: &AuctionContext, major: bool) -> Option<Call> {
    let bid = their_suits(c) | our_suits(c);
    let s = h
        .suits()
        .iter()
        .copied()
        .filter(|&s| s.is_major() == major && !has(bid, s) && h.len(s) >= 5)
        .max_by_key(|&s| (h.len(s), s.index()))?;
    if h.len(s) >= 6 && doubler_points(h, c) >= 21 {
        jump(c, suit(s))
    } else {
        c.cheapest_up_to(suit(s), 3)
    }
}

/// Whether I made a Michaels cue bid over a major and partner has since bid.
fn my_michaels_over_major(c: &AuctionContext) -> bool {
    c.auction.len() >= 5
        && mine_at(c, 1)
        && c.bid_at(0).is_some_and(|b| {
            b.strain.trump().is_some_and(|s| s.is_major())
                && c.bid_at(1) == Some(Bid::new(b.level + 1, b.strain))
        })
        && c.my_bids().len() == 1
}

/// What partner's call shows when it is one of this section's competitive conventions;
/// `false` leaves the call to the general reading in `shown`.
pub(crate) fn reads(shown: &mut Shown, seen: &Seen) -> bool {
    if seen.style == DeckStyle::FiveCrowns || seen.auction.is_empty() {
        return false;
    }
    let n = seen.auction.len();
    let opening = match seen.auction[0] {
        Call::Bid(b) => b,
        _ => return false,
    };
    // Partner's side opened when the opening is an even number of calls back.
    let we_opened = n.is_multiple_of(2);
    let first_call_of_partner = !seen
        .auction
        .iter()
        .enumerate()
        .any(|(i, c)| (n - i).is_multiple_of(4) && *c != Call::Pass);
    let bid = seen.auction.iter().filter_map(|c| match c {
        Call::Bid(b) => b.strain.trump(),
        _ => None,
    });
    let theirs_mask = seen
        .auction
        .iter()
        .enumerate()
        .filter(|&(i, _)| (n - i) % 2 == 1)
        .filter_map(|(_, c)| match c {
            Call::Bid(b) => b.strain.trump(),
            _ => None,
        })
        .fold(0u8, |m, s| m | 1 << s.index());
    let all_bid = bid.fold(0u8, |m, s| m | 1 << s.index());
    if !we_opened && first_call_of_partner && (seen.after("1NT") || seen.after("1NT P P")) {
        // Cappelletti.
        match seen.call {
            Call::Double => range(shown, 15, 40),
            Call::Bid(b) if b.level == 2 => {
                range(shown, 8, 40);
                match b.strain {
                    Strain::Suit(Suit::Clubs) => {}
                    Strain::Suit(Suit::Diamonds) => {
                        length(shown, Suit::Hearts, 4);
                        length(shown, Suit::Spades, 4);
                    }
                    Strain::Suit(s) => length(shown, s, 5),
                    Strain::NoTrump => {
                        length(shown, Suit::Clubs, 5);
                        length(shown, Suit::Diamonds, 5);
                    }
                }
            }
            _ => return false,
        }
        return true;
    }
    match seen.call {
        Call::Bid(b) if !we_opened && first_call_of_partner => {
            let Some(their) = opening.strain.trump() else {
                return false;
            };
            let direct = n == 1 || (n == 3 && seen.after("* P *"));
            let pass_out = n == 3 && seen.after("* P P");
            // Michaels.
            if b.strain == suit(their) && b.level == opening.level + 1 && (direct || pass_out) {
                range(shown, 6, 40);
                match their {
                    Suit::Clubs | Suit::Diamonds => {
                        length(shown, Suit::Hearts, 5);
                        length(shown, Suit::Spades, 5);
                    }
                    Suit::Hearts => length(shown, Suit::Spades, 5),
                    Suit::Spades => length(shown, Suit::Hearts, 5),
                    Suit::Stars => {}
                }
                return true;
            }
            // The unusual 2NT.
            if b == Bid::new(2, NT) && n == 1 && opening.level <= 2 {
                range(shown, 6, 40);
                let mut free = Suit::STANDARD.iter().filter(|&&s| !has(theirs_mask, s));
                if opening == Bid::new(2, suit(Suit::Clubs)) {
                    length(shown, Suit::Clubs, 5);
                    length(shown, Suit::Diamonds, 5);
                } else {
                    for _ in 0..2 {
                        if let Some(&s) = free.next() {
                            length(shown, s, 5);
                        }
                    }
                }
                return true;
            }
            // Balancing 1NT.
            if b == Bid::new(1, NT) && pass_out {
                range(shown, 11, 14);
                balanced(shown, seen.style);
                return true;
            }
            // Weak jump overcall.
            if let Some(s) = b.strain.trump()
                && direct
                && n == 1
                && b.level >= 2
                && (b.level > opening.level + 1 || (b.level == opening.level + 1 && s > their))
            {
                range(shown, 5, 11);
                length(shown, s, b.level + 4);
                return true;
            }
            if let Some(s) = b.strain.trump()
                && pass_out
            {
                range(shown, 6, 14);
                length(shown, s, 5);
                return true;
            }
            false
        }
        Call::Double if we_opened && n == 2 => {
            // A negative double.
            let Call::Bid(over) = seen.auction[1] else {
                return false;
            };
            if over.strain == NT || over.level > 2 {
                return false;
            }
            range(shown, if over.level == 1 { 6 } else { 8 }, 40);
            let majors = [Suit::Hearts, Suit::Spades]
                .into_iter()
                .filter(|&s| !has(all_bid, s));
            if majors.clone().count() == 0 {
                for &s in &Suit::STANDARD {
                    if !has(all_bid, s) {
                        length(shown, s, 4);
                    }
                }
            } else {
                for s in majors {
                    length(shown, s, 4);
                }
            }
            true
        }
        Call::Double if !we_opened && first_call_of_partner && n == 3 && seen.after("* P P") => {
            // Balancing double.
            range(shown, 8, 40);
            true
        }
        Call::Bid(b) if !we_opened && (seen.after("* 1NT P") || seen.after("* P P 1NT P")) => {
            // Systems on over my 1NT overcall.
            match (b.level, b.strain) {
                (2, Strain::Suit(Suit::Clubs)) => range(shown, 8, 40),
                (2, Strain::Suit(Suit::Diamonds)) => length(shown, Suit::Hearts, 5),
                (2, Strain::Suit(Suit::Hearts)) => length(shown, Suit::Spades, 5),
                (2, Strain::NoTrump) => range(shown, 8, 12),
                (3, Strain::NoTrump) => range(shown, 10, 17),
                _ => return false,
            }
            true
        }
        Call::Bid(b)
            if we_opened
                && n == 2
                && seen.after("* X")
                && b.strain == opening.strain
                && b.level == opening.level + 2 =>
        {
            // A jump raise over their double is preemptive.
            range(shown, 0, 9);
            if let Some(s) = b.strain.trump() {
                length(shown, s, 4);
            }
            true
        }
        Call::Redouble if we_opened && n == 2 => {
            range(shown, 10, 40);
            true
        }
        Call::Bid(b) if we_opened && n == 2 && seen.after("* X") && b == Bid::new(2, NT) => {
            // Jordan 2NT.
            range(shown, 10, 40);
            if let Some(s) = opening.strain.trump() {
                length(shown, s, 4);
            }
            true
        }
        _ => false,
    }
}
