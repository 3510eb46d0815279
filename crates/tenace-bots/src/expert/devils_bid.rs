//! The expert's Devil's Bridge bids: which actions are bids. Each is scored by playing
//! the hand out in every sample ([`super::rollout`]); the legal list already leaves out
//! the number the hook forbids, and a blind hand is sampled like any hidden card.

use tenace_rules::Action;

/// The bid number of a bid or changed bid.
pub(crate) fn number(action: Action) -> Option<u8> {
    match action {
        Action::Bid(n) | Action::ChangeBid(n) => Some(n),
        _ => None,
    }
}

/// The candidates among the legal actions: the bids.
pub(crate) fn candidates(legal: &[Action]) -> Vec<Action> {
    legal
        .iter()
        .copied()
        .filter(|&a| number(a).is_some())
        .collect()
}
