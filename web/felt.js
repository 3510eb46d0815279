// The felt: the seats around the table with one's own at the bottom (four for the
// partnership games, two facing for Bridgette, three to seven around an oval for Devil's
// Bridge), the others' hands, dummy, the trick in the middle and the corner's facts.

import { h, replace } from "./dom.js";
import { callLabel, cardBack, cardButton, cardFace, sortHand } from "./cards.js";
import { actingSeats, bottomSeat, isPartnership, playTurnSeat, rotated, seatLabel, seatName, seatsInOrder, tricksOf } from "./deal.js";
import { callElement, contractName, isCall, isVulnerable } from "./auction.js";
import { layoutLater } from "./tableframe.js";
import { confirmOrSend } from "./confirm.js";

const BOT_LEVELS = ["random", "basic", "expert"];
/** The tag of a Devil's Bridge player who may change their bid but need not act. */
const MAY_CHANGE = "may change bid";

/**
 * Draws the felt from each view.
 * @param {Object} t the table screen's shared state and actions (see table.js)
 * @returns {{ renderFelt, beginCards, playButton, trumpSuit, seatEntry, presenceText }}
 */
export function feltRenderer(t) {
  const { ui, els, me, legal, act, send, say, render, reasonFor } = t;

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
      // Below the strip the stylesheet keeps for the hand's facts on a phone (--oval-top).
      const down = (50 + 38 * Math.sin(angle)) / 100;
      el.style.top = `calc(var(--oval-top, 0px) + (100% - var(--oval-top, 0px)) * ${down.toFixed(4)})`;
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
    const flag = isActing ? turnFlag(seat, isMe) : null;
    // A Devil's Bridge player who may only change their bid is not the one play waits on.
    const optional = flag === MAY_CHANGE;
    const el = h(
      "div",
      {
        class: `seat${isActing && !optional ? " turn" : ""}${optional ? " may-change" : ""}${isMe ? " mine" : ""}${entry.presence === "empty" ? " empty" : ""}`,
        dataset: { seat },
        role: "group",
        "aria-label": `${seatLabel(view.game, seat)}: ${seatName(view, seat)}`,
      },
      h(
        "div",
        { class: "plate" },
        h(
          "div",
          { class: "who" },
          h("span", { class: `dot presence-${entry.presence}`, "aria-hidden": "true" }),
          h("span", { class: "name", text: seatName(view, seat) }),
          ...marks,
        ),
        h(
          "div",
          { class: "sub" },
          isPartnership(view.game) || n === 2 ? h("span", { class: "seat-label", text: seatLabel(view.game, seat) }) : null,
          h("span", { class: "presence", text: isMe ? `you · ${presenceText(entry)}` : presenceText(entry) }),
          stats,
        ),
        flag ? h("span", { class: optional ? "turn-flag optional" : "turn-flag", text: flag }) : null,
      ),
      view.status === "open" ? seatingControls(seat, entry) : null,
      !isBottom && deal ? renderOtherHand(seat) : null,
    );
    return el;
  }

  /**
   * The tag on an acting seat, saying what it may do: one's own turn (or, when all one's
   * legal actions are changes of bid, that one may change it), dummy's (played by
   * declarer), or theirs.
   */
  function turnFlag(seat, isMe) {
    const deal = ui.view.deal;
    if (deal && deal.dummy === seat && deal.phase === "play") {
      return deal.declarer === ui.view.viewer?.seat ? "Your turn" : "declarer plays";
    }
    if (isMe && legal().length > 0) return legal().every((a) => a.startsWith("change ")) ? MAY_CHANGE : "Your turn";
    if (mayOnlyChange(seat)) return MAY_CHANGE;
    if (!deal || deal.phase === "play") return "to play";
    if (deal.phase === "exchange") return "to discard";
    return ui.view.game === "devils-bridge" ? "to bid" : "to call";
  }

  /**
   * Whether another Devil's Bridge player is listed in `to_act` only to change a bid
   * (RULES.md §3: bids may change until the first card): one who has bid while the
   * bidding goes on, or anyone but the card's holder once the play has begun.
   */
  function mayOnlyChange(seat) {
    const deal = ui.view.deal;
    if (ui.view.game !== "devils-bridge" || !deal) return false;
    if (deal.phase === "play") return playTurnSeat(deal) !== seat;
    const bid = deal.bids ? deal.bids[seat] : null;
    return deal.phase === "auction" && bid !== null && bid !== undefined;
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
    if (view.game === "devils-bridge") {
      // The game's running total, as the score sheet has it (the deal's own `totals` are
      // this hand's points, 0 until it ends).
      const totals = (view.sheet && view.sheet.totals) || deal.totals || {};
      parts.push(h("span", { class: "total", text: `${totals[seat] ?? 0} pts` }));
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
    // A seated player may change places with a computer player at once, or with a person
    // who agrees by asking for the same swap back (the view lists the requests waiting).
    const occupied = !free && seat !== mySeat;
    if (mySeat && occupied) {
      const swaps = view.swaps || [];
      const askedByThem = swaps.some((s) => s.from === seat && s.to === mySeat);
      const askedByMe = swaps.some((s) => s.from === mySeat && s.to === seat);
      parts.push(
        h("button", {
          type: "button",
          class: "swap",
          dataset: { swap: seat },
          disabled: askedByMe,
          text: askedByThem ? "Accept swap" : askedByMe ? "Swap asked" : "Swap seats",
          title: askedByMe ? "Waiting for them to agree" : null,
          onclick: () => send("swap", { seat }),
        }),
      );
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
      // Dummy is laid out with trumps to its right, declarer's left (Law 41D).
      const cards = sortHand(visible, { trump, trumpFirst: deal.dummy === seat });
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
      { class: "hand backs", role: "img", "aria-label": `${count} card${count === 1 ? "" : "s"} face down` },
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

  // Card buttons are kept from one view to the next while nothing about them changes, so a
  // view that arrives between a look and a press (a bot's move, someone's presence) leaves
  // the very button under the finger, with its focus and hover.
  let cardCache = new Map();
  let cardNext = new Map();

  /** Starts a render: buttons not asked for again by its end are dropped. */
  function beginCards() {
    cardCache = cardNext;
    cardNext = new Map();
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
    const drawnList = deal.exchange && deal.exchange.drawn && deal.exchange.drawn[fromSeat];
    const drawn = deal.phase === "exchange" && Boolean(drawnList && drawnList.includes(code));
    const key = `${fromSeat}|${code}|${action}|${enabled}|${drawn}`;
    const kept = cardCache.get(key);
    if (kept) {
      kept.classList.remove("hinted");
      cardNext.set(key, kept);
      return kept;
    }
    const button = cardButton(code, {
      enabled,
      onPlay: () => {
        // A joker with more than one way to be played asks which.
        if (code === "JK" && legal().filter((a) => a.startsWith("JK")).length > 1) {
          ui.jokerOpen = true;
          render();
          return;
        }
        // Bridgette's discards are chosen, then sent together (zone.js).
        if (action.startsWith("discard ")) {
          t.zone.toggleDiscard(code);
          return;
        }
        confirmOrSend(action, () => act(action, fromSeat));
      },
    });
    button.dataset.action = action;
    if (drawn) button.classList.add("drawn");
    // Deuces Wild: every two may be played to any trick (RULES.md §2), so say so on it.
    if (ui.view.game === "deuces-wild" && code.length === 2 && code[1] === "2") {
      button.classList.add("wild");
      button.setAttribute("aria-label", `${button.getAttribute("aria-label")}, wild`);
    }
    button.addEventListener("click", () => {
      if (button.getAttribute("aria-disabled") === "true") say(reasonFor(action, fromSeat), "refused");
    });
    cardNext.set(key, button);
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
    // The radii are the stylesheet's (--trick-rx, --trick-ry): each layout and screen size
    // spreads the trick so neighbours' cards and the seats stay clear of each other.
    const cos = Math.cos(angle).toFixed(3);
    const sin = Math.sin(angle).toFixed(3);
    slot.style.left = `calc(50% + var(--trick-rx) * ${cos})`;
    slot.style.top = `calc(50% + var(--trick-ry) * ${sin})`;
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
            { class: "side-tricks", "aria-label": `tricks won: North-South ${tw.NS ?? 0}, East-West ${tw.EW ?? 0}` },
            h("span", { class: "label", text: "Tricks" }),
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

  return { renderFelt, beginCards, playButton, trumpSuit, seatEntry, presenceText };
}
