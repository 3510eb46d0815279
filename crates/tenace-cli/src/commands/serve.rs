//! `tenace serve`: the table server, where people and computer players play together
//! over HTTP and WebSockets (docs/server-protocol.md).

use std::io::{IsTerminal, Write};
use std::sync::Arc;

use clap::Args;
use tenace_server::ServerConfig;
use tenace_store::{DEFAULT_FILE_NAME, PostgresStore, SqliteStore, Store};

/// Run the table server.
#[derive(Debug, Args)]
#[command(after_help = "Examples:
  tenace serve
  tenace serve --listen 0.0.0.0:8080 --db /var/lib/tenace/tenace.sqlite
  tenace serve --database-url postgres://tenace@127.0.0.1:5432/tenace
  tenace serve --listen 127.0.0.1:0 --allow-origin https://play.example.org

Once listening it prints one line, `tenace serve: listening on http://ADDR`, on standard
output; logs go to standard error (RUST_LOG filters them, e.g. RUST_LOG=debug). SIGTERM or
Ctrl-C stops it: sockets are closed with code 1012 and every append in flight is committed.
The HTTP and WebSocket protocol is docs/server-protocol.md.")]
pub struct ServeArgs {
    /// The address to listen on; port 0 picks a free port.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: String,
    /// The SQLite database, created with its schema on first start.
    #[arg(long, default_value = DEFAULT_FILE_NAME)]
    db: String,
    /// Keep everything in this database instead of --db, the store chosen by the URL's
    /// scheme: postgres://USER[:PASSWORD]@HOST:PORT/DATABASE (Postgres, which several
    /// `tenace serve` processes serve at once, any of them any table; the schema is
    /// created or migrated on start) or sqlite://PATH.
    /// When not given, the DATABASE_URL environment variable is read.
    #[arg(long)]
    database_url: Option<String>,
    /// An origin (e.g. https://play.example.org) whose pages may open table sockets,
    /// besides the server's own. Repeat for several.
    #[arg(long = "allow-origin")]
    allow_origin: Vec<String>,
    /// Deal every new table from this seed and the number of tables created before it,
    /// so the server's deals replay (tests, demonstrations). By default each table is
    /// dealt at random. Whoever knows the seed knows every hand: never on a public server.
    #[arg(long)]
    deal_seed: Option<u64>,
}

/// Runs the server until SIGTERM or Ctrl-C.
pub fn run(args: ServeArgs) -> Result<(), String> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let store = open_store(&args)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("starting the runtime: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(&args.listen)
            .await
            .map_err(|e| format!("--listen {}: {e}", args.listen))?;
        let address = listener
            .local_addr()
            .map_err(|e| format!("--listen {}: {e}", args.listen))?;
        let mut out = std::io::stdout();
        let _ = writeln!(out, "tenace serve: listening on http://{address}");
        if address.ip().is_unspecified() {
            // 0.0.0.0 is not an address a browser can open: say which ones are.
            let port = address.port();
            let _ = writeln!(
                out,
                "tenace serve: open http://127.0.0.1:{port} on this machine, or \
                 http://<this machine's network address>:{port} from another device"
            );
        }
        let _ = out.flush();
        let config = ServerConfig {
            allowed_origins: args.allow_origin,
            deal_seed: args.deal_seed,
            ..ServerConfig::default()
        };
        tenace_server::serve(listener, store, config, stop_signal())
            .await
            .map_err(|e| e.to_string())
    })
}

/// The store `--database-url` or `DATABASE_URL` names, else the SQLite file `--db`.
fn open_store(args: &ServeArgs) -> Result<Arc<dyn Store>, String> {
    let from_env = std::env::var("DATABASE_URL")
        .ok()
        .filter(|url| !url.trim().is_empty());
    let (source, url) = match (&args.database_url, from_env) {
        (Some(url), _) => ("--database-url", url.clone()),
        (None, Some(url)) => ("DATABASE_URL", url),
        (None, None) => {
            let store =
                SqliteStore::open(&args.db).map_err(|e| format!("--db {}: {e}", args.db))?;
            return Ok(Arc::new(store));
        }
    };
    // The URL is not repeated in these messages: it may hold a password.
    match url.split_once("://") {
        Some(("postgres" | "postgresql", _)) => {
            let store = PostgresStore::connect(&url).map_err(|e| format!("{source}: {e}"))?;
            Ok(Arc::new(store))
        }
        Some(("sqlite", path)) => {
            let store = SqliteStore::open(path).map_err(|e| format!("{source} {path}: {e}"))?;
            Ok(Arc::new(store))
        }
        _ => Err(format!(
            "{source}: expected postgres://USER@HOST:PORT/DATABASE or sqlite://PATH"
        )),
    }
}

/// Completes on Ctrl-C or SIGTERM.
async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = terminate => {}
    }
}
