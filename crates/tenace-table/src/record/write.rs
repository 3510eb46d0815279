//! Writing a record: from a table's match, or from deals played on their own.

use std::collections::BTreeMap;

use serde_json::{Map, Value};
use tenace_cards::{CardSet, Player};
use tenace_protocol::state::{player_label, view_json};
use tenace_rules::{Action, AnyGame, Game, GameConfig};

use super::{
    ActionRecord, BoardSetup, DealRecord, Dealing, PartScores, RECORD_FORMAT, RECORD_VERSION,
    Record, RecordMeta, Scope, TurnedUp,
};
use crate::game::TableMatch;

/// The keys of the engine protocol's state that say how a deal ended.
const RESULT_KEYS: [&str; 7] = [
    "phase",
    "contract",
    "declarer",
    "tricks_won",
    "score",
    "bids",
    "hand_scores",
];

impl TableMatch {
    /// The match's record. [`Scope::Public`] keeps only finished deals and leaves
    /// Bridgette's exchange out; [`Scope::Full`] is everything, to continue the match.
    ///
    /// A public record never carries the seed, nor a match's boards given in advance:
    /// they would tell the cards of deals not yet played, the cards left undealt in
    /// Devil's Bridge, and Bridgette's discards. Its deals replay each on its own, and
    /// its sheet is written as it stands.
    pub fn record(&self, meta: &RecordMeta, scope: Scope) -> Record {
        let config = self.config();
        if scope == Scope::Public {
            let finished: Vec<AnyGame> = (0..self.finished_count())
                .filter_map(|i| self.finished_deal(i))
                .collect();
            let mut record = deals_record(&config, &finished, meta, Scope::Public);
            record.sheet = self.sheet_json();
            record.over = self.is_over();
            return record;
        }
        let dealing = match self {
            TableMatch::Bridge(m) => match m.prepared_boards() {
                Some(boards) => Dealing::Boards(
                    boards
                        .iter()
                        .map(|b| BoardSetup {
                            dealer: b.dealer.to_string(),
                            vulnerable: b.vulnerability.to_string(),
                            hands: b.hands.iter().map(|(s, &h)| (s.to_string(), h)).collect(),
                        })
                        .collect(),
                ),
                None => Dealing::Seed(m.seed()),
            },
            _ => Dealing::Seed(self.seed()),
        };
        let deals = self.deals_so_far();
        let mut record = header(&config, meta, dealing);
        record.deals = numbered(&deals, scope);
        record.sheet = self.sheet_json();
        record.over = self.is_over();
        record
    }
}

/// The record of deals played each on their own (a file's boards, a single deal), all of
/// one game.
///
/// ```
/// use tenace_table::record::{deals_record, RecordMeta, Scope};
/// use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup};
/// use tenace_rules::{AnyGame, GameConfig, Vulnerability};
/// let setup = BridgeSetup::from_seed(1, Vulnerability::None, BridgeOptions::default());
/// let deal = AnyGame::Bridge(BridgeDeal::from_setup(setup).unwrap());
/// let config = GameConfig::from_json("bridge", &serde_json::Value::Null).unwrap();
/// let record = deals_record(&config, &[deal], &RecordMeta::default(), Scope::Full);
/// assert_eq!((record.deals.len(), record.over), (1, false));
/// ```
pub fn deals_record(
    config: &GameConfig,
    deals: &[AnyGame],
    meta: &RecordMeta,
    scope: Scope,
) -> Record {
    let mut record = header(config, meta, Dealing::Deals);
    let kept: Vec<AnyGame> = deals
        .iter()
        .filter(|d| scope == Scope::Full || d.outcome().is_some())
        .cloned()
        .collect();
    record.deals = numbered(&kept, scope);
    record.over = kept.iter().all(|d| d.outcome().is_some());
    record
}

/// A record's fields before its deals.
fn header(config: &GameConfig, meta: &RecordMeta, dealing: Dealing) -> Record {
    let players = player_count(config);
    let seats = config.seats_named();
    Record {
        format: RECORD_FORMAT.into(),
        version: RECORD_VERSION,
        game: config.name().into(),
        options: config.options_json(),
        event: meta.event.clone(),
        site: meta.site.clone(),
        date: meta.date.clone(),
        players: meta
            .players
            .iter()
            .enumerate()
            .take(players)
            .filter_map(|(i, name)| {
                let name = name.as_ref()?;
                Some((player_label(Player(i as u8), players, seats), name.clone()))
            })
            .collect(),
        dealing,
        deals: Vec::new(),
        sheet: Value::Null,
        over: false,
    }
}

/// How many players a game seats.
pub(super) fn player_count(config: &GameConfig) -> usize {
    match config {
        GameConfig::Bridge(..) => 4,
        GameConfig::DevilsBridge(options) => options.player_count(),
        GameConfig::Bridgette(_) => 2,
    }
}

fn numbered(deals: &[AnyGame], scope: Scope) -> Vec<DealRecord> {
    deals
        .iter()
        .enumerate()
        .map(|(i, deal)| deal_record(deal, i as u32 + 1, scope))
        .collect()
}

/// One deal's record: its setup, its actions and how it ended.
pub(super) fn deal_record(deal: &AnyGame, number: u32, scope: Scope) -> DealRecord {
    let n = deal.player_count();
    let seats = matches!(deal, AnyGame::Bridge(_));
    let label = |p: Player| player_label(p, n, seats);
    let by_player = |hands: &[CardSet]| -> BTreeMap<String, CardSet> {
        hands
            .iter()
            .enumerate()
            .map(|(i, &h)| (label(Player(i as u8)), h))
            .collect()
    };
    let hide_exchange = scope == Scope::Public && matches!(deal, AnyGame::Bridgette(_));
    let mut record = DealRecord {
        number,
        board: None,
        players: BTreeMap::new(),
        dealer: String::new(),
        vulnerable: None,
        part_scores: None,
        hands: BTreeMap::new(),
        size: None,
        turned_up: None,
        blind: false,
        stock: None,
        exchange_hidden: hide_exchange,
        actions: deal
            .history()
            .iter()
            .filter(|m| !(hide_exchange && matches!(m.action, Action::Discard(_))))
            .map(|m| ActionRecord {
                player: label(m.player),
                action: m.action,
            })
            .collect(),
        notes: Vec::new(),
        claimed_tricks: None,
        result: result_of(deal),
    };
    match deal {
        AnyGame::Bridge(d) => {
            let setup = d.setup();
            record.dealer = setup.dealer.to_string();
            record.vulnerable = Some(setup.vulnerability.to_string());
            let [ns, ew] = d.part_scores();
            record.part_scores = (ns, ew)
                .ne(&(0, 0))
                .then_some(PartScores { NS: ns, EW: ew });
            record.hands = by_player(&setup.hands.0);
        }
        AnyGame::DevilsBridge(h) => {
            let setup = h.setup();
            record.dealer = label(setup.dealer);
            record.size = Some(setup.size);
            record.turned_up = Some(TurnedUp(setup.trump_card));
            record.blind = setup.blind;
            record.hands = by_player(&setup.hands.0);
        }
        AnyGame::Bridgette(d) => {
            let setup = d.setup();
            record.dealer = label(setup.dealer);
            if hide_exchange {
                // The hands as the play began: what the play shows anyway.
                let at_play: Vec<CardSet> = (0..2)
                    .map(|i| {
                        let p = Player(i);
                        (setup.hands[p] | d.drawn()[p]) - d.discards()[p]
                    })
                    .collect();
                record.hands = by_player(&at_play);
            } else {
                record.hands = by_player(&setup.hands.0);
                record.stock = Some(setup.stock.clone());
            }
        }
    }
    record
}

/// How a deal stands, in the engine protocol's words: the [`RESULT_KEYS`] of its full
/// view.
pub(super) fn result_of(deal: &AnyGame) -> Value {
    let Value::Object(state) = view_json(&deal.full_view()) else {
        return Value::Null;
    };
    let kept: Map<String, Value> = state
        .into_iter()
        .filter(|(key, _)| RESULT_KEYS.contains(&key.as_str()))
        .collect();
    Value::Object(kept)
}
