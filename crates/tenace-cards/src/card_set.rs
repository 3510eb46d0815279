use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub, SubAssign};
use std::str::FromStr;

use crate::card::SPECIAL_LANE;
use crate::{Card, ParseError, Suit};

/// A set of cards: a bitset with one 16-bit lane per suit (♣ ♦ ♥ ♠ ★) and a sixth lane for
/// the special cards, so a suit holding is a shift and a mask.
///
/// It prints as its cards from low to high, separated by spaces, and parses the same way.
///
/// ```
/// use tenace_cards::{Card, CardSet, Suit};
/// let hand: CardSet = "SA SK H2".parse().unwrap();
/// assert_eq!(hand.len(), 3);
/// assert_eq!(hand.suit(Suit::Spades).len(), 2);
/// assert!(hand.contains("H2".parse().unwrap()));
/// assert_eq!(hand.to_string(), "H2 SK SA");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CardSet(u128);

/// The bits of one lane that can hold a suited card (2..=14).
const RANK_BITS: u128 = 0x7ffc;

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// Bridgette's three colons, `GC RC LC`.
    pub const COLONS: CardSet = CardSet(
        1u128 << Card::GRAND_COLON.index()
            | 1u128 << Card::ROYAL_COLON.index()
            | 1u128 << Card::LITTLE_COLON.index(),
    );

    /// The set with these raw bits. Bits that name no card are dropped.
    pub const fn from_bits(bits: u128) -> CardSet {
        CardSet(bits & CardSet::ALL_BITS)
    }

    const ALL_BITS: u128 = {
        let mut bits = 0u128;
        let mut lane = 0;
        while lane < SPECIAL_LANE {
            bits |= RANK_BITS << (lane as u32 * 16);
            lane += 1;
        }
        bits | (0xf << (SPECIAL_LANE as u32 * 16))
    };

    /// The raw bits: bit `card.index()` is set for each card.
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set of one card.
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// Every card of a suit, 2 to A.
    pub const fn full_suit(suit: Suit) -> CardSet {
        CardSet(RANK_BITS << (suit as u32 * 16))
    }

    /// The number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no card.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the card is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Adds a card; returns whether it was new.
    pub fn insert(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 |= 1 << card.index();
        !had
    }

    /// Removes a card; returns whether it was there.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !(1 << card.index());
        had
    }

    /// The cards of one suit in this set.
    pub const fn suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & (RANK_BITS << (suit as u32 * 16)))
    }

    /// The suit's lane as a 16-bit holding: bit `rank as u8` is set for each rank held.
    pub const fn suit_bits(self, suit: Suit) -> u16 {
        (self.0 >> (suit as u32 * 16)) as u16
    }

    /// The special cards (joker, colons) in this set.
    pub const fn specials(self) -> CardSet {
        CardSet(self.0 & (0xf << (SPECIAL_LANE as u32 * 16)))
    }

    /// Whether every card of `other` is in this set.
    pub const fn is_superset(self, other: CardSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// Whether the two sets share no card.
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The lowest card, if any.
    pub const fn lowest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// The highest card, if any: within one suit, the highest rank.
    pub const fn highest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(127 - self.0.leading_zeros() as u8)
        }
    }

    /// The cards from low to high (by suit lane, then rank).
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

/// Iterates the cards of a [`CardSet`] from low to high.
#[derive(Debug, Clone)]
pub struct CardSetIter(u128);

impl Iterator for CardSetIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Card::from_index(index)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl DoubleEndedIterator for CardSetIter {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = 127 - self.0.leading_zeros() as u8;
        self.0 &= !(1 << index);
        Card::from_index(index)
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl Extend<Card> for CardSet {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for card in iter {
            self.insert(card);
        }
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> Self {
        CardSet::single(card)
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}
impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}
impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}
impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}
impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}
impl SubAssign for CardSet {
    fn sub_assign(&mut self, rhs: CardSet) {
        self.0 &= !rhs.0;
    }
}
/// The complement within every card tenace knows (all three decks together).
impl Not for CardSet {
    type Output = CardSet;
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::ALL_BITS)
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

impl FromStr for CardSet {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut set = CardSet::EMPTY;
        for word in s.split_whitespace() {
            let card: Card = word.parse()?;
            if !set.insert(card) {
                return Err(ParseError::DuplicateCard(card.to_string()));
            }
        }
        Ok(set)
    }
}

impl serde::Serialize for CardSet {
    /// A card set travels as a list of card strings, low to high.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> serde::Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        let mut set = CardSet::EMPTY;
        for card in cards {
            if !set.insert(card) {
                return Err(serde::de::Error::custom(ParseError::DuplicateCard(
                    card.to_string(),
                )));
            }
        }
        Ok(set)
    }
}
