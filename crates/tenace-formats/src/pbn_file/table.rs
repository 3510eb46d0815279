//! Tables (PBN 2.1 chapter 5): the column header in the tag value, and rows.

use super::Token;

/// The standard's longest line, which also bounds a column's width.
pub(crate) const MAX_LINE: usize = 255;

/// A column's layout from its header, `Name\4R`: at least 4 characters, right-aligned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Column {
    pub width: usize,
    pub right: bool,
}

/// Whether a tag's data is a table. The standard's tables all end in `Table`
/// (`OptimumResultTable`, `ScoreTable`, …), and so do the user-defined ones seen in files.
pub(crate) fn is_table(name: &str) -> bool {
    name.ends_with("Table")
}

/// The columns a table's tag value declares, `;`-separated. A width that cannot be read
/// comes back as `Err` with its text.
pub(crate) fn columns(value: &str) -> Result<Vec<Column>, String> {
    value.split(';').map(column).collect()
}

fn column(spec: &str) -> Result<Column, String> {
    let Some((_, layout)) = spec.split_once('\\') else {
        return Ok(Column::default());
    };
    let digits_len = layout
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(layout.len());
    let digits = &layout[..digits_len];
    let width = match digits {
        "" => 0,
        d => d
            .parse::<usize>()
            .ok()
            .filter(|w| *w <= MAX_LINE)
            .ok_or_else(|| d.to_string())?,
    };
    let right = layout[digits_len..].starts_with(['R', 'r']);
    Ok(Column { width, right })
}

/// Splits a line that holds several whole rows of a table with this many columns into
/// those rows (import format allows any number of elements a line; export gives one row
/// a line). A line with commentary, or whose elements are not a multiple of the columns,
/// is kept as it is.
pub(crate) fn split_rows(row: Vec<Token>, columns: usize) -> Vec<Vec<Token>> {
    let whole_rows = columns > 0
        && row.len() > columns
        && row.len().is_multiple_of(columns)
        && row.iter().all(Token::is_data);
    if whole_rows {
        row.chunks(columns).map(<[Token]>::to_vec).collect()
    } else {
        vec![row]
    }
}
