//! The bidding system as a table: each [`BidRule`] says when it applies, which call it
//! makes, and what that call means in words. The first rule of the bidder's stage whose
//! condition holds and whose call is legal is the one bid, so the order of the table is
//! the order of priority, and the table reads as a summary of the system.
//!
//! The system is Standard American Yellow Card, described agreement by agreement in
//! `docs/bidding-system.md`, one section of the table a file, in order of priority: the
//! openings, bidding to the score (rubber and Chicago), the no trump sequences, slam
//! conventions, competition, the strong and weak twos and preempts, responses, opener's
//! and responder's rebids, and the general judgements of game, slam and competition last.
//! Five Crowns adds a 0NT opening (12–14 balanced), treats four cards of eleven as a long
//! suit and plays none of the conventions that presume four suits; Deuces Wild counts
//! each deuce a point.

pub(crate) mod competition;
mod later;
pub(crate) mod notrump;
mod openings;
mod rebids;
pub(crate) mod responder;
mod responses;
mod score;
mod slam;
mod twos;

use tenace_cards::{Strain, Suit};
use tenace_rules::{Bid, Call};

use super::context::{AuctionContext, Shown, Stage};
use super::helpers::*;
use super::shown::{Seen, balanced, length, range};
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

/// The whole system, section by section in order of priority.
pub static SYSTEM: &[&[BidRule]] = &[
    openings::RULES,
    score::RULES,
    notrump::RULES,
    slam::RULES,
    competition::RULES,
    twos::RULES,
    responses::RULES,
    rebids::RULES,
    responder::RULES,
    later::RULES,
];

/// Every rule of the system, in order of priority.
pub fn all_rules() -> impl Iterator<Item = &'static BidRule> {
    SYSTEM.iter().flat_map(|section| section.iter())
}

/// What a pass means
/// What a pass means when no rule of the stage applies.
pub fn pass_meaning(stage: Stage) -> &'static str {
    match stage {
        Stage::Opening => {
            "not enough to open (13 points, or the rule of 20) and no suit to preempt in"
        }
        Stage::Responding => "fewer than 6 HCP, or nothing the system bids with",
        Stage::Overcalling => "no good suit to overcall and not the shape to double",
        Stage::Advancing => "too weak to advance partner's bid",
        Stage::Rebidding | Stage::Later => "nothing more to show: the side is high enough",
    }
}
