"""Headless games per second on one core for every registered game, with its default policy at every seat.
Targets (issues): Escape of the Dead 2,000; Final Girl 200; Slaughterhouse 100; Mixtape Massacre 100 (3 slashers).
Run: .venv/bin/python bench/throughput_all.py [games]"""

from __future__ import annotations

import os
import sys
import time

from engines import registry
from engines.core.autoplay import play


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    for gid in registry.ids():
        game = registry.get(gid)
        play(game, 0, game.default_policy)  # warm caches
        start = time.process_time()
        turns = 0
        for seed in range(games):
            turns += game.turn(play(game, seed, game.default_policy).state)
        spent = time.process_time() - start
        print(
            f"{gid:>20}: {games / spent:8,.0f} games/s ({game.default_policy}, {turns / games:.1f} turns a game, "
            f"CPU time over {games} games)"
        )


if __name__ == "__main__":
    main()
