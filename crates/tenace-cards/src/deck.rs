use crate::{Card, CardSet, Rank, Special, Suit};

/// The three decks of the five games.
///
/// ```
/// use tenace_cards::Deck;
/// assert_eq!(Deck::Standard.cards().len(), 52);
/// assert_eq!(Deck::Bridgette.cards().len(), 55);
/// assert_eq!(Deck::FiveCrowns.cards().len(), 56);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Deck {
    /// 52 cards, A high: Contract Bridge, Deuces Wild, Devil's Bridge.
    Standard,
    /// 52 cards plus the Grand, Royal and Little colons: Bridgette.
    Bridgette,
    /// Stars, Spades, Hearts, Diamonds and Clubs of K down to 3, plus one joker.
    FiveCrowns,
}

impl Deck {
    /// Every card of the deck.
    pub fn cards(self) -> CardSet {
        match self {
            Deck::Standard => Suit::STANDARD
                .into_iter()
                .fold(CardSet::EMPTY, |set, s| set | CardSet::full_suit(s)),
            Deck::Bridgette => {
                Deck::Standard.cards()
                    | Card::special(Special::GrandColon).into()
                    | Card::special(Special::RoyalColon).into()
                    | Card::special(Special::LittleColon).into()
            }
            Deck::FiveCrowns => {
                let mut set = CardSet::from(Card::JOKER);
                for suit in Suit::FIVE_CROWNS {
                    for rank in Rank::ALL {
                        if (Rank::Three..=Rank::King).contains(&rank) {
                            set.insert(Card::new(suit, rank));
                        }
                    }
                }
                set
            }
        }
    }

    /// The suits of this deck, low to high.
    pub fn suits(self) -> &'static [Suit] {
        match self {
            Deck::Standard | Deck::Bridgette => &Suit::STANDARD,
            Deck::FiveCrowns => &Suit::FIVE_CROWNS,
        }
    }

    /// The number of cards.
    pub fn len(self) -> usize {
        self.cards().len()
    }

    /// Always false: no deck is empty. Present for symmetry with `len`.
    pub fn is_empty(self) -> bool {
        false
    }
}
