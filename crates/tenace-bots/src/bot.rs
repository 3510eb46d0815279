//! The [`Bot`] trait, what a bot answers ([`Decision`]), and the levels of play.

use std::fmt;
use std::str::FromStr;

use tenace_rules::{Action, GameConfig, View};
use thiserror::Error;

use crate::basic::BasicBot;
use crate::random::RandomBot;

/// What a bot chose, and why, in words a player understands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The action, always one of the legal actions the bot was given.
    pub action: Action,
    /// Why, e.g. "1NT: 15–17 HCP, balanced" or "second hand low".
    pub reason: String,
}

impl Decision {
    /// A decision with its reason.
    pub fn new(action: Action, reason: impl Into<String>) -> Decision {
        Decision {
            action,
            reason: reason.into(),
        }
    }
}

/// Why a bot could not decide or could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BotError {
    /// The bot was asked to act with no legal action.
    #[error("the player has no legal action now")]
    NoLegalAction,
    /// The view is not a player's view (it is the full view, or has no viewer).
    #[error("a bot plays from a player's observation, and this view has no viewer")]
    NoViewer,
    /// The level is not available yet.
    #[error(
        "level: expert needs the double-dummy solver (issue 6), not built yet; use random or basic"
    )]
    ExpertUnavailable,
}

/// A computer player. Object-safe and `Send`, so a table can hold one per seat and a
/// simulation can run them on every core.
///
/// A bot sees only `view`, its player's observation, and `legal`, that player's legal
/// actions now (never empty when a bot is asked). It is seeded when made, so the same
/// bot asked the same questions gives the same answers.
pub trait Bot: Send {
    /// Chooses one of `legal`, with the reason.
    fn decide(&mut self, view: &View, legal: &[Action]) -> Result<Decision, BotError>;
}

/// How well a bot plays.
///
/// ```
/// use tenace_bots::Level;
/// assert_eq!("basic".parse::<Level>().unwrap(), Level::Basic);
/// assert_eq!(Level::Expert.to_string(), "expert");
/// assert!("wizard".parse::<Level>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random legal action.
    Random,
    /// Fast rules of thumb.
    Basic,
    /// Monte-Carlo over resampled deals, solved double dummy (needs the solver).
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Random, Level::Basic, Level::Expert];

    /// The level's name: `random`, `basic` or `expert`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Basic => "basic",
            Level::Expert => "expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a level could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown level {0:?} (expected random, basic or expert)")]
pub struct LevelParseError(pub String);

impl FromStr for Level {
    type Err = LevelParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| LevelParseError(s.into()))
    }
}

/// A bot of this level for this game and its options (the scoring mode among them),
/// seeded with `seed`.
///
/// ```
/// use tenace_bots::{BotError, Level, new_bot};
/// use tenace_rules::GameConfig;
/// use tenace_rules::bridgette::BridgetteOptions;
/// let config = GameConfig::Bridgette(BridgetteOptions::default());
/// assert!(new_bot(Level::Random, &config, 3).is_ok());
/// assert_eq!(new_bot(Level::Expert, &config, 3).err(), Some(BotError::ExpertUnavailable));
/// ```
pub fn new_bot(level: Level, config: &GameConfig, seed: u64) -> Result<Box<dyn Bot>, BotError> {
    match level {
        Level::Random => Ok(Box::new(RandomBot::new(seed))),
        Level::Basic => Ok(Box::new(BasicBot::new(config.clone(), seed))),
        Level::Expert => Err(BotError::ExpertUnavailable),
    }
}
