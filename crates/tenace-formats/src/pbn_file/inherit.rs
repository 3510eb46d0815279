//! Tag value inheritance (PBN 2.1 section 4.8).

use std::collections::HashMap;

use super::{PbnFile, PbnGame, PbnTag};

/// The tags of game `index` (0-based) as `(name, value)` with inheritance resolved, or
/// `None` past the last game. The rules of PBN 2.1 section 4.8:
///
/// - `#` takes the value of the same tag in the nearest previous game that has it
///   (itself resolved), or `""` if no previous game has it;
/// - `##text` gives `text`, here and in every later game that leaves the tag out; a later
///   plain value redefines it, for that game and those after it (the standard's example:
///   a `Date` given with `##` at the top, redefined mid-file for the next day's boards).
///
/// A tag a game leaves out but inherits through `##` comes after the game's own tags, in
/// the order the `##` tags first appeared.
///
/// ```
/// use tenace_formats::pbn_file::{parse_pbn_file, resolve_game_tags};
///
/// let text = "[Event \"##Club night\"]\n[Board \"1\"]\n\n[Board \"2\"]\n[Site \"#\"]\n";
/// let file = parse_pbn_file(text)?;
/// let tags = resolve_game_tags(&file, 1).unwrap();
/// assert_eq!(tags, [
///     ("Board".to_string(), "2".to_string()),
///     ("Site".to_string(), String::new()),
///     ("Event".to_string(), "Club night".to_string()),
/// ]);
/// # Ok::<(), tenace_formats::pbn_file::PbnFileError>(())
/// ```
pub fn resolve_game_tags(file: &PbnFile, index: usize) -> Option<Vec<(String, String)>> {
    let game = file.games.get(index)?;
    let mut state = Inheritance::default();
    for earlier in &file.games[..index] {
        state.resolve(earlier);
    }
    Some(state.resolve(game))
}

/// What earlier games leave for later ones.
#[derive(Debug, Default)]
pub(super) struct Inheritance {
    /// Each tag's resolved value in the nearest game that had it.
    last: HashMap<String, String>,
    /// Tags given with `##`, and their current value, in first-appearance order.
    sticky: Vec<(String, String)>,
}

impl Inheritance {
    /// The game's tags resolved; remembers them for the games after it.
    pub(super) fn resolve(&mut self, game: &PbnGame) -> Vec<(String, String)> {
        let mut tags: Vec<(String, String)> = game
            .tags
            .iter()
            .map(|tag| (tag.name.clone(), self.value(tag)))
            .collect();
        for (name, value) in &self.sticky {
            if game.tag(name).is_none() {
                tags.push((name.clone(), value.clone()));
            }
        }
        for (name, value) in &tags {
            self.last.insert(name.clone(), value.clone());
        }
        tags
    }

    fn value(&mut self, tag: &PbnTag) -> String {
        let value = if tag.value == "#" {
            self.last.get(&tag.name).cloned().unwrap_or_default()
        } else if let Some(text) = tag.value.strip_prefix("##") {
            if !self.sticky.iter().any(|(name, _)| *name == tag.name) {
                self.sticky.push((tag.name.clone(), String::new()));
            }
            text.to_string()
        } else {
            tag.value.clone()
        };
        if let Some(slot) = self.sticky.iter_mut().find(|(name, _)| *name == tag.name) {
            slot.1.clone_from(&value);
        }
        value
    }
}
