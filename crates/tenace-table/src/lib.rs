//! A table of the bridge family as a synchronous library, with no I/O and no runtime: its
//! setup, seats, the match, computer players' turns, undo, claims, chat and the per-viewer views.
//!
//! The table is event-sourced (DESIGN.md, "Server, store, web"): an actor's [`Command`] is
//! checked against the state by [`Table::check`], which changes nothing and returns the
//! [`Event`] recording it, or a [`TableError`] naming the field or rule at fault; only
//! [`Table::apply`] changes the table. The server stores each event before applying it, and
//! [`Table::replay`] rebuilds a table from its setup and its stored events, exactly: a
//! computer player's choice is an event too, never recomputed.
//!
//! A view ([`Table::view_for`]) is built only from the engine's observation for a seated
//! player and from the public view for a spectator, so a table screen shows nothing its
//! viewer may not see.
//!
//! ```
//! use tenace_table::{Actor, Command, Settings, Table, TableSetup, Viewer};
//!
//! let setup = TableSetup::new("bridgette", None, None, 7, Settings::default()).unwrap();
//! let mut table = Table::new(setup, 1).unwrap();
//! let ada = Actor::Player { id: 1, name: "Ada".into() };
//! let sit = table.check(&ada, &Command::Sit { seat: "0".into() }).unwrap();
//! table.apply(&sit).unwrap();
//! let bot = table.check(&ada, &Command::Bot { seat: "1".into(), level: Some("basic".into()) }).unwrap();
//! table.apply(&bot).unwrap();
//! assert!(table.is_started());
//! let view = table.view_for(Viewer::Player(1), &|_| true);
//! assert_eq!(view["viewer"]["seat"], "0");
//! assert_eq!(view["version"], 2);
//! ```

mod calls;
mod claim;
mod error;
mod event;
mod game;
mod hint;
pub mod record;
pub mod review;
mod setup;
mod table;
mod view;

pub use calls::{ACTION_PLACEHOLDER, Refusals};
pub use claim::PendingClaim;
pub use error::TableError;
pub use event::{Actor, Command, Event, PlayerKey};
pub use game::TableMatch;
pub use hint::{Hint, HintTurn};
pub use setup::{GAMES, GameOptions, MAX_PACING_MS, MAX_THINK_MS, MatchKind, Settings, TableSetup};
pub use table::{
    BotNote, BotTurn, CHAT_KEPT, ChatLine, MAX_CHAT_CHARS, Occupant, PendingUndo, Table,
};
pub use tenace_bots::Level;
pub use view::{ViewCache, ViewParts, Viewer, Views, join_objects};

#[cfg(test)]
mod test_tables;
#[cfg(test)]
mod tests;
