//! Why a PBN file could not be read, and where.

use std::fmt;

use thiserror::Error;

use crate::pbn::PbnError;

/// Where a fault is: the game (1-based, counting games with tags), the line (1-based) and
/// the tag whose text is at fault, if the fault is inside or after a tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The 1-based game number.
    pub game: usize,
    /// The 1-based line number.
    pub line: usize,
    /// The tag at fault, if any.
    pub tag: Option<String>,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PBN game {}, line {}", self.game, self.line)?;
        match &self.tag {
            Some(tag) => write!(f, ", tag {tag}"),
            None => Ok(()),
        }
    }
}

/// Why a PBN file could not be read. The message starts with the place, e.g.
/// `PBN game 3, line 41, tag Deal: …`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PbnFileError {
    /// A `[` whose tag is not closed by `]`.
    #[error("{at}: the tag is not closed by ']'")]
    UnterminatedTag {
        /// Where.
        at: Location,
    },
    /// A string not closed by `"` on its line.
    #[error("{at}: the string is not closed by '\"' before the end of the line")]
    UnterminatedString {
        /// Where.
        at: Location,
    },
    /// A `{` with no `}` after it.
    #[error("{at}: the commentary opened by '{{' is never closed by '}}'")]
    UnterminatedComment {
        /// Where the comment opens.
        at: Location,
    },
    /// No tag name after `[`.
    #[error("{at}: expected a tag name (letters, digits, '_') after '[', found {found}")]
    TagName {
        /// Where.
        at: Location,
        /// What was there instead.
        found: String,
    },
    /// No quoted value after the tag name.
    #[error("{at}: expected the tag value as a quoted string, found {found}")]
    TagValue {
        /// Where.
        at: Location,
        /// What was there instead.
        found: String,
    },
    /// A `Deal` value the deal reader refuses.
    #[error("{at}: {source}")]
    Deal {
        /// Where.
        at: Location,
        /// The deal reader's reason.
        source: PbnError,
    },
    /// A tag given twice in one game (only `Note` may repeat).
    #[error("{at}: the tag appears twice in one game (first on line {first_line})")]
    DuplicateTag {
        /// Where the second one is.
        at: Location,
        /// The line of the first one.
        first_line: usize,
    },
    /// Two notes with one index in the same section.
    #[error("{at}: note {index} is explained twice in the {section} section")]
    DuplicateNote {
        /// Where the second one is.
        at: Location,
        /// The note index.
        index: u32,
        /// `auction`, `play`, or `identification`.
        section: &'static str,
    },
    /// A `Note` value that is not `<index>:<text>`.
    #[error("{at}: a Note value must be \"<index>:<text>\", found {value:?}")]
    NoteValue {
        /// Where.
        at: Location,
        /// The value found.
        value: String,
    },
    /// `#` or `##` on a tag the standard forbids it for (the game could not be played).
    #[error("{at}: the value {value:?} inherits, which PBN forbids for this tag")]
    ForbiddenInheritance {
        /// Where.
        at: Location,
        /// The value found.
        value: String,
    },
    /// A malformed token in an Auction or Play section.
    #[error("{at}: {token:?} is not a valid token ({why})")]
    Token {
        /// Where.
        at: Location,
        /// The text at fault.
        token: String,
        /// What was expected.
        why: &'static str,
    },
    /// A character that cannot stand where it is.
    #[error("{at}: unexpected {found:?} ({why})")]
    UnexpectedChar {
        /// Where.
        at: Location,
        /// The character.
        found: char,
        /// Why it cannot stand there.
        why: &'static str,
    },
    /// Section data before the game's first tag.
    #[error("{at}: {found:?} comes before any tag of the game")]
    DataBeforeTag {
        /// Where.
        at: Location,
        /// The text found.
        found: String,
    },
    /// A table column width too large to lay out.
    #[error("{at}: column width {width} is more than a PBN line's 255 characters")]
    ColumnWidth {
        /// Where.
        at: Location,
        /// The width as written.
        width: String,
    },
}

impl PbnFileError {
    /// Where the fault is.
    pub fn location(&self) -> &Location {
        match self {
            PbnFileError::UnterminatedTag { at }
            | PbnFileError::UnterminatedString { at }
            | PbnFileError::UnterminatedComment { at }
            | PbnFileError::TagName { at, .. }
            | PbnFileError::TagValue { at, .. }
            | PbnFileError::Deal { at, .. }
            | PbnFileError::DuplicateTag { at, .. }
            | PbnFileError::DuplicateNote { at, .. }
            | PbnFileError::NoteValue { at, .. }
            | PbnFileError::ForbiddenInheritance { at, .. }
            | PbnFileError::Token { at, .. }
            | PbnFileError::UnexpectedChar { at, .. }
            | PbnFileError::DataBeforeTag { at, .. }
            | PbnFileError::ColumnWidth { at, .. } => at,
        }
    }
}
