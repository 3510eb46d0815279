//! Contract Bridge (RULES.md §1) and the two games built on it, Bridge with Deuces Wild
//! and Five Crowns Bridge (§2): one deal as a [`crate::Game`], and matches of several.
//!
//! * [`BridgeSetup`]: the cards, dealer, vulnerability and [`BridgeOptions`] of a deal.
//! * [`BridgeDeal`]: the auction (Laws 17–22) and the play (Laws 41–44), with declarer
//!   playing dummy's cards once dummy is exposed after the opening lead.
//! * [`BridgeMatch`]: a rubber, a Chicago wheel or a set of duplicate boards, with its
//!   running score sheet derived from the deals' histories.

mod deal;
mod matches;
mod options;
mod scoring;
mod setup;
mod variant;

pub use deal::{BridgeDeal, DealResult};
pub use matches::{BoardRecord, BridgeMatch, MatchSheet, PreparedBoard};
pub use options::{BridgeOptions, VulnerabilityRule};
pub use scoring::deal_score_ns;
pub use setup::{BridgeSetup, SetupError};
pub use variant::{BRIDGE_GAMES, BridgeVariant, FiveCrownsRules};
