//! One Bridgette deal as a [`Game`]: the exchange, the auction, the thirteen tricks.

use tenace_cards::{ByPlayer, Card, CardSet, Player, Strain};

use super::bidding::{AUCTION_RULES, BridgetteError, auction_closed, check_call};
use super::options::{BridgetteOptions, UpcardTo};
use super::setup::{BridgetteSetup, HAND_SIZE, SetupError};
use crate::any::GameConfig;
use crate::auction::Auction;
use crate::contract::Contract;
use crate::game::{Action, Events, Game, IllegalAction, Move, Outcome, Phase, PlayerSet};
use crate::scoring::{BridgetteScore, bridgette_score};
use crate::trick::{SpecialRule, TrickPlay, TrickRules};
use crate::view::{ExchangeView, View};

/// Who is discarding in the exchange, and how many cards they still owe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Discarding {
    player: Player,
    owed: usize,
}

/// A Bridgette deal in progress. The players are 0 and 1; the setup names the dealer.
///
/// The exchange comes first: the non-dealer draws two cards and discards two, one
/// [`Action::Discard`] at a time; then the dealer draws 4, 8 or 12 and discards as many.
/// The auction follows, dealer first, with the bid restrictions checked against the hand;
/// then the declarer's opponent leads to the first of thirteen tricks.
///
/// ```
/// use tenace_rules::bridgette::{BridgetteDeal, BridgetteOptions, BridgetteSetup};
/// use tenace_rules::{Action, Game, Phase};
/// use tenace_cards::Player;
/// let setup = BridgetteSetup::seeded(BridgetteOptions::default(), 3, Some(Player(0)));
/// let mut deal = BridgetteDeal::from_setup(setup).unwrap();
/// assert_eq!(deal.phase(), Phase::Exchange);
/// // The non-dealer, player 1, holds 15 cards and discards first.
/// assert_eq!(deal.hands()[Player(1)].len(), 15);
/// while deal.phase() == Phase::Exchange {
///     let p = deal.to_act().iter().next().unwrap();
///     let first = deal.legal_actions(p)[0];
///     deal.try_apply(p, first).unwrap();
/// }
/// assert_eq!(deal.phase(), Phase::Auction);
/// assert!(deal.hands().iter().all(|(_, h)| h.len() == 13));
/// // Player 1 may not see player 0's discards.
/// assert_eq!(deal.observation(Player(1)).exchange.unwrap().discards[0], None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BridgetteDeal {
    setup: BridgetteSetup,
    hands: ByPlayer<CardSet>,
    drawn: ByPlayer<CardSet>,
    discards: ByPlayer<CardSet>,
    /// The cards still in the stock, in order, top first.
    stock: Vec<Card>,
    discarding: Option<Discarding>,
    auction: Auction,
    play: Option<TrickPlay>,
    history: Vec<Move>,
}

impl BridgetteDeal {
    /// Checks a setup, and starts the exchange with the non-dealer's draw.
    pub fn from_setup(setup: BridgetteSetup) -> Result<BridgetteDeal, SetupError> {
        let problems = setup.problems();
        if !problems.is_empty() {
            return Err(SetupError(problems));
        }
        let mut stock = setup.stock.clone();
        if setup.options.upcard_to == UpcardTo::None {
            // Shown, then set aside: the up-card never reaches a hand.
            stock.remove(0);
        }
        let mut deal = BridgetteDeal {
            hands: setup.hands.clone(),
            drawn: ByPlayer::new(2, CardSet::EMPTY),
            discards: ByPlayer::new(2, CardSet::EMPTY),
            stock,
            discarding: None,
            auction: Auction::new(AUCTION_RULES, setup.dealer),
            play: None,
            history: Vec::new(),
            setup,
        };
        deal.draw(deal.setup.non_dealer());
        Ok(deal)
    }

    /// The setup this deal started from.
    pub fn setup(&self) -> &BridgetteSetup {
        &self.setup
    }

    /// The options in force.
    pub fn options(&self) -> &BridgetteOptions {
        &self.setup.options
    }

    /// The cards each player holds now.
    pub fn hands(&self) -> &ByPlayer<CardSet> {
        &self.hands
    }

    /// The cards each player has discarded (hidden from the other player forever).
    pub fn discards(&self) -> &ByPlayer<CardSet> {
        &self.discards
    }

    /// The cards each player drew from the stock.
    pub fn drawn(&self) -> &ByPlayer<CardSet> {
        &self.drawn
    }

    /// The cards still in the stock, top first.
    pub fn stock(&self) -> &[Card] {
        &self.stock
    }

    /// The up-card.
    pub fn upcard(&self) -> Card {
        self.setup.stock[0]
    }

    /// The auction so far.
    pub fn auction(&self) -> &Auction {
        &self.auction
    }

    /// The trick play, once the auction has produced a contract.
    pub fn play(&self) -> Option<&TrickPlay> {
        self.play.as_ref()
    }

    /// Whether the exchange is over.
    pub fn exchange_done(&self) -> bool {
        self.discarding.is_none() && !self.drawn[self.setup.dealer].is_empty()
    }

    /// Whether the auction is over (under either `opening_pass` rule).
    pub fn auction_done(&self) -> bool {
        self.exchange_done() && auction_closed(&self.auction, &self.setup.options)
    }

    /// Whether both players passed with no bid: the hand is thrown in and not counted.
    pub fn thrown_in(&self) -> bool {
        self.auction_done() && self.auction.last_bid().is_none()
    }

    /// The contract, once the auction is over (`None` when thrown in).
    pub fn contract(&self) -> Option<Contract> {
        if self.auction_done() {
            self.auction.standing_contract()
        } else {
            None
        }
    }

    /// Declarer: the player whose bid won the auction.
    pub fn declarer(&self) -> Option<Player> {
        self.contract()?;
        self.auction.last_bid().map(|(p, _)| p)
    }

    /// The score, once every trick is played (`None` before, and when thrown in).
    pub fn score(&self) -> Option<BridgetteScore> {
        let (contract, declarer) = (self.contract()?, self.declarer()?);
        let play = self.play.as_ref().filter(|p| p.is_finished())?;
        let tricks = play.tricks_won()[declarer.index()];
        Some(bridgette_score(
            contract,
            tricks,
            self.setup.options.scoring(),
        ))
    }

    /// Each player's points for the deal, once it is over: the scorer's points, and 0 for
    /// the other player (both 0 when the hand is thrown in).
    pub fn points(&self) -> Option<[u32; 2]> {
        if self.thrown_in() {
            return Some([0, 0]);
        }
        let score = self.score()?;
        let declarer = self.declarer()?;
        let scorer = match score {
            BridgetteScore::Declarer(_) => declarer,
            BridgetteScore::Opponent(_) => declarer.next(2),
        };
        let mut points = [0, 0];
        points[scorer.index()] = score.points();
        Some(points)
    }

    /// The trick rules of a contract in this game.
    pub fn trick_rules(&self, strain: Strain) -> TrickRules {
        TrickRules {
            trump: strain.trump(),
            special: SpecialRule::Colons {
                block_allows_colon_lead: self.setup.options.block_allows_colon_lead,
            },
        }
    }

    /// Moves the player's draw from the top of the stock into their hand, and makes
    /// them the one to discard as many.
    fn draw(&mut self, player: Player) {
        // `draws` already knows each draw's size (2, or 4, 8 or 12 by the up-card) and
        // where in the stock it lies.
        let draw = self.setup.draws()[player].clone();
        self.stock.retain(|card| !draw.contains(card));
        for &card in &draw {
            self.hands[player].insert(card);
            self.drawn[player].insert(card);
        }
        self.discarding = Some(Discarding {
            player,
            owed: draw.len(),
        });
    }

    fn not_to_act(player: Player, reason: impl Into<String>) -> IllegalAction {
        IllegalAction::NotToAct {
            // Numbered players: the count only matters for seat names.
            player: crate::game::player_in_words(player, 0, false),
            reason: reason.into(),
        }
    }

    /// Whether `viewer` may see `owner`'s private cards (hand, draws, discards).
    fn sees(viewer: Option<Player>, owner: Player) -> bool {
        viewer.is_none_or(|v| v == owner)
    }

    fn view_for(&self, viewer: Option<Player>) -> View {
        let players = [Player(0), Player(1)];
        let private = |sets: &ByPlayer<CardSet>| -> Vec<Option<CardSet>> {
            players
                .iter()
                .map(|&p| Self::sees(viewer, p).then_some(sets[p]))
                .collect()
        };
        let counts = |sets: &ByPlayer<CardSet>| sets.0.iter().map(|s| s.len()).collect();
        let history = self
            .history
            .iter()
            .filter(|m| !matches!(m.action, Action::Discard(_)) || Self::sees(viewer, m.player))
            .copied()
            .collect();
        let play = self.play.as_ref();
        View {
            config: GameConfig::Bridgette(self.setup.options),
            viewer,
            phase: self.phase(),
            players: 2,
            dealer: self.setup.dealer,
            vulnerability: None,
            hands: private(&self.hands),
            hand_sizes: counts(&self.hands),
            trick: play.map(|p| *p.current()),
            tricks_won: play.map_or(vec![0, 0], |p| p.tricks_won().to_vec()),
            history,
            contract: self.contract(),
            declarer: self.declarer(),
            dummy: None,
            score: self.points().map(|[a, b]| a as i32 - b as i32),
            shown_void: players
                .iter()
                .map(|&p| play.map_or(0, |t| t.shown_void(p)))
                .collect(),
            to_act: self.to_act(),
            bids: Vec::new(),
            turned_up: Some(self.upcard()),
            blind: false,
            exchange: Some(ExchangeView {
                upcard: self.upcard(),
                drawn: private(&self.drawn),
                draw_counts: counts(&self.drawn),
                discards: private(&self.discards),
                discard_counts: counts(&self.discards),
                stock: viewer
                    .is_none()
                    .then(|| self.stock.iter().copied().collect()),
                stock_size: self.stock.len(),
            }),
            part_scores: [0, 0],
        }
    }

    fn check(&self, player: Player, action: Action) -> Result<(), IllegalAction> {
        if player.index() > 1 {
            return Err(Self::not_to_act(player, "Bridgette seats players 0 and 1"));
        }
        let phase = self.phase();
        let wrong_phase = |expected| IllegalAction::WrongPhase {
            action,
            phase,
            expected,
        };
        match (phase, action) {
            (Phase::Finished, _) => Err(Self::not_to_act(player, "the deal is over")),
            (Phase::Play, Action::Claim(tricks)) => {
                let play = self.play.as_ref().expect("the play phase has a play");
                Ok(play.check_claim(tricks)?)
            }
            (Phase::Exchange | Phase::Auction, Action::Claim(_)) => Err(IllegalAction::NoClaim {
                action,
                rule: "a claim is made in the play, after the exchange and the auction",
            }),
            (Phase::Exchange, Action::Discard(card)) => {
                let d = self.discarding.expect("the exchange has a discarder");
                if player != d.player {
                    return Err(Self::not_to_act(
                        player,
                        format!(
                            "player {} discards now (RULES.md §4.2: the non-dealer draws and \
                             discards first, then the dealer)",
                            d.player
                        ),
                    ));
                }
                if !self.hands[player].contains(card) {
                    return Err(BridgetteError::DiscardNotHeld(card).into());
                }
                Ok(())
            }
            (Phase::Exchange, _) => Err(wrong_phase(
                "the exchange takes discards, e.g. \"discard S2\", until each hand is back to 13",
            )),
            (Phase::Auction, Action::Call(call)) => {
                self.auction.check(player, call)?;
                check_call(
                    &self.auction,
                    &self.setup.options,
                    player,
                    self.hands[player],
                    call,
                )?;
                Ok(())
            }
            (Phase::Auction, _) => Err(wrong_phase(
                "the auction takes calls: P, X, XX or a bid from 0NT to 7NT",
            )),
            (Phase::Play, Action::Card(card)) => {
                let play = self.play.as_ref().expect("the play phase has a play");
                play.check(player, self.hands[player], card)?;
                Ok(())
            }
            (Phase::Play, _) => Err(wrong_phase("the play takes cards, e.g. SA or GC")),
        }
    }
}

impl Game for BridgetteDeal {
    fn player_count(&self) -> usize {
        2
    }

    fn phase(&self) -> Phase {
        if !self.exchange_done() {
            Phase::Exchange
        } else if !self.auction_done() {
            Phase::Auction
        } else if self.play.as_ref().is_some_and(|p| !p.is_finished()) {
            Phase::Play
        } else {
            Phase::Finished
        }
    }

    fn to_act(&self) -> PlayerSet {
        let player = match self.phase() {
            Phase::Exchange => self.discarding.map(|d| d.player),
            Phase::Auction => self.auction.next_to_call(),
            Phase::Play => self.play.as_ref().and_then(TrickPlay::to_play),
            Phase::Finished => None,
        };
        player.map_or(PlayerSet::EMPTY, PlayerSet::single)
    }

    fn legal_actions(&self, player: Player) -> Vec<Action> {
        if !self.to_act().contains(player) {
            return Vec::new();
        }
        let hand = self.hands[player];
        match self.phase() {
            Phase::Exchange => hand.iter().map(Action::Discard).collect(),
            Phase::Auction => self
                .auction
                .legal_calls()
                .into_iter()
                .filter(|&call| {
                    check_call(&self.auction, &self.setup.options, player, hand, call).is_ok()
                })
                .map(Action::Call)
                .collect(),
            Phase::Play => self
                .play
                .as_ref()
                .map(|p| p.legal(hand).iter().map(Action::Card).collect())
                .unwrap_or_default(),
            Phase::Finished => Vec::new(),
        }
    }

    fn try_apply(&mut self, player: Player, action: Action) -> Result<Events, IllegalAction> {
        self.check(player, action)?;
        Ok(self.apply_unchecked(player, action))
    }

    fn apply_unchecked(&mut self, player: Player, action: Action) -> Events {
        self.history.push(Move { player, action });
        let before = self.phase();
        let mut events = Events::default();
        match action {
            Action::Discard(card) => {
                self.hands[player].remove(card);
                self.discards[player].insert(card);
                if let Some(d) = self.discarding.as_mut() {
                    d.owed -= 1;
                    if d.owed == 0 {
                        self.discarding = None;
                        if player != self.setup.dealer {
                            self.draw(self.setup.dealer);
                        }
                    }
                }
            }
            Action::Call(call) => {
                self.auction.call_unchecked(call);
                if auction_closed(&self.auction, &self.setup.options)
                    && let Some((declarer, bid)) = self.auction.last_bid()
                {
                    self.play = Some(TrickPlay::new(
                        self.trick_rules(bid.strain),
                        2,
                        HAND_SIZE,
                        declarer.next(2),
                    ));
                }
            }
            Action::Card(card) => {
                self.hands[player].remove(card);
                if let Some(play) = self.play.as_mut() {
                    events.trick_won = play.play_unchecked(card);
                }
            }
            Action::Claim(tricks) => {
                if let Some(play) = self.play.as_mut() {
                    play.concede(player, player.next(2), tricks);
                }
            }
            Action::NamedJoker(_) | Action::Bid(_) | Action::ChangeBid(_) | Action::PlayBlind => {}
        }
        let after = self.phase();
        if after != before {
            events.new_phase = Some(after);
        }
        events
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase() != Phase::Finished {
            return None;
        }
        let [a, b] = self.points()?;
        let (a, b) = (a as i32, b as i32);
        Some(Outcome {
            points: vec![a - b, b - a],
        })
    }

    fn observation(&self, player: Player) -> View {
        self.view_for(Some(player))
    }

    fn full_view(&self) -> View {
        self.view_for(None)
    }

    fn history(&self) -> &[Move] {
        &self.history
    }

    fn resample(
        observation: &View,
        rng: &mut dyn rand::RngCore,
    ) -> Result<Self, crate::game::ResampleError> {
        super::resample::resample(observation, rng)
    }
}
