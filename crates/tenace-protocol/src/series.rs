//! The games of several deals, behind one object-safe trait so the engine holds any of
//! them: a Contract Bridge match (rubber, Chicago or duplicate boards), a Devil's Bridge
//! game and a six-deal Bridgette game. The play itself is [`tenace_rules::Match`]'s; each
//! match adds only how it is named and how its sheet is written.

use std::fmt;

use serde_json::Value;
use tenace_cards::Player;
use tenace_rules::bridge::BridgeMatch;
use tenace_rules::bridgette::BridgetteMatch;
use tenace_rules::devils_bridge::DevilsMatch;
use tenace_rules::{Action, Events, Game, IllegalAction, Match, Phase, PlayerSet, View};

/// A game of several deals as the engine sees it.
pub(crate) trait Series: fmt::Debug + Send {
    /// Players at the table.
    fn players(&self) -> usize;
    /// Whether players are named by seat (`N E S W`).
    fn seats_named(&self) -> bool;
    /// Who may act now.
    fn to_act(&self) -> PlayerSet;
    /// A player's legal actions now.
    fn legal_actions(&self, player: Player) -> Vec<Action>;
    /// Takes a checked action; on error nothing changes.
    fn try_apply(&mut self, player: Player, action: Action) -> Result<Events, IllegalAction>;
    /// The phase of the deal in progress (`Finished` once the game is over).
    fn phase(&self) -> Phase;
    /// The full view of the deal in progress (or the last one).
    fn full_view(&self) -> Option<View>;
    /// A player's view of the deal in progress (or the last one).
    fn observation(&self, player: Player) -> Option<View>;
    /// Ends the game early; `false` if it was already over.
    fn end_now(&mut self) -> bool;
    /// Adds the score sheet (and any game-wide fields) to a state or observation.
    fn add_sheet(&self, state: &mut Value);
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn Series>;
}

impl Clone for Box<dyn Series> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// What a match adds on the wire to the play every match shares.
pub(crate) trait OnTheWire {
    /// Players at the table.
    fn players(&self) -> usize;
    /// Whether players are named by seat.
    fn seats_named(&self) -> bool;
    /// Ends the match early; `false` if it was already over.
    fn end_early(&mut self) -> bool;
    /// Adds the score sheet to a state or observation.
    fn add_sheet(&self, state: &mut Value);
}

impl<M> Series for M
where
    M: Match + OnTheWire + Clone + fmt::Debug + Send + 'static,
{
    fn players(&self) -> usize {
        OnTheWire::players(self)
    }
    fn seats_named(&self) -> bool {
        OnTheWire::seats_named(self)
    }
    fn to_act(&self) -> PlayerSet {
        Match::to_act(self)
    }
    fn legal_actions(&self, player: Player) -> Vec<Action> {
        Match::legal_actions(self, player)
    }
    fn try_apply(&mut self, player: Player, action: Action) -> Result<Events, IllegalAction> {
        Match::try_apply(self, player, action)
    }
    fn phase(&self) -> Phase {
        self.current().map_or(Phase::Finished, Game::phase)
    }
    fn full_view(&self) -> Option<View> {
        Match::full_view(self)
    }
    fn observation(&self, player: Player) -> Option<View> {
        Match::observation(self, player)
    }
    fn end_now(&mut self) -> bool {
        self.end_early()
    }
    fn add_sheet(&self, state: &mut Value) {
        OnTheWire::add_sheet(self, state)
    }
    fn clone_box(&self) -> Box<dyn Series> {
        Box::new(self.clone())
    }
}

impl OnTheWire for BridgeMatch {
    fn players(&self) -> usize {
        4
    }
    fn seats_named(&self) -> bool {
        true
    }
    fn end_early(&mut self) -> bool {
        self.end_session()
    }
    fn add_sheet(&self, state: &mut Value) {
        state["match"] = crate::state::match_json(self);
    }
}

impl OnTheWire for DevilsMatch {
    fn players(&self) -> usize {
        self.options().player_count()
    }
    fn seats_named(&self) -> bool {
        false
    }
    fn end_early(&mut self) -> bool {
        self.end_now()
    }
    fn add_sheet(&self, state: &mut Value) {
        let sheet = crate::devils::match_json(self);
        state["totals"] = sheet["totals"].clone();
        state["match"] = sheet;
    }
}

impl OnTheWire for BridgetteMatch {
    fn players(&self) -> usize {
        2
    }
    fn seats_named(&self) -> bool {
        false
    }
    fn end_early(&mut self) -> bool {
        self.end_now()
    }
    fn add_sheet(&self, state: &mut Value) {
        let sheet = crate::bridgette::match_json(self);
        state["totals"] = sheet["totals"].clone();
        state["match"] = sheet;
    }
}
