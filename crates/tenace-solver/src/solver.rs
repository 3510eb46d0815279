//! The solver: a plain value owning its tables, one per thread.

use tenace_cards::{BySeat, Card, CardSet, Player, Rank, Seat, Strain, Suit};
use tenace_rules::trick::TrickRules;

use crate::bridge::lanes::{card_at, five_suit_index};
use crate::bridge::{BridgeSearch, FastSearch, NT};
use crate::generic::{GenericPosition, GenericSearch, Roles};
use crate::position::{FastRules, Position, Sides, SolveError, suits_shown_out};
use crate::table::DdTable;

/// The default memory of a solver: 64 MiB for each of its two tables.
pub const DEFAULT_MEMORY: usize = 64 << 20;

/// A double-dummy solver. It owns its transposition tables, so it is `Send` and each
/// thread keeps its own; its memory is bounded by [`Solver::with_memory`] (the default
/// is [`DEFAULT_MEMORY`]).
///
/// ```
/// use tenace_cards::{BySeat, Seat, Strain};
/// use tenace_solver::{Position, Solver};
/// let hands = BySeat([
///     "SA SK HA".parse().unwrap(),
///     "SQ SJ HK".parse().unwrap(),
///     "S2 S3 H2".parse().unwrap(),
///     "S4 S5 H3".parse().unwrap(),
/// ]);
/// let mut solver = Solver::with_memory(1 << 20);
/// let position = Position::bridge(&hands, Strain::NoTrump, Seat::North);
/// assert_eq!(solver.tricks(&position).unwrap(), 3);
/// let values = solver.card_values(&position).unwrap();
/// assert!(values.iter().all(|v| v.tricks == 3));
/// ```
pub struct Solver {
    bridge: BridgeSearch<false, 4>,
    /// The same search compiled for wild deuces: Deuces Wild positions.
    wild: BridgeSearch<true, 4>,
    /// The same search compiled for five suits: Five Crowns.
    crowns: BridgeSearch<false, 5>,
    generic: GenericSearch,
    /// Every position takes the generic search (see [`Solver::force_generic`]).
    generic_only: bool,
}

/// What one legal card is worth: the tricks the side that plays it takes from the
/// position (the trick in progress included) with best play after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardValue {
    /// The card.
    pub card: Card,
    /// The suit a named joker is played as, else `None`.
    pub named: Option<Suit>,
    /// Tricks for the side of the player who plays it.
    pub tricks: u8,
}

/// A player's range in an every-player-for-themselves game: the most tricks they can
/// make sure of and the fewest they can hold themselves to, everyone else against them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    /// The fewest tricks the player can hold themselves to.
    pub fewest: u8,
    /// The most tricks the player can make sure of.
    pub most: u8,
}

/// Which end of a [`Range`] to search ([`Solver::range_end`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeEnd {
    /// The most tricks the player can make sure of: [`Range::most`].
    Most,
    /// The fewest the player can hold themselves to: [`Range::fewest`].
    Fewest,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with [`DEFAULT_MEMORY`].
    pub fn new() -> Solver {
        Solver::with_memory(DEFAULT_MEMORY)
    }

    /// A solver whose transposition tables use at most about `bytes` each (at least a
    /// few KiB), besides a fixed 64 KiB cache of the cards that proved bounds for each
    /// fast path. Contract Bridge positions use one table, Deuces Wild positions a
    /// second, Five Crowns positions a third and every other position the fourth,
    /// each filled only when used: a solver that only ever sees one kind of position
    /// holds at most `bytes`, one that sees every kind at most four times that.
    pub fn with_memory(bytes: usize) -> Solver {
        Solver {
            bridge: BridgeSearch::new(bytes),
            wild: BridgeSearch::new(bytes),
            crowns: BridgeSearch::new(bytes),
            generic: GenericSearch::new(bytes),
            generic_only: false,
        }
    }

    /// With `on`, every later question takes the generic search, even a Contract Bridge
    /// or Deuces Wild position the fast path would solve. It exists for differential
    /// tests of the two paths (the answers are the same, only slower), not for use.
    #[doc(hidden)]
    pub fn force_generic(&mut self, on: bool) {
        self.generic_only = on;
    }

    /// Nodes searched since the solver was made (for benchmarks).
    pub fn nodes(&self) -> u64 {
        self.bridge.nodes + self.wild.nodes + self.crowns.nodes + self.generic.nodes
    }

    /// Tricks completed in fast-path searches since the solver was made: the unit DDS
    /// counts its nodes in, for comparing the size of the two searches.
    pub fn trick_nodes(&self) -> u64 {
        self.bridge.trick_nodes + self.wild.trick_nodes + self.crowns.trick_nodes
    }

    /// The tricks the side of the player to play takes from here (the trick in progress
    /// included). In an every-player-for-themselves game, the tricks that player can make
    /// sure of alone.
    pub fn tricks(&mut self, position: &Position) -> Result<u8, SolveError> {
        position.check()?;
        self.begin();
        let tricks = self.side_tricks(position, position.to_play());
        self.in_time(tricks)
    }

    /// Gives every later question until `deadline` (`None`: all the time it takes).
    /// A search that runs past it gives up within microseconds, and the question
    /// returns [`SolveError::OutOfTime`]; the solver's tables stay sound, so the next
    /// question is answered as if nothing had happened.
    ///
    /// ```
    /// use std::time::Instant;
    /// use tenace_cards::{BySeat, Seat, Strain};
    /// use tenace_solver::{Position, SolveError, Solver};
    /// let hands = BySeat(["SA SK".parse().unwrap(), "HA HK".parse().unwrap(),
    ///     "S2 S3".parse().unwrap(), "D2 D3".parse().unwrap()]);
    /// let position = Position::bridge(&hands, Strain::NoTrump, Seat::North);
    /// let mut solver = Solver::with_memory(1 << 20);
    /// // Two tricks a hand end before the clock is ever read.
    /// solver.set_deadline(Some(Instant::now()));
    /// assert_eq!(solver.tricks(&position), Ok(2));
    /// solver.set_deadline(None);
    /// assert_eq!(solver.tricks(&position), Ok(2));
    /// ```
    pub fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.bridge.stop.set(deadline);
        self.wild.stop.set(deadline);
        self.crowns.stop.set(deadline);
        self.generic.stop.set(deadline);
    }

    /// Gives every later question a stop flag (`None`: none), beside any deadline: once
    /// another thread sets it, the search gives up within microseconds and the question
    /// returns [`SolveError::OutOfTime`]; a question asked while it is set returns that at
    /// once. The flag is read where the deadline's clock is, so it costs the search
    /// nothing measurable. The solver's tables stay sound, as after a deadline.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use tenace_cards::{BySeat, Seat, Strain};
    /// use tenace_solver::{Position, SolveError, Solver};
    /// let hands = BySeat(["SA SK".parse().unwrap(), "HA HK".parse().unwrap(),
    ///     "S2 S3".parse().unwrap(), "D2 D3".parse().unwrap()]);
    /// let position = Position::bridge(&hands, Strain::NoTrump, Seat::North);
    /// let stop = Arc::new(AtomicBool::new(false));
    /// let mut solver = Solver::with_memory(1 << 20);
    /// solver.set_stop(Some(Arc::clone(&stop)));
    /// assert_eq!(solver.tricks(&position), Ok(2));
    /// // Another thread (a review whose watchers left) raises it.
    /// stop.store(true, Ordering::Relaxed);
    /// assert_eq!(solver.tricks(&position), Err(SolveError::OutOfTime));
    /// solver.set_stop(None);
    /// assert_eq!(solver.tricks(&position), Ok(2));
    /// ```
    pub fn set_stop(&mut self, flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        self.bridge.stop.set_flag(flag.clone());
        self.wild.stop.set_flag(flag.clone());
        self.crowns.stop.set_flag(flag.clone());
        self.generic.stop.set_flag(flag);
    }

    /// A new question: a stop of the last one is forgotten.
    fn begin(&mut self) {
        self.bridge.stop.restart();
        self.wild.stop.restart();
        self.crowns.stop.restart();
        self.generic.stop.restart();
    }

    /// `answer`, unless the deadline stopped a search since [`Solver::begin`].
    fn in_time<T>(&self, answer: T) -> Result<T, SolveError> {
        if self.bridge.stop.stopped()
            || self.wild.stop.stopped()
            || self.crowns.stop.stopped()
            || self.generic.stop.stopped()
        {
            Err(SolveError::OutOfTime)
        } else {
            Ok(answer)
        }
    }

    /// Whether the side of the player to play can take at least `target` of the tricks
    /// left (the trick in progress included): one null-window search, the cheapest
    /// question the solver answers, as DDS's `SolveBoard` with a target.
    ///
    /// ```
    /// use tenace_cards::{BySeat, Seat, Strain, Suit};
    /// use tenace_solver::{Position, Solver};
    /// let hands = BySeat(["SA SK".parse().unwrap(), "HA HK".parse().unwrap(),
    ///     "SQ SJ".parse().unwrap(), "DA DK".parse().unwrap()]);
    /// let mut solver = Solver::new();
    /// // North leads in no trump and cashes both spades...
    /// let no_trump = Position::bridge(&hands, Strain::NoTrump, Seat::North);
    /// assert!(solver.reaches(&no_trump, 2).unwrap());
    /// // ... but with hearts trumps East ruffs the first and cashes the other heart.
    /// let hearts = Position::bridge(&hands, Strain::Suit(Suit::Hearts), Seat::North);
    /// assert!(!solver.reaches(&hearts, 1).unwrap());
    /// ```
    pub fn reaches(&mut self, position: &Position, target: u8) -> Result<bool, SolveError> {
        position.check()?;
        self.begin();
        let reached = self.reaches_checked(position, target);
        self.in_time(reached)
    }

    /// [`Solver::reaches`] of a checked position.
    fn reaches_checked(&mut self, position: &Position, target: u8) -> bool {
        let left = position.tricks_left() as u8;
        if target == 0 || target > left {
            return target == 0;
        }
        let side = position.side_of(position.to_play());
        if let Some(search) = self.fast_path(position) {
            let ns = side & 1 == 1;
            let ns_target = if ns { target } else { left + 1 - target };
            return search.search(ns_target) == ns;
        }
        self.load_generic(
            position,
            Roles {
                maximizers: side,
                counted: side,
            },
        );
        self.generic.search(target)
    }

    /// Every legal card of the player to play with its value (see [`CardValue`]), in card
    /// order; a named joker once per suit it may be named as (see [`best_per_card`] for
    /// one value a card).
    pub fn card_values(&mut self, position: &Position) -> Result<Vec<CardValue>, SolveError> {
        position.check()?;
        self.begin();
        // Equal cards are found for the fast-path games only, and never when the generic
        // search is forced, so a differential test values every card apart.
        let runs = match position.fast_path_rules() {
            Some(rules) if !self.generic_only => sequences(position, rules),
            _ => Vec::new(),
        };
        let mut values: Vec<CardValue> = Vec::new();
        // Cards of one value tend to sit together: each search starts from the last.
        let mut guess = None;
        for (card, named) in position.legal_moves() {
            // A card in sequence with one already valued wins the same tricks, whichever
            // of the run came first.
            let run = runs.iter().find(|run| run.contains(card));
            if let Some(v) = run.and_then(|run| values.iter().find(|v| run.contains(v.card))) {
                values.push(CardValue { card, ..*v });
                continue;
            }
            let (value, later) = self.value_of(position, card, named, guess)?;
            guess = Some(later);
            values.push(value);
        }
        Ok(values)
    }

    /// The value of one legal move of the player to play (`named`: the suit a named
    /// joker is played as): one [`CardValue`] of [`Solver::card_values`], for callers
    /// that share a position's moves out among threads, a solver each.
    pub fn card_value(
        &mut self,
        position: &Position,
        card: Card,
        named: Option<Suit>,
    ) -> Result<CardValue, SolveError> {
        position.check()?;
        self.begin();
        Ok(self.value_of(position, card, named, None)?.0)
    }

    /// [`Solver::card_value`] of a checked position, and the tricks the mover's side
    /// takes after the trick the card completes (all of them if it completes none): the
    /// search of those starts from `guess` when given.
    fn value_of(
        &mut self,
        position: &Position,
        card: Card,
        named: Option<Suit>,
        guess: Option<u8>,
    ) -> Result<(CardValue, u8), SolveError> {
        let side = position.side_of(position.to_play());
        let mut after = position.clone();
        let winner = after.play(card, named)?;
        let won = winner.map_or(0, |w| u8::from(side >> w.0 & 1 == 1));
        let later = if after.tricks_left() == 0 {
            0
        } else {
            let later = self.tricks_for_mask_from(&after, side, side, guess);
            self.in_time(later)?
        };
        let value = CardValue {
            card,
            named,
            tricks: won + later,
        };
        Ok((value, later))
    }

    /// A player's [`Range`]: everyone else plays against them.
    pub fn range(&mut self, position: &Position, player: Player) -> Result<Range, SolveError> {
        let range = Range {
            most: self.range_end(position, player, RangeEnd::Most)?,
            fewest: self.range_end(position, player, RangeEnd::Fewest)?,
        };
        Ok(range)
    }

    /// One end of a player's [`Range`], alone: the two ends are searches of their own
    /// (neither's table entries serve the other), so threads may share them out.
    ///
    /// ```
    /// use tenace_cards::Player;
    /// use tenace_rules::trick::TrickRules;
    /// use tenace_solver::{Position, RangeEnd, Sides, Solver};
    /// // Three players, no trump, player 0 leads holding the two top spades.
    /// let hands = vec!["SA SK".parse().unwrap(), "S2 H3".parse().unwrap(),
    ///     "S3 H2".parse().unwrap()];
    /// let position = Position::new(TrickRules::plain(None), hands, Player(0), Sides::EachAlone);
    /// let mut solver = Solver::with_memory(1 << 20);
    /// assert_eq!(solver.range_end(&position, Player(0), RangeEnd::Most), Ok(2));
    /// // Both spades win whatever player 0 does: they cannot hold themselves below two.
    /// assert_eq!(solver.range_end(&position, Player(0), RangeEnd::Fewest), Ok(2));
    /// ```
    pub fn range_end(
        &mut self,
        position: &Position,
        player: Player,
        end: RangeEnd,
    ) -> Result<u8, SolveError> {
        position.check()?;
        if player.index() >= position.players() {
            return Err(SolveError::NoSuchPlayer(player));
        }
        let alone = 1u8 << player.0;
        let everyone = ((1u16 << position.players()) - 1) as u8;
        let maximizers = match end {
            RangeEnd::Most => alone,
            RangeEnd::Fewest => everyone & !alone,
        };
        self.begin();
        let tricks = self.tricks_for_mask(position, maximizers, alone);
        self.in_time(tricks)
    }

    /// The Contract Bridge table: tricks for each declarer in each strain.
    ///
    /// ```
    /// use tenace_cards::{BySeat, Seat, Strain, Suit};
    /// use tenace_solver::Solver;
    /// let hands = BySeat([
    ///     "SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2".parse().unwrap(),
    ///     "HA HK HQ HJ HT H9 H8 H7 H6 H5 H4 H3 H2".parse().unwrap(),
    ///     "DA DK DQ DJ DT D9 D8 D7 D6 D5 D4 D3 D2".parse().unwrap(),
    ///     "CA CK CQ CJ CT C9 C8 C7 C6 C5 C4 C3 C2".parse().unwrap(),
    /// ]);
    /// let table = Solver::new().table(&hands).unwrap();
    /// // Each hand is a whole suit: trumps are the declaring side's own suits...
    /// assert_eq!(table.tricks(Strain::Suit(Suit::Spades), Seat::North), Some(13));
    /// assert_eq!(table.tricks(Strain::Suit(Suit::Hearts), Seat::West), Some(13));
    /// // ... and in no trump the opening leader runs a suit.
    /// assert_eq!(table.tricks(Strain::NoTrump, Seat::South), Some(0));
    /// ```
    pub fn table(&mut self, hands: &BySeat<CardSet>) -> Result<DdTable, SolveError> {
        self.table_for(hands, &Strain::STANDARD, |s| TrickRules::plain(s.trump()))
    }

    /// The strain by declarer table of any four-handed partnership game: `rules` gives
    /// the trick rules of each strain (e.g. [`tenace_rules::bridge::BridgeVariant::trick_rules`]).
    pub fn table_for(
        &mut self,
        hands: &BySeat<CardSet>,
        strains: &[Strain],
        rules: impl Fn(Strain) -> TrickRules,
    ) -> Result<DdTable, SolveError> {
        self.begin();
        let mut table = DdTable::new(strains.to_vec(), 4);
        for (row, &strain) in strains.iter().enumerate() {
            // North-South's tricks in the strain's last solve: the next solve's first
            // target. The first solve of a strain starts from an estimate of the deal,
            // for the last strain's result says little about this one's.
            let mut guess = None;
            // North and South declaring first, then East and West: each solve starts
            // from the last result of the same side, and the table entries of one
            // strain serve every declarer.
            for declarer in [Seat::North, Seat::South, Seat::East, Seat::West] {
                let mut position = Position::new(
                    rules(strain),
                    hands.0.to_vec(),
                    declarer.lho().into(),
                    Sides::Partnerships,
                );
                position.check()?;
                let left = position.tricks_left() as u8;
                let tricks = if let Some(search) = self.fast_path(&position) {
                    let first = guess.unwrap_or_else(|| search.first_target());
                    let ns = search.ns_tricks(first);
                    if declarer.index() % 2 == 0 {
                        ns
                    } else {
                        left - ns
                    }
                } else {
                    position.sides = Sides::Partnerships;
                    let side = position.side_of(declarer.into());
                    self.tricks_for_mask(&position, side, side)
                };
                guess = Some(if declarer.index() % 2 == 0 {
                    tricks
                } else {
                    position.tricks_left() as u8 - tricks
                });
                table.set(row, declarer.index(), tricks);
            }
        }
        self.in_time(table)
    }

    /// Tricks for the side of `player` (its partnership, or the player alone).
    fn side_tricks(&mut self, position: &Position, player: Player) -> u8 {
        let side = position.side_of(player);
        self.tricks_for_mask(position, side, side)
    }

    /// The tricks of the `counted` players with the `maximizers` playing to raise them
    /// and everyone else to lower them.
    fn tricks_for_mask(&mut self, position: &Position, maximizers: u8, counted: u8) -> u8 {
        self.tricks_for_mask_from(position, maximizers, counted, None)
    }

    /// [`Solver::tricks_for_mask`], the search starting from `guess` (tricks of the
    /// counted players) when given.
    fn tricks_for_mask_from(
        &mut self,
        position: &Position,
        maximizers: u8,
        counted: u8,
        guess: Option<u8>,
    ) -> u8 {
        let fast = maximizers == counted && position.fast_path_rules().is_some();
        if fast && let Some(search) = self.fast_path(position) {
            let left = position.tricks_left() as u8;
            let ns_guess = match guess {
                Some(g) if counted & 1 == 1 => g.min(left),
                Some(g) => left - g.min(left),
                None => left / 2,
            };
            let ns = search.ns_tricks(ns_guess);
            return if counted & 1 == 1 {
                ns
            } else {
                position.tricks_left() as u8 - ns
            };
        }
        self.load_generic(
            position,
            Roles {
                maximizers,
                counted,
            },
        );
        let left = self.generic.tricks_left();
        self.generic.value(guess.map_or(left / 2, |g| g.min(left)))
    }

    fn load_generic(&mut self, position: &Position, roles: Roles) {
        let generic = GenericPosition {
            rules: position.rules,
            hands: position.hands.clone(),
            trick: position.trick,
            restriction: position.restriction,
            barred: position.barred.clone(),
        };
        self.generic.set_position(&generic, roles);
    }

    /// The fast-path search for `position` with the position set up in it, when one
    /// solves it and the generic search is not forced.
    fn fast_path(&mut self, position: &Position) -> Option<&mut dyn FastSearch> {
        let rules = position.fast_path_rules()?;
        if self.generic_only {
            return None;
        }
        let trump = position.rules.trump.map_or(NT, |s| s.index());
        let leader = position.trick.leader().index();
        // A card's index in the search's layout: the four-suit one is the card set's own;
        // in the five-suit one the joker is the trump suit's lowest card, or in no trump
        // a card of no suit. `None` for a card the layout has no place for.
        let index = |card: Card| match rules {
            FastRules::FiveCrowns => five_suit_index(card, trump),
            _ => Some(card.index()).filter(|&i| i < 64),
        };
        let mut hands = [0u64; 4];
        for (mask, hand) in hands.iter_mut().zip(&position.hands) {
            for card in hand.iter() {
                *mask |= 1 << index(card)?;
            }
        }
        // Under the named joker (`nominated_two`, no trump) the joker in a hand is the
        // unwinnable one's bit; played, it is the two of the suit it was named as.
        let named = position.rules.joker_is_named() && position.rules.trump.is_none();
        let trick: Vec<u8> = (position.trick.cards().iter().enumerate())
            .map(|(i, &card)| match card {
                Card::JOKER if named => Some(card_at::<5>(position.trick.suit_at(i)?.index(), 0)),
                card => index(card),
            })
            .collect::<Option<_>>()?;
        let named_joker = named.then(|| {
            let holder = position.hands.iter().position(|h| h.contains(Card::JOKER));
            let shown = holder.and_then(|h| position.barred.get(h).copied());
            suits_shown_out(shown.unwrap_or(CardSet::EMPTY))
        });
        let search: &mut dyn FastSearch = match rules {
            FastRules::Bridge => &mut self.bridge,
            FastRules::DeucesWild => &mut self.wild,
            FastRules::FiveCrowns => &mut self.crowns,
        };
        let barred = position.restriction.map(Suit::index);
        search.set_position(hands, trump, leader, &trick, barred, named_joker);
        Some(search)
    }
}

/// One value a card: a named joker's namings ([`Solver::card_values`] gives each apart)
/// folded into the best of them, for its holder names it as they please (RULES.md §2.2,
/// `nominated_two`); its `named` is the first suit giving that best. Other cards pass
/// through; the order is kept, each joker where its first naming stood.
///
/// ```
/// use tenace_cards::{Card, Suit};
/// use tenace_solver::{CardValue, best_per_card};
/// let joker = |named, tricks| CardValue { card: Card::JOKER, named: Some(named), tricks };
/// let values = [joker(Suit::Spades, 0), joker(Suit::Clubs, 2), joker(Suit::Hearts, 1)];
/// assert_eq!(best_per_card(&values), vec![joker(Suit::Clubs, 2)]);
/// ```
pub fn best_per_card(values: &[CardValue]) -> Vec<CardValue> {
    let mut best: Vec<CardValue> = Vec::with_capacity(values.len());
    for &value in values {
        match best.iter_mut().find(|b| b.card == value.card) {
            Some(kept) if value.tricks > kept.tricks => *kept = value,
            Some(_) => {}
            None => best.push(value),
        }
    }
    best
}

/// For the player to play in a Contract Bridge position, the runs of two or more of
/// their cards in one suit with no other card still in play (in a hand or in the trick)
/// between them: every card of a run wins the same tricks. Under wild deuces a deuce is
/// in no run: only it may be played to any trick, so it is not worth the 3 above it.
/// (The Five Crowns joker is valued on its own.)
fn sequences(position: &Position, rules: FastRules) -> Vec<CardSet> {
    let wild = rules == FastRules::DeucesWild;
    let suits: &[Suit] = if rules == FastRules::FiveCrowns {
        &Suit::FIVE_CROWNS
    } else {
        &Suit::STANDARD
    };
    let player = position.to_play().index();
    let mut in_play = position
        .hands
        .iter()
        .fold(CardSet::EMPTY, |all, &h| all | h);
    for &card in position.trick.cards() {
        in_play.insert(card);
    }
    let mut runs = Vec::new();
    for &suit in suits {
        let mut run = CardSet::EMPTY;
        // From the top down: a card of ours directly under another of ours joins its run.
        let mut cards: Vec<Card> = in_play.suit(suit).iter().collect();
        cards.sort_by(|a, b| b.cmp(a));
        for card in cards {
            if position.hands[player].contains(card) && !(wild && card.rank() == Some(Rank::Two)) {
                run.insert(card);
            } else {
                if run.len() > 1 {
                    runs.push(run);
                }
                run = CardSet::EMPTY;
            }
        }
        if run.len() > 1 {
            runs.push(run);
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};
    use tenace_rules::trick::SpecialRule;

    /// A full Deuces Wild deal, West to lead in no trump: one solve of it by the generic
    /// search (see [`Solver::force_generic`]) takes seconds to minutes.
    fn deuces_deal() -> Position {
        let mut deck: Vec<Card> = Suit::STANDARD
            .into_iter()
            .flat_map(|s| Rank::ALL.iter().map(move |&r| Card::new(s, r)))
            .collect();
        // A fixed shuffle: each card in turn to the next hand, the deck cut at 7s.
        deck.rotate_left(7);
        let hands = (0..4)
            .map(|p| deck.iter().skip(p).step_by(4).copied().collect())
            .collect();
        let rules = TrickRules {
            trump: None,
            special: SpecialRule::WildDeuces,
        };
        Position::new(rules, hands, Player(3), crate::Sides::Partnerships)
    }

    #[test]
    fn a_stop_flag_already_up_ends_a_long_solve_at_once() {
        let position = deuces_deal();
        let mut solver = Solver::with_memory(1 << 20);
        solver.set_stop(Some(Arc::new(AtomicBool::new(true))));
        let started = Instant::now();
        assert_eq!(solver.tricks(&position), Err(SolveError::OutOfTime));
        assert_eq!(solver.card_values(&position), Err(SolveError::OutOfTime));
        assert!(
            started.elapsed() < Duration::from_millis(50),
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn a_stop_flag_raised_by_another_thread_is_seen_within_milliseconds() {
        let position = deuces_deal();
        let flag = Arc::new(AtomicBool::new(false));
        let mut solver = Solver::with_memory(4 << 20);
        solver.force_generic(true);
        solver.set_stop(Some(Arc::clone(&flag)));
        let raiser = {
            let flag = Arc::clone(&flag);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(200));
                flag.store(true, Ordering::Relaxed);
                Instant::now()
            })
        };
        let answer = solver.card_values(&position);
        let returned = Instant::now();
        let raised = raiser.join().expect("the raiser ran");
        assert_eq!(
            answer,
            Err(SolveError::OutOfTime),
            "the solve outran the flag"
        );
        let late = returned.saturating_duration_since(raised);
        assert!(
            late < Duration::from_millis(100),
            "seen {late:?} after it was raised"
        );
    }
}
