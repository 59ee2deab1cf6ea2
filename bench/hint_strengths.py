"""Choose each game's hint strengths (solo/advice.py SHRINKS) from calibration records, by log loss.

The records are `bench/automa.py --dump` files: every option's raw playout tallies at a person's decision, the
choice made and whether the game was won. For each game this tries every pair of strengths on a grid and
prints the pair of least log loss, beside the shipped pair and one pair for all games; with `--check` it
scores the shipped strengths on other records (fresh decisions) instead of fitting.

    .venv/bin/python bench/hint_strengths.py D.json I.json            # fit on these records
    .venv/bin/python bench/hint_strengths.py --check J.json           # the shipped strengths on fresh ones
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))  # the checkout this script is in, not whichever one is installed

from automa import figure  # noqa: E402 (bench/automa.py: the hint's figure at a calibration record)

from solo import advice  # noqa: E402

CHOICE = (4.0, 8.0, 16.0, 32.0, 64.0)
"""The grid of `choice` strengths: at most 64, so a choice's own playouts count for as much as its decision's
(past 64 the figures of a decision's choices all but merge, and the hint could no longer show them apart)."""
POOL = (0.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0)


def log_loss(records: list[dict], strength: advice.Shrink) -> float:
    total = 0.0
    for r in records:
        p = min(max(figure(r, True, strength), 1e-6), 1 - 1e-6)
        total -= math.log(p if r["won"] else 1 - p)
    return total / len(records)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("records", nargs="+", type=Path, help="bench/automa.py --dump files")
    p.add_argument("--check", action="store_true", help="score the shipped strengths instead of fitting")
    args = p.parse_args()
    records = [r for f in args.records for r in json.loads(f.read_text())]
    games = list(dict.fromkeys(r["game"] for r in records))
    print(f"{len(records)} decisions from {', '.join(str(f) for f in args.records)}")
    print("| Game | Decisions | Shipped (choice, pool): log loss | Least on the grid | (16, 4) |")
    print("|---|---|---|---|---|")
    for g in games:
        mine = [r for r in records if r["game"] == g]
        shipped = advice.SHRINKS.get(g, advice.SHRINK)
        best = "" if args.check else _best(mine)
        print(
            f"| {g} | {len(mine)} | ({shipped.choice:g}, {shipped.pool:g}): {log_loss(mine, shipped):.4f} | "
            f"{best} | {log_loss(mine, advice.Shrink(16.0, 4.0)):.4f} |"
        )
    return 0


def _best(records: list[dict]) -> str:
    loss, c, q = min((log_loss(records, advice.Shrink(c, q)), c, q) for c in CHOICE for q in POOL)
    return f"({c:g}, {q:g}): {loss:.4f}"


if __name__ == "__main__":
    raise SystemExit(main())
