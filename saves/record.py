"""The record of one run: enough to rebuild it (seed and keys) and to show it (state and log)."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from engines.core.events import Event
from saves.journal import Step
from saves.migrations import SCHEMA

FORMAT = "solo-save"
"""Written into every save so a stray JSON file is never mistaken for one."""


class Snapshot(msgspec.Struct, kw_only=True):
    """Everything a save file holds. format and schema come first so a person opening the file sees them."""

    format: str = FORMAT
    schema: int = SCHEMA
    game: str
    rules_version: str
    seed: int
    options: dict[str, str]
    seat: str
    keys: list[str]
    """Chosen option keys in order: replaying them from the seed rebuilds the state."""
    state: Any
    """The game's state as a JSON value: a Struct when writing, a plain dict when read back."""
    log: list[Event]
    """Engine events plus meta events such as kind "undo"."""
    status: str = "running"
    turn: int = 0
    created: str = ""
    updated: str = ""
    app_version: str = ""
    ironman: bool = False
    run: str = ""
    """The run's own id, made when it began: a save of another run is never written over this one."""
    automa: str = "normal"
    """The level the opposing seats play at (engines.core.levels); saves from before levels played 'normal'."""
    lesson: str = ""
    """The lesson this run plays ('' for a real game): a lesson's slot is marked so, and never counted in the
    player's record."""
    coached: list[tuple[str, int]] | None = None
    """A lesson's progress: each step its coach has said, in order, with how many keys the run held when it was
    said (solo/lesson.py), so a resumed lesson says none of them again. None in a real game's save, and in a
    lesson's from before it was kept (the coach then works it out again from the choices)."""
    seal: str | None = None
    """A digest of the fields the replay cannot check (ironman, status, turn, times...), so a hand edit of
    one of them is caught. None only in saves from before seals (schema 1)."""


class Record(Snapshot, kw_only=True):
    """A snapshot and the steps its slot's journal adds after it (saves/journal.py)."""

    journal: list[Step] = []
    """Never written into the snapshot file; read from the journal beside it, as far as it is whole."""
    journal_damage: str = ""
    """Why the journal's steps stop short of its end ("line 7 is damaged"); "" for a journal read whole."""
    journal_dropped: int = 0
    """How many of the journal's lines were not read (the damaged one and those after it)."""
    unsealed: bool = False
    """Read from a save of schema 1, which has no seal: the fields a seal covers cannot be checked, so the run
    plays on as an ironman run (solo.run), and nothing else it says is taken on trust."""

    def identity(self) -> str:
        """Which run this is: its id, or for saves from before ids, its game, seed and start time."""
        return self.run or f"{self.game}:{self.seed}:{self.created}"

    def latest(self) -> tuple[int, str, str]:
        """Turn, status and time of the last thing saved, the journal's last step included."""
        if self.journal:
            step = self.journal[-1]
            return step.turn, step.status, step.at or self.updated
        return self.turn, self.status, self.updated

    def expected_seal(self) -> str:
        return seal_of(self)


def seal_of(record: Snapshot) -> str:
    """The digest of every field that the replay does not check; keys are in it, state and log are not."""
    fields = [
        record.game,
        record.rules_version,
        record.seed,
        record.options,
        record.seat,
        record.keys,
        record.status,
        record.turn,
        record.created,
        record.updated,
        record.app_version,
        record.ironman,
        record.run,
    ]
    if record.automa != "normal":  # only then: a save from before levels keeps the seal it was written with
        fields.append(record.automa)
    if record.lesson:  # likewise: a save from before lessons keeps its seal
        fields.append(["lesson", record.lesson])
    if record.coached is not None:  # likewise: a save from before the lesson's progress was kept
        fields.append(["coached", record.coached])
    return hashlib.blake2b(msgspec.json.encode(fields), digest_size=16).hexdigest()


def snapshot_of(record: Snapshot) -> Snapshot:
    """The part of a record that goes into the snapshot file."""
    return Snapshot(**{name: getattr(record, name) for name in Snapshot.__struct_fields__})


def record_of(snapshot: Snapshot, journal: list[Step] | None = None) -> Record:
    fields = {name: getattr(snapshot, name) for name in Snapshot.__struct_fields__}
    return Record(**fields, journal=list(journal or []))
