//! The Monte-Carlo loop every expert decision shares: deal a sample, solve it, score
//! each candidate action in it, until the budget is spent; then choose the action with
//! the best mean under the game's [`Objective`].

use std::time::{Duration, Instant};

use rand::RngCore;
use tenace_rules::{Action, AnyGame, View};
use tenace_solver::Solver;

use super::budget::{self, Budget};
use super::sampling::Sampler;
use super::value::Objective;

/// One candidate's value in one sample: its score and the tricks the expert's side ends
/// with (for the reason given).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Outcome {
    /// The score, in the game's points.
    pub points: f64,
    /// The expert's side's tricks at the end of the deal.
    pub tricks: f64,
}

/// Why no sample could be solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Unsolved {
    /// One solve was measured to take longer than the whole time budget.
    TooSlow {
        /// What the last solve of this size took.
        solve: Duration,
        /// The budget.
        think: Duration,
    },
    /// The first solve ran past twice the budget and was stopped.
    Stopped {
        /// The budget.
        think: Duration,
    },
    /// No sample could be dealt or solved.
    NoSample,
}

impl Unsolved {
    /// Why, in words, for the reason of the fallback decision.
    pub fn describe(&self) -> String {
        match self {
            Unsolved::TooSlow { solve, think } => format!(
                "one double-dummy solve here takes about {} ms, more than the {} ms budget",
                solve.as_millis(),
                think.as_millis()
            ),
            Unsolved::Stopped { think } => format!(
                "a double-dummy solve here ran past twice the {} ms budget and was stopped",
                think.as_millis()
            ),
            Unsolved::NoSample => "no deal consistent with the play could be solved".into(),
        }
    }
}

/// The chosen action and the figures behind it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Choice {
    /// The action.
    pub action: Action,
    /// Samples solved.
    pub samples: usize,
    /// Samples that fit the auction (all of them outside the bidding games).
    pub fitting: usize,
    /// Samples in which the action scored best.
    pub best_in: usize,
    /// The expert's side's tricks on average after it.
    pub tricks: f64,
    /// Its mean score in points.
    pub points: f64,
}

impl Choice {
    /// The figures in a player's words: "best in 37 of 40 likely layouts of the hidden
    /// cards, 9.4 tricks on average", and how many layouts fit the bidding when some did
    /// not. With one layout (the time allowed no more), it says so rather than "best in 1
    /// of 1".
    pub fn summary(&self) -> String {
        let mut s = if self.samples == 1 {
            format!(
                "best in the one likely layout of the hidden cards there was time to try, {:.0} tricks",
                self.tricks
            )
        } else {
            format!(
                "best in {} of {} likely layouts of the hidden cards, {:.1} tricks on average",
                self.best_in, self.samples, self.tricks
            )
        };
        if self.fitting < self.samples {
            s += &format!(" (only {} of them fit the bidding)", self.fitting);
        }
        s
    }

    /// How many layouts the figures rest on, in words: "40 likely layouts of the hidden
    /// cards", or "one likely layout of the hidden cards (no time for more)".
    pub fn layouts(&self) -> String {
        if self.samples == 1 {
            "one likely layout of the hidden cards (no time for more)".to_string()
        } else {
            format!("{} likely layouts of the hidden cards", self.samples)
        }
    }
}

/// Where the samples come from and what bounds them.
pub(crate) struct Search<'a> {
    /// The expert's view.
    pub view: &'a View,
    /// What bounds the decision.
    pub budget: Budget,
    /// The game's name and the cards left, to remember what a solve costs.
    pub kind: (&'static str, usize),
}

impl Search<'_> {
    /// Solves samples until the budget is spent. `evaluate` scores every candidate (by
    /// index into `candidates`) in one sample; `None` for a candidate it cannot play
    /// there. Then the candidate with the best mean under `objective` is chosen.
    pub fn run(
        &self,
        candidates: &[Action],
        objective: Objective,
        solver: &mut Solver,
        rng: &mut dyn RngCore,
        mut evaluate: impl FnMut(&mut Solver, &AnyGame) -> Option<Vec<Option<Outcome>>>,
    ) -> Result<Choice, Unsolved> {
        if let (Some(think), Some(solve)) = (
            self.budget.think,
            budget::expected_solve_time(self.kind.0, self.kind.1),
        ) && solve > think
        {
            budget::discount_solve_time(self.kind.0, self.kind.1);
            return Err(Unsolved::TooSlow { solve, think });
        }
        let mut sampler = Sampler::new(self.view);
        let mut table: Vec<Vec<Option<Outcome>>> = Vec::new();
        let mut fitting = 0;
        let mut last = Duration::ZERO;
        let started = Instant::now();
        solver.set_deadline(self.budget.hard_limit());
        let mut stopped = false;
        // Bounded tries, so a view that keeps failing to resample cannot spin.
        for _ in 0..self.budget.samples.saturating_mul(2) {
            if !self.budget.allows_another(table.len(), last) {
                break;
            }
            let start = Instant::now();
            let Some(sample) = sampler.next(rng) else {
                break;
            };
            let Some(row) = evaluate(solver, &sample.game) else {
                // Past the hard limit the solver gives up on every sample.
                stopped = self.budget.past_hard_limit();
                if stopped {
                    break;
                }
                continue;
            };
            last = start.elapsed();
            if self.budget.think.is_some() {
                budget::record_solve_time(self.kind.0, self.kind.1, last);
            }
            fitting += usize::from(sample.fits_auction);
            table.push(row);
        }
        solver.set_deadline(None);
        if let (true, Some(think)) = (table.is_empty() && stopped, self.budget.think) {
            // The solve would have taken longer than it was given; how much longer is
            // unknown, so the next decisions of this size are told four times as long,
            // and skip solving until the discount brings it back under the budget.
            budget::record_solve_time(self.kind.0, self.kind.1, started.elapsed() * 4);
            return Err(Unsolved::Stopped { think });
        }
        choose(candidates, &table, objective, fitting).ok_or(Unsolved::NoSample)
    }
}

/// The mean of `rows`' entries for candidate `i`, over the rows that have one.
fn mean(rows: &[Vec<Option<f64>>], i: usize) -> Option<f64> {
    let (sum, n) = rows
        .iter()
        .filter_map(|r| r.get(i).copied().flatten())
        .fold((0.0, 0usize), |(s, n), x| (s + x, n + 1));
    (n > 0).then(|| sum / n as f64)
}

/// The candidate with the best mean objective (ties: more tricks, then the earlier).
fn choose(
    candidates: &[Action],
    table: &[Vec<Option<Outcome>>],
    objective: Objective,
    fitting: usize,
) -> Option<Choice> {
    let points: Vec<Vec<Option<f64>>> = table
        .iter()
        .map(|r| r.iter().map(|o| o.map(|o| o.points)).collect())
        .collect();
    let tricks: Vec<Vec<Option<f64>>> = table
        .iter()
        .map(|r| r.iter().map(|o| o.map(|o| o.tricks)).collect())
        .collect();
    let by_points = |i: usize| mean(&points, i);
    let reference = (0..candidates.len())
        .filter_map(|i| by_points(i).map(|p| (i, p)))
        .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))?
        .0;
    let rescored: Vec<Vec<Option<f64>>> = points
        .iter()
        .map(|r| objective.rescore(r, reference))
        .collect();
    let key = |i: usize| (mean(&rescored, i), mean(&tricks, i));
    let best = (0..candidates.len())
        .filter(|&i| key(i).0.is_some())
        .max_by(|&a, &b| {
            let (ka, kb) = (key(a), key(b));
            let o = |x: Option<f64>| x.unwrap_or(f64::NEG_INFINITY);
            o(ka.0)
                .total_cmp(&o(kb.0))
                .then(o(ka.1).total_cmp(&o(kb.1)))
                .then(b.cmp(&a))
        })?;
    let best_in = points
        .iter()
        .filter(|r| {
            let top = r
                .iter()
                .flatten()
                .copied()
                .fold(f64::NEG_INFINITY, f64::max);
            r.get(best).copied().flatten() == Some(top)
        })
        .count();
    Some(Choice {
        action: candidates[best],
        samples: table.len(),
        fitting,
        best_in,
        tricks: mean(&tricks, best).unwrap_or(0.0),
        points: by_points(best).unwrap_or(0.0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn o(points: f64) -> Option<Outcome> {
        Some(Outcome {
            points,
            tricks: 0.0,
        })
    }

    #[test]
    fn the_summary_speaks_of_layouts_not_samples() {
        let mut c = Choice {
            action: "SA".parse().unwrap(),
            samples: 40,
            fitting: 40,
            best_in: 37,
            tricks: 9.44,
            points: 0.0,
        };
        assert_eq!(
            c.summary(),
            "best in 37 of 40 likely layouts of the hidden cards, 9.4 tricks on average"
        );
        c.fitting = 12;
        assert!(c.summary().ends_with("(only 12 of them fit the bidding)"));
        // One layout: never "best in 1 of 1".
        c = Choice {
            samples: 1,
            fitting: 1,
            best_in: 1,
            tricks: 9.0,
            ..c
        };
        let one = c.summary();
        assert!(!one.contains("1 of 1") && !one.contains("sample"), "{one}");
        assert!(one.contains("the one likely layout"), "{one}");
        assert!(c.layouts().contains("no time for more"));
    }

    #[test]
    fn the_best_mean_wins_and_counts_its_samples() {
        let cards: Vec<Action> = ["SA", "S2"].iter().map(|c| c.parse().unwrap()).collect();
        let table = vec![
            vec![o(100.0), o(50.0)],
            vec![o(0.0), o(50.0)],
            vec![o(100.0), o(50.0)],
        ];
        let c = choose(&cards, &table, Objective::Points, 3).unwrap();
        assert_eq!(c.action, cards[0]);
        assert_eq!(c.best_in, 2);
        assert!((c.points - 200.0 / 3.0).abs() < 1e-9);
    }

    #[test]
    fn imps_prefer_the_steady_action_over_a_rare_big_swing() {
        // A scores 3000 once in four and nothing otherwise (mean 750); B scores 320
        // every time. Points choose A; IMPs, counted against A, choose B.
        let cards: Vec<Action> = ["SA", "S2"].iter().map(|c| c.parse().unwrap()).collect();
        let mut table = vec![vec![o(3000.0), o(320.0)]];
        table.extend((0..3).map(|_| vec![o(0.0), o(320.0)]));
        assert_eq!(
            choose(&cards, &table, Objective::Points, 4).unwrap().action,
            cards[0]
        );
        assert_eq!(
            choose(&cards, &table, Objective::Imps, 4).unwrap().action,
            cards[1]
        );
    }

    #[test]
    fn matchpoints_play_for_the_likely_overtrick_imps_for_the_contract() {
        // 3NT non-vulnerable. The safe card makes exactly (400) every time; the greedy
        // one makes an overtrick (430) three times in four and goes down (−50) once.
        // Points and IMPs keep the contract safe; matchpoints, where beating the room
        // by 30 is as good as by 450, take the overtrick.
        let cards: Vec<Action> = ["SA", "S2"].iter().map(|c| c.parse().unwrap()).collect();
        let mut table = vec![vec![o(400.0), o(-50.0)]];
        table.extend((0..3).map(|_| vec![o(400.0), o(430.0)]));
        let pick = |objective| choose(&cards, &table, objective, 4).unwrap().action;
        assert_eq!(pick(Objective::Points), cards[0]);
        assert_eq!(pick(Objective::Imps), cards[0]);
        assert_eq!(pick(Objective::Matchpoints), cards[1]);
    }
}
