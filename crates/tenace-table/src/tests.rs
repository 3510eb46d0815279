//! The table's behaviour through its public surface: seats, the start, actions, bots'
//! turns, replay, views, undo, take-over and chat.

use serde_json::{Value, json};
use tenace_cards::Player;

use crate::{Actor, Command, Event, MatchKind, Settings, Table, TableError, TableSetup, Viewer};

fn player(id: i64) -> Actor {
    Actor::Player {
        id,
        name: format!("P{id}"),
    }
}

fn table(game: &str, kind: Option<MatchKind>, options: Option<Value>) -> Table {
    let setup = TableSetup::new(game, kind, options, 11, Settings::default()).expect("setup");
    Table::new(setup, 1).expect("table")
}

/// Checks and applies a command, returning its event; the log the test keeps gets it.
fn run(
    table: &mut Table,
    log: &mut Vec<Event>,
    actor: &Actor,
    command: Command,
) -> Result<(), TableError> {
    let event = table.check(actor, &command)?;
    table.apply(&event)?;
    log.push(event);
    Ok(())
}

fn sit(seat: &str) -> Command {
    Command::Sit { seat: seat.into() }
}

fn bot(seat: &str, level: &str) -> Command {
    Command::Bot {
        seat: seat.into(),
        level: Some(level.into()),
    }
}

fn act(action: &str) -> Command {
    Command::Act {
        action: action.into(),
    }
}

/// Lets the computer players act until one of the people must.
fn bots_play(table: &mut Table, log: &mut Vec<Event>) -> usize {
    let mut moves = 0;
    while let Some(turn) = table.bot_turn() {
        let (action, reason) = turn.decide();
        let actor = Actor::Bot {
            seat: turn.seat.0,
            reason,
        };
        run(table, log, &actor, act(&action.to_string())).expect("a bot's action is legal");
        moves += 1;
    }
    moves
}

#[test]
fn seats_are_taken_moved_and_left_before_the_start() {
    let mut t = table("bridge", None, None);
    let mut log = Vec::new();
    run(&mut t, &mut log, &player(1), sit("S")).expect("free");
    let taken = run(&mut t, &mut log, &player(2), sit("s")).expect_err("taken");
    assert_eq!(taken.field, "seat");
    assert_eq!(
        run(&mut t, &mut log, &player(2), sit("Q"))
            .expect_err("no such seat")
            .field,
        "seat"
    );
    run(&mut t, &mut log, &player(1), sit("N")).expect("a move");
    assert_eq!(t.seat_of(1), Some(Player(0)));
    assert_eq!(t.free_seats().len(), 3);
    run(&mut t, &mut log, &player(2), sit("E")).expect("free");
    let not_host = run(&mut t, &mut log, &player(2), bot("W", "basic")).expect_err("host only");
    assert_eq!(not_host.field, "host");
    run(
        &mut t,
        &mut log,
        &player(1),
        Command::Remove { seat: "E".into() },
    )
    .expect("host removes");
    assert_eq!(t.seat_of(2), None);
    run(&mut t, &mut log, &player(1), Command::Leave).expect("leaves");
    assert_eq!(t.free_seats().len(), 4);
    let early = run(&mut t, &mut log, &player(1), act("1NT")).expect_err("not seated");
    assert_eq!(early.field, "seat");
    for seat in ["N", "E", "S", "W"] {
        run(&mut t, &mut log, &player(1), bot(seat, "random")).expect("a bot");
    }
    assert!(t.is_started());
    let late = run(&mut t, &mut log, &player(3), sit("N")).expect_err("started");
    assert_eq!(late.field, "status");
    assert_eq!(t.version(), log.len() as u64);
}

fn swap(seat: &str) -> Command {
    Command::Swap { seat: seat.into() }
}

#[test]
fn seats_are_swapped_with_a_computer_at_once_and_with_a_person_by_consent() {
    let mut t = table("bridge", None, None);
    let mut log = Vec::new();
    run(&mut t, &mut log, &player(1), sit("S")).expect("free");
    run(&mut t, &mut log, &player(2), sit("E")).expect("free");
    run(&mut t, &mut log, &player(1), bot("N", "basic")).expect("a bot");

    // With a computer player: at once, the computer takes the asker's seat.
    run(&mut t, &mut log, &player(1), swap("N")).expect("swap with a bot");
    assert_eq!(t.seat_of(1), Some(Player(0)));
    assert!(matches!(t.seats()[2], crate::Occupant::Bot(_)));

    // Refusals name the seat and change nothing.
    let before = t.version();
    for (who, seat, why) in [
        (1, "N", "already sit"),
        (1, "W", "free"),
        (3, "E", "not seated"),
    ] {
        let e = run(&mut t, &mut log, &player(who), swap(seat)).expect_err(why);
        assert_eq!(e.field, "seat");
        assert!(e.message.contains(why), "{}", e.message);
    }
    assert_eq!(t.version(), before);

    // With a person: asked, then granted by asking back.
    run(&mut t, &mut log, &player(1), swap("E")).expect("asks");
    assert_eq!(t.swaps_asked(), &[(0, 1)]);
    assert_eq!(t.seat_of(1), Some(Player(0)));
    let twice = run(&mut t, &mut log, &player(1), swap("E")).expect_err("asked already");
    assert!(twice.message.contains("already asked"), "{}", twice.message);
    run(&mut t, &mut log, &player(2), swap("N")).expect("agrees");
    assert_eq!(
        (t.seat_of(1), t.seat_of(2)),
        (Some(Player(1)), Some(Player(0)))
    );
    assert!(t.swaps_asked().is_empty());

    // A request is forgotten when its asker moves away.
    run(&mut t, &mut log, &player(1), swap("N")).expect("asks");
    run(&mut t, &mut log, &player(1), sit("W")).expect("moves");
    assert!(t.swaps_asked().is_empty());

    // Replay rebuilds the same seats.
    let again = Table::replay(t.setup().clone(), 1, log.iter()).expect("replays");
    assert_eq!(again.seats(), t.seats());
    assert_eq!(again.swaps_asked(), t.swaps_asked());

    // No swap once the game has begun.
    run(&mut t, &mut log, &player(1), bot("E", "basic")).expect("a bot");
    assert!(t.is_started());
    let late = run(&mut t, &mut log, &player(1), swap("N")).expect_err("started");
    assert_eq!(late.field, "status");
}

#[test]
fn a_refused_command_changes_nothing() {
    let mut t = table("bridge", None, None);
    let mut log = Vec::new();
    run(&mut t, &mut log, &player(1), sit("S")).expect("free");
    for seat in ["N", "E", "W"] {
        run(&mut t, &mut log, &player(1), bot(seat, "basic")).expect("a bot");
    }
    bots_play(&mut t, &mut log);
    let before = t.view_for(Viewer::Player(1), &|_| true);
    let legal = t.legal_for(Viewer::Player(1));
    assert!(!legal.is_empty(), "south is to act");
    for (command, field) in [
        (act("8NT"), "action"),
        (act("banana"), "action"),
        (Command::UndoAnswer { accept: true }, "undo"),
        (Command::Chat { text: " ".into() }, "text"),
        (
            Command::Chat {
                text: "x".repeat(301),
            },
            "text",
        ),
    ] {
        let error = run(&mut t, &mut log, &player(1), command).expect_err("refused");
        assert_eq!(error.field, field, "{error}");
    }
    let out_of_turn = run(&mut t, &mut log, &player(9), act(&legal[0])).expect_err("a spectator");
    assert_eq!(out_of_turn.field, "seat");
    assert_eq!(t.view_for(Viewer::Player(1), &|_| true), before);
}

/// Every game, whole matches of computer players; replaying the log rebuilds the same
/// table at every step.
#[test]
fn replaying_the_log_equals_the_live_table_in_every_game() {
    for (game, kind, options, seats) in [
        ("bridge", None, None, vec!["N", "E", "S", "W"]),
        (
            "deuces-wild",
            Some(MatchKind::Chicago),
            None,
            vec!["N", "E", "S", "W"],
        ),
        ("five-crowns", None, None, vec!["N", "E", "S", "W"]),
        (
            "devils-bridge",
            None,
            Some(json!({"players": 5, "target_score": null})),
            vec!["0", "1", "2", "3", "4"],
        ),
        ("bridgette", None, None, vec!["0", "1"]),
    ] {
        let mut t = table(game, kind, options);
        let mut log = Vec::new();
        for seat in &seats {
            run(&mut t, &mut log, &player(1), bot(seat, "random")).expect("a bot");
        }
        let moves = bots_play(&mut t, &mut log);
        assert!(moves > 0, "{game}");
        assert!(t.is_finished(), "{game}: bots play a whole match");
        assert_eq!(t.status(), "finished");
        let replayed = Table::replay(t.setup().clone(), t.host(), &log).expect("replays");
        assert_eq!(replayed.game().history(), t.game().history(), "{game}");
        assert_eq!(
            replayed.view_for(Viewer::Anonymous, &|_| false),
            t.view_for(Viewer::Anonymous, &|_| false),
            "{game}"
        );
        // Stored as JSON and read back, the log replays the same.
        let stored: Vec<Event> = log
            .iter()
            .map(|e| serde_json::from_value(serde_json::to_value(e).expect("json")).expect("back"))
            .collect();
        let again = Table::replay(t.setup().clone(), t.host(), &stored).expect("replays");
        assert_eq!(again.game().history(), t.game().history());
    }
}

#[test]
fn views_show_a_seated_player_only_their_observation() {
    let mut t = table("bridge", None, None);
    let mut log = Vec::new();
    run(&mut t, &mut log, &player(1), sit("S")).expect("free");
    for seat in ["N", "E", "W"] {
        run(&mut t, &mut log, &player(1), bot(seat, "basic")).expect("a bot");
    }
    let mine = t.view_for(Viewer::Player(1), &|_| true);
    let hands = mine["deal"]["hands"].as_object().expect("hands");
    assert_eq!(hands.keys().collect::<Vec<_>>(), vec!["S"]);
    assert_eq!(mine["viewer"]["seat"], "S");
    let spectator = t.view_for(Viewer::Player(2), &|_| true);
    assert!(
        spectator["deal"]["hands"]
            .as_object()
            .expect("hands")
            .is_empty()
    );
    assert!(spectator["legal"].as_array().expect("legal").is_empty());
    assert_eq!(spectator["viewer"]["seat"], Value::Null);
    // No bot reason or chat names a card the viewer has not seen.
    let text = serde_json::to_string(&spectator).expect("json");
    assert!(
        !text.contains("\"seed\""),
        "the seed never leaves the table"
    );

    let open = Settings {
        spectators_see_all: true,
        ..Settings::default()
    };
    let setup = TableSetup::new("bridge", None, None, 11, open).expect("setup");
    let open_table = Table::replay(setup, 1, &log).expect("replays");
    let all = open_table.view_for(Viewer::Player(2), &|_| true);
    assert_eq!(all["deal"]["hands"].as_object().map(|h| h.len()), Some(4));
    let seated = open_table.view_for(Viewer::Player(1), &|_| true);
    assert_eq!(
        seated["deal"]["hands"].as_object().map(|h| h.len()),
        Some(1),
        "never the spectators' view"
    );
}

#[test]
fn the_blind_hand_offers_only_blind() {
    let options = json!({"players": 3, "target_score": null});
    let mut t = table("devils-bridge", None, Some(options));
    let mut log = Vec::new();
    run(&mut t, &mut log, &player(1), sit("0")).expect("free");
    run(&mut t, &mut log, &player(1), bot("1", "random")).expect("bot");
    run(&mut t, &mut log, &player(1), bot("2", "random")).expect("bot");
    let mut saw_blind = false;
    while !t.is_finished() {
        bots_play(&mut t, &mut log);
        if t.is_finished() {
            break;
        }
        let view = t.view_for(Viewer::Player(1), &|_| true);
        let legal: Vec<String> = t.legal_for(Viewer::Player(1));
        if view["deal"]["blind"] == true && view["deal"]["phase"] == "play" {
            assert_eq!(legal, vec!["blind".to_string()]);
            let own = view["deal"]["hands"].get("0");
            assert!(
                own.is_none(),
                "the holder never sees their blind card: {own:?}"
            );
            saw_blind = true;
        }
        let choice = legal
            .iter()
            .find(|a| !a.starts_with("change"))
            .cloned()
            .expect("an action");
        run(&mut t, &mut log, &player(1), act(&choice)).expect("legal");
    }
    assert!(saw_blind, "a Devil's Bridge game has a blind hand");
}

#[test]
fn undo_takes_back_the_last_own_action_with_consent() {
    // Against computer players at a casual table, the undo is immediate.
    let mut t = table("bridge", None, None);
    let mut log = Vec::new();
    run(&mut t, &mut log, &player(1), sit("S")).expect("free");
    for seat in ["N", "E", "W"] {
        run(&mut t, &mut log, &player(1), bot(seat, "basic")).expect("a bot");
    }
    bots_play(&mut t, &mut log);
    let before = t.game().history().len();
    // A bid, not a pass: three passing computer players would end the deal.
    let first = t
        .legal_for(Viewer::Player(1))
        .into_iter()
        .find(|a| a != "P")
        .expect("a bid");
    run(&mut t, &mut log, &player(1), act(&first)).expect("legal");
    bots_play(&mut t, &mut log);
    assert!(t.game().history().len() > before);
    run(&mut t, &mut log, &player(1), Command::Undo).expect("an undo");
    assert_eq!(t.game().history().len(), before);
    assert!(t.pending_undo().is_none());
    let replayed = Table::replay(t.setup().clone(), 1, &log).expect("replays");
    assert_eq!(replayed.game().history(), t.game().history());

    // A person opposite must consent, and play waits meanwhile.
    let mut t = table("bridgette", None, None);
    let mut log = Vec::new();
    run(&mut t, &mut log, &player(1), sit("0")).expect("free");
    run(&mut t, &mut log, &player(2), sit("1")).expect("free");
    let nobody = run(&mut t, &mut log, &player(1), Command::Undo);
    let mut acted = nobody.is_ok();
    while !acted {
        let (who, legal) = [1, 2]
            .into_iter()
            .map(|p| (p, t.legal_for(Viewer::Player(p))))
            .find(|(_, l)| !l.is_empty())
            .expect("someone acts");
        run(&mut t, &mut log, &player(who), act(&legal[0])).expect("legal");
        if who == 1 {
            acted = true;
        }
    }
    let length = t.game().history().len();
    run(&mut t, &mut log, &player(1), Command::Undo).expect("an undo request");
    assert!(t.pending_undo().is_some());
    assert!(
        t.legal_for(Viewer::Player(2)).is_empty(),
        "play waits for the answer"
    );
    assert!(t.owes_answer(Player(1)), "the opponent owes an answer");
    assert!(!t.owes_answer(Player(0)), "who asked owes none");
    let own = run(
        &mut t,
        &mut log,
        &player(1),
        Command::UndoAnswer { accept: true },
    );
    assert_eq!(own.expect_err("not an opponent").field, "undo");
    run(
        &mut t,
        &mut log,
        &player(2),
        Command::UndoAnswer { accept: true },
    )
    .expect("consent");
    assert!(t.pending_undo().is_none());
    assert!(t.game().history().len() < length);

    // Asked again and withdrawn by who asked: nothing is taken back.
    let legal = t.legal_for(Viewer::Player(1));
    run(&mut t, &mut log, &player(1), act(&legal[0])).expect("player 1 is to act again");
    let length = t.game().history().len();
    run(&mut t, &mut log, &player(1), Command::Undo).expect("an undo request");
    let withdrawn = Command::UndoAnswer { accept: false };
    run(&mut t, &mut log, &player(1), withdrawn).expect("withdrawn");
    assert!(t.pending_undo().is_none());
    assert_eq!(t.game().history().len(), length);
    let replayed = Table::replay(t.setup().clone(), 1, &log).expect("replays");
    assert_eq!(replayed.game().history(), t.game().history());

    // At a table that is not casual, computer players do not consent.
    let strict = Settings {
        casual: false,
        ..Settings::default()
    };
    let setup = TableSetup::new("bridgette", None, None, 11, strict).expect("setup");
    let mut t = Table::new(setup, 1).expect("table");
    let mut log = Vec::new();
    run(&mut t, &mut log, &player(1), sit("0")).expect("free");
    run(&mut t, &mut log, &player(1), bot("1", "random")).expect("bot");
    bots_play(&mut t, &mut log);
    let legal = t.legal_for(Viewer::Player(1));
    run(&mut t, &mut log, &player(1), act(&legal[0])).expect("legal");
    let refused = run(&mut t, &mut log, &player(1), Command::Undo).expect_err("not casual");
    assert_eq!(refused.field, "undo");
}

#[test]
fn a_computer_player_stands_in_for_an_away_player() {
    let mut t = table("bridge", None, None);
    let mut log = Vec::new();
    run(&mut t, &mut log, &player(1), sit("S")).expect("free");
    for seat in ["N", "E", "W"] {
        run(&mut t, &mut log, &player(1), bot(seat, "random")).expect("a bot");
    }
    bots_play(&mut t, &mut log);
    assert!(t.bot_turn().is_none(), "south is a person, to act");
    assert!(
        !t.set_taken_over(Player(0), true),
        "north is a bot, not taken over"
    );
    assert!(t.set_taken_over(Player(2), true));
    let view = t.view_for(Viewer::Player(1), &|_| false);
    assert_eq!(view["seats"][2]["presence"], "taken_over");
    assert!(view["legal"].as_array().expect("legal").is_empty());
    assert_eq!(t.bot_turn().map(|turn| turn.seat), Some(Player(2)));
    bots_play(&mut t, &mut log);
    assert!(t.is_finished(), "the stand-in plays the deal out");
    assert!(t.set_taken_over(Player(2), false), "the seat is given back");
    assert_eq!(
        t.view_for(Viewer::Player(1), &|_| true)["seats"][2]["presence"],
        "connected"
    );
}

#[test]
fn a_compared_board_is_played_again_out_of_sight() {
    let options = json!({"boards": 1, "comparison": "imps"});
    let mut t = table("bridge", Some(MatchKind::Duplicate), Some(options));
    let mut log = Vec::new();
    run(&mut t, &mut log, &player(1), sit("S")).expect("free");
    for seat in ["N", "E", "W"] {
        run(&mut t, &mut log, &player(1), bot(seat, "random")).expect("a bot");
    }
    let mut hidden_checked = false;
    while !t.is_finished() {
        bots_play(&mut t, &mut log);
        if t.is_finished() {
            break;
        }
        if t.game().is_second_table() {
            let view = t.view_for(Viewer::Player(1), &|_| true);
            assert_eq!(view["deal"], Value::Null);
            hidden_checked = true;
        }
        let legal = t.legal_for(Viewer::Player(1));
        run(&mut t, &mut log, &player(1), act(&legal[legal.len() - 1])).expect("legal");
    }
    assert!(
        !hidden_checked,
        "the second table is played by bots without waiting for anyone"
    );
    let sheet = t.view_for(Viewer::Player(1), &|_| true)["sheet"].clone();
    let results = sheet["boards"][0]["results"].as_array().map(Vec::len);
    assert_eq!(results, Some(2), "both tables' results: {sheet}");
}

#[test]
fn chat_is_kept_and_capped() {
    let mut t = table("bridge", None, None);
    let mut log = Vec::new();
    for i in 0..60 {
        run(
            &mut t,
            &mut log,
            &player(5),
            Command::Chat {
                text: format!("hello {i}"),
            },
        )
        .expect("chat");
    }
    let view = t.view_for(Viewer::Player(5), &|_| true);
    let chat = view["chat"].as_array().expect("chat");
    assert_eq!(chat.len(), crate::CHAT_KEPT);
    assert_eq!(chat[chat.len() - 1]["text"], "hello 59");
    assert_eq!(chat[0]["seat"], Value::Null);
}

/// A Contract Bridge table with a person in South and computer players elsewhere, its
/// deal in play (the first seed whose auction is not passed out), with its log.
fn bridge_in_play() -> (Table, Vec<Event>) {
    for seed in 1..50 {
        let setup =
            TableSetup::new("bridge", None, None, seed, Settings::default()).expect("setup");
        let mut t = Table::new(setup, 1).expect("table");
        let mut log = Vec::new();
        run(&mut t, &mut log, &player(1), sit("S")).expect("free");
        for seat in ["N", "E", "W"] {
            run(&mut t, &mut log, &player(1), bot(seat, "basic")).expect("a bot");
        }
        while !t.game().is_over()
            && t.game()
                .full_view()
                .is_some_and(|v| v.phase != tenace_rules::Phase::Play)
        {
            bots_play(&mut t, &mut log);
            if let Some(first) = t.legal_for(Viewer::Player(1)).first().cloned() {
                run(&mut t, &mut log, &player(1), act(&first)).expect("legal");
            }
        }
        if !t.game().is_over() {
            return (t, log);
        }
    }
    panic!("no seed reached the play");
}

/// The tricks South's side takes from here with best play, by the solver itself.
fn south_side_double_dummy(t: &Table) -> (u8, u8) {
    let deal = t.game().current_deal().expect("a deal");
    let position = tenace_bots::expert::play_position(&deal).expect("in play");
    let taken = tenace_solver::Solver::new()
        .tricks(&position)
        .expect("solved");
    let left = position.tricks_left() as u8;
    let south = Player(2);
    let same = position.side_of(position.to_play()) & position.side_of(south) != 0;
    (if same { taken } else { left - taken }, left)
}

#[test]
fn computer_opponents_answer_a_claim_by_the_double_dummy_result() {
    let (mut t, mut log) = bridge_in_play();
    let (truth, left) = south_side_double_dummy(&t);
    // More than the truth: both computer opponents reject, and play goes on.
    if truth < left {
        let claim = Command::Claim { tricks: truth + 1 };
        run(&mut t, &mut log, &player(1), claim).expect("a claim");
        match log.last() {
            Some(Event::Claim { bot_answers, .. }) => {
                assert_eq!(bot_answers.len(), 2, "E and W answer, N is South's partner");
                assert!(bot_answers.values().all(|a| !a), "{bot_answers:?}");
            }
            other => panic!("a claim event, not {other:?}"),
        }
        assert!(t.pending_claim().is_none());
        assert_eq!(t.game().finished_count(), 0);
    }
    // More than remain: refused, blaming the tricks.
    let err = run(
        &mut t,
        &mut log,
        &player(1),
        Command::Claim { tricks: left + 1 },
    )
    .expect_err("too many");
    assert_eq!(err.field, "tricks");
    // The truth: accepted, and the deal ends with South's side credited.
    let won_before = t.game().full_view().expect("a view").tricks_won;
    run(
        &mut t,
        &mut log,
        &player(1),
        Command::Claim { tricks: truth },
    )
    .expect("a claim");
    assert!(t.pending_claim().is_none());
    assert_eq!(t.game().finished_count(), 1);
    let record = t.game().finished_full_view(0).expect("the record");
    let south_side = |won: &[u8]| won[0] + won[2];
    assert_eq!(
        south_side(&record.tricks_won),
        south_side(&won_before) + truth
    );
    assert_eq!(
        t.game().history().last().map(|m| m.action),
        Some(tenace_rules::Action::Claim(truth))
    );
    // Replay takes the stored answers and never solves again: the same table.
    let replayed = Table::replay(t.setup().clone(), 1, &log).expect("replays");
    assert_eq!(replayed.game().history(), t.game().history());
}

#[test]
fn a_claim_between_people_waits_for_the_answer_and_play_waits_with_it() {
    let mut t = table("bridgette", None, None);
    let mut log = Vec::new();
    run(&mut t, &mut log, &player(1), sit("0")).expect("free");
    run(&mut t, &mut log, &player(2), sit("1")).expect("free");
    let early = run(&mut t, &mut log, &player(1), Command::Claim { tricks: 1 });
    assert_eq!(early.expect_err("not in the play").field, "claim");
    while t
        .game()
        .full_view()
        .is_some_and(|v| v.phase != tenace_rules::Phase::Play)
    {
        let (who, legal) = [1, 2]
            .into_iter()
            .map(|p| (p, t.legal_for(Viewer::Player(p))))
            .find(|(_, l)| !l.is_empty())
            .expect("someone acts");
        // A bid where there is one, so the hand is not thrown in.
        let pick = legal
            .iter()
            .find(|a| a.ends_with("NT") || a.len() == 2 && a.as_bytes()[0].is_ascii_digit())
            .unwrap_or(&legal[0])
            .clone();
        run(&mut t, &mut log, &player(who), act(&pick)).expect("legal");
    }
    assert_eq!(t.game().finished_count(), 0, "the deal is in play");
    run(&mut t, &mut log, &player(1), Command::Claim { tricks: 5 }).expect("a claim");
    let view = t.view_for(Viewer::Player(2), &|_| true);
    assert_eq!(
        view["claim"],
        json!({"by": "0", "tricks": 5, "answers": {}})
    );
    assert!(
        view["legal"].as_array().is_some_and(|l| l.is_empty()),
        "play waits"
    );
    let second = run(&mut t, &mut log, &player(2), Command::Claim { tricks: 1 });
    assert_eq!(second.expect_err("one claim at a time").field, "claim");
    let own = run(
        &mut t,
        &mut log,
        &player(1),
        Command::ClaimAnswer { accept: true },
    );
    assert_eq!(own.expect_err("not an opponent").field, "claim");
    assert!(t.owes_answer(Player(1)), "the opponent owes an answer");
    assert!(!t.owes_answer(Player(0)), "the claimer owes none");
    // Rejected: the claim goes, play goes on.
    run(
        &mut t,
        &mut log,
        &player(2),
        Command::ClaimAnswer { accept: false },
    )
    .expect("an answer");
    assert!(t.pending_claim().is_none());
    assert!(!t.owes_answer(Player(1)), "answered: nothing is owed");
    assert_eq!(t.game().finished_count(), 0);
    let none = run(
        &mut t,
        &mut log,
        &player(2),
        Command::ClaimAnswer { accept: true },
    );
    assert_eq!(none.expect_err("no claim").field, "claim");
    // Accepted: the deal ends with the claimer credited.
    let before = t.game().full_view().expect("a view").tricks_won;
    run(&mut t, &mut log, &player(1), Command::Claim { tricks: 5 }).expect("a claim");
    run(
        &mut t,
        &mut log,
        &player(2),
        Command::ClaimAnswer { accept: true },
    )
    .expect("an answer");
    assert_eq!(t.game().finished_count(), 1);
    let record = t.game().finished_full_view(0).expect("the record");
    assert_eq!(record.tricks_won[0], before[0] + 5);
    assert_eq!(record.tricks_won.iter().sum::<u8>(), 13);
    let replayed = Table::replay(t.setup().clone(), 1, &log).expect("replays");
    assert_eq!(replayed.game().history(), t.game().history());
    assert_eq!(replayed.version(), t.version());
}

#[test]
fn a_finished_deal_shows_the_hands_as_dealt() {
    use std::collections::BTreeSet;
    for (game, seats) in [
        ("bridge", vec!["N", "E", "S", "W"]),
        ("five-crowns", vec!["N", "E", "S", "W"]),
        ("devils-bridge", vec!["0", "1", "2", "3"]),
        ("bridgette", vec!["0", "1"]),
    ] {
        let mut t = table(game, None, None);
        let mut log = Vec::new();
        for seat in &seats {
            run(&mut t, &mut log, &player(1), bot(seat, "random")).expect("a bot");
        }
        bots_play(&mut t, &mut log);
        let view = t.view_for(Viewer::Anonymous, &|_| false);
        let last = &view["last_deal"];
        let dealt = last["dealt"].as_object().expect("the hands as dealt");
        assert_eq!(dealt.len(), seats.len(), "{game}");
        let mut all = BTreeSet::new();
        let size = dealt[seats[0]].as_array().expect("cards").len();
        for seat in &seats {
            let hand = dealt[*seat].as_array().expect("cards");
            assert!(
                !hand.is_empty() && hand.len() == size,
                "{game}: {seat} {hand:?}"
            );
            for card in hand {
                assert!(
                    all.insert(card.as_str().expect("a card")),
                    "{game}: {card} twice"
                );
            }
        }
        if game != "devils-bridge" {
            // Every card is played in a partnership deal, and in Bridgette (whose hands
            // are given as the play began): the plays are the hands dealt, and no
            // Bridgette discard is among them (RULES.md §4.2: never revealed).
            let played: BTreeSet<&str> = last["record"]["history"]
                .as_array()
                .expect("a record")
                .iter()
                .filter_map(|m| m["action"].as_str())
                .filter(|a| a.parse::<tenace_cards::Card>().is_ok())
                .collect();
            assert_eq!(played, all, "{game}");
            let exchange = &last["record"]["exchange"];
            assert!(exchange["stock"].is_null(), "{game}: {exchange}");
            assert!(
                exchange["discards"]
                    .as_object()
                    .is_none_or(|d| d.values().all(Value::is_null)),
                "{game}: {exchange}"
            );
        }
    }
}

/// A four-player Devil's Bridge table has no North: its refusals name numbered players
/// and seats, as the game does, never compass seats.
#[test]
fn a_numbered_table_names_players_and_seats_by_number() {
    let mut t = table("devils-bridge", None, Some(json!({"players": 4})));
    let mut log = Vec::new();
    for (id, seat) in (1..).zip(["0", "1", "2", "3"]) {
        if seat == "3" {
            let taken = run(&mut t, &mut log, &player(id), sit("2")).expect_err("taken");
            assert_eq!(taken.message, "seat 2 is taken", "{taken}");
        }
        run(&mut t, &mut log, &player(id), sit(seat)).expect("a free seat");
    }
    let acting = t.game().to_act();
    let waiting = (0..4u8)
        .map(Player)
        .find(|p| !acting.contains(*p))
        .expect("someone waits");
    let id = i64::from(waiting.0) + 1;
    let refused = run(&mut t, &mut log, &player(id), act("0")).expect_err("not their turn");
    assert_eq!(refused.field, "turn");
    assert!(
        refused.message.starts_with(&format!(
            "player {} may not act now: it is player ",
            waiting.0
        )),
        "{refused}"
    );
    for seat in ["N", "E", "S", "W"] {
        assert!(!refused.message.contains(&format!("{seat}'s")), "{refused}");
    }
}
