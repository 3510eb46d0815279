//! The computer players: one small trait the app talks to, backed by the bots crate's
//! `Bot` at the level asked for.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use tenace_bots::BotOptions;
use tenace_rules::{Action, GameConfig, View};

/// A computer player. It sees only its own observation and its legal actions, and answers
/// with an action and the reason for it in words (shown by the hint key).
pub trait Opponent: Send {
    /// Picks one of `legal` (never empty) for the player whose `view` this is.
    fn choose(&mut self, view: &View, legal: &[Action]) -> (Action, String);
}

/// Whether an action may be taken at any time and is never awaited: a change of a
/// Devil's Bridge bid. Neither the game nor a computer player waits for one.
pub fn is_optional(action: &Action) -> bool {
    matches!(action, Action::ChangeBid(_))
}

/// How strong the computer players are (`--level`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Level {
    /// Any legal action, at random.
    Random,
    /// Rules of thumb, and a natural bidding system in the partnership games.
    Basic,
    /// Monte-Carlo search over resampled deals, solved double dummy.
    Expert,
}

impl Level {
    /// The strongest level: what the hint key asks.
    pub const BEST: Level = Level::Expert;
}

/// A computer player of this level for this game, thinking within `think` (the expert),
/// seeded so a game replays exactly (under a time budget, as far as the expert's
/// sampling allows).
pub fn make_opponent(
    level: Level,
    config: &GameConfig,
    think: BotOptions,
    seed: u64,
) -> Result<Box<dyn Opponent>, String> {
    let level = match level {
        Level::Random => return Ok(Box::new(RandomOpponent::new(seed))),
        Level::Basic => tenace_bots::Level::Basic,
        Level::Expert => tenace_bots::Level::Expert,
    };
    let bot =
        tenace_bots::new_bot_with(level, config, think, seed).map_err(|e| format!("--{e}"))?;
    Ok(Box::new(BotOpponent {
        bot,
        fallback: RandomOpponent::new(seed),
    }))
}

/// A bot from the bots crate, seen as an [`Opponent`].
struct BotOpponent {
    bot: Box<dyn tenace_bots::Bot>,
    /// Answers if the bot cannot (it never should on a player's own view).
    fallback: RandomOpponent,
}

impl Opponent for BotOpponent {
    fn choose(&mut self, view: &View, legal: &[Action]) -> (Action, String) {
        match self.bot.decide(view, legal) {
            Ok(decision) => (decision.action, decision.reason),
            Err(e) => {
                let (action, _) = self.fallback.choose(view, legal);
                (
                    action,
                    format!("a random choice: the bot could not decide ({e})"),
                )
            }
        }
    }
}

/// Picks a legal action at random, from a seeded generator.
#[derive(Debug, Clone)]
pub struct RandomOpponent {
    rng: ChaCha8Rng,
}

impl RandomOpponent {
    /// A random player dealt from `seed`.
    pub fn new(seed: u64) -> RandomOpponent {
        RandomOpponent {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Opponent for RandomOpponent {
    fn choose(&mut self, _view: &View, legal: &[Action]) -> (Action, String) {
        // A Devil's Bridge change of bid is allowed at any time, but a random player that
        // changed on a whim would never let the hand move on: it changes only if it must.
        let moves: Vec<Action> = legal.iter().copied().filter(|a| !is_optional(a)).collect();
        let pool = if moves.is_empty() { legal } else { &moves };
        match pool.choose(&mut self.rng) {
            Some(&action) => (
                action,
                format!("a random choice among {} legal actions", pool.len()),
            ),
            // Callers never pass an empty list; answer something harmless if they do.
            None => (
                Action::Call(tenace_rules::Call::Pass),
                "no legal action was offered".into(),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_available() {
        let config = GameConfig::Bridgette(Default::default());
        for level in [Level::Random, Level::Basic, Level::Expert] {
            assert!(make_opponent(level, &config, BotOptions::samples(1), 1).is_ok());
        }
    }
}
