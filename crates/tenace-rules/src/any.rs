//! Choosing a game at run time.

use crate::bridge::{BridgeOptions, BridgeVariant};
use crate::bridgette::BridgetteOptions;
use crate::devils_bridge::DevilsBridgeOptions;

/// A game and its options: what a table, a saved record or an observation says it plays.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GameConfig {
    /// Contract Bridge, Deuces Wild or Five Crowns, with the shared bridge options.
    Bridge(BridgeVariant, BridgeOptions),
    /// Devil's Bridge, with its options (the table size among them).
    DevilsBridge(DevilsBridgeOptions),
    /// Bridgette, with its options.
    Bridgette(BridgetteOptions),
}

impl GameConfig {
    /// Reads a game's name (`bridge`, `deuces-wild`, `five-crowns`, `devils-bridge`,
    /// `bridgette`) and its options (an object with RULES.md's keys, or `null` for the
    /// defaults) as the engine does. The error is the engine's: it names the key at fault.
    ///
    /// ```
    /// use tenace_rules::GameConfig;
    /// let config = GameConfig::from_json("devils-bridge", &serde_json::json!({"players": 5})).unwrap();
    /// assert_eq!(config.name(), "devils-bridge");
    /// assert!(GameConfig::from_json("bridge", &serde_json::json!({"boards": "many"})).is_err());
    /// ```
    pub fn from_json(game: &str, options: &serde_json::Value) -> Result<GameConfig, String> {
        match game {
            crate::devils_bridge::GAME_NAME => {
                DevilsBridgeOptions::from_json(options).map(GameConfig::DevilsBridge)
            }
            crate::bridgette::GAME_NAME => {
                BridgetteOptions::from_json(options).map(GameConfig::Bridgette)
            }
            name => BridgeVariant::parse_options(name, options)
                .map(|(variant, options)| GameConfig::Bridge(variant, options)),
        }
    }

    /// The game's name in the engine protocol and the CLI (`bridge`, `five-crowns`, …).
    pub fn name(&self) -> &'static str {
        match self {
            GameConfig::Bridge(variant, _) => variant.name(),
            GameConfig::DevilsBridge(_) => crate::devils_bridge::GAME_NAME,
            GameConfig::Bridgette(_) => crate::bridgette::GAME_NAME,
        }
    }

    /// The options as JSON, with the keys of RULES.md.
    pub fn options_json(&self) -> serde_json::Value {
        match self {
            GameConfig::Bridge(variant, options) => variant.options_json(options),
            GameConfig::DevilsBridge(options) => options.to_json(),
            GameConfig::Bridgette(options) => options.to_json(),
        }
    }

    /// Whether players are named by seat (`N E S W`, the partnership games) rather than
    /// by number (`0`, `1`, …).
    pub fn seats_named(&self) -> bool {
        matches!(self, GameConfig::Bridge(..))
    }
}

use rand::RngCore;
use tenace_cards::Player;

use crate::bridge::BridgeDeal;
use crate::bridgette::BridgetteDeal;
use crate::devils_bridge::DevilsHand;
use crate::game::{
    Action, Events, Game, IllegalAction, Move, Outcome, Phase, PlayerSet, ResampleError,
};
use crate::view::View;

/// Any one game, chosen at run time. It is a [`Game`] itself, passing every call on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyGame {
    /// A Contract Bridge deal.
    Bridge(BridgeDeal),
    /// A Devil's Bridge hand.
    DevilsBridge(DevilsHand),
    /// A Bridgette deal.
    Bridgette(BridgetteDeal),
}

/// Calls the same method on whichever game is inside.
macro_rules! each_game {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Bridge($g) => $body,
            AnyGame::DevilsBridge($g) => $body,
            AnyGame::Bridgette($g) => $body,
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
            GameConfig::DevilsBridge(_) => {
                DevilsHand::resample(observation, rng).map(AnyGame::DevilsBridge)
            }
            GameConfig::Bridgette(_) => {
                BridgetteDeal::resample(observation, rng).map(AnyGame::Bridgette)
            }
        }
    }
}
