//! The Bridgette parts of the wire shapes: the exchange as the viewer may see it, the
//! deal's points, the score sheet of a six-deal game, and the `new` request's options.

use serde_json::{Map, Value, json};
use tenace_cards::{CardSet, Player};
use tenace_rules::bridgette::{BridgetteMatch, BridgetteOptions, DealRecord};
use tenace_rules::{Match, Phase, View};

fn per_player(value: impl Fn(usize) -> Value) -> Value {
    Value::Object((0..2).map(|i| (i.to_string(), value(i))).collect())
}

/// Only the entries the viewer may see: an unseen set is left out, not sent empty.
fn visible(sets: &[Option<CardSet>]) -> Value {
    Value::Object(
        sets.iter()
            .enumerate()
            .filter_map(|(i, s)| s.map(|s| (i.to_string(), json!(s))))
            .collect::<Map<_, _>>(),
    )
}

/// Adds what a Bridgette view has beyond the shared shape: `upcard`, `exchange` (draws
/// and discards where the viewer may see them, their counts, the stock in the full view
/// only), `thrown_in`, and `points` once the deal is over.
pub(crate) fn add_view_fields(state: &mut Value, view: &View) {
    let Some(ex) = &view.exchange else {
        return;
    };
    let mut exchange = json!({
        "drawn": visible(&ex.drawn),
        "draw_counts": per_player(|i| json!(ex.draw_counts[i])),
        "discards": visible(&ex.discards),
        "discard_counts": per_player(|i| json!(ex.discard_counts[i])),
        "stock_size": ex.stock_size,
    });
    if let Some(stock) = ex.stock {
        exchange["stock"] = json!(stock);
    }
    state["upcard"] = json!(ex.upcard);
    state["exchange"] = exchange;
    let over = view.phase == Phase::Finished;
    state["thrown_in"] = json!(over && view.contract.is_none());
    // The view's score is player 0's: positive when 0 scored, negative when 1 did.
    state["points"] = match view.score.filter(|_| over) {
        Some(s) => per_player(|i| {
            json!(if (i == 0) == (s > 0) {
                s.unsigned_abs()
            } else {
                0
            })
        }),
        None => Value::Null,
    };
}

fn record_json(r: &DealRecord) -> Value {
    json!({
        "deal": r.number,
        "dealer": r.dealer.to_string(),
        "upcard": r.upcard,
        "contract": r.contract.map(|c| c.to_string()),
        "declarer": r.declarer.map(|p| p.to_string()),
        "tricks": r.tricks,
        "made": r.score.map(|s| matches!(s, tenace_rules::scoring::BridgetteScore::Declarer(_))),
        "points": per_player(|i| json!(r.points[i])),
    })
}

/// The score sheet of a whole game: one line per finished deal (a thrown-in hand has
/// `"deal": null`), the totals, and the winner once it is over (`null` with `"draw":true`
/// for a drawn game).
pub(crate) fn match_json(m: &BridgetteMatch) -> Value {
    let totals = m.totals();
    let winner = m.winner();
    json!({
        "mode": "bridgette",
        "deals": m.sheet().iter().map(record_json).collect::<Vec<_>>(),
        "counted_deals": m.counted_deals(),
        "totals": per_player(|i| json!(totals[i])),
        "winner": winner.flatten().map(|p: Player| p.to_string()),
        "draw": winner == Some(None),
        "over": m.is_over(),
    })
}

/// Options as the request gives them: `null` or an object with the keys of RULES.md §4.
pub(crate) fn parse_options(value: Option<&Value>) -> Result<BridgetteOptions, String> {
    BridgetteOptions::from_json(value.unwrap_or(&Value::Null))
}
