//! What the differential tests of a fast path against the generic search share: random
//! play, a solver of each path, and the check of one position on both.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use tenace_solver::{Position, Solver};

/// Plays `cards` random legal cards.
pub fn play_randomly(rng: &mut ChaCha8Rng, position: &mut Position, cards: usize) {
    for _ in 0..cards {
        let moves = position.legal_moves();
        let (card, named) = moves[rng.random_range(0..moves.len())];
        position.play(card, named).expect("a legal move");
    }
}

/// A solver taking the fast path where one applies, and one forced onto the generic
/// search.
pub fn solvers() -> (Solver, Solver) {
    let fast = Solver::with_memory(16 << 20);
    let mut generic = Solver::with_memory(16 << 20);
    generic.force_generic(true);
    (fast, generic)
}

/// Checks the tricks of `position` (and with `values`, every card's value) on both paths.
pub fn check(fast: &mut Solver, generic: &mut Solver, position: &Position, values: bool) {
    assert_eq!(
        fast.tricks(position).unwrap(),
        generic.tricks(position).unwrap(),
        "tricks of {position:?}"
    );
    if values {
        assert_eq!(
            fast.card_values(position).unwrap(),
            generic.card_values(position).unwrap(),
            "card values of {position:?}"
        );
    }
}
