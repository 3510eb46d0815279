//! The play panel: the contract, whose turn it is, the trick in progress, the last trick
//! and the tricks each side or player has won.

use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use tenace_cards::{Player, Side};
use tenace_rules::{Action, View};

use super::glyphs::Glyphs;
use super::player_name;
use crate::commands::play::app::LastTrick;

/// The play panel's lines.
pub fn play_lines(view: &View, last: Option<&LastTrick>, glyphs: Glyphs) -> Vec<Line<'static>> {
    let name = |p: Player| player_name(view, p);
    let mut lines: Vec<Line> = Vec::new();
    match (view.contract, view.declarer) {
        (Some(contract), Some(declarer)) => {
            let mut text = format!(
                "Contract {} by {}",
                glyphs.contract(contract),
                name(declarer)
            );
            if let Some(dummy) = view.dummy {
                text.push_str(&format!(", dummy {}", name(dummy)));
            }
            lines.push(Line::from(text));
        }
        _ if view.exchange.is_some() && view.phase == tenace_rules::Phase::Exchange => {
            lines.push(Line::from("The exchange: draw, then discard to 13"));
        }
        _ if view.trick.is_none() && view.bids.is_empty() => {
            lines.push(Line::from(if view.phase == tenace_rules::Phase::Finished {
                "No contract: every player passed"
            } else {
                "Contract: not yet, bidding"
            }))
        }
        _ => {}
    }
    if let Some(card) = view.turned_up.filter(|_| view.exchange.is_none()) {
        lines.push(Line::from(vec![
            Span::raw("Trumps: "),
            glyphs.card_span(card),
            Span::raw(" turned up"),
        ]));
    }
    match &view.trick {
        Some(t) if !(t.is_empty() && view.phase == tenace_rules::Phase::Finished) => {
            let mut spans = vec![Span::raw("Trick: ")];
            for (p, card) in t.plays() {
                spans.push(Span::raw(format!("{} ", name(p))));
                spans.push(glyphs.card_span(card));
                spans.push(Span::raw("  "));
            }
            if !t.is_complete() && view.phase != tenace_rules::Phase::Finished {
                spans.push(Span::raw(format!("{} to play", name(t.next_player()))));
            }
            lines.push(Line::from(spans));
        }
        _ => {}
    }
    if let Some(last) = last {
        let mut spans = vec![Span::raw("Last: ")];
        spans.extend(trick_spans(last, glyphs, &name));
        spans.push(Span::raw(format!("won by {}", name(last.winner))));
        lines.push(Line::from(spans));
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
    lines
}

/// A trick's cards, each after its player's name.
pub fn trick_spans(
    trick: &LastTrick,
    glyphs: Glyphs,
    name: &dyn Fn(Player) -> String,
) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for (p, action) in &trick.plays {
        spans.push(Span::raw(format!("{} ", name(*p))));
        spans.push(match action {
            Action::Card(card) => glyphs.card_span(*card),
            other => Span::raw(glyphs.action(*other)),
        });
        spans.push(Span::raw("  "));
    }
    spans
}

/// The play panel.
pub fn trick(view: &View, last: Option<&LastTrick>, glyphs: Glyphs) -> Paragraph<'static> {
    Paragraph::new(play_lines(view, last, glyphs))
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

/// How many tricks the deal has: the cards each player started the play with.
pub fn deal_tricks(view: &View) -> usize {
    view.hand_sizes.iter().max().copied().unwrap_or(0)
        + view
            .tricks_won
            .iter()
            .map(|&t| usize::from(t))
            .sum::<usize>()
}
