//! What a bot reads off its view before choosing: who it is, whose cards it plays, who
//! its partner is, the trick rules, and which cards are gone.

use tenace_cards::{CardSet, Player};
use tenace_rules::bridge::BridgeVariant;
use tenace_rules::trick::{SpecialRule, TrickRules};
use tenace_rules::{GameConfig, View};

use crate::hand_eval::DeckStyle;

/// The bot's seat at the table, as its view shows it.
#[derive(Debug, Clone)]
pub(crate) struct SeatInfo<'a> {
    /// The whole view.
    pub view: &'a View,
    /// The player the bot is (the viewer).
    pub me: Player,
    /// Whose cards are played now: the bot itself, or dummy when declarer plays dummy.
    pub actor: Player,
    /// The actor's hand, when the bot can see it (not in a blind Devil's Bridge hand).
    pub hand: Option<CardSet>,
    /// The deck style.
    pub style: DeckStyle,
}

impl<'a> SeatInfo<'a> {
    /// Reads the view; `None` for a view without a viewer.
    pub fn new(view: &'a View) -> Option<SeatInfo<'a>> {
        let me = view.viewer?;
        let actor = match (&view.trick, view.phase) {
            (Some(trick), tenace_rules::Phase::Play) => trick.next_player(),
            _ => me,
        };
        let hand = view.hands.get(actor.index()).copied().flatten();
        Some(SeatInfo {
            view,
            me,
            actor,
            hand,
            style: DeckStyle::of(&view.config),
        })
    }

    /// The actor's partner in the partnership games.
    pub fn partner_of(&self, p: Player) -> Option<Player> {
        matches!(self.view.config, GameConfig::Bridge(..)).then(|| p.offset(2, 4))
    }

    /// Whether two players are on the same side (the same player, or partners).
    pub fn same_side(&self, a: Player, b: Player) -> bool {
        a == b || self.partner_of(a) == Some(b)
    }

    /// The trick rules in force, once there is a contract (or a trump card).
    pub fn trick_rules(&self) -> TrickRules {
        let view = self.view;
        let strain_trump = view.contract.and_then(|c| c.strain.trump());
        match &view.config {
            GameConfig::Bridge(variant, _) => match view.contract {
                Some(c) => variant.trick_rules(c.strain),
                None => BridgeVariant::trick_rules(*variant, tenace_cards::Strain::NoTrump),
            },
            GameConfig::DevilsBridge(_) => TrickRules::plain(view.turned_up.and_then(|c| c.suit())),
            GameConfig::Bridgette(options) => TrickRules {
                trump: strain_trump,
                special: SpecialRule::Colons {
                    block_allows_colon_lead: options.block_allows_colon_lead,
                },
            },
        }
    }

    /// Every card played so far, in finished tricks and the current one.
    pub fn played(&self) -> CardSet {
        self.view
            .history
            .iter()
            .filter_map(|m| m.action.card_played())
            .collect()
    }

    /// The cards neither played nor seen in a hand the bot may look at: where the
    /// opponents' cards (and the stock, in Bridgette) are.
    pub fn unseen(&self) -> CardSet {
        let deck = match &self.view.config {
            GameConfig::Bridge(variant, _) => variant.deck().cards(),
            GameConfig::DevilsBridge(_) => tenace_cards::Deck::Standard.cards(),
            GameConfig::Bridgette(_) => tenace_cards::Deck::Bridgette.cards(),
        };
        let mut seen = self.view.visible_cards() | self.played();
        if let Some(c) = self.view.turned_up {
            seen.insert(c);
        }
        if let Some(ex) = &self.view.exchange
            && let Some(Some(mine)) = ex.discards.get(self.me.index())
        {
            seen |= *mine;
        }
        deck - seen
    }
}
