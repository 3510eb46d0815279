//! `tenace serve --database-url postgres://...`: the real binary keeps its tables in
//! Postgres, and a restarted server finds them there.
//!
//! The server is the one `TENACE_TEST_POSTGRES_URL` names, as for the store's own Postgres
//! tests (`scripts/test` starts a throwaway one and sets it); without it this test prints
//! that it was skipped, except under CI (`CI` set), where it fails.

mod serve_common;

#[path = "../../tenace-store/tests/support/postgres_scratch.rs"]
mod scratch;

use serde_json::json;
use tenace_store::{Store, TableId};

use scratch::ScratchDatabase;
use serve_common::{Server, create_table, new_player};

/// A fresh database, or `None` when the Postgres tests are skipped.
fn scratch() -> Option<ScratchDatabase> {
    scratch::for_test("serve", "Postgres serve test")
}

// A plain test with a runtime of its own: the store's Postgres client blocks, and must not
// run on the runtime's threads.
#[test]
fn serve_keeps_its_tables_in_postgres() -> Result<(), String> {
    let Some(db) = scratch() else {
        return Ok(());
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let log = dir.path().join("serve.log");
    let args = ["--database-url", db.url()];

    let server = Server::start_with(&args, &log)?;
    let (cookie, table) = runtime.block_on(async {
        let cookie = new_player(server.addr).await?;
        let spec = json!({"game": "bridge", "match": "single_deal",
            "settings": {"pacing_ms": 0, "think_ms": 50, "away_takeover": false},
            "bots": {"N": "random", "E": "random", "W": "random"}});
        let table = create_table(server.addr, &cookie, &spec).await?;
        Ok::<_, String>((cookie, table))
    })?;
    drop(server);

    // The table is in the database (with --database-url ignored, it would be in a SQLite
    // file in the working directory instead).
    let store = db.connect();
    let id = TableId(i64::try_from(table).map_err(|e| e.to_string())?);
    let stored = store.table(id).map_err(|e| e.to_string())?;
    if stored.is_none() {
        return Err(format!("table {table} is not in Postgres"));
    }
    drop(store);

    // A restarted server replays it from Postgres and answers for it.
    let server = Server::start_with(&args, &log)?;
    let reply = runtime.block_on(serve_common::http(
        server.addr,
        "GET",
        &format!("/api/tables/{table}"),
        Some(&cookie),
        None,
    ))?;
    if reply.status != 200 {
        return Err(format!(
            "GET /api/tables/{table} after restart: status {}; log:\n{}",
            reply.status,
            server.log_tail()
        ));
    }
    Ok(())
}

#[test]
fn an_unknown_database_scheme_is_refused() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tenace"))
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--database-url",
            "mysql://h/db",
        ])
        .env_remove("DATABASE_URL")
        .output()
        .expect("runs tenace serve");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--database-url: expected postgres://"),
        "{stderr}"
    );
}
