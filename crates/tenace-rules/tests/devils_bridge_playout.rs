//! The Devil's Bridge random-playout harness: whole games of random legal play for every
//! table size and both scoring methods, with the other options varied game by game, and
//! the invariants of DESIGN.md checked as they go.
//!
//! * Every card is played once per hand, and only cards that were dealt.
//! * The tricks of a hand add up to its size.
//! * The hook holds at the opening lead: the final bids never total the hand size.
//! * Every legal action is accepted by `try_apply`, and whoever is in `to_act` has one.
//! * No observation shows a card its viewer may not see (the blind hand included), and a
//!   resample keeps the observation exactly as it was.
//! * The history replays to the same game.
//!
//! `GAMES_PER_COMBINATION` games are played for each (players, scoring) pair. Set
//! `TENACE_DB_GAMES` to play another number (the acceptance bar is 5,000).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::time::Instant;
use tenace_cards::{CardSet, Player};
use tenace_rules::Match;
use tenace_rules::devils_bridge::{
    BlindHands, DevilsBridgeOptions, DevilsHand, DevilsMatch, DevilsScoring, HandOrder, TieBreak,
};
use tenace_rules::{Action, Game};

const GAMES_PER_COMBINATION: u64 = 5_000;

/// Every how many games the expensive checks run (observations at every step, resample,
/// replay of the whole record).
const DEEP_EVERY: u64 = 25;

fn games_per_combination() -> u64 {
    std::env::var("TENACE_DB_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(GAMES_PER_COMBINATION)
}

/// The options of game `k`: the table size and scoring fixed, the rest varied.
fn options_for(players: u8, scoring: DevilsScoring, k: u64) -> DevilsBridgeOptions {
    let mut o = DevilsBridgeOptions::for_players(players);
    o.scoring = scoring;
    o.target_score = match k % 3 {
        0 => None,
        1 => Some(100),
        _ => Some(60),
    };
    o.hand_order = if k.is_multiple_of(2) {
        HandOrder::UpDown
    } else {
        HandOrder::DownUp
    };
    o.blind_one_card_hands = match k % 5 {
        0..=2 => BlindHands::Final,
        3 => BlindHands::All,
        _ => BlindHands::None,
    };
    o.tie_break = if k % 7 < 4 {
        TieBreak::Shared
    } else {
        TieBreak::ExtraMaxHands
    };
    o.allow_bid_changes = !k.is_multiple_of(11);
    if k.is_multiple_of(13) {
        // A custom, smaller series.
        o.max_hand = Some(3);
    }
    o
}

/// What one game came to.
#[derive(Default, Debug, Clone, Copy)]
struct Tally {
    games: u64,
    hands: u64,
    actions: u64,
    observations: u64,
    resamples: u64,
}

impl Tally {
    fn merge(self, o: Tally) -> Tally {
        Tally {
            games: self.games + o.games,
            hands: self.hands + o.hands,
            actions: self.actions + o.actions,
            observations: self.observations + o.observations,
            resamples: self.resamples + o.resamples,
        }
    }
}

/// The cards `viewer` may see in `hand`: their own, or in a blind hand everyone else's.
fn visible_to(hand: &DevilsHand, viewer: Player) -> CardSet {
    hand.hands()
        .iter()
        .filter(|&(p, _)| (p == viewer) != hand.setup().blind)
        .fold(CardSet::EMPTY, |set, (_, &h)| set | h)
}

fn check_observations(hand: &DevilsHand, rng: &mut ChaCha8Rng, tally: &mut Tally, ctx: &str) {
    let n = hand.player_count();
    for i in 0..n as u8 {
        let viewer = Player(i);
        let obs = hand.observation(viewer);
        tally.observations += 1;
        assert_eq!(
            obs.visible_cards(),
            visible_to(hand, viewer),
            "{ctx}: player {i} sees exactly what they may"
        );
        if hand.setup().blind {
            assert_eq!(obs.hands[viewer.index()], None, "{ctx}: own blind card");
        }
        assert_eq!(obs.turned_up, hand.setup().trump_card);
    }
    // A resample at one step in ten, from a random player's point of view: at seven
    // players the Hall check of `deal_hidden` over seven hidden hands (six and the stock)
    // makes each one cost as much as a hundred plain steps.
    if !rng.random_bool(0.1) {
        return;
    }
    let viewer = Player(rng.random_range(0..n as u8));
    let obs = hand.observation(viewer);
    let re = DevilsHand::resample(&obs, rng).unwrap_or_else(|e| panic!("{ctx}: resample: {e}"));
    tally.resamples += 1;
    assert_eq!(
        re.observation(viewer),
        obs,
        "{ctx}: a resample changes nothing player {} sees",
        viewer.0
    );
}

/// Checks a finished hand: every card once, tricks add up.
fn check_finished(hand: &DevilsHand, ctx: &str) {
    let setup = hand.setup();
    let dealt = setup
        .hands
        .iter()
        .fold(CardSet::EMPTY, |set, (_, &h)| set | h);
    let mut played = CardSet::EMPTY;
    let mut count = 0;
    // The record keeps a blind play as made; the full view names its card.
    for m in hand.full_view().history {
        if let Action::Card(c) = m.action {
            assert!(
                setup.hands[m.player].contains(c),
                "{ctx}: {c} was dealt to its player"
            );
            assert!(played.insert(c), "{ctx}: {c} played twice");
            count += 1;
        }
    }
    assert_eq!(played, dealt, "{ctx}: every dealt card played");
    assert_eq!(count, setup.players() * setup.size, "{ctx}");
    let tricks: usize = hand
        .play()
        .tricks_won()
        .iter()
        .map(|&t| usize::from(t))
        .sum();
    assert_eq!(tricks, setup.size, "{ctx}: tricks add up to the hand size");
    assert!(hand.hands().iter().all(|(_, h)| h.is_empty()));
}

fn play_game(options: DevilsBridgeOptions, seed: u64, deep: bool) -> Tally {
    let ctx = format!("{} players, seed {seed}", options.players);
    let mut game = DevilsMatch::new(options.clone(), seed).expect("valid options");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xDB);
    let mut tally = Tally {
        games: 1,
        ..Tally::default()
    };
    loop {
        let to_act: Vec<Player> = game.to_act().iter().collect();
        let Some(hand) = game.current() else {
            assert!(to_act.is_empty());
            break;
        };
        assert!(
            !to_act.is_empty(),
            "{ctx}: someone acts until the game ends"
        );
        if deep {
            let ctx = format!("{ctx}, hand {}", game.finished_hands().len() + 1);
            check_observations(hand, &mut rng, &mut tally, &ctx);
        }
        let player = to_act[rng.random_range(0..to_act.len())];
        let legal = game.legal_actions(player);
        assert!(
            !legal.is_empty(),
            "{ctx}: player {} in to_act has an action",
            player.0
        );
        // Changes are drawn less often than bids and cards, so hands move on.
        let action = if legal.len() > 1 && rng.random_bool(0.5) {
            legal
                .iter()
                .copied()
                .find(|a| !matches!(a, Action::ChangeBid(_)))
                .unwrap_or(legal[0])
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        let first_lead = matches!(action, Action::Card(_)) && !hand.first_card_played();
        if first_lead {
            let size = hand.setup().size;
            let total: usize = hand
                .bidding()
                .bids()
                .iter()
                .map(|b| usize::from(b.expect("everyone has bid before the lead")))
                .sum();
            assert_ne!(total, size, "{ctx}: the hook holds at the lead");
        }
        let before = game.finished_hands().len();
        game.try_apply(player, action)
            .unwrap_or_else(|e| panic!("{ctx}: legal {action} refused: {e}"));
        tally.actions += 1;
        if game.finished_hands().len() > before {
            let done = &game.finished_hands()[before];
            check_finished(done, &format!("{ctx}, hand {}", before + 1));
        }
    }
    let sheet = game.sheet();
    tally.hands = sheet.len() as u64;
    let series = options.hand_sizes().len();
    if options.target_score.is_none() && options.tie_break == TieBreak::Shared {
        assert_eq!(sheet.len(), series, "{ctx}: the whole series");
    }
    assert!(sheet.len() >= series.min(1));
    let totals: Vec<u32> = (0..options.player_count())
        .map(|i| sheet.iter().map(|r| r.points[i]).sum())
        .collect();
    assert_eq!(totals, game.totals(), "{ctx}: the sheet adds up");
    if deep {
        let replayed = DevilsMatch::replay(options, seed, game.history())
            .unwrap_or_else(|(i, e)| panic!("{ctx}: action {i} does not replay: {e}"));
        assert_eq!(
            replayed, game,
            "{ctx}: the history replays to the same game"
        );
    }
    tally
}

#[test]
fn random_games_for_every_table_size_and_scoring() {
    let games = games_per_combination();
    let start = Instant::now();
    let mut lines = Vec::new();
    for players in 3..=7u8 {
        for scoring in [DevilsScoring::TricksPlusBonus, DevilsScoring::ExactOnly] {
            let t0 = Instant::now();
            let tally = (0..games)
                .into_par_iter()
                .map(|k| {
                    let seed = u64::from(players) << 40 | k;
                    play_game(
                        options_for(players, scoring, k),
                        seed,
                        k.is_multiple_of(DEEP_EVERY),
                    )
                })
                .reduce(Tally::default, Tally::merge);
            assert_eq!(tally.games, games);
            lines.push(format!(
                "{players} players, {scoring:?}: {} games, {} hands, {} actions, {} observations, {} resamples in {:.2} s",
                tally.games,
                tally.hands,
                tally.actions,
                tally.observations,
                tally.resamples,
                t0.elapsed().as_secs_f64()
            ));
        }
    }
    for line in &lines {
        println!("{line}");
    }
    println!("total {:.2} s", start.elapsed().as_secs_f64());
}
