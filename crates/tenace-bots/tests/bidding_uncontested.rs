//! SAYC in uncontested auctions after one of a suit: responses, opener's rebids and
//! responder's rebids, each on a hand built for the rule; the call and its explanation.

mod bidding_support;

use bidding_support::{Table, call_after, call_at, expect};
use tenace_cards::Seat;
use tenace_rules::bridge::BridgeVariant;

#[test]
fn jacoby_two_no_trump_and_opener_s_answers() {
    // 14 HCP and four spades: Jacoby 2NT over 1S.
    let responder = "SK S6 S5 S2 HA H7 H4 DA D8 D3 CK C3 C2";
    expect(
        &["1S", "P"],
        Seat::South,
        responder,
        "2NT",
        "asks for shortness",
    );
    // Opener with a club singleton shows it at the three level.
    let short = "SA SK S7 S6 S2 HK H7 H4 DA D8 D3 D2 C3";
    expect(
        &["1S", "P", "2NT", "P"],
        Seat::North,
        short,
        "3C",
        "singleton or void",
    );
    // A minimum without shortness bids game.
    let minimum = "SA SK S7 S6 S2 HK H7 H4 DQ D8 D3 C3 C2";
    expect(
        &["1S", "P", "2NT", "P"],
        Seat::North,
        minimum,
        "4S",
        "minimum",
    );
    // A good second suit comes first.
    let two_suits = "SA SK S7 S6 S2 H7 DA DK D8 D5 D3 C3 C2";
    expect(
        &["1S", "P", "2NT", "P"],
        Seat::North,
        two_suits,
        "4D",
        "second suit",
    );
}

#[test]
fn raises_of_a_major_count_shortness() {
    // 5 HCP, five trumps: the preemptive raise to game.
    let weak = "SQ S7 S6 S5 S2 HK H4 D9 D8 D3 D2 C8 C3";
    expect(
        &["1S", "P"],
        Seat::South,
        weak,
        "4S",
        "shut the opponents out",
    );
    // 10 HCP and a doubleton with three trumps: a limit raise.
    let limit = "SK S6 S2 HQ H7 H4 H3 DA D8 D3 D2 CJ C3";
    expect(&["1S", "P"], Seat::South, limit, "3S", "invites game");
    // 5 HCP and a doubleton: a single raise; 4 HCP flat passes.
    let single = "SK S6 S2 HQ H7 H5 H4 H3 D8 D3 D2 C9 C3";
    expect(&["1S", "P"], Seat::South, single, "2S", "trump fit");
    let flat = "SK S6 S2 HJ H7 H4 D8 D4 D3 C9 C5 C3 C2";
    let (call, _) = call_after(&["1S", "P"], Seat::South, flat);
    assert_eq!(call, "P");
}

#[test]
fn responses_to_a_minor() {
    // 14 HCP balanced without a major: 2NT; 17: 3NT.
    let two_nt = "SK S6 S2 HQ H7 H4 DA D8 D3 CA CJ C3 C2";
    expect(&["1D", "P"], Seat::South, two_nt, "2NT", "13–15 HCP");
    let three_nt = "SK S6 S2 HQ H7 H4 DA DK D3 CA CJ C3 C2";
    expect(&["1D", "P"], Seat::South, three_nt, "3NT", "16–19 HCP");
    // Five-five in the majors: the higher first.
    let majors = "SK SQ S6 S5 S2 HK HJ H7 H4 H3 D8 D3 C2";
    expect(
        &["1C", "P"],
        Seat::South,
        majors,
        "1S",
        "higher of five-card suits",
    );
    // 11 HCP and five diamonds, no major: the limit raise.
    let limit = "S6 S5 S2 HK H7 H4 DA DJ D8 D5 D3 CK C2";
    expect(&["1D", "P"], Seat::South, limit, "3D", "invites game");
    // 21 HCP and five spades: a jump shift.
    let strong = "SA SK SQ S7 S2 HA H4 DK D8 D3 CA CJ C3";
    expect(&["1D", "P"], Seat::South, strong, "2S", "19+ HCP");
}

#[test]
fn two_over_one_takes_the_cheaper_of_four_card_minors() {
    let hand = "SA S4 HK HT H2 DJ D7 D5 D3 CQ CJ C5 C4";
    expect(&["1S", "P"], Seat::South, hand, "2C", "10+ HCP");
}

#[test]
fn opener_s_rebids() {
    // 17 points with five diamonds and four hearts: a reverse.
    let reverse = "S2 HA HK H7 H2 DA DK D8 D3 D2 CQ C3 C2";
    expect(
        &["1D", "P", "1S", "P"],
        Seat::North,
        reverse,
        "2H",
        "higher than the first",
    );
    // 19 balanced: the 2NT jump rebid.
    let jump_nt = "SK SJ S2 HA HQ H7 DA DK D8 D3 CQ C3 C2";
    expect(
        &["1D", "P", "1S", "P"],
        Seat::North,
        jump_nt,
        "2NT",
        "18–19 HCP",
    );
    // Four spades after 1C P 1H P: bid them at the one level.
    let up_the_line = "SA SQ S8 S7 HA HT H9 DK D7 CT C9 C7 C3";
    expect(
        &["1C", "P", "1H", "P"],
        Seat::North,
        up_the_line,
        "1S",
        "four or more cards",
    );
    // 16 points after a single raise: a help-suit game try in the cheapest side suit.
    let try_hand = "SA SK S7 S6 S2 HA H7 H4 H3 DK D8 CQ C3";
    expect(
        &["1S", "P", "2S", "P"],
        Seat::North,
        try_hand,
        "3H",
        "partner's help",
    );
}

#[test]
fn opener_after_a_limit_raise() {
    let good = "SA SK S7 S6 S2 HK H7 DA D8 D3 CQ C3 C2";
    expect(&["1S", "P", "3S", "P"], Seat::North, good, "4S", "game");
    let poor = "SA SK S7 S6 S2 HJ H7 DQ D8 D3 CQ C3 C2";
    expect(&["1S", "P", "3S", "P"], Seat::North, poor, "P", "minimum");
}

#[test]
fn fourth_suit_forcing_and_the_answer() {
    // 13 HCP, no heart stopper, after 1D P 1S P 2C P: the fourth suit.
    let responder = "SA SK S7 S6 H7 H4 H3 D8 D3 CA CQ C3 C2";
    let auction = ["1D", "P", "1S", "P", "2C", "P"];
    expect(&auction, Seat::South, responder, "2H", "fourth suit");
    // Opener with hearts stopped and a minimum: 2NT.
    let opener = "SJ S7 HK H7 DA DQ D8 D3 D2 CK C8 C3 C2";
    let asked = ["1D", "P", "1S", "P", "2C", "P", "2H", "P"];
    expect(&asked, Seat::North, opener, "2NT", "fourth suit stopped");
}

#[test]
fn responder_s_rebids() {
    // After the 1NT rebid: a weak six-card suit is rebid, 10–12 with it invites.
    let weak = "S7 S3 HQ HJ H9 H8 H6 H2 DK D8 D3 C9 C4";
    let one_nt = ["1C", "P", "1H", "P", "1NT", "P"];
    expect(&one_nt, Seat::South, weak, "2H", "to play");
    let invite = "S7 S3 HK HQ HJ H9 H8 H6 DK D8 D3 CJ C9";
    expect(&one_nt, Seat::South, invite, "3H", "invites game");
    // Two suits from opener, equal length in both: back to the first.
    let preference = "SJ ST S9 S4 S3 HK H9 D9 D7 D3 D2 CK C9";
    let two_suits = ["1H", "P", "1S", "P", "2C", "P"];
    expect(
        &two_suits,
        Seat::South,
        preference,
        "2H",
        "back to the first",
    );
    // A weak hand after opener's reverse: 2NT.
    let after_reverse = "SJ S9 S3 S2 HQ HJ H7 DQ D8 D3 CJ CT C3";
    let reverse = ["1C", "P", "1S", "P", "2D", "P"];
    expect(
        &reverse,
        Seat::South,
        after_reverse,
        "2NT",
        "after partner's reverse",
    );
}

#[test]
fn game_tries_and_invitations() {
    // Over the help-suit try in hearts, the king of hearts takes a 7-point raise to game.
    let asked = ["1S", "P", "2S", "P", "3H", "P"];
    let help = "SK S6 S2 HK H7 H4 D9 D8 D3 D2 CJ C3 C2";
    expect(&asked, Seat::South, help, "4S", "help in the suit asked");
    let no_help = "SK S6 S2 H9 H7 H4 DK D8 D3 D2 CJ C3 C2";
    expect(&asked, Seat::South, no_help, "3S", "three of the major");
    // Opener accepts responder's invitation with 14 and declines with 11.
    let invited = ["1D", "P", "1H", "P", "2H", "P", "3H", "P"];
    let accept = "SK S7 S6 HA HJ H9 H3 DA DQ D8 D3 C3 C2";
    expect(&invited, Seat::North, accept, "4H", "invitation: game");
    let decline = "SJ S7 S6 HA HJ H9 H3 DK DQ D8 D3 C3 C2";
    expect(&invited, Seat::North, decline, "P", "minimum");
}

#[test]
fn five_crowns_keeps_the_natural_rules() {
    // Five hearts and an opening hand opposite 1H: no Jacoby 2NT in Five Crowns (its
    // conventions are off), a natural bid instead.
    let hand = "RK R5 SK S5 S4 HK HQ H9 H5 H4 DK D5 C5 C4";
    let five_crowns = Table {
        variant: BridgeVariant::FiveCrowns(Default::default()),
        ..Table::default()
    };
    let (call, why) = call_at(&five_crowns, &["1H", "P"], Seat::South, hand);
    assert_ne!(call, "2NT", "{why}");
    assert!(!why.contains("shortness"), "{why}");
    // The same hand shape in bridge does bid Jacoby 2NT.
    let bridge = "SK S5 S4 HA HK HQ H5 H4 DK D5 D4 C5 C4";
    expect(
        &["1H", "P"],
        Seat::South,
        bridge,
        "2NT",
        "asks for shortness",
    );
}
