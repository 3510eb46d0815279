//! A whole game of Bridgette: six counted deals with the deal alternating, a seventh on a
//! tie, then `tie_after_seventh`; the score sheet derived from the deals.

use tenace_cards::{Card, Player};

use super::deal::BridgetteDeal;
use super::options::{BridgetteOptions, TieAfterSeventh};
use super::setup::{BridgetteSetup, SetupError};
use crate::contract::Contract;
use crate::deal::mix_seed;
use crate::game::{IllegalAction, Move};
use crate::scoring::BridgetteScore;
use crate::series::{Deals, Match};

/// Counted deals in a game before a tie-break (RULES.md §4.5).
pub const GAME_DEALS: usize = 6;

/// One line of the score sheet: a finished deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealRecord {
    /// The deal's number among the counted deals, from 1; `None` for a hand thrown in.
    pub number: Option<usize>,
    /// The dealer.
    pub dealer: Player,
    /// The up-card.
    pub upcard: Card,
    /// The contract (`None`: thrown in).
    pub contract: Option<Contract>,
    /// Declarer.
    pub declarer: Option<Player>,
    /// Tricks declarer took.
    pub tricks: Option<u8>,
    /// Who scored, and how much.
    pub score: Option<BridgetteScore>,
    /// Each player's points for the deal.
    pub points: [u32; 2],
}

/// A game of Bridgette, every deal dealt from one seed.
///
/// The first dealer is drawn from the seed; the deal then alternates, a thrown-in hand
/// included (it passes the deal but does not count). Deal `k` (from 0, thrown-in hands
/// included) is dealt from `mix_seed(seed, k + 1)`. After six counted deals the higher
/// total wins; a tie brings a seventh, and a tie after that follows `tie_after_seventh`.
///
/// ```
/// use tenace_rules::bridgette::{BridgetteMatch, BridgetteOptions};
/// use tenace_rules::Match;
/// let mut game = BridgetteMatch::new(BridgetteOptions::default(), 42).unwrap();
/// // The last legal action: never a pass while a bid is possible, so no hand is thrown in.
/// while let Some(p) = game.to_act().iter().next() {
///     let last = *game.legal_actions(p).last().unwrap();
///     game.try_apply(p, last).unwrap();
/// }
/// assert!(game.is_over());
/// assert!(game.counted_deals() >= 6);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BridgetteMatch {
    options: BridgetteOptions,
    seed: u64,
    first_dealer: Player,
    deals: Deals<BridgetteDeal>,
    totals: [u32; 2],
}

impl BridgetteMatch {
    /// A new game from options and a seed; the first deal is dealt at once.
    pub fn new(options: BridgetteOptions, seed: u64) -> Result<BridgetteMatch, SetupError> {
        let first_dealer = Player((mix_seed(seed, u64::MAX) % 2) as u8);
        let first = Self::seeded_deal(options, seed, first_dealer, 0)?;
        Ok(BridgetteMatch {
            options,
            seed,
            first_dealer,
            deals: Deals::new(first),
            totals: [0, 0],
        })
    }

    /// Rebuilds a game from its options, seed and record, checking every action: the
    /// record is the game. Returns the index of the first action refused, with the reason.
    pub fn replay(
        options: BridgetteOptions,
        seed: u64,
        history: &[Move],
    ) -> Result<BridgetteMatch, (usize, IllegalAction)> {
        let game = BridgetteMatch::new(options, seed).map_err(|e| {
            let reason = e.to_string();
            let player = "-".into();
            (0, IllegalAction::NotToAct { player, reason })
        })?;
        game.replayed(history)
    }

    /// The options.
    pub fn options(&self) -> &BridgetteOptions {
        &self.options
    }

    /// The seed every deal is dealt from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The dealer of the first deal.
    pub fn first_dealer(&self) -> Player {
        self.first_dealer
    }

    /// The deals finished so far, thrown-in hands included, in order.
    pub fn finished_deals(&self) -> &[BridgetteDeal] {
        self.deals.finished()
    }

    /// How many finished deals count toward the game (thrown-in hands do not).
    pub fn counted_deals(&self) -> usize {
        self.finished_deals()
            .iter()
            .filter(|d| !d.thrown_in())
            .count()
    }

    /// Each player's total so far.
    pub fn totals(&self) -> [u32; 2] {
        self.totals
    }

    /// The winner once the game is over: `Some(None)` for a draw.
    pub fn winner(&self) -> Option<Option<Player>> {
        let [a, b] = self.totals;
        self.is_over().then(|| match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Player(0)),
            std::cmp::Ordering::Less => Some(Player(1)),
            std::cmp::Ordering::Equal => None,
        })
    }

    /// The score sheet: one line per finished deal.
    pub fn sheet(&self) -> Vec<DealRecord> {
        let mut number = 0;
        self.finished_deals()
            .iter()
            .map(|deal| {
                let counted = !deal.thrown_in();
                number += usize::from(counted);
                let declarer = deal.declarer();
                DealRecord {
                    number: counted.then_some(number),
                    dealer: deal.setup().dealer,
                    upcard: deal.upcard(),
                    contract: deal.contract(),
                    declarer,
                    tricks: declarer
                        .zip(deal.play())
                        .map(|(d, p)| p.tricks_won()[d.index()]),
                    score: deal.score(),
                    points: deal.points().unwrap_or_default(),
                }
            })
            .collect()
    }

    /// Deal `k` of a game (thrown-in hands counted).
    fn seeded_deal(
        options: BridgetteOptions,
        seed: u64,
        first_dealer: Player,
        k: usize,
    ) -> Result<BridgetteDeal, SetupError> {
        let setup = BridgetteSetup::seeded(
            options,
            mix_seed(seed, k as u64 + 1),
            Some(first_dealer.offset(k, 2)),
        );
        BridgetteDeal::from_setup(setup)
    }

    /// Whether the game ends after the deals finished so far (RULES.md §4.5).
    fn game_ends(&self) -> bool {
        let counted = self.counted_deals();
        let tied = self.totals[0] == self.totals[1];
        match counted {
            c if c < GAME_DEALS => false,
            GAME_DEALS => !tied,
            _ => !tied || self.options.tie_after_seventh == TieAfterSeventh::Draw,
        }
    }

    /// Stops the game now, after the deals finished so far (the deal in progress is
    /// dropped); the higher total wins. Returns whether anything changed.
    pub fn end_now(&mut self) -> bool {
        self.deals.stop()
    }
}

impl Match for BridgetteMatch {
    type Deal = BridgetteDeal;

    fn deals(&self) -> &Deals<BridgetteDeal> {
        &self.deals
    }

    fn deals_mut(&mut self) -> &mut Deals<BridgetteDeal> {
        &mut self.deals
    }

    fn record_finished_deal(&mut self) -> bool {
        let points = self.deals.finished().last().and_then(BridgetteDeal::points);
        for (total, p) in self.totals.iter_mut().zip(points.unwrap_or_default()) {
            *total += p;
        }
        self.game_ends()
    }

    /// The next deal, the dealer alternating.
    fn next_deal(&self) -> BridgetteDeal {
        let k = self.finished_deals().len();
        Self::seeded_deal(self.options, self.seed, self.first_dealer, k)
            .expect("a seeded deal is always a valid setup")
    }
}
