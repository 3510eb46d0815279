//! Anonymous identity: a random token in an HttpOnly cookie names a player, whose hash
//! the store keeps.

use axum::http::StatusCode;
use axum::http::header::{COOKIE, HeaderMap};
use rand::Rng;
use tenace_store::{Player, PlayerToken};

use crate::error::ApiError;
use crate::hub::{Hub, blocking};

/// The cookie's name.
pub const COOKIE_NAME: &str = "tenace_player";

/// The token in the request's cookie, if any well-formed one.
pub fn token(headers: &HeaderMap) -> Option<PlayerToken> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE_NAME)
        .and_then(|(_, value)| value.parse().ok())
}

/// The `Set-Cookie` value that gives a browser its token.
pub fn set_cookie(token: &PlayerToken) -> String {
    format!(
        "{COOKIE_NAME}={}; HttpOnly; SameSite=Lax; Path=/; Max-Age=31536000",
        token.to_hex()
    )
}

/// The player the request's cookie names, if any.
pub async fn current(hub: &Hub, headers: &HeaderMap) -> Result<Option<Player>, ApiError> {
    let Some(token) = token(headers) else {
        return Ok(None);
    };
    let hash = token.hash();
    blocking(&hub.store, move |s| s.player_by_token(&hash)).await
}

/// The player the cookie names; `401` without one.
pub async fn require(hub: &Hub, headers: &HeaderMap) -> Result<Player, ApiError> {
    current(hub, headers).await?.ok_or_else(|| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            COOKIE_NAME,
            "no player: GET /api/me first to get one",
        )
    })
}

/// The cookie's player, or a new anonymous one with the cookie to set.
pub async fn ensure(hub: &Hub, headers: &HeaderMap) -> Result<(Player, Option<String>), ApiError> {
    if let Some(player) = current(hub, headers).await? {
        return Ok((player, None));
    }
    let token = PlayerToken::generate();
    let hash = token.hash();
    let name = format!("Guest {}", rand::rng().random_range(1000..10_000));
    let player = blocking(&hub.store, move |s| s.create_player(&name, &hash)).await?;
    Ok((player, Some(set_cookie(&token))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn the_token_is_found_among_other_cookies() {
        let token = PlayerToken::generate();
        let mut headers = HeaderMap::new();
        let cookie = format!("theme=dark; {COOKIE_NAME}={}; x=y", token.to_hex());
        headers.insert(COOKIE, HeaderValue::from_str(&cookie).expect("ascii"));
        assert_eq!(self::token(&headers).map(|t| t.hash()), Some(token.hash()));
        headers.insert(COOKIE, HeaderValue::from_static("tenace_player=zz"));
        assert!(
            self::token(&headers).is_none(),
            "a malformed token is no token"
        );
        assert!(set_cookie(&token).contains("HttpOnly; SameSite=Lax"));
    }
}
