//! `tenace solve`: double-dummy tables, par, opening leads and Devil's Bridge ranges.

use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::{Value, json};
use tenace_cards::{BySeat, CardSet, Player, Seat, Strain};
use tenace_formats::pbn::{format_deal_for, parse_deal_for};
use tenace_rules::Vulnerability;
use tenace_rules::bridge::{BridgeOptions, BridgeSetup, BridgeVariant};
use tenace_rules::devils_bridge::HandSetup;
use tenace_solver::{
    CardValue, DdTable, Par, Position, Range, RangeEnd, Sides, Solver, best_per_card, par,
};

use super::{GameName, progress, solve_pbn};

/// The games `solve` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SolveGame {
    /// Contract Bridge.
    Bridge,
    /// Bridge with Deuces Wild.
    DeucesWild,
    /// Five Crowns Bridge.
    FiveCrowns,
    /// Devil's Bridge, for 3 to 7 players.
    DevilsBridge,
    /// Bridgette, two players.
    Bridgette,
}

/// Solve deals double dummy.
#[derive(Debug, Args)]
#[command(after_help = "Examples:
  tenace solve --seed 7
  tenace solve --deal \"N:AKQ2.K3.T98.QJ42 J5.AQT96.72.T853 T986.J842.K4.AK6 743.75.AQJ653.97\"
  tenace solve --file boards.pbn --json --threads 2
  tenace solve --pbn results.pbn --write analysed.pbn --threads 2
  tenace solve --seed 7 --lead --strain S --declarer S
  tenace solve --game five-crowns --seed 3
  tenace solve --game devils-bridge --players 5 --seed 3 --options '{\"max_hand\":8}'
  tenace solve --game bridgette --seed 3

A bridge table gives the tricks each declarer takes in each strain (the player on
declarer's left leads), and for Contract Bridge the par score and contracts for --vul
(default none) with the deal's first seat as dealer (or --dealer). Par contracts are
written level, strain, X when doubled, then the declarer: 4S-N, 5DX-E.
A deal may be an ending: every hand holding the same number of cards (no par then).
--file reads one deal a line, bare or in a PBN [Deal \"...\"] tag. --json prints one JSON
line per deal.
--pbn reads a whole PBN file and --write writes it back in PBN export format with each
full deal's DoubleDummyTricks, OptimumResultTable, OptimumScore and ParContract tags
added (replacing any there), par from the game's Dealer and Vulnerable; games without a
full deal, and everything else in the file, are kept. Contract Bridge only.
--lead prints the tricks the defence takes after each opening lead; a Five Crowns joker
named in no trump counts at its best naming, for the leader names it.
Devil's Bridge solves a seeded hand of the series' largest size (max_hand in --options
sets it) and prints each player's range with every other player against them: the
most tricks they can make sure of taking at least, and the fewest they can make sure of
taking at most (the others may force tricks on them, so this can be the larger). Full
hands of five or more players can take many minutes.
The work is shared among every core (or --threads): a deal, a strain, a lead or one end
of a player's range a worker. Each deal and strain row is printed as soon as it and those
before it are done, each Devil's Bridge player as soon as they are (in any order), and
progress shows on standard error.")]
pub struct SolveArgs {
    /// The game.
    #[arg(long, value_enum, default_value = "bridge")]
    game: SolveGame,
    /// One deal as a PBN deal string ("N:spades.hearts.diamonds.clubs ...").
    #[arg(long)]
    deal: Option<String>,
    /// One seeded deal, the one `tenace deal --seed` prints.
    #[arg(long)]
    seed: Option<u64>,
    /// A file of deals, one a line.
    #[arg(long)]
    file: Option<PathBuf>,
    /// A whole PBN file to analyse: every full deal's table and par added as tags.
    #[arg(long, requires = "write")]
    pbn: Option<PathBuf>,
    /// Where --pbn writes the analysed file.
    #[arg(long, requires = "pbn")]
    write: Option<PathBuf>,
    /// One JSON line per deal.
    #[arg(long)]
    json: bool,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// The value of every opening lead, for --strain and --declarer.
    #[arg(long)]
    lead: bool,
    /// The strain for --lead: C D H S (R in Five Crowns) or NT.
    #[arg(long, default_value = "NT")]
    strain: String,
    /// The declarer for --lead: N E S W.
    #[arg(long, default_value = "S")]
    declarer: String,
    /// The vulnerability for par: None, NS, EW or Both.
    #[arg(long, default_value = "None")]
    vul: String,
    /// The dealer for par (default: the deal's first seat).
    #[arg(long)]
    dealer: Option<String>,
    /// Devil's Bridge: the number of players, 3 to 7 (default 4).
    #[arg(long)]
    players: Option<u8>,
    /// Game options as JSON, with the keys of docs/RULES.md (e.g. {"fc_nt_joker":"nominated_two"}).
    #[arg(long)]
    options: Option<String>,
    /// The memory of each solver in MiB.
    #[arg(long, default_value_t = 64)]
    memory: usize,
}

/// One deal to solve: the hands and the seat written first (the dealer, by default).
struct Board {
    hands: BySeat<CardSet>,
    first: Seat,
}

/// What the bridge games need to know besides the deal.
struct Settings {
    variant: BridgeVariant,
    vulnerability: Vulnerability,
    dealer: Option<Seat>,
    lead: Option<(Strain, Seat)>,
    json: bool,
    memory: usize,
    threads: Option<usize>,
}

/// Solves and prints.
pub fn run(args: SolveArgs) -> Result<(), String> {
    if args.memory == 0 {
        return Err("--memory: must be at least 1 (MiB)".into());
    }
    progress::check_threads(args.threads)?;
    if let (Some(input), Some(output)) = (&args.pbn, &args.write) {
        return pbn_file(&args, input, output);
    }
    let game = match args.game {
        SolveGame::Bridge => GameName::Bridge,
        SolveGame::DeucesWild => GameName::DeucesWild,
        SolveGame::FiveCrowns => GameName::FiveCrowns,
        SolveGame::DevilsBridge => return devils(&args),
        SolveGame::Bridgette => return bridgette(&args),
    };
    if args.players.is_some() {
        return Err("--players: only devils-bridge takes --players".into());
    }
    let (variant, _options) = game.resolve(args.options.as_deref())?;
    let strain: Strain = args
        .strain
        .parse()
        .map_err(|_| format!("--strain: {:?} is not C D H S R or NT", args.strain))?;
    if !variant
        .auction_rules()
        .suits
        .iter()
        .any(|&s| Strain::Suit(s) == strain)
        && strain != Strain::NoTrump
    {
        return Err(format!(
            "--strain: {strain} is not a strain of {}",
            variant.name()
        ));
    }
    let declarer: Seat = args
        .declarer
        .parse()
        .map_err(|_| format!("--declarer: {:?} is not N E S or W", args.declarer))?;
    let vulnerability: Vulnerability = args
        .vul
        .parse()
        .map_err(|_| format!("--vul: {:?} is not None, NS, EW or Both", args.vul))?;
    let dealer = match &args.dealer {
        Some(text) => Some(
            text.parse::<Seat>()
                .map_err(|_| format!("--dealer: {text:?} is not N E S or W"))?,
        ),
        None => None,
    };
    let settings = Settings {
        variant,
        vulnerability,
        dealer,
        lead: args.lead.then_some((strain, declarer)),
        json: args.json,
        memory: args.memory << 20,
        threads: args.threads,
    };
    let boards = boards(&args, variant)?;
    if args.file.is_some() {
        // A worker a deal, each line printed once it and every deal before it are done.
        return progress::solve_in_order(
            boards.len(),
            "deals",
            settings.threads,
            settings.memory,
            |solver, k| solve_board(solver, &boards[k], &settings),
            |_, line| println!("{line}"),
        );
    }
    // One deal: its strains (or its leads) shared out among the cores instead.
    match settings.lead {
        Some((strain, declarer)) => leads_of_one(&boards[0], &settings, strain, declarer),
        None => table_of_one(&boards[0], &settings),
    }
}

/// `--pbn FILE --write OUT`: Contract Bridge only, and none of the other ways to name
/// deals or of the other outputs.
fn pbn_file(args: &SolveArgs, input: &Path, output: &Path) -> Result<(), String> {
    if args.game != SolveGame::Bridge {
        return Err(
            "--pbn: only --game bridge (Contract Bridge) can be analysed into a PBN file".into(),
        );
    }
    if args.deal.is_some() || args.seed.is_some() || args.file.is_some() {
        return Err("--pbn: give no --deal, --seed or --file with it".into());
    }
    if args.json
        || args.lead
        || args.players.is_some()
        || args.options.is_some()
        || args.dealer.is_some()
    {
        return Err(
            "--pbn: --json, --lead, --players, --options and --dealer do not apply (par takes \
             each game's Dealer and Vulnerable)"
                .into(),
        );
    }
    solve_pbn::run(input, output, args.threads, args.memory << 20)
}

/// The deals named by --deal, --seed or --file (exactly one of them).
fn boards(args: &SolveArgs, variant: BridgeVariant) -> Result<Vec<Board>, String> {
    let given = [
        args.deal.is_some(),
        args.seed.is_some(),
        args.file.is_some(),
    ];
    if given.iter().filter(|&&g| g).count() != 1 {
        return Err("--deal, --seed, --file: give exactly one of them".into());
    }
    if let Some(seed) = args.seed {
        let setup = BridgeSetup::seeded(
            variant,
            seed,
            None,
            Vulnerability::None,
            BridgeOptions::default(),
        );
        return Ok(vec![Board {
            hands: setup.hands,
            first: setup.dealer,
        }]);
    }
    if let Some(text) = &args.deal {
        return Ok(vec![
            parse_board(variant, text).map_err(|e| format!("--deal: {e}"))?,
        ]);
    }
    let path = args.file.as_ref().expect("one of the three was given");
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("--file: cannot read {}: {e}", path.display()))?;
    let mut boards = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        let deal = if let Some(rest) = line.strip_prefix("[Deal ") {
            rest.trim_end_matches(']').trim()
        } else if line.is_empty()
            || line.starts_with('[')
            || line.starts_with('%')
            || line.starts_with('{')
        {
            continue;
        } else {
            line
        };
        let board =
            parse_board(variant, deal).map_err(|e| format!("--file: line {}: {e}", number + 1))?;
        boards.push(board);
    }
    if boards.is_empty() {
        return Err(format!("--file: no deal in {}", path.display()));
    }
    Ok(boards)
}

fn parse_board(variant: BridgeVariant, text: &str) -> Result<Board, String> {
    let deal = parse_deal_for(variant.deck(), text).map_err(|e| e.to_string())?;
    let hands = deal.complete().ok_or("every hand must be given")?;
    // A full deal, or an ending: every hand holding the same number of cards.
    let size = hands[Seat::North].len();
    let full = variant.hand_size();
    if size == 0 || size > full {
        return Err(format!("N holds {size} cards: a hand holds 1 to {full}"));
    }
    for seat in Seat::ALL {
        if hands[seat].len() != size {
            return Err(format!(
                "{seat} holds {} cards, N {size}: every hand must hold as many",
                hands[seat].len()
            ));
        }
    }
    Ok(Board {
        hands,
        first: deal.first,
    })
}

/// One board of a batch, on one worker: its output line (or lines, in text).
fn solve_board(solver: &mut Solver, board: &Board, settings: &Settings) -> Result<String, String> {
    let deal = deal_string(board, settings);
    if let Some((strain, declarer)) = settings.lead {
        let position = lead_position(board, settings, strain, declarer);
        let values = solver
            .card_values(&position)
            .map_err(|e| format!("deal {deal}: {e}"))?;
        return Ok(leads_output(&deal, settings, strain, declarer, &values));
    }
    let strains = settings.variant.auction_rules().strains();
    let table = solver
        .table_for(&board.hands, &strains, |s| settings.variant.trick_rules(s))
        .map_err(|e| format!("deal {deal}: {e}"))?;
    let par = par_of(&table, board, settings);
    Ok(if settings.json {
        table_json(&deal, &table, par.as_ref())
    } else {
        let rows: Vec<String> = strains.iter().map(|&s| table_row(&table, s)).collect();
        let mut out = format!("{deal}\n{}\n{}", table_header(), rows.join("\n"));
        if let Some(par) = &par {
            out += &format!("\n{}", par_line(par));
        }
        out
    })
}

/// One deal's table, a strain a job: in text each strain's row is printed as soon as it
/// and the strains before it are solved, for a Five Crowns or Deuces Wild strain can take
/// minutes.
fn table_of_one(board: &Board, settings: &Settings) -> Result<(), String> {
    let deal = deal_string(board, settings);
    let strains = settings.variant.auction_rules().strains();
    if !settings.json {
        println!("{deal}\n{}", table_header());
    }
    let mut table = DdTable::new(strains.clone(), 4);
    progress::solve_in_order(
        strains.len(),
        "strains",
        settings.threads,
        settings.memory,
        |solver, k| {
            solver
                .table_for(&board.hands, &strains[k..=k], |s| {
                    settings.variant.trick_rules(s)
                })
                .map_err(|e| format!("deal {deal}: {e}"))
        },
        |k, row| {
            let strain = strains[k];
            for seat in Seat::ALL {
                table.set_tricks(strain, seat, row.tricks(strain, seat).unwrap_or(0));
            }
            if !settings.json {
                println!("{}", table_row(&table, strain));
            }
        },
    )?;
    let par = par_of(&table, board, settings);
    if settings.json {
        println!("{}", table_json(&deal, &table, par.as_ref()));
    } else if let Some(par) = &par {
        println!("{}", par_line(par));
    }
    Ok(())
}

/// The deal as a PBN string, as the output names it.
fn deal_string(board: &Board, settings: &Settings) -> String {
    format_deal_for(settings.variant.deck(), board.first, &board.hands)
}

/// The par of a whole Contract Bridge deal; `None` in the other games and for an ending,
/// which lacks the deal's thirteen tricks.
fn par_of(table: &DdTable, board: &Board, settings: &Settings) -> Option<Par> {
    let whole = board.hands[Seat::North].len() == settings.variant.hand_size();
    (settings.variant == BridgeVariant::Standard && whole).then(|| {
        par(
            table,
            settings.vulnerability,
            settings.dealer.unwrap_or(board.first),
        )
    })
}

/// The JSON line of a table, keys in the documented order (seats N E S W, strains in
/// bidding order, then par), which a JSON map would sort.
fn table_json(deal: &str, table: &DdTable, par: Option<&Par>) -> String {
    let rows: Vec<String> = Seat::ALL
        .iter()
        .map(|&seat| {
            let cells: Vec<String> = table
                .strains()
                .iter()
                .map(|&strain| format!("\"{strain}\":{}", table.tricks(strain, seat).unwrap_or(0)))
                .collect();
            format!("\"{seat}\":{{{}}}", cells.join(","))
        })
        .collect();
    let mut out = format!(
        "{{\"deal\":{},\"tricks\":{{{}}}",
        json!(deal),
        rows.join(",")
    );
    if let Some(par) = par {
        out += &format!(
            ",\"par\":{{\"score\":{},\"contracts\":{}}}",
            par.score,
            json!(par_contracts(par))
        );
    }
    out + "}"
}

fn par_contracts(par: &Par) -> Vec<String> {
    par.contracts
        .iter()
        .map(|c| format!("{}-{}", c.contract, c.declarer))
        .collect()
}

/// The head of a table in text: a column a declarer, each label right-aligned over its
/// numbers.
fn table_header() -> String {
    let seats: String = Seat::ALL
        .iter()
        .map(|s| format!("{:>3}", s.to_string()))
        .collect();
    format!("    {seats}")
}

/// A strain's row of a table in text: declarer's tricks under each seat of
/// [`table_header`].
fn table_row(table: &DdTable, strain: Strain) -> String {
    // `Strain` writes itself without padding: pad its text.
    let mut row = format!("{:>4}", strain.to_string());
    for seat in Seat::ALL {
        row += &format!("{:>3}", table.tricks(strain, seat).unwrap_or(0));
    }
    row
}

fn par_line(par: &Par) -> String {
    format!("  par {} {}", par.score, par_contracts(par).join(" "))
}

/// The position of an opening lead: declarer's left-hand opponent on lead.
fn lead_position(board: &Board, settings: &Settings, strain: Strain, declarer: Seat) -> Position {
    Position::new(
        settings.variant.trick_rules(strain),
        board.hands.0.to_vec(),
        declarer.lho().into(),
        Sides::Partnerships,
    )
}

/// One deal's opening leads, a lead a job.
fn leads_of_one(
    board: &Board,
    settings: &Settings,
    strain: Strain,
    declarer: Seat,
) -> Result<(), String> {
    let deal = deal_string(board, settings);
    let position = lead_position(board, settings, strain, declarer);
    let moves = position.legal_moves();
    let mut values = Vec::with_capacity(moves.len());
    if settings.threads == Some(1) {
        // One thread: one solver values every lead, each search starting from the last
        // result and a lead in sequence with one valued taking its value (a third of
        // the time of the leads solved apart on list1000's deals).
        progress::solve_in_order(
            1,
            "deals",
            Some(1),
            settings.memory,
            |solver, _| {
                solver
                    .card_values(&position)
                    .map_err(|e| format!("deal {deal}: {e}"))
            },
            |_, all| values = all,
        )?;
        println!(
            "{}",
            leads_output(&deal, settings, strain, declarer, &values)
        );
        return Ok(());
    }
    progress::solve_in_order(
        moves.len(),
        "leads",
        settings.threads,
        settings.memory,
        |solver, k| {
            let (card, named) = moves[k];
            solver
                .card_value(&position, card, named)
                .map_err(|e| format!("deal {deal}: {e}"))
        },
        |_, value| values.push(value),
    )?;
    println!(
        "{}",
        leads_output(&deal, settings, strain, declarer, &values)
    );
    Ok(())
}

/// The defence's tricks after each opening lead, best first. A named joker counts once,
/// at its best naming: the leader names it.
fn leads_output(
    deal: &str,
    settings: &Settings,
    strain: Strain,
    declarer: Seat,
    values: &[CardValue],
) -> String {
    let mut values = best_per_card(values);
    values.sort_by_key(|v| (std::cmp::Reverse(v.tricks), std::cmp::Reverse(v.card)));
    if settings.json {
        let leads: serde_json::Map<String, Value> = values
            .iter()
            .map(|v| (v.card.to_string(), json!(v.tricks)))
            .collect();
        return json!({"deal": deal, "strain": strain.to_string(), "declarer": declarer.to_string(), "leads": leads}).to_string();
    }
    let list: Vec<String> = values
        .iter()
        .map(|v| match v.named {
            Some(suit) => format!("{} {} (named {suit})", v.card, v.tricks),
            None => format!("{} {}", v.card, v.tricks),
        })
        .collect();
    format!(
        "{deal}\n  {strain} by {declarer}, {} leads; defence's tricks: {}",
        declarer.lho(),
        list.join(", ")
    )
}

/// Devil's Bridge: each player's range on a seeded hand, a player a job; in text each
/// player's line is printed as soon as it and those before it are solved.
fn devils(args: &SolveArgs) -> Result<(), String> {
    if args.deal.is_some() || args.file.is_some() || args.lead {
        return Err("--game devils-bridge: solve a seeded hand with --seed (and --players)".into());
    }
    let options = super::devils::options(args.options.as_deref(), args.players)?;
    let seed = args.seed.unwrap_or(0);
    let size = options.max_hand_size();
    let setup = HandSetup::seeded(options, seed, size, None, false);
    let players = setup.players();
    let hands: Vec<CardSet> = (0..players).map(|p| setup.hands[Player(p as u8)]).collect();
    let position = Position::new(
        tenace_rules::trick::TrickRules::plain(setup.trump()),
        hands.clone(),
        setup.first_player(),
        Sides::EachAlone,
    );
    let trump = setup.trump().map_or("NT".to_string(), |s| s.to_string());
    if !args.json {
        println!(
            "seed {seed}, trump {trump}, player {} leads; each player's sure tricks, everyone \
             else against them:",
            setup.first_player()
        );
    }
    // Each end of each player's range is a search of its own, so one slow player
    // keeps both cores busy; each line names its player and is printed as soon as both
    // of that player's ends are done, in any order.
    let ends = [RangeEnd::Most, RangeEnd::Fewest];
    let mut found: Vec<[Option<u8>; 2]> = vec![[None; 2]; players];
    let mut ranges: Vec<Option<Range>> = vec![None; players];
    progress::solve_each(
        players * ends.len(),
        "searches",
        args.threads,
        args.memory << 20,
        |solver, k| {
            solver
                .range_end(
                    &position,
                    Player((k / ends.len()) as u8),
                    ends[k % ends.len()],
                )
                .map_err(|e| format!("--seed {seed}: {e}"))
        },
        |k, tricks| {
            let p = k / ends.len();
            found[p][k % ends.len()] = Some(tricks);
            let [Some(most), Some(fewest)] = found[p] else {
                return;
            };
            if !args.json {
                println!(
                    "  player {p}: at least {most} trying to win, at most {fewest} trying to \
                     lose  ({})",
                    hands[p]
                );
            }
            ranges[p] = Some(Range { fewest, most });
        },
    )?;
    if args.json {
        // Every job succeeded, so every player has a range.
        let ranges: serde_json::Map<String, Value> = ranges
            .iter()
            .enumerate()
            .filter_map(|(p, r)| Some((p, (*r)?)))
            .map(|(p, r)| (p.to_string(), json!({"fewest": r.fewest, "most": r.most})))
            .collect();
        let hands: Vec<String> = hands.iter().map(|h| h.to_string()).collect();
        println!(
            "{}",
            json!({"seed": seed, "trump": trump, "leader": setup.first_player().0, "hands": hands, "ranges": ranges})
        );
    }
    Ok(())
}

/// `--game bridgette`: the dealt thirteen cards of each player (before the exchange), for
/// each strain and each declarer, with the declarer's opponent leading: the tricks
/// declarer takes under the colon rules. A strain a job; in text each strain's row is
/// printed as soon as it and those before it are solved.
fn bridgette(args: &SolveArgs) -> Result<(), String> {
    if args.deal.is_some() || args.file.is_some() || args.lead || args.players.is_some() {
        return Err("--game bridgette: solve a seeded deal with --seed".into());
    }
    let options = super::bridgette::options(args.options.as_deref())?;
    let seed = args.seed.unwrap_or(0);
    let setup = tenace_rules::bridgette::BridgetteSetup::seeded(options, seed, None);
    let hands = setup.hands.0.clone();
    if !args.json {
        println!(
            "seed {seed}, dealer {}: the dealt hands, before the exchange",
            setup.dealer
        );
        for (p, hand) in hands.iter().enumerate() {
            println!("  {p}: {hand}");
        }
        println!("declarer's tricks of 13, the other player leading:");
        println!("{}", bridgette_row("declarer", [0, 1]));
    }
    let rules = |strain: Strain| tenace_rules::trick::TrickRules {
        trump: strain.trump(),
        special: tenace_rules::trick::SpecialRule::Colons {
            block_allows_colon_lead: options.block_allows_colon_lead,
        },
    };
    let mut table: Vec<(Strain, [u8; 2])> = Vec::new();
    progress::solve_in_order(
        Strain::STANDARD.len(),
        "strains",
        args.threads,
        args.memory << 20,
        |solver, k| {
            let strain = Strain::STANDARD[k];
            let mut row = [0; 2];
            for (declarer, tricks) in row.iter_mut().enumerate() {
                let leader = Player(declarer as u8).next(2);
                let position =
                    Position::new(rules(strain), hands.clone(), leader, Sides::EachAlone);
                let defence = solver
                    .tricks(&position)
                    .map_err(|e| format!("--seed {seed}: {e}"))?;
                *tricks = 13 - defence;
            }
            Ok(row)
        },
        |k, row| {
            let strain = Strain::STANDARD[k];
            if !args.json {
                println!("{}", bridgette_row(&strain.to_string(), row));
            }
            table.push((strain, row));
        },
    )?;
    if args.json {
        let by_player = |p: usize| -> Value {
            Value::Object(
                table
                    .iter()
                    .map(|(strain, row)| (strain.to_string(), json!(row[p])))
                    .collect(),
            )
        };
        let hands: Vec<String> = hands.iter().map(|h| h.to_string()).collect();
        println!(
            "{}",
            json!({"seed": seed, "dealer": setup.dealer.0, "hands": hands,
                "tricks": {"0": by_player(0), "1": by_player(1)}})
        );
    }
    Ok(())
}

/// A line of the Bridgette table in text, the label right-aligned before a column a
/// declarer, so that the heading and the rows line up.
fn bridgette_row(label: &str, cells: [u8; 2]) -> String {
    format!("{label:>12}{:>3}{:>3}", cells[0], cells[1])
}
