//! Devil's Bridge by simulation: in each sample, each candidate action is taken and the
//! hand is played out to its end by the basic player in every seat, each seeing only
//! what its seat may see; the expert's points for the hand are the candidate's score.
//!
//! Why not double dummy: every player bids for themselves, so nobody plays against the
//! expert as a side. The double-dummy range (everyone else against the expert) brackets
//! the tricks but says nothing of where in the range the hand will end, and scored that
//! way the expert bid and played no better than the basic player. Playing the hand out
//! with a model of the others (the basic player, whose bidding and play aim at their own
//! exact bids) says where it ends; choosing the best action against that model is a
//! step better than the model itself.

use tenace_cards::Player;
use tenace_rules::{Action, AnyGame, Game};

use super::search::Outcome;
use crate::basic::BasicBot;
use crate::bot::{Bot, next_actor};

/// More actions than any Devil's Bridge hand can take (bids, changes and 7 × 13 cards):
/// a rollout that has not ended by then is abandoned rather than looping.
const MAX_STEPS: usize = 256;

/// Plays `game` on from now to its end, every seat played by `basic` in turn, as a
/// simulation drives bots. `None` if it does not end (a rule the basic player cannot
/// follow).
fn play_out(game: &mut AnyGame, basic: &mut BasicBot) -> Option<()> {
    for _ in 0..MAX_STEPS {
        let Some((player, legal)) = next_actor(game.to_act(), |p| game.legal_actions(p)) else {
            return Some(());
        };
        let decision = basic.decide(&game.observation(player), &legal).ok()?;
        game.apply_unchecked(player, decision.action);
    }
    None
}

/// `me`'s points and tricks at the end of a finished Devil's Bridge hand.
fn result_for(game: &AnyGame, me: Player) -> Option<Outcome> {
    let AnyGame::DevilsBridge(hand) = game else {
        return None;
    };
    let points = *hand.points()?.get(me.index())?;
    let tricks = *hand.play().tricks_won().get(me.index())?;
    Some(Outcome {
        points: f64::from(points),
        tricks: f64::from(tricks),
    })
}

/// Each candidate's outcome in `sample` for `me`: the candidate taken, then the hand
/// played out by the basic player in every seat.
pub(crate) fn evaluate(
    me: Player,
    candidates: &[Action],
    basic: &mut BasicBot,
    sample: &AnyGame,
) -> Option<Vec<Option<Outcome>>> {
    Some(
        candidates
            .iter()
            .map(|&action| {
                let mut game = sample.clone();
                game.try_apply(me, action).ok()?;
                play_out(&mut game, basic)?;
                result_for(&game, me)
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use tenace_rules::devils_bridge::{
        DevilsBridgeOptions, DevilsMatch, DevilsScoring, hand_points,
    };
    use tenace_rules::{Match, Phase};

    fn first_hand() -> AnyGame {
        let game = DevilsMatch::new(DevilsBridgeOptions::default(), 5).unwrap();
        AnyGame::DevilsBridge(game.current().unwrap().clone())
    }

    #[test]
    fn a_rollout_plays_the_hand_to_its_end() {
        let mut game = first_hand();
        let config = game.full_view().config;
        play_out(&mut game, &mut BasicBot::new(config, 0)).unwrap();
        assert_eq!(game.phase(), Phase::Finished);
        assert!(result_for(&game, Player(0)).is_some());
    }

    #[test]
    fn each_bid_is_scored_against_the_tricks_the_hand_then_takes() {
        let game = first_hand();
        let me = game.to_act().iter().next().unwrap();
        let legal = game.legal_actions(me);
        let config = game.full_view().config;
        let outcomes = evaluate(me, &legal, &mut BasicBot::new(config, 0), &game).unwrap();
        assert_eq!(outcomes.len(), legal.len());
        // Each bid is scored by the points it earns with the tricks the hand then took.
        for (o, &a) in outcomes.iter().zip(&legal) {
            let o = o.unwrap();
            let bid = super::super::devils_bid::number(a).unwrap();
            let points = hand_points(DevilsScoring::TricksPlusBonus, bid, o.tricks as u8);
            assert_eq!(o.points, f64::from(points), "bid {bid}");
        }
    }
}
