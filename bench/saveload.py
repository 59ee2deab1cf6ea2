"""Saving and loading.

1. One autosave, as the REPL makes it after a decision, at 10%, 50% and 100% of a 300-decision Escape From
   Tall Oaks run: CPU time (process_time), fsync excluded (it is the disk's time, not ours). Target: at most
   1 ms at 100%, and no more than 1.5 times the figure at 10%. Also the cost of the journal step that
   `Run.choose` makes for it (a digest of the decision's events), and of the whole save that quitting makes.
2. Save plus load of a finished Escape of the Dead run (write with fsync and read-back, then read and
   replay-check). Target: under 5 ms.

Run: .venv/bin/python bench/saveload.py [repeats]
"""

from __future__ import annotations

import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from engines.core.autoplay import play
from engines.core.contract import resolve_options
from engines.registry import get
from saves import SaveStore
from solo.reader import PlainReader
from solo.repl import Repl
from solo.run import Run
from solo.screen import Screen, make_console

DECISIONS = 300


def long_run() -> tuple[Run, list[str]]:
    """A Tall Oaks run of at least 300 decisions (the person's and the automa's keys), and its keys."""
    game = get("escape-from-tall-oaks")
    for seed in range(1000):
        played = play(game, seed)
        if len(played.keys) >= DECISIONS:
            return Run(game, seed, resolve_options(game, {}), game.person_seats[0]), played.keys
    raise RuntimeError("no run long enough")


def autosaves(repeats: int) -> None:
    run, keys = long_run()
    real_fsync = os.fsync
    os.fsync = lambda fd: None  # the disk's time is not what this measures
    try:
        with tempfile.TemporaryDirectory() as root:
            screen = Screen(make_console(True, file=io.StringIO()), True)
            repl = Repl(run, SaveStore(Path(root)), "bench", screen, PlainReader(io.StringIO(""), screen.echo))
            repl.autosave(whole=True)
            marks = {DECISIONS // 10: "10%", DECISIONS // 2: "50%", DECISIONS: "100%"}
            figures: dict[str, float] = {}
            step_costs = []
            for n, key in enumerate(keys[:DECISIONS], 1):
                t0 = time.process_time()
                run._step(key, run.log[-3:])
                step_costs.append(time.process_time() - t0)
                if n not in marks:
                    run.choose(key)
                    repl.autosave()
                    continue
                # the autosave of decision n, measured over repeats copies of that very step
                run.choose(key)
                pending = run.steps[-1]
                times = []
                for _ in range(repeats):
                    run.steps.append(pending)
                    t0 = time.process_time()
                    repl.autosave()
                    times.append(time.process_time() - t0)
                figures[marks[n]] = statistics.median(times)
            t0 = time.process_time()
            for _ in range(20):
                repl.autosave(whole=True)
            whole = (time.process_time() - t0) / 20
    finally:
        os.fsync = real_fsync
    print(f"autosave of one decision in a {DECISIONS}-decision Escape From Tall Oaks run (CPU, no fsync):")
    for mark, value in figures.items():
        print(f"  at {mark:>4}: median {value * 1000:.3f} ms")
    ratio = figures["100%"] / figures["10%"]
    print(f"  100% / 10% = {ratio:.2f} (target at most 1.5); 100% target at most 1 ms")
    print(f"  the journal step Run.choose makes: median {statistics.median(step_costs) * 1000:.3f} ms")
    print(f"  the whole save (quitting, 'save'): {whole * 1000:.2f} ms at {len(run.keys)} decisions")


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


def save_and_load(repeats: int) -> None:
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


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    autosaves(repeats)
    save_and_load(repeats)


if __name__ == "__main__":
    main()
