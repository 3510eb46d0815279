"""Shared helpers of the DDS scripts: a private virtualenv with endplay, the tenace binary,
seeded deals, and endplay's tables in tenace's JSON shape."""

import json
import os
import subprocess
import sys
import tempfile
import venv

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.environ.get("TENACE_DDS_VENV", os.path.join(ROOT, ".venv-dds"))
SEATS = "NESW"
STRAINS = ["C", "D", "H", "S", "NT"]


def ensure_endplay():
    """Re-runs this script inside .venv-dds (made, with endplay, on first use)."""
    try:
        import endplay  # noqa: F401
        return
    except ImportError:
        pass
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        print(f"creating {VENV} and installing endplay", file=sys.stderr)
        venv.create(VENV, with_pip=True)
        subprocess.run([python, "-m", "pip", "install", "-q", "endplay"], check=True)
    os.execv(python, [python] + sys.argv)


def tenace_binary():
    """Builds the release binary and returns its path."""
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "tenace-cli"], cwd=ROOT, check=True)
    return os.path.join(target, "release", "tenace")


def seeded_deals(tenace, seed, count):
    """`tenace deal --seed` lines: PBN deal strings, the dealer's seat first."""
    out = subprocess.run([tenace, "deal", "--seed", str(seed), "--count", str(count)],
                         check=True, capture_output=True, text=True).stdout
    return [line.strip() for line in out.splitlines() if line.strip()]


def solve_file(tenace, deals, threads=None, extra=()):
    """Solves deals with `tenace solve --file --json`; returns the parsed lines in order."""
    with tempfile.NamedTemporaryFile("w", suffix=".pbn", delete=False) as f:
        for deal in deals:
            f.write(f'[Deal "{deal}"]\n')
        path = f.name
    try:
        cmd = [tenace, "solve", "--file", path, "--json", *extra]
        if threads:
            cmd += ["--threads", str(threads)]
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    return [json.loads(line) for line in out.splitlines()]


def dds_table(endplay_table):
    """endplay's DDTable as {seat: {strain: tricks}}."""
    from endplay.types import Denom, Player
    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades,
              "NT": Denom.nt}
    players = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
    return {seat: {s: endplay_table[denoms[s], players[seat]] for s in STRAINS} for seat in SEATS}
