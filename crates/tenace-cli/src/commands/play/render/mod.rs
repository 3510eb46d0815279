//! The screen: pure functions from what the human may see to ratatui widgets, and one
//! [`draw`] that lays them out. Nothing here decides a rule; it only shows the engine's
//! view.

pub mod actions;
pub mod auction;
pub mod hand;
pub mod review;
pub mod sheet;
pub mod trick;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use tenace_cards::{Card, Player};
use tenace_rules::View;

use super::app::App;
use super::input::KEY_HELP;

/// How the view's game names a player: a seat letter at a partnership table, else the
/// number.
pub fn player_name(view: &View, player: Player) -> String {
    tenace_protocol::state::player_label(player, view.players, view.config.seats_named())
}

/// Rows of the score sheet box.
const SHEET_ROWS: u16 = 8;

/// Where a click means something: the legal actions' chips, and the cards in the hands.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClickTargets {
    /// Each legal action's chip, in the order of [`App::human_actions`].
    pub chips: Vec<Rect>,
    /// Each card shown by suit in a hand.
    pub cards: Vec<(Rect, Card)>,
}

/// Draws the whole screen; returns where a click means something.
pub fn draw(frame: &mut Frame, app: &App) -> ClickTargets {
    let mut cards = Vec::new();
    let [main, sheet_area, actions_area, status_area] = Layout::vertical([
        Constraint::Min(8),
        Constraint::Length(SHEET_ROWS),
        Constraint::Length(5),
        Constraint::Length(3),
    ])
    .areas(frame.area());
    let view = app.view();
    if let Some(review) = app.review() {
        frame.render_widget(review::review(&review), main);
    } else if let Some(view) = &view {
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(45), Constraint::Percentage(55)])
                .areas(main);
        let [auction_area, trick_area] =
            Layout::vertical([Constraint::Min(5), Constraint::Length(9)]).areas(right);
        let (hands, spots) = hand::hands(view, app.human());
        let inner = Block::bordered().inner(left);
        cards = spots
            .into_iter()
            .map(|s| {
                (
                    Rect::new(inner.x + s.col, inner.y + s.row, s.width, 1),
                    s.card,
                )
            })
            .filter(|(r, _)| inner.contains(r.as_position()) && r.right() <= inner.right())
            .collect();
        frame.render_widget(hands, left);
        frame.render_widget(auction::auction(view), auction_area);
        frame.render_widget(trick::trick(view, app.last_trick()), trick_area);
    }
    frame.render_widget(
        sheet::sheet(&app.game().sheet_lines(), sheet_area.height),
        sheet_area,
    );
    let labels: Vec<String> = app.human_actions().iter().map(|a| a.to_string()).collect();
    let chips = actions::draw_actions(frame, actions_area, &labels, app.cursor());
    frame.render_widget(status(app, view.as_ref()), status_area);
    ClickTargets { chips, cards }
}

/// Whose turn it is, the last error or notice, what is typed, and the keys.
fn status(app: &App, view: Option<&View>) -> Paragraph<'static> {
    let game = app.game();
    let turn = if app.confirming_quit() {
        "Quit?".to_string()
    } else if game.is_over() {
        "The match is over: r to review the last deal, q to quit".to_string()
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
        let waiting: Vec<String> = game.to_act().iter().map(|p| game.name(p)).collect();
        format!("Waiting for {}", waiting.join(", "))
    };
    let mut first = vec![Span::styled(turn, Style::default().fg(Color::Cyan))];
    if let Some(error) = app.error() {
        first.push(Span::raw("  "));
        first.push(Span::styled(
            error.to_string(),
            Style::default().fg(Color::Red),
        ));
    } else if let Some(notice) = app.notice() {
        first.push(Span::raw(format!("  {notice}")));
    }
    let second = Line::from(format!("> {}_", app.typed()));
    Paragraph::new(vec![Line::from(first), second, Line::from(KEY_HELP)])
}

#[cfg(test)]
mod tests;
