//! The score sheet across the whole match, newest lines kept in view.

use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

/// The sheet's lines in a box of `height` rows (borders included): the last lines that fit,
/// the totals line always among them.
pub fn sheet(lines: &[String], height: u16) -> Paragraph<'static> {
    let room = usize::from(height.saturating_sub(2)).max(1);
    let skip = lines.len().saturating_sub(room);
    let shown: Vec<Line> = lines[skip..]
        .iter()
        .map(|l| Line::from(l.clone()))
        .collect();
    Paragraph::new(shown).block(Block::bordered().title(" Score sheet "))
}
