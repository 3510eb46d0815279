//! `Solver::set_deadline`: a search past its deadline gives up with `OutOfTime`, and
//! what it left in the solver's tables never changes a later answer.

use std::time::Instant;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_cards::{Card, CardSet, Player, Rank, Suit};
use tenace_rules::trick::{SpecialRule, TrickRules};
use tenace_solver::{Position, Sides, SolveError, Solver};

/// `size` cards a hand from a shuffled 52-card deck.
fn hands(rng: &mut ChaCha8Rng, size: usize) -> Vec<CardSet> {
    let mut deck: Vec<Card> = Suit::STANDARD
        .into_iter()
        .flat_map(|s| Rank::ALL.iter().map(move |&r| Card::new(s, r)))
        .collect();
    deck.shuffle(rng);
    (0..4)
        .map(|p| deck[p * size..(p + 1) * size].iter().copied().collect())
        .collect()
}

fn rules(special: SpecialRule, trump: Option<Suit>) -> TrickRules {
    TrickRules { trump, special }
}

#[test]
fn a_full_deal_past_its_deadline_is_out_of_time_on_both_paths() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let hands = hands(&mut rng, 13);
    for special in [SpecialRule::Standard, SpecialRule::WildDeuces] {
        let position = Position::new(
            rules(special, None),
            hands.clone(),
            Player(1),
            Sides::Partnerships,
        );
        let mut solver = Solver::with_memory(1 << 20);
        solver.set_deadline(Some(Instant::now()));
        assert_eq!(solver.tricks(&position), Err(SolveError::OutOfTime));
        assert_eq!(solver.card_values(&position), Err(SolveError::OutOfTime));
    }
}

/// Stopped at random moments, then asked again without a deadline, a solver answers as
/// a fresh one does: nothing a stopped search did stays behind as a wrong bound.
#[test]
fn answers_after_a_stopped_search_equal_a_fresh_solvers() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut stopped = 0;
    for round in 0..24 {
        let special = if round % 2 == 0 {
            SpecialRule::Standard
        } else {
            SpecialRule::WildDeuces
        };
        // Big enough for the generic search to read the clock, small enough to finish.
        let size = if special == SpecialRule::Standard {
            11
        } else {
            7
        };
        let trump = [None, Some(Suit::Hearts), Some(Suit::Clubs)][round % 3];
        let position = Position::new(
            rules(special, trump),
            hands(&mut rng, size),
            Player((round % 4) as u8),
            Sides::Partnerships,
        );
        // The deadline falls anywhere from early in the solve to well after its end,
        // measured on this machine, so some searches stop and some finish in time.
        let start = Instant::now();
        let fresh = Solver::with_memory(4 << 20).tricks(&position).unwrap();
        let took = start.elapsed();
        let mut solver = Solver::with_memory(4 << 20);
        solver.set_deadline(Some(
            Instant::now() + took.mul_f64(rng.random_range(0.05..2.0)),
        ));
        let first = solver.tricks(&position);
        stopped += usize::from(first == Err(SolveError::OutOfTime));
        solver.set_deadline(None);
        assert_eq!(solver.tricks(&position).unwrap(), fresh, "round {round}");
        if let Ok(values) = first {
            assert_eq!(values, fresh, "round {round}: an answer in time is exact");
        }
    }
    assert!(
        stopped > 0,
        "no search was stopped: the test proves nothing"
    );
    assert!(
        stopped < 24,
        "every search was stopped: the in-time answers go unchecked"
    );
}
