#!/usr/bin/env python3
"""Times tenace's solver against DDS (through endplay) on the same seeded deals in one run,
one thread each, and prints the ratios of medians and of means.

    python3 scripts/bench_vs_dds.py --deals 20 --seed 1

Full table: `tenace solve --deal D --json` against endplay's calc_dd_table. Single solve
(SolveBoard, every card): `tenace solve --deal D --lead --strain NT --declarer S` (the
value of each of West's opening leads) against endplay's solve_board with West on lead in
no trump. Ours is timed per process, so its figures include the process start (about a
millisecond). DDS is held to one thread (SetMaxThreads(1)): by default its table
runs on every core. Makes .venv-dds (ignored by git) with endplay on first use.
"""

import argparse
import statistics
import subprocess
import time

from dds_common import ensure_endplay, seeded_deals, tenace_binary


def timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def report(name, ours, theirs):
    med = statistics.median(ours) / statistics.median(theirs)
    mean = statistics.mean(ours) / statistics.mean(theirs)
    print(f"{name}: tenace median {statistics.median(ours) * 1000:.1f} ms mean {statistics.mean(ours) * 1000:.1f} ms; "
          f"dds median {statistics.median(theirs) * 1000:.1f} ms mean {statistics.mean(theirs) * 1000:.1f} ms; "
          f"ratio tenace/dds: medians {med:.2f}, means {mean:.2f}")


def main():
    ensure_endplay()
    from endplay._dds import SetMaxThreads
    from endplay.dds import calc_dd_table, solve_board
    from endplay.types import Deal, Denom, Player

    # DDS solves a table's strains on a thread pool as wide as the machine unless told
    # otherwise; ours solves one deal on one thread, so DDS gets one too.
    SetMaxThreads(1)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tenace = tenace_binary()
    deals = seeded_deals(tenace, args.seed, args.deals)

    ours_table, dds_table, ours_single, dds_single = [], [], [], []
    for text in deals:
        ours_table.append(timed(lambda: subprocess.run(
            [tenace, "solve", "--deal", text, "--json"], check=True, capture_output=True)))
        dds_table.append(timed(lambda: calc_dd_table(Deal(text))))
    # A second pass, so DDS never solves the deal it solved just before: it would reuse
    # the transposition table of that solve, where ours starts afresh in a new process.
    for text in deals:
        ours_single.append(timed(lambda: subprocess.run(
            [tenace, "solve", "--deal", text, "--lead", "--strain", "NT", "--declarer", "S"],
            check=True, capture_output=True)))
        deal = Deal(text)
        deal.trump = Denom.nt
        deal.first = Player.west
        dds_single.append(timed(lambda: solve_board(deal)))
    print(f"{len(deals)} deals from seed {args.seed}, one thread each")
    report("full table (20 entries)", ours_table, dds_table)
    report("single solve, every card", ours_single, dds_single)


if __name__ == "__main__":
    main()
