// The one-column layout (a phone, a narrow window), where the side column comes after the
// whole table: what is pressed during a deal is brought within a thumb's reach. The
// table's buttons (undo, claim, hint) sit under the hand instead of below the auction,
// notices come under them (nothing above the hand moves it when one appears), Bridgette's
// discards go below what is pressed, and the score sheet opens over the foot of the
// screen at a tap instead of a long scroll down.

import { h } from "./dom.js";

/**
 * @param {Object} t the table screen's shared state (see table.js)
 * @returns {{ arrange: () => void, sheetButton: () => HTMLElement|null }}
 */
export function narrowLayout(t) {
  const { ui, els, wideQuery, render } = t;
  ui.sheetOpen = false;
  els.sheetPanel.id = "sheet-panel";

  const setSheet = (open) => {
    ui.sheetOpen = open;
    render();
    const target = open ? closeButton : document.getElementById("sheet-btn");
    target?.focus({ preventScroll: true });
  };
  const closeButton = h("button", {
    type: "button",
    class: "sheet-close",
    id: "sheet-close",
    text: "Close",
    "aria-label": "Close the score sheet",
    onclick: () => setSheet(false),
  });
  els.sheetPanel.prepend(closeButton);
  els.sheetPanel.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && ui.sheetOpen) {
      event.preventDefault();
      setSheet(false);
    }
  });

  /** Puts the moved parts where the screen's width wants them; called on every render. */
  function arrange() {
    const wide = wideQuery.matches;
    if (wide) {
      // Back to the side column, above the score sheet, where the wide layout has them;
      // Bridgette's discards back under the hand.
      if (els.controls.parentElement !== els.side) els.sheetPanel.before(els.controls);
      if (els.hand.nextElementSibling !== els.discards) els.hand.after(els.discards);
      if (els.keyEntry.previousElementSibling !== els.notice) els.keyEntry.before(els.notice);
    } else {
      if (els.hand.nextElementSibling !== els.controls) els.hand.after(els.controls);
      // A notice (why a card may not be played) appears under the buttons, so the hand
      // never jumps under a finger that has just tapped it.
      if (els.actions.previousElementSibling !== els.notice) els.actions.before(els.notice);
      // Bridgette's discards, a record rather than something to press, go last, so the
      // bidding box fits under the hand.
      const zone = els.hand.parentElement;
      if (zone && zone.lastElementChild !== els.discards) zone.append(els.discards);
    }
    const open = !wide && ui.sheetOpen;
    els.sheetPanel.classList.toggle("pop-up", open);
    if (open) els.sheetPanel.setAttribute("role", "dialog");
    else els.sheetPanel.removeAttribute("role");
  }

  /** The button that opens the score sheet over the screen's foot (narrow screens only). */
  function sheetButton() {
    if (wideQuery.matches) return null;
    return h("button", {
      type: "button",
      id: "sheet-btn",
      "aria-expanded": ui.sheetOpen ? "true" : "false",
      "aria-controls": "sheet-panel",
      text: "Score",
      onclick: () => setSheet(!ui.sheetOpen),
    });
  }

  return { arrange, sheetButton };
}
