#!/usr/bin/env python3
"""Measure how often tenace's basic bidding bot agrees with saycbridge's SAYC test suite.

saycbridge (eseidel/saycbridge on GitHub) keeps a public suite of Standard American Yellow
Card bidding problems in src/tests/test_sayc.py: a dict, `sayc_expectations`, from a group
name (`test_open_one_nt`, `test_jacoby_transfers`, …) to a list of expectations
`[hand, expected call, history, vulnerability]`. Clone that repository and pass it with
--saycbridge; the file is read with `ast.literal_eval`, never imported or executed, and
nothing of it is copied here.

The tests are built the way saycbridge's own harness builds them. The dealer is always
North and the bidder is the player after the last call of the history. An expectation
whose history has n >= 4 calls also tests the same hand at the history less its last four
calls, expecting the call that hand made then (history[-4]), again while at least four
calls are left. Within a group a (hand, history, vulnerability) is tested once: the first
expectation wins, and a later one that expects another call is counted as a conflict.

Each test is put to `tenace engine` (see docs/engine-protocol.md): a `new` deal in which the
bidder holds the test hand and the other 39 cards are dealt at random (seeded by the
test's place in the suite, so runs are reproducible), an `apply` for each call of the
history, then a `bot` request at level basic for the bidder. The bot's call agrees when it
is the expected call. A history the engine refuses is skipped and counted apart; an error
from the engine or the bot for one test is reported and counts as a disagreement.

The script prints, over the tests:

* a table per saycbridge group, in the file's order: agreements, tests and percent;
* the same over about a dozen rule groups (FAMILIES below), --markdown for a Markdown one;
* the totals, over the suite's listed expectations and with the earlier calls added (what
  saycbridge's harness counts), and the numbers of tests, subtests, duplicates, conflicts, skips and errors.

The work is split over every core (one tenace engine a worker), with a progress line on
standard error. The script builds the release tenace binary unless --tenace names one.

Usage: python3 scripts/sayc_suite.py --saycbridge PATH [--tenace BIN] [--group NAME ...]
       [--failures] [--json OUT] [--markdown] [--jobs N] [--seed 0]
"""

import argparse
import ast
import json
import multiprocessing
import os
import random
import subprocess
import sys
import time
from collections import Counter, OrderedDict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tenace_engine import Engine, EngineError, tenace_binary  # noqa: E402
SEATS = "NESW"
RANKS = "AKQJT98765432"
# saycbridge's vulnerability names to the engine's.
VULNERABILITY = {"None": "None", "N-S": "NS", "E-W": "EW", "Both": "Both"}
REPLY_TIMEOUT = 60.0  # seconds to wait for one engine answer

# saycbridge's test groups (without the "test_" prefix) in coarser rule groups, in the
# order the family table lists them. A group missing here goes to "Other", with a warning.
FAMILIES = OrderedDict(
    [
        (
            "1NT and 2NT openings and responses",
            [
                "open_one_nt",
                "open_two_nt",
                "weak_game_jump_over_one_nt",
                "minimum_stayman",
                "invitational_stayman",
                "3c_stayman",
                "escape_route_stayman",
                "jacoby_transfers",
                "invitational_two_nt_over_one_nt",
                "three_level_calls_over_one_nt",
                "slam_invitations_over_one_nt",
                "interference_over_one_nt",
            ],
        ),
        (
            "Openings",
            [
                "rule_of_twenty_open",
                "third_and_fourth_seat_opens",
                "preemption",
                "strong_two_club",
            ],
        ),
        (
            "Responses to one of a major",
            [
                "minimum_response_to_one_of_a_major",
                "invitational_response_to_one_of_a_major",
                "game_forcing_resonse_to_one_of_a_major",  # sic
                "game_forcing_response_to_one_of_a_major",
                "jacoby_two_nt_response_to_one_of_a_major",
                "slam_zone_responses_to_one_of_a_major",
            ],
        ),
        (
            "Responses to one of a minor",
            [
                "minimum_response_to_one_of_a_minor",
                "invitational_response_to_one_of_a_minor",
                "game_forcing_response_to_one_of_a_minor",
                "slam_zone_response_to_one_of_a_minor",
            ],
        ),
        (
            "Opener's rebids",
            [
                "minimum_rebid_by_opener",
                "invitational_rebid_by_opener",
                "game_forcing_rebid_by_opener",
                "opener_rebid_after_a_limit_raise",
                "reverses",
            ],
        ),
        (
            "Responder's rebids",
            ["subsequent_bidding_by_responder", "fourth_suit_forcing"],
        ),
        (
            "Overcalls and advances",
            ["overcalls", "preemptive_overcalls", "overcalling_one_notrump", "balancing"],
        ),
        (
            "Michaels and unusual 2NT",
            ["michaels_and_unusual_notrump", "responses_to_michaels"],
        ),
        ("Doubles", ["doubles", "negative_double", "reopening_double"]),
        ("Slam bidding", ["slam_biding", "slam_bidding"]),  # sic, and in case it is fixed
        ("Hands from play", ["misc_hands_from_play"]),
    ]
)
OTHER = "Other"
FAMILY_OF = {g: f for f, groups in FAMILIES.items() for g in groups}


def family_of(group):
    name = group[len("test_"):] if group.startswith("test_") else group
    return FAMILY_OF.get(name, OTHER)


# --- reading saycbridge's suite -------------------------------------------------------

SUITE_PATH = "src/tests/test_sayc.py"


def read_suite_source(path):
    """The text of test_sayc.py from a checkout, the file itself, or a bare git dir."""
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            return f.read()
    if not os.path.isdir(path):
        sys.exit(f"--saycbridge {path}: no such file or directory")
    checkout = os.path.join(path, SUITE_PATH)
    if os.path.isfile(checkout):
        with open(checkout, encoding="utf-8") as f:
            return f.read()
    # A git directory without a work tree: read the file from HEAD.
    shown = subprocess.run(
        ["git", "-C", path, "show", f"HEAD:{SUITE_PATH}"], capture_output=True, text=True
    )
    if shown.returncode != 0:
        sys.exit(
            f"--saycbridge {path}: neither {SUITE_PATH} nor a git repository holding it "
            f"({shown.stderr.strip()})"
        )
    return shown.stdout


def parse_expectations(source):
    """The `sayc_expectations` dict, by ast.literal_eval of its assignment."""
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets = [node.target]
        else:
            continue
        if any(isinstance(t, ast.Name) and t.id == "sayc_expectations" for t in targets):
            value = ast.literal_eval(node.value)
            if not isinstance(value, dict):
                sys.exit("sayc_expectations is not a dict")
            return value
    sys.exit("no `sayc_expectations = {...}` assignment found in the suite")


def check_hand(hand):
    suits = hand.split(".")
    cards = [s + r for s, held in zip("CDHS", suits) for r in held.upper()]
    if len(suits) != 4 or len(cards) != 13 or len(set(cards)) != 13:
        raise ValueError(f"not a 13-card C.D.H.S hand: {hand!r}")
    if any(c[1] not in RANKS for c in cards):
        raise ValueError(f"unknown rank in {hand!r}")
    return cards


def build_tests(expectations):
    """The tests of every group, with saycbridge's subtests, and counts about them."""
    tests = []
    stats = Counter()
    for group, lines in expectations.items():
        seen = {}
        for line in lines:
            stats["expectations"] += 1
            try:
                hand, expected = str(line[0]), str(line[1])
                history = str(line[2]).split() if len(line) > 2 and line[2] else []
                vul = str(line[3]) if len(line) > 3 and line[3] else "None"
                if vul not in VULNERABILITY:
                    raise ValueError(f"unknown vulnerability {vul!r}")
            except (IndexError, TypeError, ValueError) as e:
                print(f"warning: {group}: unreadable expectation {line!r}: {e}", file=sys.stderr)
                stats["unreadable"] += 1
                continue
            try:
                check_hand(hand)
                invalid = None
            except ValueError as e:
                # Kept as a test, skipped when run: the suite has such a hand.
                invalid = str(e)
                print(f"warning: {group}: {e}; its tests are skipped", file=sys.stderr)
            candidates = [(history, expected, None)]
            partial = history
            while len(partial) >= 4:
                candidates.append((partial[:-4], partial[-4], " ".join(history)))
                partial = partial[:-4]
            for hist, exp, parent in candidates:
                key = (hand, tuple(hist), vul)
                if key in seen:
                    if normalise(seen[key]) != normalise(exp):
                        stats["conflicts"] += 1
                        print(
                            f"warning: {group}: conflicting expectations for {hand} "
                            f"[{' '.join(hist)}] {vul}: {seen[key]} kept, {exp} dropped",
                            file=sys.stderr,
                        )
                    else:
                        stats["duplicates"] += 1
                    continue
                seen[key] = exp
                if parent is not None:
                    stats["subtests"] += 1
                tests.append(
                    {
                        "index": len(tests),
                        "group": group,
                        "family": family_of(group),
                        "hand": hand,
                        "history": hist,
                        "vul": vul,
                        "expected": exp,
                        "subtest_of": parent,
                        "invalid": invalid,
                    }
                )
    return tests, stats


# --- notation -------------------------------------------------------------------------


def normalise(call):
    """A call in tenace's short form: 1N -> 1NT, PASS -> P, DBL -> X."""
    c = str(call).strip().upper()
    c = {"PASS": "P", "DBL": "X", "DOUBLE": "X", "RDBL": "XX", "REDOUBLE": "XX"}.get(c, c)
    if len(c) == 2 and c[0].isdigit() and c[1] == "N":
        c += "T"
    return c


def pbn_hand(cards):
    """Cards like "SA" as a PBN hand: spades.hearts.diamonds.clubs, high to low."""
    return ".".join(
        "".join(sorted((c[1] for c in cards if c[0] == s), key=RANKS.index)) for s in "SHDC"
    )


def deal_for(test, seed):
    """The PBN deal (from North) with the test hand in the bidder's seat."""
    bidder = len(test["history"]) % 4
    mine = check_hand(test["hand"])
    rest = [s + r for s in "SHDC" for r in RANKS if s + r not in mine]
    random.Random(seed * 1_000_003 + test["index"]).shuffle(rest)
    hands, k = [], 0
    for seat in range(4):
        if seat == bidder:
            hands.append(mine)
        else:
            hands.append(rest[k:k + 13])
            k += 13
    return "N:" + " ".join(pbn_hand(h) for h in hands), SEATS[bidder]


# --- the engine -----------------------------------------------------------------------


def run_test(engine, test, seed):
    """The result of one test: status agree, disagree, skipped or error."""
    result = dict(test)
    result.update(got=None, reason=None, error=None, seat=SEATS[len(test["history"]) % 4])
    if test["invalid"]:
        result.update(status="skipped", skip="invalid hand", error=test["invalid"])
        return result
    deal, seat = deal_for(test, seed)
    result["seat"] = seat
    result["deal"] = deal
    try:
        reply = engine.request(
            {
                "cmd": "new",
                "game": "bridge",
                "deal": deal,
                "dealer": "N",
                "vulnerability": VULNERABILITY[test["vul"]],
            }
        )
        if not reply.get("ok"):
            result.update(status="error", error=f"new refused: {reply.get('error')}")
            return result
        for i, call in enumerate(test["history"]):
            reply = engine.request({"cmd": "apply", "player": SEATS[i % 4], "action": normalise(call)})
            if not reply.get("ok"):
                result.update(
                    status="skipped",
                    skip="history refused",
                    error=f"history refused at call {i + 1} ({call}): {reply.get('error')}",
                )
                return result
        reply = engine.request({"cmd": "bot", "player": seat, "level": "basic"})
        if not reply.get("ok"):
            result.update(status="error", error=f"bot refused: {reply.get('error')}")
            return result
        result["got"] = reply.get("action")
        result["reason"] = reply.get("reason")
        agree = normalise(result["got"] or "") == normalise(test["expected"])
        result["status"] = "agree" if agree else "disagree"
    except EngineError as e:
        result.update(status="error", error=f"engine: {e}")
        engine.restart()
    return result


_engine = None
_seed = 0


def worker_init(binary, seed):
    global _engine, _seed
    _engine = Engine(binary, timeout=REPLY_TIMEOUT)
    _seed = seed


def worker_run(test):
    try:
        return run_test(_engine, test, _seed)
    except Exception as e:  # a bug for one test is reported, not fatal
        result = dict(test)
        result.update(status="error", got=None, reason=None, error=f"{type(e).__name__}: {e}")
        result["seat"] = SEATS[len(test["history"]) % 4]
        return result


def run_all(binary, tests, jobs, seed):
    results = []
    counts = Counter()
    start = time.monotonic()
    tty = sys.stderr.isatty()

    def progress(final=False):
        done = len(results)
        line = (
            f"{done}/{len(tests)} tests, {counts['agree']} agree, "
            f"{counts['skipped']} skipped, {counts['error']} errors, "
            f"{time.monotonic() - start:.0f} s"
        )
        if tty:
            sys.stderr.write("\r" + line + ("\n" if final else ""))
            sys.stderr.flush()
        elif final or done % 200 == 0:
            print(line, file=sys.stderr)

    if jobs <= 1:
        worker_init(binary, seed)
        try:
            for test in tests:
                results.append(worker_run(test))
                counts[results[-1]["status"]] += 1
                progress()
        finally:
            _engine.close()
    else:
        with multiprocessing.Pool(jobs, initializer=worker_init, initargs=(binary, seed)) as pool:
            for result in pool.imap_unordered(worker_run, tests, chunksize=4):
                results.append(result)
                counts[result["status"]] += 1
                progress()
    progress(final=True)
    results.sort(key=lambda r: r["index"])
    return results


# --- reporting ------------------------------------------------------------------------


def percent(agree, judged):
    return 100.0 * agree / judged if judged else 0.0


def tally(results, key):
    """Per value of `key`, in first-seen order: [agree, judged, skipped, errors]."""
    table = OrderedDict()
    for r in results:
        row = table.setdefault(r[key], [0, 0, 0, 0])
        if r["status"] == "skipped":
            row[2] += 1
            continue
        row[1] += 1
        row[0] += r["status"] == "agree"
        row[3] += r["status"] == "error"
    return table


def print_table(title, table, width):
    print(f"{title:<{width}}  {'agree':>5} / {'tests':<5}  {'%':>6}  notes")
    for name, (agree, judged, skipped, errors) in table.items():
        notes = []
        if skipped:
            notes.append(f"{skipped} skipped")
        if errors:
            notes.append(f"{errors} errors")
        print(
            f"{name:<{width}}  {agree:>5} / {judged:<5}  {percent(agree, judged):>5.1f}%  "
            + ", ".join(notes)
        )


def show_history(history):
    return f"[{' '.join(history)}]" if history else "(no calls yet)"


def print_failures(results):
    print("\nFailures:")
    for r in results:
        if r["status"] == "agree":
            continue
        hand = r["hand"] + " (C.D.H.S)" if r["invalid"] else pbn_hand(check_hand(r["hand"]))
        vul = "" if r["vul"] == "None" else f" vul {r['vul']}"
        head = f"{r['group']}: {r['seat']} {hand} after {show_history(r['history'])}{vul}"
        if r["status"] == "disagree":
            print(f"{head}: expected {r['expected']}, got {r['got']} ({r['reason']})")
        else:
            print(f"{head}: expected {r['expected']}, {r['status']}: {r['error']}")


def print_markdown(listed, families):
    """The rule groups twice: the suite's own expectations, then with the earlier calls."""
    print("| Rule group | Listed: agree / tests | % | With earlier calls: agree / tests | % |")
    print("| --- | ---: | ---: | ---: | ---: |")
    sums = [0, 0, 0, 0]
    for name, (agree, judged, _, _) in families.items():
        l_agree, l_judged = listed.get(name, [0, 0])[:2]
        sums = [a + b for a, b in zip(sums, [l_agree, l_judged, agree, judged])]
        print(
            f"| {name} | {l_agree} / {l_judged} | {percent(l_agree, l_judged):.1f} "
            f"| {agree} / {judged} | {percent(agree, judged):.1f} |"
        )
    print(
        f"| **Total** | **{sums[0]} / {sums[1]}** | **{percent(sums[0], sums[1]):.1f}** "
        f"| **{sums[2]} / {sums[3]}** | **{percent(sums[2], sums[3]):.1f}** |"
    )


def main():
    parser = argparse.ArgumentParser(
        description="How often tenace's basic bidding bot agrees with saycbridge's SAYC suite."
    )
    parser.add_argument(
        "--saycbridge",
        required=True,
        help="a saycbridge checkout, its src/tests/test_sayc.py, or its git directory",
    )
    parser.add_argument("--tenace", help="the tenace binary (default: build it with cargo)")
    parser.add_argument(
        "--group",
        action="append",
        default=[],
        metavar="NAME",
        help="only the groups whose name contains NAME (repeatable)",
    )
    parser.add_argument("--failures", action="store_true", help="print every failure")
    parser.add_argument("--json", metavar="OUT", help="write every result to OUT as JSON")
    parser.add_argument(
        "--markdown", action="store_true", help="print the rule-group table as Markdown"
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: cores)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seeds the unseen hands (default 0)")
    args = parser.parse_args()

    expectations = parse_expectations(read_suite_source(args.saycbridge))
    for group in expectations:
        if family_of(group) == OTHER:
            print(f"warning: group {group} has no rule group; counted under {OTHER}", file=sys.stderr)
    tests, stats = build_tests(expectations)
    if args.group:
        tests = [t for t in tests if any(g in t["group"] for g in args.group)]
        if not tests:
            sys.exit(f"no group matches {args.group}")
    binary = tenace_binary(args.tenace)
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        sys.exit(f"{binary}: not an executable file")
    results = run_all(binary, tests, max(1, args.jobs), args.seed)

    counts = Counter(r["status"] for r in results)
    skips = Counter(r.get("skip") for r in results if r["status"] == "skipped")
    judged = len(results) - counts["skipped"]
    groups = tally(results, "group")
    order = list(FAMILIES) + [OTHER]
    by_family = tally(results, "family")
    families = OrderedDict((f, by_family[f]) for f in order if f in by_family)

    print_table("saycbridge group", groups, max(len(g) for g in groups))
    print()
    listed_results = [r for r in results if not r.get("subtest_of")]
    listed = tally(listed_results, "family")
    if args.markdown:
        print_markdown(listed, families)
    else:
        print_table("Rule group", families, max(len(f) for f in families))
    print()
    listed_agree = sum(r["status"] == "agree" for r in listed_results)
    listed_judged = sum(r["status"] != "skipped" for r in listed_results)
    print(
        f"Listed expectations: {listed_agree} of {listed_judged} "
        f"({percent(listed_agree, listed_judged):.1f}%)"
    )
    print(
        f"With earlier calls (saycbridge's harness): {counts['agree']} of {judged} "
        f"({percent(counts['agree'], judged):.1f}%)"
    )
    scope = f" in groups matching {args.group}" if args.group else ""
    print(
        f"{len(results)} tests{scope}; the suite: {stats['expectations']} expectations, "
        f"{stats['subtests']} subtests added, {stats['duplicates']} duplicates dropped, "
        f"{stats['conflicts']} conflicting expectations dropped"
        + (f", {stats['unreadable']} unreadable" if stats["unreadable"] else "")
    )
    print(
        f"Skipped (not in the total): {skips['history refused']} history refused, "
        f"{skips['invalid hand']} invalid hand; "
        f"errors (counted as disagreements): {counts['error']}"
    )
    if args.failures:
        print_failures(results)
    if args.json:
        out = [
            {
                "group": r["group"],
                "family": r["family"],
                "hand": r["hand"],
                "hand_pbn": None if r["invalid"] else pbn_hand(check_hand(r["hand"])),
                "seat": r["seat"],
                "history": " ".join(r["history"]),
                "vul": r["vul"],
                "expected": r["expected"],
                "got": r["got"],
                "reason": r["reason"],
                "pass": r["status"] == "agree",
                "status": r["status"],
                "error": r["error"],
                "subtest_of": r["subtest_of"],
                "skip": r.get("skip"),
            }
            for r in results
        ]
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1, ensure_ascii=False)
            f.write("\n")


if __name__ == "__main__":
    main()
