//! Comparing results on the same deal: IMPs and matchpoints (RULES.md §1.8, Law 78).

/// The lowest difference worth 1, 2, … 24 IMPs (Law 78B). Real differences are multiples
/// of 10, so a difference between two rows (15, say) takes the lower row.
const IMP_THRESHOLDS: [u32; 24] = [
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
    2000, 2250, 2500, 3000, 3500, 4000,
];

/// Converts a score difference to IMPs; the sign follows the difference.
///
/// ```
/// use tenace_rules::scoring::imps;
/// assert_eq!(imps(10), 0);
/// assert_eq!(imps(20), 1);
/// assert_eq!(imps(-620 + 170), -10);
/// assert_eq!(imps(5000), 24);
/// ```
pub fn imps(diff: i32) -> i32 {
    let size = diff.unsigned_abs();
    let imps = IMP_THRESHOLDS.iter().take_while(|&&t| size >= t).count() as i32;
    if diff < 0 { -imps } else { imps }
}

/// Matchpoints for each of several results on one board, all from the same direction
/// (Law 78A): 2 for every result beaten, 1 for every tie. The top is 2(N−1).
///
/// ```
/// use tenace_rules::scoring::matchpoints;
/// assert_eq!(matchpoints(&[420, 450, 420, -50]), vec![3, 6, 3, 0]);
/// ```
pub fn matchpoints(scores: &[i32]) -> Vec<u32> {
    scores
        .iter()
        .enumerate()
        .map(|(i, &mine)| {
            scores
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &theirs)| match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                })
                .sum()
        })
        .collect()
}

/// A matchpoint score as a percentage of the top, 2(N−1) for `results` results on the
/// board. `None` when there is nothing to compare with (fewer than two results).
///
/// ```
/// use tenace_rules::scoring::matchpoint_percentage;
/// assert_eq!(matchpoint_percentage(3, 4), Some(50.0));
/// assert_eq!(matchpoint_percentage(0, 1), None);
/// ```
pub fn matchpoint_percentage(matchpoints: u32, results: usize) -> Option<f64> {
    let top = 2 * results.checked_sub(1).filter(|&n| n > 0)?;
    Some(100.0 * f64::from(matchpoints) / top as f64)
}
