//! The store's own limits on what callers hand it, checked before anything is written, so a
//! bad value is refused with the field's name whatever backend is behind the trait.

use crate::error::{Result, StoreError};
use crate::model::NewEvent;

/// The longest display name, in characters: the page's name field takes as many, and the
/// protocol document promises them.
pub const MAX_DISPLAY_NAME_CHARS: usize = 40;
/// The longest client command id, in bytes.
pub const MAX_CLIENT_ID_BYTES: usize = 64;
/// The longest event kind, in bytes.
pub const MAX_KIND_BYTES: usize = 32;

/// A display name: 1 to [`MAX_DISPLAY_NAME_CHARS`] characters, no control characters, no
/// blank ends. Returned as given: the store does not trim behind the caller's back.
pub(crate) fn display_name(name: &str) -> Result<&str> {
    let field = "display_name";
    if name.trim().is_empty() {
        return Err(StoreError::invalid(field, "is empty"));
    }
    if name.trim() != name {
        return Err(StoreError::invalid(
            field,
            "starts or ends with white space",
        ));
    }
    let chars = name.chars().count();
    if chars > MAX_DISPLAY_NAME_CHARS {
        return Err(StoreError::invalid(
            field,
            format!("has {chars} characters, more than {MAX_DISPLAY_NAME_CHARS}"),
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(StoreError::invalid(field, "holds a control character"));
    }
    Ok(name)
}

/// An event before it is appended: seq from 1, a well-formed kind and client id.
pub(crate) fn new_event(event: &NewEvent) -> Result<()> {
    if event.seq == 0 || i64::try_from(event.seq).is_err() {
        return Err(StoreError::invalid(
            "seq",
            format!("{} is not in 1..=i64::MAX", event.seq),
        ));
    }
    // Player ids start at 1; the idempotency key reads a missing actor as 0.
    if let Some(actor) = event.actor.filter(|actor| actor.0 < 1) {
        return Err(StoreError::UnknownPlayer(actor));
    }
    let kind = &event.kind;
    if kind.is_empty() || kind.len() > MAX_KIND_BYTES {
        return Err(StoreError::invalid(
            "kind",
            format!("must be 1 to {MAX_KIND_BYTES} bytes long"),
        ));
    }
    if !kind
        .bytes()
        .all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || b"_-.".contains(&byte))
    {
        return Err(StoreError::invalid(
            "kind",
            "may hold only a-z, 0-9, `_`, `-` and `.`",
        ));
    }
    if let Some(client_id) = &event.client_id {
        if client_id.is_empty() || client_id.len() > MAX_CLIENT_ID_BYTES {
            return Err(StoreError::invalid(
                "client_id",
                format!("must be 1 to {MAX_CLIENT_ID_BYTES} bytes long"),
            ));
        }
        if client_id.chars().any(char::is_control) {
            return Err(StoreError::invalid(
                "client_id",
                "holds a control character",
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::TableId;

    fn event(seq: u64, kind: &str, client_id: Option<&str>) -> NewEvent {
        NewEvent {
            table: TableId(1),
            seq,
            client_id: client_id.map(str::to_owned),
            actor: None,
            kind: kind.to_owned(),
            payload: serde_json::Value::Null,
        }
    }

    fn field_of(result: Result<()>) -> Option<&'static str> {
        match result {
            Err(StoreError::InvalidField { field, .. }) => Some(field),
            _ => None,
        }
    }

    #[test]
    fn display_names() {
        assert_eq!(display_name("North Star").ok(), Some("North Star"));
        let longest = "é".repeat(MAX_DISPLAY_NAME_CHARS);
        assert_eq!(display_name(&longest).ok().map(str::len), Some(80));
        let too_long = "x".repeat(MAX_DISPLAY_NAME_CHARS + 1);
        for bad in ["", "   ", " padded", "tab\there", &too_long] {
            assert!(
                matches!(
                    display_name(bad),
                    Err(StoreError::InvalidField {
                        field: "display_name",
                        ..
                    })
                ),
                "{bad:?} was accepted"
            );
        }
    }

    #[test]
    fn events() {
        assert_eq!(field_of(new_event(&event(1, "play", Some("c-1")))), None);
        assert_eq!(field_of(new_event(&event(0, "play", None))), Some("seq"));
        assert_eq!(
            field_of(new_event(&event(u64::MAX, "play", None))),
            Some("seq")
        );
        assert_eq!(field_of(new_event(&event(1, "", None))), Some("kind"));
        let zero_actor = NewEvent {
            actor: Some(crate::PlayerId(0)),
            ..event(1, "play", None)
        };
        assert!(matches!(
            new_event(&zero_actor),
            Err(StoreError::UnknownPlayer(_))
        ));
        assert_eq!(field_of(new_event(&event(1, "Play", None))), Some("kind"));
        assert_eq!(
            field_of(new_event(&event(1, "play", Some("")))),
            Some("client_id")
        );
        assert_eq!(
            field_of(new_event(&event(1, "play", Some("a\nb")))),
            Some("client_id")
        );
        let long = "c".repeat(MAX_CLIENT_ID_BYTES + 1);
        assert_eq!(
            field_of(new_event(&event(1, "play", Some(&long)))),
            Some("client_id")
        );
    }
}
