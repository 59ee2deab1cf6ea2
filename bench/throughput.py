"""Headless Escape of the Dead games per second on one core, for each automa policy.
Target: at least 2,000 games/s. Run: .venv/bin/python bench/throughput.py [games]

Counted in CPU time, so a busy machine slows the clock on the wall but not the figure much."""

from __future__ import annotations

import os
import sys
import time

from engines.core.autoplay import play
from engines.registry import get


def rate(policy: str, games: int) -> tuple[float, float]:
    game = get("escape-of-the-dead")
    play(game, 0, policy)  # warm caches (split tables, the optimal table)
    start = time.process_time()
    wins = 0
    for seed in range(games):
        wins += play(game, seed, policy).state.result == "won"
    return games / (time.process_time() - start), wins / games


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})  # one core
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    for policy in get("escape-of-the-dead").policies:
        per_second, wins = rate(policy, games)
        print(f"{policy:>10}: {per_second:8,.0f} games/s over {games:,} games (win rate {wins:.2%})")


if __name__ == "__main__":
    main()
