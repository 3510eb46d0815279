//! What every match shares: a run of deals, the one in progress and the record of every
//! action, driven through one [`Match`] trait. Each match supplies only what is its own:
//! how it scores a finished deal, whether that ends it, and how it deals the next.

use tenace_cards::Player;

use crate::game::{Action, Events, Game, IllegalAction, Move, Phase, PlayerSet};
use crate::view::View;

/// The deals of a match: those finished, the one in progress, and the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deals<D> {
    finished: Vec<D>,
    current: Option<D>,
    history: Vec<Move>,
}

impl<D: Game> Deals<D> {
    /// A match's deals, starting with `first`.
    pub fn new(first: D) -> Deals<D> {
        Deals {
            finished: Vec::new(),
            current: Some(first),
            history: Vec::new(),
        }
    }

    /// The deal in progress, or `None` once the match is over.
    pub fn current(&self) -> Option<&D> {
        self.current.as_ref()
    }

    /// The deals finished so far, in order.
    pub fn finished(&self) -> &[D] {
        &self.finished
    }

    /// The record: every action of every deal, in order.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The deal in progress, or the last one once the match is over.
    pub fn latest(&self) -> Option<&D> {
        self.current.as_ref().or(self.finished.last())
    }

    /// Starts the next deal.
    pub fn start(&mut self, next: D) {
        self.current = Some(next);
    }

    /// Drops the deal in progress, ending the match; `false` if it was already over.
    pub fn stop(&mut self) -> bool {
        self.current.take().is_some()
    }

    /// Takes an action in the deal in progress, checked or not. Returns the events, and
    /// whether the action finished the deal (which then moves to the finished ones).
    fn apply(
        &mut self,
        player: Player,
        action: Action,
        checked: bool,
    ) -> Option<Result<(Events, bool), IllegalAction>> {
        let deal = self.current.as_mut()?;
        let events = if checked {
            match deal.try_apply(player, action) {
                Ok(events) => events,
                Err(e) => return Some(Err(e)),
            }
        } else {
            deal.apply_unchecked(player, action)
        };
        self.history.push(Move { player, action });
        let done = deal.phase() == Phase::Finished;
        if done && let Some(deal) = self.current.take() {
            self.finished.push(deal);
        }
        Some(Ok((events, done)))
    }
}

/// A game of several deals: a Contract Bridge match, a Devil's Bridge game, a Bridgette
/// game. The provided methods drive the deal in progress; a match supplies only its own
/// part: [`Match::record_finished_deal`], which writes the deal just finished on its
/// sheet and says whether the match is over, and [`Match::next_deal`].
pub trait Match {
    /// The deals this match is made of.
    type Deal: Game;

    /// The deals so far.
    fn deals(&self) -> &Deals<Self::Deal>;

    /// The deals so far, to change.
    fn deals_mut(&mut self) -> &mut Deals<Self::Deal>;

    /// Writes the deal just finished (the last of [`Deals::finished`]) on the sheet, and
    /// says whether that ends the match.
    fn record_finished_deal(&mut self) -> bool;

    /// The deal to play next, when the match goes on.
    fn next_deal(&self) -> Self::Deal;

    /// Scores the deal just finished, and deals the next unless the match is over.
    fn deal_finished(&mut self) {
        if !self.record_finished_deal() {
            let next = self.next_deal();
            self.deals_mut().start(next);
        }
    }

    /// How the match names a player in its messages.
    fn player_name(&self, player: Player) -> String {
        crate::game::player_in_words(player, 0, false)
    }

    /// The deal in progress, or `None` once the match is over.
    fn current(&self) -> Option<&Self::Deal> {
        self.deals().current()
    }

    /// Whether the match is over.
    fn is_over(&self) -> bool {
        self.current().is_none()
    }

    /// The whole record: every action of every deal, in order.
    fn history(&self) -> &[Move] {
        self.deals().history()
    }

    /// Who may act in the deal in progress.
    fn to_act(&self) -> PlayerSet {
        self.current().map_or(PlayerSet::EMPTY, Game::to_act)
    }

    /// A player's legal actions in the deal in progress.
    fn legal_actions(&self, player: Player) -> Vec<Action> {
        self.current()
            .map_or_else(Vec::new, |d| d.legal_actions(player))
    }

    /// Takes an action after checking it; when it ends the deal, the match scores it and
    /// deals the next. On error nothing changes.
    fn try_apply(&mut self, player: Player, action: Action) -> Result<Events, IllegalAction> {
        let Some(result) = self.deals_mut().apply(player, action, true) else {
            return Err(IllegalAction::NotToAct {
                player: self.player_name(player),
                reason: "the match is over".into(),
            });
        };
        let (events, done) = result?;
        if done {
            self.deal_finished();
        }
        Ok(events)
    }

    /// Takes a legal action without checking it.
    fn apply_unchecked(&mut self, player: Player, action: Action) -> Events {
        let Some(Ok((events, done))) = self.deals_mut().apply(player, action, false) else {
            return Events::default();
        };
        if done {
            self.deal_finished();
        }
        events
    }

    /// Plays a record onto this match, checking every action: the record is the game.
    /// Returns the index of the first action refused, with the reason.
    fn replayed(mut self, history: &[Move]) -> Result<Self, (usize, IllegalAction)>
    where
        Self: Sized,
    {
        for (i, mv) in history.iter().enumerate() {
            self.try_apply(mv.player, mv.action).map_err(|e| (i, e))?;
        }
        Ok(self)
    }

    /// A player's view of the deal in progress (the last deal once the match is over).
    fn observation(&self, player: Player) -> Option<View> {
        self.deals().latest().map(|d| d.observation(player))
    }

    /// The full view of the deal in progress (the last deal once the match is over).
    fn full_view(&self) -> Option<View> {
        self.deals().latest().map(Game::full_view)
    }
}
