//! The Contract Bridge fast path: four hands, the plain follow-suit rule, 52 cards.
//!
//! Positions of the other games go to [`crate::generic`]; this path reads cards as bare
//! 64-bit masks and never calls the [`tenace_rules::trick::TrickRules`] hooks.

mod cashing;
mod cutoffs;
mod guess;
mod leads;
mod moves;
mod quick;
#[cfg(test)]
mod random_endings;
pub(crate) mod search;
mod tt;

pub(crate) use moves::sequence_tops;
pub(crate) use search::{BridgeSearch, NT};
