//! `tenace convert IN OUT`: game records from one format to another. PBN, LIN and JSON
//! records are read; PBN and JSON are written. Every deal is replayed through the rules
//! on the way, so what is written is a game that happened; a file that is not is refused
//! with the place at fault, and nothing is written.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use tenace_formats::lin::parse_lin;
use tenace_formats::pbn_file::{format_pbn_file, parse_pbn_file};
use tenace_table::record::{Record, pbn_from_record, record_from_lin, record_from_pbn};

/// Convert game records between PBN, LIN and tenace's JSON record.
#[derive(Debug, Args)]
#[command(after_help = "Examples:
  tenace convert club-night.pbn club-night.json
  tenace convert hand.lin hand.pbn
  tenace convert match.json match.pbn
  tenace convert boards.txt boards.json --from lin

The format of each file is taken from its extension (.pbn, .lin, .json), or given with
--from and --to. PBN holds Contract Bridge and Deuces Wild (the latter with a TenaceGame
tag); the JSON record holds all five games (docs/record-format.md). LIN is read only.")]
pub struct ConvertArgs {
    /// The file to read.
    input: PathBuf,
    /// The file to write.
    output: PathBuf,
    /// The input's format, when its extension does not say.
    #[arg(long, value_enum)]
    from: Option<Format>,
    /// The output's format, when its extension does not say.
    #[arg(long, value_enum)]
    to: Option<Format>,
}

/// A record format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Portable Bridge Notation 2.1.
    Pbn,
    /// BBO's hand-record format (read only).
    Lin,
    /// tenace's JSON game record.
    Json,
}

impl Format {
    /// The format an extension names.
    fn of(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "pbn" => Some(Format::Pbn),
            "lin" => Some(Format::Lin),
            "json" => Some(Format::Json),
            _ => None,
        }
    }
}

/// Reads, converts and writes; prints what was converted.
pub fn run(args: ConvertArgs) -> Result<(), String> {
    let from = args
        .from
        .or_else(|| Format::of(&args.input))
        .ok_or_else(|| {
            format!(
                "--from: the extension of {} names no format (.pbn, .lin, .json); give --from",
                args.input.display()
            )
        })?;
    let to = args
        .to
        .or_else(|| Format::of(&args.output))
        .ok_or_else(|| {
            format!(
                "--to: the extension of {} names no format (.pbn, .json); give --to",
                args.output.display()
            )
        })?;
    if to == Format::Lin {
        return Err("--to: LIN is read, not written; write pbn or json".into());
    }
    let text = read_text(&args.input)?;
    let (written, deals) = convert(&text, from, to)?;
    std::fs::write(&args.output, written)
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    println!(
        "converted {deals} deals from {} to {}",
        args.input.display(),
        args.output.display()
    );
    Ok(())
}

/// Converts a record's text; returns the text to write and the number of deals.
pub fn convert(text: &str, from: Format, to: Format) -> Result<(String, usize), String> {
    // PBN to PBN needs no replay of the games: the file is written in export format.
    if (from, to) == (Format::Pbn, Format::Pbn) {
        let file = parse_pbn_file(text).map_err(|e| e.to_string())?;
        let games = file.games.len();
        return Ok((format_pbn_file(&file), games));
    }
    let record = match from {
        Format::Pbn => {
            let file = parse_pbn_file(text).map_err(|e| e.to_string())?;
            record_from_pbn(&file).map_err(|e| e.to_string())?
        }
        Format::Lin => {
            let boards = parse_lin(text).map_err(|e| e.to_string())?;
            record_from_lin(&boards).map_err(|e| e.to_string())?
        }
        Format::Json => {
            let record = Record::from_json(text).map_err(|e| e.to_string())?;
            // A public Bridgette record cannot be replayed; every other one is checked.
            if !record.deals.iter().any(|d| d.exchange_hidden) {
                record.replay().map_err(|e| e.to_string())?;
            }
            record
        }
    };
    let deals = record.deals.len();
    let written = match to {
        Format::Json => record.to_json(),
        _ => format_pbn_file(&pbn_from_record(&record).map_err(|e| e.to_string())?),
    };
    Ok((written, deals))
}

/// A file's text. PBN and LIN files are often Latin-1: a file that is not UTF-8 is read
/// as that.
pub fn read_text(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    })
}
