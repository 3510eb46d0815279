//! One module per subcommand. Each parses its raw arguments, resolves them into checked
//! values, and runs; errors come back as messages that name the argument at fault.

pub mod bots_sim;
pub mod bridgette;
pub mod convert;
pub mod deal;
pub mod devils;
pub mod engine;
pub mod play;
pub mod progress;
pub mod score;
pub mod serve;
pub mod sim;
pub mod solve;
pub mod solve_pbn;

use tenace_rules::bridge::{BridgeOptions, BridgeVariant};

/// The game names the commands accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GameName {
    /// Contract Bridge.
    Bridge,
    /// Bridge with Deuces Wild.
    DeucesWild,
    /// Five Crowns Bridge.
    FiveCrowns,
    /// Devil's Bridge, for 3 to 7 players.
    DevilsBridge,
    /// Bridgette, for 2 players.
    Bridgette,
}

impl GameName {
    /// The name as the engine protocol spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            GameName::Bridge => "bridge",
            GameName::DeucesWild => "deuces-wild",
            GameName::FiveCrowns => "five-crowns",
            GameName::DevilsBridge => "devils-bridge",
            GameName::Bridgette => "bridgette",
        }
    }

    /// Whether this is Devil's Bridge, whose commands take other arguments.
    pub fn is_devils(self) -> bool {
        self == GameName::DevilsBridge
    }

    /// Refuses `--players` for the games with a fixed table.
    pub fn check_players(self, players: Option<u8>) -> Result<(), String> {
        let table = if self == GameName::Bridgette {
            "two"
        } else {
            "four"
        };
        match players {
            Some(_) if !self.is_devils() => Err(format!(
                "--players: {} is played by {table}; only devils-bridge takes --players",
                self.as_str()
            )),
            _ => Ok(()),
        }
    }

    /// The game and its options, from `--options` JSON with the keys of RULES.md.
    pub fn resolve(self, options: Option<&str>) -> Result<(BridgeVariant, BridgeOptions), String> {
        let json = match options {
            Some(text) => {
                serde_json::from_str(text).map_err(|e| format!("--options: not JSON: {e}"))?
            }
            None => serde_json::Value::Null,
        };
        BridgeVariant::parse_options(self.as_str(), &json).map_err(|e| format!("--{e}"))
    }
}

/// What a batch of seeded simulations came to, with how long it took and on how many
/// threads.
pub struct Batch<T> {
    /// The merged summaries.
    pub summary: T,
    /// Wall-clock seconds.
    pub secs: f64,
    /// Worker threads used.
    pub threads: usize,
}

/// Plays `count` seeded runs (seeds `seed`, `seed + 1`, …) on every core (or `threads`),
/// with a progress bar counting `unit`s, and merges their summaries. Shared by every
/// game's `sim`. Where standard error is no terminal (a log file, a batch job), the bar
/// cannot draw, so a plain line reports every twentieth of the runs instead.
pub fn run_seeded<T: Send + Default>(
    unit: &str,
    count: u64,
    seed: u64,
    threads: Option<usize>,
    play: impl Fn(u64) -> T + Sync + Send,
    merge: fn(T, T) -> T,
) -> Result<Batch<T>, String> {
    use std::sync::atomic::{AtomicU64, Ordering};

    if count == 0 {
        return Err("--deals: must be at least 1".into());
    }
    if seed.checked_add(count - 1).is_none() {
        return Err("--deals: the seeds would pass 2^64-1".into());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| format!("--threads: {e}"))?;
    let bar = indicatif::ProgressBar::new(count);
    bar.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {unit} {{per_sec}} eta {{eta}}"
        ))
        .map_err(|e| format!("progress bar: {e}"))?,
    );
    let done = AtomicU64::new(0);
    let start = std::time::Instant::now();
    let plain_step =
        (!std::io::IsTerminal::is_terminal(&std::io::stderr())).then_some((count / 20).max(1));
    let summary = pool.install(|| {
        use rayon::prelude::*;
        (0..count)
            .into_par_iter()
            .map(|k| {
                let s = play(seed + k);
                let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                // Update the bar in steps, so threads do not fight over it.
                if finished.is_multiple_of(16) {
                    bar.inc(16);
                }
                if plain_step.is_some_and(|step| finished.is_multiple_of(step)) {
                    eprintln!(
                        "{finished}/{count} {unit} after {:.0} s",
                        start.elapsed().as_secs_f64()
                    );
                }
                s
            })
            .reduce(T::default, merge)
    });
    bar.finish_and_clear();
    Ok(Batch {
        summary,
        secs: start.elapsed().as_secs_f64(),
        threads: pool.current_num_threads(),
    })
}

/// `n` as a percentage of `d`, 0 when `d` is 0.
pub fn percent(n: u64, d: u64) -> f64 {
    if d == 0 {
        0.0
    } else {
        100.0 * n as f64 / d as f64
    }
}

/// How long the expert computer player may think: `--think-ms` and `--samples`, shared
/// by `tenace sim` and `tenace play`.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct ThinkArgs {
    /// The expert's time budget per decision, in milliseconds (default 1000). It stops
    /// sampling when the time is spent, after at least one sample.
    #[arg(long, value_name = "MS")]
    pub think_ms: Option<u64>,
    /// The most deals the expert samples and solves per decision (default 40; Devil's
    /// Bridge plays ten times as many out). Given without --think-ms, the expert has no
    /// clock and a run replays exactly.
    #[arg(long, value_name = "N")]
    pub samples: Option<usize>,
}

impl ThinkArgs {
    /// The bots' options these arguments ask for.
    pub fn options(&self) -> Result<tenace_bots::BotOptions, String> {
        use tenace_bots::BotOptions;
        if self.samples == Some(0) {
            return Err("--samples: must be at least 1".into());
        }
        let samples = self.samples.unwrap_or(BotOptions::DEFAULT_SAMPLES);
        Ok(match (self.think_ms, self.samples) {
            (None, Some(_)) => BotOptions::samples(samples),
            (think, _) => BotOptions {
                think_ms: Some(think.unwrap_or(BotOptions::DEFAULT_THINK_MS)),
                samples,
            },
        })
    }
}
