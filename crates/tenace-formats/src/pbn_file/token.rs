//! Tokens of PBN section data, how they are told apart and how they are written.

use std::borrow::Cow;

/// One element of section data or commentary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token {
    /// An Auction call in export spelling: `Pass`, `X`, `XX`, `1C` … `7NT`.
    Call(String),
    /// A Play card in export spelling, suit then rank: `SA`, `HT`, `C2`.
    Card(String),
    /// `AP`: all the remaining players pass.
    AllPass,
    /// `-`: no call yet (auction) or a card not known or not played (play).
    Dash,
    /// `*`: the section ends here, incomplete.
    End,
    /// `+`: the next call or card, to be continued later (the rest claimed or omitted).
    Continue,
    /// `=N=`: a reference to the note with this index.
    NoteRef(u32),
    /// `$N`: a numeric annotation glyph.
    Nag(u32),
    /// `!`, `?`, `!!`, `??`, `!?`, `?!` after a call or card.
    Suffix(Suffix),
    /// `^I`, `^S`, `^R`, `^L`: an irregularity.
    Irregularity(Irregularity),
    /// Any other section token, as written (table elements, unknown calls).
    Word(String),
    /// A quoted string element, decoded.
    Text(String),
    /// Commentary.
    Comment(Comment),
    /// A `%` escape line: the text after the `%`.
    Escape(String),
}

/// A suffix annotation; the export format writes it as its NAG.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `!`
    Good,
    /// `?`
    Poor,
    /// `!!`
    VeryGood,
    /// `??`
    VeryPoor,
    /// `!?`
    Speculative,
    /// `?!`
    Questionable,
}

/// An irregularity marker (PBN 2.1 section 3.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Irregularity {
    /// `^I`: the next bid is insufficient.
    Insufficient,
    /// `^S`: a player skipped by a call out of rotation.
    Skipped,
    /// `^R`: the next card is a revoke.
    Revoke,
    /// `^L`: the next card is a lead out of turn.
    LeadOutOfTurn,
}

/// Commentary, text as written between the delimiters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Comment {
    /// `{ … }`, possibly over several lines (joined by `\n`); the text holds no `}`.
    Brace(String),
    /// `; …` to the end of the line; the text holds no line break.
    Line(String),
}

impl Suffix {
    /// Every suffix, in the order of their NAGs.
    pub const ALL: [Suffix; 6] = [
        Suffix::Good,
        Suffix::Poor,
        Suffix::VeryGood,
        Suffix::VeryPoor,
        Suffix::Speculative,
        Suffix::Questionable,
    ];

    /// The suffix as written.
    pub const fn symbol(self) -> &'static str {
        match self {
            Suffix::Good => "!",
            Suffix::Poor => "?",
            Suffix::VeryGood => "!!",
            Suffix::VeryPoor => "??",
            Suffix::Speculative => "!?",
            Suffix::Questionable => "?!",
        }
    }

    /// Its NAG: $1–$6 after a call, $7–$12 after a card.
    pub const fn nag(self, after_card: bool) -> u32 {
        let call = match self {
            Suffix::Good => 1,
            Suffix::Poor => 2,
            Suffix::VeryGood => 3,
            Suffix::VeryPoor => 4,
            Suffix::Speculative => 5,
            Suffix::Questionable => 6,
        };
        if after_card { call + 6 } else { call }
    }

    fn from_symbol(text: &str) -> Option<Suffix> {
        Suffix::ALL.into_iter().find(|s| s.symbol() == text)
    }
}

impl Irregularity {
    /// The letter after `^`.
    pub const fn letter(self) -> char {
        match self {
            Irregularity::Insufficient => 'I',
            Irregularity::Skipped => 'S',
            Irregularity::Revoke => 'R',
            Irregularity::LeadOutOfTurn => 'L',
        }
    }

    fn from_letter(c: char) -> Option<Irregularity> {
        match c.to_ascii_uppercase() {
            'I' => Some(Irregularity::Insufficient),
            'S' => Some(Irregularity::Skipped),
            'R' => Some(Irregularity::Revoke),
            'L' => Some(Irregularity::LeadOutOfTurn),
            _ => None,
        }
    }
}

impl Token {
    /// Whether this is section data rather than commentary or an escape line.
    pub fn is_data(&self) -> bool {
        !matches!(self, Token::Comment(_) | Token::Escape(_))
    }

    /// Whether this annotates the call or card before it.
    pub(crate) fn is_annotation(&self) -> bool {
        matches!(self, Token::NoteRef(_) | Token::Nag(_) | Token::Suffix(_))
    }

    /// Whether this fills one of a line's four places for calls or cards. `^I`, `^R` and
    /// `^L` stand before the call or card that takes the place; `^S` stands for a call.
    pub(crate) fn takes_place(&self) -> bool {
        match self {
            Token::Irregularity(i) => *i == Irregularity::Skipped,
            Token::End | Token::Comment(_) | Token::Escape(_) => false,
            t => !t.is_annotation(),
        }
    }

    /// The token as written in a file.
    pub fn text(&self) -> Cow<'_, str> {
        match self {
            Token::Call(s) | Token::Card(s) | Token::Word(s) => Cow::Borrowed(s),
            Token::AllPass => Cow::Borrowed("AP"),
            Token::Dash => Cow::Borrowed("-"),
            Token::End => Cow::Borrowed("*"),
            Token::Continue => Cow::Borrowed("+"),
            Token::NoteRef(n) => Cow::Owned(format!("={n}=")),
            Token::Nag(n) => Cow::Owned(format!("${n}")),
            Token::Suffix(s) => Cow::Borrowed(s.symbol()),
            Token::Irregularity(i) => Cow::Owned(format!("^{}", i.letter())),
            Token::Text(s) => Cow::Owned(format!("\"{}\"", encode_string(s))),
            Token::Comment(Comment::Brace(s)) => Cow::Owned(format!("{{{s}}}")),
            Token::Comment(Comment::Line(s)) => Cow::Owned(format!(";{s}")),
            Token::Escape(s) => Cow::Owned(format!("%{s}")),
        }
    }
}

/// Which section a run of characters is read in: calls, cards, or anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Auction,
    Play,
}

/// A run that is not a well-formed token, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BadToken {
    pub token: String,
    pub why: &'static str,
}

/// Characters of call and card tokens (PBN 2.1 section 3.2).
fn is_move_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-'
}

/// Characters that start a self-delimiting token inside a run.
fn starts_token(c: char) -> bool {
    is_move_char(c) || "=$!?*+^".contains(c)
}

/// Splits a run of section characters of an Auction or Play section into tokens:
/// `1S!=1=$3` is a call, a suffix, a note reference and a NAG.
pub(crate) fn split_moves(run: &str, mode: Mode) -> Result<Vec<Token>, BadToken> {
    let mut tokens = Vec::new();
    let mut rest = run;
    while let Some(c) = rest.chars().next() {
        let (token, len) = match c {
            '=' => note_ref(rest)?,
            '$' => nag(rest)?,
            '!' | '?' => suffix(rest),
            '*' => (Token::End, 1),
            '+' => (Token::Continue, 1),
            '^' => irregularity(rest)?,
            c if is_move_char(c) => {
                let len = prefix_len(rest, is_move_char);
                (classify_move(&rest[..len], mode), len)
            }
            _ => {
                let len = prefix_len(rest, |c| !starts_token(c));
                (Token::Word(rest[..len].to_string()), len)
            }
        };
        tokens.push(token);
        rest = &rest[len..];
    }
    Ok(tokens)
}

/// The byte length of the longest prefix whose characters satisfy `keep`.
fn prefix_len(text: &str, keep: impl Fn(char) -> bool) -> usize {
    text.find(|c| !keep(c)).unwrap_or(text.len())
}

fn note_ref(rest: &str) -> Result<(Token, usize), BadToken> {
    let bad = || BadToken {
        token: rest.to_string(),
        why: "a note reference is =<digits>=",
    };
    let close = rest[1..].find('=').ok_or_else(bad)? + 1;
    let index = parse_digits(&rest[1..close]).ok_or_else(bad)?;
    Ok((Token::NoteRef(index), close + 1))
}

fn nag(rest: &str) -> Result<(Token, usize), BadToken> {
    let len = 1 + prefix_len(&rest[1..], |c| c.is_ascii_digit());
    let value = parse_digits(&rest[1..len]).ok_or_else(|| BadToken {
        token: rest.to_string(),
        why: "a NAG is $<digits>",
    })?;
    Ok((Token::Nag(value), len))
}

fn suffix(rest: &str) -> (Token, usize) {
    let len = prefix_len(rest, |c| c == '!' || c == '?').min(2);
    // Every one- or two-character mix of '!' and '?' is one of the six suffixes.
    let suffix = Suffix::from_symbol(&rest[..len]).unwrap_or(Suffix::Good);
    (Token::Suffix(suffix), len)
}

fn irregularity(rest: &str) -> Result<(Token, usize), BadToken> {
    let letter = rest[1..].chars().next();
    match letter.and_then(Irregularity::from_letter) {
        Some(i) => Ok((Token::Irregularity(i), 2)),
        None => Err(BadToken {
            token: rest.to_string(),
            why: "an irregularity is ^I, ^S, ^R or ^L",
        }),
    }
}

/// Digits as a number; `None` if empty, not all digits, or too large.
pub(crate) fn parse_digits(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A run of call or card characters as a token of this section.
fn classify_move(text: &str, mode: Mode) -> Token {
    if text == "-" {
        return Token::Dash;
    }
    let upper = text.to_ascii_uppercase();
    match mode {
        Mode::Auction if upper == "AP" => Token::AllPass,
        Mode::Auction => match call_spelling(&upper) {
            Some(call) => Token::Call(call),
            None => Token::Word(text.to_string()),
        },
        Mode::Play if is_card(&upper) => Token::Card(upper),
        Mode::Play => Token::Word(text.to_string()),
    }
}

/// The export spelling of an upper-cased call, if it is one.
fn call_spelling(upper: &str) -> Option<String> {
    match upper {
        "PASS" => Some("Pass".into()),
        "X" | "XX" => Some(upper.into()),
        _ => is_bid(upper).then(|| upper.into()),
    }
}

/// `1C` … `7NT`, upper case.
pub(crate) fn is_bid(upper: &str) -> bool {
    let mut chars = upper.chars();
    matches!(chars.next(), Some('1'..='7')) && is_strain(chars.as_str())
}

/// `C D H S NT`, upper case.
pub(crate) fn is_strain(upper: &str) -> bool {
    matches!(upper, "C" | "D" | "H" | "S" | "NT")
}

/// A suit letter and a rank, upper case.
fn is_card(upper: &str) -> bool {
    let mut chars = upper.chars();
    matches!(
        (chars.next(), chars.next(), chars.next()),
        (Some('S' | 'H' | 'D' | 'C'), Some(r), None) if "AKQJT98765432".contains(r)
    )
}

/// Writes a string's content for between quotes: `"` as `\"` and `\` as `\\`, except
/// that a backslash before a digit stays single, because table headers are written
/// `Result\2R` in every file seen (and by the standard's own examples); reading this
/// back gives the same string, since the reader keeps a backslash that escapes nothing.
pub(crate) fn encode_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' if !chars.peek().is_some_and(char::is_ascii_digit) => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out
}
