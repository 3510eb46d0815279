//! The competitive part of the bidding table (overcalls, doubles, Michaels and the
//! unusual 2NT, balancing, negative and reopening doubles) on hands built for each rule.

mod bidding_support;

use bidding_support::{call_after, expect as check};
use tenace_cards::Seat;

#[test]
fn a_weak_jump_overcall_is_a_good_six_card_suit() {
    let hand = "SK SQ SJ S9 S7 S3 H8 H4 D6 D3 D2 C9 C5";
    check(&["1D"], Seat::East, hand, "2S", "preemptive");
}

#[test]
fn a_one_level_overcall_is_a_good_five_card_suit() {
    let hand = "SA SQ SJ S9 S7 H8 H4 D6 D3 D2 CK C9 C5";
    check(&["1H"], Seat::East, hand, "1S", "good five-card suit");
}

#[test]
fn michaels_over_a_minor_shows_both_majors() {
    let hand = "SQ SJ S9 S5 S3 HK HQ H8 H7 H4 D2 C4 C3";
    check(&["1C"], Seat::East, hand, "2C", "both majors over a minor");
}

#[test]
fn the_unusual_2nt_shows_the_two_lowest_unbid_suits() {
    let hand = "S2 H3 DQ DJ D9 D7 D5 CK CQ CT C8 C6 C4";
    check(&["1S"], Seat::East, hand, "2NT", "two lowest unbid suits");
}

#[test]
fn a_takeout_double_is_short_in_their_suit() {
    let hand = "SK SQ S8 S4 H5 DA DJ D7 D3 CK C9 C6 C2";
    check(&["1H"], Seat::East, hand, "X", "short in their suit");
}

#[test]
fn a_1nt_overcall_needs_a_sure_stopper() {
    let hand = "SK SQ S4 HA HJ H5 DK DJ D6 D2 CQ C7 C3";
    check(&["1H"], Seat::East, hand, "1NT", "15–18");
    // K x is no sure stopper with 15–16: no 1NT then.
    let hand = "SK S4 HQ HJ H5 DA DK D7 D6 CK C7 C3 C2";
    let (call, _) = call_after(&["1S"], Seat::East, hand);
    assert_ne!(call, "1NT");
}

#[test]
fn the_advancer_answers_a_takeout_double_in_the_longest_suit() {
    let hand = "S8 S6 S4 S2 H9 H7 H3 D8 D5 D2 CJ C7 C4";
    check(&["1D", "X", "P"], Seat::West, hand, "1S", "0–8 HCP");
}

#[test]
fn a_cue_bid_raises_an_overcall_with_limit_values() {
    let hand = "SA S9 S4 HK H8 H7 H3 DK DQ D2 C7 C6 C3";
    check(
        &["1C", "1H", "P"],
        Seat::West,
        hand,
        "2C",
        "limit raise or better",
    );
}

#[test]
fn a_negative_double_shows_the_unbid_major() {
    let hand = "S7 S3 HK HJ H8 H4 DQ D9 D4 D2 C8 C6 C5";
    check(
        &["1C", "1S"],
        Seat::South,
        hand,
        "X",
        "takeout double of their overcall",
    );
}

#[test]
fn opener_bids_the_major_the_negative_double_showed() {
    let hand = "S8 S4 HK HJ H9 H5 DA DQ D9 D6 D3 CK C4";
    check(
        &["1D", "1S", "X", "P"],
        Seat::North,
        hand,
        "2H",
        "partner's double showed",
    );
}

#[test]
fn opener_reopens_with_a_double_when_short_in_their_suit() {
    let hand = "SA SQ S8 S7 S4 HK H9 H3 D5 CK CJ C8 C2";
    check(&["1S", "2D", "P", "P"], Seat::North, hand, "X", "reopen");
}

#[test]
fn a_balancing_1nt_is_11_to_14() {
    let hand = "SK SJ S4 HQ H8 H3 DK D9 D6 D2 CA C7 C5";
    check(&["1H", "P", "P"], Seat::West, hand, "1NT", "pass-out seat");
}

#[test]
fn jordan_2nt_is_a_limit_raise_after_their_double() {
    let hand = "SK S8 S7 S4 H6 DQ D9 D7 D6 D3 CK C5 C2";
    check(
        &["1S", "X"],
        Seat::South,
        hand,
        "2NT",
        "limit raise or better",
    );
}

#[test]
fn the_doubler_with_a_big_hand_bids_his_suit() {
    let hand = "SA SK SJ S9 S7 S5 H4 DA DK D3 CA C8 C2";
    check(
        &["1H", "X", "P", "2C", "P"],
        Seat::East,
        hand,
        "2S",
        "after the double",
    );
}

#[test]
fn michaels_over_a_major_is_answered_in_the_other_major() {
    let hand = "S6 S3 HQ H8 H4 DJ D9 D7 D5 D2 C8 C6 C3";
    check(
        &["1S", "2S", "P"],
        Seat::West,
        hand,
        "3H",
        "partner's major",
    );
}

#[test]
fn the_michaels_bidder_shows_his_minor_when_asked() {
    let hand = "SK SJ S9 S8 S4 H9 H3 D2 CK CJ C9 C8 C6";
    check(
        &["1H", "2H", "P", "2NT", "P"],
        Seat::East,
        hand,
        "3C",
        "my minor",
    );
}

#[test]
fn systems_are_on_over_partners_1nt_overcall() {
    let hand = "SQ S9 S8 S4 HK HJ H7 D8 D5 CQ C9 C6 C2";
    check(
        &["1D", "1NT", "P"],
        Seat::West,
        hand,
        "2C",
        "asks for a major",
    );
}

#[test]
fn cappelletti_2d_over_their_1nt_shows_both_majors() {
    let hand = "SK SJ S8 S6 S3 HA HQ H9 H7 H2 D4 C8 C5";
    check(&["1NT"], Seat::East, hand, "2D", "both majors");
}

#[test]
fn cappelletti_2c_is_a_long_suit_and_partner_asks_with_2d() {
    let hand = "SA SK SJ S8 S7 S3 HQ H9 H2 DK D4 C8 C5";
    check(&["1NT"], Seat::East, hand, "2C", "six-card or longer suit");
    let weak = "S8 S2 H9 H6 DJ D9 D8 D3 CQ C7 C6 C4 C2";
    check(&["1NT", "2C", "P"], Seat::West, weak, "2D", "2D asks");
    check(
        &["1NT", "2C", "P", "2D", "P"],
        Seat::East,
        hand,
        "2S",
        "my long suit",
    );
}

#[test]
fn a_weak_hand_runs_from_partners_penalty_double_of_1nt() {
    let hand = "S9 S7 S4 H5 DQ D9 D8 D4 D3 C6 C4 C3 C2";
    check(
        &["1NT", "X", "P"],
        Seat::West,
        hand,
        "2D",
        "rather than defend",
    );
    // With some points, the double stands.
    let hand = "SQ S8 S7 S5 HK HQ H4 D8 D6 D3 CT C9 C8";
    let (call, _) = call_after(&["1NT", "X", "P"], Seat::West, hand);
    assert_eq!(call, "P");
}

#[test]
fn a_balancing_double_is_lighter_than_a_direct_one() {
    // 10 HCP, short in diamonds: too light to double directly, enough to balance.
    let hand = "SQ S9 S7 S4 HK H9 H6 H3 D8 D2 CA CJ C4";
    let (call, _) = call_after(&["1D"], Seat::East, hand);
    assert_eq!(call, "P");
    check(&["1D", "P", "P"], Seat::West, hand, "X", "pass-out seat");
}

#[test]
fn a_new_suit_over_their_overcall_at_the_one_level() {
    let hand = "SK SQ S9 S6 HA HQ H5 D6 D5 CK C9 C7 C3";
    check(
        &["1C", "1D"],
        Seat::South,
        hand,
        "1S",
        "new suit over their overcall",
    );
}

#[test]
fn the_doubler_with_18_and_a_fit_raises() {
    let hand = "SK SJ S8 S4 HQ H7 H6 H3 DA DK DJ D8 CA";
    check(
        &["1C", "X", "P", "1S", "P"],
        Seat::East,
        hand,
        "2S",
        "four-card support",
    );
}

#[test]
fn length_in_their_suit_passes_and_partner_reopens() {
    // Responder with long spades passes their 1S overcall...
    let hand = "SK SJ ST S8 S6 S5 HK HQ H6 DA D3 C4 C2";
    check(
        &["1C", "1S"],
        Seat::South,
        hand,
        "P",
        "hoping partner reopens",
    );
    // ...and passes opener's reopening double for penalty.
    check(
        &["1C", "1S", "P", "P", "X", "P"],
        Seat::South,
        hand,
        "P",
        "pass with length",
    );
}

#[test]
fn a_strong_michaels_bidder_jumps_in_his_minor_when_asked() {
    let hand = "SA SK SJ S9 S4 H2 D3 CA CK CQ C9 C8 C6";
    check(
        &["1H", "2H", "P", "2NT", "P"],
        Seat::East,
        hand,
        "4C",
        "a jump with 16+",
    );
}

#[test]
fn two_nt_asks_the_weak_jump_overcaller_for_a_feature() {
    let strong = "SA S8 HK HQ HJ H4 DK D9 D3 CA CJ C7 C2";
    check(
        &["1D", "2S", "P"],
        Seat::West,
        strong,
        "2NT",
        "asks for a feature",
    );
    // A maximum shows the king of hearts.
    let jumper = "SK SQ SJ S9 S7 S2 HK H6 H4 D8 C9 C6 C3";
    check(
        &["1D", "2S", "P", "2NT", "P"],
        Seat::East,
        jumper,
        "3H",
        "outside ace or king",
    );
}

#[test]
fn opener_passes_a_minimum_over_their_interference() {
    let hand = "S4 HK HJ H5 H3 H2 DA DQ D9 D5 CQ CT C8";
    check(
        &["1H", "P", "1S", "2D"],
        Seat::North,
        hand,
        "P",
        "a minimum opening",
    );
}

#[test]
fn a_cue_bid_raise_is_answered_even_when_doubled() {
    // North opens 1D, East overcalls 1S, South raises, West cue-bids 3D (a limit raise
    // of spades) and North doubles it: a minimum East bids 3S rather than leave partner
    // in 3D doubled.
    let (call, why) = call_after(
        &["1D", "1S", "2D", "3D", "X"],
        Seat::East,
        "SA SQ SJ S7 S4 HK H8 H3 D9 D5 C8 C6 C2",
    );
    assert_eq!(call, "3S", "{why}");
    assert!(why.contains("cue"), "{why}");
}

#[test]
fn no_cue_bid_above_the_three_level() {
    // Over South's jump to 3D, the cheapest diamond bid is 4D: West does not cue-bid it.
    let (call, why) = call_after(
        &["1D", "1S", "3D"],
        Seat::West,
        "SK S8 S3 HA HJ H7 H4 D8 D6 CK C9 C7 C2",
    );
    assert_ne!(call, "4D", "{why}");
}

#[test]
fn an_artificial_overcall_is_not_raised() {
    // Over North's 1NT, East's 2C shows a long suit, not clubs: West with four clubs
    // does not raise them.
    let (call, why) = call_after(
        &["1NT", "2C", "P"],
        Seat::West,
        "S8 S3 HJ H7 H4 DQ D6 D5 CK C9 C7 C2 S2",
    );
    assert!(!call.ends_with('C'), "{call}: {why}");
    assert!(!why.contains("support"), "{why}");
}
