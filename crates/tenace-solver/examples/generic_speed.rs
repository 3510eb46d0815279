//! Times full deals of the other games (Deuces Wild and Five Crowns on their fast paths,
//! the rest on the generic search), against the Contract Bridge table of the same seeds
//! in the same run, so the figures read as ratios whatever the
//! machine's load: `cargo run --release --example generic_speed -- [CASE ...] [--seeds
//! FIRST COUNT] [--mib MEMORY]`. The cases are `bridge-table`, `bridge-single`,
//! `bridge-via-generic`, `deuces-single`, `deuces-table`, `crowns-nt`, `crowns-suit`,
//! `crowns-named`, `crowns-table`, `devils3` to `devils5` (ten cards a hand, the
//! largest by default), `devils3-max` to
//! `devils7-max` (the largest hand the options allow, with a card left to turn: 51 /
//! players cards, both ends of the
//! first player's range, each end timed apart) and `bridgette` (both players' tricks on
//! lead in each strain, before any exchange). All of them by default.

use std::time::Instant;

use tenace_cards::{Player, Seat, Strain, Suit};
use tenace_rules::Vulnerability;
use tenace_rules::bridge::{BridgeOptions, BridgeSetup, BridgeVariant, FiveCrownsRules};
use tenace_rules::bridgette::{BridgetteOptions, BridgetteSetup};
use tenace_rules::devils_bridge::{DevilsBridgeOptions, HandSetup};
use tenace_rules::trick::{NtJoker, SpecialRule, TrickRules};
use tenace_solver::{Position, RangeEnd, Sides, Solver};

/// The cases, by name, each solving one seeded deal with a fresh solver.
const CASES: [&str; 18] = [
    "bridge-table",
    "bridge-single",
    "bridge-via-generic",
    "deuces-single",
    "deuces-table",
    "crowns-nt",
    "crowns-suit",
    "crowns-named",
    "crowns-table",
    "devils3",
    "devils4",
    "devils5",
    "devils3-max",
    "devils4-max",
    "devils5-max",
    "devils6-max",
    "devils7-max",
    "bridgette",
];

fn bridge_hands(variant: BridgeVariant, seed: u64) -> BridgeSetup {
    BridgeSetup::seeded(
        variant,
        seed,
        None,
        Vulnerability::None,
        BridgeOptions::default(),
    )
}

/// A single solve of a four-handed partnership game: West on lead.
fn single(solver: &mut Solver, variant: BridgeVariant, strain: Strain, seed: u64) -> String {
    let setup = bridge_hands(variant, seed);
    let position = Position::new(
        variant.trick_rules(strain),
        setup.hands.0.to_vec(),
        Seat::West.into(),
        Sides::Partnerships,
    );
    format!("{} tricks", solver.tricks(&position).unwrap())
}

/// The range of the first player in a Devil's Bridge hand of `size` cards, and how long
/// each end took (after a `;`, so answers compare apart from timings).
fn devils(solver: &mut Solver, players: u8, size: usize, seed: u64) -> String {
    let setup = HandSetup::seeded(
        DevilsBridgeOptions::for_players(players),
        seed,
        size,
        None,
        false,
    );
    let position = Position::new(
        TrickRules::plain(setup.trump()),
        setup.hands.0.clone(),
        setup.first_player(),
        Sides::EachAlone,
    );
    let mut timed = |end| {
        let start = Instant::now();
        let tricks = solver
            .range_end(&position, setup.first_player(), end)
            .unwrap();
        (tricks, start.elapsed().as_secs_f64() * 1000.0)
    };
    let (most, most_ms) = timed(RangeEnd::Most);
    let (fewest, fewest_ms) = timed(RangeEnd::Fewest);
    format!("range {fewest}..{most}; most {most_ms:.1} ms, fewest {fewest_ms:.1} ms")
}

/// A Bridgette deal as dealt (before the exchange): the tricks of the player on lead,
/// each player leading in each strain.
fn bridgette(solver: &mut Solver, seed: u64) -> String {
    let setup = BridgetteSetup::seeded(BridgetteOptions::default(), seed, None);
    let rules = |trump| TrickRules {
        trump,
        special: SpecialRule::Colons {
            block_allows_colon_lead: true,
        },
    };
    let mut tricks = Vec::new();
    for strain in Strain::STANDARD {
        for leader in [Player(0), Player(1)] {
            let position = Position::new(
                rules(strain.trump()),
                setup.hands.0.clone(),
                leader,
                Sides::Partnerships,
            );
            tricks.push(solver.tricks(&position).unwrap());
        }
    }
    format!("{tricks:?}")
}

fn run(case: &str, solver: &mut Solver, seed: u64) -> String {
    let crowns = |fc_nt_joker| {
        BridgeVariant::FiveCrowns(FiveCrownsRules {
            fc_nt_joker,
            ..FiveCrownsRules::default()
        })
    };
    match case {
        "bridge-table" => {
            let setup = bridge_hands(BridgeVariant::Standard, seed);
            format!(
                "{:?}",
                solver
                    .table(&setup.hands)
                    .unwrap()
                    .tricks(Strain::NoTrump, Seat::North)
            )
        }
        "bridge-single" => single(solver, BridgeVariant::Standard, Strain::NoTrump, seed),
        // Five Crowns rules with no joker dealt play exactly like Contract Bridge, and
        // take the generic path: the generic engine against the bridge one.
        "bridge-via-generic" => {
            let setup = bridge_hands(BridgeVariant::Standard, seed);
            let position = Position::new(
                crowns(NtJoker::Unwinnable).trick_rules(Strain::NoTrump),
                setup.hands.0.to_vec(),
                Seat::West.into(),
                Sides::Partnerships,
            );
            format!("{} tricks", solver.tricks(&position).unwrap())
        }
        "deuces-single" => single(solver, BridgeVariant::DeucesWild, Strain::NoTrump, seed),
        "deuces-table" => {
            let variant = BridgeVariant::DeucesWild;
            let setup = bridge_hands(variant, seed);
            let table = solver
                .table_for(&setup.hands, &Strain::STANDARD, |s| variant.trick_rules(s))
                .unwrap();
            format!("{:?}", table.tricks(Strain::NoTrump, Seat::North))
        }
        "crowns-nt" => single(solver, crowns(NtJoker::Unwinnable), Strain::NoTrump, seed),
        "crowns-suit" => single(
            solver,
            crowns(NtJoker::Unwinnable),
            Strain::Suit(Suit::Stars),
            seed,
        ),
        "crowns-named" => single(solver, crowns(NtJoker::NominatedTwo), Strain::NoTrump, seed),
        "crowns-table" => {
            let variant = crowns(NtJoker::Unwinnable);
            let setup = bridge_hands(variant, seed);
            let strains = variant.auction_rules().strains();
            let table = solver
                .table_for(&setup.hands, &strains, |s| variant.trick_rules(s))
                .unwrap();
            format!("{table:?}")
        }
        "devils3" => devils(solver, 3, 10, seed),
        "devils4" => devils(solver, 4, 10, seed),
        "devils5" => devils(solver, 5, 10, seed),
        "bridgette" => bridgette(solver, seed),
        max if max.starts_with("devils") && max.ends_with("-max") => {
            let players: u8 = max["devils".len()..max.len() - "-max".len()]
                .parse()
                .unwrap_or_else(|_| panic!("unknown case {case}: one of {CASES:?}"));
            // The largest hand the options allow: a card must be left to turn for trumps.
            devils(solver, players, 51 / usize::from(players), seed)
        }
        _ => panic!("unknown case {case}: one of {CASES:?}"),
    }
}

fn main() {
    let mut cases: Vec<String> = Vec::new();
    let mut seeds = 0..4u64;
    let mut mib = tenace_solver::DEFAULT_MEMORY >> 20;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--mib" {
            mib = args.next().and_then(|a| a.parse().ok()).expect("MiB");
        } else if arg == "--seeds" {
            let first: u64 = args.next().and_then(|a| a.parse().ok()).expect("FIRST");
            let count: u64 = args.next().and_then(|a| a.parse().ok()).expect("COUNT");
            seeds = first..first + count;
        } else {
            cases.push(arg);
        }
    }
    if cases.is_empty() {
        cases = CASES.iter().map(|c| c.to_string()).collect();
    }
    let mut bridge_mean = None;
    for case in &cases {
        let mut total = 0.0;
        let mut times = Vec::new();
        let mut nodes = 0;
        for seed in seeds.clone() {
            let mut solver = Solver::with_memory(mib << 20);
            let start = Instant::now();
            let answer = run(case, &mut solver, seed);
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            total += ms;
            times.push(ms);
            nodes += solver.nodes();
            println!(
                "{case} seed {seed}: {answer}, {} nodes, {ms:.1} ms",
                solver.nodes()
            );
        }
        let mean = total / seeds.clone().count() as f64;
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        let max = times.last().copied().unwrap_or_default();
        if case == "bridge-table" {
            bridge_mean = Some(mean);
        }
        let ratio = bridge_mean.map_or(String::new(), |b| {
            format!(", {:.2}× the bridge table", mean / b)
        });
        println!(
            "== {case}: mean {mean:.1} ms, median {median:.1} ms, max {max:.1} ms, {nodes} nodes in all{ratio}"
        );
    }
}
