//! `tenace sim`: random legal deals played to the end, on every core.

use clap::Args;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup, BridgeVariant};
use tenace_rules::{Game, Vulnerability};

use super::GameName;

/// Play random legal deals.
#[derive(Debug, Args)]
#[command(after_help = "Examples:
  tenace sim --game bridge --deals 100000
  tenace sim --deals 10000 --seed 42 --threads 1
  tenace sim --deals 1000 --options '{\"scoring\":\"rubber\"}'
  tenace sim --game five-crowns --deals 10000 --options '{\"fc_nt_joker\":\"nominated_two\"}'
  tenace sim --game deuces-wild --deals 10000
  tenace sim --game devils-bridge --players 5 --deals 2000
  tenace sim --game devils-bridge --players 3 --options '{\"target_score\":null}'
  tenace sim --game bridgette --deals 10000
  tenace sim --game bridgette --deals 1000 --options '{\"upcard_to\":\"dealer\"}'
  tenace sim --game bridge --bots basic,random --deals 1000
  tenace sim --game devils-bridge --players 5 --bots basic,random --deals 1000
  tenace sim --game devils-bridge --players 3 --options '{\"max_hand\":2}' --bots expert,basic --deals 20 --samples 4

Deal k is dealt from seed S+k and every call and card is chosen uniformly among the legal
ones by a generator seeded the same way, so a run is reproducible whatever the thread count.
In Devil's Bridge --deals counts whole games (a series of hands, seeded S+k); at each step a
player is drawn among those who may act (bid changes make several), then a legal action.
In Bridgette --deals also counts whole games: six deals or more, exchange included.

With --bots A,B computer players of the two levels play each other fairly: in the
partnership games every deal is played twice with the pairs swapped and scored in IMPs; in
Devil's Bridge A plays each seat in turn against B in the others; in Bridgette each game is
played twice with the players swapped. The mean result for A comes with a 95% confidence
interval, and the exact-bid rate in Devil's Bridge; with the expert on either side, also the
expert's decision times (median and p99) and declarer's tricks against the double-dummy
result of the contract. The expert thinks --think-ms per decision (default 1000), or solves
--samples deals (default 40): e.g. --bots expert,basic --think-ms 100.")]
pub struct SimArgs {
    /// The game to play.
    #[arg(long, value_enum, default_value = "bridge")]
    game: GameName,
    /// How many deals.
    #[arg(long, default_value_t = 10_000)]
    deals: u64,
    /// The seed of the first deal.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Game options as JSON, with the keys of docs/RULES.md.
    #[arg(long)]
    options: Option<String>,
    /// Devil's Bridge: the number of players, 3 to 7 (default 4).
    #[arg(long)]
    players: Option<u8>,
    /// Computer players against each other instead of random play: two levels, A,B
    /// (random, basic or expert), e.g. basic,random.
    #[arg(long)]
    bots: Option<String>,
    /// How long the expert thinks (with --bots).
    #[command(flatten)]
    think: super::ThinkArgs,
}

/// What one deal came to.
#[derive(Debug, Default, Clone, Copy)]
struct Summary {
    deals: u64,
    passed_out: u64,
    made: u64,
    declarer_tricks: u64,
    by_level: [u64; 8],
    by_strain: [u64; 6],
    doubled: u64,
    redoubled: u64,
    ns_points: i64,
    actions: u64,
}

impl Summary {
    fn merge(mut self, other: Summary) -> Summary {
        self.deals += other.deals;
        self.passed_out += other.passed_out;
        self.made += other.made;
        self.declarer_tricks += other.declarer_tricks;
        for (a, b) in self.by_level.iter_mut().zip(other.by_level) {
            *a += b;
        }
        for (a, b) in self.by_strain.iter_mut().zip(other.by_strain) {
            *a += b;
        }
        self.doubled += other.doubled;
        self.redoubled += other.redoubled;
        self.ns_points += other.ns_points;
        self.actions += other.actions;
        self
    }
}

/// Runs the simulation and prints the summary.
pub fn run(args: SimArgs) -> Result<(), String> {
    args.game.check_players(args.players)?;
    if args.bots.is_none() && (args.think.think_ms.is_some() || args.think.samples.is_some()) {
        return Err("--think-ms and --samples: only with --bots, for the expert".into());
    }
    if let Some(bots) = args.bots.as_deref() {
        let (a, b) = super::bots_sim::parse_bots(bots)?;
        let players = super::bots_sim::Players {
            levels: [a, b],
            think: args.think.options()?,
        };
        return super::bots_sim::run(
            args.game,
            players,
            args.options.as_deref(),
            args.players,
            args.deals,
            args.seed,
            args.threads,
        );
    }
    if args.game.is_devils() {
        let options = super::devils::options(args.options.as_deref(), args.players)?;
        return super::devils::sim(options, args.deals, args.seed, args.threads);
    }
    if args.game == GameName::Bridgette {
        let options = super::bridgette::options(args.options.as_deref())?;
        return super::bridgette::sim(options, args.deals, args.seed, args.threads);
    }
    let (variant, options) = args.game.resolve(args.options.as_deref())?;
    let batch = super::run_seeded(
        "deals",
        args.deals,
        args.seed,
        args.threads,
        |seed| play_random(variant, seed, &options),
        Summary::merge,
    )?;
    print_summary(args.game, &batch.summary, batch.secs, batch.threads);
    Ok(())
}

/// Plays one deal with uniformly random legal calls and cards.
fn play_random(variant: BridgeVariant, seed: u64, options: &BridgeOptions) -> Summary {
    let setup = BridgeSetup::seeded(variant, seed, None, Vulnerability::None, options.clone());
    let mut deal = BridgeDeal::from_setup(setup).expect("a seeded deal is valid");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut summary = Summary {
        deals: 1,
        ..Summary::default()
    };
    while let Some(player) = deal.to_act().iter().next() {
        let legal = deal.legal_actions(player);
        let action = legal[rng.random_range(0..legal.len())];
        deal.apply_unchecked(player, action);
        summary.actions += 1;
    }
    match deal.result() {
        None => summary.passed_out = 1,
        Some(r) => {
            let book = variant.hand_size() as u8 - 7;
            summary.made = u64::from(r.tricks >= book + r.contract.level);
            summary.declarer_tricks = u64::from(r.tricks);
            summary.by_level[r.contract.level as usize] = 1;
            summary.by_strain[r.contract.strain.index()] = 1;
            summary.doubled = u64::from(r.contract.doubling == tenace_rules::Doubling::Doubled);
            summary.redoubled = u64::from(r.contract.doubling == tenace_rules::Doubling::Redoubled);
        }
    }
    summary.ns_points = i64::from(deal.score_ns().unwrap_or(0));
    summary
}

fn print_summary(game: GameName, s: &Summary, secs: f64, threads: usize) {
    let played = s.deals - s.passed_out;
    let pct = super::percent;
    println!(
        "{}: {} deals in {:.2} s on {threads} threads: {:.0} deals/s, {:.0} actions/s",
        game.as_str(),
        s.deals,
        secs,
        s.deals as f64 / secs,
        s.actions as f64 / secs
    );
    println!(
        "passed out: {} ({:.1}%)",
        s.passed_out,
        pct(s.passed_out, s.deals)
    );
    if played > 0 {
        println!(
            "contracts made: {:.1}%, declarer's average tricks {:.2}",
            pct(s.made, played),
            s.declarer_tricks as f64 / played as f64
        );
        println!(
            "doubled {:.1}%, redoubled {:.1}%",
            pct(s.doubled, played),
            pct(s.redoubled, played)
        );
        let levels: Vec<String> = (0..=7)
            .filter(|&l| l > 0 || s.by_level[0] > 0)
            .map(|l| format!("{l}: {:.1}%", pct(s.by_level[l], played)))
            .collect();
        println!("levels: {}", levels.join(", "));
        let strains: Vec<String> = ["C", "D", "H", "S", "R", "NT"]
            .iter()
            .zip(s.by_strain)
            .filter(|&(name, n)| *name != "R" || n > 0)
            .map(|(name, n)| format!("{name}: {:.1}%", pct(n, played)))
            .collect();
        println!("strains: {}", strains.join(", "));
    }
    println!(
        "average score for North-South: {:+.1}",
        s.ns_points as f64 / s.deals as f64
    );
}
