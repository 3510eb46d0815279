//! The screen drawn on ratatui's test backend: the hand, the auction, the trick and the
//! sheet show what the human may see, and no hidden hand.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tenace_cards::Player;
use tenace_rules::bridge::{BridgeMatch, BridgeOptions};
use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsMatch};

use super::draw;
use crate::commands::play::app::{App, Intent};
use crate::commands::play::opponent::Level;
use crate::commands::play::table::PlayMatch;

/// The screen as text, one line per row.
fn screen(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("terminal");
    terminal
        .draw(|frame| {
            draw(frame, app);
        })
        .expect("draw");
    let buffer = terminal.backend().buffer();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn bridge_app() -> App {
    let game = BridgeMatch::new(BridgeOptions::default(), 3).expect("match");
    App::new(PlayMatch::Bridge(game), Player(2), Level::Random, 3).expect("app")
}

#[test]
fn the_hand_auction_and_sheet_show() {
    let mut app = bridge_app();
    while !app.human_must_act() {
        assert!(app.step_opponents());
    }
    let text = screen(&app);
    assert!(text.contains("S (you): 13 cards"), "{text}");
    assert!(
        text.contains("Auction") && text.contains("N     E     S     W"),
        "{text}"
    );
    assert!(text.contains("Score sheet") && text.contains("Total (points): NS 0  EW 0"));
    assert!(text.contains("Your turn") && text.contains("[P]"), "{text}");
    // Only the human's hand: the others are counts.
    assert!(
        text.contains("Hidden hands: W 13 cards, N 13 cards, E 13 cards"),
        "{text}"
    );
}

#[test]
fn the_trick_in_progress_shows() {
    let mut app = bridge_app();
    for _ in 0..500 {
        let trick_started = app
            .view()
            .and_then(|v| v.trick)
            .is_some_and(|t| !t.is_empty());
        if trick_started || app.paused_deal().is_some() {
            break;
        }
        if !app.human_must_act() {
            app.step_opponents();
        } else {
            // The last legal call bids high, so the deal is not passed out.
            let n = app.human_actions().len();
            app.handle(Intent::PlayIndex(n.saturating_sub(1)));
        }
    }
    let text = screen(&app);
    assert!(text.contains("Trick: "), "{text}");
    assert!(text.contains("Contract "), "{text}");
}

#[test]
fn devils_bridge_bids_show_with_the_hook() {
    let game = DevilsMatch::new(DevilsBridgeOptions::for_players(5), 4).expect("match");
    let app = App::new(PlayMatch::Devils(game), Player(0), Level::Random, 4).expect("app");
    let text = screen(&app);
    assert!(text.contains("on the hook"), "{text}");
    assert!(text.contains("0 (you)"), "{text}");
}
