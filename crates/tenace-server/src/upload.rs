//! The boards of an uploaded PBN file, for a table that plays them
//! (`POST /api/tables/pbn`): every game read to its full deal, dealer and vulnerability,
//! or the error naming the game and line at fault. Nothing is stored until the whole
//! file has been read and the table's setup checked.

use tenace_formats::pbn_board::{GAME_TAG, setup_from_game};
use tenace_formats::pbn_file::parse_pbn_file;
use tenace_rules::bridge::PreparedBoard;
use tenace_table::TableSetup;

use crate::error::ApiError;

/// The largest body of `POST /api/tables/pbn`, the PBN file and the rest of the
/// creation together: a club session's file with its play and commentary is well under
/// it. Every other request stays under [`MAX_FRAME_BYTES`](crate::MAX_FRAME_BYTES).
pub const MAX_UPLOAD_BYTES: usize = 1 << 20;

/// The field an uploaded file comes in.
pub const FIELD: &str = "boards_pbn";

/// A file's boards and the game they are played as.
#[derive(Debug)]
pub struct FileBoards {
    /// `bridge` or `deuces-wild`: the TenaceGame tag's game, Contract Bridge without one.
    pub game: &'static str,
    /// Whether any game of the file has a TenaceGame tag (the file then decides the game).
    pub tagged: bool,
    /// The boards, in file order.
    pub boards: Vec<PreparedBoard>,
}

/// Reads every game of `text` as a board. Errors name [`FIELD`], and in their message the
/// PBN game, line and tag at fault: a file that does not read, a game without a full
/// deal, more games than a table plays, or games of two different games.
pub fn read_boards(text: &str) -> Result<FileBoards, ApiError> {
    let bad = |message: String| ApiError::bad(FIELD, message);
    let file = parse_pbn_file(text).map_err(|e| bad(e.to_string()))?;
    let games = file.games.len();
    if games == 0 {
        return Err(bad("the file holds no PBN game".into()));
    }
    if games > TableSetup::MAX_BOARDS {
        return Err(bad(format!(
            "the file holds {games} games; a table plays at most {} boards",
            TableSetup::MAX_BOARDS
        )));
    }
    let tags = file.resolved_tags();
    let tagged = tags.iter().any(|game| {
        game.iter()
            .any(|(name, value)| name == GAME_TAG && !value.trim().is_empty())
    });
    let mut first: Option<&'static str> = None;
    let mut boards = Vec::with_capacity(games);
    for index in 0..games {
        let setup = setup_from_game(&file, index).map_err(|e| bad(e.to_string()))?;
        let game = setup.variant.name();
        match first {
            None => first = Some(game),
            Some(first) if first != game => {
                let at = &file.games[index];
                let line = at.tag(GAME_TAG).map_or(at.line, |t| t.line);
                return Err(bad(format!(
                    "PBN game {}, line {line}, tag {GAME_TAG}: a {game} board in a file whose \
                     game 1 is {first}: a table plays one game",
                    index + 1
                )));
            }
            Some(_) => {}
        }
        boards.push(PreparedBoard {
            hands: setup.hands,
            dealer: setup.dealer,
            vulnerability: setup.vulnerability,
        });
    }
    Ok(FileBoards {
        game: first.unwrap_or("bridge"),
        tagged,
        boards,
    })
}

/// The game a table of `file`'s boards plays: the file's when it names one (TenaceGame),
/// else the one asked for (Contract Bridge when none is). Errors name `game`.
pub fn game_for(asked: Option<&str>, file: &FileBoards) -> Result<&'static str, ApiError> {
    match asked {
        None => Ok(file.game),
        Some(asked) if file.tagged && asked != file.game => Err(ApiError::bad(
            "game",
            format!(
                "the file's {GAME_TAG} tag makes its boards {}: ask for the game {:?}, or \
                 leave game out",
                file.game, file.game
            ),
        )),
        Some("bridge") => Ok("bridge"),
        Some("deuces-wild") => Ok("deuces-wild"),
        Some(other) => Err(ApiError::bad(
            "game",
            format!(
                "{other:?} cannot play a PBN file's boards: PBN holds bridge and deuces-wild \
                 deals only (four hands of the standard 52 cards)"
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: &str = "[Board \"1\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n\
        [Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n";

    #[test]
    fn a_file_of_full_deals_gives_its_boards_in_order() {
        let text = format!("{BOARD}\n{}", BOARD.replace("\"E\"", "\"W\""));
        let read = read_boards(&text).expect("two boards");
        assert_eq!(
            (read.game, read.tagged, read.boards.len()),
            ("bridge", false, 2)
        );
        assert_eq!(read.boards[1].dealer, tenace_cards::Seat::West);
        assert_eq!(
            game_for(Some("deuces-wild"), &read).ok(),
            Some("deuces-wild")
        );
        assert_eq!(
            game_for(Some("bridgette"), &read)
                .map_err(|e| e.field)
                .err()
                .as_deref(),
            Some("game")
        );
    }

    #[test]
    fn a_tagged_file_decides_the_game_and_may_not_mix_games() {
        let wild = format!("[TenaceGame \"deuces-wild\"]\n{BOARD}");
        let read = read_boards(&wild).expect("a board");
        assert_eq!((read.game, read.tagged), ("deuces-wild", true));
        assert!(game_for(Some("bridge"), &read).is_err());
        let mixed = format!("{wild}\n[TenaceGame \"bridge\"]\n{BOARD}");
        let error = read_boards(&mixed).expect_err("two games");
        assert_eq!(error.field, FIELD);
        assert!(
            error
                .message
                .starts_with("PBN game 2, line 7, tag TenaceGame:"),
            "{}",
            error.message
        );
    }

    #[test]
    fn a_bad_file_is_refused_naming_the_game_and_line() {
        let twice = BOARD.replace("AKQJ.T98.765.432 T98", "AKQJ.T98.765.432 A98");
        let error = read_boards(&format!("{BOARD}\n{twice}")).expect_err("SA twice");
        assert!(
            error.message.starts_with("PBN game 2, line 9, tag Deal"),
            "{}",
            error.message
        );
        let partial =
            "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.T98.765.432 - - -\"]\n";
        let error = read_boards(partial).expect_err("one hand");
        assert!(error.message.contains("PBN game 1"), "{}", error.message);
        assert_eq!(
            read_boards("").map_err(|e| e.field).err().as_deref(),
            Some(FIELD)
        );
        let many = vec![BOARD; TableSetup::MAX_BOARDS + 1].join("\n");
        let error = read_boards(&many).expect_err("too many");
        assert!(error.message.contains("at most 64"), "{}", error.message);
    }
}
