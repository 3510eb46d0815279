//! The JSON lobby over HTTP: who I am, the open tables, creating one, reading one, and
//! sending a table command without a socket.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};
use tenace_store::{NewTable, StoreError, TableId, Timestamp, Visibility};
use tenace_table::{Actor, Command, MatchKind, Settings, Table, TableSetup, Viewer};
use tokio::sync::oneshot;

use crate::error::ApiError;
use crate::extract::{Path, Query};
use crate::hub::{Hub, LiveTable, blocking};
use crate::identity;
use crate::message::{self, Incoming};
use crate::socket::{InviteQuery, send_command};
use crate::task::ToTable;
use crate::upload;

/// How many tables the lobby lists.
const LOBBY_SIZE: usize = 100;

/// A request's body, or the error naming it: over 16 KiB (an upload's 1 MiB) is a `413`.
fn body_of(body: Result<Bytes, BytesRejection>, upload: bool) -> Result<Bytes, ApiError> {
    body.map_err(|rejection| {
        let status = rejection.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            let limit = if upload {
                upload::MAX_UPLOAD_BYTES
            } else {
                crate::MAX_FRAME_BYTES
            };
            format!("at most {limit} bytes")
        } else {
            rejection.body_text()
        };
        ApiError::new(status, "body", message)
    })
}

fn object(body: &Bytes) -> Result<Map<String, Value>, ApiError> {
    match serde_json::from_slice(body) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(ApiError::bad("body", "expected a JSON object")),
        Err(e) => Err(ApiError::bad("body", format!("not JSON: {e}"))),
    }
}

fn string(map: &mut Map<String, Value>, key: &str) -> Result<Option<String>, ApiError> {
    match map.remove(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(ApiError::bad(key, "expected a string")),
    }
}

fn no_more(map: &Map<String, Value>) -> Result<(), ApiError> {
    match map.keys().next() {
        Some(key) => Err(ApiError::bad(key.clone(), "unknown field")),
        None => Ok(()),
    }
}

fn me_json(player: &tenace_store::Player) -> Value {
    json!({"id": player.id.0, "name": player.display_name})
}

/// `GET /api/me`: the player, made on a first visit.
pub async fn get_me(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Response, ApiError> {
    let (player, cookie) = identity::ensure(&hub, &headers).await?;
    let mut response = Json(me_json(&player)).into_response();
    if let Some(cookie) = cookie.and_then(|c| c.parse().ok()) {
        response.headers_mut().insert(SET_COOKIE, cookie);
    }
    Ok(response)
}

/// `PUT /api/me`: a new display name.
pub async fn put_me(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let player = identity::require(&hub, &headers).await?;
    let mut map = object(&body_of(body, false)?)?;
    let name = string(&mut map, "name")?.ok_or_else(|| ApiError::bad("name", "missing"))?;
    no_more(&map)?;
    let id = player.id;
    let name = name.trim().to_string();
    // The store's rules for a name are the protocol's; its refusal names its own column,
    // the answer the request's field.
    let renamed = blocking(&hub.store, move |s| Ok(s.rename_player(id, &name))).await?;
    match renamed {
        Ok(renamed) => Ok(Json(me_json(&renamed))),
        Err(StoreError::InvalidField { reason, .. }) => {
            Err(ApiError::bad("name", format!("the name {reason}")))
        }
        Err(e) => Err(ApiError::store(&e)),
    }
}

/// The checked body of a table creation.
struct Creation {
    setup: TableSetup,
    visibility: Visibility,
    bots: Vec<(String, String)>,
}

/// Reads a table creation. `upload` is `POST /api/tables/pbn`'s: the body then carries
/// [`upload::FIELD`], a PBN file whose boards the table plays, `game` may be left to the
/// file and `match` defaults to `duplicate`. Every field is checked, the file read to its
/// last board and the setup dealt before anything is stored.
fn read_creation(body: &Bytes, seed: u64, upload: bool) -> Result<Creation, ApiError> {
    let mut map = object(body)?;
    let pbn = string(&mut map, upload::FIELD)?;
    let asked_game = string(&mut map, "game")?;
    let kind = match string(&mut map, "match")? {
        None => None,
        Some(word) => Some(
            serde_json::from_value::<MatchKind>(Value::String(word.clone())).map_err(|_| {
                ApiError::bad(
                    "match",
                    format!("{word:?} is not one of single_deal, rubber, chicago, duplicate, series, game"),
                )
            })?,
        ),
    };
    let options = map.remove("options");
    let visibility = match string(&mut map, "visibility")?.as_deref() {
        None | Some("public") => Visibility::Public,
        Some("private") => Visibility::Private,
        Some(other) => {
            return Err(ApiError::bad(
                "visibility",
                format!("{other:?} is not public or private"),
            ));
        }
    };
    let bots = match map.remove("bots") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Object(bots)) => bots
            .into_iter()
            .map(|(seat, level)| match level {
                Value::String(level) => Ok((seat, level)),
                _ => Err(ApiError::bad(format!("bots.{seat}"), "expected a level")),
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(ApiError::bad("bots", "expected an object of seat: level")),
    };
    let settings = match map.remove("settings") {
        None | Some(Value::Null) => Settings::default(),
        Some(value) => {
            serde_json::from_value(value).map_err(|e| ApiError::bad("settings", e.to_string()))?
        }
    };
    no_more(&map)?;
    let setup = match (upload, pbn) {
        (false, None) => {
            let game = asked_game.ok_or_else(|| ApiError::bad("game", "missing"))?;
            TableSetup::new(&game, kind, options, seed, settings)?
        }
        (false, Some(_)) => {
            return Err(ApiError::bad(
                upload::FIELD,
                format!(
                    "a PBN file is sent to POST /api/tables/pbn, whose body may be up to {} \
                     bytes",
                    upload::MAX_UPLOAD_BYTES
                ),
            ));
        }
        (true, None) => return Err(ApiError::bad(upload::FIELD, "missing: the PBN file's text")),
        (true, Some(text)) => {
            let file = upload::read_boards(&text)?;
            let game = upload::game_for(asked_game.as_deref(), &file)?;
            let kind = kind.unwrap_or(MatchKind::Duplicate);
            TableSetup::new(game, Some(kind), options, seed, settings)?.with_boards(file.boards)?
        }
    };
    Ok(Creation {
        setup,
        visibility,
        bots,
    })
}

/// The most tables a player may create in an hour.
pub const TABLES_PER_HOUR: u64 = 20;

/// `POST /api/tables`.
pub async fn create_table(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    create(hub, headers, body, false).await
}

/// `POST /api/tables/pbn`: a duplicate table playing the boards of the PBN file the body
/// carries.
pub async fn create_table_from_pbn(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    create(hub, headers, body, true).await
}

async fn create(
    hub: Arc<Hub>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
    upload: bool,
) -> Result<Response, ApiError> {
    let player = identity::require(&hub, &headers).await?;
    let body = body_of(body, upload)?;
    let seed = hub.next_table_seed();
    // A file of many boards takes a moment to read and check: off the runtime.
    let creation = tokio::task::spawn_blocking(move || read_creation(&body, seed, upload))
        .await
        .map_err(|e| {
            tracing::error!(%e, "reading a table creation failed");
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "body",
                "the request could not be read",
            )
        })??;
    // The bots are checked on a scratch table first, so a bad seat creates nothing.
    let host = Actor::Player {
        id: player.id.0,
        name: player.display_name.clone(),
    };
    let mut scratch = Table::new(creation.setup.clone(), player.id.0)?;
    let mut commands = Vec::new();
    for (seat, level) in &creation.bots {
        let command = Command::Bot {
            seat: seat.clone(),
            level: Some(level.clone()),
        };
        let event = scratch
            .check(&host, &command)
            .map_err(|e| ApiError::bad(format!("bots.{seat}"), e.message))?;
        scratch.apply(&event)?;
        commands.push((seat.clone(), command));
    }
    let since = Timestamp(Timestamp::now().0 - 3_600_000);
    let host_id = player.id;
    let created = blocking(&hub.store, move |s| {
        s.count_tables_created_by(host_id, since)
    })
    .await?;
    if created >= hub.config.tables_per_hour {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "tables",
            format!("at most {} tables an hour", hub.config.tables_per_hour),
        ));
    }
    let new = NewTable {
        game_config: serde_json::to_value(&creation.setup)
            .map_err(|e| ApiError::bad("settings", e.to_string()))?,
        match_kind: Value::from(creation.setup.match_kind.as_str()),
        visibility: creation.visibility,
        host: player.id,
        settings: serde_json::to_value(&creation.setup.settings)
            .map_err(|e| ApiError::bad("settings", e.to_string()))?,
    };
    let row = blocking(&hub.store, move |s| s.create_table(&new)).await?;
    let live = hub.table(row.id).await?;
    for (seat, command) in commands {
        let answer = send_command(&live, &player, format!("create-bot-{seat}"), command).await;
        if answer["type"] != "ack" {
            tracing::error!(table = row.id.0, %answer, "a checked bot did not sit");
        }
    }
    let body = json!({"id": row.id.0, "invite": row.invite.map(|i| i.as_str().to_string())});
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// Asks a table's task and waits for its answer.
pub(crate) async fn read<T>(
    live: &LiveTable,
    message: impl FnOnce(oneshot::Sender<T>) -> ToTable,
) -> Result<T, ApiError> {
    let (reply, answer) = oneshot::channel();
    live.tx
        .send(message(reply))
        .await
        .map_err(|_| ApiError::unknown_table(live.id.0))?;
    answer.await.map_err(|_| ApiError::unknown_table(live.id.0))
}

/// `GET /api/tables`: open public tables with their seats.
pub async fn list_tables(State(hub): State<Arc<Hub>>) -> Result<Json<Value>, ApiError> {
    let rows = blocking(&hub.store, |s| s.open_public_tables(LOBBY_SIZE)).await?;
    let mut tables = Vec::new();
    for row in rows {
        let Ok(live) = hub.table(row.id).await else {
            continue;
        };
        let view = read(&live, |reply| ToTable::Read {
            viewer: Viewer::Anonymous,
            reply,
        })
        .await?;
        let seats: Vec<Value> = view["seats"]
            .as_array()
            .map(|seats| {
                seats
                    .iter()
                    .map(|s| json!({"seat": s["seat"], "name": s["name"], "bot": s["bot"]}))
                    .collect()
            })
            .unwrap_or_default();
        let free: Vec<Value> = view["seats"]
            .as_array()
            .map(|seats| {
                seats
                    .iter()
                    .filter(|s| s["presence"] == "empty")
                    .map(|s| s["seat"].clone())
                    .collect()
            })
            .unwrap_or_default();
        // The stored setup holds the seed too: only the options in force leave it.
        let options = serde_json::from_value::<TableSetup>(row.game_config)
            .map(|setup| crate::games::options_in_force(&setup))
            .unwrap_or(Value::Null);
        let (reply, count) = oneshot::channel();
        let spectators = match live.tx.send(ToTable::Spectators { reply }).await {
            Ok(()) => count.await.unwrap_or(0),
            Err(_) => 0,
        };
        tables.push(json!({
            "id": row.id.0,
            "game": view["game"],
            "match": view["match"],
            "status": view["status"],
            "options": options,
            "settings": view["settings"],
            "seats": seats,
            "free_seats": free,
            "spectators": spectators,
            "created_at": row.created_at,
        }));
    }
    Ok(Json(json!({ "tables": tables })))
}

/// The live table `id` and who is reading it, if the request may reach it (a private
/// table's invite, host or player); otherwise the same 404 as a table that does not
/// exist. The viewer is the cookie's player (seated here or not: the table's view
/// decides what they see), or [`Viewer::Anonymous`] without one; every HTTP answer that
/// carries table state is built for it, as a socket's frames are for their player.
pub(crate) async fn reach(
    hub: &Arc<Hub>,
    id: i64,
    headers: &HeaderMap,
    query: &InviteQuery,
) -> Result<(LiveTable, Viewer), ApiError> {
    let live = hub.table(TableId(id)).await?;
    let player = identity::current(hub, headers).await?.map(|p| p.id.0);
    if live.admits(query.invite.as_deref(), player).await {
        Ok((live, player.map_or(Viewer::Anonymous, Viewer::Player)))
    } else {
        Err(ApiError::unknown_table(id))
    }
}

/// The live table `id` if the request may reach it: [`reach`] without the viewer.
pub(crate) async fn reachable(
    hub: &Arc<Hub>,
    id: i64,
    headers: &HeaderMap,
    query: &InviteQuery,
) -> Result<LiveTable, ApiError> {
    reach(hub, id, headers, query).await.map(|(live, _)| live)
}

/// `GET /api/tables/{id}`: the table as the requester may see it. A seated player gets
/// their own view, anyone else a spectator's: never the public view for a player whose
/// seat sees less than spectators do (a Devil's Bridge blind hand, or spectators who see
/// every hand).
pub async fn get_table(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<i64>,
    Query(query): Query<InviteQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let (live, viewer) = reach(&hub, id, &headers, &query).await?;
    let view = read(&live, |reply| ToTable::Read { viewer, reply }).await?;
    Ok(Json(view))
}

/// `GET /api/tables/{id}/records`: every finished deal, every hand shown.
pub async fn get_records(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<i64>,
    Query(query): Query<InviteQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let live = reachable(&hub, id, &headers, &query).await?;
    Ok(Json(read(&live, |reply| ToTable::Records { reply }).await?))
}

/// `POST /api/tables/{id}/commands`: one command, answered with its `ack` or `error`.
pub async fn post_command(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<i64>,
    Query(query): Query<InviteQuery>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let player = identity::require(&hub, &headers).await?;
    let live = reachable(&hub, id, &headers, &query).await?;
    let body = body_of(body, false)?;
    let text = std::str::from_utf8(&body).map_err(|_| ApiError::bad("body", "not UTF-8"))?;
    let answer = match message::parse(text) {
        Ok(Incoming::Command { id, command }) => send_command(&live, &player, id, command).await,
        Ok(Incoming::Hint { id }) => crate::hint::send_hint(&live, &player, id).await,
        Ok(Incoming::Hello { .. }) => message::error(
            None,
            "type",
            "hello is for the socket; GET the table to read it",
        ),
        Ok(Incoming::Review { id, .. }) => message::error(
            Some(&id),
            "type",
            "review is for the socket; over HTTP, GET /api/tables/{id}/deals/{n}/review",
        ),
        Err(unreadable) => unreadable.to_message(),
    };
    let status = if answer["type"] == "ack" || answer["type"] == "hint" {
        StatusCode::OK
    } else {
        StatusCode::BAD_REQUEST
    };
    Ok((status, Json(answer)).into_response())
}
