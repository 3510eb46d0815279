//! Your legal actions as chips: the cursor moves over them, Enter or a click plays one.
//! Where each chip is drawn is one pure function, used both to draw and to map clicks.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::{Block, Borders, Paragraph};

/// Where each label's chip goes inside `area`, left to right and wrapping; labels that do
/// not fit are left out (their rectangles are empty).
pub fn chip_rects(area: Rect, labels: &[String]) -> Vec<Rect> {
    let (mut x, mut y) = (area.x, area.y);
    labels
        .iter()
        .map(|label| {
            let width = label.chars().count() as u16 + 2;
            if x + width > area.right() && x > area.x {
                x = area.x;
                y += 1;
            }
            if y >= area.bottom() || x + width > area.right() {
                return Rect::default();
            }
            let rect = Rect::new(x, y, width, 1);
            x += width + 1;
            rect
        })
        .collect()
}

/// How many rows the chips need at this width (their box's rule not counted).
pub fn rows_needed(width: u16, labels: &[String]) -> u16 {
    let rects = chip_rects(Rect::new(0, 0, width, u16::MAX / 2), labels);
    rects.iter().map(|r| r.bottom()).max().unwrap_or(0)
}

/// Draws the chips under a titled rule, the cursor's reversed; returns where they are.
pub fn draw_actions(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    labels: &[String],
    cursor: usize,
) -> Vec<Rect> {
    let block = Block::new().borders(Borders::TOP).title(title.to_string());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    if labels.is_empty() {
        frame.render_widget(Paragraph::new("(not your turn)"), inner);
        return Vec::new();
    }
    let rects = chip_rects(inner, labels);
    for (i, (label, rect)) in labels.iter().zip(&rects).enumerate() {
        if rect.is_empty() {
            continue;
        }
        let style = if i == cursor {
            Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        } else {
            Style::default()
        };
        frame.render_widget(Paragraph::new(format!("[{label}]")).style(style), *rect);
    }
    rects
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chips_wrap_and_stay_inside() {
        let labels: Vec<String> = ["SA", "SK", "1NT", "discard GC"].map(String::from).to_vec();
        let rects = chip_rects(Rect::new(0, 0, 12, 3), &labels);
        assert_eq!(rects[0], Rect::new(0, 0, 4, 1));
        assert_eq!(rects[1], Rect::new(5, 0, 4, 1));
        assert_eq!(rects[2].y, 1);
        assert_eq!(rects[3], Rect::new(0, 2, 12, 1));
    }
}
