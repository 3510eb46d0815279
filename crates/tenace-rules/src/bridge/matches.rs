//! Matches of Contract Bridge: a rubber session, Chicago wheels, or a set of duplicate
//! boards. A match owns its deals; its score sheet is derived from their results.

use std::sync::Arc;

use tenace_cards::{BySeat, CardSet, Player, Seat, Side};

use super::deal::{BridgeDeal, DealResult};
use super::options::{BridgeOptions, VulnerabilityRule};
use super::scoring::deal_score_ns;
use super::setup::{BridgeSetup, SetupError};
use super::variant::BridgeVariant;
use crate::contract::Vulnerability;
use crate::deal::mix_seed as mix;
use crate::scoring::{
    ChicagoRules, ChicagoSheet, Comparison, RubberSheet, ScoringMode, board_dealer,
    board_vulnerability, chicago_vulnerability, honors, imps, matchpoints,
};
use crate::series::{Deals, Match};

/// One duplicate board of a match: its result at each table and their comparison.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardRecord {
    /// The board number, from 1.
    pub board: u32,
    /// The dealer (Law 2).
    pub dealer: Seat,
    /// The vulnerability.
    pub vulnerability: Vulnerability,
    /// The result at each table (`None` when passed out).
    pub results: Vec<Option<DealResult>>,
    /// North-South's score at each table.
    pub scores_ns: Vec<i32>,
    /// With two tables: the IMPs (or matchpoints) won by the team that sat North-South at
    /// the first table and East-West at the second.
    pub comparison: Option<i32>,
    /// With two tables: what the other team won on the board (the negated IMPs, or the
    /// rest of the matchpoint top).
    pub comparison_other: Option<i32>,
}

/// The running score sheet of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchSheet {
    /// Duplicate boards, each scored on its own.
    Duplicate(Vec<BoardRecord>),
    /// A rubber session.
    Rubber(RubberSheet),
    /// Chicago wheels.
    Chicago(ChicagoSheet),
}

impl MatchSheet {
    /// Each side's total so far. For a duplicate match with a comparison, the first entry
    /// is the comparison total of the team that sat North-South at the first table.
    pub fn totals(&self) -> [i64; 2] {
        match self {
            MatchSheet::Duplicate(boards) => {
                if boards.iter().any(|b| b.comparison.is_some()) {
                    let sum = |f: fn(&BoardRecord) -> Option<i32>| -> i64 {
                        boards.iter().filter_map(f).map(i64::from).sum()
                    };
                    [sum(|b| b.comparison), sum(|b| b.comparison_other)]
                } else {
                    let ns: i64 = boards
                        .iter()
                        .flat_map(|b| &b.scores_ns)
                        .map(|&s| i64::from(s))
                        .sum();
                    [ns, -ns]
                }
            }
            MatchSheet::Rubber(sheet) => Side::BOTH.map(|s| i64::from(sheet.total(s))),
            MatchSheet::Chicago(sheet) => Side::BOTH.map(|s| i64::from(sheet.total(s))),
        }
    }
}

/// A match of Contract Bridge, dealt from one seed.
///
/// * `scoring: duplicate`: `boards` boards; the board number gives the dealer and the
///   vulnerability (Law 2). With `comparison` set, each board is played twice, the second
///   time as the other table of a team match, and the two results are compared.
/// * `scoring: rubber`: `rubbers_to_play` rubbers; the deal rotates, passed-out deals
///   included.
/// * `scoring: chicago`: `chicago_rounds` wheels of four counted deals; a passed-out deal
///   is redealt by the same dealer.
///
/// ```
/// use tenace_rules::bridge::{BridgeMatch, BridgeOptions, MatchSheet};
/// use tenace_rules::Match;
/// let options: BridgeOptions = serde_json::from_str(r#"{"scoring":"chicago"}"#).unwrap();
/// let mut m = BridgeMatch::new(options, 42).unwrap();
/// // The last legal action: the highest bid, then doubles, so no deal is passed out.
/// while let Some(p) = m.to_act().iter().next() {
///     let action = *m.legal_actions(p).last().unwrap();
///     m.try_apply(p, action).unwrap();
/// }
/// assert!(m.is_over());
/// assert!(matches!(m.sheet(), MatchSheet::Chicago(s) if s.deals_played() == 4));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BridgeMatch {
    variant: BridgeVariant,
    options: BridgeOptions,
    seed: u64,
    first_dealer: Seat,
    deals: Deals<BridgeDeal>,
    sheet: MatchSheet,
    /// Games won, for duplicate scoring under `vulnerability: rubber`.
    games_for_vulnerability: RubberSheet,
    /// Boards given in advance (a file's deals) instead of dealt from the seed.
    prepared: Option<Arc<[PreparedBoard]>>,
}

/// A board given in advance, e.g. read from a club's PBN file: its cards, dealer and
/// vulnerability, which replace the seed's for that board of a duplicate match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreparedBoard {
    /// The four hands.
    pub hands: BySeat<CardSet>,
    /// Who calls first.
    pub dealer: Seat,
    /// Who is vulnerable.
    pub vulnerability: Vulnerability,
}

impl BridgeMatch {
    /// A new match of Contract Bridge from options and a seed; the first deal is dealt at
    /// once.
    pub fn new(options: BridgeOptions, seed: u64) -> Result<BridgeMatch, SetupError> {
        BridgeMatch::with_variant(BridgeVariant::Standard, options, seed)
    }

    /// A new match of any of the three games from options and a seed.
    pub fn with_variant(
        variant: BridgeVariant,
        options: BridgeOptions,
        seed: u64,
    ) -> Result<BridgeMatch, SetupError> {
        let mut problems = options.problems();
        if options.scoring != ScoringMode::Duplicate
            && options.vulnerability.is_some_and(|v| {
                v != BridgeOptions {
                    vulnerability: None,
                    ..options.clone()
                }
                .vulnerability_rule()
            })
        {
            problems.push(
                "vulnerability: rubber and chicago scoring take vulnerability from their own \
                 score sheet; only duplicate scoring accepts another rule"
                    .into(),
            );
        }
        if !problems.is_empty() {
            return Err(SetupError(problems));
        }
        let table = variant.scoring_table(&options);
        let first_dealer = Seat::from_index((mix(seed, u64::MAX) % 4) as usize);
        let sheet = match options.scoring {
            ScoringMode::Duplicate => MatchSheet::Duplicate(Vec::new()),
            ScoringMode::Rubber => MatchSheet::Rubber(RubberSheet::new(
                table,
                options.rubbers_to_play,
                first_dealer,
            )),
            ScoringMode::Chicago => MatchSheet::Chicago(ChicagoSheet::new(
                table,
                ChicagoRules {
                    deals_2_3: options.chicago_deals_2_3,
                    honors: options.chicago_honors,
                    rounds: options.chicago_rounds,
                },
            )),
        };
        let games_for_vulnerability = RubberSheet::new(table, u32::MAX, Seat::North);
        let first = Self::deal_number(
            variant,
            &options,
            seed,
            first_dealer,
            &sheet,
            &games_for_vulnerability,
            0,
        );
        Ok(BridgeMatch {
            variant,
            games_for_vulnerability,
            options,
            seed,
            first_dealer,
            deals: Deals::new(first),
            sheet,
            prepared: None,
        })
    }

    /// A duplicate match that plays `boards` in order, each at the dealer and
    /// vulnerability it was given, instead of boards dealt from a seed: a club's night
    /// or a teaching set read from a file. The options' `boards` becomes their number and
    /// the scoring duplicate; a compared match plays each board at both tables.
    ///
    /// ```
    /// use tenace_rules::bridge::{BridgeMatch, BridgeOptions, BridgeSetup, BridgeVariant, PreparedBoard};
    /// use tenace_rules::{Match, Vulnerability};
    /// use tenace_cards::Seat;
    /// let setup = BridgeSetup::from_seed(3, Vulnerability::Both, BridgeOptions::default());
    /// let board = PreparedBoard { hands: setup.hands, dealer: Seat::West, vulnerability: Vulnerability::Both };
    /// let m = BridgeMatch::with_boards(BridgeVariant::Standard, BridgeOptions::default(), vec![board]).unwrap();
    /// let deal = m.current().unwrap();
    /// assert_eq!((deal.setup().dealer, deal.setup().hands), (Seat::West, setup.hands));
    /// ```
    pub fn with_boards(
        variant: BridgeVariant,
        options: BridgeOptions,
        boards: Vec<PreparedBoard>,
    ) -> Result<BridgeMatch, SetupError> {
        if boards.is_empty() {
            return Err(SetupError(vec![
                "boards: a match needs at least one board".into(),
            ]));
        }
        let options = BridgeOptions {
            boards: boards.len() as u32,
            scoring: ScoringMode::Duplicate,
            ..options
        };
        let prepared: Arc<[PreparedBoard]> = boards.into();
        // Each board is checked as a deal before the match starts: a bad board in the
        // middle of a file must not stop a match half-way.
        for (i, board) in prepared.iter().enumerate() {
            let setup = BridgeSetup {
                variant,
                hands: board.hands,
                dealer: board.dealer,
                vulnerability: board.vulnerability,
                options: options.clone(),
            };
            if let Err(e) = BridgeDeal::from_setup(setup) {
                let problems = e.0.iter().map(|p| format!("board {}: {p}", i + 1));
                return Err(SetupError(problems.collect()));
            }
        }
        let mut m = BridgeMatch::with_variant(variant, options, 0)?;
        m.deals = Deals::new(m.prepared_deal(&prepared, 0));
        m.prepared = Some(prepared);
        Ok(m)
    }

    /// The boards given in advance, for a match made by [`BridgeMatch::with_boards`].
    pub fn prepared_boards(&self) -> Option<&[PreparedBoard]> {
        self.prepared.as_deref()
    }

    /// The game the match plays.
    pub fn variant(&self) -> BridgeVariant {
        self.variant
    }

    /// The options.
    pub fn options(&self) -> &BridgeOptions {
        &self.options
    }

    /// The seed every deal of the match is dealt from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The score sheet so far.
    pub fn sheet(&self) -> &MatchSheet {
        &self.sheet
    }

    /// The deals finished so far, in order.
    pub fn finished_deals(&self) -> &[BridgeDeal] {
        self.deals.finished()
    }

    /// How many tables play each duplicate board.
    fn tables(&self) -> u32 {
        Self::tables_for(&self.options)
    }

    /// Tables per board under these options: two when boards are compared.
    fn tables_for(options: &BridgeOptions) -> u32 {
        match (options.scoring, options.comparison) {
            (ScoringMode::Duplicate, Comparison::Imps | Comparison::Matchpoints) => 2,
            _ => 1,
        }
    }

    /// Deals the next deal of the match. Deal `k` (counting every deal, passed-out ones
    /// too; for duplicate, board `k`) is dealt from the seed mixed with `k`.
    fn deal_next(&self) -> BridgeDeal {
        let k = self.deals.finished().len() as u32;
        if let Some(boards) = self.prepared.as_deref() {
            return self.prepared_deal(boards, k);
        }
        Self::deal_number(
            self.variant,
            &self.options,
            self.seed,
            self.first_dealer,
            &self.sheet,
            &self.games_for_vulnerability,
            k,
        )
    }

    /// Deal `k` of a match of prepared boards (each checked when the match was made;
    /// the match ends with the last, so `k` stays within them).
    fn prepared_deal(&self, boards: &[PreparedBoard], k: u32) -> BridgeDeal {
        let index = (k / self.tables()) as usize;
        let board = &boards[index.min(boards.len() - 1)];
        let setup = BridgeSetup {
            variant: self.variant,
            hands: board.hands,
            dealer: board.dealer,
            vulnerability: board.vulnerability,
            options: self.options.clone(),
        };
        BridgeDeal::from_setup(setup).expect("a prepared board is checked when the match is made")
    }

    /// Deal `k` of a match, by the sheet so far.
    fn deal_number(
        variant: BridgeVariant,
        options: &BridgeOptions,
        seed: u64,
        first_dealer: Seat,
        sheet: &MatchSheet,
        games_for_vulnerability: &RubberSheet,
        k: u32,
    ) -> BridgeDeal {
        let tables = Self::tables_for(options);
        let (number, dealer, vulnerability) = match sheet {
            MatchSheet::Duplicate(boards) => {
                let board = k / tables + 1;
                let dealer = board_dealer(board);
                let replay = boards.last().filter(|b| b.board == board);
                let vulnerability = match options.vulnerability_rule() {
                    // The second table plays the board as the first did.
                    _ if replay.is_some() => replay.map(|b| b.vulnerability).unwrap_or_default(),
                    VulnerabilityRule::BoardCycle => board_vulnerability(board),
                    VulnerabilityRule::Chicago => {
                        chicago_vulnerability(board, dealer, options.chicago_deals_2_3)
                    }
                    VulnerabilityRule::Rubber => games_for_vulnerability.vulnerability(),
                };
                (board, dealer, vulnerability)
            }
            MatchSheet::Rubber(sheet) => (k + 1, sheet.dealer(), sheet.vulnerability()),
            MatchSheet::Chicago(sheet) => {
                let dealer = sheet.next_dealer().unwrap_or(first_dealer);
                (k + 1, dealer, sheet.vulnerability(dealer))
            }
        };
        let setup = BridgeSetup::seeded(
            variant,
            mix(seed, u64::from(number)),
            Some(dealer),
            vulnerability,
            options.clone(),
        );
        // The part-scores toward game, which the players bid by.
        let part_scores = match sheet {
            MatchSheet::Rubber(sheet) => sheet
                .current()
                .map_or([0, 0], |r| Side::BOTH.map(|side| r.part_score(side))),
            MatchSheet::Chicago(sheet) => Side::BOTH.map(|side| sheet.part_score(side)),
            _ => [0, 0],
        };
        BridgeDeal::from_setup(setup)
            .expect("a seeded deal is always valid")
            .with_part_scores(part_scores)
    }

    /// Writes the deal just finished on the sheet; returns whether the match is over.
    fn write_on_sheet(&mut self) -> bool {
        let Some(deal) = self.deals.finished().last() else {
            return true;
        };
        let index = self.deals.finished().len() as u32 - 1;
        let result = deal.result();
        let setup = deal.setup();
        let honors_held = result.and_then(|r| {
            // The Chicago sheet itself drops honors when `chicago_honors` is off.
            honors(
                self.variant.scoring_table(&self.options),
                r.contract.strain,
                &setup.hands,
            )
            .filter(|_| self.options.scoring != ScoringMode::Duplicate)
        });
        let (contract, declarer, tricks) = match result {
            Some(r) => (Some(r.contract), r.declarer, r.tricks),
            None => (None, setup.dealer, 0),
        };
        let tables = self.tables();
        match &mut self.sheet {
            MatchSheet::Duplicate(boards) => {
                let board = index / tables + 1;
                let score = deal_score_ns(setup, result);
                if boards.last().is_none_or(|b| b.board != board) {
                    boards.push(BoardRecord {
                        board,
                        dealer: setup.dealer,
                        vulnerability: setup.vulnerability,
                        results: Vec::new(),
                        scores_ns: Vec::new(),
                        comparison: None,
                        comparison_other: None,
                    });
                }
                let record = boards.last_mut().expect("just pushed");
                record.results.push(result);
                record.scores_ns.push(score);
                if record.scores_ns.len() == 2 {
                    // The team sat N-S at table 1 and E-W at table 2.
                    let (ours, theirs) = (record.scores_ns[0], record.scores_ns[1]);
                    let (us, them) = match self.options.comparison {
                        Comparison::Matchpoints => {
                            let mp = matchpoints(&[ours, theirs]);
                            (mp[0] as i32, mp[1] as i32)
                        }
                        _ => (imps(ours - theirs), imps(theirs - ours)),
                    };
                    record.comparison = Some(us);
                    record.comparison_other = Some(them);
                }
                let board_done = record.results.len() as u32 == tables;
                if record.results.len() == 1 {
                    // Games for `vulnerability: rubber` follow the first table only, so
                    // both tables of a board play at the same vulnerability.
                    let _ = self
                        .games_for_vulnerability
                        .record(contract, declarer, tricks, None);
                }
                board_done && boards.len() as u32 == self.options.boards
            }
            MatchSheet::Rubber(sheet) => {
                // A recorded result comes from a played deal, so it is always possible.
                let _ = sheet.record(contract, declarer, tricks, honors_held);
                sheet.is_over()
            }
            MatchSheet::Chicago(sheet) => {
                let _ = sheet.record(setup.dealer, contract, declarer, tricks, honors_held);
                sheet.is_over()
            }
        }
    }

    /// Stops a rubber session now, scoring the unfinished rubber under Law 80. Other
    /// matches simply end. Returns whether anything changed.
    pub fn end_session(&mut self) -> bool {
        if !self.deals.stop() {
            return false;
        }
        if let MatchSheet::Rubber(sheet) = &mut self.sheet {
            sheet.finish_unfinished(self.options.unfinished_partscore_bonus.points());
        }
        true
    }
}

impl Match for BridgeMatch {
    type Deal = BridgeDeal;

    fn deals(&self) -> &Deals<BridgeDeal> {
        &self.deals
    }

    fn deals_mut(&mut self) -> &mut Deals<BridgeDeal> {
        &mut self.deals
    }

    fn record_finished_deal(&mut self) -> bool {
        self.write_on_sheet()
    }

    fn next_deal(&self) -> BridgeDeal {
        self.deal_next()
    }

    fn player_name(&self, player: Player) -> String {
        player.label(4)
    }
}
