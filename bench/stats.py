"""`solo stats` over a save folder holding 1,000 finished runs of every game (5,000 in all): the time from the
command to its last line, in-process. Target: under 200 ms. Run: .venv/bin/python bench/stats.py"""

from __future__ import annotations

import contextlib
import io
import random
import statistics
import tempfile
import time
from pathlib import Path

from engines.registry import ids
from saves.keep import Finished, Keepsakes, Kept
from solo.cli import main


def folder(root: Path, runs: int) -> None:
    rng = random.Random(5)
    keep = Keepsakes(root)
    for gid in ids():
        finished = {
            f"run{i:05d}": Finished(
                slot=f"s{i}",
                result=rng.choice(["won", "lost"]),
                turns=rng.randint(5, 60),
                seat="seat",
                options={"girl": rng.choice(["mandy", "cassie"]), "scenario": "a", "character": "Jingles"},
                seed=i,
                started=f"2026-01-01T00:{i // 60 % 60:02d}:{i % 60:02d}+00:00",
                ended=f"2026-01-01T01:{i // 60 % 60:02d}:{i % 60:02d}+00:00",
            )
            for i in range(runs)
        }
        keep.write(gid, Kept(finished=finished))


def main_bench() -> None:
    with tempfile.TemporaryDirectory() as root:
        folder(Path(root), 1000)
        times = []
        for _ in range(15):
            t0 = time.perf_counter()
            with contextlib.redirect_stdout(io.StringIO()):
                main(["--save-dir", root, "--plain", "stats"])
            times.append(time.perf_counter() - t0)
    print(f"solo stats, 1,000 finished runs of each of {len(ids())} games: median {statistics.median(times) * 1000:.0f} ms (target < 200 ms)")


if __name__ == "__main__":
    main_bench()
