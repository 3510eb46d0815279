//! What both SQL backends write the same way: JSON as text, and limits as SQL integers.

use serde_json::Value;

use crate::error::{Result, StoreError};

/// JSON text for a column. A `Value` always serialises; the error names `field` regardless.
pub(crate) fn json_text(value: &Value, field: &'static str) -> Result<String> {
    serde_json::to_string(value).map_err(|error| StoreError::invalid(field, error.to_string()))
}

/// A `usize` limit for SQL, saturated.
pub(crate) fn sql_limit(limit: usize) -> i64 {
    i64::try_from(limit).unwrap_or(i64::MAX)
}
