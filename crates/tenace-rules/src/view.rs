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
    /// Rubber and Chicago bridge: each side's points toward game below the line when the
    /// deal began, N-S then E-W (zero in every other game and scoring).
    pub part_scores: [u32; 2],
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
    /// What a spectator may see, from a full view ([`crate::Game::full_view`]): only what
    /// the table shows everyone. Dummy once the opening lead is made; in a Devil's Bridge
    /// blind hand every card (each one faces the whole table from its holder's forehead);
    /// Bridgette's up-card, but neither player's draws or discards, and no stock. The
    /// record loses the face-down discards, as an opponent's record does.
    ///
    /// A seated player is shown [`crate::Game::observation`], never this: in a blind hand
    /// it would show them their own card.
    ///
    /// ```
    /// use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup, BridgeVariant};
    /// use tenace_rules::{Game, Vulnerability};
    /// let setup = BridgeSetup::seeded(
    ///     BridgeVariant::Standard, 7, None, Vulnerability::None, BridgeOptions::default(),
    /// );
    /// let deal = BridgeDeal::from_setup(setup).unwrap();
    /// let spectator = deal.full_view().for_spectator();
    /// assert!(spectator.hands.iter().all(Option::is_none), "no hand is public yet");
    /// assert_eq!(spectator.hand_sizes, vec![13; 4]);
    /// ```
    pub fn for_spectator(&self) -> View {
        let lead_made = self.history.iter().any(|m| m.action.is_card_play());
        let public =
            |p: usize| self.blind || (lead_made && self.dummy.map(Player::index) == Some(p));
        let mut view = self.clone();
        view.viewer = None;
        for (p, hand) in view.hands.iter_mut().enumerate() {
            if !public(p) {
                *hand = None;
            }
        }
        view.hide_exchange()
    }

    /// This view without what Bridgette's exchange keeps secret from everyone but the
    /// player concerned (RULES.md §4.2: discards are dead and never revealed, the stock is
    /// hidden): no discard in the history, no card drawn or discarded, no stock; the
    /// counts stay. The public record of a finished deal is its full view through this.
    /// Other games have no exchange, and their views come back unchanged.
    ///
    /// ```
    /// use tenace_cards::Player;
    /// use tenace_rules::bridgette::{BridgetteDeal, BridgetteOptions, BridgetteSetup};
    /// use tenace_rules::{Action, Game};
    ///
    /// let setup = BridgetteSetup::seeded(BridgetteOptions::default(), 3, Some(Player(0)));
    /// let mut deal = BridgetteDeal::from_setup(setup).unwrap();
    /// let first = deal.legal_actions(Player(1))[0];
    /// deal.try_apply(Player(1), first).unwrap();
    /// let public = deal.full_view().hide_exchange();
    /// let exchange = public.exchange.expect("Bridgette has an exchange");
    /// assert!(exchange.stock.is_none() && exchange.drawn.iter().all(Option::is_none));
    /// assert!(!public.history.iter().any(|m| matches!(m.action, Action::Discard(_))));
    /// ```
    pub fn hide_exchange(mut self) -> View {
        self.history
            .retain(|m| !matches!(m.action, crate::Action::Discard(_)));
        if let Some(exchange) = self.exchange.as_mut() {
            exchange.drawn.iter_mut().for_each(|d| *d = None);
            exchange.discards.iter_mut().for_each(|d| *d = None);
            exchange.stock = None;
        }
        self
    }

    /// Every card this view shows in someone's hand.
    pub fn visible_cards(&self) -> CardSet {
        self.hands
            .iter()
            .flatten()
            .fold(CardSet::EMPTY, |set, &h| set | h)
    }
}
