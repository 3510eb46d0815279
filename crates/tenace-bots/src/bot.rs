//! The [`Bot`] trait, what a bot answers ([`Decision`]), and the levels of play.

use std::fmt;
use std::str::FromStr;

use tenace_cards::Player;
use tenace_rules::{Action, GameConfig, PlayerSet, View};
use thiserror::Error;

use crate::basic::BasicBot;
use crate::expert::ExpertBot;
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
    /// Monte-Carlo over resampled deals, solved double dummy.
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

/// How long a bot may think: what bounds each expert decision (the other levels answer
/// at once and ignore it).
///
/// With `think_ms` unset a decision solves exactly `samples` samples and depends only
/// on the seed, so a game replays exactly; with it set, sampling stops when the time is
/// spent (after at least one sample), and the choice may vary with the machine's speed.
///
/// ```
/// use tenace_bots::BotOptions;
/// assert_eq!(BotOptions::samples(8).think_ms, None);
/// assert_eq!(BotOptions::think_ms(250).think_ms, Some(250));
/// assert!(BotOptions::default().think_ms.is_some());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotOptions {
    /// The time budget of one decision, in milliseconds; `None` for none.
    pub think_ms: Option<u64>,
    /// The most samples one decision solves (at least one is always solved); Devil's
    /// Bridge, whose samples are played out rather than solved, takes
    /// [`crate::expert::PLAYED_OUT_SAMPLES_PER_SOLVE`] times as many.
    pub samples: usize,
}

impl BotOptions {
    /// The default number of samples: enough that the mean settles, few enough for a
    /// quick decision once the solver is fast.
    pub const DEFAULT_SAMPLES: usize = 40;
    /// The default time budget: a decision within a second.
    pub const DEFAULT_THINK_MS: u64 = 1000;

    /// Exactly `samples` samples a decision, no clock: deterministic.
    pub fn samples(samples: usize) -> BotOptions {
        BotOptions {
            think_ms: None,
            samples,
        }
    }

    /// A time budget of `ms` milliseconds, with the default sample count as a cap.
    pub fn think_ms(ms: u64) -> BotOptions {
        BotOptions {
            think_ms: Some(ms),
            samples: Self::DEFAULT_SAMPLES,
        }
    }
}

impl Default for BotOptions {
    /// [`BotOptions::DEFAULT_SAMPLES`] samples within [`BotOptions::DEFAULT_THINK_MS`].
    fn default() -> Self {
        BotOptions::think_ms(Self::DEFAULT_THINK_MS)
    }
}

/// A bot of this level for this game and its options (the scoring mode among them),
/// seeded with `seed`, thinking within the default [`BotOptions`].
///
/// ```
/// use tenace_bots::{Level, new_bot};
/// use tenace_rules::GameConfig;
/// use tenace_rules::bridgette::BridgetteOptions;
/// let config = GameConfig::Bridgette(BridgetteOptions::default());
/// assert!(new_bot(Level::Random, &config, 3).is_ok());
/// assert!(new_bot(Level::Expert, &config, 3).is_ok());
/// ```
pub fn new_bot(level: Level, config: &GameConfig, seed: u64) -> Result<Box<dyn Bot>, BotError> {
    new_bot_with(level, config, BotOptions::default(), seed)
}

/// [`new_bot`] with explicit [`BotOptions`].
pub fn new_bot_with(
    level: Level,
    config: &GameConfig,
    options: BotOptions,
    seed: u64,
) -> Result<Box<dyn Bot>, BotError> {
    Ok(match level {
        Level::Random => Box::new(RandomBot::new(seed)),
        Level::Basic => Box::new(BasicBot::new(config.clone(), seed)),
        Level::Expert => Box::new(ExpertBot::new(config.clone(), options, seed)),
    })
}

/// The player to drive now, and the actions they may take: in Devil's Bridge several
/// players may act (bid changes); the one whose turn it is acts, and bots do not change
/// bids out of turn. `None` once nobody may act.
///
/// ```
/// use tenace_bots::next_actor;
/// use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsMatch};
/// use tenace_rules::{Game, Match};
/// let game = DevilsMatch::new(DevilsBridgeOptions::default(), 5).unwrap();
/// let hand = game.current().unwrap();
/// let (player, legal) = next_actor(hand.to_act(), |p| hand.legal_actions(p)).unwrap();
/// assert!(hand.to_act().contains(player) && !legal.is_empty());
/// ```
pub fn next_actor(
    to_act: PlayerSet,
    legal: impl Fn(Player) -> Vec<Action>,
) -> Option<(Player, Vec<Action>)> {
    let mut fallback = None;
    for p in to_act.iter() {
        let actions = legal(p);
        let turn: Vec<Action> = actions
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::ChangeBid(_)))
            .collect();
        if !turn.is_empty() {
            return Some((p, turn));
        }
        if fallback.is_none() && !actions.is_empty() {
            fallback = Some((p, actions));
        }
    }
    fallback
}
