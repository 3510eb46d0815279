//! Choosing a game at run time.

use serde::{Deserialize, Serialize};

use crate::bridge::BridgeOptions;

/// A game and its options: what a table, a saved record or an observation says it plays.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "game", content = "options", rename_all = "kebab-case")]
pub enum GameConfig {
    /// Contract Bridge.
    Bridge(BridgeOptions),
}

impl GameConfig {
    /// The game's name in the engine protocol and the CLI (`bridge`, …).
    pub fn name(&self) -> &'static str {
        match self {
            GameConfig::Bridge(_) => "bridge",
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
            GameConfig::Bridge(_) => BridgeDeal::resample(observation, rng).map(AnyGame::Bridge),
        }
    }
}
