//! The Bridgette side of `deal`, `score` and `sim`: two players named 0 and 1, a deal
//! with a stock, a lump-sum score, and whole six-deal games.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tenace_cards::{Card, Player};
use tenace_rules::Match;
use tenace_rules::bridgette::{BridgetteMatch, BridgetteOptions, BridgetteSetup};
use tenace_rules::scoring::{BridgetteScore, bridgette_score, bridgette_tricks_needed};
use tenace_rules::{Contract, Doubling};

/// Reads `--options` JSON with the keys of RULES.md §4.
pub fn options(json: Option<&str>) -> Result<BridgetteOptions, String> {
    let value = match json {
        Some(text) => {
            serde_json::from_str(text).map_err(|e| format!("--options: not JSON: {e}"))?
        }
        None => Value::Null,
    };
    BridgetteOptions::from_json(&value).map_err(|e| format!("--{e}"))
}

/// `tenace deal --game bridgette`: one line a deal: the dealer, the up-card, each
/// player's thirteen cards and the stock below the up-card, top first.
pub fn deal(options: BridgetteOptions, seed: u64, count: u64) -> Result<(), String> {
    let cards = |cards: &mut dyn Iterator<Item = Card>| {
        cards.map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
    };
    for k in 0..count {
        let seed = seed
            .checked_add(k)
            .ok_or("--count: the seeds would pass 2^64-1")?;
        let setup = BridgetteSetup::seeded(options, seed, None);
        let hands: Vec<String> = setup
            .hands
            .iter()
            .map(|(p, h)| format!("{p}: {}", cards(&mut h.iter().rev())))
            .collect();
        println!(
            "dealer {}, upcard {} | {} | stock: {}",
            setup.dealer,
            setup.stock[0],
            hands.join(" | "),
            cards(&mut setup.stock[1..].iter().copied())
        );
    }
    Ok(())
}

/// `tenace score --game bridgette`: who scores a contract, and how much (RULES.md §4.5).
pub fn score(
    contract: &str,
    declarer: Option<&str>,
    tricks: u8,
    options: BridgetteOptions,
    as_json: bool,
) -> Result<(), String> {
    let contract: Contract = contract.parse().map_err(|e| format!("--contract: {e}"))?;
    if contract.strain == tenace_cards::Strain::Suit(tenace_cards::Suit::Stars)
        || (contract.level == 0 && contract.strain.trump().is_some())
    {
        return Err(format!(
            "--contract: {contract} is not a Bridgette bid (0NT up to 7NT, suits C D H S from 1)"
        ));
    }
    let declarer = match declarer {
        None => Player(0),
        Some(text) => text
            .parse::<Player>()
            .ok()
            .filter(|p| p.index() < 2)
            .ok_or_else(|| format!("--declarer: {text:?} is not a Bridgette player (0 or 1)"))?,
    };
    if tricks > 13 {
        return Err(format!(
            "--tricks: {tricks} is more than the 13 tricks of a deal"
        ));
    }
    let score = bridgette_score(contract, tricks, options.scoring());
    let needed = bridgette_tricks_needed(contract.level);
    let (made, scorer) = match score {
        BridgetteScore::Declarer(_) => (true, declarer),
        BridgetteScore::Opponent(_) => (false, declarer.next(2)),
    };
    if as_json {
        println!(
            "{}",
            json!({
                "contract": contract.to_string(),
                "declarer": declarer.to_string(),
                "tricks": tricks,
                "made": made,
                "scorer": scorer.to_string(),
                "points": score.points(),
            })
        );
        return Ok(());
    }
    let result = if made {
        match tricks - needed {
            0 => "made exactly".to_string(),
            1 => "made with 1 overtrick".to_string(),
            over => format!("made with {over} overtricks"),
        }
    } else {
        format!("down {}", needed - tricks)
    };
    let doubled = match contract.doubling {
        Doubling::Undoubled => "",
        Doubling::Doubled => " (doubled)",
        Doubling::Redoubled => " (redoubled)",
    };
    println!("{contract}{doubled} by player {declarer}, {tricks} tricks: {result}");
    println!(
        "{} points to player {scorer} ({})",
        score.points(),
        if made {
            "declarer"
        } else {
            "declarer's opponent"
        }
    );
    Ok(())
}

/// What the random games came to.
#[derive(Debug, Default, Clone)]
struct Summary {
    games: u64,
    deals: u64,
    thrown_in: u64,
    made: u64,
    declarer_tricks: u64,
    doubled: u64,
    redoubled: u64,
    by_level: [u64; 8],
    by_strain: [u64; 5],
    actions: u64,
    wins: [u64; 2],
    draws: u64,
    winning_total: u64,
    seventh_deals: u64,
}

impl Summary {
    fn merge(mut self, other: Summary) -> Summary {
        self.games += other.games;
        self.deals += other.deals;
        self.thrown_in += other.thrown_in;
        self.made += other.made;
        self.declarer_tricks += other.declarer_tricks;
        self.doubled += other.doubled;
        self.redoubled += other.redoubled;
        for (a, b) in self.by_level.iter_mut().zip(other.by_level) {
            *a += b;
        }
        for (a, b) in self.by_strain.iter_mut().zip(other.by_strain) {
            *a += b;
        }
        self.actions += other.actions;
        self.wins[0] += other.wins[0];
        self.wins[1] += other.wins[1];
        self.draws += other.draws;
        self.winning_total += other.winning_total;
        self.seventh_deals += other.seventh_deals;
        self
    }
}

/// Plays one whole game with uniformly random legal actions.
fn play_random(options: BridgetteOptions, seed: u64) -> Summary {
    let mut game = BridgetteMatch::new(options, seed).expect("a seeded game is valid");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut s = Summary {
        games: 1,
        ..Summary::default()
    };
    while let Some(player) = game.to_act().iter().next() {
        let legal = game.legal_actions(player);
        let action = legal[rng.random_range(0..legal.len())];
        game.apply_unchecked(player, action);
        s.actions += 1;
    }
    for record in game.sheet() {
        s.deals += 1;
        let (Some(contract), Some(tricks), Some(score)) =
            (record.contract, record.tricks, record.score)
        else {
            s.thrown_in += 1;
            continue;
        };
        s.made += u64::from(matches!(score, BridgetteScore::Declarer(_)));
        s.declarer_tricks += u64::from(tricks);
        s.doubled += u64::from(contract.doubling == Doubling::Doubled);
        s.redoubled += u64::from(contract.doubling == Doubling::Redoubled);
        s.by_level[usize::from(contract.level)] += 1;
        s.by_strain[contract.strain.index().min(4)] += 1;
    }
    match game.winner().flatten() {
        Some(p) => s.wins[p.index()] += 1,
        None => s.draws += 1,
    }
    s.winning_total = u64::from(game.totals().into_iter().max().unwrap_or(0));
    s.seventh_deals = u64::from(game.counted_deals() > 6);
    s
}

/// `tenace sim --game bridgette`: random legal play of whole six-deal games on every core.
pub fn sim(
    options: BridgetteOptions,
    games: u64,
    seed: u64,
    threads: Option<usize>,
) -> Result<(), String> {
    let batch = super::run_seeded(
        "games",
        games,
        seed,
        threads,
        |seed| play_random(options, seed),
        Summary::merge,
    )?;
    let (s, secs, threads) = (batch.summary, batch.secs, batch.threads);
    let pct = super::percent;
    let played = s.deals - s.thrown_in;
    println!(
        "bridgette: {} games, {} deals in {secs:.2} s on {threads} threads: {:.0} games/s, {:.0} deals/s, {:.0} actions/s",
        s.games,
        s.deals,
        s.games as f64 / secs,
        s.deals as f64 / secs,
        s.actions as f64 / secs
    );
    println!(
        "thrown in: {} ({:.1}% of deals); games needing a 7th deal: {:.1}%",
        s.thrown_in,
        pct(s.thrown_in, s.deals),
        pct(s.seventh_deals, s.games)
    );
    if played > 0 {
        println!(
            "contracts made: {:.1}%, declarer's average tricks {:.2}; doubled {:.1}%, redoubled {:.1}%",
            pct(s.made, played),
            s.declarer_tricks as f64 / played as f64,
            pct(s.doubled, played),
            pct(s.redoubled, played)
        );
        let levels: Vec<String> = (0..=7)
            .map(|l| format!("{l}: {:.1}%", pct(s.by_level[l], played)))
            .collect();
        println!("levels: {}", levels.join(", "));
        let strains: Vec<String> = ["C", "D", "H", "S", "NT"]
            .iter()
            .zip(s.by_strain)
            .map(|(name, n)| format!("{name}: {:.1}%", pct(n, played)))
            .collect();
        println!("strains: {}", strains.join(", "));
    }
    println!(
        "wins: player 0 {:.1}%, player 1 {:.1}%, drawn {:.1}%; average winning total {:.0}",
        pct(s.wins[0], s.games),
        pct(s.wins[1], s.games),
        pct(s.draws, s.games),
        s.winning_total as f64 / s.games as f64
    );
    Ok(())
}
