//! No card the human may not see ever appears on `tenace play`'s screen. Whole deals of
//! all five games are played through the [`App`] and drawn at 80×24 and 120×40 after
//! every action, the end-of-deal review page by page too, and every card written on the
//! screen is checked against the cards the human may see.
//!
//! The checker shares nothing with the screen's code: what the human may see is worked
//! out from the full view (the truth), by the rules (own hand, dummy once the opening lead
//! is made, the cards played, Bridgette's up-card and own exchange, Devil's Bridge's
//! turned-up card and in a blind hand the others' cards; every hand once the deal is
//! over, but Bridgette's discards never), and the screen text is read for cards in every
//! form the screen writes them: `♠A`, `♠AK7` runs, hand rows `♠ A K 7`, the letter
//! notation `SA` as a word, and the special cards `JK GC RC LC`.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tenace_bots::BotOptions;
use tenace_cards::{Card, CardSet, Player, Rank, Seat, Suit};
use tenace_rules::bridge::{BridgeMatch, BridgeOptions, BridgeVariant};
use tenace_rules::bridgette::{BridgetteMatch, BridgetteOptions};
use tenace_rules::devils_bridge::{BlindHands, DevilsBridgeOptions, DevilsMatch};
use tenace_rules::{Phase, View};

use super::app::{App, Intent};
use super::opponent::Level;
use super::render::draw;
use super::table::PlayMatch;

/// The screen as text at `width`×`height`.
fn screen(app: &App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("terminal");
    terminal
        .draw(|frame| {
            draw(frame, app);
        })
        .expect("draw");
    let buffer = terminal.backend().buffer();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The suit a symbol stands for.
fn suit_of_symbol(c: char) -> Option<Suit> {
    match c {
        '♠' => Some(Suit::Spades),
        '♥' => Some(Suit::Hearts),
        '♦' => Some(Suit::Diamonds),
        '♣' => Some(Suit::Clubs),
        '★' => Some(Suit::Stars),
        _ => None,
    }
}

fn rank_of(c: char) -> Option<Rank> {
    c.to_string().parse().ok().filter(|_| c != '1')
}

/// Every card written on a line, in any form the screen uses.
fn cards_in_line(line: &str) -> Vec<Card> {
    let chars: Vec<char> = line.chars().collect();
    let mut cards = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        if let Some(suit) = suit_of_symbol(c) {
            // `♠A`, `♠AK7`, `♠10`: ranks right after the symbol.
            let mut j = i + 1;
            if chars.get(j..j + 2) == Some(&['1', '0']) {
                cards.push(Card::new(suit, Rank::Ten));
                j += 2;
            }
            while let Some(rank) = chars.get(j).copied().and_then(rank_of) {
                cards.push(Card::new(suit, rank));
                j += 1;
            }
            // A hand row: `♠  A K 7`, ranks standing alone, one space apart, after
            // the symbol and its spaces.
            if j == i + 1 && chars.get(j) == Some(&' ') {
                while chars.get(j) == Some(&' ') {
                    j += 1;
                }
                while let Some(rank) = chars.get(j).copied().and_then(rank_of) {
                    if !chars.get(j + 1).is_none_or(|&n| n == ' ' || n == '│') {
                        break;
                    }
                    cards.push(Card::new(suit, rank));
                    j += 1;
                    if chars.get(j) != Some(&' ') {
                        break;
                    }
                    j += 1;
                }
            }
        }
    }
    // The notation as a word: `SA`, `HT`, `JK`, `GC`.
    for word in line.split(|c: char| !c.is_ascii_alphanumeric()) {
        if (2..=3).contains(&word.len())
            && word
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
            && let Ok(card) = word.parse::<Card>()
        {
            cards.push(card);
        }
    }
    cards
}

/// Every card on the screen; the legend row (row `legend`) names kinds of cards, not
/// cards, and is skipped.
fn cards_on_screen(text: &str, legend: Option<usize>) -> Vec<(Card, String)> {
    text.lines()
        .enumerate()
        .filter(|(row, _)| Some(*row) != legend)
        .flat_map(|(_, line)| {
            cards_in_line(line)
                .into_iter()
                .map(move |c| (c, line.to_string()))
        })
        .collect()
}

/// What the human may see, worked out from the full view as the deal goes.
#[derive(Default)]
struct Allowed {
    seen: CardSet,
    /// Every card in a hand once the exchange is over: all of them are seen once the
    /// deal ends.
    dealt: Option<CardSet>,
    /// The cards in hands when the play began: those no longer in a hand were played.
    in_play: Option<CardSet>,
}

fn hands_union(view: &View) -> CardSet {
    view.hands
        .iter()
        .flatten()
        .fold(CardSet::EMPTY, |set, &h| set | h)
}

impl Allowed {
    /// Takes in the deal's state now, from its full view.
    fn update(&mut self, full: &View, human: Player) {
        let h = human.index();
        if let Some(own) = full.hands[h] {
            self.seen |= own;
        }
        if full.phase != Phase::Exchange && self.dealt.is_none() {
            self.dealt = Some(hands_union(full));
        }
        if let Some(trick) = full.trick {
            let in_play = *self
                .in_play
                .get_or_insert_with(|| hands_union(full) | trick.card_set());
            self.seen |= trick.card_set();
            self.seen |= in_play & !hands_union(full);
            let lead_made = !trick.is_empty() || full.tricks_won.iter().any(|&t| t > 0);
            if let Some(dummy) = full.dummy.filter(|_| lead_made)
                && let Some(cards) = full.hands[dummy.index()]
            {
                self.seen |= cards;
            }
        }
        if full.blind {
            self.seen |= hands_union(full);
        }
        if let Some(card) = full.turned_up {
            self.seen.insert(card);
        }
        if let Some(exchange) = &full.exchange {
            self.seen.insert(exchange.upcard);
        }
    }

    /// Once the deal is over every hand as played may be seen.
    fn deal_over(&mut self) {
        if let Some(dealt) = self.dealt {
            self.seen |= dealt;
        }
    }
}

/// Draws the screen at both sizes and fails on any card the human may not see.
fn check(app: &App, allowed: &Allowed, legend: Option<usize>, when: &str) {
    for (w, h) in [(80, 24), (120, 40)] {
        let text = screen(app, w, h);
        // Counts read right while at it: never `1 cards` or `1 tricks`.
        for wrong in [" 1 cards", " 1 tricks"] {
            assert!(
                !text.contains(wrong),
                "{when}: {wrong:?} at {w}x{h}:\n{text}"
            );
        }
        for (card, line) in cards_on_screen(&text, legend) {
            assert!(
                allowed.seen.contains(card),
                "{when}: {card} is on screen at {w}x{h} though the human may not see it:\n{line}\n\n{text}"
            );
        }
    }
}

/// Plays `deals` deals, the human taking the first action offered, checking every screen.
fn no_leak(game: PlayMatch, human: Player, deals: usize, legend: Option<usize>) {
    let mut app = App::new(game, human, Level::Basic, BotOptions::samples(1), 11).expect("app");
    app.set_review_solves(false);
    for deal in 0..deals {
        let mut allowed = Allowed::default();
        for step in 0..3000 {
            if app.paused_deal().is_some() {
                break;
            }
            if let Some(full) = app.game().full_view() {
                allowed.update(&full, human);
            }
            check(&app, &allowed, legend, &format!("deal {deal} step {step}"));
            if app.human_must_act() {
                app.handle(Intent::Submit);
                assert_eq!(app.error(), None);
            } else {
                assert!(app.step_opponents(), "nobody could act");
            }
        }
        assert!(app.paused_deal().is_some(), "deal {deal} did not end");
        // The last card is on the table now: the deal's end shows it.
        allowed.deal_over();
        check(&app, &allowed, legend, &format!("deal {deal} over"));
        app.handle(Intent::Review);
        assert!(app.review().is_some());
        for page in 0..8 {
            check(
                &app,
                &allowed,
                legend,
                &format!("deal {deal} review page {page}"),
            );
            app.handle(Intent::PageDown);
        }
        app.handle(Intent::Escape);
        if app.game().is_over() {
            break;
        }
        app.handle(Intent::NextDeal);
    }
}

/// The legend's row, in the games that have one.
const LEGEND_ROW: Option<usize> = Some(1);

#[test]
fn contract_bridge_shows_no_hidden_card() {
    let game = BridgeMatch::new(BridgeOptions::default(), 11).expect("match");
    no_leak(PlayMatch::Bridge(game), Player::from(Seat::South), 2, None);
}

#[test]
fn deuces_wild_shows_no_hidden_card() {
    let game = BridgeMatch::with_variant(BridgeVariant::DeucesWild, BridgeOptions::default(), 5)
        .expect("match");
    no_leak(
        PlayMatch::Bridge(game),
        Player::from(Seat::North),
        1,
        LEGEND_ROW,
    );
}

#[test]
fn five_crowns_shows_no_hidden_card() {
    let game = BridgeMatch::with_variant(
        BridgeVariant::FiveCrowns(Default::default()),
        BridgeOptions::default(),
        3,
    )
    .expect("match");
    no_leak(
        PlayMatch::Bridge(game),
        Player::from(Seat::West),
        1,
        LEGEND_ROW,
    );
}

#[test]
fn devils_bridge_shows_no_hidden_card() {
    let game = DevilsMatch::new(DevilsBridgeOptions::for_players(5), 9).expect("match");
    no_leak(PlayMatch::Devils(game), Player(2), 3, LEGEND_ROW);
}

#[test]
fn a_blind_hand_shows_no_hidden_card() {
    let mut options = DevilsBridgeOptions::for_players(3);
    options.blind_one_card_hands = BlindHands::All;
    options.max_hand = Some(2);
    let game = DevilsMatch::new(options, 9).expect("match");
    no_leak(PlayMatch::Devils(game), Player(0), 3, LEGEND_ROW);
}

#[test]
fn bridgette_shows_no_hidden_card() {
    // Seed 11: the computer player's face-down discards were once named on screen.
    let game = BridgetteMatch::new(BridgetteOptions::default(), 11).expect("match");
    no_leak(PlayMatch::Bridgette(game), Player(0), 2, LEGEND_ROW);
}

#[test]
fn the_checker_reads_every_form_of_a_card() {
    let card = |s: &str| s.parse::<Card>().expect("card");
    assert_eq!(
        cards_in_line("Last: E ♠Q  S ♠2"),
        vec![card("SQ"), card("S2")]
    );
    assert_eq!(
        cards_in_line("  N      ♠JT ♥-"),
        vec![card("SJ"), card("ST")]
    );
    assert_eq!(
        cards_in_line("│  ♥  A 7 3   │"),
        vec![card("HA"), card("H7"), card("H3")]
    );
    assert_eq!(cards_in_line("P1 played discard H8"), vec![card("H8")]);
    assert_eq!(cards_in_line("[JK as ♠] GC"), vec![card("JK"), card("GC")]);
    // Bids, contracts, seats and words are no cards.
    assert!(cards_in_line("3♣    3♥    P     4♠  Contract 4♠X by S, SAYS 10 tricks").is_empty());
    assert!(cards_in_line("│  ♠  -  │ 3♥ P").is_empty());
}
