#!/usr/bin/env python3
"""Compares `tenace solve` with DDS (through endplay) cell by cell, with par, on seeded
random deals and hand-picked extremes, and prints every mismatch as PBN.

    python3 scripts/compare_dds.py --deals 2000 --seed 1 [--threads 2]

Makes .venv-dds (ignored by git) with endplay on first use.
"""

import argparse
import sys

from dds_common import SEATS, STRAINS, dds_table, ensure_endplay, seeded_deals, solve_file, tenace_binary

EXTREMES = [
    # Every suit solid in one hand.
    "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
    # Freaks: 13-0-0-0 splits spread round, and a 7-6 two-suiter against voids.
    "N:AKQJT98765432... ...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432..",
    "N:AKQJT98.765432.. 65432..AKQJT98.A 7.AKQJT98..65432 ..765432.KQJT987",
    # Everyone makes 3NT-ish: balanced, evenly split honours.
    "N:AKQ2.J32.T98.765 J43.AKQ.765.T984 T98.T98.AKQ.QJ32 765.7654.J432.AK",
    # Long suits and voids everywhere.
    "N:AKQJT9876.AKQJ.. 5432.T98765.T98. .432.AKQJ765.KQJ ..432.AT98765432",
]


def main():
    ensure_endplay()
    from endplay.dds import calc_all_tables, par as dds_par
    from endplay.types import Deal, Player, Vul

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args()

    tenace = tenace_binary()
    deals = seeded_deals(tenace, args.seed, args.deals)
    extremes = []
    for text in EXTREMES:
        try:
            if all(len(h.replace(".", "")) == 13 for h in text[2:].split()):
                Deal(text)
                extremes.append(text)
        except Exception:  # a malformed extreme is skipped, not fatal
            pass
    deals += extremes
    ours = solve_file(tenace, deals, args.threads)
    cell_mismatches = par_mismatches = 0
    # DDS solves up to 32 tables per call (5 strains each).
    for start in range(0, len(deals), 32):
        chunk = deals[start:start + 32]
        tables = calc_all_tables([Deal(d) for d in chunk])
        for offset, table in enumerate(tables):
            deal = chunk[offset]
            mine = ours[start + offset]
            theirs = dds_table(table)
            bad = [(seat, s) for seat in SEATS for s in STRAINS if mine["tricks"][seat][s] != theirs[seat][s]]
            if bad:
                cell_mismatches += len(bad)
                cells = ", ".join(f"{s} by {seat}: tenace {mine['tricks'][seat][s]} dds {theirs[seat][s]}" for seat, s in bad)
                print(f"MISMATCH [Deal \"{deal}\"] {cells}")
            dealer = Player.find(deal[0])
            p = dds_par(table, Vul.none, dealer)
            if p.score != mine["par"]["score"]:
                par_mismatches += 1
                print(f"PAR MISMATCH [Deal \"{deal}\"] tenace {mine['par']['score']} dds {p.score}")
    print(f"{len(deals)} deals ({len(extremes)} hand-picked), {len(deals) * 20} cells: "
          f"{cell_mismatches} cell mismatches, {par_mismatches} par mismatches")
    sys.exit(1 if cell_mismatches or par_mismatches else 0)


if __name__ == "__main__":
    main()
