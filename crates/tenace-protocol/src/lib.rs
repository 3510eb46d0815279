//! The wire shapes of tenace, shared by the CLI's engine mode, the server and the web client.
//!
//! * [`state`]: one JSON shape for the state of every game, full or as one player sees it.
//! * [`engine`]: the engine protocol, JSON lines in and out, documented with examples in
//!   `docs/engine-protocol.md`.
//!
//! ```
//! use tenace_protocol::engine::Engine;
//! let mut engine = Engine::new();
//! let reply = engine.handle_line(r#"{"cmd":"new","game":"bridge","seed":7}"#);
//! assert!(reply.contains(r#""ok":true"#));
//! let reply = engine.handle_line(r#"{"cmd":"apply","player":"Q","action":"1C"}"#);
//! assert!(reply.contains(r#""ok":false"#) && reply.contains("player"));
//! ```
#![forbid(unsafe_code)]

mod bridgette;
mod devils;
pub mod engine;
mod series;
mod solve;
pub mod state;
