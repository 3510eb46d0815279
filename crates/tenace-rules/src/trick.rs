//! Trick play, written once for every game (RULES.md §0 and §5).
//!
//! A [`TrickPlay`] runs the tricks of one deal: whose turn it is, which cards are legal,
//! who wins each trick, and what each player has shown (voids). The games differ only in
//! a [`TrickRules`] value: the trump suit and a [`SpecialRule`] hook for the cards that
//! bend the follow-suit rule. The Contract Bridge path is the plain one: a mask of the led
//! suit, else the whole hand.

use tenace_cards::{Card, CardSet, Player, Rank, Suit};
use thiserror::Error;

use crate::game::{Action, IllegalAction};

/// How the Five Crowns joker plays in no trump (the `fc_nt_joker` option, RULES.md §2.2).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum NtJoker {
    /// May be played to any trick and never wins; if led, the second card sets the suit;
    /// the winner of a trick with the joker in it must lead another suit (decision F3).
    #[default]
    Unwinnable,
    /// Played as the 2 of a suit its holder names, under the normal rules.
    NominatedTwo,
}

/// The rule hook for cards that bend the follow-suit rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SpecialRule {
    /// Contract Bridge and Devil's Bridge: follow suit if able, nothing else.
    #[default]
    Standard,
    /// Bridge with Deuces Wild (RULES.md §2.1): a player who can follow may instead play
    /// any deuce. A deuce keeps its suit and rank, so an off-suit deuce shows no void.
    WildDeuces,
    /// Five Crowns Bridge (RULES.md §2.2): in a suit contract the joker is the lowest
    /// trump; in no trump it plays as [`NtJoker`] says.
    Joker(NtJoker),
    /// Bridgette (RULES.md §4.4): a follower may play the colon of the led card's group
    /// even while holding the suit; it loses and blocks the led suit from the next lead.
    /// A colon led is won by a trump or a card of its group. The flag is the
    /// `block_allows_colon_lead` option: whether a colon is a legal lead under the block.
    Colons {
        /// Whether the blocked leader may lead a colon.
        block_allows_colon_lead: bool,
    },
}

/// The trick rules of one deal: the trump suit and the special-card hook.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TrickRules {
    /// The trump suit, or `None` in no trump.
    pub trump: Option<Suit>,
    /// Which cards may break the follow-suit rule.
    pub special: SpecialRule,
}

impl TrickRules {
    /// Plain rules with this trump suit: follow suit if able.
    pub const fn plain(trump: Option<Suit>) -> TrickRules {
        TrickRules {
            trump,
            special: SpecialRule::Standard,
        }
    }

    /// Whether the joker is named as a suit when played (Five Crowns' `nominated_two` in
    /// no trump).
    pub const fn joker_is_named(&self) -> bool {
        matches!(
            (self.special, self.trump),
            (SpecialRule::Joker(NtJoker::NominatedTwo), None)
        )
    }

    /// The suit a card counts as in a trick: its own, or for the joker the trump suit in a
    /// suit contract, the named suit under `nominated_two`, and none when unwinnable.
    pub fn effective_suit(&self, card: Card, named: Option<Suit>) -> Option<Suit> {
        if card != Card::JOKER {
            return card.suit();
        }
        match (self.special, self.trump) {
            (SpecialRule::Joker(_), Some(trump)) => Some(trump),
            (SpecialRule::Joker(NtJoker::NominatedTwo), None) => named,
            _ => None,
        }
    }

    /// The cards of `hand` that may be played to `trick` (led to it, if it is empty).
    /// Under `nominated_two` the joker is in the set whenever some naming of it is legal;
    /// [`TrickRules::joker_names`] says which.
    ///
    /// ```
    /// use tenace_cards::{CardSet, Player, Suit};
    /// use tenace_rules::trick::{Trick, TrickRules};
    /// let rules = TrickRules::plain(Some(Suit::Spades));
    /// let mut trick = Trick::new(Player(0), 4);
    /// trick.push("HK".parse().unwrap());
    /// let hand: CardSet = "H2 H9 SA C3".parse().unwrap();
    /// assert_eq!(rules.legal(hand, &trick, None), "H2 H9".parse().unwrap());
    /// ```
    pub fn legal(&self, hand: CardSet, trick: &Trick, restriction: Option<Suit>) -> CardSet {
        if trick.is_empty() {
            let Some(bar) = restriction else {
                return hand;
            };
            // Another suit if possible; only then the barred suit; a hand of nothing
            // else (colons the rule keeps back) leads what it has.
            let others = hand - hand.suit(bar) - self.barred_leads_besides_suit(hand);
            return [others, hand.suit(bar)]
                .into_iter()
                .find(|set| !set.is_empty())
                .unwrap_or(hand);
        }
        if let SpecialRule::Colons { .. } = self.special {
            return colon_follow(hand, trick);
        }
        // A joker led in no trump leaves the suit to the second card: anything goes.
        let Some(led) = trick.led_suit() else {
            return hand;
        };
        let joker = hand & CardSet::from(Card::JOKER);
        let follow = match self.special {
            // The joker is a trump: it follows a trump lead.
            SpecialRule::Joker(_) if Some(led) == self.trump => hand.suit(led) | joker,
            _ => hand.suit(led),
        };
        if follow.is_empty() {
            return hand;
        }
        match (self.special, self.trump) {
            (SpecialRule::Standard, _) => follow,
            (SpecialRule::WildDeuces, _) => follow | deuces(hand),
            // In no trump the joker may go to any trick (named as the led suit, it follows).
            (SpecialRule::Joker(_), None) => follow | joker,
            (SpecialRule::Joker(_), Some(_)) => follow,
            (SpecialRule::Colons { .. }, _) => unreachable!("colons are handled above"),
        }
    }

    /// The cards, besides the barred suit, a blocked leader may not lead: the colons
    /// when `block_allows_colon_lead` is false.
    fn barred_leads_besides_suit(&self, hand: CardSet) -> CardSet {
        match self.special {
            SpecialRule::Colons {
                block_allows_colon_lead: false,
            } => hand & CardSet::COLONS,
            _ => CardSet::EMPTY,
        }
    }

    /// The suits the joker may be named as, under `nominated_two` in no trump: the led
    /// suit while its holder holds it, otherwise any suit the holder has not shown out
    /// of (a lead included). Empty under the other rules.
    pub fn joker_names(&self, hand: CardSet, trick: &Trick, barred: CardSet) -> Vec<Suit> {
        if !self.joker_is_named() || !hand.contains(Card::JOKER) {
            return Vec::new();
        }
        if let Some(led) = trick.led_suit()
            && !hand.suit(led).is_empty()
        {
            return vec![led];
        }
        Suit::FIVE_CROWNS
            .into_iter()
            .filter(|&s| !barred.is_superset(CardSet::full_suit(s)))
            .collect()
    }

    /// The position (0 = the leader) of the card that wins a complete or partial trick:
    /// the highest trump, else the highest card of the suit led.
    pub fn winning_position(&self, trick: &Trick) -> usize {
        if let (SpecialRule::Colons { .. }, Some(&first)) = (self.special, trick.cards().first())
            && first.is_colon()
        {
            return self.colon_lead_winner(trick, first);
        }
        let Some(led) = trick.led_suit() else {
            return 0;
        };
        let mut best = 0;
        let mut best_key = 0;
        for i in 0..trick.cards().len() {
            let key = self.key(trick.cards()[i], trick.suit_at(i), led);
            if key > best_key {
                best = i;
                best_key = key;
            }
        }
        best
    }

    /// A colon led (RULES.md §4.4): a follower's trump or card of the colon's group, of
    /// any suit, beats it (the highest such card wins); otherwise the colon holds.
    fn colon_lead_winner(&self, trick: &Trick, colon: Card) -> usize {
        let mut best = 0;
        let mut best_key = 0;
        for (i, &card) in trick.cards().iter().enumerate().skip(1) {
            let rank = card.rank().map_or(0, |r| r as u8);
            let key = if card.suit().is_some() && card.suit() == self.trump {
                32 + rank
            } else if card.group_colon() == Some(colon) {
                16 + rank
            } else {
                0
            };
            if key > best_key {
                best = i;
                best_key = key;
            }
        }
        best
    }

    /// A card's strength in a trick: trumps above the led suit above everything else,
    /// then rank. The joker ranks 1 as a trump and 2 when named; unwinnable, it gets 0.
    fn key(&self, card: Card, suit: Option<Suit>, led: Suit) -> u8 {
        let Some(suit) = suit else {
            return 0;
        };
        let rank = match card.rank() {
            Some(rank) => rank as u8,
            None if self.joker_is_named() => 2,
            None => 1,
        };
        if Some(suit) == self.trump {
            32 + rank
        } else if suit == led {
            16 + rank
        } else {
            0
        }
    }

    /// The cards a play proves its player does not hold: the led suit when a card of
    /// another suit follows it (unless a special rule allowed that card anyway), and,
    /// for a lead under a restriction, everything the restriction would have preferred.
    pub fn shown_absent(
        &self,
        trick: &Trick,
        restriction: Option<Suit>,
        card: Card,
        suit: Option<Suit>,
    ) -> CardSet {
        if trick.is_empty() {
            let Some(bar) = restriction else {
                return CardSet::EMPTY;
            };
            let kept_back = self.barred_leads_besides_suit(CardSet::COLONS);
            return if card.suit() == Some(bar) {
                // The barred suit is led only from a hand with nothing else allowed.
                !(CardSet::full_suit(bar) | kept_back)
            } else if kept_back.contains(card) {
                // A colon kept back is led only from a hand of colons.
                !CardSet::COLONS
            } else {
                CardSet::EMPTY
            };
        }
        if let SpecialRule::Colons { .. } = self.special {
            return colon_shown_absent(trick, card);
        }
        let Some(led) = trick.led_suit() else {
            return CardSet::EMPTY;
        };
        if suit == Some(led) {
            return CardSet::EMPTY;
        }
        let shown = CardSet::full_suit(led);
        match self.special {
            SpecialRule::WildDeuces if card.rank() == Some(Rank::Two) => CardSet::EMPTY,
            SpecialRule::Joker(NtJoker::Unwinnable)
                if card == Card::JOKER && self.trump.is_none() =>
            {
                CardSet::EMPTY
            }
            // The Five Crowns joker is a trump in a suit contract: out of trumps is out
            // of the joker too.
            SpecialRule::Joker(_) if self.trump == Some(led) => shown | CardSet::from(Card::JOKER),
            _ => shown,
        }
    }

    /// The lead restriction a finished trick leaves its winner: in no trump under the
    /// unwinnable joker, a trick with the joker in it bars its suit from the next lead
    /// (decision F3); in Bridgette the colon of the led card's group played to a suit
    /// lead blocks that suit (RULES.md §4.4).
    pub fn restriction_after(&self, trick: &Trick) -> Option<Suit> {
        match (self.special, self.trump) {
            (SpecialRule::Joker(NtJoker::Unwinnable), None)
                if trick.cards().contains(&Card::JOKER) =>
            {
                trick.led_suit()
            }
            (SpecialRule::Colons { .. }, _) => {
                let (&led, rest) = trick.cards().split_first()?;
                let colon = led.group_colon()?;
                rest.contains(&colon).then_some(led.suit()).flatten()
            }
            _ => None,
        }
    }

    /// Which rule a restricted lead breaks, for the error message.
    fn restriction_rule(&self) -> &'static str {
        match self.special {
            SpecialRule::Colons { .. } => {
                "RULES.md §4.4, the colon block: the leader whose card was answered by its \
                 group's colon must lead another suit if possible"
            }
            _ => {
                "RULES.md §2.2, decision F3: the winner of a trick with the joker in it \
                 must lead another suit if possible"
            }
        }
    }
}

/// Bridgette's follow rule (RULES.md §4.4). After a colon lead anything goes. After a
/// suited lead: the suit or the colon of the led card's group; void in the suit, any
/// card but a colon of another group; holding only such colons, one of them.
fn colon_follow(hand: CardSet, trick: &Trick) -> CardSet {
    let Some(led) = trick.cards().first().copied().filter(|c| !c.is_colon()) else {
        return hand;
    };
    let matching = led.group_colon().map_or(CardSet::EMPTY, CardSet::single) & hand;
    let follow = led.suit().map_or(CardSet::EMPTY, |s| hand.suit(s));
    let allowed = if follow.is_empty() {
        (hand - CardSet::COLONS) | matching
    } else {
        follow | matching
    };
    if allowed.is_empty() { hand } else { allowed }
}

/// What a Bridgette follower's card proves absent from their hand: a card of another
/// suit shows the led suit void; a colon of another group, forced, shows a hand of such
/// colons only. The matching colon, and any reply to a colon lead, show nothing.
fn colon_shown_absent(trick: &Trick, card: Card) -> CardSet {
    let Some(led) = trick.cards().first().copied().filter(|c| !c.is_colon()) else {
        return CardSet::EMPTY;
    };
    let matching = led.group_colon();
    if card.suit() == led.suit() || Some(card) == matching {
        CardSet::EMPTY
    } else if card.is_colon() {
        !CardSet::COLONS | matching.map_or(CardSet::EMPTY, CardSet::single)
    } else {
        led.suit().map_or(CardSet::EMPTY, CardSet::full_suit)
    }
}

fn deuces(hand: CardSet) -> CardSet {
    hand.iter()
        .filter(|c| c.rank() == Some(Rank::Two))
        .collect()
}

/// One trick: its leader and the cards played to it so far, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Trick {
    leader: Player,
    players: u8,
    len: u8,
    cards: [Card; Player::MAX],
    /// The suit each card counts as (the joker's depends on the rules).
    suits: [Option<Suit>; Player::MAX],
}

impl Trick {
    /// An empty trick led by `leader` at a table of `players`.
    pub fn new(leader: Player, players: usize) -> Trick {
        Trick {
            leader,
            players: players as u8,
            len: 0,
            cards: [Card::JOKER; Player::MAX],
            suits: [None; Player::MAX],
        }
    }

    /// Who led (or is to lead) this trick.
    pub fn leader(&self) -> Player {
        self.leader
    }

    /// The cards played so far, the leader's first.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The cards with the players who played them.
    pub fn plays(&self) -> impl Iterator<Item = (Player, Card)> + '_ {
        let n = self.players as usize;
        self.cards()
            .iter()
            .enumerate()
            .map(move |(i, &c)| (self.leader.offset(i, n), c))
    }

    /// The suit of the trick: the led card's, or, when a joker without a suit was led,
    /// the second card's.
    pub fn led_suit(&self) -> Option<Suit> {
        self.suits[..self.len as usize].iter().find_map(|&s| s)
    }

    /// The suit the card at `position` counts as.
    pub fn suit_at(&self, position: usize) -> Option<Suit> {
        self.suits[position]
    }

    /// Whose turn it is within the trick.
    pub fn next_player(&self) -> Player {
        self.leader.offset(self.len as usize, self.players as usize)
    }

    /// Whether every player has played.
    pub fn is_complete(&self) -> bool {
        self.len == self.players
    }

    /// Whether no card has been played yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds the next player's card, counting as its own suit.
    pub fn push(&mut self, card: Card) {
        self.push_as(card, card.suit());
    }

    /// Adds the next player's card, counting as `suit` (a joker's suit comes from the
    /// rules).
    pub fn push_as(&mut self, card: Card, suit: Option<Suit>) {
        self.cards[self.len as usize] = card;
        self.suits[self.len as usize] = suit;
        self.len += 1;
    }

    /// The set of cards played to the trick.
    pub fn card_set(&self) -> CardSet {
        self.cards().iter().copied().collect()
    }
}

/// A finished trick and its winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CompletedTrick {
    /// The trick.
    pub trick: Trick,
    /// Who won it.
    pub winner: Player,
}

/// Why a card may not be played. Each message names the rule.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    /// Not this player's turn.
    #[error("it is {expected}'s turn to play, not {got}'s ({rule})")]
    OutOfTurn {
        /// Whose turn it is.
        expected: String,
        /// Who tried to play.
        got: String,
        /// The rule, with its Law in the partnership games.
        rule: &'static str,
    },
    /// The card is not in the hand.
    #[error("{0} is not in the hand of the player to play")]
    NotHeld(Card),
    /// The player holds the led suit and must play it.
    #[error(
        "{card} does not follow suit: {suit} was led and the hand can follow it (Law 44C: follow suit if able)"
    )]
    MustFollow {
        /// The card tried.
        card: Card,
        /// The led suit.
        suit: Suit,
    },
    /// A lead the rules restrict.
    #[error("{card} may not be led: {suit} is barred from this lead ({rule})")]
    RestrictedLead {
        /// The card tried.
        card: Card,
        /// The suit that may not be led.
        suit: Suit,
        /// The rule that bars it.
        rule: &'static str,
    },
    /// A Bridgette colon that does not match the led card's group.
    #[error(
        "{card} may not follow {led}: a colon follows only a card of its group (GC the aces, \
         RC J Q K, LC 2 to 10), unless the hand holds nothing else it may play (RULES.md §4.4)"
    )]
    ColonMismatch {
        /// The colon tried.
        card: Card,
        /// The card led.
        led: Card,
    },
    /// A joker named wrongly, or not named where it must be.
    #[error(transparent)]
    Naming(NamingError),
    /// All tricks have been played.
    #[error("every trick has been played")]
    Finished,
}

/// The play of one deal: the current trick, the finished tricks, the tricks each player
/// won and the cards each player has shown they cannot hold.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TrickPlay {
    rules: TrickRules,
    players: usize,
    total_tricks: usize,
    current: Trick,
    completed: Vec<CompletedTrick>,
    won: Vec<u8>,
    barred: Vec<CardSet>,
    restriction: Option<Suit>,
    /// Whether an agreed claim settled the tricks that were left.
    claimed: bool,
    /// Whether errors name players by seat (`N`, the partnership games) rather than by
    /// number (`player 2`).
    seats_named: bool,
}

/// Why a joker naming is refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NamingError {
    /// A joker played without a suit where the rules want one.
    #[error(
        "the joker must be named as a suit in no trump (fc_nt_joker = nominated_two): play it as JKS, JKH, …"
    )]
    Missing,
    /// A suit named where the rules take none, or on a card that is not the joker.
    #[error("only the joker is named, and only in no trump under fc_nt_joker = nominated_two")]
    NotNamed,
    /// A suit the holder may not name.
    #[error(
        "the joker may not be named {0}: name the led suit while holding it, and never a suit you have shown out of"
    )]
    Refused(Suit),
}

impl TrickPlay {
    /// The play of `total_tricks` tricks at a table of `players`, `leader` to lead first.
    pub fn new(rules: TrickRules, players: usize, total_tricks: usize, leader: Player) -> Self {
        TrickPlay {
            rules,
            players,
            total_tricks,
            current: Trick::new(leader, players),
            completed: Vec::with_capacity(total_tricks),
            won: vec![0; players],
            barred: vec![CardSet::EMPTY; players],
            restriction: None,
            claimed: false,
            seats_named: false,
        }
    }

    /// The same play, its errors naming players by seat (`N`) as the partnership games
    /// do; a play made with [`TrickPlay::new`] names them by number (`player 2`), as
    /// Devil's Bridge and Bridgette do, whatever the number of players.
    pub fn with_seat_names(mut self) -> Self {
        self.seats_named = true;
        self
    }

    /// The trick rules in force.
    pub fn rules(&self) -> &TrickRules {
        &self.rules
    }

    /// The trick in progress (empty between tricks).
    pub fn current(&self) -> &Trick {
        &self.current
    }

    /// The finished tricks, in order.
    pub fn completed(&self) -> &[CompletedTrick] {
        &self.completed
    }

    /// Tricks won by each player.
    pub fn tricks_won(&self) -> &[u8] {
        &self.won
    }

    /// Whether every trick has been played, or an agreed claim settled the rest.
    pub fn is_finished(&self) -> bool {
        self.claimed || self.completed.len() == self.total_tricks
    }

    /// Whether an agreed claim ended the play.
    pub fn ended_by_claim(&self) -> bool {
        self.claimed
    }

    /// The tricks not yet played, a trick in progress included (0 once finished).
    pub fn remaining(&self) -> u8 {
        if self.is_finished() {
            return 0;
        }
        // At most 14 tricks in any game of the family, so the count fits.
        (self.total_tricks - self.completed.len()) as u8
    }

    /// Checks a claim of `tricks` of the remaining tricks: the play must be under way and
    /// the claim no larger than what is left. The game checks who may claim.
    pub fn check_claim(&self, tricks: u8) -> Result<(), IllegalAction> {
        if self.is_finished() {
            return Err(IllegalAction::NoClaim {
                action: Action::Claim(tricks),
                rule: "a claim is made in the play, and every trick is settled",
            });
        }
        let remaining = self.remaining();
        if tricks > remaining {
            return Err(IllegalAction::ClaimTooMany {
                claimed: tricks,
                remaining,
            });
        }
        Ok(())
    }

    /// Settles an agreed claim: `claimer` is credited with `tricks` of the remaining
    /// tricks and `other` (a player of the other side) with the rest, the trick in
    /// progress is cleared, and the play is over. The sides' totals are what scoring
    /// reads, so crediting one player of each side is enough. Checked by
    /// [`TrickPlay::check_claim`]; a larger claim is cut to what remains.
    pub fn concede(&mut self, claimer: Player, other: Player, tricks: u8) {
        let remaining = self.remaining();
        let tricks = tricks.min(remaining);
        self.won[claimer.index()] += tricks;
        self.won[other.index()] += remaining - tricks;
        self.current = Trick::new(self.current.leader(), self.players);
        self.claimed = true;
    }

    /// Whose card is next, or `None` once every trick is played.
    pub fn to_play(&self) -> Option<Player> {
        (!self.is_finished()).then(|| self.current.next_player())
    }

    /// The cards this player has shown they cannot hold: every suit they failed to follow,
    /// and everything but the barred suit when they had to lead it.
    pub fn barred(&self, player: Player) -> CardSet {
        self.barred[player.index()]
    }

    /// The suits (as a bitmask by suit index) this player has shown out of.
    pub fn shown_void(&self, player: Player) -> u8 {
        let barred = self.barred[player.index()];
        Suit::FIVE_CROWNS
            .into_iter()
            .filter(|&s| barred.is_superset(CardSet::full_suit(s)))
            .fold(0, |mask, s| mask | 1 << s.index())
    }

    /// The suit the next leader may not lead, where a rule restricts the lead.
    pub fn lead_restriction(&self) -> Option<Suit> {
        self.restriction
    }

    /// The legal cards for the player to play, given their hand.
    pub fn legal(&self, hand: CardSet) -> CardSet {
        if self.is_finished() {
            return CardSet::EMPTY;
        }
        let restriction = if self.current.is_empty() {
            self.restriction
        } else {
            None
        };
        self.rules.legal(hand, &self.current, restriction)
    }

    /// The suits the player to play may name the joker as (empty unless the joker is
    /// named under these rules and is in `hand`).
    pub fn joker_names(&self, hand: CardSet) -> Vec<Suit> {
        match self.to_play() {
            Some(p) => self.rules.joker_names(hand, &self.current, self.barred(p)),
            None => Vec::new(),
        }
    }

    /// Checks a card from `hand` by `player`; the error names the rule.
    pub fn check(&self, player: Player, hand: CardSet, card: Card) -> Result<(), PlayError> {
        self.check_named(player, hand, card, None)
    }

    /// Checks a card, with the suit named for a joker where the rules name it.
    pub fn check_named(
        &self,
        player: Player,
        hand: CardSet,
        card: Card,
        named: Option<Suit>,
    ) -> Result<(), PlayError> {
        let expected = self.to_play().ok_or(PlayError::Finished)?;
        if player != expected {
            let name = |p| crate::game::player_in_words(p, self.players, self.seats_named);
            return Err(PlayError::OutOfTurn {
                expected: name(expected),
                got: name(player),
                rule: if self.seats_named {
                    "Law 44: play goes clockwise from the leader"
                } else {
                    "play goes clockwise from the leader"
                },
            });
        }
        if !hand.contains(card) {
            return Err(PlayError::NotHeld(card));
        }
        let wants_name = card == Card::JOKER && self.rules.joker_is_named();
        match (wants_name, named) {
            (true, None) => return Err(PlayError::Naming(NamingError::Missing)),
            (false, Some(_)) => return Err(PlayError::Naming(NamingError::NotNamed)),
            (true, Some(suit)) if !self.joker_names(hand).contains(&suit) => {
                return Err(PlayError::Naming(NamingError::Refused(suit)));
            }
            _ => {}
        }
        if self.legal(hand).contains(card) {
            return Ok(());
        }
        if let Some(&led) = self.current.cards().first()
            && card.is_colon()
        {
            return Err(PlayError::ColonMismatch { card, led });
        }
        match (self.current.led_suit(), self.restriction) {
            (Some(suit), _) => Err(PlayError::MustFollow { card, suit }),
            (None, Some(suit)) => Err(PlayError::RestrictedLead {
                card,
                suit,
                rule: self.rules.restriction_rule(),
            }),
            (None, None) => Err(PlayError::NotHeld(card)),
        }
    }

    /// Plays the next card without checking it. Returns the winner when it completes a
    /// trick.
    pub fn play_unchecked(&mut self, card: Card) -> Option<Player> {
        self.play_named_unchecked(card, None)
    }

    /// Plays the next card, with the suit named for a joker, without checking it.
    pub fn play_named_unchecked(&mut self, card: Card, named: Option<Suit>) -> Option<Player> {
        let player = self.current.next_player();
        let suit = self.rules.effective_suit(card, named);
        let restriction = self.restriction.filter(|_| self.current.is_empty());
        self.barred[player.index()] |=
            self.rules
                .shown_absent(&self.current, restriction, card, suit);
        self.current.push_as(card, suit);
        if !self.current.is_complete() {
            return None;
        }
        let winner = self
            .current
            .leader
            .offset(self.rules.winning_position(&self.current), self.players);
        self.won[winner.index()] += 1;
        self.restriction = self.rules.restriction_after(&self.current);
        self.completed.push(CompletedTrick {
            trick: self.current,
            winner,
        });
        self.current = Trick::new(winner, self.players);
        Some(winner)
    }

    /// Every card played so far, finished tricks and the current one.
    pub fn played(&self) -> CardSet {
        self.completed
            .iter()
            .fold(self.current.card_set(), |set, t| set | t.trick.card_set())
    }
}
