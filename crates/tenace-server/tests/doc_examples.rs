//! The examples of docs/server-protocol.md, run against a real server: every `request:`
//! is sent in order (HTTP ones over HTTP, JSON ones over a table's socket), and each
//! answer must have the shape of the example response shown after it (a socket message's
//! answer, which the table's state may turn into an error, when it is of the kind shown).
//! The view example
//! must name exactly the fields a real view has, so the document stays true.

mod support;

use serde_json::Value;
use support::{Server, temp_db};

const DOC: &str = include_str!("../../../docs/server-protocol.md");

/// A `request:` block of the document and the response example after it, if any.
#[derive(Debug)]
struct Example {
    /// `http` or `json`.
    language: String,
    request: String,
    /// The status (0 for the answer to a socket message) and JSON of the response example.
    response: Option<(u16, String)>,
}

/// The fenced block starting at line `at` (its opening fence): its language and text,
/// and the line after its closing fence.
fn block(lines: &[&str], at: usize) -> Option<(String, String, usize)> {
    let language = lines.get(at)?.strip_prefix("```")?.trim().to_string();
    let end = (at + 1..lines.len()).find(|&i| lines[i].starts_with("```"))?;
    Some((language, lines[at + 1..end].join("\n"), end + 1))
}

fn examples() -> Vec<Example> {
    let lines: Vec<&str> = DOC.lines().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() != "request:" {
            i += 1;
            continue;
        }
        let Some((language, request, next)) = block(&lines, i + 1) else {
            break;
        };
        i = next;
        let mut response = None;
        if lines.get(i).is_some_and(|l| l.trim() == "response:") {
            // A socket message's answer: no status, only a shape.
            if let Some((_, text, after)) = block(&lines, i + 1) {
                response = Some((0, text));
                i = after;
            }
        } else if let Some(line) = lines.get(i).filter(|l| l.starts_with("response `")) {
            let status = line[10..13].parse().expect("a status in the response line");
            if let Some((_, text, after)) = block(&lines, i + 1) {
                response = Some((status, text));
                i = after;
            } else {
                response = Some((status, String::new()));
            }
        }
        found.push(Example {
            language,
            request,
            response,
        });
    }
    found
}

/// Whether `actual` has the shape of `example`: the same kinds of values, every field of
/// an example object present, arrays compared by their first items; `null` matches all.
fn same_shape(example: &Value, actual: &Value) -> Result<(), String> {
    match (example, actual) {
        (Value::Null, _) => Ok(()),
        (Value::Object(e), Value::Object(a)) => {
            for (key, value) in e {
                let got = a.get(key).ok_or_else(|| format!("missing field {key}"))?;
                same_shape(value, got).map_err(|m| format!("{key}: {m}"))?;
            }
            Ok(())
        }
        (Value::Array(e), Value::Array(a)) => match (e.first(), a.first()) {
            (Some(e), Some(a)) => same_shape(e, a),
            _ => Ok(()),
        },
        (Value::String(_), Value::String(_))
        | (Value::Number(_), Value::Number(_))
        | (Value::Bool(_), Value::Bool(_)) => Ok(()),
        (e, a) => Err(format!("expected a value like {e}, got {a}")),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_documents_examples_run_against_a_real_server() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let cookie = server.player().await;
    let all = examples();
    assert!(
        all.len() >= 10,
        "the document's examples were found: {}",
        all.len()
    );
    let mut socket = None;
    for example in &all {
        match example.language.as_str() {
            "http" => {
                let (head, body) = example
                    .request
                    .split_once('\n')
                    .unwrap_or((&example.request, ""));
                let mut words = head.split_whitespace();
                let method = words.next().expect("a method");
                let path = words.next().expect("a path");
                let body = (!body.trim().is_empty()).then_some(body);
                let (status, _, text) = server.http(method, path, Some(&cookie), body).await;
                let (expected, shape) = example
                    .response
                    .clone()
                    .expect("every HTTP example has a response");
                assert_eq!(status, expected, "{head}: {text}");
                if !shape.trim().is_empty() {
                    let shape: Value = serde_json::from_str(&shape).expect("the example is JSON");
                    let actual: Value = serde_json::from_str(&text).expect("the answer is JSON");
                    same_shape(&shape, &actual).unwrap_or_else(|e| panic!("{head}: {e}\n{actual}"));
                }
            }
            "json" => {
                let client = match socket.as_mut() {
                    Some(client) => client,
                    None => socket.insert(server.connect(1, &cookie).await),
                };
                let message: Value = serde_json::from_str(&example.request).expect("JSON");
                client.send_text(&example.request).await;
                let answer = loop {
                    let frame = client.next().await.expect("an answer");
                    let answered = frame["type"] != "view" && frame["id"] == message["id"];
                    if answered || (message["type"] == "hello" && frame["type"] == "view") {
                        break frame;
                    }
                };
                // The table's state may refuse it (the seat is taken, not this turn), but
                // never its form.
                let field = answer["field"].as_str().unwrap_or("");
                assert!(
                    !["json", "v", "type", "id"].contains(&field)
                        && !answer["message"]
                            .as_str()
                            .unwrap_or("")
                            .contains("unknown field"),
                    "{}: {answer}",
                    example.request
                );
                // An answer of the kind shown has the shape shown.
                if let Some((_, shape)) = &example.response {
                    let shape: Value = serde_json::from_str(shape).expect("the example is JSON");
                    if answer["type"] == shape["type"] {
                        same_shape(&shape, &answer)
                            .unwrap_or_else(|e| panic!("{}: {e}\n{answer}", example.request));
                    }
                }
            }
            other => panic!("a request block in {other}"),
        }
    }

    // The view example names every field of a real view, and no other.
    let view_at = DOC.find("## The view").expect("the view section");
    let view_lines: Vec<&str> = DOC[view_at..].lines().collect();
    let start = view_lines
        .iter()
        .position(|l| l.starts_with("```json"))
        .expect("the example");
    let (_, text, _) = block(&view_lines, start).expect("a block");
    let documented: Value = serde_json::from_str(&text).expect("the view example is JSON");
    let client = socket.as_mut().expect("a socket was opened");
    client.send_text(r#"{"v":1,"type":"hello"}"#).await;
    let real = client.view_where(|v| v["table"] == 1).await;
    let keys = |v: &Value| -> Vec<String> {
        let mut keys: Vec<String> = v
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default();
        keys.sort();
        keys
    };
    assert_eq!(keys(&documented), keys(&real), "the view's fields");
    same_shape(&documented["seats"], &real["seats"]).expect("seats");
    same_shape(&documented["settings"], &real["settings"]).expect("settings");
    server.stop().await;
}
