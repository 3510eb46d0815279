//! Move generation and ordering for the Contract Bridge search.
//!
//! Equivalent cards are merged: two cards of one hand in one suit with no card of
//! another hand (or of the trick in progress) between them win and lose exactly the same
//! tricks, so only the top of each such sequence is tried. Under wild deuces a deuce is
//! never merged: only it may be played to any trick. (Kept, it does all the 3 above it
//! does, so here playing it is never better; but a table entry resting on that is
//! reused where the small cards have other owners, and the deuce's own play, never
//! searched, would be answered for by nothing.) The order puts first the
//! cards that usually prove a bound: for leads see [`super::leads`]; following, a sure
//! winner, then the cheapest card that wins so far, then low cards, ruffing, and
//! discarding the lowest card of a long suit; second hand plays low first when partner,
//! playing last, can beat anything third hand holds. The follow-up weights were tuned by
//! coordinate descent on the tricks searched in full-deal solves.

use super::lanes::{card_at, lane_mask, rank_of, suit_of};
use super::search::{BridgeSearch, DEUCE, DEUCES, NT};
use crate::scored::Scored;

/// What the cards played so far to a trick tell the next player.
#[derive(Clone, Copy)]
struct TrickSoFar<const S: usize> {
    led: usize,
    best: u8,
    partner_safe: bool,
    /// Second hand: partner, playing last, can beat whatever third hand plays.
    partner_covers: bool,
    /// The led suit's lowest card of the next player when an opponent (0 if void or
    /// partner): a card below it cannot win, for that opponent must follow higher.
    next_opponent_lowest: u16,
    /// The led suit's cards of the players still to play after the mover.
    later_led: u16,
    /// The trumps of those of them out of the led suit (who may ruff).
    later_ruffing_trumps: u16,
}

impl<const S: usize> TrickSoFar<S> {
    /// Whether `card` (of the led suit, or a trump) stays the winner whatever the
    /// players still to play do.
    fn holds_up(&self, card: u8, trump: usize) -> bool {
        let above = |bits: u16| bits >> (rank_of::<S>(card) + 1) != 0;
        if suit_of::<S>(card) == self.led {
            !above(self.later_led) && (self.led == trump || self.later_ruffing_trumps == 0)
        } else {
            !above(self.later_ruffing_trumps)
        }
    }
}

/// The cards to try at one node, best guess first.
pub(crate) struct MoveList<const S: usize> {
    /// At most a hand's cards, 14 in Five Crowns, where a lead of the named joker is
    /// one move per suit: 13 suited cards and 5 namings.
    cards: Scored<u8, 18>,
    /// Per suit, the cards left out as equal to a higher one of the same sequence. See
    /// [`BridgeSearch::cover_merges`] for what a result resting on the merge must fix.
    pub left_out: [u16; S],
}

impl<const S: usize> MoveList<S> {
    fn new() -> MoveList<S> {
        MoveList {
            cards: Scored::new(0),
            left_out: [0; S],
        }
    }

    pub(crate) fn push(&mut self, card: u8, score: i16) {
        self.cards.push(card, score);
    }

    /// Raises the score of `card`, if it is in the list, by `bonus`, keeping the order.
    pub fn boost(&mut self, card: u8, bonus: i16) {
        self.cards.boost(card, bonus);
    }

    /// The cards, in order.
    pub fn as_slice(&self) -> &[u8] {
        self.cards.as_slice()
    }

    /// Whether no card is in the list yet.
    pub fn is_empty(&self) -> bool {
        self.cards.as_slice().is_empty()
    }
}

/// The tops of the sequences of `mine` among the `alive` cards of one suit: a card is
/// kept unless the next higher alive card is also `mine`.
///
/// Cards out of play do not break a sequence, so the runs are those of `mine` and the
/// dead cards together; a card of `mine` is not a top when another card of `mine` sits
/// above it in its run. Filling down from each card of `mine` through its run, in four
/// doubling steps, marks those cards without a branch (the loop over the cards it
/// replaces mispredicted, measured under a branch simulator).
pub(crate) fn sequence_tops(mine: u16, alive: u16) -> u16 {
    let mut run = mine | !alive;
    let mut below = (mine >> 1) & run;
    for step in [1, 2, 4, 8] {
        below |= run & (below >> step);
        run &= run >> step;
    }
    mine & !below
}

/// The score of a deuce of trumps ruffing while its holder could follow: as a trump that
/// wins the trick so far.
const WILD_RUFF: i16 = 38;

/// The score of any other deuce played while its holder could follow: below every
/// follow and discard.
const WILD_SPENT: i16 = -60;

pub(crate) fn highest(bits: u16) -> u16 {
    if bits == 0 {
        0
    } else {
        1 << (15 - bits.leading_zeros())
    }
}

impl<const WILD: bool, const S: usize> BridgeSearch<WILD, S> {
    /// Whether `card` beats `best` in a trick (`best` being the trick's winning card).
    pub(crate) fn beats(&self, card: u8, best: u8) -> bool {
        // The no-trump joker beats nothing, and anything beats it (led, it is alone).
        if self.is_joker(card) || self.is_joker(best) {
            return self.is_joker(best);
        }
        let (s, b) = (suit_of::<S>(card), suit_of::<S>(best));
        if s == b { card > best } else { s == self.trump }
    }

    /// Under wild deuces, the deuces the player to play may play besides the led suit
    /// (`follow` being their cards of it): every deuce of another suit while they can
    /// follow. Empty in Contract Bridge.
    #[inline]
    fn wild_extras(&self, player: usize, led: usize, follow: u16) -> u64 {
        if WILD && follow != 0 {
            self.hands[player] & DEUCES & !lane_mask::<S>(led)
        } else {
            0
        }
    }

    /// [`sequence_tops`] of `mine` among the `alive` cards of a suit; under wild deuces
    /// the deuce is a move of its own. (It is the suit's lowest card, so taking it out
    /// of `mine` leaves every other card's next higher card as it was.)
    #[inline]
    pub(crate) fn tops(&self, mine: u16, alive: u16) -> u16 {
        if WILD {
            sequence_tops(mine & !DEUCE, alive) | mine & DEUCE
        } else {
            sequence_tops(mine, alive)
        }
    }

    /// The legal cards of the player to move, merged and ordered.
    pub(crate) fn moves(&self) -> MoveList<S> {
        let player = self.to_play();
        let mut list = MoveList::new();
        if self.len == 0 {
            for suit in 0..S {
                let mine = self.suit(player, suit);
                if mine != 0 && self.may_lead_suit(player, suit) {
                    self.add_leads(&mut list, player, suit, mine);
                }
            }
            if self.joker_rules() {
                self.joker_moves(&mut list);
            }
            return list;
        }
        if self.joker_live() && self.joker_moves(&mut list) {
            return list;
        }
        let Some(led) = self.led_suit() else {
            return list;
        };
        let follow = self.suit(player, led);
        let follow_tops = self.tops(follow, self.alive(led));
        let extras = self.wild_extras(player, led, follow);
        if follow != 0 && follow_tops & (follow_tops - 1) == 0 && extras == 0 && list.is_empty() {
            // One sequence in the led suit is one move: nothing to order.
            list.left_out[led] = follow & !follow_tops;
            list.push(card_at::<S>(led, follow_tops.trailing_zeros()), 0);
            return list;
        }
        let best_pos = self.winning_position();
        let best = self.trick[best_pos];
        let mut later_led = 0;
        let mut later_ruffing_trumps = 0;
        for position in self.len + 1..4 {
            let p = (self.leader + position) & 3;
            let follows = self.suit(p, led);
            later_led |= follows;
            if follows == 0 && self.trump != NT {
                later_ruffing_trumps |= self.suit(p, self.trump);
            }
        }
        let mut trick = TrickSoFar {
            led,
            best,
            partner_safe: false,
            partner_covers: false,
            next_opponent_lowest: 0,
            later_led,
            later_ruffing_trumps,
        };
        // Partner is winning when the winning card was played two seats before; it is
        // safe when nobody still to play can beat it.
        trick.partner_safe =
            self.len >= 2 && best_pos == self.len - 2 && trick.holds_up(best, self.trump);
        // Second hand: partner plays last and can win whatever third hand does, so a
        // high card here would only be wasted (second hand low).
        if self.len == 1 {
            let third = (self.leader + 2) & 3;
            let partner = (self.leader + 3) & 3;
            let third_led = self.suit(third, led);
            let third_ruffs = self.trump != NT
                && led != self.trump
                && third_led == 0
                && self.suit(third, self.trump) != 0;
            let partner_top = highest(self.suit(partner, led));
            let to_beat = highest(third_led).max(1 << rank_of::<S>(best));
            trick.partner_covers = !third_ruffs && partner_top > to_beat;
        }
        if self.len < 3 {
            let next = self.suit((player + 1) & 3, led);
            trick.next_opponent_lowest = next & next.wrapping_neg();
        }
        if follow != 0 {
            self.add_plays(&mut list, &trick, led, follow, follow_tops);
            // A deuce played while following spends the wild card: last, unless it is
            // the deuce of trumps winning the trick for the side.
            let mut extras = extras;
            while extras != 0 {
                let card = extras.trailing_zeros() as u8;
                let suit = suit_of::<S>(card);
                extras &= extras - 1;
                let ruffs = suit == self.trump && !trick.partner_safe && self.beats(card, best);
                list.push(card, if ruffs { WILD_RUFF } else { WILD_SPENT });
            }
        } else {
            for suit in 0..S {
                let mine = self.suit(player, suit);
                if mine != 0 {
                    let tops = self.tops(mine, self.alive(suit));
                    self.add_plays(&mut list, &trick, suit, mine, tops);
                }
            }
        }
        list
    }

    /// Every card still in play in a suit: the hands and the trick in progress.
    pub(crate) fn alive(&self, suit: usize) -> u16 {
        super::lanes::lane::<S>(self.in_play, suit)
    }

    fn add_leads(&self, list: &mut MoveList<S>, player: usize, suit: usize, mine: u16) {
        let tops = self.tops(mine, self.alive(suit));
        list.left_out[suit] = mine & !tops;
        self.push_leads(list, player, suit, tops);
    }

    /// Adds the plays `tops` (the tops of `mine`'s sequences in `suit`) with their
    /// scores.
    fn add_plays(
        &self,
        list: &mut MoveList<S>,
        trick: &TrickSoFar<S>,
        suit: usize,
        mine: u16,
        mut tops: u16,
    ) {
        let TrickSoFar {
            led,
            best,
            partner_safe,
            partner_covers,
            ..
        } = *trick;
        let alive = self.alive(suit);
        list.left_out[suit] = mine & !tops;
        while tops != 0 {
            let bit = highest(tops);
            tops ^= bit;
            let card = card_at::<S>(suit, bit.trailing_zeros());
            let rank = rank_of::<S>(card) as i16;
            let wins_now =
                self.beats(card, best) && !(suit == led && bit < trick.next_opponent_lowest);
            let score = if suit == led {
                if partner_safe || partner_covers {
                    30 - rank
                } else if wins_now {
                    let sure = trick.holds_up(card, self.trump);
                    if sure { 50 - rank } else { 35 - rank }
                } else {
                    25 - rank
                }
            } else if suit == self.trump {
                if partner_safe {
                    10 - rank
                } else if wins_now {
                    40 - rank
                } else {
                    -30 - rank
                }
            } else {
                // A discard: the lowest card of the longest suit with no winner in it
                // first, and not from a guarded second card (Kx under the ace).
                let keep = if bit == highest(alive) { 20 } else { 0 };
                let count = mine.count_ones() as i16;
                let second = highest(alive & !highest(alive));
                let guard = if count == 2 && mine & second != 0 {
                    6
                } else {
                    0
                };
                2 - rank - keep + 2 * count - guard
            };
            list.push(card, score);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::sequence_tops;

    /// The definition, card by card: a card of `mine` is a top unless the next higher
    /// card in play is also `mine`.
    fn tops_by_definition(mine: u16, alive: u16) -> u16 {
        let mut tops = 0;
        for rank in 0..16 {
            let bit = 1u16 << rank;
            if mine & bit == 0 {
                continue;
            }
            let above = alive & !(bit | (bit - 1));
            let next = above & above.wrapping_neg();
            if mine & next == 0 {
                tops |= bit;
            }
        }
        tops
    }

    #[test]
    fn sequence_tops_match_the_definition_on_every_holding() {
        // Every suit of 13 cards in play or not, and every holding of the cards in play
        // (3^13 cases).
        for alive in 0u16..1 << 13 {
            let mut mine = alive;
            loop {
                assert_eq!(
                    sequence_tops(mine, alive),
                    tops_by_definition(mine, alive),
                    "mine {mine:013b} alive {alive:013b}"
                );
                if mine == 0 {
                    break;
                }
                mine = (mine - 1) & alive;
            }
        }
    }
}
