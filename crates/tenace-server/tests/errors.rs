//! Every refusal is the documented JSON error naming its field (issue 30, "Errors and the
//! doc"): unreadable path and query parameters, methods a path does not take, unknown API
//! paths, options a match kind sets, names, unknown cookies; and on the socket, binary
//! frames, rate errors under the dropped message's id, and the flood's close.

mod support;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use support::{Server, temp_db};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The field an HTTP answer's JSON error names, after checking it is one: a JSON body
/// `{"error": {"field": ..., "message": ...}}` with a message.
fn error_field(what: &str, head: &str, body: &str) -> String {
    assert!(
        head.contains("content-type: application/json"),
        "{what}: a JSON answer\n{head}\n{body}"
    );
    let value: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{what}: {e}: {body}"));
    let message = value["error"]["message"].as_str().unwrap_or_default();
    assert!(!message.is_empty(), "{what}: a message: {body}");
    value["error"]["field"]
        .as_str()
        .unwrap_or_else(|| panic!("{what}: a field: {body}"))
        .to_string()
}

/// Opens a table's socket, with `cookie` if given: the socket, or the refusal's status.
async fn open(server: &Server, table: i64, cookie: Option<&str>) -> Result<Socket, u16> {
    let url = format!("ws://{}/api/tables/{table}/ws", server.addr);
    let mut request = url.into_client_request().expect("a request");
    if let Some(cookie) = cookie {
        let header = format!("{}={cookie}", tenace_server::COOKIE_NAME);
        request
            .headers_mut()
            .insert("cookie", header.parse().expect("a header"));
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok((socket, _)) => Ok(socket),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            Err(response.status().as_u16())
        }
        Err(e) => panic!("the socket failed: {e}"),
    }
}

/// What the server sends next: a JSON text frame, or `Err(code)` once it closes.
async fn next(socket: &mut Socket) -> Result<Value, Option<u16>> {
    loop {
        let frame = tokio::time::timeout(std::time::Duration::from_secs(10), socket.next())
            .await
            .expect("a frame within 10 s");
        match frame {
            Some(Ok(Message::Text(text))) => {
                return Ok(serde_json::from_str(&text).expect("JSON text frames"));
            }
            Some(Ok(Message::Close(frame))) => return Err(frame.map(|f| u16::from(f.code))),
            Some(Ok(_)) => {}
            Some(Err(_)) | None => return Err(None),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_http_refusal_is_the_json_error_naming_its_field() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let cookie = server.player().await;
    let table = server.create(&cookie, json!({"game": "bridge"})).await;
    let cases = [
        ("GET", "/api/tables/abc".to_string(), 400, "id"),
        ("GET", "/api/tables/99999999999999999999".into(), 400, "id"),
        ("GET", "/api/tables/abc/records".into(), 400, "id"),
        ("POST", "/api/tables/abc/commands".into(), 400, "id"),
        ("GET", "/api/tables/abc/deals/1/review".into(), 400, "id"),
        ("GET", "/api/tables/abc/ws".into(), 400, "id"),
        (
            "GET",
            format!("/api/tables/{table}/deals/x/review"),
            400,
            "deal",
        ),
        (
            "GET",
            format!("/api/tables/{table}?invite=a&invite=b"),
            400,
            "invite",
        ),
        ("GET", format!("/api/tables/{table}/ws"), 400, "upgrade"),
        ("DELETE", format!("/api/tables/{table}"), 405, "method"),
        ("PUT", "/api/tables".into(), 405, "method"),
        ("POST", "/api/games".into(), 405, "method"),
        ("DELETE", "/t/1".into(), 405, "method"),
        ("GET", "/api/nothing".into(), 404, "path"),
        ("POST", "/api/nothing/here".into(), 404, "path"),
        ("GET", "/api".into(), 404, "path"),
    ];
    for (method, path, status, field) in cases {
        let what = format!("{method} {path}");
        let (got, head, body) = server
            .http_with_head(method, &path, Some(&cookie), None, &[])
            .await;
        assert_eq!(got, status, "{what}: {body}");
        assert_eq!(error_field(&what, &head, &body), field, "{what}: {body}");
        if status == 405 {
            assert!(head.contains("allow: "), "{what}: an Allow header\n{head}");
        }
    }
    // The page's own addresses are still the page.
    let (status, head, _) = server.http_with_head("GET", "/t/12", None, None, &[]).await;
    assert_eq!(status, 200);
    assert!(head.contains("text/html"), "{head}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn options_a_match_kind_sets_are_checked_and_never_replaced_silently() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let cookie = server.player().await;
    let refused = [
        (
            json!({"game": "bridge", "options": {"boards": "x"}}),
            "options.boards",
        ),
        (
            json!({"game": "bridge", "options": {"scoring": "nonsense"}}),
            "options.scoring",
        ),
        (
            json!({"game": "bridge", "options": {"comparison": 5}}),
            "options.comparison",
        ),
        (
            json!({"game": "bridge", "match": "duplicate", "options": {"boards": "x"}}),
            "options.boards",
        ),
        (
            json!({"game": "bridge", "match": "rubber", "options": {"comparison": 5}}),
            "options.comparison",
        ),
        // Valid, but not what the match kind plays: refused, not changed.
        (
            json!({"game": "bridge", "options": {"boards": 16}}),
            "options.boards",
        ),
        (
            json!({"game": "bridge", "match": "duplicate", "options": {"scoring": "rubber"}}),
            "options.scoring",
        ),
        (
            json!({"game": "five-crowns", "options": {"fc_honors": 1}}),
            "options.fc_honors",
        ),
        (
            json!({"game": "devils-bridge", "options": {"players": 9}}),
            "options.players",
        ),
    ];
    for (body, field) in refused {
        let (status, head, text) = server
            .http_with_head(
                "POST",
                "/api/tables",
                Some(&cookie),
                Some(&body.to_string()),
                &[],
            )
            .await;
        assert_eq!(status, 400, "{body}: {text}");
        assert_eq!(
            error_field(&body.to_string(), &head, &text),
            field,
            "{body}: {text}"
        );
    }
    for body in [
        json!({"game": "bridge", "match": "duplicate", "options": {"boards": 16}}),
        json!({"game": "bridge", "options": {"scoring": "duplicate", "boards": 1}}),
        json!({"game": "bridge", "match": "chicago", "options": {"scoring": "chicago"}}),
    ] {
        let (status, _, text) = server
            .http(
                "POST",
                "/api/tables",
                Some(&cookie),
                Some(&body.to_string()),
            )
            .await;
        assert_eq!(status, 201, "{body}: {text}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_of_1_to_40_characters_are_taken_and_others_refused_naming_name() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let cookie = server.player().await;
    let longest = "é".repeat(40);
    let body = json!({"name": longest}).to_string();
    let (status, _, text) = server
        .http("PUT", "/api/me", Some(&cookie), Some(&body))
        .await;
    assert_eq!(status, 200, "{text}");
    let answer: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(answer["name"], longest.as_str());
    // Spaces around a name are trimmed, not counted.
    let body = json!({"name": format!("  {}  ", "x".repeat(40))}).to_string();
    let (status, _, text) = server
        .http("PUT", "/api/me", Some(&cookie), Some(&body))
        .await;
    assert_eq!(status, 200, "{text}");
    for name in [
        "x".repeat(41),
        String::new(),
        "   ".into(),
        "tab\there".into(),
    ] {
        let body = json!({"name": name}).to_string();
        let (status, head, text) = server
            .http_with_head("PUT", "/api/me", Some(&cookie), Some(&body), &[])
            .await;
        assert_eq!(status, 400, "{name:?}: {text}");
        assert_eq!(error_field(&body, &head, &text), "name", "{text}");
        assert!(!text.contains("display_name"), "an internal name: {text}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_cookie_gets_a_new_player_whose_cookie_replaces_it() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let unknown = "0123456789abcdef0123456789abcdef";
    // Elsewhere an unknown cookie is no player.
    let (status, head, text) = server
        .http_with_head(
            "PUT",
            "/api/me",
            Some(unknown),
            Some(r#"{"name": "Ada"}"#),
            &[],
        )
        .await;
    assert_eq!(status, 401, "{text}");
    assert_eq!(
        error_field("PUT /api/me", &head, &text),
        tenace_server::COOKIE_NAME
    );
    for sent in [unknown, "not-a-token"] {
        let (status, fresh, text) = server.http("GET", "/api/me", Some(sent), None).await;
        assert_eq!(status, 200, "{text}");
        let fresh = fresh.expect("a new cookie in place of the unknown one");
        assert_ne!(fresh, sent);
        let first: Value = serde_json::from_str(&text).expect("JSON");
        let (status, again, text) = server.http("GET", "/api/me", Some(&fresh), None).await;
        assert_eq!(status, 200);
        assert_eq!(again, None, "a known cookie is kept");
        let second: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(
            first["id"], second["id"],
            "the new cookie names the new player"
        );
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_socket_answers_binary_frames_rate_limits_and_floods_as_documented() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let cookie = server.player().await;
    let table = server.create(&cookie, json!({"game": "bridge"})).await;
    // Watching needs a player too: GET /api/me first.
    assert_eq!(open(&server, table, None).await.err(), Some(401));

    let mut socket = open(&server, table, Some(&cookie)).await.expect("opens");
    assert_eq!(next(&mut socket).await.expect("a view")["type"], "view");
    socket
        .send(Message::Binary(vec![1, 2, 3].into()))
        .await
        .expect("send");
    let error = next(&mut socket).await.expect("an answer");
    assert_eq!(
        (&error["type"], &error["field"], &error["id"]),
        (&json!("error"), &json!("json"), &Value::Null),
        "{error}"
    );
    socket
        .send(Message::Text(r#"{"v":1,"type":"hello"}"#.into()))
        .await
        .expect("send");
    assert_eq!(next(&mut socket).await.expect("still open")["type"], "view");

    // A flood of commands from a spectator: each is refused by the table (no seat) until
    // the burst is spent, then dropped with a `rate` error under its own id, until the
    // 101st such error closes the socket with 1008.
    for n in 0..250 {
        let text = json!({"v": 1, "type": "act", "id": format!("f{n}"), "action": "P"});
        if socket
            .send(Message::Text(text.to_string().into()))
            .await
            .is_err()
        {
            break;
        }
    }
    let mut rate_errors = 0;
    let closed = loop {
        match next(&mut socket).await {
            Ok(frame) if frame["field"] == "rate" => {
                let id = frame["id"].as_str().unwrap_or_default();
                assert!(id.starts_with('f'), "a rate error under its id: {frame}");
                rate_errors += 1;
            }
            Ok(_) => {}
            Err(code) => break code,
        }
    };
    assert!(
        rate_errors >= 100,
        "{rate_errors} rate errors before the close"
    );
    assert_eq!(
        closed,
        Some(1008),
        "a flood is closed as a policy violation"
    );

    // Binary frames count against the same limit: a flood of them is closed too.
    let mut socket = open(&server, table, Some(&cookie)).await.expect("opens");
    for _ in 0..250 {
        if socket.send(Message::Binary(vec![0].into())).await.is_err() {
            break;
        }
    }
    let closed = loop {
        if let Err(code) = next(&mut socket).await {
            break code;
        }
    };
    assert_eq!(closed, Some(1008), "a binary flood is closed too");
    server.stop().await;
}
