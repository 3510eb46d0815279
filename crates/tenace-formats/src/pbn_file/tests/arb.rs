//! Random PBN models for the round-trip property: awkward values, every kind of
//! Auction and Play token, tables, commentary and escape lines.

use proptest::prelude::*;

use super::super::*;

/// Printable text with quotes, backslashes and a non-ASCII letter.
fn arb_text(max: usize) -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!("[ -~é]{{0,{max}}}")).unwrap()
}

fn arb_comment() -> impl Strategy<Value = Token> {
    prop_oneof![
        proptest::string::string_regex("[ -|~\né]{0,12}")
            .unwrap()
            .prop_map(|t| Token::Comment(Comment::Brace(t))),
        arb_text(12).prop_map(|t| Token::Comment(Comment::Line(t))),
        arb_text(8).prop_map(Token::Escape),
    ]
}

fn arb_suffix() -> impl Strategy<Value = Suffix> {
    prop::sample::select(Suffix::ALL.to_vec())
}

fn arb_irregularity() -> impl Strategy<Value = Irregularity> {
    prop::sample::select(vec![
        Irregularity::Insufficient,
        Irregularity::Skipped,
        Irregularity::Revoke,
        Irregularity::LeadOutOfTurn,
    ])
}

fn arb_move(primary: BoxedStrategy<Token>) -> impl Strategy<Value = Token> {
    prop_oneof![
        6 => primary,
        1 => Just(Token::Dash),
        1 => Just(Token::End),
        1 => Just(Token::Continue),
        1 => (1u32..40).prop_map(Token::NoteRef),
        1 => (0u32..300).prop_map(Token::Nag),
        1 => arb_suffix().prop_map(Token::Suffix),
        1 => arb_irregularity().prop_map(Token::Irregularity),
        1 => prop::sample::select(vec!["zz", "P9", "1Z"]).prop_map(|w| Token::Word(w.into())),
        1 => arb_comment(),
    ]
}

fn arb_call() -> BoxedStrategy<Token> {
    let calls = vec!["Pass", "X", "XX", "1C", "2D", "3H", "4S", "7NT"];
    prop_oneof![
        prop::sample::select(calls).prop_map(|c| Token::Call(c.into())),
        Just(Token::AllPass),
    ]
    .boxed()
}

fn arb_card() -> BoxedStrategy<Token> {
    prop::sample::select(vec!["SA", "HT", "D2", "C9", "SK"])
        .prop_map(|c| Token::Card(c.into()))
        .boxed()
}

fn arb_row() -> impl Strategy<Value = Vec<Token>> {
    let element = prop_oneof![
        4 => proptest::string::string_regex("[A-Za-z0-9.+-]{1,6}").unwrap().prop_map(Token::Word),
        1 => arb_text(8).prop_map(Token::Text),
        1 => arb_comment(),
    ];
    prop::collection::vec(element, 1..7)
}

fn tag_with(name: &str, value: String, section: Section) -> PbnTag {
    PbnTag {
        name: name.into(),
        value,
        line: 0,
        section,
    }
}

fn arb_game() -> impl Strategy<Value = PbnGame> {
    let names = vec![
        "Event",
        "Site",
        "Board",
        "West",
        "Result",
        "Annotator",
        "HomeTeam",
        "Room",
        "Zeta",
        "Remark",
    ];
    let plain = prop::sample::subsequence(names, 0..6).prop_flat_map(|names| {
        let n = names.len();
        (
            Just(names),
            prop::collection::vec(arb_text(14), n),
            prop::collection::vec(prop::collection::vec(arb_row(), 0..2), n),
        )
    });
    let deals = vec![
        "N:AKQ.T98.765.5432 - - -",
        "e:akqj.t98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        "S:- - - -",
    ];
    (
        prop::collection::vec(arb_comment(), 0..2),
        plain,
        prop::option::of(prop::sample::select(vec!["N", "e", "S", "W"])),
        prop::option::of(prop::sample::select(deals)),
        prop::option::of(prop::collection::vec(arb_move(arb_call()), 0..14)),
        prop::option::of(prop::collection::vec(arb_move(arb_card()), 0..14)),
        0usize..3,
        prop::option::of(prop::collection::vec(arb_row(), 0..4)),
    )
        .prop_map(
            |(preamble, (names, values, rows), dealer, deal, auction, play, notes, table)| {
                let mut tags: Vec<PbnTag> = names
                    .iter()
                    .zip(values)
                    .zip(rows)
                    .map(|((name, value), rows)| tag_with(name, value, Section::Rows(rows)))
                    .collect();
                if let Some(dealer) = dealer {
                    tags.push(tag_with("Dealer", dealer.into(), Section::default()));
                }
                if let Some(deal) = deal {
                    tags.push(tag_with("Deal", deal.into(), Section::default()));
                }
                if let Some(calls) = auction {
                    tags.push(tag_with("Auction", "N".into(), Section::Moves(calls)));
                    for i in 1..=notes {
                        tags.push(tag_with(
                            "Note",
                            format!("{i}:a \"note\""),
                            Section::default(),
                        ));
                    }
                }
                if let Some(cards) = play {
                    tags.push(tag_with("Play", "e".into(), Section::Moves(cards)));
                }
                if let Some(rows) = table {
                    let value = r"Declarer;Denomination\2R;Result\2R".to_string();
                    tags.push(tag_with("OptimumResultTable", value, Section::Rows(rows)));
                }
                if tags.is_empty() {
                    tags.push(PbnTag::new("Board", "1"));
                }
                tags.reverse();
                PbnGame {
                    line: 0,
                    preamble,
                    tags,
                }
            },
        )
}

pub(super) fn arb_file() -> impl Strategy<Value = PbnFile> {
    (
        prop::collection::vec(arb_game(), 1..4),
        prop::collection::vec(arb_comment(), 0..2),
    )
        .prop_map(|(games, trailer)| PbnFile { games, trailer })
}
