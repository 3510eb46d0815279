//! Reading the TenaceGame and TenaceOptions tags: the game and options they name are the
//! board's, a game without them is Contract Bridge with the default options, and a value
//! that cannot be played is refused with the tag and the option at fault.

use tenace_formats::pbn_board::{PbnBoardError, board_from_game, setup_from_game};
use tenace_formats::pbn_file::parse_pbn_file;
use tenace_rules::bridge::{BridgeOptions, BridgeVariant};
use tenace_rules::scoring::{HundredOrFifty, ScoringMode};

/// One game: a deal, its auction to 2H by South, and the tags given.
fn game_text(extra: &str) -> String {
    format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
         [Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]\n\
         {extra}[Auction \"N\"]\n1D 1S 2H Pass\nPass Pass\n"
    )
}

/// A TenaceOptions tag holding `json`, its quotes escaped as PBN writes them.
fn options_tag(json: &str) -> String {
    format!("[TenaceOptions \"{}\"]\n", json.replace('"', "\\\""))
}

/// The error reading a game with the given tags, by both readers.
fn refusal(extra: &str) -> PbnBoardError {
    let file = parse_pbn_file(&game_text(extra)).unwrap();
    let from_setup = setup_from_game(&file, 0).unwrap_err();
    let from_board = board_from_game(&file, 0).unwrap_err();
    assert_eq!(from_setup, from_board);
    assert!(
        matches!(from_board, PbnBoardError::Game { .. }),
        "{from_board}"
    );
    from_board
}

/// The message names the tag at fault and says each of `words`.
fn assert_refused(extra: &str, tag: &str, words: &[&str]) {
    let err = refusal(extra);
    assert_eq!(err.location().unwrap().tag.as_deref(), Some(tag), "{err}");
    let message = err.to_string();
    assert!(message.contains(&format!("tag {tag}:")), "{message}");
    for word in words {
        assert!(message.contains(word), "{message}");
    }
}

#[test]
fn without_the_tags_a_game_is_contract_bridge_with_default_options() {
    let file = parse_pbn_file(&game_text("")).unwrap();
    let setup = setup_from_game(&file, 0).unwrap();
    assert_eq!(setup.variant, BridgeVariant::Standard);
    assert_eq!(setup.options, BridgeOptions::default());
    // The Scoring tag is PBN's own, and is not read as options.
    let file = parse_pbn_file(&game_text("[Scoring \"Rubber\"]\n")).unwrap();
    assert_eq!(
        setup_from_game(&file, 0).unwrap().options,
        BridgeOptions::default()
    );
}

#[test]
fn the_tags_choose_the_game_and_its_options() {
    let options = options_tag(r#"{"scoring": "rubber", "insult_redoubled": 50}"#);
    let extra = format!("[TenaceGame \"deuces-wild\"]\n{options}");
    let file = parse_pbn_file(&game_text(&extra)).unwrap();
    let board = board_from_game(&file, 0).unwrap();
    let setup = board.deal.setup();
    assert_eq!(setup.variant, BridgeVariant::DeucesWild);
    assert_eq!(setup.options.scoring, ScoringMode::Rubber);
    assert_eq!(setup.options.insult_redoubled, HundredOrFifty::Fifty);
    assert_eq!(board.contract.unwrap().0.to_string(), "2H");
    assert_eq!(setup_from_game(&file, 0).unwrap(), *setup);

    // Either tag alone: the other takes its default.
    let file = parse_pbn_file(&game_text("[TenaceGame \"bridge\"]\n")).unwrap();
    assert_eq!(
        setup_from_game(&file, 0).unwrap().options,
        BridgeOptions::default()
    );
    let file = parse_pbn_file(&game_text(&options_tag("{}"))).unwrap();
    assert_eq!(
        setup_from_game(&file, 0).unwrap().variant,
        BridgeVariant::Standard
    );
    let extra = options_tag(r#"{"chicago_honors":false}"#);
    let setup = setup_from_game(&parse_pbn_file(&game_text(&extra)).unwrap(), 0).unwrap();
    assert_eq!(
        (setup.variant, setup.options.chicago_honors),
        (BridgeVariant::Standard, false)
    );
}

/// Inherited with `##` like any other tag: a file of Deuces Wild boards says so once.
#[test]
fn the_game_tag_can_be_inherited() {
    let first = game_text("[TenaceGame \"##deuces-wild\"]\n");
    let second = game_text("").replace("[Board \"1\"]", "[Board \"2\"]");
    let file = parse_pbn_file(&format!("{first}\n{second}")).unwrap();
    assert_eq!(
        setup_from_game(&file, 1).unwrap().variant,
        BridgeVariant::DeucesWild
    );
}

#[test]
fn five_crowns_is_refused_with_the_json_hint() {
    assert_refused(
        "[TenaceGame \"five-crowns\"]\n",
        "TenaceGame",
        &["\"five-crowns\"", "56 cards", "JSON"],
    );
}

#[test]
fn an_unknown_game_is_refused() {
    assert_refused(
        "[TenaceGame \"whist\"]\n",
        "TenaceGame",
        &["\"whist\"", "bridge or deuces-wild"],
    );
    // The names are the protocol's, exactly.
    assert_refused("[TenaceGame \"Bridge\"]\n", "TenaceGame", &["\"Bridge\""]);
}

#[test]
fn options_that_are_not_json_are_refused() {
    let not_json = options_tag("{scoring: rubber}");
    assert_refused(&not_json, "TenaceOptions", &["not JSON"]);
    let not_an_object = options_tag("[1, 2]");
    assert_refused(&not_an_object, "TenaceOptions", &["expected a JSON object"]);
}

#[test]
fn unknown_or_invalid_options_are_refused_by_name() {
    let cases: [(&str, &str); 5] = [
        (r#"{"scorin":"rubber"}"#, "scorin"),
        (r#"{"chicago_honors":1}"#, "chicago_honors"),
        (r#"{"insult_redoubled":75}"#, "insult_redoubled"),
        (r#"{"boards":0}"#, "boards"),
        // Five Crowns' own options belong to no game PBN records.
        (r#"{"fc_honors":"mapped"}"#, "fc_honors"),
    ];
    for (json, option) in cases {
        for game in ["", "[TenaceGame \"deuces-wild\"]\n"] {
            let extra = format!("{game}{}", options_tag(json));
            assert_refused(&extra, "TenaceOptions", &[option]);
        }
    }
}
