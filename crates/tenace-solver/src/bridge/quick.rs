//! Sure tricks in closed form: for the side on lead, each hand's winners suit by suit
//! and partner's winners reached with a small card (a finesse through the left-hand
//! opponent included); for both sides, the trumps that win tricks whoever leads; for
//! second hand's side, the trick in progress and the winners cashed after it. Each count comes with the ranks it rests on, so a cut-off it makes
//! holds for every position those ranks cover.
//!
//! Under wild deuces each count allows for what an opponent's deuces let them do: the
//! deuce of trumps ruffs whenever its holder likes, so no side-suit winner is sure
//! against it; a deuce of another suit may answer a round of a suit in place of a card
//! of it, so it counts as length where length keeps a guard ([`BridgeSearch::reach`]);
//! and a deuce may leave its suit on another suit's trick, so only the other cards of a
//! suit keep an opponent from ruffing it ([`BridgeSearch::ruff_length`]). The side's own
//! deuces need nothing: a count is a line of play, and the side may play as in Contract
//! Bridge. The sure trump tricks rest on the order of the trumps alone, which wild
//! deuces leave as it is.

use super::lanes::{lane_mask, rank_bit, suit_of};
use super::moves::highest;
use super::search::{BridgeSearch, DEUCE, DEUCES, NT, Ranks, union};

impl<const WILD: bool, const S: usize> BridgeSearch<WILD, S> {
    /// How many rounds of `suit` an opponent `player` can answer without showing out: its
    /// cards of the suit (`held`) and, under wild deuces, its deuces of other suits.
    #[inline]
    fn reach(&self, player: usize, suit: usize, held: u16) -> u32 {
        let length = held.count_ones();
        if WILD {
            length + (self.hands[player] & DEUCES & !lane_mask::<S>(suit)).count_ones()
        } else {
            length
        }
    }

    /// How many rounds of the side suit `suit` are safe from a ruff by `player` (who
    /// holds a trump): its cards of the suit; under wild deuces none when it holds the
    /// deuce of trumps, which ruffs at any time, and else not its deuce of the suit,
    /// which it may have played to another trick.
    #[inline]
    fn ruff_length(&self, player: usize, suit: usize) -> u32 {
        let cards = self.suit(player, suit);
        if !WILD {
            cards.count_ones()
        } else if self.suit(player, self.trump) & DEUCE != 0 {
            0
        } else {
            (cards & !DEUCE).count_ones()
        }
    }

    /// Trump tricks each side cannot fail to take, whoever leads: the count for
    /// North-South and for East-West, each with the trumps it rests on.
    ///
    /// - The side with the top trump: each card of one hand among the side's unbroken
    ///   run of top trumps wins a different trick (by itself or under partner's higher
    ///   trump). Two such cards split between the hands make two tricks when either hand
    ///   has another trump to play under partner's.
    /// - The other side, not on lead and holding the second trump in a hand with a trump
    ///   to spare: one trick when the top trump sits on that hand's right (it is played
    ///   first, so the second trump is never played under it) or when the side also
    ///   holds the third.
    /// - Either side, by length: every trump is played before the deal ends, and a trump
    ///   loses only to a higher trump, each of which beats at most one, so a hand's
    ///   trumps win at least their count less the opponents' trumps. That rests on
    ///   lengths alone, which every table key carries, so it adds no winning ranks.
    pub(crate) fn trump_tricks(&self) -> [(u8, Ranks<S>); 2] {
        let mut sure = self.top_trump_tricks();
        if self.trump == NT {
            return sure;
        }
        let length = |p: usize| self.suit(p, self.trump).count_ones() as u8;
        for (side, slot) in sure.iter_mut().enumerate() {
            let longest = length(side).max(length(side + 2));
            let theirs = length(side + 1) + length((side + 3) & 3);
            let count = longest.saturating_sub(theirs);
            if count > slot.0 {
                *slot = (count, [0; S]);
            }
        }
        sure
    }

    /// [`BridgeSearch::trump_tricks`] from the top trumps alone (the first two rules).
    fn top_trump_tricks(&self) -> [(u8, Ranks<S>); 2] {
        let mut sure = [(0, [0; S]); 2];
        if self.trump == NT {
            return sure;
        }
        let trumps: [u16; 4] = std::array::from_fn(|p| self.suit(p, self.trump));
        let all = trumps[0] | trumps[1] | trumps[2] | trumps[3];
        if all == 0 {
            return sure;
        }
        let owner = |bit: u16| (0..4).find(|&p| trumps[p] & bit != 0);
        let top = highest(all);
        let Some(holder) = owner(top) else {
            return sure;
        };
        let partner = (holder + 2) & 3;
        let side = trumps[holder] | trumps[partner];
        let theirs = all & !side;
        let run = if theirs == 0 {
            side
        } else {
            side >> (16 - theirs.leading_zeros()) << (16 - theirs.leading_zeros())
        };
        let (mine, partners) = (trumps[holder] & run, trumps[partner] & run);
        let mut count = mine.count_ones().max(partners.count_ones()) as u8;
        let mut ranks = [0; S];
        ranks[self.trump] = run;
        if count == 1
            && mine != 0
            && partners != 0
            && (trumps[holder].count_ones() > 1 || trumps[partner].count_ones() > 1)
        {
            count = 2;
            ranks[self.trump] = top | highest(all & !top);
        }
        sure[holder & 1] = (count, ranks);
        if theirs == 0 {
            return sure;
        }
        // The other side's second trump.
        let second = highest(all & !top);
        let Some(guard) = owner(second) else {
            return sure;
        };
        // The guard's side must not be on lead: leading a small trump from the guard
        // lets the top trump, playing last, win cheaply and keep its place over it.
        // Until the side wins a trick the lead never comes to it.
        if guard & 1 == holder & 1 || guard & 1 == self.leader & 1 || trumps[guard].count_ones() < 2
        {
            return sure;
        }
        let third = highest(all & !top & !second);
        let mut ranks = [0; S];
        if holder == (guard + 3) & 3 {
            ranks[self.trump] = top | second;
        } else if third != 0 && owner(third).is_some_and(|p| p & 1 == guard & 1) {
            ranks[self.trump] = top | second | third;
        } else {
            return sure;
        }
        sure[guard & 1] = (1, ranks);
        sure
    }

    /// With no trumps in play, whether the side on lead cannot take every trick left,
    /// and the top cards that rests on. That side wins a trick only with the top card
    /// of the suit led, so its tricks are at most, over the suits whose top card it
    /// holds, the longer of its two holdings; when that falls short of the tricks left,
    /// the other side takes one (DDS's later-tricks bound). It also takes one when every
    /// suit the leader can lead is topped by an opponent's card.
    pub(crate) fn leader_side_drops_one(&self) -> Option<Ranks<S>> {
        if self.trump != NT && (0..4).any(|p| self.suit(p, self.trump) != 0) {
            return None;
        }
        let ours = [self.leader, (self.leader + 2) & 3];
        let mut sum = 0;
        let mut ranks = [0; S];
        for (suit, suit_ranks) in ranks.iter_mut().enumerate() {
            let alive = (0..4).fold(0, |a, p| a | self.suit(p, suit));
            let top = highest(alive);
            if top == 0 {
                continue;
            }
            if ours.iter().any(|&p| self.suit(p, suit) & top != 0) {
                sum += ours
                    .iter()
                    .map(|&p| self.suit(p, suit).count_ones())
                    .max()
                    .unwrap_or(0);
            } else {
                *suit_ranks = top;
            }
        }
        // With five suits it fails to a squeeze: a defender guarding three suits with
        // three cards left must bare one on a winner of a fourth, and a fifth gives the
        // entry (found against minimax in Five Crowns). Four suits leave no room for
        // that; on 3,898 no-trump endings of three to six cards where it claimed a
        // trick, the exact value agreed every time.
        if S == 4 && sum > 0 && sum < u32::from(self.tricks_left()) {
            return Some(ranks);
        }
        self.leader_loses_the_lead()
    }

    /// With no trumps in play, whether the opponents win the trick about to be led: in
    /// every suit the leader holds, an opponent holds the top card (and plays after
    /// the leader). The ranks are those top cards.
    fn leader_loses_the_lead(&self) -> Option<Ranks<S>> {
        let mut ranks = [0; S];
        for (suit, suit_ranks) in ranks.iter_mut().enumerate() {
            if self.suit(self.leader, suit) == 0 {
                continue;
            }
            let theirs =
                self.suit((self.leader + 1) & 3, suit) | self.suit((self.leader + 3) & 3, suit);
            let top = highest((0..4).fold(0, |a, p| a | self.suit(p, suit)));
            if theirs & top == 0 {
                return None;
            }
            *suit_ranks = top;
        }
        Some(ranks)
    }

    /// Tricks the side on lead can cash at once: in each suit, the leader's cards above
    /// every other hand's (all of them once the others are out of the suit), where no
    /// opponent can ruff.
    pub(crate) fn quick_tricks(&self, need: u8) -> (u8, Ranks<S>) {
        let leader = self.leader;
        let partner = (leader + 2) & 3;
        let lho = (leader + 1) & 3;
        let rho = (leader + 3) & 3;
        // In a suit contract a partner out of a cashed suit but holding trumps may have to
        // ruff a winner: that trick is still ours, but the lead moves, so past the
        // rounds partner can follow only one more trick counts.
        let partner_may_ruff = self.trump != NT && self.suit(partner, self.trump) != 0;
        let mut total = 0u32;
        let mut excess = 0u32;
        let mut ranks = [0; S];
        let mut per_suit = [0u32; S];
        // No early exit for a void suit: every count below is then 0 by itself, and the
        // branch on it is hard to predict (measured under a branch simulator: 11% fewer
        // mispredicted branches in the whole search, and fewer instructions).
        for (suit, suit_ranks) in ranks.iter_mut().enumerate() {
            let mine = self.suit(leader, suit);
            let others = [
                self.suit(lho, suit),
                self.suit(partner, suit),
                self.suit(rho, suit),
            ];
            let longest = self
                .reach(lho, suit, others[0])
                .max(others[1].count_ones())
                .max(self.reach(rho, suit, others[2]));
            let (mut tricks, above) = cashable(mine, others, longest);
            if self.trump != NT && suit != self.trump {
                for opponent in [lho, rho] {
                    if self.suit(opponent, self.trump) != 0 {
                        tricks = tricks.min(self.ruff_length(opponent, suit));
                    }
                }
                if partner_may_ruff {
                    let followed = tricks.min(others[1].count_ones());
                    excess += tricks - followed;
                    tricks = followed;
                }
            }
            *suit_ranks = if tricks > 0 || excess > 0 { above } else { 0 };
            per_suit[suit] = tricks;
            total += tricks;
        }
        if total >= u32::from(need) {
            // Cashing only some suits is a line too: the bound then rests on those
            // suits' winners alone, which keeps it valid for more positions.
            let (sum, used) = cash_some(&per_suit, &ranks, u32::from(need), usize::MAX);
            return ((sum as u8).min(self.tricks_left()), used);
        }
        if let Some(found) = self.crossing_tricks(&per_suit, &ranks, u32::from(need)) {
            return found;
        }
        // One more trick moves the lead to partner: partner ruffs one of the leader's
        // winners (the excess) or one of its losers.
        let ruffs_a_loser = excess == 0 && self.partner_ruffs_a_loser(&per_suit);
        let ruffed = excess > 0 || ruffs_a_loser;
        if ruffed {
            total += 1;
        }
        if self.trump == NT
            && let Some((tricks, cross_ranks)) =
                self.partner_cashes_everywhere(total, u32::from(need))
        {
            union(&mut ranks, &cross_ranks);
            total += tricks;
            return ((total as u8).min(self.tricks_left()), ranks);
        }
        // After a ruff partner is on lead, and a finesse needs the lead toward it.
        if let Some((suit, tricks, cross_ranks)) = self.partner_tricks(total, !ruffed)
            // Ruffing may cost partner one of its top trumps.
            && !(ruffs_a_loser && suit == self.trump)
        {
            total += tricks;
            ranks[suit] |= cross_ranks;
        }
        ((total as u8).min(self.tricks_left()), ranks)
    }

    /// Whether, after the leader has cashed its `per_suit` winners, it can lead a card
    /// of a suit partner ruffs and nobody can beat that ruff: partner is out of the
    /// suit and still holds a trump (it follows to the leader's trump winners), and
    /// each opponent follows or holds no trump. (No winner of such a suit is in
    /// `per_suit`: partner would ruff it, so it counts as the excess instead.) It rests on suit lengths alone, which
    /// every table key carries, so it adds no winning ranks.
    fn partner_ruffs_a_loser(&self, per_suit: &[u32; S]) -> bool {
        if self.trump == NT {
            return false;
        }
        let leader = self.leader;
        let partner = (leader + 2) & 3;
        let partner_trumps = self.suit(partner, self.trump).count_ones();
        if partner_trumps <= per_suit[self.trump] {
            return false;
        }
        let opponents = [(leader + 1) & 3, (leader + 3) & 3];
        (0..S).filter(|&s| s != self.trump).any(|suit| {
            self.suit(leader, suit) != 0
                && self.suit(partner, suit) == 0
                && opponents
                    .iter()
                    .all(|&o| self.ruff_length(o, suit) != 0 || self.suit(o, self.trump) == 0)
        })
    }

    /// Second hand's cut-off: with one card led, the side of the player to play wins
    /// this trick whatever the leader's partner does (a higher card than the led one and
    /// the third hand's, or a ruff the third hand cannot beat), and in no trump the hand
    /// that wins it then cashes its sure winners. The ranks the count rests on when it
    /// reaches `need` tricks (this one included), else `None`.
    pub(crate) fn second_hand_tricks(&self, need: u8) -> Option<Ranks<S>> {
        debug_assert_eq!(self.len, 1);
        let me = self.to_play();
        let partner = (me + 2) & 3;
        let third = (me + 1) & 3;
        let led_card = self.trick[0];
        if self.is_joker(led_card) {
            // The second player picks the trick's suit: searched, not counted.
            return None;
        }
        let led = suit_of::<S>(led_card);
        let side_suit = self.trump != NT && led != self.trump;
        // Under wild deuces the deuce of trumps ruffs while its holder could follow.
        let ruffs = |p: usize| {
            side_suit && {
                let trumps = self.suit(p, self.trump);
                trumps != 0 && (self.suit(p, led) == 0 || WILD && trumps & DEUCE != 0)
            }
        };
        let mut ranks = [0; S];
        let ours = self.suit(me, led) | self.suit(partner, led);
        let top = highest(ours);
        if ruffs(me) || ruffs(partner) {
            // Any trump beats the led suit; the third hand must not overruff.
            if ruffs(third) {
                return None;
            }
        } else if top > highest(self.suit(third, led)) && top > rank_bit::<S>(led_card) {
            if ruffs(third) {
                return None;
            }
            ranks[led] = top;
        } else {
            return None;
        }
        let mut tricks = 1;
        if tricks >= need {
            return Some(ranks);
        }
        // The cashing after it assumes the winner leads as it likes: not so while the
        // no-trump joker may bar the suit of the trick it is dropped on.
        if self.trump != NT || self.joker_live() {
            return None;
        }
        // The hand with our side's top card in the led suit wins the trick and leads.
        let winner = if self.suit(me, led) & top != 0 {
            me
        } else {
            partner
        };
        let alive = self.alive(led);
        let second = highest(alive & !highest(alive));
        let held = self.suit(winner, led);
        if held & highest(alive) != 0 && held & second != 0 {
            tricks += 1;
            ranks[led] |= second;
            if tricks >= need {
                return Some(ranks);
            }
        }
        for suit in (0..S).filter(|&s| s != led) {
            let cards = self.suit(winner, suit);
            if cards == 0 {
                continue;
            }
            let others = (0..4)
                .filter(|&p| p != winner)
                .fold(0, |a, p| a | self.suit(p, suit));
            if others == 0 {
                // Nobody else holds the suit: every card of it wins (the lengths, part
                // of every table key, carry this).
                tricks += cards.count_ones() as u8;
            } else if highest(cards) > others {
                tricks += 1;
                ranks[suit] |= highest(cards);
            } else {
                continue;
            }
            if tricks >= need {
                return Some(ranks);
            }
        }
        None
    }

    /// The leader's side cashes winners in both hands of one suit, crossing to partner
    /// with a small card, after the leader's own winners elsewhere: `need` tricks
    /// that way, or `None`. The leader cashes its `a` winners (partner following with
    /// small cards, so partner must have `a` of them), leads a small card, and partner
    /// cashes its `b`. Ending in partner's hand is fine: this suit is cashed last.
    fn crossing_tricks(
        &self,
        per_suit: &[u32; S],
        ranks: &Ranks<S>,
        need: u32,
    ) -> Option<(u8, Ranks<S>)> {
        let leader = self.leader;
        let partner = (leader + 2) & 3;
        let opponents = [(leader + 1) & 3, (leader + 3) & 3];
        for suit in 0..S {
            let mine = self.suit(leader, suit);
            let theirs = self.suit(partner, suit);
            if mine == 0 || theirs == 0 {
                continue;
            }
            let opp = self.suit(opponents[0], suit) | self.suit(opponents[1], suit);
            let cut = if opp == 0 {
                0
            } else {
                16 - opp.leading_zeros()
            };
            let run_mine = mine >> cut << cut;
            let run_theirs = theirs >> cut << cut;
            let (a, b) = (run_mine.count_ones(), run_theirs.count_ones());
            if b == 0 || mine.count_ones() <= a || theirs.count_ones() - b < a {
                continue;
            }
            let mut here = a + b;
            if self.trump != NT && suit != self.trump {
                for &opponent in &opponents {
                    if self.suit(opponent, self.trump) != 0 {
                        here = here.min(self.ruff_length(opponent, suit));
                    }
                }
            }
            let mut others = *per_suit;
            others[suit] = 0;
            let rest = need.saturating_sub(here);
            let partner_spare = self.suited_cards(partner) - theirs.count_ones();
            if others.iter().sum::<u32>() < rest || partner_spare < rest {
                continue;
            }
            let (sum, mut used) = cash_some(&others, ranks, rest, suit);
            used[suit] = run_mine | run_theirs;
            return Some((((sum + here) as u8).min(self.tricks_left()), used));
        }
        None
    }

    /// No trump: the tricks partner takes once the leader, after cashing its `own`,
    /// reaches it, and the ranks they rest on. The lead crosses in a suit where the
    /// leader has a card and partner the top card (or the finesse through the left-hand
    /// opponent, two tricks); partner then cashes its winners in other suits, every
    /// card of a suit where its winners outnumber each other hand's cards. Only as
    /// many suits as make `need` with `own` are used, so the bound rests on fewest
    /// ranks. Partner must keep those suits' cards while the leader cashes, so it
    /// needs `own` other cards to play. `None` when there is no way across.
    fn partner_cashes_everywhere(&self, own: u32, need: u32) -> Option<(u32, Ranks<S>)> {
        let leader = self.leader;
        let partner = (leader + 2) & 3;
        let lho = (leader + 1) & 3;
        let rho = (leader + 3) & 3;
        let mut per_suit = [(0u32, 0u16); S];
        // The way across: the suit, and its tricks and ranks when it is the suit led
        // to partner (the finesse works only then: partner on lead cashes from the top).
        let mut entry: Option<(usize, (u32, u16), u32)> = None;
        for (suit, slot) in per_suit.iter_mut().enumerate() {
            let theirs = self.suit(partner, suit);
            if theirs == 0 {
                continue;
            }
            let mine = self.suit(leader, suit);
            let left_hand = self.suit(lho, suit);
            let right_hand = self.suit(rho, suit);
            let longest = mine
                .count_ones()
                .max(self.reach(lho, suit, left_hand))
                .max(self.reach(rho, suit, right_hand));
            let (count, winners) = cashable(theirs, [mine, left_hand, right_hand], longest);
            *slot = (count, winners);
            if mine == 0 || count == 0 {
                continue;
            }
            let mut crossing = *slot;
            if count == 1
                && let Some(finessed) =
                    finesse(theirs, left_hand, mine | left_hand | self.suit(rho, suit))
            {
                crossing = (2, winners | finessed);
            }
            // The finesse is worth a trick more than cashing from the top; else the
            // suit with most tricks, though any of them would do.
            let gain = |c: (u32, u16), plain: u32| (c.0 - plain, c.0);
            if entry.is_none_or(|(_, e, plain)| gain(crossing, count) > gain(e, plain)) {
                entry = Some((suit, crossing, count));
            }
        }
        let (first, crossing, _) = entry?;
        per_suit[first] = crossing;
        let mut order: [usize; S] = std::array::from_fn(|s| s);
        order.sort_by_key(|&s| (s != first, std::cmp::Reverse(per_suit[s].0)));
        let mut tricks = 0;
        let mut kept = 0;
        let mut ranks = [0; S];
        for suit in order {
            let (count, suit_ranks) = per_suit[suit];
            if count == 0 || own + tricks >= need {
                break;
            }
            tricks += count;
            kept += self.suit(partner, suit).count_ones();
            ranks[suit] = suit_ranks;
        }
        (self.suited_cards(partner) - kept >= own).then_some((tricks, ranks))
    }

    /// Tricks partner can cash after the leader's own: in a suit where partner's top
    /// cards are above every other card (the leader's too) and the leader has a card to
    /// lead to them, once the leader has cashed `own` tricks; or, with `may_finesse`
    /// (the leader still on lead), two tricks by the [`finesse`] when partner's top
    /// card is the suit's only winner. Partner keeps those cards through the leader's
    /// cashing only if it has `own` other cards to part with.
    fn partner_tricks(&self, own: u32, may_finesse: bool) -> Option<(usize, u32, u16)> {
        let leader = self.leader;
        let partner = (leader + 2) & 3;
        let opponents = [(leader + 1) & 3, (leader + 3) & 3];
        let mut best: Option<(usize, u32, u16)> = None;
        for suit in 0..S {
            let mine = self.suit(leader, suit);
            let theirs = self.suit(partner, suit);
            if mine == 0 || theirs == 0 {
                continue;
            }
            let lho = self.suit(opponents[0], suit);
            let others = mine | lho | self.suit(opponents[1], suit);
            let top_other = 15 - others.leading_zeros();
            let mut winners = theirs >> (top_other + 1) << (top_other + 1);
            let mut tricks = winners.count_ones();
            if tricks == 1
                && may_finesse
                && let Some(finessed) = finesse(theirs, lho, others)
            {
                tricks = 2;
                winners |= finessed;
            }
            if tricks == 0 || self.suited_cards(partner) - theirs.count_ones() < own {
                continue;
            }
            if self.trump != NT && suit != self.trump {
                for &opponent in &opponents {
                    if self.suit(opponent, self.trump) != 0 {
                        tricks = tricks.min(self.ruff_length(opponent, suit));
                    }
                }
            }
            if tricks > best.map_or(0, |b| b.1) {
                best = Some((suit, tricks, winners));
            }
        }
        best
    }
}

/// A hand's sure tricks in one suit cashed from the top, nobody ruffing, against the
/// `others` hands' cards: its cards above all of theirs, or every card it holds when
/// those outnumber the rounds any other hand can answer (`longest_other`: its length,
/// and for an opponent under wild deuces its deuces of other suits). With the cards
/// above, which the count rests on.
pub(crate) fn cashable(hand: u16, others: [u16; 3], longest_other: u32) -> (u32, u16) {
    let other_bits = others[0] | others[1] | others[2];
    let cut = 16 - other_bits.leading_zeros();
    let above = (u32::from(hand) >> cut << cut) as u16;
    let winners = above.count_ones();
    let tricks = if winners >= longest_other {
        hand.count_ones()
    } else {
        winners
    };
    (tricks, above)
}

/// The finesse toward partner, whose top card is above `others` (every other hand's
/// cards in the suit): when the left-hand opponent holds the second card and partner
/// the third, a small card led toward partner makes two tricks, the second card
/// falling under the top or the third winning and the top the next. The second and
/// third cards, which the extra trick rests on.
fn finesse(partner: u16, left_hand: u16, others: u16) -> Option<u16> {
    let second = highest(others);
    let third = highest(others & !second | partner & !highest(partner));
    (left_hand & second != 0 && partner & third != 0).then_some(second | third)
}

/// The fewest suits' winners (from `per_suit` tricks and their `ranks`) that make `need`
/// tricks, skipping suit `skip` (`usize::MAX` for none): the tricks and the ranks they
/// rest on.
fn cash_some<const S: usize>(
    per_suit: &[u32; S],
    ranks: &Ranks<S>,
    need: u32,
    skip: usize,
) -> (u32, Ranks<S>) {
    let mut order: [usize; S] = std::array::from_fn(|s| s);
    order.sort_by_key(|&s| std::cmp::Reverse(per_suit[s]));
    let mut sum = 0;
    let mut used = [0; S];
    for s in order {
        if sum >= need || s == skip || per_suit[s] == 0 {
            continue;
        }
        let wanted = need - sum;
        sum += per_suit[s];
        used[s] = ranks[s];
        // Cashing fewer winners than the suit holds rests on the top ones only.
        while used[s].count_ones() > wanted.max(1) && per_suit[s] <= used[s].count_ones() {
            used[s] &= used[s] - 1;
        }
    }
    (sum, used)
}

#[cfg(test)]
mod tests {
    use crate::Solver;
    use crate::bridge::random_endings::random_endings;

    /// Cards as (suit lane, rank) pairs, clubs 0 and ace 14, into a hand mask.
    fn hand(cards: &[(u64, u64)]) -> u64 {
        cards
            .iter()
            .fold(0, |h, &(suit, rank)| h | 1 << (suit * 16 + rank))
    }

    /// South leads a small club toward North's ace-queen: with the king on South's left
    /// (West plays before North) that is two tricks; on the right, only the ace.
    #[test]
    fn the_finesse_toward_partner_counts_only_through_the_left_hand_opponent() {
        let (clubs, diamonds, hearts) = (0, 1, 2);
        let north = hand(&[(clubs, 14), (clubs, 12), (hearts, 2), (hearts, 3)]);
        let south = hand(&[(clubs, 3), (clubs, 4), (diamonds, 2), (diamonds, 3)]);
        let king_and_small = hand(&[(clubs, 13), (clubs, 5), (diamonds, 4), (diamonds, 5)]);
        let small = hand(&[(clubs, 6), (hearts, 4), (hearts, 5), (diamonds, 6)]);
        let mut solver = Solver::with_memory(8 << 20);
        for (east, west, counted) in [(small, king_and_small, 2), (king_and_small, small, 1)] {
            let ending = crate::bridge::random_endings::Ending {
                hands: [north, east, south, west],
                trump: crate::bridge::search::NT,
                leader: 2,
                size: 4,
            };
            let (quick, _) = ending.search().quick_tricks(2);
            assert_eq!(
                quick,
                counted,
                "king with {}",
                if counted == 2 { "West" } else { "East" }
            );
            assert!(quick <= ending.exact(&mut solver));
        }
    }

    /// South crosses to North's club ace; North then cashes the heart ace-king and the
    /// diamond nobody else holds, though South has no heart or diamond to lead.
    #[test]
    fn partner_cashes_every_suit_once_the_lead_crosses() {
        let (clubs, diamonds, hearts, spades) = (0, 1, 2, 3);
        let north = hand(&[(clubs, 14), (hearts, 14), (hearts, 13), (diamonds, 2)]);
        let south = hand(&[(clubs, 3), (spades, 2), (spades, 3), (spades, 4)]);
        let east = hand(&[(clubs, 4), (hearts, 3), (spades, 5), (spades, 6)]);
        let west = hand(&[(clubs, 5), (hearts, 4), (spades, 7), (spades, 8)]);
        let mut ending = crate::bridge::random_endings::Ending {
            hands: [north, east, south, west],
            trump: crate::bridge::search::NT,
            leader: 2,
            size: 4,
        };
        let (quick, ranks) = ending.search().quick_tricks(4);
        assert_eq!(quick, 4);
        // The bound rests on North's top cards, not on the spades.
        assert_eq!(ranks[spades as usize], 0);
        assert_eq!(quick, ending.exact(&mut Solver::with_memory(8 << 20)));
        // Without the club to cross with, South takes nothing at once.
        ending.hands[2] = hand(&[(diamonds, 3), (spades, 2), (spades, 3), (spades, 4)]);
        ending.hands[1] = hand(&[(clubs, 4), (clubs, 3), (diamonds, 4), (spades, 5)]);
        ending.hands[3] = hand(&[(clubs, 5), (hearts, 4), (hearts, 3), (spades, 8)]);
        ending.hands[0] = hand(&[(clubs, 14), (hearts, 14), (hearts, 13), (spades, 7)]);
        assert_eq!(ending.search().quick_tricks(4).0, 0);
    }

    /// The quick tricks never exceed what the side on lead can take, the sure trump
    /// tricks never exceed either side's, and the side on lead never takes every trick
    /// when the later-tricks bound says it drops one: on random endings, many with
    /// long trumps.
    #[test]
    fn quick_and_sure_trump_tricks_never_claim_more_than_the_exact_value() {
        let mut solver = Solver::with_memory(8 << 20);
        let (mut quick_claimed, mut trumps_claimed, mut drops_claimed) = (0, 0, 0);
        for (i, ending) in random_endings(7, 3000, true).into_iter().enumerate() {
            let search = ending.search();
            let exact = ending.exact(&mut solver);
            let (quick, _) = search.quick_tricks(ending.size);
            let sure = search.trump_tricks();
            let ours = ending.leader & 1;
            let why = format!(
                "#{i} {:x?} trump {} leader {}",
                ending.hands, ending.trump, ending.leader
            );
            assert!(quick <= exact, "{why}: quick {quick} > exact {exact}");
            assert!(
                sure[ours].0 <= exact,
                "{why}: sure {} > exact {exact}",
                sure[ours].0
            );
            let theirs = ending.size - exact;
            assert!(
                sure[1 - ours].0 <= theirs,
                "{why}: their sure {} > {theirs}",
                sure[1 - ours].0
            );
            if search.leader_side_drops_one().is_some() {
                assert!(
                    exact < ending.size,
                    "{why}: the side on lead takes every trick"
                );
                drops_claimed += 1;
            }
            quick_claimed += u32::from(quick);
            trumps_claimed += u32::from(sure[0].0 + sure[1].0);
        }
        // Every bound finds tricks, or the test would prove nothing.
        assert!(
            quick_claimed > 1000 && trumps_claimed > 1000 && drops_claimed > 100,
            "{quick_claimed} {trumps_claimed} {drops_claimed}"
        );
    }
}
