//! The search for every game's trick rules, written only against the public hooks of
//! [`TrickRules`]: `legal`, `winning_position`, `effective_suit`, `joker_names`,
//! `restriction_after` and `shown_absent`. Any rule set those hooks describe is solved
//! exactly, 2 to 7 hands.
//!
//! The search is a null-window alpha-beta ("can the counted players take at least
//! `target` more tricks?"). The search state is light: the hands, the trick in progress,
//! the lead restriction, and (only where the joker is named) what each player has shown
//! out of. At each trick start it tries, in order: the tricks the leader can cash at once
//! and the sure trump tricks ([`quick`]), a bounded table of bounds with partition search
//! ([`table`], [`key`]), and then the moves, best guess first ([`moves`]). Every result
//! carries its winning ranks, the lowest rank in each suit it depended on, so a stored
//! bound covers every position that differs only in the small cards below them.

mod cutoffs;
mod key;
mod moves;
mod quick;
mod table;

use tenace_cards::{Card, CardSet, Player, Suit};
use tenace_rules::trick::{SpecialRule, Trick, TrickRules};

use crate::small_cards::SmallCards;
use crate::stop::Stop;
use cutoffs::Cutoffs;
use key::{ShapeInput, view_of};
use moves::Move;
use table::{NO_HINT, Table};

/// Who plays for what in one search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Roles {
    /// Players (bit per player) who try to make the count high; the rest keep it low.
    pub maximizers: u8,
    /// Players whose tricks are counted.
    pub counted: u8,
}

/// A position of the generic search.
#[derive(Debug, Clone)]
pub(crate) struct GenericPosition {
    pub rules: TrickRules,
    pub hands: Vec<CardSet>,
    pub trick: Trick,
    pub restriction: Option<Suit>,
    pub barred: Vec<CardSet>,
}

/// The generic search.
pub(crate) struct GenericSearch {
    rules: TrickRules,
    players: usize,
    hands: [CardSet; Player::MAX],
    trick: Trick,
    restriction: Option<Suit>,
    barred: [CardSet; Player::MAX],
    /// Whether the joker is named, so what a player has shown out of matters.
    track_barred: bool,
    /// Whether only the order of ranks within a suit matters (every rule set but the
    /// colons', whose groups depend on absolute ranks): cards are merged into runs and
    /// keyed by relative rank.
    relative_ranks: bool,
    /// Whether deuces are wild: a deuce is never merged with its neighbours.
    wild_deuces: bool,
    roles: Roles,
    table: Table,
    /// The moves that last proved bounds, per play situation.
    cutoffs: Cutoffs,
    /// Nodes visited, for benchmarks.
    pub(crate) nodes: u64,
    /// The deadline, if the caller set one.
    pub(crate) stop: Stop,
}

impl GenericSearch {
    /// A search whose table uses about `bytes` at most.
    pub fn new(bytes: usize) -> GenericSearch {
        GenericSearch {
            rules: TrickRules::default(),
            players: 4,
            hands: [CardSet::EMPTY; Player::MAX],
            trick: Trick::new(Player(0), 4),
            restriction: None,
            barred: [CardSet::EMPTY; Player::MAX],
            track_barred: false,
            relative_ranks: true,
            wild_deuces: false,
            roles: Roles {
                maximizers: 0,
                counted: 0,
            },
            table: Table::with_bytes(bytes),
            cutoffs: Cutoffs::new(),
            nodes: 0,
            stop: Stop::default(),
        }
    }

    /// Sets up a position and the roles; the table is kept only while the rules, the
    /// roles and the table size stay the same, for its entries hold for every position
    /// under them.
    pub fn set_position(&mut self, position: &GenericPosition, roles: Roles) {
        if position.rules != self.rules
            || roles != self.roles
            || position.hands.len() != self.players
        {
            self.table.clear();
            // What proved bounds under other rules or roles misleads here.
            self.cutoffs.clear();
        }
        self.rules = position.rules;
        self.players = position.hands.len();
        self.hands = [CardSet::EMPTY; Player::MAX];
        self.hands[..self.players].copy_from_slice(&position.hands);
        self.barred = [CardSet::EMPTY; Player::MAX];
        for (slot, &barred) in self.barred.iter_mut().zip(&position.barred) {
            *slot = barred;
        }
        self.trick = position.trick;
        self.restriction = position.restriction;
        self.track_barred = self.rules.joker_is_named();
        // A rule set not listed here may give a rank powers of its own, so its cards are
        // keyed and tried exactly: slower, never wrong.
        self.relative_ranks = matches!(
            self.rules.special,
            SpecialRule::Standard | SpecialRule::Joker(_) | SpecialRule::WildDeuces
        );
        self.wild_deuces = self.rules.special == SpecialRule::WildDeuces;
        self.roles = roles;
    }

    fn to_play(&self) -> Player {
        self.trick.next_player()
    }

    /// Tricks left, the one in progress included.
    pub fn tricks_left(&self) -> u8 {
        self.hands[self.to_play().index()].len() as u8
    }

    /// Whether `player` plays to raise the count.
    fn maximizing(&self, player: Player) -> bool {
        self.roles.maximizers >> player.0 & 1 == 1
    }

    /// Whether taking a trick helps `player`: a maximizer whose tricks count, or a
    /// minimizer whose tricks don't.
    fn wants_tricks(&self, player: Player) -> bool {
        self.maximizing(player) == (self.roles.counted >> player.0 & 1 == 1)
    }

    /// Whether two players play for the same outcome.
    fn wants_same(&self, a: Player, b: Player) -> bool {
        self.maximizing(a) == self.maximizing(b)
    }

    /// The counted players' tricks from here, searched from `guess`.
    pub fn value(&mut self, guess: u8) -> u8 {
        let left = self.tricks_left();
        crate::targets::tricks_from_guess(left, guess, |target| self.search(target))
    }

    /// Can the counted players take at least `target` of the tricks left?
    pub(crate) fn search(&mut self, target: u8) -> bool {
        self.search_ranks(target).0
    }

    /// [`GenericSearch::search`], with the winning ranks: per suit, a mask whose lowest
    /// card is the lowest rank the answer depends on (every card from there up must keep
    /// its owner; the cards below are interchangeable small cards).
    fn search_ranks(&mut self, target: u8) -> (bool, Ranks) {
        self.nodes += 1;
        if self.trick.is_empty() {
            return self.search_trick_start(target);
        }
        let (proved, ranks, _) = self.try_moves(target, NO_HINT);
        (proved, ranks)
    }

    fn search_trick_start(&mut self, target: u8) -> (bool, Ranks) {
        let (proved, mut ranks) = self.search_trick_start_unlifted(target);
        self.lift_runs(&mut ranks);
        (proved, ranks)
    }

    /// Raises each suit's lowest winning rank over a run of one hand's cards reaching
    /// the bottom of the suit: when one hand holds every card from the lowest winning
    /// rank down, the suit lengths (in the table's shape) already say who holds them, so
    /// only the owners of the cards above that run matter. Only between tricks, where
    /// the shape holds every hand's lengths, and only where relative ranks are all that
    /// matter.
    fn lift_runs(&self, ranks: &mut Ranks) {
        if !self.relative_ranks {
            return;
        }
        let alive = self.alive();
        for suit in Suit::FIVE_CROWNS {
            let rank = &mut ranks[suit.index()];
            if *rank == 0 {
                continue;
            }
            let lowest = *rank & rank.wrapping_neg();
            let Some(holder) = self.hands[..self.players]
                .iter()
                .find(|h| h.suit_bits(suit) & lowest != 0)
            else {
                continue;
            };
            let theirs = alive.suit_bits(suit) & !holder.suit_bits(suit);
            let at_or_below = lowest | (lowest - 1);
            if theirs & at_or_below == 0 {
                let above = theirs & !at_or_below;
                *rank = above & above.wrapping_neg();
            }
        }
    }

    fn search_trick_start_unlifted(&mut self, target: u8) -> (bool, Ranks) {
        if target == 0 {
            return (true, [0; 5]);
        }
        let left = self.tricks_left();
        if target > left {
            return (false, [0; 5]);
        }
        if left == 1 && !self.track_barred {
            let (won, ranks) = self.last_trick();
            return (won >= target, ranks);
        }
        if self.stop.poll() {
            return (false, [0; 5]);
        }
        if let Some(decided) = self
            .quick_bound(target, left)
            .or_else(|| self.sure_trump_bound(target, left))
        {
            return decided;
        }
        let (shape, owners) = view_of(&ShapeInput {
            hands: &self.hands[..self.players],
            trick: &self.trick,
            restriction: self.restriction,
            exact_ranks: !self.relative_ranks,
            wild_deuces: self.wild_deuces,
            joker_voids: self.joker_voids(),
        });
        let found = self.table.probe(&shape, &owners, target);
        if let Some((proved, depth)) = found.decided {
            return (proved, self.ranks_of_depth(depth));
        }
        let (proved, ranks, best) = self.try_moves(target, found.hint);
        if self.stop.stopped() {
            return (proved, ranks);
        }
        let hint = best.map_or(NO_HINT, |m| self.hint_of(m, self.alive()));
        let mut lifted = ranks;
        self.lift_runs(&mut lifted);
        let depth = self.depth_of(&lifted);
        self.table.store(
            (&shape, &owners),
            depth,
            left,
            bounds(proved, target, left),
            hint,
        );
        (proved, ranks)
    }

    /// Tries the moves of the player to play, the one `hint` names first, until one
    /// proves the player's point. Returns the result, its winning ranks and the move
    /// that proved it, if one did.
    fn try_moves(&mut self, target: u8, hint: u16) -> (bool, Ranks, Option<Move>) {
        let maximizing = self.maximizing(self.to_play());
        let moves = self.moves(hint);
        let mut ranks = [0; 5];
        // A plain card below every winning rank of its suit that failed answers for
        // the suit's other plain cards under that rank.
        let mut small = SmallCards::<5>::new();
        for &m in moves.as_slice() {
            let plain = self.plain_rank_bit(m);
            if let Some((lane, bit)) = plain
                && small.covered(lane, bit)
            {
                continue;
            }
            let (proved, child) = self.play_and_search(m.0, m.1, target);
            if proved == maximizing {
                if self.trick.is_empty() && !self.stop.stopped() {
                    self.cutoffs.set(moves.slot, m);
                }
                // The card that proved it (or an equal small card) is in every position
                // the winning ranks cover, so the merge needs no ranks here.
                return (proved, child, Some(m));
            }
            union(&mut ranks, &child);
            if let Some((lane, bit)) = plain {
                small.failed(lane, bit, ranks[lane]);
            }
        }
        self.cover_merges(&mut ranks, &moves);
        (!maximizing, ranks, None)
    }

    /// A move's suit lane and rank bit when only its rank's order among its suit
    /// matters (relative ranks, no naming, not a special card, not a wild deuce), so a
    /// smaller card of its suit may stand for it; else `None`.
    fn plain_rank_bit(&self, m: Move) -> Option<(usize, u32)> {
        let (card, named) = m;
        if !self.relative_ranks || named.is_some() {
            return None;
        }
        let suit = card.suit()?;
        let rank = card.rank()?;
        if self.wild_deuces && rank == tenace_cards::Rank::Two {
            return None;
        }
        Some((suit.index(), 1u32 << (card.index() % 16)))
    }

    /// How many cards from the top of each suit the winning ranks reach (every card,
    /// where absolute ranks matter).
    fn depth_of(&self, ranks: &Ranks) -> [u8; 5] {
        let alive = self.alive();
        std::array::from_fn(|lane| {
            let all = (alive.bits() >> (lane * 16)) as u16;
            let lowest = ranks[lane] & ranks[lane].wrapping_neg();
            if !self.relative_ranks {
                all.count_ones() as u8
            } else if lowest == 0 {
                0
            } else {
                (all & !(lowest - 1)).count_ones() as u8
            }
        })
    }

    /// The winning ranks of a stored entry in this position: its top `depth` cards.
    fn ranks_of_depth(&self, depth: [u8; 5]) -> Ranks {
        let alive = self.alive();
        std::array::from_fn(|lane| {
            let mut all = (alive.bits() >> (lane * 16)) as u16;
            let mut ranks = 0;
            for _ in 0..depth[lane] {
                let bit = 1u16 << (15 - all.leading_zeros());
                ranks |= bit;
                all ^= bit;
            }
            ranks
        })
    }

    /// The suits the joker's holder has shown out of, where the joker is named (the
    /// suits it may be named as depend on them).
    fn joker_voids(&self) -> Option<u8> {
        if !self.track_barred {
            return None;
        }
        let holder = self.hands[..self.players]
            .iter()
            .position(|h| h.contains(Card::JOKER))?;
        Some(crate::position::suits_shown_out(self.barred[holder]))
    }

    /// The counted players' tricks in the last trick, every card forced, and the winning
    /// ranks.
    fn last_trick(&mut self) -> (u8, Ranks) {
        let mut trick = self.trick;
        for _ in 0..self.players {
            let player = trick.next_player();
            let card = self.hands[player.index()]
                .lowest()
                .expect("a card for the last trick");
            trick.push_as(card, self.rules.effective_suit(card, None));
        }
        let position = self.rules.winning_position(&trick);
        let winner = trick.leader().offset(position, self.players);
        (
            self.roles.counted >> winner.0 & 1,
            won_by_rank(&trick, position),
        )
    }

    /// Plays a move, searches on, and takes it back.
    fn play_and_search(&mut self, card: Card, named: Option<Suit>, target: u8) -> (bool, Ranks) {
        let player = self.to_play();
        let suit = self.rules.effective_suit(card, named);
        let saved_barred = self.barred[player.index()];
        if self.track_barred {
            let restriction = self.restriction.filter(|_| self.trick.is_empty());
            self.barred[player.index()] |=
                self.rules
                    .shown_absent(&self.trick, restriction, card, suit);
        }
        let saved_trick = self.trick;
        let saved_restriction = self.restriction;
        self.hands[player.index()].remove(card);
        self.trick.push_as(card, suit);
        let result = if self.trick.is_complete() {
            let position = self.rules.winning_position(&self.trick);
            let winner = self.trick.leader().offset(position, self.players);
            let won = self.roles.counted >> winner.0 & 1;
            let by_rank = won_by_rank(&self.trick, position);
            self.restriction = self.rules.restriction_after(&self.trick);
            self.trick = Trick::new(winner, self.players);
            let (proved, mut ranks) = self.search_ranks(target.saturating_sub(won));
            union(&mut ranks, &by_rank);
            (proved, ranks)
        } else {
            self.search_ranks(target)
        };
        self.trick = saved_trick;
        self.restriction = saved_restriction;
        self.hands[player.index()].insert(card);
        self.barred[player.index()] = saved_barred;
        result
    }
}

/// Winning ranks: per suit, a mask of cards whose lowest bit is the lowest rank an
/// answer depends on.
pub(crate) type Ranks = [u16; 5];

fn union(into: &mut Ranks, from: &Ranks) {
    for (a, b) in into.iter_mut().zip(from) {
        *a |= b;
    }
}

/// The winning card of a complete trick as a winning rank, when it beat another card
/// of its own suit (so its rank decided the trick).
fn won_by_rank(trick: &Trick, position: usize) -> Ranks {
    let mut ranks = [0; 5];
    let card = trick.cards()[position];
    let suit = trick.suit_at(position);
    if let (Some(own), Some(_)) = (card.suit(), suit) {
        let beat_one = (0..trick.cards().len()).any(|i| i != position && trick.suit_at(i) == suit);
        if beat_one {
            ranks[own.index()] = 1 << (card.index() % 16);
        }
    }
    ranks
}

/// The bounds a search result proves: reaching `target` (of `left` tricks) or not.
fn bounds(reached: bool, target: u8, left: u8) -> (u8, u8) {
    if reached {
        (target, left)
    } else {
        (0, target - 1)
    }
}
