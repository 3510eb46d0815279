//! How long the expert thinks: a number of samples, a time budget, or both, and what
//! solving has cost before (so a decision whose single solve cannot fit the time budget
//! is left to the basic player rather than blowing it).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What bounds one decision.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budget {
    /// The most samples to solve.
    pub samples: usize,
    /// When to stop solving, with a time budget.
    pub deadline: Option<Instant>,
    /// The time budget itself.
    pub think: Option<Duration>,
}

impl Budget {
    /// A budget starting now.
    pub fn start(samples: usize, think_ms: Option<u64>) -> Budget {
        let think = think_ms.map(Duration::from_millis);
        Budget {
            samples: samples.max(1),
            deadline: think.map(|t| Instant::now() + t),
            think,
        }
    }

    /// When a solve still running is stopped: one solve may overrun the budget (the
    /// first sample is always tried), but never by more than the budget again.
    pub fn hard_limit(&self) -> Option<Instant> {
        Some(self.deadline? + self.think?)
    }

    /// Whether the hard limit has passed.
    pub fn past_hard_limit(&self) -> bool {
        self.hard_limit()
            .is_some_and(|limit| Instant::now() >= limit)
    }

    /// Whether another sample may be solved after `done` of them, the last taking
    /// `last`: always the first; never past the sample count; with a time budget, only if
    /// one more solve as long as the last still ends before the deadline.
    pub fn allows_another(&self, done: usize, last: Duration) -> bool {
        if done == 0 {
            return true;
        }
        if done >= self.samples {
            return false;
        }
        self.deadline
            .is_none_or(|deadline| Instant::now() + last <= deadline)
    }
}

/// What one kind of solve took last time, by game and cards left, for every expert in
/// the process (a simulation makes a new bot for every table, and each should not have
/// to learn again). Consulted only under a time budget, so sample-count budgets stay
/// deterministic.
static SOLVE_TIMES: Mutex<Option<HashMap<(&'static str, usize), Duration>>> = Mutex::new(None);

/// The time one sample of this kind took last, if one was measured.
pub(crate) fn expected_solve_time(game: &'static str, cards: usize) -> Option<Duration> {
    let times = SOLVE_TIMES.lock().ok()?;
    times.as_ref()?.get(&(game, cards)).copied()
}

/// Records what one sample of this kind took.
pub(crate) fn record_solve_time(game: &'static str, cards: usize, took: Duration) {
    if let Ok(mut times) = SOLVE_TIMES.lock() {
        times
            .get_or_insert_with(HashMap::new)
            .insert((game, cards), took);
    }
}

/// Forgets part of a measurement that made the expert give up, so that a solver grown
/// faster (or a lighter load) gets another chance later.
pub(crate) fn discount_solve_time(game: &'static str, cards: usize) {
    if let Ok(mut times) = SOLVE_TIMES.lock()
        && let Some(t) = times.as_mut().and_then(|m| m.get_mut(&(game, cards)))
    {
        *t /= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_sample_is_always_allowed_and_the_count_bounds_the_rest() {
        let b = Budget::start(3, None);
        assert!(b.allows_another(0, Duration::from_secs(100)));
        assert!(b.allows_another(2, Duration::from_secs(100)));
        assert!(!b.allows_another(3, Duration::ZERO));
    }

    #[test]
    fn the_hard_limit_is_twice_the_budget_and_only_with_one() {
        assert_eq!(Budget::start(3, None).hard_limit(), None);
        let b = Budget::start(3, Some(50));
        let limit = b.hard_limit().unwrap();
        assert_eq!(limit - b.deadline.unwrap(), Duration::from_millis(50));
        assert!(!b.past_hard_limit());
        assert!(Budget::start(3, Some(0)).past_hard_limit());
    }

    #[test]
    fn a_spent_time_budget_stops_after_the_first_sample() {
        let b = Budget::start(100, Some(0));
        assert!(b.allows_another(0, Duration::ZERO));
        assert!(!b.allows_another(1, Duration::from_millis(1)));
    }
}
