//! Several servers over one Postgres database: the notices of appends and presence, the
//! lease on each table's computer players, and who is alive, checked on a real server.
//!
//! As the other Postgres tests: the server is the one `TENACE_TEST_POSTGRES_URL` names
//! (`scripts/test` starts one); without it these tests are skipped, except under CI.

#[path = "support/fixtures.rs"]
mod fixtures;

#[path = "support/postgres_scratch.rs"]
mod scratch;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::json;
use tenace_store::{Cluster, NewEvent, Notice, PlayerToken, ProcessId, Store, TableStatus};

use fixtures::{event, table_in};
use scratch::ScratchDatabase;

/// A fresh database, or `None` when the Postgres tests are skipped.
fn scratch() -> Option<ScratchDatabase> {
    scratch::for_test("cluster", "Postgres cluster tests")
}

/// A listener on its own thread, its notices in a channel; stopped when dropped.
struct Listener {
    notices: mpsc::Receiver<Notice>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Listener {
    /// Listens through `cluster`, and waits until the listening connection is up (a
    /// notice sent before `LISTEN` would be lost).
    fn start(cluster: Arc<dyn Cluster>, db: &ScratchDatabase) -> Listener {
        let (tx, notices) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let stopped = || stopping.load(Ordering::Relaxed);
            let mut on = |notice| tx.send(notice).is_ok();
            cluster
                .listen(Duration::from_millis(50), &stopped, &mut on)
                .expect("listening");
        });
        let mut raw = db.raw();
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let listening: i64 = raw
                .query_one(
                    "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'",
                    &[],
                )
                .and_then(|row| row.try_get(0))
                .expect("reading the sessions");
            if listening > 0 {
                break;
            }
            assert!(Instant::now() < deadline, "the listener never listened");
            std::thread::sleep(Duration::from_millis(20));
        }
        Listener {
            notices,
            stop,
            thread: Some(thread),
        }
    }

    /// The next notice that `pick` accepts, skipping others, within five seconds.
    fn next(&self, pick: impl Fn(&Notice) -> bool) -> Notice {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.notices.recv_timeout(left) {
                Ok(notice) if pick(&notice) => return notice,
                Ok(_) => {}
                Err(e) => panic!("no notice came: {e}"),
            }
        }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Makes `process` look dead: its last beat long ago, as after a SIGKILL.
fn kill(db: &ScratchDatabase, process: ProcessId) {
    db.raw()
        .execute(
            "UPDATE server_processes SET heartbeat_at = clock_timestamp() - interval '1 minute'
             WHERE id = $1",
            &[&process.0],
        )
        .expect("backdating a heartbeat");
}

#[test]
fn appends_are_announced_with_their_events_and_origin() {
    let Some(db) = scratch() else { return };
    let (a, b) = (db.connect(), db.connect());
    let listener = Listener::start(a.cluster().expect("Postgres shares"), &db);
    let writer = b
        .cluster()
        .expect("Postgres shares")
        .join("writer")
        .expect("joins");
    let (_, table) = table_in(&b);
    let outcomes = b
        .append_batch(&[event(table, 1, "c1"), event(table, 2, "c2")])
        .expect("the batch commits");
    assert!(outcomes.iter().all(Result::is_ok), "{outcomes:?}");
    let Notice::Appended {
        table: noticed,
        last_seq,
        events,
        origin,
        sent_micros,
    } = listener.next(|n| matches!(n, Notice::Appended { .. }))
    else {
        unreachable!()
    };
    assert_eq!((noticed, last_seq, origin), (table, 2, Some(writer)));
    assert!(sent_micros > 0);
    let events = events.expect("two small events fit in the notice");
    assert_eq!(events, b.events(table, 1).expect("the log"));
}

#[test]
fn a_refused_append_announces_nothing_and_a_large_one_only_its_seq() {
    let Some(db) = scratch() else { return };
    let store = db.connect();
    let listener = Listener::start(store.cluster().expect("Postgres shares"), &db);
    let (_, table) = table_in(&store);
    // A gap is refused: nothing stored, nothing announced.
    assert!(store.append(&event(table, 5, "gap")).is_err());
    let large = NewEvent {
        payload: json!({"text": "x".repeat(20_000)}),
        ..event(table, 1, "large")
    };
    store.append(&large).expect("stored");
    let notice = listener.next(|_| true);
    let Notice::Appended {
        last_seq,
        events,
        origin,
        ..
    } = notice
    else {
        panic!("the first notice is the large event's: {notice:?}")
    };
    assert_eq!(last_seq, 1);
    assert!(events.is_none(), "8,000 bytes at most fit in a notice");
    assert_eq!(origin, None, "this store joined no cluster");
}

#[test]
fn one_process_holds_a_lease_until_it_dies_then_another_takes_it() {
    let Some(db) = scratch() else { return };
    let (a, b) = (db.connect(), db.connect());
    let (ca, cb) = (a.cluster().expect("shares"), b.cluster().expect("shares"));
    let (pa, pb) = (
        ca.join("a").expect("a joins"),
        cb.join("b").expect("b joins"),
    );
    assert_ne!(pa, pb);
    let (_, table) = table_in(&a);

    assert!(ca.claim(pa, table).expect("claim"), "a free lease is taken");
    assert!(
        !cb.claim(pb, table).expect("claim"),
        "a live holder keeps it"
    );
    assert!(ca.claim(pa, table).expect("claim"), "the holder renews it");
    let beat = ca.beat(pa).expect("beat");
    assert_eq!(beat.driving, vec![table]);
    assert!(beat.orphaned.is_empty() && beat.dead.is_empty(), "{beat:?}");

    kill(&db, pa);
    let beat = cb.beat(pb).expect("beat");
    assert_eq!(
        (beat.orphaned.clone(), beat.dead.clone()),
        (vec![table], vec![pa])
    );
    assert!(
        cb.claim(pb, table).expect("claim"),
        "a dead holder's lease is taken"
    );
    // Back from a long pause, the old holder finds the lease gone.
    let beat = ca.beat(pa).expect("beat");
    assert!(beat.driving.is_empty(), "{beat:?}");
    assert!(!ca.claim(pa, table).expect("claim"));

    // A finished table is nobody's orphan.
    kill(&db, pb);
    assert_eq!(ca.beat(pa).expect("beat").orphaned, vec![table]);
    a.set_table_status(table, TableStatus::Finished)
        .expect("finished");
    let beat = ca.beat(pa).expect("beat");
    assert!(beat.orphaned.is_empty(), "{beat:?}");
}

#[test]
fn a_process_that_leaves_hands_its_tables_over_at_once() {
    let Some(db) = scratch() else { return };
    let (a, b) = (db.connect(), db.connect());
    let (ca, cb) = (a.cluster().expect("shares"), b.cluster().expect("shares"));
    let (pa, pb) = (
        ca.join("a").expect("a joins"),
        cb.join("b").expect("b joins"),
    );
    let (_, table) = table_in(&a);
    assert!(ca.claim(pa, table).expect("claim"));
    ca.leave(pa).expect("leaves");
    assert_eq!(cb.beat(pb).expect("beat").orphaned, vec![table]);
    assert!(cb.claim(pb, table).expect("claim"));
}

#[test]
fn presence_is_seen_by_the_others_and_goes_with_a_dead_process() {
    let Some(db) = scratch() else { return };
    let (a, b) = (db.connect(), db.connect());
    let (ca, cb) = (a.cluster().expect("shares"), b.cluster().expect("shares"));
    let (pa, pb) = (
        ca.join("a").expect("a joins"),
        cb.join("b").expect("b joins"),
    );
    let (_, table) = table_in(&a);
    let ada = a
        .create_player("Ada", &PlayerToken::generate().hash())
        .expect("a player")
        .id;
    let listener = Listener::start(Arc::clone(&cb), &db);

    ca.set_presence(pa, table, ada, true).expect("connected");
    assert_eq!(
        listener.next(|n| matches!(n, Notice::Presence { .. })),
        Notice::Presence { table }
    );
    assert_eq!(cb.present_elsewhere(pb, table).expect("read"), vec![ada]);
    assert!(
        ca.present_elsewhere(pa, table).expect("read").is_empty(),
        "not its own"
    );
    // Said twice, it changes nothing and is not announced again.
    ca.set_presence(pa, table, ada, true).expect("connected");
    ca.set_presence(pa, table, ada, false).expect("left");
    assert_eq!(
        listener.next(|n| matches!(n, Notice::Presence { .. })),
        Notice::Presence { table }
    );
    assert!(cb.present_elsewhere(pb, table).expect("read").is_empty());

    ca.set_presence(pa, table, ada, true)
        .expect("connected again");
    kill(&db, pa);
    assert!(
        cb.present_elsewhere(pb, table).expect("read").is_empty(),
        "a dead process's connections are gone"
    );
}
