//! Bidding to the score in rubber and Chicago bridge: with a part-score, game is nearer,
//! so a bid that completes it is passed and the auction stays low; when the opponents'
//! part-score lets a low contract give them game, a double for penalty pays more. These
//! rules come before the system's others, which bid as if the score were love.
//!
//! Their meanings name the score: `{ours}` and `{theirs}` are filled in with the side's
//! points toward game when the call is explained.

use super::*;

/// Partner's last call, when it is a natural bid that completes our game: a raise or
/// preference to a suit I bid, partner rebidding a suit of their own, or a natural no
/// trump (an opening or a rebid, not an answer to a convention).
fn partner_completes_game(c: &AuctionContext) -> Option<Bid> {
    let Some(Call::Bid(b)) = c.partner_last() else {
        return None;
    };
    if !c.completes_game(b, c.our_part_score) || c.opponents_hold_bid() {
        return None;
    }
    let partner = c.partner_bids();
    let mine = c.my_bids();
    let natural = match b.strain {
        NT => {
            // 1NT or 2NT opened, or a no trump rebid; not 2NT over a weak two or 4NT.
            b.level <= 3
                && (c.partner_opening() == Some(b)
                    || partner.len() >= 2 && partner[0].strain != suit(Suit::Clubs))
        }
        strain => {
            mine.iter().any(|m| m.strain == strain)
                || partner[..partner.len() - 1]
                    .iter()
                    .any(|p| p.strain == strain)
                    && c.partner_opening().is_none_or(|o| o.level == 1)
        }
    };
    natural.then_some(b)
}

pub(super) static RULES: &[BidRule] = &[
    BidRule {
        name: "stop in the part-score game",
        stage: Stage::Later,
        meaning: "partner's bid completes our game with the {ours} part-score we hold; no slam: pass",
        when: |h, c| {
            partner_completes_game(c).is_some()
                && h.hcp + c.partner.min_hcp < 31
                && !(c.partner_opening().is_some_and(|o| o.strain == NT)
                    && c.auction.len() == 2
                    && (h.len(Suit::Hearts) >= 5 || h.len(Suit::Spades) >= 5))
        },
        call: |_, _| Some(Call::Pass),
    },
    BidRule {
        name: "double the game-going part-score",
        stage: Stage::Later,
        meaning: "for penalty: their bid would give them game with their {theirs} part-score, and my trumps and points say it fails",
        when: |h, c| {
            c.last_bid().is_some_and(|(p, b)| {
                let Some(trump) = b.strain.trump() else {
                    return false;
                };
                // A vulnerable side goes down 200 a trick doubled: double them lighter.
                let (trumps, points) = if c.they_vulnerable { (3, 10) } else { (4, 12) };
                c.is_opponent(p)
                    && b.level <= 3
                    && c.completes_game(b, c.their_part_score)
                    && h.len(trump) >= trumps
                    && h.top_honours(trump) >= 1
                    && h.hcp >= points
            })
        },
        call: |_, c| c.is_legal(Call::Double).then_some(Call::Double),
    },
];
