//! The files `tenace play` reads and writes: a match resumed from its JSON record
//! (`--resume`), a PBN file's boards played in order (`--deals`), and the record saved
//! after every action (`--save`).

use std::path::Path;

use tenace_cards::Player;
use tenace_formats::pbn_board::setups_from_file;
use tenace_formats::pbn_file::parse_pbn_file;
use tenace_rules::bridge::{BridgeMatch, BridgeOptions, PreparedBoard};
use tenace_table::record::{Record, RecordMeta, Replayed, Scope};

use super::opponent::Level;
use super::table::PlayMatch;
use crate::commands::convert::read_text;

/// The match of a record written by `--save`, at the point it stopped.
pub fn resume(path: &Path) -> Result<PlayMatch, String> {
    let text = read_text(path).map_err(|e| format!("--resume: {e}"))?;
    let record = Record::from_json(&text).map_err(|e| format!("--resume: {e}"))?;
    match record.replay().map_err(|e| format!("--resume: {e}"))? {
        Replayed::Match(m) if m.is_over() => Err(format!(
            "--resume: the match in {} is over; there is nothing to continue",
            path.display()
        )),
        Replayed::Match(m) => Ok(*m),
        Replayed::Deals(_) => Err(format!(
            "--resume: {} holds deals read from another program's file, not a match; play its \
             boards with --deals on the PBN file",
            path.display()
        )),
    }
}

/// A duplicate match of a PBN file's boards, in the file's order, under `options` (the
/// game comes from the file: Contract Bridge, or Deuces Wild by its TenaceGame tag).
/// Every game must hold a full deal.
pub fn deals(path: &Path, options: Option<BridgeOptions>) -> Result<PlayMatch, String> {
    let text = read_text(path).map_err(|e| format!("--deals: {e}"))?;
    let file = parse_pbn_file(&text).map_err(|e| format!("--deals: {e}"))?;
    let mut variant = None;
    let mut boards = Vec::with_capacity(file.games.len());
    for (index, setup) in setups_from_file(&file).into_iter().enumerate() {
        let setup = setup.map_err(|e| format!("--deals: {e}"))?;
        if variant.is_some_and(|v| v != setup.variant) {
            return Err(format!(
                "--deals: PBN game {}: a {} game in a file of {} games; a match plays one game",
                index + 1,
                setup.variant.name(),
                variant.map_or("", |v: tenace_rules::bridge::BridgeVariant| v.name())
            ));
        }
        variant = Some(setup.variant);
        boards.push(PreparedBoard {
            hands: setup.hands,
            dealer: setup.dealer,
            vulnerability: setup.vulnerability,
        });
    }
    let variant = variant.ok_or_else(|| format!("--deals: {} holds no game", path.display()))?;
    let options = options.unwrap_or_default();
    BridgeMatch::with_boards(variant, options, boards)
        .map(PlayMatch::Bridge)
        .map_err(|e| format!("--deals: {e}"))
}

/// Writes the match's whole record, the deal in progress too, so `--resume` continues
/// it. The file is replaced at once (written beside it, then renamed): a crash leaves
/// the last record whole.
pub fn save(path: &Path, game: &PlayMatch, human: Player, level: Level) -> Result<(), String> {
    let players = (0..game.players())
        .map(|p| {
            Some(if p == human.index() {
                "you".to_string()
            } else {
                format!("tenace {level:?}").to_lowercase()
            })
        })
        .collect();
    let meta = RecordMeta {
        players,
        ..RecordMeta::default()
    };
    let text = game.record(&meta, Scope::Full).to_json();
    let partial = path.with_extension("json.partial");
    std::fs::write(&partial, text)
        .and_then(|()| std::fs::rename(&partial, path))
        .map_err(|e| format!("--save: cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tenace_rules::{GameConfig, Match};

    fn played(game: &str, actions: usize) -> PlayMatch {
        let config = GameConfig::from_json(game, &serde_json::Value::Null).unwrap();
        let mut m = PlayMatch::from_config(&config, 4).unwrap();
        for _ in 0..actions {
            let p = m.to_act().iter().next().expect("someone acts");
            let action = m.legal_actions(p)[0];
            m.try_apply(p, action).unwrap();
        }
        m
    }

    #[test]
    fn a_saved_match_resumes_where_it_stopped() {
        let dir = tempfile::tempdir().unwrap();
        for game in ["bridge", "five-crowns", "devils-bridge", "bridgette"] {
            let m = played(game, 37);
            let path = dir.path().join(format!("{game}.json"));
            save(&path, &m, Player(0), Level::Basic).unwrap();
            let resumed = resume(&path).unwrap();
            assert_eq!(resumed.history(), m.history(), "{game}");
            assert_eq!(resumed.observation(Player(0)), m.observation(Player(0)));
            assert!(!path.with_extension("json.partial").exists());
        }
    }

    #[test]
    fn what_cannot_be_resumed_is_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("over.json");
        let config = GameConfig::from_json("bridge", &serde_json::json!({"boards": 1})).unwrap();
        let mut m = PlayMatch::from_config(&config, 2).unwrap();
        while let Some(p) = m.to_act().iter().next() {
            let action = m.legal_actions(p)[0];
            m.try_apply(p, action).unwrap();
        }
        save(&path, &m, Player(2), Level::Expert).unwrap();
        assert!(resume(&path).unwrap_err().contains("is over"));
        std::fs::write(&path, "{").unwrap();
        assert!(resume(&path).unwrap_err().starts_with("--resume: record"));
        let missing = dir.path().join("missing.json");
        assert!(resume(&missing).unwrap_err().contains("cannot read"));
    }

    #[test]
    fn a_pbn_file_is_played_board_by_board() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/pbn/Schiphol.pbn");
        let file = parse_pbn_file(&read_text(&path).unwrap()).unwrap();
        let PlayMatch::Bridge(m) = deals(&path, None).unwrap() else {
            panic!("a bridge match")
        };
        assert_eq!(m.options().boards as usize, file.games.len());
        let first = tenace_formats::pbn_board::setup_from_game(&file, 0).unwrap();
        let deal = m.current().unwrap();
        assert_eq!(deal.setup().hands, first.hands);
        assert_eq!(deal.setup().dealer, first.dealer);
        assert_eq!(deal.setup().vulnerability, first.vulnerability);
        let bad = tempfile::tempdir().unwrap();
        let bad = bad.path().join("bad.pbn");
        std::fs::write(&bad, "[Deal \"N:AKQ\"]\n").unwrap();
        assert!(
            deals(&bad, None)
                .unwrap_err()
                .starts_with("--deals: PBN game 1, line 1, tag Deal")
        );
    }
}
