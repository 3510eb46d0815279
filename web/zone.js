// Below the felt: the turn line, the actions (bidding box, exchange, blind play, the joker
// and claim choosers, pending undo and claim answers, the invite link), one's own hand and
// discards, and the result of the deal just played.

import { h, replace } from "./dom.js";
import { callLabel, callName, cardBack, cardFace, cardName, sortHand, suitClass, suitSymbol } from "./cards.js";
import { actingSeats, bottomSeat, isCard, isPartnership, playTurnSeat, resultLines, seatName, seatsInOrder, sideOf } from "./deal.js";
import { isCall, renderBiddingBox, renderExchange } from "./auction.js";
import { signed } from "./sheet.js";
import { layoutLater } from "./tableframe.js";
import { DiscardChoice, confirmOrSend, confirmToggle, paintArmed, watchConfirm } from "./confirm.js";
import { narrowLayout } from "./narrow.js";

/**
 * Draws the zone under the felt from each view.
 * @param {Object} t the table screen's shared state and actions (see table.js)
 * @returns {{ renderMyZone, remainingTricks, toggleDiscard, extraButtons }}
 */
export function zoneRenderer(t) {
  const { ui, els, invite, tableId, legal, act, send, say, claimDropped, render, ctx, wideQuery } = t;
  const { playButton, trumpSuit } = t.felt;
  const narrow = narrowLayout(t);
  // Two taps per card or call when confirm is on: a tap elsewhere or Escape lets the
  // raised one down; this live region says what the next tap does.
  watchConfirm(() => render());
  const confirmStatus = h("p", { id: "confirm-status", class: "visually-hidden", role: "status" });
  // Bridgette's discards, chosen in the hand and sent together.
  const discards = new DiscardChoice();

  function renderMyZone() {
    const view = ui.view;
    const deal = view.deal;
    const mySeat = view.viewer && view.viewer.seat;
    const bottom = bottomSeat(view);

    renderResult();
    // The result: at the top of the side column on a wide screen, where it is seen without
    // scrolling; under the actions on a narrow one, after what must be pressed.
    if (wideQuery.matches) {
      if (els.side.firstElementChild !== els.result) els.side.prepend(els.result);
    } else if (els.actions.nextElementSibling !== els.result) {
      els.actions.after(els.result);
    }
    els.turn.textContent = turnText();
    els.turn.classList.toggle("mine", legal().length > 0);
    if (els.turn.nextElementSibling !== confirmStatus) els.turn.after(confirmStatus);
    const exchangeTurn = deal && deal.phase === "exchange" && legal().some((a) => a.startsWith("discard "));
    discards.sync(exchangeTurn ? `${view.table}/${view.deal_number}/${mySeat}` : "", legal());

    // The actions: bidding box, exchange prompt, blind play, joker and claim choosers,
    // pending undo/claim answers, hint.
    const area = els.actions;
    replace(area);
    if (view.status === "open") area.append(inviteBox());
    if (ui.hint) area.append(hintBox());
    if (deal && view.status === "playing") {
      if (ui.jokerOpen) area.append(jokerChooser());
      if (ui.claimOpen) area.append(claimChooser());
      const pending = pendingBox();
      if (pending) area.append(pending);
      // The same elements every time: the auction module keeps what was tapped per element.
      if (legal().some((a) => isCall(a))) {
        renderBiddingBox(els.biddingHost, view, ctx());
        const onFelt = wideQuery.matches && deal.phase === "auction" && ui.centre;
        (onFelt ? ui.centre : area).append(els.biddingHost);
        ui.centre?.classList.toggle("with-box", Boolean(onFelt));
      }
      if (deal.phase === "exchange") {
        renderExchange(els.exchangeHost, view, { ...ctx(), discardChoice: discards, sendDiscards, clearDiscards });
        area.append(els.exchangeHost);
      }
      if (legal().includes("blind")) {
        area.append(
          h("button", {
            type: "button",
            class: "primary blind",
            dataset: { action: "blind" },
            "aria-label": "play your unseen card",
            text: "Blind: play my card",
            onclick: () => confirmOrSend("blind", () => act("blind")),
          }),
        );
      }
    }
    if (view.second_table) {
      area.append(h("p", { class: "second-table", text: "The other table is playing this board; the next one follows." }));
    }

    // Own hand (or the bottom seat's visible hand for a spectator).
    const handEl = els.hand;
    const cards = deal && deal.hands ? deal.hands[bottom] : null;
    handEl.className = "hand my-hand";
    const handActive =
      mySeat === bottom && deal && (deal.phase === "exchange" || playTurnSeat(deal) === bottom) && legal().length > 0;
    handEl.classList.toggle("active", Boolean(handActive));
    if (!deal) {
      replace(handEl);
    } else if (Array.isArray(cards)) {
      const sorted = sortHand(cards, { trump: trumpSuit(deal) });
      const turn = playTurnSeat(deal);
      const playsOwn = mySeat === bottom;
      replace(
        handEl,
        ...sorted.map((code) => (playsOwn ? playButton(code, bottom, turn === bottom || deal.phase === "exchange") : cardFace(code))),
      );
      layoutLater(handEl);
    } else {
      const count = deal.hand_sizes ? deal.hand_sizes[bottom] ?? 0 : 0;
      const backs = [];
      for (let i = 0; i < count; i++) backs.push(cardBack());
      replace(handEl, ...backs);
      handEl.classList.add("unseen");
      layoutLater(handEl);
    }
    // Bridgette: one's own discards, face up, apart from the hand.
    const ex = deal && deal.exchange;
    const mine = ex && ex.discards && mySeat ? ex.discards[mySeat] : null;
    if (mine && mine.length) {
      els.discards.hidden = false;
      replace(
        els.discards,
        h("span", { class: "label", text: "Your discards" }),
        h("div", { class: "discard-row" }, ...mine.map((c) => cardFace(c))),
      );
    } else {
      els.discards.hidden = true;
      replace(els.discards);
    }
    // A discard chosen is pressed in (a toggle), until the choice is sent.
    for (const el of handEl.querySelectorAll("button.card[data-action^='discard ']")) {
      el.setAttribute("aria-pressed", discards.has(el.dataset.card) ? "true" : "false");
    }
    paintArmed(els.table, legal(), confirmStatus, callName);
    narrow.arrange();
  }

  /** How many cards the viewer has still to discard in Bridgette's exchange. */
  function discardsLeft() {
    const view = ui.view;
    const ex = (view.deal && view.deal.exchange) || {};
    const me = view.viewer && view.viewer.seat;
    return (ex.draw_counts?.[me] ?? 0) - (ex.discard_counts?.[me] ?? 0);
  }

  /** A card tapped in the hand during one's exchange turn: chosen, or chosen no more. */
  function toggleDiscard(code) {
    if (discards.sending) return;
    const left = discardsLeft();
    if (!discards.toggle(code, left)) {
      say(`You have chosen ${left}: tap one of them to put it back first.`, "refused");
      return;
    }
    say("");
    render();
  }

  function clearDiscards() {
    discards.clear();
    render();
  }

  /** Sends the chosen discards one by one, stopping at the first the server refuses. */
  async function sendDiscards() {
    const chosen = discards.cards.slice();
    if (discards.sending || chosen.length !== discardsLeft()) return;
    discards.sending = true;
    render();
    for (const card of chosen) {
      const ack = await act(`discard ${card}`);
      if (!ack) break; // act has said why
    }
    discards.sending = false;
    discards.clear();
    render();
  }

  /** The buttons this zone adds to the table's (side.js): the confirm switch, the sheet's. */
  function extraButtons() {
    return [confirmToggle(), narrow.sheetButton()];
  }

  function turnText() {
    const view = ui.view;
    const deal = view.deal;
    const mySeat = view.viewer && view.viewer.seat;
    if (view.status === "open") return mySeat ? "Waiting for the table to fill." : "Take a free seat to play.";
    if (view.status === "finished") return "The match is over.";
    if (!deal) return "";
    const l = legal();
    if (view.claim) return `${seatName(view, view.claim.by)} claims ${view.claim.tricks} of the remaining tricks.`;
    if (view.undo) return `${seatName(view, view.undo.by)} asks to undo.`;
    if (l.length) {
      // Devil's Bridge: a player who has bid may change it until the first card (RULES.md
      // §3), which is no turn of theirs.
      if (l.every((a) => a.startsWith("change "))) {
        return deal.phase === "play" ? "You may change your bid until the first card is played." : "You may change your bid.";
      }
      if (deal.phase === "exchange") {
        const left = discardsLeft();
        return `Your turn: discard ${left} card${left === 1 ? "" : "s"}.`;
      }
      if (deal.phase === "auction") {
        return view.game === "devils-bridge" ? "Your turn: bid." : "Your turn: make a call.";
      }
      if (l.includes("blind")) return "Your turn: play your unseen card.";
      const turn = playTurnSeat(deal);
      if (turn && turn === deal.dummy && deal.declarer === mySeat) return "Your turn: play from dummy.";
      return "Your turn: play a card.";
    }
    // Dummy's turn is declarer's to play.
    const acting = [...new Set(actingSeats(view).map((s) => (deal.dummy === s && deal.phase === "play" ? deal.declarer : s)))].filter(
      (s) => s !== mySeat,
    );
    if (deal.phase === "finished") return "Deal over.";
    if (!mySeat) return acting.length ? `Watching · ${acting.map((s) => seatName(view, s)).join(", ")} to act` : "Watching";
    return acting.length ? `Waiting for ${acting.map((s) => seatName(view, s)).join(", ")}…` : "";
  }

  function renderResult() {
    const view = ui.view;
    const last = view.last_deal;
    const showFinal = view.status === "finished";
    if (!last || (ui.dismissedResult === last.number && !showFinal)) {
      els.result.hidden = true;
      replace(els.result);
      return;
    }
    els.result.hidden = false;
    const lines = resultLines(view.game, last.record, (s) => seatName(view, s));
    // Devil's Bridge: one short entry per player, so five to seven fit on a line or two.
    const body =
      view.game === "devils-bridge"
        ? [h("p", { text: lines[0] }), h("ul", { class: "scores" }, ...lines.slice(1).map((line) => h("li", { class: / exact,/.test(line) ? "exact" : "", text: line })))]
        : lines.map((line) => h("p", { text: line }));
    replace(
      els.result,
      h("h2", { text: `Deal ${last.number}` }),
      ...body,
      showFinal ? h("p", { class: "final", text: finalLine() }) : null,
      h(
        "div",
        { class: "result-actions" },
        h("button", {
          type: "button",
          id: "review-btn",
          text: "Review the deal",
          onclick: () => {
            ui.reviewOpen = true;
            render();
          },
        }),
        showFinal
          ? h("a", { href: "/", class: "button", text: "Back to the lobby" })
          : h("button", {
              type: "button",
              class: "dismiss",
              "aria-label": "Close the result",
              text: "Close",
              onclick: () => {
                ui.dismissedResult = last.number;
                render();
              },
            }),
      ),
    );
  }

  function finalLine() {
    const view = ui.view;
    const sheet = view.sheet || {};
    if (Array.isArray(sheet.winners) && sheet.winners.length) {
      return `The game is over: ${sheet.winners.map((s) => seatName(view, s)).join(" and ")} won.`;
    }
    if (sheet.draw) return "The game is over: a draw.";
    if (sheet.winner !== undefined && sheet.winner !== null) return `The game is over: ${seatName(view, sheet.winner)} won.`;
    if (sheet.totals && typeof sheet.totals.NS === "number") {
      return `The match is over: North-South ${signed(sheet.totals.NS)}, East-West ${signed(sheet.totals.EW)}.`;
    }
    return "The match is over.";
  }

  function inviteBox() {
    const url = `${location.origin}/t/${tableIdOf()}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`;
    const input = h("input", { type: "text", readonly: true, value: url, id: "invite-link", "aria-label": "Invite link" });
    return h(
      "div",
      { class: "invite" },
      h("label", { for: "invite-link", text: "Invite a friend with this link:" }),
      h(
        "div",
        { class: "invite-line" },
        input,
        h("button", {
          type: "button",
          id: "copy-invite",
          text: "Copy",
          onclick: async () => {
            try {
              await navigator.clipboard.writeText(url);
              say("Link copied.");
            } catch {
              input.select();
              say("Select the link and copy it.");
            }
          },
        }),
      ),
    );
  }

  function tableIdOf() {
    return ui.view ? ui.view.table : tableId;
  }

  /** The expert's suggestion, its action marked where it can be pressed. */
  function hintBox() {
    return h(
      "p",
      { id: "hint-text", class: "hint-text", role: "status" },
      h("strong", { text: `Hint: ${hintLabel(ui.hint.action)}` }),
      ui.hint.reason ? ` — ${ui.hint.reason}` : "",
    );
  }

  function hintLabel(action) {
    if (!action) return "";
    if (isCard(action)) return cardName(action);
    if (action.startsWith("discard ")) return `discard the ${cardName(action.slice(8))}`;
    return callLabel(action);
  }

  function jokerChooser() {
    const options = legal().filter((a) => a.startsWith("JK"));
    return h(
      "div",
      { class: "chooser", id: "joker-chooser", role: "group", "aria-label": "Play the joker as" },
      h("span", { class: "label", text: "Play the joker as:" }),
      ...options.map((a) =>
        h("button", { type: "button", dataset: { action: a }, "aria-label": cardName(a), onclick: () => act(a) }, jokerLabel(a)),
      ),
      h("button", {
        type: "button",
        class: "cancel",
        text: "Cancel",
        onclick: () => {
          ui.jokerOpen = false;
          render();
        },
      }),
    );
  }

  function jokerLabel(a) {
    if (a === "JK") return "the joker";
    return h("span", {}, "2", h("span", { class: suitClass(a[2]), text: suitSymbol(a[2]) }));
  }

  function remainingTricks() {
    const deal = ui.view.deal;
    if (!deal || !deal.hand_sizes) return 0;
    return Math.max(0, ...Object.values(deal.hand_sizes));
  }

  function claimChooser() {
    const left = remainingTricks();
    const buttons = [];
    for (let n = 0; n <= left; n++) {
      buttons.push(
        h("button", {
          type: "button",
          dataset: { claimTricks: String(n) },
          text: String(n),
          onclick: () => {
            ui.claimOpen = false;
            const dealNumber = ui.view.deal_number;
            send("claim", { tricks: n }).then((ack) => {
              // Computer players answer at once: a claim taken leaves no claim pending and
              // the deal over; one rejected leaves no claim pending and play going on,
              // which no view shows pending (people's answers come later: see onView).
              const now = ui.view;
              const going = now.deal_number === dealNumber && now.deal && now.deal.phase === "play";
              if (ack && !now.claim && going) claimDropped(n);
            });
            render();
          },
        }),
      );
    }
    return h(
      "div",
      { class: "chooser", id: "claim-chooser", role: "group", "aria-label": "Claim tricks" },
      h("span", { class: "label", text: `Your side takes how many of the ${left} tricks left?` }),
      h("div", { class: "numbers" }, ...buttons),
      h("button", {
        type: "button",
        class: "cancel",
        text: "Cancel",
        onclick: () => {
          ui.claimOpen = false;
          render();
        },
      }),
    );
  }

  function opponentsOf(seat) {
    const order = seatsInOrder(ui.view);
    if (isPartnership(ui.view.game)) return order.filter((s) => sideOf(s) !== sideOf(seat));
    return order.filter((s) => s !== seat);
  }

  /** A pending undo or claim: the answer buttons for who must answer, withdraw for who asked. */
  function pendingBox() {
    const view = ui.view;
    const mySeat = view.viewer && view.viewer.seat;
    const box = [];
    for (const [kind, pending] of [
      ["undo", view.undo],
      ["claim", view.claim],
    ]) {
      if (!pending) continue;
      const text =
        kind === "undo"
          ? `${seatName(view, pending.by)} asks to take back their last action.`
          : `${seatName(view, pending.by)} claims ${pending.tricks} of the ${remainingTricks()} tricks left.`;
      const answers = pending.answers || {};
      const row = h("div", { class: `pending ${kind}`, id: `${kind}-pending` }, h("p", { text }));
      const attr = kind === "undo" ? "undoAnswer" : "claimAnswer";
      const type = kind === "undo" ? "undo_answer" : "claim_answer";
      if (mySeat && mySeat === pending.by) {
        row.append(
          h("button", {
            type: "button",
            dataset: { [kind === "undo" ? "undoWithdraw" : "claimWithdraw"]: "true" },
            text: "Withdraw",
            onclick: () => send(type, { accept: false }),
          }),
        );
      } else if (mySeat && opponentsOf(pending.by).includes(mySeat) && !(mySeat in answers)) {
        row.append(
          h("button", { type: "button", class: "primary", dataset: { [attr]: "accept" }, text: "Accept", onclick: () => send(type, { accept: true }) }),
          h("button", { type: "button", dataset: { [attr]: "reject" }, text: "Reject", onclick: () => send(type, { accept: false }) }),
        );
      } else {
        const waiting = opponentsOf(pending.by).filter((s) => !(s in answers) && s !== mySeat);
        if (waiting.length) row.append(h("span", { class: "waiting", text: `Waiting for ${waiting.map((s) => seatName(view, s)).join(", ")}` }));
      }
      box.push(row);
    }
    return box.length ? h("div", { class: "pending-box" }, ...box) : null;
  }

  return { renderMyZone, remainingTricks, toggleDiscard, extraButtons };
}
