//! Move generation and ordering for the generic search.
//!
//! Equivalent cards are merged: adjacent remaining ranks of one suit in one hand win and
//! lose the same tricks where only the order of ranks matters, so only the top of each
//! run is tried (never a wild deuce, whose rank gives it powers). The order tries first
//! the lead the table remembers, then cards that take the trick cheaply for a player who
//! wants tricks, low cards when the trick already goes the player's way, and for a player
//! who wants to lose tricks the highest card that still loses.

use tenace_cards::{Card, CardSet, Rank, Suit};
use tenace_rules::trick::SpecialRule;

use super::cutoffs::{NO_MOVE, encode};
use super::table::NO_HINT;
use super::{GenericSearch, Ranks};
use crate::bridge::sequence_tops;
use crate::scored::Scored;

/// The score bonus of the lead that last proved a bound from the same hand: above most
/// static scores, as on the Contract Bridge path.
const CUTOFF_BONUS: i16 = 90;

/// One move: a card and the suit a named joker is played as.
pub(crate) type Move = (Card, Option<Suit>);

/// Most moves one node can have: a hand of every card of a 56-card deck shared by two,
/// and a named joker's five namings.
const MAX_MOVES: usize = 40;

/// The moves to try at one node, best guess first.
pub(crate) struct MoveList {
    moves: Scored<Move, MAX_MOVES>,
    /// Per suit, the legal cards left out as equal to a higher one. When every move
    /// fails, the result rests on the merges: see [`GenericSearch::cover_merges`].
    pub merged: Ranks,
    /// Per suit, the legal cards the runs were taken among.
    pub runs_of: Ranks,
    /// A lead's slot in the cutoff cache.
    pub slot: usize,
}

impl MoveList {
    fn new() -> MoveList {
        MoveList {
            moves: Scored::new((Card::JOKER, None)),
            merged: [0; 5],
            runs_of: [0; 5],
            slot: 0,
        }
    }

    /// Inserts a move, keeping the list sorted by score, highest first (stable).
    fn push(&mut self, m: Move, score: i16) {
        self.moves.push(m, score);
    }

    /// The moves, in order.
    pub fn as_slice(&self) -> &[Move] {
        self.moves.as_slice()
    }
}

impl GenericSearch {
    /// Every card still in play (hands and the trick in progress).
    pub(super) fn alive(&self) -> CardSet {
        self.hands[..self.players]
            .iter()
            .fold(self.trick.card_set(), |all, &h| all | h)
    }

    /// The legal moves of the player to play, merged and ordered, the move `hint` names
    /// first.
    pub(crate) fn moves(&self, hint: u16) -> MoveList {
        let player = self.to_play();
        let hand = self.hands[player.index()];
        let restriction = self.restriction.filter(|_| self.trick.is_empty());
        let legal = self.rules.legal(hand, &self.trick, restriction);
        let alive = self.alive();
        let mut list = MoveList::new();
        // Only leads are cached: a follower's cached card, tried first as on the
        // Contract Bridge path, cost every-player-for-themselves searches up to 40% more
        // nodes, and gained bridge-like ones under 10%.
        let cached = if self.trick.is_empty() {
            list.slot = self.lead_slot();
            self.cutoffs.get(list.slot)
        } else {
            NO_MOVE
        };
        let tried = self.merged(legal, alive, &mut list);
        for card in tried {
            if card == Card::JOKER && self.track_barred {
                for suit in self
                    .rules
                    .joker_names(hand, &self.trick, self.barred[player.index()])
                {
                    let m = (card, Some(suit));
                    list.push(m, self.score(m, alive, hint, cached));
                }
            } else {
                let m = (card, None);
                list.push(m, self.score(m, alive, hint, cached));
            }
        }
        list
    }

    /// The legal cards worth trying: one card of each run of equivalent cards.
    fn merged(&self, legal: CardSet, alive: CardSet, list: &mut MoveList) -> CardSet {
        if !self.relative_ranks {
            return legal;
        }
        let mut kept = legal.specials();
        for suit in Suit::FIVE_CROWNS {
            let mut mine = legal.suit_bits(suit);
            if mine == 0 {
                continue;
            }
            let mut deuce_left_out = 0;
            if self.wild_deuces {
                let deuce = mine & (1 << Rank::Two as u8);
                mine &= !deuce;
                // A wild deuce next to a legal card of its own hand does all that card
                // does and more, so keeping it is never worse: play the other card.
                let above = alive.suit_bits(suit) & !(deuce | deuce.wrapping_sub(1));
                if deuce != 0 && above & above.wrapping_neg() & mine != 0 {
                    deuce_left_out = deuce;
                } else {
                    kept |= CardSet::from_bits((deuce as u128) << (suit.index() * 16));
                }
            }
            let tops = sequence_tops(mine, alive.suit_bits(suit));
            list.merged[suit.index()] = mine & !tops | deuce_left_out;
            list.runs_of[suit.index()] = mine | deuce_left_out;
            kept |= CardSet::from_bits((tops as u128) << (suit.index() * 16));
        }
        kept
    }

    /// When every move failed, the cards left out as equal to a tried one must stay
    /// equal wherever the result is reused. A run wholly below the lowest winning rank
    /// is small cards anyway, and one wholly above it keeps its owners; only the run
    /// through the lowest winning rank could split, so the ranks reach down to its
    /// bottom card (as on the Contract Bridge path).
    pub(super) fn cover_merges(&self, ranks: &mut Ranks, list: &MoveList) {
        let alive = self.alive();
        for suit in Suit::FIVE_CROWNS {
            let lane = suit.index();
            let deuce = 1u16 << Rank::Two as u8;
            if self.wild_deuces && list.merged[lane] & deuce != 0 {
                // A wild deuce left out under a card of its own hand: the result holds
                // only where that card is still the deuce holder's.
                let above = alive.suit_bits(suit) & !(deuce | (deuce - 1));
                ranks[lane] |= above & above.wrapping_neg();
            }
            if list.merged[lane] == 0 || ranks[lane] == 0 {
                continue;
            }
            let mine = list.runs_of[lane];
            let mut bit = ranks[lane] & ranks[lane].wrapping_neg();
            if mine & bit == 0 {
                continue;
            }
            let alive = alive.suit_bits(suit);
            loop {
                let below = alive & (bit - 1);
                if below == 0 {
                    break;
                }
                let next = 1 << (15 - below.leading_zeros());
                if mine & next == 0 {
                    break;
                }
                bit = next;
            }
            ranks[lane] |= bit;
        }
    }

    /// A move as the table remembers it: its suit lane, how many remaining cards of the
    /// lane rank above it (so the same move is found in every position of one key), and
    /// the suit a named joker takes.
    pub(super) fn hint_of(&self, (card, named): Move, alive: CardSet) -> u16 {
        let index = card.index();
        let lane = index / 16;
        let bit = index % 16;
        let above = ((alive.bits() >> (lane as u32 * 16)) as u16 >> bit >> 1).count_ones() as u16;
        let named = named.map_or(0, |s| s.index() as u16 + 1);
        named << 12 | (lane as u16) << 8 | above
    }

    /// A guess at how good a move is (higher first): the table's hint first, then the
    /// static order, in which the lead the cutoff cache holds stands well up.
    fn score(&self, m: Move, alive: CardSet, hint: u16, cached: u16) -> i16 {
        if hint != NO_HINT && self.hint_of(m, alive) == hint {
            return i16::MAX;
        }
        if cached != NO_MOVE && encode(m) == cached {
            return self.static_score(m, alive).saturating_add(CUTOFF_BONUS);
        }
        self.static_score(m, alive)
    }

    /// The guess from the cards alone.
    fn static_score(&self, m: Move, alive: CardSet) -> i16 {
        let (card, named) = m;
        let rank = card.rank().map_or(1, |r| r as i16);
        // A card the rules let go to any trick (a wild deuce, the joker in no trump) is
        // worth keeping: unless it takes the trick, it is tried after the others.
        let keep = if self.plays_anywhere(card) { 45 } else { 0 };
        let me = self.to_play();
        let wants_tricks = self.wants_tricks(me);
        if self.trick.is_empty() {
            return self.lead_score(card, rank, alive, wants_tricks) - keep;
        }
        let mut trial = self.trick;
        trial.push_as(card, self.rules.effective_suit(card, named));
        let winner = self
            .trick
            .leader()
            .offset(self.rules.winning_position(&trial), self.players);
        let good = self.roles.counted >> winner.0 & 1 == self.roles.maximizers >> me.0 & 1;
        match (good, winner == me, wants_tricks) {
            // Win the trick as cheaply as possible.
            (true, true, _) => 100 - rank,
            // The trick goes our way without this card: play low, or, for a player
            // ducking tricks, get rid of the highest card that still loses.
            (true, false, true) => 60 - rank - keep,
            (true, false, false) => 60 + rank - keep,
            // Nothing to gain: play low, or, for a player ducking tricks, get rid of a
            // high card while it cannot win.
            (false, false, false) => rank - 20 - keep,
            (false, _, _) => -rank - keep,
        }
    }

    /// A lead's score: a player who wants tricks cashes a suit's top card, or leads low
    /// towards a partner's; a player who wants none leads low.
    fn lead_score(&self, card: Card, rank: i16, alive: CardSet, wants_tricks: bool) -> i16 {
        if !wants_tricks {
            return -rank;
        }
        let Some(suit) = card.suit() else {
            return -20;
        };
        let me = self.to_play();
        let mine = self.hands[me.index()].suit_bits(suit);
        let others = alive.suit_bits(suit) & !mine;
        if card_is_top(card, others) {
            return 50 + rank;
        }
        // A partner's card above every opponent's: lead low towards it.
        let mut partners = 0u16;
        let mut opponents = 0u16;
        for (p, hand) in self.hands[..self.players].iter().enumerate() {
            if p == me.index() {
                continue;
            }
            if self.wants_same(me, tenace_cards::Player(p as u8)) {
                partners |= hand.suit_bits(suit);
            } else {
                opponents |= hand.suit_bits(suit);
            }
        }
        if partners > opponents {
            return 30 - rank;
        }
        -rank
    }

    /// Whether the rules let `card` go to any trick: a wild deuce, or the Five Crowns
    /// joker in no trump.
    fn plays_anywhere(&self, card: Card) -> bool {
        if card == Card::JOKER {
            matches!(self.rules.special, SpecialRule::Joker(_)) && self.rules.trump.is_none()
        } else {
            self.wild_deuces && card.rank() == Some(Rank::Two)
        }
    }
}

/// Whether `card` is above every card in `others` of its suit.
fn card_is_top(card: Card, others: u16) -> bool {
    let bit = card.index() % 16;
    others >> bit == 0
}
