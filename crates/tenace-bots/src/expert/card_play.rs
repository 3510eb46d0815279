//! The expert's card play: each legal card scored in one solved sample.

use tenace_cards::{Card, Player, Suit};
use tenace_rules::{Action, AnyGame, GameConfig, View};
use tenace_solver::{Position, Solver};

use super::position::{play_position, tricks_won};
use super::search::Outcome;
use super::value::{contract_points, devils_points, same_side, side_tricks};

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
    match &view.config {
        GameConfig::DevilsBridge(options) => {
            let bid = view.bids.get(me.index()).copied().flatten()?;
            candidates
                .iter()
                .map(|&a| devils_card(&position, a, solver, before, bid, options.scoring))
                .collect::<Option<Vec<_>>>()
                .map(|v| v.into_iter().map(Some).collect())
        }
        _ => {
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
    }
}

/// A Devil's Bridge card: after it, the range of tricks the player can end with (the
/// fewest they can hold themselves to and the most they can make sure of), scored
/// against their bid.
fn devils_card(
    position: &Position,
    action: Action,
    solver: &mut Solver,
    before: u8,
    bid: u8,
    scoring: tenace_rules::devils_bridge::DevilsScoring,
) -> Option<Outcome> {
    let (card, named) = card_of(action)?;
    let mover = position.to_play();
    let mut after = position.clone();
    let winner = after.play(card, named).ok()?;
    let now = before + u8::from(winner == Some(mover));
    let (fewest, most) = if after.tricks_left() == 0 {
        (now, now)
    } else {
        let range = solver.range(&after, mover).ok()?;
        (now + range.fewest, now + range.most)
    };
    Some(Outcome {
        points: devils_points(scoring, fewest, most, bid),
        tricks: (f64::from(fewest) + f64::from(most)) / 2.0,
    })
}
