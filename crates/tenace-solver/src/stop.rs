//! A deadline for a search, so a caller with a time budget (the expert computer player)
//! gets an answer or a refusal in time instead of a solve that runs for minutes.
//!
//! The clock is read only once every [`Stop::INTERVAL`] trick starts, so the check
//! costs the searches a counter and a branch. Once the deadline has passed, every
//! trick start answers at once with a meaningless result and stores nothing, so the
//! transposition table keeps only sound bounds and stays usable for the next solve;
//! the solver then reports [`crate::SolveError::OutOfTime`] instead of the result.

use std::time::Instant;

/// A search's deadline and whether it has passed.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Stop {
    deadline: Option<Instant>,
    stopped: bool,
    countdown: u32,
}

impl Stop {
    /// Trick starts between two readings of the clock: a few microseconds of search.
    const INTERVAL: u32 = 256;

    /// Sets the deadline (`None`: none) and forgets a past stop.
    pub fn set(&mut self, deadline: Option<Instant>) {
        *self = Stop {
            deadline,
            stopped: false,
            countdown: Stop::INTERVAL,
        };
    }

    /// Forgets a past stop, keeping the deadline: a new question starts.
    pub fn restart(&mut self) {
        self.set(self.deadline);
    }

    /// Called at each trick start: whether the search must give up now.
    #[inline]
    pub fn poll(&mut self) -> bool {
        let Some(deadline) = self.deadline else {
            return false;
        };
        if !self.stopped {
            self.countdown -= 1;
            if self.countdown == 0 {
                self.countdown = Stop::INTERVAL;
                self.stopped = Instant::now() >= deadline;
            }
        }
        self.stopped
    }

    /// Whether the deadline stopped the search since the last [`Stop::set`] or
    /// [`Stop::restart`]: its results since then mean nothing.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn no_deadline_never_stops() {
        let mut stop = Stop::default();
        stop.set(None);
        assert!((0..10_000).all(|_| !stop.poll()));
        assert!(!stop.stopped());
    }

    #[test]
    fn a_past_deadline_stops_within_one_interval_and_restart_forgets_it() {
        let mut stop = Stop::default();
        stop.set(Some(Instant::now()));
        let polls = (0..=Stop::INTERVAL).take_while(|_| !stop.poll()).count();
        assert_eq!(polls as u32, Stop::INTERVAL - 1);
        assert!(stop.stopped());
        stop.restart();
        assert!(!stop.stopped());
    }

    #[test]
    fn a_future_deadline_does_not_stop() {
        let mut stop = Stop::default();
        stop.set(Some(Instant::now() + Duration::from_secs(3600)));
        assert!((0..10_000).all(|_| !stop.poll()));
    }
}
