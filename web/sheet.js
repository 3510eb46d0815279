// The score sheet of every match kind, drawn from `view.sheet` (docs/engine-protocol.md,
// "Matches and their score sheets", "Devil's Bridge", "Bridgette"): duplicate boards with
// IMPs or matchpoints, a rubber sheet above and below the line, the Chicago wheel, Devil's
// Bridge's bids, tricks and running totals, Bridgette's six-deal game. A compact summary of
// the totals heads it, and `renderSheetSummary` draws that alone for a side panel.

import { h, replace } from "./dom.js";
import { suitSymbol, suitClass } from "./cards.js";
import { callElement, contractName, seatLabel, seatMark, seatName } from "./auction.js";

const SIDES = ["NS", "EW"];
const SEATS = ["N", "E", "S", "W"];

/** What an entry's `kind` is called on a score sheet. */
const KIND_LABEL = {
  TrickScore: "tricks",
  Overtricks: "overtricks",
  Insult: "insult",
  Slam: "slam",
  Honors: "honours",
  Undertricks: "undertricks",
  RubberBonus: "rubber",
  UnfinishedGame: "unfinished game",
  UnfinishedPartScore: "part-score",
  GameBonus: "game",
  FourthDealPartScore: "4th-deal part-score",
};

/** The tricks a contract's level adds to: Five Crowns' book is 7 of 14, the others' 6. */
export function bookOf(game) {
  return game === "five-crowns" ? 7 : 6;
}

/**
 * The result of a contract as bridge players write it: "=" when made exactly, "+1"
 * over, "−2" down.
 * @param {string} contract e.g. "4SX"
 * @param {number} tricks declarer's side's tricks
 * @param {string} game
 */
export function resultText(contract, tricks, game) {
  const level = Number(String(contract)[0]);
  if (!Number.isFinite(level) || typeof tricks !== "number") return "";
  const diff = tricks - (level + bookOf(game));
  if (diff === 0) return "=";
  return diff > 0 ? `+${diff}` : `−${-diff}`;
}

/** A number with its sign, a real minus: 120 → "+120", −50 → "−50", 0 → "0". */
export function signed(n) {
  if (typeof n !== "number") return "–";
  const rounded = Math.round(n * 100) / 100;
  if (rounded === 0) return "0";
  return rounded > 0 ? `+${rounded}` : `−${-rounded}`;
}

/** A number with a real minus sign and no plus. */
function plain(n) {
  if (typeof n !== "number") return "–";
  const rounded = Math.round(n * 100) / 100;
  return rounded < 0 ? `−${-rounded}` : String(rounded);
}

/** "None", "N-S", "E-W", "Both" as a short label. */
function vulLabel(v) {
  return { None: "–", NS: "N-S", EW: "E-W", Both: "All" }[v] || String(v ?? "");
}

/** "4♠X by S, −1" for a result entry (null for a passed-out deal). */
function resultCell(result, game) {
  if (!result) return h("span", { class: "muted" }, "passed out");
  const { contract, declarer, tricks } = result;
  return h(
    "span",
    { class: "result", "aria-label": `${contractName(contract)} by ${declarer}, ${tricks} tricks` },
    callElement(contract),
    h("span", { class: "by" }, ` ${declarer} `),
    h("span", { class: "res" }, resultText(contract, tricks, game)),
  );
}

/** The comparison kind ("imps", "matchpoints" or "none") from the options in the view. */
function comparisonKind(view) {
  const options = (view.deal && view.deal.options) || (view.last_deal && view.last_deal.record && view.last_deal.record.options) || {};
  return options.comparison || "none";
}

/** A table that scrolls sideways inside its own box rather than widening the page. */
function scrollTable(caption, head, rows, foot, cls) {
  return h(
    "div",
    { class: "scroll-box", tabindex: "0", role: "region", "aria-label": caption },
    h(
      "table",
      { class: `sheet-table ${cls || ""}`.trim() },
      h("caption", { class: "visually-hidden" }, caption),
      h("thead", {}, h("tr", {}, head.map((cell) => h("th", { scope: "col" }, cell)))),
      h("tbody", {}, rows),
      foot ? h("tfoot", {}, foot) : null,
    ),
  );
}

/** A player's column heading: the seat number over the name, which may be cut short. */
function playerHead(view, ctx, seat) {
  const name = seatName(view, ctx, seat);
  return h("span", { class: "head-player", title: name }, h("span", { class: "seat-id" }, seatMark(seat)), h("span", { class: "seat-name" }, name));
}

/** The players of a Devil's Bridge or Bridgette sheet, in seat order. */
function sheetPlayers(view, sheet) {
  if (view.deal && Array.isArray(view.deal.players)) return view.deal.players;
  if (Array.isArray(view.seats) && view.seats.length) return view.seats.map((s) => s.seat);
  return Object.keys(sheet.totals || {});
}

/**
 * The totals in a line or two: what a side panel shows.
 * @returns {HTMLElement}
 */
function summary(view, ctx) {
  const sheet = view.sheet;
  const label = (seat) => seatLabel(view, ctx, seat);
  if (!sheet) return h("p", { class: "sheet-summary muted" }, "No score yet");
  const item = (name, value, lead) =>
    h("span", { class: lead ? "sum-item leading" : "sum-item" }, h("span", { class: "sum-name" }, name), h("span", { class: "sum-value" }, value));
  let items = [];
  let status = "";
  switch (sheet.mode) {
    case "duplicate": {
      const kind = comparisonKind(view);
      const unit = kind === "imps" ? " IMPs" : kind === "matchpoints" ? " MPs" : "";
      const t = sheet.totals || {};
      items = SIDES.map((side) => item(side, `${kind === "matchpoints" ? plain(t[side]) : signed(t[side])}${unit}`, t[side] > t[other(side)]));
      const boards = (sheet.boards || []).length;
      const total = (view.deal && view.deal.options && view.deal.options.boards) || null;
      status = total ? `Board ${Math.min(boards || 1, total)} of ${total}` : `${boards} board${boards === 1 ? "" : "s"}`;
      break;
    }
    case "rubber": {
      const rubbers = sheet.rubbers || [];
      const current = rubbers[rubbers.length - 1];
      const t = sheet.totals || {};
      const games = (side) => (current && current.games ? current.games[side] || 0 : 0);
      items = SIDES.map((side) =>
        item(side, `${plain(t[side])}${current && !current.finished ? ` · ${games(side)} game${games(side) === 1 ? "" : "s"}` : ""}`, t[side] > t[other(side)]),
      );
      status = `Rubber ${Math.max(1, rubbers.length)}${sheet.over ? ", over" : ""}`;
      break;
    }
    case "chicago": {
      const t = sheet.totals || {};
      items = SIDES.map((side) => item(side, plain(t[side]), t[side] > t[other(side)]));
      status = sheet.over ? `${sheet.deals_counted} deals, over` : `Deal ${sheet.next_deal_in_wheel} of the wheel`;
      break;
    }
    case "devils_bridge": {
      const players = sheetPlayers(view, sheet);
      const t = sheet.totals || {};
      const best = Math.max(...players.map((p) => t[p] ?? 0));
      const ranked = [...players].sort((a, b) => (t[b] ?? 0) - (t[a] ?? 0));
      items = ranked.map((p) => item(label(p), plain(t[p] ?? 0), (t[p] ?? 0) === best && best > 0));
      status = `Hand ${Math.min(sheet.hands_played + (sheet.over ? 0 : 1), sheet.series_length)} of ${sheet.series_length}${sheet.over ? ", over" : ""}`;
      break;
    }
    case "bridgette": {
      const players = sheetPlayers(view, sheet);
      const t = sheet.totals || {};
      items = players.map((p) => item(label(p), plain(t[p] ?? 0), (t[p] ?? 0) > Math.min(...players.map((q) => t[q] ?? 0))));
      status = sheet.over ? "Game over" : `Deal ${Math.min((sheet.counted_deals || 0) + 1, 6)} of 6`;
      break;
    }
    default:
      return h("p", { class: "sheet-summary muted" }, `Score sheet of an unknown kind (${String(sheet.mode)})`);
  }
  return h("div", { class: "sheet-summary", "aria-label": "score summary" }, h("span", { class: "sum-status" }, status), items, outcome(view, ctx));
}

function other(side) {
  return side === "NS" ? "EW" : "NS";
}

/** Who won, once the match is over. */
function outcome(view, ctx) {
  const sheet = view.sheet;
  if (!sheet || !sheet.over) return null;
  const label = (seat) => seatLabel(view, ctx, seat);
  let text = null;
  if (sheet.mode === "devils_bridge" && Array.isArray(sheet.winners)) {
    text = `Won by ${sheet.winners.map(label).join(" and ")}`;
  } else if (sheet.mode === "bridgette") {
    text = sheet.draw ? "A draw" : sheet.winner !== null && sheet.winner !== undefined ? `Won by ${label(sheet.winner)}` : null;
  } else if (sheet.totals) {
    const t = sheet.totals;
    text = t.NS === t.EW ? "Level" : `Won by ${t.NS > t.EW ? "NS" : "EW"}`;
  }
  return text ? h("span", { class: "sum-outcome" }, text) : null;
}

/**
 * Renders the totals alone, for a side panel.
 * @param {HTMLElement} el
 * @param {Object} view
 * @param {Object} [ctx] the table's context, for its seat names
 */
export function renderSheetSummary(el, view, ctx) {
  replace(el, summary(view, ctx));
}

/**
 * Renders the whole score sheet: root `<section id="sheet">`, the summary, then the
 * sheet of the match kind.
 * @param {HTMLElement} el
 * @param {Object} view
 * @param {Object} [ctx] the table's context, for its seat names
 */
export function renderSheet(el, view, ctx) {
  const sheet = view.sheet;
  let body;
  if (!sheet) body = null;
  else if (sheet.mode === "duplicate") body = duplicateSheet(view, sheet);
  else if (sheet.mode === "rubber") body = rubberSheet(sheet);
  else if (sheet.mode === "chicago") body = chicagoSheet(view, sheet);
  else if (sheet.mode === "devils_bridge") body = devilsSheet(view, sheet, ctx);
  else if (sheet.mode === "bridgette") body = bridgetteSheet(view, sheet, ctx);
  else body = null;
  replace(el, h("section", { id: "sheet", class: "sheet", "aria-label": "score sheet" }, h("h3", { class: "panel-title" }, "Score"), summary(view, ctx), body));
}

/** Duplicate: one row per board, with both tables' results and the comparison. */
function duplicateSheet(view, sheet) {
  const game = view.game;
  const kind = comparisonKind(view);
  const boards = sheet.boards || [];
  if (boards.length === 0) return h("p", { class: "muted" }, "No board played yet.");
  const twoTables = boards.some((b) => (b.results || []).length > 1) || kind !== "none";
  const unit = kind === "imps" ? "IMPs" : "MPs";
  const head = twoTables
    ? ["Bd", "Vul", "Table 1", "Table 2", unit]
    : ["Bd", "Dlr", "Vul", "Contract", "NS", "EW"];
  let running = 0;
  const rows = boards.map((b) => {
    const results = b.results || [];
    const scores = b.scores_ns || [];
    const cells = [h("td", { class: "num" }, String(b.board))];
    if (twoTables) {
      cells.push(h("td", { class: isVulClass(b.vulnerability) }, vulLabel(b.vulnerability)));
      for (let t = 0; t < 2; t++) {
        const played = t < results.length;
        cells.push(
          h(
            "td",
            { class: "table-result" },
            played ? resultCell(results[t], game) : h("span", { class: "muted" }, t === 0 ? "playing" : "to play"),
            played && typeof scores[t] === "number" ? h("span", { class: "score-ns", title: "North-South's score" }, `NS ${signed(scores[t])}`) : null,
          ),
        );
      }
      if (typeof b.comparison === "number") running += b.comparison;
      cells.push(
        h(
          "td",
          { class: "num strong", title: typeof b.comparison === "number" ? `running total ${kind === "imps" ? signed(running) : plain(running)}` : null },
          typeof b.comparison === "number" ? (kind === "imps" ? signed(b.comparison) : plain(b.comparison)) : "",
        ),
      );
    } else {
      const score = scores[0];
      cells.push(
        h("td", {}, b.dealer || ""),
        h("td", { class: isVulClass(b.vulnerability) }, vulLabel(b.vulnerability)),
        h("td", {}, results.length ? resultCell(results[0], game) : h("span", { class: "muted" }, "playing")),
        h("td", { class: "num" }, typeof score === "number" && score > 0 ? String(score) : ""),
        h("td", { class: "num" }, typeof score === "number" && score < 0 ? String(-score) : ""),
      );
    }
    return h("tr", {}, cells);
  });
  const t = sheet.totals || {};
  const foot = twoTables
    ? h(
        "tr",
        {},
        h("th", { scope: "row", colspan: "4" }, `Total (team NS at table 1)`),
        h("td", { class: "num strong" }, kind === "matchpoints" ? `${plain(t.NS)}–${plain(t.EW)}` : signed(t.NS)),
      )
    : h(
        "tr",
        {},
        h("th", { scope: "row", colspan: "4" }, "Total"),
        h("td", { class: "num strong" }, t.NS > 0 ? String(t.NS) : ""),
        h("td", { class: "num strong" }, t.EW > 0 ? String(t.EW) : ""),
      );
  const note = twoTables
    ? h(
        "p",
        { class: "sheet-note" },
        kind === "imps"
          ? "Each board is played again at a second table with the cards the same; IMPs compare the two NS scores."
          : "Each board is played again at a second table; matchpoints out of a top of 2.",
      )
    : null;
  return [scrollTable("duplicate boards", head, rows, foot, "duplicate"), note];
}

function isVulClass(v) {
  return v && v !== "None" ? "vul-cell" : null;
}

/**
 * Rubber: each rubber as a real sheet, NS and EW columns, premiums stacked above the
 * line (the newest highest) and trick scores below it, a rule under each game won.
 */
function rubberSheet(sheet) {
  const rubbers = sheet.rubbers || [];
  if (rubbers.length === 0) return h("p", { class: "muted" }, "No deal scored yet.");
  const parts = rubbers.map((rubber, i) => rubberCard(rubber, i + 1, rubbers.length > 1));
  const t = sheet.totals || {};
  if (rubbers.length > 1) {
    parts.push(h("p", { class: "sheet-note strong" }, `Match: NS ${plain(t.NS)}, EW ${plain(t.EW)}`));
  }
  if (!sheet.over && sheet.vulnerability) {
    const vul = { None: "neither side vulnerable", NS: "N-S vulnerable", EW: "E-W vulnerable", Both: "both sides vulnerable" }[sheet.vulnerability];
    parts.push(h("p", { class: "sheet-note" }, `Next deal: ${sheet.next_dealer || "?"} deals, ${vul || sheet.vulnerability}`));
  }
  return parts;
}

/** One rubber's sheet. */
function rubberCard(rubber, number, numbered) {
  const entries = rubber.entries || [];
  const above = { NS: [], EW: [] };
  for (const e of entries) if (!e.below_the_line && above[e.side]) above[e.side].push(e);
  // Below the line: trick scores in order, and a game line once a side reaches 100.
  const games = [];
  let current = { NS: [], EW: [] };
  const sums = { NS: 0, EW: 0 };
  for (const e of entries) {
    if (!e.below_the_line || !current[e.side]) continue;
    current[e.side].push(e);
    sums[e.side] += e.points;
    if (sums[e.side] >= 100) {
      games.push({ entries: current, winner: e.side });
      current = { NS: [], EW: [] };
      sums.NS = 0;
      sums.EW = 0;
    }
  }
  if (current.NS.length || current.EW.length || games.length === 0) games.push({ entries: current, winner: null });
  const entry = (e) =>
    h(
      "li",
      { class: "entry", title: `deal ${e.deal}: ${KIND_LABEL[e.kind] || e.kind}` },
      h("span", { class: "pts" }, String(e.points)),
      h("span", { class: "kind" }, KIND_LABEL[e.kind] || e.kind),
    );
  const column = (list) => h("ul", { class: "entries" }, list.map(entry));
  const aboveRow = h(
    "div",
    { class: "rubber-above" },
    SIDES.map((side) => h("div", { class: "col" }, column([...above[side]].reverse()))),
  );
  const belowRows = games.map((g) =>
    h(
      "div",
      { class: g.winner ? "rubber-game won" : "rubber-game" },
      SIDES.map((side) => h("div", { class: "col" }, column(g.entries[side]))),
    ),
  );
  const total = (side) => (rubber.above ? rubber.above[side] : 0) + (rubber.below ? rubber.below[side] : 0);
  let status;
  if (rubber.finished) {
    const pw = rubber.points_winner;
    status = `${rubber.unfinished ? "Unfinished rubber" : `Rubber won by ${rubber.game_winner}`}${pw ? `; ${pw.side} by ${pw.margin}` : "; level"}`;
  } else {
    status = `Games: NS ${rubber.games ? rubber.games.NS : 0}, EW ${rubber.games ? rubber.games.EW : 0}`;
  }
  return h(
    "div",
    { class: "rubber-sheet", role: "table", "aria-label": numbered ? `rubber ${number}` : "rubber" },
    numbered ? h("p", { class: "rubber-title" }, `Rubber ${number}`) : null,
    h("div", { class: "rubber-head" }, h("div", { class: "col" }, "NS"), h("div", { class: "col" }, "EW")),
    aboveRow,
    h("div", { class: "rubber-line", role: "separator", "aria-label": "the line" }),
    belowRows,
    h("div", { class: "rubber-total" }, SIDES.map((side) => h("div", { class: "col strong" }, plain(total(side))))),
    h("p", { class: "sheet-note" }, status),
  );
}

/**
 * Chicago: the wheel of four deals with each deal's dealer and vulnerability, what each
 * side scored on it, then the part-scores and totals.
 */
function chicagoSheet(view, sheet) {
  const entries = sheet.entries || [];
  const counted = sheet.deals_counted || 0;
  const options = (view.deal && view.deal.options) || {};
  const rounds = options.chicago_rounds || 1;
  const dealsInMatch = 4 * rounds;
  // The dealer rotates once per counted deal (a passed-out deal is dealt again by the same
  // dealer), so the deal in view fixes every deal's dealer.
  const ref = sheet.over ? counted : counted + 1;
  const refDealer = view.deal ? SEATS.indexOf(view.deal.dealer) : -1;
  const dealerOf = (d) => (refDealer < 0 ? null : SEATS[(((refDealer + d - ref) % 4) + 4) % 4]);
  const vulOf = (d, dealer) => {
    const pos = ((d - 1) % 4) + 1;
    if (pos === 1) return "None";
    if (pos === 4) return "Both";
    if (!dealer) return null;
    const dealerSide = dealer === "N" || dealer === "S" ? "NS" : "EW";
    return options.chicago_deals_2_3 === "non_dealer_vulnerable" ? other(dealerSide) : dealerSide;
  };
  const shown = Math.max(Math.min(dealsInMatch, counted + (sheet.over ? 0 : 1)), 4);
  const rows = [];
  for (let d = 1; d <= Math.max(shown, counted); d++) {
    const dealer = dealerOf(d);
    const vul = vulOf(d, dealer);
    const mine = entries.filter((e) => e.deal === d);
    const cell = (side) => {
      const list = mine.filter((e) => e.side === side);
      if (!list.length) return h("td", { class: "num" }, "");
      const sum = list.reduce((s, e) => s + e.points, 0);
      return h(
        "td",
        { class: "num" },
        h("span", { class: "strong" }, String(sum)),
        h("span", { class: "kinds" }, list.map((e) => `${KIND_LABEL[e.kind] || e.kind} ${e.points}`).join(", ")),
      );
    };
    const state = d <= counted ? "" : d === counted + 1 && !sheet.over ? "current" : "future";
    rows.push(
      h(
        "tr",
        { class: state || null },
        h("td", { class: "num" }, String(((d - 1) % 4) + 1) + (rounds > 1 ? ` (${Math.ceil(d / 4)})` : "")),
        h("td", {}, dealer || ""),
        h("td", { class: isVulClass(vul) }, vul ? vulLabel(vul) : ""),
        cell("NS"),
        cell("EW"),
      ),
    );
  }
  const t = sheet.totals || {};
  const foot = h(
    "tr",
    {},
    h("th", { scope: "row", colspan: "3" }, "Total"),
    h("td", { class: "num strong" }, plain(t.NS)),
    h("td", { class: "num strong" }, plain(t.EW)),
  );
  const ps = sheet.part_scores || {};
  return [
    scrollTable("Chicago wheel", ["Deal", "Dlr", "Vul", "NS", "EW"], rows, foot, "chicago"),
    sheet.over ? null : h("p", { class: "sheet-note" }, `Part-scores toward game: NS ${ps.NS ?? 0}, EW ${ps.EW ?? 0}`),
  ];
}

/**
 * Devil's Bridge: one row per hand (its size, trump and dealer), each player's bid and
 * tricks, the points of the hand and the running total; the leaders marked.
 */
function devilsSheet(view, sheet, ctx) {
  const players = sheetPlayers(view, sheet);
  const label = (seat) => seatLabel(view, ctx, seat);
  const hands = sheet.hands || [];
  const me = view.viewer ? view.viewer.seat : null;
  const running = Object.fromEntries(players.map((p) => [p, 0]));
  const rows = hands.map((hand) => {
    const cells = players.map((p) => {
      const bid = hand.bids ? hand.bids[p] : null;
      const took = hand.tricks ? hand.tricks[p] : null;
      const points = hand.points ? hand.points[p] ?? 0 : 0;
      running[p] += points;
      const exact = bid !== null && bid !== undefined && bid === took;
      return h(
        "td",
        {
          class: ["devils-cell", exact ? "exact" : null, p === me ? "me" : null].filter(Boolean).join(" "),
          "aria-label": `${label(p)}: bid ${bid}, took ${took}, ${points} points, total ${running[p]}`,
        },
        h("span", { class: "bt" }, `${bid ?? "–"}/${took ?? "–"}`),
        h("span", { class: "pts" }, `${points >= 0 ? "+" : ""}${points}`),
        h("span", { class: "run" }, String(running[p])),
      );
    });
    const trump = hand.trump;
    return h(
      "tr",
      {},
      h(
        "th",
        { scope: "row", class: "hand-head" },
        h("span", { class: "num" }, String(hand.hand)),
        h("span", { class: "size" }, `${hand.size} card${hand.size === 1 ? "" : "s"}${hand.blind ? ", blind" : ""}`),
        h(
          "span",
          { class: "trump", "aria-label": trump ? `trumps ${suitSymbol(trump[0])}` : "no trumps" },
          trump ? h("span", { class: suitClass(trump[0]) }, suitSymbol(trump[0])) : "NT",
          ` · dealer ${seatMark(hand.dealer)}`,
        ),
      ),
      cells,
    );
  });
  const totals = sheet.totals || {};
  const leaders = new Set(sheet.winners || sheet.leaders || []);
  const foot = h(
    "tr",
    {},
    h("th", { scope: "row" }, "Total"),
    players.map((p) => h("td", { class: leaders.has(p) ? "num strong leader" : "num strong" }, String(totals[p] ?? 0))),
  );
  const head = ["Hand", ...players.map((p) => playerHead(view, ctx, p))];
  const options = (view.deal && view.deal.options) || {};
  const note = h(
    "p",
    { class: "sheet-note" },
    `Each cell: bid/took, the hand's points, the running total. ${hands.length} of ${sheet.series_length} hands played` +
      (options.target_score
        ? `; the game ends after the hand in which someone reaches ${options.target_score}.`
        : "; the highest total after the last hand wins."),
  );
  return [
    hands.length ? scrollTable("Devil's Bridge hands", head, rows, foot, `devils players-${players.length}`) : h("p", { class: "muted" }, "No hand finished yet."),
    note,
  ];
}

/** Bridgette: one row per deal of the six-deal game, then the totals. */
function bridgetteSheet(view, sheet, ctx) {
  const players = sheetPlayers(view, sheet);
  const label = (seat) => seatLabel(view, ctx, seat);
  const deals = sheet.deals || [];
  const rows = deals.map((d) =>
    h(
      "tr",
      {},
      h("td", { class: "num" }, d.deal === null || d.deal === undefined ? "–" : String(d.deal)),
      h("td", { title: label(d.dealer) }, seatMark(d.dealer)),
      h("td", {}, d.contract ? resultCell({ contract: d.contract, declarer: seatMark(d.declarer), tricks: d.tricks }, "bridgette") : h("span", { class: "muted" }, "thrown in")),
      h("td", {}, d.contract ? (d.made ? "made" : "down") : ""),
      players.map((p) => h("td", { class: "num" }, d.points && d.points[p] ? String(d.points[p]) : "")),
    ),
  );
  const totals = sheet.totals || {};
  const foot = h(
    "tr",
    {},
    h("th", { scope: "row", colspan: "4" }, "Total"),
    players.map((p) => h("td", { class: "num strong" }, String(totals[p] ?? 0))),
  );
  return [
    deals.length
      ? scrollTable("Bridgette deals", ["Deal", "Dlr", "Contract", "", ...players.map((p) => playerHead(view, ctx, p))], rows, foot, "bridgette")
      : h("p", { class: "muted" }, "No deal finished yet."),
    h("p", { class: "sheet-note" }, `${sheet.counted_deals || 0} of 6 deals counted; a hand thrown in is dealt again and not counted.`),
  ];
}

