//! The end-of-deal review: the deal's hands, its record trick by trick, its result, and a
//! double-dummy analysis that arrives piece by piece while the player reads. Shown once
//! the deal is over, when every hand may be seen; but Bridgette's discards stay hidden
//! (RULES.md §4.2: discards are dead and never revealed), so its hands are the ones
//! played, after the exchange. The analysis is the table library's
//! ([`tenace_table::review`], the one the server offers too), written here as text.

use std::cell::Cell;
use std::sync::Arc;
use std::thread::JoinHandle;

use tenace_cards::Player;
use tenace_rules::trick::Trick;
use tenace_rules::{Action, AnyGame, Game, GameConfig, Phase, View};
use tenace_table::review::{Progress, Review, Reviewer, Reviewing, StrainTable};

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

/// The double-dummy analysis of a review, solved on a thread of its own (its steps shared
/// out among every core) so the screen stays live: a full deal of the generic games can
/// take the solver minutes. Dropping it asks the work to stop: the solvers read the stop
/// flag as they search, so it ends within milliseconds.
pub struct Analysis {
    reviewing: Arc<Reviewing>,
    worker: JoinHandle<()>,
    /// The progress's change count when last read.
    seen: Cell<u64>,
    config: GameConfig,
    players: usize,
    glyphs: Glyphs,
}

impl Analysis {
    /// Starts solving `deal`, as seen with `glyphs`.
    pub fn start(deal: AnyGame, glyphs: Glyphs) -> Analysis {
        let reviewing = Arc::new(Reviewing::new());
        let view = deal.full_view();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let shared = Arc::clone(&reviewing);
        // A reviewer that cannot start its threads ends the thread unfinished, which
        // `latest` reports as a stopped analysis.
        let worker = std::thread::spawn(move || {
            if let Ok(reviewer) = Reviewer::new(threads) {
                reviewer.run(&deal, &shared);
            }
        });
        Analysis {
            reviewing,
            worker,
            seen: Cell::new(u64::MAX),
            config: view.config,
            players: view.players,
            glyphs,
        }
    }

    /// The latest state of the analysis, if it moved since the last call.
    pub fn latest(&self) -> Option<DoubleDummy> {
        let changes = self.reviewing.changes();
        let ended = self.worker.is_finished();
        if changes == self.seen.get() && !ended {
            return None;
        }
        self.seen.set(changes);
        let progress = self.reviewing.progress();
        let name = |p: Player| player_name(&self.config, self.players, p);
        let mut dd = double_dummy(&progress, &name, self.glyphs);
        if ended && !progress.finished {
            // The thread ended without a last word: it could not go on.
            dd.lines.push("the analysis stopped".into());
            dd.progress = None;
            dd.done = true;
        }
        Some(dd)
    }
}

impl Drop for Analysis {
    fn drop(&mut self) {
        self.reviewing.stop();
    }
}

/// The analysis as text: the contract's result (or each Devil's Bridge player's range),
/// the costly cards, the strain table and par; while it runs, what is known so far and
/// how far it has come.
pub fn double_dummy(
    progress: &Progress,
    name: &dyn Fn(Player) -> String,
    glyphs: Glyphs,
) -> DoubleDummy {
    let review = &progress.review;
    let mut lines = Vec::new();
    if let Some(why) = &review.unsolved {
        lines.push(format!("Nothing to solve in the play: {why}."));
    }
    if let Some(result) = &review.result {
        lines.push(format!(
            "With best play {} by {} makes {}; declarer took {}.",
            glyphs.contract(result.contract),
            name(result.declarer.player),
            count(usize::from(result.makes), "trick"),
            result.took,
        ));
    }
    lines.extend(range_lines(review, name));
    lines.extend(cost_lines(review, name, glyphs, progress.finished));
    lines.extend(table_lines(review, name, glyphs));
    if progress.finished {
        return DoubleDummy {
            lines,
            progress: None,
            done: true,
        };
    }
    // Before the work has counted its steps the screen says it is starting.
    let steps = (progress.total > 0).then(|| {
        format!(
            "solved {} of {}, from the last trick back…",
            progress.done,
            count(progress.total, "step"),
        )
    });
    DoubleDummy {
        lines,
        progress: steps,
        done: false,
    }
}

/// Each Devil's Bridge player's range found so far.
fn range_lines(review: &Review, name: &dyn Fn(Player) -> String) -> Vec<String> {
    let solved: Vec<String> = review
        .ranges
        .iter()
        .filter_map(|r| {
            let (most, fewest) = (r.most?, r.fewest?);
            let bid = r.bid.map_or("no bid".to_string(), |b| format!("bid {b}"));
            Some(format!(
                "  {}: as many as {most} trying to win, as few as {fewest} trying to lose ({bid}, took {})",
                name(r.seat.player),
                r.took,
            ))
        })
        .collect();
    if solved.is_empty() {
        return solved;
    }
    let mut lines =
        vec!["With best play from the opening lead, everyone else against them:".to_string()];
    lines.extend(solved);
    lines
}

/// The costly cards found so far, under their heading; once the review is done, a line
/// saying none was found.
fn cost_lines(
    review: &Review,
    name: &dyn Fn(Player) -> String,
    glyphs: Glyphs,
    finished: bool,
) -> Vec<String> {
    if review.costly.is_empty() {
        let played = review.result.is_some() && review.unsolved.is_none();
        return if finished && played {
            vec!["No card cost a trick double dummy.".into()]
        } else {
            Vec::new()
        };
    }
    let mut lines = vec!["Cards that cost tricks double dummy:".to_string()];
    lines.extend(review.costly.iter().map(|c| {
        let best: Vec<String> = c.best.iter().map(|&a| glyphs.action(a)).collect();
        format!(
            "  trick {}: {} played {} and lost {} (best: {})",
            c.trick,
            name(c.seat.player),
            glyphs.action(c.card),
            count(usize::from(c.cost), "trick"),
            best.join(" "),
        )
    }));
    lines
}

/// The strain table so far and par.
fn table_lines(review: &Review, name: &dyn Fn(Player) -> String, glyphs: Glyphs) -> Vec<String> {
    let mut lines = Vec::new();
    let Some(StrainTable::Offered { declarers, rows }) = &review.table else {
        return lines;
    };
    if rows.is_empty() {
        return lines;
    }
    lines.push("Declarer's tricks, each strain (declarer's left-hand opponent leads):".into());
    let head: String = (0..declarers.len())
        .map(|p| format!("{:>4}", name(Player(p as u8))))
        .collect();
    lines.push(format!("    {head}"));
    for row in rows {
        let cells: String = row.tricks.iter().map(|t| format!("{t:>4}")).collect();
        lines.push(format!("  {:<2}{cells}", glyphs.strain(row.strain)));
    }
    if let Some(par) = &review.par {
        if par.contracts.is_empty() {
            lines.push("Par: passed out.".into());
        } else {
            let contracts: Vec<String> = par
                .contracts
                .iter()
                .map(|c| format!("{} by {}", glyphs.contract(c.contract), c.declarer))
                .collect();
            let side = if par.score > 0 {
                "North-South"
            } else {
                "East-West"
            };
            lines.push(format!(
                "Par: {side} +{}, {}.",
                par.score.unsigned_abs(),
                contracts.join(" or ")
            ));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};
    use tenace_rules::Match;
    use tenace_rules::bridge::{BridgeMatch, BridgeOptions, BridgeVariant};

    /// A Contract Bridge deal played out at random after one bid, as the review gets it.
    fn played_deal(seed: u64) -> AnyGame {
        use rand::SeedableRng;
        use rand::seq::IndexedRandom;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let game =
            BridgeMatch::with_variant(BridgeVariant::Standard, BridgeOptions::default(), seed)
                .expect("match");
        let mut deal = game.deals().current().expect("a deal").clone();
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
    fn the_analysis_comes_in_pieces_and_ends_with_the_contract_table_and_par() {
        let analysis = Analysis::start(played_deal(5), Glyphs::ASCII);
        let until = Instant::now() + Duration::from_secs(120);
        let mut updates = Vec::new();
        loop {
            if let Some(update) = analysis.latest() {
                updates.push(update);
            }
            if updates.last().is_some_and(|u| u.done) || Instant::now() > until {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let last = updates.last().expect("an update");
        assert!(last.done && last.progress.is_none(), "{last:?}");
        assert!(
            updates.iter().any(|u| u
                .progress
                .as_deref()
                .is_some_and(|p| p.starts_with("solved ")
                    && p.ends_with("of 57 steps, from the last trick back…"))),
            "{updates:?}"
        );
        assert!(
            last.lines[0].starts_with("With best play ") && last.lines[0].contains(" makes "),
            "{:?}",
            last.lines
        );
        // The table's five rows under its head, then par.
        let head = last
            .lines
            .iter()
            .position(|l| l.starts_with("Declarer's tricks"))
            .expect("the table");
        assert_eq!(
            last.lines[head + 1].split_whitespace().collect::<Vec<_>>(),
            ["N", "E", "S", "W"]
        );
        assert!(
            last.lines[head + 2].trim_start().starts_with('C'),
            "{:?}",
            last.lines
        );
        assert!(
            last.lines[head + 6].trim_start().starts_with("NT"),
            "{:?}",
            last.lines
        );
        assert!(
            last.lines[head + 7].starts_with("Par: "),
            "{:?}",
            last.lines
        );
    }

    #[test]
    fn ranges_a_missing_table_and_progress_read_as_text() {
        use tenace_table::review::{PlayerRange, SeatName};
        let seat = |p: u8| SeatName {
            player: Player(p),
            players: 3,
            partnerships: false,
        };
        let range = |p: u8, most, fewest| PlayerRange {
            seat: seat(p),
            most,
            fewest,
            bid: Some(1),
            took: 2,
        };
        let mut progress = Progress {
            done: 3,
            total: 6,
            finished: false,
            review: Review {
                ranges: vec![range(0, Some(3), Some(1)), range(1, None, Some(0))],
                ..Review::default()
            },
        };
        let name = |p: Player| format!("P{}", p.index());
        let dd = double_dummy(&progress, &name, Glyphs::ASCII);
        assert_eq!(
            dd.lines,
            [
                "With best play from the opening lead, everyone else against them:",
                "  P0: as many as 3 trying to win, as few as 1 trying to lose (bid 1, took 2)",
            ]
        );
        assert_eq!(
            dd.progress.as_deref(),
            Some("solved 3 of 6 steps, from the last trick back…")
        );
        progress.total = 0;
        assert_eq!(double_dummy(&progress, &name, Glyphs::ASCII).progress, None);
    }

    #[test]
    fn a_dropped_analysis_stops_its_work() {
        let analysis = Analysis::start(played_deal(6), Glyphs::ASCII);
        let reviewing = Arc::clone(&analysis.reviewing);
        drop(analysis);
        assert!(reviewing.is_stopped());
    }
}
