// The lobby (route `/`): one's display name, "Play now" against computer players in one
// click, one's own tables to go back to, the open tables to sit at or watch, and the form
// that creates a table with any of the games' options. Everything the server refuses is shown next to the field it names.

import { h, replace } from "./dom.js";
import { forgetTable, myTables, unlisted } from "./mytables.js";
import { seatLabel } from "./deal.js";

/** Computer players' levels, weakest first. */
const LEVELS = [
  ["random", "Random"],
  ["basic", "Basic"],
  ["expert", "Expert"],
];

const MATCH_LABEL = {
  single_deal: "Single deal",
  rubber: "Rubber",
  chicago: "Chicago",
  duplicate: "Duplicate",
  series: "Series",
  game: "Six-deal game",
};

/** How often the open tables are read again while the page is visible. */
const REFRESH_MS = 4000;
/** How often one's own tables are read again (the server's list is one request). */
const MINE_REFRESH_MS = 5000;
/** How many tables of one game are listed before a "Show all" button. */
const GROUP_SHOWN = 6;

// The games as the page knows them before `GET /api/games` answers (and if it never does):
// enough to name them and seat a player, so "Play now" works at once.
const BUILT_IN_GAMES = [
  { id: "bridge", name: "Contract Bridge", seats: ["N", "E", "S", "W"] },
  { id: "deuces-wild", name: "Deuces Wild", seats: ["N", "E", "S", "W"] },
  { id: "five-crowns", name: "Five Crowns Bridge", seats: ["N", "E", "S", "W"] },
  { id: "devils-bridge", name: "Devil's Bridge", seats: ["0", "1", "2", "3"] },
  { id: "bridgette", name: "Bridgette", seats: ["0", "1"] },
];

// Options that only mean something in one kind of match: shown (and sent) only with it.
// (Those a match kind fixes itself, such as `scoring`, come from /api/games as its `sets`.)
const OPTION_MATCH = {
  boards: ["duplicate"],
  comparison: ["duplicate"],
  vulnerability: ["duplicate"],
  rubbers_to_play: ["rubber"],
  unfinished_partscore_bonus: ["rubber"],
  chicago_rounds: ["chicago"],
  chicago_deals_2_3: ["chicago", "duplicate"],
  chicago_honors: ["chicago"],
};

// Every option of every game (RULES.md's keys) in words a player reads; an unknown key
// falls back to its key made readable (humanise). Each option's one-line description from
// the server is shown under its control, so a label can stay short.
const OPTION_LABEL = {
  // Contract Bridge and the partnership variants (RULES.md §1.9, §2)
  scoring: "Scoring",
  vulnerability: "Vulnerability",
  insult_redoubled: "Bonus for a redoubled contract",
  unfinished_partscore_bonus: "Part-score bonus in an unfinished rubber",
  rubbers_to_play: "Rubbers to play",
  chicago_deals_2_3: "Vulnerable on Chicago deals 2 and 3",
  chicago_honors: "Honours scored in Chicago",
  chicago_rounds: "Chicago wheels to play",
  comparison: "Compare each board",
  boards: "Boards to play",
  fc_nt_joker: "Joker in no trump",
  fc_honors: "Honours",
  // Devil's Bridge (§3)
  players: "Players",
  hand_order: "Hand sizes",
  max_hand: "Largest hand",
  allow_bid_changes: "Bids may be changed",
  blind_one_card_hands: "Blind one-card hands",
  target_score: "Target score",
  tie_break: "Tie break",
  // Bridgette (§4)
  upcard_to: "Who takes the up-card",
  nt_jump_requirement: "No-trump jump rule",
  opening_pass: "After the dealer's pass",
  block_allows_colon_lead: "A blocked leader may lead a colon",
  overtrick_bonus: "Overtrick bonus (350)",
  multiplier_scope: "What doubling multiplies",
  tie_after_seventh: "Still tied after the seventh deal",
};

// The options' values in words, where the raw value says too little (RULES.md's
// decisions and options). Keys shared by two games (`scoring`) hold both games' values.
const VALUE_LABEL = {
  scoring: {
    duplicate: "duplicate",
    rubber: "rubber",
    chicago: "Chicago",
    tricks_plus_bonus: "tricks won + 10 if exact",
    exact_only: "exact bids only: 10 + bid",
  },
  vulnerability: {
    board_cycle: "the boards' cycle (Law 2)",
    rubber: "games won, as in rubber",
    chicago: "the Chicago wheel",
  },
  insult_redoubled: { 100: "100, current Laws", 50: "50, older Laws" },
  unfinished_partscore_bonus: { 100: "100, Law 80", 50: "50, an older figure" },
  chicago_deals_2_3: { dealer_vulnerable: "the dealer's side", non_dealer_vulnerable: "the dealer's opponents" },
  comparison: {
    none: "no comparison",
    imps: "IMPs against a second table",
    matchpoints: "matchpoints against a second table",
  },
  fc_nt_joker: { unwinnable: "never wins", nominated_two: "played as a two it names" },
  fc_honors: { off: "not scored", mapped: "scored: K Q J 10 9 of trumps" },
  hand_order: { up_down: "up from 1, then down", down_up: "down from the largest, then up" },
  blind_one_card_hands: { final: "the final one only", all: "every one-card hand", none: "none" },
  tie_break: { shared: "the win is shared", extra_max_hands: "more largest hands" },
  upcard_to: { non_dealer: "the non-dealer", dealer: "the dealer, as a drawn card", none: "nobody: set aside" },
  nt_jump_requirement: { nt_rule_only: "one card of each suit", forbidden: "not allowed" },
  opening_pass: { standard: "the other may pass too", opponent_must_name: "the other must name a contract" },
  overtrick_bonus: { exactly_three: "exactly 3 overtricks", three_or_more: "3 or more overtricks" },
  multiplier_scope: { all: "all, the 400/1000 too", exclude_double_bonus: "all but the 400/1000" },
  tie_after_seventh: { keep_dealing: "deal on until it breaks", draw: "the game is drawn" },
};

// Where the server's one-line description speaks of what the page shows otherwise: the
// API numbers Devil's Bridge's seats from 0, the page from 1 (deal.js seatLabel).
const HELP_TEXT = {
  players: "How many play, each for themselves.",
};

/** What `null` means for the options that take it, in words a player reads. */
const NULL_LABEL = {
  vulnerability: "follow the match",
  max_hand: "by the number of players",
  target_score: "none: play every hand",
};

/** A table's status as the lobby says it. */
const STATUS_LABEL = {
  open: "waiting for players",
  playing: "playing",
  finished: "finished",
};

const SETTING_LABEL = {
  think_ms: "Expert's thinking time (ms)",
  pacing_ms: "Pause before a computer player acts (ms)",
  spectators_see_all: "Spectators see every hand",
  away_takeover: "A computer player stands in for an absent player",
  away_limit_secs: "Absent for this long first (s)",
  casual: "Computer players agree to take-backs",
  hints: "Players may ask for a hint",
};

// ---- talking to the server ----------------------------------------------------------

/** An error the server answered with: `field` names what it blames, when it says. */
class ServerError extends Error {
  constructor(status, field, message) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

/**
 * One JSON request. Resolves with the answer's body; rejects with a `ServerError` carrying
 * the server's field and message (HTTP errors are `{error: {field, message}}`, a refused
 * table command is the protocol's `error` message `{field, message}`).
 */
async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ServerError(0, null, `the server could not be reached (${e.message})`);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = data?.error && typeof data.error === "object" ? data.error : data;
    const message = err?.message ?? `${method} ${path} answered ${response.status}`;
    throw new ServerError(response.status, err?.field ?? null, message);
  }
  return data;
}

/** A fresh command id (crypto.getRandomValues: randomUUID needs a secure context). */
function commandId() {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return `lobby-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Sits the player at a table through the commands endpoint. */
function sit(tableId, seat) {
  return api("POST", `/api/tables/${tableId}/commands`, { v: 1, type: "sit", id: commandId(), seat });
}

/**
 * A table page's address, with its invite token when it has one, and the seat its host
 * takes on opening it (table.js), when given.
 */
function tableHref(tableId, invite, seat) {
  const params = new URLSearchParams();
  if (invite) params.set("invite", invite);
  if (seat) params.set("seat", seat);
  const query = params.toString();
  return `/t/${tableId}${query ? `?${query}` : ""}`;
}

function goToTable(tableId, invite, seat) {
  location.assign(tableHref(tableId, invite, seat));
}

// ---- the games' descriptions ----------------------------------------------------------

/**
 * Reads one game of `GET /api/games` (`{game, name, seats, seats_by_players?, matches:
 * [{match, sets}], default_match, options}`) into the shape the page uses. `sets` are the
 * options a match kind fixes itself (a single deal is one board, uncompared).
 */
function normaliseGame(raw) {
  const id = String(raw.game ?? raw.id ?? "");
  const builtIn = BUILT_IN_GAMES.find((g) => g.id === id);
  const seats = (Array.isArray(raw.seats) ? raw.seats : builtIn?.seats ?? []).map(String);
  const kinds = Array.isArray(raw.matches) ? raw.matches : [];
  const matches = kinds.map((m) => String(typeof m === "object" && m !== null ? m.match : m));
  const sets = Object.fromEntries(
    kinds.filter((m) => m && typeof m === "object").map((m) => [String(m.match), m.sets ?? {}]),
  );
  return {
    id,
    name: String(raw.name ?? builtIn?.name ?? id),
    seats,
    seatsByPlayers: raw.seats_by_players && typeof raw.seats_by_players === "object" ? raw.seats_by_players : null,
    matches,
    sets,
    defaultMatch: raw.default_match ?? matches[0] ?? null,
    options: Array.isArray(raw.options) ? raw.options.filter((o) => o && o.key) : [],
  };
}

/** The seats of a game with these options: Devil's Bridge's follow its `players`. */
function seatsOf(game, options = {}) {
  const players = String(options.players ?? defaultOf(game, "players") ?? "");
  const listed = game.seatsByPlayers?.[players];
  if (Array.isArray(listed)) return listed.map(String);
  if (game.id === "devils-bridge" && /^[3-7]$/.test(players)) {
    return Array.from({ length: Number(players) }, (_, i) => String(i));
  }
  return game.seats;
}

/** Whether an option is asked for with this match kind: not when the match fixes it, nor
 * when it belongs to another kind of match. */
function optionApplies(game, key, match) {
  if (match && key in (game.sets[match] ?? {})) return false;
  const only = OPTION_MATCH[key];
  return !(only && match && !only.includes(match));
}

function defaultOf(game, key) {
  return game.options.find((o) => o.key === key)?.default;
}

/** The seat the player takes by default: South in the partnership games, else the first. */
function homeSeat(seats) {
  return seats.includes("S") ? "S" : seats[0];
}

/** `fc_nt_joker` → "Fc nt joker": a readable label for a key the page has no words for. */
function humanise(key) {
  const words = String(key).replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An option's label: its words, else its key made readable. */
function optionLabel(key) {
  return OPTION_LABEL[key] ?? humanise(key);
}

function valueLabel(value, key) {
  if (value === null || value === undefined) return NULL_LABEL[key] ?? "none";
  if (value === true) return "yes";
  if (value === false) return "no";
  return VALUE_LABEL[key]?.[String(value)] ?? String(value).replace(/_/g, " ");
}

/** The first letter in capitals, for a value standing alone in a list. */
function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---- small form helpers ---------------------------------------------------------------

let uid = 0;
function nextId(prefix) {
  uid += 1;
  return `${prefix}-${uid}`;
}

/**
 * A labelled control with a place for its error: `<div class="field" data-field=KEY>`.
 * `help` is shown under the control and read with it.
 */
function field(key, labelText, control, help) {
  control.id ||= nextId("f");
  const error = h("p", { class: "field-error", id: nextId("err"), role: "alert" });
  const helpEl = help ? h("p", { class: "field-help", id: nextId("help"), text: help }) : null;
  control.setAttribute("aria-describedby", [helpEl?.id, error.id].filter(Boolean).join(" "));
  const label = h("label", { for: control.id, text: labelText });
  const isCheck = control.type === "checkbox";
  return h(
    "div",
    { class: isCheck ? "field check" : "field", dataset: { field: key } },
    isCheck ? [control, label] : [label, control],
    helpEl,
    error,
  );
}

function select(attrs, choices, selected) {
  return h(
    "select",
    attrs,
    choices.map(([value, text]) => h("option", { value, selected: value === selected, text })),
  );
}

/** Clears every error shown in `container`. */
function clearErrors(container) {
  for (const el of container.querySelectorAll(".field-error")) el.textContent = "";
  for (const el of container.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
}

/**
 * Shows `message` beside the field with `data-field=key` in `container`, or in `fallback`
 * when no such field is shown. Focuses the control at fault.
 */
function showError(container, key, message, fallback) {
  const wrap = key ? container.querySelector(`.field[data-field="${CSS.escape(key)}"]`) : null;
  if (wrap && !wrap.hidden && !wrap.closest("[hidden]")) {
    const folded = wrap.closest("details");
    if (folded) folded.open = true;
    wrap.querySelector(".field-error").textContent = message;
    const control = wrap.querySelector("input, select");
    if (control) {
      control.setAttribute("aria-invalid", "true");
      control.focus();
    }
    return;
  }
  fallback.textContent = message;
}

// ---- the lobby --------------------------------------------------------------------------

/**
 * Builds the lobby in `root` for the player `me` ({id, name}), and keeps its list of
 * open tables fresh while the page is visible.
 * @param {HTMLElement} root
 * @param {{me: {id: number, name: string}}} opts
 */
export function mountLobby(root, { me }) {
  const state = {
    me: { ...me },
    games: BUILT_IN_GAMES.map(normaliseGame),
    settings: [],
    tables: [],
    tablesKey: "",
    filter: "all",
  };
  const gameById = (id) => state.games.find((g) => g.id === id);
  const gameName = (id) => gameById(id)?.name ?? id;

  const nameSection = nameForm(state);
  const play = playNow(state);
  const mine = yourTables(state, gameName);
  const tables = openTables(state, gameName, gameById);
  const create = createForm(state);

  replace(
    root,
    h(
      "div",
      { class: "lobby" },
      h(
        "header",
        { class: "lobby-head" },
        h("h1", { class: "brand" }, "tenace"),
        nameSection.el,
      ),
      // Play now, one's own tables, the open tables, then the form; a phone puts one's own
      // tables first (the way back to a game in progress), a wide screen puts both lists
      // in a column of their own (lobby.css).
      h("div", { class: "lobby-grid" }, play.el, h("div", { class: "lobby-tables-col" }, mine.el, tables.el), create.el),
    ),
  );

  // The games' full descriptions (options, match kinds, settings) come from the server.
  api("GET", "/api/games")
    .then((answer) => {
      const list = answer?.games;
      if (!Array.isArray(list) || list.length === 0) throw new Error("no games described");
      state.games = list.map(normaliseGame).filter((g) => g.id);
      state.settings = Array.isArray(answer.settings) ? answer.settings.filter((s) => s && s.key) : [];
      play.refresh();
      create.refresh();
      tables.render(true);
      mine.render(true);
    })
    .catch((e) => create.unavailable(e.message));

  tables.load();
  mine.load();
  const timer = setInterval(() => {
    if (document.visibilityState === "visible") tables.load();
  }, REFRESH_MS);
  const mineTimer = setInterval(() => {
    if (document.visibilityState === "visible") mine.load();
  }, MINE_REFRESH_MS);
  const onVisible = () => {
    if (document.visibilityState !== "visible") return;
    tables.load();
    mine.load();
  };
  document.addEventListener("visibilitychange", onVisible);
  // Stops the refreshing if the lobby is taken off the page.
  return {
    unmount() {
      clearInterval(timer);
      clearInterval(mineTimer);
      document.removeEventListener("visibilitychange", onVisible);
    },
  };
}

/** The display name: shown in the header, saved with PUT /api/me. */
function nameForm(state) {
  const input = h("input", {
    id: "display-name",
    name: "name",
    type: "text",
    value: state.me.name ?? "",
    maxlength: 40,
    autocomplete: "nickname",
    spellcheck: "false",
  });
  const status = h("span", { class: "saved", role: "status" });
  const form = h(
    "form",
    {
      class: "name-form",
      onsubmit: async (event) => {
        event.preventDefault();
        clearErrors(form);
        status.textContent = "";
        try {
          const answer = await api("PUT", "/api/me", { name: input.value });
          state.me.name = answer?.name ?? input.value;
          input.value = state.me.name;
          status.textContent = "Saved";
        } catch (e) {
          showError(form, "name", e.message, form.querySelector(".field-error"));
        }
      },
    },
    field("name", "Your name", input),
    h("button", { type: "submit", class: "secondary", text: "Save name" }),
    status,
  );
  return { el: form };
}

/** "Play now": a game, Devil's Bridge's player count, the computer players' level, one button. */
function playNow(state) {
  const gameSelect = h("select", { id: "play-game", name: "play-game" });
  const players = select(
    { id: "play-players", name: "play-players" },
    [3, 4, 5, 6, 7].map((n) => [String(n), `${n} players`]),
    "4",
  );
  const level = select({ id: "play-level", name: "play-level" }, LEVELS, "basic");
  const playersField = field("players", "Players", players);
  const error = h("p", { class: "form-error", id: "play-error", role: "alert" });
  const button = h("button", { type: "submit", id: "play-now", class: "primary", text: "Play now" });

  const showPlayers = () => {
    playersField.hidden = gameSelect.value !== "devils-bridge";
  };
  gameSelect.addEventListener("change", showPlayers);

  const form = h(
    "form",
    {
      class: "play-form",
      onsubmit: async (event) => {
        event.preventDefault();
        error.textContent = "";
        const game = state.games.find((g) => g.id === gameSelect.value);
        if (!game) return;
        const options = game.id === "devils-bridge" ? { players: Number(players.value) } : {};
        const seats = seatsOf(game, options);
        const mine = homeSeat(seats);
        const bots = Object.fromEntries(seats.filter((s) => s !== mine).map((s) => [s, level.value]));
        button.disabled = true;
        button.textContent = "Starting…";
        try {
          const created = await api("POST", "/api/tables", { game: game.id, options, bots });
          await sit(created.id, mine);
          goToTable(created.id, created.invite);
        } catch (e) {
          error.textContent = e.message;
          button.disabled = false;
          button.textContent = "Play now";
        }
      },
    },
    h("div", { class: "play-fields" }, field("game", "Game", gameSelect), playersField, field("level", "Computer players", level)),
    button,
    error,
  );

  const refresh = () => {
    const chosen = gameSelect.value || "bridge";
    replace(gameSelect, state.games.map((g) => h("option", { value: g.id, selected: g.id === chosen, text: g.name })));
    showPlayers();
  };
  refresh();

  const el = h(
    "section",
    { class: "panel play", "aria-labelledby": "play-heading" },
    h("h2", { id: "play-heading", text: "Play now" }),
    h("p", { class: "lead", text: "A table of your game with computer players in every other seat." }),
    form,
  );
  return { el, refresh };
}

/**
 * "Your tables": the unfinished tables the player sits at, as the server lists them for
 * their cookie in any browser (`GET /api/me/tables`, with whose turn it is), then the
 * tables this browser remembers (mytables.js) that the server leaves out but that still
 * concern the player: a finished match, or a table they host without a seat. Each of
 * those is read on its own; one the server no longer knows (or no longer opens with the
 * kept invite), or that no longer concerns the player (they left it), is forgotten. When
 * the server's list cannot be read, every remembered table is read on its own. Hidden
 * while there is none.
 */
function yourTables(state, gameName) {
  const list = h("ul", { class: "tables my-tables-list", id: "my-tables-list" });
  const el = h(
    "section",
    { class: "panel my-tables", id: "my-tables", "aria-labelledby": "my-tables-heading", hidden: true },
    h("h2", { id: "my-tables-heading", text: "Your tables" }),
    list,
  );
  // What is shown of each table: {table, invite, game, match, status, deal, role, turn,
  // listed (by the server: not to be forgotten here), error}; a remembered table read on
  // its own also says whether the player is `seated` there or its `host`.
  let rows = [];
  let shownKey = "";
  // Finished tables' views by id: a finished match no longer changes, so it is read once.
  const finished = new Map();

  /** A row of the server's list. */
  function listedRow(t, kept) {
    return {
      table: t.id,
      invite: t.invite ?? kept.find((e) => e.table === t.id)?.invite ?? null,
      game: t.game,
      match: t.match,
      status: t.status,
      deal: t.deal_number,
      role: `You: ${seatLabel(t.game, t.seat)}`,
      turn: t.to_act === true,
      listed: true,
    };
  }

  /** A row of a remembered table from its view: the player's seat, or the host. */
  function viewRow(entry, view) {
    const seat = (view.seats ?? []).find((s) => s.player != null && s.player === state.me.id);
    const host = view.host === state.me.id;
    return {
      table: entry.table,
      invite: entry.invite,
      game: view.game,
      match: view.match,
      status: view.status,
      deal: view.deal_number,
      role: seat ? `You: ${seatLabel(view.game, seat.seat)}` : host ? "You host it" : "",
      turn: Boolean(seat) && view.status === "playing" && (view.to_act ?? []).includes(seat.seat),
      seated: Boolean(seat),
      host,
      listed: false,
    };
  }

  /** A remembered table read on its own: its row, or null once forgotten (unknown). */
  async function readKept(entry) {
    const cached = finished.get(entry.table);
    if (cached) return viewRow(entry, cached);
    const query = entry.invite ? `?invite=${encodeURIComponent(entry.invite)}` : "";
    try {
      const view = await api("GET", `/api/tables/${entry.table}${query}`);
      if (view.status === "finished") finished.set(entry.table, view);
      return viewRow(entry, view);
    } catch (e) {
      if (e.status === 404) {
        forgetTable(entry.table);
        return null;
      }
      return { table: entry.table, invite: entry.invite, game: entry.game, error: e.message, listed: false };
    }
  }

  function row(r) {
    const parts = [`Table ${r.table}`];
    if (r.status) {
      parts.push(MATCH_LABEL[r.match] ?? valueLabel(r.match));
      parts.push(STATUS_LABEL[r.status] ?? String(r.status));
      if (r.deal > 0) parts.push(`deal ${r.deal}`);
    }
    return h(
      "li",
      { class: r.status ? `my-table ${r.status}` : "my-table", dataset: { myTable: String(r.table) } },
      h(
        "div",
        { class: "table-title" },
        h("span", { class: "table-game", text: gameName(r.game) || "A table" }),
        r.turn ? h("span", { class: "your-turn", text: "Your turn" }) : null,
      ),
      h("p", { class: "table-meta", text: parts.join(" · ") }),
      r.role ? h("p", { class: "table-meta my-role", text: r.role }) : null,
      r.error ? h("p", { class: "form-error", text: `Its state could not be read: ${r.error}` }) : null,
      h(
        "div",
        { class: "my-table-actions" },
        h("a", {
          class: "button primary back",
          href: tableHref(r.table, r.invite),
          "aria-label": r.turn ? `Back to table ${r.table}: your turn` : `Back to table ${r.table}`,
          text: "Back to the table",
        }),
        // A table the server lists stays listed while the player sits there: leaving the
        // seat (at the table) is the way off the list.
        r.listed
          ? null
          : h("button", {
              type: "button",
              class: "secondary forget",
              "aria-label": `Forget table ${r.table}`,
              text: "Forget",
              onclick: () => {
                forgetTable(r.table);
                rows = rows.filter((o) => o.table !== r.table);
                render(true);
              },
            }),
      ),
    );
  }

  /** Draws the list; unless `force`, only when something shown changed (keeps focus put). */
  function render(force) {
    const key = JSON.stringify(rows);
    if (!force && key === shownKey) return;
    shownKey = key;
    el.hidden = rows.length === 0;
    replace(list, rows.map(row));
  }

  // One round of reads at a time, so a slow round never overwrites a newer one.
  let reading = false;
  async function load() {
    if (reading) return;
    reading = true;
    try {
      const kept = myTables() ?? [];
      let listed = null;
      try {
        const answer = await api("GET", "/api/me/tables");
        if (Array.isArray(answer?.tables)) listed = answer.tables.filter((t) => Number.isSafeInteger(t?.id));
      } catch {
        // The server's list is unavailable: this browser's own list stands in for it.
      }
      const others = (await Promise.all(unlisted(kept, listed ?? []).map(readKept))).filter(Boolean);
      const stillOurs = others.filter((r) => {
        if (listed === null || r.error || r.status === "finished" || r.host || r.seated) return true;
        forgetTable(r.table);
        return false;
      });
      rows = [...(listed ?? []).map((t) => listedRow(t, kept)), ...stillOurs];
      render(false);
    } finally {
      reading = false;
    }
  }

  return { el, load, render };
}

/** The open tables: filtered by game, grouped by game, each with its seats. */
function openTables(state, gameName, gameById) {
  const filter = h("select", { id: "table-filter", name: "table-filter" });
  // The list is redrawn as tables come and go; a screen reader hears only the count.
  const list = h("div", { id: "table-list", class: "table-list" });
  const count = h("p", { class: "table-count", role: "status" });
  const error = h("p", { class: "form-error", role: "alert" });
  const loadError = h("p", { class: "form-error", role: "alert" });
  // The games whose every table is shown; the others show their newest few.
  const expanded = new Set();

  filter.addEventListener("change", () => {
    state.filter = filter.value;
    render(true);
  });

  function renderFilter() {
    const chosen = state.filter;
    replace(
      filter,
      h("option", { value: "all", selected: chosen === "all", text: "All games" }),
      state.games.map((g) => h("option", { value: g.id, selected: chosen === g.id, text: g.name })),
    );
  }

  /** The non-default options of a table, in words. */
  function optionsSummary(table) {
    const game = gameById(table.game);
    const options = table.options && typeof table.options === "object" ? table.options : {};
    const parts = [];
    for (const [key, value] of Object.entries(options)) {
      const described = game?.options.find((o) => o.key === key);
      if (!described || !optionApplies(game, key, table.match)) continue;
      if (JSON.stringify(described.default) === JSON.stringify(value)) continue;
      parts.push(`${optionLabel(key)}: ${valueLabel(value, key)}`);
    }
    return parts.join(" · ");
  }

  function row(table) {
    const free = new Set(table.free_seats ?? []);
    const canSit = table.status === "open";
    const seats = (table.seats ?? []).map((s) => {
      const taken = s.bot ? s.name ?? `${s.bot} bot` : s.name;
      const label = `${seatLabel(table.game, s.seat)}: `;
      if (free.has(s.seat) && canSit) {
        return h(
          "li",
          { class: "lobby-seat free" },
          h("span", { class: "lobby-seat-name", text: `${label}free` }),
          h("button", {
            type: "button",
            class: "sit",
            dataset: { table: String(table.id), seat: s.seat },
            "aria-label": `Sit at table ${table.id}, ${seatLabel(table.game, s.seat)}`,
            text: "Sit",
            onclick: async (event) => {
              const button = event.currentTarget;
              button.disabled = true;
              error.textContent = "";
              try {
                await sit(table.id, s.seat);
                goToTable(table.id);
              } catch (e) {
                error.textContent = `Table ${table.id}: ${e.message}`;
                button.disabled = false;
                load();
              }
            },
          }),
        );
      }
      return h("li", { class: s.bot ? "lobby-seat bot" : "lobby-seat" }, h("span", { class: "lobby-seat-name", text: label + (taken ?? "free") }));
    });
    const summary = optionsSummary(table);
    return h(
      "li",
      { class: "table-row", dataset: { tableId: String(table.id), game: table.game } },
      h(
        "div",
        { class: "table-title" },
        h("span", { class: "table-game", text: gameName(table.game) }),
        h("span", {
          class: "table-meta",
          text: `Table ${table.id} · ${MATCH_LABEL[table.match] ?? valueLabel(table.match)} · ${STATUS_LABEL[table.status] ?? table.status}`,
        }),
      ),
      summary ? h("p", { class: "table-options", text: summary }) : null,
      h("ul", { class: "lobby-seats", "aria-label": "Seats" }, seats),
      h("button", {
        type: "button",
        class: "watch secondary",
        dataset: { table: String(table.id) },
        "aria-label": `Watch table ${table.id}`,
        text: "Watch",
        onclick: () => goToTable(table.id),
      }),
    );
  }

  /** Draws the list; unless `force`, only when the tables changed (keeps focus put). */
  function render(force) {
    const key = JSON.stringify(state.tables);
    if (!force && key === state.tablesKey) return;
    state.tablesKey = key;
    renderFilter();
    const shown = state.tables.filter((t) => state.filter === "all" || t.game === state.filter);
    const n = shown.length;
    count.textContent = n === 0 ? "" : `${n} open table${n === 1 ? "" : "s"}`;
    if (n === 0) {
      replace(list, h("p", { class: "empty", text: state.tables.length ? "No open tables of this game." : "No open tables yet: press Play now, or create one." }));
      return;
    }
    const order = state.games.map((g) => g.id);
    const groups = new Map();
    for (const t of shown) {
      if (!groups.has(t.game)) groups.set(t.game, []);
      groups.get(t.game).push(t);
    }
    const sorted = [...groups.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    replace(
      list,
      sorted.map((game) => {
        const all = groups.get(game);
        const open = expanded.has(game) || all.length <= GROUP_SHOWN;
        return h(
          "section",
          { class: "table-group", dataset: { game } },
          h("h3", { text: `${gameName(game)} (${all.length})` }),
          h("ul", { class: "tables" }, (open ? all : all.slice(0, GROUP_SHOWN)).map(row)),
          open
            ? null
            : h("button", {
                type: "button",
                class: "secondary more",
                text: `Show all ${all.length} tables of ${gameName(game)}`,
                onclick: () => {
                  expanded.add(game);
                  render(true);
                },
              }),
        );
      }),
    );
  }

  // One read at a time, so a slow answer never overwrites a newer one.
  let reading = false;
  async function load() {
    if (reading) return;
    reading = true;
    try {
      const answer = await api("GET", "/api/tables");
      state.tables = Array.isArray(answer?.tables) ? answer.tables : [];
      loadError.textContent = "";
      render(false);
    } catch (e) {
      loadError.textContent = `The open tables could not be read: ${e.message}`;
    } finally {
      reading = false;
    }
  }

  renderFilter();
  const el = h(
    "section",
    { class: "panel open-tables", "aria-labelledby": "tables-heading" },
    h(
      "div",
      { class: "panel-head" },
      h("h2", { id: "tables-heading", text: "Open tables" }),
      field("filter", "Show", filter),
    ),
    count,
    loadError,
    error,
    list,
  );
  return { el, load, render };
}

/** One option's control, from its description: a select for a set of values or a yes/no,
 * a number box for a range (empty = none, when none is allowed). */
function optionControl(option) {
  const name = `opt-${option.key}`;
  const def = option.default;
  const nullable = def === null || option.nullable === true;
  let values = Array.isArray(option.values) ? option.values : null;
  if (option.type === "bool" || option.type === "boolean") values = [true, false];
  // A short range (Devil's Bridge's 3 to 7 players) is easier picked than typed.
  const { min, max } = option;
  if (!values && Number.isInteger(min) && Number.isInteger(max) && max - min <= 10) {
    values = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  }
  if (values) {
    const choices = nullable && !values.includes(null) ? [null, ...values] : values;
    return select(
      { name, dataset: { option: option.key, kind: "json" } },
      choices.map((v) => [
        JSON.stringify(v),
        `${capitalised(valueLabel(v, option.key))}${JSON.stringify(v) === JSON.stringify(def) ? " (default)" : ""}`,
      ]),
      JSON.stringify(def),
    );
  }
  return h("input", {
    name,
    type: "number",
    inputmode: "numeric",
    min: option.min,
    max: option.max,
    step: 1,
    value: def === null || def === undefined ? "" : String(def),
    placeholder: nullable ? valueLabel(null, option.key) : null,
    dataset: { option: option.key, kind: nullable ? "int-or-null" : "int" },
  });
}

/** Reads an option's control back into its JSON value. */
function controlValue(control) {
  const kind = control.dataset.kind;
  if (control.type === "checkbox") return control.checked;
  if (kind === "json") return JSON.parse(control.value);
  if (control.value.trim() === "") return kind === "int-or-null" ? null : undefined;
  return Number(control.value);
}

/** The create-a-table form. */
/**
 * The most a PBN file sent to `POST /api/tables/pbn` may weigh: the server's 1 MiB limit on
 * the request's body, less room for the rest of the creation and the text's JSON escapes.
 */
const MAX_PBN_BYTES = 1048576 - 65536;

/** The games whose duplicate tables may play a PBN file's boards (PBN holds 52 cards). */
const PBN_GAMES = ["bridge", "deuces-wild"];

function createForm(state) {
  const gameSelect = h("select", { name: "game" });
  const matchSelect = h("select", { name: "match" });
  const visibility = select(
    { name: "visibility" },
    [
      ["public", "Public: listed here"],
      ["private", "Private: by invitation"],
    ],
    "public",
  );
  const seatsBox = h("div", { class: "seat-choices" });
  const optionsBox = h("div", { class: "option-fields" });
  const settingsBox = h("div", { class: "setting-fields" });
  const formError = h("p", { class: "form-error", id: "create-error", role: "alert" });
  const notice = h("p", { class: "notice", role: "status" });
  const result = h("div", { class: "create-result", id: "create-result" });
  const submit = h("button", { type: "submit", class: "primary", id: "create-submit", text: "Create table" });

  const optionsField = h("fieldset", { class: "options", dataset: { field: "options" } }, h("legend", { text: "Options" }), optionsBox, h("p", { class: "field-error", role: "alert" }));
  // The settings are folded away: their defaults suit most tables, and a phone's form
  // stays short. An error inside opens them (showError).
  const settingsField = h(
    "details",
    { class: "settings", dataset: { field: "settings" } },
    h("summary", { text: "Table settings: pace, hints, spectators, absent players" }),
    settingsBox,
    h("p", { class: "field-error", role: "alert" }),
  );
  const seatsField = h("fieldset", { class: "seats-set", dataset: { field: "bots" } }, h("legend", { text: "Seats" }), seatsBox, h("p", { class: "field-error", role: "alert" }));

  // A duplicate table may play the boards of a PBN file instead of boards dealt at
  // random: the file is read here and sent as text in the creation's JSON.
  let pbnText = null;
  const pbnInput = h("input", { type: "file", name: "boards-pbn", id: "boards-pbn", accept: ".pbn,text/plain" });
  const pbnClear = h("button", { type: "button", class: "secondary", id: "boards-pbn-clear", text: "Deal at random instead", hidden: true, onclick: () => dropPbn() });
  const pbnField = field(
    "boards_pbn",
    "Boards from a PBN file (optional)",
    pbnInput,
    "The table plays the file's boards in order, every hand as the file deals it (at most 64 boards). Leave it empty for boards dealt at random.",
  );
  pbnInput.after(pbnClear);
  pbnInput.addEventListener("change", readPbn);

  const form = h(
    "form",
    { id: "create-form", class: "create-form", novalidate: true, onsubmit: (e) => onSubmit(e) },
    h("div", { class: "create-basics" }, field("game", "Game", gameSelect), field("match", "Match", matchSelect), field("visibility", "Who may join", visibility)),
    pbnField,
    seatsField,
    optionsField,
    settingsField,
    h("div", { class: "form-actions" }, submit),
    formError,
    notice,
  );

  const currentGame = () => state.games.find((g) => g.id === gameSelect.value) ?? state.games[0];

  function optionValues() {
    const out = {};
    for (const control of optionsBox.querySelectorAll("[data-option]")) {
      if (control.closest("[hidden]")) continue;
      const value = controlValue(control);
      if (value !== undefined) out[control.dataset.option] = value;
    }
    return out;
  }

  /** The seat selects, one per seat of the game (Devil's Bridge: per its players). */
  function renderSeats() {
    const game = currentGame();
    const previous = Object.fromEntries([...seatsBox.querySelectorAll("select")].map((s) => [s.dataset.seat, s.value]));
    const seats = seatsOf(game, optionValues());
    const home = homeSeat(seats);
    const hadMe = Object.values(previous).includes("me");
    replace(
      seatsBox,
      seats.map((seat) => {
        const chosen = previous[seat] ?? (!hadMe && seat === home ? "me" : "");
        const control = select(
          { name: `bot-${seat}`, dataset: { seat } },
          [["", "— (a person)"], ["me", "My seat"], ...LEVELS.map(([v, t]) => [v, `Computer: ${t.toLowerCase()}`])],
          chosen,
        );
        control.addEventListener("change", () => {
          // One seat is the player's: choosing it here frees the one chosen before.
          if (control.value !== "me") return;
          for (const other of seatsBox.querySelectorAll("select")) {
            if (other !== control && other.value === "me") other.value = "";
          }
        });
        return field(`bots.${seat}`, seatLabel(game.id, seat), control);
      }),
    );
  }

  function renderMatches() {
    const game = currentGame();
    const kinds = game.matches.length ? game.matches : game.defaultMatch ? [game.defaultMatch] : [];
    const chosen = kinds.includes(matchSelect.value) ? matchSelect.value : game.defaultMatch;
    replace(
      matchSelect,
      // "(default)" only where there is a choice: Devil's Bridge and Bridgette have one kind.
      kinds.map((k) => h("option", { value: k, selected: k === chosen, text: `${MATCH_LABEL[k] ?? valueLabel(k)}${k === game.defaultMatch && kinds.length > 1 ? " (default)" : ""}` })),
    );
    matchSelect.closest(".field").hidden = kinds.length === 0;
  }

  /** Whether the chosen game and match may play a PBN file's boards. */
  const pbnApplies = () => PBN_GAMES.includes(currentGame()?.id) && matchSelect.value === "duplicate";

  /**
   * Hides the options that do not apply to the chosen match kind (and the box, if all),
   * and the number of boards when a file gives them.
   */
  function applyMatch() {
    const game = currentGame();
    pbnField.hidden = !pbnApplies();
    const fromFile = pbnText !== null && pbnApplies();
    let any = false;
    for (const wrap of optionsBox.querySelectorAll(".field")) {
      wrap.hidden = !optionApplies(game, wrap.dataset.field, matchSelect.value) || (fromFile && wrap.dataset.field === "boards");
      any ||= !wrap.hidden;
    }
    optionsField.hidden = !any;
    noteCompared();
  }

  /** Reads the chosen PBN file; one too large for the server is refused here. */
  function readPbn() {
    const file = pbnInput.files && pbnInput.files[0];
    const error = pbnField.querySelector(".field-error");
    error.textContent = "";
    pbnInput.removeAttribute("aria-invalid");
    pbnText = null;
    pbnClear.hidden = !file;
    applyMatch();
    if (!file) return;
    if (file.size > MAX_PBN_BYTES) {
      showError(form, "boards_pbn", `The file is ${file.size} bytes; a PBN file may be at most ${MAX_PBN_BYTES} bytes.`, formError);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      pbnText = String(reader.result);
      applyMatch();
    };
    reader.onerror = () => showError(form, "boards_pbn", "The file could not be read.", formError);
    reader.readAsText(file);
  }

  /** Forgets the chosen file: the table deals its boards at random again. */
  function dropPbn() {
    pbnInput.value = "";
    readPbn();
    pbnInput.focus();
  }

  /**
   * Under the comparison, while boards are compared with the computer players' table:
   * an undo is then allowed only before the next action (the table's rule, which the
   * casual setting does not lift).
   */
  function noteCompared() {
    const control = optionsBox.querySelector('[data-option="comparison"]');
    const wrap = control?.closest(".field");
    if (!wrap) return;
    let note = wrap.querySelector(".compared-undo");
    if (!note) {
      note = h("p", { class: "field-help compared-undo", id: nextId("help") });
      wrap.querySelector(".field-error").before(note);
      control.setAttribute("aria-describedby", `${control.getAttribute("aria-describedby") ?? ""} ${note.id}`.trim());
    }
    const compared = ["imps", "matchpoints"].includes(controlValue(control));
    note.textContent = compared
      ? "Compared boards: an undo is allowed only before the next player acts, since the other table cannot take anything back."
      : "";
    note.hidden = !compared;
  }

  function renderOptions() {
    replace(
      optionsBox,
      currentGame().options.map((o) => {
        const control = optionControl(o);
        if (o.key === "players") control.addEventListener("change", renderSeats);
        if (o.key === "comparison") control.addEventListener("change", noteCompared);
        // In a number box, "null" is what an empty box sends; in a list, the choice that
        // stands for null says what it means in words, so the description's clause on it goes.
        const help =
          HELP_TEXT[o.key] ??
          (control.tagName === "INPUT"
            ? o.description?.replace(/\bnull\b/g, "empty")
            : o.description?.replace(/;\s*null\b[^;.]*/g, ""));
        return field(o.key, optionLabel(o.key), control, help ?? null);
      }),
    );
    applyMatch();
  }

  function renderSettings() {
    const settings = state.settings;
    replace(
      settingsBox,
      settings.map((s) => {
        const label = SETTING_LABEL[s.key] ?? humanise(s.key);
        let control;
        if (typeof s.default === "boolean") {
          control = h("input", { type: "checkbox", name: `set-${s.key}`, checked: s.default, dataset: { setting: s.key } });
        } else {
          control = h("input", {
            type: "number",
            name: `set-${s.key}`,
            inputmode: "numeric",
            min: s.min ?? 0,
            max: s.max,
            step: 1,
            value: s.default ?? "",
            dataset: { setting: s.key },
          });
        }
        return field(s.key, label, control, s.description ?? null);
      }),
    );
    settingsField.hidden = settings.length === 0;
  }

  function refresh() {
    const chosen = gameSelect.value || "bridge";
    replace(gameSelect, state.games.map((g) => h("option", { value: g.id, selected: g.id === chosen, text: g.name })));
    renderMatches();
    renderOptions();
    renderSettings();
    renderSeats();
  }

  gameSelect.addEventListener("change", () => {
    clearErrors(form);
    replace(seatsBox);
    renderMatches();
    renderOptions();
    renderSeats();
  });
  matchSelect.addEventListener("change", applyMatch);

  /** Places a server error: an option or setting the message names, else the field named. */
  function placeError(e) {
    let key = e.field;
    // `settings.think_ms` blames one setting; `options` names its key in the message.
    const dotted = /^(?:options|settings)\.(.+)$/.exec(key ?? "");
    if (dotted) key = dotted[1];
    else if (key === "options" || key === "settings") {
      const keys = [...form.querySelectorAll(key === "options" ? "[data-option]" : "[data-setting]")].map(
        (c) => c.dataset.option ?? c.dataset.setting,
      );
      key = keys.find((k) => e.message.includes(k)) ?? key;
    }
    showError(form, key, e.message, formError);
  }

  async function onSubmit(event) {
    event.preventDefault();
    clearErrors(form);
    formError.textContent = "";
    notice.textContent = "";
    const game = currentGame();
    const bots = {};
    let mine = null;
    for (const control of seatsBox.querySelectorAll("select")) {
      if (control.value === "me") mine = control.dataset.seat;
      else if (control.value) bots[control.dataset.seat] = control.value;
    }
    const settings = {};
    for (const control of settingsBox.querySelectorAll("[data-setting]")) {
      const described = state.settings.find((s) => s.key === control.dataset.setting);
      const value = control.type === "checkbox" ? control.checked : control.value.trim() === "" ? undefined : Number(control.value);
      // Only what differs from the default is sent: the server's defaults stay in charge.
      if (value !== undefined && value !== described?.default) settings[control.dataset.setting] = value;
    }
    const options = {};
    for (const [key, value] of Object.entries(optionValues())) {
      if (JSON.stringify(value) !== JSON.stringify(defaultOf(game, key))) options[key] = value;
    }
    const body = { game: game.id, options, visibility: visibility.value, bots, settings };
    const fromFile = pbnText !== null && pbnApplies();
    if (fromFile) body.boards_pbn = pbnText;
    // A private table's host sits when they open it, not now: seated in the lobby while
    // copying the invitation, they would be away (a computer player takes an away seat)
    // and a friend who sat first would start the game without them.
    const sitNow = mine && visibility.value !== "private";
    if (matchSelect.value) body.match = matchSelect.value;

    submit.disabled = true;
    let created;
    try {
      created = await api("POST", fromFile ? "/api/tables/pbn" : "/api/tables", body);
    } catch (e) {
      placeError(e);
      submit.disabled = false;
      return;
    }
    if (sitNow) {
      try {
        await sit(created.id, mine);
      } catch (e) {
        showError(form, `bots.${mine}`, `Table ${created.id} was created, but you could not sit: ${e.message}`, formError);
      }
    }
    submit.disabled = false;
    if (!created.invite) {
      goToTable(created.id);
      return;
    }
    showInvite(created, mine);
  }

  /**
   * A private table: its invitation link to copy, then the way to the table, where the
   * host takes `seat` (when they chose one).
   */
  function showInvite(created, seat) {
    const url = `${location.origin}/t/${created.id}?invite=${encodeURIComponent(created.invite)}`;
    const link = h("input", { id: "invite-link", type: "text", readonly: true, value: url, "aria-label": "Invitation link" });
    const copied = h("span", { class: "saved", role: "status" });
    const copy = h("button", {
      type: "button",
      class: "secondary",
      id: "copy-invite",
      text: "Copy",
      onclick: async () => {
        try {
          if (!navigator.clipboard || !window.isSecureContext) throw new Error("no clipboard");
          await navigator.clipboard.writeText(url);
          copied.textContent = "Copied";
        } catch {
          // Plain http on a LAN has no clipboard API: select the link for the reader to copy.
          link.focus();
          link.select();
          copied.textContent = "Selected: copy it with Ctrl+C (or long-press)";
        }
      },
    });
    replace(
      result,
      h("h3", { text: `Table ${created.id} is ready` }),
      h("p", { text: "Send this link to the people you invite: the table is not listed in the lobby." }),
      h("div", { class: "invite-row" }, link, copy),
      copied,
      seat
        ? h("p", { id: "seat-on-open", text: `You take your seat (${seatLabel(currentGame().id, seat)}) when you go to the table; the game starts once every seat is taken.` })
        : null,
      h("button", { type: "button", class: "primary", id: "go-to-table", text: "Go to the table", onclick: () => goToTable(created.id, created.invite, seat) }),
    );
    result.hidden = false;
    link.focus();
    link.select();
  }

  function unavailable(message) {
    notice.textContent = `The games' options could not be read (${message}); tables get their defaults.`;
  }

  result.hidden = true;
  refresh();
  const el = h(
    "section",
    { class: "panel create", "aria-labelledby": "create-heading" },
    h("h2", { id: "create-heading", text: "Create a table" }),
    form,
    result,
  );
  return { el, refresh, unavailable };
}
