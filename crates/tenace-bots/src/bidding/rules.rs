//! The bidding system as a table: each [`BidRule`] says when it applies, which call it
//! makes, and what that call means in words. The first rule of the bidder's stage whose
//! condition holds and whose call is legal is the one bid, so the order of the table is
//! the order of priority, and the table reads as a summary of the system.
//!
//! The system is natural and close to Standard American: 1NT 15–17 balanced, five-card
//! majors, a better minor, 2♣ strong and artificial, weak twos, simple raises and limit
//! raises, new suits forcing, Stayman and Jacoby transfers over 1NT, overcalls, 1NT
//! overcalls and takeout doubles. Five Crowns adds a 0NT opening (12–14 balanced) and
//! treats four cards of eleven as a long suit; Deuces Wild counts each deuce a point.

use tenace_cards::{Strain, Suit};
use tenace_rules::Call;

use super::context::{AuctionContext, Stage};
use super::helpers::*;
use crate::hand_eval::{DeckStyle, HandFacts};

/// One rule of the bidding system.
#[derive(Clone, Copy)]
pub struct BidRule {
    /// A short name, e.g. "1NT opening".
    pub name: &'static str,
    /// The stage of the auction it belongs to.
    pub stage: Stage,
    /// What the call shows, e.g. "15–17 HCP, balanced".
    pub meaning: &'static str,
    /// Whether the hand and the auction fit the rule.
    pub when: fn(&HandFacts, &AuctionContext) -> bool,
    /// The call to make (`None` when the rule finds no call to make after all).
    pub call: fn(&HandFacts, &AuctionContext) -> Option<Call>,
}

impl std::fmt::Debug for BidRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({:?}): {}", self.name, self.stage, self.meaning)
    }
}

const NT: Strain = Strain::NoTrump;
const fn suit(s: Suit) -> Strain {
    Strain::Suit(s)
}
fn nt_opened(c: &AuctionContext, level: u8) -> bool {
    c.partner_opening()
        .is_some_and(|b| b.strain == NT && b.level == level)
        && !c.opponents_bid()
}
fn partner_suit_fit(h: &HandFacts, c: &AuctionContext) -> Option<Suit> {
    let s = partner_opening_suit(c)?;
    (h.len(s) + c.partner.lengths[s.index()] >= h.style.fit()).then_some(s)
}
fn fc(c: &AuctionContext) -> bool {
    c.style == DeckStyle::FiveCrowns
}

/// The whole system, stage by stage.
pub static SYSTEM: &[BidRule] = &[
    // ---- Openings ----
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
    // ---- Responses ----
    BidRule {
        name: "Jacoby transfer",
        stage: Stage::Responding,
        meaning: "five or more cards in the major above the suit bid; partner bids it",
        when: |h, c| {
            nt_opened(c, 1) && !fc(c) && (h.len(Suit::Hearts) >= 5 || h.len(Suit::Spades) >= 5)
        },
        call: |h, c| {
            let major = if h.len(Suit::Spades) >= h.len(Suit::Hearts) {
                Suit::Spades
            } else {
                Suit::Hearts
            };
            let below = if major == Suit::Spades {
                Suit::Hearts
            } else {
                Suit::Diamonds
            };
            c.bid(2, suit(below))
        },
    },
    BidRule {
        name: "Stayman",
        stage: Stage::Responding,
        meaning: "8+ HCP and a four-card major; asks partner for a four-card major",
        when: |h, c| {
            nt_opened(c, 1)
                && !fc(c)
                && h.hcp >= 8
                && (h.len(Suit::Hearts) == 4 || h.len(Suit::Spades) == 4)
        },
        call: |_, c| c.bid(2, suit(Suit::Clubs)),
    },
    BidRule {
        name: "2D waiting",
        stage: Stage::Responding,
        meaning: "waiting: any hand, over partner's strong 2C",
        when: |_, c| c.partner_opening() == Some(tenace_rules::Bid::new(2, suit(Suit::Clubs))),
        call: |_, c| c.bid(2, suit(Suit::Diamonds)),
    },
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
    // ---- Overcalls ----
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
    // ---- Advancing partner's overcall or double ----
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
    // ---- Opener's rebid ----
    BidRule {
        name: "Stayman answer",
        stage: Stage::Rebidding,
        meaning: "answers Stayman: a four-card major (hearts first), or 2D to deny one",
        when: |_, c| {
            c.my_opening()
                .is_some_and(|b| b.strain == NT && b.level == 1)
                && c.partner_bids().first() == Some(&tenace_rules::Bid::new(2, suit(Suit::Clubs)))
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
        name: "complete the transfer",
        stage: Stage::Rebidding,
        meaning: "bids the major partner's transfer showed",
        when: |_, c| {
            c.my_opening()
                .is_some_and(|b| b.strain == NT && b.level == 1)
                && matches!(c.partner_bids().first(), Some(b) if b.level == 2
                    && matches!(b.strain, Strain::Suit(Suit::Diamonds | Suit::Hearts)))
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
    // ---- Later: game, slam, competition ----
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
        name: "after a transfer",
        stage: Stage::Later,
        meaning: "after the transfer: 2NT invites with 8–9, game with 10+ (the major with six cards, else 3NT)",
        when: |h, c| {
            c.partner_opening()
                .is_some_and(|b| b.strain == NT && b.level == 1)
                && c.my_bids().len() == 1
                && matches!(
                    c.my_bids()[0].strain,
                    Strain::Suit(Suit::Diamonds | Suit::Hearts)
                )
                && c.my_bids()[0].level == 2
                && h.hcp >= 8
        },
        call: |h, c| {
            let major = if c.my_bids()[0].strain == suit(Suit::Diamonds) {
                Suit::Hearts
            } else {
                Suit::Spades
            };
            match (h.hcp, h.len(major)) {
                (8..=9, _) => c.bid(2, NT),
                (_, 6..) => game(c, suit(major)),
                _ => c.bid(3, NT),
            }
        },
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

/// What a pass means when no rule of the stage applies.
pub fn pass_meaning(stage: Stage) -> &'static str {
    match stage {
        Stage::Opening => "fewer than 12 HCP and no long suit to preempt in",
        Stage::Responding => "fewer than 6 HCP, or nothing the system bids with",
        Stage::Overcalling => "no good suit to overcall and not the shape to double",
        Stage::Advancing => "too weak to advance partner's bid",
        Stage::Rebidding | Stage::Later => "nothing more to show: the side is high enough",
    }
}
