//! The app's logic without a terminal: for each game a whole deal played through
//! [`App`], the human always taking the first legal action offered, to its end; the sheet
//! updates; undo restores the state before the human's last action.

use std::time::Duration;

use super::render::glyphs::Glyphs;
use tenace_bots::BotOptions;
use tenace_cards::{Player, Seat};
use tenace_rules::bridge::{BridgeMatch, BridgeOptions, BridgeVariant};
use tenace_rules::bridgette::{BridgetteMatch, BridgetteOptions};
use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsMatch};

use super::app::{App, Intent};
use super::opponent::Level;
use super::table::OnScreen;
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
    app.set_review_solves(false);
    let sheet_before = app.game().sheet_lines(Glyphs::UNICODE);
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
    let sheet_after = app.game().sheet_lines(Glyphs::UNICODE);
    assert_eq!(sheet_after.len(), sheet_before.len() + 1, "{sheet_after:?}");
    assert!(app.view().is_some());
    // The game waits on the finished deal until the player goes on.
    assert!(!app.step_opponents());

    app.handle(Intent::Review);
    let review = app.review().expect("a review once the deal is over");
    assert_eq!(review.number, 1);
    assert!(review.hands.hands.iter().all(Option::is_some));
    assert!(review.double_dummy.lines.is_empty());
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
    // A claim typed here is refused: nobody would ask the opponents.
    for c in "claim 0".chars() {
        app.handle(Intent::Type(c));
    }
    app.handle(Intent::Submit);
    assert!(
        app.error().is_some_and(|e| e.contains("consent")),
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
            .sheet_lines(Glyphs::UNICODE)
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
    for _ in 0..20_000 {
        if app.paused_deal().is_some() {
            app.handle(Intent::Review);
            let solved = std::time::Instant::now() + Duration::from_secs(120);
            let mut progress_seen = false;
            loop {
                app.poll_review();
                let review = app.review().expect("a review once the deal is over");
                progress_seen |= review.double_dummy.progress.is_some();
                if review.double_dummy.done || std::time::Instant::now() > solved {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            let analysis = app.review().expect("a review").double_dummy;
            assert!(analysis.done, "the review was not solved in time");
            // A passed-out deal has no play to solve: go on to the next.
            if analysis.lines[0].starts_with("With best play") {
                assert!(progress_seen, "no progress was shown while solving");
                assert!(analysis.lines[0].contains(" makes "), "{analysis:?}");
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
fn the_review_can_be_left_while_it_solves() {
    // Deuces Wild, seed 5: the deal's opening position once took minutes with nothing
    // shown. Progress shows at once, and leaving the review does not wait for the solve.
    let game = PlayMatch::Bridge(
        BridgeMatch::with_variant(BridgeVariant::DeucesWild, BridgeOptions::default(), 5)
            .expect("match"),
    );
    let mut app = App::new(game, Player(2), Level::Basic, BotOptions::samples(1), 5).expect("app");
    for _ in 0..2000 {
        if app.paused_deal().is_some() {
            break;
        }
        step(&mut app);
    }
    app.handle(Intent::Review);
    let shown_by = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        app.poll_review();
        let dd = app.review().expect("a review").double_dummy;
        if dd
            .progress
            .as_deref()
            .is_some_and(|p| p.starts_with("solved "))
            || dd.done
        {
            break;
        }
        assert!(
            std::time::Instant::now() < shown_by,
            "no progress shown: {dd:?}"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let left = std::time::Instant::now();
    app.handle(Intent::Escape);
    assert!(app.review().is_none());
    assert!(left.elapsed() < Duration::from_millis(100));
    // The table is live again at once: the next deal starts.
    app.handle(Intent::NextDeal);
    assert_eq!(app.paused_deal(), None);
}

#[test]
fn a_hint_replaces_an_earlier_error() {
    let mut app = App::new(
        bridgette(),
        Player(0),
        Level::Basic,
        BotOptions::samples(1),
        SEED,
    )
    .expect("app");
    // Late in the deal, where a hint is quick: type a card not held, then ask a hint.
    for _ in 0..500 {
        let late = app
            .view()
            .is_some_and(|v| v.phase == tenace_rules::Phase::Play && v.hand_sizes[0] <= 4);
        if app.human_must_act() && late {
            let held = app.view().and_then(|v| v.hands[0]).expect("own hand");
            let typed = ["CK", "DK", "HK", "SK"]
                .into_iter()
                .find(|c| !held.contains(c.parse().expect("card")))
                .expect("four kings are not all held with four cards left and one more");
            for c in typed.chars() {
                app.handle(Intent::Type(c));
            }
            app.handle(Intent::Submit);
            assert!(app.error().is_some(), "{typed} is refused");
            app.handle(Intent::Hint);
            assert_eq!(app.error(), None, "the hint replaces the error");
            assert!(
                app.notice().is_some_and(|n| n.starts_with("Hint: ")),
                "{:?}",
                app.notice()
            );
            return;
        }
        step(&mut app);
    }
    panic!("the human never played late in the deal");
}

#[test]
fn the_hint_is_the_experts_card_with_its_reason() {
    // A Bridgette deal played until the human holds a few cards (a full deal solves
    // slowly in a test build): the hint names a card and the layouts behind it.
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
            assert!(notice.contains("of 2 likely layouts"), "{notice}");
            return;
        }
        step(&mut app);
    }
    panic!("the human never had a choice of cards late in the deal");
}

#[test]
fn a_blind_card_is_played_unseen_and_undo_cannot_unsee_it() {
    let mut options = DevilsBridgeOptions::for_players(3);
    options.blind_one_card_hands = tenace_rules::devils_bridge::BlindHands::All;
    options.max_hand = Some(2);
    let game = PlayMatch::Devils(DevilsMatch::new(options, 9).expect("match"));
    let mut app = App::new(game, Player(0), Level::Random, BotOptions::samples(1), 9).expect("app");
    app.set_review_solves(false);
    assert!(
        app.view().is_some_and(|v| v.blind),
        "the first hand is blind"
    );
    let mut played_blind = false;
    for _ in 0..200 {
        if app.paused_deal().is_some() {
            break;
        }
        if app.human_must_act() {
            let actions = app.human_actions();
            if actions.contains(&tenace_rules::Action::PlayBlind) {
                // Nothing names the card: the one way to play it is unseen.
                assert!(
                    actions
                        .iter()
                        .all(|a| !matches!(a, tenace_rules::Action::Card(_))),
                    "{actions:?}"
                );
                assert_eq!(
                    app.glyphs().action(tenace_rules::Action::PlayBlind),
                    "play your unseen card"
                );
                played_blind = true;
            }
        }
        step(&mut app);
    }
    assert!(played_blind, "the human played their blind card");
    assert_eq!(app.paused_deal(), Some(0));
    // The card has been seen on the table: going back before it would unsee it.
    let record = app.game().history().to_vec();
    app.handle(Intent::Undo);
    assert!(
        app.error().is_some_and(|e| e.contains("blind hand")),
        "{:?}",
        app.error()
    );
    assert_eq!(app.game().history(), record.as_slice());
}

#[test]
fn an_opponents_discard_is_announced_face_down() {
    // Seed 11: the computer player's discards were once named in the status line.
    let game =
        PlayMatch::Bridgette(BridgetteMatch::new(BridgetteOptions::default(), 11).expect("match"));
    let mut app = App::new(game, Player(0), Level::Basic, BotOptions::samples(1), 11).expect("app");
    let mut announced = 0;
    for _ in 0..100 {
        let exchanging = app
            .view()
            .is_some_and(|v| v.phase == tenace_rules::Phase::Exchange);
        if !exchanging {
            break;
        }
        if app.human_must_act() {
            app.handle(Intent::Submit);
        } else {
            assert!(app.step_opponents());
            assert_eq!(app.notice(), Some("P1 discarded a card face down"));
            announced += 1;
        }
    }
    assert!(announced >= 2, "the opponent discards at least two cards");
}
