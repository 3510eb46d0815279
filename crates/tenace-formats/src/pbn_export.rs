//! From a Contract Bridge or Deuces Wild deal to a PBN game: the writing direction of
//! [`crate::pbn_board`].
//!
//! [`game_from_deal`] turns a [`BridgeDeal`] — finished or not — into a [`PbnGame`] that
//! [`crate::pbn_file::format_pbn_file`] writes in export format and
//! [`crate::pbn_board::board_from_game`] replays into the same calls and cards.
//!
//! PBN has no tag for the game or for most of its options, so two user tags of tenace's
//! carry them (PBN lets a program define tags that start with an upper-case letter; the
//! writer puts them after the standard tags):
//!
//! - `TenaceGame`: the game's name as the engine protocol spells it, `bridge` or
//!   `deuces-wild`.
//! - `TenaceOptions`: the options that differ from RULES.md's defaults, as one compact
//!   JSON object with the keys of RULES.md, e.g. `{"scoring":"rubber"}`.
//!
//! Both are written for every Deuces Wild deal and for a Contract Bridge deal whose
//! options are not the defaults; a Contract Bridge deal with the default options has
//! neither, so an ordinary deal makes an ordinary file. Five Crowns Bridge is refused:
//! its 56-card deck does not fit PBN's Deal tag, and its deals are kept as JSON game
//! records instead.
//!
//! What a PBN game does not carry, and so does not come back on reading: part scores of
//! a rubber or Chicago match, and a claim (the Play section stops with `*` and the Result
//! tag gives declarer's tricks, which reading keeps as
//! [`crate::pbn_board::PbnBoard::claimed_tricks`]).

use tenace_cards::{BySeat, Card, Seat};
use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeVariant};
use tenace_rules::scoring::{Comparison, ScoringMode};
use tenace_rules::{Action, Call, Game, Phase, Vulnerability};
use thiserror::Error;

use crate::pbn::format_deal;
use crate::pbn_board::{GAME_TAG, OPTIONS_TAG};
use crate::pbn_file::{PbnGame, PbnTag, Section, Token};

/// What a record says about a deal beyond its cards and moves: the identification tags.
/// A field left `None` is written as PBN's unknown, `"?"`. The texts must hold no line
/// breaks (quotes and backslashes are escaped when written).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordInfo {
    /// The Event tag: the name of the tournament or match.
    pub event: Option<String>,
    /// The Site tag: where it was played.
    pub site: Option<String>,
    /// The Date tag, in PBN's `YYYY.MM.DD` form (`?` for unknown digits).
    pub date: Option<String>,
    /// The Board tag's number.
    pub board: Option<u32>,
    /// The players' names by seat, for the North, East, South and West tags.
    pub players: BySeat<Option<String>>,
}

/// Why a deal cannot be written as a PBN game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PbnExportError {
    /// A variant whose deck does not fit PBN's Deal tag (Five Crowns Bridge, 56 cards):
    /// the tag holds four hands of the standard 52 cards.
    #[error(
        "a {0} deal cannot be written as PBN: its 56-card deck does not fit PBN, whose \
         deals are four hands of the standard 52 cards; write it as a JSON game record \
         instead"
    )]
    Variant(&'static str),
}

/// Writes a Contract Bridge or Deuces Wild deal as a PBN game, ready for
/// [`crate::pbn_file::format_pbn_file`].
///
/// - **Tags**: Event, Site, Date, Board and the players from `info`; Dealer, Vulnerable,
///   Deal (starting with the dealer); Scoring when the options name one PBN knows (`MP`,
///   `IMP`, `Rubber`, `Chicago`; plain duplicate without a comparison is left unknown);
///   Declarer and Contract (e.g. `4SX`) once the auction is over, `Contract "Pass"` with
///   empty Declarer and Result when it was passed out; Result, declarer's tricks, once the
///   deal is finished (after a claim too).
/// - **Auction**: from the dealer, the calls as made, ending with the final passes; `*`
///   after an unfinished auction.
/// - **Play**: the opening leader's seat in the tag; one line per trick, in columns by
///   seat clockwise from the opening leader (not in the order played); `-` for the cards
///   not played in an unfinished trick, and `*` when the play stops before the last
///   trick. A passed-out deal, or one whose opening lead is not made, has no Play.
/// - **Game**: `TenaceGame` and `TenaceOptions` (see the module docs) for a Deuces Wild
///   deal, and for a Contract Bridge deal whose options are not the defaults.
///
/// Five Crowns deals are refused with [`PbnExportError::Variant`]: their 56 cards do not
/// fit PBN's Deal tag.
///
/// ```
/// use tenace_cards::Player;
/// use tenace_formats::pbn_board::board_from_game;
/// use tenace_formats::pbn_export::{game_from_deal, RecordInfo};
/// use tenace_formats::pbn_file::{format_pbn_file, parse_pbn_file, PbnFile};
/// use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup};
/// use tenace_rules::{Game, Vulnerability};
///
/// let setup = BridgeSetup::from_seed(7, Vulnerability::None, BridgeOptions::default());
/// let mut deal = BridgeDeal::from_setup(setup).unwrap();
/// // 1NT and three passes, then the opening lead and one more card.
/// for action in ["1NT", "P", "P", "P"].iter().map(|a| a.parse().unwrap()) {
///     let player = deal.to_act().iter().next().unwrap();
///     deal.try_apply(player, action).unwrap();
/// }
/// for _ in 0..2 {
///     let player = deal.to_act().iter().next().unwrap();
///     let card = deal.legal_actions(player)[0];
///     deal.try_apply(player, card).unwrap();
/// }
/// let info = RecordInfo { board: Some(1), ..RecordInfo::default() };
/// let game = game_from_deal(&deal, &info).unwrap();
/// assert_eq!(game.value("Contract"), Some("1NT"));
/// let text = format_pbn_file(&PbnFile { games: vec![game], trailer: vec![] });
/// assert!(text.contains("[Auction \""));
/// assert!(text.ends_with(" - -\r\n*\r\n"));
///
/// let board = board_from_game(&parse_pbn_file(&text).unwrap(), 0).unwrap();
/// assert_eq!(board.deal.history(), deal.history());
/// assert_eq!(board.deal.observation(Player(0)), deal.observation(Player(0)));
/// ```
pub fn game_from_deal(deal: &BridgeDeal, info: &RecordInfo) -> Result<PbnGame, PbnExportError> {
    let setup = deal.setup();
    if let BridgeVariant::FiveCrowns(_) = setup.variant {
        return Err(PbnExportError::Variant(setup.variant.name()));
    }
    let mut tags = Vec::new();
    let mut tag = |name: &str, value: Option<String>| {
        if let Some(value) = value {
            tags.push(PbnTag::new(name, value));
        }
    };
    tag("Event", info.event.clone());
    tag("Site", info.site.clone());
    tag("Date", info.date.clone());
    tag("Board", info.board.map(|b| b.to_string()));
    for seat in [Seat::West, Seat::North, Seat::East, Seat::South] {
        tag(seat_tag(seat), info.players[seat].clone());
    }
    tag("Dealer", Some(setup.dealer.to_string()));
    tag(
        "Vulnerable",
        Some(vulnerability(setup.vulnerability).to_string()),
    );
    tag("Deal", Some(format_deal(setup.dealer, &setup.hands)));
    tag("Scoring", scoring(deal).map(str::to_string));
    let auction_over = deal.phase() != Phase::Auction;
    match deal.contract() {
        Some((contract, declarer)) => {
            tag("Declarer", Some(declarer.to_string()));
            tag("Contract", Some(contract.to_string()));
        }
        None if auction_over => {
            tag("Declarer", Some(String::new()));
            tag("Contract", Some("Pass".to_string()));
        }
        None => {}
    }
    if deal.phase() == Phase::Finished {
        let tricks = deal
            .result()
            .map_or(String::new(), |r| r.tricks.to_string());
        tag("Result", Some(tricks));
    }
    let mut auction = PbnTag::new("Auction", setup.dealer.to_string());
    auction.section = Section::Moves(auction_tokens(deal));
    tags.push(auction);
    if let Some(play) = play_tag(deal) {
        tags.push(play);
    }
    // After the sections, where the writer puts tags outside the standard set anyway, so
    // the game as built is the game as read back.
    if let Some((game, options)) = game_tags(setup.variant, &setup.options) {
        tags.push(PbnTag::new(GAME_TAG, game));
        tags.push(PbnTag::new(OPTIONS_TAG, options));
    }
    Ok(PbnGame {
        line: 0,
        preamble: Vec::new(),
        tags,
    })
}

fn seat_tag(seat: Seat) -> &'static str {
    match seat {
        Seat::North => "North",
        Seat::East => "East",
        Seat::South => "South",
        Seat::West => "West",
    }
}

/// The export spelling of the Vulnerable tag.
fn vulnerability(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "None",
        Vulnerability::NorthSouth => "NS",
        Vulnerability::EastWest => "EW",
        Vulnerability::Both => "All",
    }
}

/// The values of `TenaceGame` and `TenaceOptions`; `None` for Contract Bridge with the
/// default options, which needs neither.
fn game_tags(variant: BridgeVariant, options: &BridgeOptions) -> Option<(String, String)> {
    let defaults = BridgeOptions::default();
    if variant == BridgeVariant::Standard && *options == defaults {
        return None;
    }
    // Only the options that differ from the defaults: every key written out would make
    // the tag's line longer than PBN's 255 characters, and the reader fills in the rest
    // from the same defaults.
    let mut json = variant.options_json(options);
    let default_json = variant.options_json(&defaults);
    if let (Some(map), Some(default_map)) = (json.as_object_mut(), default_json.as_object()) {
        map.retain(|key, value| default_map.get(key) != Some(value));
    }
    Some((variant.name().to_string(), json.to_string()))
}

/// The Scoring tag's value for the deal's options, where PBN has a name for them.
fn scoring(deal: &BridgeDeal) -> Option<&'static str> {
    let options = &deal.setup().options;
    match (options.scoring, options.comparison) {
        (ScoringMode::Duplicate, Comparison::Matchpoints) => Some("MP"),
        (ScoringMode::Duplicate, Comparison::Imps) => Some("IMP"),
        (ScoringMode::Duplicate, Comparison::None) => None,
        (ScoringMode::Rubber, _) => Some("Rubber"),
        (ScoringMode::Chicago, _) => Some("Chicago"),
    }
}

/// The calls as made, `*` after an unfinished auction.
fn auction_tokens(deal: &BridgeDeal) -> Vec<Token> {
    let mut tokens: Vec<Token> = deal
        .auction()
        .calls()
        .iter()
        .map(|call| {
            Token::Call(match call {
                Call::Pass => "Pass".to_string(),
                other => other.to_string(),
            })
        })
        .collect();
    if deal.phase() == Phase::Auction {
        tokens.push(Token::End);
    }
    tokens
}

/// The Play tag and its tricks, once the opening lead is made.
fn play_tag(deal: &BridgeDeal) -> Option<PbnTag> {
    let play = deal.play()?;
    let (_, declarer) = deal.contract()?;
    let leader = declarer.lho();
    let completed = play.completed();
    let mut tricks: Vec<Vec<(Seat, Card)>> = completed
        .iter()
        .map(|c| {
            let plays = c.trick.plays();
            plays
                .filter_map(|(p, card)| Some((p.seat()?, card)))
                .collect()
        })
        .collect();
    // The trick in progress, from the record: a claim clears it from the play.
    let cards: Vec<Card> = deal
        .history()
        .iter()
        .filter_map(|m| match m.action {
            Action::Card(card) => Some(card),
            _ => None,
        })
        .collect();
    let unfinished = cards.get(completed.len() * 4..).unwrap_or_default();
    if !unfinished.is_empty() {
        let mut seat = completed
            .last()
            .and_then(|c| c.winner.seat())
            .unwrap_or(leader);
        let mut trick = Vec::with_capacity(4);
        for &card in unfinished {
            trick.push((seat, card));
            seat = seat.lho();
        }
        tricks.push(trick);
    }
    if tricks.is_empty() {
        return None;
    }
    let mut tokens = Vec::with_capacity(tricks.len() * 4 + 1);
    for trick in &tricks {
        let mut line: [Option<Card>; 4] = [None; 4];
        for &(seat, card) in trick {
            line[(seat.index() + 4 - leader.index()) % 4] = Some(card);
        }
        tokens.extend(line.iter().map(|place| match place {
            Some(card) => Token::Card(card.to_string()),
            None => Token::Dash,
        }));
    }
    let every_trick = play.completed().len() == setup_tricks(deal);
    if !every_trick {
        tokens.push(Token::End);
    }
    let mut tag = PbnTag::new("Play", leader.to_string());
    tag.section = Section::Moves(tokens);
    Some(tag)
}

/// How many tricks the deal has.
fn setup_tricks(deal: &BridgeDeal) -> usize {
    deal.setup().variant.hand_size()
}

/// Adds to a game written by [`game_from_deal`] what a deal alone does not carry: a
/// claim, as the Result tag (declarer's tricks, which
/// [`crate::pbn_board::board_from_game`] reads back into `claimed_tricks`) when the play
/// stops short of it, and the auction's notes (alerts, explanations) by call index, as
/// note references after their calls with their texts in Note tags.
pub fn add_claim_and_notes(
    game: &mut PbnGame,
    claimed_tricks: Option<u8>,
    auction_notes: &[(usize, String)],
) {
    let auction = game.tags.iter().position(|t| t.name == "Auction");
    if let (Some(tricks), Some(at)) = (claimed_tricks, auction)
        && game.tag("Result").is_none()
    {
        game.tags
            .insert(at, PbnTag::new("Result", tricks.to_string()));
    }
    add_alert_notes(game, auction_notes);
}

/// Puts each alert with a text into the Auction section as a note reference after its
/// call, and its text in a Note tag after the Auction tag.
fn add_alert_notes(game: &mut PbnGame, alerts: &[(usize, String)]) {
    let Some(at) = game.tags.iter().position(|t| t.name == "Auction") else {
        return;
    };
    let Section::Moves(tokens) = &mut game.tags[at].section else {
        return;
    };
    let mut notes = Vec::new();
    let mut with_refs = Vec::with_capacity(tokens.len() + alerts.len());
    let mut call = 0;
    for token in tokens.drain(..) {
        let is_call = matches!(token, Token::Call(_));
        with_refs.push(token);
        if !is_call {
            continue;
        }
        for (_, text) in alerts.iter().filter(|(i, t)| *i == call && !t.is_empty()) {
            // A note's text is one line of a tag value.
            let text = text.replace(['\r', '\n'], " ");
            notes.push(format!("{}:{}", notes.len() + 1, text.trim()));
            with_refs.push(Token::NoteRef(notes.len() as u32));
        }
        call += 1;
    }
    *tokens = with_refs;
    for (i, note) in notes.into_iter().enumerate() {
        game.tags.insert(at + 1 + i, PbnTag::new("Note", note));
    }
}

/// Adds notes on cards to a game written by [`game_from_deal`] of `deal`: each note, by
/// the 0-based index of its card in the order the cards were played, becomes a note
/// reference after that card in the Play section's seat columns, with its text in a Note
/// tag after the Play tag (the play's notes are numbered apart from the auction's).
pub fn add_play_notes(game: &mut PbnGame, deal: &BridgeDeal, notes: &[(usize, String)]) {
    let (Some(play), Some((_, declarer))) = (deal.play(), deal.contract()) else {
        return;
    };
    let Some(at) = game.tags.iter().position(|t| t.name == "Play") else {
        return;
    };
    // Where each card played stands among the section's card and `-` tokens: its
    // trick's line, then its seat's column counted from the opening leader.
    let leader = declarer.lho();
    let mut places: Vec<usize> = Vec::new();
    for (t, completed) in play.completed().iter().enumerate() {
        for (player, _) in completed.trick.plays() {
            if let Some(seat) = player.seat() {
                places.push(t * 4 + (seat.index() + 4 - leader.index()) % 4);
            }
        }
    }
    let Section::Moves(tokens) = &mut game.tags[at].section else {
        return;
    };
    let mut refs: Vec<(usize, u32)> = Vec::new();
    let mut texts = Vec::new();
    for (card, text) in notes {
        let Some(&place) = places.get(*card) else {
            continue;
        };
        texts.push(text.replace(['\r', '\n'], " ").trim().to_string());
        refs.push((place, texts.len() as u32));
    }
    let mut with_refs = Vec::with_capacity(tokens.len() + refs.len());
    let mut place = 0;
    for token in tokens.drain(..) {
        let counted = matches!(token, Token::Card(_) | Token::Dash);
        with_refs.push(token);
        if counted {
            for &(_, n) in refs.iter().filter(|(p, _)| *p == place) {
                with_refs.push(Token::NoteRef(n));
            }
            place += 1;
        }
    }
    *tokens = with_refs;
    for (i, text) in texts.into_iter().enumerate() {
        game.tags
            .insert(at + 1 + i, PbnTag::new("Note", format!("{}:{text}", i + 1)));
    }
}
