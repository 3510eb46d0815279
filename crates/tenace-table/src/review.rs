//! The double-dummy review of a finished deal, as structured results that arrive piece by
//! piece: the terminal game writes them as text, the server sends them as JSON.
//!
//! What a review holds depends on the game:
//! - the partnership games and Bridgette: the cards that cost their side tricks against
//!   the best card (checked from the last trick back, for the late positions solve
//!   fastest) and what the contract makes with best play from the opening lead;
//! - Contract Bridge, Deuces Wild and Five Crowns: also the strain by declarer table of
//!   the hands as dealt (Five Crowns with Stars) and its par under the game's bids and
//!   scoring; Bridgette: the table of the hands after the exchange (the hands it was
//!   played with: its discards are never revealed, RULES.md §4.2);
//! - Devil's Bridge: each player's range of tricks from the opening lead, everyone else
//!   against them (a card's cost means nothing where each player wants a number of tricks,
//!   not the most).
//!
//! A [`Reviewer`] runs the work on a bounded pool of threads, a solver each, and records
//! each result in a shared [`Reviewing`] as it comes, with how many of the steps are done;
//! the steps of several reviews running at once are shared out fairly among the threads,
//! and [`Reviewing::stop`] ends the work within milliseconds (the solver watches the
//! review's stop flag).
//!
//! ```
//! use std::sync::Arc;
//! use tenace_rules::{AnyGame, Game, Match, Phase};
//! use tenace_rules::bridgette::{BridgetteMatch, BridgetteOptions};
//! use tenace_table::review::{Reviewer, Reviewing};
//!
//! // A Bridgette deal played with the last legal action each time (a bid, not a pass).
//! let game = BridgetteMatch::new(BridgetteOptions::default(), 3).unwrap();
//! let mut deal = game.current().unwrap().clone();
//! while deal.phase() != Phase::Finished {
//!     let player = deal.to_act().iter().next().unwrap();
//!     let action = *deal.legal_actions(player).last().unwrap();
//!     deal.try_apply(player, action).unwrap();
//! }
//! let reviewing = Arc::new(Reviewing::new());
//! Reviewer::new(1).unwrap().run(&AnyGame::Bridgette(deal), &reviewing);
//! let progress = reviewing.progress();
//! assert!(progress.finished && progress.done == progress.total);
//! assert!(progress.review.result.is_some());
//! ```

mod run;

use serde::{Serialize, Serializer};
use tenace_bots::expert::play_position;
use tenace_cards::{Card, Player, Strain, Suit};
use tenace_rules::AuctionRules;
use tenace_rules::bridge::BridgeDeal;
use tenace_rules::bridgette::BridgetteDeal;
use tenace_rules::devils_bridge::DevilsHand;
use tenace_rules::scoring::ScoringTable;
use tenace_rules::trick::TrickRules;
use tenace_rules::{Action, AnyGame, Contract, Game};
use tenace_solver::{CardValue, DdTable, Position, RangeEnd, Sides, Solver};

pub use run::{Reviewer, ReviewerError, Reviewing};

/// Writes a value with its `Display`, as the engine protocol writes cards and contracts.
fn display<T: std::fmt::Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Writes each value of a list with its `Display`.
fn display_all<T: std::fmt::Display, S: Serializer>(values: &[T], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(values.iter().map(ToString::to_string))
}

/// The double-dummy review of one deal, as far as it has come.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Review {
    /// Why part of the deal could not be analysed (no card was played), when so.
    pub unsolved: Option<String>,
    /// The cards found so far that cost their side tricks, in the order they were played.
    pub costly: Vec<CostlyCard>,
    /// What the contract makes with best play from the opening lead, once solved.
    pub result: Option<BestPlay>,
    /// The strain by declarer table, in the games that have one (not Devil's Bridge).
    pub table: Option<StrainTable>,
    /// Contract Bridge's par of the deal as dealt, once its table is whole.
    pub par: Option<ParResult>,
    /// Devil's Bridge: each player's range, as far as it is solved.
    pub ranges: Vec<PlayerRange>,
}

/// A card that cost its side tricks double dummy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CostlyCard {
    /// The trick, from 1.
    pub trick: usize,
    /// The card's place in the trick: 1 for the lead.
    pub order: usize,
    /// Who played it (written as the game names players: `N`, or a number).
    #[serde(serialize_with = "display")]
    pub seat: SeatName,
    /// The card played (a named joker with its suit: `JKS`).
    #[serde(serialize_with = "display")]
    pub card: Action,
    /// The cards that would have taken the most tricks.
    #[serde(serialize_with = "display_all")]
    pub best: Vec<Action>,
    /// The tricks it cost the side against the best card.
    pub cost: u8,
}

/// The contract's result with best play from the opening lead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BestPlay {
    /// The contract.
    #[serde(serialize_with = "display")]
    pub contract: Contract,
    /// Its declarer.
    #[serde(serialize_with = "display")]
    pub declarer: SeatName,
    /// The tricks declarer's side makes with best play.
    pub makes: u8,
    /// The tricks declarer's side took.
    pub took: u8,
}

/// A player's name at a table of some size, written as the game names players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatName {
    /// The player.
    pub player: Player,
    /// Players at the table.
    pub players: usize,
    /// Whether they are seats of two partnerships (`N E S W`).
    pub partnerships: bool,
}

impl std::fmt::Display for SeatName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&tenace_protocol::state::player_label(
            self.player,
            self.players,
            self.partnerships,
        ))
    }
}

/// The strain by declarer table. (An enum for its JSON form, `"status": "offered"`,
/// which the protocol keeps for clients that knew a table could be refused.)
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status")]
pub enum StrainTable {
    /// The table, strain by strain as they are solved.
    #[serde(rename = "offered")]
    Offered {
        /// The declarers, as the game names them: one column each.
        declarers: Vec<String>,
        /// The strains solved so far, in bidding order.
        rows: Vec<StrainRow>,
    },
}

/// One strain of a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StrainRow {
    /// The strain.
    #[serde(serialize_with = "display")]
    pub strain: Strain,
    /// Declarer's tricks for each declarer, in the order of the table's declarers, the
    /// player on declarer's left leading.
    pub tricks: Vec<u8>,
}

/// Contract Bridge's par.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ParResult {
    /// North-South's score (negative when East-West score); 0 when the deal is passed out.
    pub score: i32,
    /// The contracts that reach it.
    pub contracts: Vec<ParLine>,
}

/// One par contract.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ParLine {
    /// The contract, doubled when it goes down.
    #[serde(serialize_with = "display")]
    pub contract: Contract,
    /// Its declarer.
    pub declarer: String,
    /// The tricks declarer takes.
    pub tricks: u8,
}

/// A Devil's Bridge player's range from the opening lead, everyone else against them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerRange {
    /// The player (written as the game names players).
    #[serde(serialize_with = "display")]
    pub seat: SeatName,
    /// The most tricks they can make sure of, once solved.
    pub most: Option<u8>,
    /// The fewest they can hold themselves to, once solved (the others may force tricks
    /// on them, so this can be the larger).
    pub fewest: Option<u8>,
    /// Their bid.
    pub bid: Option<u8>,
    /// The tricks they took.
    pub took: u8,
}

/// How far a review has come.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Progress {
    /// Steps done: a card checked, a strain of the table, one end of a player's range.
    pub done: usize,
    /// Steps in all (0 until the review has started).
    pub total: usize,
    /// Whether every step is done.
    pub finished: bool,
    /// What is known so far.
    pub review: Review,
}

/// One step of a review.
#[derive(Debug, Clone, Copy)]
enum Job {
    /// The values of the cards at the position of card `k` of the play.
    Card(usize),
    /// One strain of the table.
    Strain(Strain),
    /// One end of a Devil's Bridge player's range.
    Range(Player, RangeEnd),
}

/// What a step found.
#[derive(Debug)]
enum Found {
    /// Card `k`'s cost (if any) and, for the opening lead, the best value.
    Card {
        k: usize,
        costly: Option<CostlyCard>,
        best: u8,
    },
    Row(StrainRow),
    Range(Player, RangeEnd, u8),
}

/// Everything a review needs, worked out once from the deal.
struct Plan {
    /// Every card of the play with the position it was played from, blind ones named.
    plays: Vec<(Action, Position)>,
    /// The hands and rules a table is solved from, with its declarers.
    table: Option<TableSource>,
    /// What par is worked out under, in the games scored as Contract Bridge.
    par: Option<ParSettings>,
    /// The contract, its declarer and the tricks its side took, when played.
    contract: Option<(Contract, Player, u8)>,
    /// How the game names players.
    names: Names,
    /// The steps, in the order they are taken.
    jobs: Vec<Job>,
    /// The review before any step.
    start: Review,
}

/// How a game names its players.
#[derive(Debug, Clone, Copy)]
struct Names {
    players: usize,
    partnerships: bool,
}

impl Names {
    fn of(&self, player: Player) -> SeatName {
        SeatName {
            player,
            players: self.players,
            partnerships: self.partnerships,
        }
    }

    fn label(&self, player: Player) -> String {
        self.of(player).to_string()
    }
}

/// What a game's par depends on besides its table.
struct ParSettings {
    vulnerability: tenace_rules::Vulnerability,
    dealer: tenace_cards::Seat,
    auction: AuctionRules,
    scoring: ScoringTable,
}

/// What a strain table is solved from.
struct TableSource {
    hands: Vec<tenace_cards::CardSet>,
    strains: Vec<Strain>,
    rules: Box<dyn Fn(Strain) -> TrickRules + Send + Sync>,
}

/// The deal as it was dealt, before its first action.
fn as_dealt(deal: &AnyGame) -> Option<AnyGame> {
    Some(match deal {
        AnyGame::Bridge(d) => AnyGame::Bridge(BridgeDeal::from_setup(d.setup().clone()).ok()?),
        AnyGame::DevilsBridge(h) => {
            AnyGame::DevilsBridge(DevilsHand::from_setup(h.setup().clone()).ok()?)
        }
        AnyGame::Bridgette(d) => {
            AnyGame::Bridgette(BridgetteDeal::from_setup(d.setup().clone()).ok()?)
        }
    })
}

/// Every card of the play with the position it was played from; a blind card is named,
/// for the deal is over.
fn plays_of(deal: &AnyGame) -> Vec<(Action, Position)> {
    let mut plays = Vec::new();
    let Some(mut replay) = as_dealt(deal) else {
        return plays;
    };
    for m in deal.history() {
        if m.action.is_card_play()
            && let Some(position) = play_position(&replay)
        {
            let action = match m.action {
                Action::PlayBlind => position
                    .hands
                    .get(m.player.index())
                    .and_then(|h| h.iter().next())
                    .map_or(m.action, Action::Card),
                action => action,
            };
            plays.push((action, position));
        }
        if replay.try_apply(m.player, m.action).is_err() {
            break;
        }
    }
    plays
}

impl Plan {
    fn of(deal: &AnyGame) -> Plan {
        let view = deal.full_view();
        let names = Names {
            players: view.players,
            partnerships: matches!(deal, AnyGame::Bridge(_)),
        };
        let plays = plays_of(deal);
        let mut start = Review::default();
        if plays.is_empty() {
            start.unsolved = Some("no card was played".into());
        }
        let mut table = None;
        let mut par_settings = None;
        match deal {
            AnyGame::Bridge(d) => {
                let setup = d.setup();
                let variant = setup.variant;
                let auction = variant.auction_rules();
                table = Some(TableSource {
                    hands: setup.hands.0.to_vec(),
                    strains: auction.strains(),
                    rules: Box::new(move |s: Strain| variant.trick_rules(s)),
                });
                par_settings = Some(ParSettings {
                    vulnerability: setup.vulnerability,
                    dealer: setup.dealer,
                    auction,
                    scoring: variant.scoring_table(&setup.options),
                });
            }
            AnyGame::Bridgette(_) => {
                // The hands as the play began: after the exchange, discards unseen.
                if let Some((_, opening)) = plays.first() {
                    let rules = opening.rules;
                    table = Some(TableSource {
                        hands: opening.hands.clone(),
                        strains: Strain::STANDARD.to_vec(),
                        rules: Box::new(move |s: Strain| TrickRules {
                            trump: s.trump(),
                            ..rules
                        }),
                    });
                }
            }
            AnyGame::DevilsBridge(_) => {}
        }
        let contract = match (view.contract, view.declarer, plays.first()) {
            (Some(contract), Some(declarer), Some((_, opening))) => {
                let side = opening.side_of(declarer);
                let took: u8 = (0..view.players)
                    .filter(|&p| side >> p & 1 == 1)
                    .filter_map(|p| view.tricks_won.get(p).copied())
                    .sum();
                Some((contract, declarer, took))
            }
            _ => None,
        };
        let mut jobs = Vec::new();
        if matches!(deal, AnyGame::DevilsBridge(_)) {
            if !plays.is_empty() {
                for p in 0..view.players {
                    let player = Player(p as u8);
                    start.ranges.push(PlayerRange {
                        seat: names.of(player),
                        most: None,
                        fewest: None,
                        bid: view.bids.get(p).copied().flatten(),
                        took: view.tricks_won.get(p).copied().unwrap_or(0),
                    });
                    jobs.push(Job::Range(player, RangeEnd::Most));
                    jobs.push(Job::Range(player, RangeEnd::Fewest));
                }
            }
        } else {
            jobs.extend((0..plays.len()).rev().map(Job::Card));
        }
        if let Some(source) = &table {
            let declarers = (0..source.hands.len())
                .map(|p| names.label(Player(p as u8)))
                .collect();
            start.table = Some(StrainTable::Offered {
                declarers,
                rows: Vec::new(),
            });
            jobs.extend(source.strains.iter().map(|&s| Job::Strain(s)));
        }
        Plan {
            plays,
            table,
            par: par_settings,
            contract,
            names,
            jobs,
            start,
        }
    }

    /// Solves one step; `None` when the solver's stop flag stopped it (or the solver
    /// refuses the position).
    fn solve(&self, job: Job, solver: &mut Solver) -> Option<Found> {
        match job {
            Job::Card(k) => {
                let (action, position) = self.plays.get(k)?;
                let values = solver.card_values(position).ok()?;
                let best = values.iter().map(|v| v.tricks).max()?;
                let players = position.players();
                let costly = cost_of(*action, &values).map(|(best, cost)| CostlyCard {
                    trick: k / players + 1,
                    order: k % players + 1,
                    seat: self.names.of(position.to_play()),
                    card: *action,
                    best,
                    cost,
                });
                Some(Found::Card { k, costly, best })
            }
            Job::Strain(strain) => {
                let source = self.table.as_ref()?;
                let players = source.hands.len();
                let mut tricks = Vec::with_capacity(players);
                for declarer in 0..players {
                    let leader = Player(declarer as u8).next(players);
                    let position = Position::new(
                        (source.rules)(strain),
                        source.hands.clone(),
                        leader,
                        Sides::Partnerships,
                    );
                    let defence = solver.tricks(&position).ok()?;
                    tricks.push(position.tricks_left() as u8 - defence);
                }
                Some(Found::Row(StrainRow { strain, tricks }))
            }
            Job::Range(player, end) => {
                let (_, opening) = self.plays.first()?;
                let tricks = solver.range_end(opening, player, end).ok()?;
                Some(Found::Range(player, end, tricks))
            }
        }
    }

    /// Puts what a step found into the review.
    fn record(&self, found: Found, review: &mut Review) {
        match found {
            Found::Card { k, costly, best } => {
                if let Some(card) = costly {
                    let at = review
                        .costly
                        .partition_point(|c| (c.trick, c.order) < (card.trick, card.order));
                    review.costly.insert(at, card);
                }
                if k == 0 {
                    review.result = self.best_play(best);
                }
            }
            Found::Row(row) => {
                if let Some(StrainTable::Offered { rows, .. }) = review.table.as_mut() {
                    let strains = self.table.as_ref().map_or(&[][..], |t| &t.strains);
                    let place = |s: Strain| strains.iter().position(|&x| x == s);
                    let at = rows.partition_point(|r| place(r.strain) < place(row.strain));
                    rows.insert(at, row);
                }
            }
            Found::Range(player, end, tricks) => {
                if let Some(range) = review.ranges.get_mut(player.index()) {
                    match end {
                        RangeEnd::Most => range.most = Some(tricks),
                        RangeEnd::Fewest => range.fewest = Some(tricks),
                    }
                }
            }
        }
    }

    /// The contract's result, from the best value of the opening lead (tricks for the
    /// leader's side).
    fn best_play(&self, best: u8) -> Option<BestPlay> {
        let (contract, declarer, took) = self.contract?;
        let (_, opening) = self.plays.first()?;
        let declaring = opening.side_of(declarer) & opening.side_of(opening.to_play()) != 0;
        let makes = if declaring {
            best
        } else {
            opening.tricks_left() as u8 - best
        };
        Some(BestPlay {
            contract,
            declarer: self.names.of(declarer),
            makes,
            took,
        })
    }

    /// The last word once every step is done: the par of a game scored as Contract
    /// Bridge, from the whole table.
    fn finish(&self, review: &mut Review) {
        let (Some(settings), Some(StrainTable::Offered { rows, .. })) =
            (&self.par, review.table.as_ref())
        else {
            return;
        };
        let strains: Vec<Strain> = rows.iter().map(|r| r.strain).collect();
        let mut table = DdTable::new(strains, 4);
        for row in rows {
            for (declarer, &tricks) in row.tricks.iter().enumerate() {
                table.set_tricks(row.strain, Player(declarer as u8), tricks);
            }
        }
        let found = tenace_solver::par::par_of(
            &table,
            &settings.auction,
            settings.scoring,
            settings.vulnerability,
            settings.dealer,
        );
        review.par = Some(ParResult {
            score: found.score,
            contracts: found
                .contracts
                .iter()
                .map(|c| ParLine {
                    contract: c.contract,
                    declarer: c.declarer.to_string(),
                    tricks: c.tricks,
                })
                .collect(),
        });
    }
}

/// The card (and a named joker's suit) of a card action.
fn card_of(action: Action) -> Option<(Card, Option<Suit>)> {
    match action {
        Action::Card(c) => Some((c, None)),
        Action::NamedJoker(s) => Some((Card::JOKER, Some(s))),
        _ => None,
    }
}

/// What `action` (played from a position whose card values are `values`) cost its side
/// against the best card: the best cards and the tricks lost; `None` when it cost nothing.
fn cost_of(action: Action, values: &[CardValue]) -> Option<(Vec<Action>, u8)> {
    let (card, named) = card_of(action)?;
    let best = values.iter().map(|v| v.tricks).max()?;
    let played = values
        .iter()
        .find(|v| v.card == card && v.named == named)?
        .tricks;
    if played >= best {
        return None;
    }
    let better = values
        .iter()
        .filter(|v| v.tricks == best)
        .map(|v| match v.named {
            Some(suit) => Action::NamedJoker(suit),
            None => Action::Card(v.card),
        })
        .collect();
    Some((better, best - played))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    use tenace_rules::bridge::{BridgeMatch, BridgeOptions, BridgeVariant};
    use tenace_rules::{Call, Match, Phase};

    /// A deal of `variant` played out at random after one bid and three passes.
    pub(super) fn played_deal(variant: BridgeVariant, seed: u64) -> AnyGame {
        use rand::SeedableRng;
        use rand::seq::IndexedRandom;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let game =
            BridgeMatch::with_variant(variant, BridgeOptions::default(), seed).expect("match");
        let mut deal = game.deals().current().expect("a deal").clone();
        let mut bid = false;
        while deal.phase() != Phase::Finished {
            let player = deal.to_act().iter().next().expect("someone acts");
            let legal = deal.legal_actions(player);
            let action = match legal
                .iter()
                .find(|a| matches!(a, Action::Call(Call::Bid(_))))
            {
                Some(&a) if !bid => {
                    bid = true;
                    a
                }
                _ if deal.phase() == Phase::Auction => Action::Call(Call::Pass),
                _ => *legal.choose(&mut rng).expect("a legal action"),
            };
            deal.try_apply(player, action).expect("legal");
        }
        AnyGame::Bridge(deal)
    }

    fn reviewed(deal: &AnyGame, threads: usize) -> Progress {
        let reviewing = Arc::new(Reviewing::new());
        Reviewer::new(threads)
            .expect("threads")
            .run(deal, &reviewing);
        reviewing.progress()
    }

    #[test]
    fn a_bridge_review_agrees_with_the_solver_and_gives_par() {
        let deal = played_deal(BridgeVariant::Standard, 5);
        let progress = reviewed(&deal, 2);
        assert!(progress.finished);
        // 52 cards, then five strains.
        assert_eq!((progress.done, progress.total), (57, 57));
        let AnyGame::Bridge(d) = &deal else {
            unreachable!()
        };
        let hands = d.setup().hands;
        let table = Solver::new().table(&hands).expect("a table");
        let Some(StrainTable::Offered { declarers, rows }) = &progress.review.table else {
            panic!("no table: {:?}", progress.review.table);
        };
        assert_eq!(declarers, &["N", "E", "S", "W"]);
        assert_eq!(rows.len(), 5);
        for row in rows {
            for (p, &tricks) in row.tricks.iter().enumerate() {
                assert_eq!(table.tricks(row.strain, Player(p as u8)), Some(tricks));
            }
        }
        let expected = tenace_solver::par(&table, d.setup().vulnerability, d.setup().dealer);
        let got = progress.review.par.as_ref().expect("par");
        assert_eq!(got.score, expected.score);
        let contracts: Vec<String> = expected
            .contracts
            .iter()
            .map(|c| format!("{}-{}", c.contract, c.declarer))
            .collect();
        let got_contracts: Vec<String> = got
            .contracts
            .iter()
            .map(|c| format!("{}-{}", c.contract, c.declarer))
            .collect();
        assert_eq!(got_contracts, contracts);
        // The contract's best play is the table's entry for its strain and declarer.
        let result = progress.review.result.expect("a result");
        assert_eq!(
            table.tricks(result.contract.strain, result.declarer.player),
            Some(result.makes)
        );
        // Each costly card really loses tricks: the best cards are not the one played.
        for c in &progress.review.costly {
            assert!(c.cost > 0 && !c.best.contains(&c.card), "{c:?}");
        }
        let json = serde_json::to_value(&progress).expect("JSON");
        assert_eq!(json["review"]["table"]["status"], "offered");
        assert_eq!(
            json["review"]["result"]["declarer"],
            result.declarer.to_string()
        );
        assert!(json["review"]["par"]["contracts"].is_array());
    }

    #[test]
    fn one_thread_and_two_find_the_same_review() {
        let deal = played_deal(BridgeVariant::Standard, 8);
        assert_eq!(reviewed(&deal, 1), reviewed(&deal, 2));
    }

    #[test]
    fn a_stopped_review_ends_at_once_and_unfinished() {
        // A stop set first ends the review before its first step.
        let deal = played_deal(BridgeVariant::DeucesWild, 5);
        let reviewing = Arc::new(Reviewing::new());
        reviewing.stop();
        let started = Instant::now();
        Reviewer::new(2).expect("threads").run(&deal, &reviewing);
        assert!(started.elapsed() < Duration::from_secs(2));
        let progress = reviewing.progress();
        assert!(!progress.finished && progress.done < progress.total);
        // Deuces Wild's table is offered, and nothing of it was solved.
        let json = serde_json::to_value(&progress.review).expect("JSON");
        assert_eq!(json["table"]["status"], "offered");
        assert_eq!(json["table"]["rows"], serde_json::json!([]));
        assert!(progress.review.par.is_none());
    }

    #[test]
    fn a_passed_out_deal_has_a_table_and_par_but_no_play() {
        let game = BridgeMatch::new(BridgeOptions::default(), 11).expect("match");
        let mut deal = game.deals().current().expect("a deal").clone();
        for _ in 0..4 {
            let player = deal.to_act().iter().next().expect("someone acts");
            deal.try_apply(player, Action::Call(Call::Pass))
                .expect("a pass");
        }
        let progress = reviewed(&AnyGame::Bridge(deal), 1);
        assert!(progress.finished);
        assert_eq!(progress.total, 5);
        assert_eq!(
            progress.review.unsolved.as_deref(),
            Some("no card was played")
        );
        assert!(progress.review.result.is_none() && progress.review.costly.is_empty());
        assert!(progress.review.par.is_some());
    }

    #[test]
    fn a_devils_bridge_review_gives_each_players_range() {
        use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsMatch, HandOrder};
        // The series opens with hands of five cards.
        let options = DevilsBridgeOptions {
            hand_order: HandOrder::DownUp,
            max_hand: Some(5),
            ..DevilsBridgeOptions::default()
        };
        let game = DevilsMatch::new(options, 3).expect("match");
        let mut hand = game.current().expect("a hand").clone();
        while hand.phase() != Phase::Finished {
            // A changed bid is legal while others bid: never change one, so the auction
            // ends.
            let (player, action) = hand
                .to_act()
                .iter()
                .flat_map(|p| hand.legal_actions(p).into_iter().map(move |a| (p, a)))
                .find(|(_, a)| !matches!(a, Action::ChangeBid(_)))
                .expect("an action besides changing a bid");
            hand.try_apply(player, action).expect("legal");
        }
        let deal = AnyGame::DevilsBridge(hand);
        let progress = reviewed(&deal, 2);
        assert!(progress.finished);
        let players = deal.full_view().players;
        assert_eq!(progress.total, 2 * players);
        assert_eq!(progress.review.ranges.len(), players);
        assert!(progress.review.table.is_none() && progress.review.costly.is_empty());
        let opening = plays_of(&deal).remove(0).1;
        let mut solver = Solver::new();
        for (p, range) in progress.review.ranges.iter().enumerate() {
            let exact = solver.range(&opening, Player(p as u8)).expect("a range");
            assert_eq!(
                (range.most, range.fewest),
                (Some(exact.most), Some(exact.fewest))
            );
        }
    }

    #[test]
    fn a_bridgette_review_names_no_discard_and_tables_the_hands_played() {
        use tenace_rules::bridgette::{BridgetteMatch, BridgetteOptions};
        let game = BridgetteMatch::new(BridgetteOptions::default(), 3).expect("match");
        let mut deal = game.current().expect("a deal").clone();
        while deal.phase() != Phase::Finished {
            let player = deal.to_act().iter().next().expect("someone acts");
            let action = *deal.legal_actions(player).last().expect("an action");
            deal.try_apply(player, action).expect("legal");
        }
        let deal = AnyGame::Bridgette(deal);
        let discards: Vec<Card> = deal
            .history()
            .iter()
            .filter_map(|m| match m.action {
                Action::Discard(card) => Some(card),
                _ => None,
            })
            .collect();
        assert!(!discards.is_empty(), "the exchange discarded cards");
        let progress = reviewed(&deal, 2);
        assert!(progress.finished && progress.review.result.is_some());
        let json = serde_json::to_string(&progress).expect("JSON");
        for card in &discards {
            assert!(!json.contains(&format!("\"{card}\"")), "{card} in {json}");
        }
        // The table is of the hands as the play began, after the exchange.
        let opening = plays_of(&deal).remove(0).1;
        let Some(StrainTable::Offered { declarers, rows }) = &progress.review.table else {
            panic!("no table: {json}");
        };
        assert_eq!(declarers, &["0", "1"]);
        let mut solver = Solver::new();
        for row in rows {
            for declarer in 0..2u8 {
                let position = Position::new(
                    TrickRules {
                        trump: row.strain.trump(),
                        ..opening.rules
                    },
                    opening.hands.clone(),
                    Player(1 - declarer),
                    Sides::Partnerships,
                );
                let defence = solver.tricks(&position).expect("solved");
                assert_eq!(row.tricks[usize::from(declarer)], 13 - defence, "{row:?}");
            }
        }
    }

    #[test]
    fn progress_is_recorded_step_by_step() {
        let deal = played_deal(BridgeVariant::Standard, 5);
        let reviewing = Arc::new(Reviewing::new());
        let worker = {
            let reviewing = Arc::clone(&reviewing);
            std::thread::spawn(move || Reviewer::new(1).expect("threads").run(&deal, &reviewing))
        };
        let mut seen = Vec::new();
        let mut last = u64::MAX;
        while !worker.is_finished() {
            if reviewing.changes() != last {
                last = reviewing.changes();
                seen.push(reviewing.progress().done);
            }
            std::thread::yield_now();
        }
        worker.join().expect("the review ran");
        let end = reviewing.progress();
        assert!(end.finished);
        // The steps were counted one at a time, never backwards.
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        assert!(seen.iter().any(|&d| d > 0 && d < end.total), "{seen:?}");
    }
}
