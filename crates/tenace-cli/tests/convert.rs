//! `tenace convert IN OUT` run as a user runs it, on real files from other programs and
//! on records of every game.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tenace_formats::pbn_board::board_from_game;
use tenace_formats::pbn_file::parse_pbn_file;
use tenace_rules::{Game, GameConfig};
use tenace_table::TableMatch;
use tenace_table::record::{Record, RecordMeta, Replayed, Scope};

fn tenace(args: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tenace"))
        .arg("convert")
        .args(args)
        .output()
        .expect("the tenace binary runs")
}

fn fixtures(folder: &str, ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the fixtures' folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .{ext} fixtures in {}", dir.display());
    files
}

fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().expect("a scratch folder")
}

fn ok(output: &Output) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "failed: {}{stdout}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

fn refused(output: &Output) -> String {
    assert!(!output.status.success(), "accepted");
    String::from_utf8_lossy(&output.stderr).to_string()
}

/// Every real PBN and LIN file with full deals becomes a JSON record, the record a PBN
/// file, and that file the same record again; each deal's calls and cards survive.
#[test]
fn real_files_go_round_through_json_and_pbn() {
    let scratch = scratch();
    let dir = scratch.path();
    let (json, pbn, again) = (dir.join("a.json"), dir.join("b.pbn"), dir.join("c.json"));
    let mut converted = 0;
    for input in fixtures("lin", "lin")
        .into_iter()
        .chain(fixtures("pbn", "pbn"))
    {
        let first = tenace(&[&input, &json]);
        if !first.status.success() {
            // Files of deals without play to the end are fine; files without full
            // deals (a dealer program's partial hands) are refused by name.
            let e = refused(&first);
            assert!(e.contains("PBN game"), "{}: {e}", input.display());
            continue;
        }
        let said = ok(&first);
        assert!(said.starts_with("converted "), "{said}");
        ok(&tenace(&[&json, &pbn]));
        ok(&tenace(&[&pbn, &again]));
        let a = Record::from_json(&std::fs::read_to_string(&json).unwrap()).unwrap();
        let c = Record::from_json(&std::fs::read_to_string(&again).unwrap()).unwrap();
        assert_eq!(a.deals.len(), c.deals.len(), "{}", input.display());
        for (x, y) in a.deals.iter().zip(&c.deals) {
            assert_eq!(x.actions, y.actions, "{}", input.display());
            assert_eq!(x.hands, y.hands, "{}", input.display());
            assert_eq!(x.result, y.result, "{}", input.display());
            assert_eq!(x.claimed_tricks, y.claimed_tricks, "{}", input.display());
            assert_eq!(x.notes, y.notes, "{}", input.display());
        }
        // The PBN written reads back as games that replay to the same moves.
        let file = parse_pbn_file(&std::fs::read_to_string(&pbn).unwrap()).unwrap();
        let Ok(Replayed::Deals(deals)) = a.replay() else {
            panic!("a file's boards replay as deals")
        };
        for (i, deal) in deals.iter().enumerate() {
            let board = board_from_game(&file, i).expect("our PBN replays");
            assert_eq!(board.deal.history(), deal.history());
        }
        converted += 1;
    }
    assert!(converted >= 5, "only {converted} files converted");
}

/// A record of each game goes to JSON and back equal; to PBN only the partnership games
/// with 52 cards, the others refused by name.
#[test]
fn records_of_every_game_convert_or_are_refused_by_name() {
    let scratch = scratch();
    let dir = scratch.path();
    for (game, options, pbn) in [
        ("bridge", serde_json::json!({"scoring": "chicago"}), true),
        ("deuces-wild", serde_json::Value::Null, true),
        ("five-crowns", serde_json::Value::Null, false),
        ("devils-bridge", serde_json::json!({"players": 4}), false),
        ("bridgette", serde_json::Value::Null, false),
    ] {
        let config = GameConfig::from_json(game, &options).unwrap();
        let mut m = TableMatch::from_config(&config, 9).unwrap();
        for _ in 0..120 {
            let Some(p) = m.to_act().iter().next() else {
                break;
            };
            let action = m.legal_actions(p)[0];
            m.try_apply(p, action).unwrap();
        }
        let record = m.record(&RecordMeta::default(), Scope::Full);
        let input = dir.join(format!("{game}.json"));
        std::fs::write(&input, record.to_json()).unwrap();
        let out = dir.join(format!("{game}-again.json"));
        ok(&tenace(&[&input, &out]));
        assert_eq!(std::fs::read_to_string(&out).unwrap(), record.to_json());
        let out = dir.join(format!("{game}.pbn"));
        let converted = tenace(&[&input, &out]);
        if pbn {
            ok(&converted);
        } else {
            let e = refused(&converted);
            assert!(e.contains("cannot be written as PBN"), "{game}: {e}");
            assert!(!out.exists(), "{game}: a refused conversion wrote a file");
        }
    }
}

/// Bad input: a malformed PBN file names its game and line, a damaged record its field;
/// an unknown extension asks for --from; nothing is written.
#[test]
fn bad_input_names_the_place_and_writes_nothing() {
    let scratch = scratch();
    let dir = scratch.path();
    let out = dir.join("out.json");
    let pbn = dir.join("twice.pbn");
    std::fs::write(
        &pbn,
        "[Event \"x\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
         [Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543A\"]\n",
    )
    .unwrap();
    let e = refused(&tenace(&[&pbn, &out]));
    assert!(e.contains("PBN game 1, line 5, tag Deal"), "{e}");
    let json = dir.join("bad.json");
    std::fs::write(&json, r#"{"format":"tenace-record","version":7}"#).unwrap();
    let e = refused(&tenace(&[&json, &out]));
    assert!(e.contains("record"), "{e}");
    let txt = dir.join("deals.txt");
    std::fs::write(&txt, "").unwrap();
    let e = refused(&tenace(&[&txt, &out]));
    assert!(e.contains("--from"), "{e}");
    assert!(!out.exists());
}
