//! Duplicate scoring: each board on its own (RULES.md §1.5, Laws 2 and 77).

use tenace_cards::Seat;

use super::{ScoringTable, contract_score};
use crate::{Contract, Vulnerability};

/// The score of one board for declarer's side: positive when made, minus the penalty when
/// defeated.
///
/// A made contract adds a premium to its elements: 300 (not vulnerable) or 500
/// (vulnerable) when its trick score alone reaches 100, otherwise 50. Honors never count
/// in duplicate.
///
/// ```
/// use tenace_rules::scoring::{duplicate_score, ScoringTable};
/// let t = ScoringTable::BRIDGE;
/// assert_eq!(duplicate_score(t, "4H".parse().unwrap(), 10, true), 620);
/// assert_eq!(duplicate_score(t, "1NTX".parse().unwrap(), 9, false), 380);
/// assert_eq!(duplicate_score(t, "4SX".parse().unwrap(), 6, true), -1100);
/// ```
pub fn duplicate_score(
    table: ScoringTable,
    contract: Contract,
    tricks: u8,
    vulnerable: bool,
) -> i32 {
    let score = contract_score(table, contract, tricks, vulnerable);
    if !score.is_made() {
        return score.net();
    }
    // Doubling counts toward game here: 1NTX (80) is a part-score, 2NTX (140) a game.
    let premium = match (score.trick_score >= 100, vulnerable) {
        (true, false) => 300,
        (true, true) => 500,
        (false, _) => 50,
    };
    score.net() + premium
}

/// [`duplicate_score`] for a board that may have been passed out (`None`), which scores 0.
///
/// ```
/// use tenace_rules::scoring::{duplicate_deal_score, ScoringTable};
/// assert_eq!(duplicate_deal_score(ScoringTable::BRIDGE, None, 0, false), 0);
/// assert_eq!(duplicate_deal_score(ScoringTable::BRIDGE, Some("2S".parse().unwrap()), 9, false), 140);
/// ```
pub fn duplicate_deal_score(
    table: ScoringTable,
    contract: Option<Contract>,
    tricks: u8,
    vulnerable: bool,
) -> i32 {
    contract.map_or(0, |c| duplicate_score(table, c, tricks, vulnerable))
}

/// Law 2's dealer and vulnerability for boards 1 to 16, in order; the cycle repeats.
const BOARD_CYCLE: [(Seat, Vulnerability); 16] = {
    use Seat::{East as E, North as N, South as S, West as W};
    use Vulnerability::{Both, EastWest as Ew, None as Nil, NorthSouth as Ns};
    [
        (N, Nil),
        (E, Ns),
        (S, Ew),
        (W, Both),
        (N, Ns),
        (E, Ew),
        (S, Both),
        (W, Nil),
        (N, Ew),
        (E, Both),
        (S, Nil),
        (W, Ns),
        (N, Both),
        (E, Nil),
        (S, Ns),
        (W, Ew),
    ]
};

/// The row of the cycle for a board. Boards are numbered from 1; board 0 would be the
/// 16th of the cycle before it, and it gets that row rather than a panic.
const fn cycle_row(board: u32) -> (Seat, Vulnerability) {
    BOARD_CYCLE[((board % 16 + 15) % 16) as usize]
}

/// The dealer of a duplicate board (Law 2): North on board 1, then clockwise.
///
/// ```
/// use tenace_rules::scoring::board_dealer;
/// use tenace_cards::Seat;
/// assert_eq!(board_dealer(1), Seat::North);
/// assert_eq!(board_dealer(16), Seat::West);
/// assert_eq!(board_dealer(18), Seat::East);
/// ```
pub const fn board_dealer(board: u32) -> Seat {
    cycle_row(board).0
}

/// The vulnerability of a duplicate board (Law 2), repeating every 16 boards.
///
/// ```
/// use tenace_rules::scoring::board_vulnerability;
/// use tenace_rules::Vulnerability;
/// assert_eq!(board_vulnerability(1), Vulnerability::None);
/// assert_eq!(board_vulnerability(7), Vulnerability::Both);
/// assert_eq!(board_vulnerability(16), Vulnerability::EastWest);
/// assert_eq!(board_vulnerability(17), Vulnerability::None);
/// ```
pub const fn board_vulnerability(board: u32) -> Vulnerability {
    cycle_row(board).1
}
