"""A hostile player's night, counted: fuzzed lines in every game, `kill -9` at random moments in every game,
and a full disk at every step of every kind of write. Reports what was done and what broke (it must be nothing).

The suite runs small versions of each (tests/solo/test_fuzz_input.py, test_processes.py, test_never_lost.py);
this runs them large, for the figures in the issue notes. Run: .venv/bin/python bench/hostile.py [examples] [kills]
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "solo"))

import test_fuzz_input as fuzz

from engines.registry import ids
from saves import SaveStore
from solo.run import Run


def fuzzed(examples: int) -> tuple[int, int, int]:
    """(examples, lines typed, failures) over every game."""
    count = {"examples": 0, "lines": 0}
    failures = 0
    for game_id in ids():
        try:
            _fuzz_one(game_id, examples, count)()
        except Exception as error:  # hypothesis has shrunk it: show it and count it
            failures += 1
            print(f"FUZZ FAILURE in {game_id}: {error!r}"[:2000])
    return count["examples"], count["lines"], failures


def _fuzz_one(game_id: str, examples: int, count: dict[str, int]):
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(
        seed=st.integers(0, 10_000),
        seat_pick=st.integers(0, 5),
        picks=st.tuples(*[st.integers(0, 11)] * 8),
        typed=fuzz.items,
    )
    def one(seed, seat_pick, picks, typed):
        count["examples"] += 1
        count["lines"] += len(typed)
        with tempfile.TemporaryDirectory() as folder:
            repl, code = fuzz.session(game_id, seed, seat_pick, typed, Path(folder), picks)
            assert code == 0
            fuzz.check_refusals(repl)
            again = Run.from_record(SaveStore(Path(folder)).read(repl.slot))
            assert again.keys == repl.run.keys

    return one


def killed(kills: int) -> tuple[int, int, int]:
    """(kills, runs that failed to load, decisions lost beyond the last), spread over every game."""
    rng = random.Random(7)
    root = Path(tempfile.mkdtemp())
    bad = lost = 0
    games = ids()
    kept: dict[str, int] = {}
    for n in range(kills):
        game = games[n % len(games)]
        slot = f"k-{game}"
        args = ("continue", slot) if slot in kept else ("new", game, "--seed", str(n), "--slot", slot)
        proc = subprocess.Popen(
            [sys.executable, "-m", "solo", "--save-dir", str(root), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env={"PYTHONUNBUFFERED": "1", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"},
        )
        seen: list[bytes] = []
        reader = threading.Thread(target=lambda p=proc, s=seen: s.extend(iter(p.stdout.readline, b"")))
        reader.start()
        proc.stdin.write(b"1\n" * 400)
        proc.stdin.flush()
        time.sleep(rng.uniform(0.2, 1.2))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        reader.join()
        proc.stdin.close()
        shown = 0
        for line in seen:
            if b"The run is over" in line:
                break
            shown += line.startswith(b"> 1")
        try:
            run = Run.from_record(SaveStore(root).read(slot))
        except Exception as error:
            bad += 1
            print(f"KILL {n}: {slot} does not load: {error}")
            continue
        mine = sum(1 for s in run._seats_of_keys() if s == run.seat)
        before = kept.get(slot, 0)
        if mine < before + shown - 1:
            lost += before + shown - 1 - mine
            print(f"KILL {n}: {slot} kept {mine}, expected at least {before + shown - 1}")
        kept[slot] = mine
    return kills, bad, lost


def main() -> None:
    examples = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    kills = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    t0 = time.time()
    done, lines, failures = fuzzed(examples)
    print(f"fuzz: {done:,} sessions, {lines:,} typed lines over {len(ids())} games, {failures} failures")
    n, bad, lost = killed(kills)
    print(f"kill -9: {n} kills over {len(ids())} games, {bad} runs that did not load, {lost} decisions lost")
    faults = subprocess.run(
        [sys.executable, "-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider", "tests/solo/test_never_lost.py", "-k", "fault"],
        capture_output=True,
        text=True,
    )
    print("faults (every write step, whole save, journal begun, journal line):", faults.stdout.strip().splitlines()[-1])
    print(f"{time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
