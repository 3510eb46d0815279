//! Acceptance tests for the play of a Contract Bridge deal (RULES.md §0 and §1.3, Laws
//! 41–45): hand-made deals played card by card, with every trick, error and view checked
//! against values worked out by hand.

use tenace_cards::{BySeat, Card, CardSet, Player, Seat, Suit};
use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup, BridgeVariant, DealResult};
use tenace_rules::trick::PlayError;
use tenace_rules::{Action, Call, Contract, Game, IllegalAction, Phase, Vulnerability};

const N: Seat = Seat::North;
const E: Seat = Seat::East;
const S: Seat = Seat::South;
const W: Seat = Seat::West;

fn p(seat: Seat) -> Player {
    Player::from(seat)
}

fn cards(text: &str) -> CardSet {
    text.parse()
        .unwrap_or_else(|e| panic!("bad cards {text}: {e}"))
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn act(text: &str) -> Action {
    text.parse().unwrap()
}

fn to_act(deal: &BridgeDeal) -> Vec<Player> {
    deal.to_act().iter().collect()
}

/// The deal most tests play. North declares 4S; South, dummy, is void in clubs; West is
/// void in hearts.
fn main_hands() -> BySeat<CardSet> {
    BySeat([
        cards("SA SK SQ SJ S9 HA HK H2 DA D2 CA C3 C2"),
        cards("S8 S7 HQ HJ HT H9 DK DQ DJ DT CK CQ CJ"),
        cards("ST S6 S5 S4 H8 H7 H6 H5 H4 H3 D9 D8 D7"),
        cards("S3 S2 D6 D5 D4 D3 CT C9 C8 C7 C6 C5 C4"),
    ])
}

fn new_deal(hands: BySeat<CardSet>, dealer: Seat, vulnerability: Vulnerability) -> BridgeDeal {
    BridgeDeal::from_setup(BridgeSetup {
        variant: BridgeVariant::Standard,
        hands,
        dealer,
        vulnerability,
        options: BridgeOptions::default(),
    })
    .expect("a valid hand-made deal")
}

/// Makes the calls in turn from the dealer.
fn bid(deal: &mut BridgeDeal, calls: &[&str]) {
    let dealer = deal.setup().dealer;
    for (i, &text) in calls.iter().enumerate() {
        deal.try_apply(p(dealer.offset(i)), act(text))
            .unwrap_or_else(|e| panic!("call {text}: {e}"));
    }
}

/// The main deal after the auction N 1S, S 3S, N 4S: North declares, East to lead.
fn main_deal_in_play() -> BridgeDeal {
    let mut deal = new_deal(main_hands(), N, Vulnerability::NorthSouth);
    bid(&mut deal, &["1S", "P", "3S", "P", "4S", "P", "P", "P"]);
    assert_eq!(deal.phase(), Phase::Play);
    assert_eq!(deal.contract(), Some(("4S".parse().unwrap(), N)));
    deal
}

/// The whole play of the main deal: each trick's cards from its leader round, with the
/// seat that wins it, worked out by hand.
const MAIN_PLAY: [(Seat, [&str; 4], Seat); 13] = [
    (E, ["HQ", "H3", "C4", "HA"], N), // West, void in hearts, discards
    (N, ["H2", "HJ", "H4", "S2"], W), // West ruffs
    (W, ["C5", "C2", "CK", "S4"], S), // dummy ruffs
    (S, ["D7", "D3", "DA", "DT"], N),
    (N, ["SA", "S7", "S5", "S3"], N),
    (N, ["SK", "S8", "S6", "C6"], N),
    (N, ["HK", "H9", "H5", "C7"], N),
    (N, ["SQ", "CJ", "ST", "C8"], N), // the higher trump wins
    (N, ["SJ", "CQ", "H6", "C9"], N),
    (N, ["S9", "HT", "H7", "CT"], N),
    (N, ["CA", "DJ", "H8", "D4"], N),
    (N, ["C3", "DQ", "D8", "D5"], N), // a low club wins: nobody follows or ruffs
    (N, ["D2", "DK", "D9", "D6"], E),
];

/// Who acts for a seat: declarer for dummy.
fn actor(seat: Seat, declarer: Seat) -> Seat {
    if seat == declarer.partner() {
        declarer
    } else {
        seat
    }
}

/// Every seat's visible hand in `viewer`'s observation must be exactly `visible(seat)`.
fn assert_visibility(deal: &BridgeDeal, viewer: Seat, visible: impl Fn(Seat) -> bool) {
    let obs = deal.observation(p(viewer));
    let full = deal.full_view();
    assert_eq!(obs.viewer, Some(p(viewer)));
    for seat in Seat::ALL {
        let want = visible(seat).then(|| deal.hands()[seat]);
        assert_eq!(
            obs.hands[seat.index()],
            want,
            "{viewer} looking at {seat} after {} moves",
            deal.history().len()
        );
        assert_eq!(full.hands[seat.index()], Some(deal.hands()[seat]));
    }
    assert_eq!(obs.hand_sizes, full.hand_sizes);
    assert_eq!(obs.history, full.history);
}

fn assert_refused_unchanged(deal: &mut BridgeDeal, seat: Seat, action: Action) -> IllegalAction {
    let view = deal.full_view();
    let history = deal.history().to_vec();
    let observations: Vec<_> = Seat::ALL.map(|s| deal.observation(p(s))).to_vec();
    let before = deal.clone();
    let err = deal
        .try_apply(p(seat), action)
        .expect_err(&format!("{seat} {action} should be refused"));
    assert_eq!(deal.full_view(), view, "{seat} {action}: {err}");
    assert_eq!(deal.history(), &history[..], "{seat} {action}: {err}");
    for s in Seat::ALL {
        assert_eq!(deal.observation(p(s)), observations[s.index()]);
    }
    assert_eq!(*deal, before);
    err
}

// ---------------------------------------------------------------------------------------

#[test]
fn the_setup_is_checked() {
    let mut hands = main_hands();
    hands[N].remove(card("SA"));
    hands[E].insert(card("SA"));
    let err = BridgeDeal::from_setup(BridgeSetup {
        variant: BridgeVariant::Standard,
        hands,
        dealer: N,
        vulnerability: Vulnerability::None,
        options: BridgeOptions::default(),
    })
    .unwrap_err();
    // North is a card short and East a card over.
    assert_eq!(err.0.len(), 2, "{err}");
    assert!(err.0[0].contains("12") && err.0[1].contains("14"), "{err}");
    let mut hands = main_hands();
    hands[W] = hands[N];
    let err = BridgeDeal::from_setup(BridgeSetup {
        variant: BridgeVariant::Standard,
        hands,
        dealer: N,
        vulnerability: Vulnerability::None,
        options: BridgeOptions::default(),
    })
    .unwrap_err();
    // West holds North's cards: one problem, naming West.
    assert_eq!(err.0.len(), 1, "{err}");
    assert!(err.0[0].starts_with('W'), "{err}");
}

#[test]
fn the_opening_lead_is_made_from_declarers_left() {
    for declarer in Seat::ALL {
        // Declarer opens 1NT as dealer and everybody passes.
        let mut deal = new_deal(main_hands(), declarer, Vulnerability::None);
        bid(&mut deal, &["1NT", "P", "P", "P"]);
        assert_eq!(deal.contract(), Some(("1NT".parse().unwrap(), declarer)));
        let leader = declarer.lho();
        assert_eq!(to_act(&deal), vec![p(leader)], "declarer {declarer}");
        // Any card may be led.
        let legal: CardSet = deal
            .legal_actions(p(leader))
            .into_iter()
            .map(|a| match a {
                Action::Card(c) => c,
                other => panic!("{other} in play"),
            })
            .collect();
        assert_eq!(legal, main_hands()[leader]);
        for other in [declarer, declarer.partner(), declarer.rho()] {
            assert!(deal.legal_actions(p(other)).is_empty());
            let held = deal.hands()[other].lowest().unwrap();
            let err = assert_refused_unchanged(&mut deal, other, Action::Card(held));
            assert!(matches!(err, IllegalAction::NotToAct { .. }), "{err:?}");
        }
        let lead = main_hands()[leader].highest().unwrap();
        deal.try_apply(p(leader), Action::Card(lead)).unwrap();
        assert_eq!(deal.play().unwrap().current().leader(), p(leader));
    }
    // East-West declare: West bid spades first, so North leads.
    let mut deal = new_deal(main_hands(), E, Vulnerability::None);
    bid(&mut deal, &["P", "P", "1S", "P", "2S", "P", "P", "P"]);
    assert_eq!(deal.contract(), Some(("2S".parse().unwrap(), W)));
    assert_eq!(to_act(&deal), vec![p(N)]);
}

#[test]
fn dummy_is_hidden_until_the_opening_lead_then_shown_to_everyone() {
    let mut deal = new_deal(main_hands(), N, Vulnerability::NorthSouth);
    for text in ["1S", "P", "3S", "P", "4S", "P", "P", "P"] {
        for viewer in Seat::ALL {
            assert_visibility(&deal, viewer, |seat| seat == viewer);
        }
        let who = to_act(&deal)[0];
        deal.try_apply(who, act(text)).unwrap();
    }
    // The auction is over and dummy is known, but the opening lead has not been made.
    assert_eq!(deal.phase(), Phase::Play);
    for viewer in Seat::ALL {
        assert_visibility(&deal, viewer, |seat| seat == viewer);
        let obs = deal.observation(p(viewer));
        assert_eq!(obs.dummy, Some(p(S)));
        assert_eq!(obs.declarer, Some(p(N)));
        // Declarer does not see dummy yet, nor does the opening leader.
        if viewer != S {
            assert_eq!(obs.hands[S.index()], None);
        }
    }
    deal.try_apply(p(E), act("HQ")).unwrap();
    // After the opening lead dummy is face up for everyone, and nothing else is.
    for (i, (leader, trick, _)) in MAIN_PLAY.iter().enumerate() {
        for (j, text) in trick.iter().enumerate() {
            if i == 0 && j == 0 {
                continue;
            }
            for viewer in Seat::ALL {
                assert_visibility(&deal, viewer, |seat| seat == viewer || seat == S);
            }
            let seat = leader.offset(j);
            deal.try_apply(p(actor(seat, N)), act(text)).unwrap();
        }
    }
    assert_eq!(deal.phase(), Phase::Finished);
    for viewer in Seat::ALL {
        assert_visibility(&deal, viewer, |seat| seat == viewer || seat == S);
    }
}

#[test]
fn declarer_plays_dummys_cards() {
    let mut deal = main_deal_in_play();
    deal.try_apply(p(E), act("HQ")).unwrap();
    // Dummy's turn: declarer acts, not dummy.
    assert_eq!(to_act(&deal), vec![p(N)]);
    assert!(!deal.to_act().contains(p(S)));
    assert!(deal.legal_actions(p(S)).is_empty());
    assert_eq!(
        deal.legal_actions(p(N)),
        ["H3", "H4", "H5", "H6", "H7", "H8"].map(act).to_vec(),
        "declarer's choices are dummy's hearts"
    );
    let err = assert_refused_unchanged(&mut deal, S, act("H3"));
    assert!(
        err.to_string().contains("declarer plays dummy's cards"),
        "{err}"
    );
    assert!(matches!(err, IllegalAction::NotToAct { .. }));
    // Declarer may not play a card of their own hand on dummy's turn.
    let err = assert_refused_unchanged(&mut deal, N, act("HA"));
    assert!(
        matches!(err, IllegalAction::Play(PlayError::NotHeld(_))),
        "{err:?}"
    );
    // Defenders may not play for dummy either.
    for defender in [E, W] {
        assert_refused_unchanged(&mut deal, defender, act("H3"));
    }
    deal.try_apply(p(N), act("H3")).unwrap();
    let last = *deal.history().last().unwrap();
    assert_eq!(last.player, p(N), "the record names declarer");
    assert_eq!(last.action, act("H3"));
    assert!(!deal.hands()[S].contains(card("H3")));
    assert_eq!(deal.hands()[S].len(), 12);
    assert_eq!(deal.hands()[N].len(), 13);
    // West's turn now, then North's own.
    assert_eq!(to_act(&deal), vec![p(W)]);
    deal.try_apply(p(W), act("C4")).unwrap();
    assert_eq!(to_act(&deal), vec![p(N)]);
    assert_eq!(
        deal.legal_actions(p(N)),
        ["H2", "HK", "HA"].map(act).to_vec()
    );
}

#[test]
fn a_player_must_follow_suit_law_44c() {
    let mut deal = main_deal_in_play();
    deal.try_apply(p(E), act("HQ")).unwrap();
    // Dummy holds hearts: a diamond or a trump is refused.
    for text in ["D9", "S4"] {
        let err = assert_refused_unchanged(&mut deal, N, act(text));
        assert_eq!(
            err,
            IllegalAction::Play(PlayError::MustFollow {
                card: card(text),
                suit: Suit::Hearts
            })
        );
        assert!(err.to_string().contains("Law 44C"), "{err}");
    }
    deal.try_apply(p(N), act("H3")).unwrap();
    deal.try_apply(p(W), act("C4")).unwrap();
    // North holds hearts too: a spade is refused.
    let err = assert_refused_unchanged(&mut deal, N, act("SA"));
    assert!(err.to_string().contains("Law 44C"), "{err}");
    deal.try_apply(p(N), act("HA")).unwrap();
    // Trick 2 is led by North; at trick 3 West leads a club, which North must follow.
    for text in ["H2", "HJ", "H4", "S2", "C5"] {
        let who = to_act(&deal)[0];
        deal.try_apply(who, act(text)).unwrap();
    }
    for text in ["SA", "HK", "DA"] {
        let err = assert_refused_unchanged(&mut deal, N, act(text));
        assert!(
            matches!(
                err,
                IllegalAction::Play(PlayError::MustFollow {
                    suit: Suit::Clubs,
                    ..
                })
            ),
            "{err:?}"
        );
    }
    assert_eq!(
        deal.legal_actions(p(N)),
        ["C2", "C3", "CA"].map(act).to_vec()
    );
}

#[test]
fn a_void_player_may_discard_or_ruff() {
    let mut deal = main_deal_in_play();
    deal.try_apply(p(E), act("HQ")).unwrap();
    deal.try_apply(p(N), act("H3")).unwrap();
    // West has no heart: every card of the hand is legal.
    let legal: CardSet = deal
        .legal_actions(p(W))
        .into_iter()
        .map(|a| match a {
            Action::Card(c) => c,
            other => panic!("{other}"),
        })
        .collect();
    assert_eq!(legal, main_hands()[W]);
    // A discard is accepted and loses to the ace.
    deal.try_apply(p(W), act("C4")).unwrap();
    let events = deal.try_apply(p(N), act("HA")).unwrap();
    assert_eq!(events.trick_won, Some(p(N)));
    // A ruff is accepted and wins.
    for text in ["H2", "HJ", "H4"] {
        let who = to_act(&deal)[0];
        deal.try_apply(who, act(text)).unwrap();
    }
    let events = deal.try_apply(p(W), act("S2")).unwrap();
    assert_eq!(events.trick_won, Some(p(W)));
    assert_eq!(
        deal.full_view().shown_void,
        vec![0, 0, 0, 1 << Suit::Hearts.index()]
    );
}

#[test]
fn every_trick_goes_to_the_highest_trump_else_the_highest_of_the_led_suit() {
    let mut deal = main_deal_in_play();
    let mut won = [0u8; 4];
    for (i, &(leader, trick, winner)) in MAIN_PLAY.iter().enumerate() {
        // The winner of the last trick leads this one.
        assert_eq!(to_act(&deal), vec![p(actor(leader, N))], "trick {}", i + 1);
        assert_eq!(deal.play().unwrap().current().leader(), p(leader));
        assert!(deal.play().unwrap().current().is_empty());
        for (j, text) in trick.iter().enumerate() {
            let seat = leader.offset(j);
            let events = deal.try_apply(p(actor(seat, N)), act(text)).unwrap();
            if j < 3 {
                assert_eq!(events.trick_won, None);
                let view = deal.full_view();
                assert_eq!(view.trick.unwrap().cards().len(), j + 1);
            } else {
                assert_eq!(events.trick_won, Some(p(winner)), "trick {}", i + 1);
                won[winner.index()] += 1;
                assert_eq!(
                    events.new_phase,
                    (i == 12).then_some(Phase::Finished),
                    "trick {}",
                    i + 1
                );
            }
        }
        let done = deal.play().map(|p| p.completed().len());
        if i < 12 {
            assert_eq!(done, Some(i + 1));
            assert_eq!(deal.full_view().tricks_won, won.to_vec());
        }
    }
    assert_eq!(won, [10, 1, 1, 1]);
    assert_eq!(deal.full_view().tricks_won, vec![10, 1, 1, 1]);
}

#[test]
fn thirteen_tricks_make_the_result_and_the_duplicate_score() {
    let mut deal = main_deal_in_play();
    for &(leader, trick, _) in &MAIN_PLAY {
        for (j, text) in trick.iter().enumerate() {
            deal.try_apply(p(actor(leader.offset(j), N)), act(text))
                .unwrap();
        }
    }
    assert_eq!(deal.phase(), Phase::Finished);
    assert!(deal.to_act().is_empty());
    for seat in Seat::ALL {
        assert!(deal.hands()[seat].is_empty());
        assert!(deal.legal_actions(p(seat)).is_empty());
    }
    assert_eq!(
        deal.result(),
        Some(DealResult {
            contract: "4S".parse().unwrap(),
            declarer: N,
            tricks: 11,
        })
    );
    assert_eq!(deal.history().len(), 8 + 52);
    // 4S by North, vulnerable, 11 tricks: 4 × 30 trick score, one overtrick of 30, and the
    // vulnerable game premium of 500.
    let want = 4 * 30 + 30 + 500;
    assert_eq!(deal.score_ns(), Some(want));
    assert_eq!(deal.full_view().score, Some(want));
    assert_eq!(
        deal.outcome().unwrap().points,
        vec![want, -want, want, -want]
    );
    // Nothing more can be done.
    let err = assert_refused_unchanged(&mut deal, N, Action::Call(Call::Pass));
    assert!(matches!(err, IllegalAction::NotToAct { .. }), "{err:?}");
}

/// North holds every spade, East every heart, South every diamond, West every club.
fn one_suit_each(first: Seat) -> BySeat<CardSet> {
    let mut hands = BySeat::<CardSet>::default();
    for (k, suit) in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]
        .into_iter()
        .enumerate()
    {
        hands[first.offset(k)] = CardSet::full_suit(suit);
    }
    hands
}

/// Plays out a deal with the lowest legal card each time.
fn play_lowest(deal: &mut BridgeDeal) {
    while let Some(who) = deal.to_act().iter().next() {
        let action = deal.legal_actions(who)[0];
        deal.try_apply(who, action).unwrap();
    }
}

#[test]
fn a_grand_slam_by_north_scores_for_north_south() {
    let mut deal = new_deal(one_suit_each(N), N, Vulnerability::None);
    bid(&mut deal, &["7S", "P", "P", "P"]);
    assert_eq!(to_act(&deal), vec![p(E)]);
    play_lowest(&mut deal);
    assert_eq!(
        deal.result(),
        Some(DealResult {
            contract: "7S".parse().unwrap(),
            declarer: N,
            tricks: 13,
        })
    );
    assert_eq!(deal.full_view().tricks_won, vec![13, 0, 0, 0]);
    // 7 × 30, the non-vulnerable game premium 300 and grand slam 1000.
    assert_eq!(deal.score_ns(), Some(210 + 300 + 1000));
}

#[test]
fn a_redoubled_grand_slam_by_east_scores_against_north_south() {
    let mut deal = new_deal(one_suit_each(E), E, Vulnerability::Both);
    bid(&mut deal, &["7S", "X", "XX", "P", "P", "P"]);
    let contract: Contract = "7SXX".parse().unwrap();
    assert_eq!(deal.contract(), Some((contract, E)));
    assert_eq!(to_act(&deal), vec![p(S)]);
    play_lowest(&mut deal);
    assert_eq!(deal.result().unwrap().tricks, 13);
    assert_eq!(deal.full_view().tricks_won, vec![0, 13, 0, 0]);
    // 7 × 30 × 4 = 840, vulnerable game 500, grand slam 1500, redoubled insult 100.
    let want = -(840 + 500 + 1500 + 100);
    assert_eq!(deal.score_ns(), Some(want));
    assert_eq!(
        deal.outcome().unwrap().points,
        vec![want, -want, want, -want]
    );
}

#[test]
fn a_passed_out_deal_finishes_with_score_zero() {
    let mut deal = new_deal(main_hands(), W, Vulnerability::Both);
    for seat in [W, N, E] {
        deal.try_apply(p(seat), act("P")).unwrap();
        assert_eq!(deal.phase(), Phase::Auction);
    }
    let events = deal.try_apply(p(S), act("P")).unwrap();
    assert_eq!(events.new_phase, Some(Phase::Finished));
    assert_eq!(deal.phase(), Phase::Finished);
    assert!(deal.is_passed_out());
    assert_eq!(deal.result(), None);
    assert_eq!(deal.contract(), None);
    assert_eq!(deal.score_ns(), Some(0));
    assert_eq!(deal.outcome().unwrap().points, vec![0, 0, 0, 0]);
    assert!(deal.to_act().is_empty());
    let view = deal.full_view();
    assert_eq!(view.tricks_won, vec![0, 0, 0, 0]);
    assert_eq!(view.score, Some(0));
    assert_eq!(view.contract, None);
    assert_eq!(view.declarer, None);
    // Nobody's cards are shown to anybody else.
    for viewer in Seat::ALL {
        assert_visibility(&deal, viewer, |seat| seat == viewer);
    }
    assert_refused_unchanged(&mut deal, N, act("P"));
    assert_refused_unchanged(&mut deal, N, act("SA"));
}

#[test]
fn refused_actions_leave_the_deal_unchanged() {
    let mut deal = new_deal(main_hands(), N, Vulnerability::NorthSouth);
    // A card during the auction.
    let err = assert_refused_unchanged(&mut deal, N, act("SA"));
    assert!(
        matches!(
            err,
            IllegalAction::WrongPhase {
                phase: Phase::Auction,
                ..
            }
        ),
        "{err:?}"
    );
    bid(&mut deal, &["1S", "P", "3S", "P", "4S", "P", "P", "P"]);
    // A call during play, by the player on lead and by others.
    for seat in Seat::ALL {
        let err = assert_refused_unchanged(&mut deal, seat, act("P"));
        assert!(
            matches!(
                err,
                IllegalAction::WrongPhase {
                    phase: Phase::Play,
                    ..
                }
            ),
            "{seat}: {err:?}"
        );
    }
    // A card the leader does not hold: North's ace, and a card of dummy's.
    for text in ["SA", "D9"] {
        let err = assert_refused_unchanged(&mut deal, E, act(text));
        assert_eq!(err, IllegalAction::Play(PlayError::NotHeld(card(text))));
    }
    // Cards out of turn, held or not.
    assert_refused_unchanged(&mut deal, W, act("C4"));
    assert_refused_unchanged(&mut deal, N, act("SA"));
    assert_refused_unchanged(&mut deal, S, act("H3"));
    deal.try_apply(p(E), act("HQ")).unwrap();
    // Mid-trick: not following, not held, out of turn.
    assert_refused_unchanged(&mut deal, N, act("D9"));
    assert_refused_unchanged(&mut deal, N, act("HQ"));
    assert_refused_unchanged(&mut deal, W, act("C4"));
    assert_refused_unchanged(&mut deal, E, act("HJ"));
    assert_refused_unchanged(&mut deal, N, act("1NT"));
    assert_eq!(deal.history().len(), 9);
}

#[test]
fn the_trick_in_progress_and_the_record_are_public() {
    let mut deal = main_deal_in_play();
    for text in ["HQ", "H3", "C4"] {
        let who = to_act(&deal)[0];
        deal.try_apply(who, act(text)).unwrap();
    }
    for viewer in Seat::ALL {
        let obs = deal.observation(p(viewer));
        let trick = obs.trick.expect("play has begun");
        assert_eq!(trick.cards(), &["HQ", "H3", "C4"].map(card)[..]);
        assert_eq!(trick.leader(), p(E));
        assert_eq!(obs.history.len(), 11);
        assert_eq!(obs.hand_sizes, vec![13, 12, 12, 12]);
        assert_eq!(obs.to_act, deal.to_act());
        assert_eq!(obs.shown_void[W.index()], 1 << Suit::Hearts.index());
    }
}

#[test]
fn shown_voids_survive_the_last_trick() {
    let mut deal = main_deal_in_play();
    for &(leader, trick, _) in &MAIN_PLAY {
        for (j, text) in trick.iter().enumerate() {
            deal.try_apply(p(actor(leader.offset(j), N)), act(text))
                .unwrap();
        }
    }
    // Worked out from MAIN_PLAY: East showed out of spades (trick 8) and clubs (11);
    // South of clubs (3) and spades (9); West of hearts (1), spades (6) and clubs (11).
    let bit = |s: Suit| 1u8 << s.index();
    let want = vec![
        0,
        bit(Suit::Spades) | bit(Suit::Clubs),
        bit(Suit::Spades) | bit(Suit::Clubs),
        bit(Suit::Hearts) | bit(Suit::Spades) | bit(Suit::Clubs),
    ];
    assert_eq!(deal.full_view().shown_void, want);
    assert_eq!(deal.observation(p(E)).shown_void, want);
}

#[test]
fn shown_voids_are_tracked_until_the_last_trick() {
    let mut deal = main_deal_in_play();
    for (i, &(leader, trick, _)) in MAIN_PLAY.iter().enumerate() {
        for (j, text) in trick.iter().enumerate() {
            if i == 12 && j == 3 {
                break;
            }
            deal.try_apply(p(actor(leader.offset(j), N)), act(text))
                .unwrap();
        }
    }
    let bit = |s: Suit| 1u8 << s.index();
    assert_eq!(
        deal.full_view().shown_void,
        vec![
            0,
            bit(Suit::Spades) | bit(Suit::Clubs),
            bit(Suit::Spades) | bit(Suit::Clubs),
            bit(Suit::Hearts) | bit(Suit::Spades) | bit(Suit::Clubs),
        ]
    );
}
