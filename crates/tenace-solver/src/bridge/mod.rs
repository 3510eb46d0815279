//! The fast path of four-handed partnership games: Contract Bridge (the plain
//! follow-suit rule), Deuces Wild (RULES.md §2.1) and Five Crowns (RULES.md §2.2: five
//! suits; in a suit contract the joker the lowest trump, so the plain rule again; in no
//! trump either joker, see [`joker`]), each compiled apart ([`BridgeSearch`]'s `WILD`
//! and suit count `S`).
//!
//! Positions of the other games go to [`crate::generic`]; this path reads cards as bare
//! 64-bit masks ([`lanes`]) and never calls the [`tenace_rules::trick::TrickRules`] hooks.

mod cashing;
mod cutoffs;
mod guess;
mod joker;
pub(crate) mod lanes;
mod leads;
mod moves;
mod quick;
#[cfg(test)]
mod random_endings;
pub(crate) mod search;
mod tt;

pub(crate) use moves::sequence_tops;
pub(crate) use search::{BridgeSearch, NT};

/// What the solver asks of a fast-path search, whichever rules it was compiled for: one
/// call through it per question, so the search itself stays monomorphised.
pub(crate) trait FastSearch {
    /// See [`BridgeSearch::set_position`].
    fn set_position(
        &mut self,
        hands: [u64; 4],
        trump: usize,
        leader: usize,
        trick: &[u8],
        barred: Option<usize>,
        named_joker: Option<u8>,
    );
    /// Whether North-South take at least `target` of the tricks left.
    fn search(&mut self, target: u8) -> bool;
    /// North-South's tricks from here, searched from `guess`.
    fn ns_tricks(&mut self, guess: u8) -> u8;
    /// The first target of a table's solve (see [`guess`]).
    fn first_target(&self) -> u8;
}

impl<const WILD: bool, const S: usize> FastSearch for BridgeSearch<WILD, S> {
    fn set_position(
        &mut self,
        hands: [u64; 4],
        trump: usize,
        leader: usize,
        trick: &[u8],
        barred: Option<usize>,
        named_joker: Option<u8>,
    ) {
        BridgeSearch::set_position(self, hands, trump, leader, trick, barred, named_joker);
    }

    fn search(&mut self, target: u8) -> bool {
        BridgeSearch::search(self, target)
    }

    fn ns_tricks(&mut self, guess: u8) -> u8 {
        BridgeSearch::ns_tricks(self, guess)
    }

    fn first_target(&self) -> u8 {
        BridgeSearch::first_target(self)
    }
}
