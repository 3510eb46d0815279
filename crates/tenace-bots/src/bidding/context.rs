//! The auction as the bidder sees it: where it stands, what partner has shown, and which
//! calls are legal.

use tenace_cards::{Player, Strain, Suit};
use tenace_rules::{Action, Bid, Call, View, Vulnerability};

use crate::hand_eval::DeckStyle;

/// Where the bidder stands in the auction; each rule of the system belongs to one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Nobody has bid yet.
    Opening,
    /// Partner opened; this is my first bid.
    Responding,
    /// The opponents opened and my side has not bid.
    Overcalling,
    /// Partner overcalled or doubled for takeout; this is my first bid.
    Advancing,
    /// I opened and partner responded: my second bid.
    Rebidding,
    /// Anything later.
    Later,
}

/// What a partner's calls have shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown {
    /// The fewest high-card points shown.
    pub min_hcp: u8,
    /// The most.
    pub max_hcp: u8,
    /// The fewest cards shown in each suit, by suit index.
    pub lengths: [u8; 5],
    /// A balanced hand shown.
    pub balanced: bool,
}

impl Default for Shown {
    fn default() -> Self {
        Shown {
            min_hcp: 0,
            max_hcp: 40,
            lengths: [0; 5],
            balanced: false,
        }
    }
}

/// The auction at the bidder's turn.
#[derive(Debug, Clone)]
pub struct AuctionContext {
    /// The bidder.
    pub me: Player,
    /// Every call so far with its caller.
    pub calls: Vec<(Player, Call)>,
    /// The legal calls now.
    pub legal: Vec<Call>,
    /// The bidder's stage.
    pub stage: Stage,
    /// The deck style (levels, fits and suits differ in Five Crowns).
    pub style: DeckStyle,
    /// Whether 0NT is a bid (Five Crowns).
    pub zero_nt: bool,
    /// What partner has shown.
    pub partner: Shown,
    /// The calls from the opening bid on (empty before it): what [`Self::is`] matches.
    pub auction: Vec<Call>,
    /// How many passed before the opening bid (2 or 3: a third or fourth seat opening).
    pub passes_before_opening: usize,
    /// Whether I passed before anyone opened: a passed hand, at most 11 HCP.
    pub passed_hand: bool,
    /// Whether my side is vulnerable.
    pub we_vulnerable: bool,
    /// Whether the opponents are vulnerable.
    pub they_vulnerable: bool,
    /// Rubber and Chicago: my side's points toward game below the line.
    pub our_part_score: u32,
    /// Rubber and Chicago: the opponents' points toward game below the line.
    pub their_part_score: u32,
}

impl AuctionContext {
    /// The context for the viewer of a partnership game's auction.
    pub fn from_view(view: &View, legal: &[Action]) -> Option<AuctionContext> {
        let me = view.viewer?;
        let calls: Vec<(Player, Call)> = view
            .history
            .iter()
            .filter_map(|m| match m.action {
                Action::Call(c) => Some((m.player, c)),
                _ => None,
            })
            .collect();
        let legal: Vec<Call> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Call(c) => Some(*c),
                _ => None,
            })
            .collect();
        let style = DeckStyle::of(&view.config);
        let zero_nt = legal
            .iter()
            .any(|c| matches!(c, Call::Bid(b) if b.level == 0));
        let zero_nt = zero_nt || style == DeckStyle::FiveCrowns;
        let stage = stage_of(&calls, me);
        let partner = super::shown::partner_shown(&calls, me.offset(2, 4), style);
        let passes_before_opening = calls.iter().take_while(|(_, c)| *c == Call::Pass).count();
        let auction = from_opening(&calls);
        let passed_hand = calls[..passes_before_opening].iter().any(|&(p, _)| p == me);
        let vulnerable = |p: Player| {
            // Players 0 and 2 are North and South.
            let ns = p.0.is_multiple_of(2);
            match view.vulnerability {
                Some(Vulnerability::Both) => true,
                Some(Vulnerability::NorthSouth) => ns,
                Some(Vulnerability::EastWest) => !ns,
                _ => false,
            }
        };
        Some(AuctionContext {
            me,
            calls,
            legal,
            stage,
            style,
            zero_nt,
            partner,
            auction,
            passes_before_opening,
            passed_hand,
            we_vulnerable: vulnerable(me),
            they_vulnerable: vulnerable(me.offset(1, 4)),
            our_part_score: view.part_scores[usize::from(me.0 % 2)],
            their_part_score: view.part_scores[usize::from((me.0 + 1) % 2)],
        })
    }

    /// Whether the auction from the opening bid on is exactly `pattern`: the calls as the
    /// engine writes them, separated by spaces, with `|` between alternatives and `*` for
    /// any call. Who made them follows from the length: the pattern `"1NT P 2C P"` is
    /// my rebid after opening 1NT, `"1NT P"` my response, `"1NT"` my overcall.
    ///
    /// ```
    /// # use tenace_bots::bidding::AuctionContext;
    /// # fn check(ctx: &AuctionContext) {
    /// if ctx.is("1NT P 2C P") {
    ///     // opener answers Stayman
    /// }
    /// # }
    /// ```
    pub fn is(&self, pattern: &str) -> bool {
        auction_is(&self.auction, pattern)
    }

    /// Whether the auction so far begins with `pattern` (see [`Self::is`]).
    pub fn starts(&self, pattern: &str) -> bool {
        let mut calls = self.auction.iter();
        pattern
            .split_whitespace()
            .all(|t| calls.next().is_some_and(|&c| token_matches(t, c)))
    }

    /// The call `i` places after the opening bid (0 is the opening), if made.
    pub fn call_at(&self, i: usize) -> Option<Call> {
        self.auction.get(i).copied()
    }

    /// The bid `i` places after the opening bid, if that call was a bid.
    pub fn bid_at(&self, i: usize) -> Option<Bid> {
        match self.call_at(i)? {
            Call::Bid(b) => Some(b),
            _ => None,
        }
    }

    /// My partner.
    pub fn partner_player(&self) -> Player {
        self.me.offset(2, 4)
    }

    /// Whether `p` is an opponent.
    pub fn is_opponent(&self, p: Player) -> bool {
        (p.0 + 4 - self.me.0) % 2 == 1
    }

    /// Bids made by `p`, in order.
    pub fn bids_by(&self, p: Player) -> Vec<Bid> {
        self.calls
            .iter()
            .filter_map(|&(q, c)| match c {
                Call::Bid(b) if q == p => Some(b),
                _ => None,
            })
            .collect()
    }

    /// My bids.
    pub fn my_bids(&self) -> Vec<Bid> {
        self.bids_by(self.me)
    }

    /// Partner's bids.
    pub fn partner_bids(&self) -> Vec<Bid> {
        self.bids_by(self.partner_player())
    }

    /// The opponents' bids.
    pub fn opponent_bids(&self) -> Vec<Bid> {
        self.calls
            .iter()
            .filter_map(|&(p, c)| match c {
                Call::Bid(b) if self.is_opponent(p) => Some(b),
                _ => None,
            })
            .collect()
    }

    /// The last bid and who made it.
    pub fn last_bid(&self) -> Option<(Player, Bid)> {
        self.calls.iter().rev().find_map(|&(p, c)| match c {
            Call::Bid(b) => Some((p, b)),
            _ => None,
        })
    }

    /// Whether the opponents hold the last bid.
    pub fn opponents_hold_bid(&self) -> bool {
        self.last_bid().is_some_and(|(p, _)| self.is_opponent(p))
    }

    /// Partner's last call.
    pub fn partner_last(&self) -> Option<Call> {
        let partner = self.partner_player();
        self.calls
            .iter()
            .rev()
            .find(|(p, _)| *p == partner)
            .map(|&(_, c)| c)
    }

    /// Whether a call is legal now.
    pub fn is_legal(&self, call: Call) -> bool {
        self.legal.contains(&call)
    }

    /// The bid of this level and strain, if legal.
    pub fn bid(&self, level: u8, strain: Strain) -> Option<Call> {
        let call = Call::Bid(Bid::new(level, strain));
        self.is_legal(call).then_some(call)
    }

    /// The cheapest legal bid in the strain.
    pub fn cheapest(&self, strain: Strain) -> Option<Bid> {
        self.legal.iter().find_map(|c| match c {
            Call::Bid(b) if b.strain == strain && b.level >= 1 => Some(*b),
            _ => None,
        })
    }

    /// The cheapest bid in the strain, if it is no higher than `max_level`.
    pub fn cheapest_up_to(&self, strain: Strain, max_level: u8) -> Option<Call> {
        self.cheapest(strain)
            .filter(|b| b.level <= max_level)
            .map(Call::Bid)
    }

    /// The level of game in a strain: 3 in no trump (and Stars, which scores like it),
    /// 4 in a major, 5 in a minor.
    pub fn game_level(&self, strain: Strain) -> u8 {
        match strain {
            Strain::NoTrump | Strain::Suit(Suit::Stars) => 3,
            Strain::Suit(s) if s.is_major() => 4,
            Strain::Suit(_) => 5,
        }
    }

    /// The trick score of a contract of this bid, undoubled: 20 a trick in a minor, 30
    /// in a major, 40 and 30 in no trump (and Stars, which scores like it).
    pub fn trick_score(&self, b: Bid) -> u32 {
        let level = u32::from(b.level);
        match b.strain {
            Strain::NoTrump | Strain::Suit(Suit::Stars) => 30 * level + u32::from(level > 0) * 10,
            Strain::Suit(s) if s.is_major() => 30 * level,
            Strain::Suit(_) => 20 * level,
        }
    }

    /// Whether making the bid completes game for the side with this part-score.
    pub fn completes_game(&self, b: Bid, part_score: u32) -> bool {
        part_score > 0 && self.trick_score(b) + part_score >= 100
    }

    /// The suits of the game, lowest first.
    pub fn suits(&self) -> &'static [Suit] {
        self.style.suits()
    }

    /// Partner's first bid, if it was the opening bid of the auction.
    pub fn partner_opening(&self) -> Option<Bid> {
        let (p, b) = self.first_bid()?;
        (p == self.partner_player()).then_some(b)
    }

    /// My first bid, if it opened the auction.
    pub fn my_opening(&self) -> Option<Bid> {
        let (p, b) = self.first_bid()?;
        (p == self.me).then_some(b)
    }

    /// The first bid of the auction and its bidder.
    pub fn first_bid(&self) -> Option<(Player, Bid)> {
        self.calls.iter().find_map(|&(p, c)| match c {
            Call::Bid(b) => Some((p, b)),
            _ => None,
        })
    }

    /// The opponents' first bid suit, if any.
    pub fn opponent_suit(&self) -> Option<Suit> {
        self.opponent_bids().iter().find_map(|b| b.strain.trump())
    }

    /// Whether partner doubled the opponents (a takeout double at a low level).
    pub fn partner_doubled(&self) -> bool {
        let partner = self.partner_player();
        self.calls
            .iter()
            .any(|&(p, c)| p == partner && c == Call::Double)
    }

    /// Whether the opponents have bid at all.
    pub fn opponents_bid(&self) -> bool {
        !self.opponent_bids().is_empty()
    }
}

/// Whether the calls from the opening on are exactly `pattern` (see [`AuctionContext::is`]).
pub(crate) fn auction_is(auction: &[Call], pattern: &str) -> bool {
    let mut tokens = pattern.split_whitespace();
    let mut calls = auction.iter();
    loop {
        match (tokens.next(), calls.next()) {
            (None, None) => return true,
            (Some(t), Some(&c)) if token_matches(t, c) => {}
            _ => return false,
        }
    }
}

/// The calls from the opening bid on.
pub(crate) fn from_opening(calls: &[(Player, Call)]) -> Vec<Call> {
    calls
        .iter()
        .skip_while(|(_, c)| *c == Call::Pass)
        .map(|&(_, c)| c)
        .collect()
}

/// Whether one token of a pattern (`1NT`, `P|2C`, `*`) matches the call.
fn token_matches(token: &str, call: Call) -> bool {
    token.split('|').any(|alt| alt == "*" || call_is(alt, call))
}

/// Whether the call is written `name`, without allocating: the sampler asks often.
fn call_is(name: &str, call: Call) -> bool {
    match call {
        Call::Pass => name == "P",
        Call::Double => name == "X",
        Call::Redouble => name == "XX",
        Call::Bid(b) => {
            let mut chars = name.chars();
            chars.next().and_then(|c| c.to_digit(10)) == Some(u32::from(b.level))
                && match b.strain {
                    Strain::NoTrump => chars.as_str() == "NT",
                    Strain::Suit(s) => chars.next() == Some(s.letter()) && chars.next().is_none(),
                }
        }
    }
}

/// The stage of `player` given the calls before their turn.
pub(crate) fn stage_of(calls: &[(Player, Call)], player: Player) -> Stage {
    let partner = player.offset(2, 4);
    let side = |p: Player| p == player || p == partner;
    let first = calls.iter().find_map(|&(p, c)| match c {
        Call::Bid(_) => Some(p),
        _ => None,
    });
    let mine = calls
        .iter()
        .filter(|&&(p, c)| p == player && c != Call::Pass)
        .count();
    let partners = calls
        .iter()
        .filter(|&&(p, c)| p == partner && c != Call::Pass)
        .count();
    match first {
        None => Stage::Opening,
        Some(f) if !side(f) => match (mine, partners) {
            (0, 0) => Stage::Overcalling,
            (0, _) => Stage::Advancing,
            _ => Stage::Later,
        },
        Some(f) if f == partner => match mine {
            0 => Stage::Responding,
            _ => Stage::Later,
        },
        Some(_) => match (mine, partners) {
            (1, 1..) => Stage::Rebidding,
            _ => Stage::Later,
        },
    }
}
