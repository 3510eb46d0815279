//! The terminal, always given back as it was found: raw mode off and the alternate screen
//! left on quit, on error (the guard's drop) and on panic (a hook that restores first).

use std::io::{self, Stdout};

use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

/// The full-screen terminal while the game runs.
pub struct Screen {
    terminal: Terminal<CrosstermBackend<Stdout>>,
    restored: bool,
}

/// Gives the terminal back; safe to call more than once.
fn restore() -> io::Result<()> {
    disable_raw_mode()?;
    execute!(io::stdout(), DisableMouseCapture, LeaveAlternateScreen)?;
    execute!(io::stdout(), crossterm::cursor::Show)
}

impl Screen {
    /// Takes the terminal: raw mode, the alternate screen, mouse clicks; and a panic hook
    /// that gives it back before the panic message is printed.
    pub fn enter() -> io::Result<Screen> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = restore();
            previous(info);
        }));
        enable_raw_mode()?;
        let setup = execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)
            .and_then(|()| Terminal::new(CrosstermBackend::new(io::stdout())));
        match setup {
            Ok(terminal) => Ok(Screen {
                terminal,
                restored: false,
            }),
            Err(e) => {
                let _ = restore();
                Err(e)
            }
        }
    }

    /// Draws a frame.
    pub fn draw(&mut self, draw: impl FnOnce(&mut ratatui::Frame)) -> io::Result<()> {
        self.terminal.draw(draw).map(|_| ())
    }

    /// Gives the terminal back, reporting any failure.
    pub fn leave(mut self) -> io::Result<()> {
        self.restored = true;
        restore()
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        if !self.restored {
            let _ = restore();
        }
    }
}
