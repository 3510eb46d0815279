//! The values a store keeps and hands back: ids, times, players, tables and log events.

use std::fmt;
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::StoreError;
use crate::token::InviteToken;

/// A player's id, given by the store when the player is created. Serialised as a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub i64);

/// A table's id, given by the store when the table is created.
///
/// Ids are small and sequential, so they are guessable: a private table must be reached
/// through its [`InviteToken`], never by id alone. Serialised as a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TableId(pub i64);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for TableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A moment, in milliseconds since the Unix epoch (UTC). Serialised as a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Timestamp(pub i64);

impl Timestamp {
    /// The Unix epoch: "since the beginning" in a time filter.
    pub const EPOCH: Self = Self(0);

    /// The current wall-clock time. A clock set before 1970 reads as the epoch.
    pub fn now() -> Self {
        let millis = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|elapsed| elapsed.as_millis())
            .unwrap_or(0);
        Self(i64::try_from(millis).unwrap_or(i64::MAX))
    }
}

/// Whether a table is listed in the lobby. Serialised as its stored word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Visibility {
    /// Listed in the lobby; anyone may join or watch.
    Public,
    /// Unlisted; reachable only through its invite token.
    Private,
}

/// Where a table is in its life. Serialised as its stored word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TableStatus {
    /// Waiting for seats to fill.
    Open,
    /// Dealing and playing.
    Playing,
    /// The match is over; the table is kept for reading only.
    Finished,
}

/// Spells an enum as the short lowercase word stored in its column, and parses it back.
macro_rules! stored_words {
    ($ty:ident, $column:literal, { $($variant:ident => $word:literal),+ $(,)? }) => {
        impl $ty {
            /// The word stored in the database (and fit for JSON or a URL).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $word,)+
                }
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $ty {
            type Err = StoreError;

            fn from_str(word: &str) -> Result<Self, StoreError> {
                match word {
                    $($word => Ok(Self::$variant),)+
                    other => Err(StoreError::invalid(
                        $column,
                        format!(
                            "`{other}` is not one of {}",
                            [$($word),+].join(", ")
                        ),
                    )),
                }
            }
        }
    };
}

stored_words!(Visibility, "visibility", { Public => "public", Private => "private" });
stored_words!(TableStatus, "status", { Open => "open", Playing => "playing", Finished => "finished" });

/// A stored player: an anonymous identity with a display name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The player's id.
    pub id: PlayerId,
    /// The name shown at tables.
    pub display_name: String,
    /// When the player was created.
    pub created_at: Timestamp,
}

/// What the caller gives to create a table.
#[derive(Debug, Clone, PartialEq)]
pub struct NewTable {
    /// The game and its RULES.md options, as the server's typed config serialised to JSON.
    pub game_config: Value,
    /// The match kind (single deal, rubber, Chicago, duplicate...), as JSON.
    pub match_kind: Value,
    /// Listed in the lobby or reachable by invite only. A private table gets an invite token.
    pub visibility: Visibility,
    /// The player who created the table.
    pub host: PlayerId,
    /// Any further table settings the server keeps (spectator rights, away limit...).
    pub settings: Value,
}

/// A stored table.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// The table's id.
    pub id: TableId,
    /// The game and its options, as given at creation.
    pub game_config: Value,
    /// The match kind, as given at creation.
    pub match_kind: Value,
    /// Listed or private.
    pub visibility: Visibility,
    /// The unguessable token of a private table's invite link; `None` for a public table.
    pub invite: Option<InviteToken>,
    /// The player who created the table.
    pub host: PlayerId,
    /// Open, playing or finished.
    pub status: TableStatus,
    /// The server's table settings, as last set.
    pub settings: Value,
    /// When the table was created.
    pub created_at: Timestamp,
}

/// An event to append to a table's log.
#[derive(Debug, Clone, PartialEq)]
pub struct NewEvent {
    /// The table whose log it extends.
    pub table: TableId,
    /// Its sequence number: the table's last seq plus one (the first event is seq 1).
    pub seq: u64,
    /// The command id the client chose, for idempotency; `None` for server events.
    ///
    /// A second append with the same `(table, actor, client_id)` is not stored again: the
    /// first stored event is returned as [`Appended::Duplicate`].
    pub client_id: Option<String>,
    /// The player who acted; `None` for a computer player or the server itself.
    pub actor: Option<PlayerId>,
    /// What happened, as a short lowercase word (`call`, `play`, `chat`, `sit`...).
    pub kind: String,
    /// The event's data, as JSON.
    pub payload: Value,
}

/// A stored event of a table's log. Serialised with its fields' names, as the Postgres
/// store's notifications carry it to the other servers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// The table whose log holds it.
    pub table: TableId,
    /// Its place in that log, from 1 with no gaps.
    pub seq: u64,
    /// The client's command id, if a client sent it.
    pub client_id: Option<String>,
    /// The player who acted, if a person did.
    pub actor: Option<PlayerId>,
    /// What happened.
    pub kind: String,
    /// The event's data.
    pub payload: Value,
    /// When the store committed it.
    pub created_at: Timestamp,
}

/// The outcome of an append that did not fail.
#[derive(Debug, Clone, PartialEq)]
pub enum Appended {
    /// The event was stored now, as the table's next seq.
    New(Event),
    /// The same client id was already stored for this table and actor: this is the event
    /// stored the first time, and nothing was appended. Answer the client as then.
    Duplicate(Event),
}

impl Appended {
    /// The stored event, new or first-time.
    pub fn event(&self) -> &Event {
        match self {
            Self::New(event) | Self::Duplicate(event) => event,
        }
    }

    /// The stored event, new or first-time, by value.
    pub fn into_event(self) -> Event {
        match self {
            Self::New(event) | Self::Duplicate(event) => event,
        }
    }

    /// Whether this append was a repeat of an earlier command.
    pub fn is_duplicate(&self) -> bool {
        matches!(self, Self::Duplicate(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_words_round_trip_and_match_the_json_names() {
        for visibility in [Visibility::Public, Visibility::Private] {
            assert_eq!(
                visibility.as_str().parse::<Visibility>().ok(),
                Some(visibility)
            );
            let json = serde_json::to_value(visibility).ok();
            assert_eq!(json, Some(Value::from(visibility.as_str())));
        }
        for status in [
            TableStatus::Open,
            TableStatus::Playing,
            TableStatus::Finished,
        ] {
            assert_eq!(status.as_str().parse::<TableStatus>().ok(), Some(status));
            let json = serde_json::to_value(status).ok();
            assert_eq!(json, Some(Value::from(status.as_str())));
        }
        let error = "Open"
            .parse::<TableStatus>()
            .err()
            .map(|error| error.to_string());
        assert_eq!(
            error.as_deref(),
            Some("field `status`: `Open` is not one of open, playing, finished")
        );
    }

    #[test]
    fn ids_serialise_as_numbers() {
        assert_eq!(
            serde_json::to_string(&TableId(7)).ok().as_deref(),
            Some("7")
        );
        assert_eq!(
            serde_json::from_str::<PlayerId>("12").ok(),
            Some(PlayerId(12))
        );
        assert_eq!(
            serde_json::to_string(&Timestamp(5)).ok().as_deref(),
            Some("5")
        );
    }

    #[test]
    fn the_clock_reads_after_2020() {
        // 2020-01-01T00:00:00Z in milliseconds.
        assert!(Timestamp::now() > Timestamp(1_577_836_800_000));
    }
}
