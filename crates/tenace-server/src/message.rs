//! The WebSocket messages (`"v": 1`): reading a client's, writing the server's. See
//! `docs/server-protocol.md`.

use serde_json::{Map, Value, json};
use tenace_table::Command;

/// The protocol version every message carries.
pub const VERSION: u64 = 1;
/// The longest client command id.
pub const MAX_ID_CHARS: usize = 64;

/// A message a client sent, read and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Incoming {
    /// Asks for a fresh view.
    Hello {
        /// The last version the client saw, if any.
        last_version: Option<u64>,
    },
    /// Asks the expert computer player for a hint, answered to this sender alone.
    Hint {
        /// The client's id for it, echoed in the answer.
        id: String,
    },
    /// Asks for a finished deal's double-dummy review, answered with `review` messages to
    /// this sender alone.
    Review {
        /// The client's id for it, echoed in each answer.
        id: String,
        /// The deal's number, from 1.
        deal: usize,
        /// Whether the connection watches it (the default): it is then sent the review's
        /// progress until it ends, and the review goes on while someone watches.
        watch: bool,
    },
    /// A command with its client id.
    Command {
        /// The client's id for it.
        id: String,
        /// The command.
        command: Command,
    },
}

/// Why a client's message could not be read: the command id if it was read, the field
/// at fault and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// The command's id, when the message got that far.
    pub id: Option<String>,
    /// The field at fault.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl Unreadable {
    fn new(id: Option<&str>, field: &str, message: impl Into<String>) -> Unreadable {
        Unreadable {
            id: id.map(str::to_string),
            field: field.to_string(),
            message: message.into(),
        }
    }

    /// The `error` message that answers it.
    pub fn to_message(&self) -> Value {
        error(self.id.as_deref(), &self.field, &self.message)
    }
}

/// The id of a message dropped unread (over the rate limit), so its `error` can name the
/// command it refuses: only `id` is taken from the frame (at most 16 KiB), everything else
/// skipped, and an id the protocol would refuse (not a string, empty, too long) is none.
pub fn id_of(text: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct IdOnly<'a> {
        #[serde(borrow, default)]
        id: Option<std::borrow::Cow<'a, str>>,
    }
    // A derived struct would also read an array (`["x"]`) by position: objects only.
    if !text.trim_start().starts_with('{') {
        return None;
    }
    let id = serde_json::from_str::<IdOnly>(text).ok()?.id?;
    (1..=MAX_ID_CHARS)
        .contains(&id.chars().count())
        .then(|| id.into_owned())
}

/// What each field of a command must be, checked before serde so a wrong type is blamed
/// on its field by name.
fn check_type(id: Option<&str>, key: &str, value: &Value) -> Result<(), Unreadable> {
    let expected = match key {
        "seat" | "action" | "text" if !value.is_string() => "a string",
        "level" if !(value.is_string() || value.is_null()) => "a string or null",
        "accept" if !value.is_boolean() => "true or false",
        "tricks" if value.as_u64().is_none_or(|n| n > 52) => "a number of tricks, 0 to 52",
        "last_version" if !(value.is_u64() || value.is_null()) => "a version number",
        _ => return Ok(()),
    };
    Err(Unreadable::new(id, key, format!("expected {expected}")))
}

/// Reads a client's text frame.
pub fn parse(text: &str) -> Result<Incoming, Unreadable> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| Unreadable::new(None, "json", format!("not JSON: {e}")))?;
    let Value::Object(mut map) = value else {
        return Err(Unreadable::new(None, "json", "a message is a JSON object"));
    };
    let id = match map.remove("id") {
        None => None,
        Some(Value::String(id)) => Some(id),
        Some(_) => return Err(Unreadable::new(None, "id", "expected a string")),
    };
    let id_ref = id.as_deref();
    match map.remove("v") {
        Some(v) if v.as_u64() == Some(VERSION) => {}
        Some(v) => {
            return Err(Unreadable::new(
                id_ref,
                "v",
                format!("this server speaks version {VERSION}, not {v}"),
            ));
        }
        None => {
            return Err(Unreadable::new(
                id_ref,
                "v",
                "missing: every message has \"v\": 1",
            ));
        }
    }
    let kind = match map.get("type") {
        Some(Value::String(kind)) => kind.clone(),
        Some(_) => return Err(Unreadable::new(id_ref, "type", "expected a string")),
        None => return Err(Unreadable::new(id_ref, "type", "missing")),
    };
    for (key, value) in &map {
        check_type(id_ref, key, value)?;
    }
    if kind == "hello" {
        map.remove("type");
        let last_version = map.remove("last_version").and_then(|v| v.as_u64());
        if let Some(key) = map.keys().next() {
            return Err(Unreadable::new(id_ref, key, "unknown field of hello"));
        }
        return Ok(Incoming::Hello { last_version });
    }
    let id = match id {
        Some(id) if (1..=MAX_ID_CHARS).contains(&id.chars().count()) => id,
        Some(_) => {
            return Err(Unreadable::new(
                None,
                "id",
                format!("a command id has 1 to {MAX_ID_CHARS} characters"),
            ));
        }
        None => {
            return Err(Unreadable::new(
                None,
                "id",
                "missing: every command has an id",
            ));
        }
    };
    if kind == "hint" {
        // Not a command: nothing at the table changes, nothing is stored.
        map.remove("type");
        if let Some(key) = map.keys().next() {
            return Err(Unreadable::new(Some(&id), key, "unknown field of hint"));
        }
        return Ok(Incoming::Hint { id });
    }
    if kind == "review" {
        return review_request(id, map);
    }
    let command: Command = serde_json::from_value(Value::Object(map.clone())).map_err(|e| {
        Unreadable::new(
            Some(&id),
            &blamed_field(&e.to_string(), &map),
            e.to_string(),
        )
    })?;
    Ok(Incoming::Command { id, command })
}

/// Reads a `review` message's fields: `deal` (a number from 1) and `watch` (optional).
fn review_request(id: String, mut map: Map<String, Value>) -> Result<Incoming, Unreadable> {
    map.remove("type");
    let deal = match map.remove("deal") {
        Some(deal) => deal
            .as_u64()
            .filter(|&n| n >= 1)
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| Unreadable::new(Some(&id), "deal", "expected a deal number from 1"))?,
        None => return Err(Unreadable::new(Some(&id), "deal", "missing")),
    };
    let watch = match map.remove("watch") {
        None => true,
        Some(Value::Bool(watch)) => watch,
        Some(_) => {
            return Err(Unreadable::new(
                Some(&id),
                "watch",
                "expected true or false",
            ));
        }
    };
    if let Some(key) = map.keys().next() {
        return Err(Unreadable::new(Some(&id), key, "unknown field of review"));
    }
    Ok(Incoming::Review { id, deal, watch })
}

/// The field a serde error is about: the one it quotes, or `type` for an unknown command.
fn blamed_field(message: &str, map: &Map<String, Value>) -> String {
    if message.contains("unknown variant") {
        return "type".into();
    }
    message
        .split('`')
        .nth(1)
        .filter(|name| map.contains_key(*name) || message.contains("missing field"))
        .map_or_else(|| "type".to_string(), str::to_string)
}

/// The `ack` of a stored and applied command.
pub fn ack(id: &str, version: u64, duplicate: bool) -> Value {
    json!({"v": VERSION, "type": "ack", "id": id, "version": version, "duplicate": duplicate})
}

/// A `hint`'s answer: the action the expert would take, and why (`None` when its words
/// would name a card the asker has not seen).
pub fn hint(id: &str, action: &str, reason: Option<&str>) -> Value {
    json!({"v": VERSION, "type": "hint", "id": id, "action": action, "reason": reason})
}

/// An `error` about `field`.
pub fn error(id: Option<&str>, field: &str, message: &str) -> Value {
    json!({"v": VERSION, "type": "error", "id": id, "field": field, "message": message})
}

/// A `view` message around a view already written as JSON text (an object), as a
/// broadcast writes it ([`tenace_table::Views`]): spliced, not parsed and written again.
pub fn view_text(view: &str) -> String {
    let mut message = String::with_capacity(view.len() + 32);
    message.push_str(r#"{"v":"#);
    message.push_str(&VERSION.to_string());
    message.push_str(r#","type":"view","view":"#);
    message.push_str(view);
    message.push('}');
    message
}

/// The length of [`view_text`]'s message around `view`, without writing it.
pub fn view_text_len(view: &str) -> usize {
    view_text("").len() + view.len()
}

/// A `patch` message: the RFC 6902 operations `ops` (JSON text, an array) that bring the
/// view of version `base` the connection was last sent to the view of version `version`.
pub fn patch_text(base: u64, version: u64, ops: &str) -> String {
    let mut message = String::with_capacity(ops.len() + 64);
    message.push_str(r#"{"v":"#);
    message.push_str(&VERSION.to_string());
    message.push_str(r#","type":"patch","base":"#);
    message.push_str(&base.to_string());
    message.push_str(r#","version":"#);
    message.push_str(&version.to_string());
    message.push_str(r#","patch":"#);
    message.push_str(ops);
    message.push('}');
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(text: &str) -> String {
        parse(text).err().map(|e| e.field).unwrap_or_default()
    }

    #[test]
    fn a_view_text_is_wrapped_as_a_view_message() {
        let text = view_text(r#"{"version":3,"legal":["P"]}"#);
        let message: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(
            message,
            json!({"v": VERSION, "type": "view", "view": {"version": 3, "legal": ["P"]}})
        );
    }

    #[test]
    fn a_patch_text_is_a_patch_message_and_a_view_texts_length_is_known() {
        let text = patch_text(4, 5, r#"[{"op":"replace","path":"/version","value":5}]"#);
        let message: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(
            message,
            json!({"v": VERSION, "type": "patch", "base": 4, "version": 5,
                   "patch": [{"op": "replace", "path": "/version", "value": 5}]})
        );
        let view = r#"{"version":3}"#;
        assert_eq!(view_text_len(view), view_text(view).len());
    }

    #[test]
    fn a_review_request_is_read_with_its_deal_and_watch() {
        assert_eq!(
            parse(r#"{"v":1,"type":"review","id":"r1","deal":2}"#),
            Ok(Incoming::Review {
                id: "r1".into(),
                deal: 2,
                watch: true
            })
        );
        assert_eq!(
            parse(r#"{"v":1,"type":"review","id":"r2","deal":1,"watch":false}"#),
            Ok(Incoming::Review {
                id: "r2".into(),
                deal: 1,
                watch: false
            })
        );
        for (text, blamed) in [
            (r#"{"v":1,"type":"review","id":"r","deal":0}"#, "deal"),
            (r#"{"v":1,"type":"review","id":"r","deal":"1"}"#, "deal"),
            (r#"{"v":1,"type":"review","id":"r"}"#, "deal"),
            (
                r#"{"v":1,"type":"review","id":"r","deal":1,"watch":1}"#,
                "watch",
            ),
            (
                r#"{"v":1,"type":"review","id":"r","deal":1,"seat":"N"}"#,
                "seat",
            ),
            (r#"{"v":1,"type":"review","deal":1}"#, "id"),
        ] {
            assert_eq!(field(text), blamed, "{text}");
        }
    }

    #[test]
    fn a_dropped_messages_id_is_read_alone() {
        assert_eq!(
            id_of(r#"{"v":1,"type":"act","id":"c9","action":"P"}"#).as_deref(),
            Some("c9")
        );
        assert_eq!(
            id_of(r#"{"id":"a\"b","x":[1,{"y":2}]}"#).as_deref(),
            Some("a\"b")
        );
        let too_long = format!(r#"{{"id":"{}"}}"#, "x".repeat(MAX_ID_CHARS + 1));
        for unread in [
            r#"{"v":1,"type":"hello"}"#,
            r#"{"id":7}"#,
            r#"{"id":""}"#,
            r#"["id"]"#,
            "{not json",
            too_long.as_str(),
        ] {
            assert_eq!(id_of(unread), None, "{unread}");
        }
    }

    #[test]
    fn commands_and_hello_are_read() {
        assert_eq!(
            parse(r#"{"v":1,"type":"sit","id":"c1","seat":"N"}"#),
            Ok(Incoming::Command {
                id: "c1".into(),
                command: Command::Sit { seat: "N".into() }
            })
        );
        assert_eq!(
            parse(r#"{"v":1,"type":"hello","last_version":4}"#),
            Ok(Incoming::Hello {
                last_version: Some(4)
            })
        );
    }

    #[test]
    fn every_fault_is_blamed_on_its_field() {
        assert_eq!(field("{"), "json");
        assert_eq!(field("[1]"), "json");
        assert_eq!(field(r#"{"type":"leave","id":"a"}"#), "v");
        assert_eq!(field(r#"{"v":2,"type":"leave","id":"a"}"#), "v");
        assert_eq!(field(r#"{"v":1,"id":"a"}"#), "type");
        assert_eq!(field(r#"{"v":1,"type":"fly","id":"a"}"#), "type");
        assert_eq!(field(r#"{"v":1,"type":"leave"}"#), "id");
        assert_eq!(field(r#"{"v":1,"type":"leave","id":""}"#), "id");
        assert_eq!(field(r#"{"v":1,"type":"sit","id":"a","seat":3}"#), "seat");
        assert_eq!(field(r#"{"v":1,"type":"sit","id":"a"}"#), "seat");
        assert_eq!(
            field(r#"{"v":1,"type":"sit","id":"a","seat":"N","x":1}"#),
            "x"
        );
        assert_eq!(
            field(r#"{"v":1,"type":"undo_answer","id":"a","accept":"yes"}"#),
            "accept"
        );
        assert_eq!(field(r#"{"v":1,"type":"hello","extra":true}"#), "extra");
        for tricks in [r#""five""#, "-1", "53", "2.5"] {
            let text = format!(r#"{{"v":1,"type":"claim","id":"a","tricks":{tricks}}}"#);
            assert_eq!(field(&text), "tricks", "{text}");
        }
        assert_eq!(field(r#"{"v":1,"type":"claim","id":"a"}"#), "tricks");
        assert_eq!(
            parse(r#"{"v":1,"type":"claim","id":"a","tricks":13}"#).ok(),
            Some(Incoming::Command {
                id: "a".into(),
                command: Command::Claim { tricks: 13 }
            })
        );
        assert_eq!(
            parse(r#"{"v":1,"type":"hint","id":"h1"}"#),
            Ok(Incoming::Hint { id: "h1".into() })
        );
        assert_eq!(field(r#"{"v":1,"type":"hint"}"#), "id");
        assert_eq!(
            field(r#"{"v":1,"type":"hint","id":"h","seat":"N"}"#),
            "seat"
        );
        let unread = parse(r#"{"v":1,"type":"act","id":"q"}"#).err();
        assert_eq!(unread.and_then(|u| u.id).as_deref(), Some("q"));
    }
}
