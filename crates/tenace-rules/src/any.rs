//! Choosing a game at run time.

use crate::bridge::{BridgeOptions, BridgeVariant};

/// A game and its options: what a table, a saved record or an observation says it plays.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GameConfig {
    /// Contract Bridge, Deuces Wild or Five Crowns, with the shared bridge options.
    Bridge(BridgeVariant, BridgeOptions),
}

impl GameConfig {
    /// The game's name in the engine protocol and the CLI (`bridge`, `five-crowns`, …).
    pub fn name(&self) -> &'static str {
        match self {
            GameConfig::Bridge(variant, _) => variant.name(),
        }
    }

    /// The options as JSON, with the keys of RULES.md.
    pub fn options_json(&self) -> serde_json::Value {
        match self {
            GameConfig::Bridge(variant, options) => variant.options_json(options),
        }
    }
}

use rand::RngCore;
use tenace_cards::Player;

use crate::bridge::BridgeDeal;
use crate::game::{
    Action, Events, Game, IllegalAction, Move, Outcome, Phase, PlayerSet, ResampleError,
};
use crate::view::View;

/// Any one game, chosen at run time. It is a [`Game`] itself, passing every call on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyGame {
    /// A Contract Bridge deal.
    Bridge(BridgeDeal),
}

/// Calls the same method on whichever game is inside.
macro_rules! each_game {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Bridge($g) => $body,
        }
    };
}

impl Game for AnyGame {
    fn player_count(&self) -> usize {
        each_game!(self, g => g.player_count())
    }
    fn phase(&self) -> Phase {
        each_game!(self, g => g.phase())
    }
    fn to_act(&self) -> PlayerSet {
        each_game!(self, g => g.to_act())
    }
    fn legal_actions(&self, player: Player) -> Vec<Action> {
        each_game!(self, g => g.legal_actions(player))
    }
    fn try_apply(&mut self, player: Player, action: Action) -> Result<Events, IllegalAction> {
        each_game!(self, g => g.try_apply(player, action))
    }
    fn apply_unchecked(&mut self, player: Player, action: Action) -> Events {
        each_game!(self, g => g.apply_unchecked(player, action))
    }
    fn outcome(&self) -> Option<Outcome> {
        each_game!(self, g => g.outcome())
    }
    fn observation(&self, player: Player) -> View {
        each_game!(self, g => g.observation(player))
    }
    fn full_view(&self) -> View {
        each_game!(self, g => g.full_view())
    }
    fn history(&self) -> &[Move] {
        each_game!(self, g => g.history())
    }
    fn resample(observation: &View, rng: &mut dyn RngCore) -> Result<Self, ResampleError> {
        match observation.config {
            GameConfig::Bridge(..) => BridgeDeal::resample(observation, rng).map(AnyGame::Bridge),
        }
    }
}
