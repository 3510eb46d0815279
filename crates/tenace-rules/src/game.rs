//! The [`Game`] trait every game implements, and the types it speaks in.

use std::fmt;
use std::str::FromStr;

use rand::RngCore;
use tenace_cards::{Card, Player, Suit};
use thiserror::Error;

use crate::auction::{AuctionError, Call};
use crate::trick::PlayError;
use crate::view::View;

/// One action by one player. Actions are typed; their notation is the one of DESIGN.md:
/// calls `P X XX 1C … 7NT` (and `0NT`), cards `SA`, and in Five Crowns no trump under
/// `fc_nt_joker = nominated_two` the joker named as a suit, `JKS` (the joker as the two
/// of spades). Devil's Bridge bids are bare numbers, `3`, and a changed bid is written
/// `change 3`. A Bridgette discard in the exchange is written `discard SA`. In a Devil's
/// Bridge blind hand a player plays the card they cannot see with `blind`. An agreed claim
/// that the acting player's side takes N of the remaining tricks is written `claim N`.
///
/// ```
/// use tenace_rules::{Action, Call};
/// assert_eq!("1NT".parse::<Action>().unwrap(), Action::Call("1NT".parse().unwrap()));
/// assert_eq!("SA".parse::<Action>().unwrap(), Action::Card("SA".parse().unwrap()));
/// assert_eq!(Action::Call(Call::Pass).to_string(), "P");
/// assert_eq!("JKR".parse::<Action>().unwrap(), Action::NamedJoker(tenace_cards::Suit::Stars));
/// assert_eq!("3".parse::<Action>().unwrap(), Action::Bid(3));
/// assert_eq!("change 0".parse::<Action>().unwrap(), Action::ChangeBid(0));
/// assert_eq!(Action::ChangeBid(2).to_string(), "change 2");
/// assert_eq!("discard GC".parse::<Action>().unwrap(), Action::Discard("GC".parse().unwrap()));
/// assert_eq!(Action::Discard("SA".parse().unwrap()).to_string(), "discard SA");
/// assert_eq!("blind".parse::<Action>().unwrap(), Action::PlayBlind);
/// assert_eq!(Action::PlayBlind.to_string(), "blind");
/// assert_eq!("claim 4".parse::<Action>().unwrap(), Action::Claim(4));
/// assert_eq!(Action::Claim(10).to_string(), "claim 10");
/// assert!("ZZ".parse::<Action>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// A call in an auction.
    Call(Call),
    /// A card played to a trick.
    Card(Card),
    /// The Five Crowns joker played as the two of the named suit.
    NamedJoker(Suit),
    /// A Devil's Bridge bid: the number of tricks the player means to take exactly.
    Bid(u8),
    /// A Devil's Bridge player replacing their bid with this number (RULES.md §3.1).
    ChangeBid(u8),
    /// A Bridgette card put away face down in the exchange (RULES.md §4.2).
    Discard(Card),
    /// A Devil's Bridge player in a blind hand plays their one card without seeing it
    /// (RULES.md §3.1: the play is forced). The engine resolves which card it is, so the
    /// player is never told its name before it lands on the table: not in their legal
    /// actions, not in an error, not in the record (which keeps this action; the card is
    /// in the trick once played).
    PlayBlind,
    /// An agreed claim in the play of the partnership games or Bridgette: the acting
    /// player's side takes this many of the tricks not yet played (a trick in progress
    /// counts as not played) and the other side the rest, and the deal ends. It needs the
    /// opponents' consent, which the table gathers; so it is never among
    /// [`Game::legal_actions`], and [`Game::try_apply`] takes it as already agreed.
    Claim(u8),
}

impl Action {
    /// Whether this action puts a card on the table: a card, the joker named as a suit,
    /// or a blind play.
    ///
    /// ```
    /// use tenace_rules::Action;
    /// assert!(Action::PlayBlind.is_card_play());
    /// assert!("SA".parse::<Action>().unwrap().is_card_play());
    /// assert!(!Action::Bid(2).is_card_play());
    /// ```
    pub const fn is_card_play(&self) -> bool {
        matches!(
            self,
            Action::Card(_) | Action::NamedJoker(_) | Action::PlayBlind
        )
    }

    /// The card this action puts on the table face up, if it names one: a card, or the
    /// joker named as a suit. (A blind play's card is the holder's unseen one; a discard
    /// goes face down.)
    ///
    /// ```
    /// use tenace_cards::Card;
    /// use tenace_rules::Action;
    /// assert_eq!("SA".parse::<Action>().unwrap().card_played(), "SA".parse().ok());
    /// assert_eq!("JKS".parse::<Action>().unwrap().card_played(), Some(Card::JOKER));
    /// assert_eq!(Action::PlayBlind.card_played(), None);
    /// assert_eq!("discard SA".parse::<Action>().unwrap().card_played(), None);
    /// ```
    pub const fn card_played(&self) -> Option<Card> {
        match self {
            Action::Card(card) => Some(*card),
            Action::NamedJoker(_) => Some(Card::JOKER),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Call(c) => fmt::Display::fmt(c, f),
            Action::Card(c) => fmt::Display::fmt(c, f),
            Action::NamedJoker(s) => write!(f, "{}{s}", Card::JOKER),
            Action::Bid(n) => write!(f, "{n}"),
            Action::ChangeBid(n) => write!(f, "change {n}"),
            Action::Discard(c) => write!(f, "discard {c}"),
            Action::PlayBlind => write!(f, "blind"),
            Action::Claim(n) => write!(f, "claim {n}"),
        }
    }
}

/// Why an action could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "bad action {0:?}: expected a call (P, X, XX, 1C … 7NT), a card (e.g. SA, HT, or JKS for the joker named as a spade), a Devil's Bridge bid (e.g. 3), a changed bid (e.g. change 3), a Bridgette discard (e.g. discard SA), a blind play (blind) or an agreed claim of the remaining tricks (e.g. claim 3)"
)]
pub struct ActionParseError(pub String);

impl FromStr for Action {
    type Err = ActionParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Ok(call) = s.parse::<Call>() {
            return Ok(Action::Call(call));
        }
        // A bare number can be no call (a bid has a strain) and no card: it is a bid.
        if let Some(n) = parse_number(s) {
            return Ok(Action::Bid(n));
        }
        let lower = s.trim().to_ascii_lowercase();
        if lower == "blind" {
            return Ok(Action::PlayBlind);
        }
        if let Some(rest) = lower.strip_prefix("discard") {
            return match rest.trim().parse::<Card>() {
                Ok(card) if rest.starts_with(char::is_whitespace) => Ok(Action::Discard(card)),
                _ => Err(ActionParseError(s.into())),
            };
        }
        if let Some(rest) = lower.strip_prefix("claim") {
            return match parse_number(rest) {
                Some(n) if rest.starts_with(char::is_whitespace) => Ok(Action::Claim(n)),
                _ => Err(ActionParseError(s.into())),
            };
        }
        if let Some(rest) = lower.strip_prefix("change") {
            return match parse_number(rest) {
                Some(n) if rest.starts_with(char::is_whitespace) => Ok(Action::ChangeBid(n)),
                _ => Err(ActionParseError(s.into())),
            };
        }
        let upper = s.to_ascii_uppercase();
        if let Some(suit) = upper.strip_prefix("JK").filter(|rest| !rest.is_empty()) {
            return suit
                .parse::<Suit>()
                .map(Action::NamedJoker)
                .map_err(|_| ActionParseError(s.into()));
        }
        s.parse::<Card>()
            .map(Action::Card)
            .map_err(|_| ActionParseError(s.into()))
    }
}

/// A bid's number: ASCII digits only, at most 52 (no hand holds more cards).
fn parse_number(s: &str) -> Option<u8> {
    let s = s.trim();
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<u8>().ok().filter(|&n| n <= 52)
}

tenace_cards::serde_via_str!(Action);

/// A player's action, as recorded in a game's history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Move {
    /// Who acted. In Contract Bridge declarer acts for dummy, and this is declarer.
    pub player: Player,
    /// What they did.
    pub action: Action,
}

/// The phase a game is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Bridgette's exchange: cards drawn from the stock, and discards made.
    Exchange,
    /// Calls are being made.
    Auction,
    /// Cards are being played.
    Play,
    /// The deal is over.
    Finished,
}

/// A set of players, as a bitmask: who may act now.
///
/// ```
/// use tenace_rules::PlayerSet;
/// use tenace_cards::Player;
/// let set = PlayerSet::single(Player(2));
/// assert!(set.contains(Player(2)));
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![Player(2)]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PlayerSet(u8);

impl PlayerSet {
    /// Nobody.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// Just this player.
    pub const fn single(player: Player) -> PlayerSet {
        PlayerSet(1 << player.0)
    }

    /// Whether the player is in the set.
    pub const fn contains(self, player: Player) -> bool {
        self.0 & (1 << player.0) != 0
    }

    /// Whether nobody is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds a player.
    pub fn insert(&mut self, player: Player) {
        self.0 |= 1 << player.0;
    }

    /// The players, lowest number first.
    pub fn iter(self) -> impl Iterator<Item = Player> {
        (0..Player::MAX as u8)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(Player)
    }
}

/// What an action caused, beyond itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Events {
    /// The action completed a trick, won by this player.
    pub trick_won: Option<Player>,
    /// The action moved the game into this phase.
    pub new_phase: Option<Phase>,
}

/// Why an action was refused. The state is unchanged, and the message names the rule.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalAction {
    /// A call broke the auction laws.
    #[error(transparent)]
    Auction(#[from] AuctionError),
    /// A card broke the play rules.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// A Devil's Bridge bid or change of bid broke the bidding rules.
    #[error(transparent)]
    Bid(#[from] crate::devils_bridge::BidError),
    /// A Bridgette bid restriction, the duty to name a contract, or a discard.
    #[error(transparent)]
    Bridgette(#[from] crate::bridgette::BridgetteError),
    /// A card named in a Devil's Bridge blind hand, or a blind play in a hand that is not
    /// blind. The words never depend on the card named.
    #[error(
        "{0} (RULES.md §3.1: in the blind hand nobody sees their own card, and the play is forced)"
    )]
    BlindPlay(&'static str),
    /// The player may not act now.
    #[error("{player} may not act now: {reason}")]
    NotToAct {
        /// Who tried, as named at the table.
        player: String,
        /// Why not.
        reason: String,
    },
    /// A claim made outside the play, or in a game without claims.
    #[error("{action} is refused: {rule}")]
    NoClaim {
        /// The claim tried.
        action: Action,
        /// Why no claim is taken here.
        rule: &'static str,
    },
    /// A claim of more tricks than remain to be played.
    #[error(
        "claim {claimed} is too many: {remaining} tricks remain to be played (a claim is of the remaining tricks, a trick in progress included)"
    )]
    ClaimTooMany {
        /// The tricks claimed.
        claimed: u8,
        /// The tricks not yet played.
        remaining: u8,
    },
    /// The action is of the wrong kind for the phase.
    #[error("{action} is not allowed in the {phase:?} phase: {expected}")]
    WrongPhase {
        /// The action tried.
        action: Action,
        /// The phase the game is in.
        phase: Phase,
        /// What kind of action the phase takes.
        expected: &'static str,
    },
}

/// How an error message names `player` at a table of `players`: by seat (`N`) in the
/// partnership games (`seats_named`), else as `player 2`, numbered from 0 as the engine,
/// the protocol and RULES.md number them, whatever the number of players (a four-player
/// Devil's Bridge table has no North). Every "not your turn" message is written with it.
///
/// ```
/// use tenace_cards::Player;
/// use tenace_rules::player_in_words;
/// assert_eq!(player_in_words(Player(1), 4, true), "E");
/// assert_eq!(player_in_words(Player(1), 4, false), "player 1");
/// ```
pub fn player_in_words(player: Player, players: usize, seats_named: bool) -> String {
    if seats_named {
        player.label(players)
    } else {
        format!("player {}", player.0)
    }
}

/// The result of a finished game: points per player, from each player's point of view
/// (partners share their side's points).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// Points per player.
    pub points: Vec<i32>,
}

/// Why hidden cards could not be dealt again.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ResampleError {
    /// The observation belongs to another game.
    #[error("this observation is of another game ({0})")]
    WrongGame(String),
    /// The observation cannot come from any deal.
    #[error("no deal is consistent with this observation: {0}")]
    Inconsistent(String),
}

/// A game of the bridge family: one deal, or a match of several.
///
/// The trait is object-safe; [`crate::AnyGame`] picks a game at run time.
pub trait Game {
    /// The number of players at the table.
    fn player_count(&self) -> usize;

    /// The phase now.
    fn phase(&self) -> Phase;

    /// The players who may act now (empty once the game is over). In Contract Bridge,
    /// declarer acts for dummy.
    fn to_act(&self) -> PlayerSet;

    /// Every action this player may take now (empty if they may not act).
    fn legal_actions(&self, player: Player) -> Vec<Action>;

    /// Takes an action after checking it. On error the state is unchanged and the error
    /// names the rule broken.
    fn try_apply(&mut self, player: Player, action: Action) -> Result<Events, IllegalAction>;

    /// Takes an action known to be legal (from [`Game::legal_actions`]), skipping the
    /// checks. For search, bots and benchmarks; an illegal action leaves an illegal state.
    fn apply_unchecked(&mut self, player: Player, action: Action) -> Events;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Exactly what this player may see now.
    fn observation(&self, player: Player) -> View;

    /// Everything, every hand included: for analysis and tests, never for a player.
    fn full_view(&self) -> View;

    /// The record: every action taken, in order.
    fn history(&self) -> &[Move];

    /// A state consistent with everything `observation` shows, with the hidden cards
    /// dealt again at random (voids shown in play included).
    fn resample(observation: &View, rng: &mut dyn RngCore) -> Result<Self, ResampleError>
    where
        Self: Sized;
}
