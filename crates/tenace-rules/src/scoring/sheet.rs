//! What the rubber and Chicago sheets are made of: one entry per score written down.

use tenace_cards::Side;
use thiserror::Error;

use crate::Contract;

/// What a score on a sheet is for. The kind decides which side of the line it goes on.
///
/// ```
/// use tenace_rules::scoring::EntryKind;
/// assert!(EntryKind::TrickScore.is_below_the_line());
/// assert!(!EntryKind::Honors.is_below_the_line());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntryKind {
    /// Contract points for the odd tricks bid and made: the only points toward game.
    TrickScore,
    /// Tricks made beyond the contract.
    Overtricks,
    /// The bonus for making a doubled or redoubled contract.
    Insult,
    /// Small or grand slam bonus.
    Slam,
    /// Honors held by one hand, scored by that hand's side.
    Honors,
    /// Penalty for a defeated contract, scored by the defenders.
    Undertricks,
    /// Rubber only: 700 or 500 for winning the rubber.
    RubberBonus,
    /// Rubber only (Law 80): 300 for the one game won in an unfinished rubber.
    UnfinishedGame,
    /// Rubber only (Law 80): 100 (or 50) for the only part-score in the unfinished game.
    UnfinishedPartScore,
    /// Chicago only: 300 or 500 for completing a game.
    GameBonus,
    /// Chicago only: 100 for a part-score made on the fourth deal that does not complete
    /// a game.
    FourthDealPartScore,
}

impl EntryKind {
    /// Whether the entry is written below the line (it counts toward game).
    ///
    /// ```
    /// use tenace_rules::scoring::EntryKind;
    /// assert!(!EntryKind::RubberBonus.is_below_the_line());
    /// ```
    pub const fn is_below_the_line(self) -> bool {
        matches!(self, EntryKind::TrickScore)
    }
}

/// One score written on a sheet.
///
/// ```
/// use tenace_rules::scoring::{EntryKind, SheetEntry};
/// use tenace_cards::Side;
/// let e = SheetEntry { deal: 1, game: 0, side: Side::NorthSouth, kind: EntryKind::Slam, points: 500 };
/// assert!(!e.kind.is_below_the_line());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SheetEntry {
    /// The deal that produced it, from 1. A rubber sheet numbers every deal of the session,
    /// passed-out ones included (the deal still passes on); a Chicago sheet numbers only
    /// the deals that count (1 to 4 × rounds), since a passed-out deal is redealt. Bonuses
    /// written when a rubber ends carry the number of the deal that ended it.
    pub deal: u32,
    /// The game of the rubber or wheel (from 0) during which it was scored, so that a sheet
    /// can draw a line under each game's trick scores.
    pub game: u8,
    /// The side that scores it.
    pub side: Side,
    /// What it is for.
    pub kind: EntryKind,
    /// How much it is worth (never 0: empty elements are not written).
    pub points: u32,
}

/// Why a result could not be put on a sheet.
///
/// ```
/// use tenace_rules::scoring::ScoreError;
/// assert_eq!(ScoreError::SessionOver.to_string(), "the session is over: no more deals can be scored");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ScoreError {
    /// Every rubber or round of the session has been played.
    #[error("the session is over: no more deals can be scored")]
    SessionOver,
    /// More tricks than the hands hold.
    #[error("{tricks} tricks is more than the {max} a side can take")]
    TooManyTricks {
        /// Tricks given.
        tricks: u8,
        /// The most there are.
        max: u8,
    },
    /// A level outside 1–7, or 0 in a game without 0NT.
    #[error("{0} cannot be scored in this game: levels run 1 to 7 (0 only as 0NT in Five Crowns)")]
    BadContract(Contract),
}

/// Sums the points of `side` in `entries`, optionally only those below the line.
pub(crate) fn sum(entries: &[SheetEntry], side: Side, below_only: bool) -> u32 {
    entries
        .iter()
        .filter(|e| e.side == side && (!below_only || e.kind.is_below_the_line()))
        .map(|e| e.points)
        .sum()
}

/// The side with more points and the margin, or `None` on a tie.
pub(crate) fn leader(ns: u32, ew: u32) -> Option<(Side, u32)> {
    match ns.cmp(&ew) {
        std::cmp::Ordering::Greater => Some((Side::NorthSouth, ns - ew)),
        std::cmp::Ordering::Less => Some((Side::EastWest, ew - ns)),
        std::cmp::Ordering::Equal => None,
    }
}
