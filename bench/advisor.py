"""The advisor's speed: a cold exact solve of Escape of the Dead, `hint` and `odds` from a range of positions.
Targets: cold solve <= 10 s on one core; hint < 50 ms; odds < 20 ms. Run: .venv/bin/python bench/advisor.py"""

from __future__ import annotations

import os
import statistics
import time

from engines.core.autoplay import play
from engines.escape_of_the_dead import GAME, solver
from engines.escape_of_the_dead.odds import odds
from solo.games.escape_of_the_dead import UI


def positions(n: int = 300):
    """States from real games, one per decision, the first n."""
    out = []
    seed = 0
    while len(out) < n:
        state, _ = GAME.setup(seed, {})
        for key in play(GAME, seed, "optimal").keys:
            if GAME.decision(state) is not None:
                out.append(_copy(state))
            GAME.apply(state, key)
        seed += 1
    return out[:n]


def _copy(state):
    import msgspec

    return msgspec.json.decode(msgspec.json.encode(state), type=GAME.state_type)


def timed(fn, items) -> list[float]:
    times = []
    for item in items:
        start = time.perf_counter()
        fn(item)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    start = time.perf_counter()
    solver.solve()
    print(f"cold solve of the full game: {time.perf_counter() - start:.2f} s (target <= 10 s)")
    start = time.perf_counter()
    solver.load_table.cache_clear()
    solver.load_table()
    print(f"loading the shipped table: {(time.perf_counter() - start) * 1000:.0f} ms (once per process)")
    states = positions()
    hint = timed(GAME.hint, states)
    print(
        f"hint: median {statistics.median(hint) * 1000:.2f} ms, max {max(hint) * 1000:.2f} ms "
        f"over {len(states)} positions (target < 50 ms)"
    )
    exact = timed(odds, states)
    shown = timed(UI.odds, states)
    print(
        f"odds (exact fractions): median {statistics.median(exact) * 1000:.2f} ms, max {max(exact) * 1000:.2f} ms"
    )
    print(
        f"odds table as shown: median {statistics.median(shown) * 1000:.2f} ms, max {max(shown) * 1000:.2f} ms "
        "(target < 20 ms)"
    )


if __name__ == "__main__":
    main()
