//! The search for every game's trick rules, written only against the public hooks of
//! [`TrickRules`]: `legal`, `winning_position`, `effective_suit`, `joker_names`,
//! `restriction_after` and `shown_absent`. Any rule set those hooks describe is solved
//! exactly, 2 to 7 hands.
//!
//! The search state is light: the hands, the trick in progress, the lead restriction,
//! and (only where the joker is named) what each player has shown out of. A
//! transposition table at trick boundaries holds bounds keyed on the exact position.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use tenace_cards::{Card, CardSet, Player, Rank, Suit};
use tenace_rules::trick::{SpecialRule, Trick, TrickRules};

use crate::bridge::sequence_tops;

/// Who plays for what in one search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Roles {
    /// Players (bit per player) who try to make the count high; the rest keep it low.
    pub maximizers: u8,
    /// Players whose tricks are counted.
    pub counted: u8,
}

/// A position of the generic search.
#[derive(Debug, Clone)]
pub(crate) struct GenericPosition {
    pub rules: TrickRules,
    pub hands: Vec<CardSet>,
    pub trick: Trick,
    pub restriction: Option<Suit>,
    pub barred: Vec<CardSet>,
}

/// The table key: the exact hands, the leader, the restriction and, where the joker is
/// named, the suits each player has shown out of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    hands: [u128; Player::MAX],
    meta: u64,
}

/// A multiply-fold hasher: the keys are already well mixed card masks.
#[derive(Default)]
struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(23) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

/// Bytes a table entry costs, counting the hash map's overhead.
const ENTRY_BYTES: usize = std::mem::size_of::<(Key, (u8, u8))>() + 16;

/// The generic search.
pub(crate) struct GenericSearch {
    rules: TrickRules,
    players: usize,
    hands: [CardSet; Player::MAX],
    trick: Trick,
    restriction: Option<Suit>,
    barred: [CardSet; Player::MAX],
    /// Whether the joker is named, so what a player has shown out of matters.
    track_barred: bool,
    roles: Roles,
    merge: Merge,
    table: HashMap<Key, (u8, u8), BuildHasherDefault<FoldHasher>>,
    capacity: usize,
    /// Nodes visited, for benchmarks.
    pub(crate) nodes: u64,
}

/// Which cards may stand for their neighbours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Merge {
    /// Adjacent remaining ranks of one suit in one hand are interchangeable.
    Suited,
    /// The same, but a deuce is never merged: it alone may be played to any trick.
    SuitedButDeuces,
    /// Every card is tried (rules whose hooks may give ranks other powers).
    None,
}

impl Merge {
    fn of(rules: &TrickRules) -> Merge {
        // A rule set not listed here may give a rank powers of its own, so its cards are
        // all tried: slower, never wrong.
        if matches!(rules.special, SpecialRule::Standard | SpecialRule::Joker(_)) {
            Merge::Suited
        } else if matches!(rules.special, SpecialRule::WildDeuces) {
            Merge::SuitedButDeuces
        } else {
            Merge::None
        }
    }
}

/// One move: a card and the suit a named joker is played as.
pub(crate) type Move = (Card, Option<Suit>);

impl GenericSearch {
    /// A search whose table uses about `bytes` at most.
    pub fn new(bytes: usize) -> GenericSearch {
        GenericSearch {
            rules: TrickRules::default(),
            players: 4,
            hands: [CardSet::EMPTY; Player::MAX],
            trick: Trick::new(Player(0), 4),
            restriction: None,
            barred: [CardSet::EMPTY; Player::MAX],
            track_barred: false,
            roles: Roles {
                maximizers: 0,
                counted: 0,
            },
            merge: Merge::Suited,
            table: HashMap::default(),
            capacity: (bytes / ENTRY_BYTES).max(1024),
            nodes: 0,
        }
    }

    /// Sets up a position and the roles; the table is kept only while the rules and the
    /// roles stay the same.
    pub fn set_position(&mut self, position: &GenericPosition, roles: Roles) {
        if position.rules != self.rules
            || roles != self.roles
            || position.hands.len() != self.players
        {
            self.table.clear();
        }
        self.rules = position.rules;
        self.players = position.hands.len();
        self.hands = [CardSet::EMPTY; Player::MAX];
        self.hands[..self.players].copy_from_slice(&position.hands);
        self.barred = [CardSet::EMPTY; Player::MAX];
        for (slot, &barred) in self.barred.iter_mut().zip(&position.barred) {
            *slot = barred;
        }
        self.trick = position.trick;
        self.restriction = position.restriction;
        self.track_barred = self.rules.joker_is_named();
        self.roles = roles;
        self.merge = Merge::of(&self.rules);
    }

    fn to_play(&self) -> Player {
        self.trick.next_player()
    }

    /// Tricks left, the one in progress included.
    pub fn tricks_left(&self) -> u8 {
        self.hands[self.to_play().index()].len() as u8
    }

    /// The counted players' tricks from here, searched from `guess`.
    pub fn value(&mut self, guess: u8) -> u8 {
        let mut low = 0;
        let mut high = self.tricks_left();
        let mut target = guess.clamp(low + 1, high.max(1));
        while low < high {
            target = target.clamp(low + 1, high);
            if self.search(target) {
                low = target;
                target += 1;
            } else {
                high = target - 1;
                target -= 1;
            }
        }
        low
    }

    /// The legal moves of the player to play, merged and ordered.
    pub fn moves(&self) -> Vec<Move> {
        let player = self.to_play();
        let hand = self.hands[player.index()];
        let restriction = if self.trick.is_empty() {
            self.restriction
        } else {
            None
        };
        let legal = self.rules.legal(hand, &self.trick, restriction);
        let tried = self.merged(legal);
        let mut scored: Vec<(i32, Move)> = Vec::with_capacity(tried.len() + 4);
        for card in tried {
            if card == Card::JOKER && self.rules.joker_is_named() {
                for suit in self
                    .rules
                    .joker_names(hand, &self.trick, self.barred[player.index()])
                {
                    scored.push((self.score(card, Some(suit)), (card, Some(suit))));
                }
            } else {
                let suit = self.rules.effective_suit(card, None);
                scored.push((self.score(card, suit), (card, None)));
            }
        }
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        scored.into_iter().map(|(_, m)| m).collect()
    }

    /// The legal cards worth trying: one card of each run of equivalent cards.
    fn merged(&self, legal: CardSet) -> CardSet {
        if self.merge == Merge::None {
            return legal;
        }
        let mut alive = self.trick.card_set();
        for hand in &self.hands[..self.players] {
            alive |= *hand;
        }
        let mut kept = legal.specials();
        for suit in Suit::FIVE_CROWNS {
            let mut mine = legal.suit_bits(suit);
            if mine == 0 {
                continue;
            }
            if self.merge == Merge::SuitedButDeuces {
                let deuce = mine & (1 << Rank::Two as u8);
                kept |= CardSet::from_bits((deuce as u128) << (suit.index() * 16));
                mine &= !deuce;
            }
            let tops = sequence_tops(mine, alive.suit_bits(suit));
            kept |= CardSet::from_bits((tops as u128) << (suit.index() * 16));
        }
        kept
    }

    /// A guess at how good a move is: win cheaply when the trick is the other side's,
    /// play low when it is ours, lead high.
    fn score(&self, card: Card, suit: Option<Suit>) -> i32 {
        let rank = card.rank().map_or(1, |r| r as i32);
        if self.trick.is_empty() {
            return rank;
        }
        let me = self.to_play();
        let mut trial = self.trick;
        let winner_before = self
            .trick
            .leader()
            .offset(self.rules.winning_position(&trial), self.players);
        trial.push_as(card, suit);
        let wins = self.rules.winning_position(&trial) == trial.cards().len() - 1;
        if self.same_role(winner_before, me) {
            -rank
        } else if wins {
            100 - rank
        } else {
            -rank
        }
    }

    fn same_role(&self, a: Player, b: Player) -> bool {
        let max = self.roles.maximizers;
        (max >> a.0 & 1) == (max >> b.0 & 1)
    }

    fn key(&self) -> Key {
        let mut hands = [0u128; Player::MAX];
        for (slot, hand) in hands.iter_mut().zip(&self.hands[..self.players]) {
            *slot = hand.bits();
        }
        if self.merge != Merge::None {
            self.relative_ranks(&mut hands);
        }
        let mut meta = self.trick.leader().0 as u64;
        meta |= (self.restriction.map_or(7, |s| s.index()) as u64) << 3;
        if self.track_barred {
            for (i, barred) in self.barred[..self.players].iter().enumerate() {
                let voids = Suit::FIVE_CROWNS
                    .into_iter()
                    .filter(|&s| barred.is_superset(CardSet::full_suit(s)))
                    .fold(0u64, |m, s| m | 1 << s.index());
                meta |= voids << (6 + 5 * i);
            }
        }
        Key { hands, meta }
    }

    /// Renumbers each suit's remaining cards among themselves (from bit 3 up, so a named
    /// joker's 2 and the Five Crowns joker's trump rank stay below them): where only the
    /// order of ranks matters, positions that differ in which cards were played share an
    /// entry. A wild deuce keeps its own bit, for its rank gives it powers.
    fn relative_ranks(&self, hands: &mut [u128; Player::MAX]) {
        let exact: u16 = if self.merge == Merge::SuitedButDeuces {
            1 << Rank::Two as u8
        } else {
            0
        };
        for suit in Suit::FIVE_CROWNS {
            let lane = suit.index() * 16;
            let mut alive = 0u16;
            for hand in &self.hands[..self.players] {
                alive |= hand.suit_bits(suit);
            }
            alive &= !exact;
            if alive == 0 {
                continue;
            }
            let mut renumbered = [0u16; Player::MAX];
            let mut rest = alive;
            let mut index = 3;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                for (p, hand) in self.hands[..self.players].iter().enumerate() {
                    if hand.suit_bits(suit) & bit != 0 {
                        renumbered[p] |= 1 << index;
                    }
                }
                index += 1;
                rest ^= bit;
            }
            for (p, slot) in hands[..self.players].iter_mut().enumerate() {
                let own = self.hands[p].suit_bits(suit);
                let lane_bits = (renumbered[p] | (own & exact)) as u128;
                *slot = (*slot & !(0xffffu128 << lane)) | lane_bits << lane;
            }
        }
    }

    /// Can the counted players take at least `target` of the tricks left?
    pub(crate) fn search(&mut self, target: u8) -> bool {
        self.nodes += 1;
        let at_start = self.trick.is_empty();
        let mut key = None;
        if at_start {
            if target == 0 {
                return true;
            }
            let left = self.tricks_left();
            if target > left {
                return false;
            }
            let k = self.key();
            if let Some(&(lower, upper)) = self.table.get(&k) {
                if lower >= target {
                    return true;
                }
                if upper < target {
                    return false;
                }
            }
            key = Some((k, left));
        }
        let maximizing = self.roles.maximizers >> self.to_play().0 & 1 == 1;
        let mut result = !maximizing;
        for (card, named) in self.moves() {
            if self.play_and_search(card, named, target) == maximizing {
                result = maximizing;
                break;
            }
        }
        if let Some((k, left)) = key {
            self.remember(k, left, target, result);
        }
        result
    }

    fn remember(&mut self, key: Key, left: u8, target: u8, proved: bool) {
        if self.table.len() >= self.capacity {
            // Bounded memory: start afresh rather than grow.
            self.table.clear();
        }
        let entry = self.table.entry(key).or_insert((0, left));
        if proved {
            entry.0 = entry.0.max(target);
        } else {
            entry.1 = entry.1.min(target - 1);
        }
    }

    /// Plays a move, searches on, and takes it back.
    pub(crate) fn play_and_search(&mut self, card: Card, named: Option<Suit>, target: u8) -> bool {
        let player = self.to_play();
        let suit = self.rules.effective_suit(card, named);
        let saved_barred = self.barred[player.index()];
        if self.track_barred {
            let restriction = self.restriction.filter(|_| self.trick.is_empty());
            self.barred[player.index()] |=
                self.rules
                    .shown_absent(&self.trick, restriction, card, suit);
        }
        let saved_trick = self.trick;
        let saved_restriction = self.restriction;
        self.hands[player.index()].remove(card);
        self.trick.push_as(card, suit);
        let result = if self.trick.is_complete() {
            let winner = self
                .trick
                .leader()
                .offset(self.rules.winning_position(&self.trick), self.players);
            let won = self.roles.counted >> winner.0 & 1;
            self.restriction = self.rules.restriction_after(&self.trick);
            self.trick = Trick::new(winner, self.players);
            self.search(target.saturating_sub(won))
        } else {
            self.search(target)
        };
        self.trick = saved_trick;
        self.restriction = saved_restriction;
        self.hands[player.index()].insert(card);
        self.barred[player.index()] = saved_barred;
        result
    }
}
