//! Load benchmark of the table server: N live Contract Bridge tables over real WebSockets
//! on loopback, every action through check → append (group commit, `synchronous=FULL`) →
//! broadcast, with no pacing of the server's own. Two kinds of table:
//!
//! - four scripted people (the default): every action is a person's, and every move is
//!   broadcast to four sockets;
//! - `--people 1`: one scripted person in S and three computer players (`random`, or the
//!   level `--bot-level` names, to see which level's decisions keep up), which
//!   act the table's pacing pause after the last action (the pace given, 0 at full speed),
//!   as the person does. One socket a table lets 10,000 tables fit the open-file limit
//!   (each process may hold 20,000 here); the table still takes one action every pace.
//!
//! ```text
//! cargo run --release -p tenace-server --example load -- --tables 100
//! cargo run --release -p tenace-server --example load -- --tables 1000
//! cargo run --release -p tenace-server --example load -- --tables 10000 --people 1 --pace-ms 2000 --warmup-secs 10 --secs 30
//! ```
//!
//! `--warmup-secs W` plays W seconds before the measured ones: the start, when every table
//! makes its first moves at once, is then left out of the figures (the CPU line still
//! counts it).
//!
//! The clients set `TCP_NODELAY` on their sockets; `--plain-client` leaves it off, as most
//! HTTP and WebSocket libraries do. The server sets it on every socket it accepts (a
//! table's frames are small, and with Nagle's algorithm the second of two waits for the
//! client's delayed ACK); `--server-nagle` clears it again on the server's side, to measure
//! what that costs.
//!
//! `--database-url URL` keeps the server's tables in Postgres instead of a fresh SQLite
//! file: `URL` names a Postgres server (a database there that exists, `postgres` usually,
//! and a role that may create databases); the run makes a fresh database on it and drops
//! it after. `--processes N` (with `--database-url`) starts N server processes over that
//! one database: the tables are created through the processes in turn, and the people of
//! each table connect to different processes (table i's k-th person to process
//! (i + k) mod N), so every move is learnt by the other processes from Postgres's
//! notifications. The CPU line then gives each process's seconds and their total, and
//! the Postgres server's own (when it runs on this machine: every process of the
//! postmaster serving the run's database, its background processes too). The
//! reference below is SQLite's and is skipped with `--database-url`.
//!
//! ```text
//! cargo run --release -p tenace-server --example load -- --tables 200 --database-url postgres://tenace@127.0.0.1:55432/postgres --processes 3
//! ```
//!
//! `--relay VIEW_BYTES` runs the same clients against a reference instead of the server:
//! a relay on the same stack (axum, tokio) that acknowledges each action and sends the
//! table's sockets a view of that many bytes, with no engine, no store and no views to
//! write (`relay.rs`). Its figures, measured in the same conditions, are what the
//! machine and the clients allow any server; the table server's are best read beside them.
//!
//! It prints moves per second (the people's) and table events per second (everyone's,
//! counted from the versions the views carry), the move-to-broadcast latency p50/p99/max
//! (from sending `act` to receiving the `view` that holds it, on the acting connection and
//! on the other people's) and from `act` to its `ack`, with computer players how long after the pacing pause their
//! actions reach the person, the server's memory per table (its RSS growth over N), and
//! the CPU seconds the server and the clients used. The clients hold each view as a page
//! does (a whole `view`, then every `patch` applied to it, `hello` when one does not apply)
//! and report the bytes received per table event, whole views and patches apart. First, as a reference from the same
//! run on the same disk, the store's group committer alone: appends a second and append
//! latency with one append in flight per table.
//!
//! `--spectators K` adds K spectators to every table: connections of players who do not
//! sit, each holding its view as a page does. They show what many viewers of one table
//! cost (a vugraph table, say); the run prints the frames and bytes they received.
//!
//! The server runs in a child process (this program again, with the hidden first argument
//! `serve-child`): its RSS and CPU are then its own, not mixed with the client sockets,
//! and each process has its own open-file limit. Both share the machine's cores, so the
//! client's CPU is reported beside the server's. Connections come from several loopback
//! source addresses so 40,000 of them do not run out of ephemeral ports. Every phase is
//! bounded in time; the child stops when this program closes its standard input.

// The server child runs with the allocator the `tenace` binary uses.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Child, ExitCode, Stdio};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::json;
use tenace_store::{
    GroupCommitter, NewEvent, NewTable, PlayerToken, PostgresStore, SqliteStore, Store,
};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore, watch};
use tokio::time::Instant;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

mod relay;

/// A fresh database on the Postgres server `--database-url` names, dropped after the run.
#[path = "../../../tenace-store/tests/support/postgres_scratch.rs"]
mod scratch;

/// The first argument that makes this program the server.
const CHILD: &str = "serve-child";
/// The first argument that makes this program the reference relay (`--relay`).
const RELAY_CHILD: &str = "relay-child";
/// The seats of a bridge table.
const SEATS: [&str; 4] = ["N", "E", "S", "W"];
/// Boards per table, the most the rules allow: more deals than a table plays in a run.
const BOARDS: u32 = 128;
/// The server refuses a connection's 21st message in a second: the clients stay under.
const MIN_SEND_GAP: Duration = Duration::from_millis(53);
/// Loopback source addresses the client sockets are spread over.
const SOURCES: u8 = 8;
/// Sockets and HTTP requests set up at once.
const SETUP_PARALLEL: usize = 64;
/// The longest any setup phase may take.
const SETUP_LIMIT: Duration = Duration::from_secs(600);
/// File descriptors kept aside from the sockets (the store, the runtime, stdio).
const SPARE_FDS: u64 = 1_000;

/// What the benchmark runs.
#[derive(Debug, Clone)]
struct Args {
    tables: usize,
    /// One action per table every this long, staggered; `None` is full speed.
    pace: Option<Duration>,
    secs: u64,
    reference: bool,
    /// Scripted people per table: 4, or 1 (in seat S) with three computer players.
    people: usize,
    /// Seconds played before the measured `secs` begin: the start, when every table
    /// makes its first moves at once, left out of the figures.
    warmup: u64,
    /// Run against the reference relay, whose views are this many bytes, not the server.
    relay: Option<usize>,
    /// Clients without `TCP_NODELAY`.
    plain_client: bool,
    /// The server's (or relay's) sockets with Nagle's algorithm: `TCP_NODELAY` cleared.
    server_nagle: bool,
    /// The computer players' level with `--people 1`: random (the default), basic or
    /// expert, to see which level's decisions keep up under the load.
    bot_level: &'static str,
    /// The Postgres database the servers share (`--database-url`; `main` replaces the
    /// server's URL by a fresh database's); `None`: each run a fresh SQLite file.
    database_url: Option<String>,
    /// Server processes over that database.
    processes: usize,
    /// Spectators a table: connections that watch without sitting.
    spectators: usize,
}

fn parse_args(argv: &[String]) -> Result<Args, String> {
    let mut args = Args {
        tables: 100,
        pace: None,
        secs: 20,
        reference: true,
        people: 4,
        warmup: 0,
        relay: None,
        plain_client: false,
        server_nagle: false,
        bot_level: "random",
        database_url: None,
        processes: 1,
        spectators: 0,
    };
    let mut words = argv.iter();
    while let Some(word) = words.next() {
        let mut value = |name: &str| -> Result<u64, String> {
            let text = words.next().ok_or(format!("{name} needs a value"))?;
            text.parse()
                .map_err(|_| format!("{name}: {text:?} is not a whole number"))
        };
        match word.as_str() {
            "--tables" => args.tables = value("--tables")? as usize,
            "--pace-ms" => {
                let ms = value("--pace-ms")?;
                args.pace = (ms > 0).then(|| Duration::from_millis(ms));
            }
            "--secs" => args.secs = value("--secs")?,
            "--warmup-secs" => args.warmup = value("--warmup-secs")?,
            "--no-reference" => args.reference = false,
            "--people" => args.people = value("--people")? as usize,
            "--relay" => args.relay = Some(value("--relay")? as usize),
            "--plain-client" => args.plain_client = true,
            "--server-nagle" => args.server_nagle = true,
            "--processes" => args.processes = value("--processes")? as usize,
            "--spectators" => args.spectators = value("--spectators")? as usize,
            "--database-url" => {
                let url = words.next().ok_or("--database-url needs a value")?;
                if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
                    return Err(
                        "--database-url: expected postgres://USER@HOST:PORT/DATABASE".into(),
                    );
                }
                args.database_url = Some(url.clone());
            }
            "--bot-level" => {
                args.bot_level = match words.next().map(String::as_str) {
                    Some("random") => "random",
                    Some("basic") => "basic",
                    Some("expert") => "expert",
                    other => {
                        return Err(format!(
                            "--bot-level: {other:?} is not random, basic or expert"
                        ));
                    }
                }
            }
            other => {
                return Err(format!(
                    "unknown argument {other:?} (expected --tables N, --pace-ms MS, --secs S, --warmup-secs S, --people 1|4, --bot-level random|basic|expert, --relay VIEW_BYTES, --database-url postgres://..., --processes N, --spectators K, --no-reference, --plain-client, --server-nagle)"
                ));
            }
        }
    }
    if args.tables == 0 || args.secs == 0 || args.secs > 600 {
        return Err("--tables must be at least 1 and --secs 1 to 600".into());
    }
    if args.processes == 0 || args.processes > 16 {
        return Err("--processes must be 1 to 16".into());
    }
    if args.processes > 1 && args.database_url.is_none() {
        return Err(
            "--processes above 1 needs --database-url: a SQLite file serves one process".into(),
        );
    }
    if args.relay.is_some() && (args.processes > 1 || args.database_url.is_some()) {
        return Err(
            "--relay is one process with no store: run it without --database-url and --processes"
                .into(),
        );
    }
    if args.people != 1 && args.people != 4 {
        return Err("--people must be 1 (with three computer players) or 4".into());
    }
    if args
        .pace
        .is_some_and(|pace| pace.as_millis() > u128::from(tenace_table::MAX_PACING_MS))
        && args.people == 1
    {
        return Err(format!(
            "with computer players --pace-ms is at most {}, their pacing's limit",
            tenace_table::MAX_PACING_MS
        ));
    }
    Ok(args)
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    if argv.first().map(String::as_str) == Some(RELAY_CHILD) {
        return match relay_child(argv.get(1), argv.get(2), nagle_arg(argv.get(3))) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("load relay: {e}");
                ExitCode::FAILURE
            }
        };
    }
    if argv.first().map(String::as_str) == Some(CHILD) {
        return match child(argv.get(1), nagle_arg(argv.get(2))) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("load server: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let mut args = match parse_args(&argv) {
        Ok(args) => args,
        Err(e) => {
            eprintln!("load: {e}");
            return ExitCode::FAILURE;
        }
    };
    // A fresh database for the run, made and dropped outside the runtime: the Postgres
    // client blocks. Dropped at the end of `main`, once the servers have stopped.
    // The shared helper panics on failure (naming the tests' variable): say it here.
    let database = match args
        .database_url
        .as_deref()
        .map(|url| std::panic::catch_unwind(|| scratch::ScratchDatabase::create(url, "load")))
    {
        None => None,
        Some(Ok(database)) => Some(database),
        Some(Err(_)) => {
            eprintln!("load: --database-url: could not make a fresh database on that server");
            return ExitCode::FAILURE;
        }
    };
    if let Some(database) = &database {
        args.database_url = Some(database.url().to_string());
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("load: no runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = runtime.block_on(run(args));
    drop(runtime);
    drop(database);
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("load: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Raises the open-file limit towards `want` (the hard limit too, where allowed); the
/// soft limit in force after.
fn raise_nofile(want: u64) -> u64 {
    use rlimit::Resource;
    if rlimit::setrlimit(Resource::NOFILE, want, want).is_err() {
        let _ = rlimit::increase_nofile_limit(want);
    }
    rlimit::getrlimit(Resource::NOFILE).map_or(0, |(soft, _)| soft)
}

/// What ends a child: its standard input closing.
type Shutdown = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>;

/// Runs `serve` on a listener on 127.0.0.1:0, whose address is the first line on standard
/// output, until standard input closes.
fn child_on_loopback<F, Fut>(serve: F) -> Result<(), String>
where
    F: FnOnce(tokio::net::TcpListener, Shutdown) -> Fut,
    Fut: std::future::Future<Output = Result<(), String>>,
{
    raise_nofile(200_000);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .map_err(|e| e.to_string())?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        println!("listening {addr}");
        std::io::stdout().flush().map_err(|e| e.to_string())?;
        let shutdown: Shutdown = Box::pin(async {
            let _ =
                tokio::task::spawn_blocking(|| std::io::stdin().read_to_end(&mut Vec::new())).await;
        });
        serve(listener, shutdown).await
    })
}

/// The children's last argument: whether their sockets keep Nagle's algorithm.
const NAGLE: &str = "nagle";

fn nagle_arg(arg: Option<&String>) -> bool {
    arg.is_some_and(|a| a == NAGLE)
}

/// The server: the real `serve` over a SQLite file, or over the Postgres database a
/// `postgres://` URL names; with `nagle` its accepted sockets have `TCP_NODELAY` cleared
/// again, as before the server set it.
fn child(db: Option<&String>, nagle: bool) -> Result<(), String> {
    let db = db.ok_or("the database path or URL is missing")?;
    // Opened before the runtime starts: the Postgres client blocks on a runtime of its own.
    let store: Arc<dyn Store> = if db.starts_with("postgres://") || db.starts_with("postgresql://")
    {
        Arc::new(PostgresStore::connect(db).map_err(|e| e.to_string())?)
    } else {
        Arc::new(SqliteStore::open(db).map_err(|e| e.to_string())?)
    };
    child_on_loopback(|listener, shutdown| async move {
        // Computer players keep each table's own pacing: 0 at full speed, the pace else.
        let clear_nodelay = |stream: &tokio::net::TcpStream| {
            let _ = stream.set_nodelay(false);
        };
        let config = tenace_server::ServerConfig {
            bot_pacing: None,
            tables_per_hour: u64::MAX,
            on_accept: nagle.then(|| tenace_server::AcceptHook(Arc::new(clear_nodelay))),
            ..tenace_server::ServerConfig::default()
        };
        tenace_server::serve(listener, store, config, shutdown)
            .await
            .map_err(|e| e.to_string())
    })
}

/// The reference relay, views of `bytes` bytes, `people` a table.
fn relay_child(bytes: Option<&String>, people: Option<&String>, nagle: bool) -> Result<(), String> {
    let bytes: usize = bytes
        .and_then(|b| b.parse().ok())
        .ok_or("the view size is missing")?;
    let people: usize = people
        .and_then(|p| p.parse().ok())
        .ok_or("the people a table are missing")?;
    child_on_loopback(|listener, shutdown| async move {
        relay::serve(listener, bytes, people, !nagle, shutdown)
            .await
            .map_err(|e| e.to_string())
    })
}

/// The p-th percentile of sorted microseconds, in milliseconds.
fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    f64::from(sorted[rank.min(sorted.len() - 1)]) / 1000.0
}

fn summary(name: &str, mut micros: Vec<u32>) -> String {
    micros.sort_unstable();
    format!(
        "{name}: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)",
        percentile(&micros, 50.0),
        percentile(&micros, 99.0),
        percentile(&micros, 100.0),
        micros.len()
    )
}

/// The group committer alone on a fresh file: `tables` tables, one append in flight each,
/// for about two seconds. Prints appends a second and append latency.
fn reference(tables: usize) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let store =
        Arc::new(SqliteStore::open(dir.path().join("ref.sqlite")).map_err(|e| e.to_string())?);
    let actor = store
        .create_player("Reference", &PlayerToken::generate().hash())
        .map_err(|e| e.to_string())?
        .id;
    let new = NewTable {
        game_config: json!({"game": "bridge"}),
        match_kind: json!("duplicate"),
        visibility: tenace_store::Visibility::Public,
        host: actor,
        settings: json!({}),
    };
    let ids = (0..tables)
        .map(|_| store.create_table(&new).map(|t| t.id))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let committer = GroupCommitter::start(Arc::clone(&store));
    let (done, finished) = std::sync::mpsc::channel::<u32>();
    let started = std::time::Instant::now();
    let mut latencies = Vec::new();
    let mut seq = 0;
    while started.elapsed() < Duration::from_secs(2) && seq < 10_000 {
        seq += 1;
        for &table in &ids {
            let done = done.clone();
            let sent = std::time::Instant::now();
            let event = NewEvent {
                table,
                seq,
                client_id: Some(format!("c{seq}")),
                actor: Some(actor),
                kind: "act".into(),
                payload: json!({"seat": "S", "action": "HQ"}),
            };
            committer.append_then(event, move |outcome| {
                let micros = if outcome.is_ok() {
                    sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32
                } else {
                    u32::MAX
                };
                let _ = done.send(micros);
            });
        }
        for _ in &ids {
            let micros = finished
                .recv_timeout(Duration::from_secs(30))
                .map_err(|_| "the reference committer did not answer in 30 s".to_string())?;
            if micros == u32::MAX {
                return Err("a reference append failed".into());
            }
            latencies.push(micros);
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let stats = committer.stats();
    committer.shutdown();
    println!(
        "reference, the group committer alone ({tables} tables, one append in flight each): {:.0} appends/s, {} commits, {}",
        latencies.len() as f64 / elapsed,
        stats.batches,
        summary("append latency", latencies)
    );
    Ok(())
}

/// A process's resident memory in bytes and its CPU seconds (user + system).
fn process_usage(pid: &str) -> (u64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let rss = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0, |kib| kib * 1024);
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    // utime and stime are fields 14 and 15 of stat, in clock ticks of 1/100 s on Linux.
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<u64>().ok())
        .sum();
    (rss, ticks as f64 / 100.0)
}

/// The CPU seconds (user + system) of the Postgres server that serves `database` on this
/// machine: every child of the postmaster whose backends name that database in their
/// titles (`postgres: USER DATABASE HOST(PORT) ...`), its background processes included.
/// Another Postgres on the machine is not counted.
fn postgres_cpu(database: &str) -> f64 {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0.0;
    };
    let pids: Vec<String> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().to_str().map(str::to_string))
        .filter(|name| name.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    let parent = |pid: &str| {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // The parent is the second field after the command name.
        stat.rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1).map(str::to_string))
    };
    let title = |pid: &str| {
        std::fs::read(format!("/proc/{pid}/cmdline"))
            .map(|bytes| String::from_utf8_lossy(&bytes).replace('\0', " "))
            .unwrap_or_default()
    };
    let postmasters: std::collections::HashSet<String> = pids
        .iter()
        .filter(|pid| {
            let title = title(pid);
            title.starts_with("postgres: ") && title.split_whitespace().nth(2) == Some(database)
        })
        .filter_map(|pid| parent(pid))
        .collect();
    pids.iter()
        .filter(|pid| parent(pid).is_some_and(|p| postmasters.contains(&p)))
        .map(|pid| process_usage(pid).1)
        .sum()
}

/// The server child, stopped (by closing its standard input) when dropped.
struct ServerProcess {
    child: Child,
    addr: SocketAddr,
    _dir: tempfile::TempDir,
}

impl ServerProcess {
    /// The table server (over the Postgres `database` when given, else a fresh SQLite
    /// file), or with `relay` the reference relay with views of that size; with `nagle`,
    /// without `TCP_NODELAY` on its sockets.
    fn start(
        relay: Option<usize>,
        database: Option<&str>,
        people: usize,
        nagle: bool,
    ) -> Result<ServerProcess, String> {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let mut command = std::process::Command::new(exe);
        match relay {
            Some(bytes) => command
                .arg(RELAY_CHILD)
                .arg(bytes.to_string())
                .arg(people.to_string()),
            None => match database {
                Some(url) => command.arg(CHILD).arg(url),
                None => command.arg(CHILD).arg(dir.path().join("tenace.sqlite")),
            },
        };
        if nagle {
            command.arg(NAGLE);
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("the server did not start: {e}"))?;
        let stdout = child.stdout.take().ok_or("no server stdout")?;
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .map_err(|e| e.to_string())?;
        let addr = line
            .trim()
            .strip_prefix("listening ")
            .and_then(|a| a.parse().ok())
            .ok_or(format!("the server said {line:?}, not its address"))?;
        Ok(ServerProcess {
            child,
            addr,
            _dir: dir,
        })
    }

    fn pid(&self) -> String {
        self.child.id().to_string()
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        drop(self.child.stdin.take());
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        while std::time::Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One keep-alive HTTP/1.1 connection.
struct Http {
    reader: tokio::io::BufReader<TcpStream>,
    addr: SocketAddr,
}

impl Http {
    async fn connect(addr: SocketAddr) -> Result<Http, String> {
        let stream = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
        Ok(Http {
            reader: tokio::io::BufReader::new(stream),
            addr,
        })
    }

    /// One request: the status, the cookie token set if any, and the body.
    async fn request(
        &mut self,
        method: &str,
        path: &str,
        cookie: Option<&str>,
        body: &str,
    ) -> Result<(u16, Option<String>, String), String> {
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        if let Some(cookie) = cookie {
            head.push_str(&format!(
                "Cookie: {}={cookie}\r\n",
                tenace_server::COOKIE_NAME
            ));
        }
        head.push_str("\r\n");
        head.push_str(body);
        let io = |e: std::io::Error| format!("HTTP {method} {path}: {e}");
        self.reader
            .get_mut()
            .write_all(head.as_bytes())
            .await
            .map_err(io)?;
        let mut status = 0;
        let mut length = 0;
        let mut set_cookie = None;
        let mut line = String::new();
        loop {
            line.clear();
            if self.reader.read_line(&mut line).await.map_err(io)? == 0 {
                return Err(format!("HTTP {method} {path}: the server closed"));
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            let lower = line.to_ascii_lowercase();
            if status == 0 {
                status = line
                    .split_whitespace()
                    .nth(1)
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(0);
            } else if let Some(n) = lower.strip_prefix("content-length:") {
                length = n.trim().parse().unwrap_or(0);
            } else if lower.starts_with("set-cookie:") {
                set_cookie = line
                    .split_once('=')
                    .and_then(|(_, v)| v.split(';').next())
                    .map(str::to_string);
            } else if lower.starts_with("transfer-encoding:") {
                return Err(format!(
                    "HTTP {method} {path}: a chunked answer was not expected"
                ));
            }
        }
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body).await.map_err(io)?;
        Ok((
            status,
            set_cookie,
            String::from_utf8_lossy(&body).into_owned(),
        ))
    }
}

/// A single request to the server, given ten seconds.
async fn quick<T>(
    request: impl std::future::Future<Output = Result<T, String>>,
) -> Result<T, String> {
    tokio::time::timeout(Duration::from_secs(10), request)
        .await
        .map_err(|_| "the server did not answer in 10 s".to_string())?
}

/// What the clients read of a server message; serde skips the rest.
#[derive(Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    id: Option<String>,
    /// A `view`'s whole view.
    view: Option<serde_json::Value>,
    /// A `patch`'s base version and its operations.
    base: Option<u64>,
    patch: Option<json_patch::Patch>,
    field: Option<String>,
    message: Option<String>,
}

/// What a scripted player reads of its view.
#[derive(Deserialize)]
struct ViewHead {
    version: u64,
    status: String,
    legal: Vec<String>,
}

/// The view a connection holds, as docs/server-protocol.md says a client keeps it: the
/// last whole `view`, with each `patch` since applied to it.
#[derive(Default)]
struct Held {
    view: serde_json::Value,
    /// A `hello` is out to mend a patch that did not apply: patches wait for its view.
    resyncing: bool,
}

/// What a `view` or `patch` message made.
enum Taken {
    /// The view now held.
    View(ViewHead),
    /// A patch for another base, or one that did not apply: send `hello`.
    Resync,
    /// A patch that came while waiting for the `hello`'s view: dropped.
    Dropped,
}

impl Held {
    fn take(&mut self, message: Incoming) -> Result<Taken, String> {
        if message.kind == "view" {
            self.view = message.view.ok_or("a view message without its view")?;
            self.resyncing = false;
        } else if self.resyncing {
            return Ok(Taken::Dropped);
        } else {
            let patch = message.patch.ok_or("a patch message without its patch")?;
            let fits = message.base.is_some() && self.view["version"].as_u64() == message.base;
            if !fits || json_patch::patch(&mut self.view, &patch).is_err() {
                self.resyncing = true;
                return Ok(Taken::Resync);
            }
        }
        ViewHead::deserialize(&self.view)
            .map(Taken::View)
            .map_err(|e| format!("a view without its version, status or legal: {e}"))
    }
}

/// What a table's four connections share.
struct TableShared {
    /// When the table's next paced action may be sent.
    next_slot: Mutex<Instant>,
    /// The version the last `act` was sent at, and when.
    last_act: Mutex<Option<(u64, Instant)>>,
}

/// What the whole run shares.
struct Run {
    server: SocketAddr,
    pace: Option<Duration>,
    /// Scripted people per table (1: seat S, the others computer players).
    people: usize,
    /// Whether the clients leave `TCP_NODELAY` off.
    plain_client: bool,
    /// The computer players' level.
    bot_level: &'static str,
    ready: AtomicUsize,
    failed: AtomicUsize,
    all_ready: Notify,
    expected: usize,
    go: watch::Receiver<Option<(Instant, Instant)>>,
    errors: Mutex<Vec<String>>,
    error_count: AtomicU64,
}

/// What one connection measured.
#[derive(Default)]
struct Measured {
    moves: u64,
    acting: Vec<u32>,
    /// From sending `act` to its `ack`, which the server sends after the view: a
    /// separate small write that Nagle's algorithm would hold for the client's ACK.
    acks: Vec<u32>,
    others: Vec<u32>,
    /// With computer players: how long after the view before it each computer player's
    /// action reached the person, beyond the pacing pause (think, store, broadcast).
    bots: Vec<u32>,
    /// View frames received in the run, and their bytes.
    views: u64,
    view_bytes: u64,
    /// Patch frames received in the run, and their bytes.
    patches: u64,
    patch_bytes: u64,
    /// Patches that did not apply, mended with `hello` (in the run or not).
    resyncs: u64,
    /// The table's actions in the run, anyone's, counted by one connection a table from
    /// the versions its views carry.
    table_actions: u64,
    finished: bool,
}

impl Measured {
    /// Adds another connection's frame counts (views, patches, resyncs) to these.
    fn add_frames(&mut self, other: &Measured) {
        self.views += other.views;
        self.view_bytes += other.view_bytes;
        self.patches += other.patches;
        self.patch_bytes += other.patch_bytes;
        self.resyncs += other.resyncs;
    }
}

fn micros_since(t: Instant) -> u32 {
    t.elapsed().as_micros().min(u128::from(u32::MAX - 1)) as u32
}

/// A player's move: a pass half the time when one is allowed (auctions end), else any.
fn choose(legal: &[String]) -> &str {
    if legal.iter().any(|a| a == "P") && rand::random::<bool>() {
        return "P";
    }
    &legal[rand::random_range(0..legal.len())]
}

/// The connections that ended in an error, and the first error.
#[derive(Default)]
struct Losses {
    lost: usize,
    first_loss: Option<String>,
}

impl Losses {
    /// A connection's figures once it stops, or `None` when it failed (counted here); an
    /// error when it does not stop within a minute of the run's `end`.
    async fn settle(
        &mut self,
        handle: tokio::task::JoinHandle<Result<Measured, String>>,
        end: Instant,
        who: &str,
    ) -> Result<Option<Measured>, String> {
        let error = match tokio::time::timeout_at(end + Duration::from_secs(60), handle).await {
            Ok(Ok(Ok(m))) => return Ok(Some(m)),
            Ok(Ok(Err(e))) => e,
            Ok(Err(e)) => e.to_string(),
            Err(_) => return Err(format!("{who} did not stop within a minute of the end")),
        };
        self.lost += 1;
        self.first_loss.get_or_insert(error);
        Ok(None)
    }
}

/// The run's measured window as a connection learns it, from the start signal.
struct Clock {
    go: watch::Receiver<Option<(Instant, Instant)>>,
    /// When the measured seconds begin and end, once the run has started.
    window: Option<(Instant, Instant)>,
}

impl Clock {
    fn new(run: &Run) -> Clock {
        Clock {
            go: run.go.clone(),
            window: None,
        }
    }

    /// Waits for the start signal (then `false`), or once started for the end of the
    /// measured window (then `true`). Safe to drop unfinished, as `select!` does.
    async fn tick(&mut self) -> Result<bool, String> {
        match self.window {
            None => {
                self.go.changed().await.map_err(|_| "the run was dropped")?;
                self.window = *self.go.borrow();
                Ok(false)
            }
            Some((_, end)) => {
                tokio::time::sleep_until(end).await;
                Ok(true)
            }
        }
    }
}

/// Runs a connection's task, counting it as failed in `run` (which waits for every
/// connection to be ready or failed) when it ends in an error.
fn connection(
    run: Arc<Run>,
    task: impl Future<Output = Result<Measured, String>> + Send + 'static,
) -> tokio::task::JoinHandle<Result<Measured, String>> {
    tokio::spawn(async move {
        let result = task.await;
        if result.is_err() {
            run.failed.fetch_add(1, Ordering::SeqCst);
            run.all_ready.notify_one();
        }
        result
    })
}

/// A frame's text: `None` for a frame of another kind, an error when the socket closed
/// or failed.
fn frame_text(
    frame: Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
    table: i64,
) -> Result<Option<tokio_tungstenite::tungstenite::Utf8Bytes>, String> {
    match frame {
        Some(Ok(Message::Text(text))) => Ok(Some(text)),
        Some(Ok(Message::Close(frame))) => {
            Err(format!("table {table}: closed by the server: {frame:?}"))
        }
        Some(Ok(_)) => Ok(None),
        Some(Err(e)) => Err(format!("table {table}: {e}")),
        None => Err(format!("table {table}: the socket ended")),
    }
}

/// A WebSocket to `table` as the player of `cookie`, from the loopback address `source`,
/// once `setup` lets one more connection in; the permit is held until it is ready.
async fn open(
    run: &Run,
    table: i64,
    cookie: &str,
    source: Ipv4Addr,
    setup: &Arc<Semaphore>,
) -> Result<(WebSocketStream<TcpStream>, OwnedSemaphorePermit), String> {
    let permit = Arc::clone(setup)
        .acquire_owned()
        .await
        .map_err(|e| e.to_string())?;
    let url = format!("ws://{}/api/tables/{table}/ws", run.server);
    let mut request = url.into_client_request().map_err(|e| e.to_string())?;
    let header = format!("{}={cookie}", tenace_server::COOKIE_NAME);
    request
        .headers_mut()
        .insert("cookie", header.parse().map_err(|_| "a bad cookie")?);
    let socket = TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket
        .bind(SocketAddr::new(IpAddr::V4(source), 0))
        .map_err(|e| format!("bind {source}: {e}"))?;
    let stream = socket
        .connect(run.server)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    if !run.plain_client {
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
    }
    // Views are a few KiB: small buffers keep 40,000 client sockets affordable.
    let config = WebSocketConfig::default()
        .read_buffer_size(16 * 1024)
        .write_buffer_size(0);
    let (ws, _) = tokio_tungstenite::client_async_with_config(request, stream, Some(config))
        .await
        .map_err(|e| format!("table {table} socket: {e}"))?;
    Ok((ws, permit))
}

/// One spectator's connection to one table: holds its view from the start signal to the
/// end of the run, counting what it receives in the measured window.
async fn spectator(
    run: Arc<Run>,
    table: i64,
    cookie: String,
    source: Ipv4Addr,
    setup: Arc<Semaphore>,
) -> Result<Measured, String> {
    let (mut ws, permit) = open(&run, table, &cookie, source, &setup).await?;
    let mut permit = Some(permit);
    let mut clock = Clock::new(&run);
    let mut held = Held::default();
    let mut measured = Measured::default();
    loop {
        let window = clock.window;
        tokio::select! {
            frame = ws.next() => {
                let Some(text) = frame_text(frame, table)? else { continue };
                let message: Incoming = serde_json::from_str(text.as_str())
                    .map_err(|e| format!("table {table}: unreadable message: {e}"))?;
                if message.kind != "view" && message.kind != "patch" {
                    continue;
                }
                let now = Instant::now();
                if window.is_some_and(|(from, end)| from <= now && now < end) {
                    if message.kind == "view" {
                        measured.views += 1;
                        measured.view_bytes += text.len() as u64;
                    } else {
                        measured.patches += 1;
                        measured.patch_bytes += text.len() as u64;
                    }
                }
                match held.take(message).map_err(|e| format!("table {table}: {e}"))? {
                    Taken::View(_) => {
                        if permit.take().is_some()
                            && run.ready.fetch_add(1, Ordering::SeqCst) + 1 == run.expected
                        {
                            run.all_ready.notify_one();
                        }
                    }
                    Taken::Dropped => {}
                    Taken::Resync => {
                        measured.resyncs += 1;
                        let hello = json!({"v": 1, "type": "hello", "last_version": held.view["version"].as_u64()});
                        ws.send(Message::text(hello.to_string())).await.map_err(|e| e.to_string())?;
                    }
                }
            }
            ended = clock.tick() => if ended? { break },
        }
    }
    let _ = ws.close(None).await;
    Ok(measured)
}

/// One scripted player's connection to one table: sits, waits for the start signal, then
/// plays a legal action whenever it is to act, until the end of the run.
async fn player(
    run: Arc<Run>,
    shared: Arc<TableShared>,
    table: i64,
    seat: usize,
    cookie: String,
    source: Ipv4Addr,
    setup: Arc<Semaphore>,
) -> Result<Measured, String> {
    let (mut ws, permit) = open(&run, table, &cookie, source, &setup).await?;
    if run.people == 1 {
        // The host gives the other seats to computer players before sitting down.
        for other in SEATS.iter().filter(|&&s| s != SEATS[seat]) {
            let bot = json!({"v": 1, "type": "bot", "id": format!("bot{other}"), "seat": other, "level": run.bot_level});
            ws.send(Message::text(bot.to_string()))
                .await
                .map_err(|e| e.to_string())?;
        }
    }
    let sit = json!({"v": 1, "type": "sit", "id": "sit", "seat": SEATS[seat]}).to_string();
    ws.send(Message::text(sit))
        .await
        .map_err(|e| e.to_string())?;

    let mut clock = Clock::new(&run);
    let mut sat = false;
    let mut latest: Option<ViewHead> = None;
    let mut held = Held::default();
    let mut acted_at: Option<u64> = None;
    let mut pending: Option<(String, u64, Instant, bool)> = None;
    let mut planned: Option<(u64, Instant)> = None;
    let mut last_send = Instant::now();
    let mut others_seen: Option<u64> = None;
    let mut next_id = 0u64;
    let mut measured = Measured::default();
    // One connection a table counts the table's actions.
    let counts_table = run.people == 1 || seat == 0;
    let mut version_seen: Option<u64> = None;
    let mut last_view_at: Option<Instant> = None;
    let mut permit = Some(permit);
    let far = Instant::now() + SETUP_LIMIT + Duration::from_secs(3600);
    loop {
        let window = clock.window;
        let now = Instant::now();
        // Plan the next action once the run has begun and this seat is to act.
        if let (Some(_), None, None, Some(view)) = (window, &pending, planned, &latest)
            && view.status == "playing"
            && !view.legal.is_empty()
            && acted_at.is_none_or(|v| view.version > v)
        {
            let at = match run.pace {
                // Alone with computer players, who act a pace after the last action: so
                // does the person, from the view that gave them the turn, not before
                // their table's staggered first slot.
                Some(pace) if run.people == 1 => {
                    let first = *shared.next_slot.lock().map_err(|_| "a poisoned slot")?;
                    first.max(now + pace)
                }
                Some(pace) => {
                    let mut slot = shared.next_slot.lock().map_err(|_| "a poisoned slot")?;
                    let at = (*slot).max(now);
                    *slot = at + pace;
                    at
                }
                None => now,
            };
            planned = Some((view.version, at.max(last_send + MIN_SEND_GAP)));
        }
        let wake = planned.map_or(far, |(_, at)| at);
        tokio::select! {
            frame = ws.next() => {
                let Some(text) = frame_text(frame, table)? else { continue };
                let mut message: Incoming = serde_json::from_str(text.as_str())
                    .map_err(|e| format!("table {table}: unreadable message: {e}"))?;
                let now = Instant::now();
                let in_window = window.is_some_and(|(from, end)| from <= now && now < end);
                let kind = std::mem::take(&mut message.kind);
                match kind.as_str() {
                    "view" | "patch" => {
                        if in_window && kind == "view" {
                            measured.views += 1;
                            measured.view_bytes += text.len() as u64;
                        } else if in_window {
                            measured.patches += 1;
                            measured.patch_bytes += text.len() as u64;
                        }
                        message.kind = kind;
                        let view = match held.take(message).map_err(|e| format!("table {table}: {e}"))? {
                            Taken::View(view) => view,
                            Taken::Dropped => continue,
                            Taken::Resync => {
                                measured.resyncs += 1;
                                let hello = json!({"v": 1, "type": "hello", "last_version": latest.as_ref().map(|v| v.version)});
                                ws.send(Message::text(hello.to_string())).await.map_err(|e| e.to_string())?;
                                continue;
                            }
                        };
                        if in_window
                            && counts_table
                            && let Some(seen) = version_seen
                        {
                            measured.table_actions += view.version.saturating_sub(seen);
                        }
                        // A computer player's action: one version on from a view that was
                        // not this person's own action's.
                        if run.people == 1
                            && in_window
                            && pending.is_none()
                            && acted_at.is_none_or(|v| view.version > v + 1)
                            && version_seen.is_some_and(|seen| view.version == seen + 1)
                            && let Some(at) = last_view_at
                        {
                            // No pace: the computer players' pacing is 0.
                            let pace = run.pace.unwrap_or_default().as_micros() as u32;
                            measured.bots.push(micros_since(at).saturating_sub(pace));
                        }
                        version_seen = Some(view.version);
                        last_view_at = Some(Instant::now());
                        if let Some((_, base, sent, seen)) = &mut pending
                            && view.version > *base
                            && !*seen
                        {
                            *seen = true;
                            if in_window && window.is_some_and(|(from, _)| *sent >= from) {
                                measured.acting.push(micros_since(*sent));
                            }
                        } else if pending.is_none()
                            && run.people > 1
                            && let Some((base, sent)) = *shared.last_act.lock().map_err(|_| "poisoned")?
                            && view.version > base
                            && others_seen != Some(base)
                        {
                            others_seen = Some(base);
                            if in_window {
                                measured.others.push(micros_since(sent));
                            }
                        }
                        measured.finished = view.status == "finished";
                        latest = Some(view);
                    }
                    "ack" if message.id.as_deref() == Some("sit") && !sat => {
                        sat = true;
                        drop(permit.take());
                        if run.ready.fetch_add(1, Ordering::SeqCst) + 1 == run.expected {
                            run.all_ready.notify_one();
                        }
                    }
                    "ack" if pending.as_ref().is_some_and(|p| message.id.as_deref() == Some(p.0.as_str())) => {
                        let acted = pending.take();
                        acted_at = acted.as_ref().map(|p| p.1);
                        if in_window {
                            measured.moves += 1;
                            if let Some((_, _, sent, _)) = acted
                                && window.is_some_and(|(from, _)| sent >= from)
                            {
                                measured.acks.push(micros_since(sent));
                            }
                        }
                    }
                    "error" => {
                        let text = format!(
                            "table {table} seat {}: {} ({})",
                            SEATS[seat],
                            message.message.unwrap_or_default(),
                            message.field.unwrap_or_default()
                        );
                        run.error_count.fetch_add(1, Ordering::Relaxed);
                        if let Ok(mut errors) = run.errors.lock()
                            && errors.len() < 10
                        {
                            errors.push(text);
                        }
                        if !sat {
                            return Err(format!("table {table}: the sit was refused"));
                        }
                        pending = None;
                    }
                    _ => {}
                }
            }
            _ = tokio::time::sleep_until(wake), if planned.is_some() => {
                let Some((version, _)) = planned.take() else { continue };
                let Some(view) = latest.as_ref().filter(|v| v.version == version) else { continue };
                next_id += 1;
                let id = format!("a{next_id}");
                let action = choose(&view.legal);
                let text = json!({"v": 1, "type": "act", "id": id, "action": action}).to_string();
                let sent = Instant::now();
                *shared.last_act.lock().map_err(|_| "poisoned")? = Some((version, sent));
                pending = Some((id, version, sent, false));
                last_send = sent;
                ws.send(Message::text(text)).await.map_err(|e| e.to_string())?;
            }
            ended = clock.tick() => if ended? { break },
        }
    }
    let _ = ws.close(None).await;
    Ok(measured)
}

async fn run(args: Args) -> Result<(), String> {
    let limit = raise_nofile(200_000);
    let mut tables = args.tables;
    let people = args.people;
    let sockets = (people + args.spectators) as u64;
    let affordable = (limit.saturating_sub(SPARE_FDS) / sockets) as usize;
    if tables > affordable {
        // The server holds a socket per person too, under the same limit, so more client
        // processes would not help: without the right to raise the hard limit
        // (CAP_SYS_RESOURCE), fewer tables (or fewer people a table) is the honest
        // scale-down.
        println!(
            "note: the open-file limit is {limit} and may not be raised here: {affordable} tables of {people} sockets fit in each process, not {tables}; running {affordable}"
        );
        tables = affordable;
    }
    let shape = match args.pace {
        Some(pace) => format!(
            "one action per table every {} ms, staggered",
            pace.as_millis()
        ),
        None => "full speed".to_string(),
    };
    let players = if people == 1 {
        format!(
            "1 scripted person (S) and 3 {} computer players each, the person over a WebSocket",
            args.bot_level
        )
    } else {
        "4 scripted people each over WebSockets".to_string()
    };
    println!(
        "load: {tables} bridge tables, {players}, {shape}, {} s measured after {} s of warm-up",
        args.secs, args.warmup
    );
    println!(
        "sockets: the clients' {}, the server's {}",
        if args.plain_client {
            "plain (TCP_NODELAY off)"
        } else {
            "with TCP_NODELAY"
        },
        if args.server_nagle {
            "with TCP_NODELAY cleared (--server-nagle)"
        } else {
            "with TCP_NODELAY"
        }
    );
    if let Some(bytes) = args.relay {
        println!(
            "against the reference relay, not the table server: every action acknowledged and relayed to the table as a {bytes}-byte view, with no engine, no store and no views to write"
        );
    } else if args.database_url.is_some() {
        println!(
            "store: Postgres (a fresh database), {} server process{} over it{}",
            args.processes,
            if args.processes == 1 { "" } else { "es" },
            if args.processes > 1 {
                ", each table's people connected to different processes"
            } else {
                ""
            }
        );
    } else {
        println!("store: a fresh SQLite file, one server process");
    }
    if args.reference && args.relay.is_none() && args.database_url.is_some() {
        println!("reference: skipped (it is SQLite's group committer alone)");
    } else if args.reference && args.relay.is_none() {
        let reference_tables = tables.min(1024);
        tokio::task::spawn_blocking(move || reference(reference_tables))
            .await
            .map_err(|e| e.to_string())??;
    }

    let mut servers = Vec::with_capacity(args.processes);
    for _ in 0..args.processes {
        servers.push(ServerProcess::start(
            args.relay,
            args.database_url.as_deref(),
            people,
            args.server_nagle,
        )?);
    }
    let pids: Vec<String> = servers.iter().map(ServerProcess::pid).collect();
    let addrs: Vec<SocketAddr> = servers.iter().map(|s| s.addr).collect();
    let rss_of = |pids: &[String]| -> u64 { pids.iter().map(|p| process_usage(p).0).sum() };
    let mut http = Http::connect(addrs[0]).await?;
    let mut cookies = Vec::new();
    for _ in 0..people + args.spectators {
        let (status, cookie, body) = quick(http.request("GET", "/api/me", None, "")).await?;
        let cookie = cookie.ok_or(format!("GET /api/me {status}: no cookie: {body}"))?;
        cookies.push(cookie);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let rss_before = rss_of(&pids);

    let setup_started = Instant::now();
    let create = json!({
        "game": "bridge",
        "match": "duplicate",
        "options": {"boards": BOARDS, "comparison": "none"},
        // Computer players (one-person tables) wait the pace before each action.
        "settings": {
            "pacing_ms": if people == 1 { args.pace.map_or(0, |p| p.as_millis() as u64) } else { 0 },
            "away_takeover": false,
        },
    })
    .to_string();
    let next_table = Arc::new(AtomicUsize::new(0));
    let ids = Arc::new(Mutex::new(Vec::with_capacity(tables)));
    let mut creators = Vec::new();
    for creator in 0..SETUP_PARALLEL.min(tables) {
        let (next, ids, create, host) = (
            Arc::clone(&next_table),
            Arc::clone(&ids),
            create.clone(),
            cookies[0].clone(),
        );
        // The creators take the processes in turn.
        let addr = addrs[creator % addrs.len()];
        creators.push(tokio::spawn(async move {
            let mut http = Http::connect(addr).await?;
            while next.fetch_add(1, Ordering::Relaxed) < tables {
                let (status, _, body) = http
                    .request("POST", "/api/tables", Some(&host), &create)
                    .await?;
                let answer: serde_json::Value =
                    serde_json::from_str(&body).map_err(|e| format!("create: {e}: {body}"))?;
                let id = answer["id"]
                    .as_i64()
                    .ok_or(format!("create answered {status}: {body}"))?;
                ids.lock().map_err(|_| "poisoned")?.push(id);
            }
            Ok::<(), String>(())
        }));
    }
    for creator in creators {
        tokio::time::timeout(SETUP_LIMIT, creator)
            .await
            .map_err(|_| "creating the tables took too long")?
            .map_err(|e| e.to_string())??;
    }
    let ids = std::mem::take(&mut *ids.lock().map_err(|_| "poisoned")?);
    let created = setup_started.elapsed();

    let (go_tx, go_rx) = watch::channel(None);
    // Which process each connection goes to: table i's k-th person to process (i + k)
    // mod N, so a table's people are spread over the processes. Each process has its own
    // `Run`, which names it; the counts are summed over them.
    let process_of = |table_index: usize, person: usize| (table_index + person) % addrs.len();
    let mut expected = vec![0; addrs.len()];
    for i in 0..ids.len() {
        for person in 0..people + args.spectators {
            expected[process_of(i, person)] += 1;
        }
    }
    let runs: Vec<Arc<Run>> = addrs
        .iter()
        .zip(&expected)
        .map(|(&server, &expected)| {
            Arc::new(Run {
                server,
                pace: args.pace,
                people,
                plain_client: args.plain_client,
                bot_level: args.bot_level,
                ready: AtomicUsize::new(0),
                failed: AtomicUsize::new(0),
                all_ready: Notify::new(),
                expected,
                go: go_rx.clone(),
                errors: Mutex::new(Vec::new()),
                error_count: AtomicU64::new(0),
            })
        })
        .collect();
    drop(go_rx);
    let total =
        |count: fn(&Run) -> usize| runs.iter().map(|run| count(run.as_ref())).sum::<usize>();
    let ready = |run: &Run| run.ready.load(Ordering::SeqCst);
    let failed_of = |run: &Run| run.failed.load(Ordering::SeqCst);
    let setup = Arc::new(Semaphore::new(SETUP_PARALLEL));
    let mut players = Vec::with_capacity(ids.len() * people);
    let mut shared_tables = Vec::with_capacity(ids.len());
    for (i, &table) in ids.iter().enumerate() {
        let shared = Arc::new(TableShared {
            next_slot: Mutex::new(Instant::now()),
            last_act: Mutex::new(None),
        });
        shared_tables.push(Arc::clone(&shared));
        for (person, cookie) in cookies.iter().enumerate().take(people) {
            // Alone, the person sits in S.
            let seat = if people == 1 { 2 } else { person };
            let n = i * people + person;
            let source = Ipv4Addr::new(127, 0, 0, 2 + (n % usize::from(SOURCES)) as u8);
            let run = &runs[process_of(i, person)];
            let task = player(
                Arc::clone(run),
                Arc::clone(&shared),
                table,
                seat,
                cookie.clone(),
                source,
                Arc::clone(&setup),
            );
            players.push(connection(Arc::clone(run), task));
        }
    }
    // The spectators, after the people: players of their own who never sit.
    let mut watchers = Vec::with_capacity(ids.len() * args.spectators);
    for (i, &table) in ids.iter().enumerate() {
        for (k, cookie) in cookies.iter().enumerate().skip(people) {
            let n = i * (people + args.spectators) + k;
            let source = Ipv4Addr::new(127, 0, 0, 2 + (n % usize::from(SOURCES)) as u8);
            let run = Arc::clone(&runs[process_of(i, k)]);
            let task = spectator(
                Arc::clone(&run),
                table,
                cookie.clone(),
                source,
                Arc::clone(&setup),
            );
            watchers.push(connection(run, task));
        }
    }
    // Every process's connections seated (or failed): each process's own wait, with a
    // short poll that covers a missed wake.
    let all_in = futures_util::future::join_all(runs.iter().map(|run| async move {
        let run: &Run = run;
        let wait = async {
            while ready(run) + failed_of(run) < run.expected {
                run.all_ready.notified().await;
            }
        };
        let polled = async {
            while ready(run) + failed_of(run) < run.expected {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        };
        tokio::select! { _ = wait => {}, _ = polled => {} }
    }));
    tokio::time::timeout(SETUP_LIMIT, all_in)
        .await
        .map_err(|_| "seating the players took too long")?;
    let failed = total(failed_of);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_seated = rss_of(&pids);
    let server_cpu_before: Vec<f64> = pids.iter().map(|p| process_usage(p).1).collect();
    // The run's database: the last part of its URL's path.
    let database_name = args.database_url.as_deref().map(|url| {
        let path = url.split('?').next().unwrap_or(url);
        path.rsplit('/').next().unwrap_or(path).to_string()
    });
    let postgres_cpu_before = database_name.as_deref().map(postgres_cpu);
    let (_, client_cpu_before) = process_usage("self");
    println!(
        "setup: {} tables created in {:.1} s, {} connections seated in {:.1} s more, {failed} failed",
        ids.len(),
        created.as_secs_f64(),
        total(ready),
        (setup_started.elapsed() - created).as_secs_f64()
    );
    if addrs.len() > 1 {
        println!(
            "connections by process: {}",
            expected
                .iter()
                .enumerate()
                .map(|(p, n)| format!("process {p} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }

    let start = Instant::now() + Duration::from_millis(100);
    if let Some(pace) = args.pace {
        // Staggered: table i's first action at i/N of the pace.
        let n = shared_tables.len().max(1) as u32;
        for (i, shared) in shared_tables.iter().enumerate() {
            *shared.next_slot.lock().map_err(|_| "poisoned")? = start + pace * i as u32 / n;
        }
    }
    // Play starts at `start`; the figures count from the end of the warm-up.
    let measured_from = start + Duration::from_secs(args.warmup);
    let end = measured_from + Duration::from_secs(args.secs);
    go_tx
        .send(Some((measured_from, end)))
        .map_err(|_| "no player is listening")?;
    let mut measured = Measured::default();
    let mut finished = 0;
    let mut losses = Losses::default();
    for (i, handle) in players.into_iter().enumerate() {
        let Some(m) = losses.settle(handle, end, "a player").await? else {
            continue;
        };
        measured.add_frames(&m);
        measured.moves += m.moves;
        measured.acting.extend(m.acting);
        measured.acks.extend(m.acks);
        measured.others.extend(m.others);
        measured.bots.extend(m.bots);
        measured.table_actions += m.table_actions;
        finished += usize::from(m.finished && i % people == 0);
    }
    let mut watched = Measured::default();
    for handle in watchers {
        if let Some(m) = losses.settle(handle, end, "a spectator").await? {
            watched.add_frames(&m);
        }
    }
    let Losses { lost, first_loss } = losses;
    let server_rss_end = rss_of(&pids);
    let server_cpu: Vec<f64> = pids
        .iter()
        .zip(&server_cpu_before)
        .map(|(p, before)| process_usage(p).1 - before)
        .collect();
    let postgres_cpu_used = database_name
        .as_deref()
        .zip(postgres_cpu_before)
        .map(|(name, before)| postgres_cpu(name) - before);
    let (_, client_cpu_end) = process_usage("self");
    // Each process's /metrics, on a new connection: the server closes one idle longer than
    // its header time limit.
    let mut metrics = Vec::with_capacity(addrs.len());
    for &addr in &addrs {
        let mut http = Http::connect(addr).await?;
        metrics.push(quick(http.request("GET", "/metrics", None, "")).await?.2);
    }
    drop(servers);

    let secs = args.secs as f64;
    let n = ids.len().max(1) as f64;
    println!(
        "moves: {} in {secs:.0} s = {:.0} moves/s ({:.2} per table per second); {finished} tables finished all {BOARDS} boards",
        measured.moves,
        measured.moves as f64 / secs,
        measured.moves as f64 / secs / n
    );
    println!(
        "table events (every action, people's and computer players', as the views' versions count them): {} = {:.0}/s ({:.2} per table per second)",
        measured.table_actions,
        measured.table_actions as f64 / secs,
        measured.table_actions as f64 / secs / n
    );
    println!(
        "views received: {} ({:.0}/s), {:.1} KiB each on average",
        measured.views,
        measured.views as f64 / secs,
        measured.view_bytes as f64 / 1024.0 / measured.views.max(1) as f64
    );
    println!(
        "patches received: {} ({:.0}/s), {:.0} bytes each on average; patches that did not apply (resynced with hello): {}",
        measured.patches,
        measured.patches as f64 / secs,
        measured.patch_bytes as f64 / measured.patches.max(1) as f64,
        measured.resyncs
    );
    let per_action = |bytes: u64| bytes as f64 / measured.table_actions.max(1) as f64;
    println!(
        "bytes received per table event, over all the table's sockets: {:.0} (whole views {:.0}, patches {:.0})",
        per_action(measured.view_bytes + measured.patch_bytes),
        per_action(measured.view_bytes),
        per_action(measured.patch_bytes)
    );
    if args.spectators > 0 {
        println!(
            "spectators: {} a table; views received {}, patches received {} ({:.0}/s), {:.0} bytes each on average; patches that did not apply (resynced with hello): {}",
            args.spectators,
            watched.views,
            watched.patches,
            watched.patches as f64 / secs,
            watched.patch_bytes as f64 / watched.patches.max(1) as f64,
            watched.resyncs
        );
    }
    println!(
        "{}",
        summary("move to view, acting connection", measured.acting)
    );
    println!("{}", summary("move to ack", measured.acks));
    if people > 1 {
        println!(
            "{}",
            summary("move to view, the other seats", measured.others)
        );
    } else if args.relay.is_none() {
        println!(
            "{}",
            summary(
                "computer player's action to view, beyond its pacing pause",
                measured.bots
            )
        );
    }
    println!(
        "server memory{}: {:.1} MiB at start, {:.1} MiB with every table seated and connected, {:.1} MiB at the end: {:.1} KiB per table seated, {:.1} KiB per table at the end",
        if pids.len() > 1 {
            " (the processes' sum)"
        } else {
            ""
        },
        rss_before as f64 / 1048576.0,
        rss_seated as f64 / 1048576.0,
        server_rss_end as f64 / 1048576.0,
        rss_seated.saturating_sub(rss_before) as f64 / 1024.0 / n,
        server_rss_end.saturating_sub(rss_before) as f64 / 1024.0 / n
    );
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let server_total: f64 = server_cpu.iter().sum();
    let per_process = if server_cpu.len() > 1 {
        format!(
            " ({})",
            server_cpu
                .iter()
                .enumerate()
                .map(|(p, cpu)| format!("process {p} {cpu:.1} s"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    } else {
        String::new()
    };
    let postgres = postgres_cpu_used
        .map(|cpu| format!(", Postgres {cpu:.1} s"))
        .unwrap_or_default();
    println!(
        "cpu during the run, warm-up included: server {server_total:.1} s{per_process}{postgres}, clients {:.1} s, of {:.0} s on {cores} cores",
        client_cpu_end - client_cpu_before,
        (secs + args.warmup as f64) * cores as f64
    );
    let metric = |text: &str, name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.trim().parse::<f64>().ok())
            .unwrap_or(f64::NAN)
    };
    let summed = |name: &str| metrics.iter().map(|text| metric(text, name)).sum::<f64>();
    println!(
        "server append latency (the /metrics, setup included): mean {:.2} ms over {:.0} appends",
        summed("tenace_append_seconds_sum ") / summed("tenace_append_seconds_count ") * 1000.0,
        summed("tenace_append_seconds_count ")
    );
    if metrics.len() > 1 {
        for (p, text) in metrics.iter().enumerate() {
            println!(
                "process {p}: {:.0} actions appended, {:.0} events learnt from the others' notifications (mean lag {:.2} ms), {:.0} connections at the end, {:.0} tables' computer players driven",
                metric(text, "tenace_actions_total "),
                metric(text, "tenace_notifications_total "),
                metric(text, "tenace_notification_lag_seconds_sum ")
                    / metric(text, "tenace_notification_lag_seconds_count ")
                    * 1000.0,
                metric(text, "tenace_connections "),
                metric(text, "tenace_tables_driven ")
            );
        }
    }
    let errors: u64 = runs
        .iter()
        .map(|run| run.error_count.load(Ordering::Relaxed))
        .sum();
    println!("errors answered: {errors}; connections lost: {lost}");
    for run in &runs {
        for e in run.errors.lock().map_err(|_| "poisoned")?.iter() {
            println!("  error: {e}");
        }
    }
    if let Some(e) = first_loss {
        println!("  first lost connection: {e}");
    }
    Ok(())
}
