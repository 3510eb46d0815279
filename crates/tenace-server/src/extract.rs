//! The path and query extractors of every route, refused as the documented JSON error
//! naming the parameter (`{"error": {"field": "id", ...}}`), where axum's own answer
//! is plain text (`Cannot parse "abc" to a i64`).

use axum::extract::path::ErrorKind;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{FromRequestParts, RawPathParams};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// A route's path parameters, as axum's `Path` reads them; a value that does not parse
/// is a `400` naming its parameter (`id`, `n`).
#[derive(Debug, Clone, Copy)]
pub struct Path<T>(pub T);

impl<T, S> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(rejection) => {
                let names = match RawPathParams::from_request_parts(parts, state).await {
                    Ok(params) => params.iter().map(|(name, _)| name.to_string()).collect(),
                    Err(_) => Vec::new(),
                };
                Err(path_error(rejection, &names))
            }
        }
    }
}

/// The error for a path parameter that did not parse; `names` are the route's
/// parameters in order, for the errors that give only a position.
fn path_error(rejection: PathRejection, names: &[String]) -> ApiError {
    let status = rejection.status();
    let PathRejection::FailedToDeserializePathParams(failed) = rejection else {
        return ApiError::new(status, "path", rejection.body_text());
    };
    let at = |index: usize| names.get(index).cloned().unwrap_or_else(|| "path".into());
    let (field, message) = match failed.kind() {
        ErrorKind::ParseErrorAtKey {
            key,
            value,
            expected_type,
        } => (key.clone(), not_a(value, expected_type)),
        ErrorKind::ParseErrorAtIndex {
            index,
            value,
            expected_type,
        } => (at(*index), not_a(value, expected_type)),
        // One value into one primitive: the route's only parameter.
        ErrorKind::ParseError {
            value,
            expected_type,
        } if names.len() == 1 => (at(0), not_a(value, expected_type)),
        ErrorKind::InvalidUtf8InPathParam { key } => {
            (key.clone(), "not UTF-8 once percent-decoded".into())
        }
        ErrorKind::DeserializeError { key, message, .. } => (key.clone(), message.clone()),
        other => ("path".into(), other.to_string()),
    };
    ApiError::new(status, field, message)
}

/// Why `value` is not a value of the Rust type `expected`, in words.
fn not_a(value: &str, expected: &str) -> String {
    let integer = [
        "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "usize",
    ]
    .iter()
    .any(|t| expected.ends_with(t));
    let digits = value.strip_prefix('-').unwrap_or(value);
    if integer && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
        format!("{value:?} is out of range")
    } else if integer {
        format!("{value:?} is not a whole number")
    } else {
        format!("{value:?} is not a valid {expected}")
    }
}

/// A route's query string, as axum's `Query` reads it; one that does not parse is a
/// `400` naming the parameter serde names (`invite`), or `query`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(value)| Query(value))
            .map_err(query_error)
    }
}

fn query_error(rejection: QueryRejection) -> ApiError {
    let text = rejection.body_text();
    let message = text
        .strip_prefix("Failed to deserialize query string: ")
        .unwrap_or(&text)
        .to_string();
    // serde quotes the parameter at fault: "duplicate field `invite`".
    let field = message
        .split('`')
        .nth(1)
        .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_'))
        .unwrap_or("query")
        .to_string();
    ApiError::new(rejection.status(), field, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_described_in_words() {
        assert_eq!(not_a("abc", "i64"), "\"abc\" is not a whole number");
        assert_eq!(not_a("-3.5", "u64"), "\"-3.5\" is not a whole number");
        let huge = "99999999999999999999";
        assert_eq!(not_a(huge, "i64"), format!("{huge:?} is out of range"));
        assert_eq!(not_a("x", "bool"), "\"x\" is not a valid bool");
    }
}
