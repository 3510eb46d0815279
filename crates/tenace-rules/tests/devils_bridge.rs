//! Devil's Bridge acceptance tests on hand-made positions (RULES.md §3): the hook at every
//! hand size, bid changes at each boundary, the blind hand, scoring, and how a game ends.

use tenace_cards::{ByPlayer, Card, CardSet, Deck, Player};
use tenace_rules::Match;
use tenace_rules::deal::seeded_rng;
use tenace_rules::devils_bridge::{
    BlindHands, DevilsBridgeOptions, DevilsHand, DevilsMatch, DevilsScoring, HandOrder, HandSetup,
    TieBreak, hand_points,
};
use tenace_rules::{Action, Game, IllegalAction, Phase};

fn p(i: u8) -> Player {
    Player(i)
}

/// A hand of `size` cards at a table of `players`, dealt in deck order (player 0 gets
/// the lowest cards) with the next card turned up.
fn hand(players: u8, size: usize, dealer: u8) -> DevilsHand {
    hand_with(
        DevilsBridgeOptions::for_players(players),
        size,
        dealer,
        false,
    )
}

fn hand_with(options: DevilsBridgeOptions, size: usize, dealer: u8, blind: bool) -> DevilsHand {
    let n = options.player_count();
    let deck: Vec<Card> = Deck::Standard.cards().iter().collect();
    let hands = ByPlayer(
        (0..n)
            .map(|i| deck[i * size..(i + 1) * size].iter().copied().collect())
            .collect(),
    );
    let setup = HandSetup {
        options,
        size,
        dealer: p(dealer),
        hands,
        trump_card: deck.get(n * size).copied(),
        blind,
    };
    DevilsHand::from_setup(setup).expect("a valid hand")
}

fn bid(h: &mut DevilsHand, player: u8, n: u8) {
    h.try_apply(p(player), Action::Bid(n))
        .unwrap_or_else(|e| panic!("player {player} bids {n}: {e}"));
}

fn to_act(h: &DevilsHand) -> Vec<u8> {
    h.to_act().iter().map(|p| p.0).collect()
}

#[test]
fn the_hook_at_every_hand_size() {
    for size in 1..=10usize {
        // Four players, dealer 3: players 0, 1, 2 bid, then the dealer.
        for others in [[0u8, 0, 0], [size as u8, 0, 0], [1, 0, 0]] {
            if others.iter().map(|&b| usize::from(b)).sum::<usize>() > size {
                continue;
            }
            let mut h = hand(4, size, 3);
            for (i, &b) in others.iter().enumerate() {
                bid(&mut h, i as u8, b);
            }
            let forbidden = size as u8 - others.iter().sum::<u8>();
            let legal = h.legal_actions(p(3));
            let bids: Vec<u8> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Bid(b) => Some(*b),
                    _ => None,
                })
                .collect();
            let expected: Vec<u8> = (0..=size as u8).filter(|&b| b != forbidden).collect();
            assert_eq!(bids, expected, "size {size}, others {others:?}");
            let err = h.try_apply(p(3), Action::Bid(forbidden)).unwrap_err();
            assert!(err.to_string().contains("hook"), "{err}");
            assert!(matches!(err, IllegalAction::Bid(_)));
            // A bid beyond the hand size is refused for everyone.
            let err = h.try_apply(p(3), Action::Bid(size as u8 + 1)).unwrap_err();
            assert!(err.to_string().contains("bid from 0"), "{err}");
        }
    }
}

#[test]
fn the_dealer_is_free_when_the_forbidden_number_is_outside_the_range() {
    for size in 1..=10usize {
        let mut h = hand(4, size, 3);
        // The others bid more than the hand size between them: no bid completes it.
        bid(&mut h, 0, size as u8);
        bid(&mut h, 1, 1);
        bid(&mut h, 2, 0);
        assert_eq!(h.bidding().forbidden(), None, "size {size}");
        let legal = h.legal_actions(p(3));
        assert_eq!(legal.len(), size + 1, "size {size}: every bid 0..={size}");
        for b in 0..=size as u8 {
            assert!(legal.contains(&Action::Bid(b)));
        }
    }
}

#[test]
fn bid_changes_open_and_close_at_each_boundary() {
    // Four players, dealer 0: bidding order 1, 2, 3, 0; player 1 leads.
    let mut h = hand(4, 3, 0);
    assert_eq!(to_act(&h), vec![1]);
    // A change before bidding is refused.
    let err = h.try_apply(p(1), Action::ChangeBid(1)).unwrap_err();
    assert!(err.to_string().contains("not bid yet"), "{err}");
    bid(&mut h, 1, 2);
    // The example: player 1 may still change while player 2 has not bid.
    assert_eq!(to_act(&h), vec![1, 2]);
    assert!(h.legal_actions(p(1)).contains(&Action::ChangeBid(0)));
    assert!(!h.legal_actions(p(1)).contains(&Action::ChangeBid(2)));
    let err = h.try_apply(p(1), Action::ChangeBid(2)).unwrap_err();
    assert!(err.to_string().contains("already bids 2"), "{err}");
    h.try_apply(p(1), Action::ChangeBid(1)).unwrap();
    assert_eq!(h.bidding().bids()[1], Some(1));
    bid(&mut h, 2, 0);
    // Player 2 has bid: player 1 is frozen, player 2 may change.
    assert_eq!(to_act(&h), vec![2, 3]);
    let err = h.try_apply(p(1), Action::ChangeBid(3)).unwrap_err();
    assert!(err.to_string().contains("on their left has bid"), "{err}");
    bid(&mut h, 3, 1);
    // The dealer's turn; player 3 may still change while the dealer has not bid.
    assert_eq!(to_act(&h), vec![0, 3]);
    h.try_apply(p(3), Action::ChangeBid(0)).unwrap();
    // Bids 1 + 0 + 0: the dealer may not bid 2.
    assert!(!h.legal_actions(p(0)).contains(&Action::Bid(2)));
    bid(&mut h, 0, 3);
    assert_eq!(h.phase(), Phase::Play);
    // Everyone else is frozen; the dealer may change until the first card, the leader
    // may lead.
    assert_eq!(to_act(&h), vec![0, 1]);
    let err = h.try_apply(p(3), Action::ChangeBid(2)).unwrap_err();
    assert!(err.to_string().contains("on their left has bid"), "{err}");
    // The dealer's change after every bid, before the lead, still under the hook.
    let changes = h.legal_actions(p(0));
    assert!(!changes.contains(&Action::ChangeBid(2)), "{changes:?}");
    assert!(!changes.contains(&Action::ChangeBid(3)), "the standing bid");
    assert!(changes.contains(&Action::ChangeBid(0)));
    let err = h.try_apply(p(0), Action::ChangeBid(2)).unwrap_err();
    assert!(err.to_string().contains("hook"), "{err}");
    h.try_apply(p(0), Action::ChangeBid(1)).unwrap();
    // The first card closes the dealer's window.
    let lead = h.legal_actions(p(1))[0];
    assert!(matches!(lead, Action::Card(_)));
    h.try_apply(p(1), lead).unwrap();
    assert_eq!(to_act(&h), vec![2]);
    let err = h.try_apply(p(0), Action::ChangeBid(0)).unwrap_err();
    assert!(err.to_string().contains("until the first card"), "{err}");
    // The hook holds at the lead: the bids do not add up to the tricks.
    let total: u8 = h.bidding().bids().iter().map(|b| b.unwrap()).sum();
    assert_ne!(usize::from(total), 3);
}

#[test]
fn no_bid_changes_without_the_option() {
    let mut options = DevilsBridgeOptions::for_players(3);
    options.allow_bid_changes = false;
    let mut h = hand_with(options, 2, 2, false);
    bid(&mut h, 0, 1);
    assert_eq!(to_act(&h), vec![1]);
    assert!(
        !h.legal_actions(p(0))
            .iter()
            .any(|a| matches!(a, Action::ChangeBid(_)))
    );
    let err = h.try_apply(p(0), Action::ChangeBid(0)).unwrap_err();
    assert!(err.to_string().contains("allow_bid_changes"), "{err}");
    bid(&mut h, 1, 1);
    bid(&mut h, 2, 1);
    assert_eq!(to_act(&h), vec![0]);
    assert!(h.try_apply(p(2), Action::ChangeBid(2)).is_err());
}

#[test]
fn bids_out_of_turn_and_cards_before_the_end_of_bidding_are_refused() {
    let mut h = hand(5, 4, 4);
    let err = h.try_apply(p(2), Action::Bid(1)).unwrap_err();
    assert!(err.to_string().contains("player 0's turn"), "{err}");
    let card = h.hands()[p(0)].iter().next().unwrap();
    let err = h.try_apply(p(0), Action::Card(card)).unwrap_err();
    assert!(err.to_string().contains("bidding is not over"), "{err}");
    let err = h
        .try_apply(p(0), Action::Call(tenace_rules::Call::Pass))
        .unwrap_err();
    assert!(matches!(err, IllegalAction::WrongPhase { .. }));
    let err = h.try_apply(p(5), Action::Bid(1)).unwrap_err();
    assert!(err.to_string().contains("no player 5"), "{err}");
}

#[test]
fn the_player_left_of_the_dealer_leads_and_must_follow_suit() {
    let mut h = hand(3, 3, 1);
    // Player 0: C2 C3 C4; player 1: C5 C6 C7; player 2: C8 C9 CT; trump CJ.
    bid(&mut h, 2, 1);
    bid(&mut h, 0, 0);
    bid(&mut h, 1, 0);
    assert_eq!(h.play().to_play(), Some(p(2)));
    h.try_apply(p(2), "C8".parse().unwrap()).unwrap();
    h.try_apply(p(0), "C2".parse().unwrap()).unwrap();
    let events = h.try_apply(p(1), "C5".parse().unwrap()).unwrap();
    assert_eq!(events.trick_won, Some(p(2)));
}

#[test]
fn the_blind_hand_hides_each_card_from_its_holder_only() {
    let options = DevilsBridgeOptions::for_players(4);
    let mut h = hand_with(options, 1, 3, true);
    let cards: Vec<Card> = (0..4)
        .map(|i| h.hands()[p(i)].iter().next().unwrap())
        .collect();
    for viewer in 0..4u8 {
        let obs = h.observation(p(viewer));
        assert_eq!(obs.hands[usize::from(viewer)], None, "own card hidden");
        assert_eq!(obs.hand_sizes[usize::from(viewer)], 1);
        for other in (0..4u8).filter(|&o| o != viewer) {
            assert_eq!(
                obs.hands[usize::from(other)],
                Some(CardSet::single(cards[usize::from(other)]))
            );
        }
        assert!(!obs.visible_cards().contains(cards[usize::from(viewer)]));
        assert!(obs.blind);
        // Resampling keeps everything the viewer sees and never hands them a seen card.
        let mut rng = seeded_rng(u64::from(viewer));
        for _ in 0..20 {
            let re = DevilsHand::resample(&obs, &mut rng).unwrap();
            let again = re.observation(p(viewer));
            assert_eq!(again.hands, obs.hands);
            assert_eq!(again.turned_up, obs.turned_up);
            let own = re.hands()[p(viewer)];
            assert_eq!(own.len(), 1);
            assert!(own.is_disjoint(obs.visible_cards()));
            assert!(!own.contains(obs.turned_up.unwrap()));
        }
    }
    // Bid blind, then the forced play: no legal action ever names the holder's card.
    for i in 0..3 {
        bid(&mut h, i, 0);
        assert!(
            h.legal_actions(p(i))
                .iter()
                .all(|a| !matches!(a, Action::Card(_)))
        );
    }
    bid(&mut h, 3, 0);
    assert_eq!(h.legal_actions(p(0)), vec![Action::PlayBlind]);
    // Guessing a card teaches nothing: the right card and a wrong one get the same
    // refusal, and the hand is unchanged.
    let before = h.clone();
    let wrong = Deck::Standard
        .cards()
        .iter()
        .find(|c| !cards.contains(c))
        .unwrap();
    let right_err = h.try_apply(p(0), Action::Card(cards[0])).unwrap_err();
    let wrong_err = h.try_apply(p(0), Action::Card(wrong)).unwrap_err();
    assert_eq!(right_err, wrong_err);
    assert!(!right_err.to_string().contains(&cards[0].to_string()));
    assert_eq!(h, before);
    // Out of turn, the blind play is refused too.
    assert!(h.try_apply(p(1), Action::PlayBlind).is_err());
    h.try_apply(p(0), Action::PlayBlind).unwrap();
    // Once played, the card is public, the holder's observation included; the record
    // keeps the blind play as it was made, views show its card.
    let obs = h.observation(p(0));
    assert_eq!(obs.trick.unwrap().cards(), &[cards[0]]);
    assert_eq!(h.history().last().unwrap().action, Action::PlayBlind);
    assert_eq!(obs.history.last().unwrap().action, Action::Card(cards[0]));
    for i in 1..4 {
        for j in 0..4 {
            let expected = if i == j {
                vec![Action::PlayBlind]
            } else {
                vec![]
            };
            assert_eq!(h.legal_actions(p(j)), expected, "player {j} at play {i}");
        }
        h.try_apply(p(i), Action::PlayBlind).unwrap();
    }
    assert_eq!(h.phase(), Phase::Finished);
    let played: Vec<Action> = h.observation(p(2)).history[4..]
        .iter()
        .map(|m| m.action)
        .collect();
    assert_eq!(
        played,
        cards.iter().map(|&c| Action::Card(c)).collect::<Vec<_>>()
    );
}

#[test]
fn a_named_card_or_a_blind_play_in_the_wrong_hand_is_refused() {
    // A hand that is not blind takes named cards, not "blind".
    let setup = HandSetup::seeded(DevilsBridgeOptions::for_players(3), 1, 2, Some(p(2)), false);
    let mut h = DevilsHand::from_setup(setup).unwrap();
    for i in 0..3 {
        let b = h.legal_actions(p(i))[0];
        h.try_apply(p(i), b).unwrap();
    }
    let err = h.try_apply(p(0), Action::PlayBlind).unwrap_err();
    assert!(err.to_string().contains("this hand is not blind"), "{err}");
}

#[test]
fn both_scoring_methods() {
    for (bid, tricks, plus, exact) in [
        (3, 3, 13, 13),
        (3, 2, 2, 0),
        (0, 0, 10, 10),
        (0, 2, 2, 0),
        (10, 10, 20, 20),
    ] {
        assert_eq!(
            hand_points(DevilsScoring::TricksPlusBonus, bid, tricks),
            plus
        );
        assert_eq!(hand_points(DevilsScoring::ExactOnly, bid, tricks), exact);
    }
    // A played hand scores through the same function.
    let mut options = DevilsBridgeOptions::for_players(3);
    options.scoring = DevilsScoring::ExactOnly;
    let mut h = hand_with(options, 1, 2, false);
    // Player 0: C2, player 1: C3, player 2: C4; trump C5: player 2 wins with C4.
    bid(&mut h, 0, 0);
    bid(&mut h, 1, 1);
    bid(&mut h, 2, 1);
    for (i, c) in ["C2", "C3", "C4"].iter().enumerate() {
        h.try_apply(p(i as u8), c.parse().unwrap()).unwrap();
    }
    assert_eq!(h.points(), Some(vec![10, 0, 11]));
    assert_eq!(h.outcome().unwrap().points, vec![10, 0, 11]);
}

/// Plays a game with the first legal action of the first player to act: no changes of
/// bid, so each game is one fixed line.
fn play_first(game: &mut DevilsMatch) {
    while let Some((player, action)) = first_move(game) {
        game.try_apply(player, action).unwrap();
    }
}

/// The first bid or card of the players to act (never a change, which would loop).
fn first_move(game: &DevilsMatch) -> Option<(Player, Action)> {
    game.to_act().iter().find_map(|player| {
        game.legal_actions(player)
            .into_iter()
            .find(|a| !matches!(a, Action::ChangeBid(_)))
            .map(|a| (player, a))
    })
}

#[test]
fn series_lengths_for_each_table_size() {
    for (players, hands) in [(3u8, 19usize), (4, 19), (5, 19), (6, 15), (7, 13)] {
        for order in [HandOrder::UpDown, HandOrder::DownUp] {
            let mut options = DevilsBridgeOptions::for_players(players);
            options.target_score = None;
            options.hand_order = order;
            let mut game = DevilsMatch::new(options, u64::from(players)).unwrap();
            play_first(&mut game);
            let sheet = game.sheet();
            assert_eq!(sheet.len(), hands, "{players} players, {order:?}");
            let blind: Vec<usize> = sheet.iter().filter(|r| r.blind).map(|r| r.number).collect();
            let expected = match order {
                HandOrder::UpDown => hands,
                HandOrder::DownUp => hands / 2 + 1,
            };
            assert_eq!(blind, vec![expected]);
            // The deal rotates clockwise from the seed's first dealer.
            for (k, r) in sheet.iter().enumerate() {
                assert_eq!(
                    r.dealer,
                    game.first_dealer().offset(k, usize::from(players))
                );
                assert!(r.trump_card.is_some());
            }
            let totals: Vec<u32> = (0..usize::from(players))
                .map(|i| sheet.iter().map(|r| r.points[i]).sum())
                .collect();
            assert_eq!(totals, game.totals());
        }
    }
}

#[test]
fn blind_one_card_hands_all_and_none() {
    for (blind, count) in [(BlindHands::All, 2), (BlindHands::None, 0)] {
        let mut options = DevilsBridgeOptions::for_players(5);
        options.target_score = None;
        options.blind_one_card_hands = blind;
        let mut game = DevilsMatch::new(options, 9).unwrap();
        play_first(&mut game);
        assert_eq!(game.sheet().iter().filter(|r| r.blind).count(), count);
    }
}

#[test]
fn a_target_score_ends_the_game_after_the_hand_that_reaches_it() {
    for seed in 0..20 {
        let mut options = DevilsBridgeOptions::for_players(4);
        options.target_score = Some(30);
        let mut game = DevilsMatch::new(options, seed).unwrap();
        play_first(&mut game);
        let sheet = game.sheet();
        let mut totals = [0u32; 4];
        for (k, r) in sheet.iter().enumerate() {
            for (total, points) in totals.iter_mut().zip(&r.points) {
                *total += points;
            }
            let reached = totals.iter().any(|&t| t >= 30);
            assert_eq!(reached, k + 1 == sheet.len(), "seed {seed}, hand {}", k + 1);
        }
    }
}

/// Finds a seed whose first hand, played as `play_first` plays it, leaves a shared lead
/// at or above the target of 1.
fn tied_seed(tie_break: TieBreak) -> (DevilsMatch, u64) {
    for seed in 0..500 {
        let mut options = DevilsBridgeOptions::for_players(3);
        options.target_score = Some(1);
        options.tie_break = tie_break;
        let mut game = DevilsMatch::new(options, seed).unwrap();
        let mut first = game.clone();
        // Play just the first hand.
        while first.finished_hands().is_empty() {
            let (player, action) = first_move(&first).unwrap();
            first.try_apply(player, action).unwrap();
        }
        if first.leaders().len() > 1 {
            play_first(&mut game);
            return (game, seed);
        }
    }
    panic!("no tied first hand in 500 seeds");
}

#[test]
fn ties_are_shared_by_default() {
    let (game, seed) = tied_seed(TieBreak::Shared);
    assert_eq!(game.sheet().len(), 1, "seed {seed}");
    assert!(game.winners().unwrap().len() > 1);
}

#[test]
fn extra_max_hands_break_ties() {
    let (game, seed) = tied_seed(TieBreak::ExtraMaxHands);
    let sheet = game.sheet();
    assert!(sheet.len() > 1, "seed {seed}");
    // The extra hands have the maximum size and end at the first clear winner.
    assert!(sheet[1..].iter().all(|r| r.size == 10));
    assert_eq!(game.winners().unwrap().len(), 1);
    let mut totals = [0u32; 3];
    for (k, r) in sheet.iter().enumerate() {
        for (total, points) in totals.iter_mut().zip(&r.points) {
            *total += points;
        }
        let best = *totals.iter().max().unwrap();
        let clear = totals.iter().filter(|&&t| t == best).count() == 1;
        assert_eq!(clear, k + 1 == sheet.len());
    }
}

#[test]
fn extra_max_hands_after_a_full_series() {
    // Without a target the series plays out; a tie at its end is broken the same way.
    for seed in 0..300 {
        let mut options = DevilsBridgeOptions::for_players(3);
        options.target_score = None;
        options.max_hand = Some(1);
        options.tie_break = TieBreak::ExtraMaxHands;
        let mut game = DevilsMatch::new(options, seed).unwrap();
        play_first(&mut game);
        let sheet = game.sheet();
        assert_eq!(game.winners().unwrap().len(), 1);
        if sheet.len() > 1 {
            // The one hand of the series was blind (the final one-card hand); the extra
            // one-card hands are not.
            assert!(sheet[0].blind && sheet[1..].iter().all(|r| !r.blind));
            return;
        }
    }
    panic!("no tied series in 300 seeds");
}

#[test]
fn the_history_replays_to_the_same_game() {
    let mut options = DevilsBridgeOptions::for_players(6);
    options.target_score = None;
    let mut game = DevilsMatch::new(options.clone(), 5).unwrap();
    play_first(&mut game);
    let replayed = DevilsMatch::replay(options, 5, game.history()).unwrap();
    assert_eq!(replayed, game);
}

#[test]
fn options_are_validated_and_name_the_key() {
    let bad = [
        (serde_json::json!({"players": 8}), "players"),
        (serde_json::json!({"players": 2}), "players"),
        (
            serde_json::json!({"players": 5, "max_hand": 11}),
            "max_hand",
        ),
        (serde_json::json!({"scoring": "exact"}), "scoring"),
        (serde_json::json!({"tie_break": "coin"}), "tie_break"),
        (serde_json::json!({"blind": true}), "blind"),
        (serde_json::json!({"target_score": "100"}), "target_score"),
    ];
    for (json, key) in bad {
        let err = DevilsBridgeOptions::from_json(&json).unwrap_err();
        assert!(err.contains(key), "{json}: {err}");
    }
    let ok = DevilsBridgeOptions::from_json(&serde_json::json!({
        "players": 7, "hand_order": "down_up", "max_hand": 7, "allow_bid_changes": false,
        "blind_one_card_hands": "all", "scoring": "exact_only", "target_score": null,
        "tie_break": "extra_max_hands"
    }))
    .unwrap();
    assert_eq!(ok.max_hand_size(), 7);
    assert_eq!(ok.target_score, None);
    assert_eq!(DevilsBridgeOptions::from_json(&ok.to_json()).unwrap(), ok);
}

#[test]
fn a_hand_without_a_card_to_turn_has_no_trumps() {
    // 4 × 13 = 52: nothing left to turn up.
    let setup = HandSetup::seeded(DevilsBridgeOptions::for_players(4), 1, 13, None, false);
    assert_eq!(setup.trump_card, None);
    let h = DevilsHand::from_setup(setup).unwrap();
    assert_eq!(h.play().rules().trump, None);
}

#[test]
fn bids_and_changes_print_and_parse_beside_the_old_notation() {
    for n in 0..=52u8 {
        for action in [Action::Bid(n), Action::ChangeBid(n)] {
            assert_eq!(action.to_string().parse::<Action>().unwrap(), action);
        }
    }
    assert_eq!("CHANGE 4".parse::<Action>().unwrap(), Action::ChangeBid(4));
    for bad in [
        "change",
        "change3",
        "change x",
        "53",
        "-1",
        "3 4",
        "change 53",
    ] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
    // The bridge notation is unchanged.
    for (text, shown) in [
        ("1NT", "1NT"),
        ("pass", "P"),
        ("XX", "XX"),
        ("SA", "SA"),
        ("h10", "HT"),
    ] {
        assert_eq!(text.parse::<Action>().unwrap().to_string(), shown);
    }
    assert!(matches!("1C".parse::<Action>().unwrap(), Action::Call(_)));
    assert!(matches!(
        "JKS".parse::<Action>().unwrap(),
        Action::NamedJoker(_)
    ));
}

#[test]
fn the_default_options_have_no_target_score() {
    // RULES.md H1: no target by default, so the final blind hand, the game's signature,
    // is always dealt (at the old default of 100 a 7-player game ended before it).
    assert_eq!(DevilsBridgeOptions::default().target_score, None);
    for players in 3..=7 {
        let options = DevilsBridgeOptions::for_players(players);
        assert_eq!(options.target_score, None, "{players} players");
    }
    // Options read from JSON without the key take the same default; the written form
    // says `null`, so a stored table reads back the same.
    let read = DevilsBridgeOptions::from_json(&serde_json::json!({"players": 5})).unwrap();
    assert_eq!(read.target_score, None);
    assert_eq!(read.to_json()["target_score"], serde_json::Value::Null);
}

#[test]
fn a_default_series_plays_through_to_its_final_blind_hand() {
    // Series lengths of RULES.md §3.1: 2M − 1 hands, M = 10, 10, 10, 8, 7.
    for (players, hands) in [(3u8, 19usize), (4, 19), (5, 19), (6, 15), (7, 13)] {
        for seed in 0..3 {
            let options = DevilsBridgeOptions::for_players(players);
            let mut game = DevilsMatch::new(options, seed).unwrap();
            play_first(&mut game);
            let sheet = game.sheet();
            let at = format!("{players} players, seed {seed}");
            assert_eq!(
                sheet.len(),
                hands,
                "{at}: every hand of the series is played"
            );
            let last = sheet.last().unwrap();
            assert!(last.blind && last.size == 1, "{at}: the last hand is blind");
            assert!(game.winners().is_some(), "{at}: the game is over");
        }
    }
}
