//! The Bridgette random-playout harness: whole games of uniform random legal play, the
//! options varied game by game so every combination is played, and the invariants of
//! RULES.md §4 checked as they go.
//!
//! * Every card is accounted for once: hands, discards, stock, tricks (and the up-card
//!   set aside under `upcard_to = none`) make the 55-card deck.
//! * The tricks of a played deal add up to 13, and each deal scores by RULES.md §4.5.
//! * No observation shows a card its viewer may not see, nor the opponent's discards,
//!   nor the stock; a resample keeps the observation and varies the hidden cards.
//! * The history replays to the same game.
//! * At every call and every card, `legal_actions` is exactly what an oracle written from
//!   RULES.md §4.3 and §4.4 allows, and every trick goes to the oracle's winner.
//!
//! Set `TENACE_BRIDGETTE_GAMES` to play another number of games (the bar is 10,000).

mod bridgette_support;

use bridgette_support::oracle_points;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::time::Instant;
use tenace_cards::{Card, CardSet, Deck, Player, Rank, Strain, Suit};
use tenace_rules::bridgette::{
    BridgetteDeal, BridgetteMatch, BridgetteOptions, NtJumpRequirement, OpeningPass,
    TieAfterSeventh, UpcardTo,
};
use tenace_rules::scoring::{MultiplierScope, OvertrickBonus};
use tenace_rules::{Action, Bid, Call, Game, Match, Phase, View};

const GAMES: u64 = 10_000;

/// One game in this many gets the expensive checks: observations at every step, resamples
/// and a replay of the whole record.
const DEEP_EVERY: u64 = 20;

/// Every combination of the seven options: 3 × 2⁶ = 192.
const COMBINATIONS: u64 = 192;

fn games() -> u64 {
    std::env::var("TENACE_BRIDGETTE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(GAMES)
}

/// The options of game `k`: combination `k % 192`, one bit (or trit) per option.
fn options_for(k: u64) -> BridgetteOptions {
    let c = k % COMBINATIONS;
    let bit = |i: u32| (c >> i) & 1 == 1;
    BridgetteOptions {
        upcard_to: [UpcardTo::NonDealer, UpcardTo::Dealer, UpcardTo::None][(c / 64) as usize],
        nt_jump_requirement: if bit(0) {
            NtJumpRequirement::Forbidden
        } else {
            NtJumpRequirement::NtRuleOnly
        },
        opening_pass: if bit(1) {
            OpeningPass::OpponentMustName
        } else {
            OpeningPass::Standard
        },
        block_allows_colon_lead: !bit(2),
        overtrick_bonus: if bit(3) {
            OvertrickBonus::ThreeOrMore
        } else {
            OvertrickBonus::ExactlyThree
        },
        multiplier_scope: if bit(4) {
            MultiplierScope::ExcludeDoubleBonus
        } else {
            MultiplierScope::All
        },
        tie_after_seventh: if bit(5) {
            TieAfterSeventh::Draw
        } else {
            TieAfterSeventh::KeepDealing
        },
    }
}

// ---------------------------------------------------------------- the rules oracle

const SUITS: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

/// A bid's place on the ladder 0NT < 1C < … < 7NT (RULES.md §4.3).
fn ladder(level: u8, strain: Strain) -> u8 {
    let step = match strain {
        Strain::Suit(Suit::Clubs) => 0,
        Strain::Suit(Suit::Diamonds) => 1,
        Strain::Suit(Suit::Hearts) => 2,
        Strain::Suit(Suit::Spades) => 3,
        Strain::NoTrump => 4,
        Strain::Suit(other) => panic!("{other:?} is no Bridgette suit"),
    };
    level * 5 + step
}

/// The calls RULES.md §4.3 allows `player` after `calls` (dealer first), holding `hand`.
fn oracle_calls(
    options: &BridgetteOptions,
    dealer: Player,
    calls: &[Call],
    player: Player,
    hand: CardSet,
) -> Vec<Call> {
    // The standing bid: its bidder, the bid, and 0, 1 or 2 for (re)doubled.
    let mut standing: Option<(Player, Bid, u8)> = None;
    for (i, &call) in calls.iter().enumerate() {
        let caller = dealer.offset(i, 2);
        match call {
            Call::Bid(bid) => standing = Some((caller, bid, 0)),
            Call::Double | Call::Redouble => {
                let (bidder, bid, doubled) = standing.expect("a double needs a bid");
                standing = Some((bidder, bid, doubled + 1));
            }
            Call::Pass => {}
        }
    }
    let must_name = options.opening_pass == OpeningPass::OpponentMustName
        && calls == [Call::Pass]
        && player != dealer;
    let mut legal = Vec::new();
    if !must_name {
        legal.push(Call::Pass);
        match standing {
            Some((bidder, _, 0)) if bidder != player => legal.push(Call::Double),
            Some((bidder, _, 1)) if bidder == player => legal.push(Call::Redouble),
            _ => {}
        }
    }
    let above = standing.map(|(_, b, _)| ladder(b.level, b.strain));
    for level in 0..=7u8 {
        for strain in [
            Strain::Suit(Suit::Clubs),
            Strain::Suit(Suit::Diamonds),
            Strain::Suit(Suit::Hearts),
            Strain::Suit(Suit::Spades),
            Strain::NoTrump,
        ] {
            if level == 0 && strain != Strain::NoTrump {
                continue;
            }
            let rank = ladder(level, strain);
            if above.is_some_and(|a| rank <= a) {
                continue;
            }
            let lowest = (0..=7u8)
                .find(|&l| {
                    (l > 0 || strain == Strain::NoTrump)
                        && above.is_none_or(|a| ladder(l, strain) > a)
                })
                .expect("a sufficient level exists below this bid");
            let jump = level > lowest;
            let ok = match strain {
                Strain::Suit(suit) => {
                    let held = hand.suit(suit).len();
                    held >= 2 && (!jump || held >= 4)
                }
                Strain::NoTrump => {
                    SUITS.iter().all(|&s| !hand.suit(s).is_empty())
                        && !(jump && options.nt_jump_requirement == NtJumpRequirement::Forbidden)
                }
            };
            if ok {
                legal.push(Call::Bid(Bid::new(level, strain)));
            }
        }
    }
    legal
}

/// The colon of a card's group (RULES.md §4.1).
fn group_of(card: Card) -> Option<Card> {
    match card.rank()? {
        Rank::Ace => Some(Card::GRAND_COLON),
        Rank::King | Rank::Queen | Rank::Jack => Some(Card::ROYAL_COLON),
        _ => Some(Card::LITTLE_COLON),
    }
}

/// The suit a finished trick blocks for its winner's lead: the led suit when the
/// follower answered with the led card's group colon (RULES.md §4.4).
fn blocked_suit(lead: Card, reply: Card) -> Option<Suit> {
    (lead.suit().is_some() && group_of(lead) == Some(reply))
        .then(|| lead.suit())
        .flatten()
}

/// The cards RULES.md §4.4 allows from `hand` to a trick holding `trick` (empty: a lead).
fn oracle_cards(hand: CardSet, trick: &[Card], block: Option<Suit>, colon_lead: bool) -> CardSet {
    let colons = hand.iter().filter(|c| c.is_colon()).collect::<CardSet>();
    let Some(&lead) = trick.first() else {
        let Some(bar) = block else {
            return hand;
        };
        let barred = hand.suit(bar);
        let others = hand - barred - if colon_lead { CardSet::EMPTY } else { colons };
        return [others, barred]
            .into_iter()
            .find(|s| !s.is_empty())
            .unwrap_or(hand);
    };
    let Some(led) = lead.suit() else {
        // A colon led: no duty to follow.
        return hand;
    };
    let matching = group_of(lead).filter(|&c| hand.contains(c));
    let matching = matching.map_or(CardSet::EMPTY, CardSet::single);
    let follow = hand.suit(led);
    let allowed = if follow.is_empty() {
        (hand - colons) | matching
    } else {
        follow | matching
    };
    if allowed.is_empty() { hand } else { allowed }
}

/// Whether the second card of a two-card trick wins it (RULES.md §0 and §4.4).
fn follower_wins(lead: Card, reply: Card, trump: Option<Suit>) -> bool {
    let is_trump = |c: Card| c.suit().is_some() && c.suit() == trump;
    if lead.is_colon() {
        return is_trump(reply) || group_of(reply) == Some(lead);
    }
    if reply.is_colon() {
        return false;
    }
    if reply.suit() == lead.suit() {
        return reply.rank() > lead.rank();
    }
    is_trump(reply)
}

/// Checks `legal_actions` in the auction and the play against the oracle.
fn check_legal(deal: &BridgetteDeal, player: Player, legal: &[Action], ctx: &str) {
    let hand = deal.hands()[player];
    match deal.phase() {
        Phase::Exchange => {
            let expected: Vec<Action> = hand.iter().map(Action::Discard).collect();
            assert_eq!(legal, expected, "{ctx}: discards");
        }
        Phase::Auction => {
            let auction = deal.auction();
            let expected = oracle_calls(
                deal.options(),
                deal.setup().dealer,
                auction.calls(),
                player,
                hand,
            );
            let mut got: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
            let mut want: Vec<String> = expected.iter().map(|c| c.to_string()).collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{ctx}: calls after {:?}", auction.calls());
        }
        Phase::Play => {
            let play = deal.play().expect("a play in the play phase");
            let block = play
                .completed()
                .last()
                .and_then(|t| blocked_suit(t.trick.cards()[0], t.trick.cards()[1]));
            let expected = oracle_cards(
                hand,
                play.current().cards(),
                block,
                deal.options().block_allows_colon_lead,
            );
            let got: CardSet = legal
                .iter()
                .map(|a| match a {
                    Action::Card(c) => *c,
                    other => panic!("{ctx}: {other:?} in the play"),
                })
                .collect();
            assert_eq!(got.len(), legal.len(), "{ctx}: a card listed twice");
            assert_eq!(
                got,
                expected,
                "{ctx}: cards to {:?}",
                play.current().cards()
            );
        }
        Phase::Finished => panic!("{ctx}: a finished deal to act in"),
    }
}

/// Checks each trick's winner, and the contract the auction produced.
fn check_tricks_and_contract(deal: &BridgetteDeal, ctx: &str) {
    let Some(play) = deal.play() else {
        return;
    };
    let contract = deal.contract().expect("a played deal has a contract");
    let (mut last_bidder, mut doubling) = (None, 0);
    for (i, &call) in deal.auction().calls().iter().enumerate() {
        match call {
            Call::Bid(bid) => {
                last_bidder = Some((deal.setup().dealer.offset(i, 2), bid));
                doubling = 0;
            }
            Call::Double | Call::Redouble => doubling += 1,
            Call::Pass => {}
        }
    }
    let (declarer, bid) = last_bidder.expect("a contract needs a bid");
    assert_eq!(deal.declarer(), Some(declarer), "{ctx}");
    assert_eq!(
        (contract.level, contract.strain),
        (bid.level, bid.strain),
        "{ctx}"
    );
    assert_eq!(
        contract.to_string().matches('X').count(),
        doubling,
        "{ctx}: doubling of {contract}"
    );
    let trump = match bid.strain {
        Strain::Suit(s) => Some(s),
        Strain::NoTrump => None,
    };
    let mut leader = declarer.next(2);
    for t in play.completed() {
        assert_eq!(t.trick.leader(), leader, "{ctx}: who led");
        let [lead, reply] = [t.trick.cards()[0], t.trick.cards()[1]];
        let winner = if follower_wins(lead, reply, trump) {
            leader.next(2)
        } else {
            leader
        };
        assert_eq!(t.winner, winner, "{ctx}: {lead} {reply} in {contract}");
        leader = winner;
    }
}

#[derive(Default, Debug, Clone, Copy)]
struct Tally {
    games: u64,
    deals: u64,
    thrown_in: u64,
    actions: u64,
    observations: u64,
    resamples: u64,
    replays: u64,
    colon_plays: u64,
}

impl Tally {
    fn merge(self, o: Tally) -> Tally {
        Tally {
            games: self.games + o.games,
            deals: self.deals + o.deals,
            thrown_in: self.thrown_in + o.thrown_in,
            actions: self.actions + o.actions,
            observations: self.observations + o.observations,
            resamples: self.resamples + o.resamples,
            replays: self.replays + o.replays,
            colon_plays: self.colon_plays + o.colon_plays,
        }
    }
}

/// The cards played to tricks so far.
fn played(deal: &BridgetteDeal) -> CardSet {
    deal.play().map_or(CardSet::EMPTY, |p| p.played())
}

/// Hands, discards, stock, tricks and the set-aside up-card are the deck, each card once.
fn check_cards(deal: &BridgetteDeal, ctx: &str) {
    let mut parts: Vec<CardSet> = Vec::new();
    parts.extend(deal.hands().0.iter().copied());
    parts.extend(deal.discards().0.iter().copied());
    parts.push(deal.stock().iter().copied().collect());
    parts.push(played(deal));
    if deal.options().upcard_to == UpcardTo::None {
        parts.push(CardSet::single(deal.upcard()));
    }
    let union = parts.iter().fold(CardSet::EMPTY, |a, &b| a | b);
    let total: usize = parts.iter().map(|p| p.len()).sum();
    assert_eq!(
        union,
        Deck::Bridgette.cards(),
        "{ctx}: the deck is all there"
    );
    assert_eq!(total, 55, "{ctx}: no card is in two places");
    assert_eq!(
        deal.stock().len(),
        CardSet::from_iter(deal.stock().iter().copied()).len()
    );
}

/// Every card a view shows anywhere: hands, draws, discards, stock, the trick and the
/// history.
fn shown(view: &View) -> CardSet {
    let mut set = view.visible_cards();
    if let Some(ex) = &view.exchange {
        for s in ex.drawn.iter().chain(&ex.discards).flatten() {
            set |= *s;
        }
        if let Some(stock) = ex.stock {
            set |= stock;
        }
    }
    if let Some(trick) = &view.trick {
        set |= trick.card_set();
    }
    for m in &view.history {
        if let Action::Card(c) | Action::Discard(c) = m.action {
            set.insert(c);
        }
    }
    set
}

fn check_observation(deal: &BridgetteDeal, viewer: Player, ctx: &str) -> View {
    let other = viewer.next(2);
    let obs = deal.observation(viewer);
    let ex = obs
        .exchange
        .as_ref()
        .expect("a Bridgette view has an exchange");
    assert_eq!(obs.hands[other.index()], None, "{ctx}: the opponent's hand");
    assert_eq!(
        ex.discards[other.index()],
        None,
        "{ctx}: the opponent's discards"
    );
    assert_eq!(ex.drawn[other.index()], None, "{ctx}: the opponent's draw");
    assert_eq!(ex.stock, None, "{ctx}: the stock");
    assert_eq!(ex.upcard, deal.upcard());
    assert!(
        !obs.history
            .iter()
            .any(|m| m.player == other && matches!(m.action, Action::Discard(_))),
        "{ctx}: an opponent's discard in the history"
    );
    let v = viewer.index();
    assert_eq!(obs.hands[v], Some(deal.hands()[viewer]), "{ctx}: own hand");
    let allowed = deal.hands()[viewer]
        | deal.discards()[viewer]
        | deal.drawn()[viewer]
        | played(deal)
        | CardSet::single(deal.upcard());
    let seen = shown(&obs);
    assert!(
        allowed.is_superset(seen),
        "{ctx}: player {viewer} sees {}",
        seen - allowed
    );
    let stock_below: CardSet = deal
        .stock()
        .iter()
        .copied()
        .filter(|&c| c != deal.upcard())
        .collect();
    assert_eq!(seen & stock_below, CardSet::EMPTY, "{ctx}: the stock shows");
    obs
}

/// What a resample dealt that its viewer cannot see.
fn hidden_part(deal: &BridgetteDeal, viewer: Player) -> (CardSet, CardSet, Vec<Card>) {
    let other = viewer.next(2);
    (
        deal.hands()[other],
        deal.discards()[other],
        deal.stock().to_vec(),
    )
}

fn check_resamples(deal: &BridgetteDeal, rng: &mut ChaCha8Rng, tally: &mut Tally, ctx: &str) {
    let viewer = Player(rng.random_range(0..2));
    let obs = deal.observation(viewer);
    let mut hidden = Vec::new();
    for _ in 0..3 {
        let re = BridgetteDeal::resample(&obs, rng)
            .unwrap_or_else(|e| panic!("{ctx}: resample for {viewer}: {e}"));
        tally.resamples += 1;
        assert_eq!(re.observation(viewer), obs, "{ctx}: resample for {viewer}");
        check_cards(&re, &format!("{ctx}, resampled"));
        hidden.push(hidden_part(&re, viewer));
    }
    // At least 15 cards are always hidden (the stock): three equal deals mean no shuffle.
    assert!(
        hidden.iter().any(|h| *h != hidden[0]),
        "{ctx}: three resamples dealt the same hidden cards"
    );
}

/// Tries an action the player may not take now (a card or call not listed, or a discard
/// of a card not held): it must be refused, and leave the deal as it was.
fn check_refusal(
    deal: &BridgetteDeal,
    player: Player,
    legal: &[Action],
    rng: &mut ChaCha8Rng,
    ctx: &str,
) {
    let candidates: Vec<Action> = match deal.phase() {
        Phase::Exchange => (Deck::Bridgette.cards() - deal.hands()[player])
            .iter()
            .map(Action::Discard)
            .collect(),
        Phase::Auction => tenace_rules::bridgette::AUCTION_RULES
            .bids()
            .into_iter()
            .map(Call::Bid)
            .chain([Call::Pass, Call::Double, Call::Redouble])
            .map(Action::Call)
            .collect(),
        _ => deal.hands()[player].iter().map(Action::Card).collect(),
    };
    let illegal: Vec<Action> = candidates
        .into_iter()
        .filter(|a| !legal.contains(a))
        .collect();
    let mut trial = deal.clone();
    if !illegal.is_empty() {
        let action = illegal[rng.random_range(0..illegal.len())];
        assert!(
            trial.try_apply(player, action).is_err(),
            "{ctx}: {action} accepted though not listed"
        );
        assert_eq!(&trial, deal, "{ctx}: a refused {action} changed the deal");
    }
    // And whoever is not to act is refused anything.
    let other = player.next(2);
    assert!(
        trial.try_apply(other, legal[0]).is_err(),
        "{ctx}: out of turn"
    );
    assert_eq!(
        &trial, deal,
        "{ctx}: a refused out-of-turn action changed the deal"
    );
}

fn check_finished_deal(deal: &BridgetteDeal, tally: &mut Tally, ctx: &str) {
    check_cards(deal, ctx);
    assert_eq!(deal.phase(), Phase::Finished);
    tally.deals += 1;
    if deal.thrown_in() {
        tally.thrown_in += 1;
        assert_eq!(deal.options().opening_pass, OpeningPass::Standard, "{ctx}");
        assert!(deal.play().is_none());
    } else {
        let play = deal.play().expect("a counted deal is played");
        let tricks: u32 = play.tricks_won().iter().map(|&t| u32::from(t)).sum();
        assert_eq!(tricks, 13, "{ctx}: tricks");
        assert_eq!(play.completed().len(), 13, "{ctx}");
        assert!(deal.hands().iter().all(|(_, h)| h.is_empty()), "{ctx}");
        check_tricks_and_contract(deal, ctx);
    }
    assert_eq!(deal.points(), Some(oracle_points(deal)), "{ctx}: score");
}

fn play_game(k: u64) -> Tally {
    let options = options_for(k);
    let seed = 0xB1D6_0000 + k;
    let deep = k.is_multiple_of(DEEP_EVERY);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED);
    let mut game = BridgetteMatch::new(options, seed).unwrap();
    let mut tally = Tally {
        games: 1,
        ..Tally::default()
    };
    let mut step = 0u64;
    while let Some(deal) = game.current() {
        let ctx = format!("game {k} ({options:?}), step {step}");
        let player = deal.to_act().iter().next().expect("someone acts");
        assert_eq!(deal.to_act().iter().count(), 1, "{ctx}");
        let legal = deal.legal_actions(player);
        assert!(!legal.is_empty(), "{ctx}: {player} has no legal action");
        check_legal(deal, player, &legal, &ctx);
        let phase = deal.phase();
        if deep {
            for viewer in [Player(0), Player(1)] {
                check_observation(deal, viewer, &ctx);
                tally.observations += 1;
            }
            // Resample at the start of each phase and now and then in the play.
            let first_of_phase = deal.history().last().is_none_or(|m| {
                matches!(m.action, Action::Discard(_)) != (phase == Phase::Exchange)
            });
            if first_of_phase || rng.random_bool(0.1) {
                check_resamples(deal, &mut rng, &mut tally, &ctx);
            }
        }
        if deep {
            check_refusal(deal, player, &legal, &mut rng, &ctx);
        }
        let action = legal[rng.random_range(0..legal.len())];
        if matches!(action, Action::Card(c) if c.is_colon()) {
            tally.colon_plays += 1;
        }
        let deals_before = game.finished_deals().len();
        game.try_apply(player, action)
            .unwrap_or_else(|e| panic!("{ctx}: legal {action} refused: {e}"));
        tally.actions += 1;
        step += 1;
        if game.finished_deals().len() > deals_before {
            let done = game.finished_deals().last().expect("a deal just finished");
            check_finished_deal(done, &mut tally, &ctx);
            // The cheap look at what the players see, once per deal in every game.
            for viewer in [Player(0), Player(1)] {
                check_observation(done, viewer, &ctx);
            }
        } else if let Some(deal) = game.current() {
            check_cards(deal, &ctx);
            if deal.phase() != phase {
                // The cheap look again at every change of phase.
                for viewer in [Player(0), Player(1)] {
                    check_observation(deal, viewer, &ctx);
                }
            }
        }
    }
    assert!(game.counted_deals() >= 6, "game {k}");
    let totals = game.finished_deals().iter().fold([0, 0], |t, d| {
        let p = oracle_points(d);
        [t[0] + p[0], t[1] + p[1]]
    });
    assert_eq!(game.totals(), totals, "game {k}");
    if deep {
        let replayed = BridgetteMatch::replay(options, seed, game.history())
            .unwrap_or_else(|(i, e)| panic!("game {k}: replay refused action {i}: {e}"));
        assert_eq!(replayed, game, "game {k}: the replay differs");
        tally.replays += 1;
    }
    tally
}

#[test]
fn random_playouts_keep_every_invariant() {
    let start = Instant::now();
    let n = games();
    let tally = (0..n)
        .into_par_iter()
        .map(play_game)
        .reduce(Tally::default, Tally::merge);
    eprintln!("{tally:?} in {:.1?}", start.elapsed());
    assert_eq!(tally.games, n);
    if n >= COMBINATIONS {
        assert!(tally.deals >= 6 * n);
        assert!(tally.resamples > 0 && tally.replays > 0);
        assert!(tally.colon_plays > 0);
    }
}
