"""Real `solo` processes: two on one slot, two new runs at once, and `kill -9` at random moments (issue 12).

Every wait is for a state (a file there, a line shown), never for a time: a loaded machine only makes them
slower (issue 46). The time limits are there to end a test that would otherwise hang, far past any launch."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from saves import SaveStore
from solo.run import Run
from tests.tools.breadth import breadth

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and pipes")


def start(root: Path, *args: str) -> subprocess.Popen:
    """`solo` reading its moves from a pipe that stays open until the test closes it."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "NO_COLOR": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "solo", "--save-dir", str(root), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )


HANG = 300.0
"""Seconds after which a wait is a hang, not a slow machine (a launch takes well under a second when idle)."""


def wait_for(predicate, timeout: float = HANG) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        time.sleep(0.02)


def finish(proc: subprocess.Popen, moves: str = "") -> tuple[int, str, str]:
    out, err = proc.communicate(moves.encode(), timeout=HANG)
    return proc.returncode, out.decode(), err.decode()


def test_a_slot_open_in_one_solo_is_refused_to_another_in_one_line(tmp_path):
    first = start(tmp_path, "new", "escape-of-the-dead", "--seed", "3", "--slot", "run")
    wait_for(lambda: (tmp_path / "run.json").exists())
    for args in (["continue", "run"], ["load", "run"], ["continue"]):
        code, out, err = finish(start(tmp_path, *args), "1\n")
        assert code == 2, (args, out, err)
        assert err.strip() == (
            f"solo: Slot 'run' is open in another solo (pid {first.pid}); finish there first, or pick another slot."
        )
    code, _, err = finish(first, "1\n1\n")
    assert code == 0 and err == ""
    assert len(SaveStore(tmp_path).read("run").keys) == 2  # the first one's moves, none lost


def test_a_slot_held_by_a_killed_solo_is_free_again(tmp_path):
    first = start(tmp_path, "new", "escape-of-the-dead", "--seed", "3", "--slot", "run")
    wait_for(lambda: (tmp_path / "run.json").exists())
    first.kill()
    first.wait()
    code, out, err = finish(start(tmp_path, "continue", "run"), "1\n")
    assert code == 0 and err == "" and "Saved in slot 'run'" in out


def test_two_new_runs_started_together_never_share_a_slot(tmp_path):
    procs = [start(tmp_path, "new", "escape-of-the-dead", "--seed", str(seed)) for seed in (1, 2, 3)]
    results = [finish(p, "1\n") for p in procs]
    assert all(code == 0 for code, _, _ in results), results
    store = SaveStore(tmp_path)
    slots = sorted(item.slot for item in store.list())
    assert slots == ["escape-of-the-dead", "escape-of-the-dead-2", "escape-of-the-dead-3"]
    assert sorted(store.read(slot).seed for slot in slots) == [1, 2, 3]


KILLS = breadth(8, 12)
"""Rounds of the kill below, each a launch and one to six decisions (24 once made this the suite's longest
wait; 12 under SOLO_TEST_BREADTH=full); bench/hostile.py kills every game at random moments by the hundred."""


def test_kill_9_at_random_moments_loses_at_most_the_last_decision(tmp_path):
    """Each round: play on from the slot, kill the process at a random moment (once a random number of its
    decisions have been shown, however long the machine takes to get there), then the slot must load, with
    every decision whose result was shown before the last one still in it."""
    rng = random.Random(12)
    slot = "k"
    kept = kills = 0
    for round_ in range(KILLS):
        args = ("continue", slot) if round_ else ("new", "escape-of-the-dead", "--seed", "21", "--slot", slot)
        proc = start(tmp_path, *args)
        seen: list[bytes] = []
        reader = threading.Thread(target=lambda p=proc, s=seen: s.extend(iter(p.stdout.readline, b"")))
        reader.start()
        proc.stdin.write(b"1\n" * 400)  # choice 1 is always legal while the game runs
        proc.stdin.flush()
        moment = rng.randint(1, 6)
        wait_for(lambda s=seen, p=proc, m=moment: _shown(s) >= m or _over(s) or p.poll() is not None)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        reader.join()
        proc.stdin.close()
        kills += proc.returncode == -signal.SIGKILL
        shown = _shown(seen)
        run = Run.from_record(SaveStore(tmp_path).read(slot))  # it loads, whatever moment the kill came
        assert len(run.keys) >= kept + shown - 1, (round_, kept, shown, len(run.keys))
        assert len(run.keys) <= kept + shown
        kept = len(run.keys)
    assert kills == KILLS and kept > 10
    finish(start(tmp_path, "continue", slot))  # opening the slot clears what the killed ones left
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def _shown(seen: list[bytes]) -> int:
    """The decisions typed and shown before the run was over."""
    shown = 0
    for line in list(seen):
        if b"The run is over" in line:
            break
        shown += line.startswith(b"> 1")
    return shown


def _over(seen: list[bytes]) -> bool:
    return any(b"The run is over" in line for line in list(seen))
