//! The random player: a uniformly random legal action, from a seeded generator.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_rules::{Action, View};

use crate::bot::{Bot, BotError, Decision};

/// Picks uniformly among the legal actions. The yardstick every other level must beat.
///
/// ```
/// use tenace_bots::{Bot, RandomBot};
/// use tenace_rules::bridgette::{BridgetteDeal, BridgetteSetup};
/// use tenace_rules::Game;
/// let deal = BridgetteDeal::from_setup(BridgetteSetup::seeded(Default::default(), 1, None)).unwrap();
/// let p = deal.to_act().iter().next().unwrap();
/// let legal = deal.legal_actions(p);
/// let a = RandomBot::new(5).decide(&deal.observation(p), &legal).unwrap();
/// let b = RandomBot::new(5).decide(&deal.observation(p), &legal).unwrap();
/// assert_eq!(a, b);
/// ```
#[derive(Debug, Clone)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random player seeded with `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn decide(&mut self, _view: &View, legal: &[Action]) -> Result<Decision, BotError> {
        if legal.is_empty() {
            return Err(BotError::NoLegalAction);
        }
        let action = legal[self.rng.random_range(0..legal.len())];
        Ok(Decision::new(action, "random: any legal action"))
    }
}
