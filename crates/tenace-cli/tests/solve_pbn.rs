//! `tenace solve --pbn FILE --write OUT` run as a user runs it: a real file's analysis
//! tags taken out, solved again, and compared with what the file's producer recorded.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tenace_formats::pbn_analysis::ANALYSIS_TAGS;
use tenace_formats::pbn_board::{DdTricks, double_dummy_tricks, optimum_result_table};
use tenace_formats::pbn_file::{PbnFile, PbnTag, format_pbn_file, parse_pbn_file};

fn tenace(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tenace"))
        .args(args)
        .output()
        .expect("the tenace binary runs")
}

/// `tenace solve --pbn input --write output`, then `extra` arguments.
fn solve_pbn(input: &Path, output: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "solve",
        "--pbn",
        input.to_str().unwrap(),
        "--write",
        output.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    tenace(&args)
}

fn fixture(name: &str) -> PbnFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/pbn")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("the fixture reads");
    parse_pbn_file(&text).expect("the fixture parses")
}

/// The file without its analysis tags, written in export format to `dir`.
fn stripped(original: &PbnFile, dir: &Path) -> PathBuf {
    let mut file = original.clone();
    for game in &mut file.games {
        game.tags
            .retain(|t| !ANALYSIS_TAGS.contains(&t.name.as_str()));
    }
    let path = dir.join("in.pbn");
    std::fs::write(&path, format_pbn_file(&file)).expect("the input writes");
    path
}

/// A game's tags other than the analysis tags, as (name, value, section).
fn other_tags(file: &PbnFile, index: usize) -> Vec<(String, String, String)> {
    file.games[index]
        .tags
        .iter()
        .filter(|t| !ANALYSIS_TAGS.contains(&t.name.as_str()))
        .map(|t: &PbnTag| (t.name.clone(), t.value.clone(), format!("{:?}", t.section)))
        .collect()
}

/// How a producer records double-dummy tricks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Recorded {
    /// Every count as it is.
    Exact,
    /// Counts of seven or more as they are, any smaller count as 1 (a contract that
    /// cannot make even one level).
    BelowBookAsOne,
}

/// Our tricks must be what the producer recorded, read its way.
fn check_tricks(ours: Option<DdTricks>, theirs: Option<DdTricks>, recorded: Recorded, what: &str) {
    let (ours, theirs) = (ours.expect(what), theirs.expect(what));
    if recorded == Recorded::Exact {
        assert_eq!(ours, theirs, "{what}");
        return;
    }
    assert_eq!(theirs.entries().count(), 20, "{what}");
    for (seat, strain, tricks) in theirs.entries() {
        let mine = ours.get(seat, strain).expect(what);
        if tricks >= 7 {
            assert_eq!(mine, tricks, "{what}: {seat} {strain}");
        } else {
            assert_eq!(tricks, 1, "{what}: {seat} {strain}");
            assert!(mine < 7, "{what}: {seat} {strain}: ours {mine}");
        }
    }
}

/// Solves `name` with its analysis tags removed and checks the tables (and, when the
/// file records it, the optimum score) against the file's own.
fn solves_like_the_producer(name: &str, recorded: Recorded) {
    let original = fixture(name);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let input = stripped(&original, dir.path());
    let output = dir.path().join("out.pbn");
    let run = solve_pbn(&input, &output, &["--threads", "2"]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "tenace failed: {stderr}");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let games = original.games.len();
    assert!(
        stdout.starts_with(&format!(
            "solved {games} deals, 0 games without a full deal left as they were, wrote "
        )),
        "{stdout}"
    );

    let written = std::fs::read_to_string(&output).expect("OUT was written");
    let ours = parse_pbn_file(&written).expect("OUT parses");
    let before = parse_pbn_file(&std::fs::read_to_string(&input).unwrap()).unwrap();
    assert_eq!(ours.games.len(), games);
    for index in 0..games {
        let game = index + 1;
        check_tricks(
            double_dummy_tricks(&ours, index).unwrap(),
            double_dummy_tricks(&original, index).unwrap(),
            recorded,
            &format!("{name} game {game}: DoubleDummyTricks"),
        );
        check_tricks(
            optimum_result_table(&ours, index).unwrap(),
            optimum_result_table(&original, index).unwrap(),
            recorded,
            &format!("{name} game {game}: OptimumResultTable"),
        );
        if let Some(score) = original.games[index].value("OptimumScore") {
            assert_eq!(
                ours.games[index].value("OptimumScore"),
                Some(score),
                "{name} game {game}: OptimumScore"
            );
        }
        assert!(ours.games[index].value("ParContract").is_some());
        // Everything else in the game is kept.
        assert_eq!(other_tags(&ours, index), other_tags(&before, index));
    }
}

#[test]
fn realbridge_tables_and_optimum_scores_agree() {
    // Its 20 games are one board played at 20 tables: one deal, checked 20 times.
    solves_like_the_producer("RealBridge_example2.pbn", Recorded::Exact);
}

#[test]
fn a_malformed_file_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let input = dir.path().join("bad.pbn");
    let output = dir.path().join("out.pbn");
    std::fs::write(
        &input,
        "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
         [Deal \"N:AKQ.T98.765.5432 - - -\"]\n\n\
         [Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n[Deal \"N:AKQ.T98.765.5432 ZZ - -\"]\n",
    )
    .unwrap();
    let run = solve_pbn(&input, &output, &[]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success());
    assert!(
        stderr.contains("PBN game 2, line 9, tag Deal"),
        "the error names the place: {stderr}"
    );
    assert!(!output.exists(), "nothing is written");
}

#[test]
fn only_contract_bridge_is_analysed() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let output = dir.path().join("out.pbn");
    let run = tenace(&[
        "solve",
        "--game",
        "deuces-wild",
        "--pbn",
        "any.pbn",
        "--write",
        output.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success());
    assert!(stderr.contains("only --game bridge"), "{stderr}");
    assert!(!output.exists());
}

#[test]
fn a_game_without_a_full_deal_is_kept_and_counted() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let input = dir.path().join("in.pbn");
    let output = dir.path().join("out.pbn");
    std::fs::write(
        &input,
        "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
         [Deal \"N:AKQ.T98.765.5432 - - -\"]\n\n[Event \"no deal, no dealer\"]\n\n\
         [Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n\
         [Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n",
    )
    .unwrap();
    let run = solve_pbn(&input, &output, &["--threads", "1"]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        stdout.starts_with("solved 1 deals, 2 games without a full deal left as they were"),
        "{stdout}"
    );
    let ours = parse_pbn_file(&std::fs::read_to_string(&output).unwrap()).unwrap();
    assert_eq!(ours.games[0].value("DoubleDummyTricks"), None);
    assert_eq!(ours.games[1].value("DoubleDummyTricks"), None);
    assert_eq!(ours.games[1].value("Event"), Some("no deal, no dealer"));
    assert_eq!(
        ours.games[2].value("DoubleDummyTricks").map(str::len),
        Some(20)
    );
    assert!(ours.games[2].value("OptimumScore").is_some());
}

#[test]
fn hand_trophy_tables_agree() {
    // Another producer (Dealmaster Pro), 26 different deals; it writes 1 for every
    // count below seven.
    solves_like_the_producer("Hand_Trophy_Pairs.pbn", Recorded::BelowBookAsOne);
}
