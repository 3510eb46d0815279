//! Sure tricks by simulation: the side on lead plays out, trick by trick, a line of
//! winners that no defence can stop, crossing between the two hands and ruffing in
//! partner's hand, until it has the tricks it needs.
//!
//! The closed-form count of [`super::search::BridgeSearch::quick_tricks`] sees one suit
//! at a time. This sees a line: cash the trumps, cash side-suit winners, cross to
//! partner on a winner there and go on from partner's hand, ruff a loser in partner's
//! hand. Each trick is won whatever the defenders play, and every later trick is checked
//! against the worst the defenders can have done before it, so the count is a sure
//! lower bound.
//!
//! The defenders' plays are not known, so the simulation keeps, for each of them, the
//! holding that is worst for the cashing side: a defender following suit is taken to
//! keep their high cards (they play their lowest), and a defender who cannot follow
//! keeps every card. Their discards never open a ruff: a suit is cashed only when no
//! defender can ruff it, so a defender who discards holds no trumps, or is discarding
//! on a trump lead, having none.
//!
//! Under wild deuces a defender may answer a round with a deuce of another suit instead
//! of following, so the line allows for each way that helps them: a card they followed
//! with may still be held (the side's winners must beat every card the defenders held
//! when the line began); a suit whose only card left is a deuce may already be gone
//! (the deuce played to another trick); and a defender who held trumps and still holds
//! a deuce of another suit may still hold a trump. A defender who held the deuce of
//! trumps may ruff any side suit at any time, so the line cashes no side suit against
//! them; it may still cash trumps and ruff in partner's hand (that deuce cannot
//! overruff).

use super::moves::highest;
use super::search::{BridgeSearch, DEUCE, NT, Ranks};

/// The line being played out, under wild deuces (`WILD`) or Contract Bridge rules.
struct Line<const WILD: bool, const S: usize> {
    hands: [[u16; S]; 4],
    trump: usize,
    /// The hand on lead for the side, and its partner.
    me: usize,
    partner: usize,
    /// The defenders.
    defenders: [usize; 2],
    tricks: u8,
    ranks: Ranks<S>,
    /// Under wild deuces, every defender's cards when the line began, by seat (empty
    /// for the side's seats, and for everyone when the defenders hold no deuce): a
    /// defender may still hold any of them.
    began: [[u16; S]; 4],
}

impl<const WILD: bool, const S: usize> Line<WILD, S> {
    /// Every suit, a bit each.
    const ALL_SUITS: u32 = (1 << S) - 1;

    /// The cards that may be played in place of following: [`DEUCE`] under wild
    /// deuces, else none.
    const WILD_CARDS: u16 = if WILD { DEUCE } else { 0 };

    fn void(&self, seat: usize, suit: usize) -> bool {
        self.hands[seat][suit] == 0
    }

    /// Whether a defender may hold a trump: one still held, or under wild deuces one
    /// it kept by playing a deuce of another suit to a trump lead.
    fn defender_may_hold_trumps(&self, defender: usize) -> bool {
        let began = &self.began[defender];
        self.hands[defender][self.trump] != 0
            || WILD
                && began[self.trump] != 0
                && (0..S).any(|s| s != self.trump && began[s] & DEUCE != 0)
    }

    /// Whether a defender may be out of `suit`: it holds no card of it but (under wild
    /// deuces) one it may have played to another trick.
    fn defender_may_be_void(&self, defender: usize, suit: usize) -> bool {
        self.hands[defender][suit] & !Self::WILD_CARDS == 0
    }

    /// Whether a defender may overruff partner's ruff of `suit` led now (see
    /// [`Line::cashable`] for whether they may ruff a winner).
    fn defender_may_ruff(&self, defender: usize, suit: usize) -> bool {
        self.trump != NT
            && suit != self.trump
            && self.defender_may_hold_trumps(defender)
            && self.defender_may_be_void(defender, suit)
    }

    fn defenders_may_ruff(&self, suit: usize) -> bool {
        self.defenders
            .iter()
            .any(|&d| self.defender_may_ruff(d, suit))
    }

    /// Every card of a suit still held (or, under wild deuces, that a defender may still
    /// hold).
    fn alive(&self, suit: usize) -> u16 {
        let held = self.hands.iter().fold(0, |all, hand| all | hand[suit]);
        if WILD {
            held | self.began[self.defenders[0]][suit] | self.began[self.defenders[1]][suit]
        } else {
            held
        }
    }

    /// The defenders follow low, or discard (keeping, for the worst case, every card).
    /// Returns whether either followed suit. Under wild deuces a defender keeps its
    /// deuce of the suit while it has another card of it: the deuce may have gone to
    /// another trick, so the other cards are what keep it from showing out.
    fn defenders_play(&mut self, suit: usize) -> bool {
        let mut followed = false;
        for d in self.defenders {
            let held = self.hands[d][suit];
            if held != 0 {
                let plain = held & !Self::WILD_CARDS;
                let low = if WILD && plain != 0 {
                    plain & plain.wrapping_neg()
                } else {
                    held & held.wrapping_neg()
                };
                self.hands[d][suit] = held ^ low;
                followed = true;
            }
        }
        followed
    }

    /// Partner follows low, else discards its lowest card outside trumps and `suit`.
    fn partner_follows_low(&mut self, suit: usize) {
        let partner = self.partner;
        let held = self.hands[partner][suit];
        if held != 0 {
            self.hands[partner][suit] = held & (held - 1);
            return;
        }
        let mut lowest: Option<(u32, usize)> = None;
        for other in 0..S {
            let cards = self.hands[partner][other];
            if other == suit || (self.trump != NT && other == self.trump) || cards == 0 {
                continue;
            }
            let rank = cards.trailing_zeros();
            if lowest.is_none_or(|(r, _)| rank < r) {
                lowest = Some((rank, other));
            }
        }
        if let Some((rank, other)) = lowest {
            self.hands[partner][other] ^= 1 << rank;
        }
    }

    /// The winning card's rank matters when anyone else followed suit: every card from
    /// it up keeps its owner.
    fn won_by_rank(&mut self, suit: usize, winner: u16) {
        self.ranks[suit] |= winner;
    }

    /// The suits (a bit per suit) in which the hand on lead can cash a trick now: its
    /// own top card with partner following or discarding (`to_partner` false), or a
    /// small card to partner's top card (`to_partner` true); no defender may ruff.
    /// Worked out for all four suits at once, with masks, because which suits qualify
    /// is as good as random to the processor's branch predictor (measured under a
    /// branch simulator: asking suit by suit made a tenth of the search's mispredicted
    /// branches).
    fn cashable(&self, to_partner: bool) -> u32 {
        let (me, partner) = (self.me, self.partner);
        let dest = if to_partner { partner } else { me };
        let held = |seat: usize| -> u32 {
            (0..S).fold(0, |mask, suit| {
                mask | u32::from(self.hands[seat][suit] != 0) << suit
            })
        };
        let (mine, partners) = (held(me), held(partner));
        let not_trump = if self.trump == NT {
            Self::ALL_SUITS
        } else {
            Self::ALL_SUITS & !(1 << self.trump)
        };
        let mut ruffable = 0;
        if self.trump != NT {
            for d in self.defenders {
                if WILD && self.began[d][self.trump] & DEUCE != 0 {
                    // The deuce of trumps ruffs while its holder can follow.
                    ruffable |= not_trump;
                } else if self.defender_may_hold_trumps(d) {
                    let may_be_void = (0..S).fold(0, |mask, suit| {
                        mask | u32::from(self.defender_may_be_void(d, suit)) << suit
                    });
                    ruffable |= may_be_void & not_trump;
                }
            }
        }
        let mut tops = 0;
        for suit in 0..S {
            let alive = self.alive(suit);
            // `highest(alive)` without its branch on an empty suit.
            let top = (0x8000u32 >> alive.leading_zeros()) as u16;
            tops |= u32::from(self.hands[dest][suit] & top != 0) << suit;
        }
        let mut ok = mine & tops & !ruffable;
        if !to_partner {
            // Partner must not be forced to overtake (impossible: the winner is the
            // top card) nor to ruff: it follows, or has a card outside trumps and the
            // suit to throw.
            let spare = |suit: u32| partners & not_trump & !(1 << suit) != 0;
            let follows_or_throws = (0..S as u32)
                .fold(0, |mask, suit| mask | u32::from(spare(suit)) << suit)
                | partners;
            ok &= follows_or_throws;
        }
        ok
    }

    /// The hand `to` holds the top card of `suit` and wins a trick there: led by
    /// `me` (to == me, partner following low) or led low by `me` to partner's top
    /// card (the lead then passes to partner). The suit is one [`Line::cashable`]
    /// allows.
    fn cash(&mut self, suit: usize, to_partner: bool) {
        let (me, partner) = (self.me, self.partner);
        let top = highest(self.alive(suit));
        if to_partner {
            // The lead's own card is of the suit, so partner's top card wins by rank.
            let low = self.hands[me][suit] & self.hands[me][suit].wrapping_neg();
            self.hands[me][suit] ^= low;
            self.defenders_play(suit);
            self.hands[partner][suit] ^= top;
            self.won_by_rank(suit, top);
            std::mem::swap(&mut self.me, &mut self.partner);
            self.defenders.swap(0, 1);
        } else {
            self.hands[me][suit] ^= top;
            let defended = self.defenders_play(suit);
            let partner_followed = !self.void(self.partner, suit);
            self.partner_follows_low(suit);
            if defended || partner_followed {
                self.won_by_rank(suit, top);
            }
        }
        self.tricks += 1;
    }

    /// `me` leads a loser of `suit` that partner, void in it, ruffs with a low trump,
    /// no defender being able to ruff; the lead passes to partner.
    fn ruff_in_partner(&mut self, suit: usize) -> bool {
        let (me, partner) = (self.me, self.partner);
        if self.trump == NT
            || suit == self.trump
            || self.void(me, suit)
            || !self.void(partner, suit)
            || self.hands[partner][self.trump] == 0
            || self.defenders_may_ruff(suit)
        {
            return false;
        }
        let low = self.hands[me][suit] & self.hands[me][suit].wrapping_neg();
        self.hands[me][suit] ^= low;
        self.defenders_play(suit);
        let trumps = self.hands[partner][self.trump];
        self.hands[partner][self.trump] = trumps & (trumps - 1);
        std::mem::swap(&mut self.me, &mut self.partner);
        self.defenders.swap(0, 1);
        self.tricks += 1;
        true
    }

    /// Plays the line until it has `need` tricks or no sure trick is left.
    fn run(&mut self, need: u8) {
        // Trumps first: drawing them makes the side suits safe. Then the suits in
        // order.
        let first = |mask: u32, trump: usize| -> usize {
            if trump != NT && mask >> trump & 1 == 1 {
                trump
            } else {
                mask.trailing_zeros() as usize
            }
        };
        while self.tricks < need {
            let own = self.cashable(false);
            if own != 0 {
                self.cash(first(own, self.trump), false);
                continue;
            }
            let to_partner = self.cashable(true);
            if to_partner != 0 {
                self.cash(first(to_partner, self.trump), true);
                continue;
            }
            if (0..S).any(|s| self.ruff_in_partner(s)) {
                continue;
            }
            break;
        }
    }
}

impl<const WILD: bool, const S: usize> BridgeSearch<WILD, S> {
    /// The sure tricks of the side on lead by [the simulated line](self), stopping at
    /// `need`, with the ranks they rest on.
    pub(crate) fn cashing_tricks(&self, need: u8) -> (u8, Ranks<S>) {
        let leader = self.leader;
        // The line wins only with a top card or a ruff in either hand: when the suits
        // headed by the side cannot give `need` tricks, nor can the line.
        let partner = (leader + 2) & 3;
        let mut most = 0;
        for suit in 0..S {
            let side = self.suit(leader, suit) | self.suit(partner, suit);
            let all = side | self.suit(leader ^ 1, suit) | self.suit(leader ^ 3, suit);
            if side & highest(all) != 0 {
                most += self
                    .suit(leader, suit)
                    .count_ones()
                    .max(self.suit(partner, suit).count_ones());
            }
        }
        if self.trump != NT {
            most += self.suit(partner, self.trump).count_ones()
                + self.suit(leader, self.trump).count_ones();
        }
        if most < u32::from(need) {
            return (0, [0; S]);
        }
        let defenders = [(leader + 1) & 3, (leader + 3) & 3];
        let hands: [[u16; S]; 4] =
            std::array::from_fn(|p| std::array::from_fn(|s| self.suit(p, s)));
        let mut began = [[0; S]; 4];
        // With no deuce among the defenders they have the Contract Bridge choices.
        if WILD && !self.deuce_free(leader) {
            for d in defenders {
                began[d] = hands[d];
            }
        }
        let mut line = Line::<WILD, S> {
            hands,
            trump: self.trump,
            me: leader,
            partner: (leader + 2) & 3,
            defenders,
            tricks: 0,
            ranks: [0; S],
            began,
        };
        line.run(need);
        (line.tricks, line.ranks)
    }
}

#[cfg(test)]
mod tests {
    use crate::Solver;
    use crate::bridge::random_endings::random_endings;

    /// The simulated line never claims more than the side on lead can surely take.
    #[test]
    fn the_line_never_claims_more_than_the_exact_value() {
        let mut solver = Solver::with_memory(8 << 20);
        let mut claimed = 0;
        for ending in random_endings(5, 1500, false) {
            let (tricks, _) = ending.search().cashing_tricks(ending.size);
            let exact = ending.exact(&mut solver);
            assert!(
                tricks <= exact,
                "{:x?} trump {} leader {}: line {tricks} > exact {exact}",
                ending.hands,
                ending.trump,
                ending.leader
            );
            claimed += u32::from(tricks);
        }
        // The line finds tricks, or the test would prove nothing.
        assert!(claimed > 1000, "{claimed}");
    }
}
