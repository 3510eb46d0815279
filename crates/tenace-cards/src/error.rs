use thiserror::Error;

/// Why a piece of card notation could not be read.
///
/// Every variant quotes the text at fault, so an error shown to a user names it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Not one of `C D H S R`.
    #[error("unknown suit {0:?}: expected one of C D H S R")]
    Suit(String),
    /// Not one of `C D H S R NT`.
    #[error("unknown strain {0:?}: expected one of C D H S R NT")]
    Strain(String),
    /// Not one of `A K Q J T 9 8 7 6 5 4 3 2` (or `10`).
    #[error("unknown rank {0:?}: expected one of A K Q J T 9 8 7 6 5 4 3 2")]
    Rank(String),
    /// Not a suit followed by a rank, nor `JK`, `GC`, `RC` or `LC`.
    #[error("unknown card {0:?}: expected a suit and a rank such as SA or HT, or JK, GC, RC, LC")]
    Card(String),
    /// Not one of `N E S W`.
    #[error("unknown seat {0:?}: expected one of N E S W")]
    Seat(String),
    /// Not a player number from 0 to 6.
    #[error("unknown player {0:?}: expected a number from 0 to 6")]
    Player(String),
    /// A card listed twice in one set.
    #[error("card {0} is listed twice")]
    DuplicateCard(String),
}
