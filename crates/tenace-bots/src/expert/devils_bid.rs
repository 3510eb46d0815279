//! The expert's Devil's Bridge bid: in every sample, the bidder's range of tricks double
//! dummy (the fewest they can hold themselves to, the most they can make sure of), and
//! each legal bid scored against it. The legal list already leaves out the number the
//! hook forbids, and a blind hand is sampled like any hidden card.

use tenace_cards::Player;
use tenace_rules::devils_bridge::DevilsScoring;
use tenace_rules::{Action, AnyGame};
use tenace_solver::Solver;

use super::position::play_position;
use super::search::Outcome;
use super::value::devils_points;

/// The bid number of a bid or changed bid.
pub(crate) fn number(action: Action) -> Option<u8> {
    match action {
        Action::Bid(n) | Action::ChangeBid(n) => Some(n),
        _ => None,
    }
}

/// The candidates among the legal actions: the bids.
pub(crate) fn candidates(legal: &[Action]) -> Vec<Action> {
    legal
        .iter()
        .copied()
        .filter(|&a| number(a).is_some())
        .collect()
}

/// Each bid's outcome in `sample`, for bidder `me`.
pub(crate) fn evaluate(
    me: Player,
    scoring: DevilsScoring,
    candidates: &[Action],
    solver: &mut Solver,
    sample: &AnyGame,
) -> Option<Vec<Option<Outcome>>> {
    let position = play_position(sample)?;
    let range = solver.range(&position, me).ok()?;
    let tricks = (f64::from(range.fewest) + f64::from(range.most)) / 2.0;
    Some(
        candidates
            .iter()
            .map(|&a| {
                Some(Outcome {
                    points: devils_points(scoring, range.fewest, range.most, number(a)?),
                    tricks,
                })
            })
            .collect(),
    )
}
