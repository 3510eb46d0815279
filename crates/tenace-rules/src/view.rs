//! What a player (or an analyst) sees of a game, in one shape every game shares.

use tenace_cards::{Card, CardSet, Player};

use crate::any::GameConfig;
use crate::contract::{Contract, Vulnerability};
use crate::game::{Move, Phase, PlayerSet};
use crate::trick::Trick;

/// A snapshot of a game from one point of view.
///
/// [`crate::Game::observation`] gives a player's view, with every card that player may
/// not see left out; [`crate::Game::full_view`] gives everything. An observation is all
/// a bot may use, and all [`crate::Game::resample`] needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// The game and its options.
    pub config: GameConfig,
    /// Whose view this is; `None` for the full view.
    pub viewer: Option<Player>,
    /// The phase now.
    pub phase: Phase,
    /// The number of players.
    pub players: usize,
    /// The dealer.
    pub dealer: Player,
    /// Vulnerability, in the games that have it.
    pub vulnerability: Option<Vulnerability>,
    /// The cards each player holds now, where the viewer may see them.
    pub hands: Vec<Option<CardSet>>,
    /// How many cards each player holds now.
    pub hand_sizes: Vec<usize>,
    /// The trick in progress (empty between tricks), once play has begun.
    pub trick: Option<Trick>,
    /// Tricks won by each player.
    pub tricks_won: Vec<u8>,
    /// Every action the viewer may see, in order: all of them, but for the opponent's
    /// Bridgette discards.
    pub history: Vec<Move>,
    /// The contract, once the auction is over (`None` while bidding or when passed out).
    pub contract: Option<Contract>,
    /// Declarer, once there is a contract.
    pub declarer: Option<Player>,
    /// Dummy, once there is a contract.
    pub dummy: Option<Player>,
    /// The score once the deal is over, from the first player's side's point of view.
    pub score: Option<i32>,
    /// For each player, the suits (bitmask by suit index) they have shown out of.
    pub shown_void: Vec<u8>,
    /// Who may act now.
    pub to_act: PlayerSet,
    /// Devil's Bridge: each player's bid so far (empty in the other games).
    pub bids: Vec<Option<u8>>,
    /// Devil's Bridge: the card turned up for trumps (`None`: no trumps, or another game).
    pub turned_up: Option<Card>,
    /// Devil's Bridge: whether the hand is blind, each card seen by all but its holder.
    pub blind: bool,
    /// Bridgette: the exchange, as far as the viewer may see it (`None` in other games).
    pub exchange: Option<ExchangeView>,
}

/// Bridgette's exchange as one viewer sees it (RULES.md §4.2 and §5): the up-card is
/// public, your own draws and discards are yours alone, the opponent's discards and the
/// stock are nobody's. Counts are public.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExchangeView {
    /// The up-card, face up on the stock (also in [`View::turned_up`]).
    pub upcard: Card,
    /// The cards each player drew, where the viewer may see them.
    pub drawn: Vec<Option<CardSet>>,
    /// How many cards each player has drawn.
    pub draw_counts: Vec<usize>,
    /// The cards each player discarded, where the viewer may see them.
    pub discards: Vec<Option<CardSet>>,
    /// How many cards each player has discarded.
    pub discard_counts: Vec<usize>,
    /// The cards still in the stock: only in the full view.
    pub stock: Option<CardSet>,
    /// How many cards are still in the stock (a set-aside up-card is not among them).
    pub stock_size: usize,
}

impl View {
    /// Every card this view shows in someone's hand.
    pub fn visible_cards(&self) -> CardSet {
        self.hands
            .iter()
            .flatten()
            .fold(CardSet::EMPTY, |set, &h| set | h)
    }
}
