"""The review's speed: a seeded finished run per game, reviewed as `solo review` does, timed in CPU seconds.

    .venv/bin/python bench/review.py                  # every game at the default samples
    .venv/bin/python bench/review.py --game final-girl --samples 16 --profile

Each run is played to its end by the shipped policies (the automa's and the person's seat alike); the time is
the review's alone (process time on one core), per weighed decision.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))  # the checkout this script is in

from engines.core.autoplay import play  # noqa: E402
from engines.core.contract import resolve_options  # noqa: E402
from engines.registry import get  # noqa: E402
from solo import review  # noqa: E402
from solo.run import Run  # noqa: E402

RUNS = {
    # game: (seat, seed) of one finished run of a usual length
    "escape-of-the-dead": ("survivor", 3),
    "final-girl": ("final_girl", 0),
    "slaughterhouse": ("trespassers", 0),
    "mixtape-massacre": ("slasher1", 0),
    "escape-from-tall-oaks": ("survivor1", 1),
}


def finished(game_id: str) -> Run:
    seat, seed = RUNS[game_id]
    game = get(game_id)
    run = Run(game, seed, resolve_options(game, {}), seat)
    for key in play(game, seed).keys:
        run.choose(key)
    return run


def measure(game_id: str, samples: int | None, profile: bool) -> None:
    run = finished(game_id)
    start = time.process_time()
    if profile:
        import cProfile
        import pstats

        with cProfile.Profile() as prof:
            found = review.review(run, samples)
        pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
    else:
        found = review.review(run, samples)
    spent = time.process_time() - start
    n = len(found.steps)
    print(f"{game_id:24} {n:4} decisions {spent:7.2f} s CPU  {spent / max(n, 1):.3f} s/decision  "
          f"300 decisions: {spent / max(n, 1) * 300:5.1f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(RUNS))
    parser.add_argument("--samples", type=int, default=None)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    for game_id in [args.game] if args.game else list(RUNS):
        measure(game_id, args.samples, args.profile)


if __name__ == "__main__":
    main()
