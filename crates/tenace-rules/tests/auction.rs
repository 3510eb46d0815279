//! Acceptance tests for the auction (RULES.md §1.2, WBF Laws 17–22): hand-made auctions
//! checked against the Laws, and random auctions checked against a reference model of
//! call legality, the end of the auction and declarer written here from the Laws.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_cards::{Player, Seat, Strain, Suit};
use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup};
use tenace_rules::{
    Action, Auction, AuctionError, AuctionRules, Bid, Call, Contract, Doubling, Game,
    IllegalAction, Phase, Vulnerability,
};

const N: Seat = Seat::North;
const E: Seat = Seat::East;
const S: Seat = Seat::South;
const W: Seat = Seat::West;

fn p(seat: Seat) -> Player {
    Player::from(seat)
}

fn call(text: &str) -> Call {
    text.parse()
        .unwrap_or_else(|e| panic!("bad call {text}: {e}"))
}

fn contract(text: &str) -> Contract {
    text.parse().unwrap()
}

/// Makes the calls in turn from `dealer`, each one required to be legal.
fn run(dealer: Seat, calls: &[&str]) -> Auction {
    let mut auction = Auction::new(AuctionRules::BRIDGE, p(dealer));
    for (i, &text) in calls.iter().enumerate() {
        let who = dealer.offset(i);
        assert_eq!(
            auction.next_to_call(),
            Some(p(who)),
            "call {i} ({text}) should be {who}'s"
        );
        auction
            .call(p(who), call(text))
            .unwrap_or_else(|e| panic!("call {i} ({text}) by {who} refused: {e}"));
    }
    auction
}

/// Checks that the next call is refused, that the message names `law`, and that the
/// auction is left exactly as it was.
fn refused(auction: &mut Auction, text: &str, law: &str) -> AuctionError {
    let before = auction.clone();
    let who = auction.next_to_call().expect("auction in progress");
    let err = auction
        .call(who, call(text))
        .expect_err(&format!("{text} should be refused"));
    assert!(
        err.to_string().contains(law),
        "the refusal of {text} should name {law}: {err}"
    );
    assert_eq!(*auction, before, "a refused call changed the auction");
    assert_eq!(auction.check(who, call(text)), Err(err.clone()));
    err
}

// ---------------------------------------------------------------------------------------
// Law 17: calls go clockwise from the dealer
// ---------------------------------------------------------------------------------------

#[test]
fn calls_go_clockwise_from_the_dealer() {
    for dealer in Seat::ALL {
        let mut auction = Auction::new(AuctionRules::BRIDGE, p(dealer));
        assert_eq!(auction.dealer(), p(dealer));
        let expected = [dealer, dealer.lho(), dealer.partner(), dealer.rho(), dealer];
        for (i, (&who, text)) in expected.iter().zip(["P", "1C", "P", "1H", "P"]).enumerate() {
            assert_eq!(auction.next_to_call(), Some(p(who)), "call {i}");
            auction.call(p(who), call(text)).unwrap();
        }
        let seats: Vec<Player> = auction.calls_by_player().map(|(pl, _)| pl).collect();
        assert_eq!(seats, expected.map(p).to_vec());
    }
}

#[test]
fn a_call_out_of_turn_is_refused_naming_law_17() {
    let mut auction = run(E, &["1C"]);
    let before = auction.clone();
    // South is next; North, East and West may not call.
    for seat in [N, E, W] {
        let err = auction.call(p(seat), call("1H")).unwrap_err();
        assert_eq!(
            err,
            AuctionError::OutOfTurn {
                expected: "S".into(),
                got: seat.to_string(),
            }
        );
        assert!(err.to_string().contains("Law 17"), "{err}");
        assert_eq!(auction, before);
    }
    // Even a pass out of turn is refused.
    assert!(auction.call(p(W), Call::Pass).is_err());
    assert_eq!(auction, before);
    auction.call(p(S), call("1H")).unwrap();
}

#[test]
fn a_deal_refuses_a_call_out_of_turn_and_keeps_its_state() {
    let setup =
        BridgeSetup::from_seed_with_dealer(3, W, Vulnerability::Both, BridgeOptions::default());
    let mut deal = BridgeDeal::from_setup(setup).unwrap();
    assert_eq!(deal.to_act().iter().collect::<Vec<_>>(), vec![p(W)]);
    let view = deal.full_view();
    let err = deal.try_apply(p(N), Action::Call(call("1S"))).unwrap_err();
    assert!(err.to_string().contains("Law 17"), "{err}");
    assert!(matches!(
        err,
        IllegalAction::Auction(AuctionError::OutOfTurn { .. })
    ));
    assert_eq!(deal.full_view(), view);
    assert!(deal.history().is_empty());
    assert!(deal.legal_actions(p(N)).is_empty());
    deal.try_apply(p(W), Action::Call(call("1S"))).unwrap();
    assert_eq!(deal.to_act().iter().collect::<Vec<_>>(), vec![p(N)]);
}

// ---------------------------------------------------------------------------------------
// Law 18: sufficient bids; 35 bids up to 7NT
// ---------------------------------------------------------------------------------------

#[test]
fn an_insufficient_bid_is_refused_naming_law_18() {
    let mut auction = run(N, &["1H"]);
    for text in ["1C", "1D", "1H"] {
        let err = refused(&mut auction, text, "Law 18");
        assert_eq!(
            err,
            AuctionError::Insufficient {
                bid: Bid::new(1, call(text).bid().strain),
                last: Bid::new(1, Strain::Suit(Suit::Hearts)),
            }
        );
    }
    // The same level in a higher strain is sufficient.
    auction.call(p(E), call("1S")).unwrap();
    refused(&mut auction, "1S", "Law 18");
    refused(&mut auction, "1H", "Law 18");
    auction.call(p(S), call("1NT")).unwrap();
    // Over 1NT any two-level bid will do, but no one-level bid.
    for text in ["1C", "1D", "1H", "1S", "1NT"] {
        refused(&mut auction, text, "Law 18");
    }
    auction.call(p(W), call("2C")).unwrap();
    // A double does not raise the level: over 2C X, 2C is still insufficient, 2D is not.
    auction.call(p(N), Call::Double).unwrap();
    refused(&mut auction, "2C", "Law 18");
    refused(&mut auction, "1NT", "Law 18");
    auction.call(p(E), call("2D")).unwrap();
}

trait BidOf {
    fn bid(self) -> Bid;
}

impl BidOf for Call {
    fn bid(self) -> Bid {
        match self {
            Call::Bid(b) => b,
            other => panic!("{other} is not a bid"),
        }
    }
}

/// Every bid of Contract Bridge, lowest first, written out by hand.
fn all_bids() -> Vec<Bid> {
    let strains = [
        Strain::Suit(Suit::Clubs),
        Strain::Suit(Suit::Diamonds),
        Strain::Suit(Suit::Hearts),
        Strain::Suit(Suit::Spades),
        Strain::NoTrump,
    ];
    (1..=7u8)
        .flat_map(|level| strains.map(|s| Bid::new(level, s)))
        .collect()
}

#[test]
fn there_are_35_bids_and_7nt_is_the_top() {
    let bids = AuctionRules::BRIDGE.bids();
    assert_eq!(bids.len(), 35);
    assert_eq!(bids, all_bids());
    assert_eq!(bids[0].to_string(), "1C");
    assert_eq!(bids[34].to_string(), "7NT");
    // The derived order is the bidding order.
    assert!(bids.windows(2).all(|w| w[0] < w[1]));
    // Each bid is sufficient over every lower one and over nothing higher.
    for (i, &bid) in bids.iter().enumerate() {
        let opening = Auction::new(AuctionRules::BRIDGE, p(N));
        assert!(opening.check(p(N), Call::Bid(bid)).is_ok(), "open {bid}");
        for (j, &last) in bids.iter().enumerate() {
            let mut auction = Auction::new(AuctionRules::BRIDGE, p(N));
            auction.call(p(N), Call::Bid(last)).unwrap();
            assert_eq!(
                auction.check(p(E), Call::Bid(bid)).is_ok(),
                i > j,
                "{bid} over {last}"
            );
        }
    }
    // Nothing beats 7NT: only pass and double remain for the opponents.
    let auction = run(S, &["7NT"]);
    assert_eq!(auction.legal_calls(), vec![Call::Pass, Call::Double]);
    // Bids that do not exist.
    assert!("8C".parse::<Call>().is_err());
    let mut auction = run(S, &["P"]);
    let err = refused(&mut auction, "0NT", "Law 18");
    assert!(matches!(err, AuctionError::NoSuchBid(_)), "{err:?}");
}

// ---------------------------------------------------------------------------------------
// Law 19: double and redouble
// ---------------------------------------------------------------------------------------

#[test]
fn double_of_an_opponents_undoubled_bid_is_legal() {
    // Directly after the bid.
    let mut a = run(N, &["1S"]);
    a.call(p(E), Call::Double).unwrap();
    // In the pass-out seat, after only passes.
    let mut a = run(N, &["1S", "P", "P"]);
    a.call(p(W), Call::Double).unwrap();
    assert!(!a.is_over());
    // An opponent's bid that overcalls your side's.
    let mut a = run(N, &["1S", "2C", "P", "P"]);
    a.call(p(N), Call::Double).unwrap();
    assert_eq!(a.standing_contract(), Some(contract("2CX")));
}

#[test]
fn double_is_refused_by_law_19a() {
    // No bid to double.
    let mut a = run(N, &[]);
    refused(&mut a, "X", "Law 19A");
    let mut a = run(N, &["P", "P"]);
    refused(&mut a, "X", "Law 19A");
    // Partner's bid.
    let mut a = run(N, &["1S", "P"]);
    refused(&mut a, "X", "Law 19A");
    // Own side's bid, after an opponent has bid in between.
    let mut a = run(N, &["1S", "2C", "2S", "P"]);
    refused(&mut a, "X", "Law 19A");
    // East-West's own bid (East opened, West to call).
    let mut a = run(E, &["1D", "P"]);
    refused(&mut a, "X", "Law 19A");
    // Already doubled, by the doubler's partner.
    let mut a = run(N, &["1S", "X", "P"]);
    refused(&mut a, "X", "Law 19A");
    // Redoubled: no double either.
    let mut a = run(N, &["1S", "X", "XX", "P"]);
    refused(&mut a, "X", "Law 19A");
}

#[test]
fn redouble_only_by_the_doubled_side_law_19b() {
    // The bidder's partner, at once.
    let mut a = run(N, &["1S", "X"]);
    a.call(p(S), Call::Redouble).unwrap();
    assert_eq!(a.standing_contract(), Some(contract("1SXX")));
    // The bidder himself, after passes.
    let mut a = run(N, &["1S", "X", "P", "P"]);
    a.call(p(N), Call::Redouble).unwrap();
    // The doubling side may not redouble.
    let mut a = run(N, &["1S", "X", "P"]);
    let err = refused(&mut a, "XX", "Law 19B");
    assert!(matches!(err, AuctionError::Redouble(_)));
    // No double to redouble.
    let mut a = run(N, &["1S"]);
    refused(&mut a, "XX", "Law 19B");
    let mut a = run(N, &["1S", "P"]);
    refused(&mut a, "XX", "Law 19B");
    let mut a = run(N, &[]);
    refused(&mut a, "XX", "Law 19B");
    // Not twice.
    let mut a = run(N, &["1S", "X", "XX", "P"]);
    refused(&mut a, "XX", "Law 19B");
    // A new bid cancels the double: nothing to redouble.
    let mut a = run(N, &["1S", "X", "2C"]);
    refused(&mut a, "XX", "Law 19B");
}

#[test]
fn a_later_bid_cancels_a_double_law_19c() {
    let a = run(N, &["1S", "X", "2S", "P", "P", "P"]);
    assert_eq!(a.contract(), Some(contract("2S")));
    assert_eq!(a.contract().unwrap().doubling, Doubling::Undoubled);
    assert_eq!(a.declarer(), Some(p(N)));
    let a = run(N, &["1S", "X", "XX", "2C", "P", "P", "P"]);
    assert_eq!(a.contract(), Some(contract("2C")));
    assert_eq!(a.declarer(), Some(p(W)));
    // A double that stands makes a doubled contract; a redouble, a redoubled one.
    let a = run(N, &["1S", "X", "P", "P", "P"]);
    assert_eq!(a.contract(), Some(contract("1SX")));
    let a = run(N, &["1S", "X", "XX", "P", "P", "P"]);
    assert_eq!(a.contract(), Some(contract("1SXX")));
    // A double of the new bid counts again.
    let a = run(N, &["1S", "X", "2S", "X", "P", "P", "P"]);
    assert_eq!(a.contract(), Some(contract("2SX")));
}

// ---------------------------------------------------------------------------------------
// Law 22: the end of the auction
// ---------------------------------------------------------------------------------------

#[test]
fn three_passes_after_a_bid_end_the_auction() {
    let mut a = run(E, &["1NT", "P", "P"]);
    assert!(!a.is_over());
    assert_eq!(a.contract(), None, "no contract until the auction ends");
    assert_eq!(a.next_to_call(), Some(p(N)));
    a.call(p(N), Call::Pass).unwrap();
    assert!(a.is_over());
    assert!(!a.is_passed_out());
    assert_eq!(a.next_to_call(), None);
    assert_eq!(a.contract(), Some(contract("1NT")));
    assert_eq!(a.declarer(), Some(p(E)));
    assert!(a.legal_calls().is_empty());
    for seat in Seat::ALL {
        let err = a.call(p(seat), Call::Pass).unwrap_err();
        assert_eq!(err, AuctionError::Over);
        assert!(err.to_string().contains("Law 22"));
    }
    // Passes after a double count the same way.
    let a = run(E, &["1NT", "X", "P", "P"]);
    assert!(!a.is_over());
    let a = run(E, &["1NT", "X", "P", "P", "P"]);
    assert!(a.is_over());
}

#[test]
fn four_passes_pass_the_deal_out() {
    let mut a = run(S, &["P", "P", "P"]);
    assert!(!a.is_over());
    a.call(p(E), Call::Pass).unwrap();
    assert!(a.is_over());
    assert!(a.is_passed_out());
    assert_eq!(a.contract(), None);
    assert_eq!(a.declarer(), None);
    assert_eq!(a.next_to_call(), None);

    let setup =
        BridgeSetup::from_seed_with_dealer(9, S, Vulnerability::None, BridgeOptions::default());
    let mut deal = BridgeDeal::from_setup(setup).unwrap();
    for seat in [S, W, N, E] {
        assert_eq!(deal.phase(), Phase::Auction);
        deal.try_apply(p(seat), Action::Call(Call::Pass)).unwrap();
    }
    assert_eq!(deal.phase(), Phase::Finished);
    assert!(deal.is_passed_out());
    assert_eq!(deal.score_ns(), Some(0));
    assert!(deal.to_act().is_empty());
}

#[test]
fn after_three_passes_the_fourth_player_may_open() {
    let mut a = run(W, &["P", "P", "P"]);
    assert_eq!(a.next_to_call(), Some(p(S)));
    a.call(p(S), call("1C")).unwrap();
    assert!(!a.is_over());
    for seat in [W, N, E] {
        a.call(p(seat), Call::Pass).unwrap();
    }
    assert!(a.is_over());
    assert_eq!(a.contract(), Some(contract("1C")));
    assert_eq!(a.declarer(), Some(p(S)));
    assert_eq!(a.calls().len(), 7);
}

#[test]
fn a_player_who_passed_may_bid_later() {
    let mut a = run(N, &["P", "1C", "P", "1H"]);
    a.call(p(N), call("1S")).unwrap();
    a.call(p(E), Call::Pass).unwrap();
    a.call(p(S), call("2S")).unwrap();
    let a = run(N, &["P", "1C", "P", "1H", "1S", "P", "2S", "P", "P", "P"]);
    assert_eq!(a.contract(), Some(contract("2S")));
    assert_eq!(a.declarer(), Some(p(N)));
}

// ---------------------------------------------------------------------------------------
// Declarer: the first of the contracting side to name the strain
// ---------------------------------------------------------------------------------------

#[test]
fn declarer_is_the_first_of_the_side_to_name_the_strain() {
    // (dealer, calls, contract, declarer)
    let cases: &[(Seat, &[&str], &str, Seat)] = &[
        // RULES.md's example: N 1S, S 4S: North declares.
        (N, &["1S", "P", "4S", "P", "P", "P"], "4S", N),
        // The last bidder's partner named it first, at a lower level.
        (E, &["1H", "P", "2H", "P", "4H", "P", "P", "P"], "4H", E),
        // East-West: West named hearts first, East bid the game.
        (E, &["1C", "P", "1H", "P", "4H", "P", "P", "P"], "4H", W),
        // Partner named the strain first in an earlier, different-level bid (1NT), then
        // the other partner bid 3NT.
        (
            N,
            &["1NT", "P", "2C", "P", "2S", "P", "3NT", "P", "P", "P"],
            "3NT",
            N,
        ),
        // An opponent named the strain first: that does not make them declarer.
        (N, &["1S", "2S", "P", "4S", "P", "P", "P"], "4S", E),
        (N, &["1H", "1S", "2H", "2S", "4H", "P", "P", "P"], "4H", N),
        // Doubling does not change who declares.
        (S, &["1D", "P", "3D", "X", "XX", "P", "P", "P"], "3DXX", S),
        // North named hearts in the first round; South's later 2H does not take over.
        (
            W,
            &["1C", "1H", "P", "P", "2C", "P", "P", "2H", "P", "P", "P"],
            "2H",
            N,
        ),
        // The last bidder declares when nobody on the side named the strain before.
        (W, &["1C", "P", "P", "1H", "P", "P", "P"], "1H", S),
        (
            N,
            &["1C", "1D", "1H", "P", "2C", "P", "P", "2D", "P", "P", "P"],
            "2D",
            E,
        ),
        // Dealer's side: third seat opens after passes.
        (N, &["P", "P", "1S", "P", "2S", "P", "P", "P"], "2S", S),
    ];
    for &(dealer, calls, want_contract, want_declarer) in cases {
        let a = run(dealer, calls);
        assert!(a.is_over(), "{calls:?}");
        assert_eq!(a.contract(), Some(contract(want_contract)), "{calls:?}");
        assert_eq!(a.declarer(), Some(p(want_declarer)), "{calls:?}");
    }
}

#[test]
fn a_deal_sets_declarer_and_dummy_from_the_auction() {
    let setup =
        BridgeSetup::from_seed_with_dealer(5, N, Vulnerability::None, BridgeOptions::default());
    let mut deal = BridgeDeal::from_setup(setup).unwrap();
    for (i, text) in ["1S", "P", "4S", "P", "P", "P"].iter().enumerate() {
        let events = deal
            .try_apply(p(N.offset(i)), Action::Call(call(text)))
            .unwrap();
        assert_eq!(events.new_phase, (i == 5).then_some(Phase::Play));
    }
    let view = deal.full_view();
    assert_eq!(view.contract, Some(contract("4S")));
    assert_eq!(view.declarer, Some(p(N)));
    assert_eq!(view.dummy, Some(p(S)));
    assert_eq!(deal.contract(), Some((contract("4S"), N)));
}

// ---------------------------------------------------------------------------------------
// legal_calls against brute force and a reference model of the Laws
// ---------------------------------------------------------------------------------------

/// Every call there is: P, X, XX and the 35 bids.
fn every_call() -> Vec<Call> {
    let mut calls = vec![Call::Pass, Call::Double, Call::Redouble];
    calls.extend(all_bids().into_iter().map(Call::Bid));
    calls
}

fn strain_rank(strain: Strain) -> u8 {
    match strain {
        Strain::Suit(Suit::Clubs) => 0,
        Strain::Suit(Suit::Diamonds) => 1,
        Strain::Suit(Suit::Hearts) => 2,
        Strain::Suit(Suit::Spades) => 3,
        Strain::NoTrump => 4,
        Strain::Suit(Suit::Stars) => panic!("no stars in bridge"),
    }
}

/// The auction as the Laws describe it, from the calls alone (dealer first).
struct Reference {
    /// The last bid's rank (0 = 1C .. 34 = 7NT), its bidder's seat offset from the dealer,
    /// and 0 / 1 / 2 for undoubled / doubled / redoubled.
    last: Option<(u8, usize, u8)>,
    over: bool,
    next: usize,
}

impl Reference {
    fn new(calls: &[Call]) -> Reference {
        let mut last = None;
        for (i, c) in calls.iter().enumerate() {
            match c {
                Call::Bid(b) => last = Some(((b.level - 1) * 5 + strain_rank(b.strain), i, 0)),
                Call::Double => last.as_mut().unwrap().2 = 1,
                Call::Redouble => last.as_mut().unwrap().2 = 2,
                Call::Pass => {}
            }
        }
        let trailing = calls.iter().rev().take_while(|&&c| c == Call::Pass).count();
        let over = if last.is_some() {
            trailing >= 3
        } else {
            trailing >= 4
        };
        Reference {
            last,
            over,
            next: calls.len(),
        }
    }

    fn legal(&self, c: Call) -> bool {
        if self.over {
            return false;
        }
        let same_side = |bidder: usize| (bidder + self.next).is_multiple_of(2);
        match (c, self.last) {
            (Call::Pass, _) => true,
            (Call::Bid(b), None) => (1..=7).contains(&b.level),
            (Call::Bid(b), Some((rank, _, _))) => (b.level - 1) * 5 + strain_rank(b.strain) > rank,
            (Call::Double, Some((_, bidder, 0))) => !same_side(bidder),
            (Call::Redouble, Some((_, bidder, 1))) => same_side(bidder),
            _ => false,
        }
    }

    /// The contract and the declarer's offset from the dealer.
    fn result(calls: &[Call]) -> Option<(Contract, usize)> {
        let r = Reference::new(calls);
        let (_, bidder, doubling) = r.last?;
        let Call::Bid(bid) = calls[bidder] else {
            unreachable!()
        };
        let declarer = calls
            .iter()
            .enumerate()
            .position(|(i, c)| {
                (i + bidder).is_multiple_of(2)
                    && matches!(c, Call::Bid(b) if b.strain == bid.strain)
            })
            .unwrap();
        let doubling =
            [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled][doubling as usize];
        Some((Contract::new(bid.level, bid.strain, doubling), declarer))
    }
}

#[test]
fn legal_calls_match_brute_force_and_the_reference_over_random_auctions() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let every = every_call();
    let mut finished = 0;
    let mut passed_out = 0;
    let mut doubled = 0;
    let mut redoubled = 0;
    for round in 0..3000 {
        let dealer = Seat::from_index(round % 4);
        let mut auction = Auction::new(AuctionRules::BRIDGE, p(dealer));
        // Vary how keen the players are to pass, for short and long auctions.
        let pass_weight = [0.3, 0.5, 0.7, 0.85][round % 4];
        loop {
            let calls = auction.calls().to_vec();
            let reference = Reference::new(&calls);
            assert_eq!(auction.is_over(), reference.over, "{calls:?}");
            let legal = auction.legal_calls();
            let Some(who) = auction.next_to_call() else {
                assert!(legal.is_empty());
                break;
            };
            assert_eq!(who, p(dealer.offset(calls.len())));
            let brute: Vec<Call> = every
                .iter()
                .copied()
                .filter(|&c| auction.check(who, c).is_ok())
                .collect();
            assert_eq!(legal, brute, "after {calls:?}");
            let model: Vec<Call> = every
                .iter()
                .copied()
                .filter(|&c| reference.legal(c))
                .collect();
            assert_eq!(legal, model, "after {calls:?}");
            // Nobody else may call.
            for other in Seat::ALL.map(p).into_iter().filter(|&o| o != who) {
                assert!(matches!(
                    auction.check(other, Call::Pass),
                    Err(AuctionError::OutOfTurn { .. })
                ));
            }
            // Every refused call leaves the auction as it was.
            let before = auction.clone();
            for &c in every.iter().filter(|c| !legal.contains(c)) {
                assert!(auction.call(who, c).is_err());
            }
            assert_eq!(auction, before);
            let choice = if rng.random_bool(pass_weight) {
                Call::Pass
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            auction.call(who, choice).unwrap();
        }
        finished += 1;
        let calls = auction.calls().to_vec();
        match Reference::result(&calls) {
            None => {
                passed_out += 1;
                assert!(auction.is_passed_out());
                assert_eq!(auction.contract(), None);
                assert_eq!(auction.declarer(), None);
            }
            Some((c, declarer)) => {
                assert!(!auction.is_passed_out());
                assert_eq!(auction.contract(), Some(c), "{calls:?}");
                assert_eq!(
                    auction.declarer(),
                    Some(p(dealer.offset(declarer))),
                    "{calls:?}"
                );
                doubled += usize::from(c.doubling == Doubling::Doubled);
                redoubled += usize::from(c.doubling == Doubling::Redoubled);
            }
        }
    }
    assert_eq!(finished, 3000);
    // The random auctions reached every kind of ending.
    assert!(passed_out > 50, "{passed_out}");
    assert!(doubled > 50, "{doubled}");
    assert!(redoubled > 10, "{redoubled}");
}

#[test]
fn a_refused_call_leaves_the_deal_unchanged() {
    let setup = BridgeSetup::from_seed_with_dealer(
        11,
        N,
        Vulnerability::EastWest,
        BridgeOptions::default(),
    );
    let mut deal = BridgeDeal::from_setup(setup).unwrap();
    for (seat, text) in [(N, "1H"), (E, "X"), (S, "XX")] {
        deal.try_apply(p(seat), Action::Call(call(text))).unwrap();
    }
    let view = deal.full_view();
    let history = deal.history().to_vec();
    let observations: Vec<_> = Seat::ALL.iter().map(|&s| deal.observation(p(s))).collect();
    // West: insufficient, double of a redoubled bid, redouble by the wrong side, a card,
    // and calls by the wrong players.
    let attempts = [
        (W, "1D"),
        (W, "1H"),
        (W, "X"),
        (W, "XX"),
        (W, "SA"),
        (N, "P"),
        (E, "2C"),
        (S, "P"),
    ];
    for (seat, text) in attempts {
        let action: Action = text.parse().unwrap();
        assert!(deal.try_apply(p(seat), action).is_err(), "{seat} {text}");
        assert_eq!(deal.full_view(), view, "{seat} {text}");
        assert_eq!(deal.history(), &history[..]);
        for (i, &s) in Seat::ALL.iter().enumerate() {
            assert_eq!(deal.observation(p(s)), observations[i]);
        }
    }
    deal.try_apply(p(W), Action::Call(call("1S"))).unwrap();
    assert_eq!(deal.auction().standing_contract(), Some(contract("1S")));
}
