"""Saving and loading.

1. One autosave, as the REPL makes it after a decision, at 10%, 50% and 100% of a 300-decision Escape From
   Tall Oaks run: CPU time (process_time), fsync excluded (it is the disk's time, not ours). Target: at most
   1 ms at 100%, and no more than 1.5 times the figure at 10%. Also the cost of the journal step that
   `Run.choose` makes for it (a digest of the decision's events), and of the whole save that quitting makes.
2. Save plus load of a finished Escape of the Dead run (write with fsync and read-back, then read and
   replay-check). Target: under 5 ms.
3. Loading a journal with undos (issue 46): a Slaughterhouse run saved at its start and then step by step, 3,000
   steps, one with an undo about every 22 steps (45 in 1,000, the issue's count) and one without, loaded at 10%,
   50% and 100% of their steps: CPU time, the best of a few loads. Target: with undos within 1.5 times without.

Run: .venv/bin/python bench/saveload.py [repeats] [steps]   (`undos` alone: only the third)
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


STEPS = 3000
UNDO_EVERY = 22


def journal_run(steps: int, undos: bool) -> Run:
    """A Slaughterhouse run of `steps` steps (keys and undos) from its start, every seat choosing at random (a
    long game: some 3,000 keys), the person taking back their latest decision about every UNDO_EVERY steps."""
    import random

    game = get("slaughterhouse")
    run = Run(game, 2, resolve_options(game, {"trespassers": "4", "scenario": "c"}), game.person_seats[0])
    rng = random.Random(46)
    while len(run.steps) < steps:
        d = run.decision()
        if undos and (d is None or rng.randrange(UNDO_EVERY) == 0) and run.undo():
            continue
        if d is None:
            break
        run.choose(rng.choice(d.options).key, d)
    return run


def undo_loads(repeats: int, steps: int) -> None:
    import msgspec

    with tempfile.TemporaryDirectory() as root:
        store = SaveStore(Path(root))
        figures = {}
        for undos in (False, True):
            whole = journal_run(steps, undos)
            assert len(whole.steps) == steps, f"the game ended after {len(whole.steps)} steps"
            start = Run(whole.game, whole.seed, whole.options, whole.seat)
            for share in (0.1, 0.5, 1.0):
                slot = f"{'u' if undos else 'n'}{int(share * 100)}"
                store.write(slot, start.to_record())
                store.append(slot, whole.steps[: int(steps * share)])
                record = store.read(slot)
                times = []
                for _ in range(repeats):
                    record = store.read(slot)
                    t0 = time.process_time()
                    loaded = Run.from_record(record)
                    times.append(time.process_time() - t0)
                if share == 1.0:
                    assert msgspec.json.encode(loaded.state) == msgspec.json.encode(whole.state)
                kept = sum(s.key is None for s in record.journal)
                figures[(undos, share)] = (min(times), len(record.journal), kept)
    print(f"load of a Slaughterhouse journal of {steps:,} steps (CPU, the best of {repeats} loads):")
    for share in (0.1, 0.5, 1.0):
        plain, (with_undos, n, kept) = figures[(False, share)][0], figures[(True, share)]
        print(
            f"  at {share:>4.0%} ({n:,} steps): without undos {plain * 1000:.0f} ms, with {kept} undos "
            f"{with_undos * 1000:.0f} ms: {with_undos / plain:.2f} times (target at most 1.5)"
        )


def main() -> None:
    if sys.argv[1:2] == ["undos"]:
        undo_loads(5, int(sys.argv[2]) if len(sys.argv) > 2 else STEPS)
        return
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    autosaves(repeats)
    save_and_load(repeats)
    undo_loads(5, int(sys.argv[2]) if len(sys.argv) > 2 else STEPS)


if __name__ == "__main__":
    main()
