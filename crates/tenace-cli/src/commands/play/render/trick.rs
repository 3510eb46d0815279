//! The trick in progress, the last trick, the contract and the tricks each side or player
//! has won.

use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};
use tenace_cards::{Player, Side};
use tenace_rules::View;

use super::player_name;
use crate::commands::play::app::LastTrick;

/// The play panel.
pub fn trick(view: &View, last: Option<&LastTrick>) -> Paragraph<'static> {
    let name = |p: Player| player_name(view, p);
    let mut lines: Vec<Line> = Vec::new();
    let mut heading = format!("Dealer {}", name(view.dealer));
    if let Some(v) = view.vulnerability {
        heading.push_str(&format!("  vulnerable: {v}"));
    }
    if let Some(card) = view.turned_up.filter(|_| view.exchange.is_none()) {
        heading.push_str(&format!("  trumps turned: {card}"));
    }
    lines.push(Line::from(heading));
    if let (Some(contract), Some(declarer)) = (view.contract, view.declarer) {
        lines.push(Line::from(format!(
            "Contract {contract} by {}",
            name(declarer)
        )));
    }
    match &view.trick {
        Some(t) if !t.is_empty() => {
            let cards: Vec<String> = t.plays().map(|(p, c)| format!("{} {c}", name(p))).collect();
            lines.push(Line::from(format!("Trick: {}", cards.join("  "))));
        }
        Some(_) => lines.push(Line::from("Trick: (none yet)")),
        None => {}
    }
    if let Some(last) = last {
        let cards: Vec<String> = last
            .plays
            .iter()
            .map(|(p, c)| format!("{} {c}", name(*p)))
            .collect();
        lines.push(Line::from(format!(
            "Last trick: {}  won by {}",
            cards.join("  "),
            name(last.winner)
        )));
    }
    if view.trick.is_some() || view.tricks_won.iter().any(|&t| t > 0) {
        lines.push(Line::from(tricks_won(view)));
    }
    if let Some(score) = view.score {
        // The engine scores from the first player's side: North-South at a bridge table.
        let side = if view.config.seats_named() {
            "NS".to_string()
        } else {
            name(Player(0))
        };
        lines.push(Line::from(format!("Deal score: {score:+} for {side}")));
    }
    Paragraph::new(lines)
        .block(Block::bordered().title(" Play "))
        .wrap(Wrap { trim: false })
}

/// Tricks won: by side at a partnership table, else by player.
fn tricks_won(view: &View) -> String {
    if view.config.seats_named() && view.players == 4 {
        let side = |s: Side| -> u8 {
            s.seats()
                .iter()
                .map(|seat| view.tricks_won[seat.index()])
                .sum()
        };
        format!(
            "Tricks won: NS {}  EW {}",
            side(Side::NorthSouth),
            side(Side::EastWest)
        )
    } else {
        let each: Vec<String> = view
            .tricks_won
            .iter()
            .enumerate()
            .map(|(p, t)| format!("{} {t}", player_name(view, Player(p as u8))))
            .collect();
        format!("Tricks won: {}", each.join("  "))
    }
}
