// The tables a player sits at or hosts, remembered in this browser (localStorage). The
// server lists the unfinished tables the player sits at from any browser (`GET
// /api/me/tables`); this list adds what it does not: a finished match to look back at, a
// table hosted without a seat, and everything when the server's list cannot be read.
// Storage may be missing or refused (private windows, a full quota): then nothing is
// remembered and the lobby shows the server's list alone.

const KEY = "tenace.myTables";
/** How many tables are kept: the newest opened. */
export const KEPT = 20;

/**
 * The browser's storage, or null when there is none to use (reading `localStorage` itself
 * throws where the visitor refuses site data).
 */
function storage() {
  try {
    const s = window.localStorage;
    return s ?? null;
  } catch {
    return null;
  }
}

/** Reads the kept list, dropping whatever is not a well-formed entry. */
function read(s) {
  let raw;
  try {
    raw = JSON.parse(s.getItem(KEY) ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((e) => e && Number.isSafeInteger(e.table) && e.table > 0)
    .map((e) => ({
      table: e.table,
      invite: typeof e.invite === "string" && e.invite ? e.invite : null,
      game: typeof e.game === "string" ? e.game : "",
      time: Number.isFinite(e.time) ? e.time : 0,
    }));
}

function write(s, list) {
  try {
    s.setItem(KEY, JSON.stringify(list));
  } catch {
    // A full or refused storage: the list stays as it was.
  }
}

/**
 * The remembered tables, newest first, or null when this browser keeps none (no storage):
 * the caller then shows nothing rather than an empty promise.
 * @returns {{table: number, invite: string|null, game: string, time: number}[] | null}
 */
export function myTables() {
  const s = storage();
  if (!s) return null;
  return read(s).sort((a, b) => b.time - a.time);
}

/**
 * Remembers that the player is at (or hosts) `table`, opened now; keeps the newest
 * `KEPT`. A remembered invite is kept when this visit came without one.
 */
export function rememberTable({ table, invite, game }) {
  const s = storage();
  if (!s || !Number.isSafeInteger(table)) return;
  const list = read(s);
  const before = list.find((e) => e.table === table);
  const entry = { table, invite: invite || before?.invite || null, game: String(game ?? ""), time: Date.now() };
  const rest = list.filter((e) => e.table !== table).sort((a, b) => b.time - a.time);
  write(s, [entry, ...rest].slice(0, KEPT));
}

/**
 * The remembered tables the server's list leaves out (`listed`: its `{id}` entries), in
 * the remembered order: each is for the lobby to read on its own.
 */
export function unlisted(kept, listed) {
  const ids = new Set(listed.map((t) => t.id));
  return kept.filter((e) => !ids.has(e.table));
}

/** Forgets a table (it is gone, or the player no longer wants it listed). */
export function forgetTable(table) {
  const s = storage();
  if (!s) return;
  const list = read(s);
  const rest = list.filter((e) => e.table !== table);
  if (rest.length !== list.length) write(s, rest);
}
