"""What the hard level's departures from the heuristic are worth, weighed on fresh samples.

One seat plays `hard` (its shipped budget, with any fields overridden by `--budget`), every other seat the
heuristic. Wherever the search picks another option than the heuristic would, both options are weighed again
on `--fresh` new samples (paired: the same samples and rollout dice for both), and the gain in win chance is
summed. The games decide little (48 games cannot tell apart two levels a few points apart); the sum of the
departures' gains can, because each departure is weighed on its own samples, not on who won. It is the measure
Tall Oaks' screen and margin were chosen by (bench/RESULTS.md, "Automa levels").

    .venv/bin/python bench/departures.py --seeds 0-11 --jobs 2
    .venv/bin/python bench/departures.py --budget '{"iterations": 48}' --seeds 0-11 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import msgspec

sys.path.insert(0, str(Path(__file__).parent.parent))  # the checkout this script is in

from engines.core import levels
from engines.core.autoplay import decide, policy_rng
from engines.core.contract import resolve_options
from engines.core.search import Budget, Searcher, evaluate
from engines.registry import get

MIXTAPE_GAMES = ("mixtape-massacre", "escape-from-tall-oaks")
"""Played with two rivals (three seats) unless told otherwise, as bench/automa.py plays them."""
FRESH_SEED = 7_000_000
"""Where the weighing's seeds start: apart from every search seed of the game itself."""


def weigh(game: Any, state: Any, decision: Any, keys: tuple[str, str], fresh: int, seed: int) -> float:
    """The first key's win chance less the second's, on `fresh` new samples of the seat's view."""
    two = msgspec.structs.replace(decision, options=tuple(o for o in decision.options if o.key in keys))
    try:
        found = evaluate(game, state, two, Budget(iterations=fresh), seed)
    except KeyError:  # a heuristic that reads the shape of the whole option list: weigh every option
        found = evaluate(game, state, decision, Budget(iterations=fresh), seed)
    win = {e.key: e.win for e in found}
    return win[keys[0]] - win[keys[1]]


def one(
    job: tuple[str, str, dict[str, str], dict[str, Any], int, int],
) -> tuple[bool, list[tuple[str, float]], list[float]]:
    """One seeded game: whether the seat won, its departures' gains (each with its decision's kind), and its
    searched decisions' CPU times."""
    game_id, seat, options, overrides, fresh, seed = job
    game = get(game_id)
    heuristic = game.policies[game.default_policy]
    hard = Searcher(msgspec.structs.replace(levels.hard_budget(game_id), **overrides))
    state, _ = game.setup(seed, resolve_options(game, options))
    gains: list[tuple[str, float]] = []
    costs: list[float] = []
    for n in range(20_000):
        d = game.decision(state)
        if d is None:
            break
        if d.seat != seat:
            key = decide(game, heuristic, state, d, policy_rng(seed, n))
        else:
            start = time.process_time()
            key = decide(game, hard, state, d, policy_rng(seed, n))
            if len(d.options) > 1:
                costs.append(time.process_time() - start)
            pick = heuristic(game.view(state, seat), d, policy_rng(seed, n))
            if key != pick:
                gain = weigh(game, state, d, (key, pick), fresh, FRESH_SEED + seed * 1000 + n)
                gains.append((d.kind, gain))
        game.apply(state, key, d)
    outcome = game.outcome(state)
    return outcome is not None and seat in outcome.winners, gains, costs


def seeds_of(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="escape-from-tall-oaks")
    ap.add_argument("--seat", default="survivor2")
    ap.add_argument(
        "--option",
        action="append",
        default=[],
        help="a game option, NAME=VALUE (default rivals=2 in Mixtape)",
    )
    ap.add_argument("--budget", default="{}", help="hard's Budget fields to override, as JSON")
    ap.add_argument("--fresh", type=int, default=300, help="samples that weigh each departure")
    ap.add_argument("--seeds", default="0-5", help="FIRST-LAST")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    options = dict(o.split("=", 1) for o in args.option) or (
        {"rivals": "2"} if args.game in MIXTAPE_GAMES else {}
    )
    jobs = [
        (args.game, args.seat, options, json.loads(args.budget), args.fresh, s) for s in seeds_of(args.seeds)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one, jobs))
    kinds = [kg for _, gs, _ in results for kg in gs]
    gains = [g for _, g in kinds]
    costs = sorted(c for _, _, cs in results for c in cs)
    error = (statistics.pvariance(gains) * len(gains)) ** 0.5 if len(gains) > 1 else 0.0  # of the sum
    print(
        f"budget {args.budget} on seeds {args.seeds}: {args.seat} won {sum(w for w, _, _ in results)} of {len(jobs)}"
    )
    print(f"departures {len(gains)}, worse than the heuristic's pick {sum(g < 0 for g in gains)}")
    print(f"gain in all {sum(gains):+.2f} of a win (standard error {error:.2f}, from the gains' spread)")
    for kind in sorted({k for k, _ in kinds}):
        mine = [g for k, g in kinds if k == kind]
        print(f"  {kind}: {len(mine)} departures, {sum(g < 0 for g in mine)} worse, gain {sum(mine):+.2f}")
    if costs:
        print(
            f"search CPU: median {costs[len(costs) // 2]:.2f} s, 95th percentile {costs[int(len(costs) * 0.95)]:.2f} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
