//! The Devil's Bridge parts of the wire shapes: the extra state fields, the score sheet
//! of a whole game, and the explicit `"hand"` of a `new` request.

use serde_json::{Value, json};
use tenace_cards::{ByPlayer, Card, CardSet, Player};
use tenace_rules::devils_bridge::{
    DevilsBridgeOptions, DevilsMatch, HandRecord, HandSetup, hand_points,
};
use tenace_rules::{Action, Match, Phase, View};

fn per_player(players: usize, value: impl Fn(usize) -> Value) -> Value {
    Value::Object((0..players).map(|i| (i.to_string(), value(i))).collect())
}

/// Adds what a Devil's Bridge view has beyond the shared shape: `bids`, `trump` (the
/// turned-up card, `null` for no trumps), `hand_size`, `blind`, `hand_scores` (once the
/// hand is over, else `null`) and `totals` (for a single hand, its scores).
pub(crate) fn add_view_fields(state: &mut Value, view: &View, options: &DevilsBridgeOptions) {
    let n = view.players;
    let played_by_0 = view
        .history
        .iter()
        .filter(|m| m.player == Player(0) && matches!(m.action, Action::Card(_)))
        .count();
    let size = view.hand_sizes.first().copied().unwrap_or(0) + played_by_0;
    let scores: Option<Vec<u32>> = (view.phase == Phase::Finished).then(|| {
        (0..n)
            .map(|i| {
                let bid = view.bids.get(i).copied().flatten().unwrap_or(0);
                let tricks = view.tricks_won.get(i).copied().unwrap_or(0);
                hand_points(options.scoring, bid, tricks)
            })
            .collect()
    });
    state["bids"] = per_player(n, |i| json!(view.bids.get(i).copied().flatten()));
    state["trump"] = json!(view.turned_up);
    state["hand_size"] = json!(size);
    state["blind"] = json!(view.blind);
    state["hand_scores"] = match &scores {
        Some(s) => per_player(n, |i| json!(s[i])),
        None => Value::Null,
    };
    state["totals"] = per_player(n, |i| json!(scores.as_ref().map_or(0, |s| s[i])));
}

fn record_json(r: &HandRecord) -> Value {
    let n = r.bids.len();
    json!({
        "hand": r.number,
        "size": r.size,
        "dealer": r.dealer.to_string(),
        "trump": r.trump_card,
        "blind": r.blind,
        "bids": per_player(n, |i| json!(r.bids[i])),
        "tricks": per_player(n, |i| json!(r.tricks[i])),
        "points": per_player(n, |i| json!(r.points[i])),
    })
}

/// The score sheet of a whole game: one line per finished hand, the totals, and the
/// winners once it is over.
pub(crate) fn match_json(m: &DevilsMatch) -> Value {
    let n = m.options().player_count();
    let names = |ps: Vec<Player>| ps.iter().map(Player::to_string).collect::<Vec<_>>();
    json!({
        "mode": "devils_bridge",
        "hands": m.sheet().iter().map(record_json).collect::<Vec<_>>(),
        "hands_played": m.finished_hands().len(),
        "series_length": m.options().hand_sizes().len(),
        "totals": per_player(n, |i| json!(m.totals()[i])),
        "leaders": names(m.leaders()),
        "winners": m.winners().map(names),
        "over": m.is_over(),
    })
}

/// Reads the explicit hand of a `new` request:
/// `{"size":3,"dealer":"2","hands":{"0":["SA","HK","D2"],…},"trump":"C7"}`, with
/// `"trump":null` for no trumps and an optional `"blind"` (default: a one-card hand is
/// blind unless `blind_one_card_hands` is `none`).
pub(crate) fn parse_hand(
    value: &Value,
    options: &DevilsBridgeOptions,
) -> Result<HandSetup, String> {
    let Value::Object(map) = value else {
        return Err("hand: expected an object with size, dealer, hands and trump".into());
    };
    for key in map.keys() {
        if !["size", "dealer", "hands", "trump", "blind"].contains(&key.as_str()) {
            return Err(format!(
                "hand.{key}: unknown field (expected size, dealer, hands, trump, blind)"
            ));
        }
    }
    let n = options.player_count();
    let size = map
        .get("size")
        .ok_or("hand.size: missing")?
        .as_u64()
        .filter(|&s| (1..=52).contains(&s))
        .ok_or("hand.size: expected a whole number of cards from 1")? as usize;
    let dealer = match map.get("dealer") {
        Some(Value::String(d)) => d
            .parse::<Player>()
            .ok()
            .filter(|p| p.index() < n)
            .ok_or_else(|| format!("hand.dealer: {d:?} is not a player (0 to {})", n - 1))?,
        Some(_) => return Err("hand.dealer: expected a player name such as \"2\"".into()),
        None => return Err("hand.dealer: missing".into()),
    };
    let Some(Value::Object(given)) = map.get("hands") else {
        return Err(
            "hand.hands: expected an object from each player (\"0\"…) to a card list".into(),
        );
    };
    let mut hands = ByPlayer::new(n, CardSet::EMPTY);
    for (name, cards) in given {
        let player = name
            .parse::<Player>()
            .ok()
            .filter(|p| p.index() < n)
            .ok_or_else(|| format!("hand.hands: {name:?} is not a player (0 to {})", n - 1))?;
        let Value::Array(cards) = cards else {
            return Err(format!("hand.hands.{name}: expected a list of cards"));
        };
        for card in cards {
            let text = card.as_str().ok_or_else(|| {
                format!("hand.hands.{name}: expected card strings such as \"SA\"")
            })?;
            let card: Card = text
                .parse()
                .map_err(|e| format!("hand.hands.{name}: {e}"))?;
            if !hands[player].insert(card) {
                return Err(format!("hand.hands.{name}: {card} given twice"));
            }
        }
    }
    if given.len() != n {
        return Err(format!(
            "hand.hands: {} hands given for {n} players (options.players)",
            given.len()
        ));
    }
    let trump_card = match map.get("trump") {
        None => return Err("hand.trump: missing (give a card, or null for no trumps)".into()),
        Some(Value::Null) => None,
        Some(Value::String(t)) => Some(t.parse::<Card>().map_err(|e| format!("hand.trump: {e}"))?),
        Some(_) => return Err("hand.trump: expected a card such as \"C7\", or null".into()),
    };
    let blind = match map.get("blind") {
        None | Some(Value::Null) => {
            size == 1
                && options.blind_one_card_hands != tenace_rules::devils_bridge::BlindHands::None
        }
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("hand.blind: expected true or false".into()),
    };
    let setup = HandSetup {
        options: options.clone(),
        size,
        dealer,
        hands,
        trump_card,
        blind,
    };
    let problems = setup.problems();
    if !problems.is_empty() {
        return Err(format!("hand: {}", problems.join("; ")));
    }
    Ok(setup)
}

/// Options as the request gives them: `null` or an object with the keys of RULES.md §3.
pub(crate) fn parse_options(value: Option<&Value>) -> Result<DevilsBridgeOptions, String> {
    DevilsBridgeOptions::from_json(value.unwrap_or(&Value::Null))
}
