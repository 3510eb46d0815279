//! The hidden-information check of a page: every WebSocket frame it received and every DOM
//! snapshot it showed names no card its viewer may not see at that moment.
//!
//! What may be seen is worked out by the server tests' independent checker (shared with
//! them, not copied), from the deal's public record once the deal is over. The moment of a
//! frame is the view it carries (or the view before it); the moment of a DOM snapshot is
//! the view of the version `#table[data-version]` showed. A card shows in the DOM by its
//! code (`data-card`, `data-action`, text) or by its name ("ace of spades").

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;
use tenace_cards::Card;

use super::Page;

#[allow(dead_code)] // the browser tests use the checker's scan, not all of it
#[path = "../../../tenace-server/tests/prop_support/checker.rs"]
pub mod checker;

use checker::{DealTruth, Receiver};

/// A card's name as a person reads it ("ace of spades", "the joker", "the grand colon"),
/// written here from RULES.md's names rather than taken from the page.
pub fn card_name(card: Card) -> String {
    let code = card.to_string();
    match code.as_str() {
        "JK" => return "joker".into(),
        "GC" => return "grand colon".into(),
        "RC" => return "royal colon".into(),
        "LC" => return "little colon".into(),
        _ => {}
    }
    let mut chars = code.chars();
    let suit = match chars.next() {
        Some('S') => "spades",
        Some('H') => "hearts",
        Some('D') => "diamonds",
        Some('C') => "clubs",
        Some('R') => "stars",
        _ => return code,
    };
    let rank = match chars.as_str() {
        "A" => "ace",
        "K" => "king",
        "Q" => "queen",
        "J" => "jack",
        "T" => "ten",
        "9" => "nine",
        "8" => "eight",
        "7" => "seven",
        "6" => "six",
        "5" => "five",
        "4" => "four",
        "3" => "three",
        "2" => "two",
        other => other,
    };
    format!("{rank} of {suit}")
}

/// The hidden cards a DOM text names, by code or by name.
fn hidden_in_dom(text: &str, deck: &BTreeSet<Card>, allowed: &BTreeSet<Card>) -> Vec<Card> {
    let lower = text.to_lowercase();
    let mut found: BTreeSet<Card> = checker::hidden_cards_in(text, deck, allowed)
        .into_iter()
        .collect();
    for card in deck.iter().filter(|c| !allowed.contains(c)) {
        let name = card_name(*card);
        let named = lower.match_indices(&name).any(|(at, _)| {
            // "joker" in "the joker as the two of spades" names the joker; a name must
            // stand as words.
            let before = lower[..at].chars().next_back();
            let after = lower[at + name.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        });
        if named {
            found.insert(*card);
        }
    }
    found.into_iter().collect()
}

/// Who a view is for.
fn receiver_of(view: &Value) -> Receiver {
    match view["viewer"]["seat"].as_str() {
        Some(seat) => Receiver::Seat(seat.to_string()),
        None => Receiver::Spectator,
    }
}

/// A view's moment: the deal's number and how many of its actions are made.
fn moment_of(view: &Value) -> Option<(u64, usize)> {
    let number = view["deal_number"].as_u64()?;
    let made = view["deal"]["history"].as_array()?.len();
    Some((number, made))
}

/// What the check covered and found.
#[derive(Debug, Default)]
pub struct Report {
    /// Frames scanned against a finished deal's truth.
    pub frames_checked: usize,
    /// DOM snapshots scanned.
    pub snapshots_checked: usize,
    /// Leaks, described.
    pub leaks: Vec<String>,
}

/// Checks a page's frames and DOM snapshots against the records of the finished deals
/// (`GET /api/tables/{id}/records`). Frames and snapshots of a deal not finished yet
/// (a series goes on to its next deal) are not checked: its truth is not public yet.
pub fn check_page(page: &Page, records: &Value) -> Result<Report, String> {
    let deals = records["deals"].as_array().cloned().unwrap_or_default();
    let mut truths: BTreeMap<u64, DealTruth> = BTreeMap::new();
    for deal in &deals {
        let number = deal["number"].as_u64().ok_or("a record has no number")?;
        let record = &deal["record"];
        let blind = if record["blind"] == true {
            let shown = page.frames.iter().filter_map(|f| {
                let view = &f.json["view"];
                let live = view["deal_number"] == number && view["deal"]["phase"] != "finished";
                (f.json["type"] == "view" && live).then(|| (receiver_of(view), &view["deal"]))
            });
            let shown: Vec<(Receiver, &Value)> = shown.collect();
            Some(checker::blind_cards_from_frames(
                shown.iter().map(|(r, v)| (r, *v)),
            )?)
        } else {
            None
        };
        let truth = DealTruth::from_record(record, blind.as_ref())
            .map_err(|e| format!("deal {number}'s record: {e}"))?;
        truths.insert(number, truth);
    }
    let mut report = Report::default();
    // The commands the page sent, by id: an answer may repeat the cards one named.
    let mut sent_by_id: BTreeMap<&str, &str> = BTreeMap::new();
    let mut current: Option<(Receiver, u64, usize)> = None;
    for frame in &page.frames {
        if frame.sent {
            if let Some(id) = frame.json["id"].as_str() {
                sent_by_id.insert(id, &frame.text);
            }
            continue;
        }
        if frame.json["type"] == "view" {
            let view = &frame.json["view"];
            current = moment_of(view).map(|(n, made)| (receiver_of(view), n, made));
        }
        let Some((receiver, number, made)) = &current else {
            continue;
        };
        let Some(truth) = truths.get(number) else {
            continue;
        };
        let mut allowed = truth.allowed(receiver, *made, false);
        if let Some(command) = frame.json["id"].as_str().and_then(|id| sent_by_id.get(id)) {
            allowed.extend(checker::hidden_cards_in(
                command,
                &truth.deck,
                &BTreeSet::new(),
            ));
        }
        report.frames_checked += 1;
        let hidden =
            checker::hidden_cards_in(&checker::scannable(&frame.json), &truth.deck, &allowed);
        if !hidden.is_empty() {
            report.leaks.push(format!(
                "{}: a frame received by {receiver:?} in deal {number} after {made} actions names {:?}: {}",
                page.label,
                hidden.iter().map(Card::to_string).collect::<Vec<_>>(),
                cut(&frame.text)
            ));
        }
    }
    for snapshot in &page.snapshots {
        let Some(view) = page.view_at(snapshot.version) else {
            continue;
        };
        let Some((number, made)) = moment_of(view) else {
            continue;
        };
        let Some(truth) = truths.get(&number) else {
            continue;
        };
        let receiver = receiver_of(view);
        let allowed = truth.allowed(&receiver, made, false);
        report.snapshots_checked += 1;
        let hidden = hidden_in_dom(&snapshot.text, &truth.deck, &allowed);
        if !hidden.is_empty() {
            report.leaks.push(format!(
                "{}: the DOM shown to {receiver:?} at version {} (deal {number}, {made} actions in) names {:?}",
                page.label,
                snapshot.version,
                hidden.iter().map(Card::to_string).collect::<Vec<_>>(),
            ));
        }
    }
    Ok(report)
}

/// A long frame cut for a message.
fn cut(text: &str) -> String {
    if text.len() <= 600 {
        return text.to_string();
    }
    let mut end = 600;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(list: &[&str]) -> BTreeSet<Card> {
        list.iter().map(|c| c.parse().expect("a card")).collect()
    }

    #[test]
    fn names_are_read_as_words() {
        let deck = cards(&["SA", "HT", "JK", "GC", "R9"]);
        let allowed = cards(&["SA"]);
        let text = "Your hand: ace of spades\nten of hearts\nthe grand colon";
        let found = hidden_in_dom(text, &deck, &allowed);
        assert_eq!(found, vec!["HT".parse().unwrap(), Card::GRAND_COLON]);
        assert!(hidden_in_dom("nine of starsky", &deck, &allowed).is_empty());
        assert_eq!(
            hidden_in_dom("data-card\nR9", &deck, &allowed),
            vec!["R9".parse::<Card>().unwrap()]
        );
        assert_eq!(card_name("R9".parse().unwrap()), "nine of stars");
    }
}
