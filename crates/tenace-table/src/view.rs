//! The per-viewer view of a table: everything a table screen shows, cut to what this
//! viewer may see. A seated player's deal comes only from the engine's observation of
//! their seat; a spectator's from the public view (every hand only if the host allows
//! it); a finished deal's full record is public.

use std::collections::HashSet;

use serde_json::{Value, json};
use tenace_cards::{Card, Player};
use tenace_protocol::state::view_json;
use tenace_rules::{Action, View};

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
        if !self.is_started() || self.game().is_second_table() {
            return None;
        }
        match self.viewer_seat(viewer) {
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
        let Some(seat) = self.viewer_seat(viewer) else {
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
        self.seats()
            .iter()
            .enumerate()
            .map(|(i, occupant)| {
                let seat = Player(i as u8);
                let name = self.game().seat_name(seat);
                match occupant {
                    Occupant::Empty => json!({
                        "seat": name, "player": null, "name": null, "bot": null, "presence": "empty",
                    }),
                    Occupant::Bot(level) => json!({
                        "seat": name, "player": null, "name": format!("{level} bot"),
                        "bot": level.to_string(), "presence": "bot",
                    }),
                    Occupant::Human { player, name: who } => {
                        let presence = if self.is_taken_over(seat) {
                            "taken_over"
                        } else if connected(*player) {
                            "connected"
                        } else {
                            "away"
                        };
                        json!({
                            "seat": name, "player": player, "name": who, "bot": null,
                            "presence": presence,
                        })
                    }
                }
            })
            .collect()
    }

    /// The whole view of the table for one viewer: see `docs/server-protocol.md`, "The
    /// view".
    pub fn view_for(&self, viewer: Viewer, connected: &dyn Fn(PlayerKey) -> bool) -> Value {
        let game = self.game();
        let seat = self.viewer_seat(viewer);
        let deal = self.deal_view(viewer);
        let name = |p: Player| game.seat_name(p);
        let bot_actions: Vec<Value> = self
            .bot_notes()
            .iter()
            .filter_map(|note| {
                let deal = deal.as_ref()?;
                // A face-down discard is its holder's alone, and so is its reason.
                let shown = deal
                    .history
                    .iter()
                    .any(|m| m.player == note.seat && m.action == note.action)
                    || !matches!(note.action, Action::Discard(_));
                if !shown {
                    return None;
                }
                Some(json!({
                    "version": note.version,
                    "seat": name(note.seat),
                    "action": note.action.to_string(),
                    "reason": shown_reason(&note.reason, deal),
                }))
            })
            .collect();
        let undo = self.pending_undo().map(|u| {
            let answers: serde_json::Map<String, Value> = u
                .answers
                .iter()
                .map(|(&s, &a)| (name(Player(s)), Value::from(a)))
                .collect();
            json!({ "by": name(u.seat), "answers": answers })
        });
        let claim = self.pending_claim().map(|c| {
            let answers: serde_json::Map<String, Value> = c
                .answers
                .iter()
                .map(|(&s, &a)| (name(Player(s)), Value::from(a)))
                .collect();
            json!({ "by": name(c.seat), "tricks": c.tricks, "answers": answers })
        });
        let chat: Vec<Value> = self
            .chat()
            .map(|line| {
                json!({
                    "version": line.version,
                    "seat": line.seat.map(name),
                    "name": line.name,
                    "text": line.text,
                })
            })
            .collect();
        let finished = game.finished_count();
        let last_deal = finished
            .checked_sub(1)
            .and_then(|i| game.finished_record_json(i));
        let to_act: Vec<String> = if self.is_started() && !game.is_second_table() {
            game.to_act().iter().map(name).collect()
        } else {
            Vec::new()
        };
        json!({
            "table": null,
            "version": self.version(),
            "game": self.setup().game,
            "match": self.setup().match_kind.as_str(),
            "status": self.status(),
            "host": self.host(),
            "viewer": {
                "player": match viewer { Viewer::Player(id) => Some(id), Viewer::Anonymous => None },
                "seat": seat.map(name),
            },
            "seats": self.seats_json(connected),
            "deal_number": if self.is_started() { Some(finished + usize::from(!game.is_over())) } else { None },
            "second_table": game.is_second_table(),
            "deal": deal.as_ref().map(view_json),
            "legal": self.legal_for(viewer),
            "to_act": to_act,
            "sheet": game.sheet_json(),
            "bot_actions": bot_actions,
            "undo": undo,
            "claim": claim,
            "chat": chat,
            "last_deal": last_deal,
            "settings": self.setup().settings,
        })
    }
}

/// A computer player's reason as this viewer may read it: `None` if it names a card the
/// viewer has not seen (a reason may speak of the bot's own hand).
fn shown_reason(reason: &str, deal: &View) -> Option<String> {
    let mut seen: HashSet<Card> = deal.visible_cards().iter().collect();
    seen.extend(deal.turned_up);
    for m in &deal.history {
        seen.extend(cards_named(&m.action.to_string()));
    }
    if let Some(trick) = deal.trick {
        seen.extend(trick.cards().iter().copied());
    }
    cards_named(reason)
        .iter()
        .all(|card| seen.contains(card))
        .then(|| reason.to_string())
}

/// The cards a text names, as words of two or three letters (`SA`, `HT`, `JK`).
fn cards_named(text: &str) -> Vec<Card> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| (2..=3).contains(&word.len()))
        .filter_map(|word| word.parse::<Card>().ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Settings, TableSetup};

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
        assert_eq!(shown_reason(&about_own, &south), Some(about_own.clone()));
        assert_eq!(shown_reason(&format!("finesse the {unseen}"), &south), None);
        assert_eq!(
            shown_reason("1NT: 15-17 HCP", &south).as_deref(),
            Some("1NT: 15-17 HCP")
        );
        assert_eq!(
            cards_named("SA, HT and 1NT"),
            vec!["SA".parse::<Card>().expect("SA"), "HT".parse().expect("HT")]
        );
        // The table's setup is never in a view.
        let setup = TableSetup::new("bridge", None, None, 99, Settings::default()).expect("setup");
        let table = Table::new(setup, 1).expect("table");
        let view = table.view_for(Viewer::Anonymous, &|_| false);
        assert!(view.get("seed").is_none() && view["settings"].get("seed").is_none());
    }
}
