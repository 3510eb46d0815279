// The page's entry point: makes sure the visitor is a player (the first GET /api/me sets
// the cookie), then shows the lobby at `/` or a table at `/t/{id}`.

import { h, replace } from "./dom.js";
import { mountLobby } from "./lobby.js";
import { mountTable } from "./table.js";

/** Reads who we are, creating the anonymous player on a first visit. */
async function whoAmI() {
  const response = await fetch("/api/me", { credentials: "same-origin" });
  if (!response.ok) throw new Error(`GET /api/me answered ${response.status}`);
  return response.json();
}

/** What the address asks for: the lobby, or a table with its invite token. */
export function route(loc = location) {
  const match = loc.pathname.match(/^\/t\/(\d+)\/?$/);
  if (match) {
    const params = new URLSearchParams(loc.search);
    return { page: "table", tableId: Number(match[1]), invite: params.get("invite") };
  }
  return { page: "lobby" };
}

async function boot() {
  const root = document.getElementById("app");
  let me;
  try {
    me = await whoAmI();
  } catch (e) {
    replace(
      root,
      h("p", { class: "fatal", role: "alert", text: `The server could not be reached: ${e.message}` }),
      h("button", { type: "button", onclick: () => location.reload(), text: "Try again" }),
    );
    return;
  }
  const where = route();
  replace(root);
  if (where.page === "table") {
    document.body.classList.add("at-table");
    mountTable(root, { tableId: where.tableId, invite: where.invite, me });
  } else {
    document.body.classList.add("at-lobby");
    mountLobby(root, { me });
  }
}

boot();
