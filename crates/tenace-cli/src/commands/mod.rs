//! One module per subcommand. Each parses its raw arguments, resolves them into checked
//! values, and runs; errors come back as messages that name the argument at fault.

pub mod deal;
pub mod devils;
pub mod engine;
pub mod score;
pub mod sim;

use tenace_rules::bridge::{BridgeOptions, BridgeVariant};

/// The game names the commands accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GameName {
    /// Contract Bridge.
    Bridge,
    /// Bridge with Deuces Wild.
    DeucesWild,
    /// Five Crowns Bridge.
    FiveCrowns,
    /// Devil's Bridge, for 3 to 7 players.
    DevilsBridge,
}

impl GameName {
    /// The name as the engine protocol spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            GameName::Bridge => "bridge",
            GameName::DeucesWild => "deuces-wild",
            GameName::FiveCrowns => "five-crowns",
            GameName::DevilsBridge => "devils-bridge",
        }
    }

    /// Whether this is Devil's Bridge, whose commands take other arguments.
    pub fn is_devils(self) -> bool {
        self == GameName::DevilsBridge
    }

    /// Refuses `--players` for the four-handed games.
    pub fn check_players(self, players: Option<u8>) -> Result<(), String> {
        match players {
            Some(_) if !self.is_devils() => Err(format!(
                "--players: {} is played by four; only devils-bridge takes --players",
                self.as_str()
            )),
            _ => Ok(()),
        }
    }

    /// The game and its options, from `--options` JSON with the keys of RULES.md.
    pub fn resolve(self, options: Option<&str>) -> Result<(BridgeVariant, BridgeOptions), String> {
        let json = match options {
            Some(text) => {
                serde_json::from_str(text).map_err(|e| format!("--options: not JSON: {e}"))?
            }
            None => serde_json::Value::Null,
        };
        BridgeVariant::parse_options(self.as_str(), &json).map_err(|e| format!("--{e}"))
    }
}
