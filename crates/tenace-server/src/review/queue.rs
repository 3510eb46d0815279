//! The reviews waiting for a review thread, fair across the players who started them:
//! the next to start is the oldest review of the player with the fewest reviews running,
//! and of those the one served least recently (never served first). A player who asks
//! for many reviews therefore delays another's by at most one of theirs, however many
//! they queued first.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;

/// Queued items `K` by the player `P` who started them.
#[derive(Debug, Clone)]
pub struct FairQueue<P, K> {
    /// Each player's items, oldest first, with the tick each was queued at.
    waiting: HashMap<P, VecDeque<(u64, K)>>,
    /// When each player's last item left the queue to start.
    served: HashMap<P, u64>,
    tick: u64,
}

impl<P, K> Default for FairQueue<P, K> {
    fn default() -> Self {
        FairQueue {
            waiting: HashMap::new(),
            served: HashMap::new(),
            tick: 0,
        }
    }
}

impl<P: Clone + Eq + Hash, K: Clone + Eq> FairQueue<P, K> {
    /// How many items wait.
    pub fn len(&self) -> usize {
        self.waiting.values().map(VecDeque::len).sum()
    }

    /// Queues `item`, started by `player`, behind their earlier ones.
    pub fn push(&mut self, player: P, item: K) {
        self.tick += 1;
        self.waiting
            .entry(player)
            .or_default()
            .push_back((self.tick, item));
    }

    /// Takes `item` out of the queue (it will not start); whether it was there.
    pub fn remove(&mut self, item: &K) -> bool {
        let mut found = false;
        self.waiting.retain(|_, items| {
            let before = items.len();
            items.retain(|(_, k)| k != item);
            found |= items.len() != before;
            !items.is_empty()
        });
        found
    }

    /// The next item to start and who started it, given how many items each player
    /// has running now; it counts as served.
    pub fn pop(&mut self, running: impl Fn(&P) -> usize) -> Option<(P, K)> {
        let player = self
            .waiting
            .iter()
            .filter_map(|(p, items)| items.front().map(|(queued, _)| (p, *queued)))
            .min_by_key(|&(p, queued)| (running(p), self.served.get(p).copied(), queued))
            .map(|(p, _)| p.clone())?;
        let items = self.waiting.get_mut(&player)?;
        let (_, item) = items.pop_front()?;
        if items.is_empty() {
            self.waiting.remove(&player);
        }
        self.tick += 1;
        self.served.insert(player.clone(), self.tick);
        Some((player, item))
    }

    /// Each waiting item's place, from 1 for the next to start, if nothing running ends
    /// before: the order [`FairQueue::pop`] would take them in.
    pub fn places(&self, running: impl Fn(&P) -> usize) -> Vec<(K, usize)> {
        let mut rest = self.clone();
        let mut started: HashMap<P, usize> = HashMap::new();
        let mut places = Vec::with_capacity(self.len());
        while let Some((player, item)) =
            rest.pop(|p| running(p) + started.get(p).copied().unwrap_or(0))
        {
            *started.entry(player).or_default() += 1;
            places.push((item, places.len() + 1));
        }
        places
    }

    /// Forgets when players no longer waiting were served, so the map stays as small as
    /// the queue; `keep` says which still matter (those with items running).
    pub fn forget_served(&mut self, keep: impl Fn(&P) -> bool) {
        let waiting = &self.waiting;
        self.served
            .retain(|p, _| waiting.contains_key(p) || keep(p));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none(_: &char) -> usize {
        0
    }

    #[test]
    fn a_player_who_queued_first_and_most_gets_no_more_than_their_turn() {
        let mut queue = FairQueue::default();
        // A queues three before B's one; A's first then starts.
        for item in ["a1", "a2", "a3"] {
            queue.push('A', item);
        }
        queue.push('B', "b1");
        assert_eq!(queue.pop(none), Some(('A', "a1")));
        // With a1 running, B (none running) comes first; then A again.
        let running = |p: &char| usize::from(*p == 'A');
        assert_eq!(queue.places(running), vec![("b1", 1), ("a2", 2), ("a3", 3)]);
        assert_eq!(queue.pop(running), Some(('B', "b1")));
        // a1 ended: A was served before B, but B has nothing queued.
        assert_eq!(queue.pop(none), Some(('A', "a2")));
        assert_eq!(queue.len(), 1);
    }

    #[test]
    fn when_nothing_runs_the_least_recently_served_goes_first() {
        let mut queue = FairQueue::default();
        queue.push('A', 1);
        assert_eq!(queue.pop(none), Some(('A', 1)));
        // A asks again before B: B has never been served and goes first.
        queue.push('A', 2);
        queue.push('B', 3);
        assert_eq!(queue.places(none), vec![(3, 1), (2, 2)]);
        assert_eq!(queue.pop(none), Some(('B', 3)));
        assert_eq!(queue.pop(none), Some(('A', 2)));
        assert_eq!(queue.pop(none), None);
    }

    #[test]
    fn a_removed_item_never_starts_and_its_place_is_taken() {
        let mut queue = FairQueue::default();
        queue.push('A', 1);
        queue.push('B', 2);
        queue.push('C', 3);
        assert!(queue.remove(&2));
        assert!(!queue.remove(&2));
        assert_eq!(queue.places(none), vec![(1, 1), (3, 2)]);
        queue.forget_served(|_| false);
        assert_eq!(queue.len(), 2);
    }
}
