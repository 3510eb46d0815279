// Playing from the keyboard: typed keys build an entry (`1NT`, `p`, `x`, `SA`, `s` then
// `a`, `10`, a Devil's Bridge number), shown in `#key-entry`; Enter sends it when it is a
// legal action and otherwise says why and sends nothing; Escape clears it.

/**
 * The keys a player may type at the table, as the "Keys" help lists them: what to type,
 * what it does, and the games it belongs to (all when none are named). Kept beside
 * `readEntry`, which reads exactly these.
 * @type {{keys: string[], what: string, games?: string[]}[]}
 */
export const KEY_HELP = [
  { keys: ["1", "N", "T"], what: "a bid: the level, then the strain (C D H S, N for no trump)", games: ["bridge", "deuces-wild", "five-crowns", "bridgette"] },
  { keys: ["R"], what: "stars, as a strain or a card's suit (2 R, R K)", games: ["five-crowns"] },
  { keys: ["P"], what: "pass", games: ["bridge", "deuces-wild", "five-crowns", "bridgette"] },
  { keys: ["X"], what: "double; X X redouble", games: ["bridge", "deuces-wild", "five-crowns", "bridgette"] },
  { keys: ["3"], what: "a bid of that many tricks", games: ["devils-bridge"] },
  { keys: ["C", "H", "2"], what: "change your bid to 2 (CH, then the number)", games: ["devils-bridge"] },
  { keys: ["B"], what: "play your unseen card in a blind hand", games: ["devils-bridge"] },
  { keys: ["S", "A"], what: "a card: the suit, then the rank (10 or T for the ten)" },
  { keys: ["J", "K"], what: "the wild card; J K S plays it as the two of spades in no trump", games: ["five-crowns"] },
  { keys: ["G", "C"], what: "a colon: G C grand, R C royal, L C little", games: ["bridgette"] },
  { keys: ["Enter"], what: "send what you typed, if it is legal now" },
  { keys: ["Backspace"], what: "take back the last key" },
  { keys: ["Esc"], what: "clear what you typed; close the review" },
  { keys: ["←", "→"], what: "in the review: the previous or next trick" },
];

/**
 * Reads a typed entry as the action it means, given the actions legal now (a number in
 * Devil's Bridge is a bid or, when only that is open, a change; a card during Bridgette's
 * exchange is its discard).
 * @param {string} text what was typed
 * @param {string[]} legal the viewer's legal actions
 * @returns {string|null} the action in the engine's spelling, or null when it reads as none
 */
export function readEntry(text, legal = []) {
  const t = String(text).toUpperCase().replace(/\s+/g, "");
  if (!t) return null;
  if (t === "P" || t === "PASS") return "P";
  if (t === "X" || t === "DBL" || t === "DOUBLE") return "X";
  if (t === "XX" || t === "RDBL" || t === "REDOUBLE") return "XX";
  if (t === "B" || t === "BLIND") return "blind";
  const bid = t.match(/^([0-7])(NT?|[CDHSR])$/);
  if (bid) return bid[2].startsWith("N") ? `${bid[1]}NT` : `${bid[1]}${bid[2]}`;
  const number = t.match(/^(?:CHANGE|CH)?(\d{1,2})$/);
  if (number) {
    const n = String(Number(number[1]));
    if (!t.startsWith("CH") && legal.includes(n)) return n;
    if (legal.includes(`change ${n}`)) return `change ${n}`;
    return t.startsWith("CH") ? `change ${n}` : n;
  }
  const card = readCard(t);
  if (card) {
    if (!legal.includes(card) && legal.includes(`discard ${card}`)) return `discard ${card}`;
    return card;
  }
  return null;
}

/** A typed card: suit then rank (`SA`, `S10`, `ST`), the joker (`JK`, `JKS`), a colon. */
function readCard(t) {
  if (["JK", "JKS", "JKH", "JKD", "JKC", "JKR", "GC", "RC", "LC"].includes(t)) return t;
  const m = t.match(/^([SHDCR])(10|[AKQJT2-9])$/);
  if (!m) return null;
  return `${m[1]}${m[2] === "10" ? "T" : m[2]}`;
}

/** Whether the entry could still grow into something (used to keep or drop a key). */
function plausiblePrefix(t) {
  return /^(?:P(?:A(?:S(?:S)?)?)?|X{0,2}|D(?:B(?:L)?)?|R|B(?:L(?:I(?:N(?:D)?)?)?)?|[0-7](?:N(?:T)?|[CDHSR])?|\d{1,2}|C(?:H(?:A(?:N(?:G(?:E)?)?)?)?)?\d{0,2}|[SHDCR](?:1(?:0)?|[AKQJT2-9])?|J(?:K[SHDCR]?)?|[GRL]C?)$/.test(
    t,
  );
}

/**
 * Listens to the page's keys while the table is shown. `entryEl` shows the entry;
 * `submit(action)` is called with a legal action on Enter; `refuse(text, action)` with
 * what could not be sent, to say why.
 * @param {{entryEl: HTMLElement, getLegal: () => string[], submit: (a: string) => void,
 *   refuse: (text: string, action: string|null) => void}} opts
 * @returns {{clear: () => void, entry: () => string, detach: () => void}}
 */
export function attachKeyboard({ entryEl, getLegal, submit, refuse }) {
  let entry = "";
  const show = () => {
    entryEl.textContent = entry;
    entryEl.hidden = entry === "";
  };
  const onKey = (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    // Typing in the chat (or any field) is not a move.
    if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
    if (event.key === "Escape") {
      if (entry) {
        entry = "";
        show();
        event.preventDefault();
      }
      return;
    }
    if (event.key === "Backspace") {
      if (entry) {
        entry = entry.slice(0, -1);
        show();
        event.preventDefault();
      }
      return;
    }
    if (event.key === "Enter") {
      // Enter on a focused button presses that button; only an entry is ours.
      if (!entry) return;
      event.preventDefault();
      const legal = getLegal();
      const action = readEntry(entry, legal);
      if (action && legal.includes(action)) {
        entry = "";
        show();
        submit(action);
      } else {
        refuse(entry, action);
      }
      return;
    }
    if (event.key.length !== 1 || event.key === " ") return;
    const next = (entry + event.key).toUpperCase();
    if (plausiblePrefix(next)) entry = next;
    else if (plausiblePrefix(event.key.toUpperCase())) entry = event.key.toUpperCase();
    else return;
    event.preventDefault();
    show();
  };
  document.addEventListener("keydown", onKey);
  show();
  return {
    clear() {
      entry = "";
      show();
    },
    entry: () => entry,
    rebind(el) {
      entryEl = el;
      show();
    },
    detach() {
      document.removeEventListener("keydown", onKey);
    },
  };
}
