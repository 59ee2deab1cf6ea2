"""Save plus load of a finished Escape of the Dead run (write with fsync and read-back, then read and
replay-check). Target: under 5 ms. Run: .venv/bin/python bench/saveload.py [repeats]"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from engines.core.autoplay import play
from engines.registry import get
from saves import SaveStore
from solo.run import Run


def finished_run() -> Run:
    game = get("escape-of-the-dead")
    for seed in range(10_000):  # a long, won game: the largest record a player is likely to keep
        played = play(game, seed, "heuristic")
        if played.state.result == "won" and played.state.turn >= 25:
            break
    run = Run(game, seed, {"barricade": "10", "roll_order": "card"}, "survivor")
    for key in played.keys:
        run.choose(key)
    return run


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    run = finished_run()
    with tempfile.TemporaryDirectory() as root:
        store = SaveStore(Path(root))
        save, load = [], []
        for i in range(repeats):
            slot = f"s{i % 5}"
            t0 = time.perf_counter()
            store.write(slot, run.to_record())
            t1 = time.perf_counter()
            Run.from_record(store.read(slot))
            t2 = time.perf_counter()
            save.append(t1 - t0)
            load.append(t2 - t1)
        size = store.path("s0").stat().st_size
    both = [a + b for a, b in zip(save, load, strict=True)]
    print(
        f"finished run: turn {run.game.turn(run.state)}, {len(run.keys)} choices, {len(run.log)} events, {size:,} bytes"
    )
    print(f"save (atomic, fsync): median {statistics.median(save) * 1000:.2f} ms")
    print(f"load (parse, replay, check): median {statistics.median(load) * 1000:.2f} ms")
    print(
        f"save + load: median {statistics.median(both) * 1000:.2f} ms, "
        f"95th percentile {sorted(both)[int(len(both) * 0.95)] * 1000:.2f} ms (target < 5 ms)"
    )


if __name__ == "__main__":
    main()
