//! Bridgette's auction: the shared [`Auction`] for two players with 0NT, plus the bid
//! restrictions checked against the hand after the exchange (RULES.md §4.3).

use tenace_cards::{CardSet, Player, Strain, Suit};
use thiserror::Error;

use super::options::{BridgetteOptions, NtJumpRequirement, OpeningPass};
use crate::auction::{Auction, AuctionRules, Bid, Call};

/// Bridgette's ladder: two players, 0NT up to 7NT, 36 bids.
pub const AUCTION_RULES: AuctionRules = AuctionRules {
    players: 2,
    suits: &Suit::STANDARD,
    zero_notrump: true,
};

/// Why Bridgette refuses an action the shared rules would allow. Each message names the
/// restriction.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BridgetteError {
    /// A suit bid without two cards of the suit.
    #[error(
        "{bid} needs at least 2 cards of {suit} after the exchange, and the hand holds {held} \
         (RULES.md §4.3: to bid a suit, hold two of it)"
    )]
    SuitLength {
        /// The bid tried.
        bid: Bid,
        /// Its suit.
        suit: Suit,
        /// How many the hand holds.
        held: usize,
    },
    /// A no trump bid without a card of every suit.
    #[error(
        "{bid} needs a card of each suit after the exchange, and the hand has no {missing} \
         (RULES.md §4.3: to bid no trump, hold all four suits)"
    )]
    NoTrumpShape {
        /// The bid tried.
        bid: Bid,
        /// A suit the hand lacks.
        missing: Suit,
    },
    /// A jump in a suit without four trumps.
    #[error(
        "{bid} is a jump bid (the lowest {suit} bid now is {lowest}) and needs at least 4 \
         cards of {suit}, and the hand holds {held} (RULES.md §4.3: a jump bid needs four \
         trumps)"
    )]
    JumpLength {
        /// The bid tried.
        bid: Bid,
        /// The lowest sufficient bid in its strain.
        lowest: Bid,
        /// Its suit.
        suit: Suit,
        /// How many the hand holds.
        held: usize,
    },
    /// A jump in no trump under `nt_jump_requirement = forbidden`.
    #[error(
        "{bid} is a jump in no trump (the lowest no trump bid now is {lowest}), and \
         nt_jump_requirement = forbidden allows none (RULES.md §4.3, ambiguity G3)"
    )]
    NoTrumpJump {
        /// The bid tried.
        bid: Bid,
        /// The lowest sufficient no trump bid.
        lowest: Bid,
    },
    /// A pass or double where the non-dealer must name a contract.
    #[error(
        "after the dealer's opening pass the non-dealer must name a contract \
         (opening_pass = opponent_must_name, RULES.md §4.3, ambiguity G5)"
    )]
    MustName,
    /// A discard of a card the player does not hold.
    #[error("{0} is not in the hand, so it cannot be discarded (RULES.md §4.2)")]
    DiscardNotHeld(tenace_cards::Card),
}

/// The lowest bid in `strain` that beats `standing` (0NT or a one-bid when nothing
/// stands), if any.
pub fn lowest_sufficient(strain: Strain, standing: Option<Bid>) -> Option<Bid> {
    // No trump starts at 0NT, the suits at one; over a bid, the same level serves only a
    // higher strain (the ladder's order).
    let floor = if strain == Strain::NoTrump { 0 } else { 1 };
    let level = match standing {
        None => floor,
        Some(s) if strain > s.strain => s.level.max(floor),
        Some(s) => (s.level + 1).max(floor),
    };
    (level <= 7).then_some(Bid::new(level, strain))
}

/// Checks a bid against the hand it is made from and the bid standing before it.
///
/// ```
/// use tenace_rules::bridgette::{check_bid, BridgetteOptions};
/// let hand = "SA S2 HK H3 H4 H5 D6 D7 C8 C9 CT CJ GC".parse().unwrap();
/// let bid = |b: &str| check_bid(hand, b.parse().unwrap(), None, &BridgetteOptions::default());
/// assert!(bid("1S").is_ok());
/// assert!(bid("3H").is_ok(), "a jump with four hearts");
/// assert!(bid("2S").unwrap_err().to_string().contains("a jump bid needs four trumps"));
/// assert!(bid("0NT").is_ok());
/// ```
pub fn check_bid(
    hand: CardSet,
    bid: Bid,
    standing: Option<Bid>,
    options: &BridgetteOptions,
) -> Result<(), BridgetteError> {
    let jump_from = lowest_sufficient(bid.strain, standing).filter(|l| bid.level > l.level);
    match bid.strain {
        Strain::Suit(suit) => {
            let held = hand.suit(suit).len();
            if held < 2 {
                return Err(BridgetteError::SuitLength { bid, suit, held });
            }
            match jump_from {
                Some(lowest) if held < 4 => Err(BridgetteError::JumpLength {
                    bid,
                    lowest,
                    suit,
                    held,
                }),
                _ => Ok(()),
            }
        }
        Strain::NoTrump => {
            if let Some(&missing) = Suit::STANDARD.iter().find(|&&s| hand.suit(s).is_empty()) {
                return Err(BridgetteError::NoTrumpShape { bid, missing });
            }
            match (jump_from, options.nt_jump_requirement) {
                (Some(lowest), NtJumpRequirement::Forbidden) => {
                    Err(BridgetteError::NoTrumpJump { bid, lowest })
                }
                _ => Ok(()),
            }
        }
    }
}

/// Whether the auction has closed the Bridgette way: the shared rule (a pass while a bid
/// stands, or two passes), or under `opponent_must_name` the non-dealer's named contract.
pub fn auction_closed(auction: &Auction, options: &BridgetteOptions) -> bool {
    auction.is_over() || must_name_closed(auction, options)
}

fn must_name_closed(auction: &Auction, options: &BridgetteOptions) -> bool {
    options.opening_pass == OpeningPass::OpponentMustName
        && matches!(auction.calls(), [Call::Pass, Call::Bid(_)])
}

/// Whether `player` is the non-dealer who must name a contract now.
pub fn must_name(auction: &Auction, options: &BridgetteOptions, player: Player) -> bool {
    options.opening_pass == OpeningPass::OpponentMustName
        && auction.calls() == [Call::Pass]
        && player != auction.dealer()
}

/// Checks a call beyond the shared auction laws: the restrictions on a bid, and the
/// duty to name a contract.
pub fn check_call(
    auction: &Auction,
    options: &BridgetteOptions,
    player: Player,
    hand: CardSet,
    call: Call,
) -> Result<(), BridgetteError> {
    match call {
        Call::Bid(bid) => check_bid(hand, bid, auction.last_bid().map(|(_, b)| b), options),
        _ if must_name(auction, options, player) => Err(BridgetteError::MustName),
        _ => Ok(()),
    }
}
