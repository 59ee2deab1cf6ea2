"""How many seeded games or sessions a test plays: the quick breadth by default (toward the suite's three
minutes), the full breadth with SOLO_TEST_BREADTH=full (`SOLO_TEST_BREADTH=full .venv/bin/pytest`: those tests
about twice as long), which the benches' larger runs (bench/digest.py, bench/truth.py, bench/hostile.py) go
beyond."""

from __future__ import annotations

import os

FULL = os.environ.get("SOLO_TEST_BREADTH", "").strip().lower() == "full"


def breadth(quick: int, full: int) -> int:
    """`full` under SOLO_TEST_BREADTH=full, else `quick`."""
    return full if FULL else quick


def pairs(rows: list[str], cols: list[str]) -> list[tuple[str, str]]:
    """Every (row, col) under the full breadth; in the quick one, half of them as a checkerboard: every row with
    every other col, so each row and each col is still met (with at least two cols, two rows)."""
    return [(r, c) for i, r in enumerate(rows) for j, c in enumerate(cols) if FULL or (i + j) % 2 == 0]
