//! Records to and from the hand-record formats of other programs: PBN files (Contract
//! Bridge and Deuces Wild) and BBO's LIN. A PBN or LIN file's boards become a record of
//! independent deals; a record of the partnership games becomes a PBN file.

use std::collections::BTreeMap;

use tenace_cards::{BySeat, Player, Seat};
use tenace_formats::lin::LinBoard;
use tenace_formats::pbn_board::{PbnBoardError, boards_from_file};
use tenace_formats::pbn_export::{
    PbnExportError, RecordInfo, add_claim_and_notes, add_play_notes, game_from_deal,
};
use tenace_formats::pbn_file::PbnFile;
use tenace_rules::bridge::BridgeDeal;
use tenace_rules::{AnyGame, GameConfig};
use thiserror::Error;

use super::{Note, Record, RecordError, RecordMeta, Replayed, Scope, deals_record};

/// Why a file cannot become another format.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConvertError {
    /// A PBN game is not a playable deal; the message names the game, line and tag.
    #[error(transparent)]
    Pbn(#[from] PbnBoardError),
    /// The record is not a game that happened; the message names the field.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// PBN cannot hold this game.
    #[error(transparent)]
    Export(#[from] PbnExportError),
    /// A file's games do not make one record: one game and options throughout.
    #[error("PBN game {game}: {message}")]
    Mixed {
        /// The game's number in the file, from 1.
        game: usize,
        /// What differs.
        message: String,
    },
    /// Nothing to convert.
    #[error("{0}")]
    Empty(String),
}

/// The names a PBN game or LIN board gives, by player index.
fn names(players: &BySeat<Option<String>>) -> Vec<Option<String>> {
    Seat::ALL.iter().map(|&s| players[s].clone()).collect()
}

/// Builds a record of independent Contract Bridge (or Deuces Wild) deals, one per board,
/// with each board's number, names, notes and claim.
fn bridge_deals_record(
    boards: Vec<ImportedBoard>,
    event: Option<String>,
    site: Option<String>,
    date: Option<String>,
) -> Result<Record, ConvertError> {
    let Some(first) = boards.first() else {
        return Err(ConvertError::Empty("the file holds no deal".into()));
    };
    let setup = first.deal.setup();
    let config = GameConfig::Bridge(setup.variant, setup.options.clone());
    for (i, board) in boards.iter().enumerate() {
        let s = board.deal.setup();
        if GameConfig::Bridge(s.variant, s.options.clone()) != config {
            return Err(ConvertError::Mixed {
                game: board.game.unwrap_or(i + 1),
                message: format!(
                    "a {} game with other options than game 1's: a record holds one game and \
                     its options",
                    s.variant.name()
                ),
            });
        }
    }
    let meta = RecordMeta {
        event,
        site,
        date,
        players: names(&first.players),
    };
    let deals: Vec<AnyGame> = boards
        .iter()
        .map(|b| AnyGame::Bridge(b.deal.clone()))
        .collect();
    let mut record = deals_record(&config, &deals, &meta, Scope::Full);
    for (deal, board) in record.deals.iter_mut().zip(&boards) {
        deal.board = board.board;
        deal.claimed_tricks = board.claimed_tricks;
        deal.notes = board
            .notes
            .iter()
            .map(|(action, text)| Note {
                action: *action,
                text: text.clone(),
            })
            .collect();
        let own = names(&board.players);
        if own != meta.players {
            deal.players = own
                .into_iter()
                .enumerate()
                .filter_map(|(i, name)| Some((Player(i as u8).label(4), name?)))
                .collect::<BTreeMap<_, _>>();
        }
    }
    Ok(record)
}

/// What a board read from a file brings beyond its deal.
struct ImportedBoard {
    game: Option<usize>,
    board: Option<u32>,
    deal: BridgeDeal,
    players: BySeat<Option<String>>,
    /// Notes by action index.
    notes: Vec<(usize, String)>,
    claimed_tricks: Option<u8>,
}

/// A PBN file's games as one record of independent deals: each game replayed through
/// the rules, with its board number, players, notes and claim. Every game must be a full
/// deal of the same game and options (a `TenaceGame` tag names Deuces Wild).
pub fn record_from_pbn(file: &PbnFile) -> Result<Record, ConvertError> {
    let tags = file.resolved_tags();
    let tag = |game: usize, name: &str| -> Option<String> {
        tags.get(game)?
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .filter(|v| !v.is_empty() && v != "?" && !v.starts_with('#'))
    };
    let mut boards = Vec::with_capacity(file.games.len());
    for (index, board) in boards_from_file(file).into_iter().enumerate() {
        let board = board?;
        let calls = board.deal.auction().calls().len();
        let mut notes = board.auction_notes.clone();
        notes.extend(board.play_notes.iter().map(|(i, t)| (calls + i, t.clone())));
        let players = BySeat(["North", "East", "South", "West"].map(|name| tag(index, name)));
        boards.push(ImportedBoard {
            game: Some(index + 1),
            board: board.board,
            deal: board.deal,
            players,
            notes,
            claimed_tricks: board.claimed_tricks,
        });
    }
    bridge_deals_record(boards, tag(0, "Event"), tag(0, "Site"), tag(0, "Date"))
}

/// LIN boards as one record of independent deals, with their names, alerts and claims.
pub fn record_from_lin(boards: &[LinBoard]) -> Result<Record, ConvertError> {
    let event = boards.first().and_then(|b| b.event.clone());
    let imported = boards
        .iter()
        .map(|b| ImportedBoard {
            game: None,
            board: b.board,
            deal: b.deal.clone(),
            players: b.players.clone(),
            notes: b
                .alerts
                .iter()
                .filter(|(_, t)| !t.is_empty())
                .cloned()
                .collect(),
            claimed_tricks: b.claimed_tricks,
        })
        .collect();
    bridge_deals_record(imported, event, None, None)
}

/// A record of Contract Bridge or Deuces Wild as a PBN file: every deal replayed, then
/// written with its board number, the players' names, its claim and its auction's notes.
/// Other games are refused: PBN holds 52-card partnership deals only.
pub fn pbn_from_record(record: &Record) -> Result<PbnFile, ConvertError> {
    let deals: Vec<AnyGame> = match record.replay()? {
        Replayed::Match(m) => m.deals_so_far(),
        Replayed::Deals(deals) => deals,
    };
    let config = record.config()?;
    let meta = record.meta_of(&config)?;
    let mut games = Vec::with_capacity(deals.len());
    for (deal, written) in deals.iter().zip(&record.deals) {
        let AnyGame::Bridge(deal) = deal else {
            return Err(PbnExportError::Variant(config.name()).into());
        };
        let mut players = BySeat(Seat::ALL.map(|s| meta.players[s.index()].clone()));
        for (seat, name) in &written.players {
            if let Ok(seat) = seat.parse::<Seat>() {
                players[seat] = Some(name.clone());
            }
        }
        let info = RecordInfo {
            event: meta.event.clone(),
            site: meta.site.clone(),
            date: meta.date.clone(),
            board: written.board.or(Some(written.number)),
            players,
        };
        let mut game = game_from_deal(deal, &info)?;
        let calls = deal.auction().calls().len();
        let notes: Vec<(usize, String)> = written
            .notes
            .iter()
            .filter(|n| n.action < calls)
            .map(|n| (n.action, n.text.clone()))
            .collect();
        add_claim_and_notes(&mut game, written.claimed_tricks, &notes);
        let card_notes: Vec<(usize, String)> = written
            .notes
            .iter()
            .filter(|n| n.action >= calls)
            .map(|n| (n.action - calls, n.text.clone()))
            .collect();
        add_play_notes(&mut game, deal, &card_notes);
        games.push(game);
    }
    Ok(PbnFile {
        games,
        trailer: Vec::new(),
    })
}
