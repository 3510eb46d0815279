//! Acceptance tests for scoring: the RULES.md §1.4–§1.9 and §2.2 tables, exhaustive sweeps
//! against an oracle written here from the Law 77 tables, and whole rubber and Chicago
//! sessions.

use tenace_cards::{BySeat, CardSet, Seat, Side, Strain, Suit};
use tenace_rules::scoring::*;
use tenace_rules::{Contract, Doubling, Vulnerability};

const NS: Side = Side::NorthSouth;
const EW: Side = Side::EastWest;

fn c(text: &str) -> Contract {
    text.parse().unwrap()
}

// ---------------------------------------------------------------------------------------
// Duplicate: the RULES.md vectors
// ---------------------------------------------------------------------------------------

#[test]
fn duplicate_vectors_of_rules_1_5() {
    // (contract, vulnerable, tricks, score)
    let vectors: &[(&str, bool, u8, i32)] = &[
        ("1NT", false, 7, 90),
        ("2S", false, 9, 140),
        ("3NT", false, 9, 400),
        ("3NT", true, 9, 600),
        ("4H", true, 10, 620),
        ("6C", false, 12, 920),
        ("7NT", true, 13, 2220),
        ("2HX", false, 8, 470),
        ("1CXX", false, 7, 230),
        ("1NTX", false, 9, 380),
        ("7NTXX", false, 13, 2280),
        ("7NTXX", true, 13, 2980),
        ("4SX", false, 6, -800),
        ("4SX", true, 6, -1100),
        ("3NTXX", false, 6, -1000),
        ("1NTX", true, 7, 180),
        ("2DXX", true, 8, 760),
        ("3DX", true, 10, 870),
        ("6H", true, 12, 1430),
    ];
    for &(contract, vul, tricks, want) in vectors {
        let got = duplicate_score(ScoringTable::BRIDGE, c(contract), tricks, vul);
        assert_eq!(got, want, "{contract} vul={vul} tricks={tricks}");
    }
}

#[test]
fn seven_no_trump_down_table() {
    let downs = [1u8, 2, 3, 4, 5, 13];
    // (suffix, vulnerable, scores for each d above)
    let rows: &[(&str, bool, [i32; 6])] = &[
        ("", false, [-50, -100, -150, -200, -250, -650]),
        ("X", false, [-100, -300, -500, -800, -1100, -3500]),
        ("XX", false, [-200, -600, -1000, -1600, -2200, -7000]),
        ("", true, [-100, -200, -300, -400, -500, -1300]),
        ("X", true, [-200, -500, -800, -1100, -1400, -3800]),
        ("XX", true, [-400, -1000, -1600, -2200, -2800, -7600]),
    ];
    for (suffix, vul, want) in rows {
        for (d, want) in downs.iter().zip(want) {
            let contract = c(&format!("7NT{suffix}"));
            let got = duplicate_score(ScoringTable::BRIDGE, contract, 13 - d, *vul);
            assert_eq!(got, *want, "7NT{suffix} vul={vul} down {d}");
        }
    }
}

#[test]
fn passed_out_board_scores_zero() {
    assert_eq!(duplicate_deal_score(ScoringTable::BRIDGE, None, 0, true), 0);
    assert_eq!(
        duplicate_deal_score(ScoringTable::BRIDGE, Some(c("3NT")), 9, true),
        600
    );
}

#[test]
fn law_2_board_cycle() {
    use Seat::*;
    use Vulnerability::{Both, EastWest as Ew, None as Nil, NorthSouth as Ns};
    let cycle = [
        (North, Nil),
        (East, Ns),
        (South, Ew),
        (West, Both),
        (North, Ns),
        (East, Ew),
        (South, Both),
        (West, Nil),
        (North, Ew),
        (East, Both),
        (South, Nil),
        (West, Ns),
        (North, Both),
        (East, Nil),
        (South, Ns),
        (West, Ew),
    ];
    for board in 1..=64u32 {
        let want = cycle[((board - 1) % 16) as usize];
        assert_eq!(
            (board_dealer(board), board_vulnerability(board)),
            want,
            "board {board}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// The oracle: Law 77 as printed, trick by trick. It shares nothing with the library.
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy)]
enum Kind {
    Minor,
    Major,
    /// NT, and Five Crowns' Stars, which scores like NT.
    NoTrumpLike,
}

fn kind_of(strain: Strain) -> Kind {
    match strain {
        Strain::Suit(Suit::Clubs) | Strain::Suit(Suit::Diamonds) => Kind::Minor,
        Strain::Suit(Suit::Hearts) | Strain::Suit(Suit::Spades) => Kind::Major,
        Strain::Suit(Suit::Stars) | Strain::NoTrump => Kind::NoTrumpLike,
    }
}

/// Column of the doubling in the printed tables: undoubled, doubled, redoubled.
fn col(doubling: Doubling) -> usize {
    match doubling {
        Doubling::Undoubled => 0,
        Doubling::Doubled => 1,
        Doubling::Redoubled => 2,
    }
}

/// Declarer's duplicate score, added up one trick at a time from the Law 77 tables.
fn oracle_duplicate(book: i32, contract: Contract, tricks: i32, vul: bool) -> i32 {
    let level = contract.level as i32;
    let kind = kind_of(contract.strain);
    let x = col(contract.doubling);
    let needed = book + level;
    if tricks < needed {
        // Rows: 1st, 2nd-3rd, 4th on. Columns: NV -, X, XX, V -, X, XX.
        let table = [
            [50, 100, 200, 100, 200, 400],
            [50, 200, 400, 100, 300, 600],
            [50, 300, 600, 100, 300, 600],
        ];
        let column = x + if vul { 3 } else { 0 };
        let mut penalty = 0;
        for n in 1..=(needed - tricks) {
            let row = match n {
                1 => 0,
                2 | 3 => 1,
                _ => 2,
            };
            penalty += table[row][column];
        }
        return -penalty;
    }
    let mut contract_points = 0;
    if level == 0 {
        // 0NT: the Five Crowns "10 below the line", doubled like any trick score.
        contract_points = [10, 20, 40][x];
    }
    for odd in 1..=level {
        contract_points += match (kind, odd) {
            (Kind::Minor, _) => [20, 40, 80][x],
            (Kind::Major, _) => [30, 60, 120][x],
            (Kind::NoTrumpLike, 1) => [40, 80, 160][x],
            (Kind::NoTrumpLike, _) => [30, 60, 120][x],
        };
    }
    let mut total = contract_points;
    for _ in 0..(tricks - needed) {
        total += match (x, vul, kind) {
            (0, _, Kind::Minor) => 20,
            (0, _, _) => 30,
            (1, false, _) => 100,
            (1, true, _) => 200,
            (_, false, _) => 200,
            (_, true, _) => 400,
        };
    }
    total += [0, 50, 100][x];
    total += match (level, vul) {
        (6, false) => 500,
        (6, true) => 750,
        (7, false) => 1000,
        (7, true) => 1500,
        _ => 0,
    };
    total += if contract_points < 100 {
        50
    } else if vul {
        500
    } else {
        300
    };
    total
}

fn sweep(table: ScoringTable, ladder: &[Contract]) -> usize {
    let mut cases = 0;
    for &bid in ladder {
        for doubling in Doubling::ALL {
            for vul in [false, true] {
                for tricks in 0..=table.max_tricks() {
                    let contract = Contract { doubling, ..bid };
                    let want = oracle_duplicate(table.book as i32, contract, tricks as i32, vul);
                    let got = duplicate_score(table, contract, tricks, vul);
                    assert_eq!(got, want, "{contract} vul={vul} tricks={tricks}");
                    cases += 1;
                }
            }
        }
    }
    cases
}

#[test]
fn duplicate_sweep_against_oracle() {
    let mut ladder = Vec::new();
    for level in 1..=7 {
        for strain in Strain::STANDARD {
            ladder.push(Contract::new(level, strain, Doubling::Undoubled));
        }
    }
    assert_eq!(ladder.len(), 35);
    assert_eq!(sweep(ScoringTable::BRIDGE, &ladder), 35 * 3 * 2 * 14);
}

// ---------------------------------------------------------------------------------------
// Five Crowns
// ---------------------------------------------------------------------------------------

#[test]
fn five_crowns_vectors_of_rules_2_2() {
    let fc = ScoringTable::five_crowns(false);
    assert_eq!(duplicate_score(fc, c("0NT"), 8, false), 90);
    assert_eq!(duplicate_score(fc, c("1R"), 8, false), 90);
    assert_eq!(duplicate_score(fc, c("3R"), 10, true), 600);
    // Slams follow the level (decision F4): 6 is 13 of 14 tricks, 7 all 14.
    assert_eq!(contract_score(fc, c("6S"), 13, false).slam, 500);
    assert_eq!(contract_score(fc, c("7R"), 14, true).slam, 1500);
    assert_eq!(contract_score(fc, c("7R"), 13, true).undertricks, 100);
}

#[test]
fn five_crowns_sweep_against_oracle() {
    let fc = ScoringTable::five_crowns(true);
    let mut ladder = vec![c("0NT")];
    for level in 1..=7 {
        let strains = Suit::FIVE_CROWNS
            .map(Strain::Suit)
            .into_iter()
            .chain([Strain::NoTrump]);
        for strain in strains {
            ladder.push(Contract::new(level, strain, Doubling::Undoubled));
        }
    }
    assert_eq!(ladder.len(), 43);
    // The ladder is in bidding order.
    assert!(
        ladder
            .windows(2)
            .all(|w| (w[0].level, w[0].strain) < (w[1].level, w[1].strain))
    );
    assert_eq!(sweep(fc, &ladder), 43 * 3 * 2 * 15);
}

#[test]
fn results_are_checked_before_a_sheet_takes_them() {
    let t = ScoringTable::BRIDGE;
    let too_many = Err(ScoreError::TooManyTricks {
        tricks: 14,
        max: 13,
    });
    assert_eq!(t.check(&c("1C"), 14), too_many);
    assert_eq!(
        t.check(&c("0NT"), 7),
        Err(ScoreError::BadContract(c("0NT")))
    );
    assert_eq!(
        ScoringTable::five_crowns(false).check(&c("7NT"), 14),
        Ok(())
    );
    let mut sheet = RubberSheet::default();
    assert_eq!(sheet.record(Some(c("1C")), Seat::North, 14, None), too_many);
    assert_eq!((sheet.deals(), sheet.dealer()), (0, Seat::North));
    let mut sheet = ChicagoSheet::default();
    assert!(
        sheet
            .record(Seat::North, Some(c("0NT")), Seat::North, 7, None)
            .is_err()
    );
    assert_eq!((sheet.deals_played(), sheet.next_dealer()), (0, None));
}

#[test]
fn legacy_redoubled_insult() {
    let legacy = ScoringTable::BRIDGE.with_insult_redoubled(HundredOrFifty::Fifty);
    assert_eq!(contract_score(legacy, c("1CXX"), 7, false).insult, 50);
    assert_eq!(duplicate_score(legacy, c("1CXX"), 7, false), 180);
    assert_eq!(contract_score(legacy, c("1CX"), 7, false).insult, 50);
}

// ---------------------------------------------------------------------------------------
// Honors
// ---------------------------------------------------------------------------------------

fn hands(north: &str, east: &str, south: &str, west: &str) -> BySeat<CardSet> {
    BySeat([north, east, south, west].map(|h| h.parse().unwrap()))
}

#[test]
fn standard_honors() {
    let t = ScoringTable::BRIDGE;
    let spades = Strain::Suit(Suit::Spades);
    let four = hands("SA SK SQ SJ", "ST", "", "");
    assert_eq!(honors(t, spades, &four), Some((NS, 100)));
    let five_with_defender = hands("S2", "SA SK SQ SJ ST", "", "");
    assert_eq!(honors(t, spades, &five_with_defender), Some((EW, 150)));
    let split = hands("SA SK SQ", "", "SJ ST", "");
    assert_eq!(honors(t, spades, &split), None);
    // Four honors of a side suit are not honors.
    assert_eq!(honors(t, Strain::Suit(Suit::Hearts), &four), None);
    let aces = hands("", "", "", "SA HA DA CA");
    assert_eq!(honors(t, Strain::NoTrump, &aces), Some((EW, 150)));
    assert_eq!(honors(t, spades, &aces), None);
    let three_aces = hands("SA HA DA", "CA", "", "");
    assert_eq!(honors(t, Strain::NoTrump, &three_aces), None);
    assert_eq!(honors(t, Strain::NoTrump, &BySeat::default()), None);
}

#[test]
fn five_crowns_honors() {
    let stars = Strain::Suit(Suit::Stars);
    let mapped = ScoringTable::five_crowns(true);
    let off = ScoringTable::five_crowns(false);
    let five = hands("RK RQ RJ RT R9", "", "", "");
    assert_eq!(honors(mapped, stars, &five), Some((NS, 150)));
    assert_eq!(honors(off, stars, &five), None);
    let four = hands("", "", "RK RQ RJ R9 R8", "RT");
    assert_eq!(honors(mapped, stars, &four), Some((NS, 100)));
    let kings = hands("", "RK SK HK DK", "", "");
    assert_eq!(honors(mapped, Strain::NoTrump, &kings), Some((EW, 150)));
    let all_kings = hands("RK SK HK DK CK", "", "", "");
    assert_eq!(honors(mapped, Strain::NoTrump, &all_kings), Some((NS, 150)));
    assert_eq!(honors(off, Strain::NoTrump, &kings), None);
    let three_kings = hands("RK SK HK", "DK CK", "", "");
    assert_eq!(honors(mapped, Strain::NoTrump, &three_kings), None);
}

// ---------------------------------------------------------------------------------------
// Rubber
// ---------------------------------------------------------------------------------------

fn kinds(rubber: &Rubber, side: Side) -> Vec<(EntryKind, u32)> {
    let entries = rubber.entries().iter().filter(|e| e.side == side);
    entries.map(|e| (e.kind, e.points)).collect()
}

#[test]
fn rubber_won_two_games_to_none() {
    use EntryKind::*;
    let mut sheet = RubberSheet::default();
    sheet.record(Some(c("4S")), Seat::North, 10, None).unwrap();
    assert_eq!(sheet.vulnerability(), Vulnerability::NorthSouth);
    // Vulnerable now: the doubled overtrick is 200.
    sheet.record(Some(c("2SX")), Seat::South, 9, None).unwrap();
    assert!(sheet.is_over());
    assert!(sheet.current().is_none());
    let rubber = &sheet.rubbers()[0];
    let want = [
        (TrickScore, 120),
        (TrickScore, 120),
        (Overtricks, 200),
        (Insult, 50),
        (RubberBonus, 700),
    ];
    assert_eq!(kinds(rubber, NS), want);
    assert_eq!(
        (rubber.below(NS), rubber.above(NS), rubber.total(NS)),
        (240, 950, 1190)
    );
    assert_eq!(rubber.total(EW), 0);
    assert_eq!(rubber.game_winner(), Some(NS));
    assert_eq!(rubber.points_winner(), Some((NS, 1190)));
    assert!(rubber.is_finished() && !rubber.is_unfinished());
    // Each below-the-line score sits under its own game.
    let below = rubber.entries().iter().filter(|e| e.kind == TrickScore);
    assert_eq!(below.map(|e| e.game).collect::<Vec<_>>(), [0, 1]);
    let after = sheet.record(Some(c("1C")), Seat::North, 7, None);
    assert_eq!(after, Err(ScoreError::SessionOver));
}

#[test]
fn rubber_won_two_games_to_one() {
    let mut sheet = RubberSheet::default();
    sheet.record(Some(c("4H")), Seat::North, 10, None).unwrap();
    sheet.record(Some(c("5C")), Seat::East, 11, None).unwrap();
    assert_eq!(sheet.vulnerability(), Vulnerability::Both);
    sheet.record(Some(c("3NT")), Seat::South, 9, None).unwrap();
    let rubber = &sheet.rubbers()[0];
    assert_eq!((rubber.games(NS), rubber.games(EW)), (2, 1));
    assert_eq!((rubber.total(NS), rubber.total(EW)), (120 + 100 + 500, 100));
    assert_eq!(sheet.points_winner(), Some((NS, 620)));
}

#[test]
fn rubber_part_scores_combine_then_are_wiped() {
    let mut sheet = RubberSheet::default();
    sheet.record(Some(c("2H")), Seat::North, 8, None).unwrap();
    sheet.record(Some(c("2D")), Seat::East, 8, None).unwrap();
    let now = sheet.current().unwrap();
    assert_eq!(
        (now.part_score(NS), now.part_score(EW), now.games(NS)),
        (60, 40, 0)
    );
    sheet.record(Some(c("2S")), Seat::South, 8, None).unwrap(); // 60 + 60: game
    let now = sheet.current().unwrap();
    assert_eq!(
        (now.games(NS), now.part_score(NS), now.part_score(EW)),
        (1, 0, 0)
    );
    assert_eq!(sheet.vulnerability(), Vulnerability::NorthSouth);
    // EW's 40 no longer counts toward game: 40 + 70 would have been one.
    sheet.record(Some(c("2NT")), Seat::West, 8, None).unwrap();
    let now = sheet.current().unwrap();
    assert_eq!((now.games(EW), now.part_score(EW)), (0, 70));
    assert_eq!(now.below(EW), 110);
    assert_eq!(sheet.vulnerability(), Vulnerability::NorthSouth);
}

#[test]
fn rubber_two_games_but_lost_on_points() {
    let mut sheet = RubberSheet::default();
    sheet.record(Some(c("3NT")), Seat::North, 9, None).unwrap();
    sheet
        .record(Some(c("7NTXX")), Seat::North, 0, None)
        .unwrap(); // vulnerable, down 13
    sheet.record(Some(c("3NT")), Seat::South, 9, None).unwrap();
    let rubber = &sheet.rubbers()[0];
    assert_eq!(rubber.game_winner(), Some(NS));
    assert_eq!((rubber.total(NS), rubber.total(EW)), (900, 7600));
    assert_eq!(rubber.points_winner(), Some((EW, 6700)));
}

#[test]
fn rubber_honors_go_above_the_line_made_or_not() {
    let mut sheet = RubberSheet::default();
    let held = hands("", "SA SK SQ SJ", "", "");
    let spades = honors(ScoringTable::BRIDGE, Strain::Suit(Suit::Spades), &held);
    sheet
        .record(Some(c("4S")), Seat::North, 10, spades)
        .unwrap();
    sheet
        .record(Some(c("4H")), Seat::North, 9, Some((NS, 150)))
        .unwrap();
    let now = sheet.current().unwrap();
    assert_eq!((now.above(EW), now.below(EW)), (100 + 100, 0));
    assert_eq!((now.above(NS), now.below(NS)), (150, 120));
    let honors_entry = |e: &SheetEntry| e.kind == EntryKind::Honors && e.side == EW;
    assert_eq!(
        now.entries()
            .iter()
            .find(|e| honors_entry(e))
            .map(|e| e.points),
        Some(100)
    );
}

#[test]
fn rubber_passed_out_deal_scores_nothing() {
    let mut sheet = RubberSheet::new(ScoringTable::BRIDGE, 1, Seat::South);
    sheet.record(None, Seat::South, 0, Some((NS, 150))).unwrap();
    assert_eq!((sheet.deals(), sheet.dealer()), (1, Seat::West));
    assert!(sheet.current().unwrap().entries().is_empty());
    assert_eq!(sheet.vulnerability(), Vulnerability::None);
}

#[test]
fn unfinished_rubber_with_one_game() {
    let mut sheet = RubberSheet::default();
    sheet.record(Some(c("2D")), Seat::East, 8, None).unwrap(); // EW part-score, then wiped
    sheet.record(Some(c("4S")), Seat::North, 10, None).unwrap();
    sheet.finish_unfinished(100);
    let rubber = &sheet.rubbers()[0];
    assert!(rubber.is_unfinished() && rubber.game_winner().is_none());
    let want = [
        (EntryKind::TrickScore, 120),
        (EntryKind::UnfinishedGame, 300),
    ];
    assert_eq!(kinds(rubber, NS), want);
    assert_eq!(rubber.total(EW), 40);
    // Finishing twice changes nothing.
    sheet.finish_unfinished(100);
    assert_eq!((sheet.rubbers().len(), sheet.total(NS)), (1, 420));
}

#[test]
fn unfinished_rubber_part_score_by_one_side() {
    for (bonus, want) in [(HundredOrFifty::Hundred, 100), (HundredOrFifty::Fifty, 50)] {
        let mut sheet = RubberSheet::default();
        sheet.record(Some(c("4S")), Seat::West, 10, None).unwrap(); // EW game
        sheet.record(Some(c("2S")), Seat::North, 8, None).unwrap(); // NS part-score
        sheet.finish_unfinished(bonus.into());
        let rubber = &sheet.rubbers()[0];
        let ns = [
            (EntryKind::TrickScore, 60),
            (EntryKind::UnfinishedPartScore, want),
        ];
        assert_eq!(kinds(rubber, NS), ns);
        assert_eq!(rubber.total(EW), 120 + 300);
    }
}

#[test]
fn unfinished_rubber_part_scores_by_both_sides() {
    let mut sheet = RubberSheet::default();
    sheet.record(Some(c("2S")), Seat::North, 8, None).unwrap();
    sheet.record(Some(c("2C")), Seat::East, 8, None).unwrap();
    sheet.finish_unfinished(100);
    assert_eq!((sheet.total(NS), sheet.total(EW)), (60, 40));
}

#[test]
fn unfinished_rubber_one_game_each_gets_no_game_bonus() {
    let mut sheet = RubberSheet::default();
    sheet.record(Some(c("3NT")), Seat::North, 9, None).unwrap();
    sheet.record(Some(c("3NT")), Seat::East, 9, None).unwrap();
    sheet.finish_unfinished(100);
    assert_eq!((sheet.total(NS), sheet.total(EW)), (100, 100));
}

#[test]
fn session_of_two_rubbers() {
    let mut sheet = RubberSheet::new(ScoringTable::BRIDGE, 2, Seat::North);
    sheet.record(Some(c("3NT")), Seat::North, 9, None).unwrap();
    sheet.record(Some(c("3NT")), Seat::North, 9, None).unwrap();
    assert!(!sheet.is_over());
    assert_eq!(sheet.rubbers().len(), 1);
    assert_eq!(sheet.vulnerability(), Vulnerability::None);
    assert_eq!(sheet.dealer(), Seat::South);
    sheet.record(Some(c("3NT")), Seat::East, 9, None).unwrap();
    sheet.finish_unfinished(100);
    assert!(sheet.is_over());
    assert_eq!((sheet.total(NS), sheet.total(EW)), (900, 400));
    assert_eq!(sheet.points_winner(), Some((NS, 500)));
}

// ---------------------------------------------------------------------------------------
// Chicago
// ---------------------------------------------------------------------------------------

fn chicago(deals_2_3: ChicagoDeals23) -> ChicagoSheet {
    let rules = ChicagoRules {
        deals_2_3,
        ..ChicagoRules::default()
    };
    ChicagoSheet::new(ScoringTable::BRIDGE, rules)
}

fn deal_entries(sheet: &ChicagoSheet, deal: u32) -> Vec<(Side, EntryKind, u32)> {
    let entries = sheet.entries().iter().filter(|e| e.deal == deal);
    entries.map(|e| (e.side, e.kind, e.points)).collect()
}

#[test]
fn chicago_wheel_vulnerability() {
    use Vulnerability::{Both, EastWest as Ew, None as Nil, NorthSouth as Ns};
    let expected = [
        (ChicagoDeals23::DealerVulnerable, [Nil, Ew, Ns, Both]),
        (ChicagoDeals23::NonDealerVulnerable, [Nil, Ns, Ew, Both]),
    ];
    for (option, want) in expected {
        let mut sheet = chicago(option);
        let mut dealer = Seat::North;
        for (n, want) in want.into_iter().enumerate() {
            assert_eq!(sheet.deal_in_wheel(), n as u32 + 1);
            assert_eq!(
                sheet.vulnerability(dealer),
                want,
                "{option:?} deal {}",
                n + 1
            );
            // East-West declares 4S each time: the game bonus shows the vulnerability used.
            sheet
                .record(dealer, Some(c("4S")), Seat::East, 10, None)
                .unwrap();
            let bonus = sheet.entries().last().unwrap();
            assert_eq!(bonus.kind, EntryKind::GameBonus);
            assert_eq!(
                bonus.points,
                if want.side_vulnerable(EW) { 500 } else { 300 }
            );
            dealer = sheet.next_dealer().unwrap();
        }
        assert!(sheet.is_over());
        let after = sheet.record(dealer, None, dealer, 0, None);
        assert_eq!(after, Err(ScoreError::SessionOver));
    }
}

#[test]
fn chicago_game_bonus_uses_the_completing_deal() {
    // (option, EW's penalty on deal 2, NS's game bonus on deal 3)
    let options = [
        (ChicagoDeals23::DealerVulnerable, 100, 500),
        (ChicagoDeals23::NonDealerVulnerable, 50, 300),
    ];
    for (option, penalty, bonus) in options {
        let mut sheet = chicago(option);
        sheet
            .record(Seat::North, Some(c("2S")), Seat::North, 8, None)
            .unwrap(); // NV
        sheet
            .record(Seat::East, Some(c("1C")), Seat::East, 6, None)
            .unwrap(); // EW down 1
        assert_eq!(sheet.part_score(NS), 60);
        // Deal 3, South deals: NS completes the game with 2H.
        sheet
            .record(Seat::South, Some(c("2H")), Seat::South, 8, None)
            .unwrap();
        assert_eq!(sheet.part_score(NS), 0);
        assert_eq!(sheet.total(NS), 60 + penalty + 60 + bonus);
    }
}

#[test]
fn chicago_opponents_game_wipes_part_score() {
    let mut sheet = chicago(ChicagoDeals23::DealerVulnerable);
    sheet
        .record(Seat::North, Some(c("2S")), Seat::North, 8, None)
        .unwrap();
    sheet
        .record(Seat::East, Some(c("3NT")), Seat::West, 9, None)
        .unwrap(); // EW vulnerable
    assert_eq!((sheet.part_score(NS), sheet.total(EW)), (0, 100 + 500));
    sheet
        .record(Seat::South, Some(c("2H")), Seat::North, 8, None)
        .unwrap();
    assert_eq!((sheet.part_score(NS), sheet.total(NS)), (60, 120));
}

#[test]
fn chicago_fourth_deal_part_score() {
    let mut sheet = chicago(ChicagoDeals23::DealerVulnerable);
    sheet
        .record(Seat::North, Some(c("1D")), Seat::East, 7, None)
        .unwrap(); // EW 20
    sheet.record(Seat::East, None, Seat::East, 0, None).unwrap();
    sheet
        .record(Seat::East, Some(c("3C")), Seat::North, 8, None)
        .unwrap(); // NS down 1
    sheet
        .record(Seat::South, Some(c("2C")), Seat::South, 7, None)
        .unwrap(); // NS down 1, V
    // Deal 4: a part-score earns 100 though EW already have one.
    sheet
        .record(Seat::West, Some(c("1NT")), Seat::North, 7, None)
        .unwrap();
    let want = [
        (NS, EntryKind::TrickScore, 40),
        (NS, EntryKind::FourthDealPartScore, 100),
    ];
    assert_eq!(deal_entries(&sheet, 4), want);
    assert_eq!((sheet.total(NS), sheet.total(EW)), (140, 20 + 50 + 100));
    assert!(sheet.is_over());
}

#[test]
fn chicago_fourth_deal_game_gets_only_the_game_bonus() {
    let rules = ChicagoRules {
        rounds: 2,
        ..ChicagoRules::default()
    };
    let mut sheet = ChicagoSheet::new(ScoringTable::BRIDGE, rules);
    for dealer in [Seat::North, Seat::East, Seat::South] {
        sheet
            .record(dealer, Some(c("1H")), Seat::North, 6, None)
            .unwrap(); // down 1
    }
    sheet
        .record(Seat::West, Some(c("1H")), Seat::West, 7, None)
        .unwrap(); // 30 + 100
    sheet
        .record(Seat::North, Some(c("2S")), Seat::South, 8, None)
        .unwrap();
    assert_eq!(sheet.deals_played(), 5);
    // A new wheel: EW's 30 from deal 4 of the last one is gone.
    assert_eq!((sheet.part_score(EW), sheet.part_score(NS)), (0, 60));
    assert_eq!(sheet.deal_in_wheel(), 2);
    // East deals deal 2: dealer's side EW vulnerable, NS not.
    sheet
        .record(Seat::East, Some(c("2S")), Seat::North, 8, None)
        .unwrap();
    let last = sheet.entries().last().unwrap();
    assert_eq!((last.kind, last.points), (EntryKind::GameBonus, 300));
    sheet
        .record(Seat::South, Some(c("1NT")), Seat::East, 7, None)
        .unwrap();
    sheet
        .record(Seat::West, Some(c("4H")), Seat::East, 10, None)
        .unwrap(); // deal 4: game
    let want = [
        (EW, EntryKind::TrickScore, 120),
        (EW, EntryKind::GameBonus, 500),
    ];
    assert_eq!(deal_entries(&sheet, 8), want);
    assert!(sheet.is_over());
}

#[test]
fn chicago_passed_out_deal_is_redealt_by_the_same_dealer() {
    let mut sheet = chicago(ChicagoDeals23::DealerVulnerable);
    assert_eq!(sheet.next_dealer(), None);
    sheet
        .record(Seat::East, None, Seat::East, 0, Some((NS, 150)))
        .unwrap();
    let state = (
        sheet.next_dealer(),
        sheet.deal_in_wheel(),
        sheet.deals_played(),
    );
    assert_eq!(state, (Some(Seat::East), 1, 0));
    assert!(sheet.entries().is_empty());
    sheet
        .record(Seat::East, Some(c("1S")), Seat::East, 7, None)
        .unwrap();
    assert_eq!(sheet.next_dealer(), Some(Seat::South));
    assert_eq!(sheet.deal_in_wheel(), 2);
    // Deal 2 is South's and South's side is vulnerable.
    assert_eq!(sheet.vulnerability(Seat::South), Vulnerability::NorthSouth);
    assert_eq!(sheet.entries()[0].deal, 1);
}

#[test]
fn chicago_honors_on_and_off() {
    for (count, want) in [(true, 150), (false, 0)] {
        let rules = ChicagoRules {
            honors: count,
            ..ChicagoRules::default()
        };
        let mut sheet = ChicagoSheet::new(ScoringTable::BRIDGE, rules);
        sheet
            .record(Seat::North, Some(c("3NT")), Seat::North, 8, Some((EW, 150)))
            .unwrap();
        assert_eq!(sheet.total(EW), 50 + want);
    }
}

// ---------------------------------------------------------------------------------------
// IMPs and matchpoints
// ---------------------------------------------------------------------------------------

#[test]
fn imp_table_every_boundary() {
    #[rustfmt::skip]
    let rows: [(i32, i32); 25] = [
        (0, 10), (20, 40), (50, 80), (90, 120), (130, 160), (170, 210), (220, 260),
        (270, 310), (320, 360), (370, 420), (430, 490), (500, 590), (600, 740), (750, 890),
        (900, 1090), (1100, 1290), (1300, 1490), (1500, 1740), (1750, 1990), (2000, 2240),
        (2250, 2490), (2500, 2990), (3000, 3490), (3500, 3990), (4000, 7600),
    ];
    for (want, (low, high)) in rows.into_iter().enumerate() {
        let want = want as i32;
        for diff in [low, high] {
            assert_eq!(imps(diff), want, "{diff}");
            assert_eq!(imps(-diff), -want, "-{diff}");
        }
    }
    assert_eq!(imps(15), 0);
    assert_eq!(imps(45), 1);
    assert_eq!(imps(i32::MAX), 24);
    assert_eq!(imps(i32::MIN), -24);
}

#[test]
fn matchpoints_with_ties() {
    assert_eq!(matchpoints(&[420, 420, 450, -50, 420]), vec![4, 4, 8, 0, 4]);
    assert_eq!(matchpoints(&[100, 100]), vec![1, 1]);
    assert_eq!(matchpoints(&[7]), vec![0]);
    assert!(matchpoints(&[]).is_empty());
    assert_eq!(matchpoint_percentage(8, 5), Some(100.0));
    assert_eq!(matchpoint_percentage(4, 5), Some(50.0));
    assert_eq!(matchpoint_percentage(0, 1), None);
}

// ---------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------

fn json<T: serde::Serialize>(value: T) -> String {
    serde_json::to_string(&value).unwrap()
}

#[test]
fn options_serialise_as_rules_md_spells_them() {
    assert_eq!(json(ScoringMode::Duplicate), "\"duplicate\"");
    assert_eq!(json(ScoringMode::Rubber), "\"rubber\"");
    assert_eq!(json(ScoringMode::Chicago), "\"chicago\"");
    assert_eq!(
        json(ChicagoDeals23::DealerVulnerable),
        "\"dealer_vulnerable\""
    );
    assert_eq!(
        json(ChicagoDeals23::NonDealerVulnerable),
        "\"non_dealer_vulnerable\""
    );
    assert_eq!(json(Comparison::None), "\"none\"");
    assert_eq!(json(Comparison::Imps), "\"imps\"");
    assert_eq!(json(Comparison::Matchpoints), "\"matchpoints\"");
    assert_eq!(json(FiveCrownsHonors::Off), "\"off\"");
    assert_eq!(json(HundredOrFifty::Fifty), "50");
    let mode: ScoringMode = serde_json::from_str("\"rubber\"").unwrap();
    assert_eq!(mode, ScoringMode::Rubber);
    assert!(serde_json::from_str::<ScoringMode>("\"Rubber\"").is_err());
}

#[test]
fn hundred_or_fifty_reads_only_those_numbers() {
    let read = |text: &str| serde_json::from_str::<HundredOrFifty>(text);
    assert_eq!(read("100").unwrap(), HundredOrFifty::Hundred);
    assert_eq!(read("50").unwrap(), HundredOrFifty::Fifty);
    for bad in ["75", "0", "-50", "\"100\"", "100.0", "null"] {
        let err = read(bad).unwrap_err().to_string();
        assert!(err.contains("100 or 50"), "{bad}: {err}");
    }
}
