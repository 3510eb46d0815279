//! Trick play, written once for every game (RULES.md §0 and §5).
//!
//! A [`TrickPlay`] runs the tricks of one deal: whose turn it is, which cards are legal,
//! who wins each trick, and what each player has shown (voids). The games differ only in
//! a [`TrickRules`] value: the trump suit and a [`SpecialRule`] hook for the cards that
//! bend the follow-suit rule. The Contract Bridge path is the plain one: a mask of the led
//! suit, else the whole hand.

use tenace_cards::{Card, CardSet, Player, Rank, Suit};
use thiserror::Error;

/// The rule hook for cards that may be played against the follow-suit rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SpecialRule {
    /// Contract Bridge and Devil's Bridge: follow suit if able, nothing else.
    #[default]
    Standard,
    /// Bridge with Deuces Wild (RULES.md §2.1): a player who can follow may instead play
    /// any deuce. A deuce keeps its suit and rank, so an off-suit deuce shows no void.
    WildDeuces,
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

    /// The cards of `hand` that may be played to `trick` (led to it, if it is empty).
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
        let Some(led) = trick.led_suit() else {
            return match restriction {
                Some(suit) if !(hand - hand.suit(suit)).is_empty() => hand - hand.suit(suit),
                _ => hand,
            };
        };
        let follow = hand.suit(led);
        if follow.is_empty() {
            return hand;
        }
        match self.special {
            SpecialRule::Standard => follow,
            SpecialRule::WildDeuces => follow | deuces(hand),
        }
    }

    /// The position (0 = the leader) of the card that wins a complete or partial trick:
    /// the highest trump, else the highest card of the suit led.
    pub fn winning_position(&self, trick: &Trick) -> usize {
        let cards = trick.cards();
        let Some(led) = trick.led_suit() else {
            return 0;
        };
        let mut best = 0;
        let mut best_key = self.key(cards[0], led);
        for (i, &card) in cards.iter().enumerate().skip(1) {
            let key = self.key(card, led);
            if key > best_key {
                best = i;
                best_key = key;
            }
        }
        best
    }

    /// A card's strength in a trick: trumps above the led suit above everything else,
    /// then rank. Cards that cannot win get 0.
    fn key(&self, card: Card, led: Suit) -> u8 {
        let (Some(suit), Some(rank)) = (card.suit(), card.rank()) else {
            return 0;
        };
        if Some(suit) == self.trump {
            32 + rank as u8
        } else if suit == led {
            16 + rank as u8
        } else {
            0
        }
    }

    /// The suit a play proves its player void in, if any: a card that is not of the led
    /// suit, unless a special rule allowed it while holding the suit.
    fn shows_void(&self, trick: &Trick, card: Card) -> Option<Suit> {
        let led = trick.led_suit()?;
        if card.suit() == Some(led) {
            return None;
        }
        match self.special {
            SpecialRule::WildDeuces if card.rank() == Some(Rank::Two) => None,
            _ => Some(led),
        }
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
}

impl Trick {
    /// An empty trick led by `leader` at a table of `players`.
    pub fn new(leader: Player, players: usize) -> Trick {
        Trick {
            leader,
            players: players as u8,
            len: 0,
            cards: [Card::JOKER; Player::MAX],
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

    /// The suit led, once a suited card has been led.
    pub fn led_suit(&self) -> Option<Suit> {
        self.cards().first().and_then(|c| c.suit())
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

    /// Adds the next player's card.
    pub fn push(&mut self, card: Card) {
        self.cards[self.len as usize] = card;
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
    #[error(
        "it is {expected}'s turn to play, not {got}'s (Law 44: play goes clockwise from the leader)"
    )]
    OutOfTurn {
        /// Whose turn it is.
        expected: String,
        /// Who tried to play.
        got: String,
    },
    /// The card is not in the hand.
    #[error("{0} is not in the hand of the player to play")]
    NotHeld(Card),
    /// The player holds the led suit and must play it.
    #[error(
        "{card} does not follow suit: {suit} was led and the hand holds {suit} (Law 44C: follow suit if able)"
    )]
    MustFollow {
        /// The card tried.
        card: Card,
        /// The led suit.
        suit: Suit,
    },
    /// A lead the rules restrict.
    #[error(
        "{card} may not be led: the winner of the last trick must lead a suit other than {suit}"
    )]
    RestrictedLead {
        /// The card tried.
        card: Card,
        /// The suit that may not be led.
        suit: Suit,
    },
    /// All tricks have been played.
    #[error("every trick has been played")]
    Finished,
}

/// The play of one deal: the current trick, the finished tricks, the tricks each player
/// won and the suits each player has shown out of.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TrickPlay {
    rules: TrickRules,
    players: usize,
    total_tricks: usize,
    current: Trick,
    completed: Vec<CompletedTrick>,
    won: Vec<u8>,
    shown_void: Vec<u8>,
    restriction: Option<Suit>,
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
            shown_void: vec![0; players],
            restriction: None,
        }
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

    /// Whether every trick has been played.
    pub fn is_finished(&self) -> bool {
        self.completed.len() == self.total_tricks
    }

    /// Whose card is next, or `None` once every trick is played.
    pub fn to_play(&self) -> Option<Player> {
        (!self.is_finished()).then(|| self.current.next_player())
    }

    /// The suits (as a bitmask by suit index) this player has shown out of.
    pub fn shown_void(&self, player: Player) -> u8 {
        self.shown_void[player.index()]
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

    /// Checks a card from `hand` by `player`; the error names the rule.
    pub fn check(&self, player: Player, hand: CardSet, card: Card) -> Result<(), PlayError> {
        let expected = self.to_play().ok_or(PlayError::Finished)?;
        if player != expected {
            return Err(PlayError::OutOfTurn {
                expected: expected.label(self.players),
                got: player.label(self.players),
            });
        }
        if !hand.contains(card) {
            return Err(PlayError::NotHeld(card));
        }
        if self.legal(hand).contains(card) {
            return Ok(());
        }
        match (self.current.led_suit(), self.restriction) {
            (Some(suit), _) => Err(PlayError::MustFollow { card, suit }),
            (None, Some(suit)) => Err(PlayError::RestrictedLead { card, suit }),
            (None, None) => Err(PlayError::NotHeld(card)),
        }
    }

    /// Plays the next card without checking it. Returns the winner when it completes a
    /// trick.
    pub fn play_unchecked(&mut self, card: Card) -> Option<Player> {
        let player = self.current.next_player();
        if let Some(suit) = self.rules.shows_void(&self.current, card) {
            self.shown_void[player.index()] |= 1 << suit.index();
        }
        self.current.push(card);
        if !self.current.is_complete() {
            return None;
        }
        let winner = self
            .current
            .leader
            .offset(self.rules.winning_position(&self.current), self.players);
        self.won[winner.index()] += 1;
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
