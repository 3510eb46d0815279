// The input path's safety catch. With "confirm" on, a card or a call is sent by two taps:
// the first raises it (or lights the call), the second on the same one sends it, and a tap
// anywhere else lets it down (BBO's "confirm cards/bids"). On by default where the main
// pointer is a finger, off with a mouse; the player's choice is kept in localStorage.
// Bridgette's discards are always chosen first and sent together with one button, since
// a discard cannot be taken back.

import { h } from "./dom.js";

/** Where the player's choice is kept ("1" on, "0" off; absent: by the pointer). */
const STORAGE_KEY = "tenace.confirm";
/** A finger is the main pointer: taps are coarse and a slip sends the wrong card. */
const COARSE = "(pointer: coarse)";

/** The action raised by a first tap, waiting for the second; null when none is. */
let armed = null;
/** Redraws the table (set by `watchConfirm`). */
let redraw = () => {};
/** The player's choice: true, false, or null for none (the pointer decides). */
let choice = readChoice();

function readChoice() {
  try {
    const kept = localStorage.getItem(STORAGE_KEY);
    return kept === "1" ? true : kept === "0" ? false : null;
  } catch {
    return null; // no storage: the pointer decides
  }
}

/** Whether cards and calls need two taps now. */
export function confirmOn() {
  return choice ?? window.matchMedia(COARSE).matches;
}

/** Turns confirm on or off and keeps the choice; anything raised is let down. */
export function setConfirm(on) {
  choice = Boolean(on);
  try {
    localStorage.setItem(STORAGE_KEY, choice ? "1" : "0");
  } catch {
    // Storage may be off: the choice then lasts for this page only.
  }
  armed = null;
  redraw();
}

/** The action raised and waiting for its second tap, if any. */
export function armedAction() {
  return armed;
}

/**
 * The one way a tapped card or call is sent: at once when confirm is off or `action` is
 * the one already raised; otherwise it is raised and nothing is sent.
 * @param {string} action
 * @param {() => any} send
 * @returns {any} what `send` returned, or null when the tap only raised the action
 */
export function confirmOrSend(action, send) {
  if (!confirmOn() || armed === action) {
    if (armed !== null) {
      armed = null;
      redraw();
    }
    return send();
  }
  armed = action;
  redraw();
  return null;
}

/** Lets down what is raised (a tap elsewhere, Escape, the action no longer legal). */
export function disarm() {
  if (armed === null) return;
  armed = null;
  redraw();
}

/**
 * Marks the raised action's element (`data-armed`, which the stylesheet lifts and rings)
 * among `root`'s cards and calls, and says what the next tap does in `statusEl` (a live
 * region). An action no longer legal is let down first.
 * @param {HTMLElement} root
 * @param {string[]} legal
 * @param {HTMLElement} statusEl
 * @param {(action: string) => string} describe the action in words ("the seven of spades")
 */
export function paintArmed(root, legal, statusEl, describe) {
  if (armed !== null && !legal.includes(armed)) armed = null;
  for (const el of root.querySelectorAll("[data-armed]")) {
    if (el.dataset.action !== armed) delete el.dataset.armed;
  }
  let text = "";
  if (armed !== null) {
    for (const el of root.querySelectorAll("button.card[data-action], button.call[data-action], button[data-action='blind']")) {
      if (el.dataset.action === armed) el.dataset.armed = "true";
    }
    const name = describe(armed);
    text = `${name.charAt(0).toUpperCase()}${name.slice(1)}: tap it again to send it, or anywhere else to cancel.`;
  }
  if (statusEl.textContent !== text) statusEl.textContent = text;
}

/**
 * Starts listening for the taps and keys that let a raised action down; `onChange`
 * redraws the table. Returns the function that stops listening.
 * @param {() => void} onChange
 */
export function watchConfirm(onChange) {
  redraw = onChange;
  // In the capture phase, before the tapped button's own handler: a tap on another card
  // lets this one down and then raises that one.
  const onClick = (event) => {
    if (armed === null) return;
    const target = event.target instanceof Element ? event.target.closest("[data-armed]") : null;
    if (target) return;
    armed = null;
    // After the tap's own handler, which may raise another action and redraw itself.
    queueMicrotask(() => redraw());
  };
  const onKey = (event) => {
    if (event.key === "Escape" && armed !== null) disarm();
  };
  document.addEventListener("click", onClick, true);
  document.addEventListener("keydown", onKey);
  return () => {
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("keydown", onKey);
  };
}

/**
 * The switch in the table's buttons: `aria-pressed` says whether confirm is on.
 * @returns {HTMLButtonElement}
 */
export function confirmToggle() {
  const on = confirmOn();
  return h("button", {
    type: "button",
    id: "confirm-btn",
    "aria-pressed": on ? "true" : "false",
    "aria-label": "Confirm cards and calls",
    title: "Confirm cards and calls: tap once to raise one, again to send it",
    text: "Confirm",
    onclick: () => setConfirm(!confirmOn()),
  });
}

/**
 * Bridgette's discards, chosen before they are sent: the cards tapped so far, for one
 * deal's exchange turn. A card no longer discardable drops out of the choice.
 */
export class DiscardChoice {
  constructor() {
    /** @type {string[]} in the order chosen */
    this.cards = [];
    this.turn = null;
    this.sending = false;
  }

  /**
   * Keeps the choice only while it is the same exchange turn (`turn`, e.g. table/deal)
   * and its cards may still be discarded.
   * @param {string} turn
   * @param {string[]} legal
   */
  sync(turn, legal) {
    if (this.turn !== turn) {
      this.turn = turn;
      this.cards = [];
      this.sending = false;
    }
    this.cards = this.cards.filter((c) => legal.includes(`discard ${c}`));
  }

  /** Whether `card` is chosen. */
  has(card) {
    return this.cards.includes(card);
  }

  /**
   * Chooses or unchooses a card; refuses (returns false) a card beyond the `limit`.
   * @param {string} card
   * @param {number} limit
   */
  toggle(card, limit) {
    if (this.has(card)) {
      this.cards = this.cards.filter((c) => c !== card);
      return true;
    }
    if (this.cards.length >= limit) return false;
    this.cards.push(card);
    return true;
  }

  /** Empties the choice. */
  clear() {
    this.cards = [];
  }
}
