// A table's WebSocket, kept open across network trouble and server restarts: the page
// reconnects with backoff, says `hello` with the last version it saw, and re-sends any
// command that was not answered under the same id, so the server (which answers a repeated
// id with its first answer) never applies it twice.

/** The longest pause between two reconnection attempts, in milliseconds. */
const MAX_BACKOFF_MS = 8000;
/** The first pause, doubled on each failed attempt. */
const FIRST_BACKOFF_MS = 250;

/**
 * A fresh command id: 16 random bytes as hex. `crypto.getRandomValues` works on plain
 * http too (a LAN address), where `crypto.randomUUID` does not exist.
 * @returns {string}
 */
export function freshId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The WebSocket address of a table, on the page's own host and scheme. */
function socketUrl(tableId, invite) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  return `${scheme}//${location.host}/api/tables/${encodeURIComponent(tableId)}/ws${query}`;
}

/**
 * One table's connection. Callbacks: `onView(view)` for each view, `onAck(msg)`,
 * `onError(msg)` for refused commands (and unreadable messages), `onMessage(msg)` for any
 * other message type (e.g. `hint`), `onStatus("connecting"|"open"|"down"|"gone")`.
 */
export class TableConnection {
  constructor({ tableId, invite, onView, onAck, onError, onMessage, onStatus }) {
    this.tableId = tableId;
    this.invite = invite || null;
    this.handlers = { onView, onAck, onError, onMessage, onStatus };
    this.version = null;
    this.view = null;
    this.connected = false;
    /** Commands sent and not yet answered, by id: {frame, resolve, reject}. */
    this.pending = new Map();
    this.backoff = FIRST_BACKOFF_MS;
    this.closed = false;
    this.socket = null;
    this.expose();
    this.open();
  }

  /** Debugging and test hook: the latest view, its version and the link's state. */
  expose() {
    window.__tenace = { view: this.view, version: this.version, connected: this.connected };
  }

  status(s) {
    this.handlers.onStatus?.(s);
  }

  open() {
    if (this.closed) return;
    this.status(this.view ? "down" : "connecting");
    let socket;
    try {
      socket = new WebSocket(socketUrl(this.tableId, this.invite));
    } catch (e) {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.connected = true;
      this.backoff = FIRST_BACKOFF_MS;
      this.expose();
      this.raw({ v: 1, type: "hello", last_version: this.version });
      // Everything not answered before the link dropped goes again with its own id.
      for (const { frame } of this.pending.values()) this.raw(frame);
      this.status("open");
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.connected = false;
      this.socket = null;
      this.expose();
      // Whatever closed it (1012 restarting, 1006 the network, even 1008 for flooding),
      // the table is still there: try again after a growing pause.
      this.retry();
    });
    socket.addEventListener("error", () => {
      // A "close" follows every "error"; reconnecting happens there.
    });
  }

  retry() {
    if (this.closed) return;
    this.status("down");
    const wait = this.backoff + Math.floor(Math.random() * this.backoff * 0.3);
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
    this.timer = setTimeout(() => this.open(), wait);
  }

  receive(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "view" && msg.view) {
      this.view = msg.view;
      this.version = msg.view.version;
      this.expose();
      this.handlers.onView?.(msg.view);
    } else if (msg.type === "ack") {
      const waiting = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      waiting?.resolve(msg);
      this.handlers.onAck?.(msg);
    } else if (msg.type === "error") {
      const waiting = msg.id ? this.pending.get(msg.id) : null;
      // A store failure may be retried with the same id; keep it for the next reconnect.
      if (waiting && msg.field !== "store") this.pending.delete(msg.id);
      waiting?.reject(msg);
      this.handlers.onError?.(msg);
    } else {
      // Answers with an id that are not acks (a hint) settle their command too.
      const waiting = msg.id ? this.pending.get(msg.id) : null;
      if (waiting) {
        this.pending.delete(msg.id);
        waiting.resolve(msg);
      }
      this.handlers.onMessage?.(msg);
    }
  }

  raw(frame) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }

  /**
   * Sends a command; resolves with its `ack` (or its own answer, e.g. `hint`), rejects with
   * its `error`. Sent while the link is down, it waits and goes out on reconnect.
   * @param {string} type
   * @param {Object} [fields]
   * @returns {Promise<Object>}
   */
  send(type, fields = {}) {
    const id = freshId();
    const frame = { v: 1, type, id, ...fields };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { frame, resolve, reject });
      this.raw(frame);
    });
  }

  /** Closes for good (leaving the page). */
  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.socket?.close();
  }
}
