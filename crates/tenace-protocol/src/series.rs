//! The games of several deals, behind one trait so the engine drives them alike: a
//! Contract Bridge match (rubber, Chicago or duplicate boards), a Devil's Bridge game and
//! a six-deal Bridgette game.

use std::fmt;

use serde_json::Value;
use tenace_cards::Player;
use tenace_rules::bridge::BridgeMatch;
use tenace_rules::bridgette::BridgetteMatch;
use tenace_rules::devils_bridge::DevilsMatch;
use tenace_rules::{Action, Events, Game, IllegalAction, Phase, PlayerSet, View};

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

/// The methods every match type has under the same names.
macro_rules! delegate_series {
    () => {
        fn to_act(&self) -> PlayerSet {
            Self::to_act(self)
        }
        fn legal_actions(&self, player: Player) -> Vec<Action> {
            Self::legal_actions(self, player)
        }
        fn try_apply(&mut self, player: Player, action: Action) -> Result<Events, IllegalAction> {
            Self::try_apply(self, player, action)
        }
        fn phase(&self) -> Phase {
            self.current().map_or(Phase::Finished, Game::phase)
        }
        fn full_view(&self) -> Option<View> {
            Self::full_view(self)
        }
        fn observation(&self, player: Player) -> Option<View> {
            Self::observation(self, player)
        }
        fn clone_box(&self) -> Box<dyn Series> {
            Box::new(self.clone())
        }
    };
}

impl Series for BridgeMatch {
    fn players(&self) -> usize {
        4
    }
    fn seats_named(&self) -> bool {
        true
    }
    fn end_now(&mut self) -> bool {
        self.end_session()
    }
    fn add_sheet(&self, state: &mut Value) {
        state["match"] = crate::state::match_json(self);
    }
    delegate_series!();
}

impl Series for DevilsMatch {
    fn players(&self) -> usize {
        self.options().player_count()
    }
    fn seats_named(&self) -> bool {
        false
    }
    fn end_now(&mut self) -> bool {
        DevilsMatch::end_now(self)
    }
    fn add_sheet(&self, state: &mut Value) {
        let sheet = crate::devils::match_json(self);
        state["totals"] = sheet["totals"].clone();
        state["match"] = sheet;
    }
    delegate_series!();
}

impl Series for BridgetteMatch {
    fn players(&self) -> usize {
        2
    }
    fn seats_named(&self) -> bool {
        false
    }
    fn end_now(&mut self) -> bool {
        BridgetteMatch::end_now(self)
    }
    fn add_sheet(&self, state: &mut Value) {
        let sheet = crate::bridgette::match_json(self);
        state["totals"] = sheet["totals"].clone();
        state["match"] = sheet;
    }
    delegate_series!();
}
