"""Shared makers for the saves tests: a realistic record and a store in a fresh folder."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from engines.core.events import UNDO, Event
from saves import Record, SaveStore
from saves.codec import encode_record
from saves.record import seal_of


class Board(msgspec.Struct):
    """A stand-in for a game's state Struct: nested containers, as real states have."""

    turn: int
    tracks: dict[str, int]
    hand: list[str]
    zones: dict[str, dict[str, list[int]]]


def make_state(turn: int = 30) -> Board:
    return Board(
        turn=turn,
        tracks={"zombies": 4, "barricade": 2, "escape": 7},
        hand=["shotgun", "crowbar"],
        zones={"north": {"zombies": [1, 2], "walls": [0]}, "south": {"zombies": [], "walls": [3, 3]}},
    )


def make_log(events: int = 300) -> list[Event]:
    log = [
        Event(
            kind="roll" if i % 3 else "zombie",
            turn=i // 10,
            phase="main",
            facts={"die": i % 6 + 1, "zone": "north", "nested": {"list": [i, None, 1.5, "é"]}},
        )
        for i in range(events)
    ]
    log.insert(5, Event(kind=UNDO, turn=0, facts={"key": "roll"}))
    return log


@pytest.fixture
def make_record() -> Callable[..., Record]:
    def make(**changes: Any) -> Record:
        fields: dict[str, Any] = {
            "game": "escape-of-the-dead",
            "rules_version": "1.0",
            "seed": 123456789,
            "options": {"difficulty": "normal"},
            "seat": "survivor",
            "keys": [f"k{i}" for i in range(90)],
            "state": make_state(),
            "log": make_log(),
            "status": "running",
            "turn": 30,
            "app_version": "0.1.0",
            "run": "a-test-run",
        }
        fields.update(changes)
        return Record(**fields)

    return make


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "saves")


@pytest.fixture
def good_doc(make_record: Callable[..., Record]) -> dict[str, Any]:
    """A valid save as a plain JSON object, ready to be hand-edited into a damaged one."""
    when = "2024-01-01T00:00:00+00:00"
    record = make_record(log=make_log(3), created=when, updated=when)
    record.seal = seal_of(record)
    return json.loads(encode_record(record))
