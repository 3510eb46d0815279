//! The hook for the expert level: Monte-Carlo sampling of the hidden cards, each sample
//! solved double dummy. Not built yet: it needs the double-dummy solver (issue 6), which
//! will implement [`DoubleDummy`]. [`crate::new_bot`] answers
//! [`crate::BotError::ExpertUnavailable`] for [`crate::Level::Expert`] until then.
//!
//! How the expert will decide, from its [`View`] alone:
//!
//! 1. **Sample.** Deal the hidden cards again with [`Game::resample`] (every game has it:
//!    it keeps voids shown in play and, in Bridgette, the exchange consistent). Filter the
//!    samples by the auction: in the bidding games every call made is replayed through the
//!    bidding table ([`crate::bidding::matching_rule`]) on the sampled hand of its caller,
//!    and a sample whose hands would not have made the calls seen is dropped. Devil's
//!    Bridge filters by the bids against the basic bot's trick estimates; Bridgette's
//!    discards and stock are free.
//! 2. **Solve.** For each kept sample, [`DoubleDummy::card_values`] gives, for every legal
//!    card of the player to play, the tricks the player's side takes with best play after
//!    it.
//! 3. **Score.** Turn tricks into this game's score for each card: the contract's
//!    duplicate, rubber or Chicago score (or IMPs against the mean, matchpoints against
//!    the other cards for overtricks), Devil's Bridge points for exactly the bid, the
//!    Bridgette lump sum and its exact and three-overtrick bonuses.
//! 4. **Choose** the card with the best mean score over the samples. Calls are chosen the
//!    same way among the bidding table's candidates, by solving each sample for every
//!    strain and declarer.

use tenace_cards::{CardSet, Player};
use tenace_rules::trick::TrickRules;
use tenace_rules::{Action, Game, View};

/// A position for the solver: every hand known, the trick in progress and whose turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// Each player's cards.
    pub hands: Vec<CardSet>,
    /// The trick rules (trumps and special cards).
    pub rules: TrickRules,
    /// The trick in progress.
    pub trick: tenace_rules::trick::Trick,
    /// The suit barred from the next lead, where a rule bars one.
    pub lead_restriction: Option<tenace_cards::Suit>,
    /// Who plays next.
    pub to_play: Player,
}

/// What the double-dummy solver will offer the expert bots. The solver crate implements
/// it; the bots crate never depends on how.
pub trait DoubleDummy: Send {
    /// For each legal action of the player to play, the tricks that player's side takes
    /// from here on with best play by everyone.
    fn card_values(&mut self, position: &Position) -> Vec<(Action, u8)>;
}

/// The double-dummy solver, once one is built. Until the solver crate exists this is
/// `None`, and everything that needs a solver (the expert level, the declarer-against-
/// double-dummy figure of `tenace sim --bots`) says it is not available rather than
/// guess. When the solver lands, the bots crate implements [`DoubleDummy`] for it and
/// returns it here.
pub fn solver() -> Option<Box<dyn DoubleDummy>> {
    None
}

/// The tricks declarer's side takes double dummy from the opening lead: the hand size
/// less the best the defence can do with any opening lead. `None` without a solver.
pub fn declarer_double_dummy_tricks(
    solver: &mut dyn DoubleDummy,
    hands: Vec<CardSet>,
    rules: TrickRules,
    opening_leader: Player,
    hand_size: u8,
) -> Option<u8> {
    let position = Position {
        trick: tenace_rules::trick::Trick::new(opening_leader, hands.len()),
        hands,
        rules,
        lead_restriction: None,
        to_play: opening_leader,
    };
    let defence = solver
        .card_values(&position)
        .into_iter()
        .map(|(_, t)| t)
        .max()?;
    Some(hand_size.saturating_sub(defence))
}

/// Resamples the hidden hands of `view` `count` times: the first step of the expert.
/// Samples that cannot be made are skipped.
pub fn samples<G: Game>(view: &View, count: usize, rng: &mut dyn rand::RngCore) -> Vec<G> {
    (0..count)
        .filter_map(|_| G::resample(view, rng).ok())
        .collect()
}
