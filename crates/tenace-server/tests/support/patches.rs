//! Applying the server's view patches as a client does, shared by the test clients
//! (`support`, `prop_support`): with the `json-patch` crate, an RFC 6902 implementation
//! written apart from the server's diff.

use serde_json::Value;

/// Applies a `patch` message to `view`, which must be the view of its `base`: the view
/// it makes. Panics on a patch for another base or one that does not apply (a server that
/// sent it is wrong).
pub fn apply_patch(view: &Value, message: &Value) -> Value {
    try_apply_patch(view, message).unwrap_or_else(|e| panic!("{e}"))
}

/// [`apply_patch`], saying what is wrong rather than panicking.
pub fn try_apply_patch(view: &Value, message: &Value) -> Result<Value, String> {
    if view["version"] != message["base"] {
        return Err(format!(
            "a patch for another base than the view held (version {}): {message}",
            view["version"]
        ));
    }
    let patch: json_patch::Patch = serde_json::from_value(message["patch"].clone())
        .map_err(|e| format!("a patch that is not RFC 6902 ({e}): {message}"))?;
    let mut merged = view.clone();
    json_patch::patch(&mut merged, &patch)
        .map_err(|e| format!("the patch does not apply ({e}): {message}"))?;
    if merged["version"] != message["version"] {
        return Err(format!(
            "the patch makes version {}, not the version it says: {message}",
            merged["version"]
        ));
    }
    Ok(merged)
}
