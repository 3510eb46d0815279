#!/usr/bin/env python3
"""Compare tenace's Devil's Bridge with OpenSpiel's oh_hell, step by step.

For many seeded single hands (3 to 7 players, every hand size that leaves a card to turn
up), the same deal, dealer and trump card are set up in both engines: in OpenSpiel through
its chance actions, in tenace through `tenace engine` and an explicit "hand". Then random
legal actions are played to the end, and at every step the player to act and the legal
actions are compared; at the end, each player's points.

Each hand is played twice:

* aligned: tenace with allow_bid_changes false and blind_one_card_hands none, the rules
  OpenSpiel implements. Every step must match exactly.
* default: tenace's default options. Here tenace may let several players act (bid
  changes); the comparison checks that OpenSpiel's player is among them and that, with the
  "change N" actions set aside, the legal actions are the same. The extra change actions
  are counted as the expected difference.

OpenSpiel's oh_hell scores 1 point a trick plus 10 for an exact bid (off_bid_penalty
false, points_per_trick 1), which is tenace's tricks_plus_bonus.

The script makes its own virtual environment (default: target/openspiel-venv) and
installs open_spiel from PyPI into it, then re-runs itself there. It builds the tenace
binary with cargo unless --tenace names one.

Usage: python3 scripts/compare_openspiel.py [--hands 500] [--seed 1] [--tenace PATH]
"""

import argparse
import os
import random
import subprocess
import sys
import venv
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tenace_engine import ROOT, Engine, tenace_binary  # noqa: E402

SUITS = "CDSH"  # OpenSpiel's card id is rank * 4 + suit, suits in this order
RANKS = "23456789TJQKA"
BID_BASE = 52  # OpenSpiel's bid actions are 52 + bid


def ensure_venv(path):
    """Re-runs this script inside a venv that has open_spiel, creating it if needed."""
    python = os.path.join(path, "bin", "python")
    if os.path.abspath(sys.prefix) == os.path.abspath(path):
        return
    if not os.path.exists(python):
        print(f"creating {path} and installing open_spiel …", file=sys.stderr)
        venv.create(path, with_pip=True)
    check = subprocess.run([python, "-c", "import pyspiel"], capture_output=True)
    if check.returncode != 0:
        subprocess.run([python, "-m", "pip", "install", "-q", "open_spiel"], check=True)
    os.execv(python, [python] + sys.argv)


def parse_with_engine_arguments(parser):
    """Adds --tenace and --venv, parses, and re-runs the script inside the venv."""
    parser.add_argument("--tenace", help="the tenace binary (default: build it with cargo)")
    parser.add_argument(
        "--venv",
        default=os.path.join(ROOT, "target", "openspiel-venv"),
        help="where to make the virtual environment with open_spiel",
    )
    args = parser.parse_args()
    ensure_venv(args.venv)
    return args


def card_name(action):
    return SUITS[action % 4] + RANKS[action // 4]


def card_id(name):
    return RANKS.index(name[1]) * 4 + SUITS.index(name[0])


def os_action_name(action):
    return str(action - BID_BASE) if action >= BID_BASE else card_name(action)


def max_size(players):
    return {3: 10, 4: 10, 5: 10, 6: 8, 7: 7}[players]


def random_hand(rng):
    players = rng.randint(3, 7)
    # Any size that leaves a card to turn up: OpenSpiel always turns one up.
    size = rng.randint(1, (52 - 1) // players)
    dealer = rng.randrange(players)
    deck = [SUITS[s] + RANKS[r] for s in range(4) for r in range(13)]
    rng.shuffle(deck)
    hands = [deck[p * size:(p + 1) * size] for p in range(players)]
    trump = deck[players * size]
    return players, size, dealer, hands, trump


def start_openspiel(pyspiel, players, size, dealer, hands, trump):
    game = pyspiel.load_game(
        "oh_hell", {"players": players, "num_tricks_fixed": size}
    )
    state = game.new_initial_state()
    state.apply_action(size)  # the number of tricks (fixed, a single outcome)
    state.apply_action(dealer)
    # OpenSpiel deals card k to player k mod players.
    for k in range(size):
        for p in range(players):
            state.apply_action(card_id(hands[p][k]))
    state.apply_action(card_id(trump))
    assert not state.is_chance_node(), "OpenSpiel should be past its chance nodes"
    return state


def play_hand(pyspiel, tenace, rng, spec, aligned, stats, differences):
    players, size, dealer, hands, trump = spec
    options = {"players": players, "target_score": None}
    if aligned:
        options.update({"allow_bid_changes": False, "blind_one_card_hands": "none"})
    tenace.send(
        {
            "cmd": "new",
            "game": "devils-bridge",
            "options": options,
            "hand": {
                "size": size,
                "dealer": str(dealer),
                "hands": {str(p): hands[p] for p in range(players)},
                "trump": trump,
            },
        }
    )
    state = start_openspiel(pyspiel, players, size, dealer, hands, trump)
    mode = "aligned" if aligned else "default"
    while not state.is_terminal():
        legal = tenace.send({"cmd": "legal"})
        player = str(state.current_player())
        os_legal = sorted(os_action_name(a) for a in state.legal_actions())
        to_act = legal["to_act"]
        ours_all = legal["legal"].get(player, [])
        changes = [a for a in ours_all if a.startswith("change")]
        ours = sorted(a for a in ours_all if not a.startswith("change"))
        others = [p for p in to_act if p != player]
        stats[mode, "steps"] += 1
        if changes or others:
            stats[mode, "steps with bid changes open"] += 1
        ok = player in to_act and ours == os_legal
        if aligned:
            ok = ok and to_act == [player] and not changes
        elif others:
            # Anyone else acting may only be changing a bid.
            ok = ok and all(
                all(a.startswith("change") for a in legal["legal"][p]) for p in others
            )
        if not ok:
            stats[mode, "mismatched steps"] += 1
            if len(differences) < 10:
                differences.append(
                    f"{mode} hand {spec[:3]}: OpenSpiel player {player} {os_legal}; "
                    f"tenace to_act {to_act} {legal['legal']}"
                )
        action = rng.choice(state.legal_actions())
        tenace.send({"cmd": "apply", "player": player, "action": os_action_name(action)})
        state.apply_action(action)
    final = tenace.send({"cmd": "state"})["state"]
    ours = [final["hand_scores"][str(p)] for p in range(players)]
    theirs = [int(round(r)) for r in state.returns()]
    stats[mode, "hands"] += 1
    if ours != theirs:
        stats[mode, "score mismatches"] += 1
        if len(differences) < 10:
            differences.append(f"{mode} hand {spec[:3]}: scores tenace {ours}, OpenSpiel {theirs}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=500, help="hands to compare")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the play")
    args = parse_with_engine_arguments(parser)
    import pyspiel  # noqa: E402, only importable inside the venv

    binary = tenace_binary(args.tenace, "debug")

    rng = random.Random(args.seed)
    tenace = Engine(binary)
    stats = Counter()
    by_players = defaultdict(int)
    differences = []
    for _ in range(args.hands):
        spec = random_hand(rng)
        by_players[spec[0]] += 1
        play_seed = rng.randrange(2**32)
        for aligned in (True, False):
            play_hand(pyspiel, tenace, random.Random(play_seed), spec, aligned, stats, differences)
    tenace.close()

    print(f"OpenSpiel oh_hell vs tenace devils-bridge: {args.hands} hands, seed {args.seed}")
    print("hands by players: " + ", ".join(f"{p}: {by_players[p]}" for p in sorted(by_players)))
    for mode in ("aligned", "default"):
        print(
            f"{mode}: {stats[mode, 'hands']} hands, {stats[mode, 'steps']} steps compared, "
            f"{stats[mode, 'mismatched steps']} mismatched steps, "
            f"{stats[mode, 'score mismatches']} score mismatches"
        )
    print(
        f"default options: bid changes were open at {stats['default', 'steps with bid changes open']} "
        "steps (tenace only; OpenSpiel has no bid changes)"
    )
    print("rule differences, by design:")
    print("  - OpenSpiel has no bid changes (tenace: allow_bid_changes, default true)")
    print("  - OpenSpiel has no blind hand (tenace: blind_one_card_hands, default final);"
          " it changes observations, not legal actions")
    print("  - OpenSpiel always turns up a trump card: with every card dealt (e.g. 4 x 13)"
          " it has no chance outcome left and cannot start; tenace plays that hand with no trumps")
    print("  - OpenSpiel plays one hand; tenace also plays the series, target score and tie-break")
    print("  - OpenSpiel scores 1 a trick + 10 for an exact bid = tenace's tricks_plus_bonus;"
          " tenace also has exact_only")
    for line in differences:
        print("difference: " + line)
    failed = stats["aligned", "mismatched steps"] + stats["default", "mismatched steps"]
    failed += stats["aligned", "score mismatches"] + stats["default", "score mismatches"]
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
