//! A position to solve: the hands, the trick rules, whose lead, the trick in progress.

use tenace_cards::{BySeat, Card, CardSet, Player, Seat, Strain, Suit};
use tenace_rules::trick::{SpecialRule, Trick, TrickRules};
use thiserror::Error;

/// Who plays with whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sides {
    /// Two partnerships at a four-handed table (players 0 and 2 against 1 and 3); at a
    /// two-handed table each player alone.
    #[default]
    Partnerships,
    /// Every player for themselves (Devil's Bridge): a player is solved against all the
    /// others together.
    EachAlone,
}

/// Why a position cannot be solved. Each message names what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// Too few or too many hands.
    #[error("hands: {0} given, the solver takes 2 to 7")]
    Players(usize),
    /// A card in two places.
    #[error("hands: {0} is dealt twice (or is both in a hand and in the trick)")]
    Duplicate(Card),
    /// The hands do not fit the trick in progress.
    #[error(
        "hands: {player} holds {held} cards but should hold {expected} (every hand holds the same number, less one for each player who has played to the trick)"
    )]
    HandSize {
        /// The player whose hand is off.
        player: String,
        /// Cards held.
        held: usize,
        /// Cards expected.
        expected: usize,
    },
    /// The trick was built for another number of players.
    #[error("trick: not made for a table of {hands}, the number of hands given")]
    TrickPlayers {
        /// Hands given.
        hands: usize,
    },
    /// A card that may not be played.
    #[error("card: {0} may not be played now")]
    Illegal(Card),
    /// A table asked of a game without four hands in partnerships.
    #[error("table: a strain by declarer table needs four hands in two partnerships")]
    NotPartnership,
    /// A player not at the table.
    #[error("player: {0} is not at this table")]
    NoSuchPlayer(Player),
    /// The deadline set by [`crate::Solver::set_deadline`] passed before the answer.
    #[error("deadline: the solve ran past the deadline set for it")]
    OutOfTime,
}

/// A position: every hand (the cards still held), the rules, the trick in progress (its
/// leader and the cards played to it so far) and the lead restriction.
///
/// ```
/// use tenace_cards::{BySeat, Seat, Strain};
/// use tenace_solver::{Position, Solver};
/// let hands = BySeat([
///     "SA SK".parse().unwrap(),
///     "HA HK".parse().unwrap(),
///     "S2 S3".parse().unwrap(),
///     "D2 D3".parse().unwrap(),
/// ]);
/// let position = Position::bridge(&hands, Strain::NoTrump, Seat::North);
/// assert_eq!(Solver::with_memory(1 << 20).tricks(&position).unwrap(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The trick rules: trump and the special-card hook.
    pub rules: TrickRules,
    /// The cards each player still holds, by player number.
    pub hands: Vec<CardSet>,
    /// The trick in progress; empty between tricks (its leader leads next).
    pub trick: Trick,
    /// The suit the next leader may not lead, where a rule restricts it.
    pub restriction: Option<Suit>,
    /// What each player has shown they cannot hold (it limits how a named joker may be
    /// named); empty when nothing is known.
    pub barred: Vec<CardSet>,
    /// Who plays with whom.
    pub sides: Sides,
}

impl Position {
    /// A position between tricks: `leader` to lead, nothing restricted.
    pub fn new(rules: TrickRules, hands: Vec<CardSet>, leader: Player, sides: Sides) -> Position {
        let players = hands.len();
        Position {
            rules,
            hands,
            trick: Trick::new(leader, players),
            restriction: None,
            barred: Vec::new(),
            sides,
        }
    }

    /// A Contract Bridge position: four hands, a strain, the player on lead.
    pub fn bridge(hands: &BySeat<CardSet>, strain: Strain, leader: Seat) -> Position {
        Position::new(
            TrickRules::plain(strain.trump()),
            hands.0.to_vec(),
            leader.into(),
            Sides::Partnerships,
        )
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.hands.len()
    }

    /// Whose card is next.
    pub fn to_play(&self) -> Player {
        self.trick.next_player()
    }

    /// Tricks left, the one in progress included.
    pub fn tricks_left(&self) -> usize {
        self.hands
            .get(self.to_play().index())
            .map_or(0, |h| h.len())
    }

    /// Players (as a bit mask) on the same side as `player`.
    pub fn side_of(&self, player: Player) -> u8 {
        match (self.sides, self.players()) {
            (Sides::Partnerships, 4) => 0b101 << (player.0 & 1),
            _ => 1 << player.0,
        }
    }

    /// Checks that the hands, the trick and the players fit together.
    pub fn check(&self) -> Result<(), SolveError> {
        let players = self.players();
        if !(2..=Player::MAX).contains(&players) {
            return Err(SolveError::Players(players));
        }
        if !self.trick_fits() {
            return Err(SolveError::TrickPlayers { hands: players });
        }
        let mut seen = self.trick.card_set();
        for hand in &self.hands {
            if let Some(card) = (seen & *hand).lowest() {
                return Err(SolveError::Duplicate(card));
            }
            seen |= *hand;
        }
        let played: Vec<Player> = self.trick.plays().map(|(p, _)| p).collect();
        let expected = self.tricks_left();
        for (i, hand) in self.hands.iter().enumerate() {
            let player = Player(i as u8);
            let want = expected - usize::from(played.contains(&player));
            if hand.len() != want {
                return Err(SolveError::HandSize {
                    player: player.label(players),
                    held: hand.len(),
                    expected: want,
                });
            }
        }
        Ok(())
    }

    /// The table size the trick was made for agrees with the hands: its next player is
    /// where counting its cards from its leader round a table of ours lands.
    fn trick_fits(&self) -> bool {
        let players = self.players();
        let expected = self
            .trick
            .leader()
            .offset(self.trick.cards().len(), players);
        self.trick.leader().index() < players
            && self.trick.cards().len() < players
            && self.trick.next_player() == expected
    }

    /// The legal moves of the player to play: each card, and for a named joker each suit
    /// it may be named as.
    pub fn legal_moves(&self) -> Vec<(Card, Option<Suit>)> {
        let player = self.to_play();
        let hand = self.hands[player.index()];
        let restriction = if self.trick.is_empty() {
            self.restriction
        } else {
            None
        };
        let barred = self.barred.get(player.index()).copied().unwrap_or_default();
        let mut moves = Vec::new();
        for card in self.rules.legal(hand, &self.trick, restriction) {
            if card == Card::JOKER && self.rules.joker_is_named() {
                for suit in self.rules.joker_names(hand, &self.trick, barred) {
                    moves.push((card, Some(suit)));
                }
            } else {
                moves.push((card, None));
            }
        }
        moves
    }

    /// Plays a card (named, for a named joker). Returns the winner when it completes a
    /// trick; the winner then leads.
    pub fn play(&mut self, card: Card, named: Option<Suit>) -> Result<Option<Player>, SolveError> {
        if self.tricks_left() == 0 || !self.legal_moves().contains(&(card, named)) {
            return Err(SolveError::Illegal(card));
        }
        let player = self.to_play();
        let suit = self.rules.effective_suit(card, named);
        let restriction = self.restriction.filter(|_| self.trick.is_empty());
        let shown = self
            .rules
            .shown_absent(&self.trick, restriction, card, suit);
        if !shown.is_empty() {
            if self.barred.len() != self.players() {
                self.barred = vec![CardSet::EMPTY; self.players()];
            }
            self.barred[player.index()] |= shown;
        }
        self.hands[player.index()].remove(card);
        self.trick.push_as(card, suit);
        if !self.trick.is_complete() {
            return Ok(None);
        }
        let winner = self
            .trick
            .leader()
            .offset(self.rules.winning_position(&self.trick), self.players());
        self.restriction = self.rules.restriction_after(&self.trick);
        self.trick = Trick::new(winner, self.players());
        Ok(Some(winner))
    }

    /// Which fast path (see [`crate::bridge`]) can solve this position: four hands in
    /// partnerships, under the plain follow-suit rule or wild deuces on the four
    /// standard suits, or Five Crowns in a suit contract (where the joker is the lowest
    /// trump, so the plain rule holds over five suits) or in no trump under either
    /// joker: the default unwinnable one, whose lead restriction the fast path keeps, or
    /// the named two of `nominated_two`. `None` for every other position, which takes
    /// the generic search.
    pub(crate) fn fast_path_rules(&self) -> Option<FastRules> {
        if self.players() != 4 || self.sides != Sides::Partnerships {
            return None;
        }
        let unrestricted = self.restriction.is_none();
        let standard_cards = || {
            self.rules.trump != Some(Suit::Stars)
                && self
                    .hands
                    .iter()
                    .all(|h| h.bits() >> 64 == 0 && h.suit(Suit::Stars).is_empty())
        };
        match self.rules.special {
            SpecialRule::Standard if unrestricted && standard_cards() => Some(FastRules::Bridge),
            SpecialRule::WildDeuces if unrestricted && standard_cards() => {
                Some(FastRules::DeucesWild)
            }
            // A suit contract under either option (the joker a trump), and no trump with
            // its lead restriction under the unwinnable joker or as the named two.
            SpecialRule::Joker(_) => Some(FastRules::FiveCrowns),
            _ => None,
        }
    }
}

/// The rules a fast-path search is compiled for: see [`Position::fast_path_rules`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FastRules {
    /// Contract Bridge's plain follow-suit rule, four suits.
    Bridge,
    /// Deuces Wild (RULES.md §2.1), four suits.
    DeucesWild,
    /// Five Crowns (RULES.md §2.2) over five suits: in a suit contract the plain rule,
    /// the joker the lowest trump; in no trump the unwinnable joker.
    FiveCrowns,
}

/// The suits (bit per suit index) a player's `barred` cards (what they have shown they
/// cannot hold) cover whole: the suits they have shown out of, which a named joker may
/// not be named as.
pub(crate) fn suits_shown_out(barred: CardSet) -> u8 {
    Suit::FIVE_CROWNS
        .into_iter()
        .filter(|&s| barred.is_superset(CardSet::full_suit(s)))
        .fold(0, |m, s| m | 1 << s.index())
}
