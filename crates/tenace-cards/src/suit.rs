use std::fmt;
use std::str::FromStr;

use crate::ParseError;

/// A suit. The derived order is the bidding order, low to high: ♣ < ♦ < ♥ < ♠ < ★.
///
/// Stars exists only in Five Crowns Bridge.
///
/// ```
/// use tenace_cards::Suit;
/// assert!(Suit::Clubs < Suit::Spades && Suit::Spades < Suit::Stars);
/// assert_eq!(Suit::Hearts.to_string(), "H");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// ♣
    Clubs = 0,
    /// ♦
    Diamonds = 1,
    /// ♥
    Hearts = 2,
    /// ♠
    Spades = 3,
    /// ★ (Five Crowns only)
    Stars = 4,
}

impl Suit {
    /// The four suits of the standard deck, low to high.
    pub const STANDARD: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    /// The five suits of the Five Crowns deck, low to high.
    pub const FIVE_CROWNS: [Suit; 5] = [
        Suit::Clubs,
        Suit::Diamonds,
        Suit::Hearts,
        Suit::Spades,
        Suit::Stars,
    ];

    /// The suit's lane in a [`crate::CardSet`] (0..=4).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit with this lane index, if any.
    pub const fn from_index(index: usize) -> Option<Suit> {
        match index {
            0 => Some(Suit::Clubs),
            1 => Some(Suit::Diamonds),
            2 => Some(Suit::Hearts),
            3 => Some(Suit::Spades),
            4 => Some(Suit::Stars),
            _ => None,
        }
    }

    /// The one-letter symbol: `C D H S R`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
            Suit::Stars => 'R',
        }
    }

    /// The suit for a one-letter symbol, case-insensitive.
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            'R' => Some(Suit::Stars),
            _ => None,
        }
    }

    /// Whether hearts or spades: the suits worth 30 a trick in Contract Bridge.
    pub const fn is_major(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Spades)
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.letter())
    }
}

impl FromStr for Suit {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::from_letter(c).ok_or_else(|| ParseError::Suit(s.into())),
            _ => Err(ParseError::Suit(s.into())),
        }
    }
}

/// A strain: a trump suit or no trump. The derived order is the bidding order,
/// ♣ < ♦ < ♥ < ♠ < ★ < NT (WBF Law 18; Five Crowns adds ★ between ♠ and NT).
///
/// ```
/// use tenace_cards::{Strain, Suit};
/// assert!(Strain::Suit(Suit::Spades) < Strain::NoTrump);
/// assert_eq!("R".parse::<Strain>().unwrap(), Strain::Suit(Suit::Stars));
/// assert_eq!(Strain::NoTrump.to_string(), "NT");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strain {
    /// A trump suit.
    Suit(Suit),
    /// No trump.
    NoTrump,
}

impl Strain {
    /// The five strains of the standard games, low to high.
    pub const STANDARD: [Strain; 5] = [
        Strain::Suit(Suit::Clubs),
        Strain::Suit(Suit::Diamonds),
        Strain::Suit(Suit::Hearts),
        Strain::Suit(Suit::Spades),
        Strain::NoTrump,
    ];

    /// The trump suit, or `None` in no trump.
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Strain::Suit(s) => Some(s),
            Strain::NoTrump => None,
        }
    }

    /// A dense index in bidding order: ♣ 0, ♦ 1, ♥ 2, ♠ 3, ★ 4, NT 5.
    pub const fn index(self) -> usize {
        match self {
            Strain::Suit(s) => s as usize,
            Strain::NoTrump => 5,
        }
    }
}

impl From<Suit> for Strain {
    fn from(s: Suit) -> Self {
        Strain::Suit(s)
    }
}

impl fmt::Display for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strain::Suit(s) => fmt::Write::write_char(f, s.letter()),
            Strain::NoTrump => f.write_str("NT"),
        }
    }
}

impl FromStr for Strain {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("NT") || s.eq_ignore_ascii_case("N") {
            return Ok(Strain::NoTrump);
        }
        s.parse::<Suit>()
            .map(Strain::Suit)
            .map_err(|_| ParseError::Strain(s.into()))
    }
}

crate::serde_via_str!(Suit);
crate::serde_via_str!(Strain);
