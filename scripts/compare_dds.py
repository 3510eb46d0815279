#!/usr/bin/env python3
"""Compares `tenace solve` with DDS (through endplay) cell by cell, with par, on seeded
random deals and hand-picked extremes, and prints every mismatch as PBN.

    python3 scripts/compare_dds.py --deals 2000 --seed 1 [--threads 2]
    python3 scripts/compare_dds.py --deals 0 --endings 600 --seed 1

--endings N adds N random endings, 1 to 12 cards a hand in turn: each is compared on
its 20-entry table and on the value of every opening lead (DDS's SolveBoard with all
cards) for one strain and declarer.

Makes .venv-dds (ignored by git) with endplay on first use.
"""

import argparse
import json
import random
import subprocess
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
    parser.add_argument("--endings", type=int, default=0)
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
    endings = random_endings(args.seed, args.endings)
    lead_mismatches = compare_leads(tenace, endings)
    deals += endings
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
            # On an ending DDS counts the missing tricks as won by every declarer.
            missing = 13 - len(deal[2:].split()[0].replace(".", ""))
            if missing == 12:
                continue  # DDS's table miscounts one-card endings; the leads check them
            theirs = {seat: {s: t - missing for s, t in row.items()} for seat, row in theirs.items()}
            bad = [(seat, s) for seat in SEATS for s in STRAINS if mine["tricks"][seat][s] != theirs[seat][s]]
            if bad:
                cell_mismatches += len(bad)
                cells = ", ".join(f"{s} by {seat}: tenace {mine['tricks'][seat][s]} dds {theirs[seat][s]}" for seat, s in bad)
                print(f"MISMATCH [Deal \"{deal}\"] {cells}")
            if len(deal[2:].split()[0].replace(".", "")) < 13:
                continue  # par is for whole deals
            dealer = Player.find(deal[0])
            p = dds_par(table, Vul.none, dealer)
            if p.score != mine["par"]["score"]:
                par_mismatches += 1
                print(f"PAR MISMATCH [Deal \"{deal}\"] tenace {mine['par']['score']} dds {p.score}")
    print(f"{len(deals)} deals ({len(extremes)} hand-picked, {len(endings)} endings), "
          f"{len(deals) * 20} cells: {cell_mismatches} cell mismatches, "
          f"{par_mismatches} par mismatches, {lead_mismatches} opening-lead mismatches")
    sys.exit(1 if cell_mismatches or par_mismatches or lead_mismatches else 0)


def random_endings(seed, count):
    """Random positions with the same number of cards in every hand, 1 to 12 in turn."""
    rng = random.Random(seed)
    ranks = "AKQJT98765432"
    endings = []
    for i in range(count):
        size = 1 + i % 12
        cards = [s + r for s in "SHDC" for r in ranks]
        rng.shuffle(cards)
        hands = [cards[j * 13:j * 13 + size] for j in range(4)]
        text = " ".join(".".join("".join(r for r in ranks if s + r in h) for s in "SHDC") for h in hands)
        endings.append(f"N:{text}")
    return endings


def compare_leads(tenace, endings):
    """Every opening lead's value, tenace's `--lead` against DDS's SolveBoard."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player
    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades,
              "NT": Denom.nt}
    mismatches = 0
    for i, text in enumerate(endings):
        strain = STRAINS[i % 5]
        declarer = SEATS[i % 4]
        out = subprocess.run([tenace, "solve", "--deal", text, "--lead", "--strain", strain,
                              "--declarer", declarer, "--json"],
                             check=True, capture_output=True, text=True).stdout
        ours = json.loads(out)["leads"]
        deal = Deal(text)
        deal.trump = denoms[strain]
        deal.first = Player.find(SEATS[(SEATS.index(declarer) + 1) % 4])
        for card, tricks in solve_board(deal):
            name = "SHDC"[card.suit.value] + card.rank.abbr.upper()
            if ours.get(name) != tricks:
                mismatches += 1
                print(f"LEAD MISMATCH [Deal \"{text}\"] {strain} by {declarer}, lead {name}: "
                      f"tenace {ours.get(name)} dds {tricks}")
    return mismatches


if __name__ == "__main__":
    main()
