//! The Devil's Bridge side of `deal`, `score` and `sim`: the bridge commands' arguments
//! mean other things here (a table of 3 to 7, a bid and tricks, whole games).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tenace_rules::Action;
use tenace_rules::Match;
use tenace_rules::devils_bridge::{
    DevilsBridgeOptions, DevilsMatch, DevilsScoring, HandSetup, hand_points,
};

/// Reads `--options` JSON and `--players` into checked options; `--players` wins only
/// when the JSON does not say otherwise.
pub fn options(json: Option<&str>, players: Option<u8>) -> Result<DevilsBridgeOptions, String> {
    let mut value = match json {
        Some(text) => {
            serde_json::from_str(text).map_err(|e| format!("--options: not JSON: {e}"))?
        }
        None => Value::Null,
    };
    if let Some(n) = players {
        // The rules' own check of the table size, blamed on the flag that asked for it
        // rather than on --options.
        let table = DevilsBridgeOptions {
            players: n,
            ..DevilsBridgeOptions::default()
        };
        if let Some(problem) = table.problems().first() {
            return Err(format!("--{problem}"));
        }
        if value.is_null() {
            value = json!({});
        }
        let Value::Object(map) = &mut value else {
            return Err("--options: expected a JSON object".into());
        };
        match map.get("players") {
            Some(given) if given != &json!(n) => {
                return Err(format!(
                    "--players: {n} disagrees with --options players {given}"
                ));
            }
            _ => {
                map.insert("players".into(), json!(n));
            }
        }
    }
    DevilsBridgeOptions::from_json(&value).map_err(|e| format!("--{e}"))
}

/// `tenace deal --game devils-bridge`: hands of the maximum size (or `size`), one line
/// each: the dealer, the turned-up card, then each player's cards.
pub fn deal(
    options: DevilsBridgeOptions,
    seed: u64,
    count: u64,
    size: Option<usize>,
) -> Result<(), String> {
    let n = options.player_count();
    let size = size.unwrap_or(options.max_hand_size());
    if size == 0 || n * size > 52 {
        return Err(format!(
            "--size: {n} hands of {size} cards do not fit a 52-card deck"
        ));
    }
    for k in 0..count {
        let seed = seed
            .checked_add(k)
            .ok_or("--count: the seeds would pass 2^64-1")?;
        let setup = HandSetup::seeded(options.clone(), seed, size, None, false);
        let hands: Vec<String> = setup
            .hands
            .iter()
            .map(|(p, h)| {
                let cards: Vec<String> = h.iter().rev().map(|c| c.to_string()).collect();
                format!("{p}: {}", cards.join(" "))
            })
            .collect();
        let trump = setup
            .trump_card
            .map_or_else(|| "none".to_string(), |c| c.to_string());
        println!(
            "dealer {}, trump {trump} | {}",
            setup.dealer,
            hands.join(" | ")
        );
    }
    Ok(())
}

/// `tenace score --game devils-bridge`: the points of one player's hand.
pub fn score(
    bid: Option<u8>,
    tricks: u8,
    scoring: DevilsScoring,
    size: Option<u8>,
    as_json: bool,
) -> Result<(), String> {
    let bid = bid.ok_or("--bid: Devil's Bridge scores a bid and the tricks taken: give --bid")?;
    if let Some(size) = size {
        if bid > size {
            return Err(format!("--bid: {bid} is more than the hand size {size}"));
        }
        if tricks > size {
            return Err(format!(
                "--tricks: {tricks} is more than the hand size {size}"
            ));
        }
    }
    if bid > 52 || tricks > 52 {
        return Err("--bid/--tricks: no hand has more than 52 tricks".into());
    }
    let points = hand_points(scoring, bid, tricks);
    let name = match scoring {
        DevilsScoring::TricksPlusBonus => "tricks_plus_bonus",
        DevilsScoring::ExactOnly => "exact_only",
    };
    if as_json {
        println!(
            "{}",
            json!({"score": points, "bid": bid, "tricks": tricks, "exact": bid == tricks, "scoring": name})
        );
    } else {
        let result = if bid == tricks { "exact" } else { "missed" };
        println!("bid {bid}, took {tricks}: {result}, {points} points ({name})");
    }
    Ok(())
}

/// What the random games came to.
#[derive(Debug, Default, Clone)]
struct Summary {
    games: u64,
    hands: u64,
    player_hands: u64,
    exact: u64,
    changes: u64,
    actions: u64,
    shared_wins: u64,
    winning_total: u64,
    /// Games by number of hands played.
    lengths: Vec<u64>,
}

impl Summary {
    fn merge(mut self, other: Summary) -> Summary {
        self.games += other.games;
        self.hands += other.hands;
        self.player_hands += other.player_hands;
        self.exact += other.exact;
        self.changes += other.changes;
        self.actions += other.actions;
        self.shared_wins += other.shared_wins;
        self.winning_total += other.winning_total;
        if self.lengths.len() < other.lengths.len() {
            self.lengths.resize(other.lengths.len(), 0);
        }
        for (a, b) in self.lengths.iter_mut().zip(other.lengths) {
            *a += b;
        }
        self
    }
}

/// Plays one whole game: at each step a player is drawn among those who may act, then
/// one of their legal actions.
fn play_random(options: &DevilsBridgeOptions, seed: u64) -> Summary {
    let mut game = DevilsMatch::new(options.clone(), seed).expect("options were checked");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut s = Summary {
        games: 1,
        ..Summary::default()
    };
    loop {
        let players: Vec<_> = game.to_act().iter().collect();
        if players.is_empty() {
            break;
        }
        let player = players[rng.random_range(0..players.len())];
        let legal = game.legal_actions(player);
        let action = legal[rng.random_range(0..legal.len())];
        s.changes += u64::from(matches!(action, Action::ChangeBid(_)));
        s.actions += 1;
        game.apply_unchecked(player, action);
    }
    let sheet = game.sheet();
    s.hands = sheet.len() as u64;
    s.lengths = vec![0; sheet.len() + 1];
    s.lengths[sheet.len()] = 1;
    for r in &sheet {
        s.player_hands += r.bids.len() as u64;
        s.exact += r.bids.iter().zip(&r.tricks).filter(|(b, t)| b == t).count() as u64;
    }
    let winners = game.winners().unwrap_or_default();
    s.shared_wins = u64::from(winners.len() > 1);
    s.winning_total = u64::from(game.totals().iter().copied().max().unwrap_or(0));
    s
}

/// `tenace sim --game devils-bridge`: random legal play of whole games on every core.
pub fn sim(
    options: DevilsBridgeOptions,
    games: u64,
    seed: u64,
    threads: Option<usize>,
) -> Result<(), String> {
    let batch = super::run_seeded(
        "games",
        games,
        seed,
        threads,
        |seed| play_random(&options, seed),
        Summary::merge,
    )?;
    let (s, secs, threads) = (batch.summary, batch.secs, batch.threads);
    let pct = super::percent;
    println!(
        "devils-bridge ({} players): {} games, {} hands in {secs:.2} s on {threads} threads: {:.0} games/s, {:.0} actions/s",
        options.players,
        s.games,
        s.hands,
        s.games as f64 / secs,
        s.actions as f64 / secs
    );
    println!(
        "exact bids: {:.1}% of {} bids; bid changes: {:.2} a hand",
        pct(s.exact, s.player_hands),
        s.player_hands,
        s.changes as f64 / s.hands.max(1) as f64
    );
    let lengths: Vec<String> = s
        .lengths
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(len, &c)| format!("{len}: {c}"))
        .collect();
    println!("series lengths (hands: games): {}", lengths.join(", "));
    println!(
        "average winning total {:.1}; shared wins {:.1}%",
        s.winning_total as f64 / s.games as f64,
        pct(s.shared_wins, s.games)
    );
    Ok(())
}
