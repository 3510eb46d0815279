//! The hand diagram: your hand by suit, every other hand you may see (dummy once it is
//! down, the others' hands in Devil's Bridge's blind hand), counts for the hidden ones,
//! and in Bridgette the up-card and your own discards.

use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};
use tenace_cards::{Card, CardSet, Player, Suit};
use tenace_rules::View;

use super::player_name;

/// Suits from the highest down, Stars only where the deck has them.
const SUITS_HIGH_FIRST: [Suit; 5] = [
    Suit::Stars,
    Suit::Spades,
    Suit::Hearts,
    Suit::Diamonds,
    Suit::Clubs,
];

/// A holding's cards, highest first, as `A K 7`.
fn ranks(cards: CardSet) -> String {
    let ranks: Vec<String> = cards
        .iter()
        .rev()
        .filter_map(|c| c.rank().map(|r| r.to_string()))
        .collect();
    if ranks.is_empty() {
        "-".into()
    } else {
        ranks.join(" ")
    }
}

/// A hand as one line per suit (and one for jokers or colons), each line with where each
/// card's symbol stands in it, so a click on it can play it.
pub fn suit_rows(hand: CardSet, five_suits: bool) -> Vec<(String, Vec<(u16, Card)>)> {
    let mut rows: Vec<(String, Vec<(u16, Card)>)> = SUITS_HIGH_FIRST
        .iter()
        .filter(|&&s| s != Suit::Stars || five_suits)
        .map(|&s| {
            row(&format!("{s}  "), hand.suit(s), |c| {
                c.rank().map(|r| r.to_string())
            })
        })
        .collect();
    if !hand.specials().is_empty() {
        rows.push(row("*  ", hand.specials(), |c| Some(c.to_string())));
    }
    rows
}

/// One row: the label, then each card's symbol (highest first), spaced.
fn row(
    label: &str,
    cards: CardSet,
    symbol: impl Fn(Card) -> Option<String>,
) -> (String, Vec<(u16, Card)>) {
    let mut text = format!("  {label}");
    let mut spots = Vec::new();
    for card in cards.iter().rev() {
        if let Some(symbol) = symbol(card) {
            spots.push((text.chars().count() as u16, card));
            text.push_str(&symbol);
            text.push(' ');
        }
    }
    if spots.is_empty() {
        text.push('-');
    }
    (text, spots)
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

/// A hand on one line, suit by suit: `S:AK7 H:QJ D:- C:T2`.
pub fn compact(hand: CardSet) -> String {
    let mut parts: Vec<String> = SUITS_HIGH_FIRST
        .iter()
        .filter(|&&s| !hand.suit(s).is_empty() || s != Suit::Stars)
        .map(|&s| format!("{s}:{}", ranks(hand.suit(s)).replace(' ', "")))
        .collect();
    parts.extend(hand.specials().iter().map(|c| c.to_string()));
    parts.join(" ")
}

/// The hand diagram from the human's view, with where the cards of the hands shown by
/// suit stand inside its box.
pub fn hands(view: &View, human: Player) -> (Paragraph<'static>, Vec<CardSpot>) {
    let five_suits = view.config.name() == "five-crowns";
    let seen = view.hands.iter().filter(|h| h.is_some()).count();
    let mut lines: Vec<Line> = Vec::new();
    let mut hidden: Vec<String> = Vec::new();
    let mut spots = Vec::new();
    // Your own seat first, then the others clockwise from you.
    for k in 0..view.players {
        let p = human.offset(k, view.players);
        let mut name = player_name(view, p);
        if p == human {
            name.push_str(" (you)");
        } else if Some(p) == view.dummy {
            name.push_str(" (dummy)");
        }
        match view.hands.get(p.index()).copied().flatten() {
            Some(hand) if seen <= 2 => {
                lines.push(Line::from(format!("{name}: {} cards", hand.len())));
                for (text, cards) in suit_rows(hand, five_suits) {
                    let row = lines.len() as u16;
                    spots.extend(cards.into_iter().map(|(col, card)| CardSpot {
                        row,
                        col,
                        width: card.to_string().len() as u16 - u16::from(card.is_suited()),
                        card,
                    }));
                    lines.push(Line::from(text));
                }
            }
            Some(hand) => lines.push(Line::from(format!("{name}: {}", compact(hand)))),
            None => hidden.push(format!(
                "{name} {} cards",
                view.hand_sizes.get(p.index()).unwrap_or(&0)
            )),
        }
    }
    if let Some(exchange) = &view.exchange {
        lines.push(Line::from(format!(
            "Up-card: {}   stock: {} cards",
            exchange.upcard, exchange.stock_size
        )));
        if let Some(Some(discards)) = exchange.discards.get(human.index()) {
            let cards: Vec<String> = discards.iter().map(|c| c.to_string()).collect();
            lines.push(Line::from(format!("Your discards: {}", cards.join(" "))));
        }
        for (p, count) in exchange.discard_counts.iter().enumerate() {
            if p != human.index() {
                lines.push(Line::from(format!("Player {p} discarded {count} (hidden)")));
            }
        }
    }
    if !hidden.is_empty() {
        lines.push(Line::from(format!("Hidden hands: {}", hidden.join(", "))));
    }
    if view.blind {
        lines.push(Line::from(
            "Blind hand: you see the others' cards, not yours",
        ));
    }
    // No wrapping: the cards must stay where their spots say.
    let paragraph = Paragraph::new(lines).block(Block::bordered().title(" Hands "));
    (paragraph, spots)
}
