//! One module per subcommand. Each parses its raw arguments, resolves them into checked
//! values, and runs; errors come back as messages that name the argument at fault.

pub mod deal;
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
}

impl GameName {
    /// The name as the engine protocol spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            GameName::Bridge => "bridge",
            GameName::DeucesWild => "deuces-wild",
            GameName::FiveCrowns => "five-crowns",
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
