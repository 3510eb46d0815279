//! The move list both searches order their moves in: a fixed array kept sorted by score
//! by insertion, since a node has a handful of moves and allocating would cost more than
//! the search step.

/// Up to `N` items sorted by score, highest first; equal scores keep the order the items
/// came in.
pub(crate) struct Scored<T: Copy, const N: usize> {
    items: [T; N],
    scores: [i16; N],
    len: usize,
}

impl<T: Copy + PartialEq, const N: usize> Scored<T, N> {
    /// An empty list; `fill` only pads the unused slots.
    pub fn new(fill: T) -> Self {
        Scored {
            items: [fill; N],
            scores: [0; N],
            len: 0,
        }
    }

    /// Adds `item` in its place by `score`. The caller never adds more than `N`.
    pub fn push(&mut self, item: T, score: i16) {
        self.len += 1;
        self.settle(self.len - 1, item, score);
    }

    /// Raises the score of `item`, if it is in the list, by `bonus`, keeping the order.
    pub fn boost(&mut self, item: T, bonus: i16) {
        if let Some(i) = self.as_slice().iter().position(|&c| c == item) {
            self.settle(i, item, self.scores[i].saturating_add(bonus));
        }
    }

    /// The items, best first.
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len]
    }

    /// Puts `item` with `score` at slot `i` or above, shifting down the lower-scored
    /// items before it.
    fn settle(&mut self, mut i: usize, item: T, score: i16) {
        while i > 0 && self.scores[i - 1] < score {
            self.items[i] = self.items[i - 1];
            self.scores[i] = self.scores[i - 1];
            i -= 1;
        }
        self.items[i] = item;
        self.scores[i] = score;
    }
}

#[cfg(test)]
mod tests {
    use super::Scored;

    #[test]
    fn highest_score_first_ties_in_arrival_order() {
        let mut list = Scored::<u8, 4>::new(0);
        list.push(1, 5);
        list.push(2, 9);
        list.push(3, 5);
        assert_eq!(list.as_slice(), &[2, 1, 3]);
        list.boost(3, 10);
        assert_eq!(list.as_slice(), &[3, 2, 1]);
        list.boost(7, 100);
        assert_eq!(
            list.as_slice(),
            &[3, 2, 1],
            "an absent item changes nothing"
        );
    }
}
