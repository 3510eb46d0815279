//! Replays every example session of `docs/engine-protocol.md` against the engine and
//! checks each response, so the reference cannot drift from what the engine does.
//!
//! The doc's conventions: a ```` ```session ```` block starts a fresh engine (```` ```session
//! continued ```` goes on with the previous one); `> ` starts a request and `< ` its
//! response. A one-line response may cut text out with `…`; a pretty-printed response spans
//! several lines and may stand `"…": "…"` for the members cut out of an object. The line
//! [`ELIDED`] stands for first-legal actions until the deal ends.

use serde_json::{Value, json};
use tenace_protocol::engine::Engine;

const DOC: &str = include_str!("../../../docs/engine-protocol.md");

/// The request line that stands for requests left out of an example.
const ELIDED: &str = "> … legal, then apply the first action listed, until the deal ends";

/// One request of an example and the response the doc shows for it.
#[derive(Debug)]
struct Step {
    /// The doc line the request is on, from 1.
    line: usize,
    /// The request, or `None` for the elided requests.
    request: Option<String>,
    /// The response as the doc shows it, lines joined with `\n`.
    response: Option<String>,
}

#[derive(Debug)]
struct Block {
    line: usize,
    continued: bool,
    steps: Vec<Step>,
}

fn blocks() -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut current: Option<Block> = None;
    for (i, text) in DOC.lines().enumerate() {
        let line = i + 1;
        match current.as_mut() {
            None => {
                if let Some(info) = text.strip_prefix("```session") {
                    current = Some(Block {
                        line,
                        continued: match info.trim() {
                            "" => false,
                            "continued" => true,
                            other => panic!("line {line}: unknown session block {other:?}"),
                        },
                        steps: Vec::new(),
                    });
                }
            }
            Some(block) => {
                if text.starts_with("```") {
                    blocks.push(current.take().expect("in a block"));
                } else if text == ELIDED {
                    block.steps.push(Step {
                        line,
                        request: None,
                        response: None,
                    });
                } else if let Some(request) = text.strip_prefix("> ") {
                    block.steps.push(Step {
                        line,
                        request: Some(request.to_string()),
                        response: None,
                    });
                } else {
                    let step = block
                        .steps
                        .last_mut()
                        .unwrap_or_else(|| panic!("line {line}: a response before any request"));
                    match (text.strip_prefix("< "), &mut step.response) {
                        (Some(first), None) => step.response = Some(first.to_string()),
                        (Some(_), Some(_)) => panic!("line {line}: two responses to one request"),
                        (None, Some(response)) => {
                            response.push('\n');
                            response.push_str(text);
                        }
                        (None, None) => panic!("line {line}: text before a response: {text:?}"),
                    }
                }
            }
        }
    }
    assert!(current.is_none(), "an unclosed session block");
    blocks
}

/// Whether `actual` matches a one-line response with `…` cuts: the pieces between the
/// cuts appear in order, the first at the start and the last at the end.
fn matches_cut(shown: &str, actual: &str) -> bool {
    let pieces: Vec<&str> = shown.split('…').collect();
    let (first, last) = (pieces[0], pieces[pieces.len() - 1]);
    if !actual.starts_with(first) || !actual.ends_with(last) {
        return false;
    }
    let mut rest = &actual[first.len()..actual.len() - last.len()];
    for piece in &pieces[1..pieces.len() - 1] {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    true
}

/// Checks a pretty-printed response against the actual one: equal, except that an object
/// with a `"…"` member may leave members out.
fn covers(shown: &Value, actual: &Value, path: &str) -> Result<(), String> {
    match (shown, actual) {
        (Value::Object(s), Value::Object(a)) => {
            let cut = s.contains_key("…");
            for (key, value) in s {
                if key == "…" {
                    continue;
                }
                let inner = a
                    .get(key)
                    .ok_or_else(|| format!("{path}.{key}: not in the response"))?;
                covers(value, inner, &format!("{path}.{key}"))?;
            }
            if !cut && let Some(key) = a.keys().find(|k| !s.contains_key(*k)) {
                return Err(format!("{path}.{key}: in the response, not in the doc"));
            }
            Ok(())
        }
        (Value::Array(s), Value::Array(a)) => {
            if s.len() != a.len() {
                return Err(format!("{path}: {} items shown, {} sent", s.len(), a.len()));
            }
            for (i, (x, y)) in s.iter().zip(a).enumerate() {
                covers(x, y, &format!("{path}[{i}]"))?;
            }
            Ok(())
        }
        _ if shown == actual => Ok(()),
        _ => Err(format!(
            "{path}: the doc shows {shown}, the engine sent {actual}"
        )),
    }
}

fn ask(engine: &mut Engine, request: &Value) -> Value {
    serde_json::from_str(&engine.handle_line(&request.to_string())).expect("a JSON reply")
}

/// Plays the first legal action until the deal in progress ends.
fn play_first_legal(engine: &mut Engine, line: usize) {
    let deals =
        |e: &mut Engine| ask(e, &json!({"cmd": "state"}))["state"]["match"]["deals_played"].clone();
    let before = deals(engine);
    for _ in 0..1000 {
        let legal = ask(engine, &json!({"cmd": "legal"}));
        let Some(player) = legal["to_act"][0].as_str().map(String::from) else {
            return;
        };
        let action = legal["legal"][&player][0].clone();
        let reply = ask(
            engine,
            &json!({"cmd": "apply", "player": player, "action": action}),
        );
        assert_eq!(reply["ok"], true, "line {line}: {reply}");
        let state = ask(engine, &json!({"cmd": "state"}));
        let over = if before.is_null() {
            state["state"]["phase"] == "finished"
        } else {
            state["state"]["match"]["deals_played"] != before
        };
        if over {
            return;
        }
    }
    panic!("line {line}: the deal does not end");
}

#[test]
fn every_example_session_is_what_the_engine_answers() {
    let blocks = blocks();
    assert!(
        blocks.len() >= 15,
        "found only {} session blocks",
        blocks.len()
    );
    let mut engine = Engine::new();
    let mut checked = 0;
    let mut failures = Vec::new();
    for block in &blocks {
        if !block.continued {
            engine = Engine::new();
        } else {
            assert!(
                block.line > blocks[0].line,
                "the first block cannot continue"
            );
        }
        assert!(
            !block.steps.is_empty(),
            "line {}: an empty session",
            block.line
        );
        for step in &block.steps {
            let Some(request) = &step.request else {
                play_first_legal(&mut engine, step.line);
                continue;
            };
            let shown = step
                .response
                .as_deref()
                .unwrap_or_else(|| panic!("line {}: a request with no response", step.line));
            let actual = engine.handle_line(request);
            let result = if shown.contains('\n') {
                let shown: Value = serde_json::from_str(shown).unwrap_or_else(|e| {
                    panic!("line {}: the pretty response is not JSON: {e}", step.line)
                });
                let actual: Value = serde_json::from_str(&actual).expect("a JSON reply");
                covers(&shown, &actual, "response")
            } else if shown == actual || (shown.contains('…') && matches_cut(shown, &actual)) {
                Ok(())
            } else {
                Err(format!(
                    "the doc shows\n  {shown}\nthe engine sent\n  {actual}"
                ))
            };
            if let Err(why) = result {
                failures.push(format!("line {}: {request}\n{why}", step.line));
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(checked >= 150, "checked only {checked} responses");
}

#[test]
fn cut_matching_is_strict_about_order_and_ends() {
    assert!(matches_cut(
        "{\"a\":1,…,\"c\":3}",
        "{\"a\":1,\"b\":2,\"c\":3}"
    ));
    assert!(!matches_cut(
        "{\"c\":3,…,\"a\":1}",
        "{\"a\":1,\"b\":2,\"c\":3}"
    ));
    assert!(!matches_cut("{\"a\":1,…", "{\"a\":2,\"b\":2}"));
    assert!(!matches_cut("…\"b\":3}", "{\"a\":1,\"b\":2}"));
    let shown = json!({"…": "…", "b": [1, 2]});
    assert!(covers(&shown, &json!({"a": 0, "b": [1, 2]}), "r").is_ok());
    assert!(covers(&shown, &json!({"a": 0, "b": [1]}), "r").is_err());
    assert!(covers(&json!({"b": 1}), &json!({"a": 0, "b": 1}), "r").is_err());
}
