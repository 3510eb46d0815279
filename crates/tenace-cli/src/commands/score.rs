//! `tenace score`: the score of one contract.

use clap::{Args, ValueEnum};
use serde_json::json;
use tenace_cards::Seat;
use tenace_rules::devils_bridge::DevilsScoring;
use tenace_rules::scoring::{HundredOrFifty, ScoringTable, contract_score, duplicate_score};
use tenace_rules::{Contract, Vulnerability};

use super::GameName;

/// The scoring modes of Contract Bridge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Mode {
    /// Law 77, each board on its own, with the game or part-score premium.
    Duplicate,
    /// Rubber bridge: below and above the line, honors, no premium per deal.
    Rubber,
    /// Chicago: rubber values plus the game bonus when this deal makes game.
    Chicago,
}

/// Who holds the honors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum HonorsBy {
    /// Declarer or dummy.
    Declarer,
    /// A defender.
    Defenders,
}

/// Score one contract.
#[derive(Debug, Args)]
#[command(after_help = "Examples:
  tenace score --contract 4SX --declarer N --vul None --tricks 10
  tenace score --contract 3NT --declarer E --vul EW --tricks 8 --json
  tenace score --contract 4H --declarer S --vul NS --tricks 11 --mode rubber --honors 4
  tenace score --game five-crowns --contract 0NT --declarer W --tricks 8
  tenace score --game five-crowns --contract 3RX --declarer N --vul Both --tricks 10
  tenace score --game devils-bridge --bid 3 --tricks 3
  tenace score --game devils-bridge --bid 3 --tricks 2 --scoring exact_only
  tenace score --game bridgette --contract 2H --tricks 11
  tenace score --game bridgette --contract 1SX --declarer 1 --tricks 10 --options '{\"multiplier_scope\":\"exclude_double_bonus\"}'

--honors takes 4 or 5 (trump honors in one hand) or aces (all four in no trump);
--honors-by says whose side holds them. Honors never count in duplicate. In Five Crowns
(R is Stars; 0NT is the lowest bid; book is 7 of 14 tricks) honors count only with
--fc-honors mapped: K Q J T 9 of trumps, or kings in no trump.")]
pub struct ScoreArgs {
    /// The game.
    #[arg(long, value_enum, default_value = "bridge")]
    game: GameName,
    /// The contract, e.g. 4S, 3NTX, 7CXX (the bridge games).
    #[arg(long)]
    contract: Option<String>,
    /// Declarer's seat: N, E, S or W (the bridge games); 0 or 1 in Bridgette (default 0).
    #[arg(long)]
    declarer: Option<String>,
    /// Devil's Bridge: the player's bid.
    #[arg(long)]
    bid: Option<u8>,
    /// Devil's Bridge: the scoring method.
    #[arg(long, value_enum, default_value = "tricks-plus-bonus")]
    scoring: DevilsScoringArg,
    /// Devil's Bridge: the hand size, to check the bid and tricks against.
    #[arg(long)]
    size: Option<u8>,
    /// Vulnerability: None, NS, EW or Both.
    #[arg(long, default_value = "None")]
    vul: String,
    /// Tricks won by declarer's side, 0 to 13 (14 in Five Crowns); in Devil's Bridge, by
    /// the player; in Bridgette, by declarer, of 13.
    #[arg(long)]
    tricks: u8,
    /// The scoring mode.
    #[arg(long, value_enum, default_value = "duplicate")]
    mode: Mode,
    /// Honors held: 4, 5, aces, or kings in Five Crowns (rubber and Chicago only).
    #[arg(long)]
    honors: Option<String>,
    /// Which side holds the honors.
    #[arg(long, value_enum, default_value = "declarer")]
    honors_by: HonorsBy,
    /// The bonus for making a redoubled contract: 100 (current Laws) or 50 (legacy).
    #[arg(long, default_value_t = 100)]
    insult_redoubled: u64,
    /// Five Crowns honors: off (the default; the deck has no aces) or mapped.
    #[arg(long, default_value = "off")]
    fc_honors: String,
    /// Bridgette: game options as JSON, with the keys of docs/RULES.md §4 (overtrick_bonus,
    /// multiplier_scope).
    #[arg(long)]
    options: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// The Devil's Bridge scoring methods (RULES.md §3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum DevilsScoringArg {
    /// Tricks taken, plus 10 for an exact bid (the default).
    #[value(name = "tricks_plus_bonus", alias = "tricks-plus-bonus")]
    TricksPlusBonus,
    /// 10 + bid for an exact bid, else nothing.
    #[value(name = "exact_only", alias = "exact-only")]
    ExactOnly,
}

/// Prints the score.
pub fn run(args: ScoreArgs) -> Result<(), String> {
    if args.game.is_devils() {
        if args.contract.is_some() || args.declarer.is_some() {
            return Err(
                "--contract/--declarer: Devil's Bridge has no contract; give --bid and --tricks"
                    .into(),
            );
        }
        let scoring = match args.scoring {
            DevilsScoringArg::TricksPlusBonus => DevilsScoring::TricksPlusBonus,
            DevilsScoringArg::ExactOnly => DevilsScoring::ExactOnly,
        };
        return super::devils::score(args.bid, args.tricks, scoring, args.size, args.json);
    }
    if args.bid.is_some() || args.size.is_some() {
        return Err("--bid/--size: only devils-bridge scores a bid; give --contract".into());
    }
    if args.game == GameName::Bridgette {
        let contract = args
            .contract
            .as_deref()
            .ok_or("--contract: required (e.g. --contract 2H)")?;
        let options = super::bridgette::options(args.options.as_deref())?;
        return super::bridgette::score(
            contract,
            args.declarer.as_deref(),
            args.tricks,
            options,
            args.json,
        );
    }
    if args.options.is_some() {
        return Err("--options: only bridgette takes scoring options here".into());
    }
    let contract_text = args
        .contract
        .as_deref()
        .ok_or("--contract: required (e.g. --contract 4S)")?;
    let declarer_text = args
        .declarer
        .as_deref()
        .ok_or("--declarer: required (N, E, S or W)")?;
    let five_crowns = args.game == GameName::FiveCrowns;
    let mapped = match args.fc_honors.as_str() {
        "off" => false,
        "mapped" if five_crowns => true,
        "mapped" => return Err("--fc-honors: only Five Crowns has mapped honors".into()),
        other => return Err(format!("--fc-honors: {other:?} is not off or mapped")),
    };
    let contract: Contract = contract_text
        .parse()
        .map_err(|e| format!("--contract: {e}"))?;
    let declarer: Seat = declarer_text
        .parse()
        .map_err(|e| format!("--declarer: {e}"))?;
    let vul: Vulnerability = args.vul.parse().map_err(|e| format!("--vul: {e}"))?;
    let insult = HundredOrFifty::from_points(args.insult_redoubled)
        .ok_or("--insult-redoubled: expected 100 or 50")?;
    let table = if five_crowns {
        ScoringTable::five_crowns(mapped)
    } else {
        ScoringTable::BRIDGE
    }
    .with_insult_redoubled(insult);
    if !five_crowns
        && (contract.level == 0
            || contract.strain == tenace_cards::Strain::Suit(tenace_cards::Suit::Stars))
    {
        return Err(format!(
            "--contract: {contract} is a Five Crowns bid; use --game five-crowns"
        ));
    }
    table
        .check(&contract, args.tricks)
        .map_err(|e| format!("--contract/--tricks: {e}"))?;
    let honors = resolve_honors(
        args.honors.as_deref(),
        contract,
        args.mode,
        five_crowns,
        mapped,
    )?;
    let vulnerable = vul.is_vulnerable(declarer);
    let elements = contract_score(table, contract, args.tricks, vulnerable);
    let honor_points = honors.map_or(0, |h| match args.honors_by {
        HonorsBy::Declarer => h as i32,
        HonorsBy::Defenders => -(h as i32),
    });
    let game_bonus = match (args.mode, elements.is_made() && elements.trick_score >= 100) {
        (Mode::Chicago, true) => {
            if vulnerable {
                500
            } else {
                300
            }
        }
        _ => 0,
    };
    let score = match args.mode {
        Mode::Duplicate => duplicate_score(table, contract, args.tricks, vulnerable),
        Mode::Rubber | Mode::Chicago => elements.net() + game_bonus + honor_points,
    };
    let made = elements.is_made();
    if args.json {
        let mut out = json!({
            "score": score,
            "contract": contract.to_string(),
            "declarer": declarer.to_string(),
            "vulnerable": vulnerable,
            "tricks": args.tricks,
            "made": made,
            "mode": format!("{:?}", args.mode).to_lowercase(),
        });
        if args.mode != Mode::Duplicate {
            let below = if made { elements.trick_score } else { 0 };
            let above_declarer = if made {
                elements.above_the_line() + game_bonus as u32
            } else {
                0
            };
            out["below"] = json!({ "declarer": below, "defenders": 0 });
            out["above"] = json!({
                "declarer": above_declarer,
                "defenders": elements.undertricks,
            });
            out["honors"] = match honors {
                Some(points) => json!({
                    "points": points,
                    "side": format!("{:?}", args.honors_by).to_lowercase(),
                }),
                None => json!(null),
            };
            out["game_bonus"] = json!(game_bonus);
        }
        println!("{out}");
        return Ok(());
    }
    let result = if made {
        let over = args.tricks - table.book - contract.level;
        if over == 0 {
            "made exactly".to_string()
        } else {
            format!(
                "made with {over} overtrick{}",
                if over == 1 { "" } else { "s" }
            )
        }
    } else {
        let down = table.book + contract.level - args.tricks;
        format!("down {down}")
    };
    println!(
        "{contract} by {declarer}, {}, {} tricks: {result}",
        if vulnerable {
            "vulnerable"
        } else {
            "not vulnerable"
        },
        args.tricks
    );
    if args.mode != Mode::Duplicate {
        if made {
            println!("  below the line (declarer): {}", elements.trick_score);
            println!(
                "  above the line (declarer): {} (overtricks {}, insult {}, slam {}{})",
                elements.above_the_line() + game_bonus as u32,
                elements.overtricks,
                elements.insult,
                elements.slam,
                if game_bonus > 0 {
                    format!(", game bonus {game_bonus}")
                } else {
                    String::new()
                }
            );
        } else {
            println!("  above the line (defenders): {}", elements.undertricks);
        }
        if let Some(points) = honors {
            println!(
                "  honors: {points} above the line ({})",
                format!("{:?}", args.honors_by).to_lowercase()
            );
        }
    }
    println!("score for declarer's side: {score:+}");
    Ok(())
}

/// Reads `--honors`: 4 or 5 trump honors in a suit contract, four aces in no trump.
fn resolve_honors(
    text: Option<&str>,
    contract: Contract,
    mode: Mode,
    five_crowns: bool,
    mapped: bool,
) -> Result<Option<u32>, String> {
    let Some(text) = text else {
        return Ok(None);
    };
    if mode == Mode::Duplicate {
        return Err(
            "--honors: honors are not scored in duplicate (use --mode rubber or chicago)".into(),
        );
    }
    if five_crowns && !mapped {
        return Err(
            "--honors: Five Crowns scores no honors unless --fc-honors mapped (decision F5)".into(),
        );
    }
    let nt = contract.strain.trump().is_none();
    let four_of_a_kind = if five_crowns { "kings" } else { "aces" };
    match (text.to_ascii_lowercase().as_str(), nt) {
        ("4", false) => Ok(Some(100)),
        ("5", false) => Ok(Some(150)),
        (held, true) if held == four_of_a_kind => Ok(Some(150)),
        ("4" | "5", true) => {
            Err("--honors: in no trump only four aces count (Law 81); use --honors aces".into())
        }
        ("aces", false) => {
            Err("--honors: four aces count only in no trump (Law 81); use 4 or 5".into())
        }
        (other, _) => Err(format!("--honors: {other:?} is not 4, 5 or aces")),
    }
}
