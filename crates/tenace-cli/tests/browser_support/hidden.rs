//! The hidden-information check of a page: every WebSocket frame it received and every DOM
//! snapshot it showed names no card its viewer may not see at that moment.
//!
//! What may be seen is worked out by the server tests' independent checker (shared with
//! them, not copied), from each finished deal in full as the server's store holds it
//! (replayed from the table's log by the server tests' `truth` module: the public records
//! keep Bridgette's discards secret). The moment of a frame is the view it carries (or the view before it); the moment of a DOM snapshot is
//! the view of the version `#table[data-version]` showed. A card shows in the DOM by its
//! code (`data-card`, `data-action`, text) or by its name ("ace of spades").

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;
use tenace_cards::Card;

use super::{DomSnapshot, Frame, Page};

#[allow(dead_code)] // the browser tests use the checker's scan, not all of it
#[path = "../../../tenace-server/tests/prop_support/checker.rs"]
pub mod checker;

/// The full truth of a table's finished deals, replayed from the server's own store
/// (the public records keep Bridgette's exchange secret for good).
#[path = "../../../tenace-server/tests/prop_support/truth.rs"]
pub mod truth;

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

/// Where each view falls in its deal: `(deal number, actions made)`.
///
/// In the partnership games the view's `history` holds every action made, and is the
/// count: a claim the opponents rejected is an event that makes none. Elsewhere the
/// history leaves out what its viewer may not see (a Bridgette opponent's face-down
/// discards), so the count comes from the table's version: every event of such a deal
/// is an action (these tables neither chat nor undo), and a deal that ended at version
/// `end` with `len` actions had made `len - (end - v)` of them at version `v`. A deal
/// ends at the first version whose view shows it finished or shows a later deal.
///
/// An undo is beyond both: the actions it took back are in no record to check against.
struct Moments {
    /// Deal number → (the version that ended it, its number of actions).
    ends: BTreeMap<u64, (u64, usize)>,
}

impl Moments {
    fn new(frames: &[Frame], records: &[Value]) -> Moments {
        let views: Vec<&Value> = frames
            .iter()
            .filter(|f| !f.sent && f.json["type"] == "view")
            .map(|f| &f.json["view"])
            .collect();
        let mut ends = BTreeMap::new();
        for deal in records {
            let (Some(number), Some(len)) = (
                deal["number"].as_u64(),
                deal["record"]["history"].as_array().map(Vec::len),
            ) else {
                continue;
            };
            let end = views
                .iter()
                .filter(|v| {
                    let shown = v["deal_number"].as_u64().unwrap_or(0);
                    shown > number || (shown == number && v["deal"]["phase"] == "finished")
                })
                .filter_map(|v| v["version"].as_u64())
                .min();
            if let Some(end) = end {
                ends.insert(number, (end, len));
            }
        }
        Moments { ends }
    }

    /// A view's moment, when its deal has ended.
    fn of(&self, view: &Value) -> Option<(u64, usize)> {
        let number = view["deal_number"].as_u64()?;
        let version = view["version"].as_u64()?;
        let (end, len) = *self.ends.get(&number)?;
        let whole = matches!(
            view["game"].as_str(),
            Some("bridge" | "deuces-wild" | "five-crowns")
        );
        let made = match view["deal"]["history"].as_array() {
            Some(history) if whole && version < end => history.len().min(len),
            _ => len.checked_sub(usize::try_from(end.checked_sub(version)?).ok()?)?,
        };
        Some((number, made))
    }
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

/// Checks a page's frames and DOM snapshots against the finished deals in full
/// ([`truth::full_records`]). Frames and snapshots of a deal not finished yet
/// (a series goes on to its next deal) are not checked: its truth is not public yet.
pub fn check_page(page: &Page, records: &Value) -> Result<Report, String> {
    check(&page.label, &page.frames, &page.snapshots, records)
}

/// [`check_page`] with what a page kept, given apart (so a test can plant a card).
pub fn check(
    label: &str,
    frames: &[Frame],
    snapshots: &[DomSnapshot],
    records: &Value,
) -> Result<Report, String> {
    let deals = records["deals"].as_array().cloned().unwrap_or_default();
    let mut truths: BTreeMap<u64, DealTruth> = BTreeMap::new();
    for deal in &deals {
        let number = deal["number"].as_u64().ok_or("a record has no number")?;
        let record = &deal["record"];
        let blind = if record["blind"] == true {
            let shown = frames.iter().filter_map(|f| {
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
    let moments = Moments::new(frames, &deals);
    let mut report = Report::default();
    // The commands the page sent, by id: an answer may repeat the cards one named.
    let mut sent_by_id: BTreeMap<&str, &str> = BTreeMap::new();
    let mut current: Option<(Receiver, u64, usize)> = None;
    for frame in frames {
        if frame.sent {
            if let Some(id) = frame.json["id"].as_str() {
                sent_by_id.insert(id, &frame.text);
            }
            continue;
        }
        if frame.json["type"] == "view" {
            let view = &frame.json["view"];
            current = moments
                .of(view)
                .map(|(n, made)| (receiver_of(view), n, made));
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
                label,
                hidden.iter().map(Card::to_string).collect::<Vec<_>>(),
                cut(&frame.text)
            ));
        }
    }
    for snapshot in snapshots {
        let Some(view) = view_at(frames, snapshot.version) else {
            continue;
        };
        let Some((number, made)) = moments.of(view) else {
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
                label,
                snapshot.version,
                hidden.iter().map(Card::to_string).collect::<Vec<_>>(),
            ));
        }
    }
    Ok(report)
}

/// The last view received with this version.
fn view_at(frames: &[Frame], version: u64) -> Option<&Value> {
    frames
        .iter()
        .rev()
        .find(|f| !f.sent && f.json["type"] == "view" && f.json["view"]["version"] == version)
        .map(|f| &f.json["view"])
}

/// The check must see a leak: a hidden card's name planted in a DOM snapshot of a deal in
/// progress, and its code in a frame, are each found. An error says what was missed.
pub fn catches_planted_cards(page: &Page, records: &Value) -> Result<(), String> {
    let deals = records["deals"].as_array().cloned().unwrap_or_default();
    let moments = Moments::new(&page.frames, &deals);
    let first = deals.first().ok_or("no finished deal")?;
    let truth = DealTruth::from_record(&first["record"], None)
        .map_err(|e| format!("deal 1's record: {e}"))?;
    let number = first["number"].as_u64().unwrap_or(1);
    // A snapshot of that deal before its end, and a card its viewer may not see then.
    let spot = page.snapshots.iter().position(|s| {
        view_at(&page.frames, s.version)
            .and_then(|v| moments.of(v))
            .is_some_and(|(n, made)| n == number && made < truth.history.len())
    });
    let Some(spot) = spot else {
        return Err(format!(
            "{}: no DOM snapshot of deal {number} in progress to plant a card in",
            page.label
        ));
    };
    let view = view_at(&page.frames, page.snapshots[spot].version).ok_or("no view")?;
    let (_, made) = moments.of(view).ok_or("no moment")?;
    let allowed = truth.allowed(&receiver_of(view), made, false);
    let hidden = *truth
        .deck
        .iter()
        .find(|c| !allowed.contains(c))
        .ok_or("no hidden card mid-deal")?;
    let mut snapshots = page.snapshots.clone();
    snapshots[spot]
        .text
        .push_str(&format!("\nhe holds the {}", card_name(hidden)));
    let planted = check(&page.label, &page.frames, &snapshots, records)?;
    if planted.leaks.is_empty() {
        return Err(format!(
            "{}: the name of {hidden} planted in the DOM was not caught",
            page.label
        ));
    }
    let mut frames = page.frames.clone();
    let at = frames
        .iter()
        .position(|f| !f.sent && f.json["view"]["version"] == view["version"])
        .ok_or("no frame of that version")?;
    frames[at].json["view"]["chat"] = serde_json::json!([{"text": format!("I hold {hidden}")}]);
    let planted = check(&page.label, &frames, &page.snapshots, records)?;
    if planted.leaks.is_empty() {
        return Err(format!(
            "{}: {hidden} planted in a frame was not caught",
            page.label
        ));
    }
    Ok(())
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
