//! What a hand is worth, for every deck: high-card points, shape, stoppers and an estimate
//! of the tricks it takes.
//!
//! The point count is the Milton Work count (A 4, K 3, Q 2, J 1) on the standard deck. Five
//! Crowns has no aces: its king is the top card, so K Q J T count 4 3 2 1, and because its
//! five suits hold 50 such points instead of 40 the count is scaled to the usual 40-point
//! table, so "15–17" means the same share of the deck in every game. In Deuces Wild a
//! deuce may be played to any trick (a ruff or a free discard at will), so each deuce adds
//! a point.

use tenace_cards::{Card, CardSet, Rank, Suit};
use tenace_rules::GameConfig;
use tenace_rules::bridge::BridgeVariant;

/// The deck a hand comes from, as the evaluation needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeckStyle {
    /// Contract Bridge, Devil's Bridge, Bridgette: 52 cards, ace high.
    Standard,
    /// Bridge with Deuces Wild: deuces count a point extra.
    DeucesWild,
    /// Five Crowns: five suits of K..3 and a joker.
    FiveCrowns,
}

impl DeckStyle {
    /// The style of a game.
    pub fn of(config: &GameConfig) -> DeckStyle {
        match config {
            GameConfig::Bridge(BridgeVariant::DeucesWild, _) => DeckStyle::DeucesWild,
            GameConfig::Bridge(BridgeVariant::FiveCrowns(_), _) => DeckStyle::FiveCrowns,
            _ => DeckStyle::Standard,
        }
    }

    /// The suits of the deck, lowest first.
    pub fn suits(self) -> &'static [Suit] {
        match self {
            DeckStyle::FiveCrowns => &Suit::FIVE_CROWNS,
            _ => &Suit::STANDARD,
        }
    }

    /// The highest rank: the ace, or the king in Five Crowns.
    pub fn top(self) -> Rank {
        match self {
            DeckStyle::FiveCrowns => Rank::King,
            _ => Rank::Ace,
        }
    }

    /// The length that counts as a long suit: five cards of thirteen, four of eleven.
    pub fn long(self) -> u8 {
        match self {
            DeckStyle::FiveCrowns => 4,
            _ => 5,
        }
    }

    /// How many cards of a suit the two hands of a side need for a trump fit: eight of
    /// thirteen, seven of eleven.
    pub fn fit(self) -> u8 {
        match self {
            DeckStyle::FiveCrowns => 7,
            _ => 8,
        }
    }
}

/// A rank's place below the top of the deck: 0 for the top card (A, or K in Five Crowns).
pub fn below_top(rank: Rank, top: Rank) -> u8 {
    (top as u8).saturating_sub(rank as u8)
}

/// The facts the bidding rules read off a hand.
///
/// ```
/// use tenace_bots::hand_eval::{DeckStyle, HandFacts};
/// use tenace_cards::{CardSet, Suit};
/// let hand: CardSet = "SA SK S5 S4 S3 HK H4 H2 DQ D3 D2 C4 C3".parse().unwrap();
/// let facts = HandFacts::new(hand, DeckStyle::Standard);
/// assert_eq!(facts.hcp, 12);
/// assert_eq!(facts.len(Suit::Spades), 5);
/// assert!(facts.balanced);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandFacts {
    /// The cards.
    pub hand: CardSet,
    /// The deck they come from.
    pub style: DeckStyle,
    /// High-card points on the 40-point scale (see the module notes).
    pub hcp: u8,
    /// Cards in each suit, by suit index.
    pub lengths: [u8; 5],
    /// No void or singleton, and at most one doubleton (two with five suits).
    pub balanced: bool,
}

impl HandFacts {
    /// The facts of `hand` from a deck of this style.
    pub fn new(hand: CardSet, style: DeckStyle) -> HandFacts {
        let top = style.top();
        let mut raw = 0u32;
        let mut lengths = [0u8; 5];
        for card in hand {
            if let (Some(suit), Some(rank)) = (card.suit(), card.rank()) {
                lengths[suit.index()] += 1;
                raw += u32::from(4u8.saturating_sub(below_top(rank, top)));
                if style == DeckStyle::DeucesWild && rank == Rank::Two {
                    raw += 1;
                }
            }
        }
        let hcp = match style {
            DeckStyle::FiveCrowns => (raw * 4 + 2) / 5,
            _ => raw,
        } as u8;
        let suits = style.suits();
        let short = |n: u8| suits.iter().filter(|s| lengths[s.index()] == n).count();
        let doubletons_allowed = if suits.len() == 5 { 2 } else { 1 };
        let balanced = short(0) == 0 && short(1) == 0 && short(2) <= doubletons_allowed;
        HandFacts {
            hand,
            style,
            hcp,
            lengths,
            balanced,
        }
    }

    /// Cards held in `suit`.
    pub fn len(&self, suit: Suit) -> u8 {
        self.lengths[suit.index()]
    }

    /// The suits of the deck, lowest first.
    pub fn suits(&self) -> &'static [Suit] {
        self.style.suits()
    }

    /// The longest suit, the higher-ranking of equals (the usual choice with 5-5 or 6-6).
    pub fn longest(&self) -> Suit {
        let suits = self.suits();
        *suits
            .iter()
            .rev()
            .max_by_key(|s| (self.len(**s), s.index()))
            .unwrap_or(&Suit::Clubs)
    }

    /// The top honours (the three highest ranks of the deck) held in `suit`.
    pub fn top_honours(&self, suit: Suit) -> u8 {
        honours(self.hand, suit, self.style.top(), 3)
    }

    /// Whether the hand stops `suit` in no trump: the top card, K x, Q x x or J x x x
    /// (one rank lower each in Five Crowns).
    pub fn stops(&self, suit: Suit) -> bool {
        let top = self.style.top();
        let len = self.len(suit);
        self.hand.suit(suit).iter().any(|c| {
            c.rank()
                .is_some_and(|r| len > below_top(r, top) && below_top(r, top) <= 3)
        })
    }

    /// Whether the hand holds the card `k` ranks below the top of the deck in `suit`
    /// (0: the ace, or the king in Five Crowns; 1: the next; …).
    ///
    /// ```
    /// use tenace_bots::hand_eval::{DeckStyle, HandFacts};
    /// use tenace_cards::Suit;
    /// let h = HandFacts::new("SA SQ S4 HK H4 H2 DQ D3 D2 C5 C4 C3 C2".parse().unwrap(), DeckStyle::Standard);
    /// assert!(h.holds(Suit::Spades, 0) && !h.holds(Suit::Spades, 1) && h.holds(Suit::Spades, 2));
    /// assert_eq!((h.count_rank(0), h.count_rank(1)), (1, 1));
    /// assert_eq!(h.suit_hcp(Suit::Spades), 6);
    /// ```
    pub fn holds(&self, suit: Suit, k: u8) -> bool {
        let top = self.style.top();
        self.hand
            .suit(suit)
            .iter()
            .any(|c| c.rank().is_some_and(|r| below_top(r, top) == k))
    }

    /// How many cards `k` ranks below the top the hand holds: its aces (0), kings (1).
    pub fn count_rank(&self, k: u8) -> u8 {
        self.suits().iter().filter(|&&s| self.holds(s, k)).count() as u8
    }

    /// High-card points in one suit, 4-3-2-1 from the top of the deck (unscaled, no
    /// deuce points): where the hand's strength lies.
    pub fn suit_hcp(&self, suit: Suit) -> u8 {
        let top = self.style.top();
        self.hand
            .suit(suit)
            .iter()
            .filter_map(|c| c.rank())
            .map(|r| 4u8.saturating_sub(below_top(r, top)))
            .sum()
    }

    /// Whether `suit` is good enough to bid on its own: two of the top three honours, or
    /// three of the top five.
    pub fn good_suit(&self, suit: Suit) -> bool {
        let top = self.style.top();
        honours(self.hand, suit, top, 3) >= 2 || honours(self.hand, suit, top, 5) >= 3
    }
}

/// How many of the `n` highest ranks of `suit` the hand holds.
pub fn honours(hand: CardSet, suit: Suit, top: Rank, n: u8) -> u8 {
    hand.suit(suit)
        .iter()
        .filter(|c| c.rank().is_some_and(|r| below_top(r, top) < n))
        .count() as u8
}

/// The tricks a hand should take with `trump` as trumps (or in no trump), counting honour
/// winners, long cards and, in a trump contract, ruffs in the short suits.
///
/// ```
/// use tenace_bots::hand_eval::{DeckStyle, estimated_tricks};
/// use tenace_cards::Suit;
/// let hand = "SA SK SQ SJ S9 S8 S7 HA HK DA C4 C3 C2".parse().unwrap();
/// let t = estimated_tricks(hand, DeckStyle::Standard, Some(Suit::Spades));
/// assert!(t > 9.0 && t < 12.0, "{t}");
/// ```
pub fn estimated_tricks(hand: CardSet, style: DeckStyle, trump: Option<Suit>) -> f32 {
    let top = style.top();
    let trumps = trump.map_or(0, |t| hand.suit(t).len()) as f32;
    let mut total: f32 = 0.0;
    let mut ruffs: f32 = 0.0;
    for &suit in style.suits() {
        let cards = hand.suit(suit);
        let len = cards.len() as f32;
        let has = |k: u8| {
            cards
                .iter()
                .any(|c| c.rank().is_some_and(|r| below_top(r, top) == k))
        };
        let mut t = 0.0f32;
        if has(0) {
            t += 1.0;
        }
        if has(1) {
            t += match (len >= 2.0, has(0)) {
                (true, true) => 1.0,
                (true, false) => 0.6,
                _ => 0.2,
            };
        }
        if has(2) && len >= 3.0 {
            t += if has(0) || has(1) { 0.6 } else { 0.35 };
        }
        let is_trump = Some(suit) == trump;
        if is_trump {
            t += (len - 3.0).max(0.0) * 0.9;
        } else if trump.is_none() && len >= 5.0 && t >= 1.5 {
            t += (len - 4.0) * 0.7;
        } else if trump.is_some() {
            // Side-suit winners beyond the second round get ruffed.
            t = t.min(2.0);
            ruffs += match cards.len() {
                0 => 1.0,
                1 => 0.6,
                2 => 0.25,
                _ => 0.0,
            };
        }
        total += t.min(len);
    }
    if trump.is_some() {
        total += ruffs.min((trumps - 2.0).max(0.0) * 0.8);
    }
    // The joker is a small trump in Five Crowns suit contracts.
    if trump.is_some() && hand.contains(Card::JOKER) {
        total += 0.3;
    }
    total
}
