#!/usr/bin/env python3
"""Times tenace's solver against DDS (through endplay) on the same deals in one run,
one thread each, and prints the ratios of medians and of means.

    python3 scripts/bench_vs_dds.py --deals 200 --seed 10000 [--repeat 2]
    python3 scripts/bench_vs_dds.py --deals-file DEALS [--deals 200] [--repeat 2]

The deals are those `tenace deal --seed S --count N` prints: deal k has seed S + k, so
runs whose seed ranges overlap time the same deals, and a set large enough to trust
(solve times run from a fraction of a millisecond to seconds) takes a couple of
hundred deals. --deals-file times other deals instead: one PBN deal string
("N:AKQ.… …") a line, the first --deals of them (every one when --deals is not given).

Full table: `tenace solve --deal D --json` against endplay's calc_dd_table. Single solve
(SolveBoard, every card): `tenace solve --deal D --lead --strain NT --declarer S` (the
value of each of West's opening leads) against endplay's solve_board with West on lead in
no trump. DDS is held to one thread (SetMaxThreads(1)): by default its table runs on
every core.

Both are timed in CPU time, not wall time: on a shared machine a process waits for the
host at random, which once made the same solve take 0.2 s or 1.3 s of wall time. Ours is
timed per process, so its figures include the process start, while DDS's, in this
process, do not. The start is measured in the same run, as the fastest solve of a
one-card deal, and each ratio is printed twice: as run, and with that start taken off
ours. With --repeat, each deal counts its fastest pass. Makes .venv-dds (ignored by git)
with endplay on first use.
"""

import argparse
import resource
import statistics
import subprocess
import time

from dds_common import ensure_endplay, seeded_deals, tenace_binary


def cpu_in_process(fn):
    """CPU seconds `fn` takes in this process (DDS runs in it, on one thread)."""
    start = time.process_time()
    fn()
    return time.process_time() - start


def cpu_of_child(args):
    """CPU seconds (user and system) of a child process running `args`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def table_args(tenace, deal):
    """Our full table of `deal`, on one thread: `tenace solve` shares a table's strains
    among every core by default, and its CPU time would count them all."""
    return [tenace, "solve", "--deal", deal, "--json", "--threads", "1"]


def single_args(tenace, deal):
    """Our value of each of West's opening leads against South's no trump, on one thread
    (by default the leads are shared among every core, a solver each)."""
    return [tenace, "solve", "--deal", deal, "--lead", "--strain", "NT", "--declarer", "S",
            "--threads", "1"]


def report(name, ours, theirs, start):
    med = statistics.median(ours) / statistics.median(theirs)
    mean = statistics.mean(ours) / statistics.mean(theirs)
    solved = [max(t - start, 0.0) for t in ours]
    med_solved = statistics.median(solved) / statistics.median(theirs)
    mean_solved = statistics.mean(solved) / statistics.mean(theirs)
    print(f"{name}: tenace median {statistics.median(ours) * 1000:.1f} ms mean {statistics.mean(ours) * 1000:.1f} ms; "
          f"dds median {statistics.median(theirs) * 1000:.1f} ms mean {statistics.mean(theirs) * 1000:.1f} ms; "
          f"ratio tenace/dds: medians {med:.2f}, means {mean:.2f}; "
          f"less the process start: medians {med_solved:.2f}, means {mean_solved:.2f}")
    # Deal by deal the ratio spreads widely, so its quartiles say more than one figure.
    per_deal = sorted(o / t for o, t in zip(solved, theirs) if t > 0)
    if len(per_deal) >= 4:
        q1, q2, q3 = statistics.quantiles(per_deal, n=4)
        faster = sum(r < 1 for r in per_deal) / len(per_deal)
        print(f"  deal by deal, less the start: ratio quartiles {q1:.2f} {q2:.2f} {q3:.2f}, "
              f"tenace faster on {faster:.0%} of the deals")


def main():
    ensure_endplay()
    from endplay._dds import SetMaxThreads
    from endplay.dds import calc_dd_table, solve_board
    from endplay.types import Deal, Denom, Player

    # DDS solves a table's strains on a thread pool as wide as the machine unless told
    # otherwise; ours solves one deal on one thread, so DDS gets one too.
    SetMaxThreads(1)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=None,
                        help="how many deals (20 seeded ones by default)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals-file", help="one PBN deal string a line, in place of seeds")
    parser.add_argument("--repeat", type=int, default=1,
                        help="passes over the deals; each deal's fastest counts")
    args = parser.parse_args()
    tenace = tenace_binary()
    if args.deals_file:
        with open(args.deals_file) as f:
            deals = [line.strip() for line in f if line.strip()][:args.deals]
        source = f"the first {len(deals)} deals of {args.deals_file}"
    else:
        deals = seeded_deals(tenace, args.seed, args.deals or 20)
        source = f"{len(deals)} deals, seeds {args.seed} to {args.seed + len(deals) - 1}"

    n = len(deals)
    # The process start: a one-card deal solves in no time, so its CPU time is the
    # cost of starting the binary and reading the arguments.
    tiny = "N:A... K... Q... J..."
    start_table = start_single = float("inf")
    ours_table, dds_table, ours_single, dds_single = ([float("inf")] * n for _ in range(4))
    # Each pass goes through every deal, so DDS never solves the deal it solved just
    # before: it would reuse the transposition table of that solve, where ours starts
    # afresh in a new process. Each figure is a deal's fastest pass.
    for _ in range(args.repeat):
        for _ in range(10):
            start_table = min(start_table, cpu_of_child(table_args(tenace, tiny)))
            start_single = min(start_single, cpu_of_child(single_args(tenace, tiny)))
        for i, text in enumerate(deals):
            ours_table[i] = min(ours_table[i], cpu_of_child(table_args(tenace, text)))
            dds_table[i] = min(dds_table[i], cpu_in_process(lambda: calc_dd_table(Deal(text))))
        for i, text in enumerate(deals):
            ours_single[i] = min(ours_single[i], cpu_of_child(single_args(tenace, text)))
            deal = Deal(text)
            deal.trump = Denom.nt
            deal.first = Player.west
            dds_single[i] = min(dds_single[i], cpu_in_process(lambda: solve_board(deal)))
    print(f"{source}, one thread each, CPU time, best of {args.repeat}")
    print(f"process start (a one-card deal): table {start_table * 1000:.2f} ms, single {start_single * 1000:.2f} ms")
    report("full table (20 entries)", ours_table, dds_table, start_table)
    report("single solve, every card", ours_single, dds_single, start_single)


if __name__ == "__main__":
    main()
