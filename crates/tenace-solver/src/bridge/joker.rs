//! The Five Crowns joker in no trump, under the default rule (`fc_nt_joker = unwinnable`,
//! RULES.md §2.2): it may be played to any trick, even by a player who can follow, and
//! never wins; led, it leaves the trick's suit to the second card; and the winner of a
//! trick with the joker in it must lead another suit than the trick's, if they can.
//!
//! In the five-suit layout the joker is then bit [`NT_JOKER`] of a hand, outside every
//! suit's lane, so the suit-by-suit code never sees it. What it changes:
//! - the legal cards ([`BridgeSearch::joker_moves`]) and the suit of a trick it led
//!   ([`BridgeSearch::led_suit`]);
//! - the trick's winner: it beats nothing, and anything beats it;
//! - the next lead after a trick it was played to ([`BridgeSearch::barred`]);
//! - the table key: who holds it (see [`BridgeSearch::joker_code`]);
//! - the bounds: none is used while it is in play or a lead is barred. Each counts tricks
//!   as a line of leads the side chooses, and a joker dropped on one of those tricks by
//!   any player makes its winner switch suits (an ace-king cashed as ace, joker, then a
//!   forced switch to a small card loses the king).
//!
//! Under `fc_nt_joker = nominated_two` the joker in a hand is the same bit, and played
//! it is the two of the suit its holder names: the bit below that suit's 3, which no
//! other no-trump card uses, so the trick's winner and the follow-suit rule are plain
//! again ([`BridgeSearch::is_named_joker`]). What it changes besides:
//! - the legal cards ([`BridgeSearch::named_joker_moves`]): it may not be named as a suit
//!   its holder has shown out of, so those suits are part of the search
//!   ([`BridgeSearch::note_void`]) and of the table key;
//! - it bars nothing, and the bounds hold as under the unwinnable joker (its holder's
//!   side may keep it back; against it, it is one more card of length in any suit,
//!   which [`BridgeSearch::quick_tricks_against_joker`] allows for, and it wins only
//!   when led as a suit nobody else holds, never on the leader's cashing tricks).

use super::lanes::{NT_JOKER, card_at, rank_of, suit_of};
use super::moves::MoveList;
use super::search::{BridgeSearch, NT, Ranks};

/// No suit barred from the next lead.
pub(crate) const NO_BAR: usize = usize::MAX;

/// The move score of the joker played to a trick: a discard that wins nothing and
/// keeps every guard, tried after a sure winner but before most other plays. Against 0
/// (after the cards that may win), with [`JOKER_LED`] at -150 against -80: 7.8% and
/// 7.2% fewer nodes on the no-trump solves of seeds 0 to 9 and 10 to 19
/// (`generic_speed crowns-nt`); 45 and 60 did no better.
const JOKER_PLAYED: i16 = 30;

/// The move score of a joker lead: it hands the choice of suit to the opponent on the
/// left, so it comes after every other lead.
const JOKER_LED: i16 = -150;

impl<const WILD: bool, const S: usize> BridgeSearch<WILD, S> {
    /// Whether this copy of the search plays the no-trump joker: five suits in no trump.
    #[inline(always)]
    pub(crate) fn joker_rules(&self) -> bool {
        S == 5 && self.trump == NT
    }

    /// Whether `card` is the no-trump joker.
    #[inline(always)]
    pub(crate) fn is_joker(&self, card: u8) -> bool {
        S == 5 && card == NT_JOKER
    }

    /// Whether `card` is the named joker as played: under `nominated_two` the joker goes
    /// to a trick as the two of the suit its holder names, the bit below that suit's 3
    /// (no other card of no trump uses it).
    #[inline(always)]
    pub(crate) fn is_named_joker(&self, card: u8) -> bool {
        S == 5 && self.named_joker && rank_of::<S>(card) == 0 && card != NT_JOKER
    }

    /// Under the named joker, notes the suit its holder shows out of by playing `card`
    /// (already out of the hand) to another suit's trick.
    #[inline]
    pub(crate) fn note_void(&mut self, player: usize, card: u8) {
        if self.len == 0 || self.hands[player] >> NT_JOKER & 1 == 0 {
            return;
        }
        let led = suit_of::<S>(self.trick[0]);
        if suit_of::<S>(card) != led {
            self.joker_voids |= 1 << led;
        }
    }

    /// Adds the named joker's plays (`nominated_two`, RULES.md §2.2) when the player to
    /// play holds it: led, as the two of each suit its holder has not shown out of;
    /// following, as the two of the led suit while the holder has that suit, else once
    /// as a discard (named as any suit allowed: no such two wins a trick, and the joker
    /// is gone after it, so every naming leaves the same position).
    pub(crate) fn named_joker_moves(&self, list: &mut MoveList<S>) {
        let player = self.to_play();
        if self.hands[player] >> NT_JOKER & 1 == 0 {
            return;
        }
        let allowed = !self.joker_voids & ((1 << S) - 1) as u8;
        if self.len == 0 {
            for suit in (0..S).filter(|&s| allowed >> s & 1 == 1) {
                // The two wins the trick only when nobody else holds the suit.
                let alone = (1..4).all(|offset| self.suit((player + offset) & 3, suit) == 0);
                list.push(card_at::<S>(suit, 0), if alone { 40 } else { JOKER_LED });
            }
            return;
        }
        let Some(led) = self.led_suit() else {
            return;
        };
        let named = if self.suit(player, led) != 0 {
            Some(led)
        } else {
            // Another suit than the led one, where allowed, keeps the trick's winning
            // card from resting on its rank.
            let others = allowed & !(1 << led);
            [others, allowed]
                .into_iter()
                .find(|&m| m != 0)
                .map(|m| m.trailing_zeros() as usize)
        };
        if let Some(suit) = named {
            list.push(card_at::<S>(suit, 0), JOKER_PLAYED);
        }
    }

    /// Whether the no-trump joker is still in a hand or in the trick in progress.
    #[inline]
    pub(crate) fn joker_live(&self) -> bool {
        self.joker_rules() && self.in_play >> NT_JOKER & 1 == 1
    }

    /// Whether the search may use its bounds at this trick start, the side on lead
    /// needing `need` tricks: always but in Five Crowns no trump; there, when no suit
    /// is barred from the lead and the joker is out of play or held by the side on
    /// lead with a suited card to spare.
    ///
    /// Held by that side, the joker changes nothing the bounds count: they are lines of
    /// that side's play, which may keep the joker back and play as in plain no trump,
    /// and the opponents hold no joker to bar a suit with. The holder must never be
    /// made to play it: over the `need` tricks counted it plays `need` cards, so it
    /// needs that many suited cards, one fewer than the tricks left (a partner's cards
    /// to spare are counted without the joker, [`BridgeSearch::suited_cards`]).
    #[inline]
    pub(crate) fn bounds_hold(&self, need: u8) -> bool {
        if S == 4 {
            return true;
        }
        if self.barred != NO_BAR {
            return false;
        }
        match self.joker_holder() {
            None => true,
            Some(holder) => holder & 1 == self.leader & 1 && need < self.tricks_left(),
        }
    }

    /// The leader's sure tricks from its own top cards while an opponent holds the
    /// no-trump joker (no suit barred), with the ranks they rest on. The joker may go on any one of the tricks and bar its suit from the next
    /// lead; it may also keep back one more card of a suit for its holder, which counts
    /// as length the way a card would. Against that the leader cashes the suit with
    /// fewest winners last: dropped on a trick of any earlier suit, the joker only
    /// makes the leader take another suit's winner first; dropped on the first trick of
    /// the last suit, it costs that suit's other winners. So the count is every suit's
    /// winners but the fewest's less one, and all of them when the leader holds nothing
    /// but one suit's winners (a barred leader with nothing else leads the suit).
    pub(crate) fn quick_tricks_against_joker(&self) -> (u8, Ranks<S>) {
        let leader = self.leader;
        let holder = self.joker_holder().unwrap_or(usize::MAX);
        let mut ranks = [0; S];
        let mut total = 0;
        let mut fewest = u32::MAX;
        let mut suits = 0;
        let mut held = 0;
        for (suit, suit_ranks) in ranks.iter_mut().enumerate() {
            let mine = self.suit(leader, suit);
            if mine == 0 {
                continue;
            }
            held += 1;
            let others = [1, 2, 3].map(|offset| self.suit((leader + offset) & 3, suit));
            let longest = (1..4)
                .map(|offset| {
                    let player = (leader + offset) & 3;
                    others[offset - 1].count_ones() + u32::from(player == holder)
                })
                .max()
                .unwrap_or(0);
            let (tricks, above) = super::quick::cashable(mine, others, longest);
            if tricks == 0 {
                continue;
            }
            *suit_ranks = above;
            total += tricks;
            fewest = fewest.min(tricks);
            suits += 1;
        }
        let sure = if suits == 0 {
            0
        } else if held == 1 && total == self.suited_cards(leader) {
            total
        } else {
            total - fewest + 1
        };
        ((sure as u8).min(self.tricks_left()), ranks)
    }

    /// Whether an opponent of the leader holds the no-trump joker.
    #[inline]
    pub(crate) fn joker_against_leader(&self) -> bool {
        self.barred == NO_BAR
            && self
                .joker_holder()
                .is_some_and(|holder| holder & 1 != self.leader & 1)
    }

    /// A hand's cards but the no-trump joker.
    #[inline]
    pub(crate) fn suited_cards(&self, player: usize) -> u32 {
        let joker = if S == 5 { 1u64 << NT_JOKER } else { 0 };
        (self.hands[player] & !joker).count_ones()
    }

    /// The suit of the trick in progress: the led card's, or when the joker was led, the
    /// second card's (`None` while the joker is the only card played).
    #[inline]
    pub(crate) fn led_suit(&self) -> Option<usize> {
        let first = self.trick[0];
        if !self.is_joker(first) {
            Some(suit_of::<S>(first))
        } else if self.len >= 2 {
            Some(suit_of::<S>(self.trick[1]))
        } else {
            None
        }
    }

    /// The suit a complete trick, won by `winner`, bars from the next lead: its suit
    /// when the joker was played to it, else [`NO_BAR`] (see [`BridgeSearch::bar_for`]).
    pub(crate) fn bar_after_trick(&self, winner: usize) -> usize {
        if !self.joker_rules() || !self.trick.contains(&NT_JOKER) {
            return NO_BAR;
        }
        self.bar_for(winner, self.led_suit().unwrap_or(NO_BAR))
    }

    /// The bar on `suit` for `leader`'s lead, or [`NO_BAR`] where it changes nothing: the
    /// leader holds no card of the suit, or nothing else. So the bounds and the table
    /// see a barred lead only where it is one (a sixth of the trick starts of no-trump
    /// solves were barred leads; most of them were not).
    pub(crate) fn bar_for(&self, leader: usize, suit: usize) -> usize {
        if suit == NO_BAR {
            return NO_BAR;
        }
        let others = self.hands[leader] & !super::lanes::lane_mask::<S>(suit);
        if self.suit(leader, suit) == 0 || others == 0 {
            NO_BAR
        } else {
            suit
        }
    }

    /// The table key's share of the joker: 0 when it is out of play (or in another
    /// game) and no suit is barred, its holder plus one while in play, and 5 plus the
    /// barred suit once it is out (it leaves the bar behind). Who holds it decides who
    /// may play it anywhere, and the bar what the leader may lead. The named joker
    /// (1 to 128): its holder and the suits it may no longer be named as.
    pub(crate) fn joker_code(&self) -> usize {
        if S == 5 && self.barred != NO_BAR {
            return 5 + self.barred;
        }
        if S == 5 && self.named_joker {
            // The named joker's holder, and the suits it may no longer be named as.
            return self
                .joker_holder()
                .map_or(0, |holder| 1 + holder * 32 + usize::from(self.joker_voids));
        }
        self.joker_holder().map_or(0, |holder| holder + 1)
    }

    /// Who holds the no-trump joker, if it is in a hand.
    pub(crate) fn joker_holder(&self) -> Option<usize> {
        if !self.joker_rules() {
            return None;
        }
        (0..4).find(|&p| self.hands[p] >> NT_JOKER & 1 == 1)
    }

    /// Whether `player`, on lead, may lead `suit`: under a bar, every suit but the barred
    /// one (and the joker), if it holds any; else the barred suit.
    pub(crate) fn may_lead_suit(&self, player: usize, suit: usize) -> bool {
        if S == 4 || self.barred == NO_BAR || suit != self.barred {
            return true;
        }
        let others = self.hands[player] & !super::lanes::lane_mask::<S>(suit);
        others == 0
    }

    /// Adds the joker's own plays to `list`, when the player to play holds it: it may be
    /// led, and played to any trick. With the joker led and nobody else played yet,
    /// every card of the second player is legal; those are added here too, highest
    /// first. Returns whether the list is complete (the joker was led).
    pub(crate) fn joker_moves(&self, list: &mut MoveList<S>) -> bool {
        if self.named_joker {
            self.named_joker_moves(list);
            return false;
        }
        let player = self.to_play();
        let holds = self.hands[player] >> NT_JOKER & 1 == 1;
        if self.len == 0 {
            if holds {
                list.push(NT_JOKER, JOKER_LED);
            }
            return false;
        }
        if self.led_suit().is_none() {
            // Second hand after a joker lead: any card, and its suit is the trick's.
            for suit in 0..S {
                let mine = self.suit(player, suit);
                let tops = self.tops(mine, self.alive(suit));
                list.left_out[suit] = mine & !tops;
                let mut rest = tops;
                while rest != 0 {
                    let rank = rest.trailing_zeros();
                    rest &= rest - 1;
                    list.push(super::lanes::card_at::<S>(suit, rank), rank as i16);
                }
            }
            return true;
        }
        if holds {
            list.push(NT_JOKER, JOKER_PLAYED);
        }
        false
    }
}
