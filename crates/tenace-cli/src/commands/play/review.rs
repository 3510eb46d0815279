//! The end-of-deal review: the deal's hands, its record trick by trick, its result, and a
//! double-dummy analysis that arrives piece by piece while the player reads. Shown once
//! the deal is over, when every hand may be seen; but Bridgette's discards stay hidden
//! (RULES.md §4.2: discards are dead and never revealed), so its hands are the ones
//! played, after the exchange.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use tenace_bots::expert::play_position;
use tenace_cards::{Card, Player, Suit};
use tenace_rules::bridge::BridgeDeal;
use tenace_rules::bridgette::BridgetteDeal;
use tenace_rules::devils_bridge::DevilsHand;
use tenace_rules::trick::Trick;
use tenace_rules::{Action, AnyGame, Game, Phase, View};
use tenace_solver::{Position, SolveError, Solver};

use super::app::LastTrick;
use super::render::glyphs::{Glyphs, count, player_name};
use super::table::PlayMatch;

/// What the review of one finished deal shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealReview {
    /// The deal's number in the match, from 1.
    pub number: usize,
    /// The hands as the play began: every hand as dealt (after Bridgette's exchange, with
    /// only the reviewer's own exchange in it).
    pub hands: View,
    /// The reviewer's own observation of the deal as it ended: the record they may see,
    /// the contract, the tricks and the score.
    pub result: View,
    /// The play, trick by trick.
    pub tricks: Vec<LastTrick>,
    /// The double-dummy analysis so far.
    pub double_dummy: DoubleDummy,
}

/// The double-dummy analysis as far as it has come.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DoubleDummy {
    /// The results found so far, in the order they are read.
    pub lines: Vec<String>,
    /// How far the solving has come, while it runs: `solved 5 of 13 tricks`.
    pub progress: Option<String>,
    /// Whether the analysis is finished (or was never started).
    pub done: bool,
}

/// The trick a card completed: the trick before it, as the viewer saw it, and the last
/// card as their record shows it. Dummy's cards are dummy's.
pub fn completed_trick(before: &Trick, last: Action, winner: Player) -> LastTrick {
    let mut plays: Vec<(Player, Action)> = before
        .plays()
        .map(|(p, card)| (p, Action::Card(card)))
        .collect();
    plays.push((before.next_player(), last));
    LastTrick { plays, winner }
}

/// The review of finished deal `index` as `viewer` may see it: the match is replayed
/// from `initial` through the deal, the hands taken where the play begins and each trick
/// as it is completed. The double-dummy analysis comes apart, from an [`Analysis`].
pub fn review_of(
    initial: &PlayMatch,
    game: &PlayMatch,
    index: usize,
    viewer: Player,
) -> Option<DealReview> {
    let lengths = game.finished_lengths();
    let start: usize = lengths.get(..index)?.iter().sum();
    let len = *lengths.get(index)?;
    let history = game.history();
    let mut replay = initial.clone();
    for m in history.get(..start)? {
        replay.try_apply(m.player, m.action).ok()?;
    }
    let mut hands = None;
    let mut tricks = Vec::new();
    for m in history.get(start..start + len)? {
        let full = replay.full_view()?;
        if hands.is_none() && full.phase != Phase::Exchange {
            hands = Some(sanitized(full.clone(), &replay, viewer));
        }
        // The deal is over once reviewed: every card played may be named, a blind one
        // too (its holder's one card).
        let shown = match m.action {
            Action::PlayBlind => Action::Card(
                full.hands
                    .get(m.player.index())?
                    .and_then(|h| h.iter().next())?,
            ),
            action => action,
        };
        let events = replay.try_apply(m.player, m.action).ok()?;
        if let (Some(winner), Some(before)) = (events.trick_won, full.trick) {
            tricks.push(completed_trick(&before, shown, winner));
        }
    }
    Some(DealReview {
        number: index + 1,
        hands: hands?,
        result: game.finished_observation(index, viewer)?,
        tricks,
        double_dummy: DoubleDummy::default(),
    })
}

/// A full view with Bridgette's exchange cut down to what the viewer saw of it: their
/// own draws and discards, the up-card, the counts.
fn sanitized(mut full: View, game: &PlayMatch, viewer: Player) -> View {
    if full.exchange.is_some() {
        full.exchange = game.observation(viewer).and_then(|v| v.exchange);
    }
    full.viewer = Some(viewer);
    full
}

/// The double-dummy analysis of a review, solved on a thread of its own so the screen
/// stays live: a full deal of the generic games can take the solver minutes. Each step
/// sends what is known so far. Dropping it asks the thread to stop; the solver is asked
/// in slices of [`SLICE`], so it stops within one.
pub struct Analysis {
    updates: mpsc::Receiver<DoubleDummy>,
    stop: Arc<AtomicBool>,
}

/// How long one question to the solver may run before the thread looks whether it should
/// stop; each retry of the same question doubles it, up to [`LONGEST_SLICE`]. The
/// solver's tables keep what it learnt, so the next slice goes on from there.
const SLICE: Duration = Duration::from_millis(300);

/// The longest slice: how long a closed review's thread may go on before it stops.
const LONGEST_SLICE: Duration = Duration::from_secs(3);

/// The memory of the review's solver.
const REVIEW_MEMORY: usize = 32 << 20;

impl Analysis {
    /// Starts solving `deal`, as seen with `glyphs`.
    pub fn start(deal: AnyGame, glyphs: Glyphs) -> Analysis {
        let (send, updates) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        std::thread::spawn(move || {
            // A closed review has dropped the receiver: the send fails and the thread
            // stops at its next slice.
            double_dummy_review(&deal, glyphs, &stopped, &mut |update| {
                if send.send(update).is_err() {
                    stopped.store(true, Ordering::Relaxed);
                }
            });
        });
        Analysis { updates, stop }
    }

    /// The latest state of the analysis, if it moved since the last call.
    pub fn latest(&self) -> Option<DoubleDummy> {
        let mut latest = None;
        loop {
            match self.updates.try_recv() {
                Ok(update) => latest = Some(update),
                Err(mpsc::TryRecvError::Empty) => return latest,
                Err(mpsc::TryRecvError::Disconnected) => {
                    // The thread ended without a last word: it could not go on.
                    return latest.or(Some(DoubleDummy {
                        lines: vec!["the analysis stopped".into()],
                        progress: None,
                        done: true,
                    }));
                }
            }
        }
    }
}

impl Drop for Analysis {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

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

/// Asks the solver in slices until it answers, or `stop` is set (`None`).
fn solve<T>(
    solver: &mut Solver,
    stop: &AtomicBool,
    mut question: impl FnMut(&mut Solver) -> Result<T, SolveError>,
) -> Option<T> {
    let mut slice = SLICE;
    loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        solver.set_deadline(Some(Instant::now() + slice));
        match question(solver) {
            Err(SolveError::OutOfTime) => slice = (slice * 2).min(LONGEST_SLICE),
            answer => return answer.ok(),
        }
    }
}

/// The double-dummy review of a finished deal, told to `tell` as it comes. In the
/// partnership games: the cards that cost their side tricks against the best card,
/// checked from the last trick back (the late positions solve fastest, so results come
/// early), then what the contract makes with best play from the opening lead. In Devil's
/// Bridge each player's range of tricks from the opening lead, player by player.
pub fn double_dummy_review(
    deal: &AnyGame,
    glyphs: Glyphs,
    stop: &AtomicBool,
    tell: &mut dyn FnMut(DoubleDummy),
) {
    let nothing = |why: &str| DoubleDummy {
        lines: vec![why.to_string()],
        progress: None,
        done: true,
    };
    // Every card of the play with the position it was played from, the blind ones too.
    let mut plays: Vec<(Action, Position)> = Vec::new();
    if let Some(mut replay) = as_dealt(deal) {
        for m in deal.history() {
            if m.action.is_card_play()
                && let Some(position) = play_position(&replay)
            {
                let action = match m.action {
                    Action::PlayBlind => position
                        .hands
                        .get(m.player.index())
                        .and_then(|h| h.iter().next())
                        .map_or(m.action, Action::Card),
                    action => action,
                };
                plays.push((action, position));
            }
            if replay.try_apply(m.player, m.action).is_err() {
                break;
            }
        }
    }
    let Some((_, opening)) = plays.first() else {
        tell(nothing("nothing to solve: no card was played"));
        return;
    };
    let mut solver = Solver::with_memory(REVIEW_MEMORY);
    let view = deal.full_view();
    let name = |p: Player| player_name(&view.config, view.players, p);
    if matches!(deal, AnyGame::DevilsBridge(_)) {
        // Each player is alone and wants a number of tricks, not the most: a card's cost
        // in tricks means nothing there, so each player's range is the review.
        let mut lines = vec!["With best play from the opening lead, each player can take:".into()];
        for p in 0..view.players {
            let player = Player(p as u8);
            tell(DoubleDummy {
                lines: lines.clone(),
                progress: Some(format!("solving {} of {} players…", p + 1, view.players)),
                done: false,
            });
            let Some(range) = solve(&mut solver, stop, |s| s.range(opening, player)) else {
                return;
            };
            let bid = view.bids.get(p).copied().flatten().unwrap_or(0);
            let took = view.tricks_won.get(p).copied().unwrap_or(0);
            lines.push(format!(
                "  {}: at least {}, at most {} (bid {bid}, took {took})",
                name(player),
                range.fewest,
                count(usize::from(range.most), "trick"),
            ));
        }
        tell(DoubleDummy {
            lines,
            progress: None,
            done: true,
        });
        return;
    }
    let players = opening.players();
    let total_tricks = plays.len().div_ceil(players);
    let mut costly: Vec<String> = Vec::new();
    for (k, (action, position)) in plays.iter().enumerate().rev() {
        let trick = k / players + 1;
        tell(DoubleDummy {
            lines: cost_lines(&costly),
            progress: Some(format!(
                "solved {} of {total_tricks}, from the last trick back; now card {} of trick {trick}…",
                count(total_tricks - trick, "trick"),
                k % players + 1,
            )),
            done: false,
        });
        let Some(values) = solve(&mut solver, stop, |s| s.card_values(position)) else {
            return;
        };
        if let Some(line) = cost_of(*action, position, trick, &values, glyphs) {
            costly.insert(0, line);
        }
    }
    let mut lines = opening_result(deal, opening, &mut solver, stop, glyphs);
    if costly.is_empty() {
        lines.push("No card cost a trick double dummy.".into());
    } else {
        lines.extend(cost_lines(&costly));
    }
    tell(DoubleDummy {
        lines,
        progress: None,
        done: true,
    });
}

/// The costly cards found so far, under their heading.
fn cost_lines(costly: &[String]) -> Vec<String> {
    if costly.is_empty() {
        return Vec::new();
    }
    let mut lines = vec!["Cards that cost tricks double dummy:".to_string()];
    lines.extend(costly.iter().cloned());
    lines
}

/// What a card of trick `trick` (`action`, from `position`, whose card values are
/// `values`) cost its side against the best card, in words; `None` when it cost nothing.
fn cost_of(
    action: Action,
    position: &Position,
    trick: usize,
    values: &[tenace_solver::CardValue],
    glyphs: Glyphs,
) -> Option<String> {
    let (card, named) = card_of(action)?;
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
        .map(|v| match v.named {
            Some(suit) => glyphs.action(Action::NamedJoker(suit)),
            None => glyphs.card(v.card),
        })
        .collect();
    Some(format!(
        "  trick {trick}: {} played {} and lost {} (best: {})",
        position.to_play().label(players),
        glyphs.action(action),
        count(usize::from(best - played), "trick"),
        better.join(" ")
    ))
}

/// The first line of the review, at the opening lead: the tricks declarer's side makes
/// with best play and what it took.
fn opening_result(
    deal: &AnyGame,
    position: &Position,
    solver: &mut Solver,
    stop: &AtomicBool,
    glyphs: Glyphs,
) -> Vec<String> {
    let players = position.players();
    let view = deal.full_view();
    let (Some(contract), Some(declarer)) = (view.contract, view.declarer) else {
        return Vec::new();
    };
    let Some(leader_side) = solve(solver, stop, |s| s.tricks(position)) else {
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
        "With best play {} by {} makes {}; declarer took {took}.",
        glyphs.contract(contract),
        player_name(&view.config, players, declarer),
        count(usize::from(makes), "trick"),
    )]
}

#[cfg(test)]
mod tests {
    use super::*;
    use tenace_rules::Match;
    use tenace_rules::bridge::{BridgeMatch, BridgeOptions, BridgeVariant};

    /// A Deuces Wild deal played out at random, as the review gets it.
    fn played_deal(variant: BridgeVariant, seed: u64) -> AnyGame {
        use rand::SeedableRng;
        use rand::seq::IndexedRandom;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let game =
            BridgeMatch::with_variant(variant, BridgeOptions::default(), seed).expect("match");
        let mut deal = game.deals().current().expect("a deal").clone();
        // Open 1NT-ish: the first bid offered, then passes, so the deal is played.
        let mut bid = false;
        while deal.phase() != Phase::Finished {
            let player = deal.to_act().iter().next().expect("someone acts");
            let legal = deal.legal_actions(player);
            let action = match legal
                .iter()
                .find(|a| matches!(a, Action::Call(tenace_rules::Call::Bid(_))))
            {
                Some(&a) if !bid => {
                    bid = true;
                    a
                }
                _ if deal.phase() == Phase::Auction => Action::Call(tenace_rules::Call::Pass),
                _ => *legal.choose(&mut rng).expect("a legal action"),
            };
            deal.try_apply(player, action).expect("legal");
        }
        AnyGame::Bridge(deal)
    }

    #[test]
    fn the_analysis_comes_in_pieces_and_ends_with_the_contract() {
        let deal = played_deal(BridgeVariant::Standard, 5);
        let stop = AtomicBool::new(false);
        let mut updates = Vec::new();
        double_dummy_review(&deal, Glyphs::ASCII, &stop, &mut |u| updates.push(u));
        // Progress before each card, then the end.
        assert!(updates.len() > 13, "{}", updates.len());
        assert!(
            updates[0]
                .progress
                .as_deref()
                .is_some_and(|p| p.starts_with("solved 0 tricks of 13")),
            "{:?}",
            updates[0]
        );
        let last = updates.last().expect("an end");
        assert!(last.done && last.progress.is_none());
        assert!(
            last.lines[0].starts_with("With best play ") && last.lines[0].contains(" makes "),
            "{:?}",
            last.lines
        );
    }

    #[test]
    fn a_stopped_analysis_ends_at_once() {
        // Deuces Wild's opening solve takes minutes; a stop set first ends it before.
        let deal = played_deal(BridgeVariant::DeucesWild, 5);
        let stop = AtomicBool::new(true);
        let started = Instant::now();
        let mut updates = Vec::new();
        double_dummy_review(&deal, Glyphs::ASCII, &stop, &mut |u| updates.push(u));
        assert!(started.elapsed() < Duration::from_secs(2));
        assert!(updates.iter().all(|u| !u.done));
    }
}
