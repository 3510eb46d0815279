// The table screen, for every game and every phase: the seats around the felt with one's
// own at the bottom, the hands, the trick in the middle, the auction and bidding box, the
// exchange, the score sheet, chat, undo, claims, hints and the deal's review. Each view
// from the server rebuilds the sections; keyboard focus and the typed entry survive it.

import { h, replace } from "./dom.js";
import { cardBack, cardButton, cardFace, cardName, callLabel, sortHand, suitSymbol, suitClass } from "./cards.js";
import { TableConnection } from "./net.js";
import { buildSkeleton, checkTableExists, focusKey, layoutLater, rememberInvite, restoreFocus } from "./tableframe.js";
import { attachKeyboard, readEntry } from "./keyboard.js";
import {
  GAME_NAMES,
  MATCH_NAMES,
  actingSeats,
  bottomSeat,
  cardReason,
  isPartnership,
  playTurnSeat,
  resultLines,
  rotated,
  seatLabel,
  seatName,
  seatsInOrder,
  sideOf,
  tricksOf,
} from "./deal.js";

import { callElement, contractName, isCall, isVulnerable, renderAuction, renderBiddingBox, renderExchange } from "./auction.js";
import { renderSheet, signed } from "./sheet.js";
import { renderReview } from "./review.js";

const BOT_LEVELS = ["random", "basic", "expert"];

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
    chatDraft: "",
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
      if (ui.view && ui.view.version !== view.version) {
        ui.claimOpen = ui.claimOpen && !view.claim;
        ui.jokerOpen = false;
        if (ui.hint && ui.hint.version !== view.version) ui.hint = null;
      }
      ui.view = view;
      render();
    },
    onError: (msg) => {
      say(msg.message || "The server refused that.", "error");
    },
    onMessage: (msg) => {
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

  /** Shows a short line under the table (a refusal, an error, a confirmation). */
  function say(text, kind = "info") {
    ui.notice = text;
    ui.noticeKind = kind;
    renderNotice();
  }

  function renderNotice() {
    els.notice.textContent = ui.notice;
    els.notice.className = `notice ${ui.noticeKind}`;
    els.notice.hidden = !ui.notice;
  }

  /** Why an action is not legal now, in words. */
  function reasonFor(action, fromSeat) {
    const view = ui.view;
    if (!view) return "The table is still loading.";
    if (!view.viewer || !view.viewer.seat) return "You are watching: take a seat to play.";
    const reasons = view.call_reasons || {};
    if (reasons[action]) return reasons[action];
    if (isCall(action)) {
      // The bidding box already says why each greyed call is illegal (its title).
      const button = [...els.biddingHost.querySelectorAll("[data-action]")].find((b) => b.dataset.action === action);
      if (button && button.title) return button.title;
    }
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
      seatName: (seat) => seatName(view, seat),
      seatsInOrder: order,
      fourColour: document.body.classList.contains("four-colour"),
    };
  }

  function render() {
    const view = ui.view;
    if (!view) return;
    const focus = focusKey(document.activeElement, els.table);
    const t = els.table;
    const deal = view.deal;
    t.dataset.tableId = String(view.table);
    t.dataset.version = String(view.version);
    t.dataset.status = view.status;
    t.dataset.phase = (deal && deal.phase) || "";
    t.dataset.game = view.game;
    t.dataset.myTurn = legal().length > 0 ? "true" : "false";
    t.dataset.dealNumber = String(view.deal_number ?? 0);
    t.dataset.seats = String(seatsInOrder(view).length);
    t.classList.toggle("spectating", !(view.viewer && view.viewer.seat));

    renderHeader();
    renderFelt();
    renderMyZone();
    renderSide();
    renderReviewPanel();
    renderNotice();
    restoreFocus(focus, els.table);
    const mine = legal().length > 0;
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

  // ---- the felt -------------------------------------------------------------------------

  function renderFelt() {
    const view = ui.view;
    const order = seatsInOrder(view);
    const bottom = bottomSeat(view);
    const ring = rotated(order, bottom);
    const n = ring.length;
    const acting = new Set(actingSeats(view));
    const felt = els.felt;
    felt.className = `felt felt-${n === 4 ? "four" : n === 2 ? "two" : "oval"}`;
    const seats = ring.map((seat, k) => {
      const el = renderSeat(seat, k, n, acting.has(seat), seat === bottom);
      placeSeat(el, k, n);
      return el;
    });
    ui.centre = renderCentre(ring);
    replace(felt, ...seats, ui.centre, renderInfo());
  }

  function placeSeat(el, k, n) {
    if (n === 4) el.classList.add(["pos-bottom", "pos-left", "pos-top", "pos-right"][k]);
    else if (n === 2) el.classList.add(k === 0 ? "pos-bottom" : "pos-top");
    else {
      const angle = Math.PI / 2 + (k * 2 * Math.PI) / n;
      el.classList.add("pos-oval");
      // Kept a half seat's width inside the felt, so no seat pushes the page sideways.
      el.style.left = `clamp(var(--seat-half), ${50 + 41 * Math.cos(angle)}%, calc(100% - var(--seat-half)))`;
      el.style.top = `${50 + 38 * Math.sin(angle)}%`;
    }
  }

  function seatEntry(seat) {
    return (ui.view.seats || []).find((s) => s.seat === seat) || { seat, presence: "empty" };
  }

  function presenceText(entry) {
    switch (entry.presence) {
      case "connected":
        return "online";
      case "away":
        return "away";
      case "bot":
        return `${entry.bot || "computer"} bot`;
      case "taken_over":
        return "away · bot plays";
      default:
        return "empty seat";
    }
  }

  function renderSeat(seat, k, n, isActing, isBottom) {
    const view = ui.view;
    const deal = view.deal;
    const entry = seatEntry(seat);
    const mySeat = view.viewer && view.viewer.seat;
    const isMe = seat === mySeat;
    const marks = [];
    if (deal && deal.dealer === seat) marks.push(h("span", { class: "dealer", title: "Dealer", "aria-label": "dealer", text: "D" }));
    if (deal && isPartnership(view.game) && isVulnerable(seat, deal.vulnerability)) {
      marks.push(h("span", { class: "vul", title: "Vulnerable", text: "Vul" }));
    }
    if (deal && deal.declarer === seat && deal.contract) {
      marks.push(h("span", { class: "role", text: "Declarer" }));
    }
    if (deal && deal.dummy === seat && deal.contract) marks.push(h("span", { class: "role", text: "Dummy" }));
    const stats = seatStats(seat);
    const el = h(
      "div",
      {
        class: `seat${isActing ? " turn" : ""}${isMe ? " mine" : ""}${entry.presence === "empty" ? " empty" : ""}`,
        dataset: { seat },
        "aria-label": `${seatLabel(view.game, seat)}: ${seatName(view, seat)}`,
      },
      h(
        "div",
        { class: "plate" },
        h(
          "div",
          { class: "who" },
          h("span", { class: `dot presence-${entry.presence}`, "aria-hidden": "true" }),
          h("span", { class: "name", text: isMe ? `${seatName(view, seat)} (you)` : seatName(view, seat) }),
          ...marks,
        ),
        h(
          "div",
          { class: "sub" },
          isPartnership(view.game) || n === 2 ? h("span", { class: "seat-label", text: seatLabel(view.game, seat) }) : null,
          h("span", { class: "presence", text: presenceText(entry) }),
          stats,
        ),
        isActing ? h("span", { class: "turn-flag", text: turnFlag(seat, isMe) }) : null,
      ),
      view.status === "open" ? seatingControls(seat, entry) : null,
      !isBottom && deal ? renderOtherHand(seat) : null,
    );
    return el;
  }

  /** The tag on an acting seat: one's own turn, dummy's (played by declarer), or theirs. */
  function turnFlag(seat, isMe) {
    const deal = ui.view.deal;
    if (deal && deal.dummy === seat && deal.phase === "play") {
      return deal.declarer === ui.view.viewer?.seat ? "Your turn" : "declarer plays";
    }
    return isMe && legal().length > 0 ? "Your turn" : "to play";
  }

  function seatStats(seat) {
    const view = ui.view;
    const deal = view.deal;
    if (!deal) return null;
    const parts = [];
    if (deal.phase === "auction" && view.game !== "devils-bridge") {
      // The seat's latest call, as a bubble by its name (the whole auction is in its panel).
      const calls = (deal.history || []).filter((e) => e.player === seat && isCall(e.action));
      if (calls.length) {
        const call = calls[calls.length - 1].action;
        parts.push(h("span", { class: "last-call", "aria-label": `last call ${callLabel(call)}` }, callElement(call)));
      }
    }
    if (view.game === "devils-bridge") {
      const bid = deal.bids ? deal.bids[seat] : null;
      parts.push(h("span", { class: "bid", text: bid === null || bid === undefined ? "bid –" : `bid ${bid}` }));
    }
    if ((view.game === "devils-bridge" || view.game === "bridgette") && deal.phase !== "auction" && deal.phase !== "exchange") {
      const won = deal.tricks_won ? deal.tricks_won[seat] || 0 : 0;
      parts.push(h("span", { class: "tricks", text: `won ${won}` }));
    }
    if (view.game === "devils-bridge" && deal.totals) {
      parts.push(h("span", { class: "total", text: `${deal.totals[seat] ?? 0} pts` }));
    }
    return parts.length ? h("span", { class: "stats" }, ...parts) : null;
  }

  /** Sit, bot and remove controls for a seat before the start. */
  function seatingControls(seat, entry) {
    const view = ui.view;
    const mySeat = view.viewer && view.viewer.seat;
    const amHost = view.host === me.id;
    const parts = [];
    const free = entry.presence === "empty" || (!entry.player && !entry.bot);
    if (free) {
      parts.push(
        h("button", {
          type: "button",
          class: "sit",
          dataset: { sit: seat },
          text: mySeat ? "Move here" : "Sit here",
          onclick: () => send("sit", { seat }),
        }),
      );
    }
    if (amHost && (free || entry.bot)) {
      const select = h(
        "select",
        {
          dataset: { botSeat: seat },
          "aria-label": `Computer player for ${seatLabel(view.game, seat)}`,
          onchange: (event) => {
            const level = event.target.value || null;
            send("bot", { seat, level });
          },
        },
        h("option", { value: "", text: free ? "Add a bot…" : "No bot" }),
        ...BOT_LEVELS.map((level) => h("option", { value: level, text: `${level} bot`, selected: entry.bot === level })),
      );
      parts.push(select);
    }
    if (amHost && entry.player && entry.player !== me.id) {
      parts.push(
        h("button", {
          type: "button",
          class: "remove",
          dataset: { remove: seat },
          text: "Remove",
          onclick: () => send("remove", { seat }),
        }),
      );
    }
    if (seat === mySeat) {
      parts.push(h("button", { type: "button", class: "leave", id: "leave", text: "Leave seat", onclick: () => send("leave") }));
    }
    return parts.length ? h("div", { class: "seating" }, ...parts) : null;
  }

  /** A hand other than the bottom one: dummy or a visible hand face up, else backs. */
  function renderOtherHand(seat) {
    const view = ui.view;
    const deal = view.deal;
    const visible = deal.hands && deal.hands[seat];
    const count = deal.hand_sizes ? deal.hand_sizes[seat] ?? 0 : 0;
    const mySeat = view.viewer && view.viewer.seat;
    if (Array.isArray(visible)) {
      const trump = trumpSuit(deal);
      const cards = sortHand(visible, { trump });
      const playable = deal.dummy === seat && deal.declarer === mySeat && mySeat;
      const turn = playTurnSeat(deal);
      const items = cards.map((code) =>
        playable ? playButton(code, seat, turn === seat) : cardFace(code),
      );
      const active = playable && turn === seat && legal().length > 0;
      const cls = `hand${deal.dummy === seat ? " dummy" : ""}${playable ? " playable" : " shown"}${active ? " active" : ""}`;
      const el = h("div", { class: cls, dataset: { count: String(cards.length) } }, ...items);
      if (!playable && deal.dummy === seat) return suitRows(el, cards, deal);
      if (playable) layoutLater(el);
      return el;
    }
    if (count === 0) return h("div", { class: "hand none", text: "" });
    const backs = [];
    for (let i = 0; i < Math.min(count, 5); i++) backs.push(cardBack());
    return h(
      "div",
      { class: "hand backs", "aria-label": `${count} card${count === 1 ? "" : "s"}` },
      h("div", { class: "back-fan" }, ...backs),
      h("span", { class: "count", text: String(count) }),
    );
  }

  /** Dummy seen by a defender: one short row per suit, like a hand laid on the table. */
  function suitRows(el, cards, deal) {
    const groups = [];
    for (const code of cards) {
      const key = code.startsWith("JK") || ["GC", "RC", "LC"].includes(code) ? "*" : code[0];
      let g = groups.find((x) => x.key === key);
      if (!g) groups.push((g = { key, cards: [] }));
      g.cards.push(code);
    }
    return h(
      "div",
      { class: "hand dummy rows", dataset: { count: String(cards.length) } },
      ...groups.map((g) => h("div", { class: "suit-row" }, ...g.cards.map((c) => cardFace(c)))),
    );
  }

  function trumpSuit(deal) {
    if (!deal) return null;
    if (deal.contract) {
      const m = /^\d(NT|[SHDCR])/.exec(deal.contract);
      return m && m[1] !== "NT" ? m[1] : null;
    }
    if (deal.trump) return deal.trump[0];
    return null;
  }

  /** A card in a hand that plays (or discards) it when legal, and says why not otherwise. */
  function playButton(code, fromSeat, itsTurn) {
    const deal = ui.view.deal;
    let action = code;
    let enabled;
    if (deal.phase === "exchange") {
      action = `discard ${code}`;
      enabled = legal().includes(action);
    } else if (code === "JK") {
      const options = legal().filter((a) => a.startsWith("JK"));
      enabled = itsTurn && options.length > 0;
      action = options.length === 1 ? options[0] : "JK";
    } else {
      enabled = itsTurn && legal().includes(code);
    }
    const button = cardButton(code, {
      enabled,
      onPlay: () => {
        if (code === "JK" && action === "JK" && !legal().includes("JK")) {
          ui.jokerOpen = true;
          render();
          return;
        }
        if (code === "JK" && legal().filter((a) => a.startsWith("JK")).length > 1) {
          ui.jokerOpen = true;
          render();
          return;
        }
        act(action, fromSeat);
      },
    });
    button.dataset.action = action;
    const drawn = deal.exchange && deal.exchange.drawn && deal.exchange.drawn[fromSeat];
    if (deal.phase === "exchange" && drawn && drawn.includes(code)) button.classList.add("drawn");
    button.addEventListener("click", () => {
      if (button.getAttribute("aria-disabled") === "true") say(reasonFor(action, fromSeat), "refused");
    });
    return button;
  }

  /** The middle of the felt: the trick in progress, or the last one when asked. */
  function renderCentre(ring) {
    const view = ui.view;
    const deal = view.deal;
    const n = ring.length;
    const centre = h("div", { class: "centre" });
    if (!deal) {
      centre.append(h("div", { class: "centre-note", text: preStartNote() }));
      return centre;
    }
    const tricks = tricksOf(deal);
    const complete = tricks.filter((tr) => tr.winner);
    const current = deal.trick && deal.trick.cards && deal.trick.cards.length ? tricks[tricks.length - 1] : null;
    const trickEl = h("div", { id: "trick", class: "trick", dataset: { count: String(current ? current.cards.length : 0) } });
    const slotFor = (seat, k) => {
      const slot = h("div", { class: "slot", dataset: { seat } });
      placeSlot(slot, k, n);
      return slot;
    };
    const fill = (el, trick, winnerMark) => {
      ring.forEach((seat, k) => {
        const slot = slotFor(seat, k);
        const played = trick && trick.cards.find((c) => c.seat === seat);
        if (played) {
          const face = cardFace(played.card);
          const reason = botReason(seat, played.card);
          if (reason) face.append(svgTitle(reason));
          slot.append(face);
          if (trick === current && trick.cards[trick.cards.length - 1] === played) slot.classList.add("latest");
          if (winnerMark && trick.winner === seat) {
            slot.classList.add("winner");
            slot.append(h("span", { class: "win-tag", text: "wins" }));
          }
          if (trick.leader === seat) slot.classList.add("lead");
        }
        el.append(slot);
      });
    };
    fill(trickEl, current, false);
    centre.append(trickEl);
    const last = complete[complete.length - 1];
    if (ui.showLast && last) {
      const lastEl = h(
        "div",
        { id: "last-trick", class: "trick done", "aria-label": `Trick ${complete.length}, won by ${seatName(view, last.winner)}` },
      );
      fill(lastEl, last, true);
      lastEl.append(h("div", { class: "trick-caption", text: `Trick ${complete.length}: ${seatName(view, last.winner)} won` }));
      centre.append(lastEl);
      centre.classList.add("showing-last");
    } else if (!current && last && (deal.phase === "play" || deal.phase === "finished")) {
      // The trick just completed stays in view until the next card is led.
      const doneEl = h("div", { id: "trick-done", class: "trick done", "aria-label": `${seatName(view, last.winner)} won the trick` });
      fill(doneEl, last, true);
      centre.append(doneEl);
    }
    if (deal.phase === "auction" || deal.phase === "exchange") {
      centre.append(h("div", { class: "centre-note", text: deal.phase === "auction" ? auctionNote() : "The exchange" }));
    }
    if (deal.phase === "finished") {
      centre.append(h("div", { class: "centre-note", text: "Deal over" }));
    }
    return centre;
  }

  function placeSlot(slot, k, n) {
    const angle = Math.PI / 2 + (k * 2 * Math.PI) / n;
    // Around an oval the slots spread wider, so the cards of neighbours do not overlap.
    const rx = n === 2 ? 0 : n === 4 ? 30 : 36;
    const ry = n === 2 ? 26 : n === 4 ? 27 : 33;
    slot.style.left = `${50 + rx * Math.cos(angle)}%`;
    slot.style.top = `${50 + ry * Math.sin(angle)}%`;
  }

  function svgTitle(text) {
    const t = document.createElementNS("http://www.w3.org/2000/svg", "title");
    t.textContent = text;
    return t;
  }

  function botReason(seat, action) {
    const list = ui.view.bot_actions || [];
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i].seat === seat && list[i].action === action) return list[i].reason;
    }
    return null;
  }

  function auctionNote() {
    const view = ui.view;
    const deal = view.deal;
    if (view.game === "devils-bridge") return `Bidding: ${deal.hand_size} card${deal.hand_size === 1 ? "" : "s"}`;
    return "The auction";
  }

  function preStartNote() {
    const view = ui.view;
    const free = (view.seats || []).filter((s) => !s.player && !s.bot).length;
    if (view.status === "open") return free ? `Waiting for ${free} more player${free === 1 ? "" : "s"}` : "Starting…";
    return "";
  }

  /** The corner of the felt: contract and tricks, trump card, up-card and stock. */
  function renderInfo() {
    const view = ui.view;
    const deal = view.deal;
    const info = h("div", { class: "info", id: "deal-info" });
    if (!deal) return info;
    if (isPartnership(view.game) || view.game === "bridgette") {
      if (deal.contract) {
        info.append(
          h(
            "div",
            { class: "contract", id: "contract" },
            contractLabel(deal.contract),
            h("span", { class: "by", text: ` by ${seatName(view, deal.declarer)}` }),
          ),
        );
      } else if (deal.phase === "auction") {
        info.append(h("div", { class: "contract pending", text: "Auction" }));
      }
      if (isPartnership(view.game)) {
        const tw = deal.tricks_won_by_side || {};
        info.append(
          h(
            "div",
            { class: "side-tricks" },
            h("span", { text: `NS ${tw.NS ?? 0}` }),
            h("span", { text: `EW ${tw.EW ?? 0}` }),
          ),
        );
        info.append(h("div", { class: "vul-line", text: `Vul: ${vulText(deal.vulnerability)}` }));
      }
    }
    if (view.game === "devils-bridge") {
      const bids = deal.bids || {};
      const sum = Object.values(bids).reduce((a, b) => a + (typeof b === "number" ? b : 0), 0);
      info.append(
        h(
          "div",
          { class: "trump-box" },
          h("span", { class: "label", text: "Trump" }),
          deal.trump ? cardFace(deal.trump) : h("span", { class: "no-trump", text: "No trump" }),
        ),
        h("div", { class: "hand-size", text: `${deal.hand_size} card${deal.hand_size === 1 ? "" : "s"}${deal.blind ? " · blind" : ""}` }),
        h("div", { class: "bid-sum", text: `bids ${sum} / ${deal.hand_size}` }),
      );
    }
    if (view.game === "bridgette" && deal.exchange) {
      const ex = deal.exchange;
      info.append(
        h(
          "div",
          { class: "stock-box" },
          h(
            "div",
            { class: "upcard" },
            h("span", { class: "label", text: "Up-card" }),
            deal.upcard ? cardFace(deal.upcard) : null,
          ),
          h(
            "div",
            { class: "stock" },
            h("span", { class: "label", text: "Stock" }),
            cardBack(),
            h("span", { class: "count", text: String(ex.stock_size ?? 0) }),
          ),
        ),
      );
    }
    return info;
  }

  function contractLabel(contract) {
    const el = callElement(contract);
    el.setAttribute("aria-label", contractName(contract));
    return el;
  }

  function vulText(v) {
    return { None: "none", NS: "N-S", EW: "E-W", Both: "both" }[v] || "none";
  }

  // ---- below the felt: turn line, actions, own hand -------------------------------------

  function renderMyZone() {
    const view = ui.view;
    const deal = view.deal;
    const mySeat = view.viewer && view.viewer.seat;
    const bottom = bottomSeat(view);

    renderResult();
    els.turn.textContent = turnText();
    els.turn.classList.toggle("mine", legal().length > 0);

    // The actions: bidding box, exchange prompt, blind play, joker and claim choosers,
    // pending undo/claim answers, hint.
    const area = els.actions;
    replace(area);
    if (view.status === "open") area.append(inviteBox());
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
        renderExchange(els.exchangeHost, view, ctx());
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
            onclick: () => act("blind"),
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
      if (deal.phase === "exchange") {
        const ex = deal.exchange || {};
        const left = (ex.draw_counts?.[mySeat] ?? 0) - (ex.discard_counts?.[mySeat] ?? 0);
        return `Your turn: discard ${left} card${left === 1 ? "" : "s"}.`;
      }
      if (deal.phase === "auction") {
        if (l.every((a) => a.startsWith("change "))) return "You may change your bid.";
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
            send("claim", { tricks: n });
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

  // ---- the side column: auction, controls, players, chat, sheet -------------------------

  function renderSide() {
    const view = ui.view;
    const deal = view.deal;
    const c = ctx();
    // The auction: shown while it runs and as a record afterwards.
    // While the auction runs on a narrow screen it sits right under the turn line.
    if (deal && deal.phase === "auction" && !wideQuery.matches) els.result.after(els.auctionPanel);
    else if (els.auctionPanel.parentElement !== els.side) els.side.prepend(els.auctionPanel);
    if (deal && (deal.phase !== "exchange" || view.game !== "bridgette")) {
      els.auctionPanel.hidden = false;
      renderAuction(els.auctionHost, view, c);
    } else {
      els.auctionPanel.hidden = true;
      replace(els.auctionHost);
    }
    renderControls();
    renderPlayers();
    renderChat();
    renderSheet(els.sheetHost, view);
  }

  function renderControls() {
    const view = ui.view;
    const deal = view.deal;
    const mySeat = view.viewer && view.viewer.seat;
    const playing = view.status === "playing" && deal && deal.phase !== "finished";
    const myActions = deal && Array.isArray(deal.history) ? deal.history.some((e) => e.player === mySeat) : false;
    const canUndo = mySeat && playing && myActions && !view.undo && !view.claim && !(deal && deal.blind);
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
          disabled: legal().length === 0,
          text: "Hint",
          onclick: () => {
            send("hint").then((msg) => {
              if (msg && msg.type === "hint") {
                ui.hint = { action: msg.action, reason: msg.reason, version: ui.view.version };
                render();
              }
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
    replace(els.controls, h("div", { class: "buttons" }, ...parts));
    if (ui.hint) {
      els.controls.append(
        h(
          "p",
          { id: "hint-text", class: "hint-text", role: "status" },
          h("strong", { text: `Hint: ${hintLabel(ui.hint.action)}` }),
          ui.hint.reason ? ` — ${ui.hint.reason}` : "",
        ),
      );
    }
  }

  function hintLabel(action) {
    if (!action) return "";
    if (/^(?:[SHDCR][AKQJT2-9]|JK[SHDC]?|GC|RC|LC)$/.test(action)) return cardName(action);
    if (action.startsWith("discard ")) return `discard the ${cardName(action.slice(8))}`;
    return callLabel(action);
  }

  function undoWhyNot() {
    const view = ui.view;
    if (!view.viewer || !view.viewer.seat) return "Spectators cannot undo";
    if (view.deal && view.deal.blind) return "No undo in a blind hand";
    return "Nothing of yours to take back yet";
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

  function renderReviewPanel() {
    const view = ui.view;
    if (!ui.reviewOpen || !view.last_deal) {
      els.review.hidden = true;
      replace(els.review);
      return;
    }
    els.review.hidden = false;
    const host = h("div", { class: "review-host" });
    renderReview(host, view, ctx());
    replace(
      els.review,
      h(
        "div",
        { class: "review-dialog", role: "dialog", "aria-label": `Review of deal ${view.last_deal.number}` },
        h("button", {
          type: "button",
          class: "close",
          id: "review-close",
          text: "Close review",
          onclick: () => {
            ui.reviewOpen = false;
            render();
          },
        }),
        host,
      ),
    );
  }

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
