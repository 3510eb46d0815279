//! One hand of Devil's Bridge as a [`Game`]: the bidding, then the tricks.

use rand::RngCore;
use tenace_cards::{ByPlayer, Card, CardSet, Deck, Player};

use super::bidding::Bidding;
use super::options::hand_points;
use super::setup::{HandSetup, HandSetupError};
use crate::any::GameConfig;
use crate::game::{
    Action, Events, Game, IllegalAction, Move, Outcome, Phase, PlayerSet, ResampleError,
};
use crate::resample::{HiddenHand, deal_hidden};
use crate::trick::{TrickPlay, TrickRules};
use crate::view::View;

/// A hand in progress. Players are numbered from 0 clockwise.
///
/// Several players may act at once: while bids may still be changed, [`Game::to_act`]
/// holds the next bidder (or, once everyone has bid, the leader) and every player who may
/// change their bid.
///
/// In a blind hand each player's one card is hidden from that player alone, and nothing
/// the engine tells them names it until it is played: their [`Game::observation`] leaves
/// it out, and when it is their turn their only legal action is [`Action::PlayBlind`],
/// which the engine resolves to the card. A named card from that player is refused with
/// the same message whatever the card, so guessing learns nothing.
///
/// ```
/// use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsHand, HandSetup};
/// use tenace_rules::{Action, Game, Phase};
/// use tenace_cards::Player;
/// let setup = HandSetup::seeded(DevilsBridgeOptions::for_players(3), 1, 2, Some(Player(2)), false);
/// let mut hand = DevilsHand::from_setup(setup).unwrap();
/// hand.try_apply(Player(0), Action::Bid(1)).unwrap();
/// // Player 0 may still change while player 1 has not bid; player 1 may bid.
/// assert_eq!(hand.to_act().iter().collect::<Vec<_>>(), vec![Player(0), Player(1)]);
/// hand.try_apply(Player(1), Action::Bid(0)).unwrap();
/// // The hook: the dealer may not bid 1 (1 + 0 + 1 = 2 tricks).
/// assert!(!hand.legal_actions(Player(2)).contains(&Action::Bid(1)));
/// hand.try_apply(Player(2), Action::Bid(2)).unwrap();
/// assert_eq!(hand.phase(), Phase::Play);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DevilsHand {
    setup: HandSetup,
    hands: ByPlayer<CardSet>,
    bidding: Bidding,
    play: TrickPlay,
    history: Vec<Move>,
}

impl DevilsHand {
    /// Checks a setup and opens the bidding.
    pub fn from_setup(setup: HandSetup) -> Result<DevilsHand, HandSetupError> {
        let problems = setup.problems();
        if !problems.is_empty() {
            return Err(HandSetupError(problems));
        }
        let n = setup.players();
        Ok(DevilsHand {
            hands: setup.hands.clone(),
            bidding: Bidding::new(n, setup.size, setup.dealer, setup.options.allow_bid_changes),
            play: TrickPlay::new(
                TrickRules::plain(setup.trump()),
                n,
                setup.size,
                setup.first_player(),
            ),
            history: Vec::new(),
            setup,
        })
    }

    /// The setup this hand started from.
    pub fn setup(&self) -> &HandSetup {
        &self.setup
    }

    /// The cards each player holds now.
    pub fn hands(&self) -> &ByPlayer<CardSet> {
        &self.hands
    }

    /// The bidding so far.
    pub fn bidding(&self) -> &Bidding {
        &self.bidding
    }

    /// The trick play (it starts once everyone has bid).
    pub fn play(&self) -> &TrickPlay {
        &self.play
    }

    /// Whether the first card has been played, which freezes the dealer's bid.
    pub fn first_card_played(&self) -> bool {
        !self.play.completed().is_empty() || !self.play.current().is_empty()
    }

    /// Each player's points for the hand, once it is over (RULES.md §3.2).
    pub fn points(&self) -> Option<Vec<u32>> {
        if !self.play.is_finished() {
            return None;
        }
        let scoring = self.setup.options.scoring;
        Some(
            self.bidding
                .bids()
                .iter()
                .zip(self.play.tricks_won())
                .map(|(bid, &tricks)| hand_points(scoring, bid.unwrap_or(0), tricks))
                .collect(),
        )
    }

    /// Puts a card on the table and ends the hand after the last one.
    fn play_card(&mut self, player: Player, card: Card) -> Events {
        self.hands[player].remove(card);
        let trick_won = self.play.play_unchecked(card);
        Events {
            trick_won,
            new_phase: self.play.is_finished().then_some(Phase::Finished),
        }
    }

    /// The play starts only once every player has bid.
    fn check_bidding_over(&self, player: Player) -> Result<(), IllegalAction> {
        match self.bidding.next_bidder() {
            Some(next) => Err(Self::not_to_act(
                player,
                format!(
                    "the bidding is not over: player {next} has still to bid \
                     (RULES.md §3.1: the play starts after every player has bid)"
                ),
            )),
            None => Ok(()),
        }
    }

    /// A move as views show it: a blind play names its card, which is public once on the
    /// table. The record ([`Game::history`]) keeps the blind play, as it was made.
    fn as_shown(&self, m: Move) -> Move {
        if m.action != Action::PlayBlind {
            return m;
        }
        // A blind hand has one card a player, so the player's one card played is it.
        let card = self
            .play
            .completed()
            .iter()
            .map(|t| &t.trick)
            .chain(std::iter::once(self.play.current()))
            .flat_map(|t| t.plays())
            .find_map(|(p, card)| (p == m.player).then_some(card));
        match card {
            Some(card) => Move {
                action: Action::Card(card),
                ..m
            },
            None => m,
        }
    }

    /// Whether `viewer` may see `owner`'s cards: their own unless the hand is blind, and
    /// in a blind hand everyone's but their own.
    fn sees(&self, viewer: Option<Player>, owner: Player) -> bool {
        match viewer {
            None => true,
            Some(v) => (v == owner) != self.setup.blind,
        }
    }

    fn view_for(&self, viewer: Option<Player>) -> View {
        let n = self.setup.players();
        let players = (0..n as u8).map(Player);
        View {
            config: GameConfig::DevilsBridge(self.setup.options.clone()),
            viewer,
            phase: self.phase(),
            players: n,
            dealer: self.setup.dealer,
            vulnerability: None,
            hands: players
                .clone()
                .map(|p| self.sees(viewer, p).then_some(self.hands[p]))
                .collect(),
            hand_sizes: self.hands.0.iter().map(|h| h.len()).collect(),
            trick: (self.bidding.is_complete()).then(|| *self.play.current()),
            tricks_won: self.play.tricks_won().to_vec(),
            history: self.history.iter().map(|&m| self.as_shown(m)).collect(),
            contract: None,
            declarer: None,
            dummy: None,
            score: None,
            shown_void: players.map(|p| self.play.shown_void(p)).collect(),
            to_act: self.to_act(),
            bids: self.bidding.bids().to_vec(),
            turned_up: self.setup.trump_card,
            blind: self.setup.blind,
            exchange: None,
            part_scores: [0, 0],
        }
    }

    fn not_to_act(player: Player, reason: impl Into<String>) -> IllegalAction {
        IllegalAction::NotToAct {
            // Numbered players: the count only matters for seat names.
            player: crate::game::player_in_words(player, 0, false),
            reason: reason.into(),
        }
    }
}

impl Game for DevilsHand {
    fn player_count(&self) -> usize {
        self.setup.players()
    }

    fn phase(&self) -> Phase {
        if self.play.is_finished() {
            Phase::Finished
        } else if self.bidding.is_complete() {
            Phase::Play
        } else {
            Phase::Auction
        }
    }

    fn to_act(&self) -> PlayerSet {
        let mut set = PlayerSet::EMPTY;
        if self.play.is_finished() {
            return set;
        }
        match self.bidding.next_bidder() {
            Some(p) => set.insert(p),
            None => {
                if let Some(p) = self.play.to_play() {
                    set.insert(p);
                }
            }
        }
        for p in self.bidding.changers(self.first_card_played()) {
            set.insert(p);
        }
        set
    }

    fn legal_actions(&self, player: Player) -> Vec<Action> {
        if usize::from(player.0) >= self.setup.players() || self.play.is_finished() {
            return Vec::new();
        }
        let mut actions: Vec<Action> = self
            .bidding
            .legal_bids(player)
            .into_iter()
            .map(Action::Bid)
            .collect();
        actions.extend(
            self.bidding
                .legal_changes(player, self.first_card_played())
                .into_iter()
                .map(Action::ChangeBid),
        );
        if self.bidding.is_complete() && self.play.to_play() == Some(player) {
            if self.setup.blind {
                actions.push(Action::PlayBlind);
            } else {
                actions.extend(self.play.legal(self.hands[player]).iter().map(Action::Card));
            }
        }
        actions
    }

    fn try_apply(&mut self, player: Player, action: Action) -> Result<Events, IllegalAction> {
        let n = self.setup.players();
        if usize::from(player.0) >= n {
            return Err(Self::not_to_act(
                player,
                format!("there is no player {player} at a table of {n}"),
            ));
        }
        if self.play.is_finished() {
            return Err(Self::not_to_act(player, "the hand is over"));
        }
        match action {
            Action::Claim(_) => {
                return Err(IllegalAction::NoClaim {
                    action,
                    rule: "RULES.md has no claims in Devil's Bridge",
                });
            }
            Action::Bid(bid) => self.bidding.check_bid(player, bid)?,
            Action::ChangeBid(bid) => {
                self.bidding
                    .check_change(player, bid, self.first_card_played())?
            }
            Action::Card(card) => {
                self.check_bidding_over(player)?;
                if self.setup.blind {
                    // Checked before the card itself, and in the same words for every
                    // card: an answer that depended on the card would tell its holder
                    // what they may not see.
                    return Err(IllegalAction::BlindPlay(
                        "this hand is blind: name no card, play yours unseen with \"blind\"",
                    ));
                }
                self.play.check(player, self.hands[player], card)?;
            }
            Action::PlayBlind => {
                self.check_bidding_over(player)?;
                if !self.setup.blind {
                    return Err(IllegalAction::BlindPlay(
                        "this hand is not blind: name the card to play, e.g. SA; \"blind\" is \
                         for the blind one-card hand",
                    ));
                }
                if self.play.to_play() != Some(player) {
                    let next = self
                        .play
                        .to_play()
                        .map_or("nobody".into(), |p| p.to_string());
                    return Err(Self::not_to_act(
                        player,
                        format!("it is player {next}'s turn to play (RULES.md §3.1)"),
                    ));
                }
            }
            Action::Call(_) | Action::NamedJoker(_) | Action::Discard(_) => {
                let (phase, expected) = if self.bidding.is_complete() {
                    (
                        Phase::Play,
                        "Devil's Bridge takes cards (e.g. SA) and, until the first card, the dealer's \"change N\"",
                    )
                } else {
                    (
                        Phase::Auction,
                        "Devil's Bridge takes bids as numbers (e.g. 3) and changes as \"change 3\"",
                    )
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
        let mut events = Events::default();
        match action {
            Action::Bid(bid) => {
                self.bidding.record(player, bid);
                if self.bidding.is_complete() {
                    events.new_phase = Some(Phase::Play);
                }
            }
            Action::ChangeBid(bid) => self.bidding.record(player, bid),
            Action::Card(card) => events = self.play_card(player, card),
            Action::PlayBlind => {
                // A blind hand has one card a player: the one the engine plays for them.
                if let Some(card) = self.hands[player].iter().next() {
                    events = self.play_card(player, card);
                }
            }
            Action::Call(_) | Action::NamedJoker(_) | Action::Discard(_) | Action::Claim(_) => {}
        }
        events
    }

    fn outcome(&self) -> Option<Outcome> {
        self.points().map(|points| Outcome {
            points: points.into_iter().map(|p| p as i32).collect(),
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

    /// Deals again every card `observation` hides, keeping every card it shows: the
    /// viewer's own hand (or, in a blind hand, everyone else's), the turned-up card and
    /// the cards played. Players who showed out of a suit get none of it; the rest of the
    /// unseen cards go to the undealt stock.
    fn resample(observation: &View, rng: &mut dyn RngCore) -> Result<Self, ResampleError> {
        let GameConfig::DevilsBridge(options) = &observation.config else {
            return Err(ResampleError::WrongGame(observation.config.name().into()));
        };
        let inconsistent = ResampleError::Inconsistent;
        let n = options.player_count();
        if observation.hands.len() != n || observation.hand_sizes.len() != n {
            return Err(inconsistent(format!(
                "the observation has {} hands for {n} players",
                observation.hands.len()
            )));
        }
        let dealer = observation.dealer;
        let mut played = vec![CardSet::EMPTY; n];
        for m in &observation.history {
            if let (Action::Card(card), Some(cards)) = (m.action, played.get_mut(m.player.index()))
            {
                cards.insert(card);
            }
        }
        let size = observation.hand_sizes[0] + played[0].len();
        // Replay the cards to learn which suits each player has shown out of.
        let trump = observation.turned_up.and_then(Card::suit);
        let mut play = TrickPlay::new(TrickRules::plain(trump), n, size, dealer.next(n));
        for m in &observation.history {
            if let Action::Card(card) = m.action {
                if play.to_play() != Some(m.player) {
                    return Err(inconsistent(format!(
                        "{card} by player {} out of turn",
                        m.player
                    )));
                }
                play.play_unchecked(card);
            }
        }
        let all_played = played.iter().fold(CardSet::EMPTY, |a, &b| a | b);
        let turned = observation
            .turned_up
            .map_or(CardSet::EMPTY, CardSet::single);
        let pool = Deck::Standard.cards() - observation.visible_cards() - all_played - turned;
        let hidden: Vec<Player> = (0..n as u8)
            .map(Player)
            .filter(|p| observation.hands[p.index()].is_none())
            .collect();
        let mut needs: Vec<HiddenHand> = hidden
            .iter()
            .map(|&p| HiddenHand {
                count: observation.hand_sizes[p.index()],
                allowed: pool - play.barred(p),
            })
            .collect();
        let in_hands: usize = needs.iter().map(|h| h.count).sum();
        let stock = pool.len().checked_sub(in_hands).ok_or_else(|| {
            inconsistent(format!(
                "{} unseen cards for {in_hands} hidden places",
                pool.len()
            ))
        })?;
        // The undealt stock takes whatever the hidden hands do not.
        needs.push(HiddenHand {
            count: stock,
            allowed: pool,
        });
        let dealt = deal_hidden(pool, &needs, rng)?;
        let mut hands = ByPlayer(
            (0..n)
                .map(|i| observation.hands[i].unwrap_or(CardSet::EMPTY) | played[i])
                .collect(),
        );
        for (&p, &cards) in hidden.iter().zip(&dealt) {
            hands[p] |= cards;
        }
        let setup = HandSetup {
            options: options.clone(),
            size,
            dealer,
            hands,
            trump_card: observation.turned_up,
            blind: observation.blind,
        };
        let mut hand = DevilsHand::from_setup(setup).map_err(|e| inconsistent(e.to_string()))?;
        for m in &observation.history {
            // Views name a blind play's card; the engine takes it as the blind play it was.
            let action = match m.action {
                Action::Card(_) if observation.blind => Action::PlayBlind,
                action => action,
            };
            hand.try_apply(m.player, action)
                .map_err(|e| inconsistent(format!("the record does not replay: {e}")))?;
        }
        Ok(hand)
    }
}
