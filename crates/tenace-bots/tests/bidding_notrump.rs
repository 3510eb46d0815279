//! The no trump section of the bidding table on hands built for each agreement: the
//! call, and that its explanation names the agreement.

mod bidding_support;

use bidding_support::expect;
use tenace_cards::Seat;

// Responder (South) over 1NT.

#[test]
fn stayman_with_a_four_card_major_and_8_plus() {
    // 10 HCP, 4-3-4-2.
    let hand = "SQ S7 S3 S2 HK H6 H5 DA DJ D7 D2 CT C9";
    expect(&["1NT", "P"], Seat::South, hand, "2C", "four-card major");
}

#[test]
fn escape_stayman_on_a_weak_hand_short_in_clubs() {
    // 0 HCP, 4-4-4-1: Stayman, then pass any answer.
    let hand = "S8 S7 S3 S2 H7 H6 H5 H2 D8 D7 D5 D3 C9";
    expect(
        &["1NT", "P"],
        Seat::South,
        hand,
        "2C",
        "weak hand short in clubs",
    );
    for answer in ["2D", "2H", "2S"] {
        expect(
            &["1NT", "P", "2C", "P", answer, "P"],
            Seat::South,
            hand,
            "P",
            "partner's answer is the contract",
        );
    }
}

#[test]
fn a_weak_five_card_major_transfers_and_passes() {
    let hand = "SK SQ S7 S6 S5 HT H8 H4 H3 D7 C9 C8 C3";
    expect(&["1NT", "P"], Seat::South, hand, "2H", "major above");
    expect(
        &["1NT", "P", "2H", "P", "2S", "P"],
        Seat::South,
        hand,
        "P",
        "pass when weak",
    );
}

#[test]
fn a_six_card_major_invites_or_bids_game_after_the_transfer() {
    // 7 HCP, six hearts: 3H invites.
    let hand = "S6 S5 HK HJ H9 H8 H3 H2 DQ D2 CJ C9 C7";
    let auction = ["1NT", "P", "2D", "P", "2H", "P"];
    expect(&auction, Seat::South, hand, "3H", "six cards");
    // 9 HCP: game.
    let hand = "SJ S7 S6 HK HJ H9 H8 H3 H2 DA D2 C9 C7";
    expect(&auction, Seat::South, hand, "4H", "six cards");
}

#[test]
fn five_four_majors_after_2d_invite_or_force() {
    let auction = ["1NT", "P", "2C", "P", "2D", "P"];
    // 8 HCP, four spades and five hearts: 2H invites.
    let hand = "SJ ST S7 S3 HQ HJ H6 H5 H2 DA C8 C3 C2";
    expect(&auction, Seat::South, hand, "2H", "five cards in the major");
    // 10 HCP: 3H forces.
    let hand = "SK ST S7 S3 HQ HJ H6 H5 H2 DA D7 C8 C2";
    expect(&auction, Seat::South, hand, "3H", "forcing to game");
}

#[test]
fn the_2s_puppet_with_a_weak_minor() {
    let hand = "S5 S4 S3 H7 H5 DQ DT D8 D7 D5 D4 D2 C5";
    expect(&["1NT", "P"], Seat::South, hand, "2S", "six-card minor");
    expect(
        &["1NT", "P", "2S", "P", "3C", "P"],
        Seat::South,
        hand,
        "3D",
        "to play",
    );
}

#[test]
fn a_flat_8_count_passes_and_a_9_count_invites() {
    let flat = "SQ S5 S2 HA H8 H6 DQ DT D8 D7 C9 C5 C2";
    expect(&["1NT", "P"], Seat::South, flat, "P", "play 1NT");
    let hand = "SA S5 HJ H3 H2 DK DJ D9 D5 CT C7 C3 C2";
    expect(&["1NT", "P"], Seat::South, hand, "2NT", "invites 3NT");
}

#[test]
fn redouble_to_escape_into_a_long_minor() {
    let hand = "S3 S2 H8 H6 DT D7 D5 D4 D3 D2 C9 C8 C2";
    expect(&["1NT", "X"], Seat::South, hand, "XX", "long minor");
    expect(
        &["1NT", "X", "XX", "P", "2C", "P"],
        Seat::South,
        hand,
        "2D",
        "to play",
    );
}

#[test]
fn stolen_bid_double_asks_for_a_major() {
    let hand = "SQ S7 S3 S2 HK H6 H5 DA DJ D7 D2 CT C9";
    expect(&["1NT", "2C"], Seat::South, hand, "X", "as Stayman would");
}

// Opener (North).

#[test]
fn super_accept_with_four_trumps_and_a_maximum() {
    let hand = "SJ S8 S6 S5 HA HQ HT H4 DA DQ D5 CA C9";
    expect(&[], Seat::North, hand, "1NT", "15–17");
    expect(
        &["1NT", "P", "2D", "P"],
        Seat::North,
        hand,
        "3H",
        "four-card support",
    );
    // Without a maximum: a plain completion.
    let hand = "SJ S8 S6 S5 HA HQ HT H4 DK DQ D5 CJ C9";
    expect(
        &["1NT", "P", "2D", "P"],
        Seat::North,
        hand,
        "2H",
        "transfer showed",
    );
}

#[test]
fn gerber_and_4nt_are_answered() {
    // Two aces, two kings, 16 HCP.
    let hand = "SA SK S2 HK H9 H8 H7 H3 DQ D8 CA C4 C2";
    expect(&["1NT", "P", "4C", "P"], Seat::North, hand, "4S", "Gerber");
    expect(
        &["1NT", "P", "4C", "P", "4S", "P", "5C", "P"],
        Seat::North,
        hand,
        "5S",
        "no king or four",
    );
    expect(
        &["1NT", "P", "4NT", "P"],
        Seat::North,
        hand,
        "5NT",
        "invites 6NT",
    );
    // 16 without a five-card suit: 6NT.
    let hand = "SK SQ S3 HA H8 H7 H3 DQ DJ DT D9 CK CJ";
    expect(
        &["1NT", "P", "4NT", "P"],
        Seat::North,
        hand,
        "6NT",
        "invites 6NT",
    );
}

#[test]
fn a_flat_17_declines_the_2nt_invitation() {
    // 17 HCP, 4-3-3-3: counts as 16.
    let hand = "SA ST S6 HK H8 H2 DA D6 D4 CA CQ C8 C7";
    expect(
        &["1NT", "P", "2NT", "P"],
        Seat::North,
        hand,
        "P",
        "flat 4-3-3-3",
    );
}

#[test]
fn after_stayman_2nt_opener_with_four_spades_bids_them() {
    // 15 HCP, four cards in each major: 2H was the answer, responder's 2NT promises spades.
    let hand = "SA SK S9 S4 HQ HJ HT H8 DK D3 D2 CQ C4";
    let auction = ["1NT", "P", "2C", "P", "2H", "P", "2NT", "P"];
    expect(&auction, Seat::North, hand, "3S", "four spades");
}

#[test]
fn stayman_doubled_redoubles_with_good_clubs() {
    let hand = "S8 S6 S2 HQ H8 DA DK DT CA CK CT C8 C2";
    expect(
        &["1NT", "P", "2C", "X"],
        Seat::North,
        hand,
        "XX",
        "good clubs",
    );
}

#[test]
fn transfer_doubled_jumps_with_four_trumps() {
    let hand = "SQ ST S7 S6 H8 H7 DA DK DJ DT CA CK CT";
    expect(
        &["1NT", "P", "2H", "X"],
        Seat::North,
        hand,
        "3S",
        "four trumps",
    );
}

#[test]
fn stayman_overcalled_doubles_their_major() {
    let hand = "S6 S2 HA HQ HT H8 DA DK DT D8 CK CT C8";
    expect(
        &["1NT", "P", "2C", "2H"],
        Seat::North,
        hand,
        "X",
        "four of their major",
    );
}

#[test]
fn over_2nt_3c_is_stayman_and_3d_a_transfer() {
    let hand = "ST S9 S7 S3 HT H6 H5 H2 DA DJ D2 CT C9";
    expect(&["2NT", "P"], Seat::South, hand, "3C", "partner's 2NT");
    let hand = "SQ ST S9 S7 S5 S2 H5 D8 D5 D2 CK C8 C3";
    expect(&["2NT", "P"], Seat::South, hand, "3H", "major above");
}
