//! The card vocabulary shared by every game tenace plays.
//!
//! One [`Card`] type covers all three decks the five games use:
//!
//! * the standard 52-card deck (Contract Bridge, Deuces Wild, Devil's Bridge);
//! * Bridgette's 52 cards plus the Grand, Royal and Little colons;
//! * Five Crowns' five suits (Stars, Spades, Hearts, Diamonds, Clubs) of K..3 plus a joker.
//!
//! A [`CardSet`] is a bitset with one 16-bit lane per suit and one lane for the special
//! cards, so hands, suit holdings and tricks are mask operations.
//!
//! Every type prints and parses in the one notation used throughout tenace:
//!
//! ```
//! use tenace_cards::{Card, Rank, Suit, Strain, Seat};
//!
//! let card: Card = "SA".parse().unwrap();
//! assert_eq!(card, Card::new(Suit::Spades, Rank::Ace));
//! assert_eq!("RT".parse::<Card>().unwrap().suit(), Some(Suit::Stars));
//! assert_eq!("JK".parse::<Card>().unwrap(), Card::JOKER);
//! assert_eq!("NT".parse::<Strain>().unwrap(), Strain::NoTrump);
//! assert_eq!(Seat::North.lho(), Seat::East);
//! ```
#![forbid(unsafe_code)]

/// Implements serde's `Serialize` and `Deserialize` through `Display` and `FromStr`, so a
/// type travels in JSON in exactly the notation it prints in (`"SA"`, `"4SX"`, `"N"`).
#[macro_export]
macro_rules! serde_via_str {
    ($ty:ty) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

mod card;
mod card_set;
mod deck;
mod error;
mod rank;
mod seat;
mod suit;

pub use card::{Card, Special};
pub use card_set::{CardSet, CardSetIter};
pub use deck::Deck;
pub use error::ParseError;
pub use rank::Rank;
pub use seat::{ByPlayer, BySeat, Player, Seat, Side};
pub use suit::{Strain, Suit};
