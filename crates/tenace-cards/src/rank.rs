use std::fmt;
use std::str::FromStr;

use crate::ParseError;

/// A rank, from the two up to the ace. Its discriminant is its bit position inside a
/// suit lane of a [`crate::CardSet`], so `1 << rank as u8` is the rank's mask.
///
/// ```
/// use tenace_cards::Rank;
/// assert!(Rank::Ace > Rank::King);
/// assert_eq!("T".parse::<Rank>().unwrap(), Rank::Ten);
/// assert_eq!("10".parse::<Rank>().unwrap(), Rank::Ten);
/// assert_eq!(Rank::Ten.to_string(), "T");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// 2
    Two = 2,
    /// 3
    Three = 3,
    /// 4
    Four = 4,
    /// 5
    Five = 5,
    /// 6
    Six = 6,
    /// 7
    Seven = 7,
    /// 8
    Eight = 8,
    /// 9
    Nine = 9,
    /// 10, written `T`
    Ten = 10,
    /// Jack
    Jack = 11,
    /// Queen
    Queen = 12,
    /// King
    King = 13,
    /// Ace
    Ace = 14,
}

impl Rank {
    /// Every rank, low to high.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank whose bit position (2..=14) this is.
    pub const fn from_bit(bit: u8) -> Option<Rank> {
        if bit >= 2 && bit <= 14 {
            Some(Rank::ALL[(bit - 2) as usize])
        } else {
            None
        }
    }

    /// The rank's one-character symbol: `2`–`9`, `T`, `J`, `Q`, `K`, `A`.
    pub const fn symbol(self) -> char {
        match self {
            Rank::Two => '2',
            Rank::Three => '3',
            Rank::Four => '4',
            Rank::Five => '5',
            Rank::Six => '6',
            Rank::Seven => '7',
            Rank::Eight => '8',
            Rank::Nine => '9',
            Rank::Ten => 'T',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            Rank::Ace => 'A',
        }
    }

    /// The rank for a one-character symbol, case-insensitive.
    pub fn from_symbol(c: char) -> Option<Rank> {
        Rank::ALL
            .into_iter()
            .find(|r| r.symbol() == c.to_ascii_uppercase())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.symbol())
    }
}

impl FromStr for Rank {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "10" {
            return Ok(Rank::Ten);
        }
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Rank::from_symbol(c).ok_or_else(|| ParseError::Rank(s.into())),
            _ => Err(ParseError::Rank(s.into())),
        }
    }
}

crate::serde_via_str!(Rank);
