//! `tenace sim --bots A,B`: computer players against each other, fairly, on every core.
//!
//! * Contract Bridge, Deuces Wild, Five Crowns: each deal is played at two tables with
//!   the pairs swapped (A North-South at the first, East-West at the second), duplicate
//!   style, so the cards favour nobody; the deal's result for A is the difference of the
//!   two North-South scores, in IMPs.
//! * Devil's Bridge: each seeded game is played once for every seat, A in that seat and B
//!   in all the others; the game's result for A is A's total less the mean of B's
//!   totals, averaged over the seats.
//! * Bridgette: each seeded game is played twice, A as player 0 then as player 1; the
//!   result for A is the mean of A's total less B's.
//!
//! Each bot is seeded from the deal's seed, its table and its seat, so a run is
//! reproducible whatever the thread count, as long as the expert thinks by a sample
//! count (`--samples` alone); under a time budget (`--think-ms`) how much it thinks
//! depends on the machine.
//!
//! Beyond the mean result, it reports the exact-bid rate (Devil's Bridge) and, when
//! one side is the expert, declarer's tricks against the double-dummy result of the same
//! contract and how long the expert took over its decisions.

use std::time::Instant;

use tenace_bots::{Bot, BotOptions, Level, new_bot_with, next_actor};
use tenace_cards::Player;
use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup, BridgeVariant};
use tenace_rules::bridgette::{BridgetteMatch, BridgetteOptions};
use tenace_rules::deal::mix_seed;
use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsMatch};
use tenace_rules::scoring::{board_vulnerability, imps};
use tenace_rules::{Action, Game, GameConfig, Match, View};
use tenace_solver::Solver;

use super::GameName;

/// The two levels of `--bots A,B`.
pub fn parse_bots(text: &str) -> Result<(Level, Level), String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [a, b] = parts.as_slice() else {
        return Err(format!(
            "--bots: expected two levels separated by a comma, e.g. basic,random (got {text:?})"
        ));
    };
    let level = |s: &str| s.parse::<Level>().map_err(|e| format!("--bots: {e}"));
    Ok((level(a)?, level(b)?))
}

/// A running mean with its spread, mergeable across threads.
#[derive(Debug, Default, Clone, Copy)]
pub struct Stat {
    n: u64,
    sum: f64,
    sum_sq: f64,
}

impl Stat {
    fn one(x: f64) -> Stat {
        Stat {
            n: 1,
            sum: x,
            sum_sq: x * x,
        }
    }

    fn merge(self, o: Stat) -> Stat {
        Stat {
            n: self.n + o.n,
            sum: self.sum + o.sum,
            sum_sq: self.sum_sq + o.sum_sq,
        }
    }

    /// The mean.
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum / self.n as f64
        }
    }

    /// The half-width of the 95% confidence interval of the mean (normal approximation:
    /// 1.96 standard errors).
    pub fn ci95(&self) -> f64 {
        if self.n < 2 {
            return f64::INFINITY;
        }
        let n = self.n as f64;
        let var = (self.sum_sq - self.sum * self.sum / n) / (n - 1.0);
        1.96 * (var.max(0.0) / n).sqrt()
    }
}

/// Counts by bot: index 0 is A, 1 is B.
#[derive(Debug, Default, Clone, Copy)]
struct PerBot {
    /// Deals declared (bidding games) or bids made (Devil's Bridge).
    count: [u64; 2],
    /// Contracts made (bidding games) or exact bids (Devil's Bridge).
    hits: [u64; 2],
    /// Declarer's tricks (bidding games).
    tricks: [u64; 2],
}

impl PerBot {
    fn merge(mut self, o: PerBot) -> PerBot {
        for i in 0..2 {
            self.count[i] += o.count[i];
            self.hits[i] += o.hits[i];
            self.tricks[i] += o.tricks[i];
        }
        self
    }
}

#[derive(Debug, Default, Clone)]
struct Summary {
    diff: Stat,
    per_bot: PerBot,
    passed_out: u64,
    tables: u64,
    wins: [u64; 2],
    ties: u64,
    /// Declarer's tricks less the double-dummy tricks of the contract, by bot.
    against_dd: [Stat; 2],
    /// How long each expert decision took, in microseconds.
    expert_micros: Vec<u64>,
}

impl Summary {
    fn merge(self, o: Summary) -> Summary {
        Summary {
            diff: self.diff.merge(o.diff),
            per_bot: self.per_bot.merge(o.per_bot),
            passed_out: self.passed_out + o.passed_out,
            tables: self.tables + o.tables,
            wins: [self.wins[0] + o.wins[0], self.wins[1] + o.wins[1]],
            ties: self.ties + o.ties,
            against_dd: [
                self.against_dd[0].merge(o.against_dd[0]),
                self.against_dd[1].merge(o.against_dd[1]),
            ],
            expert_micros: [self.expert_micros, o.expert_micros].concat(),
        }
    }
}

/// The bots of one table: which bot plays each seat, and each seat's level index
/// (0 for A, 1 for B).
struct Seats {
    bots: Vec<Box<dyn Bot>>,
    side: Vec<usize>,
    /// Whether each seat's bot is an expert, whose decisions are timed.
    timed: Vec<bool>,
}

/// The two levels and how long the expert may think.
#[derive(Debug, Clone, Copy)]
pub struct Players {
    /// A and B.
    pub levels: [Level; 2],
    /// The expert's budget.
    pub think: BotOptions,
}

impl Seats {
    fn new(
        players: Players,
        side: Vec<usize>,
        config: &GameConfig,
        seed: u64,
    ) -> Result<Seats, String> {
        let bots = side
            .iter()
            .enumerate()
            .map(|(seat, &who)| {
                new_bot_with(
                    players.levels[who],
                    config,
                    players.think,
                    mix_seed(seed, seat as u64),
                )
                .map_err(|e| format!("--bots: {e}"))
            })
            .collect::<Result<_, _>>()?;
        let timed = side
            .iter()
            .map(|&who| players.levels[who] == Level::Expert)
            .collect();
        Ok(Seats { bots, side, timed })
    }

    /// Asks the bot of `player` to act, timing an expert; a bot's error (none is
    /// expected from a legal position) falls back to the first legal action.
    fn act(&mut self, player: Player, view: &View, legal: &[Action], s: &mut Summary) -> Action {
        let start = Instant::now();
        let action = self.bots[player.index()]
            .decide(view, legal)
            .map(|d| d.action)
            .unwrap_or(legal[0]);
        // A forced action is answered without thinking: only real decisions count.
        if self.timed[player.index()] && legal.len() > 1 {
            s.expert_micros.push(start.elapsed().as_micros() as u64);
        }
        action
    }
}

/// Runs `--bots` for any game.
pub fn run(
    game: GameName,
    players_of: Players,
    options: Option<&str>,
    players: Option<u8>,
    count: u64,
    seed: u64,
    threads: Option<usize>,
) -> Result<(), String> {
    let levels = players_of.levels;
    let (unit, summary, config_name) = match game {
        GameName::DevilsBridge => {
            let options = super::devils::options(options, players)?;
            let config = GameConfig::DevilsBridge(options.clone());
            check_levels(levels, &config)?;
            let batch = super::run_seeded(
                "games",
                count,
                seed,
                threads,
                |s| devils_game(players_of, &options, s),
                Summary::merge,
            )?;
            (
                "game",
                batch,
                format!("devils-bridge ({} players)", config_players(&config)),
            )
        }
        GameName::Bridgette => {
            let options = super::bridgette::options(options)?;
            check_levels(levels, &GameConfig::Bridgette(options))?;
            let batch = super::run_seeded(
                "games",
                count,
                seed,
                threads,
                |s| bridgette_game(players_of, options, s),
                Summary::merge,
            )?;
            ("game", batch, "bridgette".to_string())
        }
        _ => {
            let (variant, options) = game.resolve(options)?;
            check_levels(levels, &GameConfig::Bridge(variant, options.clone()))?;
            let batch = super::run_seeded(
                "deals",
                count,
                seed,
                threads,
                |s| duplicate_deal(players_of, variant, &options, s),
                Summary::merge,
            )?;
            ("deal", batch, game.as_str().to_string())
        }
    };
    report(
        game,
        levels,
        unit,
        &config_name,
        &summary.summary,
        summary.secs,
        summary.threads,
    );
    Ok(())
}

fn config_players(config: &GameConfig) -> usize {
    match config {
        GameConfig::DevilsBridge(o) => o.player_count(),
        GameConfig::Bridgette(_) => 2,
        GameConfig::Bridge(..) => 4,
    }
}

/// Refuses a level that cannot be built before any game starts.
fn check_levels(levels: [Level; 2], config: &GameConfig) -> Result<(), String> {
    for level in levels {
        new_bot_with(level, config, BotOptions::default(), 0)
            .map_err(|e| format!("--bots: {e}"))?;
    }
    Ok(())
}

/// One table of a duplicate deal: `ns` is the index (0 = A, 1 = B) of the pair sitting
/// North-South. Returns the North-South score and the declarer's figures.
fn play_table(players: Players, setup: &BridgeSetup, ns: usize, seed: u64, s: &mut Summary) -> i32 {
    let mut deal = BridgeDeal::from_setup(setup.clone()).expect("a seeded deal is valid");
    let config = deal.full_view().config;
    let side = (0..4)
        .map(|seat| if seat % 2 == 0 { ns } else { 1 - ns })
        .collect();
    let mut seats = Seats::new(players, side, &config, seed).expect("levels were checked");
    while let Some((p, legal)) = next_actor(deal.to_act(), |p| deal.legal_actions(p)) {
        let action = seats.act(p, &deal.observation(p), &legal, s);
        deal.apply_unchecked(p, action);
    }
    // A full solve a table: worth it where declarer play is what is measured, the
    // expert's; a basic or random run stays as fast as its bots. Every contract solves on
    // the solver's fast path, mostly within a second.
    let measured = players.levels.contains(&Level::Expert);
    let double_dummy = measured.then(|| {
        tenace_bots::expert::declarer_double_dummy(
            &deal,
            &mut Solver::with_memory(DOUBLE_DUMMY_MEMORY),
        )
    });
    s.tables += 1;
    match deal.result() {
        None => s.passed_out += 1,
        Some(r) => {
            let who = seats.side[r.declarer.index()];
            let book = setup.variant.hand_size() as u8 - 7;
            s.per_bot.count[who] += 1;
            s.per_bot.tricks[who] += u64::from(r.tricks);
            s.per_bot.hits[who] += u64::from(r.tricks >= book + r.contract.level);
            if let Some(Some(dd)) = double_dummy {
                s.against_dd[who] =
                    s.against_dd[who].merge(Stat::one(f64::from(r.tricks) - f64::from(dd)));
            }
        }
    }
    deal.score_ns().unwrap_or(0)
}

/// The memory of the solver that finds each table's double-dummy result.
const DOUBLE_DUMMY_MEMORY: usize = 16 << 20;

fn duplicate_deal(
    players: Players,
    variant: BridgeVariant,
    options: &BridgeOptions,
    seed: u64,
) -> Summary {
    let board = (seed % 16) as u32 + 1;
    let setup = BridgeSetup::seeded(
        variant,
        seed,
        None,
        board_vulnerability(board),
        options.clone(),
    );
    let mut s = Summary::default();
    let first = play_table(players, &setup, 0, mix_seed(seed, 1), &mut s);
    let second = play_table(players, &setup, 1, mix_seed(seed, 2), &mut s);
    // A sat North-South at the first table and East-West at the second.
    let imp = imps(first - second);
    s.diff = Stat::one(f64::from(imp));
    s.wins[usize::from(imp < 0)] += u64::from(imp != 0);
    s.ties += u64::from(imp == 0);
    s
}

fn devils_game(players: Players, options: &DevilsBridgeOptions, seed: u64) -> Summary {
    let n = options.player_count();
    let config = GameConfig::DevilsBridge(options.clone());
    let mut s = Summary::default();
    let mut margin = 0.0;
    for seat in 0..n {
        let mut game = DevilsMatch::new(options.clone(), seed).expect("options were checked");
        let side: Vec<usize> = (0..n).map(|p| usize::from(p != seat)).collect();
        let mut seats = Seats::new(players, side, &config, mix_seed(seed, seat as u64 + 1))
            .expect("levels were checked");
        while let Some((p, legal)) = next_actor(game.to_act(), |p| game.legal_actions(p)) {
            let Some(view) = game.observation(p) else {
                break;
            };
            let action = seats.act(p, &view, &legal, &mut s);
            game.apply_unchecked(p, action);
        }
        for record in game.sheet() {
            for (p, (bid, tricks)) in record.bids.iter().zip(&record.tricks).enumerate() {
                let who = seats.side[p];
                s.per_bot.count[who] += 1;
                s.per_bot.hits[who] += u64::from(bid == tricks);
            }
        }
        let totals = game.totals();
        let mine = f64::from(totals[seat]);
        let others: f64 = totals
            .iter()
            .enumerate()
            .filter(|&(p, _)| p != seat)
            .map(|(_, &t)| f64::from(t))
            .sum::<f64>()
            / (n - 1) as f64;
        margin += mine - others;
        let best = totals.iter().copied().max().unwrap_or(0);
        if totals[seat] == best {
            s.wins[0] += 1;
        } else {
            s.wins[1] += 1;
        }
        s.tables += 1;
    }
    s.diff = Stat::one(margin / n as f64);
    s
}

fn bridgette_game(players: Players, options: BridgetteOptions, seed: u64) -> Summary {
    let config = GameConfig::Bridgette(options);
    let mut s = Summary::default();
    let mut margin = 0.0;
    for a_seat in 0..2usize {
        let mut game = BridgetteMatch::new(options, seed).expect("a seeded game is valid");
        let side: Vec<usize> = (0..2).map(|p| usize::from(p != a_seat)).collect();
        let mut seats = Seats::new(players, side, &config, mix_seed(seed, a_seat as u64 + 1))
            .expect("levels were checked");
        while let Some((p, legal)) = next_actor(game.to_act(), |p| game.legal_actions(p)) {
            let Some(view) = game.observation(p) else {
                break;
            };
            let action = seats.act(p, &view, &legal, &mut s);
            game.apply_unchecked(p, action);
        }
        for record in game.sheet() {
            if let (Some(c), Some(t), Some(d)) = (record.contract, record.tricks, record.declarer) {
                let who = seats.side[d.index()];
                s.per_bot.count[who] += 1;
                s.per_bot.tricks[who] += u64::from(t);
                s.per_bot.hits[who] += u64::from(t >= 6 + c.level);
            } else {
                s.passed_out += 1;
            }
        }
        let totals = game.totals();
        let (a, b) = (f64::from(totals[a_seat]), f64::from(totals[1 - a_seat]));
        margin += a - b;
        s.tables += 1;
        match a.total_cmp(&b) {
            std::cmp::Ordering::Greater => s.wins[0] += 1,
            std::cmp::Ordering::Less => s.wins[1] += 1,
            std::cmp::Ordering::Equal => s.ties += 1,
        }
    }
    s.diff = Stat::one(margin / 2.0);
    s
}

fn report(
    game: GameName,
    levels: [Level; 2],
    unit: &str,
    name: &str,
    s: &Summary,
    secs: f64,
    threads: usize,
) {
    let [a, b] = levels;
    let pct = super::percent;
    let score = match game {
        GameName::DevilsBridge => "points (A's total less B's mean total)",
        GameName::Bridgette => "points (A's total less B's)",
        _ => "IMPs",
    };
    println!(
        "{name}: {a} (A) against {b} (B), {} {unit}s in {secs:.1} s on {threads} threads",
        s.diff.n
    );
    println!(
        "A's mean result per {unit}: {:+.2} {score}, 95% confidence interval [{:+.2}, {:+.2}] (n = {})",
        s.diff.mean(),
        s.diff.mean() - s.diff.ci95(),
        s.diff.mean() + s.diff.ci95(),
        s.diff.n
    );
    match game {
        GameName::DevilsBridge => {
            for (i, level) in levels.iter().enumerate() {
                println!(
                    "exact bids, {} ({level}): {:.1}% of {}",
                    ["A", "B"][i],
                    pct(s.per_bot.hits[i], s.per_bot.count[i]),
                    s.per_bot.count[i]
                );
            }
            println!(
                "games A won or shared the top: {:.1}% of {}",
                pct(s.wins[0], s.tables),
                s.tables
            );
        }
        _ => {
            let tables = if game == GameName::Bridgette {
                "games"
            } else {
                "tables"
            };
            println!(
                "{tables}: {}, hands thrown in or passed out: {}",
                s.tables, s.passed_out
            );
            for (i, level) in levels.iter().enumerate() {
                let n = s.per_bot.count[i];
                println!(
                    "declared by {} ({level}): {n}, made {:.1}%, declarer's average tricks {:.2}",
                    ["A", "B"][i],
                    pct(s.per_bot.hits[i], n),
                    if n == 0 {
                        0.0
                    } else {
                        s.per_bot.tricks[i] as f64 / n as f64
                    }
                );
            }
            let (won, lost) = (s.wins[0], s.wins[1]);
            println!("{unit}s won by A: {won}, by B: {lost}, tied: {}", s.ties);
            if game != GameName::Bridgette {
                for (i, level) in levels.iter().enumerate() {
                    let d = s.against_dd[i];
                    if d.n > 0 {
                        println!(
                            "declarer's tricks against the double-dummy result of the contract, {} ({level}): {:+.2} ± {:.2} a deal (n = {})",
                            ["A", "B"][i],
                            d.mean(),
                            d.ci95(),
                            d.n
                        );
                    }
                }
            }
        }
    }
    if let Some((median, p99)) = percentiles(&s.expert_micros) {
        println!(
            "expert decisions: {} timed, median {:.1} ms, p99 {:.1} ms",
            s.expert_micros.len(),
            median as f64 / 1000.0,
            p99 as f64 / 1000.0
        );
    }
}

/// The median and the 99th percentile (nearest rank) of some durations.
fn percentiles(micros: &[u64]) -> Option<(u64, u64)> {
    let mut sorted = micros.to_vec();
    sorted.sort_unstable();
    let at =
        |q: f64| sorted[((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1];
    (!sorted.is_empty()).then(|| (at(0.5), at(0.99)))
}
