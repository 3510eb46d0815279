use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use crate::ParseError;

/// A seat at a four-handed partnership table, clockwise from North.
///
/// ```
/// use tenace_cards::{Seat, Side};
/// assert_eq!(Seat::West.lho(), Seat::North);
/// assert_eq!(Seat::North.rho(), Seat::West);
/// assert_eq!(Seat::East.partner(), Seat::West);
/// assert_eq!(Seat::South.side(), Side::NorthSouth);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Seat {
    /// North
    North = 0,
    /// East
    East = 1,
    /// South
    South = 2,
    /// West
    West = 3,
}

impl Seat {
    /// The seats in clockwise order from North.
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// The seat `index` places clockwise from North (modulo 4).
    pub const fn from_index(index: usize) -> Seat {
        Seat::ALL[index % 4]
    }

    /// 0 for North up to 3 for West.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat `n` places clockwise from this one.
    pub const fn offset(self, n: usize) -> Seat {
        Seat::from_index(self as usize + n)
    }

    /// Left-hand opponent: the next seat clockwise.
    pub const fn lho(self) -> Seat {
        self.offset(1)
    }

    /// Partner: the seat opposite.
    pub const fn partner(self) -> Seat {
        self.offset(2)
    }

    /// Right-hand opponent: the previous seat clockwise.
    pub const fn rho(self) -> Seat {
        self.offset(3)
    }

    /// The partnership this seat belongs to.
    pub const fn side(self) -> Side {
        if (self as u8).is_multiple_of(2) {
            Side::NorthSouth
        } else {
            Side::EastWest
        }
    }

    /// The one-letter name: `N E S W`.
    pub const fn letter(self) -> char {
        match self {
            Seat::North => 'N',
            Seat::East => 'E',
            Seat::South => 'S',
            Seat::West => 'W',
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Seat {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_uppercase().as_str() {
            "N" | "NORTH" => Ok(Seat::North),
            "E" | "EAST" => Ok(Seat::East),
            "S" | "SOUTH" => Ok(Seat::South),
            "W" | "WEST" => Ok(Seat::West),
            _ => Err(ParseError::Seat(s.into())),
        }
    }
}

crate::serde_via_str!(Seat);

/// A partnership: North-South or East-West.
///
/// ```
/// use tenace_cards::{Seat, Side};
/// assert_eq!(Side::EastWest.opponents(), Side::NorthSouth);
/// assert_eq!(Side::NorthSouth.seats(), [Seat::North, Seat::South]);
/// assert_eq!(Side::EastWest.to_string(), "EW");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Side {
    /// North and South.
    NorthSouth = 0,
    /// East and West.
    EastWest = 1,
}

impl Side {
    /// Both sides, North-South first.
    pub const BOTH: [Side; 2] = [Side::NorthSouth, Side::EastWest];

    /// The other side.
    pub const fn opponents(self) -> Side {
        match self {
            Side::NorthSouth => Side::EastWest,
            Side::EastWest => Side::NorthSouth,
        }
    }

    /// The two seats of this side.
    pub const fn seats(self) -> [Seat; 2] {
        match self {
            Side::NorthSouth => [Seat::North, Seat::South],
            Side::EastWest => [Seat::East, Seat::West],
        }
    }

    /// 0 for North-South, 1 for East-West.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::NorthSouth => "NS",
            Side::EastWest => "EW",
        })
    }
}

impl FromStr for Side {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_uppercase().as_str() {
            "NS" | "N-S" => Ok(Side::NorthSouth),
            "EW" | "E-W" => Ok(Side::EastWest),
            _ => Err(ParseError::Seat(s.into())),
        }
    }
}

crate::serde_via_str!(Side);

/// A value for each of the four seats.
///
/// ```
/// use tenace_cards::{BySeat, Seat};
/// let mut tricks = BySeat::<u8>::default();
/// tricks[Seat::South] += 1;
/// assert_eq!(tricks[Seat::South], 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    /// Builds a value for each seat from a function of the seat.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> Self {
        BySeat(Seat::ALL.map(&mut f))
    }

    /// The seats with their values, North first.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

/// A player at a table of 2 to 7, numbered from 0 in seating (clockwise) order.
///
/// Partnership games number North 0, East 1, South 2, West 3 (`From<Seat>`), and
/// print their players as seats; the other games print the number.
///
/// ```
/// use tenace_cards::{Player, Seat};
/// assert_eq!(Player::from(Seat::South), Player(2));
/// assert_eq!(Player(2).seat(), Some(Seat::South));
/// assert_eq!("5".parse::<Player>().unwrap(), Player(5));
/// assert!("05".parse::<Player>().is_err(), "only the canonical spelling names a player");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Player(pub u8);

impl Player {
    /// The most players any game seats.
    pub const MAX: usize = 7;

    /// The player's number as an index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next player clockwise at a table of `players`.
    pub const fn next(self, players: usize) -> Player {
        Player(((self.0 as usize + 1) % players) as u8)
    }

    /// The player `n` places clockwise at a table of `players`.
    pub const fn offset(self, n: usize, players: usize) -> Player {
        Player(((self.0 as usize + n) % players) as u8)
    }

    /// How this player is named at a table of `players`: the seat letter at a
    /// four-handed partnership table, otherwise the number.
    ///
    /// ```
    /// use tenace_cards::Player;
    /// assert_eq!(Player(1).label(4), "E");
    /// assert_eq!(Player(1).label(5), "1");
    /// ```
    pub fn label(self, players: usize) -> String {
        match self.seat() {
            Some(seat) if players == 4 => seat.to_string(),
            _ => self.0.to_string(),
        }
    }

    /// The seat of this player at a four-handed table, if the number is 0..=3.
    pub const fn seat(self) -> Option<Seat> {
        if self.0 < 4 {
            Some(Seat::from_index(self.0 as usize))
        } else {
            None
        }
    }
}

impl From<Seat> for Player {
    fn from(seat: Seat) -> Self {
        Player(seat as u8)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Player {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // Only the canonical spelling: `3`, not `03` or `+3`, so that every reader of a
        // player number (the engine, the CLI, the server) agrees on what names a player.
        match s.parse::<u8>() {
            Ok(n) if (n as usize) < Player::MAX && n.to_string() == s => Ok(Player(n)),
            _ => Err(ParseError::Player(s.into())),
        }
    }
}

crate::serde_via_str!(Player);

/// A value for each player at a table of 2 to 7.
///
/// ```
/// use tenace_cards::{ByPlayer, Player};
/// let mut bids = ByPlayer::new(5, None);
/// bids[Player(4)] = Some(2u8);
/// assert_eq!(bids.len(), 5);
/// assert_eq!(bids[Player(4)], Some(2));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct ByPlayer<T>(pub Vec<T>);

impl<T: Clone> ByPlayer<T> {
    /// `players` copies of `value`.
    pub fn new(players: usize, value: T) -> Self {
        ByPlayer(vec![value; players])
    }
}

impl<T> ByPlayer<T> {
    /// The number of players.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no players.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The players with their values, from player 0.
    pub fn iter(&self) -> impl Iterator<Item = (Player, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Player(i as u8), v))
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, player: Player) -> &T {
        &self.0[player.index()]
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, player: Player) -> &mut T {
        &mut self.0[player.index()]
    }
}
