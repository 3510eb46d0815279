//! The hidden-information checker: which cards a frame's receiver may see at a moment of a
//! deal, worked out from the deal's public record alone, and a scan of the frame's text for
//! every other card.
//!
//! It shares no code with the server's views: it reads a finished deal's record (the
//! engine's state shape, every hand public then), attributes each played card to the hand
//! it came from by the seating order (in the partnership games a defender's card fixes the
//! trick's leader, so declarer's and dummy's cards are told apart), and puts back together
//! what each player held. The cards' names and the deck come from tenace-cards and the
//! actions are read by tenace-rules; neither knows anything of views.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;
use tenace_cards::{BySeat, Card, Deck, Player, Seat};
use tenace_rules::bridge::{BridgeDeal, BridgeSetup, BridgeVariant};
use tenace_rules::{Action, Game, Phase, Vulnerability};

/// Who receives a frame.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Receiver {
    /// The player in this seat, named as the game names it (`N`, `0`, …).
    Seat(String),
    /// Someone watching without a seat.
    Spectator,
}

/// One finished deal, rebuilt from its record.
#[derive(Debug, Clone)]
pub struct DealTruth {
    /// The game's name.
    pub game: String,
    /// Player names in seating order.
    pub players: Vec<String>,
    /// Every action of the deal in order, as `(player index, action)`.
    pub history: Vec<(usize, Action)>,
    /// What each player held at the deal (Bridgette: before the exchange).
    pub dealt: Vec<BTreeSet<Card>>,
    /// Bridgette: the cards each player drew in the exchange.
    pub drawn: Vec<BTreeSet<Card>>,
    /// Bridgette: the dealer, who draws after the non-dealer has discarded.
    pub dealer: usize,
    /// Cards face up for everyone from the start: Devil's Bridge's turned-up card,
    /// Bridgette's up-card.
    pub face_up: BTreeSet<Card>,
    /// The partnership games: dummy, once there is a contract.
    pub dummy: Option<usize>,
    /// Devil's Bridge: a blind hand, each card seen by all but its holder.
    pub blind: bool,
    /// Every card of the game's deck.
    pub deck: BTreeSet<Card>,
}

/// A card list of a record, `["SA", "HK"]`.
fn cards_of(value: &Value, what: &str) -> Result<BTreeSet<Card>, String> {
    let Some(list) = value.as_array() else {
        return Err(format!("{what}: not a card list: {value}"));
    };
    list.iter()
        .map(|c| {
            c.as_str()
                .and_then(|s| s.parse::<Card>().ok())
                .ok_or_else(|| format!("{what}: not a card: {c}"))
        })
        .collect()
}

/// The card an action puts on the table, if it names it.
fn card_played(action: &Action) -> Option<Card> {
    match action {
        Action::Card(c) => Some(*c),
        Action::NamedJoker(_) => Some(Card::JOKER),
        _ => None,
    }
}

impl DealTruth {
    /// Rebuilds a finished deal from its record (`{"game", "players", "hands", "history",
    /// …}`). `blind_cards` gives a Devil's Bridge blind hand's cards as the frames of the
    /// players allowed to see them showed them ([`blind_cards_from_frames`]): they stand in
    /// for a blind play a record keeps as `blind`, and must agree with a record that names
    /// the card played.
    pub fn from_record(
        record: &Value,
        blind_cards: Option<&BTreeMap<usize, Card>>,
    ) -> Result<DealTruth, String> {
        let game = record["game"]
            .as_str()
            .ok_or("record: no game")?
            .to_string();
        let players: Vec<String> = record["players"]
            .as_array()
            .ok_or("record: no players")?
            .iter()
            .filter_map(|p| p.as_str().map(String::from))
            .collect();
        let n = players.len();
        let index = |name: &str| -> Result<usize, String> {
            players
                .iter()
                .position(|p| p == name)
                .ok_or_else(|| format!("record: unknown player {name:?}"))
        };
        let history = record["history"]
            .as_array()
            .ok_or("record: no history")?
            .iter()
            .map(|m| {
                let player = index(m["player"].as_str().unwrap_or_default())?;
                let action = m["action"]
                    .as_str()
                    .and_then(|a| a.parse::<Action>().ok())
                    .ok_or_else(|| format!("record: bad action {m}"))?;
                Ok((player, action))
            })
            .collect::<Result<Vec<_>, String>>()?;
        let deck = match game.as_str() {
            "five-crowns" => Deck::FiveCrowns,
            "bridgette" => Deck::Bridgette,
            _ => Deck::Standard,
        }
        .cards()
        .iter()
        .collect::<BTreeSet<Card>>();
        // What is left in each hand when the deal ended (a claim leaves cards).
        let mut dealt = vec![BTreeSet::new(); n];
        if let Some(hands) = record["hands"].as_object() {
            for (name, list) in hands {
                dealt[index(name)?].extend(cards_of(list, "record hands")?);
            }
        }
        let declarer = match record["declarer"].as_str() {
            Some(d) => Some(index(d)?),
            None => None,
        };
        let partnership = matches!(game.as_str(), "bridge" | "deuces-wild" | "five-crowns");
        let dummy = declarer.filter(|_| partnership).map(|d| (d + 2) % 4);
        let blind = record["blind"].as_bool().unwrap_or(false);
        let plays: Vec<(usize, &Action)> = history
            .iter()
            .filter(|(_, a)| a.is_card_play())
            .map(|(p, a)| (*p, a))
            .collect();
        for (holder, action) in attribute(&plays, declarer.filter(|_| partnership), n)? {
            let shown = blind_cards.and_then(|cards| cards.get(&holder));
            let card = match (card_played(action), blind_cards) {
                (Some(card), _) if blind && shown.is_some_and(|&s| s != card) => {
                    return Err(format!(
                        "player {holder}'s blind card was shown to the others as {} but played as {card}",
                        shown.map_or(String::new(), Card::to_string)
                    ));
                }
                (Some(card), _) => card,
                (None, Some(cards)) => *cards
                    .get(&holder)
                    .ok_or_else(|| format!("no blind card known for player {holder}"))?,
                (None, None) => return Err("a blind play, and no blind cards given".into()),
            };
            dealt[holder].insert(card);
        }
        let mut drawn = vec![BTreeSet::new(); n];
        let mut face_up = BTreeSet::new();
        for key in ["trump", "upcard"] {
            if let Some(card) = record[key].as_str().and_then(|c| c.parse::<Card>().ok()) {
                face_up.insert(card);
            }
        }
        if game == "bridgette" {
            let exchange = &record["exchange"];
            for p in 0..n {
                let name = &players[p];
                let own_drawn = cards_of(&exchange["drawn"][name], "record exchange.drawn")?;
                let discards = cards_of(&exchange["discards"][name], "record exchange.discards")?;
                // The hand now and the cards played, with the discards put back and the
                // draws taken out, is the hand dealt.
                dealt[p].extend(discards);
                dealt[p] = &dealt[p] - &own_drawn;
                drawn[p] = own_drawn;
            }
        }
        let dealer = index(record["dealer"].as_str().ok_or("record: no dealer")?)?;
        let truth = DealTruth {
            game,
            players,
            history,
            dealt,
            drawn,
            dealer,
            face_up,
            dummy,
            blind,
            deck,
        };
        truth.check_partition()?;
        Ok(truth)
    }

    /// For a whole partnership deal: deals the rebuilt hands again through the engine
    /// and plays the record's history on them. Every action must be legal and the deal
    /// must end, or the hands were rebuilt wrong and the scan would test the wrong cards.
    pub fn replay_through_engine(&self, record: &Value) -> Result<(), String> {
        if !matches!(self.game.as_str(), "bridge" | "deuces-wild" | "five-crowns") {
            return Ok(());
        }
        replay_partnership(record, self)
    }

    /// The hands rebuilt must not overlap: a card attributed to two hands means the
    /// attribution (or the record) is wrong, and the checker would be blind.
    fn check_partition(&self) -> Result<(), String> {
        let mut seen = BTreeSet::new();
        for hand in self.dealt.iter().chain(&self.drawn).chain([&self.face_up]) {
            for card in hand {
                if !self.deck.contains(card) {
                    return Err(format!("{card} is not in the {} deck", self.game));
                }
                // Bridgette's non-dealer draws the up-card: it is both face up and drawn.
                if !seen.insert(*card) && !self.face_up.contains(card) {
                    return Err(format!("{card} rebuilt into two hands"));
                }
            }
        }
        Ok(())
    }

    /// Every card the receiver may see once the first `n` actions of the deal are made.
    pub fn allowed(
        &self,
        receiver: &Receiver,
        n: usize,
        spectators_see_all: bool,
    ) -> BTreeSet<Card> {
        let done = &self.history[..n.min(self.history.len())];
        if n >= self.history.len() && !self.history.is_empty() {
            // The deal is over: its record is public.
            return self.deck.clone();
        }
        let mut allowed = self.face_up.clone();
        for (p, action) in done {
            match (card_played(action), action) {
                (Some(card), _) => {
                    allowed.insert(card);
                }
                (None, Action::PlayBlind) => allowed.extend(self.dealt[*p].iter().copied()),
                _ => {}
            }
        }
        let lead_made = done.iter().any(|(_, a)| a.is_card_play());
        if let Some(dummy) = self.dummy.filter(|_| lead_made) {
            allowed.extend(self.dealt[dummy].iter().copied());
        }
        if self.blind {
            let seat = match receiver {
                Receiver::Seat(name) => self.players.iter().position(|p| p == name),
                Receiver::Spectator => None,
            };
            for (p, hand) in self.dealt.iter().enumerate() {
                if Some(p) != seat {
                    allowed.extend(hand.iter().copied());
                }
            }
        }
        match receiver {
            Receiver::Spectator if spectators_see_all => return self.deck.clone(),
            Receiver::Spectator => {}
            Receiver::Seat(name) => {
                let Some(p) = self.players.iter().position(|x| x == name) else {
                    return allowed;
                };
                if !self.blind {
                    allowed.extend(self.dealt[p].iter().copied());
                }
                // The dealer draws only once the non-dealer has discarded as many cards
                // as they drew (RULES.md §4.2).
                let non_dealer = (self.dealer + 1) % self.players.len();
                let discarded = done
                    .iter()
                    .filter(|(who, a)| *who == non_dealer && matches!(a, Action::Discard(_)))
                    .count();
                let drawn_yet = p != self.dealer || discarded >= self.drawn[non_dealer].len();
                if drawn_yet {
                    allowed.extend(self.drawn[p].iter().copied());
                }
            }
        }
        allowed
    }
}

/// The card each player holds in a blind hand, read from the hands shown to those who may
/// see them (in a blind hand everyone but the holder): every source must agree. `views`
/// are the `deal` objects of frames of that hand, each with who received it.
pub fn blind_cards_from_frames<'a>(
    views: impl IntoIterator<Item = (&'a Receiver, &'a Value)>,
) -> Result<BTreeMap<usize, Card>, String> {
    let mut cards: BTreeMap<usize, Card> = BTreeMap::new();
    for (receiver, deal) in views {
        let players: Vec<&str> = deal["players"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let Some(hands) = deal["hands"].as_object() else {
            continue;
        };
        for (name, list) in hands {
            if matches!(receiver, Receiver::Seat(s) if s == name) {
                continue;
            }
            let Some(p) = players.iter().position(|x| x == name) else {
                continue;
            };
            for card in cards_of(list, "blind hand")? {
                if let Some(old) = cards.insert(p, card).filter(|&old| old != card) {
                    return Err(format!("player {name} shown {old} and {card}"));
                }
            }
        }
    }
    Ok(cards)
}

/// See [`DealTruth::replay_through_engine`].
fn replay_partnership(record: &Value, truth: &DealTruth) -> Result<(), String> {
    let (variant, options) = BridgeVariant::parse_options(&truth.game, &record["options"])?;
    let vulnerability = record["vulnerability"]
        .as_str()
        .unwrap_or("None")
        .parse::<Vulnerability>()
        .map_err(|e| format!("record vulnerability: {e}"))?;
    let setup = BridgeSetup {
        variant,
        hands: BySeat::from_fn(|seat| truth.dealt[seat.index()].iter().copied().collect()),
        dealer: Seat::from_index(truth.dealer),
        vulnerability,
        options,
    };
    let mut deal = BridgeDeal::from_setup(setup).map_err(|e| format!("rebuilt deal: {e:?}"))?;
    for (i, (player, action)) in truth.history.iter().enumerate() {
        deal.try_apply(Player(*player as u8), *action)
            .map_err(|e| format!("replaying action {i} ({action}) on the rebuilt hands: {e}"))?;
    }
    match deal.phase() {
        Phase::Finished => Ok(()),
        phase => Err(format!("the rebuilt deal ends in {phase:?}, not finished")),
    }
}

/// Which seat each card play came from. In the partnership games declarer's entries hold
/// dummy's cards too: a trick's cards come from consecutive seats, and each full trick
/// has both defenders' cards, whose seats fix its leader.
fn attribute<'a>(
    plays: &[(usize, &'a Action)],
    declarer: Option<usize>,
    n: usize,
) -> Result<Vec<(usize, &'a Action)>, String> {
    let Some(declarer) = declarer else {
        return Ok(plays.to_vec());
    };
    let dummy = (declarer + 2) % n;
    let mut out = Vec::with_capacity(plays.len());
    for trick in plays.chunks(n) {
        let leader = trick
            .iter()
            .enumerate()
            .find(|(_, (p, _))| *p != declarer && *p != dummy)
            .map(|(i, (p, _))| (p + n - i % n) % n)
            .ok_or("a trick with no defender's card: its leader is unknown")?;
        for (i, (_, action)) in trick.iter().enumerate() {
            out.push(((leader + i) % n, *action));
        }
    }
    Ok(out)
}

/// The members of a view that are not scanned: the record of the deal before (public,
/// and dealt from the same deck) and the score sheet (whose lines name past hands'
/// turned-up cards).
const UNSCANNED: [&str; 2] = ["last_deal", "sheet"];

/// The frame's text that may be scanned against the current deal: a view without its
/// [`UNSCANNED`] members, a patch without the operations on them.
///
/// An error's worked example of the notation (`e.g. "discard S2"`, the same words
/// whatever the state) is left out too: it names a card as notation, not as news.
pub fn scannable(frame: &Value) -> String {
    let mut frame = frame.clone();
    if let Some(text) = frame["message"].as_str().map(without_examples) {
        frame["message"] = Value::from(text);
    }
    if let Some(view) = frame.get_mut("view").and_then(Value::as_object_mut) {
        for member in UNSCANNED {
            view.remove(member);
        }
    }
    if frame["type"] == "patch"
        && let Some(ops) = frame.get_mut("patch").and_then(Value::as_array_mut)
    {
        ops.retain(|op| {
            let path = op["path"].as_str().unwrap_or_default();
            let member = path.split('/').nth(1).unwrap_or_default();
            !UNSCANNED.contains(&member)
        });
    }
    frame.to_string()
}

/// `text` without its worked examples: `e.g. "…"` up to the closing quote, or `e.g. SA`
/// up to the end of the word.
fn without_examples(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("e.g. ") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 5..];
        rest = match after.strip_prefix('"') {
            Some(quoted) => quoted.find('"').map_or("", |end| &quoted[end + 1..]),
            None => {
                let end = after
                    .find(|c: char| !c.is_ascii_alphanumeric())
                    .unwrap_or(after.len());
                &after[end..]
            }
        };
    }
    out.push_str(rest);
    out
}

/// Every card of `deck` outside `allowed` whose name occurs in `text` as a token of its
/// own (`"SA"`, `discard SA`, and for the joker `JK` or a named joker such as `JKS`).
pub fn hidden_cards_in(text: &str, deck: &BTreeSet<Card>, allowed: &BTreeSet<Card>) -> Vec<Card> {
    deck.iter()
        .filter(|c| !allowed.contains(c))
        .filter(|c| contains_token(text, &c.to_string(), **c == Card::JOKER))
        .copied()
        .collect()
}

/// Whether `token` occurs in `text` with no letter or digit on either side (or, for a
/// prefix token, before it only).
fn contains_token(text: &str, token: &str, prefix: bool) -> bool {
    let bytes = text.as_bytes();
    text.match_indices(token).any(|(at, _)| {
        let before = at.checked_sub(1).map(|i| bytes[i]);
        let after = bytes.get(at + token.len()).copied();
        let apart = |b: Option<u8>| !b.is_some_and(|b| b.is_ascii_alphanumeric());
        apart(before) && (prefix || apart(after))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn bridge_record() -> Value {
        // North opens 1C, all pass: North declares, East leads, South is dummy. The
        // first trick: E D3, S (dummy, by N) D5, W DQ, N DK.
        json!({
            "game": "bridge", "players": ["N", "E", "S", "W"], "dealer": "N",
            "declarer": "N",
            "hands": {"N": ["SA"], "E": ["SK"], "S": ["SQ"], "W": ["SJ"]},
            "history": [
                {"player": "N", "action": "1C"}, {"player": "E", "action": "P"},
                {"player": "S", "action": "P"}, {"player": "W", "action": "P"},
                {"player": "E", "action": "D3"}, {"player": "N", "action": "D5"},
                {"player": "W", "action": "DQ"}, {"player": "N", "action": "DK"},
                {"player": "N", "action": "SA"}, {"player": "E", "action": "SK"},
                {"player": "N", "action": "SQ"}, {"player": "W", "action": "SJ"},
            ]
        })
    }

    #[test]
    fn dummy_cards_played_by_declarer_go_back_to_dummy() {
        let truth = DealTruth::from_record(&bridge_record(), None).expect("rebuilt");
        let card = |s: &str| s.parse::<Card>().expect("card");
        assert!(truth.dealt[2].contains(&card("D5")), "{:?}", truth.dealt);
        assert!(truth.dealt[0].contains(&card("DK")));
        let west_before_lead = truth.allowed(&Receiver::Seat("W".into()), 4, false);
        assert!(!west_before_lead.contains(&card("D5")));
        let west_after_lead = truth.allowed(&Receiver::Seat("W".into()), 5, false);
        assert!(
            west_after_lead.contains(&card("D5")),
            "dummy is public after the lead"
        );
        assert!(
            !west_after_lead.contains(&card("DK")),
            "declarer's hand is not"
        );
    }

    #[test]
    fn the_checker_catches_a_hidden_card_in_a_frame() {
        let truth = DealTruth::from_record(&bridge_record(), None).expect("rebuilt");
        let allowed = truth.allowed(&Receiver::Seat("E".into()), 0, false);
        let clean =
            json!({"v": 1, "type": "view", "view": {"deal": {"hands": {"E": ["D3", "SK"]}}}});
        assert!(hidden_cards_in(&scannable(&clean), &truth.deck, &allowed).is_empty());
        let leaky = json!({"v": 1, "type": "error", "message": "you do not hold it: N has DK"});
        let found = hidden_cards_in(&scannable(&leaky), &truth.deck, &allowed);
        assert_eq!(found, vec!["DK".parse::<Card>().expect("card")]);
        // A spectator may not see East's hand.
        let spectator = truth.allowed(&Receiver::Spectator, 0, false);
        assert!(!hidden_cards_in(&scannable(&clean), &truth.deck, &spectator).is_empty());
        // The record of the deal before and the sheet are not scanned against this deal.
        let old =
            json!({"view": {"last_deal": {"hands": {"N": ["DK"]}}, "sheet": {"trump": "DK"}}});
        assert!(hidden_cards_in(&scannable(&old), &truth.deck, &allowed).is_empty());
        // Nor are a patch's operations on them; its others are.
        let patch = json!({"v": 1, "type": "patch", "base": 4, "version": 5, "patch": [
            {"op": "replace", "path": "/last_deal", "value": {"hands": {"N": ["DK"]}}},
            {"op": "add", "path": "/sheet/boards/0", "value": {"trump": "DK"}},
            {"op": "add", "path": "/deal/hands/E/0", "value": "D3"}]});
        assert!(hidden_cards_in(&scannable(&patch), &truth.deck, &allowed).is_empty());
        let leaky = json!({"v": 1, "type": "patch", "base": 4, "version": 5, "patch": [
            {"op": "add", "path": "/deal/hands/N", "value": ["DK"]}]});
        let found = hidden_cards_in(&scannable(&leaky), &truth.deck, &allowed);
        assert_eq!(found, vec!["DK".parse::<Card>().expect("card")]);
    }

    #[test]
    fn a_worked_example_is_not_news_but_a_card_after_it_is() {
        let example =
            json!({"type": "error", "message": "discards, e.g. \"discard S2\", until 13"});
        assert!(!scannable(&example).contains("S2"));
        let leak = json!({"type": "error", "message": "e.g. \"discard S2\"; N holds SA"});
        assert!(scannable(&leak).contains("SA"));
        let bare = json!({"type": "error", "message": "name the card, e.g. SA; not HK"});
        let text = scannable(&bare);
        assert!(!text.contains("SA") && text.contains("HK"), "{text}");
    }

    #[test]
    fn a_blind_card_shown_as_one_card_and_played_as_another_is_caught() {
        let record = json!({
            "game": "devils-bridge", "players": ["0", "1", "2"], "dealer": "2",
            "blind": true, "trump": "C7", "hands": {"0": [], "1": [], "2": []},
            "history": [
                {"player": "0", "action": "0"}, {"player": "1", "action": "1"},
                {"player": "2", "action": "1"},
                {"player": "0", "action": "SA"}, {"player": "1", "action": "HK"},
                {"player": "2", "action": "D2"},
            ]
        });
        assert!(
            DealTruth::from_record(&record, None).is_ok(),
            "named plays rebuild alone"
        );
        let shown: BTreeMap<usize, Card> = [(0, "SK".parse().expect("card"))].into();
        let error = DealTruth::from_record(&record, Some(&shown)).expect_err("disagree");
        assert!(
            error.contains("shown to the others as SK but played as SA"),
            "{error}"
        );
    }

    #[test]
    fn tokens_stand_alone_and_the_joker_is_caught_named() {
        assert!(contains_token(r#"["SA","HK"]"#, "SA", false));
        assert!(contains_token("discard SA", "SA", false));
        assert!(!contains_token("SAMPLE", "SA", false));
        assert!(!contains_token("1SA", "SA", false));
        assert!(contains_token(r#""JKS""#, "JK", true));
    }

    #[test]
    fn a_blind_hand_hides_only_the_holders_own_card() {
        let record = json!({
            "game": "devils-bridge", "players": ["0", "1", "2"], "dealer": "2",
            "blind": true, "trump": "C7", "hands": {"0": [], "1": [], "2": []},
            "history": [
                {"player": "0", "action": "0"}, {"player": "1", "action": "1"},
                {"player": "2", "action": "1"},
                {"player": "0", "action": "blind"}, {"player": "1", "action": "blind"},
                {"player": "2", "action": "blind"},
            ]
        });
        let frames = [
            (
                Receiver::Seat("0".into()),
                json!({"players": ["0", "1", "2"], "hands": {"1": ["HK"], "2": ["D2"]}}),
            ),
            (
                Receiver::Spectator,
                json!({"players": ["0", "1", "2"], "hands": {"0": ["SA"], "1": ["HK"], "2": ["D2"]}}),
            ),
        ];
        let cards = blind_cards_from_frames(frames.iter().map(|(r, v)| (r, v))).expect("agree");
        let truth = DealTruth::from_record(&record, Some(&cards)).expect("rebuilt");
        let sa = "SA".parse::<Card>().expect("card");
        let zero = Receiver::Seat("0".into());
        assert!(!truth.allowed(&zero, 3, false).contains(&sa));
        assert!(
            truth.allowed(&zero, 4, false).contains(&sa),
            "public once played"
        );
        assert!(
            truth
                .allowed(&Receiver::Seat("1".into()), 0, false)
                .contains(&sa)
        );
        let leak = json!({"view": {"legal": ["SA"]}});
        assert_eq!(
            hidden_cards_in(
                &scannable(&leak),
                &truth.deck,
                &truth.allowed(&zero, 3, false)
            ),
            vec![sa]
        );
    }
}
