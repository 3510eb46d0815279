//! A fresh database on the Postgres server that `TENACE_TEST_POSTGRES_URL` names, for one
//! test or one benchmark, dropped afterwards.
//!
//! Why a database rather than a schema: a database isolates everything (the id sequences,
//! the `schema_version` table, the migration's advisory lock), and the store migrates it
//! exactly as it would a real one, in the default schema, with no `search_path` to set on
//! every pooled connection. It costs a `CREATE DATABASE` (a copy of `template1`) per test.
//!
//! The name is `tenace_<purpose>_<process id>_<counter>`: tests running in parallel in one
//! process, and several test processes on one server, never share one. A database left
//! behind by a killed run whose process id comes back is dropped before it is made again.

// Shared by the tests and the benchmark, each of which uses only part of it.
#![allow(dead_code)]

use std::sync::atomic::{AtomicUsize, Ordering};

use postgres::{Client, NoTls};
use tenace_store::PostgresStore;

/// The environment variable naming the server: a connection string for a role that may
/// create databases, to a database that exists (`postgres`, usually).
pub const URL_VAR: &str = "TENACE_TEST_POSTGRES_URL";

/// The server's connection string, if the environment names one.
pub fn server_url() -> Option<String> {
    std::env::var(URL_VAR)
        .ok()
        .filter(|url| !url.trim().is_empty())
}

/// A fresh database for `purpose`, or `None` when the environment names no server: then
/// the tests of `what` are skipped, with a line saying so. Never skipped under CI, where
/// `scripts/test` starts a throwaway Postgres and names it.
pub fn for_test(purpose: &str, what: &str) -> Option<ScratchDatabase> {
    match server_url() {
        Some(url) => Some(ScratchDatabase::create(&url, purpose)),
        None if std::env::var_os("CI").is_some() => panic!(
            "{URL_VAR} is not set under CI: the Postgres tests must run there. scripts/test \
             starts a throwaway Postgres and sets it; run the tests through scripts/test"
        ),
        None => {
            eprintln!(
                "{what} skipped: {URL_VAR} is not set (scripts/test starts a throwaway \
                 Postgres and sets it)"
            );
            None
        }
    }
}

/// A database made for one test, dropped when this is dropped (also when the test fails).
pub struct ScratchDatabase {
    /// The connection string of the server's own database, to create and drop from.
    admin_url: String,
    /// The database's name.
    name: String,
    /// The connection string of the new database.
    url: String,
}

impl ScratchDatabase {
    /// Makes a fresh, empty database on the server `server_url` names.
    pub fn create(server_url: &str, purpose: &str) -> Self {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "tenace_{purpose}_{}_{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let mut admin = Client::connect(server_url, NoTls)
            .unwrap_or_else(|error| panic!("connecting to {URL_VAR}: {error}"));
        // Two calls: several statements in one would be one transaction, where neither
        // may run.
        for statement in [
            format!("DROP DATABASE IF EXISTS {name}"),
            format!("CREATE DATABASE {name}"),
        ] {
            admin
                .batch_execute(&statement)
                .unwrap_or_else(|error| panic!("{statement}: {error:?}"));
        }
        Self {
            admin_url: server_url.to_owned(),
            url: with_database(server_url, &name),
            name,
        }
    }

    /// The new database's connection string.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// A store on the new database (migrated on this first connect).
    pub fn connect(&self) -> PostgresStore {
        PostgresStore::connect(&self.url)
            .unwrap_or_else(|error| panic!("connecting the store to {}: {error}", self.name))
    }

    /// A plain client on the new database, for what the store would never do.
    pub fn raw(&self) -> Client {
        Client::connect(&self.url, NoTls)
            .unwrap_or_else(|error| panic!("connecting to {}: {error}", self.name))
    }
}

impl Drop for ScratchDatabase {
    fn drop(&mut self) {
        let Ok(mut admin) = Client::connect(&self.admin_url, NoTls) else {
            return;
        };
        // FORCE (Postgres 13 on) ends the sessions of pools still closing; older servers
        // take the plain form once those sessions are gone.
        let dropped = admin
            .batch_execute(&format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                self.name
            ))
            .or_else(|_| admin.batch_execute(&format!("DROP DATABASE IF EXISTS {}", self.name)));
        if let Err(error) = dropped {
            eprintln!("left database {} behind: {error}", self.name);
        }
    }
}

/// `url` with its database replaced by `name`, in either form of connection string.
pub fn with_database(url: &str, name: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        // `key=value` pairs: a later key overrides an earlier one.
        return format!("{url} dbname={name}");
    };
    let (before_query, query) = match rest.split_once('?') {
        Some((before, query)) => (before, Some(query)),
        None => (rest, None),
    };
    let authority = before_query
        .split_once('/')
        .map_or(before_query, |(authority, _)| authority);
    match query {
        Some(query) => format!("{scheme}://{authority}/{name}?{query}"),
        None => format!("{scheme}://{authority}/{name}"),
    }
}

#[test]
fn database_names_replace_the_one_in_either_form() {
    assert_eq!(
        with_database("postgres://u@127.0.0.1:5/postgres", "t"),
        "postgres://u@127.0.0.1:5/t"
    );
    assert_eq!(
        with_database("postgresql://u:p@h/db?sslmode=disable", "t"),
        "postgresql://u:p@h/t?sslmode=disable"
    );
    assert_eq!(with_database("postgres://h:5", "t"), "postgres://h:5/t");
    assert_eq!(
        with_database("host=h user=u dbname=postgres", "t"),
        "host=h user=u dbname=postgres dbname=t"
    );
}
