//! Devil's Bridge (RULES.md §3): an exact-bid game, Oh Hell by another name, for 3 to 7
//! players, on the shared trick play of [`crate::trick`].
//!
//! * [`DevilsBridgeOptions`]: every option of RULES.md §3, typed.
//! * [`HandSetup`]: one hand's cards, dealer and turned-up trump card.
//! * [`Bidding`]: the bids, their changes and the hook on the dealer.
//! * [`DevilsHand`]: one hand as a [`crate::Game`], blind one-card hands included.
//! * [`DevilsMatch`]: the whole series with its score sheet, derived from the hands.
//!
//! ```
//! use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsMatch};
//! use tenace_rules::Match;
//! let game = DevilsMatch::new(DevilsBridgeOptions::default(), 1).unwrap();
//! assert_eq!(game.current().unwrap().setup().size, 1);
//! ```

mod bidding;
mod hand;
mod options;
mod series;
mod setup;

pub use bidding::{BidError, Bidding};
pub use hand::DevilsHand;
pub use options::{
    BlindHands, DevilsBridgeOptions, DevilsScoring, EXACT_BONUS, HandOrder, TieBreak, hand_points,
};
pub use series::{DevilsMatch, HandRecord};
pub use setup::{HandSetup, HandSetupError};

/// The game's name in the engine protocol and the CLI.
pub const GAME_NAME: &str = "devils-bridge";
