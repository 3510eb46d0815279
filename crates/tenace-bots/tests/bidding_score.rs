//! Bidding to the score in rubber bridge: the same hands and auctions, at love and with a
//! part-score, get different calls, and the reason names the score.

mod bidding_support;

use bidding_support::{Table, call_at};
use tenace_bots::{Level, new_bot};
use tenace_cards::Seat;
use tenace_rules::bridge::{BridgeMatch, BridgeOptions};
use tenace_rules::{Game, Match, Vulnerability};

/// The call of `caller`, holding `mine`, after `calls` (`dealer` first), at rubber with
/// each side's part-score (N-S, E-W) and the vulnerability.
fn call_at_score(
    dealer: Seat,
    calls: &[&str],
    caller: Seat,
    mine: &str,
    part_scores: [u32; 2],
    vulnerability: Vulnerability,
) -> (String, String) {
    let table = Table {
        dealer,
        vulnerability,
        part_scores,
        options: serde_json::from_str(r#"{"scoring":"rubber"}"#).unwrap(),
        ..Table::default()
    };
    call_at(&table, calls, caller, mine)
}

#[test]
fn opener_passes_the_raise_that_completes_the_game() {
    // 16 HCP and five hearts: at love a try for game after the single raise; with 60
    // below the line, 2H is game.
    let north = "SA S4 HA HK HQ H8 H7 DK D9 D4 C9 C8 C2";
    let calls = ["1H", "P", "2H", "P"];
    let (love, why) = call_at_score(
        Seat::North,
        &calls,
        Seat::North,
        north,
        [0, 0],
        Vulnerability::None,
    );
    assert_ne!(love, "P", "{why}");
    let (call, why) = call_at_score(
        Seat::North,
        &calls,
        Seat::North,
        north,
        [60, 0],
        Vulnerability::None,
    );
    assert_eq!(call, "P");
    assert!(why.contains("60 part-score"), "{why}");
    // The opponents' part-score does not bring our game nearer.
    let (theirs, _) = call_at_score(
        Seat::North,
        &calls,
        Seat::North,
        north,
        [0, 60],
        Vulnerability::None,
    );
    assert_eq!(theirs, love);
}

#[test]
fn responder_passes_one_no_trump_with_sixty_below_the_line() {
    let south = "SK S7 S4 HQ H9 H4 DA D9 D5 D3 CQ C8 C2";
    let (love, _) = call_at_score(
        Seat::North,
        &["1NT", "P"],
        Seat::South,
        south,
        [0, 0],
        Vulnerability::None,
    );
    assert_eq!(love, "3NT");
    let (call, why) = call_at_score(
        Seat::North,
        &["1NT", "P"],
        Seat::South,
        south,
        [60, 0],
        Vulnerability::None,
    );
    assert_eq!(call, "P");
    assert!(
        why.contains("completes our game") && why.contains("60"),
        "{why}"
    );
}

#[test]
fn a_part_score_that_gives_them_game_is_doubled() {
    // East opens 1S and West raises; North holds four spades with the king-queen.
    let north = "SK SQ S9 S4 HA H9 H4 DK D9 D5 CQ C8 C2";
    let calls = ["1S", "P", "2S"];
    let (love, _) = call_at_score(
        Seat::East,
        &calls,
        Seat::North,
        north,
        [0, 0],
        Vulnerability::None,
    );
    assert_ne!(love, "X");
    let (call, why) = call_at_score(
        Seat::East,
        &calls,
        Seat::North,
        north,
        [0, 40],
        Vulnerability::None,
    );
    assert_eq!(call, "X");
    assert!(why.contains("40 part-score"), "{why}");
    // Vulnerable opponents are doubled on three trumps and less.
    let lighter = "SK S9 S4 HA H9 H4 H3 DK D9 D5 CJ C8 C2";
    let (nonvul, _) = call_at_score(
        Seat::East,
        &calls,
        Seat::North,
        lighter,
        [0, 40],
        Vulnerability::None,
    );
    assert_ne!(nonvul, "X");
    let (vul, why) = call_at_score(
        Seat::East,
        &calls,
        Seat::North,
        lighter,
        [0, 40],
        Vulnerability::EastWest,
    );
    assert_eq!(vul, "X", "{why}");
}

#[test]
fn a_rubber_match_shows_the_part_score_to_the_next_deal() {
    // The dealer declares 1NT; made, it leaves a part-score of 40, and the next deal's
    // players see it.
    let options: BridgeOptions = serde_json::from_str(r#"{"scoring":"rubber"}"#).unwrap();
    for seed in 0..40 {
        let mut m = BridgeMatch::new(options.clone(), seed).unwrap();
        let mut bot =
            new_bot(Level::Basic, &m.current().unwrap().full_view().config, seed).unwrap();
        let first = m.current().unwrap().setup().dealer;
        let mut calls = 0;
        while m.finished_deals().is_empty() {
            let p = m.to_act().iter().next().unwrap();
            let action = if calls < 4 {
                calls += 1;
                if calls == 1 { "1NT" } else { "P" }.parse().unwrap()
            } else {
                let view = m.current().unwrap().observation(p);
                bot.decide(&view, &m.legal_actions(p)).unwrap().action
            };
            m.try_apply(p, action).unwrap();
        }
        let tricks = m.finished_deals()[0]
            .result()
            .map(|r| r.tricks)
            .unwrap_or(0);
        if tricks < 7 {
            continue;
        }
        let side = first as usize % 2;
        let seen = m
            .current()
            .unwrap()
            .observation(tenace_cards::Player(0))
            .part_scores;
        // 1NT made: 40 below the line (overtricks go above it).
        assert_eq!(seen[side], 40, "seed {seed}");
        assert_eq!(seen[1 - side], 0);
        return;
    }
    panic!("no seed made a part-score in 1NT");
}
