"""The `normal` side of each of bench/automa.py's comparisons over many seeds: the long-run rate its paired
games are read against.

A comparison plays a few dozen paired seeds, because `hard` searches at every decision. Its `normal` side is the
heuristic alone, a few milliseconds a game, so it can be played over thousands of other seeds. When the paired
seeds happen to be kind or unkind to a seat at `normal`, the long run shows it; and since the paired difference
(`hard` minus `normal` on the same seeds) does not depend on that luck as much, `hard`'s long-run rate is
estimated as the long-run `normal` rate plus the paired difference (a difference estimator), with a 95% interval
from both variances. `--paired` gives the comparison's own counts (from bench/automa.py's table).

    .venv/bin/python bench/baseline.py --games 20000 --jobs 2
    .venv/bin/python bench/baseline.py --games 20000 --only 'tall oaks' --paired 'tall oaks=336:120:80'

The seeds start at 1,000,000, apart from every comparison's and calibration's seeds.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))  # the checkout this script is in, not whichever one is installed
sys.path.insert(0, str(HERE))

import automa  # noqa: E402

FIRST_SEED = 1_000_000
_Z = 1.959963984540054


def paired(text: str) -> tuple[str, int, int, int]:
    """'TITLE=GAMES:BETTER:WORSE' -> its parts: the comparison's games, the seeds hard won and normal lost, and
    the reverse."""
    title, _, counts = text.partition("=")
    games, better, worse = (int(n) for n in counts.split(":"))
    return title.lower(), games, better, worse


def adjusted(base: float, base_games: int, games: int, better: int, worse: int) -> tuple[float, float, float]:
    """`hard`'s long-run rate as `base` (the long-run `normal` rate over `base_games`) plus the paired
    difference (better - worse) / games, and its 95% interval. The two are measured on different seeds, so
    their variances add; the paired difference's is that of a per-seed score of +1, -1 or 0. All three are
    kept inside 0-100%."""
    diff = (better - worse) / games
    var_diff = ((better + worse) / games - diff * diff) / games
    var_base = base * (1 - base) / base_games
    half = _Z * math.sqrt(var_diff + var_base)
    rate = base + diff
    return _clip(rate), _clip(rate - half), _clip(rate + half)


def _clip(rate: float) -> float:
    """A rate inside 0-100%: the estimator's interval can reach past either end when few seeds differ."""
    return min(1.0, max(0.0, rate))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--games", type=int, default=2000, help="seeds per comparison's normal side (default 2000)"
    )
    p.add_argument(
        "--jobs", type=int, default=1, help="processes playing the games (the figures do not change)"
    )
    p.add_argument(
        "--only", action="append", default=[], metavar="TEXT", help="comparisons whose title has TEXT"
    )
    p.add_argument(
        "--paired",
        action="append",
        default=[],
        metavar="TITLE=GAMES:BETTER:WORSE",
        help="a comparison's paired counts, for hard's long-run estimate",
    )
    args = p.parse_args()
    automa.JOBS = args.jobs
    counts = [paired(t) for t in args.paired]
    print("| What | normal over seeds | normal's rate (95% interval) | hard, estimated (95% interval) |")
    print("|---|---|---|---|")
    for match, side, _, _, _ in automa.comparisons():
        title = match.title.lower()
        if args.only and not any(t.lower() in title for t in args.only):
            continue
        start = time.time()
        seeds = range(FIRST_SEED, FIRST_SEED + args.games)
        won = [
            w for w, _ in automa.spread(automa.play, [(match.game_id, s, side, match.options) for s in seeds])
        ]
        rate, low, high, _ = match.rate(won)
        estimate = ""
        for key, games, better, worse in counts:
            if key in title:
                hard, lo, hi = adjusted(rate, args.games * len(match.counted), games, better, worse)
                estimate = f"{hard:.1%} ({lo:.1%}-{hi:.1%}), from {games} paired games: +{better} / -{worse}"
        seen = f"{args.games} ({FIRST_SEED}-{FIRST_SEED + args.games - 1})"
        print(f"| {match.title} | {seen} | {rate:.1%} ({low:.1%}-{high:.1%}) | {estimate} |", flush=True)
        print(f"  {time.time() - start:.0f} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
