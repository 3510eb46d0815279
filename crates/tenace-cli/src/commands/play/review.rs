//! The end-of-deal review: the deal's original hands and its record, shown once the deal
//! is over (only then may every hand be seen).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use tenace_bots::expert::play_position;
use tenace_cards::{Card, Player, Suit};
use tenace_rules::bridge::BridgeDeal;
use tenace_rules::bridgette::BridgetteDeal;
use tenace_rules::devils_bridge::DevilsHand;
use tenace_rules::{Action, AnyGame, Game, Move, View};
use tenace_solver::{Position, Solver};

use super::table::PlayMatch;

/// What the review of one finished deal shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealReview {
    /// The deal's number in the match, from 1.
    pub number: usize,
    /// The full view as the deal was dealt: every original hand.
    pub dealt: View,
    /// The deal's record, in order.
    pub moves: Vec<Move>,
    /// The deal's final full view: contract, tricks and score.
    pub result: View,
    /// The double-dummy analysis: the contract's result with best play and the cards
    /// that cost tricks (`None` for a deal without play, or while solving).
    pub double_dummy: Option<Vec<String>>,
    /// Whether the analysis is still being solved.
    pub solving: bool,
}

/// The review of finished deal `index`: the match is replayed from `initial` up to the
/// deal's first action, where the full view shows the hands as dealt. The double-dummy
/// analysis comes apart, from an [`Analysis`].
pub fn review_of(initial: &PlayMatch, game: &PlayMatch, index: usize) -> Option<DealReview> {
    let lengths = game.finished_lengths();
    let start: usize = lengths.get(..index)?.iter().sum();
    let len = *lengths.get(index)?;
    let history = game.history();
    let mut replay = initial.clone();
    for m in history.get(..start)? {
        replay.try_apply(m.player, m.action).ok()?;
    }
    let dealt = replay.full_view()?;
    let moves = history.get(start..start + len)?.to_vec();
    let result = game.finished_full_view(index)?;
    Some(DealReview {
        number: index + 1,
        dealt,
        moves,
        result,
        double_dummy: None,
        solving: false,
    })
}

/// The double-dummy analysis of a review, solved on a thread of its own so the screen
/// stays live: a full deal of the generic games can take the solver a long time. Dropping
/// it asks the thread to stop at its next card.
pub struct Analysis {
    answer: mpsc::Receiver<Option<Vec<String>>>,
    stop: Arc<AtomicBool>,
}

impl Analysis {
    /// Starts solving `deal` for about `budget` (see [`double_dummy_review`]).
    pub fn start(deal: AnyGame, budget: Duration) -> Analysis {
        let (send, answer) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        std::thread::spawn(move || {
            // The receiver may be gone (the review was closed): nothing to tell then.
            let _ = send.send(double_dummy_review(&deal, budget, &stopped));
        });
        Analysis { answer, stop }
    }

    /// The analysis once it is ready (`Some(None)`: the deal had no play to solve).
    pub fn ready(&self) -> Option<Option<Vec<String>>> {
        match self.answer.try_recv() {
            Ok(lines) => Some(lines),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => Some(None),
        }
    }
}

impl Drop for Analysis {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// How long the review solves by default: the contract's result always, then the plays
/// one by one until this is spent.
pub const REVIEW_TIME: Duration = Duration::from_secs(4);

/// The memory of the review's solver.
const REVIEW_MEMORY: usize = 32 << 20;

/// The deal as it was dealt, before its first action.
fn as_dealt(deal: &AnyGame) -> Option<AnyGame> {
    Some(match deal {
        AnyGame::Bridge(d) => AnyGame::Bridge(BridgeDeal::from_setup(d.setup().clone()).ok()?),
        AnyGame::DevilsBridge(h) => {
            AnyGame::DevilsBridge(DevilsHand::from_setup(h.setup().clone()).ok()?)
        }
        AnyGame::Bridgette(d) => {
            AnyGame::Bridgette(BridgetteDeal::from_setup(d.setup().clone()).ok()?)
        }
    })
}

/// The card (and a named joker's suit) of a card action.
fn card_of(action: Action) -> Option<(Card, Option<Suit>)> {
    match action {
        Action::Card(c) => Some((c, None)),
        Action::NamedJoker(s) => Some((Card::JOKER, Some(s))),
        _ => None,
    }
}

/// The double-dummy review of a finished deal: what the contract makes with best play
/// from the opening lead (in Devil's Bridge, each player's range of tricks), then the
/// cards that cost their side tricks against the best card, checked from the last trick
/// back (the late positions solve fastest) while `budget` lasts and `stop` is not set.
/// `None` for a deal without play (passed out or thrown in), with no time at all, or
/// when stopped before the contract's result.
pub fn double_dummy_review(
    deal: &AnyGame,
    budget: Duration,
    stop: &AtomicBool,
) -> Option<Vec<String>> {
    let stopped = || stop.load(Ordering::Relaxed);
    if budget.is_zero() || stopped() {
        return None;
    }
    let start = Instant::now();
    // Every card of the play with the position it was played from.
    let mut replay = as_dealt(deal)?;
    let mut plays: Vec<(Action, Position)> = Vec::new();
    for m in deal.history() {
        if card_of(m.action).is_some()
            && let Some(position) = play_position(&replay)
        {
            plays.push((m.action, position));
        }
        replay.try_apply(m.player, m.action).ok()?;
    }
    let (_, opening) = plays.first()?;
    let mut solver = Solver::with_memory(REVIEW_MEMORY);
    let mut lines = opening_result(deal, opening, &mut solver);
    if matches!(deal, AnyGame::DevilsBridge(_)) {
        // Each player is alone and wants a number of tricks, not the most: a card's
        // cost in tricks means nothing there.
        return Some(lines);
    }
    let mut costly = Vec::new();
    let mut checked = 0;
    for (k, (action, position)) in plays.iter().enumerate().rev() {
        if start.elapsed() >= budget || stopped() {
            break;
        }
        checked += 1;
        if let Some(line) = cost_of(*action, position, k, &mut solver) {
            costly.push(line);
        }
    }
    costly.reverse();
    if costly.is_empty() && checked == plays.len() {
        lines.push("No card cost a trick double dummy.".into());
    } else if !costly.is_empty() {
        lines.push("Cards that cost tricks double dummy:".into());
        lines.extend(costly);
    }
    if checked < plays.len() {
        lines.push(format!(
            "(the last {checked} of {} cards were checked before the review's time ran out)",
            plays.len()
        ));
    }
    Some(lines)
}

/// What card `k` of the play (`action`, from `position`) cost its side against the best
/// card, in words; `None` when it cost nothing (or the position cannot be solved).
fn cost_of(action: Action, position: &Position, k: usize, solver: &mut Solver) -> Option<String> {
    let (card, named) = card_of(action)?;
    let values = solver.card_values(position).ok()?;
    let best = values.iter().map(|v| v.tricks).max()?;
    let played = values
        .iter()
        .find(|v| v.card == card && v.named == named)?
        .tricks;
    if played >= best {
        return None;
    }
    let players = position.players();
    let better: Vec<String> = values
        .iter()
        .filter(|v| v.tricks == best)
        .map(|v| v.card.to_string())
        .collect();
    let lost = best - played;
    Some(format!(
        "  trick {}: {} played {action} and lost {lost} trick{} (best: {})",
        k / players + 1,
        position.to_play().label(players),
        if lost == 1 { "" } else { "s" },
        better.join(" ")
    ))
}

/// The first line of the review, at the opening lead: the tricks declarer's side makes
/// with best play and what it took, or each Devil's Bridge player's range.
fn opening_result(deal: &AnyGame, position: &Position, solver: &mut Solver) -> Vec<String> {
    let players = position.players();
    let view = deal.full_view();
    match deal {
        AnyGame::DevilsBridge(_) => {
            let ranges: Vec<String> = (0..players)
                .filter_map(|p| {
                    let p = Player(p as u8);
                    let r = solver.range(position, p).ok()?;
                    let bid = view.bids.get(p.index()).copied().flatten()?;
                    let took = view.tricks_won.get(p.index())?;
                    Some(format!(
                        "{}: {}–{} (bid {bid}, took {took})",
                        p.label(players),
                        r.fewest,
                        r.most
                    ))
                })
                .collect();
            vec![format!(
                "Double dummy, the fewest and most tricks each player can be sure of: {}",
                ranges.join("; ")
            )]
        }
        _ => {
            let (Some(contract), Some(declarer)) = (view.contract, view.declarer) else {
                return Vec::new();
            };
            let Ok(leader_side) = solver.tricks(position) else {
                return Vec::new();
            };
            let total = position.tricks_left() as u8;
            let declaring = position.side_of(declarer) & position.side_of(position.to_play()) != 0;
            let makes = if declaring {
                leader_side
            } else {
                total - leader_side
            };
            let took: u8 = (0..players)
                .filter(|&p| position.side_of(declarer) >> p & 1 == 1)
                .filter_map(|p| view.tricks_won.get(p).copied())
                .sum();
            vec![format!(
                "Double dummy: {contract} by {} makes {makes} tricks; declarer took {took}.",
                declarer.label(players)
            )]
        }
    }
}
