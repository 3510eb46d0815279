//! Every view a player is sent is the state the table's log holds at that version: never
//! an action the log lacks, also when the store fails. A store that fails chosen appends
//! (as a full disk would) stands in for the failure: a refused computer player's action is
//! tried again, a refused person's action is answered with an error naming the store and
//! changes nothing, the same command id then goes through, and a restart rebuilds the
//! table the players last saw.

mod support;

use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use support::{Client, Server, temp_db};
use tenace_store::{
    Appended, NewEvent, NewTable, Player, PlayerId, SqliteStore, Store, StoreError, Table, TableId,
    TableStatus, Timestamp, TokenHash,
};
use tenace_table::{Event, Viewer};

/// A SQLite store that fails the append of one chosen seq a given number of times, as a
/// full disk might, and stores the rest of each batch as usual.
struct Flaky {
    inner: SqliteStore,
    /// The seq to fail and how many more times.
    fail: Mutex<Option<(u64, usize)>>,
}

impl Flaky {
    fn arm(&self, seq: u64, times: usize) {
        *self.fail.lock().expect("lock") = Some((seq, times));
    }

    fn failures_left(&self) -> usize {
        self.fail
            .lock()
            .expect("lock")
            .map_or(0, |(_, times)| times)
    }

    /// Whether this event is to fail (counting it).
    fn fails(&self, event: &NewEvent) -> bool {
        let mut fail = self.fail.lock().expect("lock");
        match &mut *fail {
            Some((seq, times)) if *times > 0 && event.seq == *seq => {
                *times -= 1;
                true
            }
            _ => false,
        }
    }
}

impl Store for Flaky {
    fn create_player(&self, name: &str, hash: &TokenHash) -> tenace_store::Result<Player> {
        self.inner.create_player(name, hash)
    }
    fn player(&self, id: PlayerId) -> tenace_store::Result<Option<Player>> {
        self.inner.player(id)
    }
    fn player_by_token(&self, hash: &TokenHash) -> tenace_store::Result<Option<Player>> {
        self.inner.player_by_token(hash)
    }
    fn rename_player(&self, id: PlayerId, name: &str) -> tenace_store::Result<Player> {
        self.inner.rename_player(id, name)
    }
    fn create_table(&self, table: &NewTable) -> tenace_store::Result<Table> {
        self.inner.create_table(table)
    }
    fn table(&self, id: TableId) -> tenace_store::Result<Option<Table>> {
        self.inner.table(id)
    }
    fn table_by_invite(
        &self,
        invite: &tenace_store::InviteToken,
    ) -> tenace_store::Result<Option<Table>> {
        self.inner.table_by_invite(invite)
    }
    fn set_table_status(&self, id: TableId, status: TableStatus) -> tenace_store::Result<()> {
        self.inner.set_table_status(id, status)
    }
    fn set_table_settings(&self, id: TableId, settings: &Value) -> tenace_store::Result<()> {
        self.inner.set_table_settings(id, settings)
    }
    fn open_public_tables(&self, limit: usize) -> tenace_store::Result<Vec<Table>> {
        self.inner.open_public_tables(limit)
    }
    fn count_tables_created_by(
        &self,
        host: PlayerId,
        since: Timestamp,
    ) -> tenace_store::Result<u64> {
        self.inner.count_tables_created_by(host, since)
    }
    fn unfinished_tables(&self) -> tenace_store::Result<Vec<Table>> {
        self.inner.unfinished_tables()
    }
    fn append_batch(
        &self,
        events: &[NewEvent],
    ) -> tenace_store::Result<Vec<tenace_store::Result<Appended>>> {
        let mut outcomes = Vec::with_capacity(events.len());
        let mut from = 0;
        for (i, event) in events.iter().enumerate() {
            if self.fails(event) {
                outcomes.extend(self.inner.append_batch(&events[from..i])?);
                outcomes.push(Err(StoreError::backend(
                    "appending events",
                    std::io::Error::other("the disk is full (a test's failure)"),
                )));
                from = i + 1;
            }
        }
        outcomes.extend(self.inner.append_batch(&events[from..])?);
        Ok(outcomes)
    }
    fn events(
        &self,
        table: TableId,
        from_seq: u64,
    ) -> tenace_store::Result<Vec<tenace_store::Event>> {
        self.inner.events(table, from_seq)
    }
    fn last_seq(&self, table: TableId) -> tenace_store::Result<u64> {
        self.inner.last_seq(table)
    }
}

/// The client's next frame, within 20 s, on a socket that stays open.
async fn next_frame(client: &mut Client) -> Value {
    tokio::time::timeout(std::time::Duration::from_secs(20), client.next())
        .await
        .expect("a frame within 20 s")
        .expect("the socket stays open")
}

/// Every view frame until `pick` accepts one, which is returned last.
async fn views_until(client: &mut Client, pick: impl Fn(&Value) -> bool) -> Vec<Value> {
    let mut seen = Vec::new();
    loop {
        let frame = next_frame(client).await;
        if frame["type"] == "view" {
            let view = frame["view"].clone();
            let done = pick(&view);
            seen.push(view);
            if done {
                return seen;
            }
        }
    }
}

/// Sends `action` as command `id` and reads until its answer: the answer, and the views
/// that came before it (the view that holds an action comes before its ack).
async fn act(client: &mut Client, id: &str, action: &str) -> (Value, Vec<Value>) {
    let command = json!({"v": 1, "type": "act", "id": id, "action": action});
    client.send_text(&command.to_string()).await;
    let mut views = Vec::new();
    loop {
        let frame = next_frame(client).await;
        if frame["type"] == "view" {
            views.push(frame["view"].clone());
        } else if frame["id"] == id {
            return (frame, views);
        }
    }
}

/// The views after an action until the person is to act again or the match is over,
/// from those that came with its answer on.
async fn views_after(client: &mut Client, mut views: Vec<Value>) -> Vec<Value> {
    let settled = |v: &Value| to_act(v) || v["status"] == "finished";
    if !views.last().is_some_and(settled) {
        views.extend(views_until(client, settled).await);
    }
    views
}

/// Checks each view against table `table`'s log in `store`: the log holds at least the
/// view's version, and the seat's deal in the view is the deal the log's first `version`
/// events give. Returns how many views were checked.
fn views_match_the_log(store: &dyn Store, table: i64, player: i64, views: &[Value]) -> usize {
    let id = TableId(table);
    let row = store.table(id).expect("read").expect("the table");
    let setup: tenace_table::TableSetup =
        serde_json::from_value(row.game_config.clone()).expect("its setup");
    let log: Vec<Event> = store
        .events(id, 1)
        .expect("its log")
        .into_iter()
        .map(|e| serde_json::from_value(e.payload).expect("an event"))
        .collect();
    for view in views {
        let version = view["version"].as_u64().expect("a version") as usize;
        assert!(
            version <= log.len(),
            "a view at version {version} while the log holds {} events",
            log.len()
        );
        let replayed = tenace_table::Table::replay(setup.clone(), row.host.0, &log[..version])
            .expect("replay");
        let truth = replayed.view_for(Viewer::Player(player), &|_| true);
        assert_eq!(
            view["deal"], truth["deal"],
            "the view at version {version} is not the log's state at that version"
        );
    }
    views.len()
}

/// A bridge table with the person in S and three basic computer players, started: the
/// person's client, their id, the table's id and the views until the person is to act.
async fn person_with_bots(server: &Server) -> (Client, i64, i64, Vec<Value>) {
    let cookie = server.player().await;
    let table = server
        .create(
            &cookie,
            json!({"game": "bridge", "match": "rubber",
                   "bots": {"N": "basic", "E": "basic", "W": "basic"}}),
        )
        .await;
    let mut client = server.connect(table, &cookie).await;
    let sat = client.command(json!({"type": "sit", "seat": "S"})).await;
    assert_eq!(sat["type"], "ack", "{sat}");
    let view = client.view_where(|v| v["viewer"]["player"].is_i64()).await;
    let player = view["viewer"]["player"].as_i64().expect("the person's id");
    let views = if to_act(&view) {
        vec![view]
    } else {
        views_until(&mut client, to_act).await
    };
    (client, player, table, views)
}

fn to_act(view: &Value) -> bool {
    view["legal"].as_array().is_some_and(|l| !l.is_empty())
}

/// The person's first legal action.
fn first_legal(view: &Value) -> String {
    view["legal"][0].as_str().expect("an action").to_string()
}

#[tokio::test]
async fn each_view_is_the_logs_state_at_its_version() {
    let (_dir, db) = temp_db();
    let server = Server::start(&db).await;
    let (mut client, player, table, mut views) = person_with_bots(&server).await;
    for n in 0..12 {
        let before = views.last().expect("a view").clone();
        let (answer, came) = act(&mut client, &format!("a{n}"), &first_legal(&before)).await;
        assert_eq!(answer["type"], "ack", "{answer}");
        let acked = answer["version"].as_u64().expect("a version");
        assert_eq!(acked, before["version"].as_u64().expect("a version") + 1);
        let more = views_after(&mut client, came).await;
        // The view that holds the action comes before its ack.
        let first = more.first().expect("a view after the action");
        assert_eq!(first["version"].as_u64(), Some(acked), "{first}");
        let done = more.last().is_some_and(|v| v["status"] == "finished");
        views.extend(more);
        if done {
            break;
        }
    }
    for pair in views.windows(2) {
        assert!(
            pair[0]["version"].as_u64() <= pair[1]["version"].as_u64(),
            "views went back in time"
        );
    }
    let store = SqliteStore::open(&db).expect("a second connection");
    let checked = views_match_the_log(&store, table, player, &views);
    assert!(checked > 12, "only {checked} views");
    server.stop().await;
}

#[tokio::test]
async fn a_refused_append_changes_nothing_and_play_goes_on() {
    let (_dir, db) = temp_db();
    let flaky = Arc::new(Flaky {
        inner: SqliteStore::open(&db).expect("the store opens"),
        fail: Mutex::new(None),
    });
    let server = Server::start_on(
        Arc::clone(&flaky) as Arc<dyn Store>,
        tenace_server::ServerConfig {
            bot_pacing: Some(std::time::Duration::ZERO),
            ..tenace_server::ServerConfig::default()
        },
    )
    .await;
    let (mut client, player, table, mut views) = person_with_bots(&server).await;

    // The person's action is stored; the computer player's answer after it is refused
    // twice by the store, then stored: it is tried again.
    let before = views.last().expect("a view").clone();
    let version = before["version"].as_u64().expect("a version");
    flaky.arm(version + 2, 2);
    let (answer, came) = act(&mut client, "first", &first_legal(&before)).await;
    assert_eq!(answer["type"], "ack", "{answer}");
    assert_eq!(answer["version"], version + 1, "{answer}");
    views.extend(views_after(&mut client, came).await);
    assert_eq!(
        flaky.failures_left(),
        0,
        "the store never refused the answer"
    );
    assert!(
        views.last().expect("a view")["version"].as_u64() > Some(version + 1),
        "the computer players did not go on after the failures"
    );

    // The person's own action refused: an error naming the store, nothing changed, and
    // the same action goes through when sent again.
    let before = views.last().expect("a view").clone();
    assert!(to_act(&before), "the person is to act again: {before}");
    let version = before["version"].as_u64().expect("a version");
    flaky.arm(version + 1, 1);
    let action = first_legal(&before);
    let (refused, came) = act(&mut client, "refused", &action).await;
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(refused["field"], "store", "{refused}");
    views.extend(came);
    assert_eq!(
        views.last().expect("a view")["version"],
        version,
        "a refused action changed the table"
    );
    // A store failure is not remembered as the command's answer: the same id again.
    let (again, came) = act(&mut client, "refused", &action).await;
    assert_eq!(again["type"], "ack", "{again}");
    assert_eq!(again["version"], version + 1, "{again}");
    views.extend(views_after(&mut client, came).await);
    views_match_the_log(&flaky.inner, table, player, &views);

    // A restart rebuilds the same table from the log.
    let last = views.last().expect("a view").clone();
    server.stop().await;
    let server = Server::start(&db).await;
    let public_view = server
        .http("GET", &format!("/api/tables/{table}"), None, None)
        .await;
    assert_eq!(public_view.0, 200);
    let public: Value = serde_json::from_str(&public_view.2).expect("JSON");
    assert_eq!(
        public["version"], last["version"],
        "the restart lost or gained actions"
    );
    server.stop().await;
}
