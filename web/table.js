// The table screen, for every game and every phase: the seats around the felt with one's
// own at the bottom, the hands, the trick in the middle, the auction and bidding box, the
// exchange, the score sheet, chat, undo, claims, hints and the deal's review. Each view
// from the server rebuilds the sections; keyboard focus and the typed entry survive it.

import { h, replace } from "./dom.js";
import { TableConnection } from "./net.js";
import { buildSkeleton, checkTableExists, focusKey, rememberInvite, restoreFocus } from "./tableframe.js";
import { attachKeyboard, readEntry } from "./keyboard.js";
import { GAME_NAMES, MATCH_NAMES, cardReason, namePlayers, seatName, seatsInOrder, tricksOf } from "./deal.js";
import { callReason, isCall } from "./auction.js";
import { feltRenderer } from "./felt.js";
import { zoneRenderer } from "./zone.js";
import { sideRenderer } from "./side.js";
import { rememberTable } from "./mytables.js";
import { reviewMessage } from "./review.js";


/**
 * Shows a table in `root` and keeps it live.
 * @param {HTMLElement} root
 * @param {{tableId: number, invite: string|null, me: {id: number, name: string}}} opts
 */
export function mountTable(root, { tableId, invite: givenInvite, me }) {
  const invite = rememberInvite(tableId, givenInvite);
  const ui = {
    view: null,
    notice: "",
    noticeKind: "info",
    showLast: false,
    claimOpen: false,
    jokerOpen: false,
    reviewOpen: false,
    dismissedResult: null,
    hint: null,
    hintPending: false,
    chatDraft: "",
    remembered: false,
  };

  // Wide screens put the bidding box on the felt and the auction beside it; narrow ones
  // stack everything under the felt.
  const wideQuery = window.matchMedia("(min-width: 1101px)");
  wideQuery.addEventListener("change", () => render());

  // The parts that persist across views: the skeleton and the chat's input field.
  const els = buildSkeleton(tableId);
  replace(root, els.table);
  document.title = `Table ${tableId} · tenace`;

  const banner = document.getElementById("banner");
  const setBanner = (text) => {
    if (!banner) return;
    banner.textContent = text || "";
    banner.hidden = !text;
  };

  const conn = new TableConnection({
    tableId,
    invite,
    onView: (view) => {
      if (ui.view && view.deal_number !== ui.view.deal_number) {
        ui.hint = null;
        ui.showLast = false;
      }
      // A claim gone while its deal is still played, or an undo gone with every action
      // still there, was rejected (or withdrawn).
      const sameDeal = ui.view && view.deal_number === ui.view.deal_number && view.deal;
      if (sameDeal && ui.view.claim && !view.claim && view.deal.phase === "play") claimDropped(ui.view.claim.tricks);
      const made = (v) => (v.deal && Array.isArray(v.deal.history) ? v.deal.history.length : 0);
      if (sameDeal && ui.view.undo && !view.undo && made(view) >= made(ui.view)) {
        say("The undo was not accepted: play goes on.", "refused");
      }
      if (ui.view && ui.view.version !== view.version) {
        ui.claimOpen = ui.claimOpen && !view.claim;
        ui.jokerOpen = false;
        if (ui.hint && ui.hint.version !== view.version) ui.hint = null;
      }
      ui.view = view;
      takeHostSeat(view);
      // A table one sits at or hosts is listed in the lobby's "Your tables", so closing
      // the tab does not lose it (once per visit: the first view that shows it is ours).
      if (!ui.remembered && ((view.viewer && view.viewer.seat) || (me && view.host === me.id))) {
        ui.remembered = true;
        rememberTable({ table: tableId, invite, game: view.game });
      }
      render();
    },
    onError: (msg) => {
      // A refused review is shown in the review itself.
      if (reviewMessage(msg)) return;
      say(msg.message || "The server refused that.", "error");
    },
    onMessage: (msg) => {
      if (reviewMessage(msg)) return;
      if (msg.type === "hint") {
        ui.hint = { action: msg.action, reason: msg.reason, version: ui.view && ui.view.version };
        render();
      }
    },
    onStatus: (status) => {
      if (status === "down") setBanner("Reconnecting…");
      else setBanner("");
      els.table.dataset.connected = status === "open" ? "true" : "false";
    },
  });

  checkTableExists(tableId, invite).then((problem) => {
    if (problem) {
      conn.close();
      setBanner("");
      replace(
        root,
        h(
          "section",
          { class: "missing", id: "table-missing" },
          h("h1", { text: "No such table" }),
          h("p", { text: problem }),
          h("a", { href: "/", class: "button", text: "Back to the lobby" }),
        ),
      );
    }
  });

  const legal = () => (ui.view && ui.view.legal) || [];

  // The seat a private table's host chose in the lobby (`?seat=`), taken when they open
  // the table rather than at its creation (lobby.js), so no away clock runs for a host
  // still copying the invitation. Asked once; a reload without it does not sit again.
  let hostSeat = new URLSearchParams(location.search).get("seat");
  if (hostSeat) {
    const address = new URL(location.href);
    address.searchParams.delete("seat");
    history.replaceState(history.state, "", address.pathname + address.search + address.hash);
  }

  /** Sits the host in the chosen seat, or the first free one if a guest took it. */
  function takeHostSeat(view) {
    if (!hostSeat) return;
    const wanted = hostSeat;
    hostSeat = null;
    if (view.status !== "open" || !me || view.host !== me.id || (view.viewer && view.viewer.seat)) return;
    const free = (view.seats || []).filter((s) => !s.player && !s.bot).map((s) => s.seat);
    const seat = free.includes(wanted) ? wanted : free[0];
    if (!seat) return;
    conn.send("sit", { seat }).catch((err) => say(err.message || "The server refused that.", "error"));
  }

  /** Shows a short line under the table (a refusal, an error, a confirmation). */
  function say(text, kind = "info") {
    ui.notice = namePlayers(ui.view, text);
    ui.noticeKind = kind;
    renderNotice();
  }

  function renderNotice() {
    els.notice.textContent = ui.notice;
    els.notice.className = `notice ${ui.noticeKind}`;
    els.notice.hidden = !ui.notice;
  }

  /** Says that a claim of `tricks` came to nothing: play goes on. */
  function claimDropped(tricks) {
    say(`The claim of ${tricks} trick${tricks === 1 ? "" : "s"} was not accepted: play goes on.`, "refused");
  }

  /** Why an action is not legal now, in words. */
  function reasonFor(action, fromSeat) {
    const view = ui.view;
    if (!view) return "The table is still loading.";
    if (!view.viewer || !view.viewer.seat) return "You are watching: take a seat to play.";
    if (isCall(action)) return callReason(view, action);
    const named = legal().filter((a) => a.length === 3 && a.startsWith("JK"));
    if (action === "JK" && named.length) return `Name the joker's suit: ${named.join(", ")}.`;
    if (action && /^[SHDCRGLJ]/.test(action) && action !== "blind") {
      return cardReason(view, action, fromSeat);
    }
    if (action && action.startsWith("discard ")) {
      return view.deal && view.deal.phase === "exchange"
        ? "That card cannot be discarded now: wait for your turn in the exchange."
        : "The exchange is over.";
    }
    if (!legal().length) return "It is not your turn.";
    return `${action} is not a legal action now.`;
  }

  /** Sends a game action if, and only if, it is legal now. */
  function act(action, fromSeat) {
    if (!legal().includes(action)) {
      say(reasonFor(action, fromSeat), "refused");
      return Promise.resolve(null);
    }
    say("");
    ui.claimOpen = false;
    ui.jokerOpen = false;
    return conn.send("act", { action }).catch((err) => {
      say(err.message || "The server refused that.", "error");
      return null;
    });
  }

  function send(type, fields) {
    return conn.send(type, fields).catch((err) => {
      say(err.message || "The server refused that.", "error");
      return null;
    });
  }

  const keyboard = attachKeyboard({
    entryEl: els.keyEntry,
    getLegal: legal,
    submit: (action) => act(action),
    refuse: (text, action) => {
      say(action ? reasonFor(action) : `"${text}" is not a call or a card.`, "refused");
    },
  });

  function ctx() {
    const view = ui.view;
    const order = seatsInOrder(view);
    return {
      me,
      mySeat: (view.viewer && view.viewer.seat) || null,
      act,
      send,
      // The socket itself, for messages whose answers the caller handles (a review).
      request: (type, fields) => conn.send(type, fields),
      seatName: (seat) => seatName(view, seat),
      seatsInOrder: order,
      fourColour: document.body.classList.contains("four-colour"),
    };
  }

  function render() {
    const view = ui.view;
    if (!view) return;
    const focus = focusKey(document.activeElement, els.table);
    const tableEl = els.table;
    const deal = view.deal;
    tableEl.dataset.tableId = String(view.table);
    tableEl.dataset.version = String(view.version);
    tableEl.dataset.status = view.status;
    tableEl.dataset.phase = (deal && deal.phase) || "";
    tableEl.dataset.game = view.game;
    tableEl.dataset.myTurn = legal().length > 0 ? "true" : "false";
    tableEl.dataset.dealNumber = String(view.deal_number ?? 0);
    tableEl.dataset.seats = String(seatsInOrder(view).length);
    tableEl.classList.toggle("spectating", !(view.viewer && view.viewer.seat));

    t.felt.beginCards();
    renderHeader();
    renderFelt();
    renderMyZone();
    renderSide();
    renderReviewPanel();
    renderNotice();
    // The hinted action, wherever it can be pressed, is ringed.
    if (ui.hint) {
      for (const el of els.table.querySelectorAll("[data-action]")) {
        if (el.dataset.action === ui.hint.action) el.classList.add("hinted");
      }
    }
    restoreFocus(focus, els.table);
    // A Devil's Bridge player who may only change their bid is not waited on.
    const mine = legal().some((a) => !a.startsWith("change "));
    document.title = `${mine ? "● Your turn · " : ""}${GAME_NAMES[view.game] || view.game} · table ${view.table}`;
  }

  // ---- header ---------------------------------------------------------------------------

  function renderHeader() {
    const view = ui.view;
    const tricks = tricksOf(view.deal);
    const complete = tricks.filter((tr) => tr.winner);
    replace(
      els.title,
      h("h1", { text: GAME_NAMES[view.game] || view.game }),
      h("span", { class: "meta", text: `${MATCH_NAMES[view.match] || view.match} · table ${view.table}` }),
      view.deal_number ? h("span", { class: "meta", text: `deal ${view.deal_number}` }) : null,
    );
    replace(
      els.tools,
      h("button", {
        type: "button",
        id: "last-trick-btn",
        class: ui.showLast ? "tool active" : "tool",
        "aria-pressed": ui.showLast ? "true" : "false",
        disabled: complete.length === 0,
        text: "Last trick",
        onclick: () => {
          ui.showLast = !ui.showLast;
          render();
        },
      }),
      h("a", { href: "/", class: "button tool", text: "Lobby" }),
    );
  }

  // The screen's parts, each a module drawing its own sections from the view.
  const t = { ui, els, me, invite, tableId, legal, act, send, say, claimDropped, render, reasonFor, ctx, wideQuery };
  t.felt = feltRenderer(t);
  t.zone = zoneRenderer(t);
  t.side = sideRenderer(t);
  const { renderFelt } = t.felt;
  const { renderMyZone } = t.zone;
  const { renderSide, renderReviewPanel } = t.side;

  try {
    if (localStorage.getItem("tenace.fourColour") === "1") document.body.classList.add("four-colour");
  } catch {
    // No storage: the standard deck.
  }

  return {
    connection: conn,
    keyboard,
    readEntry,
    destroy() {
      conn.close();
      keyboard.detach();
    },
  };
}
