"""How much the search (engines/core/search.py) buys over the shipped heuristics, and what a decision costs.

On paired seeds (the same seed played once with the heuristic at the seat, once with the search, every other
seat on its heuristic) it prints the seat's win rate under each with Wilson 95% intervals, the mean paired
difference with its 95% interval, and the seat's count goal. It also times the search's decisions (CPU, one
core) at the hard level's budget and compares the two ways of copying a state.

    taskset -c 1 .venv/bin/python bench/search_strength.py              # everything (about 10 minutes of CPU)
    taskset -c 1 .venv/bin/python bench/search_strength.py --only time  # copy and decision times only
"""

from __future__ import annotations

import argparse
import copy
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent))  # the checkout this script is in

import msgspec

from engines import registry
from engines.core import autoplay, levels, search
from engines.core.race import Race
from engines.core.search import Budget, Searcher, wilson

GAMES = ("escape-of-the-dead", "final-girl", "slaughterhouse")
EOTD_OPTIMUM = 0.70857  # the exact optimal win chance from the standard start (engines/escape_of_the_dead)
# (game, seat, seeds, iterations per decision): the strength runs, sized to fit ~10 minutes on one core
MATCHES = (
    ("slaughterhouse", "sawyer", 40, 2),
    ("slaughterhouse", "trespassers", 30, 2),
    ("final-girl", "final_girl", 30, 2),
    ("escape-of-the-dead", "survivor", 100, 4),
)


MAX_DECISIONS = 3_000
"""A game still running after this many decisions is stopped and counted a loss for the seat."""


def copy_costs() -> None:
    print("Copying a state mid-game (microseconds, CPU):")
    for gid in registry.ids():
        game = registry.get(gid)
        keys = autoplay.play(game, 3).keys
        state, _ = autoplay.replay(game, 3, keys[: len(keys) // 3])
        n = 300
        t0 = time.process_time()
        for _ in range(n):
            copy.deepcopy(state)
        t1 = time.process_time()
        for _ in range(n):
            search.clone(state)
        t2 = time.process_time()
        same = search.clone(state) == state and msgspec.msgpack.encode(search.clone(state)) == (
            msgspec.msgpack.encode(state)
        )
        print(
            f"  {gid:24} deepcopy {(t1 - t0) / n * 1e6:7.1f}  msgpack {(t2 - t1) / n * 1e6:6.1f}  exact {same}"
        )


def decision_times(gid: str, iterations: int, positions: int = 30) -> tuple[float, float, float]:
    """(median, 95th percentile, mean) CPU seconds of the search's decisions with more than one option."""
    game = registry.get(gid)
    found: list[float] = []
    seed = 0
    while len(found) < positions:
        keys = autoplay.play(game, seed).keys
        for cut in range(0, len(keys), max(1, len(keys) // 6)):
            state, _ = autoplay.replay(game, seed, keys[:cut])
            decision = game.decision(state)
            if decision is None or len(decision.options) < 2:
                continue
            t = time.process_time()
            search.evaluate(game, state, decision, Budget(iterations), seed)
            found.append(time.process_time() - t)
        seed += 1
    found.sort()
    return statistics.median(found), found[int(0.95 * (len(found) - 1))], statistics.mean(found)


def print_times() -> None:
    print("\nThe search's CPU time per decision (decisions with 2+ options, 30+ positions per game):")
    for gid in (*GAMES, "mixtape-massacre", "escape-from-tall-oaks"):
        try:
            search.hidden_of(registry.get(gid))
        except ImportError:
            print(f"  {gid:24} no determinize yet")
            continue
        n = levels.HARD_SAMPLES[gid]
        med, p95, mean = decision_times(gid, n)
        print(f"  {gid:24} hard ({n:3} samples): median {med:6.3f} s  p95 {p95:6.3f} s  mean {mean:6.3f} s")


def _won(game, played, seat: str) -> bool:
    result = game.outcome(played.state)
    return played.finished and result is not None and seat in result.winners


def match(gid: str, seat: str, seeds: int, iterations: int) -> None:
    game = registry.get(gid)
    hidden = search.hidden_of(game)
    searcher = Searcher(Race(most=iterations, futile=True))
    base_w: list[int] = []
    srch_w: list[int] = []
    base_v: list[float] = []
    srch_v: list[float] = []
    times: list[float] = []
    unfinished = [0, 0]
    for seed in range(seeds):
        a = autoplay.play(game, seed, {seat: game.default_policy}, max_decisions=MAX_DECISIONS)
        t = time.process_time()
        b = autoplay.play(game, seed, {seat: searcher}, max_decisions=MAX_DECISIONS)
        times.append(time.process_time() - t)
        unfinished[0] += not a.finished
        unfinished[1] += not b.finished
        base_w.append(_won(game, a, seat))
        srch_w.append(_won(game, b, seat))
        base_v.append(hidden.value(a.state, seat) or 0.0)
        srch_v.append(hidden.value(b.state, seat) or 0.0)
    n = seeds
    diffs = [s - b for s, b in zip(srch_w, base_w, strict=True)]
    d_mean = statistics.mean(diffs)
    d_half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    lo_b, hi_b = wilson(sum(base_w), n)
    lo_s, hi_s = wilson(sum(srch_w), n)
    print(f"\n{game.title}, seat {seat}: {n} paired seeds, search at {iterations} samples a decision")
    print(
        f"  heuristic win {sum(base_w) / n:6.1%}  ({lo_b:.1%}-{hi_b:.1%})   mean value {statistics.mean(base_v):.3f}"
    )
    print(
        f"  search    win {sum(srch_w) / n:6.1%}  ({lo_s:.1%}-{hi_s:.1%})   mean value {statistics.mean(srch_v):.3f}"
    )
    print(f"  paired difference {d_mean:+.1%} ({d_mean - d_half:+.1%} to {d_mean + d_half:+.1%})")
    vd = [s - b for s, b in zip(srch_v, base_v, strict=True)]
    vh = 1.96 * statistics.stdev(vd) / math.sqrt(n) if n > 1 else 0.0
    print(
        f"  value difference {statistics.mean(vd):+.3f} ({statistics.mean(vd) - vh:+.3f} to {statistics.mean(vd) + vh:+.3f})"
    )
    if gid == "escape-of-the-dead":
        print(f"  the optimal policy's exact win chance: {EOTD_OPTIMUM:.1%}")
    print(f"  unfinished (a loss): heuristic {unfinished[0]}, search {unfinished[1]}")
    print(f"  CPU per searched game: median {statistics.median(times):.2f} s", flush=True)


def _parse(text: str) -> tuple[str, str, int, int]:
    gid, seat, seeds, samples = text.split(":")
    return gid, seat, int(seeds), int(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("time", "strength"), default=None)
    parser.add_argument("--seeds", type=int, default=None, help="seeds per match (default: each match's own)")
    parser.add_argument(
        "--match",
        action="append",
        default=None,
        help="GAME:SEAT:SEEDS:SAMPLES instead of the default matches",
    )
    args = parser.parse_args()
    start = time.process_time()
    if args.only != "strength":
        copy_costs()
        print_times()
    if args.only != "time":
        chosen = [_parse(m) for m in args.match] if args.match else MATCHES
        for gid, seat, seeds, iterations in chosen:
            match(gid, seat, args.seeds or seeds, iterations)
    print(f"\ntotal CPU {time.process_time() - start:.0f} s")


if __name__ == "__main__":
    main()
