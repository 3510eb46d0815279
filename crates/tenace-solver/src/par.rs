//! Par: the result when both sides bid perfectly knowing every card, making contracts
//! played undoubled and failing ones doubled, in Contract Bridge and in the variants that
//! keep its scoring (Deuces Wild, and Five Crowns with its own bids and book).
//!
//! Par is the value of a small game: the auction from the dealer, each player passing or
//! bidding higher, each side's contract in a strain played by whichever of its two
//! players takes more tricks there. The dealer matters only when both sides can make
//! the same contract: the side that bids first gets it.

use tenace_cards::{Seat, Strain};
use tenace_rules::scoring::{ScoringTable, duplicate_score};
use tenace_rules::{AuctionRules, Contract, Doubling, Vulnerability};

use crate::DdTable;

/// One par contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParContract {
    /// The contract, doubled when it goes down.
    pub contract: Contract,
    /// Its declarer.
    pub declarer: Seat,
    /// Tricks declarer takes.
    pub tricks: u8,
}

/// The par of a deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Par {
    /// North-South's score (negative when East-West score).
    pub score: i32,
    /// The contracts that reach it: for each strain and declarer, the lowest such
    /// contract that no one can profitably bid over. Empty when the deal is passed out.
    pub contracts: Vec<ParContract>,
}

struct Auction<'a> {
    table: &'a DdTable,
    vulnerability: Vulnerability,
    /// The game's bids, low to high, as level and strain.
    bids: Vec<(u8, Strain)>,
    scoring: ScoringTable,
    /// Memo of NS's value by (last bid + 1 or 0, its side, seat to act, passes).
    memo: Vec<Option<i32>>,
}

impl Auction<'_> {
    /// The best declarer of `side` in `strain`, with the tricks.
    fn declarer(&self, side: usize, strain: Strain) -> (Seat, u8) {
        let seats = [Seat::from_index(side), Seat::from_index(side + 2)];
        seats
            .into_iter()
            .map(|s| (s, self.table.tricks(strain, s).unwrap_or(0)))
            .max_by_key(|&(_, t)| t)
            .expect("two seats")
    }

    /// North-South's score when `side` (0 NS, 1 EW) plays bid `index`.
    fn result(&self, index: usize, side: usize) -> (i32, ParContract) {
        let (level, strain) = self.bids[index];
        let (declarer, tricks) = self.declarer(side, strain);
        let makes = tricks >= level + self.scoring.book;
        let doubling = if makes {
            Doubling::Undoubled
        } else {
            Doubling::Doubled
        };
        let contract = Contract::new(level, strain, doubling);
        let vulnerable = self.vulnerability.is_vulnerable(declarer);
        let score = duplicate_score(self.scoring, contract, tricks, vulnerable);
        let ns = if side == 0 { score } else { -score };
        (
            ns,
            ParContract {
                contract,
                declarer,
                tricks,
            },
        )
    }

    /// NS's value of the auction from here.
    fn value(&mut self, last: usize, owner: usize, to_act: usize, passes: usize) -> i32 {
        if last == 0 && passes == 4 {
            return 0;
        }
        if last > 0 && passes == 3 {
            return self.result(last - 1, owner).0;
        }
        let slot = ((last * 2 + owner) * 4 + to_act) * 5 + passes;
        if let Some(v) = self.memo[slot] {
            return v;
        }
        let ns_acts = to_act.is_multiple_of(2);
        let mut best = self.value(last, owner, (to_act + 1) % 4, passes + 1);
        for next in last..self.bids.len() {
            let v = self.value(next + 1, to_act % 2, (to_act + 1) % 4, 0);
            if (ns_acts && v > best) || (!ns_acts && v < best) {
                best = v;
            }
        }
        self.memo[slot] = Some(best);
        best
    }
}

/// The par score and contracts of a Contract Bridge table.
///
/// ```
/// use tenace_cards::{BySeat, Seat};
/// use tenace_rules::Vulnerability;
/// use tenace_solver::{Solver, par};
/// let hands = BySeat([
///     "SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2".parse().unwrap(),
///     "HA HK HQ HJ HT H9 H8 H7 H6 H5 H4 H3 H2".parse().unwrap(),
///     "DA DK DQ DJ DT D9 D8 D7 D6 D5 D4 D3 D2".parse().unwrap(),
///     "CA CK CQ CJ CT C9 C8 C7 C6 C5 C4 C3 C2".parse().unwrap(),
/// ]);
/// let table = Solver::new().table(&hands).unwrap();
/// let par = par(&table, Vulnerability::None, Seat::North);
/// // Each hand holds a whole suit: North-South's 7S outranks East-West's 7H.
/// assert_eq!(par.score, 1510);
/// ```
pub fn par(table: &DdTable, vulnerability: Vulnerability, dealer: Seat) -> Par {
    par_of(
        table,
        &AuctionRules::BRIDGE,
        ScoringTable::BRIDGE,
        vulnerability,
        dealer,
    )
}

/// The par of a four-handed game scored as Contract Bridge is, with its own bids
/// (`auction`) and scoring table: Deuces Wild (Contract Bridge's), Five Crowns (Stars,
/// 0NT and book 7, RULES.md §2.2). `table` has a row for every strain of the bids.
///
/// ```
/// use tenace_cards::{Seat, Strain, Suit};
/// use tenace_rules::bridge::{BridgeOptions, BridgeVariant, FiveCrownsRules};
/// use tenace_rules::Vulnerability;
/// use tenace_solver::{DdTable, par::par_of};
/// let crowns = BridgeVariant::FiveCrowns(FiveCrownsRules::default());
/// let strains = crowns.auction_rules().strains();
/// // North-South take 8 of the 14 tricks in every strain, East-West the other 6.
/// let mut table = DdTable::new(strains.clone(), 4);
/// for &strain in &strains {
///     for seat in Seat::ALL {
///         table.set_tricks(strain, seat, if seat.index() % 2 == 0 { 8 } else { 6 });
///     }
/// }
/// let scoring = crowns.scoring_table(&BridgeOptions::default());
/// let par = par_of(&table, &crowns.auction_rules(), scoring, Vulnerability::None, Seat::North);
/// // Book is 7: one odd trick, in Stars or no trump (40 + 50 for a part score).
/// assert_eq!(par.score, 90);
/// assert!(par.contracts.iter().any(|c| c.contract.strain == Strain::Suit(Suit::Stars)));
/// ```
pub fn par_of(
    table: &DdTable,
    auction: &AuctionRules,
    scoring: ScoringTable,
    vulnerability: Vulnerability,
    dealer: Seat,
) -> Par {
    let bids: Vec<(u8, Strain)> = auction.bids().iter().map(|b| (b.level, b.strain)).collect();
    let strains = auction.strains();
    let mut auction = Auction {
        table,
        vulnerability,
        memo: vec![None; (bids.len() + 1) * 2 * 4 * 5],
        bids,
        scoring,
    };
    let score = auction.value(0, 0, dealer.index(), 0);
    let mut contracts = Vec::new();
    // No contract scores exactly zero, so a zero par is a pass-out.
    if score != 0 {
        for side in 0..2 {
            for &strain in &strains {
                let in_strain: Vec<usize> = (0..auction.bids.len())
                    .filter(|&i| auction.bids[i].1 == strain)
                    .collect();
                for index in in_strain {
                    let (ns, contract) = auction.result(index, side);
                    if ns != score {
                        continue;
                    }
                    // Stable: after this bid, with the opponents to speak, nobody gains.
                    let next = (contract.declarer.index() + 1) % 4;
                    if auction.value(index + 1, side, next, 0) == score {
                        contracts.push(contract);
                        break;
                    }
                }
            }
        }
    }
    // Both members of a side may reach the same tricks: list each declarer who does.
    let mut all = Vec::new();
    for c in contracts {
        let partner = c.declarer.partner();
        all.push(c);
        if table.tricks(c.contract.strain, partner) == Some(c.tricks) {
            all.push(ParContract {
                declarer: partner,
                ..c
            });
        }
    }
    all.sort_by_key(|c| (c.contract.level, c.contract.strain, c.declarer));
    Par {
        score,
        contracts: all,
    }
}
