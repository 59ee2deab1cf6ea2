"""Escape From Tall Oaks' choice keys, built and read back here only (the strings are what saves hold, unchanged).

A key is a verb and an argument (engines.mixtape.keys.Key): "go:<node>", "heal:<card>", "scuffle:<seat>",
"spend:<card>x<tokens>,..." (or "spend:none"), "drop:<card>" / "drop:task:<n>", "task:take" / "task:swap:<card>" /
"task:leave", "traitor:<seat>:<act>[:<card or task>]"; the plain start-of-turn choices are bare verbs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from engines.mixtape.keys import Key, join

__all__ = [
    "Key",
    "Traitor",
    "drop",
    "drop_task",
    "go",
    "heal",
    "join",
    "scuffle",
    "spend",
    "spent",
    "start",
]

NO = "no"
"""The argument of a refusal: "scuffle:no", "redraw:no"."""
TASK = "task"
"""The first part of a dropped or stolen Task's argument ("drop:task:2", "traitor:survivor2:task:2")."""


def start(point: str) -> str:
    return join("start", point)


def go(node: str) -> str:
    return join("go", node)


def heal(card: str) -> str:
    return join("heal", card)


def scuffle(seat: str) -> str:
    return join("scuffle", seat)


def spend_arg(chosen: Mapping[str, int]) -> str:
    """A spend's argument: "<card>x<tokens>" joined by commas, or "none"."""
    return ",".join(f"{c}x{n}" for c, n in chosen.items()) or "none"


def spend(chosen: Mapping[str, int]) -> str:
    return join("spend", spend_arg(chosen))


def spent(argument: str) -> dict[str, int]:
    """A spend's argument read back as card -> tokens."""
    if argument == "none":
        return {}
    return {c: int(n) for c, n in (part.rsplit("x", 1) for part in argument.split(","))}


def drop(card: str) -> str:
    return join("drop", card)


def drop_task(task: int) -> str:
    return join("drop", TASK, task)


def dropped_task(argument: str) -> int:
    """The Task number a drop's argument lets go of, or 0 when it drops a card."""
    head, _, n = argument.partition(":")
    return int(n) if head == TASK else 0


def task_swap(card: str) -> str:
    return join("task", "swap", card)


class Traitor(NamedTuple):
    """A Traitor card's use: on whom (a seat), how ("start", "rescue", "supply", "task") and what (card or Task)."""

    seat: str
    act: str
    item: str = ""

    @classmethod
    def parse(cls, argument: str) -> Traitor:
        seat, act, *item = argument.split(":")
        return cls(seat, act, item[0] if item else "")

    def key(self) -> str:
        return join("traitor", self.seat, self.act, *((self.item,) if self.item else ()))
