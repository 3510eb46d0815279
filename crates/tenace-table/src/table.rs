//! The table: seats, the match, a pending undo or claim and the chat. Commands are checked into
//! events ([`Table::check`]) without changing anything; events change the table
//! ([`Table::apply`]), so the log replayed rebuilds it exactly.

use std::collections::{BTreeMap, VecDeque};

use tenace_bots::{BotOptions, Level};
use tenace_cards::Player;
use tenace_rules::{Action, IllegalAction, Move, Phase, View};

use crate::claim::{PendingClaim, bot_accepts};
use crate::error::TableError;
use crate::event::{Actor, Command, Event, PlayerKey};
use crate::game::TableMatch;
use crate::setup::TableSetup;

/// The most chat lines a table keeps for its views.
pub const CHAT_KEPT: usize = 50;
/// The longest chat message, in characters.
pub const MAX_CHAT_CHARS: usize = 300;

/// Who holds a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Occupant {
    /// Nobody yet.
    Empty,
    /// A person.
    Human {
        /// Their player id.
        player: PlayerKey,
        /// Their name when they sat.
        name: String,
    },
    /// A computer player.
    Bot(Level),
}

/// A chat line as the table keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatLine {
    /// The version the line was said at.
    pub version: u64,
    /// The speaker's seat, if seated.
    pub seat: Option<Player>,
    /// The speaker's name.
    pub name: String,
    /// What was said.
    pub text: String,
}

/// A computer player's action of the deal in progress, with its reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotNote {
    /// The version of the action.
    pub version: u64,
    /// Where the action stands in the match's record.
    pub index: usize,
    /// The seat that acted.
    pub seat: Player,
    /// The action.
    pub action: Action,
    /// The bot's reason.
    pub reason: String,
}

/// An undo waiting for the opponents' consent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingUndo {
    /// Who asked.
    pub seat: Player,
    /// The record is cut back to this many actions.
    pub cut: usize,
    /// The answers so far, by seat.
    pub answers: BTreeMap<u8, bool>,
}

/// A computer player's turn: everything its decision needs, so it can think away from
/// the table (on a blocking pool) and come back with a command.
#[derive(Debug, Clone)]
pub struct BotTurn {
    /// The seat to play.
    pub seat: Player,
    /// How strong.
    pub level: Level,
    /// The seat's own observation: all a bot may use.
    pub view: View,
    /// The seat's legal actions.
    pub legal: Vec<Action>,
    /// The budget.
    pub think: BotOptions,
    /// The bot's seed, from the table's seed and version, so each decision differs.
    pub seed: u64,
}

impl BotTurn {
    /// Decides: the action and its reason. A bot that cannot decide (it never should on
    /// its own view) falls back to the first legal action and says so.
    pub fn decide(&self) -> (Action, String) {
        let decision =
            tenace_bots::new_bot_with(self.level, &self.view.config, self.think, self.seed)
                .and_then(|mut bot| bot.decide(&self.view, &self.legal));
        match decision {
            Ok(d) => (d.action, d.reason),
            Err(e) => (
                self.legal[0],
                format!("the first legal action: the computer player could not decide ({e})"),
            ),
        }
    }
}

/// A live table.
#[derive(Debug, Clone)]
pub struct Table {
    setup: TableSetup,
    host: PlayerKey,
    initial: TableMatch,
    game: TableMatch,
    seats: Vec<Occupant>,
    started: bool,
    version: u64,
    undo: Option<PendingUndo>,
    claim: Option<PendingClaim>,
    chat: VecDeque<ChatLine>,
    bot_notes: Vec<BotNote>,
    /// Seats whose away player a computer player stands in for: the server's call, from
    /// presence, never logged (the bot's actions are).
    taken_over: Vec<bool>,
    /// Swaps asked for and not yet returned, as (asker's seat, seat asked for).
    swaps_asked: Vec<(u8, u8)>,
}

impl Table {
    /// A new table, nobody seated, at version 0.
    pub fn new(setup: TableSetup, host: PlayerKey) -> Result<Table, TableError> {
        let game = setup.deal()?;
        let players = game.players();
        Ok(Table {
            setup,
            host,
            initial: game.clone(),
            game,
            seats: vec![Occupant::Empty; players],
            started: false,
            version: 0,
            undo: None,
            claim: None,
            chat: VecDeque::new(),
            bot_notes: Vec::new(),
            taken_over: vec![false; players],
            swaps_asked: Vec::new(),
        })
    }

    /// A table rebuilt from its setup and its log, in order. Fails if an event does not
    /// apply (a log from another table or another build).
    pub fn replay<'a>(
        setup: TableSetup,
        host: PlayerKey,
        events: impl IntoIterator<Item = &'a Event>,
    ) -> Result<Table, TableError> {
        let mut table = Table::new(setup, host)?;
        for event in events {
            table.apply(event)?;
        }
        Ok(table)
    }

    /// The setup the table was made from.
    pub fn setup(&self) -> &TableSetup {
        &self.setup
    }

    /// The host's player id.
    pub fn host(&self) -> PlayerKey {
        self.host
    }

    /// The match.
    pub fn game(&self) -> &TableMatch {
        &self.game
    }

    /// The seats, by player index.
    pub fn seats(&self) -> &[Occupant] {
        &self.seats
    }

    /// The seq of the last event applied; 0 for a new table.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Whether every seat was taken and the match began.
    pub fn is_started(&self) -> bool {
        self.started
    }

    /// Whether the match is over.
    pub fn is_finished(&self) -> bool {
        self.started && self.game.is_over()
    }

    /// The pending undo, if any.
    pub fn pending_undo(&self) -> Option<&PendingUndo> {
        self.undo.as_ref()
    }

    /// The seat swaps asked for before the start and not yet answered, as (the asker's
    /// seat, the seat they ask for).
    pub fn swaps_asked(&self) -> &[(u8, u8)] {
        &self.swaps_asked
    }

    /// The pending claim, if any.
    pub fn pending_claim(&self) -> Option<&PendingClaim> {
        self.claim.as_ref()
    }

    /// Whether `seat` owes an answer to the undo or the claim waiting: an opponent of who
    /// asked, who has not answered yet. Play waits for it as for a turn.
    pub fn owes_answer(&self, seat: Player) -> bool {
        let owes = |asker: Player, answers: &std::collections::BTreeMap<u8, bool>| {
            self.game.opponents(asker, seat) && !answers.contains_key(&seat.0)
        };
        self.undo.as_ref().is_some_and(|u| owes(u.seat, &u.answers))
            || self
                .claim
                .as_ref()
                .is_some_and(|c| owes(c.seat, &c.answers))
    }

    /// The chat kept for the views, oldest first.
    pub fn chat(&self) -> impl Iterator<Item = &ChatLine> {
        self.chat.iter()
    }

    /// The computer players' actions of the deal in progress.
    pub fn bot_notes(&self) -> &[BotNote] {
        &self.bot_notes
    }

    /// Whether a computer player stands in for this seat's away player.
    pub fn is_taken_over(&self, seat: Player) -> bool {
        self.taken_over.get(seat.index()).copied().unwrap_or(false)
    }

    /// The seat this player sits in, if any.
    pub fn seat_of(&self, player: PlayerKey) -> Option<Player> {
        self.seats
            .iter()
            .position(|o| matches!(o, Occupant::Human { player: p, .. } if *p == player))
            .map(|i| Player(i as u8))
    }

    /// The seats still free.
    pub fn free_seats(&self) -> Vec<Player> {
        (0..self.seats.len())
            .filter(|&i| self.seats[i] == Occupant::Empty)
            .map(|i| Player(i as u8))
            .collect()
    }

    /// Lets a computer player stand in for a seated person (while they are away), or
    /// gives the seat back. Only a seat held by a person can be taken over; returns
    /// whether anything changed.
    pub fn set_taken_over(&mut self, seat: Player, on: bool) -> bool {
        let human = matches!(self.seats.get(seat.index()), Some(Occupant::Human { .. }));
        match self.taken_over.get_mut(seat.index()) {
            Some(flag) if human && *flag != on => {
                *flag = on;
                true
            }
            _ => false,
        }
    }

    fn seat_named(&self, field: &str, name: &str) -> Result<Player, TableError> {
        self.game.parse_seat(name).ok_or_else(|| {
            let names: Vec<String> = (0..self.seats.len() as u8)
                .map(|p| self.game.seat_name(Player(p)))
                .collect();
            TableError::new(
                field,
                format!(
                    "{name:?} is not a seat at this table ({})",
                    names.join(", ")
                ),
            )
        })
    }

    fn before_start(&self, what: &str) -> Result<(), TableError> {
        if self.started {
            Err(TableError::new(
                "status",
                format!("{what} only before the start; the match has begun"),
            ))
        } else {
            Ok(())
        }
    }

    fn host_only(&self, actor: PlayerKey, what: &str) -> Result<(), TableError> {
        if actor == self.host {
            Ok(())
        } else {
            Err(TableError::new("host", format!("only the host may {what}")))
        }
    }

    /// Checks a command from `actor` against the table and turns it into the event that
    /// records it. Nothing changes; an error names the field or rule at fault.
    pub fn check(&self, actor: &Actor, command: &Command) -> Result<Event, TableError> {
        let (player, name) = match actor {
            Actor::Player { id, name } => (*id, name.as_str()),
            Actor::Bot { seat, reason } => return self.check_bot(*seat, command, reason),
        };
        let own_seat = self.seat_of(player);
        let seated = || {
            own_seat.ok_or_else(|| {
                TableError::new(
                    "seat",
                    "you are not seated at this table (a spectator may only chat)",
                )
            })
        };
        match command {
            Command::Sit { seat } => {
                self.before_start("sitting down")?;
                let seat = self.seat_named("seat", seat)?;
                if self.seats[seat.index()] != Occupant::Empty {
                    return Err(TableError::new(
                        "seat",
                        format!("{} is taken", self.game.seat_in_words(seat)),
                    ));
                }
                Ok(Event::Sit {
                    seat: seat.0,
                    player,
                    name: name.to_string(),
                })
            }
            Command::Swap { seat } => {
                self.before_start("changing seats")?;
                let from = seated()?;
                let to = self.seat_named("seat", seat)?;
                let to_name = self.game.seat_in_words(to);
                match &self.seats[to.index()] {
                    _ if to == from => Err(TableError::new(
                        "seat",
                        format!("you already sit in {to_name}"),
                    )),
                    Occupant::Empty => Err(TableError::new(
                        "seat",
                        format!("{to_name} is free: sit there instead"),
                    )),
                    Occupant::Bot(_) => Ok(Event::Swap { a: from.0, b: to.0 }),
                    Occupant::Human { .. } if self.swaps_asked.contains(&(to.0, from.0)) => {
                        Ok(Event::Swap { a: from.0, b: to.0 })
                    }
                    Occupant::Human { .. } if self.swaps_asked.contains(&(from.0, to.0)) => {
                        Err(TableError::new(
                            "seat",
                            format!(
                                "you have already asked {to_name} to change seats; \
                                 they answer by asking for yours"
                            ),
                        ))
                    }
                    Occupant::Human { .. } => Ok(Event::SwapAsked {
                        from: from.0,
                        to: to.0,
                    }),
                }
            }
            Command::Leave => {
                self.before_start("leaving a seat")?;
                Ok(Event::Leave { seat: seated()?.0 })
            }
            Command::Remove { seat } => {
                self.host_only(player, "remove a player")?;
                self.before_start("removing a player")?;
                let seat = self.seat_named("seat", seat)?;
                if !matches!(self.seats[seat.index()], Occupant::Human { .. }) {
                    return Err(TableError::new(
                        "seat",
                        format!("nobody sits in {}", self.game.seat_in_words(seat)),
                    ));
                }
                Ok(Event::Remove { seat: seat.0 })
            }
            Command::Bot { seat, level } => {
                self.host_only(player, "seat a computer player")?;
                self.before_start("seating a computer player")?;
                let seat = self.seat_named("seat", seat)?;
                let occupant = &self.seats[seat.index()];
                match level {
                    Some(level) => {
                        let level: Level = level.parse().map_err(|_| {
                            TableError::new(
                                "level",
                                format!("{level:?} is not one of random, basic, expert"),
                            )
                        })?;
                        if matches!(occupant, Occupant::Human { .. }) {
                            return Err(TableError::new(
                                "seat",
                                format!("{} is taken by a player", self.game.seat_in_words(seat)),
                            ));
                        }
                        Ok(Event::Bot {
                            seat: seat.0,
                            level: Some(level.to_string()),
                        })
                    }
                    None if matches!(occupant, Occupant::Bot(_)) => Ok(Event::Bot {
                        seat: seat.0,
                        level: None,
                    }),
                    None => Err(TableError::new(
                        "seat",
                        format!(
                            "no computer player sits in {}",
                            self.game.seat_in_words(seat)
                        ),
                    )),
                }
            }
            Command::Act { action } => {
                let seat = seated()?;
                let action = self.check_action(seat, action)?;
                Ok(Event::Act {
                    seat: seat.0,
                    action,
                    reason: None,
                })
            }
            Command::Undo => {
                let seat = seated()?;
                self.check_undo(seat)?;
                Ok(Event::Undo { seat: seat.0 })
            }
            Command::UndoAnswer { accept } => {
                let seat = seated()?;
                let pending = self
                    .undo
                    .as_ref()
                    .ok_or_else(|| TableError::new("undo", "no undo is waiting for an answer"))?;
                // The player asking may withdraw it (a refusal of their own).
                let withdrawal = seat == pending.seat && !accept;
                if !withdrawal && !self.game.opponents(pending.seat, seat) {
                    return Err(TableError::new(
                        "undo",
                        "only an opponent of the player asking answers an undo (who asked may \
                         withdraw it with accept false)",
                    ));
                }
                if pending.answers.contains_key(&seat.0) {
                    return Err(TableError::new(
                        "undo",
                        "you have answered this undo already",
                    ));
                }
                Ok(Event::UndoAnswer {
                    seat: seat.0,
                    accept: *accept,
                })
            }
            Command::Claim { tricks } => {
                let seat = seated()?;
                self.check_claim(seat, *tricks)?;
                // Computer players among the opponents answer now, by the double-dummy
                // result; their answers are stored with the claim.
                // One solve answers for all of them: they judge the same position.
                let bots: Vec<Player> = self
                    .claim_opponents(seat)
                    .filter(|&p| self.bot_level(p).is_some())
                    .collect();
                let yes = !bots.is_empty() && {
                    let budget = std::time::Duration::from_millis(self.setup.settings.think_ms);
                    self.game
                        .current_deal()
                        .is_some_and(|d| bot_accepts(&d, seat, *tricks, budget))
                };
                let bot_answers = bots.into_iter().map(|p| (p.0, yes)).collect();
                Ok(Event::Claim {
                    seat: seat.0,
                    tricks: *tricks,
                    bot_answers,
                })
            }
            Command::ClaimAnswer { accept } => {
                let seat = seated()?;
                let pending = self
                    .claim
                    .as_ref()
                    .ok_or_else(|| TableError::new("claim", "no claim is waiting for an answer"))?;
                // The claimer may withdraw it (a refusal of their own).
                let withdrawal = seat == pending.seat && !accept;
                if !withdrawal && !self.game.opponents(pending.seat, seat) {
                    return Err(TableError::new(
                        "claim",
                        "only an opponent of the claimer answers a claim (the claimer may \
                         withdraw it with accept false)",
                    ));
                }
                if pending.answers.contains_key(&seat.0) {
                    return Err(TableError::new(
                        "claim",
                        "this claim has your answer already",
                    ));
                }
                Ok(Event::ClaimAnswer {
                    seat: seat.0,
                    accept: *accept,
                })
            }
            Command::Chat { text } => {
                let text = text.trim();
                let chars = text.chars().count();
                if chars == 0 || chars > MAX_CHAT_CHARS {
                    return Err(TableError::new(
                        "text",
                        format!("a chat message has 1 to {MAX_CHAT_CHARS} characters, not {chars}"),
                    ));
                }
                if text.chars().any(|c| c.is_control()) {
                    return Err(TableError::new("text", "no control characters in chat"));
                }
                Ok(Event::Chat {
                    seat: own_seat.map(|s| s.0),
                    name: name.to_string(),
                    text: text.to_string(),
                })
            }
        }
    }

    /// The seats computer players act for now: their own seats, seats taken over from
    /// away players, and every seat at a duplicate board's second table.
    fn bot_level(&self, seat: Player) -> Option<Level> {
        match self.seats.get(seat.index())? {
            Occupant::Bot(level) => Some(*level),
            _ if self.game.is_second_table() => Some(Level::Basic),
            Occupant::Human { .. } if self.is_taken_over(seat) => Some(Level::Basic),
            _ => None,
        }
    }

    fn check_bot(&self, seat: u8, command: &Command, reason: &str) -> Result<Event, TableError> {
        let seat = Player(seat);
        if self.bot_level(seat).is_none() {
            return Err(TableError::new(
                "seat",
                format!("no computer player plays {}", self.game.seat_in_words(seat)),
            ));
        }
        match command {
            Command::Act { action } => Ok(Event::Act {
                seat: seat.0,
                action: self.check_action(seat, action)?,
                reason: Some(reason.to_string()),
            }),
            _ => Err(TableError::new("type", "a computer player only acts")),
        }
    }

    /// Checks an action by the engine. A refused action is named in the message only as
    /// the sender wrote it: the engine's words never depend on hidden cards.
    fn check_action(&self, seat: Player, action: &str) -> Result<Action, TableError> {
        if !self.started {
            return Err(TableError::new(
                "status",
                "the match starts when every seat is taken",
            ));
        }
        if self.game.is_over() {
            return Err(TableError::new("status", "the match is over"));
        }
        if self.undo.is_some() {
            return Err(TableError::new(
                "undo",
                "an undo is waiting for an answer; play goes on once it is answered",
            ));
        }
        if self.claim.is_some() {
            return Err(TableError::new(
                "claim",
                "a claim is waiting for an answer; play goes on if it is rejected",
            ));
        }
        let parsed: Action = action
            .parse()
            .map_err(|e: tenace_rules::ActionParseError| TableError::new("action", e.0))?;
        if !self.game.to_act().contains(seat) {
            let turn: Vec<String> = self
                .game
                .to_act()
                .iter()
                .map(|p| self.game.player_in_words(p))
                .collect();
            return Err(TableError::new(
                "turn",
                format!(
                    "{} may not act now: it is {}'s turn",
                    self.game.player_in_words(seat),
                    turn.join(" or ")
                ),
            ));
        }
        let mut trial = self.game.clone();
        trial
            .try_apply(seat, parsed)
            .map_err(|e| TableError::new("action", e.to_string()))?;
        Ok(parsed)
    }

    fn check_undo(&self, seat: Player) -> Result<usize, TableError> {
        if !self.started || self.game.is_over() {
            return Err(TableError::new(
                "undo",
                "there is nothing to undo outside a match in play",
            ));
        }
        if self.undo.is_some() {
            return Err(TableError::new(
                "undo",
                "an undo is already waiting for an answer",
            ));
        }
        if self.claim.is_some() {
            return Err(TableError::new("undo", "a claim is waiting for an answer"));
        }
        if self.game.is_second_table() {
            return Err(TableError::new(
                "undo",
                "the second table is playing the board",
            ));
        }
        let start = self.game.current_deal_start();
        let history = self.game.history();
        let cut = history[start..]
            .iter()
            .rposition(|m| m.player == seat)
            .map(|i| start + i)
            .ok_or_else(|| TableError::new("undo", "you have no action in this deal to undo"))?;
        if self.game.full_view().is_some_and(|v| v.blind) {
            return Err(TableError::new(
                "undo",
                "no undo in a blind hand: a card once seen cannot be unseen (RULES.md §3.1)",
            ));
        }
        // The computer players at the other table take nothing back, so a board compared
        // with theirs stays fair only if an undo here has seen no one else's action.
        if self.game.is_compared() && cut + 1 != history.len() {
            return Err(TableError::new(
                "undo",
                "at a duplicate table compared with the computer players' table, an undo is \
                 allowed only before the next action",
            ));
        }
        let bots_must_consent = (0..self.seats.len() as u8).map(Player).any(|p| {
            self.game.opponents(seat, p) && matches!(self.seats[p.index()], Occupant::Bot(_))
        });
        if bots_must_consent && !self.setup.settings.casual {
            return Err(TableError::new(
                "undo",
                "computer players consent to an undo only at a casual table",
            ));
        }
        Ok(cut)
    }

    /// The players who answer `claimer`'s claim: the other side in the partnership games,
    /// the other player in Bridgette.
    fn claim_opponents(&self, claimer: Player) -> impl Iterator<Item = Player> + '_ {
        (0..self.seats.len() as u8)
            .map(Player)
            .filter(move |&p| self.game.opponents(claimer, p))
    }

    /// Checks a claim by the engine's rules on a trial copy, and that the table can wait
    /// for answers now. A claim of more tricks than remain blames `tricks`, any other
    /// refusal `claim`.
    fn check_claim(&self, seat: Player, tricks: u8) -> Result<(), TableError> {
        if !self.started || self.game.is_over() {
            return Err(TableError::new(
                "claim",
                "a claim is made in the play of a deal, and no deal is being played",
            ));
        }
        if self.game.is_second_table() {
            return Err(TableError::new(
                "claim",
                "the second table is playing the board",
            ));
        }
        if self.claim.is_some() {
            return Err(TableError::new(
                "claim",
                "a claim is already waiting for an answer",
            ));
        }
        if self.undo.is_some() {
            return Err(TableError::new("claim", "an undo is waiting for an answer"));
        }
        let mut trial = self.game.clone();
        trial
            .try_apply(seat, Action::Claim(tricks))
            .map(|_| ())
            .map_err(|e| match e {
                IllegalAction::ClaimTooMany { .. } => TableError::new("tricks", e.to_string()),
                _ => TableError::new("claim", e.to_string()),
            })
    }

    /// Applies an accepted event: the only way a table changes. Fails (changing nothing)
    /// only on an event the table could not have accepted, e.g. from another table's log.
    pub fn apply(&mut self, event: &Event) -> Result<(), TableError> {
        let seats = self.seats.len();
        let seat_at = |seat: u8| -> Result<usize, TableError> {
            let index = usize::from(seat);
            if index < seats {
                Ok(index)
            } else {
                Err(TableError::new(
                    "seat",
                    format!("no seat {seat} at this table"),
                ))
            }
        };
        let version = self.version + 1;
        match event {
            Event::Sit { seat, player, name } => {
                let index = seat_at(*seat)?;
                if let Some(old) = self.seat_of(*player) {
                    self.seats[old.index()] = Occupant::Empty;
                    self.forget_swaps(old.0);
                }
                self.forget_swaps(*seat);
                self.seats[index] = Occupant::Human {
                    player: *player,
                    name: name.clone(),
                };
            }
            Event::SwapAsked { from, to } => {
                seat_at(*from)?;
                seat_at(*to)?;
                self.swaps_asked.push((*from, *to));
            }
            Event::Swap { a, b } => {
                let (a, b) = (seat_at(*a)?, seat_at(*b)?);
                self.seats.swap(a, b);
                self.forget_swaps(a as u8);
                self.forget_swaps(b as u8);
            }
            Event::Leave { seat } | Event::Remove { seat } => {
                let index = seat_at(*seat)?;
                self.forget_swaps(*seat);
                self.seats[index] = Occupant::Empty;
                self.taken_over[index] = false;
            }
            Event::Bot { seat, level } => {
                let index = seat_at(*seat)?;
                self.forget_swaps(*seat);
                self.seats[index] = match level {
                    Some(level) => Occupant::Bot(level.parse().map_err(|_| {
                        TableError::new("level", format!("{level:?} is not a level"))
                    })?),
                    None => Occupant::Empty,
                };
            }
            Event::Act {
                seat,
                action,
                reason,
            } => {
                seat_at(*seat)?;
                let player = Player(*seat);
                let finished = self.game.finished_count();
                let index = self.game.history().len();
                self.game
                    .try_apply(player, *action)
                    .map_err(|e| TableError::new("action", e.to_string()))?;
                if self.game.finished_count() != finished {
                    self.bot_notes.clear();
                } else if let Some(reason) = reason {
                    self.bot_notes.push(BotNote {
                        version,
                        index,
                        seat: player,
                        action: *action,
                        reason: reason.clone(),
                    });
                }
            }
            Event::Undo { seat } => {
                seat_at(*seat)?;
                let seat = Player(*seat);
                let cut = self.check_undo(seat)?;
                self.undo = Some(PendingUndo {
                    seat,
                    cut,
                    answers: BTreeMap::new(),
                });
                self.settle_undo()?;
            }
            Event::UndoAnswer { seat, accept } => {
                seat_at(*seat)?;
                let Some(pending) = self.undo.as_mut() else {
                    return Err(TableError::new("undo", "no undo is waiting"));
                };
                pending.answers.insert(*seat, *accept);
                self.settle_undo()?;
            }
            Event::Claim {
                seat,
                tricks,
                bot_answers,
            } => {
                seat_at(*seat)?;
                let claimer = Player(*seat);
                self.check_claim(claimer, *tricks)?;
                // Only the opponents' answers count; the stored ones are kept as decided.
                let answers = bot_answers
                    .iter()
                    .filter(|(s, _)| self.game.opponents(claimer, Player(**s)))
                    .map(|(&s, &a)| (s, a))
                    .collect();
                self.claim = Some(PendingClaim {
                    seat: claimer,
                    tricks: *tricks,
                    answers,
                });
                self.settle_claim()?;
            }
            Event::ClaimAnswer { seat, accept } => {
                seat_at(*seat)?;
                let Some(pending) = self.claim.as_mut() else {
                    return Err(TableError::new("claim", "no claim is waiting"));
                };
                pending.answers.insert(*seat, *accept);
                self.settle_claim()?;
            }
            Event::Chat { seat, name, text } => {
                self.chat.push_back(ChatLine {
                    version,
                    seat: seat.map(Player),
                    name: name.clone(),
                    text: text.clone(),
                });
                while self.chat.len() > CHAT_KEPT {
                    self.chat.pop_front();
                }
            }
        }
        if !self.started && self.seats.iter().all(|o| *o != Occupant::Empty) {
            self.started = true;
            self.swaps_asked.clear();
        }
        self.version = version;
        Ok(())
    }

    /// Drops the swaps asked by or of `seat`: its occupant changed.
    fn forget_swaps(&mut self, seat: u8) {
        self.swaps_asked
            .retain(|&(from, to)| from != seat && to != seat);
    }

    /// Takes the pending undo when every person among the opponents consented (computer
    /// players consent, the check having refused an undo they would not), or drops it at
    /// the first refusal.
    fn settle_undo(&mut self) -> Result<(), TableError> {
        let Some(pending) = self.undo.as_ref() else {
            return Ok(());
        };
        if pending.answers.values().any(|accept| !accept) {
            self.undo = None;
            return Ok(());
        }
        let waiting = (0..self.seats.len() as u8).map(Player).any(|p| {
            self.game.opponents(pending.seat, p)
                && matches!(self.seats[p.index()], Occupant::Human { .. })
                && !pending.answers.contains_key(&p.0)
        });
        if waiting {
            return Ok(());
        }
        let kept: Vec<Move> = self.game.history()[..pending.cut].to_vec();
        let mut game = self.initial.clone();
        for m in &kept {
            game.try_apply(m.player, m.action).map_err(|e| {
                TableError::new("undo", format!("replaying the record failed: {e}"))
            })?;
        }
        let cut = pending.cut;
        self.game = game;
        // The notes of the actions taken back go with them.
        self.bot_notes.retain(|note| note.index < cut);
        self.undo = None;
        Ok(())
    }

    /// Takes the pending claim when every opponent accepted (the engine's `claim N` ends
    /// the deal), or drops it at the first refusal.
    fn settle_claim(&mut self) -> Result<(), TableError> {
        let Some(pending) = self.claim.as_ref() else {
            return Ok(());
        };
        if pending.answers.values().any(|accept| !accept) {
            self.claim = None;
            return Ok(());
        }
        if self
            .claim_opponents(pending.seat)
            .any(|p| !pending.answers.contains_key(&p.0))
        {
            return Ok(());
        }
        let (seat, tricks) = (pending.seat, pending.tricks);
        let finished = self.game.finished_count();
        self.game
            .try_apply(seat, Action::Claim(tricks))
            .map_err(|e| TableError::new("claim", e.to_string()))?;
        if self.game.finished_count() != finished {
            self.bot_notes.clear();
        }
        self.claim = None;
        Ok(())
    }

    /// The computer player's turn now, if one is to act: none before the start, after the
    /// end, or while an undo waits. In Devil's Bridge a bid may be changed at any time,
    /// so a bot acts only when something else is asked of it.
    pub fn bot_turn(&self) -> Option<BotTurn> {
        if !self.started || self.game.is_over() || self.undo.is_some() || self.claim.is_some() {
            return None;
        }
        let seed = self.setup.seed ^ self.version.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.game
            .to_act()
            .iter()
            .find_map(|seat| self.decision_turn(seat, self.bot_level(seat)?, seed))
    }

    /// What a computer player of `level` in `seat` decides from: the seat's own
    /// observation and its legal actions but changes of bid (a Devil's Bridge bid may be
    /// changed at any time, so a change alone is nothing asked). `None` when nothing else
    /// is asked of the seat.
    pub(crate) fn decision_turn(&self, seat: Player, level: Level, seed: u64) -> Option<BotTurn> {
        let legal: Vec<Action> = self
            .game
            .legal_actions(seat)
            .into_iter()
            .filter(|a| !matches!(a, Action::ChangeBid(_)))
            .collect();
        if legal.is_empty() {
            return None;
        }
        Some(BotTurn {
            seat,
            level,
            view: self.game.observation(seat)?,
            legal,
            think: BotOptions {
                think_ms: Some(self.setup.settings.think_ms),
                samples: BotOptions::DEFAULT_SAMPLES,
            },
            seed,
        })
    }

    /// Whether the deal in progress is being played: dealt, not over.
    pub fn in_play(&self) -> bool {
        self.started
            && self
                .game
                .full_view()
                .is_some_and(|v| v.phase != Phase::Finished)
    }
}
