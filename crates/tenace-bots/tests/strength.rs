//! Basic beats random by a clear margin in every game, on a few hundred seeded deals (the
//! full figures, with confidence intervals, come from `tenace sim --bots`).

use tenace_bots::{Bot, Level, new_bot};
use tenace_rules::bridge::{BridgeDeal, BridgeSetup, BridgeVariant};
use tenace_rules::bridgette::{BridgetteMatch, BridgetteOptions};
use tenace_rules::deal::mix_seed;
use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsMatch};
use tenace_rules::scoring::imps;
use tenace_rules::{Action, Game, GameConfig, Match, Vulnerability};

fn bots(config: &GameConfig, levels: &[Level], seed: u64) -> Vec<Box<dyn Bot>> {
    levels
        .iter()
        .enumerate()
        .map(|(p, &l)| new_bot(l, config, mix_seed(seed, p as u64)).unwrap())
        .collect()
}

fn table(variant: BridgeVariant, seed: u64, basic_ns: bool) -> i32 {
    let setup = BridgeSetup::seeded(variant, seed, None, Vulnerability::None, Default::default());
    let mut deal = BridgeDeal::from_setup(setup).unwrap();
    let (ns, ew) = if basic_ns {
        (Level::Basic, Level::Random)
    } else {
        (Level::Random, Level::Basic)
    };
    let mut bots = bots(&deal.full_view().config, &[ns, ew, ns, ew], seed);
    while let Some(p) = deal.to_act().iter().next() {
        let d = bots[p.index()]
            .decide(&deal.observation(p), &deal.legal_actions(p))
            .unwrap();
        deal.apply_unchecked(p, d.action);
    }
    deal.score_ns().unwrap()
}

#[test]
fn basic_beats_random_at_every_bridge_table() {
    for variant in [
        BridgeVariant::Standard,
        BridgeVariant::DeucesWild,
        BridgeVariant::from_name("five-crowns").unwrap(),
    ] {
        let total: i32 = (0..100)
            .map(|seed| imps(table(variant, seed, true) - table(variant, seed, false)))
            .sum();
        assert!(
            total > 100 * 5,
            "{}: {total} IMPs in 100 deals",
            variant.name()
        );
    }
}

#[test]
fn basic_beats_random_at_devils_bridge_and_bridgette() {
    let mut margin = 0i64;
    for seed in 0..20 {
        let options = DevilsBridgeOptions::default();
        let mut game = DevilsMatch::new(options.clone(), seed).unwrap();
        let config = GameConfig::DevilsBridge(options);
        let levels = [Level::Basic, Level::Random, Level::Random, Level::Random];
        let mut bots = bots(&config, &levels, seed);
        while let Some(p) = game.to_act().iter().find(|&p| {
            game.legal_actions(p)
                .iter()
                .any(|a| !matches!(a, Action::ChangeBid(_)))
        }) {
            let legal: Vec<Action> = game
                .legal_actions(p)
                .into_iter()
                .filter(|a| !matches!(a, Action::ChangeBid(_)))
                .collect();
            let d = bots[p.index()]
                .decide(&game.observation(p).unwrap(), &legal)
                .unwrap();
            game.apply_unchecked(p, d.action);
        }
        let t = game.totals();
        margin += i64::from(t[0]) * 3 - i64::from(t[1] + t[2] + t[3]);
    }
    assert!(margin > 0, "Devil's Bridge: basic's margin {margin}");

    let mut margin = 0i64;
    for seed in 0..30 {
        for basic in 0..2usize {
            let options = BridgetteOptions::default();
            let mut game = BridgetteMatch::new(options, seed).unwrap();
            let config = GameConfig::Bridgette(options);
            let levels: Vec<Level> = (0..2)
                .map(|p| {
                    if p == basic {
                        Level::Basic
                    } else {
                        Level::Random
                    }
                })
                .collect();
            let mut bots = bots(&config, &levels, seed);
            while let Some(p) = game.to_act().iter().next() {
                let d = bots[p.index()]
                    .decide(&game.observation(p).unwrap(), &game.legal_actions(p))
                    .unwrap();
                game.apply_unchecked(p, d.action);
            }
            let t = game.totals();
            margin += i64::from(t[basic]) - i64::from(t[1 - basic]);
        }
    }
    assert!(margin > 0, "Bridgette: basic's margin {margin}");
}
