//! The Contract Bridge bidding system (also Deuces Wild and Five Crowns): a readable table
//! of rules ([`rules::SYSTEM`]), the auction as the bidder sees it ([`AuctionContext`]),
//! and what partner's calls have shown.
//!
//! Every call the bot makes comes from one table entry and is explained by it:
//!
//! ```
//! use tenace_bots::bidding::{choose_call, AuctionContext, Stage};
//! use tenace_bots::hand_eval::{DeckStyle, HandFacts};
//! use tenace_rules::bridge::{BridgeDeal, BridgeSetup, BridgeVariant};
//! use tenace_rules::{Game, Vulnerability};
//! use tenace_cards::{BySeat, CardSet, Deck, Seat};
//!
//! // North deals and holds 16 HCP, 4-3-3-3; the other hands get the rest of the deck.
//! let north: CardSet = "SA SK S5 S4 HK H4 H2 DQ D3 D2 CA C3 C2".parse().unwrap();
//! let rest: Vec<_> = (Deck::Standard.cards() - north).iter().collect();
//! let hand = |k: usize| rest[13 * k..13 * k + 13].iter().copied().collect::<CardSet>();
//! let setup = BridgeSetup {
//!     variant: BridgeVariant::Standard,
//!     hands: BySeat([north, hand(0), hand(1), hand(2)]),
//!     dealer: Seat::North,
//!     vulnerability: Vulnerability::None,
//!     options: Default::default(),
//! };
//! let deal = BridgeDeal::from_setup(setup).unwrap();
//! let view = deal.observation(Seat::North.into());
//! let legal = deal.legal_actions(Seat::North.into());
//! let ctx = AuctionContext::from_view(&view, &legal).unwrap();
//! assert_eq!(ctx.stage, Stage::Opening);
//! let decision = choose_call(&HandFacts::new(north, DeckStyle::Standard), &ctx);
//! assert_eq!(decision.action.to_string(), "1NT");
//! assert_eq!(decision.reason, "1NT: 15–17 HCP, balanced");
//! ```

mod context;
mod helpers;
pub mod rules;
mod shown;

pub use context::{AuctionContext, Shown, Stage};
pub use rules::{BidRule, SYSTEM, all_rules};

use tenace_rules::{Action, Call};

use crate::bot::Decision;
use crate::hand_eval::HandFacts;

/// The side's best known trump fit: the suit where my length and what partner showed
/// reach the fit length (longest first, majors before minors), if any.
pub fn fit_suit(h: &HandFacts, ctx: &AuctionContext) -> Option<tenace_cards::Suit> {
    helpers::fit(h, ctx)
}

/// The first rule of the bidder's stage that applies and gives a legal call, if any.
pub fn matching_rule(h: &HandFacts, ctx: &AuctionContext) -> Option<(&'static BidRule, Call)> {
    all_rules()
        .filter(|r| {
            r.stage == ctx.stage || (r.stage == Stage::Later && ctx.stage != Stage::Opening)
        })
        .filter(|r| (r.when)(h, ctx))
        .find_map(|r| {
            (r.call)(h, ctx)
                .filter(|&c| ctx.is_legal(c))
                .map(|c| (r, c))
        })
}

/// A rule's meaning with the score filled in: `{ours}` and `{theirs}` become each side's
/// points toward game (see [`rules`]' score section).
fn explain(meaning: &str, ctx: &AuctionContext) -> String {
    if !meaning.contains('{') {
        return meaning.to_string();
    }
    meaning
        .replace("{ours}", &ctx.our_part_score.to_string())
        .replace("{theirs}", &ctx.their_part_score.to_string())
}

/// The call the system makes, with its meaning: `"1NT: 15–17 HCP, balanced"`. Pass when no
/// rule applies.
pub fn choose_call(h: &HandFacts, ctx: &AuctionContext) -> Decision {
    match matching_rule(h, ctx) {
        Some((rule, call)) => Decision::new(
            Action::Call(call),
            format!("{call}: {}", explain(rule.meaning, ctx)),
        ),
        None => Decision::new(
            Action::Call(Call::Pass),
            format!("P: {}", rules::pass_meaning(ctx.stage)),
        ),
    }
}
