//! What partner's calls have shown, read from the calls alone (never from the hand):
//! the same system the bidding table plays, seen from the other side of the table.

use tenace_cards::{Player, Strain, Suit};
use tenace_rules::{Bid, Call};

use super::context::{Shown, Stage, auction_is, from_opening, stage_of};
use crate::hand_eval::DeckStyle;

/// What `partner`'s calls show, by the stage each was made in.
pub(crate) fn partner_shown(calls: &[(Player, Call)], partner: Player, style: DeckStyle) -> Shown {
    let mut shown = Shown::default();
    // The calls from the opening on, once: each call's auction before it is a prefix.
    let auction = from_opening(calls);
    let passes_before_opening = calls.len() - auction.len();
    for (i, &(p, call)) in calls.iter().enumerate() {
        if p != partner {
            continue;
        }
        let before = &calls[..i];
        let seen = Seen {
            auction: &auction[..i.saturating_sub(passes_before_opening)],
            call,
            style,
        };
        if super::rules::notrump::reads(&mut shown, &seen)
            || super::rules::competition::reads(&mut shown, &seen)
            || super::rules::responder::reads(&mut shown, &seen)
        {
            continue;
        }
        let stage = stage_of(before, partner);
        let opening_of_side = before.iter().find_map(|&(q, c)| match c {
            Call::Bid(b) if q == partner.offset(2, 4) => Some(b),
            _ => None,
        });
        apply(&mut shown, stage, call, opening_of_side, style);
    }
    shown
}

/// One of partner's calls, for the sections of the system that read their own
/// conventions ([`super::rules`]'s `reads` functions).
pub(crate) struct Seen<'a> {
    /// The calls from the opening bid up to this one (not included).
    pub auction: &'a [Call],
    /// The call.
    pub call: Call,
    /// The deck style.
    pub style: DeckStyle,
}

impl Seen<'_> {
    /// Whether the auction before the call is `pattern` (see
    /// [`super::AuctionContext::is`]; the pattern's next call is this one).
    pub fn after(&self, pattern: &str) -> bool {
        auction_is(self.auction, pattern)
    }
}

pub(crate) fn range(shown: &mut Shown, min: u8, max: u8) {
    shown.min_hcp = shown.min_hcp.max(min);
    shown.max_hcp = shown.max_hcp.min(max).max(shown.min_hcp);
}

pub(crate) fn length(shown: &mut Shown, suit: Suit, n: u8) {
    let l = &mut shown.lengths[suit.index()];
    *l = (*l).max(n);
}

pub(crate) fn balanced(shown: &mut Shown, style: DeckStyle) {
    shown.balanced = true;
    for &s in style.suits() {
        length(shown, s, 2);
    }
}

/// One call's meaning, by the rules of [`super::rules`].
fn apply(shown: &mut Shown, stage: Stage, call: Call, ours: Option<Bid>, style: DeckStyle) {
    let long = style.long();
    match (stage, call) {
        (Stage::Opening, Call::Pass) => range(shown, 0, 11),
        (Stage::Opening, Call::Bid(b)) => match (b.level, b.strain) {
            (0, Strain::NoTrump) => {
                range(shown, 12, 14);
                balanced(shown, style);
            }
            (1, Strain::NoTrump) => {
                range(shown, 15, 17);
                balanced(shown, style);
            }
            (2, Strain::NoTrump) => {
                range(shown, 20, 21);
                balanced(shown, style);
            }
            (2, Strain::Suit(Suit::Clubs)) => range(shown, 22, 40),
            (1, Strain::Suit(s)) => {
                range(shown, 11, 21);
                let n = if s.is_major() && style != DeckStyle::FiveCrowns {
                    long
                } else {
                    3
                };
                length(shown, s, n);
            }
            (2, Strain::Suit(s)) => {
                range(shown, 5, 10);
                length(shown, s, 6);
            }
            (_, Strain::Suit(s)) => {
                range(shown, 5, 10);
                length(shown, s, 7);
            }
            _ => {}
        },
        (Stage::Responding, Call::Pass) => range(shown, 0, 5),
        (Stage::Responding, Call::Bid(b)) => responding(shown, b, ours, style),
        (Stage::Overcalling, Call::Bid(b)) => match b.strain {
            Strain::NoTrump => {
                range(shown, 15, 18);
                balanced(shown, style);
            }
            Strain::Suit(s) => {
                range(shown, if b.level <= 1 { 8 } else { 11 }, 17);
                length(shown, s, long);
            }
        },
        (Stage::Overcalling, Call::Double) => range(shown, 12, 40),
        (Stage::Rebidding, Call::Bid(b)) => match (b.strain, b.level) {
            (Strain::NoTrump, 1) => range(shown, 12, 14),
            (Strain::NoTrump, 2) => range(shown, 18, 19),
            (Strain::Suit(_), 3..) => range(shown, 16, 18),
            _ => {}
        },
        (Stage::Advancing, Call::Bid(b)) => {
            if let Strain::Suit(s) = b.strain {
                length(shown, s, 4);
            }
        }
        _ => {}
    }
}

fn responding(shown: &mut Shown, b: Bid, ours: Option<Bid>, style: DeckStyle) {
    let Some(opening) = ours else {
        return;
    };
    match (opening.strain, b.strain) {
        (Strain::Suit(Suit::Clubs), Strain::Suit(Suit::Diamonds))
            if opening.level == 2 && b.level == 2 =>
        {
            range(shown, 0, 7)
        }
        (Strain::Suit(Suit::Clubs), Strain::Suit(s)) if opening.level == 2 => {
            range(shown, 8, 40);
            length(shown, s, 5);
        }
        (Strain::Suit(Suit::Clubs), Strain::NoTrump) if opening.level == 2 => {
            range(shown, 8, 40);
            balanced(shown, style);
        }
        (Strain::Suit(o), Strain::Suit(s)) if o == s => {
            let (min, max) = match b.level.saturating_sub(opening.level) {
                0 | 1 => (6, 9),
                2 => (10, 12),
                _ => (13, 40),
            };
            range(shown, min, max);
            length(shown, s, 3);
        }
        (Strain::Suit(_), Strain::Suit(s)) => {
            range(shown, if b.level <= 1 { 6 } else { 11 }, 40);
            length(shown, s, 4);
        }
        (Strain::Suit(_), Strain::NoTrump) => match b.level {
            1 => range(shown, 6, 10),
            2 => {
                range(shown, 13, 15);
                balanced(shown, style);
            }
            _ => {
                range(shown, 16, 17);
                balanced(shown, style);
            }
        },
        _ => {}
    }
}
