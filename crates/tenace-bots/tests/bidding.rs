//! The bidding table on hands chosen for each rule: the call, and its explanation.

mod bidding_support;

use bidding_support::call_after;
use tenace_bots::hand_eval::{DeckStyle, HandFacts};
use tenace_cards::{CardSet, Seat};

fn opens(hand: &str) -> (String, String) {
    call_after(&[], Seat::North, hand)
}

#[test]
fn one_no_trump_is_15_to_17_balanced() {
    let (call, why) = opens("SA SK S5 S4 HK H4 H2 DQ D3 D2 CA C3 C2");
    assert_eq!(call, "1NT");
    assert_eq!(why, "1NT: 15–17 HCP, balanced");
}

#[test]
fn a_five_card_major_opens_one_of_it() {
    let (call, why) = opens("SA SK S8 S5 S4 HK H4 H2 DQ D2 CJ C3 C2");
    assert_eq!(call, "1S");
    assert!(why.contains("13–21 points"), "{why}");
}

#[test]
fn no_five_card_major_opens_the_better_minor() {
    assert_eq!(opens("SA SK S5 S4 HK H4 DQ D5 D3 D2 CJ C3 C2").0, "1D");
    let (call, why) = opens("SA SK S5 S4 HK H4 H2 DQ D3 D2 CJ C3 C2");
    assert_eq!(call, "1C");
    assert!(why.contains("better minor"), "{why}");
}

#[test]
fn a_weak_two_is_a_good_six_card_suit_and_5_to_10() {
    let (call, why) = opens("SK SQ SJ S9 S5 S4 H4 H2 D3 D2 C6 C3 C2");
    assert_eq!(call, "2S");
    assert_eq!(why, "2S: 5–10 HCP, a good six-card suit");
    // Not with a four-card heart suit beside the spades, nor in fourth seat.
    assert_eq!(opens("SK SQ SJ S9 S5 S4 H7 H4 H3 H2 D3 C3 C2").0, "P");
    let (call, _) = call_after(
        &["P", "P", "P"],
        Seat::West,
        "SK SQ SJ S9 S5 S4 H4 H2 D3 D2 C6 C3 C2",
    );
    assert_eq!(call, "P");
}

#[test]
fn seats_change_what_opens() {
    // 12 HCP, 4-3-3-3: short of the rule of 20 in first seat.
    let flat = "SA SQ S4 HK H7 H4 DQ D5 D3 CJ C5 C3 C2";
    let (call, why) = opens(flat);
    assert_eq!(call, "P");
    assert!(why.contains("rule of 20"), "{why}");
    // Third seat opens lighter.
    assert_eq!(call_after(&["P", "P"], Seat::South, flat).0, "1C");
    // Fourth seat: the rule of 15, points plus spades.
    let spades = "SA SQ S9 S5 S4 HK HJ D8 D5 D3 C5 C3 C2";
    assert_eq!(call_after(&["P", "P", "P"], Seat::West, spades).0, "1S");
    let hearts = "S5 S4 HA HQ H9 H5 H4 DK D8 D5 D3 C3 C2";
    assert_eq!(call_after(&["P", "P", "P"], Seat::West, hearts).0, "P");
}

#[test]
fn preempts_at_the_three_and_four_levels() {
    let (call, why) = opens("SK SQ SJ S9 S7 S5 S4 H4 D3 D2 C6 C3 C2");
    assert_eq!(call, "3S");
    assert!(why.contains("seven-card suit"), "{why}");
    // Six good clubs preempt at the three level: there is no weak two in clubs.
    assert_eq!(opens("S5 S4 H7 H4 H3 D3 D2 CA CK CJ C9 C6 C2").0, "3C");
    // Eight cards: the four level.
    let (call, why) = opens("SA SQ SJ S9 S7 S5 S4 S3 H4 D3 D2 C6 C2");
    assert_eq!(call, "4S");
    assert!(why.contains("eight-card suit"), "{why}");
    // Partner passes the preempt without game values, and answers 3NT over a minor
    // preempt with the other suits stopped.
    let (call, why) = call_after(
        &["3C", "P"],
        Seat::South,
        "SK S7 S4 HQ H7 H4 DK D8 D3 D2 CJ C3 C2",
    );
    assert_eq!(call, "P");
    assert!(why.contains("preempt"), "{why}");
    let (call, _) = call_after(
        &["3C", "P"],
        Seat::South,
        "SA SK S4 HK HJ H4 DA DQ D3 D2 C7 C3 C2",
    );
    assert_eq!(call, "3NT");
}

#[test]
fn strong_two_clubs_answers_and_rebids() {
    // A bust waits with 2D; 8+ and a good suit is positive (a minor at the three level).
    let bust = "S9 S7 S4 HQ H7 H4 D9 D8 D3 D2 C8 C3 C2";
    let (call, why) = call_after(&["2C", "P"], Seat::South, bust);
    assert_eq!(call, "2D");
    assert!(why.contains("waiting"), "{why}");
    let diamonds = "S9 S7 S4 H7 H4 DA DQ D9 D8 D3 CK C3 C2";
    let (call, why) = call_after(&["2C", "P"], Seat::South, diamonds);
    assert_eq!(call, "3D");
    assert!(why.contains("positive"), "{why}");
    // Opener shows the long suit; with nothing, responder bids the double negative.
    let strong = "SA SK SQ SJ S4 S3 HA HK DA D2 CK C3 C2";
    let (call, _) = call_after(&["2C", "P", "2D", "P"], Seat::North, strong);
    assert_eq!(call, "2S");
    let (call, why) = call_after(&["2C", "P", "2D", "P", "2S", "P"], Seat::South, bust);
    assert_eq!(call, "3C");
    assert!(why.contains("double negative"), "{why}");
}

#[test]
fn weak_two_feature_ask() {
    // 2H opener, a maximum with the king of diamonds: shows it over 2NT.
    let maximum = "S7 S4 HA HQ HT H9 H8 H4 DK D3 D2 C3 C2";
    let (call, why) = call_after(&["2H", "P", "2NT", "P"], Seat::North, maximum);
    assert_eq!(call, "3D");
    assert!(why.contains("maximum"), "{why}");
    let minimum = "S7 S4 HA HQ HT H9 H8 H4 D5 D3 D2 C3 C2";
    assert_eq!(
        call_after(&["2H", "P", "2NT", "P"], Seat::North, minimum).0,
        "3H"
    );
    // Responder asks with 15+ and no clear game.
    let (call, _) = call_after(
        &["2H", "P"],
        Seat::South,
        "SA SK S4 HJ H2 DA DQ D9 D3 CK C7 C3 C2",
    );
    assert_eq!(call, "2NT");
}

#[test]
fn blackwood_asks_answers_and_signs_off() {
    // South answers North's 4NT with two aces.
    let (call, why) = call_after(
        &["1S", "P", "3S", "P", "4NT", "P"],
        Seat::South,
        "SK S7 S4 S2 HA H7 H4 DA D3 D2 C8 C3 C2",
    );
    assert_eq!(call, "5H");
    assert!(why.contains("two"), "{why}");
    // North holds two aces: with one from partner, one is missing, so six.
    let north = "SA SQ SJ S9 S5 HK HQ H2 DA DK D4 CK CQ";
    let (call, why) = call_after(
        &["1S", "P", "3S", "P", "4NT", "P", "5D", "P"],
        Seat::North,
        north,
    );
    assert_eq!(call, "6S");
    assert!(why.contains("one missing"), "{why}");
    // With none from partner two are missing: stop at five.
    let (call, _) = call_after(
        &["1S", "P", "3S", "P", "4NT", "P", "5C", "P"],
        Seat::North,
        north,
    );
    assert_eq!(call, "5S");
    // The grand slam force: two of the top three trumps bid seven.
    let (call, why) = call_after(
        &["1S", "P", "5NT", "P"],
        Seat::North,
        "SA SK S9 S5 S4 HK HQ H2 D4 D3 CK CQ C2",
    );
    assert_eq!(call, "7S");
    assert!(why.contains("two of the top three"), "{why}");
}

#[test]
fn twenty_two_points_open_two_clubs() {
    let (call, why) = opens("SA SK SQ S4 HA HK H2 DA DQ D2 CK C3 C2");
    assert_eq!(call, "2C");
    assert!(why.contains("22+ HCP"), "{why}");
}

#[test]
fn a_weak_hand_passes_with_a_reason() {
    let (call, why) = opens("S9 S8 S5 S4 H7 H4 H2 D9 D3 D2 C6 C3 C2");
    assert_eq!(call, "P");
    assert!(why.contains("not enough to open"), "{why}");
}

#[test]
fn responses_raise_show_suits_and_ask() {
    // Partner (North) opened 1S; South raises with three spades and 7 HCP.
    let (call, why) = call_after(
        &["1S", "P"],
        Seat::South,
        "SK S6 S2 HQ H7 H4 D9 D8 D3 D2 CJ C3 C2",
    );
    assert_eq!(call, "2S");
    assert!(why.contains("6–9 points and a trump fit"), "{why}");
    // A limit raise jumps.
    let (call, _) = call_after(
        &["1S", "P"],
        Seat::South,
        "SK S6 S2 HQ H7 H4 DA D8 D3 D2 CJ C3 C2",
    );
    assert_eq!(call, "3S");
    // Over 1NT, a five-card major transfers, a four-card major asks with Stayman.
    let (call, why) = call_after(
        &["1NT", "P"],
        Seat::South,
        "S6 S2 HQ H7 H6 H4 H3 D9 D8 D3 CJ C3 C2",
    );
    assert_eq!(call, "2D");
    assert!(
        why.contains("transfer") || why.contains("major above"),
        "{why}"
    );
    let (call, why) = call_after(
        &["1NT", "P"],
        Seat::South,
        "SK S6 S5 S2 HQ H7 H4 DA D8 D3 CJ C3 C2",
    );
    assert_eq!(call, "2C");
    assert!(why.contains("four-card major"), "{why}");
    // A new suit at the one level.
    let (call, why) = call_after(
        &["1D", "P"],
        Seat::South,
        "SK S6 S5 S2 HQ H7 H4 D8 D3 CJ C7 C3 C2",
    );
    assert_eq!(call, "1S");
    assert!(why.contains("four or more cards"), "{why}");
}

#[test]
fn overcalls_and_takeout_doubles() {
    // North opens 1C; East overcalls a good five-card spade suit.
    let (call, why) = call_after(
        &["1C"],
        Seat::East,
        "SA SQ SJ S6 S5 HQ H7 H4 D8 D3 C9 C7 C2",
    );
    assert_eq!(call, "1S");
    assert!(why.contains("good five-card suit"), "{why}");
    // Short in clubs, support for the rest: a takeout double.
    let (call, why) = call_after(
        &["1C"],
        Seat::East,
        "SA SQ S6 S5 HK H7 H4 H2 DK D8 D3 D2 C2",
    );
    assert_eq!(call, "X");
    assert!(why.contains("short in their suit"), "{why}");
}

#[test]
fn five_crowns_counts_the_king_as_top_and_opens_0nt() {
    let hand: CardSet = "RK R5 R4 SK S5 S4 HQ H5 H4 DJ D5 D4 C5 C4".parse().unwrap();
    let facts = HandFacts::new(hand, DeckStyle::FiveCrowns);
    // K K Q J = 4 + 4 + 3 + 2 = 13 raw, scaled by 4/5.
    assert_eq!(facts.hcp, 10);
    assert!(facts.balanced);
}

#[test]
fn every_rule_has_a_meaning() {
    for rule in tenace_bots::bidding::all_rules() {
        assert!(
            !rule.meaning.is_empty() && !rule.name.is_empty(),
            "{rule:?}"
        );
    }
}
