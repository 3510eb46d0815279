//! Rate limits: a token bucket per connection, and sliding windows per player.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// A token bucket: `rate` tokens a second, at most `burst` saved up.
#[derive(Debug, Clone)]
pub struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            rate,
            burst,
            tokens: burst,
            last: Instant::now(),
        }
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        let elapsed = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// At most `max` events in any `window`.
#[derive(Debug, Clone)]
pub struct Window {
    max: usize,
    window: Duration,
    times: VecDeque<Instant>,
}

impl Window {
    /// An empty window.
    pub fn new(max: usize, window: Duration) -> Window {
        Window {
            max,
            window,
            times: VecDeque::new(),
        }
    }

    /// Counts an event if the window has room for it.
    pub fn admit(&mut self) -> bool {
        let now = Instant::now();
        while self
            .times
            .front()
            .is_some_and(|&t| now.duration_since(t) >= self.window)
        {
            self.times.pop_front();
        }
        if self.times.len() < self.max {
            self.times.push_back(now);
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_refuses() {
        let mut bucket = Bucket::new(0.001, 3.0);
        assert!((0..3).all(|_| bucket.take()));
        assert!(!bucket.take());
    }

    #[test]
    fn a_window_counts_up_to_its_maximum() {
        let mut window = Window::new(2, Duration::from_secs(60));
        assert!(window.admit() && window.admit());
        assert!(!window.admit());
        let mut short = Window::new(1, Duration::ZERO);
        assert!(
            short.admit() && short.admit(),
            "a zero window forgets at once"
        );
    }
}
