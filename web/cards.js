// Cards and calls: how they are drawn (SVG built here, no images or fonts of our own) and
// how they are named for screen readers. Every other module draws cards and labels calls
// through this one, so the whole page shows and names them the same way.
//
// Codes are the engine's: a suit letter (S H D C, R for Five Crowns' Stars) then a rank
// (A K Q J T 9 … 2), `JK` the joker (`JKS` the joker named as the two of spades), Bridgette's
// colons `GC` `RC` `LC`.

import { h, svg } from "./dom.js";

const SUITS = ["S", "H", "D", "C", "R"];
const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
const COLONS = ["GC", "RC", "LC"];

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣", R: "★" };
const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs", R: "stars" };
const SUIT_SINGULAR = { S: "spade", H: "heart", D: "diamond", C: "club", R: "star" };
const RANK_NAME = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven",
  6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};
/** How a rank is printed in a corner: the engine's `T` is the 10 players expect. */
const RANK_LABEL = { T: "10" };
const NUMBER_WORD = ["zero", "one", "two", "three", "four", "five", "six", "seven"];

/** Bridgette's colons: name, corner label, the group of ranks each goes with, colours. */
const COLON = {
  GC: { name: "the grand colon", label: "G:", word: "GRAND", group: "aces", ink: "#8a6100", tint: "#fff4cc" },
  RC: { name: "the royal colon", label: "R:", word: "ROYAL", group: "J Q K", ink: "#1e3a8a", tint: "#e3ebff" },
  LC: { name: "the little colon", label: "L:", word: "LITTLE", group: "2 – 10", ink: "#0f766e", tint: "#dcf5ef" },
};

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

// The card is drawn in a 100 × 140 box (a 5:7 card); the viewBox scales it crisply.
const W = 100;
const H = 140;

// Suit shapes, each drawn in a 100 × 100 box, filled with the current colour so CSS
// (`suitClass`) chooses the colours and the four-colour deck is one body class away.
const SUIT_PATH = {
  S: "M50 2C66 22 98 40 98 62C98 78 86 86 74 86C64 86 57 81 53 74C54 86 58 94 68 100H32C42 94 46 86 47 74C43 81 36 86 26 86C14 86 2 78 2 62C2 40 34 22 50 2Z",
  H: "M50 96C38 82 2 58 2 30C2 14 14 4 28 4C39 4 46 10 50 20C54 10 61 4 72 4C86 4 98 14 98 30C98 58 62 82 50 96Z",
  D: "M50 2C60 20 74 36 90 50C74 64 60 80 50 98C40 80 26 64 10 50C26 36 40 20 50 2Z",
  C: `${circle(50, 28, 23)}${circle(25, 60, 23)}${circle(75, 60, 23)}M46 50H54C54 74 58 88 68 100H32C42 88 46 74 46 50Z`,
  R: starPath(50, 53, 50, 20),
};

function circle(cx, cy, r) {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
}

function starPath(cx, cy, outer, inner) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + r * Math.cos(angle)).toFixed(1)} ${(cy + r * Math.sin(angle)).toFixed(1)}`);
  }
  return `M${points.join("L")}Z`;
}

/**
 * Reads a card code into its parts, or null when it is not one.
 * @param {string} code
 * @returns {{kind: "suited", suit: string, rank: string} | {kind: "joker", as: string|null} | {kind: "colon", colon: string} | null}
 */
function parseCard(code) {
  if (typeof code !== "string") return null;
  if (code === "JK") return { kind: "joker", as: null };
  if (code.length === 3 && code.startsWith("JK") && SUITS.includes(code[2])) {
    return { kind: "joker", as: code[2] };
  }
  if (COLONS.includes(code)) return { kind: "colon", colon: code };
  if (code.length === 2 && SUITS.includes(code[0]) && RANKS.includes(code[1])) {
    return { kind: "suited", suit: code[0], rank: code[1] };
  }
  return null;
}

/** The symbol of a suit (`S` → ♠, `R` → ★); NT and anything else as given. */
export function suitSymbol(s) {
  return SUIT_SYMBOL[s] ?? String(s ?? "");
}

/** The CSS class giving a suit its colour (`suit-S` … `suit-R`, `suit-NT`; cards.css). */
export function suitClass(s) {
  return SUITS.includes(s) || s === "NT" ? `suit-${s}` : "suit-none";
}

/**
 * A card's spoken name: "ace of spades", "king of stars", "the joker", "the joker as the two
 * of spades", "the grand colon".
 * @param {string} code
 */
export function cardName(code) {
  const card = parseCard(code);
  if (!card) return `an unknown card (${String(code)})`;
  if (card.kind === "joker") {
    return card.as ? `the joker as the two of ${SUIT_NAME[card.as]}` : "the joker";
  }
  if (card.kind === "colon") return COLON[card.colon].name;
  return `${RANK_NAME[card.rank]} of ${SUIT_NAME[card.suit]}`;
}

/**
 * Reads a call into its parts: a bid (level and strain), pass/double/redouble, a Devil's
 * Bridge bid or change, or null.
 */
function parseCall(call) {
  if (typeof call !== "string") return null;
  if (call === "P" || call === "X" || call === "XX") return { kind: call };
  const bid = /^([0-7])(NT|[SHDCR])$/.exec(call);
  if (bid) return { kind: "bid", level: Number(bid[1]), strain: bid[2] };
  if (/^\d{1,2}$/.test(call)) return { kind: "number", n: Number(call) };
  const change = /^change (\d{1,2})$/.exec(call);
  if (change) return { kind: "change", n: Number(change[1]) };
  if (call === "blind") return { kind: "blind" };
  return null;
}

/**
 * A call's spoken name: "one no trump", "two spades", "pass", "double", "redouble", "one
 * star", Devil's Bridge's "bid 3" and "change to 2", "play blind". A card action (`discard
 * SA`, `SA`) is named as its card.
 * @param {string} call
 */
export function callName(call) {
  const c = parseCall(call);
  if (!c) {
    if (typeof call === "string" && call.startsWith("discard ")) {
      return `discard ${cardName(call.slice(8))}`;
    }
    if (parseCard(call)) return cardName(call);
    return String(call);
  }
  switch (c.kind) {
    case "P":
      return "pass";
    case "X":
      return "double";
    case "XX":
      return "redouble";
    case "number":
      return `bid ${c.n}`;
    case "change":
      return `change to ${c.n}`;
    case "blind":
      return "play blind";
    default: {
      const level = NUMBER_WORD[c.level];
      if (c.strain === "NT") return `${level} no trump`;
      return `${level} ${c.level === 1 ? SUIT_SINGULAR[c.strain] : SUIT_NAME[c.strain]}`;
    }
  }
}

/**
 * A call's short visual label: "1♠", "1NT", "Pass", "X", "XX", "1★"; Devil's Bridge bids as
 * their number and changes as "→2".
 * @param {string} call
 */
export function callLabel(call) {
  const c = parseCall(call);
  if (!c) return String(call);
  switch (c.kind) {
    case "P":
      return "Pass";
    case "X":
    case "XX":
      return c.kind;
    case "number":
      return String(c.n);
    case "change":
      return `→${c.n}`;
    case "blind":
      return "Blind";
    default:
      return `${c.level}${c.strain === "NT" ? "NT" : SUIT_SYMBOL[c.strain]}`;
  }
}

/**
 * A contract as the page writes it everywhere: its suit as a symbol, any double after it
 * (`4SX` → "4♠X", `3NT` → "3NT", `2R` → "2★").
 * @param {string} contract
 */
export function contractLabel(contract) {
  const m = /^([0-7])(NT|[SHDCR])(X{0,2})$/.exec(String(contract));
  if (!m) return String(contract ?? "");
  return `${m[1]}${m[2] === "NT" ? "NT" : SUIT_SYMBOL[m[2]]}${m[3]}`;
}

/**
 * Sorts a hand for display: grouped by suit in the standard order, ★ ♠ ♥ ♦ ♣ (RULES.md
 * §2.2 puts Stars above spades), high to low within a suit, then Bridgette's colons
 * (grand, royal, little). Five Crowns' joker is "the two of trumps" in a suit contract
 * (RULES.md §2.2), so with a `trump` suit it closes that suit; otherwise it comes after
 * the last suit. `trumpFirst` moves the trump suit to the front, which only a dummy does
 * (Law 41D: "trumps to dummy's right", declarer's left). Unknown codes go last, as given.
 * @param {string[]} cards
 * @param {{trump?: string|null, trumpFirst?: boolean}} [opts]
 * @returns {string[]} a new array
 */
export function sortHand(cards, { trump = null, trumpFirst = false } = {}) {
  const list = Array.isArray(cards) ? cards : [];
  const trumps = SUITS.includes(trump) ? trump : null;
  const order = ["R", "S", "H", "D", "C"];
  if (trumps && trumpFirst) order.sort((a, b) => (b === trumps) - (a === trumps));
  const key = (code) => {
    const card = parseCard(code);
    if (!card) return [9, 0];
    if (card.kind === "suited") return [order.indexOf(card.suit), RANKS.indexOf(card.rank)];
    if (card.kind === "joker") return trumps ? [order.indexOf(trumps), RANKS.length] : [6, 0];
    return [7, COLONS.indexOf(card.colon)];
  };
  return list
    .map((code, i) => ({ code, k: key(code), i }))
    .sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.i - b.i)
    .map((e) => e.code);
}

/** A suit shape placed with its 100 × 100 box scaled to `size` at (x, y). */
function suitShape(suit, x, y, size, extra = {}) {
  return svg("path", {
    d: SUIT_PATH[suit],
    transform: `translate(${x} ${y}) scale(${size / 100})`,
    fill: "currentColor",
    ...extra,
  });
}

function text(x, y, content, attrs = {}) {
  return svg("text", { x, y, "font-family": FONT, fill: "currentColor", ...attrs }, content);
}

/** The outline every card shares. */
function cardOutline(fill) {
  return svg("rect", {
    class: "card-bg",
    x: 1,
    y: 1,
    width: W - 2,
    height: H - 2,
    rx: 8,
    fill,
    stroke: "#9ca3af",
    "stroke-width": 1.5,
  });
}

/** The SVG element itself, sized by `size` (width in px) or by CSS (`--card-w`). */
function cardSvg(classes, label, size) {
  const el = svg("svg", {
    class: classes,
    viewBox: `0 0 ${W} ${H}`,
    role: "img",
    "aria-label": label,
    focusable: "false",
  });
  // Through the style, not the width attribute: CSS (the --card-w default) outranks
  // presentation attributes, and the height follows from the viewBox.
  if (typeof size === "number" && size > 0) el.style.width = `${size}px`;
  else if (typeof size === "string" && size) el.style.width = size;
  return el;
}

function suitedFace(el, suit, rank) {
  const label = RANK_LABEL[rank] ?? rank;
  el.append(
    cardOutline("#fff"),
    text(label.length > 1 ? 4 : 8, 36, label, {
      "font-size": 36,
      "font-weight": 700,
      "letter-spacing": label.length > 1 ? -3 : 0,
    }),
    suitShape(suit, 8, 44, 24),
  );
  if (rank === "A") {
    el.append(suitShape(suit, 30, 58, 64));
  } else if (rank === "K" || rank === "Q" || rank === "J") {
    // Court cards: the suit in a frame, so they read apart from the spot cards at a glance.
    el.append(
      svg("rect", {
        x: 38, y: 62, width: 56, height: 70, rx: 5,
        fill: "none", stroke: "currentColor", "stroke-width": 3,
      }),
      suitShape(suit, 46, 66, 40),
      text(66, 127, label, { "font-size": 22, "font-weight": 700, "text-anchor": "middle" }),
    );
  } else {
    el.append(suitShape(suit, 42, 76, 52));
  }
}

function jokerFace(el, as) {
  el.append(cardOutline("#fff8dc"));
  const letters = ["J", "O", "K", "E", "R"];
  letters.forEach((ch, i) => {
    el.append(
      text(13, 24 + i * 19, ch, {
        "font-size": 19, "font-weight": 800, "text-anchor": "middle", class: "joker-ink",
      }),
    );
  });
  // A jester's cap: three points with bells, in three colours, on a band.
  el.append(
    svg("path", { d: "M34 104 L40 60 L56 88 Z", fill: "#c0162c" }),
    svg("path", { d: "M52 92 L62 48 L72 92 Z", fill: "#1e3a8a" }),
    svg("path", { d: "M68 88 L84 60 L90 104 Z", fill: "#178a2e" }),
    svg("circle", { cx: 40, cy: 58, r: 5, fill: "#e0a800" }),
    svg("circle", { cx: 62, cy: 45, r: 5, fill: "#e0a800" }),
    svg("circle", { cx: 84, cy: 58, r: 5, fill: "#e0a800" }),
    svg("rect", { x: 32, y: 100, width: 60, height: 12, rx: 4, fill: "#111" }),
  );
  if (as) {
    // The joker named as the two of a suit: say which, in that suit's colour.
    const badge = svg("g", { class: suitClass(as) },
      svg("rect", { x: 34, y: 116, width: 56, height: 20, rx: 4, fill: "#fff", stroke: "currentColor", "stroke-width": 1.5 }),
      text(52, 132, "2", { "font-size": 16, "font-weight": 700, "text-anchor": "middle" }),
      suitShape(as, 62, 120, 13),
    );
    el.append(badge);
  }
}

function colonFace(el, colon) {
  const c = COLON[colon];
  el.append(
    cardOutline(c.tint),
    svg("rect", {
      x: 6, y: 6, width: W - 12, height: H - 12, rx: 5,
      fill: "none", stroke: c.ink, "stroke-width": 1.5, "stroke-dasharray": "4 3",
    }),
    text(9, 34, c.label, { "font-size": 30, "font-weight": 800, fill: c.ink }),
    // The colon itself: two large dots.
    svg("circle", { cx: 62, cy: 60, r: 11, fill: c.ink }),
    svg("circle", { cx: 62, cy: 92, r: 11, fill: c.ink }),
    text(50, 118, c.word, { "font-size": 15, "font-weight": 700, "text-anchor": "middle", fill: c.ink, "letter-spacing": 1 }),
    text(50, 132, c.group, { "font-size": 11, "text-anchor": "middle", fill: c.ink }),
  );
}

/**
 * A face-up card as an SVG element (`data-card` = the code, `role="img"` named by
 * `cardName`). `size` is the width in px (a number) or any CSS length; without it the
 * width is the `--card-w` design token (cards.css).
 * @param {string} code
 * @param {{size?: number|string}} [opts]
 * @returns {SVGSVGElement}
 */
export function cardFace(code, { size } = {}) {
  const card = parseCard(code);
  const name = cardName(code);
  if (!card) {
    const el = cardSvg("card-face unknown", name, size);
    el.append(cardOutline("#f3f4f6"), text(50, 80, "?", { "font-size": 40, "text-anchor": "middle" }));
    return el;
  }
  let el;
  if (card.kind === "suited") {
    el = cardSvg(`card-face ${suitClass(card.suit)}`, name, size);
    suitedFace(el, card.suit, card.rank);
  } else if (card.kind === "joker") {
    el = cardSvg("card-face joker", name, size);
    jokerFace(el, card.as);
  } else {
    el = cardSvg(`card-face colon colon-${card.colon}`, name, size);
    colonFace(el, card.colon);
  }
  el.setAttribute("data-card", code);
  return el;
}

// The back's lattice: one path of small diamonds filling the inner panel, built once.
const BACK_LATTICE = (() => {
  const parts = [];
  for (let y = 14; y <= 126; y += 10) {
    for (let x = 14; x <= 86; x += 10) {
      const ox = (y / 10) % 2 === 0 ? 0 : 5;
      const cx = x + ox;
      if (cx > 88) continue;
      parts.push(`M${cx} ${y - 4}L${cx + 4} ${y}L${cx} ${y + 4}L${cx - 4} ${y}Z`);
    }
  }
  return parts.join("");
})();

/**
 * A face-down card (class `back`, no `data-card`: nothing about the card is in the DOM).
 * @param {{size?: number|string}} [opts]
 * @returns {SVGSVGElement}
 */
export function cardBack({ size } = {}) {
  const el = cardSvg("card-face back", "a card face down", size);
  el.append(
    cardOutline("#fff"),
    svg("rect", { class: "back-field", x: 6, y: 6, width: W - 12, height: H - 12, rx: 5, fill: "#8b1e2d" }),
    svg("path", { class: "back-lattice", d: BACK_LATTICE, fill: "#b83a4b" }),
    svg("rect", { x: 6, y: 6, width: W - 12, height: H - 12, rx: 5, fill: "none", stroke: "#fff", "stroke-width": 2 }),
  );
  return el;
}

/**
 * A playable card: `<button class="card" data-card data-action aria-label
 * aria-disabled>` holding its face. Pressing an enabled one calls `onPlay(code)`; a
 * disabled one stays focusable (so its name is read) but does nothing. The caller may
 * set another `data-action` (e.g. `discard SA`). The face inside carries no `data-card`
 * of its own, so `[data-card]` finds each card once.
 * @param {string} code
 * @param {{enabled?: boolean, onPlay?: (code: string) => void, size?: number|string}} [opts]
 * @returns {HTMLButtonElement}
 */
export function cardButton(code, { enabled = true, onPlay, size } = {}) {
  const face = cardFace(code, { size });
  face.removeAttribute("data-card");
  face.removeAttribute("role");
  face.removeAttribute("aria-label");
  face.setAttribute("aria-hidden", "true");
  const button = h(
    "button",
    {
      type: "button",
      class: enabled ? "card" : "card illegal",
      "aria-label": cardName(code),
      "aria-disabled": enabled ? "false" : "true",
      dataset: { card: code, action: code },
      onclick: (event) => {
        if (button.getAttribute("aria-disabled") === "true") {
          event.preventDefault();
          return;
        }
        if (onPlay) onPlay(code);
      },
    },
    face,
  );
  return button;
}
