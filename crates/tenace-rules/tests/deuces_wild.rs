//! Acceptance tests for Bridge with Deuces Wild (RULES.md §2.1): hand-made deals played
//! card by card, with every legal set, trick winner, void, resampled hand and score
//! worked out by hand from the rules text.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tenace_cards::{BySeat, Card, CardSet, Player, Seat, Suit};
use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup, BridgeVariant};
use tenace_rules::trick::{PlayError, SpecialRule, Trick, TrickRules};
use tenace_rules::{Action, AuctionError, Call, Game, IllegalAction, Phase, Vulnerability};

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
    text.parse()
        .unwrap_or_else(|e| panic!("bad action {text}: {e}"))
}

/// The deal most tests play, in 4S by North (East leads, South is dummy). North is void
/// in hearts; West holds hearts and two deuces (S2, D2); East holds hearts and C2; South
/// holds H2 among its hearts.
fn main_hands() -> BySeat<CardSet> {
    BySeat([
        cards("SA SK SQ SJ ST S5 DA DK DQ CA CK CQ C3"),
        cards("HK HT H9 H8 C2 CJ CT C9 DJ DT D9 S4 S3"),
        cards("H2 H3 H4 H5 S9 S8 S7 S6 D8 D7 D6 C8 C7"),
        cards("S2 D2 HA HQ HJ H7 H6 D5 D4 D3 C6 C5 C4"),
    ])
}

fn new_deal(hands: BySeat<CardSet>, dealer: Seat, vulnerability: Vulnerability) -> BridgeDeal {
    BridgeDeal::from_setup(BridgeSetup {
        variant: BridgeVariant::DeucesWild,
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

/// Who acts for `seat`: declarer for dummy.
fn actor(deal: &BridgeDeal, seat: Seat) -> Seat {
    let (_, declarer) = deal.contract().expect("a contract");
    if seat == declarer.partner() {
        declarer
    } else {
        seat
    }
}

/// Plays `text` for `seat`, which must be the seat whose card is next.
fn play(deal: &mut BridgeDeal, seat: Seat, text: &str) {
    assert_eq!(
        deal.play().unwrap().to_play(),
        Some(p(seat)),
        "{seat} to play {text}"
    );
    let who = actor(deal, seat);
    deal.try_apply(p(who), act(text))
        .unwrap_or_else(|e| panic!("{seat} {text}: {e}"));
}

/// Plays one trick from `leader` round.
fn trick(deal: &mut BridgeDeal, leader: Seat, texts: [&str; 4]) {
    for (i, text) in texts.iter().enumerate() {
        play(deal, leader.offset(i), text);
    }
}

/// The cards `seat` may play now (asked of whoever acts for it).
fn legal_cards(deal: &BridgeDeal, seat: Seat) -> CardSet {
    deal.legal_actions(p(actor(deal, seat)))
        .into_iter()
        .map(|a| match a {
            Action::Card(c) => c,
            other => panic!("{other} offered in play"),
        })
        .collect()
}

fn refused_unchanged(deal: &mut BridgeDeal, seat: Seat, text: &str) -> IllegalAction {
    let before = deal.clone();
    let err = deal
        .try_apply(p(actor(deal, seat)), act(text))
        .expect_err(&format!("{seat} {text} should be refused"));
    assert_eq!(*deal, before, "{seat} {text}: {err}");
    err
}

fn winner_of_last_trick(deal: &BridgeDeal) -> Seat {
    deal.play()
        .unwrap()
        .completed()
        .last()
        .expect("a finished trick")
        .winner
        .seat()
        .unwrap()
}

fn four_spades() -> BridgeDeal {
    let mut deal = new_deal(main_hands(), N, Vulnerability::None);
    bid(&mut deal, &["1S", "P", "3S", "P", "4S", "P", "P", "P"]);
    assert_eq!(deal.contract(), Some(("4S".parse().unwrap(), N)));
    deal
}

// ---------------------------------------------------------------------------------------

#[test]
fn a_trump_deuce_ruffs_a_side_suit_lead_while_its_holder_could_follow() {
    let mut deal = four_spades();
    play(&mut deal, E, "HK");
    // Dummy's hearts include its only deuce.
    assert_eq!(legal_cards(&deal, S), cards("H2 H3 H4 H5"));
    play(&mut deal, S, "H3");
    // West holds hearts: the hearts, or any deuce.
    assert_eq!(legal_cards(&deal, W), cards("HA HQ HJ H7 H6 S2 D2"));
    let err = refused_unchanged(&mut deal, W, "C6");
    assert_eq!(
        err,
        IllegalAction::Play(PlayError::MustFollow {
            card: card("C6"),
            suit: Suit::Hearts
        })
    );
    play(&mut deal, W, "S2");
    // North is void in hearts: anything. A discard leaves the deuce on top.
    assert_eq!(legal_cards(&deal, N), main_hands()[N]);
    play(&mut deal, N, "C3");
    assert_eq!(winner_of_last_trick(&deal), W, "the two of trumps wins");
    assert_eq!(deal.full_view().tricks_won, vec![0, 0, 0, 1]);
    assert_eq!(deal.to_act().iter().collect::<Vec<_>>(), vec![p(W)]);
    // West's deuce shows nothing; North's club shows a heart void.
    let view = deal.full_view();
    assert_eq!(view.shown_void, vec![1 << Suit::Hearts.index(), 0, 0, 0]);
    assert_eq!(deal.play().unwrap().barred(p(W)), CardSet::EMPTY);
    assert_eq!(
        deal.play().unwrap().barred(p(N)),
        CardSet::full_suit(Suit::Hearts)
    );
}

#[test]
fn the_trump_deuce_loses_to_a_higher_ruff() {
    let mut deal = four_spades();
    trick(&mut deal, E, ["HK", "H3", "S2", "S5"]);
    assert_eq!(winner_of_last_trick(&deal), N, "S5 overruffs S2");
    assert_eq!(deal.full_view().tricks_won, vec![1, 0, 0, 0]);
}

#[test]
fn an_off_suit_deuce_is_a_discard_and_the_deuce_of_the_led_suit_an_ordinary_follow() {
    let mut deal = four_spades();
    trick(&mut deal, E, ["HK", "H3", "S2", "C3"]);
    play(&mut deal, W, "HJ");
    play(&mut deal, N, "DQ");
    // East holds three hearts and one deuce, the two of a third suit.
    assert_eq!(legal_cards(&deal, E), cards("HT H9 H8 C2"));
    for text in ["CJ", "DJ", "S4"] {
        let err = refused_unchanged(&mut deal, E, text);
        assert!(
            matches!(
                err,
                IllegalAction::Play(PlayError::MustFollow {
                    suit: Suit::Hearts,
                    ..
                })
            ),
            "{text}: {err:?}"
        );
    }
    play(&mut deal, E, "C2");
    assert_eq!(legal_cards(&deal, S), cards("H2 H4 H5"));
    play(&mut deal, S, "H2");
    // HJ beats the two of hearts; the two of clubs is a discard.
    assert_eq!(winner_of_last_trick(&deal), W);
    assert_eq!(deal.full_view().tricks_won, vec![0, 0, 0, 2]);
    assert_eq!(
        deal.full_view().shown_void,
        vec![1 << Suit::Hearts.index(), 0, 0, 0]
    );
}

#[test]
fn leading_a_deuce_has_no_special_effect() {
    let mut deal = four_spades();
    trick(&mut deal, E, ["HK", "H3", "S2", "C3"]);
    play(&mut deal, W, "D2");
    // Each follower holds diamonds: diamonds, or a deuce of their own.
    assert_eq!(legal_cards(&deal, N), cards("DA DK DQ"));
    play(&mut deal, N, "DK");
    assert_eq!(legal_cards(&deal, E), cards("DJ DT D9 C2"));
    play(&mut deal, E, "C2");
    assert_eq!(legal_cards(&deal, S), cards("D8 D7 D6 H2"));
    play(&mut deal, S, "H2");
    assert_eq!(winner_of_last_trick(&deal), N);
}

#[test]
fn an_off_suit_deuce_shows_no_void_and_resampling_keeps_the_suit_possible() {
    let mut deal = four_spades();
    trick(&mut deal, E, ["HK", "H3", "S2", "C3"]);
    trick(&mut deal, W, ["HJ", "DQ", "C2", "H2"]);
    let play_state = deal.play().unwrap();
    assert_eq!(play_state.barred(p(E)), CardSet::EMPTY, "C2 is no void");
    assert_eq!(play_state.shown_void(p(E)), 0);
    assert_eq!(play_state.shown_void(p(N)), 1 << Suit::Hearts.index());
    // West sees West and dummy. The unseen hearts are HT H9 H8 (East's): North has shown
    // out of hearts, so every consistent deal gives all three to East.
    let obs = deal.observation(p(W));
    assert_eq!(obs.shown_void, vec![1 << Suit::Hearts.index(), 0, 0, 0]);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut north_changed = false;
    for i in 0..200 {
        let sample =
            BridgeDeal::resample(&obs, &mut rng).unwrap_or_else(|e| panic!("sample {i}: {e}"));
        assert_eq!(sample.observation(p(W)), obs);
        assert_eq!(
            sample.hands()[E].suit(Suit::Hearts),
            cards("HT H9 H8"),
            "sample {i}"
        );
        assert!(sample.hands()[N].suit(Suit::Hearts).is_empty());
        north_changed |= sample.hands()[N] != deal.hands()[N];
    }
    assert!(north_changed, "the other unseen cards are dealt again");
    // North (declarer) sees North and dummy: East and West share seven unseen hearts
    // freely, and East gets some of them in most samples.
    let obs = deal.observation(p(N));
    let with_hearts = (0..200)
        .filter(|_| {
            let sample = BridgeDeal::resample(&obs, &mut rng).unwrap();
            assert_eq!(sample.observation(p(N)), obs);
            !sample.hands()[E].suit(Suit::Hearts).is_empty()
        })
        .count();
    assert!(with_hearts > 150, "{with_hearts} of 200");
}

#[test]
fn in_no_trump_an_off_suit_deuce_never_wins() {
    // The trick West wins with S2 in 4S goes to East's H8 in 1NT, whichever deuce West
    // plays.
    for deuce in ["S2", "D2"] {
        let mut deal = new_deal(main_hands(), N, Vulnerability::None);
        bid(&mut deal, &["1NT", "P", "P", "P"]);
        play(&mut deal, E, "H8");
        play(&mut deal, S, "H3");
        assert_eq!(legal_cards(&deal, W), cards("HA HQ HJ H7 H6 S2 D2"));
        play(&mut deal, W, deuce);
        play(&mut deal, N, "C3");
        assert_eq!(winner_of_last_trick(&deal), E, "{deuce} on H8 in 1NT");
    }
}

#[test]
fn the_trick_rules_rank_deuces_by_their_own_suit() {
    let trick_of = |texts: &[&str]| {
        let mut t = Trick::new(Player(0), 4);
        for text in texts {
            t.push(card(text));
        }
        t
    };
    let nt = TrickRules {
        trump: None,
        special: SpecialRule::WildDeuces,
    };
    let spades = TrickRules {
        trump: Some(Suit::Spades),
        special: SpecialRule::WildDeuces,
    };
    let three_deuces = trick_of(&["C4", "S2", "H2", "D2"]);
    assert_eq!(nt.winning_position(&three_deuces), 0);
    assert_eq!(spades.winning_position(&three_deuces), 1);
    let led_deuce = trick_of(&["C2", "D2", "H2", "C3"]);
    assert_eq!(nt.winning_position(&led_deuce), 3);
    // Holding the led suit: that suit and every deuce.
    let hand = cards("C9 C2 D2 H2 HA S2 SA");
    let led_heart = trick_of(&["HK"]);
    assert_eq!(
        spades.legal(hand, &led_heart, None),
        cards("HA H2 C2 D2 S2")
    );
    // Void in the led suit: anything.
    let void = cards("C9 C2 D2 S2 SA");
    assert_eq!(nt.legal(void, &led_heart, None), void);
}

#[test]
fn the_auction_is_contract_bridges() {
    let mut deal = new_deal(main_hands(), E, Vulnerability::None);
    let mut expected = vec![Action::Call(Call::Pass)];
    for level in 1..=7 {
        for strain in ["C", "D", "H", "S", "NT"] {
            expected.push(act(&format!("{level}{strain}")));
        }
    }
    assert_eq!(expected.len(), 36);
    assert_eq!(deal.legal_actions(p(E)), expected);
    for text in ["0NT", "1R", "X", "XX"] {
        let before = deal.clone();
        let err = deal.try_apply(p(E), act(text)).unwrap_err();
        assert!(matches!(err, IllegalAction::Auction(_)), "{text}: {err:?}");
        assert_eq!(deal, before);
    }
    bid(&mut deal, &["1S"]);
    let south = deal.legal_actions(p(S));
    assert_eq!(south[..2], [act("P"), act("X")]);
    assert_eq!(south[2], act("1NT"));
    let err = deal.try_apply(p(S), act("1H")).unwrap_err();
    assert!(
        matches!(
            err,
            IllegalAction::Auction(AuctionError::Insufficient { .. })
        ),
        "{err:?}"
    );
    // East opened 1S, West raises, North doubles: East declares 4S doubled.
    deal.try_apply(p(S), act("P")).unwrap();
    for (seat, text) in [(W, "4S"), (N, "X"), (E, "P"), (S, "P"), (W, "P")] {
        deal.try_apply(p(seat), act(text)).unwrap();
    }
    assert_eq!(deal.phase(), Phase::Play);
    assert_eq!(deal.contract(), Some(("4SX".parse().unwrap(), E)));
    assert_eq!(deal.to_act().iter().collect::<Vec<_>>(), vec![p(S)]);
    // Four passes: no play, score 0.
    let mut passed = new_deal(main_hands(), W, Vulnerability::Both);
    bid(&mut passed, &["P", "P", "P", "P"]);
    assert!(passed.is_passed_out());
    assert_eq!(passed.score_ns(), Some(0));
}

/// North holds every spade, East every heart, South every diamond, West every club. Any
/// play gives the same tricks: North wins every trick in spades (by ruffing or leading a
/// spade nobody else holds), and every trick in no trump on North's lead.
fn suit_blocks() -> BySeat<CardSet> {
    BySeat([
        CardSet::full_suit(Suit::Spades),
        CardSet::full_suit(Suit::Hearts),
        CardSet::full_suit(Suit::Diamonds),
        CardSet::full_suit(Suit::Clubs),
    ])
}

/// Plays the deal out with random legal cards.
fn play_out(deal: &mut BridgeDeal, seed: u64) {
    use rand::Rng;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while let Some(who) = deal.to_act().iter().next() {
        let legal = deal.legal_actions(who);
        let action = legal[rng.random_range(0..legal.len())];
        deal.try_apply(who, action).unwrap();
    }
}

#[test]
fn duplicate_scoring_is_contract_bridges() {
    // (dealer, calls, vulnerability, declarer's tricks, North-South score): Law 77.
    let cases: [(Seat, &[&str], Vulnerability, u8, i32); 4] = [
        // 7S = 210, grand slam 1000, game 300.
        (N, &["7S", "P", "P", "P"], Vulnerability::None, 13, 1510),
        // Vulnerable: grand slam 1500, game 500.
        (N, &["7S", "P", "P", "P"], Vulnerability::Both, 13, 2210),
        // 7NT doubled by West, vulnerable, no trick: 200 + 12 × 300 to North-South.
        (
            W,
            &["7NT", "X", "P", "P", "P"],
            Vulnerability::EastWest,
            0,
            3800,
        ),
        // Not vulnerable: 100 + 300 + 300 + 10 × 300.
        (
            W,
            &["7NT", "X", "P", "P", "P"],
            Vulnerability::None,
            0,
            3500,
        ),
    ];
    for (dealer, calls, vulnerability, tricks, score) in cases {
        for seed in 0..5 {
            let mut deal = new_deal(suit_blocks(), dealer, vulnerability);
            bid(&mut deal, calls);
            play_out(&mut deal, seed);
            assert_eq!(deal.phase(), Phase::Finished);
            let result = deal.result().unwrap();
            assert_eq!(result.tricks, tricks, "{calls:?}");
            assert_eq!(deal.score_ns(), Some(score), "{calls:?} {vulnerability}");
            assert_eq!(
                deal.outcome().unwrap().points,
                vec![score, -score, score, -score]
            );
            assert_eq!(
                deal.full_view().tricks_won.iter().sum::<u8>(),
                13,
                "{calls:?}"
            );
        }
    }
}
