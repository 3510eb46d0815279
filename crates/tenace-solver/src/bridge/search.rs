//! The Contract Bridge search: a bitboard position and a null-window alpha-beta
//! ("can North-South take at least `target` more tricks?") with a transposition table at
//! trick boundaries and quick-trick cut-offs.
//!
//! Only the plain follow-suit rule is handled here, so nothing pays for the hooks of the
//! other games.

use super::tt::{NO_BEST, Table};

/// The trump index meaning no trump.
pub(crate) const NT: usize = 4;

/// The suit lane (0 clubs .. 3 spades) of a card index.
pub(crate) const fn suit_of(card: u8) -> usize {
    (card >> 4) as usize
}

/// The search state: four hands as 64-bit masks (16-bit lane per suit, bit = rank), the
/// trick in progress, and the table.
pub(crate) struct BridgeSearch {
    pub(crate) hands: [u64; 4],
    pub(crate) trump: usize,
    pub(crate) leader: usize,
    pub(crate) trick: [u8; 4],
    pub(crate) len: usize,
    pub(crate) table: Table,
    table_trump: usize,
    /// Nodes visited, for benchmarks and profiles.
    pub(crate) nodes: u64,
}

impl BridgeSearch {
    /// A search with a table of at most `bytes`.
    pub fn new(bytes: usize) -> BridgeSearch {
        BridgeSearch {
            hands: [0; 4],
            trump: NT,
            leader: 0,
            trick: [0; 4],
            len: 0,
            table: Table::with_bytes(bytes),
            table_trump: usize::MAX,
            nodes: 0,
        }
    }

    /// Sets up a position. The table is kept while the trump suit stays the same: its
    /// entries hold for every position of that strain.
    pub fn set_position(&mut self, hands: [u64; 4], trump: usize, leader: usize, trick: &[u8]) {
        if trump != self.table_trump {
            self.table.clear();
            self.table_trump = trump;
        }
        self.hands = hands;
        self.trump = trump;
        self.leader = leader;
        self.len = trick.len();
        self.trick[..trick.len()].copy_from_slice(trick);
    }

    /// One suit of one hand.
    #[inline]
    pub(crate) fn suit(&self, player: usize, suit: usize) -> u16 {
        (self.hands[player] >> (suit * 16)) as u16
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
        let mut best = 0;
        for i in 1..self.len {
            if self.beats(self.trick[i], self.trick[best]) {
                best = i;
            }
        }
        best
    }

    /// North-South's tricks from here, searched upward or downward from `guess`.
    pub fn ns_tricks(&mut self, guess: u8) -> u8 {
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

    fn play(&mut self, card: u8) {
        let player = self.to_play();
        self.hands[player] ^= 1 << card;
        self.trick[self.len] = card;
        self.len += 1;
    }

    fn unplay(&mut self) {
        self.len -= 1;
        let player = self.to_play();
        self.hands[player] ^= 1 << self.trick[self.len];
    }

    /// Can North-South take at least `target` of the tricks left?
    pub(crate) fn search(&mut self, target: u8) -> bool {
        self.nodes += 1;
        if self.len == 0 {
            return self.search_trick_start(target);
        }
        let ns_to_play = self.to_play() & 1 == 0;
        let moves = self.moves();
        for &card in moves.as_slice() {
            let proved = self.play_and_search(card, target);
            if proved == ns_to_play {
                return proved;
            }
        }
        !ns_to_play
    }

    /// Plays `card`, searches on (closing the trick when it is the fourth card), and
    /// takes the card back.
    fn play_and_search(&mut self, card: u8, target: u8) -> bool {
        self.play(card);
        let result = if self.len == 4 {
            let winner = (self.leader + self.winning_position()) & 3;
            let saved = (self.leader, self.trick);
            self.leader = winner;
            self.len = 0;
            let ns_won = u8::from(winner & 1 == 0);
            let result = self.search(target.saturating_sub(ns_won));
            (self.leader, self.trick) = saved;
            self.len = 4;
            result
        } else {
            self.search(target)
        };
        self.unplay();
        result
    }

    fn search_trick_start(&mut self, target: u8) -> bool {
        if target == 0 {
            return true;
        }
        let left = self.tricks_left();
        if target > left {
            return false;
        }
        if left == 1 {
            return self.last_trick_ns() == 1;
        }
        let ns_lead = self.leader & 1 == 0;
        let quick = self.quick_tricks();
        if ns_lead && quick >= target {
            return true;
        }
        if !ns_lead && left - quick < target {
            return false;
        }
        let key = self.key();
        let mut best_hint = NO_BEST;
        if let Some(bounds) = self.table.probe(key) {
            if bounds.lower >= target {
                return true;
            }
            if bounds.upper < target {
                return false;
            }
            best_hint = bounds.best;
        }
        let mut moves = self.moves();
        if best_hint != NO_BEST {
            moves.promote(self.card_from_hint(best_hint));
        }
        for &card in moves.as_slice() {
            let proved = self.play_and_search(card, target);
            if proved == ns_lead {
                let hint = self.hint_of(card);
                let (lower, upper) = if proved {
                    (target, left)
                } else {
                    (0, target - 1)
                };
                self.table.store(key, left, lower, upper, hint);
                return proved;
            }
        }
        let (lower, upper) = if ns_lead {
            (0, target - 1)
        } else {
            (target, left)
        };
        self.table.store(key, left, lower, upper, NO_BEST);
        !ns_lead
    }

    /// North-South's tricks (0 or 1) in the last trick, every card forced.
    fn last_trick_ns(&mut self) -> u8 {
        let mut best = self.hands[self.leader].trailing_zeros() as u8;
        let mut winner = self.leader;
        for offset in 1..4 {
            let player = (self.leader + offset) & 3;
            let card = self.hands[player].trailing_zeros() as u8;
            if self.beats(card, best) {
                best = card;
                winner = player;
            }
        }
        u8::from(winner & 1 == 0)
    }

    /// Tricks the side on lead can cash at once: in each suit, the leader's cards above
    /// every other hand's (all of them once the others are out of the suit), where no
    /// opponent can ruff.
    pub(crate) fn quick_tricks(&self) -> u8 {
        let leader = self.leader;
        let lho = (leader + 1) & 3;
        let rho = (leader + 3) & 3;
        let mut total = 0u32;
        for suit in 0..4 {
            let mine = self.suit(leader, suit);
            if mine == 0 {
                continue;
            }
            let others = [
                self.suit(lho, suit),
                self.suit((leader + 2) & 3, suit),
                self.suit(rho, suit),
            ];
            let other_bits = others[0] | others[1] | others[2];
            let above = if other_bits == 0 {
                mine
            } else {
                let top_other = 15 - other_bits.leading_zeros();
                mine >> (top_other + 1)
            };
            let winners = above.count_ones();
            let longest_other = others.iter().map(|h| h.count_ones()).max().unwrap_or(0);
            let mut tricks = if winners >= longest_other {
                mine.count_ones()
            } else {
                winners
            };
            if self.trump != NT && suit != self.trump {
                for opponent in [lho, rho] {
                    if self.suit(opponent, self.trump) != 0 {
                        tricks = tricks.min(self.suit(opponent, suit).count_ones());
                    }
                }
            }
            total += tricks;
        }
        (total as u8).min(self.tricks_left())
    }

    /// The table key: the leader, then per suit the owner of each remaining card from the
    /// top (2 bits each) and the suit's length. Positions that differ only in which
    /// played-out ranks separate the remaining cards share a key.
    fn key(&self) -> u128 {
        let mut key = self.leader as u128;
        for suit in 0..4 {
            let h1 = self.suit(1, suit);
            let h2 = self.suit(2, suit);
            let h3 = self.suit(3, suit);
            let mut rest = self.suit(0, suit) | h1 | h2 | h3;
            let length = rest.count_ones();
            let mut owners = 0u32;
            while rest != 0 {
                let bit = 1u16 << (15 - rest.leading_zeros());
                let owner = u32::from(h1 & bit != 0 || h3 & bit != 0)
                    | u32::from(h2 & bit != 0 || h3 & bit != 0) << 1;
                owners = owners << 2 | owner;
                rest ^= bit;
            }
            key = key << 30 | (length << 26 | owners) as u128;
        }
        key
    }

    /// A lead as the table remembers it: suit and rank among the suit's remaining cards.
    fn hint_of(&self, card: u8) -> u8 {
        let suit = suit_of(card);
        let alive = self.alive_all(suit);
        let above = (alive >> ((card & 15) + 1)).count_ones() as u8;
        (suit as u8) << 4 | above
    }

    fn card_from_hint(&self, hint: u8) -> u8 {
        let suit = (hint >> 4) as usize;
        let mut alive = self.alive_all(suit);
        for _ in 0..(hint & 15) {
            alive ^= 1 << (15 - alive.leading_zeros());
        }
        if alive == 0 {
            return NO_BEST;
        }
        (suit as u8) << 4 | (15 - alive.leading_zeros()) as u8
    }

    fn alive_all(&self, suit: usize) -> u16 {
        self.suit(0, suit) | self.suit(1, suit) | self.suit(2, suit) | self.suit(3, suit)
    }
}
