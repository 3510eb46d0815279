//! The expert's first step: deal the hidden cards again, consistently with the play
//! ([`Game::resample`]) and, in the bidding games, with the auction: a deal is kept when
//! the bidding system, given each hidden hand, would have made the calls its holder made.

use rand::RngCore;
use tenace_cards::Player;
use tenace_rules::bridge::BridgeDeal;
use tenace_rules::devils_bridge::DevilsHand;
use tenace_rules::{Action, AnyGame, Game, View};

use crate::basic::BasicBot;
use crate::bot::Bot;

/// How many deals to try for one sample before taking the one that fits the auction
/// best: enough for most auctions, few enough that an unlikely auction (or a partner
/// who bids by another system) never stalls a decision.
const TRIES_PER_SAMPLE: usize = 40;

/// One sample and whether it fits everything the viewer saw.
#[derive(Debug, Clone)]
pub(crate) struct Sample {
    /// The deal, hidden cards dealt again.
    pub game: AnyGame,
    /// Whether every hidden hand's calls are the ones the system makes with it.
    pub fits_auction: bool,
}

/// Deals samples for one view.
pub(crate) struct Sampler<'a> {
    view: &'a View,
}

impl<'a> Sampler<'a> {
    /// A sampler for this view.
    pub fn new(view: &'a View) -> Sampler<'a> {
        Sampler { view }
    }

    /// The next sample: the first of a few tries that fits the auction, else the try
    /// with the fewest calls out of line. `None` only when the view cannot be resampled
    /// at all.
    pub fn next(&mut self, rng: &mut dyn RngCore) -> Option<Sample> {
        let mut best: Option<(usize, AnyGame)> = None;
        for _ in 0..TRIES_PER_SAMPLE {
            let Ok(game) = AnyGame::resample(self.view, rng) else {
                continue;
            };
            let misfits = match &game {
                AnyGame::Bridge(deal) => auction_misfits(self.view, deal),
                AnyGame::DevilsBridge(hand) => bid_misfits(self.view, hand),
                // Bridgette's calls are not filtered: its deals are free but for what
                // the exchange and the play showed.
                _ => 0,
            };
            if misfits == 0 {
                return Some(Sample {
                    game,
                    fits_auction: true,
                });
            }
            if best.as_ref().is_none_or(|(m, _)| misfits < *m) {
                best = Some((misfits, game));
            }
        }
        best.map(|(_, game)| Sample {
            game,
            fits_auction: false,
        })
    }
}

/// How many calls of the players whose hands the viewer cannot see differ from the
/// calls the bidding system makes with the sampled hands.
fn auction_misfits(view: &View, sample: &BridgeDeal) -> usize {
    let hidden = |p: Player| view.hands.get(p.index()).is_none_or(|h| h.is_none());
    let mut replay = match BridgeDeal::from_setup(sample.setup().clone()) {
        Ok(deal) => deal,
        Err(_) => return usize::MAX,
    };
    let mut system = BasicBot::new(view.config.clone(), 0);
    let mut misfits = 0;
    for m in &view.history {
        let Action::Call(_) = m.action else {
            break;
        };
        if hidden(m.player) {
            let legal = replay.legal_actions(m.player);
            let expected = system
                .decide(&replay.observation(m.player), &legal)
                .map(|d| d.action);
            misfits += usize::from(expected != Ok(m.action));
        }
        replay.apply_unchecked(m.player, m.action);
    }
    misfits
}

/// How far a Devil's Bridge bid may stray from the basic player's estimate of the
/// bidder's hand and still fit: other players judge hands their own way, so only a bid
/// far from the estimate says the sampled hand is unlike theirs.
const BID_TOLERANCE: f32 = 1.0;

/// How many bids of the players whose hands the viewer cannot see are further than
/// [`BID_TOLERANCE`] from the tricks the sampled hand, as dealt, should take. A blind
/// hand's bids are judged on the others' cards, so they say nothing of the bidder's.
fn bid_misfits(view: &View, sample: &DevilsHand) -> usize {
    if view.blind {
        return 0;
    }
    let setup = sample.setup();
    let trump = setup.trump_card.and_then(|c| c.suit());
    (0..view.players)
        .filter(|&p| view.hands.get(p).is_none_or(|h| h.is_none()))
        .filter_map(|p| {
            let bid = view.bids.get(p).copied().flatten()?;
            let dealt = *setup.hands.0.get(p)?;
            let estimate = crate::devils::expected_tricks(dealt, trump, view.players);
            Some((estimate - f32::from(bid)).abs() > BID_TOLERANCE)
        })
        .filter(|&misfit| misfit)
        .count()
}
