//! The auction: calls in columns by seat (Contract Bridge, and Bridgette after its
//! exchange), or Devil's Bridge's bids by player with the dealer marked. Kept to the
//! rows it is given: the newest calls stay in view.

use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};
use tenace_cards::Player;
use tenace_rules::{Action, View};

use super::glyphs::{Glyphs, count};
use super::player_name;
use super::trick::deal_tricks;

/// Width of one column of the bidding table.
const COLUMN: usize = 6;

/// The auction or bid table in a box of `rows` lines inside.
pub fn auction(view: &View, glyphs: Glyphs, rows: usize) -> Paragraph<'static> {
    let lines = if view.config.name() == tenace_rules::devils_bridge::GAME_NAME {
        devils_bids(view, rows)
    } else {
        calls_table(view, glyphs, rows)
    };
    let title = if view.config.name() == tenace_rules::devils_bridge::GAME_NAME {
        " Bids "
    } else {
        " Auction "
    };
    Paragraph::new(lines).block(Block::bordered().title(title))
}

/// Calls in columns, one per player, the first caller's column first filled; the header
/// and the last rows that fit.
fn calls_table(view: &View, glyphs: Glyphs, rows: usize) -> Vec<Line<'static>> {
    let n = view.players;
    let header: String = (0..n)
        .map(|p| format!("{:<COLUMN$}", player_name(view, Player(p as u8))))
        .collect();
    let calls: Vec<(Player, Action)> = view
        .history
        .iter()
        .filter(|m| matches!(m.action, Action::Call(_)))
        .map(|m| (m.player, m.action))
        .collect();
    let mut body: Vec<String> = Vec::new();
    let mut row = String::new();
    if let Some(&(first, _)) = calls.first() {
        row = format!("{:<width$}", "", width = first.index() * COLUMN);
    }
    let mut column = calls.first().map_or(0, |(p, _)| p.index());
    for (_, call) in &calls {
        row.push_str(&format!("{:<COLUMN$}", glyphs.action(*call)));
        column += 1;
        if column == n {
            body.push(std::mem::take(&mut row));
            column = 0;
        }
    }
    if !row.is_empty() {
        body.push(row);
    }
    if calls.is_empty() {
        body.push("(no calls yet)".into());
    }
    let room = rows.saturating_sub(1).max(1);
    let skip = body.len().saturating_sub(room);
    std::iter::once(header)
        .chain(body.into_iter().skip(skip))
        .map(Line::from)
        .collect()
}

/// Each player's bid and tricks won, the dealer (who bids last, on the hook) marked, and
/// the total bid against the tricks; two players a line when one a line would not fit.
fn devils_bids(view: &View, rows: usize) -> Vec<Line<'static>> {
    let entries: Vec<String> = (1..=view.players)
        .map(|k| {
            let p = view.dealer.offset(k, view.players);
            let bid = view
                .bids
                .get(p.index())
                .copied()
                .flatten()
                .map_or_else(|| "-".to_string(), |b| b.to_string());
            let won = view.tricks_won.get(p.index()).copied().unwrap_or(0);
            let dealer = if p == view.dealer { "*" } else { " " };
            format!(
                "{:<3}{dealer} bid {bid:<2} won {won:<2}",
                player_name(view, p)
            )
        })
        .collect();
    let total: u32 = view.bids.iter().flatten().map(|&b| u32::from(b)).sum();
    let mut footer = vec![format!(
        "Bids total {total} for {} (* dealer)",
        count(deal_tricks(view), "trick")
    )];
    let changes = view
        .history
        .iter()
        .filter(|m| matches!(m.action, Action::ChangeBid(_)))
        .count();
    if changes > 0 {
        footer.push(format!("Bids changed: {changes}"));
    }
    let per_line = if entries.len() + footer.len() <= rows {
        1
    } else {
        2
    };
    let mut lines: Vec<Line> = entries
        .chunks(per_line)
        .map(|pair| Line::from(pair.join("  ")))
        .collect();
    lines.extend(footer.into_iter().map(Line::from));
    lines
}
