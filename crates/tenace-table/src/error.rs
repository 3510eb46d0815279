//! Why a command was refused: the field or rule at fault, and what is wrong with it.

use std::fmt;

/// A refused command. Nothing changed; `field` names the field or rule at fault and
/// `message` says why, never naming a card the sender may not see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableError {
    /// The field of the command (`seat`, `action`, `text`...) or the rule (`turn`,
    /// `undo`...) at fault.
    pub field: String,
    /// What is wrong, in words.
    pub message: String,
}

impl TableError {
    /// An error about `field`.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> TableError {
        TableError {
            field: field.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for TableError {}
