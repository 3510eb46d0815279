//! Why each call a player may not make now, and each card they may not play, is refused,
//! so a page can grey it out and say why without knowing the rules: the engine's own
//! message for trying it, which names the rule (the hook on Devil's Bridge's dealer,
//! Bridgette's bid restrictions, an insufficient bid, following suit).
//!
//! A view sends them grouped ([`Refusals`]): the bids below the last one are refused for
//! one reason, and writing it out for each of them made the reasons of a player's turn
//! some 3.5 KiB, the bulk of the bytes of the auction's patches.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};
use tenace_cards::{Card, Player};
use tenace_rules::auction::{AuctionRules, Call};
use tenace_rules::{Action, Game, Match, View};

use crate::game::TableMatch;
use crate::table::Table;
use crate::view::{seen_cards, shown_reason};

/// What is said of a refused call whose engine message would name a card the viewer has
/// not seen (no engine message about a call does; this keeps it so).
const HIDDEN_REASON: &str = "not allowed now";

impl Table {
    /// For a seated player who may call now (an auction of a partnership game or
    /// Bridgette, Devil's Bridge bids or changes of bid): every call of the game's call
    /// universe that is not among `legal`, mapped to the engine's reason for refusing it.
    /// Empty for anyone else, so only the player to call pays for it.
    ///
    /// `legal` is the viewer's legal actions as [`Table::legal_for`] writes them, and
    /// `deal` their view of the deal: a reason that would name a card outside it is
    /// replaced by a plain "not allowed now".
    pub fn call_reasons(
        &self,
        seat: Option<Player>,
        legal: &[String],
        deal: Option<&View>,
    ) -> Map<String, Value> {
        let (Some(seat), Some(deal)) = (seat, deal) else {
            return Map::new();
        };
        if legal.is_empty() {
            return Map::new();
        }
        let actions = self.game().legal_actions(seat);
        let universe = call_universe(self.game(), &actions);
        let refused = universe.into_iter().filter(|call| !actions.contains(call));
        self.refusals(seat, deal, refused)
    }

    /// For a seated player who may play a card now: every card of the hands they play
    /// from (their own, and dummy's when they are declarer) that is not among `legal`,
    /// mapped to the engine's reason for refusing it (follow suit, or the other hand's
    /// turn). Empty for anyone else, and in a blind hand, whose holder sees no card.
    ///
    /// `legal` and `deal` are as for [`Table::call_reasons`]; the cards tried are only
    /// those `deal` shows the viewer, so no reason can name another.
    pub fn card_reasons(
        &self,
        seat: Option<Player>,
        legal: &[String],
        deal: Option<&View>,
    ) -> Map<String, Value> {
        let (Some(seat), Some(deal)) = (seat, deal) else {
            return Map::new();
        };
        let plays_cards = self
            .game()
            .legal_actions(seat)
            .iter()
            .any(|a| matches!(a, Action::Card(_) | Action::NamedJoker(_)));
        if !plays_cards {
            return Map::new();
        }
        let hand = |p: Player| deal.hands.get(p.index()).copied().flatten();
        let mut cards = hand(seat).unwrap_or_default();
        if let Some(dummy) = deal
            .dummy
            .and_then(hand)
            .filter(|_| deal.declarer == Some(seat))
        {
            cards |= dummy;
        }
        let refused = cards.iter().map(Action::Card).filter(|action| {
            let name = action.to_string();
            // A joker offered only as a named two is legal under its other names.
            !legal.iter().any(|l| {
                *l == name || (*action == Action::Card(Card::JOKER) && l.starts_with(&name))
            })
        });
        self.refusals(seat, deal, refused)
    }

    /// Tries each of `actions` for `seat` on a copy of the deal in progress: the engine's
    /// reason for each it refuses, by the action's name. A reason that would name a card
    /// `deal` does not show its viewer is replaced by a plain one.
    fn refusals(
        &self,
        seat: Player,
        deal: &View,
        actions: impl Iterator<Item = Action>,
    ) -> Map<String, Value> {
        let mut reasons = Map::new();
        let Some(mut trial) = self.game().current_deal() else {
            return reasons;
        };
        let seen = seen_cards(deal);
        for action in actions {
            match trial.try_apply(seat, action) {
                Err(refused) => {
                    let reason = refused.to_string();
                    let reason = shown_reason(&reason, &seen)
                        .map_or_else(|| HIDDEN_REASON.to_string(), str::to_string);
                    reasons.insert(action.to_string(), Value::from(reason));
                }
                // Not offered, yet taken: the table withholds it (it never should). The
                // trial moved on, so it starts again from the deal.
                Ok(_) => match self.game().current_deal() {
                    Some(fresh) => trial = fresh,
                    None => break,
                },
            }
        }
        reasons
    }
}

/// Refused actions as a view sends them: each distinct reason once, in `reasons`, and each
/// refused action with the index of its reason, in `actions`. A reason that begins with
/// the action's own name (`1C is insufficient over 2C`) has it written `{action}` there,
/// so that every bid below the last one shares one text.
///
/// ```
/// use serde_json::{Map, Value, json};
/// use tenace_table::Refusals;
///
/// let mut reasons = Map::new();
/// reasons.insert("1C".into(), Value::from("1C is insufficient over 2C (Law 18)"));
/// reasons.insert("1D".into(), Value::from("1D is insufficient over 2C (Law 18)"));
/// reasons.insert("XX".into(), Value::from("redouble not allowed (Law 19B)"));
/// let grouped = serde_json::to_value(Refusals::of(&reasons)).unwrap();
/// assert_eq!(grouped, json!({
///     "actions": {"1C": 0, "1D": 0, "XX": 1},
///     "reasons": ["{action} is insufficient over 2C (Law 18)", "redouble not allowed (Law 19B)"],
/// }));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Refusals {
    /// Each refused action, with the index of its reason in `reasons`.
    pub actions: BTreeMap<String, usize>,
    /// The distinct reasons.
    pub reasons: Vec<String>,
}

/// What stands for the refused action's own name in a [`Refusals`] reason.
pub const ACTION_PLACEHOLDER: &str = "{action}";

impl Refusals {
    /// The refusals `reasons` (action to reason, as [`Table::call_reasons`] gives them)
    /// grouped by reason.
    pub fn of(reasons: &Map<String, Value>) -> Refusals {
        let mut grouped = Refusals::default();
        let mut index: BTreeMap<String, usize> = BTreeMap::new();
        for (action, reason) in reasons {
            let reason = reason.as_str().unwrap_or(HIDDEN_REASON);
            let text = match reason.strip_prefix(action.as_str()) {
                Some(rest) if rest.starts_with(' ') => format!("{ACTION_PLACEHOLDER}{rest}"),
                _ => reason.to_string(),
            };
            let next = grouped.reasons.len();
            let at = *index.entry(text).or_insert_with_key(|text| {
                grouped.reasons.push(text.clone());
                next
            });
            grouped.actions.insert(action.clone(), at);
        }
        grouped
    }

    /// The reason `action` is refused for, its name in place, if it is refused.
    pub fn reason(&self, action: &str) -> Option<String> {
        let text = self.reasons.get(*self.actions.get(action)?)?;
        Some(text.replacen(ACTION_PLACEHOLDER, action, 1))
    }
}

/// The calls a player choosing among `legal` could think of: the game's whole ladder with
/// pass, double and redouble in an auction; every number of the hand in Devil's Bridge
/// (bids when a bid is asked, changes when a change is open). Empty when `legal` holds no
/// call at all.
fn call_universe(game: &TableMatch, legal: &[Action]) -> Vec<Action> {
    let auction = |rules: AuctionRules| -> Vec<Action> {
        if !legal.iter().any(|a| matches!(a, Action::Call(_))) {
            return Vec::new();
        }
        [Call::Pass, Call::Double, Call::Redouble]
            .into_iter()
            .chain(rules.bids().into_iter().map(Call::Bid))
            .map(Action::Call)
            .collect()
    };
    match game {
        TableMatch::Bridge(m) => auction(m.variant().auction_rules()),
        TableMatch::Bridgette(_) => auction(tenace_rules::bridgette::AUCTION_RULES),
        TableMatch::Devils(m) => {
            let Some(size) = m.deals().latest().map(|hand| hand.setup().size as u8) else {
                return Vec::new();
            };
            let mut universe = Vec::new();
            if legal.iter().any(|a| matches!(a, Action::Bid(_))) {
                universe.extend((0..=size).map(Action::Bid));
            }
            if legal.iter().any(|a| matches!(a, Action::ChangeBid(_))) {
                universe.extend((0..=size).map(Action::ChangeBid));
            }
            universe
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Actor, Command, Settings, Viewer};
    use serde_json::json;

    /// A table of `game` with player 1 in `seat` and basic computer players elsewhere.
    fn seated(game: &str, options: Option<Value>, seat: &str, seed: u64) -> Table {
        crate::test_tables::seated(game, options, Settings::default(), seat, seed)
    }

    /// Lets the computer players act until `seat` may act (or the match is over).
    fn until_to_act(table: &mut Table, seat: Player) {
        for _ in 0..200 {
            if table.game().to_act().contains(seat) {
                return;
            }
            let Some(turn) = table.bot_turn() else { return };
            let (action, reason) = turn.decide();
            let actor = Actor::Bot {
                seat: turn.seat.0,
                reason,
            };
            let event = table
                .check(
                    &actor,
                    &Command::Act {
                        action: action.to_string(),
                    },
                )
                .expect("a bot's action is legal");
            table.apply(&event).expect("applies");
        }
    }

    fn reasons_of(table: &Table) -> Map<String, Value> {
        let me = Viewer::Player(1);
        let seat = table.viewer_seat(me);
        let legal = table.legal_for(me);
        table.call_reasons(seat, &legal, table.deal_view(me).as_ref())
    }

    #[test]
    fn an_insufficient_bid_is_refused_with_the_auction_law() {
        let mut table = seated("bridge", None, "S", 7);
        until_to_act(&mut table, Player(2));
        let reasons = reasons_of(&table);
        let legal = table.legal_for(Viewer::Player(1));
        // Every call of the ladder is either legal or has a reason, never both.
        assert_eq!(reasons.len() + legal.len(), 38, "{reasons:?} {legal:?}");
        for call in &legal {
            assert!(!reasons.contains_key(call), "{call} is legal");
        }
        assert!(
            reasons.contains_key("XX"),
            "no double stands: {reasons:?} {legal:?}"
        );
        assert!(!reasons["XX"].as_str().unwrap_or("").is_empty());
    }

    #[test]
    fn the_dealers_hooked_number_names_the_hook() {
        // Whoever deals, the dealer's turn to bid comes once the others have bid.
        for seed in 0..8 {
            let mut table = seated("devils-bridge", Some(json!({"players": 3})), "0", seed);
            until_to_act(&mut table, Player(0));
            let dealer = table.game().observation(Player(0)).map(|v| v.dealer);
            let reasons = reasons_of(&table);
            let legal = table.legal_for(Viewer::Player(1));
            if dealer != Some(Player(0)) || !legal.iter().any(|a| !a.starts_with("change")) {
                continue;
            }
            let hooked: Vec<_> = reasons
                .iter()
                .filter(|(call, _)| !call.starts_with("change"))
                .collect();
            match hooked.as_slice() {
                // The others' bids passed the hand size: the dealer is free.
                [] => continue,
                [(_, reason)] => {
                    assert!(reason.as_str().unwrap_or("").contains("hook"), "{reason}");
                    return;
                }
                more => panic!("one number is hooked, not {more:?}"),
            }
        }
        panic!("player 0 never dealt a hooked hand in eight seeds");
    }

    #[test]
    fn a_card_that_does_not_follow_suit_is_refused_with_the_rule() {
        // Across seeds, South must sometimes follow to a lead while holding other suits.
        for seed in 0..20 {
            let mut table = seated("bridge", None, "S", seed);
            for _ in 0..60 {
                until_to_act(&mut table, Player(2));
                let me = Viewer::Player(1);
                let legal = table.legal_for(me);
                let deal = table.deal_view(me);
                let reasons = table.card_reasons(Some(Player(2)), &legal, deal.as_ref());
                let Some(deal) = deal.filter(|d| d.phase == tenace_rules::Phase::Play) else {
                    if table.game().is_over() {
                        break;
                    }
                    // Still the auction: pass, the computers bid on.
                    let pass = Command::Act { action: "P".into() };
                    let ada = Actor::Player {
                        id: 1,
                        name: "Ada".into(),
                    };
                    let event = table.check(&ada, &pass).expect("a pass");
                    table.apply(&event).expect("passes");
                    continue;
                };
                // Every card South sees in the hands they play from is legal or has a reason.
                let mut hands = deal.hands[2].unwrap_or_default();
                if deal.declarer == Some(Player(2)) {
                    hands |= deal
                        .dummy
                        .and_then(|d| deal.hands[d.index()])
                        .unwrap_or_default();
                }
                assert_eq!(
                    reasons.len() + legal.len(),
                    hands.len(),
                    "{reasons:?} {legal:?}"
                );
                if let Some(reason) = reasons
                    .values()
                    .find_map(|r| r.as_str().filter(|r| r.contains("follow")))
                {
                    assert!(!reason.is_empty());
                    return;
                }
                let card = Command::Act {
                    action: legal[0].clone(),
                };
                let ada = Actor::Player {
                    id: 1,
                    name: "Ada".into(),
                };
                let event = table.check(&ada, &card).expect("a legal card");
                table.apply(&event).expect("plays");
            }
        }
        panic!("South never had to follow suit in twenty deals");
    }

    #[test]
    fn grouped_reasons_give_back_every_reason() {
        // A deal where someone bid before South's first call: bids are insufficient.
        let reasons = (0..20)
            .map(|seed| {
                let mut table = seated("bridge", None, "S", seed);
                until_to_act(&mut table, Player(2));
                reasons_of(&table)
            })
            .find(|reasons| reasons.len() > 2)
            .expect("a bid before South's turn in twenty deals");
        let grouped = Refusals::of(&reasons);
        assert_eq!(grouped.actions.len(), reasons.len());
        for (action, reason) in &reasons {
            assert_eq!(
                grouped.reason(action).as_deref(),
                reason.as_str(),
                "{action}"
            );
        }
        assert!(grouped.reason("P").is_none(), "pass is legal");
        assert!(
            grouped.reasons.len() < reasons.len(),
            "the insufficient bids share a reason: {grouped:?}"
        );
        // A reason that names its action elsewhere than at its start keeps it.
        let mut odd = Map::new();
        odd.insert("SA".into(), Value::from("follow suit, not SA"));
        let odd = Refusals::of(&odd);
        assert_eq!(odd.reasons, ["follow suit, not SA"]);
        assert_eq!(odd.reason("SA").as_deref(), Some("follow suit, not SA"));
    }

    #[test]
    fn nobody_else_pays_for_reasons() {
        let table = seated("bridge", None, "S", 7);
        let spectator = Viewer::Player(99);
        let legal = table.legal_for(spectator);
        let deal = table.deal_view(spectator);
        assert!(table.call_reasons(None, &legal, deal.as_ref()).is_empty());
    }
}
