//! The Contract Bridge search: a bitboard position and a null-window alpha-beta
//! ("can North-South take at least `target` more tricks?") with a transposition table at
//! trick boundaries. Bounds cut the search short before a trick is played out: at a
//! trick start the leader's quick tricks and simulated cashing line, both sides' sure
//! trump tricks and the later-tricks bound; at second hand, the trick won at once and
//! the winners cashed after it (see [`super::quick`]).
//!
//! The winning ranks do more than key the table. A card that failed below every winning
//! rank of its suit answers for the suit's other small cards, which are skipped
//! ([`SmallCards`]); and a run of one hand's cards at the bottom of a suit needs no
//! winning ranks, for the suit lengths place it ([`BridgeSearch::lift_runs`]). Measured
//! on full deals, the first halved the tricks searched and the second took off a
//! further 4% to 15%.
//!
//! Two rule sets are handled, each compiled apart (the `WILD` parameter), so Contract
//! Bridge pays nothing for the other: the plain follow-suit rule, and Deuces Wild
//! (RULES.md §2.1), where a player holding the led suit may also play any deuce. Under
//! wild deuces a deuce is never a small card like the others (only it may be played
//! anywhere): it is never merged with the card above it, never skipped as answered for
//! by a failed small card, and the owner of each deuce in play is part of the table key.
//! The bounds allow for what the opponents' deuces let them do (see [`super::quick`]
//! and [`super::cashing`]); the later-tricks bound, which a deuce in the hand of the
//! side on lead defeats, is used only while that side holds none
//! ([`BridgeSearch::deuce_free`]).

use std::ops::ControlFlow;

use super::cutoffs::Cutoffs;
use super::joker::NO_BAR;
use super::lanes::{NT_JOKER, card_at, lane, rank_bit, rank_of, suit_of};
use super::moves::{MoveList, highest};
use super::tt::{NO_BEST, Shape, Table, compress};
use crate::small_cards::SmallCards;
use crate::stop::Stop;

/// Winning ranks: per suit, a mask of cards whose lowest bit is the lowest rank an
/// answer depends on.
pub(crate) type Ranks<const S: usize> = [u16; S];

pub(crate) fn union<const S: usize>(into: &mut Ranks<S>, from: &Ranks<S>) {
    for (a, b) in into.iter_mut().zip(from) {
        *a |= b;
    }
}

/// The score bonus of the lead that last proved a bound at the same depth.
const KILLER_BONUS: i16 = 15;

/// The score bonus of the lead a table entry for this position proved before.
const TABLE_HINT_BONUS: i16 = 10;

/// The score bonus of the lead that last proved a bound from the same hand (see
/// [`super::cutoffs`]): far above the killer's, for it knows the hand, and above most
/// static scores, so only a much likelier lead goes before it. Against 50 (with the
/// killer's bonus at 25) it took 6% to 9% off the nodes of all-cards solves of the
/// opening lead, where the same hand comes back in the search after each lead, for
/// up to 1% more on full tables.
const CUTOFF_BONUS: i16 = 90;

/// From this many tricks left, a trick start asks the table before the quick tricks.
/// Early in the deal the table answers half the trick starts or more and the quick
/// tricks cut under a sixth, so probing first skips most quick-trick counts; near the
/// end the quick tricks cut a fifth to a third, and their winning ranks, fewer than a
/// table entry's, keep the entries above more general. Measured against quick tricks
/// first: full tables of two sets of 20 deals 3.5% to 4% faster, for 0.3% to 1% more
/// nodes; all-cards solves of three sets of 30 to 60 deals unchanged to 1% faster, for
/// 1% to 1.5% more nodes. Probing first at every depth made tables as fast but
/// all-cards solves up to 4.5% slower (3% to 7% more nodes).
const PROBE_FIRST_FROM: u8 = 6;

/// The trump index meaning no trump: above every suit of both layouts.
pub(crate) const NT: usize = 7;

/// The deuce's bit in a suit lane.
pub(crate) const DEUCE: u16 = 1 << 2;

/// Every deuce of a 64-bit hand.
pub(crate) const DEUCES: u64 = 0x0004_0004_0004_0004;

/// Whether `card` is a deuce (of the four-suit layout, the only one with deuces).
pub(crate) const fn is_deuce(card: u8) -> bool {
    card & 15 == 2
}

/// The top `count` cards of `cards`, a byte at a time: a table lookup in place of a
/// loop whose length the processor cannot predict.
fn top_cards(cards: u16, count: u8) -> u16 {
    let [low, high] = cards.to_le_bytes();
    let in_high = high.count_ones() as u8;
    if count <= in_high {
        u16::from(TOP_OF_BYTE[usize::from(count)][usize::from(high)]) << 8
    } else {
        let rest = usize::from((count - in_high).min(8));
        u16::from(high) << 8 | u16::from(TOP_OF_BYTE[rest][usize::from(low)])
    }
}

/// Per count (0 to 8) and byte, the byte's top `count` set bits (all of them when it
/// has fewer).
static TOP_OF_BYTE: [[u8; 256]; 9] = top_of_byte_table();

const fn top_of_byte_table() -> [[u8; 256]; 9] {
    let mut table = [[0u8; 256]; 9];
    let mut byte = 0;
    while byte < 256 {
        let mut count = 0;
        while count <= 8 {
            // Drop the lowest bits until `count` are left.
            let mut kept = byte as u8;
            while kept.count_ones() > count {
                kept &= kept - 1;
            }
            table[count as usize][byte] = kept;
            count += 1;
        }
        byte += 1;
    }
    table
}

/// The search state: four hands as 64-bit masks (a lane per suit, bit = rank; see
/// [`super::lanes`]), the trick in progress, and the table. `WILD`: the Deuces Wild
/// rules, else the plain follow-suit rule; `S`: the number of suits, 4 or Five Crowns'
/// 5.
pub(crate) struct BridgeSearch<const WILD: bool, const S: usize> {
    pub(crate) hands: [u64; 4],
    /// The same hands suit by suit: [`BridgeSearch::suit`] is the search's commonest
    /// read, and one load of a `u16` beats a shift out of the 64-bit hand (measured on
    /// full tables: 1.6% fewer instructions in all).
    suits: [[u16; S]; 4],
    pub(crate) trump: usize,
    pub(crate) leader: usize,
    /// The suit the leader may lead only when holding nothing else (Five Crowns no
    /// trump, after a trick with the joker in it; see [`super::joker`]), or [`NO_BAR`].
    pub(crate) barred: usize,
    pub(crate) trick: [u8; 4],
    pub(crate) len: usize,
    /// Per number of cards played to the trick (from 1), the trick position of the
    /// card winning so far: kept as cards are played, for every follower asks.
    winner_at: [u8; 5],
    pub(crate) table: Table,
    table_trump: usize,
    /// Every card in a hand or in the trick in progress: constant through a trick.
    pub(crate) in_play: u64,
    /// Nodes visited, for benchmarks and profiles.
    pub(crate) nodes: u64,
    /// Tricks completed in the search: the unit of DDS's own node count, so the two
    /// solvers' searches can be compared size for size.
    pub(crate) trick_nodes: u64,
    /// Per tricks left and leader, the lead that last proved a bound (a killer move).
    killer: [[u8; 4]; 15],
    /// The deadline, if the caller set one.
    pub(crate) stop: Stop,
    /// The cards that last proved bounds, per play situation.
    cutoffs: Cutoffs,
    /// Whether the no-trump joker is named as a two (`fc_nt_joker = nominated_two`,
    /// see [`super::joker`]) rather than unwinnable.
    pub(crate) named_joker: bool,
    /// Under the named joker, the suits its holder has shown out of (bit per suit): it
    /// may not be named as one of them.
    pub(crate) joker_voids: u8,
    /// [`BridgeSearch::joker_voids`] before each card of the trick was played.
    voids_at: [u8; 4],
}

impl<const WILD: bool, const S: usize> BridgeSearch<WILD, S> {
    /// A search with a table of at most `bytes`.
    pub fn new(bytes: usize) -> Self {
        BridgeSearch {
            hands: [0; 4],
            suits: [[0; S]; 4],
            trump: NT,
            leader: 0,
            barred: NO_BAR,
            trick: [0; 4],
            len: 0,
            winner_at: [0; 5],
            table: Table::with_bytes(bytes),
            table_trump: usize::MAX,
            in_play: 0,
            nodes: 0,
            trick_nodes: 0,
            killer: [[NO_BEST; 4]; 15],
            stop: Stop::default(),
            cutoffs: Cutoffs::new(),
            named_joker: false,
            joker_voids: 0,
            voids_at: [0; 4],
        }
    }

    /// Sets up a position (`barred`: the suit barred from the next lead, in Five Crowns
    /// no trump; `named_joker`: under the named joker of Five Crowns no trump, the suits
    /// its holder has shown out of). The table and the move caches are kept while the
    /// trump suit and the joker's rule stay the same: the table's entries hold for every
    /// position of that strain.
    pub fn set_position(
        &mut self,
        hands: [u64; 4],
        trump: usize,
        leader: usize,
        trick: &[u8],
        barred: Option<usize>,
        named_joker: Option<u8>,
    ) {
        let named = S == 5 && trump == NT && named_joker.is_some();
        if trump != self.table_trump || named != self.named_joker {
            self.table.clear();
            // What proved bounds under one trump misleads under another: measured on
            // full tables, keeping the cards of the last strain searched half as many
            // nodes again.
            self.cutoffs.clear();
            self.killer = [[NO_BEST; 4]; 15];
            self.table_trump = trump;
        }
        self.named_joker = named;
        self.joker_voids = named_joker.unwrap_or(0);
        self.hands = hands;
        self.suits = hands.map(|hand| std::array::from_fn(|suit| lane::<S>(hand, suit)));
        self.trump = trump;
        self.leader = leader;
        self.barred = self.bar_for(leader, barred.unwrap_or(NO_BAR));
        self.len = trick.len();
        self.trick[..trick.len()].copy_from_slice(trick);
        for played in 1..=trick.len() {
            self.winner_at[played] = self.best_of(&trick[..played]) as u8;
        }
        self.in_play = trick
            .iter()
            .fold(hands.iter().fold(0, |a, h| a | h), |a, &c| a | 1 << c);
    }

    /// One suit of one hand.
    #[inline]
    pub(crate) fn suit(&self, player: usize, suit: usize) -> u16 {
        self.suits[player][suit]
    }

    /// Whose turn it is.
    #[inline]
    pub(crate) fn to_play(&self) -> usize {
        (self.leader + self.len) & 3
    }

    /// Tricks left to play, the one in progress included.
    pub(crate) fn tricks_left(&self) -> u8 {
        self.hands[self.to_play()].count_ones() as u8
    }

    /// The trick position (0 = leader) of the card winning the trick so far.
    pub(crate) fn winning_position(&self) -> usize {
        debug_assert!(self.len > 0);
        self.winner_at[self.len] as usize
    }

    /// The position of the card that wins among `cards`, played in that order.
    fn best_of(&self, cards: &[u8]) -> usize {
        let mut best = 0;
        for (i, &card) in cards.iter().enumerate().skip(1) {
            if self.beats(card, cards[best]) {
                best = i;
            }
        }
        best
    }

    /// North-South's tricks from here, searched upward or downward from `guess`.
    pub fn ns_tricks(&mut self, guess: u8) -> u8 {
        let left = self.tricks_left();
        crate::targets::tricks_from_guess(left, guess, |target| self.search(target))
    }

    /// Takes `card` out of `player`'s hand, or puts it back: the named joker as played
    /// (a suit's two) is the joker's own bit in the hand, in no suit.
    #[inline(always)]
    fn toggle(&mut self, player: usize, card: u8) {
        if self.is_named_joker(card) {
            self.hands[player] ^= 1 << NT_JOKER;
        } else {
            self.hands[player] ^= 1 << card;
            if !self.is_joker(card) {
                self.suits[player][suit_of::<S>(card)] ^= rank_bit::<S>(card);
            }
        }
    }

    #[inline(always)]
    fn play(&mut self, card: u8) {
        let player = self.to_play();
        if S == 5 && self.named_joker {
            self.voids_at[self.len] = self.joker_voids;
        }
        self.toggle(player, card);
        if S == 5 && self.named_joker && !self.is_named_joker(card) {
            self.note_void(player, card);
        }
        let winner = match self.len {
            0 => 0,
            len => {
                let best = self.winner_at[len] as usize;
                if self.beats(card, self.trick[best]) {
                    len
                } else {
                    best
                }
            }
        };
        self.trick[self.len] = card;
        self.len += 1;
        self.winner_at[self.len] = winner as u8;
    }

    #[inline(always)]
    fn unplay(&mut self) {
        self.len -= 1;
        let player = self.to_play();
        let card = self.trick[self.len];
        self.toggle(player, card);
        if S == 5 && self.named_joker {
            self.joker_voids = self.voids_at[self.len];
        }
    }

    /// Can North-South take at least `target` of the tricks left?
    pub(crate) fn search(&mut self, target: u8) -> bool {
        self.search_ranks(target).0
    }

    /// [`BridgeSearch::search`], with the winning ranks: per suit, a mask whose lowest
    /// card is the lowest rank the answer depends on (every card at or above it must
    /// have the same owner; the cards below are interchangeable small cards).
    fn search_ranks(&mut self, target: u8) -> (bool, Ranks<S>) {
        self.nodes += 1;
        if self.len == 0 {
            return self.search_trick_start(target);
        }
        let ns_to_play = self.to_play() & 1 == 0;
        if self.len == 1 {
            // Second hand's side may win this trick and cash enough at once.
            let left = self.tricks_left();
            let need = if ns_to_play {
                target
            } else {
                (left + 1).saturating_sub(target)
            };
            if need > 0
                && let Some(ranks) = self.second_hand_tricks(need)
            {
                return (ns_to_play, ranks);
            }
        }
        // The card that last proved a bound in a like trick goes first, before the
        // move list is even made: it usually proves this one too.
        let slot = self.follow_slot();
        let cached = self.cutoffs.get(slot);
        let mut ranks = [0; S];
        let mut small = SmallCards::<S>::new();
        let tried = if cached != NO_BEST && self.may_follow_with(cached) {
            let (proved, child) = self.play_and_search(cached, target);
            if proved == ns_to_play {
                return (proved, child);
            }
            union(&mut ranks, &child);
            self.small_failed(&mut small, cached, &ranks);
            cached
        } else {
            NO_BEST
        };
        let moves = self.moves();
        for &card in moves.as_slice() {
            if card == tried || self.small_covered(&small, card) {
                continue;
            }
            let (proved, child) = self.play_and_search(card, target);
            if proved == ns_to_play {
                // The card that proved it (or an equal small card) exists in every
                // position the winning ranks cover, so the merge needs no ranks here.
                self.cutoffs.set(slot, card);
                return (proved, child);
            }
            union(&mut ranks, &child);
            self.small_failed(&mut small, card, &ranks);
        }
        self.cover_merges(&mut ranks, &moves.left_out);
        (!ns_to_play, ranks)
    }

    /// Plays `card`, searches on (closing the trick when it is the fourth card), and
    /// takes the card back.
    #[inline(always)]
    fn play_and_search(&mut self, card: u8, target: u8) -> (bool, Ranks<S>) {
        self.play(card);
        let result = if self.len == 4 {
            self.trick_nodes += 1;
            let position = self.winning_position();
            let winner = (self.leader + position) & 3;
            let won_by_rank = self.won_by_rank(position);
            let saved = (
                self.leader,
                self.trick,
                self.in_play,
                self.winner_at,
                self.barred,
                self.voids_at,
            );
            self.barred = self.bar_after_trick(winner);
            self.leader = winner;
            self.len = 0;
            self.in_play = self.hands.iter().fold(0, |a, h| a | h);
            let ns_won = u8::from(winner & 1 == 0);
            let (proved, mut ranks) = self.search_ranks(target.saturating_sub(ns_won));
            (
                self.leader,
                self.trick,
                self.in_play,
                self.winner_at,
                self.barred,
                self.voids_at,
            ) = saved;
            self.len = 4;
            if let Some(card) = won_by_rank {
                ranks[suit_of::<S>(card)] |= rank_bit::<S>(card);
            }
            (proved, ranks)
        } else {
            self.search_ranks(target)
        };
        self.unplay();
        result
    }

    /// The winning card of the complete trick, when it beat another card of its own suit
    /// (so its rank decided the trick).
    fn won_by_rank(&self, position: usize) -> Option<u8> {
        let card = self.trick[position];
        let suit = suit_of::<S>(card);
        (0..4)
            .any(|i| i != position && suit_of::<S>(self.trick[i]) == suit)
            .then_some(card)
    }

    fn search_trick_start(&mut self, target: u8) -> (bool, Ranks<S>) {
        let (proved, mut ranks) = self.search_trick_start_unlifted(target);
        self.lift_runs(&mut ranks);
        (proved, ranks)
    }

    /// Raises each suit's lowest winning rank over a run of one hand's cards reaching
    /// the bottom of the suit: when one hand holds every card from the lowest winning
    /// rank down, the suit lengths already say who holds them, so only the owners of
    /// the cards above that run matter (none at all if the hand holds the whole suit).
    /// Fewer winning ranks make the table entries above this position more general.
    fn lift_runs(&self, ranks: &mut Ranks<S>) {
        for (suit, rank) in ranks.iter_mut().enumerate() {
            if *rank == 0 {
                continue;
            }
            let lowest = *rank & rank.wrapping_neg();
            let Some(holder) = (0..4).find(|&h| self.suit(h, suit) & lowest != 0) else {
                continue;
            };
            // Under wild deuces the deuce's holder is in the table key: it may sit
            // under the run in another hand.
            let keyed = if WILD { DEUCE } else { 0 };
            let theirs = self.alive_all(suit) & !self.suit(holder, suit) & !keyed;
            let at_or_below = lowest | (lowest - 1);
            if theirs & at_or_below == 0 {
                let above = theirs & !at_or_below;
                *rank = above & above.wrapping_neg();
            }
        }
    }

    fn search_trick_start_unlifted(&mut self, target: u8) -> (bool, Ranks<S>) {
        if target == 0 {
            return (true, [0; S]);
        }
        let left = self.tricks_left();
        if target > left {
            return (false, [0; S]);
        }
        // The named joker's last trick is searched: its holder names its suit.
        if left == 1 && !(S == 5 && self.named_joker && self.joker_live()) {
            return self.last_trick(target);
        }
        if self.stop.poll() {
            return (false, [0; S]);
        }
        let ns_lead = self.leader & 1 == 0;
        // The quick tricks the leader's side needs for a cut-off.
        let need = if ns_lead { target } else { left + 1 - target };
        // Only in Five Crowns no trump do they fail, while the joker is in play or a
        // suit is barred (see [`super::joker`]).
        let bounds = self.bounds_hold(need);
        let probed = (left >= PROBE_FIRST_FROM).then(|| self.probe_table(target));
        if let Some(ControlFlow::Break(answer)) = probed {
            return answer;
        }
        if bounds {
            let (quick, quick_ranks) = self.quick_tricks(need);
            if quick >= need {
                return (ns_lead, quick_ranks);
            }
            let [(ns_sure, ns_ranks), (ew_sure, ew_ranks)] = self.trump_tricks();
            if ns_sure >= target {
                return (true, ns_ranks);
            }
            if left - ew_sure < target {
                return (false, ew_ranks);
            }
            // This one counts tricks for one side as in Contract Bridge, so it holds
            // under wild deuces only while the other side holds no deuce.
            if need == left
                && self.deuce_free(self.leader + 1)
                && let Some(ranks) = self.leader_side_drops_one()
            {
                return (!ns_lead, ranks);
            }
        } else if self.joker_against_leader() {
            let (quick, quick_ranks) = self.quick_tricks_against_joker();
            if quick >= need {
                return (ns_lead, quick_ranks);
            }
        }
        // The table before the simulated cashing line, which costs more than a probe.
        let (shape, hint) = match probed.unwrap_or_else(|| self.probe_table(target)) {
            ControlFlow::Break(answer) => return answer,
            ControlFlow::Continue(view) => view,
        };
        if bounds {
            let (cashed, cashed_ranks) = self.cashing_tricks(need);
            if cashed >= need {
                return (ns_lead, cashed_ranks);
            }
        }
        let mut moves = self.moves();
        self.order_leads(&mut moves, left, hint);
        let mut ranks = [0; S];
        let mut small = SmallCards::<S>::new();
        for &card in moves.as_slice() {
            if self.small_covered(&small, card) {
                continue;
            }
            let (proved, child) = self.play_and_search(card, target);
            if proved == ns_lead {
                if self.stop.stopped() {
                    return (proved, child);
                }
                self.killer[left as usize][self.leader] = card;
                self.cutoffs.set(self.lead_slot(), card);
                let hint = self.hint_of(card);
                let (lower, upper) = if proved {
                    (target, left)
                } else {
                    (0, target - 1)
                };
                let depth = self.depth_of(&child);
                self.table.store(&shape, depth, lower, upper, hint);
                return (proved, child);
            }
            union(&mut ranks, &child);
            self.small_failed(&mut small, card, &ranks);
        }
        self.cover_merges(&mut ranks, &moves.left_out);
        if self.stop.stopped() {
            return (!ns_lead, ranks);
        }
        let (lower, upper) = if ns_lead {
            (0, target - 1)
        } else {
            (target, left)
        };
        let depth = self.depth_of(&ranks);
        self.table.store(&shape, depth, lower, upper, NO_BEST);
        (!ns_lead, ranks)
    }

    /// The table's answer for this trick start (`Break`), or else its view of the
    /// position, to store the result under, and the lead hint (`Continue`).
    fn probe_table(&self, target: u8) -> ControlFlow<(bool, Ranks<S>), (Shape<S>, u8)> {
        let shape = self.shape();
        match self.table.probe(&shape, target) {
            (Some(found), _) => {
                ControlFlow::Break((found.proved, self.ranks_of_depth(found.depth)))
            }
            (None, hint) => ControlFlow::Continue((shape, hint)),
        }
    }

    /// Orders the leads: the static score ([`BridgeSearch::push_leads`]), raised for
    /// the last lead that proved a bound at this depth (killer), for the lead a table
    /// entry of this very position proved before, and most for the lead that last
    /// proved a bound from this very hand (the cutoff cache).
    fn order_leads(&self, moves: &mut MoveList<S>, left: u8, hint: u8) {
        // Measured on full deals (tricks searched): as bonuses these two beat putting
        // the moves first by 15%, since a cash-out the static score knows to be good
        // should still come first. A history table (leads that proved bounds anywhere
        // before) cost 30%: it overrode the static score with unrelated positions' leads.
        let killer = self.killer[left as usize][self.leader];
        if killer != NO_BEST && self.hands[self.leader] >> killer & 1 == 1 {
            moves.boost(killer, KILLER_BONUS);
        }
        if hint != NO_BEST {
            moves.boost(self.card_from_hint(hint), TABLE_HINT_BONUS);
        }
        let cached = self.cutoffs.get(self.lead_slot());
        if cached != NO_BEST && self.hands[self.leader] >> cached & 1 == 1 {
            moves.boost(cached, CUTOFF_BONUS);
        }
    }

    /// When every card failed, the cards left out as equal to a tried one must stay
    /// equal wherever the result is reused. A sequence wholly below the lowest winning
    /// rank is small cards anyway, and one wholly above it keeps its owners; only the
    /// sequence through the lowest winning rank could split, so the ranks reach down to
    /// its bottom card.
    fn cover_merges(&self, ranks: &mut Ranks<S>, left_out: &[u16; S]) {
        let mover = self.to_play();
        for suit in 0..S {
            if left_out[suit] == 0 || ranks[suit] == 0 {
                continue;
            }
            let mine = self.suit(mover, suit);
            let mut bit = ranks[suit] & ranks[suit].wrapping_neg();
            if mine & bit == 0 {
                continue;
            }
            let alive = self.alive(suit);
            loop {
                let next = highest(alive & (bit - 1));
                if next == 0 || mine & next == 0 {
                    break;
                }
                bit = next;
            }
            ranks[suit] |= bit;
        }
    }

    /// The last trick, every card forced.
    fn last_trick(&mut self, target: u8) -> (bool, Ranks<S>) {
        for offset in 0..4 {
            let player = (self.leader + offset) & 3;
            self.trick[offset] = self.hands[player].trailing_zeros() as u8;
        }
        let position = self.best_of(&self.trick);
        let won_by_rank = self.won_by_rank(position);
        let ns = u8::from((self.leader + position) & 1 == 0);
        let mut ranks = [0; S];
        if let Some(card) = won_by_rank {
            ranks[suit_of::<S>(card)] |= rank_bit::<S>(card);
        }
        (ns >= target, ranks)
    }

    /// How many cards from the top of each suit the winning ranks reach.
    fn depth_of(&self, ranks: &Ranks<S>) -> [u8; S] {
        let mut ranks = *ranks;
        self.lift_runs(&mut ranks);
        std::array::from_fn(|suit| {
            let lowest = ranks[suit] & ranks[suit].wrapping_neg();
            if lowest == 0 {
                0
            } else {
                (self.alive_all(suit) & !(lowest - 1)).count_ones() as u8
            }
        })
    }

    /// The winning ranks of a stored entry in this position: its top `depth` cards.
    fn ranks_of_depth(&self, depth: [u8; S]) -> Ranks<S> {
        std::array::from_fn(|suit| top_cards(self.alive_all(suit), depth[suit]))
    }

    /// The table's view of the position: the leader, the tricks left and every hand's
    /// suit lengths, and the owner of each card in play by its rank among the suit's
    /// cards in play.
    fn shape(&self) -> Shape<S> {
        // Every hand holds the same number of cards at a trick start, so all suits but
        // one of each hand and the size of one hand fix every length: 48 bits with four
        // suits, 64 with five.
        let count = self.hands[0].count_ones() as usize;
        let mut lengths = 0;
        for hand in 0..4 {
            for suit in 0..S - 1 {
                lengths = lengths << 4 | self.suit(hand, suit).count_ones() as u64;
            }
        }
        if WILD {
            lengths |= self.deuce_key() << 48;
        }
        let mut suit_lengths = [0; S];
        let mut low = [0; S];
        let mut high = [0; S];
        for suit in 0..S {
            let h1 = self.suit(1, suit);
            let h2 = self.suit(2, suit);
            let h3 = self.suit(3, suit);
            let alive = self.suit(0, suit) | h1 | h2 | h3;
            suit_lengths[suit] = alive.count_ones() as u8;
            // Two bits of owner per card still in play, in rank order among those cards.
            low[suit] = compress(h1 | h3, alive);
            high[suit] = compress(h2 | h3, alive);
        }
        let bucket = (self.joker_code() * 4 + self.leader) * 16 + count;
        Shape::new(bucket, lengths, suit_lengths, low, high)
    }

    /// Under wild deuces, where each deuce is, in the bits the length key leaves free:
    /// per suit, 0 when the deuce is out of play, else its holder plus one, as the
    /// digits of a base-5 number (below 5^4 = 625). The winning ranks never reach a
    /// deuce that decided no trick, yet who holds it decides who may play it anywhere.
    fn deuce_key(&self) -> u64 {
        (0..S).rev().fold(0, |key, suit| {
            let holder = (0..4).find(|&h| self.suit(h, suit) & DEUCE != 0);
            key * 5 + holder.map_or(0, |h| h as u64 + 1)
        })
    }

    /// Whether a bound counted as in Contract Bridge may be used for the side of
    /// `player` (any player of it): always in Contract Bridge; under wild deuces, when
    /// neither of that side's opponents holds a deuce. The side may then play as in
    /// Contract Bridge (every such card is legal under wild deuces too) and the
    /// opponents have exactly the Contract Bridge choices, so it takes at least the
    /// Contract Bridge count.
    #[inline]
    pub(crate) fn deuce_free(&self, player: usize) -> bool {
        let opponents = (player + 1) & 1;
        !WILD || (self.hands[opponents] | self.hands[opponents + 2]) & DEUCES == 0
    }

    /// [`SmallCards::covered`] of `card`; a wild deuce is never answered for by another
    /// card, for only it may be played to any trick.
    #[inline]
    fn small_covered(&self, small: &SmallCards<S>, card: u8) -> bool {
        !(WILD && is_deuce(card) || self.is_joker(card) || self.is_named_joker(card))
            && small.covered(suit_of::<S>(card), rank_bit::<S>(card).into())
    }

    /// [`SmallCards::failed`] of `card`, with the winning ranks so far; a failed wild
    /// deuce answers for no other card.
    #[inline]
    fn small_failed(&self, small: &mut SmallCards<S>, card: u8, ranks: &Ranks<S>) {
        if !(WILD && is_deuce(card) || self.is_joker(card) || self.is_named_joker(card)) {
            let suit = suit_of::<S>(card);
            small.failed(suit, rank_bit::<S>(card).into(), ranks[suit]);
        }
    }

    /// A lead as the table remembers it: suit and rank among the suit's remaining cards.
    /// (As a card index of the layout: suit times the lane width, plus that count.)
    fn hint_of(&self, card: u8) -> u8 {
        if self.is_joker(card) || self.is_named_joker(card) {
            return NO_BEST;
        }
        let suit = suit_of::<S>(card);
        let alive = self.alive_all(suit);
        let above = (alive >> (rank_of::<S>(card) + 1)).count_ones();
        card_at::<S>(suit, above)
    }

    fn card_from_hint(&self, hint: u8) -> u8 {
        let suit = suit_of::<S>(hint);
        let mut alive = self.alive_all(suit);
        for _ in 0..rank_of::<S>(hint) {
            alive ^= 1 << (15 - alive.leading_zeros());
        }
        if alive == 0 {
            return NO_BEST;
        }
        card_at::<S>(suit, 15 - alive.leading_zeros())
    }

    /// Every card of a suit in a hand; at a trick start, every card in play.
    fn alive_all(&self, suit: usize) -> u16 {
        debug_assert_eq!(self.len, 0);
        lane::<S>(self.in_play, suit)
    }
}

#[cfg(test)]
mod tests {
    use super::top_cards;

    #[test]
    fn top_cards_keeps_the_highest_cards_of_every_holding() {
        for cards in 0..=u16::MAX {
            let mut expected = 0;
            let mut rest = cards;
            for count in 0..=cards.count_ones() as u8 {
                assert_eq!(
                    top_cards(cards, count),
                    expected,
                    "{cards:016b} top {count}"
                );
                if rest != 0 {
                    let bit = 1u16 << (15 - rest.leading_zeros());
                    expected |= bit;
                    rest ^= bit;
                }
            }
        }
    }
}
