//! An HTTP error: a status and a body naming the field or rule at fault.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use tenace_store::StoreError;
use tenace_table::TableError;

/// An error answered over HTTP as `{"error": {"field": ..., "message": ...}}`.
#[derive(Debug, Clone)]
pub struct ApiError {
    /// The status.
    pub status: StatusCode,
    /// The field or rule at fault.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl ApiError {
    /// An error with this status about `field`.
    pub fn new(status: StatusCode, field: impl Into<String>, message: impl Into<String>) -> Self {
        ApiError {
            status,
            field: field.into(),
            message: message.into(),
        }
    }

    /// A 400 about `field`.
    pub fn bad(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, field, message)
    }

    /// A 404 for a table that does not exist (or is private and was reached without its
    /// invite: the two must look alike).
    pub fn unknown_table(id: i64) -> Self {
        Self::new(StatusCode::NOT_FOUND, "table", format!("no table {id}"))
    }

    /// A 500 for the store failing; the details go to the log, not the client.
    pub fn store(error: &StoreError) -> Self {
        tracing::error!(%error, "store");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "store",
            "the server could not read or write its store",
        )
    }
}

impl From<TableError> for ApiError {
    fn from(e: TableError) -> Self {
        Self::bad(e.field, e.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({"error": {"field": self.field, "message": self.message}});
        (self.status, Json(body)).into_response()
    }
}
