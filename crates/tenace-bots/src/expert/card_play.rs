//! The expert's card play in the games with a contract: each legal card scored in one
//! solved sample. (Devil's Bridge plays its samples out instead: [`super::rollout`].)

use tenace_cards::{Card, Player, Suit};
use tenace_rules::{Action, AnyGame, View};
use tenace_solver::Solver;

use super::position::{play_position, tricks_won};
use super::search::Outcome;
use super::value::{contract_points, same_side, side_tricks};

/// The card (and the suit a named joker is played as) of a card action.
fn card_of(action: Action) -> Option<(Card, Option<Suit>)> {
    match action {
        Action::Card(c) => Some((c, None)),
        Action::NamedJoker(s) => Some((Card::JOKER, Some(s))),
        _ => None,
    }
}

/// The candidates among the legal actions: the cards.
pub(crate) fn candidates(legal: &[Action]) -> Vec<Action> {
    legal
        .iter()
        .copied()
        .filter(|&a| card_of(a).is_some())
        .collect()
}

/// Each candidate's outcome in `sample`, for the expert `me` (who plays the cards of
/// the player to play, or of dummy). `None` when the sample has no position to solve.
pub(crate) fn evaluate(
    view: &View,
    me: Player,
    candidates: &[Action],
    solver: &mut Solver,
    sample: &AnyGame,
) -> Option<Vec<Option<Outcome>>> {
    let position = play_position(sample)?;
    let won = tricks_won(sample);
    let before = side_tricks(&view.config, &won, me);
    let mover = position.to_play();
    let left = position.tricks_left() as u8;
    let values = solver.card_values(&position).ok()?;
    let ours_of = |future: u8| {
        if same_side(&view.config, mover, me) {
            before + future
        } else {
            before + left.saturating_sub(future)
        }
    };
    Some(
        candidates
            .iter()
            .map(|&a| {
                let (card, named) = card_of(a)?;
                let v = values.iter().find(|v| v.card == card && v.named == named)?;
                let ours = ours_of(v.tricks);
                Some(Outcome {
                    points: contract_points(sample, me, ours)?,
                    tricks: f64::from(ours),
                })
            })
            .collect(),
    )
}
