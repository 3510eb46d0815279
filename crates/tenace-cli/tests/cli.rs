//! The `tenace` binary run as a user runs it: `deal`, `score`, `sim`, `engine`, `solve` and the help
//! of each, checking what they print, what they refuse and how they exit.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

/// Runs `tenace` with these arguments.
fn tenace(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tenace"))
        .args(args)
        .output()
        .expect("the tenace binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

/// Runs a command that must succeed, and returns its standard output.
fn ok(args: &[&str]) -> String {
    let out = tenace(args);
    assert!(
        out.status.success(),
        "tenace {args:?} failed: {}",
        stderr(&out)
    );
    stdout(&out)
}

/// Runs a command that must fail, and returns its standard error.
fn fails(args: &[&str]) -> String {
    let out = tenace(args);
    assert!(
        !out.status.success(),
        "tenace {args:?} succeeded: {}",
        stdout(&out)
    );
    let err = stderr(&out);
    assert!(!err.trim().is_empty(), "tenace {args:?} failed silently");
    err
}

/// Feeds `input` to `tenace engine` and returns its output and whether it exited 0.
fn engine(input: &[u8]) -> (Vec<String>, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenace"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tenace binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    // Write from another thread, so a full stdout pipe cannot deadlock the test.
    let writer = std::thread::spawn(move || {
        stdin.write_all(&input).expect("the engine reads its input");
    });
    let out = child.wait_with_output().expect("the engine ends");
    writer.join().expect("the writer finishes");
    let lines = stdout(&out).lines().map(String::from).collect();
    (lines, out.status.success())
}

// ---------------------------------------------------------------------------------------
// deal
// ---------------------------------------------------------------------------------------

/// Checks a PBN deal string: a seat, a colon, four hands of four suits, 13 cards each,
/// 52 different cards. Returns the hands by seat, North first, as card strings.
fn check_pbn(line: &str) -> [Vec<String>; 4] {
    let seats = ["N", "E", "S", "W"];
    let (first, rest) = line.split_once(':').expect("a PBN deal has a ':'");
    let start = seats
        .iter()
        .position(|s| *s == first)
        .unwrap_or_else(|| panic!("{first:?} is not a seat in {line}"));
    let hands: Vec<&str> = rest.split(' ').collect();
    assert_eq!(hands.len(), 4, "four hands in {line}");
    let mut all = BTreeSet::new();
    let mut by_seat: [Vec<String>; 4] = Default::default();
    for (i, hand) in hands.iter().enumerate() {
        let suits: Vec<&str> = hand.split('.').collect();
        assert_eq!(suits.len(), 4, "four suits in {hand}");
        let mut cards = Vec::new();
        for (suit, ranks) in ["S", "H", "D", "C"].iter().zip(suits) {
            let order = "AKQJT98765432";
            let positions: Vec<usize> = ranks
                .chars()
                .map(|c| order.find(c).unwrap_or_else(|| panic!("{c:?} in {hand}")))
                .collect();
            assert!(
                positions.windows(2).all(|w| w[0] < w[1]),
                "{ranks} runs high to low, once each"
            );
            cards.extend(ranks.chars().map(|c| format!("{suit}{c}")));
        }
        assert_eq!(cards.len(), 13, "13 cards in {hand}");
        all.extend(cards.iter().cloned());
        by_seat[(start + i) % 4] = cards;
    }
    assert_eq!(all.len(), 52, "52 different cards in {line}");
    by_seat
}

#[test]
fn deal_prints_valid_pbn_deals_and_repeats_itself() {
    let first = ok(&["deal", "--seed", "7", "--count", "3"]);
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(lines.len(), 3, "{first}");
    for line in &lines {
        check_pbn(line);
    }
    assert_ne!(lines[0], lines[1]);
    assert_eq!(ok(&["deal", "--seed", "7", "--count", "3"]), first);
    // Deal k of a run is the deal of seed N+k.
    assert_eq!(ok(&["deal", "--seed", "8"]).trim(), lines[1]);
}

#[test]
fn deal_seed_7_is_the_engines_seed_7() {
    let line = ok(&["deal", "--seed", "7"]);
    let hands = check_pbn(line.trim());
    let (replies, exited) = engine(b"{\"cmd\":\"new\",\"game\":\"bridge\",\"seed\":7}\n");
    assert!(exited);
    let reply: Value = serde_json::from_str(&replies[0]).unwrap();
    let state = &reply["state"];
    assert_eq!(
        state["dealer"],
        &line[..1],
        "the line starts with the dealer"
    );
    for (seat, cards) in ["N", "E", "S", "W"].iter().zip(hands) {
        let engine_cards: BTreeSet<String> = state["hands"][seat]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
        assert_eq!(engine_cards, cards.into_iter().collect(), "{seat}");
    }
}

#[test]
fn deal_refuses_bad_arguments() {
    assert!(fails(&["deal"]).contains("--seed"));
    assert!(fails(&["deal", "--seed", "x"]).contains("--seed"));
    assert!(fails(&["deal", "--seed", "1", "--count", "three"]).contains("--count"));
    assert!(fails(&["deal", "--seed", "18446744073709551615", "--count", "2"]).contains("--count"));
}

// ---------------------------------------------------------------------------------------
// score
// ---------------------------------------------------------------------------------------

fn score_json(args: &[&str]) -> Value {
    let mut all = vec!["score", "--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&ok(&all)).expect("score --json prints JSON")
}

#[test]
fn score_json_of_a_doubled_game() {
    let v = score_json(&[
        "--contract",
        "4SX",
        "--declarer",
        "N",
        "--vul",
        "None",
        "--tricks",
        "10",
    ]);
    assert_eq!(
        v,
        json!({
            "score": 590, "contract": "4SX", "declarer": "N", "vulnerable": false,
            "tricks": 10, "made": true, "mode": "duplicate",
        })
    );
    let text = ok(&[
        "score",
        "--contract",
        "4SX",
        "--declarer",
        "N",
        "--vul",
        "None",
        "--tricks",
        "10",
    ]);
    assert!(text.contains("made exactly"), "{text}");
    assert!(text.contains("+590"), "{text}");
}

#[test]
fn score_of_a_defeated_contract_is_negative() {
    let v = score_json(&[
        "--contract",
        "3NT",
        "--declarer",
        "E",
        "--vul",
        "EW",
        "--tricks",
        "8",
    ]);
    assert_eq!(v["score"], -100);
    assert_eq!(v["made"], false);
    assert_eq!(v["vulnerable"], true);
    let v = score_json(&[
        "--contract",
        "4SX",
        "--declarer",
        "W",
        "--vul",
        "NS",
        "--tricks",
        "6",
    ]);
    assert_eq!(v["score"], -800, "not vulnerable, doubled, down 4");
    let text = ok(&[
        "score",
        "--contract",
        "7NTXX",
        "--declarer",
        "S",
        "--vul",
        "Both",
        "--tricks",
        "0",
    ]);
    assert!(text.contains("down 13"), "{text}");
    assert!(text.contains("-7600"), "{text}");
}

#[test]
fn score_follows_the_rules_test_vectors() {
    // RULES.md §1.5, duplicate.
    for (contract, vul, tricks, score) in [
        ("1NT", "None", "7", 90),
        ("3NT", "Both", "9", 600),
        ("6C", "None", "12", 920),
        ("7NT", "Both", "13", 2220),
        ("2HX", "None", "8", 470),
        ("1CXX", "None", "7", 230),
        ("7NTXX", "Both", "13", 2980),
        ("4SX", "Both", "6", -1100),
        ("3NTXX", "None", "6", -1000),
    ] {
        let v = score_json(&[
            "--contract",
            contract,
            "--declarer",
            "N",
            "--vul",
            vul,
            "--tricks",
            tricks,
        ]);
        assert_eq!(v["score"], score, "{contract} {vul} {tricks}");
    }
    let v = score_json(&[
        "--contract",
        "7NTXX",
        "--declarer",
        "N",
        "--tricks",
        "13",
        "--insult-redoubled",
        "50",
    ]);
    assert_eq!(v["score"], 2230, "7NTXX NV with the legacy 50 insult");
}

#[test]
fn score_rubber_splits_above_and_below_the_line_with_honors() {
    let text = ok(&[
        "score",
        "--contract",
        "4H",
        "--declarer",
        "S",
        "--vul",
        "NS",
        "--tricks",
        "11",
        "--mode",
        "rubber",
        "--honors",
        "4",
    ]);
    assert!(text.contains("below the line (declarer): 120"), "{text}");
    assert!(text.contains("above the line (declarer): 30"), "{text}");
    assert!(
        text.contains("honors: 100 above the line (declarer)"),
        "{text}"
    );
    assert!(text.contains("+250"), "{text}");

    let v = score_json(&[
        "--contract",
        "4H",
        "--declarer",
        "S",
        "--vul",
        "NS",
        "--tricks",
        "11",
        "--mode",
        "rubber",
        "--honors",
        "4",
    ]);
    assert_eq!(v["mode"], "rubber");
    assert_eq!(v["below"], json!({"declarer": 120, "defenders": 0}));
    assert_eq!(v["above"], json!({"declarer": 30, "defenders": 0}));
    assert_eq!(v["honors"], json!({"points": 100, "side": "declarer"}));
    assert_eq!(v["game_bonus"], 0, "no game bonus per deal in rubber");
    assert_eq!(v["score"], 250);

    // Defeated, with the defenders' honors: everything goes to the defenders.
    let v = score_json(&[
        "--contract",
        "4H",
        "--declarer",
        "S",
        "--vul",
        "NS",
        "--tricks",
        "8",
        "--mode",
        "rubber",
        "--honors",
        "5",
        "--honors-by",
        "defenders",
    ]);
    assert_eq!(v["below"], json!({"declarer": 0, "defenders": 0}));
    assert_eq!(v["above"], json!({"declarer": 0, "defenders": 200}));
    assert_eq!(v["honors"], json!({"points": 150, "side": "defenders"}));
    assert_eq!(v["score"], -350);

    // Four aces in no trump.
    let v = score_json(&[
        "--contract",
        "3NT",
        "--declarer",
        "E",
        "--tricks",
        "9",
        "--mode",
        "rubber",
        "--honors",
        "aces",
    ]);
    assert_eq!(v["honors"]["points"], 150);
    assert_eq!(v["score"], 100 + 150);
}

#[test]
fn score_chicago_adds_the_game_bonus_when_the_deal_makes_game() {
    let v = score_json(&[
        "--contract",
        "4S",
        "--declarer",
        "N",
        "--tricks",
        "10",
        "--mode",
        "chicago",
    ]);
    assert_eq!(v["game_bonus"], 300);
    assert_eq!(v["score"], 420);
    let v = score_json(&[
        "--contract",
        "2S",
        "--declarer",
        "N",
        "--tricks",
        "8",
        "--mode",
        "chicago",
    ]);
    assert_eq!(v["game_bonus"], 0);
    assert_eq!(v["score"], 60, "no part-score premium in Chicago");
}

#[test]
fn score_refuses_bad_arguments_by_name() {
    let base = |contract: &'static str, tricks: &'static str| {
        vec![
            "score",
            "--contract",
            contract,
            "--declarer",
            "N",
            "--tricks",
            tricks,
        ]
    };
    let err = fails(&base("4Z", "10"));
    assert!(err.contains("--contract"), "{err}");
    let err = fails(&base("8S", "10"));
    assert!(err.contains("--contract"), "{err}");
    let err = fails(&base("0NT", "7"));
    assert!(err.contains("--contract"), "{err}");
    let err = fails(&base("4S", "14"));
    assert!(err.contains("--tricks"), "{err}");
    let err = fails(&base("4S", "300"));
    assert!(err.contains("--tricks"), "{err}");
    let err = fails(&base("4S", "ten"));
    assert!(err.contains("--tricks"), "{err}");
    let mut args = base("4S", "10");
    args.extend(["--honors", "4"]);
    let err = fails(&args);
    assert!(
        err.contains("--honors") && err.contains("duplicate"),
        "{err}"
    );
    let mut args = base("4S", "10");
    args.extend(["--mode", "rubber", "--honors", "7"]);
    let err = fails(&args);
    assert!(err.contains("--honors"), "{err}");
    let mut args = base("3NT", "10");
    args.extend(["--mode", "rubber", "--honors", "5"]);
    let err = fails(&args);
    assert!(err.contains("--honors") && err.contains("aces"), "{err}");
    let mut args = base("3S", "10");
    args.extend(["--mode", "chicago", "--honors", "aces"]);
    let err = fails(&args);
    assert!(err.contains("--honors"), "{err}");
    let err = fails(&[
        "score",
        "--contract",
        "4S",
        "--declarer",
        "Q",
        "--tricks",
        "10",
    ]);
    assert!(err.contains("--declarer"), "{err}");
    let mut args = base("4S", "10");
    args.extend(["--vul", "Some"]);
    assert!(fails(&args).contains("--vul"));
    let mut args = base("4S", "10");
    args.extend(["--insult-redoubled", "75"]);
    assert!(fails(&args).contains("--insult-redoubled"));
    let mut args = base("4S", "10");
    args.extend(["--mode", "imps"]);
    assert!(fails(&args).contains("--mode"));
    assert!(fails(&["score", "--declarer", "N", "--tricks", "10"]).contains("--contract"));
}

#[test]
fn score_refuses_a_strain_bridge_does_not_have() {
    let err = fails(&[
        "score",
        "--contract",
        "4R",
        "--declarer",
        "N",
        "--tricks",
        "10",
    ]);
    assert!(err.contains("--contract"), "{err}");
}

// ---------------------------------------------------------------------------------------
// sim
// ---------------------------------------------------------------------------------------

#[test]
fn sim_prints_its_speed_and_a_summary() {
    let text = ok(&["sim", "--deals", "2000", "--seed", "3"]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("2000 deals in "), "{text}");
    assert!(
        lines[0].contains("deals/s") && lines[0].contains("actions/s"),
        "{text}"
    );
    for needle in [
        "passed out: ",
        "contracts made: ",
        "doubled ",
        "levels: 1: ",
        "strains: C: ",
        "average score for North-South: ",
    ] {
        assert!(text.contains(needle), "no {needle:?} in {text}");
    }
}

#[test]
fn sim_is_the_same_on_any_number_of_threads() {
    let summary = |threads: &str| -> String {
        let text = ok(&[
            "sim",
            "--deals",
            "500",
            "--seed",
            "11",
            "--threads",
            threads,
        ]);
        // The first line is the timing; the rest depends only on the seeds.
        text.lines().skip(1).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(summary("1"), summary("3"));
}

#[test]
fn sim_takes_options_and_names_bad_ones() {
    ok(&[
        "sim",
        "--deals",
        "50",
        "--options",
        r#"{"scoring":"rubber"}"#,
    ]);
    let err = fails(&["sim", "--deals", "5", "--options", r#"{"scorin":"rubber"}"#]);
    assert!(err.contains("--options") && err.contains("scorin"), "{err}");
    let err = fails(&["sim", "--deals", "5", "--options", r#"{"boards":0}"#]);
    assert!(err.contains("--options") && err.contains("boards"), "{err}");
    let err = fails(&["sim", "--deals", "x"]);
    assert!(err.contains("--deals"), "{err}");
}

#[test]
fn sim_of_no_deals_is_refused_without_nan() {
    let out = tenace(&["sim", "--deals", "0"]);
    assert!(!stdout(&out).contains("NaN"), "{}", stdout(&out));
    let err = fails(&["sim", "--deals", "0"]);
    assert!(err.contains("--deals"), "{err}");
}

#[test]
fn sim_may_use_the_last_seed() {
    ok(&["sim", "--seed", "18446744073709551615", "--deals", "1"]);
}

// ---------------------------------------------------------------------------------------
// engine
// ---------------------------------------------------------------------------------------

fn parse(line: &str) -> Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line:.200}"))
}

#[test]
fn engine_answers_one_line_per_request_and_exits_at_eof() {
    let huge = format!(r#"{{"cmd":"legal","pad":"{}"}}"#, "x".repeat(100 * 1024));
    let mut input = Vec::new();
    for line in [
        r#"{"cmd":"new","game":"bridge","seed":7}"#,
        "",
        r#"{"cmd":"legal"}"#,
        "this is not JSON",
        "   ",
        huge.as_str(),
        r#"{"cmd":"apply","player":"E","action":"1NT"}"#,
        r#"{"cmd":"apply","player":"E","action":"P"}"#,
        r#"{"cmd":"observe","player":"S"}"#,
    ] {
        input.extend_from_slice(line.as_bytes());
        input.push(b'\n');
    }
    input.extend_from_slice(b"\xff\xfe not UTF-8\n");
    // CRLF endings are fine, and the last line needs no newline.
    input.extend_from_slice(b"{\"cmd\":\"legal\"}\r\n{\"cmd\":\"state\"}");
    let (lines, exited) = engine(&input);
    assert!(exited, "the engine exits 0 at the end of its input");
    assert_eq!(
        lines.len(),
        10,
        "one line per non-blank request: {lines:#?}"
    );
    let replies: Vec<Value> = lines.iter().map(|l| parse(l)).collect();
    let oks: Vec<bool> = replies.iter().map(|r| r["ok"] == true).collect();
    assert_eq!(
        oks,
        [
            true, true, false, false, true, false, true, false, true, true
        ],
        "{lines:#?}"
    );
    assert_eq!(replies[1]["to_act"], json!(["E"]));
    assert!(
        replies[2]["error"]
            .as_str()
            .unwrap()
            .starts_with("request: malformed JSON")
    );
    assert_eq!(replies[3]["error"], "request: longer than 65536 bytes");
    assert_eq!(replies[4]["to_act"], json!(["S"]));
    assert!(replies[5]["error"].as_str().unwrap().contains("Law 17"));
    assert_eq!(replies[6]["observation"]["viewer"], "S");
    assert_eq!(replies[7]["error"], "request: not valid UTF-8");
    assert_eq!(replies[8]["to_act"], json!(["S"]));
    assert_eq!(replies[9]["state"]["history"].as_array().unwrap().len(), 1);
}

#[test]
fn engine_with_no_input_prints_nothing() {
    let (lines, exited) = engine(b"");
    assert!(exited);
    assert!(lines.is_empty());
    let (lines, exited) = engine(b"\n\n  \n");
    assert!(exited);
    assert!(lines.is_empty(), "blank lines get no answer: {lines:?}");
}

#[test]
fn engine_refuses_a_line_over_the_limit_without_reading_it() {
    // A 1 MiB line, then a good request: the long line is refused and skipped.
    let mut input = vec![b'{'; 1 << 20];
    input.extend_from_slice(b"\n{\"cmd\":\"new\",\"game\":\"bridge\",\"seed\":1}\n");
    let (lines, exited) = engine(&input);
    assert!(exited);
    assert_eq!(lines.len(), 2);
    assert_eq!(
        parse(&lines[0])["error"],
        "request: longer than 65536 bytes"
    );
    assert_eq!(parse(&lines[1])["ok"], true);
    // Exactly 65536 bytes is accepted.
    let line = format!(r#"{{"cmd":"legal"}}{}"#, " ".repeat(65536 - 15));
    assert_eq!(line.len(), 65536);
    let (lines, _) = engine(format!("{line}\n").as_bytes());
    assert!(
        parse(&lines[0])["error"]
            .as_str()
            .unwrap()
            .starts_with("no game")
    );
}

// ---------------------------------------------------------------------------------------
// help
// ---------------------------------------------------------------------------------------

#[test]
fn help_of_each_subcommand_has_examples() {
    for command in ["deal", "score", "sim"] {
        let text = ok(&[command, "--help"]);
        assert!(
            text.contains("Examples:"),
            "tenace {command} --help: {text}"
        );
        assert!(
            text.contains(&format!("tenace {command} ")),
            "the examples run tenace {command}"
        );
    }
}

#[test]
fn help_of_engine_has_examples() {
    let text = ok(&["engine", "--help"]);
    assert!(text.contains("Examples:"), "{text}");
}

#[test]
fn the_engine_help_example_session_runs() {
    let text = ok(&["engine", "--help"]);
    let session: String = text
        .lines()
        .filter(|l| l.trim_start().starts_with("{\"cmd\""))
        .map(|l| format!("{}\n", l.trim()))
        .collect();
    assert!(!session.is_empty(), "{text}");
    let (lines, _) = engine(session.as_bytes());
    for line in lines {
        assert_eq!(parse(&line)["ok"], true, "{line:.300}");
    }
}

#[test]
fn the_examples_in_the_help_run() {
    for command in ["deal", "score", "sim"] {
        let text = ok(&[command, "--help"]);
        for example in text
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with(&format!("tenace {command} ")))
        {
            // Keep the simulations short.
            let mut args: Vec<String> = shell_words(example)[1..].to_vec();
            if let Some(i) = args.iter().position(|a| a == "--deals") {
                args[i + 1] = "200".into();
            }
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            ok(&args);
        }
    }
}

/// Splits an example command line on spaces, honouring single quotes.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '\'' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

// ---------------------------------------------------------------------------------------
// Devil's Bridge
// ---------------------------------------------------------------------------------------

#[test]
fn devils_bridge_deal_prints_a_hand_of_the_largest_size() {
    let text = ok(&["deal", "--game", "devils-bridge", "--players", "5"]);
    let line = text.trim();
    assert!(line.starts_with("dealer "), "{text}");
    let hands: Vec<&str> = line.split(" | ").skip(1).collect();
    assert_eq!(hands.len(), 5, "{text}");
    let mut seen = BTreeSet::new();
    for (i, hand) in hands.iter().enumerate() {
        let (name, cards) = hand.split_once(": ").expect("player: cards");
        assert_eq!(name, i.to_string());
        let cards: Vec<&str> = cards.split(' ').collect();
        assert_eq!(cards.len(), 10, "{hand}");
        seen.extend(cards);
    }
    assert_eq!(seen.len(), 50);
    // The same hand as the engine's seed 0.
    let (replies, _) = engine(
        br#"{"cmd":"new","game":"devils-bridge","seed":0,"options":{"players":5}}
"#,
    );
    let state: Value = serde_json::from_str(&replies[0]).unwrap();
    let mut engine_cards: Vec<String> = state["state"]["hands"]["0"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    let mut deal_cards: Vec<String> = hands[0][3..].split(' ').map(String::from).collect();
    engine_cards.sort();
    deal_cards.sort();
    assert_eq!(engine_cards, deal_cards);
    assert!(line.starts_with(&format!(
        "dealer {}, trump {}",
        state["state"]["dealer"].as_str().unwrap(),
        state["state"]["trump"].as_str().unwrap()
    )));
    let seven = ok(&[
        "deal",
        "--game",
        "devils-bridge",
        "--players",
        "7",
        "--count",
        "2",
    ]);
    assert_eq!(seven.lines().count(), 2);
    assert!(fails(&["deal", "--game", "devils-bridge", "--players", "8"]).contains("players"));
    assert!(fails(&["deal", "--players", "5", "--seed", "1"]).contains("--players"));
}

#[test]
fn devils_bridge_score_both_methods() {
    let text = ok(&[
        "score",
        "--game",
        "devils-bridge",
        "--bid",
        "3",
        "--tricks",
        "3",
    ]);
    assert!(text.contains("13 points"), "{text}");
    let text = ok(&[
        "score",
        "--game",
        "devils-bridge",
        "--bid",
        "3",
        "--tricks",
        "2",
    ]);
    assert!(text.contains(" 2 points"), "{text}");
    let json = score_json(&[
        "--game",
        "devils-bridge",
        "--bid",
        "3",
        "--tricks",
        "2",
        "--scoring",
        "exact_only",
    ]);
    assert_eq!(json["score"], 0);
    let json = score_json(&[
        "--game",
        "devils-bridge",
        "--bid",
        "4",
        "--tricks",
        "4",
        "--scoring",
        "exact_only",
    ]);
    assert_eq!(json["score"], 14);
    let err = fails(&["score", "--game", "devils-bridge", "--tricks", "2"]);
    assert!(err.contains("--bid"), "{err}");
    let err = fails(&[
        "score",
        "--game",
        "devils-bridge",
        "--bid",
        "5",
        "--tricks",
        "2",
        "--size",
        "3",
    ]);
    assert!(err.contains("--bid"), "{err}");
    let err = fails(&["score", "--bid", "3", "--tricks", "3"]);
    assert!(err.contains("--bid"), "{err}");
}

#[test]
fn devils_bridge_sim_plays_whole_games() {
    let text = ok(&[
        "sim",
        "--game",
        "devils-bridge",
        "--players",
        "5",
        "--deals",
        "200",
        "--seed",
        "4",
    ]);
    for needle in [
        "devils-bridge (5 players): 200 games",
        "exact bids: ",
        "series lengths (hands: games): ",
        "average winning total ",
    ] {
        assert!(text.contains(needle), "no {needle:?} in {text}");
    }
    let text = ok(&[
        "sim",
        "--game",
        "devils-bridge",
        "--players",
        "6",
        "--deals",
        "50",
        "--options",
        r#"{"target_score":null}"#,
    ]);
    assert!(
        text.contains("series lengths (hands: games): 15: 50"),
        "{text}"
    );
    let err = fails(&[
        "sim",
        "--game",
        "devils-bridge",
        "--players",
        "5",
        "--options",
        r#"{"players":4}"#,
    ]);
    assert!(err.contains("--players"), "{err}");
}

#[test]
fn bridgette_deal_is_the_deal_the_engine_plays() {
    let line = ok(&["deal", "--game", "bridgette", "--seed", "3"]);
    let e = bridgette_engine_state(3);
    let dealer = e["dealer"].as_str().unwrap().to_string();
    let upcard = e["upcard"].as_str().unwrap().to_string();
    assert!(
        line.starts_with(&format!("dealer {dealer}, upcard {upcard} | ")),
        "{line}"
    );
    // Each hand: the thirteen dealt, which the engine shows with the non-dealer's draw.
    let non_dealer = if dealer == "0" { "1" } else { "0" };
    let drawn: BTreeSet<String> = e["exchange"]["drawn"][non_dealer]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    let printed: BTreeSet<String> = line
        .split(" | ")
        .find_map(|part| part.strip_prefix(&format!("{non_dealer}: ")))
        .unwrap()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let engine_hand: BTreeSet<String> = e["hands"][non_dealer]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .filter(|c| !drawn.contains(c))
        .collect();
    assert_eq!(printed, engine_hand);
    let stock = line.split("stock: ").nth(1).unwrap();
    assert_eq!(stock.split_whitespace().count(), 28, "29 less the up-card");
}

/// The full state of a seeded Bridgette deal, from the engine.
fn bridgette_engine_state(seed: u64) -> Value {
    let request = json!({"cmd":"new","game":"bridgette","seed":seed}).to_string();
    let (lines, clean) = engine(format!("{request}\n").as_bytes());
    assert!(clean);
    parse(&lines[0])["state"].clone()
}

#[test]
fn bridgette_score_pays_the_scorer_and_names_bad_input() {
    for (contract, tricks, declarer, expected) in [
        ("1S", "7", "0", "400 points to player 0 (declarer)"),
        ("2H", "11", "1", "600 points to player 1 (declarer)"),
        ("4S", "11", "0", "750 points to player 0"),
        ("7NT", "13", "0", "2500 points to player 0"),
        ("1SX", "7", "0", "1600 points to player 0"),
        (
            "3NTX",
            "7",
            "0",
            "500 points to player 1 (declarer's opponent)",
        ),
    ] {
        let text = ok(&[
            "score",
            "--game",
            "bridgette",
            "--contract",
            contract,
            "--tricks",
            tricks,
            "--declarer",
            declarer,
        ]);
        assert!(text.contains(expected), "{contract} {tricks}: {text}");
    }
    let json_text = ok(&[
        "score",
        "--game",
        "bridgette",
        "--contract",
        "1SX",
        "--tricks",
        "7",
        "--json",
        "--options",
        r#"{"multiplier_scope":"exclude_double_bonus"}"#,
    ]);
    assert_eq!(parse(json_text.trim())["points"], json!(1200));
    for (args, names) in [
        (vec!["--contract", "1R", "--tricks", "7"], "--contract"),
        (vec!["--contract", "0S", "--tricks", "7"], "--contract"),
        (vec!["--contract", "1S", "--tricks", "14"], "--tricks"),
        (
            vec!["--contract", "1S", "--tricks", "7", "--declarer", "N"],
            "--declarer",
        ),
        (
            vec![
                "--contract",
                "1S",
                "--tricks",
                "7",
                "--options",
                r#"{"x":1}"#,
            ],
            "--options",
        ),
    ] {
        let mut full = vec!["score", "--game", "bridgette"];
        full.extend(args);
        let err = fails(&full);
        assert!(err.contains(names), "{full:?}: {err}");
    }
}

#[test]
fn bridgette_sim_plays_whole_games_on_any_number_of_threads() {
    let run = |threads: &str| {
        let text = ok(&[
            "sim",
            "--game",
            "bridgette",
            "--deals",
            "300",
            "--seed",
            "5",
            "--threads",
            threads,
        ]);
        // Everything but the timing line is the same whatever the thread count.
        text.lines().skip(1).collect::<Vec<_>>().join("\n")
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    for needle in [
        "thrown in: ",
        "contracts made: ",
        "levels: 0: ",
        "wins: player 0 ",
    ] {
        assert!(one.contains(needle), "no {needle:?} in {one}");
    }
    let err = fails(&["sim", "--game", "bridgette", "--players", "3"]);
    assert!(err.contains("played by two"), "{err}");
}

/// The deal whose every hand is one whole suit: each side's own suits as trumps make all
/// thirteen tricks, and in no trump the opening leader runs a suit.
const SOLID: &str = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

#[test]
fn solve_prints_the_table_and_par_as_json() {
    let out = tenace(&["solve", "--deal", SOLID, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(line["tricks"]["N"]["S"], 13);
    assert_eq!(line["tricks"]["E"]["H"], 13);
    assert_eq!(line["tricks"]["N"]["H"], 0);
    assert_eq!(line["tricks"]["S"]["NT"], 0);
    assert!(line["par"]["score"].is_i64(), "{line}");
}

#[test]
fn solve_takes_an_ending_without_par() {
    // North's two spades against East's two clubs: whoever leads in no trump keeps the
    // lead with their own suit, and a trump suit gives its holder both tricks.
    let ending = "N:AK... ...KQ 32... ...32";
    let out = tenace(&["solve", "--deal", ending, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert!(line.get("par").is_none(), "{line}");
    assert_eq!(line["tricks"]["N"]["S"], 2);
    assert_eq!(line["tricks"]["E"]["C"], 2);
    // North declares no trump: East leads a club and keeps the lead.
    assert_eq!(line["tricks"]["N"]["NT"], 0);
    assert_eq!(line["tricks"]["E"]["NT"], 0);

    let leads = tenace(&[
        "solve",
        "--deal",
        ending,
        "--lead",
        "--strain",
        "NT",
        "--declarer",
        "N",
        "--json",
    ]);
    let leads: serde_json::Value = serde_json::from_str(stdout(&leads).trim()).unwrap();
    assert_eq!(leads["leads"]["CK"], 2, "{leads}");
}

#[test]
fn solve_refuses_hands_of_different_sizes() {
    let out = tenace(&["solve", "--deal", "N:AK... ...KQ 3... ...32"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--deal") && err.contains("S holds 1 cards"),
        "{err}"
    );
}

#[test]
fn solve_batch_on_two_threads_equals_one_thread() {
    let dir = std::env::temp_dir().join(format!("tenace-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("boards.pbn");
    let endings = [
        "N:AKQ.2.. J32..2. T98...2 .3.AK.3",
        "N:A2.K.Q. K3.Q.2. Q4.A.3. J5.J.4.",
        SOLID,
    ];
    let text: String = endings
        .iter()
        .map(|d| format!("[Deal \"{d}\"]\n"))
        .collect();
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    let one = tenace(&["solve", "--file", path, "--json", "--threads", "1"]);
    let two = tenace(&["solve", "--file", path, "--json", "--threads", "2"]);
    assert!(
        one.status.success(),
        "{}",
        String::from_utf8_lossy(&one.stderr)
    );
    assert_eq!(stdout(&one), stdout(&two));
    assert_eq!(stdout(&one).lines().count(), 3);
    std::fs::remove_dir_all(&dir).ok();
}

/// The Five Crowns deal of issue 23: in no trump under `nominated_two`, East leads from
/// the heart king and the joker, which East names.
const JOKER_DEAL: &str = "N:K5.... ..K..+JK 4...3. 3..7..";
const NOMINATED: &str = r#"{"fc_nt_joker":"nominated_two"}"#;

#[test]
fn solve_values_a_joker_lead_at_its_best_naming() {
    let lead = [
        "solve",
        "--game",
        "five-crowns",
        "--deal",
        JOKER_DEAL,
        "--lead",
        "--strain",
        "NT",
        "--declarer",
        "N",
        "--options",
        NOMINATED,
    ];
    let json = parse(ok(&[&lead[..], &["--json"]].concat()).trim());
    // Named a spade or a club, nobody can follow and the heart king takes the second trick.
    assert_eq!(json["leads"]["JK"], 2, "{json}");
    assert_eq!(json["leads"]["HK"], 2, "{json}");
    // The table agrees: North declaring no trump takes nothing.
    let table = parse(
        ok(&[
            "solve",
            "--game",
            "five-crowns",
            "--deal",
            JOKER_DEAL,
            "--options",
            NOMINATED,
            "--json",
        ])
        .trim(),
    );
    assert_eq!(table["tricks"]["N"]["NT"], 0, "{table}");
    // In text the joker is listed once, with the naming that takes those tricks.
    let text = ok(&lead);
    let leads = text.lines().nth(1).unwrap_or_default();
    assert_eq!(leads.matches("JK").count(), 1, "{text}");
    assert!(leads.contains("JK 2 (named "), "{text}");
}

/// Where each word of a line ends: right-aligned columns end together.
fn word_ends(line: &str) -> Vec<usize> {
    line.char_indices()
        .filter(|&(i, c)| {
            c != ' '
                && line[i + c.len_utf8()..]
                    .chars()
                    .next()
                    .is_none_or(|n| n == ' ')
        })
        .map(|(i, _)| i)
        .collect()
}

/// Every row's numbers (after its label) end where the heading's column labels do.
fn assert_columns(header: &str, rows: &[&str], columns: usize) {
    let ends = word_ends(header);
    assert!(ends.len() >= columns, "a label a column: {header:?}");
    for row in rows {
        let row_ends = word_ends(row);
        assert_eq!(
            row_ends.len(),
            columns + 1,
            "a label and {columns} numbers: {row:?}"
        );
        assert_eq!(
            row_ends[1..],
            ends[ends.len() - columns..],
            "{header:?} over {row:?}"
        );
    }
}

#[test]
fn solve_table_labels_sit_over_their_columns() {
    let text = ok(&["solve", "--deal", SOLID]);
    let lines: Vec<&str> = text.lines().collect();
    let rows: Vec<&str> = lines[2..]
        .iter()
        .copied()
        .filter(|l| !l.trim_start().starts_with("par"))
        .collect();
    assert_eq!(rows.len(), 5, "a row a strain: {text}");
    assert_columns(lines[1], &rows, 4);

    let text = ok(&["solve", "--game", "bridgette", "--seed", "3"]);
    let lines: Vec<&str> = text.lines().collect();
    let header = lines
        .iter()
        .position(|l| l.trim_start().starts_with("declarer "))
        .unwrap_or_else(|| panic!("a heading naming the declarers: {text}"));
    assert_eq!(lines.len(), header + 6, "a row a strain: {text}");
    assert_columns(lines[header], &lines[header + 1..], 2);
}

#[test]
fn a_table_size_out_of_range_blames_players() {
    for command in ["deal", "sim", "solve"] {
        let err = fails(&[command, "--game", "devils-bridge", "--players", "9"]);
        assert!(
            err.contains("--players") && err.contains("3 to 7") && !err.contains("--options"),
            "tenace {command}: {err}"
        );
    }
}

#[test]
fn solve_devils_bridge_prints_each_range_and_clean_json() {
    let small = ["--game", "devils-bridge", "--players", "3", "--seed", "4"];
    let options = ["--options", r#"{"max_hand":4}"#];
    let text = ok(&[&["solve"][..], &small, &options].concat());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "a header and a line a player: {text}");
    let out = tenace(&[&["solve"][..], &small, &options, &["--json"]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let json = parse(stdout(&out).trim());
    assert_eq!(stdout(&out).lines().count(), 1, "one JSON line");
    for p in 0..3 {
        let range = &json["ranges"][p.to_string()];
        let (fewest, most) = (range["fewest"].as_u64(), range["most"].as_u64());
        // Everyone else may force tricks on a player as well as take them: the fewest
        // they can hold themselves to may pass the most they can make sure of.
        assert!(fewest <= Some(4) && most <= Some(4), "{json}");
        // Each player's line as that player is done, so in any order.
        let needle = format!(
            "  player {p}: at least {} trying to win, at most {} trying to lose",
            most.unwrap(),
            fewest.unwrap()
        );
        assert!(lines[1..].iter().any(|l| l.starts_with(&needle)), "{text}");
    }
}

/// A long solve prints what it has as it goes: the help's own five-player example shows
/// its heading at once, while the players are still being solved.
#[test]
fn solve_devils_bridge_prints_before_it_is_done() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenace"))
        .args([
            "solve",
            "--game",
            "devils-bridge",
            "--players",
            "5",
            "--seed",
            "3",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the tenace binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout is piped"))
        .read_line(&mut first)
        .expect("a line of output");
    let running = child.try_wait().expect("the child can be asked").is_none();
    child.kill().ok();
    child.wait().ok();
    assert!(first.starts_with("seed 3, trump "), "{first:?}");
    assert!(running, "the heading came only once the solve was done");
}

#[test]
fn solve_refuses_no_threads_before_printing_anything() {
    for game in ["bridge", "bridgette", "devils-bridge"] {
        let out = tenace(&["solve", "--game", game, "--seed", "1", "--threads", "0"]);
        assert!(!out.status.success(), "{game}");
        assert_eq!(stdout(&out), "", "{game}");
        assert!(
            stderr(&out).contains("--threads"),
            "{game}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn solve_leads_are_the_same_on_any_number_of_threads() {
    let lead = ["solve", "--seed", "7", "--lead", "--strain", "S", "--json"];
    let one = ok(&[&lead[..], &["--threads", "1"]].concat());
    let two = ok(&[&lead[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
    let json = parse(one.trim());
    assert_eq!(
        json["leads"].as_object().map(|m| m.len()),
        Some(13),
        "{json}"
    );
}

// ---------------------------------------------------------------------------------------
// help and README
// ---------------------------------------------------------------------------------------

const COMMANDS: [&str; 7] = ["deal", "score", "sim", "solve", "engine", "play", "serve"];

#[test]
fn help_lists_every_command_and_where_the_rules_are() {
    let text = ok(&["--help"]);
    for command in COMMANDS {
        assert!(
            text.lines()
                .any(|l| l.trim_start().starts_with(&format!("{command} "))),
            "tenace --help lacks {command}: {text}"
        );
    }
    assert!(text.contains("docs/RULES.md"), "{text}");
}

/// The README lists every command, and every file it links to or names under `docs/`
/// is in the repository.
#[test]
fn readme_lists_every_command_and_its_docs_exist() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md reads");
    let command_line = readme
        .lines()
        .position(|l| l.contains("**The `tenace` command**"))
        .map(|i| readme.lines().skip(i).take(3).collect::<Vec<_>>().join(" "))
        .expect("the README's list of commands");
    for command in COMMANDS {
        assert!(
            command_line.contains(&format!("`{command}`")),
            "{command} is not in {command_line:?}"
        );
    }
    let mut cited = 0;
    for (i, _) in readme.match_indices("docs/") {
        let name: String = readme[i..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || "/._-".contains(*c))
            .collect();
        let name = name.trim_end_matches('.');
        if name.ends_with(".md") {
            assert!(
                root.join(name).is_file(),
                "the README cites {name}, not in the repository"
            );
            cited += 1;
        }
    }
    assert!(
        readme.contains("docs/RULES.md"),
        "the README cites the rules where they are"
    );
    assert!(cited >= 3, "{cited} docs cited");
    assert!(
        !readme.contains("each or a"),
        "the sentence about matches reads as it should"
    );
}

/// Every example of the README's Examples section that shows its output prints exactly
/// that output.
#[test]
fn readme_examples_print_what_the_readme_shows() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md reads");
    let section = readme
        .split("## Examples")
        .nth(1)
        .and_then(|rest| rest.split("```sh\n").nth(1))
        .and_then(|rest| rest.split("```").next())
        .expect("the README's Examples block");
    let mut checked = 0;
    let mut lines = section.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(command) = line.strip_prefix("$ tenace ") else {
            continue;
        };
        let mut shown = String::new();
        while let Some(out) = lines.next_if(|l| !l.is_empty() && !l.starts_with("$ ")) {
            shown += out;
            shown.push('\n');
        }
        if shown.is_empty() || command.contains('|') {
            continue;
        }
        let args = shell_words(command);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_eq!(ok(&args), shown, "tenace {command}");
        checked += 1;
    }
    assert!(checked >= 8, "{checked} examples with output");
}
