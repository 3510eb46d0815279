//! Times the generic search on full deals of the other games, against the Contract Bridge
//! table of the same seeds in the same run, so the figures read as ratios whatever the
//! machine's load: `cargo run --release --example generic_speed -- [CASE ...] [--seeds
//! FIRST COUNT] [--mib MEMORY]`. The cases are `bridge-table`, `bridge-single`, `bridge-via-generic`, `deuces-single`, `deuces-table`,
//! `crowns-nt`, `crowns-suit`, `crowns-named`, `devils4`, `devils5` (all by default).

use std::time::Instant;

use tenace_cards::{Seat, Strain, Suit};
use tenace_rules::Vulnerability;
use tenace_rules::bridge::{BridgeOptions, BridgeSetup, BridgeVariant, FiveCrownsRules};
use tenace_rules::devils_bridge::{DevilsBridgeOptions, HandSetup};
use tenace_rules::trick::NtJoker;
use tenace_solver::{Position, Sides, Solver};

/// The cases, by name, each solving one seeded deal with a fresh solver.
const CASES: [&str; 10] = [
    "bridge-table",
    "bridge-single",
    "bridge-via-generic",
    "deuces-single",
    "deuces-table",
    "crowns-nt",
    "crowns-suit",
    "crowns-named",
    "devils4",
    "devils5",
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

/// The range of the first player in a Devil's Bridge hand of ten cards.
fn devils(solver: &mut Solver, players: u8, seed: u64) -> String {
    let setup = HandSetup::seeded(
        DevilsBridgeOptions::for_players(players),
        seed,
        10,
        None,
        false,
    );
    let position = Position::new(
        tenace_rules::trick::TrickRules::plain(setup.trump()),
        setup.hands.0.clone(),
        setup.first_player(),
        Sides::EachAlone,
    );
    let range = solver.range(&position, setup.first_player()).unwrap();
    format!("range {}..{}", range.fewest, range.most)
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
        "devils4" => devils(solver, 4, seed),
        "devils5" => devils(solver, 5, seed),
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
        let mut nodes = 0;
        for seed in seeds.clone() {
            let mut solver = Solver::with_memory(mib << 20);
            let start = Instant::now();
            let answer = run(case, &mut solver, seed);
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            total += ms;
            nodes += solver.nodes();
            println!(
                "{case} seed {seed}: {answer}, {} nodes, {ms:.1} ms",
                solver.nodes()
            );
        }
        let mean = total / seeds.clone().count() as f64;
        if case == "bridge-table" {
            bridge_mean = Some(mean);
        }
        let ratio = bridge_mean.map_or(String::new(), |b| {
            format!(", {:.2}× the bridge table", mean / b)
        });
        println!("== {case}: mean {mean:.1} ms, {nodes} nodes in all{ratio}");
    }
}
