//! The engine protocol: one JSON request a line in, one JSON response a line out.
//!
//! `docs/engine-protocol.md` is the reference, with examples. The [`Engine`] holds one game
//! (a deal or a whole match) and answers each request; it does no I/O, so the CLI's
//! `engine` command is a loop over stdin and the tests call it directly.
//!
//! Every request that fails (malformed JSON, an unknown command or field, an illegal or
//! out-of-turn action) gets `{"ok":false,"error":"…"}` naming the field or rule at fault,
//! and leaves the game exactly as it was.

use serde_json::{Map, Value, json};
use tenace_bots::{BotOptions, Level, new_bot_with};
use tenace_cards::{Player, Seat};
use tenace_formats::pbn::parse_deal_for;
use tenace_rules::bridge::{BridgeDeal, BridgeMatch, BridgeSetup, BridgeVariant};
use tenace_rules::bridgette::{self, BridgetteDeal, BridgetteMatch, BridgetteSetup};
use tenace_rules::devils_bridge::{self, DevilsHand, DevilsMatch, HandSetup};
use tenace_rules::{Action, AnyGame, Game, Vulnerability};

use crate::series::Series;
use crate::state::{player_label, view_json};
use crate::{bridgette as bridgette_wire, devils};

/// The longest request line accepted, in bytes. Longer lines are refused unread.
pub const MAX_REQUEST_BYTES: usize = 64 * 1024;

/// What the engine is playing: one deal, or a game of several.
#[derive(Debug, Clone)]
enum Session {
    Deal(Box<AnyGame>),
    Match(Box<dyn Series>),
}

impl Session {
    fn to_act(&self) -> Vec<Player> {
        match self {
            Session::Deal(g) => g.to_act().iter().collect(),
            Session::Match(m) => m.to_act().iter().collect(),
        }
    }

    fn legal_actions(&self, player: Player) -> Vec<Action> {
        match self {
            Session::Deal(g) => g.legal_actions(player),
            Session::Match(m) => m.legal_actions(player),
        }
    }

    /// Whether players are named by seat (the partnership games) or by number.
    fn seats_named(&self) -> bool {
        match self {
            Session::Deal(g) => matches!(**g, AnyGame::Bridge(_)),
            Session::Match(m) => m.seats_named(),
        }
    }

    fn players(&self) -> usize {
        match self {
            Session::Deal(g) => g.player_count(),
            Session::Match(m) => m.players(),
        }
    }

    /// What one player sees of the deal in progress (the last deal once a game is over).
    fn observation(&self, player: Player) -> Option<tenace_rules::View> {
        match self {
            Session::Deal(g) => Some(g.observation(player)),
            Session::Match(m) => m.observation(player),
        }
    }

    /// The deal in progress as everyone sees it (the last deal once a game is over).
    fn full_view(&self) -> Option<tenace_rules::View> {
        match self {
            Session::Deal(g) => Some(g.full_view()),
            Session::Match(m) => m.full_view(),
        }
    }
}

/// A refused request: the message names the field or rule at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Refusal(String);

impl<T: std::fmt::Display> From<T> for Refusal {
    fn from(e: T) -> Self {
        Refusal(e.to_string())
    }
}

/// The engine behind `tenace engine`: holds one game and answers requests.
///
/// ```
/// use tenace_protocol::engine::Engine;
/// let mut e = Engine::new();
/// e.handle_line(r#"{"cmd":"new","game":"bridge","seed":7,"dealer":"N"}"#);
/// let reply: serde_json::Value = serde_json::from_str(&e.handle_line(r#"{"cmd":"legal"}"#)).unwrap();
/// assert_eq!(reply["to_act"][0], "N");
/// assert_eq!(reply["legal"]["N"][0], "P");
/// ```
#[derive(Debug, Clone, Default)]
pub struct Engine {
    session: Option<Session>,
}

impl Engine {
    /// An engine with no game yet.
    pub fn new() -> Engine {
        Engine::default()
    }

    /// Answers one request line with one response line (no trailing newline).
    pub fn handle_line(&mut self, line: &str) -> String {
        self.handle(line).to_string()
    }

    /// Answers one request line with the response as JSON.
    pub fn handle(&mut self, line: &str) -> Value {
        match self.dispatch(line) {
            Ok(reply) => reply,
            Err(Refusal(error)) => json!({ "ok": false, "error": error }),
        }
    }

    fn dispatch(&mut self, line: &str) -> Result<Value, Refusal> {
        if line.len() > MAX_REQUEST_BYTES {
            return Err(Refusal(format!(
                "request: longer than {MAX_REQUEST_BYTES} bytes"
            )));
        }
        let request: Value = serde_json::from_str(line)
            .map_err(|e| Refusal(format!("request: malformed JSON: {e}")))?;
        let Value::Object(request) = request else {
            return Err(Refusal("request: expected a JSON object".into()));
        };
        let cmd = match request.get("cmd") {
            Some(Value::String(cmd)) => cmd.clone(),
            Some(_) => return Err(Refusal("cmd: expected a string".into())),
            None => return Err(Refusal("cmd: missing".into())),
        };
        let fields = Fields::new(&cmd, &request);
        match cmd.as_str() {
            "new" => self.new_game(&fields),
            "legal" => {
                fields.only(&[])?;
                self.legal()
            }
            "apply" => {
                fields.only(&["player", "action"])?;
                self.apply(&fields)
            }
            "state" => {
                fields.only(&[])?;
                self.state()
            }
            "observe" => {
                fields.only(&["player"])?;
                self.observe(&fields)
            }
            "end" => {
                fields.only(&[])?;
                self.end()
            }
            "bot" => {
                fields.only(&["player", "level", "seed", "think_ms", "samples"])?;
                self.bot(&fields)
            }
            "solve" => {
                fields.only(&[])?;
                self.solve()
            }
            other => Err(Refusal(format!(
                "cmd: unknown command {other:?} (expected new, legal, apply, state, observe, bot, solve or end)"
            ))),
        }
    }

    fn session(&self) -> Result<&Session, Refusal> {
        self.session.as_ref().ok_or_else(|| {
            Refusal(r#"no game: start one with {"cmd":"new","game":"bridge","seed":1}"#.into())
        })
    }

    fn players(&self) -> Result<usize, Refusal> {
        Ok(self.session()?.players())
    }

    /// How the game held names player `p`.
    fn name(&self, p: Player) -> String {
        match (self.session.as_ref(), self.players()) {
            (Some(session), Ok(n)) => player_label(p, n, session.seats_named()),
            _ => p.to_string(),
        }
    }

    fn new_game(&mut self, f: &Fields) -> Result<Value, Refusal> {
        f.only(&[
            "game",
            "options",
            "seed",
            "deal",
            "dealer",
            "vulnerability",
            "match",
            "hand",
        ])?;
        let game = f.string("game")?.ok_or(Refusal("game: missing".into()))?;
        if game == devils_bridge::GAME_NAME {
            return self.new_devils(f);
        }
        if game == bridgette::GAME_NAME {
            return self.new_bridgette(f);
        }
        if f.get("hand").is_some() {
            return Err(Refusal(format!(
                "hand: only {} takes an explicit hand; the bridge games take a PBN deal",
                devils_bridge::GAME_NAME
            )));
        }
        let (variant, options) =
            BridgeVariant::parse_options(game, f.get("options").unwrap_or(&Value::Null)).map_err(
                |e| {
                    if e.starts_with("game: unknown game") {
                        Refusal(format!(
                            "game: unknown game {game:?} (expected one of: {}, {}, {})",
                            tenace_rules::bridge::BRIDGE_GAMES.join(", "),
                            devils_bridge::GAME_NAME,
                            bridgette::GAME_NAME
                        ))
                    } else {
                        Refusal(e)
                    }
                },
            )?;
        let seed = f.seed()?;
        let dealer = f
            .string("dealer")?
            .map(|d| {
                d.parse::<Seat>()
                    .map_err(|_| Refusal(format!("dealer: {d:?} is not a seat (N, E, S or W)")))
            })
            .transpose()?;
        let vulnerability = f
            .string("vulnerability")?
            .map(|v| {
                v.parse::<Vulnerability>()
                    .map_err(|e| Refusal(format!("vulnerability: {e}")))
            })
            .transpose()?;
        let is_match = f.is_match()?;
        let deal = f.string("deal")?;
        let session = if is_match {
            if deal.is_some() || dealer.is_some() || vulnerability.is_some() {
                return Err(Refusal(
                    "match: a match deals every deal from its seed and sets dealer and \
                     vulnerability itself; give only game, options and seed"
                        .into(),
                ));
            }
            let seed = seed.ok_or(Refusal("seed: a match needs a seed".into()))?;
            let m = BridgeMatch::with_variant(variant, options, seed)
                .map_err(|e| Refusal(format!("options: {}", e.0.join("; "))))?;
            Session::Match(Box::new(m) as Box<dyn Series>)
        } else {
            let vulnerability = vulnerability.unwrap_or_default();
            let setup = match (deal, seed) {
                (Some(_), Some(_)) => {
                    return Err(Refusal(
                        "deal: give either a deal or a seed, not both".into(),
                    ));
                }
                (Some(text), None) => {
                    let pbn = parse_deal_for(variant.deck(), text)
                        .map_err(|e| Refusal(format!("deal: {e}")))?;
                    let hands = pbn
                        .complete()
                        .ok_or(Refusal("deal: every hand must be given (no '-')".into()))?;
                    BridgeSetup {
                        variant,
                        hands,
                        dealer: dealer.unwrap_or(pbn.first),
                        vulnerability,
                        options,
                    }
                }
                (None, Some(seed)) => {
                    BridgeSetup::seeded(variant, seed, dealer, vulnerability, options)
                }
                (None, None) => return Err(Refusal("new: give a seed or a deal".into())),
            };
            let deal = BridgeDeal::from_setup(setup).map_err(|e| Refusal(format!("deal: {e}")))?;
            Session::Deal(Box::new(AnyGame::Bridge(deal)))
        };
        self.session = Some(session);
        let mut reply = self.state()?;
        reply["ok"] = json!(true);
        Ok(reply)
    }

    /// `new` for Devil's Bridge: a whole game (`"match":true` and a seed), one hand of
    /// the maximum size from a seed, or an explicit `"hand"`.
    fn new_devils(&mut self, f: &Fields) -> Result<Value, Refusal> {
        let options = devils::parse_options(f.get("options")).map_err(Refusal)?;
        let seed = f.seed()?;
        let is_match = f.is_match()?;
        if f.get("deal").is_some() || f.get("vulnerability").is_some() {
            return Err(Refusal(format!(
                "{}: {} has no PBN deal and no vulnerability; give a seed or a \"hand\"",
                if f.get("deal").is_some() {
                    "deal"
                } else {
                    "vulnerability"
                },
                devils_bridge::GAME_NAME
            )));
        }
        let hand = f.get("hand").filter(|v| !v.is_null());
        let n = options.player_count();
        let dealer = f
            .string("dealer")?
            .map(|d| {
                d.parse::<Player>()
                    .ok()
                    .filter(|p| p.index() < n)
                    .ok_or_else(|| {
                        Refusal(format!("dealer: {d:?} is not a player (0 to {})", n - 1))
                    })
            })
            .transpose()?;
        let session = if is_match {
            if hand.is_some() || dealer.is_some() {
                return Err(Refusal(
                    "match: a game deals every hand from its seed and draws the first dealer \
                     itself; give only game, options and seed"
                        .into(),
                ));
            }
            let seed = seed.ok_or(Refusal("seed: a match needs a seed".into()))?;
            let m = DevilsMatch::new(options, seed)
                .map_err(|e| Refusal(format!("options: {}", e.0.join("; "))))?;
            Session::Match(Box::new(m) as Box<dyn Series>)
        } else {
            let setup = match (hand, seed) {
                (Some(_), Some(_)) => {
                    return Err(Refusal(
                        "hand: give either a hand or a seed, not both".into(),
                    ));
                }
                (Some(_), None) if dealer.is_some() => {
                    return Err(Refusal(
                        "dealer: an explicit hand names its own dealer".into(),
                    ));
                }
                (Some(value), None) => devils::parse_hand(value, &options).map_err(Refusal)?,
                (None, Some(seed)) => {
                    let size = options.max_hand_size();
                    let blind = size == 1 && options.is_blind(options.hand_sizes().len() - 1);
                    HandSetup::seeded(options, seed, size, dealer, blind)
                }
                (None, None) => return Err(Refusal("new: give a seed or a hand".into())),
            };
            let hand = DevilsHand::from_setup(setup).map_err(|e| Refusal(format!("hand: {e}")))?;
            Session::Deal(Box::new(AnyGame::DevilsBridge(hand)))
        };
        self.session = Some(session);
        let mut reply = self.state()?;
        reply["ok"] = json!(true);
        Ok(reply)
    }

    /// `new` for Bridgette: a whole six-deal game (`"match":true` and a seed), or one
    /// deal from a seed, with an optional `"dealer"` (`"0"` or `"1"`).
    fn new_bridgette(&mut self, f: &Fields) -> Result<Value, Refusal> {
        let options = bridgette_wire::parse_options(f.get("options")).map_err(Refusal)?;
        for key in ["deal", "vulnerability", "hand"] {
            if f.get(key).is_some() {
                return Err(Refusal(format!(
                    "{key}: {} deals from a seed and has no vulnerability; give game, \
                     options, seed and, for one deal, dealer",
                    bridgette::GAME_NAME
                )));
            }
        }
        let seed = f
            .seed()?
            .ok_or(Refusal("seed: Bridgette deals from a seed".into()))?;
        let dealer = f
            .string("dealer")?
            .map(|d| {
                d.parse::<Player>()
                    .ok()
                    .filter(|p| p.index() < 2)
                    .ok_or_else(|| Refusal(format!("dealer: {d:?} is not a player (0 or 1)")))
            })
            .transpose()?;
        let session = if f.is_match()? {
            if dealer.is_some() {
                return Err(Refusal(
                    "match: a game draws the first dealer from its seed; give only game, \
                     options and seed"
                        .into(),
                ));
            }
            let m =
                BridgetteMatch::new(options, seed).map_err(|e| Refusal(format!("options: {e}")))?;
            Session::Match(Box::new(m) as Box<dyn Series>)
        } else {
            let setup = BridgetteSetup::seeded(options, seed, dealer);
            let deal =
                BridgetteDeal::from_setup(setup).map_err(|e| Refusal(format!("deal: {e}")))?;
            Session::Deal(Box::new(AnyGame::Bridgette(deal)))
        };
        self.session = Some(session);
        let mut reply = self.state()?;
        reply["ok"] = json!(true);
        Ok(reply)
    }

    /// The double-dummy value of each legal card of the player to play.
    fn solve(&self) -> Result<Value, Refusal> {
        let Session::Deal(game) = self.session()? else {
            return Err(Refusal(
                "solve: only a single deal is solved, not a match (start one without \"match\")"
                    .into(),
            ));
        };
        let (player, values) = crate::solve::solve_game(game).map_err(Refusal)?;
        Ok(json!({"ok": true, "player": self.name(player), "values": values}))
    }

    fn legal(&self) -> Result<Value, Refusal> {
        let session = self.session()?;
        let to_act = session.to_act();
        let legal: Map<String, Value> = to_act
            .iter()
            .map(|&p| {
                let actions: Vec<String> = session
                    .legal_actions(p)
                    .iter()
                    .map(Action::to_string)
                    .collect();
                (self.name(p), json!(actions))
            })
            .collect();
        Ok(json!({
            "ok": true,
            "to_act": to_act.iter().map(|&p| self.name(p)).collect::<Vec<_>>(),
            "legal": legal,
        }))
    }

    fn player_field(&self, f: &Fields) -> Result<Player, Refusal> {
        let n = self.players()?;
        let name = f
            .string("player")?
            .ok_or(Refusal("player: missing".into()))?;
        let names: Vec<String> = (0..n as u8).map(|i| self.name(Player(i))).collect();
        let seats = self.session()?.seats_named();
        let by_number = name.parse::<Player>().ok().filter(|p| p.index() < n);
        let by_seat = (0..n as u8)
            .map(Player)
            .find(|&p| seats && self.name(p).eq_ignore_ascii_case(name));
        // Roles need the deal in view: only looked up when the name is no seat or number.
        by_seat
            .or(by_number)
            .or_else(|| self.bridgette_role(name))
            .ok_or_else(|| {
                Refusal(format!(
                    "player: unknown player {name:?} (expected one of {})",
                    names.join(", ")
                ))
            })
    }

    /// Bridgette's players may also be named by their role in the deal in progress:
    /// `dealer` or `non-dealer`.
    fn bridgette_role(&self, name: &str) -> Option<Player> {
        let view = self.session.as_ref()?.full_view()?;
        view.exchange.as_ref()?;
        match name.to_ascii_lowercase().as_str() {
            "dealer" => Some(view.dealer),
            "non-dealer" | "non_dealer" => Some(view.dealer.next(2)),
            _ => None,
        }
    }

    fn apply(&mut self, f: &Fields) -> Result<Value, Refusal> {
        let player = self.player_field(f)?;
        let text = f
            .string("action")?
            .ok_or(Refusal("action: missing".into()))?;
        let action: Action = text.parse().map_err(|e| Refusal(format!("action: {e}")))?;
        let session = self
            .session
            .as_mut()
            .expect("players() checked the session");
        let (events, to_act, phase) = match session {
            Session::Deal(g) => {
                let events = g
                    .try_apply(player, action)
                    .map_err(|e| Refusal(format!("apply: {e}")))?;
                (events, g.to_act(), g.phase())
            }
            Session::Match(m) => {
                let events = m
                    .try_apply(player, action)
                    .map_err(|e| Refusal(format!("apply: {e}")))?;
                (events, m.to_act(), m.phase())
            }
        };
        Ok(json!({
            "ok": true,
            "phase": phase,
            "to_act": to_act.iter().map(|p| self.name(p)).collect::<Vec<_>>(),
            "trick_won": events.trick_won.map(|p| self.name(p)),
        }))
    }

    fn state(&self) -> Result<Value, Refusal> {
        Ok(match self.session()? {
            Session::Deal(g) => json!({ "ok": true, "state": view_json(&g.full_view()) }),
            Session::Match(m) => {
                let mut state = m.full_view().map(|v| view_json(&v)).unwrap_or(Value::Null);
                m.add_sheet(&mut state);
                json!({ "ok": true, "state": state })
            }
        })
    }

    /// Stops a match before its natural end; a rubber in progress is scored under Law 80.
    fn end(&mut self) -> Result<Value, Refusal> {
        match self.session.as_mut() {
            None => Err(self.session().err().unwrap_or(Refusal("no game".into()))),
            Some(Session::Deal(_)) => Err(Refusal(
                "end: only a match (new with \"match\":true) can be ended early".into(),
            )),
            Some(Session::Match(m)) => {
                if !m.end_now() {
                    return Err(Refusal("end: the match is already over".into()));
                }
                self.state()
            }
        }
    }

    /// The action a computer player of `level`, seeded with `seed` (default 0), would
    /// take now for `player`, with its reason. The game is not changed. Bots act in
    /// turn and never change a Devil's Bridge bid.
    fn bot(&self, f: &Fields) -> Result<Value, Refusal> {
        let player = self.player_field(f)?;
        let level = f
            .string("level")?
            .ok_or(Refusal("level: missing (random, basic or expert)".into()))?;
        let level: Level = level.parse().map_err(|e| Refusal(format!("level: {e}")))?;
        let seed = f.seed()?.unwrap_or(0);
        let think = bot_options(f)?;
        let session = self.session()?;
        let view = session
            .observation(player)
            .ok_or_else(|| Refusal("player: the game is over; nobody acts".into()))?;
        let mut bot =
            new_bot_with(level, &view.config, think, seed).map_err(|e| Refusal(e.to_string()))?;
        let legal = session.legal_actions(player);
        if session.to_act().is_empty() {
            return Err(Refusal("player: nobody may act: the game is over".into()));
        }
        if legal.is_empty() {
            return Err(Refusal(format!(
                "player: {} may not act now (to act: {})",
                self.name(player),
                session
                    .to_act()
                    .iter()
                    .map(|&p| self.name(p))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let in_turn: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::ChangeBid(_)))
            .collect();
        if in_turn.is_empty() {
            return Err(Refusal(format!(
                "player: {} may only change their bid now, and bots do not change bids",
                self.name(player)
            )));
        }
        let decision = bot
            .decide(&view, &in_turn)
            .map_err(|e| Refusal(format!("bot: {e}")))?;
        Ok(json!({
            "ok": true,
            "action": decision.action.to_string(),
            "reason": decision.reason,
        }))
    }

    fn observe(&self, f: &Fields) -> Result<Value, Refusal> {
        let player = self.player_field(f)?;
        Ok(match self.session()? {
            Session::Deal(g) => {
                json!({ "ok": true, "observation": view_json(&g.observation(player)) })
            }
            Session::Match(m) => {
                let mut obs = m
                    .observation(player)
                    .map(|v| view_json(&v))
                    .unwrap_or(Value::Null);
                m.add_sheet(&mut obs);
                json!({ "ok": true, "observation": obs })
            }
        })
    }
}

/// How long an expert asked for by `bot` thinks: `samples` deals (default
/// [`BotOptions::DEFAULT_SAMPLES`]) and, with `think_ms`, no longer than that. Without
/// `think_ms` the answer depends only on the seed and the state.
fn bot_options(f: &Fields) -> Result<BotOptions, Refusal> {
    let samples = match f.whole("samples")? {
        Some(0) => return Err(Refusal("samples: must be at least 1".into())),
        Some(n) => usize::try_from(n).unwrap_or(usize::MAX),
        None => BotOptions::DEFAULT_SAMPLES,
    };
    Ok(BotOptions {
        think_ms: f.whole("think_ms")?,
        samples,
    })
}

/// A request's fields other than `cmd`, with checks that name the field at fault.
struct Fields<'a> {
    cmd: &'a str,
    map: &'a Map<String, Value>,
}

impl<'a> Fields<'a> {
    fn new(cmd: &'a str, map: &'a Map<String, Value>) -> Self {
        Fields { cmd, map }
    }

    /// Refuses any field not in `allowed`.
    fn only(&self, allowed: &[&str]) -> Result<(), Refusal> {
        for key in self.map.keys() {
            if key != "cmd" && !allowed.contains(&key.as_str()) {
                let expected = if allowed.is_empty() {
                    "no other fields".to_string()
                } else {
                    allowed.join(", ")
                };
                return Err(Refusal(format!(
                    "{key}: unknown field for cmd {:?} (expected {expected})",
                    self.cmd
                )));
            }
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key)
    }

    /// The `seed` field, `None` if absent or null.
    fn seed(&self) -> Result<Option<u64>, Refusal> {
        match self.map.get("seed") {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v.as_u64().map(Some).ok_or(Refusal(
                "seed: expected a whole number from 0 to 2^64-1".into(),
            )),
        }
    }

    /// A whole-number field, `None` if absent or null.
    fn whole(&self, key: &str) -> Result<Option<u64>, Refusal> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v
                .as_u64()
                .map(Some)
                .ok_or_else(|| Refusal(format!("{key}: expected a whole number"))),
        }
    }

    /// The `match` flag, false if absent or null.
    fn is_match(&self) -> Result<bool, Refusal> {
        match self.map.get("match") {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(Refusal("match: expected true or false".into())),
        }
    }

    /// A string field, `None` if absent or null.
    fn string(&self, key: &str) -> Result<Option<&'a str>, Refusal> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(Refusal(format!("{key}: expected a string"))),
        }
    }
}
