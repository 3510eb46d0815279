//! Long solves on every core, their results handed on in order as they come, with
//! progress on standard error: a bar where it is a terminal, a plain line now and then
//! where it is not (a log file, a batch job) once the work has run a while.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tenace_solver::Solver;

/// How long the work runs before a standard error that is no terminal hears of it: short
/// work stays silent there.
const QUIET_FOR: Duration = Duration::from_secs(2);

/// Refuses `--threads 0`; a command checks it before it prints anything.
pub fn check_threads(threads: Option<usize>) -> Result<(), String> {
    if threads == Some(0) {
        return Err("--threads: must be at least 1".into());
    }
    Ok(())
}

/// Runs jobs `0..count` on every core (or `threads`), each worker with a solver of
/// `memory` bytes, and hands each result to `emit` on the calling thread in job order,
/// as soon as that job and every one before it are done. Progress counts `unit`s. The
/// first error stops the jobs not yet begun and is returned once the running ones end;
/// results after it are not emitted.
pub fn solve_in_order<T: Send>(
    count: usize,
    unit: &str,
    threads: Option<usize>,
    memory: usize,
    job: impl Fn(&mut Solver, usize) -> Result<T, String> + Sync,
    mut emit: impl FnMut(usize, T),
) -> Result<(), String> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    solve_each(count, unit, threads, memory, job, |k, value| {
        waiting.insert(k, value);
        while let Some(value) = waiting.remove(&next) {
            emit(next, value);
            next += 1;
        }
    })
}

/// [`solve_in_order`], but each result is handed to `emit` as soon as its own job is
/// done, whatever the order: for results that name what they are about (a player's
/// range), so that one slow job holds up none of the others.
pub fn solve_each<T: Send>(
    count: usize,
    unit: &str,
    threads: Option<usize>,
    memory: usize,
    job: impl Fn(&mut Solver, usize) -> Result<T, String> + Sync,
    mut emit: impl FnMut(usize, T),
) -> Result<(), String> {
    check_threads(threads)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| format!("--threads: {e}"))?;
    let bar = indicatif::ProgressBar::new(count as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{{spinner}} {{bar:30}} {{pos}}/{{len}} {unit} {{elapsed}}"
        ))
        .map_err(|e| format!("progress bar: {e}"))?,
    );
    // A single solve may run for minutes: the spinner and clock show it is alive.
    bar.enable_steady_tick(Duration::from_millis(250));
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let plain_step = (count / 20).max(1);
    let start = Instant::now();
    let stop = AtomicBool::new(false);
    let (sender, results) = mpsc::channel::<(usize, Result<T, String>)>();

    let outcome = std::thread::scope(|scope| {
        let (pool, job, stop) = (&pool, &job, &stop);
        scope.spawn(move || {
            use rayon::prelude::*;
            pool.install(|| {
                (0..count).into_par_iter().for_each_init(
                    || (Solver::with_memory(memory), sender.clone()),
                    |(solver, sender), k| {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        // The receiver only goes away once every job has ended.
                        let _ = sender.send((k, job(solver, k)));
                    },
                );
            });
        });
        let mut finished = 0;
        let mut failure = None;
        for (k, result) in results {
            finished += 1;
            bar.inc(1);
            if !terminal && start.elapsed() >= QUIET_FOR && finished % plain_step == 0 {
                eprintln!(
                    "{finished}/{count} {unit} after {:.0} s",
                    start.elapsed().as_secs_f64()
                );
            }
            match result {
                Ok(value) if failure.is_none() => bar.suspend(|| emit(k, value)),
                Ok(_) => {}
                Err(message) => {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(message);
                }
            }
        }
        failure.map_or(Ok(()), Err)
    });
    bar.finish_and_clear();
    outcome
}
