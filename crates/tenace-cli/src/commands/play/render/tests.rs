//! The screen drawn on ratatui's test backend: the hand, the auction, the trick and the
//! sheet show what the human may see, and no hidden hand.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tenace_bots::BotOptions;
use tenace_cards::Player;
use tenace_rules::bridge::{BridgeMatch, BridgeOptions};
use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsMatch};

use super::glyphs::Glyphs;
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
    sized_screen(app, 120, 40)
}

/// The screen as text at a size, and where clicks mean something.
fn sized_screen(app: &App, width: u16, height: u16) -> (String, ClickTargets) {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("terminal");
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
        text.contains("Cards in unseen hands: W 13, N 13, E 13"),
        "{text}"
    );
    assert!(
        text.contains(" Contract Bridge "),
        "the game is named: {text}"
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
    assert!(text.contains("(* dealer)"), "{text}");
    assert!(text.contains("P0 (you)"), "{text}");
    assert!(text.contains(" Devil's Bridge "), "{text}");
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
    assert!(text.contains("Cards in unseen hands: P0 (you) 1"), "{text}");
    for p in 1..4u8 {
        let hand = view.hands[usize::from(p)].expect("the others' cards are seen");
        let card = hand.iter().next().expect("one card");
        let shown = format!("P{p}: 1 card {}", Glyphs::UNICODE.card(card));
        assert!(text.contains(&shown), "{shown} not in\n{text}");
    }
    assert!(!text.contains("1 cards"), "{text}");
}

/// The human bids the last call offered (high, so they declare) and otherwise plays the
/// first action, until `done` holds; `None` if the deal ended first.
fn play_until(app: &mut App, done: impl Fn(&App) -> bool) -> Option<()> {
    for _ in 0..2000 {
        if done(app) {
            return Some(());
        }
        if app.paused_deal().is_some() {
            return None;
        }
        if !app.human_must_act() {
            assert!(app.step_opponents());
        } else if app
            .view()
            .is_some_and(|v| v.phase == tenace_rules::Phase::Auction)
        {
            let n = app.human_actions().len();
            app.handle(Intent::PlayIndex(n - 1));
        } else {
            app.handle(Intent::Submit);
        }
    }
    None
}

#[test]
fn at_80_by_24_a_declarer_sees_dummy_the_contract_and_the_trick() {
    // North deals on this seed: bidding first, North's 7NT makes them declarer.
    let game = BridgeMatch::new(BridgeOptions::default(), 3).expect("match");
    let mut app = App::new(
        PlayMatch::Bridge(game),
        Player(0),
        Level::Random,
        BotOptions::samples(2),
        3,
    )
    .expect("app");
    let human = app.human();
    // The human declares (their first bid is the highest) and plays from dummy.
    play_until(&mut app, |app| {
        app.human_must_act()
            && app.view().is_some_and(|v| {
                v.declarer == Some(human)
                    && v.trick.is_some_and(|t| !t.is_empty())
                    && v.tricks_won.iter().sum::<u8>() >= 2
            })
    })
    .unwrap_or_else(|| panic!("the human declares and plays:\n{}", screen(&app)));
    let view = app.view().expect("view");
    let dummy = view.dummy.expect("a dummy");
    let (text, targets) = sized_screen(&app, 80, 24);
    assert!(text.contains("Contract 7NT by N, dummy S"), "{text}");
    assert!(text.contains("Trick: "), "{text}");
    assert!(text.contains("Last: "), "{text}");
    assert!(text.contains("N (you): "), "{text}");
    assert!(text.contains("S (dummy): "), "{text}");
    assert!(text.contains("Your turn"), "{text}");
    // Every card of yours and dummy's is on screen and may be clicked.
    let held = view.hands[human.index()].expect("own") | view.hands[dummy.index()].expect("dummy");
    assert_eq!(targets.cards.len(), held.len(), "{text}");
}

#[test]
fn at_80_by_24_bridgettes_up_card_shows() {
    let game = tenace_rules::bridgette::BridgetteMatch::new(Default::default(), 11).expect("match");
    let app = App::new(
        PlayMatch::Bridgette(game),
        Player(0),
        Level::Random,
        BotOptions::samples(1),
        11,
    )
    .expect("app");
    let upcard = app
        .view()
        .and_then(|v| v.exchange)
        .map(|e| e.upcard)
        .expect("an up-card");
    let (text, _) = sized_screen(&app, 80, 24);
    assert!(
        text.contains(&format!("Up-card {}", Glyphs::UNICODE.card(upcard))),
        "{text}"
    );
    assert!(text.contains(" Bridgette "), "{text}");
    assert!(
        text.contains("Colons (no suit)"),
        "the legend explains the colons: {text}"
    );
}

#[test]
fn the_review_scrolls_and_is_left_with_escape() {
    let mut app = bridge_app();
    app.set_review_solves(false);
    play_until(&mut app, |app| app.paused_deal().is_some());
    app.handle(Intent::Review);
    let (top, targets) = sized_screen(&app, 80, 24);
    assert!(top.contains("Hands as dealt"), "{top}");
    let max = targets.review_scroll_max.expect("a review on screen");
    assert!(max > 0, "a whole deal's review is longer than 80x24: {top}");
    assert!(!top.contains("Double-dummy analysis"), "{top}");
    for _ in 0..(max / crate::commands::play::app::REVIEW_PAGE + 1) {
        app.handle(Intent::PageDown);
    }
    app.clamp_review_scroll(max);
    let (bottom, _) = sized_screen(&app, 80, 24);
    assert!(bottom.contains("Double-dummy analysis"), "{bottom}");
    assert!(bottom.contains("Tricks taken: NS "), "{bottom}");
    assert!(!bottom.contains("Hands as dealt"), "{bottom}");
    app.handle(Intent::CursorPrev);
    assert_eq!(app.review_scroll(), max - 1);
    app.handle(Intent::Escape);
    let (table, _) = sized_screen(&app, 80, 24);
    assert!(table.contains("The deal is over"), "{table}");
    assert!(!table.contains("Review of deal"), "{table}");
}

#[test]
fn a_long_hint_wraps_instead_of_being_cut() {
    let game = tenace_rules::bridgette::BridgetteMatch::new(Default::default(), 7).expect("match");
    let mut app = App::new(
        PlayMatch::Bridgette(game),
        Player(0),
        Level::Random,
        BotOptions::samples(2),
        7,
    )
    .expect("app");
    play_until(&mut app, |app| {
        app.human_must_act()
            && app.human_actions().len() > 1
            && app
                .view()
                .is_some_and(|v| v.phase == tenace_rules::Phase::Play && v.hand_sizes[0] <= 4)
    })
    .expect("a choice late in the deal");
    app.handle(Intent::Hint);
    let notice = app.notice().expect("a hint").to_string();
    for (w, h) in [(80, 24), (120, 40)] {
        let (text, _) = sized_screen(&app, w, h);
        let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let wanted: String = notice.chars().filter(|c| !c.is_whitespace()).collect();
        assert!(squeezed.contains(&wanted), "{notice}\n{text}");
    }
}

#[test]
fn the_plain_text_fallback_draws_no_symbol() {
    let game = BridgeMatch::with_variant(
        tenace_rules::bridge::BridgeVariant::FiveCrowns(Default::default()),
        BridgeOptions::default(),
        3,
    )
    .expect("match");
    let mut app = App::new(
        PlayMatch::Bridge(game),
        Player(0),
        Level::Random,
        BotOptions::samples(1),
        3,
    )
    .expect("app");
    app.set_glyphs(Glyphs::ASCII);
    play_until(&mut app, |app| {
        app.view()
            .is_some_and(|v| v.tricks_won.iter().sum::<u8>() >= 3)
    })
    .expect("the play goes on");
    for (w, h) in [(80, 24), (120, 40)] {
        let (text, _) = sized_screen(&app, w, h);
        assert!(!text.contains(['♠', '♥', '♦', '♣', '★']), "{text}");
        assert!(
            text.contains("R Stars"),
            "the legend names the Stars' letter: {text}"
        );
        assert!(text.contains("Last: "), "{text}");
    }
}

#[test]
fn a_tiny_terminal_is_drawn_without_a_panic() {
    let mut app = bridge_app();
    play_until(&mut app, |app| {
        app.view()
            .is_some_and(|v| v.trick.is_some_and(|t| !t.is_empty()))
    })
    .expect("the play starts");
    for (w, h) in [(1, 1), (10, 5), (30, 10), (60, 16)] {
        let (text, _) = sized_screen(&app, w, h);
        assert_eq!(text.lines().count(), usize::from(h));
    }
    play_until(&mut app, |app| app.paused_deal().is_some());
    app.handle(Intent::Review);
    for (w, h) in [(1, 1), (10, 5), (30, 10)] {
        sized_screen(&app, w, h);
    }
}
