//! Partner's or my own no trump opening: Stayman, Jacoby transfers, invitations and
//! games, and the continuations after them.

use super::*;

pub(super) static RULES: &[BidRule] = &[
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
];

/// What partner's call shows when it is one of this section's no trump conventions; `false`
/// leaves the call to the general reading in `shown`.
pub(crate) fn reads(shown: &mut Shown, seen: &Seen) -> bool {
    let Call::Bid(b) = seen.call else {
        return false;
    };
    // Five Crowns plays no conventions over no trump.
    if !seen.after("1NT P") || seen.style == DeckStyle::FiveCrowns {
        return false;
    }
    match (b.level, b.strain) {
        (2, Strain::Suit(Suit::Clubs)) => range(shown, 8, 40),
        (2, Strain::Suit(Suit::Diamonds)) => length(shown, Suit::Hearts, 5),
        (2, Strain::Suit(Suit::Hearts)) => length(shown, Suit::Spades, 5),
        (2, Strain::NoTrump) => range(shown, 8, 9),
        (3, Strain::NoTrump) => range(shown, 10, 15),
        _ => return false,
    }
    true
}
