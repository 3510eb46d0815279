//! PBN files: round trips, leniency, refusals that name their place, inheritance, real
//! files from other producers, and inputs that must not panic.

use std::path::Path;

use proptest::prelude::*;

use super::*;

mod arb;
use arb::arb_file;

fn read(text: &str) -> PbnFile {
    parse_pbn_file(text).unwrap_or_else(|e| panic!("{e}"))
}

fn write(file: &PbnFile) -> String {
    format_pbn_file(file)
}

/// Writing what was read from our own output gives the same bytes.
fn assert_stable(written: &str) {
    let again = write(&read(written));
    assert_eq!(again, written, "rewriting our own output changed it");
}

fn error(text: &str) -> String {
    parse_pbn_file(text).unwrap_err().to_string()
}

/// A file already in export form, CRLF, with every kind of item the writer lays out.
const EXPORT: &str = "% PBN 2.1\r\n\
% EXPORT\r\n\
[Event \"Club \\\"Pairs\\\" C:\\\\ night\"]\r\n\
[Site \"?\"]\r\n\
[Date \"2024.01.02\"]\r\n\
[Board \"1\"]\r\n\
[West \"?\"]\r\n\
[North \"?\"]\r\n\
[East \"?\"]\r\n\
[South \"?\"]\r\n\
[Dealer \"E\"]\r\n\
[Vulnerable \"None\"]\r\n\
[Deal \"E:AJ52.A73.854.KT2 Q3.T4.AK2.QJ9864 7.KJ985.QT976.A3 KT9864.Q62.J3.75\"]\r\n\
{a deal with\r\n\
two lines of comment}\r\n\
[Scoring \"IMP\"]\r\n\
[Declarer \"S\"]\r\n\
[Contract \"4SX\"]\r\n\
[Result \"10\"]\r\n\
[Auction \"E\"]\r\n\
1D 1S =1= $1 $13 2D 4S\r\n\
X Pass Pass Pass ;end of auction\r\n\
[Note \"1:five or more\"]\r\n\
[Play \"W\"]\r\n\
DA D2 {good} D4 D3\r\n\
- - - -\r\n\
+\r\n\
[Note \"1:count\"]\r\n\
[DoubleDummyTricks \"1811118111819a8819a8\"]\r\n\
[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\r\n\
N  S  8\r\n\
N NT 10\r\n\
[Remark \"#\"]\r\n\
\r\n\
[Event \"#\"]\r\n\
[Site \"?\"]\r\n\
[Date \"?\"]\r\n\
[Board \"2\"]\r\n\
[West \"?\"]\r\n\
[North \"?\"]\r\n\
[East \"?\"]\r\n\
[South \"?\"]\r\n\
[Dealer \"S\"]\r\n\
[Vulnerable \"NS\"]\r\n\
[Deal \"S:- - - -\"]\r\n\
[Scoring \"\"]\r\n\
[Declarer \"\"]\r\n\
[Contract \"Pass\"]\r\n\
[Result \"\"]\r\n\
[Auction \"S\"]\r\n\
AP\r\n\
[TotalScoreTable \"Rank\\2R;Names\\8L;Score\\3R\"]\r\n\
\x201 \"A - B\"   12\r\n\
10 \"C\"       -3\r\n\
\r\n\
; the end\r\n";

#[test]
fn a_file_in_export_form_is_written_back_byte_for_byte() {
    let file = read(EXPORT);
    assert_eq!(write(&file), EXPORT);
    assert_eq!(file.games.len(), 2);
    assert_eq!(
        file.trailer,
        [Token::Comment(Comment::Line(" the end".into()))]
    );
}

#[test]
fn export_form_model_has_the_expected_parts() {
    let file = read(EXPORT);
    let game = &file.games[0];
    assert_eq!(game.line, 1);
    assert_eq!(
        game.preamble,
        [
            Token::Escape(" PBN 2.1".into()),
            Token::Escape(" EXPORT".into())
        ]
    );
    assert_eq!(game.value("Event"), Some(r#"Club "Pairs" C:\ night"#));
    let deal = game.tag("Deal").unwrap();
    assert_eq!(deal.line, 13);
    assert_eq!(
        deal.section,
        Section::Rows(vec![vec![Token::Comment(Comment::Brace(
            "a deal with\ntwo lines of comment".into()
        ))]])
    );
    let auction = game.tag("Auction").unwrap();
    let Section::Moves(tokens) = &auction.section else {
        panic!("the auction is a token stream");
    };
    assert_eq!(
        tokens[..6],
        [
            Token::Call("1D".into()),
            Token::Call("1S".into()),
            Token::NoteRef(1),
            Token::Nag(1),
            Token::Nag(13),
            Token::Call("2D".into()),
        ]
    );
    let table = game.tag("OptimumResultTable").unwrap();
    assert_eq!(table.value, r"Declarer;Denomination\2R;Result\2R");
    assert_eq!(
        table.section,
        Section::Rows(vec![
            ["N", "S", "8"].map(|w| Token::Word(w.into())).to_vec(),
            ["N", "NT", "10"].map(|w| Token::Word(w.into())).to_vec(),
        ])
    );
    let second = &file.games[1];
    assert_eq!(second.line, 35);
    let Section::Rows(rows) = &second.tag("TotalScoreTable").unwrap().section else {
        panic!("a table has rows");
    };
    assert_eq!(rows[0][1], Token::Text("A - B".into()));
}

#[test]
fn sloppy_input_is_read_and_written_in_export_form() {
    let text = "\u{feff}% made by hand\n\
        [Deal \"n:akq.t98.765.5432 - - -\"]\t[Dealer  \"w\" ]\n\
        [Vulnerable \"both\"][Contract \"4sx\"]\n\
        [Zebra \"z\"] [Annotator \"me\"]\n\
        [Auction \"w\"]\n\
        pass 1s!   =2=\n\
        1NT $4 ap\n\
        [Note \"2:strong\"]\n\
        [Play \"n\"] sa h2 ^R ck c3\n\
        \t  \n\
        \n\
        [Board \"2\"]\n";
    let file = read(text);
    assert_eq!(file.games.len(), 2);
    let game = &file.games[0];
    assert_eq!(game.value("Deal"), Some("N:AKQ.T98.765.5432 - - -"));
    let written = write(&file);
    let expected_start = "% made by hand\r\n\
        [Event \"?\"]\r\n[Site \"?\"]\r\n[Date \"?\"]\r\n[Board \"?\"]\r\n\
        [West \"?\"]\r\n[North \"?\"]\r\n[East \"?\"]\r\n[South \"?\"]\r\n\
        [Dealer \"W\"]\r\n[Vulnerable \"All\"]\r\n\
        [Deal \"W:- AKQ.T98.765.5432 - -\"]\r\n\
        [Scoring \"?\"]\r\n[Declarer \"?\"]\r\n[Contract \"4SX\"]\r\n[Result \"?\"]\r\n\
        [Auction \"W\"]\r\n\
        Pass 1S =2= $1 1NT $4 AP\r\n\
        [Note \"2:strong\"]\r\n\
        [Play \"N\"]\r\n\
        SA H2 ^R CK C3\r\n\
        [Annotator \"me\"]\r\n\
        [Zebra \"z\"]\r\n\
        \r\n\
        [Event \"?\"]\r\n";
    assert!(
        written.starts_with(expected_start),
        "written:\n{written}\nexpected to start with:\n{expected_start}"
    );
    assert_stable(&written);
}

#[test]
fn line_ends_and_byte_order_mark_do_not_matter() {
    let lf = "[Board \"1\"]\n{two\nlines}\n\n[Board \"2\"]\n";
    let crlf = lf.replace('\n', "\r\n");
    let cr = lf.replace('\n', "\r");
    let bom = format!("\u{feff}{crlf}");
    for text in [lf, &crlf, &cr, &bom] {
        let file = read(text);
        assert_eq!(file.games.len(), 2);
        assert_eq!(file.games[1].line, 5);
        assert_eq!(write(&file), write(&read(lf)));
    }
}

#[test]
fn auction_and_play_tokens_are_told_apart() {
    let file = read(
        "[Auction \"N\"]\n- 1c!? ^I 1d?? =12= $200 ^S XX x ap + * p\n\
         [Play \"E\"]\nsa ^L hT - + * Pass =1=\n",
    );
    let game = &file.games[0];
    let Section::Moves(auction) = &game.tag("Auction").unwrap().section else {
        panic!();
    };
    assert_eq!(
        auction,
        &[
            Token::Dash,
            Token::Call("1C".into()),
            Token::Suffix(Suffix::Speculative),
            Token::Irregularity(Irregularity::Insufficient),
            Token::Call("1D".into()),
            Token::Suffix(Suffix::VeryPoor),
            Token::NoteRef(12),
            Token::Nag(200),
            Token::Irregularity(Irregularity::Skipped),
            Token::Call("XX".into()),
            Token::Call("X".into()),
            Token::AllPass,
            Token::Continue,
            Token::End,
            Token::Word("p".into()),
        ]
    );
    let Section::Moves(play) = &game.tag("Play").unwrap().section else {
        panic!();
    };
    assert_eq!(
        play,
        &[
            Token::Card("SA".into()),
            Token::Irregularity(Irregularity::LeadOutOfTurn),
            Token::Card("HT".into()),
            Token::Dash,
            Token::Continue,
            Token::End,
            Token::Word("Pass".into()),
            Token::NoteRef(1),
        ]
    );
}

#[test]
fn suffixes_become_nags_after_the_note_reference() {
    // The standard's own examples (sections 3.5.2 and 3.6.2).
    let file = read("[Auction \"N\"]\n1S !! =1= $25\n[Play \"E\"]\nSK !! =1= $200\n");
    let written = write(&file);
    assert!(written.contains("[Auction \"N\"]\r\n1S =1= $3 $25\r\n"));
    assert!(written.contains("[Play \"E\"]\r\nSK =1= $9 $200\r\n"));
}

#[test]
fn calls_and_cards_go_four_a_line_and_the_end_mark_waits_for_room() {
    let file = read("[Auction \"N\"]\n1C ^I 1D Pass Pass ^S 2C Pass Pass Pass *\n");
    let written = write(&file);
    assert!(
        written.contains("[Auction \"N\"]\r\n1C ^I 1D Pass Pass\r\n^S 2C Pass Pass\r\nPass *\r\n"),
        "{written}"
    );
}

#[test]
fn tables_are_split_into_rows_and_padded_to_their_columns() {
    let file = read(
        "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n\
         N S 9 N H 10\nS NT 7\n\
         [ScoreTable \"Names\\6L;Score\"]\n\"A\" 1\n\"Bb\" {x} 2\n",
    );
    let written = write(&file);
    assert!(
        written.contains("\r\nN  S  9\r\nN  H 10\r\nS NT  7\r\n"),
        "{written}"
    );
    assert!(
        written.contains("\r\n\"A\"    1\r\n\"Bb\"   {x} 2\r\n"),
        "{written}"
    );
    assert_stable(&written);
}

#[test]
fn notes_follow_their_section_and_other_tags_are_sorted() {
    let file = read(
        "[Zeta \"1\"][Play \"W\"]\nSA\n[Note \"1:play\"]\n[Alpha \"2\"]\n\
         [Auction \"N\"]\n1S\n[Note \"1:auction\"]\n[Note \"2:more\"]\n",
    );
    let written = write(&file);
    let tail = written.split("[Result \"?\"]\r\n").nth(1).unwrap();
    assert_eq!(
        tail,
        "[Auction \"N\"]\r\n1S\r\n[Note \"1:auction\"]\r\n[Note \"2:more\"]\r\n\
         [Play \"W\"]\r\nSA\r\n[Note \"1:play\"]\r\n[Alpha \"2\"]\r\n[Zeta \"1\"]\r\n"
    );
}

#[test]
fn commentary_moves_with_its_tag_and_starts_a_new_line() {
    let file = read("[South \"x\"] ; after south\n{ before all }\n[Board \"3\"] {after board}\n");
    let written = write(&file);
    assert!(
        written.contains("[Board \"3\"]\r\n{after board}\r\n"),
        "{written}"
    );
    assert!(written.contains("[South \"x\"]\r\n; after south\r\n{ before all }\r\n"));
    assert_stable(&written);
}

#[test]
fn a_header_group_leads_the_first_game() {
    let file = read("% PBN 2.1\n% EXPORT\n\n{file comment}\n\n[Board \"1\"]\n");
    assert_eq!(file.games.len(), 1);
    assert_eq!(file.games[0].preamble.len(), 3);
    assert_eq!(file.games[0].line, 1);
    assert_stable(&write(&file));
}

// --- refusals ---------------------------------------------------------------------------

#[test]
fn errors_name_game_line_and_tag() {
    let three_games = "[Board \"1\"]\n\n[Board \"2\"]\n[Deal \"N:AK.Q.J.T - - -\"]\n\n\
        [Board \"3\"]\n[Dealer \"N\"]\n[Deal \"N:AKQ.Q.J.TT - - -\"]\n";
    assert_eq!(
        error(three_games),
        "PBN game 3, line 8, tag Deal: PBN deal: CT appears twice"
    );
    let cases: [(&str, &str); 14] = [
        (
            "[Event \"x\"\n",
            "PBN game 1, line 1, tag Event: the tag is not closed by ']'",
        ),
        (
            "[Board \"1\"]\n[Event \"abc\n\"]",
            "PBN game 1, line 2, tag Event: the string is not closed by '\"' before the end of the line",
        ),
        (
            "[Board \"1\"]\n\n[Board \"2\"]\n1 { open\n\n",
            "PBN game 2, line 4, tag Board: the commentary opened by '{' is never closed by '}'",
        ),
        (
            "[Board \"1\"]\n[Site \"a\"]\n[Board \"1\"]\n",
            "PBN game 1, line 3, tag Board: the tag appears twice in one game (first on line 1)",
        ),
        (
            "[Auction \"N\"]\n1S =1=\n[Note \"1:a\"]\n[Note \"1:b\"]\n",
            "PBN game 1, line 4, tag Note: note 1 is explained twice in the auction section",
        ),
        (
            "[Note \"one\"]\n",
            "PBN game 1, line 1, tag Note: a Note value must be \"<index>:<text>\", found \"one\"",
        ),
        (
            "[Board \"1\"]\n\n[Dealer \"#\"]\n",
            "PBN game 2, line 3, tag Dealer: the value \"#\" inherits, which PBN forbids for this tag",
        ),
        (
            "[Auction \"N\"]\n1S\n2S =x=\n",
            "PBN game 1, line 3, tag Auction: \"=x=\" is not a valid token (a note reference is =<digits>=)",
        ),
        (
            "[Play \"N\"]\nSA ^Q\n",
            "PBN game 1, line 2, tag Play: \"^Q\" is not a valid token (an irregularity is ^I, ^S, ^R or ^L)",
        ),
        (
            "{ok}\nhello [Board \"1\"]\n",
            "PBN game 1, line 2: \"hello\" comes before any tag of the game",
        ),
        (
            "[Board \"1\"]\nx ]\n",
            "PBN game 1, line 2, tag Board: unexpected ']' (it closes no tag)",
        ),
        (
            "[ \"x\"]\n",
            "PBN game 1, line 1: expected a tag name (letters, digits, '_') after '[', found '\"'",
        ),
        (
            "[Event x]\n",
            "PBN game 1, line 1, tag Event: expected the tag value as a quoted string, found 'x'",
        ),
        (
            "[ScoreTable \"A\\999R\"]\n",
            "PBN game 1, line 1, tag ScoreTable: column width 999 is more than a PBN line's 255 characters",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(error(text), message, "for {text:?}");
    }
}

#[test]
fn the_error_location_is_available_as_data() {
    let err = parse_pbn_file("[Board \"1\"]\n\n\n[Deal \"X:-\"]\n").unwrap_err();
    assert_eq!(
        err.location(),
        &Location {
            game: 2,
            line: 4,
            tag: Some("Deal".into())
        }
    );
    assert!(matches!(err, PbnFileError::Deal { .. }));
}

#[test]
fn notes_may_share_an_index_across_auction_and_play() {
    let file = read("[Auction \"N\"]\nAP\n[Note \"1:a\"]\n[Play \"E\"]\n*\n[Note \"1:b\"]\n");
    assert_eq!(file.games[0].tags.len(), 4);
}

// --- inheritance ------------------------------------------------------------------------

#[test]
fn hash_takes_the_nearest_previous_value() {
    let file = read(
        "[Event \"Cup\"]\n[Site \"#\"]\n\n[Board \"2\"]\n\n[Event \"#\"]\n[Site \"Oslo\"]\n\n\
         [Event \"#\"]\n[Site \"#\"]\n",
    );
    let games = file.resolved_tags();
    let pairs = |v: &[(&str, &str)]| {
        v.iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect::<Vec<_>>()
    };
    assert_eq!(games[0], pairs(&[("Event", "Cup"), ("Site", "")]));
    assert_eq!(games[1], pairs(&[("Board", "2")]));
    assert_eq!(games[2], pairs(&[("Event", "Cup"), ("Site", "Oslo")]));
    assert_eq!(games[3], pairs(&[("Event", "Cup"), ("Site", "Oslo")]));
    assert_eq!(resolve_game_tags(&file, 3), Some(games[3].clone()));
    assert_eq!(resolve_game_tags(&file, 4), None);
}

#[test]
fn double_hash_holds_for_later_games_until_redefined() {
    let file = read(
        "[Date \"##2024.01.01\"]\n[Board \"1\"]\n\n[Board \"2\"]\n\n\
         [Date \"2024.01.02\"]\n[Board \"3\"]\n\n[Board \"4\"]\n\n[Date \"#\"]\n[Board \"5\"]\n",
    );
    let dates: Vec<String> = file
        .resolved_tags()
        .iter()
        .map(|tags| {
            tags.iter()
                .find(|(n, _)| n == "Date")
                .map(|(_, v)| v.clone())
                .unwrap()
        })
        .collect();
    assert_eq!(
        dates,
        [
            "2024.01.01",
            "2024.01.01",
            "2024.01.02",
            "2024.01.02",
            "2024.01.02"
        ]
    );
    // Export format may leave out a mandatory tag given with `##` earlier.
    let written = write(&file);
    let second = written.split("\r\n\r\n").nth(1).unwrap();
    assert!(!second.contains("[Date"), "{second}");
    assert!(second.contains("[Board \"2\"]"));
    assert_stable(&written);
}

#[test]
fn double_hash_alone_is_an_empty_value() {
    let file = read("[Annotator \"##\"]\n[Board \"1\"]\n\n[Board \"2\"]\n");
    let tags = resolve_game_tags(&file, 1).unwrap();
    assert!(tags.contains(&("Annotator".to_string(), String::new())));
}

// --- real files -------------------------------------------------------------------------

fn fixtures() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/pbn");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("the PBN fixtures folder")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "pbn"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&path).unwrap();
            (name, String::from_utf8_lossy(&bytes).into_owned())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_real_file_reads_and_rewrites_stably() {
    let files = fixtures();
    assert!(
        files.len() >= 3,
        "expected the fixtures, found {}",
        files.len()
    );
    for (name, text) in &files {
        let file = parse_pbn_file(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!file.games.is_empty(), "{name}");
        for game in &file.games {
            assert!(
                game.tag("Deal").is_some() || game.tag("Board").is_some(),
                "{name}"
            );
        }
        assert_stable(&write(&file));
    }
}

#[test]
fn real_files_have_their_known_values() {
    let expected: [(&str, usize, usize, &str); 6] = [
        (
            "Hand_Trophy_Pairs.pbn",
            26,
            0,
            "N:JT6.AK95.J9.KJ72 Q5.QJ4.K72.AQ964 K98732.72.T85.T8 A4.T863.AQ643.53",
        ),
        (
            "Hazlemere_Trophy.pbn",
            30,
            1,
            "E:AJ52.A73.854.KT2 Q3.T4.AK2.QJ9864 7.KJ985.QT976.A3 KT9864.Q62.J3.75",
        ),
        (
            "RealBridge_example2.pbn",
            20,
            0,
            "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96",
        ),
        (
            "Schiphol.pbn",
            1,
            0,
            "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85",
        ),
        (
            "big-deal.pbn",
            2,
            1,
            "N:AKQ984.KQT7..Q83 7.J63.AJT82.A754 532.854.Q43.KT62 JT6.A92.K9765.J9",
        ),
        (
            "ruter71.pbn",
            21,
            0,
            "N:Q53.AKQ.96.K8754 KT98.JT7.KQ43.A6 A64.843.T752.J93 J72.9652.AJ8.QT2",
        ),
    ];
    let files = fixtures();
    for (name, games, index, deal) in expected {
        let (_, text) = files
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("fixture {name}"));
        let file = read(text);
        assert_eq!(file.games.len(), games, "{name}");
        assert_eq!(file.games[index].value("Deal"), Some(deal), "{name}");
    }
}

#[test]
fn real_file_sections_are_understood() {
    let files = fixtures();
    let text = &files.iter().find(|(n, _)| n == "Schiphol.pbn").unwrap().1;
    let game = &read(text).games[0];
    let Section::Moves(play) = &game.tag("Play").unwrap().section else {
        panic!();
    };
    assert_eq!(play[0], Token::Card("SK".into()));
    assert_eq!(play[1], Token::NoteRef(1));
    assert_eq!(play.last(), Some(&Token::End));
    assert_eq!(game.tags.iter().filter(|t| t.name == "Note").count(), 3);

    let text = &files.iter().find(|(n, _)| n == "ruter71.pbn").unwrap().1;
    let file = read(text);
    let Section::Rows(rows) = &file.games[0].tag("TotalScoreTable").unwrap().section else {
        panic!();
    };
    assert_eq!(rows.len(), 16);
    assert_eq!(rows[1][6], Token::Text("Rudi Dahl - Marit Dahl".into()));
    assert_eq!(file.games[0].preamble.len(), 33);
}

// --- hostile input ----------------------------------------------------------------------

/// Reading never panics, and whatever reads writes back stably.
fn check_any(text: &str) {
    if let Ok(file) = parse_pbn_file(text) {
        assert_stable(&write(&file));
    }
}

#[test]
fn every_truncation_of_a_valid_file_is_handled() {
    for (cut, _) in EXPORT.char_indices() {
        check_any(&EXPORT[..cut]);
    }
    let files = fixtures();
    let text = &files.iter().find(|(n, _)| n == "Schiphol.pbn").unwrap().1;
    for (cut, _) in text.char_indices() {
        check_any(&text[..cut]);
    }
}

#[test]
fn deep_and_long_inputs_do_not_recurse() {
    check_any(&"{".repeat(100_000));
    check_any(&"[".repeat(100_000));
    check_any(&format!("[Auction \"N\"]\n{}", "1S ".repeat(100_000)));
    check_any(&"\n".repeat(100_000));
}

/// Characters that mean something to the reader, to make corruptions bite.
const LOUD: &[u8] = b"[]{};\"%\\=$^!?*+-#\n\r \t0aZ\xc3\xa9";

proptest! {
    #[test]
    fn corrupted_files_never_panic(
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 1..8)
    ) {
        let mut bytes = EXPORT.as_bytes().to_vec();
        for (at, with) in edits {
            let i = at.index(bytes.len());
            bytes[i] = LOUD[with.index(LOUD.len())];
        }
        check_any(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn garbage_never_panics(text in "[\\[\\]{};\"%\\\\=$^!?*+#a-zA-Z0-9 \t\r\n.-]{0,200}") {
        check_any(&text);
    }

    #[test]
    fn random_games_round_trip_byte_for_byte(file in arb_file()) {
        let first = write(&file);
        let back = parse_pbn_file(&first).map_err(|e| TestCaseError::fail(format!("{e}\n{first}")))?;
        prop_assert_eq!(write(&back), first);
    }
}
