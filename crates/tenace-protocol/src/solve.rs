//! The engine's `solve` command: the double-dummy value of each legal card of the player
//! to play, every hand known.

use serde_json::{Map, Value, json};
use tenace_cards::Player;
use tenace_rules::AnyGame;
use tenace_solver::{Position, Sides, Solver};

/// The memory of the solver one `solve` request uses.
const SOLVE_MEMORY: usize = 16 << 20;

/// The values of the legal cards in a deal's current position, as the `solve` answer
/// (without the player's name, which the engine adds), or why there is nothing to solve.
pub(crate) fn solve_game(game: &AnyGame) -> Result<(Player, Map<String, Value>), String> {
    let (play, hands, sides) = match game {
        AnyGame::Bridge(deal) => (
            deal.play()
                .ok_or("solve: the auction is not over, so there is no play to solve yet")?,
            deal.hands().0.to_vec(),
            Sides::Partnerships,
        ),
        AnyGame::DevilsBridge(hand) => (hand.play(), hand.hands().0.clone(), Sides::EachAlone),
        AnyGame::Bridgette(deal) => (
            deal.play().ok_or(
                "solve: the exchange and the auction are not over, so there is no play to solve yet",
            )?,
            deal.hands().0.clone(),
            Sides::EachAlone,
        ),
    };
    if play.is_finished() {
        return Err("solve: every trick has been played".into());
    }
    let players = hands.len();
    let position = Position {
        rules: *play.rules(),
        hands,
        trick: *play.current(),
        restriction: play.lead_restriction(),
        barred: (0..players).map(|p| play.barred(Player(p as u8))).collect(),
        sides,
    };
    let values = Solver::with_memory(SOLVE_MEMORY)
        .card_values(&position)
        .map_err(|e| format!("solve: {e}"))?;
    let values = values
        .iter()
        .map(|v| {
            let name = match v.named {
                Some(suit) => format!("{}{suit}", v.card),
                None => v.card.to_string(),
            };
            (name, json!(v.tricks))
        })
        .collect();
    Ok((position.to_play(), values))
}
