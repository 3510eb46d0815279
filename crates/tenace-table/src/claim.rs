//! Claims at the table: the pending claim, and how a computer player answers one.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use tenace_cards::Player;
use tenace_rules::AnyGame;
use tenace_solver::Solver;

/// A claim waiting for the opponents' answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingClaim {
    /// Who claimed.
    pub seat: Player,
    /// The tricks claimed, of those not yet played.
    pub tricks: u8,
    /// The answers so far, by seat (the computer players' from the start).
    pub answers: BTreeMap<u8, bool>,
}

/// The transposition tables of a claim's solve: a claim is one question, so a small
/// solver is enough, and the table task's memory stays modest.
const SOLVER_MEMORY: usize = 16 << 20;

/// The least time a computer player gives a claim, whatever the table's think budget:
/// an early claim in Contract Bridge can take the solver a while.
const MIN_BUDGET: Duration = Duration::from_secs(2);

/// Whether a computer player accepts `claimer`'s claim of `tricks`: the double-dummy
/// result from the current position gives the claimer's side at least that many of the
/// remaining tricks. A position the solver cannot settle within `budget` (never less
/// than two seconds) is rejected: a computer player accepts only what it has seen is true.
pub fn bot_accepts(deal: &AnyGame, claimer: Player, tricks: u8, budget: Duration) -> bool {
    if tricks == 0 {
        // Nothing is claimed: true whatever the cards, no need to solve.
        return true;
    }
    let Some(position) = tenace_bots::expert::play_position(deal) else {
        return false;
    };
    let mut solver = Solver::with_memory(SOLVER_MEMORY);
    solver.set_deadline(Some(Instant::now() + budget.max(MIN_BUDGET)));
    let Ok(to_play_side) = solver.tricks(&position) else {
        return false;
    };
    let left = u8::try_from(position.tricks_left()).unwrap_or(u8::MAX);
    let same_side = position.side_of(position.to_play()) & position.side_of(claimer) != 0;
    let claimer_side = if same_side {
        to_play_side
    } else {
        left.saturating_sub(to_play_side)
    };
    claimer_side >= tricks
}
