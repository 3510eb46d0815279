//! `tenace play` in a real terminal: tmux runs the binary, keys are sent, and the screen
//! is read back. Each game plays one deal to its end by pressing Enter (the first legal
//! action) until the deal is over, and the score sheet shows the deal; at 80×24 every
//! screen on the way is checked for what must stay in view (your hand, dummy once it is
//! down, the trick, the contract, whose turn), and the review is scrolled. Skipped, with a
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
        Session::sized(name, command, 120, 40)
    }

    fn sized(name: &str, command: &str, width: u16, height: u16) -> Session {
        let (width, height) = (width.to_string(), height.to_string());
        let out = tmux(&[
            "new-session",
            "-d",
            "-s",
            name,
            "-x",
            &width,
            "-y",
            &height,
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
        "LANG=C.UTF-8 {} play --game {game} --seed 5 --delay 0 {extra}; echo TENACE-EXITED; sleep 30",
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
        review.contains("Review of deal 1") && review.contains("Result: "),
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
    plays_one_deal("bridgette", "", "Total: P0");
}

/// What must be in view on every screen of a deal at 80×24, whatever the phase.
fn check_small_screen(game: &str, title: &str, screen: &str) {
    let fail = |what: &str| panic!("{game} at 80x24: {what} is not in view:\n{screen}");
    if !screen.contains(title) {
        fail("the game's name");
    }
    let turn = [
        "Your turn",
        "Waiting for",
        "The deal is over",
        "The match is over",
    ];
    if !turn.iter().any(|t| screen.contains(t)) {
        fail("whose turn it is");
    }
    if !screen.contains("(you)") {
        fail("your hand");
    }
    let playing = screen.contains("Trick: ") || screen.contains("Last: ");
    // Your hand by suit or on a line, once its cards are known.
    if !screen.contains("(you): ") && !screen.contains("Blind hand") {
        fail("your cards");
    }
    if playing && game != "devils-bridge" {
        let Some(at) = screen.find("Contract ") else {
            return fail("the contract");
        };
        // Dummy is down once the opening lead is made: its seat and cards are shown.
        let contract = &screen[at..screen[at..].find('│').map_or(screen.len(), |e| at + e)];
        if let Some(dummy) = contract.split(", dummy ").nth(1).and_then(|d| d.get(..1)) {
            // A card on the table: the trick shows `Trick: W ♠4`, or a trick is done.
            let card_in_trick = screen.split("Trick: ").skip(1).any(|rest| {
                let mut chars = rest.chars().skip(2);
                // A suit's symbol, or the joker's J.
                chars.next().is_some_and(|c| "♠♥♦♣★J".contains(c))
            });
            let lead_made = screen.contains("Last: ") || card_in_trick;
            let shown = screen.contains(&format!("{dummy} (dummy): "))
                || screen.contains(&format!("{dummy} (you): "));
            if lead_made && !shown {
                fail("dummy's hand");
            }
        }
    }
    // Once the play has begun, the trick in progress shows until the deal is over.
    if screen.contains("Tricks won:")
        && !screen.contains("The deal is over")
        && !screen.contains("Trick: ")
    {
        fail("the trick");
    }
    if game == "devils-bridge" && !screen.contains("Bids total") && !screen.contains("Score sheet")
    {
        fail("the bids");
    }
    if screen.contains("Your turn") && !screen.contains("Your actions") {
        fail("your actions");
    }
}

/// Plays the first deal of `game` at 80×24, checking every screen on the way, then
/// scrolls the review to its end and leaves it.
fn plays_one_small_deal(game: &str, extra: &str, title: &str) {
    if tmux_missing() {
        eprintln!("SKIPPED: tmux is not installed; the terminal session test needs it");
        return;
    }
    let start = Instant::now();
    let command = format!(
        "LANG=C.UTF-8 {} play --game {game} --seed 5 --delay 0 {extra}; echo TENACE-EXITED; sleep 30",
        env!("CARGO_BIN_EXE_tenace")
    );
    let session = Session::sized(&format!("small-{game}"), &command, 80, 24);
    let mut screen = String::new();
    let mut screens = 0;
    let mut bid_first = game == "bridgette";
    while start.elapsed() < Duration::from_secs(60) {
        sleep(Duration::from_millis(60));
        screen = session.screen();
        if screen.contains("TENACE-EXITED") {
            break;
        }
        check_small_screen(game, title, &screen);
        screens += 1;
        if screen.contains("The deal is over") {
            break;
        }
        if screen.contains("Your turn") {
            // The first action in an auction is a pass, and two passes throw a Bridgette
            // deal in: bid the lowest bid once, so the deal is played.
            if bid_first && screen.contains("[P]") {
                bid_first = false;
                session.keys(&["Right", "Enter"]);
            } else {
                session.keys(&["Enter"]);
            }
        }
    }
    assert!(
        screen.contains("The deal is over"),
        "{game}: the deal did not end:\n{screen}"
    );
    assert!(
        !bid_first || game != "bridgette",
        "{game}: the human never bid"
    );
    // At 80x24 the sheet takes the auction's place once the deal is over.
    assert!(screen.contains("Score sheet"), "{screen}");
    session.keys(&["r"]);
    sleep(Duration::from_millis(300));
    let top = session.screen();
    assert!(top.contains("Review of deal 1"), "{top}");
    assert!(top.contains("Hands "), "{top}");
    let mut bottom = top.clone();
    for _ in 0..6 {
        session.keys(&["PageDown"]);
        sleep(Duration::from_millis(100));
        bottom = session.screen();
    }
    assert!(bottom.contains("Double-dummy analysis"), "{bottom}");
    // When the review is longer than the screen, its top has scrolled away.
    let longer = top
        .split("scroll (")
        .nth(1)
        .and_then(|r| r.split(')').next())
        .and_then(|r| r.split_once('/'))
        .is_some_and(|(shown, total)| shown != total);
    assert!(
        !longer || !bottom.contains("Hands "),
        "the review scrolled: {bottom}"
    );
    // The review is left at once, solved or not.
    session.keys(&["Escape"]);
    sleep(Duration::from_millis(300));
    let table = session.screen();
    assert!(
        table.contains("The deal is over") && !table.contains("Review of deal"),
        "{table}"
    );
    // Quitting a match in progress asks first.
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
    eprintln!(
        "{game} at 80x24: one deal, {screens} screens checked, in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn bridge_deal_at_80_by_24() {
    plays_one_small_deal("bridge", "", "Contract Bridge");
}

#[test]
fn deuces_wild_deal_at_80_by_24() {
    plays_one_small_deal("deuces-wild", "--seat N", "Deuces Wild");
}

#[test]
fn five_crowns_deal_at_80_by_24() {
    plays_one_small_deal("five-crowns", "", "Five Crowns Bridge");
}

#[test]
fn devils_bridge_hand_at_80_by_24() {
    plays_one_small_deal("devils-bridge", "--players 7 --seat P3", "Devil's Bridge");
}

#[test]
fn bridgette_deal_at_80_by_24() {
    plays_one_small_deal("bridgette", "", "Bridgette");
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
