//! The two card layouts of the fast path, both in one 64-bit hand mask.
//!
//! - Four suits (Contract Bridge, Deuces Wild): a 16-bit lane per suit, clubs lowest,
//!   the card's bit its rank (the deuce bit 2, the ace bit 14): the layout of
//!   [`tenace_cards::CardSet`] itself, so a hand goes in unchanged.
//! - Five suits (Five Crowns Bridge, RULES.md §2.2): a 12-bit lane per suit, clubs
//!   lowest and stars highest, the three at bit 1 and the king at bit 11. Bit 0 of the
//!   trump suit's lane is the joker, "the two of trumps" in a suit contract. Five lanes
//!   of 16 bits would not fit the word; the search reads every lane as a `u16` either
//!   way.
//!
//! A card index is its suit times the lane width plus its bit. Every conversion
//! between a card, its suit and its rank goes through these functions, so the search is
//! written once for both layouts: with the lane width a constant of each compiled copy,
//! the four-suit copy still shifts and masks by 16.

use tenace_cards::Card;

/// The bits of one suit's lane: 16 with four suits, 12 with five.
pub(crate) const fn lane_width(suits: usize) -> u32 {
    if suits == 4 { 16 } else { 12 }
}

/// The suit (0 clubs up) of a card index.
#[inline(always)]
pub(crate) const fn suit_of<const S: usize>(card: u8) -> usize {
    (card as u32 / lane_width(S)) as usize
}

/// The bit number of a card's rank in its suit's lane.
#[inline(always)]
pub(crate) const fn rank_of<const S: usize>(card: u8) -> u32 {
    card as u32 % lane_width(S)
}

/// The bit of a card's rank in its suit's lane.
#[inline(always)]
pub(crate) const fn rank_bit<const S: usize>(card: u8) -> u16 {
    1 << rank_of::<S>(card)
}

/// The card index of bit `rank` of suit `suit`'s lane.
#[inline(always)]
pub(crate) const fn card_at<const S: usize>(suit: usize, rank: u32) -> u8 {
    (suit as u32 * lane_width(S) + rank) as u8
}

/// One suit's lane of a hand mask.
#[inline(always)]
pub(crate) const fn lane<const S: usize>(hand: u64, suit: usize) -> u16 {
    let width = lane_width(S);
    (hand >> (suit as u32 * width)) as u16 & ((1u32 << width) - 1) as u16
}

/// Every bit of suit `suit`'s lane in a hand mask.
#[inline(always)]
pub(crate) const fn lane_mask<const S: usize>(suit: usize) -> u64 {
    let width = lane_width(S);
    ((1u64 << width) - 1) << (suit as u32 * width)
}

/// The joker's index in the five-suit layout in no trump: above the five lanes, in no
/// suit (see [`super::joker`]).
pub(crate) const NT_JOKER: u8 = 60;

/// A Five Crowns card's index in the five-suit layout, with `trump` the trump suit's
/// index ([`super::NT`] for none): the joker is the lowest trump, or in no trump
/// [`NT_JOKER`]. `None` for cards of no Five Crowns suit.
pub(crate) fn five_suit_index(card: Card, trump: usize) -> Option<u8> {
    if card == Card::JOKER {
        return Some(if trump < 5 {
            card_at::<5>(trump, 0)
        } else {
            NT_JOKER
        });
    }
    let suit = card.suit()?;
    let bit = u32::from(card.index() & 15);
    // Five Crowns ranks run 3 (bit 3 of a card set's lane) to the king (bit 13).
    (3..=13)
        .contains(&bit)
        .then(|| card_at::<5>(suit.index(), bit - 2))
}

/// The card of a five-suit index (the joker at bit 0 of the trump lane): the inverse of
/// [`five_suit_index`], for the tests.
#[cfg(test)]
pub(crate) fn five_suit_card(index: u8) -> Option<Card> {
    if index == NT_JOKER {
        return Some(Card::JOKER);
    }
    match rank_of::<5>(index) {
        0 => Some(Card::JOKER),
        bit => Card::from_index(suit_of::<5>(index) as u8 * 16 + bit as u8 + 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_layouts_take_cards_apart_and_back() {
        for card in 0..64u8 {
            let (suit, rank) = (suit_of::<4>(card), rank_of::<4>(card));
            assert_eq!((suit, rank), (usize::from(card >> 4), u32::from(card & 15)));
            assert_eq!(card_at::<4>(suit, rank), card);
        }
        for card in 0..60u8 {
            let (suit, rank) = (suit_of::<5>(card), rank_of::<5>(card));
            assert!(suit < 5 && rank < 12);
            assert_eq!(card_at::<5>(suit, rank), card);
            let hand = 1u64 << card;
            assert_eq!(lane::<5>(hand, suit), rank_bit::<5>(card));
            assert_eq!(hand & lane_mask::<5>(suit), hand);
            assert!((0..5).all(|other| other == suit || lane::<5>(hand, other) == 0));
            // Every Five Crowns card comes back, the joker as the lowest trump.
            let trump = (card / 12 + 1) as usize % 5;
            if let Some(back) = five_suit_card(card)
                && (back != Card::JOKER || suit == trump)
            {
                assert_eq!(five_suit_index(back, trump), Some(card), "{back}");
            }
        }
        let deck = tenace_cards::Deck::FiveCrowns;
        let mut seen = 0u64;
        for card in deck.cards().iter() {
            let index = five_suit_index(card, 4).expect("a Five Crowns card");
            assert_eq!(five_suit_card(index), Some(card));
            seen |= 1 << index;
        }
        assert_eq!(seen.count_ones(), 56);
        assert_eq!(
            five_suit_index(Card::JOKER, super::super::NT),
            Some(NT_JOKER)
        );
    }
}
