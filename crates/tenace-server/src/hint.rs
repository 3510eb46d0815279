//! The `hint` message: a seated player asks what the expert computer player would do in
//! their place. The table checks the asking (`hints`, `seat`, `status`, `turn`) and the
//! expert decides from the asker's observation alone; the answer goes to the asking
//! connection only, and nothing at the table changes or is stored.

use serde_json::Value;
use tenace_store::Player;
use tokio::sync::oneshot;

use crate::hub::LiveTable;
use crate::message;
use crate::task::ToTable;

/// Asks the table for `player`'s hint and waits for its `hint` or `error` message.
pub async fn send_hint(table: &LiveTable, player: &Player, id: String) -> Value {
    let not_running = |id: &str| message::error(Some(id), "table", "the table is not running");
    let (reply, answer) = oneshot::channel();
    let ask = ToTable::Hint {
        player: player.id.0,
        client_id: id.clone(),
        reply,
    };
    if table.tx.send(ask).await.is_err() {
        return not_running(&id);
    }
    answer.await.unwrap_or_else(|_| not_running(&id))
}
