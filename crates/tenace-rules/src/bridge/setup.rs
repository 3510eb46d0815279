//! A Contract Bridge deal before play: the cards, the dealer, vulnerability and options.

use std::fmt;

use tenace_cards::{BySeat, CardSet, Player, Seat};
use thiserror::Error;

use super::options::BridgeOptions;
use super::variant::BridgeVariant;
use crate::contract::Vulnerability;
use crate::deal::{deal_round, seeded_rng, shuffled, uniform_below};

/// Everything that fixes a deal before the first call. Public fields: build one freely,
/// then [`super::BridgeDeal::from_setup`] checks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BridgeSetup {
    /// The game: Contract Bridge, Deuces Wild or Five Crowns.
    pub variant: BridgeVariant,
    /// The four hands.
    pub hands: BySeat<CardSet>,
    /// Who calls first.
    pub dealer: Seat,
    /// Who is vulnerable.
    pub vulnerability: Vulnerability,
    /// The options of RULES.md §1.9.
    pub options: BridgeOptions,
}

impl BridgeSetup {
    /// A deal from a seed: the dealer is drawn first (uniform over the four seats), then
    /// the deck is shuffled and dealt from the same generator, as `crate::deal` documents.
    ///
    /// ```
    /// use tenace_rules::bridge::{BridgeOptions, BridgeSetup};
    /// use tenace_rules::Vulnerability;
    /// let a = BridgeSetup::from_seed(7, Vulnerability::None, BridgeOptions::default());
    /// let b = BridgeSetup::from_seed(7, Vulnerability::None, BridgeOptions::default());
    /// assert_eq!(a, b);
    /// ```
    pub fn from_seed(seed: u64, vulnerability: Vulnerability, options: BridgeOptions) -> Self {
        BridgeSetup::seeded(BridgeVariant::Standard, seed, None, vulnerability, options)
    }

    /// A Contract Bridge deal of the seeded cards with a chosen dealer (the cards are
    /// shuffled by the seed's generator, without drawing a dealer first).
    pub fn from_seed_with_dealer(
        seed: u64,
        dealer: Seat,
        vulnerability: Vulnerability,
        options: BridgeOptions,
    ) -> Self {
        BridgeSetup::seeded(
            BridgeVariant::Standard,
            seed,
            Some(dealer),
            vulnerability,
            options,
        )
    }

    /// A deal of any of the three games from a seed. Without a `dealer`, the dealer is
    /// drawn first (uniform over the seats); then the variant's deck is shuffled and dealt
    /// from the same generator, as `crate::deal` documents.
    ///
    /// ```
    /// use tenace_rules::bridge::{BridgeOptions, BridgeSetup, BridgeVariant};
    /// use tenace_rules::Vulnerability;
    /// let fc = BridgeVariant::from_name("five-crowns").unwrap();
    /// let setup = BridgeSetup::seeded(fc, 3, None, Vulnerability::None, BridgeOptions::default());
    /// assert!(setup.hands.0.iter().all(|h| h.len() == 14));
    /// ```
    pub fn seeded(
        variant: BridgeVariant,
        seed: u64,
        dealer: Option<Seat>,
        vulnerability: Vulnerability,
        options: BridgeOptions,
    ) -> Self {
        let mut rng = seeded_rng(seed);
        let dealer =
            dealer.unwrap_or_else(|| Seat::from_index(uniform_below(&mut rng, 4) as usize));
        BridgeSetup {
            variant,
            hands: deal_hands(&mut rng, variant, dealer),
            dealer,
            vulnerability,
            options,
        }
    }

    /// Every problem with this setup; empty when it can be played.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let deck = self.variant.deck().cards();
        let size = self.variant.hand_size();
        let mut seen = CardSet::EMPTY;
        for (seat, &hand) in self.hands.iter() {
            if hand.len() != size {
                problems.push(format!("{seat} holds {} cards, not {size}", hand.len()));
            }
            let foreign = hand - deck;
            if !foreign.is_empty() {
                problems.push(format!("{seat} holds cards not in the deck: {foreign}"));
            }
            let twice = hand & seen;
            if !twice.is_empty() {
                problems.push(format!("{seat} holds cards dealt to another hand: {twice}"));
            }
            seen |= hand;
        }
        problems.extend(self.options.problems());
        problems
    }
}

fn deal_hands(
    rng: &mut impl rand::RngCore,
    variant: BridgeVariant,
    dealer: Seat,
) -> BySeat<CardSet> {
    let order = shuffled(variant.deck().cards(), rng);
    let (hands, _) = deal_round(&order, 4, variant.hand_size(), Player::from(dealer));
    BySeat::from_fn(|s| hands[s.index()])
}

/// Why a setup cannot be played: every problem found.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct SetupError(pub Vec<String>);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid deal: {}", self.0.join("; "))
    }
}
