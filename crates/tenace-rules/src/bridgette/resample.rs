//! Dealing again what a Bridgette player cannot see: the opponent's hand and discards,
//! and the stock, consistently with the up-card, the counts and the play.

use rand::RngCore;
use tenace_cards::{ByPlayer, Card, CardSet, Deck, Player, Suit};

use super::bidding::lowest_sufficient;
use super::deal::BridgetteDeal;
use super::options::UpcardTo;
use super::setup::{BridgetteSetup, HAND_SIZE};
use crate::any::GameConfig;
use crate::auction::Call;
use crate::deal::shuffled;
use crate::game::{Action, Game, ResampleError};
use crate::resample::{HiddenHand, deal_hidden};
use crate::trick::{SpecialRule, TrickPlay, TrickRules};
use crate::view::View;

/// A deal consistent with everything `observation` shows. The hidden hands, the hidden
/// discards and the stock share the unseen cards: a hidden hand gets none of the suits its
/// player has shown out of, and the up-card, if its taker is hidden, is in that player's
/// hand or discards. The hidden player's discards are replayed where the record omits them.
pub(super) fn resample(
    observation: &View,
    rng: &mut dyn RngCore,
) -> Result<BridgetteDeal, ResampleError> {
    let GameConfig::Bridgette(options) = observation.config else {
        return Err(ResampleError::WrongGame(observation.config.name().into()));
    };
    let inconsistent = ResampleError::Inconsistent;
    let ex = observation
        .exchange
        .as_ref()
        .ok_or_else(|| inconsistent("a Bridgette view has an exchange".into()))?;
    let two = |v: usize| v == 2;
    if !(two(observation.hands.len())
        && two(ex.drawn.len())
        && two(ex.discards.len())
        && two(ex.draw_counts.len())
        && two(ex.discard_counts.len())
        && two(observation.hand_sizes.len()))
    {
        return Err(inconsistent(
            "a Bridgette view has two of everything".into(),
        ));
    }
    let dealer = observation.dealer;
    let non_dealer = dealer.next(2);
    let upcard = ex.upcard;
    let players = [Player(0), Player(1)];
    let mut played = [CardSet::EMPTY; 2];
    for m in &observation.history {
        if let (Action::Card(card), Some(set)) = (m.action, played.get_mut(m.player.index())) {
            set.insert(card);
        }
    }
    let upcard_taker = match options.upcard_to {
        UpcardTo::NonDealer => Some(non_dealer),
        UpcardTo::Dealer => Some(dealer),
        UpcardTo::None => None,
    };
    // The up-card is unseen only when its taker is hidden, has drawn, and has not played it.
    let hidden_upcard_holder = upcard_taker.filter(|&p| {
        observation.hands[p.index()].is_none()
            && ex.draw_counts[p.index()] > 0
            && !played[p.index()].contains(upcard)
    });
    let mut visible = CardSet::single(upcard) | played[0] | played[1];
    for p in players {
        let i = p.index();
        for set in [observation.hands[i], ex.discards[i], ex.drawn[i]] {
            visible |= set.unwrap_or(CardSet::EMPTY);
        }
    }
    let mut pool = Deck::Bridgette.cards() - visible;
    if hidden_upcard_holder.is_some() {
        pool.insert(upcard);
    }
    // Replay the cards to learn what each player has shown they do not hold.
    let barred = shown_absent(observation, options.block_allows_colon_lead)?;
    let hidden: Vec<Player> = players
        .into_iter()
        .filter(|p| observation.hands[p.index()].is_none())
        .collect();
    let mut needs = Vec::new();
    for &p in &hidden {
        let i = p.index();
        needs.push(HiddenHand {
            count: observation.hand_sizes[i],
            allowed: pool - barred[i],
        });
        needs.push(HiddenHand {
            count: ex.discard_counts[i],
            allowed: pool,
        });
    }
    let in_hands: usize = needs.iter().map(|h| h.count).sum();
    let stock_count = pool.len().checked_sub(in_hands).ok_or_else(|| {
        inconsistent(format!(
            "{} unseen cards for {in_hands} hidden places",
            pool.len()
        ))
    })?;
    needs.push(HiddenHand {
        count: stock_count,
        allowed: pool - CardSet::single(upcard),
    });
    let required: Vec<[usize; 4]> = hidden
        .iter()
        .map(|&p| bid_requirements(observation, p, played[p.index()]))
        .collect();
    let dealt = deal_meeting_bids(pool, &needs, &required, rng)?;
    let mut hands = ByPlayer::new(2, CardSet::EMPTY);
    let mut discards = ByPlayer::new(2, CardSet::EMPTY);
    for p in players {
        let i = p.index();
        hands[p] = observation.hands[i].unwrap_or(CardSet::EMPTY);
        discards[p] = ex.discards[i].unwrap_or(CardSet::EMPTY);
    }
    for (k, &p) in hidden.iter().enumerate() {
        hands[p] = dealt[2 * k];
        discards[p] = dealt[2 * k + 1];
    }
    let stock_rest = dealt[dealt.len() - 1];
    // Split each player's cards into the thirteen dealt and the cards drawn.
    let mut drawn = ByPlayer::new(2, Vec::<Card>::new());
    let mut dealt_hands = ByPlayer::new(2, CardSet::EMPTY);
    for p in players {
        let i = p.index();
        let all = hands[p] | discards[p] | played[i];
        let mut draw: Vec<Card> = match ex.drawn[i] {
            Some(known) => known.iter().collect(),
            None => {
                let mut others = all;
                let mut draw = Vec::new();
                if upcard_taker == Some(p) && ex.draw_counts[i] > 0 {
                    others.remove(upcard);
                    draw.push(upcard);
                }
                let rest = shuffled(others, rng);
                draw.extend(rest.into_iter().take(ex.draw_counts[i] - draw.len()));
                draw
            }
        };
        // The up-card leads its taker's draw, as the stock order has it.
        if let Some(at) = draw.iter().position(|&c| c == upcard) {
            draw.swap(0, at);
        }
        dealt_hands[p] = all - draw.iter().copied().collect::<CardSet>();
        if dealt_hands[p].len() != HAND_SIZE {
            return Err(inconsistent(format!(
                "player {p} would have been dealt {} cards",
                dealt_hands[p].len()
            )));
        }
        drawn[p] = draw;
    }
    let stock = stock_order(
        options.upcard_to,
        upcard,
        &drawn[non_dealer],
        &drawn[dealer],
        shuffled(stock_rest, rng),
    );
    let setup = BridgetteSetup {
        options,
        dealer,
        hands: dealt_hands,
        stock,
    };
    let mut deal = BridgetteDeal::from_setup(setup).map_err(|e| inconsistent(e.to_string()))?;
    let mut hidden_discards: Vec<Vec<Card>> = players
        .iter()
        .map(|&p| {
            if hidden.contains(&p) {
                discards[p].iter().collect()
            } else {
                Vec::new()
            }
        })
        .collect();
    let mut discard_hidden = |deal: &mut BridgetteDeal| -> Result<(), ResampleError> {
        while let Some(p) = deal.to_act().iter().next() {
            let is_exchange = deal.phase() == crate::Phase::Exchange;
            let Some(card) = hidden_discards[p.index()].pop().filter(|_| is_exchange) else {
                break;
            };
            deal.try_apply(p, Action::Discard(card))
                .map_err(|e| inconsistent(format!("a hidden discard does not replay: {e}")))?;
        }
        Ok(())
    };
    for m in &observation.history {
        discard_hidden(&mut deal)?;
        deal.try_apply(m.player, m.action)
            .map_err(|e| inconsistent(format!("the record does not replay: {e}")))?;
    }
    discard_hidden(&mut deal)?;
    Ok(deal)
}

/// Attempts at a plain deal before cards are placed to meet the bids: enough that the
/// usual restrictions (two of a suit) are met by chance, keeping the deal uniform.
const PLAIN_ATTEMPTS: usize = 64;

/// Deals the unseen cards so that each hidden hand (the even entries of `needs`) holds at
/// least `required` cards of each suit: the bids its player made promise them. A plain
/// deal is tried first; failing that, the promised cards are placed first at random.
fn deal_meeting_bids(
    pool: CardSet,
    needs: &[HiddenHand],
    required: &[[usize; 4]],
    rng: &mut dyn RngCore,
) -> Result<Vec<CardSet>, ResampleError> {
    let meets = |dealt: &[CardSet]| {
        required.iter().enumerate().all(|(k, req)| {
            Suit::STANDARD
                .iter()
                .all(|&s| dealt[2 * k].suit(s).len() >= req[s.index()])
        })
    };
    for _ in 0..PLAIN_ATTEMPTS {
        let dealt = deal_hidden(pool, needs, rng)?;
        if meets(&dealt) {
            return Ok(dealt);
        }
    }
    let mut placed = vec![CardSet::EMPTY; needs.len()];
    let mut rest = pool;
    let mut needs = needs.to_vec();
    for (k, req) in required.iter().enumerate() {
        for &suit in &Suit::STANDARD {
            let candidates = rest & needs[2 * k].allowed & CardSet::full_suit(suit);
            let want = req[suit.index()];
            if candidates.len() < want {
                return Err(ResampleError::Inconsistent(format!(
                    "the bids promise {want} cards of {suit} that no deal can give"
                )));
            }
            for card in shuffled(candidates, rng).into_iter().take(want) {
                placed[2 * k].insert(card);
                rest.remove(card);
            }
        }
        needs[2 * k].count = needs[2 * k]
            .count
            .checked_sub(placed[2 * k].len())
            .ok_or_else(|| {
                ResampleError::Inconsistent(
                    "the bids promise more cards than the hand holds".into(),
                )
            })?;
    }
    let dealt = deal_hidden(rest, &needs, rng)?;
    Ok(dealt.into_iter().zip(placed).map(|(a, b)| a | b).collect())
}

/// The cards of each suit a player's bids promise are still in their hand now, given
/// what they have played since: two of a suit bid, four for a jump in it, one of each
/// suit for no trump (RULES.md §4.3).
fn bid_requirements(observation: &View, player: Player, played: CardSet) -> [usize; 4] {
    let mut at_bid = [0usize; 4];
    let mut standing = None;
    for m in &observation.history {
        let Action::Call(Call::Bid(bid)) = m.action else {
            continue;
        };
        if m.player == player {
            let jump = lowest_sufficient(bid.strain, standing).is_some_and(|l| bid.level > l.level);
            match bid.strain.trump() {
                Some(suit) => {
                    let need = if jump { 4 } else { 2 };
                    at_bid[suit.index()] = at_bid[suit.index()].max(need);
                }
                None => {
                    for n in &mut at_bid {
                        *n = (*n).max(1);
                    }
                }
            }
        }
        standing = Some(bid);
    }
    let mut now = [0; 4];
    for suit in Suit::STANDARD {
        now[suit.index()] = at_bid[suit.index()].saturating_sub(played.suit(suit).len());
    }
    now
}

/// The stock, top first, that gives these draws: the inverse of
/// [`BridgetteSetup::draws`]. Cards not yet drawn follow in `rest`'s order.
fn stock_order(
    upcard_to: UpcardTo,
    upcard: Card,
    non_dealer: &[Card],
    dealer: &[Card],
    rest: Vec<Card>,
) -> Vec<Card> {
    let without =
        |cards: &[Card]| -> Vec<Card> { cards.iter().copied().filter(|&c| c != upcard).collect() };
    let mut stock = vec![upcard];
    let mut rest = rest.into_iter();
    // A draw not yet made takes its cards from the unseen rest of the stock.
    let mut fill = |cards: Vec<Card>, count: usize, stock: &mut Vec<Card>| {
        let have = cards.len();
        stock.extend(cards);
        stock.extend(rest.by_ref().take(count.saturating_sub(have)));
    };
    let dealer_count = super::setup::dealer_draw(upcard);
    match upcard_to {
        UpcardTo::NonDealer => {
            fill(without(non_dealer), 1, &mut stock);
            fill(dealer.to_vec(), dealer_count, &mut stock);
        }
        UpcardTo::Dealer => {
            fill(non_dealer.to_vec(), 2, &mut stock);
            fill(without(dealer), dealer_count - 1, &mut stock);
        }
        UpcardTo::None => {
            fill(non_dealer.to_vec(), 2, &mut stock);
            fill(dealer.to_vec(), dealer_count, &mut stock);
        }
    }
    stock.extend(rest);
    stock
}

/// What each player has shown, by the cards in the record, that they do not hold.
fn shown_absent(
    observation: &View,
    block_allows_colon_lead: bool,
) -> Result<[CardSet; 2], ResampleError> {
    let (Some(contract), Some(declarer)) = (observation.contract, observation.declarer) else {
        return Ok([CardSet::EMPTY; 2]);
    };
    let rules = TrickRules {
        trump: contract.strain.trump(),
        special: SpecialRule::Colons {
            block_allows_colon_lead,
        },
    };
    let mut play = TrickPlay::new(rules, 2, HAND_SIZE, declarer.next(2));
    for m in &observation.history {
        if let Action::Card(card) = m.action {
            if play.to_play() != Some(m.player) {
                return Err(ResampleError::Inconsistent(format!(
                    "{card} by player {} out of turn",
                    m.player
                )));
            }
            play.play_unchecked(card);
        }
    }
    Ok([play.barred(Player(0)), play.barred(Player(1))])
}
