//! Double-dummy solver for the bridge family of card games.
//!
//! With every hand known, [`Solver`] finds the tricks each side takes with best play,
//! the value of each legal card, the strain by declarer table, and (in Contract Bridge)
//! the par score. Contract Bridge and Deuces Wild positions take a specialised path;
//! every other rule set the shared [`tenace_rules::trick::TrickRules`] hooks describe
//! (the Five Crowns joker, any number of hands from 2 to 7) takes a generic exact search.
//!
//! ```
//! use tenace_cards::{BySeat, Seat, Strain};
//! use tenace_solver::{Position, Solver};
//! let hands = BySeat([
//!     "SA SK S2".parse().unwrap(),
//!     "HA HK H2".parse().unwrap(),
//!     "SQ SJ S3".parse().unwrap(),
//!     "DA DK D2".parse().unwrap(),
//! ]);
//! let mut solver = Solver::new();
//! // North leads in spades: North-South take the three spade tricks.
//! let position = Position::bridge(&hands, Strain::Suit(tenace_cards::Suit::Spades), Seat::North);
//! assert_eq!(solver.tricks(&position).unwrap(), 3);
//! ```

mod bridge;
mod generic;
pub mod par;
mod position;
mod scored;
mod small_cards;
mod solver;
mod stop;
mod table;
mod targets;

pub use par::{Par, ParContract, par};
pub use position::{Position, Sides, SolveError};
pub use solver::{CardValue, DEFAULT_MEMORY, Range, RangeEnd, Solver, best_per_card};
pub use table::DdTable;
