// What the table screen reads out of a view, as pure functions (no DOM): the seats in
// order and where each sits, the tricks rebuilt from the history, whose turn it is, why a
// card may not be played, and the words for a finished deal. Kept apart from table.js so
// the drawing code stays about drawing.

/** The partnership games: four seats N E S W, a declarer and a dummy. */
export const PARTNERSHIP_GAMES = ["bridge", "deuces-wild", "five-crowns"];

/** The games' display names. */
export const GAME_NAMES = {
  bridge: "Contract Bridge",
  "deuces-wild": "Deuces Wild",
  "five-crowns": "Five Crowns Bridge",
  "devils-bridge": "Devil's Bridge",
  bridgette: "Bridgette",
};

/** The match kinds' display names. */
export const MATCH_NAMES = {
  single_deal: "single deal",
  rubber: "rubber",
  chicago: "Chicago",
  duplicate: "duplicate",
  series: "series",
  game: "six-deal game",
};

import { resultText, signed } from "./sheet.js";
import { contractLabel } from "./cards.js";

const COMPASS = { N: "North", E: "East", S: "South", W: "West" };

/** True for the four-seat partnership games. */
export function isPartnership(game) {
  return PARTNERSHIP_GAMES.includes(game);
}

/**
 * The seats in clockwise order, as the deal or (before the start) the table lists them.
 * @param {Object} view
 * @returns {string[]}
 */
export function seatsInOrder(view) {
  if (view.deal && Array.isArray(view.deal.players)) return view.deal.players.slice();
  return (view.seats || []).map((s) => s.seat);
}

/**
 * The seat drawn at the bottom: one's own, or for a spectator the first of South / `0`.
 * @param {Object} view
 * @returns {string}
 */
export function bottomSeat(view) {
  const order = seatsInOrder(view);
  if (view.viewer && view.viewer.seat && order.includes(view.viewer.seat)) return view.viewer.seat;
  return order.includes("S") ? "S" : order[0];
}

/**
 * The seats rotated so that `bottom` comes first, then clockwise: with four seats that is
 * bottom, left, top, right (the way a table is seen from one's own chair).
 */
export function rotated(order, bottom) {
  const i = Math.max(0, order.indexOf(bottom));
  return order.slice(i).concat(order.slice(0, i));
}

/** The side (`NS` / `EW`) of a compass seat. */
export function sideOf(seat) {
  return seat === "N" || seat === "S" ? "NS" : "EW";
}

/** The partner of a compass seat. */
export function partnerOf(seat) {
  return { N: "S", S: "N", E: "W", W: "E" }[seat] || null;
}

/** A seat's display label: the compass name, or "Seat 3" for the numbered games. */
export function seatLabel(game, seat) {
  if (COMPASS[seat] && isPartnership(game)) return COMPASS[seat];
  const n = Number(seat);
  return Number.isInteger(n) ? `Seat ${n + 1}` : String(seat);
}

/**
 * The name shown for a seat: the person's name, or for a computer player its seat label
 * (several "basic bot"s would be indistinguishable), or the seat label when empty.
 */
export function seatName(view, seat) {
  const entry = (view.seats || []).find((s) => s.seat === seat);
  const label = seatLabel(view.game, seat);
  if (!entry || (!entry.player && !entry.bot)) return label;
  if (entry.bot && !entry.player) return isPartnership(view.game) ? label : `Bot ${label.replace("Seat ", "")}`;
  return entry.name || label;
}

/**
 * A server message as the page names players: the engine writes "player 2" at the
 * numbered tables (its notation counts from 0), the page shows names and "Seat 3".
 */
export function namePlayers(view, text) {
  if (!view || isPartnership(view.game) || typeof text !== "string") return text;
  return text.replace(/\bplayer (\d)\b/g, (_, n) => seatName(view, n));
}

/**
 * The server's reason for refusing `action`, from a view's `call_reasons` or
 * `card_reasons`: each distinct reason is sent once (`reasons`), each refused action
 * with its reason's index (`actions`), and `{action}` in a reason stands for the action.
 * @param {{actions?: Object<string, number>, reasons?: string[]}|undefined} refusals
 * @param {string} action
 * @returns {string|null}
 */
export function refusalReason(refusals, action) {
  const index = refusals && refusals.actions ? refusals.actions[action] : undefined;
  const text = index === undefined ? undefined : (refusals.reasons || [])[index];
  return typeof text === "string" ? text.replace("{action}", action) : null;
}

/** Whether an action string is a card (as opposed to a call, a bid, a discard, a claim). */
export function isCard(action) {
  return typeof action === "string" && /^(?:[SHDCR][AKQJT2-9]|JK[SHDCR]?|GC|RC|LC)$/.test(action);
}

/** The suit a card follows as: its first letter, or the named suit of a joker-as-two. */
export function suitOf(card) {
  if (card.startsWith("JK")) return card.length === 3 ? card[2] : null;
  if (["GC", "RC", "LC"].includes(card)) return null;
  return card[0];
}

/**
 * Every trick of the deal so far, rebuilt from the history: `[{leader, cards: [{seat,
 * card}], winner}]`, the last one possibly incomplete (`winner` null). A card from dummy
 * is recorded with declarer as its player, so each trick's seats are counted clockwise
 * from a player whose record is exact (anyone but declarer).
 * @param {Object} deal the engine state as the viewer sees it
 * @returns {Array<{leader: string, cards: Array<{seat: string, card: string}>, winner: string|null}>}
 */
export function tricksOf(deal) {
  if (!deal || !Array.isArray(deal.history) || !Array.isArray(deal.players)) return [];
  const order = deal.players;
  const n = order.length;
  const plays = deal.history.filter((e) => isCard(e.action));
  const tricks = [];
  for (let start = 0; start < plays.length; start += n) {
    const chunk = plays.slice(start, start + n);
    // With a dummy, the first entry not written as declarer's fixes the seats.
    let k = 0;
    if (deal.dummy) {
      const exact = chunk.findIndex((e) => e.player !== deal.declarer);
      k = exact >= 0 ? exact : 0;
    }
    const base = (order.indexOf(chunk[k].player) - k + n * 2) % n;
    tricks.push({
      leader: order[base],
      cards: chunk.map((e, i) => ({ seat: order[(base + i) % n], card: e.action })),
      winner: null,
    });
  }
  // A trick's winner leads the next one; the last complete trick's winner leads the
  // current (possibly empty) trick of the state.
  for (let i = 0; i < tricks.length; i++) {
    if (tricks[i].cards.length < n) continue;
    if (i + 1 < tricks.length) tricks[i].winner = tricks[i + 1].leader;
    else if (deal.trick && deal.trick.leader) tricks[i].winner = deal.trick.leader;
  }
  return tricks;
}

/**
 * The seat whose card comes next in the play (dummy's own seat when it is dummy's turn,
 * though `to_act` names declarer), or null outside the play.
 */
export function playTurnSeat(deal) {
  if (!deal || deal.phase !== "play" || !deal.trick || !deal.trick.leader) return null;
  const order = deal.players;
  const i = order.indexOf(deal.trick.leader);
  return order[(i + (deal.trick.cards || []).length) % order.length];
}

/** The seats to highlight as acting now: the next card's seat in the play, else `to_act`. */
export function actingSeats(view) {
  const deal = view.deal;
  if (!deal || view.status !== "playing") return [];
  const playSeat = playTurnSeat(deal);
  const acting = new Set(view.to_act || deal.to_act || []);
  // Devil's Bridge shows its leader's trick while the bids are still coming: only in the
  // play is the card's holder the one to act.
  if (playSeat && deal.phase === "play") {
    // The next card's holder; a Devil's dealer who may still change a bid stays listed.
    if (deal.dummy && acting.has(deal.declarer)) acting.delete(deal.declarer);
    acting.add(playSeat);
  }
  return [...acting];
}

/**
 * Why a card may not be played now, for a player who pressed or typed it.
 * @param {Object} view
 * @param {string} card
 * @param {string} fromSeat the hand it was pressed in
 * @returns {string}
 */
export function cardReason(view, card, fromSeat) {
  const deal = view.deal;
  const me = view.viewer && view.viewer.seat;
  if (!me) return "You are watching: take a seat to play.";
  if (!deal || view.status !== "playing") return "The deal has not started.";
  if (deal.phase === "exchange") return "Choose your discards now; the play comes later.";
  if (deal.phase === "auction") return "It is the auction: make a call first.";
  if (deal.phase !== "play") return "The deal is over.";
  if (view.claim) return "Play waits while the claim is answered.";
  if (view.undo) return "Play waits while the undo is answered.";
  if (deal.blind && (view.legal || []).includes("blind")) {
    return "This hand is blind: you cannot see your card, press Blind to play it.";
  }
  const turn = playTurnSeat(deal);
  const mine = turn === me || (deal.dummy === turn && deal.declarer === me);
  if (!mine) return `It is ${seatName(view, turn)}'s turn.`;
  if (fromSeat && fromSeat !== turn) {
    return turn === deal.dummy ? "It is dummy's turn: play from dummy." : "It is your own turn: play from your hand.";
  }
  // The rule itself is the engine's: the server sends why each card is refused.
  const reason =
    refusalReason(view.card_reasons, card) ||
    (card.startsWith("JK") ? refusalReason(view.card_reasons, "JK") : null);
  if (reason) return `Not allowed: ${namePlayers(view, reason)}.`;
  return "That card may not be played now.";
}

/**
 * The lines that describe a finished deal (its record): contract, declarer, tricks and
 * score, in the game's terms.
 * @param {string} game
 * @param {Object} record the engine state of the finished deal
 * @param {(seat: string) => string} nameOf
 * @returns {string[]}
 */
export function resultLines(game, record, nameOf) {
  if (!record) return [];
  if (game === "devils-bridge") {
    const lines = [`${record.hand_size}-card hand${record.blind ? " (blind)" : ""}: bid/took and points`];
    for (const seat of record.players || []) {
      const bid = record.bids ? record.bids[seat] : null;
      const took = record.tricks_won ? record.tricks_won[seat] : 0;
      const pts = record.hand_scores ? record.hand_scores[seat] : null;
      const exact = bid === took ? " exact" : "";
      lines.push(`${nameOf(seat)}: ${bid ?? "–"}/${took}${exact}, ${signed(pts)}`);
    }
    return lines;
  }
  if (record.thrown_in) return ["Thrown in: both players passed (the deal does not count)."];
  if (!record.contract) return ["Passed out: no score."];
  const lines = [];
  if (game === "bridgette") {
    const took = record.tricks_won ? record.tricks_won[record.declarer] : 0;
    lines.push(`${contractLabel(record.contract)} ${resultText(record.contract, took, game)} by ${nameOf(record.declarer)}: ${took} tricks.`);
    const points = record.points || {};
    const scorer = Object.keys(points).find((s) => points[s] > 0);
    lines.push(scorer ? `${nameOf(scorer)} scores ${points[scorer]}.` : "No score.");
    return lines;
  }
  const side = sideOf(record.declarer);
  const took = record.tricks_won_by_side ? record.tricks_won_by_side[side] : 0;
  lines.push(`${contractLabel(record.contract)} ${resultText(record.contract, took, game)} by ${nameOf(record.declarer)}: ${took} tricks.`);
  if (typeof record.score === "number") {
    lines.push(record.score >= 0 ? `North-South ${signed(record.score)}` : `East-West ${signed(-record.score)}`);
  }
  return lines;
}
