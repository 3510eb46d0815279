//! Acceptance tests for Contract Bridge matches (RULES.md §1.1 and §1.5–§1.8): duplicate
//! boards with the Law 2 cycle, team matches compared in IMPs, rubbers, Chicago wheels and
//! Law 80, all played end to end with random legal actions and checked against tables and
//! score keeping written here.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_cards::{Seat, Side, Strain, Suit};
use tenace_rules::Match;
use tenace_rules::bridge::{BridgeDeal, BridgeMatch, BridgeOptions, DealResult, MatchSheet};
use tenace_rules::scoring::{Comparison, EntryKind, HundredOrFifty};
use tenace_rules::{Action, Call, Contract, Doubling, Game, Phase, Vulnerability};

/// RULES.md §1.5: the dealer and vulnerability of boards 1 to 16 (Law 2).
const LAW_2: [(Seat, Vulnerability); 16] = [
    (Seat::North, Vulnerability::None),
    (Seat::East, Vulnerability::NorthSouth),
    (Seat::South, Vulnerability::EastWest),
    (Seat::West, Vulnerability::Both),
    (Seat::North, Vulnerability::NorthSouth),
    (Seat::East, Vulnerability::EastWest),
    (Seat::South, Vulnerability::Both),
    (Seat::West, Vulnerability::None),
    (Seat::North, Vulnerability::EastWest),
    (Seat::East, Vulnerability::Both),
    (Seat::South, Vulnerability::None),
    (Seat::West, Vulnerability::NorthSouth),
    (Seat::North, Vulnerability::Both),
    (Seat::East, Vulnerability::None),
    (Seat::South, Vulnerability::NorthSouth),
    (Seat::West, Vulnerability::EastWest),
];

/// RULES.md §1.8: the IMP scale (Law 78B), as (lowest, highest difference, IMPs).
const IMP_SCALE: [(u32, u32, i32); 25] = [
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
    (4000, u32::MAX, 24),
];

fn my_imps(diff: i32) -> i32 {
    assert_eq!(diff % 10, 0, "bridge scores are multiples of 10");
    let size = diff.unsigned_abs();
    let (_, _, imps) = IMP_SCALE
        .iter()
        .find(|&&(lo, hi, _)| (lo..=hi).contains(&size))
        .expect("every multiple of 10 is on the scale");
    imps * diff.signum()
}

fn options(json: &str) -> BridgeOptions {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

fn is_made(result: &DealResult) -> bool {
    result.tricks >= 6 + result.contract.level
}

/// The contract points for the odd tricks bid (RULES.md §1.4): what counts toward game.
fn trick_score(contract: Contract) -> u32 {
    let per = match contract.strain {
        Strain::Suit(Suit::Clubs | Suit::Diamonds) => 20,
        _ => 30,
    };
    let nt = if contract.strain == Strain::NoTrump {
        10
    } else {
        0
    };
    let mult = match contract.doubling {
        Doubling::Undoubled => 1,
        Doubling::Doubled => 2,
        Doubling::Redoubled => 4,
    };
    mult * (u32::from(contract.level) * per + nt)
}

/// Duplicate score for North-South (RULES.md §1.4–1.5), from the Law 77 tables.
fn duplicate_ns(result: Option<DealResult>, vulnerability: Vulnerability) -> i32 {
    let Some(r) = result else {
        return 0;
    };
    let vul = vulnerability.is_vulnerable(r.declarer);
    let level = i32::from(r.contract.level);
    let tricks = i32::from(r.tricks);
    let need = 6 + level;
    let per = match r.contract.strain {
        Strain::Suit(Suit::Clubs | Suit::Diamonds) => 20,
        _ => 30,
    };
    let declarer = if is_made(&r) {
        let ts = trick_score(r.contract) as i32;
        let over = tricks - need;
        let (overtricks, insult) = match (r.contract.doubling, vul) {
            (Doubling::Undoubled, _) => (over * per, 0),
            (Doubling::Doubled, false) => (over * 100, 50),
            (Doubling::Doubled, true) => (over * 200, 50),
            (Doubling::Redoubled, false) => (over * 200, 100),
            (Doubling::Redoubled, true) => (over * 400, 100),
        };
        let slam = match (level, vul) {
            (6, false) => 500,
            (6, true) => 750,
            (7, false) => 1000,
            (7, true) => 1500,
            _ => 0,
        };
        let premium = match (ts >= 100, vul) {
            (true, false) => 300,
            (true, true) => 500,
            (false, _) => 50,
        };
        ts + overtricks + insult + slam + premium
    } else {
        let down = need - tricks;
        let doubled_each = |k: i32| match (vul, k) {
            (false, 1) => 100,
            (false, 2 | 3) => 200,
            (false, _) => 300,
            (true, 1) => 200,
            (true, _) => 300,
        };
        -(1..=down)
            .map(|k| match r.contract.doubling {
                Doubling::Undoubled => {
                    if vul {
                        100
                    } else {
                        50
                    }
                }
                Doubling::Doubled => doubled_each(k),
                Doubling::Redoubled => 2 * doubled_each(k),
            })
            .sum::<i32>()
    };
    if r.declarer.side() == Side::NorthSouth {
        declarer
    } else {
        -declarer
    }
}

/// A random legal action. In the auction: pass with probability `pass`, otherwise one of
/// the first six legal calls (pass, double, redouble and the lowest bids), so contracts
/// stay low enough to be made now and then. In play: any legal card.
fn choose(m: &BridgeMatch, rng: &mut ChaCha8Rng, pass: f64) -> (tenace_cards::Player, Action) {
    let who = m.to_act().iter().next().expect("someone to act");
    let legal = m.legal_actions(who);
    assert!(!legal.is_empty());
    let phase = m.current().unwrap().phase();
    let action = if phase == Phase::Auction {
        if rng.random_bool(pass) {
            Action::Call(Call::Pass)
        } else {
            legal[rng.random_range(0..legal.len().min(6))]
        }
    } else {
        legal[rng.random_range(0..legal.len())]
    };
    (who, action)
}

/// Plays actions until the deal in progress is over (or the match).
fn play_deal(m: &mut BridgeMatch, rng: &mut ChaCha8Rng, pass: f64) {
    let done = m.finished_deals().len();
    while !m.is_over() && m.finished_deals().len() == done {
        let (who, action) = choose(m, rng, pass);
        m.try_apply(who, action)
            .unwrap_or_else(|e| panic!("legal {action} refused: {e}"));
    }
}

/// Plays the whole match, with a bound on the number of deals.
fn play_match(m: &mut BridgeMatch, rng: &mut ChaCha8Rng, pass: f64, max_deals: usize) {
    while !m.is_over() {
        assert!(
            m.finished_deals().len() < max_deals,
            "the match does not end"
        );
        play_deal(m, rng, pass);
    }
    assert!(m.to_act().is_empty());
    for seat in Seat::ALL {
        assert!(m.legal_actions(seat.into()).is_empty());
        assert!(m.try_apply(seat.into(), Action::Call(Call::Pass)).is_err());
    }
}

/// Replays the match's record into a fresh match with the same options and seed.
fn replay(m: &BridgeMatch) -> BridgeMatch {
    let mut fresh = BridgeMatch::new(m.options().clone(), m.seed()).unwrap();
    for (i, mv) in m.history().iter().enumerate() {
        fresh
            .try_apply(mv.player, mv.action)
            .unwrap_or_else(|e| panic!("replay move {i} ({}) refused: {e}", mv.action));
    }
    fresh
}

/// The concatenated records of the finished deals and the current one.
fn deal_records(m: &BridgeMatch) -> Vec<tenace_rules::Move> {
    m.finished_deals()
        .iter()
        .chain(m.current())
        .flat_map(|d: &BridgeDeal| d.history().to_vec())
        .collect()
}

// ---------------------------------------------------------------------------------------
// Duplicate
// ---------------------------------------------------------------------------------------

#[test]
fn duplicate_plays_16_boards_with_the_law_2_dealer_and_vulnerability() {
    for seed in [1u64, 2, 3] {
        let mut m = BridgeMatch::new(BridgeOptions::default(), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_match(&mut m, &mut rng, 0.5, 16);
        let deals = m.finished_deals();
        assert_eq!(deals.len(), 16);
        let MatchSheet::Duplicate(boards) = m.sheet() else {
            panic!("a duplicate sheet");
        };
        assert_eq!(boards.len(), 16);
        let mut total = 0i64;
        for (k, (board, deal)) in boards.iter().zip(deals).enumerate() {
            let (dealer, vulnerability) = LAW_2[k];
            let context = format!("seed {seed}, board {}", k + 1);
            assert_eq!(board.board, k as u32 + 1, "{context}");
            assert_eq!(board.dealer, dealer, "{context}");
            assert_eq!(board.vulnerability, vulnerability, "{context}");
            assert_eq!(deal.setup().dealer, dealer, "{context}");
            assert_eq!(deal.setup().vulnerability, vulnerability, "{context}");
            assert_eq!(
                deal.history()[0].player,
                dealer.into(),
                "{context}: dealer calls first"
            );
            assert_eq!(deal.phase(), Phase::Finished);
            assert_eq!(board.results, vec![deal.result()], "{context}");
            let want = duplicate_ns(deal.result(), vulnerability);
            assert_eq!(board.scores_ns, vec![want], "{context}");
            assert_eq!(deal.score_ns(), Some(want), "{context}");
            assert_eq!(board.comparison, None, "{context}");
            total += i64::from(want);
        }
        assert_eq!(m.sheet().totals(), [total, -total]);
        // Sixteen different deals.
        for i in 0..16 {
            for j in i + 1..16 {
                assert_ne!(deals[i].setup().hands, deals[j].setup().hands);
            }
        }
        // The match's record is the deals' records in order.
        assert_eq!(m.history(), &deal_records(&m)[..]);
    }
}

#[test]
fn the_law_2_cycle_repeats_after_16_boards() {
    let mut m = BridgeMatch::new(options(r#"{"boards": 20}"#), 5).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    play_match(&mut m, &mut rng, 0.7, 20);
    let MatchSheet::Duplicate(boards) = m.sheet() else {
        panic!("a duplicate sheet");
    };
    assert_eq!(boards.len(), 20);
    for (k, board) in boards.iter().enumerate() {
        assert_eq!(
            (board.dealer, board.vulnerability),
            LAW_2[k % 16],
            "board {}",
            k + 1
        );
    }
}

#[test]
fn duplicate_imps_plays_each_board_twice_and_compares_in_imps() {
    let mut nonzero = 0;
    let mut swings = std::collections::BTreeSet::new();
    for seed in [10u64, 11, 12, 13] {
        let opts = options(r#"{"comparison": "imps"}"#);
        assert_eq!(opts.comparison, Comparison::Imps);
        let mut m = BridgeMatch::new(opts, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_match(&mut m, &mut rng, 0.5, 32);
        let deals = m.finished_deals();
        assert_eq!(deals.len(), 32);
        let MatchSheet::Duplicate(boards) = m.sheet() else {
            panic!("a duplicate sheet");
        };
        assert_eq!(boards.len(), 16);
        let mut team = 0i64;
        for (k, board) in boards.iter().enumerate() {
            let context = format!("seed {seed}, board {}", k + 1);
            let (first, second) = (&deals[2 * k], &deals[2 * k + 1]);
            // The same cards, dealer and vulnerability at both tables.
            assert_eq!(first.setup(), second.setup(), "{context}");
            assert_eq!(first.setup().dealer, LAW_2[k].0, "{context}");
            assert_eq!(first.setup().vulnerability, LAW_2[k].1, "{context}");
            let ns1 = duplicate_ns(first.result(), LAW_2[k].1);
            let ns2 = duplicate_ns(second.result(), LAW_2[k].1);
            assert_eq!(
                board.results,
                vec![first.result(), second.result()],
                "{context}"
            );
            assert_eq!(board.scores_ns, vec![ns1, ns2], "{context}");
            // The team sits North-South at the first table and East-West at the second.
            let want = my_imps(ns1 - ns2);
            assert_eq!(board.comparison, Some(want), "{context}: {ns1} vs {ns2}");
            nonzero += usize::from(want != 0);
            swings.insert(want.abs());
            team += i64::from(want);
        }
        assert_eq!(m.sheet().totals(), [team, -team], "seed {seed}");
        assert_eq!(replay(&m), m, "seed {seed}");
    }
    // Random play gives real swings, large and small.
    assert!(nonzero > 20, "{nonzero}");
    assert!(swings.len() > 8, "{swings:?}");
}

#[test]
fn duplicate_matchpoint_totals_share_the_top() {
    let opts = options(r#"{"comparison": "matchpoints", "boards": 4}"#);
    let mut m = BridgeMatch::new(opts, 3).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    play_match(&mut m, &mut rng, 0.5, 8);
    let MatchSheet::Duplicate(boards) = m.sheet() else {
        panic!("a duplicate sheet");
    };
    let mut first = 0;
    for board in boards {
        let (ns1, ns2) = (board.scores_ns[0], board.scores_ns[1]);
        // Law 78A with two results: 2 for a win, 1 for a tie, 0 for a loss.
        let want = match ns1.cmp(&ns2) {
            std::cmp::Ordering::Greater => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 0,
        };
        assert_eq!(board.comparison, Some(want));
        first += i64::from(want);
    }
    // The two teams share the top of 2 per board.
    assert_eq!(m.sheet().totals(), [first, 2 * 4 - first]);
}

// ---------------------------------------------------------------------------------------
// Rubber
// ---------------------------------------------------------------------------------------

/// Games and part-scores of one rubber, kept from the deal results (RULES.md §1.6).
#[derive(Debug, Default, Clone)]
struct RubberTrack {
    games: [u8; 2],
    part: [u32; 2],
    below: [u32; 2],
    winner: Option<Side>,
}

impl RubberTrack {
    fn vulnerability(&self) -> Vulnerability {
        Vulnerability::from_sides(self.games[0] > 0, self.games[1] > 0)
    }

    fn record(&mut self, result: Option<DealResult>) {
        assert!(self.winner.is_none(), "a deal after the rubber ended");
        let Some(r) = result.filter(is_made) else {
            return;
        };
        let side = r.declarer.side();
        let points = trick_score(r.contract);
        self.below[side.index()] += points;
        self.part[side.index()] += points;
        if self.part[side.index()] >= 100 {
            self.part = [0, 0];
            self.games[side.index()] += 1;
            if self.games[side.index()] == 2 {
                self.winner = Some(side);
            }
        }
    }
}

#[test]
fn a_rubber_ends_when_a_side_has_two_games_with_700_or_500() {
    let mut bonuses = std::collections::BTreeSet::new();
    for seed in 0..30u64 {
        let mut m = BridgeMatch::new(options(r#"{"scoring": "rubber"}"#), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_match(&mut m, &mut rng, 0.4, 400);
        let deals = m.finished_deals();
        let mut track = RubberTrack::default();
        let first_dealer = deals[0].setup().dealer;
        for (k, deal) in deals.iter().enumerate() {
            let context = format!("seed {seed}, deal {}", k + 1);
            // The deal passes clockwise, passed-out deals included.
            assert_eq!(deal.setup().dealer, first_dealer.offset(k), "{context}");
            // A side with a game is vulnerable.
            assert_eq!(
                deal.setup().vulnerability,
                track.vulnerability(),
                "{context}"
            );
            track.record(deal.result());
        }
        let winner = track.winner.expect("the rubber ended on the last deal");
        let MatchSheet::Rubber(sheet) = m.sheet() else {
            panic!("a rubber sheet");
        };
        assert!(sheet.is_over());
        assert_eq!(sheet.rubbers().len(), 1);
        let rubber = &sheet.rubbers()[0];
        assert_eq!(rubber.game_winner(), Some(winner), "seed {seed}");
        assert!(!rubber.is_unfinished());
        for side in Side::BOTH {
            assert_eq!(rubber.games(side), track.games[side.index()], "seed {seed}");
            assert_eq!(rubber.below(side), track.below[side.index()], "seed {seed}");
        }
        let bonus: Vec<_> = rubber
            .entries()
            .iter()
            .filter(|e| e.kind == EntryKind::RubberBonus)
            .collect();
        assert_eq!(bonus.len(), 1, "seed {seed}");
        let want = if track.games[winner.opponents().index()] == 0 {
            700
        } else {
            500
        };
        assert_eq!(
            (bonus[0].side, bonus[0].points),
            (winner, want),
            "seed {seed}"
        );
        assert_eq!(bonus[0].deal, deals.len() as u32, "seed {seed}");
        bonuses.insert(want);
        let totals = m.sheet().totals();
        assert_eq!(totals, Side::BOTH.map(|s| i64::from(rubber.total(s))));
        assert_eq!(replay(&m), m, "seed {seed}");
    }
    assert_eq!(bonuses.into_iter().collect::<Vec<_>>(), vec![500, 700]);
}

#[test]
fn a_two_rubber_session_starts_the_second_rubber_afresh() {
    let seed = 8;
    let opts = options(r#"{"scoring": "rubber", "rubbers_to_play": 2}"#);
    let mut m = BridgeMatch::new(opts, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    play_match(&mut m, &mut rng, 0.4, 800);
    let mut tracks = vec![RubberTrack::default()];
    let first_dealer = m.finished_deals()[0].setup().dealer;
    for (k, deal) in m.finished_deals().iter().enumerate() {
        if tracks.last().unwrap().winner.is_some() {
            tracks.push(RubberTrack::default());
        }
        let track = tracks.last_mut().unwrap();
        assert_eq!(deal.setup().dealer, first_dealer.offset(k));
        assert_eq!(
            deal.setup().vulnerability,
            track.vulnerability(),
            "deal {}",
            k + 1
        );
        track.record(deal.result());
    }
    assert_eq!(tracks.len(), 2);
    assert!(tracks[1].winner.is_some());
    let MatchSheet::Rubber(sheet) = m.sheet() else {
        panic!("a rubber sheet");
    };
    assert_eq!(sheet.rubbers().len(), 2);
    for (rubber, track) in sheet.rubbers().iter().zip(&tracks) {
        assert_eq!(rubber.game_winner(), track.winner);
        for side in Side::BOTH {
            assert_eq!(rubber.games(side), track.games[side.index()]);
            assert_eq!(rubber.below(side), track.below[side.index()]);
        }
    }
    assert_eq!(replay(&m), m);
}

#[test]
fn ending_a_rubber_session_early_applies_law_80() {
    // Which Law 80 situations were met: one game, one part-score, both part-scores, and
    // nothing at all.
    let mut seen = [0usize; 4];
    for seed in 0..120u64 {
        let bonus = if seed % 3 == 0 { 50 } else { 100 };
        let json = if bonus == 50 {
            r#"{"scoring": "rubber", "unfinished_partscore_bonus": 50}"#
        } else {
            r#"{"scoring": "rubber"}"#
        };
        let opts = options(json);
        assert_eq!(
            opts.unfinished_partscore_bonus,
            if bonus == 50 {
                HundredOrFifty::Fifty
            } else {
                HundredOrFifty::Hundred
            }
        );
        let mut m = BridgeMatch::new(opts, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let stop_after = (seed % 7) as usize;
        let mut track = RubberTrack::default();
        for _ in 0..stop_after {
            play_deal(&mut m, &mut rng, 0.4);
            track.record(m.finished_deals().last().unwrap().result());
            if m.is_over() {
                break;
            }
        }
        // Sometimes stop in the middle of a deal, which is then not scored.
        if seed % 2 == 1 && !m.is_over() {
            let done = m.finished_deals().len();
            for _ in 0..10 {
                let (who, action) = choose(&m, &mut rng, 0.2);
                m.try_apply(who, action).unwrap();
                if m.finished_deals().len() > done {
                    // Four passes: that deal is over and on the sheet.
                    track.record(m.finished_deals().last().unwrap().result());
                    break;
                }
            }
        }
        if m.is_over() {
            continue;
        }
        let before = m.clone();
        assert!(m.end_session());
        assert!(m.is_over());
        assert!(m.to_act().is_empty());
        assert!(!m.end_session(), "a second end_session changes nothing");
        assert!(
            m.try_apply(tenace_cards::Player(0), Action::Call(Call::Pass))
                .is_err()
        );
        let MatchSheet::Rubber(sheet) = m.sheet() else {
            panic!("a rubber sheet");
        };
        assert!(sheet.is_over());
        let games = track.games[0] + track.games[1];
        let part_scores: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|s| track.part[s.index()] > 0)
            .collect();
        let MatchSheet::Rubber(old) = before.sheet() else {
            unreachable!()
        };
        let written = old.current().unwrap().entries().len();
        if written == 0 {
            // Nothing was ever written: the rubber is not listed.
            seen[3] += 1;
            assert!(sheet.rubbers().is_empty(), "seed {seed}");
            continue;
        }
        assert_eq!(sheet.rubbers().len(), 1, "seed {seed}");
        let rubber = &sheet.rubbers()[0];
        assert!(rubber.is_unfinished(), "seed {seed}");
        assert_eq!(rubber.game_winner(), None);
        let law_80: Vec<(EntryKind, Side, u32)> = rubber
            .entries()
            .iter()
            .filter(|e| {
                matches!(
                    e.kind,
                    EntryKind::UnfinishedGame | EntryKind::UnfinishedPartScore
                )
            })
            .map(|e| (e.kind, e.side, e.points))
            .collect();
        let mut want = Vec::new();
        if games == 1 {
            let winner = if track.games[0] == 1 {
                Side::NorthSouth
            } else {
                Side::EastWest
            };
            want.push((EntryKind::UnfinishedGame, winner, 300));
            seen[0] += 1;
        }
        match part_scores[..] {
            [only] => {
                want.push((EntryKind::UnfinishedPartScore, only, bonus));
                seen[1] += 1;
            }
            [_, _] => seen[2] += 1,
            _ => {}
        }
        assert_eq!(law_80, want, "seed {seed}: {track:?}");
        // Everything else on the sheet is what was there before.
        assert_eq!(rubber.entries().len(), written + want.len(), "seed {seed}");
        for side in Side::BOTH {
            let added: u32 = want.iter().filter(|w| w.1 == side).map(|w| w.2).sum();
            assert_eq!(
                rubber.total(side),
                old.current().unwrap().total(side) + added,
                "seed {seed}"
            );
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "Law 80 cases met: {seen:?}");
}

#[test]
fn end_session_on_other_matches_just_ends_them() {
    for json in [r#"{"scoring": "duplicate"}"#, r#"{"scoring": "chicago"}"#] {
        let mut m = BridgeMatch::new(options(json), 4).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        play_deal(&mut m, &mut rng, 0.4);
        let sheet = m.sheet().clone();
        assert!(m.end_session());
        assert!(m.is_over());
        assert_eq!(m.sheet(), &sheet, "{json}");
    }
}

// ---------------------------------------------------------------------------------------
// Chicago
// ---------------------------------------------------------------------------------------

/// RULES.md §1.7: none on deal 1, dealer's side on deals 2 and 3, both on deal 4.
fn chicago_vulnerability(position: usize, dealer: Seat) -> Vulnerability {
    match position {
        1 => Vulnerability::None,
        2 | 3 => Vulnerability::from_sides(
            dealer.side() == Side::NorthSouth,
            dealer.side() == Side::EastWest,
        ),
        4 => Vulnerability::Both,
        _ => unreachable!(),
    }
}

#[test]
fn chicago_counts_four_deals_a_round_and_redeals_passed_out_ones() {
    let mut passed_out = 0;
    let mut redeal_hands_differ = 0;
    for seed in 0..24u64 {
        let rounds = 1 + (seed % 2) as usize;
        let json = format!(r#"{{"scoring": "chicago", "chicago_rounds": {rounds}}}"#);
        let mut m = BridgeMatch::new(options(&json), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_match(&mut m, &mut rng, 0.6, 100);
        let deals = m.finished_deals();
        let counted: Vec<&BridgeDeal> = deals.iter().filter(|d| !d.is_passed_out()).collect();
        assert_eq!(counted.len(), 4 * rounds, "seed {seed}");
        assert!(!deals.last().unwrap().is_passed_out(), "seed {seed}");
        let MatchSheet::Chicago(sheet) = m.sheet() else {
            panic!("a chicago sheet");
        };
        assert_eq!(sheet.deals_played() as usize, 4 * rounds);
        assert!(sheet.is_over());
        // Walk the deals: the dealer moves on only after a counted deal.
        let mut dealer = deals[0].setup().dealer;
        let mut position = 1;
        for (k, deal) in deals.iter().enumerate() {
            let context = format!("seed {seed}, deal {}", k + 1);
            assert_eq!(deal.setup().dealer, dealer, "{context}");
            assert_eq!(
                deal.setup().vulnerability,
                chicago_vulnerability(position, dealer),
                "{context}"
            );
            assert_eq!(deal.history()[0].player, dealer.into(), "{context}");
            if deal.is_passed_out() {
                passed_out += 1;
                // Redealt: new cards, same dealer and vulnerability.
                let next = deals.get(k + 1).expect("a passed-out deal is redealt");
                redeal_hands_differ += usize::from(next.setup().hands != deal.setup().hands);
            } else {
                dealer = dealer.lho();
                position = position % 4 + 1;
            }
        }
        let totals = m.sheet().totals();
        assert_eq!(totals, Side::BOTH.map(|s| i64::from(sheet.total(s))));
        assert_eq!(replay(&m), m, "seed {seed}");
    }
    assert!(passed_out >= 3, "only {passed_out} passed-out deals met");
    assert_eq!(redeal_hands_differ, passed_out);
}

// ---------------------------------------------------------------------------------------
// The record is the history
// ---------------------------------------------------------------------------------------

#[test]
fn replaying_the_history_gives_an_equal_match_at_any_point() {
    let modes = [
        r#"{"scoring": "duplicate", "boards": 6}"#,
        r#"{"scoring": "duplicate", "comparison": "imps", "boards": 3}"#,
        r#"{"scoring": "rubber"}"#,
        r#"{"scoring": "chicago"}"#,
    ];
    for (i, json) in modes.iter().enumerate() {
        let seed = 100 + i as u64;
        let mut m = BridgeMatch::new(options(json), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while !m.is_over() {
            let (who, action) = choose(&m, &mut rng, 0.4);
            m.try_apply(who, action).unwrap();
            steps += 1;
            if steps % 37 == 0 {
                let again = replay(&m);
                assert_eq!(again, m, "{json} after {steps} moves");
                assert_eq!(again.sheet(), m.sheet());
                assert_eq!(again.full_view(), m.full_view());
            }
            assert!(steps < 50_000, "{json}: the match does not end");
        }
        let again = replay(&m);
        assert_eq!(again, m, "{json}");
        assert_eq!(again.sheet(), m.sheet(), "{json}");
        assert_eq!(m.history(), &deal_records(&m)[..], "{json}");
        // The same seed deals the same match; another seed another.
        let other = BridgeMatch::new(options(json), seed + 1000).unwrap();
        let fresh = BridgeMatch::new(options(json), seed).unwrap();
        assert_eq!(
            fresh.current().unwrap().setup(),
            m.finished_deals()[0].setup(),
            "{json}"
        );
        assert_ne!(
            other.current().unwrap().setup().hands,
            fresh.current().unwrap().setup().hands
        );
    }
}

#[test]
fn a_refused_action_leaves_the_match_unchanged() {
    let mut m = BridgeMatch::new(options(r#"{"scoring": "rubber"}"#), 9).unwrap();
    let before = m.clone();
    let dealer = m.current().unwrap().setup().dealer;
    let err = m
        .try_apply(dealer.lho().into(), Action::Call(Call::Pass))
        .unwrap_err();
    assert!(err.to_string().contains("Law 17"), "{err}");
    assert!(m.try_apply(dealer.into(), "SA".parse().unwrap()).is_err());
    assert_eq!(m, before);
    assert!(m.history().is_empty());
}

#[test]
fn both_tables_of_a_board_play_at_the_same_vulnerability() {
    let mut moved = false;
    for seed in 0..20u64 {
        let opts = options(r#"{"comparison": "imps", "vulnerability": "rubber"}"#);
        let mut m = BridgeMatch::new(opts, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_match(&mut m, &mut rng, 0.4, 32);
        let deals = m.finished_deals();
        moved |= deals
            .iter()
            .any(|d| d.setup().vulnerability != Vulnerability::None);
        for (k, pair) in deals.chunks(2).enumerate() {
            assert_eq!(
                pair[0].setup().vulnerability,
                pair[1].setup().vulnerability,
                "seed {seed}, board {}",
                k + 1
            );
        }
    }
    // The vulnerability moved during the matches, so the rule was exercised.
    assert!(moved);
}
