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
 * The token of a JSON Pointer (RFC 6901) as a key: `~1` is `/`, `~0` is `~`.
 * @param {string} token
 * @returns {string}
 */
function unescapeToken(token) {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/**
 * Where a JSON Pointer leads in `doc`: the container holding its last step and that step
 * (an array index as a number, `-` past the end as the length). Throws if a step before
 * the last is missing. The root pointer `""` has no container.
 */
function locate(doc, pointer) {
  if (pointer === "") return { parent: null, key: null };
  if (pointer[0] !== "/") throw new Error(`not a JSON Pointer: ${pointer}`);
  const tokens = pointer.slice(1).split("/").map(unescapeToken);
  let parent = doc;
  for (const token of tokens.slice(0, -1)) {
    parent = child(parent, token);
  }
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) {
    const index = last === "-" ? parent.length : arrayIndex(last, parent.length);
    return { parent, key: index };
  }
  if (parent === null || typeof parent !== "object") throw new Error(`no container at ${pointer}`);
  return { parent, key: last };
}

/** An array index token (digits, no leading zero), at most `max`. */
function arrayIndex(token, max) {
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`not an array index: ${token}`);
  const index = Number(token);
  if (index > max) throw new Error(`index ${index} past the end`);
  return index;
}

/** The value under one step, which must be there. */
function child(value, token) {
  if (Array.isArray(value)) {
    const index = arrayIndex(token, value.length - 1);
    return value[index];
  }
  if (value !== null && typeof value === "object" && Object.hasOwn(value, token)) {
    return value[token];
  }
  throw new Error(`no member ${token}`);
}

/** The value a pointer leads to, which must be there. */
function valueAt(doc, pointer) {
  const { parent, key } = locate(doc, pointer);
  if (parent === null) return doc;
  return child(parent, String(key));
}

/** Structural equality of two JSON values, for `test`. */
function jsonEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
}

/**
 * Applies an RFC 6902 JSON Patch to a copy of `doc` and returns the copy (the view the
 * page holds is never changed in place). Throws on any operation that does not apply,
 * leaving `doc` as it was: the caller then resyncs.
 * @param {Object} doc
 * @param {Array<Object>} ops
 * @returns {Object}
 */
export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new Error("a patch is an array");
  let result = structuredClone(doc);
  const add = (pointer, value) => {
    const { parent, key } = locate(result, pointer);
    if (parent === null) result = value;
    else if (Array.isArray(parent)) parent.splice(key, 0, value);
    else parent[key] = value;
  };
  const remove = (pointer) => {
    const { parent, key } = locate(result, pointer);
    const old = valueAt(result, pointer);
    if (parent === null) result = null;
    else if (Array.isArray(parent)) parent.splice(key, 1);
    else delete parent[key];
    return old;
  };
  for (const op of ops) {
    switch (op.op) {
      case "add":
        add(op.path, structuredClone(op.value));
        break;
      case "remove":
        remove(op.path);
        break;
      case "replace":
        valueAt(result, op.path);
        remove(op.path);
        add(op.path, structuredClone(op.value));
        break;
      case "move": {
        if (op.path.startsWith(`${op.from}/`)) throw new Error("a move into itself");
        add(op.path, remove(op.from));
        break;
      }
      case "copy":
        add(op.path, structuredClone(valueAt(result, op.from)));
        break;
      case "test":
        if (!jsonEqual(valueAt(result, op.path), op.value)) throw new Error(`test failed at ${op.path}`);
        break;
      default:
        throw new Error(`unknown operation ${op.op}`);
    }
  }
  return result;
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
    /** A `hello` was sent to mend a patch that did not apply: patches wait for its view. */
    this.resyncing = false;
    this.resyncs = 0;
    this.connected = false;
    /** Commands sent and not yet answered, by id: {frame, resolve, reject}. */
    this.pending = new Map();
    this.backoff = FIRST_BACKOFF_MS;
    this.closed = false;
    this.socket = null;
    this.expose();
    this.open();
  }

  /**
   * Debugging and test hook: the latest view, its version, the link's state and how many
   * patches did not apply (each mended by a `hello`; none is expected).
   */
  expose() {
    window.__tenace = {
      view: this.view,
      version: this.version,
      connected: this.connected,
      resyncs: this.resyncs,
    };
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
      // A new connection starts from a whole view: patches of the old one are gone.
      this.resyncing = false;
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
      this.resyncing = false;
      this.accept(msg.view);
    } else if (msg.type === "patch") {
      // A patch applies to the very view it was made from; anything else (a view missed,
      // an operation that does not apply) is mended by a whole view, asked with `hello`.
      if (this.resyncing) return;
      let next = null;
      if (this.view && msg.base === this.version) {
        try {
          next = applyPatch(this.view, msg.patch);
        } catch {
          next = null;
        }
      }
      if (next) {
        this.accept(next);
      } else {
        this.resyncs += 1;
        this.expose();
        this.resyncing = this.raw({ v: 1, type: "hello", last_version: this.version });
      }
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

  /** Takes a whole view (received, or made by a patch) as the current one. */
  accept(view) {
    this.view = view;
    this.version = view.version;
    this.expose();
    this.handlers.onView?.(view);
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
