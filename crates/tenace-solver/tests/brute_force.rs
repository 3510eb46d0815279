//! The solver against plain minimax, written here with no table and no pruning on top of
//! `tenace_rules::trick::TrickPlay`, over thousands of random small endings of every
//! game's rules: trick-in-progress starts, no trump and suits, wild deuces, both joker
//! options, two to seven hands.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_cards::{Card, CardSet, Player, Rank, Suit};
use tenace_rules::trick::{NtJoker, SpecialRule, TrickPlay, TrickRules};
use tenace_solver::{Position, RangeEnd, Sides, Solver};

/// A deal in progress for the brute force: the play so far and the hands.
#[derive(Clone)]
struct Brute {
    play: TrickPlay,
    hands: Vec<CardSet>,
}

impl Brute {
    /// Every legal move with its naming.
    fn moves(&self) -> Vec<(Card, Option<Suit>)> {
        let player = self.play.to_play().expect("not finished");
        let hand = self.hands[player.index()];
        let mut moves = Vec::new();
        for card in self.play.legal(hand) {
            let names = if card == Card::JOKER {
                self.play.joker_names(hand)
            } else {
                Vec::new()
            };
            if names.is_empty() {
                moves.push((card, None));
            } else {
                moves.extend(names.into_iter().map(|s| (card, Some(s))));
            }
        }
        moves
    }

    /// The tricks of the `counted` players from here, `maximizers` raising them.
    fn minimax(&self, maximizers: u8, counted: u8) -> u8 {
        let Some(player) = self.play.to_play() else {
            return 0;
        };
        let maximizing = maximizers >> player.0 & 1 == 1;
        let mut best: Option<u8> = None;
        for (card, named) in self.moves() {
            let mut next = self.clone();
            next.hands[player.index()].remove(card);
            let won = match next.play.play_named_unchecked(card, named) {
                Some(w) => counted >> w.0 & 1,
                None => 0,
            };
            let value = won + next.minimax(maximizers, counted);
            best = Some(match best {
                None => value,
                Some(b) if maximizing => b.max(value),
                Some(b) => b.min(value),
            });
        }
        best.expect("a player to play has a legal card")
    }
}

/// The rule sets under test, each with its deck and table size.
fn rule_sets() -> Vec<(TrickRules, Vec<Suit>, usize)> {
    let mut sets = Vec::new();
    let standard = Suit::STANDARD.to_vec();
    let crowns = Suit::FIVE_CROWNS.to_vec();
    for trump in [None, Some(Suit::Spades), Some(Suit::Clubs)] {
        sets.push((TrickRules::plain(trump), standard.clone(), 4));
        sets.push((
            TrickRules {
                trump,
                special: SpecialRule::WildDeuces,
            },
            standard.clone(),
            4,
        ));
        for joker in [NtJoker::Unwinnable, NtJoker::NominatedTwo] {
            sets.push((
                TrickRules {
                    trump,
                    special: SpecialRule::Joker(joker),
                },
                crowns.clone(),
                4,
            ));
        }
    }
    for players in [2, 3, 5, 6, 7] {
        sets.push((
            TrickRules::plain(Some(Suit::Hearts)),
            standard.clone(),
            players,
        ));
        sets.push((TrickRules::plain(None), standard.clone(), players));
    }
    // Bridgette: two hands, the colons, the block with either lead option.
    for trump in [None, Some(Suit::Spades)] {
        for block_allows_colon_lead in [true, false] {
            sets.push((
                TrickRules {
                    trump,
                    special: SpecialRule::Colons {
                        block_allows_colon_lead,
                    },
                },
                standard.clone(),
                2,
            ));
        }
    }
    sets
}

/// Random small hands of 1 to 4 cards (3 for five or more hands), from a deck of a few
/// suits, so suits are contested.
fn random_position(
    rng: &mut ChaCha8Rng,
    rules: TrickRules,
    suits: &[Suit],
    players: usize,
) -> Brute {
    let max = if players > 4 { 3 } else { 4 };
    let size = rng.random_range(1..=max);
    random_position_of(rng, rules, suits, players, size)
}

/// Random hands of `size` cards each (see [`random_position`]).
fn random_position_of(
    rng: &mut ChaCha8Rng,
    rules: TrickRules,
    suits: &[Suit],
    players: usize,
    size: usize,
) -> Brute {
    let low = if suits.len() == 5 { 3 } else { 2 };
    let mut deck: Vec<Card> = suits
        .iter()
        .flat_map(|&s| (low..=14u8).filter_map(move |r| Rank::from_bit(r).map(|r| Card::new(s, r))))
        .collect();
    if matches!(rules.special, SpecialRule::Joker(_)) {
        deck.push(Card::JOKER);
    }
    let colons = matches!(rules.special, SpecialRule::Colons { .. });
    if colons {
        deck.extend(CardSet::COLONS.iter());
    }
    deck.shuffle(rng);
    // Favour few suits so that following, ruffing and discarding all happen.
    let keep = rng.random_range(2..=suits.len());
    let kept: Vec<Suit> = suits[..keep].to_vec();
    deck.retain(|c| c.suit().is_none_or(|s| kept.contains(&s)));
    if matches!(rules.special, SpecialRule::Joker(_))
        && !deck[..size * players].contains(&Card::JOKER)
        && rng.random_bool(0.7)
    {
        // Usually put the joker in play.
        let at = deck.iter().position(|&c| c == Card::JOKER).unwrap();
        deck.swap(at, rng.random_range(0..size * players));
    }
    if colons {
        // Usually put a colon or two in play, so follows, blocks and colon leads happen.
        for colon in CardSet::COLONS.iter() {
            let at = deck.iter().position(|&c| c == colon).unwrap();
            if at >= size * players && rng.random_bool(0.6) {
                deck.swap(at, rng.random_range(0..size * players));
            }
        }
    }
    let mut hands = vec![CardSet::EMPTY; players];
    for (i, &card) in deck[..size * players].iter().enumerate() {
        hands[i % players].insert(card);
    }
    let leader = Player(rng.random_range(0..players) as u8);
    let mut brute = Brute {
        play: TrickPlay::new(rules, players, size, leader),
        hands,
    };
    // Start part-way through the first trick now and then.
    let played = rng.random_range(0..players);
    for _ in 0..played {
        let moves = brute.moves();
        let (card, named) = moves[rng.random_range(0..moves.len())];
        let p = brute.play.to_play().unwrap();
        brute.hands[p.index()].remove(card);
        brute.play.play_named_unchecked(card, named);
    }
    brute
}

fn position_of(brute: &Brute, sides: Sides) -> Position {
    let players = brute.hands.len();
    Position {
        rules: *brute.play.rules(),
        hands: brute.hands.clone(),
        trick: *brute.play.current(),
        restriction: brute.play.lead_restriction(),
        barred: (0..players)
            .map(|p| brute.play.barred(Player(p as u8)))
            .collect(),
        sides,
    }
}

/// Checks the solver's tricks, every card's value and (each for themselves) a random
/// player's range against minimax.
fn check_against_minimax(solver: &mut Solver, rng: &mut ChaCha8Rng, brute: &Brute, sides: Sides) {
    let players = brute.hands.len();
    let rules = *brute.play.rules();
    let mover = brute.play.to_play().unwrap();
    let position = position_of(brute, sides);
    let side = position.side_of(mover);
    let expected = brute.minimax(side, side);
    assert_eq!(
        solver.tricks(&position).unwrap(),
        expected,
        "tricks of {rules:?} {:?}",
        position
    );
    // One target at a time: the value is reached and one more is not.
    assert!(solver.reaches(&position, expected).unwrap(), "{position:?}");
    assert!(
        !solver.reaches(&position, expected + 1).unwrap(),
        "{position:?}"
    );
    // Every card's value, through the solver's own play.
    for value in solver.card_values(&position).unwrap() {
        let mut next = brute.clone();
        next.hands[mover.index()].remove(value.card);
        let won = next
            .play
            .play_named_unchecked(value.card, value.named)
            .map_or(0, |w| side >> w.0 & 1);
        let want = won + next.minimax(side, side);
        assert_eq!(
            value.tricks, want,
            "card {} {:?} of {:?}",
            value.card, value.named, position
        );
    }
    if sides == Sides::EachAlone {
        let target = Player(rng.random_range(0..players) as u8);
        let range = solver.range(&position, target).unwrap();
        let alone = 1u8 << target.0;
        let all = ((1u16 << players) - 1) as u8;
        assert_eq!(
            range.most,
            brute.minimax(alone, alone),
            "most of {target} in {:?}",
            position
        );
        assert_eq!(
            range.fewest,
            brute.minimax(all & !alone, alone),
            "fewest of {target} in {:?}",
            position
        );
    }
}

#[test]
fn solver_agrees_with_minimax_on_random_endings() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut solver = Solver::with_memory(8 << 20);
    let mut checked = 0;
    for round in 0..140 {
        for (rules, suits, players) in rule_sets() {
            let brute = random_position(&mut rng, rules, &suits, players);
            let sides = if players == 4 && round % 2 == 0 {
                Sides::Partnerships
            } else {
                Sides::EachAlone
            };
            check_against_minimax(&mut solver, &mut rng, &brute, sides);
            checked += 1;
        }
    }
    assert!(checked >= 3000, "{checked} positions");
}

/// Four-card endings (never fewer) of the rule sets whose special cards the bounds at
/// trick starts must allow for (wild deuces, the joker as a trump, unwinnable or named in
/// no trump): long enough for quick tricks, length winners, ruffs and the joker's lead
/// restriction to meet, and for the table's entries to be reused across tricks. Half
/// are solved with a tiny table, so entries are overwritten mid-search.
#[test]
fn special_cards_agree_with_minimax_on_four_card_endings() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut solvers = [Solver::with_memory(8 << 20), Solver::with_memory(1 << 12)];
    let special: Vec<_> = rule_sets()
        .into_iter()
        .filter(|(rules, _, players)| {
            *players == 4
                && matches!(
                    rules.special,
                    SpecialRule::WildDeuces | SpecialRule::Joker(_)
                )
        })
        .collect();
    let mut checked = 0;
    for round in 0..30 {
        for (rules, suits, players) in &special {
            let brute = random_position_of(&mut rng, *rules, suits, *players, 4);
            let sides = if round % 2 == 0 {
                Sides::Partnerships
            } else {
                Sides::EachAlone
            };
            check_against_minimax(&mut solvers[round % 2], &mut rng, &brute, sides);
            checked += 1;
        }
    }
    assert!(checked >= 250, "{checked} positions");
}

/// Hand-made endings where a bound counted as in Contract Bridge would be wrong: a wild
/// deuce of another suit lets a defender keep a guard, the wild deuce of trumps ruffs
/// while its holder can still follow, the unwinnable joker played to a winner bars its
/// suit from the next lead, the joker as the lowest trump ruffs, and a named joker
/// follows as a 2.
#[test]
fn special_cards_break_bridge_bounds() {
    let deuces = |trump| TrickRules {
        trump,
        special: SpecialRule::WildDeuces,
    };
    let joker = |trump, option| TrickRules {
        trump,
        special: SpecialRule::Joker(option),
    };
    let cases: [(TrickRules, [&str; 4]); 6] = [
        (
            deuces(None),
            ["SA SK S3", "SQ SJ D2", "H4 H5 H6", "C4 C5 C6"],
        ),
        (
            deuces(Some(Suit::Hearts)),
            ["SA SK SJ S9", "SQ ST H2 CA", "D3 D4 D5 D6", "D7 D8 D9 DT"],
        ),
        (
            joker(None, NtJoker::Unwinnable),
            ["SK SQ H3", "JK S3 D5", "H4 H5 H6", "C4 C5 C6"],
        ),
        (
            joker(None, NtJoker::Unwinnable),
            ["SK SQ SJ H3", "JK S3 S4 D5", "H4 H5 H6 HK", "C4 C5 C6 C7"],
        ),
        (
            joker(Some(Suit::Hearts), NtJoker::Unwinnable),
            ["SK SQ SJ", "JK S3 D5", "H4 D6 D7", "C4 C5 C6"],
        ),
        (
            joker(None, NtJoker::NominatedTwo),
            ["SK SQ S3", "SJ ST JK", "H4 H5 H6", "C4 C5 C6"],
        ),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut solver = Solver::with_memory(1 << 20);
    for (rules, hands) in cases {
        for sides in [Sides::Partnerships, Sides::EachAlone] {
            let hands: Vec<CardSet> = hands.iter().map(|h| h.parse().unwrap()).collect();
            let size = hands[0].len();
            let brute = Brute {
                play: TrickPlay::new(rules, 4, size, Player(0)),
                hands,
            };
            check_against_minimax(&mut solver, &mut rng, &brute, sides);
        }
    }
}

/// Hand-made Deuces Wild endings, each aimed at a bound the fast path adapts to wild
/// deuces (see `src/bridge/quick.rs` and `cashing.rs`), with the player on lead:
/// - the deuce of trumps ruffs a side-suit winner while its holder still has the suit,
///   so the leader's two top spades are no sure tricks;
/// - second hand's ace does not win the trick for sure when third hand holds the led
///   suit and the deuce of trumps;
/// - an off-suit deuce answers a round of a suit, so the defender keeps its guard and
///   the leader's small card is no length winner (twice: with and without a way to
///   the tricks elsewhere);
/// - a defender plays its deuce of diamonds to a spade and ruffs the diamond ace: only
///   its other diamonds keep it from ruffing;
/// - in the cashing line, North plays a deuce to the ace of trumps, keeps the jack, and
///   ruffs the third round of spades: East-West cash the trump and two spades only if
///   North follows with its deuce of spades.
#[test]
fn wild_deuces_break_bridge_bounds() {
    let deuces = |trump| TrickRules {
        trump,
        special: SpecialRule::WildDeuces,
    };
    let cases: [(TrickRules, Player, [&str; 4]); 7] = [
        (
            deuces(Some(Suit::Hearts)),
            Player(0),
            ["SA SK D3", "S3 S4 H2", "C3 C4 C5", "D4 D5 D6"],
        ),
        (
            deuces(Some(Suit::Spades)),
            Player(3),
            ["HA C3 C4", "H4 S2 D5", "H5 D3 D4", "H3 C5 C6"],
        ),
        (
            deuces(None),
            Player(0),
            ["SA SK S3 H3", "S4 S5 D2 C2", "H4 H5 H6 H7", "C4 C5 C6 C7"],
        ),
        (
            deuces(None),
            Player(0),
            ["SA SK S3 D3", "S4 S5 D2 C8", "C3 C4 C5 D4", "HA HK HQ HJ"],
        ),
        (
            deuces(Some(Suit::Hearts)),
            Player(0),
            ["SA SK DA C3", "S2 S9 D2 H5", "C4 C5 C6 C7", "D3 D4 D5 C8"],
        ),
        (
            deuces(Some(Suit::Hearts)),
            Player(3),
            ["HJ S2 S6 D2", "SK S8 S3 C6", "H8 S5 D8 DK", "HA S4 C4 C9"],
        ),
        (
            deuces(Some(Suit::Spades)),
            Player(1),
            ["HJ H2 S6 D2", "SK S8 S3 C6", "H8 S5 D8 DK", "HA S4 C4 C9"],
        ),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    for memory in [1 << 20, 1 << 12] {
        let mut solver = Solver::with_memory(memory);
        for (rules, leader, hands) in cases {
            let hands: Vec<CardSet> = hands.iter().map(|h| h.parse().unwrap()).collect();
            let size = hands[0].len();
            let brute = Brute {
                play: TrickPlay::new(rules, 4, size, leader),
                hands,
            };
            check_against_minimax(&mut solver, &mut rng, &brute, Sides::Partnerships);
        }
    }
}

/// Endings of two suits only, longer where the hands are few (six cards for two hands,
/// five for three, four for four), so one hand's cards form runs: the merging of equal cards, the winning ranks a failed node keeps for
/// them and the runs lifted off the bottom of a suit all come into play, in every rule
/// set but the colons' (whose ranks never merge).
#[test]
fn runs_of_equal_cards_agree_with_minimax_on_longer_endings() {
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let mut solver = Solver::with_memory(1 << 16);
    let sets: Vec<_> = rule_sets()
        .into_iter()
        .filter(|(rules, _, players)| {
            *players <= 4 && !matches!(rules.special, SpecialRule::Colons { .. })
        })
        .collect();
    let mut checked = 0;
    for round in 0..6 {
        for (rules, suits, players) in &sets {
            let size = match players {
                2 => 6,
                3 => 5,
                _ => 4,
            };
            let brute = random_position_of(
                &mut rng,
                *rules,
                &suits[..2.min(suits.len())],
                *players,
                size,
            );
            let sides = if *players == 4 && round % 2 == 0 {
                Sides::Partnerships
            } else {
                Sides::EachAlone
            };
            check_against_minimax(&mut solver, &mut rng, &brute, sides);
            checked += 1;
        }
    }
    assert!(checked >= 90, "{checked} positions");
}

/// The generic search's quick tricks once let an opponent with a trump follow a suit as
/// long as it held cards of it, its wild deuce included; but the deuce may go to any
/// trick, so its holder sheds it on another suit's lead and ruffs a round early. Here
/// (hearts trumps) East's DQ, HA and ST counted three sure tricks, but South plays D2 to
/// the spade and ruffs the diamond. Both paths, against minimax.
#[test]
fn a_wild_deuce_shed_early_lets_its_holder_ruff() {
    let rules = TrickRules {
        trump: Some(Suit::Hearts),
        special: SpecialRule::WildDeuces,
    };
    let hands = ["C6 C8 D9", "DQ HA ST", "D2 H7 S2", "CT CK S6"];
    let hands: Vec<CardSet> = hands.iter().map(|h| h.parse().unwrap()).collect();
    let brute = Brute {
        play: TrickPlay::new(rules, 4, 3, Player(1)),
        hands,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    for generic in [false, true] {
        let mut solver = Solver::with_memory(1 << 20);
        solver.force_generic(generic);
        check_against_minimax(&mut solver, &mut rng, &brute, Sides::Partnerships);
    }
}

/// The game position where the flaw above made the generic search value East's H4 and
/// HT at five tricks for East-West: West led C2 and North ruffed with H2. The values are
/// a memoised minimax's (too slow to run here unmemoised), which the fast path matches.
#[test]
fn a_wild_deuce_shed_early_in_a_deuces_wild_deal() {
    let rules = TrickRules {
        trump: Some(Suit::Hearts),
        special: SpecialRule::WildDeuces,
    };
    let hands = [
        "C6 C8 D9 DT H3 H2",
        "DQ DA H4 HT HA ST",
        "C9 D2 D6 H7 HQ S2",
        "C2 C3 CT CK DJ S6",
    ];
    let hands: Vec<CardSet> = hands.iter().map(|h| h.parse().unwrap()).collect();
    let mut position = Position::new(rules, hands, Player(3), Sides::Partnerships);
    for card in ["C2", "H2"] {
        position.play(card.parse().unwrap(), None).unwrap();
    }
    let want = [
        ("DQ", 3),
        ("DA", 3),
        ("H4", 4),
        ("HT", 4),
        ("HA", 4),
        ("ST", 3),
    ];
    for generic in [false, true] {
        let mut solver = Solver::with_memory(1 << 20);
        solver.force_generic(generic);
        let values: Vec<(String, u8)> = solver
            .card_values(&position)
            .unwrap()
            .iter()
            .map(|v| (v.card.to_string(), v.tricks))
            .collect();
        let want: Vec<(String, u8)> = want.iter().map(|&(c, t)| (c.to_string(), t)).collect();
        assert_eq!(values, want, "generic: {generic}");
    }
}

/// A random four-card Deuces Wild ending of four hands from three suits (the trump suit
/// among them, if any) with every deuce of them dealt, usually part-way through a trick.
fn deuces_in_play(rng: &mut ChaCha8Rng, rules: TrickRules) -> Brute {
    let mut suits = vec![Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];
    suits.shuffle(rng);
    suits.truncate(3);
    if let Some(trump) = rules.trump
        && !suits.contains(&trump)
    {
        suits[0] = trump;
    }
    let deuces: Vec<Card> = suits.iter().map(|&s| Card::new(s, Rank::Two)).collect();
    let mut rest: Vec<Card> = suits
        .iter()
        .flat_map(|&s| (3..=14u8).filter_map(move |r| Rank::from_bit(r).map(|r| Card::new(s, r))))
        .collect();
    rest.shuffle(rng);
    let mut deck: Vec<Card> = deuces.into_iter().chain(rest).take(16).collect();
    deck.shuffle(rng);
    let mut hands = vec![CardSet::EMPTY; 4];
    for (i, &card) in deck.iter().enumerate() {
        hands[i % 4].insert(card);
    }
    let leader = Player(rng.random_range(0..4));
    let mut brute = Brute {
        play: TrickPlay::new(rules, 4, 4, leader),
        hands,
    };
    // Quick tricks are counted at trick starts: start at one half the time.
    let played = if rng.random_bool(0.5) {
        0
    } else {
        rng.random_range(1..4)
    };
    for _ in 0..played {
        let moves = brute.moves();
        brute.play_move(moves[rng.random_range(0..moves.len())]);
    }
    brute
}

impl Brute {
    /// Plays a move of the player to play.
    fn play_move(&mut self, (card, named): (Card, Option<Suit>)) {
        let p = self.play.to_play().expect("not finished");
        self.hands[p.index()].remove(card);
        self.play.play_named_unchecked(card, named);
    }
}

/// The generic search alone (the fast path takes Deuces Wild in service) against minimax
/// on random four-card endings of Deuces Wild and Five Crowns, often with a trick in
/// progress, each in one of two solvers (one with a tiny table, so entries are
/// overwritten mid-search). The Deuces Wild deals hold every deuce of three suits, so a
/// defender often holds a trump beside a side suit's deuce it can shed.
#[test]
fn generic_search_agrees_with_minimax_on_deuces_and_crowns_endings() {
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let mut solvers = [Solver::with_memory(8 << 20), Solver::with_memory(1 << 12)];
    for solver in &mut solvers {
        solver.force_generic(true);
    }
    let mut checked = 0;
    for round in 0..80 {
        for (rules, suits, players) in rule_sets() {
            let brute = match rules.special {
                _ if players != 4 => continue,
                SpecialRule::WildDeuces => deuces_in_play(&mut rng, rules),
                SpecialRule::Joker(_) => random_position_of(&mut rng, rules, &suits, 4, 4),
                _ => continue,
            };
            let sides = if round % 2 == 0 {
                Sides::Partnerships
            } else {
                Sides::EachAlone
            };
            check_against_minimax(&mut solvers[round % 3 % 2], &mut rng, &brute, sides);
            checked += 1;
        }
    }
    assert!(checked >= 700, "{checked} positions");
}

/// Both ends of a player's Devil's Bridge range against minimax: `alone` is counted, and
/// either only they try to raise their count ("most") or everyone else does ("fewest").
fn check_range_ends(solver: &mut Solver, brute: &Brute, player: Player) {
    let players = brute.hands.len();
    let position = position_of(brute, Sides::EachAlone);
    let alone = 1u8 << player.0;
    let all = ((1u16 << players) - 1) as u8;
    for (end, maximizers) in [(RangeEnd::Most, alone), (RangeEnd::Fewest, all & !alone)] {
        assert_eq!(
            solver.range_end(&position, player, end).unwrap(),
            brute.minimax(maximizers, alone),
            "{end:?} of {player} in {position:?}"
        );
    }
}

/// Devil's Bridge endings of 3 to 7 players under the plain rules (no trump and a trump
/// suit), every hand of the largest size minimax finishes quickly, both ends of every
/// player's range: the "fewest" end, where everyone else forces tricks on one player, is
/// where the bounds of a quick-trick kind do not apply and the lone player's ducks and
/// forced wins decide. Half start part-way through a trick; half are solved with a tiny
/// table, so entries are overwritten mid-search.
#[test]
fn devils_bridge_range_ends_agree_with_minimax() {
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let mut solvers = [Solver::with_memory(8 << 20), Solver::with_memory(1 << 12)];
    let mut checked = 0;
    for round in 0..12 {
        for players in 3..=7usize {
            for trump in [None, Some(Suit::Hearts)] {
                let size = if players <= 4 { 4 } else { 3 };
                let suits = &Suit::STANDARD[..rng.random_range(2..=4)];
                let brute =
                    random_position_of(&mut rng, TrickRules::plain(trump), suits, players, size);
                for p in 0..players {
                    check_range_ends(&mut solvers[round % 2], &brute, Player(p as u8));
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 500, "{checked} ranges");
}

/// Longer Devil's Bridge endings, beyond minimax's reach: a solver that keeps its table
/// from position to position and from end to end against a fresh one with a tiny
/// table, and each end apart against `Solver::range`.
#[test]
fn devils_bridge_ranges_agree_across_solvers_on_longer_endings() {
    let mut rng = ChaCha8Rng::seed_from_u64(32);
    let mut kept = Solver::with_memory(16 << 20);
    for _ in 0..16 {
        let players = rng.random_range(3..=7usize);
        // At most 26 cards dealt: the deal may keep only two suits.
        let size = [0, 0, 0, 7, 6, 5, 4, 3][players];
        let trump = [None, Some(Suit::Spades)][rng.random_range(0..2)];
        let brute = random_position_of(
            &mut rng,
            TrickRules::plain(trump),
            &Suit::STANDARD,
            players,
            size,
        );
        let position = position_of(&brute, Sides::EachAlone);
        let player = Player(rng.random_range(0..players) as u8);
        let range = kept.range(&position, player).unwrap();
        let mut fresh = Solver::with_memory(1 << 12);
        assert_eq!(
            fresh
                .range_end(&position, player, RangeEnd::Fewest)
                .unwrap(),
            range.fewest,
            "fewest of {player} in {position:?}"
        );
        assert_eq!(
            fresh.range_end(&position, player, RangeEnd::Most).unwrap(),
            range.most,
            "most of {player} in {position:?}"
        );
    }
}
