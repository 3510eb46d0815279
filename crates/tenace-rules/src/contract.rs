//! Contracts and vulnerability: the result of an auction and the state that scores it.

use std::fmt;
use std::str::FromStr;

use tenace_cards::{Seat, Side, Strain};
use thiserror::Error;

/// How a contract was doubled.
///
/// ```
/// use tenace_rules::Doubling;
/// assert_eq!(Doubling::Redoubled.multiplier(), 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Doubling {
    /// Not doubled.
    #[default]
    Undoubled,
    /// Doubled (`X`).
    Doubled,
    /// Redoubled (`XX`).
    Redoubled,
}

impl Doubling {
    /// All three, undoubled first.
    pub const ALL: [Doubling; 3] = [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled];

    /// 1, 2 or 4: what doubling multiplies the trick score by.
    pub const fn multiplier(self) -> u32 {
        match self {
            Doubling::Undoubled => 1,
            Doubling::Doubled => 2,
            Doubling::Redoubled => 4,
        }
    }

    /// The suffix in contract notation: ``, `X` or `XX`.
    pub const fn suffix(self) -> &'static str {
        match self {
            Doubling::Undoubled => "",
            Doubling::Doubled => "X",
            Doubling::Redoubled => "XX",
        }
    }
}

/// A contract: a level, a strain and how it was doubled.
///
/// Level `L` contracts for book + `L` tricks (book is 6 in Contract Bridge and Bridgette,
/// 7 in Five Crowns). Level 0 exists only as 0NT, in the games that have it.
///
/// ```
/// use tenace_rules::{Contract, Doubling};
/// use tenace_cards::{Strain, Suit};
/// let c: Contract = "4SX".parse().unwrap();
/// assert_eq!(c, Contract::new(4, Strain::Suit(Suit::Spades), Doubling::Doubled));
/// assert_eq!(c.to_string(), "4SX");
/// assert_eq!("0NT".parse::<Contract>().unwrap().level, 0);
/// assert!("8C".parse::<Contract>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contract {
    /// 0 to 7.
    pub level: u8,
    /// The trump suit or no trump.
    pub strain: Strain,
    /// Undoubled, doubled or redoubled.
    pub doubling: Doubling,
}

impl Contract {
    /// A contract; the level is not checked here (see [`FromStr`] and the auction).
    pub const fn new(level: u8, strain: Strain, doubling: Doubling) -> Contract {
        Contract {
            level,
            strain,
            doubling,
        }
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.level, self.strain, self.doubling.suffix())
    }
}

/// Why a contract could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "bad contract {0:?}: expected a level 0-7, a strain (C D H S R NT) and an optional X or XX, e.g. 4SX"
)]
pub struct ContractParseError(pub String);

impl FromStr for Contract {
    type Err = ContractParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ContractParseError(s.into());
        let upper = s.trim().to_ascii_uppercase();
        let (body, doubling) = if let Some(b) = upper.strip_suffix("XX") {
            (b, Doubling::Redoubled)
        } else if let Some(b) = upper.strip_suffix('X') {
            (b, Doubling::Doubled)
        } else {
            (upper.as_str(), Doubling::Undoubled)
        };
        let mut chars = body.chars();
        let level = chars
            .next()
            .and_then(|c| c.to_digit(10))
            .filter(|&l| l <= 7)
            .ok_or_else(err)? as u8;
        let strain: Strain = chars.as_str().parse().map_err(|_| err())?;
        if level == 0 && strain != Strain::NoTrump {
            return Err(err());
        }
        Ok(Contract::new(level, strain, doubling))
    }
}

tenace_cards::serde_via_str!(Contract);

/// Which sides are vulnerable on a deal.
///
/// ```
/// use tenace_rules::Vulnerability;
/// use tenace_cards::Seat;
/// let v: Vulnerability = "NS".parse().unwrap();
/// assert!(v.is_vulnerable(Seat::South));
/// assert!(!v.is_vulnerable(Seat::East));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Vulnerability {
    /// Neither side.
    #[default]
    None,
    /// North-South only.
    NorthSouth,
    /// East-West only.
    EastWest,
    /// Both sides.
    Both,
}

impl Vulnerability {
    /// All four, in the order None, NS, EW, Both.
    pub const ALL: [Vulnerability; 4] = [
        Vulnerability::None,
        Vulnerability::NorthSouth,
        Vulnerability::EastWest,
        Vulnerability::Both,
    ];

    /// The vulnerability in which exactly the given sides are vulnerable.
    pub const fn from_sides(ns: bool, ew: bool) -> Vulnerability {
        match (ns, ew) {
            (false, false) => Vulnerability::None,
            (true, false) => Vulnerability::NorthSouth,
            (false, true) => Vulnerability::EastWest,
            (true, true) => Vulnerability::Both,
        }
    }

    /// Whether this side is vulnerable.
    pub const fn side_vulnerable(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Vulnerability::Both, _)
                | (Vulnerability::NorthSouth, Side::NorthSouth)
                | (Vulnerability::EastWest, Side::EastWest)
        )
    }

    /// Whether this seat's side is vulnerable.
    pub const fn is_vulnerable(self, seat: Seat) -> bool {
        self.side_vulnerable(seat.side())
    }
}

impl fmt::Display for Vulnerability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Vulnerability::None => "None",
            Vulnerability::NorthSouth => "NS",
            Vulnerability::EastWest => "EW",
            Vulnerability::Both => "Both",
        })
    }
}

/// Why a vulnerability could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("bad vulnerability {0:?}: expected None, NS, EW or Both")]
pub struct VulnerabilityParseError(pub String);

impl FromStr for Vulnerability {
    type Err = VulnerabilityParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // PBN spells these None/Love/-, NS, EW, Both/All.
        match s.to_ascii_uppercase().as_str() {
            "NONE" | "LOVE" | "-" => Ok(Vulnerability::None),
            "NS" | "N-S" => Ok(Vulnerability::NorthSouth),
            "EW" | "E-W" => Ok(Vulnerability::EastWest),
            "BOTH" | "ALL" => Ok(Vulnerability::Both),
            _ => Err(VulnerabilityParseError(s.into())),
        }
    }
}

tenace_cards::serde_via_str!(Vulnerability);
