#!/usr/bin/env python3
"""Play tenace's Devil's Bridge bots against OpenSpiel's ISMCTS on the same Oh Hell hands.

Each seeded hand is played once per seat: tenace's bot (expert or basic, through `tenace
engine`'s `bot` command) sits in that seat and OpenSpiel's information-set MCTS
(`pyspiel.ISMCTSBot`, random rollouts) in every other. Both engines are stepped side by
side, every action applied to both, under the rules they share: the hook on, no bid
changes, no blind hand, 1 point a trick plus 10 for an exact bid (tenace's
`tricks_plus_bonus`, OpenSpiel's defaults).

For each level the script prints, over the hands:

* points a hand against ISMCTS: the tenace seat's points less the mean of the ISMCTS
  seats' points at the same table, averaged over the seats of one hand, with a 95%
  interval over the hands (normal approximation);
* the exact-bid rate of the tenace seat and of the ISMCTS seats, and how often each
  missed by taking too few tricks (the rest of the misses took too many);
* the mean time of a tenace decision.

The work is split over every core (one tenace engine and one set of ISMCTS bots a
worker), with a progress line as hands finish. The script makes its own virtual
environment (default: target/openspiel-venv) with open_spiel from PyPI and re-runs itself
there; it builds the release tenace binary unless --tenace names one.

Usage: python3 scripts/openspiel_match.py [--hands 200] [--players 4] [--sizes 5,8,10]
       [--levels expert,basic] [--sims 1000] [--samples 40] [--think-ms N] [--seed 1]
"""

import argparse
import multiprocessing
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_openspiel import (  # noqa: E402
    SUITS,
    RANKS,
    os_action_name,
    parse_with_engine_arguments,
    start_openspiel,
)
from tenace_engine import Engine, interval, tenace_binary  # noqa: E402

EXACT_BONUS = 10


def deal_hand(rng, players, size):
    """A seeded hand: the cards of each player, the turned-up trump and the dealer."""
    deck = [s + r for s in SUITS for r in RANKS]
    rng.shuffle(deck)
    hands = [deck[p * size:(p + 1) * size] for p in range(players)]
    return players, size, rng.randrange(players), hands, deck[players * size]


def engine_action(action_name, legal):
    """The tenace action for an OpenSpiel action name: cards by name, bids as numbers."""
    if action_name in legal:
        return action_name
    raise RuntimeError(f"tenace has no legal action {action_name!r} among {legal}")


class Worker:
    """One tenace engine and pyspiel, kept for the hands a worker plays."""

    def __init__(self, args):
        import pyspiel

        self.pyspiel = pyspiel
        self.args = args
        self.tenace = Engine(args.tenace)

    def ismcts(self, seed):
        ps = self.pyspiel
        evaluator = ps.RandomRolloutEvaluator(1, seed)
        return ps.ISMCTSBot(
            seed,
            evaluator,
            self.args.uct_c,
            self.args.sims,
            -1,
            ps.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            False,
            False,
        )

    def play(self, spec, level, seat, seed):
        """One hand with tenace's `level` in `seat`: every seat's points and whether it
        took fewer tricks than it bid, and the tenace decisions' count and time."""
        players, size, dealer, hands, trump = spec
        self.tenace.send(
            {
                "cmd": "new",
                "game": "devils-bridge",
                "options": {
                    "players": players,
                    "target_score": None,
                    "allow_bid_changes": False,
                    "blind_one_card_hands": "none",
                    "scoring": "tricks_plus_bonus",
                },
                "hand": {
                    "size": size,
                    "dealer": str(dealer),
                    "hands": {str(p): hands[p] for p in range(players)},
                    "trump": trump,
                },
            }
        )
        state = start_openspiel(self.pyspiel, players, size, dealer, hands, trump)
        bots = {p: self.ismcts(seed * 31 + p) for p in range(players) if p != seat}
        decisions, thinking = 0, 0.0
        while not state.is_terminal():
            player = state.current_player()
            if player == seat:
                request = {"cmd": "bot", "player": str(player), "level": level, "seed": seed}
                if level == "expert":
                    request["samples"] = self.args.samples
                    if self.args.think_ms:
                        request["think_ms"] = self.args.think_ms
                start = time.perf_counter()
                name = self.tenace.send(request)["action"]
                thinking += time.perf_counter() - start
                decisions += 1
                action = next(
                    a for a in state.legal_actions() if os_action_name(a) == name
                )
            else:
                action = bots[player].step(state)
                name = os_action_name(action)
            self.tenace.send({"cmd": "apply", "player": str(player), "action": name})
            state.apply_action(action)
        final = self.tenace.send({"cmd": "state"})["state"]
        points = [final["hand_scores"][str(p)] for p in range(players)]
        short = [final["tricks_won"][str(p)] < final["bids"][str(p)] for p in range(players)]
        theirs = [int(round(r)) for r in state.returns()]
        if points != theirs:
            raise RuntimeError(f"the engines disagree on the score: {points} vs {theirs}")
        return points, short, decisions, thinking


_worker = None


def init_worker(args):
    global _worker
    _worker = Worker(args)


def play_hand(job):
    """Every seat of one hand in turn, for one level: the per-seat results."""
    index, spec, level, seed = job
    rows = []
    for seat in range(spec[0]):
        points, short, decisions, thinking = _worker.play(spec, level, seat, seed + seat)
        others = [points[p] for p in range(spec[0]) if p != seat]
        rows.append(
            {
                "ours": points[seat],
                "theirs": sum(others) / len(others),
                "exact": points[seat] >= EXACT_BONUS,
                "their_exact": sum(p >= EXACT_BONUS for p in others) / len(others),
                "short": short[seat],
                "their_short": sum(short[p] for p in range(spec[0]) if p != seat) / len(others),
                "decisions": decisions,
                "thinking": thinking,
            }
        )
    return index, level, spec[1], rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="hands a level plays")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--sizes", default="5,8,10", help="hand sizes, taken in turn")
    parser.add_argument("--levels", default="expert,basic", help="tenace levels to measure")
    parser.add_argument("--sims", type=int, default=1000, help="ISMCTS simulations a move")
    parser.add_argument("--uct-c", type=float, default=2.0, help="ISMCTS exploration")
    parser.add_argument(
        "--samples",
        type=int,
        default=40,
        help="the expert's samples (Devil's Bridge plays ten times as many out)",
    )
    parser.add_argument("--think-ms", type=int, help="the expert's time budget")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parse_with_engine_arguments(parser)
    args.tenace = tenace_binary(args.tenace, "release")

    sizes = [int(s) for s in args.sizes.split(",")]
    levels = args.levels.split(",")
    rng = random.Random(args.seed)
    specs = [deal_hand(rng, args.players, sizes[i % len(sizes)]) for i in range(args.hands)]
    jobs = [
        (i, spec, level, args.seed * 1_000_003 + i * 16)
        for i, spec in enumerate(specs)
        for level in levels
    ]
    results = {level: {} for level in levels}
    started = time.time()
    with multiprocessing.Pool(args.jobs, initializer=init_worker, initargs=(args,)) as pool:
        for done, (index, level, size, rows) in enumerate(
            pool.imap_unordered(play_hand, jobs), start=1
        ):
            results[level][index] = (size, rows)
            if done % max(1, len(jobs) // 50) == 0 or done == len(jobs):
                elapsed = time.time() - started
                print(
                    f"\r{done}/{len(jobs)} hands played, {elapsed:.0f} s, "
                    f"about {elapsed / done * (len(jobs) - done):.0f} s to go",
                    end="",
                    file=sys.stderr,
                    flush=True,
                )
    print(file=sys.stderr)

    print(
        f"tenace against OpenSpiel ISMCTS ({args.sims} simulations, random rollouts, "
        f"uct_c {args.uct_c}): {args.players} players, hand sizes {args.sizes}, hook on, "
        f"1 a trick + 10 exact; {args.hands} hands, each seat in turn; seed {args.seed}; "
        f"expert samples {args.samples} ({args.samples * 10} deals played out a decision)" + (f", think_ms {args.think_ms}" if args.think_ms else "")
    )
    for level in levels:
        for label, keep in [("all sizes", None)] + [(f"{s} cards", s) for s in sizes]:
            hands = [rows for size, rows in results[level].values() if keep in (None, size)]
            if not hands:
                continue
            diffs = [sum(r["ours"] - r["theirs"] for r in rows) / len(rows) for rows in hands]
            mean, half = interval(diffs)
            seats = [r for rows in hands for r in rows]
            exact = sum(r["exact"] for r in seats) / len(seats)
            their_exact = sum(r["their_exact"] for r in seats) / len(seats)
            short = sum(r["short"] for r in seats) / len(seats)
            their_short = sum(r["their_short"] for r in seats) / len(seats)
            ms = 1000 * sum(r["thinking"] for r in seats) / max(1, sum(r["decisions"] for r in seats))
            print(
                f"{level:>6} {label:>9}: {mean:+.2f} points a hand against ISMCTS "
                f"(95% interval {mean - half:+.2f} to {mean + half:+.2f}, {len(hands)} hands); "
                f"exact bids {exact:.0%} (ISMCTS {their_exact:.0%}), "
                f"short of the bid {short:.0%} ({their_short:.0%}); "
                f"{ms:.0f} ms a decision"
            )


if __name__ == "__main__":
    main()
