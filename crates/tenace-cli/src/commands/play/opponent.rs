//! The computer players: one small trait, the shape the bots crate's `Bot` will have, and
//! a seeded random player until the real bots land.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use tenace_rules::{Action, View};

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
    /// Simple rules of thumb (the bots crate; not merged yet).
    Basic,
    /// Monte-Carlo search over resampled deals (the bots crate; not merged yet).
    Expert,
}

impl Level {
    /// The strongest level available now: what the hint key asks.
    pub const BEST_AVAILABLE: Level = Level::Random;

    /// The name as `--level` spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Basic => "basic",
            Level::Expert => "expert",
        }
    }
}

/// A computer player of this level, seeded so a game replays exactly.
///
/// This is the one place the bots plug in: when `tenace-bots` lands, map `Basic` and
/// `Expert` (and `Random`) to its `Bot` behind an adapter implementing [`Opponent`].
pub fn make_opponent(level: Level, seed: u64) -> Result<Box<dyn Opponent>, String> {
    match level {
        Level::Random => Ok(Box::new(RandomOpponent::new(seed))),
        Level::Basic | Level::Expert => Err(format!(
            "--level: {} is not available yet (the bots are still being built); use --level random",
            level.as_str()
        )),
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
    fn levels_not_built_yet_are_refused_by_name() {
        let err = make_opponent(Level::Expert, 1).err().unwrap_or_default();
        assert!(err.contains("--level") && err.contains("expert"), "{err}");
        assert!(make_opponent(Level::Random, 1).is_ok());
    }
}
