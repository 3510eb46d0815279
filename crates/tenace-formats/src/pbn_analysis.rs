//! Double-dummy analysis and par written as PBN tags, for a program that solved a deal to
//! add to its game: `DoubleDummyTricks`, `OptimumResultTable`, `OptimumScore` and
//! `ParContract`, the tags [`crate::pbn_board::double_dummy_tricks`] and
//! [`crate::pbn_board::optimum_result_table`] read back.
//!
//! This crate does not solve: the caller hands in the tricks ([`DdTricks`]) and the par
//! ([`ParResult`]) it found.
//!
//! - `DoubleDummyTricks`: 20 hexadecimal digits, groups of five for declarers N, S, E, W,
//!   each group in the strains NT, S, H, D, C.
//! - `OptimumResultTable`: the header `Declarer;Denomination\2R;Result\2R` and a row for
//!   every declarer and strain in that same order (N NT, N S, N H, N D, N C, S NT, … W C).
//! - `OptimumScore`: the side that gains and its score, signed as the RealBridge records
//!   write it: `NS +420`, `EW +100`; a passed-out par is `NS 0`.
//! - `ParContract`: the side and the contract in Contract-tag spelling (`NS 4S`, `EW 5DX`);
//!   several par contracts are written one after the other, each with its side, separated
//!   by `; ` (`NS 4H; NS 4S`), a contract made by either partner of a side once; a
//!   passed-out par is `Pass`.
//!
//! [`set_tags`] puts them into a game, replacing tags of the same names.
//!
//! ```
//! use tenace_cards::{Seat, Strain};
//! use tenace_formats::pbn_analysis::{ParResult, analysis_tags, set_tags};
//! use tenace_formats::pbn_board::{DdTricks, double_dummy_tricks};
//! use tenace_formats::pbn_file::{PbnFile, PbnGame};
//!
//! let mut table = DdTricks::default();
//! for seat in Seat::ALL {
//!     for strain in Strain::STANDARD {
//!         table.set(seat, strain, 7);
//!     }
//! }
//! let par = ParResult { score: 90, contracts: vec![("1NT".parse().unwrap(), Seat::North)] };
//! let tags = analysis_tags(&table, Some(&par));
//! assert_eq!(tags[0].value, "77777777777777777777");
//! assert_eq!(tags[2].value, "NS +90");
//! assert_eq!(tags[3].value, "NS 1NT");
//! let mut file = PbnFile { games: vec![PbnGame::default()], trailer: vec![] };
//! set_tags(&mut file.games[0], tags);
//! assert_eq!(double_dummy_tricks(&file, 0).unwrap(), Some(table));
//! ```

use tenace_cards::{Seat, Strain};
use tenace_rules::Contract;

use crate::pbn_board::{DD_DECLARERS, DD_STRAINS, DdTricks};
use crate::pbn_file::{PbnGame, PbnTag, Section, Token};

/// The names of the tags [`analysis_tags`] builds, in the order it builds them.
pub const ANALYSIS_TAGS: [&str; 4] = [
    "DoubleDummyTricks",
    "OptimumResultTable",
    "OptimumScore",
    "ParContract",
];

/// The header of the `OptimumResultTable` written: three columns, the last two right
/// aligned in two characters.
pub const OPTIMUM_RESULT_HEADER: &str = "Declarer;Denomination\\2R;Result\\2R";

/// A deal's par as the caller found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParResult {
    /// North-South's score, negative when East-West score.
    pub score: i32,
    /// The par contracts and their declarers; empty when the deal is passed out.
    pub contracts: Vec<(Contract, Seat)>,
}

/// The analysis tags of a deal, in the order of [`ANALYSIS_TAGS`]: the two trick tags
/// when every cell of `table` is known (none of them otherwise), then `OptimumScore` and
/// `ParContract` when a par is given. See the module documentation for the spellings.
pub fn analysis_tags(table: &DdTricks, par: Option<&ParResult>) -> Vec<PbnTag> {
    let mut tags = Vec::with_capacity(4);
    let cells: Option<Vec<(Seat, Strain, u8)>> = DD_DECLARERS
        .iter()
        .flat_map(|&seat| DD_STRAINS.iter().map(move |&strain| (seat, strain)))
        .map(|(seat, strain)| Some((seat, strain, table.get(seat, strain)?.min(13))))
        .collect();
    if let Some(cells) = cells {
        let digits: String = cells
            .iter()
            .filter_map(|&(_, _, tricks)| char::from_digit(u32::from(tricks), 16))
            .collect();
        tags.push(PbnTag::new("DoubleDummyTricks", digits));
        let rows = cells
            .iter()
            .map(|&(seat, strain, tricks)| {
                vec![
                    Token::Word(seat.to_string()),
                    Token::Word(strain.to_string()),
                    Token::Word(tricks.to_string()),
                ]
            })
            .collect();
        let mut table_tag = PbnTag::new("OptimumResultTable", OPTIMUM_RESULT_HEADER);
        table_tag.section = Section::Rows(rows);
        tags.push(table_tag);
    }
    if let Some(par) = par {
        tags.push(PbnTag::new("OptimumScore", optimum_score(par.score)));
        tags.push(PbnTag::new("ParContract", par_contract(&par.contracts)));
    }
    tags
}

/// `OptimumScore`'s value: the side that gains and its score with a plus sign, `NS 0`
/// when neither does.
pub fn optimum_score(ns_score: i32) -> String {
    match ns_score {
        0 => "NS 0".to_string(),
        s if s > 0 => format!("NS +{s}"),
        s => format!("EW +{}", -i64::from(s)),
    }
}

/// `ParContract`'s value: each contract with its side, `; ` between them, a contract
/// that either partner of a side declares written once; `Pass` when there is none.
pub fn par_contract(contracts: &[(Contract, Seat)]) -> String {
    let mut parts: Vec<String> = Vec::new();
    for (contract, declarer) in contracts {
        let part = format!("{} {contract}", side(*declarer));
        if !parts.contains(&part) {
            parts.push(part);
        }
    }
    if parts.is_empty() {
        "Pass".to_string()
    } else {
        parts.join("; ")
    }
}

fn side(seat: Seat) -> &'static str {
    match seat {
        Seat::North | Seat::South => "NS",
        Seat::East | Seat::West => "EW",
    }
}

/// Puts `tags` into `game`: a tag replaces the game's first tag of the same name (value
/// and section, keeping its place; any later tags of that name are removed), and one the
/// game lacks is appended after its last tag.
pub fn set_tags(game: &mut PbnGame, tags: Vec<PbnTag>) {
    for tag in tags {
        match game.tags.iter().position(|t| t.name == tag.name) {
            Some(first) => {
                let name = tag.name.clone();
                let line = game.tags[first].line;
                game.tags[first] = PbnTag { line, ..tag };
                let mut index = 0;
                game.tags.retain(|t| {
                    let keep = index <= first || t.name != name;
                    index += 1;
                    keep
                });
            }
            None => game.tags.push(tag),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn_board::{double_dummy_tricks, optimum_result_table};
    use crate::pbn_file::{format_pbn_file, parse_pbn_file};
    use tenace_cards::Strain;

    fn table(seed: u8) -> DdTricks {
        let mut table = DdTricks::default();
        for (i, seat) in Seat::ALL.into_iter().enumerate() {
            for (j, strain) in Strain::STANDARD.into_iter().enumerate() {
                table.set(seat, strain, (seed + 3 * i as u8 + 5 * j as u8) % 14);
            }
        }
        table
    }

    #[test]
    fn written_tags_read_back_as_the_same_tricks() {
        for seed in 0..14 {
            let table = table(seed);
            let text = "[Board \"1\"]\n[DoubleDummyTricks \"00000000000000000000\"]\n\
                        [Deal \"N:- - - -\"]\n[OptimumScore \"NS 0\"]\n";
            let mut file = parse_pbn_file(text).unwrap();
            let par = ParResult {
                score: -100,
                contracts: vec![
                    ("5DX".parse().unwrap(), Seat::North),
                    ("5DX".parse().unwrap(), Seat::South),
                    ("4SX".parse().unwrap(), Seat::South),
                ],
            };
            set_tags(&mut file.games[0], analysis_tags(&table, Some(&par)));
            let written = format_pbn_file(&file);
            let back = parse_pbn_file(&written).unwrap();
            assert_eq!(double_dummy_tricks(&back, 0).unwrap(), Some(table));
            assert_eq!(optimum_result_table(&back, 0).unwrap(), Some(table));
            let game = &back.games[0];
            assert_eq!(game.value("OptimumScore"), Some("EW +100"));
            assert_eq!(game.value("ParContract"), Some("NS 5DX; NS 4SX"));
            // Replaced in place, not added a second time.
            let count = |name: &str| game.tags.iter().filter(|t| t.name == name).count();
            for name in ANALYSIS_TAGS {
                assert_eq!(count(name), 1, "{name}");
            }
        }
    }

    #[test]
    fn the_table_is_written_in_the_documented_order() {
        let tags = analysis_tags(&table(2), None);
        assert_eq!(tags.len(), 2);
        let Section::Rows(rows) = &tags[1].section else {
            panic!("a table has rows");
        };
        let labels: Vec<String> = rows
            .iter()
            .map(|row| match (&row[0], &row[1]) {
                (Token::Word(seat), Token::Word(strain)) => format!("{seat} {strain}"),
                _ => panic!("words"),
            })
            .collect();
        assert_eq!(labels.len(), 20);
        assert_eq!(&labels[..6], ["N NT", "N S", "N H", "N D", "N C", "S NT"]);
        assert_eq!(labels[19], "W C");
    }

    #[test]
    fn an_incomplete_table_writes_no_trick_tags() {
        let mut table = table(1);
        table = {
            let mut partial = DdTricks::default();
            for (seat, strain, tricks) in table.entries().skip(1) {
                partial.set(seat, strain, tricks);
            }
            partial
        };
        assert!(analysis_tags(&table, None).is_empty());
    }

    #[test]
    fn scores_and_contracts_are_spelled_as_documented() {
        assert_eq!(optimum_score(420), "NS +420");
        assert_eq!(optimum_score(-100), "EW +100");
        assert_eq!(optimum_score(0), "NS 0");
        assert_eq!(par_contract(&[]), "Pass");
        assert_eq!(
            par_contract(&[("3NT".parse().unwrap(), Seat::East)]),
            "EW 3NT"
        );
    }

    #[test]
    fn set_tags_appends_a_missing_tag_and_drops_repeats() {
        let mut game = PbnGame::default();
        game.tags.push(PbnTag::new("ParContract", "old"));
        game.tags.push(PbnTag::new("Board", "1"));
        game.tags.push(PbnTag::new("ParContract", "older"));
        set_tags(
            &mut game,
            vec![PbnTag::new("ParContract", "NS 4S"), PbnTag::new("X", "y")],
        );
        let names: Vec<(&str, &str)> = game
            .tags
            .iter()
            .map(|t| (t.name.as_str(), t.value.as_str()))
            .collect();
        assert_eq!(
            names,
            [("ParContract", "NS 4S"), ("Board", "1"), ("X", "y")]
        );
    }
}
