//! The app's logic without a terminal: for each game a whole deal played through
//! [`App`], the human always taking the first legal action offered, to its end; the sheet
//! updates; undo restores the state before the human's last action.

use std::time::Duration;

use tenace_bots::BotOptions;
use tenace_cards::{Player, Seat};
use tenace_rules::bridge::{BridgeMatch, BridgeOptions, BridgeVariant};
use tenace_rules::bridgette::{BridgetteMatch, BridgetteOptions};
use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsMatch};

use super::app::{App, Intent};
use super::opponent::Level;
use super::table::PlayMatch;

const SEED: u64 = 7;

fn bridge(variant: BridgeVariant) -> PlayMatch {
    PlayMatch::Bridge(
        BridgeMatch::with_variant(variant, BridgeOptions::default(), SEED).expect("match"),
    )
}

fn devils() -> PlayMatch {
    PlayMatch::Devils(DevilsMatch::new(DevilsBridgeOptions::for_players(4), SEED).expect("match"))
}

fn bridgette() -> PlayMatch {
    PlayMatch::Bridgette(BridgetteMatch::new(BridgetteOptions::default(), SEED).expect("match"))
}

/// One step: the human plays the first action offered, or a computer player acts.
fn step(app: &mut App) {
    if !app.human_must_act() {
        assert!(
            app.step_opponents(),
            "nobody could act, and the deal is not over"
        );
    } else {
        app.handle(Intent::Submit);
        assert_eq!(app.error(), None);
    }
}

/// Plays the first deal to its end; checks the sheet gains its line, then undo.
fn plays_a_deal_then_undoes(game: PlayMatch, human: Player) {
    let mut app = App::new(game, human, Level::Random, BotOptions::samples(2), SEED).expect("app");
    // The double-dummy review has its own test: full deals solve slowly in a test build.
    app.set_review_time(Duration::ZERO);
    let sheet_before = app.game().sheet_lines();
    // Act until the human has acted once, and remember the record before that action.
    let mut before_human = None;
    for _ in 0..2000 {
        if app.paused_deal().is_some() {
            break;
        }
        if before_human.is_none() && app.human_must_act() {
            before_human = Some((app.game().history().to_vec(), app.view()));
        }
        step(&mut app);
    }
    assert_eq!(app.paused_deal(), Some(0), "the first deal ends");
    let sheet_after = app.game().sheet_lines();
    assert_eq!(sheet_after.len(), sheet_before.len() + 1, "{sheet_after:?}");
    assert!(app.view().is_some());
    // The game waits on the finished deal until the player goes on.
    assert!(!app.step_opponents());

    app.handle(Intent::Review);
    let review = app.review().expect("a review once the deal is over");
    assert_eq!(review.number, 1);
    assert!(review.dealt.hands.iter().all(Option::is_some));
    assert_eq!(review.double_dummy, None);
    app.handle(Intent::Escape);

    let (history, view) = before_human.expect("the human acted in the deal");
    // Undo takes back the human's last action in the deal and everything after it.
    let human_moves = app
        .game()
        .history()
        .iter()
        .filter(|m| m.player == human)
        .count();
    app.handle(Intent::Undo);
    let after = app.game().history();
    assert_eq!(
        after.iter().filter(|m| m.player == human).count(),
        human_moves - 1
    );
    assert!(after.len() >= history.len());
    assert_eq!(app.paused_deal(), None);
    assert!(app.human_must_act(), "undo gives the turn back");
    // Undo all the way back to the human's first action: the view is the one it was.
    for _ in 0..human_moves - 1 {
        app.handle(Intent::Undo);
    }
    assert_eq!(app.game().history(), history.as_slice());
    assert_eq!(app.view(), view);

    // Play the deal out again, then go on to the next one.
    for _ in 0..2000 {
        if app.paused_deal().is_some() {
            break;
        }
        step(&mut app);
    }
    app.handle(Intent::NextDeal);
    assert_eq!(app.paused_deal(), None);
}

#[test]
fn contract_bridge_deal() {
    plays_a_deal_then_undoes(bridge(BridgeVariant::Standard), Player::from(Seat::South));
}

#[test]
fn deuces_wild_deal() {
    plays_a_deal_then_undoes(bridge(BridgeVariant::DeucesWild), Player::from(Seat::North));
}

#[test]
fn five_crowns_deal() {
    plays_a_deal_then_undoes(
        bridge(BridgeVariant::FiveCrowns(Default::default())),
        Player::from(Seat::West),
    );
}

#[test]
fn devils_bridge_hand() {
    plays_a_deal_then_undoes(devils(), Player(0));
}

#[test]
fn bridgette_deal() {
    plays_a_deal_then_undoes(bridgette(), Player(1));
}

#[test]
fn illegal_typed_action_is_refused_with_the_engines_message() {
    let mut app = App::new(
        bridge(BridgeVariant::Standard),
        Player(2),
        Level::Random,
        BotOptions::samples(2),
        SEED,
    )
    .expect("app");
    while !app.human_must_act() {
        assert!(app.step_opponents());
    }
    for c in "ZZ".chars() {
        app.handle(Intent::Type(c));
    }
    app.handle(Intent::Submit);
    assert!(app.error().is_some_and(|e| e.contains("bad action")));
    // A card in the auction: the engine names the phase.
    for c in "SA".chars() {
        app.handle(Intent::Type(c));
    }
    app.handle(Intent::Submit);
    assert!(
        app.error().is_some_and(|e| e.contains("Auction")),
        "{:?}",
        app.error()
    );
}

#[test]
fn quitting_a_match_in_progress_asks_first() {
    let mut app = App::new(
        bridgette(),
        Player(0),
        Level::Random,
        BotOptions::samples(2),
        SEED,
    )
    .expect("app");
    app.handle(Intent::Quit);
    assert!(app.confirming_quit() && !app.should_quit());
    app.handle(Intent::Type('n'));
    assert!(!app.should_quit());
    app.handle(Intent::Quit);
    app.handle(Intent::Type('y'));
    assert!(app.should_quit());
}

#[test]
fn a_seat_off_the_table_is_refused() {
    let err = App::new(
        bridgette(),
        Player(3),
        Level::Random,
        BotOptions::samples(2),
        SEED,
    )
    .err();
    assert!(err.is_some_and(|e| e.contains("--seat")));
}

fn bridge_scored(scoring: &str) -> PlayMatch {
    let options: BridgeOptions =
        serde_json::from_str(&format!(r#"{{"scoring":"{scoring}"}}"#)).expect("options");
    PlayMatch::Bridge(BridgeMatch::new(options, SEED).expect("match"))
}

#[test]
fn rubber_and_chicago_matches_keep_their_sheets() {
    let rubber = bridge_scored("rubber");
    assert!(
        rubber
            .sheet_lines()
            .iter()
            .any(|l| l.starts_with("Rubber: games"))
    );
    plays_a_deal_then_undoes(rubber, Player::from(Seat::South));
    plays_a_deal_then_undoes(bridge_scored("chicago"), Player::from(Seat::East));
}

#[test]
fn the_review_gives_the_contracts_double_dummy_result() {
    let mut app = App::new(
        bridge(BridgeVariant::Standard),
        Player::from(Seat::South),
        Level::Basic,
        BotOptions::samples(1),
        SEED,
    )
    .expect("app");
    // The contract's result is always solved; a millisecond leaves the plays unchecked.
    app.set_review_time(Duration::from_millis(1));
    for _ in 0..20_000 {
        if app.paused_deal().is_some() {
            app.handle(Intent::Review);
            let solved = std::time::Instant::now() + Duration::from_secs(120);
            while !app.poll_review() && std::time::Instant::now() < solved {
                std::thread::sleep(Duration::from_millis(5));
            }
            let review = app.review().expect("a review once the deal is over");
            assert!(!review.solving, "the review was not solved in time");
            // A passed-out deal has no play to solve: go on to the next.
            if let Some(analysis) = review.double_dummy {
                assert!(
                    analysis[0].starts_with("Double dummy: ") && analysis[0].contains(" makes "),
                    "{analysis:?}"
                );
                assert!(
                    analysis.last().is_some_and(|l| l.contains("were checked")),
                    "{analysis:?}"
                );
                return;
            }
            app.handle(Intent::Escape);
            app.handle(Intent::NextDeal);
        } else {
            step(&mut app);
        }
    }
    panic!("no deal was played out");
}

#[test]
fn the_hint_is_the_experts_card_with_its_reason() {
    // A Bridgette deal played until the human holds a few cards (a full deal solves
    // slowly in a test build): the hint names a card and the samples behind it.
    let mut app = App::new(
        bridgette(),
        Player(0),
        Level::Basic,
        BotOptions::samples(2),
        SEED,
    )
    .expect("app");
    for _ in 0..500 {
        let late = app
            .view()
            .is_some_and(|v| v.phase == tenace_rules::Phase::Play && v.hand_sizes[0] <= 5);
        if app.human_must_act() && late && app.human_actions().len() > 1 {
            app.handle(Intent::Hint);
            let notice = app.notice().unwrap_or_default().to_string();
            assert!(notice.starts_with("Hint: "), "{notice}");
            assert!(notice.contains("of 2 samples"), "{notice}");
            return;
        }
        step(&mut app);
    }
    panic!("the human never had a choice of cards late in the deal");
}
