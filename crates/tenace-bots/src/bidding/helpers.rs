//! Small judgements the bidding table shares: which suit to open, where the side's fit
//! is, how strong the side is together.

use tenace_cards::{Strain, Suit};
use tenace_rules::Call;

use super::context::AuctionContext;
use crate::hand_eval::{DeckStyle, HandFacts};

/// The suit to open at the one level: the longest long suit (the higher of equals);
/// without one, the longer minor (diamonds with four-four, clubs with three-three) in
/// the 52-card games, the longest suit in Five Crowns.
pub fn opening_suit(h: &HandFacts) -> Suit {
    let longest = h.longest();
    if h.len(longest) >= h.style.long() || h.style == DeckStyle::FiveCrowns {
        return longest;
    }
    if h.len(Suit::Diamonds) > h.len(Suit::Clubs)
        || (h.len(Suit::Diamonds) == 4 && h.len(Suit::Clubs) == 4)
    {
        Suit::Diamonds
    } else {
        Suit::Clubs
    }
}

/// The rule of 20: high-card points plus the two longest suits' lengths.
pub fn rule_of_twenty(h: &HandFacts) -> bool {
    let mut lens: Vec<u8> = h.suits().iter().map(|&s| h.len(s)).collect();
    lens.sort_unstable_by(|a, b| b.cmp(a));
    h.hcp + lens[0] + lens[1] >= 20
}

/// Points for shortness once a trump fit is found: void 3, singleton 2, doubleton 1.
pub fn support_points(h: &HandFacts, trump: Suit) -> u8 {
    h.suits()
        .iter()
        .filter(|&&s| s != trump)
        .map(|&s| match h.len(s) {
            0 => 3,
            1 => 2,
            2 => 1,
            _ => 0,
        })
        .sum()
}

/// The side's best known trump fit: the suit where my length and what partner showed
/// reach the fit length, longest first, majors (and Stars) before minors.
pub fn fit(h: &HandFacts, c: &AuctionContext) -> Option<Suit> {
    h.suits()
        .iter()
        .copied()
        .filter(|&s| h.len(s) + c.partner.lengths[s.index()] >= h.style.fit())
        .max_by_key(|&s| {
            (
                h.len(s) + c.partner.lengths[s.index()],
                s.is_major() || s == Suit::Stars,
                s.index(),
            )
        })
}

/// The side's points as I can count them: mine, with shortness once there is a fit, plus
/// the least partner has shown.
pub fn combined(h: &HandFacts, c: &AuctionContext) -> u8 {
    let mine = h.hcp + fit(h, c).map_or(0, |s| support_points(h, s));
    mine + c.partner.min_hcp
}

/// Whether my side holds the bid at game level or higher already.
pub fn side_in_game(c: &AuctionContext) -> bool {
    c.last_bid()
        .is_some_and(|(p, b)| !c.is_opponent(p) && b.level >= c.game_level(b.strain))
}

/// Partner's opening suit, if partner opened one.
pub fn partner_opening_suit(c: &AuctionContext) -> Option<Suit> {
    c.partner_opening().and_then(|b| b.strain.trump())
}

/// My longest suit ranking above `above` (any suit when `None`), with at least `min`
/// cards; with equal lengths the cheapest (bid up the line).
pub fn new_suit(h: &HandFacts, above: Option<Suit>, min: u8) -> Option<Suit> {
    h.suits()
        .iter()
        .copied()
        .filter(|&s| above.is_none_or(|a| s > a) && h.len(s) >= min)
        .max_by_key(|&s| (h.len(s), std::cmp::Reverse(s.index())))
}

/// My longest suit ranking below `below` with at least `min` cards.
pub fn lower_suit(h: &HandFacts, below: Suit, min: u8) -> Option<Suit> {
    h.suits()
        .iter()
        .copied()
        .filter(|&s| s < below && h.len(s) >= min)
        .max_by_key(|&s| (h.len(s), s.index()))
}

/// The bid one level above the cheapest in the strain (a jump), no higher than the four
/// level: the system has no jumps above it, so a wild auction is not chased.
pub fn jump(c: &AuctionContext, strain: Strain) -> Option<Call> {
    let b = c.cheapest(strain)?;
    (b.level < 4).then(|| c.bid(b.level + 1, strain)).flatten()
}

/// The game bid in the strain, if legal.
pub fn game(c: &AuctionContext, strain: Strain) -> Option<Call> {
    c.bid(c.game_level(strain), strain)
}

/// Whether I stop every suit the opponents have bid.
pub fn stops_theirs(h: &HandFacts, c: &AuctionContext) -> bool {
    c.opponent_bids()
        .iter()
        .filter_map(|b| b.strain.trump())
        .all(|s| h.stops(s))
}

/// Quick tricks, the defensive tricks that come at once: A K 2, A Q 1½, A 1, K Q 1,
/// K x ½ in each suit (the top two ranks of the deck for A and K).
pub fn quick_tricks(h: &HandFacts) -> f32 {
    h.suits()
        .iter()
        .map(|&s| {
            let has = |k: u8| h.holds(s, k);
            match (has(0), has(1), has(2)) {
                (true, true, _) => 2.0,
                (true, false, true) => 1.5,
                (true, false, false) => 1.0,
                (false, true, true) => 1.0,
                (false, true, false) if h.len(s) >= 2 => 0.5,
                _ => 0.0,
            }
        })
        .sum()
}

/// The answer to an ask by steps (Blackwood, Gerber, the king asks): none or four at
/// `first`, one a step above, two two steps, three three steps, up the strains of the
/// four-suit games (clubs, diamonds, hearts, spades, no trump) at `first`'s level.
pub fn step_answer(c: &AuctionContext, first: tenace_rules::Bid, count: u8) -> Option<Call> {
    const LADDER: [Strain; 5] = [
        Strain::Suit(Suit::Clubs),
        Strain::Suit(Suit::Diamonds),
        Strain::Suit(Suit::Hearts),
        Strain::Suit(Suit::Spades),
        Strain::NoTrump,
    ];
    let from = LADDER.iter().position(|&s| s == first.strain)?;
    let strain = *LADDER.get(from + usize::from(count % 4))?;
    c.bid(first.level, strain)
}
