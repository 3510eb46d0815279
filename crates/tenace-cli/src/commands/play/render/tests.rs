//! The screen drawn on ratatui's test backend: the hand, the auction, the trick and the
//! sheet show what the human may see, and no hidden hand.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tenace_bots::BotOptions;
use tenace_cards::Player;
use tenace_rules::bridge::{BridgeMatch, BridgeOptions};
use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsMatch};

use super::{ClickTargets, draw};
use crate::commands::play::app::{App, Intent};
use crate::commands::play::opponent::Level;
use crate::commands::play::table::PlayMatch;

/// The screen as text, one line per row.
fn screen(app: &App) -> String {
    screen_and_targets(app).0
}

/// The screen as text, and where clicks mean something.
fn screen_and_targets(app: &App) -> (String, ClickTargets) {
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("terminal");
    let mut targets = ClickTargets::default();
    terminal
        .draw(|frame| {
            targets = draw(frame, app);
        })
        .expect("draw");
    let buffer = terminal.backend().buffer();
    let text = (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n");
    (text, targets)
}

fn bridge_app() -> App {
    let game = BridgeMatch::new(BridgeOptions::default(), 3).expect("match");
    App::new(
        PlayMatch::Bridge(game),
        Player(2),
        Level::Random,
        BotOptions::samples(2),
        3,
    )
    .expect("app")
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
    let app = App::new(
        PlayMatch::Devils(game),
        Player(0),
        Level::Random,
        BotOptions::samples(2),
        4,
    )
    .expect("app");
    let text = screen(&app);
    assert!(text.contains("on the hook"), "{text}");
    assert!(text.contains("0 (you)"), "{text}");
}

#[test]
fn a_click_on_a_card_lands_on_its_symbol_and_plays_it() {
    // East: on this seed North declares, so East defends and plays cards.
    let game = BridgeMatch::new(BridgeOptions::default(), 3).expect("match");
    let mut app = App::new(
        PlayMatch::Bridge(game),
        Player(1),
        Level::Random,
        BotOptions::samples(2),
        3,
    )
    .expect("app");
    let (text, targets) = screen_and_targets(&app);
    assert_eq!(targets.cards.len(), 13, "your thirteen cards are clickable");
    let rows: Vec<&str> = text.lines().collect();
    for (rect, card) in &targets.cards {
        let shown: String = rows[usize::from(rect.y)]
            .chars()
            .skip(usize::from(rect.x))
            .take(usize::from(rect.width))
            .collect();
        let rank = card.rank().map(|r| r.to_string()).unwrap_or_default();
        assert_eq!(shown, rank, "{card} at {rect:?}");
    }
    // In the auction a card is refused; once play comes to you, a click plays it.
    let (_, card) = targets.cards[0];
    app.handle(Intent::PlayCard(card));
    assert!(
        app.error()
            .is_some_and(|e| e.contains("cannot be played now"))
    );
    for _ in 0..500 {
        let legal_card = app.human_actions().iter().find_map(|a| match a {
            tenace_rules::Action::Card(c) => Some(*c),
            _ => None,
        });
        if let Some(card) = legal_card {
            let before = app.game().history().len();
            app.handle(Intent::PlayCard(card));
            assert_eq!(app.game().history().len(), before + 1, "{:?}", app.error());
            return;
        }
        if app.human_must_act() {
            let n = app.human_actions().len();
            app.handle(Intent::PlayIndex(n - 1));
        } else if !app.step_opponents() {
            break;
        }
    }
    panic!("the human never had a card to play:\n{}", screen(&app));
}

#[test]
fn a_blind_hand_shows_the_others_cards_and_not_yours() {
    let mut options = DevilsBridgeOptions::for_players(4);
    options.blind_one_card_hands = tenace_rules::devils_bridge::BlindHands::All;
    let game = DevilsMatch::new(options, 4).expect("match");
    let app = App::new(
        PlayMatch::Devils(game),
        Player(0),
        Level::Random,
        BotOptions::samples(2),
        4,
    )
    .expect("app");
    let view = app.view().expect("a view");
    assert!(
        view.blind,
        "the first hand has one card, and every one-card hand is blind"
    );
    let text = screen(&app);
    assert!(text.contains("Blind hand"), "{text}");
    assert!(text.contains("Hidden hands: 0 (you) 1 cards"), "{text}");
    for p in 1..4u8 {
        let hand = view.hands[usize::from(p)].expect("the others' cards are seen");
        let shown = format!("{p}: {}", super::hand::compact(hand));
        assert!(text.contains(&shown), "{shown} not in\n{text}");
    }
}
