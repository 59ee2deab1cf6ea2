"""What one rollout step of the search costs, in machine instructions: a measure the machine's load cannot move.

The CPU time of a search decision follows the machine: on the shared two-core machines here, the yardstick
(`bench/automa.py`'s speed) has read 117 on one day and 51 to 90 within one morning, and a decision's time
moves with it. The instructions a step takes do not: valgrind counts them, so a change that makes rollouts
cheaper shows here to a fraction of a percent, and two checkouts can be compared at any hour. For each game,
positions a third of the way into heuristic games (seeds 0..N-1) are determinized and played out eight times
each with the shipped policies, as the search's playouts are; the count of a run that prepares the same
positions and plays nothing is taken away. Needs valgrind; without it, only the CPU time a step is printed.

    .venv/bin/python bench/step_cost.py [N] [game-id ...]
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT))  # the checkout this script is in

GAMES = ("final-girl", "slaughterhouse", "mixtape-massacre", "escape-from-tall-oaks")
PLAYOUTS = 8
"""Playouts from each position, each on its own determinized sample."""


def work(game_id: str, seeds: int, play_out: bool) -> tuple[int, float]:
    """Prepare the positions and, with `play_out`, play them out: the rollout steps taken and their CPU time."""
    from engines import registry
    from engines.core.autoplay import play
    from engines.core.rng import Rng, splitmix64
    from engines.core.search import rollout

    game = registry.get(game_id)
    positions = []
    for seed in range(seeds):
        keys = play(game, seed, game.default_policy).keys
        state, _ = game.setup(seed, {})
        for key in keys[: len(keys) // 3]:
            game.apply(state, key)
        positions.append(state)
    steps, start = 0, time.process_time()
    if play_out:
        for n, state in enumerate(positions):
            seat = game.decision(state).seat
            for i in range(PLAYOUTS):
                sample = game.determinize(state, seat, Rng(splitmix64(i)))
                steps += rollout(game, sample, Rng(splitmix64(n * 100 + i))) or 0
    return steps, time.process_time() - start


def instructions(game_id: str, seeds: int, play_out: bool) -> tuple[int, int]:
    """valgrind's count of the instructions of `work` run in a fresh interpreter, and the steps it took."""
    out = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--work",
            game_id,
            str(seeds),
            "1" if play_out else "0",
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},  # the same dict and set orders in both runs
    )
    collected = re.search(r"Collected : (\d+)", out.stderr)
    steps = re.search(r"^STEPS (\d+)", out.stdout, re.M)
    if collected is None or steps is None:
        raise RuntimeError(f"valgrind gave no count for {game_id}: {out.stderr[-300:]}")
    return int(collected.group(1)), int(steps.group(1))


def main() -> None:
    if sys.argv[1:2] == ["--work"]:
        steps, _ = work(sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1")
        print("STEPS", steps)
        return
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    only = sys.argv[2:] or GAMES
    counting = shutil.which("valgrind") is not None
    if not counting:
        print("valgrind is not installed: CPU times only", file=sys.stderr)
    for game_id in only:
        steps, seconds = work(game_id, seeds, True)
        line = f"{game_id:>24}: {steps:6,} steps, {1e6 * seconds / steps:6.1f} us of CPU a step here"
        if counting:
            full, counted = instructions(game_id, seeds, True)
            bare, _ = instructions(game_id, seeds, False)
            line += f", {(full - bare) / counted:9,.0f} instructions a step"
        print(line, flush=True)


if __name__ == "__main__":
    main()
