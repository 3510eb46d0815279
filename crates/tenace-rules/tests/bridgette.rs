//! Bridgette acceptance tests on hand-made deals (RULES.md §4): the exchange draws, the
//! bid restrictions and the auction, every colon rule in play, the scoring vectors, and
//! the six-deal game with its tie-break.

mod bridgette_support;

use bridgette_support::{act, card, cards, deal_after_calls, oracle_points, setup, to_act};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_cards::{Card, CardSet, Player};
use tenace_rules::bridgette::{
    BridgetteDeal, BridgetteMatch, BridgetteOptions, NtJumpRequirement, OpeningPass,
    TieAfterSeventh, UpcardTo,
};
use tenace_rules::scoring::{BridgetteScore, BridgetteScoring, bridgette_score};
use tenace_rules::{Action, Call, Doubling, Game, Match, Phase};

const P0: Player = Player(0);
const P1: Player = Player(1);

// ---------------------------------------------------------------- exchange (§4.2)

const SPADES: &str = "SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2";
const HEARTS: &str = "HA HK HQ HJ HT H9 H8 H7 H6 H5 H4 H3 H2";

/// Checks both draws for one up-card and `upcard_to`, then discards back to 13.
fn check_draws(upcard: &str, upcard_to: UpcardTo, dealer_draw: usize) {
    let options = BridgetteOptions {
        upcard_to,
        ..Default::default()
    };
    let (dealer, non_dealer) = (P1, P0);
    let setup = setup(options, dealer, SPADES, HEARTS, upcard);
    let s = setup.stock.clone();
    let set = |cs: &[Card]| cs.iter().copied().collect::<CardSet>();
    // RULES.md §4.2 and decision G2: where each player's cards come from in the stock.
    let (non_dealer_draw, dealer_cards) = match upcard_to {
        UpcardTo::NonDealer => (set(&s[0..2]), set(&s[2..2 + dealer_draw])),
        UpcardTo::Dealer => (
            set(&s[1..3]),
            set(&s[0..1]) | set(&s[3..3 + dealer_draw - 1]),
        ),
        UpcardTo::None => (set(&s[1..3]), set(&s[3..3 + dealer_draw])),
    };
    let what = format!("up-card {upcard}, upcard_to {upcard_to:?}");
    let mut deal = BridgetteDeal::from_setup(setup).unwrap();
    assert_eq!(deal.phase(), Phase::Exchange);
    assert_eq!(deal.upcard(), card(upcard));
    assert_eq!(
        to_act(&deal),
        non_dealer,
        "the non-dealer draws and discards first"
    );
    assert_eq!(deal.drawn()[non_dealer], non_dealer_draw, "{what}");
    assert_eq!(deal.hands()[non_dealer].len(), 15, "{what}");
    assert!(deal.drawn()[dealer].is_empty(), "the dealer draws second");

    // Out of turn, a card not held, and a call in the exchange: refused, state unchanged.
    let before = deal.clone();
    let err = deal.try_apply(dealer, act("discard HA")).unwrap_err();
    assert!(err.to_string().contains("discards now"), "{err}");
    let err = deal.try_apply(non_dealer, act("discard HA")).unwrap_err();
    assert!(err.to_string().contains("not in the hand"), "{err}");
    let err = deal.try_apply(non_dealer, act("1S")).unwrap_err();
    assert!(err.to_string().contains("discard"), "{err}");
    assert_eq!(deal, before);

    // Discards need not be drawn cards: the non-dealer sheds two of the dealt spades.
    deal.try_apply(non_dealer, act("discard S2")).unwrap();
    assert_eq!(to_act(&deal), non_dealer, "two discards are owed");
    deal.try_apply(non_dealer, act("discard S3")).unwrap();
    assert_eq!(deal.hands()[non_dealer].len(), 13);
    assert_eq!(deal.discards()[non_dealer], cards("S2 S3"));
    assert_eq!(to_act(&deal), dealer);
    assert_eq!(deal.drawn()[dealer], dealer_cards, "{what}");
    assert_eq!(deal.hands()[dealer].len(), 13 + dealer_draw, "{what}");
    for (i, discard) in dealer_cards.iter().enumerate() {
        assert_eq!(
            deal.phase(),
            Phase::Exchange,
            "{what}: {i} of {dealer_draw} discarded"
        );
        deal.try_apply(dealer, Action::Discard(discard)).unwrap();
    }
    assert_eq!(deal.phase(), Phase::Auction, "{what}");
    assert_eq!(deal.hands()[dealer], cards(HEARTS));
    assert_eq!(deal.hands()[non_dealer].len(), 13);
    let set_aside = usize::from(upcard_to == UpcardTo::None);
    assert_eq!(
        deal.stock().len(),
        29 - 2 - dealer_draw - set_aside,
        "{what}"
    );
    if upcard_to == UpcardTo::None {
        let taken = deal.drawn()[P0] | deal.drawn()[P1];
        assert!(
            !taken.contains(card(upcard)),
            "{what}: the up-card is set aside"
        );
        assert!(!deal.stock().contains(&card(upcard)));
    }
}

#[test]
fn the_upcard_sets_the_dealers_draw_under_every_upcard_to() {
    for upcard_to in [UpcardTo::NonDealer, UpcardTo::Dealer, UpcardTo::None] {
        for upcard in ["D2", "DT", "C7", "LC"] {
            check_draws(upcard, upcard_to, 4);
        }
        for upcard in ["DJ", "DQ", "CK", "RC"] {
            check_draws(upcard, upcard_to, 8);
        }
        for upcard in ["DA", "CA", "GC"] {
            check_draws(upcard, upcard_to, 12);
        }
    }
}

// ---------------------------------------------------------------- auction (§4.3)

/// Dealer (player 0): four spades, one heart, two diamonds, five clubs, and a colon.
const BIDDER0: &str = "SA SK SQ SJ H2 D2 D3 C2 C3 C4 C5 C6 GC";
/// Non-dealer: four hearts, four diamonds, two spades, two clubs, and a colon.
const BIDDER1: &str = "HA HK HQ HJ DA DK DQ DJ S2 S3 CA CK LC";

fn auction_deal(options: BridgetteOptions, hand0: &str, calls: &[&str]) -> BridgetteDeal {
    deal_after_calls(setup(options, P0, hand0, BIDDER1, "S7"), calls)
}

/// Every call of the ladder, plus pass, double and redouble.
fn all_calls() -> Vec<Call> {
    let mut calls = vec![Call::Pass, Call::Double, Call::Redouble];
    calls.extend(
        tenace_rules::bridgette::AUCTION_RULES
            .bids()
            .into_iter()
            .map(Call::Bid),
    );
    calls
}

/// `legal_actions` lists exactly the calls `try_apply` takes, and a refusal changes nothing.
fn assert_legal_agrees(deal: &BridgetteDeal) {
    let player = to_act(deal);
    let legal = deal.legal_actions(player);
    for call in all_calls() {
        let mut trial = deal.clone();
        let accepted = trial.try_apply(player, Action::Call(call)).is_ok();
        assert_eq!(legal.contains(&Action::Call(call)), accepted, "{call}");
        if !accepted {
            assert_eq!(&trial, deal, "{call} refused but the state changed");
        }
    }
}

/// Tries a call by the player to act: `Ok` or the error message, the state unchanged on error.
fn try_call(deal: &BridgetteDeal, call: &str) -> Result<(), String> {
    let mut trial = deal.clone();
    let result = trial.try_apply(to_act(deal), act(call));
    if result.is_err() {
        assert_eq!(&trial, deal);
    }
    result.map(|_| ()).map_err(|e| e.to_string())
}

#[test]
fn opening_bids_obey_the_restrictions() {
    let deal = auction_deal(BridgetteOptions::default(), BIDDER0, &[]);
    assert_eq!(to_act(&deal), P0, "the dealer calls first");
    assert!(deal.clone().try_apply(P1, act("1D")).is_err());
    let err = try_call(&deal, "1H").unwrap_err();
    assert!(err.contains("to bid a suit, hold two"), "{err}");
    // An opening above the one level in a suit is a jump.
    let err = try_call(&deal, "2D").unwrap_err();
    assert!(err.contains("a jump bid needs four trumps"), "{err}");
    for ok in ["1D", "1S", "2S", "7S", "3C", "0NT", "1NT", "7NT", "P"] {
        assert_eq!(try_call(&deal, ok), Ok(()), "{ok}");
    }
    assert!(try_call(&deal, "X").is_err() && try_call(&deal, "XX").is_err());
    assert_legal_agrees(&deal);

    // nt_jump_requirement = forbidden: an NT opening above 0NT is a jump, and refused.
    let forbidden = BridgetteOptions {
        nt_jump_requirement: NtJumpRequirement::Forbidden,
        ..Default::default()
    };
    let deal = auction_deal(forbidden, BIDDER0, &[]);
    assert_eq!(try_call(&deal, "0NT"), Ok(()));
    let err = try_call(&deal, "1NT").unwrap_err();
    assert!(err.contains("nt_jump_requirement = forbidden"), "{err}");
    assert_legal_agrees(&deal);
}

#[test]
fn responses_obey_the_restrictions_relative_to_the_standing_bid() {
    for nt_jump_requirement in [NtJumpRequirement::NtRuleOnly, NtJumpRequirement::Forbidden] {
        let options = BridgetteOptions {
            nt_jump_requirement,
            ..Default::default()
        };
        // Over 1S the lowest club bid is 2C: not a jump, so two clubs are enough.
        let deal = auction_deal(options, BIDDER0, &["1S"]);
        assert_eq!(to_act(&deal), P1);
        for ok in ["2C", "2D", "3D", "2H", "5H", "1NT", "X", "P"] {
            assert_eq!(try_call(&deal, ok), Ok(()), "{ok}");
        }
        let err = try_call(&deal, "3C").unwrap_err();
        assert!(err.contains("a jump bid needs four trumps"), "{err}");
        // 2S is the lowest spade bid, so two spades do; 3S is a jump.
        assert_eq!(try_call(&deal, "2S"), Ok(()));
        let err = try_call(&deal, "3S").unwrap_err();
        assert!(err.contains("a jump bid needs four trumps"), "{err}");
        let two_nt = try_call(&deal, "2NT");
        match nt_jump_requirement {
            NtJumpRequirement::NtRuleOnly => assert_eq!(two_nt, Ok(())),
            NtJumpRequirement::Forbidden => {
                assert!(
                    two_nt
                        .unwrap_err()
                        .contains("nt_jump_requirement = forbidden")
                );
            }
        }
        assert_legal_agrees(&deal);
    }
}

#[test]
fn colons_never_count_toward_a_restriction() {
    let dealt = |hand0| {
        let other = "HA HK HQ HJ DA DK DQ DJ S2 S3 CA CK C9";
        deal_after_calls(
            setup(BridgetteOptions::default(), P0, hand0, other, "S7"),
            &[],
        )
    };
    // Five spades, four hearts, one diamond, no club, and all three colons.
    let deal = dealt("SA SK SQ SJ ST H2 H3 H4 H5 D2 LC RC GC");
    let err = try_call(&deal, "0NT").unwrap_err();
    assert!(
        err.contains("to bid no trump, hold all four suits"),
        "{err}"
    );
    let err = try_call(&deal, "1D").unwrap_err();
    assert!(err.contains("to bid a suit, hold two"), "{err}");
    let err = try_call(&deal, "1C").unwrap_err();
    assert!(err.contains("to bid a suit, hold two"), "{err}");
    // Three hearts and a colon are not four: a jump in hearts needs four real hearts.
    let three_hearts = dealt("SA SK SQ SJ ST H2 H3 H4 D3 D2 C2 C3 RC");
    let err = try_call(&three_hearts, "2H").unwrap_err();
    assert!(err.contains("a jump bid needs four trumps"), "{err}");
    assert_eq!(try_call(&deal, "3H"), Ok(()));
    assert_legal_agrees(&deal);
    assert_legal_agrees(&three_hearts);
}

#[test]
fn a_higher_bid_cancels_a_double_and_a_pass_ends_the_auction() {
    let deal = auction_deal(
        BridgetteOptions::default(),
        BIDDER0,
        &["1D", "X", "1S", "P"],
    );
    assert_eq!(deal.phase(), Phase::Play);
    let contract = deal.contract().unwrap();
    assert_eq!(contract.to_string(), "1S");
    assert_eq!(contract.doubling, Doubling::Undoubled);
    assert_eq!(deal.declarer(), Some(P0));
    assert_eq!(to_act(&deal), P1, "declarer's opponent leads");

    // A pass while a doubled bid stands ends the auction too.
    let deal = auction_deal(BridgetteOptions::default(), BIDDER0, &["1D", "X", "P"]);
    assert_eq!(deal.contract().unwrap().to_string(), "1DX");
    assert_eq!(deal.declarer(), Some(P0));
}

#[test]
fn only_the_doubled_bidder_redoubles() {
    let deal = auction_deal(BridgetteOptions::default(), BIDDER0, &["1D"]);
    assert!(try_call(&deal, "XX").is_err(), "nothing doubled yet");
    let deal = auction_deal(BridgetteOptions::default(), BIDDER0, &["1D", "1H", "X"]);
    assert!(try_call(&deal, "X").is_err(), "already doubled");
    assert_eq!(try_call(&deal, "XX"), Ok(()));
    assert_legal_agrees(&deal);
    let deal = auction_deal(
        BridgetteOptions::default(),
        BIDDER0,
        &["1D", "1H", "X", "XX"],
    );
    assert!(
        try_call(&deal, "XX").is_err(),
        "the doubler may not redouble"
    );
    assert!(try_call(&deal, "X").is_err());
    let deal = auction_deal(
        BridgetteOptions::default(),
        BIDDER0,
        &["1D", "1H", "X", "XX", "P"],
    );
    assert_eq!(deal.contract().unwrap().to_string(), "1HXX");
    assert_eq!(deal.declarer(), Some(P1));
    assert_eq!(to_act(&deal), P0);
}

#[test]
fn standard_opening_pass_lets_the_auction_continue_and_two_passes_throw_in() {
    let deal = auction_deal(
        BridgetteOptions::default(),
        BIDDER0,
        &["P", "1H", "1S", "P"],
    );
    assert_eq!(deal.contract().unwrap().to_string(), "1S");
    assert_eq!(deal.declarer(), Some(P0));
    let deal = auction_deal(BridgetteOptions::default(), BIDDER0, &["P", "1H", "P"]);
    assert_eq!(deal.declarer(), Some(P1));
    assert_eq!(to_act(&deal), P0);

    let deal = auction_deal(BridgetteOptions::default(), BIDDER0, &["P", "P"]);
    assert_eq!(deal.phase(), Phase::Finished);
    assert!(deal.thrown_in());
    assert_eq!(deal.contract(), None);
    assert_eq!(deal.points(), Some([0, 0]));
    assert!(deal.to_act().iter().next().is_none());
}

#[test]
fn opponent_must_name_forces_a_contract_that_stands() {
    let options = BridgetteOptions {
        opening_pass: OpeningPass::OpponentMustName,
        ..Default::default()
    };
    let deal = auction_deal(options, BIDDER0, &["P"]);
    let err = try_call(&deal, "P").unwrap_err();
    assert!(err.contains("opening_pass = opponent_must_name"), "{err}");
    assert!(!deal.legal_actions(P1).contains(&act("P")));
    assert_legal_agrees(&deal);
    let deal = auction_deal(options, BIDDER0, &["P", "1H"]);
    assert_eq!(deal.phase(), Phase::Play, "the named contract stands");
    assert_eq!(deal.contract().unwrap().to_string(), "1H");
    assert_eq!(deal.declarer(), Some(P1));
    assert_eq!(to_act(&deal), P0);
    // Without an opening pass the option changes nothing.
    let deal = auction_deal(options, BIDDER0, &["1D", "1H"]);
    assert_eq!(deal.phase(), Phase::Auction);
}

// ---------------------------------------------------------------- play (§4.4)

/// Plays a card by the player to act, panicking with the rule if refused.
fn play(deal: &mut BridgetteDeal, c: &str) -> Option<Player> {
    let player = to_act(deal);
    deal.try_apply(player, Action::Card(card(c)))
        .unwrap_or_else(|e| panic!("{c} by {player}: {e}"))
        .trick_won
}

/// The cards the player to act may play.
fn legal_cards(deal: &BridgetteDeal) -> CardSet {
    deal.legal_actions(to_act(deal))
        .into_iter()
        .map(|a| match a {
            Action::Card(c) => c,
            other => panic!("{other:?} in the play"),
        })
        .collect()
}

/// Tries a card; returns the error message, checking `legal_actions` agrees and the
/// state is unchanged.
fn refused(deal: &BridgetteDeal, c: &str) -> String {
    assert!(!legal_cards(deal).contains(card(c)), "{c} listed as legal");
    let mut trial = deal.clone();
    let err = trial
        .try_apply(to_act(deal), Action::Card(card(c)))
        .expect_err(c)
        .to_string();
    assert_eq!(&trial, deal);
    err
}

fn with_block_colon_lead(allowed: bool) -> BridgetteOptions {
    BridgetteOptions {
        block_allows_colon_lead: allowed,
        ..Default::default()
    }
}

/// Dealer (declarer in hearts) holds the Little and Royal Colons and three low spades.
const FOLLOWER: &str = "S2 S3 S4 H2 H3 D2 D3 D4 C2 C3 C4 LC RC";
/// The non-dealer leads from four spades, and holds the Grand Colon.
const LEADER: &str = "S5 S6 S7 SA H4 H5 D5 D6 D7 C5 C6 C7 GC";

#[test]
fn the_matching_colon_may_follow_loses_and_blocks_the_led_suit() {
    for allowed in [true, false] {
        let mut deal = deal_after_calls(
            setup(with_block_colon_lead(allowed), P0, FOLLOWER, LEADER, "S8"),
            &["1H", "P"],
        );
        assert_eq!(play(&mut deal, "S5"), None);
        // Holding spades, the follower may still play the Little Colon (S5 is 2–10), but
        // not the Royal Colon, nor a trump.
        assert_eq!(legal_cards(&deal), cards("S2 S3 S4 LC"));
        let err = refused(&deal, "RC");
        assert!(
            err.contains("a colon follows only a card of its group"),
            "{err}"
        );
        assert!(refused(&deal, "H2").contains("follow suit"));
        assert_eq!(play(&mut deal, "LC"), Some(P1), "the colon loses");
        assert_eq!(deal.play().unwrap().tricks_won(), [0, 1]);

        // The leader won, and must lead another suit now.
        assert_eq!(to_act(&deal), P1);
        let others = cards("H4 H5 D5 D6 D7 C5 C6 C7");
        let expected = if allowed {
            others | cards("GC")
        } else {
            others
        };
        assert_eq!(
            legal_cards(&deal),
            expected,
            "block_allows_colon_lead = {allowed}"
        );
        let err = refused(&deal, "S6");
        assert!(err.contains("the colon block"), "{err}");
        if !allowed {
            let err = refused(&deal, "GC");
            assert!(err.contains("the colon block"), "{err}");
        }
        // The block lasts one lead: after an ordinary trick spades are open again.
        assert_eq!(play(&mut deal, "H5"), None);
        assert_eq!(play(&mut deal, "H2"), Some(P1));
        assert!(legal_cards(&deal).contains(card("S6")));
    }
}

#[test]
fn a_colon_played_to_a_trump_lead_loses_too() {
    let mut deal = deal_after_calls(
        setup(BridgetteOptions::default(), P0, FOLLOWER, LEADER, "S8"),
        &["1H", "P"],
    );
    play(&mut deal, "H4");
    assert!(legal_cards(&deal).contains(card("LC")));
    assert_eq!(play(&mut deal, "LC"), Some(P1));
    assert!(
        !legal_cards(&deal).contains(card("H5")),
        "hearts are blocked now"
    );
}

#[test]
fn the_block_gives_way_when_the_leader_holds_nothing_else() {
    let follower = "SA H2 H3 H4 D2 D3 D4 C2 C3 C4 C5 LC RC";
    // Twelve spades and the Grand Colon.
    let leader = "S2 S3 S4 S5 S6 S7 S8 S9 ST SJ SQ SK GC";
    for allowed in [true, false] {
        let mut deal = deal_after_calls(
            setup(with_block_colon_lead(allowed), P0, follower, leader, "D8"),
            &["1H", "P"],
        );
        play(&mut deal, "S5");
        assert_eq!(
            play(&mut deal, "LC"),
            Some(P1),
            "LC may follow, even holding SA"
        );
        let spades = cards("S2 S3 S4 S6 S7 S8 S9 ST SJ SQ SK");
        if allowed {
            // The colon is another lead, so the spades stay blocked.
            assert_eq!(legal_cards(&deal), cards("GC"));
            assert!(refused(&deal, "S6").contains("the colon block"));
        } else {
            // Colons may not be led under the block: the blocked suit is all that is left.
            assert_eq!(legal_cards(&deal), spades);
            play(&mut deal, "S6");
        }
    }

    // A leader of thirteen spades may lead spades again.
    let follower = "H2 H3 H4 H5 D2 D3 D4 C2 C3 C4 C5 LC RC";
    let mut deal = deal_after_calls(
        setup(BridgetteOptions::default(), P0, follower, SPADES, "D8"),
        &["1H", "P"],
    );
    play(&mut deal, "S5");
    // Void in spades, the follower may play any non-colon card or the matching colon.
    assert_eq!(
        legal_cards(&deal),
        cards("H2 H3 H4 H5 D2 D3 D4 C2 C3 C4 C5 LC")
    );
    assert_eq!(play(&mut deal, "LC"), Some(P1));
    assert_eq!(legal_cards(&deal).len(), 12);
    play(&mut deal, "S6");
}

#[test]
fn a_hand_of_only_mismatched_colons_must_play_one_and_a_whole_deal_scores() {
    // Declarer (the non-dealer) has thirteen clubs; the dealer eleven diamonds and two colons.
    let clubs = "CA CK CQ CJ CT C9 C8 C7 C6 C5 C4 C3 C2";
    let dealer = "DA DK DQ DJ DT D9 D8 D7 D6 D5 D4 RC GC";
    let mut deal = deal_after_calls(
        setup(BridgetteOptions::default(), P0, dealer, clubs, "H8"),
        &["P", "1C", "P"],
    );
    assert_eq!(deal.declarer(), Some(P1));
    assert_eq!(play(&mut deal, "D4"), None);
    assert_eq!(play(&mut deal, "CA"), Some(P1));
    // A low club led: the Royal and Grand Colons do not match and a diamond can be played.
    play(&mut deal, "C2");
    assert_eq!(legal_cards(&deal), cards("DA DK DQ DJ DT D9 D8 D7 D6 D5"));
    let err = refused(&deal, "RC");
    assert!(
        err.contains("a colon follows only a card of its group"),
        "{err}"
    );
    assert!(err.contains("RULES.md §4.4"), "{err}");
    play(&mut deal, "D5");
    // A king led: the Royal Colon matches, the Grand Colon still does not.
    play(&mut deal, "CK");
    assert!(legal_cards(&deal).contains(card("RC")));
    assert!(!legal_cards(&deal).contains(card("GC")));
    assert_eq!(play(&mut deal, "DA"), Some(P1));
    for (lead, shed) in [
        ("CQ", "D6"),
        ("CJ", "D7"),
        ("CT", "D8"),
        ("C9", "D9"),
        ("C8", "DT"),
        ("C7", "DJ"),
        ("C6", "DQ"),
        ("C5", "DK"),
    ] {
        assert_eq!(play(&mut deal, lead), None);
        assert_eq!(play(&mut deal, shed), Some(P1));
    }
    // Only the two mismatched colons left: one must be played; it loses and blocks nothing.
    play(&mut deal, "C4");
    assert_eq!(legal_cards(&deal), cards("RC GC"));
    assert_eq!(play(&mut deal, "GC"), Some(P1));
    assert_eq!(deal.play().unwrap().lead_restriction(), None);
    play(&mut deal, "C3");
    assert_eq!(play(&mut deal, "RC"), Some(P1));
    assert_eq!(deal.phase(), Phase::Finished);
    assert_eq!(deal.play().unwrap().tricks_won(), [0, 13]);
    // 1C with six overtricks: the 150 lump sum alone (no exact bonus, not exactly three).
    assert_eq!(deal.points(), Some([0, 150]));
    assert_eq!(deal.points(), Some(oracle_points(&deal)));
    assert_eq!(deal.outcome().unwrap().points, vec![-150, 150]);
}

/// Declarer (dealer) with a trump, a Little-group card and off-group cards in every suit.
const COLON_ANSWERER: &str = "S5 SK SQ H2 HK HQ D2 D3 D4 C2 C3 C4 RC";
const COLON_LEADER: &str = "SA S2 S3 S4 HA H3 H4 DA D5 CA C5 LC GC";

/// Leads the Little Colon into `contract` (bid by the dealer), answers with `reply`, and
/// returns who won.
fn colon_lead_winner(bid: &str, reply: &str) -> Player {
    let mut deal = deal_after_calls(
        setup(
            BridgetteOptions::default(),
            P0,
            COLON_ANSWERER,
            COLON_LEADER,
            "S8",
        ),
        &[bid, "P"],
    );
    play(&mut deal, "LC");
    assert_eq!(
        legal_cards(&deal),
        cards(COLON_ANSWERER),
        "a colon lead binds nobody to a suit"
    );
    let winner = play(&mut deal, reply).expect("the trick is complete");
    assert_eq!(
        deal.play().unwrap().lead_restriction(),
        None,
        "a colon lead blocks nothing"
    );
    winner
}

#[test]
fn a_colon_lead_is_won_by_a_trump_or_its_group_and_else_holds() {
    assert_eq!(colon_lead_winner("1H", "HK"), P0, "a trump wins");
    assert_eq!(
        colon_lead_winner("1H", "S5"),
        P0,
        "a card of the group wins, any suit"
    );
    assert_eq!(colon_lead_winner("1H", "D2"), P0);
    assert_eq!(
        colon_lead_winner("1H", "SK"),
        P1,
        "an off-group plain card loses"
    );
    assert_eq!(
        colon_lead_winner("1H", "RC"),
        P1,
        "another colon does not win"
    );
    // In no trump there is no trump: the heart king is just off-group.
    assert_eq!(colon_lead_winner("0NT", "HK"), P1);
    assert_eq!(colon_lead_winner("0NT", "H2"), P0);
    assert_eq!(colon_lead_winner("0NT", "S5"), P0);
    assert_eq!(colon_lead_winner("0NT", "RC"), P1);
}

// ---------------------------------------------------------------- scoring (§4.5)

#[test]
fn the_rules_score_vectors() {
    let score =
        |c: &str, tricks| bridgette_score(c.parse().unwrap(), tricks, BridgetteScoring::default());
    assert_eq!(score("1S", 7), BridgetteScore::Declarer(400));
    assert_eq!(score("2H", 11), BridgetteScore::Declarer(600));
    assert_eq!(score("4S", 11), BridgetteScore::Declarer(750));
    assert_eq!(score("7NT", 13), BridgetteScore::Declarer(2500));
    assert_eq!(score("1SX", 7), BridgetteScore::Declarer(1600));
    assert_eq!(score("3NTX", 7), BridgetteScore::Opponent(500));
}

#[test]
fn randomly_played_deals_score_by_the_rules() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for seed in 0..40 {
        let s = tenace_rules::bridgette::BridgetteSetup::seeded(
            BridgetteOptions::default(),
            seed,
            Some(Player((seed % 2) as u8)),
        );
        let mut deal = BridgetteDeal::from_setup(s).unwrap();
        while deal.phase() != Phase::Finished {
            let player = to_act(&deal);
            let legal = deal.legal_actions(player);
            let action = legal[rng.random_range(0..legal.len())];
            deal.try_apply(player, action).unwrap();
        }
        let points = oracle_points(&deal);
        assert_eq!(deal.points(), Some(points), "seed {seed}");
        let (a, b) = (points[0] as i32, points[1] as i32);
        assert_eq!(deal.outcome().unwrap().points, vec![a - b, b - a]);
    }
}

// ---------------------------------------------------------------- the game (§4.5)

/// Plays the current deal of a match to its end with uniform random legal actions.
/// `pass_out` makes both players pass whenever they may, to throw the hand in.
fn finish_deal(game: &mut BridgetteMatch, rng: &mut ChaCha8Rng, pass_out: bool) {
    let deals = game.finished_deals().len();
    while !game.is_over() && game.finished_deals().len() == deals {
        let player = game.to_act().iter().next().expect("someone acts");
        let legal = game.legal_actions(player);
        let pass = Action::Call(Call::Pass);
        let action = if pass_out && legal.contains(&pass) {
            pass
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        game.try_apply(player, action).unwrap();
    }
}

/// Checks a finished game against RULES.md §4.5: dealers alternate, the totals are the
/// oracle's points, and it ended at the first moment the rules end it.
fn check_finished_game(game: &BridgetteMatch) {
    assert!(game.is_over());
    let options = game.options();
    let (mut totals, mut counted) = ([0u32; 2], 0);
    let deals = game.finished_deals();
    for (k, deal) in deals.iter().enumerate() {
        assert_eq!(
            deal.setup().dealer,
            game.first_dealer().offset(k, 2),
            "deal {k}"
        );
        let points = oracle_points(deal);
        totals[0] += points[0];
        totals[1] += points[1];
        counted += usize::from(!deal.thrown_in());
        let tied = totals[0] == totals[1];
        let ends = counted == 6 && !tied
            || counted == 7 && (!tied || options.tie_after_seventh == TieAfterSeventh::Draw)
            || counted > 7 && !tied;
        assert_eq!(ends, k + 1 == deals.len(), "deal {k}: totals {totals:?}");
    }
    assert_eq!(game.totals(), totals);
    assert_eq!(game.counted_deals(), counted);
    let expected = match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => Some(P0),
        std::cmp::Ordering::Less => Some(P1),
        std::cmp::Ordering::Equal => None,
    };
    assert_eq!(game.winner(), Some(expected));
}

#[test]
fn six_counted_deals_with_the_deal_alternating() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for seed in 0..10 {
        let mut game = BridgetteMatch::new(BridgetteOptions::default(), seed).unwrap();
        while !game.is_over() {
            finish_deal(&mut game, &mut rng, false);
        }
        check_finished_game(&game);
        assert!(game.counted_deals() >= 6);
    }
}

#[test]
fn a_thrown_in_hand_passes_the_deal_and_does_not_count() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut game = BridgetteMatch::new(BridgetteOptions::default(), 77).unwrap();
    let first = game.first_dealer();
    finish_deal(&mut game, &mut rng, true);
    finish_deal(&mut game, &mut rng, true);
    assert_eq!(game.finished_deals().len(), 2);
    assert!(game.finished_deals().iter().all(|d| d.thrown_in()));
    assert_eq!(game.counted_deals(), 0);
    assert_eq!(game.totals(), [0, 0]);
    assert_eq!(
        game.current().unwrap().setup().dealer,
        first,
        "the deal went round"
    );
    assert!(game.sheet().iter().all(|line| line.number.is_none()));
    while !game.is_over() {
        finish_deal(&mut game, &mut rng, false);
    }
    check_finished_game(&game);
    assert_eq!(game.finished_deals().len(), game.counted_deals() + 2);
    assert_eq!(game.sheet()[2].number, Some(1));
}

/// Steers a game to a tie after six counted deals: for each deal, random completions are
/// tried from the same position until one fits (any counted result on odd deals; on even
/// deals, one that levels the totals).
fn tied_after_six(options: BridgetteOptions) -> BridgetteMatch {
    let mut game = BridgetteMatch::new(options, 2026).unwrap();
    while game.counted_deals() < 6 {
        let level = game.counted_deals() % 2 == 1;
        let found = (0..2000u64).find_map(|attempt| {
            let mut trial = game.clone();
            finish_deal(&mut trial, &mut ChaCha8Rng::seed_from_u64(attempt), false);
            let counted = trial.counted_deals() > game.counted_deals();
            let [a, b] = trial.totals();
            (counted && (!level || a == b)).then_some(trial)
        });
        game = found.expect("no completion levels the totals");
    }
    game
}

#[test]
fn a_tie_after_six_deals_brings_a_seventh_which_decides() {
    for tie_after_seventh in [TieAfterSeventh::KeepDealing, TieAfterSeventh::Draw] {
        let options = BridgetteOptions {
            tie_after_seventh,
            ..Default::default()
        };
        let mut game = tied_after_six(options);
        let [a, b] = game.totals();
        assert_eq!(a, b);
        assert!(a > 0);
        assert!(!game.is_over(), "a tie after six deals is played on");
        assert_eq!(game.counted_deals(), 6);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        while !game.is_over() {
            finish_deal(&mut game, &mut rng, false);
        }
        // Every counted deal scores at least 100 for someone, so the seventh always breaks
        // the tie and `tie_after_seventh` never comes into play.
        assert_eq!(game.counted_deals(), 7);
        assert!(matches!(game.winner(), Some(Some(_))));
        check_finished_game(&game);
    }
}

#[test]
fn ending_a_tied_game_early_is_a_draw() {
    let mut game = BridgetteMatch::new(BridgetteOptions::default(), 3).unwrap();
    assert_eq!(game.winner(), None, "not over yet");
    assert!(game.end_now());
    assert_eq!(game.winner(), Some(None));
}
