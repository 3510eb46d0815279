//! Undo at a duplicate table compared with the computer players' table: allowed only
//! before the next action. The other table takes nothing back, so an undo that had seen
//! someone else's call or card would change the comparison. At a table not compared, an
//! undo still takes back the next actions with it (with the computer players' consent).

use serde_json::{Value, json};
use tenace_table::{Actor, Command, MatchKind, Settings, Table, TableError, TableSetup, Viewer};

const ADA: i64 = 1;

fn ada() -> Actor {
    Actor::Player {
        id: ADA,
        name: "Ada".into(),
    }
}

fn run(table: &mut Table, actor: &Actor, command: Command) -> Result<(), TableError> {
    let event = table.check(actor, &command)?;
    table.apply(&event)
}

/// A duplicate table of one board with `comparison`, Ada in South and basic computer
/// players elsewhere (a casual table: they consent to undos).
fn duplicate(comparison: &str) -> Table {
    let options = json!({"boards": 1, "comparison": comparison});
    let setup = TableSetup::new(
        "bridge",
        Some(MatchKind::Duplicate),
        Some(options),
        3,
        Settings::default(),
    )
    .expect("a setup");
    let mut table = Table::new(setup, ADA).expect("a table");
    run(&mut table, &ada(), Command::Sit { seat: "S".into() }).expect("a free seat");
    for seat in ["N", "E", "W"] {
        let bot = Command::Bot {
            seat: seat.into(),
            level: Some("basic".into()),
        };
        run(&mut table, &ada(), bot).expect("a free seat");
    }
    assert!(table.is_started());
    table
}

/// Lets the computer players act, at most `limit` times, until Ada must.
fn bots_play(table: &mut Table, limit: usize) {
    for _ in 0..limit {
        let Some(turn) = table.bot_turn() else { return };
        let (action, reason) = turn.decide();
        let actor = Actor::Bot {
            seat: turn.seat.0,
            reason,
        };
        let act = Command::Act {
            action: action.to_string(),
        };
        run(table, &actor, act).expect("a computer player's action is legal");
    }
}

/// Ada's first legal action, taken.
fn ada_acts(table: &mut Table) {
    let legal = table.legal_for(Viewer::Player(ADA));
    let first = legal.first().expect("Ada is to act").clone();
    run(table, &ada(), Command::Act { action: first }).expect("legal");
}

fn compared(table: &Table) -> Value {
    table.view_for(Viewer::Player(ADA), &|_| true)["compared"].clone()
}

#[test]
fn a_compared_table_allows_an_undo_only_before_the_next_action() {
    let mut table = duplicate("imps");
    assert_eq!(compared(&table), json!(true), "the view says so");
    bots_play(&mut table, 100);
    let before = table.game().history().len();
    ada_acts(&mut table);

    // Before the next action: taken back at once, the computer players consenting.
    run(&mut table, &ada(), Command::Undo).expect("an undo before the next action");
    assert_eq!(table.game().history().len(), before);

    // After it: refused, naming the rule, and nothing changes.
    ada_acts(&mut table);
    bots_play(&mut table, 1);
    let length = table.game().history().len();
    assert_eq!(length, before + 2, "West acted after Ada");
    let refused = run(&mut table, &ada(), Command::Undo).expect_err("after the next action");
    assert_eq!(refused.field, "undo");
    assert!(
        refused.message.contains("only before the next action"),
        "{}",
        refused.message
    );
    assert_eq!(table.game().history().len(), length);
    assert!(table.pending_undo().is_none());
}

#[test]
fn a_table_not_compared_still_takes_back_the_next_actions() {
    let mut table = duplicate("none");
    assert_eq!(compared(&table), json!(false));
    bots_play(&mut table, 100);
    let before = table.game().history().len();
    ada_acts(&mut table);
    bots_play(&mut table, 1);
    assert_eq!(table.game().history().len(), before + 2);
    run(&mut table, &ada(), Command::Undo).expect("an undo after the next action");
    assert_eq!(table.game().history().len(), before);
}
