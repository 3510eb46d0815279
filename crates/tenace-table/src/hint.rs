//! A hint: what the expert computer player would do in a seated player's place, worked out
//! from that player's own observation of the deal, never the full deal. Asking changes
//! nothing at the table and is never stored, so a table only says whether it may be asked
//! ([`Table::hint_turn`]) and the asker's server thinks it through away from the table
//! ([`HintTurn::decide`]).

use tenace_bots::Level;

use crate::error::TableError;
use crate::event::PlayerKey;
use crate::table::{BotTurn, Table};
use crate::view::{Viewer, seen_cards, shown_reason};

/// A hint asked for and allowed: everything the expert needs, the asker's view and legal
/// actions only.
#[derive(Debug, Clone)]
pub struct HintTurn {
    turn: BotTurn,
}

/// A hint's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// One of the asker's legal actions, in the engine's notation.
    pub action: String,
    /// Why, in the expert's words; `None` if they would name a card the asker has not
    /// seen.
    pub reason: Option<String>,
}

impl Table {
    /// Whether the player may have a hint now, and what the expert decides it from: the
    /// table must allow hints (`hints`), the player must be seated (`seat`), the match
    /// under way (`status`) and the player asked to act (`turn`). `seed` seeds the
    /// expert's sampling; the caller picks it, unrelated to the deal.
    pub fn hint_turn(&self, player: PlayerKey, seed: u64) -> Result<HintTurn, TableError> {
        if !self.setup().settings.hints {
            return Err(TableError::new(
                "hints",
                "this table gives no hints (its setting hints is off)",
            ));
        }
        let seat = self.seat_of(player).ok_or_else(|| {
            TableError::new("seat", "hints are for the players seated at this table")
        })?;
        if !self.is_started() || self.game().is_over() || self.game().is_second_table() {
            return Err(TableError::new(
                "status",
                "a hint is given only while the match is being played",
            ));
        }
        let not_to_act = || {
            TableError::new(
                "turn",
                format!(
                    "{} is not asked to act now, so there is nothing to hint",
                    self.game().player_in_words(seat)
                ),
            )
        };
        // The same gate as the legal actions a view offers: no hint while an undo or a
        // claim waits, nor for a seat a computer player holds for its away player.
        if self.legal_for(Viewer::Player(player)).is_empty() {
            return Err(not_to_act());
        }
        self.decision_turn(seat, Level::Expert, seed)
            .map(|turn| HintTurn { turn })
            .ok_or_else(not_to_act)
    }
}

impl HintTurn {
    /// The expert's choice and reason, within the table's `think_ms`: to be run off any
    /// async runtime. With one legal action (a Devil's Bridge blind hand's `blind`) the
    /// expert names it at once, solving nothing.
    pub fn decide(&self) -> Hint {
        let (action, reason) = self.turn.decide();
        let reason = shown_reason(&reason, &seen_cards(&self.turn.view)).map(str::to_string);
        Hint {
            action: action.to_string(),
            reason,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Actor, Command, Settings, TableSetup};

    fn table(settings: Settings, seat: &str) -> Table {
        crate::test_tables::seated("bridge", None, settings, seat, 11)
    }

    fn field(result: Result<HintTurn, TableError>) -> String {
        result.err().map(|e| e.field).unwrap_or_default()
    }

    #[test]
    fn a_hint_is_a_legal_action_of_the_player_to_act() {
        let settings = Settings {
            think_ms: 50,
            ..Settings::default()
        };
        // Seed 11 deals a dealer; whoever it is, one of the four seats is to act.
        let dealer = table(settings.clone(), "N")
            .game()
            .observation(tenace_cards::Player(0))
            .map(|v| v.dealer)
            .expect("dealt");
        let seat = ["N", "E", "S", "W"][dealer.index()];
        let t = table(settings, seat);
        let turn = t.hint_turn(1, 3).expect("the dealer is to call");
        let hint = turn.decide();
        assert!(
            t.legal_for(Viewer::Player(1)).contains(&hint.action),
            "{hint:?}"
        );
        assert!(hint.reason.is_some_and(|r| !r.is_empty()));
        // Asking changed nothing.
        assert_eq!(t.version(), 4);
    }

    #[test]
    fn refusals_name_the_rule() {
        let off = Settings {
            hints: false,
            ..Settings::default()
        };
        assert_eq!(field(table(off, "S").hint_turn(1, 0)), "hints");
        let t = table(Settings::default(), "S");
        assert_eq!(field(t.hint_turn(2, 0)), "seat");
        let dealer = t
            .game()
            .observation(tenace_cards::Player(2))
            .map(|v| v.dealer);
        if dealer != Some(tenace_cards::Player(2)) {
            assert_eq!(field(t.hint_turn(1, 0)), "turn");
        }
        let setup =
            TableSetup::new("bridge", None, None, 11, Settings::default()).expect("a setup");
        let mut open = Table::new(setup, 1).expect("a table");
        let sit = open
            .check(
                &Actor::Player {
                    id: 1,
                    name: "Ada".into(),
                },
                &Command::Sit { seat: "S".into() },
            )
            .expect("sits");
        open.apply(&sit).expect("applies");
        assert_eq!(field(open.hint_turn(1, 0)), "status");
    }
}
