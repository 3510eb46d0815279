//! The expert level: Monte-Carlo sampling of the hidden cards, each sample solved double
//! dummy by [`tenace_solver`], each action scored by the game's own scoring.
//!
//! How [`ExpertBot`] decides, from its [`View`] alone:
//!
//! 1. **Sample.** Deal the hidden cards again with [`tenace_rules::Game::resample`] (it
//!    keeps the voids shown in play and, in Bridgette, the exchange). In the bidding
//!    games every call of a hidden hand is replayed through the bidding table on the
//!    sampled hand, and a deal where the system would have bid otherwise is dropped; after
//!    a few tries the deal that fits best is taken, so an unusual auction never stalls.
//! 2. **Solve.** [`Solver::card_values`] gives every legal card's tricks. In Devil's
//!    Bridge, where every player bids for themselves and nobody plays against the
//!    expert as a side, each candidate is taken and the hand played out to its end by
//!    the basic player in every seat ([`rollout`]), which says where the tricks end.
//! 3. **Score.** Tricks become the game's score: the contract's duplicate, rubber or
//!    Chicago score, Devil's Bridge points for the bid made exactly, Bridgette's lump sums
//!    and bonuses; then total points, IMPs or matchpoints as the options compare results.
//! 4. **Choose** the action with the best mean over the samples.
//!
//! Bids: Devil's Bridge bids are chosen the same way, each bid played out in every
//! sample (the hook's forbidden number is not among the legal bids). The bidding games
//! bid by the bidding table (the same system the samples are filtered by, so partners
//! understand each other), and Bridgette's discards and calls follow the basic player's
//! judgement within the restrictions.
//!
//! **Budget.** [`BotOptions`] bounds each decision by a number of samples and, if set, a
//! time budget: sampling stops when another solve would overrun it, after at least one,
//! and the solver stops any solve still running at twice the budget
//! ([`Solver::set_deadline`]). When one solve of this size has been measured (or cut
//! off) to take longer than the whole budget, the decision is the basic player's and its
//! reason says so. With no time budget a decision depends only on the seed and the
//! questions asked, so games replay exactly; with one, how many samples fit depends on
//! the machine, and so may the choice.

mod auction;
mod budget;
mod card_play;
mod devils_bid;
mod position;
mod rollout;
mod sampling;
mod search;
mod value;

pub use position::play_position;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tenace_cards::{Player, Seat, Strain};
use tenace_rules::bridge::{BridgeDeal, BridgeSetup};
use tenace_rules::{Action, AnyGame, GameConfig, Phase, View};
use tenace_solver::{Position, Sides, Solver};

use crate::basic::BasicBot;
use crate::bot::{Bot, BotError, BotOptions, Decision};
use budget::Budget;
use search::{Choice, Search, Unsolved};
use value::Objective;

/// The memory of each expert's solver: the solver's tables start afresh when full, and a
/// simulation runs several experts on every core.
const SOLVER_MEMORY: usize = 16 << 20;

/// How many Devil's Bridge samples a decision takes for each sample of [`BotOptions`]:
/// they are played out by the basic player rather than solved double dummy, at a small
/// fraction of the cost, and the mean needs many to settle (against OpenSpiel's ISMCTS,
/// 400 samples a decision rather than 40 gained about 0.4 points a hand).
pub const PLAYED_OUT_SAMPLES_PER_SOLVE: usize = 10;

/// The Monte-Carlo expert (see the [module](self) documentation).
///
/// ```
/// use tenace_bots::{Bot, BotOptions, ExpertBot};
/// use tenace_rules::bridgette::{BridgetteDeal, BridgetteSetup};
/// use tenace_rules::Game;
/// let deal = BridgetteDeal::from_setup(BridgetteSetup::seeded(Default::default(), 1, None)).unwrap();
/// let p = deal.to_act().iter().next().unwrap();
/// let legal = deal.legal_actions(p);
/// let mut bot = ExpertBot::new(deal.full_view().config, BotOptions::samples(4), 9);
/// let d = bot.decide(&deal.observation(p), &legal).unwrap();
/// assert!(legal.contains(&d.action));
/// ```
pub struct ExpertBot {
    options: BotOptions,
    rng: ChaCha8Rng,
    basic: BasicBot,
    solver: Option<Solver>,
}

impl ExpertBot {
    /// An expert for this game, bounded by `options`, seeded with `seed`.
    pub fn new(config: GameConfig, options: BotOptions, seed: u64) -> ExpertBot {
        ExpertBot {
            options,
            rng: ChaCha8Rng::seed_from_u64(seed),
            basic: BasicBot::new(config, seed),
            solver: None,
        }
    }

    /// Runs a search over `candidates`, or says why none could be solved.
    fn search(
        &mut self,
        view: &View,
        candidates: &[Action],
        objective: Objective,
        evaluate: impl FnMut(&mut Solver, &AnyGame) -> Option<Vec<Option<search::Outcome>>>,
    ) -> Result<Choice, Unsolved> {
        let samples = match view.config {
            GameConfig::DevilsBridge(_) => self
                .options
                .samples
                .saturating_mul(PLAYED_OUT_SAMPLES_PER_SOLVE),
            _ => self.options.samples,
        };
        let search = Search {
            view,
            budget: Budget::start(samples, self.options.think_ms),
            kind: (view.config.name(), view.hand_sizes.iter().sum()),
        };
        let solver = self
            .solver
            .get_or_insert_with(|| Solver::with_memory(SOLVER_MEMORY));
        search.run(candidates, objective, solver, &mut self.rng, evaluate)
    }

    /// A Devil's Bridge search: each candidate scored by playing every sample out
    /// ([`rollout`]), for the most points.
    fn play_out_each(
        &mut self,
        view: &View,
        me: Player,
        candidates: &[Action],
    ) -> Result<Choice, Unsolved> {
        // The model of every seat; the expert's own basic player is borrowed by `search`.
        let mut model = self.basic.clone();
        self.search(view, candidates, Objective::Points, |_, sample| {
            rollout::evaluate(me, candidates, &mut model, sample)
        })
    }

    /// The basic player's decision, its reason saying why the expert did not search.
    fn fall_back(
        &mut self,
        view: &View,
        legal: &[Action],
        why: &Unsolved,
    ) -> Result<Decision, BotError> {
        let mut d = self.basic.decide(view, legal)?;
        d.reason = format!(
            "{} (the basic player's choice: {})",
            d.reason,
            why.describe()
        );
        Ok(d)
    }
}

/// Whether the decision is a Devil's Bridge bid (not a card with a bid change beside it).
fn is_devils_bid(view: &View, legal: &[Action]) -> bool {
    matches!(view.config, GameConfig::DevilsBridge(_))
        && legal.iter().any(|&a| devils_bid::number(a).is_some())
        && !legal.iter().any(|a| matches!(a, Action::Card(_)))
}

impl Bot for ExpertBot {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Result<Decision, BotError> {
        let first = *legal.first().ok_or(BotError::NoLegalAction)?;
        let me = view.viewer.ok_or(BotError::NoViewer)?;
        if legal.len() == 1 {
            return Ok(Decision::new(first, "the only legal action"));
        }
        if view.phase == Phase::Play {
            let cards = card_play::candidates(legal);
            if !cards.is_empty() {
                let objective = Objective::of(&view.config);
                let found = if matches!(view.config, GameConfig::DevilsBridge(_)) {
                    self.play_out_each(view, me, &cards)
                } else {
                    self.search(view, &cards, objective, |solver, sample| {
                        card_play::evaluate(view, me, &cards, solver, sample)
                    })
                };
                return match found {
                    Ok(c) => Ok(Decision::new(
                        c.action,
                        format!("{}: {}", c.action, c.summary()),
                    )),
                    Err(why) => self.fall_back(view, legal, &why),
                };
            }
        }
        if is_devils_bid(view, legal) {
            let bids = devils_bid::candidates(legal);
            let found = self.play_out_each(view, me, &bids);
            return match found {
                Ok(c) => Ok(Decision::new(
                    c.action,
                    format!(
                        "bid {}: {:.1} points expected, from {} played out",
                        devils_bid::number(c.action).unwrap_or(0),
                        c.points,
                        c.layouts()
                    ),
                )),
                Err(why) => self.fall_back(view, legal, &why),
            };
        }
        // Where the system runs out in a competitive or slam decision, simulate.
        if let Some(calls) = auction::candidates(view, legal) {
            let objective = Objective::of(&view.config);
            let found = self.search(view, &calls, objective, |solver, sample| {
                auction::evaluate(me, &calls, solver, sample)
            });
            if let Ok(c) = found {
                let weighed = if c.samples == 1 {
                    format!(
                        "in the one likely layout of the hidden cards there was time to try, it scores {:+.0} points",
                        c.points
                    )
                } else {
                    format!(
                        "weighed over {}, it scores best in {} of them, {:+.0} points on average",
                        c.layouts(),
                        c.best_in,
                        c.points
                    )
                };
                let reason = format!("{}: no rule of the system fits; {weighed}", c.action);
                return Ok(Decision::new(c.action, reason));
            }
        }
        // The auction of the bidding games follows the system the samples are filtered
        // by; Bridgette's exchange and calls follow the restrictions' rules of thumb.
        self.basic.decide(view, legal)
    }
}

/// The tricks declarer's side takes double dummy in a deal's contract, from the opening
/// lead (whatever has been played since): the figure declarer play is measured against.
/// `None` before there is a contract or when the position cannot be solved.
pub fn declarer_double_dummy(deal: &BridgeDeal, solver: &mut Solver) -> Option<u8> {
    let (contract, declarer) = deal.contract()?;
    // The hands as dealt: every card is still held at the opening lead.
    declarer_tricks(solver, deal.setup(), contract.strain, declarer)
}

/// The tricks declarer takes double dummy from the opening lead in `strain`, with the
/// hands as `setup` dealt them.
pub(crate) fn declarer_tricks(
    solver: &mut Solver,
    setup: &BridgeSetup,
    strain: Strain,
    declarer: Seat,
) -> Option<u8> {
    let position = Position::new(
        setup.variant.trick_rules(strain),
        setup.hands.0.to_vec(),
        declarer.lho().into(),
        Sides::Partnerships,
    );
    let defence = solver.tricks(&position).ok()?;
    Some((setup.variant.hand_size() as u8).saturating_sub(defence))
}
