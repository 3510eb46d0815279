//! The expert: it finds the winning card where one is plain, never chooses an illegal
//! action in any game, replays exactly under a sample count, and keeps to a time budget.

use std::time::{Duration, Instant};

use tenace_bots::{Bot, BotOptions, Decision, ExpertBot, Level, new_bot, next_actor};
use tenace_cards::{ByPlayer, Player};
use tenace_rules::bridge::{BridgeDeal, BridgeSetup, BridgeVariant};
use tenace_rules::bridgette::{BridgetteDeal, BridgetteSetup};
use tenace_rules::deal::mix_seed;
use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsHand, HandSetup};
use tenace_rules::{Action, AnyGame, Game, GameConfig, Phase, View, Vulnerability};

/// The player whose turn it is and their actions, as a simulation drives bots.
fn next(game: &AnyGame) -> Option<(Player, Vec<Action>)> {
    next_actor(game.to_act(), |p| game.legal_actions(p))
}

/// The expert's decision with this budget, and how long it took.
fn timed_decision(
    config: GameConfig,
    view: &View,
    legal: &[Action],
    options: BotOptions,
) -> (Decision, Duration) {
    let mut expert = ExpertBot::new(config, options, 5);
    let start = Instant::now();
    let d = expert.decide(view, legal).unwrap();
    (d, start.elapsed())
}

/// A three-player Devil's Bridge hand of two cards, no trumps. Player 0 deals and plays
/// last; the test makes the bids and the first two cards.
fn devils_ending() -> AnyGame {
    let options = DevilsBridgeOptions::for_players(3);
    let hand = |s: &str| s.parse().unwrap();
    let setup = HandSetup {
        options,
        size: 2,
        dealer: Player(0),
        hands: ByPlayer(vec![hand("SA S2"), hand("S5 D9"), hand("S6 C3")]),
        trump_card: None,
        blind: false,
    };
    let mut game = AnyGame::DevilsBridge(DevilsHand::from_setup(setup).unwrap());
    for (p, a) in [(1, "1"), (2, "0"), (0, "2"), (1, "S5"), (2, "S6")] {
        game.try_apply(Player(p), a.parse().unwrap()).unwrap();
    }
    game
}

#[test]
fn the_expert_takes_the_trick_it_needs() {
    // Player 0 bid both tricks: the ace wins this one and the two the last, whatever
    // the others kept; the two loses now and the ace is then thrown on a lead elsewhere.
    let game = devils_ending();
    let me = Player(0);
    let legal = game.legal_actions(me);
    assert_eq!(legal.len(), 2, "{legal:?}");
    let mut bot = ExpertBot::new(game.full_view().config, BotOptions::samples(8), 1);
    let d = bot.decide(&game.observation(me), &legal).unwrap();
    assert_eq!(d.action.to_string(), "SA", "{}", d.reason);
    // Devil's Bridge plays its samples out, ten for each one asked for.
    let n = 8 * tenace_bots::expert::PLAYED_OUT_SAMPLES_PER_SOLVE;
    assert!(
        d.reason
            .contains(&format!("best in {n} of {n} likely layouts")),
        "{}",
        d.reason
    );
}

/// One game of each kind, small enough for the expert to solve quickly in a test build:
/// the bidding games are played by the basic bots until a few tricks are left.
fn games(seed: u64) -> Vec<AnyGame> {
    let mut games = Vec::new();
    for variant in [
        BridgeVariant::Standard,
        BridgeVariant::DeucesWild,
        BridgeVariant::FiveCrowns(Default::default()),
    ] {
        let setup =
            BridgeSetup::seeded(variant, seed, None, Vulnerability::Both, Default::default());
        games.push(AnyGame::Bridge(BridgeDeal::from_setup(setup).unwrap()));
    }
    for players in [3, 5] {
        let options = DevilsBridgeOptions::for_players(players);
        let setup = HandSetup::seeded(options, seed, 3, None, false);
        games.push(AnyGame::DevilsBridge(
            DevilsHand::from_setup(setup).unwrap(),
        ));
    }
    let setup = BridgetteSetup::seeded(Default::default(), seed, None);
    games.push(AnyGame::Bridgette(
        BridgetteDeal::from_setup(setup).unwrap(),
    ));
    games
}

/// Plays `game` to the end: basic bots while more than `expert_from` cards are in the
/// hands and the play has begun, the expert (every seat) otherwise. Each expert action
/// must pass the checked `try_apply`. Returns the expert's decisions.
fn play(mut game: AnyGame, options: BotOptions, expert_from: usize, seed: u64) -> Vec<String> {
    let config: GameConfig = game.full_view().config;
    let n = game.player_count();
    let mut basic: Vec<Box<dyn Bot>> = (0..n)
        .map(|p| new_bot(Level::Basic, &config, p as u64).unwrap())
        .collect();
    let mut experts: Vec<ExpertBot> = (0..n)
        .map(|p| ExpertBot::new(config.clone(), options, mix_seed(seed, p as u64)))
        .collect();
    let mut decisions = Vec::new();
    while let Some((p, legal)) = next(&game) {
        let view = game.observation(p);
        let cards: usize = view.hand_sizes.iter().sum();
        let late = view.phase != Phase::Play || cards <= expert_from;
        let d = if late {
            let d = experts[p.index()].decide(&view, &legal).unwrap();
            decisions.push(format!("{}: {}", d.action, d.reason));
            d
        } else {
            basic[p.index()].decide(&view, &legal).unwrap()
        };
        assert!(!d.reason.is_empty());
        if let Err(e) = game.try_apply(p, d.action) {
            panic!(
                "{}: the expert chose {} ({}): {e}",
                config.name(),
                d.action,
                d.reason
            );
        }
    }
    assert!(game.outcome().is_some());
    decisions
}

#[test]
fn the_expert_only_chooses_legal_actions_in_every_game() {
    for seed in 0..4 {
        for game in games(seed) {
            play(game, BotOptions::samples(2), 16, seed);
        }
    }
}

#[test]
fn a_sample_count_replays_exactly() {
    for game in games(7) {
        let a = play(game.clone(), BotOptions::samples(3), 12, 7);
        let b = play(game, BotOptions::samples(3), 12, 7);
        assert_eq!(a, b);
    }
}

/// Plays `game` with basic bots up to the first decision `wanted` picks; returns the
/// view and the legal actions there.
fn basic_play_until(
    mut game: AnyGame,
    wanted: impl Fn(&View, &[Action]) -> bool,
) -> (View, Vec<Action>) {
    let config = game.full_view().config;
    let mut basic = new_bot(Level::Basic, &config, 0).unwrap();
    while let Some((p, legal)) = next(&game) {
        let view = game.observation(p);
        if wanted(&view, &legal) {
            return (view, legal);
        }
        let d = basic.decide(&view, &legal).unwrap();
        game.apply_unchecked(p, d.action);
    }
    panic!("the game ended before the decision looked for");
}

#[test]
fn a_time_budget_is_kept_loosely() {
    // A Bridgette deal played by basic bots to five tricks from the end; then the
    // expert has 30 ms and room for 100,000 samples.
    let setup = BridgetteSetup::seeded(Default::default(), 4, None);
    let game = AnyGame::Bridgette(BridgetteDeal::from_setup(setup).unwrap());
    let config = game.full_view().config;
    let (view, legal) = basic_play_until(game, |view, legal| {
        view.phase == Phase::Play && view.hand_sizes.iter().sum::<usize>() <= 10 && legal.len() > 1
    });
    let options = BotOptions {
        think_ms: Some(30),
        samples: 100_000,
    };
    let (d, took) = timed_decision(config, &view, &legal, options);
    assert!(took < Duration::from_millis(1500), "took {took:?}");
    assert!(
        !d.reason.contains("of 100000 likely layouts"),
        "{}",
        d.reason
    );
}

#[test]
fn a_solve_too_big_for_the_budget_is_stopped_and_basic_decides() {
    // The opening lead of a Deuces Wild deal: one double-dummy solve of the full deal
    // takes the generic solver many seconds, far past a 20 ms budget.
    let setup = BridgeSetup::seeded(
        BridgeVariant::DeucesWild,
        3,
        None,
        Vulnerability::None,
        Default::default(),
    );
    let game = AnyGame::Bridge(BridgeDeal::from_setup(setup).unwrap());
    let config = game.full_view().config;
    let (view, legal) = basic_play_until(game, |view, _| view.phase == Phase::Play);
    let options = BotOptions {
        think_ms: Some(20),
        samples: 40,
    };
    let (d, took) = timed_decision(config, &view, &legal, options);
    assert!(legal.contains(&d.action));
    assert!(
        d.reason.contains("the basic player's choice"),
        "{}",
        d.reason
    );
    // Stopped at twice the budget; the bound is loose for a loaded machine, and far
    // below what the unstopped solve would take.
    assert!(took < Duration::from_secs(3), "took {took:?}");
}
