//! PBN 2.1 files: many games of tags, sections and commentary, read without loss and written
//! back in the standard's export format.
//!
//! This is the syntactic layer. It knows the shape of a PBN file — tag pairs, the Auction
//! and Play sections as tokens, tables as rows, commentary, `%` escape lines, the empty
//! lines between games — but judges no bridge: an auction may be illegal and a card may be
//! played twice. A later layer maps games to records. The one value it does check is the
//! `Deal` tag, through [`crate::pbn::parse_deal`], because a deal that cannot be read is
//! not worth carrying further.
//!
//! Reading is lenient where real files are sloppy (CRLF or LF, a byte-order mark, any
//! whitespace, tags in any order, lower-case ranks) and strict where a file is broken
//! (an unclosed tag, string or comment, an unreadable deal, a tag given twice in a game);
//! every error names the game, the line and the tag, see [`PbnFileError`].
//!
//! Writing follows the export format: the fifteen mandatory tags first, in the standard's
//! order and with `"?"` for a missing one, then the Auction and Play sections with their
//! notes, then every other tag in alphabetical order; four calls or cards a line; single
//! spaces between tokens; CRLF line ends, as the standard prescribes for export. Writing
//! what was read and reading it again gives the same bytes.
//!
//! ```
//! use tenace_formats::pbn_file::{format_pbn_file, parse_pbn_file, Section, Token};
//!
//! let text = "[Dealer \"n\"]\n[Deal \"N:akq.T98.765.5432 - - -\"]\n[Auction \"N\"]\n1NT Pass 3NT AP\n";
//! let file = parse_pbn_file(text)?;
//! let game = &file.games[0];
//! assert_eq!(game.value("Deal"), Some("N:AKQ.T98.765.5432 - - -"));
//! let auction = game.tag("Auction").unwrap();
//! assert_eq!(auction.section, Section::Moves(vec![
//!     Token::Call("1NT".into()), Token::Call("Pass".into()),
//!     Token::Call("3NT".into()), Token::AllPass,
//! ]));
//!
//! let written = format_pbn_file(&file);
//! assert!(written.starts_with("[Event \"?\"]\r\n[Site \"?\"]\r\n"));
//! assert!(written.contains("[Dealer \"N\"]\r\n"));
//! assert_eq!(format_pbn_file(&parse_pbn_file(&written)?), written);
//! # Ok::<(), tenace_formats::pbn_file::PbnFileError>(())
//! ```

mod error;
mod inherit;
mod read;
mod table;
mod token;
mod write;

#[cfg(test)]
mod tests;

pub use error::{Location, PbnFileError};
pub use inherit::resolve_game_tags;
pub use read::parse_pbn_file;
pub use token::{Comment, Irregularity, Suffix, Token};
pub use write::{MANDATORY_TAGS, format_pbn_file};

/// A whole PBN file: its games in file order, and any commentary after the last game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PbnFile {
    /// The games, each with at least one tag.
    pub games: Vec<PbnGame>,
    /// Commentary and escape lines ([`Token::Comment`], [`Token::Escape`]) in a group of
    /// their own at the end of the file, where no game follows to own them.
    pub trailer: Vec<Token>,
}

/// One game: what comes before its first tag, then its tags in file order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PbnGame {
    /// The 1-based line the game starts on in the text it was read from (0 if built in code).
    pub line: usize,
    /// Commentary and escape lines before the first tag (`% PBN 2.1`, `% EXPORT`, a
    /// comment on the whole game). Groups of these separated from the game by an empty
    /// line are gathered here too, since the standard gives no file header.
    pub preamble: Vec<Token>,
    /// The tags in file order, each with the data and commentary that follow it.
    pub tags: Vec<PbnTag>,
}

/// A tag pair, `[Name "Value"]`, and what follows it up to the next tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PbnTag {
    /// The tag name, case as written.
    pub name: String,
    /// The value with `\"` and `\\` decoded; a `Deal` value is normalised (upper case,
    /// ranks high to low). `#` and `##…` are kept as written: see [`resolve_game_tags`].
    pub value: String,
    /// The 1-based line of the tag's `[` (0 if built in code).
    pub line: usize,
    /// The section data and commentary after the tag.
    pub section: Section,
}

/// The data after a tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Section {
    /// The Auction and Play sections: one stream of tokens, whose line breaks carry no
    /// meaning; the writer lays them out four calls or cards a line.
    Moves(Vec<Token>),
    /// Any other tag: rows as they were read, one a line. For a table (a tag whose name
    /// ends in `Table`) a row is a line of the table; a line holding several whole rows
    /// is split into them.
    Rows(Vec<Vec<Token>>),
}

impl Default for Section {
    fn default() -> Self {
        Section::Rows(Vec::new())
    }
}

impl Section {
    /// Whether the section holds data beyond commentary and escape lines.
    pub fn has_data(&self) -> bool {
        match self {
            Section::Moves(tokens) => tokens.iter().any(Token::is_data),
            Section::Rows(rows) => rows.iter().flatten().any(Token::is_data),
        }
    }
}

impl PbnTag {
    /// A tag with no section data, as built in code.
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> PbnTag {
        PbnTag {
            name: name.into(),
            value: value.into(),
            line: 0,
            section: Section::default(),
        }
    }
}

impl PbnGame {
    /// The first tag with this name.
    pub fn tag(&self, name: &str) -> Option<&PbnTag> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The value of the first tag with this name, as written (no inheritance).
    pub fn value(&self, name: &str) -> Option<&str> {
        self.tag(name).map(|t| t.value.as_str())
    }
}

impl PbnFile {
    /// Every game's tags as `(name, value)` with `#` and `##` resolved, in game order.
    /// See [`resolve_game_tags`] for the rules.
    pub fn resolved_tags(&self) -> Vec<Vec<(String, String)>> {
        let mut state = inherit::Inheritance::default();
        self.games.iter().map(|g| state.resolve(g)).collect()
    }
}
