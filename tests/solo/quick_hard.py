"""`python tests/solo/quick_hard.py SOLO-ARGS`: solo with the hard level's search at a test's pace, for the pty
tests that need the hard level in a real terminal (a subprocess, where monkeypatch cannot reach).

The search is the same Searcher; it plays one sample a decision instead of dozens (the hook the in-process
tests use, levels.HARD_SAMPLES), each option's playout cut short after a few decisions (so it always keeps
the shipped policy's pick, at a test's pace). SOLO_TEST_HOLD=PATH makes each automa decision wait while the file
PATH exists, so a test can press Ctrl-C while the automa thinks, however slowly the test itself runs, and let it
go on by removing the file."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's code, whatever is installed

from engines.core import levels, search
from solo.cli import main
from solo.run import Run

for game_id in levels.HARD_SAMPLES:
    levels.HARD_SAMPLES[game_id] = 1
search.ROLLOUT_CAP = 8

HOLD = os.environ.get("SOLO_TEST_HOLD")
if HOLD:
    searching = Run.automa_key

    def held(self: Run, decision):
        while Path(HOLD).exists():  # Ctrl-C interrupts the wait as it would the search
            time.sleep(0.02)
        return searching(self, decision)

    Run.automa_key = held

if __name__ == "__main__":
    sys.exit(main())
