//! An HTTP error: a status and a body naming the field or rule at fault.

use axum::Json;
use axum::http::{Method, StatusCode, Uri};
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

    /// A 404 for a path under `/api/` that names no endpoint.
    pub fn unknown_endpoint(path: &str) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "path",
            format!("no endpoint {path} (docs/server-protocol.md lists them)"),
        )
    }

    /// A 405 for a method the path does not take; the response's `Allow` header lists
    /// those it does.
    pub fn method_not_allowed(method: &Method, path: &str) -> Self {
        Self::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method",
            format!("{path} does not take {method}: the Allow header lists the methods it takes"),
        )
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

/// Answers a method a route does not take (the router's `method_not_allowed_fallback`;
/// axum adds the `Allow` header).
pub(crate) async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::method_not_allowed(&method, uri.path())
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({"error": {"field": self.field, "message": self.message}});
        (self.status, Json(body)).into_response()
    }
}
