"""Two codes' results in one `bench/automa.py --keep` file, side by side.

A kept result carries the fingerprint of the code that played it, so one file can hold two runs of the same
command. For every part of the run (each game's comparison at each level, each game's calibration), this says
how many games each code played, whether the games both played came out the same (the same winners; at a
calibration game the same decisions, tallies, choices and win), and the CPU each spent per decision (median and
95th percentile of every decision kept, where the run's own cost table takes the first of them it asks for).
A change that makes the engines cheaper without changing their play shows here as every shared game the same,
in less time.

    .venv/bin/python bench/kept_compare.py bench/run-17.jsonl 8af0d16a1cd33b32 e2b6dbabdd2f5227
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

Results = dict[str, Any]
"""A code's kept results: the call's key (as bench/automa.py writes it) -> the result."""


def load(path: Path) -> dict[str, Results]:
    """Each code's kept results in the file; a line cut short when a sitting was stopped is skipped."""
    codes: dict[str, Results] = {}
    for line in path.read_text().splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if isinstance(row, dict) and "key" in row:
            codes.setdefault(row["code"], {})[row["key"]] = row["result"]
    return codes


def part(key: str) -> str:
    """The part of the run a result belongs to, in words."""
    work, call = json.loads(key)
    if work == "calibrate_game":
        return f"{call[0]}: calibration"
    levels = ", ".join(f"{seat} {level}" for seat, level in sorted(call[2].items()))
    return f"{call[0]}: {levels}"


def costs(key: str, result: Any) -> dict[str, list[float]]:
    """The CPU times a result holds, by what decided: the searching seats at a comparison; at calibration the
    hint, and hard where the run timed it too."""
    if json.loads(key)[0] == "calibrate_game":
        return {"hint": list(result[1]), "hard": list(result[2])}
    return {"hard": list(result[1])}


def same(key: str, a: Any, b: Any) -> bool:
    """Whether two codes played a game alike: everything but the CPU times, and as many decisions timed."""
    counts = {what: len(times) for what, times in costs(key, a).items()}
    return a[0] == b[0] and counts == {what: len(times) for what, times in costs(key, b).items()}


def spent(times: list[float]) -> str:
    if len(times) < 2:
        return "-"
    return f"{statistics.median(times):.2f} / {statistics.quantiles(times, n=20)[-1]:.2f} s"


def table(before: Results, after: Results) -> list[str]:
    parts = sorted({part(k) for k in (*before, *after)})
    rows = [
        "| Part | Games (before / after) | Both played: the same / not | Timed | CPU a decision, median / 95th pct "
        "(before) | (after) |",
        "|---|---|---|---|---|---|",
    ]
    for name in parts:
        mine = [k for k in before if part(k) == name]
        theirs = [k for k in after if part(k) == name]
        both = [k for k in mine if k in after]
        alike = sum(same(k, before[k], after[k]) for k in both)
        games = f"| {name} | {len(mine)} / {len(theirs)} | {alike} / {len(both) - alike} |"
        for what in ("hint", "hard"):
            old = [t for k in mine for t in costs(k, before[k]).get(what, [])]
            new = [t for k in theirs for t in costs(k, after[k]).get(what, [])]
            if old or new:
                rows.append(f"{games} {what}: {len(old)} / {len(new)} | {spent(old)} | {spent(new)} |")
                games = "| | | |"
        if games != "| | | |":  # nothing timed: the heuristic alone
            rows.append(f"{games} none | - | - |")
    return rows


def differing(before: Results, after: Results) -> list[str]:
    """The keys of the games both codes played that came out otherwise."""
    return [k for k in before if k in after and not same(k, before[k], after[k])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="a bench/automa.py --keep file")
    parser.add_argument("before", help="the first code's fingerprint")
    parser.add_argument("after", help="the second code's fingerprint")
    args = parser.parse_args()
    codes = load(args.file)
    for code in (args.before, args.after):
        if code not in codes:
            held = ", ".join(sorted(codes)) or "none"
            parser.exit(1, f"{args.file}: no results of the code {code} (it holds: {held})\n")
    before, after = codes[args.before], codes[args.after]
    print("\n".join(table(before, after)))
    for key in differing(before, after):
        print(f"not the same: {key}")


if __name__ == "__main__":
    main()
