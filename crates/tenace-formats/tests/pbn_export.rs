//! Writing deals as PBN games: random deals, finished or stopped anywhere, come back
//! through the writer, the reader and the replay as the same deal, and our own output
//! is written again byte for byte; one game's text is pinned. Deuces Wild deals and
//! deals with other options than the defaults come back through the TenaceGame and
//! TenaceOptions tags; Five Crowns is refused.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_cards::{BySeat, Player, Seat};
use tenace_formats::pbn::parse_deal;
use tenace_formats::pbn_board::{GAME_TAG, OPTIONS_TAG, PbnBoardError, board_from_game};
use tenace_formats::pbn_export::{PbnExportError, RecordInfo, game_from_deal};
use tenace_formats::pbn_file::{PbnFile, format_pbn_file, parse_pbn_file};
use tenace_rules::bridge::{
    BridgeDeal, BridgeOptions, BridgeSetup, BridgeVariant, VulnerabilityRule, deal_score_ns,
};
use tenace_rules::scoring::{ChicagoDeals23, Comparison, HundredOrFifty, ScoringMode};
use tenace_rules::{Action, Call, Game, Phase, Vulnerability};

const VULNERABILITIES: [Vulnerability; 4] = [
    Vulnerability::None,
    Vulnerability::NorthSouth,
    Vulnerability::EastWest,
    Vulnerability::Both,
];

/// The one player to act.
fn acting(deal: &BridgeDeal) -> Player {
    deal.to_act().iter().next().expect("someone to act")
}

/// A Contract Bridge deal with the default options from `seed`, played as
/// [`random_deal_of`] plays.
fn random_deal(seed: u64, stop: Option<usize>) -> BridgeDeal {
    random_deal_of(
        BridgeVariant::Standard,
        BridgeOptions::default(),
        seed,
        stop,
    )
}

/// A deal of `variant` with `options` from `seed`, played with random legal actions until
/// it ends or `stop` actions have been taken. The auction is biased toward a contract: no
/// pass before the first bid but rarely, and after it a pass with probability 0.6.
fn random_deal_of(
    variant: BridgeVariant,
    options: BridgeOptions,
    seed: u64,
    stop: Option<usize>,
) -> BridgeDeal {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let vulnerability = VULNERABILITIES[rng.random_range(0..4)];
    let setup = BridgeSetup::seeded(variant, seed, None, vulnerability, options);
    let mut deal = BridgeDeal::from_setup(setup).unwrap();
    while deal.phase() != Phase::Finished && stop.is_none_or(|s| deal.history().len() < s) {
        let player = acting(&deal);
        let actions = deal.legal_actions(player);
        let action = if deal.phase() == Phase::Auction {
            let bid_made = deal
                .auction()
                .calls()
                .iter()
                .any(|c| matches!(c, Call::Bid(_)));
            let pass_chance = if bid_made { 0.6 } else { 0.02 };
            let others: Vec<Action> = actions
                .iter()
                .copied()
                .filter(|a| *a != Action::Call(Call::Pass))
                .collect();
            if others.is_empty() || rng.random_bool(pass_chance) {
                Action::Call(Call::Pass)
            } else {
                others[rng.random_range(0..others.len())]
            }
        } else {
            actions[rng.random_range(0..actions.len())]
        };
        deal.try_apply(player, action).unwrap();
    }
    deal
}

fn info(board: u32) -> RecordInfo {
    RecordInfo {
        event: Some("Random \"deals\"".into()),
        site: None,
        date: Some("2026.11.27".into()),
        board: Some(board),
        players: BySeat([
            Some("Nora".into()),
            Some("Eli".into()),
            None,
            Some("Wen".into()),
        ]),
    }
}

fn file_of(deal: &BridgeDeal, info: &RecordInfo) -> PbnFile {
    PbnFile {
        games: vec![game_from_deal(deal, info).unwrap()],
        trailer: Vec::new(),
    }
}

/// Writes, reads and replays a deal; checks it comes back whole and the text is stable.
fn round_trip(deal: &BridgeDeal, board: u32) -> Result<(), TestCaseError> {
    let text = format_pbn_file(&file_of(deal, &info(board)));
    let file = parse_pbn_file(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(format_pbn_file(&file), text.clone());
    let replayed =
        board_from_game(&file, 0).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    prop_assert_eq!(replayed.board, Some(board));
    let back = &replayed.deal;
    prop_assert_eq!(back.setup(), deal.setup());
    prop_assert_eq!(back.history(), deal.history());
    prop_assert_eq!(back.phase(), deal.phase());
    prop_assert_eq!(back.contract(), deal.contract());
    prop_assert_eq!(replayed.contract, deal.contract());
    prop_assert_eq!(back.result(), deal.result());
    prop_assert_eq!(
        deal_score_ns(back.setup(), back.result()),
        deal_score_ns(deal.setup(), deal.result())
    );
    prop_assert_eq!(back.score_ns(), deal.score_ns());
    for p in 0..4 {
        prop_assert_eq!(back.observation(Player(p)), deal.observation(Player(p)));
    }
    prop_assert_eq!(back, deal);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn finished_deals_round_trip(seed in any::<u64>(), board in 1u32..=36) {
        let deal = random_deal(seed, None);
        prop_assert_eq!(deal.phase(), Phase::Finished);
        round_trip(&deal, board)?;
    }

    #[test]
    fn unfinished_deals_round_trip(seed in any::<u64>(), stop in 0usize..70) {
        let deal = random_deal(seed, Some(stop));
        round_trip(&deal, 1)?;
    }
}

/// Options of RULES.md §1.9 other than the defaults, each key drawn over its values (the
/// counts mostly at their defaults, so that most options written are the few changed).
fn other_options() -> impl Strategy<Value = BridgeOptions> {
    let count = |top: u32| prop_oneof![3 => Just(1u32), 1 => 1..=top];
    let hundred_or_fifty =
        || prop_oneof![Just(HundredOrFifty::Hundred), Just(HundredOrFifty::Fifty)];
    (
        prop_oneof![
            Just(ScoringMode::Duplicate),
            Just(ScoringMode::Rubber),
            Just(ScoringMode::Chicago)
        ],
        prop_oneof![
            Just(None),
            Just(Some(VulnerabilityRule::BoardCycle)),
            Just(Some(VulnerabilityRule::Rubber)),
            Just(Some(VulnerabilityRule::Chicago))
        ],
        hundred_or_fifty(),
        hundred_or_fifty(),
        count(100),
        prop_oneof![
            Just(ChicagoDeals23::DealerVulnerable),
            Just(ChicagoDeals23::NonDealerVulnerable)
        ],
        any::<bool>(),
        count(100),
        prop_oneof![
            Just(Comparison::None),
            Just(Comparison::Imps),
            Just(Comparison::Matchpoints)
        ],
        prop_oneof![Just(16u32), 1u32..=128],
    )
        .prop_map(
            |(
                scoring,
                vulnerability,
                insult_redoubled,
                unfinished_partscore_bonus,
                rubbers_to_play,
                chicago_deals_2_3,
                chicago_honors,
                chicago_rounds,
                comparison,
                boards,
            )| BridgeOptions {
                scoring,
                vulnerability,
                insult_redoubled,
                unfinished_partscore_bonus,
                rubbers_to_play,
                chicago_deals_2_3,
                chicago_honors,
                chicago_rounds,
                comparison,
                boards,
            },
        )
        .prop_filter("not the defaults", |o| *o != BridgeOptions::default())
}

/// The value of a tag in a written game, if it has the tag.
fn tag_value(deal: &BridgeDeal, name: &str) -> Option<String> {
    let game = game_from_deal(deal, &RecordInfo::default()).unwrap();
    game.value(name).map(str::to_string)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn finished_deuces_wild_deals_round_trip(
        seed in any::<u64>(),
        board in 1u32..=36,
        options in other_options(),
    ) {
        let deal = random_deal_of(BridgeVariant::DeucesWild, options, seed, None);
        prop_assert_eq!(deal.phase(), Phase::Finished);
        prop_assert_eq!(tag_value(&deal, GAME_TAG), Some("deuces-wild".to_string()));
        round_trip(&deal, board)?;
    }

    #[test]
    fn unfinished_deuces_wild_deals_round_trip(
        seed in any::<u64>(),
        stop in 0usize..70,
        options in other_options(),
    ) {
        let deal = random_deal_of(BridgeVariant::DeucesWild, options, seed, Some(stop));
        round_trip(&deal, 1)?;
    }

    /// Contract Bridge with other options keeps them through the same two tags.
    #[test]
    fn bridge_deals_with_other_options_round_trip(
        seed in any::<u64>(),
        stop in 0usize..70,
        options in other_options(),
    ) {
        let deal = random_deal_of(BridgeVariant::Standard, options, seed, Some(stop));
        prop_assert_eq!(tag_value(&deal, GAME_TAG), Some("bridge".to_string()));
        prop_assert!(tag_value(&deal, OPTIONS_TAG).is_some());
        round_trip(&deal, 1)?;
    }
}

/// Most random deals get a contract, so the play is what the property tests exercise.
#[test]
fn random_deals_mostly_reach_a_contract() {
    let played = (0..100)
        .filter(|&seed| random_deal(seed, None).contract().is_some())
        .count();
    assert!(played >= 90, "{played} of 100");
}

#[test]
fn passed_out_deal_has_contract_pass_and_no_play() {
    let setup = BridgeSetup::from_seed(3, Vulnerability::Both, BridgeOptions::default());
    let mut deal = BridgeDeal::from_setup(setup).unwrap();
    for _ in 0..4 {
        deal.try_apply(acting(&deal), Action::Call(Call::Pass))
            .unwrap();
    }
    assert!(deal.is_passed_out());
    let game = game_from_deal(&deal, &RecordInfo::default()).unwrap();
    assert_eq!(game.value("Contract"), Some("Pass"));
    assert_eq!(game.value("Declarer"), Some(""));
    assert!(game.tag("Play").is_none());
    round_trip(&deal, 5).unwrap();
}

#[test]
fn five_crowns_is_refused_with_the_json_hint() {
    let variant = BridgeVariant::from_name("five-crowns").unwrap();
    let setup = BridgeSetup::seeded(
        variant,
        1,
        None,
        Vulnerability::None,
        BridgeOptions::default(),
    );
    let deal = BridgeDeal::from_setup(setup).unwrap();
    let err = game_from_deal(&deal, &RecordInfo::default()).unwrap_err();
    assert_eq!(err, PbnExportError::Variant("five-crowns"));
    let message = err.to_string();
    for words in ["five-crowns", "56-card deck", "JSON"] {
        assert!(message.contains(words), "{message}");
    }
}

/// An ordinary deal makes an ordinary file: no tenace tag at all.
#[test]
fn default_bridge_deals_have_no_tenace_tags() {
    for seed in 0..20 {
        let deal = random_deal(seed, Some(seed as usize * 4));
        let game = game_from_deal(&deal, &info(1)).unwrap();
        assert!(game.tag(GAME_TAG).is_none(), "seed {seed}");
        assert!(game.tag(OPTIONS_TAG).is_none(), "seed {seed}");
        let text = format_pbn_file(&file_of(&deal, &info(1)));
        assert!(!text.contains("Tenace"), "{text}");
    }
}

/// The options written are the ones changed, as compact JSON, and the two tags come
/// after the standard tags and the sections.
#[test]
fn tenace_tags_follow_the_standard_ones() {
    let options = BridgeOptions {
        scoring: ScoringMode::Rubber,
        insult_redoubled: HundredOrFifty::Fifty,
        ..BridgeOptions::default()
    };
    let deal = random_deal_of(BridgeVariant::DeucesWild, options, 11, None);
    let text = format_pbn_file(&file_of(&deal, &info(3)));
    let tail = concat!(
        "[TenaceGame \"deuces-wild\"]\r\n",
        r#"[TenaceOptions "{\"insult_redoubled\":50,\"scoring\":\"rubber\"}"]"#,
        "\r\n"
    );
    assert!(text.ends_with(tail), "{text}");
    assert!(text.contains("[Scoring \"Rubber\"]"), "{text}");
    round_trip(&deal, 3).unwrap();

    let plain = random_deal_of(
        BridgeVariant::DeucesWild,
        BridgeOptions::default(),
        12,
        None,
    );
    assert_eq!(tag_value(&plain, OPTIONS_TAG).as_deref(), Some("{}"));
    round_trip(&plain, 4).unwrap();
}

/// The TenaceGame tag is what makes the reader apply the Deuces Wild rule: without it, a
/// deal where someone played a deuce while holding the led suit is refused at that card.
#[test]
fn without_its_game_tag_a_deuces_wild_play_is_refused() {
    let refused = (0..200).find_map(|seed| {
        let deal = random_deal_of(
            BridgeVariant::DeucesWild,
            BridgeOptions::default(),
            seed,
            None,
        );
        let text = format_pbn_file(&file_of(&deal, &info(1)));
        board_from_game(&parse_pbn_file(&text).unwrap(), 0).unwrap();
        let stripped = text.replace("[TenaceGame \"deuces-wild\"]\r\n", "");
        assert_ne!(stripped, text);
        board_from_game(&parse_pbn_file(&stripped).unwrap(), 0).err()
    });
    let err = refused.expect("some random deal plays a wild deuce");
    assert!(matches!(err, PbnBoardError::Card { .. }), "{err}");
}

/// One game's exact text: the mandatory tags in order, the auction from the dealer, and
/// the play in columns from the opening leader (West) whoever led, `-` and `*` at the end.
#[test]
fn example_game_text_is_pinned() {
    let text = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85";
    let hands = parse_deal(text).unwrap().complete().unwrap();
    let setup = BridgeSetup {
        variant: BridgeVariant::Standard,
        hands,
        dealer: Seat::North,
        vulnerability: Vulnerability::EastWest,
        options: BridgeOptions::default(),
    };
    let mut deal = BridgeDeal::from_setup(setup).unwrap();
    let moves = "1D 1S 3H 4S 4NT X P P 5C X 5H X P P P \
                 SK H3 S4 S3 C2 C6 CK C5 S9 SQ";
    for action in moves.split_whitespace() {
        deal.try_apply(acting(&deal), action.parse().unwrap())
            .unwrap();
    }
    let info = RecordInfo {
        event: Some("Club night".into()),
        site: Some("Home".into()),
        date: Some("2026.11.27".into()),
        board: Some(7),
        players: BySeat([
            Some("Nora".into()),
            Some("Eli".into()),
            Some("Sam".into()),
            Some("Wen".into()),
        ]),
    };
    let written = format_pbn_file(&file_of(&deal, &info));
    let expected = "[Event \"Club night\"]\r\n\
        [Site \"Home\"]\r\n\
        [Date \"2026.11.27\"]\r\n\
        [Board \"7\"]\r\n\
        [West \"Wen\"]\r\n\
        [North \"Nora\"]\r\n\
        [East \"Eli\"]\r\n\
        [South \"Sam\"]\r\n\
        [Dealer \"N\"]\r\n\
        [Vulnerable \"EW\"]\r\n\
        [Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]\r\n\
        [Scoring \"?\"]\r\n\
        [Declarer \"S\"]\r\n\
        [Contract \"5HX\"]\r\n\
        [Result \"?\"]\r\n\
        [Auction \"N\"]\r\n\
        1D 1S 3H 4S\r\n\
        4NT X Pass Pass\r\n\
        5C X 5H X\r\n\
        Pass Pass Pass\r\n\
        [Play \"W\"]\r\n\
        SK H3 S4 S3\r\n\
        C5 C2 C6 CK\r\n\
        SQ - - S9\r\n\
        *\r\n";
    assert_eq!(written, expected);
    round_trip(&deal, 7).unwrap();
}

/// A claim is not a PBN move: the play stops with `*`, the Result tag gives declarer's
/// tricks, and reading keeps them as the claim.
#[test]
fn claimed_deal_writes_its_result() {
    let mut deal = (0..)
        .map(|seed| random_deal(seed, Some(30)))
        .find(|d| d.phase() == Phase::Play && d.play().unwrap().completed().len() >= 3)
        .unwrap();
    let before = deal.history().to_vec();
    let (_, declarer) = deal.contract().unwrap();
    deal.try_apply(declarer.into(), Action::Claim(4)).unwrap();
    assert_eq!(deal.phase(), Phase::Finished);
    let tricks = deal.result().unwrap().tricks;
    let text = format_pbn_file(&file_of(&deal, &info(2)));
    assert!(
        text.contains(&format!("[Result \"{tricks}\"]\r\n")),
        "{text}"
    );
    assert!(text.ends_with("*\r\n"), "{text}");
    let board = board_from_game(&parse_pbn_file(&text).unwrap(), 0).unwrap();
    assert_eq!(board.deal.history(), before);
    assert_eq!(board.claimed_tricks, Some(tricks));
}
