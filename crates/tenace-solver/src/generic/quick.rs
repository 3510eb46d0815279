//! Quick tricks: the tricks the leader can cash at once, whatever the others do, as a
//! bound at a trick start.
//!
//! The count is the Contract Bridge one, made safe for the special cards:
//! - a suit's top cards above every other hand's cards of the suit win; once they have
//!   drawn every other hand's cards of the suit, the leader's small cards win too. A
//!   player can keep a card of the suit back by playing a card the rules let them play
//!   instead of following (a wild deuce of another suit, the joker in no trump), so those
//!   cards count as length;
//! - in a suit contract an opponent holding a trump (the Five Crowns joker is one) can
//!   ruff once out of the suit, and an opponent holding the wild deuce of trumps can ruff
//!   at once, so that suit gives nothing. A suit's wild deuce is no length here: its
//!   holder can shed it on another suit's lead and ruff a round early;
//! - a partner holding trumps may have to ruff a winner once out of the suit: that trick
//!   is still the side's but the lead moves, so past partner's length only one more
//!   trick counts;
//! - an opponent holding the unwinnable joker in no trump can play it to any of the
//!   leader's winners, and the leader must then lead another suit: cashing the suit with
//!   the fewest tricks last, the leader loses at most that suit's tricks but one.
//!
//! The bound holds only where the leader's tricks help the leader's side: where every
//! player wants the count either high with their own tricks counted or low without.

use tenace_cards::{Card, CardSet, Player, Rank, Suit};
use tenace_rules::trick::{NtJoker, SpecialRule};

use super::{GenericSearch, Ranks};

impl GenericSearch {
    /// A search result the leader's quick tricks decide for `target` of `left` tricks.
    /// With it, the winning ranks it rests on: the leader's cards above every other
    /// hand's in each suit that gave tricks (the rest depends only on lengths and on the
    /// special cards' owners, which the table's shape holds).
    pub(super) fn quick_bound(&self, target: u8, left: u8) -> Option<(bool, Ranks)> {
        let everyone = ((1u16 << self.players) - 1) as u8;
        if (self.roles.maximizers ^ self.roles.counted) & everyone != 0 {
            return None;
        }
        let (quick, ranks) = self.quick_tricks()?;
        let quick = quick.min(left);
        let decided = if self.maximizing(self.trick.leader()) {
            (quick >= target).then_some(true)
        } else {
            (left - quick < target).then_some(false)
        };
        decided.map(|d| (d, ranks))
    }

    /// A search result decided by the sure trump tricks: a trump above every trump the
    /// other group holds wins whenever it is played, whoever leads and whatever anyone
    /// wants, and one hand's such trumps fall in different tricks. So the counted players
    /// take at least as many tricks as one of them holds trumps above every uncounted
    /// player's, and the others as many the other way round. Holds under any roles and
    /// every rule set here: no special card beats the top trumps.
    /// With it, the winning ranks: the trumps of the run it counted.
    pub(super) fn sure_trump_bound(&self, target: u8, left: u8) -> Option<(bool, Ranks)> {
        let trump = self.rules.trump?;
        let joker_trumps = matches!(self.rules.special, SpecialRule::Joker(_));
        let mut counted = 0u16;
        let mut uncounted = 0u16;
        for (p, hand) in self.hands[..self.players].iter().enumerate() {
            if self.roles.counted >> p & 1 == 1 {
                counted |= hand.suit_bits(trump);
            } else {
                uncounted |= hand.suit_bits(trump);
            }
        }
        let above = |ours: u16, theirs: u16| {
            if theirs == 0 {
                ours
            } else {
                let top = 15 - theirs.leading_zeros();
                ours >> (top + 1) << (top + 1)
            }
        };
        // The joker, the lowest trump, only matters when the other group has no trump.
        let joker_owner = self.hands[..self.players]
            .iter()
            .position(|h| joker_trumps && h.contains(Card::JOKER));
        let run_counted = above(counted, uncounted);
        let run_uncounted = above(uncounted, counted);
        let mut sure_counted = 0;
        let mut sure_uncounted = 0;
        for (p, hand) in self.hands[..self.players].iter().enumerate() {
            let mine = hand.suit_bits(trump);
            if self.roles.counted >> p & 1 == 1 {
                let joker = (uncounted == 0 && joker_owner == Some(p)) as u32;
                sure_counted = sure_counted.max((mine & run_counted).count_ones() + joker);
            } else {
                let joker = (counted == 0 && joker_owner == Some(p)) as u32;
                sure_uncounted = sure_uncounted.max((mine & run_uncounted).count_ones() + joker);
            }
        }
        let mut ranks = [0; 5];
        if sure_counted as u8 >= target {
            ranks[trump.index()] = run_counted;
            Some((true, ranks))
        } else if left - (sure_uncounted as u8).min(left) < target {
            ranks[trump.index()] = run_uncounted;
            Some((false, ranks))
        } else {
            None
        }
    }

    /// The leader's quick tricks, where the rules let them be counted safely.
    fn quick_tricks(&self) -> Option<(u8, Ranks)> {
        if self.restriction.is_some() || matches!(self.rules.special, SpecialRule::Colons { .. }) {
            return None;
        }
        let leader = self.trick.leader();
        let hand = self.hands[leader.index()];
        let trump = self.rules.trump;
        // The Five Crowns joker is a trump in a suit contract.
        let joker_trumps = matches!(self.rules.special, SpecialRule::Joker(_)) && trump.is_some();
        let nt_joker = matches!(self.rules.special, SpecialRule::Joker(_)) && trump.is_none();
        let mut opponents = [Player(0); Player::MAX];
        let mut partners = [Player(0); Player::MAX];
        let (mut n_opp, mut n_part) = (0, 0);
        for p in 0..self.players as u8 {
            let p = Player(p);
            if p == leader {
            } else if self.wants_same(p, leader) {
                partners[n_part] = p;
                n_part += 1;
            } else {
                opponents[n_opp] = p;
                n_opp += 1;
            }
        }
        let opponents = &opponents[..n_opp];
        let partners = &partners[..n_part];
        let holds_trump = |p: Player| {
            let h = self.hands[p.index()];
            trump.is_some_and(|t| !h.suit(t).is_empty()) || joker_trumps && h.contains(Card::JOKER)
        };
        let trump_deuce = match (self.rules.special, trump) {
            (SpecialRule::WildDeuces, Some(t)) => CardSet::single(Card::new(t, Rank::Two)),
            _ => CardSet::EMPTY,
        };
        let opponent_wild_ruff = opponents
            .iter()
            .any(|p| !self.hands[p.index()].is_disjoint(trump_deuce));
        let partner_may_ruff = partners.iter().any(|&p| holds_trump(p));
        let mut total = 0u32;
        let mut excess = 0u32;
        let mut fewest = u32::MAX;
        let mut suits_held = 0;
        let mut ranks = [0; 5];
        for suit in Suit::FIVE_CROWNS {
            let mine = hand.suit_bits(suit);
            if mine == 0 {
                continue;
            }
            suits_held += 1;
            let mut others = 0u16;
            let mut longest = 0;
            for p in 0..self.players {
                if p != leader.index() {
                    others |= self.hands[p].suit_bits(suit);
                    longest = longest.max(self.capacity(self.hands[p], suit));
                }
            }
            let above = if others == 0 {
                mine
            } else {
                let top = 15 - others.leading_zeros();
                mine >> (top + 1) << (top + 1)
            };
            let winners = above.count_ones();
            let mut tricks = if winners >= longest {
                mine.count_ones()
            } else {
                winners
            };
            if trump.is_some_and(|t| t != suit) {
                if opponent_wild_ruff {
                    tricks = 0;
                }
                for &p in opponents {
                    if holds_trump(p) {
                        tricks = tricks.min(self.held_until_led(self.hands[p.index()], suit));
                    }
                }
                if partner_may_ruff {
                    let mut followed = tricks;
                    for &p in partners {
                        if holds_trump(p) {
                            followed =
                                followed.min(self.hands[p.index()].suit_bits(suit).count_ones());
                        }
                    }
                    excess += tricks - followed;
                    tricks = followed;
                }
            }
            if tricks > 0 {
                fewest = fewest.min(tricks);
                ranks[suit.index()] = above;
            }
            total += tricks;
        }
        total += excess.min(1);
        let joker_against = nt_joker
            && self.rules.special == SpecialRule::Joker(NtJoker::Unwinnable)
            && opponents
                .iter()
                .any(|p| self.hands[p.index()].contains(Card::JOKER));
        if joker_against && total > 0 && suits_held > 1 {
            total -= fewest - 1;
        }
        Some((total as u8, ranks))
    }

    /// How many cards of `suit` a hand must keep until the suit is led: a wild deuce
    /// may go to any trick, so an opponent can shed the suit's deuce on another suit's
    /// lead and be out of the suit (free to ruff) a round early.
    fn held_until_led(&self, hand: CardSet, suit: Suit) -> u32 {
        let mut cards = hand.suit_bits(suit);
        if self.rules.special == SpecialRule::WildDeuces {
            cards &= !(1 << Rank::Two as u8);
        }
        cards.count_ones()
    }

    /// How many rounds of `suit` a hand can answer without running out of it: its cards
    /// of the suit, and the cards it may play instead of following (wild deuces of other
    /// suits; the joker in no trump, or as a trump on a trump lead).
    fn capacity(&self, hand: CardSet, suit: Suit) -> u32 {
        let mut length = hand.suit_bits(suit).count_ones();
        match self.rules.special {
            SpecialRule::WildDeuces => {
                for other in Suit::FIVE_CROWNS {
                    if other != suit {
                        length += (hand.suit_bits(other) >> Rank::Two as u8 & 1) as u32;
                    }
                }
            }
            SpecialRule::Joker(_)
                if hand.contains(Card::JOKER) && self.rules.trump.is_none_or(|t| t == suit) =>
            {
                length += 1;
            }
            _ => {}
        }
        length
    }
}
