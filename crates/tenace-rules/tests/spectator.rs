//! The spectator's view (`View::for_spectator`) of every game shows only what the whole
//! table sees: a hand is shown to a spectator only when every player but its holder is
//! shown it too, no face-down card appears, and the record is one each player also has.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_cards::{CardSet, Player};
use tenace_rules::bridge::{BridgeMatch, BridgeOptions, BridgeVariant};
use tenace_rules::bridgette::{BridgetteMatch, BridgetteOptions};
use tenace_rules::devils_bridge::{BlindHands, DevilsBridgeOptions, DevilsMatch};
use tenace_rules::{Action, Match, View};

/// Checks the spectator's view against every player's observation; returns whether it
/// showed any hand.
fn check<M: Match>(m: &M, context: &str) -> bool {
    let Some(full) = m.full_view() else {
        return false;
    };
    let spectator = full.for_spectator();
    let n = full.players;
    let observations: Vec<View> = (0..n as u8)
        .map(|p| m.observation(Player(p)).expect("a game in progress"))
        .collect();
    for (holder, hand) in spectator.hands.iter().enumerate() {
        let Some(hand) = hand else { continue };
        for (p, obs) in observations.iter().enumerate() {
            if p != holder {
                assert_eq!(
                    obs.hands[holder].as_ref(),
                    Some(hand),
                    "{context}: the spectator sees player {holder}'s hand, player {p} does not"
                );
            }
        }
    }
    assert_eq!(spectator.hand_sizes, full.hand_sizes, "{context}");
    if let Some(exchange) = &spectator.exchange {
        assert!(exchange.drawn.iter().all(Option::is_none), "{context}");
        assert!(exchange.discards.iter().all(Option::is_none), "{context}");
        assert_eq!(exchange.stock, None, "{context}");
    }
    // The spectator's record is each player's record less what that player alone saw.
    for (p, obs) in observations.iter().enumerate() {
        let theirs: Vec<_> = obs
            .history
            .iter()
            .filter(|m| !matches!(m.action, Action::Discard(_)))
            .collect();
        assert_eq!(
            spectator.history.iter().collect::<Vec<_>>(),
            theirs,
            "{context}: player {p}'s record"
        );
    }
    spectator.visible_cards() != CardSet::EMPTY
}

/// Plays a match at random to its end, checking the spectator at every step. Returns how
/// many steps showed a hand to the spectator.
fn play<M: Match>(mut m: M, seed: u64, name: &str) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut shown = 0;
    for step in 0..5_000 {
        shown += usize::from(check(&m, &format!("{name}, seed {seed}, step {step}")));
        let Some(player) = m.to_act().iter().find(|&p| {
            m.legal_actions(p)
                .iter()
                .any(|a| !matches!(a, Action::ChangeBid(_)))
        }) else {
            break;
        };
        let legal: Vec<Action> = m
            .legal_actions(player)
            .into_iter()
            .filter(|a| !matches!(a, Action::ChangeBid(_)))
            .collect();
        // Calls from the low end keep the auctions short and the contracts playable.
        let pick = if m.full_view().is_some_and(|v| v.contract.is_none()) {
            rng.random_range(0..legal.len().min(3))
        } else {
            rng.random_range(0..legal.len())
        };
        m.try_apply(player, legal[pick]).expect("a legal action");
    }
    assert!(m.is_over(), "{name}, seed {seed}: the match ends");
    shown
}

#[test]
fn the_partnership_games_show_a_spectator_dummy_and_nothing_else() {
    for name in ["bridge", "deuces-wild", "five-crowns"] {
        let variant = BridgeVariant::from_name(name).unwrap();
        let options: BridgeOptions =
            serde_json::from_str(r#"{"scoring":"duplicate","boards":2}"#).unwrap();
        for seed in 0..3 {
            let m = BridgeMatch::with_variant(variant, options.clone(), seed).unwrap();
            let shown = play(m, seed, name);
            assert!(shown > 0, "{name}: dummy is shown once the lead is made");
        }
    }
}

#[test]
fn devils_bridge_shows_a_spectator_the_blind_hand_and_no_other() {
    for (players, blind) in [(3, BlindHands::Final), (5, BlindHands::All)] {
        let mut options = DevilsBridgeOptions::for_players(players);
        options.max_hand = Some(3);
        options.blind_one_card_hands = blind;
        let m = DevilsMatch::new(options, u64::from(players)).unwrap();
        let shown = play(m, 1, "devils-bridge");
        assert!(shown > 0, "the blind hand faces the table");
    }
}

#[test]
fn bridgette_shows_a_spectator_no_hand_and_no_face_down_card() {
    for seed in 0..3 {
        let m = BridgetteMatch::new(BridgetteOptions::default(), seed).unwrap();
        assert_eq!(play(m, seed, "bridgette"), 0);
    }
}
