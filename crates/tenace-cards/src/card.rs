use std::fmt;
use std::str::FromStr;

use crate::{ParseError, Rank, Suit};

/// The lane of a [`crate::CardSet`] that holds the special cards.
pub(crate) const SPECIAL_LANE: u8 = 5;

/// A card that belongs to no suit: the Five Crowns joker and Bridgette's three colons.
///
/// ```
/// use tenace_cards::{Card, Special};
/// assert_eq!(Card::special(Special::GrandColon).to_string(), "GC");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Special {
    /// The Five Crowns joker, `JK`.
    Joker = 0,
    /// Bridgette's Grand Colon, `GC`: goes with the aces.
    GrandColon = 1,
    /// Bridgette's Royal Colon, `RC`: goes with J, Q and K.
    RoyalColon = 2,
    /// Bridgette's Little (Common) Colon, `LC`: goes with 2 to 10.
    LittleColon = 3,
}

impl Special {
    /// Every special card.
    pub const ALL: [Special; 4] = [
        Special::Joker,
        Special::GrandColon,
        Special::RoyalColon,
        Special::LittleColon,
    ];

    const fn symbol(self) -> &'static str {
        match self {
            Special::Joker => "JK",
            Special::GrandColon => "GC",
            Special::RoyalColon => "RC",
            Special::LittleColon => "LC",
        }
    }
}

/// One card of any of tenace's decks: a suited card or a [`Special`] card.
///
/// A card is a small `Copy` index: the lane (suit, or 5 for the special cards) times 16
/// plus the bit inside the lane (the rank's value for suited cards). Its notation is
/// suit then rank (`SA`, `HT`, `R3`), or `JK`, `GC`, `RC`, `LC`.
///
/// ```
/// use tenace_cards::{Card, Rank, Suit};
/// let c = Card::new(Suit::Hearts, Rank::Ten);
/// assert_eq!(c.to_string(), "HT");
/// assert_eq!(c.rank(), Some(Rank::Ten));
/// assert_eq!("h10".parse::<Card>().unwrap(), c);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The Five Crowns joker.
    pub const JOKER: Card = Card::special(Special::Joker);

    /// The suited card of this suit and rank.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 16 + rank as u8)
    }

    /// The special card.
    pub const fn special(special: Special) -> Card {
        Card(SPECIAL_LANE * 16 + special as u8)
    }

    /// The dense index (lane × 16 + bit), below 96.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card at a dense index, if that index names a card.
    pub const fn from_index(index: u8) -> Option<Card> {
        let lane = index / 16;
        let bit = index % 16;
        if lane < SPECIAL_LANE {
            if bit >= 2 && bit <= 14 {
                Some(Card(index))
            } else {
                None
            }
        } else if lane == SPECIAL_LANE && bit < 4 {
            Some(Card(index))
        } else {
            None
        }
    }

    /// The suit, or `None` for a special card.
    pub const fn suit(self) -> Option<Suit> {
        Suit::from_index((self.0 / 16) as usize)
    }

    /// The rank, or `None` for a special card.
    pub const fn rank(self) -> Option<Rank> {
        if self.0 / 16 < SPECIAL_LANE {
            Rank::from_bit(self.0 % 16)
        } else {
            None
        }
    }

    /// The special card this is, or `None` for a suited card.
    pub const fn as_special(self) -> Option<Special> {
        if self.0 / 16 == SPECIAL_LANE {
            Some(Special::ALL[(self.0 % 16) as usize])
        } else {
            None
        }
    }

    /// Whether this is a suited card.
    pub const fn is_suited(self) -> bool {
        self.0 / 16 < SPECIAL_LANE
    }

    /// Bridgette's Grand Colon, `GC`, the colon of the aces.
    pub const GRAND_COLON: Card = Card::special(Special::GrandColon);
    /// Bridgette's Royal Colon, `RC`, the colon of J, Q and K.
    pub const ROYAL_COLON: Card = Card::special(Special::RoyalColon);
    /// Bridgette's Little Colon, `LC`, the colon of 2 to 10.
    pub const LITTLE_COLON: Card = Card::special(Special::LittleColon);

    /// Whether this is one of Bridgette's three colons.
    pub const fn is_colon(self) -> bool {
        matches!(
            self.as_special(),
            Some(Special::GrandColon | Special::RoyalColon | Special::LittleColon)
        )
    }

    /// The colon whose group holds this card's rank (RULES.md §4.1: the Grand Colon goes
    /// with the aces, the Royal Colon with J Q K, the Little Colon with 2 to 10); `None`
    /// for a special card.
    ///
    /// ```
    /// use tenace_cards::Card;
    /// let colon = |c: &str| c.parse::<Card>().unwrap().group_colon();
    /// assert_eq!(colon("SA"), Some(Card::GRAND_COLON));
    /// assert_eq!(colon("HJ"), Some(Card::ROYAL_COLON));
    /// assert_eq!(colon("DT"), Some(Card::LITTLE_COLON));
    /// assert_eq!(Card::GRAND_COLON.group_colon(), None);
    /// ```
    pub const fn group_colon(self) -> Option<Card> {
        match self.rank() {
            Some(Rank::Ace) => Some(Card::GRAND_COLON),
            Some(Rank::King | Rank::Queen | Rank::Jack) => Some(Card::ROYAL_COLON),
            Some(_) => Some(Card::LITTLE_COLON),
            None => None,
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.suit(), self.rank(), self.as_special()) {
            // Two characters written straight: names are written for every card of every
            // view, and `write!` through the formatting machinery was a measurable part.
            (Some(s), Some(r), _) => {
                fmt::Write::write_char(f, s.letter())?;
                fmt::Write::write_char(f, r.symbol())
            }
            (_, _, Some(sp)) => f.write_str(sp.symbol()),
            _ => unreachable!("a Card is always suited or special"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseError::Card(s.into());
        if let Some(sp) = Special::ALL
            .into_iter()
            .find(|sp| sp.symbol().eq_ignore_ascii_case(s))
        {
            return Ok(Card::special(sp));
        }
        let mut chars = s.chars();
        let suit = chars.next().and_then(Suit::from_letter).ok_or_else(err)?;
        let rank: Rank = chars.as_str().parse().map_err(|_| err())?;
        Ok(Card::new(suit, rank))
    }
}

crate::serde_via_str!(Card);
