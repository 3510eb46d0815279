//! How often the expert searches the first trick of a Deuces Wild or Five Crowns deal
//! (both no-trump jokers) within its time budget, rather than falling back to the basic
//! player's choice: `cargo run --release -p tenace-bots --example first_trick -- [THINK_MS]
//! [SEEDS]` (default 1000 ms and 4 seeds). The basic players bid; the expert then plays
//! each of the four cards of the first trick in turn, and each decision's time and
//! reason are printed, with the count searched per game. Timings depend on the machine
//! and its load.

use std::time::Instant;

use tenace_bots::{BotOptions, Level, new_bot, new_bot_with, next_actor};
use tenace_rules::bridge::{BridgeDeal, BridgeSetup, BridgeVariant, FiveCrownsRules};
use tenace_rules::trick::NtJoker;
use tenace_rules::{Action, Game, Vulnerability};

/// Whether a reason is the fallback's: the basic player's choice, for a solve would not fit.
fn fell_back(reason: &str) -> bool {
    reason.contains("the basic player's choice")
}

fn main() {
    let mut args = std::env::args().skip(1);
    let think: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seeds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let named = FiveCrownsRules {
        fc_nt_joker: NtJoker::NominatedTwo,
        ..FiveCrownsRules::default()
    };
    for (name, variant) in [
        ("deuces-wild", BridgeVariant::DeucesWild),
        (
            "five-crowns",
            BridgeVariant::FiveCrowns(FiveCrownsRules::default()),
        ),
        ("five-crowns-named", BridgeVariant::FiveCrowns(named)),
    ] {
        let (mut searched, mut decisions) = (0, 0);
        for seed in 0..seeds {
            let setup =
                BridgeSetup::seeded(variant, seed, None, Vulnerability::None, Default::default());
            let mut deal = BridgeDeal::from_setup(setup).expect("a seeded deal is valid");
            let config = deal.full_view().config;
            let mut basic: Vec<_> = (0..4)
                .map(|p| new_bot(Level::Basic, &config, p).expect("a basic bot"))
                .collect();
            let mut expert = new_bot_with(Level::Expert, &config, BotOptions::think_ms(think), 9)
                .expect("an expert bot");
            let mut played = 0;
            while let Some((p, legal)) = next_actor(deal.to_act(), |p| deal.legal_actions(p)) {
                if played == 4 {
                    break;
                }
                let view = deal.observation(p);
                let card = legal
                    .iter()
                    .all(|a| matches!(a, Action::Card(_) | Action::NamedJoker(_)));
                let decision = if card {
                    played += 1;
                    let start = Instant::now();
                    let decision = expert.decide(&view, &legal).expect("a decision");
                    let fallback = fell_back(&decision.reason);
                    decisions += 1;
                    searched += usize::from(!fallback);
                    println!(
                        "{name} seed {seed} card {played}: {:.0} ms, {}: {}",
                        start.elapsed().as_secs_f64() * 1000.0,
                        if fallback { "fell back" } else { "searched" },
                        decision.reason
                    );
                    decision
                } else {
                    basic[p.index()].decide(&view, &legal).expect("a decision")
                };
                deal.try_apply(p, decision.action).expect("a legal action");
            }
        }
        println!("== {name}: {searched} of {decisions} first-trick cards searched");
    }
}
