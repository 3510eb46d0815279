//! The score sheet of a rubber bridge session (RULES.md §1.6): rubber after rubber, with
//! the deal passing clockwise and Law 80 when the session stops early.

use tenace_cards::{Seat, Side};

use super::sheet::{ScoreError, leader};
use super::{Rubber, ScoringTable};
use crate::{Contract, Vulnerability};

/// The score sheet of a rubber bridge session, fed one deal result at a time.
///
/// There is no game or part-score premium per deal; a rubber ends when a side wins its
/// second game, with a bonus of 700 (opponents without a game) or 500. When the session
/// stops mid-rubber, [`finish_unfinished`](Self::finish_unfinished) applies Law 80.
///
/// ```
/// use tenace_rules::scoring::RubberSheet;
/// use tenace_cards::{Seat, Side};
/// let mut sheet = RubberSheet::default();
/// sheet.record(Some("3NT".parse().unwrap()), Seat::North, 9, None).unwrap();
/// sheet.record(Some("4H".parse().unwrap()), Seat::South, 10, None).unwrap();
/// assert!(sheet.is_over());
/// let rubber = &sheet.rubbers()[0];
/// assert_eq!(rubber.game_winner(), Some(Side::NorthSouth));
/// assert_eq!(rubber.total(Side::NorthSouth), 100 + 120 + 700);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RubberSheet {
    table: ScoringTable,
    rubbers_to_play: u32,
    finished: Vec<Rubber>,
    current: Rubber,
    dealer: Seat,
    deals: u32,
    over: bool,
}

impl Default for RubberSheet {
    /// Contract Bridge, one rubber, North deals first.
    fn default() -> Self {
        RubberSheet::new(ScoringTable::BRIDGE, 1, Seat::North)
    }
}

impl RubberSheet {
    /// A new session of `rubbers_to_play` rubbers (at least 1) with `first_dealer` dealing
    /// first. The deal passes clockwise after every deal, passed-out ones included, and
    /// carries on from one rubber to the next.
    ///
    /// ```
    /// use tenace_rules::scoring::{RubberSheet, ScoringTable};
    /// use tenace_cards::Seat;
    /// let sheet = RubberSheet::new(ScoringTable::BRIDGE, 3, Seat::East);
    /// assert_eq!((sheet.rubbers_to_play(), sheet.dealer()), (3, Seat::East));
    /// ```
    pub fn new(table: ScoringTable, rubbers_to_play: u32, first_dealer: Seat) -> RubberSheet {
        RubberSheet {
            table,
            rubbers_to_play: rubbers_to_play.max(1),
            finished: Vec::new(),
            current: Rubber::default(),
            dealer: first_dealer,
            deals: 0,
            over: false,
        }
    }

    /// How many rubbers the session is for.
    ///
    /// ```
    /// use tenace_rules::scoring::RubberSheet;
    /// assert_eq!(RubberSheet::default().rubbers_to_play(), 1);
    /// ```
    pub fn rubbers_to_play(&self) -> u32 {
        self.rubbers_to_play
    }

    /// Scores one deal. `contract` is `None` for a passed-out deal, which scores nothing;
    /// `honors` is what [`honors`](super::honors) found, written above the line for the
    /// holder's side whether or not the contract made.
    ///
    /// # Errors
    ///
    /// [`ScoreError::SessionOver`] once the session is over, or the reason the result is
    /// impossible ([`ScoringTable::check`]). The sheet is unchanged on error.
    ///
    /// ```
    /// use tenace_rules::scoring::RubberSheet;
    /// use tenace_cards::{Seat, Side};
    /// let mut sheet = RubberSheet::default();
    /// sheet.record(None, Seat::North, 0, None).unwrap();
    /// assert_eq!(sheet.dealer(), Seat::East);
    /// sheet.record(Some("2S".parse().unwrap()), Seat::East, 7, Some((Side::NorthSouth, 100))).unwrap();
    /// assert_eq!(sheet.total(Side::NorthSouth), 50 + 100);
    /// ```
    pub fn record(
        &mut self,
        contract: Option<Contract>,
        declarer: Seat,
        tricks: u8,
        honors: Option<(Side, u32)>,
    ) -> Result<(), ScoreError> {
        if self.over {
            return Err(ScoreError::SessionOver);
        }
        if let Some(c) = &contract {
            self.table.check(c, tricks)?;
        }
        self.deals += 1;
        self.dealer = self.dealer.lho();
        let Some(contract) = contract else {
            return Ok(());
        };
        let deal = self.deals;
        if self
            .current
            .score_deal(self.table, deal, contract, declarer, tricks, honors)
        {
            self.close_rubber();
        }
        Ok(())
    }

    /// Moves the current rubber to the finished list, and ends the session when enough
    /// rubbers have been played.
    fn close_rubber(&mut self) {
        self.finished.push(std::mem::take(&mut self.current));
        if self.finished.len() as u64 >= u64::from(self.rubbers_to_play) {
            self.over = true;
        }
    }

    /// Ends the session now, scoring the rubber in progress under Law 80:
    ///
    /// * one game completed: 300 to its winner;
    /// * only one side with a part-score in the unfinished game: that side gets
    ///   `unfinished_partscore_bonus` (100, or 50 legacy; see
    ///   [`HundredOrFifty`](super::HundredOrFifty));
    /// * both sides with a part-score: neither gets it.
    ///
    /// A rubber with nothing on its sheet is dropped rather than listed. Does nothing once
    /// the session is over.
    ///
    /// ```
    /// use tenace_rules::scoring::RubberSheet;
    /// use tenace_cards::{Seat, Side};
    /// let mut sheet = RubberSheet::default();
    /// sheet.record(Some("4H".parse().unwrap()), Seat::West, 10, None).unwrap();
    /// sheet.finish_unfinished(100);
    /// assert!(sheet.is_over() && sheet.rubbers()[0].is_unfinished());
    /// assert_eq!(sheet.total(Side::EastWest), 120 + 300);
    /// ```
    pub fn finish_unfinished(&mut self, unfinished_partscore_bonus: u32) {
        if self.over {
            return;
        }
        self.over = true;
        if self.current.entries().is_empty() {
            return;
        }
        self.current.stop(self.deals, unfinished_partscore_bonus);
        self.finished.push(std::mem::take(&mut self.current));
    }

    /// The vulnerability of the next deal: a side with a game in this rubber is
    /// vulnerable.
    ///
    /// ```
    /// use tenace_rules::scoring::RubberSheet;
    /// use tenace_rules::Vulnerability;
    /// use tenace_cards::Seat;
    /// let mut sheet = RubberSheet::default();
    /// sheet.record(Some("5D".parse().unwrap()), Seat::East, 11, None).unwrap();
    /// assert_eq!(sheet.vulnerability(), Vulnerability::EastWest);
    /// ```
    pub fn vulnerability(&self) -> Vulnerability {
        let has_game = |side| self.current.games(side) > 0;
        Vulnerability::from_sides(has_game(Side::NorthSouth), has_game(Side::EastWest))
    }

    /// The dealer of the next deal.
    ///
    /// ```
    /// use tenace_rules::scoring::RubberSheet;
    /// use tenace_cards::Seat;
    /// assert_eq!(RubberSheet::default().dealer(), Seat::North);
    /// ```
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// How many deals have been recorded, passed-out ones included.
    ///
    /// ```
    /// use tenace_rules::scoring::RubberSheet;
    /// assert_eq!(RubberSheet::default().deals(), 0);
    /// ```
    pub fn deals(&self) -> u32 {
        self.deals
    }

    /// The rubber in progress, or `None` once the session is over.
    ///
    /// ```
    /// use tenace_rules::scoring::RubberSheet;
    /// assert!(RubberSheet::default().current().is_some());
    /// ```
    pub fn current(&self) -> Option<&Rubber> {
        (!self.over).then_some(&self.current)
    }

    /// The finished rubbers, completed or (the last one) unfinished, in order.
    ///
    /// ```
    /// use tenace_rules::scoring::RubberSheet;
    /// assert!(RubberSheet::default().rubbers().is_empty());
    /// ```
    pub fn rubbers(&self) -> &[Rubber] {
        &self.finished
    }

    /// `side`'s total over the whole session, the rubber in progress included.
    ///
    /// ```
    /// use tenace_rules::scoring::RubberSheet;
    /// use tenace_cards::Side;
    /// assert_eq!(RubberSheet::default().total(Side::NorthSouth), 0);
    /// ```
    pub fn total(&self, side: Side) -> u32 {
        self.finished.iter().map(|r| r.total(side)).sum::<u32>() + self.current.total(side)
    }

    /// The side ahead over the session and by how much; `None` when level.
    ///
    /// ```
    /// use tenace_rules::scoring::RubberSheet;
    /// assert_eq!(RubberSheet::default().points_winner(), None);
    /// ```
    pub fn points_winner(&self) -> Option<(Side, u32)> {
        leader(self.total(Side::NorthSouth), self.total(Side::EastWest))
    }

    /// Whether the session is over: every rubber played, or stopped by
    /// [`finish_unfinished`](Self::finish_unfinished).
    ///
    /// ```
    /// use tenace_rules::scoring::RubberSheet;
    /// assert!(!RubberSheet::default().is_over());
    /// ```
    pub fn is_over(&self) -> bool {
        self.over
    }
}
