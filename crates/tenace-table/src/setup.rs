//! What a table is made of before anyone sits: the game with its RULES.md options, the
//! match kind, the seed and the host's settings. A table's setup is stored once with it;
//! its events are replayed onto the match this setup deals.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tenace_cards::{BySeat, Seat};
use tenace_rules::bridge::{BridgeMatch, BridgeOptions, BridgeVariant, PreparedBoard};
use tenace_rules::bridgette::BridgetteOptions;
use tenace_rules::devils_bridge::DevilsBridgeOptions;
use tenace_rules::{GameConfig, Vulnerability};

use crate::error::TableError;
use crate::game::TableMatch;
use crate::record::BoardSetup;

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
    /// Boards given in advance (a PBN file's), played in order instead of boards dealt
    /// from the seed: a duplicate match of a partnership game only. Empty for a match
    /// dealt from the seed, and then left out of the stored setup, so setups stored
    /// before boards could be given read as they always did.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boards: Vec<BoardSetup>,
}

impl TableSetup {
    /// The most boards a table may be given in advance ([`TableSetup::with_boards`]): a
    /// long club session, and a bound on what one table's stored setup holds.
    pub const MAX_BOARDS: usize = 64;

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
        // Every option given is checked as the game's, before the match kind sets its own:
        // a bad value is refused whatever the match kind would have put in its place.
        check_given(game, &options)?;
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
        for (key, set) in kind.sets() {
            match options.get(key) {
                Some(given) if *given != set => {
                    return Err(TableError::new(
                        format!("options.{key}"),
                        overridden(kind, key, &set, given),
                    ));
                }
                _ => {
                    options.insert(key.into(), set);
                }
            }
        }
        let setup = TableSetup {
            game: game.to_string(),
            match_kind: kind,
            options: Value::Object(options),
            seed,
            settings,
            boards: Vec::new(),
        };
        setup.deal()?;
        Ok(setup)
    }

    /// This setup playing `boards` in order (a PBN file's, read by the caller) instead
    /// of boards dealt from the seed. Only a duplicate match of Contract Bridge or Deuces
    /// Wild takes them; the options' `boards` becomes their number (given, it must be
    /// that number). Errors name the field at fault: `game`, `match`, `options.boards`,
    /// or `boards` with the board's number.
    ///
    /// ```
    /// use tenace_rules::bridge::{BridgeOptions, BridgeSetup, PreparedBoard};
    /// use tenace_rules::{Match, Vulnerability};
    /// use tenace_table::{MatchKind, Settings, TableSetup};
    /// let dealt = BridgeSetup::from_seed(4, Vulnerability::EastWest, BridgeOptions::default());
    /// let board = PreparedBoard { hands: dealt.hands, dealer: dealt.dealer, vulnerability: dealt.vulnerability };
    /// let setup = TableSetup::new("bridge", Some(MatchKind::Duplicate), None, 1, Settings::default())
    ///     .and_then(|s| s.with_boards(vec![board]))
    ///     .unwrap();
    /// assert_eq!(setup.options["boards"], 1);
    /// let tenace_table::TableMatch::Bridge(m) = setup.deal().unwrap() else { panic!("bridge") };
    /// assert_eq!(m.current().unwrap().setup().hands, dealt.hands);
    /// ```
    pub fn with_boards(mut self, boards: Vec<PreparedBoard>) -> Result<TableSetup, TableError> {
        if !matches!(self.game.as_str(), "bridge" | "deuces-wild") {
            return Err(TableError::new(
                "game",
                format!(
                    "{} cannot play boards given in advance: only bridge and deuces-wild \
                     deals are four hands of the standard 52 cards",
                    self.game
                ),
            ));
        }
        if self.match_kind != MatchKind::Duplicate {
            return Err(TableError::new(
                "match",
                format!(
                    "boards given in advance are played as a duplicate match, not {}: ask \
                     for the match \"duplicate\"",
                    self.match_kind.as_str()
                ),
            ));
        }
        if boards.is_empty() {
            return Err(TableError::new("boards", "no board is given"));
        }
        if boards.len() > Self::MAX_BOARDS {
            return Err(TableError::new(
                "boards",
                format!(
                    "{} boards are given; a table plays at most {}",
                    boards.len(),
                    Self::MAX_BOARDS
                ),
            ));
        }
        let count = Value::from(boards.len());
        if let Value::Object(options) = &mut self.options {
            match options.get("boards") {
                Some(given) if *given != count => {
                    return Err(TableError::new(
                        "options.boards",
                        format!(
                            "{count} boards are given, not {given}: leave boards out to play \
                             them all"
                        ),
                    ));
                }
                _ => {
                    options.insert("boards".into(), count);
                }
            }
        }
        self.boards = boards
            .iter()
            .map(|b| BoardSetup {
                dealer: b.dealer.to_string(),
                vulnerable: b.vulnerability.to_string(),
                hands: b.hands.iter().map(|(s, &h)| (s.to_string(), h)).collect(),
            })
            .collect();
        self.deal()?;
        Ok(self)
    }

    /// The match as dealt, before any action.
    pub fn deal(&self) -> Result<TableMatch, TableError> {
        let bad = |e: String| TableError::new("options", engine_words(&e));
        let config = GameConfig::from_json(&self.game, &self.options).map_err(bad)?;
        if self.boards.is_empty() {
            return TableMatch::from_config(&config, self.seed).map_err(bad);
        }
        let GameConfig::Bridge(variant, options) = config else {
            return Err(TableError::new(
                "boards",
                format!("{} cannot play boards given in advance", self.game),
            ));
        };
        let boards = self
            .boards
            .iter()
            .enumerate()
            .map(|(i, b)| prepared(i + 1, b))
            .collect::<Result<Vec<_>, _>>()?;
        BridgeMatch::with_boards(variant, options, boards)
            .map(TableMatch::Bridge)
            .map_err(|e| TableError::new("boards", e.to_string()))
    }
}

/// A stored board as the rules play it; the error names the board (from 1) and what of
/// it cannot be read.
fn prepared(number: usize, board: &BoardSetup) -> Result<PreparedBoard, TableError> {
    let bad = |what: &str, why: String| {
        TableError::new("boards", format!("board {number}: {what}: {why}"))
    };
    let dealer = board
        .dealer
        .parse::<Seat>()
        .map_err(|e| bad("dealer", e.to_string()))?;
    let vulnerability = board
        .vulnerable
        .parse::<Vulnerability>()
        .map_err(|e| bad("vulnerable", e.to_string()))?;
    let mut hands = BySeat::default();
    let mut seen = Vec::new();
    for (name, &cards) in &board.hands {
        let seat = name
            .parse::<Seat>()
            .map_err(|e| bad("hands", e.to_string()))?;
        if seen.contains(&seat) {
            return Err(bad("hands", format!("{seat} is given twice")));
        }
        seen.push(seat);
        hands[seat] = cards;
    }
    if seen.len() != 4 {
        return Err(bad("hands", "all four hands are needed".into()));
    }
    Ok(PreparedBoard {
        hands,
        dealer,
        vulnerability,
    })
}

impl MatchKind {
    /// The options this match kind sets itself, whatever was asked: the partnership games'
    /// `scoring`, and a single deal's one uncompared board.
    fn sets(self) -> Vec<(&'static str, Value)> {
        let scoring = |mode: &str| ("scoring", Value::from(mode));
        match self {
            MatchKind::SingleDeal => vec![
                ("boards", Value::from(1)),
                ("comparison", Value::from("none")),
                scoring("duplicate"),
            ],
            MatchKind::Duplicate => vec![scoring("duplicate")],
            MatchKind::Rubber => vec![scoring("rubber")],
            MatchKind::Chicago => vec![scoring("chicago")],
            MatchKind::Series | MatchKind::Game => Vec::new(),
        }
    }
}

/// Why an option the match kind sets may not be given another value: a silent change
/// would play another match than the one asked for.
fn overridden(kind: MatchKind, key: &str, set: &Value, given: &Value) -> String {
    let kind = kind.as_str();
    match (key, given.as_str(), set.as_str()) {
        // Each scoring mode is also a match kind of that name.
        ("scoring", Some(mode), Some(set)) => format!(
            "a {kind} match is scored {set}: for {mode} scoring ask for the match {mode:?}, \
             or leave scoring out"
        ),
        _ => format!(
            "a {kind} match is one board, not compared ({key} {set}): for {key} {given} ask \
             for the match \"duplicate\", or leave {key} out"
        ),
    }
}

/// A game's options as its engine reads them.
#[derive(Debug, Clone, PartialEq)]
pub enum GameOptions {
    /// A partnership game: its variant and Contract Bridge's options.
    Bridge(BridgeVariant, BridgeOptions),
    /// Devil's Bridge.
    Devils(DevilsBridgeOptions),
    /// Bridgette.
    Bridgette(BridgetteOptions),
}

impl GameOptions {
    /// Reads `given` (an object with RULES.md's keys, or `null` for the defaults) as the
    /// engine of `game` does. The error is the engine's: it names the key at fault when
    /// one key alone is.
    pub fn read(game: &str, given: &Value) -> Result<GameOptions, String> {
        Ok(match GameConfig::from_json(game, given)? {
            GameConfig::Bridge(variant, options) => GameOptions::Bridge(variant, options),
            GameConfig::DevilsBridge(options) => GameOptions::Devils(options),
            GameConfig::Bridgette(options) => GameOptions::Bridgette(options),
        })
    }

    /// The options with every key filled in, as the engine echoes options in force.
    pub fn to_json(&self) -> Value {
        match self {
            GameOptions::Bridge(variant, options) => variant.options_json(options),
            GameOptions::Devils(options) => options.to_json(),
            GameOptions::Bridgette(options) => options.to_json(),
        }
    }
}

/// An engine's message without its `options: ` lead: the error's field says that.
fn engine_words(message: &str) -> String {
    message
        .strip_prefix("options: ")
        .unwrap_or(message)
        .to_string()
}

/// Checks the options given for `game`; the error names the option at fault
/// (`options.boards`), found by reading each option alone, or `options` when only a
/// combination is refused (Devil's Bridge's players × max_hand).
fn check_given(game: &str, given: &Map<String, Value>) -> Result<(), TableError> {
    let Err(message) = GameOptions::read(game, &Value::Object(given.clone())) else {
        return Ok(());
    };
    let refused_alone = |key: &String, value: &Value| {
        let alone = Map::from_iter([(key.clone(), value.clone())]);
        GameOptions::read(game, &Value::Object(alone)).is_err()
    };
    let field = given
        .iter()
        .find(|(key, value)| refused_alone(key, value))
        .map_or_else(
            || "options".to_string(),
            |(key, _)| format!("options.{key}"),
        );
    Err(TableError::new(field, engine_words(&message)))
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
            Some("options.players")
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

    /// What `new` blames for these options, or `None` when it takes them.
    fn blamed(game: &str, kind: Option<MatchKind>, options: Value) -> Option<String> {
        TableSetup::new(game, kind, Some(options), 1, Settings::default())
            .err()
            .map(|e| e.field)
    }

    #[test]
    fn an_option_is_checked_whether_or_not_the_match_kind_sets_it() {
        let bad = [
            json!({"boards": "x"}),
            json!({"scoring": "nonsense"}),
            json!({"comparison": 5}),
            json!({"boards": 0}),
        ];
        for options in bad {
            let key = options
                .as_object()
                .and_then(|o| o.keys().next().cloned())
                .unwrap_or_default();
            for kind in [
                None,
                Some(MatchKind::SingleDeal),
                Some(MatchKind::Duplicate),
            ] {
                assert_eq!(
                    blamed("bridge", kind, options.clone()),
                    Some(format!("options.{key}")),
                    "{options} as {kind:?}"
                );
            }
        }
        assert_eq!(
            blamed("five-crowns", None, json!({"fc_honors": "both"})).as_deref(),
            Some("options.fc_honors")
        );
        assert_eq!(
            blamed("bridge", None, json!({"colour": "red"})).as_deref(),
            Some("options.colour")
        );
        // Refused only together: blamed on the options as a whole, the message says why.
        let together = TableSetup::new(
            "devils-bridge",
            None,
            Some(json!({"players": 7, "max_hand": 10})),
            1,
            Settings::default(),
        );
        let error = together.expect_err("7 × 10 + 1 > 52");
        assert_eq!(error.field, "options");
        assert!(error.message.contains("max_hand"), "{error}");
    }

    #[test]
    fn a_value_the_match_kind_sets_otherwise_is_refused_and_its_own_is_taken() {
        let refused = [
            (None, json!({"boards": 16}), "options.boards"),
            (None, json!({"scoring": "rubber"}), "options.scoring"),
            (
                Some(MatchKind::SingleDeal),
                json!({"comparison": "imps"}),
                "options.comparison",
            ),
            (
                Some(MatchKind::Duplicate),
                json!({"scoring": "chicago"}),
                "options.scoring",
            ),
            (
                Some(MatchKind::Rubber),
                json!({"scoring": "duplicate"}),
                "options.scoring",
            ),
        ];
        for (kind, options, field) in refused {
            let error = TableSetup::new(
                "bridge",
                kind,
                Some(options.clone()),
                1,
                Settings::default(),
            )
            .err()
            .unwrap_or_else(|| panic!("{options} as {kind:?} was taken"));
            assert_eq!(error.field, field, "{options}");
            assert!(error.message.contains("ask for the match"), "{error}");
        }
        let taken = [
            (
                None,
                json!({"boards": 1, "comparison": "none", "scoring": "duplicate"}),
            ),
            (
                Some(MatchKind::Rubber),
                json!({"scoring": "rubber", "boards": 8}),
            ),
            (
                Some(MatchKind::Duplicate),
                json!({"boards": 8, "comparison": "imps"}),
            ),
        ];
        for (kind, options) in taken {
            assert_eq!(blamed("bridge", kind, options.clone()), None, "{options}");
        }
    }

    #[test]
    fn a_single_deal_is_one_uncompared_board() {
        let setup = TableSetup::new("bridge", None, None, 3, Settings::default());
        let options = setup.map(|s| s.options).unwrap_or_default();
        assert_eq!(options["boards"], 1);
        assert_eq!(options["scoring"], "duplicate");
        assert_eq!(options["comparison"], "none");
    }

    fn boards(n: u64) -> Vec<PreparedBoard> {
        use tenace_rules::bridge::BridgeSetup;
        (0..n)
            .map(|k| {
                let dealt =
                    BridgeSetup::from_seed(k, Vulnerability::Both, BridgeOptions::default());
                PreparedBoard {
                    hands: dealt.hands,
                    dealer: Seat::ALL[k as usize % 4],
                    vulnerability: Vulnerability::EastWest,
                }
            })
            .collect()
    }

    fn duplicate(game: &str, options: Value) -> Result<TableSetup, TableError> {
        TableSetup::new(
            game,
            Some(MatchKind::Duplicate),
            Some(options),
            1,
            Settings::default(),
        )
    }

    #[test]
    fn boards_given_in_advance_are_played_in_order_and_stored_with_the_setup() {
        let setup = duplicate("bridge", json!({"comparison": "imps"}))
            .and_then(|s| s.with_boards(boards(3)))
            .expect("three boards");
        assert_eq!(setup.options["boards"], 3);
        let stored = serde_json::to_value(&setup).expect("JSON");
        let read: TableSetup = serde_json::from_value(stored).expect("it reads back");
        assert_eq!(read, setup);
        use tenace_rules::Match;
        let TableMatch::Bridge(m) = read.deal().expect("dealt") else {
            panic!("a bridge match");
        };
        let first = m.current().expect("a deal").setup();
        assert_eq!(
            (first.hands, first.dealer, first.vulnerability),
            (boards(1)[0].hands, Seat::North, Vulnerability::EastWest)
        );
    }

    #[test]
    fn a_setup_stored_before_boards_could_be_given_still_reads() {
        let setup = TableSetup::new("bridge", None, None, 9, Settings::default()).expect("setup");
        let stored = serde_json::to_value(&setup).expect("JSON");
        assert!(
            stored.get("boards").is_none(),
            "no boards, no key: {stored}"
        );
        let read: TableSetup = serde_json::from_value(stored).expect("it reads");
        assert_eq!(read, setup);
        let mut unknown = serde_json::to_value(&setup).expect("JSON");
        unknown["cards"] = json!([]);
        assert!(serde_json::from_value::<TableSetup>(unknown).is_err());
    }

    #[test]
    fn boards_are_refused_where_they_cannot_be_played_naming_the_field() {
        let field = |r: Result<TableSetup, TableError>| r.err().map(|e| e.field);
        let single = TableSetup::new("bridge", None, None, 1, Settings::default());
        assert_eq!(
            field(single.and_then(|s| s.with_boards(boards(1)))).as_deref(),
            Some("match")
        );
        let crowns = duplicate("five-crowns", json!({}));
        assert_eq!(
            field(crowns.and_then(|s| s.with_boards(boards(1)))).as_deref(),
            Some("game")
        );
        let counted = duplicate("bridge", json!({"boards": 4}));
        assert_eq!(
            field(counted.and_then(|s| s.with_boards(boards(2)))).as_deref(),
            Some("options.boards")
        );
        let none = duplicate("deuces-wild", json!({}));
        assert_eq!(
            field(none.and_then(|s| s.with_boards(Vec::new()))).as_deref(),
            Some("boards")
        );
        let many = duplicate("bridge", json!({}));
        let too_many = boards(TableSetup::MAX_BOARDS as u64 + 1);
        assert_eq!(
            field(many.and_then(|s| s.with_boards(too_many))).as_deref(),
            Some("boards")
        );
        // A stored board that does not read names the board.
        let mut setup = duplicate("bridge", json!({}))
            .and_then(|s| s.with_boards(boards(2)))
            .expect("two boards");
        setup.boards[1].dealer = "Q".into();
        let error = setup.deal().expect_err("a bad dealer");
        assert_eq!(error.field, "boards");
        assert!(error.message.starts_with("board 2: dealer"), "{error}");
    }
}
