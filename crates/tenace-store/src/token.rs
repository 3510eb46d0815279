//! Random 128-bit tokens: a player's cookie secret (stored only as its SHA-256 hash) and a
//! private table's invite token.

use std::fmt;
use std::str::FromStr;

use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::StoreError;

/// The bytes of a 128-bit token.
const TOKEN_BYTES: usize = 16;

/// 128 random bits drawn from the thread's cryptographically secure generator.
fn random_bytes() -> [u8; TOKEN_BYTES] {
    let mut bytes = [0; TOKEN_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    bytes
}

/// Lowercase hexadecimal of `bytes`.
fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    bytes
        .iter()
        .flat_map(|byte| {
            [
                DIGITS[usize::from(byte >> 4)],
                DIGITS[usize::from(byte & 0xf)],
            ]
        })
        .map(char::from)
        .collect()
}

/// Parses exactly `N` bytes of hexadecimal (either case); `field` names the input in errors.
fn from_hex<const N: usize>(text: &str, field: &'static str) -> Result<[u8; N], StoreError> {
    if text.len() != 2 * N {
        return Err(StoreError::invalid(
            field,
            format!(
                "expected {} hexadecimal digits, found {} characters",
                2 * N,
                text.len()
            ),
        ));
    }
    // Digit by digit: `u8::from_str_radix` would also take a sign, as in "+f".
    let nibble = |digit: u8| {
        char::from(digit)
            .to_digit(16)
            .and_then(|value| u8::try_from(value).ok())
            .ok_or_else(|| StoreError::invalid(field, "not hexadecimal"))
    };
    let mut bytes = [0; N];
    for (byte, pair) in bytes.iter_mut().zip(text.as_bytes().chunks_exact(2)) {
        *byte = (nibble(pair[0])? << 4) | nibble(pair[1])?;
    }
    Ok(bytes)
}

/// A player's secret: 128 random bits, given to the browser in a cookie as 32 hex digits.
///
/// The store never keeps it; it keeps [`PlayerToken::hash`]. `Debug` does not print it, so
/// a token cannot leak into a log by accident.
///
/// ```
/// use tenace_store::PlayerToken;
///
/// let token = PlayerToken::generate();
/// let cookie = token.to_hex();
/// let back: PlayerToken = cookie.parse()?;
/// assert_eq!(back.hash(), token.hash());
/// assert!(!format!("{token:?}").contains(&cookie));
/// # Ok::<(), tenace_store::StoreError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct PlayerToken([u8; TOKEN_BYTES]);

impl PlayerToken {
    /// A fresh random token.
    pub fn generate() -> Self {
        Self(random_bytes())
    }

    /// The token as 32 lowercase hex digits, for the cookie.
    pub fn to_hex(&self) -> String {
        to_hex(&self.0)
    }

    /// The SHA-256 hash of the token's bytes: what the store keeps and looks players up by.
    pub fn hash(&self) -> TokenHash {
        TokenHash(Sha256::digest(self.0).into())
    }
}

impl fmt::Debug for PlayerToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PlayerToken(<secret>)")
    }
}

impl FromStr for PlayerToken {
    type Err = StoreError;

    /// Parses a cookie's 32 hex digits; the error names the field `token`.
    fn from_str(text: &str) -> Result<Self, StoreError> {
        from_hex(text, "token").map(Self)
    }
}

/// The SHA-256 hash of a [`PlayerToken`], as stored in `players.token_hash`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TokenHash(pub [u8; 32]);

impl TokenHash {
    /// The hash's bytes.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

/// The unguessable part of a private table's invite link: 128 random bits as 32 hex digits.
///
/// Serialised as that string; deserialising checks the format like [`FromStr`] does.
///
/// ```
/// use tenace_store::InviteToken;
///
/// let invite = InviteToken::generate();
/// assert_eq!(invite.as_str().len(), 32);
/// assert_eq!(invite.as_str().parse::<InviteToken>()?, invite);
/// assert!("not-a-token".parse::<InviteToken>().is_err());
/// # Ok::<(), tenace_store::StoreError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct InviteToken(String);

impl InviteToken {
    /// A fresh random invite token.
    pub fn generate() -> Self {
        Self(to_hex(&random_bytes()))
    }

    /// The token's 32 lowercase hex digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for InviteToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<InviteToken> for String {
    fn from(invite: InviteToken) -> Self {
        invite.0
    }
}

impl TryFrom<String> for InviteToken {
    type Error = StoreError;

    fn try_from(text: String) -> Result<Self, StoreError> {
        text.parse()
    }
}

impl FromStr for InviteToken {
    type Err = StoreError;

    /// Parses 32 hex digits (either case, kept lowercase); the error names the field `invite`.
    fn from_str(text: &str) -> Result<Self, StoreError> {
        from_hex::<TOKEN_BYTES>(text, "invite").map(|bytes| Self(to_hex(&bytes)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_rejects_bad_input() {
        let token = PlayerToken([0xab; TOKEN_BYTES]);
        assert_eq!(token.to_hex(), "ab".repeat(16));
        assert_eq!(
            "AB".repeat(16).parse::<PlayerToken>().ok().map(|t| t.0),
            Some([0xab; 16])
        );
        for bad in [
            "",
            "ab",
            &"+f".repeat(16),
            &"zz".repeat(16),
            &"é".repeat(16),
            &"ab".repeat(17),
        ] {
            let err = bad.parse::<PlayerToken>().err();
            assert!(
                matches!(err, Some(StoreError::InvalidField { field: "token", .. })),
                "{bad:?} gave {err:?}"
            );
        }
    }

    #[test]
    fn hash_is_sha256_of_the_token_bytes() {
        // SHA-256 of sixteen zero bytes.
        let hash = PlayerToken([0; TOKEN_BYTES]).hash();
        assert_eq!(
            to_hex(hash.as_bytes()),
            "374708fff7719dd5979ec875d56cd2286f6d3cf7ec317a3b25632aab28ec37bb"
        );
    }

    #[test]
    fn invite_tokens_serialise_as_checked_strings() {
        let invite = InviteToken::generate();
        let json = serde_json::to_string(&invite).ok();
        assert_eq!(json, Some(format!("\"{invite}\"")));
        let back: Option<InviteToken> = json.and_then(|json| serde_json::from_str(&json).ok());
        assert_eq!(back, Some(invite));
        assert!(serde_json::from_str::<InviteToken>("\"../etc\"").is_err());
    }

    #[test]
    fn generated_tokens_differ() {
        assert_ne!(PlayerToken::generate(), PlayerToken::generate());
        assert_ne!(InviteToken::generate(), InviteToken::generate());
    }
}
