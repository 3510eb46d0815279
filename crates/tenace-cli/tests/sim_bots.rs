//! `tenace sim --bots`: computer players against each other, with the mean result and its
//! confidence interval, the same whatever the thread count; bad levels are refused by name.

use std::process::Command;

fn tenace(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tenace"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The report without its first line, which has the timing.
fn figures(stdout: &str) -> String {
    stdout.lines().skip(1).collect::<Vec<_>>().join("\n")
}

#[test]
fn every_game_reports_a_mean_with_a_confidence_interval() {
    for (game, extra) in [
        ("bridge", "IMPs"),
        ("deuces-wild", "IMPs"),
        ("five-crowns", "IMPs"),
        ("devils-bridge", "exact bids"),
        ("bridgette", "points"),
    ] {
        let (ok, out, err) = tenace(&[
            "sim",
            "--game",
            game,
            "--bots",
            "basic,random",
            "--deals",
            "6",
        ]);
        assert!(ok, "{game}: {err}");
        assert!(out.contains("95% confidence interval"), "{game}: {out}");
        assert!(out.contains(extra), "{game}: {out}");
    }
}

#[test]
fn a_run_is_the_same_on_one_thread_and_on_many() {
    let args = [
        "sim",
        "--game",
        "bridge",
        "--bots",
        "basic,random",
        "--deals",
        "16",
        "--seed",
        "5",
    ];
    let (_, one, _) = tenace(&[&args[..], &["--threads", "1"]].concat());
    let (_, many, _) = tenace(&[&args[..], &["--threads", "3"]].concat());
    assert_eq!(figures(&one), figures(&many));
}

#[test]
fn bad_levels_are_refused_by_name() {
    for (bots, message) in [
        ("basic", "--bots: expected two levels"),
        ("basic,wizard", "--bots: unknown level \"wizard\""),
    ] {
        let (ok, _, err) = tenace(&["sim", "--game", "bridge", "--bots", bots, "--deals", "2"]);
        assert!(!ok, "{bots}");
        assert!(err.contains(message), "{bots}: {err}");
    }
}

#[test]
fn the_expert_plays_and_its_decision_times_are_reported() {
    // Devil's Bridge with hands of one and two cards: every solve is quick even in a test
    // build (full deals of the other games are measured in release, by hand).
    let (ok, out, err) = tenace(&[
        "sim",
        "--game",
        "devils-bridge",
        "--players",
        "3",
        "--options",
        r#"{"max_hand":2,"target_score":null}"#,
        "--bots",
        "expert,basic",
        "--deals",
        "2",
        "--samples",
        "2",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("exact bids, A (expert)"), "{out}");
    assert!(
        out.contains("expert decisions:") && out.contains("p99"),
        "{out}"
    );
}

#[test]
fn the_thinking_options_are_checked() {
    let (ok, _, err) = tenace(&["sim", "--bots", "expert,basic", "--samples", "0"]);
    assert!(!ok && err.contains("--samples"), "{err}");
    let (ok, _, err) = tenace(&["sim", "--think-ms", "5", "--deals", "2"]);
    assert!(!ok && err.contains("only with --bots"), "{err}");
}

#[test]
fn five_crowns_declarer_play_is_measured_against_double_dummy() {
    // Five Crowns' contracts solve on the solver's fast path, so the sim measures its
    // declarers too: two deals (neither passed out), the expert on a small budget.
    let (ok, out, err) = tenace(&[
        "sim",
        "--game",
        "five-crowns",
        "--bots",
        "expert,basic",
        "--deals",
        "2",
        "--seed",
        "0",
        "--think-ms",
        "20",
    ]);
    assert!(ok, "{err}");
    for side in ["A (expert)", "B (basic)"] {
        let line =
            format!("declarer's tricks against the double-dummy result of the contract, {side}");
        assert!(out.contains(&line), "{side}: {out}");
    }
}
