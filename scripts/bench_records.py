#!/usr/bin/env python3
"""Times tenace's PBN game records against endplay's in one run: reading and writing a
file of seeded, finished Contract Bridge deals, and solving a file double dummy, with
the ratios tenace/endplay (above 1: tenace is slower).

    python3 scripts/bench_records.py [--deals 10000] [--solve-deals 1000] [--chunk 100] [--repeat 1]

The file: boards 1 to --deals, each dealt from its number with the dealer and
vulnerability of its place in the duplicate cycle, bid and played to the end by a
fixed-seed generator of legal calls and cards, with the full tag set (the file the
`records` criterion bench builds in memory), written by
`cargo run --release -p tenace-formats --example pbn_roundtrip -- --generate N FILE`.

- Read: endplay's `endplay.parsers.pbn.load` of the file into its boards, against the
  example reading the file, parsing it (`parse_pbn_file`) and replaying every game's
  auction and play through the rules (`board_from_game`); the parse alone is shown too.
- Write: endplay's `dump` of the boards it read, against the example writing the
  replayed deals (`game_from_deal`, `format_pbn_file`). Both to a file.
- Solve: `tenace solve --pbn FILE --write OUT` on the first --solve-deals boards, a
  file of --chunk boards at a time, the two sides taking turns on each chunk (the table
  of every deal and its par, added as tags; process start, reading and writing
  included), against endplay's `calc_all_tables` (DDS's CalcAllTables, 40 deals a call,
  the most DDS takes with all five strains) and `par` of every deal, the boards already
  read. Both on every core: ours by default, DDS with SetMaxThreads(0).

Times are wall times (the solves run on several threads), read and write measured inside
each process so that neither counts the start of Python or of the binary; with --repeat,
each figure is its fastest pass. Makes .venv-dds (ignored by git) with endplay on first
use, and builds the release binary and the example.
"""

import argparse
import os
import subprocess
import tempfile
import time

from dds_common import ROOT, ensure_endplay, tenace_binary


def roundtrip_example():
    """Builds the pbn_roundtrip example in release and returns its path."""
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "tenace-formats",
                    "--example", "pbn_roundtrip"], cwd=ROOT, check=True)
    return os.path.join(target, "release", "examples", "pbn_roundtrip")


def generate(example, count, path):
    subprocess.run([example, "--generate", str(count), path], check=True,
                   capture_output=True)


def ours_roundtrip(example, path, out):
    """The example's own timings: {games, bytes, parse_s, read_s, write_s}."""
    line = subprocess.run([example, path, out], check=True, capture_output=True,
                          text=True).stdout.split()
    fields = dict(zip(line[::2], line[1::2]))
    return {k: float(v) for k, v in fields.items()}


def endplay_roundtrip(path, out):
    from endplay.parsers import pbn
    start = time.perf_counter()
    with open(path) as f:
        boards = pbn.load(f)
    read = time.perf_counter() - start
    start = time.perf_counter()
    with open(out, "w") as f:
        pbn.dump(boards, f)
    write = time.perf_counter() - start
    return boards, read, write


def endplay_solve(boards):
    """Wall seconds of DDS's tables and par for every board."""
    from endplay.dds import calc_all_tables, par
    from endplay.types import Deal
    deals = [Deal(b.deal.to_pbn()) for b in boards]
    start = time.perf_counter()
    for i in range(0, len(deals), 40):
        tables = calc_all_tables(deals[i:i + 40])
        for k, board in enumerate(boards[i:i + 40]):
            par(tables[k], board.vul, board.dealer)
    return time.perf_counter() - start


def ours_solve(tenace, path, out):
    start = time.perf_counter()
    subprocess.run([tenace, "solve", "--pbn", path, "--write", out], check=True,
                   capture_output=True)
    return time.perf_counter() - start


def main():
    ensure_endplay()
    from endplay._dds import SetMaxThreads
    from endplay.parsers import pbn

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10000,
                        help="boards in the file read and written (10,000)")
    parser.add_argument("--solve-deals", type=int, default=1000,
                        help="boards solved double dummy (1,000)")
    parser.add_argument("--chunk", type=int, default=100,
                        help="boards solved by each side in turn (100)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="passes; each figure is its fastest")
    args = parser.parse_args()

    SetMaxThreads(0)  # every core
    tenace = tenace_binary()
    example = roundtrip_example()
    cores = os.cpu_count()
    with tempfile.TemporaryDirectory() as tmp:
        records = os.path.join(tmp, "records.pbn")
        generate(example, args.deals, records)
        size = os.path.getsize(records)
        best = {"parse": float("inf"), "read": float("inf"), "write": float("inf"),
                "ep_read": float("inf"), "ep_write": float("inf")}
        for _ in range(args.repeat):
            ours = ours_roundtrip(example, records, os.path.join(tmp, "ours.pbn"))
            boards, ep_read, ep_write = endplay_roundtrip(records, os.path.join(tmp, "ep.pbn"))
            assert int(ours["games"]) == len(boards) == args.deals, "both read every game"
            best["parse"] = min(best["parse"], ours["parse_s"])
            best["read"] = min(best["read"], ours["read_s"])
            best["write"] = min(best["write"], ours["write_s"])
            best["ep_read"] = min(best["ep_read"], ep_read)
            best["ep_write"] = min(best["ep_write"], ep_write)

        mb = size / 1e6
        print(f"{args.deals} finished deals, {mb:.2f} MB of PBN; wall time, best of {args.repeat}")

        def line(name, ours, theirs, deals=args.deals):
            print(f"{name}: tenace {ours:.3f} s ({deals / ours:,.0f} deals/s, {mb / ours:.2f} MB/s); "
                  f"endplay {theirs:.3f} s ({deals / theirs:,.0f} deals/s, {mb / theirs:.2f} MB/s); "
                  f"ratio tenace/endplay {ours / theirs:.3f}")

        line("read, parse only", best["parse"], best["ep_read"])
        line("read, parse and replay", best["read"], best["ep_read"])
        line("write", best["write"], best["ep_write"])

        # The solves take minutes, and a shared machine's speed drifts over minutes: the
        # two take turns on chunks of the same deals, each chunk's pair close in time.
        solve_file = os.path.join(tmp, "solve.pbn")
        generate(example, args.solve_deals, solve_file)
        with open(solve_file, newline="") as f:
            # Export format: games apart by an empty line, CRLF line ends.
            games = f.read().split("\r\n\r\n")
        ours_best = theirs_best = 0.0
        for first in range(0, args.solve_deals, args.chunk):
            chunk = os.path.join(tmp, "chunk.pbn")
            with open(chunk, "w", newline="") as f:
                f.write("\r\n\r\n".join(games[first:first + args.chunk]))
            with open(chunk) as f:
                boards = pbn.load(f)
            assert len(boards) == min(args.chunk, args.solve_deals - first)
            ours = theirs = float("inf")
            for _ in range(args.repeat):
                pair = [lambda: ours_solve(tenace, chunk, os.path.join(tmp, "solved.pbn")),
                        lambda: endplay_solve(boards)]
                # Alternate which goes first, so neither always follows the other's caches.
                order = [0, 1] if (first // args.chunk) % 2 == 0 else [1, 0]
                times = [0.0, 0.0]
                for k in order:
                    times[k] = pair[k]()
                ours, theirs = min(ours, times[0]), min(theirs, times[1])
            ours_best += ours
            theirs_best += theirs
        n = args.solve_deals
        print(f"solve {n} deals, table and par, every core ({cores}) for both: "
              f"tenace solve --pbn {ours_best:.2f} s ({n / ours_best:.1f} deals/s, whole process); "
              f"endplay calc_all_tables + par {theirs_best:.2f} s ({n / theirs_best:.1f} deals/s); "
              f"ratio tenace/endplay {ours_best / theirs_best:.3f}")


if __name__ == "__main__":
    main()
