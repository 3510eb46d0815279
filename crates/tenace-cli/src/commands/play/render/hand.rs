//! The hand diagram: your hand by suit, every other hand you may see (dummy once it is
//! down, the others' hands in Devil's Bridge's blind hand), counts for the hidden ones,
//! and in Bridgette the up-card and your own discards.

use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};
use tenace_cards::{CardSet, Player, Suit};
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

/// A hand as one line per suit (and one for jokers or colons).
pub fn suit_lines(hand: CardSet, five_suits: bool) -> Vec<String> {
    let mut lines: Vec<String> = SUITS_HIGH_FIRST
        .iter()
        .filter(|&&s| s != Suit::Stars || five_suits)
        .map(|&s| format!("{s}  {}", ranks(hand.suit(s))))
        .collect();
    let specials: Vec<String> = hand.specials().iter().map(|c| c.to_string()).collect();
    if !specials.is_empty() {
        lines.push(format!("*  {}", specials.join(" ")));
    }
    lines
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

/// The hand diagram from the human's view.
pub fn hands(view: &View, human: Player) -> Paragraph<'static> {
    let five_suits = view.config.name() == "five-crowns";
    let seen = view.hands.iter().filter(|h| h.is_some()).count();
    let mut lines: Vec<Line> = Vec::new();
    let mut hidden: Vec<String> = Vec::new();
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
                lines.extend(
                    suit_lines(hand, five_suits)
                        .into_iter()
                        .map(|l| Line::from(format!("  {l}"))),
                );
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
    Paragraph::new(lines)
        .block(Block::bordered().title(" Hands "))
        .wrap(Wrap { trim: false })
}
