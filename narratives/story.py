"""A run's log told from its start, once: the tellings (an event, or a fold of several) and the grammar's memory.

The text of a position depends on what was told before it (rules avoid their recent options), so the log is
always walked from the beginning and every telling is kept. The log usually grows at the end: only the new
events are told, after the last telling is told again in case they extend its fold. After an undo the log
differs from some point on: the tellings from there are dropped and the memory is restored from the nearest
checkpoint, so narrating the log from any starting point reads the same as from the start.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING

import msgspec

from engines.core.events import Event
from narratives.grammar import History

if TYPE_CHECKING:
    from narratives.narrator import Narrator

CHECKPOINT = 32
"""Tellings between snapshots of the grammar's memory (the most replayed after an undo)."""


class Telling(msgspec.Struct, frozen=True):
    """log[start:stop] told as one: its heading, its prose, and its summary line for `brief` mode."""

    start: int
    stop: int
    title: str
    prose: str
    summary: str
    fold: str | None = None
    """The fold its first event belongs to, told alone or not: a telling the next events may join."""
    folded: bool = False
    """Whether the fold's own template told it (else its one event's)."""


class Story:
    """The memoized telling of one log (see the module doc): `update(log)` then read `tellings`."""

    __slots__ = ("_checkpoints", "_choices", "_events", "_stops", "narrator", "tellings")

    def __init__(self, narrator: Narrator):
        self.narrator = narrator
        self.tellings: list[Telling] = []
        self._stops: list[int] = []
        self._choices: list[list[tuple[str, int]]] = []  # the grammar's choices, one list per telling
        self._checkpoints: list[dict[str, tuple[int, ...]]] = []  # memory before telling k * CHECKPOINT
        self._events: list[Event] = []

    def update(self, log: Sequence[Event]) -> list[Telling]:
        """Tell what is new in `log` (or changed since the last call); the tellings of the whole log."""
        same = _common_prefix(self._events, log)
        if same == len(self._events) == len(log):
            return self.tellings
        keep = self._keep(same)
        history = self._restore(keep)
        del self.tellings[keep:], self._stops[keep:], self._choices[keep:]
        del self._checkpoints[keep // CHECKPOINT + 1 :]
        self._events = list(log)
        start = self.tellings[-1].stop if self.tellings else 0
        self.narrator.walking(True)
        try:
            for unit in self.narrator.units(log, start):
                if len(self.tellings) % CHECKPOINT == 0:
                    self._checkpoints[len(self.tellings) // CHECKPOINT :] = [history.snapshot()]
                telling = self.narrator.tell(log, unit, history)
                self.tellings.append(telling)
                self._stops.append(telling.stop)
                self._choices.append(history.take())
        finally:
            self.narrator.walking(False)
        return self.tellings

    def _keep(self, same: int) -> int:
        """How many tellings stand: those wholly before the first changed event, less the trailing ones of
        one fold, which the new events may join."""
        keep = bisect_right(self._stops, same)
        last = self.tellings[keep - 1].fold if keep else None
        while keep and last is not None and self.tellings[keep - 1].fold == last:
            keep -= 1
        return keep

    def _restore(self, keep: int) -> History:
        """The grammar's memory as it was before telling `keep`: a checkpoint, then the choices since."""
        if not self._checkpoints:
            return History()
        base = min(keep // CHECKPOINT, len(self._checkpoints) - 1)
        history = History(self._checkpoints[base])
        for choices in self._choices[base * CHECKPOINT : keep]:
            history.replay(choices)
        history.take()
        return history


def _common_prefix(kept: list[Event], log: Sequence[Event]) -> int:
    """How many leading events are the same (the same objects, almost always, so this is a pointer scan)."""
    n = min(len(kept), len(log))
    if kept[:n] == list(log[:n]):
        return n
    low, high = 0, n  # the first difference, by halving: equal prefixes compare at C speed
    while low < high:
        mid = (low + high) // 2
        if kept[: mid + 1] == list(log[: mid + 1]):
            low = mid + 1
        else:
            high = mid
    return low
