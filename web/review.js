// The review of the last finished deal (`view.last_deal`): every hand, the auction, the
// result, a replay trick by trick, and the server's double-dummy review, asked for over the
// table's socket (the message `review`): the server sends each result as it is solved and
// the place in its queue while the review waits, for as long as the page watches it. The
// section is built once per deal and kept across views, so the replay position and the
// review survive the table's re-renders.

import { h, replace } from "./dom.js";
import { cardFace, cardName, suitSymbol, suitClass, sortHand } from "./cards.js";
import { auctionTable, callElement, contractName, seatLabel, seatName, isDevils, isVulnerable } from "./auction.js";
import { resultText, signed } from "./sheet.js";
import { tricksOf } from "./deal.js";

/** The action that ends a deal by an agreed claim. */
const CLAIM = /^claim (\d+)$/;
/** The seats of the partnership games, shown as letters beside the names. */
const PARTNERSHIP_SEAT = /^[NESW]$/;
/** The strains of a double-dummy table, top row first. */
const STRAIN_ORDER = ["NT", "R", "S", "H", "D", "C"];
/** How often a running review is asked for again over HTTP (when the table's socket is not
 * at hand): within the server's lease of 2 s, which keeps the review going. */
const POLL_MS = 700;

/** The card a play takes from its hand: a named joker (`JKS`) is the joker (`JK`). */
function heldCode(play) {
  return play.startsWith("JK") ? "JK" : play;
}

/**
 * Reads a finished deal's record: its tricks (deal.js `tricksOf`, the table's own reading
 * of a history, each card at its seat and each complete trick with its winner), any
 * claim that ended it, and the hands the play began with.
 * @param {{number: number, record: Object, dealt: Object}} last
 */
export function readDeal(last) {
  const record = last.record || {};
  const dealt = last.dealt || {};
  const players = record.players || Object.keys(dealt);
  const tricks = tricksOf(record);
  let claim = null;
  for (const entry of record.history || []) {
    const claimed = CLAIM.exec(String(entry.action));
    if (claimed) claim = { by: entry.player, tricks: Number(claimed[1]) };
  }
  // The hands the play began with: as dealt, but Bridgette's are the ones after the
  // exchange (the cards each played and any left unplayed), since its discards are never
  // shown (RULES.md §4.2).
  let start;
  if (record.game === "bridgette") {
    const played = tricks.flatMap((trick) => trick.cards);
    start = Object.fromEntries(
      players.map((p) => [p, [...played.filter((x) => x.seat === p).map((x) => heldCode(x.card)), ...((record.hands || {})[p] || [])]]),
    );
  } else {
    start = Object.fromEntries(players.map((p) => [p, [...(dealt[p] || [])]]));
  }
  // North, East, South and West sit around a compass; Devil's Bridge's numbered seats,
  // even four of them, and Bridgette's two sit in rows.
  const partnership = players.length === 4 && players.every((p) => PARTNERSHIP_SEAT.test(p));
  return { record, players, tricks, start, claim, partnership, number: last.number };
}

/** The hands left after the first `done` tricks. */
function handsAfter(model, done) {
  const left = Object.fromEntries(model.players.map((p) => [p, [...model.start[p]]]));
  model.tricks.slice(0, done).forEach((trick) => {
    for (const { seat, card } of trick.cards) {
      const hand = left[seat];
      if (!hand) continue;
      const at = hand.indexOf(heldCode(card));
      if (at >= 0) hand.splice(at, 1);
    }
  });
  return left;
}

/** A rank as players write it: the engine's `T` is 10. */
function rankText(rank) {
  return rank === "T" ? "10" : rank;
}

/**
 * A hand in the compact bridge-diagram style: one line per suit in the standard order
 * (cards.js `sortHand`), ranks high to low; Five Crowns' joker ends the trump suit's line
 * in a suit contract (it is the two of trumps), else stands on a line of its own with
 * Bridgette's colons.
 */
function handLines(cards, trump) {
  const sorted = sortHand(cards, { trump });
  const lines = [];
  let current = null;
  for (const code of sorted) {
    const suited = /^[SHDCR][AKQJT2-9]$/.test(code);
    const group = suited ? code[0] : code === "JK" && trump ? trump : "other";
    if (!current || current.group !== group) {
      current = { group, cards: [] };
      lines.push(current);
    }
    current.cards.push(code);
  }
  if (lines.length === 0) return h("p", { class: "hand-empty muted" }, "no cards");
  return h(
    "ul",
    { class: "hand-lines" },
    lines.map((line) =>
      h(
        "li",
        { class: "suit-line" },
        line.group === "other"
          ? null
          : h("span", { class: `suit-symbol ${suitClass(line.group)}`, "aria-hidden": "true" }, suitSymbol(line.group)),
        line.cards.map((code) =>
          h(
            "span",
            { class: "rank", dataset: { card: code }, "aria-label": cardName(code), role: "img" },
            /^[SHDCR][AKQJT2-9]$/.test(code) ? rankText(code[1]) : specialLabel(code),
          ),
        ),
      ),
    ),
  );
}

/** A short label for the cards that belong to no suit: the joker and the colons. */
function specialLabel(code) {
  return { JK: "Joker", GC: "G:", RC: "R:", LC: "L:" }[code] || code;
}

/**
 * The reviews open, by table and deal: the replay step, the fetched review and the
 * section built for it. Kept by deal rather than by element, so a table that hands a
 * fresh element to each render still gets the same replay and a single poll.
 */
const reviews = new Map();
/** How many deals' reviews are kept (the last few deals of a match). */
const KEEP = 4;

/**
 * Renders the review of `view.last_deal`: root `<section id="review">`. Built once per
 * deal; the replay and the double-dummy part update in place, and a later render moves
 * the same section (with its replay position and keyboard focus) into `el`.
 * @param {HTMLElement} el
 * @param {Object} view
 * @param {Object} ctx
 */
export function renderReview(el, view, ctx) {
  const last = view.last_deal;
  if (!last || !last.record) {
    replace(el, h("section", { id: "review", class: "review" }, h("p", { class: "muted" }, "No deal has finished yet.")));
    return;
  }
  const key = `${view.table}/${last.number}`;
  let state = reviews.get(key);
  if (!state) {
    state = { key, model: readDeal(last), step: 0, dd: { status: "loading" }, polling: false, watching: false, section: null };
    reviews.set(key, state);
    while (reviews.size > KEEP) reviews.delete(reviews.keys().next().value);
  }
  state.view = view;
  state.ctx = ctx;
  currentTable = view.table;
  if (state.section) {
    if (!el.contains(state.section)) {
      const active = document.activeElement;
      const focused = active && state.section.contains(active) ? active : null;
      replace(el, state.section);
      // The caller attaches `el` after this returns; focus comes back once it has.
      if (focused) queueMicrotask(() => focused.isConnected && focused.focus());
    }
  } else {
    build(el, state);
  }
  if (!state.polling && !state.watching && !isFinal(state.dd)) watchReview(state);
}

/** Stopped reasons that asking again undoes: nobody watched it, the server restarted. */
const RESUMABLE = new Set(["no_watchers", "shutdown"]);

/** Whether the review needs no more asking: done, stopped for good, or refused. */
function isFinal(dd) {
  if (dd.status === "error") return !dd.retry;
  if (dd.status === "stopped") return !(dd.stopped && RESUMABLE.has(dd.stopped.reason));
  return dd.status === "done";
}

/** Builds the section: heading and result, the auction, the replay, the DD review. */
function build(el, state) {
  const { view, ctx, model } = state;
  const record = model.record;
  const label = (seat) => seatLabel(view, ctx, seat);
  state.replayBox = h("div", { class: "replay" });
  state.ddBox = h("div", { class: "dd-review", "aria-live": "polite" });
  const auction = isDevils(record.game)
    ? null
    : (record.history || []).some((e) => /^(P|X|XX|[0-7](C|D|H|S|R|NT))$/.test(e.action))
      ? h(
          "details",
          { class: "review-auction", open: true },
          h("summary", {}, "Auction"),
          auctionTable({
            history: record.history || [],
            players: model.players,
            dealer: record.dealer,
            vulnerability: record.vulnerability,
            label,
          }),
        )
      : null;
  state.section = h(
    "section",
    { id: "review", class: "review", "aria-label": `review of deal ${model.number}` },
    h("h3", { class: "panel-title" }, `Deal ${model.number}: review`),
    resultBlock(view, ctx, model, label),
    h(
      "div",
      { class: "review-body" },
      h("div", { class: "review-main" }, state.replayBox),
      h("div", { class: "review-side" }, auction, h("h4", { class: "sub-title" }, "Double-dummy review"), state.ddBox),
    ),
  );
  // The arrow keys step through the tricks while the focus is in the replay.
  state.replayBox.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const button = state.replayBox.querySelector(event.key === "ArrowLeft" ? "button.prev" : "button.next");
    if (!button) return;
    event.preventDefault();
    button.click();
  });
  replace(el, state.section);
  drawReplay(state);
  drawDd(state);
}

/** The deal's result: contract, declarer, tricks and score (or each player's in Devil's Bridge). */
function resultBlock(view, ctx, model, label) {
  const r = model.record;
  const claim = model.claim ? ` Ended by ${label(model.claim.by)}'s claim of ${model.claim.tricks} more trick${model.claim.tricks === 1 ? "" : "s"}.` : "";
  if (isDevils(r.game)) {
    const rows = model.players.map((p) => {
      const bid = (r.bids || {})[p];
      const took = (r.tricks_won || {})[p];
      const pts = (r.hand_scores || {})[p];
      return h(
        "tr",
        { class: bid === took ? "exact" : null },
        h("th", { scope: "row" }, label(p), p === r.dealer ? h("span", { class: "dealer-mark", title: "dealer" }, "D") : null),
        h("td", { class: "num" }, bid === null || bid === undefined ? "–" : String(bid)),
        h("td", { class: "num" }, took === undefined ? "–" : String(took)),
        h("td", { class: "num strong" }, pts === null || pts === undefined ? "–" : String(pts)),
      );
    });
    return h(
      "div",
      { class: "review-result" },
      h(
        "p",
        {},
        `${r.hand_size}-card hand${r.blind ? ", played blind" : ""}, `,
        r.trump ? ["trumps ", h("span", { class: suitClass(r.trump[0]) }, suitSymbol(r.trump[0])), " (turned up ", cardFace(r.trump, { size: 28 }), ")"] : "no trumps",
      ),
      h(
        "div",
        { class: "scroll-box" },
        h(
          "table",
          { class: "sheet-table devils-result" },
          h("thead", {}, h("tr", {}, ["Player", "Bid", "Took", "Points"].map((c) => h("th", { scope: "col" }, c)))),
          h("tbody", {}, rows),
        ),
      ),
    );
  }
  if (r.game === "bridgette") {
    if (r.thrown_in || !r.contract) return h("p", { class: "review-result" }, "Thrown in: both players passed. The deal is dealt again and not counted.");
    const tricks = (r.tricks_won || {})[r.declarer];
    const points = r.points || {};
    const scorer = model.players.find((p) => points[p] > 0);
    return [
      h(
        "p",
        { class: "review-result", "aria-label": `${contractName(r.contract)} by ${label(r.declarer)}, ${tricks} tricks` },
        callElement(r.contract),
        ` by ${label(r.declarer)}: ${tricks} tricks (${resultText(r.contract, tricks, r.game)}). `,
        scorer !== undefined ? `${label(scorer)} scores ${points[scorer]}.` : "No score.",
        claim,
      ),
      ownExchange(view, r, label),
    ];
  }
  if (!r.contract) return h("p", { class: "review-result" }, "Passed out: all four passed.", typeof r.score === "number" ? ` Score ${r.score}.` : "");
  const side = r.declarer === "N" || r.declarer === "S" ? "NS" : "EW";
  const tricks = (r.tricks_won_by_side || {})[side];
  return h(
    "p",
    { class: "review-result", "aria-label": `${contractName(r.contract)} by ${label(r.declarer)}, ${tricks} tricks` },
    callElement(r.contract),
    ` by ${r.declarer} (${seatName(view, ctx, r.declarer)}): ${tricks} tricks (${resultText(r.contract, tricks, r.game)}). `,
    typeof r.score === "number" ? h("span", { class: "strong" }, `NS ${signed(r.score)}`) : null,
    r.vulnerability ? ` · vulnerable: ${r.vulnerability}` : null,
    claim,
  );
}

/**
 * Bridgette: the viewer's own exchange (what they drew and threw away). The opponent's
 * discards are never shown (RULES.md §4.2), so a spectator sees only the counts.
 */
function ownExchange(view, r, label) {
  const ex = r.exchange;
  if (!ex) return null;
  const me = view.viewer ? view.viewer.seat : null;
  const row = (title, cards) =>
    h("div", { class: "fact" }, h("span", { class: "fact-label" }, title), h("div", { class: "mini-cards" }, (cards || []).map((c) => cardFace(c, { size: 30 }))));
  const seated = me !== null && me !== undefined && (r.players || []).includes(me);
  return h(
    "div",
    { class: "review-exchange" },
    r.upcard ? row("Up-card", [r.upcard]) : null,
    seated ? row("You drew", (ex.drawn || {})[me]) : null,
    seated ? row("You discarded", (ex.discards || {})[me]) : null,
    h("p", { class: "sheet-note" }, `Exchange: ${(r.players || []).map((p) => `${label(p)} drew and discarded ${(ex.draw_counts || {})[p] ?? 0}`).join(", ")}.`),
  );
}

/** The replay: the hands at this point, the trick in the middle, prev/next buttons. */
function drawReplay(state) {
  const { model, view, ctx } = state;
  const r = model.record;
  const label = (seat) => seatLabel(view, ctx, seat);
  // The seat and its name: at a table of computer players the names alone repeat.
  const who = (seat) => (PARTNERSHIP_SEAT.test(seat) ? `${seat} (${seatName(view, ctx, seat)})` : label(seat));
  const total = model.tricks.length;
  const step = Math.max(0, Math.min(state.step, total));
  state.step = step;
  const hands = handsAfter(model, step);
  const trick = step > 0 ? model.tricks[step - 1] : null;
  const trump = r.trump ? r.trump[0] : r.contract ? (/^[0-7](C|D|H|S|R)/.exec(r.contract) || [])[1] || null : null;
  const go = (to) => {
    state.step = to;
    drawReplay(state);
    const again = state.replayBox.querySelector(to > step ? "button.next" : "button.prev");
    if (again && again.getAttribute("aria-disabled") !== "true") again.focus();
    else {
      const other = state.replayBox.querySelector(to > step ? "button.prev" : "button.next");
      if (other) other.focus();
    }
  };
  const navButton = (cls, text, to, enabled, name) =>
    h(
      "button",
      {
        type: "button",
        class: `nav ${cls}`,
        "aria-label": name,
        "aria-disabled": enabled ? null : "true",
        onclick: () => {
          if (enabled) go(to);
        },
      },
      text,
    );
  const caption =
    step === 0
      ? total
        ? `Before the play: ${who(model.tricks[0].cards[0].seat)} leads`
        : "No card was played"
      : `Trick ${step} of ${total}: ${who(trick.cards[0].seat)} led${trick.winner ? `, ${who(trick.winner)} won` : ""}`;
  const nav = h(
    "div",
    { class: "replay-nav" },
    h("p", { class: "replay-step", "aria-live": "polite" }, caption),
    navButton("first", "«", 0, step > 0, "to the start"),
    navButton("prev", "‹ Prev", step - 1, step > 0, "previous trick"),
    navButton("next", "Next ›", step + 1, step < total, "next trick"),
    navButton("last", "»", total, step < total, "to the end"),
  );
  const trickView = trickBox(model, trick, label);
  const plainName = (seat) => seatName(view, ctx, seat);
  const layout =
    model.partnership
      ? compass(model, hands, trickView, label, trump, r, plainName)
      : rows(model, hands, trickView, label, trump, r, plainName);
  replace(state.replayBox, nav, layout, model.claim && step === total ? h("p", { class: "sheet-note" }, `${label(model.claim.by)} claimed ${model.claim.tricks} of the remaining tricks.`) : null);
}

/** The trick in the middle: each card by its seat, the winner marked. */
function trickBox(model, trick, label) {
  if (!trick) return h("div", { class: "review-trick empty" });
  return h(
    "div",
    { class: model.partnership ? "review-trick compass-trick" : "review-trick", role: "list", "aria-label": "the trick" },
    trick.cards.map(({ seat, card }, i) =>
      h(
        "div",
        {
          class: seat === trick.winner ? "played winner" : "played",
          role: "listitem",
          dataset: { seat },
          "aria-label": `${label(seat)}${i === 0 ? " led" : ""} ${cardName(card)}${seat === trick.winner ? ", won the trick" : ""}`,
        },
        cardFace(card),
        h("span", { class: "played-by" }, model.partnership ? seat : label(seat)),
      ),
    ),
  );
}

/** One hand's block: the seat, its name, marks, and the cards left. */
function handBlock(seat, cards, label, trump, r, plainName) {
  const marks = [];
  if (seat === r.dealer) marks.push(h("span", { class: "dealer-mark", title: "dealer" }, "D"));
  if (isVulnerable(seat, r.vulnerability)) marks.push(h("span", { class: "vul-mark", title: "vulnerable" }, "V"));
  if (seat === r.declarer) marks.push(h("span", { class: "role-mark" }, "declarer"));
  if (seat === r.dummy) marks.push(h("span", { class: "role-mark" }, "dummy"));
  return h(
    "div",
    { class: "review-hand", dataset: { seat }, role: "group", "aria-label": `${label(seat)}'s hand` },
    PARTNERSHIP_SEAT.test(seat)
      ? h("p", { class: "hand-name" }, h("span", { class: "seat-id" }, seat), " ", h("span", { class: "seat-name" }, plainName(seat)), marks)
      : h("p", { class: "hand-name" }, h("span", { class: "seat-name strong" }, label(seat)), marks),
    handLines(cards, trump),
  );
}

/** Four hands around the trick: North at the top, South at the bottom. */
function compass(model, hands, trickView, label, trump, r, plainName) {
  const seat = (s) => handBlock(s, hands[s] || [], label, trump, r, plainName);
  return h(
    "div",
    { class: "compass" },
    h("div", { class: "pos-N" }, seat("N")),
    h("div", { class: "pos-W" }, seat("W")),
    h("div", { class: "pos-C" }, trickView),
    h("div", { class: "pos-E" }, seat("E")),
    h("div", { class: "pos-S" }, seat("S")),
  );
}

/** Three to seven hands (Devil's Bridge) or two (Bridgette) in rows, the trick first. */
function rows(model, hands, trickView, label, trump, r, plainName) {
  return h(
    "div",
    { class: "hand-rows" },
    trickView,
    model.players.map((p) => handBlock(p, hands[p] || [], label, trump, r, plainName)),
  );
}

// ---- the double-dummy review ----

/** How long a watched review may stay silent before it is asked for again: a socket that
 * reconnected watches nothing until it asks. */
const QUIET_MS = 5000;
/** How often a watched review checks that it is still on the page. */
const CHECK_MS = 1000;
/** The fields a refused `review` message blames. */
const REVIEW_FIELDS = new Set(["review", "deal", "watch"]);
/** The table whose socket carries the reviews (the page shows one table). */
let currentTable = null;
/** The review this page's socket watches (its key), if any: one at a time. */
let watchedKey = null;

/**
 * Takes a message from the table's socket: a `review` updates the review it is about.
 * Returns whether the message was the reviews' (a refusal of a `review` too, which the
 * asking review shows itself), so the table does not show it again.
 * @param {Object} msg
 * @returns {boolean}
 */
export function reviewMessage(msg) {
  if (!msg) return false;
  if (msg.type === "error") return REVIEW_FIELDS.has(msg.field);
  if (msg.type !== "review") return false;
  const state = reviews.get(`${currentTable}/${msg.deal}`);
  if (state) {
    state.heardAt = Date.now();
    state.dd = msg;
    drawDd(state);
  }
  return true;
}

/** Starts watching the review over the socket (or polling it over HTTP without one). */
function watchReview(state) {
  if (typeof state.ctx.request !== "function") {
    fetchReview(state);
    return;
  }
  state.watching = true;
  ask(state, true);
  clearInterval(state.timer);
  state.timer = setInterval(() => checkWatch(state), CHECK_MS);
}

/** Sends the `review` message: to watch the review, or (`watch` false) to end the watch. */
function ask(state, watch) {
  state.heardAt = Date.now();
  if (watch) watchedKey = state.key;
  const fields = watch ? { deal: state.model.number } : { deal: state.model.number, watch: false };
  state.ctx.request("review", fields).catch((err) => {
    if (!watch) return;
    // At their limit of reviews, the player's ask is tried again while the review is on
    // the page; a deal with no review is not.
    const field = err && err.field;
    const message = err && err.message ? `${err.message}${field ? ` (${field})` : ""}` : "the server refused it";
    state.dd = { status: "error", message, retry: field !== "deal" };
    drawDd(state);
  });
}

/** While watched: stops when the review leaves the page or is hidden (its dialog closed),
 * asks again after a silence. */
function checkWatch(state) {
  const section = state.section;
  const shown = section && section.isConnected && section.getClientRects().length > 0 && reviews.get(state.key) === state;
  if (!shown || isFinal(state.dd)) {
    clearInterval(state.timer);
    state.timer = null;
    // Nobody looks at it here any more: the server stops it unless someone else watches.
    if (!shown && watchedKey === state.key && !isFinal(state.dd)) ask(state, false);
    if (watchedKey === state.key) watchedKey = null;
    state.watching = false;
    return;
  }
  if (Date.now() - state.heardAt >= QUIET_MS) ask(state, true);
}

/** The invite token of the page's address, which a private table's URLs need. */
function inviteParam() {
  const invite = new URLSearchParams(window.location.search).get("invite");
  return invite ? `?invite=${encodeURIComponent(invite)}` : "";
}

/** Without the table's socket: asks over HTTP and polls while the review is on the page. */
async function fetchReview(state) {
  state.polling = true;
  const url = `/api/tables/${encodeURIComponent(state.view.table)}/deals/${encodeURIComponent(state.model.number)}/review${inviteParam()}`;
  try {
    const response = await fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } });
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      const message = body && body.error ? `${body.error.message}${body.error.field ? ` (${body.error.field})` : ""}` : `the server answered ${response.status}`;
      state.dd = { status: "error", message, retry: response.status === 429 };
    } else {
      state.dd = body || { status: "error", message: "the server's answer was not JSON" };
    }
  } catch (err) {
    state.dd = { status: "error", message: `could not reach the server (${err && err.message ? err.message : err})`, retry: true };
  }
  drawDd(state);
  if (isFinal(state.dd)) {
    state.polling = false;
    return;
  }
  setTimeout(() => {
    // A review no longer on the page stops asking (the server stops it when its lease
    // runs out); showing it again starts again.
    if (!state.section || !state.section.isConnected || reviews.get(state.key) !== state) {
      state.polling = false;
      return;
    }
    fetchReview(state);
  }, state.dd.retry ? POLL_MS * 4 : POLL_MS);
}

/**
 * Draws the review as far as it has come: its place in the queue while it waits, a
 * progress bar while it runs, why it stopped if it did, and every result found so far.
 */
function drawDd(state) {
  const dd = state.dd || {};
  const box = state.ddBox;
  if (!box) return;
  if (dd.status === "loading") {
    replace(box, h("p", { class: "muted" }, "Asking the server for the double-dummy review…"));
    return;
  }
  if (dd.status === "error") {
    const again = dd.retry ? " It is asked for again while this review is open." : "";
    replace(box, h("p", { class: "dd-error" }, `The double-dummy review is not available: ${dd.message}.${again}`));
    return;
  }
  const done = Number(dd.done) || 0;
  const total = Number(dd.total) || 0;
  let status = null;
  if (dd.status === "queued") {
    const place = Number(dd.queue_place) || 0;
    status = h(
      "p",
      { class: "dd-progress dd-queued" },
      place ? `Waiting for the solver: number ${place} in the queue…` : "Waiting for the solver…",
    );
  } else if (dd.status === "running") {
    status = h(
      "div",
      { class: "dd-progress" },
      h("progress", { max: String(Math.max(total, 1)), value: String(done), "aria-label": "double-dummy review progress" }),
      h("span", {}, `Solving: ${done} of ${total}`),
    );
  } else if (dd.status === "stopped") {
    const why = dd.stopped && dd.stopped.message ? dd.stopped.message : "it was stopped";
    const again = isFinal(dd) ? "" : " Asking again…";
    status = h("p", { class: "dd-stopped muted" }, `The review stopped after ${done} of ${total} steps: ${why}.${again} What it found is below.`);
  }
  replace(box, status, ddResults(state, dd.review || {}));
}

/**
 * The results present so far (crates/tenace-table/src/review.rs, `Review`): best play
 * from the opening lead, par, the strain × declarer table (or why there is none), Devil's
 * Bridge's ranges, and the cards that cost tricks.
 */
function ddResults(state, review) {
  const { view, ctx } = state;
  const label = (seat) => seatLabel(view, ctx, seat);
  return [
    review.unsolved ? h("p", { class: "muted" }, review.unsolved) : null,
    bestPlayBlock(review.result, label),
    parBlock(review.par),
    ddTable(review.table, label),
    rangesBlock(review.ranges, label),
    // Devil's Bridge has ranges instead: no card there "costs" a trick.
    Array.isArray(review.ranges) && review.ranges.length ? null : costlyBlock(state, review.costly, label),
  ];
}

/** What the contract makes with best play from the opening lead, against what it took. */
function bestPlayBlock(result, label) {
  if (!result) return null;
  const diff = result.took - result.makes;
  const verdict =
    diff === 0 ? "the double-dummy result" : diff > 0 ? `${diff} more than double dummy` : `${-diff} fewer than double dummy`;
  return h(
    "p",
    { class: "dd-best", "aria-label": `${contractName(result.contract)} by ${label(result.declarer)} makes ${result.makes} tricks with best play; took ${result.took}` },
    h("strong", {}, "Best play: "),
    callElement(result.contract),
    ` by ${label(result.declarer)} makes ${result.makes} trick${result.makes === 1 ? "" : "s"}; took ${result.took} (${verdict}).`,
  );
}

/** Par: the contracts that reach it and North-South's score. */
function parBlock(par) {
  if (!par) return null;
  const contracts = Array.isArray(par.contracts) ? par.contracts : [];
  return h(
    "p",
    { class: "dd-par" },
    h("strong", {}, "Par: "),
    contracts.length
      ? contracts.map((c, i) => [i ? ", " : "", callElement(c.contract), ` by ${c.declarer} (${c.tricks})`])
      : "passed out",
    ` · NS ${signed(par.score)}`,
  );
}

/** A strain's label: its symbol in its colour, or NT. */
function strainLabel(strain) {
  return strain === "NT" ? h("span", { class: "nt" }, "NT") : h("span", { class: suitClass(strain), "aria-label": strain }, suitSymbol(strain));
}

/** The strain × declarer table of tricks, strain by strain as it is solved. */
function ddTable(table, label) {
  if (!table) return null;
  if (table.status !== "offered") return null;
  const declarers = table.declarers || [];
  // The strains as hand records list them: no trump, then the suits in the standard order.
  const rows = [...(table.rows || [])].sort((a, b) => STRAIN_ORDER.indexOf(a.strain) - STRAIN_ORDER.indexOf(b.strain));
  if (!rows.length) return null;
  return h(
    "div",
    { class: "scroll-box" },
    h(
      "table",
      { class: "sheet-table dd-table", "aria-label": "tricks each declarer takes in each strain, double dummy" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, "Tricks"),
          // Compass seats by their letter; Bridgette's players (the engine's 0 and 1) by name.
          declarers.map((d) => h("th", { scope: "col", title: label(d) }, PARTNERSHIP_SEAT.test(d) ? d : label(d))),
        ),
      ),
      h(
        "tbody",
        {},
        rows.map((row) =>
          h(
            "tr",
            {},
            h("th", { scope: "row" }, strainLabel(row.strain)),
            declarers.map((d, i) => h("td", { class: "num" }, row.tricks && row.tricks[i] !== undefined ? String(row.tricks[i]) : "")),
          ),
        ),
      ),
    ),
  );
}

/** Devil's Bridge: each player's range of tricks from the opening lead, with their bid. */
function rangesBlock(ranges, label) {
  if (!Array.isArray(ranges) || ranges.length === 0) return null;
  const solved = (n) => (n === null || n === undefined ? "…" : String(n));
  return h(
    "div",
    { class: "scroll-box" },
    h(
      "table",
      { class: "sheet-table dd-ranges", "aria-label": "each player's range of tricks, everyone else against them" },
      h("thead", {}, h("tr", {}, ["Player", "Most", "Fewest", "Bid", "Took"].map((c) => h("th", { scope: "col" }, c)))),
      h(
        "tbody",
        {},
        ranges.map((r) => {
          const reachable =
            r.bid !== null && r.bid !== undefined && typeof r.most === "number" && typeof r.fewest === "number"
              ? r.bid >= Math.min(r.most, r.fewest) && r.bid <= Math.max(r.most, r.fewest)
              : null;
          return h(
            "tr",
            { class: reachable === false ? "out-of-reach" : null, title: reachable === false ? "the bid was out of reach against best defence" : null },
            h("th", { scope: "row" }, label(r.seat)),
            h("td", { class: "num" }, solved(r.most)),
            h("td", { class: "num" }, solved(r.fewest)),
            h("td", { class: "num" }, r.bid === null || r.bid === undefined ? "–" : String(r.bid)),
            h("td", { class: "num" }, String(r.took)),
          );
        }),
      ),
    ),
    h("p", { class: "sheet-note" }, "Most: the tricks a player can make sure of; fewest: the fewest they can hold themselves to, everyone else playing against them."),
  );
}

/** The cards that cost tricks, each with the best card; a tap replays its trick. */
function costlyBlock(state, costly, label) {
  if (!Array.isArray(costly)) return null;
  const finished = state.dd && state.dd.status === "done";
  if (costly.length === 0) {
    return finished ? h("p", { class: "dd-costly-none" }, "No card cost a trick: the play was double-dummy perfect.") : null;
  }
  const cards = (list) =>
    list.map((code, i) => [i ? h("span", { class: "or" }, " or ") : null, cardFace(code, { size: 26 })]);
  return [
    h("p", { class: "dd-costly-title strong" }, "Cards that cost tricks"),
    h(
      "ol",
      { class: "dd-costly" },
      costly.map((c) => {
        const best = Array.isArray(c.best) ? c.best : [c.best];
        return h(
          "li",
          { "aria-label": `trick ${c.trick}: ${label(c.seat)} played ${cardName(c.card)}, costing ${c.cost}; best was ${best.map(cardName).join(" or ")}` },
          h(
            "button",
            {
              type: "button",
              class: "link",
              "aria-label": `show trick ${c.trick}`,
              onclick: () => {
                state.step = Number(c.trick) || 0;
                drawReplay(state);
              },
            },
            `Trick ${c.trick}`,
          ),
          h("span", { class: "costly-who" }, ` ${label(c.seat)} `),
          cardFace(c.card, { size: 26 }),
          h("span", { class: "cost" }, ` −${c.cost} `),
          h("span", { class: "muted" }, "best "),
          cards(best),
        );
      }),
    ),
  ];
}
