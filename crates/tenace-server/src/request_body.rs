//! Request bodies, read in full before any handler runs: at most [`MAX_FRAME_BYTES`] (a
//! PBN upload's [`MAX_UPLOAD_BYTES`]), the whole of it within
//! [`ServerConfig::body_timeout`](crate::ServerConfig::body_timeout).
//!
//! A client that declares a body and sends it slowly, or never, is answered and closed,
//! not waited on: a body declared over the limit is refused at once, before a byte of it is
//! read, and one that has not all arrived in time gets a `408`. The limit is on the whole
//! body, not on the gap between two reads, so sending a byte at a time does not stretch it.

use std::time::Duration;

use axum::body::{Body, HttpBody};
use axum::extract::{Request, State};
use axum::http::header::CONNECTION;
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, LengthLimitError, Limited};

use crate::MAX_FRAME_BYTES;
use crate::error::ApiError;
use crate::upload::MAX_UPLOAD_BYTES;

/// The path whose body may be a whole PBN file.
const UPLOAD_PATH: &str = "/api/tables/pbn";

/// The largest body `request` may have: an upload's file, or any other request's frame.
fn limit_of(request: &Request) -> usize {
    if request.method() == axum::http::Method::POST && request.uri().path() == UPLOAD_PATH {
        MAX_UPLOAD_BYTES
    } else {
        MAX_FRAME_BYTES
    }
}

/// The middleware: passes the request on with its body read, or answers the error.
pub(crate) async fn read_in_time(
    State(timeout): State<Duration>,
    request: Request,
    next: Next,
) -> Response {
    if request.body().is_end_stream() {
        return next.run(request).await;
    }
    let limit = limit_of(&request);
    let declared = request.body().size_hint().lower();
    if declared > limit as u64 {
        return refuse(too_large(limit, &format!("; this one declares {declared}")));
    }
    let (parts, body) = request.into_parts();
    let read = tokio::time::timeout(timeout, Limited::new(body, limit).collect()).await;
    let bytes = match read {
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(e)) if e.is::<LengthLimitError>() => return refuse(too_large(limit, "")),
        Ok(Err(e)) => {
            return refuse(ApiError::bad(
                "body",
                format!("the body could not be read: {e}"),
            ));
        }
        Err(_) => {
            return refuse(ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "body",
                format!("the body did not arrive within {} s", timeout.as_secs_f64()),
            ));
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

fn too_large(limit: usize, detail: &str) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "body",
        format!("at most {limit} bytes{detail}"),
    )
}

/// The error, closing the connection: the rest of the body is never read, so the
/// connection cannot carry another request.
fn refuse(error: ApiError) -> Response {
    let mut response = error.into_response();
    response
        .headers_mut()
        .insert(CONNECTION, HeaderValue::from_static("close"));
    response
}
