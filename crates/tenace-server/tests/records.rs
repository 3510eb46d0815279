//! Game records over HTTP (issue: "download any finished deal or match as PBN and JSON,
//! for players and spectators alike once it is public", and "create a table that plays
//! the boards of an uploaded PBN file"): the downloads of a whole match and of one deal,
//! in both formats, for every game; what a download in the middle of a deal holds; and
//! tables made from a PBN file, refused files creating nothing, and a restart.

mod support;

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::{Server, temp_db};
use tenace_cards::{BySeat, CardSet, Seat};
use tenace_formats::pbn::format_deal;
use tenace_formats::pbn_board::board_from_game;
use tenace_formats::pbn_file::parse_pbn_file;
use tenace_rules::Vulnerability;
use tenace_rules::bridge::{BridgeOptions, BridgeSetup};
use tenace_store::{SqliteStore, Store, TableId};
use tenace_table::record::{Record, RecordMeta, Replayed, Scope};
use tenace_table::{Event, Table, TableSetup};

const FOUR_BOTS: &str = r#"{"N": "random", "E": "random", "S": "random", "W": "random"}"#;

fn fast() -> Value {
    json!({"pacing_ms": 0, "think_ms": 50, "away_takeover": false})
}

/// Waits until table `id` is finished; its view.
async fn finished(server: &Server, id: i64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        let (status, _, text) = server
            .http("GET", &format!("/api/tables/{id}"), None, None)
            .await;
        assert_eq!(status, 200, "{text}");
        let view: Value = serde_json::from_str(&text).expect("JSON");
        if view["status"] == "finished" {
            return view;
        }
        assert!(
            Instant::now() < deadline,
            "table {id} never finished: {view}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A download: status, head and body.
async fn get(server: &Server, path: &str, cookie: Option<&str>) -> (u16, String, String) {
    server.http_with_head("GET", path, cookie, None, &[]).await
}

fn error_field(body: &str) -> String {
    let value: Value = serde_json::from_str(body).unwrap_or(Value::Null);
    value["error"]["field"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// `GET /api/tables/{id}/records`' hands as dealt, deal by deal.
async fn dealt(server: &Server, id: i64) -> Vec<Value> {
    let (status, _, text) = server
        .http("GET", &format!("/api/tables/{id}/records"), None, None)
        .await;
    assert_eq!(status, 200, "{text}");
    let records: Value = serde_json::from_str(&text).expect("JSON");
    records["deals"]
        .as_array()
        .expect("deals")
        .iter()
        .map(|d| d["dealt"].clone())
        .collect()
}

/// The hands of a record's deal as JSON, as `/records` gives them.
fn hands_json(record: &Record, index: usize) -> Value {
    serde_json::to_value(&record.deals[index].hands).expect("JSON hands")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_bridge_match_downloads_as_json_and_pbn_whole_and_deal_by_deal() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let host = server.player().await;
    let body = format!(
        r#"{{"game": "bridge", "match": "duplicate", "options": {{"boards": 2, "comparison": "none"}},
            "bots": {FOUR_BOTS}, "settings": {}}}"#,
        fast()
    );
    let id = server
        .create(&host, serde_json::from_str(&body).expect("JSON"))
        .await;
    finished(&server, id).await;
    let dealt = dealt(&server, id).await;

    // The match as JSON, the same for a player with a cookie and a request without one.
    let path = format!("/api/tables/{id}/record.json");
    let (status, head, text) = get(&server, &path, Some(&host)).await;
    assert_eq!(status, 200, "{text}");
    let head = head.to_ascii_lowercase();
    assert!(head.contains("content-type: application/json"), "{head}");
    assert!(
        head.contains(&format!(
            "content-disposition: attachment; filename=\"tenace-table-{id}.json\""
        )),
        "{head}"
    );
    assert_eq!(
        get(&server, &path, None).await.2,
        text,
        "the same for anyone"
    );
    assert!(
        !text.contains("seed"),
        "a public record has no seed: {text}"
    );
    let record = Record::from_json(&text).expect("the record reads");
    assert!(record.over, "the match is over");
    assert_eq!(record.deals.len(), 2);
    for (k, dealt) in dealt.iter().enumerate() {
        assert_eq!(&hands_json(&record, k), dealt, "deal {}", k + 1);
    }
    assert_eq!(
        record.players.len(),
        4,
        "every seat named: {:?}",
        record.players
    );
    let Replayed::Deals(deals) = record.replay().expect("the record replays") else {
        panic!("a public record is of deals, each on its own");
    };

    // The same as PBN: read back, every deal is the record's, auction and play.
    let path = format!("/api/tables/{id}/record.pbn");
    let (status, head, pbn) = get(&server, &path, None).await;
    assert_eq!(status, 200, "{pbn}");
    let head = head.to_ascii_lowercase();
    assert!(
        head.contains("content-type: text/plain; charset=utf-8"),
        "{head}"
    );
    assert!(
        head.contains(&format!("filename=\"tenace-table-{id}.pbn\"")),
        "{head}"
    );
    assert!(pbn.starts_with("% PBN 2.1\r\n% EXPORT\r\n"), "{pbn}");
    let file = parse_pbn_file(&pbn).expect("the PBN reads");
    assert_eq!(file.games.len(), 2);
    for (k, deal) in deals.iter().enumerate() {
        let board = board_from_game(&file, k).expect("a playable board");
        assert_eq!(board.board, Some(k as u32 + 1));
        let tenace_rules::AnyGame::Bridge(deal) = deal else {
            panic!("a bridge deal");
        };
        assert_eq!(board.deal.setup(), deal.setup(), "deal {}", k + 1);
        assert_eq!(
            tenace_rules::Game::history(&board.deal),
            tenace_rules::Game::history(deal),
            "deal {}'s auction and play",
            k + 1
        );
    }

    // One deal: the second alone, named as board 2.
    let path = format!("/api/tables/{id}/deals/2/record.json");
    let (status, head, text) = get(&server, &path, None).await;
    assert_eq!(status, 200, "{text}");
    assert!(
        head.contains(&format!("filename=\"tenace-table-{id}-deal-2.json\"")),
        "{head}"
    );
    let one = Record::from_json(&text).expect("the deal's record reads");
    assert_eq!(one.deals.len(), 1);
    assert_eq!(one.deals[0].board, Some(2));
    assert_eq!(hands_json(&one, 0), dealt[1]);
    one.replay().expect("the deal replays");
    let (status, _, pbn) = get(
        &server,
        &format!("/api/tables/{id}/deals/2/record.pbn"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{pbn}");
    let file = parse_pbn_file(&pbn).expect("the PBN reads");
    assert_eq!(file.games.len(), 1);
    assert_eq!(file.games[0].value("Board"), Some("2"));
    let tenace_rules::AnyGame::Bridge(second) = &deals[1] else {
        panic!("a bridge deal");
    };
    assert_eq!(
        board_from_game(&file, 0).expect("a board").deal.setup(),
        second.setup()
    );

    // A deal the table never had, or no deal number at all.
    for (path, status) in [
        ("deals/3/record.json", 404),
        ("deals/3/record.pbn", 404),
        ("deals/0/record.json", 400),
        ("deals/x/record.pbn", 400),
    ] {
        let (got, _, text) = get(&server, &format!("/api/tables/{id}/{path}"), None).await;
        assert_eq!(got, status, "{path}: {text}");
        assert_eq!(error_field(&text), "deal", "{path}: {text}");
    }
    let (status, _, text) = get(&server, "/api/tables/999/record.json", None).await;
    assert_eq!(
        (status, error_field(&text)),
        (404, "table".into()),
        "{text}"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_compared_match_names_each_deal_by_its_board() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let host = server.player().await;
    let id = server
        .create(
            &host,
            json!({"game": "bridge", "match": "duplicate",
                   "options": {"boards": 2, "comparison": "imps"},
                   "bots": serde_json::from_str::<Value>(FOUR_BOTS).expect("JSON"),
                   "settings": fast()}),
        )
        .await;
    finished(&server, id).await;
    let (status, _, text) = get(&server, &format!("/api/tables/{id}/record.json"), None).await;
    assert_eq!(status, 200, "{text}");
    let record = Record::from_json(&text).expect("the record reads");
    let boards: Vec<Option<u32>> = record.deals.iter().map(|d| d.board).collect();
    assert_eq!(
        boards,
        [Some(1), Some(1), Some(2), Some(2)],
        "each board at both tables"
    );
    record.replay().expect("the record replays");
    let (_, _, pbn) = get(&server, &format!("/api/tables/{id}/record.pbn"), None).await;
    let file = parse_pbn_file(&pbn).expect("the PBN reads");
    let tags: Vec<Option<&str>> = file.games.iter().map(|g| g.value("Board")).collect();
    assert_eq!(tags, [Some("1"), Some("1"), Some("2"), Some("2")]);
    let (_, _, one) = get(
        &server,
        &format!("/api/tables/{id}/deals/3/record.json"),
        None,
    )
    .await;
    let one = Record::from_json(&one).expect("the deal's record reads");
    assert_eq!((one.deals[0].number, one.deals[0].board), (1, Some(2)));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn devils_bridge_downloads_as_json_and_pbn_is_refused_naming_the_format() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let host = server.player().await;
    let id = server
        .create(
            &host,
            json!({"game": "devils-bridge", "options": {"players": 3, "max_hand": 2},
                   "bots": {"0": "random", "1": "random", "2": "random"}, "settings": fast()}),
        )
        .await;
    finished(&server, id).await;
    let (status, _, text) = get(&server, &format!("/api/tables/{id}/record.json"), None).await;
    assert_eq!(status, 200, "{text}");
    let record = Record::from_json(&text).expect("the record reads");
    assert_eq!(record.game, "devils-bridge");
    assert!(record.over && !record.deals.is_empty());
    record.replay().expect("the record replays");
    for path in ["record.pbn", "deals/1/record.pbn"] {
        let (status, _, text) = get(&server, &format!("/api/tables/{id}/{path}"), None).await;
        assert_eq!(
            (status, error_field(&text)),
            (400, "format".into()),
            "{text}"
        );
        assert!(
            text.contains("record.json"),
            "the message says what to use: {text}"
        );
    }
    let (status, _, text) = get(
        &server,
        &format!("/api/tables/{id}/deals/1/record.json"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{text}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bridgette_record_never_shows_the_exchange() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let host = server.player().await;
    let id = server
        .create(
            &host,
            json!({"game": "bridgette", "bots": {"0": "random", "1": "random"}, "settings": fast()}),
        )
        .await;
    finished(&server, id).await;
    let dealt = dealt(&server, id).await;
    let (status, _, text) = get(&server, &format!("/api/tables/{id}/record.json"), None).await;
    assert_eq!(status, 200, "{text}");
    assert!(!text.contains("discard"), "no discard: {text}");
    assert!(!text.contains("\"stock\""), "no stock: {text}");
    let record = Record::from_json(&text).expect("the record reads");
    assert_eq!(record.deals.len(), dealt.len());
    for (k, deal) in record.deals.iter().enumerate() {
        assert!(deal.exchange_hidden, "deal {}", k + 1);
        assert_eq!(
            hands_json(&record, k),
            dealt[k],
            "the hands as the play began"
        );
    }
    let (status, _, text) = get(&server, &format!("/api/tables/{id}/record.pbn"), None).await;
    assert_eq!(
        (status, error_field(&text)),
        (400, "format".into()),
        "{text}"
    );
    server.stop().await;
}

/// The full record of table `id` as the store holds it (the seed's deals, the deal in
/// progress too): the truth a download must keep to its public part.
fn full_record(db: &std::path::Path, id: i64) -> Record {
    let store = SqliteStore::open(db).expect("the store opens");
    let row = store.table(TableId(id)).expect("read").expect("the table");
    let setup: TableSetup = serde_json::from_value(row.game_config).expect("its setup");
    let events: Vec<Event> = store
        .events(TableId(id), 1)
        .expect("its log")
        .into_iter()
        .map(|e| serde_json::from_value(e.payload).expect("an event"))
        .collect();
    let table = Table::replay(setup, row.host.0, &events).expect("it replays");
    table.game().record(&RecordMeta::default(), Scope::Full)
}

/// Plays South's turns (declarer's for dummy too) with the first legal action until the
/// table waits on South in deal `deal`; South's view then.
async fn play_until_deal(client: &mut support::Client, deal: u64) -> Value {
    loop {
        let view = client
            .view_where(|v| v["legal"].as_array().is_some_and(|l| !l.is_empty()))
            .await;
        if view["deal_number"] == json!(deal) {
            return view;
        }
        let action = view["legal"][0].clone();
        let answer = client
            .command(json!({"type": "act", "action": action}))
            .await;
        assert_eq!(answer["type"], "ack", "{answer}");
        let acted = answer["version"].as_u64().expect("a version");
        client
            .view_where(|v| v["version"].as_u64().is_some_and(|n| n >= acted))
            .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_download_in_the_middle_of_a_deal_holds_the_finished_deals_alone() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let ada = server.player().await;
    let bo = server.player().await;
    let id = server
        .create(
            &ada,
            json!({"game": "bridge", "match": "duplicate",
                   "options": {"boards": 2, "comparison": "none"},
                   "bots": {"N": "random", "E": "random", "W": "random"}, "settings": fast()}),
        )
        .await;
    let mut south = server.connect(id, &ada).await;
    assert_eq!(
        south.command(json!({"type": "sit", "seat": "S"})).await["type"],
        "ack"
    );
    let view = play_until_deal(&mut south, 2).await;
    assert_eq!(view["status"], "playing");

    let full = full_record(&db, id);
    assert_eq!(full.deals.len(), 2, "the store holds deal 2 in progress");
    let current = &full.deals[1];
    for (who, cookie) in [
        ("South", Some(ada.as_str())),
        ("a spectator", Some(bo.as_str())),
        ("no cookie", None),
    ] {
        let (status, _, text) =
            get(&server, &format!("/api/tables/{id}/record.json"), cookie).await;
        assert_eq!(status, 200, "{who}: {text}");
        assert!(!text.contains("seed"), "{who}: no seed: {text}");
        let record = Record::from_json(&text).expect("the record reads");
        let compact = serde_json::from_str::<Value>(&text)
            .expect("JSON")
            .to_string();
        assert!(!record.over);
        assert_eq!(record.deals.len(), 1, "{who}: the finished deal alone");
        assert_eq!(
            record.deals[0], full.deals[0],
            "{who}: deal 1 in full, as it ended"
        );
        for (seat, hand) in &current.hands {
            let written = serde_json::to_string(hand).expect("JSON");
            assert!(
                !compact.contains(&written),
                "{who}: deal 2's {seat} hand is in the download: {text}"
            );
        }
        let (status, _, pbn) = get(&server, &format!("/api/tables/{id}/record.pbn"), cookie).await;
        assert_eq!(status, 200, "{who}: {pbn}");
        let file = parse_pbn_file(&pbn).expect("the PBN reads");
        assert_eq!(file.games.len(), 1, "{who}: deal 1 alone");
        for path in ["deals/2/record.json", "deals/2/record.pbn"] {
            let (status, _, text) = get(&server, &format!("/api/tables/{id}/{path}"), cookie).await;
            assert_eq!(
                (status, error_field(&text)),
                (404, "deal".into()),
                "{who}: {path}: {text}"
            );
        }
    }
    server.stop().await;
}

/// A PBN game of `hands`.
fn pbn_game(board: u32, dealer: Seat, vulnerable: &str, hands: &BySeat<CardSet>) -> String {
    format!(
        "[Board \"{board}\"]\n[Dealer \"{dealer}\"]\n[Vulnerable \"{vulnerable}\"]\n[Deal \"{}\"]\n",
        format_deal(Seat::North, hands)
    )
}

/// Three boards of known hands, with their dealers and vulnerability.
fn three_boards() -> (String, Vec<(BySeat<CardSet>, Seat, Vulnerability)>) {
    let boards: Vec<_> = [
        (Seat::East, Vulnerability::NorthSouth),
        (Seat::West, Vulnerability::Both),
        (Seat::North, Vulnerability::None),
    ]
    .into_iter()
    .enumerate()
    .map(|(k, (dealer, vul))| {
        let setup = BridgeSetup::from_seed(100 + k as u64, vul, BridgeOptions::default());
        (setup.hands, dealer, vul)
    })
    .collect();
    let text = boards
        .iter()
        .enumerate()
        .map(|(k, (hands, dealer, vul))| pbn_game(k as u32 + 1, *dealer, &vul.to_string(), hands))
        .collect::<Vec<_>>()
        .join("\n");
    (text, boards)
}

/// Table `id` as `cookie`'s player sees it once it waits on them.
async fn settled(server: &Server, id: i64, cookie: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (_, _, text) = server
            .http("GET", &format!("/api/tables/{id}"), Some(cookie), None)
            .await;
        let view: Value = serde_json::from_str(&text).expect("JSON");
        if view["legal"].as_array().is_some_and(|l| !l.is_empty()) {
            return view;
        }
        assert!(
            Instant::now() < deadline,
            "table {id} never waited on the player: {view}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn upload(server: &Server, cookie: &str, body: &Value) -> (u16, Value) {
    let (status, _, text) = server
        .http(
            "POST",
            "/api/tables/pbn",
            Some(cookie),
            Some(&body.to_string()),
        )
        .await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

fn cards(value: &Value) -> CardSet {
    serde_json::from_value(value.clone()).expect("a list of cards")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_uploaded_pbn_file_is_played_board_by_board_and_survives_a_restart() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let ada = server.player().await;
    let bo = server.player().await;
    let (text, boards) = three_boards();

    // A table of people: Ada in South sees her own hand of board 1, and nobody else's.
    let (status, answer) = upload(
        &server,
        &ada,
        &json!({"boards_pbn": text, "bots": {"N": "random", "E": "random", "W": "random"},
                "settings": fast()}),
    )
    .await;
    assert_eq!(status, 201, "{answer}");
    let id = answer["id"].as_i64().expect("an id");
    // Listed while it waits for South, with its number of boards and not its cards.
    let (_, _, lobby) = server.http("GET", "/api/tables", None, None).await;
    let lobby: Value = serde_json::from_str(&lobby).expect("JSON");
    let listed = lobby["tables"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["id"] == id).cloned())
        .expect("the table is listed");
    assert_eq!(listed["options"]["boards"], 3, "{listed}");
    assert!(
        !lobby.to_string().contains("Deal"),
        "the boards are not told"
    );

    let (status, _, sat) = server
        .http(
            "POST",
            &format!("/api/tables/{id}/commands"),
            Some(&ada),
            Some(r#"{"v": 1, "type": "sit", "id": "s1", "seat": "S"}"#),
        )
        .await;
    assert_eq!(status, 200, "{sat}");
    // Read once the computer players have made their calls and the table waits on Ada.
    let view = settled(&server, id, &ada).await;
    assert_eq!(view["game"], "bridge");
    assert_eq!(view["match"], "duplicate");
    assert_eq!(view["deal_number"], 1);
    let (first, dealer, _) = &boards[0];
    assert_eq!(
        cards(&view["deal"]["hands"]["S"]),
        first[Seat::South],
        "{view}"
    );
    assert_eq!(view["deal"]["dealer"], dealer.to_string(), "{view}");
    let hands = view["deal"]["hands"].as_object().expect("hands");
    assert_eq!(
        hands.keys().collect::<Vec<_>>(),
        ["S"],
        "South sees her own hand alone"
    );
    for cookie in [Some(bo.as_str()), None] {
        let (_, _, text) = server
            .http("GET", &format!("/api/tables/{id}"), cookie, None)
            .await;
        for seat in [Seat::North, Seat::East, Seat::South, Seat::West] {
            let written = serde_json::to_string(&first[seat]).expect("JSON");
            assert!(
                !text.contains(&written),
                "a spectator sees {seat}'s hand: {text}"
            );
        }
    }
    // The same file at a table of computer players, played to its end: the file's
    // boards, in order, at their dealers and vulnerability.
    let (status, answer) = upload(
        &server,
        &ada,
        &json!({"boards_pbn": text, "game": "bridge", "match": "duplicate",
                "bots": serde_json::from_str::<Value>(FOUR_BOTS).expect("JSON"),
                "settings": fast()}),
    )
    .await;
    assert_eq!(status, 201, "{answer}");
    let played = answer["id"].as_i64().expect("an id");
    finished(&server, played).await;
    let (_, _, text) = get(&server, &format!("/api/tables/{played}/record.json"), None).await;
    let record = Record::from_json(&text).expect("the record reads");
    assert_eq!(record.deals.len(), 3);
    for (k, (hands, dealer, vul)) in boards.iter().enumerate() {
        let deal = &record.deals[k];
        let expected: Value = Seat::ALL
            .iter()
            .map(|s| (s.to_string(), json!(hands[*s])))
            .collect::<serde_json::Map<_, _>>()
            .into();
        assert_eq!(
            serde_json::to_value(&deal.hands).expect("JSON"),
            expected,
            "board {}",
            k + 1
        );
        assert_eq!(deal.dealer, dealer.to_string(), "board {}", k + 1);
        assert_eq!(deal.vulnerable.as_deref(), Some(vul.to_string().as_str()));
    }

    // A restart: the uploaded table is rebuilt from its stored setup, Ada's hand as it was.
    server.stop().await;
    let server = Server::start(&db).await;
    let (status, _, again) = server
        .http("GET", &format!("/api/tables/{id}"), Some(&ada), None)
        .await;
    assert_eq!(status, 200, "{again}");
    let again: Value = serde_json::from_str(&again).expect("JSON");
    assert_eq!(again["version"], view["version"]);
    assert_eq!(again["deal"]["hands"], view["deal"]["hands"]);
    let (status, _, text) = get(&server, &format!("/api/tables/{played}/record.pbn"), None).await;
    assert_eq!(status, 200, "{text}");
    assert_eq!(parse_pbn_file(&text).expect("PBN").games.len(), 3);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deuces_wild_file_makes_a_deuces_wild_table() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let ada = server.player().await;
    let (text, _) = three_boards();
    let wild = text.replace("[Board", "[TenaceGame \"deuces-wild\"]\n[Board");
    let (status, answer) = upload(&server, &ada, &json!({"boards_pbn": wild})).await;
    assert_eq!(status, 201, "{answer}");
    let id = answer["id"].as_i64().expect("an id");
    let (_, _, view) = server
        .http("GET", &format!("/api/tables/{id}"), None, None)
        .await;
    let view: Value = serde_json::from_str(&view).expect("JSON");
    assert_eq!(view["game"], "deuces-wild", "{view}");
    // The file decides: another game asked for is refused, naming the game.
    let (status, answer) = upload(
        &server,
        &ada,
        &json!({"boards_pbn": wild, "game": "bridge"}),
    )
    .await;
    assert_eq!(
        (status, answer["error"]["field"].clone()),
        (400, json!("game")),
        "{answer}"
    );
    server.stop().await;
}

/// The tables the store holds.
fn stored_tables(db: &std::path::Path) -> usize {
    let store = SqliteStore::open(db).expect("the store opens");
    (1..=20)
        .filter(|&id| store.table(TableId(id)).ok().flatten().is_some())
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_upload_creates_nothing_and_says_where_the_file_is_wrong() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let ada = server.player().await;
    let (text, boards) = three_boards();
    // Board 2 given North's ace of spades twice: East holds it too, in place of a card.
    let (hands, _, _) = &boards[1];
    let spade_ace: tenace_cards::Card = "SA".parse().expect("a card");
    let holder = Seat::ALL
        .into_iter()
        .find(|&s| hands[s].contains(spade_ace))
        .expect("someone");
    let other = Seat::ALL
        .into_iter()
        .find(|&s| s != holder)
        .expect("another");
    let mut twice = *hands;
    let dropped = twice[other].iter().next().expect("a card");
    twice[other].remove(dropped);
    twice[other].insert(spade_ace);
    let bad_deal = pbn_game(2, Seat::West, "Both", &twice);
    let good_second = pbn_game(2, Seat::West, "Both", hands);
    let card_twice = text.replace(&good_second, &bad_deal);
    assert_ne!(card_twice, text);
    let deal_line = card_twice
        .lines()
        .position(|l| l.starts_with("[Deal") && l.contains(&format_deal(Seat::North, &twice)))
        .expect("the bad deal")
        + 1;
    let partial = text.clone()
        + "\n[Board \"4\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.T98.765.432 - - -\"]\n";
    let refusals = [
        (
            json!({"boards_pbn": card_twice}),
            "boards_pbn",
            format!("PBN game 2, line {deal_line}"),
        ),
        (
            json!({"boards_pbn": partial}),
            "boards_pbn",
            "PBN game 4".to_string(),
        ),
        (
            json!({"boards_pbn": "[Board \"1\""}),
            "boards_pbn",
            "PBN game 1, line 1".to_string(),
        ),
        (
            json!({"boards_pbn": ""}),
            "boards_pbn",
            "no PBN game".to_string(),
        ),
        (
            json!({"boards_pbn": text, "match": "rubber"}),
            "match",
            "duplicate".to_string(),
        ),
        (
            json!({"boards_pbn": text, "game": "bridgette"}),
            "game",
            "PBN".to_string(),
        ),
        (
            json!({"boards_pbn": text, "options": {"boards": 2}}),
            "options.boards",
            "3 boards".to_string(),
        ),
        (
            json!({"boards_pbn": text, "bots": {"X": "random"}}),
            "bots.X",
            String::new(),
        ),
        (
            json!({"game": "bridge"}),
            "boards_pbn",
            "missing".to_string(),
        ),
        (json!({"boards_pbn": 7}), "boards_pbn", "string".to_string()),
    ];
    for (body, field, words) in refusals {
        let (status, answer) = upload(&server, &ada, &body).await;
        assert_eq!(status, 400, "{answer}");
        assert_eq!(answer["error"]["field"], field, "{answer}");
        let message = answer["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(&words), "{words:?} in {answer}");
    }
    // The file goes to its own address: the lobby's creation names the field.
    let (status, _, answer) = server
        .http(
            "POST",
            "/api/tables",
            Some(&ada),
            Some(&json!({"game": "bridge", "boards_pbn": text}).to_string()),
        )
        .await;
    assert_eq!(
        (status, error_field(&answer)),
        (400, "boards_pbn".into()),
        "{answer}"
    );

    // Nothing was made: no table listed, none of Ada's, none stored.
    let (_, _, lobby) = server.http("GET", "/api/tables", None, None).await;
    assert_eq!(
        serde_json::from_str::<Value>(&lobby).expect("JSON")["tables"],
        json!([])
    );
    let (_, _, mine) = server.http("GET", "/api/me/tables", Some(&ada), None).await;
    assert_eq!(
        serde_json::from_str::<Value>(&mine).expect("JSON")["tables"],
        json!([])
    );
    assert_eq!(stored_tables(&db), 0, "no partial table in the store");
    server.stop().await;
}

/// Posts `body` to the upload address as a client that keeps going when the server
/// answers before reading it all: the status and body of the answer.
async fn refused_early(server: &Server, cookie: &str, body: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connect");
    let head = format!(
        "POST /api/tables/pbn HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nCookie: {}={cookie}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        server.addr,
        tenace_server::COOKIE_NAME,
        body.len()
    );
    stream
        .write_all(head.as_bytes())
        .await
        .expect("write the head");
    // The server may refuse and close before the body is all sent: a reset is no answer.
    let _ = stream.write_all(body.as_bytes()).await;
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw).await;
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, body.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_upload_is_refused_naming_the_limit() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let ada = server.player().await;
    let (text, _) = three_boards();

    // Over the body's limit: refused before the file is read.
    let padding = format!("{{{}}}\n", "x".repeat(tenace_server::MAX_UPLOAD_BYTES));
    let huge = json!({"boards_pbn": format!("{padding}{text}")}).to_string();
    let (status, answer) = refused_early(&server, &ada, &huge).await;
    assert_eq!(
        (status, error_field(&answer)),
        (413, "body".into()),
        "{answer}"
    );
    assert!(
        answer.contains(&tenace_server::MAX_UPLOAD_BYTES.to_string()),
        "{answer}"
    );

    // Within it, but more boards than a table plays.
    let game = text.split("\n\n").next().expect("a game").to_string();
    let many = vec![game; TableSetup::MAX_BOARDS + 1].join("\n\n");
    let (status, answer) = upload(&server, &ada, &json!({"boards_pbn": many})).await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["error"]["field"], "boards_pbn");
    assert!(answer.to_string().contains("at most 64"), "{answer}");
    // The most a table plays is taken.
    let game = text.split("\n\n").next().expect("a game").to_string();
    let most = vec![game; TableSetup::MAX_BOARDS].join("\n\n");
    let (status, answer) = upload(&server, &ada, &json!({"boards_pbn": most})).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(stored_tables(&db), 1, "the refused ones stored nothing");
    server.stop().await;
}
