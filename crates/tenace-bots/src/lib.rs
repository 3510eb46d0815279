//! Computer players for every game of tenace, in every phase: the auction (or Devil's
//! Bridge bids), Bridgette's exchange, and the play.
//!
//! A [`Bot`] sees only what its player may see, a [`View`](tenace_rules::View) from
//! [`Game::observation`](tenace_rules::Game::observation), and the legal actions, and
//! answers a [`Decision`]: the action and the reason in words. Every bot is seeded, so a
//! game played by bots replays exactly.
//!
//! Three [`Level`]s:
//!
//! * [`Level::Random`]: a uniformly random legal action ([`RandomBot`]).
//! * [`Level::Basic`]: fast rules of thumb ([`BasicBot`]): a natural bidding system close to
//!   Standard American kept as a table ([`bidding`]), trick estimates for Devil's Bridge
//!   and Bridgette bids, Bridgette discards, and the classic card-play maxims ([`play`]).
//! * [`Level::Expert`]: Monte-Carlo over resampled deals filtered by the auction, each
//!   solved double dummy and scored by the game's scoring ([`ExpertBot`], [`expert`]),
//!   within a budget of samples and time ([`BotOptions`]).
//!
//! ```
//! use tenace_bots::{Level, new_bot};
//! use tenace_rules::bridge::{BridgeDeal, BridgeSetup, BridgeVariant};
//! use tenace_rules::{Game, Vulnerability};
//! use tenace_cards::Seat;
//!
//! let setup = BridgeSetup::seeded(BridgeVariant::Standard, 7, Some(Seat::North),
//!     Vulnerability::None, Default::default());
//! let deal = BridgeDeal::from_setup(setup).unwrap();
//! let mut bot = new_bot(Level::Basic, &deal.full_view().config, 1).unwrap();
//! let north = Seat::North.into();
//! let decision = bot.decide(&deal.observation(north), &deal.legal_actions(north)).unwrap();
//! assert!(deal.legal_actions(north).contains(&decision.action));
//! assert!(!decision.reason.is_empty());
//! ```
#![forbid(unsafe_code)]

mod basic;
pub mod bidding;
mod bot;
mod bridgette;
mod devils;
mod devils_play;
pub mod expert;
pub mod hand_eval;
pub mod play;
mod random;
mod seat_info;

pub use basic::BasicBot;
pub use bot::{
    Bot, BotError, BotOptions, Decision, Level, LevelParseError, new_bot, new_bot_with, next_actor,
};
pub use expert::ExpertBot;
pub use random::RandomBot;
