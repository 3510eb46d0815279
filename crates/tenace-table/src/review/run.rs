//! Running reviews: a [`Reviewing`] shared between the work and its readers, and a
//! [`Reviewer`], a bounded pool of threads that shares the steps of every review running
//! at once out fairly among its threads.
//!
//! Each thread keeps one solver for its life (so the solvers stay as many as the threads,
//! not as the reviews) and takes the next step of the running review that has the fewest
//! threads on it: a review started while another runs gets the next free thread, rather
//! than waiting for every step of the first. A step's solver watches the review's stop
//! flag, so [`Reviewing::stop`] ends the work within milliseconds.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use tenace_rules::AnyGame;
use tenace_solver::Solver;

use super::{Plan, Progress};

/// The memory of each of a review thread's solver tables.
const REVIEW_MEMORY: usize = 32 << 20;

/// How often a review waiting for its steps looks whether it was stopped, so that a stop
/// of steps no thread has taken yet ends it too.
const STOP_CHECK: Duration = Duration::from_millis(10);

/// What a review holds besides its progress: which steps are solved, so a stopped
/// review can be taken up again where it stopped.
#[derive(Debug, Default, Clone)]
struct State {
    progress: Progress,
    /// Whether the review's plan was laid out (its total and first review set).
    planned: bool,
    /// The steps solved, by their place in the plan.
    solved: Vec<bool>,
}

/// Called after each change of a review's progress.
type Listener = Box<dyn Fn() + Send + Sync>;

/// A review in progress, shared between the threads that compute it and those that read
/// it; [`Reviewing::stop`] asks the work to end.
#[derive(Default)]
pub struct Reviewing {
    stop: Arc<AtomicBool>,
    state: Mutex<State>,
    changes: AtomicU64,
    listener: Option<Listener>,
}

impl std::fmt::Debug for Reviewing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reviewing")
            .field("stopped", &self.is_stopped())
            .field("changes", &self.changes())
            .finish_non_exhaustive()
    }
}

impl Reviewing {
    /// A review not started yet.
    pub fn new() -> Reviewing {
        Reviewing::default()
    }

    /// The same review, with `listener` called after each change of its progress (from
    /// the review's threads: it should only wake whoever sends the news on).
    pub fn listening(mut self, listener: impl Fn() + Send + Sync + 'static) -> Reviewing {
        self.listener = Some(Box::new(listener));
        self
    }

    /// A new review that goes on where this one stopped: what it found and the steps it
    /// solved are kept, and [`Reviewer::run`] solves only the others. Not stopped, with
    /// no listener.
    pub fn resumed(&self) -> Reviewing {
        Reviewing {
            state: Mutex::new(self.lock().clone()),
            changes: AtomicU64::new(self.changes()),
            ..Reviewing::default()
        }
    }

    /// Asks the work to stop: the steps being solved end within milliseconds, the others
    /// are not started, and what was found stays.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the work was asked to stop.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// What is known so far.
    pub fn progress(&self) -> Progress {
        self.lock().progress.clone()
    }

    /// How many times the progress changed: a reader that remembers it knows when to
    /// read again.
    pub fn changes(&self) -> u64 {
        self.changes.load(Ordering::Acquire)
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves a state that is still whole: each
        // update is a single assignment or insertion.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Changes the state and counts the change.
    fn update(&self, change: impl FnOnce(&mut State)) {
        change(&mut self.lock());
        self.changes.fetch_add(1, Ordering::Release);
        if let Some(listener) = &self.listener {
            listener();
        }
    }

    /// Lays the plan out the first time; the steps still to solve, in the plan's order.
    fn begin(&self, plan: &Plan) -> Vec<usize> {
        let mut pending = Vec::new();
        self.update(|state| {
            if !state.planned {
                state.planned = true;
                state.solved = vec![false; plan.jobs.len()];
                state.progress.total = plan.jobs.len();
                state.progress.review = plan.start.clone();
            }
            pending = (0..plan.jobs.len())
                .filter(|&k| !state.solved.get(k).copied().unwrap_or(false))
                .collect();
        });
        pending
    }
}

/// One review in the pool: its plan, its steps still to hand out, and how many threads
/// are on it.
struct Run {
    id: u64,
    plan: Arc<Plan>,
    reviewing: Arc<Reviewing>,
    pending: Vec<usize>,
    next: usize,
    working: usize,
    /// When a thread last took one of its steps (the pool's count of steps handed out).
    picked: u64,
    /// Dropped when the run leaves the pool, which wakes [`Reviewer::run`].
    _ended: mpsc::Sender<()>,
}

impl Run {
    /// Whether no more of its steps are to be handed out.
    fn exhausted(&self) -> bool {
        self.next >= self.pending.len() || self.reviewing.is_stopped()
    }
}

/// The runs in the pool and whether it is closing.
#[derive(Default)]
struct Runs {
    runs: Vec<Run>,
    next_id: u64,
    /// Steps handed out, for the turns of the runs.
    handed: u64,
    closing: bool,
}

impl Runs {
    /// Drops the runs with nothing more to hand out and no thread on them.
    fn sweep(&mut self) {
        self.runs.retain(|r| !(r.exhausted() && r.working == 0));
    }
}

/// What the pool's threads share.
#[derive(Default)]
struct Pool {
    runs: Mutex<Runs>,
    work: Condvar,
    busy: AtomicUsize,
    /// A pause before each step ([`Reviewer::with_step_pause`]).
    pause: Duration,
}

impl Pool {
    fn lock(&self) -> MutexGuard<'_, Runs> {
        // Every change under the lock is a counter or a push/retain: whole after a panic.
        self.runs.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The next step for a free thread: of the running reviews with steps left, the one
    /// with the fewest threads on it, and of those the one served least recently, so
    /// even a single thread takes the reviews' steps in turn. Waits for one; `None` when
    /// the pool closes.
    fn take(&self) -> Option<(u64, Arc<Plan>, Arc<Reviewing>, usize)> {
        let mut runs = self.lock();
        loop {
            if runs.closing {
                return None;
            }
            runs.sweep();
            let Runs {
                runs: list, handed, ..
            } = &mut *runs;
            let pick = list
                .iter_mut()
                .filter(|r| !r.exhausted())
                .min_by_key(|r| (r.working, r.picked));
            if let Some(run) = pick {
                let job = run.pending[run.next];
                run.next += 1;
                run.working += 1;
                *handed += 1;
                run.picked = *handed;
                return Some((
                    run.id,
                    Arc::clone(&run.plan),
                    Arc::clone(&run.reviewing),
                    job,
                ));
            }
            runs = self.work.wait(runs).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// A thread is done with a step of run `id`.
    fn release(&self, id: u64) {
        let mut runs = self.lock();
        if let Some(run) = runs.runs.iter_mut().find(|r| r.id == id) {
            run.working -= 1;
        }
        runs.sweep();
    }

    /// Waits out the pool's pause, a stop ending it early.
    fn pause_before_step(&self, reviewing: &Reviewing) {
        let until = std::time::Instant::now() + self.pause;
        while !reviewing.is_stopped() {
            let left = until.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                break;
            }
            std::thread::sleep(left.min(STOP_CHECK));
        }
    }

    /// One thread's life: steps until the pool closes.
    fn serve(&self) {
        let mut solver = Solver::with_memory(REVIEW_MEMORY);
        while let Some((id, plan, reviewing, job)) = self.take() {
            self.busy.fetch_add(1, Ordering::Relaxed);
            self.pause_before_step(&reviewing);
            solver.set_deadline(None);
            solver.set_stop(Some(Arc::clone(&reviewing.stop)));
            let found = plan
                .jobs
                .get(job)
                .and_then(|&step| plan.solve(step, &mut solver));
            solver.set_stop(None);
            self.busy.fetch_sub(1, Ordering::Relaxed);
            // A stopped step found nothing sound. A position the solver refuses (none
            // should be) leaves its step without a result rather than the review
            // unfinished.
            if !reviewing.is_stopped() {
                reviewing.update(|state| {
                    if let Some(found) = found {
                        plan.record(found, &mut state.progress.review);
                    }
                    if let Some(solved) = state.solved.get_mut(job) {
                        *solved = true;
                    }
                    state.progress.done += 1;
                });
            }
            self.release(id);
        }
    }
}

/// Runs reviews on a bounded pool of threads, each with its own solver; the steps of the
/// reviews running at once are shared out fairly among the threads.
pub struct Reviewer {
    pool: Arc<Pool>,
    threads: Vec<JoinHandle<()>>,
}

impl std::fmt::Debug for Reviewer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reviewer")
            .field("threads", &self.threads())
            .field("busy", &self.busy())
            .finish()
    }
}

/// Why a [`Reviewer`] could not start.
#[derive(Debug, thiserror::Error)]
#[error("threads: the review's threads could not start: {0}")]
pub struct ReviewerError(String);

impl Reviewer {
    /// A reviewer with `threads` threads (at least one).
    pub fn new(threads: usize) -> Result<Reviewer, ReviewerError> {
        Reviewer::with_step_pause(threads, Duration::ZERO)
    }

    /// A reviewer whose threads pause for `pause` before each step (a stop ends the
    /// pause early): a review then lasts at least its steps times the pause over the
    /// threads, whatever the solver's speed, so tests can watch one in progress.
    ///
    /// ```
    /// use std::time::Duration;
    /// use tenace_table::review::Reviewer;
    /// let reviewer = Reviewer::with_step_pause(2, Duration::from_millis(50)).unwrap();
    /// assert_eq!(reviewer.threads(), 2);
    /// ```
    pub fn with_step_pause(threads: usize, pause: Duration) -> Result<Reviewer, ReviewerError> {
        let pool = Arc::new(Pool {
            pause,
            ..Pool::default()
        });
        let mut reviewer = Reviewer {
            pool,
            threads: Vec::new(),
        };
        for k in 0..threads.max(1) {
            let pool = Arc::clone(&reviewer.pool);
            let thread = std::thread::Builder::new()
                .name(format!("review-{k}"))
                .spawn(move || pool.serve())
                // Dropping the reviewer closes and joins the threads already started.
                .map_err(|e| ReviewerError(e.to_string()))?;
            reviewer.threads.push(thread);
        }
        Ok(reviewer)
    }

    /// How many threads it has.
    pub fn threads(&self) -> usize {
        self.threads.len()
    }

    /// How many of its threads are solving a step now.
    pub fn busy(&self) -> usize {
        self.pool.busy.load(Ordering::Relaxed)
    }

    /// Reviews `deal` (a finished deal, or one ended early), recording each result in
    /// `reviewing` as it comes; a review [`Reviewing::resumed`] solves only the steps
    /// left. Returns when the review is finished or stopped. Several reviews may run at
    /// once, from several callers, sharing the threads step by step.
    pub fn run(&self, deal: &AnyGame, reviewing: &Arc<Reviewing>) {
        let plan = Arc::new(Plan::of(deal));
        let pending = reviewing.begin(&plan);
        if !pending.is_empty() && !reviewing.is_stopped() {
            let (ended, wait) = mpsc::channel();
            {
                let mut runs = self.pool.lock();
                runs.next_id += 1;
                let id = runs.next_id;
                runs.runs.push(Run {
                    id,
                    plan: Arc::clone(&plan),
                    reviewing: Arc::clone(reviewing),
                    pending,
                    next: 0,
                    working: 0,
                    picked: 0,
                    _ended: ended,
                });
            }
            self.pool.work.notify_all();
            // Nothing is ever sent: the wait ends when the run leaves the pool. A stop
            // of steps no thread has taken yet is seen here, as no thread may be on it.
            while let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(STOP_CHECK) {
                if reviewing.is_stopped() {
                    self.pool.lock().sweep();
                }
            }
        }
        reviewing.update(|state| {
            let progress = &mut state.progress;
            if progress.done == progress.total && !progress.finished {
                plan.finish(&mut progress.review);
                progress.finished = true;
            }
        });
    }
}

impl Drop for Reviewer {
    fn drop(&mut self) {
        self.pool.lock().closing = true;
        self.pool.work.notify_all();
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::played_deal;
    use super::*;
    use std::time::Instant;
    use tenace_rules::bridge::BridgeVariant;

    /// Waits (a few seconds at most) until `ready`.
    fn wait_until(what: &str, ready: impl Fn() -> bool) {
        let until = Instant::now() + Duration::from_secs(60);
        while !ready() {
            assert!(Instant::now() < until, "never: {what}");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn a_stop_during_a_long_step_ends_the_review_within_milliseconds() {
        // Deuces Wild's opening positions take the solver minutes each.
        let deal = played_deal(BridgeVariant::DeucesWild, 5);
        let reviewer = Arc::new(Reviewer::new(2).expect("threads"));
        let reviewing = Arc::new(Reviewing::new());
        let worker = {
            let (reviewer, reviewing) = (Arc::clone(&reviewer), Arc::clone(&reviewing));
            std::thread::spawn(move || reviewer.run(&deal, &reviewing))
        };
        wait_until("both threads on a step", || reviewer.busy() == 2);
        std::thread::sleep(Duration::from_millis(400));
        assert!(!worker.is_finished(), "the review ended by itself");
        let stopped = Instant::now();
        reviewing.stop();
        worker.join().expect("the review ran");
        let late = stopped.elapsed();
        assert!(
            late < Duration::from_millis(150),
            "ended {late:?} after the stop"
        );
        assert_eq!(reviewer.busy(), 0);
        let progress = reviewing.progress();
        assert!(!progress.finished && progress.done < progress.total);
    }

    #[test]
    fn two_reviews_on_one_thread_take_their_steps_in_turn() {
        let reviewer = Arc::new(Reviewer::new(1).expect("a thread"));
        let second = Arc::new(Reviewing::new());
        // The second review's steps done each time the first one moves.
        let seen = Arc::new(Mutex::new(Vec::new()));
        let first = {
            let (second, seen) = (Arc::clone(&second), Arc::clone(&seen));
            Arc::new(Reviewing::new().listening(move || {
                let done = second.progress().done;
                seen.lock().expect("not poisoned").push(done);
            }))
        };
        let run = |deal: AnyGame, reviewing: &Arc<Reviewing>| {
            let (reviewer, reviewing) = (Arc::clone(&reviewer), Arc::clone(reviewing));
            std::thread::spawn(move || reviewer.run(&deal, &reviewing))
        };
        let one = run(played_deal(BridgeVariant::Standard, 5), &first);
        wait_until("the first review's first step", || {
            first.progress().done >= 1
        });
        let two = run(played_deal(BridgeVariant::Standard, 8), &second);
        one.join().expect("the first review ran");
        two.join().expect("the second review ran");
        assert!(first.progress().finished && second.progress().finished);
        let seen = seen.lock().expect("not poisoned").clone();
        // First come, first served, the second would have done no step before the first
        // ended. Taken in turn, once the second has its first step, it does about one
        // step for each of the first's: counted from there, so a second review that a
        // loaded machine starts late is judged on the steps it shared the thread for.
        let Some(k) = seen.iter().position(|&done| done >= 1) else {
            panic!("the second review did no step before the first ended: {seen:?}");
        };
        let first_steps = seen.len() - 1 - k;
        let second_steps = seen[seen.len() - 1] - seen[k];
        assert!(
            2 * second_steps + 2 >= first_steps,
            "after the second's first step the first took {first_steps} steps and the \
             second {second_steps}: {seen:?}"
        );
    }

    #[test]
    fn a_resumed_review_goes_on_where_it_stopped_and_ends_as_a_fresh_one() {
        let deal = played_deal(BridgeVariant::Standard, 5);
        let reviewer = Arc::new(Reviewer::new(2).expect("threads"));
        let fresh = Arc::new(Reviewing::new());
        reviewer.run(&deal, &fresh);
        let stopped = Arc::new(Reviewing::new());
        let worker = {
            let (reviewer, stopped, deal) =
                (Arc::clone(&reviewer), Arc::clone(&stopped), deal.clone());
            std::thread::spawn(move || reviewer.run(&deal, &stopped))
        };
        wait_until("ten steps", || stopped.progress().done >= 10);
        stopped.stop();
        worker.join().expect("the review ran");
        let before = stopped.progress();
        assert!(!before.finished && before.done >= 10, "{before:?}");
        let updates = Arc::new(AtomicUsize::new(0));
        let resumed = {
            let updates = Arc::clone(&updates);
            Arc::new(stopped.resumed().listening(move || {
                updates.fetch_add(1, Ordering::Relaxed);
            }))
        };
        assert!(!resumed.is_stopped());
        assert_eq!(resumed.progress(), before);
        reviewer.run(&deal, &resumed);
        assert_eq!(resumed.progress(), fresh.progress());
        // One update to begin, one a step left, one to finish: no step solved twice.
        assert_eq!(
            updates.load(Ordering::Relaxed),
            before.total - before.done + 2
        );
    }
}
