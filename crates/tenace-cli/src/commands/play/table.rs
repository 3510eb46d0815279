//! The match being played is the table's own ([`tenace_table::TableMatch`]), whichever of
//! the three kinds it is: the app drives it without knowing the game. What is written
//! here is how the screen names players and lays out each kind's score sheet.

use tenace_cards::{Player, Side};
use tenace_rules::bridge::{BridgeMatch, MatchSheet};
use tenace_rules::bridgette::BridgetteMatch;
use tenace_rules::devils_bridge::DevilsMatch;
use tenace_rules::scoring::Comparison;
use tenace_rules::{Game, Match, View};

use super::render::glyphs::{Glyphs, count};

pub use tenace_table::TableMatch as PlayMatch;

/// What only the terminal game says of a match: how it names the players and how its
/// score sheet reads on screen. The match itself is the table's ([`PlayMatch`]), the
/// same one the server plays.
pub trait OnScreen {
    /// How the screen names a player: a seat in the partnership games, `P0`, `P1`, …
    /// otherwise.
    fn name(&self, player: Player) -> String;

    /// The score sheet across the match: a line per finished deal, then the totals, and
    /// once the match is over, who won.
    fn sheet_lines(&self, glyphs: Glyphs) -> Vec<String>;
}

impl OnScreen for PlayMatch {
    fn name(&self, player: Player) -> String {
        match self {
            PlayMatch::Bridge(_) => player.label(4),
            _ => format!("P{}", player.index()),
        }
    }

    fn sheet_lines(&self, glyphs: Glyphs) -> Vec<String> {
        match self {
            PlayMatch::Bridge(m) => bridge_sheet(m, glyphs),
            PlayMatch::Devils(m) => devils_sheet(m),
            PlayMatch::Bridgette(m) => bridgette_sheet(m, glyphs),
        }
    }
}

/// A deal's result in a few words, from its final full view: the contract, who declared,
/// the tricks declarer's side took.
fn result_words(view: &View, glyphs: Glyphs, name: impl Fn(Player) -> String) -> String {
    match (view.contract, view.declarer) {
        (Some(contract), Some(declarer)) => {
            let mut tricks = view.tricks_won[declarer.index()];
            if let Some(dummy) = view.dummy {
                tricks += view.tricks_won[dummy.index()];
            }
            format!(
                "{} by {}, {}",
                glyphs.contract(contract),
                name(declarer),
                count(usize::from(tricks), "trick")
            )
        }
        _ => "passed out".into(),
    }
}

/// Who leads on `totals` (higher wins), in words: `NS win by 120 IMPs`, `a tie`.
fn winner_words(names: &[String], totals: &[i64], unit: &str, plural: bool) -> String {
    let best = totals.iter().copied().max().unwrap_or(0);
    let leaders: Vec<&str> = names
        .iter()
        .zip(totals)
        .filter(|&(_, &t)| t == best)
        .map(|(n, _)| n.as_str())
        .collect();
    if leaders.len() != 1 {
        return format!("a tie between {} on {best} {unit}", leaders.join(" and "));
    }
    let second = totals
        .iter()
        .copied()
        .filter(|&t| t != best)
        .max()
        .unwrap_or(best);
    let verb = if plural { "win" } else { "wins" };
    format!("{} {verb} by {} {unit}", leaders[0], best - second)
}

fn bridge_sheet(m: &BridgeMatch, glyphs: Glyphs) -> Vec<String> {
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
                result_words(&view, glyphs, |p| p.label(4))
            )
        })
        .collect();
    let [ns, ew] = m.sheet().totals();
    // In a team match each board is played at two tables and the two results compared:
    // the totals are of the pairs that sat North-South and East-West at the first.
    let mut sides = ["NS", "EW"];
    let unit = match m.sheet() {
        MatchSheet::Duplicate(boards) => {
            let unit = match m.options().comparison {
                Comparison::Imps => "IMPs",
                Comparison::Matchpoints => "matchpoints",
                _ => "points",
            };
            for board in boards {
                if let Some(won) = board.comparison {
                    lines.push(format!(
                        "Board {} compared: {won:+} {unit} to the first table's NS",
                        board.board
                    ));
                }
            }
            if boards.iter().any(|b| b.comparison.is_some()) {
                sides = ["first table's NS", "EW"];
            }
            unit
        }
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
    lines.push(format!(
        "Total ({unit}): {} {ns}  {} {ew}",
        sides[0], sides[1]
    ));
    if m.is_over() {
        let names = sides.map(String::from);
        let totals = [ns, ew];
        lines.push(format!(
            "Match over: {}",
            winner_words(&names, &totals, unit, true)
        ));
    }
    lines
}

/// Devil's Bridge as a table: a column per player, each hand's bid, tricks taken and
/// points in it.
fn devils_sheet(m: &DevilsMatch) -> Vec<String> {
    let players = m.options().player_count();
    let names: Vec<String> = (0..players).map(|p| format!("P{p}")).collect();
    let cell = |text: String| format!("{text:<8}");
    let mut header = " ".repeat(19);
    header.extend(names.iter().map(|n| cell(n.clone())));
    let mut lines = vec![
        "Each player: bid-took +points this hand (bl: blind)".to_string(),
        header,
    ];
    for h in m.sheet() {
        let mut line = format!(
            "Hand {:<2} {:<10} ",
            h.number,
            format!(
                "{}{}",
                count(h.size, "card"),
                if h.blind { " bl" } else { "" }
            )
        );
        for p in 0..players {
            let bid = h.bids.get(p).copied().unwrap_or(0);
            let took = h.tricks.get(p).copied().unwrap_or(0);
            let points = h.points.get(p).copied().unwrap_or(0);
            line.push_str(&cell(format!("{bid}-{took} +{points}")));
        }
        lines.push(line);
    }
    let mut total = format!("{:<19}", "Total");
    total.extend(m.totals().iter().map(|t| cell(t.to_string())));
    lines.push(total);
    if m.is_over() {
        let totals: Vec<i64> = m.totals().iter().map(|&t| i64::from(t)).collect();
        lines.push(format!(
            "Game over: {}",
            winner_words(&names, &totals, "points", false)
        ));
    }
    lines
}

fn bridgette_sheet(m: &BridgetteMatch, glyphs: Glyphs) -> Vec<String> {
    let mut lines: Vec<String> = m
        .sheet()
        .iter()
        .map(|d| {
            let number = d
                .number
                .map_or_else(|| "thrown in".to_string(), |n| format!("Deal {n}"));
            let result = match (d.contract, d.declarer, d.tricks) {
                (Some(c), Some(p), Some(t)) => format!(
                    "{} by P{}, {}",
                    glyphs.contract(c),
                    p.index(),
                    count(usize::from(t), "trick")
                ),
                _ => "no contract".into(),
            };
            format!(
                "{number}: {result}  points P0 {} P1 {}",
                d.points[0], d.points[1]
            )
        })
        .collect();
    let [a, b] = m.totals();
    lines.push(format!("Total: P0 {a}  P1 {b}"));
    if m.is_over() {
        let names = ["P0".to_string(), "P1".to_string()];
        lines.push(format!(
            "Match over: {}",
            winner_words(&names, &[i64::from(a), i64::from(b)], "points", false)
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_is_named_with_the_margin_and_the_unit() {
        let names = ["NS".to_string(), "EW".to_string()];
        assert_eq!(
            winner_words(&names, &[12, 5], "IMPs", true),
            "NS win by 7 IMPs"
        );
        let players = ["P0", "P1", "P2"].map(String::from);
        assert_eq!(
            winner_words(&players, &[30, 41, 12], "points", false),
            "P1 wins by 11 points"
        );
        assert_eq!(
            winner_words(&players, &[30, 30, 12], "points", false),
            "a tie between P0 and P1 on 30 points"
        );
    }

    #[test]
    fn a_team_match_shows_each_boards_imps() {
        let options: tenace_rules::bridge::BridgeOptions =
            serde_json::from_str(r#"{"comparison":"imps","boards":1}"#).expect("options");
        let mut game = PlayMatch::Bridge(BridgeMatch::new(options, 4).expect("match"));
        // The last legal action: the highest bid, then doubles, so nothing is passed out.
        while !game.is_over() {
            let player = game.to_act().iter().next().expect("someone acts");
            let action = *game.legal_actions(player).last().expect("an action");
            game.try_apply(player, action).expect("legal");
        }
        let lines = game.sheet_lines(Glyphs::UNICODE);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("Board 1 compared: ") && l.contains(" IMPs ")),
            "{lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("Total (IMPs): first table's NS ")),
            "{lines:?}"
        );
        assert!(
            lines.last().is_some_and(|l| l.starts_with("Match over: ")),
            "{lines:?}"
        );
    }

    #[test]
    fn a_finished_match_names_its_winner() {
        let mut game =
            PlayMatch::Bridgette(BridgetteMatch::new(Default::default(), 3).expect("match"));
        let mut rng = 0usize;
        while !game.is_over() {
            let player = game.to_act().iter().next().expect("someone acts");
            let legal = game.legal_actions(player);
            rng = rng.wrapping_mul(31).wrapping_add(7);
            let action = legal[rng % legal.len()];
            game.try_apply(player, action).expect("legal");
        }
        let lines = game.sheet_lines(Glyphs::UNICODE);
        let last = lines.last().expect("a sheet");
        assert!(
            last.starts_with("Match over: ")
                && (last.contains(" wins by ") || last.contains("a tie")),
            "{lines:?}"
        );
    }
}
