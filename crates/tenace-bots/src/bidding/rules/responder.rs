//! Responder's rebids after partner opened one of a suit and rebid, the opponents silent
//! (the 52-card games; Five Crowns plays the general rules): preference, invitations,
//! games, fourth suit forcing, and opener's answers to it.

use super::rebids::length_points;
use super::*;

pub(super) static RULES: &[BidRule] = &[
    // After opener's reverse (1X P 1Y P 2Z P, Z above X).
    BidRule {
        name: "rebid a five-card suit after a reverse",
        stage: Stage::Later,
        meaning: "a weak hand with five or more cards in my suit, after partner's reverse",
        when: |h, c| {
            turn(c).is_some_and(|t| {
                t.reverse() && t.mine.strain.trump().is_some_and(|y| h.len(y) >= 5) && h.hcp <= 9
            })
        },
        call: |_, c| c.cheapest_up_to(turn(c)?.mine.strain, 2),
    },
    BidRule {
        name: "2NT after a reverse",
        stage: Stage::Later,
        meaning: "a weak hand (at most 8 HCP) after partner's reverse, nothing else to show",
        when: |h, c| turn(c).is_some_and(|t| t.reverse()) && h.hcp <= 8,
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "raise the reverse",
        stage: Stage::Later,
        meaning: "9+ HCP and four cards in partner's second major, after the reverse: game",
        when: |h, c| {
            turn(c).is_some_and(|t| {
                t.reverse()
                    && t.rebid
                        .strain
                        .trump()
                        .is_some_and(|z| z.is_major() && h.len(z) >= 4)
            })
        },
        call: |_, c| game(c, turn(c)?.rebid.strain),
    },
    BidRule {
        name: "3NT after a reverse",
        stage: Stage::Later,
        meaning: "9+ HCP after partner's reverse, no fit: game in no trump",
        when: |h, c| turn(c).is_some_and(|t| t.reverse()) && h.balanced,
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "fourth suit after a reverse",
        stage: Stage::Later,
        meaning: "9+ HCP after partner's reverse, no fit and no stopper for no trump: the fourth suit, forcing",
        when: |_, c| turn(c).is_some_and(|t| t.reverse()),
        call: |_, c| {
            let t = turn(c)?;
            let y = t.mine.strain.trump()?;
            let z = t.rebid.strain.trump()?;
            let f = Suit::STANDARD
                .into_iter()
                .find(|&s| s != t.opened && s != y && s != z)?;
            c.cheapest(suit(f)).filter(|b| b.level <= 3).map(Call::Bid)
        },
    },
    // After opener's game try over my single raise (1M P 2M P try P).
    BidRule {
        name: "answer the game try",
        stage: Stage::Later,
        meaning: "after partner's game try: game with the top of the raise (9 points with shortness), or 7–8 with help in the suit asked (the ace or king, or a singleton), else three of the major",
        when: |_, c| game_try(c).is_some(),
        call: |h, c| {
            let (m, t) = game_try(c)?;
            let pts = h.hcp + support_points(h, m);
            let help = t.is_some_and(|s| {
                h.len(s) <= 1 || crate::hand_eval::honours(h.hand, s, h.style.top(), 2) >= 1
            });
            if pts >= 9 || (pts >= 7 && help) {
                game(c, suit(m))
            } else {
                c.bid(3, suit(m))
            }
        },
    },
    // After opener's 2NT jump rebid (18–19 balanced).
    BidRule {
        name: "game over the 2NT rebid",
        stage: Stage::Later,
        meaning: "opposite partner's 18–19 balanced: game in my six-card major, else 3NT",
        when: |_, c| turn(c).is_some_and(|t| t.rebid == Bid::new(2, NT) && t.mine.level == 1),
        call: |h, c| {
            let y = turn(c)?.mine.strain;
            match y.trump() {
                Some(s) if s.is_major() && h.len(s) >= 6 => game(c, y),
                _ => c.bid(3, NT),
            }
        },
    },
    // After opener's 1NT rebid.
    BidRule {
        name: "game in my long major",
        stage: Stage::Later,
        meaning: "13+ points and six cards in my major, opposite partner's minimum rebid: game",
        when: |h, c| {
            turn(c).is_some_and(|t| {
                t.rebid.level <= 2
                    && t.mine
                        .strain
                        .trump()
                        .is_some_and(|y| y.is_major() && h.len(y) >= 6)
            }) && h.hcp >= 13
        },
        call: |_, c| game(c, turn(c)?.mine.strain),
    },
    BidRule {
        name: "game-forcing new suit",
        stage: Stage::Later,
        meaning: "13+ HCP and a second suit after partner's 1NT rebid: forcing to game",
        when: |h, c| {
            turn(c).is_some_and(|t| t.rebid == Bid::new(1, NT)) && h.hcp >= 13 && !h.balanced
        },
        call: |h, c| {
            let t = turn(c)?;
            let y = t.mine.strain.trump()?;
            let s = h
                .suits()
                .iter()
                .copied()
                .filter(|&s| s != y && s != t.opened && h.len(s) >= 4)
                .max_by_key(|&s| (h.len(s), s.index()))?;
            if s > y {
                c.cheapest_up_to(suit(s), 2)
            } else {
                c.bid(3, suit(s))
            }
        },
    },
    BidRule {
        name: "3NT over the 1NT rebid",
        stage: Stage::Later,
        meaning: "13+ HCP opposite partner's 12–14 balanced: game in no trump",
        when: |h, c| turn(c).is_some_and(|t| t.rebid == Bid::new(1, NT)) && h.hcp >= 13,
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "invite with my long suit",
        stage: Stage::Later,
        meaning: "10–12 HCP and six cards in my suit, opposite partner's minimum rebid: invites game",
        when: |h, c| {
            turn(c).is_some_and(|t| {
                t.minimum() && t.mine.strain.trump().is_some_and(|y| h.len(y) >= 6)
            }) && (10..=12).contains(&h.hcp)
        },
        call: |_, c| c.bid(3, turn(c)?.mine.strain),
    },
    BidRule {
        name: "2NT over the 1NT rebid",
        stage: Stage::Later,
        meaning: "11–12 HCP opposite partner's 12–14 balanced: invites 3NT",
        when: |h, c| turn(c).is_some_and(|t| t.rebid == Bid::new(1, NT)) && h.hcp >= 11,
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "new suit at the one level",
        stage: Stage::Later,
        meaning: "6–12 HCP, four or more cards in the suit; natural, forcing",
        when: |h, c| {
            turn(c).is_some_and(|t| t.rebid.level == 1 && t.rebid.strain != NT) && h.hcp <= 12
        },
        call: |h, c| {
            let t = turn(c)?;
            let s = h.suits().iter().copied().find(|&s| {
                h.len(s) >= 4 && suit(s) > t.rebid.strain && Some(s) != t.second_suit()
            })?;
            c.bid(1, suit(s))
        },
    },
    BidRule {
        name: "six-card suit after my 1NT",
        stage: Stage::Later,
        meaning: "6–10 HCP and six or more cards in a suit I could not show at the one level: to play",
        when: |h, c| {
            turn(c).is_some_and(|t| t.mine == Bid::new(1, NT) && t.rebid.level == 2) && h.hcp <= 10
        },
        call: |h, c| {
            let t = turn(c)?;
            let s = h
                .suits()
                .iter()
                .copied()
                .find(|&s| h.len(s) >= 6 && s != t.opened && suit(s) > t.rebid.strain)?;
            c.bid(2, suit(s))
        },
    },
    BidRule {
        name: "weak rebid of a six-card suit",
        stage: Stage::Later,
        meaning: "a weak hand (6–10) with six or more cards in my suit: to play",
        when: |h, c| {
            turn(c).is_some_and(|t| {
                t.minimum() && t.mine.strain.trump().is_some_and(|y| h.len(y) >= 6)
            }) && h.hcp <= 10
        },
        call: |_, c| c.cheapest_up_to(turn(c)?.mine.strain, 2),
    },
    BidRule {
        name: "back to partner's minor",
        stage: Stage::Later,
        meaning: "a weak hand with five or more cards in partner's minor, after the 1NT rebid: to play",
        when: |h, c| {
            turn(c).is_some_and(|t| {
                t.rebid == Bid::new(1, NT) && !t.opened.is_major() && h.len(t.opened) >= 5
            })
        },
        call: |_, c| c.bid(2, suit(turn(c)?.opened)),
    },
    BidRule {
        name: "pass the 1NT rebid",
        stage: Stage::Later,
        meaning: "a weak hand opposite partner's 12–14 balanced: pass",
        when: |_, c| turn(c).is_some_and(|t| t.rebid == Bid::new(1, NT)),
        call: |_, _| Some(Call::Pass),
    },
    // After opener raised my suit.
    BidRule {
        name: "game after partner's raise",
        stage: Stage::Later,
        meaning: "enough for game once partner has raised my suit (13+ opposite a single raise, 8+ opposite a jump): the major, else 3NT",
        when: |h, c| {
            turn(c).is_some_and(|t| {
                t.raised().is_some_and(|y| {
                    let need = if t.rebid.level >= t.mine.level + 2 {
                        8
                    } else {
                        13
                    };
                    h.hcp + support_points(h, y) >= need
                })
            })
        },
        call: |h, c| {
            let t = turn(c)?;
            let y = t.raised()?;
            if y.is_major() {
                game(c, suit(y))
            } else if t.opened.is_major() && h.len(t.opened) >= 3 {
                game(c, suit(t.opened))
            } else {
                c.bid(3, NT)
            }
        },
    },
    BidRule {
        name: "invite after partner's raise",
        stage: Stage::Later,
        meaning: "11–12 points after partner's single raise: invites game",
        when: |h, c| {
            turn(c).is_some_and(|t| {
                t.rebid.level == 2
                    && t.raised()
                        .is_some_and(|y| h.hcp + support_points(h, y) >= 11)
            })
        },
        call: |_, c| c.bid(3, suit(turn(c)?.raised()?)),
    },
    BidRule {
        name: "pass partner's raise",
        stage: Stage::Later,
        meaning: "not enough for game after partner's raise: pass",
        when: |_, c| turn(c).is_some_and(|t| t.raised().is_some()),
        call: |_, _| Some(Call::Pass),
    },
    // After opener's jump rebid in the first suit (16–18, six cards).
    BidRule {
        name: "accept the jump rebid",
        stage: Stage::Later,
        meaning: "8+ HCP (6 with two cards in partner's major) opposite partner's 16–18 and six-card suit: game",
        when: |h, c| {
            turn(c).is_some_and(|t| {
                t.rebid == Bid::new(3, suit(t.opened))
                    && (h.hcp >= 8 || (h.hcp >= 6 && t.opened.is_major() && h.len(t.opened) >= 2))
            })
        },
        call: |h, c| {
            let o = turn(c)?.opened;
            if o.is_major() && h.len(o) >= 2 {
                game(c, suit(o))
            } else {
                c.bid(3, NT)
            }
        },
    },
    // Opener showed two suits, or rebid the first: responder's second bid.
    BidRule {
        name: "raise partner's second major",
        stage: Stage::Later,
        meaning: "four cards in partner's second major: a raise to two with 6–9, three with 10–12, game with 13+",
        when: |h, c| {
            turn(c).is_some_and(|t| {
                t.second_suit()
                    .is_some_and(|z| z.is_major() && h.len(z) >= 4)
            })
        },
        call: |h, c| {
            let z = turn(c)?.second_suit()?;
            let pts = h.hcp + support_points(h, z);
            let level = match pts {
                0..=9 => c.cheapest(suit(z))?.level,
                10..=12 => c.cheapest(suit(z))?.level + 1,
                _ => 4,
            };
            c.bid(level, suit(z))
        },
    },
    BidRule {
        name: "game in partner's major",
        stage: Stage::Later,
        meaning: "13+ HCP and three cards in partner's first major: game",
        when: |h, c| {
            turn(c).is_some_and(|t| t.opened.is_major() && h.len(t.opened) >= 3 && t.minimum())
                && h.hcp >= 13
        },
        call: |_, c| game(c, suit(turn(c)?.opened)),
    },
    BidRule {
        name: "fourth suit forcing",
        stage: Stage::Later,
        meaning: "12+ HCP, the fourth suit: artificial, forcing, asks partner to describe the hand further (a stopper for no trump, support, length)",
        when: |h, c| {
            turn(c).is_some_and(|t| t.fourth_suit().is_some_and(|f| !(h.balanced && h.stops(f))))
                && h.hcp >= 12
        },
        call: |_, c| {
            let f = turn(c)?.fourth_suit()?;
            let b = c.cheapest(suit(f))?;
            if b.level == 1 {
                c.bid(2, suit(f))
            } else {
                Some(Call::Bid(b))
            }
        },
    },
    BidRule {
        name: "new suit, forcing",
        stage: Stage::Later,
        meaning: "13+ HCP, unbalanced, four or more cards in a new suit: forcing",
        when: |h, c| turn(c).is_some_and(|t| t.minimum()) && h.hcp >= 13 && !h.balanced,
        call: |h, c| {
            let t = turn(c)?;
            let s = h
                .suits()
                .iter()
                .copied()
                .filter(|&s| {
                    h.len(s) >= 4
                        && s != t.opened
                        && suit(s) != t.mine.strain
                        && suit(s) != t.rebid.strain
                })
                .max_by_key(|&s| (h.len(s), s.index()))?;
            c.cheapest(suit(s)).filter(|b| b.level <= 3).map(Call::Bid)
        },
    },
    BidRule {
        name: "rebid my six-card suit, forcing",
        stage: Stage::Later,
        meaning: "13+ HCP, unbalanced, six or more cards in my suit: forcing",
        when: |h, c| {
            turn(c).is_some_and(|t| {
                t.minimum() && t.mine.strain.trump().is_some_and(|y| h.len(y) >= 6)
            }) && h.hcp >= 13
                && !h.balanced
        },
        call: |_, c| {
            let y = turn(c)?.mine.strain;
            c.cheapest(y).filter(|b| b.level <= 3).map(Call::Bid)
        },
    },
    BidRule {
        name: "minimum after a two-over-one",
        stage: Stage::Later,
        meaning: "10 HCP (11 with a doubleton in partner's first suit and the fourth suit unstopped) after my two-over-one and partner's minimum rebid: pass, or back to partner's first suit",
        when: |h, c| {
            turn(c).is_some_and(|t| {
                t.mine.level == 2
                    && t.mine.strain != NT
                    && t.minimum()
                    && (h.hcp <= 10
                        || (h.hcp == 11
                            && h.len(t.opened) == 2
                            && t.second_suit().is_some_and(|z| h.len(z) < 4)
                            && !t.fourth_suit().is_some_and(|f| h.stops(f))))
            })
        },
        call: |h, c| {
            let t = turn(c)?;
            match t.second_suit() {
                Some(z) if h.len(t.opened) >= h.len(z) => c.cheapest_up_to(suit(t.opened), 2),
                _ => Some(Call::Pass),
            }
        },
    },
    BidRule {
        name: "3NT, no fit",
        stage: Stage::Later,
        meaning: "13+ HCP, no fit found: game in no trump",
        when: |h, c| {
            turn(c).is_some_and(|t| t.minimum() || t.second_suit().is_some()) && h.hcp >= 13
        },
        call: |_, c| c.bid(3, NT),
    },
    BidRule {
        name: "raise partner's second suit to invite",
        stage: Stage::Later,
        meaning: "10–12 HCP and four cards in partner's second suit: invites game",
        when: |h, c| {
            turn(c).is_some_and(|t| t.second_suit().is_some_and(|z| h.len(z) >= 4))
                && (10..=12).contains(&h.hcp)
        },
        call: |_, c| {
            let z = turn(c)?.second_suit()?;
            c.bid(3, suit(z))
        },
    },
    BidRule {
        name: "invitational preference",
        stage: Stage::Later,
        meaning: "10–12 HCP and three cards in partner's first major: invites game",
        when: |h, c| {
            turn(c).is_some_and(|t| t.opened.is_major() && h.len(t.opened) >= 3 && t.minimum())
                && (10..=12).contains(&h.hcp)
        },
        call: |_, c| c.bid(3, suit(turn(c)?.opened)),
    },
    BidRule {
        name: "2NT invitation",
        stage: Stage::Later,
        meaning: "10–12 HCP, no fit: invites 3NT",
        when: |h, c| turn(c).is_some_and(|t| t.minimum()) && (10..=12).contains(&h.hcp),
        call: |_, c| c.bid(2, NT),
    },
    BidRule {
        name: "back to partner's minor",
        stage: Stage::Later,
        meaning: "6–10 HCP and four or more cards in partner's minor, no fit for the second suit: back to the minor",
        when: |h, c| {
            turn(c).is_some_and(|t| {
                t.rebid.level == 1
                    && t.rebid.strain != NT
                    && !t.opened.is_major()
                    && h.len(t.opened) >= 4
            }) && h.hcp <= 10
        },
        call: |_, c| c.bid(2, suit(turn(c)?.opened)),
    },
    BidRule {
        name: "1NT with no fit",
        stage: Stage::Later,
        meaning: "6–9 HCP, no fit for partner's suits",
        when: |_, c| turn(c).is_some_and(|t| t.rebid.level == 1),
        call: |_, c| c.bid(1, NT),
    },
    BidRule {
        name: "simple preference",
        stage: Stage::Later,
        meaning: "6–9 HCP, as many cards in partner's first suit as in the second: back to the first",
        when: |h, c| {
            turn(c).is_some_and(|t| {
                t.second_suit()
                    .is_some_and(|z| h.len(t.opened) >= h.len(z) && h.len(t.opened) >= 2)
            })
        },
        call: |_, c| {
            let o = turn(c)?.opened;
            c.cheapest_up_to(suit(o), 2)
        },
    },
    BidRule {
        name: "pass the minimum rebid",
        stage: Stage::Later,
        meaning: "6–9 HCP, content with partner's minimum rebid: pass",
        when: |_, c| turn(c).is_some_and(|t| t.minimum()),
        call: |_, _| Some(Call::Pass),
    },
    // Opener's third bid: partner's invitation.
    BidRule {
        name: "accept the invitation",
        stage: Stage::Later,
        meaning: "14+ points counting length (15+ HCP for 3NT) opposite partner's invitation: game",
        when: |h, c| {
            invitation(c).is_some_and(|(o, w)| {
                if w.strain
                    .trump()
                    .is_some_and(|s| s.is_major() && (s == o || h.len(s) >= 2))
                {
                    length_points(h) >= 14
                } else {
                    h.hcp >= 15
                }
            })
        },
        call: |h, c| {
            let (o, w) = invitation(c)?;
            match w.strain {
                Strain::Suit(s) if s.is_major() && (s == o || h.len(s) >= 2) => game(c, w.strain),
                _ => c.bid(3, NT),
            }
        },
    },
    BidRule {
        name: "decline the invitation",
        stage: Stage::Later,
        meaning: "a minimum opposite partner's invitation: pass",
        when: |_, c| invitation(c).is_some(),
        call: |_, _| Some(Call::Pass),
    },
    // Responder after opener answered fourth suit forcing.
    BidRule {
        name: "after the answer to fourth suit forcing",
        stage: Stage::Later,
        meaning: "after partner's answer to fourth suit forcing: game in the major partner supported or rebid, 3NT after no trump, my six-card suit, else a raise of partner's suit, else 3NT",
        when: |_, c| fourth_suit_answer(c).is_some(),
        call: |h, c| {
            let (o, y, a) = fourth_suit_answer(c)?;
            if a.level >= c.game_level(a.strain) {
                return Some(Call::Pass);
            }
            match a.strain {
                Strain::Suit(s) if s == y && y.is_major() => {
                    return if h.hcp >= 12 {
                        game(c, a.strain)
                    } else {
                        c.cheapest(a.strain).map(Call::Bid)
                    };
                }
                Strain::Suit(s) if s == o && o.is_major() && h.len(o) >= 2 => {
                    return game(c, a.strain);
                }
                NT => return c.bid(3, NT),
                _ => {}
            }
            if h.len(y) >= 6 {
                return c.cheapest(suit(y)).map(Call::Bid);
            }
            match a.strain {
                Strain::Suit(s) if h.len(s) >= 3 => c.cheapest(a.strain).map(Call::Bid),
                _ => c.bid(3, NT),
            }
        },
    },
    // Opener after a reverse and responder's weak rebid of the suit.
    BidRule {
        name: "after the reverse and partner's rebid",
        stage: Stage::Later,
        meaning: "after my reverse and partner's rebid of the suit: three of it with three-card support, three of my six-card first suit, else 2NT",
        when: |_, c| reverse_then_rebid(c).is_some(),
        call: |h, c| {
            let (o, y) = reverse_then_rebid(c)?;
            if h.len(y) >= 3 {
                c.bid(3, suit(y))
            } else if h.len(o) >= 6 {
                c.bid(3, suit(o))
            } else {
                c.bid(2, NT)
            }
        },
    },
    BidRule {
        name: "after my 2NT rebid",
        stage: Stage::Later,
        meaning: "after my 18–19 2NT rebid and partner's new bid: three-card support for partner's major, else 3NT",
        when: |_, c| after_jump_nt(c).is_some(),
        call: |h, c| {
            let y = after_jump_nt(c)?;
            if y.is_major() && h.len(y) >= 3 {
                c.cheapest(suit(y)).map(Call::Bid)
            } else {
                c.bid(3, NT)
            }
        },
    },
    BidRule {
        name: "invite over partner's 1NT",
        stage: Stage::Later,
        meaning: "after my new suit and partner's 1NT: 2NT with 16–17 HCP, 3NT with 18+",
        when: |h, c| partner_nt_after_new_suit(c) && h.hcp >= 16,
        call: |h, c| {
            if h.hcp >= 18 {
                c.bid(3, NT)
            } else {
                c.bid(2, NT)
            }
        },
    },
    // Opener's answer to fourth suit forcing (1X P 1Y P Z P F P).
    BidRule {
        name: "answer fourth suit forcing",
        stage: Stage::Later,
        meaning: "after fourth suit forcing: three-card support for partner's major, else no trump with the fourth suit stopped (a jump with 14+), else a six-card first suit, else four cards in the fourth suit, else the first suit again",
        when: |_, c| fourth_suit_asked(c).is_some(),
        call: |h, c| {
            let (o, y, f) = fourth_suit_asked(c)?;
            if y.is_major() && h.len(y) >= 3 {
                return c.cheapest(suit(y)).map(Call::Bid);
            }
            if h.stops(f) {
                return match c.cheapest(NT)?.level {
                    2 if h.hcp < 14 => c.bid(2, NT),
                    _ => c.bid(3, NT),
                };
            }
            if h.len(o) >= 6 {
                return c.cheapest(suit(o)).map(Call::Bid);
            }
            if h.len(f) >= 4 {
                return c.cheapest(suit(f)).map(Call::Bid);
            }
            c.cheapest(suit(o)).map(Call::Bid)
        },
    },
];

/// Responder's second turn: partner opened one of a suit, I answered with `mine`, partner
/// rebid `rebid`; the opponents silent.
#[derive(Clone, Copy)]
struct Turn {
    opened: Suit,
    mine: Bid,
    rebid: Bid,
}

impl Turn {
    /// Partner's rebid is a reverse: a new suit above the first at the two level.
    fn reverse(self) -> bool {
        self.rebid.level == 2
            && self.mine.level == 1
            && self
                .rebid
                .strain
                .trump()
                .is_some_and(|z| z > self.opened && suit(z) != self.mine.strain)
    }

    /// Partner's rebid raised my suit.
    fn raised(self) -> Option<Suit> {
        let y = self.mine.strain.trump()?;
        (self.rebid.strain == suit(y) && y != self.opened).then_some(y)
    }

    /// Partner's second suit, when the rebid shows one without a reverse or a jump.
    fn second_suit(self) -> Option<Suit> {
        let z = self.rebid.strain.trump()?;
        (z != self.opened
            && suit(z) != self.mine.strain
            && !self.reverse()
            && self.rebid.level <= 2)
            .then_some(z)
    }

    /// A minimum rebid: 1NT, the first suit again at the two level, or a new suit
    /// without a reverse or jump.
    fn minimum(self) -> bool {
        self.rebid == Bid::new(1, NT)
            || self.rebid == Bid::new(2, suit(self.opened))
            || self.second_suit().is_some()
    }

    /// The suit nobody has bid when partner has shown two suits and I one.
    fn fourth_suit(self) -> Option<Suit> {
        let z = self.second_suit()?;
        let y = self.mine.strain.trump()?;
        Suit::STANDARD
            .into_iter()
            .find(|&s| s != self.opened && s != y && s != z)
    }
}

fn turn(c: &AuctionContext) -> Option<Turn> {
    if fc(c) || c.auction.len() != 6 || [1, 3, 5].iter().any(|&i| c.call_at(i) != Some(Call::Pass))
    {
        return None;
    }
    let opened = c
        .partner_opening()
        .filter(|b| b.level == 1)?
        .strain
        .trump()?;
    Some(Turn {
        opened,
        mine: c.bid_at(2)?,
        rebid: c.bid_at(4)?,
    })
}

/// When partner has just bid the fourth suit: my first suit, partner's suit and the fourth
/// suit (1X P 1Y P Z P F P, the opponents silent).
fn fourth_suit_asked(c: &AuctionContext) -> Option<(Suit, Suit, Suit)> {
    if fc(c)
        || c.auction.len() != 8
        || [1, 3, 5, 7]
            .iter()
            .any(|&i| c.call_at(i) != Some(Call::Pass))
    {
        return None;
    }
    let o = c.my_opening().filter(|b| b.level == 1)?.strain.trump()?;
    let y = c.bid_at(2)?.strain.trump()?;
    let z = c.bid_at(4)?.strain.trump()?;
    let f = c.bid_at(6)?;
    let fourth = Suit::STANDARD
        .into_iter()
        .find(|&s| s != o && s != y && s != z)?;
    (z != o
        && z != y
        && y != o
        && f.strain == suit(fourth)
        && fsf_level(f.level, fourth, c.bid_at(4)?))
    .then_some((o, y, fourth))
}

/// What partner's call shows when it is one of this part's conventions (Jacoby 2NT and the
/// answers to it, jump shifts, reverses, fourth suit forcing); `false` leaves the call to
/// the general reading in `shown`.
pub(crate) fn reads(shown: &mut Shown, seen: &Seen) -> bool {
    let Call::Bid(b) = seen.call else {
        return false;
    };
    if seen.style == DeckStyle::FiveCrowns {
        return false;
    }
    let a = &seen.auction;
    let bid = |i: usize| match a.get(i) {
        Some(Call::Bid(x)) => Some(*x),
        _ => None,
    };
    let passes = |idx: &[usize]| idx.iter().all(|&i| a.get(i) == Some(&Call::Pass));
    match a.len() {
        // Partner responds to my one of a suit.
        2 if passes(&[1]) => {
            let Some(o) = bid(0)
                .filter(|x| x.level == 1)
                .and_then(|x| x.strain.trump())
            else {
                return false;
            };
            if o.is_major() && b == Bid::new(2, NT) {
                range(shown, 13, 40);
                length(shown, o, 3);
                return true;
            }
            if b == Bid::new(3, NT) {
                if o.is_major() {
                    range(shown, 15, 17);
                } else {
                    range(shown, 16, 19);
                }
                balanced(shown, seen.style);
                return true;
            }
            if let Strain::Suit(s) = b.strain
                && s != o
                && b.level == if s > o { 2 } else { 3 }
            {
                range(shown, 19, 40);
                length(shown, s, 5);
                return true;
            }
            false
        }
        // Partner, the opener, rebids.
        4 if passes(&[1, 3]) => {
            let (Some(first), Some(resp)) = (bid(0), bid(2)) else {
                return false;
            };
            let Some(o) = first.strain.trump().filter(|_| first.level == 1) else {
                return false;
            };
            if resp == Bid::new(2, NT) && o.is_major() {
                match (b.level, b.strain) {
                    (4, s) if s == suit(o) => range(shown, 12, 14),
                    (3, NT) => range(shown, 15, 17),
                    (3, s) if s == suit(o) => range(shown, 18, 40),
                    _ => range(shown, 12, 40),
                }
                length(shown, o, 5);
                return true;
            }
            // After a two-over-one, 2NT is a minimum and 3NT 18–19, both balanced.
            if resp.level == 2 && resp.strain != NT && b.strain == NT && b.level <= 3 {
                if b.level == 2 {
                    range(shown, 12, 14);
                } else {
                    range(shown, 18, 19);
                }
                balanced(shown, seen.style);
                return true;
            }
            // A jump shift: 19+ and the new suit.
            if let Strain::Suit(z) = b.strain
                && resp.level == 1
                && b.level == 3
                && z != o
                && b.strain != resp.strain
            {
                range(shown, 19, 40);
                length(shown, o, 5);
                length(shown, z, 4);
                return true;
            }
            if let Strain::Suit(z) = b.strain
                && resp.level == 1
                && b.level == 2
                && z > o
                && b.strain != resp.strain
            {
                range(shown, 17, 21);
                length(shown, o, 5);
                length(shown, z, 4);
                return true;
            }
            false
        }
        // Partner, the responder, bids again: fourth suit forcing is artificial.
        6 if passes(&[1, 3, 5]) => {
            let (Some(first), Some(mine), Some(rebid)) = (bid(0), bid(2), bid(4)) else {
                return false;
            };
            let suits = [first.strain, mine.strain, rebid.strain, b.strain];
            let distinct = suits
                .iter()
                .enumerate()
                .all(|(i, s)| s.trump().is_some() && !suits[..i].contains(s));
            let fsf = match (b.strain, rebid.strain) {
                (Strain::Suit(f), Strain::Suit(_)) => fsf_level(b.level, f, rebid),
                _ => false,
            };
            if distinct && rebid.level <= 2 && fsf {
                range(shown, 12, 40);
                return true;
            }
            false
        }
        _ => false,
    }
}

/// Partner's invitation at my third turn: my first suit and partner's call, when partner
/// (who answered my one of a suit in a new suit or 1NT) now bids 2NT or three of a suit
/// already bid by either of us, and that is not fourth suit forcing.
fn invitation(c: &AuctionContext) -> Option<(Suit, Bid)> {
    if fc(c)
        || c.auction.len() != 8
        || [1, 3, 5, 7]
            .iter()
            .any(|&i| c.call_at(i) != Some(Call::Pass))
    {
        return None;
    }
    let o = c.my_opening().filter(|b| b.level == 1)?.strain.trump()?;
    let resp = c.bid_at(2)?;
    let rebid = c.bid_at(4)?;
    let w = c.bid_at(6)?;
    if resp.strain == suit(o)
        || resp.level >= 2 && resp.strain == NT
        || rebid.level >= 3
        || rebid == Bid::new(2, NT)
    {
        return None;
    }
    let ok =
        w == Bid::new(2, NT) || (w.level == 3 && (w.strain == suit(o) || w.strain == resp.strain));
    ok.then_some((o, w))
}

/// Partner's answer to my fourth suit forcing: partner's first suit, my suit and the
/// answer (1X P 1Y P Z P F P answer P, the opponents silent).
fn fourth_suit_answer(c: &AuctionContext) -> Option<(Suit, Suit, Bid)> {
    if fc(c)
        || c.auction.len() != 10
        || [1, 3, 5, 7, 9]
            .iter()
            .any(|&i| c.call_at(i) != Some(Call::Pass))
    {
        return None;
    }
    let o = c
        .partner_opening()
        .filter(|b| b.level == 1)?
        .strain
        .trump()?;
    let y = c.bid_at(2)?.strain.trump()?;
    let z = c.bid_at(4)?.strain.trump()?;
    let f = c.bid_at(6)?;
    let fourth = Suit::STANDARD
        .into_iter()
        .find(|&s| s != o && s != y && s != z)?;
    let distinct = z != o && z != y && y != o;
    (distinct && f.strain == suit(fourth) && fsf_level(f.level, fourth, c.bid_at(4)?)).then_some((
        o,
        y,
        c.bid_at(8)?,
    ))
}

/// Whether a bid of the fourth suit `f` at `level`, after opener's rebid `z`, is fourth
/// suit forcing: at the two level, or at the three level when `f` ranks below a two-level
/// `z` (no cheaper bid of it). A one-level fourth suit is natural, and a needless jump to
/// the three level is not the ask.
fn fsf_level(level: u8, f: Suit, z: Bid) -> bool {
    level == 2 || (level == 3 && z.level == 2 && suit(f) < z.strain)
}

/// Partner's game try after my single raise of the major: the major, and the suit tried in
/// (none for 2NT or three of the major).
fn game_try(c: &AuctionContext) -> Option<(Suit, Option<Suit>)> {
    let t = turn(c)?;
    let m = t.opened;
    if !m.is_major() || t.mine != Bid::new(2, suit(m)) {
        return None;
    }
    match t.rebid.strain {
        NT if t.rebid.level == 2 => Some((m, None)),
        Strain::Suit(s) if s == m && t.rebid.level == 3 => Some((m, None)),
        Strain::Suit(s) if s != m && t.rebid.level <= 3 => Some((m, Some(s))),
        _ => None,
    }
}

/// After my reverse, partner rebid the suit at the two level: my first suit and partner's
/// (1X P 1Y P 2Z P 2Y P, the opponents silent).
fn reverse_then_rebid(c: &AuctionContext) -> Option<(Suit, Suit)> {
    if fc(c)
        || c.auction.len() != 8
        || [1, 3, 5, 7]
            .iter()
            .any(|&i| c.call_at(i) != Some(Call::Pass))
    {
        return None;
    }
    let o = c.my_opening().filter(|b| b.level == 1)?.strain.trump()?;
    let resp = c.bid_at(2)?;
    let y = resp.strain.trump().filter(|_| resp.level == 1)?;
    let z = c.bid_at(4)?;
    let reverse = z.level == 2 && z.strain.trump().is_some_and(|s| s > o && s != y);
    (reverse && c.bid_at(6)? == Bid::new(2, suit(y))).then_some((o, y))
}

/// After my 2NT jump rebid (18–19) partner bid again below game: partner's first suit
/// (1X P 1Y P 2NT P any P, the opponents silent).
fn after_jump_nt(c: &AuctionContext) -> Option<Suit> {
    if fc(c)
        || c.auction.len() != 8
        || [1, 3, 5, 7]
            .iter()
            .any(|&i| c.call_at(i) != Some(Call::Pass))
    {
        return None;
    }
    c.my_opening().filter(|b| b.level == 1)?.strain.trump()?;
    let resp = c.bid_at(2)?;
    let y = resp.strain.trump().filter(|_| resp.level == 1)?;
    let again = c.bid_at(6)?;
    (c.bid_at(4)? == Bid::new(2, NT) && again.level == 3 && again.strain != NT).then_some(y)
}

/// Whether partner answered my one-level new suit with 1NT (1X P 1Y P 1Z P 1NT P, the
/// opponents silent).
fn partner_nt_after_new_suit(c: &AuctionContext) -> bool {
    !fc(c)
        && c.auction.len() == 8
        && [1, 3, 5, 7]
            .iter()
            .all(|&i| c.call_at(i) == Some(Call::Pass))
        && c.my_opening()
            .is_some_and(|b| b.level == 1 && b.strain != NT)
        && c.bid_at(4).is_some_and(|b| b.level == 1 && b.strain != NT)
        && c.bid_at(6) == Some(Bid::new(1, NT))
}
