//! The counters `/metrics` reports, in Prometheus text.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use tenace_table::review::Reviewer;

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
    /// The double-dummy reviews, kept up to date by the reviews themselves.
    pub reviews: Arc<ReviewGauges>,
    /// In a cluster, the tables whose computer players this process drives; without one,
    /// 0 (this process drives every table it holds).
    pub tables_driven: AtomicU64,
    /// In a cluster, the notices of other processes' appends this process heard.
    pub notifications: AtomicU64,
    /// Their total lag, from the appender's commit to this process hearing it, in
    /// microseconds.
    pub notification_lag_micros: AtomicU64,
    /// In a cluster, the times the listening connection was lost and made again, after
    /// which every table read its log for the notices it may have missed.
    pub notices_missed: AtomicU64,
}

/// What `/metrics` tells of the reviews.
#[derive(Debug, Default)]
pub struct ReviewGauges {
    /// Reviews waiting for a review thread.
    pub queued: AtomicU64,
    /// Reviews holding a review thread.
    pub running: AtomicU64,
    /// Reviews stopped because nobody waited for them any more.
    pub stopped_no_watchers: AtomicU64,
    /// Reviews stopped at the time limit.
    pub stopped_time_limit: AtomicU64,
    /// Requests refused for the per-player limit.
    pub refused: AtomicU64,
    /// The review threads, once started: how many, and how many are solving now.
    pub pool: OnceLock<Arc<Reviewer>>,
}

impl ReviewGauges {
    /// The Prometheus text of the reviews' gauges and counters.
    fn render(&self, out: &mut String) {
        let get = |c: &AtomicU64| c.load(Ordering::Relaxed);
        let (threads, busy) = self
            .pool
            .get()
            .map_or((0, 0), |pool| (pool.threads(), pool.busy()));
        let gauges = [
            ("tenace_review_queue", get(&self.queued)),
            ("tenace_reviews_running", get(&self.running)),
            ("tenace_review_threads", threads as u64),
            ("tenace_review_threads_busy", busy as u64),
        ];
        for (name, value) in gauges {
            let _ = writeln!(out, "# TYPE {name} gauge\n{name} {value}");
        }
        let _ = writeln!(
            out,
            "# TYPE tenace_reviews_stopped_total counter\n\
             tenace_reviews_stopped_total{{reason=\"no_watchers\"}} {}\n\
             tenace_reviews_stopped_total{{reason=\"time_limit\"}} {}",
            get(&self.stopped_no_watchers),
            get(&self.stopped_time_limit),
        );
        let _ = writeln!(
            out,
            "# TYPE tenace_reviews_refused_total counter\ntenace_reviews_refused_total {}",
            get(&self.refused)
        );
    }
}

impl Metrics {
    /// Counts one append that took `micros`.
    pub fn appended(&self, micros: u64) {
        self.actions.fetch_add(1, Ordering::Relaxed);
        self.append_micros.fetch_add(micros, Ordering::Relaxed);
    }

    /// Counts a notice of an append another process committed at `sent_micros`
    /// (microseconds since the Unix epoch, by its clock).
    pub fn notified(&self, sent_micros: i64) {
        let now = tenace_store::cluster::now_micros();
        // Clocks of two machines may disagree by more than the lag: never negative.
        let lag = u64::try_from(now.saturating_sub(sent_micros)).unwrap_or(0);
        self.notifications.fetch_add(1, Ordering::Relaxed);
        self.notification_lag_micros
            .fetch_add(lag, Ordering::Relaxed);
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
        line(
            "tenace_tables_driven",
            "gauge",
            get(&self.tables_driven).to_string(),
        );
        line(
            "tenace_notifications_total",
            "counter",
            get(&self.notifications).to_string(),
        );
        line(
            "tenace_notices_missed_total",
            "counter",
            get(&self.notices_missed).to_string(),
        );
        let sum = get(&self.append_micros) as f64 / 1e6;
        let _ = writeln!(
            out,
            "# TYPE tenace_append_seconds summary\ntenace_append_seconds_sum {sum}\ntenace_append_seconds_count {}",
            get(&self.actions)
        );
        let lag = get(&self.notification_lag_micros) as f64 / 1e6;
        let _ = writeln!(
            out,
            "# TYPE tenace_notification_lag_seconds summary
tenace_notification_lag_seconds_sum {lag}
tenace_notification_lag_seconds_count {}",
            get(&self.notifications)
        );
        self.reviews.render(&mut out);
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

    #[test]
    fn notices_are_counted_with_their_lag() {
        let metrics = Metrics::default();
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_micros() as i64)
            .unwrap_or(0);
        metrics.notified(now - 2_000_000);
        // From a machine whose clock runs ahead: no negative lag.
        metrics.notified(now + 60_000_000);
        let text = metrics.render();
        assert!(text.contains("tenace_notifications_total 2\n"), "{text}");
        let sum: f64 = text
            .lines()
            .find_map(|l| l.strip_prefix("tenace_notification_lag_seconds_sum "))
            .and_then(|v| v.parse().ok())
            .unwrap_or(-1.0);
        assert!((2.0..3.0).contains(&sum), "{text}");
        assert!(text.contains("tenace_tables_driven 0\n"), "{text}");
        assert!(text.contains("tenace_notices_missed_total 0\n"), "{text}");
    }

    #[test]
    fn the_reviews_are_shown_before_their_threads_start() {
        let metrics = Metrics::default();
        metrics.reviews.queued.store(3, Ordering::Relaxed);
        metrics
            .reviews
            .stopped_no_watchers
            .fetch_add(1, Ordering::Relaxed);
        let text = metrics.render();
        assert!(text.contains("tenace_review_queue 3\n"), "{text}");
        assert!(text.contains("tenace_review_threads_busy 0\n"), "{text}");
        assert!(
            text.contains("tenace_reviews_stopped_total{reason=\"no_watchers\"} 1\n"),
            "{text}"
        );
    }
}
