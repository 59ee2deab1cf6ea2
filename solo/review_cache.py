"""The review's figures kept beside the save, so a second `review` of an unchanged run is instant and a run that
has only grown is weighed only where it is new.

One file a slot, `reviews/SLOT.json` in the save folder (the save itself is only read). Each decision's figures
are kept under a digest of everything they depend on: the game and its rules version, the run's seed, options
and seat, its keys up to and including the choice weighed, the race's budget and seed, and VERSION (raised when
the review's method changes). A file that cannot be read is treated as empty and written anew; one that cannot
be written costs only the time saved, and says so in one line.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import msgspec

from solo.run import Run

VERSION = 2
"""The review's method; figures kept under another are weighed again (2: a mistake is raced a second time)."""
FOLDER = "reviews"


class _File(msgspec.Struct):
    version: int
    entries: dict[str, Any]


class Cache:
    """The kept figures of one slot."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.entries: dict[str, Any] = {}
        self.problem = ""
        """One line on a file that could not be written, for the caller to show."""
        if path is None:
            return
        try:
            found = msgspec.json.decode(path.read_bytes(), type=_File)
        except (OSError, msgspec.DecodeError, msgspec.ValidationError):
            return
        if found.version == VERSION:
            self.entries = found.entries

    @staticmethod
    def key(run: Run, index: int, task: Any) -> str:
        data = [
            VERSION,
            run.game.id,
            run.game.rules_version,
            run.seed,
            sorted(run.options.items()),
            run.seat,
            run.keys[: index + 1],
            msgspec.to_builtins(task.race),
            task.seed,
        ]
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()

    def get(self, run: Run, index: int, task: Any) -> Any:
        from solo.review_search import Weighed

        found = self.entries.get(self.key(run, index, task))
        if found is None:
            return None
        try:
            return msgspec.convert(found, type=Weighed)
        except msgspec.ValidationError:
            return None

    def put_all(self, run: Run, weighed: dict[int, Any], tasks: dict[int, Any]) -> None:
        """Keep newly weighed decisions and write the file (atomically); nothing else in the folder is touched."""
        if self.path is None or not weighed:
            return
        for index, w in weighed.items():
            self.entries[self.key(run, index, tasks[index])] = msgspec.to_builtins(w)
        from saves.atomic import atomic_write

        try:
            atomic_write(self.path, msgspec.json.encode(_File(VERSION, self.entries)), mode=0o600)
        except OSError as error:
            self.problem = f"The review's figures could not be kept in {self.path} ({error.strerror or error})."


def for_slot(root: Path, slot: str) -> Cache:
    """The cache of a slot in a save folder."""
    return Cache(Path(root) / FOLDER / f"{slot}.json")
