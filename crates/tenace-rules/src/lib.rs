//! The rules of the bridge family: the [`Game`] trait, the shared auction and trick play,
//! scoring, and one module per game.
//!
//! ```
//! use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup};
//! use tenace_rules::{Action, Game, Vulnerability};
//! use tenace_cards::Seat;
//!
//! let setup = BridgeSetup::from_seed_with_dealer(7, Seat::North, Vulnerability::None, BridgeOptions::default());
//! let mut deal = BridgeDeal::from_setup(setup).unwrap();
//! let north = Seat::North.into();
//! deal.try_apply(north, "1NT".parse().unwrap()).unwrap();
//! // East may not double North's bid out of turn... it is East's turn, so East may:
//! assert!(deal.legal_actions(Seat::East.into()).contains(&"X".parse().unwrap()));
//! // but South may not act now, and the error names the law.
//! let err = deal.try_apply(Seat::South.into(), Action::Call("2C".parse().unwrap())).unwrap_err();
//! assert!(err.to_string().contains("Law 17"));
//! ```
#![forbid(unsafe_code)]

pub mod any;
pub mod auction;
pub mod bridge;
pub mod bridgette;
pub mod contract;
pub mod deal;
pub mod devils_bridge;
pub mod game;
pub mod options_json;
pub mod resample;
pub mod scoring;
pub mod series;
pub mod trick;
pub mod view;

pub use any::{AnyGame, GameConfig};
pub use auction::{Auction, AuctionError, AuctionRules, Bid, Call, CallParseError};
pub use contract::{
    Contract, ContractParseError, Doubling, Vulnerability, VulnerabilityParseError,
};
pub use game::{
    Action, ActionParseError, Events, Game, IllegalAction, Move, Outcome, Phase, PlayerSet,
    ResampleError, player_in_words,
};
pub use series::{Deals, Match};
pub use view::{ExchangeView, View};
