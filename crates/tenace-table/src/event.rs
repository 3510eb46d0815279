//! What actors ask of a table ([`Command`]) and what the table's log records
//! ([`Event`]). A command is checked against the table and becomes one event; only events
//! change a table, so replaying the log rebuilds it exactly.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize};
use tenace_rules::Action;

/// A player's id, as the store gives it.
pub type PlayerKey = i64;

/// Who sends a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    /// A person, by their player id and display name.
    Player {
        /// The player's id.
        id: PlayerKey,
        /// The name the table shows.
        name: String,
    },
    /// The table's computer player of this seat (its own seat, a seat taken over while
    /// its player is away, or a second-table seat), with the reason for its action.
    Bot {
        /// The seat it plays, as a player index.
        seat: u8,
        /// Why it chose its action: what an alert is to a human.
        reason: String,
    },
}

/// A command as a client writes it (the WebSocket message's fields but `v` and `id`).
/// Unknown fields are refused.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// Takes a free seat before the start, or moves to it.
    Sit {
        /// The seat, as the game names it.
        seat: String,
    },
    /// Before the start, asks to change seats with whoever sits in `seat`: at once with a
    /// computer player, or, with a person, once they ask for the same swap back.
    Swap {
        /// The seat to move to.
        seat: String,
    },
    /// Gives up one's seat before the start.
    Leave,
    /// Host, before the start: a free seat to a computer player, or (level `null`) a
    /// computer player's seat freed.
    Bot {
        /// The seat.
        seat: String,
        /// `random`, `basic` or `expert`; `null` frees the seat.
        level: Option<String>,
    },
    /// Host, before the start: removes a seated player.
    Remove {
        /// The seat.
        seat: String,
    },
    /// One of the sender's legal actions, in the engine's notation.
    Act {
        /// The action, e.g. `1NT`, `SA`, `blind`.
        action: String,
    },
    /// Asks to take back one's last action of this deal and everything after it.
    Undo,
    /// Consents to or refuses the pending undo.
    UndoAnswer {
        /// Whether the answer is yes.
        accept: bool,
    },
    /// Claims that the sender's side takes this many of the remaining tricks of the deal.
    Claim {
        /// The tricks claimed.
        tricks: u8,
    },
    /// Accepts or rejects the pending claim (its claimer may withdraw it with `false`).
    ClaimAnswer {
        /// Whether the answer is yes.
        accept: bool,
    },
    /// Says something to the table.
    Chat {
        /// What is said.
        text: String,
    },
}

/// One entry of a table's log: a command the table accepted, with what replay needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A player sat down (or moved seats before the start).
    Sit {
        /// The seat, as a player index.
        seat: u8,
        /// The player.
        player: PlayerKey,
        /// The player's name then.
        name: String,
    },
    /// The player in seat `from` asked to change seats with the person in seat `to`.
    SwapAsked {
        /// The asking player's seat.
        from: u8,
        /// The seat they ask for.
        to: u8,
    },
    /// The occupants of seats `a` and `b` changed places.
    Swap {
        /// One seat.
        a: u8,
        /// The other.
        b: u8,
    },
    /// The player in this seat left it.
    Leave {
        /// The seat.
        seat: u8,
    },
    /// The host removed the player in this seat.
    Remove {
        /// The seat.
        seat: u8,
    },
    /// The host gave this seat to a computer player, or freed it.
    Bot {
        /// The seat.
        seat: u8,
        /// The level (`random`, `basic`, `expert`), or `None` for a freed seat.
        level: Option<String>,
    },
    /// An action of the match.
    Act {
        /// The seat that acted.
        seat: u8,
        /// The action.
        action: Action,
        /// A computer player's reason; `None` for a person's action.
        reason: Option<String>,
    },
    /// The player in `seat` asked for an undo.
    Undo {
        /// The seat asking.
        seat: u8,
    },
    /// An opponent answered the pending undo.
    UndoAnswer {
        /// The seat answering.
        seat: u8,
        /// Yes or no.
        accept: bool,
    },
    /// The player in `seat` claimed `tricks` of the remaining tricks for their side.
    Claim {
        /// The seat claiming.
        seat: u8,
        /// The tricks claimed.
        tricks: u8,
        /// The answers of the computer players among the opponents, by seat, decided by
        /// the double-dummy solver when the claim was made: stored, so replay never
        /// solves again.
        #[serde(default, deserialize_with = "seat_keyed")]
        bot_answers: BTreeMap<u8, bool>,
    },
    /// An opponent answered the pending claim (or its claimer withdrew it).
    ClaimAnswer {
        /// The seat answering.
        seat: u8,
        /// Yes or no.
        accept: bool,
    },
    /// A chat message.
    Chat {
        /// The speaker's seat, if seated.
        seat: Option<u8>,
        /// The speaker's name.
        name: String,
        /// What was said.
        text: String,
    },
}

/// Reads answers keyed by seat number. JSON writes the keys as strings, and an internally
/// tagged enum buffers its fields before reading them, so serde's own reading of number
/// keys never runs: without this a stored claim answered by computer players could not be
/// read back, and its table not reloaded.
fn seat_keyed<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<u8, bool>, D::Error> {
    BTreeMap::<String, bool>::deserialize(d)?
        .into_iter()
        .map(|(seat, answer)| {
            let index = seat.parse::<u8>().map_err(|_| {
                serde::de::Error::custom(format!("bot_answers: {seat:?} is not a seat index"))
            })?;
            Ok((index, answer))
        })
        .collect()
}

impl Event {
    /// The short word the store files the event under.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Sit { .. } => "sit",
            Event::SwapAsked { .. } => "swap_asked",
            Event::Swap { .. } => "swap",
            Event::Leave { .. } => "leave",
            Event::Remove { .. } => "remove",
            Event::Bot { .. } => "bot",
            Event::Act { .. } => "act",
            Event::Undo { .. } => "undo",
            Event::UndoAnswer { .. } => "undo_answer",
            Event::Claim { .. } => "claim",
            Event::ClaimAnswer { .. } => "claim_answer",
            Event::Chat { .. } => "chat",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_refuse_unknown_fields_and_name_the_problem() {
        let sit: Result<Command, _> = serde_json::from_str(r#"{"type":"sit","seat":"N"}"#);
        assert_eq!(sit.ok(), Some(Command::Sit { seat: "N".into() }));
        let extra: Result<Command, _> =
            serde_json::from_str(r#"{"type":"sit","seat":"N","card":"SA"}"#);
        let message = extra.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(message.contains("unknown field `card`"), "{message}");
        let wrong: Result<Command, _> =
            serde_json::from_str(r#"{"type":"undo_answer","accept":1}"#);
        assert!(wrong.is_err());
    }

    #[test]
    fn events_round_trip_through_json() {
        let event = Event::Act {
            seat: 2,
            action: "1NT".parse().expect("a call"),
            reason: Some("15-17 balanced".into()),
        };
        let json = serde_json::to_value(&event).expect("serialises");
        assert_eq!(json["kind"], "act");
        assert_eq!(json["action"], "1NT");
        assert_eq!(serde_json::from_value::<Event>(json).ok(), Some(event));
    }

    #[test]
    fn a_claim_with_computer_players_answers_reads_back() {
        let event = Event::Claim {
            seat: 2,
            tricks: 0,
            bot_answers: BTreeMap::from([(1, true), (3, false)]),
        };
        let json = serde_json::to_value(&event).expect("serialises");
        assert_eq!(json["bot_answers"]["3"], false);
        let back = serde_json::from_value::<Event>(json.clone());
        assert_eq!(back.as_ref().ok(), Some(&event), "{back:?}");
        let text = serde_json::to_string(&event).expect("serialises");
        assert_eq!(serde_json::from_str::<Event>(&text).ok(), Some(event));
        let mut bad = json;
        bad["bot_answers"] = serde_json::json!({"east": true});
        let message = serde_json::from_value::<Event>(bad)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(message.contains("bot_answers"), "{message}");
    }
}
