//! Devil's Bridge card play: one player among several, each after an exact number of
//! tricks, with nobody on anyone's side.
//!
//! The partnership maxims of [`crate::play`] (second hand low, third hand high) answer
//! "how do we take the most tricks"; here the question is "which card gives the best
//! chance of taking exactly the tricks I still need". So every legal card is weighed the
//! same way, from two kinds of chance:
//!
//! * the chance it takes this trick ([`trick_chance`]): none if something already played
//!   beats it, certain if it wins and nobody plays after it, otherwise the chance nobody
//!   behind beats it (higher unseen cards of its suit, a ruff);
//! * each kept card's chance of a trick later ([`card_chance`]), from the unseen cards
//!   that beat it and how many of them were dealt at all;
//!
//! taken as independent, they give the chance of exactly the tricks needed, and the card
//! with the best chance is played. Short of the bid that means winning cheaply and
//! ruffing; at it, the highest card that loses; over-strong (more winners than tricks
//! wanted, the hand the bids left unwanted tricks to), shedding high cards while someone
//! else's card is winning. Near-ties go to keeping the cards that matter: short of the
//! bid the likelier winner, then the cheaper card, is played; otherwise the card nearest
//! to useless goes.

use tenace_cards::{Card, CardSet, Suit};

use crate::play::{Playable, Table, rank_value};

/// What a Devil's Bridge player knows when judging a hand's tricks: the trump suit, the
/// cards it has not seen (the others' hands and the undealt), and how many play.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Outlook {
    /// The trump suit, `None` when no trump was turned.
    pub trump: Option<Suit>,
    /// The cards unseen by the judge.
    pub unseen: CardSet,
    /// The players at the table.
    pub players: usize,
    /// The share of the unseen cards that someone holds (the rest were not dealt): a
    /// higher card unseen in a short hand is more often in the pack than against us.
    pub held: f32,
}

impl Outlook {
    /// The outlook of the player to act at `t`.
    fn of(t: &Table) -> Outlook {
        let view = t.info.view;
        let others: usize = view
            .hand_sizes
            .iter()
            .enumerate()
            .filter(|&(p, _)| p != t.info.actor.index())
            .map(|(_, &n)| n)
            .sum();
        Outlook {
            trump: t.trump(),
            unseen: t.unseen,
            players: view.players,
            held: (others as f32 / t.unseen.len().max(1) as f32).min(1.0),
        }
    }
}

/// How much a side-suit winner is worth while others may ruff it: the first round of a
/// suit nearly always stands, later rounds less as the others run out.
fn ruff_risk(t: &Outlook, suit: Suit, behind: usize) -> f32 {
    let Some(trump) = t.trump else {
        return 1.0;
    };
    if suit == trump || behind == 0 || t.unseen.suit(trump).is_empty() {
        return 1.0;
    }
    // The others' cards of this suit, shared among those still to play: the fewer,
    // the likelier one of them is void and ruffs.
    let others = t.unseen.suit(suit).len() as f32 * t.held;
    let per_player = others / t.players.saturating_sub(1).max(1) as f32;
    let void_chance: f32 = if per_player >= 2.5 {
        0.05
    } else if per_player >= 1.5 {
        0.15
    } else if per_player >= 0.75 {
        0.35
    } else {
        0.7
    };
    (1.0 - void_chance).powi(behind as i32)
}

/// The unseen cards of `card`'s suit that beat it.
fn higher_unseen(t: &Outlook, card: Card) -> usize {
    let (Some(suit), Some(rank)) = (card.suit(), card.rank()) else {
        return 0;
    };
    t.unseen
        .suit(suit)
        .iter()
        .filter(|c| c.rank().is_some_and(|r| r > rank))
        .count()
}

/// How often a card that is the master only because nobody holds the higher cards gets
/// to win: it must be led (or its suit led by someone else who holds it), and the hand's
/// other such cards want the same leads.
const LEAD_SHARE: f32 = 0.5;

/// The chance a small trump ruffs once when its holder is void in a side suit someone
/// else holds; without a void, now and then the others' suits run out too.
const RUFF_WITH_VOID: f32 = 0.35;
const RUFF_WITHOUT_VOID: f32 = 0.1;

/// The chance one card takes a trick later, led or followed: a master nearly always (a
/// side suit's as long as nobody ruffs it); a card whose higher ones were not dealt,
/// when it gets a lead; a card with higher ones held when they fall first (its suit long
/// in the hand); a small trump by ruffing.
fn card_chance(t: &Outlook, card: Card, hand: CardSet) -> f32 {
    let Some(suit) = card.suit() else {
        return 0.0;
    };
    let higher = higher_unseen(t, card) as i32;
    let behind = t.players - 1;
    let is_trump = t.trump == Some(suit);
    if higher == 0 {
        return if is_trump {
            1.0
        } else {
            ruff_risk(t, suit, behind)
        };
    }
    let length = hand.suit(suit).len() as f32;
    // Each higher card held costs a round, and the suit must last that long.
    let none_held = (1.0 - t.held).powi(higher);
    let held = (higher as f32 * t.held).max(1.0);
    let if_held = if length > held {
        0.6 / held
    } else {
        0.15 / held
    };
    let survives = none_held * LEAD_SHARE + (1.0 - none_held) * if_held;
    if is_trump {
        let void = Suit::STANDARD.iter().any(|&s| {
            Some(s) != t.trump && hand.suit(s).is_empty() && !t.unseen.suit(s).is_empty()
        });
        let ruff = if void {
            RUFF_WITH_VOID
        } else {
            RUFF_WITHOUT_VOID
        };
        survives + (1.0 - survives) * ruff
    } else {
        survives * ruff_risk(t, suit, behind)
    }
}

/// Each card's chance of a trick later, for the cards of `hand`.
fn card_chances(t: &Outlook, hand: CardSet) -> Vec<f32> {
    hand.iter().map(|c| card_chance(t, c, hand)).collect()
}

/// The chance that exactly `need` of independent events with chances `chances` happen
/// (the Poisson binomial distribution, by the usual running table).
fn exactly(chances: &[f32], need: usize) -> f32 {
    if need > chances.len() {
        return 0.0;
    }
    let mut dist = vec![0.0f32; chances.len() + 1];
    dist[0] = 1.0;
    for (k, &p) in chances.iter().enumerate() {
        for j in (0..=k + 1).rev() {
            let take = if j > 0 { dist[j - 1] * p } else { 0.0 };
            dist[j] = dist[j] * (1.0 - p) + take;
        }
    }
    dist[need]
}

/// The chance `o` takes the trick it is played to.
fn trick_chance(t: &Table, outlook: &Outlook, o: &Playable) -> f32 {
    if !t.wins_now(o) {
        return 0.0;
    }
    let behind = t.still_to_play();
    if behind == 0 {
        return 1.0;
    }
    let Some(suit) = t.rules.effective_suit(o.card, o.named) else {
        return 0.0;
    };
    let higher = higher_unseen(outlook, o.card) as i32;
    // Each higher card unseen is in the hand of someone behind with the chance that it
    // was dealt and that their share of the others' cards gives.
    let share = behind as f32 / t.info.view.players.saturating_sub(1).max(1) as f32;
    let not_beaten = (1.0 - share * outlook.held).max(0.0).powi(higher);
    let led_by_trump = t.trump() == Some(suit) && t.trick.led_suit() != Some(suit);
    if led_by_trump {
        // A ruff: only a higher trump from someone also void beats it.
        return (1.0 - 0.5 * (1.0 - not_beaten)).clamp(0.0, 1.0);
    }
    not_beaten * ruff_risk(outlook, suit, behind)
}

/// Devil's Bridge's choice while the bid can still be made: the card that gives the
/// best chance of taking exactly `need` more tricks, this one and the later ones taken
/// as independent chances.
pub(crate) fn choose<'o>(t: &Table, opts: &'o [Playable], need: i32) -> (&'o Playable, String) {
    let need = need.max(0) as usize;
    let outlook = Outlook::of(t);
    // (1 - the chance of the bid exactly, the chance of this trick, the card)
    let scored: Vec<(f32, f32, &Playable)> = opts
        .iter()
        .map(|o| {
            let now = trick_chance(t, &outlook, o);
            let mut rest = t.hand;
            rest.remove(o.card);
            let mut chances = card_chances(&outlook, rest);
            chances.push(now);
            (1.0 - exactly(&chances, need), now, o)
        })
        .collect();
    let best = scored.iter().map(|s| s.0).fold(f32::INFINITY, f32::min);
    // Within a small margin the estimates cannot tell cards apart; the tie-break decides.
    let near: Vec<&(f32, f32, &Playable)> = scored.iter().filter(|s| s.0 <= best + 0.02).collect();
    let short = {
        let now_best = near.iter().map(|s| s.1).fold(0.0, f32::max);
        now_best > 0.0 && need > 0
    };
    let &&(_, now, o) = near
        .iter()
        .max_by(|a, b| {
            if short {
                // Wanting tricks: the likelier winner, then the cheaper card.
                a.1.total_cmp(&b.1)
                    .then(rank_value(b.2.card).cmp(&rank_value(a.2.card)))
            } else {
                // Keep the cards that matter: the card nearest to useless goes.
                t.keep_value(b.2.card).cmp(&t.keep_value(a.2.card))
            }
            .then(b.2.card.cmp(&a.2.card))
        })
        .expect("options are never empty");
    let why = if need == 0 {
        if now > 0.0 {
            "at my bid, but every card may win: the one likeliest to be overtaken"
        } else {
            "at my bid: a card that loses this trick"
        }
    } else if now >= 0.99 {
        "short of my bid: take this trick"
    } else if now > 0.0 {
        "short of my bid: try for this trick"
    } else {
        "the cards I keep should take the tricks I still need"
    };
    (o, why.into())
}

#[cfg(test)]
mod tests {
    use tenace_cards::{ByPlayer, Player};
    use tenace_rules::devils_bridge::{DevilsBridgeOptions, DevilsHand, HandSetup};
    use tenace_rules::{AnyGame, Game};

    use crate::{BasicBot, Bot};

    /// A three-player hand of three cards, player 0 dealing (so player 1 leads and
    /// player 0 plays last), after `moves`; then the basic player's choice for the
    /// player to act.
    fn basic_plays(hands: [&str; 3], trump: Option<&str>, moves: &[(u8, &str)]) -> String {
        let setup = HandSetup {
            options: DevilsBridgeOptions::for_players(3),
            size: 3,
            dealer: Player(0),
            hands: ByPlayer(hands.iter().map(|h| h.parse().unwrap()).collect()),
            trump_card: trump.map(|c| c.parse().unwrap()),
            blind: false,
        };
        let mut game = AnyGame::DevilsBridge(DevilsHand::from_setup(setup).unwrap());
        for &(p, a) in moves {
            game.try_apply(Player(p), a.parse().unwrap()).unwrap();
        }
        let me = game.to_act().iter().next().unwrap();
        let legal = game.legal_actions(me);
        let config = game.full_view().config;
        let d = BasicBot::new(config, 0)
            .decide(&game.observation(me), &legal)
            .unwrap();
        format!("{}: {}", d.action, d.reason)
    }

    #[test]
    fn with_more_winners_than_tricks_wanted_a_high_card_is_shed() {
        // Player 2 wants one trick and holds two spade winners: on a diamond lead it
        // keeps the ace for its trick and throws the king, not the small club.
        let d = basic_plays(
            ["D5 C9 CT", "DA DK D3", "SA SK C5"],
            None,
            &[(1, "2"), (2, "1"), (0, "1"), (1, "DA")],
        );
        assert!(d.starts_with("SK"), "{d}");
    }

    #[test]
    fn at_the_bid_the_dangerous_card_goes_under_a_higher_one() {
        // Player 2 bid nothing: under the ace it drops the king, which would otherwise
        // be the master later.
        let d = basic_plays(
            ["D5 C9 CT", "SA D3 D4", "SK S3 C5"],
            None,
            &[(1, "1"), (2, "0"), (0, "1"), (1, "SA")],
        );
        assert!(d.starts_with("SK"), "{d}");
        assert!(d.contains("at my bid"), "{d}");
    }

    #[test]
    fn short_of_the_bid_the_last_player_wins_with_the_card_it_can_spare() {
        // Player 0 needs two tricks: the eight takes this one for certain and the ace
        // stays for another.
        let d = basic_plays(
            ["SA S8 D2", "S5 C3 C4", "S6 H3 H4"],
            None,
            &[(1, "0"), (2, "0"), (0, "2"), (1, "S5"), (2, "S6")],
        );
        assert!(d.starts_with("S8"), "{d}");
    }

    #[test]
    fn short_of_the_bid_a_void_player_ruffs() {
        // Hearts are trumps; player 2, void in spades and wanting a trick, ruffs the
        // king rather than hoping the small trump wins later.
        let d = basic_plays(
            ["S5 C9 CT", "SK D4 D5", "H4 D3 D2"],
            Some("H9"),
            &[(1, "1"), (2, "1"), (0, "0"), (1, "SK")],
        );
        assert!(d.starts_with("H4"), "{d}");
    }
}
