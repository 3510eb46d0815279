//! The end-of-deal review: the hands, the auction, the play trick by trick with each
//! player's cards in their own column (dummy's under dummy), the result, and the
//! double-dummy analysis as far as it has come. It scrolls.

use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use tenace_cards::Player;
use tenace_rules::{Action, View};

use super::glyphs::{Glyphs, count};
use super::hand::{compact, has_stars};
use super::player_name;
use crate::commands::play::review::DealReview;

/// Width of a player's column in the trick table.
const COLUMN: usize = 8;

/// Plain text cut into lines of at most `width` columns at spaces, the later lines
/// indented by `indent`.
pub fn wrap_words(text: &str, width: usize, indent: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    // Whether the line holds nothing but its indent yet: a long word still goes there.
    let mut fresh = true;
    for word in text.split(' ') {
        if !fresh && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::replace(&mut line, " ".repeat(indent)));
            fresh = true;
        }
        if !fresh {
            line.push(' ');
        }
        line.push_str(word);
        fresh = false;
    }
    lines.push(line);
    lines
}

/// The review's lines, for `human`, plain text wrapped at `width` columns.
pub fn review_lines(
    r: &DealReview,
    human: Player,
    glyphs: Glyphs,
    width: usize,
) -> Vec<Line<'static>> {
    let wrap = |text: &str| -> Vec<Line<'static>> {
        wrap_words(text, width, 4)
            .into_iter()
            .map(Line::from)
            .collect()
    };
    let mut lines = hands_lines(&r.hands, human, glyphs);
    if let Some(bidding) = bidding_line(&r.result, glyphs) {
        lines.extend(wrap(&bidding));
    }
    if !r.tricks.is_empty() {
        lines.extend(trick_table(r, human, glyphs));
    }
    for line in result_lines(r, glyphs) {
        lines.extend(wrap(&line));
    }
    lines.push(Line::from("Double-dummy analysis:"));
    let dd = &r.double_dummy;
    for line in &dd.lines {
        lines.extend(wrap(&format!("  {line}")));
    }
    if let Some(progress) = &dd.progress {
        lines.extend(wrap(&format!("  {progress}")));
    } else if !dd.done {
        lines.push(Line::from("  starting…"));
    } else if dd.lines.is_empty() {
        lines.push(Line::from("  not solved"));
    }
    lines
}

/// The play, a row per trick and a column per player: dummy's cards under dummy.
fn trick_table(r: &DealReview, human: Player, glyphs: Glyphs) -> Vec<Line<'static>> {
    let view = &r.hands;
    let name = |p: Player| player_name(view, p);
    let mut lines = Vec::new();
    lines.push(Line::from(
        "Play, trick by trick (> led the trick, * won it):",
    ));
    let header: String = std::iter::once(format!("{:<6}", "Trick"))
        .chain((0..view.players).map(|p| {
            let p = Player(p as u8);
            let mut label = name(p);
            if Some(p) == r.result.dummy {
                label.push_str(" dummy");
            } else if p == human {
                label.push_str(" you");
            }
            format!("{label:<COLUMN$}")
        }))
        .collect();
    lines.push(Line::from(format!("  {header}")));
    for (k, trick) in r.tricks.iter().enumerate() {
        let mut spans = vec![Span::raw(format!("  {:<6}", k + 1))];
        for p in 0..view.players {
            let p = Player(p as u8);
            let Some(position) = trick.plays.iter().position(|(q, _)| *q == p) else {
                spans.push(Span::raw(format!("{:<COLUMN$}", "")));
                continue;
            };
            let action = trick.plays[position].1;
            let lead = if position == 0 { ">" } else { " " };
            let won = if trick.winner == p { "*" } else { " " };
            let (text, style) = match action {
                Action::Card(card) => (glyphs.card(card), super::glyphs::card_style(card)),
                other => (glyphs.action(other), Default::default()),
            };
            let pad = COLUMN.saturating_sub(text.chars().count() + 2);
            spans.push(Span::raw(lead));
            spans.push(Span::styled(text, style));
            spans.push(Span::raw(format!("{won}{:pad$}", "")));
        }
        lines.push(Line::from(spans));
    }
    lines
}

/// The hands as the play began, each on a line.
fn hands_lines(view: &View, human: Player, glyphs: Glyphs) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    match &view.exchange {
        Some(exchange) => {
            let mut spans = vec![Span::raw("Hands after the exchange (up-card ")];
            spans.push(glyphs.card_span(exchange.upcard));
            spans.push(Span::raw(")"));
            lines.push(Line::from(spans));
        }
        None => lines.push(Line::from("Hands as dealt:")),
    }
    for (p, hand) in view.hands.iter().enumerate() {
        let Some(hand) = hand else { continue };
        let p = Player(p as u8);
        let mut label = player_name(view, p);
        if p == human {
            label.push_str(" you");
        }
        let mut spans = vec![Span::raw(format!("  {label:<7}"))];
        // Voids as `-` in a full hand's diagram; a hand of a few cards lists its suits.
        spans.extend(compact(*hand, has_stars(view), glyphs, hand.len() > 4));
        lines.push(Line::from(spans));
    }
    if let Some(Some(discards)) = view
        .exchange
        .as_ref()
        .and_then(|e| e.discards.get(human.index()))
        && !discards.is_empty()
    {
        let mut spans = vec![Span::raw("  You discarded:")];
        for card in discards.iter() {
            spans.push(Span::raw(" "));
            spans.push(glyphs.card_span(card));
        }
        lines.push(Line::from(spans));
    }
    if let Some(card) = view.turned_up.filter(|_| view.exchange.is_none()) {
        lines.push(Line::from(vec![
            Span::raw("  Trumps turned up: "),
            glyphs.card_span(card),
        ]));
    }
    lines
}

/// The auction (or the bids) in one line, to be wrapped.
fn bidding_line(result: &View, glyphs: Glyphs) -> Option<String> {
    let calls: Vec<String> = result
        .history
        .iter()
        .filter(|m| {
            matches!(
                m.action,
                Action::Call(_) | Action::Bid(_) | Action::ChangeBid(_)
            )
        })
        .map(|m| {
            format!(
                "{} {}",
                player_name(result, m.player),
                glyphs.action(m.action)
            )
        })
        .collect();
    if calls.is_empty() {
        return None;
    }
    let heading = if result.config.name() == tenace_rules::devils_bridge::GAME_NAME {
        "Bids"
    } else {
        "Auction"
    };
    Some(format!("{heading}: {}", calls.join(", ")))
}

/// The result: contract, tricks by player (labelled), score.
fn result_lines(r: &DealReview, glyphs: Glyphs) -> Vec<String> {
    let result = &r.result;
    let name = |p: Player| player_name(result, p);
    let outcome = match (result.contract, result.declarer) {
        (Some(c), Some(d)) => format!("{} by {}", glyphs.contract(c), name(d)),
        _ if result.config.name() == tenace_rules::devils_bridge::GAME_NAME => {
            devils_outcome(result)
        }
        _ => "no contract".into(),
    };
    let tricks = tricks_taken(result);
    let score = match result.score {
        Some(s) if result.config.seats_named() => format!("; deal score {s:+} for NS"),
        Some(s) => format!("; deal score {s:+} for {}", name(Player(0))),
        None => String::new(),
    };
    let mut lines = vec![format!("Result: {outcome}{score}")];
    if !r.tricks.is_empty() {
        lines.push(format!(
            "Tricks taken: {tricks} (of {})",
            count(r.tricks.len(), "trick")
        ));
    }
    lines
}

/// Who made their Devil's Bridge bid exactly, and who missed it.
fn devils_outcome(result: &View) -> String {
    let (made, missed): (Vec<usize>, Vec<usize>) = (0..result.players)
        .partition(|&p| result.bids.get(p).copied().flatten() == result.tricks_won.get(p).copied());
    let names = |ps: &[usize]| {
        ps.iter()
            .map(|&p| player_name(result, Player(p as u8)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match (made.is_empty(), missed.is_empty()) {
        (false, false) => format!("bid made by {}; missed by {}", names(&made), names(&missed)),
        (false, true) => "every player made their bid".into(),
        _ => "every player missed their bid".into(),
    }
}

/// The tricks each side took (each player's within it), or each player's.
fn tricks_taken(result: &View) -> String {
    let name = |p: usize| player_name(result, Player(p as u8));
    let took = |p: usize| result.tricks_won.get(p).copied().unwrap_or(0);
    if result.config.seats_named() && result.players == 4 {
        [(0, 2), (1, 3)]
            .iter()
            .map(|&(a, b)| {
                format!(
                    "{}{} {} ({} {}, {} {})",
                    name(a),
                    name(b),
                    took(a) + took(b),
                    name(a),
                    took(a),
                    name(b),
                    took(b)
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    } else {
        (0..result.players)
            .map(|p| format!("{} {}", name(p), took(p)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The review in a box, scrolled down by `scroll` lines; how far it may scroll at most
/// comes with it, for `rows` lines inside the box of `width` columns.
pub fn review(
    r: &DealReview,
    human: Player,
    glyphs: Glyphs,
    scroll: u16,
    rows: u16,
    width: u16,
) -> (Paragraph<'static>, u16) {
    let lines = review_lines(r, human, glyphs, usize::from(width));
    let total = lines.len() as u16;
    let max = total.saturating_sub(rows);
    let scroll = scroll.min(max);
    let title = format!(
        " Review of deal {} · ↑↓ PgUp PgDn scroll ({}/{}) · r or Esc: back ",
        r.number,
        scroll + rows.min(total),
        total
    );
    let paragraph = Paragraph::new(lines)
        .block(Block::bordered().title(title))
        .scroll((scroll, 0));
    (paragraph, max)
}
