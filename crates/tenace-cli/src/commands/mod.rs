//! One module per subcommand. Each parses its raw arguments, resolves them into checked
//! values, and runs; errors come back as messages that name the argument at fault.

pub mod deal;
pub mod engine;
pub mod score;
pub mod sim;

/// The game names the commands accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GameName {
    /// Contract Bridge.
    Bridge,
}
