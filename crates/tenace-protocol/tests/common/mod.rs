//! Helpers the game-specific protocol tests share: send a request, insist it is accepted
//! or refused, read the state.

use serde_json::{Value, json};
use tenace_protocol::engine::Engine;

/// Sends one request and returns the reply.
pub fn send(e: &mut Engine, request: Value) -> Value {
    e.handle(&request.to_string())
}

/// Sends a request that must be accepted, and returns the reply.
pub fn ok(e: &mut Engine, request: Value) -> Value {
    let reply = send(e, request.clone());
    assert_eq!(reply["ok"], json!(true), "{request} -> {reply}");
    reply
}

/// Sends a request that must be refused, and returns the error message.
#[allow(dead_code)] // not every test file expects refusals
pub fn refused(e: &mut Engine, request: Value) -> String {
    let reply = send(e, request.clone());
    assert_eq!(reply["ok"], json!(false), "{request} -> {reply}");
    reply["error"]
        .as_str()
        .expect("an error message")
        .to_string()
}

/// Applies an action that must be accepted.
#[allow(dead_code)] // not every test file applies actions by name
pub fn apply(e: &mut Engine, player: &str, action: &str) -> Value {
    ok(e, json!({"cmd":"apply","player":player,"action":action}))
}

/// The full state.
#[allow(dead_code)] // not every test file reads the state
pub fn state(e: &mut Engine) -> Value {
    ok(e, json!({"cmd":"state"}))["state"].clone()
}
