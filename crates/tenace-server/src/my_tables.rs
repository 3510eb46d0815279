//! "Your tables": every unfinished table a player sits at, read from any browser that has
//! their cookie.
//!
//! Each table's task is the only one that sees its seats change, so it tells the hub's
//! [`SeatIndex`] what it holds after every applied event and when it is rebuilt; the
//! endpoint then reads one map instead of asking every live table.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde_json::{Value, json};
use tenace_cards::Player;
use tenace_store::TableId;
use tenace_table::{Occupant, PlayerKey, Table};

use crate::error::ApiError;
use crate::hub::Hub;
use crate::identity;

/// The most tables one answer lists: the newest.
pub const MY_TABLES_MAX: usize = 50;

/// A person in a seat of a live table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seated {
    /// Their player id.
    pub player: PlayerKey,
    /// The seat, named as the game names it.
    pub seat: String,
    /// Whether the table waits on them: to act, or to answer an opponent's undo or claim.
    pub to_act: bool,
}

/// What the index keeps of an unfinished table with at least one person seated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seating {
    /// The game's id.
    pub game: String,
    /// The match kind.
    pub match_kind: &'static str,
    /// `open` or `playing`.
    pub status: &'static str,
    /// The deal in progress, from 1; `None` before the start.
    pub deal_number: Option<usize>,
    /// The host's player id.
    pub host: PlayerKey,
    /// The people seated, by seat.
    pub seated: Vec<Seated>,
}

impl Seating {
    /// What `table` shows the index: `None` once it is finished or while nobody sits at it
    /// (it lists nobody then).
    pub fn of(table: &Table) -> Option<Seating> {
        if table.is_finished() {
            return None;
        }
        let game = table.game();
        // As the view's `to_act`: nobody acts before the start, nor while a duplicate
        // board is replayed out of sight at the second table. An answer owed to an undo
        // or a claim holds play up as a turn does.
        let acting = table.is_started() && !game.is_second_table();
        let to_act = game.to_act();
        let seated: Vec<Seated> = table
            .seats()
            .iter()
            .enumerate()
            .filter_map(|(i, occupant)| match occupant {
                Occupant::Human { player, .. } => {
                    let seat = Player(i as u8);
                    Some(Seated {
                        player: *player,
                        seat: game.seat_name(seat),
                        to_act: acting && (to_act.contains(seat) || table.owes_answer(seat)),
                    })
                }
                _ => None,
            })
            .collect();
        if seated.is_empty() {
            return None;
        }
        let finished = game.finished_count();
        Some(Seating {
            game: table.setup().game.clone(),
            match_kind: table.setup().match_kind.as_str(),
            status: table.status(),
            deal_number: table.is_started().then(|| finished + 1),
            host: table.host(),
            seated,
        })
    }
}

#[derive(Default)]
struct Index {
    tables: HashMap<TableId, Seating>,
    by_player: HashMap<PlayerKey, BTreeSet<TableId>>,
}

/// Which live tables each player sits at, kept by the tables' tasks.
#[derive(Default)]
pub struct SeatIndex {
    inner: Mutex<Index>,
}

impl SeatIndex {
    /// The index, even after a panic elsewhere held its lock: each update leaves it whole.
    fn lock(&self) -> MutexGuard<'_, Index> {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Records what table `id` holds now; `None` takes it out (finished, or nobody seated).
    pub fn update(&self, id: TableId, seating: Option<Seating>) {
        let mut index = self.lock();
        let Index { tables, by_player } = &mut *index;
        if let Some(old) = tables.remove(&id) {
            for seated in &old.seated {
                if let Some(ids) = by_player.get_mut(&seated.player) {
                    ids.remove(&id);
                    if ids.is_empty() {
                        by_player.remove(&seated.player);
                    }
                }
            }
        }
        if let Some(seating) = seating {
            for seated in &seating.seated {
                by_player.entry(seated.player).or_default().insert(id);
            }
            tables.insert(id, seating);
        }
    }

    /// The tables `player` sits at, newest first, at most `limit`.
    pub fn tables_of(&self, player: PlayerKey, limit: usize) -> Vec<(TableId, Seating)> {
        let index = self.lock();
        let Some(ids) = index.by_player.get(&player) else {
            return Vec::new();
        };
        ids.iter()
            .rev()
            .filter_map(|id| index.tables.get(id).map(|s| (*id, s.clone())))
            .take(limit)
            .collect()
    }
}

/// `GET /api/me/tables`: the unfinished tables the cookie's player sits at, newest first,
/// with their seat and whether it is their turn; a private table's invite goes to its host
/// alone. Without a cookie (or with an unknown one) the list is empty and no player is
/// made, as the other reads that do not need one.
pub async fn get_my_tables(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let Some(player) = identity::current(&hub, &headers).await? else {
        return Ok(Json(json!({ "tables": [] })));
    };
    let me = player.id.0;
    let mut tables = Vec::new();
    for (id, seating) in hub.seats.tables_of(me, MY_TABLES_MAX) {
        let Some(seated) = seating.seated.iter().find(|s| s.player == me) else {
            continue;
        };
        let invite = if seating.host == me {
            hub.table(id).await.ok().and_then(|live| live.invite)
        } else {
            None
        };
        tables.push(json!({
            "id": id.0,
            "game": seating.game,
            "match": seating.match_kind,
            "status": seating.status,
            "deal_number": seating.deal_number,
            "seat": seated.seat,
            "to_act": seated.to_act,
            "invite": invite,
        }));
    }
    Ok(Json(json!({ "tables": tables })))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seating(players: &[PlayerKey]) -> Seating {
        Seating {
            game: "bridge".into(),
            match_kind: "single_deal",
            status: "open",
            deal_number: None,
            host: 1,
            seated: players
                .iter()
                .map(|&player| Seated {
                    player,
                    seat: "S".into(),
                    to_act: false,
                })
                .collect(),
        }
    }

    fn ids(index: &SeatIndex, player: PlayerKey, limit: usize) -> Vec<i64> {
        index
            .tables_of(player, limit)
            .into_iter()
            .map(|(id, _)| id.0)
            .collect()
    }

    /// A Bridgette table's two people, the one to play having claimed: the other is
    /// waited on for the answer although it is not their turn.
    #[test]
    fn an_answer_owed_to_a_claim_is_the_table_waiting_on_the_player() {
        use tenace_table::{Actor, Command, Settings, TableSetup, Viewer};
        let setup =
            TableSetup::new("bridgette", None, None, 5, Settings::default()).expect("a setup");
        let mut table = Table::new(setup, 1).expect("a table");
        let person = |id: PlayerKey| Actor::Player {
            id,
            name: format!("P{id}"),
        };
        let run = |table: &mut Table, id: PlayerKey, command: Command| {
            let event = table.check(&person(id), &command).expect("allowed");
            table.apply(&event).expect("applies");
        };
        run(&mut table, 1, Command::Sit { seat: "0".into() });
        run(&mut table, 2, Command::Sit { seat: "1".into() });
        let in_play = |t: &Table| {
            t.game()
                .full_view()
                .is_some_and(|v| v.phase == tenace_rules::Phase::Play)
        };
        let to_move = |t: &Table| {
            [1, 2]
                .into_iter()
                .map(|p| (p, t.legal_for(Viewer::Player(p))))
                .find(|(_, legal)| !legal.is_empty())
                .expect("someone is to act")
        };
        while !in_play(&table) {
            let (who, legal) = to_move(&table);
            // A bid where there is one, so the hand is not thrown in.
            let pick = legal
                .iter()
                .find(|a| a.ends_with("NT") || a.len() == 2 && a.as_bytes()[0].is_ascii_digit())
                .unwrap_or(&legal[0])
                .clone();
            run(&mut table, who, Command::Act { action: pick });
        }
        let (claimer, _) = to_move(&table);
        let other = 3 - claimer;
        let waited_on = |t: &Table, id: PlayerKey| {
            Seating::of(t)
                .expect("listed")
                .seated
                .iter()
                .find(|s| s.player == id)
                .expect("seated")
                .to_act
        };
        assert!(!waited_on(&table, other), "not their turn before the claim");
        run(&mut table, claimer, Command::Claim { tricks: 1 });
        assert!(waited_on(&table, other), "the claim waits on their answer");
        run(&mut table, other, Command::ClaimAnswer { accept: false });
        assert!(!waited_on(&table, other), "answered, and not their turn");
    }

    #[test]
    fn a_table_is_listed_for_its_seated_players_newest_first_until_they_go() {
        let index = SeatIndex::default();
        index.update(TableId(3), Some(seating(&[7, 8])));
        index.update(TableId(5), Some(seating(&[7])));
        index.update(TableId(4), Some(seating(&[7])));
        assert_eq!(ids(&index, 7, 10), vec![5, 4, 3]);
        assert_eq!(ids(&index, 7, 2), vec![5, 4], "bounded, the newest kept");
        assert_eq!(ids(&index, 8, 10), vec![3]);
        assert!(ids(&index, 9, 10).is_empty());
        // Player 8 leaves table 3; table 5 finishes.
        index.update(TableId(3), Some(seating(&[7])));
        index.update(TableId(5), None);
        assert_eq!(ids(&index, 7, 10), vec![4, 3]);
        assert!(ids(&index, 8, 10).is_empty());
        assert!(
            !index.lock().by_player.contains_key(&8),
            "no empty set is kept for a player who sits nowhere"
        );
    }
}
