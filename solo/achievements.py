"""Achievements across runs: which a finished run earned, recorded in the save folder's keep file.

A game offers them with two optional attributes: `achievements` (id -> text, in the rulebook's order) and
`earned(log)` (the ids a finished run's events earn). An achievement that takes several runs (Final Girl's
"defeat the Tormentor at five different locations") needs two more: `remember(log)` (what a finished run adds
to the long record, a dict of strings) and `earned_across(memories)` (the ids all recorded runs earn together),
and may add `progress(memories)` (id -> how far the records have come, and why it cannot complete where it
cannot), which `achievements` shows beside each such achievement not yet earned.
Recording a run twice (after a load, or an undo and a second ending) changes nothing: runs are counted once by
slot and start time.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from saves.keep import Earned, Keepsakes
from solo.run import Run

if TYPE_CHECKING:
    from engines.core.contract import Game
    from engines.core.events import Event


@runtime_checkable
class Sheet(Protocol):
    """A game's optional achievement members: its sheet and what a finished run earns of it."""

    @property
    def achievements(self) -> Mapping[str, str]: ...
    def earned(self, log: list[Event]) -> list[str]: ...


@runtime_checkable
class LongRecord(Protocol):
    """The optional members of a game with an achievement that takes several runs."""

    def remember(self, log: list[Event]) -> dict[str, str]: ...
    def earned_across(self, memories: list[dict[str, str]]) -> list[str]: ...


def sheet(game: Game) -> Sheet | None:
    """The game as one that offers achievements (a non-empty sheet and `earned`), or None."""
    return game if isinstance(game, Sheet) and game.achievements else None


def offered(run: Run) -> bool:
    return sheet(run.game) is not None


def texts(run: Run) -> Mapping[str, str]:
    """Every achievement of the run's game, id -> text ({} if it offers none)."""
    found = sheet(run.game)
    return found.achievements if found is not None else {}


def record(keep: Keepsakes, run: Run, slot: str) -> tuple[list[str], list[str]]:
    """(earned this run, earned for the first time) for a finished run; both empty if it is not finished."""
    game = sheet(run.game)
    if game is None or run.outcome() is None:
        return [], []
    with keep.locked(run.game.id):  # two runs ending at once both count
        data = keep.read(run.game.id)
        name = f"{slot}@{run.created}"
        earned = list(game.earned(run.log))
        if isinstance(game, LongRecord):
            data.memory[name] = game.remember(run.log)
            earned += [a for a in game.earned_across(list(data.memory.values())) if a not in earned]
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
    known = texts(run)
    far = getattr(run.game, "progress", None)  # the achievements that take several runs: how far, and why not
    toward = far(list(data.memory.values())) if far is not None else {}
    rows = [
        [text + (f" ({toward[a]})" if a in toward and a not in book else ""), book[a].first[:10] if a in book else "-"]
        for a, text in known.items()
    ]
    earned = sum(1 for a in known if a in book)  # an id this rules version no longer has is not counted
    won = sum(1 for result in data.runs.values() if result == "won")
    recorded = "1 finished run" if len(data.runs) == 1 else f"{len(data.runs)} finished runs"
    if getattr(run.game, "no_winner", ""):  # the rulebook names no winner: 'solo stats' keeps each night's counts
        return rows, f"{earned} of {len(rows)} earned; {recorded} recorded."
    return rows, f"{earned} of {len(rows)} earned; {recorded} recorded, {won} won."
