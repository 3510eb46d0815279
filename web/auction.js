// The auction: the calls made so far as a table by seat (or Devil's Bridge's list of bids),
// the bidding box, and Bridgette's exchange prompt. Each render function rebuilds its
// element from the view; what the player tapped (a bot's reason, an illegal call's reason)
// is kept per element so a view arriving in between does not wipe it.

import { h, replace } from "./dom.js";
import { cardFace, callName, callLabel, suitSymbol, suitClass } from "./cards.js";
import { armedAction, confirmOrSend } from "./confirm.js";
import { namePlayers, refusalReason } from "./deal.js";

/** A call of the partnership games and Bridgette, as the engine writes it. */
const CALL = /^(P|X|XX|[0-7](C|D|H|S|R|NT))$/;
/** A Devil's Bridge bid or bid change. */
const DEVILS_BID = /^(change )?\d+$/;
/** A bid (level and strain), with any double, as in a contract. */
const CONTRACT = /^([0-7])(C|D|H|S|R|NT)(X{0,2})$/;

/** The reason shown for an illegal call when the server gives none. */
const GENERIC_REASON = "not a legal call now";

/** Whether `action` is a call of the auction (not a card, discard or claim). */
export function isCall(action) {
  return CALL.test(action) || DEVILS_BID.test(action);
}

/** Whether `game` is Devil's Bridge (whose auction is a list of bids, not a table). */
export function isDevils(game) {
  return game === "devils-bridge";
}

/** The strains of a game's bidding box, lowest first. */
function strains(game) {
  return game === "five-crowns" ? ["C", "D", "H", "S", "R", "NT"] : ["C", "D", "H", "S", "NT"];
}

/** Whether the game has the zero-level bid `0NT` (Five Crowns and Bridgette). */
function hasZeroNT(game) {
  return game === "five-crowns" || game === "bridgette";
}

/**
 * A call or contract drawn with its suit symbol in the suit's colour: `4SX` → "4♠X".
 * Pass, double and redouble use the short labels of cards.js.
 * @param {string} call
 * @returns {HTMLElement}
 */
export function callElement(call) {
  const m = CONTRACT.exec(call);
  if (!m) return h("span", { class: "call-label" }, callLabel(call));
  const [, level, strain, doubled] = m;
  const symbol =
    strain === "NT" ? h("span", { class: "nt" }, "NT") : h("span", { class: suitClass(strain) }, suitSymbol(strain));
  return h("span", { class: "call-label" }, level, symbol, doubled || null);
}

/** A screen reader's name of a contract such as `4SX`: "four spades doubled". */
export function contractName(contract) {
  const m = CONTRACT.exec(contract);
  if (!m) return callName(contract);
  const [, level, strain, doubled] = m;
  const suffix = doubled === "XX" ? " redoubled" : doubled === "X" ? " doubled" : "";
  return callName(level + strain) + suffix;
}

/** A seat's name: the context's when there is one, else the view's seat list. */
export function seatName(view, ctx, seat) {
  if (ctx && typeof ctx.seatName === "function") {
    const name = ctx.seatName(seat);
    if (name) return name;
  }
  const entry = (view.seats || []).find((s) => s.seat === seat);
  return entry && entry.name ? entry.name : `seat ${seat}`;
}

/**
 * A seat as players count it: the compass letter, or for the numbered games (the engine's
 * `0` to `n-1`) the number from 1, as the table shows "Seat 3".
 */
export function seatMark(seat) {
  return /^\d+$/.test(String(seat)) ? String(Number(seat) + 1) : String(seat);
}

/**
 * A seat's name that tells it apart: computer players share names ("basic bot"), so a
 * name another seat also has gets its seat added: "basic bot (3)".
 */
export function seatLabel(view, ctx, seat) {
  const name = seatName(view, ctx, seat);
  const seats = (view.seats || []).map((s) => s.seat);
  const shared = seats.some((other) => other !== seat && seatName(view, ctx, other) === name);
  return shared ? `${name} (${seatMark(seat)})` : name;
}

/** Whether `seat` is vulnerable under `vulnerability` ("None", "NS", "EW", "Both"). */
export function isVulnerable(seat, vulnerability) {
  if (vulnerability === "Both") return true;
  if (vulnerability === "NS") return seat === "N" || seat === "S";
  if (vulnerability === "EW") return seat === "E" || seat === "W";
  return false;
}

/**
 * Pairs each of a deal's actions with the computer player's note for it, if any: the
 * notes come in the order made, so the k-th note for (seat, action) belongs to the k-th
 * time that seat took that action.
 * @returns {Map<number, {reason: string|null}>} history index → note
 */
function botNotesByIndex(history, botActions) {
  const pending = [...(botActions || [])];
  const found = new Map();
  history.forEach((entry, i) => {
    const at = pending.findIndex((n) => n.seat === entry.player && n.action === entry.action);
    if (at >= 0) {
      found.set(i, pending[at]);
      pending.splice(at, 1);
    }
  });
  return found;
}

/**
 * A computer player's reason without the call it starts with ("1C: 12–21 HCP" → "12–21
 * HCP"), since the call is shown beside it.
 */
function reasonText(action, reason) {
  if (!reason) return "no explanation the viewer may read";
  for (const prefix of [`${action}: `, `${callName(action)}: `]) {
    if (reason.startsWith(prefix)) return reason.slice(prefix.length);
  }
  return reason;
}

/** Per-element state kept across renders (what the player opened or tapped). */
const memory = new WeakMap();
function stateOf(el) {
  let state = memory.get(el);
  if (!state) {
    state = {};
    memory.set(el, state);
  }
  return state;
}

/**
 * The auction table: one column per seat in seating order, the dealer's first call in the
 * dealer's column, one row per round. A computer player's call is a button that shows its
 * reason when tapped (and on hover).
 * @param {{history: Array<{player: string, action: string}>, players: string[],
 *   dealer: string, vulnerability?: string, notes?: Map, label(seat): string,
 *   onNote?(index): void, openNote?: number|null}} auction
 * @returns {HTMLElement}
 */
export function auctionTable(auction) {
  const { history, players, dealer, vulnerability, notes, label, plainLabel, onNote, openNote, toCall } = auction;
  const calls = history.map((entry, index) => ({ ...entry, index })).filter((e) => CALL.test(e.action));
  const start = Math.max(0, players.indexOf(dealer));
  // The seat to call next gets a "?" in its cell, as on a paper auction being written.
  const next = toCall ? [{ pending: true, player: toCall }] : [];
  const cells = [...Array(start).fill(null), ...calls, ...next];
  const rows = [];
  for (let i = 0; i < cells.length; i += players.length) rows.push(cells.slice(i, i + players.length));
  const head = h(
    "tr",
    {},
    players.map((seat) =>
      h(
        "th",
        {
          scope: "col",
          class: isVulnerable(seat, vulnerability) ? "vul" : null,
          title: isVulnerable(seat, vulnerability) ? `${label(seat)} (vulnerable)` : label(seat),
        },
        h("span", { class: "seat-id" }, seatMark(seat)),
        h("span", { class: "seat-name" }, plainLabel ? plainLabel(seat) : label(seat)),
      ),
    ),
  );
  const body = rows.map((row) =>
    h(
      "tr",
      {},
      players.map((_, col) => {
        const entry = row[col];
        if (!entry) return h("td", {});
        if (entry.pending) {
          return h("td", { class: "to-call", "aria-label": `${label(entry.player)} to call` }, "?");
        }
        const note = notes && notes.get(entry.index);
        const content = callElement(entry.action);
        if (!note) {
          return h("td", { "aria-label": `${label(entry.player)}: ${callName(entry.action)}` }, content);
        }
        const reason = note.reason || "no explanation the viewer may read";
        return h(
          "td",
          {},
          h(
            "button",
            {
              type: "button",
              class: openNote === entry.index ? "bot-call open" : "bot-call",
              dataset: { note: String(entry.index) },
              title: reason,
              "aria-label": `${label(entry.player)}: ${callName(entry.action)}, computer player's call; show why`,
              "aria-expanded": openNote === entry.index ? "true" : "false",
              onclick: () => onNote && onNote(entry.index),
            },
            content,
          ),
        );
      }),
    ),
  );
  return h("table", { class: "auction-table" }, h("thead", {}, head), h("tbody", {}, body));
}

/**
 * Renders the auction of the deal in view: the calls table (partnership games and
 * Bridgette) or the list of bids with their changes (Devil's Bridge). Tapping a computer
 * player's call shows its reason below the table.
 * @param {HTMLElement} el
 * @param {Object} view the table's view
 * @param {Object} ctx the table's context
 */
export function renderAuction(el, view, ctx) {
  const deal = view.deal;
  if (!deal) {
    replace(el);
    return;
  }
  const state = stateOf(el);
  const rerender = () => renderAuction(el, view, ctx);
  const history = deal.history || [];
  const notes = botNotesByIndex(history, view.bot_actions);
  const key = `${view.table}/${view.deal_number}`;
  if (state.key !== key) {
    state.key = key;
    state.openNote = null;
  }
  const toggle = (index) => {
    state.openNote = state.openNote === index ? null : index;
    rerender();
    // The rebuilt button takes the focus back, for a keyboard user.
    const again = el.querySelector(`button.bot-call[data-note="${index}"]`);
    if (again) again.focus();
  };
  const label = (seat) => seatLabel(view, ctx, seat);
  const opened = state.openNote === null || state.openNote === undefined ? null : history[state.openNote];
  const reasonLine = h(
    "p",
    { class: "bot-reason", "aria-live": "polite" },
    opened
      ? [
          h("strong", {}, `${label(opened.player)} `),
          DEVILS_BID.test(opened.action) ? callName(opened.action) : callElement(opened.action),
          ": ",
          reasonText(opened.action, (notes.get(state.openNote) || {}).reason),
        ]
      : null,
  );
  reasonLine.hidden = !opened;
  const calls = history.some((entry) => isCall(entry.action));
  const body = isDevils(view.game)
    ? devilsBids(view, deal, history, notes, label, toggle, state.openNote)
    : deal.phase === "exchange" && !calls
      ? h("p", { class: "muted" }, "The auction begins after the exchange.")
      : [
        auctionTable({
          history,
          players: deal.players || [],
          dealer: deal.dealer,
          vulnerability: deal.vulnerability,
          notes,
          label,
          plainLabel: (seat) => seatName(view, ctx, seat),
          toCall: deal.phase === "auction" ? (deal.to_act || view.to_act || [])[0] : null,
          onNote: toggle,
          openNote: state.openNote,
        }),
        contractLine(view, ctx, deal, label),
      ];
  replace(el, h("div", { class: "auction-panel" }, h("h3", { class: "panel-title" }, "Auction"), body, reasonLine));
}

/** "4♠ by South, 9 tricks" once the auction has ended with a bid; "Passed out" else. */
function contractLine(view, ctx, deal, label) {
  if (deal.contract) {
    return h(
      "p",
      { class: "contract-line", "aria-label": `contract ${contractName(deal.contract)} by ${label(deal.declarer)}` },
      "Contract ",
      callElement(deal.contract),
      /^[NESW]$/.test(deal.declarer) ? ` by ${deal.declarer} (${seatName(view, ctx, deal.declarer)})` : ` by ${label(deal.declarer)}`,
    );
  }
  if (deal.phase === "finished" && !deal.thrown_in) return h("p", { class: "contract-line" }, "Passed out");
  if (deal.thrown_in) return h("p", { class: "contract-line" }, "Thrown in: both passed");
  return null;
}

/**
 * Devil's Bridge: each player in bidding order (the dealer last) with their bid, the bids
 * they changed from, and their tricks; the total of the bids against the hand size.
 */
function devilsBids(view, deal, history, notes, label, toggle, openNote) {
  const players = deal.players || [];
  const start = (players.indexOf(deal.dealer) + 1) % Math.max(1, players.length);
  const order = players.map((_, i) => players[(start + i) % players.length]);
  const bids = deal.bids || {};
  const rows = order.map((seat) => {
    const moves = history
      .map((entry, index) => ({ ...entry, index }))
      .filter((e) => e.player === seat && DEVILS_BID.test(e.action));
    const trail = moves.map((move, k) => {
      const number = move.action.replace("change ", "");
      const note = notes.get(move.index);
      const last = k === moves.length - 1;
      const text = h("span", { class: last ? "bid-now" : "bid-old" }, number);
      const node = note
        ? h(
            "button",
            {
              type: "button",
              class: openNote === move.index ? "bot-call open" : "bot-call",
              dataset: { note: String(move.index) },
              title: note.reason || "no explanation the viewer may read",
              "aria-label": `${label(seat)}: ${callName(move.action)}, computer player's bid; show why`,
              "aria-expanded": openNote === move.index ? "true" : "false",
              onclick: () => toggle(move.index),
            },
            text,
          )
        : text;
      return [k > 0 ? h("span", { class: "bid-arrow", "aria-hidden": "true" }, "→") : null, node];
    });
    const bid = bids[seat];
    const playing = deal.phase === "play" || deal.phase === "finished";
    const tricks = playing && deal.tricks_won ? deal.tricks_won[seat] : null;
    const exact = deal.phase === "finished" && bid !== null && bid !== undefined && bid === tricks;
    return h(
      "tr",
      { class: seat === deal.dealer ? "dealer" : null, dataset: { seat } },
      h(
        "th",
        { scope: "row" },
        h("span", { class: "seat-name" }, label(seat)),
        seat === deal.dealer ? h("span", { class: "dealer-mark", title: "dealer", "aria-label": "dealer" }, "D") : null,
      ),
      h(
        "td",
        {
          class: "bid-trail",
          "aria-label": bid === null || bid === undefined ? "no bid yet" : `bid ${bid}${moves.length > 1 ? ", changed" : ""}`,
        },
        moves.length ? trail : h("span", { class: "muted" }, "–"),
      ),
      h("td", { class: exact ? "tricks exact" : "tricks" }, tricks === null || tricks === undefined ? "" : String(tricks)),
    );
  });
  const placed = order.filter((s) => bids[s] !== null && bids[s] !== undefined);
  const total = placed.reduce((sum, s) => sum + bids[s], 0);
  const size = deal.hand_size;
  const over = total - size;
  const summary =
    placed.length === 0
      ? "No bids yet"
      : `Bids total ${total} of ${size} trick${size === 1 ? "" : "s"}` +
        (placed.length === order.length ? (over > 0 ? ` (over by ${over})` : ` (under by ${-over})`) : "");
  return [
    h(
      "div",
      { class: "scroll-box" },
      h(
        "table",
        { class: "devils-bids" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Bid"), h("th", { scope: "col" }, "Tricks"))),
        h("tbody", {}, rows),
      ),
    ),
    h(
      "p",
      { class: "contract-line" },
      summary,
      deal.trump ? [" · trumps ", h("span", { class: suitClass(deal.trump[0]) }, suitSymbol(deal.trump[0]))] : " · no trumps",
    ),
  ];
}

/**
 * The bidding box, shown only while the viewer has calls among `view.legal`. Every call
 * of the game is a button carrying `data-action`; those not legal are greyed
 * (`aria-disabled`, class `illegal`) with the server's reason on hover and, when tapped,
 * in a line under the box; pressing one sends nothing.
 * @param {HTMLElement} el
 * @param {Object} view
 * @param {Object} ctx
 */
export function renderBiddingBox(el, view, ctx) {
  const legal = (view.legal || []).filter(isCall);
  const deal = view.deal;
  if (!deal || legal.length === 0) {
    replace(el);
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const state = stateOf(el);
  const key = `${view.table}/${view.version}`;
  if (state.key !== key) {
    // A new view: the tapped reason stays only if that call is still illegal.
    state.key = key;
    state.busy = false;
    if (state.tapped && legal.includes(state.tapped)) state.tapped = null;
  }
  const legalSet = new Set(legal);
  const reasonOf = (call) => callReason(view, call);
  const line = h("p", { class: "call-reason", "aria-live": "polite" });
  const showReason = () => {
    if (state.tapped) {
      const reason = reasonOf(state.tapped);
      // The engine's reasons often begin with the call ("1C is insufficient over 2C"):
      // then the call's label takes its place, else it goes before the reason.
      const own = reason.startsWith(`${state.tapped} `);
      replace(line, callElement(state.tapped), own ? reason.slice(state.tapped.length) : [": ", reason]);
      line.hidden = false;
    } else if (legalSet.has(armedAction())) {
      // Confirm is on and a first tap raised this call: say what the second does.
      replace(line, callElement(armedAction()), ": tap it again to send it, anywhere else to cancel.");
      line.hidden = false;
    } else {
      replace(line);
      line.hidden = true;
    }
  };
  const press = (call) => {
    if (!legalSet.has(call)) {
      state.tapped = call;
      showReason();
      return;
    }
    if (state.busy) return;
    state.tapped = null;
    confirmOrSend(call, () => send(call));
  };
  const send = (call) => {
    state.busy = true;
    state.tapped = null;
    showReason();
    el.classList.add("busy");
    Promise.resolve(ctx.act(call))
      .catch((err) => {
        state.tapped = null;
        replace(line, `${callName(call)}: ${(err && (err.message || err.error)) || "refused"}`);
        line.hidden = false;
      })
      .finally(() => {
        state.busy = false;
        el.classList.remove("busy");
      });
  };
  const button = (call, label, extraClass) => {
    const ok = legalSet.has(call);
    return h(
      "button",
      {
        type: "button",
        class: ["call", extraClass, ok ? null : "illegal"].filter(Boolean).join(" "),
        dataset: { action: call },
        "aria-label": callName(call),
        "aria-disabled": ok ? null : "true",
        title: ok ? callName(call) : `${callName(call)}: ${reasonOf(call)}`,
        onclick: () => press(call),
      },
      label,
    );
  };
  const body = isDevils(view.game) ? devilsBox(deal, legal, button) : callGrid(view.game, button);
  replace(el, h("div", { class: "bidding-box", role: "group", "aria-label": "bidding box" }, body, line));
  showReason();
}

/**
 * Why `call` may not be made now: the engine's reason, sent by the server
 * (`view.call_reasons`), else a generic one (the page never works the rules out itself:
 * the server decides what is legal). The bidding box shows it, and the keyboard entry
 * may too.
 * @param {Object} view
 * @param {string} call
 * @returns {string}
 */
export function callReason(view, call) {
  const reason = refusalReason(view.call_reasons, call);
  return reason ? namePlayers(view, reason) : GENERIC_REASON;
}

/** The levels × strains grid with the zero row where the game has `0NT`, then P X XX. */
function callGrid(game, button) {
  const names = strains(game);
  const rows = [];
  if (hasZeroNT(game)) {
    rows.push(
      h("div", { class: "bid-row zero" }, button("0NT", callElement("0NT"), "bid")),
    );
  }
  for (let level = 1; level <= 7; level++) {
    rows.push(
      h(
        "div",
        { class: "bid-row" },
        names.map((strain) => button(`${level}${strain}`, callElement(`${level}${strain}`), "bid")),
      ),
    );
  }
  const grid = h("div", { class: "bid-grid", dataset: { strains: String(names.length) } }, rows);
  const others = h(
    "div",
    { class: "bid-row others" },
    button("P", callLabel("P"), "pass"),
    button("X", callLabel("X"), "double"),
    button("XX", callLabel("XX"), "redouble"),
  );
  return [grid, others];
}

/**
 * Devil's Bridge: the numbers 0 to the hand size (the dealer's hooked number greyed with its
 * reason), and, while the viewer may change their bid, a row of `change N` buttons.
 */
function devilsBox(deal, legal, button) {
  const size = Number(deal.hand_size) || 0;
  const numbers = [];
  for (let n = 0; n <= size; n++) numbers.push(n);
  const changing = legal.some((call) => call.startsWith("change "));
  const bidding = legal.some((call) => /^\d+$/.test(call));
  const parts = [];
  if (bidding) {
    parts.push(
      h("p", { class: "box-prompt" }, "Your bid: how many tricks will you take?"),
      h("div", { class: "bid-row numbers" }, numbers.map((n) => button(String(n), String(n), "bid"))),
    );
  }
  if (changing) {
    parts.push(
      // RULES.md §3: the dealer may change until the first card, the others until the
      // player on their left bids.
      h(
        "p",
        { class: "box-prompt" },
        deal.dealer === deal.viewer ? "Change your bid (until the first card is played) to:" : "Change your bid (until the player on your left bids) to:",
      ),
      h("div", { class: "bid-row numbers" }, numbers.map((n) => button(`change ${n}`, String(n), "change"))),
    );
  }
  return parts;
}

/**
 * Bridgette's exchange: the up-card and stock, the cards the viewer drew, their discards
 * face up (the opponent's only as counts), and how many discards remain. Discarding is
 * done from the hand (its buttons carry `data-action="discard XX"`). After the exchange it
 * stays as a short summary; in other games it renders nothing.
 * @param {HTMLElement} el
 * @param {Object} view
 * @param {Object} ctx
 */
export function renderExchange(el, view, ctx) {
  const deal = view.deal;
  if (!deal || view.game !== "bridgette" || !deal.exchange) {
    replace(el);
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const ex = deal.exchange;
  const me = view.viewer ? view.viewer.seat : null;
  // The seat number beside the name: two computer players share one name.
  const label = (seat) => seatLabel(view, ctx, seat);
  const players = deal.players || ["0", "1"];
  const inExchange = deal.phase === "exchange";
  const drawCount = (seat) => (ex.draw_counts || {})[seat] || 0;
  const discardCount = (seat) => (ex.discard_counts || {})[seat] || 0;
  const cardRow = (cards, what) =>
    cards && cards.length
      ? h(
          "div",
          { class: "mini-cards", role: "list", "aria-label": what },
          cards.map((code) =>
            h("span", { class: "mini-card", role: "listitem" }, cardFace(code, { size: 36 })),
          ),
        )
      : h("span", { class: "muted" }, "none yet");
  const parts = [];
  let prompt;
  const actor = (deal.to_act || [])[0];
  if (inExchange && me !== null && me !== undefined && actor === me) {
    const left = drawCount(me) - discardCount(me);
    prompt = `Choose ${left} card${left === 1 ? "" : "s"} to discard from your hand.`;
  } else if (inExchange && actor !== undefined) {
    const left = drawCount(actor) - discardCount(actor);
    prompt = `${label(actor)} is discarding (${left} to go).`;
  } else {
    prompt = "The exchange is over.";
  }
  parts.push(h("p", { class: inExchange && actor === me ? "box-prompt your-turn" : "box-prompt" }, prompt));
  if (inExchange && actor === me && ctx.discardChoice) parts.push(discardSend(ctx, drawCount(me) - discardCount(me)));
  const fact = (title, ...content) => h("div", { class: "fact" }, h("span", { class: "fact-label" }, title), content);
  const facts = [];
  if (deal.upcard) facts.push(fact("Up-card", cardRow([deal.upcard], "up-card")));
  facts.push(fact("Stock", h("span", { class: "fact-value" }, `${ex.stock_size ?? "?"} cards`)));
  if (me !== null && me !== undefined && players.includes(me)) {
    const drawn = (ex.drawn || {})[me] || [];
    const discards = (ex.discards || {})[me] || [];
    facts.push(
      fact(`You drew ${drawn.length}`, cardRow(drawn, "cards you drew")),
      fact(`Your discards ${discards.length} of ${drawCount(me)}`, cardRow(discards, "your discards")),
    );
  }
  // The other player's discards only as counts: discards are never revealed (RULES.md §4.2).
  for (const seat of players) {
    if (seat === me) continue;
    facts.push(fact(label(seat), h("span", { class: "fact-value" }, `drew ${drawCount(seat)}, discarded ${discardCount(seat)}`)));
  }
  parts.push(h("div", { class: "exchange-facts" }, facts));
  replace(el, h("div", { class: "exchange-panel" }, h("h3", { class: "panel-title" }, "Exchange"), parts));
}

/**
 * The discards chosen in the hand and the one button that sends them (`#discard-send`,
 * its `data-needed` the number to choose), enabled once the number is right.
 */
function discardSend(ctx, left) {
  const choice = ctx.discardChoice;
  const chosen = choice.cards.length;
  const ready = chosen === left && !choice.sending;
  return h(
    "div",
    { class: "discard-send" },
    h("span", { class: "discard-count", "aria-live": "polite" }, `${chosen} of ${left} chosen`),
    h(
      "button",
      {
        type: "button",
        id: "discard-send",
        class: "primary",
        dataset: { needed: String(left) },
        disabled: !ready,
        "aria-busy": choice.sending ? "true" : null,
        onclick: () => ctx.sendDiscards(),
      },
      choice.sending ? "Discarding…" : `Discard ${left === 1 ? "this card" : `these ${left}`}`,
    ),
    chosen && !choice.sending
      ? h("button", { type: "button", id: "discard-clear", onclick: () => ctx.clearDiscards() }, "Clear")
      : null,
  );
}
