//! Chicago (four-deal bridge): wheels of four deals with set vulnerability (RULES.md §1.7).

use tenace_cards::{Seat, Side};

use super::sheet::{EntryKind, ScoreError, SheetEntry, leader, sum};
use super::{ChicagoDeals23, ScoringTable, contract_score};
use crate::{Contract, Vulnerability};

/// The points a side needs toward game.
const GAME: u32 = 100;

/// The Chicago options: `chicago_deals_2_3`, `chicago_honors` and `chicago_rounds`.
///
/// ```
/// use tenace_rules::scoring::{ChicagoDeals23, ChicagoRules};
/// let rules = ChicagoRules::default();
/// assert_eq!((rules.deals_2_3, rules.honors, rules.rounds), (ChicagoDeals23::DealerVulnerable, true, 1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChicagoRules {
    /// Who is vulnerable on deals 2 and 3 of each wheel.
    pub deals_2_3: ChicagoDeals23,
    /// Whether honors are scored (the sources differ; default yes).
    pub honors: bool,
    /// How many wheels of four deals make the session (at least 1).
    pub rounds: u32,
}

impl Default for ChicagoRules {
    fn default() -> Self {
        ChicagoRules {
            deals_2_3: ChicagoDeals23::DealerVulnerable,
            honors: true,
            rounds: 1,
        }
    }
}

/// The vulnerability of a Chicago deal: none on deal 1 of a wheel, the dealer's side (or,
/// with [`ChicagoDeals23::NonDealerVulnerable`], the other side) on deals 2 and 3, both
/// on deal 4.
///
/// `deal` counts from 1 and is taken around the wheel, so a session's deal numbers work
/// too (5 is the first deal of the second wheel).
///
/// ```
/// use tenace_rules::scoring::{chicago_vulnerability, ChicagoDeals23};
/// use tenace_rules::Vulnerability;
/// use tenace_cards::Seat;
/// let d = ChicagoDeals23::DealerVulnerable;
/// assert_eq!(chicago_vulnerability(1, Seat::North, d), Vulnerability::None);
/// assert_eq!(chicago_vulnerability(2, Seat::East, d), Vulnerability::EastWest);
/// assert_eq!(chicago_vulnerability(3, Seat::South, ChicagoDeals23::NonDealerVulnerable), Vulnerability::EastWest);
/// assert_eq!(chicago_vulnerability(8, Seat::West, d), Vulnerability::Both);
/// ```
pub fn chicago_vulnerability(deal: u32, dealer: Seat, deals_2_3: ChicagoDeals23) -> Vulnerability {
    match (deal % 4, deals_2_3) {
        (1, _) => Vulnerability::None,
        (0, _) => Vulnerability::Both,
        (_, ChicagoDeals23::DealerVulnerable) => side_only(dealer.side()),
        (_, ChicagoDeals23::NonDealerVulnerable) => side_only(dealer.side().opponents()),
    }
}

fn side_only(side: Side) -> Vulnerability {
    Vulnerability::from_sides(side == Side::NorthSouth, side == Side::EastWest)
}

/// The score sheet of a Chicago session, fed one deal at a time.
///
/// Scoring is rubber-style, plus a game bonus written at once (300, or 500 when the side
/// completing the game is vulnerable on that deal) and 100 for a part-score on the fourth
/// deal that does not complete a game. Part-scores carry over within a wheel and a game
/// by either side wipes both; a new wheel starts from nothing, as the wheel is the unit
/// of play (RULES.md leaves this open; the ACBL page scores each wheel as a whole).
///
/// ```
/// use tenace_rules::scoring::ChicagoSheet;
/// use tenace_cards::{Seat, Side};
/// let mut sheet = ChicagoSheet::default();
/// sheet.record(Seat::North, Some("2S".parse().unwrap()), Seat::North, 8, None).unwrap();
/// sheet.record(Seat::East, Some("2H".parse().unwrap()), Seat::South, 8, None).unwrap();
/// // 60 + 60 completes a game on deal 2, where dealer East's side is the vulnerable one.
/// assert_eq!(sheet.total(Side::NorthSouth), 120 + 300);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChicagoSheet {
    table: ScoringTable,
    rules: ChicagoRules,
    entries: Vec<SheetEntry>,
    part_scores: [u32; 2],
    games_in_wheel: u8,
    counted: u32,
    last_deal: Option<(Seat, bool)>,
}

impl Default for ChicagoSheet {
    /// Contract Bridge with the default Chicago options.
    fn default() -> Self {
        ChicagoSheet::new(ScoringTable::BRIDGE, ChicagoRules::default())
    }
}

impl ChicagoSheet {
    /// An empty sheet for a session of `rules.rounds` wheels.
    ///
    /// ```
    /// use tenace_rules::scoring::{ChicagoRules, ChicagoSheet, ScoringTable};
    /// let rules = ChicagoRules { rounds: 2, ..ChicagoRules::default() };
    /// let sheet = ChicagoSheet::new(ScoringTable::BRIDGE, rules);
    /// assert_eq!(sheet.rules().rounds, 2);
    /// ```
    pub fn new(table: ScoringTable, rules: ChicagoRules) -> ChicagoSheet {
        ChicagoSheet {
            table,
            rules: ChicagoRules {
                rounds: rules.rounds.max(1),
                ..rules
            },
            entries: Vec::new(),
            part_scores: [0, 0],
            games_in_wheel: 0,
            counted: 0,
            last_deal: None,
        }
    }

    /// The options in force.
    ///
    /// ```
    /// use tenace_rules::scoring::ChicagoSheet;
    /// assert!(ChicagoSheet::default().rules().honors);
    /// ```
    pub fn rules(&self) -> ChicagoRules {
        self.rules
    }

    /// Scores one deal dealt by `dealer`. `contract` is `None` for a passed-out deal: it
    /// scores nothing and does not count as one of the four, since the same dealer deals
    /// again at the same vulnerability. `honors` is what [`honors`](super::honors) found;
    /// it is ignored when the rules do not count honors.
    ///
    /// # Errors
    ///
    /// [`ScoreError::SessionOver`] once every wheel is played, or the reason the result is
    /// impossible ([`ScoringTable::check`]). The sheet is unchanged on error.
    ///
    /// ```
    /// use tenace_rules::scoring::ChicagoSheet;
    /// use tenace_cards::Seat;
    /// let mut sheet = ChicagoSheet::default();
    /// sheet.record(Seat::North, None, Seat::North, 0, None).unwrap();
    /// assert_eq!((sheet.next_dealer(), sheet.deal_in_wheel()), (Some(Seat::North), 1));
    /// ```
    pub fn record(
        &mut self,
        dealer: Seat,
        contract: Option<Contract>,
        declarer: Seat,
        tricks: u8,
        honors: Option<(Side, u32)>,
    ) -> Result<(), ScoreError> {
        if self.is_over() {
            return Err(ScoreError::SessionOver);
        }
        if let Some(c) = &contract {
            self.table.check(c, tricks)?;
        }
        self.last_deal = Some((dealer, contract.is_none()));
        let Some(contract) = contract else {
            return Ok(());
        };
        let position = self.deal_in_wheel();
        let vulnerability = self.vulnerability(dealer);
        self.counted += 1;
        let deal = self.counted;
        let side = declarer.side();
        let vulnerable = vulnerability.side_vulnerable(side);
        let score = contract_score(self.table, contract, tricks, vulnerable);
        if let Some((holder, points)) = honors.filter(|_| self.rules.honors) {
            self.write(deal, holder, EntryKind::Honors, points);
        }
        if score.is_made() {
            self.write(deal, side, EntryKind::TrickScore, score.trick_score);
            self.write(deal, side, EntryKind::Overtricks, score.overtricks);
            self.write(deal, side, EntryKind::Insult, score.insult);
            self.write(deal, side, EntryKind::Slam, score.slam);
            self.part_scores[side.index()] += score.trick_score;
            if self.part_scores[side.index()] >= GAME {
                let bonus = if vulnerable { 500 } else { 300 };
                self.write(deal, side, EntryKind::GameBonus, bonus);
                self.part_scores = [0, 0];
                self.games_in_wheel += 1;
            } else if position == 4 {
                self.write(deal, side, EntryKind::FourthDealPartScore, 100);
            }
        } else {
            self.write(
                deal,
                side.opponents(),
                EntryKind::Undertricks,
                score.undertricks,
            );
        }
        if position == 4 {
            self.part_scores = [0, 0];
            self.games_in_wheel = 0;
        }
        Ok(())
    }

    fn write(&mut self, deal: u32, side: Side, kind: EntryKind, points: u32) {
        if points > 0 {
            self.entries.push(SheetEntry {
                deal,
                game: self.games_in_wheel,
                side,
                kind,
                points,
            });
        }
    }

    /// Who deals next: the same dealer after a passed-out deal, otherwise the last
    /// dealer's left-hand opponent. `None` before the first deal, which anyone may deal.
    ///
    /// ```
    /// use tenace_rules::scoring::ChicagoSheet;
    /// use tenace_cards::Seat;
    /// let mut sheet = ChicagoSheet::default();
    /// assert_eq!(sheet.next_dealer(), None);
    /// sheet.record(Seat::West, Some("1C".parse().unwrap()), Seat::West, 7, None).unwrap();
    /// assert_eq!(sheet.next_dealer(), Some(Seat::North));
    /// ```
    pub fn next_dealer(&self) -> Option<Seat> {
        self.last_deal
            .map(|(dealer, passed_out)| if passed_out { dealer } else { dealer.lho() })
    }

    /// The next deal's place in its wheel, 1 to 4.
    ///
    /// ```
    /// use tenace_rules::scoring::ChicagoSheet;
    /// assert_eq!(ChicagoSheet::default().deal_in_wheel(), 1);
    /// ```
    pub fn deal_in_wheel(&self) -> u32 {
        self.counted % 4 + 1
    }

    /// The deals that have counted so far (passed-out deals do not).
    ///
    /// ```
    /// use tenace_rules::scoring::ChicagoSheet;
    /// assert_eq!(ChicagoSheet::default().deals_played(), 0);
    /// ```
    pub fn deals_played(&self) -> u32 {
        self.counted
    }

    /// The vulnerability of the next deal if `dealer` deals it.
    ///
    /// ```
    /// use tenace_rules::scoring::ChicagoSheet;
    /// use tenace_rules::Vulnerability;
    /// use tenace_cards::Seat;
    /// assert_eq!(ChicagoSheet::default().vulnerability(Seat::East), Vulnerability::None);
    /// ```
    pub fn vulnerability(&self, dealer: Seat) -> Vulnerability {
        chicago_vulnerability(self.deal_in_wheel(), dealer, self.rules.deals_2_3)
    }

    /// `side`'s below-the-line points toward game in the current wheel.
    ///
    /// ```
    /// use tenace_rules::scoring::ChicagoSheet;
    /// use tenace_cards::Side;
    /// assert_eq!(ChicagoSheet::default().part_score(Side::EastWest), 0);
    /// ```
    pub fn part_score(&self, side: Side) -> u32 {
        self.part_scores[side.index()]
    }

    /// Every score written, in order.
    ///
    /// ```
    /// use tenace_rules::scoring::ChicagoSheet;
    /// assert!(ChicagoSheet::default().entries().is_empty());
    /// ```
    pub fn entries(&self) -> &[SheetEntry] {
        &self.entries
    }

    /// `side`'s total for the session.
    ///
    /// ```
    /// use tenace_rules::scoring::ChicagoSheet;
    /// use tenace_cards::Side;
    /// assert_eq!(ChicagoSheet::default().total(Side::NorthSouth), 0);
    /// ```
    pub fn total(&self, side: Side) -> u32 {
        sum(&self.entries, side, false)
    }

    /// The side ahead and by how much; `None` when level.
    ///
    /// ```
    /// use tenace_rules::scoring::ChicagoSheet;
    /// assert_eq!(ChicagoSheet::default().points_winner(), None);
    /// ```
    pub fn points_winner(&self) -> Option<(Side, u32)> {
        leader(self.total(Side::NorthSouth), self.total(Side::EastWest))
    }

    /// Whether every wheel has been played.
    ///
    /// ```
    /// use tenace_rules::scoring::ChicagoSheet;
    /// assert!(!ChicagoSheet::default().is_over());
    /// ```
    pub fn is_over(&self) -> bool {
        u64::from(self.counted) >= 4 * u64::from(self.rules.rounds)
    }
}
