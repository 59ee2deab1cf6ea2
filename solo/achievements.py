"""Achievements across runs: which a finished run earned, recorded in the save folder's keep file.

A game offers them with two optional attributes: `achievements` (id -> text, in the rulebook's order) and
`earned(log)` (the ids a finished run's events earn). Recording a run twice (after a load, or an undo and a
second ending) changes nothing: runs are counted once by slot and start time.
"""

from __future__ import annotations

from datetime import UTC, datetime

from saves import Keepsakes
from solo.run import Run


def offered(run: Run) -> bool:
    return bool(getattr(run.game, "achievements", None)) and hasattr(run.game, "earned")


def record(keep: Keepsakes, run: Run, slot: str) -> tuple[list[str], list[str]]:
    """(earned this run, earned for the first time) for a finished run; both empty if it is not finished."""
    if not offered(run) or run.outcome() is None:
        return [], []
    data = keep.read(run.game.id)
    earned = run.game.earned(run.log)
    book = data.setdefault("achievements", {})
    fresh = [a for a in earned if a not in book]
    when = datetime.now(UTC).isoformat(timespec="seconds")
    for a in fresh:
        book[a] = {"first": when, "slot": slot}
    data.setdefault("runs", {})[f"{slot}@{run.created}"] = run.status()
    keep.write(run.game.id, data)
    return earned, fresh


def table(keep: Keepsakes, run: Run) -> tuple[list[list[str]], str]:
    """Rows (achievement, earned when) for every achievement of the game, and a line of run counts."""
    data = keep.read(run.game.id)
    book = data.get("achievements", {})
    rows = [[text, book[a]["first"][:10] if a in book else "-"] for a, text in run.game.achievements.items()]
    runs = data.get("runs", {})
    won = sum(1 for result in runs.values() if result == "won")
    return rows, f"{len(book)} of {len(rows)} earned; {len(runs)} finished runs recorded, {won} won."
