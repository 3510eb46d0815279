//! Reading a PBN file: one pass over the text, no recursion, whatever its size.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::mem;

use tenace_cards::Seat;

use super::table::{columns, is_table, split_rows};
use super::token::{Mode, parse_digits, split_moves};
use super::{Comment, Location, PbnFile, PbnFileError, PbnGame, PbnTag, Section, Token};
use crate::pbn::{PbnDeal, PbnError, format_hand, parse_deal};

/// Tags whose value may not be `#` or `##…` (PBN 2.1 section 4.8): without them the game
/// could not be played.
const NO_INHERITANCE: [&str; 8] = [
    "Dealer",
    "Vulnerable",
    "Deal",
    "Declarer",
    "Contract",
    "Auction",
    "Play",
    "Note",
];

/// Reads a whole PBN file. Accepts LF, CRLF or CR line ends and a leading byte-order mark.
///
/// ```
/// use tenace_formats::pbn_file::parse_pbn_file;
///
/// let text = "% PBN 2.1\r\n[Board \"1\"]\r\n[Dealer \"N\"]\r\n\r\n[Board \"2\"]\r\n[Dealer \"E\"]\r\n";
/// let file = parse_pbn_file(text)?;
/// assert_eq!(file.games.len(), 2);
/// assert_eq!(file.games[1].value("Dealer"), Some("E"));
/// assert_eq!(file.games[1].line, 5);
///
/// let err = parse_pbn_file("[Board \"1\"]\n\n[Board \"2\"]\n[Deal \"N:AK\"]\n").unwrap_err();
/// assert!(err.to_string().starts_with("PBN game 2, line 4, tag Deal: "));
/// # Ok::<(), tenace_formats::pbn_file::PbnFileError>(())
/// ```
pub fn parse_pbn_file(text: &str) -> Result<PbnFile, PbnFileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Reader::new(&unify_line_ends(text)).read()
}

/// Every line end as `\n`, so that line numbers and commentary are the same whatever
/// system wrote the file.
fn unify_line_ends(text: &str) -> Cow<'_, str> {
    if text.contains('\r') {
        Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        Cow::Borrowed(text)
    }
}

/// Space within a line (the standard allows horizontal and vertical tabs).
pub(crate) fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{0b}' | '\u{0c}')
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Characters that end a run of section data: they start tags, commentary, strings and
/// escapes, or close what no run may close.
fn ends_run(c: char) -> bool {
    is_space(c) || "\n[]{};\"%".contains(c)
}

/// Section data before it is known which section it belongs to.
enum Raw {
    /// A run of section characters and its line, split into tokens when the tag closes.
    Run(String, usize),
    /// A token complete as read (a string, commentary, an escape line).
    Done(Token),
}

/// The tag whose section is being read, with its rows so far.
struct OpenTag {
    tag: PbnTag,
    rows: Vec<Vec<Raw>>,
    row: Vec<Raw>,
}

/// The game being read.
struct GameBuilder {
    number: usize,
    line: usize,
    preamble: Vec<Token>,
    tags: Vec<PbnTag>,
    open: Option<OpenTag>,
    seen: HashMap<String, usize>,
    notes: HashSet<(&'static str, u32)>,
    note_section: &'static str,
}

impl GameBuilder {
    fn new(number: usize) -> GameBuilder {
        GameBuilder {
            number,
            line: 0,
            preamble: Vec::new(),
            tags: Vec::new(),
            open: None,
            seen: HashMap::new(),
            notes: HashSet::new(),
            note_section: "identification",
        }
    }

    fn mark_start(&mut self, line: usize) {
        if self.line == 0 {
            self.line = line;
        }
    }
}

struct Reader<'a> {
    src: &'a str,
    pos: usize,
    line: usize,
    games: Vec<PbnGame>,
    game: GameBuilder,
}

impl<'a> Reader<'a> {
    fn new(src: &'a str) -> Reader<'a> {
        Reader {
            src,
            pos: 0,
            line: 1,
            games: Vec::new(),
            game: GameBuilder::new(1),
        }
    }

    fn read(mut self) -> Result<PbnFile, PbnFileError> {
        while self.pos < self.src.len() {
            if self.at_line_start() && self.line_start()? {
                continue;
            }
            self.step()?;
        }
        self.end_game()?;
        let trailer = mem::take(&mut self.game.preamble);
        Ok(PbnFile {
            games: self.games,
            trailer,
        })
    }

    // --- position -------------------------------------------------------------------

    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.pos += c.len_utf8();
            if c == '\n' {
                self.line += 1;
            }
        }
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.src.as_bytes()[self.pos - 1] == b'\n'
    }

    /// The rest of the current line, without its `\n`.
    fn rest_of_line(&self) -> &'a str {
        let rest = &self.src[self.pos..];
        &rest[..rest.find('\n').unwrap_or(rest.len())]
    }

    /// Moves past the current line and its `\n`.
    fn skip_line(&mut self) {
        self.pos += self.rest_of_line().len();
        self.bump();
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &'a str {
        let rest = &self.src[self.pos..];
        let len = rest.find(|c| !keep(c)).unwrap_or(rest.len());
        self.pos += len;
        &rest[..len]
    }

    /// Space and line breaks, which may separate the tokens of a tag pair.
    fn skip_blank(&mut self) {
        while matches!(self.peek(), Some(c) if is_space(c) || c == '\n') {
            self.bump();
        }
    }

    fn describe_next(&self) -> String {
        match self.peek() {
            Some(c) => format!("{c:?}"),
            None => "the end of the file".into(),
        }
    }

    fn location(&self, line: usize, tag: Option<&str>) -> Location {
        Location {
            game: self.game.number,
            line,
            tag: tag.map(str::to_string),
        }
    }

    /// A place in the current tag's section data (or before any tag).
    fn here(&self, line: usize) -> Location {
        let tag = self.game.open.as_ref().map(|o| o.tag.name.as_str());
        self.location(line, tag)
    }

    // --- the main loop ----------------------------------------------------------------

    /// What only counts in the first column: a semi-empty line ends the game; `%` starts
    /// an escape line. Returns whether the line was consumed.
    fn line_start(&mut self) -> Result<bool, PbnFileError> {
        let line = self.rest_of_line();
        if line.chars().all(is_space) {
            self.skip_line();
            self.end_game()?;
            return Ok(true);
        }
        if let Some(text) = line.strip_prefix('%') {
            let escape = Token::Escape(text.to_string());
            let at = self.line;
            self.skip_line();
            self.push_escape(escape, at);
            return Ok(true);
        }
        Ok(false)
    }

    fn step(&mut self) -> Result<(), PbnFileError> {
        let Some(c) = self.peek() else {
            return Ok(());
        };
        let line = self.line;
        match c {
            '\n' => {
                self.bump();
                self.end_row();
            }
            c if is_space(c) => self.bump(),
            '[' => self.read_tag()?,
            '{' => {
                let text = self.brace_comment()?;
                self.push_aside(Token::Comment(Comment::Brace(text)), line);
            }
            ';' => {
                self.bump();
                let text = self.take_while(|c| c != '\n').to_string();
                self.push_aside(Token::Comment(Comment::Line(text)), line);
            }
            '"' => {
                let tag = self.game.open.as_ref().map(|o| o.tag.name.clone());
                let text = self.string(tag.as_deref())?;
                self.push_data(Raw::Done(Token::Text(text)), line)?;
            }
            ']' | '}' | '%' => {
                return Err(PbnFileError::UnexpectedChar {
                    at: self.here(line),
                    found: c,
                    why: match c {
                        ']' => "it closes no tag",
                        '}' => "it closes no commentary",
                        _ => "'%' starts an escape line only in the first column",
                    },
                });
            }
            _ => {
                let run = self.take_while(|c| !ends_run(c)).to_string();
                self.push_data(Raw::Run(run, line), line)?;
            }
        }
        Ok(())
    }

    // --- tokens -----------------------------------------------------------------------

    /// A quoted string at the cursor, `\"` and `\\` decoded; any other backslash is kept
    /// (table headers write `Result\2R`).
    fn string(&mut self, tag: Option<&str>) -> Result<String, PbnFileError> {
        let line = self.line;
        self.bump();
        let mut text = String::new();
        loop {
            match self.peek() {
                None | Some('\n') => {
                    return Err(PbnFileError::UnterminatedString {
                        at: self.location(line, tag),
                    });
                }
                Some('"') => {
                    self.bump();
                    return Ok(text);
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('\\' | '"')) => {
                            text.push(c);
                            self.bump();
                        }
                        _ => text.push('\\'),
                    }
                }
                Some(c) => {
                    text.push(c);
                    self.bump();
                }
            }
        }
    }

    /// `{ … }` at the cursor, possibly over several lines; braces do not nest.
    fn brace_comment(&mut self) -> Result<String, PbnFileError> {
        let rest = &self.src[self.pos + 1..];
        let Some(end) = rest.find('}') else {
            return Err(PbnFileError::UnterminatedComment {
                at: self.here(self.line),
            });
        };
        let text = &rest[..end];
        self.line += text.matches('\n').count();
        self.pos += end + 2;
        Ok(text.to_string())
    }

    fn read_tag(&mut self) -> Result<(), PbnFileError> {
        let line = self.line;
        self.bump();
        self.skip_blank();
        let name = self.take_while(is_name_char).to_string();
        if name.is_empty() {
            return Err(PbnFileError::TagName {
                at: self.location(line, None),
                found: self.describe_next(),
            });
        }
        self.skip_blank();
        match self.peek() {
            Some('"') => {}
            None => {
                return Err(PbnFileError::UnterminatedTag {
                    at: self.location(line, Some(&name)),
                });
            }
            Some(_) => {
                return Err(PbnFileError::TagValue {
                    at: self.location(line, Some(&name)),
                    found: self.describe_next(),
                });
            }
        }
        let value = self.string(Some(&name))?;
        self.skip_blank();
        if self.peek() != Some(']') {
            return Err(PbnFileError::UnterminatedTag {
                at: self.location(line, Some(&name)),
            });
        }
        self.bump();
        self.open_tag(PbnTag {
            name,
            value,
            line,
            section: Section::default(),
        })
    }

    // --- building the game ------------------------------------------------------------

    /// Commentary or an escape: after a tag it belongs to the tag's section, before the
    /// first tag to the game's preamble.
    fn push_aside(&mut self, token: Token, line: usize) {
        match &mut self.game.open {
            Some(open) => open.row.push(Raw::Done(token)),
            None => {
                self.game.mark_start(line);
                self.game.preamble.push(token);
            }
        }
    }

    /// An escape line is a row of its own.
    fn push_escape(&mut self, token: Token, line: usize) {
        self.end_row();
        match &mut self.game.open {
            Some(open) => open.rows.push(vec![Raw::Done(token)]),
            None => self.push_aside(token, line),
        }
    }

    fn push_data(&mut self, raw: Raw, line: usize) -> Result<(), PbnFileError> {
        match &mut self.game.open {
            Some(open) => {
                open.row.push(raw);
                Ok(())
            }
            None => Err(PbnFileError::DataBeforeTag {
                at: self.location(line, None),
                found: match raw {
                    Raw::Run(text, _) => text,
                    Raw::Done(token) => token.text().into_owned(),
                },
            }),
        }
    }

    fn end_row(&mut self) {
        if let Some(open) = &mut self.game.open
            && !open.row.is_empty()
        {
            open.rows.push(mem::take(&mut open.row));
        }
    }

    fn open_tag(&mut self, mut tag: PbnTag) -> Result<(), PbnFileError> {
        self.close_tag()?;
        self.check_tag(&mut tag)?;
        self.game.mark_start(tag.line);
        self.game.open = Some(OpenTag {
            tag,
            rows: Vec::new(),
            row: Vec::new(),
        });
        Ok(())
    }

    /// The checks a tag gets on its own; the `Deal` value is normalised here.
    fn check_tag(&mut self, tag: &mut PbnTag) -> Result<(), PbnFileError> {
        let at = self.location(tag.line, Some(&tag.name));
        let inherits = tag.value == "#" || tag.value.starts_with("##");
        if inherits && NO_INHERITANCE.contains(&tag.name.as_str()) {
            return Err(PbnFileError::ForbiddenInheritance {
                at,
                value: tag.value.clone(),
            });
        }
        match tag.name.as_str() {
            "Note" => return self.check_note(tag),
            "Deal" => {
                tag.value = normalise_deal(&tag.value).map_err(|source| PbnFileError::Deal {
                    at: at.clone(),
                    source,
                })?;
            }
            "Auction" => self.game.note_section = "auction",
            "Play" => self.game.note_section = "play",
            name if is_table(name) => {
                columns(&tag.value).map_err(|width| PbnFileError::ColumnWidth {
                    at: at.clone(),
                    width,
                })?;
            }
            _ => {}
        }
        if let Some(first_line) = self.game.seen.insert(tag.name.clone(), tag.line) {
            return Err(PbnFileError::DuplicateTag { at, first_line });
        }
        Ok(())
    }

    /// A note is `<index>:<text>`, its index unique within its section.
    fn check_note(&mut self, tag: &PbnTag) -> Result<(), PbnFileError> {
        let at = self.location(tag.line, Some(&tag.name));
        let index = tag
            .value
            .split_once(':')
            .and_then(|(index, _)| parse_digits(index.trim()));
        let Some(index) = index else {
            return Err(PbnFileError::NoteValue {
                at,
                value: tag.value.clone(),
            });
        };
        let section = self.game.note_section;
        if !self.game.notes.insert((section, index)) {
            return Err(PbnFileError::DuplicateNote { at, index, section });
        }
        Ok(())
    }

    fn close_tag(&mut self) -> Result<(), PbnFileError> {
        let Some(mut open) = self.game.open.take() else {
            return Ok(());
        };
        if !open.row.is_empty() {
            open.rows.push(mem::take(&mut open.row));
        }
        open.tag.section = self.section(&open.tag, open.rows)?;
        self.game.tags.push(open.tag);
        Ok(())
    }

    /// The raw rows of a tag as its section: a token stream for Auction and Play, rows
    /// for the rest.
    fn section(&self, tag: &PbnTag, rows: Vec<Vec<Raw>>) -> Result<Section, PbnFileError> {
        let mode = match tag.name.as_str() {
            "Auction" => Mode::Auction,
            "Play" => Mode::Play,
            _ => return Ok(Section::Rows(plain_rows(tag, rows))),
        };
        let mut tokens = Vec::new();
        for raw in rows.into_iter().flatten() {
            match raw {
                Raw::Done(token) => tokens.push(token),
                Raw::Run(run, line) => {
                    let split = split_moves(&run, mode).map_err(|bad| PbnFileError::Token {
                        at: self.location(line, Some(&tag.name)),
                        token: bad.token,
                        why: bad.why,
                    })?;
                    tokens.extend(split);
                }
            }
        }
        Ok(Section::Moves(tokens))
    }

    /// Ends the game at a semi-empty line or the end of the file. A group with no tag
    /// (a header of escape lines, a comment) waits to lead the next game.
    fn end_game(&mut self) -> Result<(), PbnFileError> {
        self.close_tag()?;
        if self.game.tags.is_empty() {
            return Ok(());
        }
        let next = GameBuilder::new(self.game.number + 1);
        let done = mem::replace(&mut self.game, next);
        self.games.push(PbnGame {
            line: done.line,
            preamble: done.preamble,
            tags: done.tags,
        });
        Ok(())
    }
}

/// The rows of a tag other than Auction and Play: runs are words; a table's lines that
/// hold several rows are split into them.
fn plain_rows(tag: &PbnTag, rows: Vec<Vec<Raw>>) -> Vec<Vec<Token>> {
    let rows = rows.into_iter().map(|row| {
        row.into_iter()
            .map(|raw| match raw {
                Raw::Run(text, _) => Token::Word(text),
                Raw::Done(token) => token,
            })
            .collect::<Vec<_>>()
    });
    if is_table(&tag.name) {
        let columns = tag.value.split(';').count();
        rows.flat_map(|row| split_rows(row, columns)).collect()
    } else {
        rows.collect()
    }
}

/// A Deal value as the export format writes it: upper case, ranks high to low. An empty
/// or `?` value (unknown) is kept.
fn normalise_deal(value: &str) -> Result<String, PbnError> {
    if matches!(value.trim(), "" | "?") {
        return Ok(value.to_string());
    }
    let deal = parse_deal(value)?;
    Ok(deal_text(&deal, deal.first))
}

/// A deal string starting at `first`, `-` for an unknown hand.
pub(crate) fn deal_text(deal: &PbnDeal, first: Seat) -> String {
    let hands: Vec<String> = (0..4)
        .map(|i| deal.hands[first.offset(i)].map_or_else(|| "-".to_string(), format_hand))
        .collect();
    format!("{first}:{}", hands.join(" "))
}
