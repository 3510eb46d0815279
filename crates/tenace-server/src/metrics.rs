//! The counters `/metrics` reports, in Prometheus text.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};

/// The server's counters, shared by every task.
#[derive(Debug, Default)]
pub struct Metrics {
    /// Tables with a live task.
    pub tables_live: AtomicU64,
    /// Open WebSocket connections.
    pub connections: AtomicU64,
    /// Events appended.
    pub actions: AtomicU64,
    /// Total time from handing an event to the store to its commit, in microseconds.
    pub append_micros: AtomicU64,
}

impl Metrics {
    /// Counts one append that took `micros`.
    pub fn appended(&self, micros: u64) {
        self.actions.fetch_add(1, Ordering::Relaxed);
        self.append_micros.fetch_add(micros, Ordering::Relaxed);
    }

    /// The Prometheus text of every counter.
    pub fn render(&self) -> String {
        let get = |c: &AtomicU64| c.load(Ordering::Relaxed);
        let mut out = String::new();
        let mut line = |name: &str, kind: &str, value: String| {
            let _ = writeln!(out, "# TYPE {name} {kind}\n{name} {value}");
        };
        line(
            "tenace_tables_live",
            "gauge",
            get(&self.tables_live).to_string(),
        );
        line(
            "tenace_connections",
            "gauge",
            get(&self.connections).to_string(),
        );
        line(
            "tenace_actions_total",
            "counter",
            get(&self.actions).to_string(),
        );
        let sum = get(&self.append_micros) as f64 / 1e6;
        let _ = writeln!(
            out,
            "# TYPE tenace_append_seconds summary\ntenace_append_seconds_sum {sum}\ntenace_append_seconds_count {}",
            get(&self.actions)
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appends_are_counted_with_their_time() {
        let metrics = Metrics::default();
        metrics.appended(1_500);
        metrics.appended(500);
        let text = metrics.render();
        assert!(text.contains("tenace_actions_total 2\n"), "{text}");
        assert!(text.contains("tenace_append_seconds_sum 0.002\n"), "{text}");
        assert!(text.contains("tenace_append_seconds_count 2\n"), "{text}");
    }
}
