//! What a table is made of before anyone sits: the game with its RULES.md options, the
//! match kind, the seed and the host's settings. A table's setup is stored once with it;
//! its events are replayed onto the match this setup deals.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tenace_rules::bridge::{BridgeMatch, BridgeVariant};
use tenace_rules::bridgette::{BridgetteMatch, BridgetteOptions};
use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsMatch};

use crate::error::TableError;
use crate::game::TableMatch;

/// The games a table may play, as the engine protocol names them.
pub const GAMES: [&str; 5] = [
    "bridge",
    "deuces-wild",
    "five-crowns",
    "devils-bridge",
    "bridgette",
];

/// How many deals a table plays and how they are scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchKind {
    /// One deal of a partnership game, scored as a duplicate board.
    SingleDeal,
    /// Rubber bridge.
    Rubber,
    /// Chicago.
    Chicago,
    /// Duplicate boards, compared with a second table of computer players when the
    /// options' `comparison` is `imps` or `matchpoints`.
    Duplicate,
    /// A Devil's Bridge game, the series of hands RULES.md §3 plays.
    Series,
    /// A six-deal Bridgette game.
    Game,
}

impl MatchKind {
    /// The word the protocol uses for this kind.
    pub fn as_str(self) -> &'static str {
        match self {
            MatchKind::SingleDeal => "single_deal",
            MatchKind::Rubber => "rubber",
            MatchKind::Chicago => "chicago",
            MatchKind::Duplicate => "duplicate",
            MatchKind::Series => "series",
            MatchKind::Game => "game",
        }
    }
}

/// The host's choices about how the table runs, beyond the rules of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// The expert computer player's budget per decision, in milliseconds.
    pub think_ms: u64,
    /// The pause before a computer player acts, so people can follow its cards.
    pub pacing_ms: u64,
    /// Whether spectators see every hand.
    pub spectators_see_all: bool,
    /// Whether a computer player takes over the seat of a player away too long.
    pub away_takeover: bool,
    /// How long a player may be away before a computer player takes their seat.
    pub away_limit_secs: u64,
    /// A casual table: computer players consent to an undo.
    pub casual: bool,
    /// Whether a seated player may ask the expert computer player for a hint, worked out
    /// from their own view of the deal.
    pub hints: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            think_ms: 1000,
            pacing_ms: 400,
            spectators_see_all: false,
            away_takeover: true,
            away_limit_secs: 60,
            casual: true,
            hints: true,
        }
    }
}

/// The most a host may give the expert per decision: a table must keep moving.
pub const MAX_THINK_MS: u64 = 10_000;
/// The longest pause a host may put before a computer player's action.
pub const MAX_PACING_MS: u64 = 5_000;

impl Settings {
    /// Checks the bounds; the error names the setting at fault.
    pub fn check(&self) -> Result<(), TableError> {
        if self.think_ms > MAX_THINK_MS {
            return Err(TableError::new(
                "settings.think_ms",
                format!("at most {MAX_THINK_MS}"),
            ));
        }
        if self.pacing_ms > MAX_PACING_MS {
            return Err(TableError::new(
                "settings.pacing_ms",
                format!("at most {MAX_PACING_MS}"),
            ));
        }
        Ok(())
    }
}

/// Everything a table is dealt from: stored with the table, never sent to a client (the
/// seed decides every hand).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSetup {
    /// The game, as [`GAMES`] names it.
    pub game: String,
    /// The match kind.
    #[serde(rename = "match")]
    pub match_kind: MatchKind,
    /// The game's options with RULES.md's keys, as given (the match kind's `scoring` added
    /// for the partnership games).
    pub options: Value,
    /// The seed of every deal of the match.
    pub seed: u64,
    /// The host's settings.
    pub settings: Settings,
}

impl TableSetup {
    /// A checked setup: the game known, the match kind one the game plays, the options
    /// valid for the game. Errors name the field at fault.
    pub fn new(
        game: &str,
        match_kind: Option<MatchKind>,
        options: Option<Value>,
        seed: u64,
        settings: Settings,
    ) -> Result<TableSetup, TableError> {
        settings.check()?;
        if !GAMES.contains(&game) {
            return Err(TableError::new(
                "game",
                format!(
                    "unknown game {game:?} (expected one of: {})",
                    GAMES.join(", ")
                ),
            ));
        }
        let mut options = match options {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(map)) => map,
            Some(_) => return Err(TableError::new("options", "expected a JSON object")),
        };
        let kind = match (game, match_kind) {
            ("devils-bridge", None | Some(MatchKind::Series)) => MatchKind::Series,
            ("bridgette", None | Some(MatchKind::Game)) => MatchKind::Game,
            ("devils-bridge", Some(other)) | ("bridgette", Some(other)) => {
                let only = if game == "bridgette" {
                    "game"
                } else {
                    "series"
                };
                return Err(TableError::new(
                    "match",
                    format!("{game} is played as a {only}, not {}", other.as_str()),
                ));
            }
            (_, Some(MatchKind::Series | MatchKind::Game)) => {
                return Err(TableError::new(
                    "match",
                    format!("{game} is played as single_deal, rubber, chicago or duplicate"),
                ));
            }
            (_, kind) => kind.unwrap_or(MatchKind::SingleDeal),
        };
        let scoring = match kind {
            MatchKind::SingleDeal => {
                options.insert("boards".into(), Value::from(1));
                options.insert("comparison".into(), Value::from("none"));
                Some("duplicate")
            }
            MatchKind::Duplicate => Some("duplicate"),
            MatchKind::Rubber => Some("rubber"),
            MatchKind::Chicago => Some("chicago"),
            MatchKind::Series | MatchKind::Game => None,
        };
        if let Some(scoring) = scoring {
            options.insert("scoring".into(), Value::from(scoring));
        }
        let setup = TableSetup {
            game: game.to_string(),
            match_kind: kind,
            options: Value::Object(options),
            seed,
            settings,
        };
        setup.deal()?;
        Ok(setup)
    }

    /// The match as dealt, before any action.
    pub fn deal(&self) -> Result<TableMatch, TableError> {
        let bad = |e: String| {
            // The engine's messages start with the option's name or `options:`.
            let message = e.strip_prefix("options: ").unwrap_or(&e).to_string();
            TableError::new("options", message)
        };
        Ok(match self.game.as_str() {
            "devils-bridge" => {
                let options = DevilsBridgeOptions::from_json(&self.options).map_err(bad)?;
                TableMatch::Devils(
                    DevilsMatch::new(options, self.seed).map_err(|e| bad(e.to_string()))?,
                )
            }
            "bridgette" => {
                let options = BridgetteOptions::from_json(&self.options).map_err(bad)?;
                TableMatch::Bridgette(
                    BridgetteMatch::new(options, self.seed).map_err(|e| bad(e.to_string()))?,
                )
            }
            name => {
                let (variant, options) =
                    BridgeVariant::parse_options(name, &self.options).map_err(bad)?;
                TableMatch::Bridge(
                    BridgeMatch::with_variant(variant, options, self.seed)
                        .map_err(|e| bad(e.to_string()))?,
                )
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn each_game_has_its_default_match() {
        for (game, kind) in [
            ("bridge", MatchKind::SingleDeal),
            ("five-crowns", MatchKind::SingleDeal),
            ("devils-bridge", MatchKind::Series),
            ("bridgette", MatchKind::Game),
        ] {
            let setup = TableSetup::new(game, None, None, 1, Settings::default());
            assert_eq!(setup.map(|s| s.match_kind), Ok(kind), "{game}");
        }
    }

    #[test]
    fn errors_name_the_field_at_fault() {
        let field = |r: Result<TableSetup, TableError>| r.err().map(|e| e.field);
        let settings = Settings::default;
        assert_eq!(
            field(TableSetup::new("chess", None, None, 1, settings())).as_deref(),
            Some("game")
        );
        assert_eq!(
            field(TableSetup::new(
                "bridgette",
                Some(MatchKind::Rubber),
                None,
                1,
                settings()
            ))
            .as_deref(),
            Some("match")
        );
        assert_eq!(
            field(TableSetup::new(
                "devils-bridge",
                None,
                Some(json!({"players": 9})),
                1,
                settings()
            ))
            .as_deref(),
            Some("options")
        );
        assert_eq!(
            field(TableSetup::new(
                "bridge",
                None,
                Some(json!([1])),
                1,
                settings()
            ))
            .as_deref(),
            Some("options")
        );
        let slow = Settings {
            think_ms: 60_000,
            ..Settings::default()
        };
        assert_eq!(
            field(TableSetup::new("bridge", None, None, 1, slow)).as_deref(),
            Some("settings.think_ms")
        );
    }

    #[test]
    fn a_single_deal_is_one_uncompared_board() {
        let setup = TableSetup::new("bridge", None, None, 3, Settings::default());
        let options = setup.map(|s| s.options).unwrap_or_default();
        assert_eq!(options["boards"], 1);
        assert_eq!(options["scoring"], "duplicate");
        assert_eq!(options["comparison"], "none");
    }
}
