//! Which store the test servers keep their tables in: a SQLite file by default, or, with
//! `TENACE_TEST_STORE=postgres`, a fresh database on the Postgres server that
//! `TENACE_TEST_POSTGRES_URL` names. `scripts/test` runs the server's integration tests
//! both ways, so they check the server over each store.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex};

use tenace_store::{PostgresStore, SqliteStore, Store};

#[path = "../../../tenace-store/tests/support/postgres_scratch.rs"]
pub mod scratch;

/// The environment variable that chooses the store: `postgres`, or anything else (or
/// nothing) for SQLite.
pub const STORE_VAR: &str = "TENACE_TEST_STORE";

/// Whether the test servers run on Postgres.
pub fn on_postgres() -> bool {
    std::env::var(STORE_VAR).is_ok_and(|v| v == "postgres")
}

/// The Postgres database standing for each SQLite path, so that a server started again on
/// the same path (a restart) finds its tables. Kept for the whole test process: the
/// throwaway server `scripts/test` starts goes with them, and a database left on another
/// server is dropped when a later run's process gets the same id.
static DATABASES: LazyLock<Mutex<HashMap<PathBuf, Arc<scratch::ScratchDatabase>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// The purpose part of the databases' names. A test binary may hold this file twice (through
/// `support` and `prop_support`), each copy counting its databases from 0: a random tag
/// per copy keeps their names apart.
static PURPOSE: LazyLock<String> = LazyLock::new(|| format!("srv{:04x}", rand::random::<u16>()));

/// The store for the database at `db`: that SQLite file, or the Postgres database that
/// stands for it.
pub async fn store_for(db: &Path) -> Arc<dyn Store> {
    if !on_postgres() {
        return Arc::new(SqliteStore::open(db).expect("the store opens"));
    }
    let server = scratch::server_url().unwrap_or_else(|| {
        panic!(
            "{STORE_VAR}=postgres needs {}: run the tests through scripts/test",
            scratch::URL_VAR
        )
    });
    let db = db.to_path_buf();
    // The Postgres client blocks: off the runtime's threads.
    tokio::task::spawn_blocking(move || {
        let database =
            {
                let mut databases = DATABASES.lock().expect("the registry");
                Arc::clone(databases.entry(db).or_insert_with(|| {
                    Arc::new(scratch::ScratchDatabase::create(&server, &PURPOSE))
                }))
            };
        let store: Arc<dyn Store> =
            Arc::new(PostgresStore::connect(database.url()).expect("the Postgres store connects"));
        store
    })
    .await
    .expect("the store connects")
}
