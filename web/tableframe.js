// The table screen's frame and the helpers it leans on between views: the fixed skeleton
// the views fill, the table's existence check and invite memory, focus kept across
// rebuilds, and laying a hand out to its width.

import { h } from "./dom.js";

/** The page's fixed frame; views fill its parts. */
export function buildSkeleton(tableId) {
  const els = {};
  els.title = h("div", { class: "title" });
  els.tools = h("div", { class: "tools" });
  els.felt = h("div", { class: "felt", id: "felt" });
  els.result = h("section", { id: "deal-result", class: "deal-result", role: "status", hidden: true });
  els.turn = h("p", { id: "turn-line", class: "turn-line", "aria-live": "polite" });
  els.notice = h("p", { id: "notice", class: "notice", role: "status", "aria-live": "polite", hidden: true });
  els.actions = h("div", { id: "action-area", class: "action-area" });
  els.biddingHost = h("div", { class: "bidding-host", id: "bidding-host" });
  els.exchangeHost = h("div", { class: "exchange-host", id: "exchange-host" });
  els.hand = h("div", { id: "my-hand", class: "hand my-hand", role: "group", "aria-label": "Your hand" });
  els.discards = h("div", { id: "my-discards", class: "my-discards", hidden: true });
  els.keyEntry = h("output", { id: "key-entry", class: "key-entry", "aria-live": "polite", hidden: true });
  els.auctionHost = h("div", { id: "auction-host" });
  els.auctionPanel = h("section", { class: "side-box auction-box", "aria-label": "Auction" }, els.auctionHost);
  els.controls = h("section", { class: "side-box controls", id: "controls", "aria-label": "Table actions" });
  els.players = h("section", { class: "side-box players", id: "players" });
  els.chatLog = h("ul", { class: "chat-log", "aria-live": "polite" });
  els.chatInput = h("input", { type: "text", maxlength: "300", placeholder: "Say something…", "aria-label": "Chat message", autocomplete: "off" });
  els.chatForm = h("form", { class: "chat-form" }, els.chatInput, h("button", { type: "submit", text: "Send" }));
  els.chat = h("section", { class: "side-box chat", id: "chat" }, h("h2", { text: "Chat" }), els.chatLog, els.chatForm);
  els.sheetHost = h("div", { id: "sheet-host" });
  els.sheetPanel = h("section", { class: "side-box sheet-box", "aria-label": "Score sheet" }, els.sheetHost);
  els.review = h("div", { id: "review-panel", class: "review-panel", hidden: true });
  els.table = h(
    "section",
    { id: "table", class: "table-screen", dataset: { tableId: String(tableId), version: "", status: "", phase: "", game: "", myTurn: "false", dealNumber: "" } },
    h("header", { class: "topbar" }, h("a", { href: "/", class: "brand", text: "tenace" }), els.title, els.tools),
    h(
      "div",
      { class: "layout" },
      h(
        "div",
        { class: "play-area" },
        h("div", { class: "felt-wrap" }, els.felt),
        h("div", { class: "my-zone" }, els.turn, els.notice, els.keyEntry, els.hand, els.discards, els.actions, els.result),
      ),
      (els.side = h("aside", { class: "side" }, els.auctionPanel, els.controls, els.sheetPanel, els.players, els.chat)),
    ),
    els.review,
  );
  return els;
}

/**
 * The table's invite token: the one in the address, kept for this table so that the
 * host's invite link still carries it after a reload without it; else the one kept.
 */
export function rememberInvite(tableId, invite) {
  const key = `tenace.invite.${tableId}`;
  try {
    if (invite) localStorage.setItem(key, invite);
    else return localStorage.getItem(key);
  } catch {
    // No storage: only the address's token is known.
  }
  return invite || null;
}

/** Asks the lobby API whether the table exists (and the invite opens it); null when fine. */
export async function checkTableExists(tableId, invite) {
  try {
    const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
    const r = await fetch(`/api/tables/${tableId}${query}`, { credentials: "same-origin" });
    if (r.status === 404) return `Table ${tableId} does not exist, or it is private and this link has no valid invite.`;
    return null;
  } catch {
    return null;
  }
}

/** A selector that finds the focused control again after a rebuild. */
export function focusKey(el, within) {
  if (!el || !within.contains(el) || el === document.body) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  for (const attr of ["data-action", "data-sit", "data-bot-seat", "data-remove", "data-claim-tricks", "data-claim-answer", "data-undo-answer"]) {
    const v = el.getAttribute(attr);
    if (v !== null) return `[${attr}="${CSS.escape(v)}"]`;
  }
  return null;
}

export function restoreFocus(key, within) {
  if (!key) return;
  // Focus that is still on a live element (moved on purpose during the render) stays.
  const current = document.activeElement;
  if (current && current !== document.body && current.isConnected) return;
  const el = within.querySelector(key);
  if (el) el.focus({ preventScroll: true });
}

/**
 * The least of a card a finger must find uncovered, across and down, in CSS px: 44 is the
 * touch target Apple's and Google's guidelines ask for, and 2 more absorb the fractional
 * positions of a centred row.
 */
export const MIN_TAP = 46;

/**
 * Lays a row of cards out to fit its width: overlapping with at least `MIN_TAP` px of each
 * card showing across, in as many rows as that needs, each row leaving `MIN_TAP` px of the
 * one above it showing (a finger's width, both ways).
 */
export function layoutLater(el) {
  requestAnimationFrame(() => layoutHand(el));
}

function layoutHand(el) {
  if (!el.isConnected) return;
  const items = [...el.children].filter((c) => c.matches("button.card, .card-face"));
  if (!items.length) return;
  // Flatten earlier rows before measuring.
  for (const row of [...el.querySelectorAll(":scope > .hand-line")]) row.replaceWith(...row.children);
  // The room is the parent's: a hand centred in a seat is only as wide as its cards.
  const width = (el.parentElement && el.parentElement.clientWidth) || el.clientWidth;
  const box = items[0].getBoundingClientRect();
  const cardW = box.width || 60;
  const cardH = box.height || cardW * 1.4;
  const wanted = cardW * 0.62;
  const perRow = Math.max(1, Math.floor((width - cardW) / MIN_TAP) + 1);
  const rows = Math.ceil(items.length / perRow);
  const perLine = Math.ceil(items.length / rows);
  const step = perLine > 1 ? Math.max(MIN_TAP, Math.min(wanted, (width - cardW) / (perLine - 1))) : cardW;
  el.style.setProperty("--step", `${Math.floor(step)}px`);
  // Each row covers the one above by half a card's width, but never so far that less than
  // a finger's height of it shows.
  el.style.setProperty("--row-overlap", `${Math.floor(Math.max(0, Math.min(cardW * 0.5, cardH - MIN_TAP)))}px`);
  el.classList.toggle("multi-row", rows > 1);
  if (rows > 1) {
    const lines = [];
    for (let r = 0; r < rows; r++) {
      lines.push(h("div", { class: "hand-line" }, ...items.slice(r * perLine, (r + 1) * perLine)));
    }
    el.append(...lines);
  }
}
