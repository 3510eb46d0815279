//! `tenace play`: a whole match of any of the five games in the terminal, against
//! computer players. The arguments are resolved here, then a small loop reads events,
//! hands them to the [`app::App`] and draws it; everything else is testable without a
//! terminal.

pub mod app;
pub mod files;
pub mod input;
pub mod opponent;
pub mod render;
pub mod review;
pub mod table;
mod terminal;

#[cfg(test)]
mod app_tests;
#[cfg(test)]
mod leak_tests;

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use crossterm::event;
use tenace_cards::{Player, Seat};
use tenace_rules::bridge::BridgeMatch;
use tenace_rules::bridgette::BridgetteMatch;
use tenace_rules::devils_bridge::DevilsMatch;

use super::GameName;
use app::App;
use opponent::Level;
use render::glyphs::Glyphs;
use table::OnScreen;
use table::PlayMatch;

/// Play a whole match against computer players, full screen.
#[derive(Debug, Args)]
#[command(after_help = "Examples:
  tenace play --game bridge --seed 7
  tenace play --game bridge --options '{\"scoring\":\"rubber\"}' --seat N
  tenace play --game five-crowns --seed 3
  tenace play --game devils-bridge --players 5 --seat 2
  tenace play --game bridgette --seed 11
  tenace play --game bridge --level expert --think-ms 500
  tenace play --game five-crowns --ascii
  tenace play --game devils-bridge --save game.json
  tenace play --resume game.json
  tenace play --deals club-night.pbn --options '{\"comparison\":\"imps\"}'

Keys: arrows or Tab choose among your legal actions, Enter plays; or type an action's
notation in capitals (1NT, SA, HT, R3, JKS, 3, change 2, discard GC, blind) and Enter; a
mouse click on an action plays it. u undoes your last action, h asks the expert for a hint
and its reason, n goes on once a deal has ended, r reviews the deal just ended with its
double-dummy analysis (arrows and PgUp/PgDn scroll it, r or Esc leaves it), q quits.
In Contract Bridge the declarer plays dummy: you play dummy's cards when you declare.")]
pub struct PlayArgs {
    /// The game to play.
    #[arg(long, value_enum, default_value = "bridge")]
    game: GameName,
    /// The game's options as JSON, with the keys of docs/RULES.md (e.g. '{"scoring":"chicago"}').
    #[arg(long)]
    options: Option<String>,
    /// The seed of the match's deals and of the computer players (default: from the
    /// clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Devil's Bridge: the number of players, 3 to 7 (default 4).
    #[arg(long)]
    players: Option<u8>,
    /// Your seat: N, E, S or W in the partnership games (default S), a player number in
    /// the others (default 0).
    #[arg(long)]
    seat: Option<String>,
    /// How strong the computer players are (the hint key always asks the expert).
    #[arg(long, value_enum, default_value = "basic")]
    level: Level,
    /// How long the expert thinks (the computer players at --level expert, and hints).
    #[command(flatten)]
    think: super::ThinkArgs,
    /// Milliseconds between the computer players' actions, so you can follow them.
    #[arg(long, default_value_t = 400)]
    delay: u64,
    /// Continue the match of a JSON record written by --save (the record is saved again
    /// there as the match goes on, unless --save names another file).
    #[arg(long, conflicts_with_all = ["options", "players", "deals"])]
    resume: Option<PathBuf>,
    /// Play the boards of a PBN file in order, as a duplicate match: a club's night or a
    /// teaching set. The game is Contract Bridge, or Deuces Wild by the file's TenaceGame
    /// tag; --options may set the comparison (imps or matchpoints against a second table
    /// of computer players).
    #[arg(long, conflicts_with_all = ["players"])]
    deals: Option<PathBuf>,
    /// Write the match's JSON record to this file after every action, to continue it
    /// later with --resume (docs/record-format.md).
    #[arg(long)]
    save: Option<PathBuf>,
    /// Plain letters for the suits (S H D C, R for Stars) instead of symbols; the default
    /// where the locale is not UTF-8.
    #[arg(long)]
    ascii: bool,
}

/// A checked `tenace play` request.
struct PlaySetup {
    game: PlayMatch,
    save: Option<PathBuf>,
    human: Player,
    level: Level,
    think: tenace_bots::BotOptions,
    seed: u64,
    delay: Duration,
    glyphs: Glyphs,
}

/// Checks the arguments; the errors name the argument at fault.
fn resolve(args: PlayArgs) -> Result<PlaySetup, String> {
    args.game.check_players(args.players)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let options = args.options.as_deref();
    let game = if let Some(path) = &args.resume {
        files::resume(path)?
    } else if let Some(path) = &args.deals {
        let options = match options {
            Some(_) => Some(args.game.resolve(options)?.1),
            None => None,
        };
        files::deals(path, options)?
    } else {
        match args.game {
            GameName::DevilsBridge => PlayMatch::Devils(
                DevilsMatch::new(super::devils::options(options, args.players)?, seed)
                    .map_err(|e| format!("--options: {e}"))?,
            ),
            GameName::Bridgette => PlayMatch::Bridgette(
                BridgetteMatch::new(super::bridgette::options(options)?, seed)
                    .map_err(|e| format!("--options: {e}"))?,
            ),
            name => {
                let (variant, options) = name.resolve(options)?;
                PlayMatch::Bridge(
                    BridgeMatch::with_variant(variant, options, seed)
                        .map_err(|e| format!("--options: {e}"))?,
                )
            }
        }
    };
    let players = game.players();
    let human = match args.seat.as_deref() {
        None if players == 4 && args.game != GameName::DevilsBridge => Player::from(Seat::South),
        None => Player(0),
        // Numbered players are shown as P0, P1, …; either form names them.
        Some(name) => tenace_protocol::state::parse_player(
            name.strip_prefix(['P', 'p'])
                .filter(|n| !n.is_empty())
                .unwrap_or(name),
            players,
        )
        .ok_or_else(|| {
            let names: Vec<String> = (0..players as u8).map(|p| game.name(Player(p))).collect();
            format!(
                "--seat: {name:?} is not a seat at this table ({})",
                names.join(", ")
            )
        })?,
    };
    Ok(PlaySetup {
        game,
        save: args.save.or(args.resume),
        human,
        level: args.level,
        think: args.think.options()?,
        seed,
        delay: Duration::from_millis(args.delay),
        glyphs: if args.ascii || !utf8_locale() {
            Glyphs::ASCII
        } else {
            Glyphs::UNICODE
        },
    })
}

/// Whether the locale says the terminal takes UTF-8: the first of `LC_ALL`, `LC_CTYPE`
/// and `LANG` that is set decides, as the C library reads them.
fn utf8_locale() -> bool {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
        .unwrap_or_default()
        .to_ascii_lowercase();
    locale.contains("utf-8") || locale.contains("utf8")
}

/// A seed from the clock, for a new match each time unless `--seed` is given.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// How long to wait for a key when nothing else is to happen.
const IDLE_POLL: Duration = Duration::from_millis(250);

/// Plays the match until the player quits.
pub fn run(args: PlayArgs) -> Result<(), String> {
    let setup = resolve(args)?;
    let mut app = App::new(
        setup.game,
        setup.human,
        setup.level,
        setup.think,
        setup.seed,
    )?;
    app.set_glyphs(setup.glyphs);
    let mut saved = None;
    let mut screen = terminal::Screen::enter().map_err(|e| format!("terminal: {e}"))?;
    let mut targets = render::ClickTargets::default();
    while !app.should_quit() {
        if let Some(path) = &setup.save {
            let now = app.game().history().len();
            if saved != Some(now) {
                files::save(path, app.game(), setup.human, setup.level)?;
                saved = Some(now);
            }
        }
        app.poll_review();
        screen
            .draw(|frame| targets = render::draw(frame, &app))
            .map_err(|e| format!("terminal: {e}"))?;
        if let Some(max) = targets.review_scroll_max {
            app.clamp_review_scroll(max);
        }
        let opponents_to_act = !app.human_must_act() && app.paused_deal().is_none();
        let wait = if opponents_to_act {
            setup.delay
        } else {
            IDLE_POLL
        };
        if event::poll(wait).map_err(|e| format!("terminal: {e}"))? {
            let event = event::read().map_err(|e| format!("terminal: {e}"))?;
            if let Some(intent) = input::intent_for(&event, !app.typed().is_empty(), &targets) {
                app.handle(intent);
            }
        } else if opponents_to_act {
            app.step_opponents();
        }
    }
    let left = screen.leave().map_err(|e| format!("terminal: {e}"));
    if let Some(path) = &setup.save {
        files::save(path, app.game(), setup.human, setup.level)?;
        println!(
            "saved the match in {}; continue it with --resume",
            path.display()
        );
    }
    left
}
