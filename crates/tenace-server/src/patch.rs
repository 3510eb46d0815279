//! Versioned view patches: a connection is sent its whole view on connecting and on
//! `hello`, and after that only what changed since the last view it was sent, as an
//! RFC 6902 JSON Patch (`docs/server-protocol.md`, `patch`).
//!
//! A table's change touches a few members of a view (the version, the deal, `legal`, a
//! seat's presence) and leaves the large ones alone (the finished deal's record, the
//! score sheet, the settings, the chat). So the two views are compared as the JSON text
//! serde_json wrote, split one level at a time only where the texts differ: nothing is
//! read into values, and an operation's value is the new view's own text. (Reading the
//! changed members into `serde_json::Value`s and writing them out again made the patches
//! cost the server some 40% more CPU than this in the load example.)
//!
//! The diff is this module's own rather than the `json-patch` crate's `diff`, which
//! compares arrays index by index (a card played from the middle of a hand rewrites every
//! card after it), turns a list that fills or empties into one operation per item, and
//! names the keys of the old view in its `remove`s. Measured over whole deals
//! (`tests/view_patches.rs`), this one's patches are the smaller; the crate applies them
//! in the tests and the load example, a check written apart from this code.
//!
//! A view comes in three parts ([`tenace_table::ViewParts`]): the viewer's own members,
//! their seat's and those every viewer shares. Each part is compared with the same part of
//! the last view sent, and a part's patch is worked out once a broadcast for everyone who
//! was sent the same old part and gets the same new one ([`Memo`]): the shared part's
//! once for the table, a seat's once for its viewers (all the spectators, say).
//!
//! Hidden information: a patch is only ever worked out between two views of one viewer,
//! the last one that viewer's connection was sent and the new one, both written by the
//! table's per-viewer view function, part by part. A part's patch shared with another
//! viewer goes between the same two parts for both, each of them in both viewers' views.
//! Its values, and the keys its paths name, all come from the new view (an object that
//! lost a key is replaced whole; array items are named by index), so a patch names
//! nothing that viewer's own whole view does not. Keep it so: never diff views or parts
//! of two viewers, nor write into a patch anything but the new view.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use tenace_cards::Player;
use tenace_table::{ViewParts, join_objects};

use crate::message;

/// A part of a view as it was sent (the viewer's own members, their seat's, or those
/// every viewer shares; see [`tenace_table::ViewParts`]): an object's JSON text and where
/// its members lie in it. The viewers of one seat are handed the same seat part, and
/// every viewer the same shared part, so its members are found once a version.
#[derive(Debug)]
pub struct Part {
    text: Arc<str>,
    /// Each member's key and value, as byte ranges of `text`, found when first needed;
    /// `None` when the text is not an object that can be split (the view is then always
    /// sent whole).
    members: OnceLock<Option<Vec<Member>>>,
}

/// A member of a JSON object's text: its key (without the quotes) and its value.
#[derive(Debug, Clone)]
struct Member {
    key: std::ops::Range<usize>,
    value: std::ops::Range<usize>,
}

impl Part {
    /// The part written as `text`, an object.
    pub fn new(text: Arc<str>) -> Part {
        Part {
            text,
            members: OnceLock::new(),
        }
    }

    /// Its members as (key, value) text. With `like`, the same part of an earlier view
    /// whose members are known, the text is split by them where it can be: a member whose
    /// text is the same in both (most are) is then compared, not scanned.
    fn member_texts(&self, like: Option<&Part>) -> Option<Vec<(&str, &str)>> {
        let members = self
            .members
            .get_or_init(|| {
                let guide = like.and_then(|l| Some((&*l.text, l.members.get()?.as_deref()?)));
                match guide {
                    Some((text, guide)) => members_like(&self.text, text, guide),
                    None => members(&self.text),
                }
            })
            .as_ref()?;
        Some(
            members
                .iter()
                .map(|m| (&self.text[m.key.clone()], &self.text[m.value.clone()]))
                .collect(),
        )
    }
}

/// A view as it was sent: the table version it shows and its three parts. A player's
/// connections that were sent the same one share it, as the base of their next patch.
#[derive(Debug)]
pub struct SentView {
    version: u64,
    own: Part,
    seat: Arc<Part>,
    shared: Arc<Part>,
}

impl SentView {
    /// The view of table version `version` in its parts: the viewer's `own`, their
    /// `seat`'s and the `shared` one.
    pub fn new(version: u64, own: Part, seat: Arc<Part>, shared: Arc<Part>) -> SentView {
        SentView {
            version,
            own,
            seat,
            shared,
        }
    }

    /// The view of table version `version` as one part, `text` (an object).
    #[cfg(test)]
    fn whole(version: u64, text: String) -> SentView {
        let empty = || Arc::new(Part::new("{}".into()));
        SentView::new(version, Part::new(text.into()), empty(), empty())
    }

    /// The whole view's text.
    fn text(&self) -> String {
        join_objects(&[&self.own.text, &self.seat.text, &self.shared.text])
    }

    /// The whole `view` message of it.
    pub fn full_message(&self) -> String {
        message::view_text(&self.text())
    }
}

/// The parts of one version's views as they are sent: each seat's part and the shared
/// one are made into a [`Part`] once, for every viewer handed them, so their members are
/// found once and [`Memo`] knows them for the same part.
#[derive(Default)]
pub struct VersionParts {
    seats: HashMap<Option<Player>, Arc<Part>>,
    shared: Option<Arc<Part>>,
}

impl VersionParts {
    /// The view of table version `version` that `parts` (one viewer's, from
    /// [`tenace_table::Views::parts_for`]) make, sharing the parts already made.
    pub fn view(&mut self, version: u64, parts: ViewParts) -> SentView {
        let seat = self
            .seats
            .entry(parts.seat_of)
            .or_insert_with(|| Arc::new(Part::new(parts.seat)));
        let shared = self
            .shared
            .get_or_insert_with(|| Arc::new(Part::new(parts.shared)));
        SentView::new(
            version,
            Part::new(parts.own),
            Arc::clone(seat),
            Arc::clone(shared),
        )
    }
}

/// The patches of parts worked out during one broadcast, by the two parts (the one last
/// sent, the new one) they go between: the shared part's patch is worked out once for
/// every connection that was sent the same last view, and a seat's once for its viewers.
/// It keeps the parts it has met, so no address it knows is taken by another part while
/// it lives.
#[derive(Default)]
pub struct Memo {
    ops: HashMap<(*const Part, *const Part), Option<String>>,
    met: Vec<Arc<Part>>,
}

impl Memo {
    /// The operations (JSON text, the array's items) from `old` to `new`.
    fn ops(&mut self, old: &Arc<Part>, new: &Arc<Part>) -> Option<String> {
        let key = (Arc::as_ptr(old), Arc::as_ptr(new));
        if let Some(ops) = self.ops.get(&key) {
            return ops.clone();
        }
        let ops = part_ops(old, new);
        self.met.extend([Arc::clone(old), Arc::clone(new)]);
        self.ops.insert(key, ops.clone());
        ops
    }
}

/// The operations (JSON text, the items of an array, possibly none) that bring the part
/// `old` to `new`; `None` when they cannot be compared.
fn part_ops(old: &Part, new: &Part) -> Option<String> {
    let (was, now) = (old.member_texts(None)?, new.member_texts(Some(old))?);
    diff_members(&was, &now)
}

/// The message that brings a connection from `base` (the last view it was sent, `None`
/// before its first) to `view`: a `patch` against `base`, or the whole `view` when there
/// is no base, when the patch would be no smaller, or when the texts cannot be compared.
/// `memo` keeps the parts' patches for the other connections of the same broadcast.
///
/// ```
/// use std::sync::Arc;
/// use serde_json::{Value, json};
/// use tenace_server::patch::{Memo, Part, SentView, message_from};
///
/// // A view in its three parts: the viewer's own, their seat's and the shared members.
/// let view = |version: u64, status: &str| {
///     let part = |value: Value| Part::new(value.to_string().into());
///     SentView::new(
///         version,
///         part(json!({"table": 3})),
///         Arc::new(part(json!({"legal": ["P", "1C"]}))),
///         Arc::new(part(json!({"version": version, "status": status, "chat": vec!["a line"; 20]}))),
///     )
/// };
/// let (first, second) = (view(1, "open"), view(2, "playing"));
/// let mut memo = Memo::default();
/// let read = |text: String| serde_json::from_str::<Value>(&text).unwrap();
/// // No view was sent yet: the whole view.
/// assert_eq!(read(message_from(None, &first, &mut memo))["type"], "view");
/// // Then what changed since the last view sent.
/// let patch = read(message_from(Some(&first), &second, &mut memo));
/// assert_eq!(patch["type"], "patch");
/// assert_eq!(patch["base"], 1);
/// assert_eq!(patch["patch"], json!([
///     {"op": "replace", "path": "/status", "value": "playing"},
///     {"op": "replace", "path": "/version", "value": 2},
/// ]));
/// ```
pub fn message_from(base: Option<&SentView>, view: &SentView, memo: &mut Memo) -> String {
    let Some(base) = base else {
        return view.full_message();
    };
    let ops = [
        part_ops(&base.own, &view.own),
        memo.ops(&base.seat, &view.seat),
        memo.ops(&base.shared, &view.shared),
    ];
    let Some(ops) = ops.into_iter().collect::<Option<Vec<String>>>() else {
        return view.full_message();
    };
    let mut all = String::with_capacity(ops.iter().map(|o| o.len() + 1).sum::<usize>() + 2);
    all.push('[');
    for op in ops.iter().filter(|op| !op.is_empty()) {
        if all.len() > 1 {
            all.push(',');
        }
        all.push_str(op);
    }
    all.push(']');
    let patch = message::patch_text(base.version, view.version, &all);
    let whole = view.text();
    if patch.len() < message::view_text_len(&whole) {
        patch
    } else {
        message::view_text(&whole)
    }
}

/// The RFC 6902 operations from an object to another, given as their members' (key,
/// value) texts as serde_json writes them, as JSON text (the items of an array, without
/// its brackets); `None` when `new` lacks a member `old` has (the views' members never
/// change).
fn diff_members(old: &[(&str, &str)], new: &[(&str, &str)]) -> Option<String> {
    if old
        .iter()
        .any(|(key, _)| !new.iter().any(|(k, _)| k == key))
    {
        return None;
    }
    let mut ops = Ops::default();
    let mut path = String::with_capacity(64);
    for &(key, text) in new {
        path.clear();
        path.push('/');
        push_token(&mut path, key);
        match old.iter().find(|(k, _)| *k == key) {
            Some(&(_, was)) => ops.diff(was, text, &mut path),
            None => ops.op("add", &path, Some(text)),
        }
    }
    Some(ops.text)
}

/// A JSON Pointer token (RFC 6901) appended to `path`: `~` as `~0`, `/` as `~1`.
fn push_token(path: &mut String, token: &str) {
    for c in token.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

/// Patch operations written out as JSON text, one after another.
#[derive(Default)]
struct Ops {
    text: String,
    count: usize,
}

impl Ops {
    /// The bytes [`op`](Self::op) writes.
    fn op_len(&self, op: &str, path: &str, value: Option<&str>) -> usize {
        usize::from(self.count > 0)
            + r#"{"op":"","path":""}"#.len()
            + op.len()
            + path.len()
            + value.map_or(0, |v| r#","value":"#.len() + v.len())
    }

    /// One operation; `value` is JSON text. A path is written as it is: its tokens are
    /// keys without escapes (see [`members`]), so nothing in it needs escaping in JSON.
    fn op(&mut self, op: &str, path: &str, value: Option<&str>) {
        if self.count > 0 {
            self.text.push(',');
        }
        self.count += 1;
        self.text.push_str(r#"{"op":""#);
        self.text.push_str(op);
        self.text.push_str(r#"","path":""#);
        self.text.push_str(path);
        self.text.push('"');
        if let Some(value) = value {
            self.text.push_str(r#","value":"#);
            self.text.push_str(value);
        }
        self.text.push('}');
    }

    /// The operations that turn the JSON text `old` into `new` at `path` (restored on
    /// return). Equal texts are equal values: both were written by serde_json from
    /// the same kind of value.
    ///
    /// Objects are compared key by key, but an object that lost a key is replaced whole,
    /// so no path names a key of the old view alone: every name in a patch is one the new
    /// view holds. Arrays keep their common start and end, so a card taken from the middle
    /// of a hand is one `remove` and an action added to a history one `add`. Wherever the
    /// operations for a value come out longer than replacing it, it is replaced.
    fn diff(&mut self, old: &str, new: &str, path: &mut String) {
        if old == new {
            return;
        }
        let (mark, count) = (self.text.len(), self.count);
        let depth = path.len();
        // The new text is split by the old one's parts: what is the same is compared,
        // not scanned again.
        let split = match (old.as_bytes().first(), new.as_bytes().first()) {
            (Some(b'{'), Some(b'{')) => members(old).and_then(|was| {
                let now = members_like(new, old, &was)?;
                let was = was.into_iter().map(|m| (&old[m.key], &old[m.value]));
                let now = now.into_iter().map(|m| (&new[m.key], &new[m.value]));
                Some(Shape::Object(was.collect(), now.collect()))
            }),
            // Items added at the end (an action to a history) are `add`s to `-`, the
            // array's end: neither array is split again.
            (Some(b'['), Some(b'[')) => match grown_array(new.as_bytes(), 0, old) {
                Some(comma) => scan_items(new, comma + 1, Vec::new()).map(Shape::Grown),
                None => elements(old).and_then(|was| {
                    let now = elements_like(new, &was)?;
                    Some(Shape::Array(was, now))
                }),
            },
            _ => None,
        };
        match split {
            Some(Shape::Object(was, now))
                if was.iter().all(|(k, _)| now.iter().any(|(key, _)| key == k)) =>
            {
                for &(key, value) in &now {
                    path.push('/');
                    push_token(path, key);
                    match was.iter().find(|(k, _)| *k == key) {
                        Some(&(_, before)) => self.diff(before, value, path),
                        None => self.op("add", path, Some(value)),
                    }
                    path.truncate(depth);
                }
            }
            Some(Shape::Grown(added)) => {
                path.push_str("/-");
                for value in added {
                    self.op("add", path, Some(value));
                }
                path.truncate(depth);
            }
            Some(Shape::Array(was, now)) => {
                let head = was.iter().zip(&now).take_while(|(a, b)| a == b).count();
                let tail = was[head..]
                    .iter()
                    .rev()
                    .zip(now[head..].iter().rev())
                    .take_while(|(a, b)| a == b)
                    .count();
                let (gone, fresh) = (&was[head..was.len() - tail], &now[head..now.len() - tail]);
                if gone.len() == fresh.len() {
                    for (i, (before, value)) in gone.iter().zip(fresh).enumerate() {
                        push_index(path, head + i);
                        self.diff(before, value, path);
                        path.truncate(depth);
                    }
                } else if gone.is_empty() {
                    for (i, value) in fresh.iter().enumerate() {
                        push_index(path, head + i);
                        self.op("add", path, Some(value));
                        path.truncate(depth);
                    }
                } else if fresh.is_empty() {
                    // Each removal moves the next one to the same index.
                    push_index(path, head);
                    for _ in gone {
                        self.op("remove", path, None);
                    }
                    path.truncate(depth);
                } else {
                    self.op("replace", path, Some(new));
                    return;
                }
            }
            _ => {
                self.op("replace", path, Some(new));
                return;
            }
        }
        if self.count - count > 1 {
            // Several operations: one `replace` may say it in fewer bytes.
            let written = self.count;
            self.count = count;
            if self.op_len("replace", path, Some(new)) < self.text.len() - mark {
                self.text.truncate(mark);
                self.op("replace", path, Some(new));
            } else {
                self.count = written;
            }
        }
    }
}

/// A JSON value's text split one level: an object's members or an array's items, or the
/// items added at the end of an array that only grew.
enum Shape<'a> {
    Object(Vec<(&'a str, &'a str)>, Vec<(&'a str, &'a str)>),
    Array(Vec<&'a str>, Vec<&'a str>),
    Grown(Vec<&'a str>),
}

/// An array index token appended to `path`.
fn push_index(path: &mut String, index: usize) {
    use std::fmt::Write;
    path.push('/');
    let _ = write!(path, "{index}");
}

/// The bytes of `text` from `i` on, past any whitespace.
fn skip_space(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    i
}

/// The members of a JSON object's text, each key (without its quotes) and value as byte
/// ranges, in order; `None` when the text is not an object or a key has an escape (the
/// views' keys are plain field names, seat names and card codes).
fn members(text: &str) -> Option<Vec<Member>> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(24);
    let mut i = skip_space(bytes, 0);
    if bytes.get(i) != Some(&b'{') {
        return None;
    }
    i = skip_space(bytes, i + 1);
    if bytes.get(i) == Some(&b'}') {
        return (skip_space(bytes, i + 1) == bytes.len()).then_some(out);
    }
    loop {
        if bytes.get(i) != Some(&b'"') {
            return None;
        }
        let key_start = i + 1;
        let key_len = bytes[key_start..].iter().position(|&b| b == b'"')?;
        let key = key_start..key_start + key_len;
        if bytes[key.clone()].contains(&b'\\') {
            return None;
        }
        i = skip_space(bytes, key.end + 1);
        if bytes.get(i) != Some(&b':') {
            return None;
        }
        let value_start = skip_space(bytes, i + 1);
        let mut value_end = value_end(bytes, value_start)?;
        let next = value_end;
        while value_end > value_start && bytes[value_end - 1].is_ascii_whitespace() {
            value_end -= 1;
        }
        // Every boundary found is an ASCII byte, so the ranges are whole characters.
        out.push(Member {
            key,
            value: value_start..value_end,
        });
        match bytes.get(next) {
            Some(b',') => i = skip_space(bytes, next + 1),
            Some(b'}') => return (skip_space(bytes, next + 1) == bytes.len()).then_some(out),
            _ => return None,
        }
    }
}

/// [`members`] of `text` (as serde_json writes it, no spaces), found by the members of
/// `old`, another view's text: where a member of `text` begins with the same key and
/// value as `old`'s, followed by `,` or `}`, it is that value (a JSON value is never the
/// start of another), and only the values that differ are scanned. Any other layout is
/// scanned whole.
fn members_like(text: &str, old: &str, guide: &[Member]) -> Option<Vec<Member>> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(guide.len());
    if bytes.first() != Some(&b'{') {
        return None;
    }
    let mut i = 1;
    for (n, g) in guide.iter().enumerate() {
        let key = &old[g.key.clone()];
        let key_range = i + 1..i + 1 + key.len();
        let value_start = key_range.end + 2;
        let same_key = bytes.get(i) == Some(&b'"')
            && text.get(key_range.clone()) == Some(key)
            && bytes.get(key_range.end..value_start) == Some(&b"\":"[..]);
        if !same_key {
            return members(text);
        }
        let was = &old[g.value.clone()];
        let same = text
            .get(value_start..)
            .is_some_and(|rest| rest.starts_with(was))
            && matches!(bytes.get(value_start + was.len()), Some(b',' | b'}'));
        let end = if same {
            value_start + was.len()
        } else if let Some(comma) = grown_array(bytes, value_start, was) {
            // A history one action longer: only the new action is scanned.
            value_end_at(bytes, comma + 1, 1)?
        } else {
            value_end(bytes, value_start)?
        };
        out.push(Member {
            key: key_range,
            value: value_start..end,
        });
        match bytes.get(end) {
            Some(b',') if n + 1 < guide.len() => i = end + 1,
            Some(b'}') if n + 1 == guide.len() && end + 1 == bytes.len() => return Some(out),
            _ => return members(text),
        }
    }
    members(text)
}

/// Whether the text from `start` is the array `was` with items added at its end (`[a,b]`
/// grown into `[a,b,c]`): then the byte of the `,` that ends `was`'s items there. `was`
/// must hold an item: `[]` has none for the new ones to follow.
fn grown_array(text: &[u8], start: usize, was: &str) -> Option<usize> {
    let was = was.as_bytes();
    if was.len() < 3 || was.first() != Some(&b'[') || was.last() != Some(&b']') {
        return None;
    }
    // `was` without its `]` ends with its last whole item, so a `,` after the same bytes
    // in the new text is a separator between items, never inside one.
    let items = &was[..was.len() - 1];
    let comma = start + items.len();
    (text.get(start..comma) == Some(items) && text.get(comma) == Some(&b',')).then_some(comma)
}

/// The items of a JSON array's text, in order; `None` when the text is not an array.
fn elements(text: &str) -> Option<Vec<&str>> {
    let bytes = text.as_bytes();
    let i = skip_space(bytes, 0);
    if bytes.get(i) != Some(&b'[') {
        return None;
    }
    scan_items(text, skip_space(bytes, i + 1), Vec::with_capacity(16))
}

/// `out` with the items of the array `text` from byte `i` on (an item's start, or the
/// closing `]` of an array with none yet), scanned one by one; `None` when the text is
/// not the rest of an array.
fn scan_items<'a>(text: &'a str, mut i: usize, mut out: Vec<&'a str>) -> Option<Vec<&'a str>> {
    let bytes = text.as_bytes();
    if out.is_empty() && bytes.get(i) == Some(&b']') {
        return (skip_space(bytes, i + 1) == bytes.len()).then_some(out);
    }
    loop {
        let end = value_end(bytes, i)?;
        out.push(text[i..end].trim_end());
        match bytes.get(end) {
            Some(b',') => i = skip_space(bytes, end + 1),
            Some(b']') => return (skip_space(bytes, end + 1) == bytes.len()).then_some(out),
            _ => return None,
        }
    }
}

/// [`elements`] of `text` (as serde_json writes it, no spaces), found by the items of
/// another array's text, `old`: the items at the start that are the same are compared, not
/// scanned, as in [`members_like`].
fn elements_like<'a>(text: &'a str, old: &[&str]) -> Option<Vec<&'a str>> {
    let bytes = text.as_bytes();
    if bytes.first() != Some(&b'[') {
        return None;
    }
    let mut out = Vec::with_capacity(old.len() + 4);
    let mut i = 1;
    for was in old {
        let end = i + was.len();
        let same = text.get(i..end) == Some(*was) && matches!(bytes.get(end), Some(b',' | b']'));
        if !same {
            break;
        }
        out.push(&text[i..end]);
        if bytes[end] == b']' {
            return if end + 1 == bytes.len() {
                Some(out)
            } else {
                elements(text)
            };
        }
        i = end + 1;
    }
    // The rest, scanned.
    scan_items(text, i, out)
}

/// Where the JSON value starting at `start` ends: the index of the `,`, `}` or `]` after
/// it at its container's own depth (strings skipped, escapes included).
fn value_end(bytes: &[u8], start: usize) -> Option<usize> {
    value_end_at(bytes, start, 0)
}

/// How many bytes of a string [`value_end_at`] looks through one by one before it
/// searches for the closing quote.
const SHORT_STRING: usize = 16;

/// [`value_end`] taken up at byte `i`, `depth` arrays or objects deep in the value:
/// where a value's start is known to be the same as another's, only the rest is scanned.
fn value_end_at(bytes: &[u8], i: usize, depth: usize) -> Option<usize> {
    let (mut i, mut depth) = (i, depth);
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                // To the closing quote, over escaped characters. Most strings of a view
                // are short (keys, card codes, seats): looked through byte by byte. Most
                // of its bytes are in a few long ones (the reasons): past the first few
                // bytes, skipped in one search.
                i += 1;
                let short_end = (i + SHORT_STRING).min(bytes.len());
                loop {
                    if i < short_end {
                        match bytes[i] {
                            b'"' => break,
                            b'\\' => i += 2,
                            _ => i += 1,
                        }
                        continue;
                    }
                    let at = memchr::memchr2(b'"', b'\\', bytes.get(i..)?)?;
                    i += at;
                    if bytes[i] == b'"' {
                        break;
                    }
                    i += 2;
                }
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' if depth == 0 => return Some(i),
            b'}' | b']' => depth -= 1,
            b',' if depth == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// [`diff_members`] between two objects' texts.
    fn diff_text(old: &str, new: &str) -> Option<String> {
        let (was, now) = (members(old)?, members(new)?);
        let was: Vec<(&str, &str)> = was
            .into_iter()
            .map(|m| (&old[m.key], &old[m.value]))
            .collect();
        let now: Vec<(&str, &str)> = now
            .into_iter()
            .map(|m| (&new[m.key], &new[m.value]))
            .collect();
        diff_members(&was, &now).map(|ops| format!("[{ops}]"))
    }

    /// [`members`] as (key, value) texts.
    fn member_texts(text: &str) -> Option<Vec<(&str, &str)>> {
        members(text).map(|found| {
            found
                .into_iter()
                .map(|m| (&text[m.key], &text[m.value]))
                .collect()
        })
    }

    fn apply(old: &Value, ops: &str) -> Value {
        let patch: json_patch::Patch = serde_json::from_str(ops).expect("a patch");
        let mut doc = old.clone();
        json_patch::patch(&mut doc, &patch).expect("the patch applies");
        doc
    }

    #[test]
    fn members_are_split_at_their_own_depth_only() {
        let text = r#"{"a":1,"b":{"c":[1,{"d":"},]\"{"}]},"e":"x,y}","f":null}"#;
        let found = member_texts(text).expect("an object");
        assert_eq!(
            found,
            vec![
                ("a", "1"),
                ("b", r#"{"c":[1,{"d":"},]\"{"}]}"#),
                ("e", r#""x,y}""#),
                ("f", "null")
            ]
        );
        assert_eq!(member_texts("{}"), Some(vec![]));
        assert_eq!(
            member_texts(r#" { "a" : [ 1 ] } "#),
            Some(vec![("a", "[ 1 ]")])
        );
        for bad in [
            "[1]",
            "null",
            r#"{"a":1"#,
            r#"{"a":1}x"#,
            r#"{"a\"b":1}"#,
            "",
        ] {
            assert_eq!(member_texts(bad), None, "{bad}");
        }
    }

    /// The patch between two values as members `x` of objects, checked to apply.
    fn ops_between(old: &Value, new: &Value) -> Value {
        let (old, new) = (json!({ "x": old }), json!({ "x": new }));
        let ops = diff_text(&old.to_string(), &new.to_string()).expect("two objects");
        assert_eq!(apply(&old, &ops), new, "{ops}");
        serde_json::from_str(&ops).expect("JSON")
    }

    #[test]
    fn a_patch_brings_the_old_view_to_the_new_and_leaves_equal_members_out() {
        let old = json!({"version": 4, "legal": ["SA", "SK"], "deal": {"hands": {"S": ["SA", "SK", "H2"]}},
                          "last_deal": {"big": "record"}});
        let new = json!({"version": 5, "legal": [], "deal": {"hands": {"S": ["SA", "H2"]}},
                          "last_deal": {"big": "record"}});
        let ops = diff_text(&old.to_string(), &new.to_string()).expect("two objects");
        assert_eq!(apply(&old, &ops), new);
        assert!(!ops.contains("last_deal"), "{ops}");
        // A member gone from the view (views keep theirs) is not patched: sent whole.
        let fewer = json!({"version": 5});
        assert_eq!(diff_text(&old.to_string(), &fewer.to_string()), None);
        assert_eq!(
            diff_text(&old.to_string(), &old.to_string()).as_deref(),
            Some("[]")
        );
    }

    #[test]
    fn arrays_keep_their_common_start_and_end() {
        let hand = json!(["SA", "SK", "S5", "HQ", "HJ", "D9", "C2"]);
        let played = json!(["SA", "SK", "HQ", "HJ", "D9", "C2"]);
        assert_eq!(
            ops_between(&hand, &played),
            json!([{"op": "remove", "path": "/x/2"}])
        );
        let call = |player: &str, action: &str| json!({"player": player, "action": action});
        let history = json!([
            call("N", "1C"),
            call("E", "P"),
            call("S", "1S"),
            call("W", "P")
        ]);
        let mut longer = history.clone();
        if let Some(calls) = longer.as_array_mut() {
            calls.extend([call("N", "2S"), call("E", "X")]);
        }
        // Actions added to a history are added at its end, `-`.
        assert_eq!(
            ops_between(&history, &longer),
            json!([{"op": "add", "path": "/x/-", "value": call("N", "2S")},
                   {"op": "add", "path": "/x/-", "value": call("E", "X")}])
        );
        // So too inside a deal, whose other members change beside it; and from an empty
        // history, which has no item to follow, item by item.
        let deal =
            |history: &Value, to_act: &str| json!({"history": history, "to_act": to_act, "z": [1]});
        assert_eq!(
            ops_between(&deal(&history, "N"), &deal(&longer, "W")),
            json!([{"op": "add", "path": "/x/history/-", "value": call("N", "2S")},
                   {"op": "add", "path": "/x/history/-", "value": call("E", "X")},
                   {"op": "replace", "path": "/x/to_act", "value": "W"}])
        );
        assert_eq!(
            ops_between(&json!([]), &json!([call("N", "1C")])),
            json!([{"op": "add", "path": "/x/0", "value": call("N", "1C")}])
        );
        // A last item that changed as others were added is no growth.
        let mut changed_end = longer.clone();
        changed_end[3] = call("W", "X");
        let ops = ops_between(&history, &changed_end);
        assert!(!ops.to_string().contains("/-"), "{ops}");
        assert_eq!(
            ops_between(&longer, &history),
            json!([{"op": "remove", "path": "/x/4"}, {"op": "remove", "path": "/x/4"}])
        );
        // Same length: item by item, into the items.
        let trick = json!([{"card": "SA", "by": "N"}, {"card": "S2", "by": "E"}]);
        let changed = json!([{"card": "SA", "by": "N"}, {"card": "S3", "by": "E"}]);
        assert_eq!(
            ops_between(&trick, &changed),
            json!([{"op": "replace", "path": "/x/1/card", "value": "S3"}])
        );
        // Different lengths with both sides changed, or a list filling at once: whole.
        for (old, new) in [
            (json!([1, 2, 3]), json!([4, 5])),
            (json!([]), json!(["SA", "SK", "SQ", "SJ", "ST", "S9"])),
            (json!(["SA", "SK", "SQ", "SJ", "ST", "S9"]), json!([])),
        ] {
            assert_eq!(
                ops_between(&old, &new),
                json!([{"op": "replace", "path": "/x", "value": new}])
            );
        }
    }

    #[test]
    fn an_object_that_lost_a_key_is_replaced_whole_so_no_old_key_is_named() {
        let old = json!({"SA": "follow suit", "SK": "follow suit", "n": 1});
        let new = json!({"SK": "follow suit", "n": 1});
        let ops = ops_between(&old, &new);
        assert_eq!(ops, json!([{"op": "replace", "path": "/x", "value": new}]));
        assert!(!ops.to_string().contains("SA"), "{ops}");
        // Keys gained are added, and a key with `/` or `~` is escaped.
        let ops = ops_between(&json!({"n": 1}), &json!({"n": 1, "a/b~": 2}));
        assert_eq!(ops, json!([{"op": "add", "path": "/x/a~1b~0", "value": 2}]));
    }

    #[test]
    fn random_values_patch_into_each_other() {
        // A small deterministic generator: nested objects and arrays of few kinds, so
        // common starts and ends, equal items and lost keys all occur.
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        fn value(next: &mut dyn FnMut(u64) -> u64, depth: u32) -> Value {
            match if depth == 0 { next(3) } else { next(5) } {
                0 => json!(next(4)),
                1 => json!(["SA", "x", "~/"][next(3) as usize]),
                2 => Value::Null,
                3 => Value::Array((0..next(5)).map(|_| value(next, depth - 1)).collect()),
                _ => Value::Object(
                    (0..next(4))
                        .map(|_| {
                            (
                                ["a", "b", "c/d", "e~"][next(4) as usize].to_string(),
                                value(next, depth - 1),
                            )
                        })
                        .collect(),
                ),
            }
        }
        for _ in 0..2000 {
            let old = value(&mut next, 3);
            let new = value(&mut next, 3);
            ops_between(&old, &new);
        }
        // A value changed a little at a time, each version a part patched from the one
        // before (the new side split by the old one's members): every patch is the one
        // the texts alone give, and brings the version before to the next.
        fn mutate(v: &Value, next: &mut dyn FnMut(u64) -> u64, depth: u32) -> Value {
            match v {
                _ if next(4) == 0 => value(next, depth),
                Value::Array(items) => {
                    let mut items: Vec<Value> = items
                        .iter()
                        .map(|i| mutate(i, next, depth.saturating_sub(1)))
                        .collect();
                    match next(3) {
                        0 => items.push(value(next, depth.saturating_sub(1))),
                        1 if !items.is_empty() => {
                            items.remove(next(items.len() as u64) as usize);
                        }
                        _ => {}
                    }
                    Value::Array(items)
                }
                Value::Object(members) => Value::Object(
                    members
                        .iter()
                        .map(|(k, m)| (k.clone(), mutate(m, next, depth.saturating_sub(1))))
                        .collect(),
                ),
                other => other.clone(),
            }
        }
        let mut versions = vec![json!({"x": value(&mut next, 4), "y": value(&mut next, 4)})];
        for _ in 0..1000 {
            let last = versions.last().expect("a version");
            let (x, y) = (
                mutate(&last["x"], &mut next, 4),
                mutate(&last["y"], &mut next, 4),
            );
            versions.push(json!({"x": x, "y": y}));
        }
        let parts: Vec<Part> = versions
            .iter()
            .map(|v| Part::new(v.to_string().into()))
            .collect();
        for (i, pair) in parts.windows(2).enumerate() {
            let ops = part_ops(&pair[0], &pair[1]).map(|ops| format!("[{ops}]"));
            let (old, new) = (&versions[i], &versions[i + 1]);
            assert_eq!(
                ops,
                diff_text(&old.to_string(), &new.to_string()),
                "{old} {new}"
            );
            assert_eq!(apply(old, ops.as_deref().expect("objects")), *new);
        }
    }

    #[test]
    fn members_found_by_another_views_are_the_members_scanned() {
        let old = r#"{"a":1,"b":[1,{"c":"x"}],"d":"long text","e":{}}"#;
        let guide = members(old).expect("an object");
        for new in [
            old,
            r#"{"a":12,"b":[1,{"c":"x"}],"d":"long text","e":{}}"#,
            r#"{"a":1,"b":[1,{"c":"x"},2],"d":"long","e":{"f":null}}"#,
            r#"{"a":1,"b":[1,{"c":"x"}],"d":"long text","e":{},"g":true}"#,
            r#"{"a":1,"b":[1,{"c":"x"}],"d":"long text"}"#,
            r#"{"b":[1,{"c":"x"}],"a":1,"d":"long text","e":{}}"#,
            r#"{ "a": 1, "b": [1], "d": "", "e": {} }"#,
            "[1]",
        ] {
            let found = |f: Option<Vec<Member>>| {
                f.map(|m| m.into_iter().map(|m| (m.key, m.value)).collect::<Vec<_>>())
            };
            assert_eq!(
                found(members_like(new, old, &guide)),
                found(members(new)),
                "{new}"
            );
        }
    }

    #[test]
    fn items_found_by_another_arrays_are_the_items_scanned() {
        let old = r#"[1,[2,3],{"a":"b"},"x,y]"]"#;
        let guide = elements(old).expect("an array");
        for new in [
            old,
            "[]",
            "[1]",
            "[12]",
            r#"[1,[2,3],{"a":"b"},"x,y]",4]"#,
            r#"[1,[2],{"a":"b"},"x,y]"]"#,
            r#"[0,1,[2,3],{"a":"b"},"x,y]"]"#,
        ] {
            assert_eq!(elements_like(new, &guide), elements(new), "{new}");
        }
        assert_eq!(elements_like("[1]", &[]), elements("[1]"));
        assert_eq!(elements_like("[]", &[]), Some(vec![]));
        assert_eq!(elements_like("{}", &guide), None);
    }

    #[test]
    fn a_connection_without_a_base_or_with_a_large_patch_gets_the_whole_view() {
        let memo = &mut Memo::default();
        let small = SentView::whole(3, r#"{"version":3,"a":[1,2,3]}"#.into());
        let next = SentView::whole(4, r#"{"version":4,"a":[1,2,3]}"#.into());
        let full = message_from(None, &next, memo);
        assert_eq!(full, next.full_message());
        // A view this small is cheaper whole than as a patch.
        assert_eq!(message_from(Some(&small), &next, memo), full);
        let padding = "x".repeat(500);
        let big = SentView::whole(3, format!(r#"{{"version":3,"pad":"{padding}"}}"#));
        let bigger = SentView::whole(4, format!(r#"{{"version":4,"pad":"{padding}"}}"#));
        let patch: Value =
            serde_json::from_str(&message_from(Some(&big), &bigger, memo)).expect("JSON");
        assert_eq!(
            patch,
            json!({"v": 1, "type": "patch", "base": 3, "version": 4,
                   "patch": [{"op": "replace", "path": "/version", "value": 4}]})
        );
        // Texts that are not objects are sent whole.
        let odd = SentView::whole(5, "null".into());
        assert_eq!(message_from(Some(&big), &odd, memo), odd.full_message());
    }

    /// A view in three parts: its patch is each part's, worked out once per pair of
    /// parts for every connection of a broadcast, and the whole view joins the parts.
    #[test]
    fn a_view_in_parts_patches_each_part_once_for_all_who_share_it() {
        let part = |text: &str| Arc::new(Part::new(text.into()));
        let padding = "x".repeat(300);
        let shared_3 = part(&format!(r#"{{"version":3,"chat":"{padding}"}}"#));
        let shared_4 = part(&format!(r#"{{"version":4,"chat":"{padding}"}}"#));
        let seat_3 = part(r#"{"deal":{"hand":["SA","HK"]},"legal":["SA","HK"]}"#);
        let seat_4 = part(r#"{"deal":{"hand":["HK"]},"legal":[]}"#);
        let own = || Part::new(r#"{"table":9,"viewer":{"seat":"N"}}"#.into());
        let base = SentView::new(3, own(), Arc::clone(&seat_3), Arc::clone(&shared_3));
        let view = SentView::new(4, own(), Arc::clone(&seat_4), Arc::clone(&shared_4));
        let whole: Value = serde_json::from_str(&view.text()).expect("an object");
        assert_eq!(whole["chat"], padding.as_str());
        assert_eq!(whole["deal"]["hand"], json!(["HK"]));
        assert_eq!(whole["table"], 9);

        let memo = &mut Memo::default();
        let message: Value =
            serde_json::from_str(&message_from(Some(&base), &view, memo)).expect("JSON");
        assert_eq!(message["type"], "patch");
        let old: Value = serde_json::from_str(&base.text()).expect("an object");
        let ops = serde_json::to_string(&message["patch"]).expect("JSON");
        assert_eq!(apply(&old, &ops), whole);
        assert_eq!(memo.ops.len(), 2, "the seat's and the shared part's");
        // Another viewer of the same seat and the same shared part: nothing new worked out.
        let other = SentView::new(3, own(), seat_3, shared_3);
        let again = message_from(Some(&other), &view, memo);
        assert_eq!(
            serde_json::from_str::<Value>(&again).expect("JSON"),
            message
        );
        assert_eq!(memo.ops.len(), 2);
    }
}
