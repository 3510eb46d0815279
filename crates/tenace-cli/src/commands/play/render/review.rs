//! The end-of-deal review: every original hand, the record, the result, and the
//! double-dummy analysis.

use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};
use tenace_cards::Player;

use super::hand::compact;
use super::player_name;
use crate::commands::play::review::DealReview;

/// Moves per line of the record.
const MOVES_PER_LINE: usize = 8;

/// The review panel.
pub fn review(r: &DealReview) -> Paragraph<'static> {
    let view = &r.dealt;
    let mut lines = vec![Line::from("Hands as dealt:")];
    for (p, hand) in view.hands.iter().enumerate() {
        if let Some(hand) = hand {
            lines.push(Line::from(format!(
                "  {:<3} {}",
                player_name(view, Player(p as u8)),
                compact(*hand)
            )));
        }
    }
    if let Some(exchange) = &view.exchange {
        lines.push(Line::from(format!("  up-card {}", exchange.upcard)));
    }
    lines.push(Line::from("Record:"));
    let moves: Vec<String> = r
        .moves
        .iter()
        .map(|m| format!("{} {}", player_name(view, m.player), m.action))
        .collect();
    for chunk in moves.chunks(MOVES_PER_LINE) {
        lines.push(Line::from(format!("  {}", chunk.join(", "))));
    }
    let result = &r.result;
    let outcome = match (result.contract, result.declarer) {
        (Some(c), Some(d)) => format!("{c} by {}", player_name(result, d)),
        _ => "no contract".into(),
    };
    let tricks: Vec<String> = result.tricks_won.iter().map(u8::to_string).collect();
    lines.push(Line::from(format!(
        "Result: {outcome}; tricks {}; score {}",
        tricks.join("/"),
        result
            .score
            .map_or_else(|| "-".into(), |s| format!("{s:+}"))
    )));
    lines.push(Line::from("Double-dummy review:"));
    match (&r.double_dummy, r.solving) {
        (Some(analysis), _) => lines.extend(analysis.iter().map(|l| Line::from(format!("  {l}")))),
        (None, true) => lines.push(Line::from("  solving…")),
        (None, false) => lines.push(Line::from("  nothing to solve: no card was played")),
    }
    lines.push(Line::from("r or Esc: back to the table"));
    Paragraph::new(lines)
        .block(Block::bordered().title(format!(" Review of deal {} ", r.number)))
        .wrap(Wrap { trim: false })
}
