"""Loaded at the start of every Python process whose PYTHONPATH names this folder (the `solo` of a pty test and
the review's worker processes it spawns, which monkeypatch cannot reach): with SOLO_TEST_HOLD=PATH, each
decision the review weighs waits while the file PATH exists, so a test can press Ctrl-C while the review is
surely at work, however slowly the test itself runs (tests/solo/test_review_progress.py)."""

from __future__ import annotations

import os
import time
from pathlib import Path

HOLD = os.environ.get("SOLO_TEST_HOLD")
if HOLD:
    from solo import review_search

    _weigh = review_search.weigh

    def weigh(task: review_search.Task) -> review_search.Weighed:
        while Path(HOLD).exists():  # the workers ignore Ctrl-C; the parent ends them
            time.sleep(0.02)
        return _weigh(task)

    review_search.weigh = weigh
