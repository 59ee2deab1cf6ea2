"""What outlives a single run (achievements, a deck that carries over): one JSON file per game.

The files sit in a `keep/` folder beside the slots, written as carefully as a save (saves.atomic). Every part
of the file has a type (Kept below), so a damaged, foreign or hand-mangled one is refused when it is read, in
one line naming it, and is never overwritten.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Literal

import msgspec

from saves.atomic import atomic_write
from saves.lock import SlotBusy, acquire
from saves.store import SaveError, read_bytes
from saves.text import shorten, show

FORMAT = "solo-keep"
SCHEMA = 1
"""Every keep file any version has written has this shape. A change of shape bumps it and adds to _decode a
step that upgrades an older `doc` before the convert (as saves/migrations.py does for saves)."""
_GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")

_Date = Annotated[str, msgspec.Meta(pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}")]
"""An ISO date or time: the `achievements` table shows its first ten characters."""


class Earned(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """When an achievement was first earned, and in which slot."""

    first: _Date
    slot: str


class Carry(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What the last finished run left for the next: options a new run starts with (solo/carry.py)."""

    from_: str = msgspec.field(name="from")
    """The run (slot@created) that left them."""
    options: dict[str, str]


class Finished(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One finished run, as the record of a player's nights keeps it (solo/stats.py)."""

    slot: str
    result: Literal["won", "lost", "draw", "ended"]
    """For the person's seat ('ended': a night of a game whose rulebook names no winner, counted by its options).
    Nothing else is a result: an entry with another is refused, in one line, as a damaged keep file (`stats`
    would otherwise count a play that is no win, loss, draw or night)."""
    turns: int
    seat: str
    options: dict[str, str] = {}
    seed: int = 0
    ironman: bool = False
    started: _Date
    ended: _Date


class Kept(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A game's kept data. Unknown fields are refused rather than dropped by the next write."""

    achievements: dict[str, Earned] = {}
    """Achievement id -> when it was first earned."""
    runs: dict[str, str] = {}
    """Finished run (slot@created) -> its status ('won', 'lost', 'draw', 'ended')."""
    memory: dict[str, dict[str, str]] = {}
    """Finished run -> what it adds to the long record (a game's `remember(log)`)."""
    carried_from: list[str] = []
    """The runs whose carry has been stored, so none is stored twice."""
    carry: Carry | None = None
    finished: dict[str, Finished] = {}
    """Every finished run by its id, recorded once: loading, undoing or replaying it counts nothing again."""


class Keep(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The envelope: format and schema first, so a person opening the file sees what it is."""

    format: str = FORMAT
    schema: int = SCHEMA
    game: str
    data: Kept = msgspec.field(default_factory=Kept)


class Keepsakes:
    """The keep files of one save folder."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root) / "keep"

    def path(self, game: str) -> Path:
        if not _GAME_ID.fullmatch(game):
            raise ValueError(f"not a game id: {game!r}")
        return self.root / f"{game}.json"

    @contextlib.contextmanager
    def locked(self, game: str, wait: float = 5.0) -> Iterator[None]:
        """Hold the game's keep file while reading and writing it back, so that two runs ending at the same
        moment both count: the second waits (a moment) for the first. SaveError if it never frees up."""
        path = self.root / f".{self.path(game).stem}.lock"
        deadline = time.monotonic() + wait
        while True:
            try:
                held = acquire(path, game)
                break
            except SlotBusy:
                if time.monotonic() > deadline:
                    raise SaveError(self.path(game), "another solo is writing it; try again") from None
                time.sleep(0.02)
            except OSError as error:
                raise SaveError(path, f"cannot lock it ({error.strerror or error})") from None
        try:
            yield
        finally:
            held.release()

    def read(self, game: str) -> Kept:
        """The game's kept data; empty when nothing is kept yet. SaveError for a damaged or foreign file."""
        path = self.path(game)
        if not os.path.lexists(path):  # a dangling link is reported, not taken for "nothing kept"
            return Kept()
        keep = _decode(path, read_bytes(path))
        if keep.game != game:
            raise SaveError(path, f"it keeps data for {show(keep.game)}, not '{game}'")
        return keep.data

    def write(self, game: str, data: Kept) -> Path:
        """Replace the game's kept data atomically (the previous file stays as .bak).

        Refuses, leaving the file as it is, when what is there now does not read as this game's keep file.
        """
        path = self.path(game)
        if os.path.lexists(path):
            try:
                self.read(game)
            except SaveError as error:
                raise SaveError(path, f"will not overwrite it, {error.problem}") from None
        try:
            encoded = msgspec.json.format(msgspec.json.encode(Keep(game=game, data=data)), indent=2) + b"\n"
        except (msgspec.EncodeError, TypeError, ValueError, OverflowError) as error:
            raise SaveError(
                path, f"the kept data cannot be encoded (a bug; please report it): {error}"
            ) from None

        def verify(written: bytes) -> None:
            if written != encoded:
                raise SaveError(path, "the file read back differs from what was written (failing disk?)")
            _decode(path, written)  # what we write must be what we can read

        try:
            atomic_write(path, encoded, verify=verify, backup=path.with_suffix(".json.bak"))
        except OSError as error:
            raise SaveError(path, f"cannot write it ({error.strerror or error})") from error
        return path


def _decode(path: Path, data: bytes) -> Keep:
    """Check and convert the bytes of a keep file, or raise SaveError saying in one line what is wrong."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # a byte order mark left by an editor is harmless
    try:
        doc = msgspec.json.decode(data)
    except msgspec.DecodeError:
        raise SaveError(path, "not valid JSON (truncated or corrupted?)") from None
    except RecursionError:
        raise SaveError(path, "not a file this program keeps (JSON nested too deeply)") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(path, "not a file this program keeps")
    schema = doc.get("schema")
    if type(schema) is not int or schema < 1:
        found = "missing" if "schema" not in doc else f"found {show(schema)}"
        raise SaveError(path, f"the schema version is not a positive integer ({found})")
    if schema > SCHEMA:
        newer = f"schema {schema}; this one reads up to {SCHEMA}"
        raise SaveError(path, f"written by a newer version of solo ({newer})")
    try:
        return msgspec.convert(doc, Keep)
    except msgspec.ValidationError as error:
        raise SaveError(path, f"field problem: {shorten(str(error), 200)}") from None  # a huge key: one line
    except RecursionError:
        raise SaveError(path, "field problem: nested too deeply") from None
