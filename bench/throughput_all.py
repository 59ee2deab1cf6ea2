"""Headless games per second on one core for every game, with its default policy at every seat, in CPU time.
Each issue's target applies to every variant: Final Girl for both girls in both modes, Slaughterhouse in every
scenario. Run: .venv/bin/python bench/throughput_all.py [games] [game-id ...] (the named games only)"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent))  # the checkout this script is in, not the installed one

from engines import registry
from engines.core.autoplay import play

VARIANTS: list[tuple[str, dict[str, str], int]] = [
    ("escape-of-the-dead", {}, 2000),
    *(
        ("final-girl", {"girl": g, "mode": m}, 200)
        for g in ("mandy", "cassie")
        for m in ("normal", "extreme")
    ),
    *(("slaughterhouse", {"scenario": s}, 100) for s in "abcde"),
    ("mixtape-massacre", {}, 100),
    ("escape-from-tall-oaks", {}, 100),
]
"""(game, options, target games/s): the issues' targets."""


def rate(game_id: str, options: dict[str, str], games: int) -> tuple[float, float]:
    """Games per second in CPU time, and turns a game."""
    game = registry.get(game_id)
    play(game, 0, game.default_policy, options)  # warm caches
    start = time.process_time()
    turns = 0
    for seed in range(games):
        turns += game.turn(play(game, seed, game.default_policy, options).state)
    return games / (time.process_time() - start), turns / games


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    only = set(sys.argv[2:])
    for game_id, options, target in VARIANTS:
        if only and game_id not in only:
            continue
        per_second, turns = rate(game_id, options, games)
        name = " ".join([game_id, *options.values()])
        verdict = "met" if per_second >= target else "MISSED"
        print(
            f"{name:>32}: {per_second:7,.0f} games/s (target {target:,}: {verdict}), {turns:.1f} turns a game"
        )


if __name__ == "__main__":
    main()
