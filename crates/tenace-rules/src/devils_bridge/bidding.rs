//! The bidding of a Devil's Bridge hand: who bids next, who may change a bid, and the
//! hook on the dealer (RULES.md §3.1).
//!
//! Bids go round once from the dealer's left, the dealer last. With
//! `allow_bid_changes`, a player may change their bid while the player on their left has
//! not yet bid, and the dealer until the first card is played. Because the dealer bids
//! last, every other bid is frozen by the time the dealer bids, so checking the hook on
//! each of the dealer's bids and changes is the same as checking it on the dealer's final
//! bid at the opening lead (decision H5).

use tenace_cards::Player;
use thiserror::Error;

/// Why a bid or a change of bid is refused. Each message names the rule.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BidError {
    /// A bid outside 0 to the hand size.
    #[error("{bid} is not a bid in a hand of {size}: bid from 0 to {size} (RULES.md §3.1)")]
    OutOfRange {
        /// The bid tried.
        bid: u8,
        /// The hand size.
        size: usize,
    },
    /// The dealer's bid would make the bids add up to the hand size.
    #[error(
        "the dealer may not bid {bid}: the bids would total {size}, the number of tricks (the hook, RULES.md §3.1)"
    )]
    Hook {
        /// The bid tried.
        bid: u8,
        /// The hand size.
        size: usize,
    },
    /// A player bids out of turn, or bids twice.
    #[error(
        "player {player} may not bid now: {reason} (bidding goes clockwise from the dealer's left, dealer last)"
    )]
    NotYourTurn {
        /// Who tried.
        player: Player,
        /// Why not.
        reason: String,
    },
    /// A change of bid that the rules no longer allow.
    #[error("player {player} may not change their bid: {reason}")]
    ChangeClosed {
        /// Who tried.
        player: Player,
        /// Why not.
        reason: String,
    },
    /// A change to the bid already standing.
    #[error("player {player} already bids {bid}: a change must name another number")]
    SameBid {
        /// Who tried.
        player: Player,
        /// The standing bid.
        bid: u8,
    },
}

/// The bids of one hand, with the rules about who may bid or change.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Bidding {
    players: usize,
    size: usize,
    dealer: Player,
    allow_changes: bool,
    bids: Vec<Option<u8>>,
}

impl Bidding {
    /// The bidding of a hand of `size` at a table of `players`.
    pub fn new(players: usize, size: usize, dealer: Player, allow_changes: bool) -> Self {
        Bidding {
            players,
            size,
            dealer,
            allow_changes,
            bids: vec![None; players],
        }
    }

    /// Each player's bid so far.
    pub fn bids(&self) -> &[Option<u8>] {
        &self.bids
    }

    /// Whether everyone has bid.
    pub fn is_complete(&self) -> bool {
        self.bids.iter().all(Option::is_some)
    }

    /// Who bids next, if anyone.
    pub fn next_bidder(&self) -> Option<Player> {
        (1..=self.players)
            .map(|k| self.dealer.offset(k, self.players))
            .find(|p| self.bids[p.index()].is_none())
    }

    /// The number the dealer may not bid now (the hook), if it is a bid at all: the hand
    /// size less the other players' bids. Outside 0..=size, the dealer is free.
    ///
    /// ```
    /// use tenace_cards::Player;
    /// use tenace_rules::devils_bridge::Bidding;
    /// let mut b = Bidding::new(3, 2, Player(2), true);
    /// b.record(Player(0), 1);
    /// b.record(Player(1), 0);
    /// assert_eq!(b.forbidden(), Some(1));
    /// b.record(Player(1), 2);
    /// assert_eq!(b.forbidden(), None); // 2 − 3 < 0: the dealer is free
    /// ```
    pub fn forbidden(&self) -> Option<u8> {
        let others: usize = self
            .bids
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != self.dealer.index())
            .filter_map(|(_, b)| b.map(usize::from))
            .sum();
        self.size.checked_sub(others).map(|f| f as u8)
    }

    /// The numbers `player` may bid now (empty unless it is their turn).
    pub fn legal_bids(&self, player: Player) -> Vec<u8> {
        if self.next_bidder() != Some(player) {
            return Vec::new();
        }
        self.allowed_numbers(player, None)
    }

    /// The numbers `player` may change their bid to now; `first_card_played` closes the
    /// dealer's window.
    pub fn legal_changes(&self, player: Player, first_card_played: bool) -> Vec<u8> {
        if self.change_closed(player, first_card_played).is_some() {
            return Vec::new();
        }
        self.allowed_numbers(player, self.bids[player.index()])
    }

    fn allowed_numbers(&self, player: Player, standing: Option<u8>) -> Vec<u8> {
        let hook = (player == self.dealer).then(|| self.forbidden()).flatten();
        (0..=self.size as u8)
            .filter(|&b| Some(b) != hook && Some(b) != standing)
            .collect()
    }

    /// Why `player` may not change their bid now, or `None` if they may.
    fn change_closed(&self, player: Player, first_card_played: bool) -> Option<String> {
        if !self.allow_changes {
            return Some("bids may not be changed (allow_bid_changes is false)".into());
        }
        if self.bids[player.index()].is_none() {
            return Some("they have not bid yet".into());
        }
        if player == self.dealer {
            return first_card_played.then(|| {
                "the dealer may change only until the first card is played (RULES.md §3.1)".into()
            });
        }
        let left = player.next(self.players);
        self.bids[left.index()].map(|_| {
            format!(
                "player {left} on their left has bid, which freezes it (RULES.md §3.1: a bid \
                 may be changed only while the player on the left has not yet bid)"
            )
        })
    }

    /// The players who may change their bid now.
    pub fn changers(&self, first_card_played: bool) -> impl Iterator<Item = Player> + '_ {
        (0..self.players as u8)
            .map(Player)
            .filter(move |&p| !self.legal_changes(p, first_card_played).is_empty())
    }

    fn check_number(&self, player: Player, bid: u8) -> Result<(), BidError> {
        if usize::from(bid) > self.size {
            return Err(BidError::OutOfRange {
                bid,
                size: self.size,
            });
        }
        if player == self.dealer && self.forbidden() == Some(bid) {
            return Err(BidError::Hook {
                bid,
                size: self.size,
            });
        }
        Ok(())
    }

    /// Checks a first bid by `player`.
    pub fn check_bid(&self, player: Player, bid: u8) -> Result<(), BidError> {
        if self.bids[player.index()].is_some() {
            return Err(BidError::NotYourTurn {
                player,
                reason: "they have bid already; a bid is changed with \"change N\"".into(),
            });
        }
        match self.next_bidder() {
            Some(next) if next == player => self.check_number(player, bid),
            Some(next) => Err(BidError::NotYourTurn {
                player,
                reason: format!("it is player {next}'s turn to bid"),
            }),
            None => Err(BidError::NotYourTurn {
                player,
                reason: "everyone has bid".into(),
            }),
        }
    }

    /// Checks a change of bid by `player`.
    pub fn check_change(
        &self,
        player: Player,
        bid: u8,
        first_card_played: bool,
    ) -> Result<(), BidError> {
        if let Some(reason) = self.change_closed(player, first_card_played) {
            return Err(BidError::ChangeClosed { player, reason });
        }
        if self.bids[player.index()] == Some(bid) {
            return Err(BidError::SameBid { player, bid });
        }
        self.check_number(player, bid)
    }

    /// Records a bid or a change, unchecked.
    pub fn record(&mut self, player: Player, bid: u8) {
        self.bids[player.index()] = Some(bid);
    }
}
