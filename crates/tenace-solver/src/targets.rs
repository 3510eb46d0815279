//! The driver shared by both searches: a null-window search answers "at least
//! `target`?", and the value is found by stepping the target from a guess.

/// The tricks (of `left`) that `reaches` says can be made, asking it about targets
/// upward or downward from `guess`: a good guess needs only two questions.
pub(crate) fn tricks_from_guess(left: u8, guess: u8, mut reaches: impl FnMut(u8) -> bool) -> u8 {
    let mut low = 0;
    let mut high = left;
    let mut target = guess.clamp(low + 1, high.max(1));
    while low < high {
        target = target.clamp(low + 1, high);
        if reaches(target) {
            low = target;
            target += 1;
        } else {
            high = target - 1;
            target -= 1;
        }
    }
    low
}
