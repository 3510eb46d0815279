//! `tenace play` in a real terminal: tmux runs the binary, keys are sent, and the screen
//! is read back. Each game plays one deal to its end by pressing Enter (the first legal
//! action) until the deal is over, and the score sheet shows the deal. Skipped, with a
//! message, only where tmux is not installed (CI installs it).

use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A tmux server of the test's own, so no one's sessions are touched.
const SOCKET: &str = "tenace-play-test";

fn tmux(args: &[&str]) -> Option<Output> {
    Command::new("tmux")
        .arg("-L")
        .arg(SOCKET)
        .args(args)
        .output()
        .ok()
}

fn tmux_missing() -> bool {
    Command::new("tmux").arg("-V").output().is_err()
}

/// A tmux session, killed when the test ends however it ends.
struct Session(String);

impl Session {
    fn start(name: &str, command: &str) -> Session {
        let out = tmux(&[
            "new-session",
            "-d",
            "-s",
            name,
            "-x",
            "120",
            "-y",
            "40",
            command,
        ])
        .expect("tmux runs");
        assert!(
            out.status.success(),
            "tmux new-session: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        Session(name.to_string())
    }

    fn screen(&self) -> String {
        tmux(&["capture-pane", "-p", "-t", &self.0])
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default()
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", self.0.as_str()];
        args.extend_from_slice(keys);
        tmux(&args);
    }

    fn alive(&self) -> bool {
        tmux(&["has-session", "-t", &self.0]).is_some_and(|o| o.status.success())
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        tmux(&["kill-session", "-t", &self.0]);
    }
}

/// Plays the first deal of `game` by pressing Enter, then checks the screen and quits.
fn plays_one_deal(game: &str, extra: &str, sheet_line: &str) {
    if tmux_missing() {
        eprintln!("SKIPPED: tmux is not installed; the terminal session test needs it");
        return;
    }
    let start = Instant::now();
    let command = format!(
        "{} play --game {game} --seed 5 --delay 0 {extra}; echo TENACE-EXITED; sleep 30",
        env!("CARGO_BIN_EXE_tenace")
    );
    let session = Session::start(&format!("play-{game}"), &command);
    let mut screen = String::new();
    while start.elapsed() < Duration::from_secs(40) {
        sleep(Duration::from_millis(60));
        screen = session.screen();
        if screen.contains("The deal is over") || screen.contains("TENACE-EXITED") {
            break;
        }
        if screen.contains("Your turn") {
            session.keys(&["Enter"]);
        }
    }
    assert!(
        screen.contains("The deal is over"),
        "{game}: the deal did not end:\n{screen}"
    );
    assert!(screen.contains("Score sheet"), "{screen}");
    assert!(
        screen.contains(sheet_line),
        "{game}: no {sheet_line:?} on the sheet:\n{screen}"
    );
    assert!(screen.contains("Total"), "{screen}");

    // The review shows every hand now the deal is over; then quit, confirming.
    session.keys(&["r"]);
    sleep(Duration::from_millis(300));
    let review = session.screen();
    assert!(
        review.contains("Hands as dealt") && review.contains("Double-dummy review"),
        "{review}"
    );
    // Undo takes back your last action: the deal is live again and waits for you.
    session.keys(&["Escape", "u"]);
    let undo_by = Instant::now();
    let mut undone = session.screen();
    while undo_by.elapsed() < Duration::from_secs(5) && !undone.contains("Your turn") {
        sleep(Duration::from_millis(50));
        undone = session.screen();
    }
    assert!(
        undone.contains("undone") && undone.contains("Your turn"),
        "{undone}"
    );
    session.keys(&["q"]);
    sleep(Duration::from_millis(200));
    session.keys(&["y"]);
    let quit_by = Instant::now();
    while quit_by.elapsed() < Duration::from_secs(5) && !session.screen().contains("TENACE-EXITED")
    {
        sleep(Duration::from_millis(50));
    }
    let after = session.screen();
    assert!(
        after.contains("TENACE-EXITED"),
        "{game}: did not quit:\n{after}"
    );
    // The alternate screen is left: the game's boxes are gone from the shell's screen.
    assert!(
        !after.contains("Score sheet"),
        "{game}: the screen was not restored:\n{after}"
    );
    assert!(session.alive());
    eprintln!("{game}: one deal in {:.1} s", start.elapsed().as_secs_f64());
}

#[test]
fn bridge_deal_in_a_terminal() {
    plays_one_deal("bridge", "", "Deal 1:");
}

#[test]
fn deuces_wild_deal_in_a_terminal() {
    plays_one_deal("deuces-wild", "--seat N", "Deal 1:");
}

#[test]
fn five_crowns_deal_in_a_terminal() {
    plays_one_deal("five-crowns", "", "Deal 1:");
}

#[test]
fn devils_bridge_hand_in_a_terminal() {
    plays_one_deal("devils-bridge", "--players 5 --seat 2", "Hand 1");
}

#[test]
fn bridgette_deal_in_a_terminal() {
    plays_one_deal("bridgette", "", "Total: 0:");
}

/// Runs `tenace play` with arguments it must refuse before taking the terminal.
fn refused(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tenace"))
        .arg("play")
        .args(args)
        .output()
        .expect("the tenace binary runs");
    assert_eq!(out.status.code(), Some(2), "{args:?} should be refused");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn bad_arguments_are_refused_by_name() {
    assert!(refused(&["--level", "wizard"]).contains("--level"));
    assert!(refused(&["--samples", "0"]).contains("--samples"));
    assert!(refused(&["--game", "bridgette", "--seat", "5"]).contains("--seat"));
    assert!(refused(&["--game", "bridge", "--players", "5"]).contains("--players"));
    assert!(refused(&["--options", "{"]).contains("--options"));
}
