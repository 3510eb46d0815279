//! How promising each lead is, before the search knows anything about the position.
//!
//! A null-window search proves a bound with the first move that works, so at the
//! prover's turn the order of the leads decides the size of the tree. Two things make a
//! lead cheap to search:
//! - it wins the trick, or sets up a winner, so the bound falls to the quick-trick
//!   count soon after;
//! - the opponents hold few cards in the suit: each card they might play is a branch,
//!   and a void opponent may throw any card at all.
//!
//! The score adds a suit term (the opponents' cards, ruffs, who holds the top cards) to
//! a card term (whether this card wins, and who holds the top cards). The weights were
//! tuned by coordinate descent on the nodes searched: first on full tables, then on
//! full tables and all-cards solves of the opening lead together. Checked on deals far
//! from the tuning ones (seeds 10000, 20000 and 30000, 100 each), that second pass
//! with the cutoff-cache bonus took 1.4%, 6.7% and 2.4% off the nodes of the
//! opening-lead solves; its first check, on seeds 11 to 62, overlapped the tuning
//! deals (`tenace deal --seed S --count N` deals seeds S to S + N - 1).

use super::lanes::card_at;
use super::moves::{MoveList, highest};
use super::search::{BridgeSearch, NT};

/// The weights of the lead score; see [`BridgeSearch::push_leads`] for each term.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LeadWeights {
    /// Per card the opponents hold in the suit (a void counts as a full hand plus one).
    pub opponent_card: i16,
    /// No trump: partner is void in the suit.
    pub partner_void_nt: i16,
    /// A side suit an opponent can ruff.
    pub opponent_ruffs: i16,
    /// A side suit partner can ruff (and right-hand opponent can follow).
    pub partner_ruffs: i16,
    /// A trump lead when both hands of the side hold trumps, a void side suit and a
    /// side card to lead: it spends the trumps a crossruff would score separately.
    pub trump_from_crossruff: i16,
    /// The right-hand opponent holds the top or second card (and more than one card).
    pub rho_high: i16,
    /// The left-hand opponent holds the top card and partner the second: lead through.
    pub through_lho: i16,
    /// A singleton in a side suit whose top card partner holds, with trumps to ruff the
    /// return.
    pub ruff_return: i16,
    /// A winning lead when the leader holds the top and partner the second card.
    pub win_both_tops: i16,
    /// Cashing the top card.
    pub win_cash_top: i16,
    /// A lower card when the leader holds the top card.
    pub win_under_top: i16,
    /// To partner's top card, the leader holding the second: lowest card first, so the
    /// second stays in hand to win the next round.
    pub win_to_partner_second: i16,
    /// To partner's top card.
    pub win_to_partner: i16,
    /// Not winning: partner holds the second and third cards.
    pub set_up_partner: i16,
    /// Not winning: the side holds the second and third cards between them.
    pub set_up_split: i16,
    /// Not winning: an opponent's singleton top card falls.
    pub drop_singleton: i16,
    /// Not winning: the leader's top card is ruffed.
    pub lose_top_to_ruff: i16,
    /// Not winning: a lower card of the suit whose top card the leader holds.
    pub under_ruffed_top: i16,
    /// Not winning: leading the second card to knock out the top one.
    pub knock_out_top: i16,
    /// Not winning: any other card, lowest first.
    pub low_card: i16,
}

/// The tuned weights.
pub(crate) const LEAD_WEIGHTS: LeadWeights = LeadWeights {
    opponent_card: 7,
    partner_void_nt: 18,
    opponent_ruffs: 45,
    partner_ruffs: 17,
    trump_from_crossruff: 20,
    rho_high: 12,
    through_lho: 33,
    ruff_return: 15,
    win_both_tops: 22,
    win_cash_top: 31,
    win_under_top: 7,
    win_to_partner_second: 42,
    win_to_partner: 28,
    set_up_partner: 15,
    set_up_split: 13,
    drop_singleton: 21,
    lose_top_to_ruff: 38,
    under_ruffed_top: -14,
    knock_out_top: 35,
    low_card: 17,
};

impl<const WILD: bool, const S: usize> BridgeSearch<WILD, S> {
    /// Who holds the top, second and third cards still in play in a suit (4 for nobody).
    fn top_owners(&self, suit: usize, alive: u16) -> [usize; 3] {
        let mut rest = alive;
        let mut owner = [4; 3];
        for slot in &mut owner {
            let bit = highest(rest);
            if bit == 0 {
                break;
            }
            rest ^= bit;
            *slot = (0..4).find(|&p| self.suit(p, suit) & bit != 0).unwrap_or(4);
        }
        owner
    }

    /// Whether both hands of `leader`'s side are void in a side suit and hold a side card
    /// (their trumps can score separately).
    fn crossruffs(&self, leader: usize) -> bool {
        let side_suits = |p: usize| {
            (0..S)
                .filter(|&s| s != self.trump)
                .map(move |s| self.suit(p, s))
        };
        [leader, (leader + 2) & 3]
            .iter()
            .all(|&p| side_suits(p).any(|h| h == 0) && side_suits(p).any(|h| h != 0))
    }

    /// Adds `leader`'s leads `cards` (bits of `suit`) to `list`, each with its score:
    /// higher is tried first. The suit's terms are worked out once for all its cards.
    pub(crate) fn push_leads(
        &self,
        list: &mut MoveList<S>,
        leader: usize,
        suit: usize,
        cards: u16,
    ) {
        let w = &LEAD_WEIGHTS;
        let alive = self.alive(suit);
        let partner = (leader + 2) & 3;
        let lho = (leader + 1) & 3;
        let rho = (leader + 3) & 3;
        let len = |p: usize| self.suit(p, suit).count_ones() as i16;
        let void_cost = self.hands[leader].count_ones() as i16 + 1;
        let counted = |p: usize| if len(p) == 0 { void_cost } else { len(p) };
        let mut suit_score = -w.opponent_card * (counted(lho) + counted(rho));

        let trumps = |p: usize| self.trump != NT && self.suit(p, self.trump) != 0;
        let side_suit = self.trump != NT && suit != self.trump;
        let ruffs = |p: usize| side_suit && len(p) == 0 && trumps(p);
        let opponent_ruffs = ruffs(lho) || ruffs(rho);
        if self.trump == NT && len(partner) == 0 {
            suit_score -= w.partner_void_nt;
        }
        if opponent_ruffs {
            suit_score -= w.opponent_ruffs;
        }
        if ruffs(partner) && len(rho) > 0 {
            suit_score += w.partner_ruffs;
        }
        if self.trump != NT && suit == self.trump && trumps(partner) && self.crossruffs(leader) {
            suit_score -= w.trump_from_crossruff;
        }
        let owner = self.top_owners(suit, alive);
        if (owner[0] == rho || owner[1] == rho) && len(rho) != 1 {
            suit_score -= w.rho_high;
        } else if owner[0] == lho && owner[1] == partner && len(partner) != 1 {
            suit_score += w.through_lho;
        }
        if side_suit
            && len(leader) == 1
            && trumps(leader)
            && owner[0] == partner
            && len(partner) > 1
        {
            suit_score += w.ruff_return;
        }
        let partner_above = highest(self.suit(partner, suit))
            > highest(self.suit(lho, suit) | self.suit(rho, suit));
        // A lead that loses the trick may still set up the side's lower cards.
        let set_up = if owner[1] == partner && owner[2] == partner {
            w.set_up_partner
        } else if (owner[1] == leader && owner[2] == partner
            || owner[1] == partner && owner[2] == leader)
            && len(partner) > 1
        {
            w.set_up_split
        } else {
            0
        };
        let singleton_top =
            (len(lho) == 1 && owner[0] == lho) || (len(rho) == 1 && owner[0] == rho);
        let top = highest(alive);
        let second = highest(alive & !top);

        let mut rest = cards;
        while rest != 0 {
            let bit = highest(rest);
            rest ^= bit;
            // The card's rank among the suit's cards in play, 0 for the lowest.
            let relative = (alive & (bit - 1)).count_ones() as i16;
            let is_top = bit == top;
            let wins = (is_top || partner_above) && !opponent_ruffs;
            let card_score = if wins {
                if owner[0] == leader {
                    if owner[1] == partner {
                        w.win_both_tops + relative
                    } else if is_top {
                        w.win_cash_top
                    } else {
                        w.win_under_top + relative
                    }
                } else if owner[1] == leader {
                    w.win_to_partner_second - relative
                } else {
                    w.win_to_partner + relative
                }
            } else if singleton_top {
                set_up + w.drop_singleton + relative
            } else if owner[0] == leader {
                set_up
                    + if is_top {
                        w.lose_top_to_ruff
                    } else {
                        w.under_ruffed_top + relative
                    }
            } else if bit == second {
                set_up + w.knock_out_top
            } else {
                set_up + w.low_card - relative
            };
            let card = card_at::<S>(suit, bit.trailing_zeros());
            list.push(card, suit_score + card_score);
        }
    }
}
