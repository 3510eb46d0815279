//! The match being played, whichever of the three kinds it is, behind one small enum: the
//! app drives it without knowing the game, and only the score sheet is written per kind.

use tenace_cards::{Player, Side};
use tenace_rules::bridge::{BridgeMatch, MatchSheet};
use tenace_rules::bridgette::BridgetteMatch;
use tenace_rules::devils_bridge::DevilsMatch;
use tenace_rules::scoring::Comparison;
use tenace_rules::{Action, Events, Game, IllegalAction, Match, Move, PlayerSet, View};

/// A match of any of the five games.
#[derive(Debug, Clone)]
pub enum PlayMatch {
    /// Contract Bridge, Deuces Wild or Five Crowns: duplicate, rubber or Chicago.
    Bridge(BridgeMatch),
    /// A game of Devil's Bridge.
    Devils(DevilsMatch),
    /// A six-deal game of Bridgette.
    Bridgette(BridgetteMatch),
}

/// Runs the same expression on whichever match this is (the three share [`Match`], which
/// is not object-safe because of its deal type).
macro_rules! each {
    ($self:expr, $m:ident => $body:expr) => {
        match $self {
            PlayMatch::Bridge($m) => $body,
            PlayMatch::Devils($m) => $body,
            PlayMatch::Bridgette($m) => $body,
        }
    };
}

impl PlayMatch {
    /// Players at the table.
    pub fn players(&self) -> usize {
        match self {
            PlayMatch::Bridge(_) => 4,
            PlayMatch::Devils(m) => m.options().player_count(),
            PlayMatch::Bridgette(_) => 2,
        }
    }

    /// How the game names a player: a seat in Contract Bridge, a number otherwise.
    pub fn name(&self, player: Player) -> String {
        match self {
            PlayMatch::Bridge(_) => player.label(4),
            _ => player.to_string(),
        }
    }

    /// Who may act now.
    pub fn to_act(&self) -> PlayerSet {
        each!(self, m => Match::to_act(m))
    }

    /// A player's legal actions now.
    pub fn legal_actions(&self, player: Player) -> Vec<Action> {
        each!(self, m => Match::legal_actions(m, player))
    }

    /// Takes an action after the engine checks it; on error nothing changes.
    pub fn try_apply(&mut self, player: Player, action: Action) -> Result<Events, IllegalAction> {
        each!(self, m => Match::try_apply(m, player, action))
    }

    /// A player's view of the deal in progress (the last one once the match is over).
    pub fn observation(&self, player: Player) -> Option<View> {
        each!(self, m => Match::observation(m, player))
    }

    /// The full view of the deal in progress: only for the review of a finished deal.
    pub fn full_view(&self) -> Option<View> {
        each!(self, m => Match::full_view(m))
    }

    /// The record of the whole match.
    pub fn history(&self) -> &[Move] {
        each!(self, m => Match::history(m))
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        each!(self, m => Match::is_over(m))
    }

    /// How many deals are finished.
    pub fn finished_count(&self) -> usize {
        each!(self, m => m.deals().finished().len())
    }

    /// How many actions each finished deal took, in order: where each deal starts in the
    /// record.
    pub fn finished_lengths(&self) -> Vec<usize> {
        each!(self, m => m.deals().finished().iter().map(|d| Game::history(d).len()).collect())
    }

    /// A player's view of finished deal `index`, as it ended.
    pub fn finished_observation(&self, index: usize, player: Player) -> Option<View> {
        each!(self, m => m.deals().finished().get(index).map(|d| d.observation(player)))
    }

    /// Finished deal `index` itself, as it ended.
    pub fn finished_deal(&self, index: usize) -> Option<tenace_rules::AnyGame> {
        use tenace_rules::AnyGame;
        match self {
            PlayMatch::Bridge(m) => m
                .deals()
                .finished()
                .get(index)
                .cloned()
                .map(AnyGame::Bridge),
            PlayMatch::Devils(m) => m
                .deals()
                .finished()
                .get(index)
                .cloned()
                .map(AnyGame::DevilsBridge),
            PlayMatch::Bridgette(m) => m
                .deals()
                .finished()
                .get(index)
                .cloned()
                .map(AnyGame::Bridgette),
        }
    }

    /// The full view of finished deal `index`, as it ended.
    pub fn finished_full_view(&self, index: usize) -> Option<View> {
        each!(self, m => m.deals().finished().get(index).map(Game::full_view))
    }

    /// The score sheet across the match: a line per finished deal, then the totals.
    pub fn sheet_lines(&self) -> Vec<String> {
        match self {
            PlayMatch::Bridge(m) => bridge_sheet(m),
            PlayMatch::Devils(m) => devils_sheet(m),
            PlayMatch::Bridgette(m) => bridgette_sheet(m),
        }
    }
}

/// A deal's result in a few words, from its final full view: the contract, who declared,
/// the tricks declarer's side took.
fn result_words(view: &View, name: impl Fn(Player) -> String) -> String {
    match (view.contract, view.declarer) {
        (Some(contract), Some(declarer)) => {
            let mut tricks = view.tricks_won[declarer.index()];
            if let Some(dummy) = view.dummy {
                tricks += view.tricks_won[dummy.index()];
            }
            format!("{contract} by {}, {tricks} tricks", name(declarer))
        }
        _ => "passed out".into(),
    }
}

fn bridge_sheet(m: &BridgeMatch) -> Vec<String> {
    let mut lines: Vec<String> = m
        .finished_deals()
        .iter()
        .enumerate()
        .map(|(k, deal)| {
            let view = deal.full_view();
            let score = view.score.unwrap_or(0);
            format!(
                "Deal {}: {}  NS {score:+}",
                k + 1,
                result_words(&view, |p| p.label(4))
            )
        })
        .collect();
    let [ns, ew] = m.sheet().totals();
    let unit = match m.sheet() {
        MatchSheet::Duplicate(_) => match m.options().comparison {
            Comparison::Imps => "IMPs",
            Comparison::Matchpoints => "matchpoints",
            _ => "points",
        },
        MatchSheet::Rubber(sheet) => {
            if let Some(r) = sheet.current() {
                lines.push(format!(
                    "Rubber: games NS {} EW {}",
                    r.games(Side::NorthSouth),
                    r.games(Side::EastWest)
                ));
            }
            "points"
        }
        MatchSheet::Chicago(_) => "points",
    };
    lines.push(format!("Total ({unit}): NS {ns}  EW {ew}"));
    lines
}

fn devils_sheet(m: &DevilsMatch) -> Vec<String> {
    let join = |values: &[u8]| {
        values
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join("/")
    };
    let mut lines: Vec<String> = m
        .sheet()
        .iter()
        .map(|h| {
            let points: Vec<String> = h.points.iter().map(u32::to_string).collect();
            format!(
                "Hand {} ({} cards{}): bids {} tricks {} points {}",
                h.number,
                h.size,
                if h.blind { ", blind" } else { "" },
                join(&h.bids),
                join(&h.tricks),
                points.join("/")
            )
        })
        .collect();
    let totals: Vec<String> = m
        .totals()
        .iter()
        .enumerate()
        .map(|(p, t)| format!("{p}: {t}"))
        .collect();
    lines.push(format!("Total: {}", totals.join("  ")));
    lines
}

fn bridgette_sheet(m: &BridgetteMatch) -> Vec<String> {
    let mut lines: Vec<String> = m
        .sheet()
        .iter()
        .map(|d| {
            let number = d
                .number
                .map_or_else(|| "thrown in".to_string(), |n| format!("Deal {n}"));
            let result = match (d.contract, d.declarer, d.tricks) {
                (Some(c), Some(p), Some(t)) => format!("{c} by {p}, {t} tricks"),
                _ => "no contract".into(),
            };
            format!("{number}: {result}  points {}/{}", d.points[0], d.points[1])
        })
        .collect();
    let [a, b] = m.totals();
    lines.push(format!("Total: 0: {a}  1: {b}"));
    lines
}
