//! Keys and mouse clicks into what the player meant. Command keys are lower-case letters
//! that no notation starts with when typed in capitals, so `h` asks a hint while `HT`
//! (shift-h) types the ten of hearts; once something is typed, every letter is typed.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Position;

use super::app::Intent;
use super::render::ClickTargets;

/// The intent of a terminal event; `typing` says whether something is typed already,
/// and `targets` where the legal actions and the cards are on screen, for a click.
pub fn intent_for(event: &Event, typing: bool, targets: &ClickTargets) -> Option<Intent> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => intent_for_key(key, typing),
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
            let at = Position::new(mouse.column, mouse.row);
            let chip = targets.chips.iter().position(|r| r.contains(at));
            let card = targets.cards.iter().find(|(r, _)| r.contains(at));
            chip.map(Intent::PlayIndex)
                .or(card.map(|&(_, card)| Intent::PlayCard(card)))
        }
        _ => None,
    }
}

/// The intent of a key.
pub fn intent_for_key(key: &KeyEvent, typing: bool) -> Option<Intent> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return matches!(key.code, KeyCode::Char('c')).then_some(Intent::Quit);
    }
    Some(match key.code {
        KeyCode::Right | KeyCode::Down | KeyCode::Tab => Intent::CursorNext,
        KeyCode::Left | KeyCode::Up | KeyCode::BackTab => Intent::CursorPrev,
        KeyCode::Enter => Intent::Submit,
        KeyCode::PageDown => Intent::PageDown,
        KeyCode::PageUp => Intent::PageUp,
        KeyCode::Backspace => Intent::Backspace,
        KeyCode::Esc => Intent::Escape,
        KeyCode::Char(c) if !typing => match c {
            'u' => Intent::Undo,
            'h' => Intent::Hint,
            'r' => Intent::Review,
            'n' => Intent::NextDeal,
            'q' => Intent::Quit,
            ' ' => return None,
            c => Intent::Type(c),
        },
        KeyCode::Char(c) => Intent::Type(c),
        _ => return None,
    })
}

/// The help line of the keys: short enough for 80 columns beside what is typed.
pub const KEY_HELP: &str = "←→ choose, Enter plays · u undo · h hint · n next · r review · q quit";

#[cfg(test)]
mod tests {
    use ratatui::layout::Rect;

    use super::*;

    fn key(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
    }

    #[test]
    fn command_letters_act_only_before_typing() {
        assert_eq!(intent_for_key(&key('h'), false), Some(Intent::Hint));
        assert_eq!(intent_for_key(&key('H'), false), Some(Intent::Type('H')));
        assert_eq!(intent_for_key(&key('h'), true), Some(Intent::Type('h')));
        assert_eq!(intent_for_key(&key('d'), false), Some(Intent::Type('d')));
    }

    #[test]
    fn a_click_on_a_chip_plays_it() {
        let targets = ClickTargets {
            chips: vec![Rect::new(0, 0, 4, 1), Rect::new(5, 0, 4, 1)],
            cards: vec![(Rect::new(0, 5, 1, 1), "SA".parse().expect("card"))],
            review_scroll_max: None,
        };
        let click = Event::Mouse(crossterm::event::MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 6,
            row: 0,
            modifiers: KeyModifiers::NONE,
        });
        assert_eq!(
            intent_for(&click, false, &targets),
            Some(Intent::PlayIndex(1))
        );
        let on_card = Event::Mouse(crossterm::event::MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 0,
            row: 5,
            modifiers: KeyModifiers::NONE,
        });
        assert_eq!(
            intent_for(&on_card, false, &targets),
            Some(Intent::PlayCard("SA".parse().expect("card")))
        );
    }
}
