//! The options of Devil's Bridge (RULES.md §3), as one typed config.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The order of the hand sizes in a series (decision H3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandOrder {
    /// 1, 2, …, M, …, 2, 1: the source text's order; the blind hand is the last.
    #[default]
    UpDown,
    /// M, …, 2, 1, 2, …, M: pagat's order; the one-card hand is in the middle.
    DownUp,
}

/// Which one-card hands are played blind, each card seen by everyone but its holder
/// (decision H4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlindHands {
    /// The final one-card hand of the series (under `down_up`, the single one in the
    /// middle).
    #[default]
    Final,
    /// Every one-card hand.
    All,
    /// None: one-card hands are played like any other.
    None,
}

/// How a hand is scored (RULES.md §3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DevilsScoring {
    /// Tricks won, plus 10 for an exact bid: the source text's "most common".
    #[default]
    TricksPlusBonus,
    /// 10 + bid for an exact bid, else nothing: the source text's "simplest".
    ExactOnly,
}

/// What happens when the highest total is shared at the end (decision H2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// The tied players share the win.
    #[default]
    Shared,
    /// Further hands of the maximum size are dealt until one player leads alone.
    ExtraMaxHands,
}

/// The options of Devil's Bridge. Every key of RULES.md §3 is a field; an unknown key is
/// an error when read from JSON; missing keys take the defaults of RULES.md.
///
/// ```
/// use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsScoring};
/// let o = DevilsBridgeOptions::from_json(&serde_json::json!({"players": 6, "target_score": null})).unwrap();
/// assert_eq!(o.max_hand_size(), 8);
/// assert_eq!(o.target_score, None);
/// assert_eq!(o.scoring, DevilsScoring::TricksPlusBonus);
/// let err = DevilsBridgeOptions::from_json(&serde_json::json!({"player": 6})).unwrap_err();
/// assert!(err.contains("player"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DevilsBridgeOptions {
    /// `players`: 3 to 7 (default 4).
    pub players: u8,
    /// `hand_order`: `up_down` (default) or `down_up`.
    pub hand_order: HandOrder,
    /// `max_hand`: the largest hand M; `None` (default) takes the table of RULES.md §3.1
    /// (10 for 3–5 players, 8 for 6, 7 for 7). A custom M must leave a card to turn up:
    /// players × M + 1 ≤ 52 (decision H6).
    pub max_hand: Option<u8>,
    /// `allow_bid_changes`: whether a bid may be changed (default true).
    pub allow_bid_changes: bool,
    /// `blind_one_card_hands`: `final` (default), `all` or `none`.
    pub blind_one_card_hands: BlindHands,
    /// `scoring`: `tricks_plus_bonus` (default) or `exact_only`.
    pub scoring: DevilsScoring,
    /// `target_score`: the series stops after the hand in which someone reaches it;
    /// `None` (JSON `null`, the default) plays the whole series, so its final blind
    /// hand is always dealt; the highest total wins (decision H1).
    pub target_score: Option<u32>,
    /// `tie_break`: `shared` (default) or `extra_max_hands`.
    pub tie_break: TieBreak,
}

impl Default for DevilsBridgeOptions {
    fn default() -> Self {
        DevilsBridgeOptions {
            players: 4,
            hand_order: HandOrder::UpDown,
            max_hand: None,
            allow_bid_changes: true,
            blind_one_card_hands: BlindHands::Final,
            scoring: DevilsScoring::TricksPlusBonus,
            target_score: None,
            tie_break: TieBreak::Shared,
        }
    }
}

/// The bonus for an exact bid under both scoring methods.
pub const EXACT_BONUS: u32 = 10;

impl DevilsBridgeOptions {
    /// The options for a table of `players`, the rest at their defaults.
    pub fn for_players(players: u8) -> Self {
        DevilsBridgeOptions {
            players,
            ..DevilsBridgeOptions::default()
        }
    }

    /// The number of players, as a count.
    pub fn player_count(&self) -> usize {
        usize::from(self.players)
    }

    /// The largest hand M: `max_hand`, or RULES.md §3.1's table.
    pub fn max_hand_size(&self) -> usize {
        match self.max_hand {
            Some(m) => usize::from(m),
            None => match self.players {
                0..=5 => 10,
                6 => 8,
                _ => 7,
            },
        }
    }

    /// The hand sizes of the series in order: 2M − 1 hands.
    ///
    /// ```
    /// use tenace_rules::devils_bridge::DevilsBridgeOptions;
    /// let o = DevilsBridgeOptions::for_players(7);
    /// assert_eq!(o.hand_sizes(), vec![1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]);
    /// ```
    pub fn hand_sizes(&self) -> Vec<usize> {
        let m = self.max_hand_size();
        let up = 1..=m;
        match self.hand_order {
            HandOrder::UpDown => up.clone().chain((1..m).rev()).collect(),
            HandOrder::DownUp => up.clone().rev().chain(2..=m).collect(),
        }
    }

    /// Whether hand `index` (from 0) of the series is played blind. Hands after the
    /// series (tie-break hands) have the maximum size, blind only if that is one card and
    /// every one-card hand is blind.
    pub fn is_blind(&self, index: usize) -> bool {
        let sizes = self.hand_sizes();
        let size = sizes.get(index).copied().unwrap_or(self.max_hand_size());
        if size != 1 {
            return false;
        }
        match self.blind_one_card_hands {
            BlindHands::None => false,
            BlindHands::All => true,
            BlindHands::Final => {
                let last_one = sizes.iter().rposition(|&s| s == 1);
                last_one == Some(index)
            }
        }
    }

    /// Every problem with these options; empty when they can be played.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if !(3..=7).contains(&self.players) {
            problems.push(format!(
                "players: Devil's Bridge seats 3 to 7 players, not {}",
                self.players
            ));
            return problems;
        }
        if let Some(m) = self.max_hand {
            let need = usize::from(self.players) * usize::from(m) + 1;
            if m == 0 {
                problems.push("max_hand: a hand holds at least one card".into());
            } else if need > 52 {
                problems.push(format!(
                    "max_hand: {} players × {m} cards + 1 to turn up = {need} cards, more than \
                     the deck's 52 (RULES.md §3.3 H6)",
                    self.players
                ));
            }
        }
        if self.target_score == Some(0) {
            problems.push("target_score: must be at least 1, or null for no target".into());
        }
        problems
    }

    /// Reads the options from a JSON object with the keys of RULES.md (`null` gives the
    /// defaults). Unknown keys, mistyped values and invalid combinations are errors that
    /// name the key.
    pub fn from_json(value: &Value) -> Result<Self, String> {
        let map = match value {
            Value::Null => Map::new(),
            Value::Object(map) => map.clone(),
            _ => return Err("options: expected a JSON object".into()),
        };
        let options: DevilsBridgeOptions = crate::options_json::from_map(&map)?;
        let problems = options.problems();
        if !problems.is_empty() {
            return Err(format!("options: {}", problems.join("; ")));
        }
        Ok(options)
    }

    /// The options as one JSON object with the keys of RULES.md.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// The points of one hand for one player (RULES.md §3.2).
///
/// ```
/// use tenace_rules::devils_bridge::{hand_points, DevilsScoring};
/// assert_eq!(hand_points(DevilsScoring::TricksPlusBonus, 3, 3), 13);
/// assert_eq!(hand_points(DevilsScoring::ExactOnly, 3, 3), 13);
/// assert_eq!(hand_points(DevilsScoring::TricksPlusBonus, 3, 2), 2);
/// assert_eq!(hand_points(DevilsScoring::ExactOnly, 3, 2), 0);
/// ```
pub fn hand_points(scoring: DevilsScoring, bid: u8, tricks: u8) -> u32 {
    let exact = bid == tricks;
    match (scoring, exact) {
        (DevilsScoring::TricksPlusBonus, true) => u32::from(tricks) + EXACT_BONUS,
        (DevilsScoring::TricksPlusBonus, false) => u32::from(tricks),
        (DevilsScoring::ExactOnly, true) => EXACT_BONUS + u32::from(bid),
        (DevilsScoring::ExactOnly, false) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn series_lengths_follow_the_table() {
        for (players, hands) in [(3, 19), (4, 19), (5, 19), (6, 15), (7, 13)] {
            let o = DevilsBridgeOptions::for_players(players);
            assert_eq!(o.hand_sizes().len(), hands, "{players} players");
            assert!(o.player_count() * o.max_hand_size() < 52);
        }
    }

    #[test]
    fn the_blind_hand_is_the_last_one_card_hand() {
        let mut o = DevilsBridgeOptions::for_players(4);
        assert!(o.is_blind(18) && !o.is_blind(0));
        o.hand_order = HandOrder::DownUp;
        assert_eq!(o.hand_sizes()[9], 1);
        assert!(o.is_blind(9) && !o.is_blind(0) && !o.is_blind(18));
        o.blind_one_card_hands = BlindHands::All;
        o.hand_order = HandOrder::UpDown;
        assert!(o.is_blind(0) && o.is_blind(18) && !o.is_blind(1));
        o.blind_one_card_hands = BlindHands::None;
        assert!(!o.is_blind(0) && !o.is_blind(18));
    }

    #[test]
    fn a_custom_max_hand_must_leave_a_card_to_turn() {
        let mut o = DevilsBridgeOptions::for_players(4);
        o.max_hand = Some(12);
        assert!(o.problems().is_empty());
        o.max_hand = Some(13);
        assert!(o.problems()[0].contains("H6"));
        o.max_hand = Some(0);
        assert!(!o.problems().is_empty());
    }
}
