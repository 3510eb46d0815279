//! From a PBN game to a Contract Bridge or Deuces Wild deal: the semantic layer over
//! [`crate::pbn_file`].
//!
//! [`board_from_game`] reads a game's inheritance-resolved tags (Board, Dealer, Vulnerable,
//! Deal, and tenace's own TenaceGame and TenaceOptions), starts a [`BridgeDeal`] through
//! `tenace-rules`, then replays the Auction and the Play sections call by call and card by
//! card through the same rules a table uses, so a record that could not have happened is
//! refused with the rule's own words and the game, line and tag at fault. The Declarer,
//! Contract and Result tags are checked against what the replay gives.
//!
//! PBN itself records Contract Bridge only. Two user tags, written by
//! [`crate::pbn_export`], say what else a game is:
//!
//! - [`GAME_TAG`], `TenaceGame`: `bridge` (Contract Bridge) or `deuces-wild` (Bridge with
//!   Deuces Wild: the same deck, auction and scoring, and any deuce may be played to any
//!   trick). `five-crowns` is refused: a PBN deal cannot hold its 56 cards.
//! - [`OPTIONS_TAG`], `TenaceOptions`: the options as one JSON object with the keys of
//!   RULES.md (e.g. `{"scoring":"rubber","insult_redoubled":50}`); a key left out takes
//!   its default, and an unknown key or a bad value is an error naming it.
//!
//! A game without them is Contract Bridge with the default options; the Scoring tag is
//! not read as options.
//!
//! [`double_dummy_tricks`] and [`optimum_result_table`] read the two double-dummy tags that
//! analysis programs add, `DoubleDummyTricks` and `OptimumResultTable`, into [`DdTricks`].
//!
//! A location's line is the line of the tag: the syntactic layer keeps an Auction or Play
//! section as one stream of tokens, so a call or card is named by its number instead.

use std::collections::HashMap;
use std::str::FromStr;

use tenace_cards::{BySeat, Card, CardSet, Player, Seat, Strain, Suit};
use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup, BridgeVariant, SetupError};
use tenace_rules::scoring::{board_dealer, board_vulnerability};
use tenace_rules::{Action, Call, Contract, Game, IllegalAction, Phase, Vulnerability};
use thiserror::Error;

use crate::pbn::{PbnError, parse_deal};
use crate::pbn_file::{
    Irregularity, Location, PbnFile, PbnGame, Section, Token, resolve_game_tags,
};

/// The user tag naming the game a record plays: `bridge` or `deuces-wild`.
pub const GAME_TAG: &str = "TenaceGame";

/// The user tag holding the game's options as a JSON object with the keys of RULES.md.
pub const OPTIONS_TAG: &str = "TenaceOptions";

/// A PBN game made playable: the deal with its auction and play replayed, and what the
/// record says beyond the moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PbnBoard {
    /// The Board tag's number, if the game gives one.
    pub board: Option<u32>,
    /// The deal after every call and card the record gives: still in the auction, in the
    /// play, or finished.
    pub deal: BridgeDeal,
    /// The final contract and declarer: the replayed auction's when the game has a
    /// finished auction, otherwise the Contract and Declarer tags' (`None` when passed out
    /// or not known).
    pub contract: Option<(Contract, Seat)>,
    /// The texts of the auction's notes, by the 0-based index of the call they explain in
    /// [`tenace_rules::Auction::calls`]; a call with two notes has two entries.
    pub auction_notes: Vec<(usize, String)>,
    /// The texts of the play's notes, by the 0-based index of the card they explain in
    /// the order the cards were played.
    pub play_notes: Vec<(usize, String)>,
    /// Declarer's tricks as the Result tag gives them when the recorded play does not
    /// finish the deal (a claim, or the rest not known); they are not applied to the deal.
    pub claimed_tricks: Option<u8>,
}

/// Why a PBN game is not a playable board, and where. The message starts with the place,
/// e.g. `PBN game 2, line 31, tag Auction: …`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PbnBoardError {
    /// The index is past the file's last game.
    #[error("PBN game {game}: the file has only {games} games")]
    NoSuchGame {
        /// The 1-based game asked for.
        game: usize,
        /// How many games the file has.
        games: usize,
    },
    /// A tag the board needs is missing, empty or `?`.
    #[error("{at}: the tag is missing or unknown, and a playable board needs it")]
    Missing {
        /// Where (the tag named).
        at: Location,
    },
    /// A tag value or table element that cannot be read.
    #[error("{at}: {value:?} is not {expected}")]
    Value {
        /// Where.
        at: Location,
        /// The text found.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
    /// The Deal tag cannot be read.
    #[error("{at}: {source}")]
    Deal {
        /// Where.
        at: Location,
        /// The deal reader's reason.
        source: PbnError,
    },
    /// The Deal tag leaves hands unknown (`-`).
    #[error("{at}: the deal gives {known} of the four hands; a playable board needs all four")]
    IncompleteDeal {
        /// Where.
        at: Location,
        /// How many hands are known.
        known: usize,
    },
    /// The rules refuse the deal (hand sizes, cards dealt twice).
    #[error("{at}: {source}")]
    Setup {
        /// Where.
        at: Location,
        /// The rules' reasons.
        source: SetupError,
    },
    /// A token of an Auction or Play section that cannot be replayed.
    #[error("{at}: {token:?} cannot be replayed ({why})")]
    Token {
        /// Where.
        at: Location,
        /// The token as written.
        token: String,
        /// Why not.
        why: &'static str,
    },
    /// The rules refuse a call.
    #[error("{at}: call {number} ({call} by {seat}) is refused: {source}")]
    Call {
        /// Where.
        at: Location,
        /// The 1-based number of the call in the auction.
        number: usize,
        /// The caller.
        seat: Seat,
        /// The call.
        call: Call,
        /// The rule broken.
        source: IllegalAction,
    },
    /// The rules refuse a card.
    #[error("{at}: trick {trick}, {seat} playing {card} is refused: {source}")]
    Card {
        /// Where.
        at: Location,
        /// The 1-based trick.
        trick: usize,
        /// The seat whose card it is.
        seat: Seat,
        /// The card.
        card: Card,
        /// The rule broken.
        source: IllegalAction,
    },
    /// A section whose moves do not fit the deal's course.
    #[error("{at}: {why}")]
    Sequence {
        /// Where.
        at: Location,
        /// What does not fit.
        why: String,
    },
    /// A TenaceGame or TenaceOptions tag naming a game or options that cannot be played
    /// from a PBN record.
    #[error("{at}: {value:?} is refused: {why}")]
    Game {
        /// Where (the tag named).
        at: Location,
        /// The tag's value.
        value: String,
        /// Why it is refused, naming the option at fault.
        why: String,
    },
    /// A tag that disagrees with the replayed auction or play.
    #[error("{at}: the tag says {tagged:?}, but the replayed record gives {replayed:?}")]
    Mismatch {
        /// Where (the tag at fault).
        at: Location,
        /// The tag's value.
        tagged: String,
        /// What the replay gives.
        replayed: String,
    },
}

impl PbnBoardError {
    /// Where the fault is (`None` for a game past the end of the file).
    pub fn location(&self) -> Option<&Location> {
        match self {
            PbnBoardError::NoSuchGame { .. } => None,
            PbnBoardError::Missing { at }
            | PbnBoardError::Value { at, .. }
            | PbnBoardError::Deal { at, .. }
            | PbnBoardError::IncompleteDeal { at, .. }
            | PbnBoardError::Setup { at, .. }
            | PbnBoardError::Token { at, .. }
            | PbnBoardError::Call { at, .. }
            | PbnBoardError::Card { at, .. }
            | PbnBoardError::Sequence { at, .. }
            | PbnBoardError::Game { at, .. }
            | PbnBoardError::Mismatch { at, .. } => Some(at),
        }
    }
}

type Result<T> = std::result::Result<T, PbnBoardError>;

/// Game `index` (0-based) of a file as a Contract Bridge or Deuces Wild board, with its
/// auction and play replayed through the rules.
///
/// - **Game**: TenaceGame and TenaceOptions (see the module docs) choose the game and its
///   options; without them, Contract Bridge with the default options. A game they do not
///   allow, or options that cannot be read, is [`PbnBoardError::Game`].
/// - **Deal**: Dealer, Vulnerable (`None`/`Love`/`-`, `NS`/`N-S`, `EW`/`E-W`,
///   `Both`/`All`, any case and surrounding spaces) and all four hands of Deal. A game
///   without Dealer or Vulnerable but with a Board number takes them from the board's
///   place in the duplicate cycle.
/// - **Auction**: the tag names the seat of the section's first column; `-` fills the
///   places before the dealer's first call; `AP` passes until the auction ends; `*`, `+`
///   or a later `-` leaves it unfinished. Note references keep their notes' texts; NAGs,
///   suffixes and commentary are not replayed.
/// - **Play**: PBN lays each trick out in columns by seat, starting with the Play tag's
///   seat, whoever led; each trick is replayed from its leader (the previous trick's
///   winner) clockwise, and the first unknown card (`-`), `*` or `+` ends the replay.
/// - **Checks**: Declarer, Contract and Result must agree with the replay when the game
///   has an auction (Result only when every trick is played; otherwise it is kept as
///   [`PbnBoard::claimed_tricks`]).
///
/// ```
/// use tenace_cards::Seat;
/// use tenace_formats::pbn_board::board_from_game;
/// use tenace_formats::pbn_file::parse_pbn_file;
///
/// let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
///     [Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]\n\
///     [Declarer \"S\"]\n[Contract \"5HX\"]\n[Result \"9\"]\n\
///     [Auction \"N\"]\n1D 1S 3H =1= 4S\n4NT X Pass Pass\n5C X 5H X\nAP\n\
///     [Note \"1:weak\"]\n\
///     [Play \"W\"]\nSK H3 S4 S3\nC5 C2 C6 CK\n*\n";
/// let file = parse_pbn_file(text).unwrap();
/// let board = board_from_game(&file, 0).unwrap();
/// assert_eq!(board.contract, Some(("5HX".parse().unwrap(), Seat::South)));
/// assert_eq!(board.auction_notes, [(2, "weak".to_string())]);
/// // The second line is West, North, East, South; North won the first trick and led C2.
/// let play = board.deal.play().unwrap();
/// assert_eq!(play.completed()[1].trick.cards()[0], "C2".parse().unwrap());
/// assert_eq!(board.claimed_tricks, Some(9));
/// ```
pub fn board_from_game(file: &PbnFile, index: usize) -> Result<PbnBoard> {
    board_from_tags(&GameTags::new(file, index)?)
}

/// Every game of a file as [`board_from_game`] reads it, in order: the file's tag
/// inheritance resolved once for all, where a call per game would resolve it again from
/// the first game each time.
///
/// ```
/// use tenace_formats::pbn_board::boards_from_file;
/// use tenace_formats::pbn_file::parse_pbn_file;
/// let deal = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85";
/// let text = format!("[Event \"Club\"]\n[Board \"1\"]\n[Deal \"{deal}\"]\n\n\
///     [Event \"#\"]\n[Board \"2\"]\n[Deal \"{deal}\"]\n");
/// let boards = boards_from_file(&parse_pbn_file(&text).unwrap());
/// assert_eq!(boards.len(), 2);
/// assert_eq!(boards[1].as_ref().unwrap().board, Some(2));
/// ```
pub fn boards_from_file(file: &PbnFile) -> Vec<Result<PbnBoard>> {
    each_game(file, board_from_tags)
}

/// Every game's setup as [`setup_from_game`] reads it, in order, with the file's tag
/// inheritance resolved once for all.
pub fn setups_from_file(file: &PbnFile) -> Vec<Result<BridgeSetup>> {
    each_game(file, setup_from_tags)
}

/// Runs `read` on every game's tags, resolved in one pass over the file.
fn each_game<T>(file: &PbnFile, read: impl Fn(&GameTags) -> Result<T>) -> Vec<Result<T>> {
    file.resolved_tags()
        .into_iter()
        .zip(&file.games)
        .enumerate()
        .map(|(index, (values, game))| {
            read(&GameTags {
                game,
                number: index + 1,
                values,
            })
        })
        .collect()
}

fn board_from_tags(tags: &GameTags) -> Result<PbnBoard> {
    let board = tags.parse::<u32>("Board", "a board number")?;
    let deal =
        BridgeDeal::from_setup(setup(tags, board)?).map_err(|source| PbnBoardError::Setup {
            at: tags.at("Deal"),
            source,
        })?;
    let mut out = PbnBoard {
        board,
        deal,
        contract: None,
        auction_notes: Vec::new(),
        play_notes: Vec::new(),
        claimed_tricks: None,
    };
    // An Auction tag with no calls after it says nothing to replay; the tags then stand.
    let has_auction =
        tags.value("Auction").is_some() && tags.moves("Auction").iter().any(Token::is_data);
    if has_auction {
        replay_auction(tags, &mut out)?;
        check_contract_tags(tags, &out.deal)?;
        out.contract = out.deal.contract();
    } else {
        out.contract = tagged_contract(tags)?;
    }
    replay_play(tags, &mut out)?;
    settle_result(tags, &mut out)?;
    Ok(out)
}

/// The setup of game `index` (0-based) from its Dealer, Vulnerable, Deal, TenaceGame and
/// TenaceOptions tags alone, as [`board_from_game`] reads them (Board standing in for a
/// missing Dealer or Vulnerable), checked by the rules; the Auction and Play sections are
/// not looked at.
/// A deal that leaves hands unknown is [`PbnBoardError::IncompleteDeal`], one with no
/// Deal tag [`PbnBoardError::Missing`] naming Deal, whatever else is missing.
pub fn setup_from_game(file: &PbnFile, index: usize) -> Result<BridgeSetup> {
    setup_from_tags(&GameTags::new(file, index)?)
}

fn setup_from_tags(tags: &GameTags) -> Result<BridgeSetup> {
    // The deal first: a game without one is told apart from one lacking a Dealer.
    hands(tags)?;
    let board = tags.parse::<u32>("Board", "a board number")?;
    let setup = setup(tags, board)?;
    BridgeDeal::from_setup(setup.clone()).map_err(|source| PbnBoardError::Setup {
        at: tags.at("Deal"),
        source,
    })?;
    Ok(setup)
}

/// A game's resolved tag values and its own tags' sections and lines.
struct GameTags<'a> {
    game: &'a PbnGame,
    number: usize,
    values: Vec<(String, String)>,
}

impl<'a> GameTags<'a> {
    fn new(file: &'a PbnFile, index: usize) -> Result<GameTags<'a>> {
        let values = resolve_game_tags(file, index).ok_or(PbnBoardError::NoSuchGame {
            game: index + 1,
            games: file.games.len(),
        })?;
        Ok(GameTags {
            game: &file.games[index],
            number: index + 1,
            values,
        })
    }

    /// The resolved value, trimmed; `None` when missing, empty or `?` (PBN's "unknown").
    fn value(&self, name: &str) -> Option<&str> {
        let (_, value) = self.values.iter().find(|(n, _)| n == name)?;
        let value = value.trim();
        (!value.is_empty() && value != "?").then_some(value)
    }

    /// A value read with `FromStr`, `None` when not given.
    fn parse<T: FromStr>(&self, name: &str, expected: &'static str) -> Result<Option<T>> {
        self.value(name)
            .map(|v| v.parse().map_err(|_| self.bad_value(name, v, expected)))
            .transpose()
    }

    fn bad_value(&self, name: &str, value: &str, expected: &'static str) -> PbnBoardError {
        PbnBoardError::Value {
            at: self.at(name),
            value: value.to_string(),
            expected,
        }
    }

    fn at(&self, name: &str) -> Location {
        // A tag inherited from an earlier game has no line in this one; the game's first
        // line stands for it.
        let line = self.game.tag(name).map_or(self.game.line, |t| t.line);
        Location {
            game: self.number,
            line,
            tag: Some(name.to_string()),
        }
    }

    /// The tokens of an Auction or Play section (empty when the game has none).
    fn moves(&self, name: &str) -> &'a [Token] {
        match self.game.tag(name).map(|t| &t.section) {
            Some(Section::Moves(tokens)) => tokens,
            _ => &[],
        }
    }

    /// The rows of a table tag (empty when the game has none).
    fn rows(&self, name: &str) -> &'a [Vec<Token>] {
        match self.game.tag(name).map(|t| &t.section) {
            Some(Section::Rows(rows)) => rows,
            _ => &[],
        }
    }

    /// The notes of one section (`Auction` or `Play`) by index: a Note tag explains the
    /// section whose tag it follows, as the syntactic layer reads them.
    fn notes(&self, section: &str) -> HashMap<u32, String> {
        let mut current = None;
        let mut notes = HashMap::new();
        for tag in &self.game.tags {
            match tag.name.as_str() {
                "Auction" | "Play" => current = Some(tag.name.as_str()),
                "Note" if current == Some(section) => {
                    if let Some((index, text)) = tag.value.split_once(':')
                        && let Ok(index) = index.trim().parse()
                    {
                        notes.insert(index, text.trim().to_string());
                    }
                }
                _ => {}
            }
        }
        notes
    }
}

/// The setup from Dealer, Vulnerable, Deal, TenaceGame and TenaceOptions (Board standing
/// in for the first two).
fn setup(tags: &GameTags, board: Option<u32>) -> Result<BridgeSetup> {
    let dealer = tags
        .parse::<Seat>("Dealer", "a seat (N, E, S or W)")?
        .or(board.map(board_dealer))
        .ok_or_else(|| PbnBoardError::Missing {
            at: tags.at("Dealer"),
        })?;
    let vulnerability = tags
        .parse::<Vulnerability>("Vulnerable", "a vulnerability (None, NS, EW or All)")?
        .or(board.map(board_vulnerability))
        .ok_or_else(|| PbnBoardError::Missing {
            at: tags.at("Vulnerable"),
        })?;
    let (variant, options) = game(tags)?;
    Ok(BridgeSetup {
        variant,
        hands: hands(tags)?,
        dealer,
        vulnerability,
        options,
    })
}

/// The game and options of TenaceGame and TenaceOptions: Contract Bridge and the default
/// options where a tag is missing.
fn game(tags: &GameTags) -> Result<(BridgeVariant, BridgeOptions)> {
    let refuse = |tag: &str, value: &str, why: String| PbnBoardError::Game {
        at: tags.at(tag),
        value: value.to_string(),
        why,
    };
    let name = tags.value(GAME_TAG).unwrap_or("bridge");
    match BridgeVariant::from_name(name) {
        Some(BridgeVariant::Standard | BridgeVariant::DeucesWild) => {}
        Some(BridgeVariant::FiveCrowns(_)) => {
            let why = "Five Crowns Bridge deals 56 cards, which a PBN deal cannot hold; \
                       its deals are kept as JSON game records"
                .to_string();
            return Err(refuse(GAME_TAG, name, why));
        }
        None => {
            let why = "not a game a PBN record can play (expected bridge or deuces-wild)";
            return Err(refuse(GAME_TAG, name, why.to_string()));
        }
    }
    let Some(text) = tags.value(OPTIONS_TAG) else {
        return BridgeVariant::parse_options(name, &Default::default())
            .map_err(|why| refuse(GAME_TAG, name, why));
    };
    let json: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| refuse(OPTIONS_TAG, text, format!("not JSON: {e}")))?;
    BridgeVariant::parse_options(name, &json).map_err(|why| refuse(OPTIONS_TAG, text, why))
}

/// The four hands of the Deal tag.
fn hands(tags: &GameTags) -> Result<BySeat<CardSet>> {
    let at = || tags.at("Deal");
    let text = tags
        .value("Deal")
        .ok_or_else(|| PbnBoardError::Missing { at: at() })?;
    let deal = parse_deal(text).map_err(|source| PbnBoardError::Deal { at: at(), source })?;
    deal.complete()
        .ok_or_else(|| PbnBoardError::IncompleteDeal {
            at: at(),
            known: deal.hands.0.iter().flatten().count(),
        })
}

/// Replays the Auction section into the deal.
fn replay_auction(tags: &GameTags, out: &mut PbnBoard) -> Result<()> {
    let at = || tags.at("Auction");
    let mut seat = tags
        .parse::<Seat>("Auction", "a seat (N, E, S or W)")?
        .ok_or_else(|| PbnBoardError::Missing { at: at() })?;
    let notes = tags.notes("Auction");
    for token in tags.moves("Auction") {
        let called = out.deal.auction().calls().len();
        match token {
            // A place before the first call: that seat has not called yet.
            Token::Dash if called == 0 => seat = seat.lho(),
            Token::Dash | Token::End | Token::Continue => break,
            Token::Call(text) => {
                let call = text
                    .parse::<Call>()
                    .map_err(|_| token_error(at(), text, "not a call"))?;
                apply_call(tags, &mut out.deal, seat, call)?;
                seat = seat.lho();
            }
            Token::AllPass => {
                while out.deal.phase() == Phase::Auction {
                    let next = seat_to_act(&out.deal).unwrap_or(seat);
                    apply_call(tags, &mut out.deal, next, Call::Pass)?;
                }
            }
            Token::NoteRef(n) => {
                if let (Some(last), Some(text)) = (called.checked_sub(1), notes.get(n)) {
                    out.auction_notes.push((last, text.clone()));
                }
            }
            Token::Irregularity(Irregularity::Skipped) => {
                return Err(token_error(at(), "^S", "a call out of rotation"));
            }
            // An insufficient bid marked `^I` meets the rules' own refusal when it comes.
            Token::Irregularity(_)
            | Token::Nag(_)
            | Token::Suffix(_)
            | Token::Comment(_)
            | Token::Escape(_) => {}
            Token::Card(text) | Token::Word(text) | Token::Text(text) => {
                return Err(token_error(at(), text, "not a call"));
            }
        }
    }
    Ok(())
}

fn token_error(at: Location, token: &str, why: &'static str) -> PbnBoardError {
    PbnBoardError::Token {
        at,
        token: token.to_string(),
        why,
    }
}

/// The seat that acts next (for a card of dummy's, dummy's seat, not declarer's).
fn seat_to_act(deal: &BridgeDeal) -> Option<Seat> {
    match deal.play() {
        Some(play) if deal.phase() == Phase::Play => play.to_play().and_then(Player::seat),
        _ => deal.auction().next_to_call().and_then(Player::seat),
    }
}

fn apply_call(tags: &GameTags, deal: &mut BridgeDeal, seat: Seat, call: Call) -> Result<()> {
    let number = deal.auction().calls().len() + 1;
    let dealer = deal.setup().dealer;
    if number == 1 && seat != dealer {
        // The rules would say "not your turn"; the record's real fault is its layout.
        return Err(PbnBoardError::Sequence {
            at: tags.at("Auction"),
            why: format!(
                "the first call is {seat}'s, but {dealer} deals and calls first \
                 (write '-' for each seat before the dealer)"
            ),
        });
    }
    deal.try_apply(seat.into(), Action::Call(call))
        .map(drop)
        .map_err(|source| PbnBoardError::Call {
            at: tags.at("Auction"),
            number,
            seat,
            call,
            source,
        })
}

/// The Contract and Declarer tags, for a game without an auction.
fn tagged_contract(tags: &GameTags) -> Result<Option<(Contract, Seat)>> {
    let declarer = tags.parse::<Seat>("Declarer", "a seat (N, E, S or W)")?;
    let contract = match tags.value("Contract") {
        Some(v) if v.eq_ignore_ascii_case("pass") => None,
        Some(v) => Some(
            v.parse::<Contract>()
                .map_err(|_| tags.bad_value("Contract", v, "a contract such as 4SX or Pass"))?,
        ),
        None => None,
    };
    Ok(contract.zip(declarer))
}

/// Checks Declarer and Contract against a finished auction.
fn check_contract_tags(tags: &GameTags, deal: &BridgeDeal) -> Result<()> {
    if deal.phase() == Phase::Auction {
        return Ok(());
    }
    let replayed = deal.contract();
    if let Some(tagged) = tags.value("Contract") {
        let agrees = match replayed {
            None => tagged.eq_ignore_ascii_case("pass"),
            Some((c, _)) => tagged.parse::<Contract>().is_ok_and(|t| t == c),
        };
        let shown = replayed.map_or("Pass".to_string(), |(c, _)| c.to_string());
        mismatch_unless(tags, "Contract", agrees, tagged, shown)?;
    }
    if let Some(tagged) = tags.value("Declarer") {
        // `^` before the seat marks an irregular declarer; the seat is what counts here.
        let seat = tagged.trim_start_matches('^').parse::<Seat>().ok();
        let shown = replayed.map_or("none (passed out)".to_string(), |(_, s)| s.to_string());
        mismatch_unless(
            tags,
            "Declarer",
            seat == replayed.map(|(_, s)| s),
            tagged,
            shown,
        )?;
    }
    Ok(())
}

fn mismatch_unless(
    tags: &GameTags,
    name: &str,
    agrees: bool,
    tagged: &str,
    replayed: String,
) -> Result<()> {
    if agrees {
        return Ok(());
    }
    Err(PbnBoardError::Mismatch {
        at: tags.at(name),
        tagged: tagged.to_string(),
        replayed,
    })
}

/// One place of a Play line: a card or unknown, and the notes on it.
#[derive(Debug, Default)]
struct Place {
    card: Option<Card>,
    notes: Vec<u32>,
}

/// The Play section as lines of up to four places, in column order, up to `*` or `+`.
fn play_lines(tags: &GameTags) -> Result<Vec<Vec<Place>>> {
    let at = || tags.at("Play");
    let mut places: Vec<Place> = Vec::new();
    for token in tags.moves("Play") {
        match token {
            Token::Card(text) => {
                let card = text
                    .parse()
                    .map_err(|_| token_error(at(), text, "not a card"))?;
                places.push(Place {
                    card: Some(card),
                    notes: Vec::new(),
                });
            }
            Token::Dash => places.push(Place::default()),
            Token::End | Token::Continue => break,
            Token::NoteRef(n) => {
                if let Some(last) = places.last_mut() {
                    last.notes.push(*n);
                }
            }
            // A revoke or lead out of turn marked `^R`/`^L` meets the rules' own refusal.
            Token::Irregularity(_)
            | Token::Nag(_)
            | Token::Suffix(_)
            | Token::Comment(_)
            | Token::Escape(_) => {}
            Token::AllPass => return Err(token_error(at(), "AP", "not a card")),
            Token::Call(text) | Token::Word(text) | Token::Text(text) => {
                return Err(token_error(at(), text, "not a card"));
            }
        }
    }
    let mut lines = Vec::new();
    let mut rest = places.into_iter().peekable();
    while rest.peek().is_some() {
        lines.push(rest.by_ref().take(4).collect());
    }
    Ok(lines)
}

/// Replays the Play section: each line is a trick in columns from the Play tag's seat.
fn replay_play(tags: &GameTags, out: &mut PbnBoard) -> Result<()> {
    let Some(first) = tags.parse::<Seat>("Play", "a seat (N, E, S or W)")? else {
        return Ok(());
    };
    let lines = play_lines(tags)?;
    if lines.is_empty() {
        return Ok(());
    }
    let at = || tags.at("Play");
    let Some((_, declarer)) = out
        .deal
        .contract()
        .filter(|_| out.deal.phase() == Phase::Play)
    else {
        let why = "the play needs an auction that ends in a contract".to_string();
        return Err(PbnBoardError::Sequence { at: at(), why });
    };
    if first != declarer.lho() {
        let why = format!(
            "the play starts with {first}, but the opening leader is {}, declarer {declarer}'s left",
            declarer.lho()
        );
        return Err(PbnBoardError::Sequence { at: at(), why });
    }
    let notes = tags.notes("Play");
    for (trick, line) in lines.iter().enumerate() {
        if !replay_trick(tags, out, &notes, first, trick + 1, line)? {
            break;
        }
    }
    Ok(())
}

/// Plays one line's cards from the trick's leader clockwise. `false` when a card is
/// unknown, which ends the replay: the cards after it cannot be placed.
fn replay_trick(
    tags: &GameTags,
    out: &mut PbnBoard,
    notes: &HashMap<u32, String>,
    first: Seat,
    trick: usize,
    line: &[Place],
) -> Result<bool> {
    // A line of dashes tells nothing; it is no trick to refuse even after the last one.
    if line.iter().all(|p| p.card.is_none()) {
        return Ok(false);
    }
    for _ in 0..4 {
        let Some(seat) = seat_to_act(&out.deal) else {
            let why = format!("trick {trick} is one more than the deal has");
            return Err(PbnBoardError::Sequence {
                at: tags.at("Play"),
                why,
            });
        };
        let column = (seat.index() + 4 - first.index()) % 4;
        let Some(Place {
            card: Some(card),
            notes: refs,
        }) = line.get(column)
        else {
            return Ok(false);
        };
        let index = out.deal.play().map_or(0, |p| p.played().len());
        let acting = out.deal.to_act().iter().next().unwrap_or(seat.into());
        out.deal
            .try_apply(acting, Action::Card(*card))
            .map_err(|source| PbnBoardError::Card {
                at: tags.at("Play"),
                trick,
                seat,
                card: *card,
                source,
            })?;
        let texts = refs.iter().filter_map(|n| notes.get(n));
        out.play_notes.extend(texts.map(|t| (index, t.clone())));
    }
    Ok(true)
}

/// Checks the Result tag against a finished play, or keeps it as a claim.
fn settle_result(tags: &GameTags, out: &mut PbnBoard) -> Result<()> {
    let Some(text) = tags.value("Result").filter(|_| !out.deal.is_passed_out()) else {
        return Ok(());
    };
    let declarer = out.contract.map(|(_, s)| s);
    let tricks = result_tricks(text, declarer)
        .ok_or_else(|| tags.bad_value("Result", text, "a number of tricks, e.g. 9 or NS 9"))?;
    match out.deal.result() {
        Some(result) => mismatch_unless(
            tags,
            "Result",
            result.tricks == tricks,
            text,
            result.tricks.to_string(),
        ),
        _ => {
            out.claimed_tricks = Some(tricks);
            Ok(())
        }
    }
}

/// Declarer's tricks from a Result value: `9`, or `NS 9` / `EW 4` for a side's tricks.
fn result_tricks(text: &str, declarer: Option<Seat>) -> Option<u8> {
    let tricks = |t: &str| t.trim().parse::<u8>().ok().filter(|&n| n <= 13);
    if let Some(n) = tricks(text) {
        return Some(n);
    }
    let (side, n) = text.split_once(' ')?;
    let n = tricks(n)?;
    let declarer_side = match declarer? {
        Seat::North | Seat::South => "NS",
        Seat::East | Seat::West => "EW",
    };
    if side.eq_ignore_ascii_case(declarer_side) {
        Some(n)
    } else {
        Some(13 - n)
    }
}

/// Double-dummy tricks by declarer and strain, as a hand record gives them: each cell is
/// declarer's side's tricks when declarer's left-hand opponent leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DdTricks {
    /// `[declarer seat index][strain index]`, strains clubs to no trump.
    cells: [[Option<u8>; 5]; 4],
}

impl DdTricks {
    /// Declarer's tricks in a strain, if the record gives them.
    pub fn get(&self, declarer: Seat, strain: Strain) -> Option<u8> {
        self.cells[declarer.index()][strain_slot(strain)?]
    }

    /// Sets declarer's tricks in a strain; a strain outside the standard five is ignored.
    pub fn set(&mut self, declarer: Seat, strain: Strain, tricks: u8) {
        if let Some(slot) = strain_slot(strain) {
            self.cells[declarer.index()][slot] = Some(tricks);
        }
    }

    /// Every known cell as `(declarer, strain, tricks)`, North's first, clubs first.
    pub fn entries(&self) -> impl Iterator<Item = (Seat, Strain, u8)> + '_ {
        Seat::ALL.into_iter().flat_map(move |seat| {
            Strain::STANDARD
                .into_iter()
                .filter_map(move |strain| Some((seat, strain, self.get(seat, strain)?)))
        })
    }
}

fn strain_slot(strain: Strain) -> Option<usize> {
    Strain::STANDARD.iter().position(|&s| s == strain)
}

/// The declarers of `DoubleDummyTricks`, in the order its five-digit groups come.
pub(crate) const DD_DECLARERS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
/// The strains within each group of `DoubleDummyTricks`.
pub(crate) const DD_STRAINS: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Suit(Suit::Spades),
    Strain::Suit(Suit::Hearts),
    Strain::Suit(Suit::Diamonds),
    Strain::Suit(Suit::Clubs),
];

/// The `DoubleDummyTricks` tag of game `index`: 20 hexadecimal digits (`0`–`d`), in groups
/// of five for declarers North, South, East, West, each group in the strains NT, S, H, D,
/// C. `None` when the game has no such tag.
///
/// ```
/// use tenace_cards::{Seat, Strain, Suit};
/// use tenace_formats::pbn_board::double_dummy_tricks;
/// use tenace_formats::pbn_file::parse_pbn_file;
/// let file = parse_pbn_file("[DoubleDummyTricks \"1811118111819a8819a8\"]\n").unwrap();
/// let table = double_dummy_tricks(&file, 0).unwrap().unwrap();
/// assert_eq!(table.get(Seat::North, Strain::Suit(Suit::Spades)), Some(8));
/// assert_eq!(table.get(Seat::East, Strain::Suit(Suit::Diamonds)), Some(10));
/// ```
pub fn double_dummy_tricks(file: &PbnFile, index: usize) -> Result<Option<DdTricks>> {
    let tags = GameTags::new(file, index)?;
    let Some(text) = tags.value("DoubleDummyTricks") else {
        return Ok(None);
    };
    let bad = || tags.bad_value("DoubleDummyTricks", text, "20 hexadecimal digits 0 to d");
    let digits: Vec<u8> = text
        .chars()
        .map(|c| c.to_digit(16).filter(|&d| d <= 13).map(|d| d as u8))
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    if digits.len() != 20 {
        return Err(bad());
    }
    let mut table = DdTricks::default();
    let cells = DD_DECLARERS
        .iter()
        .flat_map(|&seat| DD_STRAINS.iter().map(move |&strain| (seat, strain)));
    for ((seat, strain), tricks) in cells.zip(digits) {
        table.set(seat, strain, tricks);
    }
    Ok(Some(table))
}

/// The `OptimumResultTable` of game `index`: rows of declarer, strain (the column
/// `Denomination` or `Strain`) and declarer's tricks (`Result`), columns found by their
/// names in the tag value. `None` when the game has no such tag.
pub fn optimum_result_table(file: &PbnFile, index: usize) -> Result<Option<DdTricks>> {
    const NAME: &str = "OptimumResultTable";
    let tags = GameTags::new(file, index)?;
    let Some(header) = tags.value(NAME) else {
        return Ok(None);
    };
    let names: Vec<&str> = header
        .split(';')
        .map(|c| c.split('\\').next().unwrap_or("").trim())
        .collect();
    let column = |wanted: &[&str]| {
        names
            .iter()
            .position(|n| wanted.iter().any(|w| n.eq_ignore_ascii_case(w)))
            .ok_or_else(|| {
                tags.bad_value(
                    NAME,
                    header,
                    "a header with Declarer, Denomination and Result columns",
                )
            })
    };
    let (who, what, tricks) = (
        column(&["Declarer"])?,
        column(&["Denomination", "Strain"])?,
        column(&["Result"])?,
    );
    let mut table = DdTricks::default();
    for row in tags.rows(NAME) {
        let cells: Vec<&str> = row.iter().filter_map(element_text).collect();
        if cells.is_empty() {
            continue;
        }
        let cell = |i: usize| cells.get(i).copied().unwrap_or("");
        let seat = cell(who).parse::<Seat>();
        let strain = cell(what)
            .parse::<Strain>()
            .ok()
            .filter(|s| strain_slot(*s).is_some());
        let count = cell(tricks).parse::<u8>().ok().filter(|&n| n <= 13);
        match (seat, strain, count) {
            (Ok(seat), Some(strain), Some(count)) if cells.len() == names.len() => {
                table.set(seat, strain, count);
            }
            _ => {
                let expected = "a row of declarer, strain and tricks";
                return Err(tags.bad_value(NAME, &cells.join(" "), expected));
            }
        }
    }
    Ok(Some(table))
}

/// The text of a table element (a bare word or a quoted string); `None` for commentary.
fn element_text(token: &Token) -> Option<&str> {
    match token {
        Token::Word(text) | Token::Text(text) | Token::Call(text) | Token::Card(text) => Some(text),
        _ => None,
    }
}
