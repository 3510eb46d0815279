//! The auction: calls in columns by seat (Contract Bridge, and Bridgette after its
//! exchange), or Devil's Bridge's bids by player with the hook noted.

use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};
use tenace_cards::Player;
use tenace_rules::{Action, View};

use super::player_name;

/// Width of one column of the bidding table.
const COLUMN: usize = 6;

/// The auction or bid table from the view's record.
pub fn auction(view: &View) -> Paragraph<'static> {
    let lines = if view.config.name() == tenace_rules::devils_bridge::GAME_NAME {
        devils_bids(view)
    } else {
        calls_table(view)
    };
    Paragraph::new(lines)
        .block(Block::bordered().title(" Auction "))
        .wrap(Wrap { trim: false })
}

/// Calls in columns, one per player, the first caller's column first filled.
fn calls_table(view: &View) -> Vec<Line<'static>> {
    let n = view.players;
    let mut lines = Vec::new();
    if let Some(exchange) = &view.exchange {
        let counts: Vec<String> = exchange
            .discard_counts
            .iter()
            .enumerate()
            .map(|(p, c)| format!("{} discarded {c}", player_name(view, Player(p as u8))))
            .collect();
        lines.push(Line::from(format!("Exchange: {}", counts.join(", "))));
    }
    let header: String = (0..n)
        .map(|p| format!("{:<COLUMN$}", player_name(view, Player(p as u8))))
        .collect();
    lines.push(Line::from(header));
    let calls: Vec<(Player, Action)> = view
        .history
        .iter()
        .filter(|m| matches!(m.action, Action::Call(_)))
        .map(|m| (m.player, m.action))
        .collect();
    let mut row = String::new();
    if let Some(&(first, _)) = calls.first() {
        row = format!("{:<width$}", "", width = first.index() * COLUMN);
    }
    let mut column = calls.first().map_or(0, |(p, _)| p.index());
    for (_, call) in &calls {
        row.push_str(&format!("{:<COLUMN$}", call.to_string()));
        column += 1;
        if column == n {
            lines.push(Line::from(std::mem::take(&mut row)));
            column = 0;
        }
    }
    if !row.is_empty() {
        lines.push(Line::from(row));
    }
    if calls.is_empty() {
        lines.push(Line::from("(no calls yet)"));
    }
    lines
}

/// Each player's bid, the dealer bidding last under the hook, and the total bid.
fn devils_bids(view: &View) -> Vec<Line<'static>> {
    let size = view.hand_sizes.iter().max().copied().unwrap_or(0)
        + view
            .tricks_won
            .iter()
            .map(|&t| usize::from(t))
            .sum::<usize>();
    let mut lines = Vec::new();
    for k in 1..=view.players {
        let p = view.dealer.offset(k, view.players);
        let bid = view
            .bids
            .get(p.index())
            .copied()
            .flatten()
            .map_or_else(|| "-".to_string(), |b| b.to_string());
        let won = view.tricks_won.get(p.index()).copied().unwrap_or(0);
        let hook = if p == view.dealer {
            "  (dealer: bids last, on the hook)"
        } else {
            ""
        };
        lines.push(Line::from(format!(
            "{:<4} bid {bid:<3} won {won}{hook}",
            player_name(view, p)
        )));
    }
    let total: u32 = view.bids.iter().flatten().map(|&b| u32::from(b)).sum();
    lines.push(Line::from(format!("Bids total {total} for {size} tricks")));
    let changes = view
        .history
        .iter()
        .filter(|m| matches!(m.action, Action::ChangeBid(_)))
        .count();
    if changes > 0 {
        lines.push(Line::from(format!("Bids changed: {changes}")));
    }
    lines
}
