//! The match a table plays, whichever of the three kinds it is, behind one enum: the
//! table drives it without knowing the game.

use serde_json::Value;
use tenace_cards::{CardSet, Player};
use tenace_rules::bridge::BridgeMatch;
use tenace_rules::bridgette::BridgetteMatch;
use tenace_rules::devils_bridge::DevilsMatch;
use tenace_rules::scoring::{Comparison, ScoringMode};
use tenace_rules::{
    Action, AnyGame, Events, Game, GameConfig, IllegalAction, Match, Move, PlayerSet, View,
};

/// A match of any of the five games.
// One match a table, moved only when the table is made or replayed: boxing the larger
// variant would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum TableMatch {
    /// Contract Bridge, Deuces Wild or Five Crowns: duplicate, rubber or Chicago.
    Bridge(BridgeMatch),
    /// A game of Devil's Bridge.
    Devils(DevilsMatch),
    /// A six-deal game of Bridgette.
    Bridgette(BridgetteMatch),
}

/// Runs the same expression on whichever match this is (the three share [`Match`], which
/// is not object-safe because of its deal type).
macro_rules! each {
    ($self:expr, $m:ident => $body:expr) => {
        match $self {
            TableMatch::Bridge($m) => $body,
            TableMatch::Devils($m) => $body,
            TableMatch::Bridgette($m) => $body,
        }
    };
}

impl TableMatch {
    /// A new match of a game and its options, every deal dealt from `seed`. The error is
    /// the engine's words for options it refuses.
    pub fn from_config(config: &GameConfig, seed: u64) -> Result<TableMatch, String> {
        Ok(match config.clone() {
            GameConfig::Bridge(variant, options) => TableMatch::Bridge(
                BridgeMatch::with_variant(variant, options, seed).map_err(|e| e.to_string())?,
            ),
            GameConfig::DevilsBridge(options) => {
                TableMatch::Devils(DevilsMatch::new(options, seed).map_err(|e| e.to_string())?)
            }
            GameConfig::Bridgette(options) => TableMatch::Bridgette(
                BridgetteMatch::new(options, seed).map_err(|e| e.to_string())?,
            ),
        })
    }

    /// The game and options this match plays.
    pub fn config(&self) -> GameConfig {
        match self {
            TableMatch::Bridge(m) => GameConfig::Bridge(m.variant(), m.options().clone()),
            TableMatch::Devils(m) => GameConfig::DevilsBridge(m.options().clone()),
            TableMatch::Bridgette(m) => GameConfig::Bridgette(*m.options()),
        }
    }

    /// The seed the match deals from (a match of prepared boards deals from none).
    pub fn seed(&self) -> u64 {
        each!(self, m => m.seed())
    }

    /// Players at the table.
    pub fn players(&self) -> usize {
        match self {
            TableMatch::Bridge(_) => 4,
            TableMatch::Devils(m) => m.options().player_count(),
            TableMatch::Bridgette(_) => 2,
        }
    }

    /// Whether players are seats of two partnerships (`N E S W`) rather than numbers.
    pub fn partnerships(&self) -> bool {
        matches!(self, TableMatch::Bridge(_))
    }

    /// How the game names a player: `N E S W` in the partnership games, `0`, `1`, …
    /// otherwise, as the engine protocol's state does.
    pub fn seat_name(&self, player: Player) -> String {
        tenace_protocol::state::player_label(player, self.players(), self.partnerships())
    }

    /// How a message names a player: `N` in the partnership games, `player 2` otherwise,
    /// in the engine's own words for its refusals.
    pub fn player_in_words(&self, player: Player) -> String {
        tenace_rules::player_in_words(player, self.players(), self.partnerships())
    }

    /// How a message names a seat: `N` in the partnership games, `seat 2` otherwise.
    pub fn seat_in_words(&self, player: Player) -> String {
        if self.partnerships() {
            self.seat_name(player)
        } else {
            format!("seat {}", self.seat_name(player))
        }
    }

    /// The player a seat name names (`N`, `s`, `3`), if any at this table.
    pub fn parse_seat(&self, name: &str) -> Option<Player> {
        (0..self.players() as u8)
            .map(Player)
            .find(|&p| self.seat_name(p).eq_ignore_ascii_case(name))
    }

    /// Whether two players are opponents: of the other side in the partnership games,
    /// anyone else otherwise.
    pub fn opponents(&self, a: Player, b: Player) -> bool {
        if self.partnerships() {
            a.index() % 2 != b.index() % 2
        } else {
            a != b
        }
    }

    /// Who may act now.
    pub fn to_act(&self) -> PlayerSet {
        each!(self, m => Match::to_act(m))
    }

    /// A player's legal actions now.
    pub fn legal_actions(&self, player: Player) -> Vec<Action> {
        each!(self, m => Match::legal_actions(m, player))
    }

    /// Takes an action after the engine checks it; on error nothing changes.
    pub fn try_apply(&mut self, player: Player, action: Action) -> Result<Events, IllegalAction> {
        each!(self, m => Match::try_apply(m, player, action))
    }

    /// A player's view of the deal in progress (the last one once the match is over).
    pub fn observation(&self, player: Player) -> Option<View> {
        each!(self, m => m.deals().latest().map(|d| d.observation(player)))
    }

    /// Every card of the deal in progress (the last one once the match is over): for a
    /// spectator's view to be cut from, or a table that shows spectators everything.
    pub fn full_view(&self) -> Option<View> {
        each!(self, m => m.deals().latest().map(Game::full_view))
    }

    /// The record of the whole match.
    pub fn history(&self) -> &[Move] {
        each!(self, m => Match::history(m))
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        each!(self, m => Match::is_over(m))
    }

    /// How many deals are finished.
    pub fn finished_count(&self) -> usize {
        each!(self, m => m.deals().finished().len())
    }

    /// Where the deal in progress starts in [`history`](Self::history).
    pub fn current_deal_start(&self) -> usize {
        self.finished_lengths().iter().sum()
    }

    /// How many actions each finished deal took, in order: where each deal starts in
    /// [`history`](Self::history).
    pub fn finished_lengths(&self) -> Vec<usize> {
        each!(self, m => m.deals().finished().iter().map(|d| Game::history(d).len()).collect())
    }

    /// Finished deal `index` with every hand shown, as it ended.
    pub fn finished_full_view(&self, index: usize) -> Option<View> {
        each!(self, m => m.deals().finished().get(index).map(Game::full_view))
    }

    /// The hands as dealt in finished deal `index`, by player: public once the deal is
    /// over, and the only record of the cards a claim left unplayed. Bridgette's are the
    /// hands as the play began, after the exchange: the hands before it would tell the
    /// discards, which are never revealed (RULES.md §4.2).
    pub fn finished_dealt(&self, index: usize) -> Option<Vec<CardSet>> {
        match self {
            TableMatch::Bridgette(m) => m.deals().finished().get(index).map(|d| {
                d.setup()
                    .hands
                    .0
                    .iter()
                    .zip(d.drawn().0.iter().zip(d.discards().0.iter()))
                    .map(|(&dealt, (&drawn, &discarded))| (dealt | drawn) - discarded)
                    .collect()
            }),
            _ => {
                each!(self, m => m.deals().finished().get(index).map(|d| d.setup().hands.0.to_vec()))
            }
        }
    }

    /// Finished deal `index` as the public record of it: its number (from 1), the final
    /// state with every hand (the engine protocol's state shape; Bridgette's without its
    /// discards, draws and stock, which stay secret) and the hands as dealt.
    pub fn finished_record_json(&self, index: usize) -> Option<Value> {
        let record = self.finished_full_view(index)?.hide_exchange();
        let dealt: serde_json::Map<String, Value> = self
            .finished_dealt(index)?
            .iter()
            .enumerate()
            .map(|(p, hand)| (self.seat_name(Player(p as u8)), serde_json::json!(hand)))
            .collect();
        Some(serde_json::json!({
            "number": index + 1,
            "record": tenace_protocol::state::view_json(&record),
            "dealt": dealt,
        }))
    }

    /// A player's view of finished deal `index`, as it ended.
    pub fn finished_observation(&self, index: usize, player: Player) -> Option<View> {
        each!(self, m => m.deals().finished().get(index).map(|d| d.observation(player)))
    }

    /// Every deal so far: the finished ones, then the one in progress unless the match is
    /// over.
    pub fn deals_so_far(&self) -> Vec<AnyGame> {
        let mut deals: Vec<AnyGame> = (0..self.finished_count())
            .filter_map(|i| self.finished_deal(i))
            .collect();
        if !self.is_over() {
            deals.extend(self.current_deal());
        }
        deals
    }

    /// Finished deal `index` itself, as it ended: to replay it or analyse it.
    pub fn finished_deal(&self, index: usize) -> Option<AnyGame> {
        match self {
            TableMatch::Bridge(m) => m
                .deals()
                .finished()
                .get(index)
                .cloned()
                .map(AnyGame::Bridge),
            TableMatch::Devils(m) => m
                .deals()
                .finished()
                .get(index)
                .cloned()
                .map(AnyGame::DevilsBridge),
            TableMatch::Bridgette(m) => m
                .deals()
                .finished()
                .get(index)
                .cloned()
                .map(AnyGame::Bridgette),
        }
    }

    /// The deal in progress (the last one once the match is over), as any game: for the
    /// double-dummy solver to judge a claim from.
    pub fn current_deal(&self) -> Option<AnyGame> {
        match self {
            TableMatch::Bridge(m) => m.deals().latest().cloned().map(AnyGame::Bridge),
            TableMatch::Devils(m) => m.deals().latest().cloned().map(AnyGame::DevilsBridge),
            TableMatch::Bridgette(m) => m.deals().latest().cloned().map(AnyGame::Bridgette),
        }
    }

    /// Whether the match is duplicate boards compared with a second table, where
    /// computer players play each board again (`comparison` = `imps` or `matchpoints`).
    pub fn is_compared(&self) -> bool {
        match self {
            TableMatch::Bridge(m) => {
                let options = m.options();
                options.scoring == ScoringMode::Duplicate
                    && matches!(
                        options.comparison,
                        Comparison::Imps | Comparison::Matchpoints
                    )
            }
            _ => false,
        }
    }

    /// Whether the deal in progress is a duplicate board's replay at the second table,
    /// played out of sight by computer players in all four seats.
    pub fn is_second_table(&self) -> bool {
        match self {
            TableMatch::Bridge(m) => {
                self.is_compared() && !m.is_over() && m.finished_deals().len() % 2 == 1
            }
            _ => false,
        }
    }

    /// The score sheet, in the engine protocol's `match` shape.
    pub fn sheet_json(&self) -> Value {
        match self {
            TableMatch::Bridge(m) => tenace_protocol::state::match_json(m),
            TableMatch::Devils(m) => tenace_protocol::state::devils_match_json(m),
            TableMatch::Bridgette(m) => tenace_protocol::state::bridgette_match_json(m),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::{MatchKind, Settings, TableSetup};

    fn dealt(game: &str, kind: Option<MatchKind>, options: Option<Value>) -> TableMatch {
        TableSetup::new(game, kind, options, 5, Settings::default())
            .and_then(|s| s.deal())
            .expect("a valid setup")
    }

    #[test]
    fn seats_are_named_as_the_game_names_them() {
        let bridge = dealt("bridge", None, None);
        assert_eq!(bridge.seat_name(Player(0)), "N");
        assert_eq!(bridge.parse_seat("w"), Some(Player(3)));
        assert_eq!(bridge.parse_seat("5"), None);
        let devils = dealt(
            "devils-bridge",
            None,
            Some(serde_json::json!({"players": 5})),
        );
        assert_eq!(devils.players(), 5);
        assert_eq!(devils.parse_seat("4"), Some(Player(4)));
        assert_eq!(devils.parse_seat("5"), None);
        assert!(devils.opponents(Player(0), Player(2)));
        assert!(!bridge.opponents(Player(0), Player(2)));
    }

    #[test]
    fn a_compared_board_is_replayed_at_the_second_table() {
        let options = serde_json::json!({"boards": 1, "comparison": "imps"});
        let mut m = dealt("bridge", Some(MatchKind::Duplicate), Some(options));
        assert!(!m.is_second_table());
        while m.finished_count() == 0 {
            let p = m.to_act().iter().next().expect("someone acts");
            let action = m.legal_actions(p)[0];
            m.try_apply(p, action).expect("legal");
        }
        assert!(m.is_second_table());
    }
}
