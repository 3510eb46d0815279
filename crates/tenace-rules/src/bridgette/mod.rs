//! Bridgette (RULES.md §4): two players, a 55-card deck with three colons, an exchange
//! with the stock, a restricted auction from 0NT to 7NT, and a six-deal game.
//!
//! The auction is the shared [`crate::Auction`] for two players with 0NT, with the bid
//! restrictions checked on top ([`check_bid`]); the play is the shared
//! [`crate::trick::TrickPlay`] under [`crate::trick::SpecialRule::Colons`]; the scores
//! are [`crate::scoring::bridgette_score`].
//!
//! Players are numbered 0 and 1 for the whole game; each deal's setup names its dealer,
//! and the deal alternates.

mod bidding;
mod deal;
mod options;
mod resample;
mod series;
mod setup;

pub use bidding::{
    AUCTION_RULES, BridgetteError, auction_closed, check_bid, lowest_sufficient, must_name,
};
pub use deal::BridgetteDeal;
pub use options::{BridgetteOptions, NtJumpRequirement, OpeningPass, TieAfterSeventh, UpcardTo};
pub use series::{BridgetteMatch, DealRecord, GAME_DEALS};
pub use setup::{BridgetteSetup, HAND_SIZE, NON_DEALER_DRAW, STOCK_SIZE, SetupError, dealer_draw};

/// The game's name in the engine protocol and the CLI.
pub const GAME_NAME: &str = "bridgette";
