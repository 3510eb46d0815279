//! Reading a game's options from JSON with errors that name the key at fault.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// Reads options of type `T` from a JSON object. serde names an unknown key itself, but not
/// the key of a mistyped value, so on error each key is tried alone to find the culprit.
///
/// ```
/// use tenace_rules::bridge::BridgeOptions;
/// use tenace_rules::options_json::from_map;
/// let map = serde_json::json!({"chicago_honors": 1});
/// let err = from_map::<BridgeOptions>(map.as_object().unwrap()).unwrap_err();
/// assert!(err.starts_with("options: chicago_honors:"), "{err}");
/// ```
pub fn from_map<T: DeserializeOwned>(map: &Map<String, Value>) -> Result<T, String> {
    serde_json::from_value(Value::Object(map.clone())).map_err(|e| {
        let culprit = map.iter().find(|(k, v)| {
            let one = Map::from_iter([((*k).clone(), (*v).clone())]);
            serde_json::from_value::<T>(Value::Object(one)).is_err()
        });
        match culprit {
            Some((key, _)) if !e.to_string().contains(&format!("`{key}`")) => {
                format!("options: {key}: {e}")
            }
            _ => format!("options: {e}"),
        }
    })
}
