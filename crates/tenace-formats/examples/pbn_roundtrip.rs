//! Reads a PBN file, replays every game through the rules, writes the replayed deals back
//! as a PBN file, and prints how many games and how long each step took (wall time,
//! in this process, the file's reading and writing from and to disk included).
//!
//! ```text
//! cargo run --release -p tenace-formats --example pbn_roundtrip -- IN.pbn OUT.pbn
//! cargo run --release -p tenace-formats --example pbn_roundtrip -- --generate 10000 OUT.pbn
//! ```
//!
//! `--generate N OUT` writes N seeded, finished boards instead (the file the `records`
//! bench builds in memory); `scripts/bench_records.py` times this example against
//! endplay on such a file.

use std::process::ExitCode;
use std::time::Instant;

use tenace_cards::BySeat;
use tenace_formats::pbn_board::boards_from_file;
use tenace_formats::pbn_export::{RecordInfo, game_from_deal};
use tenace_formats::pbn_file::{PbnFile, PbnGame, format_pbn_file, parse_pbn_file};

#[allow(dead_code)]
#[path = "../benches/common/random_games.rs"]
mod random_games;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.as_slice() {
        [flag, count, out] if flag == "--generate" => generate(count, out),
        [input, out] => roundtrip(input, out),
        _ => Err("usage: pbn_roundtrip IN.pbn OUT.pbn | --generate N OUT.pbn".to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pbn_roundtrip: {e}");
            ExitCode::FAILURE
        }
    }
}

fn generate(count: &str, out: &str) -> Result<(), String> {
    let count: u32 = count
        .parse()
        .map_err(|_| format!("{count:?} is not a count"))?;
    let text = format_pbn_file(&random_games::pbn_file(&random_games::random_deals(count)));
    std::fs::write(out, &text).map_err(|e| format!("cannot write {out}: {e}"))?;
    println!("generated {count} games, {} bytes", text.len());
    Ok(())
}

/// The identification tags a game gives, to be written back with its deal.
fn record_info(game: &PbnGame, board: Option<u32>) -> RecordInfo {
    let value = |name: &str| game.value(name).map(str::to_string);
    RecordInfo {
        event: value("Event"),
        site: value("Site"),
        date: value("Date"),
        board,
        players: BySeat([value("North"), value("East"), value("South"), value("West")]),
    }
}

fn roundtrip(input: &str, out: &str) -> Result<(), String> {
    let start = Instant::now();
    let text = std::fs::read_to_string(input).map_err(|e| format!("cannot read {input}: {e}"))?;
    let file = parse_pbn_file(&text).map_err(|e| e.to_string())?;
    let parsed = start.elapsed();
    let boards = boards_from_file(&file)
        .into_iter()
        .map(|board| board.map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let read = start.elapsed();

    let start = Instant::now();
    let games = boards
        .iter()
        .zip(&file.games)
        .map(|(board, game)| {
            game_from_deal(&board.deal, &record_info(game, board.board)).map_err(|e| e.to_string())
        })
        .collect::<Result<Vec<_>, String>>()?;
    let written = format_pbn_file(&PbnFile {
        games,
        trailer: Vec::new(),
    });
    std::fs::write(out, &written).map_err(|e| format!("cannot write {out}: {e}"))?;
    let write = start.elapsed();
    println!(
        "games {} bytes {} parse_s {:.6} read_s {:.6} write_s {:.6}",
        boards.len(),
        text.len(),
        parsed.as_secs_f64(),
        read.as_secs_f64(),
        write.as_secs_f64()
    );
    Ok(())
}
