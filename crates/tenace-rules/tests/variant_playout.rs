//! The random-playout harness for Bridge with Deuces Wild and Five Crowns Bridge (under
//! both `fc_nt_joker` rules): 10,000 seeded deals each, played with random legal actions,
//! every step checked against the model in `variant_model/` (written from RULES.md §0, §1
//! and §2: the auction and bid ladder, the legal actions, trick winners, voids, the lead
//! restriction, the duplicate score) and for who sees which cards, with illegal actions
//! tried and hidden hands resampled along the way.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use tenace_cards::{Card, CardSet, Player, Rank, Seat, Strain, Suit};
use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup};
use tenace_rules::trick::NtJoker;
use tenace_rules::{Action, Bid, Call, Game, Phase, Vulnerability};

mod variant_model;

use variant_model::{Kind, Model};

const DEALS: u64 = 10_000;

fn p(seat: Seat) -> Player {
    Player::from(seat)
}

/// Every card suit-letter and rank the notation knows, and the joker: the universe from
/// which the harness draws illegal actions.
fn every_card() -> Vec<Card> {
    let mut all: Vec<Card> = Suit::FIVE_CROWNS
        .iter()
        .flat_map(|&s| Rank::ALL.map(|r| Card::new(s, r)))
        .collect();
    all.push(Card::JOKER);
    all
}

/// A sort key for comparing lists of actions as sets.
fn key(action: Action) -> u32 {
    match action {
        Action::Call(Call::Pass) => 0,
        Action::Call(Call::Double) => 1,
        Action::Call(Call::Redouble) => 2,
        Action::Call(Call::Bid(b)) => 10 + u32::from(b.level) * 10 + b.strain.index() as u32,
        Action::Card(c) => 1000 + u32::from(c.index()),
        Action::NamedJoker(s) => 2000 + s.index() as u32,
        Action::Bid(n) => 3000 + u32::from(n),
        Action::ChangeBid(n) => 4000 + u32::from(n),
        Action::Discard(c) => 5000 + u32::from(c.index()),
        Action::PlayBlind => 6000,
        Action::Claim(n) => 7000 + u32::from(n),
    }
}

fn sorted(mut actions: Vec<Action>) -> Vec<Action> {
    actions.sort_by_key(|&a| key(a));
    actions
}

/// Checks the full view and every observation against the model.
fn check_views(deal: &BridgeDeal, model: &Model, context: &str) {
    let full = deal.full_view();
    let phase = if model.finished() {
        Phase::Finished
    } else if model.in_auction() {
        Phase::Auction
    } else {
        Phase::Play
    };
    assert_eq!(full.phase, phase, "{context}");
    assert_eq!(full.history, deal.history(), "{context}");
    for seat in Seat::ALL {
        assert_eq!(
            full.hands[seat.index()],
            Some(model.hands[seat]),
            "{context}"
        );
        assert_eq!(
            full.hand_sizes[seat.index()],
            model.hands[seat].len(),
            "{context}"
        );
    }
    assert_eq!(full.tricks_won, model.won.to_vec(), "{context}");
    assert_eq!(full.contract, model.contract.map(|c| c.0), "{context}");
    assert_eq!(full.declarer, model.contract.map(|c| p(c.1)), "{context}");
    assert_eq!(full.shown_void, model.voids.to_vec(), "{context}");
    if phase == Phase::Play {
        let trick = full.trick.expect("a trick in play");
        let cards: Vec<Card> = model.trick.iter().map(|t| t.0).collect();
        assert_eq!(trick.cards(), &cards[..], "{context}");
        assert_eq!(trick.leader(), p(model.leader), "{context}");
        assert_eq!(trick.led_suit(), model.trick_suit(), "{context}");
        if model.trick.is_empty() {
            let restriction = deal.play().unwrap().lead_restriction();
            assert_eq!(restriction, model.restriction, "{context}");
        }
    }
    for viewer in Seat::ALL {
        let obs = deal.observation(p(viewer));
        assert_eq!(obs.viewer, Some(p(viewer)), "{context}");
        let mut hidden = CardSet::EMPTY;
        for seat in Seat::ALL {
            if model.may_see(viewer, seat) {
                assert_eq!(
                    obs.hands[seat.index()],
                    Some(model.hands[seat]),
                    "{context}"
                );
            } else {
                assert_eq!(
                    obs.hands[seat.index()],
                    None,
                    "{context}: {viewer} must not see {seat}"
                );
                hidden |= model.hands[seat];
            }
        }
        assert!(
            obs.visible_cards().is_disjoint(hidden),
            "{context}: {viewer} sees hidden cards"
        );
        assert_eq!(obs.history, full.history, "{context}");
        assert_eq!(obs.hand_sizes, full.hand_sizes, "{context}");
        assert_eq!(obs.trick, full.trick, "{context}");
        assert_eq!(obs.tricks_won, full.tricks_won, "{context}");
        assert_eq!(obs.contract, full.contract, "{context}");
        assert_eq!(obs.shown_void, full.shown_void, "{context}");
        assert_eq!(obs.to_act, full.to_act, "{context}");
        assert_eq!(obs.score, full.score, "{context}");
        assert_eq!(obs.phase, full.phase, "{context}");
    }
}

/// Tries a few actions outside the legal list, and a legal one by someone not to act: each
/// must be refused with the deal unchanged.
fn check_refusals(deal: &mut BridgeDeal, model: &Model, legal: &[Action], rng: &mut ChaCha8Rng) {
    let actor = model.actor().expect("someone to act");
    let mut candidates: Vec<Action> = Vec::new();
    if model.in_auction() {
        candidates.extend([Call::Pass, Call::Double, Call::Redouble].map(Action::Call));
        for level in 0..=7 {
            for strain in Strain::STANDARD
                .into_iter()
                .chain([Strain::Suit(Suit::Stars)])
            {
                candidates.push(Action::Call(Call::Bid(Bid::new(level, strain))));
            }
        }
        // A card in the auction.
        candidates.push(Action::Card(model.hands[actor].lowest().unwrap()));
    } else {
        candidates.extend(every_card().into_iter().map(Action::Card));
        candidates.extend(Suit::FIVE_CROWNS.map(Action::NamedJoker));
        candidates.push(Action::Call(Call::Pass));
    }
    candidates.retain(|a| !legal.contains(a));
    let before = deal.clone();
    for _ in 0..3 {
        let action = candidates[rng.random_range(0..candidates.len())];
        let err = deal.try_apply(p(actor), action);
        assert!(
            err.is_err(),
            "{action} by {actor} accepted; legal: {legal:?}"
        );
        assert!(*deal == before, "{action} refused but the deal changed");
    }
    let other = actor.offset(rng.random_range(1..4));
    assert!(deal.legal_actions(p(other)).is_empty());
    assert!(
        deal.try_apply(p(other), legal[0]).is_err(),
        "{other} out of turn"
    );
    assert!(*deal == before);
}

/// Counters of what the random play covered, summed over deals.
macro_rules! stats {
    ($($field:ident),* $(,)?) => {
        #[derive(Default, Debug)]
        struct Stats {
            $($field: u64,)*
        }

        impl Stats {
            fn add(self, o: Stats) -> Stats {
                Stats {
                    $($field: self.$field + o.$field,)*
                }
            }
        }
    };
}

stats!(
    deals,
    passed_out,
    made,
    suit_contracts,
    nt_contracts,
    zero_nt,
    moves,
    deuces_while_holding,
    deuce_wins_while_holding,
    joker_leads,
    joker_ruff_wins,
    joker_named_wins,
    restricted_leads,
    resamples,
    resamples_with_voids,
    deuce_suit_kept,
    trump_void_resamples,
);

/// Whether a resample from `viewer` must keep the joker away from a hidden seat: that seat
/// has shown out of trumps in a Five Crowns suit contract while the joker is still unseen
/// (see `five_crowns::showing_out_of_trumps_in_a_suit_contract_bars_the_joker`).
fn trump_void_position(model: &Model, viewer: Seat) -> bool {
    let Some(trump) = model.trump() else {
        return false;
    };
    if !matches!(model.kind, Kind::Crowns(_)) {
        return false;
    }
    let joker_unseen = Seat::ALL
        .into_iter()
        .any(|s| model.hands[s].contains(Card::JOKER) && !model.may_see(viewer, s));
    joker_unseen
        && Seat::ALL.into_iter().any(|s| {
            !model.may_see(viewer, s) && model.voids[s.index()] & (1 << trump.index()) != 0
        })
}

/// Resamples the deal from `viewer`'s observation and checks the sample against the model.
fn check_resample(
    deal: &BridgeDeal,
    model: &Model,
    viewer: Seat,
    rng: &mut ChaCha8Rng,
    stats: &mut Stats,
    context: &str,
) {
    let obs = deal.observation(p(viewer));
    let sample = BridgeDeal::resample(&obs, rng).unwrap_or_else(|e| panic!("{context}: {e}"));
    stats.resamples += 1;
    assert_eq!(sample.observation(p(viewer)), obs, "{context}");
    assert_eq!(sample.history(), deal.history(), "{context}");
    assert_eq!(sample.setup().variant, deal.setup().variant, "{context}");
    assert_eq!(sample.setup().dealer, deal.setup().dealer, "{context}");
    assert_eq!(
        sample.setup().vulnerability,
        deal.setup().vulnerability,
        "{context}"
    );
    let mut unseen_real = CardSet::EMPTY;
    let mut unseen_sample = CardSet::EMPTY;
    let mut all = CardSet::EMPTY;
    for seat in Seat::ALL {
        let start = sample.setup().hands[seat];
        assert_eq!(start.len(), model.kind.hand_size(), "{context}");
        assert!(all.is_disjoint(start), "{context}");
        all |= start;
        let now = sample.hands()[seat];
        for &(s, c) in &model.cards_played {
            if s == seat {
                assert!(start.contains(c), "{context}: {seat} played {c}");
            }
        }
        if model.may_see(viewer, seat) {
            assert_eq!(now, model.hands[seat], "{context}: {seat}");
            continue;
        }
        unseen_real |= model.hands[seat];
        unseen_sample |= now;
        let barred = model.barred(seat);
        stats.resamples_with_voids += u64::from(!barred.is_empty());
        assert!(
            now.is_disjoint(barred),
            "{context}: {seat} showed it cannot hold {barred} but was dealt {}",
            now & barred
        );
        let kept = model.deuce_while_holding[seat.index()];
        for &suit in model.kind.suits() {
            if kept & (1 << suit.index()) != 0 && !now.suit(suit).is_empty() {
                stats.deuce_suit_kept += 1;
            }
        }
    }
    assert_eq!(all, model.kind.deck(), "{context}");
    assert_eq!(unseen_sample, unseen_real, "{context}");
}

fn setup_for(kind: Kind, seed: u64) -> BridgeSetup {
    let vulnerability = Vulnerability::ALL[(seed % 4) as usize];
    BridgeSetup::seeded(
        kind.variant(),
        seed,
        None,
        vulnerability,
        BridgeOptions::default(),
    )
}

/// A random legal action: in the auction a pass 60% of the time, else any legal call.
fn choose(legal: &[Action], auction: bool, rng: &mut ChaCha8Rng) -> Action {
    if auction && rng.random_bool(0.6) {
        return Action::Call(Call::Pass);
    }
    legal[rng.random_range(0..legal.len())]
}

/// Plays one seeded deal at random, checking everything on the way.
fn play_one(kind: Kind, seed: u64) -> Stats {
    let setup = setup_for(kind, seed);
    let mut all = CardSet::EMPTY;
    for &hand in &setup.hands.0 {
        assert_eq!(hand.len(), kind.hand_size(), "seed {seed}");
        assert!(all.is_disjoint(hand));
        all |= hand;
    }
    assert_eq!(all, kind.deck(), "seed {seed}");

    let mut deal = BridgeDeal::from_setup(setup.clone()).unwrap();
    let mut model = Model::new(kind, &setup);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut stats = Stats {
        deals: 1,
        ..Stats::default()
    };
    loop {
        let context = format!("{kind:?} seed {seed}, move {}", deal.history().len());
        check_views(&deal, &model, &context);
        let Some(actor) = model.actor() else {
            assert!(deal.to_act().is_empty(), "{context}");
            break;
        };
        assert_eq!(
            deal.to_act().iter().collect::<Vec<_>>(),
            vec![p(actor)],
            "{context}"
        );
        let legal = deal.legal_actions(p(actor));
        assert_eq!(sorted(legal.clone()), sorted(model.legal()), "{context}");
        for &action in &legal {
            let mut copy = deal.clone();
            copy.try_apply(p(actor), action)
                .unwrap_or_else(|e| panic!("{context}: legal {action} refused: {e}"));
        }
        check_refusals(&mut deal, &model, &legal, &mut rng);
        if rng.random_bool(0.05) {
            let viewer = Seat::from_index(rng.random_range(0..4));
            if trump_void_position(&model, viewer) {
                stats.trump_void_resamples += 1;
            }
            check_resample(&deal, &model, viewer, &mut rng, &mut stats, &context);
        }
        let action = choose(&legal, model.in_auction(), &mut rng);
        deal.try_apply(p(actor), action)
            .unwrap_or_else(|e| panic!("{context}: {action} refused: {e}"));
        let note = model.apply(action);
        stats.moves += 1;
        stats.joker_leads += u64::from(note.joker_led);
        stats.restricted_leads += u64::from(note.restricted_lead);
        stats.deuces_while_holding += u64::from(note.deuce_while_holding);
        if let Some((card, suit, led)) = note.winner {
            if card == Card::JOKER && model.trump().is_some() && suit != led {
                stats.joker_ruff_wins += 1;
            }
            if card == Card::JOKER && model.nominated_nt() {
                stats.joker_named_wins += 1;
            }
            if note.deuce_won_while_holding {
                stats.deuce_wins_while_holding += 1;
            }
        }
    }

    let context = format!("{kind:?} seed {seed}");
    let played: CardSet = model.cards_played.iter().map(|&(_, c)| c).collect();
    let full = deal.full_view();
    if model.passed_out {
        stats.passed_out += 1;
        assert!(deal.is_passed_out(), "{context}");
        assert!(played.is_empty(), "{context}");
        assert_eq!(deal.history().len(), 4, "{context}");
        assert_eq!(deal.score_ns(), Some(0), "{context}");
    } else {
        assert_eq!(model.cards_played.len(), kind.deck().len(), "{context}");
        assert_eq!(played, kind.deck(), "{context}: every card once");
        let history_cards: Vec<Card> = deal
            .history()
            .iter()
            .filter_map(|m| match m.action {
                Action::Card(c) => Some(c),
                Action::NamedJoker(_) => Some(Card::JOKER),
                Action::Call(_)
                | Action::Bid(_)
                | Action::ChangeBid(_)
                | Action::Discard(_)
                | Action::PlayBlind
                | Action::Claim(_) => None,
            })
            .collect();
        assert_eq!(history_cards.len(), kind.deck().len(), "{context}");
        let total: usize = full.tricks_won.iter().map(|&t| usize::from(t)).sum();
        assert_eq!(total, kind.hand_size(), "{context}");
        let (contract, declarer) = model.contract.unwrap();
        let result = deal.result().expect("a result");
        assert_eq!(result.contract, contract, "{context}");
        assert_eq!(result.declarer, declarer, "{context}");
        assert_eq!(result.tricks, model.declarer_tricks(), "{context}");
        let ns = model.duplicate_score_ns();
        assert_eq!(deal.score_ns(), Some(ns), "{context}: {contract}");
        assert_eq!(deal.outcome().unwrap().points, vec![ns, -ns, ns, -ns]);
        stats.made += u64::from(result.tricks >= kind.book() + contract.level);
        if contract.strain == Strain::NoTrump {
            stats.nt_contracts += 1;
        } else {
            stats.suit_contracts += 1;
        }
        stats.zero_nt += u64::from(contract.level == 0);
    }

    // The record replays into an equal deal.
    let mut replay = BridgeDeal::from_setup(setup).unwrap();
    for (i, m) in deal.history().iter().enumerate() {
        replay
            .try_apply(m.player, m.action)
            .unwrap_or_else(|e| panic!("{context}: replay move {i} ({}) refused: {e}", m.action));
    }
    assert_eq!(replay.full_view(), full, "{context}");
    assert!(replay == deal, "{context}");
    stats
}

fn run(kind: Kind) -> Stats {
    let stats = (0..DEALS)
        .into_par_iter()
        .map(|seed| play_one(kind, seed))
        .reduce(Stats::default, Stats::add);
    eprintln!("{kind:?}: {stats:?}");
    assert_eq!(stats.deals, DEALS);
    let played = stats.deals - stats.passed_out;
    assert!(stats.passed_out > 100, "{stats:?}");
    assert!(stats.made > 100 && stats.made < played, "{stats:?}");
    assert!(
        stats.suit_contracts > 1000 && stats.nt_contracts > 500,
        "{stats:?}"
    );
    assert!(stats.resamples > 20_000, "{stats:?}");
    assert!(stats.resamples_with_voids > 1_000, "{stats:?}");
    stats
}

#[test]
fn deuces_wild_ten_thousand_random_deals() {
    let stats = run(Kind::Deuces);
    assert!(stats.deuces_while_holding > 1_000, "{stats:?}");
    assert!(stats.deuce_wins_while_holding > 50, "{stats:?}");
    assert!(stats.deuce_suit_kept > 50, "{stats:?}");
    assert_eq!(stats.zero_nt, 0);
}

#[test]
fn five_crowns_unwinnable_ten_thousand_random_deals() {
    let stats = run(Kind::Crowns(NtJoker::Unwinnable));
    assert!(stats.zero_nt > 20, "{stats:?}");
    assert!(stats.joker_leads > 500, "{stats:?}");
    assert!(stats.joker_ruff_wins > 50, "{stats:?}");
    assert!(stats.restricted_leads > 500, "{stats:?}");
    assert_eq!(stats.joker_named_wins, 0);
}

#[test]
fn five_crowns_nominated_two_ten_thousand_random_deals() {
    let stats = run(Kind::Crowns(NtJoker::NominatedTwo));
    assert!(stats.zero_nt > 20, "{stats:?}");
    assert!(stats.joker_named_wins > 0, "{stats:?}");
    assert!(stats.joker_ruff_wins > 50, "{stats:?}");
    assert_eq!(stats.restricted_leads, 0);
}

#[test]
fn five_crowns_resampling_after_a_trump_void_keeps_the_joker_out() {
    let stats = (0..2_000)
        .into_par_iter()
        .map(|seed| play_one(Kind::Crowns(NtJoker::Unwinnable), seed))
        .reduce(Stats::default, Stats::add);
    assert!(stats.trump_void_resamples > 20, "{stats:?}");
}
