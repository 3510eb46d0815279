#!/usr/bin/env python3
"""Play two builds of tenace's computer players against each other, seat against seat.

Player A and player B are each a tenace binary and a bot level: the expert of this commit
against the expert of the previous one (`--a NEW --b OLD`), or two levels of one binary
(`--a BIN --a-level expert --b BIN --b-level basic`). `tenace sim --bots` compares levels
inside one binary; this script compares binaries.

Both binaries run `tenace engine` (docs/engine-protocol.md) and are stepped side by side:
the same `new` goes to both, so they hold the same deal; at each turn the engine that owns
the player to act is asked for its `bot` action, and the action is applied to both
engines, which must both accept it and agree on who acts next (a deal where they do not
is counted as an error and left). The bots' seed depends only on the deal and the move
number, so the same bot plays the same way at both tables. Every deal is a single deal
from `seed` = the base seed + the deal's index, with the game's default options.

What is measured on each deal:

* bridge, deuces-wild, five-crowns: duplicate. The deal is played twice, A North-South
  and B East-West, then the other way round. The figure is A's net score, A's score as
  North-South at the first table plus A's score as East-West at the second, in points and
  in IMPs (Law 78B scale of that difference). The verdict uses the IMPs.
* devils-bridge (`--players`, default 4): A sits in each seat in turn, B in all the
  others. The figure is A's points less the mean of the B seats' points, averaged over
  A's seats.
* bridgette: the deal is played twice with the seats swapped; the figure is A's net
  points.

For each game the script prints the mean figure a deal with a 95% interval over the deals
(normal approximation), the number of deals, the time of a decision of A and of B, and
which player is stronger, or "no significant difference". The work is split over every
core (one pair of engines a worker), with a progress line on standard error.

Usage: python3 scripts/versus.py [--a BIN] [--b BIN] [--a-level expert] [--b-level expert]
       [--games bridge,deuces-wild,five-crowns,devils-bridge,bridgette] [--deals 50]
       [--seed 1] [--samples N] [--think-ms N] [--players 4] [--jobs N] [--json OUT]
"""

import argparse
import json
import math
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tenace_engine import ROOT, Engine, EngineError, interval  # noqa: E402
GAMES = ["bridge", "deuces-wild", "five-crowns", "devils-bridge", "bridgette"]
DUPLICATE = {"bridge", "deuces-wild", "five-crowns"}
LEVELS = ("random", "basic", "expert")
# The lowest difference worth 1, 2, … 24 IMPs (Law 78B), as tenace-rules' scoring::imps.
IMP_THRESHOLDS = [
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500,
    1750, 2000, 2250, 2500, 3000, 3500, 4000,
]
MAX_MOVES = 5000  # far above any deal; stops a loop if the engines never finish


def imps(diff):
    size = abs(diff)
    count = sum(size >= t for t in IMP_THRESHOLDS)
    return -count if diff < 0 else count


class DealError(Exception):
    """Something that spoils one deal beside an engine's error: the engines disagree."""


class Worker:
    """A pair of engines, A's binary and B's, kept for the deals a worker plays."""

    def __init__(self, args):
        self.args = args
        self.start()

    def start(self):
        self.engines = {"A": Engine(self.args.a, "A"), "B": Engine(self.args.b, "B")}

    def restart_if_dead(self):
        if not all(e.alive() for e in self.engines.values()):
            for engine in self.engines.values():
                engine.close()
            self.start()

    def bot_request(self, side, player, seed):
        level = self.args.a_level if side == "A" else self.args.b_level
        request = {"cmd": "bot", "player": player, "level": level, "seed": seed}
        if level == "expert":
            if self.args.samples is not None:
                request["samples"] = self.args.samples
            if self.args.think_ms is not None:
                request["think_ms"] = self.args.think_ms
        return request

    def actor(self, to_act):
        """The player a bot acts for. In Devil's Bridge several may be in `to_act`: the next
        bidder or player, and whoever may still change their bid, which bots never do."""
        if len(to_act) == 1:
            return to_act[0]
        legal = self.engines["A"].send({"cmd": "legal"})["legal"]
        movers = [p for p in to_act if any(not a.startswith("change") for a in legal[p])]
        if len(movers) != 1:
            raise DealError(f"cannot tell who acts among {to_act}: legal {legal}")
        return movers[0]

    def play(self, game, seed, owner):
        """One table: `owner` maps each player to "A" or "B". Returns the final state and
        each side's decisions and seconds of thought."""
        a, b = self.engines["A"], self.engines["B"]
        new = {"cmd": "new", "game": game, "seed": seed}
        if game == "devils-bridge":
            new["options"] = {"players": self.args.players}
        state_a, state_b = a.send(new)["state"], b.send(new)["state"]
        for key in ("dealer", "hands", "to_act", "trump", "upcard"):
            if state_a.get(key) != state_b.get(key):
                raise DealError(
                    f"the engines deal differently ({key}): A {state_a.get(key)}, "
                    f"B {state_b.get(key)}"
                )
        stats = {"A": [0, 0.0], "B": [0, 0.0]}
        to_act = state_a["to_act"]
        for move in range(MAX_MOVES):
            if not to_act:
                break
            player = self.actor(to_act)
            side = owner[player]
            request = self.bot_request(side, player, (seed * 1_000_003 + move) % 2**64)
            started = time.perf_counter()
            action = self.engines[side].send(request)["action"]
            stats[side][0] += 1
            stats[side][1] += time.perf_counter() - started
            apply = {"cmd": "apply", "player": player, "action": action}
            reply_a, reply_b = a.send(apply), b.send(apply)
            if (reply_a["to_act"], reply_a["phase"]) != (reply_b["to_act"], reply_b["phase"]):
                raise DealError(
                    f"after {player} {action} (move {move}) the engines disagree: "
                    f"A says {reply_a['phase']} {reply_a['to_act']}, "
                    f"B says {reply_b['phase']} {reply_b['to_act']}"
                )
            to_act = reply_a["to_act"]
        else:
            raise DealError(f"no end after {MAX_MOVES} moves")
        final_a, final_b = a.send({"cmd": "state"})["state"], b.send({"cmd": "state"})["state"]
        key = "hand_scores" if game == "devils-bridge" else "score"
        if final_a.get(key) != final_b.get(key):
            raise DealError(
                f"the engines score differently: A {final_a.get(key)}, B {final_b.get(key)}"
            )
        if final_a.get(key) is None:
            raise DealError(f"the deal ended without a score ({key} is null)")
        return final_a, stats

    def deal(self, game, seed):
        """Every table of one deal: the deal's figure (and IMPs in the duplicate games)."""
        tables = []
        if game in DUPLICATE:
            for a_seats in ("NS", "EW"):
                owner = {p: "A" if p in a_seats else "B" for p in "NESW"}
                tables.append(self.play(game, seed, owner))
            # score is North-South's: A's at table 1, B's at table 2.
            net = tables[0][0]["score"] - tables[1][0]["score"]
            figure = {"points": net, "imps": imps(net)}
        elif game == "bridgette":
            for a_seat in ("0", "1"):
                owner = {p: "A" if p == a_seat else "B" for p in "01"}
                tables.append(self.play(game, seed, owner))
            # score is player 0's: A's at table 1, B's at table 2.
            figure = {"points": tables[0][0]["score"] - tables[1][0]["score"]}
        else:
            seats = [str(p) for p in range(self.args.players)]
            diffs = []
            for a_seat in seats:
                owner = {p: "A" if p == a_seat else "B" for p in seats}
                state, stats = self.play(game, seed, owner)
                points = state["hand_scores"]
                others = [points[p] for p in seats if p != a_seat]
                diffs.append(points[a_seat] - sum(others) / len(others))
                tables.append((state, stats))
            figure = {"points": round(sum(diffs) / len(diffs), 9)}
        stats = {
            side: [sum(t[1][side][0] for t in tables), sum(t[1][side][1] for t in tables)]
            for side in ("A", "B")
        }
        return figure, stats


_worker = None


def init_worker(args):
    global _worker
    _worker = Worker(args)


def play_deal(job):
    """One deal of one game: (game, index, figure or None, stats, error or None)."""
    game, index, seed = job
    try:
        figure, stats = _worker.deal(game, seed)
        return game, index, seed, figure, stats, None
    except (DealError, EngineError) as error:
        _worker.restart_if_dead()
        return game, index, seed, None, None, str(error)
    except Exception as error:  # a malformed answer, say: keep the other deals going
        _worker.restart_if_dead()
        return game, index, seed, None, None, f"{type(error).__name__}: {error}"


def signed(x):
    """+1.23, with no "-0.00" for a tiny negative rounding error."""
    return f"{round(x, 2) + 0.0:+.2f}"


def verdict(mean, half):
    if math.isnan(half):
        return "too few deals to tell"
    if mean - half > 0:
        return "A is stronger"
    if mean + half < 0:
        return "B is stronger"
    return "no significant difference"


def binary(path):
    path = path or os.path.join(ROOT, "target", "release", "tenace")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        sys.exit(f"versus: {path} is not an executable (build it with "
                 f"cargo build --release -p tenace-cli, or name one)")
    return os.path.abspath(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", help="A's tenace binary (default target/release/tenace)")
    parser.add_argument("--b", help="B's tenace binary (default target/release/tenace)")
    parser.add_argument("--a-level", default="expert", choices=LEVELS)
    parser.add_argument("--b-level", default="expert", choices=LEVELS)
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    parser.add_argument("--deals", type=int, default=50, help="deals a game")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal")
    parser.add_argument("--samples", type=int, help="the expert's samples (engine default)")
    parser.add_argument("--think-ms", type=int, help="the expert's time budget a decision")
    parser.add_argument("--players", type=int, default=4, help="Devil's Bridge table size")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", help="write the settings, summaries and every deal here")
    args = parser.parse_args()
    args.a, args.b = binary(args.a), binary(args.b)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    for game in games:
        if game not in GAMES:
            sys.exit(f"versus: unknown game {game!r} (expected {', '.join(GAMES)})")
    if not 3 <= args.players <= 7:
        sys.exit("versus: --players must be from 3 to 7")

    jobs = [(game, i, args.seed + i) for i in range(args.deals) for game in games]
    results = {game: {} for game in games}
    errors = {game: [] for game in games}
    started = time.time()
    with multiprocessing.Pool(
        max(1, min(args.jobs, len(jobs))), initializer=init_worker, initargs=(args,)
    ) as pool:
        for done, (game, index, seed, figure, stats, error) in enumerate(
            pool.imap_unordered(play_deal, jobs), start=1
        ):
            if error:
                errors[game].append({"deal": index, "seed": seed, "error": error})
                print(f"\n{game} deal {index} (seed {seed}): {error}", file=sys.stderr)
            else:
                results[game][index] = {"seed": seed, **figure, "stats": stats}
            elapsed = time.time() - started
            print(
                f"\r{done}/{len(jobs)} deals played, {elapsed:.0f} s, "
                f"about {elapsed / done * (len(jobs) - done):.0f} s to go",
                end="",
                file=sys.stderr,
                flush=True,
            )
    print(file=sys.stderr)

    def label(side):
        path, level = (args.a, args.a_level) if side == "A" else (args.b, args.b_level)
        shown = os.path.relpath(path, ROOT) if path.startswith(ROOT + os.sep) else path
        return f"{level} of {shown}"

    extras = []
    if args.samples is not None:
        extras.append(f"expert samples {args.samples}")
    if args.think_ms is not None:
        extras.append(f"think_ms {args.think_ms}")
    print(
        f"A = {label('A')}, B = {label('B')}; {args.deals} deals a game from seed "
        f"{args.seed}" + "".join(f", {e}" for e in extras)
    )
    summaries = {}
    for game in games:
        rows = [results[game][i] for i in sorted(results[game])]
        name = f"{game} ({args.players} players)" if game == "devils-bridge" else game
        if not rows:
            print(f"{name}: no deal finished ({len(errors[game])} errors)")
            summaries[game] = {"deals": 0, "errors": len(errors[game])}
            continue
        mean, half = interval([r["points"] for r in rows])
        ms = {
            side: 1000 * sum(r["stats"][side][1] for r in rows)
            / max(1, sum(r["stats"][side][0] for r in rows))
            for side in ("A", "B")
        }
        summary = {
            "deals": len(rows),
            "errors": len(errors[game]),
            "points": mean,
            "points_half_interval": half,
            "ms_a": ms["A"],
            "ms_b": ms["B"],
        }
        parts = [
            f"A {signed(mean)} points a deal "
            f"(95% interval {signed(mean - half)} to {signed(mean + half)})"
        ]
        judged = (mean, half)
        if game in DUPLICATE:
            imean, ihalf = interval([r["imps"] for r in rows])
            summary.update(imps=imean, imps_half_interval=ihalf)
            parts.append(
                f"{signed(imean)} IMPs ({signed(imean - ihalf)} to {signed(imean + ihalf)})"
            )
            judged = (imean, ihalf)
        summary["verdict"] = verdict(*judged)
        summaries[game] = summary
        error_note = f", {len(errors[game])} errors" if errors[game] else ""
        print(
            f"{name}: " + ", ".join(parts) + f"; {len(rows)} deals{error_note}; "
            f"{ms['A']:.1f} ms a decision for A, {ms['B']:.1f} for B: {summary['verdict']}"
            + (" (by IMPs)" if game in DUPLICATE else "")
        )

    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(
                {
                    "settings": {
                        k: v for k, v in vars(args).items() if k != "json"
                    },
                    "summaries": summaries,
                    "deals": {g: [results[g][i] for i in sorted(results[g])] for g in games},
                    "errors": errors,
                },
                out,
                indent=1,
            )


if __name__ == "__main__":
    main()
