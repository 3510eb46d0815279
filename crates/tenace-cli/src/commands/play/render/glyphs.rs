//! How cards, suits, calls and players look on screen: suit symbols and colours, or plain
//! letters where the terminal cannot show them (`--ascii`, or a locale that is not UTF-8).
//! Every other part of the screen writes a card through here, so the two forms never
//! drift apart.

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Span;
use tenace_cards::{Card, Player, Strain, Suit};
use tenace_rules::{Action, Call, Contract, GameConfig};

/// The symbols the screen draws with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Glyphs {
    /// Plain letters (`S H D C R`) instead of `♠ ♥ ♦ ♣ ★`.
    pub ascii: bool,
}

impl Glyphs {
    /// Plain letters only.
    pub const ASCII: Glyphs = Glyphs { ascii: true };
    /// Suit symbols.
    pub const UNICODE: Glyphs = Glyphs { ascii: false };

    /// A suit's symbol: `♠` or `S`.
    pub fn suit(self, suit: Suit) -> &'static str {
        match (self.ascii, suit) {
            (true, Suit::Spades) => "S",
            (true, Suit::Hearts) => "H",
            (true, Suit::Diamonds) => "D",
            (true, Suit::Clubs) => "C",
            (true, Suit::Stars) => "R",
            (false, Suit::Spades) => "♠",
            (false, Suit::Hearts) => "♥",
            (false, Suit::Diamonds) => "♦",
            (false, Suit::Clubs) => "♣",
            (false, Suit::Stars) => "★",
        }
    }

    /// A strain: a suit's symbol, or `NT`.
    pub fn strain(self, strain: Strain) -> &'static str {
        match strain {
            Strain::Suit(s) => self.suit(s),
            Strain::NoTrump => "NT",
        }
    }

    /// A card: `♠A`, `♥T`, or its notation in plain letters; the special cards keep
    /// their notation (`JK`, `GC`, `RC`, `LC`), which the legend explains.
    pub fn card(self, card: Card) -> String {
        match (card.suit(), card.rank()) {
            (Some(suit), Some(rank)) => format!("{}{rank}", self.suit(suit)),
            _ => card.to_string(),
        }
    }

    /// A contract: `4♠X`, `3NT`.
    pub fn contract(self, contract: Contract) -> String {
        format!(
            "{}{}{}",
            contract.level,
            self.strain(contract.strain),
            contract.doubling.suffix()
        )
    }

    /// A call: `P`, `X`, `XX`, `1♥`.
    pub fn call(self, call: Call) -> String {
        match call {
            Call::Bid(bid) => format!("{}{}", bid.level, self.strain(bid.strain)),
            other => other.to_string(),
        }
    }

    /// An action as the player reads it. A blind card is never named: the player does
    /// not know it.
    pub fn action(self, action: Action) -> String {
        match action {
            Action::Call(call) => self.call(call),
            Action::Card(card) => self.card(card),
            Action::NamedJoker(suit) => format!("{} as {}", Card::JOKER, self.suit(suit)),
            Action::Bid(n) => format!("bid {n}"),
            Action::ChangeBid(n) => format!("change to {n}"),
            Action::Discard(card) => format!("discard {}", self.card(card)),
            Action::PlayBlind => "play your unseen card".into(),
            Action::Claim(n) => format!("claim {n} of the remaining tricks"),
        }
    }

    /// A card in its colour: red hearts and diamonds, Stars yellow, the special cards
    /// magenta, so the four suits are told apart at a glance.
    pub fn card_span(self, card: Card) -> Span<'static> {
        Span::styled(self.card(card), card_style(card))
    }
}

/// The colour a card or suit is drawn in.
pub fn suit_style(suit: Suit) -> Style {
    match suit {
        Suit::Hearts | Suit::Diamonds => Style::default().fg(Color::Red),
        Suit::Stars => Style::default().fg(Color::Yellow),
        Suit::Spades | Suit::Clubs => Style::default(),
    }
}

/// The colour of a card: its suit's, or bold magenta for the special cards.
pub fn card_style(card: Card) -> Style {
    match card.suit() {
        Some(suit) => suit_style(suit),
        None => Style::default()
            .fg(Color::Magenta)
            .add_modifier(Modifier::BOLD),
    }
}

/// A player's name: the seat (`N E S W`) at a partnership table, else `P0`, `P1`, …
/// (the numbers `--seat` takes), so a name never reads as a count.
pub fn player_name(config: &GameConfig, players: usize, player: Player) -> String {
    if config.seats_named() {
        player.label(players)
    } else {
        format!("P{}", player.index())
    }
}

/// The game's name as a player knows it.
pub fn game_title(config: &GameConfig) -> &'static str {
    match config.name() {
        "bridge" => "Contract Bridge",
        "deuces-wild" => "Deuces Wild",
        "five-crowns" => "Five Crowns Bridge",
        "bridgette" => "Bridgette",
        _ => "Devil's Bridge",
    }
}

/// A short legend of the notation a bridge player has not met in this game (`None` for
/// Contract Bridge, where every symbol is the usual one). It names no card, only kinds.
pub fn legend(config: &GameConfig, glyphs: Glyphs) -> Option<String> {
    let text = match config.name() {
        "deuces-wild" => {
            "Deuces wild: a 2 may be played to any trick, even when you can follow suit".to_string()
        }
        "five-crowns" => format!(
            "{} Stars: a fifth suit, above {} and below NT · JK joker: lowest trump, any trick",
            glyphs.suit(Suit::Stars),
            glyphs.suit(Suit::Spades)
        ),
        "bridgette" => {
            "Colons (no suit): GC goes with aces, RC with K Q J, LC with 2-10".to_string()
        }
        "devils-bridge" => {
            "Bid the exact number of tricks you will take; * marks the dealer, who bids last"
                .to_string()
        }
        _ => return None,
    };
    Some(text)
}

/// `1 card`, `2 cards`: a count with its noun, singular for one.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_read_with_symbols_or_letters() {
        let card: Card = "HT".parse().expect("card");
        assert_eq!(Glyphs::UNICODE.card(card), "♥T");
        assert_eq!(Glyphs::ASCII.card(card), "HT");
        assert_eq!(Glyphs::UNICODE.card(Card::JOKER), "JK");
        let contract: Contract = "4SX".parse().expect("contract");
        assert_eq!(Glyphs::UNICODE.contract(contract), "4♠X");
        assert_eq!(Glyphs::ASCII.contract(contract), "4SX");
    }

    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(count(1, "card"), "1 card");
        assert_eq!(count(0, "trick"), "0 tricks");
        assert_eq!(count(2, "trick"), "2 tricks");
    }

    #[test]
    fn numbered_players_are_named_not_bare_digits() {
        let config = GameConfig::Bridgette(Default::default());
        assert_eq!(player_name(&config, 2, Player(1)), "P1");
    }
}
