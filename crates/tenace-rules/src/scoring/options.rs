//! Typed scoring options (RULES.md §1.9 and §2.2), ready to be fields of a game's config.
//!
//! Each one serialises as the key's value in RULES.md, so the CLI, the server's table
//! setup and saved games all spell them the same way.

use std::fmt;

use serde::de::{self, Unexpected, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The `scoring` option: how the deals of a match are scored.
///
/// ```
/// use tenace_rules::scoring::ScoringMode;
/// let mode: ScoringMode = serde_json::from_str("\"chicago\"").unwrap();
/// assert_eq!(mode, ScoringMode::Chicago);
/// assert_eq!(ScoringMode::default(), ScoringMode::Duplicate);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoringMode {
    /// Each board on its own (Law 77), vulnerability from the board number.
    #[default]
    Duplicate,
    /// Rubber bridge (Laws 72–81).
    Rubber,
    /// Four-deal bridge.
    Chicago,
}

/// The `chicago_deals_2_3` option: who is vulnerable on the second and third deals of a
/// Chicago wheel.
///
/// ```
/// use tenace_rules::scoring::ChicagoDeals23;
/// let v: ChicagoDeals23 = serde_json::from_str("\"non_dealer_vulnerable\"").unwrap();
/// assert_eq!(v, ChicagoDeals23::NonDealerVulnerable);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChicagoDeals23 {
    /// The dealer's side (ACBL's main text).
    #[default]
    DealerVulnerable,
    /// The dealer's opponents (the variant ACBL and Bicycle record).
    NonDealerVulnerable,
}

/// The `comparison` option: how results on the same deal are compared.
///
/// ```
/// use tenace_rules::scoring::Comparison;
/// assert_eq!(serde_json::to_string(&Comparison::Imps).unwrap(), "\"imps\"");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Comparison {
    /// Raw scores only.
    #[default]
    None,
    /// International match points (Law 78B).
    Imps,
    /// Matchpoints (Law 78A).
    Matchpoints,
}

/// The `fc_honors` option of Five Crowns Bridge (RULES.md §2.2, decision F5).
///
/// ```
/// use tenace_rules::scoring::FiveCrownsHonors;
/// let h: FiveCrownsHonors = serde_json::from_str("\"mapped\"").unwrap();
/// assert_eq!(h, FiveCrownsHonors::Mapped);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FiveCrownsHonors {
    /// No honors: the deck has no aces.
    #[default]
    Off,
    /// K Q J 10 9 of trumps; four kings in no trump.
    Mapped,
}

/// A bonus that is 100 under the current Laws and 50 under older editions: the
/// `insult_redoubled` and `unfinished_partscore_bonus` options.
///
/// It travels as the bare number, and reading any other number is an error that names
/// the two allowed values.
///
/// ```
/// use tenace_rules::scoring::HundredOrFifty;
/// let b: HundredOrFifty = serde_json::from_str("50").unwrap();
/// assert_eq!(b.points(), 50);
/// assert_eq!(serde_json::to_string(&HundredOrFifty::Hundred).unwrap(), "100");
/// let err = serde_json::from_str::<HundredOrFifty>("75").unwrap_err();
/// assert!(err.to_string().contains("100 or 50"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum HundredOrFifty {
    /// 100: the current Laws.
    #[default]
    Hundred,
    /// 50: the legacy figure some source texts still print.
    Fifty,
}

impl HundredOrFifty {
    /// The bonus in points.
    ///
    /// ```
    /// use tenace_rules::scoring::HundredOrFifty;
    /// assert_eq!(HundredOrFifty::Hundred.points(), 100);
    /// ```
    pub const fn points(self) -> u32 {
        match self {
            HundredOrFifty::Hundred => 100,
            HundredOrFifty::Fifty => 50,
        }
    }

    /// The variant worth these points, if there is one.
    ///
    /// ```
    /// use tenace_rules::scoring::HundredOrFifty;
    /// assert_eq!(HundredOrFifty::from_points(50), Some(HundredOrFifty::Fifty));
    /// assert_eq!(HundredOrFifty::from_points(60), None);
    /// ```
    pub const fn from_points(points: u64) -> Option<HundredOrFifty> {
        match points {
            100 => Some(HundredOrFifty::Hundred),
            50 => Some(HundredOrFifty::Fifty),
            _ => None,
        }
    }
}

impl From<HundredOrFifty> for u32 {
    fn from(bonus: HundredOrFifty) -> u32 {
        bonus.points()
    }
}

impl fmt::Display for HundredOrFifty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.points())
    }
}

impl Serialize for HundredOrFifty {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(self.points())
    }
}

impl<'de> Deserialize<'de> for HundredOrFifty {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_u64(HundredOrFiftyVisitor)
    }
}

/// Accepts only integers, so that `"100"` or `100.0` get the same clear message as `75`.
struct HundredOrFiftyVisitor;

impl Visitor<'_> for HundredOrFiftyVisitor {
    type Value = HundredOrFifty;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the number 100 or 50")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<HundredOrFifty, E> {
        HundredOrFifty::from_points(v)
            .ok_or_else(|| E::invalid_value(Unexpected::Unsigned(v), &self))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<HundredOrFifty, E> {
        match u64::try_from(v) {
            Ok(u) => self.visit_u64(u),
            Err(_) => Err(E::invalid_value(Unexpected::Signed(v), &self)),
        }
    }
}
