//! Bots in every game, phase and option set: every action they choose is legal (the
//! engine's checked `try_apply` accepts it), every reason is given, and the same seeds
//! replay the same game exactly.

use serde_json::json;
use tenace_bots::{Bot, Level, new_bot};
use tenace_cards::Player;
use tenace_rules::bridge::{BridgeDeal, BridgeSetup, BridgeVariant};
use tenace_rules::bridgette::{BridgetteDeal, BridgetteOptions, BridgetteSetup};
use tenace_rules::deal::mix_seed;
use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsHand, HandSetup};
use tenace_rules::scoring::board_vulnerability;
use tenace_rules::{Action, AnyGame, Game, GameConfig, Move};

/// Every option set the tests cover, with a game dealt from a seed.
fn games(seed: u64) -> Vec<AnyGame> {
    let mut games = Vec::new();
    for (name, options) in [
        ("bridge", json!({})),
        ("bridge", json!({"scoring": "rubber"})),
        ("bridge", json!({"scoring": "chicago"})),
        ("deuces-wild", json!({})),
        ("five-crowns", json!({})),
        ("five-crowns", json!({"fc_nt_joker": "nominated_two"})),
    ] {
        let (variant, options) = BridgeVariant::parse_options(name, &options).unwrap();
        let board = (seed % 16) as u32 + 1;
        let setup = BridgeSetup::seeded(variant, seed, None, board_vulnerability(board), options);
        games.push(AnyGame::Bridge(BridgeDeal::from_setup(setup).unwrap()));
    }
    for options in [
        json!({}),
        json!({"players": 3, "scoring": "exact_only"}),
        json!({"players": 5, "allow_bid_changes": false}),
        json!({"players": 7}),
    ] {
        let options = DevilsBridgeOptions::from_json(&options).unwrap();
        let max = options.max_hand_size();
        // A large hand, a middling one, and the blind one-card hand.
        for (size, blind) in [(max, false), (1 + (seed as usize % max), false), (1, true)] {
            let setup = HandSetup::seeded(options.clone(), seed, size, None, blind);
            games.push(AnyGame::DevilsBridge(
                DevilsHand::from_setup(setup).unwrap(),
            ));
        }
    }
    for options in [
        json!({}),
        json!({"upcard_to": "dealer", "nt_jump_requirement": "forbidden"}),
        json!({"upcard_to": "none", "opening_pass": "opponent_must_name", "block_allows_colon_lead": false}),
    ] {
        let options = BridgetteOptions::from_json(&options).unwrap();
        let setup = BridgetteSetup::seeded(options, seed, None);
        games.push(AnyGame::Bridgette(
            BridgetteDeal::from_setup(setup).unwrap(),
        ));
    }
    games
}

/// The player to drive: the one whose turn it is (bots do not change bids out of turn).
fn next(game: &AnyGame) -> Option<(Player, Vec<Action>)> {
    game.to_act().iter().find_map(|p| {
        let legal: Vec<Action> = game
            .legal_actions(p)
            .into_iter()
            .filter(|a| !matches!(a, Action::ChangeBid(_)))
            .collect();
        (!legal.is_empty()).then_some((p, legal))
    })
}

/// Plays a game to the end with one bot of `levels[p % 2]` per player, checking each
/// action; returns the record.
fn play(mut game: AnyGame, levels: [Level; 2], seed: u64) -> Vec<Move> {
    let config: GameConfig = game.full_view().config;
    let mut bots: Vec<Box<dyn Bot>> = (0..game.player_count())
        .map(|p| new_bot(levels[p % 2], &config, mix_seed(seed, p as u64)).unwrap())
        .collect();
    let mut steps = 0;
    while let Some((p, legal)) = next(&game) {
        let view = game.observation(p);
        let d = bots[p.index()].decide(&view, &legal).unwrap();
        assert!(!d.reason.is_empty(), "{} gave no reason", d.action);
        if let Err(e) = game.try_apply(p, d.action) {
            panic!("{} chose {} ({}): {e}", config.name(), d.action, d.reason);
        }
        steps += 1;
        assert!(steps < 2000, "the game does not end");
    }
    assert!(game.outcome().is_some(), "{} did not finish", config.name());
    game.history().to_vec()
}

#[test]
fn bots_only_choose_legal_actions_in_every_game() {
    for seed in 0..12 {
        for game in games(seed) {
            for levels in [
                [Level::Basic, Level::Basic],
                [Level::Basic, Level::Random],
                [Level::Random, Level::Random],
            ] {
                play(game.clone(), levels, seed);
            }
        }
    }
}

#[test]
fn the_same_seeds_replay_the_same_game() {
    for seed in [3, 11] {
        for game in games(seed) {
            for levels in [
                [Level::Basic, Level::Random],
                [Level::Random, Level::Random],
            ] {
                let a = play(game.clone(), levels, seed);
                let b = play(game.clone(), levels, seed);
                assert_eq!(a, b);
            }
        }
    }
}

#[test]
fn random_bots_differ_by_seed() {
    let game = games(5).remove(0);
    let a = play(game.clone(), [Level::Random, Level::Random], 1);
    let b = play(game, [Level::Random, Level::Random], 2);
    assert_ne!(a, b);
}

#[test]
fn a_bot_refuses_to_act_without_legal_actions_or_a_viewer() {
    let game = games(1).remove(0);
    let mut bot = new_bot(Level::Basic, &game.full_view().config, 0).unwrap();
    assert!(bot.decide(&game.full_view(), &[]).is_err());
    let legal = game.legal_actions(game.to_act().iter().next().unwrap());
    assert!(bot.decide(&game.full_view(), &legal).is_err());
}
