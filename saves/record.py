"""The record of one run: enough to rebuild it (seed and keys) and to show it (state and log)."""

from __future__ import annotations

from typing import Any

import msgspec

from engines.core.events import Event
from saves.migrations import SCHEMA

FORMAT = "solo-save"
"""Written into every save so a stray JSON file is never mistaken for one."""


class Record(msgspec.Struct, kw_only=True):
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
