//! The auction (WBF Laws 17–22), shared by every game that bids for a contract.
//!
//! One [`Auction`] serves Contract Bridge, Deuces Wild and Five Crowns (four players in two
//! partnerships) and Bridgette (two players, each a side of their own). An [`AuctionRules`]
//! value says how many players call, which strains exist and whether 0NT is a bid.

use std::fmt;
use std::str::FromStr;

use tenace_cards::{Player, Strain, Suit};
use thiserror::Error;

use crate::contract::{Contract, Doubling};

/// A bid: a level and a strain. The derived order is the bidding order (Law 18): a higher
/// level beats any strain, and at the same level the higher strain wins.
///
/// ```
/// use tenace_rules::Bid;
/// let one_spade: Bid = "1S".parse().unwrap();
/// let one_nt: Bid = "1NT".parse().unwrap();
/// let two_clubs: Bid = "2C".parse().unwrap();
/// assert!(one_spade < one_nt && one_nt < two_clubs);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bid {
    /// 0 (only as 0NT, where the game has it) to 7.
    pub level: u8,
    /// The strain named.
    pub strain: Strain,
}

impl Bid {
    /// A bid of this level and strain.
    pub const fn new(level: u8, strain: Strain) -> Bid {
        Bid { level, strain }
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A level is one digit (0 to 7): written straight, as the strain is.
        match char::from_digit(u32::from(self.level), 10) {
            Some(digit) => fmt::Write::write_char(f, digit)?,
            None => write!(f, "{}", self.level)?,
        }
        fmt::Display::fmt(&self.strain, f)
    }
}

impl FromStr for Bid {
    type Err = CallParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.parse::<Call>()? {
            Call::Bid(bid) => Ok(bid),
            _ => Err(CallParseError(s.into())),
        }
    }
}

/// A call: pass, a bid, double or redouble. Notation: `P`, `1C` … `7NT`, `X`, `XX`.
///
/// ```
/// use tenace_rules::Call;
/// assert_eq!("p".parse::<Call>().unwrap(), Call::Pass);
/// assert_eq!("XX".parse::<Call>().unwrap(), Call::Redouble);
/// assert_eq!("3NT".parse::<Call>().unwrap().to_string(), "3NT");
/// assert!("8S".parse::<Call>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Call {
    /// Pass.
    Pass,
    /// Double (`X`), Law 19A.
    Double,
    /// Redouble (`XX`), Law 19B.
    Redouble,
    /// A bid.
    Bid(Bid),
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("P"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            Call::Bid(b) => fmt::Display::fmt(b, f),
        }
    }
}

/// Why a call could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("bad call {0:?}: expected P, X, XX or a bid such as 1C, 4S, 3NT")]
pub struct CallParseError(pub String);

impl FromStr for Call {
    type Err = CallParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let upper = s.trim().to_ascii_uppercase();
        match upper.as_str() {
            "P" | "PASS" => return Ok(Call::Pass),
            "X" | "DBL" | "DOUBLE" => return Ok(Call::Double),
            "XX" | "RDBL" | "REDOUBLE" => return Ok(Call::Redouble),
            _ => {}
        }
        let mut chars = upper.chars();
        let level = chars
            .next()
            .and_then(|c| c.to_digit(10))
            .filter(|&l| l <= 7)
            .ok_or_else(|| CallParseError(s.into()))? as u8;
        let strain: Strain = chars
            .as_str()
            .parse()
            .map_err(|_| CallParseError(s.into()))?;
        Ok(Call::Bid(Bid::new(level, strain)))
    }
}

tenace_cards::serde_via_str!(Call);

/// What shapes an auction: who calls, which bids exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuctionRules {
    /// 4 for the partnership games (sides N-S and E-W), 2 for Bridgette.
    pub players: usize,
    /// The suits that can be trumps, low to high.
    pub suits: &'static [Suit],
    /// Whether 0NT is a bid (Five Crowns, Bridgette).
    pub zero_notrump: bool,
}

impl AuctionRules {
    /// Contract Bridge and Deuces Wild: four players, 35 bids from 1♣ to 7NT.
    pub const BRIDGE: AuctionRules = AuctionRules {
        players: 4,
        suits: &Suit::STANDARD,
        zero_notrump: false,
    };

    /// Every bid in this game, lowest first.
    ///
    /// ```
    /// use tenace_rules::AuctionRules;
    /// assert_eq!(AuctionRules::BRIDGE.bids().len(), 35);
    /// ```
    pub fn bids(&self) -> Vec<Bid> {
        let mut bids = Vec::with_capacity(43);
        if self.zero_notrump {
            bids.push(Bid::new(0, Strain::NoTrump));
        }
        for level in 1..=7 {
            bids.extend(self.suits.iter().map(|&s| Bid::new(level, Strain::Suit(s))));
            bids.push(Bid::new(level, Strain::NoTrump));
        }
        bids
    }

    /// The strains one may bid, in bidding order: the suits low to high, then no trump.
    ///
    /// ```
    /// use tenace_cards::Strain;
    /// use tenace_rules::AuctionRules;
    /// assert_eq!(AuctionRules::BRIDGE.strains(), Strain::STANDARD);
    /// ```
    pub fn strains(&self) -> Vec<Strain> {
        self.suits
            .iter()
            .map(|&s| Strain::Suit(s))
            .chain([Strain::NoTrump])
            .collect()
    }

    /// Whether the bid exists in this game.
    pub fn has_bid(&self, bid: Bid) -> bool {
        match bid.strain {
            Strain::NoTrump => bid.level <= 7 && (bid.level >= 1 || self.zero_notrump),
            Strain::Suit(s) => (1..=7).contains(&bid.level) && self.suits.contains(&s),
        }
    }

    /// The side a player belongs to: partners share a side. Two-player games give each
    /// player a side of their own.
    pub const fn side(&self, player: Player) -> u8 {
        if self.players == 4 {
            player.0 % 2
        } else {
            player.0
        }
    }
}

/// Why a call is refused. Each message names the law it breaks.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AuctionError {
    /// The auction has ended.
    #[error("the auction is over (Law 22)")]
    Over,
    /// Not this player's turn.
    #[error(
        "it is {expected}'s turn to call, not {got}'s (Law 17: calls go clockwise from the dealer)"
    )]
    OutOfTurn {
        /// Whose turn it is.
        expected: String,
        /// Who tried to call.
        got: String,
    },
    /// The bid does not exist in this game.
    #[error("{0} is not a bid in this game (Law 18: bids run from the lowest to 7NT)")]
    NoSuchBid(Bid),
    /// The bid does not beat the last one.
    #[error(
        "{bid} is insufficient over {last} (Law 18: a bid must name a higher level, or the same level in a higher strain)"
    )]
    Insufficient {
        /// The bid tried.
        bid: Bid,
        /// The bid it must beat.
        last: Bid,
    },
    /// A double that Law 19A forbids.
    #[error("double not allowed: {0} (Law 19A)")]
    Double(&'static str),
    /// A redouble that Law 19B forbids.
    #[error("redouble not allowed: {0} (Law 19B)")]
    Redouble(&'static str),
}

/// An auction in progress or finished: the dealer and the calls so far.
///
/// ```
/// use tenace_rules::{Auction, AuctionRules, Call};
/// use tenace_cards::{Player, Seat};
/// let mut a = Auction::new(AuctionRules::BRIDGE, Seat::North.into());
/// for call in ["1S", "P", "4S", "P", "P", "P"] {
///     let who = a.next_to_call().unwrap();
///     a.call(who, call.parse().unwrap()).unwrap();
/// }
/// assert!(a.is_over());
/// assert_eq!(a.contract().unwrap().to_string(), "4S");
/// // North bid spades first, so North declares although South bid game.
/// assert_eq!(a.declarer(), Some(Player::from(Seat::North)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Auction {
    rules: AuctionRules,
    dealer: Player,
    calls: Vec<Call>,
}

/// The bid that currently stands and what has happened since.
#[derive(Debug, Clone, Copy)]
struct Standing {
    bid: Bid,
    bidder: Player,
    doubling: Doubling,
}

impl Auction {
    /// An empty auction with this dealer.
    pub fn new(rules: AuctionRules, dealer: Player) -> Auction {
        Auction {
            rules,
            dealer,
            calls: Vec::new(),
        }
    }

    /// The rules in force.
    pub fn rules(&self) -> &AuctionRules {
        &self.rules
    }

    /// The dealer, who calls first (Law 17).
    pub fn dealer(&self) -> Player {
        self.dealer
    }

    /// The calls so far, the dealer's first.
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// The calls with the player who made each.
    pub fn calls_by_player(&self) -> impl Iterator<Item = (Player, Call)> + '_ {
        let (dealer, n) = (self.dealer, self.rules.players);
        self.calls
            .iter()
            .enumerate()
            .map(move |(i, &c)| (dealer.offset(i, n), c))
    }

    fn standing(&self) -> Option<Standing> {
        let mut standing: Option<Standing> = None;
        for (player, call) in self.calls_by_player() {
            match call {
                Call::Bid(bid) => {
                    standing = Some(Standing {
                        bid,
                        bidder: player,
                        doubling: Doubling::Undoubled,
                    })
                }
                Call::Double | Call::Redouble => {
                    if let Some(s) = standing.as_mut() {
                        s.doubling = if call == Call::Double {
                            Doubling::Doubled
                        } else {
                            Doubling::Redoubled
                        };
                    }
                }
                Call::Pass => {}
            }
        }
        standing
    }

    fn trailing_passes(&self) -> usize {
        self.calls
            .iter()
            .rev()
            .take_while(|&&c| c == Call::Pass)
            .count()
    }

    /// Whether the auction has ended (Law 22): `players − 1` passes after a bid, or every
    /// player passing with no bid.
    pub fn is_over(&self) -> bool {
        let passes = self.trailing_passes();
        if self.calls.len() == passes {
            passes >= self.rules.players
        } else {
            passes + 1 >= self.rules.players
        }
    }

    /// Whether every player passed and no bid was made.
    pub fn is_passed_out(&self) -> bool {
        self.is_over() && self.standing().is_none()
    }

    /// The player due to call, or `None` once the auction is over.
    pub fn next_to_call(&self) -> Option<Player> {
        (!self.is_over()).then(|| self.dealer.offset(self.calls.len(), self.rules.players))
    }

    /// The last bid made and its bidder, if any.
    pub fn last_bid(&self) -> Option<(Player, Bid)> {
        self.standing().map(|s| (s.bidder, s.bid))
    }

    /// The contract as it would stand if the auction ended now.
    pub fn standing_contract(&self) -> Option<Contract> {
        self.standing()
            .map(|s| Contract::new(s.bid.level, s.bid.strain, s.doubling))
    }

    /// The final contract, once the auction is over and was not passed out.
    pub fn contract(&self) -> Option<Contract> {
        if self.is_over() {
            self.standing_contract()
        } else {
            None
        }
    }

    /// Declarer: of the side that won the contract, the player who **first** named its
    /// strain (Laws, Definitions). `None` until the auction is over or when passed out.
    pub fn declarer(&self) -> Option<Player> {
        let contract = self.contract()?;
        let (winner, _) = self.last_bid()?;
        let side = self.rules.side(winner);
        self.calls_by_player()
            .find(|&(p, c)| {
                self.rules.side(p) == side
                    && matches!(c, Call::Bid(b) if b.strain == contract.strain)
            })
            .map(|(p, _)| p)
    }

    /// Checks a call by this player without making it; the error names the law.
    pub fn check(&self, player: Player, call: Call) -> Result<(), AuctionError> {
        let expected = self.next_to_call().ok_or(AuctionError::Over)?;
        if player != expected {
            // Four players are two partnerships, named by seat; Bridgette's two by number.
            let players = self.rules.players;
            let name = |p| crate::game::player_in_words(p, players, players == 4);
            return Err(AuctionError::OutOfTurn {
                expected: name(expected),
                got: name(player),
            });
        }
        let standing = self.standing();
        let opponents = |a: Player, b: Player| self.rules.side(a) != self.rules.side(b);
        match call {
            Call::Pass => Ok(()),
            Call::Bid(bid) => {
                if !self.rules.has_bid(bid) {
                    return Err(AuctionError::NoSuchBid(bid));
                }
                match standing {
                    Some(s) if bid <= s.bid => Err(AuctionError::Insufficient { bid, last: s.bid }),
                    _ => Ok(()),
                }
            }
            Call::Double => match standing {
                None => Err(AuctionError::Double("there is no bid to double")),
                Some(s) if !opponents(s.bidder, player) => Err(AuctionError::Double(
                    "the last bid was made by your own side",
                )),
                Some(s) if s.doubling != Doubling::Undoubled => {
                    Err(AuctionError::Double("the last bid is already doubled"))
                }
                Some(_) => Ok(()),
            },
            Call::Redouble => match standing {
                Some(Standing {
                    doubling: Doubling::Doubled,
                    bidder,
                    ..
                }) if !opponents(bidder, player) => Ok(()),
                Some(Standing {
                    doubling: Doubling::Redoubled,
                    ..
                }) => Err(AuctionError::Redouble("the bid is already redoubled")),
                Some(Standing {
                    doubling: Doubling::Doubled,
                    ..
                }) => Err(AuctionError::Redouble(
                    "only the side whose bid was doubled may redouble",
                )),
                _ => Err(AuctionError::Redouble(
                    "the last bid has not been doubled by an opponent",
                )),
            },
        }
    }

    /// Makes a call after checking it; on error nothing changes.
    pub fn call(&mut self, player: Player, call: Call) -> Result<(), AuctionError> {
        self.check(player, call)?;
        self.calls.push(call);
        Ok(())
    }

    /// Makes a call without checking it (for replays of trusted records and search).
    pub fn call_unchecked(&mut self, call: Call) {
        self.calls.push(call);
    }

    /// Every call the player due to call may make now, pass first, then double, redouble
    /// and the bids from lowest to highest. Empty once the auction is over.
    pub fn legal_calls(&self) -> Vec<Call> {
        let Some(player) = self.next_to_call() else {
            return Vec::new();
        };
        let mut calls = vec![Call::Pass];
        for call in [Call::Double, Call::Redouble] {
            if self.check(player, call).is_ok() {
                calls.push(call);
            }
        }
        let floor = self.standing().map(|s| s.bid);
        calls.extend(
            self.rules
                .bids()
                .into_iter()
                .filter(|&b| floor.is_none_or(|f| b > f))
                .map(Call::Bid),
        );
        calls
    }
}
