//! Tables the unit tests start from: one person seated, computer players elsewhere.

use serde_json::Value;
use tenace_cards::Player;

use crate::{Actor, Command, Settings, Table, TableSetup};

/// A table of `game` (with `options` and `settings`, dealt from `seed`) with player 1,
/// "Ada", in `seat` and basic computer players in every other seat: started.
pub(crate) fn seated(
    game: &str,
    options: Option<Value>,
    settings: Settings,
    seat: &str,
    seed: u64,
) -> Table {
    let setup = TableSetup::new(game, None, options, seed, settings).expect("a setup");
    let mut table = Table::new(setup, 1).expect("a table");
    let ada = Actor::Player {
        id: 1,
        name: "Ada".into(),
    };
    let sit = table
        .check(&ada, &Command::Sit { seat: seat.into() })
        .expect("a free seat");
    table.apply(&sit).expect("sits");
    for other in 0..table.seats().len() {
        let name = table.game().seat_name(Player(other as u8));
        if name == seat {
            continue;
        }
        let bot = Command::Bot {
            seat: name,
            level: Some("basic".into()),
        };
        let event = table.check(&ada, &bot).expect("a free seat");
        table.apply(&event).expect("the bot sits");
    }
    table
}
