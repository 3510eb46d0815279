//! The screen: pure functions from what the human may see to ratatui widgets, and one
//! [`draw`] that lays them out. Nothing here decides a rule; it only shows the human's
//! observation, their legal actions and the app's messages.
//!
//! The layout is made for 80×24 first: a header line (the game, the deal, your seat), a
//! legend where the game has new notation, the hands on the left, the play and the
//! auction on the right, your actions and the status at the bottom. Taller screens add
//! the score sheet in a box of its own; at 80×24 it takes the auction's place once a deal
//! is over.

pub mod actions;
pub mod auction;
pub mod glyphs;
pub mod hand;
pub mod review;
pub mod sheet;
pub mod trick;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use tenace_cards::{Card, Player};
use tenace_rules::View;

use super::app::App;
use super::input::KEY_HELP;
use crate::commands::play::table::OnScreen;

/// How the view's game names a player: a seat letter at a partnership table, else `P0`,
/// `P1`, ….
pub fn player_name(view: &View, player: Player) -> String {
    glyphs::player_name(&view.config, view.players, player)
}

/// Rows of the score sheet box, on a screen tall enough for it.
const SHEET_ROWS: u16 = 8;

/// The screen height from which the score sheet has a box of its own.
const TALL: u16 = 34;

/// The most rows the message at the bottom may wrap over (a hint's reason can be long);
/// what is typed and the keys take one more.
const MESSAGE_ROWS: u16 = 4;

/// Where a click means something, and how far the review may scroll.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClickTargets {
    /// Each legal action's chip, in the order of [`App::human_actions`].
    pub chips: Vec<Rect>,
    /// Each card shown by suit in a hand.
    pub cards: Vec<(Rect, Card)>,
    /// The furthest the review on screen may scroll, when one is on screen.
    pub review_scroll_max: Option<u16>,
}

/// Draws the whole screen; returns where a click means something.
pub fn draw(frame: &mut Frame, app: &App) -> ClickTargets {
    let glyphs = app.glyphs();
    let view = app.view();
    let legend = view
        .as_ref()
        .and_then(|v| glyphs::legend(&v.config, glyphs));
    let [header_area, legend_area, body, status_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(u16::from(legend.is_some())),
        Constraint::Min(6),
        Constraint::Length(status_rows(app, view.as_ref(), frame.area().width)),
    ])
    .areas(frame.area());
    frame.render_widget(header(app, view.as_ref()), header_area);
    if let Some(legend) = legend {
        frame.render_widget(
            Paragraph::new(legend).style(Style::default().fg(Color::DarkGray)),
            legend_area,
        );
    }
    draw_status(frame, status_area, app, view.as_ref());
    let mut targets = ClickTargets::default();
    if let Some(review) = app.review() {
        // The review takes the whole body: the table is not playable meanwhile.
        let rows = body.height.saturating_sub(2);
        let width = body.width.saturating_sub(2);
        let (paragraph, max) = review::review(
            &review,
            app.human(),
            glyphs,
            app.review_scroll(),
            rows,
            width,
        );
        frame.render_widget(paragraph, body);
        targets.review_scroll_max = Some(max);
        return targets;
    }
    let actions = app.human_actions();
    // In Bridgette's exchange every action is a discard: the chips name the cards only,
    // and the title says what choosing one does, so they fit 80 columns.
    let discarding = !actions.is_empty()
        && actions
            .iter()
            .all(|a| matches!(a, tenace_rules::Action::Discard(_)));
    let labels: Vec<String> = actions
        .iter()
        .map(|&a| match a {
            tenace_rules::Action::Discard(card) if discarding => glyphs.card(card),
            a => glyphs.action(a),
        })
        .collect();
    let title = if discarding {
        " Your actions: choose a card to discard face down "
    } else {
        " Your actions "
    };
    let tall = frame.area().height >= TALL;
    let chip_rows = actions::rows_needed(body.width, &labels).clamp(1, if tall { 5 } else { 3 });
    let sheet_rows = if tall { SHEET_ROWS } else { 0 };
    let [main, sheet_area, actions_area] = Layout::vertical([
        Constraint::Min(6),
        Constraint::Length(sheet_rows),
        Constraint::Length(chip_rows + 1),
    ])
    .areas(body);
    let sheet_lines = app.game().sheet_lines(glyphs);
    if tall {
        frame.render_widget(sheet::sheet(&sheet_lines, sheet_area.height), sheet_area);
    }
    if let Some(view) = &view {
        targets.cards = table(frame, app, view, main, (!tall).then_some(&sheet_lines));
    }
    targets.chips = actions::draw_actions(frame, actions_area, title, &labels, app.cursor());
    targets
}

/// The table: the hands on the left, the play and the auction (or, on a short screen
/// once the deal is over, the score sheet) on the right. Returns the hands' cards'
/// places.
fn table(
    frame: &mut Frame,
    app: &App,
    view: &View,
    area: Rect,
    sheet_here: Option<&Vec<String>>,
) -> Vec<(Rect, Card)> {
    let glyphs = app.glyphs();
    let play_lines = trick::play_lines(view, app.last_trick(), glyphs);
    let play_rows = |width: u16| -> u16 {
        let inner = usize::from(width.saturating_sub(2)).max(1);
        play_lines
            .iter()
            .map(|l| l.width().div_ceil(inner).max(1) as u16)
            .sum()
    };
    let hands_at = |area: Rect| {
        let rows = usize::from(area.height.saturating_sub(2));
        let width = usize::from(area.width.saturating_sub(2));
        hand::hands(view, app.human(), glyphs, rows, width)
    };
    let split = |area: Rect| {
        Layout::horizontal([Constraint::Percentage(45), Constraint::Percentage(55)]).areas(area)
    };
    // On a short screen once the deal is over, the score sheet gets the whole width
    // under the table, which shrinks to what it still has to show.
    let (area, sheet_area) = match sheet_here {
        Some(_) if app.paused_deal().is_some() => {
            let [left, right] = split(area);
            let hand_rows = hands_at(left).rows as u16;
            let top =
                (play_rows(right.width).max(hand_rows) + 2).min(area.height.saturating_sub(5));
            let [top, bottom] =
                Layout::vertical([Constraint::Length(top), Constraint::Min(3)]).areas(area);
            (top, Some(bottom))
        }
        _ => (area, None),
    };
    let [left, right] = split(area);
    let play_height = if sheet_area.is_some() {
        right.height
    } else {
        (play_rows(right.width) + 2).min(right.height.saturating_sub(4))
    };
    let [play_area, auction_area] =
        Layout::vertical([Constraint::Length(play_height), Constraint::Min(0)]).areas(right);
    let hands = hands_at(left);
    let inner = Rect::new(
        left.x + 1,
        left.y + 1,
        left.width.saturating_sub(2),
        left.height.saturating_sub(2),
    );
    let cards = hands
        .spots
        .into_iter()
        .map(|s| {
            (
                Rect::new(inner.x + s.col, inner.y + s.row, s.width, 1),
                s.card,
            )
        })
        .filter(|(r, _)| inner.contains(r.as_position()) && r.right() <= inner.right())
        .collect();
    frame.render_widget(hands.paragraph, left);
    frame.render_widget(trick::trick(view, app.last_trick(), glyphs), play_area);
    match (sheet_here, sheet_area) {
        (Some(lines), Some(sheet_area)) => {
            frame.render_widget(sheet::sheet(lines, sheet_area.height), sheet_area)
        }
        _ if auction_area.height > 2 => {
            let rows = usize::from(auction_area.height.saturating_sub(2));
            frame.render_widget(auction::auction(view, glyphs, rows), auction_area)
        }
        _ => {}
    }
    cards
}

/// The header: the game, the deal, your seat, the dealer and vulnerability.
fn header(app: &App, view: Option<&View>) -> Line<'static> {
    let game = app.game();
    let deal = app.paused_deal().unwrap_or(game.finished_count()) + 1;
    let mut parts = vec![];
    if let Some(view) = view {
        parts.push(format!("Deal {deal}"));
        parts.push(format!("you are {}", player_name(view, app.human())));
        parts.push(format!("dealer {}", player_name(view, view.dealer)));
        if let Some(v) = view.vulnerability {
            parts.push(format!("vulnerable: {v}"));
        }
    }
    let title = view.map_or("tenace", |v| glyphs::game_title(&v.config));
    Line::from(vec![
        Span::styled(
            format!(" {title} "),
            Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD),
        ),
        Span::raw(format!(" {}", parts.join(" · "))),
    ])
}

/// Rows of the status at the bottom at this width: the message wrapped (two rows at
/// least, so the table does not jump as messages come and go), and the keys.
fn status_rows(app: &App, view: Option<&View>, width: u16) -> u16 {
    let width = usize::from(width.max(1));
    let chars = message(app, view).width();
    // Words wrap whole, so a long message may need a row more than its length says.
    let rows = chars.div_ceil(width) + usize::from(chars > width);
    (rows as u16).clamp(2, MESSAGE_ROWS) + 1
}

/// Whose turn it is, and the last error or notice.
fn message(app: &App, view: Option<&View>) -> Line<'static> {
    let game = app.game();
    let turn = if app.confirming_quit() {
        "Quit?".to_string()
    } else if game.is_over() && app.paused_deal().is_some() {
        // The sheet's last line names the winner.
        let winner = game
            .sheet_lines(app.glyphs())
            .pop()
            .filter(|l| l.contains(" over: "))
            .unwrap_or_else(|| "The match is over".into());
        format!("{winner}. r to review the last deal, q to quit")
    } else if app.paused_deal().is_some() {
        "The deal is over: n for the next deal, r to review it".to_string()
    } else if app.human_must_act() {
        match view.and_then(|v| {
            v.trick
                .filter(|t| !t.is_complete())
                .map(|t| t.next_player())
        }) {
            Some(p) if p != app.human() && view.is_some_and(|v| v.dummy == Some(p)) => {
                "Your turn: play from dummy".to_string()
            }
            _ => "Your turn".to_string(),
        }
    } else {
        let waiting: Vec<String> = game.to_act().iter().map(|p| app.name(p)).collect();
        format!("Waiting for {}", waiting.join(", "))
    };
    let mut first = vec![Span::styled(
        turn,
        Style::default()
            .fg(Color::Cyan)
            .add_modifier(Modifier::BOLD),
    )];
    if let Some(error) = app.error() {
        first.push(Span::raw("  "));
        first.push(Span::styled(
            error.to_string(),
            Style::default().fg(Color::Red),
        ));
    } else if let Some(notice) = app.notice() {
        first.push(Span::raw(format!("  {notice}")));
    }
    Line::from(first)
}

/// The message wrapped over the rows above the last; what is typed and the keys on the
/// last.
fn draw_status(frame: &mut Frame, area: Rect, app: &App, view: Option<&View>) {
    let [message_area, keys_area] =
        Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(area);
    frame.render_widget(
        Paragraph::new(message(app, view)).wrap(Wrap { trim: false }),
        message_area,
    );
    let keys = Line::from(vec![
        Span::styled(
            format!("> {}_", app.typed()),
            Style::default().add_modifier(Modifier::BOLD),
        ),
        Span::styled(
            format!("  {KEY_HELP}"),
            Style::default().fg(Color::DarkGray),
        ),
    ]);
    frame.render_widget(Paragraph::new(keys), keys_area);
}

#[cfg(test)]
mod tests;
