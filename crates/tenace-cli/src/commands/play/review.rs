//! The end-of-deal review: the deal's original hands and its record, shown once the deal
//! is over (only then may every hand be seen).

use tenace_rules::{Move, View};

use super::table::PlayMatch;

/// What the review of one finished deal shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealReview {
    /// The deal's number in the match, from 1.
    pub number: usize,
    /// The full view as the deal was dealt: every original hand.
    pub dealt: View,
    /// The deal's record, in order.
    pub moves: Vec<Move>,
    /// The deal's final full view: contract, tricks and score.
    pub result: View,
    /// The double-dummy analysis of the play, once there is a solver.
    pub double_dummy: Option<Vec<String>>,
}

/// The review of finished deal `index`: the match is replayed from `initial` up to the
/// deal's first action, where the full view shows the hands as dealt.
pub fn review_of(initial: &PlayMatch, game: &PlayMatch, index: usize) -> Option<DealReview> {
    let lengths = game.finished_lengths();
    let start: usize = lengths.get(..index)?.iter().sum();
    let len = *lengths.get(index)?;
    let history = game.history();
    let mut replay = initial.clone();
    for m in history.get(..start)? {
        replay.try_apply(m.player, m.action).ok()?;
    }
    let dealt = replay.full_view()?;
    let moves = history.get(start..start + len)?.to_vec();
    let result = game.finished_full_view(index)?;
    let double_dummy = double_dummy_review(&dealt, &moves);
    Some(DealReview {
        number: index + 1,
        dealt,
        moves,
        result,
        double_dummy,
    })
}

/// The hook for the double-dummy review: for each card played, what it cost against the
/// best play. It returns `None` until the solver crate lands; then it solves `dealt`
/// replayed move by move and returns one line per costly card. No numbers are made up.
pub fn double_dummy_review(_dealt: &View, _moves: &[Move]) -> Option<Vec<String>> {
    None
}
