//! LIN records as Contract Bridge boards: the real files of the shared test data replay
//! call by call and card by card and agree with what their own text says, a hand-written
//! board reads field by field, every board survives the trip to PBN and back, and no
//! damaged or hostile text makes the reader panic.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use tenace_cards::{Card, CardSet, Seat};
use tenace_formats::lin::{
    LinBoard, LinError, LinRoom, game_from_lin, parse_lin, parse_lin_boards, record_info,
};
use tenace_formats::pbn_board::board_from_game;
use tenace_formats::pbn_export::game_from_deal;
use tenace_formats::pbn_file::{PbnFile, format_pbn_file, parse_pbn_file};
use tenace_rules::{Action, Call, Contract, Doubling, Game, Phase, Vulnerability};

/// The shared LIN fixtures (their README tells where each comes from).
fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/lin")
}

fn fixture_text(name: &str) -> String {
    let bytes = std::fs::read(data_dir().join(name)).unwrap();
    String::from_utf8_lossy(&bytes).into_owned()
}

fn fixture(name: &str) -> Vec<LinBoard> {
    parse_lin(&fixture_text(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Every `.lin` fixture's name, sorted.
fn fixture_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(data_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".lin"))
        .collect();
    names.sort();
    names
}

/// The boards each fixture holds.
const EXPECTED_BOARDS: [(&str, usize); 3] = [
    ("endplay_example1.lin", 8),
    ("lin2pbn_test.lin", 1),
    ("vugraph_spingold_2016.lin", 30),
];

/// Declarer's tricks: the finished play's, else the claim's.
fn tricks(board: &LinBoard) -> Option<u8> {
    board
        .deal
        .result()
        .map(|r| r.tricks)
        .or(board.claimed_tricks)
}

fn seat(name: &str) -> Seat {
    name.parse().unwrap()
}

#[test]
fn every_fixture_reads_with_its_board_count() {
    let names = fixture_names();
    assert_eq!(
        names,
        EXPECTED_BOARDS.map(|(n, _)| n.to_string()),
        "a fixture was added or removed"
    );
    for (name, count) in EXPECTED_BOARDS {
        let boards = fixture(name);
        assert_eq!(boards.len(), count, "{name}");
        for (i, board) in boards.iter().enumerate() {
            // Every board of these files bids to a contract and then plays to the end or
            // to a claim.
            let (contract, declarer) = board
                .deal
                .contract()
                .unwrap_or_else(|| panic!("{name} board {}: no contract", i + 1));
            let tricks =
                tricks(board).unwrap_or_else(|| panic!("{name} board {}: no result", i + 1));
            println!(
                "{name} board {} ({:?}): {contract} by {declarer}, {tricks} tricks",
                i + 1,
                board.heading
            );
        }
    }
}

#[test]
fn the_bbo_hand_records_of_endplay() {
    let boards = fixture("endplay_example1.lin");
    let numbers: Vec<Option<u32>> = boards.iter().map(|b| b.board).collect();
    assert_eq!(numbers, (1..=8).map(Some).collect::<Vec<_>>());
    for board in &boards {
        // BBO writes the hand's owner as South: `pn` is South, West, North, East.
        assert_eq!(board.players[Seat::South].as_deref(), Some("domtp"));
        assert_eq!(board.room, None);
        // The board number's place in the cycle agrees with md's dealer and with sv.
        let n = board.board.unwrap();
        let setup = board.deal.setup();
        assert_eq!(
            setup.dealer,
            tenace_rules::scoring::board_dealer(n),
            "board {n}"
        );
        assert_eq!(
            setup.vulnerability,
            tenace_rules::scoring::board_vulnerability(n),
            "board {n}"
        );
    }
    let first = &boards[0];
    assert_eq!(first.players[Seat::West].as_deref(), Some("~~M25054gn"));
    assert_eq!(first.players[Seat::North].as_deref(), Some("~~M2509087"));
    assert_eq!(first.players[Seat::East].as_deref(), Some("~~M25116nn"));
    // North deals: pass, pass, 1H by South, 2H! (Michaels) by West, pass, 4S, 5H, and
    // three passes; every trick is played.
    let calls: Vec<String> = first
        .deal
        .auction()
        .calls()
        .iter()
        .map(Call::to_string)
        .collect();
    assert_eq!(
        calls,
        ["P", "P", "1H", "2H", "P", "4S", "5H", "P", "P", "P"]
    );
    assert_eq!(
        first.deal.contract(),
        Some(("5H".parse::<Contract>().unwrap(), Seat::South))
    );
    assert_eq!(first.deal.phase(), Phase::Finished);
    // BBO explains its robots' calls: every call but the passes here has a text, and the
    // alerted 2H has its own.
    let explained: Vec<usize> = first.alerts.iter().map(|(i, _)| *i).collect();
    assert_eq!(explained, [2, 3, 5, 6]);
    assert!(first.alerts[1].1.starts_with("Michaels -- 5+ !S"));
    // Board 3 ends in a claim of 9 after 11 tricks: 2H by South.
    let third = &boards[2];
    assert_eq!(
        third.deal.contract(),
        Some(("2H".parse::<Contract>().unwrap(), Seat::South))
    );
    assert_eq!(third.deal.play().unwrap().completed().len(), 11);
    assert_eq!(third.claimed_tricks, Some(9));
    assert_eq!(third.deal.phase(), Phase::Play);
}

#[test]
fn the_single_board_of_lin2pbn() {
    let boards = fixture("lin2pbn_test.lin");
    let board = &boards[0];
    assert_eq!(board.board, Some(1));
    assert_eq!(board.heading.as_deref(), Some("Board 1"));
    let names: Vec<&str> = [Seat::South, Seat::West, Seat::North, Seat::East]
        .iter()
        .map(|s| board.players[*s].as_deref().unwrap())
        .collect();
    assert_eq!(names, ["PearyCook", "zetanot", "krackistan", "silentfree"]);
    let setup = board.deal.setup();
    assert_eq!(setup.dealer, Seat::North);
    assert_eq!(setup.vulnerability, Vulnerability::None);
    // The md gives three hands; East's is completed from the rest.
    let east: CardSet = "SA ST S9 S6 S2 H2 DK DJ D8 D7 D5 CA CT".parse().unwrap();
    assert_eq!(setup.hands[Seat::East], east);
    // 1C 1S P 2S P 3D P 4S, all pass: 4S by East, all thirteen tricks played.
    assert_eq!(
        board.deal.contract(),
        Some(("4S".parse::<Contract>().unwrap(), Seat::East))
    );
    // Declarer loses only the twelfth trick, to South's club queen.
    assert_eq!(board.deal.result().unwrap().tricks, 12);
    assert_eq!(board.deal.play().unwrap().completed().len(), 13);
    assert_eq!(board.claimed_tricks, None);
    // The first card of the record is South's club five, the opening lead.
    let first_card = board.deal.history().iter().find_map(|m| match m.action {
        Action::Card(card) => Some(card),
        _ => None,
    });
    assert_eq!(first_card, Some("C5".parse::<Card>().unwrap()));
}

/// One entry of a vugraph file's `rs` line: `4HN+1`, `7CSx-3`, `3NE=`.
fn read_result(text: &str) -> (Contract, Seat, u8) {
    let chars: Vec<char> = text.chars().collect();
    let level = chars[0].to_digit(10).unwrap() as u8;
    let strain = if chars[1] == 'N' {
        "NT".to_string()
    } else {
        chars[1].to_string()
    };
    let declarer = seat(&chars[2].to_string());
    let rest: String = chars[3..].iter().collect();
    let doubling = if rest.starts_with("xx") {
        "XX"
    } else if rest.starts_with('x') {
        "X"
    } else {
        ""
    };
    let outcome = rest.trim_start_matches('x');
    let delta: i32 = if outcome == "=" {
        0
    } else {
        outcome.parse().unwrap()
    };
    let contract: Contract = format!("{level}{strain}{doubling}").parse().unwrap();
    let tricks = (6 + i32::from(level) + delta) as u8;
    (contract, declarer, tricks)
}

#[test]
fn the_vugraph_file_agrees_with_its_own_results_line() {
    let text = fixture_text("vugraph_spingold_2016.lin");
    let boards = parse_lin(&text).unwrap();
    // `rs` lists each board's result, open room then closed, in the file's order.
    let rs = text
        .split('|')
        .skip_while(|k| k.trim() != "rs")
        .nth(1)
        .unwrap();
    let results: Vec<&str> = rs.split(',').collect();
    assert_eq!(results.len(), boards.len());
    for (i, (board, expected)) in boards.iter().zip(&results).enumerate() {
        let number = 16 + (i / 2) as u32;
        let room = if i % 2 == 0 {
            LinRoom::Open
        } else {
            LinRoom::Closed
        };
        assert_eq!((board.board, board.room), (Some(number), Some(room)));
        let (contract, declarer, tricks_taken) = read_result(expected);
        assert_eq!(
            board.deal.contract(),
            Some((contract, declarer)),
            "board {i}: {expected}"
        );
        assert_eq!(tricks(board), Some(tricks_taken), "board {i}: {expected}");
        assert_eq!(board.event.as_deref(), Some("A 2016 Spingold QF"));
    }
    // Eight names: the open room's four, then the closed room's, South first.
    let open = &boards[0].players;
    let closed = &boards[1].players;
    assert_eq!(open[Seat::South].as_deref(), Some("Quantin"));
    assert_eq!(open[Seat::North].as_deref(), Some("Lorenzini"));
    assert_eq!(open[Seat::West].as_deref(), Some("Multon"));
    assert_eq!(open[Seat::East].as_deref(), Some("Martens"));
    assert_eq!(closed[Seat::South].as_deref(), Some("Helgemo"));
    assert_eq!(closed[Seat::North].as_deref(), Some("Helness"));
    assert_eq!(closed[Seat::West].as_deref(), Some("Volcker"));
    assert_eq!(closed[Seat::East].as_deref(), Some("Bessis"));
    // Board 22 open room: 7C doubled by South, three down after a claim.
    let grand = &boards[12];
    let (contract, _) = grand.deal.contract().unwrap();
    assert_eq!(contract.doubling, Doubling::Doubled);
    assert_eq!(grand.claimed_tricks, Some(10));
    // Alerts: 3C! and 3S! bare in board 18's open room; 3H! explained in 27's closed.
    assert_eq!(
        boards[4].alerts,
        [(2, String::new()), (6, String::new())],
        "{:?}",
        boards[4].deal.auction().calls()
    );
    assert_eq!(boards[23].alerts, [(2, "weak".to_string())]);
}

#[test]
fn a_hand_written_board_reads_field_by_field() {
    // East deals, East-West vulnerable; South's hand first, East's left out.
    let text = "vg|Club night,Session 1,P,1,2|\n\
        pn|Sue,Walt,Nora,Ed|st||md|4SAKQ2HK3DQJ5CKJ95,S95HQJ9872D4C8643,SJT76HA5DAK7CAQ72,|\
        rh||ah|Board 12|sv|e|\n\
        mb|p|mb|1C|mb|2H!|an|weak: 6 hearts, 5-10|mb|D!|an|negative|mb|P|mb|4n|mb|p|mb|5d|\
        mb|p|mb|7N|mb|p|mb|p|mb|p|pg||\n\
        pc|h8|pc|ha|pc|h4|pc|h3|pg||pc|SJ|pc|s3|pc|sA|pc|s5|pg||mc|13|pg||";
    let boards = parse_lin(text).unwrap();
    assert_eq!(boards.len(), 1);
    let board = &boards[0];
    assert_eq!(board.board, Some(12));
    assert_eq!(board.room, None);
    assert_eq!(board.heading.as_deref(), Some("Board 12"));
    assert_eq!(board.event.as_deref(), Some("Club night"));
    let players = |s: &str| board.players[seat(s)].clone();
    assert_eq!(players("S").as_deref(), Some("Sue"));
    assert_eq!(players("W").as_deref(), Some("Walt"));
    assert_eq!(players("N").as_deref(), Some("Nora"));
    assert_eq!(players("E").as_deref(), Some("Ed"));

    let setup = board.deal.setup();
    assert_eq!(setup.dealer, Seat::East);
    assert_eq!(setup.vulnerability, Vulnerability::EastWest);
    let hand = |s: &str| s.parse::<CardSet>().unwrap();
    assert_eq!(
        setup.hands[Seat::South],
        hand("SA SK SQ S2 HK H3 DQ DJ D5 CK CJ C9 C5")
    );
    assert_eq!(
        setup.hands[Seat::West],
        hand("S9 S5 HQ HJ H9 H8 H7 H2 D4 C8 C6 C4 C3")
    );
    assert_eq!(
        setup.hands[Seat::North],
        hand("SJ ST S7 S6 HA H5 DA DK D7 CA CQ C7 C2")
    );
    assert_eq!(
        setup.hands[Seat::East],
        hand("S8 S4 S3 HT H6 H4 DT D9 D8 D6 D3 D2 CT")
    );

    let calls: Vec<String> = board
        .deal
        .auction()
        .calls()
        .iter()
        .map(Call::to_string)
        .collect();
    assert_eq!(
        calls,
        [
            "P", "1C", "2H", "X", "P", "4NT", "P", "5D", "P", "7NT", "P", "P", "P"
        ]
    );
    assert_eq!(
        board.alerts,
        [
            (2, "weak: 6 hearts, 5-10".to_string()),
            (3, "negative".to_string())
        ]
    );
    assert_eq!(
        board.deal.contract(),
        Some(("7NT".parse::<Contract>().unwrap(), Seat::South))
    );
    // West leads; declarer plays dummy's ace; North's spade jack leads the second trick.
    let play = board.deal.play().unwrap();
    assert_eq!(play.completed().len(), 2);
    assert_eq!(play.completed()[0].winner.seat(), Some(Seat::North));
    assert_eq!(play.completed()[1].winner.seat(), Some(Seat::South));
    assert_eq!(board.claimed_tricks, Some(13));
    assert_eq!(board.deal.phase(), Phase::Play);

    // As PBN: the claim becomes the Result tag and the explained alerts notes.
    let game = game_from_lin(board).unwrap();
    assert_eq!(game.value("Result"), Some("13"));
    assert_eq!(game.value("Board"), Some("12"));
    assert_eq!(game.value("East"), Some("Ed"));
    assert_eq!(game.value("Event"), Some("Club night"));
    let text = format_pbn_file(&PbnFile {
        games: vec![game],
        trailer: vec![],
    });
    assert!(text.contains("[Note \"1:weak: 6 hearts, 5-10\"]"), "{text}");
    let back = board_from_game(&parse_pbn_file(&text).unwrap(), 0).unwrap();
    assert_eq!(back.deal.history(), board.deal.history());
    assert_eq!(back.claimed_tricks, Some(13));
    assert_eq!(back.auction_notes, board.alerts);
}

#[test]
fn errors_name_the_board_and_key() {
    let md = "3S2345H2345D2345CA,S6789H6789D6789CK,STJQKHTJQKDTJQKCQ,";
    let text = format!("qx|o6|md|{md}|mb|p|mb|p|mb|p|mb|p|qx|o7|ah|Board 7|md|{md}|mb|7c|mb|8c|");
    let e = parse_lin(&text).unwrap_err();
    let offset = text.find("mb|8c").unwrap();
    let start = format!(
        "LIN board 2 (Board 7), key mb #11 at byte {offset} \"8c\": the value is not a call"
    );
    assert!(e.to_string().starts_with(&start), "{e}");
    let place = e.place().unwrap();
    assert_eq!(
        (place.board, place.key.as_str(), place.index),
        (2, "mb", 11)
    );
    assert_eq!(place.offset, offset);
    // The first board is fine on its own.
    let each = parse_lin_boards(&text);
    assert_eq!(each.len(), 2);
    assert!(each[0].as_ref().unwrap().deal.is_passed_out());
    assert!(each[1].is_err());
    // A card not in the hand: the rules' words.
    let e = parse_lin(&format!("md|{md}|mb|1n|mb|p|mb|p|mb|p|pc|sk|")).unwrap_err();
    assert!(matches!(e, LinError::Card { .. }));
    assert!(
        e.to_string().contains("trick 1, E playing SK is refused"),
        "{e}"
    );
}

#[test]
fn every_fixture_board_survives_the_trip_to_pbn() {
    for name in fixture_names() {
        for (i, board) in fixture(&name).iter().enumerate() {
            let at = format!("{name} board {}", i + 1);
            // The plain export: the deal and its moves, the players and the number.
            let game = game_from_deal(&board.deal, &record_info(board)).unwrap();
            let text = format_pbn_file(&PbnFile {
                games: vec![game],
                trailer: vec![],
            });
            let file = parse_pbn_file(&text).unwrap_or_else(|e| panic!("{at}: {e}"));
            let back = board_from_game(&file, 0).unwrap_or_else(|e| panic!("{at}: {e}\n{text}"));
            assert_eq!(back.deal.history(), board.deal.history(), "{at}");
            assert_eq!(back.deal.setup(), board.deal.setup(), "{at}");
            assert_eq!(back.board, board.board, "{at}");
            // With the claim and the alerts.
            let game = game_from_lin(board).unwrap();
            let text = format_pbn_file(&PbnFile {
                games: vec![game],
                trailer: vec![],
            });
            let back = board_from_game(&parse_pbn_file(&text).unwrap(), 0)
                .unwrap_or_else(|e| panic!("{at}: {e}\n{text}"));
            assert_eq!(back.deal.history(), board.deal.history(), "{at}");
            assert_eq!(back.claimed_tricks, board.claimed_tricks, "{at}");
            let explained: Vec<(usize, String)> = board
                .alerts
                .iter()
                .filter(|(_, t)| !t.is_empty())
                .map(|(i, t)| (*i, t.split_whitespace().collect::<Vec<_>>().join(" ")))
                .collect();
            let notes: Vec<(usize, String)> = back
                .auction_notes
                .iter()
                .map(|(i, t)| (*i, t.split_whitespace().collect::<Vec<_>>().join(" ")))
                .collect();
            assert_eq!(notes, explained, "{at}");
        }
    }
}

/// Reads a text every way the API offers, and writes what reads as PBN: none of it may
/// panic.
fn exercise(text: &str) {
    let _ = parse_lin(text);
    for board in parse_lin_boards(text).into_iter().flatten() {
        let game = game_from_lin(&board).unwrap();
        let _ = format_pbn_file(&PbnFile {
            games: vec![game],
            trailer: vec![],
        });
        let _ = record_info(&board);
    }
}

#[test]
fn every_truncation_of_every_fixture_reads_or_fails_cleanly() {
    for name in fixture_names() {
        let text = fixture_text(&name);
        let mut ok = 0;
        for end in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
            let cut = &text[..end];
            if parse_lin(cut).is_ok() {
                ok += 1;
            }
            // The tails too (every fourth, for time): a text may start anywhere.
            if end % 4 == 0 {
                let _ = parse_lin(&text[end..]);
            }
        }
        println!("{name}: {ok} of {} truncations read", text.len() + 1);
        assert!(ok > 0, "{name}");
    }
}

#[test]
fn hostile_texts_are_handled() {
    let md = "md|3S2345H2345D2345CA,S6789H6789D6789CK,STJQKHTJQKDTJQKCQ,|";
    assert_eq!(parse_lin(&"|".repeat(1 << 20)), Err(LinError::NoBoard));
    assert!(matches!(
        parse_lin(&"mb|p|".repeat(200_000)),
        Err(LinError::NoDeal { .. })
    ));
    assert!(matches!(
        parse_lin(&"qx|o1|".repeat(100_000)),
        Err(LinError::NoDeal { .. })
    ));
    assert_eq!(parse_lin(&md.repeat(10_000)).unwrap().len(), 10_000);
    let explained = format!("{md}mb|1c|{}", "an|x|".repeat(100_000));
    assert_eq!(parse_lin(&explained).unwrap()[0].alerts.len(), 100_000);
    let names = format!("pn|{}|{md}", "a,".repeat(500_000));
    assert_eq!(parse_lin(&names).unwrap().len(), 1);
    let link = format!("lin={}", "%7C".repeat(300_000));
    assert_eq!(parse_lin(&link), Err(LinError::NoBoard));
    let long_hand = format!("md|3{}|", "S".repeat(1 << 20));
    assert!(matches!(parse_lin(&long_hand), Err(LinError::Deal { .. })));
    let many_calls = format!("{md}mb|{}|", "p".repeat(100_000));
    assert!(matches!(parse_lin(&many_calls), Err(LinError::Over { .. })));
    for text in [
        "md",
        "md|",
        "md|3",
        "|md|3|",
        "\u{feff}md|1|",
        "mb|",
        "pc|é|",
        "sv|é|md|1,,,|",
    ] {
        exercise(text);
    }
}

/// Bytes that matter to LIN, to make corruptions that reach past the first key.
const LIN_BYTES: &[u8] = b"|||,,!0123456789SHDCshdcpdrPDRTJQKAnmpcbsvqxoa\n\r %\xff\xc3";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn corrupted_fixtures_read_or_fail_cleanly(
        file in 0usize..3,
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0usize..LIN_BYTES.len(), any::<u8>(), any::<bool>()), 1..8),
    ) {
        let (name, _) = EXPECTED_BOARDS[file];
        let mut bytes = std::fs::read(data_dir().join(name)).unwrap();
        for (at, pick, raw, from_lin) in edits {
            let i = at.index(bytes.len());
            bytes[i] = if from_lin { LIN_BYTES[pick] } else { raw };
        }
        exercise(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn arbitrary_lin_like_text_reads_or_fails_cleanly(
        picks in prop::collection::vec(0usize..LIN_BYTES.len(), 0..400),
    ) {
        let bytes: Vec<u8> = picks.iter().map(|&i| LIN_BYTES[i]).collect();
        exercise(&String::from_utf8_lossy(&bytes));
    }
}
