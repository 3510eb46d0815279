//! The conformance suite: what every [`Store`] must do, written once and run against each
//! backend (SQLite and Postgres in this crate's tests).
//!
//! Each check takes a store, makes its own players and tables, and panics with a message
//! naming what broke, as a test does. The checks never assume the store is empty, so they
//! can share one store and run in any order; [`run`] runs them all.
//!
//! ```
//! use std::sync::Arc;
//! use tenace_store::{SqliteStore, conformance};
//!
//! conformance::run(Arc::new(SqliteStore::open_in_memory()?));
//! # Ok::<(), tenace_store::StoreError>(())
//! ```

use std::collections::HashMap;
use std::sync::Arc;

use serde_json::json;

use crate::{
    Appended, GroupCommitter, NewEvent, NewTable, Player, PlayerId, PlayerToken, Store, StoreError,
    Table, TableId, TableStatus, Timestamp, Visibility,
};

/// Runs every check on `store`.
pub fn run(store: Arc<dyn Store>) {
    players(&*store);
    tables(&*store);
    lobby_and_replay_lists(&*store);
    append_and_read(&*store);
    seq_conflicts(&*store);
    duplicate_client_ids(&*store);
    unknown_ids(&*store);
    mixed_batch(&*store);
    group_commit_many_threads(store);
}

/// A new player with a fresh token: a helper for stores' own tests too.
pub fn new_player(store: &dyn Store, name: &str) -> Player {
    store
        .create_player(name, &PlayerToken::generate().hash())
        .expect("creating a player")
}

/// A new table hosted by `host`: a helper for stores' own tests too.
pub fn new_table(store: &dyn Store, host: PlayerId, visibility: Visibility) -> Table {
    store
        .create_table(&NewTable {
            game_config: json!({"game": "bridge", "options": {"vulnerability": "none"}}),
            match_kind: json!({"kind": "rubber"}),
            visibility,
            host,
            settings: json!({"spectators_see_all": false}),
        })
        .expect("creating a table")
}

/// An event with a payload that tells it apart.
fn event(table: TableId, seq: u64, client_id: Option<&str>, actor: Option<PlayerId>) -> NewEvent {
    NewEvent {
        table,
        seq,
        client_id: client_id.map(str::to_owned),
        actor,
        kind: "play".into(),
        payload: json!({"seq": seq, "client": client_id, "card": "SA"}),
    }
}

/// Appends `event` and expects it stored as new.
fn append_new(store: &dyn Store, event: &NewEvent) {
    match store.append(event) {
        Ok(Appended::New(stored)) => assert_eq!(stored.seq, event.seq),
        other => panic!(
            "append of seq {} to table {}: {other:?}",
            event.seq, event.table
        ),
    }
}

/// The `(seq, client_id)` pairs of a table's whole log.
fn log_of(store: &dyn Store, table: TableId) -> Vec<(u64, Option<String>)> {
    store
        .events(table, 1)
        .expect("reading a log")
        .into_iter()
        .map(|event| (event.seq, event.client_id))
        .collect()
}

/// Players: create, find by id and by token hash, rename; bad names and taken hashes refused.
pub fn players(store: &dyn Store) {
    let token = PlayerToken::generate();
    let ada = store
        .create_player("Ada", &token.hash())
        .expect("creating Ada");
    assert_eq!(ada.display_name, "Ada");
    assert!(ada.created_at > Timestamp::EPOCH, "created_at is set");
    assert_eq!(store.player(ada.id).expect("by id"), Some(ada.clone()));
    assert_eq!(
        store.player_by_token(&token.hash()).expect("by token"),
        Some(ada.clone())
    );
    assert_eq!(
        store
            .player_by_token(&PlayerToken::generate().hash())
            .expect("unknown token"),
        None
    );
    assert_eq!(store.player(PlayerId(i64::MAX)).expect("unknown id"), None);

    let renamed = store.rename_player(ada.id, "Ada L.").expect("renaming");
    assert_eq!(
        (renamed.id, renamed.display_name.as_str()),
        (ada.id, "Ada L.")
    );
    assert_eq!(renamed.created_at, ada.created_at);
    assert_eq!(
        store.player_by_token(&token.hash()).expect("by token"),
        Some(renamed)
    );

    assert!(matches!(
        store.create_player("Copy", &token.hash()),
        Err(StoreError::DuplicateTokenHash)
    ));
    for bad in ["", " Ada", "Ada\n"] {
        assert!(
            matches!(
                store.create_player(bad, &PlayerToken::generate().hash()),
                Err(StoreError::InvalidField {
                    field: "display_name",
                    ..
                })
            ),
            "created a player named {bad:?}"
        );
        assert!(matches!(
            store.rename_player(ada.id, bad),
            Err(StoreError::InvalidField {
                field: "display_name",
                ..
            })
        ));
    }
    assert!(matches!(
        store.rename_player(PlayerId(i64::MAX), "Nobody"),
        Err(StoreError::UnknownPlayer(PlayerId(i64::MAX)))
    ));
    // Two players with different tokens are two players, even with one name.
    let other = new_player(store, "Ada");
    assert_ne!(other.id, ada.id);
}

/// Tables: create public and private, find by id and invite, change status and settings.
pub fn tables(store: &dyn Store) {
    let host = new_player(store, "Host");
    let public = new_table(store, host.id, Visibility::Public);
    assert_eq!(public.invite, None, "a public table has no invite token");
    assert_eq!((public.status, public.host), (TableStatus::Open, host.id));
    assert_eq!(store.table(public.id).expect("by id"), Some(public.clone()));

    let private = new_table(store, host.id, Visibility::Private);
    let invite = private
        .invite
        .clone()
        .expect("a private table has an invite token");
    assert_eq!(invite.as_str().len(), 32);
    assert_eq!(
        store.table_by_invite(&invite).expect("by invite"),
        Some(private.clone())
    );
    assert_eq!(
        store
            .table_by_invite(&crate::InviteToken::generate())
            .expect("unknown invite"),
        None
    );
    let second = new_table(store, host.id, Visibility::Private);
    assert_ne!(second.invite, private.invite, "invite tokens are fresh");

    store
        .set_table_status(public.id, TableStatus::Playing)
        .expect("setting status");
    let settings = json!({"away_limit_s": 60, "bots_take_over": true});
    store
        .set_table_settings(public.id, &settings)
        .expect("setting settings");
    let read = store.table(public.id).expect("by id").expect("exists");
    assert_eq!(
        (read.status, &read.settings),
        (TableStatus::Playing, &settings)
    );
    assert_eq!(read.game_config, public.game_config);
    assert_eq!(read.match_kind, public.match_kind);

    let nowhere = TableId(i64::MAX);
    assert_eq!(store.table(nowhere).expect("unknown id"), None);
    assert!(matches!(
        store.set_table_status(nowhere, TableStatus::Finished),
        Err(StoreError::UnknownTable(_))
    ));
    assert!(matches!(
        store.set_table_settings(nowhere, &json!({})),
        Err(StoreError::UnknownTable(_))
    ));
    let orphan = NewTable {
        game_config: json!({}),
        match_kind: json!("single_deal"),
        visibility: Visibility::Public,
        host: PlayerId(i64::MAX),
        settings: json!({}),
    };
    assert!(matches!(
        store.create_table(&orphan),
        Err(StoreError::UnknownPlayer(PlayerId(i64::MAX)))
    ));
}

/// The lobby lists open public tables, newest first; replay finds every unfinished table;
/// the creation count counts a host's tables since a time.
pub fn lobby_and_replay_lists(store: &dyn Store) {
    let before = Timestamp::now();
    let host = new_player(store, "Lister");
    let open_old = new_table(store, host.id, Visibility::Public);
    let open_new = new_table(store, host.id, Visibility::Public);
    let private = new_table(store, host.id, Visibility::Private);
    let playing = new_table(store, host.id, Visibility::Public);
    let finished = new_table(store, host.id, Visibility::Public);
    store
        .set_table_status(playing.id, TableStatus::Playing)
        .expect("status");
    store
        .set_table_status(finished.id, TableStatus::Finished)
        .expect("status");

    let lobby: Vec<TableId> = store
        .open_public_tables(usize::MAX)
        .expect("lobby")
        .iter()
        .map(|table| table.id)
        .collect();
    let place = |id| lobby.iter().position(|&listed| listed == id);
    let (old_at, new_at) = (place(open_old.id), place(open_new.id));
    assert!(
        old_at.is_some() && new_at.is_some(),
        "open public tables are listed"
    );
    assert!(new_at < old_at, "the lobby lists newest first");
    for hidden in [&private, &playing, &finished] {
        assert_eq!(
            place(hidden.id),
            None,
            "table {} is not for the lobby",
            hidden.id
        );
    }
    assert_eq!(
        store.open_public_tables(1).expect("lobby").len(),
        1,
        "limit"
    );
    assert!(
        store.open_public_tables(0).expect("lobby").is_empty(),
        "limit 0"
    );

    let unfinished: Vec<TableId> = store
        .unfinished_tables()
        .expect("unfinished")
        .iter()
        .map(|table| table.id)
        .collect();
    for table in [&open_old, &open_new, &private, &playing] {
        assert!(
            unfinished.contains(&table.id),
            "table {} is unfinished",
            table.id
        );
    }
    assert!(
        !unfinished.contains(&finished.id),
        "a finished table is not replayed"
    );
    assert!(
        unfinished.windows(2).all(|pair| pair[0] < pair[1]),
        "oldest first"
    );

    assert_eq!(
        store
            .count_tables_created_by(host.id, before)
            .expect("count"),
        5
    );
    assert_eq!(
        store
            .count_tables_created_by(host.id, Timestamp::EPOCH)
            .expect("count"),
        5
    );
    let later = Timestamp(Timestamp::now().0 + 60_000);
    assert_eq!(
        store
            .count_tables_created_by(host.id, later)
            .expect("count"),
        0
    );
    let nobody = new_player(store, "Idle");
    assert_eq!(
        store
            .count_tables_created_by(nobody.id, Timestamp::EPOCH)
            .expect("count"),
        0
    );
}

/// Appended events read back whole and in order, from any seq.
pub fn append_and_read(store: &dyn Store) {
    let host = new_player(store, "Writer");
    let table = new_table(store, host.id, Visibility::Public).id;
    assert_eq!(store.last_seq(table).expect("empty log"), 0);
    assert!(store.events(table, 1).expect("empty log").is_empty());

    for seq in 1..=5 {
        let actor = (seq % 2 == 0).then_some(host.id);
        let client = format!("cmd-{seq}");
        let client = actor.map(|_| client.as_str());
        append_new(store, &event(table, seq, client, actor));
    }
    assert_eq!(store.last_seq(table).expect("last"), 5);

    let log = store.events(table, 1).expect("log");
    assert_eq!(
        log.iter().map(|event| event.seq).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    let second = &log[1];
    assert_eq!(
        (
            second.table,
            second.actor,
            second.client_id.as_deref(),
            second.kind.as_str()
        ),
        (table, Some(host.id), Some("cmd-2"), "play")
    );
    assert_eq!(
        second.payload,
        json!({"seq": 2, "client": "cmd-2", "card": "SA"})
    );
    assert!(second.created_at > Timestamp::EPOCH);
    assert_eq!((log[0].actor, log[0].client_id.as_deref()), (None, None));

    let tail = store.events(table, 4).expect("tail");
    assert_eq!(tail, log[3..]);
    assert!(store.events(table, 6).expect("past the end").is_empty());
    assert_eq!(store.events(table, 0).expect("from 0"), log);
}

/// The optimistic lock: a taken seq is refused with `SeqConflict`, a gap with `SeqGap`, and
/// neither changes the log.
pub fn seq_conflicts(store: &dyn Store) {
    let host = new_player(store, "Racer");
    let table = new_table(store, host.id, Visibility::Public).id;
    append_new(store, &event(table, 1, Some("first"), Some(host.id)));

    let conflict = store.append(&event(table, 1, Some("second"), Some(host.id)));
    assert!(
        matches!(conflict, Err(StoreError::SeqConflict { attempted: 1, last: 1, table: t }) if t == table),
        "{conflict:?}"
    );
    let gap = store.append(&event(table, 3, Some("third"), Some(host.id)));
    assert!(
        matches!(
            gap,
            Err(StoreError::SeqGap {
                attempted: 3,
                expected: 2,
                ..
            })
        ),
        "{gap:?}"
    );
    let zero = store.append(&event(table, 0, None, None));
    assert!(
        matches!(zero, Err(StoreError::InvalidField { field: "seq", .. })),
        "{zero:?}"
    );
    assert_eq!(log_of(store, table), [(1, Some("first".to_owned()))]);

    // The refused client ids were not stored: they may be used again.
    append_new(store, &event(table, 2, Some("second"), Some(host.id)));
    // Server events (no client id) take seqs like any other.
    append_new(store, &event(table, 3, None, None));
    assert!(matches!(
        store.append(&event(table, 3, None, None)),
        Err(StoreError::SeqConflict {
            attempted: 3,
            last: 3,
            ..
        })
    ));
}

/// A repeated client id returns the first stored event and stores nothing, per table and
/// actor; without a client id nothing is deduplicated.
pub fn duplicate_client_ids(store: &dyn Store) {
    let alice = new_player(store, "Alice");
    let bob = new_player(store, "Bob");
    let table = new_table(store, alice.id, Visibility::Public).id;
    let other_table = new_table(store, alice.id, Visibility::Public).id;

    let first = store
        .append(&event(table, 1, Some("c1"), Some(alice.id)))
        .expect("first");
    assert!(!first.is_duplicate());

    // A retry, stale seq and changed payload alike, gets the first event back.
    for seq in [1, 2, 7] {
        let mut retry = event(table, seq, Some("c1"), Some(alice.id));
        retry.payload = json!("changed");
        let again = store.append(&retry).expect("retry");
        assert_eq!(
            again,
            Appended::Duplicate(first.event().clone()),
            "retry at seq {seq}"
        );
    }
    assert_eq!(
        store.last_seq(table).expect("last"),
        1,
        "a retry stores nothing"
    );

    // The same id from another player, for a bot, or at another table is another command.
    append_new(store, &event(table, 2, Some("c1"), Some(bob.id)));
    append_new(store, &event(table, 3, Some("c1"), None));
    append_new(store, &event(other_table, 1, Some("c1"), Some(alice.id)));
    let bot_retry = store
        .append(&event(table, 4, Some("c1"), None))
        .expect("bot retry");
    assert!(bot_retry.is_duplicate());
    assert_eq!(bot_retry.event().seq, 3);
    assert_eq!(bot_retry.event().actor, None);
    assert_eq!(store.last_seq(table).expect("last"), 3);
}

/// Unknown tables and players are named in the error; nothing is stored.
pub fn unknown_ids(store: &dyn Store) {
    let host = new_player(store, "Known");
    let table = new_table(store, host.id, Visibility::Public).id;
    let nowhere = TableId(i64::MAX);
    assert!(matches!(
        store.append(&event(nowhere, 1, None, None)),
        Err(StoreError::UnknownTable(t)) if t == nowhere
    ));
    assert!(matches!(
        store.last_seq(nowhere),
        Err(StoreError::UnknownTable(_))
    ));
    assert!(matches!(
        store.events(nowhere, 1),
        Err(StoreError::UnknownTable(_))
    ));
    let ghost = PlayerId(i64::MAX);
    assert!(matches!(
        store.append(&event(table, 1, Some("g"), Some(ghost))),
        Err(StoreError::UnknownPlayer(p)) if p == ghost
    ));
    assert_eq!(store.last_seq(table).expect("last"), 0);
    append_new(store, &event(table, 1, Some("g"), Some(host.id)));
}

/// One batch over several tables: each event has its own outcome, the failures store
/// nothing, and events of one table chain within the batch.
pub fn mixed_batch(store: &dyn Store) {
    let host = new_player(store, "Batcher");
    let a = new_table(store, host.id, Visibility::Public).id;
    let b = new_table(store, host.id, Visibility::Public).id;
    let batch = [
        event(a, 1, Some("a1"), Some(host.id)),
        event(b, 1, None, None),
        event(a, 1, Some("a1-late"), Some(host.id)),
        event(a, 2, Some("a2"), Some(host.id)),
        event(TableId(i64::MAX), 1, None, None),
        event(a, 5, Some("a1"), Some(host.id)),
        event(b, 3, None, None),
        NewEvent {
            kind: "Not A Kind".into(),
            ..event(b, 2, None, None)
        },
        // Fails only where the event is written: nothing of it stays, the rest goes on.
        event(b, 2, Some("ghost"), Some(PlayerId(i64::MAX))),
        event(b, 2, None, None),
    ];
    let outcomes = store.append_batch(&batch).expect("the batch commits");
    assert_eq!(outcomes.len(), batch.len(), "one outcome per event");
    let summary: Vec<&str> = outcomes
        .iter()
        .map(|outcome| match outcome {
            Ok(Appended::New(_)) => "new",
            Ok(Appended::Duplicate(_)) => "duplicate",
            Err(StoreError::SeqConflict { .. }) => "conflict",
            Err(StoreError::SeqGap { .. }) => "gap",
            Err(StoreError::UnknownTable(_)) => "unknown table",
            Err(StoreError::InvalidField { field: "kind", .. }) => "bad kind",
            Err(StoreError::UnknownPlayer(_)) => "unknown player",
            Err(_) => "other error",
        })
        .collect();
    assert_eq!(
        summary,
        [
            "new",
            "new",
            "conflict",
            "new",
            "unknown table",
            "duplicate",
            "gap",
            "bad kind",
            "unknown player",
            "new"
        ]
    );
    assert_eq!(
        log_of(store, a),
        [(1, Some("a1".to_owned())), (2, Some("a2".to_owned()))]
    );
    assert_eq!(log_of(store, b), [(1, None), (2, None)]);
    assert!(store.append_batch(&[]).expect("an empty batch").is_empty());
}

/// Many threads append through one [`GroupCommitter`]: every append is stored exactly
/// once, each table's log is gapless and in each writer's order, contended seqs are won
/// by exactly one writer, and retries come back as duplicates.
pub fn group_commit_many_threads(store: Arc<dyn Store>) {
    const OWNERS: usize = 8;
    const TABLES_PER_OWNER: usize = 2;
    const EVENTS_PER_TABLE: u64 = 40;
    const RACERS: usize = 4;
    const WINS_PER_RACER: u64 = 20;

    let host = new_player(&*store, "Crowd");
    let owned: Vec<Vec<TableId>> = (0..OWNERS)
        .map(|_| {
            (0..TABLES_PER_OWNER)
                .map(|_| new_table(&*store, host.id, Visibility::Public).id)
                .collect()
        })
        .collect();
    let shared = new_table(&*store, host.id, Visibility::Public).id;
    let committer = GroupCommitter::start(Arc::clone(&store));

    std::thread::scope(|scope| {
        for (owner, tables) in owned.iter().enumerate() {
            let committer = &committer;
            scope.spawn(move || {
                for seq in 1..=EVENTS_PER_TABLE {
                    for &table in tables {
                        let client = format!("owner{owner}-{seq}");
                        let outcome =
                            committer.append(event(table, seq, Some(&client), Some(host.id)));
                        assert!(
                            matches!(outcome, Ok(Appended::New(_))),
                            "owner {owner} seq {seq}: {outcome:?}"
                        );
                    }
                }
                // A retry of an acknowledged command is answered, not applied again.
                let retry = event(
                    tables[0],
                    1,
                    Some(&format!("owner{owner}-1")),
                    Some(host.id),
                );
                assert!(committer.append(retry).expect("retry").is_duplicate());
            });
        }
        for racer in 0..RACERS {
            let (committer, store) = (&committer, &store);
            scope.spawn(move || {
                let mut wins = 0;
                while wins < WINS_PER_RACER {
                    let client = format!("racer{racer}-{wins}");
                    let next = store.last_seq(shared).expect("last seq") + 1;
                    match committer.append(event(shared, next, Some(&client), Some(host.id))) {
                        Ok(Appended::New(_)) => wins += 1,
                        // Another racer took the seq: read again and retry.
                        Err(StoreError::SeqConflict { .. }) => {}
                        other => panic!("racer {racer}: {other:?}"),
                    }
                }
            });
        }
    });
    let stats = committer.stats();
    committer.shutdown();
    assert!(
        stats.batches >= 1 && stats.batches <= stats.appends,
        "{stats:?}"
    );

    for (owner, tables) in owned.iter().enumerate() {
        for &table in tables {
            let expected: Vec<(u64, Option<String>)> = (1..=EVENTS_PER_TABLE)
                .map(|seq| (seq, Some(format!("owner{owner}-{seq}"))))
                .collect();
            assert_eq!(
                log_of(&*store, table),
                expected,
                "owner {owner}'s table {table}"
            );
        }
    }
    let shared_log = log_of(&*store, shared);
    let total = u64::try_from(RACERS).unwrap_or(0) * WINS_PER_RACER;
    assert_eq!(
        shared_log.iter().map(|(seq, _)| *seq).collect::<Vec<_>>(),
        (1..=total).collect::<Vec<_>>(),
        "the shared log is gapless"
    );
    let mut next_win: HashMap<String, u64> = HashMap::new();
    for (seq, client) in &shared_log {
        let client = client.as_deref().expect("racers send client ids");
        let (racer, win) = client.split_once('-').expect("racer-win");
        let expected = next_win.entry(racer.to_owned()).or_insert(0);
        assert_eq!(
            win.parse::<u64>().ok(),
            Some(*expected),
            "seq {seq}: {client} out of order"
        );
        *expected += 1;
    }
    assert_eq!(next_win.len(), RACERS);
    assert!(
        next_win.values().all(|&wins| wins == WINS_PER_RACER),
        "{next_win:?}"
    );

    let stopped = GroupCommitter::start(Arc::clone(&store));
    stopped.shutdown();
    assert!(matches!(
        stopped.append(event(shared, total + 1, None, None)),
        Err(StoreError::CommitterStopped)
    ));
}
