//! Two servers in this process over one Postgres database, as two `tenace serve`
//! processes would run: one table played by people connected to different servers, chat
//! racing for the same seqs through both, presence seen across them, and the computer
//! players' lease handed over when its holder stops. (The real binaries, three of them,
//! one killed with SIGKILL, are `tenace-cli`'s `serve_cluster` test.)
//!
//! The database server is the one `TENACE_TEST_POSTGRES_URL` names (`scripts/test` starts
//! one); without it these tests are skipped, except under CI.

mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tenace_store::{Store, TableId};

use support::store_choice::scratch::{self, ScratchDatabase};
use support::{Client, Server};

/// A fresh database, or `None` when the Postgres tests are skipped.
fn scratch() -> Option<ScratchDatabase> {
    scratch::for_test("server_cluster", "Postgres cluster tests")
}

/// A runtime of the test's own: the Postgres client blocks, so the stores are made
/// outside it, and the server calls them on its blocking pool.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}

fn config() -> tenace_server::ServerConfig {
    tenace_server::ServerConfig {
        bot_pacing: Some(Duration::ZERO),
        ..tenace_server::ServerConfig::default()
    }
}

/// Two connections to the one database, one for each server: made outside the runtime,
/// as the Postgres client blocks.
fn two_stores(db: &ScratchDatabase) -> (Arc<dyn Store>, Arc<dyn Store>) {
    (Arc::new(db.connect()), Arc::new(db.connect()))
}

/// Two servers over one database, with computer players that do not pause.
async fn two_servers(a: Arc<dyn Store>, b: Arc<dyn Store>) -> (Server, Server) {
    (
        Server::start_on(a, config()).await,
        Server::start_on(b, config()).await,
    )
}

/// One gauge or counter of a server's `/metrics`.
async fn metric(server: &Server, name: &str) -> u64 {
    let (status, _, body) = server.http("GET", "/metrics", None, None).await;
    assert_eq!(status, 200);
    body.lines()
        .find_map(|line| line.strip_prefix(&format!("{name} ")))
        .and_then(|value| value.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in {body}"))
}

/// Waits until `check` holds, up to `limit`.
async fn eventually(limit: Duration, what: &str, mut check: impl AsyncFnMut() -> bool) {
    let deadline = Instant::now() + limit;
    while !check().await {
        assert!(Instant::now() < deadline, "never: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Plays `client`'s seat until the table is finished: the first legal action whenever
/// the view offers some it has not acted on yet. Returns the versions its acks named.
async fn play(mut client: Client) -> (Vec<u64>, Value) {
    let mut acked = Vec::new();
    let mut acted_at = 0;
    loop {
        let view = client
            .view_where(|v| {
                v["status"] == "finished"
                    || (v["version"].as_u64().unwrap_or(0) > acted_at
                        && v["legal"].as_array().is_some_and(|l| !l.is_empty()))
            })
            .await;
        if view["status"] == "finished" {
            return (acked, view);
        }
        acted_at = view["version"].as_u64().unwrap_or(0);
        let legal: Vec<&str> = view["legal"]
            .as_array()
            .map(|l| l.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let action = legal
            .iter()
            .find(|a| !a.starts_with("claim") && !a.starts_with("change"))
            .unwrap_or(&legal[0])
            .to_string();
        let answer = client
            .command(json!({"type": "act", "action": action}))
            .await;
        if answer["type"] == "ack" {
            acked.push(
                answer["version"]
                    .as_u64()
                    .expect("an ack names its version"),
            );
        }
    }
}

/// The table's log: its seqs run 1..=n with nothing twice.
fn check_log(store: &dyn Store, table: i64) -> Vec<tenace_store::Event> {
    let events = store.events(TableId(table), 1).expect("the log reads");
    for (k, event) in events.iter().enumerate() {
        assert_eq!(event.seq, k as u64 + 1, "the log has no gaps");
    }
    events
}

/// A person's cookie and their connection.
struct Person {
    cookie: String,
    socket: Client,
}

/// A Contract Bridge table made at server A, with computer players East and West: North
/// sits through A and South through B. Returns the table, North and South.
async fn north_at_a_south_at_b(
    a: &Server,
    b: &Server,
    away_takeover: bool,
) -> (i64, Person, Person) {
    let (north, south) = (a.player().await, b.player().await);
    let table = a
        .create(
            &north,
            json!({"game": "bridge", "match": "single_deal",
                   "bots": {"E": "random", "W": "random"},
                   "settings": {"pacing_ms": 0, "think_ms": 50, "away_takeover": away_takeover}}),
        )
        .await;
    let mut n = a.connect(table, &north).await;
    let mut s = b.connect(table, &south).await;
    for (socket, seat) in [(&mut n, "N"), (&mut s, "S")] {
        assert_eq!(
            socket.command(json!({"type": "sit", "seat": seat})).await["type"],
            "ack"
        );
    }
    (
        table,
        Person {
            cookie: north,
            socket: n,
        },
        Person {
            cookie: south,
            socket: s,
        },
    )
}

#[test]
fn people_at_two_servers_play_one_table_whose_bots_one_server_drives() {
    let Some(db) = scratch() else { return };
    let (store_a, store_b) = two_stores(&db);
    let check = db.connect();
    let table = runtime().block_on(async {
        let (a, b) = two_servers(store_a, store_b).await;
        let (table, Person { socket: n, .. }, Person { socket: mut s, .. }) =
            north_at_a_south_at_b(&a, &b, false).await;
        // Each sees the other's seat taken, and connected, through the other server.
        let north_connected = |v: &Value| {
            v["seats"].as_array().is_some_and(|seats| {
                seats
                    .iter()
                    .any(|x| x["seat"] == "N" && x["presence"] == "connected")
            })
        };
        s.view_where(north_connected).await;
        eventually(
            Duration::from_secs(5),
            "one server drives the bots",
            async || {
                metric(&a, "tenace_tables_driven").await + metric(&b, "tenace_tables_driven").await
                    == 1
            },
        )
        .await;
        let (north_acks, south_acks) = tokio::join!(play(n), play(s));
        let (north_acks, north_view) = north_acks;
        let (south_acks, south_view) = south_acks;
        assert!(!north_acks.is_empty() && !south_acks.is_empty());
        assert_eq!(north_view["version"], south_view["version"]);
        assert!(metric(&b, "tenace_notifications_total").await > 0);
        a.stop().await;
        b.stop().await;
        let mut versions: Vec<u64> = north_acks.into_iter().chain(south_acks).collect();
        versions.sort_unstable();
        versions.dedup();
        (table, versions)
    });
    let (table, versions) = table;
    let events = check_log(&check, table);
    for version in &versions {
        assert!(
            events[*version as usize - 1].actor.is_some(),
            "an acknowledged action is a person's event in the log"
        );
    }
    let people: Vec<_> = events
        .iter()
        .filter(|e| e.actor.is_some() && !versions.contains(&e.seq))
        .map(|e| (e.seq, e.kind.clone(), e.client_id.clone()))
        .collect();
    assert_eq!(
        people.len(),
        4,
        "only the host's two computer players and the two sits are people's events no \
         ack named: {people:?}"
    );
}

#[test]
fn chat_racing_through_two_servers_is_stored_once_each() {
    let Some(db) = scratch() else { return };
    let (store_a, store_b) = two_stores(&db);
    let check = db.connect();
    let table = runtime().block_on(async {
        let (a, b) = two_servers(store_a, store_b).await;
        let (ada, bea) = (a.player().await, b.player().await);
        let table = a
            .create(&ada, json!({"game": "bridge", "match": "single_deal"}))
            .await;
        let chat = |mut client: Client, who: &'static str| async move {
            let mut acks = Vec::new();
            for k in 0..5 {
                let answer = client
                    .command(json!({"type": "chat", "text": format!("{who} {k}")}))
                    .await;
                assert_eq!(answer["type"], "ack", "{answer}");
                acks.push(answer["version"].as_u64().expect("a version"));
            }
            acks
        };
        let (ca, cb) = (a.connect(table, &ada).await, b.connect(table, &bea).await);
        let (acks_a, acks_b) = tokio::join!(chat(ca, "ada"), chat(cb, "bea"));
        let mut all: Vec<u64> = acks_a.into_iter().chain(acks_b).collect();
        all.sort_unstable();
        assert_eq!(all, (1..=10).collect::<Vec<_>>(), "ten chats, ten seqs");
        a.stop().await;
        b.stop().await;
        table
    });
    let events = check_log(&check, table);
    assert_eq!(events.len(), 10, "each chat once: {events:?}");
}

#[test]
fn the_lease_moves_to_the_other_server_when_its_holder_stops() {
    let Some(db) = scratch() else { return };
    let (store_a, store_b) = two_stores(&db);
    runtime().block_on(async {
        let (a, b) = two_servers(store_a, store_b).await;
        let south = b.player().await;
        let table = a
            .create(
                &south,
                json!({"game": "bridge", "match": "single_deal",
                       "bots": {"N": "random", "E": "random", "W": "random"},
                       "settings": {"pacing_ms": 0, "think_ms": 50, "away_takeover": false}}),
            )
            .await;
        eventually(
            Duration::from_secs(5),
            "server A drives its new table",
            async || metric(&a, "tenace_tables_driven").await == 1,
        )
        .await;
        let mut s = b.connect(table, &south).await;
        assert_eq!(
            s.command(json!({"type": "sit", "seat": "S"})).await["type"],
            "ack"
        );
        a.stop().await;
        let stopped = Instant::now();
        eventually(
            Duration::from_secs(5),
            "server B takes the lease",
            async || metric(&b, "tenace_tables_driven").await == 1,
        )
        .await;
        eprintln!(
            "lease moved {:?} after the holder stopped",
            stopped.elapsed()
        );
        let (acks, view) = play(s).await;
        assert!(!acks.is_empty());
        assert_eq!(view["status"], "finished");
        b.stop().await;
    });
}

/// Server B, running before a table was made at server A, lists it among a player's
/// tables once they sit there through A: B holds every table it hears of, and follows it
/// from then on.
#[test]
fn a_players_tables_at_one_server_list_a_table_made_and_sat_at_the_other() {
    let Some(db) = scratch() else { return };
    let (store_a, store_b) = two_stores(&db);
    runtime().block_on(async {
        let (a, b) = two_servers(store_a, store_b).await;
        let host = a.player().await;
        let (_, set_cookie, _) = b.http("GET", "/api/me", None, None).await;
        let stranger = set_cookie.expect("a new player's cookie");
        let table = a
            .create(&host, json!({"game": "bridge", "match": "single_deal"}))
            .await;
        let mut n = a.connect(table, &host).await;
        assert_eq!(
            n.command(json!({"type": "sit", "seat": "N"})).await["type"],
            "ack"
        );
        let listed = |body: &str| -> Vec<(i64, String)> {
            let answer: Value = serde_json::from_str(body).expect("JSON");
            answer["tables"]
                .as_array()
                .expect("a list")
                .iter()
                .map(|t| {
                    let id = t["id"].as_i64().expect("an id");
                    (id, t["seat"].as_str().unwrap_or("").to_string())
                })
                .collect()
        };
        for (server, name) in [(&a, "A"), (&b, "B")] {
            // B learns of the seat from A's notice, a few milliseconds after A's ack.
            eventually(
                Duration::from_secs(5),
                &format!("server {name} lists the table the host sits at"),
                async || {
                    let (status, _, body) = server
                        .http("GET", "/api/me/tables", Some(&host), None)
                        .await;
                    assert_eq!(status, 200, "{body}");
                    listed(&body) == vec![(table, "N".to_string())]
                },
            )
            .await;
            let (_, _, body) = server
                .http("GET", "/api/me/tables", Some(&stranger), None)
                .await;
            assert!(listed(&body).is_empty(), "nobody else's: {body}");
        }
        // B now holds the table live and follows it: the seat left through A goes.
        assert_eq!(n.command(json!({"type": "leave"})).await["type"], "ack");
        eventually(
            Duration::from_secs(5),
            "server B sees the seat left",
            async || {
                let (_, _, body) = b.http("GET", "/api/me/tables", Some(&host), None).await;
                listed(&body).is_empty()
            },
        )
        .await;
        a.stop().await;
        b.stop().await;
    });
}

/// A person away from every server longer than the table allows is shown taken over at
/// every server, not only at the one that drives the computer players.
#[test]
fn an_away_seat_taken_over_shows_at_the_server_that_does_not_drive() {
    let Some(db) = scratch() else { return };
    let (store_a, store_b) = two_stores(&db);
    runtime().block_on(async {
        let quick_away = || tenace_server::ServerConfig {
            away_limit: Some(Duration::from_millis(200)),
            ..config()
        };
        let a = Server::start_on(store_a, quick_away()).await;
        let b = Server::start_on(store_b, quick_away()).await;
        let (table, north, Person { socket: mut s, .. }) =
            north_at_a_south_at_b(&a, &b, true).await;
        eventually(
            Duration::from_secs(5),
            "server A drives its new table",
            async || metric(&a, "tenace_tables_driven").await == 1,
        )
        .await;
        let presence_of_north = |v: &Value| {
            v["seats"].as_array().and_then(|seats| {
                seats
                    .iter()
                    .find(|x| x["seat"] == "N")
                    .map(|x| x["presence"].as_str().unwrap_or("").to_string())
            })
        };
        s.view_where(|v| presence_of_north(v).as_deref() == Some("connected"))
            .await;
        drop(north.socket);
        let away = Instant::now();
        let view = s
            .view_where(|v| presence_of_north(v).as_deref() == Some("taken_over"))
            .await;
        eprintln!(
            "north shown taken over at server B {:?} after leaving server A",
            away.elapsed()
        );
        assert_eq!(
            metric(&b, "tenace_tables_driven").await,
            0,
            "B does not drive"
        );
        assert_eq!(view["status"], "playing");
        // Back through B, the seat is theirs again at both servers.
        let mut back = b.connect(table, &north.cookie).await;
        back.view_where(|v| presence_of_north(v).as_deref() == Some("connected"))
            .await;
        s.view_where(|v| presence_of_north(v).as_deref() == Some("connected"))
            .await;
        a.stop().await;
        b.stop().await;
    });
}

/// A process whose listening connection is lost makes it again and reads what it may have
/// missed: here tables made at the other process, which no notice announces (making a
/// table appends nothing), are held at B only once B's listener came back. The listeners
/// are cut from the database's side, as a restart of Postgres or a dropped link would.
#[test]
fn a_server_whose_listener_was_cut_holds_the_tables_made_meanwhile() {
    let Some(db) = scratch() else { return };
    let (store_a, store_b) = two_stores(&db);
    let url = db.url().to_string();
    runtime().block_on(async {
        let (a, b) = two_servers(store_a, store_b).await;
        let host = a.player().await;
        // B's heartbeat loads a table it finds without a driver, which a new table is
        // until A's task claims it: tables are made until B missed one, each waited on
        // until A drives it, after which B's beats leave it alone.
        let mut tables = Vec::new();
        while tables.len() < 10 {
            let table = a
                .create(&host, json!({"game": "bridge", "match": "single_deal"}))
                .await;
            tables.push(table);
            eventually(
                Duration::from_secs(5),
                "A drives its new table",
                async || metric(&a, "tenace_tables_driven").await == tables.len() as u64,
            )
            .await;
            // A load B's beat set off just before is done by now.
            tokio::time::sleep(Duration::from_millis(300)).await;
            if metric(&b, "tenace_tables_live").await < tables.len() as u64 {
                break;
            }
        }
        let held_by_b = metric(&b, "tenace_tables_live").await;
        assert!(
            held_by_b < tables.len() as u64,
            "B held all {} tables made at A before its listener was cut",
            tables.len()
        );
        assert_eq!(metric(&b, "tenace_notices_missed_total").await, 0);
        let cut = tokio::task::spawn_blocking(move || {
            let mut admin = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
            admin
                .query(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                     WHERE datname = current_database() AND pid <> pg_backend_pid()
                       AND query LIKE 'LISTEN%'",
                    &[],
                )
                .expect("terminating the listeners")
                .len()
        })
        .await
        .expect("the admin call");
        assert_eq!(cut, 2, "one listening connection a server");
        eventually(
            Duration::from_secs(10),
            "server B listens again and holds the tables made meanwhile",
            async || {
                metric(&b, "tenace_notices_missed_total").await == 1
                    && metric(&b, "tenace_tables_live").await == tables.len() as u64
            },
        )
        .await;
        eprintln!(
            "B held {held_by_b} of the {} tables made at A before its listener was cut, all after",
            tables.len()
        );
        assert_eq!(metric(&a, "tenace_notices_missed_total").await, 1);
        // Notices flow again: a seat taken through A shows in B's copy of the table.
        let table = *tables.last().expect("a table");
        let mut n = a.connect(table, &host).await;
        assert_eq!(
            n.command(json!({"type": "sit", "seat": "N"})).await["type"],
            "ack"
        );
        eventually(
            Duration::from_secs(5),
            "server B lists the seat taken through A",
            async || {
                let (_, _, body) = b.http("GET", "/api/me/tables", Some(&host), None).await;
                let answer: Value = serde_json::from_str(&body).expect("JSON");
                answer["tables"][0]["id"] == table && answer["tables"][0]["seat"] == "N"
            },
        )
        .await;
        a.stop().await;
        b.stop().await;
    });
}
