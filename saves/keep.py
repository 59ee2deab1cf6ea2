"""What outlives a single run (achievements, a deck that carries over): one JSON file per game.

The files sit in a `keep/` folder beside the slots, written as carefully as a save (saves.atomic), and a
damaged or foreign one is reported in one line and never overwritten.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import msgspec

from saves.atomic import atomic_write
from saves.store import SaveError, read_bytes

FORMAT = "solo-keep"
SCHEMA = 1
_GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


class Keep(msgspec.Struct, kw_only=True):
    format: str = FORMAT
    schema: int = SCHEMA
    game: str
    data: dict[str, Any] = {}


class Keepsakes:
    """The keep files of one save folder."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root) / "keep"

    def path(self, game: str) -> Path:
        if not _GAME_ID.fullmatch(game):
            raise ValueError(f"not a game id: {game!r}")
        return self.root / f"{game}.json"

    def read(self, game: str) -> dict[str, Any]:
        """The game's kept data; {} when nothing is kept yet. SaveError for a damaged or foreign file."""
        path = self.path(game)
        if not path.exists():
            return {}
        keep = self._decode(path, read_bytes(path))
        if keep.game != game:
            raise SaveError(path, f"it keeps data for '{keep.game}', not '{game}'")
        return keep.data

    def write(self, game: str, data: dict[str, Any]) -> Path:
        """Replace the game's kept data atomically (the previous file stays as .bak)."""
        path = self.path(game)
        if path.exists():
            self.read(game)  # refuse to replace what we cannot read
        encoded = msgspec.json.format(msgspec.json.encode(Keep(game=game, data=data)), indent=2) + b"\n"
        try:
            atomic_write(
                path, encoded, verify=lambda b: self._decode(path, b), backup=path.with_suffix(".json.bak")
            )
        except OSError as error:
            raise SaveError(path, f"cannot write it ({error.strerror or error})") from error
        return path

    @staticmethod
    def _decode(path: Path, data: bytes) -> Keep:
        try:
            doc = msgspec.json.decode(data)
        except msgspec.DecodeError:
            raise SaveError(path, "not valid JSON (truncated or corrupted?)") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise SaveError(path, "not a file this program keeps")
        if not isinstance(doc.get("schema"), int) or doc["schema"] > SCHEMA:
            raise SaveError(path, f"written by a newer version of solo (schema {doc.get('schema')!r})")
        try:
            return msgspec.convert(doc, Keep)
        except msgspec.ValidationError as error:
            raise SaveError(path, f"field problem: {error}") from None
