//! Acceptance tests for Five Crowns Bridge (RULES.md §2.2, decisions F1–F6): the deck, the
//! bid ladder, book 7, the joker in suit contracts and in no trump under both
//! `fc_nt_joker` rules, and the duplicate score of a whole deal played by hand.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tenace_cards::{BySeat, Card, CardSet, Deck, Player, Seat, Suit};
use tenace_rules::bridge::{
    BridgeDeal, BridgeOptions, BridgeSetup, BridgeVariant, DealResult, FiveCrownsRules,
    deal_score_ns,
};
use tenace_rules::scoring::FiveCrownsHonors;
use tenace_rules::trick::{NamingError, NtJoker, PlayError, SpecialRule, Trick, TrickRules};
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

fn five_crowns(joker: NtJoker) -> BridgeVariant {
    BridgeVariant::FiveCrowns(FiveCrownsRules {
        fc_nt_joker: joker,
        fc_honors: FiveCrownsHonors::Off,
    })
}

const UNWINNABLE: NtJoker = NtJoker::Unwinnable;
const NOMINATED: NtJoker = NtJoker::NominatedTwo;

/// A deal for the joker rules. West holds the joker, three low diamonds, hearts and stars,
/// and is void in clubs and (but for the joker) spades. South is void in clubs; North is
/// void in stars; East is void in hearts.
fn joker_hands() -> BySeat<CardSet> {
    BySeat([
        cards("SK SQ SJ ST S9 DT D9 D8 C8 C7 C4 C3 H8 H9"),
        cards("S3 S4 DK DQ DJ CK CQ CJ CT C9 C6 C5 R7 R8"),
        cards("S8 S7 S6 S5 D7 D6 HT HK HQ HJ RQ RJ RT R9"),
        cards("JK D3 D4 D5 H3 H4 H5 H6 H7 R3 R4 R5 R6 RK"),
    ])
}

/// A deal in blocks: North holds every star, East every diamond, South every heart, West
/// every club and the joker; the spades are shared.
fn block_hands() -> BySeat<CardSet> {
    BySeat([
        cards("RK RQ RJ RT R9 R8 R7 R6 R5 R4 R3 SK S8 S7"),
        cards("DK DQ DJ DT D9 D8 D7 D6 D5 D4 D3 S5 S4 S3"),
        cards("HK HQ HJ HT H9 H8 H7 H6 H5 H4 H3 SQ SJ ST"),
        cards("CK CQ CJ CT C9 C8 C7 C6 C5 C4 C3 S9 S6 JK"),
    ])
}

fn setup(
    joker: NtJoker,
    hands: BySeat<CardSet>,
    dealer: Seat,
    vulnerability: Vulnerability,
) -> BridgeSetup {
    BridgeSetup {
        variant: five_crowns(joker),
        hands,
        dealer,
        vulnerability,
        options: BridgeOptions::default(),
    }
}

/// A deal with these hands after `calls` from `dealer`.
fn deal_after(
    joker: NtJoker,
    hands: BySeat<CardSet>,
    dealer: Seat,
    vulnerability: Vulnerability,
    calls: &[&str],
) -> BridgeDeal {
    let mut deal = BridgeDeal::from_setup(setup(joker, hands, dealer, vulnerability))
        .expect("a valid hand-made deal");
    for (i, &text) in calls.iter().enumerate() {
        deal.try_apply(p(dealer.offset(i)), act(text))
            .unwrap_or_else(|e| panic!("call {text}: {e}"));
    }
    deal
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

fn trick(deal: &mut BridgeDeal, leader: Seat, texts: [&str; 4]) -> Seat {
    for (i, text) in texts.iter().enumerate() {
        play(deal, leader.offset(i), text);
    }
    winner_of_last_trick(deal)
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

/// The actions `seat` may take now, as text, sorted.
fn legal(deal: &BridgeDeal, seat: Seat) -> Vec<String> {
    let mut texts: Vec<String> = deal
        .legal_actions(p(actor(deal, seat)))
        .into_iter()
        .map(|a| a.to_string())
        .collect();
    texts.sort();
    texts
}

/// The same, written by hand.
fn texts(list: &str) -> Vec<String> {
    let mut texts: Vec<String> = list.split_whitespace().map(String::from).collect();
    texts.sort();
    texts
}

/// Every card of `hand` as an action, plus `extra`.
fn hand_and(hand: CardSet, extra: &str) -> Vec<String> {
    let mut all: Vec<String> = hand.iter().map(|c| c.to_string()).collect();
    all.extend(extra.split_whitespace().map(String::from));
    all.sort();
    all
}

fn refused_unchanged(deal: &mut BridgeDeal, seat: Seat, text: &str) -> IllegalAction {
    let before = deal.clone();
    let err = deal
        .try_apply(p(actor(deal, seat)), act(text))
        .expect_err(&format!("{seat} {text} should be refused"));
    assert_eq!(*deal, before, "{seat} {text}: {err}");
    err
}

fn voids(deal: &BridgeDeal) -> Vec<u8> {
    deal.full_view().shown_void
}

fn bit(suit: Suit) -> u8 {
    1 << suit.index()
}

// ---------------------------------------------------------------------------------------
// Deck, deal and auction
// ---------------------------------------------------------------------------------------

#[test]
fn the_deck_has_56_cards_and_each_hand_14() {
    let mut deck = cards("JK");
    for suit in "CDHSR".chars() {
        for rank in "3456789TJQK".chars() {
            deck.insert(card(&format!("{suit}{rank}")));
        }
    }
    assert_eq!(deck.len(), 56);
    assert_eq!(Deck::FiveCrowns.cards(), deck);
    let variant = five_crowns(UNWINNABLE);
    assert_eq!(variant.hand_size(), 14);
    for seed in 0..100 {
        let setup = BridgeSetup::seeded(
            variant,
            seed,
            None,
            Vulnerability::None,
            BridgeOptions::default(),
        );
        let mut all = CardSet::EMPTY;
        for (seat, &hand) in setup.hands.iter() {
            assert_eq!(hand.len(), 14, "seed {seed} {seat}");
            assert!(all.is_disjoint(hand));
            all |= hand;
        }
        assert_eq!(all, deck, "seed {seed}");
        let deal = BridgeDeal::from_setup(setup).unwrap();
        assert_eq!(deal.full_view().hand_sizes, vec![14; 4]);
    }
    // No aces or deuces, and 13-card hands are not a Five Crowns deal.
    let mut hands = block_hands();
    hands[N].remove(card("R3"));
    hands[N].insert(card("SA"));
    let err = BridgeDeal::from_setup(setup(UNWINNABLE, hands, N, Vulnerability::None)).unwrap_err();
    assert!(err.to_string().contains("not in the deck"), "{err}");
    let err = BridgeDeal::from_setup(BridgeSetup {
        variant,
        hands: BySeat::from_fn(|s| Deck::Standard.cards().suit(Suit::STANDARD[s.index()])),
        dealer: N,
        vulnerability: Vulnerability::None,
        options: BridgeOptions::default(),
    })
    .unwrap_err();
    assert!(err.to_string().contains("not 14"), "{err}");
}

/// Every bid of Five Crowns, lowest first, from RULES.md §2.2.
fn ladder() -> Vec<Action> {
    let mut bids = vec![act("0NT")];
    for level in 1..=7 {
        for strain in ["C", "D", "H", "S", "R", "NT"] {
            bids.push(act(&format!("{level}{strain}")));
        }
    }
    bids
}

#[test]
fn the_bid_ladder_has_43_bids_from_0nt_with_stars_below_no_trump() {
    let mut deal = deal_after(UNWINNABLE, block_hands(), W, Vulnerability::None, &[]);
    let mut expected = vec![Action::Call(Call::Pass)];
    expected.extend(ladder());
    assert_eq!(expected.len(), 44);
    assert_eq!(deal.legal_actions(p(W)), expected);
    for text in ["0C", "0R", "0S", "X", "XX"] {
        let before = deal.clone();
        let err = deal.try_apply(p(W), act(text)).unwrap_err();
        assert!(matches!(err, IllegalAction::Auction(_)), "{text}: {err:?}");
        assert_eq!(deal, before);
    }
    deal.try_apply(p(W), act("1S")).unwrap();
    // Over 1S: pass, double, then 1★, 1NT, 2♣ …
    let north = deal.legal_actions(p(N));
    assert_eq!(
        north[..5],
        [act("P"), act("X"), act("1R"), act("1NT"), act("2C")]
    );
    assert_eq!(north.len(), 2 + 43 - 5);
    deal.try_apply(p(N), act("1R")).unwrap();
    let err = deal.try_apply(p(E), act("1S")).unwrap_err();
    assert!(
        matches!(
            err,
            IllegalAction::Auction(AuctionError::Insufficient { .. })
        ),
        "{err:?}"
    );
    for (seat, text) in [(E, "P"), (S, "P"), (W, "P")] {
        deal.try_apply(p(seat), act(text)).unwrap();
    }
    assert_eq!(deal.contract(), Some(("1R".parse().unwrap(), N)));
    assert_eq!(deal.to_act().iter().collect::<Vec<_>>(), vec![p(E)]);
}

#[test]
fn zero_no_trump_is_the_lowest_contract() {
    let deal = deal_after(
        UNWINNABLE,
        block_hands(),
        S,
        Vulnerability::None,
        &["0NT", "P", "P", "P"],
    );
    assert_eq!(deal.phase(), Phase::Play);
    assert_eq!(deal.contract(), Some(("0NT".parse().unwrap(), S)));
    assert_eq!(deal.to_act().iter().collect::<Vec<_>>(), vec![p(W)]);
    // Over 0NT the next player may double or bid 1♣.
    let deal = deal_after(UNWINNABLE, block_hands(), S, Vulnerability::None, &["0NT"]);
    assert_eq!(
        deal.legal_actions(p(W))[..3],
        [act("P"), act("X"), act("1C")]
    );
}

// ---------------------------------------------------------------------------------------
// A whole deal: book 7 and the duplicate score
// ---------------------------------------------------------------------------------------

/// The play of the block deal in no trump by North (East leads), every trick worked out by
/// hand: East cashes six diamonds, leads a spade to North's king, and North runs seven
/// stars. West's joker falls on North's R7; North, holding only stars, may lead one again.
/// North-South take 8 tricks, East-West 6.
const BLOCK_PLAY: [(Seat, [&str; 4], Seat); 14] = [
    (E, ["DK", "H3", "C3", "R3"], E),
    (E, ["DQ", "H4", "C4", "R4"], E),
    (E, ["DJ", "H5", "C5", "R5"], E),
    (E, ["DT", "H6", "C6", "R6"], E),
    (E, ["D9", "H7", "C7", "S7"], E),
    (E, ["D8", "H8", "C8", "S8"], E),
    (E, ["S3", "ST", "S6", "SK"], N),
    (N, ["R7", "D3", "H9", "JK"], N),
    (N, ["R8", "D4", "HT", "C9"], N),
    (N, ["R9", "D5", "HJ", "CT"], N),
    (N, ["RT", "D6", "HQ", "CJ"], N),
    (N, ["RJ", "D7", "HK", "CQ"], N),
    (N, ["RQ", "S4", "SJ", "CK"], N),
    (N, ["RK", "S5", "SQ", "S9"], N),
];

fn play_block_deal(calls: &[&str], vulnerability: Vulnerability) -> BridgeDeal {
    let mut deal = deal_after(UNWINNABLE, block_hands(), N, vulnerability, calls);
    assert_eq!(deal.contract().map(|c| c.1), Some(N), "{calls:?}");
    for (i, &(leader, cards_played, winner)) in BLOCK_PLAY.iter().enumerate() {
        assert_eq!(
            trick(&mut deal, leader, cards_played),
            winner,
            "trick {}",
            i + 1
        );
        if i == 7 {
            // North won the joker's trick: another suit must be led if possible, but
            // North holds only stars.
            let play = deal.play().unwrap();
            assert_eq!(play.lead_restriction(), Some(Suit::Stars));
            assert_eq!(legal(&deal, N), texts("R8 R9 RT RJ RQ RK"));
        }
        if i == 8 {
            assert_eq!(deal.play().unwrap().lead_restriction(), None);
        }
    }
    assert_eq!(deal.phase(), Phase::Finished);
    assert_eq!(deal.full_view().tricks_won, vec![8, 6, 0, 0]);
    assert_eq!(deal.result().unwrap().tricks, 8);
    deal
}

#[test]
fn zero_no_trump_making_eight_tricks_scores_90() {
    // (calls, vulnerability, North-South's duplicate score), from RULES.md §1.4 and §2.2
    // with book 7.
    let cases: [(&[&str], Vulnerability, i32); 7] = [
        // 0NT: 10, one overtrick 30, part-score 50.
        (&["0NT", "P", "P", "P"], Vulnerability::None, 90),
        (&["0NT", "P", "P", "P"], Vulnerability::Both, 90),
        // 1NT needs 8 tricks: 40 + 50.
        (&["1NT", "P", "P", "P"], Vulnerability::None, 90),
        // 2NT needs 9: one down.
        (&["2NT", "P", "P", "P"], Vulnerability::None, -50),
        (&["2NT", "P", "P", "P"], Vulnerability::NorthSouth, -100),
        // 0NT doubled: 20, a doubled overtrick 100, insult 50, part-score 50.
        (&["0NT", "X", "P", "P", "P"], Vulnerability::None, 220),
        // 2NT doubled, vulnerable, one down.
        (&["2NT", "X", "P", "P", "P"], Vulnerability::Both, -200),
    ];
    for (calls, vulnerability, score) in cases {
        let deal = play_block_deal(calls, vulnerability);
        assert_eq!(deal.score_ns(), Some(score), "{calls:?} {vulnerability}");
        assert_eq!(
            deal.outcome().unwrap().points,
            vec![score, -score, score, -score]
        );
    }
}

#[test]
fn the_rules_test_vectors_score_as_written() {
    let setup = setup(UNWINNABLE, block_hands(), N, Vulnerability::None);
    let score = |contract: &str, tricks: u8, vulnerability: Vulnerability, declarer: Seat| {
        let setup = BridgeSetup {
            vulnerability,
            ..setup.clone()
        };
        let result = DealResult {
            contract: contract.parse().unwrap(),
            declarer,
            tricks,
        };
        deal_score_ns(&setup, Some(result))
    };
    assert_eq!(score("0NT", 8, Vulnerability::None, N), 90);
    assert_eq!(score("1R", 8, Vulnerability::None, S), 90);
    assert_eq!(score("3R", 10, Vulnerability::Both, N), 600);
    assert_eq!(score("3R", 10, Vulnerability::Both, E), -600);
    // Slams by level (F4): 6NT needs 13 of 14, 7NT all 14.
    assert_eq!(score("6NT", 13, Vulnerability::None, N), 190 + 500 + 300);
    assert_eq!(score("7C", 14, Vulnerability::None, N), 140 + 1000 + 300);
    // Undertricks can reach 7 + L (F6): 7NT doubled vulnerable, no trick, 14 down.
    assert_eq!(score("7NTX", 0, Vulnerability::Both, N), -(200 + 13 * 300));
}

// ---------------------------------------------------------------------------------------
// The joker in a suit contract
// ---------------------------------------------------------------------------------------

fn two_spades(joker: NtJoker) -> BridgeDeal {
    let deal = deal_after(
        joker,
        joker_hands(),
        N,
        Vulnerability::None,
        &["2S", "P", "P", "P"],
    );
    assert_eq!(deal.contract(), Some(("2S".parse().unwrap(), N)));
    deal
}

#[test]
fn the_joker_must_follow_a_trump_lead_when_it_is_the_only_trump() {
    for joker in [UNWINNABLE, NOMINATED] {
        let mut deal = two_spades(joker);
        play(&mut deal, E, "S3");
        assert_eq!(legal(&deal, S), texts("S8 S7 S6 S5"));
        play(&mut deal, S, "S5");
        // Under either no-trump rule, the joker in a suit contract is a plain trump.
        assert_eq!(legal(&deal, W), texts("JK"));
        let err = refused_unchanged(&mut deal, W, "D3");
        assert_eq!(
            err,
            IllegalAction::Play(PlayError::MustFollow {
                card: card("D3"),
                suit: Suit::Spades
            })
        );
        let err = refused_unchanged(&mut deal, W, "JKS");
        assert_eq!(
            err,
            IllegalAction::Play(PlayError::Naming(NamingError::NotNamed))
        );
        play(&mut deal, W, "JK");
        assert_eq!(legal(&deal, N), texts("SK SQ SJ ST S9"));
        play(&mut deal, N, "S9");
        assert_eq!(winner_of_last_trick(&deal), N);
        // The joker followed suit: West has shown no void.
        assert_eq!(voids(&deal), vec![0; 4]);
    }
}

#[test]
fn the_joker_may_not_be_played_to_a_side_suit_its_holder_holds() {
    let mut deal = two_spades(UNWINNABLE);
    play(&mut deal, E, "DK");
    play(&mut deal, S, "D6");
    assert_eq!(legal(&deal, W), texts("D3 D4 D5"));
    let err = refused_unchanged(&mut deal, W, "JK");
    assert_eq!(
        err,
        IllegalAction::Play(PlayError::MustFollow {
            card: Card::JOKER,
            suit: Suit::Diamonds
        })
    );
    play(&mut deal, W, "D3");
    play(&mut deal, N, "D8");
    assert_eq!(winner_of_last_trick(&deal), E);
}

#[test]
fn a_void_player_may_ruff_with_the_joker_and_it_beats_every_non_trump() {
    let mut deal = two_spades(UNWINNABLE);
    play(&mut deal, E, "CK");
    // South is void in clubs and discards.
    assert_eq!(legal(&deal, S).len(), 14);
    play(&mut deal, S, "R9");
    assert_eq!(legal(&deal, W).len(), 14);
    play(&mut deal, W, "JK");
    assert_eq!(legal(&deal, N), texts("C8 C7 C4 C3"));
    play(&mut deal, N, "C3");
    assert_eq!(winner_of_last_trick(&deal), W, "the joker ruffs the king");
    assert_eq!(voids(&deal), vec![0, 0, bit(Suit::Clubs), bit(Suit::Clubs)]);
}

#[test]
fn the_joker_loses_to_any_other_trump() {
    let mut deal = two_spades(UNWINNABLE);
    assert_eq!(trick(&mut deal, E, ["CK", "S5", "JK", "C3"]), S);
    // The lowest trump beats it too, whatever the order.
    let rules = TrickRules {
        trump: Some(Suit::Spades),
        special: SpecialRule::Joker(UNWINNABLE),
    };
    for order in [["CK", "JK", "S3", "C3"], ["CK", "S3", "JK", "C3"]] {
        let mut t = Trick::new(Player(0), 4);
        for text in order {
            let c = card(text);
            t.push_as(c, rules.effective_suit(c, None));
        }
        assert!(t.is_complete());
        let winner = t.cards()[rules.winning_position(&t)];
        assert_eq!(winner, card("S3"), "{order:?}");
    }
}

#[test]
fn leading_the_joker_is_a_trump_lead() {
    let mut deal = two_spades(UNWINNABLE);
    // West wins a star to get the lead (North, void in stars, discards).
    assert_eq!(trick(&mut deal, E, ["R7", "R9", "RK", "D8"]), W);
    play(&mut deal, W, "JK");
    let play_state = deal.play().unwrap();
    assert_eq!(play_state.current().led_suit(), Some(Suit::Spades));
    assert_eq!(legal(&deal, N), texts("SK SQ SJ ST S9"));
    let err = refused_unchanged(&mut deal, N, "C3");
    assert!(
        matches!(
            err,
            IllegalAction::Play(PlayError::MustFollow {
                suit: Suit::Spades,
                ..
            })
        ),
        "{err:?}"
    );
    play(&mut deal, N, "S9");
    assert_eq!(legal(&deal, E), texts("S3 S4"));
    play(&mut deal, E, "S3");
    assert_eq!(legal(&deal, S), texts("S8 S7 S6 S5"));
    play(&mut deal, S, "S5");
    assert_eq!(winner_of_last_trick(&deal), N);
}

/// A suit contract where East shows out of trumps while the joker is unseen by declarer.
/// The joker is a trump "for every purpose" (RULES.md §2.2): a player who cannot follow a
/// trump lead cannot hold it either, or they would have had to play it.
fn east_shows_out_of_trumps() -> BridgeDeal {
    let mut deal = deal_after(
        UNWINNABLE,
        joker_hands(),
        N,
        Vulnerability::None,
        &["2H", "P", "P", "P"],
    );
    // Dummy ruffs a club; West (void) discards a star.
    assert_eq!(trick(&mut deal, E, ["C5", "HT", "R3", "C3"]), S);
    play(&mut deal, S, "HK");
    assert_eq!(legal(&deal, W), texts("H3 H4 H5 H6 H7 JK"));
    play(&mut deal, W, "H3");
    play(&mut deal, N, "H8");
    // East has no heart and no joker: a discard.
    play(&mut deal, E, "DJ");
    assert_eq!(winner_of_last_trick(&deal), S);
    deal
}

#[test]
fn showing_out_of_trumps_in_a_suit_contract_shows_a_heart_void() {
    let deal = east_shows_out_of_trumps();
    assert_eq!(voids(&deal)[E.index()], bit(Suit::Hearts));
    assert!(
        deal.play()
            .unwrap()
            .barred(p(E))
            .is_superset(CardSet::full_suit(Suit::Hearts))
    );
}

#[test]
fn showing_out_of_trumps_in_a_suit_contract_bars_the_joker() {
    let deal = east_shows_out_of_trumps();
    // Declarer sees North and dummy; the joker is with West or East, and East is out.
    let obs = deal.observation(p(N));
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for i in 0..100 {
        let sample =
            BridgeDeal::resample(&obs, &mut rng).unwrap_or_else(|e| panic!("sample {i}: {e}"));
        assert!(sample.hands()[W].contains(Card::JOKER), "sample {i}");
        assert_eq!(sample.observation(p(N)), obs);
    }
    assert!(
        deal.play().unwrap().barred(p(E)).contains(Card::JOKER),
        "East could not have held the joker: {}",
        deal.play().unwrap().barred(p(E))
    );
}

// ---------------------------------------------------------------------------------------
// The joker in no trump: unwinnable (the default)
// ---------------------------------------------------------------------------------------

fn one_no_trump(joker: NtJoker, hands: BySeat<CardSet>, dealer: Seat) -> BridgeDeal {
    let deal = deal_after(
        joker,
        hands,
        dealer,
        Vulnerability::None,
        &["1NT", "P", "P", "P"],
    );
    assert_eq!(deal.contract(), Some(("1NT".parse().unwrap(), dealer)));
    deal
}

#[test]
fn the_unwinnable_joker_may_go_to_any_trick_and_bars_the_winners_next_lead() {
    let mut deal = one_no_trump(UNWINNABLE, joker_hands(), N);
    play(&mut deal, E, "DK");
    play(&mut deal, S, "D6");
    // West holds diamonds, and may still play the joker.
    assert_eq!(legal(&deal, W), texts("D3 D4 D5 JK"));
    let err = refused_unchanged(&mut deal, W, "JKD");
    assert_eq!(
        err,
        IllegalAction::Play(PlayError::Naming(NamingError::NotNamed))
    );
    play(&mut deal, W, "JK");
    assert!(
        !voids(&deal).iter().any(|&v| v != 0),
        "the joker shows no void"
    );
    play(&mut deal, N, "D8");
    assert_eq!(winner_of_last_trick(&deal), E);
    // East won a trick with the joker in it: not diamonds next.
    assert_eq!(
        deal.play().unwrap().lead_restriction(),
        Some(Suit::Diamonds)
    );
    assert_eq!(legal(&deal, E), texts("S3 S4 CK CQ CJ CT C9 C6 C5 R7 R8"));
    let err = refused_unchanged(&mut deal, E, "DQ");
    assert!(
        matches!(
            err,
            IllegalAction::Play(PlayError::RestrictedLead {
                card: c,
                suit: Suit::Diamonds,
                ..
            }) if c == card("DQ")
        ),
        "{err:?}"
    );
    let message = err.to_string();
    assert!(
        message.contains("D is barred") && message.contains("decision F3"),
        "{message}"
    );
    play(&mut deal, E, "CK");
    // The restriction is for the lead only.
    assert_eq!(legal(&deal, S).len(), 13, "dummy is void in clubs");
    // Declarer, who sees North and dummy, may find West still holding diamonds.
    let obs = deal.observation(p(N));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut west_diamonds = 0;
    for i in 0..100 {
        let sample =
            BridgeDeal::resample(&obs, &mut rng).unwrap_or_else(|e| panic!("sample {i}: {e}"));
        assert_eq!(sample.observation(p(N)), obs);
        west_diamonds += usize::from(!sample.hands()[W].suit(Suit::Diamonds).is_empty());
    }
    assert!(west_diamonds > 50, "{west_diamonds} of 100");
}

#[test]
fn a_led_joker_lets_the_second_card_set_the_suit() {
    let mut deal = one_no_trump(UNWINNABLE, joker_hands(), N);
    assert_eq!(trick(&mut deal, E, ["R7", "R9", "RK", "D8"]), W);
    assert_eq!(voids(&deal), vec![bit(Suit::Stars), 0, 0, 0]);
    play(&mut deal, W, "JK");
    assert_eq!(deal.play().unwrap().current().led_suit(), None);
    // North, second, may play anything, and holds clubs, diamonds, hearts and spades.
    assert_eq!(legal(&deal, N).len(), 13);
    play(&mut deal, N, "C3");
    assert_eq!(deal.play().unwrap().current().led_suit(), Some(Suit::Clubs));
    assert_eq!(legal(&deal, E), texts("CK CQ CJ CT C9 C6 C5"));
    let err = refused_unchanged(&mut deal, E, "DK");
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
    play(&mut deal, E, "CK");
    assert_eq!(legal(&deal, S).len(), 13, "dummy is void in clubs");
    play(&mut deal, S, "HT");
    assert_eq!(winner_of_last_trick(&deal), E, "the joker never wins");
    // North's club after the joker shows nothing; dummy's heart shows a club void.
    assert_eq!(voids(&deal), vec![bit(Suit::Stars), 0, bit(Suit::Clubs), 0]);
    // The trick's suit was clubs: East must lead something else.
    assert_eq!(deal.play().unwrap().lead_restriction(), Some(Suit::Clubs));
    assert_eq!(legal(&deal, E), texts("S3 S4 DK DQ DJ R8"));
    let err = refused_unchanged(&mut deal, E, "CQ");
    assert!(
        matches!(
            err,
            IllegalAction::Play(PlayError::RestrictedLead {
                suit: Suit::Clubs,
                ..
            })
        ),
        "{err:?}"
    );
}

// ---------------------------------------------------------------------------------------
// The joker in no trump: nominated two
// ---------------------------------------------------------------------------------------

#[test]
fn the_nominated_joker_follows_as_the_two_of_the_led_suit() {
    let mut deal = one_no_trump(NOMINATED, joker_hands(), N);
    play(&mut deal, E, "DK");
    play(&mut deal, S, "D6");
    // West holds diamonds: a diamond, or the joker named as one.
    assert_eq!(legal(&deal, W), texts("D3 D4 D5 JKD"));
    let err = refused_unchanged(&mut deal, W, "JK");
    assert_eq!(
        err,
        IllegalAction::Play(PlayError::Naming(NamingError::Missing))
    );
    let err = refused_unchanged(&mut deal, W, "JKH");
    assert_eq!(
        err,
        IllegalAction::Play(PlayError::Naming(NamingError::Refused(Suit::Hearts)))
    );
    play(&mut deal, W, "JKD");
    play(&mut deal, N, "D8");
    assert_eq!(winner_of_last_trick(&deal), E);
    assert_eq!(voids(&deal), vec![0; 4]);
    // No different-suit rule: East may lead diamonds again.
    assert_eq!(deal.play().unwrap().lead_restriction(), None);
    assert_eq!(legal(&deal, E).len(), 13);
    play(&mut deal, E, "DQ");
}

#[test]
fn the_nominated_two_wins_when_nobody_else_has_its_suit() {
    // South declares 1NT, so West leads; nobody but West holds a club.
    let mut deal = one_no_trump(NOMINATED, block_hands(), S);
    let west = block_hands()[W] - cards("JK");
    assert_eq!(legal(&deal, W), hand_and(west, "JKC JKD JKH JKS JKR"));
    assert_eq!(
        refused_unchanged(&mut deal, W, "JK"),
        IllegalAction::Play(PlayError::Naming(NamingError::Missing))
    );
    play(&mut deal, W, "JKC");
    assert_eq!(deal.play().unwrap().current().led_suit(), Some(Suit::Clubs));
    // Everyone else is void in clubs: anything goes, and nothing beats the two.
    assert_eq!(legal(&deal, N).len(), 14);
    play(&mut deal, N, "R3");
    play(&mut deal, E, "D3");
    play(&mut deal, S, "H3");
    assert_eq!(
        winner_of_last_trick(&deal),
        W,
        "the joker as the two of clubs"
    );
    assert_eq!(deal.full_view().tricks_won, vec![0, 0, 0, 1]);
    let club = bit(Suit::Clubs);
    assert_eq!(voids(&deal), vec![club, club, club, 0]);
    // The different-suit rule does not apply: West may lead a club.
    assert_eq!(deal.play().unwrap().lead_restriction(), None);
    assert_eq!(legal(&deal, W), hand_and(west, ""));
    play(&mut deal, W, "CK");
}

#[test]
fn the_nominated_joker_may_not_be_named_a_suit_its_holder_showed_out_of() {
    let mut deal = one_no_trump(NOMINATED, block_hands(), N);
    play(&mut deal, E, "DK");
    play(&mut deal, S, "H3");
    // West is void in diamonds but has not shown it: every suit may be named, diamonds
    // too (naming the led suit follows suit).
    let west = block_hands()[W] - cards("JK");
    assert_eq!(legal(&deal, W), hand_and(west, "JKC JKD JKH JKS JKR"));
    play(&mut deal, W, "C3");
    play(&mut deal, N, "R3");
    assert_eq!(winner_of_last_trick(&deal), E);
    assert_eq!(voids(&deal)[W.index()], bit(Suit::Diamonds));
    play(&mut deal, E, "DQ");
    play(&mut deal, S, "H4");
    let west = west - cards("C3");
    assert_eq!(legal(&deal, W), hand_and(west, "JKC JKH JKS JKR"));
    let err = refused_unchanged(&mut deal, W, "JKD");
    assert_eq!(
        err,
        IllegalAction::Play(PlayError::Naming(NamingError::Refused(Suit::Diamonds)))
    );
    let message = err.to_string();
    assert!(message.contains("may not be named D"), "{message}");
    assert!(message.contains("shown out of"), "{message}");
    // Named a spade on a diamond lead, it is a discard.
    play(&mut deal, W, "JKS");
    play(&mut deal, N, "R4");
    assert_eq!(winner_of_last_trick(&deal), E);
    assert_eq!(voids(&deal)[W.index()], bit(Suit::Diamonds));
}
