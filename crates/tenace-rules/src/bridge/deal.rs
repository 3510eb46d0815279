//! One deal of Contract Bridge, Deuces Wild or Five Crowns: the auction, then the play.

use rand::RngCore;
use tenace_cards::{BySeat, Card, CardSet, Player, Seat, Suit};

use super::setup::{BridgeSetup, SetupError};
use super::variant::BridgeVariant;
use crate::any::GameConfig;
use crate::auction::{Auction, Call};
use crate::contract::Contract;
use crate::game::{
    Action, Events, Game, IllegalAction, Move, Outcome, Phase, PlayerSet, ResampleError,
};
use crate::resample::{HiddenHand, deal_hidden};
use crate::trick::TrickPlay;
use crate::view::View;

/// The result of a played deal: the contract, declarer and the tricks declarer's side won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DealResult {
    /// The final contract.
    pub contract: Contract,
    /// Declarer.
    pub declarer: Seat,
    /// Tricks won by declarer's side, 0 to 13 (14 in Five Crowns).
    pub tricks: u8,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Stage {
    Auction,
    Play {
        contract: Contract,
        declarer: Seat,
        play: TrickPlay,
    },
    /// `result` is `None` when the deal was passed out; `play` keeps the tricks.
    Finished {
        result: Option<DealResult>,
        play: Option<TrickPlay>,
    },
}

/// A deal in progress: a [`Game`] of four players, North = `Player(0)`. The setup's
/// [`super::BridgeVariant`] chooses Contract Bridge, Deuces Wild or Five Crowns.
///
/// ```
/// use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup};
/// use tenace_rules::{Game, Phase, Vulnerability};
/// let setup = BridgeSetup::from_seed(1, Vulnerability::None, BridgeOptions::default());
/// let mut deal = BridgeDeal::from_setup(setup).unwrap();
/// while let Some(player) = deal.to_act().iter().next() {
///     let action = deal.legal_actions(player)[0];
///     deal.try_apply(player, action).unwrap();
/// }
/// assert_eq!(deal.phase(), Phase::Finished);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BridgeDeal {
    setup: BridgeSetup,
    hands: BySeat<CardSet>,
    auction: Auction,
    stage: Stage,
    history: Vec<Move>,
    /// Rubber and Chicago: each side's points toward game below the line when the deal
    /// began (N-S, E-W); the bidding judges game by them.
    part_scores: [u32; 2],
}

impl BridgeDeal {
    /// The deal with each side's part-score toward game (N-S, E-W) at its start, as a
    /// rubber or Chicago match sets it. It changes no rule of the deal; players see it.
    ///
    /// ```
    /// use tenace_rules::bridge::{BridgeDeal, BridgeOptions, BridgeSetup};
    /// use tenace_rules::{Game, Vulnerability};
    /// use tenace_cards::Player;
    /// let setup = BridgeSetup::from_seed(7, Vulnerability::None, BridgeOptions::default());
    /// let deal = BridgeDeal::from_setup(setup).unwrap().with_part_scores([60, 0]);
    /// assert_eq!(deal.observation(Player(1)).part_scores, [60, 0]);
    /// ```
    pub fn with_part_scores(mut self, part_scores: [u32; 2]) -> BridgeDeal {
        self.part_scores = part_scores;
        self
    }

    /// Each side's part-score toward game when the deal began (N-S, E-W).
    pub fn part_scores(&self) -> [u32; 2] {
        self.part_scores
    }

    /// Checks a setup and starts its auction.
    pub fn from_setup(setup: BridgeSetup) -> Result<BridgeDeal, SetupError> {
        let problems = setup.problems();
        if !problems.is_empty() {
            return Err(SetupError(problems));
        }
        Ok(BridgeDeal {
            hands: setup.hands,
            auction: Auction::new(setup.variant.auction_rules(), setup.dealer.into()),
            stage: Stage::Auction,
            history: Vec::new(),
            part_scores: [0, 0],
            setup,
        })
    }

    /// The setup this deal started from.
    pub fn setup(&self) -> &BridgeSetup {
        &self.setup
    }

    /// The auction so far.
    pub fn auction(&self) -> &Auction {
        &self.auction
    }

    /// The cards each seat holds now.
    pub fn hands(&self) -> &BySeat<CardSet> {
        &self.hands
    }

    /// The trick play, once the auction has produced a contract (kept after the deal).
    pub fn play(&self) -> Option<&TrickPlay> {
        match &self.stage {
            Stage::Play { play, .. } => Some(play),
            Stage::Finished { play, .. } => play.as_ref(),
            Stage::Auction => None,
        }
    }

    /// The contract and declarer, once the auction is over and not passed out.
    pub fn contract(&self) -> Option<(Contract, Seat)> {
        match &self.stage {
            Stage::Play {
                contract, declarer, ..
            } => Some((*contract, *declarer)),
            Stage::Finished {
                result: Some(r), ..
            } => Some((r.contract, r.declarer)),
            _ => None,
        }
    }

    /// Whether the deal ended with four passes.
    pub fn is_passed_out(&self) -> bool {
        matches!(self.stage, Stage::Finished { result: None, .. })
    }

    /// The result, once every trick is played (`None` while playing or when passed out).
    pub fn result(&self) -> Option<DealResult> {
        match self.stage {
            Stage::Finished { result, .. } => result,
            _ => None,
        }
    }

    /// The deal's score for North-South in the scoring mode of its options (duplicate by
    /// default), once it is over. A passed-out deal scores 0.
    pub fn score_ns(&self) -> Option<i32> {
        match self.stage {
            Stage::Finished { result, .. } => {
                Some(super::scoring::deal_score_ns(&self.setup, result))
            }
            _ => None,
        }
    }

    /// The seat whose card is next, during play.
    fn seat_to_play(&self) -> Option<Seat> {
        self.play()?.to_play().and_then(Player::seat)
    }

    /// Dummy's cards are face up once the opening lead has been made (Law 41D).
    fn dummy_exposed(&self) -> Option<Seat> {
        match &self.stage {
            Stage::Play { declarer, play, .. }
                if !play.current().is_empty() || !play.completed().is_empty() =>
            {
                Some(declarer.partner())
            }
            Stage::Finished {
                result: Some(r), ..
            } => Some(r.declarer.partner()),
            _ => None,
        }
    }

    fn acting_player(&self) -> Option<Player> {
        match &self.stage {
            Stage::Auction => self.auction.next_to_call(),
            Stage::Play { declarer, .. } => {
                let seat = self.seat_to_play()?;
                // Declarer plays dummy's cards (Law 45A).
                Some(
                    if seat == declarer.partner() {
                        *declarer
                    } else {
                        seat
                    }
                    .into(),
                )
            }
            Stage::Finished { .. } => None,
        }
    }

    fn apply_call(&mut self, call: Call) -> Events {
        self.auction.call_unchecked(call);
        if !self.auction.is_over() {
            return Events::default();
        }
        match (
            self.auction.contract(),
            self.auction.declarer().and_then(Player::seat),
        ) {
            (Some(contract), Some(declarer)) => {
                self.stage = Stage::Play {
                    contract,
                    declarer,
                    play: new_play(self.setup.variant, contract, declarer),
                };
                Events {
                    new_phase: Some(Phase::Play),
                    ..Events::default()
                }
            }
            _ => {
                self.stage = Stage::Finished {
                    result: None,
                    play: None,
                };
                Events {
                    new_phase: Some(Phase::Finished),
                    ..Events::default()
                }
            }
        }
    }

    fn apply_card(&mut self, card: Card, named: Option<Suit>) -> Events {
        let Stage::Play { play, .. } = &mut self.stage else {
            return Events::default();
        };
        let seat = play
            .to_play()
            .and_then(Player::seat)
            .expect("a deal in play has a seat to play");
        self.hands[seat].remove(card);
        let trick_won = play.play_named_unchecked(card, named);
        Events {
            trick_won,
            new_phase: self.finish_if_played(),
        }
    }

    /// An agreed claim (checked by [`TrickPlay::check_claim`]): the claimer's side takes
    /// `tricks` of the rest, their left-hand opponent's side the others, and the deal ends.
    fn apply_claim(&mut self, player: Player, tricks: u8) -> Events {
        let (Stage::Play { play, .. }, Some(seat)) = (&mut self.stage, player.seat()) else {
            return Events::default();
        };
        play.concede(player, seat.lho().into(), tricks);
        Events {
            trick_won: None,
            new_phase: self.finish_if_played(),
        }
    }

    /// Once the play is over, moves the deal to its result; returns the new phase then.
    fn finish_if_played(&mut self) -> Option<Phase> {
        let Stage::Play {
            contract,
            declarer,
            play,
        } = &mut self.stage
        else {
            return None;
        };
        if !play.is_finished() {
            return None;
        }
        let won = play.tricks_won();
        let tricks = won[declarer.index()] + won[declarer.partner().index()];
        let result = DealResult {
            contract: *contract,
            declarer: *declarer,
            tricks,
        };
        let play = std::mem::replace(
            play,
            new_play(self.setup.variant, result.contract, result.declarer),
        );
        self.stage = Stage::Finished {
            result: Some(result),
            play: Some(play),
        };
        Some(Phase::Finished)
    }

    fn view_for(&self, viewer: Option<Player>) -> View {
        let dummy_exposed = self.dummy_exposed();
        let hands = Seat::ALL
            .iter()
            .map(|&seat| {
                let visible = match viewer {
                    None => true,
                    Some(v) => v == Player::from(seat) || dummy_exposed == Some(seat),
                };
                visible.then_some(self.hands[seat])
            })
            .collect();
        let play = self.play();
        let contract = self.contract();
        View {
            config: GameConfig::Bridge(self.setup.variant, self.setup.options.clone()),
            viewer,
            phase: self.phase(),
            players: 4,
            dealer: self.setup.dealer.into(),
            vulnerability: Some(self.setup.vulnerability),
            hands,
            hand_sizes: self.hands.0.iter().map(|h| h.len()).collect(),
            trick: play.map(|p| *p.current()),
            tricks_won: play.map_or_else(|| vec![0; 4], |p| p.tricks_won().to_vec()),
            history: self.history.clone(),
            contract: contract.map(|c| c.0),
            declarer: contract.map(|c| c.1.into()),
            dummy: contract.map(|c| c.1.partner().into()),
            score: self.score_ns(),
            shown_void: match play {
                Some(p) => (0..4).map(|i| p.shown_void(Player(i))).collect(),
                None => vec![0; 4],
            },
            to_act: self.to_act(),
            bids: Vec::new(),
            turned_up: None,
            blind: false,
            exchange: None,
            part_scores: self.part_scores,
        }
    }
}

/// The play of a contract: declarer's left-hand opponent leads (Law 41).
fn new_play(variant: BridgeVariant, contract: Contract, declarer: Seat) -> TrickPlay {
    TrickPlay::new(
        variant.trick_rules(contract.strain),
        4,
        variant.hand_size(),
        declarer.lho().into(),
    )
    .with_seat_names()
}

/// The card an action plays, with the suit named for a joker.
fn card_of(action: Action) -> Option<(Card, Option<Suit>)> {
    match action {
        Action::Card(card) => Some((card, None)),
        Action::NamedJoker(suit) => Some((Card::JOKER, Some(suit))),
        Action::Call(_)
        | Action::Bid(_)
        | Action::ChangeBid(_)
        | Action::Discard(_)
        | Action::PlayBlind
        | Action::Claim(_) => None,
    }
}

impl Game for BridgeDeal {
    fn player_count(&self) -> usize {
        4
    }

    fn phase(&self) -> Phase {
        match self.stage {
            Stage::Auction => Phase::Auction,
            Stage::Play { .. } => Phase::Play,
            Stage::Finished { .. } => Phase::Finished,
        }
    }

    fn to_act(&self) -> PlayerSet {
        self.acting_player()
            .map_or(PlayerSet::EMPTY, PlayerSet::single)
    }

    fn legal_actions(&self, player: Player) -> Vec<Action> {
        if self.acting_player() != Some(player) {
            return Vec::new();
        }
        match &self.stage {
            Stage::Auction => self
                .auction
                .legal_calls()
                .into_iter()
                .map(Action::Call)
                .collect(),
            Stage::Play { play, .. } => match self.seat_to_play() {
                Some(seat) => {
                    let hand = self.hands[seat];
                    let mut actions = Vec::with_capacity(hand.len());
                    for card in play.legal(hand) {
                        if card == Card::JOKER && play.rules().joker_is_named() {
                            let names = play.joker_names(hand);
                            actions.extend(names.into_iter().map(Action::NamedJoker));
                        } else {
                            actions.push(Action::Card(card));
                        }
                    }
                    actions
                }
                None => Vec::new(),
            },
            Stage::Finished { .. } => Vec::new(),
        }
    }

    fn try_apply(&mut self, player: Player, action: Action) -> Result<Events, IllegalAction> {
        let name = |p: Player| p.label(4);
        match (&self.stage, action) {
            (Stage::Auction, Action::Call(call)) => self.auction.check(player, call)?,
            (Stage::Play { declarer, play, .. }, Action::Card(_) | Action::NamedJoker(_)) => {
                let (card, named) = card_of(action).expect("a card action");
                let seat = self
                    .seat_to_play()
                    .ok_or(crate::trick::PlayError::Finished)?;
                let dummy = declarer.partner();
                let acting = self
                    .acting_player()
                    .expect("a deal in play has a player to act");
                if player != acting {
                    let reason = if Player::from(dummy) == player {
                        format!(
                            "{} is dummy; declarer plays dummy's cards (Law 45A)",
                            name(player)
                        )
                    } else if seat == dummy {
                        format!(
                            "it is dummy's turn ({seat}), and declarer {} plays dummy's cards (Law 45A)",
                            declarer
                        )
                    } else {
                        format!(
                            "it is {seat}'s turn to play (Law 44: play goes clockwise from the leader)"
                        )
                    };
                    return Err(IllegalAction::NotToAct {
                        player: name(player),
                        reason,
                    });
                }
                play.check_named(seat.into(), self.hands[seat], card, named)?;
            }
            (Stage::Play { play, .. }, Action::Claim(tricks)) => {
                // Any of the four may claim for their side; dummy's claim is its side's.
                if player.seat().is_none() {
                    return Err(IllegalAction::NotToAct {
                        player: name(player),
                        reason: "Contract Bridge seats players 0 to 3".into(),
                    });
                }
                play.check_claim(tricks)?;
            }
            (Stage::Auction, Action::Claim(_)) => {
                return Err(IllegalAction::NoClaim {
                    action,
                    rule: "a claim is made in the play, and the auction is not over",
                });
            }
            (Stage::Finished { .. }, _) => {
                return Err(IllegalAction::NotToAct {
                    player: name(player),
                    reason: "the deal is over".into(),
                });
            }
            (stage, action) => {
                let (phase, expected) = match stage {
                    Stage::Auction => (
                        Phase::Auction,
                        "the auction takes calls (P, X, XX, 1C … 7NT)",
                    ),
                    _ => (Phase::Play, "the play takes cards (e.g. SA)"),
                };
                return Err(IllegalAction::WrongPhase {
                    action,
                    phase,
                    expected,
                });
            }
        }
        Ok(self.apply_unchecked(player, action))
    }

    fn apply_unchecked(&mut self, player: Player, action: Action) -> Events {
        self.history.push(Move { player, action });
        match card_of(action) {
            Some((card, named)) => self.apply_card(card, named),
            None => match action {
                Action::Call(call) => self.apply_call(call),
                Action::Claim(tricks) => self.apply_claim(player, tricks),
                _ => Events::default(),
            },
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let ns = self.score_ns()?;
        Some(Outcome {
            points: vec![ns, -ns, ns, -ns],
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

    fn resample(observation: &View, rng: &mut dyn RngCore) -> Result<Self, ResampleError> {
        let GameConfig::Bridge(variant, options) = &observation.config else {
            return Err(ResampleError::WrongGame(observation.config.name().into()));
        };
        let variant = *variant;
        let inconsistent = |why: String| ResampleError::Inconsistent(why);
        let dealer = observation
            .dealer
            .seat()
            .ok_or_else(|| inconsistent("the dealer is not a seat".into()))?;
        // Replay the public record to learn who played which card and what each player
        // has shown they cannot hold.
        let mut auction = Auction::new(variant.auction_rules(), dealer.into());
        let mut play: Option<TrickPlay> = None;
        let mut played = BySeat::<CardSet>::default();
        for m in &observation.history {
            match (m.action, card_of(m.action), play.as_mut()) {
                (Action::Call(call), _, None) => {
                    auction.call_unchecked(call);
                    if let (Some(c), Some(d)) = (
                        auction.contract(),
                        auction.declarer().and_then(Player::seat),
                    ) {
                        play = Some(new_play(variant, c, d));
                    }
                }
                (_, Some((card, named)), Some(p)) => {
                    let seat = p
                        .to_play()
                        .and_then(Player::seat)
                        .ok_or_else(|| inconsistent("a card after the last trick".into()))?;
                    played[seat].insert(card);
                    p.play_named_unchecked(card, named);
                }
                (Action::Claim(tricks), _, Some(p)) => {
                    let seat = m
                        .player
                        .seat()
                        .ok_or_else(|| inconsistent("a claim by no seat".into()))?;
                    p.concede(m.player, seat.lho().into(), tricks);
                }
                _ => {
                    return Err(inconsistent(format!(
                        "{} out of place in the record",
                        m.action
                    )));
                }
            }
        }
        let all_played = played.0.iter().fold(CardSet::EMPTY, |a, &b| a | b);
        let pool = variant.deck().cards() - observation.visible_cards() - all_played;
        let hidden: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|s| observation.hands[s.index()].is_none())
            .collect();
        let needs: Vec<HiddenHand> = hidden
            .iter()
            .map(|&seat| HiddenHand {
                count: observation.hand_sizes[seat.index()],
                allowed: pool
                    - play
                        .as_ref()
                        .map_or(CardSet::EMPTY, |p| p.barred(seat.into())),
            })
            .collect();
        let dealt = deal_hidden(pool, &needs, rng)?;
        let mut hands = BySeat::<CardSet>::default();
        for seat in Seat::ALL {
            hands[seat] = observation.hands[seat.index()].unwrap_or(CardSet::EMPTY) | played[seat];
        }
        for (&seat, &cards) in hidden.iter().zip(&dealt) {
            hands[seat] |= cards;
        }
        let setup = BridgeSetup {
            variant,
            hands,
            dealer,
            vulnerability: observation.vulnerability.unwrap_or_default(),
            options: options.clone(),
        };
        let mut deal = BridgeDeal::from_setup(setup).map_err(|e| inconsistent(e.to_string()))?;
        for m in &observation.history {
            deal.try_apply(m.player, m.action)
                .map_err(|e| inconsistent(format!("the record does not replay: {e}")))?;
        }
        Ok(deal)
    }
}
