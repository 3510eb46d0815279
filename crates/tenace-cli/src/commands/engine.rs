//! `tenace engine`: the engine protocol over stdin and stdout.

use std::io::{self, BufRead, Write};

use clap::Args;
use tenace_protocol::engine::{Engine, MAX_REQUEST_BYTES};

/// Speak the engine protocol.
#[derive(Debug, Args)]
#[command(
    after_help = r#"Each line on stdin is one JSON request; each gets one JSON line back.
See docs/engine-protocol.md. The examples are one session; seed 7 deals with East as dealer.

Examples:
  {"cmd":"new","game":"bridge","seed":7}
  {"cmd":"legal"}
  {"cmd":"apply","player":"E","action":"1C"}
  {"cmd":"observe","player":"E"}
  {"cmd":"state"}"#
)]
pub struct EngineArgs {}

/// Answers requests until stdin closes.
pub fn run(_args: EngineArgs) -> Result<(), String> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut engine = Engine::new();
    loop {
        let reply = match read_bounded_line(&mut input) {
            Ok(Line::End) => return Ok(()),
            Ok(Line::Text(line)) if line.trim().is_empty() => continue,
            Ok(Line::Text(line)) => engine.handle_line(&line),
            Ok(Line::TooLong) => serde_json::json!({
                "ok": false,
                "error": format!("request: longer than {MAX_REQUEST_BYTES} bytes"),
            })
            .to_string(),
            Ok(Line::NotUtf8) => r#"{"ok":false,"error":"request: not valid UTF-8"}"#.to_string(),
            Err(e) => return Err(format!("reading stdin: {e}")),
        };
        writeln!(out, "{reply}")
            .and_then(|()| out.flush())
            .map_err(|e| format!("writing stdout: {e}"))?;
    }
}

enum Line {
    Text(String),
    TooLong,
    NotUtf8,
    End,
}

/// Reads one line, but never holds more than `MAX_REQUEST_BYTES` of it: the rest of an
/// oversized line is skipped, so a hostile client cannot make the engine buffer it.
fn read_bounded_line(input: &mut impl BufRead) -> io::Result<Line> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            if line.is_empty() && !too_long {
                return Ok(Line::End);
            }
            break;
        }
        let (chunk, found_newline) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], true),
            None => (buf, false),
        };
        if !too_long {
            if line.len() + chunk.len() > MAX_REQUEST_BYTES {
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = chunk.len() + usize::from(found_newline);
        input.consume(used);
        if found_newline {
            break;
        }
    }
    if too_long {
        return Ok(Line::TooLong);
    }
    Ok(match String::from_utf8(line) {
        Ok(text) => Line::Text(text),
        Err(_) => Line::NotUtf8,
    })
}
