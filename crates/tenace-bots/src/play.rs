//! Card play by rules of thumb, shared by every game through the one trick engine
//! ([`tenace_rules::trick::TrickRules`]): whether a card would win the trick now is asked
//! of the rules themselves, so deuces, the joker and colons need no special cases here.
//!
//! The maxims, in the order they are tried:
//!
//! * **Leads.** Draw trumps as declarer while the opponents may hold some; cash a sure
//!   winner; against a contract, lead partner's suit, an ace from ace-king, the top of a
//!   sequence, a singleton against a trump contract, else the fourth best of the longest
//!   suit; otherwise low from the longest side suit.
//! * **Following.** Partner winning and likely to hold: play low. Second hand low, but
//!   cover an honour with an honour. Third hand high: the cheapest card that wins. Last
//!   to play: win as cheaply as possible. Void while the opponents win: ruff as low as
//!   will do. Cannot win: the lowest card of the least useful suit.
//! * **Devil's Bridge** aims at its bid exactly, one player among several, and weighs
//!   its cards in [`crate::devils_play`] instead; once the bid is out of reach under
//!   `tricks_plus_bonus` it takes every trick it can by the maxims above.
//! * **Bridgette**: a colon counts as the lowest card, so a colon of the led card's group
//!   goes when the trick is lost anyway (it keeps a real card and blocks the suit), and a
//!   Grand or Royal colon is led as a sure winner once every card that beats it is gone.

use tenace_cards::{Card, CardSet, Player, Suit};
use tenace_rules::trick::{Trick, TrickRules};
use tenace_rules::{Action, Call};

use crate::bot::Decision;
use crate::hand_eval::below_top;
use crate::seat_info::SeatInfo;

/// What the player wants from the tricks still to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// As many tricks as possible for the side (the bidding games).
    MostTricks,
    /// Exactly this many more tricks (Devil's Bridge: the bid less the tricks won).
    Exactly(i32),
}

/// One playable option: a card, with the suit a named joker is played as.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Playable {
    pub action: Action,
    pub card: Card,
    /// The suit a named joker is played as.
    pub named: Option<Suit>,
}

fn options(legal: &[Action]) -> Vec<Playable> {
    legal
        .iter()
        .filter_map(|&action| match action {
            Action::Card(card) => Some(Playable {
                action,
                card,
                named: None,
            }),
            Action::NamedJoker(s) => Some(Playable {
                action,
                card: Card::JOKER,
                named: Some(s),
            }),
            _ => None,
        })
        .collect()
}

/// A card's worth for choosing the lowest: its rank, colons and an unwinnable joker 0.
pub(crate) fn rank_value(card: Card) -> u8 {
    card.rank()
        .map_or(if card == Card::JOKER { 1 } else { 0 }, |r| r as u8)
}

/// The play's view of the table, built once per decision.
pub(crate) struct Table<'a, 'b> {
    pub info: &'b SeatInfo<'a>,
    pub rules: TrickRules,
    pub trick: Trick,
    /// The actor's hand.
    pub hand: CardSet,
    /// The cards still unseen: in the others' hands or not dealt.
    pub unseen: CardSet,
}

impl Table<'_, '_> {
    pub(crate) fn trump(&self) -> Option<Suit> {
        self.rules.trump
    }

    fn is_trump(&self, card: Card) -> bool {
        self.rules.trump.is_some() && self.rules.effective_suit(card, None) == self.rules.trump
    }

    /// Whether playing `o` now puts it on top of the trick.
    pub(crate) fn wins_now(&self, o: &Playable) -> bool {
        let mut t = self.trick;
        t.push_as(o.card, self.rules.effective_suit(o.card, o.named));
        self.rules.winning_position(&t) == t.cards().len() - 1
    }

    /// Whether no card still unseen (in an opponent's hand, or the stock) beats `card`
    /// in its suit. A colon is a sure winner when no unseen card of its group or trump
    /// is left to beat it.
    fn is_master(&self, card: Card) -> bool {
        if card.is_colon() {
            return self.unseen.iter().all(|c| {
                c.group_colon() != Some(card)
                    && !(self.trump().is_some() && c.suit() == self.trump())
            });
        }
        let (Some(suit), Some(rank)) = (card.suit(), card.rank()) else {
            return false;
        };
        self.unseen
            .suit(suit)
            .iter()
            .all(|c| c.rank().is_some_and(|r| r < rank))
    }

    /// The players still to play to this trick after the actor.
    pub(crate) fn still_to_play(&self) -> usize {
        self.info.view.players - self.trick.cards().len() - 1
    }

    fn winner_is_ours(&self) -> Option<bool> {
        if self.trick.is_empty() {
            return None;
        }
        let pos = self.rules.winning_position(&self.trick);
        let winner = self.trick.leader().offset(pos, self.info.view.players);
        Some(self.info.same_side(winner, self.info.actor))
    }

    /// How useful a card is to keep: trumps and sure winners most, then honours, then
    /// cards of long suits; the least useful card is the one to throw.
    pub(crate) fn keep_value(&self, card: Card) -> i32 {
        let mut v = i32::from(rank_value(card));
        if self.is_trump(card) {
            v += 40;
        }
        if self.is_master(card) && !card.is_colon() {
            v += 30;
        }
        if let Some(s) = card.suit() {
            // A short suit's low cards go first, so voids appear for ruffing.
            v += self.hand.suit(s).len() as i32;
        }
        v
    }

    fn lowest<'o>(&self, opts: &'o [Playable]) -> &'o Playable {
        opts.iter()
            .min_by_key(|o| (self.keep_value(o.card), o.card))
            .expect("options are never empty")
    }

    fn cheapest_winner<'o>(&self, opts: &'o [Playable]) -> Option<&'o Playable> {
        opts.iter()
            .filter(|o| self.wins_now(o))
            .min_by_key(|o| (self.is_trump(o.card), rank_value(o.card), o.card))
    }
}

/// Chooses a card from `legal` for the player whose view `info` reads, by the maxims of
/// the module notes.
pub(crate) fn choose_card(info: &SeatInfo, legal: &[Action], goal: Goal) -> Option<Decision> {
    let opts = options(legal);
    if opts.is_empty() {
        return None;
    }
    if opts.len() == 1 {
        return Some(Decision::new(opts[0].action, "the only legal card"));
    }
    let hand = info.hand?;
    let trick = info.view.trick?;
    let table = Table {
        info,
        rules: info.trick_rules(),
        trick,
        hand,
        unseen: info.unseen(),
    };
    let (o, why) = if let Goal::Exactly(need) = goal {
        // Devil's Bridge while the bid can be made: one player among several.
        crate::devils_play::choose(&table, &opts, need)
    } else if trick.is_empty() {
        lead(&table, &opts)
    } else {
        follow_to_win(&table, &opts)
    };
    Some(Decision::new(o.action, why))
}

fn lead<'o>(t: &Table, opts: &'o [Playable]) -> (&'o Playable, String) {
    if let Some(o) = draw_trumps(t, opts) {
        return (o, "draw trumps".into());
    }
    if let Some(o) = opening_lead(t, opts) {
        return o;
    }
    if let Some(o) = opts
        .iter()
        .filter(|o| t.is_master(o.card) && !t.is_trump(o.card))
        .max_by_key(|o| rank_value(o.card))
    {
        return (o, "cash a sure winner".into());
    }
    if let Some(o) = partner_suit_lead(t, opts) {
        return (o, "return partner's suit".into());
    }
    // Low from the longest side suit: it sets up long cards and gives nothing away.
    let o = opts
        .iter()
        .filter(|o| !t.is_trump(o.card) || opts.iter().all(|p| t.is_trump(p.card)))
        .max_by_key(|o| {
            let len = o.card.suit().map_or(0, |s| t.hand.suit(s).len());
            (len, std::cmp::Reverse(rank_value(o.card)))
        })
        .unwrap_or(&opts[0]);
    (o, "low from the longest suit".into())
}

/// Declarer's side draws trumps while the opponents may still hold some and the side
/// holds the majority: the master trump, or the top of touching honours.
fn draw_trumps<'o>(t: &Table, opts: &'o [Playable]) -> Option<&'o Playable> {
    let trump = t.trump()?;
    let view = t.info.view;
    let declarer = view.declarer?;
    if !t.info.same_side(declarer, t.info.actor) {
        return None;
    }
    let theirs = t.unseen.suit(trump).len();
    if theirs == 0 {
        return None;
    }
    let partner_trumps = t
        .info
        .partner_of(t.info.actor)
        .and_then(|p| view.hands.get(p.index()).copied().flatten())
        .map_or(0, |h| h.suit(trump).len());
    let ours = t.hand.suit(trump).len() + partner_trumps;
    if ours <= theirs {
        return None;
    }
    let trumps: Vec<&Playable> = opts
        .iter()
        .filter(|o| o.card.suit() == Some(trump))
        .collect();
    let top = trumps.iter().max_by_key(|o| rank_value(o.card))?;
    if t.is_master(top.card) || t.hand.suit(trump).len() >= 4 {
        return Some(top);
    }
    None
}

/// The opening lead by a defender: partner's suit, ace from ace-king, a sequence, a
/// singleton against trumps, the fourth best of the longest suit.
fn opening_lead<'o>(t: &Table, opts: &'o [Playable]) -> Option<(&'o Playable, String)> {
    let view = t.info.view;
    let declarer = view.declarer?;
    let first_card_of_play = !view
        .history
        .iter()
        .any(|m| matches!(m.action, Action::Card(_) | Action::NamedJoker(_)));
    if !first_card_of_play || t.info.same_side(declarer, t.info.actor) {
        return None;
    }
    let top = t.info.style.top();
    let suit_cards = |s: Suit| -> Vec<&Playable> {
        let mut v: Vec<&Playable> = opts.iter().filter(|o| o.card.suit() == Some(s)).collect();
        v.sort_by_key(|o| std::cmp::Reverse(rank_value(o.card)));
        v
    };
    if let Some(s) = partner_bid_suit(t)
        && let cards = suit_cards(s)
        && !cards.is_empty()
    {
        let o = if cards.len() <= 2 {
            cards[0]
        } else {
            cards[cards.len() - 1]
        };
        return Some((o, "lead partner's suit".into()));
    }
    let suits: Vec<Suit> = t
        .info
        .style
        .suits()
        .iter()
        .copied()
        .filter(|&s| Some(s) != t.trump())
        .collect();
    for &s in &suits {
        let cards = suit_cards(s);
        if cards.len() >= 2 {
            let r0 = cards[0].card.rank().map(|r| below_top(r, top));
            let r1 = cards[1].card.rank().map(|r| below_top(r, top));
            if let (Some(a), Some(b)) = (r0, r1)
                && b == a + 1
                && a <= 3
                && (cards.len() >= 3 || a == 0)
            {
                let why = if a == 0 {
                    "ace from ace-king"
                } else {
                    "top of a sequence"
                };
                return Some((cards[0], why.into()));
            }
        }
    }
    if t.trump().is_some()
        && !t.hand.suit(t.trump()?).is_empty()
        && let Some(&s) = suits.iter().find(|&&s| t.hand.suit(s).len() == 1)
        && let Some(o) = suit_cards(s).first()
        && o.card.rank().is_some_and(|r| below_top(r, top) > 3)
    {
        return Some((o, "a singleton, hoping to ruff".into()));
    }
    let longest = suits
        .iter()
        .copied()
        .filter(|&s| {
            // Against a trump contract, never lead away from the top card.
            t.trump().is_none() || !t.hand.suit(s).iter().any(|c| c.rank() == Some(top))
        })
        .max_by_key(|&s| (t.hand.suit(s).len(), s.index()))?;
    let cards = suit_cards(longest);
    let o = match cards.len() {
        0 => return None,
        1 | 2 => cards[0],
        3 => cards[2],
        _ => cards[3],
    };
    Some((o, "fourth best of the longest suit".into()))
}

/// The first suit partner bid in the auction, if any.
fn partner_bid_suit(t: &Table) -> Option<Suit> {
    let partner = t.info.partner_of(t.info.actor)?;
    t.info.view.history.iter().find_map(|m| match m.action {
        Action::Call(Call::Bid(b)) if m.player == partner => b.strain.trump(),
        _ => None,
    })
}

/// A defender returns the suit partner first led.
fn partner_suit_lead<'o>(t: &Table, opts: &'o [Playable]) -> Option<&'o Playable> {
    let partner = t.info.partner_of(t.info.actor)?;
    let declarer = t.info.view.declarer?;
    if t.info.same_side(declarer, t.info.actor) {
        return None;
    }
    let led = led_suit_by(t, partner)?;
    let mut cards: Vec<&Playable> = opts.iter().filter(|o| o.card.suit() == Some(led)).collect();
    cards.sort_by_key(|o| rank_value(o.card));
    // Top of a doubleton, else low.
    match cards.len() {
        0 => None,
        2 => cards.last().copied(),
        _ => cards.first().copied(),
    }
}

/// The suit `player` led first in the play.
fn led_suit_by(t: &Table, player: Player) -> Option<Suit> {
    let n = t.info.view.players;
    let mut trick = 0usize;
    let mut leader_card = true;
    for m in &t.info.view.history {
        if let Some(card) = m.action.card_played() {
            // The player who plays the first card of a trick leads it; dummy's cards are
            // recorded under declarer, so a lead from dummy counts as declarer's.
            if leader_card && m.player == player {
                return card.suit();
            }
            trick += 1;
            leader_card = trick.is_multiple_of(n);
        }
    }
    None
}

fn follow_to_win<'o>(t: &Table, opts: &'o [Playable]) -> (&'o Playable, String) {
    let last = t.still_to_play() == 0;
    let ours = t.winner_is_ours().unwrap_or(false);
    if ours {
        let pos = t.rules.winning_position(&t.trick);
        let winning = t.trick.cards()[pos];
        // Partner's honour (the top of a sequence, usually) is left to do its work.
        let honour = winning
            .rank()
            .is_some_and(|r| below_top(r, t.info.style.top()) <= 3);
        if last || t.is_master(winning) || honour {
            return (t.lowest(opts), "partner is winning: play low".into());
        }
    }
    let winner = t.cheapest_winner(opts);
    let second = t.trick.cards().len() == 1 && t.info.view.players == 4;
    if second {
        let led = t.trick.cards()[0];
        let top = t.info.style.top();
        let honour = led.rank().is_some_and(|r| below_top(r, top) <= 3);
        if let Some(w) = winner
            && honour
            && w.card.suit() == led.suit()
            && !last
        {
            return (w, "cover an honour with an honour".into());
        }
        if let Some(w) = winner
            && t.is_trump(w.card)
            && !t.is_trump(led)
        {
            return (w, "ruff: void, and the opponents are winning".into());
        }
        return (t.lowest(opts), "second hand low".into());
    }
    match winner {
        Some(w) if ours => (w, "third hand high: partner's low card may not hold".into()),
        Some(w) if t.is_trump(w.card) && t.trick.led_suit() != t.trump() => {
            (w, "ruff: void, and the opponents are winning".into())
        }
        Some(w) if last => (w, "win as cheaply as possible".into()),
        Some(w) => (w, "third hand high: the cheapest card that wins".into()),
        None => (
            t.lowest(opts),
            "cannot win: play the least useful card".into(),
        ),
    }
}
