"""The review's speed: a seeded finished run per game, reviewed as `solo review` does, timed in CPU seconds.

    .venv/bin/python bench/review.py                  # every game at the default samples
    .venv/bin/python bench/review.py --full           # as before sequential halving: every option fully
    .venv/bin/python bench/review.py --compare        # both, and where their best and costly calls differ
    .venv/bin/python bench/review.py --game final-girl --samples 16 --profile

Each run is played to its end by the shipped policies (the automa's and the person's seat alike); the time is
the review's alone (process time on one core), per weighed decision.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))  # the checkout this script is in

from engines.core import halving, search  # noqa: E402
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


FULL: list[dict[str, float]] = []
"""Every option's win rate (by label) at each decision the full search weighed, for --compare."""


def _full(game, state, decision, samples, seed, keep):
    """The review's search before sequential halving: every option on every sample."""
    found = search.evaluate(game, state, decision, search.Budget(iterations=samples), seed)
    FULL.append({e.label: e.win for e in found})
    return found


def measure(game_id: str, samples: int | None, profile: bool, full: bool = False) -> Any:
    run = finished(game_id)
    weigh, rollout = halving.weigh, search.rollout
    played = [0]

    def counted(*args: Any) -> Any:
        played[0] += 1
        return rollout(*args)

    if full:
        halving.weigh = _full
    halving.rollout = search.rollout = counted  # the playouts, to say how many a decision took
    start = time.process_time()
    try:
        if profile:
            import cProfile
            import pstats

            with cProfile.Profile() as prof:
                found = review.review(run, samples)
            pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
        else:
            found = review.review(run, samples)
    finally:
        halving.weigh, halving.rollout, search.rollout = weigh, rollout, rollout
    spent = time.process_time() - start
    n = len(found.steps)
    how = "full" if full else "halving"
    print(
        f"{game_id:22} {how:8} {n:4} decisions {spent:7.2f} s CPU  {spent / max(n, 1):.3f} s/decision  "
        f"300 decisions: {spent / max(n, 1) * 300:5.1f} s  {played[0] / max(n, 1):5.1f} playouts a decision",
        flush=True,
    )
    return found


def compare(game_id: str, samples: int | None) -> None:
    """Both ways, and how often they differ: the best option named, the decisions called costly, and the
    chosen option's figure (halving plays it out on all the samples only where another option leads)."""
    FULL.clear()
    full = measure(game_id, samples, False, full=True)
    halved = measure(game_id, samples, False)
    if not hasattr(full, "samples"):
        return
    pairs = list(zip(full.steps, halved.steps, strict=True))
    same_best = sum(a.best_label == b.best_label for a, b in pairs)
    # the full search's own figure of the option the halving named best, against the full search's best
    lost = [wins[a.best_label] - wins[b.best_label] for (a, b), wins in zip(pairs, FULL, strict=True)]
    short = [b for _, b in pairs if b.chosen.plays < full.samples]
    inside = sum(b.chosen.low <= a.chosen.win <= b.chosen.high for a, b in pairs)
    print(
        f"{'':22} the same best option at {same_best} of {len(pairs)} decisions, one as good by the full "
        f"search's figures at {sum(x == 0 for x in lost)} (on average {sum(lost) / len(lost) * 100:.1f} points "
        f"below its best, by its figures); costly: full "
        f"{sum(a.costly for a, _ in pairs)}, halving {sum(b.costly for _, b in pairs)}, both "
        f"{sum(a.costly and b.costly for a, b in pairs)}; the choice made on fewer playouts at {len(short)} "
        f"(it led); the chosen option's figure equal at {sum(a.chosen == b.chosen for a, b in pairs)}, the full "
        f"one inside the halving's interval at {inside}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(RUNS))
    parser.add_argument("--samples", type=int, default=None)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--full", action="store_true", help="every option on every sample, as before halving")
    parser.add_argument("--compare", action="store_true", help="both ways, and where they differ")
    args = parser.parse_args()
    for game_id in [args.game] if args.game else list(RUNS):
        if args.compare:
            compare(game_id, args.samples)
        else:
            measure(game_id, args.samples, args.profile, args.full)


if __name__ == "__main__":
    main()
