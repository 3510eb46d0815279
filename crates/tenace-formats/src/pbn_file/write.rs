//! Writing a PBN file in export format (PBN 2.1 sections 2.3, 3.3 to 3.6 and 5).

use std::borrow::Cow;
use std::collections::HashSet;

use tenace_cards::Seat;

use super::read::deal_text;
use super::table::{Column, MAX_LINE, columns, is_table, split_rows};
use super::token::{encode_string, is_bid, is_strain};
use super::{Comment, PbnFile, PbnGame, PbnTag, Section, Token};
use crate::pbn::parse_deal;

/// The export format's line end.
const EOL: &str = "\r\n";

/// The mandatory tag set, in the export format's order.
pub const MANDATORY_TAGS: [&str; 15] = [
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
];

/// How many calls or cards the export format puts on a line.
const PLACES_A_LINE: usize = 4;

/// Writes a file in PBN 2.1 export format, with CRLF line ends as the standard prescribes.
///
/// Each game gets the fifteen mandatory tags in order (`"?"` for one it lacks, unless an
/// earlier game gave it with `##`), then any notes given before the Auction and Play
/// tags, then Auction and its notes, Play and its notes, then
/// every other tag sorted by name; commentary stays with the tag it follows. Calls and
/// cards go four a line, a suffix becomes its NAG after any note reference, and table
/// rows are padded to their columns' widths. Values are written in export spelling
/// (`Dealer "N"`, `Vulnerable "None"`, `Contract "4SX"`, the deal starting with the
/// dealer). Games are separated by an empty line.
///
/// The model's strings must be as reading gives them: no line breaks in values, words or
/// line comments, no `}` in a brace comment. Reading what this writes and writing it
/// again gives the same bytes.
///
/// ```
/// use tenace_formats::pbn_file::{format_pbn_file, parse_pbn_file};
///
/// let file = parse_pbn_file("[Auction \"n\"]\n1s ! pass 2s =1= pass\n[Note \"1:weak\"]\n")?;
/// let text = format_pbn_file(&file);
/// assert!(text.ends_with("[Auction \"N\"]\r\n1S $1 Pass 2S =1= Pass\r\n[Note \"1:weak\"]\r\n"));
/// assert_eq!(format_pbn_file(&parse_pbn_file(&text)?), text);
/// # Ok::<(), tenace_formats::pbn_file::PbnFileError>(())
/// ```
pub fn format_pbn_file(file: &PbnFile) -> String {
    let mut out = String::new();
    // Tags given with `##` may be left out of later games, even in export format.
    let mut sticky = HashSet::new();
    // A game with no tags leads straight into the next: an empty line would end it.
    let mut leads_on = false;
    for game in &file.games {
        if game.tags.is_empty() && game.preamble.is_empty() {
            continue;
        }
        if !out.is_empty() && !leads_on {
            out.push_str(EOL);
        }
        write_asides(&mut out, &game.preamble);
        leads_on = game.tags.is_empty();
        write_tags(&mut out, game, &sticky);
        sticky.extend(
            game.tags
                .iter()
                .filter(|t| t.value.starts_with("##"))
                .map(|t| t.name.clone()),
        );
    }
    if !file.trailer.is_empty() {
        if !out.is_empty() && !leads_on {
            out.push_str(EOL);
        }
        write_asides(&mut out, &file.trailer);
    }
    out
}

/// One line, its inner line breaks (of multi-line commentary) as CRLF too.
fn push_line(out: &mut String, line: &str) {
    for (i, part) in line.split('\n').enumerate() {
        if i > 0 {
            out.push_str(EOL);
        }
        out.push_str(part);
    }
    out.push_str(EOL);
}

/// Commentary and escape lines, one a line.
fn write_asides(out: &mut String, tokens: &[Token]) {
    for token in tokens {
        push_line(out, &token.text());
    }
}

fn write_tags(out: &mut String, game: &PbnGame, sticky: &HashSet<String>) {
    if game.tags.is_empty() {
        return;
    }
    let dealer = game.value("Dealer").and_then(seat);
    for tag in export_order(game, sticky) {
        let value = export_value(&tag.name, &tag.value, dealer);
        push_line(
            out,
            &format!("[{} \"{}\"]", tag.name, encode_string(&value)),
        );
        match &tag.section {
            Section::Moves(tokens) => write_moves(out, tokens, tag.name == "Play"),
            Section::Rows(rows) => {
                let layout = is_table(&tag.name).then(|| table_layout(&value));
                write_rows(out, rows, layout.as_deref());
            }
        }
    }
}

/// A table's columns for laying out its rows. Widths the reader would refuse are clamped
/// to a line, since writing has no way to fail.
fn table_layout(value: &str) -> Vec<Column> {
    columns(value).unwrap_or_else(|_| {
        value
            .split(';')
            .map(|_| Column {
                width: MAX_LINE,
                right: false,
            })
            .collect()
    })
}

/// The tags in export order, with the missing mandatory ones as `"?"`.
fn export_order<'a>(game: &'a PbnGame, sticky: &HashSet<String>) -> Vec<Cow<'a, PbnTag>> {
    let mut placed = vec![false; game.tags.len()];
    let mut ordered = Vec::with_capacity(game.tags.len() + MANDATORY_TAGS.len());
    let mut place = |i: usize, ordered: &mut Vec<Cow<'a, PbnTag>>| {
        placed[i] = true;
        ordered.push(Cow::Borrowed(&game.tags[i]));
    };
    let first = |name: &str| game.tags.iter().position(|t| t.name == name);
    for name in MANDATORY_TAGS {
        match first(name) {
            Some(i) => place(i, &mut ordered),
            None if sticky.contains(name) => {}
            None => ordered.push(Cow::Owned(PbnTag::new(name, "?"))),
        }
    }
    let (before, auction_notes, play_notes) = notes_by_section(game);
    before.into_iter().for_each(|n| place(n, &mut ordered));
    for (section, notes) in [("Auction", auction_notes), ("Play", play_notes)] {
        if let Some(i) = first(section) {
            place(i, &mut ordered);
            notes.into_iter().for_each(|n| place(n, &mut ordered));
        }
    }
    let mut rest: Vec<usize> = (0..game.tags.len()).filter(|&i| !placed[i]).collect();
    rest.sort_by(|&a, &b| game.tags[a].name.cmp(&game.tags[b].name));
    ordered.extend(rest.into_iter().map(|i| Cow::Borrowed(&game.tags[i])));
    ordered
}

/// The indices of the notes before both the Auction and the Play tag, after the Auction
/// tag, and after the Play tag: a note explains the section it follows. Notes before
/// both (which the standard does not allow) stay before both, so that they keep that
/// place when read again.
fn notes_by_section(game: &PbnGame) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let (mut before, mut auction, mut play) = (Vec::new(), Vec::new(), Vec::new());
    let mut section = &mut before;
    for (i, tag) in game.tags.iter().enumerate() {
        match tag.name.as_str() {
            "Auction" => section = &mut auction,
            "Play" => section = &mut play,
            "Note" => section.push(i),
            _ => {}
        }
    }
    (before, auction, play)
}

/// A single seat letter, any case.
fn seat(value: &str) -> Option<Seat> {
    (value.len() == 1).then(|| value.parse().ok()).flatten()
}

/// A value in export spelling, where the tag has one; anything unrecognised is kept.
fn export_value<'a>(name: &str, value: &'a str, dealer: Option<Seat>) -> Cow<'a, str> {
    match name {
        "Dealer" | "Auction" | "Play" => seat_upper(value),
        "Declarer" => match value.strip_prefix('^') {
            Some(seat) => Cow::Owned(format!("^{}", seat_upper(seat))),
            None => seat_upper(value),
        },
        "Vulnerable" => vulnerability(value),
        "Contract" => contract(value),
        "Deal" => match parse_deal(value) {
            Ok(deal) => Cow::Owned(deal_text(&deal, dealer.unwrap_or(deal.first))),
            Err(_) => Cow::Borrowed(value),
        },
        _ => Cow::Borrowed(value),
    }
}

fn seat_upper(value: &str) -> Cow<'_, str> {
    match seat(value) {
        Some(seat) => Cow::Owned(seat.to_string()),
        None => Cow::Borrowed(value),
    }
}

/// The export format writes "None" and "All" (PBN 2.1 section 3.4.10).
fn vulnerability(value: &str) -> Cow<'_, str> {
    let export = match value.trim().to_ascii_lowercase().as_str() {
        "none" | "love" | "-" => "None",
        "ns" => "NS",
        "ew" => "EW",
        "all" | "both" => "All",
        _ => return Cow::Borrowed(value),
    };
    Cow::Borrowed(export)
}

/// `Pass`, or a contract upper case (`4sx` → `4SX`; an end position's bare strain too).
fn contract(value: &str) -> Cow<'_, str> {
    let upper = value.to_ascii_uppercase();
    if upper == "PASS" {
        return Cow::Borrowed("Pass");
    }
    let bare = upper.trim_end_matches('X');
    let risk = upper.len() - bare.len();
    if risk <= 2 && (is_bid(bare) || is_strain(bare)) {
        Cow::Owned(upper)
    } else {
        Cow::Borrowed(value)
    }
}

/// A line being filled with tokens separated by single spaces.
struct Line<'a> {
    out: &'a mut String,
    text: String,
}

impl<'a> Line<'a> {
    fn new(out: &'a mut String) -> Line<'a> {
        Line {
            out,
            text: String::new(),
        }
    }

    fn push(&mut self, token: &str) {
        if !self.text.is_empty() {
            self.text.push(' ');
        }
        self.text.push_str(token);
    }

    fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    fn end(&mut self) {
        if !self.text.is_empty() {
            push_line(self.out, &self.text);
            self.text.clear();
        }
    }
}

/// An Auction or Play section: four calls or cards a line, each followed by its note
/// reference and then its NAGs in increasing order; a `;` comment ends its line and an
/// escape has a line of its own.
fn write_moves(out: &mut String, tokens: &[Token], after_card: bool) {
    let mut line = Line::new(out);
    let mut places = 0;
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        if token.is_annotation() {
            let len = tokens[i..].iter().take_while(|t| t.is_annotation()).count();
            for text in annotations(&tokens[i..i + len], after_card) {
                line.push(&text);
            }
            i += len;
            continue;
        }
        match token {
            Token::Comment(Comment::Line(_)) | Token::Escape(_) => {
                if matches!(token, Token::Escape(_)) {
                    line.end();
                }
                line.push(&token.text());
                line.end();
                places = 0;
            }
            Token::Comment(Comment::Brace(_)) => line.push(&token.text()),
            _ => {
                if places >= PLACES_A_LINE && !line.is_empty() {
                    line.end();
                    places = 0;
                }
                line.push(&token.text());
                places += usize::from(token.takes_place());
            }
        }
        i += 1;
    }
    line.end();
}

/// A run of annotations in export order: note references, then NAGs in increasing
/// order, suffixes turned into their NAGs.
fn annotations(run: &[Token], after_card: bool) -> Vec<String> {
    let mut nags: Vec<u32> = run
        .iter()
        .filter_map(|t| match t {
            Token::Nag(n) => Some(*n),
            Token::Suffix(s) => Some(s.nag(after_card)),
            _ => None,
        })
        .collect();
    nags.sort_unstable();
    let notes = run.iter().filter(|t| matches!(t, Token::NoteRef(_)));
    notes
        .map(|t| t.text().into_owned())
        .chain(nags.into_iter().map(|n| format!("${n}")))
        .collect()
}

/// Rows one a line, a table's elements padded to their columns.
fn write_rows(out: &mut String, rows: &[Vec<Token>], columns: Option<&[Column]>) {
    for row in rows {
        let pieces = match columns {
            Some(c) => split_rows(row.clone(), c.len()),
            None => vec![row.clone()],
        };
        for piece in &pieces {
            for segment in segments(piece) {
                write_segment(out, segment, columns);
            }
        }
    }
}

/// A row cut where a line must end: after a `;` comment, and around an escape line.
fn segments(row: &[Token]) -> Vec<&[Token]> {
    let mut segments = Vec::new();
    let mut start = 0;
    for (i, token) in row.iter().enumerate() {
        match token {
            Token::Comment(Comment::Line(_)) => {
                segments.push(&row[start..=i]);
                start = i + 1;
            }
            Token::Escape(_) => {
                segments.push(&row[start..i]);
                segments.push(&row[i..=i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    segments.push(&row[start..]);
    segments.retain(|s| !s.is_empty());
    segments
}

fn write_segment(out: &mut String, segment: &[Token], columns: Option<&[Column]>) {
    let last_data = segment.iter().rposition(Token::is_data);
    let mut line = Line::new(out);
    let mut column = 0;
    for (i, token) in segment.iter().enumerate() {
        let text = token.text();
        if !token.is_data() {
            line.push(&text);
            continue;
        }
        let layout = columns
            .and_then(|c| c.get(column))
            .copied()
            .unwrap_or_default();
        column += 1;
        line.push(&pad(&text, layout, Some(i) == last_data));
    }
    line.end();
}

/// An element padded to its column's width; a left-aligned last element is not, so no
/// line ends in spaces it does not need.
fn pad(text: &str, column: Column, last: bool) -> String {
    let fill = column
        .width
        .min(MAX_LINE)
        .saturating_sub(text.chars().count());
    match (fill, column.right, last) {
        (0, _, _) | (_, false, true) => text.to_string(),
        (n, true, _) => format!("{}{text}", " ".repeat(n)),
        (n, false, false) => format!("{text}{}", " ".repeat(n)),
    }
}
