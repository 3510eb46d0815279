//! One Bridgette deal before the exchange: the hands, the stock and the dealer.

use std::fmt;

use tenace_cards::{ByPlayer, Card, CardSet, Deck, Player};
use thiserror::Error;

use super::options::{BridgetteOptions, UpcardTo};
use crate::deal::{deal_round, seeded_rng, shuffled, uniform_below};

/// Cards dealt to each player.
pub const HAND_SIZE: usize = 13;
/// Cards left in the stock after the deal: 55 − 26.
pub const STOCK_SIZE: usize = 29;
/// Cards the non-dealer draws.
pub const NON_DEALER_DRAW: usize = 2;

/// How many cards the dealer draws for this up-card (RULES.md §4.2): 4 for 2–10 or the
/// Little Colon, 8 for J Q K or the Royal Colon, 12 for an ace or the Grand Colon.
///
/// ```
/// use tenace_rules::bridgette::dealer_draw;
/// let draw = |c: &str| dealer_draw(c.parse().unwrap());
/// assert_eq!((draw("S7"), draw("LC")), (4, 4));
/// assert_eq!((draw("HQ"), draw("RC")), (8, 8));
/// assert_eq!((draw("DA"), draw("GC")), (12, 12));
/// ```
pub fn dealer_draw(upcard: Card) -> usize {
    let colon = if upcard.is_colon() {
        upcard
    } else {
        upcard.group_colon().unwrap_or(Card::LITTLE_COLON)
    };
    match colon {
        Card::GRAND_COLON => 12,
        Card::ROYAL_COLON => 8,
        _ => 4,
    }
}

/// Everything that fixes a deal before the exchange. Public fields: build one freely,
/// then [`super::BridgetteDeal::from_setup`] checks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BridgetteSetup {
    /// The options of the game.
    pub options: BridgetteOptions,
    /// The dealer (player 0 or 1): draws second, calls first.
    pub dealer: Player,
    /// Each player's thirteen cards.
    pub hands: ByPlayer<CardSet>,
    /// The 29 cards of the stock, top first; the top card is the up-card.
    pub stock: Vec<Card>,
}

/// Why a setup cannot be played: every problem found, each naming the field.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct SetupError(pub Vec<String>);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.join("; "))
    }
}

impl BridgetteSetup {
    /// A deal from a seed. Without a `dealer`, the dealer is drawn first; the 55 cards
    /// are then shuffled with the same generator (as `crate::deal` documents) and dealt
    /// one at a time, the non-dealer first (RULES.md §4.1, decision G1); the other 29
    /// cards are the stock, in order.
    ///
    /// ```
    /// use tenace_rules::bridgette::{BridgetteOptions, BridgetteSetup};
    /// let setup = BridgetteSetup::seeded(BridgetteOptions::default(), 7, None);
    /// assert_eq!(setup.stock.len(), 29);
    /// assert!(setup.problems().is_empty());
    /// ```
    pub fn seeded(options: BridgetteOptions, seed: u64, dealer: Option<Player>) -> Self {
        let mut rng = seeded_rng(seed);
        let dealer = dealer.unwrap_or_else(|| Player(uniform_below(&mut rng, 2) as u8));
        let order = shuffled(Deck::Bridgette.cards(), &mut rng);
        let (hands, stock) = deal_round(&order, 2, HAND_SIZE, dealer);
        BridgetteSetup {
            options,
            dealer,
            hands: ByPlayer(hands),
            stock,
        }
    }

    /// The non-dealer: draws and discards first, and is the dealer's opponent.
    pub fn non_dealer(&self) -> Player {
        self.dealer.next(2)
    }

    /// The up-card: the top card of the stock, face up.
    pub fn upcard(&self) -> Option<Card> {
        self.stock.first().copied()
    }

    /// The cards each player draws, in stock order (RULES.md §4.2 and decision G2): the
    /// non-dealer takes the top two (the up-card and the next) or, when the up-card goes
    /// elsewhere, the two below it; the dealer takes the next 4, 8 or 12, with the
    /// up-card as the first of them under `upcard_to = dealer`.
    pub fn draws(&self) -> ByPlayer<Vec<Card>> {
        let mut draws = ByPlayer::new(2, Vec::new());
        let Some(upcard) = self.upcard() else {
            return draws;
        };
        let n = dealer_draw(upcard);
        let below = self.stock.get(1..).unwrap_or(&[]);
        let take = |from: &[Card], k: usize| from.iter().take(k).copied().collect::<Vec<_>>();
        let (non_dealer, dealer) = match self.options.upcard_to {
            UpcardTo::NonDealer => {
                let mut nd = vec![upcard];
                nd.extend(take(below, NON_DEALER_DRAW - 1));
                (nd, take(below.get(NON_DEALER_DRAW - 1..).unwrap_or(&[]), n))
            }
            UpcardTo::Dealer => {
                let mut d = vec![upcard];
                d.extend(take(below.get(NON_DEALER_DRAW..).unwrap_or(&[]), n - 1));
                (take(below, NON_DEALER_DRAW), d)
            }
            UpcardTo::None => (
                take(below, NON_DEALER_DRAW),
                take(below.get(NON_DEALER_DRAW..).unwrap_or(&[]), n),
            ),
        };
        draws[self.non_dealer()] = non_dealer;
        draws[self.dealer] = dealer;
        draws
    }

    /// Every problem with this setup, each naming the field at fault (empty if none).
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if self.dealer.index() > 1 {
            problems.push(format!(
                "dealer: Bridgette seats players 0 and 1, not {}",
                self.dealer
            ));
        }
        if self.hands.len() != 2 {
            problems.push(format!(
                "hands: Bridgette has 2 hands, not {}",
                self.hands.len()
            ));
            return problems;
        }
        for (p, hand) in self.hands.iter() {
            if hand.len() != HAND_SIZE {
                problems.push(format!(
                    "hands: player {p} holds {} cards, not {HAND_SIZE}",
                    hand.len()
                ));
            }
        }
        if self.stock.len() != STOCK_SIZE {
            problems.push(format!(
                "stock: {} cards, not {STOCK_SIZE}",
                self.stock.len()
            ));
        }
        let mut seen = CardSet::EMPTY;
        let mut repeated = CardSet::EMPTY;
        let all = self.hands.0.iter().flat_map(|h| h.iter());
        for card in all.chain(self.stock.iter().copied()) {
            if !seen.insert(card) {
                repeated.insert(card);
            }
        }
        let deck = Deck::Bridgette.cards();
        if !repeated.is_empty() {
            problems.push(format!("deal: {repeated} dealt more than once"));
        }
        let foreign = seen - deck;
        if !foreign.is_empty() {
            problems.push(format!("deal: {foreign} not in the Bridgette deck"));
        }
        let missing = deck - seen;
        if !missing.is_empty() && problems.is_empty() {
            problems.push(format!("deal: {missing} missing"));
        }
        problems
    }
}
