"""Achievements across runs: which a finished run earned, recorded in the save folder's keep file.

A game offers them with two optional attributes: `achievements` (id -> text, in the rulebook's order) and
`earned(log)` (the ids a finished run's events earn). An achievement that takes several runs (Final Girl's
"defeat the Tormentor at five different locations") needs two more: `remember(log)` (what a finished run adds
to the long record, a dict of strings) and `earned_across(memories)` (the ids all recorded runs earn together).
Recording a run twice (after a load, or an undo and a second ending) changes nothing: runs are counted once by
slot and start time.
"""

from __future__ import annotations

from datetime import UTC, datetime

from saves.keep import Earned, Keepsakes
from solo.run import Run


def offered(run: Run) -> bool:
    return bool(getattr(run.game, "achievements", None)) and hasattr(run.game, "earned")


def record(keep: Keepsakes, run: Run, slot: str) -> tuple[list[str], list[str]]:
    """(earned this run, earned for the first time) for a finished run; both empty if it is not finished."""
    if not offered(run) or run.outcome() is None:
        return [], []
    with keep.locked(run.game.id):  # two runs ending at once both count
        data = keep.read(run.game.id)
        name = f"{slot}@{run.created}"
        earned = list(run.game.earned(run.log))
        if hasattr(run.game, "remember") and hasattr(run.game, "earned_across"):
            data.memory[name] = run.game.remember(run.log)
            earned += [a for a in run.game.earned_across(list(data.memory.values())) if a not in earned]
        fresh = [a for a in earned if a not in data.achievements]
        when = datetime.now(UTC).isoformat(timespec="seconds")
        for a in fresh:
            data.achievements[a] = Earned(first=when, slot=slot)
        data.runs[name] = run.status()
        keep.write(run.game.id, data)
    return earned, fresh


def table(keep: Keepsakes, run: Run) -> tuple[list[list[str]], str]:
    """Rows (achievement, earned when) for every achievement of the game, and a line of run counts."""
    data = keep.read(run.game.id)
    book = data.achievements
    texts = run.game.achievements
    rows = [[text, book[a].first[:10] if a in book else "-"] for a, text in texts.items()]
    earned = sum(1 for a in texts if a in book)  # an id this rules version no longer has is not counted
    won = sum(1 for result in data.runs.values() if result == "won")
    recorded = "1 finished run" if len(data.runs) == 1 else f"{len(data.runs)} finished runs"
    return rows, f"{earned} of {len(rows)} earned; {recorded} recorded, {won} won."
