//! A deadline and a stop flag for a search, so a caller with a time budget (the expert
//! computer player) gets an answer or a refusal in time instead of a solve that runs for
//! minutes, and work nobody waits for any more (a review whose watchers left) ends at
//! once when another thread raises the flag.
//!
//! The clock and the flag are read only once every [`Stop::INTERVAL`] trick starts, so
//! the check costs the searches a counter and a branch. Once the deadline has passed or
//! the flag is up, every trick start answers at once with a meaningless result and
//! stores nothing, so the transposition table keeps only sound bounds and stays usable
//! for the next solve; the solver then reports [`crate::SolveError::OutOfTime`] instead
//! of the result.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A search's deadline and stop flag, and whether either has stopped it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Stop {
    deadline: Option<Instant>,
    flag: Option<Arc<AtomicBool>>,
    /// Whether there is a deadline or a flag to look at: without either, a poll is one
    /// branch.
    armed: bool,
    stopped: bool,
    countdown: u32,
}

impl Stop {
    /// Trick starts between two readings of the clock and the flag: a few microseconds
    /// of search.
    const INTERVAL: u32 = 256;

    /// Sets the deadline (`None`: none), keeping the flag, and forgets a past stop.
    pub fn set(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.restart();
    }

    /// Sets the stop flag (`None`: none), keeping the deadline, and forgets a past stop.
    pub fn set_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.flag = flag;
        self.restart();
    }

    /// Forgets a past stop, keeping the deadline and the flag: a new question starts. A
    /// flag already up stops it before its first trick.
    pub fn restart(&mut self) {
        self.armed = self.deadline.is_some() || self.flag.is_some();
        self.countdown = Stop::INTERVAL;
        self.stopped = self.flag_up();
    }

    /// Called at each trick start: whether the search must give up now.
    #[inline]
    pub fn poll(&mut self) -> bool {
        if !self.armed {
            return false;
        }
        if !self.stopped {
            self.countdown -= 1;
            if self.countdown == 0 {
                self.countdown = Stop::INTERVAL;
                self.stopped = self.due();
            }
        }
        self.stopped
    }

    /// Whether the flag is up or the deadline passed.
    #[cold]
    fn due(&self) -> bool {
        self.flag_up() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn flag_up(&self) -> bool {
        self.flag
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Whether the deadline or the flag stopped the search since the last
    /// [`Stop::set`], [`Stop::set_flag`] or [`Stop::restart`]: its results since then
    /// mean nothing.
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

    #[test]
    fn a_flag_raised_by_another_owner_stops_within_one_interval() {
        let flag = Arc::new(AtomicBool::new(false));
        let mut stop = Stop::default();
        stop.set_flag(Some(Arc::clone(&flag)));
        assert!(
            (0..10_000).all(|_| !stop.poll()),
            "a lowered flag never stops"
        );
        flag.store(true, Ordering::Relaxed);
        let polls = (0..=Stop::INTERVAL).take_while(|_| !stop.poll()).count();
        assert!(polls < Stop::INTERVAL as usize, "{polls} polls");
        assert!(stop.stopped());
        // A new question under a flag still up is stopped before it starts; lowered, it
        // runs.
        stop.restart();
        assert!(stop.stopped() && stop.poll());
        flag.store(false, Ordering::Relaxed);
        stop.restart();
        assert!(!stop.stopped());
        stop.set_flag(None);
        flag.store(true, Ordering::Relaxed);
        assert!(
            (0..10_000).all(|_| !stop.poll()),
            "a flag taken away is not read"
        );
    }
}
