//! The basic player: rules of thumb for every game and every phase.

use tenace_rules::{Action, GameConfig, Phase, View};

use crate::bidding::{AuctionContext, choose_call};
use crate::bot::{Bot, BotError, Decision};
use crate::hand_eval::HandFacts;
use crate::play::{Goal, choose_card};
use crate::seat_info::SeatInfo;
use crate::{bridgette, devils};

/// Fast rules of thumb: the bidding table in the partnership games, trick estimates for
/// Devil's Bridge and Bridgette bids, Bridgette's discards, and the card-play maxims of
/// [`crate::play`]. It plays by the options of its game (the scoring among them) as its
/// view carries them.
///
/// ```
/// use tenace_bots::{BasicBot, Bot};
/// use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsMatch};
/// use tenace_rules::Match;
/// let mut game = DevilsMatch::new(DevilsBridgeOptions::default(), 3).unwrap();
/// let p = game.to_act().iter().next().unwrap();
/// let view = game.observation(p).unwrap();
/// let mut bot = BasicBot::new(view.config.clone(), 0);
/// let d = bot.decide(&view, &game.legal_actions(p)).unwrap();
/// assert!(d.reason.starts_with("bid"));
/// ```
#[derive(Debug, Clone)]
pub struct BasicBot {
    config: GameConfig,
}

impl BasicBot {
    /// A basic player for this game. Its rules are deterministic, so the seed (taken
    /// for the same signature as every level) changes nothing.
    pub fn new(config: GameConfig, _seed: u64) -> BasicBot {
        BasicBot { config }
    }

    fn rule_of_thumb(&self, info: &SeatInfo, legal: &[Action]) -> Option<Decision> {
        let view = info.view;
        match (view.phase, &self.config) {
            (Phase::Exchange, _) => bridgette::discard(info, legal),
            (_, GameConfig::DevilsBridge(_))
                if legal
                    .iter()
                    .any(|a| matches!(a, Action::Bid(_) | Action::ChangeBid(_)))
                    && !legal.iter().any(|a| matches!(a, Action::Card(_))) =>
            {
                devils::bid(info, legal)
            }
            (Phase::Play, GameConfig::DevilsBridge(options)) => {
                choose_card(info, legal, devils::goal(info, options.scoring))
            }
            (Phase::Play, _) => choose_card(info, legal, Goal::MostTricks),
            (Phase::Auction, GameConfig::Bridge(..)) => {
                let facts = HandFacts::new(info.hand?, info.style);
                let ctx = AuctionContext::from_view(view, legal)?;
                Some(choose_call(&facts, &ctx))
            }
            (Phase::Auction, GameConfig::Bridgette(_)) => bridgette::call(info, legal),
            _ => None,
        }
    }
}

impl Bot for BasicBot {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Result<Decision, BotError> {
        let first = *legal.first().ok_or(BotError::NoLegalAction)?;
        if legal == [Action::PlayBlind] {
            return Ok(Decision::new(
                first,
                "the blind hand: my card, unseen, as the rules force",
            ));
        }
        let info = SeatInfo::new(view).ok_or(BotError::NoViewer)?;
        // A rule's choice is used only if it is legal; otherwise the first legal action,
        // said plainly.
        Ok(self
            .rule_of_thumb(&info, legal)
            .filter(|d| legal.contains(&d.action))
            .unwrap_or_else(|| {
                Decision::new(first, "no rule of thumb applies: the first legal action")
            }))
    }
}
