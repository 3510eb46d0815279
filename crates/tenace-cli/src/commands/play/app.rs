//! The game as the player drives it, with no terminal: the match, the human's seat, the
//! cursor over their legal actions, messages, undo, hints and the end-of-deal pause.
//! [`App::handle`] takes what the player meant; [`App::step_opponents`] lets one computer
//! player act. The run loop only reads events and draws.

use tenace_bots::BotOptions;
use tenace_cards::{Card, Player};
use tenace_rules::{Action, Move, View};

use super::opponent::{Level, Opponent, is_optional, make_opponent};
use super::render::glyphs::Glyphs;
use super::review::{Analysis, DealReview, completed_trick, review_of};
use super::table::OnScreen;
use super::table::PlayMatch;

/// What the player meant by a key or a click.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    /// Move the cursor to the next legal action.
    CursorNext,
    /// Move the cursor to the previous legal action.
    CursorPrev,
    /// Play what is typed, or else the action under the cursor.
    Submit,
    /// A character of an action's notation (or `y` to confirm quitting).
    Type(char),
    /// Delete the last character typed.
    Backspace,
    /// Clear what is typed, close the review, cancel quitting.
    Escape,
    /// Play the legal action shown at this place (a click on its chip).
    PlayIndex(usize),
    /// Play (or in Bridgette's exchange, discard) this card (a click on it in a hand).
    PlayCard(Card),
    /// Take back your last action and everything after it.
    Undo,
    /// Ask the best available computer player what it would do, and why.
    Hint,
    /// Show (or hide) the review of the deal just finished.
    Review,
    /// Go on to the next deal once one has ended.
    NextDeal,
    /// Scroll the review a page down.
    PageDown,
    /// Scroll the review a page up.
    PageUp,
    /// Quit (asks first while the match is in progress).
    Quit,
}

/// The last trick completed, kept so the player can see it after it is gathered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastTrick {
    /// Each card as played, by whom (in Contract Bridge dummy's cards are dummy's): a
    /// card, or the joker named as a suit.
    pub plays: Vec<(Player, Action)>,
    /// Who won it.
    pub winner: Player,
}

/// Lines a page key scrolls the review by.
pub const REVIEW_PAGE: u16 = 10;

/// A whole match against computer players, from one human's seat.
pub struct App {
    game: PlayMatch,
    /// The match as dealt, before any action: undo replays the record onto a copy.
    initial: PlayMatch,
    human: Player,
    opponents: Vec<Option<Box<dyn Opponent>>>,
    adviser: Box<dyn Opponent>,
    cursor: usize,
    typed: String,
    error: Option<String>,
    notice: Option<String>,
    /// Finished deals the player has moved on from (`n`); a deal finished beyond them
    /// pauses the game so its last trick and result stay on screen.
    acknowledged: usize,
    /// The review on screen.
    review: Option<DealReview>,
    /// Its double-dummy analysis while it is being solved.
    analysis: Option<Analysis>,
    /// Whether the review solves its deal double dummy (tests keep full-deal solves out).
    review_solves: bool,
    /// How far the review is scrolled down, in lines.
    review_scroll: u16,
    /// How the screen draws cards.
    glyphs: Glyphs,
    confirm_quit: bool,
    quit: bool,
    last_trick: Option<LastTrick>,
}

impl App {
    /// A new game: `human` plays; every other seat gets a computer player of `level`,
    /// each seeded from `seed` and its seat.
    /// `think` bounds the expert: the computer players at that level, and the hint.
    pub fn new(
        game: PlayMatch,
        human: Player,
        level: Level,
        think: BotOptions,
        seed: u64,
    ) -> Result<App, String> {
        let players = game.players();
        if human.index() >= players {
            return Err(format!(
                "--seat: {} is not at this table of {players}",
                game.name(human)
            ));
        }
        let config = game
            .full_view()
            .map(|v| v.config)
            .ok_or("the match has no deal to play")?;
        let opponents = (0..players)
            .map(|p| {
                if p == human.index() {
                    Ok(None)
                } else {
                    make_opponent(level, &config, think, seed.wrapping_add(p as u64 + 1)).map(Some)
                }
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(App {
            initial: game.clone(),
            game,
            human,
            opponents,
            adviser: make_opponent(Level::BEST, &config, think, seed ^ 0x5EED)?,
            cursor: 0,
            typed: String::new(),
            error: None,
            notice: None,
            acknowledged: 0,
            review: None,
            analysis: None,
            review_solves: true,
            review_scroll: 0,
            glyphs: Glyphs::UNICODE,
            confirm_quit: false,
            quit: false,
            last_trick: None,
        })
    }

    /// Opens the review of finished deal `index` and starts its double-dummy analysis.
    fn open_review(&mut self, index: usize) {
        self.review = review_of(&self.initial, &self.game, index, self.human);
        self.review_scroll = 0;
        let deal = self.game.finished_deal(index);
        if let (Some(review), Some(deal)) = (self.review.as_mut(), deal) {
            if self.review_solves {
                self.analysis = Some(Analysis::start(deal, self.glyphs));
            } else {
                review.double_dummy.done = true;
            }
        }
    }

    /// Closes the review, abandoning its analysis (its thread stops at its next slice).
    fn close_review(&mut self) {
        self.review = None;
        self.analysis = None;
    }

    /// Takes what the review's double-dummy analysis has found since the last call;
    /// whether the screen changed.
    pub fn poll_review(&mut self) -> bool {
        let Some(update) = self.analysis.as_ref().and_then(Analysis::latest) else {
            return false;
        };
        if update.done {
            self.analysis = None;
        }
        if let Some(review) = self.review.as_mut() {
            review.double_dummy = update;
        }
        true
    }

    /// Whether the end-of-deal review solves the deal double dummy: tests keep full-deal
    /// solves out of a test build.
    #[cfg(test)]
    pub fn set_review_solves(&mut self, solves: bool) {
        self.review_solves = solves;
    }

    /// Draws cards with plain letters (`--ascii`) or suit symbols.
    pub fn set_glyphs(&mut self, glyphs: Glyphs) {
        self.glyphs = glyphs;
    }

    /// How the screen draws cards.
    pub fn glyphs(&self) -> Glyphs {
        self.glyphs
    }

    /// How far the review is scrolled down, in lines.
    pub fn review_scroll(&self) -> u16 {
        self.review_scroll
    }

    /// Scrolls the review by `lines` (down when positive); the screen keeps the last
    /// page in view.
    fn scroll_review(&mut self, lines: i32) {
        let scrolled = i32::from(self.review_scroll) + lines;
        self.review_scroll = scrolled.clamp(0, i32::from(u16::MAX)) as u16;
    }

    /// Keeps the review's scroll within its text, once the screen knows how much of it
    /// fits: `max` is the furthest down it may go.
    pub fn clamp_review_scroll(&mut self, max: u16) {
        self.review_scroll = self.review_scroll.min(max);
    }

    /// The match.
    pub fn game(&self) -> &PlayMatch {
        &self.game
    }

    /// The human's seat.
    pub fn human(&self) -> Player {
        self.human
    }

    /// Whether the player has quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// What is typed so far.
    pub fn typed(&self) -> &str {
        &self.typed
    }

    /// The cursor's place among [`App::human_actions`].
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The last error (an illegal action is refused with the engine's message).
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The last notice: a hint, a computer player's move, a question.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// The last trick completed.
    pub fn last_trick(&self) -> Option<&LastTrick> {
        self.last_trick.as_ref()
    }

    /// Whether the player is asked to confirm quitting.
    pub fn confirming_quit(&self) -> bool {
        self.confirm_quit
    }

    /// The finished deal on screen while the game waits for `n`, by its index.
    pub fn paused_deal(&self) -> Option<usize> {
        (self.game.finished_count() > self.acknowledged).then_some(self.acknowledged)
    }

    /// What the human sees: their observation of the deal in progress, or of the deal
    /// just finished while paused. Never anyone else's view.
    pub fn view(&self) -> Option<View> {
        match self.paused_deal() {
            Some(index) => self.game.finished_observation(index, self.human),
            None => self.game.observation(self.human),
        }
    }

    /// The review of the finished deal on screen, when the player asked for it.
    pub fn review(&self) -> Option<DealReview> {
        self.paused_deal()?;
        self.review.clone()
    }

    /// The human's legal actions now, bids and cards first (cards as the hand shows
    /// them) and changes of a Devil's Bridge bid last (they may be made any time, so
    /// they are never the default).
    pub fn human_actions(&self) -> Vec<Action> {
        if self.paused_deal().is_some() || !self.game.to_act().contains(self.human) {
            return Vec::new();
        }
        let (mut actions, changes): (Vec<Action>, Vec<Action>) = self
            .game
            .legal_actions(self.human)
            .into_iter()
            .partition(|a| !is_optional(a));
        // Cards in the order the hand shows them: by suit from the highest, high cards
        // first, the special cards last. Calls keep the auction's order.
        actions.sort_by_key(|a| match a {
            Action::Card(c) | Action::Discard(c) => {
                (u8::from(!c.is_suited()), std::cmp::Reverse(c.index()))
            }
            _ => (2, std::cmp::Reverse(0)),
        });
        actions.extend(changes);
        actions
    }

    /// Whether the game waits for the human: something other than a change of a Devil's
    /// Bridge bid is asked of them (a change may be made any time, and is never awaited).
    pub fn human_must_act(&self) -> bool {
        self.human_actions().iter().any(|a| !is_optional(a))
    }

    /// Takes what the player meant.
    pub fn handle(&mut self, intent: Intent) {
        if self.confirm_quit {
            self.confirm_quit = false;
            self.notice = None;
            if matches!(intent, Intent::Quit | Intent::Type('y' | 'Y')) {
                self.quit = true;
            }
            return;
        }
        if self.review().is_some() {
            // The review covers the table: the arrows and pages scroll it.
            let page = i32::from(REVIEW_PAGE);
            match intent {
                Intent::CursorNext => return self.scroll_review(1),
                Intent::CursorPrev => return self.scroll_review(-1),
                Intent::PageDown => return self.scroll_review(page),
                Intent::PageUp => return self.scroll_review(-page),
                _ => {}
            }
        }
        match intent {
            Intent::CursorNext => self.move_cursor(1),
            Intent::CursorPrev => self.move_cursor(-1),
            Intent::PageDown | Intent::PageUp => {
                self.error =
                    Some("PgUp and PgDn scroll the review (r, once a deal has ended)".into())
            }
            Intent::Submit => self.submit(),
            Intent::Type(c) => self.typed.push(c),
            Intent::Backspace => {
                self.typed.pop();
            }
            Intent::Escape => {
                self.typed.clear();
                self.close_review();
                self.error = None;
            }
            Intent::PlayIndex(i) => match self.human_actions().get(i) {
                Some(&action) => self.play(action),
                None => self.error = Some("that is not one of your legal actions now".into()),
            },
            Intent::PlayCard(card) => self.play_card(card),
            Intent::Undo => self.undo(),
            Intent::Hint => self.hint(),
            Intent::Review => {
                if let Some(index) = self.paused_deal() {
                    if self.review.is_some() {
                        self.close_review();
                    } else {
                        self.open_review(index);
                    }
                } else {
                    self.error = Some("the review is shown once a deal has ended".into());
                }
            }
            Intent::NextDeal => self.next_deal(),
            Intent::Quit => {
                if self.game.is_over() {
                    self.quit = true;
                } else {
                    self.confirm_quit = true;
                    self.notice =
                        Some("Quit the match in progress? y to quit, any other key to stay".into());
                }
            }
        }
    }

    /// Lets one computer player act, if one is to act; returns whether one did. The game
    /// waits while a finished deal is on screen.
    pub fn step_opponents(&mut self) -> bool {
        if self.paused_deal().is_some() {
            return false;
        }
        // A Devil's Bridge player may change a bid at any time; a computer player acts
        // only when something else is asked of it, or the hand would never move on.
        let Some((player, legal)) = self.game.to_act().iter().find_map(|p| {
            self.opponents.get(p.index())?.as_ref()?;
            let legal = self.game.legal_actions(p);
            legal.iter().any(|a| !is_optional(a)).then_some((p, legal))
        }) else {
            return false;
        };
        let Some(view) = self.game.observation(player) else {
            return false;
        };
        let Some(Some(opponent)) = self.opponents.get_mut(player.index()) else {
            return false;
        };
        let (action, _reason) = opponent.choose(&view, &legal);
        let before = self.view();
        match self.apply(player, action) {
            Ok(()) => {
                self.notice = Some(self.announce(player, before.as_ref()));
                true
            }
            Err(message) => {
                self.error = Some(format!(
                    "computer player {} chose an illegal action: {message}",
                    self.name(player)
                ));
                false
            }
        }
    }

    /// A player's name as the screen writes it.
    pub fn name(&self, player: Player) -> String {
        self.game.name(player)
    }

    /// What the human saw `player` do, in words, from the human's own view before and
    /// after: never from the action itself, which may be a card the human may not see (a
    /// Bridgette discard is face down).
    fn announce(&self, player: Player, before: Option<&View>) -> String {
        let name = self.name(player);
        let seen_before = before.map_or(0, |v| v.history.len());
        let after = self.view();
        let shown = after
            .as_ref()
            .and_then(|v| v.history.get(seen_before..))
            .and_then(|new| new.iter().rev().find(|m| m.player == player));
        let Some(m) = shown else {
            let exchanging = after.as_ref().is_some_and(|v| v.exchange.is_some());
            return if exchanging {
                format!("{name} discarded a card face down")
            } else {
                format!("{name} made a move you cannot see")
            };
        };
        let from_dummy = before.is_some_and(|v| {
            v.dummy.is_some() && v.trick.is_some_and(|t| Some(t.next_player()) == v.dummy)
        });
        let what = self.glyphs.action(m.action);
        match m.action {
            Action::Call(_) => format!("{name} called {what}"),
            Action::Bid(n) => format!("{name} bid {n}"),
            Action::ChangeBid(n) => format!("{name} changed their bid to {n}"),
            Action::Discard(_) => format!("{name} discarded {what}"),
            Action::Claim(n) => format!("{name}'s claim of {n} more tricks was agreed"),
            _ if from_dummy => format!("{name} played {what} from dummy"),
            _ => format!("{name} played {what}"),
        }
    }

    /// A click on a card: the one legal action that plays or discards it. The joker may
    /// be played more than one way, and is then chosen among the actions instead.
    fn play_card(&mut self, card: Card) {
        let ways: Vec<Action> = self
            .human_actions()
            .into_iter()
            .filter(|a| matches!(a, Action::Card(c) | Action::Discard(c) if *c == card))
            .collect();
        match ways.as_slice() {
            [action] => self.play(*action),
            [] if card == Card::JOKER && self.human_must_act() => {
                self.error = Some("choose how to play the joker among your actions".into())
            }
            [] => self.error = Some(format!("{card} cannot be played now")),
            _ => self.error = Some(format!("choose how to play {card} among your actions")),
        }
    }

    fn move_cursor(&mut self, by: isize) {
        let n = self.human_actions().len();
        if n > 0 {
            self.cursor = (self.cursor as isize + by).rem_euclid(n as isize) as usize;
        }
    }

    fn submit(&mut self) {
        if self.paused_deal().is_some() {
            // The status line already says the deal is over and what the keys do.
            return;
        }
        let typed = std::mem::take(&mut self.typed);
        let typed = typed.trim();
        if typed.is_empty() {
            match self.human_actions().get(self.cursor) {
                Some(&action) => self.play(action),
                None => self.error = Some("it is not your turn".into()),
            }
            return;
        }
        match typed.parse::<Action>() {
            // The engine takes a claim as already agreed; here nobody asks the computer
            // players, so a typed claim would settle the deal on the human's word alone.
            Ok(Action::Claim(_)) => self.error = Some(
                "claims need the opponents' consent, which only a table (tenace serve) asks for"
                    .into(),
            ),
            Ok(action) => self.play(action),
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// The human plays: the engine checks it, and its message is shown if it refuses.
    fn play(&mut self, action: Action) {
        match self.apply(self.human, action) {
            Ok(()) => {
                self.error = None;
                self.notice = None;
                self.cursor = 0;
            }
            Err(message) => self.error = Some(message),
        }
    }

    /// Applies an action, keeping the last completed trick for the screen as the human
    /// saw it: the trick from their view before, its last card from their record after.
    fn apply(&mut self, player: Player, action: Action) -> Result<(), String> {
        let before = self.view().and_then(|v| v.trick);
        let events = self
            .game
            .try_apply(player, action)
            .map_err(|e| e.to_string())?;
        let last = self.view().and_then(|v| v.history.last().map(|m| m.action));
        if let (Some(winner), Some(trick), Some(last)) = (events.trick_won, before, last) {
            self.last_trick = Some(completed_trick(&trick, last, winner));
        }
        self.close_review();
        Ok(())
    }

    fn next_deal(&mut self) {
        if self.paused_deal().is_none() {
            self.error = Some("the deal is not over yet".into());
        } else if self.game.is_over() {
            self.error = Some("the match is over: q to quit".into());
        } else {
            self.acknowledged = self.game.finished_count();
            self.close_review();
            self.last_trick = None;
            self.error = None;
            self.notice = None;
        }
    }

    fn hint(&mut self) {
        let actions = self.human_actions();
        let Some(view) = self
            .game
            .observation(self.human)
            .filter(|_| !actions.is_empty())
        else {
            self.error = Some("a hint is for your turn".into());
            return;
        };
        let (action, reason) = self.adviser.choose(&view, &actions);
        if let Some(i) = actions.iter().position(|&a| a == action) {
            self.cursor = i;
        }
        // The hint answers the player now: an older error no longer applies.
        self.error = None;
        self.notice = Some(format!("Hint: {} ({reason})", self.glyphs.action(action)));
    }

    /// Whether going back to `earlier` would put the human in a blind hand with their
    /// own card unplayed, once it has been shown to them: they would decide knowing what
    /// they may not see.
    fn would_unsee_blind_card(&self, earlier: &PlayMatch) -> bool {
        let unseen_then = earlier
            .observation(self.human)
            .is_some_and(|v| v.blind && v.hand_sizes.get(self.human.index()) == Some(&1));
        let deal = earlier.finished_count();
        let seen_now = if self.game.finished_count() > deal {
            // That hand has ended since: every card of it has been on the table.
            true
        } else {
            self.game
                .observation(self.human)
                .is_some_and(|v| v.hand_sizes.get(self.human.index()) == Some(&0))
        };
        unseen_then && seen_now
    }

    /// Takes back the human's last action and every action after it, by replaying the
    /// record without them onto the match as dealt.
    fn undo(&mut self) {
        let history = self.game.history();
        let Some(cut) = history.iter().rposition(|m| m.player == self.human) else {
            self.error = Some("you have no action to undo".into());
            return;
        };
        let kept: Vec<Move> = history[..cut].to_vec();
        let mut game = self.initial.clone();
        for m in &kept {
            if let Err(e) = game.try_apply(m.player, m.action) {
                self.error = Some(format!("undo failed replaying the record: {e}"));
                return;
            }
        }
        if self.would_unsee_blind_card(&game) {
            self.error = Some(
                "no undo: in a blind hand your card has been shown, and you may not go back \
                 to before it was played knowing it (docs/RULES.md §3.1)"
                    .into(),
            );
            return;
        }
        self.game = game;
        self.acknowledged = self.acknowledged.min(self.game.finished_count());
        self.last_trick = None;
        self.close_review();
        self.cursor = 0;
        self.typed.clear();
        self.error = None;
        self.notice = Some("undone: your last action and what followed it".into());
    }
}
