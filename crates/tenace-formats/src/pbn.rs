//! PBN deal strings: `"N:AKQ2.T98.76.5432 … … …"`.
//!
//! The first letter names the seat of the first hand; the hands follow clockwise. Each hand
//! lists its spades, hearts, diamonds and clubs separated by dots, high to low, with `T`
//! for ten; a void is an empty group, and a hand of `-` is unknown (PBN 2.1, section 3.4.11).
//!
//! **Five Crowns** uses the same shape with five groups, in bidding order from the top:
//! Stars, Spades, Hearts, Diamonds, Clubs (`KQ3.J98.T7.654.K3`), and the joker written as
//! `+JK` at the end of the hand that holds it (`KQ3.J98.T7.654.K3+JK`).

use tenace_cards::{BySeat, Card, CardSet, Deck, Rank, Seat, Suit};
use thiserror::Error;

/// Why a PBN deal string could not be read. Every message names the part at fault.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PbnError {
    /// The text before the colon is not a seat.
    #[error("PBN deal: {0:?} before ':' is not a seat (expected N, E, S or W)")]
    FirstSeat(String),
    /// No colon after the first seat.
    #[error("PBN deal: expected a seat and ':' at the start, e.g. \"N:AKQ2.T98.76.5432 …\"")]
    MissingColon,
    /// Not four hands.
    #[error("PBN deal: expected 4 hands separated by spaces, found {0}")]
    HandCount(usize),
    /// A hand with the wrong number of suit groups.
    #[error("PBN deal: the hand of {seat} has {groups} suit groups, expected {expected} ({order})")]
    SuitCount {
        /// The hand's seat.
        seat: Seat,
        /// How many groups it had.
        groups: usize,
        /// How many the deck has.
        expected: usize,
        /// Their order.
        order: &'static str,
    },
    /// A joker in a deck without one.
    #[error("PBN deal: the hand of {0} has a joker, but this game's deck has none")]
    NoJoker(Seat),
    /// A character that is not a rank.
    #[error("PBN deal: {0:?} in the hand of {1} is not a rank (A K Q J T 9 … 2)")]
    Rank(char, Seat),
    /// A card given twice.
    #[error("PBN deal: {0} appears twice")]
    Duplicate(Card),
}

/// A deal as a PBN string gives it: the first seat and each hand, `None` where unknown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PbnDeal {
    /// The seat of the first hand in the string.
    pub first: Seat,
    /// The hands by seat; `None` for `-`.
    pub hands: BySeat<Option<CardSet>>,
}

impl PbnDeal {
    /// The four hands, if all are known.
    pub fn complete(&self) -> Option<BySeat<CardSet>> {
        let mut hands = BySeat::<CardSet>::default();
        for seat in Seat::ALL {
            hands[seat] = self.hands[seat]?;
        }
        Some(hands)
    }
}

/// The suit order of a PBN hand.
const PBN_SUITS: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];
/// The suit order of a Five Crowns hand.
const FIVE_CROWNS_SUITS: [Suit; 5] = [
    Suit::Stars,
    Suit::Spades,
    Suit::Hearts,
    Suit::Diamonds,
    Suit::Clubs,
];
/// How the joker is written after a Five Crowns hand.
const JOKER_SUFFIX: &str = "+JK";

/// The suit groups of a deck's hands, in written order.
fn groups_of(deck: Deck) -> &'static [Suit] {
    match deck {
        Deck::FiveCrowns => &FIVE_CROWNS_SUITS,
        _ => &PBN_SUITS,
    }
}

/// Reads a PBN deal string. Leading and trailing spaces and a surrounding pair of quotes
/// are ignored; the counts of cards are not checked here (the game's setup does that).
pub fn parse_deal(text: &str) -> Result<PbnDeal, PbnError> {
    parse_deal_for(Deck::Standard, text)
}

/// Reads a deal string of a game with this deck: PBN for the standard deck, the Five
/// Crowns form (five groups and `+JK`) for Five Crowns.
///
/// ```
/// use tenace_formats::pbn::{format_deal_for, parse_deal_for};
/// use tenace_cards::{Card, Deck, Seat};
/// let text = "N:KQJT.KQJ.KQJ.KQJ.K+JK - - -";
/// let deal = parse_deal_for(Deck::FiveCrowns, text).unwrap();
/// assert!(deal.hands[Seat::North].unwrap().contains(Card::JOKER));
/// assert_eq!(deal.hands[Seat::North].unwrap().len(), 15);
/// ```
pub fn parse_deal_for(deck: Deck, text: &str) -> Result<PbnDeal, PbnError> {
    let text = text.trim().trim_matches('"');
    let (first, rest) = text.split_once(':').ok_or(PbnError::MissingColon)?;
    let first: Seat = first
        .trim()
        .parse()
        .map_err(|_| PbnError::FirstSeat(first.into()))?;
    let hand_texts: Vec<&str> = rest.split_whitespace().collect();
    if hand_texts.len() != 4 {
        return Err(PbnError::HandCount(hand_texts.len()));
    }
    let mut hands = BySeat::<Option<CardSet>>::default();
    let mut seen = CardSet::EMPTY;
    for (i, hand_text) in hand_texts.iter().enumerate() {
        let seat = first.offset(i);
        if *hand_text == "-" {
            continue;
        }
        let hand = parse_hand_for(deck, hand_text, seat)?;
        if let Some(card) = (hand & seen).lowest() {
            return Err(PbnError::Duplicate(card));
        }
        seen |= hand;
        hands[seat] = Some(hand);
    }
    Ok(PbnDeal { first, hands })
}

/// Reads one PBN hand, `AKQ2.T98.76.5432`.
///
/// ```
/// use tenace_formats::pbn::parse_hand;
/// use tenace_cards::Seat;
/// let hand = parse_hand("AK..T.", Seat::South).unwrap();
/// assert_eq!(hand.to_string(), "DT SK SA");
/// ```
pub fn parse_hand(text: &str, seat: Seat) -> Result<CardSet, PbnError> {
    parse_hand_for(Deck::Standard, text, seat)
}

/// Reads one hand of a game with this deck.
pub fn parse_hand_for(deck: Deck, text: &str, seat: Seat) -> Result<CardSet, PbnError> {
    let mut hand = CardSet::EMPTY;
    let text = match text.strip_suffix(JOKER_SUFFIX) {
        Some(rest) if deck == Deck::FiveCrowns => {
            hand.insert(Card::JOKER);
            rest
        }
        Some(_) => return Err(PbnError::NoJoker(seat)),
        None => text,
    };
    let order = groups_of(deck);
    let groups: Vec<&str> = text.split('.').collect();
    if groups.len() != order.len() {
        return Err(PbnError::SuitCount {
            seat,
            groups: groups.len(),
            expected: order.len(),
            order: if deck == Deck::FiveCrowns {
                "stars.spades.hearts.diamonds.clubs"
            } else {
                "spades.hearts.diamonds.clubs"
            },
        });
    }
    for (&suit, group) in order.iter().zip(groups) {
        for c in group.chars() {
            let rank = Rank::from_symbol(c).ok_or(PbnError::Rank(c, seat))?;
            let card = Card::new(suit, rank);
            if !hand.insert(card) {
                return Err(PbnError::Duplicate(card));
            }
        }
    }
    Ok(hand)
}

/// Writes one hand in PBN notation, high cards first.
///
/// ```
/// use tenace_formats::pbn::format_hand;
/// assert_eq!(format_hand("SA SK DT".parse().unwrap()), "AK..T.");
/// ```
pub fn format_hand(hand: CardSet) -> String {
    format_hand_for(Deck::Standard, hand)
}

/// Writes one hand of a game with this deck.
pub fn format_hand_for(deck: Deck, hand: CardSet) -> String {
    let mut text = groups_of(deck)
        .iter()
        .map(|&s| {
            hand.suit(s)
                .iter()
                .rev()
                .filter_map(|c| c.rank().map(|r| r.symbol()))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join(".");
    if hand.contains(Card::JOKER) {
        text.push_str(JOKER_SUFFIX);
    }
    text
}

/// Writes a deal as a PBN deal string, starting with `first` and going clockwise.
pub fn format_deal(first: Seat, hands: &BySeat<CardSet>) -> String {
    format_deal_for(Deck::Standard, first, hands)
}

/// Writes a deal of a game with this deck, starting with `first` and going clockwise.
pub fn format_deal_for(deck: Deck, first: Seat, hands: &BySeat<CardSet>) -> String {
    let mut out = format!("{first}:");
    for i in 0..4 {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&format_hand_for(deck, hands[first.offset(i)]));
    }
    out
}
