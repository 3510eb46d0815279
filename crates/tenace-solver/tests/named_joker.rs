//! A Five Crowns joker named as a two in no trump (`nominated_two`) is worth its best
//! naming to the side that names it: `card_values` gives each naming apart, and
//! `best_per_card` folds them into the card's one value.

use tenace_cards::{Card, Player, Suit};
use tenace_rules::trick::{NtJoker, SpecialRule, TrickRules};
use tenace_solver::{Position, Sides, Solver, best_per_card};

/// The deal of issue 23, `N:K5.... ..K..+JK 4...3. 3..7..`, in no trump with North
/// declaring: East leads from the heart king and the joker.
fn east_on_lead() -> Position {
    let hand = |text: &str| text.parse().unwrap();
    Position::new(
        TrickRules {
            trump: None,
            special: SpecialRule::Joker(NtJoker::NominatedTwo),
        },
        vec![hand("RK R5"), hand("HK JK"), hand("R4 D3"), hand("R3 H7")],
        Player(1),
        Sides::Partnerships,
    )
}

#[test]
fn each_naming_of_a_led_joker_has_its_own_value() {
    let position = east_on_lead();
    let values = Solver::with_memory(1 << 20).card_values(&position).unwrap();
    let joker = |suit| {
        values
            .iter()
            .find(|v| v.card == Card::JOKER && v.named == Some(suit))
            .map(|v| v.tricks)
    };
    // As the two of spades or clubs nobody can follow: West (void too) cannot overtake,
    // and East's heart king takes the second trick.
    assert_eq!(joker(Suit::Spades), Some(2), "{values:?}");
    assert_eq!(joker(Suit::Clubs), Some(2), "{values:?}");
    // As the two of a suit North-South can follow to, the joker loses the lead for good.
    let worst = values
        .iter()
        .filter(|v| v.card == Card::JOKER)
        .map(|v| v.tricks)
        .min();
    assert_eq!(worst, Some(0), "{values:?}");
}

#[test]
fn a_joker_is_worth_its_best_naming() {
    let position = east_on_lead();
    let mut solver = Solver::with_memory(1 << 20);
    let best = best_per_card(&solver.card_values(&position).unwrap());
    let jokers: Vec<_> = best.iter().filter(|v| v.card == Card::JOKER).collect();
    assert_eq!(jokers.len(), 1, "{best:?}");
    assert_eq!(jokers[0].tricks, 2, "{best:?}");
    // The naming kept is one that takes those tricks.
    let named = jokers[0].named.expect("a named joker");
    let alone = solver
        .card_value(&position, Card::JOKER, Some(named))
        .unwrap();
    assert_eq!(alone.tricks, 2);
    // The defence's best lead agrees with the table: North in no trump takes nothing.
    assert_eq!(best.iter().map(|v| v.tricks).max(), Some(2));
    assert_eq!(solver.tricks(&position).unwrap(), 2);
}

#[test]
fn one_move_alone_is_valued_as_among_all() {
    let position = east_on_lead();
    let mut solver = Solver::with_memory(1 << 20);
    for value in solver.card_values(&position).unwrap() {
        let alone = Solver::with_memory(1 << 20)
            .card_value(&position, value.card, value.named)
            .unwrap();
        assert_eq!(alone, value);
    }
    assert!(
        solver
            .card_value(&position, "R4".parse().unwrap(), None)
            .is_err(),
        "South's card is not East's to play"
    );
}
