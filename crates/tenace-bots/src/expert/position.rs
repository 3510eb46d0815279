//! A resampled (or real) deal as the double-dummy solver sees it.

use tenace_cards::Player;
use tenace_rules::AnyGame;
use tenace_rules::trick::TrickPlay;
use tenace_solver::{Position, Sides};

/// The trick play of any game, with its hands now and who plays with whom; `None` before
/// the play exists (a bidding game's auction, Bridgette's exchange).
fn play_of(game: &AnyGame) -> Option<(&TrickPlay, Vec<tenace_cards::CardSet>, Sides)> {
    match game {
        AnyGame::Bridge(deal) => Some((deal.play()?, deal.hands().0.to_vec(), Sides::Partnerships)),
        // A Devil's Bridge hand has its trick play from the deal on, so its bidding can
        // be solved too; Bridgette's two players are each alone.
        AnyGame::DevilsBridge(hand) => {
            Some((hand.play(), hand.hands().0.clone(), Sides::EachAlone))
        }
        AnyGame::Bridgette(deal) => Some((deal.play()?, deal.hands().0.clone(), Sides::EachAlone)),
    }
}

/// The position to solve in `game`: every hand, the trick in progress, the lead
/// restriction and what each player has shown they lack. `None` when there is no trick
/// play yet or every trick has been played.
///
/// ```
/// use tenace_bots::expert::play_position;
/// use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsMatch};
/// use tenace_rules::{AnyGame, Match};
/// let game = DevilsMatch::new(DevilsBridgeOptions::default(), 3).unwrap();
/// let hand = game.current().unwrap().clone();
/// let position = play_position(&AnyGame::DevilsBridge(hand)).unwrap();
/// assert_eq!(position.players(), 4);
/// ```
pub fn play_position(game: &AnyGame) -> Option<Position> {
    let (play, hands, sides) = play_of(game)?;
    if play.is_finished() {
        return None;
    }
    let players = hands.len();
    Some(Position {
        rules: *play.rules(),
        hands,
        trick: *play.current(),
        restriction: play.lead_restriction(),
        barred: (0..players).map(|p| play.barred(Player(p as u8))).collect(),
        sides,
    })
}

/// Tricks won so far by each player of `game`'s trick play (empty before play).
pub(crate) fn tricks_won(game: &AnyGame) -> Vec<u8> {
    play_of(game).map_or_else(Vec::new, |(play, _, _)| play.tricks_won().to_vec())
}
