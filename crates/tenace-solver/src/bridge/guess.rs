//! The first target of a table's solve, from the high cards and the suit lengths.
//!
//! The value of a position is found by null-window searches stepped from a guess (see
//! [`crate::targets`]), and every step between the guess and the value is a search
//! thrown away. Within a strain the last declarer's result is a good guess for the
//! next, but the first solve of a strain had only the previous strain's result: off by
//! two or more in half the cases, it threw away a sixth of that solve's work, and
//! those solves cost as much as the strain's other three together.
//!
//! The estimate is a least-squares line fitted on the full tables of 150 seeded deals;
//! on 150 others it lands on the value or one above it in 60% of the first solves,
//! against 28% for the previous strain's result. The first target sits a little above
//! the estimate: a search well above the value fails fast, while one just below it
//! costs nearly as much as the value's own. Measured on four sets of 30 full tables
//! (none of them the fitting deals), the nodes searched fell by 4.4%, 5.2%, 3.5% and
//! 4.2% (one above the rounded estimate); starting at the rounded estimate saved 4.2%,
//! 0.4% and 3.9% of the first three. An all-cards solve gained nothing from it, with
//! any offset (nor from it only when the estimate is lopsided), so it keeps half the
//! tricks as its first target.

use super::lanes::lane;
use super::search::{BridgeSearch, NT};

impl<const WILD: bool, const S: usize> BridgeSearch<WILD, S> {
    /// The first target of North-South's tricks for the position set up at a trick
    /// start (see [`first_target`]).
    pub(crate) fn first_target(&self) -> u8 {
        first_target::<S>(&self.hands, self.trump, self.tricks_left())
    }
}

/// High-card points of the top four ranks of a suit: the ace (bit 14 of a four-suit
/// lane) down to the jack, or in Five Crowns the king (bit 11) down to the ten.
fn points_of(lane_bits: u16, suits: usize) -> u32 {
    let top = if suits == 4 { 14 } else { 11 };
    (0..4)
        .map(|below| u32::from(lane_bits >> (top - below) & 1) * (4 - below))
        .sum()
}

/// The weights of the fitted line, in tricks per trick left: the constant; North-South's
/// share of the high-card points above half; and, with a trump suit, their trumps above
/// half the trumps in play and their longer trump holding above the opponents'; in no
/// trump, their longest suit against the opponents' longest.
const BASE_SUIT: f32 = 0.486;
const POINTS_SUIT: f32 = 1.176;
const TRUMPS: f32 = 0.609;
const LONGER_TRUMPS: f32 = 0.387;
const BASE_NT: f32 = 0.465;
const POINTS_NT: f32 = 1.654;
const LONGEST_SUIT_NT: f32 = 0.418;

/// The first target of North-South's tricks of the `left` tricks to play, for `hands`
/// at a trick start with `trump` ([`NT`] for no trump): two above the estimate rounded
/// down, at most `left`.
fn first_target<const S: usize>(hands: &[u64; 4], trump: usize, left: u8) -> u8 {
    let points =
        |hand: u64| -> u32 { (0..S).map(|suit| points_of(lane::<S>(hand, suit), S)).sum() };
    let ns_points = points(hands[0]) + points(hands[2]);
    let all_points = ns_points + points(hands[1]) + points(hands[3]);
    let share = if all_points == 0 {
        0.0
    } else {
        ns_points as f32 / all_points as f32 - 0.5
    };
    let count = |player: usize, suit: usize| lane::<S>(hands[player], suit).count_ones() as f32;
    let per_trick = f32::from(left.max(1));
    let fraction = if trump == NT {
        let longest = |a: usize, b: usize| {
            (0..S)
                .map(|suit| count(a, suit) + count(b, suit))
                .fold(0.0, f32::max)
        };
        BASE_NT + POINTS_NT * share + LONGEST_SUIT_NT * (longest(0, 2) - longest(1, 3)) / per_trick
    } else {
        let ours = count(0, trump) + count(2, trump);
        let theirs = count(1, trump) + count(3, trump);
        let longer = count(0, trump).max(count(2, trump)) - count(1, trump).max(count(3, trump));
        BASE_SUIT
            + POINTS_SUIT * share
            + TRUMPS * (ours - (ours + theirs) / 2.0) / per_trick
            + LONGER_TRUMPS * longer / per_trick
    };
    let estimate = (fraction * per_trick).clamp(0.0, per_trick);
    (estimate as u8 + 2).min(left)
}

#[cfg(test)]
mod tests {
    use super::first_target;
    use crate::bridge::NT;

    /// A hand from one 13-bit rank mask per suit (clubs first), ranks from bit 2.
    fn hand(suits: [u16; 4]) -> u64 {
        suits.iter().enumerate().fold(0, |acc, (suit, &ranks)| {
            acc | u64::from(ranks << 2) << (suit * 16)
        })
    }

    #[test]
    fn the_side_with_the_high_cards_and_the_trumps_is_guessed_to_take_more() {
        // North and South hold every ace, king, queen and jack, and the spades.
        let strong = [
            hand([0x1e00, 0x1e00, 0x1e00, 0x1000]),
            hand([0x00ff, 0x001f, 0x0000, 0x0000]),
            hand([0x0100, 0x0000, 0x0000, 0x0fff]),
            hand([0x0000, 0x01e0, 0x01ff, 0x0000]),
        ];
        let cards = strong.iter().fold(0u64, |all, h| {
            assert_eq!(all & h, 0);
            all | h
        });
        assert_eq!(cards.count_ones(), 52);
        let flipped = [strong[1], strong[2], strong[3], strong[0]];
        assert!(first_target::<4>(&strong, NT, 13) >= 11);
        assert!(first_target::<4>(&flipped, NT, 13) <= 3);
        // With clubs trumps, the side holding them is guessed to do better.
        let with_clubs = first_target::<4>(&strong, 0, 13);
        let without = first_target::<4>(&flipped, 0, 13);
        assert!(with_clubs > without, "{with_clubs} against {without}");
    }

    #[test]
    fn the_guess_stays_within_the_tricks_left() {
        let empty = [0; 4];
        assert_eq!(first_target::<4>(&empty, NT, 0), 0);
        let one_each = [
            hand([1, 0, 0, 0]),
            hand([2, 0, 0, 0]),
            hand([4, 0, 0, 0]),
            hand([8, 0, 0, 0]),
        ];
        for trump in (0..4).chain([NT]) {
            assert!((0..=1).contains(&first_target::<4>(&one_each, trump, 1)));
        }
    }
}
