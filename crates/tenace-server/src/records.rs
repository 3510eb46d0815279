//! Downloads of a table's game record: the match, or one finished deal, as the JSON game
//! record (`tenace_table::record`) or as PBN where PBN can hold the game.
//!
//! Every download is the public record ([`Scope::Public`]), the same for a seated player,
//! a spectator and a request without a cookie: finished deals only, no seed, no board
//! given in advance, Bridgette's exchange left out. A deal in progress never leaves by
//! this way, so nobody's hidden cards do either; the table's task builds the record and
//! nothing here ever asks it for another scope.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tenace_formats::pbn_file::{Token, format_pbn_file};
use tenace_table::record::{Record, pbn_from_record};

use crate::error::ApiError;
use crate::extract::{Path, Query};
use crate::hub::Hub;
use crate::lobby::{reachable, read};
use crate::socket::InviteQuery;
use crate::task::ToTable;

/// The games PBN can hold: its deals are four hands of the standard 52 cards.
const PBN_GAMES: [&str; 2] = ["bridge", "deuces-wild"];

/// The two formats of a download.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Json,
    Pbn,
}

impl Format {
    fn extension(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::Pbn => "pbn",
        }
    }

    fn content_type(self) -> &'static str {
        match self {
            Format::Json => "application/json",
            // No registered type for PBN; it is plain text in the export format.
            Format::Pbn => "text/plain; charset=utf-8",
        }
    }
}

/// The table's public record, if the request may reach the table (the same rule, and the
/// same `404`, as the table itself).
async fn public_record(
    hub: &Arc<Hub>,
    id: i64,
    headers: &HeaderMap,
    query: &InviteQuery,
) -> Result<Record, ApiError> {
    let live = reachable(hub, id, headers, query).await?;
    read(&live, |reply| ToTable::PublicRecord { reply }).await
}

/// The record with only finished deal `number` (from 1, as `/records` numbers them): its
/// place in the file is 1 and its board in the match `number`; it has no sheet, a deal
/// on its own having no match to score it. `404` naming `deal` when the table has no
/// such finished deal.
fn one_deal(mut record: Record, number: u32) -> Result<Record, ApiError> {
    let Some(mut deal) = record.deals.drain(..).find(|d| d.number == number) else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "deal",
            format!(
                "deal {number} is not a finished deal of this table: only a finished deal \
                 may be downloaded"
            ),
        ));
    };
    deal.number = 1;
    deal.board = Some(deal.board.unwrap_or(number));
    record.deals = vec![deal];
    record.sheet = serde_json::Value::Null;
    record.over = true;
    Ok(record)
}

/// A deal number from the path, from 1: `400` naming `deal` otherwise.
fn deal_number(text: &str) -> Result<u32, ApiError> {
    text.parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| ApiError::bad("deal", format!("{text:?} is not a deal number from 1")))
}

/// The record written in `format`: the JSON record as it is, or a PBN file (refused with
/// `400` naming `format` for a game PBN cannot hold).
async fn written(record: Record, format: Format) -> Result<String, ApiError> {
    match format {
        Format::Json => Ok(record.to_json()),
        Format::Pbn => {
            if !PBN_GAMES.contains(&record.game.as_str()) {
                return Err(ApiError::bad(
                    "format",
                    format!(
                        "PBN cannot hold a {} record: PBN holds Contract Bridge and Deuces \
                         Wild deals only (four hands of the standard 52 cards); download \
                         record.json instead",
                        record.game
                    ),
                ));
            }
            // Every deal is replayed through the rules to be written: off the runtime.
            tokio::task::spawn_blocking(move || pbn_text(&record))
                .await
                .map_err(|e| {
                    tracing::error!(%e, "writing a PBN file failed");
                    unwritable()
                })?
        }
    }
}

/// The public record as a PBN file in the export format, headed by the standard's
/// `% PBN 2.1` and `% EXPORT` lines.
fn pbn_text(record: &Record) -> Result<String, ApiError> {
    let mut file = pbn_from_record(record).map_err(|e| {
        // A public record the server wrote always replays: this is a bug, logged.
        tracing::error!(%e, game = %record.game, "a public record did not become PBN");
        unwritable()
    })?;
    let mut header = vec![
        Token::Escape(" PBN 2.1".into()),
        Token::Escape(" EXPORT".into()),
    ];
    match file.games.first_mut() {
        Some(first) => {
            header.append(&mut first.preamble);
            first.preamble = header;
        }
        None => file.trailer = header,
    }
    Ok(format_pbn_file(&file))
}

fn unwritable() -> ApiError {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "record",
        "the record could not be written",
    )
}

/// The answer: the text as a file to save, named `name`.
fn attachment(text: String, format: Format, name: &str) -> Response {
    let mut response = text.into_response();
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(format.content_type()),
    );
    let disposition = format!("attachment; filename=\"{name}.{}\"", format.extension());
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        h.insert(header::CONTENT_DISPOSITION, value);
    }
    // The record grows with every finished deal: never served from a cache.
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

async fn match_record(
    hub: Arc<Hub>,
    id: i64,
    query: InviteQuery,
    headers: HeaderMap,
    format: Format,
) -> Result<Response, ApiError> {
    let record = public_record(&hub, id, &headers, &query).await?;
    let text = written(record, format).await?;
    Ok(attachment(text, format, &format!("tenace-table-{id}")))
}

async fn deal_record(
    hub: Arc<Hub>,
    (id, deal): (i64, String),
    query: InviteQuery,
    headers: HeaderMap,
    format: Format,
) -> Result<Response, ApiError> {
    let number = deal_number(&deal)?;
    let record = public_record(&hub, id, &headers, &query).await?;
    let text = written(one_deal(record, number)?, format).await?;
    Ok(attachment(
        text,
        format,
        &format!("tenace-table-{id}-deal-{number}"),
    ))
}

/// `GET /api/tables/{id}/record.json`: the match's public record.
pub async fn get_match_json(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<i64>,
    Query(query): Query<InviteQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    match_record(hub, id, query, headers, Format::Json).await
}

/// `GET /api/tables/{id}/record.pbn`: the match's public record as PBN.
pub async fn get_match_pbn(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<i64>,
    Query(query): Query<InviteQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    match_record(hub, id, query, headers, Format::Pbn).await
}

/// `GET /api/tables/{id}/deals/{n}/record.json`: finished deal `n`'s public record.
pub async fn get_deal_json(
    State(hub): State<Arc<Hub>>,
    Path(path): Path<(i64, String)>,
    Query(query): Query<InviteQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    deal_record(hub, path, query, headers, Format::Json).await
}

/// `GET /api/tables/{id}/deals/{n}/record.pbn`: finished deal `n`'s public record as PBN.
pub async fn get_deal_pbn(
    State(hub): State<Arc<Hub>>,
    Path(path): Path<(i64, String)>,
    Query(query): Query<InviteQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    deal_record(hub, path, query, headers, Format::Pbn).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_numbers_start_at_one_and_name_the_deal() {
        assert_eq!(deal_number("3").ok(), Some(3));
        for bad in ["0", "-1", "x", ""] {
            assert_eq!(
                deal_number(bad).map_err(|e| e.field).err().as_deref(),
                Some("deal")
            );
        }
    }
}
