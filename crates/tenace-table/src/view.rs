//! The per-viewer view of a table: everything a table screen shows, cut to what this
//! viewer may see. A seated player's deal comes only from the engine's observation of
//! their seat; a spectator's from the public view (every hand only if the host allows
//! it); a finished deal's full record is public.
//!
//! A broadcast sends one version to many connections, so the view is written in three
//! layers ([`Views`]): the members every viewer shares once, the members a seat decides
//! (its deal, legal actions and the computer players' reasons it may read) once per seat
//! and once for all spectators, and each viewer's own two members last. The finished
//! deal's record, the largest member, is written once per deal ([`ViewCache`]).

use std::collections::HashMap;
use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;
use tenace_cards::{Card, CardSet, Player};
use tenace_protocol::state::ViewJson;
use tenace_rules::{Action, View};

use crate::calls::Refusals;
use crate::event::PlayerKey;
use crate::table::{Occupant, Table};

/// Who is looking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// A player, seated at this table or not (then a spectator).
    Player(PlayerKey),
    /// Someone unknown, through the public HTTP read: a spectator.
    Anonymous,
}

/// What a table's views keep from one version to the next: the last finished deal's
/// public record as JSON text. A finished deal never changes (an undo reaches back only
/// into the deal in progress), so its record is written once, not once per view.
#[derive(Debug, Clone, Default)]
pub struct ViewCache {
    last_deal: Option<(usize, Arc<str>)>,
}

impl ViewCache {
    /// The record of the table's last finished deal as JSON text (`null` before the
    /// first deal ends), written only when the count of finished deals changed.
    fn last_deal(&mut self, table: &Table) -> Arc<str> {
        let finished = table.game().finished_count();
        if let Some((count, text)) = &self.last_deal
            && *count == finished
        {
            return Arc::clone(text);
        }
        let record = finished
            .checked_sub(1)
            .and_then(|i| table.game().finished_record_json(i));
        let text: Arc<str> = json_text(&record).into();
        self.last_deal = Some((finished, Arc::clone(&text)));
        text
    }
}

/// JSON object members, `"key":value` after one another, to be spliced into an object.
struct Members(Vec<u8>);

impl Members {
    /// Room for `bytes` up front: a view's parts are kilobytes, and growing the buffer
    /// step by step was a measurable part of writing them.
    fn with_capacity(bytes: usize) -> Members {
        Members(Vec::with_capacity(bytes))
    }

    fn key(&mut self, key: &str) {
        if !self.0.is_empty() {
            self.0.push(b',');
        }
        self.0.push(b'"');
        // Keys are this module's own field names: nothing to escape.
        self.0.extend_from_slice(key.as_bytes());
        self.0.extend_from_slice(b"\":");
    }

    /// A member whose value is serialized here.
    fn put(&mut self, key: &str, value: &impl Serialize) {
        self.key(key);
        write_json(&mut self.0, value);
    }

    /// A member whose value is JSON text already.
    fn raw(&mut self, key: &str, json: &str) {
        self.key(key);
        self.0.extend_from_slice(json.as_bytes());
    }
}

/// Appends `value` as JSON to `out`. The values here (derived structs, strings, numbers
/// and `serde_json` values) always serialize; were one ever to fail, it is written as
/// `null` rather than leaving half a value.
fn write_json(out: &mut Vec<u8>, value: &impl Serialize) {
    let before = out.len();
    if serde_json::to_writer(&mut *out, value).is_err() {
        out.truncate(before);
        out.extend_from_slice(b"null");
    }
}

/// `value` as JSON text.
fn json_text(value: &impl Serialize) -> String {
    let mut out = Vec::new();
    write_json(&mut out, value);
    // serde_json writes UTF-8 only.
    String::from_utf8(out).unwrap_or_else(|_| "null".to_string())
}

/// A seat as the view lists it.
#[derive(Serialize)]
struct SeatJson<'a> {
    seat: String,
    player: Option<PlayerKey>,
    name: Option<std::borrow::Cow<'a, str>>,
    bot: Option<String>,
    presence: &'static str,
}

/// A computer player's action of the deal in progress as a viewer may read it.
#[derive(Serialize)]
struct BotActionJson<'a> {
    version: u64,
    seat: String,
    action: String,
    reason: Option<&'a str>,
}

/// A pending undo or claim: who asked, the tricks claimed (a claim), the answers so far.
#[derive(Serialize)]
struct PendingJson {
    by: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    tricks: Option<u8>,
    answers: serde_json::Map<String, Value>,
}

/// A seat swap asked for before the start and not yet returned.
#[derive(Serialize)]
struct SwapJson {
    from: String,
    to: String,
}

/// A chat line.
#[derive(Serialize)]
struct ChatJson<'a> {
    version: u64,
    seat: Option<String>,
    name: &'a str,
    text: &'a str,
}

/// Who a view is for.
#[derive(Serialize)]
struct ViewerJson {
    player: Option<PlayerKey>,
    seat: Option<String>,
}

impl Table {
    /// The seat a viewer holds, if any.
    pub fn viewer_seat(&self, viewer: Viewer) -> Option<Player> {
        match viewer {
            Viewer::Player(id) => self.seat_of(id),
            Viewer::Anonymous => None,
        }
    }

    /// The deal in progress as this viewer may see it, or `None` before the start and
    /// while the second table plays a board out of sight.
    pub fn deal_view(&self, viewer: Viewer) -> Option<View> {
        self.seat_deal_view(self.viewer_seat(viewer))
    }

    /// The deal in progress as the holder of `seat` (a spectator for `None`) sees it.
    fn seat_deal_view(&self, seat: Option<Player>) -> Option<View> {
        if !self.is_started() || self.game().is_second_table() {
            return None;
        }
        match seat {
            // A seated player is shown their observation, never a spectator's view: in
            // a blind hand that would show them their own card.
            Some(seat) => self.game().observation(seat),
            None => {
                let full = self.game().full_view()?;
                Some(if self.setup().settings.spectators_see_all {
                    full
                } else {
                    full.for_spectator()
                })
            }
        }
    }

    /// The viewer's legal actions now, in the engine's notation (empty when they may not
    /// act). A Devil's Bridge player in the blind hand is offered only `blind`.
    pub fn legal_for(&self, viewer: Viewer) -> Vec<String> {
        self.seat_legal(self.viewer_seat(viewer))
    }

    /// The legal actions of the holder of `seat` (none for a spectator).
    fn seat_legal(&self, seat: Option<Player>) -> Vec<String> {
        let Some(seat) = seat else {
            return Vec::new();
        };
        if !self.is_started()
            || self.game().is_second_table()
            || self.pending_undo().is_some()
            || self.pending_claim().is_some()
            || self.is_taken_over(seat)
        {
            return Vec::new();
        }
        self.game()
            .legal_actions(seat)
            .iter()
            .map(Action::to_string)
            .collect()
    }

    /// The table's status word: `open`, `playing` or `finished`.
    pub fn status(&self) -> &'static str {
        if !self.is_started() {
            "open"
        } else if self.game().is_over() {
            "finished"
        } else {
            "playing"
        }
    }

    /// The seats with their occupants and presence; `connected` says whether a player
    /// has a live connection.
    pub fn seats_json(&self, connected: &dyn Fn(PlayerKey) -> bool) -> Vec<Value> {
        self.seat_list(connected)
            .iter()
            .map(|seat| serde_json::to_value(seat).unwrap_or(Value::Null))
            .collect()
    }

    fn seat_list(&self, connected: &dyn Fn(PlayerKey) -> bool) -> Vec<SeatJson<'_>> {
        self.seats()
            .iter()
            .enumerate()
            .map(|(i, occupant)| {
                let seat = Player(i as u8);
                let name = self.game().seat_name(seat);
                match occupant {
                    Occupant::Empty => SeatJson {
                        seat: name,
                        player: None,
                        name: None,
                        bot: None,
                        presence: "empty",
                    },
                    Occupant::Bot(level) => SeatJson {
                        seat: name,
                        player: None,
                        name: Some(format!("{level} bot").into()),
                        bot: Some(level.to_string()),
                        presence: "bot",
                    },
                    Occupant::Human { player, name: who } => {
                        let presence = if self.is_taken_over(seat) {
                            "taken_over"
                        } else if connected(*player) {
                            "connected"
                        } else {
                            "away"
                        };
                        SeatJson {
                            seat: name,
                            player: Some(*player),
                            name: Some(who.as_str().into()),
                            bot: None,
                            presence,
                        }
                    }
                }
            })
            .collect()
    }

    /// The whole view of the table for one viewer: see `docs/server-protocol.md`, "The
    /// view". To send one version to many viewers, [`views`](Self::views) writes what
    /// they share once.
    pub fn view_for(&self, viewer: Viewer, connected: &dyn Fn(PlayerKey) -> bool) -> Value {
        let text = self
            .views(None, connected, &mut ViewCache::default())
            .text_for(viewer);
        serde_json::from_str(&text).unwrap_or(Value::Null)
    }

    /// The views of this version for any number of viewers: `table` is the table's id
    /// (`null` when not given), `connected` says who has a live connection, and `cache`
    /// keeps what outlives a version.
    pub fn views<'a>(
        &'a self,
        table: Option<i64>,
        connected: &dyn Fn(PlayerKey) -> bool,
        cache: &mut ViewCache,
    ) -> Views<'a> {
        Views {
            table: self,
            id: table,
            shared: object_text(self.shared_members(connected, &cache.last_deal(self))),
            by_seat: HashMap::new(),
        }
    }

    /// The members every viewer's view has alike.
    fn shared_members(&self, connected: &dyn Fn(PlayerKey) -> bool, last_deal: &str) -> Members {
        let game = self.game();
        let name = |p: Player| game.seat_name(p);
        let answers = |answers: &std::collections::BTreeMap<u8, bool>| {
            answers
                .iter()
                .map(|(&s, &a)| (name(Player(s)), Value::from(a)))
                .collect()
        };
        let undo = self.pending_undo().map(|u| PendingJson {
            by: name(u.seat),
            tricks: None,
            answers: answers(&u.answers),
        });
        let claim = self.pending_claim().map(|c| PendingJson {
            by: name(c.seat),
            tricks: Some(c.tricks),
            answers: answers(&c.answers),
        });
        let swaps: Vec<SwapJson> = self
            .swaps_asked()
            .iter()
            .map(|&(from, to)| SwapJson {
                from: name(Player(from)),
                to: name(Player(to)),
            })
            .collect();
        let chat: Vec<ChatJson> = self
            .chat()
            .map(|line| ChatJson {
                version: line.version,
                seat: line.seat.map(name),
                name: &line.name,
                text: &line.text,
            })
            .collect();
        let finished = game.finished_count();
        let to_act: Vec<String> = if self.is_started() && !game.is_second_table() {
            game.to_act().iter().map(name).collect()
        } else {
            Vec::new()
        };
        let deal_number = self
            .is_started()
            .then(|| finished + usize::from(!game.is_over()));
        let mut m = Members::with_capacity(4096);
        m.put("version", &self.version());
        m.put("game", &self.setup().game);
        m.put("match", &self.setup().match_kind.as_str());
        m.put("status", &self.status());
        m.put("host", &self.host());
        m.put("seats", &self.seat_list(connected));
        m.put("swaps", &swaps);
        m.put("deal_number", &deal_number);
        m.put("second_table", &game.is_second_table());
        m.put("compared", &game.is_compared());
        m.put("to_act", &to_act);
        m.put("sheet", &game.sheet_json());
        m.put("undo", &undo);
        m.put("claim", &claim);
        m.put("chat", &chat);
        m.raw("last_deal", last_deal);
        m.put("settings", &self.setup().settings);
        m
    }

    /// The members the holder of `seat` (a spectator for `None`) sees alone: the deal,
    /// their legal actions and the computer players' actions with the reasons they may
    /// read.
    fn seat_members(&self, seat: Option<Player>) -> Members {
        let game = self.game();
        let deal = self.seat_deal_view(seat);
        let bot_actions: Vec<BotActionJson> = match &deal {
            // No computer player has acted in this deal: nothing to check reasons against.
            Some(_) if self.bot_notes().is_empty() => Vec::new(),
            None => Vec::new(),
            Some(deal) => {
                let seen = seen_cards(deal);
                self.bot_notes()
                    .iter()
                    .filter(|note| {
                        // A face-down discard is its holder's alone, and so is its reason.
                        !matches!(note.action, Action::Discard(_))
                            || deal
                                .history
                                .iter()
                                .any(|m| m.player == note.seat && m.action == note.action)
                    })
                    .map(|note| BotActionJson {
                        version: note.version,
                        seat: game.seat_name(note.seat),
                        action: note.action.to_string(),
                        reason: shown_reason(&note.reason, &seen),
                    })
                    .collect()
            }
        };
        let mut m = Members::with_capacity(4096);
        m.put("deal", &deal.as_ref().map(ViewJson::new));
        let legal = self.seat_legal(seat);
        m.put(
            "call_reasons",
            &Refusals::of(&self.call_reasons(seat, &legal, deal.as_ref())),
        );
        m.put(
            "card_reasons",
            &Refusals::of(&self.card_reasons(seat, &legal, deal.as_ref())),
        );
        m.put("legal", &legal);
        m.put("bot_actions", &bot_actions);
        m
    }
}

/// One version's views, for as many viewers as asked: see [`Table::views`].
pub struct Views<'a> {
    table: &'a Table,
    id: Option<i64>,
    shared: Arc<str>,
    by_seat: HashMap<Option<Player>, Arc<str>>,
}

/// A viewer's view in its three parts, each a JSON object's text: its own members
/// (`table`, `viewer`), its seat's (the deal, legal actions and reasons: the same for
/// every viewer in that seat, or every spectator) and those every viewer shares. The same
/// `Arc` is handed to every viewer of a part, so a server can compare a part with the
/// last one it sent once for all of them.
#[derive(Debug, Clone)]
pub struct ViewParts {
    /// The viewer's own members.
    pub own: Arc<str>,
    /// The seat the viewer holds (`None` for a spectator), whose members `seat` are.
    pub seat_of: Option<Player>,
    /// The members the viewer's seat decides.
    pub seat: Arc<str>,
    /// The members every viewer shares.
    pub shared: Arc<str>,
}

impl ViewParts {
    /// The whole view: the three parts' members in one object.
    ///
    /// ```
    /// use tenace_table::{Settings, Table, TableSetup, Viewer};
    ///
    /// let setup = TableSetup::new("bridge", None, None, 7, Settings::default()).unwrap();
    /// let table = Table::new(setup, 1).unwrap();
    /// let mut views = table.views(Some(3), &|_| false, &mut Default::default());
    /// let parts = views.parts_for(Viewer::Anonymous);
    /// let view: serde_json::Value = serde_json::from_str(&parts.text()).unwrap();
    /// assert_eq!(view["table"], 3);
    /// assert_eq!(view["status"], "open");
    /// assert!(view["deal"].is_null(), "no deal before the start");
    /// ```
    pub fn text(&self) -> String {
        join_objects(&[&self.own, &self.seat, &self.shared])
    }
}

/// The members of several JSON objects' texts (as serde_json writes them: `{…}`, no
/// spaces) as one object's text. Empty objects add nothing.
pub fn join_objects(parts: &[&str]) -> String {
    let mut out = String::with_capacity(parts.iter().map(|p| p.len()).sum::<usize>() + 2);
    out.push('{');
    let inners = parts
        .iter()
        .map(|part| part.get(1..part.len().saturating_sub(1)).unwrap_or(""));
    for part in inners.filter(|inner| !inner.is_empty()) {
        if out.len() > 1 {
            out.push(',');
        }
        out.push_str(part);
    }
    out.push('}');
    out
}

/// Members written as an object's text.
fn object_text(members: Members) -> Arc<str> {
    let mut out = Vec::with_capacity(members.0.len() + 2);
    out.push(b'{');
    out.extend_from_slice(&members.0);
    out.push(b'}');
    // Every piece is serde_json's output: UTF-8.
    String::from_utf8(out).map_or_else(|_| "{}".into(), Into::into)
}

impl Views<'_> {
    /// The view of `viewer` as JSON text (an object).
    pub fn text_for(&mut self, viewer: Viewer) -> String {
        self.parts_for(viewer).text()
    }

    /// The view of `viewer` in its parts: see [`ViewParts`].
    pub fn parts_for(&mut self, viewer: Viewer) -> ViewParts {
        let table = self.table;
        let seat = table.viewer_seat(viewer);
        let seat_part = self
            .by_seat
            .entry(seat)
            .or_insert_with(|| object_text(table.seat_members(seat)));
        let mut own = Members::with_capacity(64);
        own.put("table", &self.id);
        own.put(
            "viewer",
            &ViewerJson {
                player: match viewer {
                    Viewer::Player(id) => Some(id),
                    Viewer::Anonymous => None,
                },
                seat: seat.map(|s| table.game().seat_name(s)),
            },
        );
        ViewParts {
            own: object_text(own),
            seat_of: seat,
            seat: Arc::clone(seat_part),
            shared: Arc::clone(&self.shared),
        }
    }
}

/// The cards a viewer has seen in the deal: those visible to them, the turned-up ones,
/// the played and named ones of the record and the trick on the table.
pub(crate) fn seen_cards(deal: &View) -> CardSet {
    let mut seen = deal.visible_cards();
    seen.extend(deal.turned_up);
    // Read from the actions themselves: every seat's view of every version does this for
    // the whole history, and writing each action out to find its card was a measurable
    // part of writing the views.
    seen.extend(deal.history.iter().filter_map(|m| match m.action {
        Action::Discard(card) => Some(card),
        action => action.card_played(),
    }));
    if let Some(trick) = deal.trick {
        seen.extend(trick.cards().iter().copied());
    }
    seen
}

/// A computer player's reason as a viewer who has seen `seen` may read it: `None` if it
/// names a card they have not seen (a reason may speak of the bot's own hand).
pub(crate) fn shown_reason<'r>(reason: &'r str, seen: &CardSet) -> Option<&'r str> {
    cards_named(reason)
        .all(|card| seen.contains(card))
        .then_some(reason)
}

/// The cards a text names, as words of two or three letters (`SA`, `HT`, `JK`).
fn cards_named(text: &str) -> impl Iterator<Item = Card> + '_ {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| (2..=3).contains(&word.len()))
        .filter_map(|word| word.parse::<Card>().ok())
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::{Actor, Command, MatchKind, Settings, TableSetup};

    #[test]
    fn a_reason_naming_an_unseen_card_is_not_shown() {
        let setup = TableSetup::new("bridge", None, None, 7, Settings::default()).expect("setup");
        let deal = setup.deal().expect("a deal");
        let south = deal.observation(Player(2)).expect("a view");
        let own = south.visible_cards().iter().next().expect("a card");
        let unseen = deal
            .full_view()
            .expect("a view")
            .visible_cards()
            .iter()
            .find(|&c| !south.visible_cards().contains(c))
            .expect("a card south does not hold");
        let about_own = format!("{own}: the best lead");
        let seen = seen_cards(&south);
        assert_eq!(shown_reason(&about_own, &seen), Some(about_own.as_str()));
        assert_eq!(shown_reason(&format!("finesse the {unseen}"), &seen), None);
        assert_eq!(
            shown_reason("1NT: 15-17 HCP", &seen),
            Some("1NT: 15-17 HCP")
        );
        assert_eq!(
            cards_named("SA, HT and 1NT").collect::<Vec<_>>(),
            vec!["SA".parse::<Card>().expect("SA"), "HT".parse().expect("HT")]
        );
        // The table's setup is never in a view.
        let setup = TableSetup::new("bridge", None, None, 99, Settings::default()).expect("setup");
        let table = Table::new(setup, 1).expect("table");
        let view = table.view_for(Viewer::Anonymous, &|_| false);
        assert!(view.get("seed").is_none() && view["settings"].get("seed").is_none());
    }

    /// Views written with one cache kept over a whole Chicago (the last deal's record
    /// written once per deal) are the views written afresh, at every version.
    #[test]
    fn cached_views_equal_fresh_ones_across_deals() {
        let setup = TableSetup::new(
            "bridge",
            Some(MatchKind::Chicago),
            None,
            3,
            Settings::default(),
        )
        .expect("setup");
        let mut table = Table::new(setup, 1).expect("table");
        let host = Actor::Player {
            id: 1,
            name: "Host".into(),
        };
        for seat in ["N", "E", "S", "W"] {
            let command = Command::Bot {
                seat: seat.into(),
                level: Some("random".into()),
            };
            let event = table.check(&host, &command).expect("a bot");
            table.apply(&event).expect("applies");
        }
        let mut cache = ViewCache::default();
        let mut records_seen = HashSet::new();
        while let Some(turn) = table.bot_turn() {
            let (action, reason) = turn.decide();
            let actor = Actor::Bot {
                seat: turn.seat.0,
                reason,
            };
            let command = Command::Act {
                action: action.to_string(),
            };
            let event = table.check(&actor, &command).expect("a legal action");
            table.apply(&event).expect("applies");
            let mut views = table.views(Some(7), &|_| false, &mut cache);
            for viewer in [Viewer::Anonymous, Viewer::Player(1)] {
                let cached: Value = serde_json::from_str(&views.text_for(viewer)).expect("JSON");
                let mut fresh = table.view_for(viewer, &|_| false);
                fresh["table"] = Value::from(7);
                assert_eq!(cached, fresh, "version {}", table.version());
            }
            records_seen.insert(table.game().finished_count());
        }
        assert!(table.is_finished());
        assert!(records_seen.len() >= 3, "the cache met several deals' ends");
    }
}
