//! `tenace`: deal, score, simulate, drive the engine protocol and play, from the terminal.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod commands;

/// mimalloc rather than the system's allocator: a table server writes and frees many
/// small strings at every move (views, patches, messages), and with the system's
/// allocator a quarter of its CPU went to allocating and freeing. With mimalloc the load
/// example's tables take some 25% more moves a second (README, "Load").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// tenace: the engine for the bridge family of trick-taking games.
#[derive(Debug, Parser)]
#[command(
    name = "tenace",
    version,
    about = "tenace: deal, score, simulate, solve double dummy, speak the engine protocol and \
play the bridge family of card games.",
    long_about = None,
    propagate_version = true,
    after_help = "The rules of the five games, their options (the keys of --options) and the \
sections that error messages cite (\"RULES.md §3.1\") are in docs/RULES.md of the \
source repository. Each command's --help has examples."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Deal hands from a seed, one PBN deal string a line.
    Deal(commands::deal::DealArgs),
    /// Score one contract in duplicate, rubber or Chicago scoring.
    Score(commands::score::ScoreArgs),
    /// Play random legal deals to the end on every core, and summarise them.
    Sim(commands::sim::SimArgs),
    /// Solve deals double dummy: tables, par, opening leads, Devil's Bridge ranges.
    Solve(commands::solve::SolveArgs),
    /// Convert game records between PBN, LIN and the JSON record.
    Convert(commands::convert::ConvertArgs),
    /// Speak the engine protocol: JSON requests on stdin, one JSON response line each.
    Engine(commands::engine::EngineArgs),
    /// Play a whole match of any game against computer players, full screen.
    Play(commands::play::PlayArgs),
    /// Run the table server: people and computer players at tables, over HTTP and WebSockets.
    Serve(commands::serve::ServeArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Deal(args) => commands::deal::run(args),
        Command::Score(args) => commands::score::run(args),
        Command::Sim(args) => commands::sim::run(args),
        Command::Solve(args) => commands::solve::run(args),
        Command::Convert(args) => commands::convert::run(args),
        Command::Engine(args) => commands::engine::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Serve(args) => commands::serve::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tenace: {message}");
            ExitCode::from(2)
        }
    }
}
