//! Devil's Bridge: bid the tricks the hand should take, mind the hook when dealing, and
//! in the blind one-card hand judge from the cards on everyone else's forehead.

use tenace_cards::{Card, CardSet, Rank, Suit};
use tenace_rules::devils_bridge::DevilsScoring;
use tenace_rules::trick::{Trick, TrickRules};
use tenace_rules::{Action, View};

use crate::bot::Decision;
use crate::play::Goal;
use crate::seat_info::SeatInfo;

/// The chance a card takes a trick, by rules of thumb: trumps by rank, side-suit aces
/// nearly always, kings when the suit is short enough to survive two rounds; fewer
/// side-suit tricks at a big table, where someone is likelier to ruff.
fn card_tricks(card: Card, hand: CardSet, trump: Option<Suit>, players: usize) -> f32 {
    let (Some(suit), Some(rank)) = (card.suit(), card.rank()) else {
        return 0.0;
    };
    let len = hand.suit(suit).len();
    if Some(suit) == trump {
        return match rank {
            Rank::Ace => 1.0,
            Rank::King => 0.85,
            Rank::Queen => 0.65,
            Rank::Jack => 0.5,
            _ if len >= 4 => 0.45,
            _ => 0.25,
        };
    }
    let crowd = if players >= 6 { 0.75 } else { 1.0 };
    crowd
        * match rank {
            Rank::Ace => 0.85,
            Rank::King if len <= 3 => 0.5,
            Rank::King => 0.3,
            Rank::Queen if len <= 2 => 0.2,
            _ => 0.0,
        }
}

/// The expected tricks of a hand the bidder can see.
pub(crate) fn expected_tricks(hand: CardSet, trump: Option<Suit>, players: usize) -> f32 {
    let mut t: f32 = hand
        .iter()
        .map(|c| card_tricks(c, hand, trump, players))
        .sum();
    // Side-suit voids let small trumps ruff.
    if let Some(tr) = trump {
        let trumps = hand.suit(tr).len() as f32;
        let voids = Suit::STANDARD
            .iter()
            .filter(|&&s| s != tr && hand.suit(s).is_empty())
            .count() as f32;
        t += (voids * 0.5).min(trumps * 0.3);
    }
    t.min(hand.len() as f32)
}

/// The chance the bidder's own hidden card takes the trick in a blind one-card hand:
/// every card it could be is tried against the cards seen on the others.
fn blind_chance(info: &SeatInfo) -> f32 {
    let view = info.view;
    let rules = TrickRules::plain(view.turned_up.and_then(|c| c.suit()));
    let n = view.players;
    let leader = view.dealer.next(n);
    let candidates = info.unseen();
    if candidates.is_empty() {
        return 0.0;
    }
    let mut wins = 0usize;
    for mine in candidates {
        let mut trick = Trick::new(leader, n);
        let mut my_pos = 0;
        for k in 0..n {
            let p = leader.offset(k, n);
            let card = if p == info.me {
                my_pos = k;
                mine
            } else {
                match view.hands[p.index()].and_then(|h| h.iter().next()) {
                    Some(c) => c,
                    None => return 0.5,
                }
            };
            trick.push(card);
        }
        wins += usize::from(rules.winning_position(&trick) == my_pos);
    }
    wins as f32 / candidates.len() as f32
}

/// The bid (or changed bid) nearest the estimate among the legal ones.
pub(crate) fn bid(info: &SeatInfo, legal: &[Action]) -> Option<Decision> {
    let view: &View = info.view;
    let (estimate, basis) = if view.blind {
        let p = blind_chance(info);
        (
            p,
            format!(
                "blind: my card wins {:.0}% of the time against the cards I see",
                p * 100.0
            ),
        )
    } else {
        let hand = info.hand?;
        let t = expected_tricks(hand, view.turned_up.and_then(|c| c.suit()), view.players);
        (t, format!("the hand should take about {t:.1} tricks"))
    };
    let numbers: Vec<(Action, u8)> = legal
        .iter()
        .filter_map(|&a| match a {
            Action::Bid(n) | Action::ChangeBid(n) => Some((a, n)),
            _ => None,
        })
        .collect();
    let &(action, n) = numbers.iter().min_by(|a, b| {
        let da = (f32::from(a.1) - estimate).abs();
        let db = (f32::from(b.1) - estimate).abs();
        da.total_cmp(&db).then(a.1.cmp(&b.1))
    })?;
    let hooked = (f32::from(n) - estimate).abs() > 0.5;
    let why = if hooked {
        format!("bid {n}: {basis}; the hook forbids the nearer number")
    } else {
        format!("bid {n}: {basis}")
    };
    Some(Decision::new(action, why))
}

/// How many more tricks the actor wants: the bid less the tricks won.
pub(crate) fn tricks_needed(info: &SeatInfo) -> i32 {
    let view = info.view;
    let bid = view
        .bids
        .get(info.actor.index())
        .copied()
        .flatten()
        .unwrap_or(0);
    let won = view
        .tricks_won
        .get(info.actor.index())
        .copied()
        .unwrap_or(0);
    i32::from(bid) - i32::from(won)
}

/// What the player plays for: exactly the bid while it can still be made. Once it
/// cannot (already past it, or short of it by more tricks than are left), the scoring
/// decides: under `tricks_plus_bonus` every trick is a point, so take them all; under
/// `exact_only` nothing more counts, so keep aiming at the bid.
pub(crate) fn goal(info: &SeatInfo, scoring: DevilsScoring) -> Goal {
    let need = tricks_needed(info);
    let left = info.hand.map_or(0, |h| h.len()) as i32;
    let lost = need < 0 || need > left;
    match (lost, scoring) {
        (true, DevilsScoring::TricksPlusBonus) => Goal::MostTricks,
        _ => Goal::Exactly(need),
    }
}
