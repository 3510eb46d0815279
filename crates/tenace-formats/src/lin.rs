//! LIN, Bridge Base Online's hand-record format, read as Contract Bridge boards.
//!
//! A LIN text is a flat run of `key|value|` pairs, with no line structure of its own
//! (line breaks between pairs are ignored). One board reads like this:
//!
//! ```text
//! pn|Ann,Bob,Cat,Dan|st||md|3S…H…D…C…,S…,S…,|rh||ah|Board 1|sv|o|mb|1N|mb|2C!|an|Stayman|
//! mb|p|…|pc|SA|pc|S2|…|mc|9|pg||
//! ```
//!
//! - `pn`: the players, in the order **South, West, North, East**; a vugraph file gives
//!   eight names, the open room's four and then the closed room's.
//! - `md`: the deal. A digit names the dealer (1 South, 2 West, 3 North, 4 East), then
//!   the hands in the order South, West, North, East, separated by commas; each hand is
//!   suit letters (`S`, `H`, `D`, `C`), each followed by its ranks. The fourth hand may be
//!   left empty: it holds the cards the other three do not.
//! - `sv`: the vulnerability, `o` (or `0`) none, `n` North-South, `e` East-West, `b`
//!   both. `ah`: the board's heading, e.g. `Board 5`. `qx`: a vugraph board, `o5` or `c5`
//!   for board 5 in the open or closed room.
//! - `mb`: a call, `1c` … `7n`, `p`, `d`, `r`, in any case, `!` after it when alerted;
//!   `an`: the explanation of the call just made. `pc`: a card played, e.g. `SA`, `hT`.
//!   `mc`: a claim, declarer's total tricks.
//! - Every other key (`st`, `rh`, `pg`, `nt`, `vg`, `rs`, …) is commentary or display and
//!   is skipped, whatever its value.
//!
//! BBO publishes no specification; what this module reads was checked against real files
//! (the test data's README names them).
//!
//! [`parse_lin`] replays each board's calls and cards through the same rules a table
//! uses, as [`crate::pbn_board`] does for PBN, so a record that could not have happened is
//! refused with the rule's own words and the board and key at fault. [`record_info`] and
//! [`game_from_lin`] write a board back as a PBN game.

use std::fmt;

use tenace_cards::{BySeat, Card, CardSet, Deck, Player, Rank, Seat, Strain, Suit};
use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup, BridgeVariant, SetupError};
use tenace_rules::scoring::{board_dealer, board_vulnerability};
use tenace_rules::{Action, Bid, Call, Game, IllegalAction, Phase, Vulnerability};
use thiserror::Error;

use crate::pbn_export::{PbnExportError, RecordInfo, add_claim_and_notes, game_from_deal};
use crate::pbn_file::PbnGame;

/// The seats in LIN's order, for `pn` names, `md` hands and the dealer digit (1 to 4).
const LIN_SEATS: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

/// How many characters of a value an error quotes.
const QUOTED_CHARS: usize = 40;

/// The room of a vugraph board, from `qx`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LinRoom {
    /// The open room (`qx|o5|`).
    Open,
    /// The closed room (`qx|c5|`).
    Closed,
}

/// One LIN board: the deal with its auction and play replayed, and what the record says
/// beyond the moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinBoard {
    /// The board number: the number ending the `ah` heading (`Board 5`), otherwise the
    /// one in `qx` (`o5`).
    pub board: Option<u32>,
    /// The room, for a vugraph board (`qx` starting with `o` or `c`).
    pub room: Option<LinRoom>,
    /// The `ah` heading as written, e.g. `Board 5`.
    pub heading: Option<String>,
    /// The event: the first field of the file's `vg` line, if it has one.
    pub event: Option<String>,
    /// The players by seat, from the latest `pn` before the board (the closed room's four
    /// of eight names for a closed-room board); `None` where no name is given.
    pub players: BySeat<Option<String>>,
    /// The deal after every call and card the record gives: in the auction, in the play
    /// or finished.
    pub deal: BridgeDeal,
    /// The alerted and explained calls, by the 0-based index of the call in
    /// [`tenace_rules::Auction::calls`]: a call marked `!` has an entry (its text empty
    /// unless `an` explains it), and so does a call that `an` explains.
    pub alerts: Vec<(usize, String)>,
    /// Declarer's total tricks as the last `mc` claims them, when the recorded play does
    /// not finish the deal; the claim is not applied to the deal (the meaning of
    /// [`crate::pbn_board::PbnBoard::claimed_tricks`]).
    pub claimed_tricks: Option<u8>,
}

/// Where in a LIN text a fault is: the board, and the key with its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinPlace {
    /// The 1-based board of the text.
    pub board: usize,
    /// The board's `ah` heading, or its `qx` value when it has no heading.
    pub name: Option<String>,
    /// The key at fault, in lower case (`md`, `mb`, `pc`, …).
    pub key: String,
    /// The 1-based number of the key among all the text's keys.
    pub index: usize,
    /// The byte offset of the key in the text read (after URL decoding, for a link).
    pub offset: usize,
    /// The key's value, trimmed, its first 40 characters.
    pub value: String,
}

impl fmt::Display for LinPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LIN board {}", self.board)?;
        if let Some(name) = &self.name {
            write!(f, " ({name})")?;
        }
        write!(
            f,
            ", key {} #{} at byte {} {:?}",
            self.key, self.index, self.offset, self.value
        )
    }
}

/// Why a LIN text does not give playable boards, and where. The message starts with the
/// place, e.g. `LIN board 2 (Board 7), key mb #31 at byte 402 "8c": …`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LinError {
    /// No board at all: the text has no `md`, `qx`, `mb` or `pc` key.
    #[error("LIN: the text holds no board (no md key)")]
    NoBoard,
    /// A board without a deal.
    #[error("{at}: the board has no md key, and a playable board needs its deal")]
    NoDeal {
        /// The board's first key.
        at: Box<LinPlace>,
    },
    /// The `md` value cannot be read as a deal.
    #[error("{at}: {why}")]
    Deal {
        /// Where.
        at: Box<LinPlace>,
        /// What is wrong.
        why: String,
    },
    /// The rules refuse the deal (hand sizes, cards dealt twice).
    #[error("{at}: {source}")]
    Setup {
        /// Where (the `md` key).
        at: Box<LinPlace>,
        /// The rules' reasons.
        source: SetupError,
    },
    /// A value that cannot be read.
    #[error("{at}: the value is not {expected}")]
    Value {
        /// Where.
        at: Box<LinPlace>,
        /// What was expected.
        expected: &'static str,
    },
    /// The rules refuse a call.
    #[error("{at}: call {number} ({call} by {seat}) is refused: {source}")]
    Call {
        /// Where.
        at: Box<LinPlace>,
        /// The 1-based number of the call in the auction.
        number: usize,
        /// The seat whose turn it was.
        seat: Seat,
        /// The call.
        call: Call,
        /// The rule broken.
        source: IllegalAction,
    },
    /// The rules refuse a card.
    #[error("{at}: trick {trick}, {seat} playing {card} is refused: {source}")]
    Card {
        /// Where.
        at: Box<LinPlace>,
        /// The 1-based trick.
        trick: usize,
        /// The seat whose card was due (dummy's seat for dummy's card).
        seat: Seat,
        /// The card.
        card: Card,
        /// The rule broken.
        source: IllegalAction,
    },
    /// A call or card after the deal is over.
    #[error("{at}: {why}")]
    Over {
        /// Where.
        at: Box<LinPlace>,
        /// Why nothing more can be done.
        why: &'static str,
    },
    /// A claim that cannot be.
    #[error("{at}: a claim of {claimed} tricks cannot be: {why}")]
    Claim {
        /// Where (the `mc` key).
        at: Box<LinPlace>,
        /// Declarer's total tricks claimed.
        claimed: u32,
        /// Why not.
        why: String,
    },
}

impl LinError {
    /// Where the fault is (`None` for a text without boards).
    pub fn place(&self) -> Option<&LinPlace> {
        match self {
            LinError::NoBoard => None,
            LinError::NoDeal { at }
            | LinError::Deal { at, .. }
            | LinError::Setup { at, .. }
            | LinError::Value { at, .. }
            | LinError::Call { at, .. }
            | LinError::Card { at, .. }
            | LinError::Over { at, .. }
            | LinError::Claim { at, .. } => Some(at),
        }
    }
}

type Result<T> = std::result::Result<T, LinError>;

/// Reads every board of a LIN text: one board, a file of boards one after another, or a
/// vugraph file of `qx` boards; or a hand-viewer link holding `lin=` (its value is
/// percent-decoded first). The first board that cannot be played is the error; see
/// [`parse_lin_boards`] to keep the others.
///
/// A board starts at `qx`, at an `md` after the current board's deal, or at `ah` or `sv`
/// after the current board's calls or cards. Without `sv`, the vulnerability is the board
/// number's in the duplicate cycle (none when the number is not known); without the
/// dealer digit in `md`, the dealer is the board number's.
///
/// ```
/// use tenace_cards::Seat;
/// use tenace_formats::lin::{LinRoom, parse_lin};
/// use tenace_rules::Game;
///
/// let text = "qx|o7|pn|Sam,Wes,Nat,Eve|md|3S2345H2345D2345CA,S6789H6789D6789CK,\
///     STJQKHTJQKDTJQKCQ,|sv|b|mb|1C|mb|p|mb|p|mb|2D!|an|weak|mb|p|mb|p|mb|p|\
///     pc|SK|mc|9|";
/// let boards = parse_lin(text).unwrap();
/// let board = &boards[0];
/// assert_eq!((board.board, board.room), (Some(7), Some(LinRoom::Open)));
/// assert_eq!(board.players[Seat::North].as_deref(), Some("Nat"));
/// assert_eq!(board.deal.contract().unwrap().0.to_string(), "2D");
/// // West made the fourth call, alerted and explained; North led the king of spades.
/// assert_eq!(board.deal.contract().unwrap().1, Seat::West);
/// assert_eq!(board.alerts, [(3, "weak".to_string())]);
/// assert_eq!(board.deal.history().len(), 8);
/// assert_eq!(board.claimed_tricks, Some(9));
/// ```
pub fn parse_lin(text: &str) -> Result<Vec<LinBoard>> {
    let boards = parse_lin_boards(text);
    if boards.is_empty() {
        return Err(LinError::NoBoard);
    }
    boards.into_iter().collect()
}

/// Reads every board of a LIN text as [`parse_lin`] does, each board on its own: a board
/// that cannot be played is its error, and the boards after it are still read. Empty
/// when the text holds no board.
pub fn parse_lin_boards(text: &str) -> Vec<std::result::Result<LinBoard, LinError>> {
    let decoded = link_text(text);
    let text = decoded.as_deref().unwrap_or(text);
    let mut reader = Reader::default();
    for pair in pairs(text) {
        reader.take(pair);
    }
    reader.finish()
}

/// What a PBN game of this board says beyond its cards: the board number, the players
/// and the event, for [`game_from_deal`].
///
/// ```
/// use tenace_formats::lin::{parse_lin, record_info};
/// let boards = parse_lin("pn|Sam,Wes,Nat,Eve|md|1S2345H2345D2345CA,S6789H6789D6789CK,\
///     STJQKHTJQKDTJQKCQ,|ah|Board 3|").unwrap();
/// let info = record_info(&boards[0]);
/// assert_eq!(info.board, Some(3));
/// assert_eq!(info.players[tenace_cards::Seat::West].as_deref(), Some("Wes"));
/// ```
pub fn record_info(board: &LinBoard) -> RecordInfo {
    RecordInfo {
        event: board.event.clone(),
        board: board.board,
        players: board.players.clone(),
        ..RecordInfo::default()
    }
}

/// The board as a PBN game: [`game_from_deal`] with [`record_info`], and what that does
/// not carry of a LIN board: a claim, as the Result tag (declarer's tricks) that
/// [`crate::pbn_board::board_from_game`] reads back into `claimed_tricks`, and the alerts
/// with text, as auction notes.
///
/// ```
/// use tenace_formats::lin::{game_from_lin, parse_lin};
/// use tenace_formats::pbn_board::board_from_game;
/// use tenace_formats::pbn_file::{PbnFile, format_pbn_file, parse_pbn_file};
/// use tenace_rules::Game;
///
/// let lin = parse_lin("md|3S2345H2345D2345CA,S6789H6789D6789CK,STJQKHTJQKDTJQKCQ,|\
///     sv|o|mb|1N!|an|strong|mb|p|mb|p|mb|p|pc|C2|mc|7|").unwrap();
/// let game = game_from_lin(&lin[0]).unwrap();
/// let text = format_pbn_file(&PbnFile { games: vec![game], trailer: vec![] });
/// let pbn = board_from_game(&parse_pbn_file(&text).unwrap(), 0).unwrap();
/// assert_eq!(pbn.deal.history(), lin[0].deal.history());
/// assert_eq!(pbn.claimed_tricks, Some(7));
/// assert_eq!(pbn.auction_notes, [(0, "strong".to_string())]);
/// ```
pub fn game_from_lin(board: &LinBoard) -> std::result::Result<PbnGame, PbnExportError> {
    let mut game = game_from_deal(&board.deal, &record_info(board))?;
    add_claim_and_notes(&mut game, board.claimed_tricks, &board.alerts);
    Ok(game)
}

/// The LIN text of a hand-viewer link: what follows `lin=`, percent-decoded, up to the
/// link's next parameter. `None` when the text is LIN itself (no `lin=` before its first
/// `|`: a comment in a LIN file may quote a link).
fn link_text(text: &str) -> Option<String> {
    let start = text.find("lin=")?;
    if text.find('|').is_some_and(|bar| bar < start) {
        return None;
    }
    let rest = &text[start + "lin=".len()..];
    let end = rest.find(['&', '#']).unwrap_or(rest.len());
    Some(percent_decode(rest[..end].trim()))
}

/// Decodes `%XX` escapes and `+` (a space in a link's query); a `%` not followed by two
/// hexadecimal digits stays as it is, and bytes that are not UTF-8 become U+FFFD.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = match bytes[i..] {
            [b'%', high, low, ..] => hex_digit(high).zip(hex_digit(low)),
            _ => None,
        };
        match (escaped, bytes[i]) {
            (Some((high, low)), _) => {
                out.push(high * 16 + low);
                i += 3;
            }
            (None, b'+') => {
                out.push(b' ');
                i += 1;
            }
            (None, byte) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex_digit(byte: u8) -> Option<u8> {
    (byte as char).to_digit(16).map(|d| d as u8)
}

/// One `key|value|` pair of the text.
#[derive(Debug, Clone, Copy)]
struct Pair<'a> {
    /// The key, trimmed (case as written).
    key: &'a str,
    /// The value, untrimmed.
    value: &'a str,
    /// The 1-based number of the pair among those with a key.
    index: usize,
    /// The byte offset of the key.
    offset: usize,
}

impl Pair<'_> {
    /// The place of this pair in board `board`.
    fn place(&self, board: usize, name: Option<&str>) -> LinPlace {
        LinPlace {
            board,
            name: name.map(str::to_string),
            key: self.key.to_ascii_lowercase(),
            index: self.index,
            offset: self.offset,
            value: self.value.trim().chars().take(QUOTED_CHARS).collect(),
        }
    }
}

/// The pairs of a LIN text in order. Fields alternate key and value between `|`s; a key
/// is trimmed of the line breaks and spaces around it, and an empty key (as in `||||`)
/// is skipped with its value. A last key without its value has an empty one.
fn pairs(text: &str) -> impl Iterator<Item = Pair<'_>> {
    let mut fields = text.split('|').scan(0usize, |offset, field| {
        let start = *offset;
        *offset += field.len() + 1;
        Some((start, field))
    });
    let mut index = 0;
    std::iter::from_fn(move || {
        loop {
            let (start, raw) = fields.next()?;
            let value = fields.next().map_or("", |(_, v)| v);
            let key = raw.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
            if key.is_empty() {
                continue;
            }
            index += 1;
            let leading = raw.len()
                - raw
                    .trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
                    .len();
            let offset = start + leading;
            return Some(Pair {
                key,
                value,
                index,
                offset,
            });
        }
    })
}

/// A move of a board's record, with its pair.
#[derive(Debug, Clone, Copy)]
enum Move<'a> {
    /// `mb`: the value, possibly several calls (`1nppp`).
    Calls(Pair<'a>),
    /// `an`: the explanation of the call just made.
    Note(Pair<'a>),
    /// `pc`.
    Card(Pair<'a>),
    /// `mc`.
    Claim(Pair<'a>),
}

/// A board's pairs, gathered until the board ends, then replayed.
#[derive(Debug, Default)]
struct Gathered<'a> {
    /// The 1-based board number in the text.
    number: usize,
    first: Option<Pair<'a>>,
    qx: Option<&'a str>,
    heading: Option<&'a str>,
    sv: Option<Pair<'a>>,
    md: Option<Pair<'a>>,
    names: Vec<String>,
    moves: Vec<Move<'a>>,
}

impl<'a> Gathered<'a> {
    /// The board's name in messages: its heading, else its `qx` value.
    fn name(&self) -> Option<&'a str> {
        self.heading.or(self.qx).map(str::trim)
    }

    fn place(&self, pair: &Pair) -> Box<LinPlace> {
        Box::new(pair.place(self.number, self.name()))
    }
}

/// Reads pairs into boards.
#[derive(Debug, Default)]
struct Reader<'a> {
    boards: Vec<std::result::Result<LinBoard, LinError>>,
    current: Option<Gathered<'a>>,
    /// The names of the latest `pn`.
    names: Vec<String>,
    event: Option<String>,
    started: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, pair: Pair<'a>) {
        let key = pair.key.to_ascii_lowercase();
        match key.as_str() {
            "qx" => {
                let board = self.board_for(pair, |b| {
                    b.qx.is_some() || b.md.is_some() || !b.moves.is_empty()
                });
                board.qx = Some(pair.value);
            }
            "md" => self.board_for(pair, |b| b.md.is_some()).md = Some(pair),
            "ah" => self.board_for(pair, |b| !b.moves.is_empty()).heading = Some(pair.value),
            "sv" => self.board_for(pair, |b| !b.moves.is_empty()).sv = Some(pair),
            "mb" => self
                .board_for(pair, |_| false)
                .moves
                .push(Move::Calls(pair)),
            "an" => self.board_for(pair, |_| false).moves.push(Move::Note(pair)),
            "pc" => self.board_for(pair, |_| false).moves.push(Move::Card(pair)),
            "mc" => self
                .board_for(pair, |_| false)
                .moves
                .push(Move::Claim(pair)),
            "pn" => {
                // Eight names at most mean anything (two rooms of four); keeping no more
                // bounds what each board copies.
                let names = pair.value.split(',').take(8);
                self.names = names.map(|n| n.trim().to_string()).collect();
                // Names given before the board's moves are its own; after them, the next
                // board's.
                if let Some(board) = self.current.as_mut().filter(|b| b.moves.is_empty()) {
                    board.names = self.names.clone();
                }
            }
            "vg" => {
                let title = pair.value.split(',').next().unwrap_or("").trim();
                self.event = (!title.is_empty()).then(|| title.to_string());
            }
            // Display, commentary and keys not known: nothing to replay.
            _ => {}
        }
    }

    /// The board a pair belongs to: the current one, or a new one when there is none or
    /// `ends` says the pair cannot belong to the current one.
    fn board_for(&mut self, pair: Pair<'a>, ends: impl Fn(&Gathered) -> bool) -> &mut Gathered<'a> {
        if self.current.as_ref().is_some_and(&ends) {
            self.end_board();
        }
        let (names, started) = (&self.names, &mut self.started);
        self.current.get_or_insert_with(|| {
            *started += 1;
            Gathered {
                number: *started,
                first: Some(pair),
                names: names.clone(),
                ..Gathered::default()
            }
        })
    }

    fn end_board(&mut self) {
        if let Some(board) = self.current.take() {
            let built = build(&board, self.event.clone());
            self.boards.push(built);
        }
    }

    fn finish(mut self) -> Vec<std::result::Result<LinBoard, LinError>> {
        self.end_board();
        self.boards
    }
}

/// A gathered board replayed into a [`LinBoard`].
fn build(gathered: &Gathered, event: Option<String>) -> Result<LinBoard> {
    let Some(md) = gathered.md else {
        let first = gathered.first.as_ref().map(|p| gathered.place(p));
        // A board is opened by a pair, so it has a first; the fallback is for form.
        let at = first.unwrap_or_else(|| {
            Box::new(LinPlace {
                board: gathered.number,
                name: gathered.name().map(str::to_string),
                key: String::new(),
                index: 0,
                offset: 0,
                value: String::new(),
            })
        });
        return Err(LinError::NoDeal { at });
    };
    let (room, qx_number) = gathered.qx.map_or((None, None), read_qx);
    let board = gathered.heading.and_then(trailing_number).or(qx_number);
    let (dealer, hands) = read_deal(md.value, board).map_err(|why| LinError::Deal {
        at: gathered.place(&md),
        why,
    })?;
    let vulnerability = match gathered.sv {
        Some(sv) => read_vulnerability(sv.value).ok_or_else(|| LinError::Value {
            at: gathered.place(&sv),
            expected: "a vulnerability (o or 0 none, n NS, e EW, b both)",
        })?,
        None => None,
    };
    let vulnerability = vulnerability
        .or(board.map(board_vulnerability))
        .unwrap_or(Vulnerability::None);
    let setup = BridgeSetup {
        variant: BridgeVariant::Standard,
        hands,
        dealer,
        vulnerability,
        options: BridgeOptions::default(),
    };
    let deal = BridgeDeal::from_setup(setup).map_err(|source| LinError::Setup {
        at: gathered.place(&md),
        source,
    })?;
    let mut out = LinBoard {
        board,
        room,
        heading: gathered.heading.map(|h| h.trim().to_string()),
        event,
        players: players(&gathered.names, room),
        deal,
        alerts: Vec::new(),
        claimed_tricks: None,
    };
    replay(gathered, &mut out)?;
    Ok(out)
}

/// The room and board number of a `qx` value (`o5`, `c12`).
fn read_qx(value: &str) -> (Option<LinRoom>, Option<u32>) {
    let value = value.trim();
    let room = match value.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('o') => Some(LinRoom::Open),
        Some('c') => Some(LinRoom::Closed),
        _ => None,
    };
    (room, trailing_number(value))
}

/// The number a text ends with (`Board 12` → 12).
fn trailing_number(text: &str) -> Option<u32> {
    let text = text.trim();
    let digits = text.len() - text.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    text[text.len() - digits..].parse().ok()
}

/// The players of a board from `pn`'s names: the second four for a closed-room board
/// of a file naming eight.
fn players(names: &[String], room: Option<LinRoom>) -> BySeat<Option<String>> {
    let skip = if room == Some(LinRoom::Closed) && names.len() >= 8 {
        4
    } else {
        0
    };
    let mut players = BySeat::<Option<String>>::default();
    for (seat, name) in LIN_SEATS.iter().zip(names.iter().skip(skip)) {
        players[*seat] = (!name.is_empty()).then(|| name.clone());
    }
    players
}

/// The vulnerability of an `sv` value; `Some(None)` for an empty value (not given).
fn read_vulnerability(value: &str) -> Option<Option<Vulnerability>> {
    let vulnerability = match value.trim().to_ascii_lowercase().as_str() {
        "" => return Some(None),
        "o" | "0" | "-" | "none" => Vulnerability::None,
        "n" | "ns" => Vulnerability::NorthSouth,
        "e" | "ew" => Vulnerability::EastWest,
        "b" | "both" | "all" => Vulnerability::Both,
        _ => return None,
    };
    Some(Some(vulnerability))
}

/// The dealer and the four hands of an `md` value. The dealer digit may be missing when
/// the board number stands in for it.
fn read_deal(
    value: &str,
    board: Option<u32>,
) -> std::result::Result<(Seat, BySeat<CardSet>), String> {
    let value = value.trim();
    let (dealer, hands_text) = match value.chars().next() {
        Some(digit @ '1'..='4') => {
            let index = digit as usize - '1' as usize;
            (LIN_SEATS[index], &value[1..])
        }
        Some(c) if lin_suit(c).is_some() => {
            let dealer = board.map(board_dealer).ok_or(
                "the deal has no dealer digit (1 South, 2 West, 3 North, 4 East) and the \
                 board no number to take the dealer from",
            )?;
            (dealer, value)
        }
        _ => {
            return Err(
                "the deal starts with the dealer, a digit 1 (South), 2 (West), \
                 3 (North) or 4 (East)"
                    .to_string(),
            );
        }
    };
    let parts: Vec<&str> = hands_text.split(',').map(str::trim).collect();
    if parts.len() > 4 && parts[4..].iter().any(|p| !p.is_empty()) {
        return Err(format!(
            "the deal gives {} hands; LIN gives four (South, West, North, East)",
            parts.len()
        ));
    }
    let mut hands = BySeat::<Option<CardSet>>::default();
    let mut dealt = CardSet::EMPTY;
    for (&seat, text) in LIN_SEATS.iter().zip(&parts) {
        if text.is_empty() {
            continue;
        }
        let hand = read_hand(text, seat)?;
        if let Some(card) = (hand & dealt).lowest() {
            let other = LIN_SEATS
                .iter()
                .find(|s| hands[**s].is_some_and(|h| h.contains(card)))
                .map_or(String::new(), |s| format!(" and to {s}"));
            return Err(format!("{card} is dealt to {seat}{other}"));
        }
        dealt |= hand;
        hands[seat] = Some(hand);
    }
    Ok((dealer, complete_hands(hands, dealt)?))
}

/// The four hands, the missing one (if one is) completed from the cards not dealt.
fn complete_hands(
    hands: BySeat<Option<CardSet>>,
    dealt: CardSet,
) -> std::result::Result<BySeat<CardSet>, String> {
    let size = BridgeVariant::Standard.hand_size();
    let missing: Vec<Seat> = LIN_SEATS
        .into_iter()
        .filter(|s| hands[*s].is_none())
        .collect();
    match missing.as_slice() {
        [] => Ok(BySeat::from_fn(|s| hands[s].unwrap_or_default())),
        [fourth] => {
            // Only three full hands fix the fourth; a short or long one would pass its
            // fault to the completed hand.
            if let Some((seat, hand)) = LIN_SEATS
                .iter()
                .filter_map(|s| Some((*s, hands[*s]?)))
                .find(|(_, h)| h.len() != size)
            {
                return Err(format!(
                    "{seat} holds {} cards, not {size}, so the missing hand of {fourth} \
                     cannot be completed",
                    hand.len()
                ));
            }
            let mut complete = BySeat::from_fn(|s| hands[s].unwrap_or_default());
            complete[*fourth] = Deck::Standard.cards() - dealt;
            Ok(complete)
        }
        _ => Err(format!(
            "the deal gives {} of the four hands; a playable board needs at least three",
            4 - missing.len()
        )),
    }
}

/// A LIN suit letter, any case (only the four suits of Contract Bridge).
fn lin_suit(c: char) -> Option<Suit> {
    match c.to_ascii_uppercase() {
        'S' => Some(Suit::Spades),
        'H' => Some(Suit::Hearts),
        'D' => Some(Suit::Diamonds),
        'C' => Some(Suit::Clubs),
        _ => None,
    }
}

/// A LIN rank, any case: `A K Q J T 9 … 2`; `10` is read by the callers.
fn lin_rank(c: char) -> Option<Rank> {
    // `from_symbol` knows only the standard ranks; it takes either case.
    Rank::from_symbol(c)
}

/// One `md` hand: suit letters, each followed by its ranks (`SAK2HQJD7C9865`).
fn read_hand(text: &str, seat: Seat) -> std::result::Result<CardSet, String> {
    let mut hand = CardSet::EMPTY;
    let mut suit = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        if let Some(s) = lin_suit(c) {
            suit = Some(s);
            continue;
        }
        let rank = if c == '1' && chars.peek() == Some(&'0') {
            chars.next();
            Some(Rank::Ten)
        } else {
            lin_rank(c)
        };
        let Some(rank) = rank else {
            return Err(format!(
                "{c:?} in the hand of {seat} is neither a suit letter (S, H, D, C) nor a rank \
                 (A K Q J T 9 … 2)"
            ));
        };
        let Some(suit) = suit else {
            return Err(format!(
                "the hand of {seat} gives the rank {c:?} before any suit letter"
            ));
        };
        let card = Card::new(suit, rank);
        if !hand.insert(card) {
            return Err(format!("{card} appears twice in the hand of {seat}"));
        }
    }
    Ok(hand)
}

/// One `pc` card: a suit letter and a rank, any case (`SA`, `hT`, `d10`).
fn read_card(text: &str) -> Option<Card> {
    let text = text.trim();
    let mut chars = text.chars();
    let suit = lin_suit(chars.next()?)?;
    let rank = match chars.as_str() {
        "10" => Rank::Ten,
        rest => {
            let mut rest = rest.chars();
            let rank = lin_rank(rest.next()?)?;
            if rest.next().is_some() {
                return None;
            }
            rank
        }
    };
    Some(Card::new(suit, rank))
}

/// The calls of an `mb` value, each with whether it is alerted (`!`): one call, or
/// several run together as some files write a whole auction (`1nppp`). `None` when the
/// value is not calls.
fn read_calls(text: &str) -> Option<Vec<(Call, bool)>> {
    let chars: Vec<char> = text
        .trim()
        .chars()
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let mut calls = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (call, used) = match chars[i..] {
            ['p', ..] => (Call::Pass, 1),
            ['x', 'x', ..] => (Call::Redouble, 2),
            ['d', ..] | ['x', ..] => (Call::Double, 1),
            ['r', ..] => (Call::Redouble, 1),
            [level @ '1'..='7', strain, ..] => {
                let strain = match strain {
                    'n' => Strain::NoTrump,
                    other => Strain::Suit(lin_suit(other)?),
                };
                let level = level as u8 - b'0';
                // `1NT` as well as `1N`.
                let used = if strain == Strain::NoTrump && chars.get(i + 2) == Some(&'t') {
                    3
                } else {
                    2
                };
                (Call::Bid(Bid::new(level, strain)), used)
            }
            _ => return None,
        };
        i += used;
        let alerted = chars.get(i) == Some(&'!');
        if alerted {
            i += 1;
        }
        calls.push((call, alerted));
    }
    (!calls.is_empty()).then_some(calls)
}

/// Replays the board's moves into its deal, in the order written.
fn replay(gathered: &Gathered, out: &mut LinBoard) -> Result<()> {
    // The index of the call an `an` explains: the last move must have been a call.
    let mut explains: Option<usize> = None;
    let mut claim: Option<(u8, Pair)> = None;
    for step in &gathered.moves {
        match *step {
            Move::Calls(pair) => {
                let calls = read_calls(pair.value).ok_or_else(|| LinError::Value {
                    at: gathered.place(&pair),
                    expected: "a call (1c … 7n, p, d or r, with ! when alerted)",
                })?;
                for (call, alerted) in calls {
                    let index = out.deal.auction().calls().len();
                    apply_call(gathered, &pair, &mut out.deal, call)?;
                    if alerted {
                        out.alerts.push((index, String::new()));
                    }
                    explains = Some(index);
                }
            }
            Move::Note(pair) => {
                if let Some(index) = explains {
                    note_alert(&mut out.alerts, index, pair.value.trim());
                }
            }
            Move::Card(pair) => {
                explains = None;
                let card = read_card(pair.value).ok_or_else(|| LinError::Value {
                    at: gathered.place(&pair),
                    expected: "a card (a suit letter S, H, D or C and a rank, e.g. SA or hT)",
                })?;
                apply_card(gathered, &pair, &mut out.deal, card)?;
            }
            Move::Claim(pair) => {
                explains = None;
                let tricks = read_claim(gathered, &pair)?;
                claim = Some((tricks, pair));
            }
        }
    }
    if let Some((tricks, pair)) = claim {
        out.claimed_tricks = settle_claim(gathered, &pair, &out.deal, tricks)?;
    }
    Ok(())
}

/// Gives an `an` text to the call it explains: to that call's bare alert, or as an entry
/// of its own.
fn note_alert(alerts: &mut Vec<(usize, String)>, index: usize, text: &str) {
    match alerts.last_mut() {
        Some((i, existing)) if *i == index && existing.is_empty() => {
            *existing = text.to_string();
        }
        _ => alerts.push((index, text.to_string())),
    }
}

fn apply_call(gathered: &Gathered, pair: &Pair, deal: &mut BridgeDeal, call: Call) -> Result<()> {
    let Some(player) = deal.to_act().iter().next() else {
        return Err(over(gathered, pair, deal));
    };
    let number = deal.auction().calls().len() + 1;
    let seat = seat_to_act(deal).unwrap_or(Seat::North);
    deal.try_apply(player, Action::Call(call))
        .map(drop)
        .map_err(|source| LinError::Call {
            at: gathered.place(pair),
            number,
            seat,
            call,
            source,
        })
}

fn apply_card(gathered: &Gathered, pair: &Pair, deal: &mut BridgeDeal, card: Card) -> Result<()> {
    let Some(player) = deal.to_act().iter().next() else {
        return Err(over(gathered, pair, deal));
    };
    let trick = deal.play().map_or(0, |p| p.completed().len()) + 1;
    let seat = seat_to_act(deal).unwrap_or(Seat::North);
    deal.try_apply(player, Action::Card(card))
        .map(drop)
        .map_err(|source| LinError::Card {
            at: gathered.place(pair),
            trick,
            seat,
            card,
            source,
        })
}

/// The error for a move after the deal is over.
fn over(gathered: &Gathered, pair: &Pair, deal: &BridgeDeal) -> LinError {
    let why = if deal.is_passed_out() {
        "the deal was passed out, so nothing follows the four passes"
    } else {
        "every trick has been played, so nothing follows the last card"
    };
    LinError::Over {
        at: gathered.place(pair),
        why,
    }
}

/// The seat that acts next (for a card of dummy's, dummy's seat, not declarer's).
fn seat_to_act(deal: &BridgeDeal) -> Option<Seat> {
    match deal.play() {
        Some(play) if deal.phase() == Phase::Play => play.to_play().and_then(Player::seat),
        _ => deal.auction().next_to_call().and_then(Player::seat),
    }
}

/// An `mc` value: declarer's total tricks, 0 to 13.
fn read_claim(gathered: &Gathered, pair: &Pair) -> Result<u8> {
    let text = pair.value.trim();
    let tricks: u32 = text.parse().map_err(|_| LinError::Value {
        at: gathered.place(pair),
        expected: "a number of tricks (declarer's total, 0 to 13)",
    })?;
    let deck_tricks = BridgeVariant::Standard.hand_size() as u32;
    if tricks > deck_tricks {
        return Err(LinError::Claim {
            at: gathered.place(pair),
            claimed: tricks,
            why: format!("a deal has {deck_tricks} tricks"),
        });
    }
    Ok(tricks as u8)
}

/// The claim kept for the board: none once the play is finished (the cards tell the
/// result), otherwise checked against the tricks won and left.
fn settle_claim(
    gathered: &Gathered,
    pair: &Pair,
    deal: &BridgeDeal,
    tricks: u8,
) -> Result<Option<u8>> {
    let refuse = |why: String| LinError::Claim {
        at: gathered.place(pair),
        claimed: u32::from(tricks),
        why,
    };
    if deal.phase() == Phase::Finished && !deal.is_passed_out() {
        return Ok(None);
    }
    let (Some((_, declarer)), Some(play)) = (deal.contract(), deal.play()) else {
        let why = if deal.is_passed_out() {
            "the deal was passed out"
        } else {
            "the auction is not over, so there is no declarer"
        };
        return Err(refuse(why.to_string()));
    };
    let won: u8 = [declarer, declarer.partner()]
        .iter()
        .filter_map(|s| play.tricks_won().get(Player::from(*s).index()))
        .sum();
    let most = won + play.remaining();
    if tricks < won || tricks > most {
        return Err(refuse(format!(
            "declarer's side has won {won} tricks and {} remain, so its total is {won} to \
             {most}",
            play.remaining()
        )));
    }
    Ok(Some(tricks))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deal in LIN's order, South's hand first, North dealing, East's hand omitted.
    const MD: &str = "3S2345H2345D2345CA,S6789H6789D6789CK,STJQKHTJQKDTJQKCQ,";

    fn one(text: &str) -> LinBoard {
        let mut boards = parse_lin(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(boards.len(), 1);
        boards.remove(0)
    }

    fn error(text: &str) -> LinError {
        match parse_lin(text) {
            Ok(boards) => panic!("expected an error, got {} boards", boards.len()),
            Err(e) => e,
        }
    }

    #[test]
    fn pairs_skip_empty_keys_and_trim_line_breaks() {
        let found: Vec<(&str, &str, usize, usize)> = pairs("pn|a|st||\r\npg||\nmb|p")
            .map(|p| (p.key, p.value, p.index, p.offset))
            .collect();
        assert_eq!(
            found,
            [
                ("pn", "a", 1, 0),
                ("st", "", 2, 5),
                ("pg", "", 3, 11),
                ("mb", "p", 4, 16)
            ]
        );
        assert_eq!(pairs("||||||").count(), 0);
        assert_eq!(pairs("").count(), 0);
    }

    #[test]
    fn the_deal_is_read_in_lins_order_and_the_fourth_hand_completed() {
        let board = one(&format!("md|{MD}|"));
        let setup = board.deal.setup();
        assert_eq!(setup.dealer, Seat::North);
        let hand = |s: &str| s.parse::<CardSet>().unwrap();
        assert_eq!(setup.hands[Seat::South].len(), 13);
        assert!(setup.hands[Seat::South].is_superset(hand("S2 S3 S4 S5 CA")));
        assert!(setup.hands[Seat::West].is_superset(hand("S6 S9 CK")));
        assert!(setup.hands[Seat::North].is_superset(hand("ST SK CQ")));
        // East holds what is left: the aces of three suits and ten clubs.
        assert!(setup.hands[Seat::East].is_superset(hand("SA HA DA C2 CJ")));
        assert_eq!(setup.vulnerability, Vulnerability::None);
    }

    #[test]
    fn dealer_digits_and_vulnerabilities() {
        for (digit, dealer) in [('1', Seat::South), ('2', Seat::West), ('4', Seat::East)] {
            let md = format!("{digit}{}", &MD[1..]);
            assert_eq!(one(&format!("md|{md}|")).deal.setup().dealer, dealer);
        }
        for (sv, vul) in [
            ("o", Vulnerability::None),
            ("0", Vulnerability::None),
            ("n", Vulnerability::NorthSouth),
            ("E", Vulnerability::EastWest),
            ("b", Vulnerability::Both),
        ] {
            let board = one(&format!("md|{MD}|sv|{sv}|"));
            assert_eq!(board.deal.setup().vulnerability, vul, "sv {sv}");
        }
        // Without sv, the board number's place in the cycle: board 2 is NS, dealer East.
        let board = one(&format!("md|{}|ah|Board 2|", &MD[1..]));
        assert_eq!(board.deal.setup().vulnerability, Vulnerability::NorthSouth);
        assert_eq!(board.deal.setup().dealer, Seat::East);
    }

    #[test]
    fn calls_in_any_case_and_run_together() {
        let calls = |t: &str| {
            read_calls(t).map(|c| {
                c.iter()
                    .map(|(c, a)| format!("{c}{}", if *a { "!" } else { "" }))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
        };
        assert_eq!(calls("1c").as_deref(), Some("1C"));
        assert_eq!(calls("7N!").as_deref(), Some("7NT!"));
        assert_eq!(calls("1nt").as_deref(), Some("1NT"));
        assert_eq!(calls("D").as_deref(), Some("X"));
        assert_eq!(calls("r!").as_deref(), Some("XX!"));
        assert_eq!(calls("1nppp").as_deref(), Some("1NT P P P"));
        assert_eq!(calls("2d!dp").as_deref(), Some("2D! X P"));
        for bad in ["", "8c", "0n", "1x", "?", "pass", "1"] {
            assert_eq!(calls(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn cards_in_any_case() {
        for (text, card) in [
            ("sa", "SA"),
            ("HT", "HT"),
            ("d9", "D9"),
            ("c10", "CT"),
            (" Sk ", "SK"),
        ] {
            assert_eq!(read_card(text), Some(card.parse().unwrap()), "{text}");
        }
        for bad in ["", "s", "sa2", "r3", "xa", "s1", "s11"] {
            assert_eq!(read_card(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn malformed_deals_are_named() {
        let cases = [
            // A card twice in one hand, and in two hands.
            (
                "md|3SAA2345H2345D2345C,S6789H6789D6789CK,STJQKHTJQKDTJQKCQ,|",
                "SA appears twice",
            ),
            (
                "md|3SA2345H2345D2345C,SA789H6789D6789CK,STJQKHTJQKDTJQKCQ,|",
                "SA is dealt to W and to S",
            ),
            // A hand of 12 with the fourth omitted, and with all four given.
            (
                "md|3S2345H2345D2345C,S6789H6789D6789CK,STJQKHTJQKDTJQKCQ,|",
                "S holds 12 cards",
            ),
            (
                "md|3S2345H2345D2345C,S6789H6789D6789CK,STJQKHTJQKDTJQKCQ,SAHADAC23456789TJA|",
                "S holds 12 cards, not 13",
            ),
            (
                "md|3S2345H2345D2345CA,S6789H6789D6789CK,STJQKHTJQKDTJQKCQ,X|",
                "'X' in the hand of E",
            ),
            (
                "md|3S2345H2345D2345CA,S6789H6789D6789CK,|",
                "gives 2 of the four hands",
            ),
            (
                "md|5S2345H2345D2345CA,S6789H6789D6789CK,STJQKHTJQKDTJQKCQ,|",
                "a digit 1 (South)",
            ),
            (
                "md|3A2345H2345D2345CA,S6789H6789D6789CK,STJQKHTJQKDTJQKCQ,|",
                "before any suit letter",
            ),
            ("md|3,,,,,S2|", "the deal gives 6 hands"),
            (
                "md|S2345H2345D2345CA,S6789H6789D6789CK,STJQKHTJQKDTJQKCQ,|",
                "no dealer digit",
            ),
        ];
        for (text, words) in cases {
            let e = error(text).to_string();
            assert!(e.starts_with("LIN board 1, key md #1 at byte 0"), "{e}");
            assert!(e.contains(words), "{text}: {e}");
        }
    }

    #[test]
    fn a_board_without_a_deal_and_a_text_without_boards() {
        let e = error("pn|a,b,c,d|qx|o3|ah|Board 3|mb|1c|");
        assert!(matches!(e, LinError::NoDeal { .. }), "{e}");
        assert_eq!(
            e.to_string(),
            "LIN board 1 (Board 3), key qx #2 at byte 11 \"o3\": the board has no md key, \
             and a playable board needs its deal"
        );
        assert_eq!(error("pn|a,b,c,d|st||pg||"), LinError::NoBoard);
        assert_eq!(error(""), LinError::NoBoard);
        assert_eq!(error("||||"), LinError::NoBoard);
    }

    #[test]
    fn illegal_moves_meet_the_rules_words() {
        let base = format!("qx|o7|ah|Board 7|md|{MD}|");
        // North deals: 1C, then an insufficient 1C by East.
        let e = error(&format!("{base}mb|1c|mb|1c|"));
        let LinError::Call {
            at, number, seat, ..
        } = &e
        else {
            panic!("{e}")
        };
        assert_eq!(
            (at.key.as_str(), at.index, *number, *seat),
            ("mb", 5, 2, Seat::East)
        );
        assert!(
            e.to_string()
                .starts_with("LIN board 1 (Board 7), key mb #5"),
            "{e}"
        );
        // A card during the auction, and one not in the leader's hand.
        assert!(matches!(
            error(&format!("{base}mb|1c|pc|sa|")),
            LinError::Card { .. }
        ));
        let e = error(&format!("{base}mb|1c|mb|p|mb|p|mb|p|pc|s2|"));
        let LinError::Card { seat, trick, .. } = &e else {
            panic!("{e}")
        };
        assert_eq!((*seat, *trick), (Seat::East, 1), "{e}");
        // A call after a passed-out deal.
        let e = error(&format!("{base}mb|pppp|mb|1c|"));
        assert!(e.to_string().contains("passed out"), "{e}");
        // Values that are not calls or cards.
        assert!(matches!(
            error(&format!("{base}mb|8c|")),
            LinError::Value { .. }
        ));
        assert!(matches!(
            error(&format!("{base}mb|1c|mb|p|mb|p|mb|p|pc|zz|")),
            LinError::Value { .. }
        ));
        assert!(matches!(
            error(&format!("{base}sv|q|")),
            LinError::Value { .. }
        ));
    }

    #[test]
    fn claims_are_checked_against_the_play() {
        let auction = format!("md|{MD}|mb|1c|mb|p|mb|p|mb|p|");
        assert_eq!(one(&format!("{auction}mc|9|")).claimed_tricks, Some(9));
        assert_eq!(
            one(&format!("{auction}pc|sa|mc|0|")).claimed_tricks,
            Some(0)
        );
        let e = error(&format!("{auction}mc|14|"));
        assert!(
            e.to_string()
                .contains("a claim of 14 tricks cannot be: a deal has 13 tricks"),
            "{e}"
        );
        assert!(matches!(
            error(&format!("{auction}mc|x|")),
            LinError::Value { .. }
        ));
        assert!(matches!(
            error(&format!("md|{MD}|mb|1c|mc|5|")),
            LinError::Claim { .. }
        ));
        assert!(matches!(
            error(&format!("md|{MD}|mb|pppp|mc|5|")),
            LinError::Claim { .. }
        ));
    }

    #[test]
    fn a_claim_cannot_undo_tricks_won() {
        // North declares 1NT; East leads the ace of spades and wins; East cashes its aces.
        let mut text = format!("md|{MD}|mb|1n|mb|p|mb|p|mb|p|");
        for trick in ["sa|s2|s6|st", "ha|h2|h6|ht", "da|d2|d6|dt"] {
            for card in trick.split('|') {
                text.push_str(&format!("pc|{card}|"));
            }
        }
        // Declarer has won none of the three tricks played and ten remain.
        let e = error(&format!("{text}mc|11|"));
        assert!(
            e.to_string().contains("has won 0 tricks and 10 remain"),
            "{e}"
        );
        assert_eq!(one(&format!("{text}mc|10|")).claimed_tricks, Some(10));
    }

    #[test]
    fn alerts_and_their_explanations() {
        let board = one(&format!(
            "md|{MD}|mb|1c!|mb|p|an|explains the pass|mb|1h!|an|four hearts|\
             mb|p|nt|a comment|an|second text|mb|p|mb|p|pc|s6|an|after a card: skipped|"
        ));
        assert_eq!(
            board.alerts,
            [
                (0, String::new()),
                (1, "explains the pass".to_string()),
                (2, "four hearts".to_string()),
                (3, "second text".to_string()),
            ]
        );
    }

    #[test]
    fn boards_split_at_qx_md_and_headings() {
        let text = format!(
            "vg|Cup,Final,I,1,2,A,0,B,0|pn|s1,w1,n1,e1,s2,w2,n2,e2|\
             qx|o1|md|{MD}|sv|n|mb|p|qx|c1|md|{MD}|mb|1c|\
             pn|S,W,N,E|md|{MD}|ah|Board 9|mb|p|ah|Board 10|md|{MD}|"
        );
        let boards = parse_lin(&text).unwrap();
        assert_eq!(boards.len(), 4);
        let summary: Vec<_> = boards
            .iter()
            .map(|b| {
                (
                    b.board,
                    b.room,
                    b.players[Seat::South].clone(),
                    b.deal.history().len(),
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                (Some(1), Some(LinRoom::Open), Some("s1".to_string()), 1),
                (Some(1), Some(LinRoom::Closed), Some("s2".to_string()), 1),
                (Some(9), None, Some("S".to_string()), 1),
                (Some(10), None, Some("S".to_string()), 0),
            ]
        );
        assert_eq!(boards[0].event.as_deref(), Some("Cup"));
        assert_eq!(
            boards[0].deal.setup().vulnerability,
            Vulnerability::NorthSouth
        );
        // The second board has no sv: board 1 of the cycle is none vulnerable.
        assert_eq!(boards[1].deal.setup().vulnerability, Vulnerability::None);
    }

    #[test]
    fn links_are_decoded() {
        let link = format!(
            "handviewer.html?lin=pn%7CSam,Wes,Nat,Eve%7Cmd%7C{}%7Cah%7CBoard%204%7Cmb%7C1C%7C&other=1",
            MD.replace(',', "%2C")
        );
        let board = one(&link);
        assert_eq!(board.board, Some(4));
        assert_eq!(board.players[Seat::East].as_deref(), Some("Eve"));
        assert_eq!(board.deal.auction().calls().len(), 1);
        // A LIN file whose comment quotes a link is read as LIN.
        let board = one(&format!("md|{MD}|nt|see handviewer.html?lin=pn%7Cx|mb|p|"));
        assert_eq!(board.deal.auction().calls().len(), 1);
        assert_eq!(percent_decode("a%7c%2C+b%zz%"), "a|, b%zz%");
        assert_eq!(percent_decode("%ff"), "\u{fffd}");
    }

    #[test]
    fn trailing_numbers() {
        assert_eq!(trailing_number("Board 12"), Some(12));
        assert_eq!(trailing_number("o5"), Some(5));
        assert_eq!(trailing_number("Board"), None);
        assert_eq!(trailing_number("Board 99999999999"), None);
        assert_eq!(trailing_number("é"), None);
    }
}
