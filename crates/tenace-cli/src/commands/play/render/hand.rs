//! The hands panel: your hand by suit, every other hand you may see (dummy once it is
//! down, the others' hands in Devil's Bridge's blind hand), counts for the hidden ones,
//! and in Bridgette the up-card and your own discards. When the hands by suit would not
//! fit, the others' hands go on one line each, so yours and dummy's always show.

use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use tenace_cards::{Card, CardSet, Player, Suit};
use tenace_rules::View;

use super::glyphs::{Glyphs, card_style, count, suit_style};
use super::player_name;
use super::review::wrap_words;

/// Suits from the highest down, Stars only where the deck has them.
const SUITS_HIGH_FIRST: [Suit; 5] = [
    Suit::Stars,
    Suit::Spades,
    Suit::Hearts,
    Suit::Diamonds,
    Suit::Clubs,
];

/// The suits a game's hands are shown in, highest first.
fn suits(five_suits: bool) -> impl Iterator<Item = Suit> {
    SUITS_HIGH_FIRST
        .into_iter()
        .filter(move |&s| s != Suit::Stars || five_suits)
}

/// A hand as one line per suit (and one for the special cards), each with where each
/// card's symbol stands in it, so a click on it can play it.
pub fn suit_rows(
    hand: CardSet,
    five_suits: bool,
    glyphs: Glyphs,
) -> Vec<(Line<'static>, Vec<(u16, Card)>)> {
    let mut rows: Vec<_> = suits(five_suits)
        .map(|s| {
            let label = Span::styled(format!("  {} ", glyphs.suit(s)), suit_style(s));
            row(label, hand.suit(s), |c| c.rank().map(|r| r.to_string()))
        })
        .collect();
    if !hand.specials().is_empty() {
        let label = Span::raw("  + ");
        rows.push(row(label, hand.specials(), |c| Some(c.to_string())));
    }
    rows
}

/// One row: the label, then each card's symbol (highest first), spaced.
fn row(
    label: Span<'static>,
    cards: CardSet,
    symbol: impl Fn(Card) -> Option<String>,
) -> (Line<'static>, Vec<(u16, Card)>) {
    let mut width = label.content.chars().count();
    let mut spans = vec![label];
    let mut spots = Vec::new();
    for card in cards.iter().rev() {
        if let Some(symbol) = symbol(card) {
            spots.push((width as u16 + 1, card));
            width += symbol.chars().count() + 1;
            spans.push(Span::raw(" "));
            spans.push(Span::styled(symbol, card_style(card)));
        }
    }
    if spots.is_empty() {
        spans.push(Span::raw(" -"));
    }
    (Line::from(spans), spots)
}

/// A card of a hand on screen: its row and column inside the box, and its width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardSpot {
    /// The row inside the box.
    pub row: u16,
    /// The column inside the box.
    pub col: u16,
    /// How many columns the card's symbol takes.
    pub width: u16,
    /// The card.
    pub card: Card,
}

/// A hand on one line, suit by suit: `♠AK7 ♥QJ ♦- ♣T2 JK`, each suit in its colour; a
/// void shown as `-` only with `voids` (a full deal's diagram), else left out.
pub fn compact(hand: CardSet, five_suits: bool, glyphs: Glyphs, voids: bool) -> Vec<Span<'static>> {
    let mut spans: Vec<Span> = Vec::new();
    for s in suits(five_suits).filter(|&s| voids || !hand.suit(s).is_empty()) {
        let ranks: String = hand
            .suit(s)
            .iter()
            .rev()
            .filter_map(|c| c.rank().map(|r| r.to_string()))
            .collect();
        let ranks = if ranks.is_empty() { "-".into() } else { ranks };
        if !spans.is_empty() {
            spans.push(Span::raw(" "));
        }
        spans.push(Span::styled(
            format!("{}{ranks}", glyphs.suit(s)),
            suit_style(s),
        ));
    }
    for card in hand.specials().iter() {
        spans.push(Span::raw(" "));
        spans.push(glyphs.card_span(card));
    }
    spans
}

/// Whether the game's deck has Stars.
pub fn has_stars(view: &View) -> bool {
    view.config.name() == "five-crowns"
}

/// The hands panel, drawn.
pub struct HandsPanel {
    /// The panel in its box.
    pub paragraph: Paragraph<'static>,
    /// Where the cards shown by suit stand inside the box.
    pub spots: Vec<CardSpot>,
    /// How many lines it has inside the box.
    pub rows: usize,
}

/// The hands panel for `rows` lines of `width` columns inside its box, from the human's
/// view. An empty hand is its title alone.
pub fn hands(view: &View, human: Player, glyphs: Glyphs, rows: usize, width: usize) -> HandsPanel {
    let five_suits = has_stars(view);
    let seen: Vec<(Player, CardSet)> = (0..view.players)
        .map(|k| human.offset(k, view.players))
        .filter_map(|p| Some((p, view.hands.get(p.index()).copied().flatten()?)))
        .collect();
    let title = |p: Player, size: usize| {
        let mut name = player_name(view, p);
        if p == human {
            name.push_str(" (you)");
        } else if Some(p) == view.dummy {
            name.push_str(" (dummy)");
        }
        format!("{name}: {}", count(size, "card"))
    };
    let mut extra = extras(view, human, glyphs, width);
    let by_suit_rows: usize = seen
        .iter()
        .filter(|(_, h)| !h.is_empty())
        .map(|(_, h)| 1 + suit_rows(*h, five_suits, glyphs).len())
        .sum();
    // Yours and dummy's by suit if all fits; the others' always on one line each.
    let full = seen.len() <= 2 && by_suit_rows + extra.len() <= rows;
    let mut lines: Vec<Line> = Vec::new();
    let mut spots = Vec::new();
    for (p, hand) in seen {
        let by_suit = full || (p == human && by_suit_rows <= rows);
        if hand.is_empty() {
            lines.push(Line::from(title(p, 0)));
        } else if by_suit {
            lines.push(Line::from(title(p, hand.len())));
            for (text, cards) in suit_rows(hand, five_suits, glyphs) {
                let row = lines.len() as u16;
                spots.extend(cards.into_iter().map(|(col, card)| CardSpot {
                    row,
                    col,
                    width: glyphs.card(card).chars().count() as u16 - u16::from(card.is_suited()),
                    card,
                }));
                lines.push(text);
            }
        } else {
            let mut spans = vec![Span::raw(format!("{} ", title(p, hand.len())))];
            spans.extend(compact(hand, five_suits, glyphs, false));
            lines.push(Line::from(spans));
        }
    }
    lines.append(&mut extra);
    let rows = lines.len();
    // No wrapping: the cards must stay where their spots say.
    let paragraph = Paragraph::new(lines).block(Block::bordered().title(" Hands "));
    HandsPanel {
        paragraph,
        spots,
        rows,
    }
}

/// The lines under the hands: the hidden hands' counts, Bridgette's exchange, the blind
/// hand's note.
fn extras(view: &View, human: Player, glyphs: Glyphs, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let hidden: Vec<String> = (0..view.players)
        .map(|k| human.offset(k, view.players))
        .filter(|p| view.hands.get(p.index()).copied().flatten().is_none())
        .filter(|p| view.hand_sizes.get(p.index()).is_some_and(|&n| n > 0))
        .map(|p| {
            let size = view.hand_sizes.get(p.index()).copied().unwrap_or(0);
            let you = if p == human { " (you)" } else { "" };
            format!("{}{you} {size}", player_name(view, p))
        })
        .collect();
    if !hidden.is_empty() {
        let text = format!("Cards in unseen hands: {}", hidden.join(", "));
        lines.extend(wrap_words(&text, width, 2).into_iter().map(Line::from));
    }
    if let Some(exchange) = &view.exchange {
        lines.push(Line::from(vec![
            Span::raw("Up-card "),
            glyphs.card_span(exchange.upcard),
            Span::raw(format!("  stock {}", count(exchange.stock_size, "card"))),
        ]));
        if let Some(Some(discards)) = exchange.discards.get(human.index())
            && !discards.is_empty()
        {
            lines.extend(cards_wrapped("You discarded", *discards, glyphs, width));
        }
        for (p, &n) in exchange.discard_counts.iter().enumerate() {
            if p != human.index() && n > 0 {
                let text = format!(
                    "{} discarded {} face down",
                    player_name(view, Player(p as u8)),
                    count(n, "card")
                );
                lines.extend(wrap_words(&text, width, 2).into_iter().map(Line::from));
            }
        }
    }
    if view.blind {
        let text = "Blind hand: you see the others' cards, not yours";
        lines.extend(wrap_words(text, width, 2).into_iter().map(Line::from));
    }
    lines
}

/// `label` then the cards, in their colours, over as many lines of `width` columns as
/// they need, the later lines indented.
fn cards_wrapped(label: &str, cards: CardSet, glyphs: Glyphs, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut spans = vec![Span::raw(label.to_string())];
    let mut used = label.chars().count();
    for card in cards.iter() {
        let text = glyphs.card(card);
        let needed = 1 + text.chars().count();
        if used + needed > width && spans.len() > 1 {
            lines.push(Line::from(std::mem::take(&mut spans)));
            spans.push(Span::raw(" "));
            used = 1;
        }
        spans.push(Span::raw(" "));
        spans.push(Span::styled(text, card_style(card)));
        used += needed;
    }
    lines.push(Line::from(spans));
    lines
}
