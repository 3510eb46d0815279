//! One rubber: games, part-scores and the sheet (RULES.md §1.6, ACBL Laws of Rubber
//! Bridge 72–81). [`RubberSheet`](super::RubberSheet) strings rubbers into a session.

use tenace_cards::{Seat, Side};

use super::sheet::{EntryKind, SheetEntry, leader, sum};
use super::{ScoringTable, contract_score};
use crate::Contract;

/// The points a side needs below the line to win a game (Law 73).
const GAME: u32 = 100;

/// One rubber: its sheet and where it stands.
///
/// ```
/// use tenace_rules::scoring::RubberSheet;
/// use tenace_cards::{Seat, Side};
/// let mut sheet = RubberSheet::default();
/// sheet.record(Some("4S".parse().unwrap()), Seat::North, 10, None).unwrap();
/// let rubber = sheet.current().unwrap();
/// assert_eq!(rubber.games(Side::NorthSouth), 1);
/// assert_eq!(rubber.below(Side::NorthSouth), 120);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rubber {
    entries: Vec<SheetEntry>,
    games: [u8; 2],
    part_scores: [u32; 2],
    end: Option<RubberEnd>,
}

/// How a rubber stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RubberEnd {
    /// A side won two games.
    Won(Side),
    /// The session stopped first, and Law 80 was applied.
    Unfinished,
}

impl Rubber {
    /// Every score written on this rubber's sheet, in the order written.
    ///
    /// ```
    /// use tenace_rules::scoring::Rubber;
    /// assert!(Rubber::default().entries().is_empty());
    /// ```
    pub fn entries(&self) -> &[SheetEntry] {
        &self.entries
    }

    /// Games won by `side` in this rubber.
    ///
    /// ```
    /// use tenace_rules::scoring::Rubber;
    /// use tenace_cards::Side;
    /// assert_eq!(Rubber::default().games(Side::EastWest), 0);
    /// ```
    pub fn games(&self, side: Side) -> u8 {
        self.games[side.index()]
    }

    /// `side`'s below-the-line points toward the game in progress. A game by either side
    /// starts both again from 0.
    ///
    /// ```
    /// use tenace_rules::scoring::Rubber;
    /// use tenace_cards::Side;
    /// assert_eq!(Rubber::default().part_score(Side::NorthSouth), 0);
    /// ```
    pub fn part_score(&self, side: Side) -> u32 {
        self.part_scores[side.index()]
    }

    /// `side`'s points below the line: all its trick scores, games won or not.
    ///
    /// ```
    /// use tenace_rules::scoring::Rubber;
    /// use tenace_cards::Side;
    /// assert_eq!(Rubber::default().below(Side::NorthSouth), 0);
    /// ```
    pub fn below(&self, side: Side) -> u32 {
        sum(&self.entries, side, true)
    }

    /// `side`'s points above the line: premiums, honors, penalties and bonuses.
    ///
    /// ```
    /// use tenace_rules::scoring::Rubber;
    /// use tenace_cards::Side;
    /// assert_eq!(Rubber::default().above(Side::EastWest), 0);
    /// ```
    pub fn above(&self, side: Side) -> u32 {
        sum(&self.entries, side, false) - self.below(side)
    }

    /// `side`'s total, above plus below.
    ///
    /// ```
    /// use tenace_rules::scoring::Rubber;
    /// use tenace_cards::Side;
    /// assert_eq!(Rubber::default().total(Side::EastWest), 0);
    /// ```
    pub fn total(&self, side: Side) -> u32 {
        sum(&self.entries, side, false)
    }

    /// The side that won two games, if the rubber was completed. That side can still
    /// lose on points; see [`points_winner`](Self::points_winner).
    ///
    /// ```
    /// use tenace_rules::scoring::Rubber;
    /// assert_eq!(Rubber::default().game_winner(), None);
    /// ```
    pub fn game_winner(&self) -> Option<Side> {
        match self.end {
            Some(RubberEnd::Won(side)) => Some(side),
            _ => None,
        }
    }

    /// The side ahead on total points and by how much; `None` when level. Meaningful at
    /// any time, final once the rubber is [finished](Self::is_finished).
    ///
    /// ```
    /// use tenace_rules::scoring::Rubber;
    /// assert_eq!(Rubber::default().points_winner(), None);
    /// ```
    pub fn points_winner(&self) -> Option<(Side, u32)> {
        leader(self.total(Side::NorthSouth), self.total(Side::EastWest))
    }

    /// Whether the rubber is over: two games won, or stopped under Law 80.
    ///
    /// ```
    /// use tenace_rules::scoring::Rubber;
    /// assert!(!Rubber::default().is_finished());
    /// ```
    pub fn is_finished(&self) -> bool {
        self.end.is_some()
    }

    /// Whether the rubber was stopped before two games and scored under Law 80.
    ///
    /// ```
    /// use tenace_rules::scoring::Rubber;
    /// assert!(!Rubber::default().is_unfinished());
    /// ```
    pub fn is_unfinished(&self) -> bool {
        self.end == Some(RubberEnd::Unfinished)
    }

    /// Writes one made or defeated contract on the sheet, and returns whether it won the
    /// rubber. Vulnerability is this rubber's: a side with a game is vulnerable.
    pub(super) fn score_deal(
        &mut self,
        table: ScoringTable,
        deal: u32,
        contract: Contract,
        declarer: Seat,
        tricks: u8,
        honors: Option<(Side, u32)>,
    ) -> bool {
        let side = declarer.side();
        let score = contract_score(table, contract, tricks, self.games(side) > 0);
        if let Some((holder, points)) = honors {
            self.write(deal, holder, EntryKind::Honors, points);
        }
        if !score.is_made() {
            let defenders = side.opponents();
            self.write(deal, defenders, EntryKind::Undertricks, score.undertricks);
            return false;
        }
        self.write(deal, side, EntryKind::TrickScore, score.trick_score);
        self.write(deal, side, EntryKind::Overtricks, score.overtricks);
        self.write(deal, side, EntryKind::Insult, score.insult);
        self.write(deal, side, EntryKind::Slam, score.slam);
        self.part_scores[side.index()] += score.trick_score;
        if self.part_score(side) < GAME {
            return false;
        }
        // Law 73: the game wipes both sides' part-scores for the next game.
        self.part_scores = [0, 0];
        self.games[side.index()] += 1;
        if self.games(side) < 2 {
            return false;
        }
        let bonus = if self.games(side.opponents()) == 0 {
            700
        } else {
            500
        };
        self.write(deal, side, EntryKind::RubberBonus, bonus);
        self.end = Some(RubberEnd::Won(side));
        true
    }

    /// Closes the rubber under Law 80, with `deal` the last deal played.
    pub(super) fn stop(&mut self, deal: u32, unfinished_partscore_bonus: u32) {
        if self.games[0] + self.games[1] == 1 {
            let winner = if self.games(Side::NorthSouth) == 1 {
                Side::NorthSouth
            } else {
                Side::EastWest
            };
            self.write(deal, winner, EntryKind::UnfinishedGame, 300);
        }
        let with_part_score: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|&s| self.part_score(s) > 0)
            .collect();
        if let [only] = with_part_score[..] {
            let bonus = unfinished_partscore_bonus;
            self.write(deal, only, EntryKind::UnfinishedPartScore, bonus);
        }
        self.end = Some(RubberEnd::Unfinished);
    }

    fn write(&mut self, deal: u32, side: Side, kind: EntryKind, points: u32) {
        if points > 0 {
            let game = self.games[0] + self.games[1];
            self.entries.push(SheetEntry {
                deal,
                game,
                side,
                kind,
                points,
            });
        }
    }
}
