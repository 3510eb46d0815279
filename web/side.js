// The side column: the auction, the table's buttons (undo, claim, hint, four colours),
// the score sheet, who is at the table, the chat, and the review of the last deal.

import { h, replace } from "./dom.js";
import { seatLabel, seatName, seatsInOrder } from "./deal.js";
import { renderAuction } from "./auction.js";
import { renderSheet } from "./sheet.js";
import { renderReview } from "./review.js";
import { KEY_HELP } from "./keyboard.js";

/**
 * A touch screen as the main pointer (a phone, a tablet): no keyboard to hand, so no
 * "Keys" help. Anything else (a mouse, a trackpad, or no pointer at all) gets it.
 */
const TOUCH = "(pointer: coarse)";

/**
 * Draws the side column and the review from each view.
 * @param {Object} t the table screen's shared state and actions (see table.js)
 * @returns {{ renderSide, renderReviewPanel }}
 */
export function sideRenderer(t) {
  const { ui, els, legal, send, render, ctx, wideQuery } = t;
  const { seatEntry, presenceText } = t.felt;
  const { remainingTricks } = t.zone;

  function renderSide() {
    const view = ui.view;
    const deal = view.deal;
    const c = ctx();
    // The auction: shown while it runs and as a record afterwards.
    // While the auction runs on a narrow screen it sits under the actions and the result.
    if (deal && deal.phase === "auction" && !wideQuery.matches) els.result.after(els.auctionPanel);
    else {
      // First in the side column, after the result when the result is there too.
      const anchor = els.result.parentElement === els.side ? els.result : null;
      if (anchor && anchor.nextElementSibling !== els.auctionPanel) anchor.after(els.auctionPanel);
      else if (!anchor && els.side.firstElementChild !== els.auctionPanel) els.side.prepend(els.auctionPanel);
    }
    if (deal && (deal.phase !== "exchange" || view.game !== "bridgette")) {
      els.auctionPanel.hidden = false;
      renderAuction(els.auctionHost, view, c);
    } else {
      els.auctionPanel.hidden = true;
      replace(els.auctionHost);
    }
    renderControls();
    renderKeys();
    renderPlayers();
    renderChat();
    renderSheet(els.sheetHost, view, c);
    renderDownloads();
  }

  /**
   * Under the score sheet, once a deal is finished: the match's record to save, as PBN
   * where PBN holds the game (Contract Bridge, Deuces Wild) and as JSON. The server
   * writes only finished deals into it, so the links show nothing still hidden.
   */
  function renderDownloads() {
    const view = ui.view;
    const sheet = els.sheetHost.querySelector("#sheet");
    const finished = view.status === "finished" || (view.deal_number ?? 1) > 1;
    if (!sheet || !finished) return;
    const query = t.invite ? `?invite=${encodeURIComponent(t.invite)}` : "";
    const link = (format, text, label) =>
      h("a", {
        class: "button download",
        id: `download-${format}`,
        href: `/api/tables/${t.tableId}/record.${format}${query}`,
        download: `tenace-table-${t.tableId}.${format}`,
        "aria-label": label,
        text,
      });
    const pbn = ["bridge", "deuces-wild"].includes(view.game);
    sheet.append(
      h(
        "p",
        { class: "sheet-downloads" },
        pbn ? link("pbn", "Download PBN", "Download the finished deals as a PBN file") : null,
        link("json", "Download JSON", "Download the finished deals as a JSON game record"),
      ),
    );
  }

  function renderControls() {
    const view = ui.view;
    const deal = view.deal;
    const mySeat = view.viewer && view.viewer.seat;
    const playing = view.status === "playing" && deal && deal.phase !== "finished";
    const history = deal && Array.isArray(deal.history) ? deal.history : [];
    const myActions = history.some((e) => e.player === mySeat);
    const canUndo =
      mySeat && playing && myActions && !view.undo && !view.claim && !(deal && deal.blind) && !nextActionTaken(view, history);
    const canClaim =
      mySeat && playing && deal.phase === "play" && view.game !== "devils-bridge" && !view.claim && !view.undo && remainingTricks() > 0;
    const parts = !mySeat ? [] : [
      h("button", {
        type: "button",
        id: "undo",
        disabled: !canUndo,
        title: canUndo ? "Ask to take back your last action" : undoWhyNot(),
        text: "Undo",
        onclick: () => send("undo"),
      }),
      h("button", {
        type: "button",
        id: "claim",
        disabled: !canClaim,
        "aria-expanded": ui.claimOpen ? "true" : "false",
        title: view.game === "devils-bridge" ? "Devil's Bridge has no claims" : "Claim some of the tricks left",
        text: "Claim",
        onclick: () => {
          ui.claimOpen = !ui.claimOpen;
          render();
        },
      }),
    ];
    if (view.settings && view.settings.hints) {
      parts.push(
        h("button", {
          type: "button",
          id: "hint",
          disabled: legal().length === 0 || ui.hintPending,
          "aria-busy": ui.hintPending ? "true" : null,
          text: ui.hintPending ? "Thinking…" : "Hint",
          onclick: () => {
            ui.hintPending = true;
            render();
            send("hint").then((msg) => {
              ui.hintPending = false;
              if (msg && msg.type === "hint") {
                ui.hint = { action: msg.action, reason: msg.reason, version: ui.view.version };
              }
              render();
            });
          },
        }),
      );
    }
    parts.push(
      h("button", {
        type: "button",
        id: "four-colour-btn",
        "aria-pressed": document.body.classList.contains("four-colour") ? "true" : "false",
        title: "Four-colour deck",
        text: "4 colours",
        onclick: () => {
          const on = !document.body.classList.contains("four-colour");
          document.body.classList.toggle("four-colour", on);
          try {
            localStorage.setItem("tenace.fourColour", on ? "1" : "0");
          } catch {
            // Storage may be off; the choice then lasts for this page only.
          }
          render();
        },
      })
    );
    // The confirm switch, and on a narrow screen the score sheet's button (zone.js).
    parts.push(...t.zone.extraButtons());
    replace(els.controls, h("div", { class: "buttons" }, ...parts));
  }

  /**
   * Whether an undo is too late at a table compared with the computer players' table,
   * where it is allowed only before the next action (the server's rule; the view's
   * `compared`).
   */
  function nextActionTaken(view, history) {
    const mySeat = view.viewer && view.viewer.seat;
    return Boolean(view.compared) && history.length > 0 && history[history.length - 1].player !== mySeat;
  }

  function undoWhyNot() {
    const view = ui.view;
    if (!view.viewer || !view.viewer.seat) return "Spectators cannot undo";
    if (view.deal && view.deal.blind) return "No undo in a blind hand";
    const history = (view.deal && view.deal.history) || [];
    if (history.some((e) => e.player === view.viewer.seat) && nextActionTaken(view, history)) {
      return "At a table compared with the computer players' table, an undo is allowed only before the next action";
    }
    return "Nothing of yours to take back yet";
  }

  // The keyboard's help, folded: on a desktop only (a phone has no keys to type), for the
  // keys of this table's game.
  const touch = window.matchMedia(TOUCH);
  touch.addEventListener("change", () => render());
  const keysList = h("dl", { class: "keys-list" });
  const keysBox = h(
    "details",
    { class: "side-box keys-box", id: "keys-help" },
    h("summary", { text: "Keys" }),
    h("p", { class: "keys-lead", text: "Type a call or a card anywhere on the table, then press Enter." }),
    keysList,
  );
  let keysGame = null;

  function renderKeys() {
    const game = ui.view.game;
    // For seated players: a spectator types no call or card.
    keysBox.hidden = touch.matches || !(ui.view.viewer && ui.view.viewer.seat);
    if (keysBox.previousElementSibling !== els.controls) els.controls.after(keysBox);
    if (keysGame === game) return;
    keysGame = game;
    replace(
      keysList,
      KEY_HELP.filter((k) => !k.games || k.games.includes(game)).map((k) =>
        h(
          "div",
          { class: "key-row" },
          h("dt", {}, k.keys.map((key, i) => [i ? " " : null, h("kbd", { text: key })])),
          h("dd", { text: k.what }),
        ),
      ),
    );
  }

  function renderPlayers() {
    const view = ui.view;
    const mySeat = view.viewer && view.viewer.seat;
    const order = seatsInOrder(view);
    replace(
      els.players,
      h("h2", { text: "At the table" }),
      h(
        "ul",
        {},
        ...order.map((seat) => {
          const entry = seatEntry(seat);
          return h(
            "li",
            { dataset: { seat, presence: entry.presence } },
            h("span", { class: `dot presence-${entry.presence}`, "aria-hidden": "true" }),
            h("span", { class: "seat-label", text: seatLabel(view.game, seat) }),
            h("span", { class: "name", text: entry.player || entry.bot ? entry.name || "" : "—" }),
            h("span", { class: "presence", text: seat === mySeat ? "you" : presenceText(entry) }),
          );
        }),
      ),
      mySeat ? null : h("p", { class: "spectator-note", text: "You are watching this table." }),
    );
  }

  function renderChat() {
    const view = ui.view;
    const list = view.chat || [];
    replace(
      els.chatLog,
      ...list.map((m) =>
        h("li", {}, h("span", { class: "from", text: `${m.name || seatName(view, m.seat)}: ` }), h("span", { class: "text", text: m.text })),
      ),
    );
    els.chatLog.scrollTop = els.chatLog.scrollHeight;
    els.chatInput.disabled = false;
  }

  els.chatForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = els.chatInput.value.trim();
    if (!text) return;
    send("chat", { text }).then((ack) => {
      if (ack) els.chatInput.value = "";
    });
  });

  // The review's dialog is built once: the review module keeps its replay position and
  // its fetch per element, so the same element is given to it on every view.
  const reviewHost = h("div", { class: "review-host" });
  const closeReview = () => {
    ui.reviewOpen = false;
    render();
    document.getElementById("review-btn")?.focus();
  };
  const reviewDialog = h(
    "div",
    { class: "review-dialog", role: "dialog", "aria-modal": "true", "aria-label": "Review of the last deal" },
    h("button", { type: "button", class: "close", id: "review-close", text: "Close review", onclick: closeReview }),
    reviewHost,
  );
  els.review.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      closeReview();
    }
  });

  function renderReviewPanel() {
    const view = ui.view;
    const open = Boolean(ui.reviewOpen && view.last_deal);
    document.body.classList.toggle("modal-open", open);
    if (!open) {
      els.review.hidden = true;
      return;
    }
    const opening = els.review.hidden;
    els.review.hidden = false;
    reviewDialog.setAttribute("aria-label", `Review of deal ${view.last_deal.number}`);
    if (reviewDialog.parentElement !== els.review) replace(els.review, reviewDialog);
    renderReview(reviewHost, view, ctx());
    if (opening) document.getElementById("review-close")?.focus({ preventScroll: true });
  }


  return { renderSide, renderReviewPanel };
}
