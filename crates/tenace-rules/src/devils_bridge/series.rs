//! A whole Devil's Bridge game: the series of hands 1…M…1 (or M…1…M), the rotating deal,
//! the target score and the tie-break, with the score sheet derived from the hands.

use tenace_cards::{Card, Player};

use super::hand::DevilsHand;
use super::options::{BlindHands, DevilsBridgeOptions, TieBreak};
use super::setup::{HandSetup, HandSetupError};
use crate::deal::mix_seed;
use crate::game::{IllegalAction, Move};
use crate::series::{Deals, Match};

/// One line of the score sheet: a finished hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandRecord {
    /// The hand's number in the game, from 1.
    pub number: usize,
    /// Cards in each hand.
    pub size: usize,
    /// The dealer.
    pub dealer: Player,
    /// The card turned up for trumps, if any.
    pub trump_card: Option<Card>,
    /// Whether the hand was played blind.
    pub blind: bool,
    /// Each player's final bid.
    pub bids: Vec<u8>,
    /// Each player's tricks.
    pub tricks: Vec<u8>,
    /// Each player's points for the hand.
    pub points: Vec<u32>,
}

/// A game of Devil's Bridge, every hand dealt from one seed.
///
/// The first dealer is drawn from the seed; the deal then passes clockwise. Hand `k`
/// (from 0) is dealt from `mix_seed(seed, k + 1)`. The game ends after the hand in which
/// someone reaches `target_score`, or after the last hand of the series; under
/// `tie_break = extra_max_hands` hands of the maximum size follow while the lead is shared.
///
/// ```
/// use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsMatch};
/// use tenace_rules::{Action, Match};
/// let mut options = DevilsBridgeOptions::for_players(7);
/// options.target_score = None;
/// let mut game = DevilsMatch::new(options, 42).unwrap();
/// // Bid or play the first action listed, never changing a bid (which could go on).
/// let first = |g: &DevilsMatch| g.to_act().iter().find_map(|p| {
///     g.legal_actions(p).into_iter().find(|a| !matches!(a, Action::ChangeBid(_))).map(|a| (p, a))
/// });
/// while let Some((p, action)) = first(&game) {
///     game.try_apply(p, action).unwrap();
/// }
/// assert!(game.is_over());
/// assert!(game.sheet().len() >= 13);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DevilsMatch {
    options: DevilsBridgeOptions,
    seed: u64,
    first_dealer: Player,
    deals: Deals<DevilsHand>,
    totals: Vec<u32>,
    /// The number of hands after which the game would have ended but for a shared lead:
    /// from then on, tie-break hands of the maximum size.
    tie_break_from: Option<usize>,
}

impl DevilsMatch {
    /// A new game from options and a seed; the first hand is dealt at once.
    pub fn new(options: DevilsBridgeOptions, seed: u64) -> Result<DevilsMatch, HandSetupError> {
        let problems = options.problems();
        if !problems.is_empty() {
            return Err(HandSetupError(problems));
        }
        let n = options.player_count();
        let first_dealer = Player((mix_seed(seed, u64::MAX) % n as u64) as u8);
        let first = Self::deal_hand(&options, seed, first_dealer, 0, None)?;
        Ok(DevilsMatch {
            totals: vec![0; n],
            options,
            seed,
            first_dealer,
            deals: Deals::new(first),
            tie_break_from: None,
        })
    }

    /// Rebuilds a game from its options, seed and record, checking every action: the
    /// record is the game. Returns the index of the first action refused, with the reason.
    pub fn replay(
        options: DevilsBridgeOptions,
        seed: u64,
        history: &[Move],
    ) -> Result<DevilsMatch, (usize, IllegalAction)> {
        let game = DevilsMatch::new(options, seed).map_err(|e| {
            let reason = e.to_string();
            let player = "-".into();
            (0, IllegalAction::NotToAct { player, reason })
        })?;
        game.replayed(history)
    }

    /// The options.
    pub fn options(&self) -> &DevilsBridgeOptions {
        &self.options
    }

    /// The seed every hand is dealt from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The dealer of the first hand.
    pub fn first_dealer(&self) -> Player {
        self.first_dealer
    }

    /// The hands finished so far, in order.
    pub fn finished_hands(&self) -> &[DevilsHand] {
        self.deals.finished()
    }

    /// Each player's total so far.
    pub fn totals(&self) -> &[u32] {
        &self.totals
    }

    /// The score sheet: one line per finished hand.
    pub fn sheet(&self) -> Vec<HandRecord> {
        self.finished_hands()
            .iter()
            .enumerate()
            .map(|(i, hand)| {
                let setup = hand.setup();
                HandRecord {
                    number: i + 1,
                    size: setup.size,
                    dealer: setup.dealer,
                    trump_card: setup.trump_card,
                    blind: setup.blind,
                    bids: hand
                        .bidding()
                        .bids()
                        .iter()
                        .map(|b| b.unwrap_or(0))
                        .collect(),
                    tricks: hand.play().tricks_won().to_vec(),
                    points: hand.points().unwrap_or_default(),
                }
            })
            .collect()
    }

    /// The players with the highest total: the winners once the game is over (several
    /// share the win under `tie_break = shared`).
    pub fn leaders(&self) -> Vec<Player> {
        let best = self.totals.iter().copied().max().unwrap_or(0);
        (0..self.totals.len() as u8)
            .map(Player)
            .filter(|p| self.totals[p.index()] == best)
            .collect()
    }

    /// The winners, once the game is over.
    pub fn winners(&self) -> Option<Vec<Player>> {
        self.is_over().then(|| self.leaders())
    }

    /// Hand number `k` (from 0) of a game, a tie-break hand once `tie_break_from` is set.
    fn deal_hand(
        options: &DevilsBridgeOptions,
        seed: u64,
        first_dealer: Player,
        k: usize,
        tie_break_from: Option<usize>,
    ) -> Result<DevilsHand, HandSetupError> {
        let sizes = options.hand_sizes();
        let n = options.player_count();
        let (size, blind) = match tie_break_from {
            // Tie-break hands have the maximum size; blind only if that is one card and
            // every one-card hand is blind.
            Some(_) => {
                let max = options.max_hand_size();
                let all = options.blind_one_card_hands == BlindHands::All;
                (max, max == 1 && all)
            }
            None => (sizes[k.min(sizes.len() - 1)], options.is_blind(k)),
        };
        let setup = HandSetup::seeded(
            options.clone(),
            mix_seed(seed, k as u64 + 1),
            size,
            Some(first_dealer.offset(k, n)),
            blind,
        );
        DevilsHand::from_setup(setup)
    }

    /// Whether the game ends after the hands finished so far; notes the start of a
    /// tie-break.
    fn game_ends(&mut self) -> bool {
        let clear_winner = self.leaders().len() == 1;
        if self.tie_break_from.is_some() {
            return clear_winner;
        }
        let played = self.finished_hands().len();
        let series = self.options.hand_sizes().len();
        let target_hit = self
            .options
            .target_score
            .is_some_and(|t| self.totals.iter().any(|&s| s >= t));
        if !(played >= series || target_hit) {
            return false;
        }
        if self.options.tie_break == TieBreak::ExtraMaxHands && !clear_winner {
            self.tie_break_from = Some(played);
            return false;
        }
        true
    }

    /// Stops the game now, after the hands finished so far (the hand in progress is
    /// dropped); the leaders on the totals win. Returns whether anything changed.
    pub fn end_now(&mut self) -> bool {
        self.deals.stop()
    }
}

impl Match for DevilsMatch {
    type Deal = DevilsHand;

    fn deals(&self) -> &Deals<DevilsHand> {
        &self.deals
    }

    fn deals_mut(&mut self) -> &mut Deals<DevilsHand> {
        &mut self.deals
    }

    fn record_finished_deal(&mut self) -> bool {
        let points = self.deals.finished().last().and_then(DevilsHand::points);
        for (total, p) in self.totals.iter_mut().zip(points.unwrap_or_default()) {
            *total += p;
        }
        self.game_ends()
    }

    /// The next hand of the series, or a tie-break hand.
    fn next_deal(&self) -> DevilsHand {
        let k = self.finished_hands().len();
        Self::deal_hand(
            &self.options,
            self.seed,
            self.first_dealer,
            k,
            self.tie_break_from,
        )
        .expect("the options were checked in `new`, so every hand of the series can be dealt")
    }
}
