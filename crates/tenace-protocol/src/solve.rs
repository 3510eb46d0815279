//! The engine's `solve` command: the double-dummy value of each legal card of the player
//! to play, every hand known.

use serde_json::{Map, Value, json};
use tenace_bots::expert::play_position;
use tenace_cards::Player;
use tenace_rules::AnyGame;
use tenace_solver::Solver;

/// The memory of the solver one `solve` request uses.
const SOLVE_MEMORY: usize = 16 << 20;

/// The values of the legal cards in a deal's current position, as the `solve` answer
/// (without the player's name, which the engine adds), or why there is nothing to solve.
pub(crate) fn solve_game(game: &AnyGame) -> Result<(Player, Map<String, Value>), String> {
    let started = match game {
        AnyGame::Bridge(deal) => deal.play().is_some(),
        AnyGame::DevilsBridge(_) => true,
        AnyGame::Bridgette(deal) => deal.play().is_some(),
    };
    if !started {
        return Err(match game {
            AnyGame::Bridgette(_) => {
                "solve: the exchange and the auction are not over, so there is no play to solve yet"
            }
            _ => "solve: the auction is not over, so there is no play to solve yet",
        }
        .into());
    }
    let position = play_position(game).ok_or("solve: every trick has been played")?;
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
