//! A model of a Deuces Wild or Five Crowns deal for the random-playout harness, written
//! from RULES.md §0, §1 and §2 without reading the engine: the auction and bid ladder, the
//! legal actions, trick winners, voids and what else a play proves, the lead restriction,
//! and the duplicate score.

use tenace_cards::{BySeat, Card, CardSet, Rank, Seat, Strain, Suit};
use tenace_rules::bridge::{BridgeSetup, BridgeVariant, FiveCrownsRules};
use tenace_rules::scoring::FiveCrownsHonors;
use tenace_rules::trick::NtJoker;
use tenace_rules::{Action, Bid, Call, Contract, Doubling, Vulnerability};

/// The games under test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Bridge with Deuces Wild.
    Deuces,
    /// Five Crowns Bridge under this `fc_nt_joker` rule.
    Crowns(NtJoker),
}

impl Kind {
    /// The engine's variant for this game.
    pub fn variant(self) -> BridgeVariant {
        match self {
            Kind::Deuces => BridgeVariant::DeucesWild,
            Kind::Crowns(joker) => BridgeVariant::FiveCrowns(FiveCrownsRules {
                fc_nt_joker: joker,
                fc_honors: FiveCrownsHonors::Off,
            }),
        }
    }

    /// The suits, low to high.
    pub fn suits(self) -> &'static [Suit] {
        match self {
            Kind::Deuces => &Suit::STANDARD,
            Kind::Crowns(_) => &Suit::FIVE_CROWNS,
        }
    }

    /// The deck, written out: A..2 in four suits, or K..3 in five suits and the joker.
    pub fn deck(self) -> CardSet {
        let ranks: &[Rank] = match self {
            Kind::Deuces => &Rank::ALL,
            Kind::Crowns(_) => &Rank::ALL[1..12],
        };
        let mut deck: CardSet = self
            .suits()
            .iter()
            .flat_map(|&s| ranks.iter().map(move |&r| Card::new(s, r)))
            .collect();
        if matches!(self, Kind::Crowns(_)) {
            deck.insert(Card::JOKER);
        }
        deck
    }

    pub fn hand_size(self) -> usize {
        match self {
            Kind::Deuces => 13,
            Kind::Crowns(_) => 14,
        }
    }

    pub fn book(self) -> u8 {
        match self {
            Kind::Deuces => 6,
            Kind::Crowns(_) => 7,
        }
    }

    /// Every bid, lowest first: 1C … 7NT, or in Five Crowns 0NT, 1C … 1★, 1NT … 7NT.
    pub fn ladder(self) -> Vec<Bid> {
        let mut strains: Vec<Strain> = self.suits().iter().map(|&s| Strain::Suit(s)).collect();
        strains.push(Strain::NoTrump);
        let mut bids = Vec::new();
        if matches!(self, Kind::Crowns(_)) {
            bids.push(Bid::new(0, Strain::NoTrump));
        }
        for level in 1..=7 {
            bids.extend(strains.iter().map(|&s| Bid::new(level, s)));
        }
        bids
    }
}

/// A model of one deal, fed the same moves as the engine and knowing nothing of it.
#[derive(Clone)]
pub struct Model {
    pub kind: Kind,
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    pub hands: BySeat<CardSet>,
    pub calls: Vec<Call>,
    pub contract: Option<(Contract, Seat)>,
    pub passed_out: bool,
    pub leader: Seat,
    /// The current trick: each card with the suit it counts as (none for the unwinnable
    /// joker in no trump).
    pub trick: Vec<(Card, Option<Suit>)>,
    pub cards_played: Vec<(Seat, Card)>,
    pub won: [u8; 4],
    /// Suits each seat has proved it does not hold (bit per suit index).
    pub voids: [u8; 4],
    /// Seats that have proved they do not hold the joker.
    pub no_joker: [bool; 4],
    /// Suits in which each seat played an off-suit deuce while holding the suit.
    pub deuce_while_holding: [u8; 4],
    /// The deuces in the current trick played while holding the trick's suit.
    pub trick_deuces_while_holding: CardSet,
    /// The suit the next leader may not lead (unwinnable joker, decision F3).
    pub restriction: Option<Suit>,
}

impl Model {
    pub fn new(kind: Kind, setup: &BridgeSetup) -> Model {
        Model {
            kind,
            dealer: setup.dealer,
            vulnerability: setup.vulnerability,
            hands: setup.hands,
            calls: Vec::new(),
            contract: None,
            passed_out: false,
            leader: setup.dealer,
            trick: Vec::new(),
            cards_played: Vec::new(),
            won: [0; 4],
            voids: [0; 4],
            no_joker: [false; 4],
            deuce_while_holding: [0; 4],
            trick_deuces_while_holding: CardSet::EMPTY,
            restriction: None,
        }
    }

    pub fn total_cards(&self) -> usize {
        4 * self.kind.hand_size()
    }

    pub fn trump(&self) -> Option<Suit> {
        self.contract.and_then(|(c, _)| c.strain.trump())
    }

    pub fn unwinnable_nt(&self) -> bool {
        self.kind == Kind::Crowns(NtJoker::Unwinnable) && self.trump().is_none()
    }

    pub fn nominated_nt(&self) -> bool {
        self.kind == Kind::Crowns(NtJoker::NominatedTwo) && self.trump().is_none()
    }

    /// The last bid (its place on the ladder, its call's index) and doubling (0, 1, 2).
    pub fn last_bid(&self) -> Option<(usize, usize, u8)> {
        let ladder = self.kind.ladder();
        let mut last = None;
        for (i, c) in self.calls.iter().enumerate() {
            match c {
                Call::Bid(b) => {
                    let rank = ladder.iter().position(|x| x == b).expect("a ladder bid");
                    last = Some((rank, i, 0));
                }
                Call::Double => last.as_mut().unwrap().2 = 1,
                Call::Redouble => last.as_mut().unwrap().2 = 2,
                Call::Pass => {}
            }
        }
        last
    }

    pub fn in_auction(&self) -> bool {
        self.contract.is_none() && !self.passed_out
    }

    pub fn finished(&self) -> bool {
        self.passed_out || self.cards_played.len() == self.total_cards()
    }

    pub fn seat_to_move(&self) -> Option<Seat> {
        if self.finished() {
            None
        } else if self.in_auction() {
            Some(self.dealer.offset(self.calls.len()))
        } else {
            Some(self.leader.offset(self.trick.len()))
        }
    }

    pub fn actor(&self) -> Option<Seat> {
        let seat = self.seat_to_move()?;
        Some(match self.contract {
            Some((_, declarer)) if seat == declarer.partner() => declarer,
            _ => seat,
        })
    }

    pub fn dummy(&self) -> Option<Seat> {
        self.contract.map(|(_, d)| d.partner())
    }

    pub fn may_see(&self, viewer: Seat, seat: Seat) -> bool {
        viewer == seat || (Some(seat) == self.dummy() && !self.cards_played.is_empty())
    }

    /// The suit of the trick so far: the first card that counts as a suit.
    pub fn trick_suit(&self) -> Option<Suit> {
        self.trick.iter().find_map(|&(_, s)| s)
    }

    /// The cards `seat` has proved it cannot hold.
    pub fn barred(&self, seat: Seat) -> CardSet {
        let mut barred = CardSet::EMPTY;
        for &suit in self.kind.suits() {
            if self.voids[seat.index()] & (1 << suit.index()) != 0 {
                barred |= CardSet::full_suit(suit);
            }
        }
        if self.no_joker[seat.index()] {
            barred.insert(Card::JOKER);
        }
        barred
    }

    /// The suits `seat` may name the joker as (nominated two, in no trump).
    pub fn joker_names(&self, seat: Seat) -> Vec<Action> {
        let hand = self.hands[seat];
        if let Some(led) = self.trick_suit()
            && !hand.suit(led).is_empty()
        {
            return vec![Action::NamedJoker(led)];
        }
        Suit::FIVE_CROWNS
            .into_iter()
            .filter(|s| self.voids[seat.index()] & (1 << s.index()) == 0)
            .map(Action::NamedJoker)
            .collect()
    }

    pub fn legal(&self) -> Vec<Action> {
        let Some(seat) = self.seat_to_move() else {
            return Vec::new();
        };
        if self.in_auction() {
            let last = self.last_bid();
            let same_side = |index: usize| (index + self.calls.len()).is_multiple_of(2);
            let mut calls = vec![Call::Pass];
            match last {
                Some((_, by, 0)) if !same_side(by) => calls.push(Call::Double),
                Some((_, by, 1)) if same_side(by) => calls.push(Call::Redouble),
                _ => {}
            }
            let floor = last.map(|l| l.0);
            calls.extend(
                self.kind
                    .ladder()
                    .into_iter()
                    .enumerate()
                    .filter(|&(i, _)| floor.is_none_or(|f| i > f))
                    .map(|(_, b)| Call::Bid(b)),
            );
            return calls.into_iter().map(Action::Call).collect();
        }
        let hand = self.hands[seat];
        let joker = hand & CardSet::from(Card::JOKER);
        let allowed = if self.trick.is_empty() {
            match self.restriction {
                Some(r) if !(hand - hand.suit(r)).is_empty() => hand - hand.suit(r),
                _ => hand,
            }
        } else {
            match self.trick_suit() {
                // The unwinnable joker led: the second card may be anything.
                None => hand,
                Some(led) => {
                    let mut follow = hand.suit(led);
                    if self.trump() == Some(led) && matches!(self.kind, Kind::Crowns(_)) {
                        follow |= joker;
                    }
                    if follow.is_empty() {
                        hand
                    } else {
                        match self.kind {
                            Kind::Deuces => {
                                follow
                                    | hand
                                        .iter()
                                        .filter(|c| c.rank() == Some(Rank::Two))
                                        .collect()
                            }
                            Kind::Crowns(_) if self.trump().is_none() => follow | joker,
                            Kind::Crowns(_) => follow,
                        }
                    }
                }
            }
        };
        let mut actions = Vec::new();
        for card in allowed {
            if card == Card::JOKER && self.nominated_nt() {
                actions.extend(self.joker_names(seat));
            } else {
                actions.push(Action::Card(card));
            }
        }
        actions
    }

    pub fn apply(&mut self, action: Action) -> PlayNote {
        let seat = self.seat_to_move().expect("a move in a finished deal");
        let mut note = PlayNote::default();
        let (card, suit) = match action {
            Action::Call(call) => {
                self.apply_call(call);
                return note;
            }
            Action::Card(card) if card == Card::JOKER => {
                assert!(!self.nominated_nt(), "a plain joker under nominated two");
                (card, self.trump())
            }
            Action::Card(card) => (card, card.suit()),
            Action::NamedJoker(suit) => {
                assert!(self.nominated_nt(), "a named joker outside nominated two");
                (Card::JOKER, Some(suit))
            }
            Action::Bid(_)
            | Action::ChangeBid(_)
            | Action::Discard(_)
            | Action::PlayBlind
            | Action::Claim(_) => {
                panic!("no numeric bids, discards, blind plays or claims in the random playouts")
            }
        };
        let hand = self.hands[seat];
        assert!(self.hands[seat].remove(card), "{seat} does not hold {card}");
        let s = seat.index();
        if self.trick.is_empty() {
            if let Some(r) = self.restriction {
                note.restricted_lead = true;
                if card.suit() == Some(r) {
                    // Leading the barred suit shows the hand held nothing else.
                    for &other in self.kind.suits() {
                        if other != r {
                            self.voids[s] |= 1 << other.index();
                        }
                    }
                    self.no_joker[s] = true;
                }
            }
            note.joker_led = card == Card::JOKER;
        } else if let Some(led) = self.trick_suit()
            && suit != Some(led)
        {
            let holds_led = !hand.suit(led).is_empty();
            match self.kind {
                Kind::Deuces if card.rank() == Some(Rank::Two) => {
                    if holds_led {
                        self.deuce_while_holding[s] |= 1 << led.index();
                        self.trick_deuces_while_holding.insert(card);
                        note.deuce_while_holding = true;
                    }
                }
                Kind::Crowns(NtJoker::Unwinnable)
                    if card == Card::JOKER && self.trump().is_none() => {}
                _ => {
                    assert!(!holds_led, "{seat} revoked with {card}");
                    self.voids[s] |= 1 << led.index();
                    if Some(led) == self.trump() && matches!(self.kind, Kind::Crowns(_)) {
                        // The joker is a trump: it would have had to follow.
                        self.no_joker[s] = true;
                    }
                }
            }
        }
        self.trick.push((card, suit));
        self.cards_played.push((seat, card));
        if self.trick.len() == 4 {
            let position = self.winning_position();
            let winner = self.leader.offset(position);
            let (win_card, win_suit) = self.trick[position];
            note.winner = Some((win_card, win_suit, self.trick_suit()));
            note.deuce_won_while_holding = self.trick_deuces_while_holding.contains(win_card);
            self.trick_deuces_while_holding = CardSet::EMPTY;
            self.won[winner.index()] += 1;
            self.restriction =
                if self.unwinnable_nt() && self.trick.iter().any(|&(c, _)| c == Card::JOKER) {
                    self.trick_suit()
                } else {
                    None
                };
            self.leader = winner;
            self.trick.clear();
        }
        note
    }

    pub fn apply_call(&mut self, call: Call) {
        self.calls.push(call);
        let trailing = self
            .calls
            .iter()
            .rev()
            .take_while(|&&c| c == Call::Pass)
            .count();
        match self.last_bid() {
            None if trailing == 4 => self.passed_out = true,
            Some((_, by, doubling)) if trailing == 3 => {
                let Call::Bid(bid) = self.calls[by] else {
                    unreachable!()
                };
                let first = (0..self.calls.len())
                    .find(|&i| {
                        (i + by).is_multiple_of(2)
                            && matches!(self.calls[i], Call::Bid(b) if b.strain == bid.strain)
                    })
                    .unwrap();
                let doubling = [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled]
                    [doubling as usize];
                let declarer = self.dealer.offset(first);
                self.contract = Some((Contract::new(bid.level, bid.strain, doubling), declarer));
                self.leader = declarer.lho();
            }
            _ => {}
        }
    }

    /// The highest trump, else the highest card of the trick's suit. The joker as a trump
    /// ranks below the 3; named, it is a 2; unwinnable, it never wins.
    pub fn winning_position(&self) -> usize {
        let trump = self.trump();
        let led = self.trick_suit();
        let strength = |&(c, s): &(Card, Option<Suit>)| -> u32 {
            let Some(suit) = s else { return 0 };
            let rank = match c.rank() {
                Some(r) => r as u32,
                None if self.nominated_nt() => 2,
                None => 1,
            };
            if Some(suit) == trump {
                200 + rank
            } else if Some(suit) == led {
                100 + rank
            } else {
                0
            }
        };
        (0..4).max_by_key(|&i| strength(&self.trick[i])).unwrap()
    }

    pub fn declarer_tricks(&self) -> u8 {
        let (_, declarer) = self.contract.unwrap();
        self.won[declarer.index()] + self.won[declarer.partner().index()]
    }

    pub fn duplicate_score_ns(&self) -> i32 {
        let Some((contract, declarer)) = self.contract else {
            return 0;
        };
        let vul = self.vulnerability.is_vulnerable(declarer);
        let score = duplicate_score(self.kind.book(), contract, self.declarer_tricks(), vul);
        if declarer.side() == Seat::North.side() {
            score
        } else {
            -score
        }
    }
}

/// What a card did, for the statistics.
#[derive(Default)]
pub struct PlayNote {
    pub joker_led: bool,
    pub restricted_lead: bool,
    pub deuce_while_holding: bool,
    /// The trick was won by a deuce played while its holder held the trick's suit.
    pub deuce_won_while_holding: bool,
    /// The winning card, the suit it counted as, and the trick's suit.
    pub winner: Option<(Card, Option<Suit>, Option<Suit>)>,
}

/// Law 77 with a book of 6 or 7 (RULES.md §1.4, §2.2): NT and Stars score 30 a trick plus
/// 10 for the first, so 0NT is worth 10.
fn duplicate_score(book: u8, contract: Contract, tricks: u8, vul: bool) -> i32 {
    let level = i32::from(contract.level);
    let need = i32::from(book) + level;
    let tricks = i32::from(tricks);
    let (per_trick, first_extra) = match contract.strain {
        Strain::Suit(Suit::Clubs | Suit::Diamonds) => (20, 0),
        Strain::NoTrump | Strain::Suit(Suit::Stars) => (30, 10),
        _ => (30, 0),
    };
    let mult = match contract.doubling {
        Doubling::Undoubled => 1,
        Doubling::Doubled => 2,
        Doubling::Redoubled => 4,
    };
    if tricks < need {
        let down = need - tricks;
        return -(1..=down)
            .map(|k| match (contract.doubling, vul, k) {
                (Doubling::Undoubled, false, _) => 50,
                (Doubling::Undoubled, true, _) => 100,
                (_, false, 1) => 100 * mult / 2,
                (_, false, 2 | 3) => 200 * mult / 2,
                (_, false, _) => 300 * mult / 2,
                (_, true, 1) => 200 * mult / 2,
                (_, true, _) => 300 * mult / 2,
            })
            .sum::<i32>();
    }
    let trick_score = mult * (level * per_trick + first_extra);
    let over = tricks - need;
    let overtricks = match (contract.doubling, vul) {
        (Doubling::Undoubled, _) => over * per_trick,
        (Doubling::Doubled, false) => over * 100,
        (Doubling::Doubled, true) => over * 200,
        (Doubling::Redoubled, false) => over * 200,
        (Doubling::Redoubled, true) => over * 400,
    };
    let insult = match contract.doubling {
        Doubling::Undoubled => 0,
        Doubling::Doubled => 50,
        Doubling::Redoubled => 100,
    };
    let slam = match (level, vul) {
        (6, false) => 500,
        (6, true) => 750,
        (7, false) => 1000,
        (7, true) => 1500,
        _ => 0,
    };
    let premium = match (trick_score >= 100, vul) {
        (true, false) => 300,
        (true, true) => 500,
        (false, _) => 50,
    };
    trick_score + overtricks + insult + slam + premium
}
