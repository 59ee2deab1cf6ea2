"""The quick breadth still meets every row and every column of a damage matrix (tests/tools/breadth.py)."""

from __future__ import annotations

from tests.tools import breadth


def test_the_quick_checkerboard_meets_every_row_and_column_and_the_full_one_every_pair(monkeypatch):
    rows, cols = ["a", "b", "c", "d", "e"], ["w", "x", "y", "z"]
    monkeypatch.setattr(breadth, "FULL", False)
    quick = breadth.pairs(rows, cols)
    assert {r for r, _ in quick} == set(rows) and {c for _, c in quick} == set(cols)
    assert len(quick) == 10 and breadth.breadth(3, 6) == 3
    monkeypatch.setattr(breadth, "FULL", True)
    assert breadth.pairs(rows, cols) == [(r, c) for r in rows for c in cols] and breadth.breadth(3, 6) == 6
