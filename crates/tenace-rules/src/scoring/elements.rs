//! The per-deal score elements of one played contract (RULES.md §1.4, Law 77), and honors.

use tenace_cards::{BySeat, Card, CardSet, Rank, Side, Strain, Suit};

use super::{HonorsRule, ScoringTable};
use crate::{Contract, Doubling};

/// The Law 77 elements of one contract's result, each as the points it is worth.
///
/// A made contract has `undertricks == 0`; a defeated one has only `undertricks`. Which
/// elements become a total, and how, is up to the scoring mode.
///
/// ```
/// use tenace_rules::scoring::{contract_score, ScoringTable};
/// let s = contract_score(ScoringTable::BRIDGE, "2HX".parse().unwrap(), 9, false);
/// assert_eq!((s.trick_score, s.overtricks, s.insult), (120, 100, 50));
/// assert!(s.is_made());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ContractScore {
    /// Points for the odd tricks bid and made, doubling included: the points toward game.
    pub trick_score: u32,
    /// Points for tricks beyond the contract.
    pub overtricks: u32,
    /// 50 for making a doubled contract, the table's `insult_redoubled` for a redoubled one.
    pub insult: u32,
    /// Small or grand slam bonus; never multiplied by doubling.
    pub slam: u32,
    /// What the defenders score when the contract fails.
    pub undertricks: u32,
}

impl ContractScore {
    /// Whether the contract was made. Every defeat costs at least 50, so a zero penalty
    /// means made.
    ///
    /// ```
    /// use tenace_rules::scoring::{contract_score, ScoringTable};
    /// assert!(!contract_score(ScoringTable::BRIDGE, "4S".parse().unwrap(), 9, false).is_made());
    /// ```
    pub const fn is_made(&self) -> bool {
        self.undertricks == 0
    }

    /// Declarer's premium points: overtricks, insult and slam.
    ///
    /// ```
    /// use tenace_rules::scoring::{contract_score, ScoringTable};
    /// let s = contract_score(ScoringTable::BRIDGE, "6C".parse().unwrap(), 13, false);
    /// assert_eq!(s.above_the_line(), 20 + 500);
    /// ```
    pub const fn above_the_line(&self) -> u32 {
        self.overtricks + self.insult + self.slam
    }

    /// Declarer's side's net: every element, undertricks negative. No game, part-score or
    /// rubber premium is included; those belong to the scoring mode.
    ///
    /// ```
    /// use tenace_rules::scoring::{contract_score, ScoringTable};
    /// let t = ScoringTable::BRIDGE;
    /// assert_eq!(contract_score(t, "3NT".parse().unwrap(), 10, false).net(), 130);
    /// assert_eq!(contract_score(t, "3NT".parse().unwrap(), 8, true).net(), -100);
    /// ```
    pub const fn net(&self) -> i32 {
        (self.trick_score + self.above_the_line()) as i32 - self.undertricks as i32
    }
}

/// The Law 77 value of one odd trick: 20 in the minors, 30 otherwise. No trump and Stars
/// also get 10 extra for the first odd trick, added in [`contract_score`].
const fn trick_value(strain: Strain) -> u32 {
    match strain {
        Strain::Suit(Suit::Clubs | Suit::Diamonds) => 20,
        _ => 30,
    }
}

/// Whether the strain earns the extra 10 on the first odd trick: NT, and Stars because
/// Five Crowns scores Stars like NT (RULES.md §2.2).
const fn first_trick_bonus(strain: Strain) -> bool {
    matches!(strain, Strain::NoTrump | Strain::Suit(Suit::Stars))
}

/// Undertricks undoubled, or doubled (redoubled is twice doubled): the merged table of
/// RULES.md §1.4 in closed form.
const fn doubled_undertricks(down: u32, vulnerable: bool) -> u32 {
    match (vulnerable, down) {
        (_, 0) => 0,
        (true, d) => 300 * d - 100,
        (false, 1) => 100,
        (false, 2) => 300,
        (false, 3) => 500,
        (false, d) => 300 * d - 400,
    }
}

/// Scores one contract: the elements earned by `tricks` tricks taken by declarer's side,
/// `vulnerable` being declarer's side's vulnerability.
///
/// Tricks run from 0 to `table.max_tricks()`; use [`ScoringTable::check`] on results from
/// outside the engine. 0NT (Five Crowns) scores 10 per doubling unit for its "odd trick",
/// like the first trick of 1NT less 30.
///
/// ```
/// use tenace_rules::scoring::{contract_score, ScoringTable};
/// let t = ScoringTable::BRIDGE;
/// let s = contract_score(t, "7NTXX".parse().unwrap(), 13, true);
/// assert_eq!((s.trick_score, s.insult, s.slam), (880, 100, 1500));
/// let s = contract_score(t, "4SX".parse().unwrap(), 6, false);
/// assert_eq!(s.undertricks, 800);
/// let fc = ScoringTable::five_crowns(false);
/// assert_eq!(contract_score(fc, "0NT".parse().unwrap(), 8, false).trick_score, 10);
/// ```
pub fn contract_score(
    table: ScoringTable,
    contract: Contract,
    tricks: u8,
    vulnerable: bool,
) -> ContractScore {
    debug_assert!(tricks <= table.max_tricks(), "{tricks} tricks");
    let level = u32::from(contract.level);
    let need = u32::from(table.book) + level;
    let tricks = u32::from(tricks);
    let m = contract.doubling.multiplier();

    if tricks < need {
        let down = need - tricks;
        let undoubled = if vulnerable { 100 * down } else { 50 * down };
        let undertricks = match contract.doubling {
            Doubling::Undoubled => undoubled,
            Doubling::Doubled => doubled_undertricks(down, vulnerable),
            Doubling::Redoubled => 2 * doubled_undertricks(down, vulnerable),
        };
        return ContractScore {
            undertricks,
            ..ContractScore::default()
        };
    }

    let extra = if first_trick_bonus(contract.strain) {
        10
    } else {
        0
    };
    let trick_score = m * (level * trick_value(contract.strain) + extra);

    let over = tricks - need;
    // Doubled overtricks are flat rates, 100/200 a trick, twice that redoubled; only
    // undoubled ones keep the trick value.
    let per_overtrick = match (contract.doubling, vulnerable) {
        (Doubling::Undoubled, _) => trick_value(contract.strain),
        (Doubling::Doubled, false) => 100,
        (Doubling::Doubled, true) => 200,
        (Doubling::Redoubled, false) => 200,
        (Doubling::Redoubled, true) => 400,
    };
    let insult = match contract.doubling {
        Doubling::Undoubled => 0,
        Doubling::Doubled => 50,
        Doubling::Redoubled => table.insult_redoubled,
    };
    // Slams go by the level bid, not the tricks taken (decision F4 keeps this in Five
    // Crowns, where a small slam is 13 of 14 tricks).
    let slam = match (contract.level, vulnerable) {
        (6, false) => 500,
        (6, true) => 750,
        (7, false) => 1000,
        (7, true) => 1500,
        _ => 0,
    };
    ContractScore {
        trick_score,
        overtricks: over * per_overtrick,
        insult,
        slam,
        undertricks: 0,
    }
}

/// The honors held, if any: the side that scores them and the points (RULES.md §1.4,
/// Laws 72 and 81; Five Crowns decision F5).
///
/// * A trump contract: four of the five trump honors in one hand score 100, all five 150.
/// * No trump: all four aces in one hand score 150. Under
///   [`HonorsRule::FiveCrownsMapped`], four (or all five) of the five kings.
///
/// Only one hand can qualify, since it takes four of five honors. Whether honors count at
/// all (rubber, Chicago with `chicago_honors`) is the caller's business; this only looks
/// at the cards.
///
/// ```
/// use tenace_rules::scoring::{honors, ScoringTable};
/// use tenace_cards::{BySeat, CardSet, Side, Strain, Suit};
/// let mut hands = BySeat::<CardSet>::default();
/// hands.0[1] = "SA SK SQ SJ H2".parse().unwrap(); // East
/// assert_eq!(honors(ScoringTable::BRIDGE, Strain::Suit(Suit::Spades), &hands), Some((Side::EastWest, 100)));
/// assert_eq!(honors(ScoringTable::BRIDGE, Strain::NoTrump, &hands), None);
/// ```
pub fn honors(table: ScoringTable, strain: Strain, hands: &BySeat<CardSet>) -> Option<(Side, u32)> {
    let (trump_honors, nt_honors): (&[Rank], Rank) = match table.honors {
        HonorsRule::FiveCrownsOff => return None,
        HonorsRule::Standard => (
            &[Rank::Ace, Rank::King, Rank::Queen, Rank::Jack, Rank::Ten],
            Rank::Ace,
        ),
        HonorsRule::FiveCrownsMapped => (
            &[Rank::King, Rank::Queen, Rank::Jack, Rank::Ten, Rank::Nine],
            Rank::King,
        ),
    };
    let (mask, points_for): (CardSet, fn(usize) -> u32) = match strain.trump() {
        Some(trump) => (
            trump_honors.iter().map(|&r| Card::new(trump, r)).collect(),
            |held| match held {
                5 => 150,
                4 => 100,
                _ => 0,
            },
        ),
        None => {
            // The deck decides which suits have an ace or king to hold.
            let suits: &[Suit] = match table.honors {
                HonorsRule::FiveCrownsMapped => &Suit::FIVE_CROWNS,
                _ => &Suit::STANDARD,
            };
            (
                suits.iter().map(|&s| Card::new(s, nt_honors)).collect(),
                |held| if held >= 4 { 150 } else { 0 },
            )
        }
    };
    hands.iter().find_map(|(seat, hand)| {
        let points = points_for((*hand & mask).len());
        (points > 0).then_some((seat.side(), points))
    })
}
