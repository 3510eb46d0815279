//! One Devil's Bridge hand before the first bid: the cards, the dealer and the trump card.

use std::fmt;

use tenace_cards::{ByPlayer, Card, CardSet, Deck, Player, Suit};
use thiserror::Error;

use super::options::DevilsBridgeOptions;
use crate::deal::{deal_round, seeded_rng, shuffled, uniform_below};

/// Everything that fixes a hand before the first bid. Public fields: build one freely,
/// then [`super::DevilsHand::from_setup`] checks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandSetup {
    /// The options of the game (the table size among them).
    pub options: DevilsBridgeOptions,
    /// Cards in each hand, which is also the number of tricks.
    pub size: usize,
    /// The dealer: bids last, and the player on their left leads.
    pub dealer: Player,
    /// Each player's cards.
    pub hands: ByPlayer<CardSet>,
    /// The card turned up after the deal; its suit is trumps. `None`: no trumps.
    pub trump_card: Option<Card>,
    /// Whether each player's card is hidden from that player (a one-card hand only).
    pub blind: bool,
}

impl HandSetup {
    /// A hand of `size` cards from a seed. Without a `dealer`, the dealer is drawn first
    /// (uniform over the players); then the deck is shuffled and dealt from the same
    /// generator, one card at a time from the dealer's left, as `crate::deal` documents,
    /// and the next card is turned up for trumps (none if the deck is used up).
    ///
    /// ```
    /// use tenace_rules::devils_bridge::{DevilsBridgeOptions, HandSetup};
    /// let setup = HandSetup::seeded(DevilsBridgeOptions::for_players(5), 3, 10, None, false);
    /// assert!(setup.hands.iter().all(|(_, h)| h.len() == 10));
    /// assert!(setup.trump_card.is_some());
    /// assert!(setup.problems().is_empty());
    /// ```
    pub fn seeded(
        options: DevilsBridgeOptions,
        seed: u64,
        size: usize,
        dealer: Option<Player>,
        blind: bool,
    ) -> Self {
        let players = options.player_count();
        let mut rng = seeded_rng(seed);
        let dealer =
            dealer.unwrap_or_else(|| Player(uniform_below(&mut rng, players as u32) as u8));
        let order = shuffled(Deck::Standard.cards(), &mut rng);
        let (hands, rest) = deal_round(&order, players, size, dealer);
        HandSetup {
            options,
            size,
            dealer,
            hands: ByPlayer(hands),
            // RULES.md §3.1: the next card fixes trumps; with none left, no trumps.
            trump_card: rest.first().copied(),
            blind,
        }
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.options.player_count()
    }

    /// The trump suit, if any.
    pub fn trump(&self) -> Option<Suit> {
        self.trump_card.and_then(Card::suit)
    }

    /// The player on the dealer's left: bids first and leads to the first trick.
    pub fn first_player(&self) -> Player {
        self.dealer.next(self.players())
    }

    /// Every problem with this setup; empty when it can be played.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = self.options.problems();
        if !problems.is_empty() {
            return problems;
        }
        let n = self.players();
        if self.hands.len() != n {
            problems.push(format!(
                "hands: {} hands given for {n} players",
                self.hands.len()
            ));
        }
        if self.size == 0 || n * self.size > 52 {
            problems.push(format!(
                "size: {n} hands of {} cards do not fit a 52-card deck",
                self.size
            ));
        }
        if usize::from(self.dealer.0) >= n {
            problems.push(format!(
                "dealer: {} is not a player at a table of {n}",
                self.dealer
            ));
        }
        let deck = Deck::Standard.cards();
        let mut seen = CardSet::EMPTY;
        for (player, &hand) in self.hands.iter() {
            if hand.len() != self.size {
                problems.push(format!(
                    "hands: player {player} holds {} cards, not {}",
                    hand.len(),
                    self.size
                ));
            }
            let foreign = hand - deck;
            if !foreign.is_empty() {
                problems.push(format!(
                    "hands: player {player} holds cards not in the deck: {foreign}"
                ));
            }
            let twice = hand & seen;
            if !twice.is_empty() {
                problems.push(format!(
                    "hands: player {player} holds cards dealt to another hand: {twice}"
                ));
            }
            seen |= hand;
        }
        if let Some(card) = self.trump_card {
            if !deck.contains(card) {
                problems.push(format!("trump: {card} is not in the deck"));
            } else if seen.contains(card) {
                problems.push(format!(
                    "trump: {card} is in a hand; the trump card is the one turned up after the deal"
                ));
            }
        }
        if self.blind && self.size != 1 {
            problems.push(format!(
                "blind: only a one-card hand is played blind, not a hand of {}",
                self.size
            ));
        }
        problems
    }
}

/// Why a setup cannot be played: every problem found.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct HandSetupError(pub Vec<String>);

impl fmt::Display for HandSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid Devil's Bridge hand: {}", self.0.join("; "))
    }
}
